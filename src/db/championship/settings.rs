//! A championship's settings rewritten before its first round, and a championship
//! deleted (archived: kept with its audit trail, gone from every list and page).

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::store;
use crate::db::DbConn;
use crate::db::schema::{championship_documents, championships};
use crate::domain::status::EntryMode;
use crate::domain::tournament::TournamentFile;

/// Whether championship `championship_id` was deleted.
pub fn is_deleted(conn: &mut DbConn, championship_id: i32) -> QueryResult<bool> {
    let at: Option<Option<NaiveDateTime>> = championships::table
        .find(championship_id)
        .select(championships::deleted_at)
        .first(conn)
        .optional()?;
    Ok(matches!(at, Some(Some(_))))
}

/// The championship row and the entry mode follow a championship's new settings (inside
/// the change that writes its document).
pub fn settle_settings(
    conn: &mut DbConn,
    championship_id: i32,
    file: &TournamentFile,
    starts_on: NaiveDate,
    hands: bool,
) -> QueryResult<()> {
    let ev = &file.championship;
    let options = serde_json::Value::Object(ev.options.clone()).to_string();
    diesel::update(championships::table.find(championship_id))
        .set((
            championships::game.eq(ev.game.slug()),
            championships::format.eq(store::format_of(&ev.system).as_str()),
            championships::options.eq(options),
            championships::starts_on.eq(starts_on),
        ))
        .execute(conn)?;
    diesel::update(championship_documents::table.find(championship_id))
        .set(championship_documents::entry_mode.eq(EntryMode::of(hands).as_str()))
        .execute(conn)?;
    Ok(())
}

/// Marks championship `championship_id` deleted at `now`: gone from every list and
/// page, kept with its audit trail.
pub fn set_deleted(
    conn: &mut DbConn,
    championship_id: i32,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(championships::table.find(championship_id))
        .set(championships::deleted_at.eq(Some(now)))
        .execute(conn)
}
