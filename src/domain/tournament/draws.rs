//! What a timed match does with a draw: the scores are level when its limits (dat
//! limit or minutes) run out. The draw stands (the default); the table plays a given
//! number of dats more, whose scores decide; or draws are not allowed and the table
//! plays on until one side leads.
//!
//! ```json
//! "draws": "stand"
//! "draws": {"extra_hands": 2}
//! "draws": "not_allowed"
//! ```

use serde::{Deserialize, Serialize};

use crate::domain::lang::{Lang, tr};

/// A timed match's rule for level scores at the end of its limits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Draws {
    /// The draw stands: the match is over at its limits.
    #[default]
    Stand,
    /// The table plays this many dats more; the scores after them decide (still level
    /// after them, the draw stands).
    ExtraHands(u32),
    /// No draw: the table plays on, hand by hand, until one side leads.
    NotAllowed,
}

impl Draws {
    /// Whether this is the default rule (the draw stands).
    pub fn stands(&self) -> bool {
        *self == Draws::Stand
    }

    /// Whether a match may end level under this rule.
    pub fn allows_draw(&self) -> bool {
        !matches!(self, Draws::NotAllowed)
    }

    /// The rule in words an organiser reads.
    pub fn words(&self, lang: Lang) -> String {
        match *self {
            Draws::Stand => lang
                .pick("Empate: vale", "Empat: val", "Draw: it stands")
                .into(),
            Draws::ExtraHands(n) => tr!(
                lang,
                "Empate: se desempata con {n} datas más",
                "Empat: es desempata amb {n} dats més",
                "Draw: broken by {n} more hands"
            ),
            Draws::NotAllowed => lang
                .pick(
                    "Empate: no se admite",
                    "Empat: no s'admet",
                    "Draw: not allowed",
                )
                .into(),
        }
    }
}

/// A timed match's partida as its limits see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress<'a> {
    /// Each side's score now.
    pub totals: [u32; 2],
    /// Hands played.
    pub hands: u32,
    /// Each side's score after each hand.
    pub running: &'a [[u32; 2]],
    /// The first hand (1-based) entered once the minutes were up, where the time of
    /// each hand is known (past the hands played when none was entered late).
    pub late_from: Option<u32>,
    /// The game itself is won (a side reached the target).
    pub won: bool,
}

/// Where a timed partida stands under its limits and its rule for draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Within its limits (dat limit and minutes).
    Regular,
    /// Level at the end of its limits: `left` of the extra dats remain.
    Extra { left: u32 },
    /// Level at the end of its limits where draws are not allowed: it goes on.
    PlayOn,
    /// Level at the end of its limits (and of any extra dats) in a knockout, which
    /// cannot end level: it goes on until one side leads.
    KnockoutPlayOn,
    /// Over.
    Over,
}

impl Stage {
    /// What the table is told, in words; `None` while nothing is to be said.
    pub fn words(&self, lang: Lang) -> Option<String> {
        match *self {
            Stage::Extra { left } => Some(tr!(
                lang,
                "Empate al acabar el tiempo o las datas: se juegan datas de desempate (quedan {left})",
                "Empat en acabar el temps o els dats: es juguen dats de desempat (en queden {left})",
                "Level when the time or the hands ran out: tie-break hands are played ({left} left)"
            )),
            Stage::PlayOn => Some(
                lang.pick(
                    "Empate al acabar el tiempo o las datas: no se admite el empate, se sigue jugando hasta que una pareja vaya por delante",
                    "Empat en acabar el temps o els dats: no s'admet l'empat, es continua jugant fins que una parella vagi per davant",
                    "Level when the time or the hands ran out: draws are not allowed, play goes on until one side leads",
                )
                .into(),
            ),
            Stage::KnockoutPlayOn => Some(
                lang.pick(
                    "Empate al acabar el tiempo o las datas: una eliminatoria no puede acabar en empate, se sigue jugando hasta que una pareja vaya por delante",
                    "Empat en acabar el temps o els dats: una eliminatòria no pot acabar en empat, es continua jugant fins que una parella vagi per davant",
                    "Level when the time or the hands ran out: a knockout match cannot end level, play goes on until one side leads",
                )
                .into(),
            ),
            Stage::Regular | Stage::Over => None,
        }
    }
}

/// After how many hands a timed partida's limits ran out, `None` while they have not:
/// its dat limit, or the first hand entered once its minutes were up (`late_from`;
/// a `late_from` past the hands played: the hand in play is the last). Where the time
/// of each hand is not known (`late_from` is `None`, a file), the last hand once the
/// minutes are up; then, where the rule plays `n` extra dats, a level score `n` hands
/// before the last is where the limits ran out.
pub fn limit_hand(max_hands: u32, draws: Draws, p: &Progress, time_up: bool) -> Option<u32> {
    let by_hands = (p.hands >= max_hands).then_some(max_hands);
    let by_time = if time_up && p.hands > 0 {
        match p.late_from {
            Some(late) if late > p.hands => None,
            Some(late) => Some(late.max(1)),
            None => Some(match draws {
                Draws::ExtraHands(n) if p.hands > n && level_after(p, p.hands - n) => p.hands - n,
                _ => p.hands,
            }),
        }
    } else {
        None
    };
    match (by_hands, by_time) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Whether the scores were level after `hands` hands.
fn level_after(p: &Progress, hands: u32) -> bool {
    let i = usize::try_from(hands).unwrap_or(usize::MAX);
    match i.checked_sub(1).and_then(|i| p.running.get(i)) {
        Some(s) => s[0] == s[1],
        None => hands == 0,
    }
}

/// The stage of a timed partida: over once its game is won, or at its limits unless
/// the scores are level there and the rule plays on.
pub fn stage(max_hands: u32, draws: Draws, p: &Progress, time_up: bool) -> Stage {
    if p.won {
        return Stage::Over;
    }
    let Some(limit) = limit_hand(max_hands, draws, p, time_up) else {
        return Stage::Regular;
    };
    if !level_after(p, limit) {
        return Stage::Over;
    }
    match draws {
        Draws::Stand => Stage::Over,
        Draws::ExtraHands(n) => {
            let played = p.hands.saturating_sub(limit);
            if played >= n {
                Stage::Over
            } else {
                Stage::Extra { left: n - played }
            }
        }
        Draws::NotAllowed if p.totals[0] != p.totals[1] => Stage::Over,
        Draws::NotAllowed => Stage::PlayOn,
    }
}

/// [`stage`] of a knockout match, which cannot end level: where the draw would stand
/// (at the limits, or after the extra dats), the table plays on, hand by hand, until
/// one side leads.
pub fn knockout_stage(max_hands: u32, draws: Draws, p: &Progress, time_up: bool) -> Stage {
    match stage(max_hands, draws, p, time_up) {
        Stage::Over if !p.won && p.totals[0] == p.totals[1] => Stage::KnockoutPlayOn,
        Stage::PlayOn => Stage::KnockoutPlayOn,
        s => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A partida from the scores after each hand.
    fn partida(running: &[[u32; 2]], late_from: Option<u32>) -> Progress<'_> {
        Progress {
            totals: running.last().copied().unwrap_or([0, 0]),
            hands: running.len() as u32,
            running,
            late_from,
            won: false,
        }
    }

    /// Twelve dats ending level at 60–60, then `more`.
    fn level_at_twelve(more: &[[u32; 2]]) -> Vec<[u32; 2]> {
        let mut r: Vec<[u32; 2]> = (1..=12).map(|i| [i * 5, i * 5]).collect();
        r[0] = [5, 0];
        r.extend_from_slice(more);
        r
    }

    #[test]
    fn two_extra_dats_are_played_after_a_level_twelfth_and_decide() {
        let two = Draws::ExtraHands(2);
        assert_eq!(
            stage(12, two, &partida(&level_at_twelve(&[]), None), false),
            Stage::Extra { left: 2 }
        );
        assert_eq!(
            stage(
                12,
                two,
                &partida(&level_at_twelve(&[[70, 60]]), None),
                false
            ),
            Stage::Extra { left: 1 }
        );
        assert_eq!(
            stage(
                12,
                two,
                &partida(&level_at_twelve(&[[70, 60], [70, 80]]), None),
                false
            ),
            Stage::Over
        );
        assert_eq!(
            stage(
                12,
                Draws::Stand,
                &partida(&level_at_twelve(&[]), None),
                false
            ),
            Stage::Over
        );
    }

    #[test]
    fn a_score_that_is_not_level_at_the_limit_ends_the_match_whatever_the_rule() {
        let mut r = level_at_twelve(&[]);
        r[11] = [65, 60];
        for rule in [Draws::Stand, Draws::ExtraHands(2), Draws::NotAllowed] {
            assert_eq!(
                stage(12, rule, &partida(&r, None), false),
                Stage::Over,
                "{rule:?}"
            );
            assert_eq!(
                stage(12, rule, &partida(&r[..11], None), false),
                Stage::Regular
            );
        }
    }

    #[test]
    fn where_draws_are_not_allowed_the_table_plays_on_until_one_side_leads() {
        assert_eq!(
            stage(
                12,
                Draws::NotAllowed,
                &partida(&level_at_twelve(&[[70, 70], [75, 75]]), None),
                false
            ),
            Stage::PlayOn
        );
        assert_eq!(
            stage(
                12,
                Draws::NotAllowed,
                &partida(&level_at_twelve(&[[70, 70], [75, 80]]), None),
                false
            ),
            Stage::Over
        );
    }

    #[test]
    fn when_the_minutes_run_out_the_extra_dats_count_from_the_first_hand_entered_late() {
        let r = [[5, 0], [10, 10], [20, 20], [20, 30]];
        let two = Draws::ExtraHands(2);
        // Hand 3 was the first entered once the time was up, level: hands 4 and 5 are extra.
        assert_eq!(
            stage(12, two, &partida(&r, Some(3)), true),
            Stage::Extra { left: 1 }
        );
        assert_eq!(
            stage(12, two, &partida(&r[..3], Some(3)), true),
            Stage::Extra { left: 2 }
        );
        // Up, but no hand entered since: the hand in play is the last.
        assert_eq!(
            stage(12, two, &partida(&r[..3], Some(4)), true),
            Stage::Regular
        );
        // Not up yet: nothing ends.
        assert_eq!(stage(12, two, &partida(&r, None), false), Stage::Regular);
        // Times unknown (a file): level two hands before the last is where it ran out.
        let f = [[5, 0], [10, 10], [20, 25], [30, 25]];
        assert_eq!(stage(12, two, &partida(&f, None), true), Stage::Over);
        assert_eq!(limit_hand(12, two, &partida(&f, None), true), Some(2));
        // A game won ends it at once.
        let mut won = partida(&r, Some(3));
        won.won = true;
        assert_eq!(stage(12, two, &won, true), Stage::Over);
    }

    #[test]
    fn the_rule_reads_from_json_and_old_files_stand() {
        let d: Draws = serde_json::from_str(r#"{"extra_hands": 2}"#).expect("extra");
        assert_eq!(d, Draws::ExtraHands(2));
        let d: Draws = serde_json::from_str(r#""not_allowed""#).expect("not allowed");
        assert_eq!(d, Draws::NotAllowed);
        assert_eq!(
            serde_json::to_string(&Draws::ExtraHands(1)).expect("json"),
            r#"{"extra_hands":1}"#
        );
        assert_eq!(
            Draws::ExtraHands(2).words(Lang::Es),
            "Empate: se desempata con 2 datas más"
        );
        assert_eq!(Draws::NotAllowed.words(Lang::Ca), "Empat: no s'admet");
    }

    #[test]
    fn a_knockout_level_at_its_limit_plays_on_whatever_the_rule_for_draws_until_one_side_leads() {
        let level = level_at_twelve(&[]);
        for rule in [Draws::Stand, Draws::NotAllowed] {
            assert_eq!(
                stage(12, rule, &partida(&level, None), false) == Stage::Over,
                rule == Draws::Stand
            );
            assert_eq!(
                knockout_stage(12, rule, &partida(&level, None), false),
                Stage::KnockoutPlayOn,
                "{rule:?}"
            );
        }
        // Two extra dats, still level after them: on again, and over once a side leads.
        let two = Draws::ExtraHands(2);
        let still = level_at_twelve(&[[65, 60], [65, 65]]);
        assert_eq!(stage(12, two, &partida(&still, None), false), Stage::Over);
        assert_eq!(
            knockout_stage(12, two, &partida(&still, None), false),
            Stage::KnockoutPlayOn
        );
        let decided = level_at_twelve(&[[65, 60], [65, 65], [70, 65]]);
        assert_eq!(
            knockout_stage(12, two, &partida(&decided, None), false),
            Stage::Over
        );
        let one_left = level_at_twelve(&[[65, 60]]);
        assert_eq!(
            knockout_stage(12, two, &partida(&one_left, None), false),
            Stage::Extra { left: 1 }
        );
        // Not level at the limit: over, as anywhere.
        let mut ahead = level_at_twelve(&[]);
        ahead[11] = [65, 60];
        assert_eq!(
            knockout_stage(12, Draws::Stand, &partida(&ahead, None), false),
            Stage::Over
        );
    }
}
