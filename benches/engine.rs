//! Criterion benchmarks of the rules engines: one complete hand of each game ruled
//! from an already parsed record and from its JSON text, and the batch path
//! (`baza check --jsonl`: parse, rule, serialise) over 1,000 random cuatrola hands,
//! next to parsing and re-serialising the same lines only; and the card-point
//! arithmetic of quick entry (`sums`); reading a table's options (`options`).
//! Run: `cargo bench --bench engine`. Figures: benches/README.md.

use std::hint::black_box;

use baza::domain::options::TableOptions;
use baza::domain::{self, GameKind, Lang};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn lines(game: GameKind, players: u8, n: u64) -> Vec<String> {
    (0..n)
        .map(|seed| {
            serde_json::to_string(&domain::random::random_complete_record(game, players, seed))
                .expect("serialise record")
        })
        .collect()
}

/// One complete hand ruled from its parsed record and from its JSON text.
fn bench_hand(c: &mut Criterion, name: &str, text: &str) {
    let value: serde_json::Value = serde_json::from_str(text).expect("json");
    let record = domain::parse_record(&value).expect("record");
    c.bench_function(&format!("{name}/rule_parsed_record"), |b| {
        b.iter(|| domain::rule(black_box(&record), Lang::Es))
    });
    c.bench_function(&format!("{name}/check_json_text"), |b| {
        b.iter(|| domain::check_str(black_box(text), Lang::Es).expect("ruling"))
    });
}

fn engine(c: &mut Criterion) {
    for (game, players) in [
        (GameKind::Cuatrola, 4),
        (GameKind::Tute, 4),
        (GameKind::Tute, 2),
        (GameKind::Guinote, 4),
        (GameKind::Botifarra, 4),
        (GameKind::Cinquillo, 4),
    ] {
        let text = lines(game, players, 1).remove(0);
        bench_hand(c, &format!("{}{players}", game.slug()), &text);
    }
    // Tute for 4, each alone (`partnerships = false`).
    let alone = TableOptions::from_values(
        GameKind::Tute,
        4,
        &[("partnerships", serde_json::Value::Bool(false))],
    )
    .expect("options");
    let record = domain::random::random_complete_tute_record_with(0, 4, alone);
    let text = serde_json::to_string(&record).expect("serialise record");
    bench_hand(c, "tute4_individual", &text);

    // Reading a table's options into a game's typed options: a table with none given
    // (the defaults, kept once read) and one with an option given (read each time).
    use domain::games::cuatrola::CuatrolaOptions;
    use domain::options::GameOptions;
    let given = TableOptions::from_values(
        GameKind::Cuatrola,
        4,
        &[("target", serde_json::Value::from(16))],
    )
    .expect("options");
    let none = TableOptions::default();
    c.bench_function("options/cuatrola_defaults", |b| {
        b.iter(|| CuatrolaOptions::from_table(black_box(&none)))
    });
    c.bench_function("options/cuatrola_one_given", |b| {
        b.iter(|| CuatrolaOptions::from_table(black_box(&given)))
    });

    let lines = lines(GameKind::Cuatrola, 4, 1000);
    let mut group = c.benchmark_group("batch");
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.bench_function("jsonl_parse_rule_serialise_1000", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(lines.len() * 400);
            for line in &lines {
                let ruling = domain::check_str(line, Lang::Es).expect("ruling");
                serde_json::to_writer(&mut out, &ruling).expect("write");
                out.push(b'\n');
            }
            out
        })
    });
    group.bench_function("jsonl_parse_reserialise_only_1000", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(lines.len() * 600);
            for line in &lines {
                let v: serde_json::Value = serde_json::from_str(line).expect("json");
                let record = domain::parse_record(&v).expect("record");
                serde_json::to_writer(&mut out, &record).expect("write");
                out.push(b'\n');
            }
            out
        })
    });
    group.finish();

    // Quick entry: which card-point totals a deck can make (run for every hand of a
    // game each time one is saved). A cuatrola solo of 70 to 30, tried for every
    // number of tricks as the solo check does, and three tute sides of 40.
    use domain::entry::sums::{CUATROLA, Group, THIRTY_SIX, can_split};
    c.bench_function("sums/cuatrola_solo_70_30_all_tricks", |b| {
        b.iter(|| {
            (0..=5u32)
                .filter(|k| {
                    can_split(
                        CUATROLA,
                        black_box(&[
                            Group::sized(3 * k, 70),
                            Group::sized(15 - 3 * k, 30),
                            Group::count(5),
                        ]),
                    )
                })
                .count()
        })
    });
    c.bench_function("sums/tute3_three_sides_of_40", |b| {
        b.iter(|| {
            can_split(
                THIRTY_SIX,
                black_box(&[Group::sum(40), Group::sum(40), Group::sum(40)]),
            )
        })
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
