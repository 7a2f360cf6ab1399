//! Brackets: create and play through (the entrant with the lower id wins every match),
//! single elimination with a third-place match and double elimination with a
//! grand-final reset, at the sizes compared with brackets-manager in benches/README.md.

#![allow(clippy::unwrap_used)]

use baza::domain::bracket::{Bracket, EntrantId, double_elimination, single_elimination};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const SIZES: [usize; 6] = [8, 13, 16, 64, 256, 1024];

fn entrants(n: usize) -> Vec<EntrantId> {
    (0..n as u32).map(EntrantId).collect()
}

/// Plays every match, feeding on the matches each result makes ready.
fn play_through(b: &mut Bracket) -> usize {
    let mut queue = b.playable();
    let mut played = 0;
    while let Some(id) = queue.pop() {
        let m = b.get(id).unwrap();
        let [Some(x), Some(y)] = m.entrants() else {
            continue;
        };
        queue.extend(b.record_result(id, x.min(y)).unwrap());
        played += 1;
    }
    played
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("bracket");
    for n in SIZES {
        let seeds = entrants(n);
        g.bench_with_input(
            BenchmarkId::new("double_create_play", n),
            &seeds,
            |bch, s| {
                bch.iter(|| {
                    let mut b = double_elimination(black_box(s), true).unwrap();
                    black_box(play_through(&mut b))
                })
            },
        );
        g.bench_with_input(BenchmarkId::new("double_create", n), &seeds, |bch, s| {
            bch.iter(|| double_elimination(black_box(s), true).unwrap())
        });
        g.bench_with_input(
            BenchmarkId::new("single_create_play", n),
            &seeds,
            |bch, s| {
                bch.iter(|| {
                    let mut b = single_elimination(black_box(s), true).unwrap();
                    black_box(play_through(&mut b))
                })
            },
        );
    }
    // Previewing the correction of the first match of a finished 1,024 double
    // elimination (its dependents reach the grand final).
    let mut done = double_elimination(&entrants(1024), true).unwrap();
    play_through(&mut done);
    let first = done.matches()[0].clone();
    let loser = first.loser().unwrap();
    g.bench_function("double_1024_preview_correction_of_first_match", |bch| {
        bch.iter(|| done.preview_correction(black_box(first.id), loser).unwrap())
    });
    g.bench_function("double_1024_json_round_trip", |bch| {
        bch.iter(|| {
            let s = serde_json::to_string(black_box(&done)).unwrap();
            serde_json::from_str::<Bracket>(&s).unwrap()
        })
    });
    g.bench_function("double_256_layout", |bch| {
        let mut b = double_elimination(&entrants(256), true).unwrap();
        play_through(&mut b);
        bch.iter(|| black_box(&b).layout())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
