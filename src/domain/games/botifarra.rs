//! Botifarra (rules.md Part A 3 and 7, Part B §5; spec/hand-record.md "Per game"). A
//! game: uses `engine`, `trick`, `messages`, `rng` and the plain data below them.
//!
//! Four players in pairs, the 48-card deck, twelve each, no turned card. Strength 9
//! (manilla), A, R, C, S, 8…2; points 9=5, A4, R3, C2, S1 and 1 a trick (72 in all).
//! The dealer chooses a suit, botifarra (no trumps) or delegates once to his partner.
//! Then contro / recontro / Sant Vicenç, each said by the side entitled to it (the
//! opponents, the declaring side, the contro side), before mano's opening lead. Play
//! with the partner exception and the duty to overtrump an opponent (the botifarra rows
//! of the §1.6 table, through the shared generator). The side with more than 36 scores
//! (points − 36) × multiplier; a revoke gives the opponents 36 × multiplier; game to 101.

use crate::domain::cards::{Card, CardSet, Deck, Suit};
use crate::domain::engine::{GameKind, GameState, Illegal};
use crate::domain::lang::Lang;
pub use crate::domain::messages::BotifarraReason;
use crate::domain::messages::Reason;
use crate::domain::options::{OptionValue, TableOptions};
use crate::domain::record::{
    Action, CallKind, CardSlot, Deal, DealSpec, DoubleCall, Event, HandRecord, Move, TrumpCall,
    TurnedRule, validate_deal,
};
use crate::domain::rng::SplitMix64;
use crate::domain::ruling::{
    GameOver, GameOverReason, RULING_FORMAT, RuleId, Ruling, Score, TrickRecord, Violation,
};
use crate::domain::trick::{
    CardValues, Obligation, Partnership, PlayRules, RankTable, TrickView, check_play, legal_cards,
    winning_index,
};

/// Botifarra's table options, with their defaults and reasons: they stand with every game's
/// table in `options`, where a record's options are checked.
pub use crate::domain::options::BOTIFARRA_OPTIONS as OPTIONS;

/// How contro, recontro and Sant Vicenç multiply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoubleScale {
    /// ×2, ×4, ×8.
    Geometric,
    /// ×2, ×3, ×4.
    Additive,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RevokePenalty {
    AllPointsInPlay,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MisdealPolicy {
    PassRight,
    SameDealerThenPass,
    SameDealer,
}

/// Typed botifarra options; see [`OPTIONS`] for names, values, defaults and reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotifarraOptions {
    pub double_scale: DoubleScale,
    pub allow_sant_vicenc: bool,
    pub allow_contro_on_botifarra: bool,
    pub revoke_penalty: RevokePenalty,
    pub revoke_rectify_before_next_trick: bool,
    pub misdeal_policy: MisdealPolicy,
    pub target: i64,
    pub deal_limit: i64,
    pub max_counted_score: i64,
}

impl Default for BotifarraOptions {
    fn default() -> Self {
        BotifarraOptions::from_table(&TableOptions::default())
    }
}

impl BotifarraOptions {
    /// Reads validated table options, filling in defaults.
    pub fn from_table(t: &TableOptions) -> BotifarraOptions {
        let b = |n: &str, d: bool| match t.get(OPTIONS, n) {
            Some(OptionValue::Bool(v)) => v,
            _ => d,
        };
        let c = |n: &str| match t.get(OPTIONS, n) {
            Some(OptionValue::Choice(v)) => v,
            _ => "",
        };
        let i = |n: &str, d: i64| match t.get(OPTIONS, n) {
            Some(OptionValue::Int(v)) => v,
            _ => d,
        };
        BotifarraOptions {
            double_scale: if c("double_scale") == "additive" {
                DoubleScale::Additive
            } else {
                DoubleScale::Geometric
            },
            allow_sant_vicenc: b("allow_sant_vicenc", true),
            allow_contro_on_botifarra: b("allow_contro_on_botifarra", true),
            revoke_penalty: if c("revoke_penalty") == "none" {
                RevokePenalty::None
            } else {
                RevokePenalty::AllPointsInPlay
            },
            revoke_rectify_before_next_trick: b("revoke_rectify_before_next_trick", true),
            misdeal_policy: match c("misdeal_policy") {
                "pass_right" => MisdealPolicy::PassRight,
                "same_dealer" => MisdealPolicy::SameDealer,
                _ => MisdealPolicy::SameDealerThenPass,
            },
            target: i("target", 101),
            deal_limit: i("deal_limit", 0),
            max_counted_score: i("max_counted_score", 0),
        }
    }

    /// The multiplier of a hand: 2 for botifarra (else 1) times the doubling factor of
    /// `level` (0 none, 1 contro, 2 recontro, 3 Sant Vicenç).
    pub fn multiplier(&self, botifarra: bool, level: u8) -> i64 {
        let base = if botifarra { 2 } else { 1 };
        let factor = match self.double_scale {
            DoubleScale::Geometric => 1i64 << level.min(3),
            DoubleScale::Additive => i64::from(level.min(3)) + 1,
        };
        base * factor
    }

    /// The score a side's game total counts for in standings (`max_counted_score`).
    pub fn counted_score(&self, total: i64) -> i64 {
        if self.max_counted_score > 0 {
            total.min(self.max_counted_score)
        } else {
            total
        }
    }

    /// Whether a game is over after `deals_played` deals by the `deal_limit` cap.
    pub fn deal_limit_reached(&self, deals_played: u32) -> bool {
        self.deal_limit > 0 && i64::from(deals_played) >= self.deal_limit
    }

    /// Who deals after a misdeal by `dealer`, the `consecutive`-th in a row (1 = first).
    /// Deal (and trump choice) otherwise passes to the right, i.e. to the next seat.
    pub fn dealer_after_misdeal(&self, dealer: u8, consecutive: u32) -> u8 {
        let next = (dealer + 1) % 4;
        match self.misdeal_policy {
            MisdealPolicy::PassRight => next,
            MisdealPolicy::SameDealer => dealer % 4,
            MisdealPolicy::SameDealerThenPass => {
                if consecutive >= 2 {
                    next
                } else {
                    dealer % 4
                }
            }
        }
    }
}

/// What botifarra requires of a deal: all 48 cards, 12 each, no stock, no turned card.
pub fn deal_spec() -> DealSpec {
    DealSpec {
        deck: Deck::FortyEight.cards(),
        hand_sizes: Some(vec![12; 4]),
        stock_size: Some(0),
        turned: TurnedRule::Absent,
    }
}

/// Scoreboard points of a hand played out (§5.6): the side with more than 36 scores
/// `(points − 36) × multiplier`, the other nothing; 36–36 scores nothing.
pub fn hand_score(points: [u32; 2], multiplier: i64) -> [i64; 2] {
    let [a, b] = points.map(i64::from);
    if a > 36 {
        [(a - 36).saturating_mul(multiplier), 0]
    } else if b > 36 {
        [0, (b - 36).saturating_mul(multiplier)]
    } else {
        [0, 0]
    }
}

/// The trumps of a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trumps {
    Suit(Suit),
    /// No trumps; the hand counts double.
    Botifarra,
}

impl Trumps {
    pub fn suit(self) -> Option<Suit> {
        match self {
            Trumps::Suit(s) => Some(s),
            Trumps::Botifarra => None,
        }
    }
}

fn boti(r: BotifarraReason) -> Reason {
    Reason::Botifarra(r)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The dealer (or, after a delegation, his partner) names trumps.
    Choosing,
    /// Contro / recontro / Sant Vicenç, until both members of the entitled side pass,
    /// the top level is said, or mano leads.
    Doubling,
    Play,
    Over,
}

const VALUES: RankTable = RankTable::BOTIFARRA;
const CALLS: [DoubleCall; 3] = [
    DoubleCall::Contro,
    DoubleCall::Recontro,
    DoubleCall::SantVicenc,
];

/// The state of a botifarra hand (referee view: every hand is known).
#[derive(Debug, Clone, PartialEq)]
pub struct Botifarra {
    opts: BotifarraOptions,
    dealer: u8,
    before: [i64; 2],
    hands: [CardSet; 4],
    phase: Phase,
    chooser: u8,
    delegated: bool,
    trumps: Option<Trumps>,
    /// 0 none, 1 contro, 2 recontro, 3 Sant Vicenç.
    level: u8,
    /// Who passed at the current level.
    passed: [bool; 4],
    turn: u8,
    trick: Vec<(u8, Card)>,
    tricks: Vec<TrickRecord>,
    /// Card points plus one a trick, per side.
    points: [u32; 2],
}

impl Botifarra {
    /// A new hand: `hands` in seat order, the dealer to choose trumps.
    pub fn new(opts: BotifarraOptions, dealer: u8, before: [i64; 2], hands: [CardSet; 4]) -> Self {
        let dealer = dealer % 4;
        Botifarra {
            opts,
            dealer,
            before,
            hands,
            phase: Phase::Choosing,
            chooser: dealer,
            delegated: false,
            trumps: None,
            level: 0,
            passed: [false; 4],
            turn: (dealer + 1) % 4,
            trick: Vec::new(),
            tricks: Vec::new(),
            points: [0; 2],
        }
    }

    /// A new hand from a record's validated deal.
    pub fn from_deal(
        opts: BotifarraOptions,
        dealer: u8,
        before: Option<&[Score]>,
        deal: &Deal,
    ) -> Option<Botifarra> {
        let hands = [
            *deal.hands.first()?,
            *deal.hands.get(1)?,
            *deal.hands.get(2)?,
            *deal.hands.get(3)?,
        ];
        let b = |i: usize| before.and_then(|b| b.get(i)).map_or(0, |s| s.floor());
        Some(Botifarra::new(opts, dealer, [b(0), b(1)], hands))
    }

    pub fn options(&self) -> &BotifarraOptions {
        &self.opts
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// The seat after the dealer: leads the first trick.
    pub fn mano(&self) -> u8 {
        (self.dealer + 1) % 4
    }
    /// The side that chose trumps (the dealer's side).
    pub fn declaring_side(&self) -> u8 {
        self.dealer % 2
    }
    /// The seat that chooses (or chose) trumps.
    pub fn chooser(&self) -> u8 {
        self.chooser
    }
    pub fn delegated(&self) -> bool {
        self.delegated
    }
    pub fn trumps(&self) -> Option<Trumps> {
        self.trumps
    }
    /// 0 none, 1 contro, 2 recontro, 3 Sant Vicenç.
    pub fn double_level(&self) -> u8 {
        self.level
    }
    pub fn is_choosing(&self) -> bool {
        self.phase == Phase::Choosing
    }
    pub fn is_doubling(&self) -> bool {
        self.phase == Phase::Doubling
    }
    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands
            .get(usize::from(seat))
            .copied()
            .unwrap_or_default()
    }
    pub fn current_trick(&self) -> &[(u8, Card)] {
        &self.trick
    }
    pub fn tricks(&self) -> &[TrickRecord] {
        &self.tricks
    }
    /// Each side's points so far: card points of completed tricks plus one a trick.
    pub fn points(&self) -> [u32; 2] {
        self.points
    }

    /// The multiplier in force now (1 while trumps are being chosen).
    pub fn multiplier(&self) -> i64 {
        self.opts
            .multiplier(self.trumps == Some(Trumps::Botifarra), self.level)
    }

    /// The highest level that may be said in this hand (0: no doubling at all).
    fn max_level(&self) -> u8 {
        match self.trumps {
            Some(Trumps::Botifarra) => {
                if self.opts.allow_contro_on_botifarra {
                    2
                } else {
                    0
                }
            }
            _ => {
                if self.opts.allow_sant_vicenc {
                    3
                } else {
                    2
                }
            }
        }
    }

    /// The side that may say the next level (or pass): the opponents for contro, the
    /// declaring side for recontro, the contro side for Sant Vicenç.
    pub fn entitled_side(&self) -> u8 {
        let decl = self.declaring_side();
        if self.level % 2 == 1 { decl } else { 1 - decl }
    }

    /// Scoreboard points at the end of a hand played out.
    pub fn result(&self) -> Option<[i64; 2]> {
        if self.phase != Phase::Over {
            return None;
        }
        Some(hand_score(self.points, self.multiplier()))
    }

    /// Scoreboard points when `offender_side` commits a penalised violation now: the
    /// opponents score 36 × the multiplier in force (36 during the trump choice).
    pub fn penalty(&self, offender_side: u8) -> [i64; 2] {
        match self.opts.revoke_penalty {
            RevokePenalty::None => [0, 0],
            RevokePenalty::AllPointsInPlay => {
                let v = 36 * self.multiplier();
                if offender_side.is_multiple_of(2) {
                    [0, v]
                } else {
                    [v, 0]
                }
            }
        }
    }

    fn rules(&self) -> PlayRules {
        match self.trumps {
            Some(Trumps::Botifarra) => PlayRules::botifarra_no_trump(),
            _ => PlayRules::botifarra_suit(),
        }
    }

    fn trump_suit(&self) -> Option<Suit> {
        self.trumps.and_then(Trumps::suit)
    }

    fn view(&self) -> TrickView<'_> {
        TrickView {
            cards: &self.trick,
            trump: self.trump_suit(),
            partnership: Partnership::Pairs,
        }
    }

    /// The legal cards of the seat to play (mano's whole hand while doubling).
    pub fn legal_cards(&self) -> CardSet {
        match self.phase {
            Phase::Play | Phase::Doubling => legal_cards(
                self.hand(self.turn),
                self.turn,
                &self.view(),
                &self.rules(),
                &VALUES,
            ),
            _ => CardSet::EMPTY,
        }
    }

    fn check_trump(&self, seat: u8, call: TrumpCall) -> Result<(), Illegal> {
        match self.phase {
            Phase::Choosing => {}
            Phase::Over => return Err(Illegal::new(RuleId::OutOfTurn, Reason::HandOver)),
            _ => {
                return Err(Illegal::new(
                    RuleId::IllegalTrump,
                    boti(BotifarraReason::TrumpAlreadyChosen),
                ));
            }
        }
        if seat != self.chooser {
            return Err(Illegal::new(
                RuleId::OutOfTurn,
                boti(BotifarraReason::NotTheChooser {
                    chooser: self.chooser,
                    got: seat,
                }),
            ));
        }
        if call == TrumpCall::Delegate && self.delegated {
            return Err(Illegal::new(
                RuleId::IllegalTrump,
                boti(BotifarraReason::DelegateBack),
            ));
        }
        Ok(())
    }

    fn check_double(&self, seat: u8, call: DoubleCall) -> Result<(), Illegal> {
        let fail = |r: BotifarraReason| Err(Illegal::new(RuleId::IllegalDouble, boti(r)));
        let botifarra = self.trumps == Some(Trumps::Botifarra);
        match self.phase {
            Phase::Choosing => {
                return fail(BotifarraReason::TrumpPending {
                    chooser: self.chooser,
                });
            }
            Phase::Doubling => {}
            Phase::Play | Phase::Over => {
                return fail(match call {
                    DoubleCall::SantVicenc if botifarra => BotifarraReason::SantVicencOnBotifarra,
                    DoubleCall::Contro if botifarra && !self.opts.allow_contro_on_botifarra => {
                        BotifarraReason::NoControOnBotifarra
                    }
                    _ => BotifarraReason::DoublingOver,
                });
            }
        }
        let entitled = self.entitled_side();
        if call == DoubleCall::Pass {
            if seat % 2 != entitled {
                return fail(BotifarraReason::WrongSide { seat, call });
            }
            if self.passed.get(usize::from(seat)).copied().unwrap_or(true) {
                return fail(BotifarraReason::AlreadyPassed { seat });
            }
            return Ok(());
        }
        let expected = CALLS
            .get(usize::from(self.level))
            .copied()
            .unwrap_or(DoubleCall::SantVicenc);
        if call == DoubleCall::SantVicenc && botifarra {
            return fail(BotifarraReason::SantVicencOnBotifarra);
        }
        if call != expected {
            return fail(BotifarraReason::WrongLevel { call, expected });
        }
        if seat % 2 != entitled {
            return fail(BotifarraReason::WrongSide { seat, call });
        }
        // A pass is final for that player at that level (his partner may still say it).
        if self.passed.get(usize::from(seat)).copied().unwrap_or(false) {
            return fail(BotifarraReason::PassedThenCalled { seat, call });
        }
        if call == DoubleCall::SantVicenc && !self.opts.allow_sant_vicenc {
            return fail(BotifarraReason::SantVicencNotAllowed);
        }
        if self.level >= self.max_level() {
            return fail(BotifarraReason::DoublingOver);
        }
        Ok(())
    }

    /// The turn check of a card play (also used for a `play` whose value is not a card).
    pub fn check_play_turn(&self, seat: u8) -> Result<(), Illegal> {
        match self.phase {
            Phase::Choosing => Err(Illegal::new(
                RuleId::OutOfTurn,
                boti(BotifarraReason::TrumpPending {
                    chooser: self.chooser,
                }),
            )),
            Phase::Over => Err(Illegal::new(RuleId::OutOfTurn, Reason::HandOver)),
            Phase::Play | Phase::Doubling if seat != self.turn => Err(Illegal::new(
                RuleId::OutOfTurn,
                Reason::NotYourTurn {
                    expected: self.turn,
                    got: seat,
                },
            )),
            Phase::Play | Phase::Doubling => Ok(()),
        }
    }

    fn check_card(&self, seat: u8, card: Card) -> Result<(), Illegal> {
        self.check_play_turn(seat)?;
        let hand = self.hand(seat);
        if !hand.contains(card) {
            return Err(Illegal::new(
                RuleId::CardNotInHand,
                Reason::CardNotHeld { seat, card },
            ));
        }
        check_play(hand, card, seat, &self.view(), &self.rules(), &VALUES).map_err(|o| {
            let rule = match o {
                Obligation::FollowSuit => RuleId::MustFollowSuit,
                Obligation::Beat => RuleId::MustBeat,
                Obligation::Trump => RuleId::MustTrump,
                Obligation::Overtrump => RuleId::MustOvertrump,
            };
            Illegal::new(
                rule,
                Reason::Obligation {
                    card,
                    obligation: o,
                },
            )
        })
    }

    fn start_doubling(&mut self) {
        self.level = 0;
        self.passed = [false; 4];
        self.phase = if self.max_level() == 0 {
            Phase::Play
        } else {
            Phase::Doubling
        };
        self.turn = self.mano();
    }

    fn complete_trick(&mut self) {
        let Some(wi) = winning_index(&self.trick, self.trump_suit(), &VALUES) else {
            return;
        };
        let Some(&(winner, _)) = self.trick.get(wi) else {
            return;
        };
        let pts: u32 = self.trick.iter().map(|&(_, c)| VALUES.points(c)).sum();
        if let Some(p) = self.points.get_mut(usize::from(winner % 2)) {
            *p += pts + 1;
        }
        let leader = self.trick.first().map_or(winner, |&(s, _)| s);
        self.tricks.push(TrickRecord {
            leader,
            cards: self.trick.iter().map(|&(_, c)| c).collect(),
            winner,
        });
        self.trick.clear();
        self.turn = winner;
        if self.tricks.len() >= 12 {
            self.phase = Phase::Over;
        }
    }

    fn apply_mut(&mut self, mv: &Move) -> Result<(), Illegal> {
        let seat = mv.seat;
        if seat >= 4 {
            return Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::Record(format!("seat {seat} does not exist")),
            ));
        }
        match mv.action {
            Action::Trump(call) => {
                self.check_trump(seat, call)?;
                match call {
                    TrumpCall::Delegate => {
                        self.delegated = true;
                        self.chooser = (seat + 2) % 4;
                    }
                    TrumpCall::Botifarra => {
                        self.trumps = Some(Trumps::Botifarra);
                        self.start_doubling();
                    }
                    TrumpCall::Suit(s) => {
                        self.trumps = Some(Trumps::Suit(s));
                        self.start_doubling();
                    }
                }
                Ok(())
            }
            Action::Double(call) => {
                self.check_double(seat, call)?;
                if call == DoubleCall::Pass {
                    if let Some(p) = self.passed.get_mut(usize::from(seat)) {
                        *p = true;
                    }
                    let side = self.entitled_side();
                    let both = [side, side + 2]
                        .iter()
                        .all(|s| self.passed.get(usize::from(*s)).copied().unwrap_or(true));
                    if both {
                        self.phase = Phase::Play;
                    }
                } else {
                    self.level += 1;
                    self.passed = [false; 4];
                    if self.level >= self.max_level() {
                        self.phase = Phase::Play;
                    }
                }
                Ok(())
            }
            Action::Play(card) => {
                self.check_card(seat, card)?;
                self.phase = Phase::Play;
                if let Some(h) = self.hands.get_mut(usize::from(seat)) {
                    h.remove(card);
                }
                self.trick.push((seat, card));
                if self.trick.len() >= 4 {
                    self.complete_trick();
                } else {
                    self.turn = (seat + 1) % 4;
                }
                Ok(())
            }
            other => Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::ForeignAction {
                    key: other.key(),
                    game: "botifarra",
                },
            )),
        }
    }
}

impl GameState for Botifarra {
    /// The chooser during the trump choice; mano while doubling (his lead ends it).
    fn current_player(&self) -> Option<u8> {
        match self.phase {
            Phase::Choosing => Some(self.chooser),
            Phase::Doubling | Phase::Play => Some(self.turn),
            Phase::Over => None,
        }
    }

    fn legal_actions(&self) -> Vec<Move> {
        let cards = |v: &mut Vec<Move>| {
            v.extend(
                self.legal_cards()
                    .iter()
                    .map(|c| Move::new(self.turn, Action::Play(c))),
            )
        };
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Choosing => {
                let mut calls: Vec<TrumpCall> =
                    Suit::ALL.into_iter().map(TrumpCall::Suit).collect();
                calls.push(TrumpCall::Botifarra);
                if !self.delegated {
                    calls.push(TrumpCall::Delegate);
                }
                calls
                    .into_iter()
                    .map(|c| Move::new(self.chooser, Action::Trump(c)))
                    .collect()
            }
            Phase::Doubling => {
                let mut v = Vec::new();
                let side = self.entitled_side();
                for seat in [side, side + 2] {
                    for call in [
                        DoubleCall::Contro,
                        DoubleCall::Recontro,
                        DoubleCall::SantVicenc,
                        DoubleCall::Pass,
                    ] {
                        if self.check_double(seat, call).is_ok() {
                            v.push(Move::new(seat, Action::Double(call)));
                        }
                    }
                }
                cards(&mut v);
                v
            }
            Phase::Play => {
                let mut v = Vec::new();
                cards(&mut v);
                v
            }
        }
    }

    fn apply(&self, mv: &Move) -> Result<Self, Illegal> {
        let mut next = self.clone();
        next.apply_mut(mv)?;
        Ok(next)
    }

    fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    fn hand_points(&self) -> Option<Vec<Score>> {
        self.result()
            .map(|p| p.iter().map(|x| Score::points(*x)).collect())
    }
}

/// Rules a botifarra hand record.
pub fn rule(record: &HandRecord, lang: Lang) -> Ruling {
    let dealer = record.dealer;
    let invalid = |reason: Reason| {
        Ruling::invalid(
            2,
            dealer,
            dealer % 2,
            RuleId::DealInvalid,
            reason.render(lang),
        )
    };
    let deal = match validate_deal(record, &deal_spec()) {
        Ok(d) => d,
        Err(p) => return invalid(Reason::Deal(p)),
    };
    let opts = BotifarraOptions::from_table(&record.options);
    let Some(mut st) = Botifarra::from_deal(opts, dealer, record.before.as_deref(), &deal) else {
        return invalid(Reason::Record("four hands are needed".into()));
    };
    let mut violation: Option<(usize, Option<u8>, Illegal)> = None;
    for (i, ev) in record.events.iter().enumerate() {
        let res = match ev {
            Event::Move(m) => st.apply(m),
            Event::BadCard { seat, given, .. } => st.check_play_turn(*seat).and_then(|_| {
                Err(Illegal::new(
                    RuleId::CardNotInHand,
                    Reason::NotACard {
                        index: i,
                        given: given.clone(),
                    },
                ))
            }),
            Event::BadCall {
                seat,
                kind: CallKind::Trump,
                given,
                ..
            } => st.check_trump(*seat, TrumpCall::Botifarra).and_then(|_| {
                Err(Illegal::new(
                    RuleId::IllegalTrump,
                    Reason::NotACall {
                        kind: CallKind::Trump,
                        given: given.clone(),
                    },
                ))
            }),
            Event::BadCall {
                kind: CallKind::Double,
                given,
                ..
            } => Err(Illegal::new(
                RuleId::IllegalDouble,
                Reason::NotACall {
                    kind: CallKind::Double,
                    given: given.clone(),
                },
            )),
            Event::BadCall { kind, .. } => Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::ForeignAction {
                    key: kind.key(),
                    game: "botifarra",
                },
            )),
            Event::Unknown { problem, .. } => Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::BadEvent {
                    index: i,
                    problem: problem.clone(),
                },
            )),
        };
        match res {
            Ok(next) => st = next,
            Err(ill) => {
                violation = Some((i, ev.seat(), ill));
                break;
            }
        }
    }
    let mut reason = GameOverReason::Target;
    let mut hand_points = st.result();
    if hand_points.is_none()
        && let Some((_, Some(seat), ill)) = &violation
        && ill.rule.is_penalised()
    {
        hand_points = Some(st.penalty(seat % 2));
        reason = GameOverReason::Revoke;
    }
    let game_over = match (&record.before, hand_points) {
        (Some(before), Some(hp)) => (0u8..2).find_map(|side| {
            let b = before.get(usize::from(side)).map_or(0, |s| s.floor());
            let h = hp.get(usize::from(side)).copied().unwrap_or(0);
            (h > 0 && b + h >= st.opts.target).then_some(GameOver {
                winner: side,
                reason,
            })
        }),
        _ => None,
    };
    let violation = violation.map(|(i, seat, ill)| Violation {
        event: Some(i),
        seat,
        side: seat.map(|s| s % 2),
        rule: ill.rule,
        message: ill.reason.render(lang),
    });
    let mut ruling = Ruling {
        format: RULING_FORMAT.into(),
        legal: violation.is_none(),
        complete: st.is_terminal(),
        violation,
        tricks: st.tricks.clone(),
        cantes: Vec::new(),
        points: st
            .points()
            .iter()
            .map(|p| Score::points(i64::from(*p)))
            .collect(),
        hand_points: hand_points.map(|h| h.iter().map(|x| Score::points(*x)).collect()),
        game_over,
        discrepancies: Vec::new(),
        undecided: None,
        filled: None,
    };
    ruling.compare_declared(record.declared.as_ref());
    ruling
}

/// The contract line for [`crate::domain::explain`]: trumps, who chose them, the
/// doubling and the multiplier.
pub fn contract_summary(record: &HandRecord, ruling: &Ruling, lang: Lang) -> String {
    let stop = ruling
        .violation
        .as_ref()
        .and_then(|v| v.event)
        .unwrap_or(usize::MAX);
    let opts = BotifarraOptions::from_table(&record.options);
    let mut st = Botifarra::new(opts, record.dealer, [0, 0], [CardSet::EMPTY; 4]);
    let mut chooser = None;
    for (i, ev) in record.events.iter().enumerate() {
        if i >= stop {
            break;
        }
        if let Event::Move(m) = ev {
            match m.action {
                Action::Trump(_) | Action::Double(_) => {
                    if let Ok(n) = st.apply(m) {
                        if matches!(
                            m.action,
                            Action::Trump(TrumpCall::Suit(_) | TrumpCall::Botifarra)
                        ) {
                            chooser = Some(m.seat);
                        }
                        st = n;
                    }
                }
                _ => break,
            }
        }
    }
    let t = lang.pick("Triunfo", "Trumfo", "Trumps");
    let trumps = match (st.trumps(), chooser) {
        (Some(Trumps::Suit(s)), Some(c)) => match lang {
            Lang::Es => format!("{} (elige el asiento {c})", s.name()),
            Lang::Ca => format!("{} (tria el seient {c})", s.name()),
            Lang::En => format!("{} (chosen by seat {c})", s.name()),
        },
        (Some(Trumps::Botifarra), Some(c)) => match lang {
            Lang::Es => format!("botifarra (elige el asiento {c})"),
            Lang::Ca => format!("botifarra (tria el seient {c})"),
            Lang::En => format!("botifarra (chosen by seat {c})"),
        },
        _ => lang
            .pick("sin elegir", "sense triar", "not chosen")
            .to_string(),
    };
    let level = match st.double_level() {
        0 => lang.pick("sin contro", "sense contro", "no contro"),
        1 => "contro",
        2 => "recontro",
        _ => "Sant Vicenç",
    };
    format!(
        "{t}: {trumps}{}. {level}, ×{}.",
        if st.delegated() {
            lang.pick(", delegado", ", delegat", ", delegated")
        } else {
            ""
        },
        st.multiplier()
    )
}

/// Deals a shuffled 48-card deck four at a time from the dealer's right (seed 004).
pub fn deal_botifarra(rng: &mut SplitMix64, dealer: u8) -> Vec<Vec<Card>> {
    let mut deck: Vec<Card> = Deck::FortyEight.cards().to_vec();
    rng.shuffle(&mut deck);
    let mut hands: Vec<Vec<Card>> = vec![Vec::new(); 4];
    for (k, c) in deck.iter().enumerate() {
        let seat = (usize::from(dealer) + 1 + k / 4) % 4;
        if let Some(h) = hands.get_mut(seat) {
            h.push(*c);
        }
    }
    hands
}

/// Plays a random legal hand from `st`, returning the moves. The entitled side speaks
/// most of the time and raises a third of the time, so that every level appears.
fn random_playout(rng: &mut SplitMix64, mut st: Botifarra) -> Vec<Move> {
    let mut moves = Vec::new();
    // 12 tricks of 4 cards, a trump choice, a delegation and a few calls: under 64.
    for _ in 0..96 {
        let legal = st.legal_actions();
        if legal.is_empty() {
            break;
        }
        let doubles: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| matches!(m.action, Action::Double(_)))
            .collect();
        let pick = if !doubles.is_empty() && rng.below(4) > 0 {
            // Speak in the doubling most of the time; raise a third of the time.
            let (raises, passes): (Vec<Move>, Vec<Move>) = doubles
                .iter()
                .partition(|m| m.action != Action::Double(DoubleCall::Pass));
            if !raises.is_empty() && (passes.is_empty() || rng.below(3) == 0) {
                raises.get(rng.below(raises.len())).copied()
            } else {
                passes.get(rng.below(passes.len())).copied()
            }
        } else {
            let plain: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| !matches!(m.action, Action::Double(_)))
                .collect();
            plain.get(rng.below(plain.len())).copied()
        };
        let Some(mv) = pick else { break };
        match st.apply(&mv) {
            Ok(n) => {
                st = n;
                moves.push(mv);
            }
            Err(_) => break,
        }
    }
    moves
}

/// A random complete, legal botifarra hand (default options, no `before`): random
/// dealer and deal (four at a time), random trump choice (delegation included),
/// random doubling and random legal plays. Deterministic in `seed`.
pub fn random_complete_botifarra_record(seed: u64) -> HandRecord {
    let mut rng = SplitMix64::new(seed);
    let dealer = rng.below(4) as u8;
    let hands = deal_botifarra(&mut rng, dealer);
    let sets: Vec<CardSet> = hands.iter().map(|h| h.iter().copied().collect()).collect();
    let arr = [
        sets.first().copied().unwrap_or_default(),
        sets.get(1).copied().unwrap_or_default(),
        sets.get(2).copied().unwrap_or_default(),
        sets.get(3).copied().unwrap_or_default(),
    ];
    let st = Botifarra::new(BotifarraOptions::default(), dealer, [0, 0], arr);
    let moves = random_playout(&mut rng, st);
    HandRecord {
        game: GameKind::Botifarra,
        players: 4,
        options: TableOptions::default(),
        dealer,
        before: None,
        hands: hands
            .into_iter()
            .map(|h| h.into_iter().map(CardSlot::Card).collect())
            .collect(),
        stock: Vec::new(),
        turned: None,
        events: moves.into_iter().map(Event::Move).collect(),
        declared: None,
    }
}

#[cfg(test)]
#[path = "botifarra_tests.rs"]
mod tests;
