//! The demo club: players, pairs, a finished league with its final phase and a
//! running championship, so that a newcomer opening Baza for the first time sees a
//! living app. Both competitions are championships made as the web makes them.
//! Deterministic: the same data every time (scores come from a fixed sequence).

use chrono::{Duration, NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConn;
use super::queries::{self, NewClub, NewPair, NewPlayer};
use super::tournaments::{self as store, ChangeError};
use crate::domain::tournament::{self, Entrant, MatchResult, Pairing, System, TournamentFile};

pub const DEMO_CLUB: &str = "Peña La Baza";

const PLAYERS: [&str; 16] = [
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

const PAIRS: [&str; 8] = [
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

/// Fills an empty database with the demo club. Returns `None` if a club exists
/// already (the demo never touches real data).
pub fn fill(
    conn: &mut DbConn,
    today: NaiveDate,
    now: NaiveDateTime,
) -> diesel::QueryResult<Option<DemoSummary>> {
    conn.transaction(|conn| {
        if queries::count_clubs(conn)? > 0 {
            return Ok(None);
        }
        let club_id = queries::insert_club(
            conn,
            &NewClub {
                name: DEMO_CLUB,
                town: "Tarancón",
                created_at: now,
            },
        )?;
        let mut player_ids = Vec::new();
        for name in PLAYERS {
            player_ids.push(queries::insert_player(
                conn,
                &NewPlayer {
                    club_id,
                    name,
                    created_at: now,
                },
            )?);
        }
        let mut pair_ids = Vec::new();
        for (i, name) in PAIRS.iter().enumerate() {
            pair_ids.push(queries::insert_pair(
                conn,
                &NewPair {
                    club_id,
                    name,
                    player1_id: player_ids[2 * i],
                    player2_id: player_ids[2 * i + 1],
                    created_at: now,
                },
            )?);
        }
        let league_id = league(conn, club_id, today - Duration::days(60), now)
            .map_err(ChangeError::into_diesel)?;
        super::demo_bracket::add_final_phase(conn, club_id, league_id, now)?;
        // A running Swiss championship.
        let championship_id =
            store::demo(conn, club_id, today, now).map_err(ChangeError::into_diesel)?;
        // Cuatrola championships played hand by hand at the tables.
        crate::web::championship::demo::create_demo_championships(conn, club_id, today, now)
            .map_err(|e| diesel::result::Error::QueryBuilderError(format!("{e:?}").into()))?;
        // The season's circuit over the club's cuatrola championships.
        let cuatrola: Vec<i32> = {
            use super::schema::events;
            events::table
                .filter(events::club_id.eq(club_id))
                .filter(events::game.eq("cuatrola"))
                .select(events::id)
                .order(events::id)
                .load(conn)?
        };
        super::circuits::insert(
            conn,
            club_id,
            "Circuito de cuatrola 2026",
            &crate::domain::circuit::Scoring::default(),
            &cuatrola,
            "demo",
            now,
        )?;
        Ok(Some(DemoSummary {
            club_id,
            players: player_ids.len(),
            pairs: pair_ids.len(),
            league_id,
            championship_id,
        }))
    })
}

/// The finished autumn league of cuatrola, games to 21: the eight pairs in a round
/// robin (seven rounds), every result in. Returns its event id.
fn league(
    conn: &mut DbConn,
    club_id: i32,
    starts_on: NaiveDate,
    now: NaiveDateTime,
) -> Result<i32, ChangeError> {
    let mut options = serde_json::Map::new();
    options.insert("target".to_owned(), 21.into());
    let file = TournamentFile {
        format: tournament::FORMAT.to_owned(),
        event: tournament::Event {
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
        },
        entrants: PAIRS
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let mut e = Entrant::new((i + 1).to_string(), *name);
                e.club = Some(DEMO_CLUB.to_owned());
                e.seed = Some(i as u32 + 1);
                e
            })
            .collect(),
        rounds: Vec::new(),
        brackets: Vec::new(),
    };
    let mut seq = Sequence(20261123);
    let mut pins = || format!("{:04}", seq.next(10_000));
    let actor = "demo";
    let id = store::create(
        conn, club_id, &file, false, starts_on, now, actor, &mut pins,
    )?;
    let mut scores = Sequence(20261124);
    let mut round = 0;
    for _ in 0..store::rounds_planned(&file) {
        round = store::pair_next_round(conn, id, None, actor, now, &mut pins)?;
        let tables: Vec<u32> = store::load(conn, id)?
            .and_then(|t| t.round(round).map(|r| r.pairings.clone()))
            .unwrap_or_default()
            .iter()
            .filter_map(|p| match p {
                Pairing::Table(t) => Some(t.table),
                _ => None,
            })
            .collect();
        for table in tables {
            let loser = scores.next(21);
            let score = if scores.next(2) == 0 {
                [21, loser]
            } else {
                [loser, 21]
            };
            let result = MatchResult {
                table,
                score,
                ..MatchResult::default()
            };
            store::record_result(conn, id, round, result, None, "record", actor, now)?;
        }
    }
    store::publish_round(conn, id, round, actor, now)?;
    Ok(id)
}
