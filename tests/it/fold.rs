//! The older events model (entries and matches) folded into championships: a
//! database left by the Baza before the fold, filled with old rows, is migrated and
//! served; its events are championships with the standings the old pages showed,
//! and the old addresses answer permanent redirects to their new pages.

use baza::db;
use baza::domain::status::TableStatus;
use diesel::connection::SimpleConnection;
use reqwest::StatusCode;

use crate::helpers::{TestApp, TestDb, texts};

/// The first migration of the fold: the database is created just before it.
const FOLD: &str = "2026-11-25-000003_fold_events";

/// Old rows: one club, six pairs, a cuatrola league to 21 (three rounds played, the
/// last with one match still at the table) and a botifarra championship whose
/// results fit no partida to 101 (a draw, both over 101) and whose rounds are
/// numbered 2 and 5. Entries are inserted out of seed order.
const OLD_ROWS: &str = "
INSERT INTO clubs (id, name, town, created_at) VALUES (1, 'Peña Vieja', 'Cuenca', '2026-01-01 10:00:00');
INSERT INTO players (id, club_id, name, created_at) VALUES
 (1, 1, 'Ana', '2026-01-01 10:00:00'), (2, 1, 'Blas', '2026-01-01 10:00:00'),
 (3, 1, 'Cati', '2026-01-01 10:00:00'), (4, 1, 'Dani', '2026-01-01 10:00:00'),
 (5, 1, 'Eva', '2026-01-01 10:00:00'), (6, 1, 'Fede', '2026-01-01 10:00:00'),
 (7, 1, 'Gema', '2026-01-01 10:00:00'), (8, 1, 'Hugo', '2026-01-01 10:00:00'),
 (9, 1, 'Irene', '2026-01-01 10:00:00'), (10, 1, 'Juan', '2026-01-01 10:00:00'),
 (11, 1, 'Kira', '2026-01-01 10:00:00'), (12, 1, 'Luis', '2026-01-01 10:00:00');
INSERT INTO pairs (id, club_id, name, player1_id, player2_id, created_at) VALUES
 (1, 1, 'Los del Casino', 1, 2, '2026-01-01 10:00:00'),
 (2, 1, 'Sota y Caballo', 3, 4, '2026-01-01 10:00:00'),
 (3, 1, 'Las Cuarenta', 5, 6, '2026-01-01 10:00:00'),
 (4, 1, 'Arrastre', 7, 8, '2026-01-01 10:00:00'),
 (5, 1, 'El Renuncio', 9, 10, '2026-01-01 10:00:00'),
 (6, 1, 'Quintola', 11, 12, '2026-01-01 10:00:00');
INSERT INTO events (id, club_id, name, game, format, status, options, rounds_planned, starts_on, created_at) VALUES
 (1, 1, 'Liga vieja', 'cuatrola', 'league', 'running', '{\"target\":21}', 5, '2026-01-10', '2026-01-01 10:00:00'),
 (2, 1, 'Campeonato viejo', 'botifarra', 'swiss', 'running', '{}', 3, '2026-02-10', '2026-01-01 10:00:00');
INSERT INTO entries (id, event_id, pair_id, seed) VALUES
 (1, 1, 4, 40), (2, 1, 1, 10), (3, 1, 6, 60), (4, 1, 2, 20), (5, 1, 5, 50), (6, 1, 3, 30),
 (7, 2, 3, 3), (8, 2, 1, 1), (9, 2, 2, 2), (10, 2, 4, 4);
INSERT INTO matches (id, event_id, round_no, table_no, entry_a, entry_b, score_a, score_b, status, version, updated_at, pin) VALUES
 (101, 1, 1, 1, 2, 3, 21, 12, 'finished', 1, '2026-01-10 12:00:00', '1111'),
 (102, 1, 1, 2, 4, 5, 19, 21, 'finished', 1, '2026-01-10 12:00:00', '1112'),
 (103, 1, 1, 3, 6, 1, 21, 20, 'finished', 1, '2026-01-10 12:00:00', '1113'),
 (104, 1, 2, 1, 2, 5, 21, 18, 'finished', 1, '2026-01-17 12:00:00', '1121'),
 (105, 1, 2, 2, 6, 3, 14, 21, 'finished', 1, '2026-01-17 12:00:00', '1122'),
 (106, 1, 2, 3, 1, 4, 21, 3, 'finished', 1, '2026-01-17 12:00:00', '1123'),
 (107, 1, 3, 1, 2, 6, 5, 21, 'finished', 1, '2026-01-24 12:00:00', '1131'),
 (108, 1, 3, 2, 5, 1, 21, 17, 'finished', 1, '2026-01-24 12:00:00', '1132'),
 (109, 1, 3, 3, 3, 4, NULL, NULL, 'playing', 0, '2026-01-24 12:00:00', '1133'),
 (201, 2, 2, 1, 8, 10, 64, 64, 'finished', 1, '2026-02-10 12:00:00', '2211'),
 (202, 2, 2, 2, 9, 7, 130, 121, 'finished', 1, '2026-02-10 12:00:00', '2212'),
 (203, 2, 5, 1, 8, 9, 101, 40, 'finished', 1, '2026-02-10 13:00:00', '2251'),
 (204, 2, 5, 2, 7, 10, NULL, NULL, 'playing', 2, '2026-02-10 13:00:00', '4321');
";

/// A line of the old standings: name, played, won, drawn, lost, for, against.
type Line = (String, u32, u32, u32, u32, u32, u32);

/// The standings as the old event page ranked them: matches won, then drawn, then
/// score difference, then score for, then seed. `entries` in seed order; matches
/// by entry index with their scores (finished ones only).
fn old_standings(entries: &[&str], matches: &[(usize, usize, u32, u32)]) -> Vec<Line> {
    let mut rows: Vec<(usize, Line)> = entries
        .iter()
        .enumerate()
        .map(|(i, n)| (i, ((*n).to_owned(), 0, 0, 0, 0, 0, 0)))
        .collect();
    for &(a, b, sa, sb) in matches {
        for (me, mine, theirs) in [(a, sa, sb), (b, sb, sa)] {
            let l = &mut rows[me].1;
            l.1 += 1;
            l.5 += mine;
            l.6 += theirs;
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => l.2 += 1,
                std::cmp::Ordering::Equal => l.3 += 1,
                std::cmp::Ordering::Less => l.4 += 1,
            }
        }
    }
    rows.sort_by(|(i, x), (j, y)| {
        let diff = |l: &Line| i64::from(l.5) - i64::from(l.6);
        (y.2, y.3, diff(y), y.5)
            .cmp(&(x.2, x.3, diff(x), x.5))
            .then(i.cmp(j))
    });
    rows.into_iter().map(|(_, l)| l).collect()
}

/// The standings table of a championship page as lines like [`old_standings`]'s
/// (for and against read from the "points for" and "difference" columns).
fn page_standings(html: &scraper::Html) -> Vec<Line> {
    let names = texts(html, "table.tournament-standings td.name strong");
    let rows = scraper::Selector::parse("table.tournament-standings tbody tr").unwrap();
    let cell = scraper::Selector::parse("td.num").unwrap();
    html.select(&rows)
        .zip(names)
        .map(|(tr, name)| {
            let nums: Vec<String> = tr
                .select(&cell)
                .map(|td| td.text().collect::<String>().trim().to_owned())
                .collect();
            // rank, played, W-D-L, points, wins, difference, points for
            let wdl: Vec<u32> = nums[2].split('-').map(|x| x.parse().unwrap()).collect();
            let diff: i64 = nums[5].trim_start_matches('+').parse().unwrap();
            let points_for: u32 = nums[6].parse().unwrap();
            let against = (i64::from(points_for) - diff) as u32;
            (
                name,
                nums[1].parse().unwrap(),
                wdl[0],
                wdl[1],
                wdl[2],
                points_for,
                against,
            )
        })
        .collect()
}

async fn folded_app() -> TestApp {
    let test_db = TestDb::new();
    let mut conn = test_db.target.connect().expect("connect");
    assert!(db::migrate_before(&mut conn, FOLD).expect("migrate to the fold") > 0);
    conn.batch_execute(OLD_ROWS).expect("old rows");
    drop(conn);
    TestApp::over(test_db).await
}

#[tokio::test]
async fn old_events_become_championships_with_the_standings_they_had() {
    let app = folded_app().await;

    // The league, in seed order: Los del Casino (10), Sota y Caballo (20), Las
    // Cuarenta (30), Arrastre (40), El Renuncio (50), Quintola (60).
    let league = [
        "Los del Casino",
        "Sota y Caballo",
        "Las Cuarenta",
        "Arrastre",
        "El Renuncio",
        "Quintola",
    ];
    // Entry ids 1..6 are seeds 40, 10, 60, 20, 50, 30: indices 3, 0, 5, 1, 4, 2.
    let e = |id: usize| [3, 0, 5, 1, 4, 2][id - 1];
    let finished = [
        (e(2), e(3), 21, 12),
        (e(4), e(5), 19, 21),
        (e(6), e(1), 21, 20),
        (e(2), e(5), 21, 18),
        (e(6), e(3), 14, 21),
        (e(1), e(4), 21, 3),
        (e(2), e(6), 5, 21),
        (e(5), e(1), 21, 17),
    ];
    let expected = old_standings(&league, &finished);
    let html = app.page("/campeonatos/1", StatusCode::OK).await;
    assert_eq!(page_standings(&html), expected);
    // The championship with a draw and scores over 101; rounds 2 and 5 became 1, 2.
    let champ = [
        "Los del Casino",
        "Sota y Caballo",
        "Las Cuarenta",
        "Arrastre",
    ];
    let expected = old_standings(&champ, &[(0, 3, 64, 64), (1, 2, 130, 121), (0, 1, 101, 40)]);
    let html = app.page("/campeonatos/2", StatusCode::OK).await;
    assert_eq!(page_standings(&html), expected);

    // Both documents pass the domain's checks; the open tables are still playing.
    let pool = app.pool.clone();
    let (files, tables) = tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().unwrap();
        let files: Vec<_> = [1, 2]
            .into_iter()
            .map(|id| {
                baza::db::championship::store::load(&mut conn, id)
                    .unwrap()
                    .unwrap()
            })
            .collect();
        let tables = [1, 2]
            .into_iter()
            .flat_map(|id| baza::db::championship::store::tables(&mut conn, id).unwrap())
            .map(|t| (t.championship_id, t.round_no, t.table_no, t.pin, t.status))
            .collect::<Vec<_>>();
        (files, tables)
    })
    .await
    .unwrap();
    for t in &files {
        baza::domain::tournament::validate(&t.file).unwrap();
    }
    assert_eq!(files[0].file.rounds.len(), 3);
    assert_eq!(
        files[1]
            .file
            .rounds
            .iter()
            .map(|r| r.number)
            .collect::<Vec<_>>(),
        [1, 2]
    );
    assert_eq!(tables.len(), 13);
    assert!(tables.contains(&(1, 3, 3, "1133".into(), TableStatus::Playing)));
    assert!(tables.contains(&(2, 2, 2, "4321".into(), TableStatus::Playing)));
    assert!(tables.contains(&(2, 1, 1, "2211".into(), TableStatus::Final)));
    // Its standings page lists them as championships; the old tables are gone.
    let list = app.page("/campeonatos", StatusCode::OK).await;
    let names = texts(&list, ".event-card strong");
    assert!(names.contains(&"Liga vieja".to_owned()), "{names:?}");
    assert!(names.contains(&"Campeonato viejo".to_owned()), "{names:?}");
    let gone = app
        .with_conn(|c| c.batch_execute("SELECT COUNT(*) FROM matches").is_err())
        .await;
    assert!(gone, "the matches table is dropped");
}

#[tokio::test]
async fn old_addresses_answer_permanent_redirects_to_their_championship_pages() {
    let app = folded_app().await;
    let moved = |from: &'static str, to: &'static str| {
        let app = &app;
        async move {
            let res = app.get(from).await;
            assert_eq!(res.status(), StatusCode::MOVED_PERMANENTLY, "{from}");
            assert_eq!(res.headers()["location"], to, "{from}");
        }
    };
    moved("/eventos", "/campeonatos").await;
    moved("/eventos/1", "/campeonatos/1").await;
    moved("/eventos/2/mesas", "/campeonatos/2/imprimir/actas").await;
    moved("/eventos/2/auditoria", "/campeonatos/2/auditoria").await;
    moved(
        "/eventos/2/auditoria?formato=csv",
        "/campeonatos/2/auditoria?formato=csv",
    )
    .await;
    moved("/encuentros/204", "/campeonatos/2/rondas/2/mesas/2").await;
    moved("/mesa/204", "/campeonatos/2/rondas/2/mesas/2").await;
    moved("/encuentros/109", "/campeonatos/1/rondas/3/mesas/3").await;
    assert_eq!(
        app.get("/encuentros/999").await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.get("/mesa/abc").await.status(), StatusCode::NOT_FOUND);

    // Posts keep their method and body (308): the PIN form, a result, the API.
    let csrf = app.csrf().await;
    let res = app
        .client
        .post(app.url("/mesa/204"))
        .form(&[("csrf", csrf.as_str()), ("pin", "4321")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(
        res.headers()["location"],
        "/campeonatos/2/rondas/2/mesas/2/pin"
    );
    let res = app
        .client
        .post(app.url("/encuentros/204/resultado"))
        .form(&[("csrf", csrf.as_str()), ("score_a", "101")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(res.headers()["location"], "/campeonatos/2/rondas/2/mesas/2");
    let res = app
        .client
        .post(app.url("/api/v1/matches/204/result"))
        .json(&serde_json::json!({"score_a": 101, "score_b": 50, "version": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(
        res.headers()["location"],
        "/api/v1/campeonatos/2/rondas/2/mesas/2/resultado"
    );

    // The old table PIN opens the table it became.
    let res = app
        .client
        .post(app.url("/campeonatos/2/rondas/2/mesas/2/pin"))
        .form(&[("csrf", csrf.as_str()), ("pin", "4321")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let table = app
        .page("/campeonatos/2/rondas/2/mesas/2", StatusCode::OK)
        .await;
    assert!(
        crate::helpers::attr(&table, "input[name=score_a]", "name").is_some(),
        "the scorekeeper gets the score form"
    );
}

#[tokio::test]
async fn a_script_posting_to_the_old_result_api_lands_its_result_in_the_championship() {
    let app = folded_app().await;
    app.add_user("org", "organiser", Some(1)).await;
    app.add_api_token("org", "baza_org_token").await;
    // A client that follows redirects, as scripts do: the 308 keeps the POST and
    // its body, and the version read before the fold still holds.
    let script = reqwest::Client::new();
    let res = script
        .post(app.url("/api/v1/matches/204/result"))
        .bearer_auth("baza_org_token")
        .json(&serde_json::json!({"score_a": 101, "score_b": 50, "version": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["status"], "final");
    assert_eq!(body["version"], 3);
    assert_eq!(
        (body["round"].clone(), body["table"].clone()),
        (2.into(), 2.into())
    );
    // The same again is stale; a score the match format refuses is a 422.
    let again = |body: serde_json::Value| {
        script
            .post(app.url("/api/v1/campeonatos/2/rondas/2/mesas/2/resultado"))
            .bearer_auth("baza_org_token")
            .json(&body)
            .send()
    };
    assert_eq!(
        again(serde_json::json!({"score_a": 101, "score_b": 50, "version": 2}))
            .await
            .unwrap()
            .status(),
        StatusCode::CONFLICT
    );
    assert_eq!(
        again(serde_json::json!({"score_a": 300, "score_b": 50, "version": 3}))
            .await
            .unwrap()
            .status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    // The standings count it: Las Cuarenta now has a win.
    let champ = [
        "Los del Casino",
        "Sota y Caballo",
        "Las Cuarenta",
        "Arrastre",
    ];
    let expected = old_standings(
        &champ,
        &[
            (0, 3, 64, 64),
            (1, 2, 130, 121),
            (0, 1, 101, 40),
            (2, 3, 101, 50),
        ],
    );
    let html = app.page("/campeonatos/2", StatusCode::OK).await;
    assert_eq!(page_standings(&html), expected);
}
