//! The firma: the other pair confirms the result the table proposed, on its own
//! phone (its PIN opened the table there) or by typing its PIN on the scorekeeper's.
//! The proposer's PIN never confirms. Also the director's switch of a table to typed
//! results, when the phone that kept its game dies.

use super::tables::{AtTable, VersionForm, path_of, sides_of};
use super::*;
use crate::web::done::Done;

#[derive(Deserialize)]
pub struct SignForm {
    version: String,
    /// The other pair's PIN, typed on this phone.
    #[serde(default)]
    pin: String,
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/firma` (and
/// `/fases/{b}/mesas/{t}/firma`).
pub async fn sign(at: AtTable, form: web::Form<SignForm>) -> HttpResult {
    let pin = form.pin.trim().to_owned();
    let typed_pin = !pin.is_empty();
    let (tc, verdict) = if typed_pin {
        let (tc, verdict) = at.load_checking(pin).await?;
        (tc, Some(verdict))
    } else {
        (at.load().await?, None)
    };
    let staff = at.staff(&tc);
    let held = sides_of(&at.session, &tc.row);
    if !staff && held.is_empty() && !typed_pin {
        return Err(at.refused(&tc));
    }
    if tc.row.status != TableStatus::Proposed {
        return Err(AppError::Refused(Refusal::NothingToSign));
    }
    if form.version.trim() != tc.row.version.to_string() {
        return Err(AppError::Refused(Refusal::Stale));
    }
    let proposer = tc.row.proposed_side.clone();
    let other_side = |tc| {
        at.page_with_error(
            tc,
            Refusal::SignOtherSide.key(),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
    };
    let signer = match verdict {
        Some(Err(refused)) => return at.page_refusing(tc, refused),
        Some(Ok(side)) => side.to_owned(),
        None => match held
            .iter()
            .find(|s| Some(s.as_str()) != proposer.as_deref())
        {
            Some(s) => s.clone(),
            None if staff => "director".to_owned(),
            None => return other_side(tc),
        },
    };
    if Some(signer.as_str()) == proposer.as_deref() {
        return other_side(tc);
    }
    let actor = format!("{} (firma pareja {signer})", at.who.actor());
    let row = tc.row.clone();
    let path = path_of(&tc.row);
    db(&at.state, move |conn| {
        Ok(crate::service::championship::confirm(
            conn,
            &row,
            &signer,
            &actor,
            now(),
        )?)
    })
    .await?;
    Ok(see_other(&crate::web::done::with_done(&path, Done::Signed)))
}

pub use self::sign as sign_phase;

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/escrita`: the director switches a
/// table that plays hand by hand to typed results (its phone died); the hands
/// entered so far stay in its game.
pub async fn switch_to_typed(at: AtTable, form: web::Form<VersionForm>) -> HttpResult {
    let tc = at.load().await?;
    let version = at.staff_version(&tc, &form.version)?;
    let row = tc.row.clone();
    let actor = at.who.actor();
    db(&at.state, move |conn| {
        Ok(crate::service::championship::switch_to_typed(
            conn,
            &row,
            version,
            &actor,
            now(),
        )?)
    })
    .await?;
    Ok(see_other(&path_of(&tc.row)))
}

#[derive(Deserialize)]
pub struct MoveForm {
    version: String,
    physical: String,
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/mover`: the director moves a match
/// not yet decided to another hall table (its own broke); a number that is no table,
/// or a table where another match of the round still plays, gives the page again
/// with what was typed.
pub async fn move_table(at: AtTable, form: web::Form<MoveForm>) -> HttpResult {
    let tc = at.load().await?;
    let version = at.staff_version(&tc, &form.version)?;
    let typed = form.physical.trim().to_owned();
    let ctx = Ctx::from_request(&at.req);
    let again = |tc: super::tables::TableCtx, error: String, status: StatusCode| {
        let shown = super::tables::Shown {
            error: Some(error),
            move_to: Some(typed.clone()),
            ..Default::default()
        };
        at.page(tc, shown, status)
    };
    if tc.row.status == crate::domain::status::TableStatus::Final {
        return again(tc, ctx.t("table-move-decided"), StatusCode::CONFLICT);
    }
    let Some(physical) = typed.parse::<i32>().ok().filter(|n| (1..=999).contains(n)) else {
        return again(
            tc,
            ctx.t("table-move-bad"),
            StatusCode::UNPROCESSABLE_ENTITY,
        );
    };
    let row = tc.row.clone();
    let actor = at.who.actor();
    let moved = db(&at.state, move |conn| {
        Ok(crate::service::championship::move_table(
            conn,
            &row,
            version,
            physical,
            &actor,
            now(),
        )?)
    })
    .await?;
    if !moved {
        let busy = ctx.t1("table-move-busy", "n", &physical);
        return again(tc, busy, StatusCode::CONFLICT);
    }
    Ok(see_other(&path_of(&tc.row)))
}
