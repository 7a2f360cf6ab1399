//! What a championship table's pages and a game's pages both need to know of a table
//! in the browser: the page a table is at, and the tables (and pairs) whose PINs this
//! browser holds.

use actix_session::Session;

/// Session key: the tournament tables whose PIN this browser entered.
pub const S_TOURNAMENT_TABLES: &str = "tournament_tables";

/// Session key: the pair (`a` or `b`) whose PIN this browser entered, per table.
pub const S_TABLE_SIDES: &str = "table_sides";

/// The tables (row id, pair) whose PINs this browser holds.
pub fn sides_held(session: &Session) -> Vec<(i32, String)> {
    super::auth::session_list(session, S_TABLE_SIDES)
}

/// The page of a table: `phase` 0 for a round's table, else a knockout phase's.
pub fn table_path(championship_id: i32, phase: i32, round: i32, table: i32) -> String {
    if phase == 0 {
        format!("/campeonatos/{championship_id}/rondas/{round}/mesas/{table}")
    } else {
        format!("/campeonatos/{championship_id}/fases/{phase}/mesas/{table}")
    }
}
