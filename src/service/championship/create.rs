//! A championship created ([`create`]) or imported from a `baza-tournament/1` file
//! with its people ([`import`]), in one transaction: its row and document, the tables
//! of any rounds the file already has, with their games, its knockout phases and its
//! repesca liguilla.

use chrono::{NaiveDate, NaiveDateTime};

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::championship::liguilla;
use crate::db::championship::store::{self, ChangeError};
use crate::db::championship::tables::{
    Draw, corrupt, insert_championship, insert_document, insert_tables, store_imported_games,
    store_phase_games,
};
use crate::domain::refusal::Refusal;
use crate::domain::status::TableStatus;
use crate::domain::tournament::{self, TournamentFile};
use crate::service::championship::tables::{TableActor, sync_after_change};

/// Creates a championship (its row and its document, with any rounds the file
/// already has: an import, whose results may carry the games played hand by hand).
/// `hands`: the tables play Baza games (when the game can be played two-sided).
/// Returns the championship id.
#[allow(clippy::too_many_arguments)]
pub fn create(
    conn: &mut DbConn,
    club_id: i32,
    file: &TournamentFile,
    hands: bool,
    starts_on: NaiveDate,
    now: NaiveDateTime,
    actor: &str,
    pins: &mut dyn FnMut() -> String,
) -> Result<i32, ChangeError> {
    tournament::validate(file).map_err(|e| ChangeError::Refused(Refusal::bad_file(&e, file)))?;
    crate::db::write_tx(conn, |conn| {
        let championship_id = insert_championship(conn, club_id, file, starts_on, now)?;
        // The knockout phases become brackets (cuadros) of the championship, shown, played
        // and printed as the ones made on the web; `export` puts them back.
        let mut stored = file.clone();
        let phases = std::mem::take(&mut stored.brackets);
        let liguilla = stored.repesca_liguilla.take();
        for r in stored.rounds.iter_mut().flat_map(|r| r.results.iter_mut()) {
            r.games.clear();
        }
        for r in &mut stored.rounds {
            r.in_play.clear();
        }
        let document = serde_json::to_string(&stored).map_err(corrupt)?;
        let published = file.rounds.len() as i32;
        let hands = hands
            && tournament::played::table_players(
                file.championship.game,
                &file.championship.options,
            )
            .is_some();
        insert_document(conn, championship_id, &document, published, hands, now)?;
        let draw = Draw {
            championship_id,
            club_id,
            file: &stored,
            hands,
            actor,
        };
        for round in &file.rounds {
            insert_tables(conn, &draw, round, 0, pins, now)?;
        }
        store_imported_games(conn, championship_id, club_id, file, actor, now)?;
        propose_finished_in_play(conn, championship_id, file, actor, now)?;
        for phase in &phases {
            let bracket_id =
                store::insert_phase(conn, club_id, championship_id, file, phase, actor, now)?;
            let ids = (championship_id, club_id, bracket_id);
            store_phase_games(conn, ids, file, phase, actor, now, pins)?;
            propose_finished_phase_tables(conn, ids, actor, now)?;
        }
        // A repesca played as a liguilla is a championship of its own, linked.
        if let Some(r) = liguilla {
            let hands = plays_hands(&r.liguilla);
            let liguilla_id = create(
                conn,
                club_id,
                &r.liguilla,
                hands,
                starts_on,
                now,
                actor,
                pins,
            )?;
            let ids = (championship_id, liguilla_id);
            liguilla::link(conn, ids, (r.places, r.per_group), &r.entry)?;
            store::write_status(conn, championship_id, &stored)?;
        }
        let entity = ("tournament", championship_id);
        let audit = NewAudit::creation(
            (actor, now),
            entity,
            Some(club_id),
            Some(championship_id),
            document,
        );
        accounts::insert_audit(conn, &audit)?;
        Ok(championship_id)
    })
}

/// The tables a file has in play whose partidas already decide their match (a
/// result proposed and waiting for the other pair's firma when the file was
/// written): their result is proposed again, as the last hand proposed it. Who
/// proposed it is not in the file, so either pair's firma confirms it.
fn propose_finished_in_play(
    conn: &mut DbConn,
    championship_id: i32,
    file: &TournamentFile,
    actor: &str,
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    let mut games = Vec::new();
    for round in &file.rounds {
        for p in round.in_play.iter().filter(|p| !p.typed) {
            let row =
                store::find_table(conn, championship_id, round.number as i32, p.table as i32)?;
            games.extend(row.and_then(|r| r.game_id));
        }
    }
    propose_again(conn, games, actor, now)
}

/// The tables of an imported knockout phase left playing (their match has no result
/// in the bracket) whose partidas already decide it (a result waiting for the other
/// pair's firma when the file was written): their result is proposed again, as for
/// a round's table; either pair's firma confirms it.
fn propose_finished_phase_tables(
    conn: &mut DbConn,
    (championship_id, _, bracket_id): (i32, i32, i32),
    actor: &str,
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    let games = store::phase_tables(conn, championship_id, bracket_id)?
        .into_iter()
        .filter(|row| row.status == TableStatus::Playing && row.typed == 0)
        .filter_map(|row| row.game_id)
        .collect::<Vec<_>>();
    propose_again(conn, games, actor, now)
}

/// Brings the tables of `games` up to what their hands decide, as the staff would:
/// a game whose partidas decide its match proposes its result.
fn propose_again(
    conn: &mut DbConn,
    games: Vec<i32>,
    actor: &str,
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    let who = TableActor {
        side: None,
        staff: true,
        confirmed: false,
        actor,
    };
    for game in games {
        sync_after_change(conn, game, &who, now)?;
    }
    Ok(())
}

/// Whether a file's tables (of its rounds or its knockout phases) recorded their
/// games (finished or in play): its tables go on hand by hand.
fn plays_hands(file: &TournamentFile) -> bool {
    file.rounds
        .iter()
        .any(|r| !r.in_play.is_empty() || r.results.iter().any(|x| !x.games.is_empty()))
        || file
            .brackets
            .iter()
            .any(|p| p.tables.iter().any(|t| !t.games.is_empty()))
}

/// Imports a championship file read by `tournament::parse` into club `club_id`, in
/// one transaction: its people found in the register (by key, then licence) or
/// created with the file's key, then the championship with its rounds, games and
/// knockout phases. A file whose tables recorded their games (finished or in play)
/// goes on hand by hand. Returns the championship's id and what became of its people.
#[allow(clippy::too_many_arguments)]
pub fn import(
    conn: &mut DbConn,
    club_id: i32,
    file: &mut TournamentFile,
    starts_on: NaiveDate,
    now: NaiveDateTime,
    actor: &str,
    pins: &mut dyn FnMut() -> String,
) -> Result<(i32, crate::db::linking::Adopted), ChangeError> {
    let hands = plays_hands(file);
    // The day the file carries (an exported championship's), else the one given; the
    // stored file keeps none, the championship's day being its own column.
    let starts_on = file.championship.starts_on.take().unwrap_or(starts_on);
    crate::db::write_tx(conn, |conn| {
        let adopted = crate::db::linking::adopt_people(conn, file, now)?;
        // A repesca liguilla's entrants are the file's: the same people.
        if let Some(r) = file.repesca_liguilla.as_mut() {
            for e in &mut r.liguilla.entrants {
                if let Some(of) = file.entrants.iter().find(|x| x.id == e.id) {
                    e.people = of.people.clone();
                }
            }
        }
        let id = create(conn, club_id, file, hands, starts_on, now, actor, pins)?;
        Ok((id, adopted))
    })
}
