//! Every game's table of options (docs/rules.md Part A 1 and §7) and the values of its
//! choices as enums, which the games' typed options hold. Plain data: uses only the
//! option types of `options`.

use super::{GameOptions, OptionKind, OptionSpec, OptionValue};
use crate::domain::cards::Deck;
use serde::Deserialize;
use std::sync::OnceLock;

/// Ties a game's typed options to its table, with a place to keep its defaults.
macro_rules! game_options {
    ($options:ident, $table:ident) => {
        impl GameOptions for $options {
            const TABLE: &'static [OptionSpec] = $table;

            fn defaults_kept() -> &'static OnceLock<$options> {
                static KEPT: OnceLock<$options> = OnceLock::new();
                &KEPT
            }
        }
    };
}

/// The choices several games share: how the play duties of §1.6 apply, and how many
/// cantes a trick won allows.
/// `head_led_suit` and `trump_when_void` of §1.6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duty {
    Never,
    #[default]
    Always,
    UnlessPartnerWinning,
}

/// What a follower who can follow suit must beat (§1.6 note a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeadTarget {
    /// Beat the card currently winning; once an opponent trumped, any card of the led
    /// suit is fine.
    #[default]
    WinningCard,
    /// Always top the highest led-suit card, even after a trump.
    HighestLedSuitCard,
}

/// `cantes_per_trick` (docs/rules.md Part A 4, §7 row 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CantesPerTrick {
    #[default]
    OnePerPlayer,
    OnePerSide,
}

/// Cuatrola's table options (docs/rules.md §7 rows 1–8 and 34), with their defaults.
///
/// | name | values | default | why |
/// |---|---|---|---|
/// | `target` | 11, 16, 21 | 21 | game length; Ludoteka offers 11 and 16 |
/// | `over100_counts_double` | bool | true | seed "Scoring" section: a normal hand won with more than 100 scores 2 |
/// | `bid_cap_rule` | `cannot_exceed_target`, `no_bids_from_threshold` | `cannot_exceed_target` | seed: a pair may not bid past the target; the other reading forbids any bid from target − 4 |
/// | `head_target` | `winning_card`, `highest_led_suit_card` | `winning_card` | after a trump, followers need only follow suit (cuatrola.es, dypot) |
/// | `cantes_per_trick` | `one_per_player`, `one_per_side` | `one_per_player` | seed 000: both partners may sing after a trick won |
/// | `cante_lapses` | bool | true | the first cante must be made at the pair's first chance or it is lost |
/// | `partner_may_overcall` | bool | true | nothing forbids it; the higher bidder plays, the first sits out |
/// | `bidder_leads` | bool | false | mano (or the next active seat) leads; true: the soloist leads |
/// | `cuatrola_tute` | `ignore`, `wins_hand` | `ignore` | sources are silent on a tute in cuatrola: a `tute` event is `illegal_tute` |
/// | `stop_when_decided` | bool | false | true: a cuatrola/quintola hand ends as soon as it is decided |
/// | `solo_over100_counts_double` | bool | false | no source doubles a solo over 100 |
/// | `revoke_penalty` | `value_at_stake`, `none` | `value_at_stake` | Part A 3: the offenders' opponents score what the hand was worth |
/// | `revoke_counts_as_over100` | bool | false | §3.8: a revoke in a normal hand may count 2 instead of 1 |
pub static CUATROLA_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "target",
        kind: OptionKind::Int(&[11, 16, 21]),
        default: OptionValue::Int(21),
        doc: "Points that win the game (21; Ludoteka also plays to 11 or 16).",
    },
    OptionSpec {
        name: "over100_counts_double",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "A normal hand won with more than 100 points scores 2 (seed 000, Scoring).",
    },
    OptionSpec {
        name: "bid_cap_rule",
        kind: OptionKind::Choice(&["cannot_exceed_target", "no_bids_from_threshold"]),
        default: OptionValue::Choice("cannot_exceed_target"),
        doc: "A pair may bid only if its score plus the bid is at most the target; or no bids at all from target − 4.",
    },
    OptionSpec {
        name: "head_target",
        kind: OptionKind::Choice(&["winning_card", "highest_led_suit_card"]),
        default: OptionValue::Choice("winning_card"),
        doc: "After a trump, a follower need only follow suit (winning_card) or must still top the led suit.",
    },
    OptionSpec {
        name: "cantes_per_trick",
        kind: OptionKind::Choice(&["one_per_player", "one_per_side"]),
        default: OptionValue::Choice("one_per_player"),
        doc: "After a trick won, each partner may sing once (seed 000), or only one cante for the pair.",
    },
    OptionSpec {
        name: "cante_lapses",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "A marriage not sung at the first chance after the side wins a trick is lost.",
    },
    OptionSpec {
        name: "partner_may_overcall",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "A player may raise his own partner's bid; the higher bidder plays alone.",
    },
    OptionSpec {
        name: "bidder_leads",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "In a bid hand the soloist leads (true) instead of mano or the next active seat.",
    },
    OptionSpec {
        name: "cuatrola_tute",
        kind: OptionKind::Choice(&["ignore", "wins_hand"]),
        default: OptionValue::Choice("ignore"),
        doc: "Whether four reyes or four caballos declared like a cante win the hand.",
    },
    OptionSpec {
        name: "stop_when_decided",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "A cuatrola/quintola hand ends as soon as it is decided (further plays are out of turn).",
    },
    OptionSpec {
        name: "solo_over100_counts_double",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "A solo won with more than 100 points scores 4 instead of 2.",
    },
    OptionSpec {
        name: "revoke_penalty",
        kind: OptionKind::Choice(&["value_at_stake", "none"]),
        default: OptionValue::Choice("value_at_stake"),
        doc: "On a violation the offenders' opponents score the value at stake (or nobody scores).",
    },
    OptionSpec {
        name: "revoke_counts_as_over100",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "A violation in a normal hand gives the opponents 2 instead of 1.",
    },
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BidCapRule {
    #[default]
    CannotExceedTarget,
    NoBidsFromThreshold,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CuatrolaTute {
    #[default]
    Ignore,
    WinsHand,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CuatrolaRevokePenalty {
    #[default]
    ValueAtStake,
    None,
}

/// Typed cuatrola options; see [`CUATROLA_OPTIONS`] for names, values, defaults and reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub struct CuatrolaOptions {
    pub target: i64,
    pub over100_counts_double: bool,
    pub bid_cap_rule: BidCapRule,
    pub head_target: HeadTarget,
    pub cantes_per_trick: CantesPerTrick,
    pub cante_lapses: bool,
    pub partner_may_overcall: bool,
    pub bidder_leads: bool,
    pub cuatrola_tute: CuatrolaTute,
    pub stop_when_decided: bool,
    pub solo_over100_counts_double: bool,
    pub revoke_penalty: CuatrolaRevokePenalty,
    pub revoke_counts_as_over100: bool,
}

game_options!(CuatrolaOptions, CUATROLA_OPTIONS);

/// Tute's table options (docs/rules.md §7 rows 7–18 and 34), with their defaults.
///
/// | name | values | default | why |
/// |---|---|---|---|
/// | `cantes_per_trick` | `one_per_player`, `one_per_side` | `one_per_player` | Part A 4 |
/// | `cante_lapses` | bool | true | seed 001: sing at the first chance or lose it (row 8) |
/// | `undertrump` | bool | false | unable to overtrump, any card may be played (row 9) |
/// | `head_led_suit` | `always`, `unless_partner_winning` | `always` | tute family: beat even the partner (row 10) |
/// | `tute3_deck` | `remove2s36`, `forty_with_spare` | `remove2s36` | seed 001: 36 cards, 12 each (row 11) |
/// | `hand_size_2p` | 8, 6 | 8 | seed 001 / cccj (row 12) |
/// | `over100_bonus` | `none`, `plus1_game`, `plus1_game_require121_with_cantes` | `none` | Mundigames rounds have no bonus (row 13) |
/// | `allow_tute` | bool | true | Mundigames table option |
/// | `tute_after_cante` | bool | false | seed 001: no tute after one's own cante (row 15) |
/// | `trump_lead_forces_trump_in_stock_phase` | bool | false | 2 players: answer a trump lead with a trump while the stock lasts (row 16) |
/// | `allow_exchange` | bool | true | 2 players: the 7 (or 2) of trumps for the pinta (row 17) |
/// | `cantes_in_arrastre` | bool | false | 2 players: no cantes once the stock is gone (row 18) |
/// | `match_mode` | `rounds_to_win`, `points101` | `rounds_to_win` | a game is won rounds; or cumulative points to 101, where a tute wins the partida (rows 13–14) |
/// | `rounds_to_win` | 1–5 | 1 | Mundigames "rounds per game" |
/// | `revoke_penalty` | `standard`, `void` | `standard` | Part A 3: opponents win the hand (pairs, 2 players), void for 3 players (and 4 individual) |
/// | `partnerships` | bool | true | 4 players: in pairs (seats 0/2 against 1/3), or each alone (Part B §2.2); ignored for 2 and 3, who always play alone |
pub static TUTE_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "cantes_per_trick",
        kind: OptionKind::Choice(&["one_per_player", "one_per_side"]),
        default: OptionValue::Choice("one_per_player"),
        doc: "After a trick won, each player of the side may sing once, or only one cante for the side.",
    },
    OptionSpec {
        name: "cante_lapses",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "A marriage not sung at the first chance after the side wins a trick is lost (seed 001).",
    },
    OptionSpec {
        name: "undertrump",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "A void player who cannot overtrump must still play a trump (true) or may play anything.",
    },
    OptionSpec {
        name: "head_led_suit",
        kind: OptionKind::Choice(&["always", "unless_partner_winning"]),
        default: OptionValue::Choice("always"),
        doc: "A follower must beat the winning card even when it is his partner's (always).",
    },
    OptionSpec {
        name: "tute3_deck",
        kind: OptionKind::Choice(&["remove2s36", "forty_with_spare"]),
        default: OptionValue::Choice("remove2s36"),
        doc: "Three players: 36 cards without the 2s, 12 each; or 40 cards, 13 each and a spare card marking trumps.",
    },
    OptionSpec {
        name: "hand_size_2p",
        kind: OptionKind::Int(&[8, 6]),
        default: OptionValue::Int(8),
        doc: "Two players: cards dealt to each (8, seed 001; 6, acanomas).",
    },
    OptionSpec {
        name: "over100_bonus",
        kind: OptionKind::Choice(&["none", "plus1_game", "plus1_game_require121_with_cantes"]),
        default: OptionValue::Choice("none"),
        doc: "A hand won with more than 100 scores 2 (plus1_game; with cantes 121 needed in the last value).",
    },
    OptionSpec {
        name: "allow_tute",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "Four reyes or four caballos, declared after a trick won, win outright.",
    },
    OptionSpec {
        name: "tute_after_cante",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "A player who already sang a marriage may still declare a tute.",
    },
    OptionSpec {
        name: "trump_lead_forces_trump_in_stock_phase",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "Two players: while the stock lasts a trump lead must be answered with a trump if held.",
    },
    OptionSpec {
        name: "allow_exchange",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "Two players: the 7 of trumps may be exchanged for a high pinta, the 2 for a 7, 6, 5 or 4.",
    },
    OptionSpec {
        name: "cantes_in_arrastre",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "Two players: cantes (and tute) are allowed once the stock is exhausted.",
    },
    OptionSpec {
        name: "match_mode",
        kind: OptionKind::Choice(&["rounds_to_win", "points101"]),
        default: OptionValue::Choice("rounds_to_win"),
        doc: "A game is a number of won hands, or cumulative points to 101 (where a tute wins the partida).",
    },
    OptionSpec {
        name: "rounds_to_win",
        kind: OptionKind::Int(&[1, 2, 3, 4, 5]),
        default: OptionValue::Int(1),
        doc: "Hands a player or pair must win to win the game (match_mode = rounds_to_win).",
    },
    OptionSpec {
        name: "revoke_penalty",
        kind: OptionKind::Choice(&["standard", "void"]),
        default: OptionValue::Choice("standard"),
        doc: "On a violation the opponents win the hand (pairs, 2 players) and a 3-player or individual 4-player hand is void; or always void.",
    },
    OptionSpec {
        name: "partnerships",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "Four players: seats 0/2 against 1/3 in pairs (true), or each plays and scores alone (false). Two or three players always play alone.",
    },
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tute3Deck {
    #[default]
    Remove2s36,
    FortyWithSpare,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Over100Bonus {
    #[default]
    None,
    Plus1Game,
    Plus1GameRequire121WithCantes,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchMode {
    #[default]
    RoundsToWin,
    Points101,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TuteRevokePenalty {
    #[default]
    Standard,
    Void,
}

/// Typed tute options; see [`TUTE_OPTIONS`] for names, values, defaults and reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub struct TuteOptions {
    pub cantes_per_trick: CantesPerTrick,
    pub cante_lapses: bool,
    pub undertrump: bool,
    pub head_led_suit: Duty,
    pub tute3_deck: Tute3Deck,
    pub hand_size_2p: u8,
    pub over100_bonus: Over100Bonus,
    pub allow_tute: bool,
    pub tute_after_cante: bool,
    pub trump_lead_forces_trump_in_stock_phase: bool,
    pub allow_exchange: bool,
    pub cantes_in_arrastre: bool,
    pub match_mode: MatchMode,
    pub rounds_to_win: i64,
    pub revoke_penalty: TuteRevokePenalty,
    /// 4 players in pairs (true) or each alone; meaningless for 2 and 3.
    pub partnerships: bool,
}

game_options!(TuteOptions, TUTE_OPTIONS);

/// Guiñote's table options (docs/rules.md §7 rows 7, 8, 17–24), with their defaults.
///
/// | name | values | default | why |
/// |---|---|---|---|
/// | `cantes_per_trick` | `one_per_player`, `one_per_side` | `one_per_player` | Part A 4; acanomas: one per partner |
/// | `cante_lapses` | bool | false | nothing in the sources says a guiñote cante lapses (row 8) |
/// | `cantes_in_arrastre` | bool | true | seed 003 allows them (row 18) |
/// | `allow_exchange` | bool | true | "cambiar el siete" (row 17) |
/// | `exchange_low_pinta` | bool | false | by local agreement the 7 also takes a pinta 2, 4, 5 or 6 (row 17) |
/// | `both_over_101_rule` | `last_trick`, `higher_score` | `last_trick` | pronosticoreservado: the diez de últimas decides (row 19) |
/// | `treinta_malas` | bool | false | "30 malas" (row 20): de vueltas a side counts at least 30 from the first deal (elperiodic: "el mínimo que puedes tener es 30"); the other reading, "under 30 loses", never decides anything a record shows, as the other side then has over 100 |
/// | `partidas_to_win_coto` | 1–5 | 2 | best of three partidas (row 21); the match's "al mejor de" sets it and no form offers it (`Rules::match_options`), a hand record cannot show it |
/// | `cotos_to_win` | 1–3 | 1 | (row 21); the match sets it ("Cotos para ganar el encuentro" beside its "al mejor de") and no option control offers it |
/// | `next_dealer` | `rotate_right`, `last_trick_winner` | `rotate_right` | (row 22; kept for the table) |
/// | `revoke_penalty` | `lose_partida`, `lose_coto` | `lose_partida` | Part A 3 (row 23); a record shows both as the partida lost, and with `lose_coto` that partida ends its coto, and a match of one coto (`Rules::partida_ends_coto`) |
/// | `vueltas_claim` | `must_claim`, `automatic` | `must_claim` | de vueltas a side claims 101; automatic: the hand ends as soon as a side has 101 (row 24) |
pub static GUINOTE_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "cantes_per_trick",
        kind: OptionKind::Choice(&["one_per_player", "one_per_side"]),
        default: OptionValue::Choice("one_per_player"),
        doc: "After a trick won, each partner may sing once, or only one cante for the pair.",
    },
    OptionSpec {
        name: "cante_lapses",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "A marriage not sung at the first chance after the side wins a trick is lost.",
    },
    OptionSpec {
        name: "cantes_in_arrastre",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "Cantes (and tutes) are allowed once the stock is exhausted (seed 003).",
    },
    OptionSpec {
        name: "allow_exchange",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "Either partner may exchange the 7 of trumps for a pinta A, 3, 12, 10 or 11.",
    },
    OptionSpec {
        name: "exchange_low_pinta",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "By agreement the 7 of trumps may also be exchanged for a pinta 2, 4, 5 or 6.",
    },
    OptionSpec {
        name: "both_over_101_rule",
        kind: OptionKind::Choice(&["last_trick", "higher_score"]),
        default: OptionValue::Choice("last_trick"),
        doc: "Both sides at 101 after the first deal: the side of the diez de últimas wins, or the higher score.",
    },
    OptionSpec {
        name: "treinta_malas",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "De vueltas, a side that made fewer than 30 in the first deal counts 30.",
    },
    OptionSpec {
        name: "partidas_to_win_coto",
        kind: OptionKind::Int(&[1, 2, 3, 4, 5]),
        default: OptionValue::Int(2),
        doc: "Partidas that win a coto (2 = best of three).",
    },
    OptionSpec {
        name: "cotos_to_win",
        kind: OptionKind::Int(&[1, 2, 3]),
        default: OptionValue::Int(1),
        doc: "Cotos that win the match.",
    },
    OptionSpec {
        name: "next_dealer",
        kind: OptionKind::Choice(&["rotate_right", "last_trick_winner"]),
        default: OptionValue::Choice("rotate_right"),
        doc: "Who deals the next hand: the next seat to the right, or the winner of the diez de últimas.",
    },
    OptionSpec {
        name: "revoke_penalty",
        kind: OptionKind::Choice(&["lose_partida", "lose_coto"]),
        default: OptionValue::Choice("lose_partida"),
        doc: "A revoke (or any other violation) loses the partida, or the whole coto.",
    },
    OptionSpec {
        name: "vueltas_claim",
        kind: OptionKind::Choice(&["must_claim", "automatic"]),
        default: OptionValue::Choice("must_claim"),
        doc: "De vueltas a side with 101 claims (must_claim), or the hand ends by itself at 101.",
    },
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothOver101 {
    #[default]
    LastTrick,
    HigherScore,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NextDealer {
    #[default]
    RotateRight,
    LastTrickWinner,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GuinoteRevokePenalty {
    #[default]
    LosePartida,
    LoseCoto,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VueltasClaim {
    #[default]
    MustClaim,
    Automatic,
}

/// Typed guiñote options; see [`GUINOTE_OPTIONS`] for names, values, defaults and reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub struct GuinoteOptions {
    pub cantes_per_trick: CantesPerTrick,
    pub cante_lapses: bool,
    pub cantes_in_arrastre: bool,
    pub allow_exchange: bool,
    pub exchange_low_pinta: bool,
    pub both_over_101_rule: BothOver101,
    pub treinta_malas: bool,
    pub partidas_to_win_coto: i64,
    pub cotos_to_win: i64,
    pub next_dealer: NextDealer,
    pub revoke_penalty: GuinoteRevokePenalty,
    pub vueltas_claim: VueltasClaim,
}

game_options!(GuinoteOptions, GUINOTE_OPTIONS);

/// Botifarra's table options (docs/rules.md §7 rows 25–29, §5.6, §5.7), with their defaults.
///
/// | name | values | default | why |
/// |---|---|---|---|
/// | `double_scale` | `geometric`, `additive` | `geometric` | contro ×2, recontro ×4, Sant Vicenç ×8 (seed 004); regional ×2/×3/×4 |
/// | `allow_sant_vicenc` | bool | true | seed 004 and Girona allow it (never on botifarra); Torrefarrera does not |
/// | `allow_contro_on_botifarra` | bool | true | Torrefarrera and Girona allow contro/recontro on botifarra |
/// | `revoke_penalty` | `all_points_in_play`, `none` | `all_points_in_play` | Part A 3: the opponents score 36 × the multiplier |
/// | `revoke_rectify_before_next_trick` | bool | true | tournament rule (Torrefarrera) for live refereeing; never applies to records (spec) |
/// | `misdeal_policy` | `pass_right`, `same_dealer_then_pass`, `same_dealer` | `same_dealer_then_pass` | tournament rules (Torrefarrera, Vilaplana); the seed passes the deal right |
/// | `target` | 51, 101, 151, 201 | 101 | the game ends when a side has more than 100 |
/// | `deal_limit` | 0, 4, 6, 8, 10, 12, 16, 20, 24 | 0 (none) | tournament cap on the number of deals of a game (8 or 12) |
/// | `max_counted_score` | 0, 121, 131, 141, 151, 201 | 0 (none) | tournament cap on the score counted for standings (121) |
pub static BOTIFARRA_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "double_scale",
        kind: OptionKind::Choice(&["geometric", "additive"]),
        default: OptionValue::Choice("geometric"),
        doc: "contro, recontro and Sant Vicenç multiply by 2, 4, 8 (geometric) or 2, 3, 4 (additive, regional).",
    },
    OptionSpec {
        name: "allow_sant_vicenc",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "Sant Vicenç (×8) may follow a recontro in a suit hand (never in botifarra).",
    },
    OptionSpec {
        name: "allow_contro_on_botifarra",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "A botifarra (no-trump) hand may be doubled with contro and recontro.",
    },
    OptionSpec {
        name: "revoke_penalty",
        kind: OptionKind::Choice(&["all_points_in_play", "none"]),
        default: OptionValue::Choice("all_points_in_play"),
        doc: "On a violation the offenders' opponents score 36 × the multiplier in force (or nobody scores).",
    },
    OptionSpec {
        name: "revoke_rectify_before_next_trick",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(true),
        doc: "At the table, an illegal card noticed before the next trick is taken back without penalty; a record is always ruled as played.",
    },
    OptionSpec {
        name: "misdeal_policy",
        kind: OptionKind::Choice(&["pass_right", "same_dealer_then_pass", "same_dealer"]),
        default: OptionValue::Choice("same_dealer_then_pass"),
        doc: "After a misdeal: the next seat deals, the same dealer redeals once, or the same dealer always redeals.",
    },
    OptionSpec {
        name: "target",
        kind: OptionKind::Int(&[51, 101, 151, 201]),
        default: OptionValue::Int(101),
        doc: "A side that reaches this score (more than 100) wins the game.",
    },
    OptionSpec {
        name: "deal_limit",
        kind: OptionKind::Int(&[0, 4, 6, 8, 10, 12, 16, 20, 24]),
        default: OptionValue::Int(0),
        doc: "Tournament cap: the game also ends after this many deals (0: no cap).",
    },
    OptionSpec {
        name: "max_counted_score",
        kind: OptionKind::Int(&[0, 121, 131, 141, 151, 201]),
        default: OptionValue::Int(0),
        doc: "Tournament cap: the most a side's game score counts for standings (0: no cap).",
    },
];

/// How contro, recontro and Sant Vicenç multiply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoubleScale {
    /// ×2, ×4, ×8.
    #[default]
    Geometric,
    /// ×2, ×3, ×4.
    Additive,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotifarraRevokePenalty {
    #[default]
    AllPointsInPlay,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MisdealPolicy {
    PassRight,
    #[default]
    SameDealerThenPass,
    SameDealer,
}

/// Typed botifarra options; see [`BOTIFARRA_OPTIONS`] for names, values, defaults and reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub struct BotifarraOptions {
    pub double_scale: DoubleScale,
    pub allow_sant_vicenc: bool,
    pub allow_contro_on_botifarra: bool,
    pub revoke_penalty: BotifarraRevokePenalty,
    pub revoke_rectify_before_next_trick: bool,
    pub misdeal_policy: MisdealPolicy,
    pub target: i64,
    pub deal_limit: i64,
    pub max_counted_score: i64,
}

game_options!(BotifarraOptions, BOTIFARRA_OPTIONS);

/// Cinquillo's table options (docs/rules.md §7 rows 30–33, §6), with their defaults.
///
/// | name | values | default | why |
/// |---|---|---|---|
/// | `bastardo` | bool | false | Part A 8: normal cinquillo, bastardo (cabrón) as an option |
/// | `scoring` | `five_plus_cards`, `cards_left`, `pot` | `five_plus_cards` | Mundigames: 5 + 1 per card left; casinoonlineespaña: the cards only; traditional chips: the pot |
/// | `round_opener` | `five_of_oros`, `rotating` | `five_of_oros` | traditional: the 5 of oros always opens; Mundigames: mano opens with any 5 |
/// | `tie_split` | `equal`, `full_to_each` | `equal` | bastardo ties: the points are shared equally (the exact quotient) |
/// | `revoke_penalty` | `void_round` | `void_round` | Part A 3: a violation voids the round |
/// | `deck` | `forty`, `forty_eight` | `forty` | some regions play with the 8s and 9s |
/// | `points_limit` | 0, 25, 50, 75, 100, 150, 200 | 0 (none) | Mundigames plays to a points limit; no default limit (spec) |
pub static CINQUILLO_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "bastardo",
        kind: OptionKind::Bool,
        default: OptionValue::Bool(false),
        doc: "Cinquillo bastardo: any card beyond the ends of an opened suit, blocking the cards between; fewest cards wins.",
    },
    OptionSpec {
        name: "scoring",
        kind: OptionKind::Choice(&["five_plus_cards", "cards_left", "pot"]),
        default: OptionValue::Choice("five_plus_cards"),
        doc: "The winner scores 5 + the cards left in the other hands (bastardo: the cards only), the cards only, or the pot (an ante from each loser and a chip per pass they made).",
    },
    OptionSpec {
        name: "round_opener",
        kind: OptionKind::Choice(&["five_of_oros", "rotating"]),
        default: OptionValue::Choice("five_of_oros"),
        doc: "The 5 of oros opens every round, or mano starts and any 5 opens.",
    },
    OptionSpec {
        name: "tie_split",
        kind: OptionKind::Choice(&["equal", "full_to_each"]),
        default: OptionValue::Choice("equal"),
        doc: "Tied winners share the points equally (the exact quotient, never rounded) or each scores them all.",
    },
    OptionSpec {
        name: "revoke_penalty",
        kind: OptionKind::Choice(&["void_round"]),
        default: OptionValue::Choice("void_round"),
        doc: "A violation voids the round: nobody scores.",
    },
    OptionSpec {
        name: "deck",
        kind: OptionKind::Choice(&["forty", "forty_eight"]),
        default: OptionValue::Choice("forty"),
        doc: "The 40-card deck, or the 48-card deck with the 8s and 9s in their numeric place.",
    },
    OptionSpec {
        name: "points_limit",
        kind: OptionKind::Int(&[0, 25, 50, 75, 100, 150, 200]),
        default: OptionValue::Int(0),
        doc: "The game ends when a player reaches this score (0: no limit).",
    },
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    #[default]
    FivePlusCards,
    CardsLeft,
    Pot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundOpener {
    #[default]
    FiveOfOros,
    Rotating,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieSplit {
    #[default]
    Equal,
    FullToEach,
}

/// Typed cinquillo options; see [`CINQUILLO_OPTIONS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub struct CinquilloOptions {
    pub bastardo: bool,
    pub scoring: Scoring,
    pub round_opener: RoundOpener,
    pub tie_split: TieSplit,
    pub deck: Deck,
    pub points_limit: i64,
}

game_options!(CinquilloOptions, CINQUILLO_OPTIONS);
