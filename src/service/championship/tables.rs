//! A championship's workflows over its tables, each in one transaction: drawing the
//! next round ([`pair_next_round`]) and a knockout phase seeded from the standings
//! ([`create_knockout`]); after every change to a table's partida, in the change's
//! transaction, turning the partidas into the table's proposed result, or, for a
//! confirmed table changed by the director or a referee, into a correction of the
//! championship ([`sync_after_change`]); the other pair's firma that confirms a
//! proposal ([`confirm`]); the director's result for a knockout table ([`finalize`]),
//! written into its bracket with the tables of the matches it makes ready
//! ([`record_in_bracket`]); the switch of a table to typed results
//! ([`switch_to_typed`]); and new PINs for a table ([`renew_pins`]).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::brackets;
use crate::db::championship::store::{self, ChangeError, Proposal, TableRow, Tournament};
use crate::db::championship::tables::{
    Draw, audit_table, audit_void, corrupt, current_result, deadline, delete_table, insert_tables,
    lock_table, match_state, open_bracket_tables, partida_of, random_pin, result_of, set_proposal,
    side_text, table_of_game, time_up,
};
use crate::db::games;
use crate::db::schema::championship_tables;
use crate::domain::account::same_secret;
use crate::domain::bracket::{Bracket, EntrantId, Format, MatchId, Status};
use crate::domain::refusal::{BeforeKnockout, Place, Refusal};
use crate::domain::status::{EntryMode, GameStatus, TableStatus};
use crate::domain::tournament::played::{self, Decided};
use crate::domain::tournament::qualify::{KnockoutShape, Qualify};
use crate::domain::tournament::{self, MatchResult, Side};
use crate::service::throttle::table_subject;

/// Who changed a table's game.
pub struct TableActor<'a> {
    /// The pair (`a` or `b`) whose PIN the change came with.
    pub side: Option<&'a str>,
    /// The director or a referee of the club.
    pub staff: bool,
    /// A correction whose dependents were shown and confirmed.
    pub confirmed: bool,
    pub actor: &'a str,
}

/// What a change to a game did to its table.
#[derive(Debug, PartialEq, Eq)]
pub enum Synced {
    /// The game is not a championship table's.
    NotATable,
    Unchanged,
    /// The match is over: its result waits for the other pair's firma.
    Proposed,
    /// A correction made the match unfinished again: the proposal is withdrawn.
    Withdrawn,
    /// A confirmed result changed (director or referee).
    Corrected,
}

/// After a change to game `game_id` (in the same transaction): the table's proposal
/// follows the partidas; a timed match's limits end its partida; a confirmed table's
/// result is corrected (its later dependents must have been confirmed).
pub fn sync_after_change(
    conn: &mut DbConn,
    game_id: i32,
    who: &TableActor,
    now: NaiveDateTime,
) -> Result<Synced, ChangeError> {
    let Some(game) = games::find_game(conn, game_id)? else {
        return Ok(Synced::NotATable);
    };
    let Some(row) = table_of_game(conn, &game)? else {
        return Ok(Synced::NotATable);
    };
    if row.typed != 0 {
        // Switched to a typed result: its game no longer speaks for the table.
        return Ok(Synced::Unchanged);
    }
    let t = store::load(conn, row.championship_id)?.ok_or(ChangeError::NotFound)?;
    let format = t.file.championship.match_format.clone();
    // A timed match ends its partida at the hand limit or when time is up.
    let (p, over) = partida_of(conn, &game, deadline(&format, &row))?;
    let knockout = row.phase != 0;
    if !over && played::partida_over_in(&format, &p, time_up(&format, &row, now), knockout) {
        let winner = match p.totals[0].cmp(&p.totals[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        games::set_outcome(conn, game.id, GameStatus::Finished.as_str(), winner)?;
    }
    let (_, decided) = match_state(conn, &format, &row, now)?;
    store::touch(conn, row.championship_id)?;
    if row.status == TableStatus::Final {
        if !who.staff {
            return Err(ChangeError::Refused(Refusal::TableConfirmed));
        }
        let Some(d) = decided else {
            return Err(ChangeError::Refused(Refusal::TableCorrectionUnfinished));
        };
        if current_result(conn, &t, &row)? == Some((d.score, d.winner)) {
            return Ok(Synced::Unchanged);
        }
        if row.phase == 0 {
            let round = row.round_no as u32;
            let table = row.table_no as u32;
            let dependents = tournament::dependents_of(&t.file, round, table);
            let result = result_of(table, d, &format, &row, now);
            if !dependents.is_empty() && !who.confirmed {
                return Err(ChangeError::Refused(Refusal::CorrectionConfirm(
                    dependents.iter().map(|&(r, x)| Place::new(r, x)).collect(),
                    tournament::hindsight(&t.file, round, &result),
                )));
            }
            super::record_result(
                conn,
                row.championship_id,
                round,
                result,
                None,
                "correct",
                who.actor,
                now,
            )?;
        } else {
            record_in_bracket(conn, &t, &row, d, (true, who.confirmed), (who.actor, now))?;
        }
        return Ok(Synced::Corrected);
    }
    // The pair whose PIN the change came with (none for the director or a referee).
    let side = if who.staff { None } else { who.side };
    let by_pair = side.and_then(Side::of_letter);
    match decided {
        Some(d) => {
            if row.phase != 0 && d.winner.is_none() {
                // A knockout match needs a winner: play on.
                return Ok(Synced::Unchanged);
            }
            let proposal = Proposal {
                status: TableStatus::Proposed.as_str(),
                proposed_a: Some(d.score[0] as i32),
                proposed_b: Some(d.score[1] as i32),
                proposed_side: side,
                proposed_winner: side_text(d.winner),
            };
            if set_proposal(conn, &row, &proposal, now)? != 1 {
                return Err(ChangeError::Stale);
            }
            audit_table(conn, &t, &row, "propose", who.actor, now, Some(&d), by_pair)?;
            Ok(Synced::Proposed)
        }
        None if row.status == TableStatus::Proposed => {
            set_proposal(conn, &row, &Proposal::NONE, now)?;
            audit_table(conn, &t, &row, "withdraw", who.actor, now, None, by_pair)?;
            Ok(Synced::Withdrawn)
        }
        None => Ok(Synced::Unchanged),
    }
}

/// The other pair confirms the proposal of a table (its firma): the result becomes
/// final in the championship (or its knockout phase). `signer` is the side whose PIN
/// confirmed; the proposer's side never does.
pub fn confirm(
    conn: &mut DbConn,
    row: &TableRow,
    signer: &str,
    actor: &str,
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    if row.proposed_side.as_deref() == Some(signer) {
        return Err(ChangeError::Refused(Refusal::SignOtherSide));
    }
    crate::db::write_tx(conn, |conn| {
        let (t, fresh) = lock_table(conn, row)?;
        if fresh.version != row.version || fresh.status != TableStatus::Proposed {
            return Err(ChangeError::Stale);
        }
        let (Some(a), Some(b)) = (fresh.proposed_a, fresh.proposed_b) else {
            return Err(ChangeError::Stale);
        };
        let winner = fresh.proposed_winner.as_deref().and_then(Side::of_letter);
        let d = Decided {
            score: [a.max(0) as u32, b.max(0) as u32],
            winner,
        };
        let format = t.file.championship.match_format.clone();
        if fresh.phase == 0 {
            // At a table switched to typed results, the proposal was typed.
            let result = MatchResult {
                typed: fresh.typed != 0 && fresh.game_id.is_some(),
                ..result_of(fresh.table_no as u32, d, &format, &fresh, now)
            };
            super::record_result(
                conn,
                fresh.championship_id,
                fresh.round_no as u32,
                result,
                Some(fresh.version),
                "confirm",
                actor,
                now,
            )
        } else {
            record_in_bracket(conn, &t, &fresh, d, (false, false), (actor, now))
        }
    })
}

/// A knockout phase of the championship seeded from its standings: the bracket
/// (linked to the championship), audited, with tables for its first matches. Every
/// round drawn must have its results. With rounds of a Swiss or of a league still to
/// play it is refused unless `early` (the director's word that they will not be
/// played), and then the audit says how many were left unplayed, and of which. Returns
/// the bracket's id.
#[allow(clippy::too_many_arguments)]
pub fn create_knockout(
    conn: &mut DbConn,
    championship_id: i32,
    (name, early): (&str, bool),
    qualify_by: Qualify,
    shape: KnockoutShape,
    actor: &str,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> Result<i32, ChangeError> {
    crate::db::write_tx(conn, |conn| {
        store::touch(conn, championship_id)?;
        let t = store::load(conn, championship_id)?.ok_or(ChangeError::NotFound)?;
        super::before_knockout(conn, championship_id, BeforeKnockout::Knockout)?;
        crate::domain::tournament::rounds_complete(&t.file)?;
        use crate::domain::tournament::{RoundsLeft, rounds_left};
        let left = rounds_left(&t.file);
        match left {
            Some(RoundsLeft::Swiss(n)) if !early => {
                return Err(ChangeError::Refused(Refusal::SwissRoundsLeft(n)));
            }
            Some(RoundsLeft::League(n)) if !early => {
                return Err(ChangeError::Refused(Refusal::LeagueRoundsLeft(n)));
            }
            _ => {}
        }
        // A repesca liguilla's best join the knockout: it waits for them.
        if crate::db::championship::liguilla::load(conn, championship_id)?
            .is_some_and(|l| l.best.is_none())
        {
            return Err(ChangeError::Refused(Refusal::RepescaUnfinished));
        }
        let (ids, bracket) = super::repesca::knockout_of(conn, &t, qualify_by, shape)?;
        let names: Vec<String> = ids
            .iter()
            .map(|id| store::entrant_name(&t.file, id))
            .collect();
        let seeding = format!("standings:{championship_id}");
        let mut made = serde_json::json!({"qualify": qualify_by, "shape": shape,
            "entrants": names, "bracket": bracket});
        if let Some(left) = left {
            made["unplayed_rounds"] = left.count().into();
            if let RoundsLeft::League(_) = left {
                made["unplayed_of"] = "league".into();
            }
        }
        let phase = (name, seeding.as_str(), made);
        super::repesca::open_phase(conn, &t, phase, &names, &bracket, actor, now, pins)
    })
}

/// The director's or a referee's result for a knockout table (typed, or an override
/// of the proposal): final at once, in the bracket. `flags` are (correcting,
/// confirmed), `by` the actor and the time.
pub fn finalize(
    conn: &mut DbConn,
    row: &TableRow,
    d: Decided,
    flags: (bool, bool),
    by: (&str, NaiveDateTime),
) -> Result<(), ChangeError> {
    crate::db::write_tx(conn, |conn| {
        let (t, fresh) = lock_table(conn, row)?;
        record_in_bracket(conn, &t, &fresh, d, flags, by)
    })
}

/// The director switches a table that plays hand by hand to typed results (its
/// phone died): the hands entered stay in its game; the table types its result.
pub fn switch_to_typed(
    conn: &mut DbConn,
    row: &TableRow,
    version: i32,
    actor: &str,
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    audited_table_change(conn, row, "typed", (actor, now), |conn| {
        let typed = championship_tables::typed.eq(1);
        store::update_table(conn, (row.id, version), typed, now)
    })
}

/// The organiser gives table `row` new PINs for both pairs (a slip lost, a PIN seen
/// by someone else), each unlike the one it replaces: the grants made from the old
/// ones end, and the wrong PINs tried against them are forgotten (they tell nothing
/// of the new). The audit says who did it, never the PINs.
pub fn renew_pins(
    conn: &mut DbConn,
    row: &TableRow,
    version: i32,
    actor: &str,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> Result<(), ChangeError> {
    let mut new = store::two_pins(pins);
    for _ in 0..20 {
        if !same_secret(&new.0, &row.pin) && !same_secret(&new.1, &row.pin_b) {
            break;
        }
        new = store::two_pins(pins);
    }
    audited_table_change(conn, row, "pins", (actor, now), |conn| {
        let written = store::set_pins(conn, (row.id, version), (&new.0, &new.1), now)?;
        if written {
            crate::db::accounts::clear_failures(conn, &table_subject(row.id))?;
        }
        Ok(written)
    })
}

/// In one transaction, a change to table `row` that `write` makes (false: the row
/// was no longer at the version read, and the change is stale), audited as `action`
/// with who made it and when (`by`).
fn audited_table_change(
    conn: &mut DbConn,
    row: &TableRow,
    action: &str,
    by: (&str, NaiveDateTime),
    write: impl FnOnce(&mut DbConn) -> QueryResult<bool>,
) -> Result<(), ChangeError> {
    let (actor, now) = by;
    crate::db::write_tx(conn, |conn| {
        store::touch(conn, row.championship_id)?;
        if !write(conn)? {
            return Err(ChangeError::Stale);
        }
        let t = store::load(conn, row.championship_id)?.ok_or(ChangeError::NotFound)?;
        audit_table(conn, &t, row, action, actor, now, None, None)?;
        Ok(())
    })
}

/// The director moves the match of `row` to hall table `physical` (its own table
/// broke): false, and nothing written, while another match of the round not yet
/// decided plays there. The table left is not given to a waiting match.
pub fn move_table(
    conn: &mut DbConn,
    row: &TableRow,
    version: i32,
    physical: i32,
    actor: &str,
    now: NaiveDateTime,
) -> Result<bool, ChangeError> {
    crate::db::write_tx(conn, |conn| {
        store::touch(conn, row.championship_id)?;
        if store::physical_busy(conn, row, physical)? {
            return Ok(false);
        }
        let moved = championship_tables::physical.eq(Some(physical));
        if !store::update_table(conn, (row.id, version), moved, now)? {
            return Err(ChangeError::Stale);
        }
        let t = store::load(conn, row.championship_id)?.ok_or(ChangeError::NotFound)?;
        crate::db::championship::tables::audit_move(conn, &t, row, physical, actor, now)?;
        Ok(true)
    })
}

/// Pairs the next round with the domain and lays out its tables. Before round 1, if
/// anyone checked in, those who did not are withdrawn (absent). Returns the round.
pub fn pair_next_round(
    conn: &mut DbConn,
    championship_id: i32,
    tables_available: Option<i32>,
    actor: &str,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> Result<u32, ChangeError> {
    super::change(conn, championship_id, actor, now, |conn, t| {
        super::before_knockout(conn, championship_id, BeforeKnockout::Round)?;
        if let Some(n) = tables_available {
            t.tables_available = n.max(0);
        }
        let mut absent = Vec::new();
        if t.file.rounds.is_empty() && !t.checked_in.is_empty() {
            for e in &mut t.file.entrants {
                if !t.checked_in.contains(&e.id) && e.withdrawn_after_round.is_none() {
                    e.withdrawn_after_round = Some(0);
                    absent.push(e.id.clone());
                }
            }
        }
        let round = tournament::next_round(&t.file)?;
        let number = round.number;
        let draw = Draw {
            championship_id,
            club_id: t.championship.club_id,
            file: &t.file,
            hands: t.entry_mode == EntryMode::Hands,
            actor,
        };
        insert_tables(conn, &draw, &round, t.tables_available, pins, now)?;
        let after = serde_json::json!({ "round": &round, "absent": absent });
        t.file.rounds.push(round);
        Ok((
            number,
            super::Audit {
                action: "pair",
                entity: "round",
                entity_id: number as i32,
                before: None,
                after: Some(after),
            },
        ))
    })
}

/// Records (or corrects) a knockout match's result in its bracket, marks the table
/// final and opens tables for the matches that became ready.
pub(super) fn record_in_bracket(
    conn: &mut DbConn,
    t: &Tournament,
    row: &TableRow,
    d: Decided,
    (correcting, confirmed): (bool, bool),
    (actor, now): (&str, NaiveDateTime),
) -> Result<(), ChangeError> {
    // A result typed at the table names no winner: its score does.
    let d = Decided {
        winner: d.winner.or_else(|| Side::by_score(d.score)),
        ..d
    };
    brackets::lock_bracket(conn, row.phase)?;
    let b = brackets::find_bracket(conn, row.phase)?.ok_or(ChangeError::NotFound)?;
    let mut bracket: Bracket = serde_json::from_str(&b.document).map_err(corrupt)?;
    let m = MatchId(row.table_no.max(1) as u32 - 1);
    let names: Vec<String> = serde_json::from_str(&b.entrants).map_err(corrupt)?;
    let played = bracket.get(m).ok_or(ChangeError::NotFound)?;
    let (entrants, pairs) = (played.entrants(), played.entrant_names(&names));
    let winner = match d.winner {
        Some(Side::A) => entrants[0],
        Some(Side::B) => entrants[1],
        None => None,
    }
    .ok_or(ChangeError::Refused(Refusal::KnockoutDraw))?;
    let refused = |e: crate::domain::bracket::BracketError| {
        ChangeError::Refused(Refusal::bad_bracket(&e, &b.name))
    };
    let before = bracket.clone();
    if correcting {
        // The matches played since that depend on it are annulled: listed first
        // (`0.T`: table T of this phase), done once confirmed.
        let dependents = bracket.dependents(m);
        if !dependents.is_empty() && !confirmed {
            // With them, who would go on from it and play the matches it feeds.
            let name = |e: &EntrantId| e.name_in(&names).unwrap_or_default();
            let onward = bracket.onward(m, winner).map_err(refused)?.named(name);
            let double = matches!(bracket.format(), Format::DoubleElimination { .. });
            return Err(ChangeError::Refused(Refusal::CorrectionConfirm(
                dependents.iter().map(|x| Place::new(0, x.0 + 1)).collect(),
                vec![tournament::Hindsight::Knockout { onward, double }],
            )));
        }
        if Side::by_score(d.score) == d.winner {
            bracket.correct_score(m, d.score).map_err(refused)?;
        } else {
            bracket.correct_result(m, winner).map_err(refused)?;
        }
    } else if Side::by_score(d.score) == d.winner {
        bracket.record_score(m, d.score).map_err(refused)?;
    } else {
        bracket.record_result(m, winner).map_err(refused)?;
    }
    let document = serde_json::to_string(&bracket).map_err(corrupt)?;
    if !brackets::update_document(conn, b.id, b.version, &document, now)? {
        return Err(ChangeError::Stale);
    }
    store::write_status(conn, t.championship.id, &t.file)?;
    let result = (
        championship_tables::status.eq(TableStatus::Final.as_str()),
        championship_tables::proposed_a.eq(Some(d.score[0] as i32)),
        championship_tables::proposed_b.eq(Some(d.score[1] as i32)),
        championship_tables::proposed_winner.eq(side_text(d.winner)),
    );
    if !store::update_table(conn, (row.id, row.version), result, now)? {
        return Err(ChangeError::Stale);
    }
    let mut after = serde_json::json!({
        "match": bracket.get(m).map(|x| x.code()),
        "stage": bracket.named_stage(m),
        "winner": winner.name_in(&names),
        "score": d.score, "version": b.version + 1,
    });
    crate::db::accounts::set_pairs(&mut after, pairs);
    let action = if correcting { "correct" } else { "confirm" };
    brackets::audit(
        conn,
        b.audited(),
        (actor, now, action),
        None,
        Some(after.to_string()),
    )?;
    if correcting {
        // Tables whose match was annulled, or whose pairs changed, start again.
        for other in store::phase_tables(conn, t.championship.id, b.id)? {
            if other.id == row.id {
                continue;
            }
            let id = MatchId(other.table_no.max(1) as u32 - 1);
            let (Some(old), Some(new)) = (before.get(id), bracket.get(id)) else {
                continue;
            };
            let annulled = other.status == TableStatus::Final && new.status != Status::Played;
            if annulled || old.entrants() != new.entrants() {
                delete_table(conn, other.id)?;
                audit_void(conn, t, &other, old.entrant_names(&names), (actor, now))?;
            }
        }
    }
    open_bracket_tables(conn, t, b.id, &bracket, &names, actor, now, &mut random_pin)?;
    Ok(())
}
