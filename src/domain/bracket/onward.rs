//! Who would have gone on from a played match had its other entrant won it: the
//! winner who would go to the next match instead of the one who went, and for each
//! match it feeds (the winner's, and the loser's in a third-place match or a losers'
//! bracket) who played or plays there and who would with the correction.

use super::{Bracket, BracketError, EntrantId, MatchId, Stage, Status};

/// A played match's winner as it stands and as a correction would have it, with the
/// matches it feeds whose occupant would change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Onward<E = EntrantId> {
    pub id: MatchId,
    pub stage: Option<Stage>,
    /// Who won it and went on.
    pub went: E,
    /// Who would go on with the correction (the same when it keeps the winner).
    pub would: E,
    /// The matches fed from it whose occupant would change, in id order.
    pub next: Vec<NextMatch<E>>,
}

/// A match fed from a corrected match: who is (or was, if `played`) in its slot and
/// who would be with the correction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextMatch<E = EntrantId> {
    pub id: MatchId,
    pub stage: Option<Stage>,
    /// The slot is the corrected match's loser's (a third-place match, a losers'
    /// bracket, a grand final's reset), not its winner's.
    pub loser: bool,
    /// It was played with the occupant it has.
    pub played: bool,
    pub went: Option<E>,
    pub would: Option<E>,
}

impl<E> Onward<E> {
    /// The winner stays: nothing downstream moves.
    pub fn same(&self) -> bool
    where
        E: PartialEq,
    {
        self.went == self.would
    }

    /// The same, its entrants named by `name`.
    pub fn named<F>(self, name: impl Fn(&E) -> F) -> Onward<F> {
        Onward {
            id: self.id,
            stage: self.stage,
            went: name(&self.went),
            would: name(&self.would),
            next: self
                .next
                .into_iter()
                .map(|n| NextMatch {
                    id: n.id,
                    stage: n.stage,
                    loser: n.loser,
                    played: n.played,
                    went: n.went.as_ref().map(&name),
                    would: n.would.as_ref().map(&name),
                })
                .collect(),
        }
    }
}

impl Bracket {
    /// Who would go on from played match `id` had `winner` won it (see [`Onward`]).
    /// Nothing is changed.
    pub fn onward(&self, id: MatchId, winner: EntrantId) -> Result<Onward, BracketError> {
        let m = self.get(id).ok_or(BracketError::UnknownMatch(id))?;
        let went = m.result.ok_or(BracketError::NotPlayed(id))?.winner;
        let mut fixed = self.clone();
        fixed.correct_result(id, winner)?;
        let mut next = Vec::new();
        for (to, loser) in [(m.winner_to, false), (m.loser_to, true)] {
            let Some((dest, k)) = to else { continue };
            let (Some(now), Some(then)) = (self.get(dest), fixed.get(dest)) else {
                continue;
            };
            let (was, would) = (now.entrants[k], then.entrants[k]);
            if was != would {
                next.push(NextMatch {
                    id: dest,
                    stage: self.stage(dest),
                    loser,
                    played: now.status == Status::Played,
                    went: was,
                    would,
                });
            }
        }
        next.sort_by_key(|n| n.id);
        Ok(Onward {
            id,
            stage: self.stage(id),
            went,
            would: winner,
            next,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::domain::bracket::{RoundName, single_elimination};

    /// Four entrants 0..4 seeded so: the semi-finals are 0 v 3 and 1 v 2.
    fn four(third_place: bool) -> Bracket {
        single_elimination(&(0..4).map(EntrantId).collect::<Vec<_>>(), third_place).unwrap()
    }

    fn semi(b: &Bracket, n: u32) -> MatchId {
        b.matches()
            .iter()
            .find(|m| {
                b.stage(m.id)
                    .is_some_and(|s| s.name == RoundName::SemiFinal && s.number == Some(n))
            })
            .unwrap()
            .id
    }

    fn final_of(b: &Bracket) -> MatchId {
        b.matches()
            .iter()
            .find(|m| b.stage(m.id).is_some_and(|s| s.name == RoundName::Final))
            .unwrap()
            .id
    }

    #[test]
    fn the_other_semi_finalist_would_go_to_the_final_already_played_by_the_one_who_went() {
        let mut b = four(false);
        let (s1, s2, f) = (semi(&b, 1), semi(&b, 2), final_of(&b));
        let [a, c] = b.get(s1).unwrap().entrants().map(Option::unwrap);
        b.record_result(s1, a).unwrap();
        let [d, _] = b.get(s2).unwrap().entrants().map(Option::unwrap);
        b.record_result(s2, d).unwrap();
        b.record_result(f, a).unwrap();
        let before = b.clone();
        let seen = b.onward(s1, c).unwrap();
        assert_eq!(b, before, "nothing changed");
        assert_eq!((seen.went, seen.would), (a, c));
        assert!(!seen.same());
        assert_eq!(
            seen.stage.map(|s| (s.name, s.number)),
            Some((RoundName::SemiFinal, Some(1)))
        );
        assert_eq!(
            seen.next,
            vec![NextMatch {
                id: f,
                stage: b.stage(f),
                loser: false,
                played: true,
                went: Some(a),
                would: Some(c),
            }]
        );
    }

    #[test]
    fn a_final_not_yet_played_is_said_so_and_the_third_place_match_takes_the_other_loser() {
        let mut b = four(true);
        let (s1, s2) = (semi(&b, 1), semi(&b, 2));
        let [a, c] = b.get(s1).unwrap().entrants().map(Option::unwrap);
        b.record_result(s1, a).unwrap();
        let [d, e] = b.get(s2).unwrap().entrants().map(Option::unwrap);
        b.record_result(s2, d).unwrap();
        let third = b.get(s1).unwrap().loser_to().unwrap().0;
        b.record_result(third, e).unwrap();
        let seen = b.onward(s1, c).unwrap();
        let got: Vec<(bool, bool, Option<EntrantId>, Option<EntrantId>)> = seen
            .next
            .iter()
            .map(|n| (n.loser, n.played, n.went, n.would))
            .collect();
        let mut want = vec![
            (false, false, Some(a), Some(c)),
            (true, true, Some(c), Some(a)),
        ];
        if third < final_of(&b) {
            want.reverse();
        }
        assert_eq!(got, want);
    }

    #[test]
    fn the_same_winner_moves_nobody_and_an_unplayed_match_has_nobody_to_move() {
        let mut b = four(false);
        let s1 = semi(&b, 1);
        let [a, _] = b.get(s1).unwrap().entrants().map(Option::unwrap);
        assert_eq!(b.onward(s1, a), Err(BracketError::NotPlayed(s1)));
        b.record_result(s1, a).unwrap();
        let seen = b.onward(s1, a).unwrap();
        assert!(seen.same());
        assert!(seen.next.is_empty());
        let named = seen.named(|e| format!("Pareja {}", e.0 + 1));
        assert_eq!(named.went, "Pareja 1");
    }
}
