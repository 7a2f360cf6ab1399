//! A change to a game's hands sent by a page: worked out before its turn at the
//! writer, then applied by the service ([`crate::service::game`]).

use super::*;

/// Applies `change` to game `id` at the `version` the page read, by `(actor, by)`;
/// with the game as this request `read` it, the change is worked out before its
/// turn at the writer.
pub(crate) async fn apply(
    state: &AppState,
    (id, version): (i32, i32),
    (change, read): (Change, Option<Read>),
    (actor, by): (String, ChangeBy),
    lang: Lang,
) -> Result<Outcome, AppError> {
    crate::web::db_write_after(
        state,
        move || {
            let planned = read.and_then(|r| r.plan(&change, lang));
            (change, planned)
        },
        move |conn, (change, planned)| {
            crate::service::game::apply_planned(
                conn,
                (id, version),
                change,
                planned,
                (&actor, &by),
                lang,
            )
        },
    )
    .await
}
