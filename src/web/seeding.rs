//! Seeding a championship from the players' ratings (`/campeonatos/{id}/sembrar`):
//! the director sees every entrant with its rating in the championship's game (a pair
//! by the mean of its players, a newcomer at 1500) and the seeds that follow, and applies them before
//! the first round is paired.

use actix_web::HttpRequest;
use askama::Template;

use super::auth::{Perm, Principal};
use super::players::shown;
use super::visit::{HttpResult, Visit, VisitId};
use super::{AppState, Ctx, db, render};
use crate::db::championship::store;
use crate::db::ratings;
use crate::domain::rating::{self, Config, Rating};
use crate::error::AppError;
use crate::service::championship::guards::{refusal_of, seeds_open};

pub struct SeedLine {
    pub name: String,
    pub players: Vec<(String, String)>,
    pub rating: String,
    pub seed_now: String,
    pub seed_new: u32,
}

#[derive(Template)]
#[template(path = "seeding.html")]
struct SeedingPage<'a> {
    ctx: &'a Ctx,
    championship_id: i32,
    championship: String,
    /// The championship's game, whose ratings seed it.
    game: String,
    lines: Vec<SeedLine>,
    /// Why the seeds can no longer change (a message key), once they cannot.
    closed: Option<&'static str>,
}

/// The championship, its entrants as shown, and the seeds by rating (entrant id, seed).
type Proposal = (store::Tournament, Vec<SeedLine>, Vec<(String, u32)>);

/// Every entrant's id, name, linked players and rating, and the seeds by rating.
fn proposal(conn: &mut crate::db::DbConn, id: i32) -> Result<Proposal, AppError> {
    let t = store::load(conn, id)?.ok_or(AppError::NotFound)?;
    let r = ratings::compute(conn, Config::default())?;
    let names = &r.names;
    let club = t.championship.club_id;
    let game = t.file.championship.game;
    let rated: Vec<(String, Rating, Vec<i32>)> = t
        .file
        .entrants
        .iter()
        .filter(|e| e.withdrawn_after_round.is_none())
        .map(|e| {
            let players = names.entrant_of(club, e).unwrap_or_default();
            (e.id.clone(), r.entrant_rating(game, &players), players)
        })
        .collect();
    let seeds = rating::seed_order(
        &rated
            .iter()
            .map(|(id, rating, _)| (id.clone(), *rating))
            .collect::<Vec<_>>(),
    );
    let mut lines: Vec<SeedLine> = seeds
        .iter()
        .filter_map(|(eid, seed)| {
            let e = t.file.entrants.iter().find(|e| &e.id == eid)?;
            let (_, rating, players) = rated.iter().find(|x| &x.0 == eid)?;
            Some(SeedLine {
                name: e.name.clone(),
                players: players
                    .iter()
                    .filter_map(|p| r.players.get(p))
                    .map(|p| (format!("/jugadores/{}", p.id), p.name.clone()))
                    .collect(),
                rating: shown(*rating),
                seed_now: e.seed.map(|s| s.to_string()).unwrap_or_default(),
                seed_new: *seed,
            })
        })
        .collect();
    lines.sort_by_key(|l| l.seed_new);
    Ok((t, lines, seeds))
}

async fn director(
    req: &HttpRequest,
    state: &AppState,
    who: &Principal,
    id: i32,
) -> Result<(), AppError> {
    let club = db(state, move |conn| {
        Ok(store::load(conn, id)?
            .ok_or(AppError::NotFound)?
            .championship
            .club_id)
    })
    .await?;
    who.require(Perm::ManageClub(club), req.path())
}

/// `GET /campeonatos/{id}/sembrar`.
pub async fn page(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    director(&req, &state, &who, id).await?;
    let ((t, lines, _), closed) = db(&state, move |conn| {
        let proposal = proposal(conn, id)?;
        let closed = refusal_of(seeds_open(conn, &proposal.0))?;
        Ok((proposal, closed))
    })
    .await?;
    render(&SeedingPage {
        ctx: &ctx,
        championship_id: id,
        championship: t.championship.name.clone(),
        game: ctx.t(&format!("game-{}", t.file.championship.game)),
        closed: closed.map(|r| r.key()),
        lines,
    })
}

/// `POST /campeonatos/{id}/sembrar`: sets every entrant's seed from the ratings;
/// refused once a round is paired or the knockout drawn.
pub async fn apply(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    director(&req, &state, &who, id).await?;
    let actor = who.actor();
    db(&state, move |conn| {
        let (_, _, seeds) = proposal(conn, id)?;
        crate::service::championship::change(conn, id, &actor, super::account::now(), |conn, t| {
            seeds_open(conn, t)?;
            let before = serde_json::to_value(&t.file.entrants).ok();
            for e in &mut t.file.entrants {
                e.seed = seeds.iter().find(|(eid, _)| *eid == e.id).map(|(_, s)| *s);
            }
            Ok((
                (),
                crate::service::championship::Audit {
                    action: "seed_by_rating",
                    entity: "entrant",
                    entity_id: id,
                    before,
                    after: serde_json::to_value(&t.file.entrants).ok(),
                },
            ))
        })
        .map_err(AppError::from)
    })
    .await?;
    Ok(super::account::see_other(&format!(
        "/campeonatos/{id}/sembrar"
    )))
}
