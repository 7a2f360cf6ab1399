use super::*;
use proptest::prelude::*;

fn r(rating: f64, rd: f64) -> Rating {
    Rating {
        rating,
        rd,
        volatility: 0.06,
    }
}

/// A period of one pair game: pair `a` against pair `b`, `score_a` for pair `a`.
pub(crate) fn pair_game(label: &str, a: [PlayerId; 2], b: [PlayerId; 2], score_a: f64) -> Period {
    Period {
        label: label.into(),
        games: vec![Played::Pairs {
            a: a.to_vec(),
            b: b.to_vec(),
            score_a,
        }],
    }
}

#[test]
fn glickmans_worked_example_ends_at_1464_06_rd_151_52_volatility_0_05999() {
    let config = Config {
        tau: 0.5,
        ..Config::default()
    };
    let games = [
        Game {
            opponent: r(1400.0, 30.0),
            score: 1.0,
        },
        Game {
            opponent: r(1550.0, 100.0),
            score: 0.0,
        },
        Game {
            opponent: r(1700.0, 300.0),
            score: 0.0,
        },
    ];
    let after = update(r(1500.0, 200.0), &games, &config);
    // The paper rounds to four decimals on the Glicko-2 scale (μ' = −0.2069,
    // φ' = 0.8722) before converting back; unrounded the rating is 1464.0507.
    let mu = ((after.rating - 1500.0) / glicko2::SCALE * 10_000.0).round() / 10_000.0;
    let phi = (after.rd / glicko2::SCALE * 10_000.0).round() / 10_000.0;
    assert_eq!(format!("{mu:.4}"), "-0.2069");
    assert_eq!(format!("{phi:.4}"), "0.8722");
    assert_eq!(format!("{:.2}", mu * glicko2::SCALE + 1500.0), "1464.06");
    assert_eq!(format!("{:.2}", phi * glicko2::SCALE), "151.52");
    assert!((after.rating - 1464.06).abs() < 0.01);
    assert!((after.rd - 151.52).abs() < 0.01);
    // σ' = 0.0599960: the paper prints it cut to five decimals.
    assert!(
        (after.volatility - 0.059_996).abs() < 0.000_000_5,
        "{}",
        after.volatility
    );
    assert_eq!(
        format!("{:.5}", (after.volatility * 100_000.0).trunc() / 100_000.0),
        "0.05999"
    );
}

#[test]
fn a_player_who_sits_a_period_out_keeps_the_rating_and_gains_deviation() {
    let config = Config::default();
    let after = update(r(1600.0, 100.0), &[], &config);
    assert_eq!(after.rating, 1600.0);
    assert!((after.rd - (100.0f64.powi(2) + (0.06 * glicko2::SCALE).powi(2)).sqrt()).abs() < 1e-9);
    let capped = update(r(1600.0, 349.9), &[], &config);
    assert_eq!(capped.rd, 350.0);
}

#[test]
fn a_pair_game_rates_each_player_against_the_opposing_pairs_mean() {
    let config = Config::default();
    let history = replay(
        &[
            pair_game("1", [1, 2], [3, 4], 1.0),
            pair_game("2", [1, 3], [2, 4], 0.5),
        ],
        &config,
    );
    let one = history.current[&1];
    let first = history.points[&1][0].rating;
    assert!(first.rating > 1500.0);
    assert_eq!(history.current[&3].rating, history.current[&4].rating);
    // Period 2: player 1 (a winner) draws with pair 2+4 whose mean is 1500 exactly.
    let opp = mean([history.points[&2][0].rating, history.points[&4][0].rating].into_iter());
    let expect = update(
        first,
        &[Game {
            opponent: opp,
            score: 0.5,
        }],
        &config,
    );
    assert_eq!(one, expect);
    assert_eq!(history.labels, vec!["1".to_string(), "2".to_string()]);
}

#[test]
fn a_finishing_order_becomes_pairwise_results_with_shared_places_as_draws() {
    let period = Period {
        label: "d".into(),
        games: vec![Played::Order(vec![(7, 1), (8, 2), (9, 2)])],
    };
    let config = Config::default();
    let games = games_by_player(&period, &|_| config.initial);
    let scores = |p: PlayerId| games[&p].iter().map(|g| g.score).collect::<Vec<_>>();
    assert_eq!(scores(7), vec![1.0, 1.0]);
    assert_eq!(scores(8), vec![0.0, 0.5]);
    assert_eq!(scores(9), vec![0.0, 0.5]);
    let history = replay(&[period], &config);
    assert!(history.current[&7].rating > history.current[&8].rating);
    assert_eq!(history.current[&8], history.current[&9]);
}

#[test]
fn seeding_puts_the_highest_rating_first_and_the_better_known_before_an_equal_one() {
    let list = [
        ("a", r(1500.0, 350.0)),
        ("b", r(1720.0, 80.0)),
        ("c", r(1500.0, 90.0)),
        ("d", r(1610.0, 200.0)),
    ];
    assert_eq!(
        seed_order(&list),
        vec![("b", 1), ("d", 2), ("c", 3), ("a", 4)]
    );
    // A pair seeds by the mean of its players.
    let pair = mean([r(1700.0, 100.0), r(1500.0, 100.0)].into_iter());
    assert_eq!(pair.rating, 1600.0);
}

fn rating() -> impl Strategy<Value = Rating> {
    (1000.0..2200.0f64, 40.0..350.0f64, 0.03..0.09f64).prop_map(|(rating, rd, volatility)| Rating {
        rating,
        rd,
        volatility,
    })
}

/// One to five games against random opponents, each won, drawn or lost.
fn games() -> impl Strategy<Value = Vec<Game>> {
    prop::collection::vec((rating(), 0..3u8), 1..6).prop_map(|v| {
        v.into_iter()
            .map(|(opponent, s)| Game {
                opponent,
                score: f64::from(s) / 2.0,
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn playing_never_leaves_the_deviation_above_sitting_out(
        player in rating(),
        games in games(),
    ) {
        let config = Config::default();
        let played = update(player, &games, &config);
        let idle = update(player, &[], &config);
        prop_assert!(played.rd <= idle.rd + 1e-9);
        prop_assert!(played.rd > 0.0 && played.rd <= config.max_rd);
        prop_assert!(played.rating.is_finite() && played.volatility > 0.0);
    }

    #[test]
    fn a_newcomer_who_plays_ends_with_less_deviation_than_at_the_start(
        games in games(),
    ) {
        let config = Config::default();
        let played = update(config.initial, &games, &config);
        prop_assert!(played.rd < config.initial.rd);
    }

    #[test]
    fn swapping_winner_and_loser_between_equals_mirrors_the_change(
        start in rating(),
        score in 0..3u8,
    ) {
        let config = Config::default();
        let s = f64::from(score) / 2.0;
        let a = update(start, &[Game { opponent: start, score: s }], &config);
        let b = update(start, &[Game { opponent: start, score: 1.0 - s }], &config);
        prop_assert!(((a.rating - start.rating) + (b.rating - start.rating)).abs() < 1e-6);
        prop_assert!((a.rd - b.rd).abs() < 1e-6);
    }

    #[test]
    fn winning_rates_higher_than_drawing_and_drawing_higher_than_losing(
        player in rating(),
        opponent in rating(),
    ) {
        let config = Config::default();
        let at = |s: f64| update(player, &[Game { opponent, score: s }], &config).rating;
        prop_assert!(at(1.0) > at(0.5));
        prop_assert!(at(0.5) > at(0.0));
    }

    #[test]
    fn swapping_the_pairs_of_a_game_swaps_their_new_ratings(
        won in prop::bool::ANY,
    ) {
        let config = Config::default();
        let s = if won { 1.0 } else { 0.0 };
        let h1 = replay(&[pair_game("x", [1, 2], [3, 4], s)], &config);
        let h2 = replay(&[pair_game("x", [3, 4], [1, 2], 1.0 - s)], &config);
        prop_assert_eq!(&h1.current, &h2.current);
        prop_assert!(((h1.current[&1].rating - 1500.0) + (h1.current[&3].rating - 1500.0)).abs() < 1e-6);
    }
}
