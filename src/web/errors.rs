//! How an [`AppError`] answers over HTTP: its status, and the few answers that are
//! not a page (the login redirect, the API's `WWW-Authenticate`). The page itself, in
//! the user's language, is put in by `render_errors`.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};

use crate::error::AppError;

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unprocessable(_) | AppError::Rejected(_) => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Unavailable(_) | AppError::DatabaseAway(_) | AppError::NoSpace(_) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            AppError::Internal(_) if self.fault().is_some() => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            AppError::LoginRequired(_) | AppError::PinRequired(_) => StatusCode::SEE_OTHER,
            AppError::Unauthorized => StatusCode::UNAUTHORIZED,
            AppError::Forbidden | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::Refused(_) => StatusCode::CONFLICT,
            AppError::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self.fault() {
            Some(fault) => tracing::warn!(?fault, error = %self, "database fault"),
            None => match self {
                AppError::Internal(e) => tracing::error!(error = ?e, "internal error"),
                AppError::BadRequest(m) => tracing::info!(detail = %m.logged(), "bad request"),
                _ => {}
            },
        }
        if let AppError::LoginRequired(next) = self {
            return HttpResponse::SeeOther()
                .insert_header(super::asks::Asks::SignIn.header())
                .insert_header((
                    actix_web::http::header::LOCATION,
                    super::requests::redirect_target(Some(&format!(
                        "/entrar?next={}",
                        super::percent_encode(next)
                    ))),
                ))
                .finish();
        }
        if let AppError::PinRequired(page) = self {
            return HttpResponse::SeeOther()
                .insert_header(super::asks::Asks::Pin.header())
                .insert_header((
                    actix_web::http::header::LOCATION,
                    super::requests::redirect_target(Some(page)),
                ))
                .finish();
        }
        if let AppError::Unauthorized = self {
            return HttpResponse::Unauthorized()
                .insert_header((actix_web::http::header::WWW_AUTHENTICATE, "Bearer"))
                .finish();
        }
        // The body is replaced by the localized page in `render_errors`.
        let mut res = HttpResponse::build(self.status_code());
        if self.fault().is_some() {
            res.insert_header((actix_web::http::header::RETRY_AFTER, "5"));
        }
        res.finish()
    }
}
