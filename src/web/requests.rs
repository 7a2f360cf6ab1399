//! What a request may carry and how it is answered, whatever the route: the one rule
//! for redirect targets, text that must be UTF-8 (queries, forms, multipart text
//! fields), `HEAD` answered like `GET`, and the client's address for throttling.

use std::net::IpAddr;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, web};

use super::AppState;
use crate::error::AppError;
use crate::error::Malformed;

/// The value of header `name` among `headers`, when it is there and is text.
pub fn header_text(headers: &header::HeaderMap, name: impl header::AsHeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Where to send the browser after an action that names where it came from
/// (`next`): a path of this site, or the home page. Refused: anything not starting
/// with one `/`, `//` and `/\` (another host, to browsers), any backslash, any
/// control character (browsers drop tabs and newlines, so `/\t/x` would be `//x`).
/// What is kept goes out as plain ASCII: spaces and other bytes percent-encoded.
pub fn redirect_target(next: Option<&str>) -> String {
    let Some(next) = next else {
        return "/".to_owned();
    };
    let safe = next.starts_with('/')
        && !next.starts_with("//")
        && !next.contains('\\')
        && !next.chars().any(char::is_control);
    if !safe {
        return "/".to_owned();
    }
    let mut out = String::with_capacity(next.len());
    for b in next.bytes() {
        if b.is_ascii_graphic() {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Whether a query string or an `application/x-www-form-urlencoded` body is UTF-8
/// once its `%XX` escapes are decoded.
pub fn form_is_utf8(raw: &[u8]) -> bool {
    let hex = |b: u8| {
        char::from(b)
            .to_digit(16)
            .and_then(|d| u8::try_from(d).ok())
    };
    let mut decoded = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        if b == b'%'
            && let (Some(h), Some(l)) = (
                raw.get(i + 1).copied().and_then(hex),
                raw.get(i + 2).copied().and_then(hex),
            )
        {
            decoded.push(h * 16 + l);
            i += 3;
            continue;
        }
        decoded.push(b);
        i += 1;
    }
    std::str::from_utf8(&decoded).is_ok()
}

/// Whether every text field of a multipart body is UTF-8 (`None`: the body is not
/// well formed, which the handler answers). Files are left to their handlers, which
/// say what is wrong with the file.
pub fn multipart_text_is_utf8(content_type: &str, body: &[u8]) -> Option<bool> {
    let parts = super::multipart_parts(content_type, body)?;
    Some(
        parts
            .iter()
            .filter(|p| p.filename.is_none())
            .all(|p| std::str::from_utf8(&p.content).is_ok()),
    )
}

fn refuse_not_utf8<B>(req: ServiceRequest) -> ServiceResponse<EitherBody<B>> {
    // Built from the error itself, so that `render_errors` can say it in the
    // visitor's language.
    let res = HttpResponse::from_error(AppError::BadRequest(Malformed::NotUtf8));
    let (http_req, _) = req.into_parts();
    ServiceResponse::new(http_req, res).map_into_right_body()
}

/// The whole body of a request, for a middleware that reads it before the handler:
/// up to the app's limit, or up to a championship file's on the one page that takes
/// them (the handler puts the same limit on it) when someone is signed in: only the
/// staff import there, and nobody else makes the server hold a file that size.
pub async fn read_body(req: &mut ServiceRequest) -> Result<web::Bytes, actix_web::Error> {
    use actix_session::SessionExt;
    let signed_in = || {
        req.get_session()
            .get::<String>(super::auth::S_SID)
            .ok()
            .flatten()
            .is_some()
    };
    if !super::championship::takes_big_files(req.path()) || !signed_in() {
        return req.extract::<web::Bytes>().await;
    }
    req.extract::<web::Payload>()
        .await?
        .to_bytes_limited(super::championship::FILE_LIMIT)
        .await
        .map_err(|_| actix_web::error::ErrorPayloadTooLarge("upload too large"))?
}

/// Middleware: a query string, a form body or a multipart text field that is not
/// UTF-8 gets a 400 before any handler sees it (parsers would otherwise store it
/// with U+FFFD in place of the bytes).
pub async fn utf8_guard(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if !form_is_utf8(req.query_string().as_bytes()) {
        return Ok(refuse_not_utf8(req));
    }
    let content_type = header_text(req.headers(), header::CONTENT_TYPE)
        .unwrap_or("")
        .to_ascii_lowercase();
    let form = content_type.starts_with("application/x-www-form-urlencoded");
    let multipart = content_type.starts_with("multipart/form-data");
    if form || multipart {
        let body = read_body(&mut req).await?;
        let ok = if form {
            form_is_utf8(&body)
        } else {
            // The boundary is case-sensitive: read it from the header as sent.
            let sent = header_text(req.headers(), header::CONTENT_TYPE).unwrap_or("");
            multipart_text_is_utf8(sent, &body).unwrap_or(true)
        };
        req.set_payload(Payload::from(body));
        if !ok {
            return Ok(refuse_not_utf8(req));
        }
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// Middleware: `HEAD` is served by the `GET` route, so every page answers it with the
/// same status and headers; the HTTP layer sends no body for a `HEAD` request.
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}

/// The proxies (load balancers) whose forwarding headers are believed: addresses
/// and networks (`10.0.0.5`, `10.0.0.0/24`, `::1`). Empty, the default: nobody's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<(IpAddr, u8)>);

impl TrustedProxies {
    /// Reads `ADDR[,ADDR…]`, each an address or a network in CIDR notation.
    pub fn parse(list: &str) -> Result<TrustedProxies, String> {
        let mut nets = Vec::new();
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (addr, bits) = match item.split_once('/') {
                Some((a, b)) => (a, Some(b)),
                None => (item, None),
            };
            let ip: IpAddr = addr
                .trim_matches(|c| c == '[' || c == ']')
                .parse()
                .map_err(|_| format!("«{item}»: 10.0.0.5, 10.0.0.0/24, ::1"))?;
            let max = if ip.is_ipv4() { 32 } else { 128 };
            let bits = match bits {
                Some(b) => b
                    .parse::<u8>()
                    .ok()
                    .filter(|b| *b <= max)
                    .ok_or_else(|| format!("«{item}»: /0 … /{max}"))?,
                None => max,
            };
            nets.push((ip, bits));
        }
        if nets.is_empty() {
            return Err("10.0.0.5, 10.0.0.0/24, ::1".to_owned());
        }
        Ok(TrustedProxies(nets))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `ip` is one of the trusted proxies.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.0
            .iter()
            .any(|&(net, bits)| in_network(ip, canonical(net), bits))
    }
}

/// An IPv4 address written as IPv6 (`::ffff:10.0.0.5`) is the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

fn in_network(ip: IpAddr, net: IpAddr, bits: u8) -> bool {
    let (a, b, width) = match (ip, net) {
        (IpAddr::V4(a), IpAddr::V4(b)) => {
            (u128::from(u32::from(a)), u128::from(u32::from(b)), 32u32)
        }
        (IpAddr::V6(a), IpAddr::V6(b)) => (u128::from(a), u128::from(b), 128u32),
        _ => return false,
    };
    let bits = u32::from(bits).min(width);
    if bits == 0 {
        return true;
    }
    let shift = width - bits;
    (a >> shift) == (b >> shift)
}

/// The headers in which a proxy says who the client is and what it asked for.
const FORWARDING: [&str; 5] = [
    "forwarded",
    "x-forwarded-for",
    "x-forwarded-host",
    "x-forwarded-proto",
    "x-real-ip",
];

fn trusted_peer(req: &HttpRequest) -> bool {
    let proxies = req.app_data::<web::Data<AppState>>().map(|s| &s.proxies);
    match (proxies, req.peer_addr()) {
        (Some(p), Some(peer)) => p.trusts(peer.ip()),
        _ => false,
    }
}

/// Middleware: forwarding headers (`Forwarded`, `X-Forwarded-For`, `-Host`,
/// `-Proto`, `X-Real-IP`) are dropped unless the connection comes from a trusted
/// proxy, so that the host of printed links and QR codes, the scheme and the
/// address throttling counts are the client's own for everyone else. Runs first.
pub async fn forwarded_guard(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let present = FORWARDING.iter().any(|h| req.headers().contains_key(*h));
    if present && !trusted_peer(req.request()) {
        for h in FORWARDING {
            req.headers_mut().remove(h);
        }
    }
    next.call(req).await
}

/// The client's address for throttling. From a trusted proxy, the last address of
/// `X-Forwarded-For` that is not itself a trusted proxy (the one the outermost
/// proxy saw); otherwise the connection's. IPv6 addresses count by their /64
/// network, which one client usually has whole.
pub fn client_address(req: &HttpRequest) -> String {
    let peer = req.peer_addr().map(|a| a.ip());
    let from_proxy = if trusted_peer(req) {
        let proxies = req
            .app_data::<web::Data<AppState>>()
            .map(|s| s.proxies.clone());
        header_text(req.headers(), "x-forwarded-for").and_then(|v| {
            let chain: Vec<IpAddr> = v.split(',').filter_map(parse_address).collect();
            chain
                .iter()
                .rev()
                .find(|ip| !proxies.as_ref().is_some_and(|p| p.trusts(**ip)))
                .or_else(|| chain.first())
                .copied()
        })
    } else {
        None
    };
    match from_proxy.or(peer).map(canonical) {
        Some(IpAddr::V6(v6)) => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
        Some(ip) => ip.to_string(),
        None => "unknown".to_owned(),
    }
}

/// An address as proxies write it: `1.2.3.4`, `1.2.3.4:5678`, `::1`, `[::1]:80`,
/// or a `Forwarded` element such as `for="[::1]:80"`.
pub fn parse_address(raw: &str) -> Option<IpAddr> {
    let mut s = raw.trim();
    if let Some(pos) = s.to_ascii_lowercase().find("for=") {
        s = s
            .get(pos + 4..)?
            .split(';')
            .next()?
            .trim()
            .trim_matches('"');
    }
    if let Ok(ip) = s.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = s.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    s.rsplit_once(':')?.0.parse().ok()
}

pub use crate::service::now;

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_redirect_goes_to_a_path_of_this_site_or_home() {
        for hostile in [
            "//evil.example",
            "/\\evil.example",
            "/\t/evil.example",
            "/\r\nSet-Cookie: x=1",
            "/\u{0}x",
            "/\u{7f}x",
            "/\u{85}x",
            "https://evil.example/",
            "evil.example",
            "",
            "\\\\evil.example",
            "/a\\b",
        ] {
            assert_eq!(redirect_target(Some(hostile)), "/", "{hostile:?}");
        }
        assert_eq!(redirect_target(None), "/");
        assert_eq!(
            redirect_target(Some("/eventos/1?r=2#x")),
            "/eventos/1?r=2#x"
        );
        assert_eq!(redirect_target(Some("/jugador ñ")), "/jugador%20%C3%B1");
    }

    #[test]
    fn a_form_is_utf8_when_its_decoded_bytes_are() {
        assert!(form_is_utf8(b"name=Jos%C3%A9+P%C3%A9rez&x=%"));
        assert!(form_is_utf8(b"a=%zz%4"));
        assert!(!form_is_utf8(b"name=%FF%FE"));
        assert!(!form_is_utf8(b"name=\xff\xfe"));
        assert!(!form_is_utf8(b"name=%C3"));
    }

    #[test]
    fn multipart_text_fields_must_be_utf8_and_files_are_left_to_their_handler() {
        let ct = "multipart/form-data; boundary=B";
        let body = |field: &[u8], file: &[u8]| {
            let mut b = b"--B\r\nContent-Disposition: form-data; name=\"t\"\r\n\r\n".to_vec();
            b.extend_from_slice(field);
            b.extend_from_slice(b"\r\n--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\n");
            b.extend_from_slice(file);
            b.extend_from_slice(b"\r\n--B--\r\n");
            b
        };
        assert_eq!(
            multipart_text_is_utf8(ct, &body(b"ok", b"\xff")),
            Some(true)
        );
        assert_eq!(
            multipart_text_is_utf8(ct, &body(b"\xff", b"ok")),
            Some(false)
        );
        assert_eq!(multipart_text_is_utf8(ct, b"junk"), None);
    }

    #[test]
    fn proxy_addresses_are_read_in_every_usual_spelling() {
        let ip = |s: &str| parse_address(s).map(|a| a.to_string());
        assert_eq!(ip(" 203.0.113.7 ").as_deref(), Some("203.0.113.7"));
        assert_eq!(ip("203.0.113.7:4711").as_deref(), Some("203.0.113.7"));
        assert_eq!(ip("[2001:db8::1]:80").as_deref(), Some("2001:db8::1"));
        assert_eq!(ip("2001:db8::1").as_deref(), Some("2001:db8::1"));
        assert_eq!(
            ip("for=\"[2001:db8::1]:80\";proto=https").as_deref(),
            Some("2001:db8::1")
        );
        assert_eq!(ip("For=192.0.2.60").as_deref(), Some("192.0.2.60"));
        assert_eq!(ip("unknown"), None);
    }

    #[test]
    fn trusted_proxies_are_addresses_and_networks_of_either_family() {
        let p = TrustedProxies::parse("10.0.0.0/24, 192.0.2.7,::1, 2001:db8::/32").unwrap();
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert!(p.trusts(ip("10.0.0.200")));
        assert!(!p.trusts(ip("10.0.1.1")));
        assert!(p.trusts(ip("192.0.2.7")));
        assert!(!p.trusts(ip("192.0.2.8")));
        assert!(p.trusts(ip("::1")));
        assert!(p.trusts(ip("::ffff:10.0.0.9")));
        assert!(p.trusts(ip("2001:db8:ffff::1")));
        assert!(!p.trusts(ip("2001:db9::1")));
        assert!(!TrustedProxies::default().trusts(ip("127.0.0.1")));
        for bad in [
            "",
            "x",
            "10.0.0.0/33",
            "::1/129",
            "10.0.0.1/x",
            "X-Forwarded-For",
        ] {
            assert!(TrustedProxies::parse(bad).is_err(), "{bad}");
        }
        assert!(
            TrustedProxies::parse("0.0.0.0/0")
                .unwrap()
                .trusts(ip("8.8.8.8"))
        );
    }

    proptest! {
        #[test]
        fn any_next_gives_a_local_ascii_location(next in any::<String>()) {
            let target = redirect_target(Some(&next));
            prop_assert!(target.starts_with('/'));
            prop_assert!(!target.starts_with("//"));
            prop_assert!(!target.contains('\\'));
            prop_assert!(target.bytes().all(|b| b.is_ascii_graphic()));
            prop_assert!(header::HeaderValue::from_str(&target).is_ok());
        }

        #[test]
        fn any_bytes_are_judged_without_a_panic(raw in proptest::collection::vec(any::<u8>(), 0..256)) {
            let utf8 = form_is_utf8(&raw);
            if std::str::from_utf8(&raw).is_ok() && !raw.contains(&b'%') {
                prop_assert!(utf8);
            }
            let _ = multipart_text_is_utf8("multipart/form-data; boundary=B", &raw);
        }
    }
}
