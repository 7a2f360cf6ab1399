//! A match of several partidas ("al mejor de tres"): the partidas each side has won,
//! and the side that has won the match.

/// The state of a match of `best_of` partidas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchTally {
    /// Partidas won per side.
    pub wins: Vec<i32>,
    /// The side that has won more than half of `best_of`, once one has.
    pub winner: Option<usize>,
}

/// The tally of a match among `sides` sides, best of `best_of`, from the winning side
/// of each partida so far (`None`: not won yet; a side out of range counts for none).
pub fn match_tally(
    winners: impl IntoIterator<Item = Option<i32>>,
    sides: usize,
    best_of: i32,
) -> MatchTally {
    let mut wins = vec![0; sides];
    for w in winners {
        if let Some(slot) = w
            .and_then(|w| usize::try_from(w).ok())
            .and_then(|w| wins.get_mut(w))
        {
            *slot += 1;
        }
    }
    let needed = best_of / 2 + 1;
    let winner = wins.iter().position(|w| *w >= needed);
    MatchTally { wins, winner }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_best_of_three_is_won_by_the_first_side_to_two() {
        let t = match_tally([Some(1), Some(0)], 2, 3);
        assert_eq!(t.wins, vec![1, 1]);
        assert_eq!(t.winner, None);
        let t = match_tally([Some(1), Some(0), None, Some(1)], 2, 3);
        assert_eq!(t.wins, vec![1, 2]);
        assert_eq!(t.winner, Some(1));
    }

    #[test]
    fn a_winner_out_of_range_counts_for_no_side() {
        let t = match_tally([Some(5), Some(-1)], 2, 1);
        assert_eq!(t.wins, vec![0, 0]);
        assert_eq!(t.winner, None);
    }
}
