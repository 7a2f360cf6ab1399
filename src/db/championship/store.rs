//! Championships with rounds. A championship is a `championships` row plus its whole
//! state as one `baza-tournament/1` document (`tournaments.document`): entrants,
//! rounds, results. Standings and the next round are computed from that document by
//! `domain::tournament`, the same code `baza pair` / `baza standings` run.
//!
//! The store only stores: every change to a document goes through
//! `service::championship::change` (one transaction that reads the document, lets the
//! caller modify it, validates it with the domain, writes it back here with
//! [`write_document`] only if nobody else wrote in between, and appends an audit row).
//! Beside the document, `championship_tables` holds what only the web needs per table:
//! its PIN, its physical table (NULL while queued), and a result proposed at the
//! table that waits for the opponents' signature ("firma").

use crate::domain::account::same_secret;
use crate::domain::refusal::Refusal;
use crate::domain::status::{EntryMode, TableStatus};
use chrono::NaiveDateTime;
use diesel::dsl;
use diesel::prelude::*;
use diesel::query_dsl::methods::ExecuteDsl;

use crate::db::DbConn;
use crate::db::brackets::{self, NewBracket};
use crate::db::queries::{self, Championship};
use crate::db::rows::{LoadOne, insert_returning_id};
use crate::db::schema::{championship_documents, championship_tables, championships};
pub use crate::domain::tournament::listing::{
    entrant_name, format_of, next_entrant_id, rounds_planned, status_of, status_with_phases,
};
use crate::domain::tournament::qualify::RepescaEntry;
use crate::domain::tournament::{self, BracketPhase, PairingError, Round, TournamentFile};

/// A championship as loaded: its row and its state.
#[derive(Debug, Clone)]
pub struct Tournament {
    pub championship: Championship,
    pub file: TournamentFile,
    /// Ids of the entrants who checked in.
    pub checked_in: Vec<String>,
    /// Tables in the room (0: as many as needed).
    pub tables_available: i32,
    /// The last round shown to the public.
    pub published_round: i32,
    pub version: i32,
    /// The tables play Baza games hand by hand, or type final scores.
    pub entry_mode: EntryMode,
}

impl Tournament {
    /// The number of the last round paired (0 before the first).
    pub fn rounds_paired(&self) -> u32 {
        self.file.rounds.len() as u32
    }

    pub fn round(&self, n: u32) -> Option<&Round> {
        self.file.rounds.iter().find(|r| r.number == n)
    }

    pub fn round_mut(&mut self, n: u32) -> Option<&mut Round> {
        self.file.rounds.iter_mut().find(|r| r.number == n)
    }
}

/// What only the web keeps about one table of one round.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = championship_tables)]
pub struct TableRow {
    pub id: i32,
    pub championship_id: i32,
    pub round_no: i32,
    pub table_no: i32,
    /// The physical table it plays at; `None` while it waits for one.
    pub physical: Option<i32>,
    pub pin: String,
    /// Stored as `playing`, `proposed` (entered at the table, waiting for the
    /// firma) or `final`.
    #[diesel(deserialize_as = String)]
    pub status: TableStatus,
    pub proposed_a: Option<i32>,
    pub proposed_b: Option<i32>,
    /// The side (`a` or `b`) that entered the proposed result.
    pub proposed_side: Option<String>,
    /// The winner declared with it (`a` or `b`), when the score alone does not tell.
    pub proposed_winner: Option<String>,
    pub version: i32,
    pub updated_at: NaiveDateTime,
    /// 0 for the championship's rounds, else the bracket id of a knockout phase.
    pub phase: i32,
    /// Pair b's PIN (`pin` is pair a's).
    pub pin_b: String,
    /// The first partida the table plays hand by hand.
    pub game_id: Option<i32>,
    /// 1 when the director switched the table to typed results.
    pub typed: i32,
    /// When the table's round was published (a timed match counts from then).
    pub started_at: Option<NaiveDateTime>,
}

impl TableRow {
    /// Whether the table plays its match hand by hand.
    pub fn plays_game(&self) -> bool {
        self.game_id.is_some() && self.typed == 0
    }

    /// The side (`a` or `b`) a PIN opens, if any: compared with both PINs, each in
    /// constant time, so that the time taken tells nothing of either.
    pub fn side_of_pin(&self, pin: &str) -> Option<&'static str> {
        let a = !self.pin.is_empty() & same_secret(pin, &self.pin);
        let b = !self.pin_b.is_empty() & same_secret(pin, &self.pin_b);
        match (a, b) {
            (true, _) => Some("a"),
            (false, true) => Some("b"),
            (false, false) => None,
        }
    }
}

/// The result a table holds until the other pair signs it: its status and the
/// score, entering side and winner proposed (all `None` with no proposal).
#[derive(AsChangeset)]
#[diesel(table_name = championship_tables, treat_none_as_null = true)]
pub(crate) struct Proposal<'a> {
    pub status: &'a str,
    pub proposed_a: Option<i32>,
    pub proposed_b: Option<i32>,
    pub proposed_side: Option<&'a str>,
    pub proposed_winner: Option<&'a str>,
}

impl Proposal<'_> {
    /// No proposal: the table plays.
    pub const NONE: Proposal<'static> = Proposal {
        status: TableStatus::Playing.as_str(),
        proposed_a: None,
        proposed_b: None,
        proposed_side: None,
        proposed_winner: None,
    };
}

/// A table row still at the version it was read at.
type AtVersion = dsl::Filter<
    dsl::Filter<championship_tables::table, dsl::Eq<championship_tables::id, i32>>,
    dsl::Eq<championship_tables::version, i32>,
>;

/// Changes to a table row, with its next version and the time of the change.
type Bumped<C> = (
    C,
    dsl::Eq<championship_tables::version, i32>,
    dsl::Eq<championship_tables::updated_at, NaiveDateTime>,
);

/// Writes `changes` to table row `id` if it is still at `version`, with the next
/// version and `now`: false (nothing written) when someone changed it first.
pub(crate) fn update_table<C>(
    conn: &mut DbConn,
    (id, version): (i32, i32),
    changes: C,
    now: NaiveDateTime,
) -> QueryResult<bool>
where
    C: AsChangeset<Target = championship_tables::table>,
    dsl::Update<AtVersion, Bumped<C>>: ExecuteDsl<DbConn>,
{
    let n = diesel::update(
        championship_tables::table
            .filter(championship_tables::id.eq(id))
            .filter(championship_tables::version.eq(version)),
    )
    .set((
        changes,
        championship_tables::version.eq(version + 1),
        championship_tables::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Why a change was not made.
#[derive(Debug)]
pub enum ChangeError {
    Db(diesel::result::Error),
    /// The championship does not exist.
    NotFound,
    /// The domain refused to pair.
    Pairing(PairingError),
    /// The change would make the document invalid, or is not allowed now.
    Refused(Refusal),
    /// Someone changed it since the form was read.
    Stale,
}

impl ChangeError {
    /// As a diesel error (for callers that only speak diesel, like the demo).
    pub fn into_diesel(self) -> diesel::result::Error {
        match self {
            ChangeError::Db(e) => e,
            other => diesel::result::Error::QueryBuilderError(format!("{other:?}").into()),
        }
    }
}

impl From<diesel::result::Error> for ChangeError {
    fn from(e: diesel::result::Error) -> Self {
        ChangeError::Db(e)
    }
}

impl From<PairingError> for ChangeError {
    fn from(e: PairingError) -> Self {
        ChangeError::Pairing(e)
    }
}

fn corrupt(e: impl std::fmt::Display) -> diesel::result::Error {
    diesel::result::Error::DeserializationError(format!("tournament document: {e}").into())
}

#[derive(Queryable)]
struct Row {
    championship_id: i32,
    document: String,
    checked_in: String,
    tables_available: i32,
    published_round: i32,
    version: i32,
    _updated_at: NaiveDateTime,
    _changes: i32,
    entry_mode: String,
}

pub fn exists(conn: &mut DbConn, championship_id: i32) -> QueryResult<bool> {
    let n: i64 = championship_documents::table
        .filter(championship_documents::championship_id.eq(championship_id))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Loads a championship (`None`: no such championship, a championship without rounds, or a
/// deleted championship).
pub fn load(conn: &mut DbConn, championship_id: i32) -> QueryResult<Option<Tournament>> {
    let Some(row) = championship_documents::table
        .find(championship_id)
        .load_one::<Row>(conn)?
    else {
        return Ok(None);
    };
    let championship = queries::find_championship(conn, row.championship_id)?
        .ok_or(diesel::result::Error::NotFound)?;
    // A deleted championship is kept for its audit trail, and found nowhere else.
    if super::settings::is_deleted(conn, championship_id)? {
        return Ok(None);
    }
    let file: TournamentFile = serde_json::from_str(&row.document).map_err(corrupt)?;
    let checked_in: Vec<String> = serde_json::from_str(&row.checked_in).map_err(corrupt)?;
    Ok(Some(Tournament {
        championship,
        file,
        checked_in,
        tables_available: row.tables_available,
        published_round: row.published_round,
        version: row.version,
        entry_mode: row.entry_mode.parse().map_err(corrupt)?,
    }))
}

/// What a championship's public pages are rendered from, in one short string: its
/// change counter (bumped by every write to it or its tables, and by every change to
/// a circuit that counts it or counted it until then), its version, and its
/// championship row's status and name. `None`: no such championship. Equal stamps, equal
/// pages (the page cache's key). One row read by its key: it runs on every view.
pub fn stamp(conn: &mut DbConn, championship_id: i32) -> QueryResult<Option<String>> {
    let row: Option<(i32, i32, String, String)> = championship_documents::table
        .inner_join(championships::table)
        .filter(championship_documents::championship_id.eq(championship_id))
        .select((
            championship_documents::changes,
            championship_documents::version,
            championships::status,
            championships::name,
        ))
        .load_one(conn)?;
    Ok(row.map(|(changes, version, status, name)| format!("{changes}:{version}:{status}:{name}")))
}

/// Takes the championship's write lock and counts one more change (see `stamp`):
/// the first statement of every transaction that writes to a championship or its
/// tables, so all of them take their locks in the same order. `false`: no such
/// championship.
pub fn touch(conn: &mut DbConn, championship_id: i32) -> QueryResult<bool> {
    let n = diesel::update(championship_documents::table.find(championship_id))
        .set(championship_documents::changes.eq(championship_documents::changes + 1))
        .execute(conn)?;
    Ok(n == 1)
}

/// The tables of a championship's rounds, by round and table.
pub fn tables(conn: &mut DbConn, championship_id: i32) -> QueryResult<Vec<TableRow>> {
    phase_tables(conn, championship_id, 0)
}

/// The tables of one phase of championship `id` (0: its rounds; else a bracket id).
pub fn phase_tables(conn: &mut DbConn, id: i32, phase: i32) -> QueryResult<Vec<TableRow>> {
    championship_tables::table
        .filter(championship_tables::championship_id.eq(id))
        .filter(championship_tables::phase.eq(phase))
        .select(TableRow::as_select())
        .order((championship_tables::round_no, championship_tables::table_no))
        .load(conn)
}

/// The tables of one round of championship `id`, by table number.
pub fn round_tables(conn: &mut DbConn, id: i32, round: i32) -> QueryResult<Vec<TableRow>> {
    championship_tables::table
        .filter(championship_tables::championship_id.eq(id))
        .filter(championship_tables::phase.eq(0))
        .filter(championship_tables::round_no.eq(round))
        .select(TableRow::as_select())
        .order(championship_tables::table_no)
        .load(conn)
}

pub fn find_table(
    conn: &mut DbConn,
    championship_id: i32,
    round: i32,
    table: i32,
) -> QueryResult<Option<TableRow>> {
    find_phase_table(conn, championship_id, 0, round, table)
}

/// A table of one phase (see [`phase_tables`]).
/// Table row `id`, if there is one.
pub fn table_by_id(conn: &mut DbConn, id: i32) -> QueryResult<Option<TableRow>> {
    championship_tables::table
        .find(id)
        .select(TableRow::as_select())
        .load_one(conn)
}

/// Gives table row `id` the PINs `(a, b)`, with the next version: false (nothing
/// written) when someone changed the table first.
pub(crate) fn set_pins(
    conn: &mut DbConn,
    (id, version): (i32, i32),
    (a, b): (&str, &str),
    now: NaiveDateTime,
) -> QueryResult<bool> {
    update_table(
        conn,
        (id, version),
        (
            championship_tables::pin.eq(a),
            championship_tables::pin_b.eq(b),
        ),
        now,
    )
}

/// The table of `row` as it is stored now.
pub fn table_again(conn: &mut DbConn, row: &TableRow) -> QueryResult<Option<TableRow>> {
    find_phase_table(
        conn,
        row.championship_id,
        row.phase,
        row.round_no,
        row.table_no,
    )
}

pub fn find_phase_table(
    conn: &mut DbConn,
    championship_id: i32,
    phase: i32,
    round: i32,
    table: i32,
) -> QueryResult<Option<TableRow>> {
    championship_tables::table
        .filter(championship_tables::championship_id.eq(championship_id))
        .filter(championship_tables::phase.eq(phase))
        .filter(championship_tables::round_no.eq(round))
        .filter(championship_tables::table_no.eq(table))
        .select(TableRow::as_select())
        .load_one(conn)
}

/// Stores a knockout phase of an imported file as a bracket of the championship, its
/// entrants by name, with an audit row of its own: the bracket's id.
pub(crate) fn insert_phase(
    conn: &mut DbConn,
    club_id: i32,
    championship_id: i32,
    file: &TournamentFile,
    phase: &BracketPhase,
    actor: &str,
    now: NaiveDateTime,
) -> Result<i32, ChangeError> {
    let entrants = serde_json::to_string(&phase.names(file)).map_err(corrupt)?;
    let document = serde_json::to_string(&phase.bracket).map_err(corrupt)?;
    let new = NewBracket {
        club_id,
        championship_id: Some(championship_id),
        name: &phase.name,
        game: file.championship.game.slug(),
        entrants: &entrants,
        document: &document,
        seeding: &if phase.repesca {
            repesca_seeding(&phase.entry)
        } else {
            "hand".to_owned()
        },
        paper: "a4",
        created_by: actor,
        created_at: now,
        updated_at: now,
    };
    Ok(brackets::insert_audited(
        conn,
        &new,
        "import",
        document.clone(),
    )?)
}

/// The `seeding` of a bracket that is a championship's played repesca (its winners
/// entering the knockout as the lowest seeds; see [`repesca_seeding`]).
pub const REPESCA_SEEDING: &str = "repesca";

/// Whether a bracket's `seeding` marks a championship's played repesca.
pub fn is_repesca(seeding: &str) -> bool {
    seeding == REPESCA_SEEDING || seeding.starts_with("repesca:")
}

/// Whether the knockout phase of championship `championship_id` is drawn (the
/// knockouts of a played repesca, which come before it, aside).
pub fn knockout_drawn(conn: &mut DbConn, championship_id: i32) -> QueryResult<bool> {
    Ok(brackets::brackets_of_championship(conn, championship_id)?
        .iter()
        .any(|b| !is_repesca(&b.seeding)))
}

/// The `seeding` of a played repesca whose winners enter the knockout where `entry`
/// says: `repesca`, `repesca:standings` or `repesca:seeds:2,4`.
pub fn repesca_seeding(entry: &RepescaEntry) -> String {
    match entry {
        RepescaEntry::Lowest => REPESCA_SEEDING.to_owned(),
        RepescaEntry::Standings => "repesca:standings".to_owned(),
        RepescaEntry::Seeds { seeds } => format!(
            "repesca:seeds:{}",
            seeds
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}

/// Where the winners of a played repesca of this `seeding` enter the knockout
/// ([`repesca_seeding`]); the lowest seeds for anything else.
pub fn repesca_entry(seeding: &str) -> RepescaEntry {
    match seeding.strip_prefix("repesca:") {
        Some("standings") => RepescaEntry::Standings,
        Some(rest) => match rest.strip_prefix("seeds:") {
            Some(list) => list
                .split(',')
                .map(|s| s.parse::<u32>().ok())
                .collect::<Option<Vec<u32>>>()
                .map_or(RepescaEntry::Lowest, |seeds| RepescaEntry::Seeds { seeds }),
            None => RepescaEntry::Lowest,
        },
        None => RepescaEntry::Lowest,
    }
}

/// The brackets linked to championship `championship_id` (whose document is `file`) as
/// knockout phases of its file, and the names of those the file cannot carry.
pub fn linked_phases(
    conn: &mut DbConn,
    championship_id: i32,
    file: &TournamentFile,
) -> QueryResult<(Vec<BracketPhase>, Vec<String>)> {
    let (phases, left_out) = linked_phases_by_id(conn, championship_id, file)?;
    Ok((phases.into_iter().map(|(_, p)| p).collect(), left_out))
}

/// A championship's knockout phases, each with the id of its bracket, and the names
/// of the brackets its file cannot carry.
pub type PhasesById = (Vec<(i32, BracketPhase)>, Vec<String>);

/// [`linked_phases`], each phase with the id of its bracket.
pub fn linked_phases_by_id(
    conn: &mut DbConn,
    championship_id: i32,
    file: &TournamentFile,
) -> QueryResult<PhasesById> {
    let mut phases = Vec::new();
    let mut left_out = Vec::new();
    for row in brackets::brackets_of_championship(conn, championship_id)? {
        let names: Vec<String> = serde_json::from_str(&row.entrants).map_err(corrupt)?;
        let ids: Option<Vec<String>> = names
            .iter()
            .map(|n| {
                file.entrants
                    .iter()
                    .find(|e| &e.name == n)
                    .map(|e| e.id.clone())
            })
            .collect();
        let (Some(entrants), Ok(bracket)) = (ids, serde_json::from_str(&row.document)) else {
            left_out.push(row.name);
            continue;
        };
        let phase = BracketPhase {
            repesca: is_repesca(&row.seeding),
            entry: repesca_entry(&row.seeding),
            name: row.name,
            entrants,
            bracket,
            tables: Vec::new(),
        };
        phases.push((row.id, phase));
    }
    Ok((phases, left_out))
}

/// The two pairs' PINs of a new table, never the same (a PIN tells the pair).
pub fn two_pins(pins: &mut dyn FnMut() -> String) -> (String, String) {
    let a = pins();
    let mut b = pins();
    for _ in 0..16 {
        if b != a {
            break;
        }
        b = pins();
    }
    (a, b)
}

/// A new row of `championship_tables`: a table of a round (phase 0) or of a knockout
/// phase, and how it opens.
pub(crate) struct NewTable<'a> {
    /// Championship, phase, round and table number.
    pub place: (i32, i32, i32, i32),
    /// The physical table it plays at (`None`: queued).
    pub physical: Option<i32>,
    /// The PINs of pair a and pair b.
    pub pins: (&'a str, &'a str),
    pub status: &'a str,
    /// When its match started (a knockout table starts as it opens).
    pub started_at: Option<NaiveDateTime>,
}

/// Inserts a table (version 0): its row id.
pub(crate) fn insert_table(
    conn: &mut DbConn,
    new: &NewTable,
    now: NaiveDateTime,
) -> QueryResult<i32> {
    let (championship_id, phase, round_no, table_no) = new.place;
    let table = (
        championship_tables::championship_id.eq(championship_id),
        championship_tables::phase.eq(phase),
        championship_tables::round_no.eq(round_no),
        championship_tables::table_no.eq(table_no),
        championship_tables::physical.eq(new.physical),
        championship_tables::pin.eq(new.pins.0),
        championship_tables::pin_b.eq(new.pins.1),
        championship_tables::status.eq(new.status),
        championship_tables::version.eq(0),
        championship_tables::updated_at.eq(now),
        championship_tables::started_at.eq(new.started_at),
    );
    insert_returning_id(conn, championship_tables::table, table)
}

/// Marks the rounds after `after` up to `upto` of championship `championship_id` as
/// started now, on their tables not started yet (a timed match counts its minutes
/// from the publication of its round).
pub(crate) fn start_rounds(
    conn: &mut DbConn,
    championship_id: i32,
    (after, upto): (i32, i32),
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        championship_tables::table
            .filter(championship_tables::championship_id.eq(championship_id))
            .filter(championship_tables::phase.eq(0))
            .filter(championship_tables::round_no.gt(after))
            .filter(championship_tables::round_no.le(upto))
            .filter(championship_tables::started_at.is_null()),
    )
    .set(championship_tables::started_at.eq(Some(now)))
    .execute(conn)
}

/// Writes the state `t` of championship `championship_id` back (document, check-ins,
/// tables available, round published) with the next version, if it is still at
/// `version`: false (nothing written) when someone wrote first. The championship's
/// row keeps a copy of the document's name, status and rounds planned (the club's
/// lists, the search, the ratings and the circuits filter by these columns without
/// parsing each document): the copy is rewritten with it.
pub(crate) fn write_document(
    conn: &mut DbConn,
    championship_id: i32,
    version: i32,
    t: &Tournament,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let document = serde_json::to_string(&t.file).map_err(corrupt)?;
    let checked = serde_json::to_string(&t.checked_in).map_err(corrupt)?;
    let n = diesel::update(
        championship_documents::table
            .filter(championship_documents::championship_id.eq(championship_id))
            .filter(championship_documents::version.eq(version)),
    )
    .set((
        championship_documents::document.eq(&document),
        championship_documents::checked_in.eq(&checked),
        championship_documents::tables_available.eq(t.tables_available),
        championship_documents::published_round.eq(t.published_round),
        championship_documents::version.eq(version + 1),
        championship_documents::updated_at.eq(now),
    ))
    .execute(conn)?;
    if n != 1 {
        return Ok(false);
    }
    let status = status_with_phases(&t.file, &phases_decided(conn, championship_id)?);
    diesel::update(championships::table.find(championship_id))
        .set((
            championships::status.eq(status.as_str()),
            championships::name.eq(&t.file.championship.name),
            championships::rounds_planned.eq(rounds_planned(&t.file)),
        ))
        .execute(conn)?;
    Ok(true)
}

/// Whether each knockout phase of championship `championship_id` has its champion.
/// A played repesca (its knockouts or its liguilla) counts as a phase, and so does
/// the knockout its winners join until it is drawn.
pub fn phases_decided(conn: &mut DbConn, championship_id: i32) -> QueryResult<Vec<bool>> {
    let rows = brackets::brackets_of_championship(conn, championship_id)?;
    let mut decided: Vec<bool> = rows
        .iter()
        .map(|b| {
            serde_json::from_str::<crate::domain::bracket::Bracket>(&b.document)
                .ok()
                .and_then(|b| b.champion())
                .is_some()
        })
        .collect();
    let liguilla = super::liguilla::load(conn, championship_id)?;
    if let Some(l) = &liguilla {
        decided.push(l.finished());
    }
    let repesca = liguilla.is_some() || rows.iter().any(|r| is_repesca(&r.seeding));
    if repesca && rows.iter().all(|r| is_repesca(&r.seeding)) {
        decided.push(false);
    }
    Ok(decided)
}

/// Writes the listing row's status of championship `championship_id` from its
/// document `file` and its knockout phases (after a phase is drawn or decided).
pub fn write_status(
    conn: &mut DbConn,
    championship_id: i32,
    file: &TournamentFile,
) -> QueryResult<()> {
    let status = status_with_phases(file, &phases_decided(conn, championship_id)?);
    diesel::update(championships::table.find(championship_id))
        .set(championships::status.eq(status.as_str()))
        .execute(conn)?;
    Ok(())
}

/// Whether hall table `physical` holds another match of the round of `row` not yet
/// decided.
pub(crate) fn physical_busy(conn: &mut DbConn, row: &TableRow, physical: i32) -> QueryResult<bool> {
    let n: i64 = championship_tables::table
        .filter(championship_tables::championship_id.eq(row.championship_id))
        .filter(championship_tables::phase.eq(row.phase))
        .filter(championship_tables::round_no.eq(row.round_no))
        .filter(championship_tables::physical.eq(Some(physical)))
        .filter(championship_tables::status.ne(TableStatus::Final.as_str()))
        .filter(championship_tables::id.ne(row.id))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Gives physical table `physical`, freed in round `round`, to the first table of that
/// round still queued, if any.
pub(crate) fn seat_queued(
    conn: &mut DbConn,
    championship_id: i32,
    round: i32,
    physical: i32,
) -> QueryResult<()> {
    let queued = championship_tables::table
        .filter(championship_tables::championship_id.eq(championship_id))
        .filter(championship_tables::phase.eq(0))
        .filter(championship_tables::round_no.eq(round))
        .filter(championship_tables::physical.is_null())
        .select(championship_tables::id)
        .order(championship_tables::table_no)
        .first::<i32>(conn)
        .optional()?;
    if let Some(q) = queued {
        diesel::update(championship_tables::table.find(q))
            .set(championship_tables::physical.eq(Some(physical)))
            .execute(conn)?;
    }
    Ok(())
}

/// Writes `proposal` to the table of `row` if it is still at the version read and not
/// final: false (nothing written) otherwise.
pub(crate) fn propose_unless_final(
    conn: &mut DbConn,
    row: &TableRow,
    proposal: &Proposal,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let n = diesel::update(
        championship_tables::table
            .filter(championship_tables::id.eq(row.id))
            .filter(championship_tables::version.eq(row.version))
            .filter(championship_tables::status.ne(TableStatus::Final.as_str())),
    )
    .set((
        proposal,
        championship_tables::version.eq(row.version + 1),
        championship_tables::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// The entrants of championship `championship_id` by name, in the order of its standings
/// (seed order before any result). `None`: no such championship.
pub fn standings_names(
    conn: &mut DbConn,
    championship_id: i32,
) -> QueryResult<Option<Vec<String>>> {
    Ok(load(conn, championship_id)?.map(|t| {
        tournament::standings(&t.file)
            .into_iter()
            .map(|row| row.name)
            .collect()
    }))
}

/// The table that a match of the older model of entries and matches became when it was folded into
/// its championship: `(championship id, round, table)`.
pub fn folded_match(conn: &mut DbConn, match_id: i32) -> QueryResult<Option<(i32, i32, i32)>> {
    championship_tables::table
        .filter(championship_tables::legacy_match_id.eq(match_id))
        .select((
            championship_tables::championship_id,
            championship_tables::round_no,
            championship_tables::table_no,
        ))
        .load_one(conn)
}

#[cfg(test)]
mod tests {
    use super::{TableRow, TableStatus, two_pins};

    fn row_with_pins(a: &str, b: &str) -> TableRow {
        TableRow {
            id: 1,
            championship_id: 1,
            round_no: 1,
            table_no: 1,
            physical: Some(1),
            pin: a.to_owned(),
            status: TableStatus::Playing,
            proposed_a: None,
            proposed_b: None,
            proposed_side: None,
            proposed_winner: None,
            version: 0,
            updated_at: chrono::NaiveDateTime::default(),
            phase: 0,
            pin_b: b.to_owned(),
            game_id: None,
            typed: 0,
            started_at: None,
        }
    }

    #[test]
    fn a_pin_typed_opens_the_pair_whose_pin_it_is_whole_and_nothing_else() {
        let row = row_with_pins("4711", "0815");
        assert_eq!(row.side_of_pin("4711"), Some("a"));
        assert_eq!(row.side_of_pin("0815"), Some("b"));
        for wrong in ["4712", "471", "47110", "0816", "", " 4711", "0815 "] {
            assert_eq!(row.side_of_pin(wrong), None, "{wrong:?}");
        }
        // A table without PINs (typed results) opens with none, not with "".
        assert_eq!(row_with_pins("", "").side_of_pin(""), None);
        assert_eq!(row_with_pins("", "0815").side_of_pin("0815"), Some("b"));
    }

    #[test]
    fn the_two_pairs_of_a_table_never_get_the_same_pin() {
        let mut drawn = ["4711", "4711", "4711", "0815"]
            .into_iter()
            .map(String::from);
        let (a, b) = two_pins(&mut || drawn.next().unwrap_or_default());
        assert_eq!((a.as_str(), b.as_str()), ("4711", "0815"));
    }
}
