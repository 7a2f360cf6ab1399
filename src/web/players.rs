//! Player and pair pages (`/jugadores/{id}`, `/parejas/{id}`) and the ratings table
//! of one game (`/puntuaciones?juego=…`): clubs, partners, championships with their
//! place, club games, the rating in each game played with its history as an inline
//! SVG chart, and head-to-head against anyone.
//! Everything comes from [`crate::db::ratings::compute`], the same numbers as
//! `baza ratings recompute`.

use std::collections::{BTreeMap, BTreeSet};

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::auth::Perm;
use super::head_to_head::{AgainstQuery, Choice, HeadToHead, choices};
use super::register::date;
use super::visit::{HttpResult, Visit, VisitId};
use super::{AppState, Ctx, db, i18n, render};
use crate::db::circuits::Circuit;
use crate::db::ratings::{self, PeriodKind, Ratings};
use crate::db::register::Hidden;
use crate::domain::GameKind;
use crate::domain::circuit::Row;
use crate::domain::rating::{Config, History, PlayerId, Rating};
use crate::error::AppError;

/// A rating as people read it: "1523 ± 84", ± the deviation (the ratings table's
/// "Desviación", the same number).
pub fn shown(r: Rating) -> String {
    format!("{:.0} ± {:.0}", r.rating, r.rd)
}

/// A rating and its deviation, each as a whole number, as the ratings table shows them.
fn rating_and_deviation(r: Rating) -> (String, String) {
    (format!("{:.0}", r.rating), format!("{:.0}", r.rd))
}

async fn load(state: &AppState) -> Result<Ratings, AppError> {
    db(state, |conn| Ok(ratings::compute(conn, Config::default())?)).await
}

/// A point of the chart: where it is drawn and what its tooltip says.
pub struct ChartPoint {
    pub x: String,
    pub y: String,
    pub label: String,
}

/// The rating chart: a polyline in a 600×200 box, the band of ±RD, and the scale.
pub struct Chart {
    pub line: String,
    pub band: String,
    pub points: Vec<ChartPoint>,
    pub top: String,
    pub bottom: String,
}

/// The chart of a list of (period label, rating), or `None` with no point.
pub fn chart(points: &[(String, Rating)]) -> Option<Chart> {
    if points.is_empty() {
        return None;
    }
    let lo = points
        .iter()
        .map(|(_, r)| r.rating - r.rd)
        .fold(f64::INFINITY, f64::min);
    let hi = points
        .iter()
        .map(|(_, r)| r.rating + r.rd)
        .fold(f64::NEG_INFINITY, f64::max);
    let lo = (lo / 50.0).floor() * 50.0;
    let hi = ((hi / 50.0).ceil() * 50.0).max(lo + 50.0);
    let (w, h, left, pad) = (600.0, 200.0, 48.0, 10.0);
    let n = points.len();
    let x = |i: usize| {
        if n == 1 {
            left + (w - left) / 2.0
        } else {
            left + pad + (w - left - 2.0 * pad) * i as f64 / (n - 1) as f64
        }
    };
    let y = |v: f64| pad + (h - 2.0 * pad) * (hi - v) / (hi - lo);
    let line = points
        .iter()
        .enumerate()
        .map(|(i, (_, r))| format!("{:.1},{:.1}", x(i), y(r.rating)))
        .collect::<Vec<_>>()
        .join(" ");
    let upper = points
        .iter()
        .enumerate()
        .map(|(i, (_, r))| format!("{:.1},{:.1}", x(i), y(r.rating + r.rd)));
    let lower = points
        .iter()
        .enumerate()
        .rev()
        .map(|(i, (_, r))| format!("{:.1},{:.1}", x(i), y(r.rating - r.rd)));
    let band = upper.chain(lower).collect::<Vec<_>>().join(" ");
    Some(Chart {
        line,
        band,
        points: points
            .iter()
            .enumerate()
            .map(|(i, (label, r))| ChartPoint {
                x: format!("{:.1}", x(i)),
                y: format!("{:.1}", y(r.rating)),
                label: format!("{label}: {}", shown(*r)),
            })
            .collect(),
        top: format!("{hi:.0}"),
        bottom: format!("{lo:.0}"),
    })
}

fn period_label(ctx: &Ctx, r: &Ratings, index: usize) -> String {
    let Some(p) = r.periods.get(index) else {
        return String::new();
    };
    match &p.kind {
        PeriodKind::Round {
            championship,
            round,
            ..
        } => {
            format!("{championship} · {}", ctx.t1("ratings-round", "n", round))
        }
        PeriodKind::ClubDay { .. } => {
            format!("{} · {}", ctx.t("ratings-club-day"), date(ctx, p.date))
        }
    }
}

/// A link to a person or a pair.
#[derive(Default)]
pub struct Link {
    pub href: String,
    pub name: String,
}

impl Link {
    /// The link to a player's page, under her name.
    fn player(p: &ratings::PlayerInfo) -> Link {
        Link {
            href: format!("/jugadores/{}", p.id),
            name: p.name.clone(),
        }
    }
}

pub struct ChampionshipLine {
    pub href: String,
    pub championship: String,
    pub date: String,
    pub entrant: String,
    pub place: String,
}

pub struct GameLine {
    pub href: String,
    pub date: String,
    pub game: String,
    pub sides: String,
    pub result: String,
}

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage<'a> {
    ctx: &'a Ctx,
    name: String,
    private: Option<Private>,
    clubs: Vec<ClubSpan>,
    /// Her rating in each game she has played, in the games' order.
    ratings: Vec<GameRating>,
    partners: Vec<Link>,
    pairs: Vec<Link>,
    championships: Vec<ChampionshipLine>,
    /// The circuits she has a line in, newest first.
    circuits: Vec<CircuitLine>,
    games: Vec<GameLine>,
    choices: Vec<Choice>,
    action: String,
    head: Option<HeadToHead>,
}

/// A circuit a player scores in: its link, name, and her place and points in words.
pub struct CircuitLine {
    pub href: String,
    pub name: String,
    pub standing: String,
}

/// The circuits (of every club) in whose players' table `id` has a line, newest
/// first, with her rank of the table's rows and her points: the numbers of each
/// circuit's page, from the same championships' entries.
fn circuit_lines(ctx: &Ctx, r: &Ratings, circuits: &[Circuit], id: PlayerId) -> Vec<CircuitLine> {
    circuits
        .iter()
        .rev()
        .filter_map(|c| {
            let rows = crate::db::circuits::player_rows(c, &r.championships);
            let row = rows.iter().find(|row| row.key == id)?;
            let standing = standing(ctx, row, rows.len());
            Some(CircuitLine {
                href: format!("/circuitos/{}", c.id),
                name: c.name.clone(),
                standing,
            })
        })
        .collect()
}

/// A place in a circuit's table of `of` rows and its points, in words: "Puesto 3 de 8
/// · 8 puntos".
fn standing<K>(ctx: &Ctx, row: &Row<K>, of: usize) -> String {
    i18n::tr_count(
        ctx.lang,
        "circuit-player-line",
        usize::try_from(row.total).unwrap_or(usize::MAX),
        &[("rank", row.rank.to_string()), ("of", of.to_string())],
    )
}

/// A circuit a pair's players score in: its link and name, the pair's place and
/// points in its pairs' table when the two played together in it, and each player's
/// in its players' table ("Ana M.: Puesto 1 de 8 · 200 puntos").
pub struct PairCircuitLine {
    pub href: String,
    pub name: String,
    pub pair: Option<String>,
    pub players: Vec<String>,
}

/// The circuits (of every club) in whose players' table either of `players` has a
/// line, newest first: the numbers of each circuit's page, the players named as
/// every public page names them.
fn pair_circuit_lines(
    ctx: &Ctx,
    r: &Ratings,
    circuits: &[Circuit],
    players: &[PlayerId; 2],
) -> Vec<PairCircuitLine> {
    let mut key = players.to_vec();
    key.sort_unstable();
    circuits
        .iter()
        .rev()
        .filter_map(|c| {
            let rows = crate::db::circuits::player_rows(c, &r.championships);
            let each: Vec<String> = players
                .iter()
                .filter_map(|p| {
                    let row = rows.iter().find(|row| row.key == *p)?;
                    let name = &r.players.get(p)?.name;
                    Some(format!("{name}: {}", standing(ctx, row, rows.len())))
                })
                .collect();
            if each.is_empty() {
                return None;
            }
            let pairs = crate::db::circuits::pair_rows(c, &r.championships);
            let pair = pairs.iter().find(|row| row.key == key).map(|row| {
                let words = standing(ctx, row, pairs.len());
                format!("{}: {words}", ctx.t("circuit-as-pair"))
            });
            Some(PairCircuitLine {
                href: format!("/circuitos/{}", c.id),
                name: c.name.clone(),
                pair,
                players: each,
            })
        })
        .collect()
}

/// A club a person plays or played for, with the days of her membership.
pub struct ClubSpan {
    pub link: Link,
    pub since: Option<String>,
    pub until: Option<String>,
}

fn names(r: &Ratings, ids: &[PlayerId]) -> Vec<String> {
    ids.iter()
        .filter_map(|p| r.players.get(p).map(|p| p.name.clone()))
        .collect()
}

fn sides_text(ctx: &Ctx, r: &Ratings, sides: &[Vec<PlayerId>]) -> String {
    sides
        .iter()
        .map(|s| names(r, s).join(&format!(" {} ", ctx.t("ratings-and"))))
        .collect::<Vec<_>>()
        .join(" – ")
}

fn championship_lines<'a>(
    ctx: &Ctx,
    hidden: &Hidden,
    list: impl Iterator<Item = &'a ratings::ChampionshipEntry>,
) -> Vec<ChampionshipLine> {
    let mut out: Vec<_> = list
        .map(|c| ChampionshipLine {
            href: format!("/campeonatos/{}", c.championship_id),
            championship: c.championship.clone(),
            date: date(ctx, c.date),
            entrant: hidden.of(&c.entrant, &c.players),
            place: format!("{}/{}", c.place, c.of),
        })
        .collect();
    out.reverse();
    out
}

fn game_lines<'a>(
    ctx: &Ctx,
    r: &Ratings,
    list: impl Iterator<Item = (&'a ratings::ClubGame, Option<bool>)>,
) -> Vec<GameLine> {
    let mut out: Vec<_> = list
        .map(|(g, won)| GameLine {
            href: format!("/partidas/{}", g.id),
            date: date(ctx, g.date),
            game: ctx.t(&format!("game-{}", g.game)),
            sides: sides_text(ctx, r, &g.sides),
            result: match won {
                Some(true) => ctx.t("ratings-won"),
                Some(false) => ctx.t("ratings-lost"),
                None => String::new(),
            },
        })
        .collect();
    out.reverse();
    out
}

/// What only a person's clubs' organisers and the administrators read on her page.
pub struct Private {
    pub edit: String,
    pub licence: Option<String>,
    pub birth_year: Option<i32>,
}

/// `GET /jugadores/{id}`: a player's page; `?contra=ID` adds head-to-head.
pub async fn player(
    VisitId(Visit { req, state, who }, id, query): VisitId<web::Query<AgainstQuery>>,
) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    let r = load(&state).await?;
    let Some(me) = r.players.get(&id).cloned() else {
        // A record merged into another: her page is the one she lives in now.
        let live = db(&state, move |conn| Ok(crate::db::register::live(conn, id)?)).await?;
        return match live {
            Some(p) if p.id != id => Ok(super::account::see_other(&format!("/jugadores/{}", p.id))),
            _ => Err(AppError::NotFound),
        };
    };
    let (clubs, person, hidden, circuits) = db(&state, move |conn| {
        Ok((
            crate::db::register::memberships(conn, id)?,
            crate::db::register::find(conn, id)?,
            crate::db::register::Hidden::load(conn)?,
            crate::db::circuits::all(conn)?,
        ))
    })
    .await?;
    // Her licence and year of birth, for those who may edit her data.
    let private = clubs
        .iter()
        .any(|m| m.current() && who.allows(Perm::ManageClub(m.club_id)))
        || who.allows(Perm::ManageUsers);
    let private = person.filter(|_| private).map(|p| Private {
        edit: format!("/personas/{}/editar", p.id),
        licence: p.licence,
        birth_year: p.birth_year,
    });
    let clubs = clubs
        .into_iter()
        .map(|m| ClubSpan {
            link: Link {
                href: format!("/clubes/{}", m.club_id),
                name: m.club,
            },
            since: m.joined_on.map(|d| date(&ctx, d)),
            until: m.left_on.map(|d| date(&ctx, d)),
        })
        .collect();
    let ratings = game_ratings(&ctx, &r, |history| {
        let list = history.points.get(&id)?;
        let points = list
            .iter()
            .map(|p| (period_label(&ctx, &r, p.period), p.rating))
            .collect();
        Some((history.current.get(&id).copied()?, points))
    });
    let mut partners: BTreeSet<PlayerId> = BTreeSet::new();
    for c in r.championships.iter().filter(|c| c.players.contains(&id)) {
        partners.extend(c.players.iter().filter(|p| **p != id));
    }
    for g in &r.club_games {
        for side in g.sides.iter().filter(|s| s.contains(&id)) {
            partners.extend(side.iter().filter(|p| **p != id));
        }
    }
    let pairs: Vec<Link> = r
        .pairs
        .iter()
        .filter(|p| p.players.contains(&id))
        .map(|p| Link {
            href: format!("/parejas/{}", p.id),
            name: hidden.of(&p.name, &p.players),
        })
        .collect();
    for p in r.pairs.iter().filter(|p| p.players.contains(&id)) {
        partners.extend(p.players.iter().filter(|q| **q != id));
    }
    let against = query.id().filter(|o| *o != id && r.players.contains_key(o));
    let head = against
        .and_then(|o| r.players.get(&o))
        .map(|o| HeadToHead::of_people(&ctx, &r, id, o.id, o.name.clone()));
    let others = r.players.values().map(|p| (p.id, p.name.as_str()));
    let mut choices = choices(others, id, against);
    choices.sort_by_key(|c| c.name.to_lowercase());
    render(&PlayerPage {
        name: me.name.clone(),
        private,
        clubs,
        ratings: ratings
            .into_iter()
            .map(|mut g| {
                g.games_rated = r.games_rated(g.game, id) as usize;
                g
            })
            .collect(),
        partners: partners
            .into_iter()
            .filter_map(|p| r.players.get(&p))
            .map(Link::player)
            .collect(),
        pairs,
        championships: championship_lines(
            &ctx,
            &hidden,
            r.championships.iter().filter(|c| c.players.contains(&id)),
        ),
        circuits: circuit_lines(&ctx, &r, &circuits, id),
        games: game_lines(
            &ctx,
            &r,
            r.club_games.iter().filter_map(|g| {
                let mine = g.sides.iter().position(|s| s.contains(&id))?;
                Some((g, g.winner.map(|w| w == mine)))
            }),
        ),
        choices,
        action: format!("/jugadores/{id}"),
        head,
        ctx: &ctx,
    })
}

/// The link to club `club_id`'s page, by its name.
async fn club_link(state: &AppState, club_id: Option<i32>) -> Result<Option<Link>, AppError> {
    let Some(club_id) = club_id else {
        return Ok(None);
    };
    let club = db(state, move |conn| {
        Ok(crate::db::queries::find_club(conn, club_id)?)
    })
    .await?;
    Ok(club.map(|c| Link {
        href: format!("/clubes/{club_id}"),
        name: c.name,
    }))
}

/// A person's or a pair's rating in one game: the game, its name, the rating and
/// its deviation, the games rated and the chart of its history.
pub struct GameRating {
    pub game: GameKind,
    pub name: String,
    pub rating: (String, String),
    pub games_rated: usize,
    pub chart: Option<Chart>,
}

/// For every game with a history, in the games' order, what `of` reads in it (the
/// rating now and the chart's points), the games it reads nothing in left out.
fn game_ratings(
    ctx: &Ctx,
    r: &Ratings,
    of: impl Fn(&History) -> Option<(Rating, Vec<(String, Rating)>)>,
) -> Vec<GameRating> {
    r.histories
        .iter()
        .filter_map(|(game, history)| {
            let (now, points) = of(history)?;
            Some(GameRating {
                game: *game,
                name: ctx.t(&format!("game-{game}")),
                rating: rating_and_deviation(now),
                games_rated: 0,
                chart: chart(&points),
            })
        })
        .collect()
}

#[derive(Template)]
#[template(path = "pair.html")]
struct PairPage<'a> {
    ctx: &'a Ctx,
    name: String,
    club: Link,
    players: Vec<Link>,
    /// Its rating (the mean of its players') in each game either of them played.
    ratings: Vec<GameRating>,
    championships: Vec<ChampionshipLine>,
    /// The circuits its players score in, newest first.
    circuits: Vec<PairCircuitLine>,
    games: Vec<GameLine>,
    choices: Vec<Choice>,
    action: String,
    head: Option<HeadToHead>,
}

fn same(side: &[PlayerId], pair: &[PlayerId; 2]) -> bool {
    let a: BTreeSet<_> = side.iter().collect();
    let b: BTreeSet<_> = pair.iter().collect();
    a == b
}

/// `GET /parejas/{id}`: a pair's page; `?contra=ID` adds head-to-head.
pub async fn pair(
    VisitId(Visit { req, state, .. }, id, query): VisitId<web::Query<AgainstQuery>>,
) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    let r = load(&state).await?;
    let me = r
        .pairs
        .iter()
        .find(|p| p.id == id)
        .ok_or(AppError::NotFound)?
        .clone();
    let club = club_link(&state, Some(me.club_id))
        .await?
        .unwrap_or_default();
    let (hidden, circuits) = db(&state, |conn| {
        Ok((Hidden::load(conn)?, crate::db::circuits::all(conn)?))
    })
    .await?;
    // In each game, the pair's chart: the mean of its players after each period
    // either played.
    let ratings = game_ratings(&ctx, &r, |history| {
        let mut periods: BTreeMap<usize, ()> = BTreeMap::new();
        for p in &me.players {
            for point in history.points.get(p).into_iter().flatten() {
                periods.insert(point.period, ());
            }
        }
        if periods.is_empty() {
            return None;
        }
        let at = |player: PlayerId, period: usize| {
            history
                .points
                .get(&player)
                .and_then(|l| l.iter().rev().find(|p| p.period <= period))
                .map_or(r.config.initial, |p| p.rating)
        };
        let points = periods
            .keys()
            .map(|period| {
                let mean = crate::domain::rating::mean(me.players.iter().map(|p| at(*p, *period)));
                (period_label(&ctx, &r, *period), mean)
            })
            .collect();
        let now = crate::domain::rating::pair_rating(history, &me.players, &r.config);
        Some((now, points))
    });
    let against = query
        .id()
        .and_then(|o| r.pairs.iter().find(|p| p.id == o && p.id != id));
    let head = against.map(|o| {
        let name = hidden.of(&o.name, &o.players);
        HeadToHead::of_pairs(&ctx, &r, &me.players, &o.players, name)
    });
    let against_id = against.map(|o| o.id);
    render(&PairPage {
        name: hidden.of(&me.name, &me.players),
        club,
        players: me
            .players
            .iter()
            .filter_map(|p| r.players.get(p))
            .map(Link::player)
            .collect(),
        ratings,
        championships: championship_lines(
            &ctx,
            &hidden,
            r.championships
                .iter()
                .filter(|c| same(&c.players, &me.players)),
        ),
        circuits: pair_circuit_lines(&ctx, &r, &circuits, &me.players),
        games: game_lines(
            &ctx,
            &r,
            r.club_games.iter().filter_map(|g| {
                let mine = g.sides.iter().position(|s| same(s, &me.players))?;
                Some((g, g.winner.map(|w| w == mine)))
            }),
        ),
        choices: choices(
            r.pairs
                .iter()
                .map(|p| (p.id, hidden.of(&p.name, &p.players))),
            id,
            against_id,
        ),
        action: format!("/parejas/{id}"),
        head,
        ctx: &ctx,
    })
}

pub struct RatingRow {
    pub rank: usize,
    pub href: String,
    pub name: String,
    pub rating: String,
    pub rd: String,
    pub games: u32,
}

#[derive(Template)]
#[template(path = "ratings.html")]
struct RatingsPage<'a> {
    ctx: &'a Ctx,
    /// The games to choose from: (slug, name, the one shown).
    games: Vec<(&'static str, String, bool)>,
    /// The name of the game shown.
    game: String,
    rows: Vec<RatingRow>,
    periods: usize,
}

#[derive(Deserialize)]
pub struct GameQuery {
    juego: Option<String>,
}

/// The game the ratings table shows when none is asked for: the clubs' usual game
/// (the one most clubs have, the first club's on a tie) if someone is rated in it,
/// else the first game someone is rated in.
fn usual_game(r: &Ratings, clubs: &[crate::db::queries::Club]) -> GameKind {
    let mut count: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (i, c) in clubs.iter().enumerate() {
        count.entry(c.default_game.as_str()).or_insert((0, i)).0 += 1;
    }
    let usual = count
        .into_iter()
        .max_by(|a, b| a.1.0.cmp(&b.1.0).then(b.1.1.cmp(&a.1.1)))
        .and_then(|(g, _)| g.parse::<GameKind>().ok());
    let rated = r.games();
    match usual {
        Some(g) if rated.contains(&g) => g,
        _ => rated
            .first()
            .copied()
            .or(usual)
            .unwrap_or(GameKind::Cuatrola),
    }
}

/// `GET /puntuaciones?juego=…`: every player rated in one game, best first (the
/// clubs' usual game when none is asked for).
pub async fn table(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<GameQuery>,
) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(&req);
    let asked = match query.juego.as_deref() {
        Some(g) => Some(crate::service::game::game_kind(g)?),
        None => None,
    };
    let r = load(&state).await?;
    let clubs = db(&state, |conn| Ok(crate::db::queries::list_clubs(conn)?)).await?;
    let game = asked.unwrap_or_else(|| usual_game(&r, &clubs));
    let mut choice = r.games();
    if !choice.contains(&game) {
        choice.push(game);
        choice.sort();
    }
    let rows = r
        .table(game)
        .into_iter()
        .enumerate()
        .map(|(i, (p, rating, games))| RatingRow {
            rank: i + 1,
            href: format!("/jugadores/{}", p.id),
            name: p.name.clone(),
            rating: format!("{:.0}", rating.rating),
            rd: format!("{:.0}", rating.rd),
            games,
        })
        .collect();
    render(&RatingsPage {
        games: choice
            .into_iter()
            .map(|g| (g.slug(), ctx.t(&format!("game-{g}")), g == game))
            .collect(),
        game: ctx.t(&format!("game-{game}")),
        rows,
        periods: r.periods_of(game),
        ctx: &ctx,
    })
}
