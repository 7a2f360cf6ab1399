//! The addresses of the older model of entries and matches, kept alive for printed QR codes,
//! bookmarks and scripts: each answers a permanent redirect to its championship
//! equivalent (301 for pages; 308 for posts, so the body is sent again). A match
//! of that model is found by the table it became (`championship_tables.legacy_match_id`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use super::{AppState, db, parse_id};
use crate::error::AppError;

fn moved(location: String) -> HttpResponse {
    HttpResponse::MovedPermanently()
        .insert_header((header::LOCATION, location))
        .finish()
}

fn moved_post(location: String) -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((header::LOCATION, location))
        .finish()
}

/// `location` with the request's query string, if it had one.
fn with_query(req: &HttpRequest, location: String) -> String {
    match req.query_string() {
        "" => location,
        q => format!("{location}?{q}"),
    }
}

/// The page of the table that old match `raw` became.
async fn table_of(state: &AppState, raw: &str) -> Result<String, AppError> {
    let id = parse_id(raw)?;
    let (championship, round, table) = db(state, move |conn| {
        crate::db::championship::store::folded_match(conn, id)?.ok_or(AppError::NotFound)
    })
    .await?;
    Ok(format!(
        "/campeonatos/{championship}/rondas/{round}/mesas/{table}"
    ))
}

/// `GET /eventos` → `/campeonatos`.
pub async fn championships() -> HttpResponse {
    moved("/campeonatos".to_owned())
}

/// `GET /eventos/{id}` → `/campeonatos/{id}`.
pub async fn championship(path: web::Path<String>) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    Ok(moved(format!("/campeonatos/{id}")))
}

/// `GET /eventos/{id}/mesas` (the table cards) → the championship's result slips,
/// one per table with its QR code and PIN.
pub async fn table_cards(
    req: HttpRequest,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    Ok(moved(with_query(
        &req,
        format!("/campeonatos/{id}/imprimir/actas"),
    )))
}

/// `GET /eventos/{id}/auditoria` → `/campeonatos/{id}/auditoria` (same format).
pub async fn audit(req: HttpRequest, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    Ok(moved(with_query(
        &req,
        format!("/campeonatos/{id}/auditoria"),
    )))
}

/// `GET /encuentros/{id}` and `GET /mesa/{id}` → the table's page.
pub async fn match_page(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    Ok(moved(table_of(&state, &path).await?))
}

/// `POST /encuentros/{id}/resultado` → the table's result form (same fields).
pub async fn post_result(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    Ok(moved_post(table_of(&state, &path).await?))
}

/// `POST /mesa/{id}` (the table PIN) → the table's PIN form (same field).
pub async fn post_pin(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    Ok(moved_post(format!(
        "{}/pin",
        table_of(&state, &path).await?
    )))
}

/// `POST /api/v1/matches/{id}/result` → the table's result in the championship API.
pub async fn api_result(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let table = table_of(&state, &path).await?;
    Ok(moved_post(format!("/api/v1{table}/resultado")))
}
