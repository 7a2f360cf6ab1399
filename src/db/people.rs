//! A club's people in the store: its players and pairs, the records that name them
//! by name (the seats of its games, the entrants of its championships and knockout
//! brackets), and the rows a rename, a merge or a retirement writes. The workflows
//! that change them, each in one transaction with its audit, are in
//! [`crate::service::people`].

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConn;
use super::queries::{Pair, Player};
use super::rows::LoadOne;
use super::schema::{brackets, championship_documents, championships, games, pairs, players};

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

/// The championships of a club: each one's championship id and document.
pub fn championships(conn: &mut DbConn, club: i32) -> QueryResult<Vec<(i32, String)>> {
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

/// Writes a championship's document back, counting one more change to it.
pub fn write_championship(
    conn: &mut DbConn,
    championship_id: i32,
    document: &str,
) -> QueryResult<usize> {
    diesel::update(championship_documents::table.find(championship_id))
        .set((
            championship_documents::document.eq(document),
            championship_documents::changes.eq(championship_documents::changes + 1),
        ))
        .execute(conn)
}

/// The records of a club that name players or pairs in a stored JSON list of
/// names: the seats of its games, the entrants of its knockout brackets.
#[derive(Debug, Clone, Copy)]
pub enum NameLists {
    GameSeats,
    BracketEntrants,
}

impl NameLists {
    /// Each record of the club: its id and its list.
    pub fn load(self, conn: &mut DbConn, club: i32) -> QueryResult<Vec<(i32, String)>> {
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
    pub fn write(self, conn: &mut DbConn, id: i32, list: String) -> QueryResult<usize> {
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
#[derive(Debug, Clone)]
pub struct Named {
    pub name: String,
    pub retired_at: Option<NaiveDateTime>,
    /// A player's person.
    pub person_id: Option<i32>,
}

impl Kind {
    /// The entity its audit rows name.
    pub fn entity(self) -> &'static str {
        match self {
            Kind::Player => "player",
            Kind::Pair => "pair",
        }
    }

    /// Club `club`'s player or pair `id`.
    pub fn find(self, conn: &mut DbConn, club: i32, id: i32) -> QueryResult<Option<Named>> {
        let found = match self {
            Kind::Player => {
                find_player(conn, club, id)?.map(|p| (p.name, p.retired_at, Some(p.person_id)))
            }
            Kind::Pair => find_pair(conn, club, id)?.map(|p| (p.name, p.retired_at, None)),
        };
        Ok(found.map(|(name, retired_at, person_id)| Named {
            name,
            retired_at,
            person_id,
        }))
    }

    pub fn delete(self, conn: &mut DbConn, id: i32) -> QueryResult<usize> {
        match self {
            Kind::Player => diesel::delete(players::table.find(id)).execute(conn),
            Kind::Pair => diesel::delete(pairs::table.find(id)).execute(conn),
        }
    }

    pub fn set_retired_at(
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

/// Renames player `id` (her row only).
pub fn set_player_name(conn: &mut DbConn, id: i32, name: &str) -> QueryResult<usize> {
    diesel::update(players::table.find(id))
        .set(players::name.eq(name))
        .execute(conn)
}

/// Sets pair `id`'s name and players.
pub fn set_pair(
    conn: &mut DbConn,
    id: i32,
    name: &str,
    (p1, p2): (i32, i32),
) -> QueryResult<usize> {
    diesel::update(pairs::table.find(id))
        .set((
            pairs::name.eq(name),
            pairs::player1_id.eq(p1),
            pairs::player2_id.eq(p2),
        ))
        .execute(conn)
}

/// Whether players `a` and `b` play in one pair.
pub fn share_a_pair(conn: &mut DbConn, a: i32, b: i32) -> QueryResult<bool> {
    let shared: i64 = pairs::table
        .filter(
            (pairs::player1_id.eq(a).and(pairs::player2_id.eq(b)))
                .or(pairs::player1_id.eq(b).and(pairs::player2_id.eq(a))),
        )
        .count()
        .get_result(conn)?;
    Ok(shared > 0)
}

/// Puts player `to` in every pair of player `from`: how many pairs changed.
pub fn move_pairs(conn: &mut DbConn, from: i32, to: i32) -> QueryResult<usize> {
    let first = diesel::update(pairs::table.filter(pairs::player1_id.eq(from)))
        .set(pairs::player1_id.eq(to))
        .execute(conn)?;
    let second = diesel::update(pairs::table.filter(pairs::player2_id.eq(from)))
        .set(pairs::player2_id.eq(to))
        .execute(conn)?;
    Ok(first + second)
}

/// Every player and pair of every club, with the club's name (for search).
pub fn everyone(conn: &mut DbConn) -> QueryResult<(Vec<Player>, Vec<Pair>)> {
    Ok((
        players::table.select(Player::as_select()).load(conn)?,
        pairs::table.select(Pair::as_select()).load(conn)?,
    ))
}
