//! Deleting a season circuit (`/circuitos/{id}/borrar`): a confirmation page that says
//! what goes and what stays, and its button (POST, CSRF) for the circuit's club's
//! organisers and the administrators. The circuit leaves the club's list and every
//! player's and pair's page; its championships are untouched; the club's trail keeps
//! who deleted it, when, and all it was. A page read before someone else's change
//! deletes nothing (409) and says what the circuit is now.

use actix_web::http::StatusCode;
use actix_web::web;
use askama::Template;

use super::auth::Perm;
use super::circuits::{now_words, stored};
use super::visit::{HttpResult, Visit, VisitId};
use super::{Ctx, db, render_status};
use crate::db::circuits::{self, Circuit};
use crate::service::circuit::Kept;

#[derive(Template)]
#[template(path = "circuit_delete.html")]
struct DeletePage<'a> {
    ctx: &'a Ctx,
    circuit: Circuit,
    /// "3 campeonatos: Prova 1, Prova 2, Prova 3".
    championships: String,
    /// Why nothing was deleted, and what the circuit is now.
    stale: Option<(String, String)>,
}

/// The confirmation page of circuit `c` (read at its version), with `stale` when a
/// deletion was refused.
async fn confirmation(
    ctx: &Ctx,
    state: &super::AppState,
    c: Circuit,
    stale: bool,
    status: StatusCode,
) -> HttpResult {
    let read = c.clone();
    let names = db(state, move |conn| {
        Ok(circuits::championship_names(conn, &read)?)
    })
    .await?;
    let count = ctx.tn("circuit-count", c.championships.len(), "name", &c.name);
    let championships = if names.is_empty() {
        count
    } else {
        format!("{count}: {}", names.join(", "))
    };
    let stale = stale.then(|| (ctx.t("circuit-stale-delete"), now_words(ctx, &c, &names)));
    render_status(
        &DeletePage {
            ctx,
            circuit: c,
            championships,
            stale,
        },
        status,
    )
}

/// `GET /circuitos/{id}/borrar`: what deleting the circuit means, and the button that
/// does it (its club's organisers and the administrators).
pub async fn delete_form(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    let c = stored(&state, id).await?;
    who.require(Perm::ManageClub(c.club_id), req.path())?;
    let ctx = Ctx::from_request(&req);
    confirmation(&ctx, &state, c, false, StatusCode::OK).await
}

/// What the confirmation posts: the version of the circuit it was read at.
#[derive(serde::Deserialize)]
pub struct DeleteForm {
    #[serde(default)]
    version: String,
}

/// `POST /circuitos/{id}/borrar`: deletes the circuit (audited) and opens the club's
/// circuits; read before someone else's change, deletes nothing and shows the
/// confirmation again with what the circuit is now (409).
pub async fn delete(
    VisitId(Visit { req, state, who }, id, form): VisitId<web::Form<DeleteForm>>,
) -> HttpResult {
    let c = stored(&state, id).await?;
    who.require(Perm::ManageClub(c.club_id), req.path())?;
    let read_at = form.version.trim().parse::<i32>().ok();
    let actor = who.actor();
    let kept = db(&state, move |conn| {
        crate::service::circuit::delete(conn, (id, read_at), &actor)
    })
    .await?;
    match kept {
        Kept::Done => Ok(super::account::see_other(&super::done::with_done(
            &format!("/clubes/{}/circuitos", c.club_id),
            super::done::Done::CircuitDeleted,
        ))),
        Kept::Stale(now) => {
            let ctx = Ctx::from_request(&req);
            confirmation(&ctx, &state, now, true, StatusCode::CONFLICT).await
        }
    }
}
