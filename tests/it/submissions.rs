//! A hand's submission id (a form's one-time id) is its game's: a resend to the same
//! game stores nothing more, the same id in another game is that game's hand, and the
//! migration that scoped it keeps every hand of a database written before.

use baza::db::{self, games, schema::game_hands};
use diesel::prelude::*;
use diesel::sql_types::Text;
use reqwest::StatusCode;

use crate::club::start;
use crate::helpers::{TestApp, TestDb, attr};

/// Posts a botifarra hand to game `game` at its current version with `submission`.
async fn hand(app: &TestApp, client: &reqwest::Client, game: i32, submission: &str) -> StatusCode {
    let page = app.text_as(client, &format!("/partidas/{game}")).await;
    let version = attr(
        &scraper::Html::parse_document(&page),
        ".big-score",
        "data-version",
    )
    .unwrap();
    let csrf = app.csrf_for(client).await;
    client
        .post(app.url(&format!("/partidas/{game}/mano")))
        .form(&[
            ("csrf", csrf.as_str()),
            ("version", version.as_str()),
            ("submission", submission),
            ("chooser", "3"),
            ("choice", "o"),
            ("doubles", "0"),
            ("points_side0", "50"),
        ])
        .send()
        .await
        .unwrap()
        .status()
}

async fn hands_of(app: &TestApp, game: i32) -> i64 {
    app.with_conn(move |c| {
        game_hands::table
            .filter(game_hands::game_id.eq(game))
            .count()
            .get_result(c)
            .unwrap()
    })
    .await
}

#[tokio::test]
async fn a_submission_id_already_used_in_another_game_stores_the_hand_of_this_game() {
    let t = start("botifarra", 4, &[]).await;
    assert_eq!(
        hand(&t.app, &t.client, t.game, "phone-1").await,
        StatusCode::SEE_OTHER
    );
    // A second game of the club, its hand sent with the same one-time id.
    let csrf = t.app.csrf_for(&t.client).await;
    let res = t
        .client
        .post(t.app.url("/clubes/1/partidas/nueva"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("game", "botifarra"),
            ("players", "4"),
            ("first_dealer", "3"),
            ("seat_0", "Ana"),
            ("seat_1", "Benito"),
            ("seat_2", "Carmen"),
            ("seat_3", "Dámaso"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let other: i32 = crate::helpers::game_made(&res);
    assert_ne!(other, t.game);
    assert_eq!(
        hand(&t.app, &t.client, other, "phone-1").await,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        hands_of(&t.app, other).await,
        1,
        "the other game's hand is stored"
    );
    // Sent again to that game, it is the same hand: nothing more is stored.
    assert_eq!(
        hand(&t.app, &t.client, other, "phone-1").await,
        StatusCode::SEE_OTHER
    );
    assert_eq!(hands_of(&t.app, other).await, 1);
    assert_eq!(hands_of(&t.app, t.game).await, 1);
}

/// The migration that scoped submission ids.
const SCOPED: &str = "2026-11-29-200000_hand_submissions_per_game";

#[derive(QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

/// Every hand, every column, as lines of text.
fn hands(conn: &mut db::DbConn) -> Vec<String> {
    diesel::sql_query(
        "SELECT CAST(h.id AS TEXT) || '|' || CAST(h.game_id AS TEXT) || '|' \
         || CAST(h.hand_no AS TEXT) || '|' || h.kind || '|' || CAST(h.dealer AS TEXT) \
         || '|' || h.entry || '|' || h.score || '|' || h.submission || '|' \
         || CAST(h.created_at AS TEXT) || '|' || CAST(h.updated_at AS TEXT) AS line \
         FROM game_hands h ORDER BY h.id",
    )
    .load::<Line>(conn)
    .unwrap()
    .into_iter()
    .map(|l| l.line)
    .collect()
}

#[test]
fn the_demo_migrated_keeps_every_hand_and_a_submission_id_is_unique_only_within_its_game() {
    let test_db = TestDb::new();
    let mut conn = crate::helpers::database_before(
        &test_db,
        "2026-11-28-200000_championship_names",
        include_str!("../data/before-names/demo.sql"),
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
    assert!(db::migrate_before(&mut conn, SCOPED).unwrap() > 0);
    let before = hands(&mut conn);
    assert_eq!(before.len(), 494, "the demo's hands");
    let last: i32 = before[before.len() - 1]
        .split('|')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    db::migrate(&mut conn).unwrap();
    assert_eq!(hands(&mut conn), before, "every hand as it was");

    // A submission id of game A's hand, given to a new hand of game B: stored.
    let first = before[0].split('|').collect::<Vec<_>>();
    let (game_a, used) = (first[1].parse::<i32>().unwrap(), first[7].to_owned());
    let game_b = before
        .iter()
        .map(|l| l.split('|').nth(1).unwrap().parse::<i32>().unwrap())
        .find(|g| *g != game_a)
        .unwrap();
    let at = chrono::NaiveDate::from_ymd_opt(2026, 11, 29)
        .unwrap()
        .and_hms_opt(8, 0, 0)
        .unwrap();
    let new = |game_id, hand_no| games::NewHand {
        game_id,
        hand_no,
        kind: "quick",
        dealer: 0,
        entry: "{}",
        score: "{}",
        submission: &used,
        created_at: at,
        updated_at: at,
    };
    let id = games::insert_hand(&mut conn, &new(game_b, 900)).unwrap();
    assert!(id > last, "a new hand takes a new id: {id} after {last}");
    // Twice in game A: refused by the database.
    let twice = games::insert_hand(&mut conn, &new(game_a, 901));
    assert!(
        twice.is_err_and(|e| baza::db::accounts::is_unique_violation(&e)),
        "the same submission twice in one game"
    );
}
