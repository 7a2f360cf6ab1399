//! Tute's and guiñote's own messages: why an exchange, a cante, a tute or a claim is
//! refused. Uses `cards` and `lang`.

use crate::domain::cards::{Card, Rank, Suit};
use crate::domain::lang::{Lang, tr};

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

/// How the messages name the rey's consort: the sota where it stands in for the
/// caballo, else the caballo.
struct Consort {
    /// With its article, in Spanish and Catalan alike.
    one: &'static str,
    one_en: &'static str,
    four_es: &'static str,
    four_ca: &'static str,
    four_en: &'static str,
}

fn consort_words(r: Rank) -> Consort {
    if r == Rank::Sota {
        Consort {
            one: "la sota",
            one_en: "the sota",
            four_es: "las cuatro sotas",
            four_ca: "les quatre sotas",
            four_en: "sotas",
        }
    } else {
        Consort {
            one: "el caballo",
            one_en: "the caballo",
            four_es: "los cuatro caballos",
            four_ca: "els quatre caballos",
            four_en: "caballos",
        }
    }
}

impl FamilyReason {
    /// The message in `lang` (card and rule terms stay Spanish).
    pub fn render(&self, lang: Lang) -> String {
        use FamilyReason::*;
        match self {
            ExchangeNotInGame { game } => tr!(
                lang,
                "en {game} con estos jugadores y opciones no se cambia la pinta",
                "a {game} amb aquests jugadors i opcions no es canvia la pinta",
                "there is no exchange of the pinta in {game} with these players/options"
            ),
            ExchangeOutOfWindow => tr!(
                lang,
                "solo se cambia la pinta entre bazas, tras una baza ganada por el bando",
                "només es canvia la pinta entre bases, després d'una basa guanyada pel bàndol",
                "the exchange is only allowed between tricks, after a trick won by the side"
            ),
            PintaGone => tr!(
                lang,
                "la pinta ya no está en el monte",
                "la pinta ja no és al munt",
                "the pinta is no longer in the stock"
            ),
            ExchangeWrongCard { card, pinta } => tr!(
                lang,
                "el {} no se puede cambiar por la pinta ({})",
                "el {} no es pot canviar per la pinta ({})",
                "{} cannot be exchanged for the pinta ({})",
                card.spanish_name(),
                pinta.spanish_name()
            ),
            MarriageNotHeld {
                seat,
                suit,
                consort,
            } => {
                let Consort { one, one_en, .. } = consort_words(*consort);
                let suit = suit.name();
                tr!(
                    lang,
                    "el asiento {seat} no tiene el rey y {one} de {suit}",
                    "el seient {seat} no té el rey i {one} de {suit}",
                    "seat {seat} does not hold both the rey and {one_en} of {suit}"
                )
            }
            CantesNeedStock => tr!(
                lang,
                "ya no quedan cartas en el monte: no se canta en el arrastre",
                "ja no queden cartes al munt: no es canta a l'arrastre",
                "the stock is exhausted: no cantes in the arrastre"
            ),
            TuteNotAllowed => tr!(
                lang,
                "en esta mesa no se canta tute (allow_tute)",
                "en aquesta taula no es canta tute (allow_tute)",
                "tute is not allowed at this table (allow_tute)"
            ),
            TuteAfterCante { seat } => tr!(
                lang,
                "el asiento {seat} ya ha cantado: no hay tute después de un cante",
                "el seient {seat} ja ha cantat: no hi ha tute després d'un cante",
                "seat {seat} has already sung a cante and may not declare a tute"
            ),
            TuteNotHeld { seat, consort } => {
                let Consort {
                    four_es,
                    four_ca,
                    four_en,
                    ..
                } = consort_words(*consort);
                tr!(
                    lang,
                    "el asiento {seat} no tiene los cuatro reyes ni {four_es}",
                    "el seient {seat} no té els quatre reyes ni {four_ca}",
                    "seat {seat} holds neither the four reyes nor the four {four_en}"
                )
            }
            ClaimNotVueltas => tr!(
                lang,
                "solo se puede salir en la partida de vueltas",
                "només es pot sortir a la partida de vueltas",
                "a claim is only possible in the second deal (de vueltas)"
            ),
            ClaimShort { points } => tr!(
                lang,
                "el bando solo tiene {points} tantos, no 101",
                "el bàndol només té {points} punts, no 101",
                "the side has only {points} points, not 101"
            ),
        }
    }
}
