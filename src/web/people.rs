//! A club's people, for its organisers: add a pair, edit, merge (duplicates),
//! retire and reactivate players and pairs. `kind` in the paths is `jugadores` or
//! `parejas`; merging asks for confirmation on a page of its own (no script needed).

use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::account::{now, see_other};
use super::auth::Perm;
use super::visit::{FromPath, HttpResult, Visit, VisitId};
use super::{AppState, Ctx, db, parse_id, render_status};
use crate::db::people;
use crate::db::queries::{self, Club, Pair, Player};
use crate::domain::refusal::PeopleFault;
use crate::error::AppError;
use crate::error::Unacceptable;
use crate::service::people::{self as changes, Change, PeopleError};

pub use crate::db::people::Kind;

/// Players and pairs in the pages' paths.
impl Kind {
    fn from_path(s: &str) -> Result<Kind, AppError> {
        match s {
            "jugadores" => Ok(Kind::Player),
            "parejas" => Ok(Kind::Pair),
            _ => Err(AppError::NotFound),
        }
    }

    pub fn segment(&self) -> &'static str {
        match self {
            Kind::Player => "jugadores",
            Kind::Pair => "parejas",
        }
    }

    /// The club's page at its list of this kind, where a change to one of them lands.
    pub fn list_of(&self, club_id: i32) -> String {
        format!("/clubes/{club_id}#{}", self.segment())
    }

    pub fn is_pair(&self) -> bool {
        *self == Kind::Pair
    }
}

/// One player or pair as the pages show it.
#[derive(Debug, Clone)]
pub struct Person {
    pub id: i32,
    pub name: String,
    pub active: bool,
    /// For a pair: its two players' names.
    pub detail: String,
    pub player1: i32,
    pub player2: i32,
    /// For a player: the person she is (her page is the person's).
    pub person: i32,
}

fn from_player(p: &Player) -> Person {
    Person {
        id: p.id,
        name: p.name.clone(),
        active: p.retired_at.is_none(),
        detail: String::new(),
        player1: 0,
        player2: 0,
        person: p.person_id,
    }
}

/// The club's pairs with their players' names (players already sorted).
pub fn pair_people(players: &[Player], pairs: &[Pair]) -> Vec<Person> {
    let name = |id: i32| {
        players
            .iter()
            .find(|p| p.id == id)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    pairs
        .iter()
        .map(|p| Person {
            id: p.id,
            name: p.name.clone(),
            active: p.retired_at.is_none(),
            detail: format!("{} · {}", name(p.player1_id), name(p.player2_id)),
            player1: p.player1_id,
            player2: p.player2_id,
            person: 0,
        })
        .collect()
}

/// The club's players and pairs, sorted the Spanish way.
pub fn club_people(
    conn: &mut crate::db::DbConn,
    club: i32,
) -> Result<(Vec<Person>, Vec<Person>), AppError> {
    let players = queries::club_players(conn, club)?;
    let pairs = queries::club_pairs(conn, club)?;
    Ok((
        players.iter().map(from_player).collect(),
        pair_people(&players, &pairs),
    ))
}

/// The names a championship's entrant picker offers: the club's active pairs and
/// players, sorted the Spanish way.
pub fn picker_names(conn: &mut crate::db::DbConn, club: i32) -> Result<Vec<String>, AppError> {
    let mut names: Vec<String> = queries::club_pairs(conn, club)?
        .into_iter()
        .filter(|p| p.retired_at.is_none())
        .map(|p| p.name)
        .chain(
            queries::active_players(conn, club)?
                .into_iter()
                .map(|p| p.name),
        )
        .collect();
    crate::domain::names::sort_by_name(&mut names, |n| n.as_str());
    Ok(names)
}

fn refused(e: PeopleError) -> Result<PeopleFault, AppError> {
    match e {
        PeopleError::Refused(fault) => Ok(fault),
        PeopleError::NotFound => Err(AppError::NotFound),
        PeopleError::Db(e) => Err(e.into()),
    }
}

/// Why a change was refused, `None` when it was made.
pub(super) fn refusal<T>(done: Result<T, PeopleError>) -> Result<Option<PeopleFault>, AppError> {
    match done {
        Ok(_) => Ok(None),
        Err(e) => refused(e).map(Some),
    }
}

/// A change to club `club_id`'s people by `actor`, now.
pub(super) fn change_by(club_id: i32, actor: &str) -> Change<'_> {
    Change {
        club_id,
        actor,
        at: now(),
    }
}

#[derive(Template)]
#[template(path = "person_edit.html")]
struct EditPage<'a> {
    ctx: &'a Ctx,
    club: Club,
    kind: Kind,
    person: Person,
    /// The club's players (the choices for a pair's two players).
    players: Vec<Person>,
    /// What was typed: name, player 1, player 2.
    name: String,
    player1: i32,
    player2: i32,
    error: Option<String>,
    /// A pair that has played keeps its players.
    locked: bool,
}

/// Loads a club, one of its players or pairs, and the club's people.
async fn load(
    state: &web::Data<AppState>,
    club_id: i32,
    kind: Kind,
    id: i32,
) -> Result<(Club, Person, Vec<Person>, Vec<Person>, bool), AppError> {
    db(state, move |conn| {
        let club = queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
        let (players, pairs) = club_people(conn, club_id)?;
        let list = if kind.is_pair() { &pairs } else { &players };
        let person = list
            .iter()
            .find(|p| p.id == id)
            .cloned()
            .ok_or(AppError::NotFound)?;
        let locked = match kind {
            Kind::Pair => {
                let pair = people::find_pair(conn, club_id, id)?.ok_or(AppError::NotFound)?;
                people::pair_has_played(conn, &pair)?
            }
            Kind::Player => false,
        };
        Ok((club, person, players, pairs, locked))
    })
    .await
}

fn ids(path: &(String, String, String)) -> Result<(i32, Kind, i32), AppError> {
    Ok((
        parse_id(&path.0)?,
        Kind::from_path(&path.1)?,
        parse_id(&path.2)?,
    ))
}

/// A visit to a player's or a pair's path, `/clubes/{id}/{jugadores|parejas}/{pid}/…`,
/// with the body `B`.
type AtPerson<B = ()> = VisitId<B, (i32, Kind, i32)>;

/// The club, the kind and the id of a player's or a pair's path.
impl FromPath for (i32, Kind, i32) {
    fn from_path(req: &HttpRequest) -> Result<(i32, Kind, i32), actix_web::Error> {
        let path = web::Path::<(String, String, String)>::extract(req).into_inner()?;
        Ok(ids(&path)?)
    }
}

/// `GET /clubes/{id}/{jugadores|parejas}/{pid}/editar`: the edit form.
pub async fn edit_form(
    VisitId(Visit { req, state, who }, (club_id, kind, id), ()): AtPerson,
) -> HttpResult {
    who.require(Perm::ManageClub(club_id), req.path())?;
    edit_page(
        &req,
        &state,
        (club_id, kind, id),
        None,
        None,
        StatusCode::OK,
    )
    .await
}

/// The edit form of a club's player or pair, with what was typed (name, player 1,
/// player 2; `None`: as stored) and `error`'s message.
async fn edit_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    (club_id, kind, id): (i32, Kind, i32),
    typed: Option<(String, i32, i32)>,
    error: Option<PeopleFault>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (club, person, players, _, locked) = load(state, club_id, kind, id).await?;
    let ctx = Ctx::from_request(req);
    let (name, player1, player2) =
        typed.unwrap_or_else(|| (person.name.clone(), person.player1, person.player2));
    render_status(
        &EditPage {
            error: error.map(|fault| ctx.t(fault.key())),
            ctx: &ctx,
            club,
            kind,
            name,
            player1,
            player2,
            person,
            players,
            locked,
        },
        status,
    )
}

/// A player's or a pair's form: the name and, for a pair, its two players.
#[derive(Deserialize)]
pub struct PersonForm {
    #[serde(default)]
    pub(super) name: String,
    #[serde(default)]
    player1: String,
    #[serde(default)]
    player2: String,
}

impl PersonForm {
    /// The two players' ids as typed (0 when not a number).
    pub(super) fn players(&self) -> (i32, i32) {
        let id = |s: &str| s.trim().parse::<i32>().unwrap_or(0);
        (id(&self.player1), id(&self.player2))
    }
}

/// A player's or a pair's name as typed, checked: 1 to 80 characters once trimmed
/// (refused for its name, the one thing the check looks at).
pub(super) fn checked_name(name: &str) -> Result<String, PeopleFault> {
    crate::domain::register::checked_name(name).map_err(|_| PeopleFault::Name)
}

/// `POST /clubes/{id}/{jugadores|parejas}/{pid}/editar`: saves a new name (and, for
/// a pair that has not played, its two players); on error the form comes back with
/// what was typed.
pub async fn edit(
    VisitId(Visit { req, state, who }, (club_id, kind, id), form): AtPerson<web::Form<PersonForm>>,
) -> HttpResult {
    who.require(Perm::ManageClub(club_id), req.path())?;
    let form = form.into_inner();
    let (p1, p2) = form.players();
    let actor = who.actor();
    let refusal = match checked_name(&form.name) {
        Err(fault) => Some(fault),
        Ok(name) => {
            db(&state, move |conn| {
                let ch = change_by(club_id, &actor);
                refusal(match kind {
                    Kind::Player => changes::rename_player(conn, &ch, id, &name),
                    Kind::Pair => changes::update_pair(conn, &ch, id, &name, p1, p2),
                })
            })
            .await?
        }
    };
    match refusal {
        None => Ok(see_other(&kind.list_of(club_id))),
        Some(fault) => {
            let typed = Some((form.name, p1, p2));
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            edit_page(
                &req,
                &state,
                (club_id, kind, id),
                typed,
                Some(fault),
                status,
            )
            .await
        }
    }
}

#[derive(Template)]
#[template(path = "person_merge.html")]
struct MergePage<'a> {
    ctx: &'a Ctx,
    club: Club,
    kind: Kind,
    person: Person,
    /// The others of the same kind (the possible duplicates).
    others: Vec<Person>,
    /// Once a duplicate is chosen: (kept, merged) to confirm.
    confirm: Option<(Person, Person)>,
    error: Option<String>,
}

#[derive(Deserialize)]
pub struct MergeQuery {
    /// The duplicate chosen.
    con: Option<String>,
    /// `este` keeps this one, `otro` keeps the duplicate.
    conservar: Option<String>,
}

/// The merge page of a club's player or pair `id`: the duplicates to choose from
/// and, once `other` is chosen, the merge to confirm (keeping `other` if
/// `keep_other`), with `error`'s message.
async fn merge_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    (club_id, kind, id): (i32, Kind, i32),
    (other, keep_other): (Option<i32>, bool),
    error: Option<PeopleFault>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (club, person, players, pairs, _) = load(state, club_id, kind, id).await?;
    let list = if kind.is_pair() { pairs } else { players };
    let ctx = Ctx::from_request(req);
    let confirm = other
        .and_then(|o| {
            list.iter()
                .find(|p| p.id == o && p.id != person.id)
                .cloned()
        })
        .map(|o| {
            if keep_other {
                (o, person.clone())
            } else {
                (person.clone(), o)
            }
        });
    render_status(
        &MergePage {
            error: error.map(|fault| ctx.t(fault.key())),
            ctx: &ctx,
            club,
            kind,
            others: list.into_iter().filter(|p| p.id != person.id).collect(),
            person,
            confirm,
        },
        status,
    )
}

/// `GET /clubes/{id}/{jugadores|parejas}/{pid}/fusionar[?con=ID&conservar=este|otro]`:
/// choose the duplicate and which one to keep, then confirm.
pub async fn merge_form(
    VisitId(Visit { req, state, who }, (club_id, kind, id), query): AtPerson<
        web::Query<MergeQuery>,
    >,
) -> HttpResult {
    who.require(Perm::ManageClub(club_id), req.path())?;
    let other = query.con.as_deref().and_then(|c| c.parse::<i32>().ok());
    let keep_other = query.conservar.as_deref() == Some("otro");
    let choice = (other, keep_other);
    merge_page(
        &req,
        &state,
        (club_id, kind, id),
        choice,
        None,
        StatusCode::OK,
    )
    .await
}

#[derive(Deserialize)]
pub struct MergeForm {
    conservar: String,
    quitar: String,
}

/// `POST /clubes/{id}/{jugadores|parejas}/fusionar`: the confirmed merge. Every
/// reference to the merged one moves to the kept one in one transaction.
pub async fn merge(
    Visit { req, state, who }: Visit,
    path: web::Path<(String, String)>,
    form: web::Form<MergeForm>,
) -> HttpResult {
    let club_id = parse_id(&path.0)?;
    let kind = Kind::from_path(&path.1)?;
    who.require(Perm::ManageClub(club_id), req.path())?;
    let keep = parse_id(form.conservar.trim())?;
    let drop = parse_id(form.quitar.trim())?;
    let actor = who.actor();
    let refusal = db(&state, move |conn| {
        let ch = change_by(club_id, &actor);
        refusal(match kind {
            Kind::Player => changes::merge_players(conn, &ch, keep, drop),
            Kind::Pair => changes::merge_pairs(conn, &ch, keep, drop),
        })
    })
    .await?;
    match refusal {
        None => Ok(see_other(&kind.list_of(club_id))),
        Some(fault) => {
            let choice = (Some(drop), false);
            let status = StatusCode::CONFLICT;
            merge_page(
                &req,
                &state,
                (club_id, kind, keep),
                choice,
                Some(fault),
                status,
            )
            .await
        }
    }
}

#[derive(Deserialize, Default)]
struct LeaveForm {
    /// A player's last day as a member (`YYYY-MM-DD`; blank: today).
    #[serde(default)]
    left_on: String,
}

/// `POST /clubes/{id}/{jugadores|parejas}/{pid}/{baja|alta}`: no longer plays
/// (hidden from pickers, kept in history) or plays again. A player's `baja` may
/// give her last day (`left_on`); a wrong one shows its form again (422).
pub async fn set_active(
    Visit { req, state, who }: Visit,
    path: web::Path<(String, String, String, String)>,
    body: web::Bytes,
) -> HttpResult {
    let (club_id, kind, id) = ids(&(path.0.clone(), path.1.clone(), path.2.clone()))?;
    let retired = match path.3.as_str() {
        "baja" => true,
        "alta" => false,
        _ => return Err(AppError::NotFound),
    };
    who.require(Perm::ManageClub(club_id), req.path())?;
    let typed = serde_html_form::from_bytes::<LeaveForm>(&body)
        .unwrap_or_default()
        .left_on;
    let joined_on = match (retired, kind) {
        (true, Kind::Player) if !typed.trim().is_empty() => {
            db(&state, move |conn| {
                let p = people::find_player(conn, club_id, id)?.ok_or(AppError::NotFound)?;
                Ok(p.joined_on)
            })
            .await?
        }
        _ => None,
    };
    let left_on = match super::register::left_on(&typed, joined_on) {
        _ if !retired || kind == Kind::Pair => None,
        Ok(day) => day,
        Err(fault) => {
            return super::register::leave_page(&req, &state, (club_id, id), typed, fault).await;
        }
    };
    let actor = who.actor();
    db(&state, move |conn| {
        let ch = change_by(club_id, &actor);
        changes::set_retired(conn, &ch, kind, id, (retired, left_on)).map_err(|e| {
            match refused(e) {
                Ok(fault) => AppError::from(Unacceptable::People(fault)),
                Err(e) => e,
            }
        })
    })
    .await?;
    Ok(see_other(&kind.list_of(club_id)))
}

/// The routes of this module.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/clubes/{id}/{kind:jugadores|parejas}/fusionar").post(merge))
        .service(
            web::resource("/clubes/{id}/{kind:jugadores|parejas}/{pid}/editar")
                .get(edit_form)
                .post(edit),
        )
        .service(
            web::resource("/clubes/{id}/{kind:jugadores|parejas}/{pid}/fusionar").get(merge_form),
        )
        .service(
            web::resource("/clubes/{id}/{kind:jugadores|parejas}/{pid}/{act:baja|alta}")
                .post(set_active),
        );
}
