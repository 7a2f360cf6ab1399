//! Tute (docs/rules.md Part A 3, Part B §2; docs/hand-record.md "Per game"). A game: uses
//! `tute_family`, `trick_hand`, `engine`, `trick`, `messages` and the plain data below them.
//!
//! - **4 players** in pairs (seats 0/2 against 1/3): 40 cards, 10 each, the dealer's
//!   last card is turned for trumps and stays in his hand.
//! - **3 players**, each alone: 36 cards without the 2s, 12 each, the dealer's last card
//!   turned (`tute3_deck = remove2s36`); or 40 cards, 13 each and one spare card that
//!   marks trumps, given as the one card of `stock` and never played
//!   (`tute3_deck = forty_with_spare`).
//! - **2 players** ("tute habanero"): 8 (or 6, `hand_size_2p`) cards each, the rest as a
//!   stock with the turned card last; after each trick the winner draws first. Free play
//!   while the stock lasts (option: a trump lead must be answered with a trump), full
//!   obligations afterwards. The 7 of trumps may be exchanged for a high pinta, the 2
//!   for a 7, 6, 5 or 4.
//!
//! Legal play (docs/rules.md §1.6): follow suit and beat the winning card (even over the
//! partner), else trump and overtrump, no undertrump duty by default. Cantes: rey +
//! caballo, 20 or 40, after a trick won by the side, one per player per window, 40
//! first, lapsing when not sung at the first chance; tute (four reyes or four caballos)
//! wins the hand. The side with more points (cards + last 10 + cantes) wins the hand;
//! ties go to the tied side that most recently won a trick (the last trick's winner if
//! tied). Revoke: the opponents win the hand (pairs, 2 players); void for 3 players.
//!
//! - **4 players individually** (`partnerships = false`, Part B §2.2): the 4-player deal,
//!   four sides (one per seat), each scores alone: only the trick winner may sing, the
//!   hand goes to the player with most points, and a revoke voids the hand as for 3.

use crate::domain::cards::{Deck, Rank};
use crate::domain::engine::GameKind;
use crate::domain::games::rules::module_rules;
use crate::domain::games::rules::{QuickEntry, Rules, target_of};
use crate::domain::games::trick_hand::first_to_reach;
use crate::domain::games::tute_family::family_rules;
use crate::domain::games::tute_family::{
    End, ExchangeRule, Family, FamilyConfig, FamilyHand, FamilyRules, GAME_POINTS, replay_record,
};
use crate::domain::lang::Lang;
use crate::domain::options::GameOptions;
use crate::domain::options::TableOptions;
use crate::domain::record::{DealSpec, HandRecord, TurnedRule};
use crate::domain::ruling::{GameOver, GameOverReason, RuleId, Ruling};
use crate::domain::trick::{PlayRules, RankTable};

/// Tute's table options, with their defaults and reasons: they stand with every game's
/// table in `options`, where a record's options are checked.
pub use crate::domain::options::TUTE_OPTIONS as OPTIONS;
pub use crate::domain::options::{
    MatchMode, Over100Bonus, Tute3Deck, TuteOptions, TuteRevokePenalty,
};

fn valid_players(players: u8) -> u8 {
    if (2..=4).contains(&players) {
        players
    } else {
        4
    }
}

/// What tute requires of a deal for `players` seats.
pub fn deal_spec(players: u8, opts: &TuteOptions) -> DealSpec {
    match valid_players(players) {
        2 => {
            let h = usize::from(opts.hand_size_2p);
            DealSpec {
                deck: Deck::Forty.cards(),
                hand_sizes: Some(vec![h; 2]),
                stock_size: Some(40 - 2 * h),
                turned: TurnedRule::LastOfStock,
            }
        }
        3 => match opts.tute3_deck {
            Tute3Deck::Remove2s36 => DealSpec {
                deck: Deck::ThirtySix.cards(),
                hand_sizes: Some(vec![12; 3]),
                stock_size: Some(0),
                turned: TurnedRule::DealerLastCard,
            },
            Tute3Deck::FortyWithSpare => DealSpec {
                deck: Deck::Forty.cards(),
                hand_sizes: Some(vec![13; 3]),
                stock_size: Some(1),
                turned: TurnedRule::LastOfStock,
            },
        },
        _ => DealSpec {
            deck: Deck::Forty.cards(),
            hand_sizes: Some(vec![10; 4]),
            stock_size: Some(0),
            turned: TurnedRule::InDealerHand,
        },
    }
}

/// The family configuration of tute for `players` seats.
pub fn config(players: u8, opts: &TuteOptions) -> FamilyConfig {
    let players = valid_players(players);
    let two = players == 2;
    let play_rules = PlayRules {
        head_led_suit: opts.head_led_suit,
        undertrump: opts.undertrump,
        ..PlayRules::tute()
    };
    FamilyConfig {
        game: GameKind::Tute,
        players,
        partnerships: opts.partnerships,
        values: RankTable::TUTE,
        consort: Rank::Caballo,
        stock_rules: PlayRules::tute_2p_stock(opts.trump_lead_forces_trump_in_stock_phase),
        play_rules,
        draws: two,
        cantes_per_trick: opts.cantes_per_trick,
        cante_lapses: opts.cante_lapses,
        cantes_need_stock: two && !opts.cantes_in_arrastre,
        allow_tute: opts.allow_tute,
        tute_after_cante: opts.tute_after_cante,
        exchange: if two && opts.allow_exchange {
            ExchangeRule::Tute
        } else {
            ExchangeRule::None
        },
        claims: false,
        vueltas: false,
        auto_end_at_101: false,
    }
}

/// The state of a tute hand: the family's state and tute's options.
pub type Tute = FamilyHand<TuteOptions>;

impl FamilyRules for TuteOptions {
    fn config(&self, players: u8, _before: Option<&[i64]>) -> FamilyConfig {
        config(players, self)
    }
    fn result(&self, core: &Family) -> Option<Vec<i64>> {
        let end = core.end()?;
        Some(score(core, self, end))
    }
}

/// The side that wins a hand on points: the most points; among tied sides the one that
/// most recently won a trick (the last trick's winner if it is tied).
pub fn hand_winner(core: &Family) -> u8 {
    let pts = core.points();
    let best = pts.iter().copied().max().unwrap_or(0);
    let tied: Vec<u8> = (0..core.config().sides())
        .filter(|s| pts.get(usize::from(*s)).copied() == Some(best))
        .collect();
    if let [only] = tied.as_slice() {
        return *only;
    }
    core.tricks()
        .iter()
        .rev()
        .map(|t| core.config().side_of(t.winner))
        .find(|s| tied.contains(s))
        .or_else(|| tied.first().copied())
        .unwrap_or(0)
}

/// `value` to `side`, 0 to the others.
pub fn one_for(side: u8, sides: u8, value: i64) -> Vec<i64> {
    (0..sides)
        .map(|s| if s == side { value } else { 0 })
        .collect()
}

/// Scoreboard points of a finished hand.
fn score(core: &Family, opts: &TuteOptions, end: End) -> Vec<i64> {
    let sides = core.config().sides();
    let points: Vec<i64> = core.points().iter().map(|p| i64::from(*p)).collect();
    if opts.match_mode == MatchMode::Points101 {
        return points;
    }
    if let End::Tute { seat, .. } = end {
        return one_for(core.config().side_of(seat), sides, 1);
    }
    let w = hand_winner(core);
    let p = points.get(usize::from(w)).copied().unwrap_or(0);
    let sang = core
        .cante_points()
        .get(usize::from(w))
        .is_some_and(|c| *c > 0);
    one_for(w, sides, hand_value(opts.over100_bonus, p, sang))
}

/// What a hand is worth to its winner in a partida of hands won: 2 with the table's
/// over-100 bonus when the winner's `points` earn it (over 100, or over 120 for a side
/// that `sang` where the bonus asks 121 with cantes), else 1.
pub fn hand_value(bonus: Over100Bonus, points: i64, sang: bool) -> i64 {
    match bonus {
        Over100Bonus::None => 1,
        Over100Bonus::Plus1Game if points > 100 => 2,
        Over100Bonus::Plus1GameRequire121WithCantes if points > if sang { 120 } else { 100 } => 2,
        _ => 1,
    }
}

/// Whether a penalised violation voids the hand: always with `revoke_penalty = void`,
/// else for 3 players (docs/rules.md Part A 3) and, by the same rule, for 4 playing
/// individually (`partnerships = false`).
pub fn revoke_voids(opts: &TuteOptions, players: u8, in_pairs: bool) -> bool {
    opts.revoke_penalty == TuteRevokePenalty::Void || (players >= 3 && !in_pairs)
}

/// Scoreboard points when `offender` (a side) commits a penalised violation.
pub fn penalty(core: &Family, opts: &TuteOptions, offender: u8) -> Vec<i64> {
    let sides = core.config().sides();
    let void = revoke_voids(opts, core.players(), core.config().in_pairs());
    if void {
        return vec![0; usize::from(sides)];
    }
    (0..sides)
        .map(|s| {
            if s == offender {
                0
            } else if opts.match_mode == MatchMode::Points101 {
                130 + core
                    .cante_points()
                    .get(usize::from(s))
                    .map_or(0, |c| i64::from(*c))
            } else {
                1
            }
        })
        .collect()
}

/// Who wins the game with this hand, if `before` is given.
fn game_over(
    core: &Family,
    opts: &TuteOptions,
    before: &[i64],
    hand_points: &[i64],
    reason: GameOverReason,
) -> Option<GameOver> {
    let total = |s: u8| {
        before.get(usize::from(s)).copied().unwrap_or(0)
            + hand_points.get(usize::from(s)).copied().unwrap_or(0)
    };
    let sides = core.config().sides();
    match opts.match_mode {
        MatchMode::RoundsToWin => first_to_reach(before, hand_points, opts.rounds_to_win, reason),
        MatchMode::Points101 => {
            if let Some(End::Tute { seat, .. }) = core.end() {
                return Some(GameOver {
                    winner: core.config().side_of(seat),
                    reason: GameOverReason::Tute,
                });
            }
            let best = (0..sides).map(total).max()?;
            if best < GAME_POINTS {
                return None;
            }
            let tied: Vec<u8> = (0..sides).filter(|s| total(*s) == best).collect();
            let winner = core
                .tricks()
                .iter()
                .rev()
                .map(|t| core.config().side_of(t.winner))
                .find(|s| tied.contains(s))
                .or_else(|| tied.first().copied())?;
            Some(GameOver { winner, reason })
        }
    }
}

/// Rules a tute hand record.
pub fn rule(record: &HandRecord, lang: Lang) -> Ruling {
    let opts = TuteOptions::from_table(&record.options);
    let spec = deal_spec(record.players, &opts);
    let (rep, before) = match replay_record(record, &spec, opts, lang) {
        Ok(r) => r,
        Err(invalid) => return *invalid,
    };
    let core = &rep.state;
    let (hand_points, reason) = match (core.end(), rep.penalised_side()) {
        (Some(end), _) => (
            Some(score(core, &opts, end)),
            if matches!(end, End::Tute { .. }) {
                GameOverReason::Tute
            } else {
                GameOverReason::Target
            },
        ),
        (None, Some(side)) => (Some(penalty(core, &opts, side)), GameOverReason::Revoke),
        (None, None) => (None, GameOverReason::Target),
    };
    let over = match (&before, &hand_points) {
        (Some(b), Some(h)) => game_over(core, &opts, b, h, reason),
        _ => None,
    };
    rep.ruling(lang, hand_points.as_deref(), over, record.declared.as_ref())
}

/// Tute's rules beyond its play: two to four players (four in pairs unless the table
/// says otherwise), a partida of hands won or to 101, where a tute ends it.
pub struct TuteRules;

impl Rules for TuteRules {
    module_rules!(GameKind::Tute);
    family_rules!(TuteOptions);

    fn quick_entry(&self) -> QuickEntry {
        QuickEntry {
            trump: true,
            card_points: true,
            cantes: true,
            ..QuickEntry::default()
        }
    }
    fn play_options(&self) -> &'static [&'static str] {
        &[
            "undertrump",
            "head_led_suit",
            "trump_lead_forces_trump_in_stock_phase",
            "partnerships",
        ]
    }
    fn rule_section(&self, rule: RuleId) -> Option<&'static str> {
        use RuleId::*;
        Some(match rule {
            MustFollowSuit | MustBeat | MustTrump | MustOvertrump => "docs/rules.md §1.6 and §2.3",
            IllegalCante | IllegalTute => "docs/rules.md §2.4",
            IllegalExchange => "docs/rules.md §2.5",
            _ => return None,
        })
    }
    fn deal_spec(&self, players: u8, table: &TableOptions) -> DealSpec {
        deal_spec(players, &TuteOptions::from_table(table))
    }
    fn target(&self, table: &TableOptions) -> Option<u32> {
        let o = TuteOptions::from_table(table);
        match o.match_mode {
            MatchMode::Points101 => target_of(GAME_POINTS),
            MatchMode::RoundsToWin => target_of(o.rounds_to_win),
        }
    }
    fn winner_scores_in_the_last_hand(&self, table: &TableOptions) -> bool {
        TuteOptions::from_table(table).match_mode == MatchMode::RoundsToWin
    }
    fn partida_won_short(&self, options: &serde_json::Map<String, serde_json::Value>) -> bool {
        options
            .get("match_mode")
            .and_then(serde_json::Value::as_str)
            == Some("points101")
    }
    fn hand_ends_partida(&self, table: &TableOptions, ruling: &Ruling) -> Option<GameOver> {
        if TuteOptions::from_table(table).match_mode != MatchMode::Points101 {
            return None;
        }
        ruling
            .game_over
            .clone()
            .filter(|g| g.reason == GameOverReason::Tute)
    }
}

#[cfg(test)]
#[path = "tute_tests.rs"]
pub(crate) mod tests;
