//! Accounts: the secrets (password hashes, session and token hashes), opening a
//! session, and the workflows that change an account with its audit entry: creating
//! one, an administrator changing another's role or disabling or enabling it, and a
//! user changing their own password.

use argon2::{Argon2, PasswordHash, PasswordHasher, PasswordVerifier};
use sha2::{Digest, Sha256};

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit, NewUser, User};
use crate::db::queries;
use crate::domain::account::{Role, UserFault, check_club};
use crate::error::AppError;
use crate::service::now;
use crate::service::random_hex;
use crate::service::throttle::{Throttle, record_failure, throttled};

/// How long a signed-in session lasts: `idle` without a request, `lifetime` in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionLimits {
    pub idle: chrono::Duration,
    pub lifetime: chrono::Duration,
}

impl Default for SessionLimits {
    /// A championship day idle; a week in all.
    fn default() -> SessionLimits {
        SessionLimits {
            idle: chrono::Duration::hours(12),
            lifetime: chrono::Duration::days(7),
        }
    }
}

/// Starts a session for `user_id` and returns its secret (for the cookie; the
/// database keeps its hash). Forgets expired sessions on the way.
pub fn open_session(
    conn: &mut DbConn,
    user_id: i32,
    limits: SessionLimits,
    now: chrono::NaiveDateTime,
) -> Result<String, AppError> {
    let sid = random_hex(32)?;
    accounts::prune_sessions(conn, now - limits.idle, now - limits.lifetime)?;
    accounts::start_session(conn, user_id, &token_hash(&sid), now)?;
    Ok(sid)
}

pub fn hash_password(password: &str) -> Result<String, AppError> {
    let hash: PasswordHash = Argon2::default()
        .hash_password(password.as_bytes())
        .map_err(|e| AppError::Internal(anyhow::anyhow!("argon2: {e}")))?;
    Ok(hash.to_string())
}

/// A hash of a password nobody has, to spend the same time on unknown users.
static DUMMY_HASH: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| hash_password("no user has this password").unwrap_or_default());

pub fn verify_password(hash: Option<&str>, password: &str) -> bool {
    let ok = Argon2::default()
        .verify_password(password.as_bytes(), hash.unwrap_or(DUMMY_HASH.as_str()))
        .is_ok();
    ok && hash.is_some()
}

/// API tokens are stored as their SHA-256; the token itself is shown once.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new account as checked: its name, its password's hash, its role and club.
pub struct NewAccount<'a> {
    pub username: &'a str,
    pub hash: &'a str,
    pub role: Role,
    pub club: Option<i32>,
}

/// Creates account `new` with its audit entry (by `actor`), in one transaction;
/// refused when its club is no club's, its name is taken, or it is an organiser's or
/// a referee's without a club. Its id.
pub fn create_user(
    conn: &mut DbConn,
    new: &NewAccount,
    actor: &str,
) -> Result<Result<i32, UserFault>, AppError> {
    let NewAccount {
        username,
        hash,
        role,
        club,
    } = *new;
    if let Some(c) = club
        && queries::find_club(conn, c)?.is_none()
    {
        return Ok(Err(UserFault::Club));
    }
    if accounts::find_user_by_name(conn, username)?.is_some() {
        return Ok(Err(UserFault::Taken));
    }
    if let Err(fault) = check_club(role, club) {
        return Ok(Err(fault));
    }
    crate::db::write_tx(conn, |conn| {
        let id = match accounts::insert_user(
            conn,
            &NewUser {
                username,
                password_hash: hash,
                role: role.slug(),
                club_id: club,
                created_at: now(),
            },
        ) {
            Ok(id) => id,
            Err(e) if accounts::is_unique_violation(&e) => return Ok(Err(UserFault::Taken)),
            Err(e) => return Err(e),
        };
        let after = serde_json::json!({"username": username, "role": role.slug(), "club_id": club});
        accounts::audit_creation(conn, (actor, now()), ("user", id), club, after)?;
        Ok(Ok(id))
    })
    .map_err(AppError::from)
}

/// What an administrator changes about another account.
#[derive(Debug, Clone, Copy)]
pub enum UserChange {
    Role(Role, Option<i32>),
    Disable,
    Enable,
}

/// Applies `change` to account `id` with an audit entry (by `actor`, account `me`),
/// refusing `me`'s own account (nobody locks themselves out) and a club that is
/// none; [`AppError::NotFound`] when there is no account `id`. Every change but
/// enabling ends the account's sessions.
pub fn change_user(
    conn: &mut DbConn,
    (actor, me): (&str, Option<i32>),
    id: i32,
    change: UserChange,
) -> Result<Result<(), UserFault>, AppError> {
    if me == Some(id) {
        return Ok(Err(UserFault::NotYourself));
    }
    let Some(before) = accounts::find_user(conn, id)? else {
        return Err(AppError::NotFound);
    };
    if let UserChange::Role(_, Some(c)) = change
        && queries::find_club(conn, c)?.is_none()
    {
        return Ok(Err(UserFault::Club));
    }
    if let UserChange::Role(role, club) = change
        && let Err(fault) = check_club(role, club)
    {
        return Ok(Err(fault));
    }
    let snapshot = |u: &User| {
        serde_json::json!({
            "username": u.username, "role": u.role, "club_id": u.club_id,
            "disabled": u.disabled_at.is_some(),
        })
        .to_string()
    };
    crate::db::write_tx(conn, |conn| {
        match change {
            UserChange::Role(role, club) => accounts::set_role(conn, id, role.slug(), club)?,
            UserChange::Disable => accounts::set_disabled(conn, id, Some(now()))?,
            UserChange::Enable => accounts::set_disabled(conn, id, None)?,
        };
        let after = accounts::find_user(conn, id)?.ok_or(diesel::result::Error::NotFound)?;
        accounts::insert_audit(
            conn,
            &NewAudit::new(
                (actor, now()),
                "update",
                ("user", id),
                (after.club_id, None),
                (Some(snapshot(&before)), Some(snapshot(&after))),
            ),
        )?;
        Ok(Ok(()))
    })
}

/// Account `uid`'s password becomes `new` if `current` is its password: every
/// session of the account ends and a new one opens (within `limits`). The account
/// and the new session's secret; `None` when the current password is wrong.
pub fn change_password(
    conn: &mut DbConn,
    uid: i32,
    (current, new): (&str, &str),
    limits: SessionLimits,
) -> Result<Option<(User, String)>, AppError> {
    let Some(u) = accounts::find_user(conn, uid)? else {
        return Ok(None);
    };
    if !verify_password(Some(&u.password_hash), current) {
        return Ok(None);
    }
    let hash = hash_password(new)?;
    crate::db::write_tx(conn, |conn| {
        accounts::set_password(conn, uid, &hash)?;
        let sid = open_session(conn, uid, limits, now())?;
        Ok(accounts::find_user(conn, uid)?.map(|u| (u, sid)))
    })
}

/// What a password typed at the sign-in form comes to.
pub enum LoginOutcome {
    /// Signed in: the user and the new session's secret.
    Ok(accounts::User, String),
    Wrong,
    Throttled,
}

/// Checks a password, throttled per user name and per client address `addr`: after
/// ten failures for one name, or fifteen from one address, in a minute, even the
/// right password is refused until the minute has passed. A disabled account is
/// refused like a wrong password. On success, opens a session.
pub fn sign_in_with_password(
    conn: &mut DbConn,
    (username, password): (&str, &str),
    addr: &str,
    limits: SessionLimits,
) -> Result<LoginOutcome, AppError> {
    let subject = format!("user:{}", username.to_lowercase());
    let addr = format!("login-addr:{addr}");
    let what = [Throttle::Subject(&subject), Throttle::Address(&addr)];
    let now = now();
    if throttled(conn, &what, now)? {
        return Ok(LoginOutcome::Throttled);
    }
    let user = accounts::find_user_by_name(conn, username)?;
    if verify_password(user.as_ref().map(|u| u.password_hash.as_str()), password)
        && let Some(u) = user
        && u.disabled_at.is_none()
    {
        let sid = open_session(conn, u.id, limits, now)?;
        return Ok(LoginOutcome::Ok(u, sid));
    }
    record_failure(conn, &what, now)?;
    Ok(LoginOutcome::Wrong)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn passwords_verify_only_against_their_own_hash() {
        let h = hash_password("sota-de-oros").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password(Some(&h), "sota-de-oros"));
        assert!(!verify_password(Some(&h), "sota-de-copas"));
        assert!(!verify_password(None, "sota-de-oros"));
    }
}
