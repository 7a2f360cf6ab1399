use baza::db::{self, DbPool, DbTarget};
use baza::startup::Application;

use crate::starts::Start;
use reqwest::StatusCode;
use serde_json::Value;
use tempfile::TempDir;

#[cfg(feature = "postgres")]
static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A fresh database for one test: a SQLite file in a temporary folder, or a new
/// schema (dropped afterwards) in the PostgreSQL database of `BAZA_TEST_DATABASE_URL`.
#[allow(dead_code)]
pub struct TestDb {
    pub target: DbTarget,
    pub url: String,
    _dir: Option<TempDir>,
    pg: Option<(String, String)>,
}

impl TestDb {
    pub fn new() -> TestDb {
        Self::made(false)
    }

    /// A fresh database whose PostgreSQL commits wait for the disk, as the server's
    /// default has them (see [`TestDb::new`]).
    pub fn durable() -> TestDb {
        Self::made(true)
    }

    /// Test databases differ from a deployment's in one way only, where nothing of
    /// Baza's can tell: a SQLite file lives in memory-backed `/dev/shm` where there is
    /// one, and a PostgreSQL database commits without waiting for its log to reach
    /// the disk (`synchronous_commit = off`; what a test reads and writes is the same,
    /// and no test crashes the PostgreSQL server). Baza's own settings, such as
    /// SQLite's `synchronous = FULL`, are untouched.
    fn made(durable: bool) -> TestDb {
        match std::env::var("BAZA_TEST_DATABASE_URL") {
            Ok(base) if base.starts_with("postgres") => Self::postgres(&base, durable),
            _ => {
                let dir = if durable {
                    tempfile::tempdir()
                } else {
                    tempfile::Builder::new()
                        .prefix("baza-test")
                        .tempdir_in(scratch())
                }
                .expect("temporary folder");
                let url = format!("sqlite://{}", dir.path().join("baza.sqlite3").display());
                TestDb {
                    target: DbTarget::parse(&url, false).expect("sqlite url"),
                    url,
                    _dir: Some(dir),
                    pg: None,
                }
            }
        }
    }

    /// A new, empty schema in the PostgreSQL database of `base` (dropped afterwards),
    /// which every connection through [`TestDb::url`] uses as its `search_path`: as
    /// good as a new database to Baza, whose statements never name a schema, and made
    /// in milliseconds where `CREATE DATABASE` copies a whole template and syncs it.
    #[cfg(feature = "postgres")]
    pub fn postgres(base: &str, durable: bool) -> TestDb {
        use diesel::{Connection, PgConnection, RunQueryDsl};
        let name = format!(
            "baza_t_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, std::sync::atomic::Ordering::SeqCst),
        );
        let base = &without_tls(base);
        let mut admin = PgConnection::establish(base).expect("connect to BAZA_TEST_DATABASE_URL");
        drop_schemas_of_ended_runs(&mut admin);
        diesel::sql_query(format!("DROP SCHEMA IF EXISTS {name} CASCADE"))
            .execute(&mut admin)
            .expect("no schema left by an earlier run of this process id");
        diesel::sql_query(format!("CREATE SCHEMA {name}"))
            .execute(&mut admin)
            .expect("create test schema");
        let mut options = format!("-csearch_path%3D{name}");
        if !durable {
            options.push_str("%20-csynchronous_commit%3Doff");
        }
        let url = format!("{base}&options={options}");
        TestDb {
            target: DbTarget::parse(&url, false).expect("postgres url"),
            url,
            _dir: None,
            pg: Some((base.to_owned(), name)),
        }
    }

    #[cfg(not(feature = "postgres"))]
    pub fn postgres(_base: &str, _durable: bool) -> TestDb {
        panic!(
            "BAZA_TEST_DATABASE_URL is a PostgreSQL URL: run the tests with --features postgres"
        );
    }

    /// The database's pool, migrated to the end first.
    pub fn pool(&self) -> DbPool {
        self.start(Start::Migrated);
        db::connect_and_migrate(&self.target).expect("connect and migrate")
    }

    /// Fills the database with `start` when nothing has touched it yet (see
    /// [`crate::starts`]); one a test has begun itself is left as it is.
    fn start(&self, start: Start) {
        if let DbTarget::Sqlite(path) = &self.target
            && !path.exists()
        {
            crate::starts::copy_file(path, start);
        }
        #[cfg(feature = "postgres")]
        if let Some((base, name)) = &self.pg
            && crate::starts::is_empty_schema(base, name)
        {
            crate::starts::fill_schema(base, name, start);
        }
    }
}

/// The test server is on loopback: its connections go without TLS. (With TLS, libpq's
/// OpenSSL could be torn down at the test binary's exit while a pool's thread was
/// still connecting: a segfault in libcrypto after every test had passed.)
#[cfg(feature = "postgres")]
fn without_tls(url: &str) -> String {
    if url.contains("sslmode=") {
        url.to_owned()
    } else if url.contains('?') {
        format!("{url}&sslmode=disable")
    } else {
        format!("{url}?sslmode=disable")
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        #[cfg(feature = "postgres")]
        if let Some((base, name)) = self.pg.take() {
            use diesel::{Connection, PgConnection, RunQueryDsl};
            if let Ok(mut admin) = PgConnection::establish(&base) {
                // A server a test left running may still hold a lock: then the schema
                // stays, and the next run removes it.
                let _ = diesel::sql_query("SET lock_timeout = '3s'").execute(&mut admin);
                let _ = diesel::sql_query(format!("DROP SCHEMA IF EXISTS {name} CASCADE"))
                    .execute(&mut admin);
            }
        }
        let _ = &self.pg;
    }
}

/// Drops, once per test run, the test schemas left by runs whose process has ended.
#[cfg(feature = "postgres")]
fn drop_schemas_of_ended_runs(admin: &mut diesel::PgConnection) {
    use diesel::RunQueryDsl;
    use diesel::sql_types::Text;
    #[derive(diesel::QueryableByName)]
    struct Schema {
        #[diesel(sql_type = Text)]
        nspname: String,
    }
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let schemas: Vec<Schema> = diesel::sql_query(
            "SELECT nspname::text AS nspname FROM pg_namespace WHERE nspname LIKE 'baza\\_t\\_%'",
        )
        .load(admin)
        .unwrap_or_default();
        for Schema { nspname } in schemas {
            let pid = nspname.split('_').nth(2).unwrap_or("");
            if !pid.is_empty() && !std::path::Path::new("/proc").join(pid).exists() {
                let _ = diesel::sql_query(format!("DROP SCHEMA IF EXISTS {nspname} CASCADE"))
                    .execute(admin);
            }
        }
    });
}

/// Where test files go: memory-backed `/dev/shm` where there is one, else the
/// system's temporary folder.
pub(crate) fn scratch() -> std::path::PathBuf {
    let shm = std::path::Path::new("/dev/shm");
    if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

/// The real server on a free port over a fresh database.
#[allow(dead_code)]
pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub pool: DbPool,
    pub db: TestDb,
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        TestApp::spawn_with(baza::startup::WebOptions::default()).await
    }

    /// The server with these options (one worker) over a fresh database.
    pub async fn spawn_with(options: baza::startup::WebOptions) -> TestApp {
        TestApp::over_with(TestDb::new(), options).await
    }

    /// The real server over `db`, migrated to the end first.
    pub async fn over(db: TestDb) -> TestApp {
        TestApp::over_with(db, baza::startup::WebOptions::default()).await
    }

    /// The real server over `db` with these options (one worker).
    pub async fn over_with(db: TestDb, options: baza::startup::WebOptions) -> TestApp {
        let pool = db.pool();
        let app = Application::build(
            "127.0.0.1:0",
            pool.clone(),
            &baza::startup::WebOptions {
                workers: Some(1),
                ..options
            },
        )
        .expect("bind");
        let address = format!("http://127.0.0.1:{}", app.port());
        tokio::spawn(app.run_until_stopped());
        let client = reqwest::Client::builder()
            // Idle connections are dropped before the server's keep-alive (5 s) closes
            // them, so a request never goes out on a connection the server is closing.
            .pool_idle_timeout(std::time::Duration::from_secs(2))
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("http client");
        TestApp {
            address,
            client,
            pool,
            db,
        }
    }

    /// The server with the demo club loaded. The demo is written once per test run and
    /// each test gets its own copy: of the SQLite file, or of the PostgreSQL schema
    /// from its dump.
    pub async fn with_demo() -> TestApp {
        let db = TestDb::new();
        db.start(Start::Demo);
        TestApp::over(db).await
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request")
    }

    pub async fn get_with_lang(&self, path: &str, accept_language: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .header("Accept-Language", accept_language)
            .send()
            .await
            .expect("request")
    }

    /// What `client` (a phone, a signed-in organiser) reads at `path`.
    pub async fn text_as(&self, client: &reqwest::Client, path: &str) -> String {
        client
            .get(self.url(path))
            .send()
            .await
            .expect("request")
            .text()
            .await
            .expect("body")
    }

    /// The page `client` reads at `path`, parsed.
    pub async fn page_as(&self, client: &reqwest::Client, path: &str) -> scraper::Html {
        scraper::Html::parse_document(&self.text_as(client, path).await)
    }

    /// GETs a page, asserts the status, and parses the HTML.
    pub async fn page(&self, path: &str, status: StatusCode) -> scraper::Html {
        let res = self.get(path).await;
        assert_eq!(res.status(), status, "GET {path}");
        scraper::Html::parse_document(&res.text().await.expect("body"))
    }
}

/// The text of every element matching `selector`.
/// A database at the schema just before migration `name`, holding the rows `sql` (an
/// older demo, written with its ids); on PostgreSQL the sequences of `tables` go on
/// after those ids.
pub fn database_before(test_db: &TestDb, name: &str, sql: &str, tables: &[&str]) -> db::DbConn {
    use diesel::connection::SimpleConnection;
    let mut conn = test_db.target.connect().expect("connect");
    assert!(db::migrate_before(&mut conn, name).expect("migrate") > 0);
    conn.batch_execute(sql).expect("the older rows");
    if test_db.url.starts_with("postgres") {
        for t in tables {
            conn.batch_execute(&format!(
                "SELECT setval(pg_get_serial_sequence('{t}', 'id'), \
                 COALESCE((SELECT MAX(id) FROM {t}), 0) + 1, false);"
            ))
            .expect("sequence");
        }
    }
    conn
}

pub fn texts(html: &scraper::Html, selector: &str) -> Vec<String> {
    let sel = scraper::Selector::parse(selector).expect("selector");
    html.select(&sel)
        .map(|e| e.text().collect::<String>().trim().to_owned())
        .collect()
}

/// The rule ids a ruling page names for machines (`data-rule` of the elements
/// matching `selector`); a person reads the rule's name, never its id.
pub fn rule_ids(html: &scraper::Html, selector: &str) -> Vec<String> {
    let sel = scraper::Selector::parse(selector).expect("selector");
    html.select(&sel)
        .filter_map(|e| e.value().attr("data-rule").map(str::to_owned))
        .collect()
}

/// The value of attribute `attr` on the first element matching `selector`.
pub fn attr(html: &scraper::Html, selector: &str, attr: &str) -> Option<String> {
    let sel = scraper::Selector::parse(selector).expect("selector");
    html.select(&sel)
        .next()
        .and_then(|e| e.value().attr(attr).map(str::to_owned))
}

pub fn assert_redirect_to(res: &reqwest::Response, location: &str) {
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        res.headers().get("location").and_then(|v| v.to_str().ok()),
        Some(location)
    );
}

/// Draws round 1 of championship `id` (a table for each game) as its director and,
/// when `publish`, publishes it.
pub async fn draw_round_one(app: &TestApp, id: i32, publish: bool) {
    let path = format!("/campeonatos/{id}/rondas");
    let res = post_form_as(app, &app.client, &path, &[("tables", "")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
    if publish {
        let path = format!("/campeonatos/{id}/rondas/1/publicar");
        let res = post_form_as(app, &app.client, &path, &[]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
    }
}

/// The id of the partida a form made, read from where it redirects (`/partidas/{id}`).
pub fn game_made(res: &reqwest::Response) -> i32 {
    res.headers()["location"]
        .to_str()
        .unwrap()
        .trim_start_matches("/partidas/")
        .parse()
        .unwrap()
}

/// A form that was taken: 303 (else the page that refused it, in the message).
pub async fn assert_accepted(res: reqwest::Response) {
    let status = res.status();
    if status != StatusCode::SEE_OTHER {
        panic!(
            "expected 303, got {status}: {}",
            res.text().await.unwrap_or_default()
        );
    }
}

/// A cuatrola hand in quick entry: seat 0 plays a solo in oros and wins it, 70 card
/// points to 30, with the last trick (2 game points to pair 0).
pub const CUATROLA_SOLO: [(&str, &str); 6] = [
    ("trump", "o"),
    ("bid", "solo"),
    ("bidder", "0"),
    ("card_points_side0", "70"),
    ("card_points_side1", "30"),
    ("last_trick_side", "0"),
];

/// The pairs of [`open_with_a_final`].
pub const FOUR_PAIRS: [&str; 4] = [
    "Pujol – Vidal",
    "Soler – Roca",
    "Mas – Puig",
    "Roig – Ferrer",
];

/// A `baza-tournament/1` file (as JSON) of a botifarra Swiss named `name` between
/// [`FOUR_PAIRS`] (ids `e0`..`e3`), no round played, with a knockout phase "Fase
/// final": a 4-entrant single elimination of the entrants `order` whose first
/// semi-final seed 1 won. Also returns that bracket.
pub fn open_with_a_final(
    name: &str,
    order: [&str; 4],
) -> (serde_json::Value, baza::domain::bracket::Bracket) {
    use baza::domain::bracket::{EntrantId, single_elimination};
    let mut bracket = single_elimination(&(0..4).map(EntrantId).collect::<Vec<_>>(), false)
        .expect("a bracket of 4");
    let first = bracket.playable()[0];
    bracket
        .record_result(first, EntrantId(0))
        .expect("a result");
    let file = serde_json::json!({
        "format": "baza-tournament/1",
        "event": {"name": name, "game": "botifarra", "system": {"kind": "swiss", "rounds": 3}},
        "entrants": FOUR_PAIRS.iter().enumerate()
            .map(|(i, n)| serde_json::json!({"id": format!("e{i}"), "name": n}))
            .collect::<Vec<_>>(),
        "rounds": [],
        "brackets": [{"name": "Fase final", "entrants": order, "bracket": bracket}]
    });
    (file, bracket)
}

/// A second browser: its own cookie jar.
pub fn new_client() -> reqwest::Client {
    reqwest::Client::builder()
        // Idle connections are dropped before the server's keep-alive (5 s) closes
        // them, so a request never goes out on a connection the server is closing.
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("http client")
}

impl TestApp {
    /// The CSRF token of this client's session (read from a form).
    pub async fn csrf(&self) -> String {
        self.csrf_for(&self.client).await
    }

    pub async fn csrf_for(&self, client: &reqwest::Client) -> String {
        let token = csrf_at(&self.address, client).await.expect("login page");
        assert!(!token.is_empty(), "csrf field");
        token
    }

    /// A club named `name` in `town`, with its organiser "directora" signed in on
    /// `self.client`; returns the club's id.
    pub async fn club_with_organiser(&self, name: &'static str, town: &'static str) -> i32 {
        let club = self.add_club(name, town).await;
        let pw = self.add_user("directora", "organiser", Some(club)).await;
        self.login(&self.client, "directora", &pw).await;
        club
    }

    /// A club named `name` in `town`, made straight in the database; returns its id.
    pub async fn add_club(&self, name: &'static str, town: &'static str) -> i32 {
        self.with_conn(move |conn| {
            baza::db::queries::insert_club(
                conn,
                &baza::db::queries::NewClub {
                    name,
                    town,
                    created_at: baza::web::account::now(),
                },
            )
            .expect("club")
        })
        .await
    }

    /// An API token `token` for user `username`, made straight in the database.
    /// The stored version of table `table` of round `round` of championship `id`.
    pub async fn table_version(&self, id: i32, round: i32, table: i32) -> i32 {
        self.with_conn(move |c| {
            baza::db::championship::store::find_table(c, id, round, table)
                .unwrap()
                .unwrap()
                .version
        })
        .await
    }

    pub async fn add_api_token(&self, username: &'static str, token: &'static str) {
        self.with_conn(move |c| {
            use baza::db::schema::users;
            use diesel::prelude::*;
            let user: i32 = users::table
                .filter(users::username.eq(username))
                .select(users::id)
                .first(c)
                .expect("the token's user");
            baza::db::accounts::insert_token(
                c,
                user,
                "marcador",
                &baza::service::account::token_hash(token),
                baza::web::account::now(),
            )
            .expect("token");
        })
        .await
    }

    /// Creates a user straight in the database; returns the password.
    pub async fn add_user(&self, name: &str, role: &str, club: Option<i32>) -> String {
        let pool = self.pool.clone();
        let (name, role) = (name.to_owned(), role.to_owned());
        let password = format!("{name}-secret-pw");
        let pw = password.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = pool.get().expect("connection");
            let hash = baza::service::account::hash_password(&pw).expect("hash");
            baza::db::accounts::insert_user(
                &mut conn,
                &baza::db::accounts::NewUser {
                    username: &name,
                    password_hash: &hash,
                    role: &role,
                    club_id: club,
                    created_at: baza::web::account::now(),
                },
            )
            .expect("insert user")
        })
        .await
        .expect("task");
        password
    }

    /// Logs `client` in; panics unless the login succeeds.
    pub async fn login(&self, client: &reqwest::Client, name: &str, password: &str) {
        login_at(&self.address, client, name, password).await;
    }

    /// Runs `f` on a database connection.
    pub async fn with_conn<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut baza::db::DbConn) -> T + Send + 'static,
    ) -> T {
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = pool.get().expect("connection");
            f(&mut conn)
        })
        .await
        .expect("task")
    }
}

/// Posts a form as `client` (its session's CSRF token added), not following redirects.
pub async fn post_form_as(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    fields: &[(&str, &str)],
) -> reqwest::Response {
    let csrf = app.csrf_for(client).await;
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    client.post(app.url(path)).form(&all).send().await.unwrap()
}

/// The other pair signs the result proposed at the table at `path`, from a phone of
/// its own: it opens the table with its PIN, reads the table's version and signs.
pub async fn signed_from_its_own_phone(app: &TestApp, path: &str, pin: &str) -> reqwest::Response {
    let signer = new_client();
    let res = post_form_as(app, &signer, &format!("{path}/pin"), &[("pin", pin)]).await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the table opens with its PIN"
    );
    let res = signer.get(app.url(path)).send().await.unwrap();
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let version = attr(&html, "p.table-status", "data-version").expect("the table's version");
    post_form_as(
        app,
        &signer,
        &format!("{path}/firma"),
        &[("version", &version), ("pin", pin)],
    )
    .await
}

/// Sends the request `make` builds, and again (up to five times, a second apart)
/// while the answer is a 408: the server gave up waiting for the request's head and
/// read none of it (on a loaded machine the head came late, or the server got to it
/// late), so a browser, and pending.js for a kept hand, send it again.
pub async fn sent_until_read(
    make: impl Fn() -> reqwest::RequestBuilder,
) -> reqwest::Result<reqwest::Response> {
    let mut tries = 0;
    loop {
        tries += 1;
        let res = make().send().await?;
        if res.status() != StatusCode::REQUEST_TIMEOUT || tries == 5 {
            return Ok(res);
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}

/// The CSRF token of `client`'s session on the server at `base` (read from a form);
/// an empty string if the page has none.
pub async fn csrf_at(base: &str, client: &reqwest::Client) -> reqwest::Result<String> {
    // A GET is safe to send again: once more if the connection broke under load
    // (a loaded 2-core CI machine has closed a fresh connection before answering),
    // and while it is answered 408 (not read).
    let mut tries = 0;
    let body = loop {
        tries += 1;
        match sent_until_read(|| client.get(format!("{base}/entrar"))).await {
            Ok(res) => break res.text().await?,
            Err(e) if tries < 3 && e.is_request() => {
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
            Err(e) => return Err(e),
        }
    };
    let html = scraper::Html::parse_document(&body);
    Ok(attr(&html, "input[name=csrf]", "value").unwrap_or_default())
}

/// Logs `client` in on the server at `base`; panics unless the login succeeds.
pub async fn login_at(base: &str, client: &reqwest::Client, name: &str, password: &str) {
    let csrf = csrf_at(base, client).await.expect("login page");
    assert!(!csrf.is_empty(), "csrf field");
    let res = client
        .post(format!("{base}/entrar"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("username", name),
            ("password", password),
            ("next", "/"),
        ])
        .send()
        .await
        .expect("login");
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "login as {name}");
}

/// Every line of tests/data/examples/: its game, hand record and expected ruling (the
/// 70 records of the five games).
pub fn all_examples() -> Vec<(&'static str, Value, Value)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/examples");
    let mut out = Vec::new();
    for game in ["cuatrola", "tute", "guinote", "botifarra", "cinquillo"] {
        let text = std::fs::read_to_string(dir.join(format!("{game}.jsonl"))).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let example: Value = serde_json::from_str(line).unwrap();
            out.push((game, example["record"].clone(), example["expected"].clone()));
        }
    }
    assert_eq!(out.len(), 70, "the example records");
    out
}

/// The new-championship form as a test fills it in: by default a one-round Swiss of
/// cuatrola, one partida to the game's target, played hand by hand, 2 points a win,
/// 1 a draw, 0 a loss and 2 a bye, ranked by points. [`ChampionshipForm::set`]
/// changes or adds a field.
#[derive(Clone)]
pub struct ChampionshipForm(Vec<(&'static str, String)>);

impl ChampionshipForm {
    /// The default form for a championship named `name`.
    pub fn new(name: &str) -> ChampionshipForm {
        let mut fields = vec![("name", name.to_owned())];
        fields.extend(
            [
                ("game", "cuatrola"),
                ("starts_on", "2026-11-28"),
                ("system", "swiss"),
                ("rounds", "1"),
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
            ]
            .map(|(k, v)| (k, v.to_owned())),
        );
        ChampionshipForm(fields)
    }

    /// A one-round Swiss of cuatrola timed at 30 minutes (a partida to 21, at most 40
    /// hands, 30 points counted at most), its hands entered as `entry` says.
    pub fn thirty_minutes(entry: &str) -> ChampionshipForm {
        ChampionshipForm::new("Cuatrola a 30 minutos")
            .set("match_format", "timed")
            .set("target", "21")
            .set("partidas", "3")
            .set("max_hands", "40")
            .set("minutes", "30")
            .set("cap", "30")
            .set("entry", entry)
    }

    /// The form with field `key` set to `value` (added where it is not yet).
    pub fn set(mut self, key: &'static str, value: &str) -> ChampionshipForm {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(field) => field.1 = value.to_owned(),
            None => self.0.push((key, value.to_owned())),
        }
        self
    }

    /// Posts the form to club `club`'s new-championship page as `app.client`.
    pub async fn post(&self, app: &TestApp, club: i32) -> reqwest::Response {
        let path = format!("/clubes/{club}/campeonatos/nuevo");
        post_form_as(app, &app.client, &path, &self.fields()).await
    }

    /// The form's fields as posted.
    pub fn fields(&self) -> Vec<(&str, &str)> {
        self.0.iter().map(|(k, v)| (*k, v.as_str())).collect()
    }

    /// Posts the form ([`ChampionshipForm::post`]), which must create the championship:
    /// its id.
    pub async fn create(&self, app: &TestApp, club: i32) -> i32 {
        let res = self.post(app, club).await;
        assert_eq!(res.status(), reqwest::StatusCode::SEE_OTHER);
        crate::from_scratch::id_of(&res)
    }

    /// Creates the championship ([`ChampionshipForm::create`]) and registers `n` pairs
    /// named "`prefix` 1" to "`prefix` n", in that order, through the registration
    /// form: its id.
    pub async fn create_with_pairs(&self, app: &TestApp, club: i32, prefix: &str, n: u32) -> i32 {
        let id = self.create(app, club).await;
        for k in 1..=n {
            let name = format!("{prefix} {k}");
            let res = post_form_as(
                app,
                &app.client,
                &format!("/campeonatos/{id}/inscritos"),
                &[("name", &name)],
            )
            .await;
            assert_eq!(res.status(), reqwest::StatusCode::SEE_OTHER, "{name}");
        }
        id
    }
}

/// The records of a CSV file Baza wrote (a BOM first, checked), separated as its
/// first line with a separator says (`;` from a Spanish or Catalan page, `,` from
/// an English one); a blank line between two sheets is skipped.
pub fn csv_records(text: &str) -> Vec<Vec<String>> {
    let text = text.strip_prefix('\u{feff}').expect("a BOM first");
    let head = text
        .lines()
        .find(|l| l.contains([',', ';']))
        .unwrap_or_default();
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(baza::web::sheets::sniff_delimiter(head))
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.expect("a CSV record").iter().map(str::to_owned).collect())
        .collect()
}
