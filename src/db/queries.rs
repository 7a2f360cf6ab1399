//! Small query functions over `DbConn`: no HTTP types, usable from the web layer,
//! the CLI and the tests alike.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConn;
use super::schema::{clubs, entries, events, matches, pairs, players};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = clubs)]
pub struct Club {
    pub id: i32,
    pub name: String,
    pub town: String,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = players)]
pub struct Player {
    pub id: i32,
    pub club_id: i32,
    pub name: String,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = events)]
pub struct Event {
    pub id: i32,
    pub club_id: i32,
    pub name: String,
    pub game: String,
    pub format: String,
    pub status: String,
    pub options: String,
    pub rounds_planned: i32,
    pub starts_on: NaiveDate,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = matches)]
pub struct Match {
    pub id: i32,
    pub event_id: i32,
    pub round_no: i32,
    pub table_no: i32,
    pub entry_a: i32,
    pub entry_b: i32,
    pub score_a: Option<i32>,
    pub score_b: Option<i32>,
    pub status: String,
    pub version: i32,
    pub updated_at: NaiveDateTime,
    /// The table PIN the scorekeeper types (digits; empty when none was set).
    pub pin: String,
}

/// An entry of an event with its pair and the pair's players, for display.
#[derive(Debug, Clone)]
pub struct EntryView {
    pub id: i32,
    pub seed: i32,
    pub pair_name: String,
    pub players: (String, String),
}

#[derive(Insertable)]
#[diesel(table_name = clubs)]
pub struct NewClub<'a> {
    pub name: &'a str,
    pub town: &'a str,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = players)]
pub struct NewPlayer<'a> {
    pub club_id: i32,
    pub name: &'a str,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = pairs)]
pub struct NewPair<'a> {
    pub club_id: i32,
    pub name: &'a str,
    pub player1_id: i32,
    pub player2_id: i32,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = events)]
pub struct NewEvent<'a> {
    pub club_id: i32,
    pub name: &'a str,
    pub game: &'a str,
    pub format: &'a str,
    pub status: &'a str,
    pub options: &'a str,
    pub rounds_planned: i32,
    pub starts_on: NaiveDate,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = entries)]
pub struct NewEntry {
    pub event_id: i32,
    pub pair_id: i32,
    pub seed: i32,
}

#[derive(Insertable)]
#[diesel(table_name = matches)]
pub struct NewMatch<'a> {
    pub event_id: i32,
    pub round_no: i32,
    pub table_no: i32,
    pub entry_a: i32,
    pub entry_b: i32,
    pub score_a: Option<i32>,
    pub score_b: Option<i32>,
    pub status: &'a str,
    pub updated_at: NaiveDateTime,
    pub pin: &'a str,
}

pub fn insert_club(conn: &mut DbConn, new: &NewClub) -> QueryResult<i32> {
    diesel::insert_into(clubs::table)
        .values(new)
        .returning(clubs::id)
        .get_result(conn)
}

pub fn insert_player(conn: &mut DbConn, new: &NewPlayer) -> QueryResult<i32> {
    diesel::insert_into(players::table)
        .values(new)
        .returning(players::id)
        .get_result(conn)
}

pub fn insert_pair(conn: &mut DbConn, new: &NewPair) -> QueryResult<i32> {
    diesel::insert_into(pairs::table)
        .values(new)
        .returning(pairs::id)
        .get_result(conn)
}

pub fn insert_event(conn: &mut DbConn, new: &NewEvent) -> QueryResult<i32> {
    diesel::insert_into(events::table)
        .values(new)
        .returning(events::id)
        .get_result(conn)
}

pub fn insert_entry(conn: &mut DbConn, new: &NewEntry) -> QueryResult<i32> {
    diesel::insert_into(entries::table)
        .values(new)
        .returning(entries::id)
        .get_result(conn)
}

pub fn insert_match(conn: &mut DbConn, new: &NewMatch) -> QueryResult<i32> {
    diesel::insert_into(matches::table)
        .values(new)
        .returning(matches::id)
        .get_result(conn)
}

pub fn count_clubs(conn: &mut DbConn) -> QueryResult<i64> {
    clubs::table.count().get_result(conn)
}

pub fn list_clubs(conn: &mut DbConn) -> QueryResult<Vec<Club>> {
    clubs::table
        .select(Club::as_select())
        .order(clubs::id)
        .load(conn)
}

pub fn find_club(conn: &mut DbConn, id: i32) -> QueryResult<Option<Club>> {
    clubs::table
        .find(id)
        .select(Club::as_select())
        .first(conn)
        .optional()
}

pub fn club_players(conn: &mut DbConn, club: i32) -> QueryResult<Vec<Player>> {
    players::table
        .filter(players::club_id.eq(club))
        .select(Player::as_select())
        .order(players::name)
        .load(conn)
}

/// Every event, running ones first, then by start date (newest first).
pub fn list_events(conn: &mut DbConn) -> QueryResult<Vec<Event>> {
    let mut all: Vec<Event> = events::table
        .select(Event::as_select())
        .order((events::starts_on.desc(), events::id.desc()))
        .load(conn)?;
    all.sort_by_key(|e| match e.status.as_str() {
        "running" => 0,
        "registration" => 1,
        _ => 2,
    });
    Ok(all)
}

pub fn find_event(conn: &mut DbConn, id: i32) -> QueryResult<Option<Event>> {
    events::table
        .find(id)
        .select(Event::as_select())
        .first(conn)
        .optional()
}

/// The entries of an event in seed order, with pair and player names.
pub fn event_entries(conn: &mut DbConn, event: i32) -> QueryResult<Vec<EntryView>> {
    let rows: Vec<(i32, i32, String, i32, i32)> = entries::table
        .inner_join(pairs::table)
        .filter(entries::event_id.eq(event))
        .select((
            entries::id,
            entries::seed,
            pairs::name,
            pairs::player1_id,
            pairs::player2_id,
        ))
        .order(entries::seed)
        .load(conn)?;
    let ids: Vec<i32> = rows.iter().flat_map(|r| [r.3, r.4]).collect();
    let names: Vec<(i32, String)> = players::table
        .filter(players::id.eq_any(ids))
        .select((players::id, players::name))
        .load(conn)?;
    let name_of = |id: i32| {
        names
            .iter()
            .find(|(pid, _)| *pid == id)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    };
    Ok(rows
        .into_iter()
        .map(|(id, seed, pair_name, p1, p2)| EntryView {
            id,
            seed,
            pair_name,
            players: (name_of(p1), name_of(p2)),
        })
        .collect())
}

/// The pair name of entry `id` among `entries` (empty if it is not there).
pub fn pair_name(entries: &[EntryView], id: i32) -> String {
    entries
        .iter()
        .find(|e| e.id == id)
        .map(|e| e.pair_name.clone())
        .unwrap_or_default()
}

pub fn event_matches(conn: &mut DbConn, event: i32) -> QueryResult<Vec<Match>> {
    matches::table
        .filter(matches::event_id.eq(event))
        .select(Match::as_select())
        .order((matches::round_no, matches::table_no))
        .load(conn)
}

pub fn find_match(conn: &mut DbConn, id: i32) -> QueryResult<Option<Match>> {
    matches::table
        .find(id)
        .select(Match::as_select())
        .first(conn)
        .optional()
}

/// Records a match result if nobody changed the match since `version` was read
/// (optimistic locking): returns false, and changes nothing, when someone did.
pub fn update_result(
    conn: &mut DbConn,
    id: i32,
    version: i32,
    scores: (i32, i32),
    status: &str,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let n = diesel::update(
        matches::table
            .filter(matches::id.eq(id))
            .filter(matches::version.eq(version)),
    )
    .set((
        matches::score_a.eq(Some(scores.0)),
        matches::score_b.eq(Some(scores.1)),
        matches::status.eq(status),
        matches::version.eq(version + 1),
        matches::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n == 1)
}
