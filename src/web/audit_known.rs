//! What the rows of an audit page refer to, read once from the store: the partidas
//! (their setup, seats and championship table) and the championships (their name and
//! file), so that each row can name people and places rather than count them.

use std::collections::HashMap;

use crate::db::DbConn;
use crate::db::accounts::{AuditEntry, pairs_of};
use crate::db::championship::store;
use crate::db::games;
use crate::domain::Lang;
use crate::domain::bracket::{Bracket, Match, MatchId};
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

/// A championship's knockout phase as the rows about its tables name them: its
/// bracket, and the names of its entrants in the bracket's order.
pub(super) struct KnockoutNames {
    pub(super) bracket: Bracket,
    pub(super) names: Vec<String>,
}

impl KnockoutNames {
    /// The pairs (a, b) of match `m`, as its table seats them.
    fn pairs(&self, m: &Match) -> Option<(String, String)> {
        let [a, b] = m.entrant_names(&self.names)?;
        Some((a, b))
    }

    /// The pairs of the phase's table `table` (its match's number, from 1).
    fn table(&self, table: u64) -> Option<(String, String)> {
        let m = u32::try_from(table.checked_sub(1)?).ok()?;
        self.pairs(self.bracket.get(MatchId(m))?)
    }

    /// The pairs of the match of code `code` ("W1.1").
    fn code(&self, code: &str) -> Option<(String, String)> {
        let m = self.bracket.matches().iter().find(|m| m.code() == code)?;
        self.pairs(m)
    }
}

/// What the rows of one page refer to, read once: partidas, championships and their
/// knockout phases.
#[derive(Default)]
pub struct Known {
    pub(super) games: HashMap<i32, GameNames>,
    pub(super) championships: HashMap<i32, ChampionshipNames>,
    pub(super) knockouts: HashMap<i32, KnockoutNames>,
}

/// Knockout phase `id` (a bracket) read for naming its tables' pairs; `None` when it
/// is not there or cannot be read.
fn knockout(conn: &mut DbConn, id: i32) -> diesel::QueryResult<Option<KnockoutNames>> {
    Ok(crate::db::brackets::find_bracket(conn, id)?.and_then(|b| {
        Some(KnockoutNames {
            bracket: serde_json::from_str(&b.document).ok()?,
            names: serde_json::from_str(&b.entrants).ok()?,
        })
    }))
}

/// The knockout phase (its bracket's id) whose table row `e` is about, if any: a
/// bracket's own row, a phase table's result, a hand of a partida at one (`table`).
fn knockout_of(e: &AuditEntry, table: Option<(u64, u64, u64)>) -> Option<i32> {
    let phase = match e.entity.as_str() {
        "bracket" => return Some(e.entity_id),
        "result" => e
            .after_json
            .as_deref()
            .and_then(|a| serde_json::from_str::<Value>(a).ok())
            .and_then(|a| a["phase"].as_u64()),
        "hand" => table.map(|(_, _, phase)| phase),
        _ => None,
    }?;
    i32::try_from(phase).ok().filter(|p| *p != 0)
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
            let table = known.games.get(&e.entity_id).and_then(|g| g.table);
            if let Some(id) = knockout_of(e, table).filter(|id| !known.knockouts.contains_key(id))
                && let Some(k) = knockout(conn, id)?
            {
                known.knockouts.insert(id, k);
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
            let n = |v: i32| u64::try_from(v).unwrap_or_default();
            let pairs = match crate::db::championship::tables::table_of_game(conn, game)? {
                Some(t) if t.phase == 0 => store::load(conn, t.championship_id)?
                    .and_then(|c| pairs_in(&c.file, n(t.round_no), n(t.table_no))),
                // A knockout phase's table: its match's pairs.
                Some(t) => knockout(conn, t.phase)?.and_then(|k| k.table(n(t.table_no))),
                None => None,
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

    /// The pairs of table `table` of knockout phase `phase` (a bracket's id).
    pub(super) fn knockout_pairs(&self, phase: u64, table: u64) -> Option<(String, String)> {
        let k = self.knockouts.get(&i32::try_from(phase).ok()?)?;
        k.table(table)
    }

    /// The pairs of the table a row of championship `championship` is about: table
    /// `table` of round `round` in its Swiss (`phase` 0), or of knockout `phase`.
    fn table_pairs(
        &self,
        championship: Option<i32>,
        (round, table, phase): (u64, u64, u64),
    ) -> Option<(String, String)> {
        if phase == 0 {
            self.pairs(championship, round, table)
        } else {
            self.knockout_pairs(phase, table)
        }
    }

    /// The pairs (a, b) of the table a result's row `e` is about (`before` and `after`
    /// its JSON): those the row kept as they were when written, or, on a row that
    /// kept none, those of its round's table or of its knockout match now.
    pub(super) fn result_pairs(
        &self,
        e: &AuditEntry,
        (before, after): (&Value, &Value),
    ) -> Option<(String, String)> {
        if let Some(pairs) = pairs_of(after).or_else(|| pairs_of(before)) {
            return Some(pairs);
        }
        let round = after["round"]
            .as_u64()
            .or_else(|| before["round"].as_u64())
            .unwrap_or(0);
        let table = after["table"]
            .as_u64()
            .or_else(|| after["result"]["table"].as_u64())?;
        let phase = after["phase"].as_u64().unwrap_or(0);
        self.table_pairs(e.championship_id, (round, table, phase))
    }

    /// The pairs (a, b) of the knockout match a bracket's row `e` is about (`after`
    /// its JSON): those the row kept as they were when written, or, on a row that
    /// kept none, those of its match now.
    pub(super) fn match_pairs(&self, e: &AuditEntry, after: &Value) -> Option<(String, String)> {
        pairs_of(after).or_else(|| {
            let code = after["match"].as_str()?;
            self.knockouts.get(&e.entity_id)?.code(code)
        })
    }

    /// The pair whose PIN made the change of row `e` (`after` its JSON), by its name:
    /// the pair of the table of a result (a round's or a knockout phase's), of the
    /// partida of a hand, or of the knockout match a bracket's row confirms.
    pub(super) fn pair_of(&self, e: &AuditEntry, after: &Value, side: Side) -> Option<String> {
        let (a, b) = match e.entity.as_str() {
            "result" => self.result_pairs(e, (&Value::Null, after)),
            "hand" => {
                let g = self.games.get(&e.entity_id)?;
                g.pairs
                    .clone()
                    .or_else(|| self.table_pairs(e.championship_id, g.table?))
            }
            "bracket" => self.match_pairs(e, after),
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
