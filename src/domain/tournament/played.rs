//! A match played at a championship table, hand by hand: the game the table plays
//! (players, seats, first dealer and table options from the draw and the
//! championship) and the result its partidas give under the match format, so that
//! nobody types a score the table already recorded.
//!
//! Entrant `a` of a pairing sits on side 0 (seats 0 and 2 in a pair game), entrant `b`
//! on side 1. Pure: the clock enters only as `time_up`, said by the caller.

use serde_json::{Map, Value};

use super::draws;
use super::format::{MatchFormat, Side, game_target, targets};
use crate::domain::engine::GameKind;
use crate::domain::entry::series::{CotoTally, coto_tally};
use crate::domain::entry::{GameDoc, Scoreboard};
use crate::domain::games::rules_of;

/// One partida of a match as the table played it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Partida {
    /// Each side's game score (whole points; halves are rounded down).
    pub totals: [u32; 2],
    /// The side that won the partida, once it is over.
    pub winner: Option<Side>,
    /// Hands played.
    pub hands: u32,
    /// Each side's score after each hand, as `totals`.
    pub running: Vec<[u32; 2]>,
    /// The first hand (1-based) entered once a timed match's minutes were up, where
    /// the time of each hand is known (past the hands played when none was).
    pub late_from: Option<u32>,
    /// The partida ended its coto at once, won by its winner (a guiñote renuncio
    /// where a renuncio loses the coto): the whole match, where that is one coto.
    pub ends_coto: bool,
}

impl Partida {
    /// A partida from its scoreboard (side 0 is entrant `a`).
    pub fn from_board(board: &Scoreboard, hands: usize) -> Partida {
        let whole = |s: &crate::domain::score::Score| {
            u32::try_from(s.as_f64().max(0.0).floor() as i64).unwrap_or(0)
        };
        let two = |row: &[crate::domain::score::Score]| {
            [row.first().map_or(0, whole), row.get(1).map_or(0, whole)]
        };
        Partida {
            totals: two(&board.totals),
            winner: board.game_over.as_ref().and_then(|g| side_of(g.winner)),
            hands: u32::try_from(hands).unwrap_or(u32::MAX),
            running: board.running.iter().map(|r| two(r)).collect(),
            late_from: None,
            ends_coto: false,
        }
    }

    /// A partida of `game` under table `options` from its scoreboard: as
    /// [`Partida::from_board`], and whether its end ends its coto at once.
    pub fn of_game(
        game: GameKind,
        options: &Map<String, Value>,
        board: &Scoreboard,
        hands: usize,
    ) -> Partida {
        Partida {
            ends_coto: board
                .game_over
                .as_ref()
                .is_some_and(|g| rules_of(game).partida_ends_coto(options, g)),
            ..Partida::from_board(board, hands)
        }
    }

    /// The partida as a timed match's limits see it.
    pub fn progress(&self) -> draws::Progress<'_> {
        draws::Progress {
            totals: self.totals,
            hands: self.hands,
            running: &self.running,
            late_from: self.late_from,
            won: self.winner.is_some(),
        }
    }
}

fn side_of(index: u8) -> Option<Side> {
    match index {
        0 => Some(Side::A),
        1 => Some(Side::B),
        _ => None,
    }
}

/// The result a match's partidas give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decided {
    /// In the match format's units: tantos, or partidas won in a best-of.
    pub score: [u32; 2],
    /// The winner; `None` for a draw (a timed match that ran out level).
    pub winner: Option<Side>,
}

/// Whether the partida in play is over as far as the match is concerned: its game is
/// over, or a timed match ran out of hands or time.
pub fn partida_over(format: &MatchFormat, p: &Partida, time_up: bool) -> bool {
    partida_over_in(format, p, time_up, false)
}

/// [`partida_over`] in a round (`knockout` false) or in a knockout, whose timed
/// match cannot end level ([`draws::knockout_stage`]).
pub fn partida_over_in(format: &MatchFormat, p: &Partida, time_up: bool, knockout: bool) -> bool {
    if p.winner.is_some() {
        return true;
    }
    match *format {
        MatchFormat::Timed {
            max_hands, draws, ..
        } => {
            let stage = if knockout {
                draws::knockout_stage(max_hands, draws, &p.progress(), time_up)
            } else {
                draws::stage(max_hands, draws, &p.progress(), time_up)
            };
            stage == draws::Stage::Over
        }
        _ => false,
    }
}

/// The match's result once its partidas decide it, `None` while it goes on.
/// `time_up`: a timed match's minutes ran out (the hand in play when they did is the
/// last one, so it counts once entered).
pub fn decide(format: &MatchFormat, partidas: &[Partida], time_up: bool) -> Option<Decided> {
    decide_in(format, partidas, time_up, false)
}

/// [`decide`] in a round (`knockout` false) or in a knockout, where a timed match
/// level at its limits goes on ([`partida_over_in`]).
pub fn decide_in(
    format: &MatchFormat,
    partidas: &[Partida],
    time_up: bool,
    knockout: bool,
) -> Option<Decided> {
    match *format {
        MatchFormat::Partida { .. } => {
            let p = partidas.first()?;
            p.winner.map(|w| Decided {
                score: p.totals,
                winner: Some(w),
            })
        }
        MatchFormat::BestOf { cotos, .. } if cotos > 1 => {
            // The score of a match of several cotos is the cotos won.
            let t = cotos_of_match(format, partidas)?;
            let won = |k: usize| u32::try_from(t.cotos[k]).unwrap_or(0);
            t.winner.map(|w| Decided {
                score: [won(0), won(1)],
                winner: Some(if w == 0 { Side::A } else { Side::B }),
            })
        }
        MatchFormat::BestOf { partidas: n, .. } => {
            let need = n / 2 + 1;
            let mut wins = [0u32; 2];
            for p in partidas {
                match p.winner {
                    Some(Side::A) => wins[0] += 1,
                    Some(Side::B) => wins[1] += 1,
                    None => {}
                }
                // A partida that ends the match gives it to its winner at once.
                if let Some(w) = p.winner.filter(|_| p.ends_coto) {
                    return Some(Decided {
                        score: wins,
                        winner: Some(w),
                    });
                }
            }
            let winner = if wins[0] >= need {
                Side::A
            } else if wins[1] >= need {
                Side::B
            } else {
                return None;
            };
            Some(Decided {
                score: wins,
                winner: Some(winner),
            })
        }
        MatchFormat::Timed { cap, .. } => {
            let p = partidas.first()?;
            if !partida_over_in(format, p, time_up, knockout) {
                return None;
            }
            let score = [p.totals[0].min(cap), p.totals[1].min(cap)];
            let winner = p.winner.or(Side::by_score(score));
            Some(Decided { score, winner })
        }
    }
}

/// Where a match of several cotos stands after its `partidas` (`None`: a match of
/// one coto, or of another format).
pub fn cotos_of_match(format: &MatchFormat, partidas: &[Partida]) -> Option<CotoTally> {
    let MatchFormat::BestOf { partidas: n, cotos } = *format else {
        return None;
    };
    let side = |w: Option<Side>| match w {
        Some(Side::A) => Some(0),
        Some(Side::B) => Some(1),
        None => None,
    };
    let need = i32::try_from(n / 2 + 1).unwrap_or(i32::MAX);
    let to_win = i32::try_from(cotos).unwrap_or(i32::MAX);
    (cotos > 1).then(|| {
        let list = partidas.iter().map(|p| (side(p.winner), p.ends_coto));
        coto_tally(list, 2, need, to_win)
    })
}

/// Whether another partida is due: a best-of whose partidas so far are all over and
/// decide nothing yet.
pub fn next_partida_due(format: &MatchFormat, partidas: &[Partida]) -> bool {
    matches!(format, MatchFormat::BestOf { .. })
        && partidas.last().is_some_and(|p| p.winner.is_some())
        && decide(format, partidas, false).is_none()
}

/// The number of players at a table of `game` where two entrants meet: the largest
/// count at which the game has exactly two sides (four in pairs, or two players face
/// to face). `None`: the game cannot be played two-sided (cinquillo).
pub fn table_players(game: GameKind, options: &Map<String, Value>) -> Option<u8> {
    [4u8, 2]
        .into_iter()
        .find(|&n| game.valid_players(n) && game.seating_of(n, options).sides() == 2)
        .filter(|_| rules_of(game).two_sided_matches())
}

/// How many people an entrant of a championship of `game` is: two where the tables
/// play in pairs, one where each player sits alone (cinquillo, or two players face
/// to face).
pub fn entrant_size(game: GameKind, options: &Map<String, Value>) -> usize {
    match table_players(game, options) {
        Some(n) => usize::from(n / game.seating_of(n, options).sides().max(1)).max(1),
        None => 1,
    }
}

/// The table options of a match's games: the championship's options, with the match
/// format's partida target where the game takes one as an option, and the options a
/// match of its partidas stands for (a guiñote coto's partidas).
pub fn table_options(
    game: GameKind,
    options: &Map<String, Value>,
    format: &MatchFormat,
) -> Map<String, Value> {
    let mut out = options.clone();
    let match_of = (format.partidas(), format.cotos());
    crate::domain::entry::series::put_match_options(game, &mut out, match_of);
    let target = match *format {
        MatchFormat::Partida { target } => target,
        MatchFormat::Timed { target, .. } => Some(target),
        MatchFormat::BestOf { .. } => None,
    };
    // Only a target the game's option takes: any other was refused when the
    // championship was made (see the offer module), and must never make every hand wrong.
    if let Some(t) = target
        && let Some(name) = rules_of(game).target_option()
        && targets(game).is_some_and(|ts| ts.contains(&t))
        && game_target(game, options).ok().flatten() != Some(t)
    {
        out.insert(name.into(), t.into());
    }
    out
}

/// The first dealer of a table's first partida, drawn from the championship's seed,
/// the round and the table (the same every time it is asked).
pub fn first_dealer(seed: u64, round: u32, table: u32, players: u8) -> u8 {
    let x = seed ^ (u64::from(round) << 32) ^ u64::from(table).wrapping_mul(0x9e37_79b9);
    // SplitMix64's finaliser: a well-spread draw from the three numbers.
    (crate::domain::rng::mix(x) % u64::from(players.max(1))) as u8
}

/// The names at each seat: a pair entrant "Ana – Berta" (or "Ana y Berta", "Ana i
/// Berta", "Ana / Berta") gives its two players, otherwise "Ana (1)" and "Ana (2)".
/// Entrant `a` takes the seats of side 0.
pub fn seat_names(
    game: GameKind,
    players: u8,
    options: &Map<String, Value>,
    a: &str,
    b: &str,
) -> Vec<String> {
    let seating = game.seating_of(players, options);
    let per_side = usize::from(players / seating.sides().max(1));
    let split = |name: &str| -> Vec<String> {
        if per_side <= 1 {
            return vec![name.to_owned()];
        }
        for sep in [" – ", " - ", " — ", " / ", " y ", " i ", " and ", " & "] {
            let parts: Vec<&str> = name.split(sep).map(str::trim).collect();
            if parts.len() == per_side && parts.iter().all(|p| !p.is_empty()) {
                return parts.into_iter().map(str::to_owned).collect();
            }
        }
        (1..=per_side).map(|k| format!("{name} ({k})")).collect()
    };
    let (mut sa, mut sb) = (split(a).into_iter(), split(b).into_iter());
    (0..players)
        .map(|seat| {
            let next = if seating.side_of(seat) == 0 {
                sa.next()
            } else {
                sb.next()
            };
            next.unwrap_or_default()
        })
        .collect()
}

/// The partidas of games documents, scored (side 0 is entrant `a`). A game whose
/// hands do not score gives its 0-based index.
pub fn partidas_of(games: &[GameDoc]) -> Result<Vec<Partida>, usize> {
    games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            g.score(crate::domain::lang::Lang::En)
                .map(|(_, board)| Partida::of_game(g.game, &g.options, &board, g.hands.len()))
                .map_err(|_| i)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(a: u32, b: u32, winner: Option<Side>, hands: u32) -> Partida {
        Partida {
            totals: [a, b],
            winner,
            hands,
            ..Partida::default()
        }
    }

    /// A match decided with this score and winner (`None`: a draw).
    fn decided(score: [u32; 2], winner: Option<Side>) -> Option<Decided> {
        Some(Decided { score, winner })
    }

    #[test]
    fn an_entrant_is_a_pair_in_pair_games_and_one_player_in_cinquillo() {
        let none = Map::new();
        assert_eq!(entrant_size(GameKind::Cuatrola, &none), 2);
        assert_eq!(entrant_size(GameKind::Tute, &none), 2);
        assert_eq!(entrant_size(GameKind::Guinote, &none), 2);
        assert_eq!(entrant_size(GameKind::Cinquillo, &none), 1);
        let alone = serde_json::json!({"partnerships": false});
        let alone = alone.as_object().cloned().unwrap_or_default();
        assert_eq!(entrant_size(GameKind::Tute, &alone), 1);
    }

    #[test]
    fn a_partida_match_is_decided_by_its_game_and_keeps_the_totals() {
        let f = MatchFormat::Partida { target: None };
        assert_eq!(decide(&f, &[p(15, 9, None, 6)], false), None);
        assert_eq!(
            decide(&f, &[p(21, 9, Some(Side::A), 8)], false),
            decided([21, 9], Some(Side::A))
        );
    }

    #[test]
    fn a_best_of_three_needs_two_partidas_won_and_counts_partidas() {
        let f = MatchFormat::BestOf {
            partidas: 3,
            cotos: 1,
        };
        let one = [p(21, 3, Some(Side::B), 5)];
        assert_eq!(decide(&f, &one, false), None);
        assert!(next_partida_due(&f, &one));
        let two = [p(21, 3, Some(Side::B), 5), p(21, 20, Some(Side::A), 9)];
        assert!(next_partida_due(&f, &two));
        let three = [two[0].clone(), two[1].clone(), p(4, 21, Some(Side::B), 6)];
        assert_eq!(decide(&f, &three, false), decided([1, 2], Some(Side::B)));
        assert!(!next_partida_due(&f, &three));
    }

    #[test]
    fn a_partida_that_ends_the_match_decides_a_best_of_at_once() {
        let f = MatchFormat::BestOf {
            partidas: 3,
            cotos: 1,
        };
        let lost = Partida {
            ends_coto: true,
            ..p(60, 60, Some(Side::A), 1)
        };
        let two = [p(110, 10, Some(Side::B), 1), lost];
        assert_eq!(decide(&f, &two, false), decided([1, 1], Some(Side::A)));
        assert!(!next_partida_due(&f, &two));
    }

    #[test]
    fn a_match_of_two_cotos_is_decided_by_the_cotos_and_a_renuncio_loses_only_one() {
        let f = MatchFormat::BestOf {
            partidas: 3,
            cotos: 2,
        };
        let won = |s: Side| p(101, 20, Some(s), 2);
        let renuncio = |s: Side| Partida {
            ends_coto: true,
            ..p(60, 60, Some(s), 1)
        };
        // B wins a partida, then renounces: A has the first coto, and the match goes on.
        let mut list = vec![won(Side::B), renuncio(Side::A)];
        assert_eq!(decide(&f, &list, false), None);
        assert!(next_partida_due(&f, &list));
        list.extend([won(Side::B), won(Side::B)]);
        assert_eq!(decide(&f, &list, false), None, "one coto all");
        list.extend([won(Side::A), won(Side::A)]);
        assert_eq!(decide(&f, &list, false), decided([2, 1], Some(Side::A)));
        assert!(!next_partida_due(&f, &list));
        let opts = table_options(GameKind::Guinote, &Map::new(), &f);
        assert_eq!(opts.get("cotos_to_win"), Some(&Value::from(2)));
    }

    #[test]
    fn a_guinote_match_at_the_best_of_five_plays_a_coto_of_three() {
        let none = Map::new();
        let opts = table_options(
            GameKind::Guinote,
            &none,
            &MatchFormat::BestOf {
                partidas: 5,
                cotos: 1,
            },
        );
        assert_eq!(opts.get("partidas_to_win_coto"), Some(&Value::from(3)));
        let opts = table_options(
            GameKind::Guinote,
            &none,
            &MatchFormat::BestOf {
                partidas: 3,
                cotos: 1,
            },
        );
        assert!(opts.is_empty(), "{opts:?}");
    }

    #[test]
    fn a_timed_match_ends_at_its_hand_limit_or_time_with_scores_capped() {
        let f = MatchFormat::usual_timed(Default::default());
        assert_eq!(decide(&f, &[p(80, 60, None, 11)], false), None);
        assert_eq!(
            decide(&f, &[p(80, 60, None, 12)], false),
            decided([80, 60], Some(Side::A))
        );
        assert_eq!(
            decide(&f, &[p(70, 70, None, 7)], true),
            decided([70, 70], None)
        );
        assert_eq!(
            decide(&f, &[p(40, 130, Some(Side::B), 9)], false),
            decided([40, 121], Some(Side::B))
        );
        assert_eq!(
            decide(&f, &[p(0, 0, None, 0)], true),
            None,
            "time up before any hand"
        );
    }

    #[test]
    fn a_timed_match_level_at_its_limit_is_decided_by_its_extra_dats() {
        let f = MatchFormat::Timed {
            target: 101,
            max_hands: 2,
            minutes: 55,
            cap: 121,
            draws: draws::Draws::ExtraHands(2),
        };
        let running = [[14, 0], [14, 14], [28, 14], [32, 14]];
        let upto = |n: usize| Partida {
            totals: running[n - 1],
            winner: None,
            hands: n as u32,
            running: running[..n].to_vec(),
            ..Partida::default()
        };
        assert_eq!(decide(&f, &[upto(2)], false), None, "level at the limit");
        assert_eq!(decide(&f, &[upto(3)], false), None, "one extra dat left");
        assert_eq!(
            decide(&f, &[upto(4)], false),
            decided([32, 14], Some(Side::A))
        );
    }

    #[test]
    fn a_pair_name_gives_its_two_players_on_their_side() {
        let none = Map::new();
        let seats = seat_names(GameKind::Cuatrola, 4, &none, "Ana – Berta", "Carlos y Dani");
        assert_eq!(seats, ["Ana", "Carlos", "Berta", "Dani"]);
        let seats = seat_names(GameKind::Cuatrola, 4, &none, "Peña Sur", "Mas – Puig");
        assert_eq!(seats, ["Peña Sur (1)", "Mas", "Peña Sur (2)", "Puig"]);
    }

    #[test]
    fn pair_games_are_played_by_four_and_cinquillo_not_at_a_two_sided_table() {
        let none = Map::new();
        assert_eq!(table_players(GameKind::Cuatrola, &none), Some(4));
        assert_eq!(table_players(GameKind::Botifarra, &none), Some(4));
        assert_eq!(table_players(GameKind::Guinote, &none), Some(4));
        assert_eq!(table_players(GameKind::Cinquillo, &none), None);
    }

    #[test]
    fn a_format_target_the_game_cannot_play_never_becomes_a_table_option() {
        let none = Map::new();
        let to = |t| MatchFormat::Partida { target: Some(t) };
        let opts = table_options(GameKind::Cuatrola, &none, &to(101));
        assert!(opts.get("target").is_none(), "{opts:?}");
        let opts = table_options(GameKind::Cuatrola, &none, &to(16));
        assert_eq!(opts.get("target"), Some(&Value::from(16)));
    }

    #[test]
    fn the_first_dealer_is_a_seat_and_the_same_each_time() {
        for r in 1..5 {
            for t in 1..7 {
                let d = first_dealer(2026, r, t, 4);
                assert!(d < 4);
                assert_eq!(d, first_dealer(2026, r, t, 4));
            }
        }
        let seen: std::collections::BTreeSet<u8> =
            (1..40).map(|t| first_dealer(7, 1, t, 4)).collect();
        assert_eq!(seen.len(), 4, "every seat deals first somewhere");
    }

    #[test]
    fn the_first_dealer_drawn_for_a_seed_is_the_seat_it_always_was() {
        let drawn: Vec<u8> = (1..13).map(|t| first_dealer(2026, 1, t, 4)).collect();
        assert_eq!(drawn, [1, 0, 0, 1, 2, 3, 0, 2, 3, 0, 0, 0]);
    }
}
