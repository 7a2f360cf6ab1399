//! Static assets embedded in the binary, so `baza` runs from any directory.
//! URLs carry a content hash (`?v=…`) and are cached for a year.

use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use super::requests::header_text;
use crate::error::AppError;

struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// The asset `name`, of type `content_type`, from the file `static/PATH`.
macro_rules! asset {
    ($name:literal, $content_type:expr, $path:literal) => {
        Asset {
            name: $name,
            content_type: $content_type,
            body: include_bytes!(concat!("../../static/", $path)),
        }
    };
}

const ASSETS: &[Asset] = &[
    asset!("app.css", CSS, "css/app.css"),
    asset!("print.css", CSS, "css/print.css"),
    asset!("pending.js", JS, "js/pending.js"),
    asset!("sw.js", JS, "js/sw.js"),
    asset!("live.js", JS, "js/live.js"),
    asset!("options.js", JS, "js/options.js"),
    asset!("people.js", JS, "js/people.js"),
    asset!("find_table.js", JS, "js/find_table.js"),
    asset!("entrants.js", JS, "js/entrants.js"),
    asset!("hand_form.js", JS, "js/hand_form.js"),
    asset!("favicon.svg", SVG, "favicon.svg"),
];

/// FNV-1a: a stable content hash for cache busting and ETags.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100000001b3)
    })
}

static HASHES: LazyLock<Vec<String>> = LazyLock::new(|| {
    ASSETS
        .iter()
        .map(|a| format!("{:012x}", fnv1a(a.body) >> 16))
        .collect()
});

fn find(name: &str) -> Option<(&'static Asset, &'static str)> {
    let i = ASSETS.iter().position(|a| a.name == name)?;
    Some((ASSETS.get(i)?, HASHES.get(i)?.as_str()))
}

/// The URL of an asset; unknown names give a plain path (and a 404 when fetched).
pub fn url(name: &str) -> String {
    match find(name) {
        Some((_, hash)) => format!("/static/{name}?v={hash}"),
        None => format!("/static/{name}"),
    }
}

pub async fn serve(req: HttpRequest, name: web::Path<String>) -> Result<HttpResponse, AppError> {
    let (asset, hash) = find(&name).ok_or(AppError::NotFound)?;
    let etag = format!("\"{hash}\"");
    let fresh = header_text(req.headers(), header::IF_NONE_MATCH)
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut res = if fresh {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"));
    if fresh {
        return Ok(res.finish());
    }
    Ok(res.content_type(asset.content_type).body(asset.body))
}

/// `GET /sw.js`: the service worker, from the root so that it may keep the pages of
/// the whole site; never cached by the browser's HTTP cache, so a new one is found.
pub async fn service_worker() -> Result<HttpResponse, AppError> {
    let (asset, _) = find("sw.js").ok_or(AppError::NotFound)?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .content_type(asset.content_type)
        .body(asset.body))
}
