//! Merging two records of one person, whichever clubs they come from, and undoing it.
//!
//! Everything of the dropped record moves to the kept one in one transaction: her
//! memberships (player rows) take the kept person; where both have a membership of
//! the same club, the two rows of that club become one (the club-level merge of
//! [`super::people::merge_players`], which moves games, entrants and pairs by name);
//! championship entrants that name her by code or licence name the kept person; her
//! licence and year of birth move when the kept record has none. Ratings and circuits
//! are computed from history per person, so they follow by themselves. The dropped
//! record stays with `merged_into` set, and one audit row holds what undoing needs
//! and the games each was rated on in each game before the merge.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDateTime;
use serde::Serialize;

use super::people::{self, Change, PeopleError};
use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::person_merge::{
    JoinedRows, MergeError, MovedRow, Record, SlotChange, Taken, Who, audit_row, file_of,
    files_naming, people_of, pick, rated_games, record_of, refused, set_birth_year, set_initials,
    set_licence, set_person, shared_clubs, undone, widen, write_file,
};
use crate::db::register;
use crate::domain::person_merge::renamed_entrant;
use crate::domain::rating::Config;
use crate::domain::refusal::MergeFault;

impl From<PeopleError> for MergeError {
    fn from(e: PeopleError) -> Self {
        match e {
            PeopleError::NotFound => MergeError::NotFound,
            PeopleError::Refused(fault) => MergeError::Refused(MergeFault::People(fault)),
            PeopleError::Db(e) => MergeError::Db(e),
        }
    }
}

/// What a merge did, counted (for the page it leads to and the audit's after).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Merged {
    pub memberships: usize,
    pub joined: usize,
    pub entrants: usize,
    pub championships: usize,
}

/// Merges person `drop` into `keep` (see the module's documentation), audited as
/// `merge` of `person` `keep` by `actor` at `at`.
pub fn merge(
    conn: &mut DbConn,
    keep: i32,
    drop: i32,
    actor: &str,
    at: NaiveDateTime,
) -> Result<Merged, MergeError> {
    crate::db::write_tx(conn, |conn| {
        let (k, d) = pick(conn, keep, drop)?;
        // What each was rated on, in each game, before her history moves.
        let ratings = crate::db::ratings::compute(conn, Config::default())?;
        let rated = rated_games(&ratings, keep, drop);
        let mut clubs = register::memberships_of(conn, &[keep, drop])?;
        let km = clubs.remove(&keep).unwrap_or_default();
        let dm = clubs.remove(&drop).unwrap_or_default();
        let mut joined = Vec::new();
        for (kr, ds) in shared_clubs(&km, &dm) {
            let ch = Change {
                club_id: kr.club_id,
                actor,
                at,
            };
            for dr in ds {
                let moved = people::merge_players(conn, &ch, kr.player_id, dr.player_id)?;
                widen(conn, kr, dr)?;
                joined.push(JoinedRows {
                    club: kr.club_id,
                    club_name: kr.club.clone(),
                    kept_player: kr.player_id,
                    kept_name: kr.name.clone(),
                    merged_player: dr.player_id,
                    merged_name: dr.name.clone(),
                    moved: serde_json::to_value(moved).unwrap_or_default(),
                });
            }
        }
        let joined_ids: BTreeSet<i32> = joined.iter().map(|j| j.merged_player).collect();
        let memberships: Vec<MovedRow> = dm
            .iter()
            .filter(|m| !joined_ids.contains(&m.player_id))
            .map(|m| MovedRow {
                player: m.player_id,
                club: m.club_id,
                club_name: m.club.clone(),
                name: m.name.clone(),
            })
            .collect();
        let rows: Vec<i32> = memberships.iter().map(|m| m.player).collect();
        set_person(conn, &rows, keep)?;
        let Taken {
            licence,
            birth_year,
            initials_only,
        } = Taken::of(&k, &d);
        // A licence is unique: the dropped record lets go of it first.
        if let Some(l) = &licence {
            set_licence(conn, drop, None)?;
            set_licence(conn, keep, Some(l))?;
        }
        if birth_year.is_some() {
            set_birth_year(conn, drop, None)?;
            set_birth_year(conn, keep, birth_year)?;
        }
        if initials_only {
            set_initials(conn, keep, true)?;
        }
        let licence_now = k.licence.clone().or_else(|| licence.clone());
        let mut entrants = Vec::new();
        let files = files_naming(conn, &k, &d)?;
        for mut f in files {
            for (i, j) in &f.slots {
                let Some(e) = f.file.entrants.get_mut(*i) else {
                    continue;
                };
                let Some(p) = e.people.get_mut(*j) else {
                    continue;
                };
                let before = p.clone();
                *p = renamed_entrant(&before, (&k.name, &k.code), licence_now.as_deref());
                entrants.push(SlotChange {
                    championship_id: f.championship_id,
                    championship: f.name.clone(),
                    entrant: e.id.clone(),
                    slot: *j,
                    before,
                    after: p.clone(),
                });
            }
            write_file(conn, f.championship_id, &f.file)?;
        }
        register::set_merged_into(conn, drop, Some(keep))?;
        let merged = Merged {
            memberships: memberships.len(),
            joined: joined.len(),
            entrants: entrants.len(),
            championships: entrants
                .iter()
                .map(|s| s.championship_id)
                .collect::<BTreeSet<_>>()
                .len(),
        };
        let record = Record {
            kept: Who::of(&k),
            merged: Who::of(&d),
            memberships,
            joined,
            entrants,
            licence,
            birth_year,
            initials_only,
            rated,
        };
        let before = serde_json::to_string(&record).unwrap_or_default();
        let after = serde_json::json!({ "id": keep, "name": k.name, "moved": merged });
        accounts::insert_audit(
            conn,
            &NewAudit::new(
                (actor, at),
                "merge",
                ("person", keep),
                (None, None),
                (Some(before), Some(after.to_string())),
            ),
        )?;
        Ok(merged)
    })
}

/// Undoes the person merge of audit row `audit_id`: the memberships, the
/// championship entrants, the licence, the year of birth go back, and the dropped
/// record lives again; audited as `unmerge`. Refused when something changed since
/// in a way that would make it unsafe, and when two rows of one club were made one
/// (that cannot be split again: which games were whose is lost). Returns
/// (kept, dropped).
pub fn undo(
    conn: &mut DbConn,
    audit_id: i32,
    actor: &str,
    at: NaiveDateTime,
) -> Result<(i32, i32), MergeError> {
    crate::db::write_tx(conn, |conn| {
        let row = audit_row(conn, audit_id)?.ok_or(MergeError::NotFound)?;
        let record = record_of(&row).ok_or(MergeError::NotFound)?;
        if undone(conn, row.entity_id, audit_id)? {
            return Err(refused(MergeFault::UndoDone));
        }
        if !record.joined.is_empty() {
            let clubs = record.joined.iter().map(|j| j.club_name.clone()).collect();
            return Err(refused(MergeFault::UndoJoined(clubs)));
        }
        let (keep, drop) = (record.kept.id, record.merged.id);
        let k = register::find(conn, keep)?.ok_or(MergeError::NotFound)?;
        let d = register::find(conn, drop)?.ok_or(MergeError::NotFound)?;
        if d.merged_into != Some(keep) {
            return Err(refused(MergeFault::UndoPerson(d.name)));
        }
        // Every membership moved is still the kept person's.
        let rows: Vec<i32> = record.memberships.iter().map(|m| m.player).collect();
        let now = people_of(conn, &rows)?;
        for m in &record.memberships {
            if now.get(&m.player) != Some(&keep) {
                return Err(refused(MergeFault::UndoMembership(m.club_name.clone())));
            }
        }
        if let Some(l) = &record.licence {
            if k.licence.as_ref() != Some(l) {
                return Err(refused(MergeFault::UndoLicence(k.name)));
            }
            set_licence(conn, keep, None)?;
            set_licence(conn, drop, Some(l))?;
        }
        if let Some(y) = record.birth_year {
            if k.birth_year == Some(y) {
                set_birth_year(conn, keep, None)?;
            }
            set_birth_year(conn, drop, Some(y))?;
        }
        if record.initials_only && k.initials_only != 0 {
            set_initials(conn, keep, false)?;
        }
        set_person(conn, &rows, drop)?;
        let mut by_championship: BTreeMap<i32, Vec<&SlotChange>> = BTreeMap::new();
        for s in &record.entrants {
            by_championship
                .entry(s.championship_id)
                .or_default()
                .push(s);
        }
        for (championship_id, slots) in by_championship {
            let changed = || refused(MergeFault::UndoChampionship(slots[0].championship.clone()));
            let mut file = file_of(conn, championship_id)?.ok_or_else(changed)?;
            for s in &slots {
                let place = file
                    .entrants
                    .iter_mut()
                    .find(|e| e.id == s.entrant)
                    .and_then(|e| e.people.get_mut(s.slot))
                    .filter(|p| **p == s.after)
                    .ok_or_else(changed)?;
                *place = s.before.clone();
            }
            write_file(conn, championship_id, &file)?;
        }
        register::set_merged_into(conn, drop, None)?;
        let before = serde_json::json!({ "kept": record.kept, "merged": record.merged });
        let after = serde_json::json!({
            "merge": audit_id,
            "memberships": rows.len(),
            "entrants": record.entrants.len(),
        });
        accounts::insert_audit(
            conn,
            &NewAudit::new(
                (actor, at),
                "unmerge",
                ("person", keep),
                (None, None),
                (Some(before.to_string()), Some(after.to_string())),
            ),
        )?;
        Ok((keep, drop))
    })
}
