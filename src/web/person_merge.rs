//! Merging two records of one person, from any clubs, for administrators: two
//! pickers, a confirmation that lists in words everything that moves, the merge, and
//! the audit of merges where each one can be undone.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;
use serde_json::Value;

use super::account::{now, see_other};
use super::audit_words::{self, Known};
use super::auth::Perm;
use super::i18n::{tr, tr_args, tr_count, tr_counts};
use super::manage::{AuditQuery, audit_html, audit_response};
use super::visit::{HttpResult, Visit, VisitId};
use super::{AppState, Ctx, db, render_status};
use crate::db::person_merge::{self, MergeError, Preview, RatedGames};
use crate::db::register::Candidate;
use crate::domain::Lang;
use crate::domain::refusal::MergeFault;
use crate::error::AppError;
use crate::service::person_merge as merges;

/// One side of the confirmation: a person as the administrator checks her.
pub struct Side {
    pub name: String,
    pub href: String,
    pub code: String,
    pub licence: String,
    pub birth_year: String,
    pub clubs: String,
}

/// The confirmation: who stays, who goes, what moves, and whether it can be undone.
pub struct Confirm {
    pub keep: Side,
    pub drop: Side,
    pub summary: String,
    pub moves: Vec<String>,
    pub warning: Option<String>,
}

#[derive(Template)]
#[template(path = "person_merge_admin.html")]
struct MergeAdminPage<'a> {
    ctx: &'a Ctx,
    /// Every person to choose from: (id, label).
    choices: Vec<(i32, String)>,
    /// The choices made (0: none).
    keep: i32,
    drop: i32,
    error: Option<String>,
    confirm: Option<Confirm>,
}

fn side(ctx: &Ctx, c: &Candidate) -> Side {
    let clubs: Vec<&str> = c.clubs.iter().map(|m| m.club.as_str()).collect();
    Side {
        name: c.person.name.clone(),
        href: format!("/jugadores/{}", c.person.id),
        code: c.person.code.clone(),
        licence: c.person.licence.clone().unwrap_or_else(|| "—".to_owned()),
        birth_year: c
            .person
            .birth_year
            .map_or_else(|| "—".to_owned(), |y| y.to_string()),
        clubs: if clubs.is_empty() {
            ctx.t("merge-no-clubs")
        } else {
            clubs.join(", ")
        },
    }
}

/// Everything that moves, one sentence each, in the page's language.
fn confirm(ctx: &Ctx, p: &Preview) -> Confirm {
    let keep = p.keep.person.name.clone();
    let count = |key: &str, n: usize, names: &[String]| {
        tr_count(
            ctx.lang,
            key,
            n,
            &[("keep", keep.clone()), ("names", names.join(", "))],
        )
    };
    let mut moves = Vec::new();
    if p.moving.is_empty() {
        moves.push(ctx.t("merge-moves-no-memberships"));
    } else {
        let clubs: Vec<&str> = p.moving.iter().map(|m| m.club.as_str()).collect();
        moves.push(tr_count(
            ctx.lang,
            "merge-moves-memberships",
            p.moving.len(),
            &[("keep", keep.clone()), ("clubs", clubs.join(", "))],
        ));
    }
    for (club, kept, merged) in &p.joined {
        moves.push(tr_args(
            ctx.lang,
            "merge-moves-joined",
            &[
                ("club", club.clone()),
                ("kept", kept.clone()),
                ("merged", merged.clone()),
            ],
        ));
    }
    moves.push(count("merge-moves-pairs", p.pairs.len(), &p.pairs));
    moves.push(count("merge-moves-games", p.games, &[]));
    moves.push(count(
        "merge-moves-championships",
        p.championships.len(),
        &p.championships,
    ));
    if !p.rewritten.is_empty() {
        moves.push(count(
            "merge-moves-rewritten",
            p.rewritten.len(),
            &p.rewritten,
        ));
    }
    moves.extend(rated_moves(ctx, &p.rated, &keep));
    moves.push(count("merge-moves-circuits", p.circuits.len(), &p.circuits));
    if let Some(l) = &p.licence {
        let args = [("licence", l.clone()), ("keep", keep.clone())];
        moves.push(tr_args(ctx.lang, "merge-moves-licence", &args));
    }
    if let Some(y) = p.birth_year {
        let args = [("year", y.to_string()), ("keep", keep.clone())];
        moves.push(tr_args(ctx.lang, "merge-moves-birth-year", &args));
    }
    if p.initials_only {
        let args = [("keep", keep.clone())];
        moves.push(tr_args(ctx.lang, "merge-moves-initials", &args));
    }
    let summary = tr_args(
        ctx.lang,
        "merge-summary",
        &[("drop", p.drop.person.name.clone()), ("keep", keep)],
    );
    Confirm {
        keep: side(ctx, &p.keep),
        drop: side(ctx, &p.drop),
        summary,
        moves,
        warning: (!p.joined.is_empty()).then(|| ctx.t("merge-undo-warning")),
    }
}

/// What the merge adds to the kept person's rating history, one sentence for each
/// game the dropped one was rated in (one that says so when she was rated in none).
fn rated_moves(ctx: &Ctx, rated: &[RatedGames], keep: &str) -> Vec<String> {
    let lines: Vec<String> = rated
        .iter()
        .filter(|r| r.merged.0 > 0)
        .map(|r| {
            let count = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
            tr_counts(
                ctx.lang,
                "merge-moves-ratings",
                &[
                    ("games", count(r.merged.0)),
                    ("periods", r.merged.1),
                    ("kept", count(r.kept.0)),
                ],
                &[
                    ("game", ctx.t(&format!("game-{}", r.game))),
                    ("keep", keep.to_owned()),
                ],
            )
        })
        .collect();
    if lines.is_empty() {
        vec![ctx.t("merge-moves-no-ratings")]
    } else {
        lines
    }
}

/// The rated games a person merge moved, told per game ("Pasan sus partidas
/// puntuadas: 2 de Tute, 3 de Botifarra."), from its record's `rated`; `None` when it
/// moved none (or the record is older than that list).
pub(super) fn merged_rated(lang: Lang, rated: &Value) -> Option<String> {
    let rated: Vec<RatedGames> = serde_json::from_value(rated.clone()).ok()?;
    let games: Vec<String> = rated
        .iter()
        .filter(|r| r.merged.0 > 0)
        .map(|r| {
            let n = usize::try_from(r.merged.0).unwrap_or(usize::MAX);
            let game = tr(lang, &format!("game-{}", r.game));
            tr_count(lang, "audit-people-merge-rated-game", n, &[("game", game)])
        })
        .collect();
    (!games.is_empty()).then(|| {
        let games = games.join(", ");
        tr_args(lang, "audit-people-merge-rated", &[("games", games)])
    })
}

/// The page: the pickers with `(keep, drop)` chosen, or the confirmation of
/// `preview`; with `error`'s message.
async fn page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    (keep, drop): (i32, i32),
    preview: Option<Preview>,
    error: Option<MergeRefused>,
    status: StatusCode,
) -> HttpResult {
    let ctx = Ctx::from_request(req);
    let choices = if preview.is_some() {
        Vec::new()
    } else {
        db(state, |conn| Ok(person_merge::everyone(conn)?))
            .await?
            .iter()
            .map(|c| {
                // Two people of one name are told apart by their clubs (or none)
                // and licence.
                let named = if c.clubs.is_empty() {
                    format!("{} ({})", c.person.name, ctx.t("merge-no-club"))
                } else {
                    c.label()
                };
                let label = match &c.person.licence {
                    Some(l) => format!("{named} · {l}"),
                    None => named,
                };
                (c.person.id, label)
            })
            .collect()
    };
    render_status(
        &MergeAdminPage {
            error: error.map(|e| tr_args(ctx.lang, e.key(), &[("what", e.detail())])),
            confirm: preview.as_ref().map(|p| confirm(&ctx, p)),
            ctx: &ctx,
            choices,
            keep,
            drop,
        },
        status,
    )
}

/// The ids chosen, as typed (0 when missing or not a number).
fn chosen(s: Option<&str>) -> i32 {
    s.and_then(|s| s.trim().parse::<i32>().ok())
        .filter(|n| *n > 0)
        .unwrap_or(0)
}

#[derive(Deserialize)]
pub struct Choice {
    keep: Option<String>,
    drop: Option<String>,
}

/// `GET /admin/personas/fusionar[?keep=ID&drop=ID]`: the two pickers.
pub async fn form(Visit { req, state, who }: Visit, query: web::Query<Choice>) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    let ids = (chosen(query.keep.as_deref()), chosen(query.drop.as_deref()));
    page(&req, &state, ids, None, None, StatusCode::OK).await
}

#[derive(Deserialize)]
pub struct MergeForm {
    keep: Option<String>,
    drop: Option<String>,
    confirm: Option<String>,
}

/// Why the merge form is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MergeRefused {
    /// One of the two people is not chosen.
    PickBoth,
    /// One of the two is no one's record.
    NoSuchPerson,
    /// The merge itself is refused.
    Fault(MergeFault),
}

impl MergeRefused {
    /// The message key of the locale files.
    pub fn key(&self) -> &'static str {
        match self {
            MergeRefused::PickBoth => "merge-pick-both",
            MergeRefused::NoSuchPerson => "merge-no-such-person",
            MergeRefused::Fault(fault) => fault.key(),
        }
    }

    /// What the message names (nothing but for the merge's own refusals).
    fn detail(&self) -> String {
        match self {
            MergeRefused::Fault(fault) => fault.detail(),
            _ => String::new(),
        }
    }
}

/// The status and refusal of a refused merge.
fn refusal(e: MergeError) -> Result<(StatusCode, MergeRefused), AppError> {
    match e {
        MergeError::NotFound => Ok((StatusCode::UNPROCESSABLE_ENTITY, MergeRefused::NoSuchPerson)),
        MergeError::Refused(fault) => {
            let status = if fault == MergeFault::Itself {
                StatusCode::UNPROCESSABLE_ENTITY
            } else {
                StatusCode::CONFLICT
            };
            Ok((status, MergeRefused::Fault(fault)))
        }
        MergeError::Db(e) => Err(e.into()),
    }
}

/// `POST /admin/personas/fusionar`: `keep`, `drop`; without `confirm=1` the page that
/// lists what moves, with it the merge (then the kept person's page).
pub async fn merge(Visit { req, state, who }: Visit, form: web::Form<MergeForm>) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    let (keep, drop) = (chosen(form.keep.as_deref()), chosen(form.drop.as_deref()));
    if keep == 0 || drop == 0 {
        let error = Some(MergeRefused::PickBoth);
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        return page(&req, &state, (keep, drop), None, error, status).await;
    }
    let confirmed = form.confirm.as_deref() == Some("1");
    let actor = who.actor();
    let done = db(&state, move |conn| {
        Ok(if confirmed {
            merges::merge(conn, keep, drop, &actor, now()).map(|_| None)
        } else {
            person_merge::preview(conn, keep, drop).map(Some)
        })
    })
    .await?;
    match done {
        Ok(None) => Ok(see_other(&format!("/jugadores/{keep}"))),
        Ok(Some(preview)) => {
            let ok = StatusCode::OK;
            page(&req, &state, (keep, drop), Some(preview), None, ok).await
        }
        Err(e) => {
            let (status, refused) = refusal(e)?;
            let error = Some(refused);
            page(&req, &state, (keep, drop), None, error, status).await
        }
    }
}

/// The audit of merges of people, each merge that may still be undone with its
/// button, and `error` when an undo was refused.
async fn audit_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    format: Option<&str>,
    error: Option<String>,
    status: StatusCode,
) -> HttpResult {
    let (entries, known) = db(state, |conn| {
        let entries = person_merge::audit(conn)?;
        let known = Known::gather(conn, &entries)?;
        Ok((entries, known))
    })
    .await?;
    let ctx = Ctx::from_request(req);
    let back = "/admin/personas/fusionar".to_owned();
    if format.is_some_and(|f| f != "html") {
        let name = ctx.t("merge-audit-title");
        let file = "auditoria-personas".to_owned();
        return audit_response(req, name, back, file, (entries, known, false), format);
    }
    let undoable = person_merge::undoable(&entries);
    let mut lines = audit_words::lines(ctx.lang, &entries, &known, false);
    for (line, e) in lines.iter_mut().zip(&entries) {
        if undoable.contains(&e.id) {
            line.undo = Some(format!("/admin/personas/fusionar/{}/deshacer", e.id));
        }
    }
    let names = (
        ctx.t("merge-audit-title"),
        back,
        "/admin/personas/auditoria".to_owned(),
    );
    audit_html(&ctx, names, lines, error, status)
}

/// `GET /admin/personas/auditoria[?formato=csv|xlsx|json]`: every merge of people and
/// its undoing.
pub async fn audit(Visit { req, state, who }: Visit, query: web::Query<AuditQuery>) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    let format = query.formato.as_deref();
    audit_page(&req, &state, format, None, StatusCode::OK).await
}

/// `POST /admin/personas/fusionar/{audit_id}/deshacer`: undoes a merge; refused (409,
/// the audit again with why) when something changed since that makes it unsafe.
pub async fn undo(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    let actor = who.actor();
    let done = db(&state, move |conn| {
        Ok(merges::undo(conn, id, &actor, now()))
    })
    .await?;
    match done {
        Ok(_) => Ok(see_other("/admin/personas/auditoria")),
        Err(MergeError::NotFound) => Err(AppError::NotFound),
        Err(MergeError::Db(e)) => Err(e.into()),
        Err(MergeError::Refused(fault)) => {
            let ctx = Ctx::from_request(&req);
            let error = Some(tr_args(ctx.lang, fault.key(), &[("what", fault.detail())]));
            audit_page(&req, &state, None, error, StatusCode::CONFLICT).await
        }
    }
}

/// The routes of this module.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/admin/personas/fusionar")
            .get(form)
            .post(merge),
    )
    .service(web::resource("/admin/personas/fusionar/{id}/deshacer").post(undo))
    .service(web::resource("/admin/personas/auditoria").get(audit));
}
