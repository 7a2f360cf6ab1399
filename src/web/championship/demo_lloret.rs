//! The demo's botifarra open with the bases of the Lloret kind: a Swiss of timed
//! matches "a 101 punts, 12 dats o 55 minuts, el que passi abans", at most 121 points
//! counted, a draw worth half a win and a level score broken by two more dats;
//! ranked by match points, then point difference, then points for. Three rounds are
//! played hand by hand at the tables (one match of round 1 ends level at its twelfth
//! dat and is decided by the two extra ones) and the fourth is drawn and published.
//! Deterministic: every hand comes from a fixed seed.

use chrono::NaiveDate;

use super::*;
use crate::db::championship::tables;
use crate::domain::entry::{BotifarraChoice, BotifarraHand, QuickHand};
use crate::domain::tournament::MatchPoints;
use crate::domain::tournament::draws::{self, Draws};
use crate::domain::tournament::played::Partida;
use crate::web::game::{self, Entered};

const ACTOR: &str = "demo";

/// The open's pairs and their clubs.
const PAIRS: [(&str, &str); 8] = [
    ("Bosch – Casals", "Penya Botifarrera de Lloret"),
    ("Camps – Duran", "Casal de Blanes"),
    ("Esteve – Figueras", "Penya Botifarrera de Lloret"),
    ("Gràcia – Homs", "Ateneu de Tossa"),
    ("Jové – Llach", "Casal de Blanes"),
    ("Miró – Noguera", "Ateneu de Tossa"),
    ("Oliva – Pagès", "Penya Botifarrera de Lloret"),
    ("Quer – Rius", "Casal de Blanes"),
];

const MAX_HANDS: u32 = 12;
const DRAWS: Draws = Draws::ExtraHands(2);

/// The match format of the open: Lloret's limits, two more dats on a draw.
const FORMAT: MatchFormat = MatchFormat::Timed {
    target: 101,
    max_hands: MAX_HANDS,
    minutes: 55,
    cap: 121,
    draws: DRAWS,
};

/// Card points of pair a (side 0) in the hands of the table that ends level at its
/// twelfth dat (each hand gives 14 to one side: 84–84), then its two extra dats
/// (+8 and +4 to pair a: 96–84).
const LEVEL_THEN_BROKEN: [u32; 14] = [50, 22, 22, 50, 50, 22, 22, 50, 50, 22, 22, 50, 44, 40];

/// Card points of pair a in the hands of a table level at its twelfth dat (84–84) and
/// still level after its two extra dats (36–36 each, no tantos): the draw stands, half
/// a point to each pair.
const LEVEL_TO_THE_END: [u32; 14] = [50, 22, 22, 50, 50, 22, 22, 50, 50, 22, 22, 50, 36, 36];

/// Plays a table's match with quick botifarra hands, the dealer choosing oros without
/// doubles, pair a taking the card points `points(k)` in hand `k`, until the match is
/// over under its limits and its rule for draws; the other pair then signs.
fn play(conn: &mut DbConn, row: &TableRow, points: &dyn Fn(usize) -> u32) -> Result<(), AppError> {
    let Some(first) = row.game_id else {
        return Ok(());
    };
    let setup = game::load(conn, first)?.setup;
    let mut scores = Vec::new();
    let mut entered: Vec<(u8, Entered)> = Vec::new();
    let board = loop {
        let board = crate::domain::entry::scoreboard(&setup, &scores);
        let p = Partida::from_board(&board, entered.len());
        if draws::stage(MAX_HANDS, DRAWS, &p.progress(), false) == draws::Stage::Over
            || entered.len() >= 40
        {
            break board;
        }
        let dealer = board.next_dealer.unwrap_or(0);
        let e = Entered::Quick(QuickHand::Botifarra(BotifarraHand {
            chooser: dealer,
            delegated: false,
            choice: BotifarraChoice::Suit(crate::domain::cards::Suit::Oros),
            doubles: 0,
            points_side0: Some(points(entered.len())),
            revoke_by: None,
        }));
        let s = game::score_one(&setup, &scores, dealer, &e, Lang::Es)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("demo hand: {e:?}")))?;
        scores.push(s);
        entered.push((dealer, e));
    };
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
    super::demo::confirm_by_pair_b(conn, row)
}

/// Adds the open to the demo club: its id.
pub fn create_lloret_open(
    conn: &mut DbConn,
    club_id: i32,
    today: NaiveDate,
) -> Result<i32, AppError> {
    let mut file = TournamentFile {
        format: tournament::FORMAT.to_owned(),
        championship: tournament::Championship {
            name: "Open de botifarra de Lloret".to_owned(),
            game: GameKind::Botifarra,
            options: Map::new(),
            system: System::Swiss { rounds: 5 },
            match_format: FORMAT,
            points: Points {
                win: MatchPoints::whole(1),
                draw: MatchPoints::from_halves(1),
                loss: MatchPoints::ZERO,
                bye: MatchPoints::whole(1),
            },
            tiebreaks: vec![
                Tiebreak::Points,
                Tiebreak::PointDifference,
                Tiebreak::PointsFor,
                Tiebreak::Lot,
            ],
            head_to_head: HeadToHead::default(),
            seed: 2014,
            same_club: Default::default(),
            ties: Default::default(),
        },
        entrants: Vec::new(),
        rounds: Vec::new(),
        brackets: Vec::new(),
    };
    for (i, (name, club)) in PAIRS.iter().enumerate() {
        let mut e = Entrant::new((i + 1).to_string(), *name);
        e.club = Some((*club).to_owned());
        e.seed = Some(i as u32 + 1);
        file.entrants.push(e);
    }
    let mut n = 0u32;
    let mut pins = move || {
        n += 1;
        format!("{:04}", (n * 4409 + 2718) % 10_000)
    };
    let id = tables::create(conn, club_id, &file, true, today, now(), ACTOR, &mut pins)?;
    for round in 1..=4u32 {
        tables::pair_next_round(conn, id, None, ACTOR, now(), &mut pins)?;
        store::publish_round(conn, id, round, ACTOR, now())?;
        if round == 4 {
            break;
        }
        let rows: Vec<TableRow> = store::tables(conn, id)?
            .into_iter()
            .filter(|r| r.round_no == round as i32)
            .collect();
        for row in rows {
            if round == 1 && row.table_no == 1 {
                play(conn, &row, &|k| LEVEL_THEN_BROKEN[k.min(13)])?;
                continue;
            }
            if round == 2 && row.table_no == 2 {
                play(conn, &row, &|k| LEVEL_TO_THE_END[k.min(13)])?;
                continue;
            }
            // Between 22 and 50 card points to pair a: at most 14 a hand either way.
            let seed = u64::from(round) * 31 + row.table_no as u64 * 7;
            play(conn, &row, &move |k| {
                let x = (seed + k as u64 * 11).wrapping_mul(2_654_435_761) >> 7;
                22 + (x % 29) as u32
            })?;
        }
    }
    Ok(id)
}
