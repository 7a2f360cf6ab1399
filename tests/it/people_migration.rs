//! The people migration: a database written by the Baza before people were their own
//! records (the demo of that day, as rows) is migrated and served; every player,
//! pair, game seat and championship entrant is where it was, every player is a
//! person with a membership of her club, and the ratings of those already rated are
//! the same.

use std::collections::BTreeMap;

use baza::db::{self, ratings, schema};
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::helpers::{TestApp, TestDb, texts};

/// The migration that made people: the database is filled just before it.
const PEOPLE: &str = "2026-11-28-000020_people";

/// The demo's rows as the schema before people wrote them.
const BEFORE: &str = include_str!("../data/before-people/demo.sql");

/// The ratings `baza ratings recompute --json` printed for those rows then.
const RATINGS_BEFORE: &str = include_str!("../data/before-people/ratings.json");

type Snapshot = (
    Vec<(i32, i32, String)>,
    Vec<(i32, i32, String, i32, i32)>,
    Vec<(i32, String)>,
    Vec<(i32, String)>,
    Vec<(i32, String)>,
    i64,
);

#[derive(QueryableByName)]
struct Document {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    id: i32,
    #[diesel(sql_type = diesel::sql_types::Text)]
    document: String,
}

/// Players, pairs, game seats, championship documents, bracket entrants and the
/// number of hands, read with the columns both schemas have.
fn snapshot(conn: &mut db::DbConn, renamed: bool) -> Snapshot {
    use schema::{brackets, game_hands, games, pairs, players};
    // The championship documents as the schema of the time names them.
    let (documents, key) = if renamed {
        ("championship_documents", "championship_id")
    } else {
        ("tournaments", "event_id")
    };
    (
        players::table
            .select((players::id, players::club_id, players::name))
            .order(players::id)
            .load(conn)
            .unwrap(),
        pairs::table
            .select((
                pairs::id,
                pairs::club_id,
                pairs::name,
                pairs::player1_id,
                pairs::player2_id,
            ))
            .order(pairs::id)
            .load(conn)
            .unwrap(),
        games::table
            .select((games::id, games::seats))
            .order(games::id)
            .load(conn)
            .unwrap(),
        diesel::sql_query(format!(
            "SELECT {key} AS id, document FROM {documents} ORDER BY {key}"
        ))
        .load::<Document>(conn)
        .unwrap()
        .into_iter()
        .map(|d| (d.id, d.document))
        .collect(),
        brackets::table
            .select((brackets::id, brackets::entrants))
            .order(brackets::id)
            .load(conn)
            .unwrap(),
        game_hands::table.count().get_result(conn).unwrap(),
    )
}

/// A database at the schema before people, holding the demo of that day.
fn database_before_people(test_db: &TestDb) -> Snapshot {
    let mut conn = crate::helpers::database_before(
        test_db,
        PEOPLE,
        BEFORE,
        &[
            "clubs",
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
    snapshot(&mut conn, false)
}

#[tokio::test]
async fn the_demo_written_before_people_keeps_every_player_pair_seat_and_entrant_and_its_ratings() {
    let test_db = TestDb::new();
    let before = database_before_people(&test_db);
    assert_eq!(before.0.len(), 16, "the demo's players");
    let app = TestApp::over(test_db).await;

    let pool = app.pool.clone();
    let (after, people, members, computed) = tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().unwrap();
        use schema::{people, players};
        let people: Vec<(i32, String, String, Option<String>)> = people::table
            .select((people::id, people::code, people::name, people::licence))
            .order(people::id)
            .load(&mut conn)
            .unwrap();
        let members: Vec<(
            i32,
            i32,
            Option<chrono::NaiveDate>,
            Option<chrono::NaiveDate>,
        )> = players::table
            .select((
                players::id,
                players::person_id,
                players::joined_on,
                players::left_on,
            ))
            .order(players::id)
            .load(&mut conn)
            .unwrap();
        let computed = ratings::compute(&mut conn, Default::default()).unwrap();
        (snapshot(&mut conn, true), people, members, computed)
    })
    .await
    .unwrap();

    // Nothing moved: players, pairs, seats, documents, brackets, hands.
    assert_eq!(after, before);

    // Every player is a person of her own, with the player's number and name, a
    // code of ten hexadecimal digits, no licence, and a membership from the day the
    // player was added.
    assert_eq!(people.len(), before.0.len());
    let codes: std::collections::BTreeSet<&str> = people.iter().map(|p| p.1.as_str()).collect();
    assert_eq!(codes.len(), people.len(), "codes are unique");
    for ((id, _, name), (pid, code, pname, licence)) in before.0.iter().zip(&people) {
        assert_eq!((id, name), (pid, pname));
        assert_eq!(code.len(), 10);
        assert!(code.chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(licence, &None);
    }
    for (player, person, joined, left) in &members {
        assert_eq!(player, person);
        assert!(joined.is_some());
        assert_eq!(left, &None);
    }

    // The same ratings for the people who were rated. Ratings were one list then and
    // are one per game now: whoever played one game only (cuatrola) has the numbers
    // of then; the eight who also played a finished tute or botifarra club game have
    // a rating in each game, their games adding up to those of then.
    let then: Vec<serde_json::Value> = serde_json::from_str(RATINGS_BEFORE).unwrap();
    assert_eq!(then.len(), 16);
    let mut now: BTreeMap<i32, Vec<(f64, f64, u32)>> = BTreeMap::new();
    for game in computed.games() {
        for (p, r, games) in computed.table(game) {
            now.entry(p.id).or_default().push((r.rating, r.rd, games));
        }
    }
    assert_eq!(now.len(), then.len(), "the same people are rated");
    let mut one_game = 0;
    for old in &then {
        let id = old["player_id"].as_i64().unwrap() as i32;
        let games: u32 = now[&id].iter().map(|l| l.2).sum();
        assert_eq!(u64::from(games), old["games"].as_u64().unwrap(), "{old}");
        if let [(rating, rd, _)] = now[&id][..] {
            one_game += 1;
            assert!(
                (rating - old["rating"].as_f64().unwrap()).abs() < 1e-9,
                "{old}"
            );
            assert!((rd - old["rd"].as_f64().unwrap()).abs() < 1e-9, "{old}");
        }
    }
    assert_eq!(one_game, 8, "{now:?}");

    // A player's page is her person's page, with her club.
    let page = app.page("/jugadores/1", StatusCode::OK).await;
    assert_eq!(texts(&page, "h1"), vec!["Ana Martínez".to_string()]);
    assert_eq!(
        texts(&page, ".club-spans a"),
        vec!["Peña La Baza".to_string()]
    );
}
