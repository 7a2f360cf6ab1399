//! A match of several partidas ("al mejor de tres", a guiñote coto): the partidas each
//! side has won, the side that has won the match, and the table options a match of so
//! many partidas stands for.

use serde_json::{Map, Value};

use crate::domain::engine::GameKind;
use crate::domain::games::rules_of;
use crate::domain::lang::{Lang, tr};
use crate::domain::options::{OptionKind, OptionValue, specs};

/// The state of a match of `best_of` partidas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchTally {
    /// Partidas won per side.
    pub wins: Vec<i32>,
    /// The side that has won more than half of `best_of`, once one has (or won it at
    /// once by a partida that ends the match).
    pub winner: Option<usize>,
    /// The side whose partida lost ended the match at once (a guiñote renuncio where
    /// a renuncio loses the coto), when one did.
    pub lost_at_once: Option<usize>,
}

/// The tally of a match among `sides` sides, best of `best_of`, from the winning side
/// of each partida so far (`None`: not won yet; a side out of range counts for none).
pub fn match_tally(
    winners: impl IntoIterator<Item = Option<i32>>,
    sides: usize,
    best_of: i32,
) -> MatchTally {
    match_tally_ending(winners.into_iter().map(|w| (w, false)), sides, best_of)
}

/// [`match_tally`] from each partida's winning side and whether that partida ended
/// the whole match at once, won by its winner (`Rules::partida_ends_match`): the
/// partidas after it count for nobody.
pub fn match_tally_ending(
    partidas: impl IntoIterator<Item = (Option<i32>, bool)>,
    sides: usize,
    best_of: i32,
) -> MatchTally {
    let mut wins = vec![0; sides];
    let needed = best_of / 2 + 1;
    for (w, ends) in partidas {
        let Some(side) = w
            .and_then(|w| usize::try_from(w).ok())
            .filter(|w| *w < sides)
        else {
            continue;
        };
        wins[side] += 1;
        // Two sides here: the other one lost the partida, and with it the match.
        if ends && sides == 2 && wins.iter().all(|w| *w < needed) {
            return MatchTally {
                wins,
                winner: Some(side),
                lost_at_once: Some(1 - side),
            };
        }
    }
    let winner = wins.iter().position(|w| *w >= needed);
    MatchTally {
        wins,
        winner,
        lost_at_once: None,
    }
}

/// A table option that says another thing than the match of `best_of` partidas it
/// is played in (a guiñote coto of three partidas in a match at the best of three).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchClash {
    /// The option's name (internal; never shown).
    pub option: &'static str,
    pub given: i64,
    pub wanted: i64,
    pub best_of: u32,
}

impl MatchClash {
    /// What to fix, in words.
    pub fn message(&self, lang: Lang) -> String {
        let MatchClash {
            given,
            wanted,
            best_of,
            ..
        } = *self;
        if self.option == "cotos_to_win" {
            return tr!(
                lang,
                "«Cotos para ganar» dice {given}, pero el encuentro es un solo coto: deja la opción en 1",
                "«Cotos per guanyar» diu {given}, però la trobada és un sol coto: deixa l'opció a 1",
                "«Cotos to win» says {given}, but the match is a single coto: leave the option at 1"
            );
        }
        tr!(
            lang,
            "«Partidas para el coto» dice {given}, pero un encuentro al mejor de {best_of} se gana con {wanted}: el coto lo fija el encuentro (al mejor de), deja la opción como viene",
            "«Partides per al coto» diu {given}, però una trobada al millor de {best_of} es guanya amb {wanted}: el coto el fixa la trobada (al millor de), deixa l'opció com ve",
            "«Partidas for a coto» says {given}, but a match at the best of {best_of} is won with {wanted}: the match (best of) sets the coto, leave the option as it comes"
        )
    }
}

/// The first table option of `game` given in `options` that says another thing than
/// a match of `best_of` partidas.
pub fn match_clash(
    game: GameKind,
    options: &Map<String, Value>,
    best_of: u32,
) -> Option<MatchClash> {
    rules_of(game)
        .match_options(best_of)
        .into_iter()
        .find_map(|(option, wanted)| {
            let given = options.get(option)?.as_i64()?;
            (given != wanted).then_some(MatchClash {
                option,
                given,
                wanted,
                best_of,
            })
        })
}

/// Writes into `options` the table options a match of `best_of` partidas of `game`
/// stands for: each one its default leaves out, or a value the option takes (one it
/// cannot take is left out, so that it never makes a hand wrong).
pub fn put_match_options(game: GameKind, options: &mut Map<String, Value>, best_of: u32) {
    for (name, value) in rules_of(game).match_options(best_of) {
        let Some(spec) = specs(game).iter().find(|s| s.name == name) else {
            continue;
        };
        let takes = matches!(spec.kind, OptionKind::Int(allowed) if allowed.contains(&value));
        if spec.default == OptionValue::Int(value) || !takes {
            options.remove(name);
        } else {
            options.insert(name.to_owned(), Value::from(value));
        }
    }
}

/// Whether option `name` of `game` is set by the match it is played in, never on a form.
pub fn set_by_match(game: GameKind, name: &str) -> bool {
    rules_of(game)
        .match_options(1)
        .iter()
        .any(|(n, _)| *n == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clash_names_the_option_as_the_form_of_each_language_labels_it() {
        let clash = |option| MatchClash {
            option,
            given: 3,
            wanted: 2,
            best_of: 3,
        };
        let coto = clash("partidas_to_win_coto");
        assert!(
            coto.message(Lang::Es)
                .starts_with("«Partidas para el coto» dice 3")
        );
        assert!(
            coto.message(Lang::Ca)
                .starts_with("«Partides per al coto» diu 3")
        );
        assert!(
            coto.message(Lang::En)
                .starts_with("«Partidas for a coto» says 3")
        );
        let cotos = clash("cotos_to_win");
        assert!(
            cotos
                .message(Lang::Ca)
                .starts_with("«Cotos per guanyar» diu 3")
        );
        assert!(cotos.message(Lang::En).starts_with("«Cotos to win» says 3"));
    }

    #[test]
    fn a_best_of_three_is_won_by_the_first_side_to_two() {
        let t = match_tally([Some(1), Some(0)], 2, 3);
        assert_eq!(t.wins, vec![1, 1]);
        assert_eq!(t.winner, None);
        let t = match_tally([Some(1), Some(0), None, Some(1)], 2, 3);
        assert_eq!(t.wins, vec![1, 2]);
        assert_eq!(t.winner, Some(1));
    }

    #[test]
    fn a_winner_out_of_range_counts_for_no_side() {
        let t = match_tally([Some(5), Some(-1)], 2, 1);
        assert_eq!(t.wins, vec![0, 0]);
        assert_eq!(t.winner, None);
    }

    #[test]
    fn a_partida_that_ends_the_match_gives_it_to_its_winner_at_one_all() {
        let t = match_tally_ending([(Some(1), false), (Some(0), true)], 2, 3);
        assert_eq!(t.wins, vec![1, 1]);
        assert_eq!(t.winner, Some(0));
        assert_eq!(t.lost_at_once, Some(1));
        let t = match_tally_ending([(Some(1), false), (Some(0), false)], 2, 3);
        assert_eq!((t.winner, t.lost_at_once), (None, None));
    }

    fn options(pairs: &[(&str, i64)]) -> Map<String, Value> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), Value::from(*v)))
            .collect()
    }

    #[test]
    fn a_guinote_coto_option_must_say_the_match_it_is_played_in() {
        let g = GameKind::Guinote;
        assert_eq!(match_clash(g, &options(&[]), 3), None);
        assert_eq!(
            match_clash(g, &options(&[("partidas_to_win_coto", 3)]), 5),
            None
        );
        let clash = match_clash(g, &options(&[("partidas_to_win_coto", 3)]), 3);
        assert_eq!(clash.as_ref().map(|c| c.wanted), Some(2));
        let words = clash.map(|c| c.message(Lang::Es)).unwrap_or_default();
        assert!(words.contains("al mejor de 3 se gana con 2"), "{words}");
        assert!(!words.contains("partidas_to_win_coto"), "{words}");
        let clash = match_clash(g, &options(&[("cotos_to_win", 2)]), 1);
        assert_eq!(clash.map(|c| c.option), Some("cotos_to_win"));
        assert_eq!(
            match_clash(GameKind::Tute, &options(&[("cotos_to_win", 2)]), 1),
            None
        );
    }

    #[test]
    fn a_guinote_match_writes_its_coto_into_the_options_its_default_left_out() {
        let g = GameKind::Guinote;
        let mut o = options(&[("partidas_to_win_coto", 3)]);
        put_match_options(g, &mut o, 3);
        assert!(o.is_empty(), "best of three is the default coto: {o:?}");
        put_match_options(g, &mut o, 1);
        assert_eq!(o, options(&[("partidas_to_win_coto", 1)]));
        put_match_options(g, &mut o, 15);
        assert!(o.is_empty(), "a coto the option cannot take: {o:?}");
        assert!(set_by_match(g, "cotos_to_win") && !set_by_match(g, "revoke_penalty"));
    }
}
