//! Users, API tokens, login throttling, the audit log and installation settings.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use super::DbConn;
use super::rows::{LoadOne, insert_returning_id};
use super::schema::{api_tokens, audit_log, login_failures, sessions, settings, users};
use crate::domain::tournament::Side;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: i32,
    pub username: String,
    pub password_hash: String,
    pub role: String,
    pub club_id: Option<i32>,
    pub session_epoch: i32,
    pub created_at: NaiveDateTime,
    /// When an administrator disabled the account (it cannot sign in).
    pub disabled_at: Option<NaiveDateTime>,
}

#[derive(Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub username: &'a str,
    pub password_hash: &'a str,
    pub role: &'a str,
    pub club_id: Option<i32>,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = api_tokens)]
pub struct ApiToken {
    pub id: i32,
    pub user_id: i32,
    pub name: String,
    pub token_hash: String,
    pub created_at: NaiveDateTime,
    pub revoked_at: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = audit_log)]
pub struct AuditEntry {
    pub id: i32,
    pub at: NaiveDateTime,
    pub actor: String,
    pub action: String,
    pub entity: String,
    pub entity_id: i32,
    pub club_id: Option<i32>,
    pub championship_id: Option<i32>,
    pub before_json: Option<String>,
    pub after_json: Option<String>,
}

/// The field of an audit row's `after` JSON naming the pair (`a` or `b`) whose PIN a
/// change at a championship table came with. The rows written before it was kept, and
/// the changes of the director or a referee signed in, have none.
pub const BY_PAIR: &str = "by_pair";

/// The pair whose PIN the change of an audit row came with, where its `after` JSON
/// names one.
pub fn by_pair_of(after: &serde_json::Value) -> Option<Side> {
    serde_json::from_value(after.get(BY_PAIR)?.clone()).ok()
}

/// An audit row's `after` JSON naming `pair`, the pair whose PIN the change came with
/// (nothing after becomes an object of that alone; `None`, or an `after` that is no
/// object, leaves it as it is).
pub fn with_by_pair(
    after: Option<serde_json::Value>,
    pair: Option<Side>,
) -> Option<serde_json::Value> {
    let Some(pair) = pair else {
        return after;
    };
    let mut after = after.unwrap_or_else(|| serde_json::json!({}));
    set_by_pair(&mut after, pair);
    Some(after)
}

/// Names `pair` in an audit row's `after` JSON as the pair whose PIN the change came
/// with (an `after` that is no object is left as it is).
pub fn set_by_pair(after: &mut serde_json::Value, pair: Side) {
    if after.is_object() {
        after[BY_PAIR] = serde_json::json!(pair);
    }
}

/// The field of an audit row's JSON naming the two pairs (a, b) of the knockout table
/// or match it is about, as they were when the row was written. Older rows have none.
pub const PAIRS: &str = "pairs";

/// Names in an audit row's JSON `v` the `pairs` (a, b) of the knockout table or match
/// it is about, where there are (a `v` that is no object is left as it is).
pub fn set_pairs(v: &mut serde_json::Value, pairs: Option<[String; 2]>) {
    if let Some(pairs) = pairs.filter(|_| v.is_object()) {
        v[PAIRS] = serde_json::json!(pairs);
    }
}

/// The pairs (a, b) an audit row's JSON `v` names in its [`PAIRS`], if any.
pub fn pairs_of(v: &serde_json::Value) -> Option<(String, String)> {
    let [a, b]: [String; 2] = serde_json::from_value(v.get(PAIRS)?.clone()).ok()?;
    Some((a, b))
}

#[derive(Insertable)]
#[diesel(table_name = audit_log)]
pub struct NewAudit<'a> {
    pub at: NaiveDateTime,
    pub actor: &'a str,
    pub action: &'a str,
    pub entity: &'a str,
    pub entity_id: i32,
    pub club_id: Option<i32>,
    pub championship_id: Option<i32>,
    pub before_json: Option<String>,
    pub after_json: Option<String>,
}

impl<'a> NewAudit<'a> {
    /// The audit row of `action`, done by `actor` at `at` to record `entity_id` of
    /// kind `entity`, in the trails of club `club_id` and championship
    /// `championship_id` (each if any), with what the record was `before` and is
    /// `after` (each as far as the action tells).
    pub fn new(
        (actor, at): (&'a str, NaiveDateTime),
        action: &'a str,
        (entity, entity_id): (&'a str, i32),
        (club_id, championship_id): (Option<i32>, Option<i32>),
        (before, after): (Option<String>, Option<String>),
    ) -> NewAudit<'a> {
        NewAudit {
            at,
            actor,
            action,
            entity,
            entity_id,
            club_id,
            championship_id,
            before_json: before,
            after_json: after,
        }
    }

    /// The audit row of a record `actor` created: nothing before it, `after` as made.
    pub fn creation(
        by: (&'a str, NaiveDateTime),
        entity: (&'a str, i32),
        club_id: Option<i32>,
        championship_id: Option<i32>,
        after: String,
    ) -> NewAudit<'a> {
        let scope = (club_id, championship_id);
        NewAudit::new(by, "create", entity, scope, (None, Some(after)))
    }

    /// The audit row of a record `actor` deleted: `before` as it was, `after` what
    /// is kept of it (a deleted championship keeps its name), if anything.
    pub fn deletion(
        by: (&'a str, NaiveDateTime),
        entity: (&'a str, i32),
        scope: (Option<i32>, Option<i32>),
        before: String,
        after: Option<String>,
    ) -> NewAudit<'a> {
        NewAudit::new(by, "delete", entity, scope, (Some(before), after))
    }
}

pub fn is_unique_violation(e: &DieselError) -> bool {
    matches!(
        e,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)
    )
}

pub fn insert_user(conn: &mut DbConn, new: &NewUser) -> QueryResult<i32> {
    insert_returning_id(conn, users::table, new)
}

/// How many accounts exist (none on a new installation).
pub fn count_users(conn: &mut DbConn) -> QueryResult<i64> {
    users::table.count().get_result(conn)
}

pub fn find_user(conn: &mut DbConn, id: i32) -> QueryResult<Option<User>> {
    users::table
        .find(id)
        .select(User::as_select())
        .load_one(conn)
}

pub fn find_user_by_name(conn: &mut DbConn, username: &str) -> QueryResult<Option<User>> {
    users::table
        .filter(users::username.eq(username))
        .select(User::as_select())
        .load_one(conn)
}

pub fn list_users(conn: &mut DbConn) -> QueryResult<Vec<User>> {
    users::table
        .select(User::as_select())
        .order(users::username)
        .load(conn)
}

/// Sets a new password and ends every session of the user (the browser that changed
/// it signs in again at once).
pub fn set_password(conn: &mut DbConn, id: i32, hash: &str) -> QueryResult<usize> {
    let n = diesel::update(users::table.find(id))
        .set((
            users::password_hash.eq(hash),
            users::session_epoch.eq(users::session_epoch + 1),
        ))
        .execute(conn)?;
    end_sessions_of(conn, id, None)?;
    Ok(n)
}

/// Gives a user another role (and club), ending their sessions: what they may do
/// changes at their next sign-in, not in the middle of a page.
pub fn set_role(
    conn: &mut DbConn,
    id: i32,
    role: &str,
    club_id: Option<i32>,
) -> QueryResult<usize> {
    let n = diesel::update(users::table.find(id))
        .set((users::role.eq(role), users::club_id.eq(club_id)))
        .execute(conn)?;
    end_sessions_of(conn, id, None)?;
    Ok(n)
}

/// Disables (`Some(when)`) or enables (`None`) an account; disabling ends its sessions.
pub fn set_disabled(
    conn: &mut DbConn,
    id: i32,
    disabled_at: Option<NaiveDateTime>,
) -> QueryResult<usize> {
    let n = diesel::update(users::table.find(id))
        .set(users::disabled_at.eq(disabled_at))
        .execute(conn)?;
    if disabled_at.is_some() {
        end_sessions_of(conn, id, None)?;
    }
    Ok(n)
}

/// A signed-in session as stored: the SHA-256 of the cookie's secret, its user, when
/// it began and when it was last used.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = sessions)]
pub struct SessionRow {
    pub token_hash: String,
    pub user_id: i32,
    pub created_at: NaiveDateTime,
    pub last_seen: NaiveDateTime,
}

pub fn start_session(
    conn: &mut DbConn,
    user_id: i32,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::insert_into(sessions::table)
        .values((
            sessions::token_hash.eq(token_hash),
            sessions::user_id.eq(user_id),
            sessions::created_at.eq(now),
            sessions::last_seen.eq(now),
        ))
        .execute(conn)
}

/// The session stored under `token_hash` and its user.
pub fn find_session(
    conn: &mut DbConn,
    token_hash: &str,
) -> QueryResult<Option<(SessionRow, User)>> {
    sessions::table
        .inner_join(users::table)
        .filter(sessions::token_hash.eq(token_hash))
        .select((SessionRow::as_select(), User::as_select()))
        .load_one(conn)
}

/// Marks a session as used now.
pub fn touch_session(
    conn: &mut DbConn,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(sessions::table.find(token_hash))
        .set(sessions::last_seen.eq(now))
        .execute(conn)
}

pub fn end_session(conn: &mut DbConn, token_hash: &str) -> QueryResult<usize> {
    diesel::delete(sessions::table.find(token_hash)).execute(conn)
}

/// Ends every session of a user, but the one under `keep`.
pub fn end_sessions_of(conn: &mut DbConn, user_id: i32, keep: Option<&str>) -> QueryResult<usize> {
    let mine = sessions::table.filter(sessions::user_id.eq(user_id));
    match keep {
        Some(k) => diesel::delete(mine.filter(sessions::token_hash.ne(k))).execute(conn),
        None => diesel::delete(mine).execute(conn),
    }
}

/// How many sessions a user has open.
pub fn count_sessions(conn: &mut DbConn, user_id: i32) -> QueryResult<i64> {
    sessions::table
        .filter(sessions::user_id.eq(user_id))
        .count()
        .get_result(conn)
}

/// Forgets sessions idle since before `idle_before` or begun before `born_before`.
pub fn prune_sessions(
    conn: &mut DbConn,
    idle_before: NaiveDateTime,
    born_before: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::delete(
        sessions::table.filter(
            sessions::last_seen
                .lt(idle_before)
                .or(sessions::created_at.lt(born_before)),
        ),
    )
    .execute(conn)
}

pub fn insert_token(
    conn: &mut DbConn,
    user_id: i32,
    name: &str,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<i32> {
    let token = (
        api_tokens::user_id.eq(user_id),
        api_tokens::name.eq(name),
        api_tokens::token_hash.eq(token_hash),
        api_tokens::created_at.eq(now),
    );
    insert_returning_id(conn, api_tokens::table, token)
}

/// The user behind a live (not revoked) token of an account that is not disabled.
pub fn user_by_token(conn: &mut DbConn, token_hash: &str) -> QueryResult<Option<(i32, User)>> {
    let row: Option<(i32, i32)> = api_tokens::table
        .filter(api_tokens::token_hash.eq(token_hash))
        .filter(api_tokens::revoked_at.is_null())
        .select((api_tokens::id, api_tokens::user_id))
        .load_one(conn)?;
    match row {
        Some((token_id, user_id)) => Ok(find_user(conn, user_id)?
            .filter(|u| u.disabled_at.is_none())
            .map(|u| (token_id, u))),
        None => Ok(None),
    }
}

pub fn user_tokens(conn: &mut DbConn, user_id: i32) -> QueryResult<Vec<ApiToken>> {
    api_tokens::table
        .filter(api_tokens::user_id.eq(user_id))
        .select(ApiToken::as_select())
        .order(api_tokens::id.desc())
        .load(conn)
}

pub fn revoke_token(
    conn: &mut DbConn,
    user_id: i32,
    token_id: i32,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        api_tokens::table
            .filter(api_tokens::id.eq(token_id))
            .filter(api_tokens::user_id.eq(user_id))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(Some(now)))
    .execute(conn)
}

/// Failed attempts against `subject` (a user name, or a table) since `since`.
pub fn count_failures(conn: &mut DbConn, subject: &str, since: NaiveDateTime) -> QueryResult<i64> {
    login_failures::table
        .filter(login_failures::subject.eq(subject))
        .filter(login_failures::at.gt(since))
        .count()
        .get_result(conn)
}

pub fn add_failure(conn: &mut DbConn, subject: &str, at: NaiveDateTime) -> QueryResult<usize> {
    diesel::insert_into(login_failures::table)
        .values((
            login_failures::subject.eq(subject),
            login_failures::at.eq(at),
        ))
        .execute(conn)
}

/// The time of the `n`-th latest failure against `subject` since `since` (`n` from
/// 1), if there were that many: when it leaves the window, one failure fewer counts.
pub fn nth_latest_failure(
    conn: &mut DbConn,
    subject: &str,
    since: NaiveDateTime,
    n: i64,
) -> QueryResult<Option<NaiveDateTime>> {
    login_failures::table
        .filter(login_failures::subject.eq(subject))
        .filter(login_failures::at.gt(since))
        .order(login_failures::at.desc())
        .offset((n - 1).max(0))
        .select(login_failures::at)
        .first(conn)
        .optional()
}

/// Forgets every failure against `subject` (its secret changed: what was tried
/// against the old one tells nothing of the new).
pub fn clear_failures(conn: &mut DbConn, subject: &str) -> QueryResult<usize> {
    diesel::delete(login_failures::table.filter(login_failures::subject.eq(subject))).execute(conn)
}

/// Forgets failures older than `before` (housekeeping at each failure).
pub fn prune_failures(conn: &mut DbConn, before: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(login_failures::table.filter(login_failures::at.lt(before))).execute(conn)
}

/// Writes the audit row of `(entity, id)`, created by `actor` at `at` (in club
/// `club_id`, if any) and holding `after`.
pub fn audit_creation(
    conn: &mut DbConn,
    (actor, at): (&str, NaiveDateTime),
    entity: (&str, i32),
    club_id: Option<i32>,
    after: serde_json::Value,
) -> QueryResult<()> {
    let row = NewAudit::creation((actor, at), entity, club_id, None, after.to_string());
    insert_audit(conn, &row).map(|_| ())
}

/// Writes the audit row of the membership of player `player` in club `club_id`, under
/// `name`, that ends (`runs` false: `retire`) or runs again (`reactivate`).
pub fn audit_membership(
    conn: &mut DbConn,
    (actor, at): (&str, NaiveDateTime),
    (player, club_id): (i32, i32),
    name: &str,
    runs: bool,
) -> QueryResult<()> {
    let state =
        |active: bool| Some(serde_json::json!({ "name": name, "active": active }).to_string());
    let action = if runs { "reactivate" } else { "retire" };
    let row = NewAudit::new(
        (actor, at),
        action,
        ("player", player),
        (Some(club_id), None),
        (state(!runs), state(runs)),
    );
    insert_audit(conn, &row).map(|_| ())
}

pub fn insert_audit(conn: &mut DbConn, entry: &NewAudit) -> QueryResult<usize> {
    diesel::insert_into(audit_log::table)
        .values(entry)
        .execute(conn)
}

/// Whose audit trail to read.
#[derive(Debug, Clone, Copy)]
pub enum Trail {
    /// A championship's, newest first.
    Championship(i32),
    /// A club's (its championships, players, pairs), newest first.
    Club(i32),
    /// One bracket's, newest first.
    Bracket(i32),
    /// The rows of a game's hands (added, corrected, deleted, put back), oldest first.
    Hands(i32),
}

/// The audit rows of `trail`, in its order.
pub fn audit_trail(conn: &mut DbConn, trail: Trail) -> QueryResult<Vec<AuditEntry>> {
    let rows = audit_log::table
        .select(AuditEntry::as_select())
        .into_boxed();
    let rows = match trail {
        Trail::Championship(id) => rows.filter(audit_log::championship_id.eq(id)),
        Trail::Club(id) => rows.filter(audit_log::club_id.eq(id)),
        Trail::Bracket(id) => rows
            .filter(audit_log::entity.eq("bracket"))
            .filter(audit_log::entity_id.eq(id)),
        Trail::Hands(game_id) => rows
            .filter(audit_log::entity.eq("hand"))
            .filter(audit_log::entity_id.eq(game_id)),
    };
    match trail {
        Trail::Hands(_) => rows.order(audit_log::id).load(conn),
        _ => rows.order(audit_log::id.desc()).load(conn),
    }
}

/// The audit trail of a championship, newest first.
pub fn championship_audit(conn: &mut DbConn, championship_id: i32) -> QueryResult<Vec<AuditEntry>> {
    audit_trail(conn, Trail::Championship(championship_id))
}

/// The audit trail of a club (its championships, players, pairs), newest first.
pub fn club_audit(conn: &mut DbConn, club_id: i32) -> QueryResult<Vec<AuditEntry>> {
    audit_trail(conn, Trail::Club(club_id))
}

/// Stores setting `name` only if it is absent: `true` if this call stored it. Inside a
/// transaction it is a claim that two concurrent transactions cannot both win (the
/// second waits on the key and then finds it taken).
pub fn claim_setting(conn: &mut DbConn, name: &str, value: &str) -> QueryResult<bool> {
    match diesel::insert_into(settings::table)
        .values((settings::name.eq(name), settings::value.eq(value)))
        .execute(conn)
    {
        Ok(_) => Ok(true),
        Err(e) if is_unique_violation(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Reads a setting, creating it with `init()` if absent. Safe when several Baza
/// processes start together: the first insert wins and everyone reads it back.
pub fn setting_or_init(
    conn: &mut DbConn,
    name: &str,
    init: impl FnOnce() -> String,
) -> QueryResult<String> {
    let current: Option<String> = settings::table
        .find(name)
        .select(settings::value)
        .load_one(conn)?;
    if let Some(v) = current {
        return Ok(v);
    }
    claim_setting(conn, name, &init())?;
    settings::table
        .find(name)
        .select(settings::value)
        .first(conn)
}
