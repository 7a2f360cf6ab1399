//! Season circuits: a new circuit, a change to one (its name, scoring and
//! championships) and its deletion, each in one transaction with its audit entry in the
//! club's trail; a change or a deletion read at an older version writes nothing.
//! Each also counts a change to every championship it adds, keeps or drops: their
//! public pages name the circuits they count in, and are kept under their stamp.

use serde_json::json;

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::championship::store;
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

/// Counts one more change to each of championships `ids` (see
/// [`store::stamp`]), so that every server's kept public pages of them, which name
/// the circuits they count in, are rendered again. In ascending order, once each:
/// two circuits' writes take the championships' locks in the same order.
fn touch_championships<'a>(
    conn: &mut DbConn,
    ids: impl IntoIterator<Item = &'a i32>,
) -> diesel::QueryResult<()> {
    let ids: std::collections::BTreeSet<i32> = ids.into_iter().copied().collect();
    for id in ids {
        store::touch(conn, id)?;
    }
    Ok(())
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
        touch_championships(conn, championships)?;
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

/// What became of a change to a circuit, or of its deletion.
#[derive(Debug, Clone, PartialEq)]
pub enum Kept {
    /// Saved (or nothing to save), or deleted.
    Done,
    /// Refused, nothing written: the form was read at an older version; the circuit
    /// as it is now.
    Stale(Circuit),
}

/// Runs the change `f` to circuit `id`, in one transaction, on the circuit as stored
/// when the form read it at the version it is at now; else the change is stale and
/// nothing is written. [`AppError::NotFound`] when there is no such circuit.
fn at_version(
    conn: &mut DbConn,
    (id, version): (i32, Option<i32>),
    f: impl FnOnce(&mut DbConn, Circuit) -> Result<Kept, AppError>,
) -> Result<Kept, AppError> {
    crate::db::write_tx(conn, |conn| {
        let now_stored = circuits::find(conn, id)?.ok_or(AppError::NotFound)?;
        if version != Some(now_stored.version) {
            return Ok(Kept::Stale(now_stored));
        }
        f(conn, now_stored)
    })
}

/// What a write that found circuit `id` at another version than the one read comes to
/// (another server on the same base changed it between the read and the write).
fn changed_meanwhile(conn: &mut DbConn, id: i32) -> Result<Kept, AppError> {
    let now_stored = circuits::find(conn, id)?.ok_or(AppError::NotFound)?;
    Ok(Kept::Stale(now_stored))
}

/// Changes circuit `id`, read at `version`, to `name`, `scoring` and the
/// championships `chosen` (see [`kept_then_added`]), audited as `actor`'s with what it
/// was before; nothing is written when nothing changes, nor when the circuit is at
/// another version now (or no version was read). [`AppError::NotFound`] when there is
/// no such circuit.
pub fn edit(
    conn: &mut DbConn,
    (id, version): (i32, Option<i32>),
    (name, scoring): (&str, &Scoring),
    chosen: &[i32],
    actor: &str,
) -> Result<Kept, AppError> {
    at_version(conn, (id, version), |conn, now_stored| {
        let Circuit {
            version,
            club_id,
            name: old_name,
            scoring: old_scoring,
            championships: old,
            ..
        } = now_stored;
        let championships = kept_then_added(&old, chosen);
        if old_name == name && old_scoring == *scoring && old == championships {
            return Ok(Kept::Done);
        }
        if circuits::update(conn, (id, version), name, scoring, &championships)? == 0 {
            return changed_meanwhile(conn, id);
        }
        touch_championships(conn, old.iter().chain(&championships))?;
        let before = audited(&old_name, &old_scoring, &old).to_string();
        let after = audited(name, scoring, &championships).to_string();
        accounts::insert_audit(
            conn,
            &NewAudit::new(
                (actor, now()),
                "update",
                ("circuit", id),
                (Some(club_id), None),
                (Some(before), Some(after)),
            ),
        )?;
        Ok(Kept::Done)
    })
}

/// Deletes circuit `id`, read at `version`, audited as `actor`'s with all it was (its
/// name, scoring and championships); its championships are untouched. Nothing is
/// written when the circuit is at another version now. [`AppError::NotFound`] when
/// there is no such circuit (already deleted).
pub fn delete(
    conn: &mut DbConn,
    (id, version): (i32, Option<i32>),
    actor: &str,
) -> Result<Kept, AppError> {
    at_version(conn, (id, version), |conn, c| {
        if circuits::delete(conn, (id, c.version))? == 0 {
            return changed_meanwhile(conn, id);
        }
        touch_championships(conn, &c.championships)?;
        let before = audited(&c.name, &c.scoring, &c.championships).to_string();
        accounts::insert_audit(
            conn,
            &NewAudit::deletion(
                (actor, now()),
                ("circuit", id),
                (Some(c.club_id), None),
                before,
                None,
            ),
        )?;
        Ok(Kept::Done)
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
