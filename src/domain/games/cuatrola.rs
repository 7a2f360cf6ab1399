//! Cuatrola (docs/rules.md Part A 3 and 5, Part B §3; docs/hand-record.md "Per game"). A
//! game: uses `trick_hand`, `engine`, `trick`, `messages` and the plain data below them.
//!
//! Four players in pairs, 20 cards (1, 3, 10, 11, 12), five each; the dealer's last card
//! is turned for trumps and stays in his hand. One bidding round from mano (the dealer's
//! right) to the dealer: pass < solo (2) < cuatrola (4) < quintola (5), raises only. The
//! highest bidder plays alone and his partner sits out. Every trick: follow suit and beat
//! (even over the partner), else trump and overtrump, no undertrump. Cantes 20/40 after a
//! trick won by the side, none in cuatrola/quintola hands. Scoring 1 (2 over 100) /
//! solo 2 / cuatrola 4 / quintola 5; game to 21 (11, 16).

use crate::domain::cards::{Card, CardSet, Deck, Rank, Suit};
use crate::domain::engine::GameKind;
use crate::domain::engine::{GameState, Illegal, TakesEvents, check_turn, foreign_action};
use crate::domain::games::rules::module_rules;
use crate::domain::games::rules::{
    BEST_OF, FormatDefaults, PARTIDA, QuickEntry, Rules, TIMED, target_of,
};
pub use crate::domain::games::trick_hand::{CantesPerTrick, Sung};
use crate::domain::games::trick_hand::{
    HandView, Marriages, Replay, Tally, TrickHand, Tricks, Window, before_pair, check_card,
    deal_invalid, four_hands, lapsed_for, not_a_call, replay, ruled_events, to_side,
};
use crate::domain::lang::Lang;
use crate::domain::messages::Reason;
use crate::domain::options::GameOptions;
use crate::domain::options::TableOptions;
use crate::domain::record::{
    Action, Bid, CallKind, DealProblem, DealSpec, Event, HandRecord, Move, TurnedRule,
    validate_deal,
};
use crate::domain::ruling::{GameOverReason, RuleId, Ruling, Score, TrickRecord, TuteKind};
use crate::domain::trick::{Partnership, PlayRules, RankTable, TrickView, legal_cards};

/// Cuatrola's table options, with their defaults and reasons: they stand with every game's
/// table in `options`, where a record's options are checked.
pub use crate::domain::options::CUATROLA_OPTIONS as OPTIONS;
pub use crate::domain::options::{
    BidCapRule, CuatrolaOptions, CuatrolaRevokePenalty as RevokePenalty, CuatrolaTute,
};

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
    tricks: Tricks,
    tally: Tally,
    sung: Vec<Sung>,
    /// The suits sung this hand, as [`suit_mark`]s.
    sung_suits: CardSet,
    window: Option<Window>,
    /// The marriages each seat let lapse, as [`suit_mark`]s.
    lapsed: [CardSet; 4],
    result: Option<([i64; 2], Decided)>,
}

const VALUES: RankTable = RankTable::CUATROLA;

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
            tricks: Tricks::default(),
            tally: Tally::new(2),
            sung: Vec::new(),
            sung_suits: CardSet::EMPTY,
            window: None,
            lapsed: [CardSet::EMPTY; 4],
            result: None,
        }
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
        &self.tricks.current
    }
    /// The accepted cantes and tutes, in order.
    pub fn sung(&self) -> &[Sung] {
        &self.sung
    }
    pub fn tricks(&self) -> &[TrickRecord] {
        &self.tricks.taken
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
        [self.tally.side(0), self.tally.side(1)]
    }

    /// Tricks won per side.
    pub fn tricks_won(&self) -> [u8; 2] {
        let mut t = [0u8; 2];
        for tr in &self.tricks.taken {
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
            RevokePenalty::ValueAtStake => to_side(offender_side + 1, self.value_at_stake()),
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
        check_turn(seat, self.turn)?;
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

    fn check_card(&self, seat: u8, card: Card) -> Result<(), Illegal> {
        self.check_play_turn(seat)?;
        let view = TrickView {
            cards: &self.tricks.current,
            trump: Some(self.trump),
            partnership: Partnership::Pairs,
        };
        check_card(&view, seat, (self.hand(seat), card), &self.rules(), &VALUES)
    }

    /// The common checks of a cante or tute: timing, contract, seat, window, side,
    /// per-trick limit.
    fn check_call_window(&self, seat: u8) -> Result<Window, Reason> {
        match self.phase {
            Phase::Bidding => return Err(Reason::CanteBeforeFirstTrick),
            Phase::Over => return Err(Reason::HandOver),
            Phase::Play => {}
        }
        if !self.cantes_allowed() {
            return Err(Reason::NoCantesInContract {
                contract: self.contract(),
            });
        }
        if !self.is_active(seat) {
            return Err(Reason::SitsOut { seat });
        }
        let w = Window::find(self.window, &self.tricks.taken)?;
        w.check_side(seat, seat % 2)?;
        w.check_once(seat, self.opts.cantes_per_trick)?;
        Ok(w)
    }

    /// Cuatrola's marriages: rey + caballo.
    fn marriages(&self) -> Marriages {
        Marriages::new(Rank::Caballo, self.trump)
    }

    fn check_cante(&self, seat: u8, suit: Suit) -> Result<Window, Illegal> {
        let fail = |r: Reason| Illegal::new(RuleId::IllegalCante, r);
        let w = self.check_call_window(seat).map_err(fail)?;
        let not_held = || Reason::MarriageNotHeld { seat, suit };
        self.marriages()
            .check(
                self.hand(seat),
                suit,
                self.sung_suits,
                lapsed_for(&self.lapsed, seat),
                not_held,
            )
            .map_err(fail)?;
        Ok(w)
    }

    fn check_tute(&self, seat: u8) -> Result<TuteKind, Illegal> {
        let fail = |r: Reason| Illegal::new(RuleId::IllegalTute, r);
        if self.opts.cuatrola_tute == CuatrolaTute::Ignore {
            return Err(fail(Reason::TuteNotInGame));
        }
        self.check_call_window(seat).map_err(fail)?;
        self.marriages()
            .tute(self.hand(seat))
            .ok_or_else(|| fail(Reason::TuteNotHeld { seat }))
    }

    /// Closes the cante window at the next lead: with `cante_lapses`, each active player
    /// of the side who sang nothing loses the marriages he could have sung (only the 40
    /// if he held it). Under `one_per_side`, once the partner sang nobody else could, so
    /// nothing lapses for him.
    fn close_window(&mut self) {
        let Some(w) = self.window.take() else { return };
        if !self.opts.cante_lapses || !self.cantes_allowed() {
            return;
        }
        let seats = [w.side, w.side + 2]
            .into_iter()
            .filter(|s| self.is_active(*s));
        for seat in w.silent(seats, self.opts.cantes_per_trick) {
            let lost = self.marriages().lapsing(
                self.hand(seat),
                self.sung_suits,
                lapsed_for(&self.lapsed, seat),
            );
            if let Some(l) = self.lapsed.get_mut(usize::from(seat)) {
                *l = l.union(lost);
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
        let Some((winner, points)) = self.tricks.take(Some(self.trump), &VALUES) else {
            return;
        };
        self.tally.add_cards(winner % 2, points);
        self.turn = winner;
        if self.tricks.taken.len() == 5 {
            self.tally.give_last_ten(winner % 2);
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
        self.window = Some(Window::open(winner % 2));
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
        let won = self.tricks.taken.iter().filter(|t| t.winner == s).count();
        let lost = self.tricks.taken.len() - won;
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
            std::cmp::Ordering::Equal => usize::from(self.tally.last_ten().unwrap_or(0)),
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
            cards: &self.tricks.current,
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
        self.apply_move(mv)
    }

    fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    fn hand_points(&self) -> Option<Vec<Score>> {
        self.result
            .map(|(p, _)| p.into_iter().map(Score::points).collect())
    }
}

impl TakesEvents for Cuatrola {
    fn game_name(&self) -> &'static str {
        "cuatrola"
    }

    /// Bidding first; the sitting-out partner never plays.
    fn card_turn(&self, seat: u8) -> Result<u8, Reason> {
        match self.phase {
            Phase::Bidding => Err(Reason::BiddingNotOver {
                expected: self.turn,
            }),
            Phase::Over => Err(Reason::HandOver),
            Phase::Play if !self.is_active(seat) => Err(Reason::SitsOut { seat }),
            Phase::Play => Ok(self.turn),
        }
    }

    /// A bid that is not one is `illegal_bid`, after the bid's turn check.
    fn bad_call(&self, seat: u8, kind: CallKind, given: &str) -> Illegal {
        match kind {
            CallKind::Bid => match self.check_bid(seat, Bid::Pass) {
                Err(ill) => ill,
                Ok(()) => not_a_call(RuleId::IllegalBid, kind, given),
            },
            _ => foreign_action(kind.key(), "cuatrola"),
        }
    }
}

impl TrickHand for Cuatrola {
    fn apply_action(&mut self, seat: u8, action: Action) -> Result<(), Illegal> {
        match action {
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
                if self.tricks.current.is_empty() {
                    self.close_window();
                }
                let size = self.trick_size();
                if self.tricks.lay(&mut self.hands, seat, card, size) {
                    self.complete_trick();
                } else {
                    self.turn = self.next_active(seat);
                }
                Ok(())
            }
            Action::Cante(suit) => {
                let mut w = self.check_cante(seat, suit)?;
                let sung = self
                    .marriages()
                    .sing(&mut w, &mut self.sung_suits, seat, suit);
                self.window = Some(w);
                self.tally.add_cante(seat % 2, sung.value);
                self.sung.push(sung);
                Ok(())
            }
            Action::Tute => {
                let kind = self.check_tute(seat)?;
                self.sung.push(Sung::tute(seat, kind));
                self.window = None;
                let v = match self.contract() {
                    Bid::Solo => 2,
                    _ => 1,
                };
                self.result = Some((to_side(seat, v), Decided::Tute));
                self.phase = Phase::Over;
                Ok(())
            }
            other => Err(foreign_action(other.key(), "cuatrola")),
        }
    }

    fn view(&self) -> HandView<'_> {
        self.tricks.view(self.is_terminal(), &self.sung)
    }

    fn side_points(&self) -> Vec<u32> {
        self.points().to_vec()
    }
}

/// Rules a cuatrola hand record.
pub fn rule(record: &HandRecord, lang: Lang) -> Ruling {
    let deal = match validate_deal(record, &deal_spec()) {
        Ok(d) => d,
        Err(p) => return deal_invalid(record, Reason::Deal(p), lang),
    };
    let opts = CuatrolaOptions::from_table(&record.options);
    let (Some(hands), Some(turned)) = (four_hands(&deal), deal.turned) else {
        return deal_invalid(record, Reason::Deal(DealProblem::TurnedMissing), lang);
    };
    let before = before_pair(record.before.as_deref());
    let st = Cuatrola::new(opts, record.dealer, before, hands, turned);
    let rep: Replay<Cuatrola> = replay(st, &record.events);
    let st = &rep.state;
    let mut reason = GameOverReason::Target;
    if st.decided_by() == Some(Decided::Tute) {
        reason = GameOverReason::Tute;
    }
    let mut hand_points = st.result();
    // A violation before the hand's end (its last card or a tute) replaces any result
    // decided earlier (a cuatrola or quintola already won or lost): the penalty where the
    // rule is penalised, no result where the record itself is wrong. After the end the
    // result stands.
    if rep.violation.is_some() && !st.is_terminal() {
        hand_points = rep.penalised_side().map(|side| st.penalty(side));
        if hand_points.is_some() {
            reason = GameOverReason::Revoke;
        }
    }
    rep.pair_ruling(record, lang, hand_points, opts.target, reason)
}

/// Whose turn it is after a record's events, and what that seat may do now (bids or
/// cards, by the state machine's own legal actions); `None` when the deal is not
/// valid, an event was refused, or the hand is over.
pub fn next_moves(record: &HandRecord) -> Option<(u8, Vec<Move>)> {
    let deal = validate_deal(record, &deal_spec()).ok()?;
    let opts = CuatrolaOptions::from_table(&record.options);
    let (hands, turned) = (four_hands(&deal)?, deal.turned?);
    let before = before_pair(record.before.as_deref());
    let st = Cuatrola::new(opts, record.dealer, before, hands, turned);
    replay(st, &record.events).next_moves(Cuatrola::current_player, Cuatrola::legal_actions)
}

/// The contract line of [`crate::domain::explain`]: who bid what, who sits out.
pub fn contract_summary(record: &HandRecord, ruling: &Ruling, lang: Lang) -> String {
    let mut highest: Option<(u8, Bid)> = None;
    let mut calls = 0;
    for ev in ruled_events(record, ruling) {
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
    let t = lang.pick("Triunfo", "Trumfo", "Trumps");
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

/// Cuatrola's rules beyond its play: four in pairs, a partida to the table's target
/// (11, 16 or 21) won by the side that scores its way there, a quintola at most a hand.
pub struct CuatrolaRules;

impl Rules for CuatrolaRules {
    module_rules!(GameKind::Cuatrola, next_moves);

    fn quick_entry(&self) -> QuickEntry {
        QuickEntry {
            trump: true,
            bid: true,
            cantes: true,
            ..QuickEntry::default()
        }
    }
    fn play_options(&self) -> &'static [&'static str] {
        &["head_target"]
    }
    fn rule_section(&self, rule: RuleId) -> Option<&'static str> {
        use RuleId::*;
        Some(match rule {
            MustFollowSuit | MustBeat | MustTrump | MustOvertrump => "docs/rules.md §1.6 and §3.4",
            IllegalBid => "docs/rules.md §3.3",
            IllegalCante | IllegalTute => "docs/rules.md §3.5",
            _ => return None,
        })
    }
    fn deal_spec(&self, _players: u8, _table: &TableOptions) -> DealSpec {
        deal_spec()
    }
    fn target(&self, table: &TableOptions) -> Option<u32> {
        target_of(CuatrolaOptions::from_table(table).target)
    }
    fn calls(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[("bid", &["pass", "solo", "cuatrola", "quintola"])]
    }
    fn target_option(&self) -> Option<&'static str> {
        Some("target")
    }
    fn highest_hand(&self) -> Option<u32> {
        // A quintola; a revoke costs at most the value at stake.
        Some(5)
    }
    fn match_formats(&self) -> &'static [&'static str] {
        &[PARTIDA, BEST_OF, TIMED]
    }
    fn format_defaults(&self) -> FormatDefaults {
        FormatDefaults {
            target: Some(21),
            max_hands: 20,
            minutes: 45,
            cap: 25,
        }
    }
    fn diez_de_ultimas(&self) -> bool {
        true
    }
    fn summary_line(&self, record: &HandRecord, ruling: &Ruling, lang: Lang) -> Option<String> {
        Some(contract_summary(record, ruling, lang))
    }
}

#[cfg(test)]
#[path = "cuatrola_tests.rs"]
mod tests;
