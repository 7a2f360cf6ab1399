//! The register of people as clubs keep it: a club's members on its page, adding a
//! player (who may already be someone of another club: the people she probably is
//! are offered first), the end of a membership on a given day, and the names of
//! people shown by name and initial as visitors read them in a championship.
//! Licence numbers and years of birth appear only on pages for organisers and
//! administrators.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, web};
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;

use super::account::{now, see_other};
use super::auth::Perm;
use super::visit::{HttpResult, Visit, VisitId};
use super::{Ctx, db, i18n, render_status};
use crate::db::DbConn;
use crate::db::queries::{self, Club};
use crate::db::register::{self, Candidate, Hidden};
use crate::domain::register::{RegisterFault, checked_left_on};
use crate::error::AppError;
use crate::service::register::{Added, Checked, add_member};

/// A day as the pages show it.
pub fn date(ctx: &Ctx, d: NaiveDate) -> String {
    day(ctx.lang, d)
}

/// A day as the pages in `lang` show it.
pub fn day(lang: i18n::Lang, d: NaiveDate) -> String {
    match lang {
        i18n::Lang::En => d.format("%Y-%m-%d").to_string(),
        _ => d.format("%d/%m/%Y").to_string(),
    }
}

/// One membership on a club's page.
pub struct MemberLine {
    /// The membership's player row.
    pub id: i32,
    /// Her person (her page).
    pub person: i32,
    /// The club's name for her (as "Ana M." for a visitor when she asked so).
    pub name: String,
    pub current: bool,
    pub since: Option<String>,
    pub until: Option<String>,
    /// For the club's organisers only.
    pub licence: Option<String>,
    pub birth_year: Option<i32>,
}

/// Club `club`'s members, current and former, as `staff` (its organisers and the
/// administrators) or a visitor sees them.
pub fn member_lines(
    conn: &mut DbConn,
    lang: i18n::Lang,
    club: i32,
    (staff, hidden): (bool, &Hidden),
) -> Result<Vec<MemberLine>, AppError> {
    let members = register::club_members(conn, club)?;
    Ok(members
        .into_iter()
        .map(|m| MemberLine {
            id: m.player.id,
            person: m.person.merged_into.unwrap_or(m.person.id),
            name: hidden.spelling(m.person.id, &m.player.name),
            current: m.player.left_on.is_none() && m.player.retired_at.is_none(),
            since: m.player.joined_on.map(|d| day(lang, d)),
            until: m.player.left_on.map(|d| day(lang, d)),
            licence: m.person.licence.filter(|_| staff),
            birth_year: m.person.birth_year.filter(|_| staff),
        })
        .collect())
}

/// How visitors read a championship's entrants (of club `club`'s championship
/// `file`): each name that names someone shown by name and initial, and how it
/// reads ("Martínez – Ruiz" → "M. – Ruiz"). Empty when nobody is hidden.
pub fn entrant_masks(
    conn: &mut DbConn,
    club: i32,
    file: &crate::domain::tournament::TournamentFile,
) -> Result<std::collections::HashMap<String, String>, AppError> {
    let hidden = Hidden::load(conn)?;
    if hidden.is_empty() {
        return Ok(std::collections::HashMap::new());
    }
    let (names, _, _) = crate::db::ratings::Names::load(conn)?;
    Ok(entrant_masks_with(&hidden, &names, club, file))
}

/// [`entrant_masks`] with the hidden people and the register's names already read
/// (for many championships at once).
pub fn entrant_masks_with(
    hidden: &Hidden,
    names: &crate::db::ratings::Names,
    club: i32,
    file: &crate::domain::tournament::TournamentFile,
) -> std::collections::HashMap<String, String> {
    let mut out = std::collections::HashMap::new();
    for e in &file.entrants {
        let people = names.entrant_of(club, e).unwrap_or_default();
        let shown = hidden.of(&e.name, &people);
        if shown != e.name {
            out.insert(e.name.clone(), shown);
        }
        for p in &e.people {
            let shown = hidden.of(&p.name, &people);
            if shown != p.name {
                out.insert(p.name.clone(), shown);
            }
        }
    }
    out
}

/// A championship's file with its entrants' names as visitors read them.
pub fn mask_entrants(
    file: &mut crate::domain::tournament::TournamentFile,
    masks: &std::collections::HashMap<String, String>,
) {
    let shown = |name: &mut String| {
        if let Some(m) = masks.get(name.as_str()) {
            *name = m.clone();
        }
    };
    for e in &mut file.entrants {
        shown(&mut e.name);
        for p in &mut e.people {
            shown(&mut p.name);
        }
    }
}

// ---------------------------------------------------------------------------
// Adding a player.

/// The new-player form as typed.
#[derive(Deserialize, Default, Clone)]
pub struct AddForm {
    #[serde(default)]
    pub name: String,
    /// A person's id, `new`, or nothing (then the people she may be are offered).
    #[serde(default)]
    pub person: String,
    #[serde(default)]
    pub licence: String,
    #[serde(default)]
    pub birth_year: String,
    #[serde(default)]
    pub joined_on: String,
}

/// A person the typed name may be, as the page offers her.
pub struct CandidateLine {
    pub id: i32,
    pub name: String,
    /// Her clubs with the days she played for them.
    pub clubs: String,
    pub licence: Option<String>,
}

#[derive(Template)]
#[template(path = "register_add.html")]
struct AddPage<'a> {
    ctx: &'a Ctx,
    club: Club,
    form: AddForm,
    error: Option<String>,
    candidates: Vec<CandidateLine>,
}

/// The candidates as the page lists them.
pub(super) fn candidate_lines(ctx: &Ctx, found: &[Candidate]) -> Vec<CandidateLine> {
    found
        .iter()
        .map(|c| CandidateLine {
            id: c.person.id,
            name: c.person.name.clone(),
            clubs: c
                .clubs
                .iter()
                .map(|m| match (m.joined_on, m.left_on) {
                    (_, Some(l)) => format!(
                        "{} ({})",
                        m.club,
                        ctx.t1("people-member-until", "date", &date(ctx, l))
                    ),
                    (Some(j), None) => format!(
                        "{} ({})",
                        m.club,
                        ctx.t1("people-member-since", "date", &date(ctx, j))
                    ),
                    (None, None) => m.club.clone(),
                })
                .collect::<Vec<_>>()
                .join(", "),
            licence: c.person.licence.clone(),
        })
        .collect()
}

/// `POST /clubes/{id}/jugadores`: an organiser adds a player. Without `person`, the
/// people the name (or the licence) probably is are offered first; `person=ID`
/// makes that person a member, `person=new` a new person. A known licence is its
/// holder. Bad input shows the form again with what was typed (4xx).
pub async fn add_player(
    VisitId(Visit { req, state, who }, club_id, form): VisitId<web::Form<AddForm>>,
) -> HttpResult {
    who.require(Perm::ManageClub(club_id), req.path())?;
    let form = form.into_inner();
    let typed = (
        form.name.as_str(),
        form.licence.as_str(),
        form.birth_year.as_str(),
        form.joined_on.as_str(),
    );
    let checked = match Checked::of(typed) {
        Ok(c) => c,
        Err(fault) => {
            return add_page(&req, &state, club_id, form, Some(fault), Vec::new()).await;
        }
    };
    let actor = who.actor();
    let choice = form.person.trim().to_owned();
    let added = db(&state, move |conn| {
        add_member(conn, club_id, &choice, &checked, &actor)
    })
    .await?;
    match added {
        Added::Done => Ok(see_other(&format!("/clubes/{club_id}"))),
        Added::Ask(found) => add_page(&req, &state, club_id, form, None, found).await,
        Added::Refused(fault) => {
            let status = match fault {
                RegisterFault::NoPerson => StatusCode::UNPROCESSABLE_ENTITY,
                _ => StatusCode::CONFLICT,
            };
            let mut res = add_page(&req, &state, club_id, form, Some(fault), Vec::new()).await?;
            *res.status_mut() = status;
            Ok(res)
        }
    }
}

/// The new-player page: the form as typed, what to fix (422) or the people the
/// name may be (200).
async fn add_page(
    req: &HttpRequest,
    state: &web::Data<super::AppState>,
    club_id: i32,
    form: AddForm,
    error: Option<RegisterFault>,
    found: Vec<Candidate>,
) -> HttpResult {
    let club = db(state, move |conn| {
        queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)
    })
    .await?;
    let ctx = Ctx::from_request(req);
    let status = match error {
        Some(_) => StatusCode::UNPROCESSABLE_ENTITY,
        None => StatusCode::OK,
    };
    render_status(
        &AddPage {
            error: error.map(|fault| ctx.t(fault.key())),
            candidates: candidate_lines(&ctx, &found),
            ctx: &ctx,
            club,
            form,
        },
        status,
    )
}

// ---------------------------------------------------------------------------
// The end of a membership on a given day.

#[derive(Template)]
#[template(path = "register_leave.html")]
struct LeavePage<'a> {
    ctx: &'a Ctx,
    club: Club,
    player: i32,
    name: String,
    left_on: String,
    error: String,
}

/// The day a membership ends as typed in the form of `POST …/jugadores/{pid}/baja`
/// (blank: today), checked against the day it began.
pub fn left_on(
    typed: &str,
    joined_on: Option<NaiveDate>,
) -> Result<Option<NaiveDate>, RegisterFault> {
    checked_left_on(typed, joined_on, now().date())
}

/// The form of a membership's end again, with what was typed and what to fix (422).
pub async fn leave_page(
    req: &HttpRequest,
    state: &web::Data<super::AppState>,
    (club_id, player): (i32, i32),
    typed: String,
    error: RegisterFault,
) -> HttpResult {
    let (club, name) = db(state, move |conn| {
        let club = queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
        let p = crate::db::people::find_player(conn, club_id, player)?.ok_or(AppError::NotFound)?;
        Ok((club, p.name))
    })
    .await?;
    let ctx = Ctx::from_request(req);
    render_status(
        &LeavePage {
            error: ctx.t(error.key()),
            ctx: &ctx,
            club,
            player,
            name,
            left_on: typed,
        },
        StatusCode::UNPROCESSABLE_ENTITY,
    )
}

/// The route of a club's new member (a person's page and the administrators' are
/// [`super::register_person`]'s, the licence list's [`super::register_import`]'s).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/clubes/{id}/jugadores").post(add_player));
}
