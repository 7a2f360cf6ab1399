//! Changing recorded data: players of a club, match results (by a referee or
//! organiser, or by the scorekeeper holding the table PIN), the printable table
//! cards with their QR codes and PINs, and the audit log.

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::account::{now, see_other};
use super::auth::{self, Perm, Principal};
use super::{AppState, Ctx, db, parse_id, render, render_status};
use crate::db::DbConn;
use crate::db::accounts::{self, AuditEntry, NewAudit};
use crate::db::queries::{self, Event, Match, NewPlayer};
use crate::error::AppError;

#[derive(Deserialize)]
pub struct PlayerForm {
    name: String,
}

/// `POST /clubes/{id}/jugadores`: an organiser adds a player to the club.
pub async fn add_player(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    form: web::Form<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let club_id = parse_id(&path)?;
    who.require(Perm::ManageClub(club_id), req.path())?;
    let name = form.into_inner().name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(AppError::unprocessable("error-player-name", name));
    }
    let actor = who.actor();
    let shown = name.clone();
    let added = db(&state, move |conn| {
        if queries::find_club(conn, club_id)?.is_none() {
            return Err(AppError::NotFound);
        }
        crate::db::write_tx(conn, |conn| {
            let id = match queries::insert_player(
                conn,
                &NewPlayer {
                    club_id,
                    name: &name,
                    created_at: now(),
                },
            ) {
                Ok(id) => id,
                Err(e) if accounts::is_unique_violation(&e) => return Ok(false),
                Err(e) => return Err(e),
            };
            accounts::insert_audit(
                conn,
                &NewAudit {
                    at: now(),
                    actor: &actor,
                    action: "create",
                    entity: "player",
                    entity_id: id,
                    club_id: Some(club_id),
                    event_id: None,
                    before_json: None,
                    after_json: Some(serde_json::json!({ "name": name }).to_string()),
                },
            )?;
            Ok(true)
        })
        .map_err(AppError::from)
    })
    .await?;
    if !added {
        return Err(AppError::Conflict {
            key: "error-player-exists",
            detail: shown,
        });
    }
    Ok(see_other(&format!("/clubes/{club_id}")))
}

/// A match with its event and the names of both sides.
pub struct MatchContext {
    pub m: Match,
    pub event: Event,
    pub a: String,
    pub b: String,
}

fn load_match(conn: &mut DbConn, id: i32) -> Result<MatchContext, AppError> {
    let m = queries::find_match(conn, id)?.ok_or(AppError::NotFound)?;
    let event = queries::find_event(conn, m.event_id)?.ok_or(AppError::NotFound)?;
    let entries = queries::event_entries(conn, event.id)?;
    let name = |e: i32| queries::pair_name(&entries, e);
    Ok(MatchContext {
        a: name(m.entry_a),
        b: name(m.entry_b),
        m,
        event,
    })
}

fn result_perm(ctx: &MatchContext) -> Perm {
    Perm::RecordResult {
        club_id: ctx.event.club_id,
        match_id: ctx.m.id,
        finished: ctx.m.status == "finished",
    }
}

#[derive(Template)]
#[template(path = "match.html")]
struct MatchPage<'a> {
    ctx: &'a Ctx,
    mc: MatchContext,
    can_record: bool,
    form: (String, String),
    error: Option<String>,
}

async fn match_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    form: Option<(String, String)>,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let mc = db(state, move |conn| load_match(conn, id)).await?;
    let ctx = Ctx::from_request(req);
    let current = (
        mc.m.score_a.map(|s| s.to_string()).unwrap_or_default(),
        mc.m.score_b.map(|s| s.to_string()).unwrap_or_default(),
    );
    render_status(
        &MatchPage {
            can_record: who.allows(result_perm(&mc)),
            form: form.unwrap_or(current),
            error,
            mc,
            ctx: &ctx,
        },
        status,
    )
}

pub async fn show_match(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    match_page(&req, &state, &who, id, None, None, StatusCode::OK).await
}

#[derive(Deserialize)]
pub struct ResultForm {
    score_a: String,
    score_b: String,
    version: String,
}

/// Largest score accepted for one side of a match.
pub const MAX_SCORE: i32 = 9999;

fn parse_score(s: &str) -> Option<i32> {
    s.trim()
        .parse::<i32>()
        .ok()
        .filter(|v| (0..=MAX_SCORE).contains(v))
}

pub enum Recorded {
    Saved,
    /// Someone changed the match after `version` was read: nothing was written.
    Stale(Match),
}

/// Writes a result and its audit entry in one transaction, if the match is still
/// at `version`.
pub fn record_result(
    conn: &mut DbConn,
    mc: &MatchContext,
    version: i32,
    scores: (i32, i32),
    actor: &str,
) -> Result<Recorded, AppError> {
    crate::db::write_tx(conn, |conn| {
        if !queries::update_result(conn, mc.m.id, version, scores, "finished", now())? {
            let current =
                queries::find_match(conn, mc.m.id)?.ok_or(diesel::result::Error::NotFound)?;
            return Ok(Recorded::Stale(current));
        }
        let before = serde_json::json!({
            "score_a": mc.m.score_a, "score_b": mc.m.score_b,
            "status": mc.m.status, "version": version,
        });
        let after = serde_json::json!({
            "score_a": scores.0, "score_b": scores.1,
            "status": "finished", "version": version + 1,
        });
        accounts::insert_audit(
            conn,
            &NewAudit {
                at: now(),
                actor,
                action: if mc.m.score_a.is_some() {
                    "correct"
                } else {
                    "record"
                },
                entity: "match",
                entity_id: mc.m.id,
                club_id: Some(mc.event.club_id),
                event_id: Some(mc.event.id),
                before_json: Some(before.to_string()),
                after_json: Some(after.to_string()),
            },
        )?;
        Ok(Recorded::Saved)
    })
    .map_err(|e: diesel::result::Error| AppError::from(e))
}

pub async fn post_result(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    form: web::Form<ResultForm>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let mc = db(&state, move |conn| load_match(conn, id)).await?;
    who.require(result_perm(&mc), req.path())?;
    let form = form.into_inner();
    let ctx = Ctx::from_request(&req);
    let typed = (form.score_a.clone(), form.score_b.clone());
    let (Some(a), Some(b), Ok(version)) = (
        parse_score(&form.score_a),
        parse_score(&form.score_b),
        form.version.trim().parse::<i32>(),
    ) else {
        let error = ctx.t1("result-bad-score", "max", &MAX_SCORE);
        return match_page(
            &req,
            &state,
            &who,
            id,
            Some(typed),
            Some(error),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
    };
    let actor = who.actor();
    let outcome = db(&state, move |conn| {
        record_result(conn, &mc, version, (a, b), &actor)
    })
    .await?;
    match outcome {
        Recorded::Saved => Ok(see_other(&format!("/encuentros/{id}"))),
        Recorded::Stale(current) => {
            let error = ctx.t1(
                "result-conflict",
                "score",
                &format!(
                    "{} – {}",
                    current.score_a.map(|s| s.to_string()).unwrap_or_default(),
                    current.score_b.map(|s| s.to_string()).unwrap_or_default()
                ),
            );
            match_page(
                &req,
                &state,
                &who,
                id,
                Some(typed),
                Some(error),
                StatusCode::CONFLICT,
            )
            .await
        }
    }
}

#[derive(Deserialize)]
pub struct ApiResult {
    score_a: i32,
    score_b: i32,
    version: i32,
}

/// `POST /api/v1/matches/{id}/result` with `Authorization: Bearer …`.
pub async fn api_post_result(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    body: web::Json<ApiResult>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    who.require(Perm::OwnAccount, req.path())?;
    let mc = db(&state, move |conn| load_match(conn, id)).await?;
    who.require(result_perm(&mc), req.path())?;
    let body = body.into_inner();
    if !(0..=MAX_SCORE).contains(&body.score_a) || !(0..=MAX_SCORE).contains(&body.score_b) {
        return Err(AppError::unprocessable(
            "error-bad-score",
            format!("scores must be between 0 and {MAX_SCORE}"),
        ));
    }
    let actor = who.actor();
    let (a, b, version) = (body.score_a, body.score_b, body.version);
    match db(&state, move |conn| {
        record_result(conn, &mc, version, (a, b), &actor)
    })
    .await?
    {
        Recorded::Saved => Ok(HttpResponse::Ok().json(serde_json::json!({
            "match": id, "score_a": a, "score_b": b, "status": "finished", "version": version + 1
        }))),
        Recorded::Stale(current) => Err(AppError::Conflict {
            key: "error-stale",
            detail: format!(
                "match {id} is at version {} ({:?} – {:?}); reload and try again",
                current.version, current.score_a, current.score_b
            ),
        }),
    }
}

#[derive(Template)]
#[template(path = "table_pin.html")]
struct TablePinPage<'a> {
    ctx: &'a Ctx,
    mc: MatchContext,
    error: Option<String>,
}

/// `GET /mesa/{id}`: where a table's QR code leads. Someone who may already score
/// it goes to the match; anyone else is asked for the table PIN.
pub async fn table(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let mc = db(&state, move |conn| load_match(conn, id)).await?;
    if who.allows(result_perm(&mc)) {
        return Ok(see_other(&format!("/encuentros/{id}")));
    }
    let ctx = Ctx::from_request(&req);
    render(&TablePinPage {
        ctx: &ctx,
        mc,
        error: None,
    })
}

#[derive(Deserialize)]
pub struct PinForm {
    pin: String,
}

pub async fn table_pin(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
    form: web::Form<PinForm>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let pin = form.into_inner().pin.trim().to_owned();
    let addr = super::requests::client_address(&req);
    let (mc, verdict) = db(&state, move |conn| {
        let mc = load_match(conn, id)?;
        let expected = Some(mc.m.pin.as_str()).filter(|p| !p.is_empty());
        let verdict = auth::check_pin(conn, &format!("table:{id}"), &addr, expected, &pin)?;
        Ok((mc, verdict))
    })
    .await?;
    match verdict {
        Ok(()) => {
            auth::grant(&session, auth::S_TABLES, id)?;
            Ok(see_other(&format!("/encuentros/{id}")))
        }
        Err(status) => {
            let ctx = Ctx::from_request(&req);
            let key = if status == StatusCode::TOO_MANY_REQUESTS {
                "login-throttled"
            } else {
                "table-wrong-pin"
            };
            render_status(
                &TablePinPage {
                    error: Some(ctx.t(key)),
                    mc,
                    ctx: &ctx,
                },
                status,
            )
        }
    }
}

pub struct TableCard {
    pub round: i32,
    pub table: i32,
    pub a: String,
    pub b: String,
    pub pin: String,
    pub url: String,
    pub qr_svg: String,
}

#[derive(Template)]
#[template(path = "tables.html")]
struct TablesPage<'a> {
    ctx: &'a Ctx,
    event: Event,
    cards: Vec<TableCard>,
}

pub fn qr_svg(url: &str) -> String {
    qrcode::QrCode::new(url.as_bytes())
        .map(|code| {
            code.render::<qrcode::render::svg::Color>()
                .min_dimensions(150, 150)
                .quiet_zone(true)
                .build()
        })
        .unwrap_or_default()
}

/// `GET /eventos/{id}/mesas`: printable cards for the tables still playing, each
/// with its QR code and PIN (organisers and referees of the club).
pub async fn table_cards(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let (event, entries, matches) = db(&state, move |conn| {
        let event = queries::find_event(conn, id)?.ok_or(AppError::NotFound)?;
        Ok((
            event,
            queries::event_entries(conn, id)?,
            queries::event_matches(conn, id)?,
        ))
    })
    .await?;
    who.require(Perm::ReadAudit(event.club_id), req.path())?;
    let info = req.connection_info().clone();
    let base = format!("{}://{}", info.scheme(), info.host());
    let name = |e: i32| queries::pair_name(&entries, e);
    let cards = matches
        .iter()
        .filter(|m| m.status != "finished")
        .map(|m| {
            let url = format!("{base}/mesa/{}", m.id);
            TableCard {
                round: m.round_no,
                table: m.table_no,
                a: name(m.entry_a),
                b: name(m.entry_b),
                pin: m.pin.clone(),
                qr_svg: qr_svg(&url),
                url,
            }
        })
        .collect();
    let ctx = Ctx::from_request(&req);
    render(&TablesPage {
        ctx: &ctx,
        event,
        cards,
    })
}

#[derive(Template)]
#[template(path = "audit.html")]
struct AuditPage<'a> {
    ctx: &'a Ctx,
    name: String,
    back: String,
    csv: String,
    entries: Vec<AuditEntry>,
}

#[derive(Deserialize)]
pub struct AuditQuery {
    formato: Option<String>,
}

fn csv_field(s: &str) -> String {
    // Quote everything; neutralise spreadsheet formulas.
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// Renders an audit trail as HTML, CSV or JSON.
pub(crate) fn audit_response(
    req: &HttpRequest,
    name: String,
    back: String,
    file: String,
    entries: Vec<AuditEntry>,
    format: Option<&str>,
) -> Result<HttpResponse, AppError> {
    match format {
        None | Some("html") => {
            let ctx = Ctx::from_request(req);
            render(&AuditPage {
                ctx: &ctx,
                csv: format!("{back}/auditoria?formato=csv"),
                name,
                back,
                entries,
            })
        }
        Some("csv") => {
            let mut out = String::from("id,at,actor,action,entity,entity_id,before,after\n");
            for e in &entries {
                out.push_str(&format!(
                    "{},{},{},{},{},{},{},{}\n",
                    e.id,
                    e.at.format("%Y-%m-%dT%H:%M:%SZ"),
                    csv_field(&e.actor),
                    csv_field(&e.action),
                    csv_field(&e.entity),
                    e.entity_id,
                    csv_field(e.before_json.as_deref().unwrap_or("")),
                    csv_field(e.after_json.as_deref().unwrap_or("")),
                ));
            }
            Ok(HttpResponse::Ok()
                .content_type("text/csv; charset=utf-8")
                .insert_header((
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{file}.csv\""),
                ))
                .body(out))
        }
        Some("json") => Ok(HttpResponse::Ok().json(&entries)),
        Some(other) => Err(AppError::bad_request("error-bad-format", other.to_owned())),
    }
}

/// `GET /eventos/{id}/auditoria[?formato=csv|json]`: who changed what, when, from
/// what to what (organisers and referees of the club).
pub async fn audit(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let (event, entries) = db(&state, move |conn| {
        let event = queries::find_event(conn, id)?.ok_or(AppError::NotFound)?;
        Ok((event, accounts::event_audit(conn, id)?))
    })
    .await?;
    who.require(Perm::ReadAudit(event.club_id), req.path())?;
    audit_response(
        &req,
        event.name,
        format!("/eventos/{id}"),
        format!("auditoria-evento-{id}"),
        entries,
        query.formato.as_deref(),
    )
}

/// `GET /clubes/{id}/auditoria[?formato=csv|json]`: every change in a club (its
/// players, games and hands, events).
pub async fn club_audit(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    who.require(Perm::ReadAudit(id), req.path())?;
    let (club, entries) = db(&state, move |conn| {
        let club = queries::find_club(conn, id)?.ok_or(AppError::NotFound)?;
        Ok((club, accounts::club_audit(conn, id)?))
    })
    .await?;
    audit_response(
        &req,
        club.name,
        format!("/clubes/{id}"),
        format!("auditoria-club-{id}"),
        entries,
        query.formato.as_deref(),
    )
}
