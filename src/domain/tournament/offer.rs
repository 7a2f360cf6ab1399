//! The match formats a championship of each game can be played in, their defaults
//! and their limits: what the new-championship form offers game by game, and the
//! check that refuses, before a championship exists, a format its tables could not
//! play (a cuatrola partida to 101, a guiñote partida to 21, cinquillo hand by hand
//! at a table of two sides).

use serde_json::{Map, Value};

use super::file::{default_tiebreaks, score_tiebreaks};
pub use super::format::targets;
use super::format::{MatchFormat, game_target};
use super::played::table_players;
use super::standings::Tiebreak;
use crate::domain::engine::GameKind;
use crate::domain::entry::series::{MatchClash, match_clash};
use crate::domain::games::rules_of;
use crate::domain::lang::{Lang, comma_list, tr};

pub use crate::domain::games::rules::{BEST_OF, PARTIDA, TIMED};

/// The match format kinds a championship of `game` offers, the usual one first (its
/// rules say which).
pub fn formats(game: GameKind) -> &'static [&'static str] {
    rules_of(game).match_formats()
}

/// A game's usual match format, as the form's fields (all text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatFields {
    pub match_format: &'static str,
    /// Empty: the target the game's table options give.
    pub target: String,
    pub partidas: String,
    /// The cotos that win a match of several partidas ("1" where the game has none).
    pub cotos: String,
    pub max_hands: String,
    pub minutes: String,
    pub cap: String,
}

/// The form's starting values for a championship of `game`, from its rules.
pub fn defaults(game: GameKind) -> FormatFields {
    let d = rules_of(game).format_defaults();
    FormatFields {
        match_format: formats(game).first().copied().unwrap_or(PARTIDA),
        target: d.target.map(|t| t.to_string()).unwrap_or_default(),
        partidas: "3".into(),
        cotos: "1".into(),
        max_hands: d.max_hands.to_string(),
        minutes: d.minutes.to_string(),
        cap: d.cap.to_string(),
    }
}

/// The systems whose rankings the form proposes apart: a Swiss (its pairings by the
/// score make the opponents met count) and a league (everyone meets everyone of the
/// group, so the games among the level count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranked {
    Swiss,
    League,
}

impl Ranked {
    pub const ALL: [Ranked; 2] = [Ranked::Swiss, Ranked::League];

    /// The name the form gives it (`swiss`, `league`).
    pub fn slug(self) -> &'static str {
        match self {
            Ranked::Swiss => "swiss",
            Ranked::League => "league",
        }
    }

    /// The one named `slug`.
    pub fn from_slug(slug: &str) -> Option<Ranked> {
        Ranked::ALL.into_iter().find(|r| r.slug() == slug)
    }
}

/// The ranking criteria a championship of `game` starts with on the form, in order:
/// the score alone where the game's *bases* rank so (botifarra: "partides guanyades →
/// diferència de punts → punts totals"), else a Swiss's Buchholz and a league's
/// head-to-head before the difference of points.
pub fn tiebreaks(game: GameKind, ranked: Ranked) -> Vec<Tiebreak> {
    if rules_of(game).ranks_by_score() {
        return score_tiebreaks();
    }
    match ranked {
        Ranked::Swiss => vec![
            Tiebreak::Points,
            Tiebreak::Buchholz,
            Tiebreak::MedianBuchholz,
            Tiebreak::PointDifference,
            Tiebreak::PointsFor,
            Tiebreak::Lot,
        ],
        Ranked::League => default_tiebreaks(),
    }
}

/// Why a championship's tables could not play its match format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unplayable {
    /// The game has no table of two sides (cinquillo), so it cannot be played hand
    /// by hand at a championship table.
    NoTable(GameKind),
    /// The game is not played in this kind of match.
    Format(GameKind),
    /// A target the game's partidas never end at; `allowed` are the ones they do.
    Target {
        game: GameKind,
        target: u32,
        allowed: Vec<u32>,
    },
    /// The game's own options fix the target, and it is another one.
    FixedTarget {
        game: GameKind,
        target: u32,
        own: Option<u32>,
    },
    /// A timed match counts at most `cap`, below its own target.
    Cap { target: u32, cap: u32 },
    /// The table option that holds the partida's target says one target, the match
    /// format another.
    TargetOption { option: u32, format: u32 },
    /// The table option "Máximo de manos" says one dat limit, the match format another.
    DealLimit { option: u32, format: u32 },
    /// The table option "Máximo de puntos que cuentan" says one cap, the match format
    /// another.
    CountedScore { option: u32, format: u32 },
    /// The table option "Máximo de manos" would end a game the match's rule for draws
    /// plays on.
    DealLimitWithDraws { option: u32 },
    /// A table option says another match than the format (a guiñote coto of three
    /// partidas in a match at the best of three).
    Match(MatchClash),
}

impl Unplayable {
    /// The reason in words for the director.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            Unplayable::NoTable(game) => tr!(
                lang,
                "el {} no se juega entre dos bandos en una mesa: elige anotar solo los resultados",
                "el {} no es juga entre dos bàndols en una taula: tria anotar només els resultats",
                "{} is not played by two sides at a table: choose to enter results only",
                game.name()
            ),
            Unplayable::Format(game) => tr!(
                lang,
                "el {} no se juega en ese formato de partido",
                "el {} no es juga en aquest format de partit",
                "{} is not played in that match format",
                game.name()
            ),
            Unplayable::Target {
                game,
                target,
                allowed,
            } => {
                let list = comma_list(allowed);
                tr!(
                    lang,
                    "una partida de {} no se juega a {target}: se juega a {list}",
                    "una partida de {} no es juga a {target}: es juga a {list}",
                    "a {} partida is not played to {target}: it is played to {list}",
                    game.name()
                )
            }
            Unplayable::FixedTarget { game, target, own } => match own {
                Some(own) => tr!(
                    lang,
                    "una partida de {} con estas opciones se gana a {own}, no a {target}: deja la meta en blanco",
                    "una partida de {} amb aquestes opcions es guanya a {own}, no a {target}: deixa la meta en blanc",
                    "a {} partida with these options is won at {own}, not {target}: leave the target blank",
                    game.name()
                ),
                None => tr!(
                    lang,
                    "una partida de {} con estas opciones no tiene meta: deja la meta en blanco",
                    "una partida de {} amb aquestes opcions no té meta: deixa la meta en blanc",
                    "a {} partida with these options has no target: leave the target blank",
                    game.name()
                ),
            },
            Unplayable::TargetOption { option, format } => tr!(
                lang,
                "las opciones de mesa dicen que la partida se juega a {option} y el formato del partido a {format}: deja la opción como viene (el partido manda) o pon el mismo número",
                "les opcions de taula diuen que la partida es juga a {option} i el format del partit a {format}: deixa l'opció com ve (mana el partit) o posa-hi el mateix nombre",
                "the table options say the partida is played to {option} and the match format to {format}: leave the option as it comes (the match rules) or give the same number"
            ),
            Unplayable::DealLimit { option, format } => tr!(
                lang,
                "las opciones de mesa dicen «Máximo de manos» {option} y el formato del partido {format} manos: deja la opción sin límite (el partido manda) o pon el mismo número",
                "les opcions de taula diuen «Màxim de mans» {option} i el format del partit {format} mans: deixa l'opció sense límit (mana el partit) o posa-hi el mateix nombre",
                "the table options say «Máximo de manos» {option} and the match format {format} hands: leave the option with no limit (the match rules) or give the same number"
            ),
            Unplayable::DealLimitWithDraws { option } => tr!(
                lang,
                "las opciones de mesa dicen «Máximo de manos» {option}, pero un empate al final se juega con más manos: deja la opción sin límite (el partido manda)",
                "les opcions de taula diuen «Màxim de mans» {option}, però un empat al final es juga amb més mans: deixa l'opció sense límit (mana el partit)",
                "the table options say «Máximo de manos» {option}, but a draw at the end is played on with more hands: leave the option with no limit (the match rules)"
            ),
            Unplayable::CountedScore { option, format } => tr!(
                lang,
                "las opciones de mesa dicen «Máximo de puntos que cuentan» {option} y el formato del partido un máximo de {format}: deja la opción sin límite (el partido manda) o pon el mismo número",
                "les opcions de taula diuen «Màxim de punts que compten» {option} i el format del partit un màxim de {format}: deixa l'opció sense límit (mana el partit) o posa-hi el mateix nombre",
                "the table options say «Máximo de puntos que cuentan» {option} and the match format a cap of {format}: leave the option with no limit (the match rules) or give the same number"
            ),
            Unplayable::Match(clash) => clash.message(lang),
            Unplayable::Cap { target, cap } => tr!(
                lang,
                "el máximo que cuenta ({cap}) no puede ser menor que la meta ({target})",
                "el màxim que compta ({cap}) no pot ser menor que la meta ({target})",
                "the most that counts ({cap}) cannot be below the target ({target})"
            ),
        }
    }
}

/// Whether the tables of a championship of `game` with table `options` can play
/// `format`; `hands`: they play hand by hand (not typed results).
pub fn check(
    game: GameKind,
    opts: &Map<String, Value>,
    format: &MatchFormat,
    hands: bool,
) -> Result<(), Unplayable> {
    if hands && table_players(game, opts).is_none() {
        return Err(Unplayable::NoTable(game));
    }
    // The match format is the match: a table option that repeats it says the same.
    if let Some(clash) = match_clash(game, opts, (format.partidas(), format.cotos())) {
        return Err(Unplayable::Match(clash));
    }
    let (kind, target) = match *format {
        MatchFormat::Partida { target } => (PARTIDA, target),
        MatchFormat::BestOf { .. } => (BEST_OF, None),
        MatchFormat::Timed {
            target,
            cap,
            max_hands,
            draws,
            ..
        } => {
            if cap < target {
                return Err(Unplayable::Cap { target, cap });
            }
            // One set of limits per match: a table option that repeats one of the
            // format's must say the same.
            let set = |name: &str| {
                opts.get(name)
                    .and_then(Value::as_u64)
                    .and_then(|n| u32::try_from(n).ok())
                    .filter(|n| *n > 0)
            };
            if let Some(option) = set("deal_limit").filter(|_| !draws.stands()) {
                return Err(Unplayable::DealLimitWithDraws { option });
            }
            if let Some(option) = set("deal_limit").filter(|n| *n != max_hands) {
                return Err(Unplayable::DealLimit {
                    option,
                    format: max_hands,
                });
            }
            if let Some(option) = set("max_counted_score").filter(|n| *n != cap) {
                return Err(Unplayable::CountedScore {
                    option,
                    format: cap,
                });
            }
            (TIMED, Some(target))
        }
    };
    if !formats(game).contains(&kind) {
        return Err(Unplayable::Format(game));
    }
    let Some(target) = target else {
        return Ok(());
    };
    // The table option that holds the target, where the director set it, says the same.
    if let Some(option) = rules_of(game)
        .target_option()
        .and_then(|name| opts.get(name))
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .filter(|n| *n != target)
    {
        return Err(Unplayable::TargetOption {
            option,
            format: target,
        });
    }
    match targets(game) {
        Some(allowed) if allowed.contains(&target) => Ok(()),
        Some(allowed) => Err(Unplayable::Target {
            game,
            target,
            allowed,
        }),
        None => {
            let own = game_target(game, opts).ok().flatten();
            if own == Some(target) {
                Ok(())
            } else {
                Err(Unplayable::FixedTarget { game, target, own })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn format_of(kind: &str, f: &FormatFields) -> MatchFormat {
        let n = |s: &str| s.parse::<u32>().ok();
        match kind {
            PARTIDA => MatchFormat::Partida {
                target: n(&f.target),
            },
            BEST_OF => MatchFormat::BestOf {
                partidas: n(&f.partidas).unwrap_or(3),
                cotos: n(&f.cotos).unwrap_or(1),
            },
            _ => MatchFormat::Timed {
                target: n(&f.target).unwrap_or(101),
                max_hands: n(&f.max_hands).unwrap_or(12),
                minutes: n(&f.minutes).unwrap_or(55),
                cap: n(&f.cap).unwrap_or(121),
                draws: Default::default(),
            },
        }
    }

    /// [`check`] of a match of one partida to `target`.
    fn check_partida(
        game: GameKind,
        opts: &Map<String, Value>,
        target: Option<u32>,
        hands: bool,
    ) -> Result<(), Unplayable> {
        check(game, opts, &MatchFormat::Partida { target }, hands)
    }

    #[test]
    fn every_format_a_game_offers_with_its_defaults_can_be_played_at_its_tables() {
        let none = Map::new();
        for game in GameKind::ALL {
            let d = defaults(game);
            assert_eq!(formats(game)[0], d.match_format);
            for kind in formats(game) {
                let hands = rules_of(game).two_sided_matches();
                assert_eq!(
                    check(game, &none, &format_of(kind, &d), hands),
                    Ok(()),
                    "{game:?} {kind}"
                );
            }
        }
    }

    #[test]
    fn a_cuatrola_partida_to_101_is_refused_in_words_and_to_16_is_played() {
        let none = Map::new();
        let err = check_partida(GameKind::Cuatrola, &none, Some(101), true).unwrap_err();
        assert_eq!(
            err.message(Lang::Es),
            "una partida de cuatrola no se juega a 101: se juega a 11, 16, 21"
        );
        assert!(check_partida(GameKind::Cuatrola, &none, Some(16), true).is_ok());
    }

    #[test]
    fn a_table_option_target_other_than_the_match_formats_is_refused_and_the_same_one_passes() {
        let mut opts = Map::new();
        opts.insert("target".into(), Value::from(16));
        let err = check_partida(GameKind::Cuatrola, &opts, Some(21), true).unwrap_err();
        assert_eq!(
            err,
            Unplayable::TargetOption {
                option: 16,
                format: 21
            }
        );
        assert!(
            err.message(Lang::Es)
                .contains("a 16 y el formato del partido a 21")
        );
        assert!(check_partida(GameKind::Cuatrola, &opts, Some(16), true).is_ok());
        // A format without its own target plays to the option's.
        assert!(check_partida(GameKind::Cuatrola, &opts, None, true).is_ok());
        opts.insert("target".into(), Value::from(51));
        let timed = MatchFormat::usual_timed(Default::default());
        assert_eq!(
            check(GameKind::Botifarra, &opts, &timed, true),
            Err(Unplayable::TargetOption {
                option: 51,
                format: 101
            })
        );
    }

    #[test]
    fn a_guinote_partida_is_won_at_101_only_and_cinquillo_has_no_table_of_two() {
        let none = Map::new();
        let refused = check_partida(GameKind::Guinote, &none, Some(21), true);
        assert!(
            matches!(refused, Err(Unplayable::FixedTarget { own: Some(101), .. })),
            "{refused:?}"
        );
        assert_eq!(
            check_partida(GameKind::Cinquillo, &none, None, true),
            Err(Unplayable::NoTable(GameKind::Cinquillo))
        );
        assert!(check_partida(GameKind::Cinquillo, &none, None, false).is_ok());
    }

    #[test]
    fn a_botifarra_championship_starts_ranked_by_the_score_and_the_other_games_by_their_system() {
        let slugs = |game, ranked| {
            tiebreaks(game, ranked)
                .iter()
                .map(|t| t.slug())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let score = "points point_difference points_for lot";
        assert_eq!(slugs(GameKind::Botifarra, Ranked::Swiss), score);
        assert_eq!(slugs(GameKind::Botifarra, Ranked::League), score);
        for game in [GameKind::Cuatrola, GameKind::Guinote, GameKind::Tute] {
            assert_eq!(
                slugs(game, Ranked::Swiss),
                "points buchholz median_buchholz point_difference points_for lot"
            );
            assert_eq!(
                slugs(game, Ranked::League),
                "points head_to_head point_difference points_for lot"
            );
        }
        for ranked in Ranked::ALL {
            assert_eq!(Ranked::from_slug(ranked.slug()), Some(ranked));
        }
    }

    #[test]
    fn a_guinote_championship_starts_at_the_best_of_three_partidas_of_one_coto() {
        let d = defaults(GameKind::Guinote);
        assert_eq!(
            (d.match_format, d.partidas.as_str(), d.cotos.as_str()),
            (BEST_OF, "3", "1")
        );
        assert_eq!(formats(GameKind::Guinote), [BEST_OF, PARTIDA]);
    }

    #[test]
    fn a_timed_guinote_match_is_not_offered() {
        let f = MatchFormat::usual_timed(Default::default());
        assert_eq!(
            check(GameKind::Guinote, &Map::new(), &f, true),
            Err(Unplayable::Format(GameKind::Guinote))
        );
    }

    #[test]
    fn table_options_that_repeat_a_timed_match_limit_must_agree_with_it() {
        let timed = MatchFormat::usual_timed(Default::default());
        let opts = |k: &str, v: u32| {
            let mut m = Map::new();
            m.insert(k.into(), Value::from(v));
            m
        };
        let game = GameKind::Botifarra;
        assert_eq!(
            check(game, &opts("deal_limit", 8), &timed, true),
            Err(Unplayable::DealLimit {
                option: 8,
                format: 12
            })
        );
        assert_eq!(
            check(game, &opts("max_counted_score", 131), &timed, true),
            Err(Unplayable::CountedScore {
                option: 131,
                format: 121
            })
        );
        assert_eq!(check(game, &opts("deal_limit", 12), &timed, true), Ok(()));
        let extra = MatchFormat::usual_timed(crate::domain::tournament::Draws::ExtraHands(2));
        assert_eq!(
            check(game, &opts("deal_limit", 12), &extra, true),
            Err(Unplayable::DealLimitWithDraws { option: 12 }),
            "the game would end at its twelfth dat, level or not"
        );
        assert_eq!(check(game, &opts("deal_limit", 0), &extra, true), Ok(()));
        assert_eq!(check(game, &opts("deal_limit", 0), &timed, true), Ok(()));
        assert_eq!(
            check(game, &opts("max_counted_score", 121), &timed, true),
            Ok(())
        );
        assert!(
            Unplayable::DealLimit {
                option: 8,
                format: 12
            }
            .message(Lang::Es)
            .contains("Máximo de manos")
        );
    }
}
