//! The demo club put together: the store's rows and championships (`service::demo`) and the
//! championships played hand by hand at the tables (`service::demo_tables`,
//! `service::demo_lloret`), through the same workflows the pages call. It uses the
//! service, the store and the domain; nothing below imports it.

use chrono::{Duration, NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use crate::db::championship::store::ChangeError;
use crate::db::queries::{self, NewClub, NewPair};
use crate::db::{self, DbConn};
use crate::service::demo::{self, DemoSummary};

/// Fills an empty database with the demo club. Returns `None` if a club exists
/// already (the demo never touches real data).
pub fn fill(
    conn: &mut DbConn,
    today: NaiveDate,
    now: NaiveDateTime,
) -> diesel::QueryResult<Option<DemoSummary>> {
    conn.transaction(|conn| {
        if queries::count_clubs(conn)? > 0 {
            return Ok(None);
        }
        let club_id = queries::insert_club(
            conn,
            &NewClub {
                name: demo::DEMO_CLUB,
                town: "Tarancón",
                created_at: now,
            },
        )?;
        let mut player_ids = Vec::new();
        for name in demo::PLAYERS {
            player_ids.push(db::register::add_member(conn, club_id, name, None, now)?);
        }
        let mut pair_ids = Vec::new();
        for (i, name) in demo::PAIRS.iter().enumerate() {
            pair_ids.push(queries::insert_pair(
                conn,
                &NewPair {
                    club_id,
                    name,
                    player1_id: player_ids[2 * i],
                    player2_id: player_ids[2 * i + 1],
                    created_at: now,
                },
            )?);
        }
        let league_id = demo::league(conn, club_id, today - Duration::days(60), now)
            .map_err(ChangeError::into_diesel)?;
        crate::service::demo_bracket::add_final_phase(conn, club_id, league_id, now)?;
        // A running Swiss championship.
        let championship_id =
            demo::running_swiss(conn, club_id, today, now).map_err(ChangeError::into_diesel)?;
        // Cuatrola championships played hand by hand at the tables.
        crate::service::demo_tables::create_demo_championships(conn, club_id, today, now)
            .map_err(|e| diesel::result::Error::QueryBuilderError(format!("{e:?}").into()))?;
        // An open of the Girona kind: liguillas, a played repesca, the knockout.
        crate::service::demo_repesca::girona_open(conn, club_id, today - Duration::days(20), now)
            .map_err(ChangeError::into_diesel)?;
        // The season's circuit over the club's cuatrola championships.
        let cuatrola: Vec<i32> = {
            use db::schema::championships;
            championships::table
                .filter(championships::club_id.eq(club_id))
                .filter(championships::game.eq("cuatrola"))
                .select(championships::id)
                .order(championships::id)
                .load(conn)?
        };
        db::circuits::insert(
            conn,
            club_id,
            "Circuito de cuatrola 2026",
            &crate::domain::circuit::Scoring::default(),
            &cuatrola,
            "demo",
            now,
        )?;
        // A trial circuit over the same championships, made and deleted through the
        // service: the club's trail says who made it and who deleted it.
        trial_circuit(conn, club_id, &cuatrola)?;
        // A botifarra open with the bases of the Lloret kind, played at the tables.
        crate::service::demo_lloret::create_lloret_open(conn, club_id, today)
            .map_err(|e| diesel::result::Error::QueryBuilderError(format!("{e:?}").into()))?;
        // One whose repesca is a triangular among the runners-up, being played.
        crate::service::demo_repesca::banyoles_open(conn, club_id, today, now)
            .map_err(ChangeError::into_diesel)?;
        Ok(Some(DemoSummary {
            club_id,
            players: player_ids.len(),
            pairs: pair_ids.len(),
            league_id,
            championship_id,
        }))
    })
}

/// Makes circuit "Circuito de prueba" of club `club_id` over `championships` and
/// deletes it, each audited as the demo's.
fn trial_circuit(
    conn: &mut DbConn,
    club_id: i32,
    championships: &[i32],
) -> diesel::QueryResult<()> {
    use crate::service::circuit;
    let failed = |e: crate::error::AppError| {
        diesel::result::Error::QueryBuilderError(format!("{e:?}").into())
    };
    let scoring = crate::domain::circuit::Scoring::default();
    let id = circuit::create(
        conn,
        club_id,
        ("Circuito de prueba", &scoring),
        championships,
        demo::ACTOR,
    )
    .map_err(failed)?;
    let version = db::circuits::find(conn, id)?.map(|c| c.version);
    circuit::delete(conn, (id, version), demo::ACTOR).map_err(failed)?;
    Ok(())
}
