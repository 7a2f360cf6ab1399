//! Under load and faults: a server killed mid-stream keeps every acknowledged hand;
//! two processes on one database agree and never lose a conflict; hostile input at
//! volume gets 4xx while good requests keep succeeding; unchanged pages answer 304;
//! a page costs the same number of queries whatever the data.

use baza::domain::status::TableStatus;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{
    TestApp, TestDb, attr, csrf_at as csrf, login_at as login, new_client, sent_until_read, texts,
};

/// A `baza serve` process on a free port over `url`.
pub(crate) struct Server {
    pub(crate) child: Child,
    pub(crate) address: String,
}

impl Server {
    pub(crate) async fn start(url: &str) -> Server {
        Server::start_with(url, &[]).await
    }

    /// [`Server::start`] with more arguments for `baza serve`.
    pub(crate) async fn start_with(url: &str, more: &[&str]) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("free port");
        #[allow(clippy::zombie_processes)] // waited for in `Drop`
        let child = Command::new(env!("CARGO_BIN_EXE_baza"))
            .args([
                "serve",
                "--bind",
                &format!("127.0.0.1:{port}"),
                "--db",
                url,
                "--workers",
                "2",
            ])
            .args(more)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start baza serve");
        let address = format!("http://127.0.0.1:{port}");
        let mut server = Server { child, address };
        let client = new_client();
        for _ in 0..200 {
            if let Ok(r) = client.get(server.url("/health")).send().await
                && r.status() == StatusCode::OK
            {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = server.child.kill();
        panic!("baza serve did not answer on {}", server.address);
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// SIGKILL: no shutdown, no flush.
    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A new cuatrola game in the demo club; its id.
pub(crate) async fn new_game(base: &str, client: &reqwest::Client) -> i32 {
    let token = csrf(base, client).await.expect("csrf");
    let form = [
        ("csrf", token.as_str()),
        ("game", "cuatrola"),
        ("players", "4"),
        ("first_dealer", "3"),
        ("seat_0", "Ana"),
        ("seat_1", "Benito"),
        ("seat_2", "Carmen"),
        ("seat_3", "Dámaso"),
    ];
    let res = sent_until_read(|| {
        client
            .post(format!("{base}/clubes/1/partidas/nueva"))
            .form(&form)
    })
    .await
    .expect("new game");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    res.headers()["location"]
        .to_str()
        .expect("location")
        .trim_start_matches("/partidas/")
        .parse()
        .expect("game id")
}

/// The version the game page shows (the optimistic lock of a hand entry).
pub(crate) async fn version(
    base: &str,
    client: &reqwest::Client,
    game: i32,
) -> reqwest::Result<String> {
    let body = sent_until_read(|| client.get(format!("{base}/partidas/{game}")))
        .await?
        .text()
        .await?;
    Ok(attr(
        &scraper::Html::parse_document(&body),
        ".big-score",
        "data-version",
    )
    .unwrap_or_default())
}

/// Posts one won solo (1 point to the soloist's side) at `version`.
pub(crate) async fn post_hand(
    base: &str,
    client: &reqwest::Client,
    game: i32,
    version: &str,
    submission: &str,
) -> reqwest::Result<reqwest::Response> {
    let token = csrf(base, client).await?;
    let mut form = vec![
        ("csrf", token.as_str()),
        ("version", version),
        ("submission", submission),
    ];
    form.extend_from_slice(&crate::helpers::CUATROLA_SOLO);
    // Sent again with its submission id while not read, as pending.js does.
    sent_until_read(|| {
        client
            .post(format!("{base}/partidas/{game}/mano"))
            .form(&form)
    })
    .await
}

/// The hands of a game as exported (`baza-game/1`).
pub(crate) async fn exported_hands(base: &str, client: &reqwest::Client, game: i32) -> Vec<Value> {
    let res = sent_until_read(|| client.get(format!("{base}/partidas/{game}/exportar")))
        .await
        .expect("export");
    assert_eq!(res.status(), StatusCode::OK);
    let v: Value = res.json().await.expect("json");
    v["hands"].as_array().cloned().unwrap_or_default()
}

/// A fresh database with the demo club and an organiser; (db, url, password).
async fn seeded_db() -> (TestDb, String, String) {
    let db = TestDb::new();
    let pool = db.pool();
    let password = "org-secret-pw".to_owned();
    let pw = password.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().expect("connection");
        let now = baza::web::account::now();
        baza::demo::fill(&mut conn, now.date(), now).expect("demo");
        let hash = baza::service::account::hash_password(&pw).expect("hash");
        baza::db::accounts::insert_user(
            &mut conn,
            &baza::db::accounts::NewUser {
                username: "org",
                password_hash: &hash,
                role: "organiser",
                club_id: Some(1),
                created_at: now,
            },
        )
        .expect("user");
    })
    .await
    .expect("seed");
    let url = db.url.clone();
    (db, url, password)
}

#[tokio::test]
async fn a_server_killed_mid_stream_keeps_every_acknowledged_hand() {
    let (_db, url, pw) = seeded_db().await;
    let server = Server::start(&url).await;
    let client = new_client();
    login(&server.address, &client, "org", &pw).await;
    let games = [
        new_game(&server.address, &client).await,
        new_game(&server.address, &client).await,
        new_game(&server.address, &client).await,
    ];
    // Two scorekeepers stream hands into their games; the server dies under them.
    let acked = Arc::new(AtomicUsize::new(0));
    let mut streams = Vec::new();
    for (k, game) in games.into_iter().enumerate() {
        let (acked, client, address) = (acked.clone(), client.clone(), server.address.clone());
        streams.push(tokio::spawn(async move {
            let mut mine = 0usize;
            // A won solo is 2 points: 8 hands stay under the 21 that ends a game.
            for n in 0..8 {
                let Ok(res) = (async {
                    let v = version(&address, &client, game).await?;
                    post_hand(&address, &client, game, &v, &format!("k{k}-{n}")).await
                })
                .await
                else {
                    break;
                };
                if res.status() != StatusCode::SEE_OTHER {
                    let code = res.status();
                    eprintln!(
                        "hand refused: {code} {}",
                        res.text().await.unwrap_or_default()
                    );
                    break;
                }
                mine += 1;
                acked.fetch_add(1, Ordering::SeqCst);
            }
            (game, mine)
        }));
    }
    for _ in 0..2000 {
        if acked.load(Ordering::SeqCst) >= 12 || streams.iter().all(|s| s.is_finished()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.kill();
    let mut per_game = Vec::new();
    for s in streams {
        per_game.push(s.await.expect("stream"));
    }
    let total: usize = per_game.iter().map(|(_, n)| n).sum();
    assert!(total >= 12, "{per_game:?}");

    // Restarted on the same database: every acknowledged hand is there, numbered
    // without gaps, and the score is the sum of the hands.
    let server = Server::start(&url).await;
    let client = new_client();
    login(&server.address, &client, "org", &pw).await;
    for (game, mine) in per_game {
        let hands = exported_hands(&server.address, &client, game).await;
        assert!(
            hands.len() == mine || hands.len() == mine + 1,
            "game {game}: {} stored, {mine} acknowledged",
            hands.len()
        );
        let body = client
            .get(server.url(&format!("/partidas/{game}")))
            .send()
            .await
            .expect("page")
            .text()
            .await
            .expect("body");
        let html = scraper::Html::parse_document(&body);
        assert_eq!(
            texts(&html, ".big-score")[0],
            format!("{} – 0", 2 * hands.len()),
            "game {game}"
        );
        // The game still takes hands.
        let v = version(&server.address, &client, game)
            .await
            .expect("version");
        let res = post_hand(&server.address, &client, game, &v, &format!("after-{game}"))
            .await
            .expect("post");
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
}

#[tokio::test]
async fn two_processes_on_one_database_see_each_others_writes_and_conflicts() {
    let (_db, url, pw) = seeded_db().await;
    let a = Server::start(&url).await;
    let b = Server::start(&url).await;
    // One login serves both: the session key lives in the database.
    let client = new_client();
    login(&a.address, &client, "org", &pw).await;
    let game = new_game(&b.address, &client).await;
    for n in 0..8 {
        let (write, read) = if n % 2 == 0 { (&a, &b) } else { (&b, &a) };
        let v = version(&read.address, &client, game)
            .await
            .expect("version");
        let res = post_hand(&write.address, &client, game, &v, &format!("s{n}"))
            .await
            .expect("post");
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "hand {n}");
        // The other process reads it at once.
        let body = client
            .get(read.url(&format!("/partidas/{game}")))
            .send()
            .await
            .expect("page")
            .text()
            .await
            .expect("body");
        let html = scraper::Html::parse_document(&body);
        assert_eq!(
            texts(&html, ".big-score")[0],
            format!("{} – 0", 2 * (n + 1))
        );
    }
    // Two scorekeepers read the same version and save through different processes:
    // one is kept, the other refused, never silently overwritten.
    let v = version(&a.address, &client, game).await.expect("version");
    let (ra, rb) = tokio::join!(
        post_hand(&a.address, &client, game, &v, "race-a"),
        post_hand(&b.address, &client, game, &v, "race-b")
    );
    let mut codes = [
        ra.expect("a").status().as_u16(),
        rb.expect("b").status().as_u16(),
    ];
    codes.sort_unstable();
    assert_eq!(codes[0], 303, "{codes:?}");
    assert!(codes[1] == 409 || codes[1] == 422, "{codes:?}");
    assert_eq!(exported_hands(&a.address, &client, game).await.len(), 9);
    assert_eq!(exported_hands(&b.address, &client, game).await.len(), 9);
}

/// A load balancer sends a hand again to a second server when the first dies before
/// answering; the first may have sent its commit already. The second server finds the
/// game's version taken by that commit, looks for the hand's submission once more and
/// answers it as stored, not as somebody else's change.
#[tokio::test]
async fn a_hand_sent_again_while_its_first_sending_still_commits_is_answered_as_stored() {
    use diesel::{Connection, RunQueryDsl};
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Huesca").await;
    assert_eq!(club, 1);
    let base = app.address.clone();
    let game = new_game(&base, &app.client).await;
    let v = version(&base, &app.client, game).await.expect("version");
    let first = post_hand(&base, &app.client, game, &v, "first")
        .await
        .expect("post");
    assert_eq!(first.status(), StatusCode::SEE_OTHER);
    let v = version(&base, &app.client, game).await.expect("version");

    // The first server's transaction: the hand stored as hand 2 with its submission,
    // the version taken, and the commit still on its way while the hand comes again.
    let (begun, wait) = std::sync::mpsc::channel();
    let pool = app.pool.clone();
    let first_server = std::thread::spawn(move || {
        let mut conn = pool.get().expect("connection");
        conn.transaction::<_, diesel::result::Error, _>(|c| {
            diesel::sql_query(format!(
                "UPDATE games SET version = version + 1 WHERE id = {game}"
            ))
            .execute(c)?;
            diesel::sql_query(format!(
                "INSERT INTO game_hands \
                 (game_id, hand_no, kind, dealer, entry, score, submission, created_at, updated_at) \
                 SELECT game_id, 2, kind, dealer, entry, score, 'again', created_at, updated_at \
                 FROM game_hands WHERE game_id = {game} AND hand_no = 1"
            ))
            .execute(c)?;
            begun.send(()).expect("signal");
            std::thread::sleep(Duration::from_millis(1500));
            Ok(())
        })
        .expect("the first server's commit");
    });
    tokio::task::spawn_blocking(move || wait.recv())
        .await
        .expect("wait")
        .expect("begun");
    let again = post_hand(&base, &app.client, game, &v, "again")
        .await
        .expect("post");
    first_server.join().expect("first server");
    assert_eq!(again.status(), StatusCode::SEE_OTHER);
    let stored = app
        .with_conn(move |conn| {
            #[derive(diesel::QueryableByName)]
            struct Count {
                #[diesel(sql_type = diesel::sql_types::BigInt)]
                n: i64,
            }
            diesel::sql_query(format!(
                "SELECT COUNT(*) AS n FROM game_hands \
                 WHERE game_id = {game} AND submission = 'again'"
            ))
            .get_result::<Count>(conn)
            .expect("count")
            .n
        })
        .await;
    assert_eq!(stored, 1, "the hand is stored once");
}

#[tokio::test]
async fn hostile_input_at_volume_gets_4xx_while_good_requests_keep_succeeding() {
    let app = TestApp::with_demo().await;
    let bad_utf8: Vec<u8> = b"username=\xff\xfe&password=\xc3\x28".to_vec();
    let deep_json = "[".repeat(100_000) + &"]".repeat(100_000);
    let huge_form = format!("csrf=x&record={}", "a".repeat(2 * 1024 * 1024));
    let long_path = format!("/campeonatos/{}", "9".repeat(20_000));
    let good = new_client();
    let mut bad_count = 0usize;
    for round in 0..12 {
        let hostile: Vec<reqwest::RequestBuilder> = vec![
            app.client
                .post(app.url("/api/v1/check"))
                .header("content-type", "application/json")
                .body(deep_json.clone()),
            app.client
                .post(app.url("/api/v1/check"))
                .header("content-type", "application/json")
                .body(format!("{{\"game\": \"{}\"}}", "x".repeat(3 * 1024 * 1024))),
            app.client
                .post(app.url("/entrar"))
                .header("content-type", "application/x-www-form-urlencoded")
                .body(bad_utf8.clone()),
            app.client
                .post(app.url("/arbitro"))
                .header("content-type", "application/x-www-form-urlencoded")
                .body(huge_form.clone()),
            app.client
                .post(app.url("/arbitro/subir"))
                .header("content-type", "multipart/form-data; boundary=zz")
                .body("--zz\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n\u{0}\u{0}"),
            app.client
                .get(app.url("/static/..%2F..%2F..%2Fetc%2Fpasswd")),
            app.client.get(app.url("/campeonatos/%FF%FE")),
            app.client.get(app.url("/campeonatos/1%00")),
            app.client.get(app.url(&long_path)),
            app.client
                .get(app.url("/partidas/-1/manos/99999999999999999999")),
            app.client.delete(app.url("/campeonatos/1")),
            new_client()
                .post(app.url("/salir"))
                .header("Cookie", format!("baza_session={}", "%ff".repeat(500)))
                .form(&[("csrf", "forged")]),
            app.client
                .post(app.url(&format!("/partidas/1/mano?r={round}")))
                .form(&[("version", "nope")]),
        ];
        let n = hostile.len();
        let bad = async {
            let mut codes = Vec::new();
            for req in hostile {
                codes.push(req.send().await.map(|r| r.status().as_u16()));
            }
            codes
        };
        let fine = async {
            let mut codes = Vec::new();
            for path in ["/", "/campeonatos", "/campeonatos/1", "/health"] {
                codes.push(
                    good.get(app.url(path))
                        .send()
                        .await
                        .map(|r| r.status().as_u16()),
                );
            }
            codes
        };
        let (bad, fine) = tokio::join!(bad, fine);
        for (i, code) in bad.into_iter().enumerate() {
            match code {
                Ok(c) => assert!(
                    (400..500).contains(&c),
                    "hostile request {i} of round {round}: {c}"
                ),
                // The server may close a connection whose request it refuses to
                // read (an oversized body): acceptable, as long as it serves on.
                Err(e) => assert!(i == 1 || i == 3, "hostile request {i}: {e}"),
            }
        }
        bad_count += n;
        for code in fine {
            assert_eq!(code.expect("good request"), 200);
        }
    }
    assert_eq!(bad_count, 12 * 13);
    // Still healthy, and nothing was written by the hostile requests.
    assert_eq!(app.get("/health").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_unchanged_page_answers_304_and_a_change_gives_a_new_etag() {
    let app = TestApp::with_demo().await;
    let id = demo_championship(&app).await;
    let page = format!("/campeonatos/{id}");
    let client = new_client();
    let res = client.get(app.url(&page)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let tag = res.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(res.headers()["cache-control"], "no-cache");
    let res = client
        .get(app.url(&page))
        .header("If-None-Match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NOT_MODIFIED);
    assert!(res.bytes().await.unwrap().is_empty());

    // A result entered changes the page: the old tag no longer matches.
    let pw = app.add_user("org", "organiser", Some(1)).await;
    let org = new_client();
    app.login(&org, "org", &pw).await;
    let (round, table): (i32, i32) = app
        .with_conn(move |c| {
            use baza::db::schema::championship_tables as tt;
            use diesel::prelude::*;
            tt::table
                .filter(tt::championship_id.eq(id))
                .filter(tt::status.eq("playing"))
                .select((tt::round_no, tt::table_no))
                .order((tt::round_no, tt::table_no))
                .first(c)
                .unwrap()
        })
        .await;
    let href = format!("/campeonatos/{id}/rondas/{round}/mesas/{table}");
    let form = org.get(app.url(&href)).send().await.unwrap();
    let form = scraper::Html::parse_document(&form.text().await.unwrap());
    let version = attr(&form, "input[name=version]", "value").unwrap();
    let token = attr(&form, "input[name=csrf]", "value").unwrap();
    let res = org
        .post(app.url(&href))
        .form(&[
            ("csrf", token.as_str()),
            ("version", version.as_str()),
            ("score_a", "101"),
            ("score_b", "57"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the result was taken");
    let res = client
        .get(app.url(&page))
        .header("If-None-Match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_ne!(res.headers()["etag"].to_str().unwrap(), tag);
}

#[tokio::test]
async fn a_page_costs_the_same_number_of_queries_whatever_the_data() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("org", "organiser", Some(1)).await;
    let org = new_client();
    app.login(&org, "org", &pw).await;
    let target = app.db.target.clone();
    let cost = |path: &'static str| {
        let (client, url, target) = (org.clone(), app.url(path), target.clone());
        async move {
            // Warm (session, caches), then count one view.
            client.get(&url).send().await.unwrap();
            let before = baza::db::queries_run(&target);
            let res = client.get(&url).send().await.unwrap();
            assert_eq!(res.status(), StatusCode::OK, "{path}");
            baza::db::queries_run(&target) - before
        }
    };
    let pages = [
        "/",
        "/campeonatos",
        "/campeonatos/1",
        "/campeonatos/2",
        "/clubes/1",
    ];
    let mut small = Vec::new();
    for p in pages {
        small.push(cost(p).await);
    }
    // Ten times more entrants and tables in the championships: forty entrants more
    // in each, and a round of twenty tables with their results.
    app.with_conn(|conn| {
        use baza::domain::tournament::{Entrant, MatchResult, Pairing, Round, TablePairing};
        use baza::service::championship::{Audit, change};
        let now = baza::web::account::now();
        for event in [1, 2] {
            change(conn, event, "test", now, |_, t| {
                let first = t.file.entrants.len() + 1;
                let number = t.file.rounds.len() as u32 + 1;
                let mut round = Round {
                    in_play: Vec::new(),
                    number,
                    pairings: Vec::new(),
                    results: Vec::new(),
                };
                let score = if event == 1 { [21, 5] } else { [101, 40] };
                for k in 0..40 {
                    let id = (first + k).to_string();
                    let mut e = Entrant::new(id.clone(), format!("Extra {event}-{k}"));
                    e.first_round = number;
                    t.file.entrants.push(e);
                    if k % 2 == 1 {
                        let table = k as u32 / 2 + 1;
                        round.pairings.push(Pairing::Table(TablePairing {
                            table,
                            a: (first + k - 1).to_string(),
                            b: id,
                        }));
                        round
                            .results
                            .push(MatchResult::new(table, score[0], score[1]));
                    }
                }
                t.file.rounds.push(round);
                Ok((
                    (),
                    Audit {
                        action: "test",
                        entity: "round",
                        entity_id: number as i32,
                        before: None,
                        after: None,
                    },
                ))
            })
            .unwrap();
        }
    })
    .await;
    let mut large = Vec::new();
    for p in pages {
        large.push(cost(p).await);
    }
    assert_eq!(small, large, "queries per page for {pages:?}");
    assert!(small.iter().all(|q| *q <= 12), "{small:?}");
}

/// The demo's running Swiss: the championship with tables still being played.
async fn demo_championship(app: &TestApp) -> i32 {
    app.with_conn(|c| {
        use baza::db::schema::championship_tables as tt;
        use diesel::prelude::*;
        tt::table
            .filter(tt::status.eq("playing"))
            .select(tt::championship_id)
            .first(c)
            .expect("the demo has a running championship")
    })
    .await
}

#[tokio::test]
async fn a_public_page_goes_out_gzipped_to_a_phone_with_its_own_etag() {
    let app = TestApp::with_demo().await;
    let id = demo_championship(&app).await;
    let client = new_client();
    for path in [
        format!("/campeonatos/{id}"),
        format!("/campeonatos/{id}/directo"),
    ] {
        let get = |encoding: Option<&'static str>, tag: Option<String>| {
            let mut req = client.get(app.url(&path));
            if let Some(e) = encoding {
                req = req.header("accept-encoding", e);
            }
            if let Some(t) = tag {
                req = req.header("if-none-match", t);
            }
            req.send()
        };
        let plain = get(None, None).await.unwrap();
        assert_eq!(plain.status(), StatusCode::OK);
        assert!(plain.headers().get("content-encoding").is_none());
        let plain_tag = plain.headers()["etag"].to_str().unwrap().to_owned();
        let plain = plain.bytes().await.unwrap();
        // Twice: rendered and gzipped, then straight from the cache.
        let mut tags = Vec::new();
        for _ in 0..2 {
            let res = get(Some("gzip, deflate, br"), None).await.unwrap();
            assert_eq!(res.status(), StatusCode::OK);
            assert_eq!(res.headers()["content-encoding"], "gzip", "{path}");
            let vary = res.headers()["vary"].to_str().unwrap().to_lowercase();
            assert!(vary.contains("accept-encoding"), "{vary}");
            tags.push(res.headers()["etag"].to_str().unwrap().to_owned());
            let gz = res.bytes().await.unwrap();
            assert!(
                gz.len() * 3 < plain.len(),
                "{} vs {}",
                gz.len(),
                plain.len()
            );
            let mut html = Vec::new();
            std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut html)
                .unwrap();
            assert_eq!(html, plain, "{path}: the gzipped page is the page");
        }
        assert_eq!(tags[0], tags[1]);
        assert_ne!(tags[0], plain_tag, "two representations, two validators");
        let res = get(Some("gzip"), Some(tags[0].clone())).await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_MODIFIED);
        // The gzip validator does not match the plain page, nor gzip;q=0 take gzip.
        let res = get(Some("gzip;q=0"), Some(tags[0].clone())).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert!(res.headers().get("content-encoding").is_none());
        assert_eq!(res.bytes().await.unwrap(), plain);
    }
}

#[tokio::test]
async fn a_cached_public_page_never_outlives_a_change() {
    let app = TestApp::with_demo().await;
    let id = demo_championship(&app).await;
    let public = new_client();
    let view = |path: String| {
        let (public, url) = (public.clone(), app.url(&path));
        async move {
            let res = public.get(url).send().await.unwrap();
            assert_eq!(res.status(), StatusCode::OK);
            res.text().await.unwrap()
        }
    };
    let standings = format!("/campeonatos/{id}");
    let live = format!("/campeonatos/{id}/directo");
    let (s1, l1) = (view(standings.clone()).await, view(live.clone()).await);
    // Served again (from the cache): the same pages.
    assert_eq!(view(standings.clone()).await, s1);
    assert_eq!(view(live.clone()).await, l1);
    // The director withdraws a pair: both public pages show it at once.
    let pw = app.add_user("org", "organiser", Some(1)).await;
    let org = new_client();
    app.login(&org, "org", &pw).await;
    let csrf = app.csrf_for(&org).await;
    let res = org
        .post(app.url(&format!("/campeonatos/{id}/inscritos/1/retirar")))
        .form(&[("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap();
    assert!(res.status().is_redirection(), "{}", res.status());
    let (s2, l2) = (view(standings.clone()).await, view(live.clone()).await);
    assert_ne!(s2, s1);
    assert_ne!(l2, l1);
    // A table of the live round enters its result with its PIN (no director's
    // change, only the table's row): the live page shows it waiting for the firma.
    let row = app
        .with_conn(move |conn| {
            let tables = baza::db::championship::store::tables(conn, id).unwrap();
            let live_round = tables.iter().map(|t| t.round_no).max().unwrap();
            tables
                .into_iter()
                .find(|t| {
                    t.round_no == live_round
                        && t.status == TableStatus::Playing
                        && t.physical.is_some()
                })
                .expect("a table still playing")
        })
        .await;
    let table = format!(
        "/campeonatos/{id}/rondas/{}/mesas/{}",
        row.round_no, row.table_no
    );
    let keeper = new_client();
    let csrf = app.csrf_for(&keeper).await;
    let res = keeper
        .post(app.url(&format!("{table}/pin")))
        .form(&[("csrf", csrf.as_str()), ("pin", row.pin.as_str())])
        .send()
        .await
        .unwrap();
    assert!(res.status().is_redirection(), "{}", res.status());
    let version = row.version.to_string();
    let res = keeper
        .post(app.url(&table))
        .form(&[
            ("csrf", csrf.as_str()),
            ("score_a", "101"),
            ("score_b", "40"),
            ("side", "a"),
            ("version", version.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert!(res.status().is_redirection(), "{}", res.status());
    let after = app
        .with_conn(move |conn| {
            baza::db::championship::store::find_table(conn, id, row.round_no, row.table_no)
        })
        .await
        .unwrap()
        .unwrap();
    assert_eq!(after.status, TableStatus::Proposed);
    assert_ne!(view(live).await, l2, "the live page shows the proposal");
}

/// The bounded version of benches/load/run.sh: 32 scorekeepers at once on their own
/// games, and 512 public page views at once; nothing lost, nothing duplicated, no 5xx.
/// The 544 clients run on several threads: on one, a loaded machine left a client's
/// request unwritten for longer than the server waits for a request's head after
/// opening its connection (a 408 before the request was even sent). On a machine
/// loaded past 15 some requests are still answered 408, never read: each is sent
/// again, as a browser and pending.js do, and nothing it asserts is looser.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thirty_two_scorekeepers_at_once_lose_and_duplicate_nothing() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("org", "organiser", Some(1)).await;
    let base = app.address.clone();
    let mut keepers = Vec::new();
    for _ in 0..32 {
        // Each request on a connection of its own, as the page views below: on a
        // loaded machine a client may come back to an idle connection after the
        // server's keep-alive (5 s) has closed it, which a browser answers by sending
        // the request again and reqwest by failing it.
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(0)
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("http client");
        login(&base, &client, "org", &pw).await;
        keepers.push(client);
    }
    let tasks: Vec<_> = keepers
        .into_iter()
        .enumerate()
        .map(|(k, client)| {
            let base = base.clone();
            tokio::spawn(async move {
                // 32 new games at once, naming the same new players.
                let game = new_game(&base, &client).await;
                let mut acked = 0usize;
                for n in 0..6 {
                    let v = version(&base, &client, game).await.expect("version");
                    let res = post_hand(&base, &client, game, &v, &format!("c{k}-{n}"))
                        .await
                        .expect("post");
                    assert!(res.status().as_u16() < 500, "{}", res.status());
                    if res.status() == StatusCode::SEE_OTHER {
                        acked += 1;
                    }
                }
                (client, game, acked)
            })
        })
        .collect();
    let views: Vec<_> = (0..512)
        .map(|i| {
            let url = app.url(["/", "/campeonatos", "/campeonatos/1", "/clubes/1"][i % 4]);
            tokio::spawn(async move {
                let client = new_client();
                sent_until_read(|| client.get(&url))
                    .await
                    .map(|r| r.status())
            })
        })
        .collect();
    for v in views {
        assert_eq!(v.await.expect("view").expect("response"), StatusCode::OK);
    }
    for t in tasks {
        let (client, game, acked) = t.await.expect("keeper");
        assert_eq!(
            acked, 6,
            "game {game}: every hand of its only scorekeeper saved"
        );
        assert_eq!(exported_hands(&base, &client, game).await.len(), acked);
    }
}

/// A scorekeeper's phone on a crowded hall's Wi-Fi whose hand takes six seconds to
/// come through (lost packets sent again) still has it read and saved: the server
/// waits for a request's head longer than the five seconds after which it would
/// answer 408 to a hand it never read.
#[tokio::test]
async fn a_hand_whose_request_trickles_in_for_six_seconds_is_still_saved() {
    use reqwest::cookie::CookieStore;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::with_demo().await;
    let pw = app.add_user("org", "organiser", Some(1)).await;
    let base = app.address.clone();
    let jar = Arc::new(reqwest::cookie::Jar::default());
    let client = reqwest::Client::builder()
        .cookie_provider(jar.clone())
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    login(&base, &client, "org", &pw).await;
    let game = new_game(&base, &client).await;
    let v = version(&base, &client, game).await.expect("version");
    let token = csrf(&base, &client).await.expect("csrf");
    let url: reqwest::Url = base.parse().expect("url");
    let cookie = jar.cookies(&url).expect("session cookie");
    let mut form = vec![
        ("csrf", token.as_str()),
        ("version", v.as_str()),
        ("submission", "slow-wifi"),
    ];
    form.extend_from_slice(&crate::helpers::CUATROLA_SOLO);
    // Every value is plain letters and digits: nothing to escape.
    let body: Vec<String> = form.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let body = body.join("&");
    let head = format!(
        "POST /partidas/{game}/mano HTTP/1.1\r\nHost: {}\r\nCookie: {}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
        url.authority(),
        cookie.to_str().expect("cookie"),
        body.len()
    );
    let mut phone = tokio::net::TcpStream::connect(url.authority())
        .await
        .expect("connect");
    phone.write_all(head.as_bytes()).await.expect("head");
    tokio::time::sleep(Duration::from_secs(6)).await;
    phone
        .write_all(format!("Connection: close\r\n\r\n{body}").as_bytes())
        .await
        .expect("rest");
    let mut answer = String::new();
    let _ = phone.read_to_string(&mut answer).await;
    assert!(
        answer.starts_with("HTTP/1.1 303"),
        "{}",
        answer.lines().next().unwrap_or_default()
    );
    assert_eq!(exported_hands(&base, &client, game).await.len(), 1);
}

/// A power cut keeps every acknowledged hand: each connection syncs every commit to
/// disk before the answer goes out (SIGKILL is tested above; a power cut cannot be,
/// so the setting that survives one is checked on every pooled connection).
#[tokio::test]
async fn every_connection_syncs_each_commit_to_disk_before_answering() {
    use diesel::prelude::*;
    use diesel::sql_types::Text;
    #[derive(QueryableByName)]
    struct Setting {
        #[diesel(sql_type = Text)]
        value: String,
    }
    let app = TestApp::over(TestDb::durable()).await;
    let settings = app
        .with_conn(|conn| {
            let sql = match conn {
                #[cfg(feature = "postgres")]
                baza::db::DbConn::Postgres(_) => {
                    "SELECT current_setting('synchronous_commit') AS value"
                }
                _ => "SELECT CAST(synchronous AS TEXT) AS value FROM pragma_synchronous",
            };
            let a: Setting = diesel::sql_query(sql).get_result(conn).unwrap();
            let sql = match conn {
                #[cfg(feature = "postgres")]
                baza::db::DbConn::Postgres(_) => "SELECT current_setting('fsync') AS value",
                _ => "SELECT journal_mode AS value FROM pragma_journal_mode",
            };
            let b: Setting = diesel::sql_query(sql).get_result(conn).unwrap();
            (a.value, b.value)
        })
        .await;
    if cfg!(feature = "postgres") && std::env::var("BAZA_TEST_DATABASE_URL").is_ok() {
        assert_eq!(settings, ("on".to_owned(), "on".to_owned()));
    } else {
        // 2 = FULL: the write-ahead log is synced at every commit.
        assert_eq!(settings, ("2".to_owned(), "wal".to_owned()));
    }
}

#[tokio::test]
async fn four_servers_migrating_one_new_database_at_the_same_instant_all_come_up() {
    let test_db = TestDb::new();
    let barrier = Arc::new(std::sync::Barrier::new(4));
    let runs: Vec<_> = (0..4)
        .map(|_| {
            let target = test_db.target.clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                let mut conn = target.connect().expect("connect");
                barrier.wait();
                baza::db::migrate(&mut conn)
            })
        })
        .collect();
    let applied: Vec<usize> = runs
        .into_iter()
        .map(|r| {
            r.join()
                .expect("no panic")
                .expect("every server migrates or finds nothing to do")
        })
        .collect();
    // One of them ran every migration; the others found none pending.
    assert_eq!(applied.iter().filter(|n| **n > 0).count(), 1, "{applied:?}");
    assert!(applied.iter().any(|n| *n > 10), "{applied:?}");
}
