//! Who is asking, and what they may do: sessions (a secret in a signed, encrypted
//! cookie, valid while its row in `sessions` is), table PINs granted to a browser,
//! API tokens, CSRF, and the one policy function every handler calls
//! (`Principal::require`). Passwords and sessions opened are the service's
//! ([`crate::service::account`]), and so are the secrets' checks and their throttling
//! ([`crate::service::throttle`]).

use std::future::Future;
use std::pin::Pin;

use actix_session::{Session, SessionExt};
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse, web};

use super::asks::Asks;
use super::requests::header_text;
use super::{AppState, db};
use crate::db::accounts::{self, User};
use crate::domain::account::same_secret;
use crate::error::AppError;
use crate::service::account::{SessionLimits, token_hash};
use crate::service::random_hex;

/// The session secret; the database keeps its SHA-256 (`sessions.token_hash`).
pub const S_SID: &str = "sid";
pub const S_NAME: &str = "uname";
pub const S_CSRF: &str = "csrf";
pub const S_TABLES: &str = "tables";
pub const S_GAMES: &str = "games";
/// Session key: this browser was signed in and its session ended (expired, or ended
/// elsewhere), until the next sign-in.
pub const S_SIGNED_OUT: &str = "signed_out";
/// The form field and the header that carry the CSRF token.
pub const CSRF_FIELD: &str = "csrf";
pub const CSRF_HEADER: &str = "x-csrf-token";

/// A session's `last_seen` is written at most this often (a page view is not a write).
const TOUCH_EVERY_SECONDS: i64 = 60;

/// The user of the session stored under `hash`, if it is still valid now: not
/// ended, not idle past `limits.idle`, not older than `limits.lifetime`, of an
/// account that is not disabled. An expired session is removed.
pub fn session_user(
    conn: &mut crate::db::DbConn,
    hash: &str,
    limits: SessionLimits,
    now: chrono::NaiveDateTime,
) -> Result<Option<User>, AppError> {
    let Some((row, user)) = accounts::find_session(conn, hash)? else {
        return Ok(None);
    };
    let valid = user.disabled_at.is_none()
        && now - row.last_seen <= limits.idle
        && now - row.created_at <= limits.lifetime;
    if !valid {
        accounts::end_session(conn, hash)?;
        return Ok(None);
    }
    if now - row.last_seen >= chrono::Duration::seconds(TOUCH_EVERY_SECONDS) {
        accounts::touch_session(conn, hash, now)?;
    }
    Ok(Some(user))
}

// The roles, where the pages reach them.
pub use crate::domain::account::Role;

/// A signed-in user, as checked against the database on this request.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub id: i32,
    pub username: String,
    pub role: Role,
    pub club_id: Option<i32>,
}

impl SignedIn {
    fn from_user(u: &User) -> Option<SignedIn> {
        Some(SignedIn {
            id: u.id,
            username: u.username.clone(),
            role: Role::parse(&u.role)?,
            club_id: u.club_id,
        })
    }

    /// The actor string of the audit log.
    pub fn actor(&self) -> String {
        format!("user:{}:{}", self.id, self.username)
    }
}

/// What an action needs.
#[derive(Debug, Clone, Copy)]
pub enum Perm {
    /// Create users, see every club.
    ManageUsers,
    /// Players, pairs, championships and rounds of a club.
    ManageClub(i32),
    /// Enter or correct the result of a match of a club's championship.
    RecordResult {
        club_id: i32,
        match_id: i32,
        finished: bool,
    },
    /// Read a club's audit log.
    ReadAudit(i32),
    /// Anything a signed-in user may do to their own account.
    OwnAccount,
    /// Start a game at a club table.
    CreateGame(i32),
    /// Enter, correct or remove the hands of a club game.
    RecordGame { club_id: i32, game_id: i32 },
}

/// Who is making the request: maybe a user, maybe a scorekeeper holding table
/// PINs, maybe nobody (the public).
#[derive(Debug, Clone, Default)]
pub struct Principal {
    pub user: Option<SignedIn>,
    /// Matches whose table PIN this browser entered.
    pub tables: Vec<i32>,
    /// Club games whose PIN this browser entered.
    pub games: Vec<i32>,
    /// Whether the request came through the API (token, no cookies).
    pub api: bool,
    /// The token used, for the audit log.
    pub token_id: Option<i32>,
    /// The signed-in session's key (`sessions.token_hash`).
    pub session_hash: Option<String>,
    /// This browser was signed in and its session ended: what needs an account
    /// asks it to sign in again, not for a PIN.
    pub signed_out: bool,
}

impl Principal {
    /// What the signed-in account's role and club allow, whatever PINs this browser
    /// holds: the club's staff (who may correct a confirmed table), not a player who
    /// happens to have an account and typed the PIN of the table they play at.
    pub fn staff_allows(&self, perm: Perm) -> bool {
        let Some(u) = &self.user else {
            return false;
        };
        let own_club = |c: i32| u.club_id == Some(c);
        match (u.role, perm) {
            (Role::Admin, _) => true,
            (_, Perm::OwnAccount) => true,
            (Role::Organiser, Perm::ManageClub(c)) => own_club(c),
            (Role::Organiser | Role::Referee, Perm::RecordResult { club_id, .. }) => {
                own_club(club_id)
            }
            (Role::Organiser | Role::Referee, Perm::ReadAudit(c)) => own_club(c),
            (Role::Organiser | Role::Referee, Perm::CreateGame(c)) => own_club(c),
            (Role::Organiser | Role::Referee, Perm::RecordGame { club_id, .. }) => {
                own_club(club_id)
            }
            _ => false,
        }
    }

    /// The one policy of Baza: who may do what.
    pub fn allows(&self, perm: Perm) -> bool {
        if self.staff_allows(perm) {
            return true;
        }
        match perm {
            // A scorekeeper enters the result of their own table, once; corrections
            // of a finished match are a referee's.
            Perm::RecordResult {
                match_id,
                finished: false,
                ..
            } => self.tables.contains(&match_id),
            // The game's PIN lets a scorekeeper keep that game's score.
            Perm::RecordGame { game_id, .. } => self.games.contains(&game_id),
            _ => false,
        }
    }

    /// `Ok` when allowed; otherwise the public is sent to log in (401 on the API)
    /// and everybody else gets 403.
    pub fn require(&self, perm: Perm, here: &str) -> Result<(), AppError> {
        if self.allows(perm) {
            return Ok(());
        }
        if self.user.is_none() && self.tables.is_empty() && self.games.is_empty() {
            if self.api {
                return Err(AppError::Unauthorized);
            }
            return Err(AppError::LoginRequired(here.to_owned()));
        }
        Err(AppError::Forbidden)
    }

    /// Not signed in and holding no PIN: one of the public, who all see the same page.
    pub fn is_anonymous(&self) -> bool {
        self.user.is_none() && self.tables.is_empty() && self.games.is_empty() && !self.api
    }

    pub fn actor(&self) -> String {
        match (&self.user, self.token_id) {
            (Some(u), Some(t)) => format!("{} (token {t})", u.actor()),
            (Some(u), None) => u.actor(),
            (None, _) if self.games.is_empty() => format!("scorekeeper:tables {:?}", self.tables),
            (None, _) => format!("scorekeeper:games {:?}", self.games),
        }
    }
}

async fn principal_from(req: HttpRequest) -> Result<Principal, AppError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("no app state")))?;
    if req.path().starts_with("/api/") {
        if let Some(ApiChecked(who)) = req.extensions().get::<ApiChecked>().cloned() {
            return Ok(who);
        }
        // The API takes tokens only: no cookies, so no cross-site requests.
        let Some(token) = header_text(req.headers(), header::AUTHORIZATION)
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| token_hash(t.trim()))
        else {
            return Ok(Principal {
                api: true,
                ..Principal::default()
            });
        };
        let found = db(&state, move |conn| {
            Ok(accounts::user_by_token(conn, &token)?)
        })
        .await?;
        return match found {
            Some((token_id, user)) => Ok(Principal {
                user: SignedIn::from_user(&user),
                tables: Vec::new(),
                games: Vec::new(),
                api: true,
                token_id: Some(token_id),
                session_hash: None,
                signed_out: false,
            }),
            None => Err(AppError::Unauthorized),
        };
    }
    let session = req.get_session();
    let tables = session_list(&session, S_TABLES);
    let games = session_list(&session, S_GAMES);
    let already = req.extensions().get::<CheckedSession>().cloned();
    let checked = match already {
        Some(c) => c,
        None => check_session(&state, &session).await?,
    };
    let (user, session_hash) = match checked.0 {
        Some((hash, u)) => (SignedIn::from_user(&u), Some(hash)),
        None => (None, None),
    };
    let signed_out = user.is_none()
        && session
            .get::<bool>(S_SIGNED_OUT)
            .ok()
            .flatten()
            .unwrap_or(false);
    Ok(Principal {
        user,
        tables,
        games,
        api: false,
        token_id: None,
        session_hash,
        signed_out,
    })
}

/// This request's session, checked against the database once: its key and user
/// while valid.
#[derive(Clone)]
struct CheckedSession(Option<(String, User)>);

/// Checks the session of the cookie, if it names one; a session that has ended
/// (logout, expiry, ended elsewhere, account disabled or unknown role) is forgotten
/// by the cookie too.
async fn check_session(state: &AppState, session: &Session) -> Result<CheckedSession, AppError> {
    let Some(hash) = session
        .get::<String>(S_SID)
        .ok()
        .flatten()
        .map(|sid| token_hash(&sid))
    else {
        return Ok(CheckedSession(None));
    };
    let limits = state.sessions;
    let now = super::requests::now();
    let key = hash.clone();
    let user = db(state, move |conn| session_user(conn, &key, limits, now)).await?;
    match user.filter(|u| SignedIn::from_user(u).is_some()) {
        Some(u) => Ok(CheckedSession(Some((hash, u)))),
        None => {
            session.remove(S_SID);
            session.remove(S_NAME);
            let _ = session.insert(S_SIGNED_OUT, true);
            Ok(CheckedSession(None))
        }
    }
}

/// Middleware: checks the session of every page request before anything reads it,
/// so that a page never greets by name a session that has ended, and the PINs it
/// holds against the PINs stored now (static files and the health check need
/// nobody). An API write's token is checked here too, before its body is read.
pub async fn session_check(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let path = req.path();
    // The page saying that this phone's PIN was changed asks for the new one.
    let pin_changed = super::done::says(req.query_string(), super::done::Done::PinChanged);
    if path.starts_with("/api/") && is_write(req.method()) && !public_api(path) {
        // The token first: a stranger's body is refused before it is read.
        match principal_from(req.request().clone()).await {
            Ok(who) if who.user.is_some() => {
                req.extensions_mut().insert(ApiChecked(who));
            }
            Ok(_) => {
                return Ok(req
                    .error_response(AppError::Unauthorized)
                    .map_into_right_body());
            }
            Err(e) => return Ok(req.error_response(e).map_into_right_body()),
        }
    } else if !path.starts_with("/api/")
        && !path.starts_with("/static/")
        && path != "/health"
        && let Some(state) = req.app_data::<web::Data<AppState>>().cloned()
    {
        match check_session(&state, &req.get_session()).await {
            Ok(checked) => {
                req.extensions_mut().insert(checked);
            }
            // An answer (the database away: a 503), which `render_errors` words.
            Err(e) => return Ok(req.error_response(e).map_into_right_body()),
        }
        match check_grants(&state, &req).await {
            Ok(Some(page)) => {
                let res = Asks::Pin.mark(super::account::see_other(&page));
                return Ok(req.into_response(res).map_into_right_body());
            }
            Ok(None) => {}
            Err(e) => return Ok(req.error_response(e).map_into_right_body()),
        }
    }
    let mut res = next.call(req).await?;
    if pin_changed && res.status().is_success() {
        Asks::Pin.mark_headers(res.headers_mut());
    }
    Ok(res.map_into_left_body())
}

/// The API's routes open to anyone: the hand checker, and the old address of a
/// result, which only sends on to the new one.
fn public_api(path: &str) -> bool {
    path == "/api/v1/check" || path.starts_with("/api/v1/matches/")
}

/// The API request's principal, its token checked before its body was read.
#[derive(Clone)]
struct ApiChecked(Principal);

/// Checks the PINs this browser holds against the database (see
/// [`super::grants`]): those changed since are forgotten. The first request about a
/// place whose PIN changed (a later partida of a match counts as its first, whose
/// grant opened it) is sent to that place's page, which says so and asks for the PIN
/// again: the address to send it to.
async fn check_grants(state: &AppState, req: &ServiceRequest) -> Result<Option<String>, AppError> {
    use super::grants;
    let session = req.get_session();
    let held = grants::Held::of(&session);
    if held.has_grants() {
        let asked = held.clone();
        let checked = db(state, move |conn| grants::check(conn, &asked)).await?;
        if checked.kept != held {
            grants::keep_only(&session, &checked)?;
        }
    }
    let mut page = grants::take_ended(&session, req.path())?;
    if page.is_none() && grants::any_ended(&session) {
        let path = req.path().to_owned();
        if let Some(first) = db(state, move |conn| grants::as_first_partida(conn, &path)).await? {
            page = grants::take_ended(&session, &first)?;
        }
    }
    Ok(page.map(|p| super::done::with_done(&p, super::done::Done::PinChanged)))
}

impl FromRequest for Principal {
    type Error = AppError;
    type Future = Pin<Box<dyn Future<Output = Result<Principal, AppError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        Box::pin(principal_from(req.clone()))
    }
}

/// The session's CSRF token, created on first use.
pub fn csrf_token(session: &Session) -> String {
    if let Some(t) = session.get::<String>(S_CSRF).ok().flatten() {
        return t;
    }
    let token = random_hex(32).unwrap_or_default();
    let _ = session.insert(S_CSRF, &token);
    token
}

/// Signs a user in with the secret of a session made by [`open_session`](crate::service::account::open_session): a fresh
/// cookie (no fixation), a fresh CSRF token.
pub fn sign_in(session: &Session, user: &User, sid: &str) -> Result<(), AppError> {
    let tables = session.get::<Vec<i32>>(S_TABLES).ok().flatten();
    // The PINs this browser typed stay typed, with the fingerprints they were made from.
    let held: Vec<(&str, serde_json::Value)> = super::grants::GRANT_KEYS
        .iter()
        .filter_map(|k| Some((*k, session.get::<serde_json::Value>(k).ok().flatten()?)))
        .collect();
    session.renew();
    session.clear();
    session_put(session, S_SID, sid)?;
    session_put(session, S_NAME, &user.username)?;
    session_put(session, S_CSRF, random_hex(32)?)?;
    if let Some(t) = tables {
        session_put(session, S_TABLES, t)?;
    }
    for (k, v) in held {
        session_put(session, k, v)?;
    }
    Ok(())
}

/// Grants this browser the right to score one table (`S_TABLES`) or one club
/// game (`S_GAMES`).
pub fn grant(session: &Session, key: &str, id: i32) -> Result<(), AppError> {
    let mut ids: Vec<i32> = session_list(session, key);
    if !ids.contains(&id) {
        ids.push(id);
    }
    session_put(session, key, ids)
}

/// The list the session keeps under `key`: empty when it keeps none, or none it can
/// read.
pub fn session_list<T: serde::de::DeserializeOwned>(session: &Session, key: &str) -> Vec<T> {
    session
        .get::<Vec<T>>(key)
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Keeps `value` in the session under `key`.
pub fn session_put<T: serde::Serialize>(
    session: &Session,
    key: &str,
    value: T,
) -> Result<(), AppError> {
    session
        .insert(key, value)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("session: {e}")))
}

fn is_write(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Whether `Origin`, when sent, is this very site.
fn same_origin(req: &ServiceRequest) -> bool {
    let Some(origin) = header_text(req.headers(), header::ORIGIN) else {
        return true;
    };
    let host = req.connection_info().host().to_owned();
    origin
        .split_once("://")
        .is_some_and(|(_, rest)| rest.trim_end_matches('/') == host)
}

/// Middleware: every state-changing request outside `/api/` must carry the session's
/// CSRF token (form field `csrf`, or header `X-CSRF-Token`) and come from this site.
pub async fn csrf_guard(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if !is_write(req.method()) || req.path().starts_with("/api/") {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body);
    }
    let expected = req.get_session().get::<String>(S_CSRF).ok().flatten();
    let mut given = header_text(req.headers(), CSRF_HEADER).map(str::to_owned);
    let content_type = header_text(req.headers(), header::CONTENT_TYPE)
        .unwrap_or("")
        .to_owned();
    let is_form = content_type.starts_with("application/x-www-form-urlencoded");
    if given.is_none() && content_type.starts_with("multipart/form-data") {
        let body = super::requests::read_body(&mut req).await?;
        given = super::multipart_fields(&content_type, &body).and_then(|fields| {
            fields
                .into_iter()
                .find(|(k, _)| k == CSRF_FIELD)
                .and_then(|(_, v)| String::from_utf8(v).ok())
        });
        req.set_payload(Payload::from(body));
    }
    if given.is_none() && is_form {
        // Read the form, find the token, and put the body back for the handler.
        let body = super::requests::read_body(&mut req).await?;
        given = serde_html_form::from_bytes::<Vec<(String, String)>>(&body)
            .ok()
            .and_then(|fields| {
                fields
                    .into_iter()
                    .find(|(k, _)| k == CSRF_FIELD)
                    .map(|(_, v)| v)
            });
        req.set_payload(Payload::from(body));
    }
    let ok = match (expected, given) {
        (Some(e), Some(g)) => same_secret(&e, &g) && same_origin(&req),
        _ => false,
    };
    if !ok {
        // Built from the error itself, so that `render_errors` can name it.
        let res = HttpResponse::from_error(AppError::Csrf);
        let (http_req, _) = req.into_parts();
        return Ok(ServiceResponse::new(http_req, res).map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn user(role: Role, club: Option<i32>) -> Principal {
        Principal {
            user: Some(SignedIn {
                id: 1,
                username: "u".into(),
                role,
                club_id: club,
            }),
            ..Principal::default()
        }
    }

    #[test]
    fn the_policy_gives_each_role_its_own_club_and_nothing_more() {
        let result = |club_id, finished| Perm::RecordResult {
            club_id,
            match_id: 9,
            finished,
        };
        let admin = user(Role::Admin, None);
        assert!(admin.allows(Perm::ManageUsers) && admin.allows(Perm::ManageClub(5)));
        let org = user(Role::Organiser, Some(1));
        assert!(org.allows(Perm::ManageClub(1)) && !org.allows(Perm::ManageClub(2)));
        assert!(org.allows(result(1, true)) && !org.allows(Perm::ManageUsers));
        let referee = user(Role::Referee, Some(1));
        assert!(referee.allows(result(1, true)) && !referee.allows(result(2, false)));
        assert!(!referee.allows(Perm::ManageClub(1)) && referee.allows(Perm::ReadAudit(1)));
        let nobody_club = user(Role::Organiser, None);
        assert!(!nobody_club.allows(Perm::ManageClub(1)));
        let scorekeeper = Principal {
            tables: vec![9],
            ..Principal::default()
        };
        assert!(scorekeeper.allows(result(1, false)));
        assert!(
            !scorekeeper.allows(result(1, true)),
            "corrections are a referee's"
        );
        assert!(!scorekeeper.allows(Perm::ReadAudit(1)));
        let public = Principal::default();
        assert!(matches!(
            public.require(Perm::ManageClub(1), "/x"),
            Err(AppError::LoginRequired(_))
        ));
        assert!(matches!(
            referee.require(Perm::ManageClub(1), "/x"),
            Err(AppError::Forbidden)
        ));
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd") && !same_secret("abc", "ab"));
        assert_eq!(token_hash("x").len(), 64);
    }
}
