//! The match format controls of the new-championship form: for every game, its
//! formats, targets, partidas, cotos and timed-match limits, the chosen game's with
//! what the form holds.

use super::*;
use crate::domain::entry::series::plays_cotos;
use crate::domain::games::rules_of;
use crate::domain::tournament::offer;
use std::collections::HashMap;

use super::create::NewForm;

/// One game's match format controls (`fmt.GAME.FIELD`).
pub(super) struct FormatGroup {
    pub(super) game: &'static str,
    pub(super) title: String,
    pub(super) chosen: bool,
    /// The game has no table of two sides to play hand by hand: only results are
    /// typed (cinquillo).
    pub(super) results_only: bool,
    /// The formats the game offers: slug, words, chosen.
    pub(super) kinds: Vec<(&'static str, String, bool)>,
    /// The targets its partidas are played to: value, words, chosen.
    pub(super) targets: Vec<(String, String, bool)>,
    pub(super) best_of: bool,
    pub(super) timed: bool,
    pub(super) partidas: String,
    /// The cotos a match can be won with (a game of cotos only): value, chosen.
    pub(super) cotos: Vec<(String, bool)>,
    pub(super) max_hands: String,
    pub(super) minutes: String,
    pub(super) cap: String,
    pub(super) draws: String,
    pub(super) draw_hands: String,
}

/// The match format controls of every game: the chosen one's with what the form
/// holds, the others' with what was posted for them or their own defaults.
pub(super) fn format_groups(
    ctx: &Ctx,
    games: &[GameKind],
    form: &NewForm,
    posted: &HashMap<String, String>,
) -> Vec<FormatGroup> {
    games
        .iter()
        .map(|&g| {
            let chosen = form.game == g.slug();
            let d = offer::defaults(g);
            let value = |field: &str, of_form: &str, default: &str| -> String {
                if chosen {
                    of_form.to_owned()
                } else {
                    posted
                        .get(&format!("fmt.{}.{field}", g.slug()))
                        .cloned()
                        .unwrap_or_else(|| default.to_owned())
                }
            };
            let kind = value("match_format", &form.match_format, d.match_format);
            let target = value("target", &form.target, &d.target);
            let mut targets: Vec<(String, String, bool)> = match offer::targets(g) {
                Some(list) => list
                    .iter()
                    .map(|t| (t.to_string(), t.to_string(), target.trim() == t.to_string()))
                    .collect(),
                None => vec![(
                    String::new(),
                    ctx.t("champ-target-own"),
                    target.trim().is_empty(),
                )],
            };
            if !targets.iter().any(|t| t.2) {
                // What was typed stays on the form, refused or not.
                targets.push((target.clone(), target.clone(), true));
            }
            let offered = offer::formats(g);
            FormatGroup {
                game: g.slug(),
                title: ctx.t(&format!("game-{}", g.slug())),
                chosen,
                results_only: !rules_of(g).two_sided_matches(),
                kinds: offered
                    .iter()
                    .map(|k| {
                        (
                            *k,
                            ctx.t(&format!("champ-format-{}", k.replace('_', "-"))),
                            kind == *k,
                        )
                    })
                    .collect(),
                targets,
                best_of: offered.contains(&offer::BEST_OF),
                timed: offered.contains(&offer::TIMED),
                partidas: value("partidas", &form.partidas, &d.partidas),
                cotos: if plays_cotos(g) {
                    let typed = value("cotos", &form.cotos, &d.cotos);
                    let mut list: Vec<(String, bool)> = ["1", "2", "3"]
                        .map(|n| (n.into(), typed.trim() == n))
                        .into();
                    if !list.iter().any(|c| c.1) {
                        // What was typed stays on the form, refused or not.
                        list.push((typed.clone(), true));
                    }
                    list
                } else {
                    Vec::new()
                },
                max_hands: value("max_hands", &form.max_hands, &d.max_hands),
                minutes: value("minutes", &form.minutes, &d.minutes),
                cap: value("cap", &form.cap, &d.cap),
                draws: value("draws", &form.draws, "stand"),
                draw_hands: value("draw_hands", &form.draw_hands, "2"),
            }
        })
        .collect()
}
