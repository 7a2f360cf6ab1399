//! The public pages this process has rendered, kept under the stamp of their data.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use super::etag_of;

/// Public pages rendered by this process, each under the stamp of the data it was
/// rendered from (read from the database on every request, so several processes
/// behind a load balancer never serve a stale page: a cache hit costs one short
/// query instead of loading, ranking and rendering a championship). It holds at most
/// `budget` bytes of pages; past that, the pages viewed least recently go first, so
/// a federation's twenty running championships keep their busy pages.
pub struct PageCache {
    budget: usize,
    inner: std::sync::Mutex<Pages>,
}

#[derive(Default)]
struct Pages {
    /// Key → (stamp, page, when last viewed).
    map: std::collections::HashMap<String, (String, CachedPage, u64)>,
    bytes: usize,
    clock: u64,
}

impl Default for PageCache {
    fn default() -> PageCache {
        PageCache::with_budget(64 * 1024 * 1024)
    }
}

/// A rendered page: its bytes (shared, never copied), the same bytes gzipped once
/// when it was rendered, and an ETag for each (none for a page served per visitor).
#[derive(Clone)]
pub struct CachedPage {
    body: web::Bytes,
    etag: Option<String>,
    gzip: Option<(web::Bytes, String)>,
}

impl CachedPage {
    pub fn new(html: String) -> CachedPage {
        let etag = etag_of(html.as_bytes());
        let gzip = gzip(html.as_bytes()).map(|gz| {
            // Another representation, another validator (RFC 9110 §8.8.3).
            let tag = format!("{}-gz\"", etag.trim_end_matches('"'));
            (web::Bytes::from(gz), tag)
        });
        CachedPage {
            body: web::Bytes::from(html),
            etag: Some(etag),
            gzip,
        }
    }

    /// A page kept without its gzipped form or a validator: one served with a part
    /// that differs per visitor (see [`CachedPage::response_with`]).
    pub fn plain(html: String) -> CachedPage {
        CachedPage {
            etag: None,
            body: web::Bytes::from(html),
            gzip: None,
        }
    }

    /// The page with every `mark` in it replaced by `value` (a visitor's CSRF
    /// token): no validator, as the body is this visitor's; the `Compress`
    /// middleware gzips it for a client that takes it.
    pub fn response_with(&self, mark: &str, value: &str) -> HttpResponse {
        let body = match std::str::from_utf8(&self.body) {
            Ok(text) => web::Bytes::from(text.replace(mark, value)),
            Err(_) => self.body.clone(),
        };
        HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .content_type("text/html; charset=utf-8")
            .body(body)
    }

    /// The page, with the headers `render` gives: gzipped when the client takes it
    /// (the `Compress` middleware leaves a body that already has an encoding alone,
    /// so a cache hit compresses nothing).
    pub fn response(&self, req: &HttpRequest) -> HttpResponse {
        let mut res = HttpResponse::Ok();
        res.insert_header((header::CACHE_CONTROL, "no-cache"))
            .insert_header((header::VARY, "Accept-Encoding"))
            .content_type("text/html; charset=utf-8");
        match &self.gzip {
            Some((gz, tag)) if accepts_gzip(req) => res
                .insert_header((header::ETAG, tag.clone()))
                .insert_header((header::CONTENT_ENCODING, "gzip"))
                .body(gz.clone()),
            _ => {
                if let Some(tag) = &self.etag {
                    res.insert_header((header::ETAG, tag.clone()));
                }
                res.body(self.body.clone())
            }
        }
    }
}

/// `bytes` gzipped (`None` only if the encoder fails, when the page goes out plain),
/// at the fastest level: a page kept under a stamp that changes with every hand of a
/// round (the live page) is compressed again after each change, and the default level
/// cost several times as much CPU for a page about 40 % smaller.
fn gzip(bytes: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(bytes).ok()?;
    enc.finish().ok()
}

/// Whether the request's `Accept-Encoding` prefers gzip to the plain bytes, by the
/// same negotiation the `Compress` middleware does.
fn accepts_gzip(req: &HttpRequest) -> bool {
    use actix_web::HttpMessage;
    use header::{AcceptEncoding, Encoding};
    let Some(accept) = req.get_header::<AcceptEncoding>() else {
        return false;
    };
    accept.negotiate([Encoding::gzip(), Encoding::identity()].iter()) == Some(Encoding::gzip())
}

impl CachedPage {
    /// What it holds in memory: both representations.
    fn size(&self) -> usize {
        self.body.len() + self.gzip.as_ref().map_or(0, |(gz, _)| gz.len())
    }
}

impl PageCache {
    pub fn with_budget(budget: usize) -> PageCache {
        PageCache {
            budget,
            inner: Default::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Pages> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, key: &str, stamp: &str) -> Option<CachedPage> {
        let mut pages = self.lock();
        pages.clock += 1;
        let now = pages.clock;
        let (s, page, seen) = pages.map.get_mut(key)?;
        if s != stamp {
            return None;
        }
        *seen = now;
        Some(page.clone())
    }

    /// The page last kept under `key`, whatever data it was rendered from: what a
    /// visitor is shown while the database is away (it cannot say whether the page
    /// is still current).
    pub fn last(&self, key: &str) -> Option<CachedPage> {
        self.lock().map.get(key).map(|(_, page, _)| page.clone())
    }

    pub fn put(&self, key: String, stamp: String, page: CachedPage) {
        if page.size() > self.budget {
            return;
        }
        let mut pages = self.lock();
        pages.clock += 1;
        let now = pages.clock;
        pages.bytes += page.size();
        if let Some((_, old, _)) = pages.map.insert(key, (stamp, page, now)) {
            pages.bytes -= old.size();
        }
        while pages.bytes > self.budget {
            let Some(oldest) = pages
                .map
                .iter()
                .min_by_key(|(_, (_, _, seen))| *seen)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((_, gone, _)) = pages.map.remove(&oldest) {
                pages.bytes -= gone.size();
            }
        }
    }

    /// The most bytes of pages it keeps.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// How many pages and bytes it holds.
    pub fn usage(&self) -> (usize, usize) {
        let pages = self.lock();
        (pages.map.len(), pages.bytes)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_page_cache_keeps_to_its_budget_and_drops_the_page_viewed_least_recently() {
        let page = |c: char| CachedPage::new(c.to_string().repeat(1000));
        let one = page('a').size();
        let cache = PageCache::with_budget(3 * one);
        for (k, c) in [("a", 'a'), ("b", 'b'), ("c", 'c')] {
            cache.put(k.into(), "1".into(), page(c));
        }
        assert_eq!(cache.usage(), (3, 3 * one));
        // "a" is viewed, so "b" is now the one viewed least recently.
        assert!(cache.get("a", "1").is_some());
        cache.put("d".into(), "1".into(), page('d'));
        assert_eq!(cache.usage(), (3, 3 * one));
        assert!(cache.get("b", "1").is_none());
        assert!(cache.get("a", "1").is_some());
        assert!(cache.get("c", "1").is_some());
        // A newer rendering replaces the old one in place; an old stamp misses.
        cache.put("a".into(), "2".into(), page('e'));
        assert_eq!(cache.usage(), (3, 3 * one));
        assert!(cache.get("a", "1").is_none());
        assert!(cache.get("a", "2").is_some());
        // A page bigger than the whole budget is not kept, and costs the others nothing.
        let big = CachedPage::new("x".repeat(10_000));
        assert!(big.size() > 3 * one);
        cache.put("big".into(), "1".into(), big);
        assert_eq!(cache.usage(), (3, 3 * one));
        assert!(cache.get("big", "1").is_none());
    }
}
