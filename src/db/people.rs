//! A club's people: adding, renaming, merging, retiring and reactivating players and
//! pairs. Games, championships and knockout brackets name their players and entrants
//! by name, so a rename or a merge rewrites those names too; every change runs in one
//! transaction and writes the audit.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConn;
use super::accounts::{self, NewAudit};
use super::queries::{self, NewPair, Pair, Player};
use super::rows::LoadOne;
use super::schema::{brackets, championship_documents, championships, games, pairs, players};
use crate::domain::refusal::PeopleFault;

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
    action: &str,
    entity: &str,
    id: i32,
    before: serde_json::Value,
    after: serde_json::Value,
) -> QueryResult<usize> {
    accounts::insert_audit(
        conn,
        &NewAudit {
            at: ch.at,
            actor: ch.actor,
            action,
            entity,
            entity_id: id,
            club_id: Some(ch.club_id),
            championship_id: None,
            before_json: Some(before.to_string()),
            after_json: Some(after.to_string()),
        },
    )
}

pub fn find_player(conn: &mut DbConn, club: i32, id: i32) -> QueryResult<Option<Player>> {
    players::table
        .find(id)
        .filter(players::club_id.eq(club))
        .select(Player::as_select())
        .load_one(conn)
}

pub fn find_pair(conn: &mut DbConn, club: i32, id: i32) -> QueryResult<Option<Pair>> {
    pairs::table
        .find(id)
        .filter(pairs::club_id.eq(club))
        .select(Pair::as_select())
        .load_one(conn)
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
    moved.games += NameLists::GameSeats.rename(conn, club, from, to)?;
    for (championship_id, document) in championships(conn, club)? {
        let Ok(mut doc) = serde_json::from_str::<serde_json::Value>(&document) else {
            continue;
        };
        let Some(entrants) = doc.get_mut("entrants").and_then(|e| e.as_array_mut()) else {
            continue;
        };
        let named =
            |e: &serde_json::Value, n: &str| e.get("name").and_then(|x| x.as_str()) == Some(n);
        if !entrants.iter().any(|e| named(e, from)) {
            continue;
        }
        if entrants.iter().any(|e| named(e, to)) {
            return Err(PeopleError::Refused(PeopleFault::MergeSameChampionship));
        }
        for e in entrants.iter_mut().filter(|e| named(e, from)) {
            e["name"] = serde_json::Value::from(to);
        }
        diesel::update(championship_documents::table.find(championship_id))
            .set((
                championship_documents::document.eq(doc.to_string()),
                championship_documents::changes.eq(championship_documents::changes + 1),
            ))
            .execute(conn)?;
        moved.championships += 1;
    }
    moved.brackets += NameLists::BracketEntrants.rename(conn, club, from, to)?;
    Ok(())
}

/// The championships of a club: each one's championship id and document.
fn championships(conn: &mut DbConn, club: i32) -> QueryResult<Vec<(i32, String)>> {
    championship_documents::table
        .inner_join(championships::table)
        .filter(championships::club_id.eq(club))
        .filter(championships::deleted_at.is_null())
        .select((
            championship_documents::championship_id,
            championship_documents::document,
        ))
        .load(conn)
}

/// The records of a club that name players or pairs in a stored JSON list of
/// names: the seats of its games, the entrants of its knockout brackets.
#[derive(Debug, Clone, Copy)]
enum NameLists {
    GameSeats,
    BracketEntrants,
}

impl NameLists {
    /// Each record of the club: its id and its list.
    fn load(self, conn: &mut DbConn, club: i32) -> QueryResult<Vec<(i32, String)>> {
        match self {
            NameLists::GameSeats => games::table
                .filter(games::club_id.eq(club))
                .select((games::id, games::seats))
                .load(conn),
            NameLists::BracketEntrants => brackets::table
                .filter(brackets::club_id.eq(club))
                .select((brackets::id, brackets::entrants))
                .load(conn),
        }
    }

    /// Rewrites the list of record `id`, counting one more version of the record.
    fn write(self, conn: &mut DbConn, id: i32, list: String) -> QueryResult<usize> {
        match self {
            NameLists::GameSeats => diesel::update(games::table.find(id))
                .set((games::seats.eq(list), games::version.eq(games::version + 1)))
                .execute(conn),
            NameLists::BracketEntrants => diesel::update(brackets::table.find(id))
                .set((
                    brackets::entrants.eq(list),
                    brackets::version.eq(brackets::version + 1),
                ))
                .execute(conn),
        }
    }

    /// Why a rename is refused when one list names both (one person would sit
    /// twice at a game, or enter a bracket twice).
    fn refusal(self) -> PeopleFault {
        match self {
            NameLists::GameSeats => PeopleFault::MergeSameGame,
            NameLists::BracketEntrants => PeopleFault::MergeSameChampionship,
        }
    }

    /// Renames `from` to `to` in every list of the club: how many records changed.
    fn rename(
        self,
        conn: &mut DbConn,
        club: i32,
        from: &str,
        to: &str,
    ) -> Result<usize, PeopleError> {
        let mut changed = 0;
        for (id, list) in self.load(conn, club)? {
            let list = match renamed_in(&list, from, to) {
                None => continue,
                Some(Err(())) => return Err(PeopleError::Refused(self.refusal())),
                Some(Ok(list)) => list,
            };
            self.write(conn, id, list)?;
            changed += 1;
        }
        Ok(changed)
    }
}

/// A stored JSON list of names with `from` renamed `to`: `None` when `from` is not in
/// it (or it is not such a list), `Err` when `to` is in it already.
fn renamed_in(list: &str, from: &str, to: &str) -> Option<Result<String, ()>> {
    let mut names = serde_json::from_str::<Vec<String>>(list).ok()?;
    if !names.iter().any(|n| n == from) {
        return None;
    }
    if names.iter().any(|n| n == to) {
        return Some(Err(()));
    }
    for n in names.iter_mut().filter(|n| *n == from) {
        *n = to.to_owned();
    }
    Some(Ok(
        serde_json::to_string(&names).unwrap_or_else(|_| list.to_owned())
    ))
}

/// Whether a club's records name a pair: as an entrant of a championship or bracket,
/// or by both its players seated at one game.
pub fn pair_has_played(conn: &mut DbConn, pair: &Pair) -> QueryResult<bool> {
    let p1 = find_player(conn, pair.club_id, pair.player1_id)?.map(|p| p.name);
    let p2 = find_player(conn, pair.club_id, pair.player2_id)?.map(|p| p.name);
    let names_in = |list: &str| serde_json::from_str::<Vec<String>>(list).unwrap_or_default();
    let seats = NameLists::GameSeats.load(conn, pair.club_id)?;
    if let (Some(a), Some(b)) = (p1, p2) {
        let both = seats.iter().any(|(_, s)| {
            let names = names_in(s);
            names.contains(&a) && names.contains(&b)
        });
        if both {
            return Ok(true);
        }
    }
    let docs = championships(conn, pair.club_id)?;
    let in_doc = docs.iter().any(|(_, d)| {
        serde_json::from_str::<serde_json::Value>(d)
            .ok()
            .and_then(|v| v.get("entrants").and_then(|e| e.as_array()).cloned())
            .is_some_and(|es| {
                es.iter()
                    .any(|e| e.get("name").and_then(|n| n.as_str()) == Some(&pair.name))
            })
    });
    if in_doc {
        return Ok(true);
    }
    let lists = NameLists::BracketEntrants.load(conn, pair.club_id)?;
    Ok(lists.iter().any(|(_, l)| names_in(l).contains(&pair.name)))
}

/// Players or pairs: a merge or a retirement treats both alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Player,
    Pair,
}

/// What a merge or a retirement reads of a player or a pair.
struct Named {
    name: String,
    retired_at: Option<NaiveDateTime>,
    /// A player's person.
    person_id: Option<i32>,
}

impl Kind {
    /// The entity its audit rows name.
    fn entity(self) -> &'static str {
        match self {
            Kind::Player => "player",
            Kind::Pair => "pair",
        }
    }

    /// The club's player or pair `id`.
    fn find(self, conn: &mut DbConn, ch: &Change, id: i32) -> Result<Named, PeopleError> {
        let found = match self {
            Kind::Player => find_player(conn, ch.club_id, id)?
                .map(|p| (p.name, p.retired_at, Some(p.person_id))),
            Kind::Pair => find_pair(conn, ch.club_id, id)?.map(|p| (p.name, p.retired_at, None)),
        };
        let (name, retired_at, person_id) = found.ok_or(PeopleError::NotFound)?;
        Ok(Named {
            name,
            retired_at,
            person_id,
        })
    }

    fn delete(self, conn: &mut DbConn, id: i32) -> QueryResult<usize> {
        match self {
            Kind::Player => diesel::delete(players::table.find(id)).execute(conn),
            Kind::Pair => diesel::delete(pairs::table.find(id)).execute(conn),
        }
    }

    fn set_retired_at(
        self,
        conn: &mut DbConn,
        id: i32,
        at: Option<NaiveDateTime>,
        left_on: Option<NaiveDate>,
    ) -> QueryResult<usize> {
        match self {
            // A player who stops playing for the club ends her membership that day
            // (or the day given).
            Kind::Player => diesel::update(players::table.find(id))
                .set((
                    players::retired_at.eq(at),
                    players::left_on.eq(at.map(|t| left_on.unwrap_or(t.date()))),
                ))
                .execute(conn),
            Kind::Pair => diesel::update(pairs::table.find(id))
                .set(pairs::retired_at.eq(at))
                .execute(conn),
        }
    }
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
        return Err(PeopleError::Refused(PeopleFault::MergeItself));
    }
    super::write_tx(conn, |conn| {
        let k = kind.find(conn, ch, keep)?;
        let d = kind.find(conn, ch, drop)?;
        let mut moved = Moved::default();
        first(conn, &mut moved)?;
        rename_everywhere(conn, ch.club_id, &d.name, &k.name, &mut moved)?;
        kind.delete(conn, drop)?;
        if let (Some(from), Some(into)) = (d.person_id, k.person_id) {
            super::register::absorb_if_alone(conn, from, into)?;
        }
        audit(
            conn,
            ch,
            "merge",
            kind.entity(),
            keep,
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
    super::write_tx(conn, |conn| {
        let p = kind.find(conn, ch, id)?;
        kind.set_retired_at(conn, id, retired.then_some(ch.at), left_on)?;
        let mut after = serde_json::json!({ "name": p.name, "active": !retired });
        if let (true, Some(day)) = (retired, left_on) {
            after["left_on"] = serde_json::json!(day);
        }
        audit(
            conn,
            ch,
            if retired { "retire" } else { "reactivate" },
            kind.entity(),
            id,
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
    super::write_tx(conn, |conn| {
        let p = find_player(conn, ch.club_id, id)?.ok_or(PeopleError::NotFound)?;
        let mut moved = Moved::default();
        if p.name == name {
            return Ok(moved);
        }
        diesel::update(players::table.find(id))
            .set(players::name.eq(name))
            .execute(conn)?;
        super::register::rename(conn, p.person_id, name)?;
        rename_everywhere(conn, ch.club_id, &p.name, name, &mut moved)?;
        audit(
            conn,
            ch,
            "update",
            "player",
            id,
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
        let shared: i64 = pairs::table
            .filter(
                (pairs::player1_id.eq(keep).and(pairs::player2_id.eq(drop)))
                    .or(pairs::player1_id.eq(drop).and(pairs::player2_id.eq(keep))),
            )
            .count()
            .get_result(conn)?;
        if shared > 0 {
            return Err(PeopleError::Refused(PeopleFault::MergeSamePair));
        }
        moved.pairs += diesel::update(pairs::table.filter(pairs::player1_id.eq(drop)))
            .set(pairs::player1_id.eq(keep))
            .execute(conn)?;
        moved.pairs += diesel::update(pairs::table.filter(pairs::player2_id.eq(drop)))
            .set(pairs::player2_id.eq(keep))
            .execute(conn)?;
        Ok(())
    })
}

/// Checks the two players of a pair: different, both of the club.
fn check_pair_players(conn: &mut DbConn, club: i32, p1: i32, p2: i32) -> Result<(), PeopleError> {
    if p1 == p2 {
        return Err(PeopleError::Refused(PeopleFault::PairSamePlayer));
    }
    for p in [p1, p2] {
        if find_player(conn, club, p)?.is_none() {
            return Err(PeopleError::Refused(PeopleFault::PairBadPlayer));
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
    super::write_tx(conn, |conn| {
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
            "create",
            "pair",
            id,
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
    super::write_tx(conn, |conn| {
        let p = find_pair(conn, ch.club_id, id)?.ok_or(PeopleError::NotFound)?;
        let same_players = (p.player1_id, p.player2_id) == (p1, p2);
        if !same_players {
            if pair_has_played(conn, &p)? {
                return Err(PeopleError::Refused(PeopleFault::PairPlayed));
            }
            check_pair_players(conn, ch.club_id, p1, p2)?;
        }
        let mut moved = Moved::default();
        diesel::update(pairs::table.find(id))
            .set((
                pairs::name.eq(name),
                pairs::player1_id.eq(p1),
                pairs::player2_id.eq(p2),
            ))
            .execute(conn)?;
        rename_everywhere(conn, ch.club_id, &p.name, name, &mut moved)?;
        audit(
            conn,
            ch,
            "update",
            "pair",
            id,
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

/// Every player and pair of every club, with the club's name (for search).
pub fn everyone(conn: &mut DbConn) -> QueryResult<(Vec<Player>, Vec<Pair>)> {
    Ok((
        players::table.select(Player::as_select()).load(conn)?,
        pairs::table.select(Pair::as_select()).load(conn)?,
    ))
}
