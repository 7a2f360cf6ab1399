//! A championship's repesca played as a liguilla: a championship of its own (its
//! rounds, tables and standings), linked to the championship whose knockout its best
//! pairs join by one row of `repesca_liguillas`.

use diesel::prelude::*;

use super::store::{self, Tournament};
use crate::db::DbConn;
use crate::db::schema::repesca_liguillas;
use crate::domain::tournament::qualify::{self, RepescaEntry};
use crate::domain::tournament::{self, PairingError, RepescaLiguilla, TournamentFile};

/// The link of a championship to its repesca liguilla.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = repesca_liguillas)]
pub struct LiguillaLink {
    /// The championship whose knockout the liguilla's best join.
    pub championship_id: i32,
    /// The liguilla, a championship of its own.
    pub liguilla_id: i32,
    /// How many of the liguilla go through.
    pub places: i32,
    /// How many of each of the championship's liguillas went straight through.
    pub per_group: i32,
    /// Where they enter the knockout: the JSON of a [`RepescaEntry`].
    pub entry: String,
}

impl LiguillaLink {
    /// Where the liguilla's best enter the knockout (the lowest seeds when the stored
    /// entry cannot be read).
    pub fn entry(&self) -> RepescaEntry {
        serde_json::from_str(&self.entry).unwrap_or_default()
    }
}

pub fn insert(conn: &mut DbConn, link: &LiguillaLink) -> QueryResult<usize> {
    diesel::insert_into(repesca_liguillas::table)
        .values(link)
        .execute(conn)
}

/// The repesca liguilla of championship `championship_id`, if it has one.
pub fn of_championship(
    conn: &mut DbConn,
    championship_id: i32,
) -> QueryResult<Option<LiguillaLink>> {
    repesca_liguillas::table
        .find(championship_id)
        .select(LiguillaLink::as_select())
        .first(conn)
        .optional()
}

/// The link of liguilla `liguilla_id` to the championship it is the repesca of.
pub fn of_liguilla(conn: &mut DbConn, liguilla_id: i32) -> QueryResult<Option<LiguillaLink>> {
    repesca_liguillas::table
        .filter(repesca_liguillas::liguilla_id.eq(liguilla_id))
        .select(LiguillaLink::as_select())
        .first(conn)
        .optional()
}

/// A repesca liguilla as loaded: its link, its championship, and its best (ids of the
/// entrants of both championships) once every round has its result.
pub struct Liguilla {
    pub link: LiguillaLink,
    pub championship: Tournament,
    pub best: Option<Vec<String>>,
}

impl Liguilla {
    /// Whether every round of the liguilla has its result.
    pub fn finished(&self) -> bool {
        matches!(
            tournament::next_round(&self.championship.file),
            Err(PairingError::Finished)
        )
    }
}

/// The repesca liguilla of championship `championship_id` with its state, if it has
/// one (and it was not deleted).
pub fn load(conn: &mut DbConn, championship_id: i32) -> QueryResult<Option<Liguilla>> {
    let Some(link) = of_championship(conn, championship_id)? else {
        return Ok(None);
    };
    let Some(championship) = store::load(conn, link.liguilla_id)? else {
        return Ok(None);
    };
    let best = qualify::liguilla_best(&championship.file, link.places.max(0) as usize);
    Ok(Some(Liguilla {
        link,
        championship,
        best,
    }))
}

/// Puts championship `championship_id`'s repesca liguilla, if any, into its `file`
/// (the export, the final ranking): its document, with the games its tables played
/// when `games`.
pub fn attach(
    conn: &mut DbConn,
    championship_id: i32,
    file: &mut TournamentFile,
    games: bool,
) -> QueryResult<()> {
    let Some(l) = load(conn, championship_id)? else {
        return Ok(());
    };
    let mut liguilla = l.championship.file;
    if games {
        super::tables::attach_games(conn, l.link.liguilla_id, &mut liguilla)?;
    }
    file.repesca_liguilla = Some(Box::new(RepescaLiguilla {
        places: l.link.places.max(0) as usize,
        per_group: l.link.per_group.max(0) as usize,
        entry: l.link.entry(),
        liguilla,
    }));
    Ok(())
}
