//! What every query module does the same way: look a row up, insert a row and get
//! its id back. Written once against `DbConn`, so both backends run the same code.

use diesel::dsl::Returning;
use diesel::prelude::*;
use diesel::query_builder::{InsertStatement, Query};
use diesel::query_dsl::methods::LoadQuery;

use super::DbConn;

/// A lookup that finds at most one row (by key, or by a unique column).
pub trait LoadOne: RunQueryDsl<DbConn> + Sized {
    /// The row found, if any. It loads the rows instead of using diesel's `first`,
    /// which binds `LIMIT ?`: SQLite plans with the bound limit, so it would prepare
    /// such a statement again on every execution.
    fn load_one<'q, U>(self, conn: &mut DbConn) -> QueryResult<Option<U>>
    where
        Self: LoadQuery<'q, DbConn, U>,
    {
        self.load(conn).map(|rows| rows.into_iter().next())
    }
}

impl<Q: RunQueryDsl<DbConn>> LoadOne for Q {}

/// Inserts one row into `table` (`values`: an `Insertable` struct or a tuple of
/// `column.eq(value)`) and returns the id the database gave it.
pub fn insert_returning_id<'q, T, V>(conn: &mut DbConn, table: T, values: V) -> QueryResult<i32>
where
    T: Table,
    V: Insertable<T>,
    Returning<InsertStatement<T, V::Values>, T::PrimaryKey>: Query + LoadQuery<'q, DbConn, i32>,
{
    let id = table.primary_key();
    diesel::insert_into(table)
        .values(values)
        .returning(id)
        .get_result(conn)
}
