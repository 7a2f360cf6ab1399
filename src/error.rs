//! One error type for the web layer. Handlers return `Result<_, AppError>`; the
//! `render_errors` middleware (web/mod.rs) turns every error response — ours and
//! actix's own (bad path, bad form, unknown route) — into a localized HTML page, or
//! JSON under `/api/`. Internal errors are logged once, here, and never shown.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};

use crate::db::DbError;

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
    /// 422: an entry that would make hand `.0` (1-based) impossible; used to roll
    /// a transaction back with its reasons.
    #[error("hand {0} would be invalid")]
    Invalid(usize, Vec<crate::domain::entry::EntryError>),
    /// 429: too many attempts.
    #[error("too many attempts")]
    TooManyRequests,
    /// 503: the database is busy or down; nothing was written.
    #[error("service unavailable: {0}")]
    Unavailable(String),
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
            AppError::Internal(_) => ("error-internal", None),
            AppError::LoginRequired(_) | AppError::Unauthorized => ("error-unauthorized", None),
            AppError::Forbidden => ("error-forbidden", None),
            AppError::Csrf => ("error-csrf", None),
            AppError::Conflict { key, detail } => (key, Some(detail.clone())),
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

impl From<DbError> for AppError {
    fn from(e: DbError) -> Self {
        match e {
            DbError::Pool(p) => AppError::Unavailable(p.to_string()),
            DbError::Query(diesel::result::Error::NotFound) => AppError::NotFound,
            other => AppError::Internal(anyhow::Error::new(other)),
        }
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> Self {
        AppError::from(DbError::Query(e))
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            AppError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            AppError::LoginRequired(_) => StatusCode::SEE_OTHER,
            AppError::Unauthorized => StatusCode::UNAUTHORIZED,
            AppError::Forbidden | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::Conflict { .. } => StatusCode::CONFLICT,
            AppError::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
            AppError::Invalid(..) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let AppError::Internal(e) = self {
            tracing::error!(error = ?e, "internal error");
        }
        if let AppError::LoginRequired(next) = self {
            return HttpResponse::SeeOther()
                .insert_header((
                    actix_web::http::header::LOCATION,
                    crate::web::requests::redirect_target(Some(&format!(
                        "/entrar?next={}",
                        crate::web::percent_encode(next)
                    ))),
                ))
                .finish();
        }
        if let AppError::Unauthorized = self {
            return HttpResponse::Unauthorized()
                .insert_header((actix_web::http::header::WWW_AUTHENTICATE, "Bearer"))
                .finish();
        }
        // The body is replaced by the localized page in `render_errors`.
        HttpResponse::build(self.status_code()).finish()
    }
}
