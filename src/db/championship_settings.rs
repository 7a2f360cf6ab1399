//! A championship's settings rewritten before its first round, and a championship
//! deleted (archived: kept with its audit trail, gone from every list and page).

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConn;
use super::accounts::{self, NewAudit};
use super::schema::{events, tournaments};
use super::tournaments as store;
use crate::domain::tournament::TournamentFile;

/// Whether championship `event_id` was deleted.
pub fn is_deleted(conn: &mut DbConn, event_id: i32) -> QueryResult<bool> {
    let at: Option<Option<NaiveDateTime>> = events::table
        .find(event_id)
        .select(events::deleted_at)
        .first(conn)
        .optional()?;
    Ok(matches!(at, Some(Some(_))))
}

/// The event row and the entry mode follow a championship's new settings (inside
/// the change that writes its document).
pub fn settle_settings(
    conn: &mut DbConn,
    event_id: i32,
    file: &TournamentFile,
    starts_on: NaiveDate,
    hands: bool,
) -> QueryResult<()> {
    let ev = &file.event;
    let options = serde_json::Value::Object(ev.options.clone()).to_string();
    diesel::update(events::table.find(event_id))
        .set((
            events::game.eq(ev.game.slug()),
            events::format.eq(store::format_of(&ev.system)),
            events::options.eq(options),
            events::starts_on.eq(starts_on),
        ))
        .execute(conn)?;
    diesel::update(tournaments::table.find(event_id))
        .set(tournaments::entry_mode.eq(if hands { "hands" } else { "result" }))
        .execute(conn)?;
    Ok(())
}

/// Deletes championship `event_id` from every list and page, with its audit row.
/// `false`: there was no such championship (or it was already deleted).
pub fn archive(
    conn: &mut DbConn,
    event_id: i32,
    actor: &str,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    super::write_tx(conn, |conn| {
        let Some(t) = store::load(conn, event_id)? else {
            return Ok(false);
        };
        store::touch(conn, event_id)?;
        diesel::update(events::table.find(event_id))
            .set(events::deleted_at.eq(Some(now)))
            .execute(conn)?;
        let before = serde_json::json!({"name": t.event.name, "status": t.event.status});
        let after = serde_json::json!({"name": t.event.name, "deleted_at": now.to_string()});
        accounts::insert_audit(
            conn,
            &NewAudit {
                at: now,
                actor,
                action: "delete",
                entity: "tournament",
                entity_id: event_id,
                club_id: Some(t.event.club_id),
                event_id: Some(event_id),
                before_json: Some(before.to_string()),
                after_json: Some(after.to_string()),
            },
        )?;
        Ok(true)
    })
}
