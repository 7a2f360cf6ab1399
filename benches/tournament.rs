//! Tournament benchmarks: a Swiss round of 512 pairs (after four rounds with
//! random results), the standings of 512 pairs after 9 rounds with every tie-break, and
//! of 64, 256 and 1024 pairs after 7.
//! Run with `cargo bench --bench tournament`.

use baza::domain::GameKind;
use baza::domain::tournament::rng::Rng;
use baza::domain::tournament::{
    Championship, Entrant, FORMAT, MatchFormat, MatchResult, Pairing, Points, SameClub, System,
    Tiebreak, TournamentFile, next_round, standings,
};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// `n` pairs after `rounds` Swiss rounds paired by the engine, with random botifarra
/// results (seeded: the same every run).
fn played(n: u32, rounds: u32, seed: u64) -> TournamentFile {
    let mut f = TournamentFile {
        brackets: Vec::new(),
        repesca_liguilla: None,
        format: FORMAT.into(),
        championship: Championship {
            starts_on: None,
            name: "bench".into(),
            game: GameKind::Botifarra,
            options: Default::default(),
            system: System::Swiss { rounds: rounds + 1 },
            match_format: MatchFormat::Timed {
                target: 101,
                max_hands: 12,
                minutes: 55,
                cap: 121,
                draws: Default::default(),
            },
            points: Points::default(),
            tiebreaks: Tiebreak::ALL.to_vec(),
            head_to_head: Default::default(),
            seed,
            same_club: SameClub::default(),
            ties: Default::default(),
        },
        entrants: (1..=n)
            .map(|i| Entrant {
                seed: Some(i),
                ..Entrant::new(i.to_string(), format!("Pair {i}"))
            })
            .collect(),
        rounds: Vec::new(),
    };
    let mut rng = Rng::new(seed);
    for _ in 0..rounds {
        let Ok(mut round) = next_round(&f) else {
            break;
        };
        round.results = round
            .pairings
            .iter()
            .filter_map(|p| match p {
                Pairing::Table(t) => {
                    let lose = 30 + rng.below(60) as u32;
                    Some(match rng.below(10) {
                        0 => MatchResult::new(t.table, 80, 80),
                        1..=4 => MatchResult::new(t.table, 101, lose),
                        _ => MatchResult::new(t.table, lose, 101),
                    })
                }
                _ => None,
            })
            .collect();
        f.rounds.push(round);
    }
    f
}

fn bench(c: &mut Criterion) {
    let swiss = played(512, 4, 1);
    c.bench_function("swiss round 5 of 512 pairs", |b| {
        b.iter(|| next_round(black_box(&swiss)))
    });
    let mut clubs = played(200, 2, 4);
    clubs.championship.same_club = SameClub::AvoidFirst(3);
    for (i, e) in clubs.entrants.iter_mut().enumerate() {
        e.club = Some(format!("Club {}", i % 10));
    }
    c.bench_function(
        "swiss round 3 of 200 pairs from 10 clubs, avoiding same club",
        |b| b.iter(|| next_round(black_box(&clubs))),
    );
    let nine = played(512, 9, 2);
    c.bench_function(
        "standings of 512 pairs after 9 rounds, every tie-break",
        |b| b.iter(|| standings(black_box(&nine))),
    );
    for n in [64, 256, 1024] {
        let seven = played(n, 7, 3);
        c.bench_function(
            &format!("standings of {n} pairs after 7 rounds, every tie-break"),
            |b| b.iter(|| standings(black_box(&seven))),
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
