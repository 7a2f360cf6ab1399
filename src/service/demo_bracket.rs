//! The demo's knockout bracket: the final phase of the autumn league, its eight
//! pairs seeded by the league table, with a third-place match, half played (the
//! quarter-finals and the first semi-final), so a newcomer sees a bracket filling in.

use chrono::NaiveDateTime;
use diesel::QueryResult;

use crate::db::DbConn;
use crate::db::brackets::{self, NewBracket};
use crate::domain::bracket::{BracketError, EntrantId, single_elimination};

pub const DEMO_BRACKET: &str = "Fase final de la liga de otoño";

fn domain(e: BracketError) -> diesel::result::Error {
    diesel::result::Error::QueryBuilderError(Box::new(e))
}

fn json(e: serde_json::Error) -> diesel::result::Error {
    diesel::result::Error::SerializationError(Box::new(e))
}

/// Adds the bracket for `league_id` (a finished league of `club_id`); returns its id.
pub fn add_final_phase(
    conn: &mut DbConn,
    club_id: i32,
    league_id: i32,
    now: NaiveDateTime,
) -> QueryResult<i32> {
    let names = crate::db::championship::store::standings_names(conn, league_id)?
        .ok_or(diesel::result::Error::NotFound)?;
    let seeds: Vec<EntrantId> = (0..names.len() as u32).map(EntrantId).collect();
    let mut bracket = single_elimination(&seeds, true).map_err(domain)?;
    // Games to 21: the quarter-finals (one upset) and the first semi-final.
    let scores = [[21, 14], [17, 21], [21, 9], [21, 19], [21, 16]];
    for score in scores {
        let Some(&next) = bracket.playable().first() else {
            break;
        };
        bracket.record_score(next, score).map_err(domain)?;
    }
    let document = serde_json::to_string(&bracket).map_err(json)?;
    let entrants = serde_json::to_string(&names).map_err(json)?;
    brackets::insert_bracket(
        conn,
        &NewBracket {
            club_id,
            championship_id: Some(league_id),
            name: DEMO_BRACKET,
            game: "cuatrola",
            entrants: &entrants,
            document: &document,
            seeding: &format!("event:{league_id}"),
            paper: "a4",
            created_by: super::demo::ACTOR,
            created_at: now,
            updated_at: now,
        },
    )
}
