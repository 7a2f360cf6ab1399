//! Season circuits: a club's circuits (`/clubes/{id}/circuitos`), the organiser's
//! form that groups a club's championships into a circuit
//! (`/clubes/{id}/circuitos/nuevo`) and changes one (`/circuitos/{id}/editar`), and its
//! public page and print (`/circuitos/{id}`, `/circuitos/{id}/imprimir`): per-player
//! and per-pair standings computed from the championships' standings each time.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::auth::{Perm, Principal};
use super::sheets::{self, Cell, Sheet, Target};
use super::visit::{HttpResult, Visit, VisitId};
use super::{AppState, Ctx, count_up_to, db, render, render_status};
use crate::db::circuits::{self, Circuit};
use crate::db::queries::{self, Club};
use crate::domain::circuit::{Row, Scoring};
use crate::error::AppError;
use crate::service::circuit::Kept;

/// Points by place as the form and the page write them: "100, 80, 65".
fn join_points(points: &[u32]) -> String {
    points
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the form holds, as typed.
#[derive(Debug, Clone, Default)]
pub struct CircuitForm {
    pub name: String,
    pub points: String,
    pub floor: String,
    pub best: String,
    pub championships: Vec<i32>,
    /// The version of the circuit the form was read at (a change's form only).
    pub version: Option<i32>,
}

impl CircuitForm {
    fn defaults() -> CircuitForm {
        let s = Scoring::default();
        CircuitForm {
            points: join_points(&s.by_place),
            floor: s.floor.to_string(),
            best: String::new(),
            ..Default::default()
        }
    }

    /// The form of a stored circuit, as it is.
    fn of(c: &Circuit) -> CircuitForm {
        CircuitForm {
            name: c.name.clone(),
            points: join_points(&c.scoring.by_place),
            floor: c.scoring.floor.to_string(),
            best: if c.scoring.best == 0 {
                String::new()
            } else {
                c.scoring.best.to_string()
            },
            championships: c.championships.clone(),
            version: Some(c.version),
        }
    }

    fn from_body(body: &[u8]) -> CircuitForm {
        let fields = serde_html_form::from_bytes::<Vec<(String, String)>>(body).unwrap_or_default();
        let mut form = CircuitForm::default();
        for (k, v) in fields {
            match k.as_str() {
                "name" => form.name = v,
                "points" => form.points = v,
                "floor" => form.floor = v,
                "best" => form.best = v,
                "event" => form.championships.extend(v.parse::<i32>().ok()),
                "version" => form.version = v.trim().parse::<i32>().ok(),
                _ => {}
            }
        }
        form
    }

    /// The circuit's name and scoring, or what to fix.
    fn check(
        &self,
        offered: &[(i32, String, chrono::NaiveDate)],
    ) -> Result<(String, Scoring), CircuitFault> {
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > 80 {
            return Err(CircuitFault::Name);
        }
        let by_place = Scoring::parse_places(&self.points).ok_or(CircuitFault::Points)?;
        let floor = count_up_to(&self.floor, 100_000).ok_or(CircuitFault::Floor)?;
        let best = match self.best.trim() {
            "" => 0,
            s => s
                .parse::<usize>()
                .ok()
                .filter(|v| (1..=100).contains(v))
                .ok_or(CircuitFault::Best)?,
        };
        if self.championships.is_empty()
            || !self
                .championships
                .iter()
                .all(|e| offered.iter().any(|o| o.0 == *e))
        {
            return Err(CircuitFault::Championships);
        }
        Ok((
            name.to_owned(),
            Scoring {
                by_place,
                floor,
                best,
            },
        ))
    }
}

/// Why a circuit's form is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CircuitFault {
    /// No name, or one over 80 characters.
    Name,
    /// Points by place that do not read as a list of points.
    Points,
    /// A floor that is not a count up to 100,000.
    Floor,
    /// A count of best results that is not from 1 to 100.
    Best,
    /// No championship chosen, or one not offered.
    Championships,
}

impl CircuitFault {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            CircuitFault::Name => "circuit-error-name",
            CircuitFault::Points => "circuit-error-points",
            CircuitFault::Floor => "circuit-error-floor",
            CircuitFault::Best => "circuit-error-best",
            CircuitFault::Championships => "circuit-error-championships",
        }
    }
}

pub struct Offered {
    pub id: i32,
    pub name: String,
    pub date: String,
    pub checked: bool,
}

/// What the circuit's form is for: a new circuit of a club, or a change to one.
enum Purpose {
    New,
    Edit(Circuit),
}

#[derive(Template)]
#[template(path = "circuit_new.html")]
struct NewPage<'a> {
    ctx: &'a Ctx,
    club: Club,
    form: CircuitForm,
    offered: Vec<Offered>,
    error: Option<String>,
    /// What the circuit is now, when someone else changed it since the form was read.
    now: Option<String>,
    /// The championships ticked that the form no longer offers, in words.
    dropped: Option<String>,
    /// The heading, where the form posts, its button, and where "back" leads.
    title: String,
    action: String,
    submit: String,
    back: String,
}

/// What the form of circuit `purpose` of club `club_id` needs: the club and the
/// championships it may group (every club's for an administrator; for a change, the
/// ones the circuit already groups too).
async fn form_page(
    req: &HttpRequest,
    state: &AppState,
    who: &Principal,
    club_id: i32,
    purpose: &Purpose,
) -> Result<(Club, Vec<(i32, String, chrono::NaiveDate)>), AppError> {
    who.require(Perm::ManageClub(club_id), req.path())?;
    // An administrator may group championships of every club.
    let across = who.allows(Perm::ManageUsers);
    let already = match purpose {
        Purpose::New => Vec::new(),
        Purpose::Edit(c) => c.championships.clone(),
    };
    db(state, move |conn| {
        let club = queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
        let mut list = if across {
            circuits::all_championships(conn)?
        } else {
            circuits::club_championships(conn, club_id)?
        };
        let missing: Vec<i32> = already
            .into_iter()
            .filter(|id| !list.iter().any(|o| o.0 == *id))
            .collect();
        if !missing.is_empty() {
            let every = circuits::all_championships(conn)?;
            list.extend(every.into_iter().filter(|o| missing.contains(&o.0)));
        }
        Ok((club, list))
    })
    .await
}

/// The names of the championships `form` ticks that `list` does not offer (deleted
/// since the form was read, or taken out of a circuit that held another club's):
/// what the form shown again leaves unticked.
async fn not_offered(
    state: &AppState,
    form: &CircuitForm,
    list: &[(i32, String, chrono::NaiveDate)],
) -> Result<Vec<String>, AppError> {
    let gone: Vec<i32> = form
        .championships
        .iter()
        .copied()
        .filter(|id| !list.iter().any(|o| o.0 == *id))
        .collect();
    if gone.is_empty() {
        return Ok(Vec::new());
    }
    db(state, move |conn| {
        Ok(circuits::names_even_deleted(conn, &gone)?)
    })
    .await
}

fn show_form(
    ctx: &Ctx,
    (club, purpose): (Club, &Purpose),
    (list, gone): (&[(i32, String, chrono::NaiveDate)], Vec<String>),
    form: CircuitForm,
    (error, now): (Option<String>, Option<String>),
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let dropped = (!gone.is_empty())
        .then(|| ctx.tn("circuit-dropped", gone.len(), "names", &gone.join(", ")));
    let offered = list
        .iter()
        .map(|(id, name, date)| Offered {
            id: *id,
            name: name.clone(),
            date: crate::web::register::date(ctx, *date),
            checked: form.championships.contains(id),
        })
        .collect();
    let (title, action, submit, back) = match purpose {
        Purpose::New => (
            ctx.t("circuit-new"),
            format!("/clubes/{}/circuitos/nuevo", club.id),
            ctx.t("circuit-create"),
            format!("/clubes/{}/circuitos", club.id),
        ),
        Purpose::Edit(c) => (
            ctx.t1("circuit-edit-title", "name", &c.name),
            format!("/circuitos/{}/editar", c.id),
            ctx.t("circuit-save"),
            format!("/circuitos/{}", c.id),
        ),
    };
    render_status(
        &NewPage {
            ctx,
            club,
            form,
            offered,
            error,
            now,
            dropped,
            title,
            action,
            submit,
            back,
        },
        status,
    )
}

/// `GET /clubes/{id}/circuitos/nuevo`.
pub async fn new_form(VisitId(Visit { req, state, who }, club_id, ()): VisitId) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    let (club, list) = form_page(&req, &state, &who, club_id, &Purpose::New).await?;
    show_form(
        &ctx,
        (club, &Purpose::New),
        (&list, Vec::new()),
        CircuitForm::defaults(),
        (None, None),
        StatusCode::OK,
    )
}

/// A posted circuit form for `purpose` in club `club_id`: its name, scoring and
/// championships when they check, or else the form again with what was typed and
/// what to fix (422).
async fn posted(
    req: &HttpRequest,
    state: &AppState,
    who: &Principal,
    (club_id, purpose): (i32, &Purpose),
    body: &[u8],
) -> Result<Result<(String, Scoring, CircuitForm), HttpResponse>, AppError> {
    let ctx = Ctx::from_request(req);
    let (club, list) = form_page(req, state, who, club_id, purpose).await?;
    let form = CircuitForm::from_body(body);
    match form.check(&list) {
        Ok((name, scoring)) => Ok(Ok((name, scoring, form))),
        Err(fault) => {
            let key = fault.key();
            let gone = not_offered(state, &form, &list).await?;
            show_form(
                &ctx,
                (club, purpose),
                (&list, gone),
                form,
                (Some(ctx.t(key)), None),
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .map(Err)
        }
    }
}

/// `POST /clubes/{id}/circuitos/nuevo`: creates the circuit (audited), or shows the
/// form again with what was typed and what to fix (422).
pub async fn create(
    VisitId(Visit { req, state, who }, club_id, body): VisitId<web::Bytes>,
) -> HttpResult {
    let (name, scoring, form) =
        match posted(&req, &state, &who, (club_id, &Purpose::New), &body).await? {
            Ok(ok) => ok,
            Err(again) => return Ok(again),
        };
    let actor = who.actor();
    let id = db(&state, move |conn| {
        let championships = &form.championships;
        crate::service::circuit::create(conn, club_id, (&name, &scoring), championships, &actor)
    })
    .await?;
    Ok(super::account::see_other(&format!("/circuitos/{id}")))
}

/// The circuit `id`, or 404.
pub(super) async fn stored(state: &AppState, id: i32) -> Result<Circuit, AppError> {
    db(state, move |conn| {
        circuits::find(conn, id)?.ok_or(AppError::NotFound)
    })
    .await
}

/// `GET /circuitos/{id}/editar`: the circuit's form with what it is now (its club's
/// organisers and the administrators).
pub async fn edit_form(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    let c = stored(&state, id).await?;
    let purpose = Purpose::Edit(c.clone());
    let (club, list) = form_page(&req, &state, &who, c.club_id, &purpose).await?;
    show_form(
        &ctx,
        (club, &purpose),
        (&list, Vec::new()),
        CircuitForm::of(&c),
        (None, None),
        StatusCode::OK,
    )
}

/// `POST /circuitos/{id}/editar`: renames the circuit, changes its scoring, adds and
/// removes championships (audited), or shows the form again with what was typed and
/// what to fix (422); a form read before someone else's change comes back with what
/// was typed and what the circuit is now, nothing saved (409).
pub async fn edit(VisitId(Visit { req, state, who }, id, body): VisitId<web::Bytes>) -> HttpResult {
    let c = stored(&state, id).await?;
    let club_id = c.club_id;
    let typed = CircuitForm::from_body(&body);
    // Read before the change stored now: that first, whatever else it says.
    if typed.version.is_some_and(|v| v != c.version) {
        return stale(&req, &state, &who, c, typed).await;
    }
    let (name, scoring, form) =
        match posted(&req, &state, &who, (club_id, &Purpose::Edit(c)), &body).await? {
            Ok(ok) => ok,
            Err(again) => return Ok(again),
        };
    let actor = who.actor();
    let (read_at, chosen) = (form.version, form.championships.clone());
    let kept = db(&state, move |conn| {
        crate::service::circuit::edit(conn, (id, read_at), (&name, &scoring), &chosen, &actor)
    })
    .await?;
    match kept {
        Kept::Done => Ok(super::account::see_other(&super::done::with_done(
            &format!("/circuitos/{id}"),
            super::done::Done::CircuitSaved,
        ))),
        Kept::Stale(now) => stale(&req, &state, &who, now, form).await,
    }
}

/// The form `form` as typed, refused because circuit `now` changed since it was read
/// (409): at the circuit's version now (saved again, it replaces what the other
/// person saved), with what the circuit is now, and naming any championship ticked
/// that the form no longer offers.
async fn stale(
    req: &HttpRequest,
    state: &AppState,
    who: &Principal,
    now: Circuit,
    mut form: CircuitForm,
) -> HttpResult {
    let ctx = Ctx::from_request(req);
    form.version = Some(now.version);
    let purpose = Purpose::Edit(now.clone());
    let (club, list) = form_page(req, state, who, now.club_id, &purpose).await?;
    let read = now.clone();
    let names = db(state, move |conn| {
        Ok(circuits::championship_names(conn, &read)?)
    })
    .await?;
    let words = now_words(&ctx, &now, &names);
    let gone = not_offered(state, &form, &list).await?;
    show_form(
        &ctx,
        (club, &purpose),
        (&list, gone),
        form,
        (Some(ctx.t("circuit-stale")), Some(words)),
        StatusCode::CONFLICT,
    )
}

/// What a circuit is now, in words: "Ahora es: Circuito de otoño · Puntos: 100, 80 ·
/// 10 por participar · Prova 1, Prova 2".
pub(super) fn now_words(ctx: &Ctx, c: &Circuit, championships: &[String]) -> String {
    let mut what = format!("{} · {}", c.name, scoring_words(ctx, &c.scoring));
    if !championships.is_empty() {
        what.push_str(" · ");
        what.push_str(&championships.join(", "));
    }
    ctx.t1("circuit-now", "what", &what)
}

/// One circuit of a club's list.
pub struct Listed {
    pub id: i32,
    pub name: String,
    /// "3 campeonatos".
    pub championships: String,
    pub scoring: String,
}

#[derive(Template)]
#[template(path = "circuits.html")]
struct ListPage<'a> {
    ctx: &'a Ctx,
    club: Club,
    circuits: Vec<Listed>,
    can_manage: bool,
}

/// `GET /clubes/{id}/circuitos`: the club's circuits, newest first, each with its
/// championships and scoring; its organisers and the administrators are offered a
/// new one and a change to each.
pub async fn list(VisitId(Visit { req, state, who }, club_id, ()): VisitId) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    let (club, mut all) = db(&state, move |conn| {
        let club = queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
        Ok((club, circuits::all(conn)?))
    })
    .await?;
    all.retain(|c| c.club_id == club_id);
    all.reverse();
    let circuits = all
        .iter()
        .map(|c| Listed {
            id: c.id,
            name: c.name.clone(),
            championships: ctx.tn("circuit-count", c.championships.len(), "name", &c.name),
            scoring: scoring_words(&ctx, &c.scoring),
        })
        .collect();
    render(&ListPage {
        ctx: &ctx,
        club,
        circuits,
        can_manage: who.allows(Perm::ManageClub(club_id)),
    })
}

/// A circuit's scoring in words: "Puntos: 100, 80 · 10 por participar · cuentan los 2 mejores".
fn scoring_words(ctx: &Ctx, s: &Scoring) -> String {
    ctx.t1(
        "circuit-scoring",
        "points",
        &format!(
            "{} · {}",
            join_points(&s.by_place),
            ctx.t1("circuit-floor", "n", &s.floor)
        ),
    ) + &if s.best > 0 {
        format!(" · {}", ctx.t1("circuit-best", "n", &s.best))
    } else {
        String::new()
    }
}

pub struct Line {
    pub rank: u32,
    pub href: String,
    pub name: String,
    pub total: u32,
    pub championships: u32,
    pub won: u32,
    /// Points per championship of the circuit ("" where not played; in brackets where they
    /// did not count).
    pub cells: Vec<String>,
}

#[derive(Template)]
#[template(path = "circuit.html")]
struct CircuitPage<'a> {
    ctx: &'a Ctx,
    v: CircuitView,
    print: bool,
    /// Whether the visitor may change the circuit.
    can_edit: bool,
}

fn lines<K>(
    rows: &[Row<K>],
    championships: usize,
    name: impl Fn(&K) -> (String, String),
) -> Vec<Line> {
    rows.iter()
        .map(|r| {
            let (href, shown) = name(&r.key);
            let mut cells = vec![String::new(); championships];
            for f in &r.finishes {
                if let Some(c) = cells.get_mut(f.championship) {
                    *c = if f.counted {
                        f.points.to_string()
                    } else {
                        format!("({})", f.points)
                    };
                }
            }
            Line {
                rank: r.rank,
                href,
                name: shown,
                total: r.total,
                championships: r.championships,
                won: r.won,
                cells,
            }
        })
        .collect()
}

/// What a circuit's page and its spreadsheet show.
struct CircuitView {
    circuit: Circuit,
    club: Club,
    championships: Vec<(String, String)>,
    players: Vec<Line>,
    pairs: Vec<Line>,
    scoring: String,
}

async fn view(ctx: &Ctx, state: &web::Data<AppState>, id: i32) -> Result<CircuitView, AppError> {
    let (circuit, club, table, (pairs, hidden)) = db(state, move |conn| {
        let c = circuits::find(conn, id)?.ok_or(AppError::NotFound)?;
        let club = queries::find_club(conn, c.club_id)?.ok_or(AppError::NotFound)?;
        let table = circuits::standings(conn, &c)?;
        let pairs = crate::db::ratings::load_pairs(conn)?;
        let hidden = crate::db::register::Hidden::load(conn)?;
        Ok((c, club, table, (pairs, hidden)))
    })
    .await?;
    let n = table.championships.len();
    let player_name = |p: &i32| table.names.get(p).cloned().unwrap_or_default();
    let and = ctx.t("ratings-and");
    let players = lines(&table.players, n, |p| {
        (format!("/jugadores/{p}"), player_name(p))
    });
    let pair_lines = lines(&table.pairs, n, |key| {
        let stored = pairs.iter().find(|p| {
            let mut k = p.players.to_vec();
            k.sort_unstable();
            k == *key
        });
        let names = key
            .iter()
            .map(&player_name)
            .collect::<Vec<_>>()
            .join(&format!(" {and} "));
        match stored {
            Some(p) => (
                format!("/parejas/{}", p.id),
                format!("{} ({names})", hidden.of(&p.name, &p.players)),
            ),
            None => (String::new(), names),
        }
    });
    let scoring = scoring_words(ctx, &circuit.scoring);
    Ok(CircuitView {
        championships: table
            .championships
            .iter()
            .map(|(id, name, _)| (format!("/campeonatos/{id}"), name.clone()))
            .collect(),
        players,
        pairs: pair_lines,
        scoring,
        circuit,
        club,
    })
}

async fn page(VisitId(Visit { req, state, who }, id, ()): VisitId, print: bool) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    let v = view(&ctx, &state, id).await?;
    let can_edit = !print && who.allows(Perm::ManageClub(v.circuit.club_id));
    render(&CircuitPage {
        ctx: &ctx,
        v,
        print,
        can_edit,
    })
}

/// One table of the circuit as a sheet: the page's columns, points as numbers (a
/// result that did not count stays in brackets, as text).
fn circuit_sheet(
    ctx: &Ctx,
    title: String,
    championships: &[(String, String)],
    rows: &[Line],
) -> Sheet {
    let mut columns = vec![
        (ctx.t("final-ranking-place"), 8.0),
        (ctx.t("circuit-who"), 36.0),
    ];
    columns.extend(championships.iter().map(|(_, name)| (name.clone(), 14.0)));
    columns.push((ctx.t("circuit-won"), 10.0));
    columns.push((ctx.t("circuit-total"), 10.0));
    let mut sheet = Sheet::new(title, columns);
    for r in rows {
        let mut row = vec![Cell::Integer(i64::from(r.rank)), Cell::text(r.name.clone())];
        row.extend(r.cells.iter().map(|c| Cell::shown(c)));
        row.push(Cell::Integer(i64::from(r.won)));
        row.push(Cell::Integer(i64::from(r.total)));
        sheet.push(row);
    }
    sheet
}

/// `GET /circuitos/{id}/clasificacion.{xlsx|csv}`: the players' and the pairs'
/// standings of the circuit (public, like its page).
pub async fn download(Visit { req, state, .. }: Visit, Target(id, format): Target) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    let v = view(&ctx, &state, id).await?;
    let sheets = [
        circuit_sheet(&ctx, ctx.t("circuit-players"), &v.championships, &v.players),
        circuit_sheet(&ctx, ctx.t("circuit-pairs"), &v.championships, &v.pairs),
    ];
    sheets::download(ctx.lang, &sheets, format, &v.circuit.name)
}

/// `GET /circuitos/{id}`: the public standings.
pub async fn show(at: VisitId) -> HttpResult {
    page(at, false).await
}

/// `GET /circuitos/{id}/imprimir`: the same standings laid out for paper.
pub async fn print(at: VisitId) -> HttpResult {
    page(at, true).await
}
