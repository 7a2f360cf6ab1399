//! Quick hand entry for club play: what a scorekeeper types after a hand, checked
//! against the rules and turned into scoreboard points; the running scoreboard. Above
//! the rules core: uses the games, the domain's entry points and the plain data.
//!
//! - [`validate_setup`]: a partida's players, first dealer and options.
//! - [`score_hand`]: one hand as typed ([`QuickHand`]) → its scoreboard line
//!   ([`HandScore`]), or every problem of the entry ([`EntryError`], with the form
//!   field and a message in the requested language).
//! - [`scoreboard`]: running totals, the end of the partida, the next dealer.
//! - [`hand_score_from_ruling`]: "full entry", a hand recorded card by card and ruled
//!   by the engine, as a scoreboard line.
//!
//! Scoring reuses the engine's options and scoring functions; impossible card-point
//! totals are found by splitting the game's deck ([`sums`]).

mod board;
mod botifarra;
mod cinquillo;
mod cuatrola;
pub mod game;
pub mod msg;
pub mod series;
mod setup;
pub mod sums;
mod tute_family;
pub mod types;

pub use board::{dealer_after, hand_score_from_ruling, scoreboard};
pub use game::{
    Added, Entered, GAME_FORMAT, GameDoc, HandDoc, Previous, Rescored, Tail, rescore,
    rescore_reusing, score_one,
};
pub use setup::validate_setup;
pub use types::*;

use crate::domain::engine::GameKind;
use crate::domain::lang::Lang;
use crate::domain::ruling::Score;

use msg::Problem;
use setup::{Errors, HandAt, before_points, table_options};

/// Checks one hand as typed and scores it. `before` is each side's game score before
/// this hand (empty means all zero), `dealer` this hand's dealer. Every problem of the
/// entry comes back at once.
pub fn score_hand(
    setup: &GameSetup,
    before: &[Score],
    dealer: u8,
    hand: &QuickHand,
    lang: Lang,
) -> Result<HandScore, Vec<EntryError>> {
    // The domain has no labels: a page names a refused option by its label
    // (`EntryError::named`).
    validate_setup(setup, lang, &crate::domain::words::UnnamedOptions)?;
    let game = setup.game;
    let players = setup.players;
    let got = match hand {
        QuickHand::Cuatrola(_) => GameKind::Cuatrola,
        QuickHand::Tute(_) => GameKind::Tute,
        QuickHand::Guinote(_) => GameKind::Guinote,
        QuickHand::Botifarra(_) => GameKind::Botifarra,
        QuickHand::Cinquillo(_) => GameKind::Cinquillo,
    };
    if got != game {
        return Err(vec![
            Problem::WrongGame {
                expected: game.name(),
                got: got.name(),
            }
            .at("game", lang),
        ]);
    }
    let mut e = Errors::new(lang);
    let table = table_options(game, players, &setup.options);
    let sides = game.seating(players, &table).sides();
    if dealer >= players {
        e.add(
            "dealer",
            Problem::BadDealer {
                seat: dealer,
                players,
            },
        );
    }
    if !before.is_empty() && before.len() != usize::from(sides) {
        e.add(
            "before",
            Problem::BadBefore {
                got: before.len(),
                sides,
            },
        );
    }
    let dealer = dealer % players;
    let before = before_points(before, sides);
    let at = HandAt {
        game,
        players,
        table: &table,
        before: &before,
        dealer,
        lang,
    };
    let res = match hand {
        QuickHand::Cuatrola(h) => cuatrola::score(&at, h),
        QuickHand::Tute(h) | QuickHand::Guinote(h) => tute_family::score(&at, h),
        QuickHand::Botifarra(h) => botifarra::score(&at, h),
        QuickHand::Cinquillo(h) => cinquillo::score(&at, h),
    };
    match res {
        Ok(s) if e.is_empty() => Ok(s),
        Ok(_) => Err(e.list),
        Err(mut more) => {
            e.list.append(&mut more);
            Err(e.list)
        }
    }
}

#[cfg(test)]
pub(crate) mod property_tests;
#[cfg(test)]
mod stored_tests;
#[cfg(test)]
mod tests;
