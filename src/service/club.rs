//! Clubs: a new club with its usual game and its audit entry, and the first run's
//! first administrator made together with the first club.

use crate::db::DbConn;
use crate::db::accounts::{self, NewUser, User};
use crate::db::queries::{self, NewClub};
use crate::domain::GameKind;
use crate::domain::account::Role;
use crate::domain::register::ClubFault;
use crate::error::AppError;
use crate::service::account::{SessionLimits, open_session};
use crate::service::now;

/// The setting claimed by the transaction that creates the first administrator: of
/// two concurrent first-run forms, only one can store it.
const FIRST_ADMIN_SETTING: &str = "first_admin";

/// A club's usual game and its table options (checked against the game's options).
#[derive(Debug, Clone, PartialEq)]
pub struct ClubDefaults {
    pub game: GameKind,
    pub options: serde_json::Map<String, serde_json::Value>,
}

impl Default for ClubDefaults {
    fn default() -> Self {
        ClubDefaults {
            game: GameKind::Cuatrola,
            options: serde_json::Map::new(),
        }
    }
}

impl ClubDefaults {
    /// Reads a game's slug; refused when it names no game.
    pub fn for_game(slug: &str) -> Result<ClubDefaults, ClubFault> {
        let game = slug
            .trim()
            .parse::<GameKind>()
            .map_err(|_| ClubFault::Game)?;
        Ok(ClubDefaults {
            game,
            options: serde_json::Map::new(),
        })
    }
}

/// Inserts a club with its usual game and options, and its audit entry (by
/// `actor`); returns its id.
pub fn insert_club_audited(
    conn: &mut DbConn,
    name: &str,
    town: &str,
    defaults: &ClubDefaults,
    actor: &str,
) -> diesel::QueryResult<i32> {
    let at = now();
    let id = queries::insert_club(
        conn,
        &NewClub {
            name,
            town,
            created_at: at,
        },
    )?;
    let options = serde_json::Value::Object(defaults.options.clone()).to_string();
    queries::set_club_defaults(conn, id, defaults.game.slug(), &options)?;
    let after = serde_json::json!({
        "name": name,
        "town": town,
        "default_game": defaults.game.slug(),
        "default_options": defaults.options,
    });
    accounts::audit_creation(conn, (actor, at), ("club", id), Some(id), after)?;
    Ok(id)
}

/// A new club `(name, town)` with its usual game and options, audited (by
/// `actor`), in one transaction; its id.
pub fn create_club(
    conn: &mut DbConn,
    (name, town): (&str, &str),
    defaults: &ClubDefaults,
    actor: &str,
) -> Result<i32, AppError> {
    Ok(crate::db::write_tx(conn, |conn| {
        insert_club_audited(conn, name, town, defaults, actor)
    })?)
}

/// In one write transaction: if no account exists, creates administrator `username`
/// (password hash `hash`) and club `(name, town)`, audited, and opens a session for
/// the administrator; returns the account, the session's secret and the club's id.
/// [`AppError::NotFound`], with nothing written, when an account exists or another
/// transaction is creating the first administrator at the same moment (the claim of
/// a setting makes the two exclusive on PostgreSQL too, where two transactions may
/// both count no account).
pub fn create_first_admin(
    conn: &mut DbConn,
    username: &str,
    hash: &str,
    (club, town): (&str, &str),
    defaults: &ClubDefaults,
    limits: SessionLimits,
) -> Result<(User, String, i32), AppError> {
    crate::db::write_tx(conn, |conn| {
        if accounts::count_users(conn)? > 0
            || !accounts::claim_setting(conn, FIRST_ADMIN_SETTING, username)?
        {
            return Err(AppError::NotFound);
        }
        let uid = accounts::insert_user(
            conn,
            &NewUser {
                username,
                password_hash: hash,
                role: Role::Admin.slug(),
                club_id: None,
                created_at: now(),
            },
        )?;
        let user = accounts::find_user(conn, uid)?.ok_or(AppError::NotFound)?;
        let actor = format!("user:{uid}:{username}");
        let after = serde_json::json!({"username": username, "role": "admin", "first_run": true});
        accounts::audit_creation(conn, (&actor, now()), ("user", uid), None, after)?;
        let club_id = insert_club_audited(conn, club, town, defaults, &actor)?;
        let sid = open_session(conn, uid, limits, now())?;
        Ok::<_, AppError>((user, sid, club_id))
    })
}
