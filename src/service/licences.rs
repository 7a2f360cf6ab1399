//! Importing a federation's licence list into the register: in one transaction the
//! register is read, the list planned against it, and (with no conflict) written and
//! audited; with any conflict nothing is written. Importing the same list twice
//! changes nothing the second time.

use chrono::NaiveDateTime;
use diesel::QueryResult;

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::licences;
use crate::domain::licence_list::{self, Conflict, Entry, Report, Status};

/// Imports `entries` (with `bad`, the lines [`licence_list::read`] could not take) as
/// `actor` at `at`: in one transaction, all of it or (with any conflict) nothing. The
/// report says what each line did.
pub fn import(
    conn: &mut DbConn,
    entries: &[Entry],
    bad: Vec<Conflict>,
    (actor, at): (&str, NaiveDateTime),
) -> QueryResult<Report> {
    crate::db::write_tx(conn, |conn| {
        let state = licences::load(conn)?;
        let (plans, mut conflicts) = licence_list::plan(&state, entries);
        conflicts.extend(bad);
        let (mut report, made) = licence_list::report(&plans, conflicts);
        if !report.conflicts.is_empty() {
            return Ok(report);
        }
        licences::write(conn, &plans, &made, (actor, at))?;
        report.written = true;
        if !(report.new.is_empty() && report.changed.is_empty() && report.linked.is_empty()) {
            let touched: Vec<serde_json::Value> = plans
                .iter()
                .filter(|p| p.status != Status::Unchanged)
                .map(|p| {
                    serde_json::json!({
                        "line": p.entry.line, "licence": p.entry.licence, "name": p.entry.name,
                        "status": match p.status {
                            Status::New => "new",
                            Status::Linked => "linked",
                            _ => "changed",
                        },
                        "changes": p.changes,
                    })
                })
                .collect();
            let after = serde_json::json!({
                "new": report.new.len(), "changed": report.changed.len(),
                "linked": report.linked.len(), "unchanged": report.unchanged.len(),
                "clubs_created": report.clubs_created, "people": touched,
            });
            accounts::insert_audit(
                conn,
                &NewAudit::new(
                    (actor, at),
                    "import",
                    ("person", 0),
                    (None, None),
                    (None, Some(after.to_string())),
                ),
            )?;
        }
        Ok(report)
    })
}
