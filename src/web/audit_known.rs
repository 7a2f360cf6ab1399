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
use crate::domain::tournament::{Pairing, TournamentFile};

/// A partida as the rows about it name it.
pub(super) struct GameNames {
    pub(super) setup: GameSetup,
    pub(super) seats: Vec<String>,
    /// The championship table it is played at (round, table, phase), on a trail that
    /// holds several partidas.
    pub(super) table: Option<(u64, u64, u64)>,
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

    /// What the rows of one partida's history name: the partida itself.
    pub fn gather_game(game: &crate::db::games::Game) -> Known {
        let mut known = Known::default();
        if let Ok(setup) = crate::web::game::setup_of(game) {
            let seats = crate::web::game::seats_of(game);
            let table = None;
            known.games.insert(
                game.id,
                GameNames {
                    setup,
                    seats,
                    table,
                },
            );
        }
        known
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
        let r = ev
            .file
            .rounds
            .iter()
            .find(|r| u64::from(r.number) == round)?;
        r.pairings.iter().find_map(|p| match p {
            Pairing::Table(t) if u64::from(t.table) == table => Some((
                store::entrant_name(&ev.file, &t.a),
                store::entrant_name(&ev.file, &t.b),
            )),
            _ => None,
        })
    }
}
