//! The names migration: a database holding the demo as the schema before it wrote it
//! (championships as `events` and `tournaments`, their tables as `tournament_tables`)
//! is renamed and served; every championship, document, table, game, hand, bracket,
//! audit entry and circuit is where it was, under its new name.

use baza::db::{self, schema};
use diesel::prelude::*;
use diesel::sql_types::Text;
use reqwest::StatusCode;

use crate::helpers::{TestApp, TestDb, texts};

/// The migration that renames: the database is filled just before it.
const NAMES: &str = "2026-11-28-200000_championship_names";

/// The demo's rows as the schema before the renames wrote them.
const BEFORE: &str = include_str!("../data/before-names/demo.sql");

#[derive(QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

/// Each kind of row as lines of text, read under the old names (`old`) or the new.
fn snapshot(conn: &mut db::DbConn, old: bool) -> Vec<Vec<String>> {
    let (ch, doc, tables, id, circuit_list) = if old {
        (
            "events",
            "tournaments",
            "tournament_tables",
            "event_id",
            "events",
        )
    } else {
        (
            "championships",
            "championship_documents",
            "championship_tables",
            "championship_id",
            "championships",
        )
    };
    let queries = [
        format!(
            "SELECT CAST(e.id AS TEXT) || '|' || CAST(e.club_id AS TEXT) || '|' || e.name \
             || '|' || e.game || '|' || e.format || '|' || e.status || '|' || e.options \
             || '|' || CAST(e.rounds_planned AS TEXT) || '|' || CAST(e.starts_on AS TEXT) \
             || '|' || COALESCE(CAST(e.deleted_at AS TEXT), '-') AS line \
             FROM {ch} e ORDER BY e.id"
        ),
        format!(
            "SELECT CAST(d.{id} AS TEXT) || '|' || d.document || '|' || d.checked_in \
             || '|' || CAST(d.published_round AS TEXT) || '|' || CAST(d.version AS TEXT) \
             || '|' || CAST(d.changes AS TEXT) || '|' || d.entry_mode AS line \
             FROM {doc} d ORDER BY d.{id}"
        ),
        format!(
            "SELECT CAST(t.id AS TEXT) || '|' || CAST(t.{id} AS TEXT) || '|' \
             || CAST(t.phase AS TEXT) || '|' || CAST(t.round_no AS TEXT) || '|' \
             || CAST(t.table_no AS TEXT) || '|' || COALESCE(CAST(t.physical AS TEXT), '-') \
             || '|' || t.status || '|' || t.pin || '|' || t.pin_b || '|' \
             || COALESCE(CAST(t.game_id AS TEXT), '-') || '|' \
             || COALESCE(CAST(t.proposed_a AS TEXT), '-') || '|' \
             || COALESCE(CAST(t.proposed_b AS TEXT), '-') || '|' \
             || CAST(t.version AS TEXT) AS line FROM {tables} t ORDER BY t.id"
        ),
        "SELECT CAST(g.id AS TEXT) || '|' || CAST(g.club_id AS TEXT) || '|' || g.game \
         || '|' || g.seats || '|' || g.status || '|' || COALESCE(CAST(g.winner AS TEXT), '-') \
         || '|' || CAST(g.version AS TEXT) || '|' || COALESCE(CAST(g.series_id AS TEXT), '-') \
         AS line FROM games g ORDER BY g.id"
            .to_string(),
        "SELECT CAST(h.id AS TEXT) || '|' || CAST(h.game_id AS TEXT) || '|' \
         || CAST(h.hand_no AS TEXT) || '|' || h.entry || '|' || h.score AS line \
         FROM game_hands h ORDER BY h.id"
            .to_string(),
        format!(
            "SELECT CAST(b.id AS TEXT) || '|' || COALESCE(CAST(b.{id} AS TEXT), '-') || '|' \
             || b.name || '|' || b.document AS line FROM brackets b ORDER BY b.id"
        ),
        format!(
            "SELECT CAST(a.id AS TEXT) || '|' || COALESCE(CAST(a.{id} AS TEXT), '-') || '|' \
             || a.action || '|' || a.entity AS line FROM audit_log a ORDER BY a.id"
        ),
        format!(
            "SELECT CAST(c.id AS TEXT) || '|' || c.name || '|' || c.{circuit_list} AS line \
             FROM circuits c ORDER BY c.id"
        ),
    ];
    queries
        .iter()
        .map(|q| {
            diesel::sql_query(q.as_str())
                .load::<Line>(conn)
                .unwrap_or_else(|e| panic!("{q}: {e}"))
                .into_iter()
                .map(|l| l.line)
                .collect()
        })
        .collect()
}

/// A database at the schema before the renames, holding the demo of that day.
fn database_before_names(test_db: &TestDb) -> Vec<Vec<String>> {
    let mut conn = crate::helpers::database_before(
        test_db,
        NAMES,
        BEFORE,
        &[
            "clubs",
            "people",
            "players",
            "pairs",
            "events",
            "audit_log",
            "games",
            "game_hands",
            "brackets",
            "tournament_tables",
            "circuits",
        ],
    );
    snapshot(&mut conn, true)
}

#[tokio::test]
async fn the_demo_renamed_finds_every_championship_table_game_and_hand_where_it_was() {
    let test_db = TestDb::new();
    let before = database_before_names(&test_db);
    let counts: Vec<usize> = before.iter().map(Vec::len).collect();
    assert_eq!(counts[..5], [6, 6, 122, 56, 494], "the demo's rows");
    let app = TestApp::over(test_db).await;

    let pool = app.pool.clone();
    let (after, names) = tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().unwrap();
        use schema::championships;
        let names: Vec<(i32, String)> = championships::table
            .select((championships::id, championships::name))
            .order(championships::id)
            .load(&mut conn)
            .unwrap();
        (snapshot(&mut conn, false), names)
    })
    .await
    .unwrap();

    // Nothing moved: every row of every kind is the same, under its new name.
    assert_eq!(after, before);

    // Each championship's page is at its number, with its name; a new one takes the
    // next number.
    for (id, name) in &names {
        let page = app
            .page(&format!("/campeonatos/{id}"), StatusCode::OK)
            .await;
        assert_eq!(texts(&page, "h1"), vec![name.clone()], "championship {id}");
    }
    // Each game of a championship table is served at its number.
    for line in &after[2] {
        let game = line.split('|').nth(9).unwrap();
        if game != "-" {
            app.page(&format!("/partidas/{game}"), StatusCode::OK).await;
        }
    }
}
