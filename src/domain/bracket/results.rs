//! A change to one match's result as a scorekeeper or director asks for it, applied
//! to the bracket: a winner and a score must agree, a correction voids what depended
//! on the match.

use super::{Bracket, BracketError, Correction, EntrantId, Match, MatchId};

/// A change to one match's result: a first result, a correction, or the result
/// cleared (a winner, or a score that names one, or both when they agree).
#[derive(Debug, Clone, Copy)]
pub enum Op {
    Record {
        winner: Option<usize>,
        score: Option<[u32; 2]>,
    },
    Correct {
        winner: Option<usize>,
        score: Option<[u32; 2]>,
    },
    Clear,
}

/// The entrant in slot `k` of match `id`.
fn slot_entrant(b: &Bracket, id: MatchId, k: usize) -> Result<EntrantId, BracketError> {
    b.get(id)
        .ok_or(BracketError::UnknownMatch(id))?
        .entrants()
        .get(k)
        .copied()
        .flatten()
        .ok_or(BracketError::NotReady(id))
}

/// Applies `op` to match `id`: what it voided and reopened.
pub fn apply(b: &mut Bracket, id: MatchId, op: Op) -> Result<Correction, BracketError> {
    // A winner and a score must agree.
    let check = |winner: Option<usize>, score: Option<[u32; 2]>| {
        if let (Some(w), Some([s0, s1])) = (winner, score)
            && ((w == 0 && s0 <= s1) || (w == 1 && s1 <= s0))
        {
            return Err(if s0 == s1 {
                BracketError::Draw(id)
            } else {
                BracketError::ScoreContradictsWinner(id)
            });
        }
        Ok(())
    };
    match op {
        Op::Record { winner, score } => {
            check(winner, score)?;
            let ready = match (score, winner) {
                (Some(s), _) => b.record_score(id, s)?,
                (None, Some(w)) => {
                    let e = slot_entrant(b, id, w)?;
                    b.record_result(id, e)?
                }
                (None, None) => return Err(BracketError::NotReady(id)),
            };
            Ok(Correction {
                voided: Vec::new(),
                reopened: ready,
            })
        }
        Op::Correct { winner, score } => {
            check(winner, score)?;
            match (score, winner) {
                (Some(s), _) => b.correct_score(id, s),
                (None, Some(w)) => {
                    let e = slot_entrant(b, id, w)?;
                    b.correct_result(id, e)
                }
                (None, None) => Err(BracketError::NotPlayed(id)),
            }
        }
        Op::Clear => b.clear_result(id),
    }
}

/// A short fingerprint of a match as a form showed it: its occupants, result and
/// status. A result form is still good after other matches changed (the bracket's
/// version moved on) as long as its own match did not.
pub fn match_state(m: &Match) -> String {
    let text = format!("{:?}|{:?}|{:?}", m.entrants(), m.result, m.status);
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::domain::bracket::{Status, single_elimination};

    #[test]
    fn a_score_that_contradicts_the_chosen_winner_is_refused() {
        let mut b = single_elimination(&(0..4).map(EntrantId).collect::<Vec<_>>(), false).unwrap();
        let m = b.playable()[0];
        let op = Op::Record {
            winner: Some(0),
            score: Some([3, 5]),
        };
        assert!(matches!(
            apply(&mut b, m, op),
            Err(BracketError::ScoreContradictsWinner(_))
        ));
        assert_eq!(b.get(m).unwrap().status, Status::Ready);
    }
}
