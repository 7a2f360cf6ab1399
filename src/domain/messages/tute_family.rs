//! Tute's and guiñote's own messages: why an exchange, a cante, a tute or a claim is
//! refused. Uses `cards` and `lang`.

use crate::domain::cards::{Card, Rank, Suit};
use crate::domain::lang::Lang;

/// Why a tute or guiñote event is illegal, beyond the shared [`Reason`]s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FamilyReason {
    ExchangeNotInGame { game: &'static str },
    ExchangeOutOfWindow,
    PintaGone,
    ExchangeWrongCard { card: Card, pinta: Card },
    MarriageNotHeld { seat: u8, suit: Suit, consort: Rank },
    CantesNeedStock,
    TuteNotAllowed,
    TuteAfterCante { seat: u8 },
    TuteNotHeld { seat: u8, consort: Rank },
    ClaimNotVueltas,
    ClaimShort { points: i64 },
}

fn consort_es(r: Rank) -> (&'static str, &'static str) {
    // (singular with article, plural with article)
    if r == Rank::Sota {
        ("la sota", "las cuatro sotas")
    } else {
        ("el caballo", "los cuatro caballos")
    }
}

impl FamilyReason {
    /// The message in `lang` (card and rule terms stay Spanish).
    pub fn render(&self, lang: Lang) -> String {
        use FamilyReason::*;
        use Lang::*;
        match self {
            ExchangeNotInGame { game } => match lang {
                Es => format!("en {game} con estos jugadores y opciones no se cambia la pinta"),
                Ca => format!("a {game} amb aquests jugadors i opcions no es canvia la pinta"),
                En => format!(
                    "there is no exchange of the pinta in {game} with these players/options"
                ),
            },
            ExchangeOutOfWindow => match lang {
                Es => {
                    "solo se cambia la pinta entre bazas, tras una baza ganada por el bando".into()
                }
                Ca => {
                    "només es canvia la pinta entre bases, després d'una basa guanyada pel bàndol"
                        .into()
                }
                En => "the exchange is only allowed between tricks, after a trick won by the side"
                    .into(),
            },
            PintaGone => match lang {
                Es => "la pinta ya no está en el monte".into(),
                Ca => "la pinta ja no és al munt".into(),
                En => "the pinta is no longer in the stock".into(),
            },
            ExchangeWrongCard { card, pinta } => match lang {
                Es => format!(
                    "el {} no se puede cambiar por la pinta ({})",
                    card.spanish_name(),
                    pinta.spanish_name()
                ),
                Ca => format!(
                    "el {} no es pot canviar per la pinta ({})",
                    card.spanish_name(),
                    pinta.spanish_name()
                ),
                En => format!(
                    "{} cannot be exchanged for the pinta ({})",
                    card.spanish_name(),
                    pinta.spanish_name()
                ),
            },
            MarriageNotHeld {
                seat,
                suit,
                consort,
            } => {
                let (c, _) = consort_es(*consort);
                match lang {
                    Es => format!("el asiento {seat} no tiene el rey y {c} de {}", suit.name()),
                    Ca => format!("el seient {seat} no té el rey i {c} de {}", suit.name()),
                    En => format!(
                        "seat {seat} does not hold both the rey and {} of {}",
                        if *consort == Rank::Sota {
                            "the sota"
                        } else {
                            "the caballo"
                        },
                        suit.name()
                    ),
                }
            }
            CantesNeedStock => match lang {
                Es => "ya no quedan cartas en el monte: no se canta en el arrastre".into(),
                Ca => "ja no queden cartes al munt: no es canta a l'arrastre".into(),
                En => "the stock is exhausted: no cantes in the arrastre".into(),
            },
            TuteNotAllowed => match lang {
                Es => "en esta mesa no se canta tute (allow_tute)".into(),
                Ca => "en aquesta taula no es canta tute (allow_tute)".into(),
                En => "tute is not allowed at this table (allow_tute)".into(),
            },
            TuteAfterCante { seat } => match lang {
                Es => format!("el asiento {seat} ya ha cantado: no hay tute después de un cante"),
                Ca => format!("el seient {seat} ja ha cantat: no hi ha tute després d'un cante"),
                En => format!("seat {seat} has already sung a cante and may not declare a tute"),
            },
            TuteNotHeld { seat, consort } => {
                let (_, four) = consort_es(*consort);
                match lang {
                    Es => format!("el asiento {seat} no tiene los cuatro reyes ni {four}"),
                    Ca => format!(
                        "el seient {seat} no té els quatre reyes ni {}",
                        if *consort == Rank::Sota {
                            "les quatre sotas"
                        } else {
                            "els quatre caballos"
                        }
                    ),
                    En => format!(
                        "seat {seat} holds neither the four reyes nor the four {}",
                        if *consort == Rank::Sota {
                            "sotas"
                        } else {
                            "caballos"
                        }
                    ),
                }
            }
            ClaimNotVueltas => match lang {
                Es => "solo se puede salir en la partida de vueltas".into(),
                Ca => "només es pot sortir a la partida de vueltas".into(),
                En => "a claim is only possible in the second deal (de vueltas)".into(),
            },
            ClaimShort { points } => match lang {
                Es => format!("el bando solo tiene {points} tantos, no 101"),
                Ca => format!("el bàndol només té {points} punts, no 101"),
                En => format!("the side has only {points} points, not 101"),
            },
        }
    }
}
