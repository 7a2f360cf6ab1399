//! Public pages: home, the list of championships, a club's page (its players and
//! pairs, and the new-pair form it shows again when a pair is refused), the language
//! switcher and the health check.

use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::account::see_other;
use super::auth::{Perm, Principal};
use super::people::{Kind, change_by, checked_name, refusal};
use super::register::date;
use super::sheets::{self, Sheet, Target};
use super::visit::{HttpResult, Visit, VisitId};
use super::{AppState, Ctx, db, i18n, render, render_status};
use crate::db::championship::liguilla::{self, LiguillaLink};
use crate::db::queries::{self, Championship, Club};
use crate::domain::refusal::PeopleFault;
use crate::error::AppError;
use actix_web::http::StatusCode;

use crate::domain::status::ChampionshipStatus;

/// A display line for a championship in a list.
pub struct ChampionshipLine {
    pub id: i32,
    pub name: String,
    pub game: String,
    pub format: String,
    pub status: String,
    /// Its class on the page, the status as stored.
    pub status_class: ChampionshipStatus,
    pub starts_on: String,
    /// A repesca liguilla: the championship it is the repesca of (its id and name).
    pub repesca_of: Option<(i32, String)>,
}

/// The lines of `championships` (listed together), each repesca liguilla naming the
/// championship it is the repesca of (`links`: every such link) when that one is
/// listed too.
fn championship_lines(
    ctx: &Ctx,
    championships: &[Championship],
    links: &[LiguillaLink],
) -> Vec<ChampionshipLine> {
    let parent_of = |id: i32| {
        let link = links.iter().find(|l| l.liguilla_id == id)?;
        championships
            .iter()
            .find(|p| p.id == link.championship_id)
            .map(|p| (p.id, p.name.clone()))
    };
    championships
        .iter()
        .map(|e| ChampionshipLine {
            id: e.id,
            name: e.name.clone(),
            game: ctx.t(&format!("game-{}", e.game)),
            format: ctx.t(&format!("format-{}", e.format)),
            status: ctx.t(&format!("status-{}", e.status)),
            status_class: e.status,
            starts_on: date(ctx, e.starts_on),
            repesca_of: parent_of(e.id),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage<'a> {
    ctx: &'a Ctx,
    clubs: Vec<(Club, usize)>,
    running: Vec<ChampionshipLine>,
    others: Vec<ChampionshipLine>,
    /// No account exists yet: the page offers the first-run form.
    first_run: bool,
    /// Accounts exist but no club: the page leads to making the first one.
    no_club: bool,
}

pub async fn home(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(&req);
    let (clubs, championships, first_run) = db(&state, |conn| {
        let clubs = queries::clubs_by_name(conn)?;
        let mut with_counts = Vec::new();
        for club in clubs {
            let n = queries::active_players(conn, club.id)?.len();
            with_counts.push((club, n));
        }
        Ok((
            with_counts,
            (
                queries::list_championships(conn)?,
                liguilla::all_links(conn)?,
            ),
            super::first_run::is_first_run(conn)?,
        ))
    })
    .await?;
    let (running, others): (Vec<_>, Vec<_>) =
        championship_lines(&ctx, &championships.0, &championships.1)
            .into_iter()
            .partition(|e| e.status_class == ChampionshipStatus::Running);
    let no_club = !first_run && clubs.is_empty();
    render(&HomePage {
        ctx: &ctx,
        clubs,
        running,
        others,
        first_run,
        no_club,
    })
}

#[derive(Template)]
#[template(path = "championships.html")]
struct ChampionshipsPage<'a> {
    ctx: &'a Ctx,
    championships: Vec<ChampionshipLine>,
}

/// `GET /campeonatos`: every championship, running ones first.
pub async fn championships(req: HttpRequest, state: web::Data<AppState>) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    let (championships, links) = db(&state, |conn| {
        Ok((
            queries::list_championships(conn)?,
            liguilla::all_links(conn)?,
        ))
    })
    .await?;
    let championships = championship_lines(&ctx, &championships, &links);
    render(&ChampionshipsPage {
        ctx: &ctx,
        championships,
    })
}

#[derive(Template)]
#[template(path = "club.html")]
struct ClubPage<'a> {
    ctx: &'a Ctx,
    club: Club,
    players: Vec<super::people::Person>,
    /// Its members, current and former, with their days (and, for its organisers,
    /// their licences).
    members: Vec<super::register::MemberLine>,
    pairs: Vec<super::people::Person>,
    /// The club's season circuits: id and name.
    circuits: Vec<(i32, String)>,
    /// The club's championships, running ones first.
    championships: Vec<ChampionshipLine>,
    can_manage: bool,
    can_play: bool,
    games: Vec<super::game::GameLine>,
    /// The new-pair form as typed, with what to fix (after a refused pair).
    pair_form: Option<PairTyped>,
}

/// A new pair as typed, and the message that says what to fix.
pub struct PairTyped {
    pub name: String,
    pub player1: i32,
    pub player2: i32,
    pub error: String,
}

impl ClubPage<'_> {
    /// Whether player `id` is chosen in the new-pair form's select `n` (1 or 2);
    /// by default the first two players.
    fn chosen<N, I, P>(&self, n: N, index: I, id: P) -> bool
    where
        N: std::borrow::Borrow<usize>,
        I: std::borrow::Borrow<usize>,
        P: std::borrow::Borrow<i32>,
    {
        let (n, index, id) = (*n.borrow(), *index.borrow(), *id.borrow());
        match &self.pair_form {
            Some(f) => id == if n == 1 { f.player1 } else { f.player2 },
            None => index + 1 == n,
        }
    }

    /// How many former members it lists.
    fn former(&self) -> usize {
        self.members.iter().filter(|m| !m.current).count()
    }

    /// The players who still play (the choices for a new pair).
    fn active(&self) -> Vec<&super::people::Person> {
        self.players.iter().filter(|p| p.active).collect()
    }
}

/// `GET /clubes/{id}`: a club's games, players and (for its organisers) pairs.
pub async fn club(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    club_page(&req, &state, &who, id, None).await
}

/// The club page; with the new-pair form as typed when it was refused, a 422.
pub async fn club_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    pair_form: Option<PairTyped>,
) -> HttpResult {
    let status = match pair_form {
        Some(_) => StatusCode::UNPROCESSABLE_ENTITY,
        None => StatusCode::OK,
    };
    let ctx = Ctx::from_request(req);
    let (lang, staff) = (ctx.lang, who.allows(Perm::ManageClub(id)));
    let (club, (players, pairs, members), (games, circuits, championships, hidden)) =
        db(state, move |conn| {
            let club = queries::find_club(conn, id)?.ok_or(AppError::NotFound)?;
            let (players, pairs) = super::people::club_people(conn, id)?;
            let hidden = match staff {
                true => crate::db::register::Hidden::default(),
                false => crate::db::register::Hidden::load(conn)?,
            };
            let members = super::register::member_lines(conn, lang, id, (staff, &hidden))?;
            let games = crate::db::games::club_games(conn, id)?;
            let circuits = crate::db::circuits::of_club(conn, id)?;
            let mut championships = queries::list_championships(conn)?;
            championships.retain(|c| c.club_id == id);
            let championships = (championships, liguilla::all_links(conn)?);
            Ok((
                club,
                (players, pairs, members),
                (games, circuits, championships, hidden),
            ))
        })
        .await?;
    let championships = championship_lines(&ctx, &championships.0, &championships.1);
    let mut games = super::game::game_lines(&ctx, &games);
    for g in &mut games {
        g.seats = hidden.names(&g.seats);
    }
    render_status(
        &ClubPage {
            pair_form,
            games,
            can_play: who.allows(Perm::CreateGame(club.id)),
            ctx: &ctx,
            can_manage: staff,
            club,
            players,
            members,
            pairs,
            circuits,
            championships,
        },
        status,
    )
}

/// The club's games as a table: the page's list with its date and number.
fn club_games_sheet(
    ctx: &Ctx,
    games: &[crate::db::games::Game],
    hidden: &crate::db::register::Hidden,
) -> Sheet {
    let mut sheet = Sheet::new(
        ctx.t("club-games"),
        vec![
            (ctx.t("sheets-game-number"), 10.0),
            (ctx.t("sheets-date"), 18.0),
            (ctx.t("sheets-game"), 16.0),
            (ctx.t("sheets-players"), 60.0),
            (ctx.t("sheets-status"), 14.0),
        ],
    );
    for (g, line) in games.iter().zip(super::game::game_lines(ctx, games)) {
        sheet.push(vec![
            line.id.into(),
            g.created_at.format("%Y-%m-%d %H:%M").to_string().into(),
            line.game.into(),
            hidden.names(&line.seats).into(),
            line.status.into(),
        ]);
    }
    sheet
}

/// `GET /clubes/{id}/partidas.{xlsx|csv}`: the club's games (public, like the
/// club's page).
pub async fn club_games_download(
    Visit { req, state, who }: Visit,
    Target(id, format): Target,
) -> HttpResult {
    let staff = who.allows(Perm::ManageClub(id));
    let (club, games, hidden) = db(&state, move |conn| {
        let club = queries::find_club(conn, id)?.ok_or(AppError::NotFound)?;
        let hidden = match staff {
            true => crate::db::register::Hidden::default(),
            false => crate::db::register::Hidden::load(conn)?,
        };
        Ok((club, crate::db::games::club_games(conn, id)?, hidden))
    })
    .await?;
    let ctx = Ctx::from_request(&req);
    let sheet = club_games_sheet(&ctx, &games, &hidden);
    sheets::club_download(&ctx, ("sheets-file-games", &club.name), sheet, format)
}

#[derive(Deserialize)]
pub struct NextQuery {
    next: Option<String>,
}

/// The language switcher: sets the cookie and goes back to a local page.
pub async fn switch_language(
    path: web::Path<String>,
    query: web::Query<NextQuery>,
) -> Result<HttpResponse, AppError> {
    let lang = i18n::Lang::from_code(&path).ok_or(AppError::NotFound)?;
    // Only local paths: never an open redirect to another site.
    let next = super::requests::redirect_target(query.next.as_deref());
    let cookie = Cookie::build(i18n::LANG_COOKIE, lang.code())
        .path("/")
        .max_age(CookieDuration::days(365))
        .same_site(SameSite::Lax)
        .http_only(true)
        .finish();
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, next))
        .cookie(cookie)
        .finish())
}

/// `POST /clubes/{id}/parejas`: an organiser adds a pair of two of the club's
/// players (named after them when no name is typed).
pub async fn add_pair(
    VisitId(Visit { req, state, who }, club_id, form): VisitId<
        web::Form<super::people::PersonForm>,
    >,
) -> HttpResult {
    who.require(Perm::ManageClub(club_id), req.path())?;
    let form = form.into_inner();
    let (p1, p2) = form.players();
    let actor = who.actor();
    let typed = form.name.clone();
    let refusal = db(&state, move |conn| {
        let name = if form.name.trim().is_empty() {
            let a = crate::db::people::find_player(conn, club_id, p1)?;
            let b = crate::db::people::find_player(conn, club_id, p2)?;
            match (a, b) {
                (Some(a), Some(b)) => format!("{} y {}", a.name, b.name),
                _ => return Ok(Some(PeopleFault::PairBadPlayer)),
            }
        } else {
            match checked_name(&form.name) {
                Ok(n) => n,
                Err(fault) => return Ok(Some(fault)),
            }
        };
        refusal(crate::service::people::add_pair(
            conn,
            &change_by(club_id, &actor),
            &name,
            p1,
            p2,
        ))
    })
    .await?;
    match refusal {
        None => Ok(see_other(&Kind::Pair.list_of(club_id))),
        Some(fault) => {
            let ctx = Ctx::from_request(&req);
            let typed = PairTyped {
                name: typed,
                player1: p1,
                player2: p2,
                error: ctx.t(fault.key()),
            };
            club_page(&req, &state, &who, club_id, Some(typed)).await
        }
    }
}
