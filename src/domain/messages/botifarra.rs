//! Botifarra's own messages: why a trump choice or a doubling call is refused. Uses
//! `lang` and `record`.

use crate::domain::lang::{Lang, tr};
use crate::domain::record::DoubleCall;

/// Why a botifarra trump or doubling event is refused (rendered in es/ca/en; contro,
/// recontro, Sant Vicenç and botifarra stay as they are in every language).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotifarraReason {
    /// A card or double while the trump choice is pending.
    TrumpPending {
        chooser: u8,
    },
    /// A trump event by a seat that does not choose.
    NotTheChooser {
        chooser: u8,
        got: u8,
    },
    /// The partner the choice was delegated to delegates back.
    DelegateBack,
    /// A trump event once trumps are chosen.
    TrumpAlreadyChosen,
    /// A double once the doubling is over.
    DoublingOver,
    /// A call out of order: `expected` is the only level that may be said now.
    WrongLevel {
        call: DoubleCall,
        expected: DoubleCall,
    },
    /// A seat whose side may not speak now.
    WrongSide {
        seat: u8,
        call: DoubleCall,
    },
    /// A second pass by the same player at one level.
    AlreadyPassed {
        seat: u8,
    },
    /// A player who passed at this level says it afterwards.
    PassedThenCalled {
        seat: u8,
        call: DoubleCall,
    },
    SantVicencOnBotifarra,
    /// `allow_sant_vicenc = false`.
    SantVicencNotAllowed,
    /// `allow_contro_on_botifarra = false`.
    NoControOnBotifarra,
}

impl BotifarraReason {
    /// The message in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        match self {
            BotifarraReason::TrumpPending { chooser } => tr!(
                lang,
                "el asiento {chooser} aún no ha elegido triunfo",
                "el seient {chooser} encara no ha triat trumfo",
                "seat {chooser} has not chosen trumps yet"
            ),
            BotifarraReason::NotTheChooser { chooser, got } => tr!(
                lang,
                "elige triunfo el asiento {chooser}, no el asiento {got}",
                "tria trumfo el seient {chooser}, no el seient {got}",
                "seat {chooser} chooses trumps, not seat {got}"
            ),
            BotifarraReason::DelegateBack => tr!(
                lang,
                "el compañero que recibe la elección debe elegir un palo o botifarra; no puede volver a delegar",
                "el company que rep l'elecció ha de triar un pal o botifarra; no pot tornar a delegar",
                "the partner given the choice must name a suit or botifarra; he cannot delegate back"
            ),
            BotifarraReason::TrumpAlreadyChosen => tr!(
                lang,
                "el triunfo ya está elegido",
                "el trumfo ja està triat",
                "trumps are already chosen"
            ),
            BotifarraReason::DoublingOver => tr!(
                lang,
                "ya no se puede decir contro, recontro ni Sant Vicenç",
                "ja no es pot dir contro, recontro ni Sant Vicenç",
                "contro, recontro and Sant Vicenç can no longer be said"
            ),
            BotifarraReason::WrongLevel { call, expected } => {
                let (c, e) = (call.name(), expected.name());
                tr!(
                    lang,
                    "no se puede decir {c} ahora: solo cabe {e}",
                    "no es pot dir {c} ara: només es pot dir {e}",
                    "{c} cannot be said now: only {e} can"
                )
            }
            BotifarraReason::WrongSide { seat, call } => {
                let c = call.name();
                tr!(
                    lang,
                    "la pareja del asiento {seat} no puede hablar ahora ({c})",
                    "la parella del seient {seat} no pot parlar ara ({c})",
                    "seat {seat}'s side may not speak now ({c})"
                )
            }
            BotifarraReason::AlreadyPassed { seat } => tr!(
                lang,
                "el asiento {seat} ya ha pasado",
                "el seient {seat} ja ha passat",
                "seat {seat} has already passed"
            ),
            BotifarraReason::PassedThenCalled { seat, call } => {
                let call = call.name();
                tr!(
                    lang,
                    "el asiento {seat} ya pasó a este nivel: no puede decir {call} después \
                         (su compañero sí)",
                    "el seient {seat} ja ha passat en aquest nivell: no pot dir {call} \
                         després (el seu company sí)",
                    "seat {seat} passed at this level: he may not say {call} afterwards \
                         (his partner may)"
                )
            }
            BotifarraReason::SantVicencOnBotifarra => tr!(
                lang,
                "no hay Sant Vicenç en botifarra",
                "no hi ha Sant Vicenç en botifarra",
                "there is no Sant Vicenç on botifarra"
            ),
            BotifarraReason::SantVicencNotAllowed => tr!(
                lang,
                "en esta mesa no se juega Sant Vicenç",
                "en aquesta taula no es juga Sant Vicenç",
                "Sant Vicenç is not played at this table"
            ),
            BotifarraReason::NoControOnBotifarra => tr!(
                lang,
                "en esta mesa no se puede contrar una botifarra",
                "en aquesta taula no es pot contrar una botifarra",
                "a botifarra cannot be doubled at this table"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_doubling_call_is_named_as_players_say_it_and_a_level_by_the_call_that_reaches_it() {
        let wrong = BotifarraReason::WrongLevel {
            call: DoubleCall::SantVicenc,
            expected: DoubleCall::Recontro,
        };
        assert_eq!(
            wrong.render(Lang::Es),
            "no se puede decir Sant Vicenç ahora: solo cabe recontro"
        );
        let side = BotifarraReason::WrongSide {
            seat: 1,
            call: DoubleCall::Pass,
        };
        assert_eq!(
            side.render(Lang::En),
            "seat 1's side may not speak now (pass)"
        );
        let levels: Vec<&str> = (1..=4).map(|l| DoubleCall::reaching(l).name()).collect();
        assert_eq!(levels, ["contro", "recontro", "Sant Vicenç", "Sant Vicenç"]);
    }
}
