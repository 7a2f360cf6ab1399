//! The demo's championships played hand by hand at the tables, through the same code
//! the tables use: a comarcal cuatrola championship whose third round is being
//! played (tables mid-game, one result proposed and waiting for the other pair's
//! firma, tables not started), and a finished one whose knockout phase was seeded
//! from its Swiss standings. Deterministic: the hands are the engine's random legal
//! play-outs from fixed seeds.

use super::demo::ACTOR;
use chrono::{NaiveDate, NaiveDateTime};
use serde_json::Map;

use super::demo::{draw_and_publish, open_tables};
use super::{championship, game, now};
use crate::db::championship::store::TableRow;
use crate::db::championship::tables;
use crate::db::{DbConn, queries};
use crate::domain::entry::{Entered, Scoreboard, score_one};
use crate::domain::random::random_cuatrola_hand_of_game;
use crate::domain::tournament::qualify::{KnockoutShape, Qualify};
use crate::domain::tournament::{
    self, Entrant, HeadToHead, MatchFormat, Points, System, TournamentFile,
};
use crate::domain::{GameKind, Lang};
use crate::error::AppError;

/// The clubs of the comarca besides the demo club: name and town.
const CLUBS: [(&str, &str); 3] = [
    ("Peña El Tres", "Huete"),
    ("Club Parchís", "Uclés"),
    ("Hogar del Jubilado", "Belmonte"),
];

/// The comarcal championship's pairs: the two people of each, with the club each
/// plays for (0 is the demo club, 1–3 the clubs of [`CLUBS`]); a pair is named by
/// their surnames ([`pair_name`]). Jacinto Ortega also plays the demo club's league.
const COMARCAL: [[(&str, usize); 2]; 12] = [
    [("Marta Alonso", 1), ("Julián Barrios", 1)],
    [("Rosa Cuesta", 2), ("Tomás Díez", 2)],
    [("Amparo Escudero", 3), ("Felipe Fuentes", 3)],
    [("Teresa Gallego", 1), ("Vicente Herrero", 2)],
    [("Sonia Iglesias", 2), ("Rafael Juárez", 3)],
    [("Eva Lorenzo", 3), ("Luis Marcos", 1)],
    [("Andrés Nieto", 1), ("Jacinto Ortega", 0)],
    [("Agustín Pascual", 2), ("Clara Quintana", 3)],
    [("Beatriz Ramos", 3), ("Emilio Santos", 3)],
    [("Fernando Toledo", 2), ("Gregorio Urbano", 1)],
    [("Isabel Vega", 2), ("Joaquín Zamora", 2)],
    [("Lorenzo Yagüe", 1), ("María Benito", 3)],
];

/// A pair's name: its two people's surnames, "Alonso – Barrios".
fn pair_name(people: [(&str, usize); 2]) -> String {
    let [a, b] = people.map(|(name, _)| name.rsplit(' ').next().unwrap_or(name));
    format!("{a} – {b}")
}

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
    let mut clubs = vec![(club_id, super::demo::DEMO_CLUB.to_owned())];
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
    for (n, people) in COMARCAL.iter().enumerate() {
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
    let championship = tournament::Championship {
        starts_on: None,
        name: name.to_owned(),
        game: GameKind::Cuatrola,
        options: Map::new(),
        system: System::Swiss { rounds },
        match_format: MatchFormat::Partida { target: None },
        points: Points::default(),
        tiebreaks: tournament::file::score_tiebreaks(),
        head_to_head: HeadToHead::default(),
        seed: 21,
        same_club: Default::default(),
        ties: Default::default(),
    };
    TournamentFile::new(
        championship,
        Entrant::seeded(pairs.iter().map(|name| (*name, None))),
    )
}

/// Enters hands into a table's game as pair a's scorekeeper, each checked and scored
/// as the hand form would: `next` gives the hand to enter from the scoreboard so far,
/// the dealer of the next hand and the hands already in (`None`: no more). The hands
/// are written at once, and the table then follows its game. The last scoreboard;
/// `None` for a table with no game.
pub(crate) fn enter_hands(
    conn: &mut DbConn,
    row: &TableRow,
    next: &mut dyn FnMut(&Scoreboard, u8, usize) -> Option<Entered>,
) -> Result<Option<Scoreboard>, AppError> {
    let Some(first) = row.game_id else {
        return Ok(None);
    };
    let setup = game::load(conn, first)?.setup;
    let mut scores = Vec::new();
    let mut entered: Vec<(u8, Entered)> = Vec::new();
    let board = loop {
        let board = crate::domain::entry::scoreboard(&setup, &scores);
        let dealer = board.next_dealer.unwrap_or(0);
        let Some(e) = next(&board, dealer, entered.len()) else {
            break board;
        };
        let s = score_one(&setup, &scores, dealer, &e, Lang::Es)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("demo hand: {e:?}")))?;
        scores.push(s);
        entered.push((dealer, e));
    };
    crate::db::write_tx(conn, |conn| {
        tables::store_hands(conn, first, &entered, &scores, &board, now())?;
        let who = championship::TableActor {
            side: Some("a"),
            staff: false,
            confirmed: false,
            actor: ACTOR,
        };
        championship::sync_after_change(conn, first, &who, now())?;
        Ok::<(), AppError>(())
    })?;
    Ok(Some(board))
}

/// Plays random legal hands into a table's game, until the game ends or `hands`
/// hands are in ([`enter_hands`]). Whether the game ended.
fn play(
    conn: &mut DbConn,
    row: &TableRow,
    seed: u64,
    hands: Option<usize>,
) -> Result<bool, AppError> {
    let board = enter_hands(conn, row, &mut |board, dealer, n| {
        if board.game_over.is_some() || hands.is_some_and(|h| n >= h) || n >= 200 {
            return None;
        }
        let before = [0, 1].map(|i| board.totals.get(i).map_or(0, |s| s.floor()));
        let record = random_cuatrola_hand_of_game(seed * 1000 + n as u64, dealer, before);
        Some(Entered::Full(record.to_value()))
    })?;
    Ok(board.is_some_and(|b| b.game_over.is_some()))
}

/// Plays a table's whole match and has the other pair confirm it.
fn play_and_confirm(conn: &mut DbConn, row: &TableRow, seed: u64) -> Result<(), AppError> {
    play(conn, row, seed, None)?;
    confirm_by_pair_b(conn, row)
}

/// The other pair (`b`) confirms the result of the table of `row`.
pub(crate) fn confirm_by_pair_b(conn: &mut DbConn, row: &TableRow) -> Result<(), AppError> {
    let fresh =
        crate::db::championship::store::table_again(conn, row)?.ok_or(AppError::NotFound)?;
    championship::confirm(
        conn,
        &fresh,
        "b",
        &format!("{ACTOR} (firma pareja b)"),
        now(),
    )?;
    Ok(())
}

/// Adds the two championships to the demo club. Returns their ids (in play, finished).
pub fn create_demo_championships(
    conn: &mut DbConn,
    club_id: i32,
    today: NaiveDate,
    _now: NaiveDateTime,
) -> Result<(i32, i32), AppError> {
    let mut pins = super::demo::pins(6007, 4321);
    let names = COMARCAL.map(pair_name);
    let pairs = names.each_ref().map(String::as_str);
    let people = comarcal_people(conn, club_id, today, _now)?;
    // A championship of the first `n` pairs, with their people, hand by hand.
    let create =
        |conn: &mut DbConn, name: &str, rounds: u32, n: usize, pins: &mut dyn FnMut() -> String| {
            let mut file = demo_file(name, rounds, &pairs[..n]);
            for (e, p) in file.entrants.iter_mut().zip(&people) {
                e.club = p
                    .iter()
                    .map(|x| x.club.clone().unwrap_or_default())
                    .reduce(|a, b| if a == b { a } else { format!("{a} / {b}") });
                e.people = p.clone();
            }
            championship::create(conn, club_id, &file, true, today, now(), ACTOR, pins)
        };
    let live = create(conn, "Campeonato comarcal de cuatrola", 4, 12, &mut pins)?;
    for round in 1..=2u32 {
        for row in draw_and_publish(conn, live, (round, None), ACTOR, now(), &mut pins)?.1 {
            play_and_confirm(conn, &row, u64::from(round) * 100 + row.table_no as u64)?;
        }
    }
    // Round 3 at the tables: one game over and waiting for the firma, two mid-game,
    // the others about to start.
    for row in draw_and_publish(conn, live, (3, None), ACTOR, now(), &mut pins)?.1 {
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

    let done = create(conn, "Torneo de cuatrola de las fiestas", 3, 8, &mut pins)?;
    for round in 1..=3u32 {
        for row in draw_and_publish(conn, done, (round, None), ACTOR, now(), &mut pins)?.1 {
            play_and_confirm(
                conn,
                &row,
                1000 + u64::from(round) * 100 + row.table_no as u64,
            )?;
        }
    }
    let bracket = championship::create_knockout(
        conn,
        done,
        ("Fase final", false),
        Qualify::Top { n: 4 },
        KnockoutShape::Single { third_place: false },
        ACTOR,
        now(),
        &mut pins,
    )?;
    // Semi-finals, then the final, as their tables open.
    for seed in 0..8u64 {
        let open = open_tables(conn, done, bracket)?;
        if open.is_empty() {
            break;
        }
        for row in open {
            play_and_confirm(conn, &row, 5000 + seed * 10 + row.table_no as u64)?;
        }
    }
    Ok((live, done))
}
