//! The demo's botifarra open with the bases of the Lloret kind: a Swiss of timed
//! matches "a 101 punts, 12 dats o 55 minuts, el que passi abans", at most 121 points
//! counted, a draw worth half a win and a level score broken by two more dats;
//! ranked by match points, then point difference, then points for. Three rounds are
//! played hand by hand at the tables (one match of round 1 ends level at its twelfth
//! dat and is decided by the two extra ones) and the fourth is drawn and published.
//! Deterministic: every hand comes from a fixed seed.

use super::demo::ACTOR;
use chrono::NaiveDate;
use serde_json::Map;

use super::demo::draw_and_publish;
use super::demo_tables::{confirm_by_pair_b, enter_hands};
use super::{championship, now};
use crate::db::DbConn;
use crate::db::championship::store::TableRow;
use crate::domain::GameKind;
use crate::domain::entry::Entered;
use crate::domain::entry::{BotifarraChoice, BotifarraHand, QuickHand};
use crate::domain::tournament::draws::{self, Draws};
use crate::domain::tournament::played::Partida;
use crate::domain::tournament::{
    self, Entrant, HeadToHead, MatchFormat, Points, System, TournamentFile,
};
use crate::error::AppError;

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
    let played = enter_hands(conn, row, &mut |board, dealer, n| {
        let p = Partida::from_board(board, n);
        if draws::stage(MAX_HANDS, DRAWS, &p.progress(), false) == draws::Stage::Over || n >= 40 {
            return None;
        }
        Some(Entered::Quick(QuickHand::Botifarra(BotifarraHand {
            chooser: dealer,
            delegated: false,
            choice: BotifarraChoice::Suit(crate::domain::cards::Suit::Oros),
            doubles: 0,
            points_side0: Some(points(n)),
            revoke_by: None,
        })))
    })?;
    match played {
        Some(_) => confirm_by_pair_b(conn, row),
        None => Ok(()),
    }
}

/// Adds the open to the demo club: its id.
pub fn create_lloret_open(
    conn: &mut DbConn,
    club_id: i32,
    today: NaiveDate,
) -> Result<i32, AppError> {
    let championship = tournament::Championship {
        starts_on: None,
        name: "Open de botifarra de Lloret".to_owned(),
        game: GameKind::Botifarra,
        options: Map::new(),
        system: System::Swiss { rounds: 5 },
        match_format: FORMAT,
        points: Points::ONE_A_WIN,
        tiebreaks: tournament::file::score_tiebreaks(),
        head_to_head: HeadToHead::default(),
        seed: 2014,
        same_club: Default::default(),
        ties: Default::default(),
    };
    let file = TournamentFile::new(
        championship,
        Entrant::seeded(PAIRS.map(|(name, club)| (name, Some(club)))),
    );
    let mut pins = super::demo::pins(4409, 2718);
    let id = championship::create(conn, club_id, &file, true, today, now(), ACTOR, &mut pins)?;
    for round in 1..=4u32 {
        let (_, rows) = draw_and_publish(conn, id, (round, None), ACTOR, now(), &mut pins)?;
        if round == 4 {
            break;
        }
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
