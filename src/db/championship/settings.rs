//! A championship's settings rewritten before its first round, and a championship
//! deleted (archived: kept with its audit trail, gone from every list and page).

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::store;
use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
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

/// Deletes championship `championship_id` from every list and page, with its audit row.
/// `false`: there was no such championship (or it was already deleted).
pub fn archive(
    conn: &mut DbConn,
    championship_id: i32,
    actor: &str,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    crate::db::write_tx(conn, |conn| {
        let Some(t) = store::load(conn, championship_id)? else {
            return Ok(false);
        };
        store::touch(conn, championship_id)?;
        diesel::update(championships::table.find(championship_id))
            .set(championships::deleted_at.eq(Some(now)))
            .execute(conn)?;
        let before =
            serde_json::json!({"name": t.championship.name, "status": t.championship.status});
        let after = serde_json::json!({"name": t.championship.name, "deleted_at": now.to_string()});
        accounts::insert_audit(
            conn,
            &NewAudit {
                at: now,
                actor,
                action: "delete",
                entity: "tournament",
                entity_id: championship_id,
                club_id: Some(t.championship.club_id),
                championship_id: Some(championship_id),
                before_json: Some(before.to_string()),
                after_json: Some(after.to_string()),
            },
        )?;
        Ok(true)
    })
}
