//! The games championship tables play, hand by hand, and the rows of its tables. A
//! table of a championship in `hands` mode gets its first partida when its match is
//! drawn ([`insert_tables`]: seats, first dealer and options from the draw and the
//! championship); a table's proposal, result and audit are written here, and knockout
//! tables are opened as their matches become ready ([`open_bracket_tables`]). A new
//! championship's row and document are inserted here ([`insert_championship`],
//! [`insert_document`]) and a championship is exported ([`export`]) with its games.
//! The workflows that create or import a championship, draw a round, sync a table
//! after a change to its game, confirm and correct its result (in its round or its
//! bracket) live in `service::championship`.

use crate::domain::status::{EntryMode, GameStatus, TableStatus};
use chrono::{NaiveDate, NaiveDateTime, TimeDelta};
use diesel::prelude::*;

use super::store::{self as store, ChangeError, Proposal, TableRow, Tournament};
use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::brackets;
use crate::db::games::{self, Game, NewGame, NewHand};
use crate::db::rows::{LoadOne, insert_returning_id};
use crate::db::schema::{championship_documents, championship_tables, championships};
use crate::domain::bracket::{Bracket, EntrantId, MatchId};
use crate::domain::entry::{self, Entered, GAME_FORMAT, GameDoc, GameSetup, HandDoc, HandScore};
use crate::domain::lang::Lang;
use crate::domain::tournament::people;
use crate::domain::tournament::played::{self, Decided, Partida};
use crate::domain::tournament::{
    self, MatchFormat, MatchResult, Pairing, Round, Side, TournamentFile,
};

pub(crate) fn corrupt(e: impl std::fmt::Display) -> diesel::result::Error {
    diesel::result::Error::DeserializationError(format!("table game: {e}").into())
}

pub(crate) fn side_text(s: Option<Side>) -> Option<&'static str> {
    s.map(|s| if s == Side::A { "a" } else { "b" })
}

/// Inserts a game row (with its audit entry) and returns its id.
#[allow(clippy::too_many_arguments)]
pub fn insert_game(
    conn: &mut DbConn,
    club_id: i32,
    setup: &GameSetup,
    seats: &[String],
    pin: &str,
    series: (Option<i32>, i32),
    actor: &str,
    now: NaiveDateTime,
) -> QueryResult<i32> {
    let options = serde_json::Value::Object(setup.options.clone()).to_string();
    let seats_json = serde_json::to_string(seats).map_err(corrupt)?;
    // A game without hands stands at zero, its first dealer to deal.
    let tail = entry::Tail::of(&entry::scoreboard(setup, &[]), 0).to_json();
    let id = games::insert_game(
        conn,
        &NewGame {
            club_id,
            game: setup.game.slug(),
            players: i32::from(setup.players),
            options: &options,
            first_dealer: i32::from(setup.first_dealer),
            seats: &seats_json,
            status: GameStatus::Playing.as_str(),
            pin,
            created_by: actor,
            created_at: now,
            updated_at: now,
            series_id: series.0,
            best_of: series.1,
            tail: Some(&tail),
        },
    )?;
    let made = serde_json::json!({"game": setup.game.slug(), "players": setup.players,
        "seats": seats, "options": setup.options});
    let audit = NewAudit::creation(
        (actor, now),
        ("game", id),
        Some(club_id),
        None,
        made.to_string(),
    );
    accounts::insert_audit(conn, &audit)?;
    Ok(id)
}

/// The first partida of a table's match, or `None` when the championship's game
/// cannot be played at a two-sided table. `a` and `b` are the entrants' names.
#[allow(clippy::too_many_arguments)]
fn create_match_game(
    conn: &mut DbConn,
    club_id: i32,
    file: &TournamentFile,
    draw: (u32, u32),
    a: &str,
    b: &str,
    actor: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<i32>> {
    let ev = &file.championship;
    let Some(players) = played::table_players(ev.game, &ev.options) else {
        return Ok(None);
    };
    let options = played::table_options(ev.game, &ev.options, &ev.match_format);
    let seats = people::table_seats(file, players, &options, a, b);
    let setup = GameSetup {
        game: ev.game,
        players,
        first_dealer: played::first_dealer(ev.seed, draw.0, draw.1, players),
        options,
    };
    // A table's partidas open with the table's PINs only, never a game PIN.
    let series = (None, best_of(&ev.match_format));
    insert_game(conn, club_id, &setup, &seats, "", series, actor, now).map(Some)
}

/// How many partidas a match of `format` (each of its cotos) is played over at most.
fn best_of(format: &MatchFormat) -> i32 {
    match format {
        MatchFormat::BestOf { partidas, .. } => i32::try_from(*partidas).unwrap_or(1),
        _ => 1,
    }
}

/// Gives a new table (row `table_id`) its first partida, when the championship's
/// game can be played at a two-sided table: seated from draw `draw`, pairs named
/// `names`, in club `club_id` of championship `file`, made by `actor`.
pub fn open_match_game(
    conn: &mut DbConn,
    table_id: i32,
    (club_id, file, actor): (i32, &TournamentFile, &str),
    draw: (u32, u32),
    names: &[String; 2],
    now: NaiveDateTime,
) -> QueryResult<()> {
    let [a, b] = names;
    if let Some(g) = create_match_game(conn, club_id, file, draw, a, b, actor, now)? {
        link_game(conn, table_id, g)?;
    }
    Ok(())
}

/// Links a game to a table.
pub fn link_game(conn: &mut DbConn, table_id: i32, game_id: i32) -> QueryResult<usize> {
    diesel::update(championship_tables::table.find(table_id))
        .set(championship_tables::game_id.eq(Some(game_id)))
        .execute(conn)
}

/// The table whose match a game belongs to (through the first game of its series).
pub fn table_of_game(conn: &mut DbConn, game: &Game) -> QueryResult<Option<TableRow>> {
    table_of_match(conn, game.series_id.unwrap_or(game.id))
}

/// The championship table whose match begins with game `first`, if any.
pub fn table_of_match(conn: &mut DbConn, first: i32) -> QueryResult<Option<TableRow>> {
    championship_tables::table
        .filter(championship_tables::game_id.eq(Some(first)))
        .select(TableRow::as_select())
        .load_one(conn)
}

/// A stored game as a `baza-game/1` document, hands as entered, each with its stored
/// score whose notes people read (seats and pairs numbered from 1 and named).
pub fn game_doc(conn: &mut DbConn, g: &Game) -> QueryResult<GameDoc> {
    let hands = games::game_hands(conn, g.id)?;
    let options: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&g.options).map_err(corrupt)?;
    let game = g.game.parse().map_err(corrupt)?;
    let hands = hands
        .iter()
        .map(|h| {
            Ok(HandDoc {
                dealer: u8::try_from(h.dealer).unwrap_or(0),
                entered: Entered::from_parts(&h.kind, &h.entry).map_err(corrupt)?,
                score: serde_json::from_str(&h.score).ok(),
            })
        })
        .collect::<QueryResult<Vec<_>>>()?;
    let mut doc = GameDoc {
        format: GAME_FORMAT.to_owned(),
        game,
        players: u8::try_from(g.players).unwrap_or(0),
        options,
        first_dealer: u8::try_from(g.first_dealer).unwrap_or(0),
        seats: serde_json::from_str(&g.seats).unwrap_or_default(),
        hands,
        scoreboard: None,
    };
    // A stored score keeps its notes in Spanish (see `StoredScore`).
    doc.name_notes(Lang::Es);
    Ok(doc)
}

/// The partidas of a table's match as documents, in order.
pub fn match_docs(conn: &mut DbConn, first: i32) -> QueryResult<Vec<GameDoc>> {
    games::series_games(conn, first)?
        .iter()
        .map(|g| game_doc(conn, g))
        .collect()
}

/// The partidas a table has played, from its first game (none before it has one).
fn table_games(conn: &mut DbConn, first: Option<i32>) -> QueryResult<Vec<GameDoc>> {
    match first {
        Some(first) => match_docs(conn, first),
        None => Ok(Vec::new()),
    }
}

/// Stores a whole `baza-game/1` document as a game with its hands (an import).
pub fn insert_game_doc(
    conn: &mut DbConn,
    club_id: i32,
    doc: &GameDoc,
    series: (Option<i32>, i32),
    actor: &str,
    now: NaiveDateTime,
) -> QueryResult<i32> {
    let (scores, board) = doc
        .score(Lang::En)
        .map_err(|(i, _)| corrupt(format!("hand {} does not score", i + 1)))?;
    let id = insert_game(
        conn,
        club_id,
        &doc.setup(),
        &doc.seats,
        "",
        series,
        actor,
        now,
    )?;
    let hands: Vec<(u8, Entered)> = doc
        .hands
        .iter()
        .map(|h| (h.dealer, h.entered.clone()))
        .collect();
    store_hands(conn, id, &hands, &scores, &board, now)?;
    Ok(id)
}

/// Writes hands already checked and scored (`scores`, with the `board` they give)
/// into an empty game, and the game's outcome.
pub fn store_hands(
    conn: &mut DbConn,
    id: i32,
    hands: &[(u8, Entered)],
    scores: &[HandScore],
    board: &entry::Scoreboard,
    now: NaiveDateTime,
) -> QueryResult<()> {
    for (i, ((dealer, entered), s)) in hands.iter().zip(scores).enumerate() {
        let no = i32::try_from(i + 1).unwrap_or(i32::MAX);
        let totals = board.running.get(i).map_or(&[][..], Vec::as_slice);
        let score = entry::StoredScore::text_of(s, totals).map_err(corrupt)?;
        games::insert_hand(
            conn,
            &NewHand {
                game_id: id,
                hand_no: no,
                kind: entered.kind(),
                dealer: i32::from(*dealer),
                entry: &entered.entry_json(),
                score: &score,
                submission: &format!("import-{id}-{no}"),
                created_at: now,
                updated_at: now,
            },
        )?;
    }
    let (status, winner) = games::outcome_of(board.game_over.as_ref());
    let last = i32::try_from(hands.len()).unwrap_or(i32::MAX);
    let tail = entry::Tail::of(board, last);
    games::set_result(conn, id, (status, winner), &tail.to_json())?;
    Ok(())
}

/// The partida a stored game is, from its hands' stored scores; `deadline`: when a
/// timed match's minutes run out (which hands were entered late).
pub(crate) fn partida_of(
    conn: &mut DbConn,
    g: &Game,
    deadline: Option<NaiveDateTime>,
) -> QueryResult<(Partida, bool)> {
    let hands = games::game_hands(conn, g.id)?;
    let scores: Vec<HandScore> = hands
        .iter()
        .map(|h| serde_json::from_str(&h.score).map_err(corrupt))
        .collect::<QueryResult<_>>()?;
    let options = serde_json::from_str(&g.options).map_err(corrupt)?;
    let setup = GameSetup {
        game: g.game.parse().map_err(corrupt)?,
        players: u8::try_from(g.players).unwrap_or(0),
        options,
        first_dealer: u8::try_from(g.first_dealer).unwrap_or(0),
    };
    let board = entry::scoreboard(&setup, &scores);
    let mut partida = Partida::of_game(setup.game, &setup.options, &board, hands.len());
    // The first hand entered once the minutes were up; none yet: the next one.
    partida.late_from = deadline.and_then(|d| {
        let late = hands
            .iter()
            .position(|h| h.created_at >= d)
            .unwrap_or(hands.len());
        u32::try_from(late + 1).ok()
    });
    Ok((partida, board.game_over.is_some()))
}

/// When a timed match's minutes run out, once its table has started.
pub(crate) fn deadline(format: &MatchFormat, row: &TableRow) -> Option<NaiveDateTime> {
    match (format, row.started_at) {
        (MatchFormat::Timed { minutes, .. }, Some(start)) => {
            Some(start + TimeDelta::minutes(i64::from(*minutes)))
        }
        _ => None,
    }
}

/// Where a table's timed match stands under its limits and its rule for draws (what
/// the table is told when the scores are level at the end of its limits); `None`
/// for other formats or before its first partida.
pub fn timed_stage(
    conn: &mut DbConn,
    format: &MatchFormat,
    row: &TableRow,
    now: NaiveDateTime,
) -> QueryResult<Option<tournament::draws::Stage>> {
    let (
        MatchFormat::Timed {
            max_hands, draws, ..
        },
        Some(first),
    ) = (format, row.game_id)
    else {
        return Ok(None);
    };
    let Some(g) = games::find_game(conn, first)? else {
        return Ok(None);
    };
    let (p, _) = partida_of(conn, &g, deadline(format, row))?;
    // A knockout match cannot end level: it plays on where a round's draw stands.
    let stage = if row.phase != 0 {
        tournament::draws::knockout_stage
    } else {
        tournament::draws::stage
    };
    Ok(Some(stage(
        *max_hands,
        *draws,
        &p.progress(),
        time_up(format, row, now),
    )))
}

/// [`timed_stage`] of a championship table's match, its format read from the
/// championship.
pub fn stage_of_table(
    conn: &mut DbConn,
    row: &TableRow,
    now: NaiveDateTime,
) -> QueryResult<Option<tournament::draws::Stage>> {
    match store::load(conn, row.championship_id)? {
        Some(t) => timed_stage(conn, &t.file.championship.match_format, row, now),
        None => Ok(None),
    }
}

/// Whether a timed match's minutes have run out at `now`.
pub fn time_up(format: &MatchFormat, row: &TableRow, now: NaiveDateTime) -> bool {
    deadline(format, row).is_some_and(|end| now >= end)
}

/// The state of a table's match from its partidas: the result if decided.
pub fn match_state(
    conn: &mut DbConn,
    format: &MatchFormat,
    row: &TableRow,
    now: NaiveDateTime,
) -> QueryResult<(Vec<Partida>, Option<Decided>)> {
    let Some(first) = row.game_id else {
        return Ok((Vec::new(), None));
    };
    let list = games::series_games(conn, first)?;
    let mut partidas = Vec::with_capacity(list.len());
    for g in &list {
        partidas.push(partida_of(conn, g, deadline(format, row))?.0);
    }
    let decided = played::decide_in(format, &partidas, time_up(format, row, now), row.phase != 0);
    Ok((partidas, decided))
}

/// Whether the table of a game lets `who` change it: a confirmed table only by the
/// director or a referee.
pub fn may_change(conn: &mut DbConn, game: &Game, staff: bool) -> QueryResult<bool> {
    Ok(match table_of_game(conn, game)? {
        Some(row) => staff || row.status != TableStatus::Final,
        None => true,
    })
}

/// Writes the proposal of a table's game (`Proposal::NONE`: withdrawn) with the
/// table's next version: how many rows it wrote.
pub(crate) fn set_proposal(
    conn: &mut DbConn,
    row: &TableRow,
    proposal: &Proposal,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(championship_tables::table.find(row.id))
        .set((
            proposal,
            championship_tables::version.eq(row.version + 1),
            championship_tables::updated_at.eq(now),
        ))
        .execute(conn)
}

pub(crate) fn result_of(
    table: u32,
    d: Decided,
    format: &MatchFormat,
    row: &TableRow,
    now: NaiveDateTime,
) -> MatchResult {
    MatchResult {
        table,
        score: d.score,
        winner: d.winner,
        time_up: matches!(format, MatchFormat::Timed { .. }) && time_up(format, row, now),
        ..MatchResult::default()
    }
}

/// The result a table has in its phase now (score and winner).
pub(crate) fn current_result(
    conn: &mut DbConn,
    t: &Tournament,
    row: &TableRow,
) -> QueryResult<Option<([u32; 2], Option<Side>)>> {
    if row.phase == 0 {
        return Ok(t
            .round(row.round_no as u32)
            .and_then(|r| r.result(row.table_no as u32))
            .map(|r| (r.score, r.winner.or(Side::by_score(r.score)))));
    }
    let Some(b) = brackets::find_bracket(conn, row.phase)? else {
        return Ok(None);
    };
    let bracket: Bracket = serde_json::from_str(&b.document).map_err(corrupt)?;
    let m = MatchId(row.table_no.max(1) as u32 - 1);
    Ok(bracket.get(m).and_then(|x| x.result).map(|o| {
        let score = o.score.unwrap_or([0, 0]);
        let side = x_side(bracket.get(m).map(|x| x.entrants()), o.winner);
        (score, side)
    }))
}

fn x_side(entrants: Option<[Option<EntrantId>; 2]>, w: EntrantId) -> Option<Side> {
    let e = entrants?;
    if e[0] == Some(w) {
        Some(Side::A)
    } else if e[1] == Some(w) {
        Some(Side::B)
    } else {
        None
    }
}

/// Writes to the audit `action` at table `row` by `actor`: the result `d` it names,
/// if any, the pair whose PIN it came with (`side`), and at a knockout table the
/// pairs seated there now.
#[allow(clippy::too_many_arguments)]
pub(crate) fn audit_table(
    conn: &mut DbConn,
    t: &Tournament,
    row: &TableRow,
    action: &str,
    actor: &str,
    now: NaiveDateTime,
    d: Option<&Decided>,
    side: Option<Side>,
) -> QueryResult<usize> {
    let pairs = knockout_pairs(conn, row)?;
    insert_table_audit(conn, (t, row), (action, actor, now), (d, side), pairs)
}

/// Writes to the audit that knockout table `row`, where `pairs` played, was annulled
/// by `actor` (a correction changed its match): it is played again.
pub(crate) fn audit_void(
    conn: &mut DbConn,
    t: &Tournament,
    row: &TableRow,
    pairs: Option<[String; 2]>,
    (actor, now): (&str, NaiveDateTime),
) -> QueryResult<usize> {
    insert_table_audit(conn, (t, row), ("void", actor, now), (None, None), pairs)
}

/// The audit row of a table's result, with the pairs seated there when written.
fn insert_table_audit(
    conn: &mut DbConn,
    (t, row): (&Tournament, &TableRow),
    (action, actor, now): (&str, &str, NaiveDateTime),
    (d, side): (Option<&Decided>, Option<Side>),
    pairs: Option<[String; 2]>,
) -> QueryResult<usize> {
    let mut after = serde_json::json!({
        "phase": row.phase, "round": row.round_no, "table": row.table_no,
        "score": d.map(|d| d.score), "winner": d.and_then(|d| side_text(d.winner)),
        "side": side_text(side), "from": "games",
    });
    accounts::set_pairs(&mut after, pairs);
    if let Some(side) = side {
        accounts::set_by_pair(&mut after, side);
    }
    let audit = table_audit(t, row, (action, actor, now), None, after);
    accounts::insert_audit(conn, &audit)
}

/// The pairs (a, b) seated now at knockout table `row`, as its bracket names them;
/// `None` at a round's table, or while its match waits for a pair.
pub(crate) fn knockout_pairs(
    conn: &mut DbConn,
    row: &TableRow,
) -> QueryResult<Option<[String; 2]>> {
    if row.phase == 0 {
        return Ok(None);
    }
    let Some(b) = brackets::find_bracket(conn, row.phase)? else {
        return Ok(None);
    };
    let bracket: Bracket = serde_json::from_str(&b.document).map_err(corrupt)?;
    let names: Vec<String> = serde_json::from_str(&b.entrants).map_err(corrupt)?;
    let m = MatchId(u32::try_from(row.table_no.max(1) - 1).unwrap_or_default());
    Ok(bracket.get(m).and_then(|m| m.entrant_names(&names)))
}

/// The audit line `action` of table `row`'s result, with what it was and is.
fn table_audit<'a>(
    t: &Tournament,
    row: &TableRow,
    (action, actor, now): (&'a str, &'a str, NaiveDateTime),
    before: Option<serde_json::Value>,
    after: serde_json::Value,
) -> NewAudit<'a> {
    NewAudit::new(
        (actor, now),
        action,
        ("result", row.id),
        (Some(t.championship.club_id), Some(t.championship.id)),
        (before.map(|b| b.to_string()), Some(after.to_string())),
    )
}

/// Writes to the audit that the director moved the match of `row` to hall table
/// `physical`.
pub(crate) fn audit_move(
    conn: &mut DbConn,
    t: &Tournament,
    row: &TableRow,
    physical: i32,
    actor: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let mut after = serde_json::json!({
        "phase": row.phase, "round": row.round_no, "table": row.table_no,
        "physical": physical,
    });
    accounts::set_pairs(&mut after, knockout_pairs(conn, row)?);
    let before = serde_json::json!({ "physical": row.physical });
    let audit = table_audit(t, row, ("moved", actor, now), Some(before), after);
    accounts::insert_audit(conn, &audit)
}

/// Deletes table row `id` (a knockout table whose match was annulled).
pub(crate) fn delete_table(conn: &mut DbConn, id: i32) -> QueryResult<usize> {
    diesel::delete(championship_tables::table.find(id)).execute(conn)
}

/// A four-digit PIN from the system's randomness.
pub fn random_pin() -> String {
    let mut b = [0u8; 4];
    if getrandom::fill(&mut b).is_err() {
        return String::new();
    }
    format!("{:04}", u32::from_le_bytes(b) % 10_000)
}

/// The hall's tables taken: those of the championship's matches still played.
fn busy_tables(conn: &mut DbConn, championship_id: i32) -> QueryResult<Vec<i32>> {
    Ok(championship_tables::table
        .filter(championship_tables::championship_id.eq(championship_id))
        .filter(championship_tables::status.ne(TableStatus::Final.as_str()))
        .select(championship_tables::physical)
        .load::<Option<i32>>(conn)?
        .into_iter()
        .flatten()
        .collect())
}

/// Opens a table (with its first partida, in `hands` mode) for every ready match of a
/// knockout phase that has none yet. A knockout table's number is its match's number
/// in the bracket, its physical table the hall's first one free; it starts at once.
#[allow(clippy::too_many_arguments)]
pub fn open_bracket_tables(
    conn: &mut DbConn,
    t: &Tournament,
    bracket_id: i32,
    bracket: &Bracket,
    names: &[String],
    actor: &str,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> QueryResult<usize> {
    let existing: Vec<i32> = store::phase_tables(conn, t.championship.id, bracket_id)?
        .iter()
        .map(|r| r.table_no)
        .collect();
    let mut busy = busy_tables(conn, t.championship.id)?;
    let mut opened = 0;
    for (i, m) in bracket.matches().iter().enumerate() {
        let no = i32::try_from(i + 1).unwrap_or(i32::MAX);
        if !m.is_playable() || existing.contains(&no) {
            continue;
        }
        let [Some(ea), Some(eb)] = m.entrants() else {
            continue;
        };
        let name = |e: EntrantId| e.name_in(names).unwrap_or_default();
        let (pin_a, pin_b) = store::two_pins(pins);
        // The first free table of the hall.
        let physical = (1..).find(|n| !busy.contains(n)).unwrap_or(no);
        busy.push(physical);
        let new = store::NewTable {
            place: (t.championship.id, bracket_id, 0, no),
            physical: Some(physical),
            pins: (&pin_a, &pin_b),
            status: TableStatus::Playing.as_str(),
            started_at: Some(now),
        };
        let id = store::insert_table(conn, &new, now)?;
        if t.entry_mode == EntryMode::Hands {
            let seated = (t.championship.club_id, &t.file, actor);
            let draw = (1000 + bracket_id as u32, no as u32);
            open_match_game(conn, id, seated, draw, &[name(ea), name(eb)], now)?;
        }
        opened += 1;
    }
    Ok(opened)
}

/// The games of every table of a championship's rounds that played hand by hand,
/// put into its file's results (for export): the source of a result the table's
/// games gave, a record beside a typed one (which the file marks typed).
pub fn attach_games(
    conn: &mut DbConn,
    championship_id: i32,
    file: &mut TournamentFile,
) -> QueryResult<()> {
    let championship = file.championship.clone();
    for row in store::tables(conn, championship_id)? {
        if row.status != TableStatus::Final
            && let Some(round) = file
                .rounds
                .iter_mut()
                .find(|r| r.number == row.round_no as u32)
            && round.result(row.table_no as u32).is_none()
        {
            // A table still playing: its partidas so far, if it has entered a hand;
            // switched to typed results, waiting for one (its games, if its game
            // began, a record).
            let games = table_games(conn, row.game_id)?;
            let typed = row.typed != 0;
            if typed || games.iter().any(|g| !g.hands.is_empty()) {
                round.in_play.push(crate::domain::tournament::InPlay {
                    table: row.table_no as u32,
                    games,
                    typed,
                });
            }
            continue;
        }
        let Some(first) = row.game_id.filter(|_| row.status == TableStatus::Final) else {
            continue;
        };
        let Some(r) = file
            .rounds
            .iter_mut()
            .find(|r| r.number == row.round_no as u32)
            .and_then(|r| {
                r.results
                    .iter_mut()
                    .find(|x| x.table == row.table_no as u32)
            })
        else {
            continue;
        };
        let games = match_docs(conn, first)?;
        r.attach_games(&championship, games, row.typed != 0);
    }
    Ok(())
}

/// The games of every table of a knockout phase (bracket `bracket_id`) that played
/// hand by hand, put into the phase (for export): see [`tournament::PhaseTable::of`].
pub fn attach_phase_games(
    conn: &mut DbConn,
    championship_id: i32,
    bracket_id: i32,
    file: &TournamentFile,
    phase: &mut tournament::BracketPhase,
) -> QueryResult<()> {
    for row in store::phase_tables(conn, championship_id, bracket_id)? {
        let games = table_games(conn, row.game_id)?;
        let table = u32::try_from(row.table_no).unwrap_or(0);
        let typed = row.typed != 0;
        if let Some(entry) =
            tournament::PhaseTable::of(&file.championship, &phase.bracket, table, games, typed)
        {
            phase.tables.push(entry);
        }
    }
    Ok(())
}

/// Stores the tables a knockout phase of an imported file carries, as tables of its
/// bracket `bracket_id` with their games: final where the bracket has the match's
/// result, else still playing (from `now`, at the hall's first free table), where its
/// partidas left off.
pub fn store_phase_games(
    conn: &mut DbConn,
    (championship_id, club_id, bracket_id): (i32, i32, i32),
    file: &TournamentFile,
    phase: &tournament::BracketPhase,
    actor: &str,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> QueryResult<()> {
    let best_of = best_of(&file.championship.match_format);
    let mut busy = busy_tables(conn, championship_id)?;
    for entry in &phase.tables {
        let m = entry
            .table
            .checked_sub(1)
            .and_then(|i| phase.bracket.get(MatchId(i)));
        let outcome = m.and_then(|m| m.result.as_ref());
        let (pin_a, pin_b) = store::two_pins(pins);
        let no = i32::try_from(entry.table).unwrap_or(i32::MAX);
        // A table still playing takes the hall's first free table, as when it opened.
        let physical = outcome.is_none().then(|| {
            let free = (1..).find(|n| !busy.contains(n)).unwrap_or(no);
            busy.push(free);
            free
        });
        let new = store::NewTable {
            place: (championship_id, bracket_id, 0, no),
            physical,
            pins: (&pin_a, &pin_b),
            status: if outcome.is_some() {
                TableStatus::Final
            } else {
                TableStatus::Playing
            }
            .as_str(),
            started_at: outcome.is_none().then_some(now),
        };
        let id = store::insert_table(conn, &new, now)?;
        let mut first = None;
        for doc in &entry.games {
            let g = insert_game_doc(conn, club_id, doc, (first, best_of), actor, now)?;
            first.get_or_insert(g);
        }
        if let Some(f) = first {
            link_game(conn, id, f)?;
        }
        if entry.typed {
            diesel::update(championship_tables::table.find(id))
                .set(championship_tables::typed.eq(1))
                .execute(conn)?;
        }
        if let (Some(o), Some(m)) = (outcome, m) {
            // The result as its table confirmed it, as a knockout table keeps it.
            let side = x_side(Some(m.entrants()), o.winner);
            diesel::update(championship_tables::table.find(id))
                .set((
                    championship_tables::proposed_a.eq(o.score.map(|s| s[0] as i32)),
                    championship_tables::proposed_b.eq(o.score.map(|s| s[1] as i32)),
                    championship_tables::proposed_winner.eq(side_text(side)),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// Stores the games a file's results carry (an import) and links them to their tables.
pub fn store_imported_games(
    conn: &mut DbConn,
    championship_id: i32,
    club_id: i32,
    file: &TournamentFile,
    actor: &str,
    now: NaiveDateTime,
) -> QueryResult<()> {
    for round in &file.rounds {
        let finished = round
            .results
            .iter()
            .filter(|r| !r.games.is_empty())
            .map(|r| (r.table, &r.games));
        let in_play = round.in_play.iter().map(|p| (p.table, &p.games));
        for p in round.in_play.iter().filter(|p| p.typed) {
            // Switched to typed results, waiting for one: so it stays.
            if let Some(row) =
                store::find_table(conn, championship_id, round.number as i32, p.table as i32)?
            {
                diesel::update(championship_tables::table.find(row.id))
                    .set(championship_tables::typed.eq(1))
                    .execute(conn)?;
            }
        }
        for (table, games) in finished.chain(in_play) {
            let Some(row) =
                store::find_table(conn, championship_id, round.number as i32, table as i32)?
            else {
                continue;
            };
            let best_of = best_of(&file.championship.match_format);
            let mut first = None;
            for doc in games {
                let id = insert_game_doc(conn, club_id, doc, (first, best_of), actor, now)?;
                first.get_or_insert(id);
            }
            if let Some(f) = first {
                link_game(conn, row.id, f)?;
            }
            // A typed result's games are a record: they no longer speak for the table.
            if round.result(table).is_some_and(|r| !r.from_games()) {
                diesel::update(championship_tables::table.find(row.id))
                    .set(championship_tables::typed.eq(1))
                    .execute(conn)?;
            }
        }
    }
    Ok(())
}

/// Takes the championship's write lock (see `store::touch`) and reads it and the
/// table of `row` again.
pub(crate) fn lock_table(
    conn: &mut DbConn,
    row: &TableRow,
) -> Result<(Tournament, TableRow), ChangeError> {
    store::touch(conn, row.championship_id)?;
    let t = store::load(conn, row.championship_id)?.ok_or(ChangeError::NotFound)?;
    let fresh = store::table_again(conn, row)?.ok_or(ChangeError::NotFound)?;
    Ok((t, fresh))
}

/// How far each table's game is: (partidas so far, hands in the last one), by table
/// row id, for the tables that play hand by hand.
pub fn progress(
    conn: &mut DbConn,
    rows: &[TableRow],
) -> QueryResult<std::collections::HashMap<i32, (usize, usize)>> {
    let mut out = std::collections::HashMap::new();
    for row in rows {
        let Some(first) = row.game_id.filter(|_| row.typed == 0) else {
            continue;
        };
        let list = games::series_games(conn, first)?;
        let hands = match list.last() {
            Some(g) => games::game_hands(conn, g.id)?.len(),
            None => 0,
        };
        out.insert(row.id, (list.len(), hands));
    }
    Ok(out)
}

/// Inserts a new championship's row, its listing columns copied from `file`: its id.
pub(crate) fn insert_championship(
    conn: &mut DbConn,
    club_id: i32,
    file: &TournamentFile,
    starts_on: NaiveDate,
    now: NaiveDateTime,
) -> QueryResult<i32> {
    let options = serde_json::Value::Object(file.championship.options.clone()).to_string();
    let phases: Vec<bool> = file
        .brackets
        .iter()
        .map(|p| p.bracket.champion().is_some())
        .collect();
    let championship = (
        championships::club_id.eq(club_id),
        championships::name.eq(&file.championship.name),
        championships::game.eq(file.championship.game.slug()),
        championships::format.eq(store::format_of(&file.championship.system).as_str()),
        championships::status.eq(store::status_with_phases(file, &phases).as_str()),
        championships::options.eq(&options),
        championships::rounds_planned.eq(store::rounds_planned(file)),
        championships::starts_on.eq(starts_on),
        championships::created_at.eq(now),
    );
    insert_returning_id(conn, championships::table, championship)
}

/// Inserts the document of new championship `championship_id` (version 0, nobody
/// checked in), its rounds up to `published` shown; `hands`: its tables play Baza
/// games hand by hand.
pub(crate) fn insert_document(
    conn: &mut DbConn,
    championship_id: i32,
    document: &str,
    published: i32,
    hands: bool,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::insert_into(championship_documents::table)
        .values((
            championship_documents::championship_id.eq(championship_id),
            championship_documents::document.eq(document),
            championship_documents::checked_in.eq("[]"),
            championship_documents::tables_available.eq(0),
            championship_documents::published_round.eq(published),
            championship_documents::version.eq(0),
            championship_documents::updated_at.eq(now),
            championship_documents::entry_mode.eq(EntryMode::of(hands).as_str()),
        ))
        .execute(conn)
}

/// A championship as a `baza-tournament/1` file.
pub struct Export {
    pub file: TournamentFile,
    /// Brackets linked to the championship that the file cannot carry (an entrant
    /// of theirs is not an entrant of the championship), by name.
    pub left_out: Vec<String>,
}

/// A championship as a `baza-tournament/1` file: its document plus, as knockout
/// phases, the brackets linked to it whose entrants are all entrants of the file
/// (matched by name), and its repesca liguilla. `None`: no such championship.
pub fn export(conn: &mut DbConn, championship_id: i32) -> QueryResult<Option<Export>> {
    let Some(t) = store::load(conn, championship_id)? else {
        return Ok(None);
    };
    let mut file = t.file;
    file.championship.starts_on = Some(t.championship.starts_on);
    attach_games(conn, championship_id, &mut file)?;
    let (phases, left_out) = store::linked_phases_by_id(conn, championship_id, &file)?;
    for (bracket_id, mut phase) in phases {
        attach_phase_games(conn, championship_id, bracket_id, &file, &mut phase)?;
        file.brackets.push(phase);
    }
    super::liguilla::attach(conn, championship_id, &mut file, true)?;
    Ok(Some(Export { file, left_out }))
}

/// What a round's new tables are drawn for.
pub(crate) struct Draw<'a> {
    pub(crate) championship_id: i32,
    pub(crate) club_id: i32,
    pub(crate) file: &'a TournamentFile,
    /// The tables play Baza games.
    pub(crate) hands: bool,
    pub(crate) actor: &'a str,
}

/// Inserts the tables of a new round: the first `available` (all when 0) get a
/// physical table of the same number, the others queue. Each pair gets its PIN; in
/// `hands` mode each table its first partida. A table whose result is already in the
/// round (an import) is final.
pub(crate) fn insert_tables(
    conn: &mut DbConn,
    draw: &Draw,
    round: &Round,
    available: i32,
    pins: &mut dyn FnMut() -> String,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let mut free = if available > 0 { available } else { i32::MAX };
    for p in &round.pairings {
        let Pairing::Table(t) = p else { continue };
        let done = round.result(t.table).is_some();
        let physical = if done {
            Some(t.table as i32)
        } else if free > 0 {
            free -= 1;
            Some(t.table as i32)
        } else {
            None
        };
        let (pin_a, pin_b) = store::two_pins(pins);
        let new = store::NewTable {
            place: (draw.championship_id, 0, round.number as i32, t.table as i32),
            physical,
            pins: (&pin_a, &pin_b),
            status: if done {
                TableStatus::Final
            } else {
                TableStatus::Playing
            }
            .as_str(),
            started_at: None,
        };
        let id = store::insert_table(conn, &new, now)?;
        // A table in play in the file gets its partidas from it (store_imported_games).
        let in_play = round.in_play.iter().any(|p| p.table == t.table);
        if draw.hands && !done && !in_play {
            let pairs = [&t.a, &t.b].map(|e| store::entrant_name(draw.file, e));
            let seated = (draw.club_id, draw.file, draw.actor);
            let at = (round.number, t.table);
            open_match_game(conn, id, seated, at, &pairs, now)?;
        }
    }
    Ok(())
}
