//! Match formats, match points and result checking per game.

use super::draws::Draws;
use super::halves::MatchPoints;
use crate::domain::engine::GameKind;
use crate::domain::games::rules::{BEST_OF, BothReach, PARTIDA, TIMED, target_choices};
use crate::domain::games::rules_of;
use crate::domain::lang::{Lang, tr};
use crate::domain::options;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// How one match (one table, one round) is played and scored.
///
/// ```json
/// {"kind": "partida"}                      // one partida to the game's target
/// {"kind": "partida", "target": 31}        // ... to another target
/// {"kind": "best_of", "partidas": 3}       // best of 3 partidas; the score is partidas won
/// {"kind": "best_of", "partidas": 3, "cotos": 2} // first to 2 cotos of best of 3; the score is cotos won
/// {"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55, "cap": 121}
/// {"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55, "cap": 121,
///  "draws": {"extra_hands": 2}}           // a level score is broken by 2 more dats
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum MatchFormat {
    /// One partida. The score is each side's final tantos; the winner reached
    /// `target` (default: the game's own, from its table options: cuatrola `target`,
    /// guiñote 101, tute 101 or `rounds_to_win`, botifarra `target`, cinquillo
    /// `points_limit`, where 0 means no target).
    Partida {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<u32>,
    },
    /// Best of `partidas` (odd) partidas; the score is partidas won, so the winner has
    /// `partidas/2 + 1` and the loser fewer. With `cotos` above 1 (a guiñote match of
    /// "dos cotos de tres partidas"), each coto is at the best of `partidas` and the
    /// match goes to the first side to win `cotos` of them; the score is then cotos
    /// won, so the winner has `cotos` and the loser fewer.
    BestOf {
        partidas: u32,
        #[serde(default = "one_coto", skip_serializing_if = "is_one_coto")]
        cotos: u32,
    },
    /// Botifarra's "101 punts, 12 dats o 55 minuts, el que passi abans": the first to
    /// `target` wins; when the hands or the time run out first, the higher score wins
    /// and equal scores are a draw, unless `draws` says otherwise (see
    /// [`Draws`]). No score may exceed `cap` (the maximum counted).
    Timed {
        #[serde(default = "default_target")]
        target: u32,
        #[serde(default = "default_hands")]
        max_hands: u32,
        #[serde(default = "default_minutes")]
        minutes: u32,
        #[serde(default = "default_cap")]
        cap: u32,
        #[serde(default, skip_serializing_if = "Draws::stands")]
        draws: Draws,
    },
}

fn one_coto() -> u32 {
    1
}
fn is_one_coto(cotos: &u32) -> bool {
    *cotos == 1
}
fn default_target() -> u32 {
    101
}
fn default_hands() -> u32 {
    12
}
fn default_minutes() -> u32 {
    55
}
fn default_cap() -> u32 {
    121
}

impl MatchFormat {
    /// Botifarra's usual timed match, every limit at its default: "101 punts, 12 dats
    /// o 55 minuts", at most 121 points counted; `draws` for a level score.
    pub const fn usual_timed(draws: Draws) -> MatchFormat {
        MatchFormat::Timed {
            target: 101,
            max_hands: 12,
            minutes: 55,
            cap: 121,
            draws,
        }
    }

    /// Its kind, as the file's `kind` and the forms name it ([`PARTIDA`], [`BEST_OF`],
    /// [`TIMED`]).
    pub fn kind(&self) -> &'static str {
        match self {
            MatchFormat::Partida { .. } => PARTIDA,
            MatchFormat::BestOf { .. } => BEST_OF,
            MatchFormat::Timed { .. } => TIMED,
        }
    }

    /// The partidas the match (each of its cotos) is at the best of (one, but for a
    /// best-of).
    pub fn partidas(&self) -> u32 {
        match *self {
            MatchFormat::BestOf { partidas, .. } => partidas,
            MatchFormat::Partida { .. } | MatchFormat::Timed { .. } => 1,
        }
    }

    /// The cotos that win the match (one, but for a best-of of several).
    pub fn cotos(&self) -> u32 {
        match *self {
            MatchFormat::BestOf { cotos, .. } => cotos,
            MatchFormat::Partida { .. } | MatchFormat::Timed { .. } => 1,
        }
    }
}

impl Default for MatchFormat {
    fn default() -> Self {
        MatchFormat::Partida { target: None }
    }
}

/// Match points for each outcome ("puntos de clasificación"), whole or halves: the
/// default is 2 for a win, 1 for a draw (half a win, as botifarra counts it), 0 for a
/// loss and 2 for a bye (a bye is credited as a win); `{"win": 1, "draw": 0.5}` counts
/// a draw as half a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Points {
    #[serde(default = "two")]
    pub win: MatchPoints,
    #[serde(default = "one")]
    pub draw: MatchPoints,
    #[serde(default)]
    pub loss: MatchPoints,
    #[serde(default = "two")]
    pub bye: MatchPoints,
}

fn one() -> MatchPoints {
    MatchPoints::whole(1)
}
fn two() -> MatchPoints {
    MatchPoints::whole(2)
}

impl Points {
    /// One point for a win or a bye, half for a draw, none for a loss (the botifarra
    /// opens' count).
    pub const ONE_A_WIN: Points = Points {
        win: MatchPoints::whole(1),
        draw: MatchPoints::from_halves(1),
        loss: MatchPoints::ZERO,
        bye: MatchPoints::whole(1),
    };
}

impl Default for Points {
    fn default() -> Self {
        Points {
            win: two(),
            draw: one(),
            loss: MatchPoints::ZERO,
            bye: two(),
        }
    }
}

/// One of the two sides of a table: `a` (first named) or `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    A,
    B,
}

impl Side {
    /// The side with the higher score (`None`: level).
    pub fn by_score(score: [u32; 2]) -> Option<Side> {
        match score[0].cmp(&score[1]) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The side a letter names, as the tables store it: `a` or `b`.
    pub fn of_letter(letter: &str) -> Option<Side> {
        match letter {
            "a" => Some(Side::A),
            "b" => Some(Side::B),
            _ => None,
        }
    }
}

/// Who won a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    A,
    B,
    Draw,
}

impl Outcome {
    fn of(side: Side) -> Outcome {
        match side {
            Side::A => Outcome::A,
            Side::B => Outcome::B,
        }
    }

    /// The side with the higher score, or a draw where the score is level.
    pub fn by_score(score: [u32; 2]) -> Outcome {
        Side::by_score(score).map_or(Outcome::Draw, Outcome::of)
    }
}

/// Why a score does not fit the game and the match format. Read out to the table in
/// its language by [`ResultError::message`]; `Display` is the English text (files
/// and the command line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultError {
    /// The championship's game options are not valid for the game.
    Options(String),
    /// A partida always has a winner.
    Draw { target: u32, a: u32, b: u32 },
    /// The winner of a partida reaches its target.
    Short {
        game: GameKind,
        target: u32,
        won: u32,
    },
    /// Only one side reaches the target (but in guiñote).
    BothReach {
        game: GameKind,
        target: u32,
        a: u32,
        b: u32,
    },
    /// Guiñote with `both_over_101_rule = higher_score`.
    HigherWins { target: u32, a: u32, b: u32 },
    /// The declared winner has fewer points.
    NotAWin { won: u32, lost: u32 },
    /// Best of an even number.
    EvenBestOf { partidas: u32 },
    /// Best of n: the winner has n/2+1, the loser fewer.
    BestOf {
        partidas: u32,
        need: u32,
        a: u32,
        b: u32,
    },
    /// A match of `cotos` cotos: the winner has `cotos`, the loser fewer.
    Cotos { cotos: u32, a: u32, b: u32 },
    /// The declared winner of a best-of has fewer partidas (or cotos).
    BestOfWinner,
    /// A timed match counts at most `cap` points.
    OverCap { cap: u32, got: u32 },
    /// A timed match stops when one side reaches the target.
    TimedBoth { target: u32, a: u32, b: u32 },
    /// The declared winner of a timed match has the lower score.
    TimedWinner { a: u32, b: u32 },
    /// A timed match whose rule does not allow draws ends with a leader.
    DrawNotAllowed { a: u32, b: u32 },
    /// More than the game can give: the last hand starts below the target and no
    /// hand gives more than the game's highest hand.
    Overshoot {
        game: GameKind,
        target: u32,
        most: u32,
        got: u32,
    },
}

/// A score above what a game to `target` can reach: the side was below the target
/// before its last hand, which added at most the game's highest hand.
fn overshoot(game: GameKind, target: u32, got: u32) -> Result<(), ResultError> {
    match rules_of(game).highest_hand() {
        Some(hand) if got > target.saturating_sub(1) + hand => Err(ResultError::Overshoot {
            game,
            target,
            most: target.saturating_sub(1) + hand,
            got,
        }),
        _ => Ok(()),
    }
}

impl ResultError {
    /// The problem in words a referee can read out (card and game terms in Spanish).
    pub fn message(&self, lang: Lang) -> String {
        use ResultError::*;
        match self {
            Options(m) => m.clone(),
            Draw { target, a, b } => tr!(
                lang,
                "una partida a {target} tiene ganador: {a}–{b} es un empate",
                "una partida a {target} té guanyador: {a}–{b} és un empat",
                "a partida to {target} has a winner: {a}–{b} is a draw"
            ),
            Short { game, target, won } => tr!(
                lang,
                "quien gana una partida de {} llega a {target}, no a {won}",
                "qui guanya una partida de {} arriba a {target}, no a {won}",
                "the winner of a {} partida reaches {target}, not {won}",
                game.name()
            ),
            BothReach { game, target, a, b } => tr!(
                lang,
                "en una partida de {} solo una pareja puede llegar a {target} ({a}–{b})",
                "en una partida de {} només una parella pot arribar a {target} ({a}–{b})",
                "only one side can reach {target} in a {} partida ({a}–{b})",
                game.name()
            ),
            HigherWins { target, a, b } => tr!(
                lang,
                "con las dos por encima de {target} gana la puntuación más alta ({a}–{b})",
                "amb les dues per sobre de {target} guanya la puntuació més alta ({a}–{b})",
                "with both over {target} the higher score wins ({a}–{b})"
            ),
            NotAWin { won, lost } => tr!(
                lang,
                "el ganador declarado tiene {won} y el perdedor {lost}: eso no es ganar",
                "el guanyador declarat té {won} i el perdedor {lost}: això no és guanyar",
                "the declared winner has {won} and the loser {lost}: that is not a win"
            ),
            EvenBestOf { partidas } => tr!(
                lang,
                "al mejor de {partidas}: el número de partidas ha de ser impar",
                "al millor de {partidas}: el nombre de partides ha de ser senar",
                "best of {partidas}: the number of partidas must be odd"
            ),
            BestOf {
                partidas,
                need,
                a,
                b,
            } => tr!(
                lang,
                "al mejor de {partidas}: el ganador tiene {need} partidas y el perdedor menos, no {a}–{b}",
                "al millor de {partidas}: el guanyador té {need} partides i el perdedor menys, no {a}–{b}",
                "best of {partidas}: the winner has {need} partidas and the loser fewer, not {a}–{b}"
            ),
            Cotos { cotos, a, b } => tr!(
                lang,
                "a {cotos} cotos: el ganador tiene {cotos} cotos y el perdedor menos, no {a}–{b}",
                "a {cotos} cotos: el guanyador té {cotos} cotos i el perdedor menys, no {a}–{b}",
                "to {cotos} cotos: the winner has {cotos} cotos and the loser fewer, not {a}–{b}"
            ),
            BestOfWinner => lang
                .pick(
                    "el ganador declarado tiene menos partidas",
                    "el guanyador declarat té menys partides",
                    "the declared winner has fewer partidas",
                )
                .into(),
            OverCap { cap, got } => tr!(
                lang,
                "cuentan como mucho {cap} puntos, no {got}",
                "compten com a màxim {cap} punts, no {got}",
                "at most {cap} points count, not {got}"
            ),
            TimedBoth { target, a, b } => tr!(
                lang,
                "la partida se acaba cuando una pareja llega a {target}: no pueden llegar las dos ({a}–{b})",
                "la partida s'acaba quan una parella arriba a {target}: no hi poden arribar totes dues ({a}–{b})",
                "the match stops when a side reaches {target}: both cannot ({a}–{b})"
            ),
            TimedWinner { a, b } => tr!(
                lang,
                "el ganador declarado no tiene la puntuación más alta ({a}–{b})",
                "el guanyador declarat no té la puntuació més alta ({a}–{b})",
                "the declared winner does not have the higher score ({a}–{b})"
            ),
            DrawNotAllowed { a, b } => tr!(
                lang,
                "las bases no admiten el empate: la mesa sigue jugando hasta que una pareja vaya por delante, {a}–{b} no puede ser el resultado",
                "les bases no admeten l'empat: la taula continua jugant fins que una parella vagi per davant, {a}–{b} no pot ser el resultat",
                "the rules do not allow a draw: the table plays on until one side leads, {a}–{b} cannot be the result"
            ),
            Overshoot {
                game,
                target,
                most,
                got,
            } => tr!(
                lang,
                "una partida de {} a {target} no pasa de {most}: la última mano empieza por debajo de {target} y ninguna da más de {}; {got} no puede ser",
                "una partida de {} a {target} no passa de {most}: l'última mà comença per sota de {target} i cap no en dona més de {}; {got} no pot ser",
                "a {} partida to {target} never passes {most}: its last hand starts below {target} and no hand gives more than {}; {got} cannot be",
                game.name(),
                most.saturating_sub(target.saturating_sub(1))
            ),
        }
    }
}

impl std::fmt::Display for ResultError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

/// The partida targets a game's tables can play: the values of its target table
/// option (cuatrola 11, 16, 21; botifarra 51 … 201), or `None` when the game's own
/// options fix it (guiñote 101, tute's hands or 101, cinquillo's limit).
pub fn targets(game: GameKind) -> Option<Vec<u32>> {
    target_choices(rules_of(game))
}

/// The game's own partida target from its table options (`None`: no target), as its
/// rules read it.
pub fn game_target(game: GameKind, opts: &Map<String, Value>) -> Result<Option<u32>, String> {
    let table = options::validate(game, 4, opts).map_err(|e| e.to_string())?;
    Ok(rules_of(game).target(&table))
}

/// Checks a score against the game and the match format (see [`check_outcome`]).
pub fn check_result(
    game: GameKind,
    options: &Map<String, Value>,
    format: &MatchFormat,
    score_a: u32,
    score_b: u32,
) -> Result<(), ResultError> {
    check_outcome(game, options, format, score_a, score_b, None).map(|_| ())
}

/// Checks a score and says who won. `winner` is needed only when the score alone
/// does not tell: a guiñote partida where both sides passed 101 and the diez de
/// últimas decided for the lower score. A declared winner must agree with the score.
pub fn check_outcome(
    game: GameKind,
    options: &Map<String, Value>,
    format: &MatchFormat,
    score_a: u32,
    score_b: u32,
    winner: Option<Side>,
) -> Result<Outcome, ResultError> {
    let by_score = Outcome::by_score([score_a, score_b]);
    let of = |o: Outcome| match o {
        Outcome::A => (score_a, score_b),
        _ => (score_b, score_a),
    };
    match *format {
        MatchFormat::Partida { target } => {
            let target = match target {
                Some(t) => Some(t),
                None => game_target(game, options).map_err(ResultError::Options)?,
            };
            let outcome = winner.map(Outcome::of).unwrap_or(by_score);
            let Some(target) = target else {
                return Ok(outcome);
            };
            if outcome == Outcome::Draw {
                return Err(ResultError::Draw {
                    target,
                    a: score_a,
                    b: score_b,
                });
            }
            let (won, lost) = of(outcome);
            if won < target {
                // A hand that ends the partida whatever the totals (a renuncio, a
                // tute) gives it to the side declared, short of the target.
                if winner.is_some() && rules_of(game).partida_won_short(options) {
                    overshoot(game, target, lost)?;
                    return Ok(outcome);
                }
                return Err(ResultError::Short { game, target, won });
            }
            overshoot(game, target, won)?;
            if lost >= target {
                match rules_of(game).both_reach(options) {
                    BothReach::Refused => {
                        return Err(ResultError::BothReach {
                            game,
                            target,
                            a: score_a,
                            b: score_b,
                        });
                    }
                    BothReach::HigherScore if won <= lost => {
                        return Err(ResultError::HigherWins {
                            target,
                            a: score_a,
                            b: score_b,
                        });
                    }
                    BothReach::HigherScore | BothReach::Declared => {}
                }
            } else if won < lost {
                return Err(ResultError::NotAWin { won, lost });
            }
            Ok(outcome)
        }
        MatchFormat::BestOf { partidas, cotos } => {
            if partidas == 0 || partidas % 2 == 0 {
                return Err(ResultError::EvenBestOf { partidas });
            }
            if cotos > 1 {
                // Counted in cotos; a renuncio loses one coto, never the match short.
                let ok =
                    (score_a == cotos && score_b < cotos) || (score_b == cotos && score_a < cotos);
                if !ok {
                    return Err(ResultError::Cotos {
                        cotos,
                        a: score_a,
                        b: score_b,
                    });
                }
                if winner.is_some_and(|w| Outcome::of(w) != by_score) {
                    return Err(ResultError::BestOfWinner);
                }
                return Ok(by_score);
            }
            let need = partidas / 2 + 1;
            let ok = (score_a == need && score_b < need) || (score_b == need && score_a < need);
            // A partida that ends the match at once (a guiñote renuncio that loses the
            // coto) gives it to the side declared, short of the partidas it needs.
            if !ok
                && score_a < need
                && score_b < need
                && rules_of(game).match_won_short(options)
                && let Some(w) = winner
                && of(Outcome::of(w)).0 >= 1
            {
                return Ok(Outcome::of(w));
            }
            if !ok {
                return Err(ResultError::BestOf {
                    partidas,
                    need,
                    a: score_a,
                    b: score_b,
                });
            }
            if winner.is_some_and(|w| Outcome::of(w) != by_score) {
                return Err(ResultError::BestOfWinner);
            }
            Ok(by_score)
        }
        MatchFormat::Timed {
            target, cap, draws, ..
        } => {
            if score_a > cap || score_b > cap {
                return Err(ResultError::OverCap {
                    cap,
                    got: score_a.max(score_b),
                });
            }
            if target > 0 {
                overshoot(game, target, score_a.max(score_b))?;
            }
            if score_a >= target && score_b >= target {
                return Err(ResultError::TimedBoth {
                    target,
                    a: score_a,
                    b: score_b,
                });
            }
            if winner.is_some_and(|w| Outcome::of(w) != by_score) {
                return Err(ResultError::TimedWinner {
                    a: score_a,
                    b: score_b,
                });
            }
            if by_score == Outcome::Draw && !draws.allows_draw() {
                return Err(ResultError::DrawNotAllowed {
                    a: score_a,
                    b: score_b,
                });
            }
            Ok(by_score)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn no_opts() -> Map<String, Value> {
        Map::new()
    }

    #[test]
    fn a_match_formats_kind_is_the_kind_its_file_writes() {
        for f in [
            MatchFormat::Partida { target: Some(31) },
            MatchFormat::BestOf {
                partidas: 3,
                cotos: 1,
            },
            MatchFormat::usual_timed(Draws::NotAllowed),
        ] {
            let written = serde_json::to_value(&f).expect("json");
            assert_eq!(written["kind"], f.kind(), "{f:?}");
        }
    }

    #[test]
    fn a_guinote_partida_lost_by_renuncio_goes_to_the_side_declared_short_of_101() {
        let f = MatchFormat::default();
        // A renuncio in the first deal: the offending side loses the partida, 0–0.
        assert_eq!(
            check_outcome(GameKind::Guinote, &no_opts(), &f, 0, 0, Some(Side::A)),
            Ok(Outcome::A)
        );
        assert_eq!(
            check_outcome(GameKind::Guinote, &no_opts(), &f, 64, 92, Some(Side::A)),
            Ok(Outcome::A)
        );
        // Without a declared winner the score alone must reach 101.
        assert!(check_outcome(GameKind::Guinote, &no_opts(), &f, 0, 0, None).is_err());
        assert!(check_outcome(GameKind::Guinote, &no_opts(), &f, 99, 64, None).is_err());
        // A cuatrola partida is won only at its target, whoever is declared.
        assert!(check_outcome(GameKind::Cuatrola, &no_opts(), &f, 12, 3, Some(Side::A)).is_err());
    }

    #[test]
    fn a_tute_to_101_is_won_by_a_tute_short_of_101_but_not_a_tute_of_rounds() {
        let f = MatchFormat::default();
        let mut to_101 = no_opts();
        to_101.insert("match_mode".into(), json!("points101"));
        assert_eq!(
            check_outcome(GameKind::Tute, &to_101, &f, 40, 70, Some(Side::A)),
            Ok(Outcome::A)
        );
        assert!(check_outcome(GameKind::Tute, &to_101, &f, 40, 70, None).is_err());
        let mut rounds = no_opts();
        rounds.insert("rounds_to_win".into(), json!(3));
        assert!(check_outcome(GameKind::Tute, &rounds, &f, 1, 2, Some(Side::A)).is_err());
    }

    #[test]
    fn a_refused_result_is_explained_in_the_language_of_the_table() {
        let f = MatchFormat::usual_timed(Draws::Stand);
        let Err(e) = check_result(GameKind::Botifarra, &no_opts(), &f, 130, 20) else {
            panic!("130 is over the cap")
        };
        assert_eq!(e, ResultError::OverCap { cap: 121, got: 130 });
        assert_eq!(e.message(Lang::Es), "cuentan como mucho 121 puntos, no 130");
        assert_eq!(e.message(Lang::Ca), "compten com a màxim 121 punts, no 130");
        assert_eq!(e.to_string(), "at most 121 points count, not 130");
        let Err(e) = check_result(
            GameKind::Guinote,
            &no_opts(),
            &MatchFormat::default(),
            99,
            64,
        ) else {
            panic!("99 does not win a partida")
        };
        assert_eq!(
            e.message(Lang::Es),
            "quien gana una partida de guiñote llega a 101, no a 99"
        );
    }

    #[test]
    fn a_cuatrola_partida_to_21_is_never_won_with_more_than_25() {
        let f = MatchFormat::default();
        assert!(check_result(GameKind::Cuatrola, &no_opts(), &f, 25, 10).is_ok());
        let Err(e) = check_result(GameKind::Cuatrola, &no_opts(), &f, 35, 10) else {
            panic!("35 cannot be reached in a cuatrola to 21")
        };
        assert_eq!(
            e,
            ResultError::Overshoot {
                game: GameKind::Cuatrola,
                target: 21,
                most: 25,
                got: 35
            }
        );
        assert!(e.message(Lang::Es).contains("no pasa de 25"), "{e}");
        assert!(e.message(Lang::Es).contains("35 no puede ser"), "{e}");
    }

    #[test]
    fn a_botifarra_partida_to_101_is_never_won_with_more_than_388() {
        let f = MatchFormat::Partida { target: Some(101) };
        assert!(check_result(GameKind::Botifarra, &no_opts(), &f, 388, 40).is_ok());
        let Err(e) = check_result(GameKind::Botifarra, &no_opts(), &f, 389, 40) else {
            panic!("389 cannot be reached in a botifarra to 101")
        };
        assert!(e.message(Lang::Es).contains("no pasa de 388"), "{e}");
    }

    #[test]
    fn a_guinote_partida_winner_has_101() {
        let f = MatchFormat::default();
        assert!(check_result(GameKind::Guinote, &no_opts(), &f, 101, 64).is_ok());
        assert!(check_result(GameKind::Guinote, &no_opts(), &f, 99, 64).is_err());
        assert!(check_result(GameKind::Guinote, &no_opts(), &f, 80, 80).is_err());
    }

    #[test]
    fn in_guinote_both_over_101_needs_the_declared_winner_to_fit_the_rule() {
        let f = MatchFormat::default();
        // Diez de últimas (default): the lower score may win if declared.
        let o = check_outcome(GameKind::Guinote, &no_opts(), &f, 104, 112, Some(Side::A));
        assert_eq!(o, Ok(Outcome::A));
        let mut higher = Map::new();
        higher.insert("both_over_101_rule".into(), json!("higher_score"));
        assert!(check_outcome(GameKind::Guinote, &higher, &f, 104, 112, Some(Side::A)).is_err());
        assert_eq!(
            check_outcome(GameKind::Guinote, &higher, &f, 104, 112, None),
            Ok(Outcome::B)
        );
    }

    #[test]
    fn a_guinote_coto_lost_by_renuncio_is_won_short_only_where_that_is_the_rule() {
        let f = MatchFormat::BestOf {
            partidas: 3,
            cotos: 1,
        };
        let mut lose_coto = Map::new();
        lose_coto.insert("revoke_penalty".into(), json!("lose_coto"));
        let o = check_outcome(GameKind::Guinote, &lose_coto, &f, 1, 1, Some(Side::A));
        assert_eq!(o, Ok(Outcome::A));
        assert!(check_outcome(GameKind::Guinote, &no_opts(), &f, 1, 1, Some(Side::A)).is_err());
        assert!(
            check_outcome(GameKind::Guinote, &lose_coto, &f, 0, 1, Some(Side::A)).is_err(),
            "the winner won a partida at least"
        );
        assert!(check_outcome(GameKind::Guinote, &lose_coto, &f, 1, 1, None).is_err());
    }

    #[test]
    fn a_cuatrola_partida_goes_to_the_table_target() {
        let f = MatchFormat::default();
        assert!(check_result(GameKind::Cuatrola, &no_opts(), &f, 21, 17).is_ok());
        assert!(check_result(GameKind::Cuatrola, &no_opts(), &f, 16, 11).is_err());
        let mut o = Map::new();
        o.insert("target".into(), json!(16));
        assert!(check_result(GameKind::Cuatrola, &o, &f, 16, 11).is_ok());
        assert!(check_result(GameKind::Cuatrola, &o, &f, 17, 16).is_err());
        o.insert("target".into(), json!(17));
        assert!(
            check_result(GameKind::Cuatrola, &o, &f, 17, 11).is_err(),
            "bad option"
        );
    }

    #[test]
    fn a_botifarra_score_is_within_the_cap() {
        let f = MatchFormat::usual_timed(Draws::Stand);
        let g = GameKind::Botifarra;
        assert_eq!(
            check_outcome(g, &no_opts(), &f, 121, 40, None),
            Ok(Outcome::A)
        );
        assert!(check_result(g, &no_opts(), &f, 122, 40).is_err());
        assert!(check_result(g, &no_opts(), &f, 101, 105).is_err());
        assert_eq!(
            check_outcome(g, &no_opts(), &f, 77, 77, None),
            Ok(Outcome::Draw)
        );
        assert_eq!(
            check_outcome(g, &no_opts(), &f, 60, 77, None),
            Ok(Outcome::B)
        );
        assert!(check_outcome(g, &no_opts(), &f, 60, 77, Some(Side::A)).is_err());
    }

    #[test]
    fn a_typed_draw_is_refused_where_the_rules_do_not_allow_draws() {
        let f = |draws| MatchFormat::usual_timed(draws);
        let g = GameKind::Botifarra;
        let Err(e) = check_outcome(g, &no_opts(), &f(Draws::NotAllowed), 77, 77, None) else {
            panic!("a draw is not allowed")
        };
        assert_eq!(e, ResultError::DrawNotAllowed { a: 77, b: 77 });
        assert!(e.message(Lang::Es).contains("no admiten el empate"), "{e}");
        assert_eq!(
            check_outcome(g, &no_opts(), &f(Draws::NotAllowed), 78, 77, None),
            Ok(Outcome::A)
        );
        assert_eq!(
            check_outcome(g, &no_opts(), &f(Draws::ExtraHands(2)), 77, 77, None),
            Ok(Outcome::Draw),
            "still level after the extra dats, the draw stands"
        );
    }

    #[test]
    fn a_timed_format_without_a_draw_rule_reads_and_writes_as_before() {
        let old =
            json!({"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55, "cap": 121});
        let f: MatchFormat = serde_json::from_value(old.clone()).expect("old format");
        assert_eq!(serde_json::to_value(&f).expect("json"), old);
        let two = json!({"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55,
            "cap": 121, "draws": {"extra_hands": 2}});
        let f: MatchFormat = serde_json::from_value(two.clone()).expect("extra dats");
        assert!(matches!(
            f,
            MatchFormat::Timed {
                draws: Draws::ExtraHands(2),
                ..
            }
        ));
        assert_eq!(serde_json::to_value(&f).expect("json"), two);
    }

    #[test]
    #[allow(clippy::unwrap_used)]
    fn a_match_of_two_cotos_is_scored_in_cotos_and_reads_from_a_file_without_them() {
        let g = GameKind::Guinote;
        let f = MatchFormat::BestOf {
            partidas: 3,
            cotos: 2,
        };
        assert!(check_result(g, &no_opts(), &f, 2, 1).is_ok());
        assert!(check_result(g, &no_opts(), &f, 0, 2).is_ok());
        let err = check_result(g, &no_opts(), &f, 1, 1).unwrap_err();
        assert_eq!(
            err.message(Lang::Es),
            "a 2 cotos: el ganador tiene 2 cotos y el perdedor menos, no 1–1"
        );
        // A renuncio loses a coto, never a match of two short.
        let lose_coto: Map<String, Value> =
            serde_json::from_value(json!({"revoke_penalty": "lose_coto"})).unwrap();
        assert!(check_outcome(g, &lose_coto, &f, 1, 0, Some(Side::A)).is_err());
        assert_eq!(
            serde_json::to_value(&f).unwrap(),
            json!({"kind": "best_of", "partidas": 3, "cotos": 2})
        );
        let one = MatchFormat::BestOf {
            partidas: 3,
            cotos: 1,
        };
        let json = json!({"kind": "best_of", "partidas": 3});
        assert_eq!(serde_json::to_value(&one).unwrap(), json);
        assert_eq!(serde_json::from_value::<MatchFormat>(json).unwrap(), one);
    }

    #[test]
    fn best_of_three_is_two_partidas_to_fewer() {
        let f = MatchFormat::BestOf {
            partidas: 3,
            cotos: 1,
        };
        let g = GameKind::Tute;
        assert_eq!(check_outcome(g, &no_opts(), &f, 2, 1, None), Ok(Outcome::A));
        assert_eq!(check_outcome(g, &no_opts(), &f, 0, 2, None), Ok(Outcome::B));
        assert!(check_result(g, &no_opts(), &f, 2, 2).is_err());
        assert!(check_result(g, &no_opts(), &f, 3, 0).is_err());
        assert!(
            check_result(
                g,
                &no_opts(),
                &MatchFormat::BestOf {
                    partidas: 4,
                    cotos: 1
                },
                2,
                0
            )
            .is_err()
        );
    }

    #[test]
    fn cinquillo_without_a_points_limit_accepts_any_score() {
        let f = MatchFormat::default();
        assert_eq!(
            check_outcome(GameKind::Cinquillo, &no_opts(), &f, 3, 3, None),
            Ok(Outcome::Draw)
        );
    }

    #[test]
    fn match_formats_read_from_json() {
        let f: MatchFormat = serde_json::from_value(json!({"kind": "timed"})).expect("timed");
        assert_eq!(f, MatchFormat::usual_timed(Draws::Stand));
        let p: Points = serde_json::from_value(json!({"win": 3})).expect("points");
        let w = MatchPoints::whole;
        assert_eq!((p.win, p.draw, p.loss, p.bye), (w(3), w(1), w(0), w(2)));
        let p: Points =
            serde_json::from_value(json!({"win": 1, "draw": 0.5, "bye": 1})).expect("halves");
        assert_eq!(p.draw, MatchPoints::from_halves(1));
        assert!(serde_json::from_value::<Points>(json!({"draw": 0.3})).is_err());
    }
}
