//! The firma: the other pair confirms the result the table proposed, on its own
//! phone (its PIN opened the table there) or by typing its PIN on the scorekeeper's.
//! The proposer's PIN never confirms. Also the director's switch of a table to typed
//! results, when the phone that kept its game dies.

use super::tables::{
    Key, Shown, TableCtx, check_table_pin, is_staff, load_table, refusal, sides_of, table_page,
};
use super::*;
use crate::db::table_games;

#[derive(Deserialize)]
pub struct SignForm {
    version: String,
    /// The other pair's PIN, typed on this phone.
    #[serde(default)]
    pin: String,
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/firma`
pub async fn sign(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<SignForm>,
) -> Result<HttpResponse, AppError> {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    sign_post(
        req,
        state,
        who,
        session,
        id,
        Key::Round(round, table),
        form.into_inner(),
    )
    .await
}

/// `POST /campeonatos/{id}/fases/{b}/mesas/{t}/firma`
pub async fn sign_phase(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, i32, u32)>,
    form: web::Form<SignForm>,
) -> Result<HttpResponse, AppError> {
    let (raw, phase, table) = path.into_inner();
    let id = parse_id(&raw)?;
    sign_post(
        req,
        state,
        who,
        session,
        id,
        Key::Phase(phase, table),
        form.into_inner(),
    )
    .await
}

async fn sign_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    id: i32,
    key: Key,
    form: SignForm,
) -> Result<HttpResponse, AppError> {
    let pin = form.pin.trim().to_owned();
    let typed_pin = !pin.is_empty();
    let addr = crate::web::requests::client_address(&req);
    let (tc, verdict) = db(&state, move |conn| {
        let tc = load_table(conn, id, key)?;
        let verdict = if typed_pin {
            Some(check_table_pin(conn, &tc.row, &addr, &pin)?)
        } else {
            None
        };
        Ok((tc, verdict))
    })
    .await?;
    let staff = is_staff(&who, tc.t.event.club_id);
    let held = sides_of(&session, &tc.row);
    if !staff && held.is_empty() && !typed_pin {
        return Err(refusal(&who, &session, req.path()));
    }
    let ctx = Ctx::from_request(&req);
    if tc.row.status != "proposed" {
        return Err(AppError::Conflict {
            key: "error-tournament-nothing-to-sign",
            detail: String::new(),
        });
    }
    if form.version.trim() != tc.row.version.to_string() {
        return Err(AppError::Conflict {
            key: "error-stale",
            detail: String::new(),
        });
    }
    let proposer = tc.row.proposed_side.clone();
    let refuse = |tc: TableCtx, key: &str, status: StatusCode| {
        let shown = Shown {
            error: Some(ctx.t(key)),
            ..Shown::default()
        };
        table_page(&req, tc, staff, &session, shown, status)
    };
    let signer = match verdict {
        Some(Err(status)) => {
            let key = if status == StatusCode::TOO_MANY_REQUESTS {
                "login-throttled"
            } else {
                "table-wrong-pin"
            };
            return refuse(tc, key, status);
        }
        Some(Ok(side)) => side.to_owned(),
        None => match held
            .iter()
            .find(|s| Some(s.as_str()) != proposer.as_deref())
        {
            Some(s) => s.clone(),
            None if staff => "director".to_owned(),
            None => {
                return refuse(
                    tc,
                    "tournament-sign-other-side",
                    StatusCode::UNPROCESSABLE_ENTITY,
                );
            }
        },
    };
    if Some(signer.as_str()) == proposer.as_deref() {
        return refuse(
            tc,
            "tournament-sign-other-side",
            StatusCode::UNPROCESSABLE_ENTITY,
        );
    }
    let actor = format!("{} (firma pareja {signer})", who.actor());
    let row = tc.row.clone();
    let r = &tc.row;
    let path = table_path(id, r.phase, r.round_no, r.table_no);
    db(&state, move |conn| {
        Ok(table_games::confirm(conn, &row, &signer, &actor, now())?)
    })
    .await?;
    Ok(see_other(&crate::web::done::with_done(&path, "firmado")))
}

#[derive(Deserialize)]
pub struct SwitchForm {
    version: String,
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/escrita`: the director switches a
/// table that plays hand by hand to typed results (its phone died); the hands
/// entered so far stay in its game.
pub async fn switch_to_typed(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<SwitchForm>,
) -> Result<HttpResponse, AppError> {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    let tc = db(&state, move |conn| {
        load_table(conn, id, Key::Round(round, table))
    })
    .await?;
    if !is_staff(&who, tc.t.event.club_id) {
        return Err(who
            .require(Perm::ManageClub(tc.t.event.club_id), req.path())
            .err()
            .unwrap_or(AppError::Forbidden));
    }
    let version = form
        .version
        .trim()
        .parse::<i32>()
        .map_err(|_| AppError::bad_request("error-bad-request", "version"))?;
    let row = tc.row.clone();
    let actor = who.actor();
    db(&state, move |conn| {
        Ok(table_games::switch_to_typed(
            conn,
            &row,
            version,
            &actor,
            now(),
        )?)
    })
    .await?;
    Ok(see_other(&table_path(id, 0, round as i32, table as i32)))
}
