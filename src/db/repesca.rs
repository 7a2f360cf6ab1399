//! A championship's played repesca: after its liguillas, knockouts among the
//! non-qualified who meet the organiser's rule, one per place to fill, each stored as
//! a bracket of the championship (seeding [`store::REPESCA_SEEDING`] or another
//! [`store::repesca_seeding`]) with its tables; their
//! champions then join the knockout of the group qualifiers ([`knockout_of`]). Or a
//! liguilla among them, a championship of its own ([`liguilla`]), whose best join it.

use crate::domain::refusal::Refusal;
use chrono::NaiveDateTime;

use super::DbConn;
use super::brackets::{self, NewBracket};
use super::championship::liguilla;
use super::championship::store::{self as store, ChangeError, Tournament};
use super::championship::tables::open_bracket_tables;
use crate::domain::bracket::{Bracket, EntrantId, single_elimination};
use crate::domain::tournament::qualify::{
    self, GroupFill, KnockoutShape, Qualify, RepescaEntry, RepescaError, RepescaRule,
};
use crate::domain::tournament::{self, TournamentFile};

fn corrupt(e: impl std::fmt::Display) -> diesel::result::Error {
    diesel::result::Error::DeserializationError(format!("repesca: {e}").into())
}

/// What the organiser chose for a played repesca.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepescaPlan {
    /// Qualifiers per liguilla straight to the knockout.
    pub per_group: usize,
    pub rule: RepescaRule,
    /// Places it fills (one knockout each); `None`: up to a power of two.
    pub places: Option<usize>,
    /// Where its winners enter the knockout.
    pub entry: RepescaEntry,
}

/// Refuses while a round lacks a result.
pub fn rounds_complete(t: &Tournament) -> Result<(), ChangeError> {
    if let Some(r) = t
        .file
        .rounds
        .iter()
        .find(|r| !r.missing_results().is_empty())
    {
        return Err(ChangeError::Pairing(
            tournament::PairingError::RoundIncomplete {
                round: r.number,
                tables: r.missing_results(),
            },
        ));
    }
    Ok(())
}

/// Checks that championship `t` may form the played repesca `plan` now (its rounds
/// all played, no phase and no repesca yet, the winners' seeds one per place): the
/// pairs it admits, best first, and the places it fills.
pub fn repesca_may_start(
    conn: &mut DbConn,
    t: &Tournament,
    plan: &RepescaPlan,
) -> Result<(Vec<String>, usize), ChangeError> {
    rounds_complete(t)?;
    let id = t.championship.id;
    if t.file.rounds.is_empty()
        || !brackets::brackets_of_championship(conn, id)?.is_empty()
        || liguilla::of_championship(conn, id)?.is_some()
    {
        return Err(ChangeError::Refused(Refusal::RepescaWhen));
    }
    let eligible = qualify::repesca_entrants(&t.file, plan.per_group, plan.rule);
    let places = plan
        .places
        .unwrap_or_else(|| qualify::repesca_places_to_fill(&t.file, plan.per_group));
    if let RepescaEntry::Seeds { seeds } = &plan.entry {
        // One named seed per place, each a seed of the knockout to come.
        let size = qualify::group_qualifiers(&t.file, plan.per_group) + places;
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if seeds.len() != places
            || distinct.len() != seeds.len()
            || seeds.iter().any(|&s| s == 0 || s as usize > size)
        {
            return Err(ChangeError::Refused(Refusal::RepescaSeeds(places)));
        }
    }
    Ok((eligible, places))
}

/// Forms the played repesca of championship `championship_id` after its liguillas: one
/// knockout per place (named `name`, numbered when there are several), seeded by the
/// standings, with tables for its first matches. Returns the brackets' ids.
#[allow(clippy::too_many_arguments)]
pub fn create_repesca(
    conn: &mut DbConn,
    championship_id: i32,
    name: &str,
    plan: RepescaPlan,
    actor: &str,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> Result<Vec<i32>, ChangeError> {
    super::write_tx(conn, |conn| {
        store::touch(conn, championship_id)?;
        let t = store::load(conn, championship_id)?.ok_or(ChangeError::NotFound)?;
        let (eligible, places) = repesca_may_start(conn, &t, &plan)?;
        let seeding = store::repesca_seeding(&plan.entry);
        let pods = qualify::repesca_pods(&eligible, places).map_err(|e| match e {
            RepescaError::NoPlaces => ChangeError::Refused(Refusal::RepescaNoPlaces),
            RepescaError::TooFew(n, _) => ChangeError::Refused(Refusal::RepescaTooFew(n)),
        })?;
        let mut ids = Vec::new();
        for (k, pod) in pods.iter().enumerate() {
            let seeds: Vec<EntrantId> = (0..pod.len() as u32).map(EntrantId).collect();
            let bracket = single_elimination(&seeds, false)
                .map_err(|e| ChangeError::Refused(Refusal::Knockout(e.to_string())))?;
            let names: Vec<String> = pod
                .iter()
                .map(|id| store::entrant_name(&t.file, id))
                .collect();
            let title = if pods.len() > 1 {
                format!("{name} {}", k + 1)
            } else {
                name.to_owned()
            };
            let made = serde_json::json!({"repesca": {"per_group": plan.per_group,
                "rule": plan.rule, "places": places, "entry": plan.entry},
                "entrants": names, "bracket": bracket});
            let phase = (title.as_str(), seeding.as_str(), made);
            let id = open_phase(conn, &t, phase, &names, &bracket, actor, now, pins)?;
            ids.push(id);
        }
        Ok(ids)
    })
}

/// Stores knockout phase `bracket` of championship `t` (entrants `names`, by the
/// bracket's numbering) as a bracket linked to it, audited with `made`, and opens
/// tables for its first matches. `phase`: its name, seeding and audit. Returns its id.
#[allow(clippy::too_many_arguments)]
pub fn open_phase(
    conn: &mut DbConn,
    t: &Tournament,
    (name, seeding, made): (&str, &str, serde_json::Value),
    names: &[String],
    bracket: &Bracket,
    actor: &str,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> Result<i32, ChangeError> {
    let entrants = serde_json::to_string(names).map_err(corrupt)?;
    let document = serde_json::to_string(bracket).map_err(corrupt)?;
    let new = NewBracket {
        club_id: t.championship.club_id,
        championship_id: Some(t.championship.id),
        name,
        game: t.file.championship.game.slug(),
        entrants: &entrants,
        document: &document,
        seeding,
        paper: "a4",
        created_by: actor,
        created_at: now,
        updated_at: now,
    };
    let id = brackets::insert_audited(conn, &new, "create", made.to_string())?;
    open_bracket_tables(conn, t, id, bracket, names, actor, now, pins)?;
    store::write_status(conn, t.championship.id, &t.file)?;
    Ok(id)
}

/// The champions of championship `championship_id`'s played repesca, as ids of `file`; `None`
/// while one of its knockouts is unfinished (or there is none).
pub fn repesca_winners(
    conn: &mut DbConn,
    championship_id: i32,
    file: &TournamentFile,
) -> diesel::QueryResult<Option<Vec<String>>> {
    if let Some(l) = liguilla::load(conn, championship_id)? {
        return Ok(l.best);
    }
    let rows: Vec<_> = brackets::brackets_of_championship(conn, championship_id)?
        .into_iter()
        .filter(|r| store::is_repesca(&r.seeding))
        .collect();
    if rows.is_empty() {
        return Ok(None);
    }
    let mut winners = Vec::new();
    for row in rows {
        let names: Vec<String> = serde_json::from_str(&row.entrants).map_err(corrupt)?;
        let bracket: Bracket = serde_json::from_str(&row.document).map_err(corrupt)?;
        let Some(champion) = bracket.champion() else {
            return Ok(None);
        };
        let name = names.get(champion.0 as usize);
        let Some(id) = file
            .entrants
            .iter()
            .find(|e| Some(&e.name) == name)
            .map(|e| e.id.clone())
        else {
            return Ok(None);
        };
        winners.push(id);
    }
    Ok(Some(winners))
}

/// Where the winners of championship `championship_id`'s played repesca enter the
/// knockout (the lowest seeds when it has none).
pub fn repesca_entry_of(
    conn: &mut DbConn,
    championship_id: i32,
) -> diesel::QueryResult<RepescaEntry> {
    if let Some(l) = liguilla::of_championship(conn, championship_id)? {
        return Ok(l.entry());
    }
    Ok(brackets::brackets_of_championship(conn, championship_id)?
        .into_iter()
        .find(|r| store::is_repesca(&r.seeding))
        .map_or(RepescaEntry::Lowest, |r| store::repesca_entry(&r.seeding)))
}

/// The entrants (ids, in the bracket's numbering) and bracket of a knockout phase
/// seeded from the standings of `t`'s rounds, with the winners of its played repesca
/// when `qualify_by` asks for them.
pub fn knockout_of(
    conn: &mut DbConn,
    t: &Tournament,
    qualify_by: Qualify,
    shape: KnockoutShape,
) -> Result<(Vec<String>, Bracket), ChangeError> {
    let refused = |e: crate::domain::bracket::BracketError| {
        ChangeError::Refused(Refusal::Knockout(e.to_string()))
    };
    match (qualify_by, shape) {
        (
            Qualify::PerGroup {
                per_group,
                fill: GroupFill::Played,
            },
            KnockoutShape::Single { third_place },
        ) => {
            let winners = repesca_winners(conn, t.championship.id, &t.file)?
                .ok_or(ChangeError::Refused(Refusal::RepescaUnfinished))?;
            let entry = repesca_entry_of(conn, t.championship.id)?;
            qualify::knockout_with_repesca_at(&t.file, per_group, &winners, third_place, &entry)
                .map_err(refused)
        }
        _ => qualify::knockout_from_standings(&t.file, qualify_by, shape).map_err(refused),
    }
}
