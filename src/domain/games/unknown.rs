//! The rules of a game that is named but was never registered (an added game's slug
//! read from a stored record of another run): nobody can sit at its tables, and every
//! record of it is refused as a deal that is not valid.

use crate::domain::cards::CardSet;
use crate::domain::kind::GameKind;
use crate::domain::lang::Lang;
use crate::domain::options::{OptionSpec, TableOptions};
use crate::domain::record::{DealSpec, HandRecord, Move, TurnedRule};
use crate::domain::ruling::{RuleId, Ruling};

use super::rules::{QuickEntry, Rules};

/// A game nobody can sit at.
pub struct Unknown;

impl Rules for Unknown {
    fn game(&self) -> GameKind {
        GameKind::Added(crate::domain::kind::AddedGame(""))
    }

    fn rule(&self, record: &HandRecord, _lang: Lang) -> Ruling {
        Ruling::invalid(
            record.players.max(1),
            record.dealer,
            record.dealer,
            RuleId::DealInvalid,
            format!("{}?", record.game.slug()),
        )
    }

    fn next_moves(&self, _record: &HandRecord) -> Option<(u8, Vec<Move>)> {
        None
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }

    fn valid_players(&self, _players: u8) -> bool {
        false
    }

    fn in_pairs(&self, _players: u8) -> bool {
        false
    }

    fn deal_spec(&self, _players: u8, _table: &TableOptions) -> DealSpec {
        DealSpec {
            deck: CardSet::EMPTY,
            hand_sizes: None,
            stock_size: None,
            turned: TurnedRule::Absent,
        }
    }

    fn quick_entry(&self) -> QuickEntry {
        QuickEntry::default()
    }

    fn target(&self, _table: &TableOptions) -> Option<u32> {
        None
    }
}
