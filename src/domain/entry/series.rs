//! A match of several partidas ("al mejor de tres", a guiñote coto), or of several
//! cotos of so many partidas each ("dos cotos de tres partidas"): the partidas and
//! cotos each side has won, the side that has won the match, and the table options a
//! match of so many partidas and cotos stands for.

use serde_json::{Map, Value};

use crate::domain::engine::GameKind;
use crate::domain::games::rules_of;
use crate::domain::lang::{Lang, tr};
use crate::domain::options::{OptionKind, OptionValue, specs};

/// The state of a match of `best_of` partidas (or, with [`MatchTally::cotos`], of the
/// coto in play of a match of several cotos).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchTally {
    /// Partidas won per side.
    pub wins: Vec<i32>,
    /// The side that has won more than half of `best_of`, once one has (or won it at
    /// once by a partida that ends the match).
    pub winner: Option<usize>,
    /// The side whose partida lost ended the match at once (a guiñote renuncio where
    /// a renuncio loses the coto), when one did; in a match of several cotos, when
    /// the last partida won ended its coto so.
    pub lost_at_once: Option<usize>,
    /// Where a match of more than one coto stands (`None` for a match of one coto).
    pub cotos: Option<CotoTally>,
}

/// The state of a match won by the first side to win `cotos_to_win` cotos, each coto
/// won by the first side to win `partidas_to_win` of its partidas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CotoTally {
    /// Partidas won per side in the coto in play (in the last coto, once the match is
    /// won).
    pub partidas: Vec<i32>,
    /// Cotos won per side.
    pub cotos: Vec<i32>,
    /// The coto in play, from 1 (the last one, once the match is won).
    pub coto: u32,
    /// The side that has won `cotos_to_win` cotos, once one has.
    pub winner: Option<usize>,
    /// The partidas that count: every one up to the one that won the match (any
    /// after it counts for nobody).
    pub counted: usize,
    /// The side whose lost partida ended its coto at once (a guiñote renuncio where
    /// a renuncio loses the coto), when the last partida won did.
    pub lost_at_once: Option<usize>,
}

impl CotoTally {
    /// Where the match stands, in words: "Coto 2 · partidas 1–0 · cotos 1–0" (the
    /// first two sides' counts).
    pub fn words(&self, lang: Lang) -> String {
        let pair = |v: &[i32]| {
            let at = |k: usize| v.get(k).copied().unwrap_or(0);
            format!("{}–{}", at(0), at(1))
        };
        let (coto, partidas, cotos) = (self.coto, pair(&self.partidas), pair(&self.cotos));
        tr!(
            lang,
            "Coto {coto} · partidas {partidas} · cotos {cotos}",
            "Coto {coto} · partides {partidas} · cotos {cotos}",
            "Coto {coto} · partidas {partidas} · cotos {cotos}"
        )
    }
}

/// The tally of a match among `sides` sides of cotos of `partidas_to_win` partidas
/// won, `cotos_to_win` cotos won winning the match, from each partida's winning side
/// (`None`: not won yet; a side out of range counts for none) and whether that
/// partida ended its coto at once, won by its winner (`Rules::partida_ends_coto`;
/// only between two sides). A coto won, the next one starts at no partidas each; the
/// match won, the partidas after it count for nobody.
pub fn coto_tally(
    partidas: impl IntoIterator<Item = (Option<i32>, bool)>,
    sides: usize,
    partidas_to_win: i32,
    cotos_to_win: i32,
) -> CotoTally {
    let (to_win, cotos_needed) = (partidas_to_win.max(1), cotos_to_win.max(1));
    let mut t = CotoTally {
        partidas: vec![0; sides],
        cotos: vec![0; sides],
        coto: 1,
        winner: None,
        counted: 0,
        lost_at_once: None,
    };
    for (i, (w, ends)) in partidas.into_iter().enumerate() {
        if t.winner.is_some() {
            break;
        }
        t.counted = i + 1;
        let Some(side) = w
            .and_then(|w| usize::try_from(w).ok())
            .filter(|w| *w < sides)
        else {
            continue;
        };
        t.partidas[side] += 1;
        let at_once = ends && sides == 2 && t.partidas[side] < to_win;
        t.lost_at_once = at_once.then_some(1 - side);
        if !at_once && t.partidas[side] < to_win {
            continue;
        }
        // The coto is over: won by its partidas, or lost at once by the other side.
        t.cotos[side] += 1;
        if t.cotos[side] >= cotos_needed {
            t.winner = Some(side);
        } else {
            t.coto += 1;
            t.partidas = vec![0; sides];
        }
    }
    t
}

/// [`match_tally_ending`] of a match of `cotos_to_win` cotos at the best of
/// `best_of` partidas each: a match of one coto is exactly that tally, one of more
/// takes [`coto_tally`]'s (its partidas are those of the coto in play).
pub fn cotos_match_tally(
    partidas: impl IntoIterator<Item = (Option<i32>, bool)>,
    sides: usize,
    best_of: i32,
    cotos_to_win: i32,
) -> MatchTally {
    if cotos_to_win <= 1 {
        return match_tally_ending(partidas, sides, best_of);
    }
    let t = coto_tally(partidas, sides, best_of / 2 + 1, cotos_to_win);
    MatchTally {
        wins: t.partidas.clone(),
        winner: t.winner,
        lost_at_once: t.lost_at_once,
        cotos: Some(t),
    }
}

/// The cotos that win a match under table `options` (`cotos_to_win`, set by the
/// match: [`put_match_options`]); 1 where they do not say.
pub fn cotos_of(options: &Map<String, Value>) -> i32 {
    options
        .get("cotos_to_win")
        .and_then(Value::as_i64)
        .and_then(|n| i32::try_from(n).ok())
        .filter(|n| *n >= 1)
        .unwrap_or(1)
}

/// Whether a match of `game` can be of several cotos (guiñote).
pub fn plays_cotos(game: GameKind) -> bool {
    rules_of(game)
        .match_options(1, 1)
        .iter()
        .any(|(n, _)| *n == "cotos_to_win")
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
/// the whole match at once, won by its winner (`Rules::partida_ends_coto`): the
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
                cotos: None,
            };
        }
    }
    let winner = wins.iter().position(|w| *w >= needed);
    MatchTally {
        wins,
        winner,
        lost_at_once: None,
        cotos: None,
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
        if self.option == "cotos_to_win" && wanted != 1 {
            return tr!(
                lang,
                "«Cotos para ganar» dice {given}, pero el encuentro se gana con {wanted} cotos: los cotos los fija el encuentro, deja la opción como viene",
                "«Cotos per guanyar» diu {given}, però la trobada es guanya amb {wanted} cotos: els cotos els fixa la trobada, deixa l'opció com ve",
                "«Cotos to win» says {given}, but the match is won with {wanted} cotos: the match sets the cotos, leave the option as it comes"
            );
        }
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
/// a match of `cotos` cotos at the best of `best_of` partidas.
pub fn match_clash(
    game: GameKind,
    options: &Map<String, Value>,
    (best_of, cotos): (u32, u32),
) -> Option<MatchClash> {
    rules_of(game)
        .match_options(best_of, cotos)
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

/// Writes into `options` the table options a match of `game` of `cotos` cotos at the
/// best of `best_of` partidas stands for: each one its default leaves out, or a value
/// the option takes (one it cannot take is left out, so that it never makes a hand
/// wrong).
pub fn put_match_options(
    game: GameKind,
    options: &mut Map<String, Value>,
    (best_of, cotos): (u32, u32),
) {
    for (name, value) in rules_of(game).match_options(best_of, cotos) {
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
        .match_options(1, 1)
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
        assert_eq!(match_clash(g, &options(&[]), (3, 1)), None);
        assert_eq!(
            match_clash(g, &options(&[("partidas_to_win_coto", 3)]), (5, 1)),
            None
        );
        let clash = match_clash(g, &options(&[("partidas_to_win_coto", 3)]), (3, 1));
        assert_eq!(clash.as_ref().map(|c| c.wanted), Some(2));
        let words = clash.map(|c| c.message(Lang::Es)).unwrap_or_default();
        assert!(words.contains("al mejor de 3 se gana con 2"), "{words}");
        assert!(!words.contains("partidas_to_win_coto"), "{words}");
        let clash = match_clash(g, &options(&[("cotos_to_win", 2)]), (1, 1));
        assert_eq!(clash.map(|c| c.option), Some("cotos_to_win"));
        assert_eq!(
            match_clash(GameKind::Tute, &options(&[("cotos_to_win", 2)]), (1, 1)),
            None
        );
    }

    #[test]
    fn a_guinote_match_writes_its_coto_into_the_options_its_default_left_out() {
        let g = GameKind::Guinote;
        let mut o = options(&[("partidas_to_win_coto", 3)]);
        put_match_options(g, &mut o, (3, 1));
        assert!(o.is_empty(), "best of three is the default coto: {o:?}");
        put_match_options(g, &mut o, (1, 1));
        assert_eq!(o, options(&[("partidas_to_win_coto", 1)]));
        put_match_options(g, &mut o, (15, 1));
        assert!(o.is_empty(), "a coto the option cannot take: {o:?}");
        assert!(set_by_match(g, "cotos_to_win") && !set_by_match(g, "revoke_penalty"));
    }

    #[test]
    fn two_cotos_of_three_partidas_go_to_the_first_side_to_win_two_cotos() {
        let won = |sides: &[i32]| sides.iter().map(|w| (Some(*w), false)).collect::<Vec<_>>();
        // A takes the first coto 2–0, B the second 2–1, A the third 2–0.
        let t = coto_tally(won(&[0, 0, 1, 0, 1]), 2, 2, 2);
        assert_eq!(
            (t.coto, t.partidas.clone(), t.cotos.clone()),
            (3, vec![0, 0], vec![1, 1])
        );
        assert_eq!(t.winner, None);
        assert_eq!(t.words(Lang::Es), "Coto 3 · partidas 0–0 · cotos 1–1");
        let t = coto_tally(won(&[0, 0, 1, 0, 1, 0, 0, 1]), 2, 2, 2);
        assert_eq!(
            (t.coto, t.partidas.clone(), t.cotos.clone()),
            (3, vec![2, 0], vec![2, 1])
        );
        assert_eq!(
            (t.winner, t.counted),
            (Some(0), 7),
            "the eighth partida counts for nobody"
        );
        assert_eq!(t.words(Lang::Ca), "Coto 3 · partides 2–0 · cotos 2–1");
        let t = coto_tally(won(&[1, 0]), 2, 2, 2);
        assert_eq!(t.words(Lang::En), "Coto 1 · partidas 1–1 · cotos 0–0");
    }

    #[test]
    fn a_coto_lost_by_a_renuncio_does_not_end_a_two_coto_match() {
        // B wins a partida; B renounces in the next: the coto is A's, the match goes on.
        let t = coto_tally([(Some(1), false), (Some(0), true)], 2, 2, 2);
        assert_eq!(t.cotos, vec![1, 0]);
        assert_eq!((t.coto, t.partidas.clone()), (2, vec![0, 0]));
        assert_eq!((t.winner, t.lost_at_once), (None, Some(1)));
        // A renuncio in the second coto, lost by A at 0–0, gives B that coto: one all.
        let t = coto_tally(
            [(Some(1), false), (Some(0), true), (Some(0), false)],
            2,
            2,
            2,
        );
        assert_eq!((t.partidas.clone(), t.lost_at_once), (vec![1, 0], None));
        let t = coto_tally(
            [(Some(1), false), (Some(0), true), (Some(1), true)],
            2,
            2,
            2,
        );
        assert_eq!(
            (t.cotos.clone(), t.winner, t.lost_at_once),
            (vec![1, 1], None, Some(0))
        );
        let tally = cotos_match_tally([(Some(1), false), (Some(0), true)], 2, 3, 2);
        assert_eq!((tally.winner, tally.lost_at_once), (None, Some(1)));
        // In a match of one coto the same renuncio ends the match, as ever.
        let tally = cotos_match_tally([(Some(1), false), (Some(0), true)], 2, 3, 1);
        assert_eq!(
            tally,
            match_tally_ending([(Some(1), false), (Some(0), true)], 2, 3)
        );
        assert_eq!(tally.winner, Some(0));
    }

    #[test]
    fn the_cotos_of_a_match_are_read_from_its_options_and_written_into_them() {
        let g = GameKind::Guinote;
        assert_eq!(cotos_of(&options(&[])), 1);
        assert_eq!(cotos_of(&options(&[("cotos_to_win", 2)])), 2);
        let mut o = options(&[]);
        put_match_options(g, &mut o, (3, 2));
        assert_eq!(o, options(&[("cotos_to_win", 2)]));
        assert_eq!(match_clash(g, &o, (3, 2)), None);
        let clash = match_clash(g, &o, (3, 3)).map(|c| c.message(Lang::Es));
        assert!(clash.is_some_and(|m| {
            m.starts_with("«Cotos para ganar» dice 2, pero el encuentro se gana con 3 cotos")
        }),);
        assert!(plays_cotos(g) && !plays_cotos(GameKind::Tute));
    }

    use proptest::prelude::*;

    fn partidas() -> impl Strategy<Value = Vec<(Option<i32>, bool)>> {
        let winner = prop_oneof![Just(None), Just(Some(0)), Just(Some(1))];
        proptest::collection::vec((winner, proptest::bool::weighted(0.15)), 0..40)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

        #[test]
        fn a_match_of_cotos_ends_exactly_when_a_side_reaches_its_cotos(
            list in partidas(),
            to_win in 1i32..=5,
            cotos in 1i32..=3,
        ) {
            let t = coto_tally(list.clone(), 2, to_win, cotos);
            prop_assert!(t.cotos.iter().all(|c| (0..=cotos).contains(c)));
            prop_assert!(t.partidas.iter().all(|p| (0..=to_win).contains(p)));
            prop_assert_eq!(t.winner, t.cotos.iter().position(|c| *c == cotos));
            let ended: i32 = t.cotos.iter().sum();
            let in_play = u32::try_from(ended).unwrap_or(0) + u32::from(t.winner.is_none());
            prop_assert_eq!(t.coto, in_play);
            // The match ends exactly at the partida where a side reaches its cotos.
            let end = (1..=list.len()).find(|k| coto_tally(list[..*k].to_vec(), 2, to_win, cotos).winner.is_some());
            prop_assert_eq!(t.counted, end.unwrap_or(list.len()));
            prop_assert_eq!(t.winner.is_some(), end.is_some());
            // No partida counts after the end.
            let mut longer = list.clone();
            longer.extend([(Some(0), false), (Some(1), true), (Some(1), false)]);
            let after = coto_tally(longer, 2, to_win, cotos);
            if t.winner.is_some() {
                prop_assert_eq!(&after, &t);
            }
            prop_assert_eq!(&coto_tally(list[..t.counted].to_vec(), 2, to_win, cotos), &t);
        }

        #[test]
        fn a_match_of_one_coto_is_tallied_as_it_always_was(list in partidas(), to_win in 1i32..=5) {
            let best_of = 2 * to_win - 1;
            let t = coto_tally(list.clone(), 2, to_win, 1);
            let counted = list[..t.counted].to_vec();
            let old = match_tally_ending(counted.clone(), 2, best_of);
            prop_assert_eq!(cotos_match_tally(counted, 2, best_of, 1), old.clone());
            prop_assert_eq!(t.winner, old.winner);
            prop_assert_eq!(t.lost_at_once, old.lost_at_once);
            prop_assert_eq!(t.partidas, old.wins);
        }
    }
}
