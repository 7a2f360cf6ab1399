//! Violation messages a referee can read out, in Spanish, Catalan and English: the
//! engine records a structured [`Reason`]; the ruling renders it in the requested
//! language. Card and rule terms stay Spanish in every language. Uses `cards`, `lang`,
//! `record` and `trick`; the reasons of one game alone are in its own room here.

mod botifarra;
mod cinquillo;
mod tute_family;

pub use botifarra::BotifarraReason;
pub use cinquillo::CinquilloReason;
pub use tute_family::FamilyReason;

use crate::domain::cards::{Card, Suit};
use crate::domain::lang::Lang;
use crate::domain::record::{Bid, CallKind, DealProblem, EventProblem};
use crate::domain::trick::Obligation;

/// Why an event (or the deal) is illegal.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// The deal is wrong.
    Deal(DealProblem),
    /// The record cannot be ruled (only for records built by hand, not parsed).
    Record(String),
    /// The event is not a well-formed event.
    BadEvent {
        index: usize,
        problem: EventProblem,
    },
    /// A `play` whose value is not a card.
    NotACard {
        index: usize,
        given: String,
    },
    /// A `bid`, `trump` or `double` whose value is not one of the game's calls.
    NotACall {
        kind: CallKind,
        given: String,
    },
    /// The action belongs to another game.
    ForeignAction {
        key: &'static str,
        game: &'static str,
    },
    NotYourTurn {
        expected: u8,
        got: u8,
    },
    BiddingNotOver {
        expected: u8,
    },
    SitsOut {
        seat: u8,
    },
    HandOver,
    CardNotHeld {
        seat: u8,
        card: Card,
    },
    Obligation {
        card: Card,
        obligation: Obligation,
    },
    BidDoesNotRaise {
        bid: Bid,
        current: Bid,
    },
    BidOverTarget {
        bid: Bid,
        score: i64,
        target: i64,
    },
    BidFromThreshold {
        score: i64,
        threshold: i64,
    },
    PartnerOvercall {
        bid: Bid,
    },
    BiddingOver,
    NoCantesInContract {
        contract: Bid,
    },
    CanteBeforeFirstTrick,
    CanteOutOfWindow,
    CanteWrongSide {
        seat: u8,
    },
    CanteAlreadyMade {
        seat: u8,
        per_side: bool,
    },
    SuitAlreadySung {
        suit: Suit,
    },
    MarriageNotHeld {
        seat: u8,
        suit: Suit,
    },
    CanteLapsed {
        suit: Suit,
    },
    FortyFirst {
        trump: Suit,
    },
    TuteNotInGame,
    TuteNotHeld {
        seat: u8,
    },
    /// Botifarra's trump choice and doubling.
    Botifarra(BotifarraReason),
    /// Cinquillo's placements and passes.
    Cinquillo(CinquilloReason),
    /// Tute's and guiñote's exchanges, cantes, tutes and claims.
    TuteFamily(FamilyReason),
}

fn suit_es(s: Suit) -> &'static str {
    s.name()
}

impl Reason {
    /// The message in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        use Lang::*;
        match self {
            Reason::Deal(p) => render_deal(p, lang),
            Reason::Record(m) => match lang {
                Es => format!("registro no válido: {m}"),
                Ca => format!("registre no vàlid: {m}"),
                En => format!("invalid record: {m}"),
            },
            Reason::BadEvent { index, problem } => {
                let what = match (problem, lang) {
                    (EventProblem::NotAnObject, Es) => "un evento debe ser un objeto".to_string(),
                    (EventProblem::NotAnObject, Ca) => {
                        "un esdeveniment ha de ser un objecte".to_string()
                    }
                    (EventProblem::NotAnObject, En) => "an event must be an object".to_string(),
                    (EventProblem::SeatMissing, Es) => "falta el asiento (seat)".to_string(),
                    (EventProblem::SeatMissing, Ca) => "falta el seient (seat)".to_string(),
                    (EventProblem::SeatMissing, En) => "the seat is missing".to_string(),
                    (EventProblem::SeatInvalid(s), Es) => format!("asiento no válido: {s}"),
                    (EventProblem::SeatInvalid(s), Ca) => format!("seient no vàlid: {s}"),
                    (EventProblem::SeatInvalid(s), En) => format!("invalid seat {s}"),
                    (EventProblem::NoAction, Es) => {
                        "el evento debe llevar exactamente una acción".to_string()
                    }
                    (EventProblem::NoAction, Ca) => {
                        "l'esdeveniment ha de portar exactament una acció".to_string()
                    }
                    (EventProblem::NoAction, En) => {
                        "event must carry exactly one action".to_string()
                    }
                    (EventProblem::SeveralActions(k), Es) => {
                        format!(
                            "el evento debe llevar exactamente una acción, lleva {}",
                            k.join(", ")
                        )
                    }
                    (EventProblem::SeveralActions(k), Ca) => {
                        format!(
                            "l'esdeveniment ha de portar exactament una acció, en porta {}",
                            k.join(", ")
                        )
                    }
                    (EventProblem::SeveralActions(k), En) => {
                        format!(
                            "event must carry exactly one action, found {}",
                            k.join(", ")
                        )
                    }
                    (EventProblem::BadValue { key, got }, Es) => {
                        format!("{key}: valor no válido {got}")
                    }
                    (EventProblem::BadValue { key, got }, Ca) => {
                        format!("{key}: valor no vàlid {got}")
                    }
                    (EventProblem::BadValue { key, got }, En) => {
                        format!("{key}: invalid value {got}")
                    }
                };
                format!("events[{index}]: {what}")
            }
            Reason::NotACard { index, given } => match lang {
                Es => {
                    format!("events[{index}].play: se esperaba una carta como \"3c\", no {given}")
                }
                Ca => format!("events[{index}].play: s'esperava una carta com \"3c\", no {given}"),
                En => format!("events[{index}].play: expected a card like \"3c\", got {given}"),
            },
            Reason::NotACall { kind, given } => match (kind, lang) {
                (CallKind::Bid, Es) => format!(
                    "{given} no es una declaración: se pasa o se declara solo, cuatrola o quintola"
                ),
                (CallKind::Bid, Ca) => format!(
                    "{given} no és una declaració: es passa o es declara solo, cuatrola o quintola"
                ),
                (CallKind::Bid, En) => format!(
                    "{given} is not a call: a player passes or bids solo, cuatrola or quintola"
                ),
                (CallKind::Trump, Es) => format!(
                    "{given} no es una elección de triunfo: un palo (oros, copas, espadas, \
                     bastos), botifarra o delegar en el compañero"
                ),
                (CallKind::Trump, Ca) => format!(
                    "{given} no és una elecció de trumfo: un pal (oros, copas, espadas, \
                     bastos), botifarra o delegar al company"
                ),
                (CallKind::Trump, En) => format!(
                    "{given} is not a trump choice: a suit (oros, copas, espadas, bastos), \
                     botifarra or passing the choice to the partner"
                ),
                (CallKind::Double, Es) => {
                    format!("{given} no es un doble: contro, recontro, Sant Vicenç o pasar")
                }
                (CallKind::Double, Ca) => {
                    format!("{given} no és un doble: contro, recontro, Sant Vicenç o passar")
                }
                (CallKind::Double, En) => {
                    format!("{given} is not a double: contro, recontro, Sant Vicenç or pass")
                }
            },
            Reason::ForeignAction { key, game } => match lang {
                Es => format!("los eventos '{key}' no existen en {game}"),
                Ca => format!("els esdeveniments '{key}' no existeixen a {game}"),
                En => format!("'{key}' events do not exist in {game}"),
            },
            Reason::NotYourTurn { expected, got } => match lang {
                Es => format!("es el turno del asiento {expected}, no del asiento {got}"),
                Ca => format!("és el torn del seient {expected}, no del seient {got}"),
                En => format!("it is seat {expected}'s turn, not seat {got}'s"),
            },
            Reason::BiddingNotOver { expected } => match lang {
                Es => format!("la subasta no ha terminado: habla el asiento {expected}"),
                Ca => format!("la subhasta no ha acabat: parla el seient {expected}"),
                En => format!("the bidding is not over: seat {expected} must still call"),
            },
            Reason::SitsOut { seat } => match lang {
                Es => format!("el asiento {seat} no juega esta mano: su compañero juega solo"),
                Ca => format!("el seient {seat} no juga aquesta mà: el seu company juga sol"),
                En => format!("seat {seat} sits this hand out: his partner plays alone"),
            },
            Reason::HandOver => match lang {
                Es => "la mano ya ha terminado".into(),
                Ca => "la mà ja s'ha acabat".into(),
                En => "the hand is already over".into(),
            },
            Reason::CardNotHeld { seat, card } => match lang {
                Es => format!(
                    "el asiento {seat} no tiene '{card}' ({})",
                    card.spanish_name()
                ),
                Ca => format!("el seient {seat} no té '{card}' ({})", card.spanish_name()),
                En => format!(
                    "seat {seat} does not hold '{card}' ({})",
                    card.spanish_name()
                ),
            },
            Reason::Obligation { card, obligation } => {
                let name = card.spanish_name();
                let what = match (obligation, lang) {
                    (Obligation::FollowSuit, Es) => "renuncio, debe asistir al palo de salida",
                    (Obligation::FollowSuit, Ca) => "renuncio, ha d'assistir al pal de sortida",
                    (Obligation::FollowSuit, En) => "must follow the led suit",
                    (Obligation::Beat, Es) => {
                        "asistió pero debía montar con una carta más alta del palo de salida"
                    }
                    (Obligation::Beat, Ca) => {
                        "ha assistit però havia de muntar amb una carta més alta del pal de sortida"
                    }
                    (Obligation::Beat, En) => {
                        "followed suit but a higher card of the led suit was required"
                    }
                    (Obligation::Trump, Es) => {
                        "sin cartas del palo de salida y con triunfo, debe fallar"
                    }
                    (Obligation::Trump, Ca) => {
                        "sense cartes del pal de sortida i amb triomf, ha de fallar"
                    }
                    (Obligation::Trump, En) => {
                        "void in the led suit and holding a trump, must trump"
                    }
                    (Obligation::Overtrump, Es) => {
                        "sin cartas del palo de salida y pudiendo superar el triunfo de la mesa, debe montar el fallo"
                    }
                    (Obligation::Overtrump, Ca) => {
                        "sense cartes del pal de sortida i podent superar el triomf de la taula, ha de sobrefallar"
                    }
                    (Obligation::Overtrump, En) => {
                        "void in the led suit and able to beat the trump on the table, must overtrump"
                    }
                };
                format!("{name}: {what}")
            }
            Reason::BidDoesNotRaise { bid, current } => match lang {
                Es => format!(
                    "{} no supera la apuesta actual ({})",
                    bid.slug(),
                    current.slug()
                ),
                Ca => format!(
                    "{} no supera l'aposta actual ({})",
                    bid.slug(),
                    current.slug()
                ),
                En => format!(
                    "{} does not raise the current bid ({})",
                    bid.slug(),
                    current.slug()
                ),
            },
            Reason::BidOverTarget { bid, score, target } => {
                let total = score + bid.value();
                match lang {
                    Es => format!(
                        "{}: la pareja tiene {score} y pasaría de {target} ({total}); no puede apostar más de lo que le falta",
                        bid.slug()
                    ),
                    Ca => format!(
                        "{}: la parella té {score} i passaria de {target} ({total}); no pot apostar més del que li falta",
                        bid.slug()
                    ),
                    En => format!(
                        "{}: the pair has {score} and would pass {target} ({total}); it may not bid more than it needs",
                        bid.slug()
                    ),
                }
            }
            Reason::BidFromThreshold { score, threshold } => match lang {
                Es => format!("la pareja tiene {score} (≥ {threshold}) y ya no puede apostar"),
                Ca => format!("la parella té {score} (≥ {threshold}) i ja no pot apostar"),
                En => format!("the pair has {score} (≥ {threshold}) and may no longer bid"),
            },
            Reason::PartnerOvercall { bid } => match lang {
                Es => format!(
                    "{}: no se puede superar la apuesta del compañero",
                    bid.slug()
                ),
                Ca => format!("{}: no es pot superar l'aposta del company", bid.slug()),
                En => format!("{}: a player may not overcall his partner", bid.slug()),
            },
            Reason::BiddingOver => match lang {
                Es => "la subasta ya ha terminado".into(),
                Ca => "la subhasta ja s'ha acabat".into(),
                En => "the bidding is over".into(),
            },
            Reason::NoCantesInContract { contract } => match lang {
                Es => format!("no hay cantes en una mano de {}", contract.slug()),
                Ca => format!("no hi ha cantes en una mà de {}", contract.slug()),
                En => format!("there are no cantes in a {} hand", contract.slug()),
            },
            Reason::CanteBeforeFirstTrick => match lang {
                Es => "solo se canta después de ganar una baza".into(),
                Ca => "només es canta després de guanyar una basa".into(),
                En => "a cante is only allowed after the side wins a trick".into(),
            },
            Reason::CanteOutOfWindow => match lang {
                Es => "solo se canta tras ganar la baza y antes de la siguiente salida".into(),
                Ca => {
                    "només es canta després de guanyar la basa i abans de la sortida següent".into()
                }
                En => "a cante is only allowed after the side wins a trick, before the next lead"
                    .into(),
            },
            Reason::CanteWrongSide { seat } => match lang {
                Es => format!("la última baza no la ganó la pareja del asiento {seat}"),
                Ca => format!("l'última basa no la va guanyar la parella del seient {seat}"),
                En => format!("the last trick was not won by seat {seat}'s side"),
            },
            Reason::CanteAlreadyMade { seat, per_side } => match (per_side, lang) {
                (false, Es) => format!("el asiento {seat} ya ha cantado tras esta baza"),
                (false, Ca) => format!("el seient {seat} ja ha cantat després d'aquesta basa"),
                (false, En) => format!("seat {seat} has already sung after this trick"),
                (true, Es) => "la pareja ya ha cantado tras esta baza".into(),
                (true, Ca) => "la parella ja ha cantat després d'aquesta basa".into(),
                (true, En) => "the side has already sung after this trick".into(),
            },
            Reason::SuitAlreadySung { suit } => match lang {
                Es => format!("ya se cantó en {}", suit_es(*suit)),
                Ca => format!("ja s'ha cantat en {}", suit_es(*suit)),
                En => format!("{} has already been sung", suit_es(*suit)),
            },
            Reason::MarriageNotHeld { seat, suit } => match lang {
                Es => format!(
                    "el asiento {seat} no tiene el rey y el caballo de {}",
                    suit_es(*suit)
                ),
                Ca => format!(
                    "el seient {seat} no té el rei i el cavall de {}",
                    suit_es(*suit)
                ),
                En => format!(
                    "seat {seat} does not hold both the rey and the caballo of {}",
                    suit_es(*suit)
                ),
            },
            Reason::CanteLapsed { suit } => match lang {
                Es => format!(
                    "el cante en {} se perdió: debía cantarse en la primera ocasión",
                    suit_es(*suit)
                ),
                Ca => format!(
                    "el cante en {} s'ha perdut: s'havia de cantar a la primera ocasió",
                    suit_es(*suit)
                ),
                En => format!(
                    "the cante in {} has lapsed: it had to be sung at the first opportunity",
                    suit_es(*suit)
                ),
            },
            Reason::FortyFirst { trump } => match lang {
                Es => format!("primero hay que cantar las 40 (en {})", suit_es(*trump)),
                Ca => format!("primer s'han de cantar les 40 (en {})", suit_es(*trump)),
                En => format!("the 40 (in {}) must be sung first", suit_es(*trump)),
            },
            Reason::TuteNotInGame => match lang {
                Es => "los eventos 'tute' no existen en cuatrola con estas opciones".into(),
                Ca => "els esdeveniments 'tute' no existeixen a la cuatrola amb aquestes opcions"
                    .into(),
                En => "'tute' events do not exist in cuatrola with these players/options".into(),
            },
            Reason::Botifarra(r) => r.render(lang),
            Reason::Cinquillo(r) => r.render(lang),
            Reason::TuteFamily(r) => r.render(lang),
            Reason::TuteNotHeld { seat } => match lang {
                Es => format!("el asiento {seat} no tiene los cuatro reyes ni los cuatro caballos"),
                Ca => format!("el seient {seat} no té els quatre reis ni els quatre cavalls"),
                En => format!("seat {seat} holds neither the four reyes nor the four caballos"),
            },
        }
    }
}

fn render_deal(p: &DealProblem, lang: Lang) -> String {
    use Lang::*;
    match (p, lang) {
        (DealProblem::HandCount { expected, got }, Es) => {
            format!("hay {got} manos, deberían ser {expected}")
        }
        (DealProblem::HandCount { expected, got }, Ca) => {
            format!("hi ha {got} mans, n'hi hauria d'haver {expected}")
        }
        (DealProblem::HandCount { expected, got }, En) => {
            format!("{got} hands dealt, expected {expected}")
        }
        (DealProblem::NotACard { place, got }, Es) => {
            format!("{place}: se esperaba una carta como \"3c\", no {got}")
        }
        (DealProblem::NotACard { place, got }, Ca) => {
            format!("{place}: s'esperava una carta com \"3c\", no {got}")
        }
        (DealProblem::NotACard { place, got }, En) => {
            format!("{place}: expected a card like \"3c\", got {got}")
        }
        (DealProblem::NotInDeck(c), Es) => {
            format!("la carta {c} ({}) no es de esta baraja", c.spanish_name())
        }
        (DealProblem::NotInDeck(c), Ca) => format!(
            "la carta {c} ({}) no és d'aquesta baralla",
            c.spanish_name()
        ),
        (DealProblem::NotInDeck(c), En) => {
            format!("card {c} ({}) is not in this game's deck", c.spanish_name())
        }
        (DealProblem::Duplicate(c), Es) => format!("la carta {c} está repartida dos veces"),
        (DealProblem::Duplicate(c), Ca) => format!("la carta {c} està repartida dues vegades"),
        (DealProblem::Duplicate(c), En) => format!("card {c} dealt twice"),
        (DealProblem::HandSizes(s), Es) => format!("tamaños de mano incorrectos {s:?}"),
        (DealProblem::HandSizes(s), Ca) => format!("mides de mà incorrectes {s:?}"),
        (DealProblem::HandSizes(s), En) => format!("wrong hand sizes {s:?}"),
        (DealProblem::StockSize { expected, got }, Es) => {
            format!("el monte tiene {got} cartas, deberían ser {expected}")
        }
        (DealProblem::StockSize { expected, got }, Ca) => {
            format!("el munt té {got} cartes, n'hauria de tenir {expected}")
        }
        (DealProblem::StockSize { expected, got }, En) => {
            format!("stock of {got} cards, expected {expected}")
        }
        (DealProblem::Missing(c), Es) => format!("falta la carta {c} ({})", c.spanish_name()),
        (DealProblem::Missing(c), Ca) => format!("falta la carta {c} ({})", c.spanish_name()),
        (DealProblem::Missing(c), En) => format!("card {c} ({}) is missing", c.spanish_name()),
        (DealProblem::TurnedMissing, Es) => "falta la carta vuelta (turned)".into(),
        (DealProblem::TurnedMissing, Ca) => "falta la carta girada (turned)".into(),
        (DealProblem::TurnedMissing, En) => "the turned card is missing".into(),
        (DealProblem::TurnedNotACard(g), Es) => {
            format!("turned: se esperaba una carta como \"3c\", no {g}")
        }
        (DealProblem::TurnedNotACard(g), Ca) => {
            format!("turned: s'esperava una carta com \"3c\", no {g}")
        }
        (DealProblem::TurnedNotACard(g), En) => {
            format!("turned: expected a card like \"3c\", got {g}")
        }
        (DealProblem::TurnedMisplaced(c), Es) => format!("la carta vuelta {c} no está donde debe"),
        (DealProblem::TurnedMisplaced(c), Ca) => format!("la carta girada {c} no és on ha de ser"),
        (DealProblem::TurnedMisplaced(c), En) => {
            format!("the turned card {c} is not where it belongs")
        }
        (DealProblem::TurnedNotAllowed, Es) => "este juego no tiene carta vuelta".into(),
        (DealProblem::TurnedNotAllowed, Ca) => "aquest joc no té carta girada".into(),
        (DealProblem::TurnedNotAllowed, En) => "this game has no turned card".into(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn samples() -> Vec<Reason> {
        let c: Card = "10o".parse().unwrap();
        let mut v = vec![
            Reason::Record("x".into()),
            Reason::NotACard {
                index: 4,
                given: "\"zz\"".into(),
            },
            Reason::ForeignAction {
                key: "trump",
                game: "cuatrola",
            },
            Reason::NotYourTurn {
                expected: 0,
                got: 2,
            },
            Reason::BiddingNotOver { expected: 1 },
            Reason::SitsOut { seat: 3 },
            Reason::HandOver,
            Reason::CardNotHeld { seat: 2, card: c },
            Reason::BidDoesNotRaise {
                bid: Bid::Solo,
                current: Bid::Cuatrola,
            },
            Reason::BidOverTarget {
                bid: Bid::Quintola,
                score: 17,
                target: 21,
            },
            Reason::BidFromThreshold {
                score: 17,
                threshold: 17,
            },
            Reason::PartnerOvercall { bid: Bid::Solo },
            Reason::BiddingOver,
            Reason::NoCantesInContract {
                contract: Bid::Cuatrola,
            },
            Reason::CanteBeforeFirstTrick,
            Reason::CanteOutOfWindow,
            Reason::CanteWrongSide { seat: 1 },
            Reason::CanteAlreadyMade {
                seat: 1,
                per_side: false,
            },
            Reason::CanteAlreadyMade {
                seat: 1,
                per_side: true,
            },
            Reason::SuitAlreadySung { suit: Suit::Copas },
            Reason::MarriageNotHeld {
                seat: 0,
                suit: Suit::Copas,
            },
            Reason::CanteLapsed { suit: Suit::Oros },
            Reason::FortyFirst {
                trump: Suit::Bastos,
            },
            Reason::TuteNotInGame,
            Reason::TuteNotHeld { seat: 0 },
        ];
        for o in [
            Obligation::FollowSuit,
            Obligation::Beat,
            Obligation::Trump,
            Obligation::Overtrump,
        ] {
            v.push(Reason::Obligation {
                card: c,
                obligation: o,
            });
        }
        for p in [
            EventProblem::NotAnObject,
            EventProblem::SeatMissing,
            EventProblem::SeatInvalid("-1".into()),
            EventProblem::NoAction,
            EventProblem::SeveralActions(vec!["bid".into(), "play".into()]),
            EventProblem::BadValue {
                key: "bid".into(),
                got: "\"x\"".into(),
            },
        ] {
            v.push(Reason::BadEvent {
                index: 1,
                problem: p,
            });
        }
        for d in [
            DealProblem::HandCount {
                expected: 4,
                got: 3,
            },
            DealProblem::NotACard {
                place: "hands[0][1]".into(),
                got: "\"zz\"".into(),
            },
            DealProblem::NotInDeck("7o".parse().unwrap()),
            DealProblem::Duplicate(c),
            DealProblem::HandSizes(vec![5, 5, 4, 6]),
            DealProblem::StockSize {
                expected: 0,
                got: 1,
            },
            DealProblem::Missing(c),
            DealProblem::TurnedMissing,
            DealProblem::TurnedNotACard("1".into()),
            DealProblem::TurnedMisplaced(c),
            DealProblem::TurnedNotAllowed,
        ] {
            v.push(Reason::Deal(d));
        }
        v
    }

    #[test]
    fn every_message_exists_in_spanish_catalan_and_english() {
        for r in samples() {
            let es = r.render(Lang::Es);
            let ca = r.render(Lang::Ca);
            let en = r.render(Lang::En);
            assert!(!es.is_empty() && !ca.is_empty() && !en.is_empty(), "{r:?}");
            assert!(es != en && ca != en, "{r:?}: {es} / {ca} / {en}");
        }
    }

    #[test]
    fn card_names_stay_spanish_in_every_language() {
        let r = Reason::Obligation {
            card: "10o".parse().unwrap(),
            obligation: Obligation::FollowSuit,
        };
        for l in Lang::ALL {
            assert!(r.render(l).starts_with("sota de oros: "), "{}", r.render(l));
        }
        assert_eq!(r.render(Lang::En), "sota de oros: must follow the led suit");
        let d = Reason::Deal(DealProblem::Duplicate("3o".parse().unwrap()));
        assert_eq!(d.render(Lang::En), "card 3o dealt twice");
    }
}
