//! A championship's repesca played as a liguilla: a championship of its own (its
//! rounds, tables and standings), linked to the championship whose knockout its best
//! pairs join by one row of `repesca_liguillas`. A link whose liguilla is deleted (left
//! by a deletion that did not unlink it) is read as no link at all.

use diesel::prelude::*;

use super::store::{self, Tournament};
use crate::db::DbConn;
use crate::db::schema::{championships, repesca_liguillas};
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

/// Links liguilla `liguilla_id` to championship `championship_id` as its repesca:
/// its best `places` join the knockout where `entry` says, after the best
/// `per_group` of each of the championship's liguillas.
pub fn link(
    conn: &mut DbConn,
    (championship_id, liguilla_id): (i32, i32),
    (places, per_group): (usize, usize),
    entry: &RepescaEntry,
) -> QueryResult<usize> {
    let link = LiguillaLink {
        championship_id,
        liguilla_id,
        places: places as i32,
        per_group: per_group as i32,
        entry: serde_json::to_string(entry)
            .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?,
    };
    diesel::insert_into(repesca_liguillas::table)
        .values(&link)
        .execute(conn)
}

/// Removes the link of `link`'s championship to its repesca liguilla (the liguilla
/// itself stays as it is).
pub fn unlink(conn: &mut DbConn, link: &LiguillaLink) -> QueryResult<usize> {
    diesel::delete(
        repesca_liguillas::table
            .filter(repesca_liguillas::championship_id.eq(link.championship_id))
            .filter(repesca_liguillas::liguilla_id.eq(link.liguilla_id)),
    )
    .execute(conn)
}

/// The championships not deleted: a link counts only while its liguilla is one.
#[diesel::dsl::auto_type]
fn live_championships() -> _ {
    championships::table
        .filter(championships::deleted_at.is_null())
        .select(championships::id)
}

/// The repesca liguilla of championship `championship_id`, if it has one (and it was
/// not deleted).
pub fn of_championship(
    conn: &mut DbConn,
    championship_id: i32,
) -> QueryResult<Option<LiguillaLink>> {
    repesca_liguillas::table
        .find(championship_id)
        .filter(repesca_liguillas::liguilla_id.eq_any(live_championships()))
        .select(LiguillaLink::as_select())
        .first(conn)
        .optional()
}

/// The link of championship `championship_id` to a repesca liguilla that was deleted
/// without being unlinked, if there is one.
pub fn stale_link(conn: &mut DbConn, championship_id: i32) -> QueryResult<Option<LiguillaLink>> {
    repesca_liguillas::table
        .find(championship_id)
        .filter(diesel::dsl::not(
            repesca_liguillas::liguilla_id.eq_any(live_championships()),
        ))
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

/// The links championship `id` is part of, in one query: to its repesca liguilla
/// (`championship_id` is `id`), or to the championship it is the repesca of
/// (`liguilla_id` is `id`); none to a deleted liguilla.
pub fn links_of(conn: &mut DbConn, id: i32) -> QueryResult<Vec<LiguillaLink>> {
    repesca_liguillas::table
        .filter(
            repesca_liguillas::championship_id
                .eq(id)
                .or(repesca_liguillas::liguilla_id.eq(id)),
        )
        .filter(repesca_liguillas::liguilla_id.eq_any(live_championships()))
        .select(LiguillaLink::as_select())
        .load(conn)
}

/// Every championship's link to its repesca liguilla not deleted, in one query (the
/// lists of championships say which is whose repesca).
pub fn all_links(conn: &mut DbConn) -> QueryResult<Vec<LiguillaLink>> {
    repesca_liguillas::table
        .filter(repesca_liguillas::liguilla_id.eq_any(live_championships()))
        .select(LiguillaLink::as_select())
        .load(conn)
}

/// Puts championship `championship_id`'s repesca liguilla, if any, into its `file`
/// (the export): its document, with the games its tables played when `games`.
pub fn attach(
    conn: &mut DbConn,
    championship_id: i32,
    file: &mut TournamentFile,
    games: bool,
) -> QueryResult<()> {
    match of_championship(conn, championship_id)? {
        Some(link) => attach_link(conn, &link, file, games),
        None => Ok(()),
    }
}

/// Puts the repesca liguilla of `link` into the `file` of its championship (see
/// [`attach`]).
pub fn attach_link(
    conn: &mut DbConn,
    link: &LiguillaLink,
    file: &mut TournamentFile,
    games: bool,
) -> QueryResult<()> {
    let Some(t) = store::load(conn, link.liguilla_id)? else {
        return Ok(());
    };
    let mut liguilla = t.file;
    if games {
        super::tables::attach_games(conn, link.liguilla_id, &mut liguilla)?;
    }
    file.repesca_liguilla = Some(Box::new(RepescaLiguilla {
        places: link.places.max(0) as usize,
        per_group: link.per_group.max(0) as usize,
        entry: link.entry(),
        liguilla,
    }));
    Ok(())
}
