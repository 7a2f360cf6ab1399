//! Pages kept for anonymous visitors: rendered once, served again while what they
//! show (the object's stamp and the register's privacy) is unchanged.

use diesel::QueryResult;

use super::{AppState, CachedPage, db};
use crate::db::DbConn;
use crate::db::fault::Fault;
use crate::error::AppError;

/// The page kept under `key` when what it shows has not changed since (`stamp`
/// reads the object's stamp; no object is a 404), or, while the database is away,
/// the last one kept; else the stamp to keep a new rendering under.
pub async fn kept_or_stamp<F>(
    state: &AppState,
    key: &str,
    stamp: F,
) -> Result<Result<CachedPage, String>, AppError>
where
    F: FnOnce(&mut DbConn) -> QueryResult<Option<String>> + Send + 'static,
{
    let stamp = db(state, move |conn| {
        let stamp = stamp(conn)?.ok_or(AppError::NotFound)?;
        let privacy = crate::db::register::privacy_stamp(conn)?;
        Ok(format!("{stamp}:{privacy}"))
    })
    .await;
    let stamp = match stamp {
        Ok(stamp) => stamp,
        // The database is away: the page as last rendered, if this process has it.
        Err(e) => match (e.fault(), state.pages.last(key)) {
            (Some(Fault::Away), Some(page)) => return Ok(Ok(page)),
            _ => return Err(e),
        },
    };
    Ok(state.pages.get(key, &stamp).ok_or(stamp))
}
