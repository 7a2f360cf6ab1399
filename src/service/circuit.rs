//! Season circuits: a new circuit and a change to one (its name, scoring and
//! championships), each in one transaction with its audit entry in the club's trail.

use serde_json::json;

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::circuits::{self, Circuit};
use crate::domain::circuit::Scoring;
use crate::error::AppError;
use crate::service::now;

/// What an audit row holds of a circuit.
fn audited(name: &str, scoring: &Scoring, championships: &[i32]) -> serde_json::Value {
    json!({
        "name": name,
        "scoring": scoring,
        "championships": championships,
    })
}

/// Creates circuit `name` of club `club_id` over `championships`, audited as
/// `actor`'s; its id.
pub fn create(
    conn: &mut DbConn,
    club_id: i32,
    (name, scoring): (&str, &Scoring),
    championships: &[i32],
    actor: &str,
) -> Result<i32, AppError> {
    Ok(crate::db::write_tx(conn, |conn| {
        let at = now();
        let id = circuits::insert(conn, club_id, name, scoring, championships, actor, at)?;
        let after = audited(name, scoring, championships);
        accounts::audit_creation(conn, (actor, at), ("circuit", id), Some(club_id), after)?;
        Ok::<_, diesel::result::Error>(id)
    })?)
}

/// The championships of a circuit after a change: the ones kept in the circuit's
/// order, then the ones added in the order they were chosen.
pub fn kept_then_added(before: &[i32], chosen: &[i32]) -> Vec<i32> {
    let mut out: Vec<i32> = before
        .iter()
        .filter(|id| chosen.contains(id))
        .copied()
        .collect();
    for id in chosen {
        if !out.contains(id) {
            out.push(*id);
        }
    }
    out
}

/// Changes circuit `id` to `name`, `scoring` and the championships `chosen` (see
/// [`kept_then_added`]), audited as `actor`'s with what it was before; nothing is
/// written when nothing changes. [`AppError::NotFound`] when there is no such circuit.
pub fn edit(
    conn: &mut DbConn,
    id: i32,
    (name, scoring): (&str, &Scoring),
    chosen: &[i32],
    actor: &str,
) -> Result<(), AppError> {
    crate::db::write_tx(conn, |conn| {
        let Circuit {
            club_id,
            name: old_name,
            scoring: old_scoring,
            championships: old,
            ..
        } = circuits::find(conn, id)?.ok_or(AppError::NotFound)?;
        let championships = kept_then_added(&old, chosen);
        if old_name == name && old_scoring == *scoring && old == championships {
            return Ok(());
        }
        circuits::update(conn, id, name, scoring, &championships)?;
        let before = audited(&old_name, &old_scoring, &old).to_string();
        let after = audited(name, scoring, &championships).to_string();
        accounts::insert_audit(
            conn,
            &NewAudit {
                at: now(),
                actor,
                action: "update",
                entity: "circuit",
                entity_id: id,
                club_id: Some(club_id),
                championship_id: None,
                before_json: Some(before),
                after_json: Some(after),
            },
        )?;
        Ok::<_, AppError>(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_circuit_keeps_its_championships_order_and_adds_the_new_ones_last() {
        assert_eq!(kept_then_added(&[3, 1, 2], &[2, 5, 3, 4]), vec![3, 2, 5, 4]);
        assert_eq!(kept_then_added(&[3, 1], &[]), Vec::<i32>::new());
    }
}
