//! Stored knockout brackets (cuadros): one row per bracket with its document (the
//! JSON of `domain::bracket::Bracket`) and the names of its entrants. Every write of
//! the document checks `version` (optimistic locking): a stale writer changes nothing.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::accounts::{self, AuditEntry, NewAudit, Trail};
use super::rows::{LoadOne, insert_returning_id};
use super::schema::brackets;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = brackets)]
pub struct BracketRow {
    pub id: i32,
    pub club_id: i32,
    pub championship_id: Option<i32>,
    pub name: String,
    pub game: String,
    /// JSON array of names: entrant `i` of the document is the `i`-th name.
    pub entrants: String,
    pub document: String,
    /// `hand`, `lot:SEED`, `event:ID`, `groups:K` or `ratings:R1,R2,…` (the ratings in
    /// seed order).
    pub seeding: String,
    /// `a4` or `a3` (landscape), for the print layout.
    pub paper: String,
    pub version: i32,
    pub created_by: String,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = brackets)]
pub struct NewBracket<'a> {
    pub club_id: i32,
    pub championship_id: Option<i32>,
    pub name: &'a str,
    pub game: &'a str,
    pub entrants: &'a str,
    pub document: &'a str,
    pub seeding: &'a str,
    pub paper: &'a str,
    pub created_by: &'a str,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

pub fn insert_bracket(conn: &mut DbConn, new: &NewBracket) -> QueryResult<i32> {
    insert_returning_id(conn, brackets::table, new)
}

/// Inserts a bracket and the audit row of its making (`action`, with `after`, what it
/// was made from): its id.
pub fn insert_audited(
    conn: &mut DbConn,
    new: &NewBracket,
    action: &str,
    after: String,
) -> QueryResult<i32> {
    let id = insert_bracket(conn, new)?;
    let audited = Audited {
        id,
        club_id: new.club_id,
        championship_id: new.championship_id,
    };
    let by = (new.created_by, new.created_at, action);
    audit(conn, audited, by, None, Some(after))?;
    Ok(id)
}

/// The bracket an audit row is about: its id, its club and its championship.
#[derive(Debug, Clone, Copy)]
pub struct Audited {
    pub id: i32,
    pub club_id: i32,
    pub championship_id: Option<i32>,
}

impl BracketRow {
    pub fn audited(&self) -> Audited {
        Audited {
            id: self.id,
            club_id: self.club_id,
            championship_id: self.championship_id,
        }
    }
}

/// Writes the audit row of a change to bracket `b`: who, when, and the action (`by`),
/// with what the change knows of the bracket before and after.
pub fn audit(
    conn: &mut DbConn,
    b: Audited,
    (actor, at, action): (&str, NaiveDateTime, &str),
    before: Option<String>,
    after: Option<String>,
) -> QueryResult<usize> {
    accounts::insert_audit(
        conn,
        &NewAudit::new(
            (actor, at),
            action,
            ("bracket", b.id),
            (Some(b.club_id), b.championship_id),
            (before, after),
        ),
    )
}

pub fn find_bracket(conn: &mut DbConn, id: i32) -> QueryResult<Option<BracketRow>> {
    brackets::table
        .find(id)
        .select(BracketRow::as_select())
        .load_one(conn)
}

/// Every bracket, newest first.
pub fn list_brackets(conn: &mut DbConn) -> QueryResult<Vec<BracketRow>> {
    brackets::table
        .select(BracketRow::as_select())
        .order(brackets::id.desc())
        .load(conn)
}

/// The brackets linked to a championship, oldest first.
pub fn brackets_of_championship(
    conn: &mut DbConn,
    championship_id: i32,
) -> QueryResult<Vec<BracketRow>> {
    brackets::table
        .filter(brackets::championship_id.eq(championship_id))
        .select(BracketRow::as_select())
        .order(brackets::id.asc())
        .load(conn)
}

/// Replaces the document if nobody changed the bracket since `version` was read;
/// false (and nothing written) when someone did.
pub fn update_document(
    conn: &mut DbConn,
    id: i32,
    version: i32,
    document: &str,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let n = diesel::update(
        brackets::table
            .filter(brackets::id.eq(id))
            .filter(brackets::version.eq(version)),
    )
    .set((
        brackets::document.eq(document),
        brackets::version.eq(version + 1),
        brackets::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Takes the bracket's write lock at the start of a transaction (a write that
/// changes nothing): concurrent saves of one bracket then run one after the other,
/// and each sees the version the previous one wrote (SQLite: the transaction holds
/// the write lock from here instead of failing to upgrade a stale read; PostgreSQL:
/// the row is locked).
pub fn lock_bracket(conn: &mut DbConn, id: i32) -> QueryResult<usize> {
    diesel::update(brackets::table.find(id))
        .set(brackets::version.eq(brackets::version))
        .execute(conn)
}

/// Deletes a bracket if it is still at `version` (0: someone changed it first, or it
/// is gone). Its audit entries stay.
pub fn delete_bracket(conn: &mut DbConn, id: i32, version: i32) -> QueryResult<usize> {
    diesel::delete(
        brackets::table
            .filter(brackets::id.eq(id))
            .filter(brackets::version.eq(version)),
    )
    .execute(conn)
}

pub fn set_paper(conn: &mut DbConn, id: i32, paper: &str) -> QueryResult<usize> {
    diesel::update(brackets::table.find(id))
        .set(brackets::paper.eq(paper))
        .execute(conn)
}

/// The audit trail of one bracket, newest first.
pub fn bracket_audit(conn: &mut DbConn, id: i32) -> QueryResult<Vec<AuditEntry>> {
    accounts::audit_trail(conn, Trail::Bracket(id))
}
