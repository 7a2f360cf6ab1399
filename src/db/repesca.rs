//! What a championship's played repesca left in the store: the champions of its
//! knockouts (each a bracket of the championship, seeding
//! [`store::REPESCA_SEEDING`] or another [`store::repesca_seeding`]), or the best of
//! its liguilla ([`liguilla`]), and where they enter the knockout.

use super::DbConn;
use super::brackets;
use super::championship::liguilla;
use super::championship::store;
use crate::domain::bracket::Bracket;
use crate::domain::tournament::TournamentFile;
use crate::domain::tournament::qualify::RepescaEntry;

fn corrupt(e: impl std::fmt::Display) -> diesel::result::Error {
    diesel::result::Error::DeserializationError(format!("repesca: {e}").into())
}

/// The champions of championship `championship_id`'s played repesca, as ids of `file`; `None`
/// while one of its knockouts is unfinished (or there is none).
pub fn repesca_winners(
    conn: &mut DbConn,
    championship_id: i32,
    file: &TournamentFile,
) -> diesel::QueryResult<Option<Vec<String>>> {
    let liguilla = liguilla::load(conn, championship_id)?;
    repesca_winners_with(conn, championship_id, file, liguilla.as_ref())
}

/// [`repesca_winners`] with the championship's repesca liguilla, if any, already
/// loaded (`liguilla`).
pub fn repesca_winners_with(
    conn: &mut DbConn,
    championship_id: i32,
    file: &TournamentFile,
    liguilla: Option<&liguilla::Liguilla>,
) -> diesel::QueryResult<Option<Vec<String>>> {
    if let Some(l) = liguilla {
        return Ok(l.best.clone());
    }
    let rows: Vec<_> = brackets::brackets_of_championship(conn, championship_id)?
        .into_iter()
        .filter(|r| store::is_repesca(&r.seeding))
        .collect();
    if rows.is_empty() {
        return Ok(None);
    }
    let mut winners = Vec::new();
    for row in rows {
        let names: Vec<String> = serde_json::from_str(&row.entrants).map_err(corrupt)?;
        let bracket: Bracket = serde_json::from_str(&row.document).map_err(corrupt)?;
        let Some(champion) = bracket.champion() else {
            return Ok(None);
        };
        let name = champion.name_in(&names);
        let Some(id) = file
            .entrants
            .iter()
            .find(|e| Some(&e.name) == name.as_ref())
            .map(|e| e.id.clone())
        else {
            return Ok(None);
        };
        winners.push(id);
    }
    Ok(Some(winners))
}

/// Where the winners of championship `championship_id`'s played repesca enter the
/// knockout (the lowest seeds when it has none).
pub fn repesca_entry_of(
    conn: &mut DbConn,
    championship_id: i32,
) -> diesel::QueryResult<RepescaEntry> {
    if let Some(l) = liguilla::of_championship(conn, championship_id)? {
        return Ok(l.entry());
    }
    Ok(brackets::brackets_of_championship(conn, championship_id)?
        .into_iter()
        .find(|r| store::is_repesca(&r.seeding))
        .map_or(RepescaEntry::Lowest, |r| store::repesca_entry(&r.seeding)))
}
