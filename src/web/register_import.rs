//! `GET/POST /admin/personas/importar`: an administrator uploads a federation's
//! licence list (CSV or XLSX: licence, name, club, optional year of birth) and
//! reads what it did, line by line; with a conflict nothing is written and the page
//! lists the conflicts. `baza people import` reads the same lists the same way.

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{HttpRequest, web};
use askama::Template;

use super::account::now;
use super::auth::Perm;
use super::i18n::{Lang, tr, tr_args};
use super::sheets::{self, BadLine};
use super::visit::{HttpResult, Visit};
use super::{Ctx, db, multipart_parts, render, render_status};
use crate::domain::licence_list::{self, Change, Conflict, Problem, Report};
use crate::domain::register::ListFault;
use crate::error::AppError;
use crate::service::licences;

/// A conflict in words: what is wrong, on which lines.
pub fn conflict_words(lang: Lang, c: &Conflict) -> String {
    let lines = c
        .lines
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let what = match &c.problem {
        Problem::BadLine { reason } => tr(lang, reason.key()),
        Problem::TwoNames { licence, names } => tr_args(
            lang,
            "licences-two-names",
            &[("licence", licence.clone()), ("names", names.join(" / "))],
        ),
        Problem::TwoLines { licence } => {
            tr_args(lang, "licences-two-lines", &[("licence", licence.clone())])
        }
        Problem::NameDiffers {
            licence,
            stored,
            file,
        } => tr_args(
            lang,
            "licences-name-differs",
            &[
                ("licence", licence.clone()),
                ("stored", stored.clone()),
                ("file", file.clone()),
            ],
        ),
        Problem::TwoLicences { person, licences } => tr_args(
            lang,
            "licences-two-licences",
            &[("name", person.clone()), ("licences", licences.join(", "))],
        ),
        Problem::NameTaken { club, name } => tr_args(
            lang,
            "licences-name-taken",
            &[("club", club.clone()), ("name", name.clone())],
        ),
    };
    tr_args(
        lang,
        "licences-conflict",
        &[("lines", lines), ("what", what)],
    )
}

/// A change in words: "club: Peña A → Peña B".
pub fn change_words(lang: Lang, c: &Change) -> String {
    let none = || "—".to_owned();
    format!(
        "{}: {} → {}",
        tr(lang, c.field.key()),
        c.from.clone().unwrap_or_else(none),
        c.to.clone().unwrap_or_else(none)
    )
}

/// One line of the report on the page.
pub struct ReportLine {
    pub line: usize,
    pub licence: String,
    pub name: String,
    pub changes: String,
}

#[derive(Template)]
#[template(path = "register_import.html")]
struct ImportPage<'a> {
    ctx: &'a Ctx,
    /// What was wrong with the file itself.
    error: Option<String>,
    report: Option<ReportView>,
}

/// The report as the page shows it.
pub struct ReportView {
    pub written: bool,
    pub new: Vec<ReportLine>,
    pub changed: Vec<ReportLine>,
    pub linked: Vec<ReportLine>,
    pub unchanged: usize,
    pub conflicts: Vec<String>,
    pub clubs_created: String,
    /// The counts in one sentence.
    pub summary: String,
}

/// The report's counts in one sentence.
pub fn summary(lang: Lang, r: &Report) -> String {
    tr_args(
        lang,
        "licences-summary",
        &[
            ("new", r.new.len().to_string()),
            ("changed", r.changed.len().to_string()),
            ("linked", r.linked.len().to_string()),
            ("unchanged", r.unchanged.len().to_string()),
            ("conflicts", r.conflicts.len().to_string()),
        ],
    )
}

impl ReportView {
    /// The lines that did something, by kind: (heading key, lines).
    fn sections(&self) -> [(&'static str, &[ReportLine]); 3] {
        [
            ("licences-new", &self.new),
            ("licences-changed", &self.changed),
            ("licences-linked", &self.linked),
        ]
    }
}

fn view(lang: Lang, r: &Report) -> ReportView {
    let lines = |list: &[licence_list::Listed]| {
        list.iter()
            .map(|l| ReportLine {
                line: l.line,
                licence: l.licence.clone(),
                name: l.name.clone(),
                changes: l
                    .changes
                    .iter()
                    .map(|c| change_words(lang, c))
                    .collect::<Vec<_>>()
                    .join(" · "),
            })
            .collect()
    };
    ReportView {
        written: r.written,
        new: lines(&r.new),
        changed: lines(&r.changed),
        linked: lines(&r.linked),
        unchanged: r.unchanged.len(),
        conflicts: r
            .conflicts
            .iter()
            .map(|c| conflict_words(lang, c))
            .collect(),
        clubs_created: r.clubs_created.join(", "),
        summary: summary(lang, r),
    }
}

/// Reads a list's file and imports it as `actor`: the report, or what is wrong
/// with the file itself.
pub fn import_bytes(
    conn: &mut crate::db::DbConn,
    bytes: &[u8],
    actor: &str,
) -> Result<Result<Report, ListFault>, AppError> {
    let at = now();
    let rows = match sheets::read_table(bytes) {
        Ok(rows) => rows,
        Err(BadLine(0)) => return Ok(Err(ListFault::BadFile)),
        Err(BadLine(_)) => return Ok(Err(ListFault::CsvQuotes)),
    };
    let (entries, bad) = match licence_list::read(&rows, at.date()) {
        Ok(read) => read,
        Err(fault) => return Ok(Err(fault)),
    };
    Ok(Ok(licences::import(conn, &entries, bad, (actor, at))?))
}

/// `GET /admin/personas/importar`: the form (administrators).
pub async fn form(Visit { req, who, .. }: Visit) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    let ctx = Ctx::from_request(&req);
    render(&ImportPage {
        ctx: &ctx,
        error: None,
        report: None,
    })
}

/// The file of a multipart upload (field `file`).
fn sent_file(req: &HttpRequest, body: &[u8]) -> Option<Vec<u8>> {
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    multipart_parts(content_type, body)?
        .into_iter()
        .find(|p| p.name == "file" && !p.content.is_empty())
        .map(|p| p.content)
}

/// `POST /admin/personas/importar`: imports the uploaded list and shows the report
/// (200); with conflicts, nothing is written and the page lists them (422); a file
/// that is not a list shows the form again with what is wrong (422).
pub async fn import(Visit { req, state, who }: Visit, body: web::Bytes) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    let ctx = Ctx::from_request(&req);
    let Some(bytes) = sent_file(&req, &body) else {
        return render_status(
            &ImportPage {
                error: Some(ctx.t(ListFault::NoFile.key())),
                ctx: &ctx,
                report: None,
            },
            StatusCode::UNPROCESSABLE_ENTITY,
        );
    };
    let actor = who.actor();
    let done = db(&state, move |conn| import_bytes(conn, &bytes, &actor)).await?;
    let (page, status) = match done {
        Err(fault) => (
            ImportPage {
                error: Some(ctx.t(fault.key())),
                ctx: &ctx,
                report: None,
            },
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        Ok(report) => (
            ImportPage {
                error: None,
                ctx: &ctx,
                report: Some(view(ctx.lang, &report)),
            },
            if report.written {
                StatusCode::OK
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            },
        ),
    };
    render_status(&page, status)
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/admin/personas/importar")
            .get(form)
            .post(import),
    );
}
