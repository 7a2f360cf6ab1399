//! Merging two records of one person, whichever clubs they come from, in the store:
//! the two people checked ([`pick`]), what a merge would move ([`preview`]), the
//! championship files that name the dropped one ([`files_naming`]), the rows a merge
//! and its undoing write, and the audit rows that keep what undoing needs ([`Record`]).
//! The merge and its undoing, each in one transaction, are
//! [`crate::service::person_merge`]; the rules they follow are
//! [`crate::domain::person_merge`].

use std::collections::{BTreeMap, BTreeSet};

use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use super::DbConn;
use super::accounts::AuditEntry;
use super::ratings::Ratings;
use super::register::{self, Candidate, Membership, Person};
use super::rows::LoadOne;
use super::schema::{
    audit_log, championship_documents, circuits, games, pairs, people as people_t, players,
};
use crate::domain::GameKind;
use crate::domain::person_merge::{self as rules, Known};
use crate::domain::rating::Config;
use crate::domain::refusal::MergeFault;
use crate::domain::tournament::{EntrantPerson, TournamentFile};

/// Why a merge or its undoing was not made.
#[derive(Debug)]
pub enum MergeError {
    /// No such person, or no such merge.
    NotFound,
    /// Not allowed; the fault says why and names what (a person, a club, a
    /// championship).
    Refused(MergeFault),
    Db(diesel::result::Error),
}

impl From<diesel::result::Error> for MergeError {
    fn from(e: diesel::result::Error) -> Self {
        MergeError::Db(e)
    }
}

pub fn refused(fault: MergeFault) -> MergeError {
    MergeError::Refused(fault)
}

/// A person as the audit row names her.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Who {
    pub id: i32,
    pub name: String,
    pub code: String,
}

impl Who {
    pub fn of(p: &Person) -> Who {
        Who {
            id: p.id,
            name: p.name.clone(),
            code: p.code.clone(),
        }
    }
}

/// A membership that moved to the kept person (its row had `person_id` = dropped).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MovedRow {
    pub player: i32,
    pub club: i32,
    pub club_name: String,
    pub name: String,
}

/// Two rows of one club made one by the club-level merge (not undoable).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JoinedRows {
    pub club: i32,
    pub club_name: String,
    pub kept_player: i32,
    pub kept_name: String,
    pub merged_player: i32,
    pub merged_name: String,
    /// What that merge rewrote (pairs, games, championships, brackets).
    pub moved: serde_json::Value,
}

/// One person of one championship entrant, rewritten from the dropped to the kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SlotChange {
    #[serde(rename = "event")]
    pub championship_id: i32,
    pub championship: String,
    /// The entrant's id in the championship's file.
    pub entrant: String,
    /// Which of its people (0-based).
    pub slot: usize,
    pub before: EntrantPerson,
    pub after: EntrantPerson,
}

/// What a merge did, as its audit row keeps it: everything undoing needs.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Record {
    pub kept: Who,
    pub merged: Who,
    pub memberships: Vec<MovedRow>,
    pub joined: Vec<JoinedRows>,
    pub entrants: Vec<SlotChange>,
    /// The licence that moved from the dropped record to the kept one.
    pub licence: Option<String>,
    /// The year of birth that moved.
    pub birth_year: Option<i32>,
    /// Whether the kept person took the dropped one's wish to be shown by initials.
    #[serde(default)]
    pub initials_only: bool,
    /// The rated games of each, in each game either had a history in, as they were
    /// before the merge.
    #[serde(default)]
    pub rated: Vec<RatedGames>,
}

/// The rated games and rating periods of the two people of a merge in one game:
/// what the merge adds to the kept one's history in that game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedGames {
    /// The game's slug.
    pub game: String,
    /// The kept person's (games, periods) rated in it.
    pub kept: (u32, usize),
    /// The dropped person's (games, periods) rated in it.
    pub merged: (u32, usize),
}

/// In each game either of `keep` and `drop` has a history in, in the games' order,
/// the games and periods each was rated on.
pub fn rated_games(ratings: &Ratings, keep: i32, drop: i32) -> Vec<RatedGames> {
    let (k, d) = (ratings.rated_in(keep), ratings.rated_in(drop));
    let mut games: Vec<GameKind> = k.iter().chain(&d).map(|(g, _, _)| *g).collect();
    games.sort();
    games.dedup();
    let of = |list: &[(GameKind, u32, usize)], game: GameKind| {
        list.iter()
            .find(|(g, _, _)| *g == game)
            .map_or((0, 0), |(_, n, periods)| (*n, *periods))
    };
    games
        .into_iter()
        .map(|game| RatedGames {
            game: game.slug().to_owned(),
            kept: of(&k, game),
            merged: of(&d, game),
        })
        .collect()
}

/// What the kept person takes of the dropped one's own fields: the licence and the
/// year of birth where her record has none, and the wish to be shown by initials.
pub struct Taken {
    pub licence: Option<String>,
    pub birth_year: Option<i32>,
    pub initials_only: bool,
}

impl Taken {
    pub fn of(keep: &Person, drop: &Person) -> Taken {
        Taken {
            licence: drop.licence.clone().filter(|_| keep.licence.is_none()),
            birth_year: drop.birth_year.filter(|_| keep.birth_year.is_none()),
            initials_only: drop.initials_only != 0 && keep.initials_only == 0,
        }
    }
}

/// Everything that moves, for the confirmation page.
#[derive(Debug, Clone)]
pub struct Preview {
    pub keep: Candidate,
    pub drop: Candidate,
    /// The dropped person's memberships that move as they are.
    pub moving: Vec<Membership>,
    /// Clubs where both have a membership: (club, kept row's name, dropped row's name).
    pub joined: Vec<(String, String, String)>,
    /// The pairs the dropped person plays in.
    pub pairs: Vec<String>,
    /// Club games with a seat of hers.
    pub games: usize,
    /// The championships she entered (by name or by code or licence).
    pub championships: Vec<String>,
    /// Of those, the ones whose file names her by code or licence (rewritten).
    pub rewritten: Vec<String>,
    /// The rated games of each, in each game either has a history in.
    pub rated: Vec<RatedGames>,
    /// The circuits she has a line in.
    pub circuits: Vec<String>,
    pub licence: Option<String>,
    pub birth_year: Option<i32>,
    pub initials_only: bool,
}

/// Every person not merged away, with her clubs, sorted by name (the pickers).
pub fn everyone(conn: &mut DbConn) -> QueryResult<Vec<Candidate>> {
    let found = register::everyone(conn)?;
    let ids: Vec<i32> = found.iter().map(|p| p.id).collect();
    let mut clubs = register::memberships_of(conn, &ids)?;
    let mut out: Vec<Candidate> = found
        .into_iter()
        .map(|person| Candidate {
            clubs: clubs.remove(&person.id).unwrap_or_default(),
            person,
        })
        .collect();
    crate::domain::names::sort_by_name(&mut out, |c| &c.person.name);
    Ok(out)
}

/// The two people of a merge, checked: two, both there, neither merged away.
pub fn pick(conn: &mut DbConn, keep: i32, drop: i32) -> Result<(Person, Person), MergeError> {
    if keep == drop {
        return Err(refused(MergeFault::Itself));
    }
    let k = register::find(conn, keep)?.ok_or(MergeError::NotFound)?;
    let d = register::find(conn, drop)?.ok_or(MergeError::NotFound)?;
    for (p, dropped) in [(&d, true), (&k, false)] {
        if p.merged_into.is_some() {
            let now = register::live(conn, p.id)?
                .map(|l| l.name)
                .unwrap_or_default();
            let name = p.name.clone();
            return Err(refused(if dropped {
                MergeFault::DropGone { name, now }
            } else {
                MergeFault::KeepGone { name, now }
            }));
        }
    }
    Ok((k, d))
}

/// A championship whose file names the dropped person: its championship id, name, file and
/// the (entrant index, person index) of each place naming her.
pub struct Naming {
    pub championship_id: i32,
    pub name: String,
    pub file: TournamentFile,
    pub slots: Vec<(usize, usize)>,
}

/// A person as a championship's file may name her.
fn known(p: &Person) -> Known<'_> {
    Known {
        code: &p.code,
        licence: p.licence.as_deref(),
    }
}

/// The championships whose files name `drop` by code or licence. Refused when one
/// also names `keep`: then they played in one championship, two people.
pub fn files_naming(
    conn: &mut DbConn,
    keep: &Person,
    drop: &Person,
) -> Result<Vec<Naming>, MergeError> {
    let mut query = championship_documents::table
        .select((
            championship_documents::championship_id,
            championship_documents::document,
        ))
        .into_boxed();
    // A code is written as it is; a licence may be written with blanks or in lower
    // case, so with a licence every file is read.
    if drop.licence.is_none() {
        query = query.filter(championship_documents::document.like(format!("%{}%", drop.code)));
    }
    let rows: Vec<(i32, String)> = query
        .order(championship_documents::championship_id)
        .load(conn)?;
    let codes: BTreeSet<String> = people_t::table
        .select(people_t::code)
        .load(conn)?
        .into_iter()
        .collect();
    let mut out = Vec::new();
    for (championship_id, document) in rows {
        let Ok(file) = serde_json::from_str::<TournamentFile>(&document) else {
            continue;
        };
        let Ok(slots) = rules::places_naming(&file.entrants, known(keep), known(drop), &codes)
        else {
            return Err(refused(MergeFault::SameChampionship(
                file.championship.name.clone(),
            )));
        };
        if slots.is_empty() {
            continue;
        }
        out.push(Naming {
            championship_id,
            name: file.championship.name.clone(),
            file,
            slots,
        });
    }
    Ok(out)
}

/// The club-level merges a person merge makes: for each club where both have a
/// membership, (keep's row, drop's rows there).
pub fn shared_clubs<'a>(
    keep: &'a [Membership],
    drop: &'a [Membership],
) -> Vec<(&'a Membership, Vec<&'a Membership>)> {
    let kept: Vec<(i32, bool)> = keep.iter().map(|m| (m.club_id, m.current())).collect();
    let dropped: Vec<i32> = drop.iter().map(|m| m.club_id).collect();
    rules::shared_clubs(&kept, &dropped)
        .into_iter()
        .filter_map(|(k, ds)| {
            Some((
                keep.get(k)?,
                ds.iter().filter_map(|d| drop.get(*d)).collect(),
            ))
        })
        .collect()
}

/// What a merge of `drop` into `keep` would move, without moving it.
pub fn preview(conn: &mut DbConn, keep: i32, drop: i32) -> Result<Preview, MergeError> {
    let (k, d) = pick(conn, keep, drop)?;
    let mut clubs = register::memberships_of(conn, &[keep, drop])?;
    let km = clubs.remove(&keep).unwrap_or_default();
    let dm = clubs.remove(&drop).unwrap_or_default();
    let shared = shared_clubs(&km, &dm);
    let joined_ids: BTreeSet<i32> = shared
        .iter()
        .flat_map(|(_, ds)| ds.iter().map(|m| m.player_id))
        .collect();
    let joined = shared
        .iter()
        .flat_map(|(kr, ds)| {
            ds.iter()
                .map(|dr| (kr.club.clone(), kr.name.clone(), dr.name.clone()))
        })
        .collect();
    let moving = dm
        .iter()
        .filter(|m| !joined_ids.contains(&m.player_id))
        .cloned()
        .collect();
    let rows: Vec<i32> = dm.iter().map(|m| m.player_id).collect();
    let pairs: Vec<String> = pairs::table
        .filter(
            pairs::player1_id
                .eq_any(&rows)
                .or(pairs::player2_id.eq_any(&rows)),
        )
        .select(pairs::name)
        .order(pairs::id)
        .load(conn)?;
    let club_ids: Vec<i32> = dm.iter().map(|m| m.club_id).collect();
    let seats: Vec<(i32, String)> = games::table
        .filter(games::club_id.eq_any(&club_ids))
        .select((games::club_id, games::seats))
        .load(conn)?;
    let games = seats
        .iter()
        .filter(|(club, list)| {
            let names: Vec<String> = serde_json::from_str(list).unwrap_or_default();
            dm.iter()
                .any(|m| m.club_id == *club && names.contains(&m.name))
        })
        .count();
    let files = files_naming(conn, &k, &d)?;
    let rewritten: Vec<String> = files.iter().map(|f| f.name.clone()).collect();
    let ratings = super::ratings::compute(conn, Config::default())?;
    let mut championships: Vec<String> = Vec::new();
    for c in ratings
        .championships
        .iter()
        .filter(|c| c.players.contains(&drop))
    {
        if !championships.contains(&c.championship) {
            championships.push(c.championship.clone());
        }
    }
    for name in &rewritten {
        if !championships.contains(name) {
            championships.push(name.clone());
        }
    }
    let circuits = circuits_with(conn, drop)?;
    let Taken {
        licence,
        birth_year,
        initials_only,
    } = Taken::of(&k, &d);
    Ok(Preview {
        licence,
        birth_year,
        initials_only,
        keep: Candidate {
            person: k,
            clubs: km.clone(),
        },
        drop: Candidate {
            person: d,
            clubs: dm.clone(),
        },
        moving,
        joined,
        pairs,
        games,
        championships,
        rewritten,
        rated: rated_games(&ratings, keep, drop),
        circuits,
    })
}

/// The circuits in whose standings person `id` has a line, by name.
fn circuits_with(conn: &mut DbConn, id: i32) -> QueryResult<Vec<String>> {
    let ids: Vec<i32> = circuits::table
        .select(circuits::id)
        .order(circuits::id)
        .load(conn)?;
    let mut out = Vec::new();
    for c in ids {
        let Some(circuit) = super::circuits::find(conn, c)? else {
            continue;
        };
        let standings = super::circuits::standings(conn, &circuit)?;
        if standings.players.iter().any(|r| r.key == id) {
            out.push(circuit.name);
        }
    }
    Ok(out)
}

pub fn set_person(conn: &mut DbConn, rows: &[i32], person: i32) -> QueryResult<usize> {
    diesel::update(players::table.filter(players::id.eq_any(rows)))
        .set(players::person_id.eq(person))
        .execute(conn)
}

pub fn set_licence(conn: &mut DbConn, id: i32, licence: Option<&str>) -> QueryResult<usize> {
    diesel::update(people_t::table.find(id))
        .set(people_t::licence.eq(licence))
        .execute(conn)
}

pub fn set_birth_year(conn: &mut DbConn, id: i32, year: Option<i32>) -> QueryResult<usize> {
    diesel::update(people_t::table.find(id))
        .set(people_t::birth_year.eq(year))
        .execute(conn)
}

pub fn set_initials(conn: &mut DbConn, id: i32, on: bool) -> QueryResult<usize> {
    diesel::update(people_t::table.find(id))
        .set(people_t::initials_only.eq(i32::from(on)))
        .execute(conn)
}

/// Writes a championship's file back, counting one more change to it (its pages'
/// cache key moves).
pub fn write_file(
    conn: &mut DbConn,
    championship_id: i32,
    file: &TournamentFile,
) -> QueryResult<usize> {
    let document = serde_json::to_string(file)
        .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
    super::people::write_championship(conn, championship_id, &document)
}

/// The kept row of a club-level merge spans both memberships: from the earlier
/// start to the later end (still running when either is).
pub fn widen(conn: &mut DbConn, kept: &Membership, merged: &Membership) -> QueryResult<usize> {
    let (joined_on, left_on) = rules::widened(
        (kept.joined_on, kept.left_on),
        (merged.joined_on, merged.left_on),
    );
    diesel::update(players::table.find(kept.player_id))
        .set((
            players::joined_on.eq(joined_on),
            players::left_on.eq(left_on),
        ))
        .execute(conn)
}

/// The audit rows about people (merges and their undoing), newest first.
pub fn audit(conn: &mut DbConn) -> QueryResult<Vec<AuditEntry>> {
    audit_log::table
        .filter(audit_log::entity.eq("person"))
        .select(AuditEntry::as_select())
        .order(audit_log::id.desc())
        .load(conn)
}

pub fn audit_row(conn: &mut DbConn, id: i32) -> QueryResult<Option<AuditEntry>> {
    audit_log::table
        .find(id)
        .select(AuditEntry::as_select())
        .load_one(conn)
}

/// The merge an `unmerge` row undid.
pub fn undid(e: &AuditEntry) -> Option<i32> {
    let after: serde_json::Value = serde_json::from_str(e.after_json.as_deref()?).ok()?;
    after["merge"].as_i64().and_then(|n| i32::try_from(n).ok())
}

/// A merge's record, when the row is a person merge.
pub fn record_of(e: &AuditEntry) -> Option<Record> {
    if (e.entity.as_str(), e.action.as_str()) != ("person", "merge") {
        return None;
    }
    serde_json::from_str(e.before_json.as_deref()?).ok()
}

/// The person merges of `entries` that may still be undone: not undone yet, and
/// with no two rows of one club made one.
pub fn undoable(entries: &[AuditEntry]) -> BTreeSet<i32> {
    let done: BTreeSet<i32> = entries
        .iter()
        .filter(|e| e.entity == "person" && e.action == "unmerge")
        .filter_map(undid)
        .collect();
    entries
        .iter()
        .filter(|e| !done.contains(&e.id))
        .filter(|e| record_of(e).is_some_and(|r| r.joined.is_empty()))
        .map(|e| e.id)
        .collect()
}

/// Whether merge `audit_id` (of kept person `kept`) has been undone.
pub fn undone(conn: &mut DbConn, kept: i32, audit_id: i32) -> QueryResult<bool> {
    Ok(audit_log::table
        .filter(audit_log::entity.eq("person"))
        .filter(audit_log::action.eq("unmerge"))
        .filter(audit_log::entity_id.eq(kept))
        .select(AuditEntry::as_select())
        .load(conn)?
        .iter()
        .any(|e| undid(e) == Some(audit_id)))
}

/// The person of each of player rows `rows`.
pub fn people_of(conn: &mut DbConn, rows: &[i32]) -> QueryResult<BTreeMap<i32, i32>> {
    Ok(players::table
        .filter(players::id.eq_any(rows))
        .select((players::id, players::person_id))
        .load(conn)?
        .into_iter()
        .collect())
}

/// The file of championship `championship_id`, when it has one that reads.
pub fn file_of(conn: &mut DbConn, championship_id: i32) -> QueryResult<Option<TournamentFile>> {
    let document: Option<String> = championship_documents::table
        .find(championship_id)
        .select(championship_documents::document)
        .load_one(conn)?;
    Ok(document.and_then(|d| serde_json::from_str::<TournamentFile>(&d).ok()))
}
