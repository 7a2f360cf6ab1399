//! Partial deals: "only the cards that matter". A referee rarely knows the whole deal;
//! a record may write `"?"` for any card of `hands` or `stock` that nobody saw. The
//! engine then decides what the known cards decide and reports what it cannot. Above
//! the games: uses `games` (the deal each one requires), `trick`, `words` and the plain
//! data; the caller gives the function that rules a complete record.
//!
//! Method (the engine itself is the oracle; nothing of a game's rules is repeated here):
//! 1. Every unknown place is a *slot*: held by a seat from a moment on (the deal, or
//!    the draw that brings it, computed from the known plays), or never held.
//! 2. A card the record shows a seat using (played, sung in a cante, exchanged,
//!    shown in a tute) and that is nowhere known is *placed* in a slot that seat held
//!    at that moment — the one it got latest, so that nobody is taken to have held a
//!    card longer than the record shows (with `"?"` only in `hands` this is exact; a
//!    card shown after an unknown draw is taken as drawn, not dealt, unless holding it
//!    from the deal is what keeps the record legal: the repair step below moves it).
//! 3. The remaining unknown cards can lie in the remaining slots in many ways (a
//!    *completion*). Going through the events in order, the engine rules completions
//!    that differ by one card: a card is *dangerous* at an event when holding it makes
//!    that event the first violation. Dangerous cards are then kept out of that seat's
//!    slots (a bipartite matching finds completions that respect this).
//! 4. The ruling is the one of a completion where nobody broke a rule the known cards
//!    do not prove ("presumption of innocence"); each event that *could* have been a
//!    violation is listed in `undecided` with the cards that would make it one, the rule
//!    and what the hand would then score. While anything is undecided, `hand_points`
//!    and `game_over` are `null`.
//!
//! A record without `"?"` never comes here; its ruling has no `undecided` field.

use crate::domain::cards::{Card, CardSet, Rank, Suit};
use crate::domain::games;
use crate::domain::kind::GameKind;
use crate::domain::lang::{Lang, tr};
pub use crate::domain::record::UNKNOWN;
use crate::domain::record::{Action, CardSlot, Event, HandRecord};
pub use crate::domain::ruling::{Filled, Undecided};
use crate::domain::ruling::{RuleId, Ruling};
use crate::domain::trick::{RankTable, winning_index};

/// Whether any dealt or stock card is `"?"`.
pub fn is_partial(record: &HandRecord) -> bool {
    record
        .hands
        .iter()
        .flatten()
        .chain(record.stock.iter())
        .any(|s| matches!(s, CardSlot::Unknown))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Hand(usize, usize),
    Stock(usize),
}

#[derive(Debug, Clone, Copy)]
struct Slot {
    place: Place,
    /// Who holds it, and from which event index on; `None`: never held.
    holder: Option<(u8, usize)>,
}

impl Slot {
    fn held_by_at(&self, seat: u8, event: usize) -> bool {
        matches!(self.holder, Some((s, from)) if s == seat && from <= event)
    }
}

/// The cards of the game's deck for this record.
fn deck(record: &HandRecord) -> CardSet {
    games::deal_spec(record.game, record.players, &record.options).deck
}

/// When each stock place reaches a hand: `(seat, from event)` or `None`.
fn stock_holders(record: &HandRecord) -> Vec<Option<(u8, usize)>> {
    let n = record.stock.len();
    let mut out = vec![None; n];
    let players = usize::from(record.players.max(1));
    let plays = record
        .events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| match e {
            Event::Move(m) => Some((i, m.seat, m.action)),
            _ => None,
        });
    // Who draws from the stock: after each trick in guiñote and two-player tute (the
    // cards valued by their table), on each pass in two-player cinquillo.
    let (after_tricks, on_pass) = match record.game {
        GameKind::Guinote => (Some(RankTable::GUINOTE), false),
        GameKind::Tute if record.players == 2 => (Some(RankTable::TUTE), false),
        GameKind::Cinquillo => (None, record.players == 2),
        GameKind::Tute | GameKind::Cuatrola | GameKind::Botifarra | GameKind::Added(_) => {
            (None, false)
        }
    };
    if let Some(values) = after_tricks {
        let trump: Option<Suit> = record
            .turned
            .as_ref()
            .and_then(CardSlot::card)
            .map(|c| c.suit());
        let mut trick: Vec<(u8, Card)> = Vec::new();
        let mut next = 0usize;
        for (i, seat, action) in plays {
            let Action::Play(c) = action else { continue };
            trick.push((seat, c));
            if trick.len() == players {
                let w = winning_index(&trick, trump, &values).unwrap_or(0);
                let winner = trick.get(w).map_or(seat, |t| t.0);
                for k in 0..players {
                    if next < n {
                        let k = u8::try_from(k).unwrap_or(0);
                        out[next] = Some(((winner + k) % record.players, i + 1));
                        next += 1;
                    }
                }
                trick.clear();
            }
        }
    } else if on_pass {
        // A pass with stock left draws its first card.
        let mut next = 0usize;
        for (i, seat, action) in plays {
            if action == Action::Pass && next < n {
                out[next] = Some((seat, i + 1));
                next += 1;
            }
        }
    }
    out
}

/// The cards an event shows its seat holding.
fn shown_cards(record: &HandRecord, action: Action, available: impl Fn(Card) -> bool) -> Vec<Card> {
    let consort = match record.game {
        GameKind::Guinote => Rank::Sota,
        GameKind::Tute
        | GameKind::Cuatrola
        | GameKind::Botifarra
        | GameKind::Cinquillo
        | GameKind::Added(_) => Rank::Caballo,
    };
    match action {
        Action::Play(c) | Action::Exchange(c) => vec![c],
        Action::Cante(s) => vec![Card::new(Rank::Rey, s), Card::new(consort, s)],
        Action::Tute => {
            // Four reyes, else four of the consort: whichever the seat can hold.
            let four = |r: Rank| -> Vec<Card> {
                [Suit::Oros, Suit::Copas, Suit::Espadas, Suit::Bastos]
                    .into_iter()
                    .map(|s| Card::new(r, s))
                    .collect()
            };
            let kings = four(Rank::Rey);
            if kings.iter().all(|c| available(*c)) {
                kings
            } else {
                four(consort)
            }
        }
        _ => Vec::new(),
    }
}

/// Kuhn's augmenting paths: cards to slots, `allowed(slot, card)`.
fn matching(
    slots: &[usize],
    cards: &[Card],
    allowed: &dyn Fn(usize, Card) -> bool,
) -> Option<Vec<(usize, Card)>> {
    if slots.len() != cards.len() {
        return None;
    }
    // owner[j] = index into `cards` of the card in slots[j].
    let mut owner: Vec<Option<usize>> = vec![None; slots.len()];
    fn augment(
        ci: usize,
        slots: &[usize],
        cards: &[Card],
        allowed: &dyn Fn(usize, Card) -> bool,
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for (j, &slot) in slots.iter().enumerate() {
            if seen[j] || !allowed(slot, cards[ci]) {
                continue;
            }
            seen[j] = true;
            let free = match owner[j] {
                None => true,
                Some(other) => augment(other, slots, cards, allowed, seen, owner),
            };
            if free {
                owner[j] = Some(ci);
                return true;
            }
        }
        false
    }
    for ci in 0..cards.len() {
        let mut seen = vec![false; slots.len()];
        if !augment(ci, slots, cards, allowed, &mut seen, &mut owner) {
            return None;
        }
    }
    slots
        .iter()
        .zip(owner)
        .map(|(s, o)| o.and_then(|ci| cards.get(ci)).map(|c| (*s, *c)))
        .collect()
}

/// Unseen cards put in free slots: (slot, card).
type Fill = Vec<(usize, Card)>;

struct Solver<'a> {
    record: &'a HandRecord,
    lang: Lang,
    rule: &'a dyn Fn(&HandRecord, Lang) -> Ruling,
    slots: Vec<Slot>,
    /// Cards placed by evidence, per slot.
    placed: Vec<Option<Card>>,
    /// Free slots and the cards that fill them.
    free_slots: Vec<usize>,
    free_cards: Vec<Card>,
    /// Per slot: cards it may not hold (dangerous for its holder earlier).
    forbid: Vec<CardSet>,
    /// Dangers found: (event, seat, card, the ruling of a completion where that card
    /// made that event the first violation).
    learned: Vec<(usize, u8, Card, Ruling)>,
}

impl Solver<'_> {
    fn complete(&self, fill: &[(usize, Card)]) -> HandRecord {
        let mut r = self.record.clone();
        let mut cards = self.placed.clone();
        for (slot, c) in fill {
            if let Some(x) = cards.get_mut(*slot) {
                *x = Some(*c);
            }
        }
        for (slot, card) in self.slots.iter().zip(cards) {
            let Some(card) = card else { continue };
            let target = match slot.place {
                Place::Hand(s, j) => r.hands.get_mut(s).and_then(|h| h.get_mut(j)),
                Place::Stock(j) => r.stock.get_mut(j),
            };
            if let Some(t) = target {
                *t = CardSlot::Card(card);
            }
        }
        r
    }

    fn run(&self, fill: &[(usize, Card)]) -> Ruling {
        (self.rule)(&self.complete(fill), self.lang)
    }

    fn innocent(&self) -> Option<Vec<(usize, Card)>> {
        matching(&self.free_slots, &self.free_cards, &|s, c| {
            !self.forbid.get(s).is_some_and(|f| f.contains(c))
        })
    }

    /// Slots the seat holds at event `i` that are free (filled by the matching).
    fn held(&self, seat: u8, i: usize) -> Vec<usize> {
        self.free_slots
            .iter()
            .copied()
            .filter(|k| self.slots[*k].held_by_at(seat, i))
            .collect()
    }

    /// Card `c` held by `seat` makes event `i` the first violation: keep it out of
    /// the seat's slots held then.
    fn learn(&mut self, i: usize, seat: u8, c: Card, r: Ruling) {
        for k in self.held(seat, i) {
            self.forbid[k].insert(c);
        }
        if !self.learned.iter().any(|l| l.0 == i && l.2 == c) {
            self.learned.push((i, seat, c, r));
        }
    }

    /// Turns `current` into a completion where no event up to `i` is a violation,
    /// learning which unseen cards had to go; or the ruling that shows a violation
    /// at or before `i` cannot be avoided.
    fn harmless_up_to(
        &mut self,
        mut current: Vec<(usize, Card)>,
        i: usize,
    ) -> Result<Fill, Box<Ruling>> {
        for _ in 0..64 {
            let base = self.run(&current);
            let (v, seat) = match (
                violation_at(&base),
                base.violation.as_ref().and_then(|x| x.seat),
            ) {
                (Some(v), Some(seat)) if v <= i => (v, seat),
                _ => return Ok(current),
            };
            if !monotone(&base) {
                return Err(Box::new(base));
            }
            let held = self.held(seat, v);
            // Swap one of the seat's unseen cards out: if the violation goes (or
            // moves later), that card was a harmful one.
            let mut fixed = None;
            'search: for &sigma in &held {
                let Some(pos_f) = current.iter().position(|(s, _)| *s == sigma) else {
                    continue;
                };
                let f = current[pos_f].1;
                for pos_g in 0..current.len() {
                    let (tau, g) = current[pos_g];
                    if held.contains(&tau) || !self.allowed(sigma, g) || !self.allowed(tau, f) {
                        continue;
                    }
                    let mut trial = current.clone();
                    trial[pos_f].1 = g;
                    trial[pos_g].1 = f;
                    let r = self.run(&trial);
                    if violation_at(&r).is_none_or(|w| w > v) {
                        fixed = Some((f, trial));
                        break 'search;
                    }
                }
            }
            if let Some((f, trial)) = fixed {
                self.learn(v, seat, f, base);
                current = trial;
                continue;
            }
            // Several harmful cards at once: those it could have played instead.
            let harmful = self.playable_instead(&current, &held, seat, v);
            if !harmful.is_empty() {
                for f in harmful {
                    self.learn(v, seat, f, base.clone());
                }
                match self.innocent() {
                    Some(m) => current = m,
                    None => return Err(Box::new(base)),
                }
                continue;
            }
            match self.other_hands(&held, v) {
                Some(m) => current = m,
                None => return Err(Box::new(base)),
            }
        }
        Err(Box::new(self.run(&current)))
    }

    /// The seat's unseen cards (in `held` slots of `current`) it could have played at
    /// event `v` instead: when what it did at `v` is illegal, these are of the class
    /// the rules required, each harmful on its own.
    fn playable_instead(
        &self,
        current: &[(usize, Card)],
        held: &[usize],
        seat: u8,
        v: usize,
    ) -> Vec<Card> {
        let mut out = Vec::new();
        let full = self.complete(current);
        for &(slot, f) in current {
            if !held.contains(&slot) {
                continue;
            }
            let mut r = full.clone();
            r.events.truncate(v);
            r.events.push(Event::Move(crate::domain::record::Move::new(
                seat,
                Action::Play(f),
            )));
            if violation_at(&(self.rule)(&r, self.lang)) != Some(v) {
                out.push(f);
            }
        }
        out
    }

    /// Other cards for the `held` slots, several of whose cards are harmful at event
    /// `v` (not a play, so no card can be asked about alone): random sets of allowed
    /// cards (a fixed sequence: the domain has no randomness), up to a bound.
    fn other_hands(&self, held: &[usize], v: usize) -> Option<Vec<(usize, Card)>> {
        let candidates: Vec<Card> = self
            .free_cards
            .iter()
            .copied()
            .filter(|c| held.iter().all(|k| self.allowed(*k, *c)))
            .collect();
        let k = held.len();
        if k == 0 || candidates.len() < k {
            return None;
        }
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15 ^ (v as u64);
        let mut order = candidates.clone();
        for _ in 0..200 {
            for t in (1..order.len()).rev() {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let j = usize::try_from((state >> 33) % (t as u64 + 1)).unwrap_or(0);
                order.swap(t, j);
            }
            let chosen = &order[..k];
            let m = matching(&self.free_slots, &self.free_cards, &|slot, c| match held
                .iter()
                .position(|h| *h == slot)
            {
                Some(j) => chosen.get(j) == Some(&c),
                None => !chosen.contains(&c) && self.allowed(slot, c),
            });
            if let Some(m) = m
                && violation_at(&self.run(&m)).is_none_or(|w| w > v)
            {
                return Some(m);
            }
        }
        None
    }

    /// Free slots after a change of `placed` (the free cards stay the same set).
    fn refresh_free(&mut self) {
        self.free_slots = (0..self.slots.len())
            .filter(|k| self.placed[*k].is_none())
            .collect();
    }

    fn allowed(&self, slot: usize, c: Card) -> bool {
        !self.forbid.get(slot).is_some_and(|f| f.contains(c))
    }
}

/// A violation an unseen card can cause: any but those that say the record itself is
/// wrong. (Holding one more card only ever adds obligations: to follow, beat, trump,
/// place in cinquillo, sing the 40 first; the cards an event needs are placed, never
/// swapped out.)
fn monotone(r: &Ruling) -> bool {
    r.violation.as_ref().is_some_and(|v| {
        !matches!(
            v.rule,
            RuleId::DealInvalid | RuleId::CardNotInHand | RuleId::UnknownEvent
        )
    })
}

fn violation_at(r: &Ruling) -> Option<usize> {
    r.violation.as_ref().and_then(|v| v.event)
}

/// Rules a record with `"?"` places. `rule` rules a complete record.
pub fn rule(record: &HandRecord, lang: Lang, rule: &dyn Fn(&HandRecord, Lang) -> Ruling) -> Ruling {
    let mut slots: Vec<Slot> = Vec::new();
    for (s, hand) in record.hands.iter().enumerate() {
        for (j, c) in hand.iter().enumerate() {
            if matches!(c, CardSlot::Unknown) {
                let seat = u8::try_from(s).unwrap_or(u8::MAX);
                slots.push(Slot {
                    place: Place::Hand(s, j),
                    holder: Some((seat, 0)),
                });
            }
        }
    }
    let stock_holder = stock_holders(record);
    for (j, c) in record.stock.iter().enumerate() {
        if matches!(c, CardSlot::Unknown) {
            slots.push(Slot {
                place: Place::Stock(j),
                holder: stock_holder.get(j).copied().flatten(),
            });
        }
    }
    let known: CardSet = record
        .hands
        .iter()
        .flatten()
        .chain(record.stock.iter())
        .filter_map(CardSlot::card)
        .collect();
    let mut pool = deck(record).difference(known);
    let mut placed: Vec<Option<Card>> = vec![None; slots.len()];

    // 2. Cards the events show: each by the first event that shows it, placed from
    // the last event back in the slot its seat got latest (the earliest slots stay for
    // the cards shown earliest).
    let mut demands: Vec<(usize, u8, Card)> = Vec::new();
    let mut played = CardSet::EMPTY;
    for (i, e) in record.events.iter().enumerate() {
        let Event::Move(m) = e else { continue };
        let seat = m.seat;
        let own = record.hands.get(usize::from(seat));
        let drawn = |c: Card| {
            record.stock.iter().zip(&stock_holder).any(|(x, h)| {
                *x == CardSlot::Card(c) && matches!(h, Some((s, from)) if *s == seat && *from <= i)
            })
        };
        let available = |c: Card| {
            (pool.contains(c) || own.is_some_and(|h| h.contains(&CardSlot::Card(c))) || drawn(c))
                && !played.contains(c)
                && !demands.iter().any(|d| d.2 == c && d.1 != seat)
        };
        for c in shown_cards(record, m.action, available) {
            if pool.contains(c) && !demands.iter().any(|d| d.2 == c) {
                demands.push((i, seat, c));
            }
        }
        if let Action::Play(c) = m.action {
            played.insert(c);
        }
    }
    for &(i, seat, c) in demands.iter().rev() {
        let best = slots
            .iter()
            .enumerate()
            .filter(|(k, s)| placed[*k].is_none() && s.held_by_at(seat, i))
            .max_by_key(|(_, s)| s.holder.map_or(0, |h| h.1))
            .map(|(k, _)| k);
        if let Some(k) = best {
            placed[k] = Some(c);
            pool.remove(c);
        }
    }

    let free_slots: Vec<usize> = (0..slots.len()).filter(|k| placed[*k].is_none()).collect();
    let free_cards: Vec<Card> = pool.iter().collect();
    let mut solver = Solver {
        record,
        lang,
        rule,
        forbid: vec![CardSet::EMPTY; slots.len()],
        slots,
        placed,
        free_slots,
        free_cards,
        learned: Vec::new(),
    };

    // More or fewer "?" than unknown cards: the deal itself is wrong; fill what fits
    // and let the engine name the problem.
    if solver.free_slots.len() != solver.free_cards.len() {
        let fill: Vec<(usize, Card)> = solver
            .free_slots
            .iter()
            .copied()
            .zip(solver.free_cards.iter().copied())
            .collect();
        let mut r = solver.run(&fill);
        r.undecided = Some(Vec::new());
        return r;
    }

    // The greedy placement may make an event illegal (a cante seen as lapsed, a card
    // seen as held too early): move placed cards to other slots of their seat where
    // the record allows it, while that removes or postpones the violation. Later
    // slots first; then earlier ones (a card held from the deal may excuse a missed
    // chance to sing: with two cantes in hand, one chance lets one of them go).
    let deadline = |c: Card| demands.iter().find(|d| d.2 == c).map(|d| d.0);
    for _ in 0..32 {
        let Some(m) = solver.innocent() else { break };
        let r = solver.run(&m);
        let (Some(v), Some(seat)) = (violation_at(&r), r.violation.as_ref().and_then(|x| x.seat))
        else {
            break;
        };
        let entry = |k: usize| solver.slots[k].holder.map_or(usize::MAX, |h| h.1);
        let mut moves: Vec<(usize, usize)> = Vec::new();
        for a in 0..solver.slots.len() {
            let Some(d) = solver.placed[a].and_then(deadline) else {
                continue;
            };
            if solver.slots[a].holder.map(|h| h.0) != Some(seat) {
                continue;
            }
            for b in 0..solver.slots.len() {
                if b != a && solver.slots[b].held_by_at(seat, d) && entry(b) != entry(a) {
                    moves.push((a, b));
                }
            }
        }
        moves.sort_by_key(|&(a, b)| entry(b) < entry(a));
        let mut improved = false;
        for (a, b) in moves {
            let saved = solver.placed.clone();
            solver.placed.swap(a, b);
            solver.refresh_free();
            let better = solver
                .innocent()
                .is_some_and(|m2| violation_at(&solver.run(&m2)).is_none_or(|v2| v2 > v));
            if better {
                improved = true;
                break;
            }
            solver.placed = saved;
            solver.refresh_free();
        }
        if !improved {
            break;
        }
    }

    // 3. Through the events in order.
    let mut current = solver.innocent().unwrap_or_default();
    let mut certain: Option<Ruling> = None;
    for (i, e) in record.events.iter().enumerate() {
        let Some(seat) = e.seat() else { continue };
        if matches!(e, Event::Move(m) if m.action == Action::Claim) {
            continue;
        }
        let held = solver.held(seat, i);
        if held.is_empty() {
            continue;
        }
        match solver.harmless_up_to(current.clone(), i) {
            Ok(m) => current = m,
            Err(r) => {
                certain = Some(*r);
                break;
            }
        }
        // One card at a time into the seat's hand, the seat's other unseen cards
        // being ones known harmless here.
        let mut safe: CardSet = current
            .iter()
            .filter(|(s, _)| held.contains(s))
            .map(|(_, c)| *c)
            .collect();
        for pos_u in 0..current.len() {
            let (tau, u) = current[pos_u];
            if held.contains(&tau) {
                continue;
            }
            let swaps = held.iter().filter_map(|&sigma| {
                let pos_f = current.iter().position(|(s, _)| *s == sigma)?;
                let f = current[pos_f].1;
                (solver.allowed(sigma, u) && solver.allowed(tau, f)).then(|| {
                    let mut trial = current.clone();
                    trial[pos_f].1 = u;
                    trial[pos_u].1 = f;
                    (trial, Some((tau, f)))
                })
            });
            let pinned: Vec<(Fill, Option<(usize, Card)>)> = held
                .iter()
                .filter(|&&sigma| solver.allowed(sigma, u))
                .filter_map(|&sigma| {
                    matching(&solver.free_slots, &solver.free_cards, &|slot, c| {
                        if slot == sigma {
                            c == u
                        } else if held.contains(&slot) {
                            c != u && solver.allowed(slot, c) && safe.contains(c)
                        } else {
                            c != u && solver.allowed(slot, c)
                        }
                    })
                })
                .map(|m| (m, None))
                .collect();
            let trials: Vec<_> = swaps.chain(pinned).collect();
            // The first trial that says something about this event.
            for (trial, moved) in trials {
                let r = solver.run(&trial);
                let by = r.violation.as_ref().and_then(|x| x.seat);
                match (violation_at(&r), by) {
                    (Some(v), Some(other)) if v < i => {
                        // The card swapped out harmed its new holder earlier.
                        if let Some((tau, f)) = moved
                            && monotone(&r)
                            && solver.slots[tau].held_by_at(other, v)
                        {
                            solver.learn(v, other, f, r);
                        }
                        continue;
                    }
                    (Some(v), _) if v == i && monotone(&r) => solver.learn(i, seat, u, r),
                    (Some(v), _) if v == i => continue,
                    _ => {
                        safe.insert(u);
                    }
                }
                break;
            }
        }
        match solver.innocent() {
            Some(m) => current = m,
            None => {
                // Every completion innocent so far breaks a rule here.
                certain = solver
                    .learned
                    .iter()
                    .find(|l| l.0 == i)
                    .map(|l| l.3.clone())
                    .or_else(|| Some(solver.run(&current)));
                break;
            }
        }
    }
    if certain.is_none()
        && let Err(r) = solver.harmless_up_to(current.clone(), usize::MAX)
    {
        certain = Some(*r);
    }

    let mut ruling = certain.unwrap_or_else(|| solver.run(&current));
    let decided_at = violation_at(&ruling);
    // One entry per event and rule broken, before any violation the known cards prove.
    let mut undecided: Vec<Undecided> = Vec::new();
    let mut learned = solver.learned.clone();
    learned.sort_by_key(|l| l.0);
    for (i, seat, c, r) in learned {
        if decided_at.is_some_and(|v| i >= v) {
            continue;
        }
        let Some(v) = r.violation.as_ref() else {
            continue;
        };
        match undecided
            .iter_mut()
            .find(|u| u.event == i && u.rule == v.rule)
        {
            Some(u) => u.cards.push(c),
            None => undecided.push(Undecided {
                event: i,
                seat,
                side: record.side_of(seat),
                rule: v.rule,
                cards: vec![c],
                message: String::new(),
                hand_points: r.hand_points.clone(),
            }),
        }
    }
    for u in &mut undecided {
        u.cards.sort_by_key(|c| c.index());
        u.message = message(u, record, lang);
    }
    // A card with only one possible holder is not a guess.
    let guessed: CardSet = solver
        .free_cards
        .iter()
        .copied()
        .filter(|c| {
            let mut holders = solver
                .free_slots
                .iter()
                .filter(|k| solver.allowed(**k, *c))
                .map(|k| solver.slots[*k].holder.map(|h| h.0));
            let first = holders.next();
            holders.any(|h| Some(h) != first)
        })
        .collect();
    if !undecided.is_empty() {
        ruling.hand_points = None;
        ruling.game_over = None;
        ruling.discrepancies.retain(|d| d.field != "hand_points");
    }
    ruling.filled = Some(Box::new(Filled {
        record: solver.complete(&current),
        guessed,
    }));
    ruling.undecided = Some(undecided);
    ruling
}

fn card_list(cards: &[Card], lang: Lang) -> String {
    let names: Vec<String> = cards.iter().map(|c| c.spanish_name()).collect();
    let or = tr!(lang, " o ", " o ", " or ");
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}{or}{last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

fn message(u: &Undecided, record: &HandRecord, lang: Lang) -> String {
    // The card played at that event, by name.
    let played = record
        .events
        .get(u.event)
        .and_then(|e| {
            e.to_value()
                .get("play")
                .and_then(|p| p.as_str())
                .map(str::to_owned)
        })
        .and_then(|p| p.parse::<crate::domain::cards::Card>().ok())
        .map(|c| c.spanish_name());
    let cards = card_list(&u.cards, lang);
    let name = crate::domain::words::rule_name(u.rule, lang);
    let n = u.event + 1;
    let seat = u.seat;
    let what = played
        .map(|c| tr!(lang, " (jugó {c})", " (va jugar {c})", " (played {c})"))
        .unwrap_or_default();
    tr!(
        lang,
        "No se puede decidir con las cartas conocidas: si el asiento {seat} tenía {cards} en la jugada {n}{what}, fue {name}.",
        "No es pot decidir amb les cartes conegudes: si el seient {seat} tenia {cards} a la jugada {n}{what}, va ser {name}.",
        "Cannot be decided from the known cards: if seat {seat} held {cards} at play {n}{what}, it was {name}."
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
#[path = "partial_tests.rs"]
mod tests;
