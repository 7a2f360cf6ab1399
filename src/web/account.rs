//! Login, logout, the account page (password, API tokens) and user administration.

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::asks::Asks;
use super::auth::{self, Perm, Principal, Role};
use super::requests::{client_address, redirect_target};
use super::visit::{HttpResult, Visit};
use super::{AppState, Ctx, db, render, render_status};
use crate::db::accounts;
use crate::db::queries;
use crate::domain::account::{MIN_PASSWORD, UserFault, validate_new_user};
use crate::error::AppError;
use crate::service::account::{self, NewAccount, UserChange};
use crate::service::account::{LoginOutcome, sign_in_with_password};

pub use super::requests::now;

/// A 303 to `location`, through [`redirect_target`] like every redirect of Baza.
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, redirect_target(Some(location))))
        .finish()
}

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage<'a> {
    ctx: &'a Ctx,
    /// Where the sign-in goes, when the address asked for a place; without one it
    /// lands where the account's role works ([`landing`]).
    next: Option<String>,
    username: String,
    error: Option<String>,
}

#[derive(Deserialize)]
pub struct NextQuery {
    next: Option<String>,
}

pub async fn login_form(req: HttpRequest, query: web::Query<NextQuery>) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    render(&LoginPage {
        ctx: &ctx,
        next: query.next.as_deref().map(|n| redirect_target(Some(n))),
        username: String::new(),
        error: None,
    })
    .map(|res| Asks::SignIn.mark(res))
}

#[derive(Deserialize)]
pub struct LoginForm {
    username: String,
    password: String,
    next: Option<String>,
}

pub async fn login(
    Visit { req, state, .. }: Visit,
    session: Session,
    form: web::Form<LoginForm>,
) -> HttpResult {
    let form = form.into_inner();
    let next = form.next.as_deref().map(|n| redirect_target(Some(n)));
    let (username, password) = (form.username.trim().to_owned(), form.password);
    let name = username.clone();
    let addr = client_address(&req);
    let limits = state.sessions;
    let outcome = db(&state, move |conn| {
        sign_in_with_password(conn, (&name, &password), &addr, limits)
    })
    .await?;
    let ctx = Ctx::from_request(&req);
    let page = |error: &str| LoginPage {
        ctx: &ctx,
        next: next.clone(),
        username: username.clone(),
        error: Some(ctx.t(error)),
    };
    match outcome {
        LoginOutcome::Ok(user, sid) => {
            auth::sign_in(&session, &user, &sid)?;
            Ok(see_other(&next.unwrap_or_else(|| landing(&user))))
        }
        LoginOutcome::Wrong => render_status(&page("login-wrong"), StatusCode::UNAUTHORIZED)
            .map(|res| Asks::SignIn.mark(res)),
        LoginOutcome::Throttled => {
            render_status(&page("login-throttled"), StatusCode::TOO_MANY_REQUESTS)
                .map(|res| Asks::SignIn.mark(res))
        }
    }
}

/// Where a sign-in lands when no `next` was asked for: an organiser on her club's
/// page, a referee at the referee desk (where a disputed hand is built and ruled),
/// an administrator on the list of clubs (with the users and the register's merges
/// beside it); anyone else, such as an organiser whose club is gone, on the front
/// page.
fn landing(user: &accounts::User) -> String {
    match (Role::parse(&user.role), user.club_id) {
        (Some(Role::Organiser), Some(club)) => format!("/clubes/{club}"),
        (Some(Role::Referee), _) => "/arbitro".to_owned(),
        (Some(Role::Admin), _) => "/admin/clubes".to_owned(),
        _ => "/".to_owned(),
    }
}

/// Ends this browser's session on the server (a copy of the cookie is worth nothing
/// afterwards) and forgets the cookie.
pub async fn logout(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, AppError> {
    if let Some(sid) = session.get::<String>(auth::S_SID).ok().flatten() {
        let hash = account::token_hash(&sid);
        db(&state, move |conn| Ok(accounts::end_session(conn, &hash)?)).await?;
    }
    session.purge();
    Ok(see_other("/"))
}

/// "Close my other sessions": every session of this user but this browser's ends.
pub async fn close_other_sessions(Visit { req, state, who }: Visit) -> HttpResult {
    let user = own_account(&who, req.path())?;
    let keep = who.session_hash.clone().ok_or(AppError::Forbidden)?;
    db(&state, move |conn| {
        Ok(accounts::end_sessions_of(conn, user.id, Some(&keep))?)
    })
    .await?;
    Ok(see_other("/cuenta?cerradas=1"))
}

/// The signed-in user, who may see and change their own account at `here`.
fn own_account(who: &Principal, here: &str) -> Result<auth::SignedIn, AppError> {
    who.require(Perm::OwnAccount, here)?;
    who.user.clone().ok_or(AppError::Forbidden)
}

pub struct TokenLine {
    pub id: i32,
    pub name: String,
    pub created: String,
    pub revoked: bool,
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage<'a> {
    ctx: &'a Ctx,
    username: String,
    role: String,
    /// An administrator: the page links to the users and clubs pages.
    is_admin: bool,
    tokens: Vec<TokenLine>,
    /// Sessions of this user open elsewhere (besides this browser).
    other_sessions: i64,
    new_token: Option<String>,
    message: Option<String>,
    error: Option<String>,
}

/// The account page: with the token just created, a message, or `error`'s message
/// when a form of it was refused (then a 422).
async fn account_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    new_token: Option<String>,
    message: Option<&str>,
    error: Option<&str>,
) -> HttpResult {
    let status = match error {
        Some(_) => StatusCode::UNPROCESSABLE_ENTITY,
        None => StatusCode::OK,
    };
    let user = own_account(who, req.path())?;
    let uid = user.id;
    let (tokens, sessions) = db(state, move |conn| {
        Ok((
            accounts::user_tokens(conn, uid)?,
            accounts::count_sessions(conn, uid)?,
        ))
    })
    .await?;
    let ctx = Ctx::from_request(req);
    let tokens = tokens
        .into_iter()
        .map(|t| TokenLine {
            id: t.id,
            name: t.name,
            created: t.created_at.format("%Y-%m-%d %H:%M").to_string(),
            revoked: t.revoked_at.is_some(),
        })
        .collect();
    render_status(
        &AccountPage {
            role: ctx.t(&format!("role-{}", user.role.slug())),
            is_admin: user.role == Role::Admin,
            username: user.username,
            tokens,
            other_sessions: (sessions - 1).max(0),
            new_token,
            message: message.map(|k| ctx.t(k)),
            error: error.map(|k| ctx.t(k)),
            ctx: &ctx,
        },
        status,
    )
}

#[derive(Deserialize)]
pub struct DoneQuery {
    hecho: Option<String>,
    cerradas: Option<String>,
}

pub async fn account(Visit { req, state, who }: Visit, query: web::Query<DoneQuery>) -> HttpResult {
    let message = match (&query.hecho, &query.cerradas) {
        (Some(_), _) => Some("account-password-changed"),
        (None, Some(_)) => Some("account-sessions-closed"),
        (None, None) => None,
    };
    account_page(&req, &state, &who, None, message, None).await
}

#[derive(Deserialize)]
pub struct PasswordForm {
    current: String,
    new: String,
    confirm: String,
}

pub async fn change_password(
    Visit { req, state, who }: Visit,
    session: Session,
    form: web::Form<PasswordForm>,
) -> HttpResult {
    let user = own_account(&who, req.path())?;
    let form = form.into_inner();
    let problem = if form.new.chars().count() < MIN_PASSWORD {
        Some("account-password-short")
    } else if form.new != form.confirm {
        Some("account-password-mismatch")
    } else {
        None
    };
    if let Some(p) = problem {
        return account_page(&req, &state, &who, None, None, Some(p)).await;
    }
    let uid = user.id;
    let limits = state.sessions;
    let changed = db(&state, move |conn| {
        account::change_password(conn, uid, (&form.current, &form.new), limits)
    })
    .await?;
    match changed {
        Some((u, sid)) => {
            auth::sign_in(&session, &u, &sid)?;
            Ok(see_other("/cuenta?hecho=1"))
        }
        None => {
            account_page(
                &req,
                &state,
                &who,
                None,
                None,
                Some("account-password-wrong"),
            )
            .await
        }
    }
}

#[derive(Deserialize)]
pub struct TokenForm {
    name: String,
}

pub async fn create_token(
    Visit { req, state, who }: Visit,
    form: web::Form<TokenForm>,
) -> HttpResult {
    let user = own_account(&who, req.path())?;
    let name = form.into_inner().name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 80 {
        return account_page(&req, &state, &who, None, None, Some("account-token-name")).await;
    }
    let token = format!("baza_{}", crate::service::random_hex(24)?);
    let hash = account::token_hash(&token);
    let uid = user.id;
    db(&state, move |conn| {
        accounts::insert_token(conn, uid, &name, &hash, now())?;
        Ok(())
    })
    .await?;
    // The token is shown once, now; only its hash is kept.
    account_page(&req, &state, &who, Some(token), None, None).await
}

pub async fn revoke_token(Visit { req, state, who }: Visit, path: web::Path<i32>) -> HttpResult {
    let user = own_account(&who, req.path())?;
    let (uid, tid) = (user.id, path.into_inner());
    let n = db(&state, move |conn| {
        Ok(accounts::revoke_token(conn, uid, tid, now())?)
    })
    .await?;
    if n == 0 {
        return Err(AppError::NotFound);
    }
    Ok(see_other("/cuenta"))
}

pub struct UserLine {
    pub id: i32,
    pub username: String,
    pub role: String,
    pub role_slug: String,
    pub club: String,
    pub club_id: Option<i32>,
    pub disabled: bool,
    /// The administrator looking at the page (who cannot demote or disable themselves).
    pub is_me: bool,
}

impl UserLine {
    pub fn has_role(&self, slug: &str) -> bool {
        self.role_slug == slug
    }

    pub fn has_club(&self, id: &i32) -> bool {
        self.club_id == Some(*id)
    }
}

/// What was typed in the new-user form (but the password), shown again when refused.
#[derive(Default)]
struct TypedUser {
    username: String,
    role: String,
    club: String,
}

impl TypedUser {
    fn of(form: &NewUserForm) -> TypedUser {
        TypedUser {
            username: form.username.trim().to_owned(),
            role: form.role.trim().to_owned(),
            club: form.club.as_deref().unwrap_or_default().trim().to_owned(),
        }
    }

    pub fn has_role(&self, slug: &str) -> bool {
        self.role == slug
    }

    pub fn has_club(&self, id: &i32) -> bool {
        self.club == id.to_string()
    }
}

#[derive(Template)]
#[template(path = "users.html")]
struct UsersPage<'a> {
    ctx: &'a Ctx,
    users: Vec<UserLine>,
    clubs: Vec<(i32, String)>,
    roles: Vec<(&'static str, String)>,
    error: Option<String>,
    typed: TypedUser,
}

/// The users page; with `error`'s message when a form of it was refused, a 422.
async fn users_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    error: Option<UserFault>,
) -> HttpResult {
    users_page_typed(req, state, who, error, TypedUser::default()).await
}

/// [`users_page`] with the new-user form as it was typed.
async fn users_page_typed(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    error: Option<UserFault>,
    typed: TypedUser,
) -> HttpResult {
    let status = match error {
        Some(_) => StatusCode::UNPROCESSABLE_ENTITY,
        None => StatusCode::OK,
    };
    let me = who.user.as_ref().map(|u| u.id);
    let ctx = Ctx::from_request(req);
    let (users, clubs) = db(state, |conn| {
        Ok((accounts::list_users(conn)?, queries::clubs_by_name(conn)?))
    })
    .await?;
    let club_name = |id: Option<i32>| {
        id.and_then(|i| clubs.iter().find(|c| c.id == i))
            .map(|c| c.name.clone())
            .unwrap_or_else(|| "—".to_owned())
    };
    let users = users
        .iter()
        .map(|u| UserLine {
            id: u.id,
            username: u.username.clone(),
            role: ctx.t(&format!("role-{}", u.role)),
            role_slug: u.role.clone(),
            club: club_name(u.club_id),
            club_id: u.club_id,
            disabled: u.disabled_at.is_some(),
            is_me: me == Some(u.id),
        })
        .collect();
    render_status(
        &UsersPage {
            users,
            clubs: clubs.iter().map(|c| (c.id, c.name.clone())).collect(),
            roles: Role::ALL
                .iter()
                .map(|r| (r.slug(), ctx.t(&format!("role-{}", r.slug()))))
                .collect(),
            error: error.map(|f| ctx.t(f.key())),
            typed,
            ctx: &ctx,
        },
        status,
    )
}

/// The club of a role form: none when left empty.
fn club_choice(club: Option<&str>) -> Result<Option<i32>, UserFault> {
    match club.map(str::trim).filter(|c| !c.is_empty()) {
        None => Ok(None),
        Some(c) => c.parse::<i32>().map(Some).map_err(|_| UserFault::Club),
    }
}

pub async fn users(Visit { req, state, who }: Visit) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    users_page(&req, &state, &who, None).await
}

#[derive(Deserialize)]
pub struct NewUserForm {
    username: String,
    password: String,
    role: String,
    club: Option<String>,
}

pub async fn create_user(
    Visit { req, state, who }: Visit,
    form: web::Form<NewUserForm>,
) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    let form = form.into_inner();
    let (username, role) = match validate_new_user(&form.username, &form.password, &form.role) {
        Ok(v) => v,
        Err(key) => {
            return users_page_typed(&req, &state, &who, Some(key), TypedUser::of(&form)).await;
        }
    };
    let club = match club_choice(form.club.as_deref()) {
        Ok(club) => club,
        Err(key) => {
            return users_page_typed(&req, &state, &who, Some(key), TypedUser::of(&form)).await;
        }
    };
    let typed = TypedUser::of(&form);
    let actor = who.actor();
    let hash = crate::service::account::hash_password(&form.password)?;
    let created = db(&state, move |conn| {
        let new = NewAccount {
            username: &username,
            hash: &hash,
            role,
            club,
        };
        account::create_user(conn, &new, &actor)
    })
    .await?;
    match created {
        Ok(_) => Ok(see_other("/admin/usuarios")),
        Err(key) => users_page_typed(&req, &state, &who, Some(key), typed).await,
    }
}

#[derive(Deserialize)]
pub struct RoleForm {
    role: String,
    club: Option<String>,
}

/// `POST /admin/usuarios/{id}/…`: applies `change` to account `raw_id` (see
/// [`account::change_user`]), or shows the users page with why it was refused.
async fn change_user(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    raw_id: &str,
    change: UserChange,
) -> Result<HttpResponse, AppError> {
    who.require(Perm::ManageUsers, req.path())?;
    let id = super::parse_id(raw_id)?;
    let (actor, me) = (who.actor(), who.user.as_ref().map(|u| u.id));
    let done = db(state, move |conn| {
        account::change_user(conn, (&actor, me), id, change)
    })
    .await?;
    match done {
        Ok(()) => Ok(see_other("/admin/usuarios")),
        Err(key) => users_page(req, state, who, Some(key)).await,
    }
}

/// `POST /admin/usuarios/{id}/papel`: another role and club for an account.
pub async fn set_user_role(
    Visit { req, state, who }: Visit,
    path: web::Path<String>,
    form: web::Form<RoleForm>,
) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    let form = form.into_inner();
    let club = match club_choice(form.club.as_deref()) {
        Ok(club) => club,
        Err(key) => return users_page(&req, &state, &who, Some(key)).await,
    };
    let Some(role) = Role::parse(&form.role) else {
        return users_page(&req, &state, &who, Some(UserFault::Role)).await;
    };
    change_user(&req, &state, &who, &path, UserChange::Role(role, club)).await
}

/// `POST /admin/usuarios/{id}/desactivar`.
pub async fn disable_user(Visit { req, state, who }: Visit, path: web::Path<String>) -> HttpResult {
    change_user(&req, &state, &who, &path, UserChange::Disable).await
}

/// `POST /admin/usuarios/{id}/activar`.
pub async fn enable_user(Visit { req, state, who }: Visit, path: web::Path<String>) -> HttpResult {
    change_user(&req, &state, &who, &path, UserChange::Enable).await
}
