//! A championship's played repesca, after its liguillas: knockouts among the
//! non-qualified who meet the organiser's rule, one per place to fill, each stored as
//! a bracket of the championship with its tables; or a liguilla among them, stored as
//! a championship of its own (its rounds, tables, PINs and standings) linked to this
//! one. Their winners then join the knockout of the group qualifiers
//! ([`knockout_of`]).

use chrono::NaiveDateTime;

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::brackets::{self, NewBracket};
use crate::db::championship::liguilla;
use crate::db::championship::store::{self, ChangeError, Tournament};
use crate::db::championship::tables::{corrupt, open_bracket_tables};
use crate::db::repesca;
use crate::domain::bracket::{Bracket, EntrantId, single_elimination};
use crate::domain::refusal::Refusal;
use crate::domain::tournament;
use crate::domain::tournament::qualify::{
    self, GroupFill, KnockoutShape, Qualify, RepescaEntry, RepescaError, RepescaRule,
};

/// What the organiser chose for a played repesca.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepescaPlan {
    /// Qualifiers per liguilla straight to the knockout.
    pub per_group: usize,
    pub rule: RepescaRule,
    /// Places it fills (one knockout each); `None`: up to a power of two.
    pub places: Option<usize>,
    /// Where its winners enter the knockout.
    pub entry: RepescaEntry,
}

/// Checks that championship `t` may form the played repesca `plan` now (its rounds
/// all played, no phase and no repesca yet, the winners' seeds one per place): the
/// pairs it admits, best first, and the places it fills.
pub fn repesca_may_start(
    conn: &mut DbConn,
    t: &Tournament,
    plan: &RepescaPlan,
) -> Result<(Vec<String>, usize), ChangeError> {
    tournament::rounds_complete(&t.file)?;
    let id = t.championship.id;
    if t.file.rounds.is_empty()
        || !brackets::brackets_of_championship(conn, id)?.is_empty()
        || liguilla::of_championship(conn, id)?.is_some()
    {
        return Err(ChangeError::Refused(Refusal::RepescaWhen));
    }
    let eligible = qualify::repesca_entrants(&t.file, plan.per_group, plan.rule);
    let places = plan
        .places
        .unwrap_or_else(|| qualify::repesca_places_to_fill(&t.file, plan.per_group));
    if let RepescaEntry::Seeds { seeds } = &plan.entry
        && !qualify::repesca_seeds_fit(&t.file, plan.per_group, places, seeds)
    {
        return Err(ChangeError::Refused(Refusal::RepescaSeeds(places)));
    }
    Ok((eligible, places))
}

/// Forms the played repesca of championship `championship_id` after its liguillas: one
/// knockout per place (named `name`, numbered when there are several), seeded by the
/// standings, with tables for its first matches. Returns the brackets' ids.
#[allow(clippy::too_many_arguments)]
pub fn create_repesca(
    conn: &mut DbConn,
    championship_id: i32,
    name: &str,
    plan: RepescaPlan,
    actor: &str,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> Result<Vec<i32>, ChangeError> {
    crate::db::write_tx(conn, |conn| {
        store::touch(conn, championship_id)?;
        let t = store::load(conn, championship_id)?.ok_or(ChangeError::NotFound)?;
        let (eligible, places) = repesca_may_start(conn, &t, &plan)?;
        let seeding = store::repesca_seeding(&plan.entry);
        let pods = qualify::repesca_pods(&eligible, places).map_err(|e| match e {
            RepescaError::NoPlaces => ChangeError::Refused(Refusal::RepescaNoPlaces),
            RepescaError::TooFew(n, _) => ChangeError::Refused(Refusal::RepescaTooFew(n)),
        })?;
        let mut ids = Vec::new();
        for (k, pod) in pods.iter().enumerate() {
            let seeds: Vec<EntrantId> = (0..pod.len() as u32).map(EntrantId).collect();
            let bracket = single_elimination(&seeds, false)
                .map_err(|e| ChangeError::Refused(Refusal::knockout(&e)))?;
            let names: Vec<String> = pod
                .iter()
                .map(|id| store::entrant_name(&t.file, id))
                .collect();
            let title = if pods.len() > 1 {
                format!("{name} {}", k + 1)
            } else {
                name.to_owned()
            };
            let made = serde_json::json!({"repesca": {"per_group": plan.per_group,
                "rule": plan.rule, "places": places, "entry": plan.entry},
                "entrants": names, "bracket": bracket});
            let phase = (title.as_str(), seeding.as_str(), made);
            let id = open_phase(conn, &t, phase, &names, &bracket, actor, now, pins)?;
            ids.push(id);
        }
        Ok(ids)
    })
}

/// Stores knockout phase `bracket` of championship `t` (entrants `names`, by the
/// bracket's numbering) as a bracket linked to it, audited with `made`, and opens
/// tables for its first matches. `phase`: its name, seeding and audit. Returns its id.
#[allow(clippy::too_many_arguments)]
pub fn open_phase(
    conn: &mut DbConn,
    t: &Tournament,
    (name, seeding, made): (&str, &str, serde_json::Value),
    names: &[String],
    bracket: &Bracket,
    actor: &str,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> Result<i32, ChangeError> {
    let entrants = serde_json::to_string(names).map_err(corrupt)?;
    let document = serde_json::to_string(bracket).map_err(corrupt)?;
    let new = NewBracket {
        club_id: t.championship.club_id,
        championship_id: Some(t.championship.id),
        name,
        game: t.file.championship.game.slug(),
        entrants: &entrants,
        document: &document,
        seeding,
        paper: "a4",
        created_by: actor,
        created_at: now,
        updated_at: now,
    };
    let id = brackets::insert_audited(conn, &new, "create", made.to_string())?;
    open_bracket_tables(conn, t, id, bracket, names, actor, now, pins)?;
    store::write_status(conn, t.championship.id, &t.file)?;
    Ok(id)
}

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
        // A link left to a liguilla deleted without unlinking it gives way to this one.
        if let Some(stale) = liguilla::stale_link(conn, championship_id)? {
            let club = Some(t.championship.club_id);
            super::delete::unlink_audited(conn, &stale, club, (actor, now))?;
        }
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

/// The entrants (ids, in the bracket's numbering) and bracket of a knockout phase
/// seeded from the standings of `t`'s rounds, with the winners of its played repesca
/// when `qualify_by` asks for them.
pub fn knockout_of(
    conn: &mut DbConn,
    t: &Tournament,
    qualify_by: Qualify,
    shape: KnockoutShape,
) -> Result<(Vec<String>, Bracket), ChangeError> {
    let refused = |e: crate::domain::bracket::BracketError| match e {
        crate::domain::bracket::BracketError::TooFewToQualify { can, .. } => {
            ChangeError::Refused(Refusal::KnockoutTooFew(can))
        }
        e => ChangeError::Refused(Refusal::knockout(&e)),
    };
    match (qualify_by, shape) {
        (
            Qualify::PerGroup {
                per_group,
                fill: GroupFill::Played,
            },
            KnockoutShape::Single { third_place },
        ) => {
            let winners = repesca::repesca_winners(conn, t.championship.id, &t.file)?
                .ok_or(ChangeError::Refused(Refusal::RepescaUnfinished))?;
            let entry = repesca::repesca_entry_of(conn, t.championship.id)?;
            qualify::knockout_with_repesca_at(&t.file, per_group, &winners, third_place, &entry)
                .map_err(refused)
        }
        _ => qualify::knockout_from_standings(&t.file, qualify_by, shape).map_err(refused),
    }
}
