//! Who would have met, had a result been right from the start: each later round that
//! is already paired, paired again by the same engine from the same file with the
//! corrected result, and compared with the pairing it was given.
//!
//! Each later round `k` is paired again from rounds `1..k` as played (with the
//! correction) and the entrants as they were at its draw (one withdrawn after it
//! still in, as a withdrawal keeps the rounds paired when it was made), so the
//! answer reads "with what was played before it, round `k` would have been paired
//! so". Before that, round `k` is paired again from the file as it is: when that does
//! not give the pairing it has, the pairing was changed after the draw (by hand, or
//! in an imported file), and nothing can be said about it.

use super::file::{MatchResult, Pairing, System, TournamentFile};
use super::listing::entrant_name;
use super::next_round;
use crate::domain::bracket::Onward;
use std::collections::BTreeSet;

/// What a later round's pairing would have been with the corrected result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hindsight {
    /// The same entrants would have met.
    Same { round: u32 },
    /// These places of the round would have changed.
    Differs { round: u32, places: Vec<Moved> },
    /// The round's pairing is not the one the engine gives from the file: it was
    /// changed after the draw.
    ByHand { round: u32 },
    /// With the correction the round could not have been paired at all.
    Unpaired { round: u32 },
    /// A knockout match corrected: who would go on from it, and who would play the
    /// matches it feeds, by their names. `double` when the bracket is a double
    /// elimination (its winners' matches are named so).
    Knockout {
        onward: Onward<String>,
        double: bool,
    },
}

/// One place of a round (a table, or 0 for its bye or rest) whose meeting changes:
/// what was played there and what would have been.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moved {
    pub table: u32,
    pub played: Option<Meeting>,
    pub would: Option<Meeting>,
}

/// Who meet at a place, by their names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Meeting {
    Match(String, String),
    /// A bye (or a rest): nobody to play.
    Alone(String),
}

/// For each round after `round` that is already paired, in order, what its pairing
/// would have been had table `corrected.table` of round `round` had `corrected` as
/// its result. Nothing in a round robin (its schedule depends on no result) or for a
/// table that is not in the file.
pub fn hindsight(file: &TournamentFile, round: u32, corrected: &MatchResult) -> Vec<Hindsight> {
    if matches!(file.championship.system, System::RoundRobin { .. }) {
        return Vec::new();
    }
    let Some(at) = file.rounds.iter().position(|r| r.number == round) else {
        return Vec::new();
    };
    let mut fixed = file.clone();
    let results = &mut fixed.rounds[at].results;
    if !results.iter().any(|r| r.table == corrected.table) {
        return Vec::new();
    }
    results.retain(|r| r.table != corrected.table);
    results.push(corrected.clone());
    results.sort_by_key(|r| r.table);
    file.rounds
        .iter()
        .enumerate()
        .filter(|(_, r)| r.number > round)
        .map(|(k, later)| {
            let number = later.number;
            let as_played = next_round(&before(file, k));
            if as_played.map(|r| r.pairings).as_ref() != Ok(&later.pairings) {
                return Hindsight::ByHand { round: number };
            }
            match next_round(&before(&fixed, k)) {
                Err(_) => Hindsight::Unpaired { round: number },
                Ok(again) => compare(file, number, &later.pairings, &again.pairings),
            }
        })
        .collect()
}

/// The file with its first `k` rounds only: as it stood when round `k + 1` was
/// drawn. A withdrawal is kept as the number of rounds paired when it was made
/// ([`Entrant::plays_in`](super::file::Entrant::plays_in)), so a pair withdrawn
/// after that draw is still in it.
fn before(file: &TournamentFile, k: usize) -> TournamentFile {
    let mut f = file.clone();
    f.rounds.truncate(k);
    f
}

/// Who meet in a line of a draw, whatever its seats.
fn who(p: &Pairing) -> BTreeSet<&str> {
    p.entrants().into_iter().collect()
}

/// Every meeting of a draw.
fn met(ps: &[Pairing]) -> BTreeSet<BTreeSet<&str>> {
    ps.iter().map(who).collect()
}

/// The places of round `round` where `played` and `again` differ in who meets: a
/// place is named when what was played there is not met anywhere in `again`, or what
/// `again` has there was not met anywhere in `played` (a meeting only moved to
/// another table is not a change of who meets).
fn compare(file: &TournamentFile, round: u32, played: &[Pairing], again: &[Pairing]) -> Hindsight {
    let (was, would) = (met(played), met(again));
    if was == would {
        return Hindsight::Same { round };
    }
    let mut tables: Vec<u32> = played.iter().chain(again).map(Pairing::table).collect();
    tables.sort_unstable_by_key(|&t| (t == 0, t));
    tables.dedup();
    let at = |ps: &[Pairing], t: u32| ps.iter().find(|p| p.table() == t).cloned();
    let places = tables
        .into_iter()
        .filter_map(|t| {
            let (p, a) = (at(played, t), at(again, t));
            let gone = p.as_ref().is_some_and(|p| !would.contains(&who(p)));
            let new = a.as_ref().is_some_and(|a| !was.contains(&who(a)));
            (gone || new).then(|| Moved {
                table: t,
                played: p.map(|p| meeting(file, &p)),
                would: a.map(|a| meeting(file, &a)),
            })
        })
        .collect();
    Hindsight::Differs { round, places }
}

fn meeting(file: &TournamentFile, p: &Pairing) -> Meeting {
    let name = |id: &str| entrant_name(file, id);
    match p {
        Pairing::Table(t) => Meeting::Match(name(&t.a), name(&t.b)),
        Pairing::Bye(b) => Meeting::Alone(name(&b.bye)),
        Pairing::Rest(r) => Meeting::Alone(name(&r.rest)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::engine::GameKind;
    use crate::domain::tournament::file::{Championship, Entrant};
    use serde_json::Map;

    /// A Swiss of `n` pairs named "Pair 1".., seeded in that order, of `rounds` rounds.
    fn swiss(n: u32, rounds: u32) -> TournamentFile {
        let championship = Championship {
            starts_on: None,
            name: "Test".into(),
            game: GameKind::Botifarra,
            options: Map::new(),
            system: System::Swiss { rounds },
            match_format: Default::default(),
            points: Default::default(),
            tiebreaks: crate::domain::tournament::file::default_tiebreaks(),
            head_to_head: Default::default(),
            seed: 7,
            same_club: Default::default(),
            ties: Default::default(),
        };
        let entrants = (1..=n)
            .map(|i| Entrant {
                seed: Some(i),
                ..Entrant::new(i.to_string(), format!("Pair {i}"))
            })
            .collect();
        TournamentFile::new(championship, entrants)
    }

    /// Pairs the next round and gives every table's a-side the win.
    fn play_round(f: &mut TournamentFile) {
        play_round_by(f, |_| [101, 40]);
    }

    /// Pairs the next round and gives each table the score `score(table)`.
    fn play_round_by(f: &mut TournamentFile, score: impl Fn(u32) -> [u32; 2]) {
        let mut r = next_round(f).expect("pairs");
        r.results = r
            .pairings
            .iter()
            .filter_map(|p| match p {
                Pairing::Table(t) => Some(MatchResult {
                    table: t.table,
                    score: score(t.table),
                    ..MatchResult::default()
                }),
                _ => None,
            })
            .collect();
        f.rounds.push(r);
    }

    /// Table `t`'s score in round `round`: pair a wins at some tables, pair b at
    /// others, by various margins.
    fn mixed(round: u32, t: u32) -> [u32; 2] {
        let margin = 20 + 7 * ((round * 5 + t * 3) % 9);
        if (round + t).is_multiple_of(3) {
            [101 - margin, 101]
        } else {
            [101, 101 - margin]
        }
    }

    fn result(f: &TournamentFile, round: u32, table: u32) -> MatchResult {
        f.rounds[round as usize - 1]
            .result(table)
            .cloned()
            .expect("a result")
    }

    #[test]
    fn the_result_as_it_stands_pairs_every_later_round_the_same() {
        let mut f = swiss(8, 4);
        for _ in 0..3 {
            play_round(&mut f);
        }
        let same = hindsight(&f, 1, &result(&f, 1, 2));
        assert_eq!(
            same,
            vec![Hindsight::Same { round: 2 }, Hindsight::Same { round: 3 }]
        );
    }

    #[test]
    fn with_no_change_every_later_round_of_a_long_swiss_or_ceros_is_paired_exactly_as_it_was() {
        for (system, n, rounds) in [
            (System::Swiss { rounds: 5 }, 13, 5),
            (System::Ceros { losses: 2 }, 11, 3),
        ] {
            let mut f = swiss(n, 5);
            f.championship.system = system;
            for r in 1..=rounds {
                play_round_by(&mut f, |t| mixed(r, t));
            }
            for round in 1..rounds {
                let same: Vec<Hindsight> = (round + 1..=rounds)
                    .map(|round| Hindsight::Same { round })
                    .collect();
                for table in 1..=3 {
                    let seen = hindsight(&f, round, &result(&f, round, table));
                    assert_eq!(seen, same, "{system:?}, round {round}, table {table}");
                }
            }
        }
    }

    #[test]
    fn a_changed_bye_is_named_at_place_0_after_the_tables() {
        let mut f = swiss(7, 2);
        play_round_by(&mut f, |t| mixed(1, t));
        play_round(&mut f);
        let tables = (1..=3).map(|t| {
            let mut turned = result(&f, 1, t);
            turned.score = [turned.score[1], turned.score[0]];
            hindsight(&f, 1, &turned)
        });
        let byes: Vec<Moved> = tables
            .flat_map(|h| match h.as_slice() {
                [Hindsight::Differs { places, .. }] => places.clone(),
                _ => Vec::new(),
            })
            .filter(|m| m.table == 0)
            .collect();
        assert!(!byes.is_empty(), "some turned result moves the bye");
        for m in byes {
            assert!(matches!(m.played, Some(Meeting::Alone(_))), "{m:?}");
            assert!(matches!(m.would, Some(Meeting::Alone(_))), "{m:?}");
        }
    }

    #[test]
    fn a_result_turned_round_names_the_tables_whose_pairs_would_change() {
        let mut f = swiss(8, 3);
        play_round(&mut f);
        play_round(&mut f);
        let mut turned = result(&f, 1, 1);
        turned.score = [40, 101];
        let got = hindsight(&f, 1, &turned);
        let [Hindsight::Differs { round: 2, places }] = got.as_slice() else {
            panic!("round 2 would differ: {got:?}");
        };
        assert!(!places.is_empty());
        for m in places {
            assert_ne!(m.played, m.would, "table {}", m.table);
        }
        // The pairing the correction gives, table by table, is what is named.
        let mut fixed = f.clone();
        fixed.rounds.truncate(1);
        fixed.rounds[0].results[0] = turned;
        let again = next_round(&fixed).expect("pairs");
        for m in places {
            let there = again.pairings.iter().find(|p| p.table() == m.table);
            assert_eq!(m.would, there.map(|p| meeting(&f, p)));
        }
    }

    #[test]
    fn a_round_paired_by_hand_is_said_to_be_so() {
        let mut f = swiss(8, 3);
        play_round(&mut f);
        play_round(&mut f);
        let Pairing::Table(t) = &mut f.rounds[1].pairings[0] else {
            panic!("a table");
        };
        std::mem::swap(&mut t.a, &mut t.b);
        assert_eq!(
            hindsight(&f, 1, &result(&f, 1, 1)),
            vec![Hindsight::ByHand { round: 2 }]
        );
    }

    #[test]
    fn a_pair_withdrawn_between_rounds_leaves_every_round_drawn_before_paired_the_same() {
        for system in [System::Swiss { rounds: 4 }, System::Ceros { losses: 2 }] {
            for n in [8, 9] {
                for who in 1..=n {
                    for after in [2, 3] {
                        let mut f = swiss(n, 4);
                        f.championship.system = system;
                        for r in 1..=after {
                            play_round_by(&mut f, |t| mixed(r, t));
                        }
                        let e = f.entrants.iter_mut().find(|e| e.id == who.to_string());
                        e.expect("entrant").withdrawn_after_round = Some(after);
                        if next_round(&f).is_err() {
                            continue;
                        }
                        play_round_by(&mut f, |t| mixed(after + 1, t));
                        let same: Vec<Hindsight> = (2..=after + 1)
                            .map(|round| Hindsight::Same { round })
                            .collect();
                        let seen = hindsight(&f, 1, &result(&f, 1, 1));
                        assert_eq!(seen, same, "{system:?}, {n} pairs, {who} out after {after}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_round_robin_or_an_unknown_table_has_nothing_to_say() {
        let mut f = swiss(4, 3);
        play_round(&mut f);
        play_round(&mut f);
        let mut nowhere = result(&f, 1, 1);
        nowhere.table = 9;
        assert_eq!(hindsight(&f, 1, &nowhere), Vec::new());
        f.championship.system = System::RoundRobin {
            double: false,
            groups: 1,
        };
        assert_eq!(hindsight(&f, 1, &result(&f, 1, 1)), Vec::new());
    }
}
