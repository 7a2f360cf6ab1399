//! The demo club: players, pairs, a finished league and a running championship,
//! so that a newcomer opening Baza for the first time sees a living app.
//! Deterministic: the same data every time (scores come from a fixed sequence).

use chrono::{Duration, NaiveDate, NaiveDateTime};
use diesel::Connection;

use super::DbConn;
use super::queries::{self, NewClub, NewEntry, NewEvent, NewMatch, NewPair, NewPlayer};

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

/// Round-robin rounds by the circle method: `n` even; entry indices.
fn round_robin(n: usize) -> Vec<Vec<(usize, usize)>> {
    let mut ring: Vec<usize> = (1..n).collect();
    let mut rounds = Vec::new();
    for _ in 0..n.saturating_sub(1) {
        let mut round = vec![(0, ring[0])];
        for i in 1..n / 2 {
            round.push((ring[i], ring[n - 1 - i]));
        }
        rounds.push(round);
        ring.rotate_right(1);
    }
    rounds
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
        let mut seq = Sequence(20261123);

        // A finished autumn league of cuatrola, games to 21, every pair against every pair.
        let league_id = queries::insert_event(
            conn,
            &NewEvent {
                club_id,
                name: "Liga de otoño de cuatrola",
                game: "cuatrola",
                format: "league",
                status: "finished",
                options: r#"{"target":21}"#,
                rounds_planned: 7,
                starts_on: today - Duration::days(60),
                created_at: now,
            },
        )?;
        let league_entries = enter_all(conn, league_id, &pair_ids)?;
        for (r, round) in round_robin(league_entries.len()).iter().enumerate() {
            for (t, &(a, b)) in round.iter().enumerate() {
                let loser = seq.next(21) as i32;
                let (score_a, score_b) = if seq.next(2) == 0 {
                    (21, loser)
                } else {
                    (loser, 21)
                };
                queries::insert_match(
                    conn,
                    &NewMatch {
                        event_id: league_id,
                        round_no: r as i32 + 1,
                        table_no: t as i32 + 1,
                        entry_a: league_entries[a],
                        entry_b: league_entries[b],
                        score_a: Some(score_a),
                        score_b: Some(score_b),
                        status: "finished",
                        updated_at: now,
                        pin: &format!("{:04}", seq.next(10_000)),
                    },
                )?;
            }
        }

        // A running botifarra championship, games to 101: two rounds played, the third
        // at the tables now.
        let championship_id = queries::insert_event(
            conn,
            &NewEvent {
                club_id,
                name: "Campeonato comarcal de botifarra",
                game: "botifarra",
                format: "swiss",
                status: "running",
                options: "{}",
                rounds_planned: 5,
                starts_on: today,
                created_at: now,
            },
        )?;
        let champ_entries = enter_all(conn, championship_id, &pair_ids)?;
        let rounds = round_robin(champ_entries.len());
        for (r, round) in rounds.iter().take(3).enumerate() {
            for (t, &(a, b)) in round.iter().enumerate() {
                let playing = r == 2;
                let loser = seq.next(101) as i32;
                let winner = 101 + seq.next(30) as i32;
                let (score_a, score_b) = match (playing, seq.next(2)) {
                    (true, _) => (None, None),
                    (false, 0) => (Some(winner), Some(loser)),
                    (false, _) => (Some(loser), Some(winner)),
                };
                queries::insert_match(
                    conn,
                    &NewMatch {
                        event_id: championship_id,
                        round_no: r as i32 + 1,
                        table_no: t as i32 + 1,
                        entry_a: champ_entries[a],
                        entry_b: champ_entries[b],
                        score_a,
                        score_b,
                        status: if playing { "playing" } else { "finished" },
                        updated_at: now,
                        pin: &format!("{:04}", seq.next(10_000)),
                    },
                )?;
            }
        }
        super::demo_bracket::add_final_phase(conn, club_id, league_id, now)?;
        // A running Swiss championship of the Tournaments I pages.
        super::tournaments::demo(conn, club_id, today, now)
            .map_err(super::tournaments::ChangeError::into_diesel)?;
        // Cuatrola championships played hand by hand at the tables.
        crate::web::championship::demo::create_demo_championships(conn, club_id, today, now)
            .map_err(|e| diesel::result::Error::QueryBuilderError(format!("{e:?}").into()))?;
        Ok(Some(DemoSummary {
            club_id,
            players: player_ids.len(),
            pairs: pair_ids.len(),
            league_id,
            championship_id,
        }))
    })
}

fn enter_all(conn: &mut DbConn, event_id: i32, pair_ids: &[i32]) -> diesel::QueryResult<Vec<i32>> {
    pair_ids
        .iter()
        .enumerate()
        .map(|(i, &pair_id)| {
            queries::insert_entry(
                conn,
                &NewEntry {
                    event_id,
                    pair_id,
                    seed: i as i32 + 1,
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_round_robin_meets_every_pair_once() {
        let rounds = round_robin(8);
        assert_eq!(rounds.len(), 7);
        let mut met = std::collections::BTreeSet::new();
        for round in &rounds {
            let mut seen = std::collections::BTreeSet::new();
            for &(a, b) in round {
                assert!(
                    seen.insert(a) && seen.insert(b),
                    "an entry plays twice in a round"
                );
                assert!(met.insert((a.min(b), a.max(b))), "a pairing repeats");
            }
            assert_eq!(seen.len(), 8);
        }
        assert_eq!(met.len(), 28);
    }
}
