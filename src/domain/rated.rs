//! What the ratings take from the results: the rated games of each round of a
//! championship (a forfeit is not rated), and a finished club game as one rated
//! game. Above both the championships ([`super::tournament`]) and the rating engine
//! ([`super::rating`]), which know nothing of each other.

use std::collections::BTreeMap;

use super::GameKind;
use super::rating::{self, Config, History, Period, Played, PlayerId};
use super::tournament::{self, Outcome, TournamentFile};

/// One history per game: the periods of each game replayed alone (a cuatrola win
/// and a botifarra loss move two different ratings). `periods` is the whole history,
/// every period of one game, in order; in each game's history a point's `period` is
/// the index of its period in `periods`, and `labels` are that game's periods' labels.
pub fn histories(periods: &[(GameKind, Period)], config: &Config) -> BTreeMap<GameKind, History> {
    let mut by_game: BTreeMap<GameKind, Vec<usize>> = BTreeMap::new();
    for (i, (game, _)) in periods.iter().enumerate() {
        by_game.entry(*game).or_default().push(i);
    }
    by_game
        .into_iter()
        .map(|(game, indices)| {
            let own: Vec<Period> = indices.iter().map(|i| periods[*i].1.clone()).collect();
            let mut history = rating::replay(&own, config);
            for point in history.points.values_mut().flatten() {
                point.period = indices.get(point.period).copied().unwrap_or(point.period);
            }
            (game, history)
        })
        .collect()
}

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

/// Wins, draws and losses of one side against another.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// The head-to-head in each game: every rated game of `played` (each with its
/// game) that `score` reads a result of (1 won, ½ drew, 0 lost; `None` where the
/// two did not face each other), counted in its own game. The games they never met
/// in are left out.
pub fn head_to_head<'a>(
    played: impl IntoIterator<Item = (GameKind, &'a Played)>,
    score: impl Fn(&Played) -> Option<f64>,
) -> BTreeMap<GameKind, Tally> {
    let mut out: BTreeMap<GameKind, Tally> = BTreeMap::new();
    for (game, played) in played {
        let Some(s) = score(played) else { continue };
        let tally = out.entry(game).or_default();
        match s {
            s if s > 0.75 => tally.wins += 1,
            s if s < 0.25 => tally.losses += 1,
            _ => tally.draws += 1,
        }
    }
    out
}

/// The result for the side of players `side` against the side of players `other`
/// in one game of side against side, where the two sides are exactly those people
/// (in any order); `None` otherwise.
pub fn score_between_sides(played: &Played, side: &[PlayerId], other: &[PlayerId]) -> Option<f64> {
    let Played::Pairs { a, b, score_a } = played else {
        return None;
    };
    let same = |x: &[PlayerId], y: &[PlayerId]| {
        let x: std::collections::BTreeSet<_> = x.iter().collect();
        let y: std::collections::BTreeSet<_> = y.iter().collect();
        x == y
    };
    if same(a, side) && same(b, other) {
        Some(*score_a)
    } else if same(b, side) && same(a, other) {
        Some(1.0 - score_a)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::rating::tests::pair_game as pairs;

    #[test]
    fn a_person_who_won_at_cuatrola_and_lost_at_botifarra_is_above_the_newcomer_in_one_and_below_in_the_other()
     {
        let config = Config::default();
        let periods = [
            (GameKind::Cuatrola, pairs("c1", [1, 2], [3, 4], 1.0)),
            (GameKind::Botifarra, pairs("b1", [1, 5], [6, 7], 0.0)),
            (GameKind::Cuatrola, pairs("c2", [1, 2], [3, 4], 1.0)),
        ];
        let all = histories(&periods, &config);
        let newcomer = config.initial.rating;
        let cuatrola = all[&GameKind::Cuatrola].rating_of(1, &config).rating;
        let botifarra = all[&GameKind::Botifarra].rating_of(1, &config).rating;
        assert!(cuatrola > newcomer, "{cuatrola}");
        assert!(botifarra < newcomer, "{botifarra}");
        // Each game is the replay of its own periods alone, its points naming the
        // periods of the whole list.
        let alone = rating::replay(&[periods[1].1.clone()], &config);
        assert_eq!(all[&GameKind::Botifarra].current, alone.current);
        let at: Vec<usize> = all[&GameKind::Cuatrola].points[&1]
            .iter()
            .map(|p| p.period)
            .collect();
        assert_eq!(at, vec![0, 2]);
        // Someone who played only botifarra has a newcomer's cuatrola rating.
        assert_eq!(
            all[&GameKind::Cuatrola].rating_of(6, &config),
            config.initial
        );
        assert!(!all.contains_key(&GameKind::Tute));
    }

    #[test]
    fn a_cuatrola_win_and_a_botifarra_loss_against_the_same_pair_are_two_head_to_heads() {
        let cuatrola = pairs("c1", [1, 2], [3, 4], 1.0).games;
        let botifarra = pairs("b1", [4, 3], [2, 1], 1.0).games;
        let elsewhere = pairs("b2", [1, 2], [5, 6], 0.5).games;
        let played = cuatrola
            .iter()
            .map(|g| (GameKind::Cuatrola, g))
            .chain(botifarra.iter().map(|g| (GameKind::Botifarra, g)))
            .chain(elsewhere.iter().map(|g| (GameKind::Botifarra, g)));
        let met = head_to_head(played, |g| score_between_sides(g, &[2, 1], &[3, 4]));
        let won = Tally {
            wins: 1,
            ..Tally::default()
        };
        let lost = Tally {
            losses: 1,
            ..Tally::default()
        };
        assert_eq!(
            met.into_iter().collect::<Vec<_>>(),
            vec![(GameKind::Cuatrola, won), (GameKind::Botifarra, lost)]
        );
    }

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
