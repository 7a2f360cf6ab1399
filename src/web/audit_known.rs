//! What the rows of an audit page refer to, read once from the store: the partidas
//! (their setup, seats and championship table) and the championships (their name and
//! file), so that each row can name people and places rather than count them.

use std::collections::HashMap;

use crate::db::DbConn;
use crate::db::accounts::AuditEntry;
use crate::db::championship::store;
use crate::db::games;
use crate::domain::Lang;
use crate::domain::entry::GameSetup;
use crate::domain::tournament::{Pairing, Side, TournamentFile};
use serde_json::Value;

/// A partida as the rows about it name it.
pub(super) struct GameNames {
    pub(super) setup: GameSetup,
    pub(super) seats: Vec<String>,
    /// The championship table it is played at (round, table, phase), on a trail that
    /// holds several partidas.
    pub(super) table: Option<(u64, u64, u64)>,
    /// The pairs (a, b) of the championship round's table it is played at, on its own
    /// history (which names no table).
    pub(super) pairs: Option<(String, String)>,
}

/// A championship as the rows about it name it.
pub(super) struct ChampionshipNames {
    pub(super) name: String,
    pub(super) file: TournamentFile,
}

/// What the rows of one page refer to, read once: partidas and championships.
#[derive(Default)]
pub struct Known {
    pub(super) games: HashMap<i32, GameNames>,
    pub(super) championships: HashMap<i32, ChampionshipNames>,
}

impl Known {
    /// Reads the partidas and championships `entries` are about.
    pub fn gather(conn: &mut DbConn, entries: &[AuditEntry]) -> diesel::QueryResult<Known> {
        let mut known = Known::default();
        for e in entries {
            if matches!(e.entity.as_str(), "hand" | "game")
                && !known.games.contains_key(&e.entity_id)
                && let Some(g) = games::find_game(conn, e.entity_id)?
                && let Ok(setup) = crate::web::game::setup_of(&g)
            {
                let seats = crate::web::game::seats_of(&g);
                let table = crate::db::championship::tables::table_of_game(conn, &g)?.map(|t| {
                    let n = |v: i32| u64::try_from(v).unwrap_or_default();
                    (n(t.round_no), n(t.table_no), n(t.phase))
                });
                known.games.insert(
                    e.entity_id,
                    GameNames {
                        setup,
                        seats,
                        table,
                        pairs: None,
                    },
                );
            }
            if let Some(id) = e.championship_id
                && !known.championships.contains_key(&id)
                && let Some(t) = store::load(conn, id)?
            {
                let name = t.championship.name.clone();
                known
                    .championships
                    .insert(id, ChampionshipNames { name, file: t.file });
            }
        }
        Ok(known)
    }

    /// What the rows of one partida's history name: the partida itself, and the pairs
    /// of the championship table it is played at, if any.
    pub fn gather_game(
        conn: &mut DbConn,
        game: &crate::db::games::Game,
    ) -> diesel::QueryResult<Known> {
        let mut known = Known::default();
        if let Ok(setup) = crate::web::game::setup_of(game) {
            let seats = crate::web::game::seats_of(game);
            let pairs = match crate::db::championship::tables::table_of_game(conn, game)? {
                Some(t) if t.phase == 0 => store::load(conn, t.championship_id)?.and_then(|c| {
                    let n = |v: i32| u64::try_from(v).unwrap_or_default();
                    pairs_in(&c.file, n(t.round_no), n(t.table_no))
                }),
                _ => None,
            };
            known.games.insert(
                game.id,
                GameNames {
                    setup,
                    seats,
                    table: None,
                    pairs,
                },
            );
        }
        Ok(known)
    }

    pub(super) fn sides(&self, game: i32, lang: Lang) -> Option<(Vec<String>, &[String])> {
        let g = self.games.get(&game)?;
        Some((
            crate::web::game::side_names(&g.setup, &g.seats, lang),
            g.seats.as_slice(),
        ))
    }

    /// The pairs of table `table` of round `round` of championship `event`.
    pub(super) fn pairs(
        &self,
        championship: Option<i32>,
        round: u64,
        table: u64,
    ) -> Option<(String, String)> {
        let ev = self.championships.get(&championship?)?;
        pairs_in(&ev.file, round, table)
    }

    /// The pair whose PIN made the change of row `e` (`after` its JSON), by its name:
    /// the pair of the round's table of a result, or of the partida of a hand (none
    /// at a knockout phase's table).
    pub(super) fn pair_of(&self, e: &AuditEntry, after: &Value, side: Side) -> Option<String> {
        let (a, b) = match e.entity.as_str() {
            "result" => {
                let round = after["round"].as_u64();
                let table = after["table"]
                    .as_u64()
                    .or_else(|| after["result"]["table"].as_u64());
                match (round, table, after["phase"].as_u64().unwrap_or(0)) {
                    (Some(r), Some(t), 0) => self.pairs(e.championship_id, r, t),
                    _ => None,
                }
            }
            "hand" => {
                let g = self.games.get(&e.entity_id)?;
                g.pairs.clone().or_else(|| match g.table {
                    Some((r, t, 0)) => self.pairs(e.championship_id, r, t),
                    _ => None,
                })
            }
            _ => None,
        }?;
        Some(if side == Side::B { b } else { a })
    }
}

/// The pairs (a, b) of table `table` of round `round` of a championship's `file`.
fn pairs_in(file: &TournamentFile, round: u64, table: u64) -> Option<(String, String)> {
    let r = file.rounds.iter().find(|r| u64::from(r.number) == round)?;
    r.pairings.iter().find_map(|p| match p {
        Pairing::Table(t) if u64::from(t.table) == table => Some((
            store::entrant_name(file, &t.a),
            store::entrant_name(file, &t.b),
        )),
        _ => None,
    })
}
