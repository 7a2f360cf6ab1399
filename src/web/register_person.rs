//! A person's own page of data (`/personas/{id}/editar`: name, licence, year of
//! birth, whether public pages show her by name and initial), for her clubs'
//! organisers and the administrators, and the administrators' list of the whole
//! register (`/admin/personas`).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, web};
use askama::Template;
use serde::Deserialize;

use super::account::{now, see_other};
use super::auth::{Perm, Principal};
use super::register::candidate_lines;
use super::visit::{HttpResult, Visit, VisitId};
use super::{Ctx, db, render, render_status};
use crate::db::register::{self, Candidate, Person, PersonFields};
use crate::domain::register::{RegisterFault, checked_birth_year, checked_licence, checked_name};
use crate::error::AppError;

// ---------------------------------------------------------------------------
// A person's own page of data.

#[derive(Template)]
#[template(path = "register_edit.html")]
struct EditPage<'a> {
    ctx: &'a Ctx,
    id: i32,
    /// Her name as stored (the page's title).
    stored: String,
    clubs: String,
    form: EditForm,
    error: Option<String>,
}

/// A person's edit form as typed.
#[derive(Deserialize, Default, Clone)]
pub struct EditForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    licence: String,
    #[serde(default)]
    birth_year: String,
    /// A checkbox: present when ticked.
    #[serde(default)]
    initials_only: Option<String>,
}

impl EditForm {
    fn of(p: &Person) -> EditForm {
        EditForm {
            name: p.name.clone(),
            licence: p.licence.clone().unwrap_or_default(),
            birth_year: p.birth_year.map(|y| y.to_string()).unwrap_or_default(),
            initials_only: (p.initials_only != 0).then(|| "1".to_owned()),
        }
    }

    fn checked(&self) -> Result<PersonFields, RegisterFault> {
        Ok(PersonFields {
            name: checked_name(&self.name)?,
            licence: checked_licence(&self.licence)?,
            birth_year: checked_birth_year(&self.birth_year, now().date())?,
            initials_only: self.initials_only.is_some(),
        })
    }
}

/// Person `id` (the live record, through a merge) and her clubs, if `who` may edit
/// her: an administrator, or an organiser of a club she plays for.
async fn editable(
    state: &web::Data<super::AppState>,
    who: &Principal,
    here: &str,
    id: i32,
) -> Result<(Person, Vec<register::Membership>), AppError> {
    let (person, clubs) = db(state, move |conn| {
        let p = register::live(conn, id)?.ok_or(AppError::NotFound)?;
        let clubs = register::memberships(conn, p.id)?;
        Ok((p, clubs))
    })
    .await?;
    let organiser = clubs
        .iter()
        .any(|m| m.current() && who.allows(Perm::ManageClub(m.club_id)));
    if !organiser {
        who.require(Perm::ManageUsers, here)?;
    }
    Ok((person, clubs))
}

fn edit_page(
    req: &HttpRequest,
    (person, clubs): (&Person, &[register::Membership]),
    form: EditForm,
    error: Option<RegisterFault>,
    status: StatusCode,
) -> HttpResult {
    let ctx = Ctx::from_request(req);
    let clubs = candidate_lines(
        &ctx,
        &[Candidate {
            person: person.clone(),
            clubs: clubs.to_vec(),
        }],
    )
    .pop()
    .map(|c| c.clubs)
    .unwrap_or_default();
    render_status(
        &EditPage {
            error: error.map(|fault| ctx.t(fault.key())),
            ctx: &ctx,
            id: person.id,
            stored: person.name.clone(),
            clubs,
            form,
        },
        status,
    )
}

/// `GET /personas/{id}/editar`: a person's name, licence, year of birth and whether
/// public pages show her by name and initial (her clubs' organisers, administrators).
pub async fn edit_form(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    let (person, clubs) = editable(&state, &who, req.path(), id).await?;
    let form = EditForm::of(&person);
    edit_page(&req, (&person, &clubs), form, None, StatusCode::OK)
}

/// `POST /personas/{id}/editar`: saves them (audited); a taken licence or a bad
/// field shows the form again with what was typed.
pub async fn edit(
    VisitId(Visit { req, state, who }, id, form): VisitId<web::Form<EditForm>>,
) -> HttpResult {
    let (person, clubs) = editable(&state, &who, req.path(), id).await?;
    let form = form.into_inner();
    let fields = match form.checked() {
        Ok(f) => f,
        Err(fault) => {
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            return edit_page(&req, (&person, &clubs), form, Some(fault), status);
        }
    };
    let actor = who.actor();
    let pid = person.id;
    let refused = db(&state, move |conn| {
        crate::service::register::edit_person(conn, pid, &fields, &actor)
    })
    .await?;
    match refused {
        None => Ok(see_other(&format!("/jugadores/{pid}"))),
        Some(fault) => edit_page(
            &req,
            (&person, &clubs),
            form,
            Some(fault),
            StatusCode::CONFLICT,
        ),
    }
}

// ---------------------------------------------------------------------------
// The administrators' list.

/// At most this many people on the list at once (the search narrows it).
const LISTED: usize = 200;

/// One person on the administrators' list.
pub struct RegisterLine {
    pub id: i32,
    pub name: String,
    pub licence: String,
    pub birth_year: String,
    pub clubs: String,
    pub initials_only: bool,
}

#[derive(Template)]
#[template(path = "register_list.html")]
struct ListPage<'a> {
    ctx: &'a Ctx,
    q: String,
    lines: Vec<RegisterLine>,
    /// How many matched, and how many of them are listed.
    total: usize,
    shown: usize,
}

#[derive(Deserialize)]
pub struct ListQuery {
    #[serde(default)]
    q: String,
}

/// `GET /admin/personas[?q=]`: everyone in the register (administrators), with
/// licence, year of birth and clubs; `q` narrows it by name or licence.
pub async fn list(Visit { req, state, who }: Visit, query: web::Query<ListQuery>) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    let q: String = query.q.trim().chars().take(80).collect();
    let typed = q.clone();
    let (found, total) = db(&state, move |conn| {
        Ok(register::listing(conn, &typed, LISTED)?)
    })
    .await?;
    let ctx = Ctx::from_request(&req);
    let lines = found
        .iter()
        .zip(candidate_lines(&ctx, &found))
        .map(|(c, line)| RegisterLine {
            id: c.person.id,
            name: c.person.name.clone(),
            licence: c.person.licence.clone().unwrap_or_default(),
            birth_year: c
                .person
                .birth_year
                .map(|y| y.to_string())
                .unwrap_or_default(),
            clubs: line.clubs,
            initials_only: c.person.initials_only != 0,
        })
        .collect::<Vec<_>>();
    render(&ListPage {
        ctx: &ctx,
        q,
        shown: lines.len(),
        lines,
        total,
    })
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/personas/{id}/editar")
            .get(edit_form)
            .post(edit),
    )
    .service(web::resource("/admin/personas").get(list));
}
