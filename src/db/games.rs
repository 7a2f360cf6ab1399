//! Club games (partidas) and their hands. Every change to a game goes through
//! `bump_version` first: two devices editing one game cannot overwrite each other.

use crate::domain::status::GameStatus;
use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::accounts::{self, AuditEntry, Trail};
use super::rows::{LoadOne, insert_returning_id};
use super::schema::{game_hands, games};

#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = games)]
pub struct Game {
    pub id: i32,
    pub club_id: i32,
    pub game: String,
    pub players: i32,
    pub options: String,
    pub first_dealer: i32,
    /// JSON list of the seats' player names, in seat order.
    pub seats: String,
    /// Stored as `playing` or `finished`.
    #[diesel(deserialize_as = String)]
    pub status: GameStatus,
    pub winner: Option<i32>,
    #[serde(skip)]
    pub pin: String,
    pub version: i32,
    pub created_by: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// The first game of the match this game belongs to (None: a single partida).
    pub series_id: Option<i32>,
    /// Partidas in the match at most (1, 3, 5).
    pub best_of: i32,
    /// Where the game stands after its hands (`domain::entry::Tail` as JSON), kept
    /// by every change to them; `None` for a game not changed since it was kept.
    #[serde(skip)]
    pub tail: Option<String>,
}

#[derive(Insertable)]
#[diesel(table_name = games)]
pub struct NewGame<'a> {
    pub club_id: i32,
    pub game: &'a str,
    pub players: i32,
    pub options: &'a str,
    pub first_dealer: i32,
    pub seats: &'a str,
    pub status: &'a str,
    pub pin: &'a str,
    pub created_by: &'a str,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub series_id: Option<i32>,
    pub best_of: i32,
    pub tail: Option<&'a str>,
}

#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = game_hands)]
pub struct GameHand {
    pub id: i32,
    pub game_id: i32,
    pub hand_no: i32,
    /// `quick` (a `QuickHand`) or `full` (a hand record).
    pub kind: String,
    pub dealer: i32,
    /// What was entered, JSON.
    pub entry: String,
    /// The checked `HandScore`, JSON.
    pub score: String,
    #[serde(skip)]
    pub submission: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = game_hands)]
pub struct NewHand<'a> {
    pub game_id: i32,
    pub hand_no: i32,
    pub kind: &'a str,
    pub dealer: i32,
    pub entry: &'a str,
    pub score: &'a str,
    pub submission: &'a str,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

pub fn insert_game(conn: &mut DbConn, new: &NewGame) -> QueryResult<i32> {
    insert_returning_id(conn, games::table, new)
}

pub fn find_game(conn: &mut DbConn, id: i32) -> QueryResult<Option<Game>> {
    games::table
        .find(id)
        .select(Game::as_select())
        .load_one(conn)
}

pub fn club_games(conn: &mut DbConn, club_id: i32) -> QueryResult<Vec<Game>> {
    games::table
        .filter(games::club_id.eq(club_id))
        .select(Game::as_select())
        .order(games::id.desc())
        .load(conn)
}

/// The games of a match, in order (the first game, then those pointing to it).
pub fn series_games(conn: &mut DbConn, first: i32) -> QueryResult<Vec<Game>> {
    games::table
        .filter(games::id.eq(first).or(games::series_id.eq(first)))
        .select(Game::as_select())
        .order(games::id)
        .load(conn)
}

pub fn game_hands(conn: &mut DbConn, game_id: i32) -> QueryResult<Vec<GameHand>> {
    game_hands::table
        .filter(game_hands::game_id.eq(game_id))
        .select(GameHand::as_select())
        .order(game_hands::hand_no)
        .load(conn)
}

/// Whether a submission (a form's one-time id) was saved already in game `game_id`:
/// a double-tapped submit must save one hand. The same id in another game is another
/// hand.
pub fn submission_exists(conn: &mut DbConn, game_id: i32, submission: &str) -> QueryResult<bool> {
    use diesel::dsl::exists;
    diesel::select(exists(
        game_hands::table
            .filter(game_hands::game_id.eq(game_id))
            .filter(game_hands::submission.eq(submission)),
    ))
    .get_result(conn)
}

/// The status and winner a game's end gives its row (`None`: still playing).
pub fn outcome_of(over: Option<&crate::domain::ruling::GameOver>) -> (&'static str, Option<i32>) {
    match over {
        Some(g) => (GameStatus::Finished.as_str(), Some(i32::from(g.winner))),
        None => (GameStatus::Playing.as_str(), None),
    }
}

/// Gives game `id` the PIN `pin`, with the next version (its pages change with it).
pub fn set_pin(conn: &mut DbConn, id: i32, pin: &str, now: NaiveDateTime) -> QueryResult<usize> {
    diesel::update(games::table.find(id))
        .set((
            games::pin.eq(pin),
            games::version.eq(games::version + 1),
            games::updated_at.eq(now),
        ))
        .execute(conn)
}

/// The game's version now (`None`: no such game).
pub fn version_of(conn: &mut DbConn, id: i32) -> QueryResult<Option<i32>> {
    games::table.find(id).select(games::version).load_one(conn)
}

/// Claims the game at `version` for one change: false (and nothing written) when
/// someone else changed it first.
pub fn bump_version(
    conn: &mut DbConn,
    id: i32,
    version: i32,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let n = diesel::update(
        games::table
            .filter(games::id.eq(id))
            .filter(games::version.eq(version)),
    )
    .set((games::version.eq(version + 1), games::updated_at.eq(now)))
    .execute(conn)?;
    Ok(n == 1)
}

pub fn set_outcome(
    conn: &mut DbConn,
    id: i32,
    status: &str,
    winner: Option<i32>,
) -> QueryResult<usize> {
    diesel::update(games::table.find(id))
        .set((games::status.eq(status), games::winner.eq(winner)))
        .execute(conn)
}

/// [`bump_version`], writing with it the game's status and winner after the change
/// to its hands and where the game then stands (its tail).
pub fn claim_with_result(
    conn: &mut DbConn,
    (id, version): (i32, i32),
    now: NaiveDateTime,
    (status, winner): (&str, Option<i32>),
    tail: &str,
) -> QueryResult<bool> {
    let n = diesel::update(
        games::table
            .filter(games::id.eq(id))
            .filter(games::version.eq(version)),
    )
    .set((
        games::version.eq(version + 1),
        games::updated_at.eq(now),
        games::status.eq(status),
        games::winner.eq(winner),
        games::tail.eq(Some(tail)),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// The game's status and winner after its hands were written, and where it stands
/// now (its tail).
pub fn set_result(
    conn: &mut DbConn,
    id: i32,
    (status, winner): (&str, Option<i32>),
    tail: &str,
) -> QueryResult<usize> {
    diesel::update(games::table.find(id))
        .set((
            games::status.eq(status),
            games::winner.eq(winner),
            games::tail.eq(Some(tail)),
        ))
        .execute(conn)
}

pub fn insert_hand(conn: &mut DbConn, new: &NewHand) -> QueryResult<i32> {
    insert_returning_id(conn, game_hands::table, new)
}

/// Rewrites a stored hand: what was entered (`kind`: `quick` or `full`) and its score.
pub fn update_hand(
    conn: &mut DbConn,
    hand_id: i32,
    kind: &str,
    entry: &str,
    score: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(game_hands::table.find(hand_id))
        .set((
            game_hands::kind.eq(kind),
            game_hands::entry.eq(entry),
            game_hands::score.eq(score),
            game_hands::updated_at.eq(now),
        ))
        .execute(conn)
}

pub fn delete_hand(conn: &mut DbConn, hand_id: i32) -> QueryResult<usize> {
    diesel::delete(game_hands::table.find(hand_id)).execute(conn)
}

use super::schema::rulings;

/// Keeps a disputed hand under a shareable slug.
pub fn insert_ruling(
    conn: &mut DbConn,
    slug: &str,
    record: &str,
    created_by: &str,
    now: NaiveDateTime,
) -> QueryResult<i32> {
    let ruling = (
        rulings::slug.eq(slug),
        rulings::record.eq(record),
        rulings::created_by.eq(created_by),
        rulings::created_at.eq(now),
    );
    insert_returning_id(conn, rulings::table, ruling)
}

/// The record kept under `slug`.
pub fn find_ruling(conn: &mut DbConn, slug: &str) -> QueryResult<Option<String>> {
    rulings::table
        .filter(rulings::slug.eq(slug))
        .select(rulings::record)
        .load_one(conn)
}

/// The audit rows of a game's hands (added, corrected, deleted, put back), oldest first.
pub fn hand_audit(conn: &mut DbConn, game_id: i32) -> QueryResult<Vec<AuditEntry>> {
    accounts::audit_trail(conn, Trail::Hands(game_id))
}

/// What a game's page shows, read in one statement: the game (its version moves on
/// every change to it or its hands, and on renames), its match's partidas, and its
/// championship table with the championship's name. `None` when there is no such game.
pub fn page_stamp(conn: &mut DbConn, id: i32) -> QueryResult<Option<String>> {
    let query = PageStamp { id };
    match conn {
        #[cfg(feature = "sqlite")]
        DbConn::Sqlite(c) => query.get_result(c).optional(),
        #[cfg(feature = "postgres")]
        DbConn::Postgres(c) => query.get_result(c).optional(),
    }
}

/// The stamp's statement, in SQL both backends read, with the game's id bound: a
/// query type of its own, so that each connection prepares it once and keeps it.
#[derive(Debug, Clone, Copy, diesel::query_builder::QueryId)]
struct PageStamp {
    id: i32,
}

impl diesel::query_builder::Query for PageStamp {
    type SqlType = diesel::sql_types::Text;
}

impl<Conn> RunQueryDsl<Conn> for PageStamp {}

impl<DB> diesel::query_builder::QueryFragment<DB> for PageStamp
where
    DB: diesel::backend::Backend,
    i32: diesel::serialize::ToSql<diesel::sql_types::Integer, DB>,
{
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, DB>,
    ) -> QueryResult<()> {
        out.push_sql(
            "SELECT CAST(g.version AS TEXT) || '.' || CAST(g.updated_at AS TEXT) \
             || '|' || (SELECT CAST(COUNT(*) AS TEXT) || '.' \
                 || CAST(COALESCE(SUM(s.version), 0) AS TEXT) || '.' \
                 || CAST(COALESCE(MAX(s.id), 0) AS TEXT) \
               FROM games s WHERE s.id = COALESCE(g.series_id, g.id) \
                 OR s.series_id = COALESCE(g.series_id, g.id)) \
             || '|' || COALESCE((SELECT CAST(t.id AS TEXT) || '.' || CAST(t.version AS TEXT) \
                 || '.' || t.status || '.' || CAST(t.updated_at AS TEXT) || '.' || e.name \
               FROM championship_tables t JOIN championships e ON e.id = t.championship_id \
               WHERE t.game_id = COALESCE(g.series_id, g.id) ORDER BY t.id LIMIT 1), '-') \
             AS stamp FROM games g WHERE g.id = ",
        );
        out.push_bind_param::<diesel::sql_types::Integer, _>(&self.id)
    }
}
