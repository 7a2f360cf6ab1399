//! One table of a championship, in its rounds or in a knockout phase: the pairs'
//! PINs, the game the table plays hand by hand (or its typed result), and the other
//! pair's confirmation ("firma", in `firma.rs`).

use super::*;
use crate::db::brackets as bracket_store;
use crate::db::games;
use crate::db::table_games;
use crate::domain::bracket::{Bracket, MatchId};

/// Session key: the pair (`a` or `b`) whose PIN this browser entered, per table.
pub const S_TABLE_SIDES: &str = "table_sides";

/// The tables (row id, pair) whose PINs this browser holds.
pub fn sides_held(session: &Session) -> Vec<(i32, String)> {
    session
        .get::<Vec<(i32, String)>>(S_TABLE_SIDES)
        .ok()
        .flatten()
        .unwrap_or_default()
}

fn grant_side(session: &Session, row: i32, side: &str) -> Result<(), AppError> {
    let mut held = sides_held(session);
    if !held.iter().any(|(r, s)| *r == row && s == side) {
        held.push((row, side.to_owned()));
    }
    session
        .insert(S_TABLE_SIDES, held)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("session: {e}")))
}

/// The pairs of this table whose PIN this browser holds.
pub(super) fn sides_of(session: &Session, row: &TableRow) -> Vec<String> {
    sides_held(session)
        .into_iter()
        .filter(|(r, _)| *r == row.id)
        .map(|(_, s)| s)
        .collect()
}

/// The page of a table: `phase` 0 for a round's table, else a knockout phase's.
pub fn table_path(event_id: i32, phase: i32, round: i32, table: i32) -> String {
    if phase == 0 {
        format!("/campeonatos/{event_id}/rondas/{round}/mesas/{table}")
    } else {
        format!("/campeonatos/{event_id}/fases/{phase}/mesas/{table}")
    }
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
    event_id: i32,
    event_name: String,
    /// The table's page (its forms post below it).
    path: String,
    /// "Ronda 2 · Mesa 3" or "Fase final · Mesa 5".
    place: String,
    physical: Option<i32>,
    a: String,
    b: String,
    result: Option<String>,
    status: String,
    /// The proposed score and, when the game named one, the winner's name.
    proposal: Option<(String, Option<String>)>,
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
    guinote: bool,
    form: (String, String),
    error: Option<String>,
    dependents: Vec<String>,
    carry_winner: String,
    carry_forfeit: String,
}

pub(super) struct TableCtx {
    pub(super) t: Tournament,
    pub(super) row: TableRow,
    pub(super) key: Key,
    pub(super) a: String,
    pub(super) b: String,
    /// The knockout phase's name.
    pub(super) phase_name: Option<String>,
    /// The partidas so far (id, hands, totals) of a table that plays hand by hand.
    pub(super) games: Vec<(i32, usize, [u32; 2])>,
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
                .filter(|b| b.event_id == Some(id))
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
                    .and_then(|e| names.get(e.0 as usize).cloned())
                    .unwrap_or_default()
            };
            (row, name(0), name(1), Some(b.name))
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
    Ok(TableCtx {
        t,
        row,
        key,
        a,
        b,
        phase_name,
        games: played,
    })
}

pub(super) fn is_staff(who: &Principal, club_id: i32) -> bool {
    who.allows(Perm::RecordResult {
        club_id,
        match_id: 0,
        finished: true,
    })
}

/// Someone who may not score this table: 403 for a signed-in user or a holder of
/// other tables' PINs, the login page for anyone else.
pub(super) fn refusal(who: &Principal, session: &Session, here: &str) -> AppError {
    if who.user.is_some() || !sides_held(session).is_empty() || !who.tables.is_empty() {
        AppError::Forbidden
    } else {
        AppError::LoginRequired(here.to_owned())
    }
}

/// A correction waiting for the director's confirmation: what depends on it, and
/// the parts of the form to send again.
#[derive(Default)]
pub(super) struct Confirm {
    pub(super) dependents: Vec<String>,
    pub(super) winner: String,
    pub(super) forfeit: String,
}

/// What a table page is shown with besides the table.
#[derive(Default)]
pub(super) struct Shown {
    pub(super) form: Option<(String, String)>,
    pub(super) error: Option<String>,
    pub(super) confirm: Option<Confirm>,
}

pub(super) fn table_page(
    req: &HttpRequest,
    tc: TableCtx,
    staff: bool,
    session: &Session,
    shown: Shown,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let Shown {
        form,
        error,
        confirm,
    } = shown;
    let confirm = confirm.unwrap_or_default();
    let ctx = Ctx::from_request(req);
    let row = &tc.row;
    let held = sides_of(session, row);
    let result = match tc.key {
        Key::Round(round, table) => {
            tc.t.round(round)
                .and_then(|r| r.result(table))
                .map(result_text)
        }
        Key::Phase(..) => (row.status == "final").then(|| match (row.proposed_a, row.proposed_b) {
            (Some(a), Some(b)) => format!("{a} – {b}"),
            _ => ctx.t("table-state-final"),
        }),
    };
    let proposal = match (row.status.as_str(), row.proposed_a, row.proposed_b) {
        ("proposed", Some(a), Some(b)) => Some((
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
    let plays = row.plays_game() && tc.t.entry_mode == "hands";
    let game_href = plays
        .then(|| tc.games.last().map(|(g, _, _)| format!("/partidas/{g}")))
        .flatten();
    let game_line = plays.then(|| match tc.games.last() {
        Some((_, 0, _)) | None => ctx.t("table-state-not-started"),
        Some((_, n, totals)) => {
            let partida = if tc.games.len() > 1 {
                format!("{} · ", ctx.t1("series-game-n", "n", &tc.games.len()))
            } else {
                String::new()
            };
            format!(
                "{partida}{} · {} – {}",
                ctx.t1("table-hands-played", "n", n),
                totals[0],
                totals[1]
            )
        }
    });
    let time_left = match (&tc.t.file.event.match_format, row.started_at) {
        (MatchFormat::Timed { minutes, .. }, Some(start)) if row.status == "playing" => {
            let end = start + chrono::TimeDelta::minutes(i64::from(*minutes));
            let left = (end - now()).num_minutes();
            Some(if left > 0 {
                ctx.t1("table-time-left", "n", &left)
            } else {
                ctx.t("table-time-up")
            })
        }
        _ => None,
    };
    let (round_no, table_no) = (row.round_no, row.table_no);
    let place = match &tc.phase_name {
        Some(p) => format!("{p} · {}", ctx.t1("table-n", "n", &table_no)),
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
    render_status(
        &TablePage {
            event_id: tc.t.event.id,
            event_name: tc.t.event.name.clone(),
            path: table_path(tc.t.event.id, row.phase, round_no, table_no),
            place,
            physical: row.physical,
            result,
            status: row.status.clone(),
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
            can_switch: staff && plays && row.status != "final" && row.phase == 0,
            guinote: tc.t.file.event.game == GameKind::Guinote,
            form: form.unwrap_or(current),
            error,
            dependents: confirm.dependents,
            carry_winner: confirm.winner,
            carry_forfeit: confirm.forfeit,
            a: tc.a,
            b: tc.b,
            ctx: &ctx,
        },
        status,
    )
}

fn round_key(path: web::Path<(String, u32, u32)>) -> Result<(i32, Key), AppError> {
    let (raw, round, table) = path.into_inner();
    Ok((parse_id(&raw)?, Key::Round(round, table)))
}

fn phase_key(path: web::Path<(String, i32, u32)>) -> Result<(i32, Key), AppError> {
    let (raw, phase, table) = path.into_inner();
    Ok((parse_id(&raw)?, Key::Phase(phase, table)))
}

/// `GET /campeonatos/{id}/rondas/{r}/mesas/{t}`: where the result slip's QR code
/// leads. PIN holders get the game (or the score form) and the firma; staff too;
/// anyone else the PIN form.
pub async fn show_table(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
) -> Result<HttpResponse, AppError> {
    let (id, key) = round_key(path)?;
    table_get(req, state, who, session, id, key).await
}

/// `GET /campeonatos/{id}/fases/{b}/mesas/{t}`: a knockout match's table.
pub async fn show_phase_table(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, i32, u32)>,
) -> Result<HttpResponse, AppError> {
    let (id, key) = phase_key(path)?;
    table_get(req, state, who, session, id, key).await
}

async fn table_get(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    id: i32,
    key: Key,
) -> Result<HttpResponse, AppError> {
    let tc = db(&state, move |conn| load_table(conn, id, key)).await?;
    let staff = is_staff(&who, tc.t.event.club_id);
    table_page(&req, tc, staff, &session, Shown::default(), StatusCode::OK)
}

#[derive(Deserialize)]
pub struct TablePinForm {
    pin: String,
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/pin`: a pair's PIN opens the table
/// (and its game) on this phone, as that pair.
pub async fn table_pin(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<TablePinForm>,
) -> Result<HttpResponse, AppError> {
    let (id, key) = round_key(path)?;
    pin_post(req, state, who, session, id, key, form.into_inner()).await
}

/// `POST /campeonatos/{id}/fases/{b}/mesas/{t}/pin`
pub async fn phase_table_pin(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, i32, u32)>,
    form: web::Form<TablePinForm>,
) -> Result<HttpResponse, AppError> {
    let (id, key) = phase_key(path)?;
    pin_post(req, state, who, session, id, key, form.into_inner()).await
}

/// Checks a PIN typed for a table (throttled per table): the pair it opens.
pub(super) fn check_table_pin(
    conn: &mut DbConn,
    row: &TableRow,
    addr: &str,
    pin: &str,
) -> Result<Result<&'static str, StatusCode>, AppError> {
    let side = row.side_of_pin(pin);
    let expected = match side {
        Some("b") => row.pin_b.as_str(),
        _ => row.pin.as_str(),
    };
    let subject = format!("ttable:{}", row.id);
    let verdict = auth::check_pin(
        conn,
        &subject,
        addr,
        Some(expected).filter(|p| !p.is_empty()),
        pin,
    )?;
    Ok(verdict.map(|()| side.unwrap_or("a")))
}

async fn pin_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    id: i32,
    key: Key,
    form: TablePinForm,
) -> Result<HttpResponse, AppError> {
    let pin = form.pin.trim().to_owned();
    let addr = crate::web::requests::client_address(&req);
    let (tc, verdict) = db(&state, move |conn| {
        let tc = load_table(conn, id, key)?;
        let verdict = check_table_pin(conn, &tc.row, &addr, &pin)?;
        Ok((tc, verdict))
    })
    .await?;
    match verdict {
        Ok(side) => {
            auth::grant(&session, S_TOURNAMENT_TABLES, tc.row.id)?;
            grant_side(&session, tc.row.id, side)?;
            if let Some(first) = tc.row.game_id {
                auth::grant(&session, auth::S_GAMES, first)?;
            }
            let r = &tc.row;
            Ok(see_other(&table_path(id, r.phase, r.round_no, r.table_no)))
        }
        Err(status) => {
            let ctx = Ctx::from_request(&req);
            let key = if status == StatusCode::TOO_MANY_REQUESTS {
                "login-throttled"
            } else {
                "table-wrong-pin"
            };
            let staff = is_staff(&who, tc.t.event.club_id);
            let shown = Shown {
                error: Some(ctx.t(key)),
                ..Shown::default()
            };
            table_page(&req, tc, staff, &session, shown, status)
        }
    }
}

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
    match s.trim() {
        "a" => Some(Side::A),
        "b" => Some(Side::B),
        _ => None,
    }
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}`: a typed result. From the director
/// or a referee it is final at once (an override of what the table proposed, or a
/// correction: when later rounds depend on it, they are listed and the director
/// confirms). From a pair's PIN, at a table that types its result, it is a proposal
/// the other pair confirms.
pub async fn post_table(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<ScoreForm>,
) -> Result<HttpResponse, AppError> {
    let (id, key) = round_key(path)?;
    score_post(req, state, who, session, id, key, form.into_inner()).await
}

/// `POST /campeonatos/{id}/fases/{b}/mesas/{t}`
pub async fn post_phase_table(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, i32, u32)>,
    form: web::Form<ScoreForm>,
) -> Result<HttpResponse, AppError> {
    let (id, key) = phase_key(path)?;
    score_post(req, state, who, session, id, key, form.into_inner()).await
}

#[allow(clippy::too_many_lines)]
async fn score_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    id: i32,
    key: Key,
    form: ScoreForm,
) -> Result<HttpResponse, AppError> {
    let tc = db(&state, move |conn| load_table(conn, id, key)).await?;
    let staff = is_staff(&who, tc.t.event.club_id);
    let held = sides_of(&session, &tc.row);
    let typed_here = tc.t.entry_mode != "hands" || !tc.row.plays_game();
    let keeper = !held.is_empty() && tc.row.status != "final" && typed_here;
    if !staff && !keeper {
        if !held.is_empty() {
            return Err(AppError::Conflict {
                key: if tc.row.status == "final" {
                    "error-table-confirmed"
                } else {
                    "error-table-plays-game"
                },
                detail: String::new(),
            });
        }
        return Err(refusal(&who, &session, req.path()));
    }
    let ctx = Ctx::from_request(&req);
    let typed = (form.score_a.clone(), form.score_b.clone());
    let path = table_path(id, tc.row.phase, tc.row.round_no, tc.row.table_no);
    let page = |tc: TableCtx, shown: Shown, status: StatusCode| {
        table_page(&req, tc, staff, &session, shown, status)
    };
    let bad = |tc: TableCtx, msg: String| {
        page(
            tc,
            Shown {
                form: Some(typed.clone()),
                error: Some(msg),
                confirm: None,
            },
            StatusCode::UNPROCESSABLE_ENTITY,
        )
    };
    let parse = |s: &str| s.trim().parse::<u32>().ok().filter(|v| *v <= 9999);
    let (Some(a), Some(b), Ok(version)) = (
        parse(&form.score_a),
        parse(&form.score_b),
        form.version.trim().parse::<i32>(),
    ) else {
        return bad(tc, ctx.t1("result-bad-score", "max", &9999));
    };
    let ev = &tc.t.file.event;
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
                return bad(
                    tc,
                    format!(
                        "{}: {}",
                        ctx.t("tournament-result-rejected"),
                        msg.message(ctx.lang)
                    ),
                );
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
                    .map_or_else(String::new, result_text)
            }
            Key::Phase(..) => String::new(),
        };
        let msg = ctx.t1("result-conflict", "score", &current);
        return page(
            tc,
            Shown {
                form: Some(typed),
                error: Some(msg),
                confirm: None,
            },
            StatusCode::CONFLICT,
        );
    }
    let actor = who.actor();
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
        db(&state, move |conn| {
            Ok(store::propose_result(
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
        return Ok(see_other(&crate::web::done::with_done(
            &path,
            "resultado-guardado",
        )));
    }
    if let Key::Phase(..) = tc.key {
        // A knockout match needs a winner.
        let w = match (forfeit, checked) {
            (Some(Side::A), _) | (None, Some(tournament::Outcome::B)) => Side::B,
            (Some(Side::B), _) | (None, Some(tournament::Outcome::A)) => Side::A,
            _ => return bad(tc, ctx.t("error-knockout-draw")),
        };
        let row = tc.row.clone();
        let d = tournament::played::Decided {
            score: [a, b],
            winner: Some(w),
        };
        let flags = (row.status == "final", form.confirm == "1");
        let done = db(&state, move |conn| {
            Ok(table_games::finalize(conn, &row, d, flags, &actor, now()))
        })
        .await?;
        return match done {
            Ok(()) => Ok(see_other(&crate::web::done::with_done(
                &path,
                "resultado-guardado",
            ))),
            // Later matches were played from it: listed, and confirmed to annul them.
            Err(ChangeError::Refused("tournament-correction-confirm", list)) => {
                let lines = crate::web::game::dependent_places(ctx.lang, &list);
                page(
                    tc,
                    Shown {
                        form: Some(typed),
                        error: Some(ctx.t("tournament-correction-confirm")),
                        confirm: Some(Confirm {
                            dependents: lines,
                            winner: form.winner.clone(),
                            forfeit: form.forfeit.clone(),
                        }),
                    },
                    StatusCode::CONFLICT,
                )
            }
            Err(e) => Err(e.into()),
        };
    }
    let Key::Round(round, table) = tc.key else {
        return Err(AppError::NotFound);
    };
    let existing = tc.t.round(round).and_then(|r| r.result(table)).is_some();
    let dependents = tournament::dependents_of(&tc.t.file, round, table);
    if existing && !dependents.is_empty() && form.confirm != "1" {
        let list = dependents
            .iter()
            .map(|(r, x)| format!("{r}.{x}"))
            .collect::<Vec<_>>()
            .join(" ");
        let lines = crate::web::game::dependent_places(ctx.lang, &list);
        return page(
            tc,
            Shown {
                form: Some(typed),
                error: Some(ctx.t("tournament-correction-confirm")),
                confirm: Some(Confirm {
                    dependents: lines,
                    winner: form.winner.clone(),
                    forfeit: form.forfeit.clone(),
                }),
            },
            StatusCode::CONFLICT,
        );
    }
    let action = if existing {
        "correct"
    } else if tc.row.status == "proposed" {
        "override"
    } else {
        "record"
    };
    let result = MatchResult {
        table,
        score: [a, b],
        winner,
        forfeit,
        ..MatchResult::default()
    };
    db(&state, move |conn| {
        Ok(store::record_result(
            conn,
            id,
            round,
            result,
            Some(version),
            action,
            &actor,
            now(),
        )?)
    })
    .await?;
    Ok(see_other(&crate::web::done::with_done(
        &path,
        "resultado-guardado",
    )))
}
