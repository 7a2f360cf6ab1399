//! What the ratings take from the results: the rated games of each round of a
//! championship (a forfeit is not rated), and a finished club game as one rated
//! game. Above both the championships ([`super::tournament`]) and the rating engine
//! ([`super::rating`]), which know nothing of each other.

use std::collections::BTreeMap;

use super::rating::{Played, PlayerId};
use super::tournament::{self, Outcome, TournamentFile};

/// The outcome of one match of a championship file (`None`: a forfeit, not rated).
fn outcome_of(file: &TournamentFile, r: &tournament::MatchResult) -> Option<Outcome> {
    if r.forfeit.is_some() {
        return None;
    }
    let e = &file.championship;
    tournament::check_outcome(
        e.game,
        &e.options,
        &e.match_format,
        r.score[0],
        r.score[1],
        r.winner,
    )
    .ok()
}

/// The rated games of each round of championship `file`, whose entrants are the
/// players `ids` gives by entrant id (an entrant it does not name is not rated):
/// `(round, games)`, first round first, rounds with no rated game left out.
pub fn championship_rounds(
    file: &TournamentFile,
    ids: &BTreeMap<&str, Vec<PlayerId>>,
) -> Vec<(u32, Vec<Played>)> {
    let mut rounds = Vec::new();
    for round in &file.rounds {
        let mut played = Vec::new();
        for pairing in &round.pairings {
            let tournament::Pairing::Table(t) = pairing else {
                continue;
            };
            let (Some(a), Some(b), Some(result)) = (
                ids.get(t.a.as_str()),
                ids.get(t.b.as_str()),
                round.result(t.table),
            ) else {
                continue;
            };
            let score_a = match outcome_of(file, result) {
                Some(Outcome::A) => 1.0,
                Some(Outcome::B) => 0.0,
                Some(Outcome::Draw) => 0.5,
                None => continue,
            };
            played.push(Played::Pairs {
                a: a.clone(),
                b: b.clone(),
                score_a,
            });
        }
        if !played.is_empty() {
            rounds.push((round.number, played));
        }
    }
    rounds
}

/// A finished club game, its players by side and the side that won, as one rated
/// game: side against side when there are two sides of two or more, else the
/// finishing order (the winners first, everyone else second).
pub fn club_game(sides: &[Vec<PlayerId>], winner: usize) -> Played {
    if sides.len() == 2 && sides.iter().all(|s| s.len() > 1) {
        Played::Pairs {
            a: sides[0].clone(),
            b: sides[1].clone(),
            score_a: if winner == 0 { 1.0 } else { 0.0 },
        }
    } else {
        Played::Order(
            sides
                .iter()
                .enumerate()
                .flat_map(|(i, side)| {
                    side.iter()
                        .map(move |p| (*p, if i == winner { 1 } else { 2 }))
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_club_game_of_two_pairs_is_side_against_side_and_of_three_players_an_order() {
        let pairs = [vec![1, 3], vec![2, 4]];
        assert_eq!(
            club_game(&pairs, 1),
            Played::Pairs {
                a: vec![1, 3],
                b: vec![2, 4],
                score_a: 0.0
            }
        );
        let three = [vec![7], vec![8], vec![9]];
        assert_eq!(
            club_game(&three, 2),
            Played::Order(vec![(7, 2), (8, 2), (9, 1)])
        );
    }
}
