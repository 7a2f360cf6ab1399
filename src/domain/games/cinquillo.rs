//! Cinquillo and cinquillo bastardo (docs/rules.md Part A 3 and 8, Part B §6;
//! docs/hand-record.md "Per game"). A game without tricks: uses `engine`, `messages`
//! and the plain data below them.
//!
//! 2 to 4 players, the 40-card deck (option: 48), all dealt (4 players 10 each, 3 players
//! 13/13/14); for 2 players equal hands of 10 to 15 and the rest as a face-down stock.
//! The 5 of oros opens (`round_opener`); on his turn a player places a 5 of an unopened
//! suit or the card next to the lowest or highest card of an opened suit, and passes
//! only when he cannot (a pass with stock left draws its first card). The round ends
//! when a hand is empty; the winner scores 5 + the cards left in the other hands.
//! Bastardo: any card lower than the lowest or higher than the highest of an opened suit
//! (the cards between are blocked); the round ends when nobody can place; the fewest
//! cards wins the cards in the losers' hands, tied winners share. Any violation voids the
//! round.

use crate::domain::cards::{Card, CardSet, Deck, Rank, Suit};
use crate::domain::engine::GameKind;
use crate::domain::engine::{
    GameState, Illegal, TakesEvents, check_seat, check_turn, foreign_action,
};
use crate::domain::games::rules::module_rules;
use crate::domain::games::rules::{PARTIDA, QuickEntry, Rules, target_of};
use crate::domain::lang::Lang;
pub use crate::domain::messages::CinquilloReason;
use crate::domain::messages::Reason;
use crate::domain::options::GameOptions;
use crate::domain::options::TableOptions;
use crate::domain::record::{Action, Deal, DealSpec, HandRecord, Move, TurnedRule, validate_deal};
use crate::domain::ruling::{
    GameOver, GameOverReason, RULING_FORMAT, RuleId, Ruling, Score, Violation,
};

/// Cinquillo's table options, with their defaults and reasons: they stand with every game's
/// table in `options`, where a record's options are checked.
pub use crate::domain::options::CINQUILLO_OPTIONS as OPTIONS;
pub use crate::domain::options::{CinquilloOptions, RoundOpener, Scoring, TieSplit};

/// Hand sizes a deal may have: 4 players all equal, 3 players one extra card for one
/// seat, 2 players equal hands of 10 to 15 with the rest as the stock.
fn sizes_ok(players: u8, sizes: &[usize], deck_size: usize) -> bool {
    let n = usize::from(players);
    if sizes.len() != n || n == 0 {
        return false;
    }
    let min = sizes.iter().copied().min().unwrap_or(0);
    let max = sizes.iter().copied().max().unwrap_or(0);
    match players {
        2 => min == max && (10..=15).contains(&min),
        3 | 4 => {
            let total: usize = sizes.iter().sum();
            total == deck_size && max - min <= 1
        }
        _ => false,
    }
}

/// What cinquillo requires of a deal, given the record's hand sizes (sizes are checked
/// here; the stock is the rest of the deck for 2 players, empty otherwise).
pub fn deal_spec(opts: &CinquilloOptions, players: u8, sizes: &[usize]) -> DealSpec {
    let deck = opts.deck.cards();
    let total = deck.len();
    let n = usize::from(players).max(1);
    let (hand_sizes, stock) = if sizes_ok(players, sizes, total) {
        let dealt: usize = sizes.iter().sum();
        (sizes.to_vec(), total.saturating_sub(dealt))
    } else if players == 2 {
        (vec![10; 2], total.saturating_sub(20))
    } else {
        let base = total / n;
        let extra = total % n;
        ((0..n).map(|i| base + usize::from(i < extra)).collect(), 0)
    };
    DealSpec {
        deck,
        hand_sizes: Some(hand_sizes),
        stock_size: Some(stock),
        turned: TurnedRule::Absent,
    }
}

fn cinq(r: CinquilloReason) -> Reason {
    Reason::Cinquillo(r)
}

/// The state of a cinquillo round (referee view: every hand is known).
#[derive(Debug, Clone, PartialEq)]
pub struct Cinquillo {
    opts: CinquilloOptions,
    players: u8,
    dealer: u8,
    before: Vec<i64>,
    hands: Vec<CardSet>,
    stock: Vec<Card>,
    /// Cards of the stock already drawn.
    drawn: usize,
    /// Per suit, the positions (in the suit's sequence) of the lowest and highest card
    /// on the table.
    table: [Option<(u8, u8)>; 4],
    placed: CardSet,
    turn: u8,
    passes: Vec<u32>,
    over: bool,
    /// Ended because nobody could place (not by an empty hand).
    blocked: bool,
}

fn five_of_oros() -> Card {
    Card::new(Rank::Five, Suit::Oros)
}

impl Cinquillo {
    /// A new round: `hands` in seat order (2 to 4), `stock` in drawing order.
    pub fn new(
        opts: CinquilloOptions,
        dealer: u8,
        before: Vec<i64>,
        hands: Vec<CardSet>,
        stock: Vec<Card>,
    ) -> Cinquillo {
        let players = u8::try_from(hands.len()).unwrap_or(0).max(1);
        let dealer = dealer % players;
        let mano = (dealer + 1) % players;
        let turn = match opts.round_opener {
            RoundOpener::FiveOfOros => hands
                .iter()
                .position(|h| h.contains(five_of_oros()))
                .and_then(|p| u8::try_from(p).ok())
                .unwrap_or(mano),
            RoundOpener::Rotating => mano,
        };
        let mut st = Cinquillo {
            opts,
            players,
            dealer,
            before,
            passes: vec![0; usize::from(players)],
            hands,
            stock,
            drawn: 0,
            table: [None; 4],
            placed: CardSet::EMPTY,
            turn,
            over: false,
            blocked: false,
        };
        st.check_end();
        st
    }

    /// A new round from a record's validated deal.
    pub fn from_deal(
        opts: CinquilloOptions,
        dealer: u8,
        before: Option<&[Score]>,
        deal: &Deal,
    ) -> Cinquillo {
        let n = deal.hands.len();
        let before = (0..n)
            .map(|i| before.and_then(|b| b.get(i)).map_or(0, |s| s.floor()))
            .collect();
        Cinquillo::new(opts, dealer, before, deal.hands.clone(), deal.stock.clone())
    }

    pub fn options(&self) -> &CinquilloOptions {
        &self.opts
    }
    pub fn players(&self) -> u8 {
        self.players
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands
            .get(usize::from(seat))
            .copied()
            .unwrap_or_default()
    }
    /// The cards on the table.
    pub fn placed(&self) -> CardSet {
        self.placed
    }
    /// The cards still in the stock, in drawing order.
    pub fn stock_left(&self) -> &[Card] {
        self.stock.get(self.drawn..).unwrap_or(&[])
    }
    /// Passes made by each seat.
    pub fn passes(&self) -> &[u32] {
        &self.passes
    }
    /// The cards each seat still holds.
    pub fn points(&self) -> Vec<u32> {
        self.hands.iter().map(|h| h.len() as u32).collect()
    }

    /// The position of a card in its suit's sequence (1 2 3 4 5 6 7 [8 9] 10 11 12).
    fn pos(&self, c: Card) -> u8 {
        let n = c.rank().number();
        if self.opts.deck == Deck::FortyEight || n <= 7 {
            n - 1
        } else {
            n - 3
        }
    }

    /// Whether `card` may be placed now (whoever holds it).
    pub fn can_place(&self, card: Card) -> bool {
        if self.placed.contains(card) || !self.opts.deck.contains(card) {
            return false;
        }
        if self.opts.round_opener == RoundOpener::FiveOfOros
            && !self.placed.contains(five_of_oros())
        {
            return card == five_of_oros();
        }
        match self
            .table
            .get(usize::from(card.suit().index()))
            .copied()
            .flatten()
        {
            None => card.rank() == Rank::Five,
            Some((lo, hi)) => {
                let p = self.pos(card);
                if self.opts.bastardo {
                    p < lo || p > hi
                } else {
                    p + 1 == lo || p == hi + 1
                }
            }
        }
    }

    /// The cards `seat` may place now.
    pub fn placeable(&self, seat: u8) -> CardSet {
        self.hand(seat).filter(|c| self.can_place(c))
    }

    fn anyone_can_place(&self) -> bool {
        (0..self.players).any(|s| !self.placeable(s).is_empty())
    }

    fn check_end(&mut self) {
        if self.hands.iter().any(|h| h.is_empty()) {
            self.over = true;
        } else if self.stock_left().is_empty() && !self.anyone_can_place() {
            self.over = true;
            self.blocked = true;
        }
    }

    fn check_card(&self, seat: u8, card: Card) -> Result<(), Illegal> {
        self.check_play_turn(seat)?;
        if !self.hand(seat).contains(card) {
            return Err(Illegal::new(
                RuleId::CardNotInHand,
                Reason::CardNotHeld { seat, card },
            ));
        }
        if !self.can_place(card) {
            return Err(Illegal::new(
                RuleId::IllegalPlacement,
                cinq(CinquilloReason::CannotPlace { card }),
            ));
        }
        Ok(())
    }

    fn check_pass(&self, seat: u8) -> Result<(), Illegal> {
        if self.over && self.blocked && self.opts.bastardo {
            // Passes after a blocked bastardo round are legal (spec), in turn.
            return check_turn(seat, self.turn);
        }
        self.check_play_turn(seat)?;
        if let Some(card) = self.placeable(seat).iter().next() {
            return Err(Illegal::new(
                RuleId::IllegalPass,
                cinq(CinquilloReason::MustPlace { seat, card }),
            ));
        }
        Ok(())
    }

    fn next_seat(&self, seat: u8) -> u8 {
        (seat + 1) % self.players
    }

    fn apply_mut(&mut self, mv: &Move) -> Result<(), Illegal> {
        let seat = check_seat(mv.seat, self.players)?;
        match mv.action {
            Action::Play(card) => {
                self.check_card(seat, card)?;
                if let Some(h) = self.hands.get_mut(usize::from(seat)) {
                    h.remove(card);
                }
                self.placed.insert(card);
                let p = self.pos(card);
                if let Some(slot) = self.table.get_mut(usize::from(card.suit().index())) {
                    *slot = Some(match *slot {
                        None => (p, p),
                        Some((lo, hi)) => (lo.min(p), hi.max(p)),
                    });
                }
                self.turn = self.next_seat(seat);
                self.check_end();
                Ok(())
            }
            Action::Pass => {
                self.check_pass(seat)?;
                if !self.over {
                    if let Some(p) = self.passes.get_mut(usize::from(seat)) {
                        *p += 1;
                    }
                    if let Some(&c) = self.stock.get(self.drawn) {
                        self.drawn += 1;
                        if let Some(h) = self.hands.get_mut(usize::from(seat)) {
                            h.insert(c);
                        }
                    }
                }
                self.turn = self.next_seat(seat);
                if !self.over {
                    self.check_end();
                }
                Ok(())
            }
            other => Err(foreign_action(other.key(), "cinquillo")),
        }
    }

    /// The round's winners: the seats with the fewest cards (the one who went out).
    pub fn winners(&self) -> Vec<u8> {
        let min = self.hands.iter().map(|h| h.len()).min().unwrap_or(0);
        (0..self.players)
            .filter(|s| self.hand(*s).len() == min)
            .collect()
    }

    /// Scoreboard points of a finished round, per seat.
    pub fn result(&self) -> Option<Vec<Score>> {
        if !self.over {
            return None;
        }
        let held: Vec<i64> = (0..self.players)
            .map(|s| self.hand(s).len() as i64)
            .collect();
        Some(round_points(&self.opts, &held, &self.passes))
    }
}

/// What each seat scores when a round ends with `held` cards in each hand, after
/// `passes` passes by each seat: the winners (fewest cards) share the round's total as
/// the options score it, the others score nothing. Club score entry scores by it too.
pub fn round_points(opts: &CinquilloOptions, held: &[i64], passes: &[u32]) -> Vec<Score> {
    let min = held.iter().copied().min().unwrap_or(0);
    let winners: Vec<usize> = (0..held.len())
        .filter(|s| held.get(*s) == Some(&min))
        .collect();
    let losers = held
        .iter()
        .enumerate()
        .filter(|(s, _)| !winners.contains(s));
    let total = match opts.scoring {
        Scoring::FivePlusCards if !opts.bastardo => 5 + losers.map(|(_, h)| h).sum::<i64>(),
        Scoring::FivePlusCards | Scoring::CardsLeft => losers.map(|(_, h)| h).sum(),
        Scoring::Pot => losers
            .map(|(s, _)| 1 + i64::from(passes.get(s).copied().unwrap_or(0)))
            .sum(),
    };
    let k = i64::try_from(winners.len()).unwrap_or(1).max(1);
    let share = match opts.tie_split {
        TieSplit::Equal => Score::share(total, k),
        TieSplit::FullToEach => Score::points(total),
    };
    (0..held.len())
        .map(|s| {
            if winners.contains(&s) {
                share
            } else {
                Score::ZERO
            }
        })
        .collect()
}

impl TakesEvents for Cinquillo {
    fn game_name(&self) -> &'static str {
        "cinquillo"
    }

    fn card_turn(&self, _seat: u8) -> Result<u8, Reason> {
        if self.over {
            return Err(Reason::HandOver);
        }
        Ok(self.turn)
    }
}

impl GameState for Cinquillo {
    fn current_player(&self) -> Option<u8> {
        (!self.over).then_some(self.turn)
    }

    fn legal_actions(&self) -> Vec<Move> {
        if self.over {
            return Vec::new();
        }
        let p = self.placeable(self.turn);
        if p.is_empty() {
            vec![Move::new(self.turn, Action::Pass)]
        } else {
            p.iter()
                .map(|c| Move::new(self.turn, Action::Play(c)))
                .collect()
        }
    }

    fn apply(&self, mv: &Move) -> Result<Self, Illegal> {
        let mut next = self.clone();
        next.apply_mut(mv)?;
        Ok(next)
    }

    fn is_terminal(&self) -> bool {
        self.over
    }

    fn hand_points(&self) -> Option<Vec<Score>> {
        self.result()
    }
}

/// Rules a cinquillo hand record.
pub fn rule(record: &HandRecord, lang: Lang) -> Ruling {
    let players = record.players;
    let dealer = record.dealer;
    let opts = CinquilloOptions::from_table(&record.options);
    let sizes: Vec<usize> = record.hands.iter().map(Vec::len).collect();
    let deal = match validate_deal(record, &deal_spec(&opts, players, &sizes)) {
        Ok(d) => d,
        Err(p) => {
            return Ruling::invalid(
                players,
                dealer,
                dealer,
                RuleId::DealInvalid,
                Reason::Deal(p).render(lang),
            );
        }
    };
    let mut st = Cinquillo::from_deal(opts, dealer, record.before.as_deref(), &deal);
    let mut violation: Option<(usize, Option<u8>, Illegal)> = None;
    // Each move in place: a refused one changes nothing (checked before any change).
    for (i, ev) in record.events.iter().enumerate() {
        if let Err(ill) = st.event_move(i, ev).and_then(|m| st.apply_mut(m)) {
            violation = Some((i, ev.seat(), ill));
            break;
        }
    }
    let mut hand_points = st.result();
    if hand_points.is_none()
        && let Some((_, Some(_), ill)) = &violation
        && ill.rule.is_penalised()
    {
        // Part A 3: the round is void.
        hand_points = Some(vec![Score::ZERO; usize::from(players)]);
    }
    let game_over = match (&record.before, &hand_points) {
        (Some(before), Some(hp)) if opts.points_limit > 0 => {
            let totals: Vec<Score> = (0..usize::from(players))
                .map(|i| {
                    let b = before.get(i).copied().unwrap_or(Score::ZERO);
                    b.saturating_add(hp.get(i).copied().unwrap_or(Score::ZERO))
                })
                .collect();
            let limit = Score::points(opts.points_limit);
            let best = totals.iter().copied().max().unwrap_or(Score::ZERO);
            let leaders: Vec<usize> = (0..totals.len())
                .filter(|i| totals.get(*i) == Some(&best))
                .collect();
            let scored = leaders
                .first()
                .and_then(|i| hp.get(*i))
                .is_some_and(|s| !s.is_zero());
            match leaders.as_slice() {
                [one] if best >= limit && scored => Some(GameOver {
                    winner: u8::try_from(*one).unwrap_or(0),
                    reason: GameOverReason::Target,
                }),
                _ => None,
            }
        }
        _ => None,
    };
    let violation = violation.map(|(i, seat, ill)| Violation {
        event: Some(i),
        seat,
        side: seat,
        rule: ill.rule,
        message: ill.reason.render(lang),
    });
    let mut ruling = Ruling {
        format: RULING_FORMAT.into(),
        legal: violation.is_none(),
        complete: st.is_terminal(),
        violation,
        tricks: Vec::new(),
        cantes: Vec::new(),
        points: st
            .points()
            .iter()
            .map(|p| Score::points(i64::from(*p)))
            .collect(),
        hand_points,
        game_over,
        discrepancies: Vec::new(),
        undecided: None,
        filled: None,
    };
    ruling.compare_declared(record.declared.as_ref());
    ruling
}

/// Cinquillo's rules beyond its play: each player alone, a partida to the table's
/// points limit if it has one; no table of two sides to play a match hand by hand, and
/// no trick to replay.
pub struct CinquilloRules;

impl Rules for CinquilloRules {
    module_rules!(GameKind::Cinquillo);

    fn next_moves(&self, record: &HandRecord) -> Option<(u8, Vec<Move>)> {
        // The picker offers cinquillo's passes as they are.
        let _ = record;
        None
    }
    fn quick_entry(&self) -> QuickEntry {
        QuickEntry {
            cards_left: true,
            ..QuickEntry::default()
        }
    }
    fn play_options(&self) -> &'static [&'static str] {
        &["bastardo"]
    }
    fn rule_section(&self, rule: RuleId) -> Option<&'static str> {
        use RuleId::*;
        Some(match rule {
            IllegalPass | IllegalPlacement => "docs/rules.md §6.2 and §6.4",
            _ => return None,
        })
    }
    fn deal_spec(&self, players: u8, table: &TableOptions) -> DealSpec {
        deal_spec(&CinquilloOptions::from_table(table), players, &[])
    }
    fn target(&self, table: &TableOptions) -> Option<u32> {
        target_of(CinquilloOptions::from_table(table).points_limit)
    }
    fn match_formats(&self) -> &'static [&'static str] {
        &[PARTIDA]
    }
    fn names_suits(&self) -> bool {
        false
    }
    fn two_sided_matches(&self) -> bool {
        false
    }
    fn replays_plays(&self) -> bool {
        false
    }
}

#[cfg(test)]
#[path = "cinquillo_tests.rs"]
mod tests;
