//! Tests of the whole tournament domain through its public API.
#![allow(clippy::type_complexity)]

use super::*;
use crate::domain::engine::GameKind;
use crate::domain::tournament::file::default_tiebreaks;
use proptest::prelude::*;
use serde_json::{Map, json};
use std::collections::{BTreeMap, BTreeSet};

const TIMED: MatchFormat = MatchFormat::usual_timed(crate::domain::tournament::Draws::Stand);

fn championship(system: System) -> Championship {
    Championship {
        starts_on: None,
        name: "Test".into(),
        game: GameKind::Botifarra,
        options: Map::new(),
        system,
        match_format: TIMED,
        points: Points::default(),
        // The default criteria without head-to-head.
        tiebreaks: default_tiebreaks()
            .into_iter()
            .filter(|t| *t != Tiebreak::HeadToHead)
            .collect(),
        head_to_head: HeadToHead::default(),
        seed: 7,
        same_club: SameClub::default(),
        ties: Default::default(),
    }
}

fn entrants(n: u32) -> Vec<Entrant> {
    (1..=n)
        .map(|i| {
            let mut e = Entrant::new(i.to_string(), format!("Pair {i}"));
            e.seed = Some(i);
            e
        })
        .collect()
}

fn tournament(system: System, n: u32) -> TournamentFile {
    TournamentFile {
        brackets: Vec::new(),
        repesca_liguilla: None,
        format: FORMAT.into(),
        championship: championship(system),
        entrants: entrants(n),
        rounds: Vec::new(),
    }
}

/// A round robin, single or double, in `groups` groups.
fn round_robin(double: bool, groups: u32) -> System {
    System::RoundRobin { double, groups }
}

fn seed(id: &str) -> u32 {
    id.parse().unwrap_or(0)
}

/// Pairs the next round and fills in results from `score(round, a_seed, b_seed)`.
fn play(
    file: &mut TournamentFile,
    score: &dyn Fn(u32, u32, u32) -> [u32; 2],
) -> Result<(), PairingError> {
    let mut round = next_round(file)?;
    let number = round.number;
    fill_results(&mut round, |t| score(number, seed(&t.a), seed(&t.b)));
    file.rounds.push(round);
    Ok(())
}

/// Puts a result at every table of `round`: the scores `score(table)`.
fn fill_results(round: &mut Round, mut score: impl FnMut(&TablePairing) -> [u32; 2]) {
    round.results = round
        .pairings
        .iter()
        .filter_map(|p| match p {
            Pairing::Table(t) => {
                let [a, b] = score(t);
                Some(MatchResult::new(t.table, a, b))
            }
            _ => None,
        })
        .collect();
}

/// Whether `id` has had a bye in a round of `f` so far.
fn had_bye(f: &TournamentFile, id: &str) -> bool {
    f.rounds
        .iter()
        .flat_map(ids)
        .any(|(a, x)| a == id && x == "bye")
}

/// The stronger (lower) seed wins 101 to a score that depends on both.
fn favourite(r: u32, a: u32, b: u32) -> [u32; 2] {
    let lose = 40 + (a * 7 + b * 3 + r * 11) % 60;
    if a < b { [101, lose] } else { [lose, 101] }
}

fn ids(round: &Round) -> Vec<(String, String)> {
    round
        .pairings
        .iter()
        .map(|p| match p {
            Pairing::Table(t) => (t.a.clone(), t.b.clone()),
            Pairing::Bye(b) => (b.bye.clone(), "bye".into()),
            Pairing::Rest(r) => (r.rest.clone(), "rest".into()),
        })
        .collect()
}

/// The next round, or `None` when pairing it fails with `end`; any other failure fails
/// the property.
fn next_unless(f: &TournamentFile, end: PairingError) -> Result<Option<Round>, TestCaseError> {
    match next_round(f) {
        Ok(r) => Ok(Some(r)),
        Err(e) if e == end => Ok(None),
        Err(e) => Err(TestCaseError::fail(e.to_string())),
    }
}

/// Everyone a round seats at a table or byes, in order.
fn seated(round: &Round) -> Vec<String> {
    let mut seen: Vec<String> = round
        .pairings
        .iter()
        .flat_map(|p| p.entrants().into_iter().map(str::to_string))
        .collect();
    seen.sort();
    seen
}

fn sorted(ids: &[String]) -> Vec<String> {
    let mut v = ids.to_vec();
    v.sort();
    v
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

// ---------------------------------------------------------------- round robin

#[test]
fn a_round_robin_of_six_follows_the_fide_table() {
    let mut f = tournament(round_robin(false, 1), 6);
    let expected = [
        "1-6 2-5 3-4",
        "6-4 5-3 1-2",
        "2-6 3-1 4-5",
        "6-5 1-4 2-3",
        "3-6 4-2 5-1",
    ];
    for want in expected {
        play(&mut f, &favourite).expect("round");
        let got: Vec<String> = ids(f.rounds.last().expect("round"))
            .iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        assert_eq!(got.join(" "), want);
    }
    assert_eq!(next_round(&f), Err(PairingError::Finished));
}

#[test]
fn an_odd_round_robin_gives_one_rest_per_round_and_a_double_one_swaps_the_last_two_rounds() {
    let mut f = tournament(round_robin(true, 1), 5);
    let mut rested = BTreeMap::new();
    for _ in 0..10 {
        play(&mut f, &favourite).expect("round");
    }
    assert_eq!(next_round(&f), Err(PairingError::Finished));
    for r in &f.rounds {
        let rests: Vec<String> = ids(r)
            .into_iter()
            .filter(|(_, b)| b == "rest")
            .map(|(a, _)| a)
            .collect();
        assert_eq!(rests.len(), 1);
        *rested.entry(rests[0].clone()).or_insert(0) += 1;
    }
    assert!(rested.values().all(|&c| c == 2), "{rested:?}");
    // Round 4 of the first cycle is Berger round 5 (3-6 → 3 rests), round 5 is Berger 4.
    assert_eq!(ids(&f.rounds[3])[2], ("3".into(), "rest".into()));
    assert_eq!(ids(&f.rounds[4])[2], ("5".into(), "rest".into()));
    // The segunda vuelta reverses the sides of round 1.
    assert_eq!(ids(&f.rounds[5])[0], ("5".into(), "2".into()));
    let rows = standings(&f);
    assert_eq!(rows[0].id, "1");
    assert_eq!((rows[0].wins, rows[0].played), (8, 8));
}

#[test]
fn liguillas_are_filled_by_seed_in_snake_order_and_ranked_inside_each_group() {
    let mut f = tournament(round_robin(false, 2), 8);
    for _ in 0..3 {
        play(&mut f, &favourite).expect("round");
    }
    // Groups: 1 4 5 8 and 2 3 6 7.
    let r1 = ids(&f.rounds[0]);
    assert_eq!(r1, pairs(&[("1", "8"), ("4", "5"), ("2", "7"), ("3", "6")]));
    let rows = standings(&f);
    let g: BTreeMap<&str, (Option<u32>, Option<u32>)> = rows
        .iter()
        .map(|r| (r.id.as_str(), (r.group, r.group_rank)))
        .collect();
    assert_eq!(g["1"], (Some(1), Some(1)));
    assert_eq!(g["2"], (Some(2), Some(1)));
    assert_eq!(g["8"], (Some(1), Some(4)));
    assert_eq!(g["7"], (Some(2), Some(4)));
    assert_eq!(next_round(&f), Err(PairingError::Finished));
}

#[test]
fn a_withdrawn_entrant_is_never_paired_again_in_a_round_robin() {
    let mut f = tournament(round_robin(false, 1), 4);
    play(&mut f, &favourite).expect("round 1");
    f.entrants[1].withdrawn_after_round = Some(1);
    play(&mut f, &favourite).expect("round 2");
    let r2 = ids(&f.rounds[1]);
    // Berger round 2 for 4: 4-3 1-2 → 1 rests as 2 withdrew.
    assert_eq!(r2, pairs(&[("4", "3"), ("1", "rest")]));
    f.entrants.push(Entrant {
        first_round: 3,
        ..Entrant::new("9", "Late")
    });
    assert_eq!(next_round(&f), Err(PairingError::LateEntry("9".into())));
}

#[test]
fn a_round_robin_without_two_pairs_in_any_group_waits_for_entrants_and_is_not_finished() {
    for (groups, n) in [(1, 0), (1, 1), (2, 0), (2, 2)] {
        let f = tournament(round_robin(false, groups), n);
        assert_eq!(
            next_round(&f),
            Err(PairingError::NotEnoughEntrants),
            "{n} pairs in {groups} groups"
        );
    }
    let mut f = tournament(round_robin(false, 1), 2);
    play(&mut f, &favourite).expect("round 1");
    assert_eq!(next_round(&f), Err(PairingError::Finished));
}

// ---------------------------------------------------------------- swiss

#[test]
fn swiss_round_one_pairs_the_top_half_with_the_bottom_half_and_byes_the_last_seed() {
    let f = tournament(System::Swiss { rounds: 5 }, 21);
    let r = next_round(&f).expect("round 1");
    let mut want: Vec<(String, String)> = (1..=10)
        .map(|i| (i.to_string(), (i + 10).to_string()))
        .collect();
    want.push(("21".into(), "bye".into()));
    assert_eq!(ids(&r), want);
}

#[test]
fn swiss_pairing_is_deterministic() {
    let mut f = tournament(System::Swiss { rounds: 4 }, 15);
    for _ in 0..3 {
        play(&mut f, &favourite).expect("round");
    }
    assert_eq!(next_round(&f), next_round(&f.clone()));
}

#[test]
fn swiss_stops_after_its_rounds_and_waits_for_every_result() {
    let mut f = tournament(System::Swiss { rounds: 1 }, 4);
    let mut r = next_round(&f).expect("round 1");
    r.results = vec![MatchResult::new(1, 101, 50)];
    f.rounds.push(r);
    assert_eq!(
        next_round(&f),
        Err(PairingError::RoundIncomplete {
            round: 1,
            tables: vec![2]
        })
    );
    f.rounds[0].results.push(MatchResult::new(2, 101, 50));
    assert_eq!(next_round(&f), Err(PairingError::Finished));
}

/// The lexicographic quality of a round: (second byes, rematches, bye place from the
/// bottom, Σ squared score difference), with the order the engine uses.
fn quality(
    file: &TournamentFile,
    order: &[String],
    points: &BTreeMap<String, u32>,
    games: &[(String, String)],
    bye: Option<&String>,
) -> (i64, i64, i64, i64) {
    let met: BTreeSet<(String, String)> = file
        .rounds
        .iter()
        .flat_map(ids)
        .filter(|(_, b)| b != "bye" && b != "rest")
        .flat_map(|(a, b)| [(a.clone(), b.clone()), (b, a)])
        .collect();
    let byes = |id: &str| {
        file.rounds
            .iter()
            .flat_map(ids)
            .filter(|(a, b)| a == id && b == "bye")
            .count() as i64
    };
    let min_byes = order.iter().map(|i| byes(i)).min().unwrap_or(0);
    let mut q = (0, 0, 0, 0);
    if let Some(b) = bye {
        q.0 = byes(b) - min_byes;
        let pos = order.iter().position(|x| x == b).unwrap_or(0);
        q.2 = (order.len() - 1 - pos) as i64;
    }
    for (a, b) in games {
        if met.contains(&(a.clone(), b.clone())) {
            q.1 += 1;
        }
        let d = i64::from(points[a]) - i64::from(points[b]);
        q.3 += d * d;
    }
    q
}

fn best_quality(
    file: &TournamentFile,
    order: &[String],
    points: &BTreeMap<String, u32>,
) -> (i64, i64, i64, i64) {
    fn rec(
        left: &mut Vec<String>,
        games: &mut Vec<(String, String)>,
        bye: Option<&String>,
        best: &mut Option<(i64, i64, i64, i64)>,
        eval: &dyn Fn(&[(String, String)], Option<&String>) -> (i64, i64, i64, i64),
    ) {
        if left.is_empty() {
            let q = eval(games, bye);
            if best.is_none_or(|b| q < b) {
                *best = Some(q);
            }
            return;
        }
        let a = left.remove(0);
        for k in 0..left.len() {
            let b = left.remove(k);
            games.push((a.clone(), b.clone()));
            rec(left, games, bye, best, eval);
            games.pop();
            left.insert(k, b);
        }
        left.insert(0, a);
    }
    let eval = |g: &[(String, String)], bye: Option<&String>| quality(file, order, points, g, bye);
    let mut best = None;
    if order.len().is_multiple_of(2) {
        rec(&mut order.to_vec(), &mut Vec::new(), None, &mut best, &eval);
    } else {
        for b in order {
            let mut left: Vec<String> = order.iter().filter(|x| *x != b).cloned().collect();
            rec(&mut left, &mut Vec::new(), Some(b), &mut best, &eval);
        }
    }
    best.unwrap_or((0, 0, 0, 0))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every round of random Swiss championships: everyone who plays is paired or byed
    /// exactly once, at most one bye, never a second bye while someone has none, and
    /// the pairing is as good as the best of all pairings (brute force): no avoidable
    /// rematch, the bye as low as possible, score groups respected as far as possible.
    #[test]
    fn swiss_rounds_are_optimal_against_brute_force(
        n in 2u32..=9,
        rounds in 1u32..=6,
        outcomes in prop::collection::vec(0u8..5, 60),
        withdraw in prop::option::of((1u32..=9, 1u32..=4)),
    ) {
        let mut f = tournament(System::Swiss { rounds }, n);
        if let Some((who, after)) = withdraw
            && who <= n
        {
            f.entrants[who as usize - 1].withdrawn_after_round = Some(after);
        }
        let mut k = 0;
        for _ in 0..rounds {
            let active: Vec<String> = f
                .entrants
                .iter()
                .filter(|e| e.plays_in(f.rounds.len() as u32 + 1))
                .map(|e| e.id.clone())
                .collect();
            let Some(round) = next_unless(&f, PairingError::NotEnoughEntrants)? else {
                prop_assert!(active.len() < 2);
                break;
            };
            // Once each.
            prop_assert_eq!(seated(&round), sorted(&active));
            let byes: Vec<&String> = round.pairings.iter().filter_map(|p| match p {
                Pairing::Bye(b) => Some(&b.bye),
                _ => None,
            }).collect();
            prop_assert_eq!(byes.len(), active.len() % 2);
            // The engine's order: points, then seed (here the file order).
            let rows = standings(&f);
            let points: BTreeMap<String, u32> =
                rows.iter().map(|r| (r.id.clone(), r.points.halves())).collect();
            let mut order: Vec<String> = active.clone();
            order.sort_by(|x, y| points[y].cmp(&points[x]));
            let games: Vec<(String, String)> = ids(&round)
                .into_iter()
                .filter(|(_, b)| b != "bye")
                .collect();
            let got = quality(&f, &order, &points, &games, byes.first().copied());
            let best = best_quality(&f, &order, &points);
            prop_assert_eq!(got, best, "round {}", round.number);
            if let Some(b) = byes.first() {
                let someone_without = active.iter().any(|id| !had_bye(&f, id));
                prop_assert!(!(had_bye(&f, b) && someone_without), "second bye for {}", b);
            }
            let mut round = round;
            fill_results(&mut round, |_| {
                k += 1;
                match outcomes[k % outcomes.len()] {
                    o @ (0 | 1) => [101, 30 + u32::from(o)],
                    2 => [70, 70],
                    o => [40 + u32::from(o), 101],
                }
            });
            f.rounds.push(round);
            prop_assert!(validate(&f).is_ok(), "{:?}", validate(&f));
        }
    }
}

#[test]
fn byes_are_never_given_twice_in_a_long_odd_swiss() {
    let mut f = tournament(System::Swiss { rounds: 11 }, 11);
    for _ in 0..11 {
        play(&mut f, &favourite).expect("round");
    }
    let byes: Vec<String> = f
        .rounds
        .iter()
        .flat_map(ids)
        .filter(|(_, b)| b == "bye")
        .map(|(a, _)| a)
        .collect();
    let distinct: BTreeSet<&String> = byes.iter().collect();
    assert_eq!(byes.len(), 11);
    assert_eq!(distinct.len(), 11, "{byes:?}");
}

#[test]
fn a_late_entrant_starts_with_its_configured_points_and_is_paired_from_its_round() {
    let mut f = tournament(System::Swiss { rounds: 3 }, 6);
    f.entrants.push(Entrant {
        first_round: 2,
        start_points: MatchPoints::whole(1),
        seed: Some(7),
        ..Entrant::new("7", "Late pair")
    });
    play(&mut f, &favourite).expect("round 1");
    assert!(ids(&f.rounds[0]).iter().all(|(a, b)| a != "7" && b != "7"));
    let rows = standings(&f);
    let late = rows.iter().find(|r| r.id == "7").expect("late entrant");
    assert_eq!((late.points, late.played), (MatchPoints::whole(1), 0));
    play(&mut f, &favourite).expect("round 2");
    assert!(ids(&f.rounds[1]).iter().any(|(a, b)| a == "7" || b == "7"));
}

// ---------------------------------------------------------------- ceros

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random ceros championships to the end: out at the k-th loss, every survivor paired or
    /// exenta once per round, no exenta twice until every survivor has been one.
    #[test]
    fn ceros_eliminates_at_the_kth_loss_and_never_byes_twice_too_early(
        n in 2u32..=17,
        k in 1u32..=3,
        seed in any::<u64>(),
        coin in prop::collection::vec(any::<bool>(), 64),
    ) {
        let mut f = tournament(System::Ceros { losses: k }, n);
        f.championship.seed = seed;
        let mut c = 0;
        let mut guard = 0;
        loop {
            guard += 1;
            prop_assert!(guard < 200, "ceros must end");
            let losses = |f: &TournamentFile, id: &str| -> u32 {
                standings(f).iter().find(|r| r.id == id).map_or(0, |r| r.losses)
            };
            let alive: Vec<String> = f.entrants.iter()
                .filter(|e| losses(&f, &e.id) < k)
                .map(|e| e.id.clone())
                .collect();
            let Some(round) = next_unless(&f, PairingError::Finished)? else {
                prop_assert!(alive.len() <= 1);
                break;
            };
            prop_assert_eq!(seated(&round), sorted(&alive));
            for p in &round.pairings {
                if let Pairing::Bye(b) = p && had_bye(&f, &b.bye) {
                    prop_assert!(alive.iter().all(|id| had_bye(&f, id)), "second exenta for {}", b.bye);
                }
            }
            let mut round = round;
            fill_results(&mut round, |_| {
                c += 1;
                if coin[c % coin.len()] { [101, 60] } else { [60, 101] }
            });
            f.rounds.push(round);
        }
        let rows = standings(&f);
        prop_assert!(rows.iter().skip(1).all(|r| r.losses >= k));
        prop_assert_eq!(rows[0].eliminated_in_round, None);
        // Eliminated later ranks higher.
        let outs: Vec<u32> = rows.iter().skip(1).filter_map(|r| r.eliminated_in_round).collect();
        prop_assert!(outs.windows(2).all(|w| w[0] >= w[1]));
    }
}

#[test]
fn ceros_draws_depend_only_on_the_file() {
    let mut f = tournament(System::Ceros { losses: 2 }, 9);
    play(&mut f, &favourite).expect("round 1");
    let a = next_round(&f).expect("round 2");
    assert_eq!(a, next_round(&f.clone()).expect("again"));
    f.championship.seed = 8;
    assert_ne!(a, next_round(&f).expect("another seed"));
}

// ---------------------------------------------------------------- tie-breaks

/// Five pairs, a hand-made championship (win 2, draw 1, loss 0, bye 2), scores in tantos:
///
/// | round | table 1        | table 2        | bye |
/// |-------|----------------|----------------|-----|
/// | 1     | A 101–60 B     | C 80–80 D      | E   |
/// | 2     | A 70–101 C     | B 101–90 E     | D   |
/// | 3     | D 101–50 A     | E 101–20 C     | B   |
///
/// By hand:
///
/// | pair | games               | W D L bye | pts | for | against | diff |
/// |------|---------------------|-----------|-----|-----|---------|------|
/// | A    | B W, C L, D L       | 1 0 2 0   | 2   | 221 | 262     | −41  |
/// | B    | A L, E W, bye       | 1 0 1 1   | 4   | 161 | 191     | −30  |
/// | C    | D D, A W, E L       | 1 1 1 0   | 3   | 201 | 251     | −50  |
/// | D    | C D, bye, A W       | 1 1 0 1   | 5   | 181 | 130     | +51  |
/// | E    | bye, B L, C W       | 1 0 1 1   | 4   | 191 | 121     | +70  |
///
/// Buchholz (opponents' points; a bye adds nothing):
/// A: B4+C3+D5 = 12; B: A2+E4 = 6; C: D5+A2+E4 = 11; D: C3+A2 = 5; E: B4+C3 = 7.
/// Median Buchholz (drop highest and lowest, 3+ opponents only): A: 4; C: 4; others as
/// Buchholz. Sonneborn-Berger (beaten opponents' points, half for a draw):
/// A: B4 = 4; B: E4 = 4; C: A2 + D5/2 = 4.5; D: C3/2 + A2 = 3.5; E: C3 = 3.
/// Wins (byes count): A 1, B 2, C 1, D 2, E 2.
fn five_pairs(tiebreaks: Vec<Tiebreak>) -> TournamentFile {
    let names = ["A", "B", "C", "D", "E"];
    let mut f = TournamentFile {
        brackets: Vec::new(),
        repesca_liguilla: None,
        format: FORMAT.into(),
        championship: Championship {
            tiebreaks,
            ..championship(System::Swiss { rounds: 3 })
        },
        entrants: names.iter().map(|n| Entrant::new(*n, *n)).collect(),
        rounds: Vec::new(),
    };
    let t = |table: u32, a: &str, b: &str| {
        Pairing::Table(TablePairing {
            table,
            a: a.into(),
            b: b.into(),
        })
    };
    let bye = |b: &str| Pairing::Bye(ByePairing { bye: b.into() });
    let rounds = [
        (
            t(1, "A", "B"),
            t(2, "C", "D"),
            bye("E"),
            [101, 60],
            [80, 80],
        ),
        (
            t(1, "A", "C"),
            t(2, "B", "E"),
            bye("D"),
            [70, 101],
            [101, 90],
        ),
        (
            t(1, "D", "A"),
            t(2, "E", "C"),
            bye("B"),
            [101, 50],
            [101, 20],
        ),
    ];
    for (k, (p1, p2, b, s1, s2)) in rounds.into_iter().enumerate() {
        f.rounds.push(Round {
            in_play: Vec::new(),
            number: k as u32 + 1,
            pairings: vec![p1, p2, b],
            results: vec![
                MatchResult::new(1, s1[0], s1[1]),
                MatchResult::new(2, s2[0], s2[1]),
            ],
        });
    }
    f
}

fn order(f: &TournamentFile) -> String {
    standings(f)
        .iter()
        .map(|r| r.id.as_str())
        .collect::<Vec<_>>()
        .join("")
}

#[test]
fn every_tie_break_value_matches_the_hand_computed_example() {
    let f = five_pairs(Tiebreak::ALL.to_vec());
    assert_eq!(validate(&f), Ok(()));
    let rows = standings(&f);
    let by: BTreeMap<&str, &StandingRow> = rows.iter().map(|r| (r.id.as_str(), r)).collect();
    let want = [
        ("A", 1, 0, 2, 0, 2, 221, 262, -41, 12, 4, 4.0),
        ("B", 2, 0, 1, 1, 4, 161, 191, -30, 6, 6, 4.0),
        ("C", 1, 1, 1, 0, 3, 201, 251, -50, 11, 4, 4.5),
        ("D", 2, 1, 0, 1, 5, 181, 130, 51, 5, 5, 3.5),
        ("E", 2, 0, 1, 1, 4, 191, 121, 70, 7, 7, 3.0),
    ];
    for (id, w, d, l, bye, pts, pf, pa, diff, bh, mbh, sb) in want {
        let r = by[id];
        assert_eq!(
            (
                r.wins,
                r.draws,
                r.losses,
                r.byes,
                r.points,
                r.points_for,
                r.points_against,
                r.point_difference,
                r.buchholz,
                r.median_buchholz,
                r.sonneborn_berger
            ),
            (
                w,
                d,
                l,
                bye,
                MatchPoints::whole(pts),
                pf,
                pa,
                diff,
                MatchPoints::whole(bh),
                MatchPoints::whole(mbh),
                sb
            ),
            "{id}"
        );
    }
    // wins: B, D, E level on 2 → points: D 5 first; B, E level on 4 → head-to-head:
    // B beat E → B; then A and C level on 1 win → points: C 3 above A 2.
    assert_eq!(order(&f), "DBECA");
    let dec: Vec<Option<String>> = rows.iter().map(|r| r.decided_by.clone()).collect();
    assert_eq!(
        dec,
        vec![
            None,
            Some("points".into()),
            Some("head_to_head".into()),
            Some("wins".into()),
            Some("points".into())
        ]
    );
    assert_eq!(rows[1].head_to_head, Some(MatchPoints::whole(2)));
    assert_eq!(rows[2].head_to_head, Some(MatchPoints::whole(0)));
}

#[test]
fn each_tie_break_alone_orders_the_example_as_computed_by_hand() {
    use Tiebreak::*;
    // Ties fall back to seed order, here the file order A B C D E.
    let cases = [
        (vec![Points], "DBEC A"),
        (vec![Points, PointDifference], "DEBCA"),
        (vec![PointDifference], "EDBAC"),
        (vec![PointsFor], "ACEDB"),
        (vec![Buchholz], "ACEBD"),
        (vec![MedianBuchholz], "EBDAC"),
        (vec![SonnebornBerger], "CABDE"),
        (vec![Wins, HeadToHead], "BDECA"),
    ];
    for (tb, want) in cases {
        let f = five_pairs(tb.clone());
        assert_eq!(order(&f), want.replace(' ', ""), "{tb:?}");
    }
    // The lot is a permutation fixed by the seed; a different seed, a different draw.
    let lot = five_pairs(vec![Lot]);
    let rows = standings(&lot);
    let lots: Vec<u32> = rows.iter().map(|r| r.lot).collect();
    assert_eq!(lots, vec![1, 2, 3, 4, 5]);
    let mut other = lot.clone();
    other.championship.seed = 99;
    assert_eq!(order(&lot), order(&lot.clone()));
    assert_ne!(order(&lot), order(&other));
}

#[test]
fn head_to_head_is_a_mini_league_among_all_the_tied() {
    // Three pairs tied on points after a cycle: X beat Y, Y beat Z, Z beat X; then a
    // fourth, W, loses to all. Mini-league among X, Y, Z: 2 each → next criterion.
    let mut f = TournamentFile {
        brackets: Vec::new(),
        repesca_liguilla: None,
        format: FORMAT.into(),
        championship: Championship {
            tiebreaks: vec![Tiebreak::Points, Tiebreak::HeadToHead, Tiebreak::PointsFor],
            ..championship(round_robin(false, 1))
        },
        entrants: ["X", "Y", "Z", "W"]
            .iter()
            .map(|n| Entrant::new(*n, *n))
            .collect(),
        rounds: Vec::new(),
    };
    let g = |table, a: &str, b: &str| {
        Pairing::Table(TablePairing {
            table,
            a: a.into(),
            b: b.into(),
        })
    };
    f.rounds = vec![
        Round {
            in_play: Vec::new(),
            number: 1,
            pairings: vec![g(1, "X", "Y"), g(2, "Z", "W")],
            results: vec![MatchResult::new(1, 101, 50), MatchResult::new(2, 101, 10)],
        },
        Round {
            in_play: Vec::new(),
            number: 2,
            pairings: vec![g(1, "Y", "Z"), g(2, "X", "W")],
            results: vec![MatchResult::new(1, 101, 70), MatchResult::new(2, 101, 20)],
        },
        Round {
            in_play: Vec::new(),
            number: 3,
            pairings: vec![g(1, "Z", "X"), g(2, "Y", "W")],
            results: vec![MatchResult::new(1, 101, 90), MatchResult::new(2, 101, 30)],
        },
    ];
    // Points for: X 101+101+90 = 292, Y 50+101+101 = 252, Z 101+70+101 = 272.
    assert_eq!(order(&f), "XZYW");
    let rows = standings(&f);
    assert_eq!(rows[0].head_to_head, Some(MatchPoints::whole(2)));
    assert_eq!(rows[1].decided_by.as_deref(), Some("points_for"));
}

// ---------------------------------------------------------------- file

#[test]
fn the_tournament_file_reads_its_documented_example() {
    let text = r#"{
      "format": "baza-tournament/1",
      "event": {
        "name": "Open de botifarra de Torrefarrera",
        "game": "botifarra",
        "options": {"target": 101},
        "system": {"kind": "swiss", "rounds": 5},
        "match_format": {"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55, "cap": 121},
        "points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
        "tiebreaks": ["wins", "point_difference", "points_for", "lot"],
        "seed": 2026
      },
      "entrants": [
        {"id": "1", "name": "Pujol – Vidal", "club": "Casal de Ponent", "seed": 1},
        {"id": "2", "name": "Soler – Roca", "withdrawn_after_round": 3},
        {"id": "3", "name": "Mas – Puig", "first_round": 2, "start_points": 1}
      ],
      "rounds": [
        {"number": 1,
         "pairings": [{"table": 1, "a": "1", "b": "2"}],
         "results": [{"table": 1, "score": [101, 64]}]}
      ]
    }"#;
    let f = parse(text).expect("the documented example parses");
    assert_eq!(f.entrants[2].start_points, MatchPoints::whole(1));
    let back = serde_json::to_string(&f).expect("serialize");
    assert_eq!(parse(&back), Ok(f.clone()));
    let r2 = next_round(&f).expect("round 2");
    assert_eq!(r2.number, 2);
    assert_eq!(r2.pairings.len(), 2, "three entrants: a table and a bye");
}

#[test]
fn the_tournament_file_refuses_what_it_cannot_mean() {
    let base = json!({
        "format": "baza-tournament/1",
        "event": {"name": "x", "game": "guinote", "system": {"kind": "swiss", "rounds": 3}},
        "entrants": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
        "rounds": [{"number": 1, "pairings": [{"table": 1, "a": "a", "b": "b"}],
                    "results": [{"table": 1, "score": [101, 40]}]}]
    });
    assert!(parse(&base.to_string()).is_ok());
    let bad = |path: &[&str], v: serde_json::Value| {
        let mut x = base.clone();
        let mut cur = &mut x;
        for (i, p) in path.iter().enumerate() {
            if i + 1 == path.len() {
                cur[*p] = v.clone();
            } else if let Ok(k) = p.parse::<usize>() {
                cur = &mut cur[k];
            } else {
                cur = &mut cur[*p];
            }
        }
        parse(&x.to_string())
    };
    // A guiñote partida is won with 101.
    let e = bad(
        &["rounds", "0", "results"],
        json!([{"table": 1, "score": [99, 40]}]),
    );
    assert!(e.is_err_and(|e| e.at == "rounds[0].results[0]"));
    assert!(bad(&["format"], json!("baza-tournament/2")).is_err());
    assert!(
        bad(&["event", "colour"], json!(1)).is_err(),
        "unknown field"
    );
    assert!(bad(&["event", "options"], json!({"no_such": true})).is_err());
    // Entrants are pairs: individual tute for four cannot be a tournament of pairs.
    let mut x = base.clone();
    x["event"]["game"] = json!("tute");
    x["event"]["options"] = json!({"partnerships": false});
    let e = parse(&x.to_string()).expect_err("individual tute tournament");
    assert_eq!(e.at, "event.options");
    // The option by its label in each language, as a page shows it.
    assert!(e.to_string().contains("\"In pairs\""), "{e}");
    assert!(
        e.message_in(crate::domain::Lang::Es)
            .contains("«Por parejas»"),
        "{e}"
    );
    assert!(
        bad(
            &["entrants"],
            json!([{"id": "a", "name": "A"}, {"id": "a", "name": "B"}])
        )
        .is_err()
    );
    assert!(bad(&["rounds", "0", "number"], json!(2)).is_err());
    assert!(
        bad(
            &["rounds", "0", "pairings"],
            json!([{"table": 1, "a": "a", "b": "zz"}])
        )
        .is_err()
    );
    assert!(
        bad(
            &["rounds", "0", "pairings"],
            json!([{"table": 1, "a": "a", "b": "a"}])
        )
        .is_err()
    );
    assert!(bad(&["event", "tiebreaks"], json!(["lot", "lot"])).is_err());
    assert!(
        bad(
            &["event", "match_format"],
            json!({"kind": "best_of", "partidas": 2})
        )
        .is_err()
    );
    assert!(
        bad(
            &["entrants"],
            json!([{"id": "a", "name": "A", "withdrawn_after_round": 0}, {"id": "b", "name": "B"}])
        )
        .is_err()
    );
    // A forfeit is not checked against the game.
    let ok = bad(
        &["rounds", "0", "results"],
        json!([{"table": 1, "score": [0, 0], "forfeit": "b"}]),
    );
    let rows = standings(&ok.expect("forfeit accepted"));
    assert_eq!((rows[0].id.as_str(), rows[0].wins), ("a", 1));
    // Standings never fail, even on a file that does not validate.
    let mut broken: TournamentFile = serde_json::from_value(base.clone()).expect("base");
    broken.rounds[0].pairings.push(Pairing::Bye(ByePairing {
        bye: "ghost".into(),
    }));
    assert_eq!(standings(&broken).len(), 2);
    assert!(matches!(
        next_round(&broken),
        Err(PairingError::InvalidFile(_))
    ));
}

#[test]
fn every_configured_tie_break_has_a_value_and_the_round_table_shows_the_bye() {
    let f = five_pairs(Tiebreak::ALL.to_vec());
    let rows = standings(&f);
    assert_eq!(rows.len(), 5);
    assert_eq!((rows[0].place, rows[0].name.as_str()), (1, "D"));
    let plain = crate::domain::tournament::halves::MatchPoints::plain;
    let shown: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            f.championship
                .tiebreaks
                .iter()
                .map(|t| text::value(r, *t, "-", &plain))
                .collect()
        })
        .collect();
    assert!(shown.iter().all(|r| r.len() == Tiebreak::ALL.len()));
    assert!(shown.iter().flatten().any(|v| v == "4.5"), "{shown:?}");
    use crate::domain::lang::Lang;
    let r = text::round_table(&f, &f.rounds[0], Lang::Es);
    assert!(r.starts_with("Mesa  Ronda 1"), "{r}");
    assert!(r.contains("exenta"), "{r}");
    assert!(r.contains("101–60"), "{r}");
    let r = text::round_table(&f, &f.rounds[0], Lang::En);
    assert!(r.starts_with("Table  Round 1") && r.contains("bye"), "{r}");
}

// ---------------------------------------------------------------- the 21-pair story

/// A 5-round botifarra Swiss of 21 pairs as an organizer's sheets record it
/// ("101 punts, 12 dats o 55 minuts", 2/1/0, bye 2; ranking: points → point difference
/// → points for). `a-b x:y` is a table, `n bye` the exenta. Round 2 table 2 was first
/// entered as 101:75 for pair 4; the sheet signed by the loser says 75:101, and the
/// correction came after round 5. Pair 13 withdrew after round 3.
const STORY: [&str; 5] = [
    "1-11 91:101, 2-12 101:41, 3-13 51:101, 4-14 101:61, 5-15 71:101, 6-16 101:81, \
     7-17 91:101, 8-18 70:70, 9-19 51:101, 10-20 101:61, 21 bye",
    "2-13 55:101, 4-15 101:75, 6-17 95:101, 10-19 69:101, 11-21 101:82, 8-1 61:101, \
     18-9 101:95, 3-12 101:59, 5-14 79:101, 7-16 101:99, 20 bye",
    "4-13 101:80, 11-17 101:81, 19-18 80:101, 1-10 101:50, 2-14 101:69, 3-15 79:101, \
     6-20 101:55, 7-21 101:65, 8-9 101:96, 5-12 101:84, 16 bye",
    "4-11 85:101, 18-1 93:101, 2-17 101:89, 6-15 101:51, 7-19 101:70, 8-3 101:89, \
     5-16 47:101, 10-21 101:97, 14-20 62:101, 9-12 63:101",
    "11-2 70:70, 1-4 101:54, 6-18 101:71, 7-8 101:48, 10-17 101:96, 15-19 101:77, \
     16-20 101:87, 3-5 71:101, 12-21 101:62, 14-9 40:101",
];

fn story_round(number: u32, line: &str) -> Round {
    let mut round = Round {
        in_play: Vec::new(),
        number,
        pairings: Vec::new(),
        results: Vec::new(),
    };
    let mut table = 0;
    for item in line.split(", ") {
        let item = item.trim();
        if let Some(id) = item.strip_suffix(" bye") {
            round
                .pairings
                .push(Pairing::Bye(ByePairing { bye: id.into() }));
            continue;
        }
        let (pair, score) = item.split_once(' ').expect("pair and score");
        let (a, b) = pair.split_once('-').expect("a-b");
        let (x, y) = score.split_once(':').expect("x:y");
        table += 1;
        round.pairings.push(Pairing::Table(TablePairing {
            table,
            a: a.into(),
            b: b.into(),
        }));
        round.results.push(MatchResult::new(
            table,
            x.parse().expect("score"),
            y.parse().expect("score"),
        ));
    }
    round
}

fn story_file(rounds: usize) -> TournamentFile {
    let mut f = tournament(System::Swiss { rounds: 5 }, 21);
    f.championship.tiebreaks = vec![
        Tiebreak::Points,
        Tiebreak::PointDifference,
        Tiebreak::PointsFor,
    ];
    f.entrants[12].withdrawn_after_round = Some(3);
    for (k, line) in STORY.iter().take(rounds).enumerate() {
        f.rounds.push(story_round(k as u32 + 1, line));
    }
    f
}

#[test]
fn a_21_pair_5_round_swiss_with_a_withdrawal_and_a_round_2_correction_matches_the_hand_table() {
    // The engine pairs each round of the story as the organizer did (from the file as
    // it stood then: the wrong round-2 result, 13 still in for round 3).
    for (k, line) in STORY.iter().enumerate() {
        let mut prefix = story_file(k);
        if k < 3 {
            prefix.entrants[12].withdrawn_after_round = None;
        }
        let want = story_round(k as u32 + 1, line);
        let got = next_round(&prefix).expect("pairs");
        assert_eq!(got.pairings, want.pairings, "round {}", k + 1);
    }
    let mut f = story_file(5);
    assert_eq!(validate(&f), Ok(()));
    assert_eq!(next_round(&f), Err(PairingError::Finished));
    // Rounds 4 and 5: 20 pairs, no bye, 13 absent.
    for r in &f.rounds[3..] {
        assert_eq!(r.pairings.len(), 10);
        assert!(r.pairings.iter().all(|p| !p.entrants().contains(&"13")));
    }
    // Before the correction pair 4 has 3 wins, 15 has 3.
    let before: BTreeMap<String, u32> = standings(&f).into_iter().map(|r| (r.id, r.wins)).collect();
    assert_eq!((before["4"], before["15"]), (3, 3));

    // What depends on round 2, table 2 (4 v 15): their later tables, then the tables
    // of whoever they met, and so on.
    let deps = dependents_of(&f, 2, 2);
    assert_eq!(
        deps,
        vec![
            (3, 1),
            (3, 6),
            (4, 1),
            (4, 4),
            (4, 6),
            (5, 1),
            (5, 2),
            (5, 3),
            (5, 4),
            (5, 6),
            (5, 8)
        ]
    );
    // The correction.
    f.rounds[1].results[1].score = [75, 101];
    assert_eq!(validate(&f), Ok(()));
    // And the re-pairing of round 3 from the corrected file would differ: the organizer
    // is told, the played rounds stay as they were.
    let repaired = next_round(&TournamentFile {
        brackets: Vec::new(),
        repesca_liguilla: None,
        rounds: f.rounds[..2].to_vec(),
        entrants: entrants(21),
        ..f.clone()
    })
    .expect("round 3");
    assert_ne!(repaired.pairings, story_round(3, STORY[2]).pairings);

    // The table computed by hand from the sheets (wins include byes: 21 in round 1,
    // 20 in round 2, 16 in round 3). For instance pair 11: won 101–91, 101–82, 101–81,
    // 101–85, drew 70–70: 4 wins 1 draw, 9 points, 474 for, 409 against, +65. Pair 13
    // (withdrawn): 101–51, 101–55, lost 80–101: 4 points, 282–207.
    // (rank, id, W, D, L, points, for, against, difference)
    let hand = [
        (1, "11", 4, 1, 0, 9, 474, 409, 65),
        (2, "6", 4, 0, 1, 8, 499, 359, 140),
        (3, "1", 4, 0, 1, 8, 495, 359, 136),
        (4, "7", 4, 0, 1, 8, 495, 383, 112),
        (5, "15", 4, 0, 1, 8, 455, 403, 52),
        (6, "2", 3, 1, 1, 7, 428, 370, 58),
        (7, "16", 3, 0, 2, 6, 382, 336, 46),
        (8, "10", 3, 0, 2, 6, 422, 456, -34),
        (9, "18", 2, 1, 2, 5, 436, 447, -11),
        (10, "8", 2, 1, 2, 5, 381, 457, -76),
        (11, "13", 2, 0, 1, 4, 282, 207, 75),
        (12, "19", 2, 0, 3, 4, 429, 423, 6),
        (13, "17", 2, 0, 3, 4, 468, 489, -21),
        (14, "4", 2, 0, 3, 4, 416, 444, -28),
        (15, "12", 2, 0, 3, 4, 386, 428, -42),
        (16, "5", 2, 0, 3, 4, 399, 458, -59),
        (17, "20", 2, 0, 3, 4, 304, 365, -61),
        (18, "9", 1, 0, 4, 2, 406, 444, -38),
        (19, "3", 1, 0, 4, 2, 391, 463, -72),
        (20, "21", 1, 0, 4, 2, 306, 404, -98),
        (21, "14", 1, 0, 4, 2, 333, 483, -150),
    ];
    let rows = standings(&f);
    assert_eq!(rows.len(), 21);
    for (row, (rank, id, w, d, l, pts, pf, pa, diff)) in rows.iter().zip(hand) {
        assert_eq!(
            (
                row.rank,
                row.id.as_str(),
                row.wins,
                row.draws,
                row.losses,
                row.points,
                row.points_for,
                row.points_against,
                row.point_difference
            ),
            (rank, id, w, d, l, MatchPoints::whole(pts), pf, pa, diff)
        );
    }
    assert!(rows[10].withdrawn);
    let total: MatchPoints = rows.iter().map(|r| r.points).sum();
    // 50 games × 2 points (a draw shares them) + 3 byes × 2.
    assert_eq!(total, MatchPoints::whole(50 * 2 + 3 * 2));
}

// ---------------------------------------------------------------- head to head

/// The games of a round written as `a-b x:y` (`a` scored `x` against `b`), separated
/// by commas.
fn games(round: &str) -> Vec<(&str, &str, u32, u32)> {
    round
        .split(',')
        .map(|game| {
            let (pair, score) = game.trim().split_once(' ').expect("a-b x:y");
            let (a, b) = pair.split_once('-').expect("a-b");
            let (x, y) = score.split_once(':').expect("x:y");
            let points = |p: &str| p.parse().expect("points");
            (a, b, points(x), points(y))
        })
        .collect()
}

/// A file of `system` with entrants named by `names` (seeded in that order), the
/// default tie-breaks, and `rounds` of games (see [`games`]).
fn games_file(
    system: System,
    names: &[&str],
    rounds: &[&str],
    head_to_head: HeadToHead,
) -> TournamentFile {
    let rounds: Vec<Vec<(&str, &str, u32, u32)>> = rounds.iter().map(|r| games(r)).collect();
    let f = TournamentFile {
        brackets: Vec::new(),
        repesca_liguilla: None,
        format: FORMAT.into(),
        championship: Championship {
            tiebreaks: crate::domain::tournament::file::default_tiebreaks(),
            head_to_head,
            ..championship(system)
        },
        entrants: names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let mut e = Entrant::new(*n, *n);
                e.seed = Some(i as u32 + 1);
                e
            })
            .collect(),
        rounds: rounds
            .iter()
            .enumerate()
            .map(|(r, games)| Round {
                in_play: Vec::new(),
                number: r as u32 + 1,
                pairings: games
                    .iter()
                    .enumerate()
                    .map(|(t, (a, b, _, _))| {
                        Pairing::Table(TablePairing {
                            table: t as u32 + 1,
                            a: (*a).into(),
                            b: (*b).into(),
                        })
                    })
                    .collect(),
                results: games
                    .iter()
                    .enumerate()
                    .map(|(t, (_, _, x, y))| MatchResult::new(t as u32 + 1, *x, *y))
                    .collect(),
            })
            .collect(),
    };
    assert_eq!(validate(&f), Ok(()));
    f
}

fn row<'a>(rows: &'a [StandingRow], id: &str) -> &'a StandingRow {
    rows.iter().find(|r| r.id == id).expect("a row per entrant")
}

#[test]
fn in_a_round_robin_of_six_d_who_beat_e_101_99_ranks_above_e_with_the_better_difference() {
    // A wins everything, F nothing; B and C on 3 wins (B beat C), D and E on 2 (D beat
    // E 101–99, but E won big and lost narrowly).
    let rounds = [
        "A-F 101:50, B-E 90:101, C-D 101:20",
        "F-D 60:101, E-C 95:101, A-B 101:80",
        "B-F 101:70, C-A 60:101, D-E 101:99",
        "F-E 0:101, A-D 101:10, B-C 101:99",
        "C-F 101:40, D-B 30:101, E-A 98:101",
    ];
    let names = ["A", "B", "C", "D", "E", "F"];
    let rr = round_robin(false, 1);
    for mode in HeadToHead::ALL {
        let f = games_file(rr, &names, &rounds, mode);
        let rows = standings(&f);
        let (d, e) = (row(&rows, "D"), row(&rows, "E"));
        assert_eq!(
            (d.points, e.points),
            (MatchPoints::whole(4), MatchPoints::whole(4))
        );
        assert!(e.point_difference > d.point_difference, "{e:?} {d:?}");
        assert_eq!(order(&f), "ABCDEF", "{mode:?}");
        assert_eq!(e.decided_by.as_deref(), Some("head_to_head"));
        assert_eq!(
            (d.head_to_head, e.head_to_head),
            (Some(MatchPoints::whole(2)), Some(MatchPoints::whole(0)))
        );
    }
    // Without head-to-head the difference puts E above D (and C above B).
    let mut f = games_file(rr, &names, &rounds, HeadToHead::AllMet);
    f.championship
        .tiebreaks
        .retain(|t| *t != Tiebreak::HeadToHead);
    assert_eq!(order(&f), "ACBEDF");
}

/// Eight pairs, three Swiss rounds: 3, 5 and 7 end on two wins; 5 beat 7, and 3 met
/// neither. By point difference: 7 (+186), 3 (+51), 5 (−64).
fn swiss_of_eight(mode: HeadToHead) -> TournamentFile {
    let rounds = [
        "1-2 101:70, 3-4 101:50, 5-6 101:90, 7-8 101:0",
        "1-3 101:60, 5-7 101:95, 2-4 101:80, 6-8 101:40",
        "1-5 101:20, 3-2 101:60, 7-6 101:10, 4-8 101:30",
    ];
    let names = ["1", "2", "3", "4", "5", "6", "7", "8"];
    games_file(System::Swiss { rounds: 3 }, &names, &rounds, mode)
}

#[test]
fn in_a_swiss_head_to_head_by_default_passes_over_a_tie_where_not_everyone_met() {
    let f = swiss_of_eight(HeadToHead::default());
    let rows = standings(&f);
    let diffs: Vec<i64> = ["7", "3", "5"]
        .iter()
        .map(|id| row(&rows, id).point_difference)
        .collect();
    assert_eq!(diffs, vec![186, 51, -64]);
    let order = order(&f);
    assert_eq!(&order[1..4], "735", "{order}");
    for id in ["3", "5", "7"] {
        assert_eq!(row(&rows, id).head_to_head, None, "{id}");
    }
    assert_eq!(
        row(&rows, "3").decided_by.as_deref(),
        Some("point_difference")
    );
    assert_eq!(
        row(&rows, "5").decided_by.as_deref(),
        Some("point_difference")
    );
}

#[test]
fn in_a_swiss_head_to_head_over_the_games_played_puts_5_first_then_re_applies_to_3_and_7() {
    let f = swiss_of_eight(HeadToHead::GamesPlayed);
    let rows = standings(&f);
    let order = order(&f);
    // 5 beat 7: mini-league 5 2, 7 0, 3 0; 3 and 7 never met, so the difference.
    assert_eq!(&order[1..4], "573", "{order}");
    assert_eq!(row(&rows, "5").head_to_head, Some(MatchPoints::whole(2)));
    assert_eq!(row(&rows, "7").decided_by.as_deref(), Some("head_to_head"));
    assert_eq!(
        row(&rows, "3").decided_by.as_deref(),
        Some("point_difference")
    );
}

#[test]
fn head_to_head_is_applied_again_within_a_sub_group_still_level() {
    // P, Q, R and S end level on two wins and all met: P beat Q and R, S beat P and Q,
    // Q beat R, R beat S. Mini-league: P 4, S 4, Q 2, R 2. Again between P and S: S
    // beat P; between Q and R: Q beat R. Point difference would say P, S and R, Q.
    let rounds = [
        "P-Q 101:0, R-S 101:99",
        "P-R 101:0, S-Q 101:99",
        "S-P 101:99, Q-R 101:99",
        "Q-T 101:99, R-U 101:0",
    ];
    let names = ["P", "Q", "R", "S", "T", "U"];
    let f = games_file(
        System::Swiss { rounds: 4 },
        &names,
        &rounds,
        HeadToHead::AllMet,
    );
    let rows = standings(&f);
    let diff = |id| row(&rows, id).point_difference;
    assert!(diff("P") > diff("S") && diff("R") > diff("Q"));
    assert_eq!(order(&f), "SPQRTU");
    assert_eq!(row(&rows, "S").head_to_head, Some(MatchPoints::whole(2)));
    assert_eq!(row(&rows, "Q").head_to_head, Some(MatchPoints::whole(2)));
    for id in ["P", "Q", "R"] {
        assert_eq!(
            row(&rows, id).decided_by.as_deref(),
            Some("head_to_head"),
            "{id}"
        );
    }
}

#[test]
fn the_head_to_head_reading_is_in_the_file_and_old_files_read_as_all_met() {
    let mut f = swiss_of_eight(HeadToHead::GamesPlayed);
    let text = serde_json::to_string(&f).expect("serialises");
    assert!(text.contains(r#""head_to_head":"games_played""#), "{text}");
    assert_eq!(parse(&text).expect("parses"), f);
    // The default is not written, and a file without the field reads as the default.
    f.championship.head_to_head = HeadToHead::AllMet;
    let text = serde_json::to_string(&f).expect("serialises");
    assert!(!text.contains(r#""head_to_head":"#), "{text}");
    assert_eq!(
        parse(&text).expect("parses").championship.head_to_head,
        HeadToHead::AllMet
    );
    let bad = text.replace(r#""seed":7"#, r#""seed":7,"head_to_head":"some_met""#);
    assert!(parse(&bad).is_err());
}

#[test]
fn a_bye_counts_in_matches_played_as_it_does_in_matches_won() {
    let mut f = tournament(System::Swiss { rounds: 3 }, 7);
    for _ in 0..3 {
        play(&mut f, &favourite).expect("round");
    }
    for r in standings(&f) {
        assert_eq!(r.played, r.wins + r.draws + r.losses, "{}", r.id);
        assert_eq!(r.played, 3, "{}", r.id);
    }
}

/// The fewest same-club tables any pairing of `round`'s players can have without a
/// rematch (an exact maximum-weight matching: every table is worth `n`, less one when
/// its pairs share a club); `None` when no such pairing exists.
fn fewest_same_club(f: &TournamentFile, round: &Round) -> Option<usize> {
    let players: Vec<&str> = round
        .pairings
        .iter()
        .flat_map(|p| match p {
            Pairing::Table(t) => vec![t.a.as_str(), t.b.as_str()],
            _ => vec![],
        })
        .collect();
    let club = |id: &str| {
        f.entrants
            .iter()
            .find(|e| e.id == id)
            .and_then(|e| e.club.clone())
    };
    let clubs: Vec<Option<String>> = players.iter().map(|p| club(p)).collect();
    let met: BTreeSet<(&str, &str)> = f
        .rounds
        .iter()
        .filter(|r| r.number < round.number)
        .flat_map(|r| r.pairings.iter())
        .filter_map(|p| match p {
            Pairing::Table(t) => Some([(t.a.as_str(), t.b.as_str()), (t.b.as_str(), t.a.as_str())]),
            _ => None,
        })
        .flatten()
        .collect();
    let n = players.len();
    let big = n as i64;
    let mates = matching::max_weight_matching(n, |u, v| {
        if met.contains(&(players[u], players[v])) {
            0
        } else if clubs[u].is_some() && clubs[u] == clubs[v] {
            big - 1
        } else {
            big
        }
    });
    if mates.iter().any(Option::is_none) {
        return None;
    }
    Some(
        (0..n)
            .filter(|&u| mates[u].is_some_and(|v| v > u && clubs[u] == clubs[v]))
            .count(),
    )
}

#[test]
fn a_swiss_that_avoids_same_club_pairings_for_three_rounds_has_none_it_could_avoid() {
    // 200 pairs from 10 clubs: one club has 110 of them (so some of its pairs must
    // meet), the other nine 10 each.
    let mut f = tournament(System::Swiss { rounds: 7 }, 200);
    f.championship.same_club = SameClub::AvoidFirst(3);
    for e in &mut f.entrants {
        let i = seed(&e.id);
        let c = if i % 20 < 11 { 0 } else { i % 20 - 10 };
        e.club = Some(format!("Club {c}"));
    }
    let mut met = BTreeSet::new();
    for r in 1..=7u32 {
        play(&mut f, &favourite).expect("round");
        let round = f.rounds.last().expect("round");
        let tables: Vec<(String, String)> =
            ids(round).into_iter().filter(|(_, b)| b != "bye").collect();
        for (a, b) in &tables {
            assert!(
                met.insert((a.min(b).clone(), a.max(b).clone())),
                "rematch {a}–{b} in round {r}"
            );
        }
        if r <= 3 {
            let club = |id: &str| {
                f.entrants
                    .iter()
                    .find(|e| e.id == id)
                    .and_then(|e| e.club.clone())
            };
            let same = tables.iter().filter(|(a, b)| club(a) == club(b)).count();
            let fewest = fewest_same_club(&f, round).expect("a pairing without rematches");
            assert_eq!(same, fewest, "round {r}");
            // The big club's 110 pairs against 90 others: at least 10 tables of its own.
            assert!(fewest >= 10, "round {r}: {fewest}");
        }
    }
}

#[test]
fn a_swiss_that_does_not_avoid_same_club_pairings_pairs_as_before() {
    let mut with = tournament(System::Swiss { rounds: 3 }, 40);
    for e in &mut with.entrants {
        e.club = Some(format!("Club {}", seed(&e.id) % 4));
    }
    with.championship.same_club = SameClub::AvoidFirst(1);
    let club = |f: &TournamentFile, id: &str| {
        f.entrants
            .iter()
            .find(|e| e.id == id)
            .and_then(|e| e.club.clone())
    };
    let r1 = next_round(&with).expect("round 1");
    assert!(
        ids(&r1)
            .iter()
            .all(|(a, b)| club(&with, a) != club(&with, b))
    );
    play(&mut with, &favourite).expect("round 1");
    // From round 2 on, the clubs are not looked at: the same pairing as without.
    let mut with_2 = with.clone();
    with_2.championship.same_club = SameClub::Allowed;
    assert_eq!(next_round(&with), next_round(&with_2));
}

#[test]
fn the_public_file_keeps_the_published_rounds_and_the_rest_are_said_to_count_unpublished() {
    let mut f = tournament(System::Swiss { rounds: 4 }, 5);
    play(&mut f, &favourite).expect("round 1");
    let after_one = standings(&f);
    play(&mut f, &favourite).expect("round 2");
    // Round 3 drawn, no result yet: its bye counts already.
    let third = next_round(&f).expect("round 3");
    assert!(third.pairings.iter().any(|p| matches!(p, Pairing::Bye(_))));
    f.rounds.push(third);
    assert_eq!(f.counted_unpublished(1), [2, 3]);
    assert_eq!(f.counted_unpublished(3), Vec::<u32>::new());
    assert_ne!(standings(&f), after_one);
    let mut public = f.clone();
    public.published_only(1);
    assert_eq!(public.rounds.len(), 1);
    assert_eq!(standings(&public), after_one);
    assert_eq!(public.counted_unpublished(1), Vec::<u32>::new());
    let mut none = f.clone();
    none.published_only(0);
    assert!(none.rounds.is_empty());
}

#[test]
fn a_league_has_the_rounds_of_its_largest_liguilla_left_once_its_first_is_drawn() {
    // Nine pairs in two liguillas, of five (five jornadas, one resting in each) and
    // of four (three).
    let mut file = crate::domain::test_builders::round_robin_file("cuatrola", 9, 2);
    assert_eq!(rounds_left(&file), None, "nothing drawn: nothing left");
    file.rounds.push(next_round(&file).expect("round 1"));
    assert_eq!(rounds_left(&file), Some(RoundsLeft::League(4)));
    // A Swiss of three rounds, one drawn.
    file.championship.system = System::Swiss { rounds: 3 };
    assert_eq!(rounds_left(&file), Some(RoundsLeft::Swiss(2)));
    file.championship.system = System::Swiss { rounds: 1 };
    assert_eq!(rounds_left(&file), None, "every round drawn");
    file.championship.system = System::Ceros { losses: 2 };
    assert_eq!(rounds_left(&file), None);
}
