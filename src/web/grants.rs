//! The PINs a browser typed, kept in its session cookie as grants: a club game
//! (`S_GAMES`), a pair of a championship table (`S_TABLE_SIDES`, with the table in
//! `S_TOURNAMENT_TABLES` and its first partida in `S_GAMES`). Each grant carries a
//! fingerprint of the PIN it was made from (`S_PIN_MARKS`), and every request checks
//! the grants against the PINs the database holds now: once the organiser changes a
//! PIN (a slip lost, a PIN seen by someone else), the grants made from the old one
//! end, on every Baza process at once, and the page asks for the PIN again.

use actix_session::Session;

use super::auth::{S_GAMES, session_list, session_put};
use super::tables_held::{S_TABLE_SIDES, S_TOURNAMENT_TABLES, sides_held, table_path};
use crate::db::DbConn;
use crate::db::championship::{store, tables};
use crate::db::games;
use crate::domain::account::same_secret;
use crate::error::AppError;
use crate::service::account::token_hash;

/// Session key: the fingerprint of the PIN behind each grant, by place.
pub const S_PIN_MARKS: &str = "pin_marks";

/// Every session key that holds grants, kept through a sign-in.
pub const GRANT_KEYS: [&str; 4] = [S_GAMES, S_TOURNAMENT_TABLES, S_TABLE_SIDES, S_PIN_MARKS];

/// The place a club game's PIN opens.
pub fn game_place(id: i32) -> String {
    format!("game:{id}")
}

/// The place a pair's PIN opens: one side (`a` or `b`) of table row `row`.
pub fn side_place(row: i32, side: &str) -> String {
    format!("table:{row}:{side}")
}

/// The fingerprint of `pin` at `place`: the same PIN at another place, or another
/// PIN at the same place, gives another. (The cookie is encrypted as well as signed.)
pub fn fingerprint(place: &str, pin: &str) -> String {
    let mut h = token_hash(&format!("baza-pin\n{place}\n{pin}"));
    h.truncate(32);
    h
}

fn marks(session: &Session) -> Vec<(String, String)> {
    session_list(session, S_PIN_MARKS)
}

/// Remembers that this browser's grant of `place` was made from `pin`.
pub fn remember(session: &Session, place: &str, pin: &str) -> Result<(), AppError> {
    forget_ended(session);
    let mut all = marks(session);
    all.retain(|(p, _)| p != place);
    all.push((place.to_owned(), fingerprint(place, pin)));
    session_put(session, S_PIN_MARKS, all)
}

/// The grants a session holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Held {
    pub games: Vec<i32>,
    pub tables: Vec<i32>,
    pub sides: Vec<(i32, String)>,
    pub marks: Vec<(String, String)>,
}

impl Held {
    pub fn of(session: &Session) -> Held {
        Held {
            games: session_list(session, S_GAMES),
            tables: session_list(session, S_TOURNAMENT_TABLES),
            sides: sides_held(session),
            marks: marks(session),
        }
    }

    /// Whether the session holds any grant.
    pub fn has_grants(&self) -> bool {
        !(self.games.is_empty() && self.tables.is_empty() && self.sides.is_empty())
    }

    fn mark(&self, place: &str) -> Option<&str> {
        self.marks
            .iter()
            .find(|(p, _)| p == place)
            .map(|(_, m)| m.as_str())
    }

    /// Whether the grant of `place` was made from `pin`, the PIN of the place now
    /// (a place with no PIN opens nothing).
    fn made_from(&self, place: &str, pin: &str) -> bool {
        !pin.is_empty()
            && self
                .mark(place)
                .is_some_and(|m| same_secret(m, &fingerprint(place, pin)))
    }
}

/// The grants still good, and where those that ended were used.
#[derive(Debug, Default)]
pub struct Checked {
    pub kept: Held,
    /// Each place whose grant ended: the addresses about it (a table's page, a
    /// game's `/partidas/{id}`) and the page that asks for its PIN.
    pub ended: Vec<(String, String)>,
}

/// Checks `held` against the PINs stored now: the grants made from a PIN that is no
/// longer the place's (or from no known PIN) end.
pub fn check(conn: &mut DbConn, held: &Held) -> Result<Checked, AppError> {
    let mut out = Checked::default();
    if !held.has_grants() {
        out.kept = held.clone();
        return Ok(out);
    }
    let mut kept_rows = Vec::new();
    for (row_id, side) in &held.sides {
        let Some(row) = store::table_by_id(conn, *row_id)? else {
            continue;
        };
        let pin = if side == "b" { &row.pin_b } else { &row.pin };
        if held.made_from(&side_place(row.id, side), pin) {
            out.kept.sides.push((row.id, side.clone()));
            kept_rows.push(row.id);
        } else {
            let page = row_page(&row);
            out.ended.push((page.clone(), page));
        }
    }
    out.kept.tables = held
        .tables
        .iter()
        .copied()
        .filter(|t| kept_rows.contains(t))
        .collect();
    for id in &held.games {
        let Some(game) = games::find_game(conn, *id)? else {
            continue;
        };
        let at = format!("/partidas/{}", game.id);
        if game.pin.is_empty() {
            // A championship table's partida: open while a pair of its table is.
            match tables::table_of_game(conn, &game)? {
                Some(row) if kept_rows.contains(&row.id) => out.kept.games.push(game.id),
                Some(row) => out.ended.push((at, row_page(&row))),
                None => {}
            }
        } else if held.made_from(&game_place(game.id), &game.pin) {
            out.kept.games.push(game.id);
        } else {
            out.ended.push((at.clone(), at));
        }
    }
    let places: Vec<String> = out
        .kept
        .sides
        .iter()
        .map(|(r, s)| side_place(*r, s))
        .chain(out.kept.games.iter().map(|g| game_place(*g)))
        .collect();
    out.kept.marks = held
        .marks
        .iter()
        .filter(|(p, _)| places.contains(p))
        .cloned()
        .collect();
    Ok(out)
}

/// The page that asks for the PIN opening `game`: its table's page for a championship
/// table's partida, the match's first partida for a club game (whose PIN opens every
/// partida of the match); `None` for a game no PIN opens.
pub fn pin_page(conn: &mut DbConn, game: &games::Game) -> Result<Option<String>, AppError> {
    if !game.pin.is_empty() {
        return Ok(Some(format!(
            "/partidas/{}",
            game.series_id.unwrap_or(game.id)
        )));
    }
    Ok(tables::table_of_game(conn, game)?.map(|row| row_page(&row)))
}

fn row_page(row: &store::TableRow) -> String {
    table_path(row.championship_id, row.phase, row.round_no, row.table_no)
}

/// Writes the grants still good back to the session, and notes where those that
/// ended were used.
pub fn keep_only(session: &Session, checked: &Checked) -> Result<(), AppError> {
    let kept = &checked.kept;
    session_put(session, S_GAMES, &kept.games)?;
    session_put(session, S_TOURNAMENT_TABLES, &kept.tables)?;
    session_put(session, S_TABLE_SIDES, &kept.sides)?;
    session_put(session, S_PIN_MARKS, &kept.marks)?;
    if checked.ended.is_empty() {
        return Ok(());
    }
    let mut all = ended(session);
    all.extend(checked.ended.iter().cloned());
    let skip = all.len().saturating_sub(MAX_ENDED);
    session_put(session, S_PINS_ENDED, &all[skip..])
}

/// Session key: where grants that ended were used (address, page that asks for the
/// PIN), until the next request about them says so.
pub const S_PINS_ENDED: &str = "pins_ended";

/// The ended grants remembered at most.
const MAX_ENDED: usize = 8;

fn ended(session: &Session) -> Vec<(String, String)> {
    session_list(session, S_PINS_ENDED)
}

/// The first request about a place whose grant ended (other than typing its PIN
/// again) is sent to the page that asks for the PIN, once: that page, forgotten here.
pub fn take_ended(session: &Session, path: &str) -> Result<Option<String>, AppError> {
    if path.ends_with("/pin") {
        return Ok(None);
    }
    let mut all = ended(session);
    let Some(page) = all
        .iter()
        .find(|(at, _)| under(path, at))
        .map(|(_, page)| page.clone())
    else {
        return Ok(None);
    };
    all.retain(|(_, p)| *p != page);
    session_put(session, S_PINS_ENDED, all)?;
    Ok(Some(page))
}

/// Whether some grant that ended has not been said yet.
pub fn any_ended(session: &Session) -> bool {
    !ended(session).is_empty()
}

/// The address `path` about a later partida of a match (`/partidas/{id}` and below)
/// as the same address about the match's first partida, where the grant that opens
/// every partida of the match was made: `None` for any other path.
pub fn as_first_partida(conn: &mut DbConn, path: &str) -> Result<Option<String>, AppError> {
    let Some((id, rest)) = game_path(path) else {
        return Ok(None);
    };
    let first = games::find_game(conn, id)?.and_then(|g| g.series_id);
    Ok(first.map(|first| format!("/partidas/{first}{rest}")))
}

/// The game a path is about (`/partidas/{id}` or below), and the rest of the path.
fn game_path(path: &str) -> Option<(i32, &str)> {
    let rest = path.strip_prefix("/partidas/")?;
    let (id, rest) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    Some((id.parse().ok()?, rest))
}

/// Forgets the ended grants (a PIN was typed again).
fn forget_ended(session: &Session) {
    session.remove(S_PINS_ENDED);
}

/// Whether `path` is the page `page` or one below it.
pub fn under(path: &str, page: &str) -> bool {
    path == page
        || path
            .strip_prefix(page)
            .is_some_and(|rest| rest.starts_with('/'))
}
