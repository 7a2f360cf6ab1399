//! The changes to a club's people: renaming, merging, retiring and reactivating
//! players and pairs, adding and changing pairs. Games, championships and knockout
//! brackets name their players and entrants by name, so a rename or a merge rewrites
//! those names too; every change runs in one transaction and writes the audit.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::QueryResult;

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::people::{self, Kind, NameLists, Named};
use crate::db::queries::{self, NewPair};
use crate::db::register;
use crate::domain::refusal::PeopleFault;
use crate::domain::renames::{entrants_renamed, renamed_in};

/// Why a change to a club's people was not made.
#[derive(Debug)]
pub enum PeopleError {
    /// No such player or pair in this club.
    NotFound,
    /// The change is not allowed; the fault says why.
    Refused(PeopleFault),
    Db(diesel::result::Error),
}

impl From<diesel::result::Error> for PeopleError {
    fn from(e: diesel::result::Error) -> PeopleError {
        if accounts::is_unique_violation(&e) {
            PeopleError::Refused(PeopleFault::NameTaken)
        } else {
            PeopleError::Db(e)
        }
    }
}

fn refused<T>(fault: PeopleFault) -> Result<T, PeopleError> {
    Err(PeopleError::Refused(fault))
}

/// Who changes, when, in which club.
pub struct Change<'a> {
    pub club_id: i32,
    pub actor: &'a str,
    pub at: NaiveDateTime,
}

/// How many records of each kind a rename or merge rewrote.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Moved {
    pub pairs: usize,
    pub games: usize,
    pub championships: usize,
    pub brackets: usize,
}

fn audit(
    conn: &mut DbConn,
    ch: &Change,
    (action, entity, id): (&str, &str, i32),
    before: serde_json::Value,
    after: serde_json::Value,
) -> QueryResult<usize> {
    accounts::insert_audit(
        conn,
        &NewAudit::new(
            (ch.actor, ch.at),
            action,
            (entity, id),
            (Some(ch.club_id), None),
            (Some(before.to_string()), Some(after.to_string())),
        ),
    )
}

/// Replaces the name `from` by `to` everywhere a club's records name a player or
/// entrant: the seats of its games, the entrants of its championships and of its
/// knockout brackets. Refused when one record already names both (the same person
/// would sit twice at one game or enter one championship twice).
fn rename_everywhere(
    conn: &mut DbConn,
    club: i32,
    from: &str,
    to: &str,
    moved: &mut Moved,
) -> Result<(), PeopleError> {
    if from == to {
        return Ok(());
    }
    moved.games += rename_in(conn, NameLists::GameSeats, club, (from, to))?;
    for (championship_id, document) in people::championships(conn, club)? {
        match entrants_renamed(&document, from, to) {
            None => continue,
            Some(Err(_)) => return refused(PeopleFault::MergeSameChampionship),
            Some(Ok(document)) => people::write_championship(conn, championship_id, &document)?,
        };
        moved.championships += 1;
    }
    moved.brackets += rename_in(conn, NameLists::BracketEntrants, club, (from, to))?;
    Ok(())
}

/// Renames `from` to `to` in every list of the club: how many records changed.
/// Refused when one list names both (one person would sit twice at a game, or enter
/// a bracket twice).
fn rename_in(
    conn: &mut DbConn,
    lists: NameLists,
    club: i32,
    (from, to): (&str, &str),
) -> Result<usize, PeopleError> {
    let mut changed = 0;
    for (id, list) in lists.load(conn, club)? {
        let list = match renamed_in(&list, from, to) {
            None => continue,
            Some(Err(_)) => {
                return refused(match lists {
                    NameLists::GameSeats => PeopleFault::MergeSameGame,
                    NameLists::BracketEntrants => PeopleFault::MergeSameChampionship,
                });
            }
            Some(Ok(list)) => list,
        };
        lists.write(conn, id, list)?;
        changed += 1;
    }
    Ok(changed)
}

/// The club's player or pair `id`.
fn find(conn: &mut DbConn, kind: Kind, ch: &Change, id: i32) -> Result<Named, PeopleError> {
    kind.find(conn, ch.club_id, id)?
        .ok_or(PeopleError::NotFound)
}

/// Merges `drop` into `keep`, two players or two pairs: `first` moves what only
/// that kind has, then the club's games, championships and brackets name `keep`,
/// and `drop` goes.
fn merge(
    conn: &mut DbConn,
    ch: &Change,
    kind: Kind,
    (keep, drop): (i32, i32),
    first: impl FnOnce(&mut DbConn, &mut Moved) -> Result<(), PeopleError>,
) -> Result<Moved, PeopleError> {
    if keep == drop {
        return refused(PeopleFault::MergeItself);
    }
    crate::db::write_tx(conn, |conn| {
        let k = find(conn, kind, ch, keep)?;
        let d = find(conn, kind, ch, drop)?;
        let mut moved = Moved::default();
        first(conn, &mut moved)?;
        rename_everywhere(conn, ch.club_id, &d.name, &k.name, &mut moved)?;
        kind.delete(conn, drop)?;
        if let (Some(from), Some(into)) = (d.person_id, k.person_id) {
            register::absorb_if_alone(conn, from, into)?;
        }
        audit(
            conn,
            ch,
            ("merge", kind.entity(), keep),
            serde_json::json!({ "kept": { "id": keep, "name": k.name },
                                "merged": { "id": drop, "name": d.name } }),
            serde_json::json!({ "id": keep, "name": k.name, "moved": moved }),
        )?;
        Ok(moved)
    })
}

/// Marks a player or a pair as no longer playing (`true`; a player's membership
/// ends on `left_on`, else that day) or playing again.
pub fn set_retired(
    conn: &mut DbConn,
    ch: &Change,
    kind: Kind,
    id: i32,
    (retired, left_on): (bool, Option<NaiveDate>),
) -> Result<(), PeopleError> {
    crate::db::write_tx(conn, |conn| {
        let p = find(conn, kind, ch, id)?;
        kind.set_retired_at(conn, id, retired.then_some(ch.at), left_on)?;
        let mut after = serde_json::json!({ "name": p.name, "active": !retired });
        if let (true, Some(day)) = (retired, left_on) {
            after["left_on"] = serde_json::json!(day);
        }
        audit(
            conn,
            ch,
            (
                if retired { "retire" } else { "reactivate" },
                kind.entity(),
                id,
            ),
            serde_json::json!({ "name": p.name, "active": p.retired_at.is_none() }),
            after,
        )?;
        Ok(())
    })
}

/// Renames a player; the club's games, championships and brackets follow.
pub fn rename_player(
    conn: &mut DbConn,
    ch: &Change,
    id: i32,
    name: &str,
) -> Result<Moved, PeopleError> {
    crate::db::write_tx(conn, |conn| {
        let p = people::find_player(conn, ch.club_id, id)?.ok_or(PeopleError::NotFound)?;
        let mut moved = Moved::default();
        if p.name == name {
            return Ok(moved);
        }
        people::set_player_name(conn, id, name)?;
        register::rename(conn, p.person_id, name)?;
        rename_everywhere(conn, ch.club_id, &p.name, name, &mut moved)?;
        audit(
            conn,
            ch,
            ("update", "player", id),
            serde_json::json!({ "name": p.name }),
            serde_json::json!({ "name": name, "moved": moved }),
        )?;
        Ok(moved)
    })
}

/// Merges player `drop` into `keep`: the pairs of `drop` take `keep`, the club's
/// games, championships and brackets name `keep`, and `drop` goes.
pub fn merge_players(
    conn: &mut DbConn,
    ch: &Change,
    keep: i32,
    drop: i32,
) -> Result<Moved, PeopleError> {
    merge(conn, ch, Kind::Player, (keep, drop), |conn, moved| {
        if people::share_a_pair(conn, keep, drop)? {
            return refused(PeopleFault::MergeSamePair);
        }
        moved.pairs += people::move_pairs(conn, drop, keep)?;
        Ok(())
    })
}

/// Checks the two players of a pair: different, both of the club.
fn check_pair_players(conn: &mut DbConn, club: i32, p1: i32, p2: i32) -> Result<(), PeopleError> {
    if p1 == p2 {
        return refused(PeopleFault::PairSamePlayer);
    }
    for p in [p1, p2] {
        if people::find_player(conn, club, p)?.is_none() {
            return refused(PeopleFault::PairBadPlayer);
        }
    }
    Ok(())
}

/// Adds a pair of two players of the club.
pub fn add_pair(
    conn: &mut DbConn,
    ch: &Change,
    name: &str,
    p1: i32,
    p2: i32,
) -> Result<i32, PeopleError> {
    crate::db::write_tx(conn, |conn| {
        check_pair_players(conn, ch.club_id, p1, p2)?;
        let id = queries::insert_pair(
            conn,
            &NewPair {
                club_id: ch.club_id,
                name,
                player1_id: p1,
                player2_id: p2,
                created_at: ch.at,
            },
        )?;
        audit(
            conn,
            ch,
            ("create", "pair", id),
            serde_json::Value::Null,
            serde_json::json!({ "name": name, "players": [p1, p2] }),
        )?;
        Ok(id)
    })
}

/// Renames a pair (its championships and brackets follow) and, while it has played
/// nothing, changes its two players.
pub fn update_pair(
    conn: &mut DbConn,
    ch: &Change,
    id: i32,
    name: &str,
    p1: i32,
    p2: i32,
) -> Result<Moved, PeopleError> {
    crate::db::write_tx(conn, |conn| {
        let p = people::find_pair(conn, ch.club_id, id)?.ok_or(PeopleError::NotFound)?;
        let same_players = (p.player1_id, p.player2_id) == (p1, p2);
        if !same_players {
            if people::pair_has_played(conn, &p)? {
                return refused(PeopleFault::PairPlayed);
            }
            check_pair_players(conn, ch.club_id, p1, p2)?;
        }
        let mut moved = Moved::default();
        people::set_pair(conn, id, name, (p1, p2))?;
        rename_everywhere(conn, ch.club_id, &p.name, name, &mut moved)?;
        audit(
            conn,
            ch,
            ("update", "pair", id),
            serde_json::json!({ "name": p.name, "players": [p.player1_id, p.player2_id] }),
            serde_json::json!({ "name": name, "players": [p1, p2], "moved": moved }),
        )?;
        Ok(moved)
    })
}

/// Merges pair `drop` into `keep`: the club's championships and brackets name
/// `keep`, and `drop` goes.
pub fn merge_pairs(
    conn: &mut DbConn,
    ch: &Change,
    keep: i32,
    drop: i32,
) -> Result<Moved, PeopleError> {
    merge(conn, ch, Kind::Pair, (keep, drop), |_, _| Ok(()))
}
