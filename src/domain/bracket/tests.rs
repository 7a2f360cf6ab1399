#![allow(clippy::unwrap_used)]

use super::*;

pub(super) fn ids(n: usize) -> Vec<EntrantId> {
    (0..n as u32).map(|i| EntrantId(100 + i)).collect()
}

/// Plays every playable match until none is left; `pick` chooses the winner's slot.
pub(super) fn play_all(b: &mut Bracket, mut pick: impl FnMut(&Match) -> usize) {
    while let Some(&id) = b.playable().first() {
        let m = &b.matches()[id.0 as usize];
        let k = pick(m).min(1);
        let winner = m.entrants()[k].or(m.entrants()[1 - k]);
        let Some(winner) = winner else {
            panic!("playable match without entrants")
        };
        b.record_result(id, winner).unwrap();
    }
}

fn better_seed_wins(b: &Bracket) -> impl FnMut(&Match) -> usize + '_ {
    |m: &Match| {
        let seed = |k: usize| {
            let e = m.entrants()[k];
            b.seeds()
                .iter()
                .position(|&s| Some(s) == e)
                .unwrap_or(usize::MAX)
        };
        usize::from(seed(1) < seed(0))
    }
}

fn seed_numbers(b: &Bracket, m: &Match) -> [usize; 2] {
    m.entrants()
        .map(|e| b.seeds().iter().position(|&s| Some(s) == e).unwrap() + 1)
}

fn count(b: &Bracket, side: Side) -> usize {
    b.matches().iter().filter(|m| m.side == side).count()
}

#[test]
fn single_elimination_has_n_minus_one_matches_plus_one_for_third_place() {
    for n in 1..=130 {
        let plain = single_elimination(&ids(n), false).unwrap();
        assert_eq!(plain.matches().len(), n - 1, "{n}");
        let third = single_elimination(&ids(n), true).unwrap();
        let extra = usize::from(n >= 4);
        assert_eq!(third.matches().len(), n - 1 + extra, "{n}");
        assert_eq!(count(&third, Side::ThirdPlace), extra);
    }
}

#[test]
fn double_elimination_has_two_n_minus_two_matches_plus_one_for_the_reset() {
    for n in 2..=130 {
        let plain = double_elimination(&ids(n), false).unwrap();
        assert_eq!(plain.matches().len(), 2 * n - 2, "{n}");
        let reset = double_elimination(&ids(n), true).unwrap();
        assert_eq!(reset.matches().len(), 2 * n - 1, "{n}");
        assert_eq!(count(&reset, Side::GrandFinal), 2);
    }
    assert_eq!(
        double_elimination(&ids(1), true).unwrap().matches().len(),
        0
    );
}

#[test]
fn byes_go_exactly_to_the_top_seeds() {
    for n in 2..=70 {
        let seeds = ids(n);
        let byes = n.next_power_of_two() - n;
        for b in [
            single_elimination(&seeds, true).unwrap(),
            double_elimination(&seeds, true).unwrap(),
        ] {
            assert_eq!(b.byes(), seeds[..byes].to_vec(), "{n}");
            // Nobody with a bye plays in round 1; everybody else does, once.
            let first: Vec<EntrantId> = b
                .matches()
                .iter()
                .filter(|m| m.side == Side::Winners && m.round == 1)
                .flat_map(|m| m.entrants())
                .flatten()
                .collect();
            let mut expected = seeds[byes..].to_vec();
            let mut got = first.clone();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "{n}");
        }
    }
}

#[test]
fn the_standard_order_for_sixteen_is_one_sixteen_eight_nine_five_twelve() {
    assert_eq!(
        standard_order(16),
        vec![1, 16, 8, 9, 5, 12, 4, 13, 3, 14, 6, 11, 7, 10, 2, 15]
    );
    assert_eq!(standard_order(8), vec![1, 8, 4, 5, 3, 6, 2, 7]);
    assert_eq!(standard_order(4), vec![1, 4, 2, 3]);
    assert_eq!(standard_order(2), vec![1, 2]);
    assert_eq!(standard_order(1), vec![1]);
    assert!(standard_order(0).is_empty());
    assert_eq!(standard_order(13).len(), 16);
}

#[test]
fn the_standard_order_keeps_the_top_seeds_apart_until_the_latest_round() {
    for k in 1..=10 {
        let order = standard_order(1 << k);
        let slot = |seed: usize| order.iter().position(|&s| s == seed).unwrap();
        // Seeds 1..=2^j are in different blocks of 2^(k-j) slots.
        for j in 0..=k {
            let block = 1usize << (k - j);
            let mut seen: Vec<usize> = (1..=1usize << j).map(|s| slot(s) / block).collect();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), 1 << j, "k={k} j={j}");
        }
        // Each first-round pair sums to 2^k + 1.
        for pair in order.chunks(2) {
            assert_eq!(pair[0] + pair[1], (1 << k) + 1);
            assert!(pair[0] < pair[1]);
        }
    }
}

#[test]
fn the_first_round_is_the_standard_order_for_two_to_sixty_four_entrants() {
    for n in 2..=64 {
        let order = standard_order(n);
        let expected: Vec<(u32, [usize; 2])> = order
            .chunks(2)
            .enumerate()
            .filter(|(_, p)| p[1] <= n)
            .map(|(i, p)| (i as u32 + 1, [p[0], p[1]]))
            .collect();
        for b in [
            single_elimination(&ids(n), false).unwrap(),
            double_elimination(&ids(n), false).unwrap(),
        ] {
            let got: Vec<(u32, [usize; 2])> = b
                .matches()
                .iter()
                .filter(|m| m.side == Side::Winners && m.round == 1)
                .map(|m| (m.position, seed_numbers(&b, m)))
                .collect();
            assert_eq!(got, expected, "{n}");
        }
    }
}

#[test]
fn sixteen_entrants_open_with_one_sixteen_eight_nine_five_twelve_four_thirteen() {
    let b = single_elimination(&ids(16), false).unwrap();
    let first: Vec<[usize; 2]> = b.matches()[..8]
        .iter()
        .map(|m| seed_numbers(&b, m))
        .collect();
    assert_eq!(
        first,
        vec![
            [1, 16],
            [8, 9],
            [5, 12],
            [4, 13],
            [3, 14],
            [6, 11],
            [7, 10],
            [2, 15]
        ]
    );
}

#[test]
fn thirteen_entrants_give_the_byes_to_seeds_one_two_and_three() {
    let b = single_elimination(&ids(13), false).unwrap();
    assert_eq!(b.byes(), ids(13)[..3].to_vec());
    // Seed 2 does not play seed 13 (the brackets-manager balanceByes gotcha).
    for m in b.matches() {
        if m.round == 1 {
            assert_ne!(seed_numbers(&b, m), [2, 13]);
        }
    }
}

#[test]
fn better_seeds_winning_gives_the_expected_final_and_champion() {
    let mut b = single_elimination(&ids(16), true).unwrap();
    let snapshot = b.clone();
    play_all(&mut b, better_seed_wins(&snapshot));
    let final_ = b
        .matches()
        .iter()
        .find(|m| m.side == Side::Winners && m.round == 4)
        .unwrap();
    assert_eq!(seed_numbers(&b, final_), [1, 2]);
    assert_eq!(b.champion(), Some(ids(16)[0]));
    let third = b
        .matches()
        .iter()
        .find(|m| m.side == Side::ThirdPlace)
        .unwrap();
    assert_eq!(seed_numbers(&b, third), [4, 3]);
    assert!(b.is_complete());
}

#[test]
fn the_winners_champion_winning_the_grand_final_makes_the_reset_unneeded() {
    let mut b = double_elimination(&ids(8), true).unwrap();
    let snapshot = b.clone();
    let mut better = better_seed_wins(&snapshot);
    play_all(&mut b, &mut better);
    let reset = b.matches().last().unwrap();
    assert_eq!(reset.status, Status::NotNeeded);
    assert_eq!(b.champion(), Some(ids(8)[0]));
    assert!(b.is_complete());
    assert_eq!(
        b.matches()
            .iter()
            .filter(|m| m.status == Status::Played)
            .count(),
        14
    );
}

#[test]
fn the_losers_champion_winning_the_grand_final_forces_the_reset() {
    let mut b = double_elimination(&ids(8), true).unwrap();
    let snapshot = b.clone();
    let mut better = better_seed_wins(&snapshot);
    while let Some(&id) = b.playable().first() {
        let m = b.get(id).unwrap().clone();
        let k = if m.side == Side::GrandFinal && m.round == 1 {
            1
        } else {
            better(&m)
        };
        b.record_result(id, m.entrants()[k].unwrap()).unwrap();
    }
    let reset = b.matches().last().unwrap();
    assert_eq!(reset.status, Status::Played);
    assert_eq!(
        b.matches()
            .iter()
            .filter(|m| m.status == Status::Played)
            .count(),
        15
    );
    assert!(b.is_complete());
}

#[test]
fn without_reset_the_grand_final_decides() {
    let mut b = double_elimination(&ids(5), false).unwrap();
    while let Some(&id) = b.playable().first() {
        let m = b.get(id).unwrap().clone();
        let k = usize::from(m.side == Side::GrandFinal);
        b.record_result(id, m.entrants()[k].unwrap()).unwrap();
    }
    let gf = b.matches().last().unwrap();
    assert_eq!(b.champion(), gf.result.map(|r| r.winner));
    assert_eq!(b.eliminated_in(gf.entrants()[0].unwrap()), Some(gf.id));
}

#[test]
fn a_two_entrant_double_elimination_is_a_final_and_a_grand_final() {
    let mut b = double_elimination(&ids(2), false).unwrap();
    assert_eq!(b.matches().len(), 2);
    // Seed 2 wins the final, seed 1 the grand final: no reset, seed 1 is champion.
    play_all(&mut b, |_| 1);
    assert!(b.is_complete());
    assert_eq!(b.champion(), Some(ids(2)[0]));
}

#[test]
fn a_single_entrant_is_champion_at_once_and_no_entrant_is_refused() {
    let b = single_elimination(&ids(1), true).unwrap();
    assert_eq!(b.champion(), Some(ids(1)[0]));
    assert!(b.is_complete());
    assert_eq!(
        single_elimination(&[], false),
        Err(BracketError::NoEntrants)
    );
    let dup = [EntrantId(1), EntrantId(2), EntrantId(1)];
    assert_eq!(
        double_elimination(&dup, true),
        Err(BracketError::DuplicateEntrant(EntrantId(1)))
    );
}

#[test]
fn results_are_refused_for_unready_unknown_or_already_played_matches() {
    let mut b = single_elimination(&ids(4), false).unwrap();
    let final_ = MatchId(2);
    assert_eq!(
        b.record_result(final_, ids(4)[0]),
        Err(BracketError::NotReady(final_))
    );
    assert_eq!(
        b.record_result(MatchId(9), ids(4)[0]),
        Err(BracketError::UnknownMatch(MatchId(9)))
    );
    assert_eq!(
        b.record_result(MatchId(0), ids(4)[1]),
        Err(BracketError::NotInMatch(MatchId(0), ids(4)[1]))
    );
    assert_eq!(b.record_result(MatchId(0), ids(4)[0]), Ok(vec![]));
    assert_eq!(
        b.record_result(MatchId(0), ids(4)[0]),
        Err(BracketError::AlreadyPlayed(MatchId(0)))
    );
    assert_eq!(
        b.record_score(MatchId(1), [15, 15]),
        Err(BracketError::Draw(MatchId(1)))
    );
    assert_eq!(b.record_score(MatchId(1), [12, 21]), Ok(vec![final_]));
    let m1 = b.get(MatchId(1)).unwrap();
    assert_eq!(m1.result.map(|r| r.winner), m1.entrants()[1]);
    assert_eq!(
        b.correct_result(MatchId(2), ids(4)[0]),
        Err(BracketError::NotPlayed(MatchId(2)))
    );
}

#[test]
fn a_correction_after_later_matches_voids_exactly_the_dependent_matches() {
    // 8 entrants, better seed always wins; then the first quarter-final is reversed.
    let mut b = single_elimination(&ids(8), true).unwrap();
    play_all(&mut b, |_| 0);
    let qf1 = MatchId(0); // 1 v 8
    let sf1 = b.get(qf1).unwrap().winner_to().unwrap().0;
    let final_ = b.get(sf1).unwrap().winner_to().unwrap().0;
    let third = b.get(sf1).unwrap().loser_to().unwrap().0;
    let expected = {
        let mut v = vec![sf1, final_, third];
        v.sort();
        v
    };
    assert_eq!(b.dependents(qf1), expected);
    let before = b.clone();
    let preview = b.preview_correction(qf1, ids(8)[7]).unwrap();
    assert_eq!(b, before, "the preview changes nothing");
    let done = b.correct_result(qf1, ids(8)[7]).unwrap();
    assert_eq!(done, preview);
    assert_eq!(done.voided, expected);
    assert_eq!(done.reopened, vec![sf1]);
    for m in b.matches() {
        let was = before.get(m.id).unwrap();
        if expected.contains(&m.id) {
            assert_eq!(m.status, Status::Void);
            assert_eq!(m.result, None);
        } else if m.id != qf1 {
            assert_eq!(m.result, was.result, "{} untouched", m.code());
        }
    }
    // Seed 8 now plays seed 4 in the semi-final, and the rest replays.
    assert_eq!(seed_numbers(&b, b.get(sf1).unwrap()), [8, 4]);
    play_all(&mut b, |_| 0);
    assert!(b.is_complete());
    assert_eq!(b.champion(), Some(ids(8)[7]));
}

#[test]
fn a_correction_in_the_winners_bracket_voids_the_losers_bracket_match_it_fed() {
    let mut b = double_elimination(&ids(8), false).unwrap();
    // Play the winners' round 1, then the losers' match fed by its first match.
    for i in 0..4 {
        let e = b.get(MatchId(i)).unwrap().entrants()[0].unwrap();
        b.record_result(MatchId(i), e).unwrap();
    }
    let w1 = MatchId(0);
    let (lb, _) = b.get(w1).unwrap().loser_to().unwrap();
    let e = b.get(lb).unwrap().entrants()[0].unwrap();
    b.record_result(lb, e).unwrap();
    let (w2, _) = b.get(w1).unwrap().winner_to().unwrap();
    assert_eq!(b.get(lb).unwrap().status, Status::Played);
    let deps = b.dependents(w1);
    let mut expected = vec![lb];
    if b.get(w2).unwrap().status == Status::Played {
        expected.push(w2);
    }
    expected.sort();
    assert_eq!(deps, expected);
    let c = b.correct_result(w1, ids(8)[7]).unwrap();
    assert_eq!(c.voided, expected);
    assert!(c.reopened.contains(&lb));
    // The new loser (seed 1) is now in the losers' match.
    assert!(b.get(lb).unwrap().entrants().contains(&Some(ids(8)[0])));
}

#[test]
fn correcting_only_the_score_keeps_every_later_result() {
    let mut b = single_elimination(&ids(4), false).unwrap();
    b.record_score(MatchId(0), [21, 10]).unwrap();
    b.record_score(MatchId(1), [21, 10]).unwrap();
    b.record_score(MatchId(2), [21, 10]).unwrap();
    let c = b.correct_score(MatchId(0), [21, 19]).unwrap();
    assert_eq!(c, Correction::default());
    assert_eq!(b.get(MatchId(2)).unwrap().status, Status::Played);
    assert_eq!(
        b.get(MatchId(0)).unwrap().result.unwrap().score,
        Some([21, 19])
    );
}

#[test]
fn clearing_a_result_reopens_the_match_and_voids_its_dependents() {
    let mut b = single_elimination(&ids(4), false).unwrap();
    play_all(&mut b, |_| 0);
    let c = b.clear_result(MatchId(0)).unwrap();
    assert_eq!(c.voided, vec![MatchId(2)]);
    assert_eq!(c.reopened, vec![MatchId(0)]);
    assert_eq!(b.get(MatchId(2)).unwrap().status, Status::Void);
    assert!(!b.get(MatchId(2)).unwrap().is_playable());
}

#[test]
fn correcting_the_grand_final_brings_the_reset_back_or_voids_it() {
    let mut b = double_elimination(&ids(4), true).unwrap();
    play_all(&mut b, |_| 0);
    let gf = b
        .matches()
        .iter()
        .find(|m| m.side == Side::GrandFinal && m.round == 1)
        .unwrap();
    let (gf_id, lb_champ) = (gf.id, gf.entrants()[1].unwrap());
    let reset = MatchId(gf_id.0 + 1);
    assert_eq!(b.get(reset).unwrap().status, Status::NotNeeded);
    let c = b.correct_result(gf_id, lb_champ).unwrap();
    assert_eq!(c.voided, vec![]);
    assert_eq!(c.reopened, vec![reset]);
    assert!(!b.is_complete());
    b.record_result(reset, lb_champ).unwrap();
    assert_eq!(b.champion(), Some(lb_champ));
    let wb_champ = b.get(gf_id).unwrap().entrants()[0].unwrap();
    let c = b.correct_result(gf_id, wb_champ).unwrap();
    assert_eq!(c.voided, vec![reset]);
    assert_eq!(b.get(reset).unwrap().status, Status::NotNeeded);
    assert_eq!(b.champion(), Some(wb_champ));
    assert!(b.is_complete());
}

/// For every losers'-bracket match, whether two entrants who already met in the
/// winners' bracket could meet there (over all possible results).
fn possible_rematches(b: &Bracket) -> Vec<(u32, bool)> {
    let n = b.seeds().len();
    let idx = |e: EntrantId| b.seeds().iter().position(|&s| s == e).unwrap();
    // Candidate occupants of each slot, as seed indices (winners' side).
    let mut cand: Vec<[Vec<bool>; 2]> = Vec::new();
    // Losers' side: (entrant, winners' match where it lost).
    let mut lcand: Vec<[Vec<(usize, MatchId)>; 2]> = Vec::new();
    for m in b.matches() {
        let mut c = [vec![false; n], vec![false; n]];
        let mut l: [Vec<(usize, MatchId)>; 2] = [Vec::new(), Vec::new()];
        for k in 0..2 {
            match m.slots[k] {
                Slot::Entrant(e) => c[k][idx(e)] = true,
                Slot::Winner(s) | Slot::Loser(s) => {
                    let src = &b.matches()[s.0 as usize];
                    for i in 0..n {
                        c[k][i] = cand[s.0 as usize][0][i] || cand[s.0 as usize][1][i];
                    }
                    if src.side == Side::Winners && matches!(m.slots[k], Slot::Loser(_)) {
                        l[k] = (0..n).filter(|&i| c[k][i]).map(|i| (i, s)).collect();
                    } else if src.side == Side::Losers {
                        l[k] = lcand[s.0 as usize].concat();
                    }
                }
            }
        }
        cand.push(c);
        lcand.push(l);
    }
    // For each winners' match, the winners' matches later on its winner's path.
    let chains: Vec<Vec<bool>> = b
        .matches()
        .iter()
        .map(|m| {
            let mut later = vec![false; b.matches().len()];
            let mut cur = m.winner_to();
            while let Some((d, _)) = cur {
                let next = b.get(d).unwrap();
                if next.side != Side::Winners {
                    break;
                }
                later[d.0 as usize] = true;
                cur = next.winner_to();
            }
            later
        })
        .collect();
    // x lost to y at mx and y lost later at my.
    let lost_to = |(x, mx): (usize, MatchId), (y, my): (usize, MatchId)| {
        let c = &cand[mx.0 as usize];
        ((c[0][x] && c[1][y]) || (c[1][x] && c[0][y])) && chains[mx.0 as usize][my.0 as usize]
    };
    b.matches()
        .iter()
        .filter(|m| m.side == Side::Losers)
        .map(|m| {
            let [a, bb] = &lcand[m.id.0 as usize];
            let possible = a.iter().any(|&p| {
                bb.iter()
                    .any(|&q| p.0 != q.0 && (lost_to(p, q) || lost_to(q, p)))
            });
            (m.round, possible)
        })
        .collect()
}

/// The last losers' round in which counting still allows no rematch, for `2^k`
/// slots: after the drop of winners' round `L`, each losers' match holds losers of
/// `L` rounds from `L` distinct blocks among `2^(k-L)` (then `2^(k-L-1)` after the
/// next pairing), which is impossible once `L` exceeds the number of blocks.
fn rematch_free_rounds(k: u32) -> u32 {
    let mut last_free = 0;
    for l in 1..=k {
        if l > 1 && (l as usize) <= 1usize << (k - l) {
            last_free = 2 * (l - 1);
        }
        if l < k && (l as usize) <= 1usize << (k - l - 1) {
            last_free = 2 * l - 1;
        }
    }
    last_free
}

#[test]
fn no_losers_bracket_rematch_is_possible_before_it_is_forced() {
    for n in 2..=64usize {
        let b = double_elimination(&ids(n), true).unwrap();
        let k = n.next_power_of_two().trailing_zeros();
        let free = rematch_free_rounds(k);
        let rounds = possible_rematches(&b);
        let first = rounds.iter().filter(|r| r.1).map(|r| r.0).min();
        if let Some(first) = first {
            assert!(
                first > free,
                "n={n}: rematch possible in losers' round {first}, free until {free}"
            );
        }
        // For a full bracket the bound is reached: the next round is forced.
        if n.is_power_of_two() && n >= 4 {
            assert_eq!(first, Some(free + 1), "n={n}");
        }
    }
}

#[test]
fn large_double_eliminations_avoid_rematches_as_long_as_counting_allows() {
    for (n, first_possible) in [(128usize, 8), (200, 9), (256, 9), (512, 11), (1024, 13)] {
        let b = double_elimination(&ids(n), false).unwrap();
        let first = possible_rematches(&b)
            .into_iter()
            .filter(|r| r.1)
            .map(|r| r.0)
            .min();
        assert_eq!(first, Some(first_possible), "n={n}");
    }
}

#[test]
fn the_loser_drop_masks_and_rematch_bounds_match_hand_computed_values() {
    let masks = loser_drop_masks(4);
    assert_eq!(masks, vec![0, 0, 2, 0, 0]);
    assert!(rematch_free_rounds(4) >= 3);
    assert_eq!(rematch_free_rounds(7), 7);
    assert_eq!(rematch_free_rounds(6), 6);
    assert_eq!(rematch_free_rounds(10), 12);
    assert_eq!(loser_drop_masks(7)[2..5], [8, 8, 6]);
}

#[test]
fn played_through_no_entrant_meets_a_winners_bracket_opponent_again_too_early() {
    for n in [8usize, 16, 24, 32, 64] {
        for salt in 0..20u64 {
            let mut b = double_elimination(&ids(n), true).unwrap();
            let mut state = salt;
            play_all(&mut b, |_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 63) as usize
            });
            let k = n.next_power_of_two().trailing_zeros();
            let free = rematch_free_rounds(k);
            let met: Vec<[EntrantId; 2]> = b
                .matches()
                .iter()
                .filter(|m| m.side == Side::Winners)
                .map(|m| m.entrants().map(Option::unwrap))
                .collect();
            for m in b
                .matches()
                .iter()
                .filter(|m| m.side == Side::Losers && m.round <= free)
            {
                let [x, y] = m.entrants().map(Option::unwrap);
                assert!(
                    !met.iter().any(|p| p.contains(&x) && p.contains(&y)),
                    "n={n} {}",
                    m.code()
                );
            }
        }
    }
}

#[test]
fn the_lot_is_a_deterministic_permutation() {
    let e = ids(50);
    let a = seed_by_lot(&e, 42);
    assert_eq!(a, seed_by_lot(&e, 42));
    assert_ne!(a, seed_by_lot(&e, 43));
    assert_ne!(a, e);
    let mut sorted = a.clone();
    sorted.sort();
    assert_eq!(sorted, e);
    assert!(seed_by_lot(&[], 1).is_empty());
}

#[test]
fn a_lot_draws_the_order_it_always_drew_for_its_seed() {
    let e: Vec<EntrantId> = (1..=8).map(EntrantId).collect();
    let drawn: Vec<u32> = seed_by_lot(&e, 42).iter().map(|x| x.0).collect();
    assert_eq!(drawn, [5, 4, 3, 1, 8, 7, 2, 6]);
}

#[test]
fn two_groups_of_four_cross_winners_and_runners_up() {
    let a = vec![EntrantId(1), EntrantId(2), EntrantId(3), EntrantId(4)];
    let b_ = vec![EntrantId(11), EntrantId(12), EntrantId(13), EntrantId(14)];
    let b = groups_to_knockout(&[a, b_], 2, Fill::None, true).unwrap();
    let first: Vec<[EntrantId; 2]> = b.matches()[..2]
        .iter()
        .map(|m| m.entrants().map(Option::unwrap))
        .collect();
    assert_eq!(
        first,
        vec![[EntrantId(1), EntrantId(12)], [EntrantId(11), EntrantId(2)]]
    );
    assert_eq!(b.matches().len(), 4);
}

fn groups(g: usize, size: usize) -> Vec<Vec<EntrantId>> {
    (0..g)
        .map(|i| (0..size).map(|j| EntrantId((i * 10 + j) as u32)).collect())
        .collect()
}

#[test]
fn entrants_of_one_group_meet_only_in_the_final_when_the_bracket_allows() {
    for g in [2usize, 4, 8, 16] {
        let b = groups_to_knockout(&groups(g, 4), 2, Fill::None, false).unwrap();
        let group_of = |e: EntrantId| e.0 / 10;
        for m in b.matches() {
            if m.winner_to().is_some() && m.round == 1 {
                let [x, y] = m.entrants().map(Option::unwrap);
                assert_ne!(group_of(x), group_of(y));
            }
        }
        // Group-mates sit in different halves.
        let slot = |e: EntrantId| {
            b.matches()
                .iter()
                .find(|m| m.round == 1 && m.entrants().contains(&Some(e)))
                .map(|m| m.position)
                .unwrap()
        };
        let half = (g as u32 * 2) / 4;
        for grp in groups(g, 2) {
            assert_ne!(
                (slot(grp[0]) - 1) / half,
                (slot(grp[1]) - 1) / half,
                "{g} groups"
            );
        }
    }
}

#[test]
fn best_runners_up_fill_the_bracket_to_a_power_of_two() {
    // Three groups, top two qualify (6), the best two thirds fill to 8.
    let gs = groups(3, 4);
    let thirds = vec![gs[2][2], gs[0][2], gs[1][2]];
    let b = groups_to_knockout(&gs, 2, Fill::BestRunnersUp(thirds), true).unwrap();
    assert_eq!(b.seeds().len(), 8);
    assert!(b.byes().is_empty());
    assert!(b.seeds().contains(&gs[2][2]) && b.seeds().contains(&gs[0][2]));
    assert!(!b.seeds().contains(&gs[1][2]));
    assert_eq!(&b.seeds()[..3], &[gs[0][0], gs[1][0], gs[2][0]]);
    // A repesca adds all its entrants as the lowest seeds.
    let r = groups_to_knockout(&gs, 1, Fill::Repesca(vec![gs[1][1]]), false).unwrap();
    assert_eq!(r.seeds().len(), 4);
    assert_eq!(r.seeds()[3], gs[1][1]);
    assert_eq!(
        groups_to_knockout(&gs, 5, Fill::None, false),
        Err(BracketError::GroupTooSmall { group: 0, size: 4 })
    );
    assert_eq!(
        groups_to_knockout(&gs, 1, Fill::Repesca(vec![gs[0][0]]), false),
        Err(BracketError::DuplicateEntrant(gs[0][0]))
    );
}

#[test]
fn a_bracket_survives_a_json_round_trip_and_tampering_is_refused() {
    let mut b = double_elimination(&ids(11), true).unwrap();
    for _ in 0..9 {
        let id = b.playable()[0];
        b.record_score(id, [21, 3]).unwrap();
    }
    let json = serde_json::to_string(&b).unwrap();
    let back: Bracket = serde_json::from_str(&json).unwrap();
    assert_eq!(back, b);
    // A winner who does not play the match.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["matches"][0]["result"]["winner"] = serde_json::json!(9999);
    assert!(serde_json::from_value::<Bracket>(v).is_err());
    // A slot pointing forward.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["matches"][0]["slots"][0] = serde_json::json!({"winner": 5});
    assert!(serde_json::from_value::<Bracket>(v).is_err());
    // A score contradicting the winner.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["matches"][0]["result"]["score"] = serde_json::json!([1, 21]);
    assert!(serde_json::from_value::<Bracket>(v).is_err());
}

#[test]
fn the_json_names_slots_and_statuses_plainly() {
    let b = single_elimination(&ids(3), false).unwrap();
    let v = serde_json::to_value(&b).unwrap();
    assert_eq!(
        v["format"],
        serde_json::json!({"single_elimination": {"third_place": false}})
    );
    assert_eq!(
        v["matches"][0]["slots"][0],
        serde_json::json!({"entrant": 101})
    );
    assert_eq!(
        v["matches"][1]["slots"],
        serde_json::json!([{"entrant": 100}, {"winner": 0}])
    );
    assert_eq!(v["matches"][0]["status"], "ready");
}

#[test]
fn the_layout_places_every_match_once_within_its_grid_for_four_to_256_entrants() {
    for n in [4usize, 5, 7, 8, 13, 16, 31, 64, 100, 128, 255, 256] {
        for b in [
            single_elimination(&ids(n), true).unwrap(),
            double_elimination(&ids(n), true).unwrap(),
        ] {
            let l = b.layout_named(&|e| Some(format!("Pareja {}", e.0)));
            let boxes: Vec<&MatchBox> = l
                .sections
                .iter()
                .flat_map(|s| &s.columns)
                .flat_map(|c| &c.boxes)
                .collect();
            assert_eq!(boxes.len(), b.matches().len(), "{n}");
            for s in &l.sections {
                for c in &s.columns {
                    let mut last_end = 0;
                    for bx in &c.boxes {
                        assert!(bx.row > last_end, "{n} {}: boxes overlap", bx.code);
                        last_end = bx.row + bx.span - 1;
                        assert!(last_end <= s.rows, "{n} {}: outside the grid", bx.code);
                    }
                }
            }
            let w = &l.sections[0];
            assert_eq!(w.columns.last().unwrap().name, RoundName::Final);
        }
    }
}

#[test]
fn the_layout_shows_names_sources_scores_and_winners() {
    let mut b = double_elimination(&ids(4), false).unwrap();
    b.record_score(MatchId(0), [21, 9]).unwrap();
    let l = b.layout_named(&|e| Some(format!("P{}", e.0)));
    let w = &l.sections[0];
    let first = &w.columns[0].boxes[0];
    assert_eq!(first.slots[0].name.as_deref(), Some("P100"));
    assert_eq!(first.slots[0].seed, Some(1));
    assert_eq!(first.slots[0].score, Some(21));
    assert!(first.slots[0].winner && !first.slots[1].winner);
    assert_eq!(first.connector, Connector::Down);
    assert_eq!(w.columns[0].boxes[1].connector, Connector::Up);
    let lb = &l.sections[1];
    assert_eq!(lb.side, Side::Losers);
    let lb1 = &lb.columns[0].boxes[0];
    assert_eq!(lb1.slots[0].entrant, Some(ids(4)[3]));
    assert_eq!(lb1.slots[1].source.as_deref(), Some("W1.2"));
    assert!(lb1.slots[1].from_loser);
    assert_eq!(lb1.connector, Connector::Straight);
    assert_eq!(l.sections[2].side, Side::GrandFinal);
    let json = serde_json::to_value(&l).unwrap();
    assert_eq!(json["sections"][0]["columns"][1]["name"]["kind"], "final");
}

#[test]
fn placements_follow_the_round_of_elimination_and_the_third_place_match() {
    let mut b = single_elimination(&ids(8), true).unwrap();
    assert_eq!(b.placements(), None);
    let snapshot = b.clone();
    play_all(&mut b, better_seed_wins(&snapshot));
    let places: Vec<u32> = b.placements().unwrap().into_iter().map(|p| p.1).collect();
    assert_eq!(places, vec![1, 2, 3, 4, 5, 5, 5, 5]);
    let mut d = double_elimination(&ids(8), true).unwrap();
    let snapshot = d.clone();
    play_all(&mut d, better_seed_wins(&snapshot));
    let places: Vec<u32> = d.placements().unwrap().into_iter().map(|p| p.1).collect();
    assert_eq!(places, vec![1, 2, 3, 4, 5, 5, 7, 7]);
    let single = single_elimination(&ids(1), false).unwrap();
    assert_eq!(single.placements(), Some(vec![(ids(1)[0], 1)]));
}

#[test]
fn the_layout_marks_top_seeds_that_skip_round_one() {
    let b = single_elimination(&ids(6), false).unwrap();
    let l = b.layout();
    let r2 = &l.sections[0].columns[1];
    let with_bye: Vec<u32> = r2
        .boxes
        .iter()
        .flat_map(|bx| &bx.slots)
        .filter(|s| s.bye)
        .filter_map(|s| s.seed)
        .collect();
    assert_eq!(with_bye, vec![1, 2]);
}

#[test]
fn the_text_rendering_lists_every_match_with_names_scores_and_sources() {
    let mut b = single_elimination(&ids(3), true).unwrap();
    b.record_score(MatchId(0), [21, 17]).unwrap();
    let text = b.layout_named(&|e| Some(format!("P{}", e.0))).to_text();
    assert_eq!(
        text,
        "Bracket\n  Semi-finals\n    W1.2   P101 (2) [21] *  v  P102 (3) [17]   (played)\n  \
         Final\n    W2.1   P100 (1)  v  P101 (2)   (ready)\n"
    );
    let d = double_elimination(&ids(4), true).unwrap();
    let text = d.layout().to_text();
    assert!(
        text.contains("L1.1   loser of W1.1  v  loser of W1.2   (pending)"),
        "{text}"
    );
    assert!(text.contains("Grand final (reset)"));
}

#[test]
fn each_match_is_named_by_its_stage_and_its_number_in_the_round() {
    let seeds: Vec<EntrantId> = (0..8).map(EntrantId).collect();
    let b = single_elimination(&seeds, true).unwrap();
    let stages: Vec<(RoundName, Option<u32>)> = b
        .matches()
        .iter()
        .map(|m| {
            let s = b.stage(m.id).unwrap();
            (s.name, s.number)
        })
        .collect();
    use RoundName::*;
    assert_eq!(
        stages,
        [
            (QuarterFinal, Some(1)),
            (QuarterFinal, Some(2)),
            (QuarterFinal, Some(3)),
            (QuarterFinal, Some(4)),
            (SemiFinal, Some(1)),
            (SemiFinal, Some(2)),
            (Final, None),
            (ThirdPlace, None),
        ]
    );
    // Named on their own (an audit's words): the final, semifinals and quarter-finals,
    // not the third-place match.
    let named: Vec<Option<RoundName>> = b
        .matches()
        .iter()
        .map(|m| b.named_stage(m.id).map(|s| s.name))
        .collect();
    assert_eq!(
        named,
        [
            Some(QuarterFinal),
            Some(QuarterFinal),
            Some(QuarterFinal),
            Some(QuarterFinal),
            Some(SemiFinal),
            Some(SemiFinal),
            Some(Final),
            None,
        ]
    );
    // A double elimination's winners' final is not the final.
    let de = double_elimination(&seeds, false).unwrap();
    assert!(de.matches().iter().all(|m| de.named_stage(m.id).is_none()));
    // Five entrants: the one first-round match left is round 1's only match.
    let seeds: Vec<EntrantId> = (0..5).map(EntrantId).collect();
    let b = single_elimination(&seeds, false).unwrap();
    let first = b.matches().iter().find(|m| m.round == 1).unwrap();
    assert_eq!(
        b.stage(first.id),
        Some(Stage {
            name: QuarterFinal,
            number: None
        })
    );
}
