//! Public pages: home, events, an event's standings and rounds, a club's players,
//! the language switcher and the health check.

use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;

use super::auth::{Perm, Principal};
use super::{AppState, Ctx, db, i18n, parse_id, render};
use crate::db::queries::{self, Club, EntryView, Event, Match};
use crate::domain::standings::{self, MatchResult};
use crate::error::AppError;

/// A display line for an event in a list.
pub struct EventLine {
    pub id: i32,
    pub name: String,
    pub game: String,
    pub format: String,
    pub status: String,
    pub status_class: String,
    pub starts_on: String,
}

fn date(ctx: &Ctx, d: NaiveDate) -> String {
    match ctx.lang {
        i18n::Lang::En => d.format("%Y-%m-%d").to_string(),
        _ => d.format("%d/%m/%Y").to_string(),
    }
}

fn event_line(ctx: &Ctx, e: &Event) -> EventLine {
    EventLine {
        id: e.id,
        name: e.name.clone(),
        game: ctx.t(&format!("game-{}", e.game)),
        format: ctx.t(&format!("format-{}", e.format)),
        status: ctx.t(&format!("status-{}", e.status)),
        status_class: e.status.clone(),
        starts_on: date(ctx, e.starts_on),
    }
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage<'a> {
    ctx: &'a Ctx,
    clubs: Vec<(Club, usize)>,
    running: Vec<EventLine>,
    others: Vec<EventLine>,
}

pub async fn home(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(&req);
    let (clubs, events) = db(&state, |conn| {
        let clubs = queries::list_clubs(conn)?;
        let mut with_counts = Vec::new();
        for club in clubs {
            let n = queries::club_players(conn, club.id)?.len();
            with_counts.push((club, n));
        }
        Ok((with_counts, queries::list_events(conn)?))
    })
    .await?;
    let (running, others): (Vec<_>, Vec<_>) = events
        .iter()
        .map(|e| event_line(&ctx, e))
        .partition(|e| e.status_class == "running");
    render(&HomePage {
        ctx: &ctx,
        clubs,
        running,
        others,
    })
}

#[derive(Template)]
#[template(path = "events.html")]
struct EventsPage<'a> {
    ctx: &'a Ctx,
    events: Vec<EventLine>,
}

pub async fn events(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(&req);
    let events = db(&state, |conn| Ok(queries::list_events(conn)?)).await?;
    let events = events.iter().map(|e| event_line(&ctx, e)).collect();
    render(&EventsPage { ctx: &ctx, events })
}

pub struct StandingLine {
    pub pos: usize,
    pub pair: String,
    pub players: String,
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    pub score_for: u32,
    pub score_against: u32,
    pub difference: i64,
}

pub struct MatchLine {
    pub id: i32,
    pub table: i32,
    pub a: String,
    pub b: String,
    pub score: Option<(i32, i32)>,
    pub status: String,
}

pub struct RoundLine {
    pub no: i32,
    pub matches: Vec<MatchLine>,
}

#[derive(Template)]
#[template(path = "event.html")]
struct EventPage<'a> {
    ctx: &'a Ctx,
    event: EventLine,
    staff: bool,
    rounds_planned: i32,
    rounds_played: i32,
    standings: Vec<StandingLine>,
    rounds: Vec<RoundLine>,
}

fn build_standings(entries: &[EntryView], matches: &[Match]) -> Vec<StandingLine> {
    let index = |id: i32| entries.iter().position(|e| e.id == id);
    let results: Vec<MatchResult> = matches
        .iter()
        .filter_map(|m| {
            let (sa, sb) = (m.score_a?, m.score_b?);
            Some(MatchResult {
                a: index(m.entry_a)?,
                b: index(m.entry_b)?,
                score_a: u32::try_from(sa).ok()?,
                score_b: u32::try_from(sb).ok()?,
            })
        })
        .collect();
    standings::standings(entries.len(), &results)
        .into_iter()
        .enumerate()
        .filter_map(|(i, row)| {
            let e = entries.get(row.entry)?;
            Some(StandingLine {
                pos: i + 1,
                pair: e.pair_name.clone(),
                players: format!("{} · {}", e.players.0, e.players.1),
                played: row.played,
                won: row.won,
                lost: row.lost,
                score_for: row.score_for,
                score_against: row.score_against,
                difference: row.difference(),
            })
        })
        .collect()
}

pub async fn event(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(&req);
    let id = parse_id(&path)?;
    // A championship with rounds has its own pages (web/tournaments.rs).
    if db(&state, move |conn| {
        Ok(crate::db::tournaments::exists(conn, id)?)
    })
    .await?
    {
        return Ok(super::account::see_other(&format!("/campeonatos/{id}")));
    }
    let (event, entries, matches) = db(&state, move |conn| {
        let event = queries::find_event(conn, id)?.ok_or(AppError::NotFound)?;
        Ok((
            event,
            queries::event_entries(conn, id)?,
            queries::event_matches(conn, id)?,
        ))
    })
    .await?;
    let finished: Vec<Match> = matches
        .iter()
        .filter(|m| m.status == "finished")
        .cloned()
        .collect();
    let name_of = |id: i32| queries::pair_name(&entries, id);
    let mut rounds: Vec<RoundLine> = Vec::new();
    for m in &matches {
        let line = MatchLine {
            id: m.id,
            table: m.table_no,
            a: name_of(m.entry_a),
            b: name_of(m.entry_b),
            score: m.score_a.zip(m.score_b),
            status: ctx.t(&format!("match-{}", m.status)),
        };
        match rounds.last_mut() {
            Some(r) if r.no == m.round_no => r.matches.push(line),
            _ => rounds.push(RoundLine {
                no: m.round_no,
                matches: vec![line],
            }),
        }
    }
    let rounds_played = rounds
        .iter()
        .filter(|r| r.matches.iter().all(|m| m.score.is_some()))
        .count() as i32;
    rounds.reverse();
    render(&EventPage {
        staff: who.allows(Perm::ReadAudit(event.club_id)),
        event: event_line(&ctx, &event),
        rounds_planned: event.rounds_planned,
        rounds_played,
        standings: build_standings(&entries, &finished),
        rounds,
        ctx: &ctx,
    })
}

#[derive(Template)]
#[template(path = "club.html")]
struct ClubPage<'a> {
    ctx: &'a Ctx,
    club: Club,
    players: Vec<String>,
    can_manage: bool,
    can_play: bool,
    games: Vec<super::club_play::GameLine>,
}

pub async fn club(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(&req);
    let id = parse_id(&path)?;
    let (club, players, games) = db(&state, move |conn| {
        let club = queries::find_club(conn, id)?.ok_or(AppError::NotFound)?;
        let players = queries::club_players(conn, id)?;
        let games = crate::db::games::club_games(conn, id)?;
        Ok((club, players.into_iter().map(|p| p.name).collect(), games))
    })
    .await?;
    render(&ClubPage {
        games: super::club_play::game_lines(&ctx, &games),
        can_play: who.allows(Perm::CreateGame(club.id)),
        ctx: &ctx,
        can_manage: who.allows(Perm::ManageClub(club.id)),
        club,
        players,
    })
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

/// `/health`: the process answers and the database answers.
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let ok = db(&state, |conn| {
        use diesel::connection::SimpleConnection;
        conn.batch_execute("SELECT 1")
            .map_err(|e| AppError::Unavailable(e.to_string()))
    })
    .await
    .is_ok();
    let body = serde_json::json!({
        "status": if ok { "ok" } else { "degraded" },
        "database": if ok { "ok" } else { "unavailable" },
        "version": env!("CARGO_PKG_VERSION"),
    });
    let mut res = if ok {
        HttpResponse::Ok()
    } else {
        HttpResponse::ServiceUnavailable()
    };
    res.extensions_mut().insert(super::Rendered);
    res.json(body)
}
