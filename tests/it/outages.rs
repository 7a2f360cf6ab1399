//! A championship day's faults: the disk fills up, the server is stopped with
//! SIGTERM in the middle of a burst of saves, a copy is taken and put back while
//! hands are being saved, and PostgreSQL goes away and comes back. Each on one club,
//! a few games and a few seconds.

use std::collections::HashMap;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::faults::{Server, new_game, post_hand, version};
use crate::helpers::{TestApp, TestDb, login_at as login};

/// Hands per game: a won solo is 2 points, and 21 ends a cuatrola game.
const HANDS_PER_GAME: usize = 8;

/// Whether the tests run on PostgreSQL (the tests of a SQLite file skip then).
fn on_postgres() -> bool {
    std::env::var("BAZA_TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres"))
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct Integrity {
    #[diesel(sql_type = diesel::sql_types::Text)]
    integrity_check: String,
}

/// The hands stored for `game`.
fn stored_hands(conn: &mut baza::db::DbConn, game: i32) -> usize {
    diesel::sql_query(format!(
        "SELECT COUNT(*) AS n FROM game_hands WHERE game_id = {game}"
    ))
    .load::<Count>(conn)
    .expect("count")[0]
        .n as usize
}

/// `PRAGMA integrity_check` of a SQLite connection, as one line.
fn integrity(conn: &mut baza::db::DbConn) -> String {
    diesel::sql_query("PRAGMA integrity_check")
        .load::<Integrity>(conn)
        .expect("integrity_check")
        .into_iter()
        .map(|l| l.integrity_check)
        .collect::<Vec<_>>()
        .join("; ")
}

/// A page count of the SQLite database (`PRAGMA page_count`).
fn page_count(conn: &mut baza::db::DbConn) -> i64 {
    diesel::sql_query("SELECT page_count AS n FROM pragma_page_count()")
        .load::<Count>(conn)
        .expect("page_count")[0]
        .n
}

/// Sets `PRAGMA max_page_count` on every connection of the pool (a per-connection
/// limit: the file may not grow past `pages`).
async fn limit_every_connection(app: &TestApp, pages: i64) {
    let pool = app.pool.clone();
    tokio::task::spawn_blocking(move || {
        let held: Vec<_> = (0..pool.max_size())
            .map(|_| pool.get().expect("connection"))
            .collect();
        for mut conn in held {
            conn.batch_execute(&format!("PRAGMA max_page_count = {pages}"))
                .expect("max_page_count");
        }
    })
    .await
    .expect("limit");
}

/// A fresh database with one club (id 1) and its organiser "org"; (db, password).
async fn club_db() -> (TestDb, String) {
    let db = TestDb::new();
    let pool = db.pool();
    let password = "org-secret-pw".to_owned();
    let pw = password.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().expect("connection");
        let now = baza::web::account::now();
        let club = baza::db::queries::insert_club(
            &mut conn,
            &baza::db::queries::NewClub {
                name: "Peña La Baza",
                town: "Teruel",
                created_at: now,
            },
        )
        .expect("club");
        let hash = baza::service::account::hash_password(&pw).expect("hash");
        baza::db::accounts::insert_user(
            &mut conn,
            &baza::db::accounts::NewUser {
                username: "org",
                password_hash: &hash,
                role: "organiser",
                club_id: Some(club),
                created_at: now,
            },
        )
        .expect("user");
    })
    .await
    .expect("seed");
    (db, password)
}

/// Posts one hand to `game` at its current version.
async fn next_hand(
    base: &str,
    client: &reqwest::Client,
    game: i32,
    tag: &str,
) -> reqwest::Result<reqwest::Response> {
    let v = version(base, client, game).await?;
    post_hand(base, client, game, &v, tag).await
}

#[tokio::test]
async fn a_full_database_file_gets_a_503_in_the_users_words_and_the_hand_saves_once_room_is_made() {
    if on_postgres() {
        eprintln!("skipped: a SQLite file's size limit (the SQLite step runs it)");
        return;
    }
    let app = TestApp::spawn().await;
    app.club_with_organiser("Peña La Baza", "Teruel").await;
    let mut games = Vec::new();
    for _ in 0..12 {
        games.push(new_game(&app.address, &app.client).await);
    }
    let pages = app.with_conn(page_count).await;
    limit_every_connection(&app, pages).await;

    // Hands until the file is full: one of them gets the 503.
    let mut acked: HashMap<i32, usize> = HashMap::new();
    let mut refused = None;
    'fill: for &game in &games {
        for n in 0..HANDS_PER_GAME {
            let res = next_hand(&app.address, &app.client, game, &format!("{game}-{n}"))
                .await
                .expect("post");
            match res.status() {
                StatusCode::SEE_OTHER => *acked.entry(game).or_default() += 1,
                StatusCode::SERVICE_UNAVAILABLE => {
                    refused = Some((game, res));
                    break 'fill;
                }
                other => panic!("{other}: {}", res.text().await.unwrap_or_default()),
            }
        }
    }
    let (game, res) = refused.expect("the file filled up");
    assert_eq!(res.headers()["content-language"], "es");
    let body = res.text().await.expect("body");
    assert!(
        body.contains("El servidor no tiene espacio para guardar; no se ha guardado nada."),
        "{body}"
    );
    // In English for a visitor who reads English.
    let v = version(&app.address, &app.client, game)
        .await
        .expect("version");
    let token = app.csrf().await;
    let mut form = vec![
        ("csrf", token.as_str()),
        ("version", v.as_str()),
        ("submission", "in-english"),
    ];
    form.extend_from_slice(&crate::helpers::CUATROLA_SOLO);
    let res = app
        .client
        .post(app.url(&format!("/partidas/{game}/mano")))
        .header("Accept-Language", "en")
        .form(&form)
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(res.headers().contains_key("retry-after"));
    let body = res.text().await.expect("body");
    assert!(
        body.contains("The server has no space left to save"),
        "{body}"
    );

    // Reads keep working; /health says what is wrong; nothing is half-written.
    let res = app.get(&format!("/partidas/{game}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app.get("/health").await;
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let health: serde_json::Value = res.json().await.expect("json");
    assert_eq!(health["storage"], "full");
    assert_eq!(health["database"], "ok");
    assert_eq!(app.with_conn(integrity).await, "ok");
    for (&g, &n) in &acked {
        assert_eq!(
            app.with_conn(move |c| stored_hands(c, g)).await,
            n,
            "game {g}"
        );
    }

    // Room is made: the same hand saves, and /health is well again.
    limit_every_connection(&app, 1 << 30).await;
    let res = next_hand(&app.address, &app.client, game, "after-room")
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let n = acked.get(&game).copied().unwrap_or(0) + 1;
    assert_eq!(app.with_conn(move |c| stored_hands(c, game)).await, n);
    assert_eq!(app.get("/health").await.status(), StatusCode::OK);
    assert_eq!(app.with_conn(integrity).await, "ok");
}

/// What the scorekeepers of a burst saw: per game, the hands answered 303.
type Acked = Arc<Mutex<HashMap<i32, usize>>>;

/// Scorekeepers entering hands into `games` on the server at `base`, each hand
/// recorded in `acked` once answered 303; stops at the first failure. Returns, per
/// scorekeeper, how the last request ended: `None` when all were answered 303.
fn burst(
    base: &str,
    client: &reqwest::Client,
    games: &[i32],
    acked: &Acked,
) -> Vec<tokio::task::JoinHandle<Option<String>>> {
    games
        .iter()
        .map(|&game| {
            let (base, client, acked) = (base.to_owned(), client.clone(), acked.clone());
            tokio::spawn(async move {
                for n in 0..HANDS_PER_GAME {
                    match next_hand(&base, &client, game, &format!("{game}-{n}")).await {
                        Ok(res) if res.status() == StatusCode::SEE_OTHER => {
                            *acked.lock().unwrap().entry(game).or_default() += 1;
                        }
                        Ok(res) => return Some(format!("answered {}", res.status())),
                        Err(e) if e.is_timeout() => return Some(format!("no answer: {e}")),
                        Err(e) => return Some(format!("connection closed: {e}")),
                    }
                }
                None
            })
        })
        .collect()
}

#[tokio::test]
async fn sigterm_during_a_burst_of_saves_stores_every_acknowledged_hand_and_leaves_a_sound_file() {
    if on_postgres() {
        eprintln!("skipped: PRAGMA integrity_check of a SQLite file (the SQLite step runs it)");
        return;
    }
    let (db, pw) = club_db().await;
    let mut server = Server::start(&db.url).await;
    let client = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(10))
        .build()
        .expect("client");
    login(&server.address, &client, "org", &pw).await;
    let mut games = Vec::new();
    for _ in 0..6 {
        games.push(new_game(&server.address, &client).await);
    }
    let acked: Acked = Arc::default();
    let streams = burst(&server.address, &client, &games, &acked);
    let started = Instant::now();
    while acked.lock().unwrap().values().sum::<usize>() < 8 && started.elapsed().as_secs() < 20 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let status = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .expect("kill -TERM");
    assert!(status.success());
    let stopping = Instant::now();
    let exit = loop {
        if let Some(exit) = server.child.try_wait().expect("wait") {
            break exit;
        }
        assert!(
            stopping.elapsed() < Duration::from_secs(40),
            "still running 40 s after SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(exit.success(), "exit status {exit:?}");
    for s in streams {
        if let Some(end) = s.await.expect("stream") {
            assert!(!end.starts_with("no answer"), "{end}");
        }
    }
    let acked = acked.lock().unwrap().clone();
    assert!(acked.values().sum::<usize>() >= 8, "{acked:?}");
    let pool = db.pool();
    let (check, stored) = tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().expect("connection");
        let stored: Vec<(i32, usize)> = games
            .iter()
            .map(|&g| (g, stored_hands(&mut conn, g)))
            .collect();
        (integrity(&mut conn), stored)
    })
    .await
    .expect("check");
    assert_eq!(check, "ok");
    for (game, n) in stored {
        let a = acked.get(&game).copied().unwrap_or(0);
        // Every 303 is stored; a save cut off by the stop may be stored unanswered.
        assert!(
            n == a || n == a + 1,
            "game {game}: {n} stored, {a} answered 303"
        );
    }
}

/// Runs the `baza` binary; (success, stderr).
async fn baza(args: &[&str]) -> (bool, String) {
    let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
    tokio::task::spawn_blocking(move || {
        let out = Command::new(env!("CARGO_BIN_EXE_baza"))
            .args(&args)
            .output()
            .expect("run baza");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    })
    .await
    .expect("baza")
}

#[tokio::test]
async fn a_backup_taken_while_hands_are_saved_restores_every_hand_acknowledged_before_it_began() {
    if on_postgres() {
        eprintln!("skipped: baza backup and restore are SQLite's (pg_dump for PostgreSQL)");
        return;
    }
    let app = TestApp::spawn().await;
    app.club_with_organiser("Peña La Baza", "Teruel").await;
    let mut games = Vec::new();
    for _ in 0..4 {
        games.push(new_game(&app.address, &app.client).await);
    }
    let acked: Acked = Arc::default();
    let streams = burst(&app.address, &app.client, &games, &acked);
    let started = Instant::now();
    while acked.lock().unwrap().values().sum::<usize>() < 6 && started.elapsed().as_secs() < 20 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let before = acked.lock().unwrap().clone();
    let dir = tempfile::tempdir().expect("dir");
    let copy = dir.path().join("copia.sqlite3");
    let (ok, err) = baza(&["backup", &copy.to_string_lossy(), "--db", &app.db.url]).await;
    assert!(ok, "{err}");
    for s in streams {
        assert_eq!(s.await.expect("stream"), None);
    }

    // Put back into a new file: every hand acknowledged before the copy began is there.
    let restored = dir.path().join("restaurada.sqlite3");
    let url = format!("sqlite://{}", restored.display());
    let (ok, err) = baza(&["restore", &copy.to_string_lossy(), "--db", &url]).await;
    assert!(ok, "{err}");
    let target = baza::db::DbTarget::parse(&url, false).expect("url");
    let mut conn = target.connect().expect("restored");
    assert_eq!(integrity(&mut conn), "ok");
    for (game, n) in before {
        assert!(stored_hands(&mut conn, game) >= n, "game {game}");
    }
    drop(conn);

    // Not over a database that exists (without --replace), nor from a damaged file.
    let (ok, err) = baza(&["restore", &copy.to_string_lossy(), "--db", &url]).await;
    assert!(!ok && err.contains("--replace"), "{err}");
    let damaged = dir.path().join("rota.sqlite3");
    let mut bytes = std::fs::read(&copy).expect("copy");
    let half = bytes.len() / 2;
    bytes.truncate(half);
    std::fs::write(&damaged, &bytes).expect("damaged");
    let fresh = format!("sqlite://{}", dir.path().join("otra.sqlite3").display());
    let (ok, err) = baza(&["restore", &damaged.to_string_lossy(), "--db", &fresh]).await;
    assert!(!ok && err.contains("no se restaura"), "{err}");
    assert!(!dir.path().join("otra.sqlite3").exists());
}

#[tokio::test]
async fn baza_serve_takes_its_own_copies_on_a_schedule_and_keeps_the_newest() {
    if on_postgres() {
        // On PostgreSQL the schedule is refused, pointing to pg_dump.
        let db = TestDb::new();
        let (ok, err) = baza(&["serve", "--db", &db.url, "--backup-every", "15m"]).await;
        assert!(!ok && err.contains("pg_dump"), "{err}");
        return;
    }
    let (db, _) = club_db().await;
    let dir = tempfile::tempdir().expect("dir");
    let copies = dir.path().join("copias");
    let server = Server::start_with(
        &db.url,
        &[
            "--backup-every",
            "1s",
            "--backup-keep",
            "2",
            "--backup-dir",
            &copies.to_string_lossy(),
        ],
    )
    .await;
    let list = || -> Vec<std::path::PathBuf> {
        let mut l: Vec<_> = std::fs::read_dir(&copies)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        l.sort();
        l
    };
    tokio::time::sleep(Duration::from_millis(3600)).await;
    let taken = list();
    assert_eq!(taken.len(), 2, "{taken:?}");
    drop(server);
    for copy in taken {
        assert!(
            copy.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("baza-") && n.ends_with(".sqlite3")),
            "{copy:?}"
        );
        assert_eq!(baza::db::check_copy(&copy).ok().map(|n| n > 0), Some(true));
    }
}

#[derive(QueryableByName)]
struct TableGame {
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Integer>)]
    game_id: Option<i32>,
    #[diesel(sql_type = diesel::sql_types::Text)]
    status: String,
}

/// The game and status of the round tables of championship `event`.
async fn table_games(app: &TestApp, event: i32) -> Vec<TableGame> {
    app.with_conn(move |c| {
        diesel::sql_query(format!(
            "SELECT game_id, status FROM championship_tables WHERE championship_id = {event} AND phase = 0 ORDER BY round_no, table_no"
        ))
        .load::<TableGame>(c)
        .expect("tables")
    })
    .await
}

#[tokio::test]
async fn a_championship_exported_during_a_round_carries_its_games_in_play_and_imports_back_with_them()
 {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Teruel").await;
    let post = |path: String, fields: Vec<(&'static str, &'static str)>| {
        let app = &app;
        async move { crate::helpers::post_form_as(app, &app.client, &path, &fields).await }
    };
    let res = post(
        format!("/clubes/{club}/campeonatos/nuevo"),
        vec![
            ("name", "Cuatrola de la peña"),
            ("game", "cuatrola"),
            ("starts_on", "2026-11-28"),
            ("system", "swiss"),
            ("rounds", "2"),
            ("groups", "1"),
            ("losses", "2"),
            ("match_format", "partida"),
            ("target", ""),
            ("entry", "hands"),
            ("win", "2"),
            ("draw", "1"),
            ("loss", "0"),
            ("bye", "2"),
            ("tb1", "points"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id: i32 = crate::from_scratch::id_of(&res);
    crate::from_scratch::register_and_pair(
        &app,
        id,
        &[
            "Ana – Berta",
            "Carlos – Dani",
            "Elena – Fermín",
            "Gloria – Hugo",
        ],
    )
    .await;
    let tables = table_games(&app, id).await;
    assert_eq!(tables.len(), 2);
    // Table 1 enters three hands of its partida; table 2 none yet.
    let game = tables[0].game_id.expect("table 1's game");
    for n in 0..3 {
        let res = next_hand(&app.address, &app.client, game, &format!("t1-{n}"))
            .await
            .expect("post");
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }

    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let file: serde_json::Value = res.json().await.expect("json");
    let round = &file["rounds"][0];
    assert_eq!(round["results"].as_array().map(Vec::len).unwrap_or(0), 0);
    let in_play = round["in_play"].as_array().expect("in_play");
    assert_eq!(in_play.len(), 1, "{round}");
    assert_eq!(in_play[0]["table"], 1);
    assert_eq!(in_play[0]["games"][0]["format"], "baza-game/1");
    assert_eq!(
        in_play[0]["games"][0]["hands"].as_array().map(Vec::len),
        Some(3)
    );

    // Imported as a new championship: table 1 still playing its partida, three hands
    // in, and it takes the next one.
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("campeonato.json");
    std::fs::write(&path, serde_json::to_vec(&file).unwrap()).expect("file");
    let (ok, err) = baza(&[
        "tournament",
        "import",
        &path.to_string_lossy(),
        "--club",
        &club.to_string(),
        "--db",
        &app.db.url,
    ])
    .await;
    assert!(ok, "{err}");
    let new_id = id + 1;
    let tables = table_games(&app, new_id).await;
    assert_eq!(tables.len(), 2);
    assert!(tables.iter().all(|t| t.status == "playing"));
    let imported = tables[0].game_id.expect("table 1's game");
    assert_ne!(imported, game);
    assert_eq!(app.with_conn(move |c| stored_hands(c, imported)).await, 3);
    let fresh = tables[1].game_id.expect("table 2's game");
    assert_eq!(app.with_conn(move |c| stored_hands(c, fresh)).await, 0);
    let res = next_hand(&app.address, &app.client, imported, "t1-after")
        .await
        .expect("post");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let again: serde_json::Value = app
        .get(&format!("/campeonatos/{new_id}/exportar"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(
        again["rounds"][0]["in_play"][0]["games"][0]["hands"]
            .as_array()
            .map(Vec::len),
        Some(4)
    );
}

/// A PostgreSQL cluster of this test's own (initdb in a temporary folder, its own
/// port), which the test may stop and start without touching the shared server.
#[cfg(feature = "postgres")]
struct PrivatePostgres {
    dir: tempfile::TempDir,
    bin: std::path::PathBuf,
    port: u16,
}

#[cfg(feature = "postgres")]
impl PrivatePostgres {
    /// `None` (the test skips, saying why) when there is no `initdb`.
    fn create() -> Option<PrivatePostgres> {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .find(|b| b.join("initdb").exists())?;
        let dir = tempfile::tempdir().expect("dir");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("free port");
        let pg = PrivatePostgres { dir, bin, port };
        // PostgreSQL refuses to run as root: then it runs as the `postgres` user.
        if Self::as_root() {
            let ok = Command::new("chown")
                .args(["-R", "postgres", &pg.dir.path().to_string_lossy()])
                .status()
                .is_ok_and(|s| s.success());
            assert!(ok, "chown the cluster's folder to postgres");
        }
        let data = pg.data();
        pg.run(
            "initdb",
            &["-D", &data, "-U", "postgres", "-A", "trust", "--no-sync"],
        );
        pg.start();
        Some(pg)
    }

    fn as_root() -> bool {
        Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
    }

    fn data(&self) -> String {
        self.dir.path().join("data").to_string_lossy().into_owned()
    }

    /// Runs one of PostgreSQL's programs (as `postgres` when this is root).
    fn run(&self, program: &str, args: &[&str]) {
        let exe = self.bin.join(program);
        let mut cmd = if Self::as_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        let out = cmd.args(args).output().expect(program);
        assert!(
            out.status.success(),
            "{program}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn start(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.dir.path().display()
        );
        let log = self.dir.path().join("log").to_string_lossy().into_owned();
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-l",
                &log,
                "-o",
                &options,
                "-w",
                "start",
            ],
        );
    }

    /// A fast shutdown: sessions are cut, the server exits.
    fn stop(&self) {
        self.run("pg_ctl", &["-D", &self.data(), "-m", "fast", "-w", "stop"]);
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

#[cfg(feature = "postgres")]
impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let data = self.data();
        let exe = self.bin.join("pg_ctl");
        let mut cmd = if Self::as_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        let _ = cmd.args(["-D", &data, "-m", "immediate", "stop"]).output();
    }
}

/// One hand posted with a CSRF token read beforehand (while the database is away no
/// page can give one); its status and how long the answer took.
#[cfg(feature = "postgres")]
async fn timed_hand(
    (client, base): (&reqwest::Client, &str),
    game: i32,
    version: &str,
    token: &str,
    submission: &str,
) -> (StatusCode, Duration, String) {
    let mut form = vec![
        ("csrf", token),
        ("version", version),
        ("submission", submission),
    ];
    form.extend_from_slice(&crate::helpers::CUATROLA_SOLO);
    let started = Instant::now();
    let res = client
        .post(format!("{base}/partidas/{game}/mano"))
        .form(&form)
        .send()
        .await
        .expect("an answer");
    let took = started.elapsed();
    let status = res.status();
    (status, took, res.text().await.unwrap_or_default())
}

#[cfg(feature = "postgres")]
#[tokio::test]
async fn postgresql_stopped_mid_round_gets_clear_503s_at_once_and_the_next_save_works_when_it_is_back()
 {
    if !on_postgres() {
        eprintln!("skipped: runs in the PostgreSQL step (BAZA_TEST_DATABASE_URL)");
        return;
    }
    let Some(pg) = tokio::task::spawn_blocking(PrivatePostgres::create)
        .await
        .expect("cluster")
    else {
        eprintln!("skipped: no initdb under /usr/lib/postgresql");
        return;
    };
    let pg = Arc::new(pg);
    let app = TestApp::over(TestDb::postgres(&pg.url(), false)).await;
    app.club_with_organiser("Peña La Baza", "Teruel").await;
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(new_game(&app.address, &app.client).await);
    }
    let token = app.csrf().await;
    let at = (&app.client, app.address.as_str());
    let mut acked: HashMap<i32, usize> = HashMap::new();
    let mut versions: HashMap<i32, String> = HashMap::new();
    for &g in &games {
        for n in 0..2 {
            let v = version(&app.address, &app.client, g)
                .await
                .expect("version");
            let (status, _, body) = timed_hand(at, g, &v, &token, &format!("{g}-{n}")).await;
            assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
            *acked.entry(g).or_default() += 1;
        }
        versions.insert(g, version(&app.address, &app.client, g).await.expect("v"));
    }
    // A visitor's page, kept in memory.
    let visitor = crate::helpers::new_client();
    let public = visitor
        .get(app.url(&format!("/partidas/{}", games[0])))
        .send()
        .await
        .expect("page");
    assert_eq!(public.status(), StatusCode::OK);
    let public = public.text().await.expect("body");

    // The database stops.
    let stopping = pg.clone();
    tokio::task::spawn_blocking(move || stopping.stop())
        .await
        .expect("stop");

    // Every table saving at once: each gets a 503 in words, none waits 5 s.
    let mut saves = Vec::new();
    for k in 0..24 {
        let g = games[k % games.len()];
        let (client, base) = (app.client.clone(), app.address.clone());
        let (v, token) = (versions[&g].clone(), token.clone());
        saves.push(tokio::spawn(async move {
            timed_hand((&client, &base), g, &v, &token, &format!("away-{k}")).await
        }));
    }
    for save in saves {
        let (status, took, body) = save.await.expect("save");
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert!(took < Duration::from_secs(5), "answered in {took:?}");
        assert!(
            body.contains("La base de datos no responde ahora mismo; no se ha guardado nada."),
            "{body}"
        );
    }
    // The JSON API: a 503 with its reason.
    let res = reqwest::Client::new()
        .post(app.url("/api/v1/campeonatos/1/rondas/1/mesas/1/resultado"))
        .bearer_auth("any-token")
        .json(&serde_json::json!({"score_a": 2, "score_b": 0, "version": 0}))
        .send()
        .await
        .expect("api");
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let answer: serde_json::Value = res.json().await.expect("json");
    assert_eq!(answer["error"], "database-away", "{answer}");
    // The visitor still reads the page kept in memory; /health says what is wrong.
    let again = visitor
        .get(app.url(&format!("/partidas/{}", games[0])))
        .send()
        .await
        .expect("page");
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.text().await.expect("body"), public);
    // A page never shown: a 503 that asks for a reload, since nothing was being saved.
    let unseen = visitor
        .get(app.url(&format!("/partidas/{}", games[1])))
        .send()
        .await
        .expect("page");
    assert_eq!(unseen.status(), StatusCode::SERVICE_UNAVAILABLE);
    let unseen = unseen.text().await.expect("body");
    assert!(
        unseen.contains("vuelve a cargar la página") && !unseen.contains("no se ha guardado"),
        "{unseen}"
    );
    let started = Instant::now();
    let res = app.get("/health").await;
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    let health: serde_json::Value = res.json().await.expect("json");
    assert_eq!(health["database"], "unavailable");

    // The database comes back: with no restart of Baza, the next save works.
    let starting = pg.clone();
    tokio::task::spawn_blocking(move || starting.start())
        .await
        .expect("start");
    let g = games[0];
    let back = Instant::now();
    loop {
        let (status, took, body) = timed_hand(at, g, &versions[&g], &token, "back").await;
        assert!(took < Duration::from_secs(5), "answered in {took:?}");
        if status == StatusCode::SEE_OTHER {
            *acked.entry(g).or_default() += 1;
            break;
        }
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert!(
            back.elapsed() < Duration::from_secs(20),
            "no save 20 s after the restart"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(app.get("/health").await.status(), StatusCode::OK);
    for (g, n) in acked {
        assert_eq!(
            app.with_conn(move |c| stored_hands(c, g)).await,
            n,
            "game {g}"
        );
    }
}
