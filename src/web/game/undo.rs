//! Deleting a hand safely: the page that shows the hand and asks before deleting it,
//! and the game's history of hand changes, where a deletion is undone (the hand put
//! back in its place and the game re-scored, audited like any other change).

use super::pages::{
    change_by, changed, load_to_record, locked_for, require_record, show, table_confirmed,
};
use super::*;
use crate::db::accounts::AuditEntry;
use crate::web::done::Done;
use crate::web::visit::{HttpResult, Visit, VisitId};

/// A deleted hand as its audit row keeps it: number, dealer, what was entered.
pub(crate) struct KeptHand {
    pub(crate) hand_no: i32,
    pub(crate) dealer: u8,
    pub(crate) entered: Entered,
}

/// The hand a deletion's audit snapshot (`before_json`) kept, if it kept it whole.
pub(crate) fn kept_hand(game: i32, json: &str) -> Option<KeptHand> {
    let v: serde_json::Value = serde_json::from_str(json).ok()?;
    if v.get("game")?.as_i64()? != i64::from(game) {
        return None;
    }
    let kind = v.get("kind")?.as_str()?;
    let entry = v.get("entry")?.to_string();
    Some(KeptHand {
        hand_no: i32::try_from(v.get("hand")?.as_i64()?).ok()?,
        dealer: u8::try_from(v.get("dealer")?.as_u64()?).ok()?,
        entered: Entered::from_parts(kind, &entry).ok()?,
    })
}

#[derive(Template)]
#[template(path = "hand_delete.html")]
struct DeletePage<'a> {
    ctx: &'a Ctx,
    game_id: i32,
    version: i32,
    hand_no: i32,
    dealer: String,
    notes: String,
    /// Each side and its points in this hand.
    points: Vec<(String, String)>,
}

/// `GET /partidas/{id}/manos/{n}/borrar`: the hand that would be deleted, and the
/// button that deletes it (the `POST` of the same address).
pub async fn confirm_delete_hand(
    VisitId(Visit { req, state, who }, (id, n), ()): VisitId<(), (i32, i32)>,
) -> HttpResult {
    let l = load_to_record(&state, &who, id, req.path()).await?;
    if locked_for(&state, &who, &l.game).await? {
        return table_confirmed(&req, &state, &who, id).await;
    }
    let ctx = Ctx::from_request(&req);
    let i = l
        .hands
        .iter()
        .position(|h| h.hand_no == n)
        .ok_or(AppError::NotFound)?;
    let (scores, _) = scored_for_page(&l, id, ctx.lang)?;
    let score = scores.get(i).ok_or(AppError::NotFound)?;
    let sides = side_names(&l.setup, &l.seats, ctx.lang);
    let dealer = usize::try_from(l.hands[i].dealer)
        .ok()
        .and_then(|s| l.seats.get(s))
        .cloned()
        .unwrap_or_default();
    render_status(
        &DeletePage {
            game_id: id,
            version: l.game.version,
            hand_no: n,
            dealer,
            notes: people_words(&score.notes.join(" · "), ctx.lang, &l.seats, &sides),
            points: sides
                .into_iter()
                .zip(score.hand_points.iter().map(show))
                .collect(),
            ctx: &ctx,
        },
        StatusCode::OK,
    )
}

#[derive(Deserialize)]
pub struct VersionForm {
    version: i32,
}

/// `POST /partidas/{id}/manos/{n}/borrar`: deletes hand `n` at the version read (the
/// button of the confirmation page; the deletion stays in the history, undoable).
pub async fn delete_hand(
    VisitId(Visit { req, state, who }, (id, n), form): VisitId<web::Form<VersionForm>, (i32, i32)>,
    session: Session,
) -> HttpResult {
    let game = db(&state, move |conn| {
        games::find_game(conn, id)?.ok_or(AppError::NotFound)
    })
    .await?;
    require_record(&state, &who, &game, req.path()).await?;
    let lang = crate::web::i18n::negotiate(&req);
    let by = (who.actor(), change_by(&who, &game, &session, false));
    let change = Change::Remove { hand_no: n };
    let outcome = apply(&state, (id, form.version), (change, None), by, lang).await?;
    let ctx = Ctx::from_request(&req);
    let refuse =
        |msg: String, status: StatusCode| game_page(&req, &state, &who, id, Some(msg), status);
    match outcome {
        Outcome::Saved | Outcome::Duplicate => Ok(changed(id, Done::HandDeleted)),
        Outcome::Locked => table_confirmed(&req, &state, &who, id).await,
        Outcome::NeedsConfirm(list, seen) => {
            refuse(confirm_text(ctx.lang, &list, &seen), StatusCode::CONFLICT).await
        }
        Outcome::Stale | Outcome::Occupied => {
            refuse(ctx.t(Refusal::GameStale.key()), StatusCode::CONFLICT).await
        }
        Outcome::Over => refuse(ctx.t(Refusal::GameOver.key()), StatusCode::CONFLICT).await,
        Outcome::Invalid(position, _) => {
            let msg = ctx.t1("entry-breaks-later", "n", &position);
            refuse(msg, StatusCode::UNPROCESSABLE_ENTITY).await
        }
    }
}

/// One change of the game's history.
pub struct HistoryLine {
    pub at: String,
    /// Who did what, in a sentence.
    pub text: String,
    /// The deletion's audit row, when it can still be undone.
    pub undo: Option<i32>,
    /// The undo waits for the confirm of a director or referee (later rounds).
    pub confirm: bool,
}

#[derive(Template)]
#[template(path = "game_history.html")]
struct HistoryPage<'a> {
    ctx: &'a Ctx,
    game_id: i32,
    version: i32,
    title: String,
    lines: Vec<HistoryLine>,
    error: Option<String>,
}

/// The deletions already undone (their audit row ids).
fn restored(entries: &[AuditEntry]) -> Vec<i64> {
    entries
        .iter()
        .filter(|e| e.action == "restore")
        .filter_map(|e| e.after_json.as_deref())
        .filter_map(|j| serde_json::from_str::<serde_json::Value>(j).ok())
        .filter_map(|v| v.get("restored_from").and_then(serde_json::Value::as_i64))
        .collect()
}

/// The history page of game `id`, newest change first, with `error` on top and the
/// undo of deletion `confirm` asking for the confirm.
async fn history_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    (error, confirm): (Option<String>, Option<i32>),
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (l, entries, known) = db(state, move |conn| {
        let l = load(conn, id)?;
        let known = crate::web::audit_words::Known::gather_game(conn, &l.game)?;
        Ok((l, games::hand_audit(conn, id)?, known))
    })
    .await?;
    require_record(state, who, &l.game, req.path()).await?;
    let ctx = Ctx::from_request(req);
    let done = restored(&entries);
    let lines = entries
        .iter()
        .rev()
        .map(|e| {
            let undoable = e.action == "delete"
                && !done.contains(&i64::from(e.id))
                && e.before_json
                    .as_deref()
                    .and_then(|j| kept_hand(id, j))
                    .is_some();
            HistoryLine {
                at: e.at.format("%Y-%m-%d %H:%M").to_string(),
                text: crate::web::audit_words::sentence(ctx.lang, e, &known),
                undo: undoable.then_some(e.id),
                confirm: confirm == Some(e.id),
            }
        })
        .collect();
    let title = side_names(&l.setup, &l.seats, ctx.lang).join(" – ");
    render_status(
        &HistoryPage {
            game_id: id,
            version: l.game.version,
            title,
            lines,
            error,
            ctx: &ctx,
        },
        status,
    )
}

/// `GET /partidas/{id}/auditoria`: every hand added, corrected, deleted or put back,
/// with "Deshacer" on the deletions that can be undone.
pub async fn game_history(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    history_page(&req, &state, &who, id, (None, None), StatusCode::OK).await
}

#[derive(Deserialize)]
pub struct UndoForm {
    version: i32,
    #[serde(default)]
    confirm: String,
}

/// `POST /partidas/{id}/auditoria/{a}/deshacer`: puts the hand deleted in audit row
/// `a` back in its place and re-scores the game, at the version the page showed; a
/// hand whose place is taken, or that no longer fits the game, is refused.
pub async fn undo_delete(
    VisitId(Visit { req, state, who }, (id, aid), form): VisitId<web::Form<UndoForm>, (i32, i32)>,
    session: Session,
) -> HttpResult {
    let (game, entries, numbers) = db(&state, move |conn| {
        let game = games::find_game(conn, id)?.ok_or(AppError::NotFound)?;
        let numbers: Vec<i32> = games::game_hands(conn, id)?
            .iter()
            .map(|h| h.hand_no)
            .collect();
        Ok((game, games::hand_audit(conn, id)?, numbers))
    })
    .await?;
    require_record(&state, &who, &game, req.path()).await?;
    let ctx = Ctx::from_request(&req);
    let row = entries
        .iter()
        .find(|e| e.id == aid && e.action == "delete")
        .ok_or(AppError::NotFound)?;
    let refuse = |msg: String, confirm: Option<i32>, status: StatusCode| {
        history_page(&req, &state, &who, id, (Some(msg), confirm), status)
    };
    let Some(kept) = row.before_json.as_deref().and_then(|j| kept_hand(id, j)) else {
        return refuse(
            ctx.t("safe-undo-not-kept"),
            None,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
    };
    let hand_no = kept.hand_no;
    let by = (
        who.actor(),
        change_by(&who, &game, &session, form.confirm == "1"),
    );
    let change = Change::Restore {
        hand_no,
        dealer: kept.dealer,
        entered: kept.entered,
        from: aid,
    };
    match apply(&state, (id, form.version), (change, None), by, ctx.lang).await? {
        Outcome::Saved | Outcome::Duplicate => Ok(changed(id, Done::HandRestored)),
        Outcome::Locked => table_confirmed(&req, &state, &who, id).await,
        Outcome::NeedsConfirm(list, seen) => {
            let msg = confirm_text(ctx.lang, &list, &seen);
            refuse(msg, Some(aid), StatusCode::CONFLICT).await
        }
        Outcome::Stale => refuse(ctx.t(Refusal::GameStale.key()), None, StatusCode::CONFLICT).await,
        Outcome::Over => refuse(ctx.t(Refusal::GameOver.key()), None, StatusCode::CONFLICT).await,
        Outcome::Occupied => {
            refuse(
                ctx.t1("safe-undo-occupied", "n", &hand_no),
                None,
                StatusCode::CONFLICT,
            )
            .await
        }
        Outcome::Invalid(position, _) => {
            // The position counts the hands with this one back in its place.
            let mut with = numbers;
            with.push(hand_no);
            with.sort_unstable();
            let broken = with.get(position.saturating_sub(1)).copied().unwrap_or(0);
            let msg = crate::web::i18n::tr_args(
                ctx.lang,
                "safe-undo-breaks",
                &[("n", hand_no.to_string()), ("m", broken.to_string())],
            );
            refuse(msg, None, StatusCode::UNPROCESSABLE_ENTITY).await
        }
    }
}
