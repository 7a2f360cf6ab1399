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
use crate::domain::lang::{Lang, tr};
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
        match self {
            Reason::Deal(p) => render_deal(p, lang),
            Reason::Record(m) => tr!(
                lang,
                "registro no válido: {m}",
                "registre no vàlid: {m}",
                "invalid record: {m}"
            ),
            Reason::BadEvent { index, problem } => {
                let what = match problem {
                    EventProblem::NotAnObject => tr!(
                        lang,
                        "un evento debe ser un objeto",
                        "un esdeveniment ha de ser un objecte",
                        "an event must be an object"
                    ),
                    EventProblem::SeatMissing => tr!(
                        lang,
                        "falta el asiento (seat)",
                        "falta el seient (seat)",
                        "the seat is missing"
                    ),
                    EventProblem::SeatInvalid(s) => tr!(
                        lang,
                        "asiento no válido: {s}",
                        "seient no vàlid: {s}",
                        "invalid seat {s}"
                    ),
                    EventProblem::NoAction => tr!(
                        lang,
                        "el evento debe llevar exactamente una acción",
                        "l'esdeveniment ha de portar exactament una acció",
                        "event must carry exactly one action"
                    ),
                    EventProblem::SeveralActions(k) => tr!(
                        lang,
                        "el evento debe llevar exactamente una acción, lleva {}",
                        "l'esdeveniment ha de portar exactament una acció, en porta {}",
                        "event must carry exactly one action, found {}",
                        k.join(", ")
                    ),
                    EventProblem::BadValue { key, got } => tr!(
                        lang,
                        "{key}: valor no válido {got}",
                        "{key}: valor no vàlid {got}",
                        "{key}: invalid value {got}"
                    ),
                };
                format!("events[{index}]: {what}")
            }
            Reason::NotACard { index, given } => tr!(
                lang,
                "events[{index}].play: se esperaba una carta como \"3c\", no {given}",
                "events[{index}].play: s'esperava una carta com \"3c\", no {given}",
                "events[{index}].play: expected a card like \"3c\", got {given}"
            ),
            Reason::NotACall { kind, given } => match kind {
                CallKind::Bid => tr!(
                    lang,
                    "{given} no es una declaración: se pasa o se declara solo, cuatrola o quintola",
                    "{given} no és una declaració: es passa o es declara solo, cuatrola o quintola",
                    "{given} is not a call: a player passes or bids solo, cuatrola or quintola"
                ),
                CallKind::Trump => tr!(
                    lang,
                    "{given} no es una elección de triunfo: un palo (oros, copas, espadas, \
                     bastos), botifarra o delegar en el compañero",
                    "{given} no és una elecció de trumfo: un pal (oros, copas, espadas, \
                     bastos), botifarra o delegar al company",
                    "{given} is not a trump choice: a suit (oros, copas, espadas, bastos), \
                     botifarra or passing the choice to the partner"
                ),
                CallKind::Double => tr!(
                    lang,
                    "{given} no es un doble: contro, recontro, Sant Vicenç o pasar",
                    "{given} no és un doble: contro, recontro, Sant Vicenç o passar",
                    "{given} is not a double: contro, recontro, Sant Vicenç or pass"
                ),
            },
            Reason::ForeignAction { key, game } => tr!(
                lang,
                "los eventos '{key}' no existen en {game}",
                "els esdeveniments '{key}' no existeixen a {game}",
                "'{key}' events do not exist in {game}"
            ),
            Reason::NotYourTurn { expected, got } => tr!(
                lang,
                "es el turno del asiento {expected}, no del asiento {got}",
                "és el torn del seient {expected}, no del seient {got}",
                "it is seat {expected}'s turn, not seat {got}'s"
            ),
            Reason::BiddingNotOver { expected } => tr!(
                lang,
                "la subasta no ha terminado: habla el asiento {expected}",
                "la subhasta no ha acabat: parla el seient {expected}",
                "the bidding is not over: seat {expected} must still call"
            ),
            Reason::SitsOut { seat } => tr!(
                lang,
                "el asiento {seat} no juega esta mano: su compañero juega solo",
                "el seient {seat} no juga aquesta mà: el seu company juga sol",
                "seat {seat} sits this hand out: his partner plays alone"
            ),
            Reason::HandOver => tr!(
                lang,
                "la mano ya ha terminado",
                "la mà ja s'ha acabat",
                "the hand is already over"
            ),
            Reason::CardNotHeld { seat, card } => tr!(
                lang,
                "el asiento {seat} no tiene '{card}' ({})",
                "el seient {seat} no té '{card}' ({})",
                "seat {seat} does not hold '{card}' ({})",
                card.spanish_name()
            ),
            Reason::Obligation { card, obligation } => {
                let name = card.spanish_name();
                let what = match obligation {
Obligation::FollowSuit => lang.pick("renuncio, debe asistir al palo de salida", "renuncio, ha d'assistir al pal de sortida", "must follow the led suit"),
Obligation::Beat => lang.pick("asistió pero debía montar con una carta más alta del palo de salida", "ha assistit però havia de muntar amb una carta més alta del pal de sortida", "followed suit but a higher card of the led suit was required"),
Obligation::Trump => lang.pick("sin cartas del palo de salida y con triunfo, debe fallar", "sense cartes del pal de sortida i amb triomf, ha de fallar", "void in the led suit and holding a trump, must trump"),
Obligation::Overtrump => lang.pick("sin cartas del palo de salida y pudiendo superar el triunfo de la mesa, debe montar el fallo", "sense cartes del pal de sortida i podent superar el triomf de la taula, ha de sobrefallar", "void in the led suit and able to beat the trump on the table, must overtrump"),
};
                format!("{name}: {what}")
            }
            Reason::BidDoesNotRaise { bid, current } => tr!(
                lang,
                "{} no supera la apuesta actual ({})",
                "{} no supera l'aposta actual ({})",
                "{} does not raise the current bid ({})",
                bid.slug(),
                current.slug()
            ),
            Reason::BidOverTarget { bid, score, target } => {
                let total = score + bid.value();
                tr!(
                    lang,
                    "{}: la pareja tiene {score} y pasaría de {target} ({total}); no puede apostar más de lo que le falta",
                    "{}: la parella té {score} i passaria de {target} ({total}); no pot apostar més del que li falta",
                    "{}: the pair has {score} and would pass {target} ({total}); it may not bid more than it needs",
                    bid.slug()
                )
            }
            Reason::BidFromThreshold { score, threshold } => tr!(
                lang,
                "la pareja tiene {score} (≥ {threshold}) y ya no puede apostar",
                "la parella té {score} (≥ {threshold}) i ja no pot apostar",
                "the pair has {score} (≥ {threshold}) and may no longer bid"
            ),
            Reason::PartnerOvercall { bid } => tr!(
                lang,
                "{}: no se puede superar la apuesta del compañero",
                "{}: no es pot superar l'aposta del company",
                "{}: a player may not overcall his partner",
                bid.slug()
            ),
            Reason::BiddingOver => tr!(
                lang,
                "la subasta ya ha terminado",
                "la subhasta ja s'ha acabat",
                "the bidding is over"
            ),
            Reason::NoCantesInContract { contract } => tr!(
                lang,
                "no hay cantes en una mano de {}",
                "no hi ha cantes en una mà de {}",
                "there are no cantes in a {} hand",
                contract.slug()
            ),
            Reason::CanteBeforeFirstTrick => tr!(
                lang,
                "solo se canta después de ganar una baza",
                "només es canta després de guanyar una basa",
                "a cante is only allowed after the side wins a trick"
            ),
            Reason::CanteOutOfWindow => tr!(
                lang,
                "solo se canta tras ganar la baza y antes de la siguiente salida",
                "només es canta després de guanyar la basa i abans de la sortida següent",
                "a cante is only allowed after the side wins a trick, before the next lead"
            ),
            Reason::CanteWrongSide { seat } => tr!(
                lang,
                "la última baza no la ganó la pareja del asiento {seat}",
                "l'última basa no la va guanyar la parella del seient {seat}",
                "the last trick was not won by seat {seat}'s side"
            ),
            Reason::CanteAlreadyMade { seat, per_side } => {
                if *per_side {
                    tr!(
                        lang,
                        "la pareja ya ha cantado tras esta baza",
                        "la parella ja ha cantat després d'aquesta basa",
                        "the side has already sung after this trick"
                    )
                } else {
                    tr!(
                        lang,
                        "el asiento {seat} ya ha cantado tras esta baza",
                        "el seient {seat} ja ha cantat després d'aquesta basa",
                        "seat {seat} has already sung after this trick"
                    )
                }
            }
            Reason::SuitAlreadySung { suit } => tr!(
                lang,
                "ya se cantó en {}",
                "ja s'ha cantat en {}",
                "{} has already been sung",
                suit_es(*suit)
            ),
            Reason::MarriageNotHeld { seat, suit } => tr!(
                lang,
                "el asiento {seat} no tiene el rey y el caballo de {}",
                "el seient {seat} no té el rei i el cavall de {}",
                "seat {seat} does not hold both the rey and the caballo of {}",
                suit_es(*suit)
            ),
            Reason::CanteLapsed { suit } => tr!(
                lang,
                "el cante en {} se perdió: debía cantarse en la primera ocasión",
                "el cante en {} s'ha perdut: s'havia de cantar a la primera ocasió",
                "the cante in {} has lapsed: it had to be sung at the first opportunity",
                suit_es(*suit)
            ),
            Reason::FortyFirst { trump } => tr!(
                lang,
                "primero hay que cantar las 40 (en {})",
                "primer s'han de cantar les 40 (en {})",
                "the 40 (in {}) must be sung first",
                suit_es(*trump)
            ),
            Reason::TuteNotInGame => tr!(
                lang,
                "los eventos 'tute' no existen en cuatrola con estas opciones",
                "els esdeveniments 'tute' no existeixen a la cuatrola amb aquestes opcions",
                "'tute' events do not exist in cuatrola with these players/options"
            ),
            Reason::Botifarra(r) => r.render(lang),
            Reason::Cinquillo(r) => r.render(lang),
            Reason::TuteFamily(r) => r.render(lang),
            Reason::TuteNotHeld { seat } => tr!(
                lang,
                "el asiento {seat} no tiene los cuatro reyes ni los cuatro caballos",
                "el seient {seat} no té els quatre reis ni els quatre cavalls",
                "seat {seat} holds neither the four reyes nor the four caballos"
            ),
        }
    }
}

fn render_deal(p: &DealProblem, lang: Lang) -> String {
    match p {
        DealProblem::HandCount { expected, got } => tr!(
            lang,
            "hay {got} manos, deberían ser {expected}",
            "hi ha {got} mans, n'hi hauria d'haver {expected}",
            "{got} hands dealt, expected {expected}"
        ),
        DealProblem::NotACard { place, got } => tr!(
            lang,
            "{place}: se esperaba una carta como \"3c\", no {got}",
            "{place}: s'esperava una carta com \"3c\", no {got}",
            "{place}: expected a card like \"3c\", got {got}"
        ),
        DealProblem::NotInDeck(c) => tr!(
            lang,
            "la carta {c} ({}) no es de esta baraja",
            "la carta {c} ({}) no és d'aquesta baralla",
            "card {c} ({}) is not in this game's deck",
            c.spanish_name()
        ),
        DealProblem::Duplicate(c) => tr!(
            lang,
            "la carta {c} está repartida dos veces",
            "la carta {c} està repartida dues vegades",
            "card {c} dealt twice"
        ),
        DealProblem::HandSizes { got, expected } => {
            // Each hand of the wrong size, its seat numbered as the engine numbers it.
            let wrong: Vec<String> = got
                .iter()
                .zip(expected)
                .enumerate()
                .filter(|(_, (g, e))| g != e)
                .map(|(seat, (g, e))| {
                    tr!(
                        lang,
                        "el asiento {seat} tiene {g} cartas, no {e}",
                        "el seient {seat} té {g} cartes, no {e}",
                        "seat {seat} holds {g} cards, not {e}"
                    )
                })
                .collect();
            let wrong = wrong.join("; ");
            tr!(
                lang,
                "tamaños de mano incorrectos: {wrong}",
                "mides de mà incorrectes: {wrong}",
                "wrong hand sizes: {wrong}"
            )
        }
        DealProblem::StockSize { expected, got } => tr!(
            lang,
            "el monte tiene {got} cartas, deberían ser {expected}",
            "el munt té {got} cartes, n'hauria de tenir {expected}",
            "stock of {got} cards, expected {expected}"
        ),
        DealProblem::Missing(c) => tr!(
            lang,
            "falta la carta {c} ({})",
            "falta la carta {c} ({})",
            "card {c} ({}) is missing",
            c.spanish_name()
        ),
        DealProblem::TurnedMissing => tr!(
            lang,
            "falta la carta vuelta (turned)",
            "falta la carta girada (turned)",
            "the turned card is missing"
        ),
        DealProblem::TurnedNotACard(g) => tr!(
            lang,
            "turned: se esperaba una carta como \"3c\", no {g}",
            "turned: s'esperava una carta com \"3c\", no {g}",
            "turned: expected a card like \"3c\", got {g}"
        ),
        DealProblem::TurnedMisplaced(c) => tr!(
            lang,
            "la carta vuelta, {}, no está donde debe",
            "la carta girada, {}, no és on ha de ser",
            "the turned card, {}, is not where it belongs",
            c.spanish_name()
        ),
        DealProblem::TurnedNotAllowed => tr!(
            lang,
            "este juego no tiene carta vuelta",
            "aquest joc no té carta girada",
            "this game has no turned card"
        ),
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
            DealProblem::HandSizes {
                got: vec![5, 5, 4, 6],
                expected: vec![5, 5, 5, 5],
            },
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
