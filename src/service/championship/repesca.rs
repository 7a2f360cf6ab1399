//! A repesca played as a liguilla: after the championship's liguillas, a round robin
//! among the non-qualified who meet the organiser's rule, stored as a championship of
//! its own (its rounds, tables, PINs and standings) linked to this one; its best then
//! join the knockout ([`crate::db::repesca::knockout_of`]).

use chrono::NaiveDateTime;

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::championship::liguilla;
use crate::db::championship::store::{self, ChangeError};
use crate::db::repesca::{RepescaPlan, repesca_may_start};
use crate::domain::refusal::Refusal;
use crate::domain::tournament::qualify;

/// Forms the repesca of championship `championship_id` as a liguilla named `name`
/// among the pairs `plan` admits, whose best `plan.places` go through, and pairs its
/// first round. Returns the liguilla's championship id.
pub fn create_liguilla(
    conn: &mut DbConn,
    championship_id: i32,
    name: &str,
    plan: RepescaPlan,
    (actor, now): (&str, NaiveDateTime),
    pins: &mut dyn FnMut() -> String,
) -> Result<i32, ChangeError> {
    let (liguilla_id, tables) = crate::db::write_tx(conn, |conn| {
        store::touch(conn, championship_id)?;
        let t = store::load(conn, championship_id)?.ok_or(ChangeError::NotFound)?;
        let (eligible, places) = repesca_may_start(conn, &t, &plan)?;
        if places == 0 {
            return Err(ChangeError::Refused(Refusal::RepescaNoPlaces));
        }
        // More pairs than places, or the liguilla decides nothing.
        if eligible.len() <= places {
            return Err(ChangeError::Refused(Refusal::RepescaTooFew(eligible.len())));
        }
        let mut file = qualify::repesca_liguilla(&t.file, &eligible);
        file.championship.name = format!("{} — {name}", t.file.championship.name);
        let hands = t.entry_mode == crate::domain::status::EntryMode::Hands;
        let liguilla_id = super::create(
            conn,
            t.championship.club_id,
            &file,
            hands,
            t.championship.starts_on,
            now,
            actor,
            pins,
        )?;
        let ids = (championship_id, liguilla_id);
        liguilla::link(conn, ids, (places, plan.per_group), &plan.entry)?;
        let made = serde_json::json!({"repesca": {"per_group": plan.per_group,
            "rule": plan.rule, "places": places, "entry": plan.entry, "kind": "liguilla"},
            "liguilla": liguilla_id, "entrants": eligible});
        let audit = NewAudit::creation(
            (actor, now),
            ("repesca_liguilla", liguilla_id),
            Some(t.championship.club_id),
            Some(championship_id),
            made.to_string(),
        );
        accounts::insert_audit(conn, &audit)?;
        store::write_status(conn, championship_id, &t.file)?;
        Ok((liguilla_id, t.tables_available))
    })?;
    super::pair_next_round(conn, liguilla_id, Some(tables), actor, now, pins)?;
    Ok(liguilla_id)
}
