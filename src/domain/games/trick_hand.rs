//! What the hands of the trick games share, over the legal-play generator of
//! `trick.rs`: laying a card (held, breaking no obligation) and taking the trick, the
//! sides' points, the cante window and the marriages, replaying a record's events and
//! writing the ruling.
//!
//! Each game module keeps only its differences, as data and small functions: its deck
//! and deal, its bidding or trump choice, what may be sung and when, its scoring and
//! penalties (`cuatrola.rs`, `botifarra.rs`, and `tute_family.rs` with `tute.rs` and
//! `guinote.rs`).

use crate::domain::cards::{Card, CardSet, Rank, Suit};
use crate::domain::engine::{Illegal, TakesEvents, check_seat};
use crate::domain::lang::Lang;
use crate::domain::messages::Reason;
/// `cantes_per_trick` is a table option; its values live with it.
pub use crate::domain::options::CantesPerTrick;
use crate::domain::record::{Action, CallKind, Deal, Declared, Event, HandRecord, Move};
use crate::domain::ruling::{
    CanteRecord, GameOver, GameOverReason, RULING_FORMAT, RuleId, Ruling, Score, TrickRecord,
    TuteKind, Violation,
};
use crate::domain::trick::{
    CardValues, Obligation, PlayRules, TrickView, check_play, winning_index,
};

/// Checks a card `seat` plays from `hand` into the trick `view`, after the game's turn
/// check: the card is held and breaks no obligation of `rules` (the first one broken
/// names the rule).
pub fn check_card(
    view: &TrickView<'_>,
    seat: u8,
    (hand, card): (CardSet, Card),
    rules: &PlayRules,
    values: &dyn CardValues,
) -> Result<(), Illegal> {
    if !hand.contains(card) {
        return Err(Illegal::new(
            RuleId::CardNotInHand,
            Reason::CardNotHeld { seat, card },
        ));
    }
    check_play(hand, card, seat, view, rules, values).map_err(|o| {
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

/// The tricks of a hand: the one on the table (seat and card, in play order) and those
/// taken. Every trick game plays its cards through these.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tricks {
    pub current: Vec<(u8, Card)>,
    pub taken: Vec<TrickRecord>,
}

impl Tricks {
    /// Moves `card` from `seat`'s hand into the trick; true once it holds `size` cards.
    pub fn lay(&mut self, hands: &mut [CardSet], seat: u8, card: Card, size: usize) -> bool {
        if let Some(h) = hands.get_mut(usize::from(seat)) {
            h.remove(card);
        }
        self.current.push((seat, card));
        self.current.len() >= size
    }

    /// Takes the completed trick: records it with those taken and clears the table.
    /// Returns the winning seat and the trick's card points.
    pub fn take(&mut self, trump: Option<Suit>, values: &dyn CardValues) -> Option<(u8, u32)> {
        let trick = &self.current;
        let wi = winning_index(trick, trump, values)?;
        let &(winner, _) = trick.get(wi)?;
        let points = trick.iter().map(|&(_, c)| values.points(c)).sum();
        let leader = trick.first().map_or(winner, |&(s, _)| s);
        self.taken.push(TrickRecord {
            leader,
            cards: trick.iter().map(|&(_, c)| c).collect(),
            winner,
        });
        self.current.clear();
        Some((winner, points))
    }

    /// What a ruling shows of the hand: whether it is `over`, the tricks taken and the
    /// accepted `cantes`.
    pub fn view<'a>(&'a self, over: bool, cantes: &'a [Sung]) -> HandView<'a> {
        HandView {
            over,
            tricks: &self.taken,
            cantes,
        }
    }
}

/// The points each side has made in a hand: the cards of its tricks, the 10 de
/// últimas and its cantes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    sides: u8,
    cards: [u32; 4],
    cantes: [u32; 4],
    last_ten: Option<u8>,
}

impl Tally {
    pub fn new(sides: u8) -> Tally {
        Tally {
            sides: sides.min(4),
            cards: [0; 4],
            cantes: [0; 4],
            last_ten: None,
        }
    }
    pub fn add_cards(&mut self, side: u8, points: u32) {
        if let Some(p) = self.cards.get_mut(usize::from(side)) {
            *p += points;
        }
    }
    pub fn add_cante(&mut self, side: u8, value: u32) {
        if let Some(p) = self.cantes.get_mut(usize::from(side)) {
            *p += value;
        }
    }
    /// The side of the last trick takes the 10 de últimas.
    pub fn give_last_ten(&mut self, side: u8) {
        self.last_ten = Some(side);
    }
    pub fn last_ten(&self) -> Option<u8> {
        self.last_ten
    }
    /// Cantes (not tutes) sung per side, in points.
    pub fn cante_points(&self) -> &[u32] {
        self.cantes.get(..usize::from(self.sides)).unwrap_or(&[])
    }
    /// One side's points so far.
    pub fn side(&self, side: u8) -> u32 {
        let i = usize::from(side);
        let ten = if self.last_ten == Some(side) { 10 } else { 0 };
        self.cards.get(i).copied().unwrap_or(0) + ten + self.cantes.get(i).copied().unwrap_or(0)
    }
    /// Every side's points so far.
    pub fn points(&self) -> Vec<u32> {
        (0..self.sides).map(|s| self.side(s)).collect()
    }
}

/// The cante window: open for the winning side from a trick's completion to the next
/// lead; `sang` marks the seats that sang in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub side: u8,
    pub sang: [bool; 4],
}

impl Window {
    pub fn open(side: u8) -> Window {
        Window {
            side,
            sang: [false; 4],
        }
    }

    /// The open window, or why a call finds none: no trick completed yet, or the
    /// next lead has closed it.
    pub fn find(window: Option<Window>, tricks: &[TrickRecord]) -> Result<Window, Reason> {
        window.ok_or(if tricks.is_empty() {
            Reason::CanteBeforeFirstTrick
        } else {
            Reason::CanteOutOfWindow
        })
    }

    /// A call by `seat` of side `side`: only the window's side may call.
    pub fn check_side(&self, seat: u8, side: u8) -> Result<(), Reason> {
        if side == self.side {
            Ok(())
        } else {
            Err(Reason::CanteWrongSide { seat })
        }
    }

    /// Whether `seat` may still sing in this window under `per_trick`.
    pub fn check_once(&self, seat: u8, per_trick: CantesPerTrick) -> Result<(), Reason> {
        let per_side = per_trick == CantesPerTrick::OnePerSide;
        let already = if per_side {
            self.sang.iter().any(|s| *s)
        } else {
            self.sang.get(usize::from(seat)).copied().unwrap_or(true)
        };
        if already {
            Err(Reason::CanteAlreadyMade { seat, per_side })
        } else {
            Ok(())
        }
    }

    pub fn mark(&mut self, seat: u8) {
        if let Some(x) = self.sang.get_mut(usize::from(seat)) {
            *x = true;
        }
    }

    /// Of `seats` (the side's seats that may sing), those who let the window close
    /// without singing; none under `one_per_side` once the side sang.
    pub fn silent(
        &self,
        seats: impl IntoIterator<Item = u8>,
        per_trick: CantesPerTrick,
    ) -> Vec<u8> {
        if per_trick == CantesPerTrick::OnePerSide && self.sang.iter().any(|s| *s) {
            return Vec::new();
        }
        seats
            .into_iter()
            .filter(|s| self.sang.get(usize::from(*s)) == Some(&false))
            .collect()
    }
}

/// An accepted cante or tute (the ruling adds the event index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sung {
    pub seat: u8,
    pub suit: Option<Suit>,
    pub tute: Option<TuteKind>,
    pub value: u32,
}

impl Sung {
    /// A tute declared by `seat` (it scores no points of its own).
    pub fn tute(seat: u8, kind: TuteKind) -> Sung {
        Sung {
            seat,
            suit: None,
            tute: Some(kind),
            value: 0,
        }
    }
}

/// The card that stands for `suit` in a set of sung or lapsed marriages: its rey.
pub fn suit_mark(s: Suit) -> Card {
    Card::new(Rank::Rey, s)
}

/// The marriages `seat` let lapse.
pub fn lapsed_for(lapsed: &[CardSet; 4], seat: u8) -> CardSet {
    lapsed.get(usize::from(seat)).copied().unwrap_or_default()
}

/// A game's marriages: the rey with its consort (caballo in tute and cuatrola, sota in
/// guiñote), 20 points, 40 in trumps. `sung` holds the suits sung this hand and
/// `lapsed` a player's lost ones, as [`suit_mark`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marriages {
    pub consort: Rank,
    pub trump: Suit,
}

impl Marriages {
    pub fn new(consort: Rank, trump: Suit) -> Marriages {
        Marriages { consort, trump }
    }

    pub fn held(self, hand: CardSet, suit: Suit) -> bool {
        hand.contains(Card::new(Rank::Rey, suit)) && hand.contains(Card::new(self.consort, suit))
    }

    /// Held, unsung this hand and not lapsed for the player.
    pub fn singable(self, hand: CardSet, suit: Suit, sung: CardSet, lapsed: CardSet) -> bool {
        self.held(hand, suit)
            && !sung.contains(suit_mark(suit))
            && !lapsed.contains(suit_mark(suit))
    }

    /// Why `hand` may not sing `suit` (window apart), first problem first: the suit
    /// was sung, the marriage is not held (`not_held`), it lapsed, the 40 comes first.
    pub fn check(
        self,
        hand: CardSet,
        suit: Suit,
        sung: CardSet,
        lapsed: CardSet,
        not_held: impl FnOnce() -> Reason,
    ) -> Result<(), Reason> {
        if sung.contains(suit_mark(suit)) {
            return Err(Reason::SuitAlreadySung { suit });
        }
        if !self.held(hand, suit) {
            return Err(not_held());
        }
        if lapsed.contains(suit_mark(suit)) {
            return Err(Reason::CanteLapsed { suit });
        }
        if suit != self.trump && self.singable(hand, self.trump, sung, lapsed) {
            return Err(Reason::FortyFirst { trump: self.trump });
        }
        Ok(())
    }

    /// What a player who lets a window pass loses: only the 40 if he could sing it,
    /// else every marriage he could sing.
    pub fn lapsing(self, hand: CardSet, sung: CardSet, lapsed: CardSet) -> CardSet {
        if self.singable(hand, self.trump, sung, lapsed) {
            return CardSet::from_cards([suit_mark(self.trump)]);
        }
        Suit::ALL
            .into_iter()
            .filter(|s| self.singable(hand, *s, sung, lapsed))
            .map(suit_mark)
            .collect()
    }

    /// Sings `suit` by `seat` in window `w`: marks both and returns the cante.
    pub fn sing(self, w: &mut Window, sung: &mut CardSet, seat: u8, suit: Suit) -> Sung {
        w.mark(seat);
        sung.insert(suit_mark(suit));
        Sung {
            seat,
            suit: Some(suit),
            tute: None,
            value: if suit == self.trump { 40 } else { 20 },
        }
    }

    /// Four reyes, or four of the consort rank, in `hand`.
    pub fn tute(self, hand: CardSet) -> Option<TuteKind> {
        let all = |r: Rank| Suit::ALL.iter().all(|s| hand.contains(Card::new(r, *s)));
        if all(Rank::Rey) {
            Some(TuteKind::Kings)
        } else if !all(self.consort) {
            None
        } else if self.consort == Rank::Sota {
            Some(TuteKind::Sotas)
        } else {
            Some(TuteKind::Caballos)
        }
    }
}

/// What a ruling shows of a hand's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandView<'a> {
    /// The hand has ended.
    pub over: bool,
    pub tricks: &'a [TrickRecord],
    /// The accepted cantes and tutes, in order.
    pub cantes: &'a [Sung],
}

/// A trick game's hand as a record replays it: a game supplies its moves, its turn
/// check and what the ruling shows; replaying the events and writing the ruling are
/// shared.
pub trait TrickHand: TakesEvents + Clone {
    /// Applies `action` of `seat`, a seat of the table, or says why it is illegal.
    fn apply_action(&mut self, seat: u8, action: Action) -> Result<(), Illegal>;
    /// Seats at the table.
    fn players(&self) -> u8 {
        4
    }
    /// Applies `mv` to this state, or says why it is illegal (a seat beyond the table
    /// is an `unknown_event`). An illegal move leaves the state as it was: every game
    /// checks a move in full before it changes anything.
    fn apply_mut(&mut self, mv: &Move) -> Result<(), Illegal> {
        let seat = check_seat(mv.seat, self.players())?;
        self.apply_action(seat, mv.action)
    }
    /// The state after `mv`, or why it is illegal; `self` is never changed.
    fn apply_move(&self, mv: &Move) -> Result<Self, Illegal> {
        let mut next = self.clone();
        next.apply_mut(mv)?;
        Ok(next)
    }
    /// The side of a seat: seats 0/2 against 1/3 unless the game says otherwise.
    fn side_of(&self, seat: u8) -> u8 {
        seat % 2
    }
    fn view(&self) -> HandView<'_>;
    /// Each side's points so far.
    fn side_points(&self) -> Vec<u32>;
}

/// The call of a record's `bid`, `trump` or `double` whose value is not one.
pub fn not_a_call(rule: RuleId, kind: CallKind, given: &str) -> Illegal {
    Illegal::new(
        rule,
        Reason::NotACall {
            kind,
            given: given.to_string(),
        },
    )
}

/// The outcome of replaying a record's events.
#[derive(Debug, Clone)]
pub struct Replay<G> {
    /// The state after the last accepted event.
    pub state: G,
    /// The first refused event: its index, its seat and why.
    pub violation: Option<(usize, Option<u8>, Illegal)>,
    /// The event index of each accepted cante or tute, in order.
    pub cante_events: Vec<usize>,
}

/// Replays `events` from `start` up to the first refused one.
pub fn replay<G: TrickHand>(start: G, events: &[Event]) -> Replay<G> {
    let mut st = start;
    let mut cante_events = Vec::new();
    for (i, ev) in events.iter().enumerate() {
        let sung = st.view().cantes.len();
        match st.event_move(i, ev).and_then(|m| st.apply_mut(m)) {
            Ok(()) => {
                if st.view().cantes.len() > sung {
                    cante_events.push(i);
                }
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

impl<G> Replay<G> {
    /// The seat whose turn it is after the replay (`turn` of the last state) and the
    /// moves of `legal` that are that seat's: what it may do now. `None` after a
    /// refused event or when no seat is to play.
    pub fn next_moves(
        &self,
        turn: impl FnOnce(&G) -> Option<u8>,
        legal: impl FnOnce(&G) -> Vec<Move>,
    ) -> Option<(u8, Vec<Move>)> {
        if self.violation.is_some() {
            return None;
        }
        let seat = turn(&self.state)?;
        let moves = legal(&self.state)
            .into_iter()
            .filter(|m| m.seat == seat)
            .collect();
        Some((seat, moves))
    }
}

impl<G: TrickHand> Replay<G> {
    /// The accepted cantes and tutes as the ruling lists them.
    pub fn cantes(&self) -> Vec<CanteRecord> {
        self.state
            .view()
            .cantes
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
            side: seat.map(|s| self.state.side_of(s)),
            rule: ill.rule,
            message: ill.reason.render(lang),
        })
    }

    /// The side of a penalised violation made during the hand (not after its end).
    pub fn penalised_side(&self) -> Option<u8> {
        match &self.violation {
            Some((_, Some(seat), ill)) if ill.rule.is_penalised() && !self.state.view().over => {
                Some(self.state.side_of(*seat))
            }
            _ => None,
        }
    }

    /// The ruling of a pair game's hand: its scoreboard `hand_points` (if decided) win
    /// the game for the first side that scored and reaches `target` with `before`.
    pub fn pair_ruling(
        &self,
        record: &HandRecord,
        lang: Lang,
        hand_points: Option<[i64; 2]>,
        target: i64,
        reason: GameOverReason,
    ) -> Ruling {
        let game_over = match (record.before.as_deref(), hand_points) {
            (Some(b), Some(hp)) => first_to_reach(&before_pair(Some(b)), &hp, target, reason),
            _ => None,
        };
        let declared = record.declared.as_ref();
        self.ruling(
            lang,
            hand_points.as_ref().map(|h| h.as_slice()),
            game_over,
            declared,
        )
    }

    /// The ruling: tricks, cantes and points from the replay, with the game's
    /// `hand_points` and `game_over`, compared with what the table declared.
    pub fn ruling(
        &self,
        lang: Lang,
        hand_points: Option<&[i64]>,
        game_over: Option<GameOver>,
        declared: Option<&Declared>,
    ) -> Ruling {
        let violation = self.violation(lang);
        let view = self.state.view();
        let mut ruling = Ruling {
            format: RULING_FORMAT.into(),
            legal: violation.is_none(),
            complete: view.over,
            violation,
            tricks: view.tricks.to_vec(),
            cantes: self.cantes(),
            points: self
                .state
                .side_points()
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

/// The events a ruling accepted: those before its violation, if any.
pub fn ruled_events<'a>(record: &'a HandRecord, ruling: &Ruling) -> &'a [Event] {
    let stop = ruling.violation.as_ref().and_then(|v| v.event);
    match stop {
        Some(i) => record.events.get(..i).unwrap_or(&record.events),
        None => &record.events,
    }
}

/// The ruling of a record whose deal is invalid.
pub fn deal_invalid(record: &HandRecord, reason: Reason, lang: Lang) -> Ruling {
    Ruling::invalid(
        record.sides(),
        record.dealer,
        record.side_of(record.dealer),
        RuleId::DealInvalid,
        reason.render(lang),
    )
}

/// `before` of a record as whole points (a fraction of a point is rounded down).
pub fn before_points(before: Option<&[Score]>) -> Option<Vec<i64>> {
    before.map(|b| b.iter().map(|s| s.floor()).collect())
}

/// `before` of a pair game's record (0s where absent).
pub fn before_pair(before: Option<&[Score]>) -> [i64; 2] {
    let b = |i: usize| before.and_then(|b| b.get(i)).map_or(0, |s| s.floor());
    [b(0), b(1)]
}

/// The four hands of a validated deal, in seat order.
pub fn four_hands(deal: &Deal) -> Option<[CardSet; 4]> {
    Some([
        *deal.hands.first()?,
        *deal.hands.get(1)?,
        *deal.hands.get(2)?,
        *deal.hands.get(3)?,
    ])
}

/// `value` scoreboard points to `side` of a pair game, none to the other.
pub fn to_side(side: u8, value: i64) -> [i64; 2] {
    if side.is_multiple_of(2) {
        [value, 0]
    } else {
        [0, value]
    }
}

/// The first side that scored in this hand and whose `before` + hand points reach
/// `target` wins the game.
pub fn first_to_reach(
    before: &[i64],
    hand_points: &[i64],
    target: i64,
    reason: GameOverReason,
) -> Option<GameOver> {
    (0u8..).take(hand_points.len()).find_map(|side| {
        let b = before.get(usize::from(side)).copied().unwrap_or(0);
        let h = hand_points.get(usize::from(side)).copied().unwrap_or(0);
        (h > 0 && b + h >= target).then_some(GameOver {
            winner: side,
            reason,
        })
    })
}
