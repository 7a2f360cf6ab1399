//! The JSON API under `/api/v1/`. Errors come back as JSON from `render_errors`.

use actix_web::{HttpRequest, HttpResponse, web};

use super::i18n;
use crate::domain::{self, Lang};
use crate::error::AppError;
use crate::error::Malformed;
use crate::error::Unacceptable;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/api/v1/check").post(check));
}

/// The language of API messages: `?lang=`, then the cookie and `Accept-Language`.
fn api_lang(req: &HttpRequest) -> Lang {
    web::Query::<std::collections::HashMap<String, String>>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.get("lang").and_then(|l| Lang::from_code(l)))
        .unwrap_or_else(|| i18n::negotiate(req))
}

/// `POST /api/v1/check`: a hand record in, its ruling out (200, legal or not).
/// Not JSON → 400; JSON that is not a hand record → 422; both say precisely why.
pub async fn check(req: HttpRequest, body: web::Bytes) -> Result<HttpResponse, AppError> {
    let lang = api_lang(&req);
    let value: serde_json::Value = serde_json::from_slice(&body)
        .map_err(|e| AppError::BadRequest(Malformed::Json(e.to_string())))?;
    // The engine is fast (microseconds a hand): no need to leave the worker.
    let ruling = domain::check_value(&value, lang)
        .map_err(|e| AppError::from(Unacceptable::Record(e.to_string())))?;
    Ok(HttpResponse::Ok().json(ruling))
}
