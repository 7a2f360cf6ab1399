//! The demo's championships played hand by hand at the tables, through the same code
//! the tables use: a comarcal cuatrola championship whose third round is being
//! played (tables mid-game, one result proposed and waiting for the other pair's
//! firma, tables not started), and a finished one whose knockout phase was seeded
//! from its Swiss standings. Deterministic: the hands are the engine's random legal
//! play-outs from fixed seeds.

use chrono::{NaiveDate, NaiveDateTime};

use super::*;
use crate::db::championship::tables;
use crate::domain::random::random_cuatrola_hand_of_game;
use crate::domain::tournament::qualify::{KnockoutShape, Qualify};
use crate::web::game::{self, Entered};

const ACTOR: &str = "demo";

/// The clubs of the comarca besides the demo club: name and town.
const CLUBS: [(&str, &str); 3] = [
    ("Peña El Tres", "Huete"),
    ("Club Parchís", "Uclés"),
    ("Hogar del Jubilado", "Belmonte"),
];

/// The comarcal championship's pairs: each name, and its two people with the club
/// each plays for (0 is the demo club, 1–3 the clubs of [`CLUBS`]). Jacinto Ortega
/// also plays the demo club's league.
const COMARCAL: [(&str, [(&str, usize); 2]); 12] = [
    (
        "Alonso – Barrios",
        [("Marta Alonso", 1), ("Julián Barrios", 1)],
    ),
    ("Cuesta – Díez", [("Rosa Cuesta", 2), ("Tomás Díez", 2)]),
    (
        "Escudero – Fuentes",
        [("Amparo Escudero", 3), ("Felipe Fuentes", 3)],
    ),
    (
        "Gallego – Herrero",
        [("Teresa Gallego", 1), ("Vicente Herrero", 2)],
    ),
    (
        "Iglesias – Juárez",
        [("Sonia Iglesias", 2), ("Rafael Juárez", 3)],
    ),
    ("Lorenzo – Marcos", [("Eva Lorenzo", 3), ("Luis Marcos", 1)]),
    (
        "Nieto – Ortega",
        [("Andrés Nieto", 1), ("Jacinto Ortega", 0)],
    ),
    (
        "Pascual – Quintana",
        [("Agustín Pascual", 2), ("Clara Quintana", 3)],
    ),
    (
        "Ramos – Santos",
        [("Beatriz Ramos", 3), ("Emilio Santos", 3)],
    ),
    (
        "Toledo – Urbano",
        [("Fernando Toledo", 2), ("Gregorio Urbano", 1)],
    ),
    ("Vega – Zamora", [("Isabel Vega", 2), ("Joaquín Zamora", 2)]),
    (
        "Yagüe – Benito",
        [("Lorenzo Yagüe", 1), ("María Benito", 3)],
    ),
];

/// The people of the comarcal pairs, as entrants name them: the clubs of the comarca
/// are created, each person is a member of her club with a federation licence (a
/// member of the demo club already is the same person), and Rosa Cuesta played for
/// the Hogar del Jubilado until the summer before joining the Club Parchís.
fn comarcal_people(
    conn: &mut DbConn,
    club_id: i32,
    today: NaiveDate,
    now: NaiveDateTime,
) -> Result<Vec<Vec<tournament::EntrantPerson>>, AppError> {
    use crate::db::register;
    let mut clubs = vec![(club_id, crate::db::demo::DEMO_CLUB.to_owned())];
    for (name, town) in CLUBS {
        let id = queries::insert_club(
            conn,
            &queries::NewClub {
                name,
                town,
                created_at: now,
            },
        )?;
        clubs.push((id, name.to_owned()));
    }
    let members = queries::club_players(conn, club_id)?;
    let season = today - chrono::Duration::days(150);
    let mut out = Vec::new();
    for (n, (_, people)) in COMARCAL.iter().enumerate() {
        let mut pair = Vec::new();
        for (k, (name, club)) in people.iter().enumerate() {
            let (club_id, club_name) = clubs[*club].clone();
            let person = match members.iter().find(|m| m.name == *name) {
                Some(m) => m.person_id,
                None => {
                    let player = register::add_member(conn, club_id, name, None, now)?;
                    let person = queries::club_players(conn, club_id)?
                        .into_iter()
                        .find(|m| m.id == player)
                        .map(|m| m.person_id)
                        .ok_or(AppError::NotFound)?;
                    register::set_licence(
                        conn,
                        person,
                        &format!("CU-{}", 1001 + 2 * n + k),
                        Some(1950 + (7 * n as i32 + 13 * k as i32) % 50),
                    )?;
                    person
                }
            };
            if *name == "Rosa Cuesta" {
                register::set_joined_on(conn, person, club_id, season)?;
                register::add_past_membership(
                    conn,
                    person,
                    clubs[3].0,
                    name,
                    (
                        season - chrono::Duration::days(200),
                        season - chrono::Duration::days(1),
                    ),
                    now,
                )?;
            }
            let p = register::find(conn, person)?.ok_or(AppError::NotFound)?;
            pair.push(tournament::EntrantPerson {
                name: p.name,
                key: Some(p.code),
                licence: p.licence,
                club: Some(club_name),
            });
        }
        out.push(pair);
    }
    Ok(out)
}

fn demo_file(name: &str, rounds: u32, pairs: &[&str]) -> TournamentFile {
    let mut file = TournamentFile {
        format: tournament::FORMAT.to_owned(),
        championship: tournament::Championship {
            name: name.to_owned(),
            game: GameKind::Cuatrola,
            options: Map::new(),
            system: System::Swiss { rounds },
            match_format: MatchFormat::Partida { target: None },
            points: Points::default(),
            tiebreaks: vec![
                Tiebreak::Points,
                Tiebreak::PointDifference,
                Tiebreak::PointsFor,
                Tiebreak::Lot,
            ],
            head_to_head: HeadToHead::default(),
            seed: 21,
            same_club: Default::default(),
            ties: Default::default(),
        },
        entrants: Vec::new(),
        rounds: Vec::new(),
        brackets: Vec::new(),
    };
    for (i, name) in pairs.iter().enumerate() {
        let mut e = Entrant::new((i + 1).to_string(), *name);
        e.seed = Some(i as u32 + 1);
        file.entrants.push(e);
    }
    file
}

/// Plays random legal hands into a table's game as pair a's scorekeeper, until the
/// game ends or `hands` hands are in (each hand checked and scored as the hand form
/// would, written at once); the table then follows its game. Whether the game ended.
fn play(
    conn: &mut DbConn,
    row: &TableRow,
    seed: u64,
    hands: Option<usize>,
) -> Result<bool, AppError> {
    let Some(first) = row.game_id else {
        return Ok(false);
    };
    let setup = game::load(conn, first)?.setup;
    let mut scores = Vec::new();
    let mut entered: Vec<(u8, Entered)> = Vec::new();
    let board = loop {
        let board = crate::domain::entry::scoreboard(&setup, &scores);
        if board.game_over.is_some()
            || hands.is_some_and(|h| entered.len() >= h)
            || entered.len() >= 200
        {
            break board;
        }
        let before = [0, 1].map(|i| board.totals.get(i).map_or(0, |s| s.floor()));
        let dealer = board.next_dealer.unwrap_or(0);
        let record =
            random_cuatrola_hand_of_game(seed * 1000 + entered.len() as u64, dealer, before);
        let e = Entered::Full(record.to_value());
        let s = game::score_one(&setup, &scores, dealer, &e, Lang::Es)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("demo hand: {e:?}")))?;
        scores.push(s);
        entered.push((dealer, e));
    };
    let over = board.game_over.is_some();
    crate::db::write_tx(conn, |conn| {
        tables::store_hands(conn, first, &entered, &scores, &board, now())?;
        let who = tables::TableActor {
            side: Some("a"),
            staff: false,
            confirmed: false,
            actor: ACTOR,
        };
        tables::sync_after_change(conn, first, &who, now())?;
        Ok::<(), AppError>(())
    })?;
    Ok(over)
}

/// Plays a table's whole match and has the other pair confirm it.
fn play_and_confirm(conn: &mut DbConn, row: &TableRow, seed: u64) -> Result<(), AppError> {
    play(conn, row, seed, None)?;
    confirm_by_pair_b(conn, row)
}

/// The other pair (`b`) confirms the result of the table of `row`.
pub(super) fn confirm_by_pair_b(conn: &mut DbConn, row: &TableRow) -> Result<(), AppError> {
    let fresh = store::table_again(conn, row)?.ok_or(AppError::NotFound)?;
    tables::confirm(
        conn,
        &fresh,
        "b",
        &format!("{ACTOR} (firma pareja b)"),
        now(),
    )?;
    Ok(())
}

fn pair_and_publish(
    conn: &mut DbConn,
    id: i32,
    round: u32,
    pins: &mut dyn FnMut() -> String,
) -> Result<Vec<TableRow>, AppError> {
    crate::db::championship::tables::pair_next_round(conn, id, None, ACTOR, now(), pins)?;
    store::publish_round(conn, id, round, ACTOR, now())?;
    Ok(store::tables(conn, id)?
        .into_iter()
        .filter(|r| r.round_no == round as i32)
        .collect())
}

/// Adds the two championships to the demo club. Returns their ids (in play, finished).
pub fn create_demo_championships(
    conn: &mut DbConn,
    club_id: i32,
    today: NaiveDate,
    _now: NaiveDateTime,
) -> Result<(i32, i32), AppError> {
    let mut n = 0u32;
    let mut pins = move || {
        n += 1;
        format!("{:04}", (n * 6007 + 4321) % 10_000)
    };
    let pairs = COMARCAL.map(|(name, _)| name);
    let people = comarcal_people(conn, club_id, today, _now)?;
    let with_people = |mut file: TournamentFile| {
        for (e, p) in file.entrants.iter_mut().zip(&people) {
            e.club = p
                .iter()
                .map(|x| x.club.clone().unwrap_or_default())
                .reduce(|a, b| if a == b { a } else { format!("{a} / {b}") });
            e.people = p.clone();
        }
        file
    };
    let file = with_people(demo_file("Campeonato comarcal de cuatrola", 4, &pairs));
    let live = crate::db::championship::tables::create(
        conn,
        club_id,
        &file,
        true,
        today,
        now(),
        ACTOR,
        &mut pins,
    )?;
    for round in 1..=2u32 {
        for row in pair_and_publish(conn, live, round, &mut pins)? {
            play_and_confirm(conn, &row, u64::from(round) * 100 + row.table_no as u64)?;
        }
    }
    // Round 3 at the tables: one game over and waiting for the firma, two mid-game,
    // the others about to start.
    for row in pair_and_publish(conn, live, 3, &mut pins)? {
        let seed = 300 + row.table_no as u64;
        match row.table_no {
            1 => {
                play(conn, &row, seed, None)?;
            }
            2 => {
                play(conn, &row, seed, Some(5))?;
            }
            3 => {
                play(conn, &row, seed, Some(2))?;
            }
            _ => {}
        }
    }

    let file = with_people(demo_file(
        "Torneo de cuatrola de las fiestas",
        3,
        &pairs[..8],
    ));
    let done = crate::db::championship::tables::create(
        conn,
        club_id,
        &file,
        true,
        today,
        now(),
        ACTOR,
        &mut pins,
    )?;
    for round in 1..=3u32 {
        for row in pair_and_publish(conn, done, round, &mut pins)? {
            play_and_confirm(
                conn,
                &row,
                1000 + u64::from(round) * 100 + row.table_no as u64,
            )?;
        }
    }
    let bracket = tables::create_knockout(
        conn,
        done,
        "Fase final",
        Qualify::Top { n: 4 },
        KnockoutShape::Single { third_place: false },
        ACTOR,
        now(),
        &mut pins,
    )?;
    // Semi-finals, then the final, as their tables open.
    for seed in 0..8u64 {
        let open: Vec<TableRow> = store::phase_tables(conn, done, bracket)?
            .into_iter()
            .filter(|r| r.status != "final")
            .collect();
        if open.is_empty() {
            break;
        }
        for row in open {
            play_and_confirm(conn, &row, 5000 + seed * 10 + row.table_no as u64)?;
        }
    }
    Ok((live, done))
}
