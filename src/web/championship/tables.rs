//! One table of a round: its PIN, the score entry and the opponents' signature
//! ("firma").

use super::*;

#[derive(Template)]
#[template(path = "tournament_table.html")]
struct TablePage<'a> {
    ctx: &'a Ctx,
    event_id: i32,
    event_name: String,
    round: u32,
    table: u32,
    physical: Option<i32>,
    a: String,
    b: String,
    result: Option<String>,
    status: String,
    proposal: Option<String>,
    /// The side that may sign the proposal (`a` or `b`).
    signer: Option<String>,
    version: i32,
    staff: bool,
    scorekeeper: bool,
    guinote: bool,
    form: (String, String),
    error: Option<String>,
    dependents: Vec<String>,
    carry_winner: String,
    carry_forfeit: String,
}

struct TableCtx {
    t: Tournament,
    row: TableRow,
    a: String,
    b: String,
}

fn load_table(conn: &mut DbConn, id: i32, round: u32, table: u32) -> Result<TableCtx, AppError> {
    let t = load(conn, id)?;
    let row = store::find_table(conn, id, round as i32, table as i32)?.ok_or(AppError::NotFound)?;
    let (a, b) = t
        .round(round)
        .and_then(|r| {
            r.pairings.iter().find_map(|p| match p {
                Pairing::Table(x) if x.table == table => Some((x.a.clone(), x.b.clone())),
                _ => None,
            })
        })
        .ok_or(AppError::NotFound)?;
    Ok(TableCtx {
        a: entrant_name(&t.file, &a),
        b: entrant_name(&t.file, &b),
        t,
        row,
    })
}

fn is_staff(who: &Principal, club_id: i32) -> bool {
    who.allows(Perm::RecordResult {
        club_id,
        match_id: 0,
        finished: true,
    })
}

fn holds_pin(session: &Session, row: &TableRow) -> bool {
    session
        .get::<Vec<i32>>(S_TOURNAMENT_TABLES)
        .ok()
        .flatten()
        .is_some_and(|ids| ids.contains(&row.id))
}

/// Someone who may not score this table: 403 for a signed-in user or a holder of
/// other tables' PINs, the login page for anyone else.
fn refusal(who: &Principal, session: &Session, here: &str) -> AppError {
    let pins = session
        .get::<Vec<i32>>(S_TOURNAMENT_TABLES)
        .ok()
        .flatten()
        .unwrap_or_default();
    if who.user.is_some() || !pins.is_empty() || !who.tables.is_empty() {
        AppError::Forbidden
    } else {
        AppError::LoginRequired(here.to_owned())
    }
}

/// A correction waiting for the director's confirmation: what depends on it, and
/// the parts of the form to send again.
#[derive(Default)]
struct Confirm {
    dependents: Vec<String>,
    winner: String,
    forfeit: String,
}

#[allow(clippy::too_many_arguments)]
fn table_page(
    req: &HttpRequest,
    tc: TableCtx,
    staff: bool,
    scorekeeper: bool,
    form: Option<(String, String)>,
    error: Option<String>,
    confirm: Option<Confirm>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let confirm = confirm.unwrap_or_default();
    let ctx = Ctx::from_request(req);
    let round = tc.row.round_no as u32;
    let table = tc.row.table_no as u32;
    let result = tc.t.round(round).and_then(|r| r.result(table)).cloned();
    let proposal = match (tc.row.status.as_str(), tc.row.proposed_a, tc.row.proposed_b) {
        ("proposed", Some(a), Some(b)) => Some(match tc.row.proposed_winner.as_deref() {
            Some("a") => format!("{a} – {b} ({}: {})", ctx.t("tournament-winner"), tc.a),
            Some("b") => format!("{a} – {b} ({}: {})", ctx.t("tournament-winner"), tc.b),
            _ => format!("{a} – {b}"),
        }),
        _ => None,
    };
    let signer = proposal.as_ref().map(|_| {
        if tc.row.proposed_side.as_deref() == Some("a") {
            "b".to_owned()
        } else {
            "a".to_owned()
        }
    });
    let current = result.as_ref().map_or_else(
        || {
            (
                tc.row.proposed_a.map(|x| x.to_string()).unwrap_or_default(),
                tc.row.proposed_b.map(|x| x.to_string()).unwrap_or_default(),
            )
        },
        |r| (r.score[0].to_string(), r.score[1].to_string()),
    );
    render_status(
        &TablePage {
            event_id: tc.t.event.id,
            event_name: tc.t.event.name.clone(),
            round,
            table,
            physical: tc.row.physical,
            result: result.as_ref().map(result_text),
            status: tc.row.status.clone(),
            proposal,
            signer,
            version: tc.row.version,
            staff,
            scorekeeper,
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

/// `GET /campeonatos/{id}/rondas/{r}/mesas/{t}`: where the result slip's QR code
/// leads. Staff and PIN holders get the score form; anyone else the PIN form.
pub async fn show_table(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
) -> Result<HttpResponse, AppError> {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    let tc = db(&state, move |conn| load_table(conn, id, round, table)).await?;
    let staff = is_staff(&who, tc.t.event.club_id);
    let keeper = holds_pin(&session, &tc.row);
    table_page(&req, tc, staff, keeper, None, None, None, StatusCode::OK)
}

#[derive(Deserialize)]
pub struct TablePinForm {
    pin: String,
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/pin`
pub async fn table_pin(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<TablePinForm>,
) -> Result<HttpResponse, AppError> {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    let pin = form.into_inner().pin.trim().to_owned();
    let (tc, verdict) = db(&state, move |conn| {
        let tc = load_table(conn, id, round, table)?;
        let expected = Some(tc.row.pin.as_str()).filter(|p| !p.is_empty());
        let subject = format!("ttable:{}", tc.row.id);
        let verdict = auth::check_pin(conn, &subject, expected, &pin)?;
        Ok((tc, verdict))
    })
    .await?;
    match verdict {
        Ok(()) => {
            auth::grant(&session, S_TOURNAMENT_TABLES, tc.row.id)?;
            Ok(see_other(&format!(
                "/campeonatos/{id}/rondas/{round}/mesas/{table}"
            )))
        }
        Err(status) => {
            let ctx = Ctx::from_request(&req);
            let key = if status == StatusCode::TOO_MANY_REQUESTS {
                "login-throttled"
            } else {
                "table-wrong-pin"
            };
            let staff = is_staff(&who, tc.t.event.club_id);
            table_page(&req, tc, staff, false, None, Some(ctx.t(key)), None, status)
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

fn parse_side(s: &str) -> Option<Side> {
    match s.trim() {
        "a" => Some(Side::A),
        "b" => Some(Side::B),
        _ => None,
    }
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}`: a result. From the director or a
/// referee it is final at once (an override of what the table proposed, or a
/// correction: when later rounds depend on it, they are listed and the director
/// confirms). From the table (PIN) it is a proposal the other side signs.
pub async fn post_table(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<ScoreForm>,
) -> Result<HttpResponse, AppError> {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    let tc = db(&state, move |conn| load_table(conn, id, round, table)).await?;
    let staff = is_staff(&who, tc.t.event.club_id);
    let keeper = holds_pin(&session, &tc.row) && tc.row.status != "final";
    if !staff && !keeper {
        return Err(refusal(&who, &session, req.path()));
    }
    let ctx = Ctx::from_request(&req);
    let form = form.into_inner();
    let typed = (form.score_a.clone(), form.score_b.clone());
    let bad = |tc: TableCtx, msg: String| {
        table_page(
            &req,
            tc,
            staff,
            keeper,
            Some(typed.clone()),
            Some(msg),
            None,
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
    if forfeit.is_none()
        && let Err(msg) =
            tournament::check_outcome(ev.game, &ev.options, &ev.match_format, a, b, winner)
    {
        return bad(
            tc,
            format!(
                "{}: {}",
                ctx.t("tournament-result-rejected"),
                msg.message(ctx.lang)
            ),
        );
    }
    if version != tc.row.version {
        let msg = ctx.t1(
            "result-conflict",
            "score",
            &tc.t
                .round(round)
                .and_then(|r| r.result(table))
                .map_or_else(String::new, result_text),
        );
        return table_page(
            &req,
            tc,
            staff,
            keeper,
            Some(typed),
            Some(msg),
            None,
            StatusCode::CONFLICT,
        );
    }
    let actor = who.actor();
    if !staff {
        let Some(side) = parse_side(&form.side) else {
            return bad(tc, ctx.t("tournament-choose-side"));
        };
        let side = if side == Side::A { "a" } else { "b" };
        let declared = winner.map(|w| if w == Side::A { "a" } else { "b" });
        let row = tc.row.clone();
        let actor = format!("{actor} (pareja {side})");
        db(&state, move |conn| {
            Ok(store::propose_result(
                conn,
                id,
                &row,
                (a as i32, b as i32),
                side,
                declared,
                &actor,
                now(),
            )?)
        })
        .await?;
        return Ok(see_other(&format!(
            "/campeonatos/{id}/rondas/{round}/mesas/{table}"
        )));
    }
    let existing = tc.t.round(round).and_then(|r| r.result(table)).is_some();
    let dependents = tournament::dependents_of(&tc.t.file, round, table);
    if existing && !dependents.is_empty() && form.confirm != "1" {
        let lines = dependents
            .iter()
            .map(|(r, x)| {
                if *x == 0 {
                    format!(
                        "{} · {}",
                        ctx.t1("round-n", "n", r),
                        ctx.t("tournament-bye")
                    )
                } else {
                    format!(
                        "{} · {}",
                        ctx.t1("round-n", "n", r),
                        ctx.t1("table-n", "n", x)
                    )
                }
            })
            .collect();
        return table_page(
            &req,
            tc,
            staff,
            keeper,
            Some(typed),
            Some(ctx.t("tournament-correction-confirm")),
            Some(Confirm {
                dependents: lines,
                winner: form.winner.clone(),
                forfeit: form.forfeit.clone(),
            }),
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
    Ok(see_other(&format!(
        "/campeonatos/{id}/rondas/{round}/mesas/{table}"
    )))
}

#[derive(Deserialize)]
pub struct SignForm {
    side: String,
    version: String,
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/firma`: the other pair signs the
/// result proposed at the table, which makes it final.
pub async fn sign(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<SignForm>,
) -> Result<HttpResponse, AppError> {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    let tc = db(&state, move |conn| load_table(conn, id, round, table)).await?;
    let staff = is_staff(&who, tc.t.event.club_id);
    if !staff && !holds_pin(&session, &tc.row) {
        return Err(refusal(&who, &session, req.path()));
    }
    let ctx = Ctx::from_request(&req);
    let (Some(a), Some(b), Some(proposer)) = (
        tc.row.proposed_a,
        tc.row.proposed_b,
        tc.row.proposed_side.clone(),
    ) else {
        return Err(AppError::Conflict {
            key: "error-tournament-nothing-to-sign",
            detail: String::new(),
        });
    };
    if tc.row.status != "proposed" || form.version.trim() != tc.row.version.to_string() {
        return Err(AppError::Conflict {
            key: "error-stale",
            detail: String::new(),
        });
    }
    if form.side.trim() == proposer || parse_side(&form.side).is_none() {
        let msg = ctx.t("tournament-sign-other-side");
        return table_page(
            &req,
            tc,
            staff,
            true,
            None,
            Some(msg),
            None,
            StatusCode::UNPROCESSABLE_ENTITY,
        );
    }
    let version = tc.row.version;
    let actor = format!("{} (firma pareja {})", who.actor(), form.side.trim());
    let result = MatchResult {
        table,
        score: [a.max(0) as u32, b.max(0) as u32],
        winner: tc.row.proposed_winner.as_deref().and_then(parse_side),
        forfeit: None,
    };
    db(&state, move |conn| {
        Ok(store::record_result(
            conn,
            id,
            round,
            result,
            Some(version),
            "confirm",
            &actor,
            now(),
        )?)
    })
    .await?;
    Ok(see_other(&format!(
        "/campeonatos/{id}/rondas/{round}/mesas/{table}"
    )))
}
