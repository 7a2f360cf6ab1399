//! What a game is beyond its play: its seats and deal, how a partida ends and to what
//! target, the match formats a championship of it can be played in and their limits,
//! and the lines it adds to the explanation of a hand. One [`Rules`] per game, written
//! beside the game's play; `games::rules_of` is the one place that picks it for a
//! [`GameKind`]. The championship code, the scoreboard and the web ask it, and none of
//! them names a game.

use serde_json::{Map, Value};

use crate::domain::kind::GameKind;
use crate::domain::lang::Lang;
use crate::domain::options::{OptionKind, OptionSpec, TableOptions};
use crate::domain::record::{DealSpec, HandRecord, Move};
use crate::domain::ruling::{GameOver, RuleId, Ruling, Score};

/// A match format's kind as the new-championship form names it: one partida.
pub const PARTIDA: &str = "partida";
/// Best of an odd number of partidas.
pub const BEST_OF: &str = "best_of";
/// A target, a number of hands (dats) and minutes, whichever comes first.
pub const TIMED: &str = "timed";

/// The starting values of a game's match formats on the new-championship form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatDefaults {
    /// The partida target; `None`: the one the game's table options give.
    pub target: Option<u32>,
    /// A timed match's hands (dats).
    pub max_hands: u32,
    /// A timed match's minutes.
    pub minutes: u32,
    /// The most a timed match counts.
    pub cap: u32,
}

impl FormatDefaults {
    /// Limits of a game with no timed match of its own.
    pub const PLAIN: FormatDefaults = FormatDefaults {
        target: None,
        max_hands: 12,
        minutes: 55,
        cap: 121,
    };
}

/// The groups of fields a game's quick-entry hand form shows (the revoke is in every
/// game's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct QuickEntry {
    /// The trump suit.
    pub trump: bool,
    /// A bid and its bidder, the soloist's tricks and both sides' card points.
    pub bid: bool,
    /// Each side's card points.
    pub card_points: bool,
    /// The last trick's side, the cantes and a tute.
    pub cantes: bool,
    /// The seat that took the last trick, and a claim of the partida.
    pub claim: bool,
    /// Who chose trumps (or delegated), the choice, the doubles and the points of the
    /// first side.
    pub trump_choice: bool,
    /// Who went out, the cards left in each hand and the passes.
    pub cards_left: bool,
}

/// What a partida in which both sides reach the target comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BothReach {
    /// It cannot happen: the partida ends when one side reaches it.
    Refused,
    /// The last trick decides it, so the winner is the one declared (guiñote's diez
    /// de últimas).
    Declared,
    /// The higher score wins.
    HigherScore,
}

/// One game's rules and its play. Implemented beside each game's play in `games/*`; a
/// game answers every question here, so a new game is a new implementor, either one
/// more arm of `games::rules_of` or a game added while the program runs
/// (`games::register`, [`GameKind::Added`]).
pub trait Rules: Sync {
    /// The game.
    fn game(&self) -> GameKind;

    /// Rules a record of the game whose deal has no `"?"` and whose players, dealer and
    /// options are already checked (by `domain::try_rule`).
    fn rule(&self, record: &HandRecord, lang: Lang) -> Ruling;

    /// Whose turn it is after a record's events and what that seat may do now; `None`
    /// for a deal that is not valid, a refused event, a finished hand, or a game whose
    /// moves the card picker offers as they are.
    fn next_moves(&self, record: &HandRecord) -> Option<(u8, Vec<Move>)>;

    /// A random complete, legal hand of the game (for the benchmarks, the fuzzers and
    /// the tests), where the game can play one out by itself; the five games' are in
    /// `random`.
    fn random_record(&self, _players: u8, _seed: u64) -> Option<HandRecord> {
        None
    }

    /// The game's own text for a message id of the pages (its name `game-SLUG`, its
    /// options' labels), in `lang`, where the locale files have none: how an added
    /// game writes its messages.
    fn message(&self, _key: &str, _lang: Lang) -> Option<String> {
        None
    }

    /// The game's table options, with their defaults.
    fn options(&self) -> &'static [OptionSpec];

    /// Whether `players` can sit at a table of the game (plain data of its kind, as
    /// the record's reader needs it below the games).
    fn valid_players(&self, players: u8) -> bool {
        self.game().valid_players(players)
    }

    /// Whether `players` seats play in pairs (seats 0/2 against 1/3) by default.
    fn in_pairs(&self, players: u8) -> bool {
        self.game().in_pairs(players)
    }

    /// The deal the game requires under these table options.
    fn deal_spec(&self, players: u8, table: &TableOptions) -> DealSpec;

    /// The fields of the game's quick-entry hand form.
    fn quick_entry(&self) -> QuickEntry;

    /// Whether a hand record of the game names suits (a trump, a cante's suit) besides
    /// its cards.
    fn names_suits(&self) -> bool {
        true
    }

    /// The calls a hand record of the game has besides its cards and suits: each kind
    /// of event (`bid`, `trump`, `double`) with its values, as docs/hand-record.md
    /// writes them.
    fn calls(&self) -> &'static [(&'static str, &'static [&'static str])] {
        &[]
    }

    /// The partida's target under these table options; `None`: no target.
    fn target(&self, table: &TableOptions) -> Option<u32>;

    /// The table option that holds the partida's target, where one does (a match
    /// format's target is then written into the table's options).
    fn target_option(&self) -> Option<&'static str> {
        None
    }

    /// The side that has won the partida by the game's own end rule after hand
    /// `index` (0-based), `totals` already counting the hand's points `hand`. Unless
    /// the game says otherwise, the usual end of a partida to a target: the side alone
    /// at or past [`Rules::target`] (and that scored in this hand where
    /// [`Rules::winner_scores_in_the_last_hand`]); none without a target.
    fn partida_winner(
        &self,
        table: &TableOptions,
        _index: usize,
        totals: &[Score],
        hand: &[Score],
    ) -> Option<u8> {
        let target = Score::points(i64::from(self.target(table)?));
        let scored_now = self.winner_scores_in_the_last_hand(table);
        leader(totals, hand, target, scored_now)
    }

    /// Whether the side at or past the target wins the partida only in a hand it
    /// scored in; otherwise reaching the target is enough.
    fn winner_scores_in_the_last_hand(&self, _table: &TableOptions) -> bool {
        true
    }

    /// How a hand decides the partida whatever the totals (a tute, a guiñote
    /// renuncio), from its ruling.
    fn hand_ends_partida(&self, _table: &TableOptions, _ruling: &Ruling) -> Option<GameOver> {
        None
    }

    /// Whether a hand whose ruling gives no hand points but ends the partida scores a
    /// line of zeros (it is otherwise not a line of the scoreboard).
    fn scoreless_end_is_a_line(&self) -> bool {
        false
    }

    /// Whether the partida's hands are numbered deals (guiñote's first and second
    /// deal, then the "de vueltas" deal).
    fn numbered_deals(&self) -> bool {
        false
    }

    /// Whether the winner of the last trick deals next under these options.
    fn last_trick_winner_deals(&self, _table: &TableOptions) -> bool {
        false
    }

    /// The most one hand can add to a side's score, where the rules bound it.
    fn highest_hand(&self) -> Option<u32> {
        None
    }

    /// What a partida in which both sides reach the target comes to, under the
    /// championship's table options.
    fn both_reach(&self, _options: &Map<String, Value>) -> BothReach {
        BothReach::Refused
    }

    /// Whether a partida, under the championship's table options, can be won by a side
    /// short of the target: a hand that ends it whatever the totals (a guiñote
    /// renuncio or tute, a tute in tute to 101). Its winner is then the one declared.
    fn partida_won_short(&self, _options: &Map<String, Value>) -> bool {
        false
    }

    /// The table options a match of `cotos` cotos at the best of `best_of` partidas
    /// stands for, with their values: its format sets them, and no option control
    /// offers them (a guiñote match: the partidas that win a coto, and the cotos that
    /// win the match).
    fn match_options(&self, _best_of: u32, _cotos: u32) -> Vec<(&'static str, i64)> {
        Vec::new()
    }

    /// Whether a partida that ended as `over` under the table's `options` ends its
    /// coto at once, won by the partida's winner (a guiñote renuncio where a renuncio
    /// loses the coto): the whole match, where it is one coto.
    fn partida_ends_coto(&self, _options: &Map<String, Value>, _over: &GameOver) -> bool {
        false
    }

    /// Whether a match of several partidas (one coto) can be won short of the
    /// partidas it needs: a partida can end it at once
    /// ([`Rules::partida_ends_coto`]). Its winner is then the one declared.
    fn match_won_short(&self, _options: &Map<String, Value>) -> bool {
        false
    }

    /// The match format kinds a championship of the game offers, the usual one first.
    fn match_formats(&self) -> &'static [&'static str] {
        &[PARTIDA, BEST_OF]
    }

    /// The starting values of the game's match formats.
    fn format_defaults(&self) -> FormatDefaults {
        FormatDefaults::PLAIN
    }

    /// Whether a championship of the game ranks, from the form's defaults, by the
    /// score alone (match points, then the difference of points, the points for, the
    /// lot) rather than by a Swiss's opponents met (Buchholz) or a league's games among
    /// the level: what the game's *bases* say.
    fn ranks_by_score(&self) -> bool {
        false
    }

    /// Whether two entrants can meet at a table and play it hand by hand (a game
    /// whose every player plays alone against all the others cannot).
    fn two_sided_matches(&self) -> bool {
        true
    }

    /// Whether a referee can replay a disputed play of the game card by card.
    fn replays_plays(&self) -> bool {
        true
    }

    /// The table options that shape how the game's cards must be played.
    fn play_options(&self) -> &'static [&'static str] {
        &[]
    }

    /// Where docs/rules.md writes a rule of the game down, for a rule the game has.
    fn rule_section(&self, _rule: RuleId) -> Option<&'static str> {
        None
    }

    /// Whether the last trick is worth 10 (the diez de últimas) on top of the cards.
    fn diez_de_ultimas(&self) -> bool {
        false
    }

    /// The game's own line in the explanation of a hand (after the deal).
    fn summary_line(&self, _record: &HandRecord, _ruling: &Ruling, _lang: Lang) -> Option<String> {
        None
    }

    /// The name of the deal a record is, as the table says it ("de vueltas": guiñote's
    /// second deal, from the score before it), where the game names its deals; the same
    /// Spanish words in every language.
    fn deal_name(&self, _record: &HandRecord) -> Option<&'static str> {
        None
    }
}

/// The answers of a game's [`Rules`] that its own module gives as they are: the game's
/// kind, the module's `rule` function and its `OPTIONS` table; with `next_moves`, also
/// the module's function of that name. Written inside each game's `impl Rules`.
macro_rules! module_rules {
    ($kind:expr) => {
        fn game(&self) -> $crate::domain::kind::GameKind {
            $kind
        }

        fn rule(
            &self,
            record: &$crate::domain::record::HandRecord,
            lang: $crate::domain::lang::Lang,
        ) -> $crate::domain::ruling::Ruling {
            rule(record, lang)
        }

        fn options(&self) -> &'static [$crate::domain::options::OptionSpec] {
            OPTIONS
        }
    };
    ($kind:expr, next_moves) => {
        $crate::domain::games::rules::module_rules!($kind);

        fn next_moves(
            &self,
            record: &$crate::domain::record::HandRecord,
        ) -> Option<(u8, Vec<$crate::domain::record::Move>)> {
            next_moves(record)
        }
    };
}
pub(crate) use module_rules;

/// The side with the unique highest total, if it reaches `at` (and scored in this hand
/// when `scored_now`): the usual end of a partida to a target.
pub fn leader(totals: &[Score], hand: &[Score], at: Score, scored_now: bool) -> Option<u8> {
    let best = totals.iter().copied().max()?;
    let tied: Vec<usize> = (0..totals.len())
        .filter(|i| totals.get(*i) == Some(&best))
        .collect();
    match tied.as_slice() {
        [one] if best >= at => {
            let scored = hand.get(*one).is_some_and(|s| *s > Score::ZERO);
            (scored || !scored_now).then_some(*one as u8)
        }
        _ => None,
    }
}

/// A target read from a table option's value (0 or less: no target).
pub fn target_of(value: i64) -> Option<u32> {
    u32::try_from(value).ok().filter(|t| *t > 0)
}

/// The partida targets a game's tables can play: the values of its target option, or
/// `None` when the game's other options fix it.
pub fn target_choices(rules: &dyn Rules) -> Option<Vec<u32>> {
    let name = rules.target_option()?;
    rules
        .options()
        .iter()
        .find(|s| s.name == name)
        .and_then(|s| match s.kind {
            OptionKind::Int(values) => Some(
                values
                    .iter()
                    .filter_map(|v| u32::try_from(*v).ok())
                    .collect(),
            ),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leader_wins_only_alone_at_the_target_and_scoring_when_that_is_asked() {
        let p = Score::points;
        assert_eq!(leader(&[p(21), p(10)], &[p(2), p(0)], p(21), true), Some(0));
        assert_eq!(leader(&[p(21), p(10)], &[p(0), p(2)], p(21), true), None);
        assert_eq!(
            leader(&[p(21), p(10)], &[p(0), p(2)], p(21), false),
            Some(0)
        );
        assert_eq!(leader(&[p(21), p(21)], &[p(1), p(1)], p(21), true), None);
        assert_eq!(leader(&[p(20), p(10)], &[p(1), p(1)], p(21), true), None);
    }
}
