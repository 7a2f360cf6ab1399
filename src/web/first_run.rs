//! Starting an installation: on an empty database, the first administrator and the
//! first club (`/primeros-pasos`, which leads to `/admin/clubes` when accounts exist
//! but no club); afterwards, administrators add clubs (`/admin/clubes`). The writes
//! are `service::club`'s, which `baza club add` shares, and the checks
//! `domain::register`'s.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::account::see_other;
use super::auth::{self, Perm, Role};
use super::visit::{HttpResult, Visit};
use super::{AppState, Ctx, db, render, render_status};
use crate::db::DbConn;
use crate::db::accounts;
use crate::db::queries::{self, Club};
use crate::domain::account::{MIN_PASSWORD, UserFault, validate_new_user};
use crate::domain::register::{ClubFault, checked_club};
use crate::domain::{GameKind, Lang};
use crate::error::AppError;
use crate::web::options::{OptionError, OptionGroup, option_groups, read_options};
use std::collections::HashMap;

/// The first run's transaction, where the pages and their tests reach it.
pub use crate::service::club::create_first_admin;
use crate::service::club::{self, ClubDefaults};

/// The usual game of a club form (cuatrola when the field is left out); refused
/// when it names no game.
fn club_defaults(game: &str) -> Result<ClubDefaults, ClubFault> {
    if game.trim().is_empty() {
        return Ok(ClubDefaults::default());
    }
    ClubDefaults::for_game(game)
}

/// Why a club form was refused: the message, and what to fix option by option.
type ClubRefusal = (String, Vec<OptionError>);

/// What a club form holds besides the club's name.
#[derive(Deserialize)]
pub struct ClubFields {
    #[serde(default)]
    town: String,
    #[serde(default)]
    game: String,
    /// The table options' controls (`opt.GAME.NAME`).
    #[serde(flatten)]
    options: HashMap<String, String>,
}

/// A club form checked: name and town, the usual game and its options; or the
/// message in `lang` and what to fix, option by option.
fn check_club(
    lang: Lang,
    name: &str,
    fields: &ClubFields,
) -> Result<((String, String), ClubDefaults), ClubRefusal> {
    checked_club(name, &fields.town)
        .and_then(|c| club_defaults(&fields.game).map(|d| (c, d)))
        .map_err(|fault| (crate::web::i18n::tr(lang, fault.key()), Vec::new()))
        .and_then(|(c, d)| with_options(lang, d, &fields.options).map(|d| (c, d)))
}

/// The club's usual options read from the option controls of its usual game; or
/// the message and what to fix, option by option.
fn with_options(
    lang: Lang,
    defaults: ClubDefaults,
    fields: &HashMap<String, String>,
) -> Result<ClubDefaults, ClubRefusal> {
    match read_options(lang, defaults.game, 4, fields) {
        Ok(options) => Ok(ClubDefaults {
            game: defaults.game,
            options,
        }),
        Err(errors) => Err((
            errors
                .iter()
                .map(|e| e.message.clone())
                .collect::<Vec<_>>()
                .join(" "),
            errors,
        )),
    }
}

/// Whether no account exists yet (the first-run form is offered only then).
pub fn is_first_run(conn: &mut DbConn) -> Result<bool, AppError> {
    Ok(accounts::count_users(conn)? == 0)
}

#[derive(Template)]
#[template(path = "first_run.html")]
struct FirstRunPage<'a> {
    ctx: &'a Ctx,
    username: String,
    club: String,
    town: String,
    game: &'static str,
    games: Vec<(&'static str, String)>,
    /// Every game's table options, the chosen game's shown (web/options.rs).
    option_groups: Vec<OptionGroup>,
    error: Option<String>,
    min_password: usize,
}

/// The option controls of every game, `game`'s shown, with what was typed.
fn club_option_groups(
    lang: Lang,
    game: &str,
    typed: &HashMap<String, String>,
    errors: &[OptionError],
) -> Vec<OptionGroup> {
    let chosen = game.parse::<GameKind>().unwrap_or(GameKind::Cuatrola);
    option_groups(lang, &GameKind::ALL, Some(chosen), typed, errors)
}

/// The slug of `typed` if it names a game, else the usual default's.
fn chosen_game(typed: &str) -> &'static str {
    typed
        .parse::<GameKind>()
        .unwrap_or(GameKind::Cuatrola)
        .slug()
}

/// `GET /primeros-pasos`: the form, only while no account exists.
pub async fn form(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let (first, clubs) = db(&state, |conn| {
        Ok((is_first_run(conn)?, queries::clubs_by_name(conn)?.len()))
    })
    .await?;
    if !first {
        // Accounts made with `baza user add` and no club yet: the first club is made
        // where an administrator adds clubs.
        if clubs == 0 {
            return Ok(see_other("/admin/clubes"));
        }
        return Err(AppError::NotFound);
    }
    let ctx = Ctx::from_request(&req);
    render(&FirstRunPage {
        ctx: &ctx,
        username: String::new(),
        club: String::new(),
        town: String::new(),
        game: GameKind::Cuatrola.slug(),
        games: ctx.game_choices(),
        option_groups: club_option_groups(ctx.lang, "", &HashMap::new(), &[]),
        error: None,
        min_password: MIN_PASSWORD,
    })
}

#[derive(Deserialize)]
pub struct FirstRunForm {
    username: String,
    password: String,
    confirm: String,
    club: String,
    #[serde(flatten)]
    fields: ClubFields,
}

/// `POST /primeros-pasos`: creates the first administrator and the first club in one
/// transaction that first makes sure no account exists, signs the administrator in
/// and goes to the club's page. Once any account exists it answers 404.
pub async fn create(
    Visit { req, state, .. }: Visit,
    session: Session,
    form: web::Form<FirstRunForm>,
) -> HttpResult {
    if !db(&state, is_first_run).await? {
        return Err(AppError::NotFound);
    }
    let form = form.into_inner();
    let ctx = Ctx::from_request(&req);
    let checked = validate_new_user(&form.username, &form.password, Role::Admin.slug())
        .and_then(|(name, _)| {
            if form.password != form.confirm {
                Err(UserFault::PasswordMismatch)
            } else {
                Ok(name)
            }
        })
        .map_err(|fault| (ctx.t(fault.key()), Vec::new()))
        .and_then(|name| check_club(ctx.lang, &form.club, &form.fields).map(|(c, d)| (name, c, d)));
    let (username, (club, town), defaults) = match checked {
        Ok(v) => v,
        Err((message, option_errors)) => {
            return render_status(
                &FirstRunPage {
                    ctx: &ctx,
                    username: form.username.trim().to_owned(),
                    option_groups: club_option_groups(
                        ctx.lang,
                        &form.fields.game,
                        &form.fields.options,
                        &option_errors,
                    ),
                    club: form.club,
                    game: chosen_game(&form.fields.game),
                    town: form.fields.town,
                    games: ctx.game_choices(),
                    error: Some(message),
                    min_password: MIN_PASSWORD,
                },
                StatusCode::UNPROCESSABLE_ENTITY,
            );
        }
    };
    let hash = crate::service::account::hash_password(&form.password)?;
    let limits = state.sessions;
    // A 404 as well if another first-run form won the race.
    let (user, sid, club_id) = db(&state, move |conn| {
        create_first_admin(conn, &username, &hash, (&club, &town), &defaults, limits)
    })
    .await?;
    auth::sign_in(&session, &user, &sid)?;
    Ok(see_other(&format!("/clubes/{club_id}")))
}

#[derive(Template)]
#[template(path = "clubs_admin.html")]
struct ClubsPage<'a> {
    ctx: &'a Ctx,
    clubs: Vec<Club>,
    name: String,
    town: String,
    game: &'static str,
    games: Vec<(&'static str, String)>,
    option_groups: Vec<OptionGroup>,
    error: Option<String>,
}

async fn clubs_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    typed: (String, String, String),
    options: (&HashMap<String, String>, &[OptionError]),
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let clubs = db(state, |conn| Ok(queries::clubs_by_name(conn)?)).await?;
    let ctx = Ctx::from_request(req);
    render_status(
        &ClubsPage {
            clubs,
            name: typed.0,
            town: typed.1,
            option_groups: club_option_groups(ctx.lang, &typed.2, options.0, options.1),
            game: chosen_game(&typed.2),
            games: ctx.game_choices(),
            error,
            ctx: &ctx,
        },
        status,
    )
}

/// `GET /admin/clubes`: every club, and the form for a new one.
pub async fn clubs(Visit { req, state, who }: Visit) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    clubs_page(
        &req,
        &state,
        Default::default(),
        (&HashMap::new(), &[]),
        None,
        StatusCode::OK,
    )
    .await
}

#[derive(Deserialize)]
pub struct ClubForm {
    name: String,
    #[serde(flatten)]
    fields: ClubFields,
}

/// `POST /admin/clubes`: an administrator adds a club (audited) and goes to its page.
pub async fn create_club(
    Visit { req, state, who }: Visit,
    form: web::Form<ClubForm>,
) -> HttpResult {
    who.require(Perm::ManageUsers, req.path())?;
    let form = form.into_inner();
    let lang = crate::web::i18n::negotiate(&req);
    let ((name, town), defaults) = match check_club(lang, &form.name, &form.fields) {
        Ok(v) => v,
        Err((message, option_errors)) => {
            let ClubFields {
                town,
                game,
                options,
            } = form.fields;
            return clubs_page(
                &req,
                &state,
                (form.name, town, game),
                (&options, &option_errors),
                Some(message),
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await;
        }
    };
    let actor = who.actor();
    let id = db(&state, move |conn| {
        club::create_club(conn, (&name, &town), &defaults, &actor)
    })
    .await?;
    Ok(see_other(&format!("/clubes/{id}")))
}
