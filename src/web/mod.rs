//! The web layer: shared state, the page context every template receives, the
//! rendering helper, localized error pages and embedded static assets.

pub mod account;
pub mod api;
pub mod asks;
pub mod assets;
mod audit_known;
pub mod audit_words;
pub mod auth;
pub mod brackets;
pub mod championship;
pub mod circuit_delete;
pub mod circuits;
pub mod done;
mod errors;
pub mod first_run;
pub mod game;
pub mod grants;
pub mod head_to_head;
pub mod health;
pub mod i18n;
pub mod kept;
pub mod legacy;
pub mod manage;
pub mod options;
mod page_cache;
pub mod pages;
pub mod people;
pub mod person_merge;
pub mod players;
pub mod reach;
pub mod referee;
pub mod register;
pub mod register_import;
pub mod register_person;
pub mod requests;
pub mod search;
pub mod seeding;
pub mod sheets;
pub mod tables_held;
pub mod visit;

use crate::error::Malformed;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::db::{DbConn, DbPool};
use crate::error::AppError;
use i18n::Lang;
pub use page_cache::{CachedPage, PageCache};
use requests::header_text;

/// What every handler shares: the pool and the settings of the command line. Nothing
/// else lives in the process, so several Baza processes can serve one PostgreSQL
/// behind a load balancer.
#[derive(Clone)]
pub struct AppState {
    pub pool: DbPool,
    /// On SQLite, the writes committed together (see [`crate::db::group`]).
    #[cfg(feature = "sqlite")]
    pub writes: Option<std::sync::Arc<crate::db::group::GroupCommit>>,
    /// Rendered public pages of this process (see [`PageCache`]).
    pub pages: std::sync::Arc<PageCache>,
    /// What the requests found of the database's health (see [`health::Health`]).
    pub health: std::sync::Arc<health::Health>,
    /// How long signed-in sessions last.
    pub sessions: crate::service::account::SessionLimits,
    /// The load balancers whose forwarding headers are believed (none by default).
    pub proxies: requests::TrustedProxies,
    /// The address phones reach this server at (QR codes, printed links).
    pub reach: reach::Reach,
    /// Games added to the five (`startup::WebOptions::added_games`).
    pub added_games: Vec<crate::domain::GameKind>,
}

impl AppState {
    /// The games this server's forms offer: the five, then the added ones.
    pub fn games(&self) -> Vec<crate::domain::GameKind> {
        crate::domain::GameKind::ALL
            .into_iter()
            .chain(self.added_games.iter().copied())
            .collect()
    }

    /// The start of the links printed and put in QR codes: the address phones
    /// reach the server at, or else the one this browser used.
    pub fn public_base(&self, req: &actix_web::HttpRequest) -> String {
        match self.reach.url() {
            Some(url) => url.to_owned(),
            None => {
                let info = req.connection_info();
                format!("{}://{}", info.scheme(), info.host())
            }
        }
    }
}

/// Runs database work on the blocking thread pool, off the async workers.
pub async fn db<F, T>(state: &AppState, f: F) -> Result<T, AppError>
where
    F: FnOnce(&mut DbConn) -> Result<T, AppError> + Send + 'static,
    T: Send + 'static,
{
    let (pool, health) = (state.pool.clone(), state.health.clone());
    blocking(move || {
        let result = pooled(&pool, &health, f);
        health.record(&result, false);
        result
    })
    .await
}

/// Runs `f` on a connection of `pool`, on this thread, waiting for one as long as
/// `health` allows.
fn pooled<T>(
    pool: &crate::db::DbPool,
    health: &health::Health,
    f: impl FnOnce(&mut DbConn) -> Result<T, AppError>,
) -> Result<T, AppError> {
    let mut conn =
        pool.get_timeout(health.pool_wait())
            .map_err(|e| match AppError::from_pool(e) {
                AppError::Unavailable(m) if health.away() => AppError::DatabaseAway(m),
                other => other,
            })?;
    f(&mut conn)
}

/// Runs `f` on the blocking thread pool.
async fn blocking<F, T>(f: F) -> Result<T, AppError>
where
    F: FnOnce() -> Result<T, AppError> + Send + 'static,
    T: Send + 'static,
{
    web::block(f)
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("blocking task failed: {e}")))?
}

/// Runs `f`, which makes its writes in one [`crate::db::write_tx`], on the blocking
/// thread pool. On SQLite its transaction is a savepoint of a batch committed
/// together with the writes that arrive at the same moment (one disk flush for all
/// of them, see [`crate::db::group`]); elsewhere it is a transaction of its own.
pub async fn db_write<F, T>(state: &AppState, f: F) -> Result<T, AppError>
where
    F: FnOnce(&mut DbConn) -> Result<T, AppError> + Send + 'static,
    T: Send + 'static,
{
    db_write_after(state, || (), move |conn, ()| f(conn)).await
}

/// [`db_write`], with `first` worked out beforehand on the same blocking thread and
/// handed to `f`: what needs no database is not done while other writers wait.
pub async fn db_write_after<A, P, F, T>(state: &AppState, first: P, f: F) -> Result<T, AppError>
where
    P: FnOnce() -> A + Send + 'static,
    A: Send + 'static,
    F: FnOnce(&mut DbConn, A) -> Result<T, AppError> + Send + 'static,
    T: Send + 'static,
{
    let (pool, health) = (state.pool.clone(), state.health.clone());
    #[cfg(feature = "sqlite")]
    if let Some(writes) = state.writes.clone() {
        return blocking(move || {
            let a = first();
            let result = writes.run(&pool, move |conn| f(conn, a));
            health.record(&result, true);
            result
        })
        .await;
    }
    blocking(move || {
        let a = first();
        let result = pooled(&pool, &health, move |conn| f(conn, a));
        health.record(&result, true);
        result
    })
    .await
}

/// The per-request context of every page: language, where we are, the CSRF token
/// for its forms and the signed-in name (display only: rights come from `Principal`).
pub struct Ctx {
    pub lang: Lang,
    pub path: String,
    pub csrf: String,
    pub username: Option<String>,
}

impl Ctx {
    pub fn from_request(req: &HttpRequest) -> Ctx {
        use actix_session::SessionExt;
        let session = req.get_session();
        Ctx {
            csrf: auth::csrf_token(&session),
            username: session.get::<String>(auth::S_NAME).ok().flatten(),
            lang: i18n::negotiate(req),
            path: req
                .uri()
                .path_and_query()
                .map(|p| p.as_str().to_owned())
                .unwrap_or_else(|| "/".to_owned()),
        }
    }

    /// The words of the pages in `lang` without a request: for the command line.
    pub fn in_lang(lang: Lang) -> Ctx {
        Ctx {
            lang,
            path: String::new(),
            csrf: String::new(),
            username: None,
        }
    }

    /// Translates a message id.
    pub fn t(&self, key: &str) -> String {
        i18n::tr(self.lang, key)
    }

    /// Translates a message id with one named argument.
    pub fn t1(&self, key: &str, name: &'static str, value: &dyn std::fmt::Display) -> String {
        i18n::tr_args(self.lang, key, &[(name, value.to_string())])
    }

    /// Translates a message id with a count `n` only (its `[one]` or `*[other]` form).
    pub fn t_count(&self, key: &str, n: usize) -> String {
        i18n::tr_count(self.lang, key, n, &[])
    }

    /// Translates a message id with a count `n` (its `[one]` or `*[other]` form) and
    /// one named argument.
    pub fn tn(
        &self,
        key: &str,
        n: usize,
        name: &'static str,
        value: &dyn std::fmt::Display,
    ) -> String {
        i18n::tr_count(self.lang, key, n, &[(name, value.to_string())])
    }

    pub fn lang_code(&self) -> &'static str {
        self.lang.code()
    }

    /// URL of an embedded asset, cache-busted by its content hash.
    pub fn asset(&self, name: &str) -> String {
        assets::url(name)
    }

    /// The language switcher's link for `code`, coming back to this page.
    pub fn switch_url(&self, code: &str) -> String {
        format!("/idioma/{code}?next={}", percent_encode(&self.path))
    }

    /// The languages offered by the switcher: (code, name, is current).
    pub fn languages(&self) -> [(&'static str, &'static str, bool); 3] {
        [
            ("es", "Español", self.lang == Lang::Es),
            ("ca", "Català", self.lang == Lang::Ca),
            ("en", "English", self.lang == Lang::En),
        ]
    }

    /// The five games, by slug and by name in the page's language.
    pub fn game_choices(&self) -> Vec<(&'static str, String)> {
        crate::domain::GameKind::ALL
            .iter()
            .map(|g| (g.slug(), self.t(&format!("game-{}", g.slug()))))
            .collect()
    }

    /// Whether the navigation link `prefix` is the current section.
    pub fn here(&self, prefix: &str) -> bool {
        if prefix == "/" {
            self.path == "/" || self.path.starts_with("/?")
        } else {
            self.path.starts_with(prefix)
        }
    }
}

/// The fields of a posted form that may carry a file: a `multipart/form-data` body or
/// an urlencoded one (pasted text).
pub struct SentFields(Vec<(String, Vec<u8>)>);

impl SentFields {
    /// Reads the body by its content type; a 400 when it is not well formed.
    pub fn read(req: &HttpRequest, body: &[u8]) -> Result<SentFields, AppError> {
        let content_type = req
            .headers()
            .get(actix_web::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let fields = if content_type.starts_with("multipart/form-data") {
            multipart_fields(content_type, body)
                .ok_or_else(|| AppError::BadRequest(Malformed::Multipart("multipart")))?
        } else {
            serde_html_form::from_bytes::<Vec<(String, String)>>(body)
                .map_err(|e| AppError::BadRequest(Malformed::Form(e.to_string())))?
                .into_iter()
                .map(|(k, v)| (k, v.into_bytes()))
                .collect()
        };
        Ok(SentFields(fields))
    }

    /// The first field `name` that is not blank (a file input left empty sends one).
    pub fn filled(&self, name: &str) -> Option<Vec<u8>> {
        self.0
            .iter()
            .find(|(k, v)| k == name && !v.iter().all(u8::is_ascii_whitespace))
            .map(|(_, v)| v.clone())
    }
}

/// The fields of a `multipart/form-data` body (name, content): enough for a form
/// with a file input, without a multipart crate. `None` when it is not well formed.
pub fn multipart_fields(content_type: &str, body: &[u8]) -> Option<Vec<(String, Vec<u8>)>> {
    Some(
        multipart_parts(content_type, body)?
            .into_iter()
            .map(|p| (p.name, p.content))
            .collect(),
    )
}

/// One part of a multipart body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub name: String,
    /// The file name, for a file input's part.
    pub filename: Option<String>,
    pub content: Vec<u8>,
}

/// The parts of a `multipart/form-data` body; `None` when it is not well formed.
pub fn multipart_parts(content_type: &str, body: &[u8]) -> Option<Vec<Part>> {
    let boundary = content_type
        .split(';')
        .find_map(|p| p.trim().strip_prefix("boundary="))?
        .trim_matches('"');
    if boundary.is_empty() {
        return None;
    }
    let delimiter = format!("--{boundary}");
    let find = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).position(|w| w == needle);
    let mut rest = body;
    let mut parts = Vec::new();
    let start = find(rest, delimiter.as_bytes())?;
    rest = rest.get(start + delimiter.len()..)?;
    loop {
        if rest.starts_with(b"--") {
            return Some(parts);
        }
        rest = rest.strip_prefix(b"\r\n")?;
        let end = find(rest, delimiter.as_bytes())?;
        let part = rest.get(..end)?;
        let split = find(part, b"\r\n\r\n")?;
        let headers = std::str::from_utf8(part.get(..split)?).ok()?;
        let mut content = part.get(split + 4..)?;
        if let Some(c) = content.strip_suffix(b"\r\n") {
            content = c;
        }
        let disposition = headers
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))?;
        let param = |key: &str| {
            disposition
                .split(';')
                .find_map(|p| p.trim().strip_prefix(key))
                .map(|v| v.trim_matches('"').to_owned())
        };
        parts.push(Part {
            name: param("name=")?,
            filename: param("filename="),
            content: content.to_vec(),
        });
        rest = rest.get(end + delimiter.len()..)?;
    }
}

/// Parses a numeric id from the URL; anything else is a 404.
pub fn parse_id(raw: &str) -> Result<i32, AppError> {
    raw.parse::<i32>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or(AppError::NotFound)
}

/// A whole number typed in a form, blank for 0; `None` when it is not one up to `max`.
pub fn count_up_to(typed: &str, max: u32) -> Option<u32> {
    match typed.trim() {
        "" => Some(0),
        s => s.parse::<u32>().ok().filter(|v| *v <= max),
    }
}

/// A number typed in a form; when it is not one, a refusal (`unacceptable`) that
/// names what was typed.
pub fn typed_number<T: std::str::FromStr>(
    typed: &str,
    unacceptable: fn(String) -> crate::error::Unacceptable,
) -> Result<T, AppError> {
    typed
        .trim()
        .parse::<T>()
        .map_err(|_| AppError::from(unacceptable(typed.to_owned())))
}

/// Percent-encodes everything but unreserved characters and `/`.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Renders a full page as a 200 response.
pub fn render<T: Template>(tpl: &T) -> Result<HttpResponse, AppError> {
    render_status(tpl, StatusCode::OK)
}

pub fn render_status<T: Template>(tpl: &T, status: StatusCode) -> Result<HttpResponse, AppError> {
    let html = tpl
        .render()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("template: {e}")))?;
    Ok(html_response(html, status))
}

/// A page rendered by its handler, answering `status`.
pub fn html_response(html: String, status: StatusCode) -> HttpResponse {
    let mut res = HttpResponse::build(status);
    // A page the handler rendered itself (a form with its errors) is final.
    res.extensions_mut().insert(Rendered);
    if status == StatusCode::OK {
        // Revalidated on every view; unchanged pages answer 304 (`conditional_get`).
        res.insert_header((header::ETAG, etag_of(html.as_bytes())));
        res.insert_header((header::CACHE_CONTROL, "no-cache"));
    }
    res.content_type("text/html; charset=utf-8").body(html)
}

/// A weak validator for a rendered page: a hash of its bytes.
pub fn etag_of(body: &[u8]) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    body.hash(&mut h);
    format!("W/\"{:016x}\"", h.finish())
}

/// `If-None-Match` on a GET whose page has not changed: 304 with no body (public
/// pages refreshed by wall screens and phones cost no bandwidth when nothing moved).
pub async fn conditional_get(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let is_get = matches!(
        *req.method(),
        actix_web::http::Method::GET | actix_web::http::Method::HEAD
    );
    let wanted = header_text(req.headers(), header::IF_NONE_MATCH).map(str::to_owned);
    let res = next.call(req).await?;
    if is_get
        && res.status() == StatusCode::OK
        && let Some(wanted) = wanted
        && let Some(tag) = header_text(res.headers(), header::ETAG).map(str::to_owned)
    {
        let bare = |t: &str| t.trim().trim_start_matches("W/").to_owned();
        if wanted
            .split(',')
            .any(|t| t.trim() == "*" || bare(t) == bare(&tag))
        {
            let (req, _) = res.into_parts();
            let not_modified = HttpResponse::NotModified()
                .insert_header((header::ETAG, tag))
                .insert_header((header::CACHE_CONTROL, "no-cache"))
                .finish();
            return Ok(ServiceResponse::new(req, not_modified).map_into_right_body());
        }
    }
    Ok(res.map_into_left_body())
}

/// Marks a response whose error body is already final (so `render_errors` keeps it).
#[derive(Clone, Copy)]
pub struct Rendered;

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    ctx: &'a Ctx,
    status: u16,
    title: String,
    message: String,
    detail: Option<String>,
}

/// The Fluent key and detail of an error response made by anyone (our `AppError`,
/// or actix's extractors and router).
fn describe<B>(res: &HttpResponse<B>, lang: crate::domain::Lang) -> (&'static str, Option<String>) {
    if let Some(app) = res.error().and_then(|e| e.as_error::<AppError>()) {
        return app.describe(lang);
    }
    let detail = res.error().map(|e| e.to_string()).filter(|d| !d.is_empty());
    match res.status() {
        StatusCode::NOT_FOUND => ("error-not-found", None),
        StatusCode::METHOD_NOT_ALLOWED => ("error-method", None),
        StatusCode::PAYLOAD_TOO_LARGE => ("error-too-large", None),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ("error-media-type", detail),
        s if s.is_server_error() => ("error-internal", None),
        _ => ("error-bad-request", detail),
    }
}

/// Middleware: every 4xx/5xx leaves as a localized page (HTML) or, under `/api/`,
/// as `{"error": key, "message": ..., "detail": ...}` (and a correction waiting for
/// its confirm, `"hindsight"`: who would have met with it).
pub async fn render_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let api = req.path().starts_with("/api/");
    let res = next.call(req).await?;
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error())
        || res.response().extensions().get::<Rendered>().is_some()
    {
        return Ok(res.map_into_left_body());
    }
    // After the request: the session as the inner middleware left it.
    let ctx = Ctx::from_request(res.request());
    let (key, detail) = describe(res.response(), ctx.lang);
    // An extractor's own words (English, naming fields) are for the API's callers; a
    // page shows only what Baza itself says.
    let ours = res
        .response()
        .error()
        .is_some_and(|e| e.as_error::<AppError>().is_some());
    // A page asked for while the database is away saved nothing and lost nothing.
    let reading = matches!(
        *res.request().method(),
        actix_web::http::Method::GET | actix_web::http::Method::HEAD
    );
    let message = match key {
        "error-database-away" if reading => ctx.t("error-database-away-read"),
        _ => ctx.t(key),
    };
    let mut new = if api {
        let mut body = serde_json::json!({
            "error": key.trim_start_matches("error-"),
            "message": message,
            "detail": detail,
        });
        // A correction waiting for its confirm also says who would have met.
        if let Some(AppError::Refused(crate::domain::refusal::Refusal::CorrectionConfirmApi(
            _,
            seen,
        ))) = res
            .response()
            .error()
            .and_then(|e| e.as_error::<AppError>())
        {
            body["hindsight"] = game::hindsight_json(ctx.lang, seen);
        }
        HttpResponse::build(status).json(body)
    } else {
        let page = ErrorPage {
            ctx: &ctx,
            status: status.as_u16(),
            title: ctx.t("error-title"),
            message,
            detail: detail.filter(|_| ours),
        };
        match page.render() {
            Ok(html) => HttpResponse::build(status)
                .content_type("text/html; charset=utf-8")
                .body(html),
            Err(_) => HttpResponse::build(status).body(ctx.t(key)),
        }
    };
    // Keep headers such as Allow on 405 and Retry-After.
    for (name, value) in res.response().headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            new.headers_mut().insert(name.clone(), value.clone());
        }
    }
    new.headers_mut().insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(ctx.lang_code()),
    );
    Ok(res.into_response(new).map_into_right_body())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_multipart_form_gives_its_fields_and_a_broken_one_gives_none() {
        let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nabc\r\n--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"m.json\"\r\nContent-Type: application/json\r\n\r\n{\"a\": 1}\r\n--XyZ--\r\n";
        let fields = multipart_fields("multipart/form-data; boundary=XyZ", body).unwrap();
        assert_eq!(fields.len(), 2);
        assert_eq!(fields[0], ("csrf".to_owned(), b"abc".to_vec()));
        assert_eq!(fields[1], ("file".to_owned(), b"{\"a\": 1}".to_vec()));
        assert!(
            multipart_fields("multipart/form-data; boundary=XyZ", b"--XyZ\r\nnonsense").is_none()
        );
        assert!(multipart_fields("multipart/form-data", body).is_none());
    }

    #[test]
    fn percent_encoding_keeps_paths_readable_and_escapes_the_rest() {
        assert_eq!(percent_encode("/eventos/1"), "/eventos/1");
        assert_eq!(percent_encode("/a?b=c&d"), "/a%3Fb%3Dc%26d");
        assert_eq!(percent_encode("/ñ"), "/%C3%B1");
    }
}
