//! Guiñote (docs/rules.md Part A 3 and 6, Part B §4; docs/hand-record.md "Per game"). A
//! game: uses `tute_family`, `trick_hand`, `engine`, `trick`, `messages` and the plain
//! data below them.
//!
//! Four players in pairs (seats 0/2 against 1/3) or two players; 40 cards, 6 each, the
//! next card turned for trumps (the *pinta*) and put last under the stock. After each
//! trick, while the stock lasts, everybody draws: the winner first, the pinta last.
//! Sota ranks above caballo (A, 3, R, S, C, 7…2; S 3 points, C 2). While the stock lasts
//! play is free; in the arrastre a player must follow suit and, unless his partner is
//! winning, beat the winning card or trump (overtrumping) when void (docs/rules.md §1.6).
//! Cantes: rey + sota, 20 or 40, after a trick won by the side, one per player per
//! window, 40 first, not lapsing by default; a tute de reyes or de sotas wins the partida.
//! Either partner may exchange the 7 of trumps for a pinta A, 3, 12, 10 or 11.
//!
//! A partida is won with 101: after the first deal the side with `before` + points ≥ 101
//! wins (both: the side of the last trick); with neither, a second deal "de vueltas"
//! follows (the record's `before` is given and not all zero), in which points count as
//! they are won and a side that has 101 claims (`claim`) and wins at once. A false claim
//! or any other violation loses the partida.

use crate::domain::cards::{Deck, Rank};
use crate::domain::engine::GameKind;
use crate::domain::games::rules::module_rules;
use crate::domain::games::rules::{BEST_OF, BothReach, PARTIDA, QuickEntry, Rules, target_of};
use crate::domain::games::tute_family::family_rules;
use crate::domain::games::tute_family::{
    End, ExchangeRule, Family, FamilyConfig, FamilyHand, FamilyRules, GAME_POINTS, replay_record,
};
use crate::domain::lang::Lang;
use crate::domain::options::GameOptions;
use crate::domain::options::TableOptions;
use crate::domain::record::{DealSpec, HandRecord, TurnedRule};
use crate::domain::ruling::{GameOver, GameOverReason, RuleId, Ruling};
use crate::domain::score::Score;
use crate::domain::trick::{PlayRules, RankTable};
use serde_json::{Map, Value};

/// Guiñote's table options, with their defaults and reasons: they stand with every game's
/// table in `options`, where a record's options are checked.
pub use crate::domain::options::GUINOTE_OPTIONS as OPTIONS;
pub use crate::domain::options::{
    BothOver101, GuinoteOptions, GuinoteRevokePenalty, NextDealer, VueltasClaim,
};

fn valid_players(players: u8) -> u8 {
    if players == 2 { 2 } else { 4 }
}

/// What guiñote requires of a deal: 6 cards each, the rest as the stock, the pinta last.
pub fn deal_spec(players: u8) -> DealSpec {
    let n = usize::from(valid_players(players));
    DealSpec {
        deck: Deck::Forty.cards(),
        hand_sizes: Some(vec![6; n]),
        stock_size: Some(40 - 6 * n),
        turned: TurnedRule::LastOfStock,
    }
}

/// Whether a deal with this `before` is the second one, "de vueltas".
pub fn is_vueltas(before: Option<&[i64]>) -> bool {
    before.is_some_and(|b| b.iter().any(|x| *x != 0))
}

/// The family configuration of guiñote.
pub fn config(players: u8, opts: &GuinoteOptions, vueltas: bool) -> FamilyConfig {
    FamilyConfig {
        game: GameKind::Guinote,
        players: valid_players(players),
        partnerships: true,
        values: RankTable::GUINOTE,
        consort: Rank::Sota,
        stock_rules: PlayRules::guinote_stock(),
        play_rules: PlayRules::guinote_arrastre(),
        draws: true,
        cantes_per_trick: opts.cantes_per_trick,
        cante_lapses: opts.cante_lapses,
        cantes_need_stock: !opts.cantes_in_arrastre,
        allow_tute: true,
        tute_after_cante: true,
        exchange: if opts.allow_exchange {
            ExchangeRule::Guinote {
                low: opts.exchange_low_pinta,
            }
        } else {
            ExchangeRule::None
        },
        claims: true,
        vueltas,
        auto_end_at_101: opts.vueltas_claim == VueltasClaim::Automatic,
    }
}

/// The state of a guiñote hand: the family's state and guiñote's options.
pub type Guinote = FamilyHand<GuinoteOptions>;

impl FamilyRules for GuinoteOptions {
    /// The deal is de vueltas iff `before` is given and not all zero.
    fn config(&self, players: u8, before: Option<&[i64]>) -> FamilyConfig {
        config(players, self, is_vueltas(before))
    }
    /// "30 malas": de vueltas a side counts at least 30 from the first deal.
    fn counted_before(&self, before: Option<&[i64]>) -> Option<Vec<i64>> {
        let raise = self.treinta_malas && is_vueltas(before);
        before.map(|b| {
            b.iter()
                .map(|x| if raise { (*x).max(30) } else { *x })
                .collect()
        })
    }
    /// A guiñote hand scores its points.
    fn result(&self, core: &Family) -> Option<Vec<i64>> {
        core.end()?;
        Some(core.points().iter().map(|p| i64::from(*p)).collect())
    }
}

impl Guinote {
    pub fn is_vueltas(&self) -> bool {
        self.core().config().vueltas
    }
}

/// Whether both sides passed 101 in the first deal `record` plays, and then how the
/// winner was chosen: `Some(true)` by the last trick, `Some(false)` by the higher
/// score (`both_over_101_rule = higher_score` and the totals differ).
pub fn both_over_101(record: &HandRecord, points: &[Score]) -> Option<bool> {
    let before = record.before.as_ref()?;
    let before: Vec<i64> = before.iter().map(|s| s.floor()).collect();
    if is_vueltas(Some(&before)) {
        return None;
    }
    let total = |s: usize| {
        let b = before.get(s).copied().unwrap_or(0);
        b.saturating_add(points.get(s).map_or(0, |p| p.floor()))
    };
    let (t0, t1) = (total(0), total(1));
    if t0 < GAME_POINTS || t1 < GAME_POINTS {
        return None;
    }
    let opts = GuinoteOptions::from_table(&record.options);
    Some(!(opts.both_over_101_rule == BothOver101::HigherScore && t0 != t1))
}

/// Who wins the partida with this finished hand (`before` given, no penalty).
fn game_over(core: &Family, opts: &GuinoteOptions) -> Option<GameOver> {
    let over = |winner: u8, reason: GameOverReason| Some(GameOver { winner, reason });
    match core.end()? {
        End::Tute { seat, .. } => over(core.config().side_of(seat), GameOverReason::Tute),
        End::Claim { side } => over(side, GameOverReason::Claim),
        End::Reached { side } => over(side, GameOverReason::Target),
        End::Played if core.config().vueltas => over(core.first_reached()?, GameOverReason::Target),
        End::Played => {
            let last = core
                .last_ten()
                .or_else(|| core.last_trick_side())
                .unwrap_or(0);
            let t0 = core.total(0);
            let t1 = core.total(1);
            let (r0, r1) = (t0 >= GAME_POINTS, t1 >= GAME_POINTS);
            match (r0, r1) {
                (true, false) => over(0, GameOverReason::Target),
                (false, true) => over(1, GameOverReason::Target),
                (true, true) => {
                    let w = match opts.both_over_101_rule {
                        BothOver101::HigherScore if t0 != t1 => u8::from(t1 > t0),
                        _ => last,
                    };
                    over(w, GameOverReason::Target)
                }
                (false, false) => None,
            }
        }
    }
}

/// Rules a guiñote hand record.
pub fn rule(record: &HandRecord, lang: Lang) -> Ruling {
    let opts = GuinoteOptions::from_table(&record.options);
    let (rep, before) = match replay_record(record, &deal_spec(record.players), opts, lang) {
        Ok(r) => r,
        Err(invalid) => return *invalid,
    };
    let core = &rep.state;
    let hand_points = opts.result(core);
    let over = if before.is_none() {
        None
    } else if let Some(side) = rep.penalised_side() {
        let false_claim = rep
            .violation
            .as_ref()
            .is_some_and(|(_, _, ill)| ill.rule == RuleId::FalseClaim);
        Some(GameOver {
            winner: 1 - side.min(1),
            reason: if false_claim {
                GameOverReason::FalseClaim
            } else {
                GameOverReason::Revoke
            },
        })
    } else {
        game_over(core, &opts)
    };
    rep.ruling(lang, hand_points.as_deref(), over, record.declared.as_ref())
}

/// Guiñote's rules beyond its play: two, or four in pairs, a partida to 101 over
/// numbered deals, where both sides may pass 101 and a renuncio ends it.
pub struct GuinoteRules;

impl Rules for GuinoteRules {
    module_rules!(GameKind::Guinote);
    family_rules!(GuinoteOptions);

    fn deal_name(&self, record: &HandRecord) -> Option<&'static str> {
        let before = super::trick_hand::before_points(record.before.as_deref());
        is_vueltas(before.as_deref()).then_some("de vueltas")
    }

    fn quick_entry(&self) -> QuickEntry {
        QuickEntry {
            trump: true,
            card_points: true,
            cantes: true,
            claim: true,
            ..QuickEntry::default()
        }
    }
    fn rule_section(&self, rule: RuleId) -> Option<&'static str> {
        use RuleId::*;
        Some(match rule {
            MustFollowSuit | MustBeat | MustTrump | MustOvertrump => "docs/rules.md §1.6 and §4.4",
            IllegalCante | IllegalTute => "docs/rules.md §4.5",
            IllegalExchange => "docs/rules.md §4.3",
            FalseClaim => "docs/rules.md §4.6",
            _ => return None,
        })
    }
    fn deal_spec(&self, players: u8, _table: &TableOptions) -> DealSpec {
        deal_spec(players)
    }
    fn target(&self, _table: &TableOptions) -> Option<u32> {
        target_of(GAME_POINTS)
    }
    fn winner_scores_in_the_last_hand(&self, _table: &TableOptions) -> bool {
        false
    }
    fn hand_ends_partida(&self, _table: &TableOptions, ruling: &Ruling) -> Option<GameOver> {
        ruling.game_over.clone()
    }
    fn scoreless_end_is_a_line(&self) -> bool {
        true
    }
    fn numbered_deals(&self) -> bool {
        true
    }
    fn last_trick_winner_deals(&self, table: &TableOptions) -> bool {
        GuinoteOptions::from_table(table).next_dealer == NextDealer::LastTrickWinner
    }
    fn both_reach(&self, options: &Map<String, Value>) -> BothReach {
        match options.get("both_over_101_rule").and_then(Value::as_str) {
            Some("higher_score") => BothReach::HigherScore,
            _ => BothReach::Declared,
        }
    }
    fn partida_won_short(&self, _options: &Map<String, Value>) -> bool {
        true
    }
    fn match_options(&self, best_of: u32, cotos: u32) -> Vec<(&'static str, i64)> {
        vec![
            ("partidas_to_win_coto", i64::from(best_of / 2 + 1)),
            ("cotos_to_win", i64::from(cotos)),
        ]
    }
    fn partida_ends_coto(&self, options: &Map<String, Value>, over: &GameOver) -> bool {
        over.reason == GameOverReason::Revoke && self.match_won_short(options)
    }
    fn match_won_short(&self, options: &Map<String, Value>) -> bool {
        options.get("revoke_penalty").and_then(Value::as_str) == Some("lose_coto")
    }
    fn match_formats(&self) -> &'static [&'static str] {
        // Matches "usually best of 3 partidas / cotos".
        &[BEST_OF, PARTIDA]
    }
}

#[cfg(test)]
#[path = "guinote_tests.rs"]
mod tests;
