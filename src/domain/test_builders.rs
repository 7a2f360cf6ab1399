//! Builders shared by the domain's tests: cards from their codes, move scripts and a
//! state runner, a hand-record builder, the example record files, and the checks that
//! every game's random playouts and fuzzed records go through.
#![allow(clippy::unwrap_used)]

use crate::domain::cards::{Card, CardSet, Deck};
use crate::domain::engine::{GameKind, GameState, Illegal};
use crate::domain::games::botifarra::Botifarra;
use crate::domain::games::cinquillo::Cinquillo;
use crate::domain::games::cuatrola::Cuatrola;
use crate::domain::games::guinote::Guinote;
use crate::domain::games::tute::Tute;
use crate::domain::options::{OptionSpec, TableOptions};
use crate::domain::record::{
    Action, Bid, CardSlot, DoubleCall, Event, HandRecord, Move, TrumpCall,
};
use crate::domain::ruling::{GameOver, GameOverReason, RuleId, Ruling, Score};
use crate::domain::{Lang, check_value, explain, parse_record, rule};
use proptest::prelude::*;
use serde::Serialize;
use serde_json::{Value, json};

/// Every game with every number of players it is played with.
pub const TABLES: [(GameKind, u8); 10] = [
    (GameKind::Cuatrola, 4),
    (GameKind::Tute, 2),
    (GameKind::Tute, 3),
    (GameKind::Tute, 4),
    (GameKind::Guinote, 2),
    (GameKind::Guinote, 4),
    (GameKind::Botifarra, 4),
    (GameKind::Cinquillo, 2),
    (GameKind::Cinquillo, 3),
    (GameKind::Cinquillo, 4),
];

// ---- cards --------------------------------------------------------------------------------

/// The card of a code such as `"1o"` or `"12b"`.
pub fn c(s: &str) -> Card {
    s.parse().unwrap()
}

/// The set of the cards of these codes.
pub fn set(v: &[&str]) -> CardSet {
    v.iter().map(|s| c(s)).collect()
}

/// The cards of these codes, in order.
pub fn cards(v: &[&str]) -> Vec<Card> {
    v.iter().map(|s| c(s)).collect()
}

// ---- deals --------------------------------------------------------------------------------

/// A deal as card codes: the hands in seat order, and the stock.
#[derive(Debug, Clone, PartialEq)]
pub struct Deal {
    pub hands: Vec<Vec<&'static str>>,
    pub stock: Vec<&'static str>,
}

impl Deal {
    /// The deal of `hands` (each hand's card codes, `/` between hands) and `stock`.
    pub fn new(hands: &'static str, stock: &'static str) -> Deal {
        Deal {
            hands: hands
                .split('/')
                .map(|h| h.split_whitespace().collect())
                .collect(),
            stock: stock.split_whitespace().collect(),
        }
    }

    /// The deal of these hands and stock.
    pub fn of(hands: &[&[&'static str]], stock: &[&'static str]) -> Deal {
        Deal {
            hands: hands.iter().map(|h| h.to_vec()).collect(),
            stock: stock.to_vec(),
        }
    }

    /// The deal with the two cards of each pair of `swaps` changing places, wherever
    /// they lie (a hand or the stock).
    pub fn swap(mut self, swaps: &[(&'static str, &'static str)]) -> Deal {
        for (a, b) in swaps {
            for code in self.hands.iter_mut().flatten().chain(&mut self.stock) {
                if code == a {
                    *code = b;
                } else if code == b {
                    *code = a;
                }
            }
        }
        self
    }

    /// The hands as sets.
    pub fn sets(&self) -> Vec<CardSet> {
        self.hands.iter().map(|h| set(h)).collect()
    }

    /// The stock's cards, in order.
    pub fn stock_cards(&self) -> Vec<Card> {
        cards(&self.stock)
    }
}

// ---- scripts ------------------------------------------------------------------------------

/// Parses a script of `seat:what` tokens into moves. `what` is a card code (a play) or
/// one of: `pass` (a bid pass in cuatrola, else a pass of the turn), `solo`, `cuatrola`,
/// `quintola` (bids), `t:o` / `t:botifarra` / `t:delegate` (trump calls), `d:contro` /
/// `d:recontro` / `d:sant_vicenc` / `d:pass` (doubling calls), `cante:c`, `tute`,
/// `claim` and `x:7b` (the exchange of the turned trump).
pub fn script(game: GameKind, s: &str) -> Vec<Move> {
    let bids = match game {
        GameKind::Cuatrola => true,
        GameKind::Tute
        | GameKind::Guinote
        | GameKind::Botifarra
        | GameKind::Cinquillo
        | GameKind::Added(_) => false,
    };
    s.split_whitespace()
        .map(|tok| {
            let mut p = tok.split(':');
            let seat: u8 = p.next().unwrap().parse().unwrap();
            let action = match p.next().unwrap() {
                "pass" if bids => Action::Bid(Bid::Pass),
                "pass" => Action::Pass,
                "solo" => Action::Bid(Bid::Solo),
                "cuatrola" => Action::Bid(Bid::Cuatrola),
                "quintola" => Action::Bid(Bid::Quintola),
                "t" => Action::Trump(match p.next().unwrap() {
                    "botifarra" => TrumpCall::Botifarra,
                    "delegate" => TrumpCall::Delegate,
                    s => TrumpCall::Suit(s.parse().unwrap()),
                }),
                "d" => Action::Double(match p.next().unwrap() {
                    "contro" => DoubleCall::Contro,
                    "recontro" => DoubleCall::Recontro,
                    "sant_vicenc" => DoubleCall::SantVicenc,
                    _ => DoubleCall::Pass,
                }),
                "cante" => Action::Cante(p.next().unwrap().parse().unwrap()),
                "tute" => Action::Tute,
                "claim" => Action::Claim,
                "x" => Action::Exchange(c(p.next().unwrap())),
                card => Action::Play(c(card)),
            };
            Move::new(seat, action)
        })
        .collect()
}

/// A game's state machine, driven in tests by scripts.
pub trait Scripted: GameState {
    const GAME: GameKind;
}

impl Scripted for Cuatrola {
    const GAME: GameKind = GameKind::Cuatrola;
}
impl Scripted for Botifarra {
    const GAME: GameKind = GameKind::Botifarra;
}
impl Scripted for Cinquillo {
    const GAME: GameKind = GameKind::Cinquillo;
}
impl Scripted for Tute {
    const GAME: GameKind = GameKind::Tute;
}
impl Scripted for Guinote {
    const GAME: GameKind = GameKind::Guinote;
}

/// Applies a script; on the first refusal returns its index and the reason.
pub fn run<S: Scripted>(st: &S, s: &str) -> Result<S, (usize, Illegal)> {
    let mut st = st.clone();
    for (i, m) in script(S::GAME, s).iter().enumerate() {
        st = st.apply(m).map_err(|e| (i, e))?;
    }
    Ok(st)
}

/// The index and rule of a script's refusal.
pub fn rule_of<S>(r: Result<S, (usize, Illegal)>) -> (usize, RuleId) {
    match r {
        Ok(_) => panic!("expected a refusal"),
        Err((i, e)) => (i, e.rule),
    }
}

/// The index and rule id of the refusal of a script run from `st`.
pub fn refused<S: Scripted>(st: &S, s: &str) -> (usize, &'static str) {
    let (i, rule) = rule_of(run(st, s));
    (i, rule.id())
}

/// Plays the first legal card until the hand ends (no calls); returns the moves.
pub fn finish<S: GameState>(mut st: S) -> (S, Vec<Move>) {
    let mut moves = Vec::new();
    while let Some(m) = st
        .legal_actions()
        .into_iter()
        .find(|m| matches!(m.action, Action::Play(_)))
    {
        st = st.apply(&m).unwrap();
        moves.push(m);
    }
    (st, moves)
}

/// Plays the first legal card until `n` more tricks are complete.
pub fn tricks<S: GameState>(mut st: S, n: usize, count: impl Fn(&S) -> usize) -> S {
    let goal = count(&st) + n;
    while count(&st) < goal {
        let m = st
            .legal_actions()
            .into_iter()
            .find(|m| matches!(m.action, Action::Play(_)))
            .unwrap();
        st = st.apply(&m).unwrap();
    }
    st
}

/// Checks that the state offers exactly the moves of `universe` that it applies, that a
/// refusal names a rule, and that no move changes the state it is tried on.
pub fn check_legal_actions<S>(st: &S, legal: &[Move], universe: &[Move])
where
    S: GameState + PartialEq + std::fmt::Debug,
{
    for m in universe {
        let copy = st.clone();
        match st.apply(m) {
            Ok(_) => assert!(legal.contains(m), "{m:?} applied but not listed"),
            Err(e) => {
                assert!(!legal.contains(m), "{m:?} listed but refused: {e:?}");
                assert!(!e.rule.id().is_empty());
            }
        }
        assert_eq!(st, &copy);
    }
}

/// Plays the legal move each pick chooses until the hand ends or the picks run out,
/// checking before each move that the state's turn and legal moves agree with `apply`
/// over `universe`, and after each move `after`. Returns the last state and the moves.
pub fn play_picks<S>(
    mut st: S,
    picks: &[prop::sample::Index],
    universe: &[Move],
    after: impl Fn(&S),
) -> (S, Vec<Event>)
where
    S: GameState + PartialEq + std::fmt::Debug,
{
    let mut events = Vec::new();
    for pick in picks {
        let legal = st.legal_actions();
        assert_eq!(legal.is_empty(), st.is_terminal());
        assert_eq!(st.current_player().is_none(), st.is_terminal());
        if legal.is_empty() {
            break;
        }
        check_legal_actions(&st, &legal, universe);
        let mv = *pick.get(&legal);
        st = st.apply(&mv).unwrap();
        events.push(Event::Move(mv));
        after(&st);
    }
    (st, events)
}

/// Checks that `cards` (held, played, left) are the deck, each card once.
pub fn check_deck(mut cards: Vec<Card>, deck: CardSet) {
    assert_eq!(cards.len(), deck.len());
    cards.sort();
    cards.dedup();
    assert_eq!(CardSet::from_cards(cards), deck);
}

// ---- rulings and options -----------------------------------------------------------------

/// Checks that every option's default is one of its values.
pub fn check_option_defaults(specs: &[OptionSpec]) {
    for s in specs {
        assert!(s.parse(&s.default.to_json()).is_some(), "{}", s.name);
    }
}

/// Checks that every option has a doc line.
pub fn check_option_docs(specs: &[OptionSpec]) {
    for s in specs {
        assert!(!s.doc.is_empty(), "{}", s.name);
    }
}

/// `value` after `change`: a builder's default with a field or two set.
pub fn with<T>(mut value: T, change: impl FnOnce(&mut T)) -> T {
    change(&mut value);
    value
}

/// The end of a game: won by `winner` for `reason`.
pub fn ended(winner: u8, reason: GameOverReason) -> Option<GameOver> {
    Some(GameOver { winner, reason })
}

/// `off` or `on`, as bit `bit` of `flags` (a property test's random option set) is
/// clear or set.
pub fn by_flag<T>(flags: u8, bit: u8, off: T, on: T) -> T {
    if flags & bit == 0 { off } else { on }
}

// ---- hand records -------------------------------------------------------------------------

/// A hand record as JSON, built field by field: `Rec::new(game, players, dealer)` has no
/// options, empty hands, stock and events, no turned card and no `before`.
#[derive(Debug, Clone)]
pub struct Rec(Value);

impl Rec {
    pub fn new(game: GameKind, players: u8, dealer: u8) -> Rec {
        Rec(json!({
            "format": "baza-hand/1",
            "game": game.slug(),
            "players": players,
            "options": {},
            "dealer": dealer,
            "hands": [],
            "stock": [],
            "events": [],
        }))
    }

    fn with(mut self, key: &str, value: impl Serialize) -> Rec {
        self.0[key] = json!(value);
        self
    }

    pub fn hands(self, hands: impl Serialize) -> Rec {
        self.with("hands", hands)
    }

    pub fn stock(self, stock: impl Serialize) -> Rec {
        self.with("stock", stock)
    }

    pub fn turned(self, turned: &str) -> Rec {
        self.with("turned", turned)
    }

    pub fn options(self, options: Value) -> Rec {
        self.with("options", options)
    }

    pub fn before(self, before: impl Serialize) -> Rec {
        self.with("before", before)
    }

    /// Sets `before` when there is one.
    pub fn before_opt<B: Serialize>(self, before: Option<B>) -> Rec {
        match before {
            Some(b) => self.before(b),
            None => self,
        }
    }

    pub fn moves(self, events: &[Move]) -> Rec {
        let events: Vec<Value> = events.iter().map(Move::to_value).collect();
        self.with("events", events)
    }

    /// The events of a script (see [`script`]).
    pub fn script(self, s: &str) -> Rec {
        let game: GameKind = self.0["game"].as_str().unwrap().parse().unwrap();
        let moves = script(game, s);
        self.moves(&moves)
    }

    /// The events as JSON.
    pub fn events(self, events: Value) -> Rec {
        self.with("events", events)
    }

    pub fn json(self) -> Value {
        self.0
    }

    /// The record ruled in English.
    pub fn rule(&self) -> Ruling {
        check_value(&self.0, Lang::En).unwrap()
    }
}

/// A complete hand record of dealt cards (no `"?"`), as a playout builds it.
pub struct Dealt {
    pub game: GameKind,
    pub players: u8,
    pub options: TableOptions,
    pub dealer: u8,
    pub before: Option<Vec<i64>>,
    pub turned: Option<Card>,
}

impl Dealt {
    pub fn record(self, hands: Vec<Vec<Card>>, events: Vec<Event>) -> HandRecord {
        HandRecord {
            game: self.game,
            players: self.players,
            options: self.options,
            dealer: self.dealer,
            before: self
                .before
                .map(|b| b.into_iter().map(Score::points).collect()),
            hands: hands
                .into_iter()
                .map(|h| h.into_iter().map(CardSlot::Card).collect())
                .collect(),
            stock: Vec::new(),
            turned: self.turned.map(CardSlot::Card),
            events,
            declared: None,
        }
    }
}

/// Deals a shuffled deck to four seats, `batch` cards at a time, starting right of the
/// dealer.
pub fn deal_four(deck: &[Card], dealer: u8, batch: usize) -> Vec<Vec<Card>> {
    let mut hands = vec![Vec::new(); 4];
    for (k, c) in deck.iter().enumerate() {
        hands[(usize::from(dealer) + 1 + k / batch) % 4].push(*c);
    }
    hands
}

/// A random hand at a table of four: a shuffled deck, the dealer, the two sides' scores
/// before it, the option flags (see [`by_flag`]) and the picks of a playout.
#[derive(Debug, Clone)]
pub struct FourSeatHand {
    pub deck: Vec<Card>,
    pub dealer: u8,
    pub before: [i64; 2],
    pub flags: u8,
    pub picks: Vec<prop::sample::Index>,
}

/// Random hands of `deck` at a table of four, each side's score before below `below`,
/// with `moves` picks.
pub fn four_seat_hand(deck: Deck, below: i64, moves: usize) -> impl Strategy<Value = FourSeatHand> {
    (
        Just(deck.cards().to_vec()).prop_shuffle(),
        0u8..4,
        (0i64..below, 0i64..below),
        any::<u8>(),
        prop::collection::vec(any::<prop::sample::Index>(), moves),
    )
        .prop_map(|(deck, dealer, before, flags, picks)| FourSeatHand {
            deck,
            dealer,
            before: [before.0, before.1],
            flags,
            picks,
        })
}

/// The four hands as sets, in seat order.
pub fn four_sets(hands: &[Vec<Card>]) -> [CardSet; 4] {
    let sets: Vec<CardSet> = hands.iter().map(|h| h.iter().copied().collect()).collect();
    [sets[0], sets[1], sets[2], sets[3]]
}

/// Checks that a record and its ruling come back the same through JSON text.
pub fn check_round_trips(rec: &HandRecord, r: &Ruling) {
    let rec2: HandRecord = serde_json::from_str(&serde_json::to_string(rec).unwrap()).unwrap();
    assert_eq!(&rec2, rec);
    let r2: Ruling = serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap();
    assert_eq!(&r2, r);
}

/// Rules a record cut after `cut` events: it is legal, and complete only if nothing was
/// cut. Returns the ruling and whether the cut kept every event.
pub fn rule_truncated(mut rec: HandRecord, cut: usize) -> (Ruling, bool) {
    let n = rec.events.len();
    rec.events.truncate(cut.min(n));
    let r = rule(&rec, Lang::En);
    assert!(r.legal);
    assert_eq!(r.complete, cut >= n);
    (r, cut >= n)
}

/// The fields of a hand record, and `"events[i]"` for one of its events.
const RECORD_FIELDS: [&str; 12] = [
    "format",
    "game",
    "players",
    "options",
    "dealer",
    "before",
    "hands",
    "stock",
    "turned",
    "events",
    "declared",
    "events[i]",
];

/// A field of a record (see [`RECORD_FIELDS`]; none of `skip`), junk to put in its place
/// and where among the events, for [`check_junk`]. The junk is null, a number, a
/// boolean, a short string, an empty list or object, or one of `extra`, each as likely.
pub fn junk_in(
    skip: &[&str],
    extra: Vec<Value>,
) -> impl Strategy<Value = (&'static str, Value, prop::sample::Index)> {
    let fields: Vec<&'static str> = RECORD_FIELDS
        .into_iter()
        .filter(|f| !skip.contains(f))
        .collect();
    let weight = u32::try_from(extra.len()).unwrap();
    let junk = prop_oneof![
        1 => Just(Value::Null),
        1 => any::<i64>().prop_map(Value::from),
        1 => any::<bool>().prop_map(Value::from),
        1 => "[a-z0-9]{0,4}".prop_map(Value::from),
        1 => Just(json!([])),
        1 => Just(json!({})),
        weight => prop::sample::select(extra),
    ];
    (
        prop::sample::select(fields),
        junk,
        any::<prop::sample::Index>(),
    )
}

/// Puts `junk` in place of field `f` of a record (or of one of its events, for
/// `"events[i]"`): the record is then an error or a consistent ruling that can be
/// explained, never a panic.
pub fn check_junk(rec: &HandRecord, f: &str, junk: Value, at: prop::sample::Index) {
    let mut v = serde_json::to_value(rec).unwrap();
    if f == "events[i]" {
        let evs = v["events"].as_array_mut().unwrap();
        let i = at.index(evs.len());
        evs[i] = junk;
    } else {
        v[f] = junk;
    }
    if let Ok(r) = check_value(&v, Lang::Ca) {
        assert_eq!(r.legal, r.violation.is_none());
        let _ = explain(&parse_record(&v).unwrap(), &r, Lang::Ca);
    }
}

// ---- the example records ------------------------------------------------------------------

/// The text of tests/data/examples/NAME.jsonl, read into the build.
macro_rules! example {
    ($name:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/examples/",
            $name,
            ".jsonl"
        ))
    };
}

/// The text of tests/data/examples/<game>.jsonl.
pub fn example_file(game: GameKind) -> &'static str {
    match game {
        GameKind::Cuatrola => example!("cuatrola"),
        GameKind::Tute => example!("tute"),
        GameKind::Guinote => example!("guinote"),
        GameKind::Botifarra => example!("botifarra"),
        GameKind::Cinquillo => example!("cinquillo"),
        GameKind::Added(_) => "",
    }
}

/// The examples of a game, one JSON object a line: `record`, `expected`, `kind`, ….
pub fn examples(game: GameKind) -> Vec<Value> {
    example_file(game)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A ruling as JSON without its violation's message.
pub fn without_message(mut v: Value) -> Value {
    if let Some(viol) = v.get_mut("violation").and_then(Value::as_object_mut) {
        viol.remove("message");
    }
    v
}

/// The examples of a game whose ruling in `lang`, messages aside, is not the expected
/// one, each told with its line number, kind, and what it got and wanted.
pub fn example_failures(game: GameKind, lang: Lang) -> Vec<String> {
    let mut failures = Vec::new();
    for (i, ex) in examples(game).iter().enumerate() {
        let got = check_value(&ex["record"], lang).unwrap();
        let got = without_message(serde_json::to_value(&got).unwrap());
        let want = without_message(ex["expected"].clone());
        if got != want {
            failures.push(format!(
                "line {i} ({}, {:?}):\n got  {got}\n want {want}",
                ex["kind"], ex["mutation"]
            ));
        }
    }
    failures
}

/// Checks that every example of a game, read out in English, has the message its
/// expected ruling gives, except for violations of the rules in `except`.
pub fn check_example_messages(game: GameKind, except: &[&str]) {
    for ex in examples(game) {
        let got = serde_json::to_value(check_value(&ex["record"], Lang::En).unwrap()).unwrap();
        if !except.contains(&got["violation"]["rule"].as_str().unwrap_or("")) {
            assert_eq!(
                got["violation"]["message"],
                ex["expected"]["violation"]["message"]
            );
        }
    }
}

/// Checks that every example of a game gets its expected ruling in English (messages
/// aside), listing every one that does not.
pub fn check_examples(game: GameKind) {
    let failures = example_failures(game, Lang::En);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A round robin of `game` in `groups` liguillas of `n` entrants in all, "P1" to
/// "Pn" seeded in that order, nothing drawn.
pub fn round_robin_file(
    game: &str,
    n: usize,
    groups: u32,
) -> crate::domain::tournament::TournamentFile {
    let text = format!(
        r#"{{"format":"baza-tournament/1","event":{{"name":"x","game":"{game}","system":{{"kind":"round_robin","groups":{groups}}}}},"entrants":[{}]}}"#,
        (1..=n)
            .map(|i| format!(r#"{{"id":"{i}","name":"P{i}","seed":{i}}}"#))
            .collect::<Vec<_>>()
            .join(",")
    );
    crate::domain::tournament::parse(&text).expect("file")
}
