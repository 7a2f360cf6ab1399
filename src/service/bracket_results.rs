//! A bracket's results entered and corrected, its paper set, and a bracket deleted:
//! each a change with its audit row, in one transaction.

use crate::db::DbConn;
use crate::db::brackets::{self, BracketRow};
use crate::domain::bracket::{Bracket, BracketError, EntrantId, MatchId, Op, apply, match_state};
use crate::domain::refusal::Refusal;
use crate::error::AppError;
use crate::service::now;

/// A stored bracket, parsed.
pub struct Loaded {
    pub row: BracketRow,
    pub names: Vec<String>,
    pub bracket: Bracket,
}

impl Loaded {
    /// The name of entrant `e` (`#N` for one the bracket does not name).
    pub fn name(&self, e: EntrantId) -> String {
        self.names
            .get(e.0 as usize)
            .cloned()
            .unwrap_or_else(|| format!("#{}", e.0))
    }
}

/// The bracket of `row`, parsed.
pub fn parse_row(row: BracketRow) -> Result<Loaded, AppError> {
    let names: Vec<String> = serde_json::from_str(&row.entrants)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("bracket {} names: {e}", row.id)))?;
    let bracket: Bracket = serde_json::from_str(&row.document)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("bracket {} document: {e}", row.id)))?;
    Ok(Loaded {
        row,
        names,
        bracket,
    })
}

/// Bracket `id`, parsed; `NotFound` when there is none.
pub fn load(conn: &mut DbConn, id: i32) -> Result<Loaded, AppError> {
    let row = brackets::find_bracket(conn, id)?.ok_or(AppError::NotFound)?;
    parse_row(row)
}

/// What became of a result asked for.
pub enum Saved {
    Done,
    /// Someone changed the bracket after the form was read: nothing written.
    Stale,
    Refused(BracketError),
}

/// Applies `op` and audits it, in one transaction, if the bracket is still at
/// `version` or, for a new result, if its match is still in `state`.
pub fn save_result(
    conn: &mut DbConn,
    id: i32,
    m: MatchId,
    op: Op,
    (version, state): (i32, Option<String>),
    actor: &str,
) -> Result<Saved, AppError> {
    crate::db::write_tx(conn, |conn| {
        brackets::lock_bracket(conn, id)?;
        let l = load(conn, id)?;
        let unchanged_match = state.is_some_and(|s| l.bracket.get(m).map(match_state) == Some(s));
        if l.row.version != version && !unchanged_match {
            return Ok(Saved::Stale);
        }
        let version = l.row.version;
        let before = l.bracket.get(m).ok_or(AppError::NotFound)?.clone();
        let mut bracket = l.bracket.clone();
        let correction = match apply(&mut bracket, m, op) {
            Ok(c) => c,
            Err(e) => return Ok(Saved::Refused(e)),
        };
        let document = serde_json::to_string(&bracket)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("bracket json: {e}")))?;
        let at = now();
        if !brackets::update_document(conn, id, version, &document, at)? {
            return Ok(Saved::Stale);
        }
        let after = bracket.get(m).ok_or(AppError::NotFound)?;
        let outcome = |x: &crate::domain::bracket::Match| {
            serde_json::json!({
                "winner": x.result.map(|r| l.name(r.winner)),
                "score": x.result.and_then(|r| r.score),
            })
        };
        let codes = |ids: &[MatchId]| -> Vec<String> {
            ids.iter()
                .filter_map(|d| bracket.get(*d).map(|x| x.code()))
                .collect()
        };
        let action = match op {
            Op::Record { .. } => "record",
            Op::Correct { .. } => "correct",
            Op::Clear => "clear",
        };
        let mut before_json = outcome(&before);
        before_json["match"] = before.code().into();
        before_json["stage"] =
            serde_json::to_value(bracket.named_stage(before.id)).unwrap_or_default();
        before_json["version"] = version.into();
        let mut after_json = outcome(after);
        after_json["match"] = after.code().into();
        after_json["stage"] =
            serde_json::to_value(bracket.named_stage(after.id)).unwrap_or_default();
        after_json["version"] = (version + 1).into();
        after_json["voided"] = codes(&correction.voided).into();
        after_json["reopened"] = codes(&correction.reopened).into();
        brackets::audit(
            conn,
            l.row.audited(),
            (actor, at, action),
            Some(before_json.to_string()),
            Some(after_json.to_string()),
        )?;
        Ok(Saved::Done)
    })
}

/// Sets the paper of bracket `row` to `paper`, audited as `actor`'s.
pub fn set_paper_audited(
    conn: &mut DbConn,
    row: &BracketRow,
    paper: &str,
    actor: &str,
) -> Result<(), AppError> {
    crate::db::write_tx(conn, |conn| {
        brackets::set_paper(conn, row.id, paper)?;
        let before = serde_json::json!({ "paper": row.paper }).to_string();
        let after = serde_json::json!({ "paper": paper }).to_string();
        let by = (actor, now(), "paper");
        brackets::audit(conn, row.audited(), by, Some(before), Some(after))?;
        Ok(())
    })
}

/// Deletes bracket `row`, with its results, if nobody changed it since `version`;
/// the whole bracket stays in its audit row (the entry's "before").
pub fn delete_audited(
    conn: &mut DbConn,
    row: &BracketRow,
    version: i32,
    actor: &str,
) -> Result<(), AppError> {
    let before = serde_json::json!({
        "name": row.name,
        "game": row.game,
        "event_id": row.championship_id,
        "seeding": row.seeding,
        "paper": row.paper,
        "version": row.version,
        "entrants": serde_json::from_str::<serde_json::Value>(&row.entrants)
            .unwrap_or(serde_json::Value::Null),
        "document": serde_json::from_str::<serde_json::Value>(&row.document)
            .unwrap_or(serde_json::Value::Null),
    });
    crate::db::write_tx(conn, |conn| {
        if brackets::delete_bracket(conn, row.id, version)? != 1 {
            return Err(AppError::Refused(Refusal::BracketStale));
        }
        let by = (actor, now(), "delete");
        brackets::audit(conn, row.audited(), by, Some(before.to_string()), None)?;
        Ok(())
    })
}
