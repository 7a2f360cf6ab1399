//! Botifarra (docs/rules.md Part A 3 and 7, Part B §5; docs/hand-record.md "Per game"). A
//! game: uses `trick_hand`, `engine`, `trick`, `messages` and the plain data below them.
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
use crate::domain::engine::GameKind;
use crate::domain::engine::{GameState, Illegal, TakesEvents, foreign_action};
use crate::domain::games::rules::module_rules;
use crate::domain::games::rules::{
    BEST_OF, FormatDefaults, PARTIDA, QuickEntry, Rules, TIMED, leader, target_of,
};
use crate::domain::games::trick_hand::{
    HandView, TrickHand, Tricks, before_pair, check_card, deal_invalid, four_hands, not_a_call,
    replay, ruled_events, to_side,
};
use crate::domain::lang::Lang;
pub use crate::domain::messages::BotifarraReason;
use crate::domain::messages::Reason;
use crate::domain::options::GameOptions;
use crate::domain::options::TableOptions;
use crate::domain::record::{
    Action, CallKind, DealSpec, DoubleCall, Event, HandRecord, Move, TrumpCall, TurnedRule,
    validate_deal,
};
use crate::domain::ruling::{GameOverReason, RuleId, Ruling, Score, TrickRecord};
use crate::domain::trick::{Partnership, PlayRules, RankTable, TrickView, legal_cards};

/// Botifarra's table options, with their defaults and reasons: they stand with every game's
/// table in `options`, where a record's options are checked.
pub use crate::domain::options::BOTIFARRA_OPTIONS as OPTIONS;
pub use crate::domain::options::{
    BotifarraOptions, BotifarraRevokePenalty as RevokePenalty, DoubleScale, MisdealPolicy,
};

impl BotifarraOptions {
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
    tricks: Tricks,
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
            tricks: Tricks::default(),
            points: [0; 2],
        }
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
        &self.tricks.current
    }
    pub fn tricks(&self) -> &[TrickRecord] {
        &self.tricks.taken
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
            RevokePenalty::AllPointsInPlay => to_side(offender_side + 1, 36 * self.multiplier()),
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

    fn trick_view(&self) -> TrickView<'_> {
        TrickView {
            cards: &self.tricks.current,
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
                &self.trick_view(),
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

    fn check_card(&self, seat: u8, card: Card) -> Result<(), Illegal> {
        self.check_play_turn(seat)?;
        let hand = self.hand(seat);
        check_card(
            &self.trick_view(),
            seat,
            (hand, card),
            &self.rules(),
            &VALUES,
        )
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

    /// Takes the trick: its card points and one for the trick go to the winner's side.
    fn complete_trick(&mut self) {
        let trump = self.trump_suit();
        let Some((winner, points)) = self.tricks.take(trump, &VALUES) else {
            return;
        };
        if let Some(p) = self.points.get_mut(usize::from(winner % 2)) {
            *p += points + 1;
        }
        self.turn = winner;
        if self.tricks.taken.len() >= 12 {
            self.phase = Phase::Over;
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
        self.apply_move(mv)
    }

    fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    fn hand_points(&self) -> Option<Vec<Score>> {
        self.result()
            .map(|p| p.iter().map(|x| Score::points(*x)).collect())
    }
}

impl TakesEvents for Botifarra {
    fn game_name(&self) -> &'static str {
        "botifarra"
    }

    /// Trumps first; mano's lead ends the doubling.
    fn card_turn(&self, _seat: u8) -> Result<u8, Reason> {
        match self.phase {
            Phase::Choosing => Err(boti(BotifarraReason::TrumpPending {
                chooser: self.chooser,
            })),
            Phase::Over => Err(Reason::HandOver),
            Phase::Play | Phase::Doubling => Ok(self.turn),
        }
    }

    /// A trump choice that is not one is `illegal_trump` after the chooser's turn check;
    /// a double that is not one is `illegal_double`.
    fn bad_call(&self, seat: u8, kind: CallKind, given: &str) -> Illegal {
        match kind {
            CallKind::Trump => match self.check_trump(seat, TrumpCall::Botifarra) {
                Err(ill) => ill,
                Ok(()) => not_a_call(RuleId::IllegalTrump, kind, given),
            },
            CallKind::Double => not_a_call(RuleId::IllegalDouble, kind, given),
            CallKind::Bid => foreign_action(kind.key(), "botifarra"),
        }
    }
}

impl TrickHand for Botifarra {
    fn apply_action(&mut self, seat: u8, action: Action) -> Result<(), Illegal> {
        match action {
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
                if self.tricks.lay(&mut self.hands, seat, card, 4) {
                    self.complete_trick();
                } else {
                    self.turn = (seat + 1) % 4;
                }
                Ok(())
            }
            other => Err(foreign_action(other.key(), "botifarra")),
        }
    }

    /// Botifarra has no cantes.
    fn view(&self) -> HandView<'_> {
        self.tricks.view(self.is_terminal(), &[])
    }

    fn side_points(&self) -> Vec<u32> {
        self.points.to_vec()
    }
}

/// Rules a botifarra hand record.
pub fn rule(record: &HandRecord, lang: Lang) -> Ruling {
    let opts = BotifarraOptions::from_table(&record.options);
    let deal = match validate_deal(record, &deal_spec()) {
        Ok(d) => d,
        Err(p) => return deal_invalid(record, Reason::Deal(p), lang),
    };
    let Some(hands) = four_hands(&deal) else {
        return deal_invalid(record, Reason::Record("four hands are needed".into()), lang);
    };
    let before = before_pair(record.before.as_deref());
    let st = Botifarra::new(opts, record.dealer, before, hands);
    let rep = replay(st, &record.events);
    let st = &rep.state;
    let mut reason = GameOverReason::Target;
    let mut hand_points = st.result();
    if let Some(side) = rep.penalised_side() {
        hand_points = Some(st.penalty(side));
        reason = GameOverReason::Revoke;
    }
    rep.pair_ruling(record, lang, hand_points, opts.target, reason)
}

/// Whose turn it is after a record's events, and what that seat may do now (its
/// call or its cards, by the state machine's own legal actions), then the doubling
/// calls the other member of the entitled side may make; `None` when the deal is not
/// valid, an event was refused, or the hand is over.
pub fn next_moves(record: &HandRecord) -> Option<(u8, Vec<Move>)> {
    let opts = BotifarraOptions::from_table(&record.options);
    let deal = validate_deal(record, &deal_spec()).ok()?;
    let hands = four_hands(&deal)?;
    let before = before_pair(record.before.as_deref());
    let rep = replay(
        Botifarra::new(opts, record.dealer, before, hands),
        &record.events,
    );
    let (seat, mut moves) = rep.next_moves(Botifarra::current_player, Botifarra::legal_actions)?;
    // Either member of the side entitled to double may speak, whoever is to lead:
    // the other seats' calls come after the seat on turn's own, before its cards.
    let cards = moves
        .iter()
        .position(|m| matches!(m.action, Action::Play(_)))
        .unwrap_or(moves.len());
    let others: Vec<Move> = rep
        .state
        .legal_actions()
        .into_iter()
        .filter(|m| m.seat != seat && matches!(m.action, Action::Double(_)))
        .collect();
    moves.splice(cards..cards, others);
    Some((seat, moves))
}

/// The contract line for [`crate::domain::explain`]: trumps, who chose them, the
/// doubling and the multiplier.
pub fn contract_summary(record: &HandRecord, ruling: &Ruling, lang: Lang) -> String {
    let opts = BotifarraOptions::from_table(&record.options);
    let mut st = Botifarra::new(opts, record.dealer, [0, 0], [CardSet::EMPTY; 4]);
    let mut chooser = None;
    for ev in ruled_events(record, ruling) {
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
        level => DoubleCall::reaching(level).name(),
    };
    format!(
        "{t}: {trumps}{}. {}, ×{}.",
        if st.delegated() {
            lang.pick(", delegado", ", delegat", ", delegated")
        } else {
            ""
        },
        crate::domain::lang::capitalized(level),
        st.multiplier()
    )
}

/// Botifarra's rules beyond its play: four in pairs, a partida to the table's target
/// or, with a deal limit, to the leader when the deals run out; "101 punts, 12 dats o
/// 55 minuts" as its usual match.
pub struct BotifarraRules;

impl Rules for BotifarraRules {
    module_rules!(GameKind::Botifarra, next_moves);

    fn summary_line(&self, record: &HandRecord, ruling: &Ruling, lang: Lang) -> Option<String> {
        Some(contract_summary(record, ruling, lang))
    }

    fn quick_entry(&self) -> QuickEntry {
        QuickEntry {
            trump_choice: true,
            ..QuickEntry::default()
        }
    }
    fn rule_section(&self, rule: RuleId) -> Option<&'static str> {
        use RuleId::*;
        Some(match rule {
            MustFollowSuit | MustBeat | MustTrump | MustOvertrump => "docs/rules.md §1.6 and §5.5",
            IllegalTrump => "docs/rules.md §5.3",
            IllegalDouble => "docs/rules.md §5.4",
            _ => return None,
        })
    }
    fn deal_spec(&self, _players: u8, _table: &TableOptions) -> DealSpec {
        deal_spec()
    }
    fn target(&self, table: &TableOptions) -> Option<u32> {
        target_of(BotifarraOptions::from_table(table).target)
    }
    fn calls(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[
            ("trump", &["botifarra", "delegate"]),
            ("double", &["contro", "recontro", "sant_vicenc", "pass"]),
        ]
    }
    fn target_option(&self) -> Option<&'static str> {
        Some("target")
    }
    fn partida_winner(
        &self,
        table: &TableOptions,
        index: usize,
        totals: &[Score],
        hand: &[Score],
    ) -> Option<u8> {
        let o = BotifarraOptions::from_table(table);
        leader(totals, hand, Score::points(o.target), true).or_else(|| {
            let played = u32::try_from(index + 1).unwrap_or(u32::MAX);
            if o.deal_limit_reached(played) {
                leader(totals, hand, Score::ZERO, false)
            } else {
                None
            }
        })
    }
    fn highest_hand(&self) -> Option<u32> {
        // All 72 card points: (72 − 36) × the highest multiplier (8: botifarra with
        // recontro, or Sant Vicenç); a revoke gives 36 × the multiplier, no more
        // (docs/rules.md §5.4).
        Some(36 * 8)
    }
    fn match_formats(&self) -> &'static [&'static str] {
        &[TIMED, PARTIDA, BEST_OF]
    }
    fn ranks_by_score(&self) -> bool {
        // The Catalan Swiss: "partides guanyades → diferència de punts → punts
        // totals"; a group of the Girona kind, level on points, by the difference.
        true
    }
    fn format_defaults(&self) -> FormatDefaults {
        // "101 punts, 12 dats o 55 minuts", at most 121 counted.
        FormatDefaults {
            target: Some(101),
            max_hands: 12,
            minutes: 55,
            cap: 121,
        }
    }
}

#[cfg(test)]
#[path = "botifarra_tests.rs"]
mod tests;
