//! Match points in halves through the standings, and ties left after every
//! criterion: shared, drawn by lot or placed by order of entry, always said.

#![allow(clippy::unwrap_used)]
use super::*;
use crate::domain::engine::GameKind;
use serde_json::{Map, json};

fn championship(tiebreaks: Vec<Tiebreak>, points: Points) -> Championship {
    Championship {
        starts_on: None,
        name: "Obert".into(),
        game: GameKind::Botifarra,
        options: Map::new(),
        system: System::Swiss { rounds: 5 },
        match_format: MatchFormat::usual_timed(Default::default()),
        points,
        tiebreaks,
        head_to_head: HeadToHead::GamesPlayed,
        seed: 4242,
        same_club: SameClub::default(),
        ties: Ties::default(),
    }
}

fn file(n: u32, tiebreaks: Vec<Tiebreak>, points: Points) -> TournamentFile {
    TournamentFile {
        brackets: Vec::new(),
        repesca_liguilla: None,
        format: FORMAT.into(),
        championship: championship(tiebreaks, points),
        entrants: (1..=n)
            .map(|i| Entrant::new(i.to_string(), format!("Parella {i}")))
            .collect(),
        rounds: Vec::new(),
    }
}

/// Plays every round of `f`: the lower id wins, but some tables draw 70–70 (decided
/// by `seed`, the round and the two ids).
fn play_out(f: &mut TournamentFile, seed: u32) {
    loop {
        let mut round = match next_round(f) {
            Ok(r) => r,
            Err(PairingError::Finished) => break,
            Err(e) => panic!("{e}"),
        };
        let number = round.number;
        round.results = round
            .pairings
            .iter()
            .filter_map(|p| match p {
                Pairing::Table(t) => {
                    let (a, b): (u32, u32) = (t.a.parse().unwrap(), t.b.parse().unwrap());
                    let score = if (a * 7 + b * 3 + number * 5 + seed).is_multiple_of(3) {
                        [70, 70]
                    } else if a < b {
                        [101, 40 + (a + b + number) % 50]
                    } else {
                        [40 + (a + b + number) % 50, 101]
                    };
                    Some(MatchResult::new(t.table, score[0], score[1]))
                }
                _ => None,
            })
            .collect();
        f.rounds.push(round);
    }
}

fn halves(win: u32, draw: u32, loss: u32, bye: u32) -> Points {
    let h = MatchPoints::from_halves;
    Points {
        win: h(win),
        draw: h(draw),
        loss: h(loss),
        bye: h(bye),
    }
}

#[test]
fn counting_a_win_as_1_and_a_draw_as_a_half_halves_every_figure_and_keeps_the_ranking() {
    let all = Tiebreak::ALL.to_vec();
    for seed in 0..6 {
        let mut whole = file(9, all.clone(), Points::default());
        play_out(&mut whole, seed);
        let mut half = whole.clone();
        half.championship.points = halves(2, 1, 0, 2);
        assert_eq!(validate(&half), Ok(()));
        let (w, h) = (standings(&whole), standings(&half));
        let halved = |p: MatchPoints| MatchPoints::from_halves(p.halves() / 2);
        assert!(
            w.iter().any(|r| r.points.halves() % 4 != 0),
            "some total is odd on 2/1/0, so a half on 1/½/0"
        );
        for (a, b) in w.iter().zip(&h) {
            assert_eq!(a.id, b.id, "seed {seed}: the same order");
            assert_eq!(halved(a.points), b.points);
            assert_eq!(halved(a.buchholz), b.buchholz);
            assert_eq!(halved(a.median_buchholz), b.median_buchholz);
            assert_eq!(a.head_to_head.map(halved), b.head_to_head);
            assert_eq!(a.sonneborn_berger / 2.0, b.sonneborn_berger);
            assert_eq!(a.decided_by, b.decided_by);
        }
    }
}

#[test]
fn buchholz_of_halves_sums_exactly_and_a_half_point_bye_counts_as_written() {
    // Three pairs, 1 beats 2 (round 1, 3 has the bye), then 3 draws with 1 (round
    // 2, 2 has the bye): with 1 / ½ / 0 and a bye worth ½,
    // 1: 1 + ½ = 1½; 2: 0 + ½ = ½; 3: ½ + ½ = 1.
    let mut f = file(
        3,
        vec![Tiebreak::Points, Tiebreak::Buchholz],
        halves(2, 1, 0, 1),
    );
    f.championship.system = System::Swiss { rounds: 2 };
    let table = |t: u32, a: &str, b: &str| {
        Pairing::Table(TablePairing {
            table: t,
            a: a.into(),
            b: b.into(),
        })
    };
    let bye = |id: &str| Pairing::Bye(ByePairing { bye: id.into() });
    for (number, t, b, score) in [
        (1, ("1", "2"), "3", [101, 50]),
        (2, ("3", "1"), "2", [70, 70]),
    ] {
        f.rounds.push(Round {
            number,
            pairings: vec![table(1, t.0, t.1), bye(b)],
            results: vec![MatchResult::new(1, score[0], score[1])],
            in_play: Vec::new(),
        });
    }
    assert_eq!(validate(&f), Ok(()));
    let rows = standings(&f);
    let h = MatchPoints::from_halves;
    let got: Vec<(&str, MatchPoints, MatchPoints)> = rows
        .iter()
        .map(|r| (r.id.as_str(), r.points, r.buchholz))
        .collect();
    // Buchholz: 1 met 2 (½) and 3 (1) = 1½; 3 met 1 = 1½; 2 met 1 = 1½.
    assert_eq!(
        got,
        [("1", h(3), h(3)), ("3", h(2), h(3)), ("2", h(1), h(3))]
    );
    // Plain text writes the halves as a file writes them.
    let plain = crate::domain::tournament::halves::MatchPoints::plain;
    let first: Vec<String> = [Tiebreak::Points, Tiebreak::Buchholz]
        .map(|t| text::value(&rows[0], t, "-", &plain))
        .to_vec();
    assert_eq!(first, ["1.5", "1.5"]);
    let json = serde_json::to_value(&rows[0]).unwrap();
    assert_eq!(
        (json["points"].clone(), json["buchholz"].clone()),
        (json!(1.5), json!(1.5))
    );
}

#[test]
fn half_points_are_written_as_0_5_in_the_file_and_read_back_the_same() {
    let f = file(2, vec![Tiebreak::Points], halves(2, 1, 0, 2));
    let text = serde_json::to_string(&f).unwrap();
    assert!(
        text.contains(r#""points":{"win":1,"draw":0.5,"loss":0,"bye":1}"#),
        "{text}"
    );
    assert_eq!(parse(&text).unwrap(), f);
    let old = serde_json::to_string(&file(2, vec![Tiebreak::Points], Points::default())).unwrap();
    assert!(
        old.contains(r#""points":{"win":2,"draw":1,"loss":0,"bye":2}"#),
        "{old}"
    );
    assert!(parse(&text.replace("0.5", "0.3")).is_err());
}

/// Four pairs after one round (1 v 3 and 2 v 4, top half against bottom half): 1
/// and 2 win by the same score, so with points and the point difference 1 and 2 are
/// level, and 3 and 4.
fn two_ties(ties: Ties) -> TournamentFile {
    let mut f = file(
        4,
        vec![Tiebreak::Points, Tiebreak::PointDifference],
        Points::default(),
    );
    f.championship.ties = ties;
    let mut round = next_round(&f).unwrap();
    round.results = round
        .pairings
        .iter()
        .filter_map(|p| match p {
            Pairing::Table(t) => {
                let a_wins = t.a < t.b;
                let s = if a_wins { [101, 60] } else { [60, 101] };
                Some(MatchResult::new(t.table, s[0], s[1]))
            }
            _ => None,
        })
        .collect();
    f.rounds.push(round);
    assert_eq!(validate(&f), Ok(()));
    f
}

fn places(f: &TournamentFile) -> Vec<(u32, u32, String, bool, Option<String>)> {
    standings(f)
        .into_iter()
        .map(|r| (r.rank, r.place, r.id, r.ex_aequo, r.decided_by))
        .collect()
}

#[test]
fn level_pairs_share_a_place_ex_aequo_when_the_organiser_chose_it() {
    let rows = places(&two_ties(Ties::Shared));
    let d = |s: &str| Some(s.to_owned());
    assert_eq!(
        rows,
        [
            (1, 1, "1".into(), true, None),
            (2, 1, "2".into(), true, None),
            (3, 3, "3".into(), true, d("points")),
            (4, 3, "4".into(), true, None),
        ]
    );
}

#[test]
fn by_default_level_pairs_are_placed_by_entry_order_and_the_row_says_so() {
    let f = two_ties(Ties::EntryOrder);
    let text = serde_json::to_string(&f).unwrap();
    assert!(!text.contains("ties"), "the default is not written: {text}");
    let rows = places(&f);
    let d = |s: &str| Some(s.to_owned());
    assert_eq!(
        rows,
        [
            (1, 1, "1".into(), false, None),
            (2, 2, "2".into(), false, d("entry_order")),
            (3, 3, "3".into(), false, d("points")),
            (4, 4, "4".into(), false, d("entry_order")),
        ]
    );
}

#[test]
fn a_lot_drawn_from_the_recorded_seed_places_level_pairs_and_another_seed_may_not() {
    let f = two_ties(Ties::Lot);
    let text = serde_json::to_string(&f).unwrap();
    assert!(text.contains(r#""ties":"lot""#), "{text}");
    assert!(text.contains(r#""seed":4242"#), "{text}");
    assert_eq!(parse(&text).unwrap(), f);
    let rows = standings(&f);
    // The lower lot number is drawn first.
    for pair in [["1", "2"], ["3", "4"]] {
        let [x, y] = pair.map(|id| rows.iter().find(|r| r.id == id).unwrap());
        let (first, second) = if x.lot < y.lot { (x, y) } else { (y, x) };
        assert!(first.rank < second.rank, "{pair:?}");
        assert_eq!(second.decided_by.as_deref(), Some("lot"));
        assert!(!first.ex_aequo && !second.ex_aequo);
    }
    // Over a few seeds the lot does not always follow the entry order.
    let orders: std::collections::BTreeSet<Vec<String>> = (0..12)
        .map(|seed| {
            let mut g = f.clone();
            g.championship.seed = seed;
            standings(&g).into_iter().map(|r| r.id).collect()
        })
        .collect();
    assert!(orders.len() > 1, "{orders:?}");
}

#[test]
fn a_tie_rule_the_file_does_not_know_is_refused() {
    let text = serde_json::to_string(&two_ties(Ties::Shared)).unwrap();
    assert!(text.contains(r#""ties":"shared""#), "{text}");
    assert!(parse(&text.replace(r#""ties":"shared""#, r#""ties":"coin""#)).is_err());
}
