//! The demo club: players, pairs, a finished league with its final phase and a
//! running championship, so that a newcomer opening Baza for the first time sees a
//! living app: the store's part of it (its rows and the championships it writes
//! directly, through the championship's workflows); `crate::demo` puts it together with the championships played at the tables.
//! Both competitions are championships made as the web makes them.
//! Deterministic: the same data every time (scores come from a fixed sequence).

use chrono::{NaiveDate, NaiveDateTime};

use super::championship;
use crate::db::DbConn;
use crate::db::championship::store::{self as store, ChangeError, TableRow};
use crate::domain::status::TableStatus;
use crate::domain::tournament::{
    self, Entrant, MatchResult, Pairing, System, TablePairing, TournamentFile,
};

pub const DEMO_CLUB: &str = "Peña La Baza";

/// Who the demo's changes are audited as.
pub const ACTOR: &str = "demo";

pub const PLAYERS: [&str; 16] = [
    "Ana Martínez",
    "Benito Sánchez",
    "Carmen López",
    "Dámaso Ruiz",
    "Elena García",
    "Fermín Torres",
    "Gloria Navarro",
    "Héctor Molina",
    "Inés Castillo",
    "Jacinto Ortega",
    "Lucía Romero",
    "Manuel Gil",
    "Nuria Serrano",
    "Óscar Delgado",
    "Pilar Morales",
    "Ramón Vidal",
];

pub const PAIRS: [&str; 8] = [
    "Los del Casino",
    "Sota y Caballo",
    "Las Cuarenta",
    "Arrastre",
    "El Renuncio",
    "Peña El Tres",
    "Los de la Vega",
    "Quintola",
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoSummary {
    pub club_id: i32,
    pub players: usize,
    pub pairs: usize,
    pub league_id: i32,
    pub championship_id: i32,
}

/// A small fixed sequence of numbers (a linear congruential generator).
struct Sequence(u64);

impl Sequence {
    fn next(&mut self, below: u32) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % u64::from(below.max(1))) as u32
    }
}

/// A demo championship's table PINs, four digits each: the `n`-th (from 1) is
/// `n × step + start`, modulo 10 000.
pub fn pins(step: u32, start: u32) -> impl FnMut() -> String {
    let mut n = 0u32;
    move || {
        n += 1;
        format!("{:04}", (n * step + start) % 10_000)
    }
}

/// The table pairings of round `round` of championship `id` (none: no such round).
pub fn round_pairings(
    conn: &mut DbConn,
    id: i32,
    round: u32,
) -> Result<Vec<TablePairing>, ChangeError> {
    Ok(store::load(conn, id)?
        .and_then(|t| t.round(round).map(|r| r.pairings.clone()))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|p| match p {
            Pairing::Table(t) => Some(t),
            _ => None,
        })
        .collect())
}

/// Draws round `round` of championship `id` (with `tables_available`, when given) and
/// shows it on the public pages, as the director's buttons do: the round's table
/// pairings and its tables' rows, by table.
pub fn draw_and_publish(
    conn: &mut DbConn,
    id: i32,
    (round, tables_available): (u32, Option<i32>),
    actor: &str,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> Result<(Vec<TablePairing>, Vec<TableRow>), ChangeError> {
    championship::pair_next_round(conn, id, tables_available, actor, now, pins)?;
    championship::publish_round(conn, id, round, actor, now)?;
    let rows = store::round_tables(conn, id, round as i32)?;
    Ok((round_pairings(conn, id, round)?, rows))
}

/// Types the result `score` of table `table` of round `round`, as the director's
/// result form does.
pub fn type_result(
    conn: &mut DbConn,
    id: i32,
    (round, table): (u32, u32),
    score: [u32; 2],
    actor: &str,
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    let result = MatchResult {
        table,
        score,
        ..MatchResult::default()
    };
    championship::record_result(conn, id, round, result, None, "record", actor, now)
}

/// The tables of phase `phase` of championship `id` (0: its rounds; else a bracket
/// id) still open: not final.
pub fn open_tables(conn: &mut DbConn, id: i32, phase: i32) -> Result<Vec<TableRow>, ChangeError> {
    Ok(store::phase_tables(conn, id, phase)?
        .into_iter()
        .filter(|r| r.status != TableStatus::Final)
        .collect())
}

/// The finished autumn league of cuatrola, games to 21: the eight pairs in a round
/// robin (seven rounds), every result in. Returns its championship id.
pub fn league(
    conn: &mut DbConn,
    club_id: i32,
    starts_on: NaiveDate,
    now: NaiveDateTime,
) -> Result<i32, ChangeError> {
    let mut options = serde_json::Map::new();
    options.insert("target".to_owned(), 21.into());
    let championship = tournament::Championship {
        starts_on: None,
        name: "Liga de otoño de cuatrola".to_owned(),
        game: crate::domain::GameKind::Cuatrola,
        options,
        system: System::RoundRobin {
            double: false,
            groups: 1,
        },
        match_format: tournament::MatchFormat::default(),
        points: tournament::Points::default(),
        tiebreaks: tournament::file::default_tiebreaks(),
        head_to_head: Default::default(),
        seed: 2026,
        same_club: Default::default(),
        ties: Default::default(),
    };
    let entrants = Entrant::seeded(PAIRS.map(|name| (name, Some(DEMO_CLUB))));
    let file = TournamentFile::new(championship, entrants);
    let mut seq = Sequence(20261123);
    let mut pins = || format!("{:04}", seq.next(10_000));
    let actor = ACTOR;
    let id = championship::create(
        conn, club_id, &file, false, starts_on, now, actor, &mut pins,
    )?;
    let mut scores = Sequence(20261124);
    let mut round = 0;
    for _ in 0..store::rounds_planned(&file) {
        round = championship::pair_next_round(conn, id, None, actor, now, &mut pins)?;
        for tp in round_pairings(conn, id, round)? {
            let loser = scores.next(21);
            let score = if scores.next(2) == 0 {
                [21, loser]
            } else {
                [loser, 21]
            };
            type_result(conn, id, (round, tp.table), score, actor, now)?;
        }
    }
    championship::publish_round(conn, id, round, actor, now)?;
    Ok(id)
}

/// The demo's running Swiss: twelve pairs, five rounds of botifarra "a 101 punts, 12
/// dats o 55 minuts", two rounds played and the third at the tables (two results in,
/// one waiting for the firma). Deterministic. Returns the championship id.
pub fn running_swiss(
    conn: &mut DbConn,
    club_id: i32,
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<i32, ChangeError> {
    pub const PAIRS: [(&str, &str); 12] = [
        ("Pujol – Vidal", "Peña La Baza"),
        ("Soler – Roca", "Casal de Ponent"),
        ("Mas – Puig", "Peña La Baza"),
        ("Roig – Ferrer", "Casal de Ponent"),
        ("Núñez – Güell", "Ateneu Popular"),
        ("Font – Serra", "Ateneu Popular"),
        ("Vila – Sala", "Casino de Balaguer"),
        ("Riera – Pons", "Casino de Balaguer"),
        ("Martí – Coll", "Peña La Baza"),
        ("Prat – Vives", "Cafè del Centre"),
        ("Farré – Baró", "Cafè del Centre"),
        ("Ibáñez – Cortés", "Peña La Baza"),
    ];
    let championship = tournament::Championship {
        starts_on: None,
        name: "Open de botifarra de invierno".to_owned(),
        game: crate::domain::GameKind::Botifarra,
        options: serde_json::Map::new(),
        system: System::Swiss { rounds: 5 },
        match_format: tournament::MatchFormat::usual_timed(Default::default()),
        points: tournament::Points::default(),
        tiebreaks: vec![
            tournament::Tiebreak::Points,
            tournament::Tiebreak::Buchholz,
            tournament::Tiebreak::MedianBuchholz,
            tournament::Tiebreak::PointDifference,
            tournament::Tiebreak::Lot,
        ],
        head_to_head: tournament::HeadToHead::default(),
        seed: 2026,
        same_club: Default::default(),
        ties: Default::default(),
    };
    let file = TournamentFile::new(
        championship,
        tournament::Entrant::seeded(PAIRS.map(|(name, club)| (name, Some(club)))),
    );
    let mut pins = pins(7919, 1234);
    let actor = ACTOR;
    let id = championship::create(conn, club_id, &file, false, today, now, actor, &mut pins)?;
    championship::change(conn, id, actor, now, |_, t| {
        t.checked_in = t.file.entrants.iter().map(|e| e.id.clone()).collect();
        Ok((
            (),
            championship::Audit {
                action: "check_in",
                entity: "entrant",
                entity_id: id,
                before: None,
                after: Some(serde_json::json!({ "checked_in": &t.checked_in })),
            },
        ))
    })?;
    for round in 1..=3u32 {
        let (pairings, _) = draw_and_publish(conn, id, (round, Some(5)), actor, now, &mut pins)?;
        for tp in pairings {
            let k = (round * 7 + tp.table * 13) % 10;
            let score = match k {
                0 => [64, 64],
                1..=5 => [101 + (round + tp.table) % 21, 40 + (round * tp.table) % 60],
                6..=8 => [
                    30 + (round * 3 + tp.table) % 70,
                    101 + (round * tp.table) % 21,
                ],
                _ => [95, 80],
            };
            // Round 3 is being played: two results in, one waiting for the firma.
            if round == 3 && tp.table > 2 {
                if tp.table == 3
                    && let Some(row) = store::find_table(conn, id, 3, 3)?
                {
                    championship::propose_result(
                        conn,
                        id,
                        &row,
                        (score[0] as i32, score[1] as i32),
                        "a",
                        None,
                        actor,
                        now,
                    )?;
                }
                continue;
            }
            type_result(conn, id, (round, tp.table), score, actor, now)?;
        }
    }
    Ok(id)
}
