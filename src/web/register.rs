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
use crate::db::accounts::{self, NewAudit};
use crate::db::queries::{self, Club};
use crate::db::register::{self, Candidate, Hidden, Joined, Person, PersonFields};
use crate::domain::register::{
    RegisterFault, checked_birth_year, checked_day, checked_left_on, checked_licence, checked_name,
};
use crate::error::AppError;

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
    let mut out = std::collections::HashMap::new();
    if hidden.is_empty() {
        return Ok(out);
    }
    let (names, _, _) = crate::db::ratings::Names::load(conn)?;
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
    Ok(out)
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

/// What adding a player came to.
enum Added {
    Done,
    /// The people she may be: the organiser says which.
    Ask(Vec<Candidate>),
    /// Refused: why, and the status.
    Refused(RegisterFault, StatusCode),
}

/// The checked fields of the form: name, licence, year of birth, first day.
struct Checked {
    name: String,
    licence: Option<String>,
    birth_year: Option<i32>,
    joined_on: NaiveDate,
}

fn check_add(form: &AddForm) -> Result<Checked, RegisterFault> {
    let today = now().date();
    let name = checked_name(&form.name)?;
    Ok(Checked {
        name,
        licence: checked_licence(&form.licence)?,
        birth_year: checked_birth_year(&form.birth_year, today)?,
        joined_on: checked_day(&form.joined_on, today)?.unwrap_or(today),
    })
}

/// Makes `person` a member of `club` as `c` says, filling in the licence and year
/// of birth she lacks; audited as `actor`.
fn join_audited(
    conn: &mut DbConn,
    club: i32,
    person: &Person,
    c: &Checked,
    actor: &str,
) -> Result<Added, AppError> {
    let at = now();
    let mine = register::memberships(conn, person.id)?;
    if mine.iter().any(|m| m.club_id == club && m.current()) {
        return Ok(Added::Refused(
            RegisterFault::AlreadyMember,
            StatusCode::CONFLICT,
        ));
    }
    let mut fields = PersonFields::of(person);
    if let Some(l) = &c.licence {
        match &person.licence {
            Some(own) if own != l => {
                return Ok(Added::Refused(
                    RegisterFault::LicenceOther,
                    StatusCode::CONFLICT,
                ));
            }
            Some(_) => {}
            None if register::licence_taken(conn, l, Some(person.id))? => {
                return Ok(Added::Refused(
                    RegisterFault::LicenceTaken,
                    StatusCode::CONFLICT,
                ));
            }
            None => fields.licence = Some(l.clone()),
        }
    }
    if fields.birth_year.is_none() {
        fields.birth_year = c.birth_year;
    }
    let joined = diesel::Connection::transaction(conn, |conn| {
        register::join(conn, (club, &c.name), person.id, c.joined_on, at)
    });
    let joined = match joined {
        Ok(j) => j,
        Err(e) if accounts::is_unique_violation(&e) => {
            return Ok(Added::Refused(
                RegisterFault::PlayerExists,
                StatusCode::CONFLICT,
            ));
        }
        Err(e) => return Err(e.into()),
    };
    if fields != PersonFields::of(person) {
        register::update_person(conn, person.id, &fields)?;
        audit_person(
            conn,
            (actor, at),
            person.id,
            &PersonFields::of(person),
            &fields,
        )?;
    }
    let after = serde_json::json!({
        "name": c.name, "person": person.id, "joined_on": c.joined_on,
    });
    match joined {
        Joined::New(id) => {
            accounts::audit_creation(conn, (actor, at), ("player", id), Some(club), after)?
        }
        Joined::Back(id) => accounts::audit_return(conn, (actor, at), id, club, &c.name)?,
    }
    Ok(Added::Done)
}

/// The audit row of a change to a person's own fields. It belongs to no club's
/// trail (a referee reads those, and a licence is not for her).
pub(super) fn audit_person(
    conn: &mut DbConn,
    (actor, at): (&str, chrono::NaiveDateTime),
    id: i32,
    before: &PersonFields,
    after: &PersonFields,
) -> diesel::QueryResult<usize> {
    accounts::insert_audit(
        conn,
        &NewAudit {
            at,
            actor,
            action: "update",
            entity: "person",
            entity_id: id,
            club_id: None,
            championship_id: None,
            before_json: serde_json::to_string(before).ok(),
            after_json: serde_json::to_string(after).ok(),
        },
    )
}

/// Creates a new person as `c` says and makes her a member of `club`.
fn create_and_join(
    conn: &mut DbConn,
    club: i32,
    c: &Checked,
    actor: &str,
) -> Result<Added, AppError> {
    if let Some(l) = &c.licence
        && register::licence_taken(conn, l, None)?
    {
        return Ok(Added::Refused(
            RegisterFault::LicenceTaken,
            StatusCode::CONFLICT,
        ));
    }
    // Refused before the person is made: the transaction keeps what it wrote.
    if queries::club_players(conn, club)?
        .iter()
        .any(|p| p.name == c.name)
    {
        return Ok(Added::Refused(
            RegisterFault::PlayerExists,
            StatusCode::CONFLICT,
        ));
    }
    let at = now();
    let id = register::create(conn, &c.name, c.licence.as_deref(), c.birth_year, at)?;
    let person = register::find(conn, id)?.ok_or(AppError::NotFound)?;
    let after = PersonFields::of(&person);
    accounts::insert_audit(
        conn,
        &NewAudit::creation(
            (actor, at),
            ("person", id),
            None,
            None,
            serde_json::to_string(&after).unwrap_or_default(),
        ),
    )?;
    join_audited(conn, club, &person, c, actor)
}

/// Adds the player `c` says to club `club`: the person `choice` names (an id), a new
/// one (`new`), the holder of the licence typed, or else (no choice) a new person
/// when nobody has her name, or the people she may be to choose from.
fn add(
    conn: &mut DbConn,
    club: i32,
    choice: &str,
    c: &Checked,
    actor: &str,
) -> Result<Added, AppError> {
    let person = match choice {
        "new" => return create_and_join(conn, club, c, actor),
        "" => match &c.licence {
            Some(l) => register::by_licence(conn, l)?,
            None => None,
        },
        id => match id.parse::<i32>() {
            Ok(id) => register::live(conn, id)?,
            Err(_) => None,
        },
    };
    if let Some(p) = person {
        let p = register::live(conn, p.id)?.unwrap_or(p);
        return join_audited(conn, club, &p, c, actor);
    }
    if !choice.is_empty() {
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        return Ok(Added::Refused(RegisterFault::NoPerson, status));
    }
    // A name the club already has is refused, as it always was.
    if queries::club_players(conn, club)?
        .iter()
        .any(|p| p.name == c.name)
    {
        return Ok(Added::Refused(
            RegisterFault::PlayerExists,
            StatusCode::CONFLICT,
        ));
    }
    let found = register::probably(conn, &c.name, None)?;
    if found.is_empty() {
        create_and_join(conn, club, c, actor)
    } else {
        Ok(Added::Ask(found))
    }
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
    let checked = match check_add(&form) {
        Ok(c) => c,
        Err(fault) => {
            return add_page(&req, &state, club_id, form, Some(fault), Vec::new()).await;
        }
    };
    let actor = who.actor();
    let choice = form.person.trim().to_owned();
    let added = db(&state, move |conn| {
        queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
        crate::db::write_tx(conn, |conn| add(conn, club_id, &choice, &checked, &actor))
    })
    .await?;
    match added {
        Added::Done => Ok(see_other(&format!("/clubes/{club_id}"))),
        Added::Ask(found) => add_page(&req, &state, club_id, form, None, found).await,
        Added::Refused(fault, status) => {
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

/// The routes of the register (a person's page and the administrators' in
/// [`super::register_person`], the licence list's in [`super::register_import`]).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/clubes/{id}/jugadores").post(add_player))
        .configure(super::register_person::routes)
        .configure(super::register_import::routes);
}
