//! A game's workflows: loading a stored game with its hands entered and scored, and
//! applying a change to its hands ([`change`]).

use crate::db::DbConn;
use crate::db::games::{self, Game, GameHand};
use crate::domain::entry::{
    Entered, EntryError, GameSetup, HandScore, Previous, Scoreboard, StoredScore, rescore_reusing,
};
use crate::domain::{GameKind, Lang, Score};
use crate::error::AppError;
use crate::error::Unacceptable;

mod change;
mod new;

pub use change::*;
pub(crate) use new::*;

/// The game a slug names.
pub(crate) fn game_kind(slug: &str) -> Result<GameKind, AppError> {
    slug.parse::<GameKind>()
        .map_err(|e| AppError::from(Unacceptable::Game(e)))
}

/// The setup of a stored game.
pub(crate) fn setup_of(g: &Game) -> Result<GameSetup, AppError> {
    let options: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&g.options)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("game {} options: {e}", g.id)))?;
    Ok(GameSetup {
        game: game_kind(&g.game)?,
        players: u8::try_from(g.players).unwrap_or(0),
        options,
        first_dealer: u8::try_from(g.first_dealer).unwrap_or(0),
    })
}

/// The names at a stored game's seats, in seat order.
pub(crate) fn seats_of(g: &Game) -> Vec<String> {
    serde_json::from_str(&g.seats).unwrap_or_default()
}

/// A stored hand as entered.
fn entered_of(h: &GameHand) -> Result<Entered, AppError> {
    Entered::from_parts(&h.kind, &h.entry).map_err(|e| {
        AppError::Internal(anyhow::anyhow!(
            "hand {} of game {}: {e}",
            h.hand_no,
            h.game_id
        ))
    })
}

/// A stored game, its setup and seats, and its hands as stored and as entered.
pub(crate) struct Loaded {
    pub(crate) game: Game,
    pub(crate) setup: GameSetup,
    pub(crate) seats: Vec<String>,
    pub(crate) hands: Vec<GameHand>,
    pub(crate) entered: Vec<(u8, Entered)>,
}

impl Loaded {
    /// Each hand's stored result, where it is stored in the current form.
    pub(crate) fn stored(&self) -> Vec<Option<StoredScore>> {
        self.hands
            .iter()
            .map(|h| StoredScore::from_json(&h.score))
            .collect()
    }

    /// Every hand's score and the scoreboard, from the results stored with the hands:
    /// a page shows a game without running the card-point search again. A hand stored
    /// in an older form (and the ones after it) is scored afresh.
    pub(crate) fn scored(
        &self,
        lang: Lang,
    ) -> Result<(Vec<HandScore>, Scoreboard), (usize, Vec<EntryError>)> {
        let stored = self.stored();
        let zero = zero_totals(&self.setup);
        let previous = Previous::of_stored(&stored, &zero);
        rescore_reusing(&self.setup, &self.entered, &previous, lang).map(|r| (r.scores, r.board))
    }
}

/// Each side's total before the first hand.
pub(crate) fn zero_totals(setup: &GameSetup) -> Vec<Score> {
    crate::domain::entry::scoreboard(setup, &[]).totals
}

/// Game `id` with its hands.
pub(crate) fn load(conn: &mut DbConn, id: i32) -> Result<Loaded, AppError> {
    let game = games::find_game(conn, id)?.ok_or(AppError::NotFound)?;
    let hands = games::game_hands(conn, id)?;
    let setup = setup_of(&game)?;
    let entered = hands
        .iter()
        .map(|h| Ok((u8::try_from(h.dealer).unwrap_or(0), entered_of(h)?)))
        .collect::<Result<Vec<_>, AppError>>()?;
    Ok(Loaded {
        seats: seats_of(&game),
        game,
        setup,
        hands,
        entered,
    })
}
