//! What quick entry says to a scorekeeper: every problem of an entry and the short notes
//! of a scoreboard line, in Spanish, Catalan and English. Card and rule terms (as, rey,
//! sota, caballo, cante, renuncio, solo, cuatrola, quintola, contro, recontro, Sant
//! Vicenç, botifarra, de vueltas, oros, copas, espadas, bastos) stay Spanish.

use crate::domain::cards::Suit;
use crate::domain::lang::{Lang, comma_list, tr};
use crate::domain::messages::Reason;
use crate::domain::record::DoubleCall;

use super::types::{Contract, EntryError};

/// Who a side is in a message: a pair in pair games, else a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side {
    pub side: u8,
    pub pairs: bool,
}

impl Side {
    pub fn render(self, lang: Lang) -> String {
        let n = self.side;
        if self.pairs {
            tr!(lang, "la pareja {n}", "la parella {n}", "pair {n}")
        } else {
            tr!(lang, "el asiento {n}", "el seient {n}", "seat {n}")
        }
    }
}

pub fn contract_name(c: Contract) -> &'static str {
    match c {
        Contract::Pass => "pase",
        Contract::Solo => "solo",
        Contract::Cuatrola => "cuatrola",
        Contract::Quintola => "quintola",
    }
}

/// One problem of an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    // Setup and general shape.
    BadPlayers {
        game: &'static str,
        players: u8,
    },
    BadFirstDealer {
        seat: u8,
        players: u8,
    },
    WrongGame {
        expected: &'static str,
        got: &'static str,
    },
    BadDealer {
        seat: u8,
        players: u8,
    },
    BadBefore {
        got: usize,
        sides: u8,
    },
    SeatOutOfRange {
        seat: u8,
        players: u8,
    },
    SideOutOfRange {
        side: u8,
        sides: u8,
    },
    // Missing data.
    MissingCardPoints,
    MissingLastTrick,
    MissingSoloistTricks,
    MissingBidder,
    MissingPoints,
    MissingOut,
    MissingPasses {
        players: u8,
    },
    MissingLastTrickSeat,
    // Points.
    PointsOutOfRange {
        value: u32,
        max: u32,
    },
    PointsImpossible {
        value: u32,
    },
    PointsPairImpossible {
        a: u32,
        b: u32,
    },
    PointsTogetherImpossible {
        values: Vec<u32>,
    },
    PointsDontAddUp {
        sum: u32,
        total: u32,
    },
    PointsOverDeck {
        sum: u32,
        max: u32,
    },
    SpareTotal {
        sum: u32,
    },
    SoloTotal {
        sum: u32,
    },
    LastTrickNoTrick {
        side: Side,
    },
    LastTrickAfterEarlyEnd,
    LastTrickSeatWrongSide {
        seat: u8,
        side: u8,
    },
    CardPointsLength {
        got: usize,
        sides: u8,
    },
    CardPointsInTrickContract {
        contract: Contract,
    },
    SoloistTricksInNormalHand,
    SoloistTricksOutOfRange {
        tricks: u8,
    },
    TieUndecidable,
    // Bids.
    BidderWithPass,
    BidOverCap {
        contract: Contract,
        score: i64,
        target: i64,
    },
    BidFromThreshold {
        score: i64,
        threshold: i64,
    },
    // Cantes and tutes.
    SuitSungTwice {
        suit: Suit,
    },
    FortyTwice {
        suit: Suit,
    },
    CanteInContract {
        contract: Contract,
    },
    TuteInContract {
        contract: Contract,
    },
    CanteNoTrick {
        side: Side,
    },
    /// The side's only trick was the last one: no window opens after it.
    CanteOnlyLastTrick {
        side: Side,
    },
    /// More cantes by one player (or one side, with `one_per_side`) than tricks his
    /// side won before the last.
    CantesOverTricks {
        seat: u8,
        side: Side,
        cantes: u32,
        tricks: u32,
        per_side: bool,
    },
    CanteSittingOut {
        seat: u8,
    },
    TuteSittingOut {
        seat: u8,
    },
    TooManyCantesForPlayer {
        seat: u8,
        max: usize,
    },
    TooManyCantes {
        count: usize,
    },
    CanteWithOthersTute {
        seat: u8,
        tute_seat: u8,
    },
    TuteNotAllowed,
    TuteAfterCante {
        seat: u8,
    },
    EarlyEndConflict,
    // Guiñote claims.
    ClaimNotInGame,
    ClaimNotVueltas,
    ClaimTrickOutOfRange {
        after: u8,
        max: u8,
    },
    BothReached101 {
        a: i64,
        b: i64,
    },
    // Botifarra.
    ChooserNotDealer {
        chooser: u8,
        dealer: u8,
    },
    ChooserNotPartner {
        chooser: u8,
        partner: u8,
    },
    DoublesOutOfRange {
        doubles: u8,
    },
    SantVicencOnBotifarra,
    SantVicencNotAllowed,
    ControOnBotifarraNotAllowed,
    // Cinquillo.
    CardsLeftLength {
        got: usize,
        players: u8,
    },
    WinnerHoldsCards {
        seat: u8,
        cards: u32,
    },
    SecondEmptyHand {
        seat: u8,
    },
    CardsOverHand {
        seat: u8,
        cards: u32,
        max: u32,
    },
    OutNotEmpty {
        seat: u8,
        cards: u32,
    },
    CardsOverDeck {
        sum: u32,
        max: u32,
    },
    PassesLength {
        got: usize,
        players: u8,
    },
    /// A full record whose hand is not over: its points are not known yet.
    HandUndecided,
}

impl Problem {
    pub fn at(self, field: impl Into<String>, lang: Lang) -> EntryError {
        EntryError {
            field: field.into(),
            message: self.render(lang),
            option: None,
        }
    }

    /// The problem in words, in `lang` (card and rule terms in Spanish).
    pub fn render(&self, lang: Lang) -> String {
        use Problem::*;
        match self {
            HandUndecided
            | BadPlayers { .. }
            | BadFirstDealer { .. }
            | WrongGame { .. }
            | BadDealer { .. }
            | BadBefore { .. }
            | SeatOutOfRange { .. }
            | SideOutOfRange { .. }
            | MissingCardPoints => self.render_0(lang),
            MissingLastTrick
            | MissingSoloistTricks
            | MissingBidder
            | MissingPoints
            | MissingOut
            | MissingPasses { .. }
            | MissingLastTrickSeat
            | PointsOutOfRange { .. }
            | PointsImpossible { .. }
            | PointsPairImpossible { .. }
            | PointsTogetherImpossible { .. } => self.render_1(lang),
            PointsDontAddUp { .. }
            | PointsOverDeck { .. }
            | SpareTotal { .. }
            | SoloTotal { .. }
            | LastTrickNoTrick { .. }
            | LastTrickAfterEarlyEnd
            | LastTrickSeatWrongSide { .. }
            | CardPointsLength { .. }
            | CardPointsInTrickContract { .. }
            | SoloistTricksInNormalHand
            | SoloistTricksOutOfRange { .. } => self.render_2(lang),
            TieUndecidable
            | BidderWithPass
            | BidOverCap { .. }
            | BidFromThreshold { .. }
            | SuitSungTwice { .. }
            | FortyTwice { .. }
            | CanteInContract { .. }
            | TuteInContract { .. }
            | CanteNoTrick { .. } => self.render_3(lang),
            CanteOnlyLastTrick { .. }
            | CantesOverTricks { .. }
            | CanteSittingOut { .. }
            | TuteSittingOut { .. }
            | TooManyCantesForPlayer { .. }
            | TooManyCantes { .. } => self.render_4(lang),
            CanteWithOthersTute { .. }
            | TuteNotAllowed
            | TuteAfterCante { .. }
            | EarlyEndConflict
            | ClaimNotInGame
            | ClaimNotVueltas
            | ClaimTrickOutOfRange { .. }
            | BothReached101 { .. }
            | ChooserNotDealer { .. }
            | ChooserNotPartner { .. }
            | DoublesOutOfRange { .. } => self.render_5(lang),
            SantVicencOnBotifarra
            | SantVicencNotAllowed
            | ControOnBotifarraNotAllowed
            | CardsLeftLength { .. }
            | WinnerHoldsCards { .. }
            | SecondEmptyHand { .. }
            | CardsOverHand { .. }
            | OutNotEmpty { .. }
            | CardsOverDeck { .. }
            | PassesLength { .. } => self.render_6(lang),
        }
    }

    /// Part 1 of [`Problem::render`]'s table (the dispatch there names every
    /// problem; any other renders empty here).
    fn render_0(&self, lang: Lang) -> String {
        use Problem::*;
        match self {
            HandUndecided => tr!(
                lang,
                "la mano no ha terminado: sus puntos aún no se pueden saber",
                "la mà no s'ha acabat: encara no se'n poden saber els punts",
                "the hand is not over: its points are still undecided"
            ),
            BadPlayers { game, players } => tr!(
                lang,
                "{players} no es un número de jugadores válido para {game}",
                "{players} no és un nombre de jugadors vàlid per a {game}",
                "{players} is not a valid number of players for {game}"
            ),
            BadFirstDealer { seat, players } => tr!(
                lang,
                "el primer repartidor ({}) no es un asiento de la mesa (1 a {players})",
                "el primer repartidor ({}) no és un seient de la taula (1 a {players})",
                "the first dealer ({}) is not a seat at the table (1 to {players})",
                u32::from(*seat) + 1
            ),
            WrongGame { expected, got } => tr!(
                lang,
                "la mano es de {got} pero la partida es de {expected}",
                "la mà és de {got} però la partida és de {expected}",
                "the hand is a {got} hand but the game is {expected}"
            ),
            BadDealer { seat, players } => tr!(
                lang,
                "el repartidor ({}) no es un asiento de la mesa (1 a {players})",
                "el repartidor ({}) no és un seient de la taula (1 a {players})",
                "the dealer ({}) is not a seat at the table (1 to {players})",
                u32::from(*seat) + 1
            ),
            BadBefore { got, sides } => tr!(
                lang,
                "hacen falta {sides} marcadores previos, no {got}",
                "calen {sides} marcadors previs, no {got}",
                "{sides} previous scores are needed, not {got}"
            ),
            SeatOutOfRange { seat, players } => tr!(
                lang,
                "el asiento {seat} no existe (1 a {players})",
                "el seient {seat} no existeix (1 a {players})",
                "seat {seat} does not exist (1 to {players})"
            ),
            SideOutOfRange { side, sides } => tr!(
                lang,
                "el lado {side} no existe (0 a {})",
                "el costat {side} no existeix (0 a {})",
                "side {side} does not exist (0 to {})",
                sides.saturating_sub(1)
            ),
            MissingCardPoints => tr!(
                lang,
                "faltan los puntos de cartas",
                "falten els punts de cartes",
                "the card points are missing"
            ),
            _ => String::new(),
        }
    }

    /// Part 2 of [`Problem::render`]'s table (the dispatch there names every
    /// problem; any other renders empty here).
    fn render_1(&self, lang: Lang) -> String {
        use Problem::*;
        match self {
            MissingLastTrick => tr!(
                lang,
                "falta quién ganó la última baza (las diez de últimas)",
                "falta qui va guanyar l'última basa (les deu d'últimes)",
                "who took the last trick (the diez de últimas) is missing"
            ),
            MissingSoloistTricks => tr!(
                lang,
                "faltan las bazas que hizo el jugador solo",
                "falten les bases que va fer el jugador sol",
                "the tricks the soloist took are missing"
            ),
            MissingBidder => tr!(
                lang,
                "falta quién hizo la apuesta",
                "falta qui va fer l'aposta",
                "who made the bid is missing"
            ),
            MissingPoints => tr!(
                lang,
                "faltan los puntos de la pareja 0",
                "falten els punts de la parella 0",
                "the points of pair 0 are missing"
            ),
            MissingOut => tr!(
                lang,
                "falta quién se quedó sin cartas",
                "falta qui es va quedar sense cartes",
                "who went out is missing"
            ),
            MissingPasses { players } => tr!(
                lang,
                "con el bote hacen falta los pases de los {players} jugadores",
                "amb el pot calen els passos dels {players} jugadors",
                "pot scoring needs the passes of all {players} players"
            ),
            MissingLastTrickSeat => tr!(
                lang,
                "con «reparte quien gana la última» falta el asiento que ganó la última baza",
                "amb «reparteix qui guanya l'última» falta el seient que va guanyar l'última basa",
                "with \"last trick winner deals\" the seat that took the last trick is missing"
            ),
            PointsOutOfRange { value, max } => tr!(
                lang,
                "{value} puntos: el máximo es {max}",
                "{value} punts: el màxim és {max}",
                "{value} points: the most possible is {max}"
            ),
            PointsImpossible { value } => {
                let (es_p, ca_p, en_p) = if *value == 1 {
                    ("punto", "punt", "point")
                } else {
                    ("puntos", "punts", "points")
                };
                tr!(
                    lang,
                    "ninguna combinación de cartas suma {value} {es_p}",
                    "cap combinació de cartes suma {value} {ca_p}",
                    "no set of cards makes {value} {en_p}"
                )
            }
            PointsPairImpossible { a, b } => tr!(
                lang,
                "{a} y {b} puntos no se pueden hacer a la vez con estas cartas y bazas",
                "{a} i {b} punts no es poden fer alhora amb aquestes cartes i bases",
                "{a} and {b} points cannot both be made with these cards and tricks"
            ),
            PointsTogetherImpossible { values } => {
                let list = comma_list(values);
                tr!(
                    lang,
                    "los puntos {list} no se pueden repartir a la vez con las cartas de la baraja",
                    "els punts {list} no es poden repartir alhora amb les cartes de la baralla",
                    "the points {list} cannot all be made at once from the deck's cards"
                )
            }
            _ => String::new(),
        }
    }

    /// Part 3 of [`Problem::render`]'s table (the dispatch there names every
    /// problem; any other renders empty here).
    fn render_2(&self, lang: Lang) -> String {
        use Problem::*;
        match self {
            PointsDontAddUp { sum, total } => tr!(
                lang,
                "los puntos de cartas suman {sum} y deben sumar {total}",
                "els punts de cartes sumen {sum} i han de sumar {total}",
                "the card points add up to {sum}; they must add up to {total}"
            ),
            PointsOverDeck { sum, max } => tr!(
                lang,
                "los puntos suman {sum}: la baraja no tiene más de {max}",
                "els punts sumen {sum}: la baralla no en té més de {max}",
                "the points add up to {sum}: the deck holds no more than {max}"
            ),
            SpareTotal { sum } => tr!(
                lang,
                "los puntos suman {sum}: sin la carta que sobra deben sumar 120, 118, 117, 116, 110 o 109",
                "els punts sumen {sum}: sense la carta que sobra han de sumar 120, 118, 117, 116, 110 o 109",
                "the points add up to {sum}: without the spare card they must add up to 120, 118, 117, 116, 110 or 109"
            ),
            SoloTotal { sum } => tr!(
                lang,
                "en un solo las cinco cartas del compañero que no juega no cuentan: las dos parejas suman entre 66 y 109, no {sum}",
                "en un solo les cinc cartes del company que no juga no compten: les dues parelles sumen entre 66 i 109, no {sum}",
                "in a solo the sitting-out partner's five cards do not count: both sides add up to 66–109, not {sum}"
            ),
            LastTrickNoTrick { side } => tr!(
                lang,
                "{} no hizo ninguna baza: no pudo ganar la última",
                "{} no va fer cap basa: no va poder guanyar l'última",
                "{} took no trick: it cannot have taken the last one",
                side.render(lang)
            ),
            LastTrickAfterEarlyEnd => tr!(
                lang,
                "la mano terminó antes de la última baza: no hay diez de últimas",
                "la mà va acabar abans de l'última basa: no hi ha deu d'últimes",
                "the hand ended before the last trick: there is no diez de últimas"
            ),
            LastTrickSeatWrongSide { seat, side } => tr!(
                lang,
                "el asiento {seat} no es de la pareja {side}, que ganó la última baza",
                "el seient {seat} no és de la parella {side}, que va guanyar l'última basa",
                "seat {seat} is not in pair {side}, which took the last trick"
            ),
            CardPointsLength { got, sides } => tr!(
                lang,
                "hacen falta los puntos de {sides} lados, no de {got}",
                "calen els punts de {sides} costats, no de {got}",
                "the points of {sides} sides are needed, not {got}"
            ),
            CardPointsInTrickContract { contract } => tr!(
                lang,
                "en una {} solo cuentan las bazas, no los puntos",
                "en una {} només compten les bases, no els punts",
                "in a {} only tricks count, not points",
                contract_name(*contract)
            ),
            SoloistTricksInNormalHand => tr!(
                lang,
                "las bazas del jugador solo solo se anotan en cuatrola o quintola",
                "les bases del jugador sol només s'anoten en cuatrola o quintola",
                "the soloist's tricks are entered only in a cuatrola or quintola"
            ),
            SoloistTricksOutOfRange { tricks } => tr!(
                lang,
                "{tricks} bazas: en la mano hay 5",
                "{tricks} bases: a la mà n'hi ha 5",
                "{tricks} tricks: a hand has 5"
            ),
            _ => String::new(),
        }
    }

    /// Part 4 of [`Problem::render`]'s table (the dispatch there names every
    /// problem; any other renders empty here).
    fn render_3(&self, lang: Lang) -> String {
        use Problem::*;
        match self {
            TieUndecidable => tr!(
                lang,
                "empate entre jugadores que no ganaron la última baza: decide quién ganó una baza más tarde; use la entrada carta a carta",
                "empat entre jugadors que no van guanyar l'última basa: decideix qui va guanyar una basa més tard; feu servir l'entrada carta a carta",
                "a tie between players who did not take the last trick: the one who won a trick later wins; use card-by-card entry"
            ),
            BidderWithPass => tr!(
                lang,
                "si todos pasan no hay quien apueste",
                "si tothom passa no hi ha qui aposti",
                "when everybody passed there is no bidder"
            ),
            BidOverCap {
                contract,
                score,
                target,
            } => tr!(
                lang,
                "{}: la pareja tiene {score} y pasaría de {target}; no puede apostarlo",
                "{}: la parella té {score} i passaria de {target}; no ho pot apostar",
                "{}: the pair has {score} and would pass {target}; it may not bid it",
                contract_name(*contract)
            ),
            // The referee's own words for the same bid.
            BidFromThreshold { score, threshold } => Reason::BidFromThreshold {
                score: *score,
                threshold: *threshold,
            }
            .render(lang),
            SuitSungTwice { suit } => tr!(
                lang,
                "el cante en {} ya está anotado: cada palo se canta una vez",
                "el cante en {} ja és anotat: cada pal es canta una vegada",
                "the cante in {} is already entered: each suit is sung once",
                suit.name()
            ),
            FortyTwice { suit } => tr!(
                lang,
                "las cuarenta (triunfo {}) solo se cantan una vez",
                "les quaranta (trumfo {}) només es canten una vegada",
                "the 40 (trumps {}) is sung only once",
                suit.name()
            ),
            CanteInContract { contract } => tr!(
                lang,
                "en una {} no hay cantes",
                "en una {} no hi ha cantes",
                "there are no cantes in a {}",
                contract_name(*contract)
            ),
            TuteInContract { contract } => tr!(
                lang,
                "en una {} no hay tute",
                "en una {} no hi ha tute",
                "there is no tute in a {}",
                contract_name(*contract)
            ),
            CanteNoTrick { side } => tr!(
                lang,
                "{} no hizo ninguna baza: no pudo cantar",
                "{} no va fer cap basa: no va poder cantar",
                "{} took no trick: it could not sing",
                side.render(lang)
            ),
            _ => String::new(),
        }
    }

    /// Part 5 of [`Problem::render`]'s table (the dispatch there names every
    /// problem; any other renders empty here).
    fn render_4(&self, lang: Lang) -> String {
        use Problem::*;
        match self {
            CanteOnlyLastTrick { side } => tr!(
                lang,
                "{} solo ganó la última baza: después de la última no se canta",
                "{} només va guanyar l'última basa: després de l'última no es canta",
                "{} only won the last trick: nobody sings after the last trick",
                side.render(lang)
            ),
            CantesOverTricks {
                seat,
                side,
                cantes,
                tricks,
                per_side,
            } => {
                let (es_b, ca_b, en_b) = if *tricks == 1 {
                    ("baza", "basa", "trick")
                } else {
                    ("bazas", "bases", "tricks")
                };
                let pair = side.render(lang);
                if *per_side {
                    tr!(
                        lang,
                        "{pair} cantó {cantes} veces, pero solo ganó {tricks} {es_b} antes de \
                         la última: se canta una vez por baza ganada",
                        "{pair} va cantar {cantes} vegades, però només va guanyar {tricks} \
                         {ca_b} abans de l'última: es canta una vegada per basa guanyada",
                        "{pair} sang {cantes} times, but won only {tricks} {en_b} before the \
                         last: one cante per trick won"
                    )
                } else {
                    tr!(
                        lang,
                        "el asiento {seat} cantó {cantes} veces, pero {pair} solo ganó {tricks} \
                         {es_b} antes de la última: cada jugador canta una vez por baza ganada",
                        "el seient {seat} va cantar {cantes} vegades, però {pair} només va \
                         guanyar {tricks} {ca_b} abans de l'última: cada jugador canta una \
                         vegada per basa guanyada",
                        "seat {seat} sang {cantes} times, but {pair} won only {tricks} {en_b} \
                         before the last: each player sings once per trick won"
                    )
                }
            }
            CanteSittingOut { seat } => tr!(
                lang,
                "el asiento {seat} no juega este solo: no puede cantar",
                "el seient {seat} no juga aquest solo: no pot cantar",
                "seat {seat} sits this solo out: he cannot sing"
            ),
            TuteSittingOut { seat } => tr!(
                lang,
                "el asiento {seat} no juega este solo: no puede cantar tute",
                "el seient {seat} no juga aquest solo: no pot cantar tute",
                "seat {seat} sits this solo out: he cannot declare tute"
            ),
            TooManyCantesForPlayer { seat, max } => tr!(
                lang,
                "el asiento {seat} no puede hacer más de {max} cantes en esta mano",
                "el seient {seat} no pot fer més de {max} cantes en aquesta mà",
                "seat {seat} cannot make more than {max} cantes in this hand"
            ),
            TooManyCantes { count } => tr!(
                lang,
                "{count} cantes: como mucho hay 4, uno por palo",
                "{count} cantes: com a molt n'hi ha 4, un per pal",
                "{count} cantes: there are at most 4, one per suit"
            ),
            _ => String::new(),
        }
    }

    /// Part 6 of [`Problem::render`]'s table (the dispatch there names every
    /// problem; any other renders empty here).
    fn render_5(&self, lang: Lang) -> String {
        use Problem::*;
        match self {
            CanteWithOthersTute { seat, tute_seat } => tr!(
                lang,
                "el asiento {seat} no pudo cantar: el asiento {tute_seat} tenía las cuatro cartas del tute",
                "el seient {seat} no va poder cantar: el seient {tute_seat} tenia les quatre cartes del tute",
                "seat {seat} could not sing: seat {tute_seat} held the four cards of the tute"
            ),
            TuteNotAllowed => tr!(
                lang,
                "con las opciones de esta mesa no se canta tute",
                "amb les opcions d'aquesta taula no es canta tute",
                "this table's options do not allow a tute"
            ),
            TuteAfterCante { seat } => tr!(
                lang,
                "el asiento {seat} ya había cantado: no puede cantar tute después",
                "el seient {seat} ja havia cantat: no pot cantar tute després",
                "seat {seat} had already sung: he cannot declare tute afterwards"
            ),
            EarlyEndConflict => tr!(
                lang,
                "una mano termina con un tute, una salida o un renuncio, no con varios",
                "una mà acaba amb un tute, una sortida o un renuncio, no amb diversos",
                "a hand ends with one tute, claim or renuncio, not several"
            ),
            ClaimNotInGame => tr!(
                lang,
                "en el tute no se sale: eso es del guiñote de vueltas",
                "al tute no se surt: això és del guiñote de vueltas",
                "there is no claim in tute: it belongs to guiñote de vueltas"
            ),
            ClaimNotVueltas => tr!(
                lang,
                "solo se sale en la segunda mano, de vueltas",
                "només se surt a la segona mà, de vueltas",
                "a claim is made only in the second deal, de vueltas"
            ),
            ClaimTrickOutOfRange { after, max } => tr!(
                lang,
                "baza {after}: la mano tiene de 1 a {max}",
                "basa {after}: la mà en té de 1 a {max}",
                "trick {after}: the hand has tricks 1 to {max}"
            ),
            BothReached101 { a, b } => tr!(
                lang,
                "de vueltas las dos parejas pasan de 100 ({a} y {b}): anota quién salió primero",
                "de vueltas les dues parelles passen de 100 ({a} i {b}): anoteu qui va sortir primer",
                "de vueltas both sides pass 100 ({a} and {b}): enter who claimed first"
            ),
            ChooserNotDealer { chooser, dealer } => tr!(
                lang,
                "sin delegar elige el repartidor (asiento {dealer}), no el asiento {chooser}",
                "sense delegar tria el repartidor (seient {dealer}), no el seient {chooser}",
                "without delegating the dealer (seat {dealer}) chooses, not seat {chooser}"
            ),
            ChooserNotPartner { chooser, partner } => tr!(
                lang,
                "delegada, elige el compañero del repartidor (asiento {partner}), no el asiento {chooser}",
                "delegada, tria el company del repartidor (seient {partner}), no el seient {chooser}",
                "once delegated the dealer's partner (seat {partner}) chooses, not seat {chooser}"
            ),
            DoublesOutOfRange { doubles } => tr!(
                lang,
                "{doubles} doblajes: como mucho contro, recontro y Sant Vicenç (3)",
                "{doubles} doblatges: com a molt contro, recontro i Sant Vicenç (3)",
                "{doubles} doubles: at most contro, recontro and Sant Vicenç (3)"
            ),
            _ => String::new(),
        }
    }

    /// Part 7 of [`Problem::render`]'s table (the dispatch there names every
    /// problem; any other renders empty here).
    fn render_6(&self, lang: Lang) -> String {
        use Problem::*;
        match self {
            SantVicencOnBotifarra => tr!(
                lang,
                "en botifarra no hay Sant Vicenç",
                "en botifarra no hi ha Sant Vicenç",
                "there is no Sant Vicenç on botifarra"
            ),
            SantVicencNotAllowed => tr!(
                lang,
                "esta mesa no juega Sant Vicenç",
                "aquesta taula no juga Sant Vicenç",
                "this table does not play Sant Vicenç"
            ),
            ControOnBotifarraNotAllowed => tr!(
                lang,
                "esta mesa no permite contro en botifarra",
                "aquesta taula no permet contro en botifarra",
                "this table does not allow contro on botifarra"
            ),
            CardsLeftLength { got, players } => tr!(
                lang,
                "hacen falta las cartas de {players} jugadores, no de {got}",
                "calen les cartes de {players} jugadors, no de {got}",
                "the cards of {players} players are needed, not {got}"
            ),
            WinnerHoldsCards { seat, cards } => tr!(
                lang,
                "el asiento {seat} se quedó sin cartas: no puede tener {cards}",
                "el seient {seat} es va quedar sense cartes: no en pot tenir {cards}",
                "seat {seat} went out: he cannot hold {cards} cards"
            ),
            SecondEmptyHand { seat } => tr!(
                lang,
                "el asiento {seat} no puede tener 0 cartas: la ronda acaba cuando el primero se queda sin cartas",
                "el seient {seat} no pot tenir 0 cartes: la ronda acaba quan el primer es queda sense cartes",
                "seat {seat} cannot hold 0 cards: the round ends when the first player goes out"
            ),
            CardsOverHand { seat, cards, max } => tr!(
                lang,
                "el asiento {seat} no puede tener {cards} cartas: recibió como mucho {max}",
                "el seient {seat} no pot tenir {cards} cartes: en va rebre com a molt {max}",
                "seat {seat} cannot hold {cards} cards: he was dealt at most {max}"
            ),
            OutNotEmpty { seat, cards } => tr!(
                lang,
                "el asiento {seat} tiene {cards} cartas: no se quedó sin cartas",
                "el seient {seat} té {cards} cartes: no es va quedar sense cartes",
                "seat {seat} holds {cards} cards: he did not go out"
            ),
            CardsOverDeck { sum, max } => tr!(
                lang,
                "quedan {sum} cartas en las manos: como mucho pueden quedar {max}",
                "queden {sum} cartes a les mans: com a molt en poden quedar {max}",
                "{sum} cards left in hand: at most {max} can be left"
            ),
            PassesLength { got, players } => tr!(
                lang,
                "hacen falta los pases de {players} jugadores, no de {got}",
                "calen els passos de {players} jugadors, no de {got}",
                "the passes of {players} players are needed, not {got}"
            ),
            _ => String::new(),
        }
    }
}

/// Notes of a scoreboard line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    NormalHand,
    Contract {
        contract: Contract,
        seat: u8,
    },
    SoloistTricks {
        tricks: u8,
    },
    Cante {
        value: u32,
        suit: Suit,
        seat: u8,
    },
    Tute {
        kind: &'static str,
        seat: u8,
    },
    Revoke {
        seat: u8,
    },
    Void,
    Over100,
    Winner {
        side: Side,
    },
    Trumps {
        suit: Suit,
    },
    Botifarra,
    Delegated,
    Double {
        level: u8,
        multiplier: i64,
    },
    Out {
        seat: u8,
    },
    Winners {
        seats: Vec<u8>,
    },
    DeVueltas,
    Claim {
        side: Side,
        after: u8,
    },
    FalseClaim {
        side: Side,
    },
    Reached101 {
        side: Side,
    },
    /// Both sides passed 101 in the first deal: `side` wins by the table's rule, the
    /// last trick (`last_trick`) or else the higher score.
    BothOver101 {
        side: Side,
        last_trick: bool,
    },
}

/// Notes in each language Baza speaks, for storing a score.
pub fn notes_in_every_lang(notes: &[Note]) -> super::types::NotesInEveryLang {
    let in_lang = |lang: Lang| notes.iter().map(|n| n.render(lang)).collect();
    super::types::NotesInEveryLang(Some([
        in_lang(Lang::Es),
        in_lang(Lang::Ca),
        in_lang(Lang::En),
    ]))
}

impl Note {
    pub fn render(&self, lang: Lang) -> String {
        use Note::*;
        match self {
            NormalHand => tr!(lang, "mano normal", "mà normal", "normal hand"),
            Contract { contract, seat } => tr!(
                lang,
                "{} del asiento {seat}",
                "{} del seient {seat}",
                "{} by seat {seat}",
                contract_name(*contract)
            ),
            SoloistTricks { tricks } => {
                tr!(lang, "{tricks} bazas", "{tricks} bases", "{tricks} tricks")
            }
            Cante { value, suit, seat } => tr!(
                lang,
                "{value} en {}, del asiento {seat}",
                "{value} en {}, del seient {seat}",
                "{value} in {}, by seat {seat}",
                suit.name()
            ),
            Tute { kind, seat } => tr!(
                lang,
                "tute de {kind} del asiento {seat}",
                "tute de {kind} del seient {seat}",
                "tute de {kind} by seat {seat}"
            ),
            Revoke { seat } => tr!(
                lang,
                "renuncio del asiento {seat}",
                "renuncio del seient {seat}",
                "renuncio by seat {seat}"
            ),
            Void => tr!(lang, "mano nula", "mà nul·la", "void hand"),
            Over100 => tr!(lang, "más de 100", "més de 100", "over 100"),
            Winner { side } => tr!(lang, "gana {}", "guanya {}", "{} wins", side.render(lang)),
            Trumps { suit } => tr!(lang, "triunfo {}", "trumfo {}", "trumps {}", suit.name()),
            Botifarra => "botifarra".into(),
            Delegated => tr!(lang, "delegada", "delegada", "delegated"),
            Double { level, multiplier } => {
                let name = DoubleCall::reaching(*level).name();
                format!("{name} ×{multiplier}")
            }
            Out { seat } => tr!(
                lang,
                "se queda sin cartas el asiento {seat}",
                "es queda sense cartes el seient {seat}",
                "seat {seat} went out"
            ),
            Winners { seats } => {
                let list = seat_list(seats, lang);
                tr!(
                    lang,
                    "menos cartas: {list}",
                    "menys cartes: {list}",
                    "fewest cards: {list}"
                )
            }
            DeVueltas => "de vueltas".into(),
            Claim { side, after } => tr!(
                lang,
                "sale {} tras la baza {after}",
                "surt {} després de la basa {after}",
                "{} claims after trick {after}",
                side.render(lang)
            ),
            FalseClaim { side } => tr!(
                lang,
                "salida falsa de {}",
                "sortida falsa de {}",
                "false claim by {}",
                side.render(lang)
            ),
            Reached101 { side } => tr!(
                lang,
                "{} llega a 101",
                "{} arriba a 101",
                "{} reaches 101",
                side.render(lang)
            ),
            BothOver101 { side, last_trick } => both_over_101(side, *last_trick, lang),
        }
    }
}

/// Both sides passed 101 and `side` won: by the last trick or by the higher score.
fn both_over_101(side: &Side, last_trick: bool, lang: Lang) -> String {
    let side = side.render(lang);
    if last_trick {
        tr!(
            lang,
            "las dos pasan de 101 y gana {side}: hizo la última baza",
            "les dues passen de 101 i guanya {side}: va fer l'última basa",
            "both pass 101 and {side} wins: took the last trick"
        )
    } else {
        tr!(
            lang,
            "las dos pasan de 101 y gana {side}: tiene más puntos",
            "les dues passen de 101 i guanya {side}: té més punts",
            "both pass 101 and {side} wins: more points"
        )
    }
}

/// Seats each with its word ("asiento 0, asiento 2"), so that every one of them is
/// numbered and named where people read it.
fn seat_list(seats: &[u8], lang: Lang) -> String {
    let word = crate::domain::words::seat_word(lang);
    let list: Vec<String> = seats.iter().map(|s| format!("{word} {s}")).collect();
    comma_list(&list)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One problem of each kind (the dispatch of [`Problem::render`] names them all).
    fn every_problem() -> Vec<Problem> {
        let mut all = problems_of_the_setup_and_entry();
        all.extend(problems_of_the_points());
        all
    }

    fn problems_of_the_setup_and_entry() -> Vec<Problem> {
        vec![
            Problem::BadPlayers {
                game: "cuatrola",
                players: 1,
            },
            Problem::BadFirstDealer {
                seat: 1,
                players: 1,
            },
            Problem::WrongGame {
                expected: "cuatrola",
                got: "cuatrola",
            },
            Problem::BadDealer {
                seat: 1,
                players: 1,
            },
            Problem::BadBefore { got: 2, sides: 1 },
            Problem::SeatOutOfRange {
                seat: 1,
                players: 1,
            },
            Problem::SideOutOfRange { side: 1, sides: 1 },
            Problem::MissingCardPoints,
            Problem::MissingLastTrick,
            Problem::MissingSoloistTricks,
            Problem::MissingBidder,
            Problem::MissingPoints,
            Problem::MissingOut,
            Problem::MissingPasses { players: 1 },
            Problem::MissingLastTrickSeat,
            Problem::PointsOutOfRange { value: 3, max: 3 },
            Problem::PointsImpossible { value: 3 },
            Problem::PointsPairImpossible { a: 3, b: 3 },
            Problem::PointsTogetherImpossible { values: vec![1, 2] },
            Problem::PointsDontAddUp { sum: 3, total: 3 },
            Problem::PointsOverDeck { sum: 3, max: 3 },
            Problem::SpareTotal { sum: 3 },
            Problem::SoloTotal { sum: 3 },
            Problem::LastTrickNoTrick {
                side: Side {
                    side: 0,
                    pairs: true,
                },
            },
            Problem::LastTrickAfterEarlyEnd,
            Problem::LastTrickSeatWrongSide { seat: 1, side: 1 },
            Problem::CardPointsLength { got: 2, sides: 1 },
            Problem::CardPointsInTrickContract {
                contract: Contract::Solo,
            },
            Problem::SoloistTricksInNormalHand,
            Problem::SoloistTricksOutOfRange { tricks: 1 },
            Problem::TieUndecidable,
            Problem::BidderWithPass,
        ]
    }

    fn problems_of_the_points() -> Vec<Problem> {
        vec![
            Problem::BidOverCap {
                contract: Contract::Solo,
                score: 5,
                target: 5,
            },
            Problem::BidFromThreshold {
                score: 5,
                threshold: 5,
            },
            Problem::SuitSungTwice { suit: Suit::Oros },
            Problem::FortyTwice { suit: Suit::Oros },
            Problem::CanteInContract {
                contract: Contract::Solo,
            },
            Problem::TuteInContract {
                contract: Contract::Solo,
            },
            Problem::CanteNoTrick {
                side: Side {
                    side: 0,
                    pairs: true,
                },
            },
            Problem::CanteOnlyLastTrick {
                side: Side {
                    side: 0,
                    pairs: true,
                },
            },
            Problem::CantesOverTricks {
                seat: 1,
                side: Side {
                    side: 0,
                    pairs: true,
                },
                cantes: 3,
                tricks: 3,
                per_side: true,
            },
            Problem::CanteSittingOut { seat: 1 },
            Problem::TuteSittingOut { seat: 1 },
            Problem::TooManyCantesForPlayer { seat: 1, max: 2 },
            Problem::TooManyCantes { count: 2 },
            Problem::CanteWithOthersTute {
                seat: 1,
                tute_seat: 1,
            },
            Problem::TuteNotAllowed,
            Problem::TuteAfterCante { seat: 1 },
            Problem::EarlyEndConflict,
            Problem::ClaimNotInGame,
            Problem::ClaimNotVueltas,
            Problem::ClaimTrickOutOfRange { after: 1, max: 1 },
            Problem::BothReached101 { a: 5, b: 5 },
            Problem::ChooserNotDealer {
                chooser: 1,
                dealer: 1,
            },
            Problem::ChooserNotPartner {
                chooser: 1,
                partner: 1,
            },
            Problem::DoublesOutOfRange { doubles: 1 },
            Problem::SantVicencOnBotifarra,
            Problem::SantVicencNotAllowed,
            Problem::ControOnBotifarraNotAllowed,
            Problem::CardsLeftLength { got: 2, players: 1 },
            Problem::WinnerHoldsCards { seat: 1, cards: 3 },
            Problem::SecondEmptyHand { seat: 1 },
            Problem::CardsOverHand {
                seat: 1,
                cards: 3,
                max: 3,
            },
            Problem::OutNotEmpty { seat: 1, cards: 3 },
            Problem::CardsOverDeck { sum: 3, max: 3 },
            Problem::PassesLength { got: 2, players: 1 },
            Problem::HandUndecided,
        ]
    }

    #[test]
    fn every_problem_is_said_in_each_language_and_differently_in_spanish_and_english() {
        let all = every_problem();
        assert_eq!(all.len(), 67);
        for p in &all {
            for lang in [Lang::Es, Lang::Ca, Lang::En] {
                assert!(!p.render(lang).is_empty(), "{p:?} in {lang:?}");
            }
            assert_ne!(p.render(Lang::Es), p.render(Lang::En), "{p:?}");
        }
    }
}
