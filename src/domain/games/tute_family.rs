//! The trick engine shared by tute (2, 3 and 4 players) and guiñote (2 and 4 players):
//! docs/rules.md Part B §2 and §4, docs/hand-record.md "Tricks, draws, cantes, exchanges".
//! Part of the games: uses `engine`, `trick`, `messages` and the plain data below them.
//!
//! Both games deal from a 40-card (or 36-card) deck, may have a stock with the turned
//! card (the *pinta*) last, draw after each trick (winner first, then in turn order),
//! play freely while the stock lasts and with full obligations afterwards (or always,
//! without a stock), and sing marriages (rey + caballo in tute, rey + sota in guiñote)
//! in a window that opens when a trick completes and closes at the next lead. A tute
//! (four reyes, or four caballos / sotas) ends the hand. Guiñote adds the claim
//! ("salir") of the second deal. What differs is configured by a [`FamilyConfig`];
//! scoring stays in `tute.rs` and `guinote.rs`.
//!
//! The legal-play generator is the shared one of `trick.rs` (docs/rules.md §1.6).

use crate::domain::cards::{Card, CardSet, Rank, Suit};
use crate::domain::engine::{GameKind, GameState, Illegal, Seating, TakesEvents, foreign_action};
use crate::domain::games::rules::Rules;
pub use crate::domain::games::trick_hand::{CantesPerTrick, Sung};
use crate::domain::games::trick_hand::{
    HandView, Marriages, Replay, Tally, TrickHand, Tricks, Window, before_points, check_card,
    deal_invalid, lapsed_for, replay,
};
use crate::domain::lang::Lang;
pub use crate::domain::messages::FamilyReason;
use crate::domain::messages::Reason;
use crate::domain::options::GameOptions;
use crate::domain::record::{Action, DealProblem, DealSpec, HandRecord, Move, validate_deal};
use crate::domain::ruling::Ruling;
use crate::domain::ruling::{RuleId, Score, TrickRecord, TuteKind};
use crate::domain::trick::{Partnership, PlayRules, RankTable, TrickView, legal_cards};

/// The score a side must reach to win a guiñote partida (and tute's `points101` mode).
pub const GAME_POINTS: i64 = 101;

/// Which exchanges of the turned card exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExchangeRule {
    /// No exchange (tute for 3 or 4, or `allow_exchange = false`).
    None,
    /// Tute for 2: the 7 of trumps for an A, 3, 12, 11 or 10; the 2 for a 7, 6, 5 or 4.
    Tute,
    /// Guiñote: the 7 of trumps for an A, 3, 12, 10 or 11; with `low` (option
    /// `exchange_low_pinta`) also for a 2, 4, 5 or 6.
    Guinote { low: bool },
}

/// What a game of the family decides (built by `tute.rs` / `guinote.rs` from options).
#[derive(Debug, Clone, PartialEq)]
pub struct FamilyConfig {
    pub game: GameKind,
    pub players: u8,
    /// Pairs where the game has them for `players` (false: tute for 4, each alone).
    pub partnerships: bool,
    pub values: RankTable,
    /// The marriage partner of the rey: caballo (tute) or sota (guiñote). A tute is
    /// four reyes or four of this rank.
    pub consort: Rank,
    /// Play rules while the stock lasts (only used when `draws`).
    pub stock_rules: PlayRules,
    /// Play rules once the stock is exhausted, or always without a stock.
    pub play_rules: PlayRules,
    /// Players draw from the stock after each trick (tute for 2, guiñote).
    pub draws: bool,
    pub cantes_per_trick: CantesPerTrick,
    pub cante_lapses: bool,
    /// A cante or tute needs cards left in the stock after the draw (tute for 2;
    /// guiñote with `cantes_in_arrastre = false`).
    pub cantes_need_stock: bool,
    pub allow_tute: bool,
    /// A player who already sang a marriage may still declare a tute.
    pub tute_after_cante: bool,
    pub exchange: ExchangeRule,
    /// `claim` events belong to the game (guiñote).
    pub claims: bool,
    /// This deal is the second one, "de vueltas" (guiñote): claims can be valid.
    pub vueltas: bool,
    /// De vueltas: the hand ends by itself as soon as a side reaches 101
    /// (`vueltas_claim = automatic`).
    pub auto_end_at_101: bool,
}

impl FamilyConfig {
    /// How the seats form sides.
    pub fn seating(&self) -> Seating {
        Seating {
            players: self.players,
            pairs: self.partnerships && self.game.in_pairs(self.players),
        }
    }
    pub fn in_pairs(&self) -> bool {
        self.seating().pairs
    }
    pub fn sides(&self) -> u8 {
        self.seating().sides()
    }
    pub fn side_of(&self, seat: u8) -> u8 {
        self.seating().side_of(seat)
    }
}

fn fam(rule: RuleId, r: FamilyReason) -> Illegal {
    Illegal::new(rule, Reason::TuteFamily(r))
}

/// How the hand ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Every card was played.
    Played,
    /// A tute was declared.
    Tute { seat: u8, kind: TuteKind },
    /// A valid claim (guiñote de vueltas).
    Claim { side: u8 },
    /// De vueltas with `vueltas_claim = automatic`: a side reached 101.
    Reached { side: u8 },
}

/// The state of one tute or guiñote hand (referee view: every hand is known).
#[derive(Debug, Clone, PartialEq)]
pub struct Family {
    cfg: FamilyConfig,
    dealer: u8,
    before: Vec<i64>,
    trump: Suit,
    turned: Card,
    hands: Vec<CardSet>,
    /// Undrawn cards, first drawn first; the pinta (possibly exchanged) last.
    stock: Vec<Card>,
    turn: u8,
    tricks: Tricks,
    end: Option<End>,
    tally: Tally,
    /// The first side whose `before` + points reached 101 during this hand.
    first_reached: Option<u8>,
    window: Option<Window>,
    /// The seats that sang a marriage (a tute may not follow, by option).
    sang_marriage: [bool; 4],
    sung: Vec<Sung>,
    /// The suits sung this hand, as [`suit_mark`](crate::domain::games::trick_hand::suit_mark)s.
    sung_suits: CardSet,
    /// The marriages each seat let lapse, as suit marks.
    lapsed: [CardSet; 4],
}

impl Family {
    /// A new hand: `hands` in seat order, `stock` in drawing order (the pinta last where
    /// the game has one), `turned` fixes trumps, `before` each side's score (0s if absent).
    pub fn new(
        cfg: FamilyConfig,
        dealer: u8,
        before: Option<&[i64]>,
        hands: Vec<CardSet>,
        stock: Vec<Card>,
        turned: Card,
    ) -> Family {
        let players = cfg.players.clamp(2, 4);
        let cfg = FamilyConfig { players, ..cfg };
        let tally = Tally::new(cfg.sides());
        let sides = usize::from(cfg.sides());
        let dealer = dealer % players;
        let mut hands = hands;
        hands.resize(usize::from(players), CardSet::EMPTY);
        let before: Vec<i64> = (0..sides)
            .map(|i| before.and_then(|b| b.get(i)).copied().unwrap_or(0))
            .collect();
        let first_reached = (0..cfg.sides()).find(|s| {
            before
                .get(usize::from(*s))
                .is_some_and(|b| *b >= GAME_POINTS)
        });
        Family {
            cfg,
            dealer,
            before,
            trump: turned.suit(),
            turned,
            hands,
            stock,
            turn: (dealer + 1) % players,
            tricks: Tricks::default(),
            end: None,
            tally,
            first_reached,
            window: None,
            sang_marriage: [false; 4],
            sung: Vec::new(),
            sung_suits: CardSet::EMPTY,
            lapsed: [CardSet::EMPTY; 4],
        }
    }

    pub fn config(&self) -> &FamilyConfig {
        &self.cfg
    }
    pub fn players(&self) -> u8 {
        self.cfg.players
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    /// The seat after the dealer, who leads the first trick.
    pub fn mano(&self) -> u8 {
        (self.dealer + 1) % self.cfg.players
    }
    pub fn trump(&self) -> Suit {
        self.trump
    }
    /// The card turned at the deal.
    pub fn turned(&self) -> Card {
        self.turned
    }
    /// The card now lying last under the stock (after any exchange), while there is one.
    pub fn pinta(&self) -> Option<Card> {
        if self.cfg.draws {
            self.stock.last().copied()
        } else {
            None
        }
    }
    pub fn before(&self) -> &[i64] {
        &self.before
    }
    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands
            .get(usize::from(seat))
            .copied()
            .unwrap_or_default()
    }
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }
    pub fn tricks(&self) -> &[TrickRecord] {
        &self.tricks.taken
    }
    pub fn current_trick(&self) -> &[(u8, Card)] {
        &self.tricks.current
    }
    pub fn sung(&self) -> &[Sung] {
        &self.sung
    }
    pub fn end(&self) -> Option<End> {
        self.end
    }
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }
    pub fn turn(&self) -> u8 {
        self.turn
    }
    /// The side that took the last trick so far.
    pub fn last_trick_side(&self) -> Option<u8> {
        self.tricks.taken.last().map(|t| self.cfg.side_of(t.winner))
    }
    /// The side that won the last trick of a finished hand (its 10 de últimas).
    pub fn last_ten(&self) -> Option<u8> {
        self.tally.last_ten()
    }
    /// The first side whose `before` + points reached 101 during the hand.
    pub fn first_reached(&self) -> Option<u8> {
        self.first_reached
    }
    /// Cantes (not tutes) sung per side, in points.
    pub fn cante_points(&self) -> &[u32] {
        self.tally.cante_points()
    }
    /// Whether a trick is played with the stock still there (free play).
    pub fn in_stock_phase(&self) -> bool {
        self.cfg.draws && !self.stock.is_empty()
    }

    /// Each side's points so far: cards of completed tricks, the last 10, cantes.
    pub fn points(&self) -> Vec<u32> {
        self.tally.points()
    }

    /// `before` + points of a side now.
    pub fn total(&self, side: u8) -> i64 {
        let b = self.before.get(usize::from(side)).copied().unwrap_or(0);
        let p = if side < self.cfg.sides() {
            self.tally.side(side)
        } else {
            0
        };
        b.saturating_add(i64::from(p))
    }

    fn partnership(&self) -> Partnership {
        if self.cfg.in_pairs() {
            Partnership::Pairs
        } else {
            Partnership::Individual
        }
    }

    fn rules(&self) -> PlayRules {
        if self.in_stock_phase() {
            self.cfg.stock_rules
        } else {
            self.cfg.play_rules
        }
    }

    fn trick_view(&self) -> TrickView<'_> {
        TrickView {
            cards: &self.tricks.current,
            trump: Some(self.trump),
            partnership: self.partnership(),
        }
    }

    /// The legal cards of the seat to play (empty once the hand is over).
    pub fn legal_cards(&self) -> CardSet {
        if self.is_over() {
            return CardSet::EMPTY;
        }
        legal_cards(
            self.hand(self.turn),
            self.turn,
            &self.trick_view(),
            &self.rules(),
            &self.cfg.values,
        )
    }

    fn check_card(&self, seat: u8, card: Card) -> Result<(), Illegal> {
        self.check_play_turn(seat)?;
        let (view, rules) = (self.trick_view(), self.rules());
        check_card(
            &view,
            seat,
            (self.hand(seat), card),
            &rules,
            &self.cfg.values,
        )
    }

    /// Cantes and tutes may be made in the current window as far as the stock goes.
    fn stock_allows_cantes(&self) -> bool {
        !self.cfg.cantes_need_stock || !self.stock.is_empty()
    }

    /// The common checks of a cante or tute: hand over, window, side, stock, per-trick limit.
    fn check_call_window(&self, seat: u8) -> Result<Window, Reason> {
        if self.is_over() {
            return Err(Reason::HandOver);
        }
        let w = Window::find(self.window, &self.tricks.taken)?;
        w.check_side(seat, self.cfg.side_of(seat))?;
        if !self.stock_allows_cantes() {
            return Err(Reason::TuteFamily(FamilyReason::CantesNeedStock));
        }
        w.check_once(seat, self.cfg.cantes_per_trick)?;
        Ok(w)
    }

    /// The game's marriages: rey + caballo (tute) or rey + sota (guiñote).
    fn marriages(&self) -> Marriages {
        Marriages::new(self.cfg.consort, self.trump)
    }

    fn check_cante(&self, seat: u8, suit: Suit) -> Result<Window, Illegal> {
        let fail = |r: Reason| Illegal::new(RuleId::IllegalCante, r);
        let w = self.check_call_window(seat).map_err(fail)?;
        let consort = self.cfg.consort;
        let not_held = || {
            Reason::TuteFamily(FamilyReason::MarriageNotHeld {
                seat,
                suit,
                consort,
            })
        };
        let (hand, lapsed) = (self.hand(seat), lapsed_for(&self.lapsed, seat));
        self.marriages()
            .check(hand, suit, self.sung_suits, lapsed, not_held)
            .map_err(fail)?;
        Ok(w)
    }

    /// Four reyes, or four of the consort rank (caballos / sotas), in `seat`'s hand.
    pub fn tute_kind(&self, seat: u8) -> Option<TuteKind> {
        self.marriages().tute(self.hand(seat))
    }

    fn check_tute(&self, seat: u8) -> Result<TuteKind, Illegal> {
        if !self.cfg.allow_tute {
            return Err(fam(RuleId::IllegalTute, FamilyReason::TuteNotAllowed));
        }
        self.check_call_window(seat)
            .map_err(|r| Illegal::new(RuleId::IllegalTute, r))?;
        let sang = self.sang_marriage.get(usize::from(seat)).copied();
        if !self.cfg.tute_after_cante && sang.unwrap_or(false) {
            return Err(fam(
                RuleId::IllegalTute,
                FamilyReason::TuteAfterCante { seat },
            ));
        }
        self.tute_kind(seat).ok_or_else(|| {
            fam(
                RuleId::IllegalTute,
                FamilyReason::TuteNotHeld {
                    seat,
                    consort: self.cfg.consort,
                },
            )
        })
    }

    /// Whether `card` (a trump) may be exchanged for a pinta of rank `pinta`.
    fn exchange_fits(&self, card: Card, pinta: Card) -> bool {
        if card.suit() != self.trump || pinta.suit() != self.trump {
            return false;
        }
        let high = matches!(
            pinta.rank(),
            Rank::As | Rank::Three | Rank::Rey | Rank::Caballo | Rank::Sota
        );
        let low = matches!(
            pinta.rank(),
            Rank::Seven | Rank::Six | Rank::Five | Rank::Four
        );
        match self.cfg.exchange {
            ExchangeRule::None => false,
            ExchangeRule::Tute => {
                (card.rank() == Rank::Seven && high) || (card.rank() == Rank::Two && low)
            }
            ExchangeRule::Guinote { low: low_ok } => {
                card.rank() == Rank::Seven
                    && (high
                        || (low_ok
                            && matches!(
                                pinta.rank(),
                                Rank::Two | Rank::Four | Rank::Five | Rank::Six
                            )))
            }
        }
    }

    fn check_exchange(&self, seat: u8, card: Card) -> Result<Card, Illegal> {
        let rule = RuleId::IllegalExchange;
        if self.cfg.exchange == ExchangeRule::None || !self.cfg.draws {
            return Err(fam(
                rule,
                FamilyReason::ExchangeNotInGame {
                    game: self.cfg.game.name(),
                },
            ));
        }
        if self.is_over() {
            return Err(Illegal::new(rule, Reason::HandOver));
        }
        let Some(w) = self.window else {
            return Err(fam(rule, FamilyReason::ExchangeOutOfWindow));
        };
        w.check_side(seat, self.cfg.side_of(seat))
            .map_err(|r| Illegal::new(rule, r))?;
        let Some(pinta) = self.stock.last().copied() else {
            return Err(fam(rule, FamilyReason::PintaGone));
        };
        if !self.hand(seat).contains(card) {
            return Err(Illegal::new(rule, Reason::CardNotHeld { seat, card }));
        }
        if !self.exchange_fits(card, pinta) {
            return Err(fam(rule, FamilyReason::ExchangeWrongCard { card, pinta }));
        }
        Ok(pinta)
    }

    /// Checks a claim ("salir") by `seat`'s side.
    fn check_claim(&self, seat: u8) -> Result<u8, Illegal> {
        let rule = RuleId::FalseClaim;
        if !self.cfg.claims {
            return Err(foreign_action("claim", self.cfg.game.name()));
        }
        if self.is_over() {
            return Err(Illegal::new(rule, Reason::HandOver));
        }
        if !self.cfg.vueltas {
            return Err(fam(rule, FamilyReason::ClaimNotVueltas));
        }
        let side = self.cfg.side_of(seat);
        let total = self.total(side);
        // Reaching 101 first decides nothing by itself: until a valid claim or a tute
        // ends the hand, either side at 101 may claim.
        if total < GAME_POINTS {
            return Err(fam(rule, FamilyReason::ClaimShort { points: total }));
        }
        Ok(side)
    }

    /// The state after `mv`, or why it is illegal; `self` is never changed.
    pub fn apply(&self, mv: &Move) -> Result<Family, Illegal> {
        self.apply_move(mv)
    }

    /// Records the first side to reach 101 (`before` + points); de vueltas with
    /// `auto_end_at_101` that ends the hand.
    fn update_race(&mut self) {
        if self.first_reached.is_none() {
            self.first_reached = (0..self.cfg.sides()).find(|&s| self.total(s) >= GAME_POINTS);
        }
        if self.end.is_none()
            && self.cfg.vueltas
            && self.cfg.auto_end_at_101
            && let Some(side) = self.first_reached
        {
            self.window = None;
            self.end = Some(End::Reached { side });
        }
    }

    /// Closes the cante window at the next lead: with `cante_lapses`, each player of the
    /// side who sang nothing loses the marriages he could have sung (only the 40 if he
    /// held it).
    fn close_window(&mut self) {
        let Some(w) = self.window.take() else { return };
        if !self.cfg.cante_lapses || !self.stock_allows_cantes() {
            return;
        }
        let seats = (0..self.cfg.players).filter(|s| self.cfg.side_of(*s) == w.side);
        for seat in w.silent(seats, self.cfg.cantes_per_trick) {
            let (hand, lapsed) = (self.hand(seat), lapsed_for(&self.lapsed, seat));
            let lost = self.marriages().lapsing(hand, self.sung_suits, lapsed);
            if let Some(l) = self.lapsed.get_mut(usize::from(seat)) {
                *l = l.union(lost);
            }
        }
    }

    /// Takes the trick; while the stock lasts everybody draws, the winner first.
    fn complete_trick(&mut self) {
        let trump = Some(self.trump);
        let Some((winner, points)) = self.tricks.take(trump, &self.cfg.values) else {
            return;
        };
        let side = self.cfg.side_of(winner);
        self.tally.add_cards(side, points);
        self.turn = winner;
        if self.cfg.draws {
            for k in 0..self.cfg.players {
                if self.stock.is_empty() {
                    break;
                }
                let seat = (winner + k) % self.cfg.players;
                let card = self.stock.remove(0);
                if let Some(h) = self.hands.get_mut(usize::from(seat)) {
                    h.insert(card);
                }
            }
        }
        if self.hands.iter().all(|h| h.is_empty()) {
            self.tally.give_last_ten(side);
            self.end = Some(End::Played);
            self.update_race();
            return;
        }
        self.window = Some(Window::open(side));
        self.update_race();
    }

    /// Every action that is legal now, by any seat: the card plays of the seat to play,
    /// and the cantes, tutes, exchanges and claims of any seat.
    pub fn legal_actions(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let mut v: Vec<Move> = self
            .legal_cards()
            .iter()
            .map(|c| Move::new(self.turn, Action::Play(c)))
            .collect();
        if self.window.is_some() {
            for seat in 0..self.cfg.players {
                for s in Suit::ALL {
                    if self.check_cante(seat, s).is_ok() {
                        v.push(Move::new(seat, Action::Cante(s)));
                    }
                }
                if self.check_tute(seat).is_ok() {
                    v.push(Move::new(seat, Action::Tute));
                }
                for c in self.hand(seat).of_suit(self.trump).iter() {
                    if self.check_exchange(seat, c).is_ok() {
                        v.push(Move::new(seat, Action::Exchange(c)));
                    }
                }
            }
        }
        if self.cfg.claims {
            for seat in 0..self.cfg.players {
                if self.check_claim(seat).is_ok() {
                    v.push(Move::new(seat, Action::Claim));
                }
            }
        }
        v
    }
}

impl TakesEvents for Family {
    fn game_name(&self) -> &'static str {
        self.cfg.game.name()
    }

    fn card_turn(&self, _seat: u8) -> Result<u8, Reason> {
        if self.is_over() {
            return Err(Reason::HandOver);
        }
        Ok(self.turn)
    }
}

impl TrickHand for Family {
    fn side_of(&self, seat: u8) -> u8 {
        self.cfg.side_of(seat)
    }

    fn players(&self) -> u8 {
        self.cfg.players
    }

    fn apply_action(&mut self, seat: u8, action: Action) -> Result<(), Illegal> {
        match action {
            Action::Play(card) => {
                self.check_card(seat, card)?;
                if self.tricks.current.is_empty() {
                    self.close_window();
                }
                let size = usize::from(self.cfg.players);
                if self.tricks.lay(&mut self.hands, seat, card, size) {
                    self.complete_trick();
                } else {
                    self.turn = (seat + 1) % self.cfg.players;
                }
                Ok(())
            }
            Action::Cante(suit) => {
                let mut w = self.check_cante(seat, suit)?;
                let marriages = self.marriages();
                let sung = marriages.sing(&mut w, &mut self.sung_suits, seat, suit);
                self.window = Some(w);
                if let Some(x) = self.sang_marriage.get_mut(usize::from(seat)) {
                    *x = true;
                }
                self.tally.add_cante(self.cfg.side_of(seat), sung.value);
                self.sung.push(sung);
                self.update_race();
                Ok(())
            }
            Action::Tute => {
                let kind = self.check_tute(seat)?;
                self.window = None;
                self.sung.push(Sung::tute(seat, kind));
                self.end = Some(End::Tute { seat, kind });
                Ok(())
            }
            Action::Exchange(card) => {
                let pinta = self.check_exchange(seat, card)?;
                if let Some(h) = self.hands.get_mut(usize::from(seat)) {
                    h.remove(card);
                    h.insert(pinta);
                }
                if let Some(last) = self.stock.last_mut() {
                    *last = card;
                }
                Ok(())
            }
            Action::Claim => {
                let side = self.check_claim(seat)?;
                self.window = None;
                self.end = Some(End::Claim { side });
                Ok(())
            }
            other => Err(foreign_action(other.key(), self.cfg.game.name())),
        }
    }

    fn side_points(&self) -> Vec<u32> {
        self.points()
    }

    fn view(&self) -> HandView<'_> {
        self.tricks.view(self.is_over(), &self.sung)
    }
}

/// What a game of the family decides from its options: its configuration for a deal,
/// the scores a deal starts from, and what a finished hand scores.
pub trait FamilyRules: Copy {
    /// The configuration of a deal for `players` seats that starts from `before`.
    fn config(&self, players: u8, before: Option<&[i64]>) -> FamilyConfig;
    /// The scores the deal counts from (`before` as given, unless the game says
    /// otherwise).
    fn counted_before(&self, before: Option<&[i64]>) -> Option<Vec<i64>> {
        before.map(<[i64]>::to_vec)
    }
    /// Hand points once the hand is over (no violation).
    fn result(&self, core: &Family) -> Option<Vec<i64>>;
}

/// A tute or guiñote hand: the family's state and the game's options.
#[derive(Debug, Clone, PartialEq)]
pub struct FamilyHand<O> {
    core: Family,
    opts: O,
}

impl<O: FamilyRules> FamilyHand<O> {
    /// A new hand: `hands` in seat order, `stock` in drawing order (the turned card
    /// last where the game has a stock), `turned` fixes trumps.
    pub fn new(
        opts: O,
        players: u8,
        dealer: u8,
        before: Option<&[i64]>,
        hands: Vec<CardSet>,
        stock: Vec<Card>,
        turned: Card,
    ) -> FamilyHand<O> {
        let cfg = opts.config(players, before);
        let counted = opts.counted_before(before);
        let core = Family::new(cfg, dealer, counted.as_deref(), hands, stock, turned);
        FamilyHand { core, opts }
    }
    pub fn core(&self) -> &Family {
        &self.core
    }
    pub fn options(&self) -> &O {
        &self.opts
    }
    /// Hand points once the hand is over (no violation).
    pub fn result(&self) -> Option<Vec<i64>> {
        self.opts.result(&self.core)
    }
}

/// A family record replayed, with its `before`; or the ruling of its invalid deal.
pub type ReplayedRecord = Result<(Replay<Family>, Option<Vec<i64>>), Box<Ruling>>;

/// The answers of [`Rules`] that the tute family's games give alike: the diez de
/// últimas, the turned card as the summary line, and the moves on turn from the
/// family's engine under the game's table options `$options`. Written inside the
/// game's `impl Rules`, beside `module_rules!`.
macro_rules! family_rules {
    ($options:ty) => {
        fn diez_de_ultimas(&self) -> bool {
            true
        }

        fn summary_line(
            &self,
            record: &$crate::domain::record::HandRecord,
            _ruling: &$crate::domain::ruling::Ruling,
            lang: $crate::domain::lang::Lang,
        ) -> Option<String> {
            $crate::domain::games::tute_family::trump_summary(record, lang)
        }

        fn next_moves(
            &self,
            record: &$crate::domain::record::HandRecord,
        ) -> Option<(u8, Vec<$crate::domain::record::Move>)> {
            $crate::domain::games::tute_family::moves_on_turn::<$options>(self, record)
        }
    };
}
pub(crate) use family_rules;

/// The trump line of the explanation of a hand: the suit and the card turned up to
/// fix it ("Triunfo: oros (rey de oros)."); `None` when the record turned no card.
pub fn trump_summary(record: &HandRecord, lang: Lang) -> Option<String> {
    let card = record.turned.as_ref().and_then(|t| t.card())?;
    Some(format!(
        "{}: {} ({}).",
        lang.pick("Triunfo", "Trumfo", "Trumps"),
        card.suit().name(),
        card.spanish_name()
    ))
}

/// The seat on turn after the events of a record of the family's game `rules`, read
/// under the record's options `O`, and its legal moves; `None` for a deal that is not
/// valid, after a refused event or once the hand is over.
pub fn moves_on_turn<O: FamilyRules + GameOptions>(
    rules: &dyn Rules,
    record: &HandRecord,
) -> Option<(u8, Vec<Move>)> {
    let spec = rules.deal_spec(record.players, &record.options);
    let opts = O::from_table(&record.options);
    let (rep, _) = replay_record(record, &spec, opts, Lang::Es).ok()?;
    rep.next_moves(
        |s| (!s.is_over()).then_some(s.turn()),
        Family::legal_actions,
    )
}

/// A record of the family replayed: its deal checked against `spec`, its hand set up
/// with `opts`, its events replayed. Also returns the record's `before`; the ruling of
/// an invalid deal instead.
pub fn replay_record<O: FamilyRules>(
    record: &HandRecord,
    spec: &DealSpec,
    opts: O,
    lang: Lang,
) -> ReplayedRecord {
    let invalid = |p: DealProblem| Box::new(deal_invalid(record, Reason::Deal(p), lang));
    let deal = validate_deal(record, spec).map_err(invalid)?;
    let Some(turned) = deal.turned else {
        return Err(invalid(DealProblem::TurnedMissing));
    };
    let before = before_points(record.before.as_deref());
    let (players, dealer) = (record.players, record.dealer);
    let st = FamilyHand::new(
        opts,
        players,
        dealer,
        before.as_deref(),
        deal.hands,
        deal.stock,
        turned,
    );
    Ok((replay(st.core, &record.events), before))
}

impl<O: FamilyRules> GameState for FamilyHand<O> {
    fn current_player(&self) -> Option<u8> {
        (!self.core.is_over()).then_some(self.core.turn())
    }

    fn legal_actions(&self) -> Vec<Move> {
        self.core.legal_actions()
    }

    fn apply(&self, mv: &Move) -> Result<Self, Illegal> {
        Ok(FamilyHand {
            core: self.core.apply(mv)?,
            opts: self.opts,
        })
    }

    fn is_terminal(&self) -> bool {
        self.core.is_over()
    }

    fn hand_points(&self) -> Option<Vec<Score>> {
        self.result()
            .map(|p| p.iter().map(|x| Score::points(*x)).collect())
    }
}
