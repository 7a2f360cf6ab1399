//! Cinquillo's own messages: why a placement or a pass is refused. Uses `cards` and
//! `lang`.

use crate::domain::cards::Card;
use crate::domain::lang::{Lang, tr};

/// Why a cinquillo event is refused (es/ca/en; card names stay Spanish).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CinquilloReason {
    /// The card is neither a 5 that may open nor next to (bastardo: beyond) an end of
    /// its opened suit.
    CannotPlace { card: Card },
    /// A pass by a seat that could place `card`.
    MustPlace { seat: u8, card: Card },
}

impl CinquilloReason {
    pub fn render(&self, lang: Lang) -> String {
        match self {
            CinquilloReason::CannotPlace { card } => {
                let n = card.spanish_name();
                tr!(
                    lang,
                    "{n} no se puede colocar ahora",
                    "{n} no es pot col·locar ara",
                    "{n} cannot be placed now"
                )
            }
            CinquilloReason::MustPlace { seat, card } => {
                let n = card.spanish_name();
                tr!(
                    lang,
                    "el asiento {seat} puede colocar {n}: solo se pasa cuando no se puede colocar ninguna carta",
                    "el seient {seat} pot col·locar {n}: només es passa quan no es pot col·locar cap carta",
                    "seat {seat} can place {n}: a player may pass only when he cannot place any card"
                )
            }
        }
    }
}
