//! Changing recorded data: players of a club, a championship table's result by API
//! token, the QR codes of printed slips, and the audit log.

use crate::domain::status::TableStatus;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::account::now;
use super::audit_words::{self, Known, Line};
use super::auth::Perm;
use super::sheets::{self, Sheet, Target};
use super::visit::{HttpResult, Visit, VisitId};
use super::{AppState, Ctx, db, parse_id, render_status};
use crate::db::DbConn;
use crate::db::accounts::{self, AuditEntry};
use crate::db::championship::store::{self as store, TableRow};
use crate::db::queries;
use crate::domain::refusal::{Place, Refusal};
use crate::domain::tournament::{self, MatchResult, Pairing, Side};
use crate::error::AppError;
use crate::error::Malformed;
use crate::error::Unacceptable;

/// Largest score accepted for one side of a match.
pub const MAX_SCORE: u32 = 9999;

#[derive(Deserialize)]
pub struct ApiResult {
    score_a: u32,
    score_b: u32,
    /// The table's version the caller read (optimistic locking).
    version: i32,
    /// `a` or `b`, where the score alone does not tell the winner.
    #[serde(default)]
    winner: Option<Side>,
    /// Set to correct a result that later rounds were paired from.
    #[serde(default)]
    confirm: bool,
}

/// `POST /api/v1/campeonatos/{id}/rondas/{r}/mesas/{t}/resultado` with
/// `Authorization: Bearer …`: the final result of a table, from a director or a
/// referee of the club (or an admin). Body `{"score_a", "score_b", "version"}`,
/// optional `"winner": "a"|"b"` and, to correct a result later rounds depend on,
/// `"confirm": true`. Answers the table's new state. A correction asked without the
/// confirm answers 409 with the tables it touches (`detail`) and who would have met
/// in the later rounds (`hindsight`: `round`, `table`, `played`, `would`, and the
/// `sentence`).
pub async fn api_table_result(
    Visit { req, state, who }: Visit,
    path: web::Path<(String, u32, u32)>,
    body: web::Json<ApiResult>,
) -> HttpResult {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    who.require(Perm::OwnAccount, req.path())?;
    let (t, row) = db(&state, move |conn| {
        let t = store::load(conn, id)?.ok_or(AppError::NotFound)?;
        let row =
            store::find_table(conn, id, round as i32, table as i32)?.ok_or(AppError::NotFound)?;
        Ok((t, row))
    })
    .await?;
    who.require(
        Perm::RecordResult {
            club_id: t.championship.club_id,
            match_id: 0,
            finished: true,
        },
        req.path(),
    )?;
    let body = body.into_inner();
    let lang = super::i18n::negotiate(&req);
    if body.score_a > MAX_SCORE || body.score_b > MAX_SCORE {
        return Err(AppError::from(Unacceptable::Score(
            crate::domain::lang::tr!(
                lang,
                "los tantos han de estar entre 0 y {MAX_SCORE}",
                "els punts han de ser entre 0 i {MAX_SCORE}",
                "scores must be between 0 and {MAX_SCORE}"
            ),
        )));
    }
    let ev = &t.file.championship;
    tournament::check_outcome(
        ev.game,
        &ev.options,
        &ev.match_format,
        body.score_a,
        body.score_b,
        body.winner,
    )
    .map_err(|e| AppError::from(Unacceptable::Outcome(e.message(lang))))?;
    let is_table = t.round(round).is_some_and(|r| {
        r.pairings
            .iter()
            .any(|p| matches!(p, Pairing::Table(x) if x.table == table))
    });
    if !is_table {
        return Err(AppError::NotFound);
    }
    if body.version != row.version {
        return Err(AppError::Refused(Refusal::StaleTable {
            round,
            table,
            version: row.version,
        }));
    }
    let existing = t.round(round).and_then(|r| r.result(table)).is_some();
    let dependents = tournament::dependents_of(&t.file, round, table);
    let result = MatchResult {
        table,
        score: [body.score_a, body.score_b],
        winner: body.winner,
        ..MatchResult::default()
    };
    if existing && !dependents.is_empty() && !body.confirm {
        return Err(AppError::Refused(Refusal::CorrectionConfirmApi(
            dependents.iter().map(|&(r, x)| Place::new(r, x)).collect(),
            tournament::hindsight(&t.file, round, &result),
        )));
    }
    record_result(&state, &row, round, existing, result, who.actor()).await?;
    let version = body.version;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "championship": id, "round": round, "table": table,
        "score_a": body.score_a, "score_b": body.score_b,
        "status": TableStatus::Final.as_str(), "version": version + 1,
    })))
}

/// Records `result` at table `row` of round `round`, over the version read,
/// audited as `actor`: a correction where the table had a result (`existing`), the
/// override of a proposed result, else the first record. At a table that plays a
/// game, the result says it was typed: it stands on its own, whatever the game holds.
pub(crate) async fn record_result(
    state: &AppState,
    row: &TableRow,
    round: u32,
    existing: bool,
    mut result: MatchResult,
    actor: String,
) -> Result<(), AppError> {
    result.typed = row.game_id.is_some();
    let action = if existing {
        "correct"
    } else if row.status == TableStatus::Proposed {
        "override"
    } else {
        "record"
    };
    let (id, version) = (row.championship_id, row.version);
    db(state, move |conn| {
        Ok(crate::service::championship::record_result(
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
    .await
}

/// The quiet zone around a QR code, in modules (the standard's four).
const QR_QUIET: usize = 4;

/// A QR code of `url` as SVG, drawn at least 150 px wide with its quiet zone; empty
/// when `url` cannot be encoded. One path in a viewBox of modules, each run of dark
/// modules along a row one rectangle: a code of 33 modules takes about 4 kB, where a
/// square per module took 10 kB (a round of 100 printed slips, 1 MB of codes).
pub fn qr_svg(url: &str) -> String {
    use std::fmt::Write;
    let Ok(code) = qrcode::QrCode::new(url.as_bytes()) else {
        return String::new();
    };
    let width = code.width();
    let colors = code.to_colors();
    let size = width + 2 * QR_QUIET;
    let px = size * 150usize.div_ceil(size);
    let mut d = String::new();
    for (y, row) in colors.chunks(width.max(1)).enumerate() {
        let mut x = 0;
        while x < row.len() {
            let run = row[x..]
                .iter()
                .take_while(|c| **c == qrcode::Color::Dark)
                .count();
            if run == 0 {
                x += 1;
                continue;
            }
            let _ = write!(d, "M{} {}h{run}v1h-{run}z", x + QR_QUIET, y + QR_QUIET);
            x += run;
        }
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{px}\" height=\"{px}\" \
         viewBox=\"0 0 {size} {size}\" shape-rendering=\"crispEdges\">\
         <rect width=\"{size}\" height=\"{size}\" fill=\"#fff\"/><path fill=\"#000\" d=\"{d}\"/></svg>"
    )
}

#[derive(Template)]
#[template(path = "audit.html")]
struct AuditPage<'a> {
    ctx: &'a Ctx,
    name: String,
    back: String,
    /// The page's address, which `?formato=csv|xlsx` downloads.
    download: String,
    lines: Vec<Line>,
    /// Why a change asked from this page was refused.
    error: Option<String>,
}

#[derive(Deserialize)]
pub struct AuditQuery {
    pub(crate) formato: Option<String>,
}

/// The audit trail as a spreadsheet table, newest first like the page: each row as
/// a sentence, then as stored.
pub fn audit_sheet(ctx: &Ctx, (entries, known): (&[AuditEntry], &Known)) -> Sheet {
    let mut sheet = Sheet::new(
        ctx.t("audit-title"),
        vec![
            ("Id".to_owned(), 8.0),
            (ctx.t("audit-when"), 20.0),
            (ctx.t("audit-what"), 60.0),
            (ctx.t("audit-who"), 22.0),
            (ctx.t("audit-action"), 14.0),
            (ctx.t("sheets-entity"), 14.0),
            (ctx.t("sheets-entity-id"), 10.0),
            (ctx.t("audit-before"), 50.0),
            (ctx.t("audit-after"), 50.0),
        ],
    );
    for e in entries {
        sheet.push(vec![
            e.id.into(),
            e.at.format("%Y-%m-%d %H:%M:%S").to_string().into(),
            audit_words::sentence(ctx.lang, e, known).into(),
            e.actor.as_str().into(),
            e.action.as_str().into(),
            e.entity.as_str().into(),
            e.entity_id.into(),
            e.before_json.as_deref().unwrap_or("").into(),
            e.after_json.as_deref().unwrap_or("").into(),
        ]);
    }
    sheet
}

/// An audit trail's page: its `name`, the page it belongs to (`back`), the address
/// of its downloads, its lines and, when a change asked from it was refused, why.
pub(crate) fn audit_html(
    ctx: &Ctx,
    (name, back, download): (String, String, String),
    lines: Vec<Line>,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    render_status(
        &AuditPage {
            ctx,
            name,
            back,
            download,
            lines,
            error,
        },
        status,
    )
}

/// Renders an audit trail as HTML, CSV, XLSX or JSON.
pub(crate) fn audit_response(
    req: &HttpRequest,
    name: String,
    back: String,
    file: String,
    (entries, known, context): (Vec<AuditEntry>, Known, bool),
    format: Option<&str>,
) -> Result<HttpResponse, AppError> {
    match format {
        None | Some("html") => {
            let ctx = Ctx::from_request(req);
            let lines = audit_words::lines(ctx.lang, &entries, &known, context);
            let download = format!("{back}/auditoria");
            audit_html(&ctx, (name, back, download), lines, None, StatusCode::OK)
        }
        Some(ext @ ("csv" | "xlsx")) => {
            let ctx = Ctx::from_request(req);
            sheets::download(
                ctx.lang,
                &[audit_sheet(&ctx, (&entries, &known))],
                sheets::Format::from_ext(ext)?,
                &file,
            )
        }
        Some("json") => Ok(HttpResponse::Ok().json(&entries)),
        Some(other) => Err(AppError::BadRequest(Malformed::Format(other.to_owned()))),
    }
}

/// `GET /campeonatos/{id}/auditoria[?formato=csv|json]`: who changed what in a
/// championship, when, from what to what (organisers and referees of the club).
pub async fn audit(
    VisitId(Visit { req, state, who }, id, query): VisitId<web::Query<AuditQuery>>,
) -> HttpResult {
    let (championship, entries, known) = audit_trail(
        &state,
        id,
        queries::find_championship,
        accounts::championship_audit,
    )
    .await?;
    who.require(Perm::ReadAudit(championship.club_id), req.path())?;
    audit_response(
        &req,
        championship.name,
        format!("/campeonatos/{id}"),
        format!("auditoria-campeonato-{id}"),
        (entries, known, false),
        query.formato.as_deref(),
    )
}

/// Thing `id` as `find` reads it (a 404 when there is none), every change in it as
/// `changes` lists them, newest first, and what those changes name.
pub(crate) async fn audit_trail<T: Send + 'static>(
    state: &AppState,
    id: i32,
    find: fn(&mut DbConn, i32) -> diesel::QueryResult<Option<T>>,
    changes: fn(&mut DbConn, i32) -> diesel::QueryResult<Vec<AuditEntry>>,
) -> Result<(T, Vec<AuditEntry>, Known), AppError> {
    db(state, move |conn| {
        let found = find(conn, id)?.ok_or(AppError::NotFound)?;
        let entries = changes(conn, id)?;
        let known = Known::gather(conn, &entries)?;
        Ok((found, entries, known))
    })
    .await
}

/// `GET /clubes/{id}/auditoria[?formato=csv|json]`: every change in a club (its
/// players, games and hands, championships).
pub async fn club_audit(
    VisitId(Visit { req, state, who }, id, query): VisitId<web::Query<AuditQuery>>,
) -> HttpResult {
    who.require(Perm::ReadAudit(id), req.path())?;
    let (club, entries, known) =
        audit_trail(&state, id, queries::find_club, accounts::club_audit).await?;
    audit_response(
        &req,
        club.name,
        format!("/clubes/{id}"),
        format!("auditoria-club-{id}"),
        (entries, known, true),
        query.formato.as_deref(),
    )
}

/// `GET /clubes/{id}/auditoria.{xlsx|csv}`: the club's audit as a spreadsheet
/// (organisers and referees of the club).
pub async fn club_audit_download(
    Visit { req, state, who }: Visit,
    Target(id, format): Target,
) -> HttpResult {
    who.require(Perm::ReadAudit(id), req.path())?;
    let (club, entries, known) =
        audit_trail(&state, id, queries::find_club, accounts::club_audit).await?;
    let ctx = Ctx::from_request(&req);
    let sheet = audit_sheet(&ctx, (&entries, &known));
    sheets::club_download(&ctx, ("sheets-file-audit", &club.name), sheet, format)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::collections::BTreeSet;

    /// The dark modules an SVG path draws, quiet zone included: `scale` px a module,
    /// each subpath starting at `M{x} {y}` and `run` modules long (1 when `None`:
    /// a square per module).
    fn dark_modules(svg: &str, scale: usize) -> BTreeSet<(usize, usize)> {
        let d = svg
            .split(" d=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let mut out = BTreeSet::new();
        for part in d.split('M').filter(|p| !p.is_empty()) {
            let nums: Vec<usize> = part
                .split(|c: char| !c.is_ascii_digit())
                .filter(|n| !n.is_empty())
                .map(|n| n.parse().unwrap())
                .collect();
            let (x, y) = (nums[0] / scale, nums[1] / scale);
            let run = if scale == 1 { nums[2] } else { 1 };
            for k in 0..run {
                out.insert((x + k, y));
            }
        }
        out
    }

    #[test]
    fn a_qr_code_drawn_by_runs_darkens_exactly_the_modules_of_the_crates_own_drawing() {
        for url in [
            "http://192.168.1.20:8080/campeonatos/1/rondas/7/mesas/42",
            "https://baza.mi-club.es/campeonatos/12/fases/3/mesas/1",
            "x",
        ] {
            let ours = qr_svg(url);
            let theirs = qrcode::QrCode::new(url.as_bytes())
                .unwrap()
                .render::<qrcode::render::svg::Color>()
                .min_dimensions(150, 150)
                .quiet_zone(true)
                .build();
            let px = |svg: &str| -> String {
                svg.split("width=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .to_owned()
            };
            assert_eq!(px(&ours), px(&theirs), "{url}: the same size on the page");
            let scale: usize = px(&theirs).parse::<usize>().unwrap()
                / (qrcode::QrCode::new(url.as_bytes()).unwrap().width() + 2 * QR_QUIET);
            assert_eq!(
                dark_modules(&ours, 1),
                dark_modules(&theirs, scale),
                "{url}"
            );
            assert!(
                ours.len() * 2 < theirs.len(),
                "{} vs {}",
                ours.len(),
                theirs.len()
            );
        }
    }
}
