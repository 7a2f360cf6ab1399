//! Season circuits: stored as a club, a name, a scoring and a list of championships;
//! their standings are computed from each championship's standings every time they
//! are shown, so a corrected result moves the circuit.

use std::collections::BTreeMap;

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConn;
use super::ratings::{self, ChampionshipEntry, Names};
use super::rows::{LoadOne, insert_returning_id};
use super::schema::circuits;
use crate::domain::circuit::{self, Row, Scoring};
use crate::domain::rating::PlayerId;

#[derive(Debug, Clone, PartialEq)]
pub struct Circuit {
    pub id: i32,
    pub club_id: i32,
    pub name: String,
    pub scoring: Scoring,
    pub championships: Vec<i32>,
    /// One more at each saved change: a form read at an older one is stale.
    pub version: i32,
}

#[derive(Insertable)]
#[diesel(table_name = circuits)]
struct NewCircuit<'a> {
    club_id: i32,
    name: &'a str,
    scoring: &'a str,
    championships: &'a str,
    created_by: &'a str,
    created_at: NaiveDateTime,
}

pub fn insert(
    conn: &mut DbConn,
    club_id: i32,
    name: &str,
    scoring: &Scoring,
    championships: &[i32],
    actor: &str,
    now: NaiveDateTime,
) -> QueryResult<i32> {
    let scoring = serde_json::to_string(scoring).unwrap_or_default();
    let championships = serde_json::to_string(championships).unwrap_or_default();
    let new = NewCircuit {
        club_id,
        name,
        scoring: &scoring,
        championships: &championships,
        created_by: actor,
        created_at: now,
    };
    insert_returning_id(conn, circuits::table, &new)
}

/// A circuit as its row stores it: its scoring and championships as JSON text.
#[derive(Queryable, Selectable)]
#[diesel(table_name = circuits)]
struct Stored {
    id: i32,
    club_id: i32,
    name: String,
    scoring: String,
    championships: String,
    version: i32,
}

fn circuit(
    Stored {
        id,
        club_id,
        name,
        scoring,
        championships,
        version,
    }: Stored,
) -> Circuit {
    Circuit {
        id,
        club_id,
        name,
        scoring: serde_json::from_str(&scoring).unwrap_or_default(),
        championships: serde_json::from_str(&championships).unwrap_or_default(),
        version,
    }
}

pub fn find(conn: &mut DbConn, id: i32) -> QueryResult<Option<Circuit>> {
    let row: Option<Stored> = circuits::table
        .find(id)
        .select(Stored::as_select())
        .load_one(conn)?;
    Ok(row.map(circuit))
}

/// Changes circuit `id`'s name, scoring and championships (in the circuit's order)
/// when it is still at `version`, and counts it one version more; how many rows
/// changed (0: there is no such circuit, or it is at another version now).
pub fn update(
    conn: &mut DbConn,
    (id, version): (i32, i32),
    name: &str,
    scoring: &Scoring,
    championships: &[i32],
) -> QueryResult<usize> {
    let scoring = serde_json::to_string(scoring).unwrap_or_default();
    let championships = serde_json::to_string(championships).unwrap_or_default();
    diesel::update(
        circuits::table
            .find(id)
            .filter(circuits::version.eq(version)),
    )
    .set((
        circuits::name.eq(name),
        circuits::scoring.eq(scoring),
        circuits::championships.eq(championships),
        circuits::version.eq(version + 1),
    ))
    .execute(conn)
}

/// Removes circuit `id` when it is still at `version`; how many rows went (0: there
/// is no such circuit, or it is at another version now). Its championships stay.
pub fn delete(conn: &mut DbConn, (id, version): (i32, i32)) -> QueryResult<usize> {
    diesel::delete(
        circuits::table
            .find(id)
            .filter(circuits::version.eq(version)),
    )
    .execute(conn)
}

/// The names of circuit `c`'s championships, in the circuit's order (a deleted
/// championship left out).
pub fn championship_names(conn: &mut DbConn, c: &Circuit) -> QueryResult<Vec<String>> {
    use super::schema::championships;
    let rows: Vec<(i32, String)> = championships::table
        .filter(championships::id.eq_any(&c.championships))
        .filter(championships::deleted_at.is_null())
        .select((championships::id, championships::name))
        .load(conn)?;
    Ok(c.championships
        .iter()
        .filter_map(|id| rows.iter().find(|r| r.0 == *id).map(|r| r.1.clone()))
        .collect())
}

/// The names of championships `ids`, in that order, a deleted one too (an id of no
/// championship left out).
pub fn names_even_deleted(conn: &mut DbConn, ids: &[i32]) -> QueryResult<Vec<String>> {
    use super::schema::championships;
    let rows: Vec<(i32, String)> = championships::table
        .filter(championships::id.eq_any(ids))
        .select((championships::id, championships::name))
        .load(conn)?;
    Ok(ids
        .iter()
        .filter_map(|id| rows.iter().find(|r| r.0 == *id).map(|r| r.1.clone()))
        .collect())
}

/// Every circuit, of every club, oldest first.
pub fn all(conn: &mut DbConn) -> QueryResult<Vec<Circuit>> {
    let rows: Vec<Stored> = circuits::table
        .select(Stored::as_select())
        .order(circuits::id)
        .load(conn)?;
    Ok(rows.into_iter().map(circuit).collect())
}

/// The circuits whose standings championship `id` counts in: (id, name), oldest first.
pub fn of_championship(conn: &mut DbConn, id: i32) -> QueryResult<Vec<(i32, String)>> {
    Ok(all(conn)?
        .into_iter()
        .filter(|c| c.championships.contains(&id))
        .map(|c| (c.id, c.name))
        .collect())
}

/// A club's circuits: (id, name), newest first.
pub fn of_club(conn: &mut DbConn, club_id: i32) -> QueryResult<Vec<(i32, String)>> {
    circuits::table
        .filter(circuits::club_id.eq(club_id))
        .select((circuits::id, circuits::name))
        .order(circuits::id.desc())
        .load(conn)
}

/// A circuit's standings now: its championships (id, name, date), per-player and per-pair
/// rows (a pair is its players, sorted), and the players' names.
#[derive(Debug, Clone)]
pub struct Standings {
    pub championships: Vec<(i32, String, NaiveDate)>,
    pub players: Vec<Row<PlayerId>>,
    pub pairs: Vec<Row<Vec<PlayerId>>>,
    pub names: BTreeMap<PlayerId, String>,
}

pub fn standings(conn: &mut DbConn, c: &Circuit) -> QueryResult<Standings> {
    let (names, players, _) = Names::load(conn)?;
    // A public page: each championship's standings of its published rounds.
    let all = ratings::load_published_championships(conn)?;
    let mut championships = Vec::new();
    let mut by_player = Vec::new();
    let mut by_pair = Vec::new();
    for id in &c.championships {
        let Some((championship_id, club, name, date, file)) = all.iter().find(|e| e.0 == *id)
        else {
            continue;
        };
        let entries =
            ratings::championship_entries(&names, *championship_id, *club, name, *date, file);
        championships.push((*championship_id, name.clone(), *date));
        by_player.push(player_places(&entries));
        by_pair.push(pair_places(&entries));
    }
    Ok(Standings {
        championships,
        players: circuit::standings(&c.scoring, &by_player),
        pairs: circuit::standings(&c.scoring, &by_pair),
        names: players.into_iter().map(|(id, p)| (id, p.name)).collect(),
    })
}

/// Each player's place in one championship, from its entries.
fn player_places<'a>(
    entries: impl IntoIterator<Item = &'a ChampionshipEntry>,
) -> Vec<(PlayerId, u32)> {
    entries
        .into_iter()
        .flat_map(|e| e.players.iter().map(|p| (*p, e.place)))
        .collect()
}

/// Each pair's place in one championship, from its entries: a pair is its players,
/// sorted.
fn pair_places<'a>(
    entries: impl IntoIterator<Item = &'a ChampionshipEntry>,
) -> Vec<(Vec<PlayerId>, u32)> {
    entries
        .into_iter()
        .map(|e| {
            let mut key = e.players.clone();
            key.sort_unstable();
            (key, e.place)
        })
        .collect()
}

/// The per-player rows of circuit `c` from the championships' entries as the ratings
/// gather them (published rounds only): the same rows as its page's players' table.
pub fn player_rows(c: &Circuit, entries: &[ChampionshipEntry]) -> Vec<Row<PlayerId>> {
    let by_player: Vec<Vec<(PlayerId, u32)>> = c
        .championships
        .iter()
        .map(|id| player_places(entries.iter().filter(|e| e.championship_id == *id)))
        .collect();
    circuit::standings(&c.scoring, &by_player)
}

/// The per-pair rows of circuit `c` (a pair is its players, sorted) from the
/// championships' entries as the ratings gather them: the same rows as its page's
/// pairs' table.
pub fn pair_rows(c: &Circuit, entries: &[ChampionshipEntry]) -> Vec<Row<Vec<PlayerId>>> {
    let by_pair: Vec<Vec<(Vec<PlayerId>, u32)>> = c
        .championships
        .iter()
        .map(|id| pair_places(entries.iter().filter(|e| e.championship_id == *id)))
        .collect();
    circuit::standings(&c.scoring, &by_pair)
}

/// The championships a club may group: (championship id, name, date), newest first.
/// Every club's championships, newest first, each named with its club (what an
/// administrator may group into one circuit across clubs).
pub fn all_championships(conn: &mut DbConn) -> QueryResult<Vec<(i32, String, NaiveDate)>> {
    let clubs: BTreeMap<i32, String> = super::queries::list_clubs(conn)?
        .into_iter()
        .map(|c| (c.id, c.name))
        .collect();
    let mut list: Vec<_> = ratings::load_championships(conn)?
        .into_iter()
        .map(|(id, club, name, date, _)| {
            let club = clubs.get(&club).cloned().unwrap_or_default();
            (id, format!("{name} · {club}"), date)
        })
        .collect();
    list.reverse();
    Ok(list)
}

pub fn club_championships(
    conn: &mut DbConn,
    club_id: i32,
) -> QueryResult<Vec<(i32, String, NaiveDate)>> {
    let mut list: Vec<_> = ratings::load_championships(conn)?
        .into_iter()
        .filter(|e| e.1 == club_id)
        .map(|(id, _, name, date, _)| (id, name, date))
        .collect();
    list.reverse();
    Ok(list)
}
