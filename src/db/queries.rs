//! Small query functions over `DbConn`: no HTTP types, usable from the web layer,
//! the CLI and the tests alike.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConn;
use super::rows::{LoadOne, insert_returning_id};
use super::schema::{championships, clubs, pairs, players};
use crate::domain::names;
use crate::domain::status::{ChampionshipFormat, ChampionshipStatus};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = clubs)]
pub struct Club {
    pub id: i32,
    pub name: String,
    pub town: String,
    pub created_at: NaiveDateTime,
    /// The game its new-game form offers first (a game's slug).
    pub default_game: String,
    /// Its usual table options for that game (a JSON object).
    pub default_options: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = players)]
pub struct Player {
    pub id: i32,
    pub club_id: i32,
    pub name: String,
    pub created_at: NaiveDateTime,
    /// When the player stopped playing (hidden from pickers, kept in history).
    pub retired_at: Option<NaiveDateTime>,
    /// The person this membership is of (see [`super::register`]).
    pub person_id: i32,
    pub joined_on: Option<NaiveDate>,
    pub left_on: Option<NaiveDate>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = pairs)]
pub struct Pair {
    pub id: i32,
    pub club_id: i32,
    pub name: String,
    pub player1_id: i32,
    pub player2_id: i32,
    pub created_at: NaiveDateTime,
    /// When the pair stopped playing (hidden from pickers, kept in history).
    pub retired_at: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = championships)]
pub struct Championship {
    pub id: i32,
    pub club_id: i32,
    pub name: String,
    pub game: String,
    /// Stored as `league`, `swiss` or `ceros`.
    #[diesel(deserialize_as = String)]
    pub format: ChampionshipFormat,
    /// Stored as `registration`, `running` or `finished`.
    #[diesel(deserialize_as = String)]
    pub status: ChampionshipStatus,
    pub options: String,
    pub rounds_planned: i32,
    pub starts_on: NaiveDate,
    pub created_at: NaiveDateTime,
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
    pub person_id: i32,
    pub joined_on: Option<NaiveDate>,
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

pub fn insert_club(conn: &mut DbConn, new: &NewClub) -> QueryResult<i32> {
    insert_returning_id(conn, clubs::table, new)
}

/// Sets a club's usual game and table options (a JSON object, already validated).
pub fn set_club_defaults(
    conn: &mut DbConn,
    id: i32,
    game: &str,
    options: &str,
) -> QueryResult<usize> {
    diesel::update(clubs::table.find(id))
        .set((
            clubs::default_game.eq(game),
            clubs::default_options.eq(options),
        ))
        .execute(conn)
}

pub fn insert_player(conn: &mut DbConn, new: &NewPlayer) -> QueryResult<i32> {
    insert_returning_id(conn, players::table, new)
}

pub fn insert_pair(conn: &mut DbConn, new: &NewPair) -> QueryResult<i32> {
    insert_returning_id(conn, pairs::table, new)
}

pub fn count_clubs(conn: &mut DbConn) -> QueryResult<i64> {
    clubs::table.count().get_result(conn)
}

/// Every club, oldest first.
pub fn list_clubs(conn: &mut DbConn) -> QueryResult<Vec<Club>> {
    clubs::table
        .select(Club::as_select())
        .order(clubs::id)
        .load(conn)
}

/// Every club, sorted by name the Spanish way (for lists people read).
pub fn clubs_by_name(conn: &mut DbConn) -> QueryResult<Vec<Club>> {
    let mut all = list_clubs(conn)?;
    names::sort_by_name(&mut all, |c| &c.name);
    Ok(all)
}

pub fn find_club(conn: &mut DbConn, id: i32) -> QueryResult<Option<Club>> {
    clubs::table
        .find(id)
        .select(Club::as_select())
        .load_one(conn)
}

/// Every player of a club, active or not, sorted by name the Spanish way.
pub fn club_players(conn: &mut DbConn, club: i32) -> QueryResult<Vec<Player>> {
    let mut all = players::table
        .filter(players::club_id.eq(club))
        .select(Player::as_select())
        .order(players::id)
        .load(conn)?;
    names::sort_by_name(&mut all, |p| &p.name);
    Ok(all)
}

/// The players of a club who still play (for pickers), sorted the Spanish way.
pub fn active_players(conn: &mut DbConn, club: i32) -> QueryResult<Vec<Player>> {
    let mut all = club_players(conn, club)?;
    all.retain(|p| p.retired_at.is_none());
    Ok(all)
}

/// Every pair of a club, active or not, sorted by name the Spanish way.
pub fn club_pairs(conn: &mut DbConn, club: i32) -> QueryResult<Vec<Pair>> {
    let mut all = pairs::table
        .filter(pairs::club_id.eq(club))
        .select(Pair::as_select())
        .order(pairs::id)
        .load(conn)?;
    names::sort_by_name(&mut all, |p| &p.name);
    Ok(all)
}

/// Every championship but the deleted ones, running ones first, then by start date (newest first).
pub fn list_championships(conn: &mut DbConn) -> QueryResult<Vec<Championship>> {
    let mut all: Vec<Championship> = championships::table
        .filter(championships::deleted_at.is_null())
        .select(Championship::as_select())
        .order((championships::starts_on.desc(), championships::id.desc()))
        .load(conn)?;
    all.sort_by_key(|e| match e.status {
        ChampionshipStatus::Running => 0,
        ChampionshipStatus::Registration => 1,
        ChampionshipStatus::Finished => 2,
    });
    Ok(all)
}

pub fn find_championship(conn: &mut DbConn, id: i32) -> QueryResult<Option<Championship>> {
    championships::table
        .find(id)
        .select(Championship::as_select())
        .load_one(conn)
}
