//! Changes to a championship's document, each in one transaction: [`change`] (read,
//! modify, validate with the domain, write back at the version read, audit), and the
//! changes built on it: publishing a round ([`publish_round`]) and a table's result
//! ([`record_result`]); and a result proposed at a table ([`propose_result`]), which
//! waits on the table for the other pair's firma.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::championship::store::{self, ChangeError, Proposal, TableRow, Tournament};
use crate::db::queries;
use crate::db::schema::championship_tables;
use crate::domain::refusal::Refusal;
use crate::domain::status::TableStatus;
use crate::domain::tournament::{self, MatchResult};

/// What [`change`] writes to the audit log.
pub struct Audit {
    pub action: &'static str,
    pub entity: &'static str,
    pub entity_id: i32,
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
}

/// The one way to change a championship: in a transaction, `f` changes the loaded
/// state (and may touch the database through the connection it gets) and says what
/// to audit; the document is validated, written back only if still at the version
/// read, and the audit row added. Nothing is written when `f` or a check fails.
pub fn change<T>(
    conn: &mut DbConn,
    championship_id: i32,
    actor: &str,
    now: NaiveDateTime,
    f: impl FnOnce(&mut DbConn, &mut Tournament) -> Result<(T, Audit), ChangeError>,
) -> Result<T, ChangeError> {
    crate::db::write_tx(conn, |conn| {
        // Take the championship's write lock first (a row lock in PostgreSQL, the
        // write lock in SQLite): changes to one championship queue up instead of
        // reading the same version and failing.
        if !store::touch(conn, championship_id)? {
            return Err(ChangeError::NotFound);
        }
        let mut t = store::load(conn, championship_id)?.ok_or(ChangeError::NotFound)?;
        let version = t.version;
        let published_before = t.published_round;
        let (out, audit) = f(conn, &mut t)?;
        if t.published_round > published_before {
            // A timed match counts its minutes from the publication of its round.
            let rounds = (published_before, t.published_round);
            store::start_rounds(conn, championship_id, rounds, now)?;
        }
        tournament::validate(&t.file)
            .map_err(|e| ChangeError::Refused(Refusal::bad_file(&e, &t.file)))?;
        if !store::write_document(conn, championship_id, version, &t, now)? {
            return Err(ChangeError::Stale);
        }
        accounts::insert_audit(
            conn,
            &NewAudit::new(
                (actor, now),
                audit.action,
                (audit.entity, audit.entity_id),
                (Some(t.championship.club_id), Some(championship_id)),
                // The club's referees read the audit: no licence goes in it.
                (
                    audit.before.map(|v| without_licences(v).to_string()),
                    audit.after.map(|v| without_licences(v).to_string()),
                ),
            ),
        )?;
        Ok(out)
    })
}

/// An audit value without the licences of the people it names (only organisers and
/// administrators see licences; the audit has other readers).
pub fn without_licences(v: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(k, _)| k != "licence")
                .map(|(k, v)| (k, without_licences(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_licences).collect()),
        other => other,
    }
}

/// Shows the rounds up to `round` on the public pages, audited without a before and
/// after (the demos publish their rounds this way).
pub fn publish_round(
    conn: &mut DbConn,
    championship_id: i32,
    round: u32,
    actor: &str,
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    change(conn, championship_id, actor, now, |_, t| {
        t.published_round = round as i32;
        Ok((
            (),
            Audit {
                action: "publish",
                entity: "round",
                entity_id: round as i32,
                before: None,
                after: None,
            },
        ))
    })
}

/// Sets (or replaces) the result of a table in the document, moves a queued table
/// of that round to the physical table it frees, and marks the table final.
/// `expected_version` is the table row's version the form was read at.
#[allow(clippy::too_many_arguments)]
pub fn record_result(
    conn: &mut DbConn,
    championship_id: i32,
    round: u32,
    result: MatchResult,
    expected_version: Option<i32>,
    action: &'static str,
    actor: &str,
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    change(conn, championship_id, actor, now, |conn, t| {
        let table = result.table;
        let row = store::find_table(conn, championship_id, round as i32, table as i32)?
            .ok_or(ChangeError::NotFound)?;
        if expected_version.is_some_and(|v| v != row.version) {
            return Err(ChangeError::Stale);
        }
        let r = t.round_mut(round).ok_or(ChangeError::NotFound)?;
        let before = r.result(table).cloned();
        r.results.retain(|x| x.table != table);
        r.results.push(result.clone());
        r.results.sort_by_key(|x| x.table);
        let status = championship_tables::status.eq(TableStatus::Final.as_str());
        if !store::update_table(conn, (row.id, row.version), status, now)? {
            return Err(ChangeError::Stale);
        }
        if row.status != TableStatus::Final
            && let Some(p) = row.physical
        {
            store::seat_queued(conn, championship_id, round as i32, p)?;
        }
        let dependents = tournament::dependents_of(&t.file, round, table);
        Ok((
            (),
            Audit {
                action,
                entity: "result",
                entity_id: row.id,
                before: Some(serde_json::json!({"round": round, "result": before})),
                after: Some(serde_json::json!({
                    "round": round, "result": result, "dependents": dependents,
                })),
            },
        ))
    })
}

/// A result entered at the table: kept on the table until the other side signs.
#[allow(clippy::too_many_arguments)]
pub fn propose_result(
    conn: &mut DbConn,
    championship_id: i32,
    row: &TableRow,
    score: (i32, i32),
    side: &str,
    winner: Option<&str>,
    actor: &str,
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    crate::db::write_tx(conn, |conn| {
        if !store::touch(conn, championship_id)? {
            return Err(ChangeError::NotFound);
        }
        let proposal = Proposal {
            status: TableStatus::Proposed.as_str(),
            proposed_a: Some(score.0),
            proposed_b: Some(score.1),
            proposed_side: Some(side),
            proposed_winner: winner,
        };
        if !store::propose_unless_final(conn, row, &proposal, now)? {
            return Err(ChangeError::Stale);
        }
        let championship =
            queries::find_championship(conn, championship_id)?.ok_or(ChangeError::NotFound)?;
        let mut after = serde_json::json!({
            "phase": row.phase, "round": row.round_no, "table": row.table_no,
            "score": [score.0, score.1], "side": side, "winner": winner,
        });
        let pairs = crate::db::championship::tables::knockout_pairs(conn, row)?;
        accounts::set_pairs(&mut after, pairs);
        accounts::insert_audit(
            conn,
            &NewAudit::new(
                (actor, now),
                "propose",
                ("result", row.id),
                (Some(championship.club_id), Some(championship_id)),
                (None, Some(after.to_string())),
            ),
        )?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::without_licences;

    #[test]
    fn an_audit_value_loses_every_licence_and_keeps_the_rest() {
        let v = serde_json::json!({"entrant": {"name": "Nieto – Ortega", "people": [
            {"name": "Andrés Nieto", "key": "ab12", "licence": "CV-100"}, {"name": "Rosa"}]}});
        let want = serde_json::json!({"entrant": {"name": "Nieto – Ortega", "people": [
            {"name": "Andrés Nieto", "key": "ab12"}, {"name": "Rosa"}]}});
        assert_eq!(without_licences(v), want);
    }
}
