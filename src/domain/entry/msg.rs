//! What quick entry says to a scorekeeper: every problem of an entry and the short notes
//! of a scoreboard line, in Spanish, Catalan and English. Card and rule terms (as, rey,
//! sota, caballo, cante, renuncio, solo, cuatrola, quintola, contro, recontro, Sant
//! Vicenç, botifarra, de vueltas, oros, copas, espadas, bastos) stay Spanish.

use crate::domain::cards::Suit;
use crate::domain::lang::Lang;

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
        match (self.pairs, lang) {
            (true, Lang::Es) => format!("la pareja {n}"),
            (true, Lang::Ca) => format!("la parella {n}"),
            (true, Lang::En) => format!("pair {n}"),
            (false, Lang::Es) => format!("el asiento {n}"),
            (false, Lang::Ca) => format!("el seient {n}"),
            (false, Lang::En) => format!("seat {n}"),
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
    UnknownOption {
        name: String,
    },
    BadOptionValue {
        name: String,
        expected: String,
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
        }
    }

    pub fn render(&self, lang: Lang) -> String {
        use Lang::*;
        use Problem::*;
        match self {
            HandUndecided => match lang {
                Es => "la mano no ha terminado: sus puntos aún no se pueden saber".into(),
                Ca => "la mà no s'ha acabat: encara no se'n poden saber els punts".into(),
                En => "the hand is not over: its points are still undecided".into(),
            },
            BadPlayers { game, players } => match lang {
                Es => format!("{players} no es un número de jugadores válido para {game}"),
                Ca => format!("{players} no és un nombre de jugadors vàlid per a {game}"),
                En => format!("{players} is not a valid number of players for {game}"),
            },
            BadFirstDealer { seat, players } => match lang {
                Es => format!("el primer repartidor ({}) no es un asiento de la mesa (1 a {players})", u32::from(*seat) + 1),
                Ca => format!("el primer repartidor ({}) no és un seient de la taula (1 a {players})", u32::from(*seat) + 1),
                En => format!("the first dealer ({}) is not a seat at the table (1 to {players})", u32::from(*seat) + 1),
            },
            UnknownOption { name } => match lang {
                Es => format!("opción desconocida para este juego: {name}"),
                Ca => format!("opció desconeguda per a aquest joc: {name}"),
                En => format!("unknown option for this game: {name}"),
            },
            BadOptionValue { name, expected } => match lang {
                Es => format!("valor no válido para la opción {name} (posibles: {expected})"),
                Ca => format!("valor no vàlid per a l'opció {name} (possibles: {expected})"),
                En => format!("invalid value for option {name} (allowed: {expected})"),
            },
            WrongGame { expected, got } => match lang {
                Es => format!("la mano es de {got} pero la partida es de {expected}"),
                Ca => format!("la mà és de {got} però la partida és de {expected}"),
                En => format!("the hand is a {got} hand but the game is {expected}"),
            },
            BadDealer { seat, players } => match lang {
                Es => format!("el repartidor ({}) no es un asiento de la mesa (1 a {players})", u32::from(*seat) + 1),
                Ca => format!("el repartidor ({}) no és un seient de la taula (1 a {players})", u32::from(*seat) + 1),
                En => format!("the dealer ({}) is not a seat at the table (1 to {players})", u32::from(*seat) + 1),
            },
            BadBefore { got, sides } => match lang {
                Es => format!("hacen falta {sides} marcadores previos, no {got}"),
                Ca => format!("calen {sides} marcadors previs, no {got}"),
                En => format!("{sides} previous scores are needed, not {got}"),
            },
            SeatOutOfRange { seat, players } => match lang {
                Es => format!("el asiento {seat} no existe (1 a {players})"),
                Ca => format!("el seient {seat} no existeix (1 a {players})"),
                En => format!("seat {seat} does not exist (1 to {players})"),
            },
            SideOutOfRange { side, sides } => match lang {
                Es => format!("el lado {side} no existe (0 a {})", sides.saturating_sub(1)),
                Ca => format!("el costat {side} no existeix (0 a {})", sides.saturating_sub(1)),
                En => format!("side {side} does not exist (0 to {})", sides.saturating_sub(1)),
            },
            MissingCardPoints => lang
                .pick(
                    "faltan los puntos de cartas",
                    "falten els punts de cartes",
                    "the card points are missing",
                )
                .into(),
            MissingLastTrick => lang
                .pick(
                    "falta quién ganó la última baza (las diez de últimas)",
                    "falta qui va guanyar l'última basa (les deu d'últimes)",
                    "who took the last trick (the diez de últimas) is missing",
                )
                .into(),
            MissingSoloistTricks => lang
                .pick(
                    "faltan las bazas que hizo el jugador solo",
                    "falten les bases que va fer el jugador sol",
                    "the tricks the soloist took are missing",
                )
                .into(),
            MissingBidder => lang
                .pick(
                    "falta quién hizo la apuesta",
                    "falta qui va fer l'aposta",
                    "who made the bid is missing",
                )
                .into(),
            MissingPoints => lang
                .pick(
                    "faltan los puntos de la pareja 0",
                    "falten els punts de la parella 0",
                    "the points of pair 0 are missing",
                )
                .into(),
            MissingOut => lang
                .pick(
                    "falta quién se quedó sin cartas",
                    "falta qui es va quedar sense cartes",
                    "who went out is missing",
                )
                .into(),
            MissingPasses { players } => match lang {
                Es => format!("con el bote hacen falta los pases de los {players} jugadores"),
                Ca => format!("amb el pot calen els passos dels {players} jugadors"),
                En => format!("pot scoring needs the passes of all {players} players"),
            },
            MissingLastTrickSeat => lang
                .pick(
                    "con «reparte quien gana la última» falta el asiento que ganó la última baza",
                    "amb «reparteix qui guanya l'última» falta el seient que va guanyar l'última basa",
                    "with \"last trick winner deals\" the seat that took the last trick is missing",
                )
                .into(),
            PointsOutOfRange { value, max } => match lang {
                Es => format!("{value} puntos: el máximo es {max}"),
                Ca => format!("{value} punts: el màxim és {max}"),
                En => format!("{value} points: the most possible is {max}"),
            },
            PointsImpossible { value } => match lang {
                Es => format!("ninguna combinación de cartas suma {value} puntos"),
                Ca => format!("cap combinació de cartes suma {value} punts"),
                En => format!("no set of cards makes {value} points"),
            },
            PointsPairImpossible { a, b } => match lang {
                Es => format!("{a} y {b} puntos no se pueden hacer a la vez con estas cartas y bazas"),
                Ca => format!("{a} i {b} punts no es poden fer alhora amb aquestes cartes i bases"),
                En => format!("{a} and {b} points cannot both be made with these cards and tricks"),
            },
            PointsTogetherImpossible { values } => {
                let list = values
                    .iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(", ");
                match lang {
                    Es => format!("los puntos {list} no se pueden repartir a la vez con las cartas de la baraja"),
                    Ca => format!("els punts {list} no es poden repartir alhora amb les cartes de la baralla"),
                    En => format!("the points {list} cannot all be made at once from the deck's cards"),
                }
            }
            PointsDontAddUp { sum, total } => match lang {
                Es => format!("los puntos de cartas suman {sum} y deben sumar {total}"),
                Ca => format!("els punts de cartes sumen {sum} i han de sumar {total}"),
                En => format!("the card points add up to {sum}; they must add up to {total}"),
            },
            PointsOverDeck { sum, max } => match lang {
                Es => format!("los puntos suman {sum}: la baraja no tiene más de {max}"),
                Ca => format!("els punts sumen {sum}: la baralla no en té més de {max}"),
                En => format!("the points add up to {sum}: the deck holds no more than {max}"),
            },
            SpareTotal { sum } => match lang {
                Es => format!("los puntos suman {sum}: sin la carta que sobra deben sumar 120, 118, 117, 116, 110 o 109"),
                Ca => format!("els punts sumen {sum}: sense la carta que sobra han de sumar 120, 118, 117, 116, 110 o 109"),
                En => format!("the points add up to {sum}: without the spare card they must add up to 120, 118, 117, 116, 110 or 109"),
            },
            SoloTotal { sum } => match lang {
                Es => format!("en un solo las cinco cartas del compañero que no juega no cuentan: las dos parejas suman entre 66 y 109, no {sum}"),
                Ca => format!("en un solo les cinc cartes del company que no juga no compten: les dues parelles sumen entre 66 i 109, no {sum}"),
                En => format!("in a solo the sitting-out partner's five cards do not count: both sides add up to 66–109, not {sum}"),
            },
            LastTrickNoTrick { side } => match lang {
                Es => format!("{} no hizo ninguna baza: no pudo ganar la última", side.render(lang)),
                Ca => format!("{} no va fer cap basa: no va poder guanyar l'última", side.render(lang)),
                En => format!("{} took no trick: it cannot have taken the last one", side.render(lang)),
            },
            LastTrickAfterEarlyEnd => lang
                .pick(
                    "la mano terminó antes de la última baza: no hay diez de últimas",
                    "la mà va acabar abans de l'última basa: no hi ha deu d'últimes",
                    "the hand ended before the last trick: there is no diez de últimas",
                )
                .into(),
            LastTrickSeatWrongSide { seat, side } => match lang {
                Es => format!("el asiento {seat} no es de la pareja {side}, que ganó la última baza"),
                Ca => format!("el seient {seat} no és de la parella {side}, que va guanyar l'última basa"),
                En => format!("seat {seat} is not in pair {side}, which took the last trick"),
            },
            CardPointsLength { got, sides } => match lang {
                Es => format!("hacen falta los puntos de {sides} lados, no de {got}"),
                Ca => format!("calen els punts de {sides} costats, no de {got}"),
                En => format!("the points of {sides} sides are needed, not {got}"),
            },
            CardPointsInTrickContract { contract } => match lang {
                Es => format!("en una {} solo cuentan las bazas, no los puntos", contract_name(*contract)),
                Ca => format!("en una {} només compten les bases, no els punts", contract_name(*contract)),
                En => format!("in a {} only tricks count, not points", contract_name(*contract)),
            },
            SoloistTricksInNormalHand => lang
                .pick(
                    "las bazas del jugador solo solo se anotan en cuatrola o quintola",
                    "les bases del jugador sol només s'anoten en cuatrola o quintola",
                    "the soloist's tricks are entered only in a cuatrola or quintola",
                )
                .into(),
            SoloistTricksOutOfRange { tricks } => match lang {
                Es => format!("{tricks} bazas: en la mano hay 5"),
                Ca => format!("{tricks} bases: a la mà n'hi ha 5"),
                En => format!("{tricks} tricks: a hand has 5"),
            },
            TieUndecidable => lang
                .pick(
                    "empate entre jugadores que no ganaron la última baza: decide quién ganó una baza más tarde; use la entrada carta a carta",
                    "empat entre jugadors que no van guanyar l'última basa: decideix qui va guanyar una basa més tard; feu servir l'entrada carta a carta",
                    "a tie between players who did not take the last trick: the one who won a trick later wins; use card-by-card entry",
                )
                .into(),
            BidderWithPass => lang
                .pick(
                    "si todos pasan no hay quien apueste",
                    "si tothom passa no hi ha qui aposti",
                    "when everybody passed there is no bidder",
                )
                .into(),
            BidOverCap { contract, score, target } => match lang {
                Es => format!("{}: la pareja tiene {score} y pasaría de {target}; no puede apostarlo", contract_name(*contract)),
                Ca => format!("{}: la parella té {score} i passaria de {target}; no ho pot apostar", contract_name(*contract)),
                En => format!("{}: the pair has {score} and would pass {target}; it may not bid it", contract_name(*contract)),
            },
            BidFromThreshold { score, threshold } => match lang {
                Es => format!("la pareja tiene {score} (≥ {threshold}) y ya no puede apostar"),
                Ca => format!("la parella té {score} (≥ {threshold}) i ja no pot apostar"),
                En => format!("the pair has {score} (≥ {threshold}) and may no longer bid"),
            },
            SuitSungTwice { suit } => match lang {
                Es => format!("el cante en {} ya está anotado: cada palo se canta una vez", suit.name()),
                Ca => format!("el cante en {} ja és anotat: cada pal es canta una vegada", suit.name()),
                En => format!("the cante in {} is already entered: each suit is sung once", suit.name()),
            },
            FortyTwice { suit } => match lang {
                Es => format!("las cuarenta (triunfo {}) solo se cantan una vez", suit.name()),
                Ca => format!("les quaranta (triomf {}) només es canten una vegada", suit.name()),
                En => format!("the 40 (trumps {}) is sung only once", suit.name()),
            },
            CanteInContract { contract } => match lang {
                Es => format!("en una {} no hay cantes", contract_name(*contract)),
                Ca => format!("en una {} no hi ha cantes", contract_name(*contract)),
                En => format!("there are no cantes in a {}", contract_name(*contract)),
            },
            TuteInContract { contract } => match lang {
                Es => format!("en una {} no hay tute", contract_name(*contract)),
                Ca => format!("en una {} no hi ha tute", contract_name(*contract)),
                En => format!("there is no tute in a {}", contract_name(*contract)),
            },
            CanteNoTrick { side } => match lang {
                Es => format!("{} no hizo ninguna baza: no pudo cantar", side.render(lang)),
                Ca => format!("{} no va fer cap basa: no va poder cantar", side.render(lang)),
                En => format!("{} took no trick: it could not sing", side.render(lang)),
            },
            CanteOnlyLastTrick { side } => match lang {
                Es => format!(
                    "{} solo ganó la última baza: después de la última no se canta",
                    side.render(lang)
                ),
                Ca => format!(
                    "{} només va guanyar l'última basa: després de l'última no es canta",
                    side.render(lang)
                ),
                En => format!(
                    "{} only won the last trick: nobody sings after the last trick",
                    side.render(lang)
                ),
            },
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
                match (per_side, lang) {
                    (false, Es) => format!(
                        "el asiento {seat} cantó {cantes} veces, pero {pair} solo ganó {tricks} \
                         {es_b} antes de la última: cada jugador canta una vez por baza ganada"
                    ),
                    (false, Ca) => format!(
                        "el seient {seat} va cantar {cantes} vegades, però {pair} només va \
                         guanyar {tricks} {ca_b} abans de l'última: cada jugador canta una \
                         vegada per basa guanyada"
                    ),
                    (false, En) => format!(
                        "seat {seat} sang {cantes} times, but {pair} won only {tricks} {en_b} \
                         before the last: each player sings once per trick won"
                    ),
                    (true, Es) => format!(
                        "{pair} cantó {cantes} veces, pero solo ganó {tricks} {es_b} antes de \
                         la última: se canta una vez por baza ganada"
                    ),
                    (true, Ca) => format!(
                        "{pair} va cantar {cantes} vegades, però només va guanyar {tricks} \
                         {ca_b} abans de l'última: es canta una vegada per basa guanyada"
                    ),
                    (true, En) => format!(
                        "{pair} sang {cantes} times, but won only {tricks} {en_b} before the \
                         last: one cante per trick won"
                    ),
                }
            }
            CanteSittingOut { seat } => match lang {
                Es => format!("el asiento {seat} no juega este solo: no puede cantar"),
                Ca => format!("el seient {seat} no juga aquest solo: no pot cantar"),
                En => format!("seat {seat} sits this solo out: he cannot sing"),
            },
            TuteSittingOut { seat } => match lang {
                Es => format!("el asiento {seat} no juega este solo: no puede cantar tute"),
                Ca => format!("el seient {seat} no juga aquest solo: no pot cantar tute"),
                En => format!("seat {seat} sits this solo out: he cannot declare tute"),
            },
            TooManyCantesForPlayer { seat, max } => match lang {
                Es => format!("el asiento {seat} no puede hacer más de {max} cantes en esta mano"),
                Ca => format!("el seient {seat} no pot fer més de {max} cantes en aquesta mà"),
                En => format!("seat {seat} cannot make more than {max} cantes in this hand"),
            },
            TooManyCantes { count } => match lang {
                Es => format!("{count} cantes: como mucho hay 4, uno por palo"),
                Ca => format!("{count} cantes: com a molt n'hi ha 4, un per pal"),
                En => format!("{count} cantes: there are at most 4, one per suit"),
            },
            CanteWithOthersTute { seat, tute_seat } => match lang {
                Es => format!("el asiento {seat} no pudo cantar: el asiento {tute_seat} tenía las cuatro cartas del tute"),
                Ca => format!("el seient {seat} no va poder cantar: el seient {tute_seat} tenia les quatre cartes del tute"),
                En => format!("seat {seat} could not sing: seat {tute_seat} held the four cards of the tute"),
            },
            TuteNotAllowed => lang
                .pick(
                    "con las opciones de esta mesa no se canta tute",
                    "amb les opcions d'aquesta taula no es canta tute",
                    "this table's options do not allow a tute",
                )
                .into(),
            TuteAfterCante { seat } => match lang {
                Es => format!("el asiento {seat} ya había cantado: no puede cantar tute después"),
                Ca => format!("el seient {seat} ja havia cantat: no pot cantar tute després"),
                En => format!("seat {seat} had already sung: he cannot declare tute afterwards"),
            },
            EarlyEndConflict => lang
                .pick(
                    "una mano termina con un tute, una salida o un renuncio, no con varios",
                    "una mà acaba amb un tute, una sortida o un renuncio, no amb diversos",
                    "a hand ends with one tute, claim or renuncio, not several",
                )
                .into(),
            ClaimNotInGame => lang
                .pick(
                    "en el tute no se sale: eso es del guiñote de vueltas",
                    "al tute no se surt: això és del guiñote de vueltas",
                    "there is no claim in tute: it belongs to guiñote de vueltas",
                )
                .into(),
            ClaimNotVueltas => lang
                .pick(
                    "solo se sale en la segunda mano, de vueltas",
                    "només se surt a la segona mà, de vueltas",
                    "a claim is made only in the second deal, de vueltas",
                )
                .into(),
            ClaimTrickOutOfRange { after, max } => match lang {
                Es => format!("baza {after}: la mano tiene de 1 a {max}"),
                Ca => format!("basa {after}: la mà en té de 1 a {max}"),
                En => format!("trick {after}: the hand has tricks 1 to {max}"),
            },
            BothReached101 { a, b } => match lang {
                Es => format!("de vueltas las dos parejas pasan de 100 ({a} y {b}): anote quién salió primero"),
                Ca => format!("de vueltas les dues parelles passen de 100 ({a} i {b}): anoteu qui va sortir primer"),
                En => format!("de vueltas both sides pass 100 ({a} and {b}): enter who claimed first"),
            },
            ChooserNotDealer { chooser, dealer } => match lang {
                Es => format!("sin delegar elige el repartidor (asiento {dealer}), no el asiento {chooser}"),
                Ca => format!("sense delegar tria el repartidor (seient {dealer}), no el seient {chooser}"),
                En => format!("without delegating the dealer (seat {dealer}) chooses, not seat {chooser}"),
            },
            ChooserNotPartner { chooser, partner } => match lang {
                Es => format!("delegada, elige el compañero del repartidor (asiento {partner}), no el asiento {chooser}"),
                Ca => format!("delegada, tria el company del repartidor (seient {partner}), no el seient {chooser}"),
                En => format!("once delegated the dealer's partner (seat {partner}) chooses, not seat {chooser}"),
            },
            DoublesOutOfRange { doubles } => match lang {
                Es => format!("{doubles} doblajes: como mucho contro, recontro y Sant Vicenç (3)"),
                Ca => format!("{doubles} doblatges: com a molt contro, recontro i Sant Vicenç (3)"),
                En => format!("{doubles} doubles: at most contro, recontro and Sant Vicenç (3)"),
            },
            SantVicencOnBotifarra => lang
                .pick(
                    "en botifarra no hay Sant Vicenç",
                    "en botifarra no hi ha Sant Vicenç",
                    "there is no Sant Vicenç on botifarra",
                )
                .into(),
            SantVicencNotAllowed => lang
                .pick(
                    "esta mesa no juega Sant Vicenç",
                    "aquesta taula no juga Sant Vicenç",
                    "this table does not play Sant Vicenç",
                )
                .into(),
            ControOnBotifarraNotAllowed => lang
                .pick(
                    "esta mesa no permite contro en botifarra",
                    "aquesta taula no permet contro en botifarra",
                    "this table does not allow contro on botifarra",
                )
                .into(),
            CardsLeftLength { got, players } => match lang {
                Es => format!("hacen falta las cartas de {players} jugadores, no de {got}"),
                Ca => format!("calen les cartes de {players} jugadors, no de {got}"),
                En => format!("the cards of {players} players are needed, not {got}"),
            },
            WinnerHoldsCards { seat, cards } => match lang {
                Es => format!("el asiento {seat} se quedó sin cartas: no puede tener {cards}"),
                Ca => format!("el seient {seat} es va quedar sense cartes: no en pot tenir {cards}"),
                En => format!("seat {seat} went out: he cannot hold {cards} cards"),
            },
            SecondEmptyHand { seat } => match lang {
                Es => format!("el asiento {seat} no puede tener 0 cartas: la ronda acaba cuando el primero se queda sin cartas"),
                Ca => format!("el seient {seat} no pot tenir 0 cartes: la ronda acaba quan el primer es queda sense cartes"),
                En => format!("seat {seat} cannot hold 0 cards: the round ends when the first player goes out"),
            },
            CardsOverHand { seat, cards, max } => match lang {
                Es => format!("el asiento {seat} no puede tener {cards} cartas: recibió como mucho {max}"),
                Ca => format!("el seient {seat} no pot tenir {cards} cartes: en va rebre com a molt {max}"),
                En => format!("seat {seat} cannot hold {cards} cards: he was dealt at most {max}"),
            },
            OutNotEmpty { seat, cards } => match lang {
                Es => format!("el asiento {seat} tiene {cards} cartas: no se quedó sin cartas"),
                Ca => format!("el seient {seat} té {cards} cartes: no es va quedar sense cartes"),
                En => format!("seat {seat} holds {cards} cards: he did not go out"),
            },
            CardsOverDeck { sum, max } => match lang {
                Es => format!("quedan {sum} cartas en las manos: como mucho pueden quedar {max}"),
                Ca => format!("queden {sum} cartes a les mans: com a molt en poden quedar {max}"),
                En => format!("{sum} cards left in hand: at most {max} can be left"),
            },
            PassesLength { got, players } => match lang {
                Es => format!("hacen falta los pases de {players} jugadores, no de {got}"),
                Ca => format!("calen els passos de {players} jugadors, no de {got}"),
                En => format!("the passes of {players} players are needed, not {got}"),
            },
        }
    }
}

/// Notes of a scoreboard line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    NormalHand,
    Contract { contract: Contract, seat: u8 },
    SoloistTricks { tricks: u8 },
    Cante { value: u32, suit: Suit, seat: u8 },
    Tute { kind: &'static str, seat: u8 },
    Revoke { seat: u8 },
    Void,
    Over100,
    Winner { side: Side },
    Trumps { suit: Suit },
    Botifarra,
    Delegated,
    Double { level: u8, multiplier: i64 },
    Out { seat: u8 },
    Winners { seats: Vec<u8> },
    DeVueltas,
    Claim { side: Side, after: u8 },
    FalseClaim { side: Side },
    Reached101 { side: Side },
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
        use Lang::*;
        use Note::*;
        match self {
            NormalHand => lang.pick("mano normal", "mà normal", "normal hand").into(),
            Contract { contract, seat } => match lang {
                Es => format!("{} del asiento {seat}", contract_name(*contract)),
                Ca => format!("{} del seient {seat}", contract_name(*contract)),
                En => format!("{} by seat {seat}", contract_name(*contract)),
            },
            SoloistTricks { tricks } => match lang {
                Es => format!("{tricks} bazas"),
                Ca => format!("{tricks} bases"),
                En => format!("{tricks} tricks"),
            },
            Cante { value, suit, seat } => match lang {
                Es => format!("{value} en {} (asiento {seat})", suit.name()),
                Ca => format!("{value} en {} (seient {seat})", suit.name()),
                En => format!("{value} in {} (seat {seat})", suit.name()),
            },
            Tute { kind, seat } => match lang {
                Es => format!("tute de {kind} del asiento {seat}"),
                Ca => format!("tute de {kind} del seient {seat}"),
                En => format!("tute de {kind} by seat {seat}"),
            },
            Revoke { seat } => match lang {
                Es => format!("renuncio del asiento {seat}"),
                Ca => format!("renuncio del seient {seat}"),
                En => format!("renuncio by seat {seat}"),
            },
            Void => lang.pick("mano nula", "mà nul·la", "void hand").into(),
            Over100 => lang.pick("más de 100", "més de 100", "over 100").into(),
            Winner { side } => match lang {
                Es => format!("gana {}", side.render(lang)),
                Ca => format!("guanya {}", side.render(lang)),
                En => format!("{} wins", side.render(lang)),
            },
            Trumps { suit } => match lang {
                Es => format!("triunfo {}", suit.name()),
                Ca => format!("triomf {}", suit.name()),
                En => format!("trumps {}", suit.name()),
            },
            Botifarra => "botifarra".into(),
            Delegated => lang.pick("delegada", "delegada", "delegated").into(),
            Double { level, multiplier } => {
                let name = match level {
                    1 => "contro",
                    2 => "recontro",
                    _ => "Sant Vicenç",
                };
                format!("{name} ×{multiplier}")
            }
            Out { seat } => match lang {
                Es => format!("se queda sin cartas el asiento {seat}"),
                Ca => format!("es queda sense cartes el seient {seat}"),
                En => format!("seat {seat} went out"),
            },
            Winners { seats } => {
                let list = seats
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", ");
                match lang {
                    Es => format!("menos cartas: asiento {list}"),
                    Ca => format!("menys cartes: seient {list}"),
                    En => format!("fewest cards: seat {list}"),
                }
            }
            DeVueltas => "de vueltas".into(),
            Claim { side, after } => match lang {
                Es => format!("sale {} tras la baza {after}", side.render(lang)),
                Ca => format!("surt {} després de la basa {after}", side.render(lang)),
                En => format!("{} claims after trick {after}", side.render(lang)),
            },
            FalseClaim { side } => match lang {
                Es => format!("salida falsa de {}", side.render(lang)),
                Ca => format!("sortida falsa de {}", side.render(lang)),
                En => format!("false claim by {}", side.render(lang)),
            },
            Reached101 { side } => match lang {
                Es => format!("{} llega a 101", side.render(lang)),
                Ca => format!("{} arriba a 101", side.render(lang)),
                En => format!("{} reaches 101", side.render(lang)),
            },
        }
    }
}
