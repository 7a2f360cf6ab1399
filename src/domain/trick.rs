//! The trick engine: the one legal-play generator shared by every trick game (docs/rules.md
//! Part B §1.6), the trick winner (§1.4) and the per-game card tables (§1.2). Uses
//! only `cards`.
//!
//! A game configures [`PlayRules`] per phase (constructors below reproduce the binding
//! per-game defaults table of §1.6) and passes its [`CardValues`] (strength and points)
//! and the trick so far. [`legal_cards`] gives the legal set; [`check_play`] names the
//! first obligation a card outside it breaks, in the order follow suit → beat → trump →
//! overtrump (docs/hand-record.md).

use crate::domain::cards::{Card, CardSet, Rank, Suit};
/// The §1.6 duties and the head target are table options; their values live with them.
pub use crate::domain::options::{Duty, HeadTarget};

/// Strength in a trick and card points: properties of a game, not of a card.
pub trait CardValues {
    /// Higher beats lower within one suit.
    fn strength(&self, c: Card) -> u8;
    /// The card's points when counting tricks.
    fn points(&self, c: Card) -> u32;
}

/// A per-rank table (index = rank number − 1). Trump and plain suits rank alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankTable {
    pub strength: [u8; 12],
    pub points: [u8; 12],
}

impl RankTable {
    /// Tute and cuatrola: A, 3, R, C, S, 7, 6, 5, 4, 2 — A11, 3=10, R4, C3, S2.
    pub const TUTE: RankTable = RankTable {
        //          1   2  3  4  5  6  7  8  9  S  C  R
        strength: [10, 1, 9, 2, 3, 4, 5, 0, 0, 6, 7, 8],
        points: [11, 0, 10, 0, 0, 0, 0, 0, 0, 2, 3, 4],
    };
    /// Cuatrola uses the tute values on its 20 cards.
    pub const CUATROLA: RankTable = RankTable::TUTE;
    /// Guiñote: A, 3, R, S, C, 7…2 — A11, 3=10, R4, S3, C2.
    pub const GUINOTE: RankTable = RankTable {
        strength: [10, 1, 9, 2, 3, 4, 5, 0, 0, 7, 6, 8],
        points: [11, 0, 10, 0, 0, 0, 0, 0, 0, 3, 2, 4],
    };
    /// Botifarra: 9 (manilla), A, R, C, S, 8…2 — 9=5, A4, R3, C2, S1.
    pub const BOTIFARRA: RankTable = RankTable {
        strength: [11, 1, 2, 3, 4, 5, 6, 7, 12, 8, 9, 10],
        points: [4, 0, 0, 0, 0, 0, 0, 0, 5, 1, 2, 3],
    };
}

impl CardValues for RankTable {
    fn strength(&self, c: Card) -> u8 {
        self.strength
            .get(usize::from(c.rank().number() - 1))
            .copied()
            .unwrap_or(0)
    }
    fn points(&self, c: Card) -> u32 {
        self.points
            .get(usize::from(c.rank().number() - 1))
            .copied()
            .map(u32::from)
            .unwrap_or(0)
    }
}

/// The §1.6 options for one game and phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayRules {
    /// Obligations apply (false = "stock phase" freedom: any card).
    pub obligations: bool,
    /// In a free phase, a trump lead must be answered with a trump if held (2p tute option).
    pub trump_lead_forces_trump_in_stock_phase: bool,
    pub follow_suit: bool,
    pub head_led_suit: Duty,
    pub head_target: HeadTarget,
    pub trump_when_void: Duty,
    pub overtrump: bool,
    pub undertrump: bool,
}

impl PlayRules {
    /// Tute for 4 (pairs) or 3, every trick.
    pub fn tute() -> PlayRules {
        PlayRules {
            obligations: true,
            trump_lead_forces_trump_in_stock_phase: false,
            follow_suit: true,
            head_led_suit: Duty::Always,
            head_target: HeadTarget::WinningCard,
            trump_when_void: Duty::Always,
            overtrump: true,
            undertrump: false,
        }
    }
    /// Tute for 2 while the stock lasts: free play (optionally answer a trump lead with a trump).
    pub fn tute_2p_stock(trump_lead_forces_trump: bool) -> PlayRules {
        PlayRules {
            obligations: false,
            trump_lead_forces_trump_in_stock_phase: trump_lead_forces_trump,
            ..PlayRules::tute()
        }
    }
    /// Tute for 2 once the stock is exhausted.
    pub fn tute_2p_after_stock() -> PlayRules {
        PlayRules::tute()
    }
    /// Cuatrola, all five tricks: head Always, trump Always, overtrump, no undertrump.
    pub fn cuatrola(head_target: HeadTarget) -> PlayRules {
        PlayRules {
            head_target,
            ..PlayRules::tute()
        }
    }
    /// Guiñote while cards remain in the stock: free play.
    pub fn guinote_stock() -> PlayRules {
        PlayRules {
            obligations: false,
            ..PlayRules::guinote_arrastre()
        }
    }
    /// Guiñote in arrastre: partner exception for heading and trumping.
    pub fn guinote_arrastre() -> PlayRules {
        PlayRules {
            obligations: true,
            trump_lead_forces_trump_in_stock_phase: false,
            follow_suit: true,
            head_led_suit: Duty::UnlessPartnerWinning,
            head_target: HeadTarget::WinningCard,
            trump_when_void: Duty::UnlessPartnerWinning,
            overtrump: true,
            undertrump: false,
        }
    }
    /// Botifarra with a trump suit.
    pub fn botifarra_suit() -> PlayRules {
        PlayRules::guinote_arrastre()
    }
    /// Botifarra in "botifarra" (no-trump) mode: pass `trump = None` to the generator.
    pub fn botifarra_no_trump() -> PlayRules {
        PlayRules {
            trump_when_void: Duty::Never,
            ..PlayRules::guinote_arrastre()
        }
    }
}

/// The obligation a card outside the legal set breaks (spec rule ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Obligation {
    /// `must_follow_suit`
    FollowSuit,
    /// `must_beat`
    Beat,
    /// `must_trump`
    Trump,
    /// `must_overtrump`
    Overtrump,
}

/// A trick in progress as the generator sees it.
#[derive(Debug, Clone, Copy)]
pub struct TrickView<'a> {
    /// `(seat, card)` in play order; empty = you lead.
    pub cards: &'a [(u8, Card)],
    /// `None` = no trumps (botifarra).
    pub trump: Option<Suit>,
    /// Whether seats `a` and `b` are partners (same side).
    pub partnership: Partnership,
}

/// How seats form sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Partnership {
    /// Seats 0/2 and 1/3.
    Pairs,
    /// Each seat alone.
    Individual,
}

impl Partnership {
    pub fn same_side(self, a: u8, b: u8) -> bool {
        match self {
            Partnership::Pairs => a % 2 == b % 2,
            Partnership::Individual => a == b,
        }
    }
}

/// Index (into `cards`) of the card winning the trick so far, per §1.4: the highest
/// trump if any, else the highest card of the led suit. `None` for an empty trick.
pub fn winning_index(
    cards: &[(u8, Card)],
    trump: Option<Suit>,
    values: &dyn CardValues,
) -> Option<usize> {
    let (_, lead) = cards.first()?;
    let led = lead.suit();
    let mut best = 0usize;
    let mut best_card = *lead;
    for (i, &(_, c)) in cards.iter().enumerate().skip(1) {
        if beats(c, best_card, led, trump, values) {
            best = i;
            best_card = c;
        }
    }
    Some(best)
}

/// Whether `c` beats `w` (the current winner) in a trick led in `led`.
pub fn beats(c: Card, w: Card, led: Suit, trump: Option<Suit>, values: &dyn CardValues) -> bool {
    let is_trump = |x: Card| Some(x.suit()) == trump;
    if is_trump(c) {
        !is_trump(w) || values.strength(c) > values.strength(w)
    } else if is_trump(w) {
        false
    } else {
        c.suit() == led && (w.suit() != led || values.strength(c) > values.strength(w))
    }
}

/// The legal cards for `me` holding `hand` (§1.6 `legal`).
pub fn legal_cards(
    hand: CardSet,
    me: u8,
    trick: &TrickView<'_>,
    rules: &PlayRules,
    values: &dyn CardValues,
) -> CardSet {
    let Some(&(_, lead)) = trick.cards.first() else {
        return hand;
    };
    let led = lead.suit();
    if !rules.obligations {
        if rules.trump_lead_forces_trump_in_stock_phase && Some(led) == trick.trump {
            let t = hand.of_suit(led);
            if !t.is_empty() {
                return t;
            }
        }
        return hand;
    }
    let Some(wi) = winning_index(trick.cards, trick.trump, values) else {
        return hand;
    };
    let Some(&(w_seat, w_card)) = trick.cards.get(wi) else {
        return hand;
    };
    let exempt =
        |d: Duty| d == Duty::UnlessPartnerWinning && trick.partnership.same_side(w_seat, me);
    let s = hand.of_suit(led);
    if !s.is_empty() && rules.follow_suit {
        if rules.head_led_suit == Duty::Never || exempt(rules.head_led_suit) {
            return s;
        }
        let target = match rules.head_target {
            HeadTarget::WinningCard => w_card,
            HeadTarget::HighestLedSuitCard => {
                highest_of_suit(trick.cards, led, values).unwrap_or(w_card)
            }
        };
        if target.suit() != led {
            return s;
        }
        let b = s.filter(|c| values.strength(c) > values.strength(target));
        return if b.is_empty() { s } else { b };
    }
    let Some(trump) = trick.trump else {
        return hand;
    };
    if rules.trump_when_void == Duty::Never || exempt(rules.trump_when_void) {
        return hand;
    }
    let t = hand.of_suit(trump);
    if t.is_empty() {
        return hand;
    }
    if w_card.suit() != trump {
        return t;
    }
    let o = if rules.overtrump {
        t.filter(|c| values.strength(c) > values.strength(w_card))
    } else {
        t
    };
    if !o.is_empty() {
        o
    } else if rules.undertrump {
        t
    } else {
        hand
    }
}

fn highest_of_suit(cards: &[(u8, Card)], suit: Suit, values: &dyn CardValues) -> Option<Card> {
    cards
        .iter()
        .map(|&(_, c)| c)
        .filter(|c| c.suit() == suit)
        .max_by_key(|&c| values.strength(c))
}

/// `Ok` when `card` (held in `hand`) is legal; otherwise the first obligation it breaks,
/// in the order follow suit → beat → trump → overtrump. The caller checks turn and
/// possession first.
pub fn check_play(
    hand: CardSet,
    card: Card,
    me: u8,
    trick: &TrickView<'_>,
    rules: &PlayRules,
    values: &dyn CardValues,
) -> Result<(), Obligation> {
    let legal = legal_cards(hand, me, trick, rules, values);
    if legal.contains(card) {
        return Ok(());
    }
    let led = trick.cards.first().map(|&(_, c)| c.suit());
    let Some(led) = led else {
        return Ok(());
    };
    let holds_led = !hand.of_suit(led).is_empty();
    if !rules.obligations {
        // Only the "answer a trump lead" duty exists in a free phase.
        return Err(Obligation::FollowSuit);
    }
    if holds_led && rules.follow_suit {
        return Err(if card.suit() != led {
            Obligation::FollowSuit
        } else {
            Obligation::Beat
        });
    }
    // Void in the led suit: the trump duties.
    let trump_on_table = trick
        .cards
        .iter()
        .any(|&(_, c)| Some(c.suit()) == trick.trump);
    let winner_is_trump = winning_index(trick.cards, trick.trump, values)
        .and_then(|i| trick.cards.get(i))
        .is_some_and(|&(_, c)| Some(c.suit()) == trick.trump);
    if !winner_is_trump || !trump_on_table || !rules.overtrump {
        return Err(Obligation::Trump);
    }
    // A trump is winning: if a higher trump was held the duty broken is to overtrump;
    // otherwise (undertrump = true) it is to trump at all.
    let can_over = trick.trump.is_some_and(|t| {
        let wi = winning_index(trick.cards, trick.trump, values);
        let w = wi.and_then(|i| trick.cards.get(i)).map(|&(_, c)| c);
        hand.of_suit(t)
            .iter()
            .any(|c| w.is_some_and(|w| values.strength(c) > values.strength(w)))
    });
    Err(if can_over {
        Obligation::Overtrump
    } else {
        Obligation::Trump
    })
}

/// Points of a set of cards under a game's table.
pub fn card_points(cards: impl IntoIterator<Item = Card>, values: &dyn CardValues) -> u32 {
    cards.into_iter().map(|c| values.points(c)).sum()
}

/// The marriage partner ranks of a suit are rey + caballo (tute, cuatrola) or rey + sota
/// (guiñote); a helper for the games' cante checks.
pub fn marriage(suit: Suit, consort: Rank) -> CardSet {
    CardSet::from_cards([Card::new(Rank::Rey, suit), Card::new(consort, suit)])
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }
    fn set(cs: &[&str]) -> CardSet {
        cs.iter().map(|s| c(s)).collect()
    }
    /// Trick with seats starting at 0 (opponent), 1 (partner of 3), 2, me = next seat.
    fn trick(cards: &[&str]) -> Vec<(u8, Card)> {
        cards
            .iter()
            .enumerate()
            .map(|(i, s)| (i as u8, c(s)))
            .collect()
    }
    fn view<'a>(t: &'a [(u8, Card)], trump: Option<Suit>) -> TrickView<'a> {
        TrickView {
            cards: t,
            trump,
            partnership: Partnership::Pairs,
        }
    }
    /// A game's play rules and card values, with its trump suit (or none).
    struct Play {
        rules: PlayRules,
        values: RankTable,
        trump: Option<Suit>,
    }
    impl Play {
        /// The cards `seat` may play from `hand` to trick `t`.
        fn legal(&self, hand: CardSet, seat: u8, t: &[(u8, Card)]) -> CardSet {
            legal_cards(hand, seat, &view(t, self.trump), &self.rules, &self.values)
        }
        /// Whether `seat` may play `card` from `hand` to trick `t`.
        fn check(
            &self,
            hand: CardSet,
            card: &str,
            seat: u8,
            t: &[(u8, Card)],
        ) -> Result<(), Obligation> {
            check_play(
                hand,
                c(card),
                seat,
                &view(t, self.trump),
                &self.rules,
                &self.values,
            )
        }
    }
    /// Tute, espadas trumps.
    fn tute_espadas() -> Play {
        Play {
            rules: PlayRules::tute(),
            values: RankTable::TUTE,
            trump: Some(Suit::Espadas),
        }
    }
    /// The cards `seat` may play from `hand` to trick `t` at cuatrola, espadas trumps.
    fn cuatrola_legal(hand: CardSet, seat: u8, t: &[(u8, Card)], head: HeadTarget) -> CardSet {
        let cuatrola = Play {
            rules: PlayRules::cuatrola(head),
            values: RankTable::CUATROLA,
            trump: Some(Suit::Espadas),
        };
        cuatrola.legal(hand, seat, t)
    }

    #[test]
    fn the_highest_trump_wins_else_the_highest_of_the_led_suit() {
        let v = RankTable::TUTE;
        let t = trick(&["10o", "1c", "3o", "12o"]);
        assert_eq!(winning_index(&t, Some(Suit::Espadas), &v), Some(2));
        let t = trick(&["10o", "10e", "1o", "11e"]);
        assert_eq!(winning_index(&t, Some(Suit::Espadas), &v), Some(3));
        let t = trick(&["10o", "1c"]);
        assert_eq!(winning_index(&t, None, &v), Some(0));
    }

    #[test]
    fn a_leader_may_play_any_card() {
        let hand = set(&["1o", "3c", "10e"]);
        let cuatrola = Play {
            rules: PlayRules::cuatrola(HeadTarget::WinningCard),
            values: RankTable::CUATROLA,
            trump: Some(Suit::Oros),
        };
        assert_eq!(cuatrola.legal(hand, 0, &[]), hand);
    }

    // docs/rules.md §8 item 4, first case: seats 2 (opponent) leads A-oros, 3 (partner) plays 3-oros... we are seat 0.
    #[test]
    fn cuatrola_a_follower_who_cannot_beat_the_ace_may_play_either_oros() {
        let t = vec![(1u8, c("1o")), (2u8, c("3o"))];
        let hand = set(&["12o", "10o", "1c"]);
        let l = cuatrola_legal(hand, 3, &t, HeadTarget::WinningCard);
        assert_eq!(l, set(&["12o", "10o"]));
    }

    #[test]
    fn cuatrola_a_follower_must_head_even_over_his_partner() {
        // opponent (seat 1) leads sota de oros, partner (seat 2) caballo de oros, me seat 0.
        let t = vec![(1u8, c("10o")), (2u8, c("11o"))];
        let hand = set(&["12o", "1c"]);
        let l = cuatrola_legal(hand, 0, &t, HeadTarget::WinningCard);
        assert_eq!(l, set(&["12o"]));
    }

    #[test]
    fn cuatrola_after_a_trump_a_follower_need_not_top_the_led_suit() {
        let t = vec![(1u8, c("1o")), (2u8, c("10e"))];
        let hand = set(&["12o", "10o"]);
        let l = cuatrola_legal(hand, 3, &t, HeadTarget::WinningCard);
        assert_eq!(l, hand);
        // With the peer's reading the follower must still top the led suit, if he can.
        let t = vec![(1u8, c("10o")), (2u8, c("10e"))];
        let l = cuatrola_legal(hand, 3, &t, HeadTarget::HighestLedSuitCard);
        assert_eq!(l, set(&["12o"]));
    }

    #[test]
    fn a_void_player_must_trump_and_overtrump_if_he_can() {
        let tute = tute_espadas();
        let hand = set(&["3e", "10e", "1c"]);
        let t = vec![(0u8, c("1o"))];
        assert_eq!(tute.legal(hand, 1, &t), set(&["3e", "10e"]));
        let t = vec![(0u8, c("1o")), (1u8, c("12e"))];
        assert_eq!(tute.legal(hand, 2, &t), set(&["3e"]));
        assert_eq!(tute.check(hand, "10e", 2, &t), Err(Obligation::Overtrump));
        assert_eq!(tute.check(hand, "1c", 2, &t), Err(Obligation::Overtrump));
    }

    #[test]
    fn without_undertrump_a_player_who_cannot_overtrump_plays_anything() {
        let tute = tute_espadas();
        let hand = set(&["10e", "1c"]);
        let t = vec![(0u8, c("1o")), (1u8, c("1e"))];
        assert_eq!(tute.legal(hand, 2, &t), hand);
        let strict = Play {
            rules: PlayRules {
                undertrump: true,
                ..tute.rules
            },
            ..tute
        };
        assert_eq!(strict.legal(hand, 2, &t), set(&["10e"]));
        assert_eq!(strict.check(hand, "1c", 2, &t), Err(Obligation::Trump));
    }

    #[test]
    fn the_first_obligation_broken_names_the_revoke() {
        let tute = tute_espadas();
        let t = vec![(0u8, c("10o"))];
        let hand = set(&["11o", "12o", "1e", "1c"]);
        assert_eq!(tute.check(hand, "1e", 1, &t), Err(Obligation::FollowSuit));
        let hand2 = set(&["11o", "1e", "1c"]);
        assert_eq!(tute.check(hand2, "11o", 1, &t), Ok(()));
        let t3 = vec![(0u8, c("12o"))];
        let hand3 = set(&["11o", "1o"]);
        assert_eq!(tute.check(hand3, "11o", 1, &t3), Err(Obligation::Beat));
        let hand4 = set(&["1e", "1c"]);
        assert_eq!(tute.check(hand4, "1c", 1, &t), Err(Obligation::Trump));
    }

    #[test]
    fn with_the_partner_exception_no_duty_to_beat_or_trump_over_the_partner() {
        // docs/rules.md §8 item 3 (botifarra, trumps copas) and item 5 (guiñote arrastre).
        let botifarra = Play {
            rules: PlayRules::botifarra_suit(),
            values: RankTable::BOTIFARRA,
            trump: Some(Suit::Copas),
        };
        let t = vec![(1u8, c("5o")), (2u8, c("9o"))];
        let hand = set(&["2c", "12e"]);
        assert_eq!(botifarra.legal(hand, 0, &t), hand);
        let t = vec![(1u8, c("9o"))];
        assert_eq!(botifarra.legal(hand, 0, &t), set(&["2c"]));
        let t = vec![(0u8, c("5o")), (1u8, c("1c"))];
        assert_eq!(botifarra.legal(set(&["9c", "3c"]), 2, &t), set(&["9c"]));
        assert_eq!(
            botifarra.legal(set(&["3c", "4e"]), 2, &t),
            set(&["3c", "4e"])
        );
        let guinote = Play {
            rules: PlayRules::guinote_arrastre(),
            values: RankTable::GUINOTE,
            trump: Some(Suit::Bastos),
        };
        let t = vec![(1u8, c("7c")), (2u8, c("1c"))];
        assert_eq!(guinote.legal(set(&["2c", "3b"]), 0, &t), set(&["2c"]));
        assert_eq!(guinote.legal(set(&["3b", "4o"]), 0, &t), set(&["3b", "4o"]));
        let t = vec![(1u8, c("7c"))];
        assert_eq!(
            guinote.legal(set(&["3b", "2b", "4o"]), 0, &t),
            set(&["3b", "2b"])
        );
    }

    #[test]
    fn in_the_stock_phase_any_card_is_legal_unless_a_trump_lead_forces_a_trump() {
        let stock = |rules| Play {
            rules,
            values: RankTable::TUTE,
            trump: Some(Suit::Bastos),
        };
        let t = vec![(0u8, c("1o"))];
        let hand = set(&["2c", "4o", "5b"]);
        assert_eq!(stock(PlayRules::guinote_stock()).legal(hand, 1, &t), hand);
        let t = vec![(0u8, c("1b"))];
        let forced = stock(PlayRules::tute_2p_stock(true));
        assert_eq!(forced.legal(hand, 1, &t), set(&["5b"]));
        assert_eq!(forced.check(hand, "2c", 1, &t), Err(Obligation::FollowSuit));
        let free = stock(PlayRules::tute_2p_stock(false));
        assert_eq!(free.legal(hand, 1, &t), hand);
    }

    #[test]
    fn in_no_trump_mode_a_void_player_plays_anything() {
        let no_trump = Play {
            rules: PlayRules::botifarra_no_trump(),
            values: RankTable::BOTIFARRA,
            trump: None,
        };
        let t = vec![(0u8, c("5o"))];
        let hand = set(&["2c", "12e"]);
        assert_eq!(no_trump.legal(hand, 1, &t), hand);
        let hand = set(&["2o", "9o", "12e"]);
        assert_eq!(no_trump.legal(hand, 1, &t), set(&["9o"]));
    }

    #[test]
    fn card_points_total_120_in_tute_cuatrola_and_guinote_and_60_in_botifarra() {
        use crate::domain::cards::Deck;
        assert_eq!(
            card_points(Deck::Twenty.cards().iter(), &RankTable::CUATROLA),
            120
        );
        assert_eq!(
            card_points(Deck::Forty.cards().iter(), &RankTable::TUTE),
            120
        );
        assert_eq!(
            card_points(Deck::Forty.cards().iter(), &RankTable::GUINOTE),
            120
        );
        assert_eq!(
            card_points(Deck::FortyEight.cards().iter(), &RankTable::BOTIFARRA),
            60
        );
    }

    #[test]
    fn guinote_sota_beats_caballo_while_tute_caballo_beats_sota() {
        let (s, cb) = (c("10o"), c("11o"));
        assert!(RankTable::GUINOTE.strength(s) > RankTable::GUINOTE.strength(cb));
        assert!(RankTable::TUTE.strength(cb) > RankTable::TUTE.strength(s));
        assert_eq!(RankTable::GUINOTE.points(s), 3);
        assert_eq!(RankTable::TUTE.points(cb), 3);
    }
}
