//! One table of a championship, in its rounds or in a knockout phase: the pairs'
//! PINs, the game the table plays hand by hand (or its typed result), and the other
//! pair's confirmation ("firma", in `firma.rs`).

use crate::error::Malformed;
use crate::web::asks::Asks;
use crate::web::done::Done;

use super::*;
use crate::db::brackets as bracket_store;
use crate::db::championship::tables;
use crate::db::games;
use crate::domain::bracket::{Bracket, MatchId};
use crate::domain::games::rules::BothReach;
use crate::domain::games::rules_of;
use crate::domain::refusal::Place;
use crate::domain::status::EntryMode;
use crate::web::manage::record_result;

pub use super::at_table::AtTable;
pub use crate::web::tables_held::{S_TABLE_SIDES, sides_held, table_path};

pub(super) fn grant_side(session: &Session, row: i32, side: &str) -> Result<(), AppError> {
    let mut held = sides_held(session);
    if !held.iter().any(|(r, s)| *r == row && s == side) {
        held.push((row, side.to_owned()));
    }
    crate::web::auth::session_put(session, S_TABLE_SIDES, held)
}

/// The pairs of this table whose PIN this browser holds.
pub(super) fn sides_of(session: &Session, row: &TableRow) -> Vec<String> {
    sides_held(session)
        .into_iter()
        .filter(|(r, _)| *r == row.id)
        .map(|(_, s)| s)
        .collect()
}

/// Which table: of a round (round, table) or of a knockout phase (bracket, match
/// number).
#[derive(Debug, Clone, Copy)]
pub(super) enum Key {
    Round(u32, u32),
    Phase(i32, u32),
}

#[derive(Template)]
#[template(path = "tournament_table.html")]
struct TablePage<'a> {
    ctx: &'a Ctx,
    championship_id: i32,
    championship_name: String,
    /// The table's page (its forms post below it).
    path: String,
    /// "Ronda 2 · Mesa 3" or "Fase final · Mesa 5".
    place: String,
    physical: Option<i32>,
    a: String,
    b: String,
    result: Option<String>,
    /// Without a result yet, the score of the table's one partida so far, shown
    /// where the result will stand.
    running: Option<String>,
    status: String,
    /// The proposed score and, when the game named one, the winner's name.
    proposal: Option<(String, Option<String>)>,
    /// The proposal is a draw: no pair lost, the other pair signs.
    draw_proposed: bool,
    version: i32,
    staff: bool,
    /// This browser holds a pair's PIN for the table.
    scorekeeper: bool,
    /// The names of the pairs whose PIN this browser holds.
    held: String,
    /// This browser may confirm the proposal without typing a PIN.
    can_sign: bool,
    /// Results are typed here (a result-only championship, or a table switched to
    /// typed entry, or the director).
    typed_entry: bool,
    /// The table plays hand by hand: the current partida and a line about it.
    game_href: Option<String>,
    game_line: Option<String>,
    time_left: Option<String>,
    /// The director may switch the table to typed results (a phone died).
    can_switch: bool,
    /// The director may move the match to another hall table (this one broke), and
    /// the number typed for it.
    can_move: bool,
    /// The organiser sees the pairs' PINs and may change them (a slip lost).
    pins: Option<(String, String)>,
    move_to: String,
    /// Both sides may pass the target and the winner is then declared (guiñote).
    winner_declared: bool,
    form: (String, String),
    error: Option<String>,
    dependents: Vec<String>,
    /// Who would have met in the later rounds with the correction.
    hindsight: Vec<String>,
    carry_winner: String,
    carry_forfeit: String,
    /// Each side is one player (an individual game), not a pair.
    solo: bool,
}

impl TablePage<'_> {
    /// The words of `key` for this table's sides: its `-player` form where each side
    /// is one player and the locale files have one.
    fn said(&self, key: &str) -> String {
        let player = format!("{key}-player");
        if self.solo && crate::web::i18n::has(self.ctx.lang, &player) {
            self.ctx.t(&player)
        } else {
            self.ctx.t(key)
        }
    }

    /// The confirmation of what the previous request did, in this table's words.
    fn done_said(&self) -> Option<String> {
        self.ctx.done_as(|key| self.said(key))
    }
}

pub(super) struct TableCtx {
    pub(super) t: Tournament,
    pub(super) row: TableRow,
    pub(super) key: Key,
    pub(super) a: String,
    pub(super) b: String,
    /// The knockout phase's name and bracket.
    pub(super) phase_name: Option<(String, Bracket)>,
    /// The partidas so far (id, hands, totals) of a table that plays hand by hand.
    pub(super) games: Vec<(i32, usize, [u32; 2])>,
    /// Where a timed match stands under its limits and its rule for draws.
    pub(super) stage: Option<crate::domain::tournament::draws::Stage>,
    /// Where a match of several cotos stands.
    pub(super) cotos: Option<crate::domain::entry::series::CotoTally>,
}

pub(super) fn load_table(conn: &mut DbConn, id: i32, key: Key) -> Result<TableCtx, AppError> {
    let t = load(conn, id)?;
    let (row, a, b, phase_name) = match key {
        Key::Round(round, table) => {
            let row = store::find_table(conn, id, round as i32, table as i32)?
                .ok_or(AppError::NotFound)?;
            let (a, b) = t
                .round(round)
                .and_then(|r| {
                    r.pairings.iter().find_map(|p| match p {
                        Pairing::Table(x) if x.table == table => Some((x.a.clone(), x.b.clone())),
                        _ => None,
                    })
                })
                .ok_or(AppError::NotFound)?;
            (
                row,
                entrant_name(&t.file, &a),
                entrant_name(&t.file, &b),
                None,
            )
        }
        Key::Phase(bracket, table) => {
            let row = store::find_phase_table(conn, id, bracket, 0, table as i32)?
                .ok_or(AppError::NotFound)?;
            let b = bracket_store::find_bracket(conn, bracket)?
                .filter(|b| b.championship_id == Some(id))
                .ok_or(AppError::NotFound)?;
            let names: Vec<String> = serde_json::from_str(&b.entrants)
                .map_err(|e| AppError::Internal(anyhow::anyhow!("bracket {bracket}: {e}")))?;
            let doc: Bracket = serde_json::from_str(&b.document)
                .map_err(|e| AppError::Internal(anyhow::anyhow!("bracket {bracket}: {e}")))?;
            let m = doc
                .get(MatchId(table.max(1) - 1))
                .ok_or(AppError::NotFound)?;
            let name = |k: usize| {
                m.entrants()[k]
                    .and_then(|e| e.name_in(&names))
                    .unwrap_or_default()
            };
            (row, name(0), name(1), Some((b.name, doc)))
        }
    };
    let mut played = Vec::new();
    if let Some(first) = row.game_id {
        for g in games::series_games(conn, first)? {
            let hands = games::game_hands(conn, g.id)?;
            let mut sums = [crate::domain::Score::ZERO; 2];
            for h in &hands {
                if let Ok(score) = serde_json::from_str::<crate::domain::entry::HandScore>(&h.score)
                {
                    for (k, v) in score.hand_points.iter().take(2).enumerate() {
                        sums[k] = sums[k].saturating_add(*v);
                    }
                }
            }
            let whole = |s: crate::domain::Score| u32::try_from(s.floor().max(0)).unwrap_or(0);
            played.push((g.id, hands.len(), [whole(sums[0]), whole(sums[1])]));
        }
    }
    let format = &t.file.championship.match_format;
    let stage = tables::timed_stage(conn, format, &row, now())?;
    let cotos = match format.cotos() {
        1 => None,
        _ => {
            let (partidas, _) = tables::match_state(conn, format, &row, now())?;
            crate::domain::tournament::played::cotos_of_match(format, &partidas)
        }
    };
    Ok(TableCtx {
        t,
        row,
        key,
        a,
        b,
        phase_name,
        games: played,
        stage,
        cotos,
    })
}

pub(super) fn is_staff(who: &Principal, club_id: i32) -> bool {
    who.allows(Perm::RecordResult {
        club_id,
        match_id: 0,
        finished: true,
    })
}

/// Someone who may not score this table: 403 for a signed-in user, the sign-in page
/// for a browser whose session ended, and for anyone else (a scorekeeper, who has no
/// account to sign in with) the table's page, which asks for its PIN.
pub(super) fn refusal(who: &Principal, row: &TableRow, here: &str) -> AppError {
    if who.user.is_some() {
        AppError::Forbidden
    } else if who.signed_out {
        AppError::LoginRequired(here.to_owned())
    } else {
        AppError::PinRequired(path_of(row))
    }
}

/// A correction waiting for the director's confirmation: what depends on it, and
/// the parts of the form to send again.
#[derive(Default)]
pub(super) struct Confirm {
    pub(super) dependents: Vec<String>,
    /// Who would have met in the later rounds with the correction, a sentence each.
    pub(super) hindsight: Vec<String>,
    pub(super) winner: String,
    pub(super) forfeit: String,
}

/// What a table page is shown with besides the table.
#[derive(Default)]
pub(super) struct Shown {
    pub(super) form: Option<(String, String)>,
    pub(super) error: Option<String>,
    /// The message key of the error, worded for the table's sides (see
    /// [`TablePage::said`]).
    pub(super) error_key: Option<String>,
    pub(super) confirm: Option<Confirm>,
    /// The hall table typed to move the match to, shown again with its error.
    pub(super) move_to: Option<String>,
}

pub(super) fn table_page(
    req: &HttpRequest,
    tc: TableCtx,
    (staff, organiser): (bool, bool),
    session: &Session,
    shown: Shown,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let confirm = shown.confirm.unwrap_or_default();
    let ctx = Ctx::from_request(req);
    let row = &tc.row;
    let held = sides_of(session, row);
    let result = match tc.key {
        Key::Round(round, table) => {
            tc.t.round(round)
                .and_then(|r| r.result(table))
                .map(|r| result_text(&ctx, r, [&tc.a, &tc.b]))
        }
        Key::Phase(..) => {
            (row.status == TableStatus::Final).then(|| match (row.proposed_a, row.proposed_b) {
                (Some(a), Some(b)) => {
                    let mut r = MatchResult::new(0, a as u32, b as u32);
                    r.winner = parse_side(row.proposed_winner.as_deref().unwrap_or_default());
                    result_text(&ctx, &r, [&tc.a, &tc.b])
                }
                _ => ctx.t("table-state-final"),
            })
        }
    };
    let proposal = match (row.status, row.proposed_a, row.proposed_b) {
        (TableStatus::Proposed, Some(a), Some(b)) => Some((
            format!("{a} – {b}"),
            match row.proposed_winner.as_deref() {
                Some("a") => Some(tc.a.clone()),
                Some("b") => Some(tc.b.clone()),
                _ => None,
            },
        )),
        _ => None,
    };
    let can_sign = proposal.is_some()
        && held
            .iter()
            .any(|s| Some(s.as_str()) != row.proposed_side.as_deref());
    let name_of = |s: &str| if s == "a" { tc.a.clone() } else { tc.b.clone() };
    let plays = row.plays_game() && tc.t.entry_mode == EntryMode::Hands;
    let game_href = plays
        .then(|| tc.games.last().map(|(g, _, _)| format!("/partidas/{g}")))
        .flatten();
    // A result typed without hands (the director's) is the table's state: no
    // "Sin empezar" under it.
    let typed_result =
        result.is_some() || matches!(row.status, TableStatus::Final | TableStatus::Proposed);
    let running = match tc.games.as_slice() {
        [(_, n, totals)] if plays && result.is_none() && *n > 0 && tc.cotos.is_none() => {
            Some(format!("{} – {}", totals[0], totals[1]))
        }
        _ => None,
    };
    let game_line = plays
        .then(|| match tc.games.last() {
            Some((_, 0, _)) | None if typed_result => None,
            Some((_, 0, _)) | None => Some(ctx.t("table-state-not-started")),
            Some((_, n, totals)) => {
                let mut partida = if tc.games.len() > 1 {
                    format!("{} · ", ctx.t1("series-game-n", "n", &tc.games.len()))
                } else {
                    String::new()
                };
                if let Some(c) = &tc.cotos {
                    partida = format!("{} · {partida}", c.words(ctx.lang));
                }
                Some(format!(
                    "{partida}{} · {} – {}",
                    ctx.t1("table-hands-played", "n", n),
                    totals[0],
                    totals[1]
                ))
            }
        })
        .flatten();
    // Level at the end of the limits: the extra dats, or play goes on.
    let draw_note = tc.stage.and_then(|s| s.words(ctx.lang));
    let time_left = match (&tc.t.file.championship.match_format, row.started_at) {
        _ if draw_note.is_some() && row.status == TableStatus::Playing => draw_note,
        (MatchFormat::Timed { minutes, .. }, Some(start)) if row.status == TableStatus::Playing => {
            let end = start + chrono::TimeDelta::minutes(i64::from(*minutes));
            // Minutes rounded up: the time is up exactly when the server says so.
            let secs = (end - now()).num_seconds();
            let left = (secs + 59).div_euclid(60);
            Some(if secs > 0 {
                crate::web::i18n::tr_count(ctx.lang, "table-time-left", left.max(0) as usize, &[])
            } else {
                ctx.t("table-time-up")
            })
        }
        _ => None,
    };
    let (round_no, table_no) = (row.round_no, row.table_no);
    let place = match &tc.phase_name {
        Some((p, bracket)) => format!(
            "{p} · {}",
            super::ranking::table_stage(&ctx, bracket, table_no)
                .unwrap_or_else(|| ctx.t1("table-n", "n", &table_no))
        ),
        None => format!(
            "{} · {}",
            ctx.t1("round-n", "n", &round_no),
            ctx.t1("table-n", "n", &table_no)
        ),
    };
    let current = (
        row.proposed_a.map(|x| x.to_string()).unwrap_or_default(),
        row.proposed_b.map(|x| x.to_string()).unwrap_or_default(),
    );
    // Neither a pair's phone nor the club's staff: the page asks for a pair's PIN.
    let asks_pin = held.is_empty() && !staff;
    let mut page = TablePage {
        solo: crate::domain::tournament::people::entrant_size(&tc.t.file) == 1,
        championship_id: tc.t.championship.id,
        championship_name: tc.t.championship.name.clone(),
        path: table_path(tc.t.championship.id, row.phase, round_no, table_no),
        place,
        physical: row.physical,
        result,
        running,
        status: row.status.to_string(),
        draw_proposed: proposal.as_ref().is_some_and(|(_, w)| w.is_none())
            && row.proposed_a == row.proposed_b,
        proposal,
        version: row.version,
        staff,
        scorekeeper: !held.is_empty(),
        held: held
            .iter()
            .map(|s| name_of(s))
            .collect::<Vec<_>>()
            .join(" / "),
        can_sign,
        typed_entry: staff || !plays,
        game_href,
        game_line,
        time_left,
        can_switch: staff && plays && row.status != TableStatus::Final && row.phase == 0,
        can_move: staff && row.status != TableStatus::Final && row.phase == 0,
        move_to: shown.move_to.unwrap_or_default(),
        pins: organiser.then(|| (row.pin.clone(), row.pin_b.clone())),
        winner_declared: {
            let (rules, options) = (
                rules_of(tc.t.file.championship.game),
                &tc.t.file.championship.options,
            );
            rules.both_reach(options) != BothReach::Refused || rules.partida_won_short(options)
        },
        form: shown.form.unwrap_or(current),
        error: shown.error,
        dependents: confirm.dependents,
        hindsight: confirm.hindsight,
        carry_winner: confirm.winner,
        carry_forfeit: confirm.forfeit,
        a: tc.a,
        b: tc.b,
        ctx: &ctx,
    };
    if let Some(key) = shown.error_key {
        page.error = Some(page.said(&key));
    }
    let page = render_status(&page, status)?;
    Ok(Asks::Pin.mark_if(asks_pin, page))
}

/// The page of the table a row stores.
pub(super) fn path_of(row: &TableRow) -> String {
    table_path(row.championship_id, row.phase, row.round_no, row.table_no)
}

/// `GET /campeonatos/{id}/rondas/{r}/mesas/{t}`: where the result slip's QR code
/// leads; `GET /campeonatos/{id}/fases/{b}/mesas/{t}`: a knockout match's table.
/// PIN holders get the game (or the score form) and the firma; staff too; anyone
/// else the PIN form.
pub async fn show_table(at: AtTable) -> HttpResult {
    let (id, key) = (at.id()?, at.key);
    let who = at.who.clone();
    // Pairs read as visitors read them (people shown by name and initial so).
    let tc = db(&at.state, move |conn| {
        let mut tc = load_table(conn, id, key)?;
        if !who.allows(Perm::ManageClub(tc.t.championship.club_id)) {
            let club = tc.t.championship.club_id;
            let masks = crate::web::register::entrant_masks(conn, club, &tc.t.file)?;
            for name in [&mut tc.a, &mut tc.b] {
                if let Some(m) = masks.get(name.as_str()) {
                    *name = m.clone();
                }
            }
            crate::web::register::mask_entrants(&mut tc.t.file, &masks);
        }
        Ok(tc)
    })
    .await?;
    at.page(tc, Shown::default(), StatusCode::OK)
}

/// A director's form about a table that sends only the table's version it was read at.
#[derive(Deserialize)]
pub struct VersionForm {
    pub(super) version: String,
}

/// The table's version as a form sends it.
pub(super) fn table_version(version: &str) -> Result<i32, AppError> {
    version
        .trim()
        .parse::<i32>()
        .map_err(|_| AppError::BadRequest(Malformed::Field("version")))
}

// The tables of knockout phases are served by the handlers of the rounds' tables.
pub use self::{post_table as post_phase_table, show_table as show_phase_table};
pub use super::pins::table_pin as phase_table_pin;

#[derive(Deserialize)]
pub struct ScoreForm {
    score_a: String,
    score_b: String,
    version: String,
    #[serde(default)]
    side: String,
    #[serde(default)]
    winner: String,
    #[serde(default)]
    forfeit: String,
    #[serde(default)]
    confirm: String,
}

pub(super) fn parse_side(s: &str) -> Option<Side> {
    Side::of_letter(s.trim())
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}` (and `/fases/{b}/mesas/{t}`): a typed
/// result. From the director or a referee it is final at once (an override of what
/// the table proposed, or a correction: when later rounds depend on it, they are
/// listed and the director confirms). From a pair's PIN, at a table that types its
/// result, it is a proposal the other pair confirms.
#[allow(clippy::too_many_lines)]
pub async fn post_table(at: AtTable, form: web::Form<ScoreForm>) -> HttpResult {
    let form = form.into_inner();
    let tc = at.load().await?;
    let id = tc.t.championship.id;
    let staff = at.staff(&tc);
    let held = sides_of(&at.session, &tc.row);
    let typed_here = tc.t.entry_mode != EntryMode::Hands || !tc.row.plays_game();
    let keeper = !held.is_empty() && tc.row.status != TableStatus::Final && typed_here;
    if !staff && !keeper {
        if !held.is_empty() {
            return Err(AppError::Refused(if tc.row.status == TableStatus::Final {
                Refusal::TableConfirmed
            } else {
                Refusal::TablePlaysGame
            }));
        }
        return Err(at.refused(&tc));
    }
    let ctx = Ctx::from_request(&at.req);
    let typed = (form.score_a.clone(), form.score_b.clone());
    let path = path_of(&tc.row);
    // The form again as typed, with what to fix (or, in `confirm`, what to confirm).
    let again = |tc: TableCtx, msg: String, confirm: Option<Confirm>, status: StatusCode| {
        let shown = Shown {
            form: Some(typed.clone()),
            error: Some(msg),
            confirm,
            ..Shown::default()
        };
        at.page(tc, shown, status)
    };
    let bad = |tc: TableCtx, msg: String| again(tc, msg, None, StatusCode::UNPROCESSABLE_ENTITY);
    // Later tables were played from it: listed, and confirmed to annul or redo them.
    let confirm_first = |tc: TableCtx, list: &[Place], seen: &[tournament::Hindsight]| {
        let confirm = Confirm {
            dependents: crate::web::game::dependent_places(ctx.lang, list),
            hindsight: crate::web::game::hindsight_lines(ctx.lang, seen),
            winner: form.winner.clone(),
            forfeit: form.forfeit.clone(),
        };
        let msg = ctx.t("tournament-correction-confirm");
        again(tc, msg, Some(confirm), StatusCode::CONFLICT)
    };
    let parse = |s: &str| s.trim().parse::<u32>().ok().filter(|v| *v <= 9999);
    let (Some(a), Some(b), Ok(version)) = (
        parse(&form.score_a),
        parse(&form.score_b),
        form.version.trim().parse::<i32>(),
    ) else {
        return bad(tc, ctx.t1("result-bad-score", "max", &9999));
    };
    let ev = &tc.t.file.championship;
    let forfeit = if staff {
        parse_side(&form.forfeit)
    } else {
        None
    };
    let winner = parse_side(&form.winner);
    let checked = if forfeit.is_none() {
        match tournament::check_outcome(ev.game, &ev.options, &ev.match_format, a, b, winner) {
            Ok(o) => Some(o),
            Err(msg) => {
                let rejected = ctx.t("tournament-result-rejected");
                return bad(tc, format!("{rejected}: {}", msg.message(ctx.lang)));
            }
        }
    } else {
        None
    };
    if version != tc.row.version {
        let current = match tc.key {
            Key::Round(r, t) => {
                tc.t.round(r)
                    .and_then(|x| x.result(t))
                    .map_or_else(String::new, |x| result_text(&ctx, x, [&tc.a, &tc.b]))
            }
            Key::Phase(..) => String::new(),
        };
        let msg = ctx.t1("result-conflict", "score", &current);
        return again(tc, msg, None, StatusCode::CONFLICT);
    }
    let saved = crate::web::done::with_done(&path, Done::ResultSaved);
    let actor = at.who.actor();
    if !staff {
        // The proposer is the pair whose PIN this phone holds (the one named in the
        // form when it holds both).
        let side = held
            .iter()
            .find(|s| s.as_str() == form.side.trim())
            .or(held.first())
            .cloned()
            .unwrap_or_default();
        let declared = winner.map(|w| if w == Side::A { "a" } else { "b" });
        let row = tc.row.clone();
        let actor = format!("{actor} (pareja {side})");
        db(&at.state, move |conn| {
            Ok(crate::service::championship::propose_result(
                conn,
                id,
                &row,
                (a as i32, b as i32),
                &side,
                declared,
                &actor,
                now(),
            )?)
        })
        .await?;
        return Ok(see_other(&saved));
    }
    if let Key::Phase(..) = tc.key {
        // A knockout match needs a winner.
        let w = match (forfeit, checked) {
            (Some(Side::A), _) | (None, Some(tournament::Outcome::B)) => Side::B,
            (Some(Side::B), _) | (None, Some(tournament::Outcome::A)) => Side::A,
            _ => return bad(tc, ctx.t(Refusal::KnockoutDraw.key())),
        };
        let row = tc.row.clone();
        let d = tournament::played::Decided {
            score: [a, b],
            winner: Some(w),
        };
        let flags = (row.status == TableStatus::Final, form.confirm == "1");
        let done = db(&at.state, move |conn| {
            Ok(crate::service::championship::finalize(
                conn,
                &row,
                d,
                flags,
                (&actor, now()),
            ))
        })
        .await?;
        return match done {
            Ok(()) => Ok(see_other(&saved)),
            Err(ChangeError::Refused(Refusal::CorrectionConfirm(list, seen))) => {
                confirm_first(tc, &list, &seen)
            }
            Err(e) => Err(e.into()),
        };
    }
    let Key::Round(round, table) = tc.key else {
        return Err(AppError::NotFound);
    };
    let existing = tc.t.round(round).and_then(|r| r.result(table)).is_some();
    let dependents = tournament::dependents_of(&tc.t.file, round, table);
    let result = MatchResult {
        table,
        score: [a, b],
        winner,
        forfeit,
        ..MatchResult::default()
    };
    if existing && !dependents.is_empty() && form.confirm != "1" {
        let list: Vec<Place> = dependents.iter().map(|&(r, x)| Place::new(r, x)).collect();
        let seen = tournament::hindsight(&tc.t.file, round, &result);
        return confirm_first(tc, &list, &seen);
    }
    record_result(&at.state, &tc.row, round, existing, result, actor).await?;
    Ok(see_other(&saved))
}
