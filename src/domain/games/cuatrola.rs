//! Cuatrola (rules.md Part A 3 and 5, Part B §3; spec/hand-record.md "Per game"). A
//! game: uses `engine`, `trick`, `messages` and the plain data below them.
//!
//! Four players in pairs, 20 cards (1, 3, 10, 11, 12), five each; the dealer's last card
//! is turned for trumps and stays in his hand. One bidding round from mano (the dealer's
//! right) to the dealer: pass < solo (2) < cuatrola (4) < quintola (5), raises only. The
//! highest bidder plays alone and his partner sits out. Every trick: follow suit and beat
//! (even over the partner), else trump and overtrump, no undertrump. Cantes 20/40 after a
//! trick won by the side, none in cuatrola/quintola hands. Scoring 1 (2 over 100) /
//! solo 2 / cuatrola 4 / quintola 5; game to 21 (11, 16).

use crate::domain::cards::{Card, CardSet, Deck, Rank, Suit};
use crate::domain::engine::{GameState, Illegal};
use crate::domain::lang::Lang;
use crate::domain::messages::Reason;
use crate::domain::options::{OptionValue, TableOptions};
use crate::domain::record::{
    Action, Bid, CallKind, Deal, DealSpec, Event, HandRecord, Move, TurnedRule, validate_deal,
};
use crate::domain::ruling::{
    CanteRecord, GameOver, GameOverReason, RULING_FORMAT, RuleId, Ruling, Score, TrickRecord,
    TuteKind, Violation,
};
use crate::domain::trick::{
    CardValues, HeadTarget, Obligation, Partnership, PlayRules, RankTable, TrickView, check_play,
    legal_cards, winning_index,
};

/// Cuatrola's table options, with their defaults and reasons: they stand with every game's
/// table in `options`, where a record's options are checked.
pub use crate::domain::options::CUATROLA_OPTIONS as OPTIONS;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BidCapRule {
    CannotExceedTarget,
    NoBidsFromThreshold,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CantesPerTrick {
    OnePerPlayer,
    OnePerSide,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CuatrolaTute {
    Ignore,
    WinsHand,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RevokePenalty {
    ValueAtStake,
    None,
}

/// Typed cuatrola options; see [`OPTIONS`] for names, values, defaults and reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CuatrolaOptions {
    pub target: i64,
    pub over100_counts_double: bool,
    pub bid_cap_rule: BidCapRule,
    pub head_target: HeadTarget,
    pub cantes_per_trick: CantesPerTrick,
    pub cante_lapses: bool,
    pub partner_may_overcall: bool,
    pub bidder_leads: bool,
    pub cuatrola_tute: CuatrolaTute,
    pub stop_when_decided: bool,
    pub solo_over100_counts_double: bool,
    pub revoke_penalty: RevokePenalty,
    pub revoke_counts_as_over100: bool,
}

impl Default for CuatrolaOptions {
    fn default() -> Self {
        CuatrolaOptions::from_table(&TableOptions::default())
    }
}

impl CuatrolaOptions {
    /// Reads validated table options, filling in defaults.
    pub fn from_table(t: &TableOptions) -> CuatrolaOptions {
        let b = |n: &str, d: bool| match t.get(OPTIONS, n) {
            Some(OptionValue::Bool(v)) => v,
            _ => d,
        };
        let c = |n: &str| match t.get(OPTIONS, n) {
            Some(OptionValue::Choice(v)) => v,
            _ => "",
        };
        CuatrolaOptions {
            target: match t.get(OPTIONS, "target") {
                Some(OptionValue::Int(v)) => v,
                _ => 21,
            },
            over100_counts_double: b("over100_counts_double", true),
            bid_cap_rule: if c("bid_cap_rule") == "no_bids_from_threshold" {
                BidCapRule::NoBidsFromThreshold
            } else {
                BidCapRule::CannotExceedTarget
            },
            head_target: if c("head_target") == "highest_led_suit_card" {
                HeadTarget::HighestLedSuitCard
            } else {
                HeadTarget::WinningCard
            },
            cantes_per_trick: if c("cantes_per_trick") == "one_per_side" {
                CantesPerTrick::OnePerSide
            } else {
                CantesPerTrick::OnePerPlayer
            },
            cante_lapses: b("cante_lapses", true),
            partner_may_overcall: b("partner_may_overcall", true),
            bidder_leads: b("bidder_leads", false),
            cuatrola_tute: if c("cuatrola_tute") == "wins_hand" {
                CuatrolaTute::WinsHand
            } else {
                CuatrolaTute::Ignore
            },
            stop_when_decided: b("stop_when_decided", false),
            solo_over100_counts_double: b("solo_over100_counts_double", false),
            revoke_penalty: if c("revoke_penalty") == "none" {
                RevokePenalty::None
            } else {
                RevokePenalty::ValueAtStake
            },
            revoke_counts_as_over100: b("revoke_counts_as_over100", false),
        }
    }
}

/// What cuatrola requires of a deal.
pub fn deal_spec() -> DealSpec {
    DealSpec {
        deck: Deck::Twenty.cards(),
        hand_sizes: Some(vec![5; 4]),
        stock_size: Some(0),
        turned: TurnedRule::InDealerHand,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Bidding,
    Play,
    Over,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Window {
    side: u8,
    sang: [bool; 4],
}

/// An accepted cante or tute (the ruling adds the event index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sung {
    pub seat: u8,
    pub suit: Option<Suit>,
    pub tute: Option<TuteKind>,
    pub value: u32,
}

/// How the hand's scoreboard points were decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decided {
    /// By play (end of hand, or a cuatrola/quintola settled early).
    Play,
    /// By a tute (option `cuatrola_tute = wins_hand`).
    Tute,
}

/// The state of a cuatrola hand (referee view: every hand is known).
#[derive(Debug, Clone, PartialEq)]
pub struct Cuatrola {
    opts: CuatrolaOptions,
    dealer: u8,
    before: [i64; 2],
    trump: Suit,
    turned: Card,
    hands: [CardSet; 4],
    dead: CardSet,
    phase: Phase,
    calls: u8,
    highest: Option<(u8, Bid)>,
    soloist: Option<u8>,
    turn: u8,
    trick: Vec<(u8, Card)>,
    tricks: Vec<TrickRecord>,
    card_points: [u32; 2],
    last_ten: Option<u8>,
    sung: Vec<Sung>,
    cante_points: [u32; 2],
    sung_suits: CardSet,
    window: Option<Window>,
    lapsed: [CardSet; 4],
    result: Option<([i64; 2], Decided)>,
}

const VALUES: RankTable = RankTable::CUATROLA;

fn suit_mark(s: Suit) -> Card {
    Card::new(Rank::Rey, s)
}

impl Cuatrola {
    /// A new hand from a checked deal: `hands` in seat order, `turned` in the dealer's hand.
    pub fn new(
        opts: CuatrolaOptions,
        dealer: u8,
        before: [i64; 2],
        hands: [CardSet; 4],
        turned: Card,
    ) -> Cuatrola {
        let dealer = dealer % 4;
        Cuatrola {
            opts,
            dealer,
            before,
            trump: turned.suit(),
            turned,
            hands,
            dead: CardSet::EMPTY,
            phase: Phase::Bidding,
            calls: 0,
            highest: None,
            soloist: None,
            turn: (dealer + 1) % 4,
            trick: Vec::new(),
            tricks: Vec::new(),
            card_points: [0; 2],
            last_ten: None,
            sung: Vec::new(),
            cante_points: [0; 2],
            sung_suits: CardSet::EMPTY,
            window: None,
            lapsed: [CardSet::EMPTY; 4],
            result: None,
        }
    }

    /// A new hand from a record's validated deal.
    pub fn from_deal(
        opts: CuatrolaOptions,
        dealer: u8,
        before: Option<&[Score]>,
        deal: &Deal,
    ) -> Option<Cuatrola> {
        let hands = [
            *deal.hands.first()?,
            *deal.hands.get(1)?,
            *deal.hands.get(2)?,
            *deal.hands.get(3)?,
        ];
        let b = |i: usize| before.and_then(|b| b.get(i)).map_or(0, |s| s.floor());
        Some(Cuatrola::new(
            opts,
            dealer,
            [b(0), b(1)],
            hands,
            deal.turned?,
        ))
    }

    pub fn options(&self) -> &CuatrolaOptions {
        &self.opts
    }
    pub fn trump(&self) -> Suit {
        self.trump
    }
    pub fn turned(&self) -> Card {
        self.turned
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// The seat after the dealer.
    pub fn mano(&self) -> u8 {
        (self.dealer + 1) % 4
    }
    /// The cards each seat still holds (the sitting-out partner's are in [`Self::dead`]).
    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands
            .get(usize::from(seat))
            .copied()
            .unwrap_or_default()
    }
    /// Cards of the sitting-out partner: neither played nor counted.
    pub fn dead(&self) -> CardSet {
        self.dead
    }
    /// The cards on the table in the trick in progress.
    pub fn current_trick(&self) -> &[(u8, Card)] {
        &self.trick
    }
    pub fn tricks(&self) -> &[TrickRecord] {
        &self.tricks
    }
    pub fn sung(&self) -> &[Sung] {
        &self.sung
    }
    /// The contract: `Pass` for a normal hand, else the winning bid.
    pub fn contract(&self) -> Bid {
        match (self.phase, self.highest) {
            (Phase::Bidding, _) | (_, None) => Bid::Pass,
            (_, Some((_, b))) => b,
        }
    }
    /// The highest bid so far and who made it.
    pub fn highest_bid(&self) -> Option<(u8, Bid)> {
        self.highest
    }
    pub fn soloist(&self) -> Option<u8> {
        self.soloist
    }
    /// The seat sitting out (the soloist's partner).
    pub fn sitting_out(&self) -> Option<u8> {
        self.soloist.map(|s| (s + 2) % 4)
    }
    pub fn is_active(&self, seat: u8) -> bool {
        seat < 4 && self.sitting_out() != Some(seat)
    }
    pub fn is_bidding(&self) -> bool {
        self.phase == Phase::Bidding
    }
    /// How the hand points were decided, if they are.
    pub fn decided_by(&self) -> Option<Decided> {
        self.result.map(|(_, d)| d)
    }

    /// Each side's points so far: cards of completed tricks, the last 10, cantes.
    pub fn points(&self) -> [u32; 2] {
        let mut p = [0u32; 2];
        for (side, slot) in p.iter_mut().enumerate() {
            let ten = if self.last_ten == Some(side as u8) {
                10
            } else {
                0
            };
            *slot = self.card_points.get(side).copied().unwrap_or(0)
                + ten
                + self.cante_points.get(side).copied().unwrap_or(0);
        }
        p
    }

    /// Tricks won per side.
    pub fn tricks_won(&self) -> [u8; 2] {
        let mut t = [0u8; 2];
        for tr in &self.tricks {
            if let Some(x) = t.get_mut(usize::from(tr.winner % 2)) {
                *x += 1;
            }
        }
        t
    }

    /// What a normal hand is worth when a violation is penalised.
    fn normal_value(&self) -> i64 {
        if self.opts.revoke_counts_as_over100 {
            2
        } else {
            1
        }
    }

    /// The value at stake now (Part A 3): during the bidding the highest valid bid so
    /// far (a normal hand if none); afterwards the contract's value.
    pub fn value_at_stake(&self) -> i64 {
        match self.phase {
            Phase::Bidding => self.highest.map_or(self.normal_value(), |(_, b)| b.value()),
            _ => match self.contract() {
                Bid::Pass => self.normal_value(),
                b => b.value(),
            },
        }
    }

    /// Scoreboard points when `offender_side` commits a penalised violation now.
    pub fn penalty(&self, offender_side: u8) -> [i64; 2] {
        match self.opts.revoke_penalty {
            RevokePenalty::None => [0, 0],
            RevokePenalty::ValueAtStake => {
                let v = self.value_at_stake();
                if offender_side.is_multiple_of(2) {
                    [0, v]
                } else {
                    [v, 0]
                }
            }
        }
    }

    fn next_active(&self, seat: u8) -> u8 {
        let mut s = (seat + 1) % 4;
        if !self.is_active(s) {
            s = (s + 1) % 4;
        }
        s
    }

    fn trick_size(&self) -> usize {
        if self.soloist.is_some() { 3 } else { 4 }
    }

    fn cantes_allowed(&self) -> bool {
        matches!(self.contract(), Bid::Pass | Bid::Solo)
    }

    fn rules(&self) -> PlayRules {
        PlayRules::cuatrola(self.opts.head_target)
    }

    /// Checks a bid by `seat` (turn, raise, partner, cap), in that order.
    fn check_bid(&self, seat: u8, bid: Bid) -> Result<(), Illegal> {
        match self.phase {
            Phase::Bidding => {}
            // The sitting-out partner's events are out_of_turn (spec, per game: cuatrola).
            Phase::Play if !self.is_active(seat) => {
                return Err(Illegal::new(RuleId::OutOfTurn, Reason::SitsOut { seat }));
            }
            Phase::Play => return Err(Illegal::new(RuleId::IllegalBid, Reason::BiddingOver)),
            Phase::Over => return Err(Illegal::new(RuleId::OutOfTurn, Reason::HandOver)),
        }
        if seat != self.turn {
            return Err(Illegal::new(
                RuleId::OutOfTurn,
                Reason::NotYourTurn {
                    expected: self.turn,
                    got: seat,
                },
            ));
        }
        if bid == Bid::Pass {
            return Ok(());
        }
        if let Some((by, current)) = self.highest {
            if bid <= current {
                return Err(Illegal::new(
                    RuleId::IllegalBid,
                    Reason::BidDoesNotRaise { bid, current },
                ));
            }
            if !self.opts.partner_may_overcall && by % 2 == seat % 2 {
                return Err(Illegal::new(
                    RuleId::IllegalBid,
                    Reason::PartnerOvercall { bid },
                ));
            }
        }
        let score = self.before.get(usize::from(seat % 2)).copied().unwrap_or(0);
        let target = self.opts.target;
        match self.opts.bid_cap_rule {
            BidCapRule::CannotExceedTarget => {
                if score + bid.value() > target {
                    return Err(Illegal::new(
                        RuleId::IllegalBid,
                        Reason::BidOverTarget { bid, score, target },
                    ));
                }
            }
            BidCapRule::NoBidsFromThreshold => {
                let threshold = target - 4;
                if score >= threshold {
                    return Err(Illegal::new(
                        RuleId::IllegalBid,
                        Reason::BidFromThreshold { score, threshold },
                    ));
                }
            }
        }
        Ok(())
    }

    /// The turn check of a card play (also used for a `play` whose value is not a card).
    pub fn check_play_turn(&self, seat: u8) -> Result<(), Illegal> {
        match self.phase {
            Phase::Bidding => Err(Illegal::new(
                RuleId::OutOfTurn,
                Reason::BiddingNotOver {
                    expected: self.turn,
                },
            )),
            Phase::Over => Err(Illegal::new(RuleId::OutOfTurn, Reason::HandOver)),
            Phase::Play if !self.is_active(seat) => {
                Err(Illegal::new(RuleId::OutOfTurn, Reason::SitsOut { seat }))
            }
            Phase::Play if seat != self.turn => Err(Illegal::new(
                RuleId::OutOfTurn,
                Reason::NotYourTurn {
                    expected: self.turn,
                    got: seat,
                },
            )),
            Phase::Play => Ok(()),
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
        let view = TrickView {
            cards: &self.trick,
            trump: Some(self.trump),
            partnership: Partnership::Pairs,
        };
        check_play(hand, card, seat, &view, &self.rules(), &VALUES).map_err(|o| {
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

    /// The common checks of a cante or tute: timing, side, seat, per-trick limit.
    fn check_call_window(&self, seat: u8, rule: RuleId) -> Result<Window, Illegal> {
        let fail = |r: Reason| Err(Illegal::new(rule, r));
        match self.phase {
            Phase::Bidding => return fail(Reason::CanteBeforeFirstTrick),
            Phase::Over => return fail(Reason::HandOver),
            Phase::Play => {}
        }
        if !self.cantes_allowed() {
            return fail(Reason::NoCantesInContract {
                contract: self.contract(),
            });
        }
        if !self.is_active(seat) {
            return fail(Reason::SitsOut { seat });
        }
        let Some(w) = self.window else {
            return fail(if self.tricks.is_empty() {
                Reason::CanteBeforeFirstTrick
            } else {
                Reason::CanteOutOfWindow
            });
        };
        if seat % 2 != w.side {
            return fail(Reason::CanteWrongSide { seat });
        }
        let per_side = self.opts.cantes_per_trick == CantesPerTrick::OnePerSide;
        let already = if per_side {
            w.sang.iter().any(|s| *s)
        } else {
            w.sang.get(usize::from(seat)).copied().unwrap_or(true)
        };
        if already {
            return fail(Reason::CanteAlreadyMade { seat, per_side });
        }
        Ok(w)
    }

    fn holds_marriage(&self, seat: u8, suit: Suit) -> bool {
        let h = self.hand(seat);
        h.contains(Card::new(Rank::Rey, suit)) && h.contains(Card::new(Rank::Caballo, suit))
    }

    /// A marriage `seat` could sing now if the window allowed it (held, unsung, not lapsed).
    fn singable(&self, seat: u8, suit: Suit) -> bool {
        self.holds_marriage(seat, suit)
            && !self.sung_suits.contains(suit_mark(suit))
            && !self
                .lapsed
                .get(usize::from(seat))
                .is_some_and(|l| l.contains(suit_mark(suit)))
    }

    fn check_cante(&self, seat: u8, suit: Suit) -> Result<Window, Illegal> {
        let w = self.check_call_window(seat, RuleId::IllegalCante)?;
        let fail = |r: Reason| Err(Illegal::new(RuleId::IllegalCante, r));
        if self.sung_suits.contains(suit_mark(suit)) {
            return fail(Reason::SuitAlreadySung { suit });
        }
        if !self.holds_marriage(seat, suit) {
            return fail(Reason::MarriageNotHeld { seat, suit });
        }
        if !self.singable(seat, suit) {
            return fail(Reason::CanteLapsed { suit });
        }
        if suit != self.trump && self.singable(seat, self.trump) {
            return fail(Reason::FortyFirst { trump: self.trump });
        }
        Ok(w)
    }

    fn tute_kind(&self, seat: u8) -> Option<TuteKind> {
        let h = self.hand(seat);
        let all = |r: Rank| Suit::ALL.iter().all(|s| h.contains(Card::new(r, *s)));
        if all(Rank::Rey) {
            Some(TuteKind::Kings)
        } else if all(Rank::Caballo) {
            Some(TuteKind::Caballos)
        } else {
            None
        }
    }

    fn check_tute(&self, seat: u8) -> Result<(Window, TuteKind), Illegal> {
        if self.opts.cuatrola_tute == CuatrolaTute::Ignore {
            return Err(Illegal::new(RuleId::IllegalTute, Reason::TuteNotInGame));
        }
        let w = self.check_call_window(seat, RuleId::IllegalTute)?;
        let kind = self
            .tute_kind(seat)
            .ok_or_else(|| Illegal::new(RuleId::IllegalTute, Reason::TuteNotHeld { seat }))?;
        Ok((w, kind))
    }

    /// Closes the cante window at the next lead: with `cante_lapses`, each player of the
    /// side who sang nothing loses the marriages he could have sung (only the 40 if he
    /// held it). Under `one_per_side`, once the partner sang nobody else could, so
    /// nothing lapses for him.
    fn close_window(&mut self) {
        let Some(w) = self.window.take() else { return };
        if !self.opts.cante_lapses || !self.cantes_allowed() {
            return;
        }
        let side_sang = w.sang.iter().any(|s| *s);
        for seat in [w.side, w.side + 2] {
            if !self.is_active(seat) || w.sang.get(usize::from(seat)).copied().unwrap_or(false) {
                continue;
            }
            if side_sang && self.opts.cantes_per_trick == CantesPerTrick::OnePerSide {
                continue;
            }
            let lapse: Vec<Suit> = if self.singable(seat, self.trump) {
                vec![self.trump]
            } else {
                Suit::ALL
                    .into_iter()
                    .filter(|s| self.singable(seat, *s))
                    .collect()
            };
            if let Some(l) = self.lapsed.get_mut(usize::from(seat)) {
                for s in lapse {
                    l.insert(suit_mark(s));
                }
            }
        }
    }

    fn finish_bidding(&mut self) {
        self.phase = Phase::Play;
        self.soloist = self.highest.map(|(s, _)| s);
        if let Some(out) = self.sitting_out() {
            self.dead = self.hand(out);
            if let Some(h) = self.hands.get_mut(usize::from(out)) {
                *h = CardSet::EMPTY;
            }
        }
        let mano = self.mano();
        self.turn = match self.soloist {
            Some(s) if self.opts.bidder_leads => s,
            _ if self.is_active(mano) => mano,
            _ => self.next_active(mano),
        };
    }

    fn complete_trick(&mut self) {
        let Some(wi) = winning_index(&self.trick, Some(self.trump), &VALUES) else {
            return;
        };
        let Some(&(winner, _)) = self.trick.get(wi) else {
            return;
        };
        let side = usize::from(winner % 2);
        let pts: u32 = self.trick.iter().map(|&(_, c)| VALUES.points(c)).sum();
        if let Some(p) = self.card_points.get_mut(side) {
            *p += pts;
        }
        let leader = self.trick.first().map_or(winner, |&(s, _)| s);
        self.tricks.push(TrickRecord {
            leader,
            cards: self.trick.iter().map(|&(_, c)| c).collect(),
            winner,
        });
        self.trick.clear();
        self.turn = winner;
        if self.tricks.len() == 5 {
            self.last_ten = Some(winner % 2);
            self.phase = Phase::Over;
            if self.result.is_none() {
                self.result = Some((self.final_result(), Decided::Play));
            }
            return;
        }
        self.check_decided();
        if self.result.is_some() && self.opts.stop_when_decided {
            self.phase = Phase::Over;
            return;
        }
        self.window = Some(Window {
            side: winner % 2,
            sang: [false; 4],
        });
    }

    /// A cuatrola / quintola is settled as soon as the soloist has his tricks or has
    /// lost too many.
    fn check_decided(&mut self) {
        if self.result.is_some() {
            return;
        }
        let (Some(s), contract) = (self.soloist, self.contract()) else {
            return;
        };
        let (need, value) = match contract {
            Bid::Cuatrola => (4usize, 4),
            Bid::Quintola => (5usize, 5),
            _ => return,
        };
        let won = self.tricks.iter().filter(|t| t.winner == s).count();
        let lost = self.tricks.len() - won;
        let side = s % 2;
        let pts = |to: u8| if to == 0 { [value, 0] } else { [0, value] };
        if won >= need {
            self.result = Some((pts(side), Decided::Play));
        } else if lost > 5 - need {
            self.result = Some((pts(1 - side), Decided::Play));
        }
    }

    /// Scoreboard points at the end of a hand played out.
    fn final_result(&self) -> [i64; 2] {
        let contract = self.contract();
        if matches!(contract, Bid::Cuatrola | Bid::Quintola) {
            let mut me = self.clone();
            me.result = None;
            me.check_decided();
            return me.result.map_or([0, 0], |(p, _)| p);
        }
        let p = self.points();
        let winner = match p[0].cmp(&p[1]) {
            std::cmp::Ordering::Greater => 0usize,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => usize::from(self.last_ten.unwrap_or(0)),
        };
        let over100 = p.get(winner).copied().unwrap_or(0) > 100;
        let value = match contract {
            Bid::Solo => {
                if over100 && self.opts.solo_over100_counts_double {
                    4
                } else {
                    2
                }
            }
            _ => {
                if over100 && self.opts.over100_counts_double {
                    2
                } else {
                    1
                }
            }
        };
        if winner == 0 { [value, 0] } else { [0, value] }
    }

    /// Hand points as an array, once decided.
    pub fn result(&self) -> Option<[i64; 2]> {
        self.result.map(|(p, _)| p)
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
            Action::Bid(bid) => {
                self.check_bid(seat, bid)?;
                if bid != Bid::Pass {
                    self.highest = Some((seat, bid));
                }
                self.calls += 1;
                if self.calls >= 4 {
                    self.finish_bidding();
                } else {
                    self.turn = (self.turn + 1) % 4;
                }
                Ok(())
            }
            Action::Play(card) => {
                self.check_card(seat, card)?;
                if self.trick.is_empty() {
                    self.close_window();
                }
                if let Some(h) = self.hands.get_mut(usize::from(seat)) {
                    h.remove(card);
                }
                self.trick.push((seat, card));
                if self.trick.len() >= self.trick_size() {
                    self.complete_trick();
                } else {
                    self.turn = self.next_active(seat);
                }
                Ok(())
            }
            Action::Cante(suit) => {
                let mut w = self.check_cante(seat, suit)?;
                let value = if suit == self.trump { 40 } else { 20 };
                if let Some(x) = w.sang.get_mut(usize::from(seat)) {
                    *x = true;
                }
                self.window = Some(w);
                self.sung_suits.insert(suit_mark(suit));
                if let Some(p) = self.cante_points.get_mut(usize::from(seat % 2)) {
                    *p += value;
                }
                self.sung.push(Sung {
                    seat,
                    suit: Some(suit),
                    tute: None,
                    value,
                });
                Ok(())
            }
            Action::Tute => {
                let (mut w, kind) = self.check_tute(seat)?;
                if let Some(x) = w.sang.get_mut(usize::from(seat)) {
                    *x = true;
                }
                self.window = None;
                self.sung.push(Sung {
                    seat,
                    suit: None,
                    tute: Some(kind),
                    value: 0,
                });
                let v = match self.contract() {
                    Bid::Solo => 2,
                    _ => 1,
                };
                let pts = if seat.is_multiple_of(2) {
                    [v, 0]
                } else {
                    [0, v]
                };
                self.result = Some((pts, Decided::Tute));
                self.phase = Phase::Over;
                Ok(())
            }
            other => Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::ForeignAction {
                    key: other.key(),
                    game: "cuatrola",
                },
            )),
        }
    }

    /// Legal bids for the seat to speak.
    fn legal_bids(&self) -> Vec<Move> {
        Bid::ALL
            .into_iter()
            .filter(|b| self.check_bid(self.turn, *b).is_ok())
            .map(|b| Move::new(self.turn, Action::Bid(b)))
            .collect()
    }

    /// The legal cards of the seat to play.
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        let view = TrickView {
            cards: &self.trick,
            trump: Some(self.trump),
            partnership: Partnership::Pairs,
        };
        legal_cards(
            self.hand(self.turn),
            self.turn,
            &view,
            &self.rules(),
            &VALUES,
        )
    }
}

impl GameState for Cuatrola {
    fn current_player(&self) -> Option<u8> {
        (self.phase != Phase::Over).then_some(self.turn)
    }

    fn legal_actions(&self) -> Vec<Move> {
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Bidding => self.legal_bids(),
            Phase::Play => {
                let mut v: Vec<Move> = self
                    .legal_cards()
                    .iter()
                    .map(|c| Move::new(self.turn, Action::Play(c)))
                    .collect();
                if let Some(w) = self.window {
                    for seat in [w.side, w.side + 2] {
                        for s in Suit::ALL {
                            if self.check_cante(seat, s).is_ok() {
                                v.push(Move::new(seat, Action::Cante(s)));
                            }
                        }
                        if self.check_tute(seat).is_ok() {
                            v.push(Move::new(seat, Action::Tute));
                        }
                    }
                }
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

/// Rules a cuatrola hand record.
pub fn rule(record: &HandRecord, lang: Lang) -> Ruling {
    let dealer = record.dealer;
    let deal = match validate_deal(record, &deal_spec()) {
        Ok(d) => d,
        Err(p) => {
            return Ruling::invalid(
                2,
                dealer,
                dealer % 2,
                RuleId::DealInvalid,
                Reason::Deal(p).render(lang),
            );
        }
    };
    let opts = CuatrolaOptions::from_table(&record.options);
    let Some(mut st) = Cuatrola::from_deal(opts, dealer, record.before.as_deref(), &deal) else {
        return Ruling::invalid(
            2,
            dealer,
            dealer % 2,
            RuleId::DealInvalid,
            Reason::Deal(crate::domain::record::DealProblem::TurnedMissing).render(lang),
        );
    };
    let mut cante_events: Vec<usize> = Vec::new();
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
                kind: CallKind::Bid,
                given,
                ..
            } => st.check_bid(*seat, Bid::Pass).and_then(|_| {
                Err(Illegal::new(
                    RuleId::IllegalBid,
                    Reason::NotACall {
                        kind: CallKind::Bid,
                        given: given.clone(),
                    },
                ))
            }),
            Event::BadCall { kind, .. } => Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::ForeignAction {
                    key: kind.key(),
                    game: "cuatrola",
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
            Ok(next) => {
                if next.sung.len() > st.sung.len() {
                    cante_events.push(i);
                }
                st = next;
            }
            Err(ill) => {
                violation = Some((i, ev.seat(), ill));
                break;
            }
        }
    }
    let mut reason = GameOverReason::Target;
    if st.decided_by() == Some(Decided::Tute) {
        reason = GameOverReason::Tute;
    }
    let mut hand_points = st.result();
    // A violation before the hand's end (its last card or a tute) replaces any result
    // decided earlier (a cuatrola or quintola already won or lost): the penalty where the
    // rule is penalised, no result where the record itself is wrong. After the end the
    // result stands.
    if let Some((_, seat, ill)) = &violation
        && !st.is_terminal()
    {
        hand_points = match seat {
            Some(seat) if ill.rule.is_penalised() => {
                reason = GameOverReason::Revoke;
                Some(st.penalty(seat % 2))
            }
            _ => None,
        };
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
    let pts = st.points();
    let mut ruling = Ruling {
        format: RULING_FORMAT.into(),
        legal: violation.is_none(),
        complete: st.is_terminal(),
        violation,
        tricks: st.tricks.clone(),
        cantes: st
            .sung
            .iter()
            .zip(cante_events.iter())
            .map(|(s, &event)| CanteRecord {
                seat: s.seat,
                suit: s.suit,
                tute: s.tute,
                value: s.value,
                event,
            })
            .collect(),
        points: pts.iter().map(|p| Score::points(i64::from(*p))).collect(),
        hand_points: hand_points.map(|h| h.iter().map(|x| Score::points(*x)).collect()),
        game_over,
        discrepancies: Vec::new(),
        undecided: None,
        filled: None,
    };
    ruling.compare_declared(record.declared.as_ref());
    ruling
}

/// The contract line of [`crate::domain::explain`]: who bid what, who sits out.
pub fn contract_summary(record: &HandRecord, ruling: &Ruling, lang: Lang) -> String {
    let stop = ruling
        .violation
        .as_ref()
        .and_then(|v| v.event)
        .unwrap_or(usize::MAX);
    let mut highest: Option<(u8, Bid)> = None;
    let mut calls = 0;
    for (i, ev) in record.events.iter().enumerate() {
        if i >= stop {
            break;
        }
        if let Event::Move(Move {
            seat,
            action: Action::Bid(b),
        }) = ev
        {
            calls += 1;
            if *b != Bid::Pass {
                highest = Some((*seat, *b));
            }
        }
    }
    let trump = record
        .turned
        .as_ref()
        .and_then(|t| t.card())
        .map(|c| format!("{} ({})", c.suit().name(), c.spanish_name()))
        .unwrap_or_else(|| "?".into());
    let t = lang.pick("Triunfo", "Triomf", "Trumps");
    let contract = match (highest, calls >= 4) {
        (None, true) => lang
            .pick(
                "todos pasan: mano normal",
                "tothom passa: mà normal",
                "all passed: normal hand",
            )
            .to_string(),
        (None, false) => lang
            .pick(
                "subasta sin terminar",
                "subhasta sense acabar",
                "bidding not finished",
            )
            .to_string(),
        (Some((s, b)), done) => {
            let out = (s + 2) % 4;
            let base = match lang {
                Lang::Es => format!("{} del asiento {s}", b.slug()),
                Lang::Ca => format!("{} del seient {s}", b.slug()),
                Lang::En => format!("{} by seat {s}", b.slug()),
            };
            if done {
                match lang {
                    Lang::Es => format!("{base}; el asiento {out} no juega"),
                    Lang::Ca => format!("{base}; el seient {out} no juga"),
                    Lang::En => format!("{base}; seat {out} sits out"),
                }
            } else {
                format!(
                    "{base} ({})",
                    lang.pick(
                        "subasta sin terminar",
                        "subhasta sense acabar",
                        "bidding not finished"
                    )
                )
            }
        }
    };
    format!(
        "{t}: {trump}. {}: {contract}.",
        lang.pick("Contrato", "Contracte", "Contract")
    )
}

#[cfg(test)]
#[path = "cuatrola_tests.rs"]
mod tests;
