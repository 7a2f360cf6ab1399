//! One error type for the web layer. Handlers return `Result<_, AppError>`; how it
//! answers over HTTP is `web/errors.rs`, and the `render_errors` middleware
//! (web/mod.rs) turns every error response — ours and actix's own (bad path, bad
//! form, unknown route) — into a localized HTML page, or JSON under `/api/`.
//! Internal errors are logged once, there, and never shown. It uses nothing of the
//! web layer.

use crate::db::DbError;
use crate::db::fault::{self, Fault};
use crate::domain::refusal::Refusal;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 404: the page or the object does not exist.
    #[error("not found")]
    NotFound,
    /// 400: the request cannot be understood; `key` names the message, `detail`
    /// says precisely what is wrong.
    #[error("{key}: {detail}")]
    BadRequest { key: &'static str, detail: String },
    /// 422: understood, but the content is not acceptable.
    #[error("{key}: {detail}")]
    Unprocessable { key: &'static str, detail: String },
    /// 303 to the login page, coming back to `.0` afterwards.
    #[error("login required")]
    LoginRequired(String),
    /// 401 on the API: no valid token.
    #[error("unauthorized")]
    Unauthorized,
    /// 403: signed in (or holding a table PIN) but not allowed.
    #[error("forbidden")]
    Forbidden,
    /// 403: a state-changing request without the session's CSRF token.
    #[error("missing or wrong CSRF token")]
    Csrf,
    /// 409: someone else changed it first; nothing was overwritten.
    #[error("{key}: {detail}")]
    Conflict { key: &'static str, detail: String },
    /// 409: refused in the state things are in now; the refusal names its message.
    #[error("refused: {0:?}")]
    Refused(Refusal),
    /// 422: an entry that would make hand `.0` (1-based) impossible; used to roll
    /// a transaction back with its reasons.
    #[error("hand {0} would be invalid")]
    Invalid(usize, Vec<crate::domain::entry::EntryError>),
    /// 429: too many attempts.
    #[error("too many attempts")]
    TooManyRequests,
    /// 503: the database is busy; nothing was written.
    #[error("service unavailable: {0}")]
    Unavailable(String),
    /// 503: the database server is away (stopped, restarting); nothing was written.
    #[error("database away: {0}")]
    DatabaseAway(String),
    /// 503: the disk (or the database file's size limit) is full; nothing was written.
    #[error("no space: {0}")]
    NoSpace(String),
    /// 500: a bug or an unexpected failure. Logged, never shown.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn bad_request(key: &'static str, detail: impl Into<String>) -> Self {
        AppError::BadRequest {
            key,
            detail: detail.into(),
        }
    }

    pub fn unprocessable(key: &'static str, detail: impl Into<String>) -> Self {
        AppError::Unprocessable {
            key,
            detail: detail.into(),
        }
    }

    /// The Fluent key of the message and the detail to show (if any).
    pub fn describe(&self) -> (&'static str, Option<String>) {
        match self {
            AppError::NotFound => ("error-not-found", None),
            AppError::BadRequest { key, detail } | AppError::Unprocessable { key, detail } => {
                (key, Some(detail.clone()).filter(|d| !d.is_empty()))
            }
            AppError::Unavailable(_) => ("error-unavailable", None),
            AppError::DatabaseAway(_) => ("error-database-away", None),
            AppError::NoSpace(_) => ("error-no-space", None),
            AppError::Internal(e) => match fault_in(e) {
                Some(Fault::NoSpace) => ("error-no-space", None),
                Some(Fault::Away) => ("error-database-away", None),
                None => ("error-internal", None),
            },
            AppError::LoginRequired(_) | AppError::Unauthorized => ("error-unauthorized", None),
            AppError::Forbidden => ("error-forbidden", None),
            AppError::Csrf => ("error-csrf", None),
            AppError::Conflict { key, detail } => (key, Some(detail.clone())),
            AppError::Refused(r) => (r.key(), Some(r.detail())),
            AppError::TooManyRequests => ("error-too-many", None),
            AppError::Invalid(n, errors) => (
                "error-invalid-entry",
                Some(format!(
                    "{n}: {}",
                    errors
                        .iter()
                        .map(|e| format!("{}: {}", e.field, e.message))
                        .collect::<Vec<_>>()
                        .join("; ")
                )),
            ),
        }
    }
}

impl AppError {
    /// The database fault behind this error, if it is one (see [`crate::db::fault`]),
    /// however the handler wrapped it.
    pub fn fault(&self) -> Option<Fault> {
        match self {
            AppError::NoSpace(_) => Some(Fault::NoSpace),
            AppError::DatabaseAway(_) => Some(Fault::Away),
            AppError::Internal(e) => fault_in(e),
            _ => None,
        }
    }

    /// The error of a request that found no connection in the pool's wait: the
    /// database is away when the pool's last attempt says so, else busy.
    pub fn from_pool(e: impl std::fmt::Display) -> Self {
        let message = e.to_string();
        match fault::of_message(&message) {
            Some(Fault::Away) => AppError::DatabaseAway(message),
            _ => AppError::Unavailable(message),
        }
    }
}

/// The fault named anywhere in an internal error's chain of causes.
fn fault_in(e: &anyhow::Error) -> Option<Fault> {
    e.chain().find_map(|cause| {
        cause
            .downcast_ref::<diesel::result::Error>()
            .and_then(fault::of_query)
            .or_else(|| fault::of_message(&cause.to_string()))
    })
}

impl From<DbError> for AppError {
    fn from(e: DbError) -> Self {
        match e {
            DbError::Pool(p) => AppError::from_pool(p),
            DbError::Query(diesel::result::Error::NotFound) => AppError::NotFound,
            DbError::Query(q) => match fault::of_query(&q) {
                Some(Fault::NoSpace) => AppError::NoSpace(q.to_string()),
                Some(Fault::Away) => AppError::DatabaseAway(q.to_string()),
                None => AppError::Internal(anyhow::Error::new(DbError::Query(q))),
            },
            other => AppError::Internal(anyhow::Error::new(other)),
        }
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> Self {
        AppError::from(DbError::Query(e))
    }
}
