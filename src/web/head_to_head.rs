//! The head-to-head of the player and pair pages (`?contra=ID`): the picker of the
//! other one, and the wins, draws and losses against them told per game, one line
//! for each game the two met in (a cuatrola win and a botifarra loss are two
//! records, as they move two ratings).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{Ctx, i18n};
use crate::db::ratings::Ratings;
use crate::domain::GameKind;
use crate::domain::rated::Tally;
use crate::domain::rating::PlayerId;

/// The `contra` of a player's or a pair's page: the other one's id.
#[derive(Deserialize)]
pub struct AgainstQuery {
    contra: Option<String>,
}

impl AgainstQuery {
    /// The id asked for, when it reads as one.
    pub fn id(&self) -> Option<i32> {
        self.contra
            .as_deref()
            .and_then(|s| s.trim().parse::<i32>().ok())
    }
}

/// Wins, draws and losses against the other one in one game.
pub struct GameTally {
    pub game: GameKind,
    /// The game's name.
    pub name: String,
    /// The wins, draws and losses in words: "2 ganadas, 0 empatadas, 1 perdida".
    pub tally: String,
}

/// The head-to-head against the chosen other one: one line for each game they met
/// in, in the games' order (none: they never met in a rated game).
pub struct HeadToHead {
    pub other: String,
    pub games: Vec<GameTally>,
}

impl HeadToHead {
    fn new(ctx: &Ctx, other: String, met: BTreeMap<GameKind, Tally>) -> Self {
        let games = met
            .into_iter()
            .map(|(game, t)| {
                let count = |key: &str, n: u32| {
                    let n = usize::try_from(n).unwrap_or(usize::MAX);
                    i18n::tr_count(ctx.lang, key, n, &[])
                };
                let tally = [
                    count("ratings-wins", t.wins),
                    count("ratings-draws", t.draws),
                    count("ratings-losses", t.losses),
                ]
                .join(", ");
                GameTally {
                    game,
                    name: ctx.t(&format!("game-{game}")),
                    tally,
                }
            })
            .collect();
        HeadToHead { other, games }
    }

    /// Person `id` against person `other`, named `name`.
    pub fn of_people(ctx: &Ctx, r: &Ratings, id: PlayerId, other: PlayerId, name: String) -> Self {
        Self::new(ctx, name, r.head_to_head(id, other))
    }

    /// The pair of players `pair` against the pair of players `other`, named `name`.
    pub fn of_pairs(
        ctx: &Ctx,
        r: &Ratings,
        pair: &[PlayerId],
        other: &[PlayerId],
        name: String,
    ) -> Self {
        Self::new(ctx, name, r.sides_head_to_head(pair, other))
    }
}

/// One choice of the head-to-head picker.
pub struct Choice {
    pub id: i32,
    pub name: String,
    pub selected: bool,
}

/// The head-to-head picker's choices: `(id, name)` of every other than `id`,
/// `against` selected.
pub fn choices<N: Into<String>>(
    list: impl Iterator<Item = (i32, N)>,
    id: i32,
    against: Option<i32>,
) -> Vec<Choice> {
    list.filter(|(other, _)| *other != id)
        .map(|(other, name)| Choice {
            id: other,
            name: name.into(),
            selected: Some(other) == against,
        })
        .collect()
}
