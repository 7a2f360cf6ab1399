//! A championship deleted (archived: kept with its audit trail, gone from every list
//! and page). A repesca liguilla leaves its championship in the same change: the link
//! goes, audited, so that championship may form its repesca again; once that
//! championship's knockout was drawn with the liguilla's best, the liguilla stays.

use chrono::NaiveDateTime;

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::brackets;
use crate::db::championship::liguilla::{self, LiguillaLink};
use crate::db::championship::settings::set_deleted;
use crate::db::championship::store::{self, ChangeError};
use crate::domain::refusal::Refusal;

/// Deletes championship `championship_id`, with its audit row; a repesca liguilla is
/// unlinked from its championship first, or refused once that championship has a
/// knockout phase. `false`: there was no such championship (or it was already
/// deleted).
pub fn delete(
    conn: &mut DbConn,
    championship_id: i32,
    actor: &str,
    now: NaiveDateTime,
) -> Result<bool, ChangeError> {
    crate::db::write_tx(conn, |conn| {
        let links = liguilla::links_of(conn, championship_id)?;
        if let Some(link) = links.iter().find(|l| l.liguilla_id == championship_id) {
            // The championship it feeds first: its knockout is drawn under this lock.
            store::touch(conn, link.championship_id)?;
            let parent = store::load(conn, link.championship_id)?;
            if let Some(parent) = &parent
                && !brackets::brackets_of_championship(conn, link.championship_id)?.is_empty()
            {
                let name = parent.file.championship.name.clone();
                return Err(ChangeError::Refused(Refusal::RepescaLiguillaDrawn(name)));
            }
            if store::load(conn, championship_id)?.is_none() {
                return Ok(false);
            }
            let club = parent.as_ref().map(|p| p.championship.club_id);
            unlink_audited(conn, link, club, (actor, now))?;
            // Its status as it was before the repesca was formed.
            if let Some(parent) = &parent {
                store::write_status(conn, link.championship_id, &parent.file)?;
            }
        }
        Ok(archive(conn, championship_id, actor, now)?)
    })
}

/// Removes `link` of a championship (of club `club`) to its repesca liguilla, with its
/// audit row.
pub(super) fn unlink_audited(
    conn: &mut DbConn,
    link: &LiguillaLink,
    club: Option<i32>,
    (actor, now): (&str, NaiveDateTime),
) -> diesel::QueryResult<()> {
    liguilla::unlink(conn, link)?;
    let before = serde_json::json!({"championship": link.championship_id,
        "liguilla": link.liguilla_id, "places": link.places,
        "per_group": link.per_group, "entry": link.entry()});
    accounts::insert_audit(
        conn,
        &NewAudit::deletion(
            (actor, now),
            ("repesca_liguilla", link.liguilla_id),
            (club, Some(link.championship_id)),
            before.to_string(),
            None,
        ),
    )?;
    Ok(())
}

/// Marks championship `championship_id` deleted, with its audit row; `false`: there
/// was no such championship (or it was already deleted).
fn archive(
    conn: &mut DbConn,
    championship_id: i32,
    actor: &str,
    now: NaiveDateTime,
) -> diesel::QueryResult<bool> {
    let Some(t) = store::load(conn, championship_id)? else {
        return Ok(false);
    };
    store::touch(conn, championship_id)?;
    set_deleted(conn, championship_id, now)?;
    let before = serde_json::json!({"name": t.championship.name, "status": t.championship.status});
    let after = serde_json::json!({"name": t.championship.name, "deleted_at": now.to_string()});
    accounts::insert_audit(
        conn,
        &NewAudit::deletion(
            (actor, now),
            ("tournament", championship_id),
            (Some(t.championship.club_id), Some(championship_id)),
            before.to_string(),
            Some(after.to_string()),
        ),
    )?;
    Ok(true)
}
