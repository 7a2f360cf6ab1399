//! The trick engine shared by tute (2, 3 and 4 players) and guiñote (2 and 4 players):
//! rules.md Part B §2 and §4, spec/hand-record.md "Tricks, draws, cantes, exchanges".
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
//! The legal-play generator is the shared one of `trick.rs` (rules.md §1.6).

use crate::domain::cards::{Card, CardSet, Rank, Suit};
use crate::domain::engine::{GameKind, Illegal, Seating};
use crate::domain::lang::Lang;
pub use crate::domain::messages::FamilyReason;
use crate::domain::messages::Reason;
use crate::domain::record::{Action, Declared, Event, Move};
use crate::domain::ruling::{
    CanteRecord, GameOver, RULING_FORMAT, RuleId, Ruling, Score, TrickRecord, TuteKind, Violation,
};
use crate::domain::trick::{
    CardValues, Obligation, Partnership, PlayRules, RankTable, TrickView, check_play, legal_cards,
    winning_index,
};

/// The score a side must reach to win a guiñote partida (and tute's `points101` mode).
pub const GAME_POINTS: i64 = 101;

/// `cantes_per_trick` (rules.md Part A 4, §7 row 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CantesPerTrick {
    OnePerPlayer,
    OnePerSide,
}

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

/// The cante window: open from a trick's completion to the next lead.
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
    trick: Vec<(u8, Card)>,
    tricks: Vec<TrickRecord>,
    card_points: Vec<u32>,
    last_ten: Option<u8>,
    sung: Vec<Sung>,
    cante_points: Vec<u32>,
    sung_suits: [bool; 4],
    window: Option<Window>,
    lapsed: [[bool; 4]; 4],
    sang_marriage: [bool; 4],
    end: Option<End>,
    /// The first side whose `before` + points reached 101 during this hand.
    first_reached: Option<u8>,
}

fn suit_ix(s: Suit) -> usize {
    usize::from(s.index())
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
            trick: Vec::new(),
            tricks: Vec::new(),
            card_points: vec![0; sides],
            last_ten: None,
            sung: Vec::new(),
            cante_points: vec![0; sides],
            sung_suits: [false; 4],
            window: None,
            lapsed: [[false; 4]; 4],
            sang_marriage: [false; 4],
            end: None,
            first_reached,
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
    pub fn current_trick(&self) -> &[(u8, Card)] {
        &self.trick
    }
    pub fn tricks(&self) -> &[TrickRecord] {
        &self.tricks
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
        self.tricks.last().map(|t| self.cfg.side_of(t.winner))
    }
    /// The side that won the last trick of a finished hand (its 10 de últimas).
    pub fn last_ten(&self) -> Option<u8> {
        self.last_ten
    }
    /// The first side whose `before` + points reached 101 during the hand.
    pub fn first_reached(&self) -> Option<u8> {
        self.first_reached
    }
    /// Cantes (not tutes) sung per side, in points.
    pub fn cante_points(&self) -> &[u32] {
        &self.cante_points
    }
    /// Whether a trick is played with the stock still there (free play).
    pub fn in_stock_phase(&self) -> bool {
        self.cfg.draws && !self.stock.is_empty()
    }

    /// Each side's points so far: cards of completed tricks, the last 10, cantes.
    pub fn points(&self) -> Vec<u32> {
        (0..self.cfg.sides())
            .map(|side| {
                let i = usize::from(side);
                let ten = if self.last_ten == Some(side) { 10 } else { 0 };
                self.card_points.get(i).copied().unwrap_or(0)
                    + ten
                    + self.cante_points.get(i).copied().unwrap_or(0)
            })
            .collect()
    }

    /// `before` + points of a side now.
    pub fn total(&self, side: u8) -> i64 {
        let b = self.before.get(usize::from(side)).copied().unwrap_or(0);
        let p = self.points().get(usize::from(side)).copied().unwrap_or(0);
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

    fn view(&self) -> TrickView<'_> {
        TrickView {
            cards: &self.trick,
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
            &self.view(),
            &self.rules(),
            &self.cfg.values,
        )
    }

    /// The turn check of a card play (also used for a `play` whose value is not a card).
    pub fn check_play_turn(&self, seat: u8) -> Result<(), Illegal> {
        if self.is_over() {
            return Err(Illegal::new(RuleId::OutOfTurn, Reason::HandOver));
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
        Ok(())
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
        check_play(
            hand,
            card,
            seat,
            &self.view(),
            &self.rules(),
            &self.cfg.values,
        )
        .map_err(|o| {
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

    /// Cantes and tutes may be made in the current window as far as the stock goes.
    fn stock_allows_cantes(&self) -> bool {
        !self.cfg.cantes_need_stock || !self.stock.is_empty()
    }

    /// The common checks of a cante or tute: hand over, window, side, stock, per-trick limit.
    fn check_call_window(&self, seat: u8, rule: RuleId) -> Result<Window, Illegal> {
        if self.is_over() {
            return Err(Illegal::new(rule, Reason::HandOver));
        }
        let Some(w) = self.window else {
            return Err(Illegal::new(
                rule,
                if self.tricks.is_empty() {
                    Reason::CanteBeforeFirstTrick
                } else {
                    Reason::CanteOutOfWindow
                },
            ));
        };
        if self.cfg.side_of(seat) != w.side {
            return Err(Illegal::new(rule, Reason::CanteWrongSide { seat }));
        }
        if !self.stock_allows_cantes() {
            return Err(fam(rule, FamilyReason::CantesNeedStock));
        }
        let per_side = self.cfg.cantes_per_trick == CantesPerTrick::OnePerSide;
        let already = if per_side {
            w.sang.iter().any(|s| *s)
        } else {
            w.sang.get(usize::from(seat)).copied().unwrap_or(true)
        };
        if already {
            return Err(Illegal::new(
                rule,
                Reason::CanteAlreadyMade { seat, per_side },
            ));
        }
        Ok(w)
    }

    fn holds_marriage(&self, seat: u8, suit: Suit) -> bool {
        let h = self.hand(seat);
        h.contains(Card::new(Rank::Rey, suit)) && h.contains(Card::new(self.cfg.consort, suit))
    }

    fn is_lapsed(&self, seat: u8, suit: Suit) -> bool {
        self.lapsed
            .get(usize::from(seat))
            .and_then(|l| l.get(suit_ix(suit)))
            .copied()
            .unwrap_or(false)
    }

    fn suit_sung(&self, suit: Suit) -> bool {
        self.sung_suits.get(suit_ix(suit)).copied().unwrap_or(false)
    }

    /// A marriage `seat` could sing if the window allowed it (held, unsung, not lapsed).
    fn singable(&self, seat: u8, suit: Suit) -> bool {
        self.holds_marriage(seat, suit) && !self.suit_sung(suit) && !self.is_lapsed(seat, suit)
    }

    fn check_cante(&self, seat: u8, suit: Suit) -> Result<Window, Illegal> {
        let w = self.check_call_window(seat, RuleId::IllegalCante)?;
        let fail = |r: Reason| Err(Illegal::new(RuleId::IllegalCante, r));
        if self.suit_sung(suit) {
            return fail(Reason::SuitAlreadySung { suit });
        }
        if !self.holds_marriage(seat, suit) {
            return Err(fam(
                RuleId::IllegalCante,
                FamilyReason::MarriageNotHeld {
                    seat,
                    suit,
                    consort: self.cfg.consort,
                },
            ));
        }
        if self.is_lapsed(seat, suit) {
            return fail(Reason::CanteLapsed { suit });
        }
        if suit != self.trump && self.singable(seat, self.trump) {
            return fail(Reason::FortyFirst { trump: self.trump });
        }
        Ok(w)
    }

    /// Four reyes, or four of the consort rank (caballos / sotas), in `seat`'s hand.
    pub fn tute_kind(&self, seat: u8) -> Option<TuteKind> {
        let h = self.hand(seat);
        let all = |r: Rank| Suit::ALL.iter().all(|s| h.contains(Card::new(r, *s)));
        if all(Rank::Rey) {
            Some(TuteKind::Kings)
        } else if all(self.cfg.consort) {
            Some(if self.cfg.consort == Rank::Sota {
                TuteKind::Sotas
            } else {
                TuteKind::Caballos
            })
        } else {
            None
        }
    }

    fn check_tute(&self, seat: u8) -> Result<TuteKind, Illegal> {
        if !self.cfg.allow_tute {
            return Err(fam(RuleId::IllegalTute, FamilyReason::TuteNotAllowed));
        }
        self.check_call_window(seat, RuleId::IllegalTute)?;
        if !self.cfg.tute_after_cante
            && self
                .sang_marriage
                .get(usize::from(seat))
                .copied()
                .unwrap_or(false)
        {
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
        if self.cfg.side_of(seat) != w.side {
            return Err(Illegal::new(rule, Reason::CanteWrongSide { seat }));
        }
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
            return Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::ForeignAction {
                    key: "claim",
                    game: self.cfg.game.name(),
                },
            ));
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
        let mut next = self.clone();
        next.apply_mut(mv)?;
        Ok(next)
    }

    fn apply_mut(&mut self, mv: &Move) -> Result<(), Illegal> {
        let seat = mv.seat;
        if seat >= self.cfg.players {
            return Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::Record(format!("seat {seat} does not exist")),
            ));
        }
        match mv.action {
            Action::Play(card) => {
                self.check_card(seat, card)?;
                if self.trick.is_empty() {
                    self.close_window();
                }
                if let Some(h) = self.hands.get_mut(usize::from(seat)) {
                    h.remove(card);
                }
                self.trick.push((seat, card));
                if self.trick.len() >= usize::from(self.cfg.players) {
                    self.complete_trick();
                } else {
                    self.turn = (seat + 1) % self.cfg.players;
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
                if let Some(x) = self.sung_suits.get_mut(suit_ix(suit)) {
                    *x = true;
                }
                if let Some(x) = self.sang_marriage.get_mut(usize::from(seat)) {
                    *x = true;
                }
                let side = usize::from(self.cfg.side_of(seat));
                if let Some(p) = self.cante_points.get_mut(side) {
                    *p += value;
                }
                self.sung.push(Sung {
                    seat,
                    suit: Some(suit),
                    tute: None,
                    value,
                });
                self.update_race();
                Ok(())
            }
            Action::Tute => {
                let kind = self.check_tute(seat)?;
                self.window = None;
                self.sung.push(Sung {
                    seat,
                    suit: None,
                    tute: Some(kind),
                    value: 0,
                });
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
            other => Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::ForeignAction {
                    key: other.key(),
                    game: self.cfg.game.name(),
                },
            )),
        }
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
        let side_sang = w.sang.iter().any(|s| *s);
        if side_sang && self.cfg.cantes_per_trick == CantesPerTrick::OnePerSide {
            return;
        }
        for seat in 0..self.cfg.players {
            if self.cfg.side_of(seat) != w.side
                || w.sang.get(usize::from(seat)).copied() != Some(false)
            {
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
                    if let Some(x) = l.get_mut(suit_ix(s)) {
                        *x = true;
                    }
                }
            }
        }
    }

    fn complete_trick(&mut self) {
        let Some(wi) = winning_index(&self.trick, Some(self.trump), &self.cfg.values) else {
            return;
        };
        let Some(&(winner, _)) = self.trick.get(wi) else {
            return;
        };
        let side = self.cfg.side_of(winner);
        let pts: u32 = self
            .trick
            .iter()
            .map(|&(_, c)| self.cfg.values.points(c))
            .sum();
        if let Some(p) = self.card_points.get_mut(usize::from(side)) {
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
            self.last_ten = Some(side);
            self.end = Some(End::Played);
            self.update_race();
            return;
        }
        self.window = Some(Window {
            side,
            sang: [false; 4],
        });
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

/// The outcome of replaying a record's events.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The state after the last accepted event.
    pub state: Family,
    /// The first refused event: its index, its seat and why.
    pub violation: Option<(usize, Option<u8>, Illegal)>,
    /// The event index of each accepted cante or tute, in order.
    pub cante_events: Vec<usize>,
}

/// Replays `events` from `start` up to the first refused one.
pub fn replay(start: Family, events: &[Event]) -> Replay {
    let mut st = start;
    let mut cante_events = Vec::new();
    for (i, ev) in events.iter().enumerate() {
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
            Event::BadCall { kind, .. } => Err(Illegal::new(
                RuleId::UnknownEvent,
                Reason::ForeignAction {
                    key: kind.key(),
                    game: st.cfg.game.name(),
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
                return Replay {
                    state: st,
                    violation: Some((i, ev.seat(), ill)),
                    cante_events,
                };
            }
        }
    }
    Replay {
        state: st,
        violation: None,
        cante_events,
    }
}

impl Replay {
    /// The accepted cantes and tutes as the ruling lists them.
    pub fn cantes(&self) -> Vec<CanteRecord> {
        self.state
            .sung
            .iter()
            .zip(self.cante_events.iter())
            .map(|(s, &event)| CanteRecord {
                seat: s.seat,
                suit: s.suit,
                tute: s.tute,
                value: s.value,
                event,
            })
            .collect()
    }

    /// The violation as the ruling shows it.
    pub fn violation(&self, lang: Lang) -> Option<Violation> {
        self.violation.as_ref().map(|(i, seat, ill)| Violation {
            event: Some(*i),
            seat: *seat,
            side: seat.map(|s| self.state.cfg.side_of(s)),
            rule: ill.rule,
            message: ill.reason.render(lang),
        })
    }

    /// The side of a penalised violation made during the hand (not after its end).
    pub fn penalised_side(&self) -> Option<u8> {
        match &self.violation {
            Some((_, Some(seat), ill)) if ill.rule.is_penalised() && !self.state.is_over() => {
                Some(self.state.cfg.side_of(*seat))
            }
            _ => None,
        }
    }

    /// The ruling: tricks, cantes and points from the replay, with the game's
    /// `hand_points` and `game_over`, compared with what the table declared.
    pub fn ruling(
        &self,
        lang: Lang,
        hand_points: Option<Vec<i64>>,
        game_over: Option<GameOver>,
        declared: Option<&Declared>,
    ) -> Ruling {
        let violation = self.violation(lang);
        let mut ruling = Ruling {
            format: RULING_FORMAT.into(),
            legal: violation.is_none(),
            complete: self.state.is_over(),
            violation,
            tricks: self.state.tricks.clone(),
            cantes: self.cantes(),
            points: self
                .state
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
        ruling.compare_declared(declared);
        ruling
    }
}

/// `before` of a record as whole points (a fraction of a point is rounded down).
pub fn before_points(before: Option<&[Score]>) -> Option<Vec<i64>> {
    before.map(|b| b.iter().map(|s| s.floor()).collect())
}
