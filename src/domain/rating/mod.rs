//! Player ratings: the Glicko-2 engine ([`glicko2`]) and the replay of a history of
//! rating periods (a championship round, a club day) into each player's rating after
//! every period. Pure: the periods and their games come in as arguments; beside the
//! rules core, it uses nothing else of the domain.
//!
//! * Pair games (cuatrola, botifarra, tute por parejas): each player is rated against
//!   the opposing pair's mean (mean rating, root mean square RD); a draw counts ½.
//! * Individual games (tute for 2 or 3, cinquillo): the finishing order becomes one
//!   result per pair of players (ahead wins, same place draws).

pub mod glicko2;

#[cfg(test)]
pub(crate) mod tests;

use std::collections::BTreeMap;

pub use glicko2::{Config, Game, Rating, expected_score, update};

/// The result for `player` against `other` in one game, if they sat on opposite sides
/// (1 won, ½ drew, 0 lost).
pub fn score_between(played: &Played, player: PlayerId, other: PlayerId) -> Option<f64> {
    match played {
        Played::Pairs { a, b, score_a } => {
            if a.contains(&player) && b.contains(&other) {
                Some(*score_a)
            } else if b.contains(&player) && a.contains(&other) {
                Some(1.0 - score_a)
            } else {
                None
            }
        }
        Played::Order(order) => {
            let place = |p: PlayerId| order.iter().find(|(q, _)| *q == p).map(|(_, n)| *n);
            let (mine, theirs) = (place(player)?, place(other)?);
            (player != other).then(|| match mine.cmp(&theirs) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            })
        }
    }
}

/// A player's id as stored (the `players` table).
pub type PlayerId = i32;

/// One game of a rating period.
#[derive(Debug, Clone, PartialEq)]
pub enum Played {
    /// Side against side (a pair, or one player where a championship is played
    /// alone); `score_a` is 1 if side `a` won, ½ for a draw, 0 if it lost.
    Pairs {
        a: Vec<PlayerId>,
        b: Vec<PlayerId>,
        score_a: f64,
    },
    /// Individual game: every player with the place they finished in (1 is first;
    /// equal places are a shared place).
    Order(Vec<(PlayerId, u32)>),
}

/// A rating period: what the people call it (a championship round, a club day) and its
/// games, all rated against the ratings at its start.
#[derive(Debug, Clone, PartialEq)]
pub struct Period {
    pub label: String,
    pub games: Vec<Played>,
}

/// A player's rating after one period in which they played.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Index of the period in the replayed list.
    pub period: usize,
    pub rating: Rating,
    /// Games (pairwise results for individual games) in that period.
    pub games: u32,
}

/// The outcome of a replay: every player's points (periods played) and their rating
/// now (with the RD grown for the periods they sat out).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct History {
    pub labels: Vec<String>,
    pub points: BTreeMap<PlayerId, Vec<Point>>,
    pub current: BTreeMap<PlayerId, Rating>,
}

impl History {
    /// The player's rating now, or the newcomer's rating if they never played.
    pub fn rating_of(&self, player: PlayerId, config: &Config) -> Rating {
        self.current.get(&player).copied().unwrap_or(config.initial)
    }
}

/// The games of one period seen from each player (pairwise for individual games).
pub fn games_by_player(
    period: &Period,
    ratings: &dyn Fn(PlayerId) -> Rating,
) -> BTreeMap<PlayerId, Vec<Game>> {
    let mut out: BTreeMap<PlayerId, Vec<Game>> = BTreeMap::new();
    for played in &period.games {
        match played {
            Played::Pairs { a, b, score_a } => {
                let side_a = mean(a.iter().map(|p| ratings(*p)));
                let side_b = mean(b.iter().map(|p| ratings(*p)));
                for p in a {
                    out.entry(*p).or_default().push(Game {
                        opponent: side_b,
                        score: *score_a,
                    });
                }
                for p in b {
                    out.entry(*p).or_default().push(Game {
                        opponent: side_a,
                        score: 1.0 - score_a,
                    });
                }
            }
            Played::Order(order) => {
                for (i, (p, place)) in order.iter().enumerate() {
                    for (j, (q, other)) in order.iter().enumerate() {
                        if i == j || p == q {
                            continue;
                        }
                        let score = match place.cmp(other) {
                            std::cmp::Ordering::Less => 1.0,
                            std::cmp::Ordering::Equal => 0.5,
                            std::cmp::Ordering::Greater => 0.0,
                        };
                        out.entry(*p).or_default().push(Game {
                            opponent: ratings(*q),
                            score,
                        });
                    }
                }
            }
        }
    }
    out
}

/// The mean of a side's ratings: mean rating, root mean square RD, mean volatility.
pub fn mean(ratings: impl Iterator<Item = Rating>) -> Rating {
    let mut n = 0.0;
    let (mut r, mut rd2, mut vol) = (0.0, 0.0, 0.0);
    for x in ratings {
        n += 1.0;
        r += x.rating;
        rd2 += x.rd * x.rd;
        vol += x.volatility;
    }
    if n == 0.0 {
        return Config::default().initial;
    }
    Rating {
        rating: r / n,
        rd: (rd2 / n).sqrt(),
        volatility: vol / n,
    }
}

/// Replays the periods in order from nobody rated: after each period every player who
/// played is updated from their games; every player already rated who sat it out has
/// their RD grown.
pub fn replay(periods: &[Period], config: &Config) -> History {
    let mut history = History::default();
    for (index, period) in periods.iter().enumerate() {
        history.labels.push(period.label.clone());
        let start = history.current.clone();
        let lookup = |p: PlayerId| start.get(&p).copied().unwrap_or(config.initial);
        let games = games_by_player(period, &lookup);
        for (player, rating) in &start {
            if !games.contains_key(player) {
                history
                    .current
                    .insert(*player, update(*rating, &[], config));
            }
        }
        for (player, list) in games {
            let after = update(lookup(player), &list, config);
            history.current.insert(player, after);
            history.points.entry(player).or_default().push(Point {
                period: index,
                rating: after,
                games: u32::try_from(list.len()).unwrap_or(u32::MAX),
            });
        }
    }
    history
}

/// Seeds 1..N by rating: highest rating first, then the smaller deviation (the
/// better known), then the order given.
pub fn seed_order<K: Clone>(entrants: &[(K, Rating)]) -> Vec<(K, u32)> {
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by(|a, b| {
        let (ra, rb) = (entrants[*a].1, entrants[*b].1);
        rb.rating
            .total_cmp(&ra.rating)
            .then(ra.rd.total_cmp(&rb.rd))
            .then(a.cmp(b))
    });
    order
        .into_iter()
        .enumerate()
        .map(|(seed, i)| {
            (
                entrants[i].0.clone(),
                u32::try_from(seed + 1).unwrap_or(u32::MAX),
            )
        })
        .collect()
}

/// A pair's seeding rating: the mean of its players' current ratings.
pub fn pair_rating(history: &History, players: &[PlayerId], config: &Config) -> Rating {
    mean(players.iter().map(|p| history.rating_of(*p, config)))
}
