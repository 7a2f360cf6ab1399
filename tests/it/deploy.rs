//! A federation's deployment: forwarding headers believed only from the trusted
//! proxy; wrong PINs that lock their own table and not a hall sharing one address; a
//! phone that keeps its hand through a proxy's 502; a server that stops cleanly on
//! SIGTERM; and (with PostgreSQL) the role made by deploy/postgres/setup.sh, two
//! servers behind nginx with deploy/nginx/baza.conf through a server killed and one
//! restarted mid-round, and the README's restore of a dump into a fresh database.

use reqwest::StatusCode;

use crate::from_scratch::{
    club_from_first_run, defaults_for, id_of, new_championship, register_and_pair, slip_halves,
};
use crate::helpers::{TestApp, new_client, post_form_as, texts};

/// A cuatrola championship of the club made at *Primeros pasos*, with `pairs` pairs
/// registered and round 1 published; its id.
async fn championship_with_pairs(app: &TestApp, pairs: usize) -> i32 {
    let club = club_from_first_run(app).await;
    let fields = defaults_for(app, club, "cuatrola", "partida").await;
    let res = new_championship(app, club, &fields).await;
    let id = id_of(&res);
    let names: Vec<String> = (0..pairs).map(|i| format!("Pareja {}", i + 1)).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    register_and_pair(app, id, &names).await;
    id
}

/// Round 1's tables: (path, pair a's PIN).
async fn tables(app: &TestApp, id: i32) -> Vec<(String, String)> {
    slip_halves(app, id)
        .await
        .into_iter()
        .map(|(path, [a, _])| (path.trim().to_owned(), a.pins[0].clone()))
        .collect()
}

async fn try_pin(app: &TestApp, phone: &reqwest::Client, table: &str, pin: &str) -> StatusCode {
    post_form_as(app, phone, &format!("{table}/pin"), &[("pin", pin)])
        .await
        .status()
}

#[tokio::test]
async fn fifteen_wrong_pins_at_one_table_make_that_table_wait_and_another_tables_right_pin_opens_at_once()
 {
    let app = TestApp::spawn().await;
    let id = championship_with_pairs(&app, 4).await;
    let tables = tables(&app, id).await;
    let [(first, first_pin), (second, second_pin)] = &tables[..] else {
        panic!("two tables: {tables:?}");
    };
    // Every phone of the hall comes from one address (the venue's).
    let phone = new_client();
    for i in 0..15 {
        let expected = if i < 10 {
            StatusCode::UNAUTHORIZED
        } else {
            StatusCode::TOO_MANY_REQUESTS
        };
        assert_eq!(
            try_pin(&app, &phone, first, "0000x").await,
            expected,
            "attempt {}",
            i + 1
        );
    }
    // That table waits, even for its right PIN...
    assert_eq!(
        try_pin(&app, &phone, first, first_pin).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // ...and the next table's right PIN, from the same address, opens it at once,
    // though five more phones of the hall mistyped theirs there first.
    for i in 0..5 {
        assert_eq!(
            try_pin(&app, &phone, second, "0000x").await,
            StatusCode::UNAUTHORIZED,
            "second table, attempt {}",
            i + 1
        );
    }
    assert_eq!(
        try_pin(&app, &new_client(), second, second_pin).await,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn a_hundred_wrong_pins_from_one_address_are_each_answered_and_the_next_is_refused_even_if_right()
 {
    let app = TestApp::spawn().await;
    let id = championship_with_pairs(&app, 22).await;
    let tables = tables(&app, id).await;
    assert_eq!(tables.len(), 11);
    assert_eq!(
        baza::service::throttle::MAX_ADDRESS_PIN_FAILURES_PER_MINUTE,
        100
    );
    // A hall of 100 phones behind one address, each mistyping its PIN once, ten per
    // table: every one is told the PIN is wrong, none is made to wait.
    let phone = new_client();
    for (n, (table, _)) in tables[..10].iter().enumerate() {
        for i in 0..10 {
            assert_eq!(
                try_pin(&app, &phone, table, "0000x").await,
                StatusCode::UNAUTHORIZED,
                "table {} attempt {}",
                n + 1,
                i + 1
            );
        }
    }
    // Past a hundred it is a spray: the address waits, even with another table's
    // right PIN.
    let (last, last_pin) = &tables[10];
    assert_eq!(
        try_pin(&app, &phone, last, last_pin).await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

/// The printed link of round 1's first table, read with `headers` added.
async fn printed_link(app: &TestApp, id: i32, headers: &[(&str, &str)]) -> String {
    let mut req = app
        .client
        .get(app.url(&format!("/campeonatos/{id}/imprimir/actas?ronda=1")));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = req.send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    texts(&html, ".slip .table-link")[0].clone()
}

const FORGED: [(&str, &str); 3] = [
    ("x-forwarded-host", "evil.example"),
    ("x-forwarded-proto", "https"),
    (
        "forwarded",
        "for=198.51.100.7;host=evil.example;proto=https",
    ),
];

#[tokio::test]
async fn forwarding_headers_sent_straight_to_a_server_change_neither_the_throttled_address_nor_the_qr_codes()
 {
    let app = TestApp::spawn().await;
    let id = championship_with_pairs(&app, 2).await;
    let link = printed_link(&app, id, &FORGED).await;
    assert_eq!(
        link,
        format!("{}/campeonatos/{id}/rondas/1/mesas/1", app.address)
    );

    // Twenty wrong logins, each claiming another address: the sixteenth is refused.
    let client = new_client();
    let csrf = app.csrf_for(&client).await;
    for i in 0..20 {
        let res = client
            .post(app.url("/entrar"))
            .header("x-forwarded-for", format!("203.0.113.{i}"))
            .header("x-real-ip", format!("203.0.113.{i}"))
            .form(&[
                ("csrf", csrf.as_str()),
                ("username", &format!("nadie{i}")),
                ("password", "mal"),
            ])
            .send()
            .await
            .unwrap();
        let expected = if i < 15 {
            StatusCode::UNAUTHORIZED
        } else {
            StatusCode::TOO_MANY_REQUESTS
        };
        assert_eq!(res.status(), expected, "attempt {}", i + 1);
    }

    // From the trusted proxy the same headers are the truth: the QR codes carry the
    // public name the phones used.
    let behind = TestApp::spawn_with(baza::startup::WebOptions {
        trusted_proxies: baza::web::requests::TrustedProxies::parse("127.0.0.1").unwrap(),
        ..Default::default()
    })
    .await;
    let id = championship_with_pairs(&behind, 2).await;
    let link = printed_link(
        &behind,
        id,
        &[
            ("x-forwarded-host", "torneo.example:8443"),
            ("x-forwarded-proto", "https"),
        ],
    )
    .await;
    assert_eq!(
        link,
        format!("https://torneo.example:8443/campeonatos/{id}/rondas/1/mesas/1")
    );
}

/// What a proxy in front of the server does with a post.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Upstream {
    /// Passes it on and gives back the server's answer.
    Up,
    /// Answers 502 without passing it on (the server is away).
    Away,
    /// Passes it on, then answers 502 (the server stored it and died before
    /// answering).
    StoredThenAway,
    /// Answers this status with a page of its own, without passing it on (a 408 of a
    /// request that came too slowly, a proxy's or a captive portal's 4xx or 5xx).
    Answers(u16),
}

/// A proxy in front of a test server whose posts can be made to fail as nginx's do;
/// it notes every hand's submission id and what it answered.
pub(crate) struct Relay {
    upstream: String,
    pub(crate) mode: std::sync::Mutex<Upstream>,
    pub(crate) posts: std::sync::Mutex<Vec<(String, u16)>>,
    http: reqwest::Client,
}

async fn relay(
    req: actix_web::HttpRequest,
    body: actix_web::web::Bytes,
    relay: actix_web::web::Data<Relay>,
) -> actix_web::HttpResponse {
    use actix_web::HttpResponse;
    let mode = *relay.mode.lock().unwrap();
    let post = req.method() == actix_web::http::Method::POST;
    let hand = post && req.path().ends_with("/mano");
    let submission = hand.then(|| {
        serde_html_form::from_bytes::<Vec<(String, String)>>(&body)
            .unwrap_or_default()
            .into_iter()
            .find(|(k, _)| k == "submission")
            .map(|(_, v)| v)
            .unwrap_or_default()
    });
    let away = || HttpResponse::BadGateway().body("<h1>502 Bad Gateway</h1>");
    let note = |status: u16| {
        if let Some(s) = &submission {
            relay.posts.lock().unwrap().push((s.clone(), status));
        }
    };
    if post && mode == Upstream::Away {
        note(502);
        return away();
    }
    if let (true, Upstream::Answers(status)) = (post, mode) {
        note(status);
        let status = actix_web::http::StatusCode::from_u16(status).unwrap();
        return HttpResponse::build(status).body(format!("<h1>{status}</h1>"));
    }
    let path = req.uri().path_and_query().map_or("/", |p| p.as_str());
    let method = reqwest::Method::from_bytes(req.method().as_str().as_bytes()).unwrap();
    let mut out = relay
        .http
        .request(method, format!("{}{path}", relay.upstream))
        .body(body.to_vec());
    for (k, v) in req.headers() {
        if !matches!(k.as_str(), "content-length" | "connection" | "keep-alive") {
            out = out.header(k.as_str(), v.as_bytes());
        }
    }
    let res = out.send().await.unwrap();
    if post && mode == Upstream::StoredThenAway {
        note(502);
        return away();
    }
    let status = res.status().as_u16();
    note(status);
    let mut back = HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap());
    for (k, v) in res.headers() {
        if !matches!(
            k.as_str(),
            "content-length" | "connection" | "keep-alive" | "transfer-encoding"
        ) {
            back.append_header((k.as_str(), v.as_bytes()));
        }
    }
    back.body(res.bytes().await.unwrap())
}

/// Starts a [`Relay`] to `upstream`; its address and the relay.
pub(crate) async fn start_relay(upstream: &str) -> (String, actix_web::web::Data<Relay>) {
    let state = actix_web::web::Data::new(Relay {
        upstream: upstream.to_owned(),
        mode: std::sync::Mutex::new(Upstream::Up),
        posts: Default::default(),
        http: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
    });
    let data = state.clone();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .app_data(data.clone())
            .default_service(actix_web::web::to(relay))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    (address, state)
}

/// Waits (up to 20 s) until the relay has seen `n` hands sent.
pub(crate) async fn until_posts(relay: &Relay, n: usize) {
    for _ in 0..200 {
        if relay.posts.lock().unwrap().len() >= n {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{:?}, not {n} hands sent", relay.posts.lock().unwrap());
}

#[tokio::test]
async fn in_a_browser_a_hand_answered_502_by_the_proxy_waits_on_the_phone_and_is_stored_once_with_its_submission_id()
 {
    use crate::browser::Browser;
    use crate::offline::{new_game, solo, stored, type_hand, until_waiting};
    let Some(browser) = Browser::start("proxy_502").await else {
        return;
    };
    browser.resize(390, 844).await;
    let app = TestApp::with_demo().await;
    let pw = app.add_user("mesa", "organiser", Some(1)).await;
    app.login(&app.client, "mesa", &pw).await;
    let game = new_game(&app, &app.client).await;
    let (proxy, relay) = start_relay(&app.address).await;
    browser.goto(&format!("{proxy}/entrar")).await;
    browser.fill("input[name=username]", "mesa").await;
    browser.fill("input[name=password]", &pw).await;
    browser
        .submit("form[action='/entrar'] button[type=submit]")
        .await;
    assert_eq!(
        browser.path().await,
        "/clubes/1",
        "the organiser lands on her club"
    );
    browser.goto(&format!("{proxy}{game}/mano")).await;
    browser.wait_for("form.hand-form").await;
    let back_online = "window.dispatchEvent(new Event('online')); return 1";

    // The server is away: the proxy answers 502 and the hand waits on the phone.
    *relay.mode.lock().unwrap() = Upstream::Away;
    type_hand(&browser, &solo("0", "o")).await;
    until_posts(&relay, 1).await;
    until_waiting(&browser, 1).await;
    assert!(stored(&app, &game).await.is_empty());
    let first = relay.posts.lock().unwrap()[0].0.clone();
    assert_eq!(first.len(), 32, "a submission id: {first:?}");
    // Back: the phone sends it once, with the same submission id.
    *relay.mode.lock().unwrap() = Upstream::Up;
    browser.eval(back_online).await;
    until_waiting(&browser, 0).await;
    let saved = stored(&app, &game).await;
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert_eq!(saved[0].2, first);
    // (Sent again every few seconds while the server was away, always with its id.)
    let posts = relay.posts.lock().unwrap().clone();
    assert!(posts.iter().all(|(s, _)| s == &first), "{posts:?}");
    assert_eq!(posts.iter().filter(|(_, st)| *st == 303).count(), 1);
    assert_eq!(posts.last().map(|p| p.1), Some(303));
    let sent = posts.len();

    // The server stores the next hand and dies before answering: the phone keeps it,
    // sends it again with its id, and it is stored once.
    browser.goto(&format!("{proxy}{game}/mano")).await;
    browser.wait_for("form.hand-form").await;
    *relay.mode.lock().unwrap() = Upstream::StoredThenAway;
    type_hand(&browser, &solo("1", "c")).await;
    until_posts(&relay, sent + 1).await;
    until_waiting(&browser, 1).await;
    assert_eq!(stored(&app, &game).await.len(), 2);
    *relay.mode.lock().unwrap() = Upstream::Up;
    browser.eval(back_online).await;
    until_waiting(&browser, 0).await;
    let saved = stored(&app, &game).await;
    assert_eq!(
        saved.iter().map(|(n, b, _)| (*n, *b)).collect::<Vec<_>>(),
        [(1, 0), (2, 1)]
    );
    let posts = relay.posts.lock().unwrap().clone();
    let second = &posts[sent].0;
    assert_ne!(second, &first);
    assert_eq!(&saved[1].2, second);
    assert!(
        posts[sent..].iter().all(|(s, _)| s == second),
        "every send of the second hand carries its id: {posts:?}"
    );
}

/// The shared PostgreSQL of `BAZA_TEST_DATABASE_URL` (`postgres://USER[:PW]@HOST:PORT/DB`)
/// as psql's environment: (PGUSER, PGPASSWORD, PGHOST, PGPORT).
fn pg_admin(url: &str) -> (String, String, String, String) {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = rest.split(['/', '?']).next().unwrap_or("");
    let (who, place) = rest.rsplit_once('@').unwrap_or(("postgres", rest));
    let (user, pw) = who.split_once(':').unwrap_or((who, ""));
    let (host, port) = place.rsplit_once(':').unwrap_or((place, "5432"));
    (user.into(), pw.into(), host.into(), port.into())
}

/// psql's environment for the shared server, as its administrator.
fn psql_env(cmd: &mut std::process::Command, admin: &(String, String, String, String)) {
    cmd.env("PGUSER", &admin.0)
        .env("PGHOST", &admin.2)
        .env("PGPORT", &admin.3)
        .env("PGSSLMODE", "disable");
    if admin.1.is_empty() {
        cmd.env_remove("PGPASSWORD");
    } else {
        cmd.env("PGPASSWORD", &admin.1);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap()
}

/// A `baza serve` process behind the proxy, as deploy/systemd/baza.env sets it up:
/// the database URL and its password in the environment, not on the command line.
struct Backend {
    child: std::process::Child,
    port: u16,
}

impl Backend {
    fn spawn(port: u16, env: &[(String, String)]) -> Backend {
        #[allow(clippy::zombie_processes)] // waited for in `Drop`
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
            .arg("serve")
            .envs(env.iter().cloned())
            .env("BAZA_BIND", format!("127.0.0.1:{port}"))
            .env("BAZA_WORKERS", "2")
            .env("BAZA_TRUSTED_PROXY", "127.0.0.1")
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        Backend { child, port }
    }

    async fn healthy(&mut self) {
        let client = new_client();
        for _ in 0..300 {
            if let Ok(r) = client
                .get(format!("http://127.0.0.1:{}/health", self.port))
                .send()
                .await
                && r.status() == StatusCode::OK
            {
                return;
            }
            assert!(
                self.child.try_wait().unwrap().is_none(),
                "baza serve on {} exited",
                self.port
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("baza serve on {} never answered", self.port);
    }

    /// Sends SIGTERM.
    fn term(&self) {
        let status = std::process::Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// SIGTERM, and how long the process took to exit.
    async fn terminate(&mut self) -> std::time::Duration {
        let start = std::time::Instant::now();
        self.term();
        self.exited(start).await
    }

    /// Waits for the process to exit (after SIGTERM, successfully, within the
    /// server's bound and a margin); how long since `start`.
    async fn exited(&mut self, start: std::time::Instant) -> std::time::Duration {
        let bound = baza::startup::SHUTDOWN_SECONDS + 5;
        while start.elapsed().as_secs() < bound {
            if let Some(exit) = self.child.try_wait().unwrap() {
                assert!(exit.success(), "exit after SIGTERM: {exit:?}");
                return start.elapsed();
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("baza serve still running {bound} s after SIGTERM");
    }
}

impl Drop for Backend {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The role and database made for the test, dropped at its end.
struct Federation {
    admin: (String, String, String, String),
    name: String,
}

impl Drop for Federation {
    fn drop(&mut self) {
        for sql in [
            format!("DROP DATABASE IF EXISTS {}_r WITH (FORCE)", self.name),
            format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
            format!("DROP ROLE IF EXISTS {}", self.name),
        ] {
            let mut cmd = std::process::Command::new("psql");
            psql_env(&mut cmd, &self.admin);
            let _ = cmd
                .args(["-X", "-q", "-d", "postgres", "-c", &sql])
                .status();
        }
    }
}

/// deploy/nginx/baza.conf with the test's ports in place of the servers' addresses
/// and of ports 80 and 443 (no TLS: the test client speaks plain HTTP), in a
/// configuration of its own folder.
fn render_nginx(dir: &std::path::Path, backends: [u16; 2], https: u16, http: u16) -> String {
    let conf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/deploy/nginx/baza.conf"
    ))
    .unwrap();
    let mut out = String::new();
    for line in conf.lines() {
        let t = line.trim();
        let line = match t {
            "listen 80;" => format!("    listen 127.0.0.1:{http};"),
            "listen 443 ssl http2;" => format!("    listen 127.0.0.1:{https};"),
            _ if t.starts_with("listen [::]") || t.starts_with("ssl_") => continue,
            _ => line
                .replace("10.0.0.11:8080", &format!("127.0.0.1:{}", backends[0]))
                .replace("10.0.0.12:8080", &format!("127.0.0.1:{}", backends[1])),
        };
        out.push_str(&line);
        out.push('\n');
    }
    assert!(out.contains(&format!("listen 127.0.0.1:{https};")));
    assert!(!out.contains("10.0.0.1"), "every server replaced");
    std::fs::write(dir.join("baza.conf"), &out).unwrap();
    let d = dir.display();
    let main = format!(
        "user root;\nworker_processes 1;\ndaemon off;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
         events {{ worker_connections 512; }}\n\
         http {{\n  access_log off;\n  client_body_temp_path {d}/body;\n  proxy_temp_path {d}/proxy;\n\
         fastcgi_temp_path {d}/fcgi;\n  uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n\
         include {d}/baza.conf;\n}}\n"
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, main).unwrap();
    path.display().to_string()
}

/// The hand form of `game`: (csrf, version, status of the page).
async fn hand_form(base: &str, client: &reqwest::Client, game: i32) -> (String, String, u16) {
    let Ok(res) = client
        .get(format!("{base}/partidas/{game}/mano"))
        .send()
        .await
    else {
        return (String::new(), String::new(), 0);
    };
    let status = res.status().as_u16();
    let html = scraper::Html::parse_document(&res.text().await.unwrap_or_default());
    let field = |name: &str| {
        crate::helpers::attr(
            &html,
            &format!("form.hand-form input[name={name}]"),
            "value",
        )
        .unwrap_or_default()
    };
    (field("csrf"), field("version"), status)
}

/// Statuses seen through the proxy, and hands acknowledged per game.
#[derive(Default)]
struct Tally {
    errors: Vec<String>,
    acked: std::collections::BTreeMap<i32, usize>,
}

/// Saves won solos through `base` until `stop`, each game up to 8 hands (a new game
/// after that): every answer is noted, 5xx and failed connections as errors.
async fn scorekeeper(
    base: String,
    client: reqwest::Client,
    club: i32,
    k: usize,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    tally: std::sync::Arc<std::sync::Mutex<Tally>>,
) {
    use std::sync::atomic::Ordering;
    let mut game = None;
    let mut n = 0;
    while !stop.load(Ordering::SeqCst) {
        let g = match game {
            Some(g) if n < 8 => g,
            _ => {
                let (csrf, _, _) = hand_form(&base, &client, 0).await;
                let csrf = if csrf.is_empty() {
                    crate::helpers::csrf_at(&base, &client)
                        .await
                        .unwrap_or_default()
                } else {
                    csrf
                };
                let res = client
                    .post(format!("{base}/clubes/{club}/partidas/nueva"))
                    .form(&[
                        ("csrf", csrf.as_str()),
                        ("game", "cuatrola"),
                        ("players", "4"),
                        ("first_dealer", "3"),
                        ("seat_0", "Ana"),
                        ("seat_1", "Benito"),
                        ("seat_2", "Carmen"),
                        ("seat_3", "Dámaso"),
                    ])
                    .send()
                    .await;
                match res {
                    Ok(r) if r.status() == StatusCode::SEE_OTHER => {
                        let id = crate::helpers::game_made(&r);
                        tally.lock().unwrap().acked.insert(id, 0);
                        game = Some(id);
                        n = 0;
                        id
                    }
                    other => {
                        let what = other.map(|r| r.status().to_string());
                        tally
                            .lock()
                            .unwrap()
                            .errors
                            .push(format!("new game: {what:?}"));
                        continue;
                    }
                }
            }
        };
        let (csrf, version, status) = hand_form(&base, &client, g).await;
        if status != 200 {
            tally
                .lock()
                .unwrap()
                .errors
                .push(format!("hand form of {g}: {status}"));
            continue;
        }
        let submission = format!("k{k}-g{g}-{n}");
        let mut form = vec![
            ("csrf", csrf.as_str()),
            ("version", version.as_str()),
            ("submission", submission.as_str()),
        ];
        form.extend_from_slice(&crate::helpers::CUATROLA_SOLO);
        let res = client
            .post(format!("{base}/partidas/{g}/mano"))
            .form(&form)
            .send()
            .await;
        let mut t = tally.lock().unwrap();
        match res {
            Ok(r) if r.status() == StatusCode::SEE_OTHER => {
                *t.acked.entry(g).or_default() += 1;
                n += 1;
            }
            Ok(r) => t.errors.push(format!("hand {submission}: {}", r.status())),
            Err(e) => t.errors.push(format!("hand {submission}: {e}")),
        }
    }
}

/// Runs four scorekeepers through `base` while `during` happens, and a moment after.
async fn under_load<F: std::future::Future<Output = ()>>(
    base: &str,
    phones: &[reqwest::Client],
    club: i32,
    during: F,
) -> Tally {
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let tally = std::sync::Arc::new(std::sync::Mutex::new(Tally::default()));
    let tasks: Vec<_> = phones
        .iter()
        .enumerate()
        .map(|(k, c)| {
            tokio::spawn(scorekeeper(
                base.to_owned(),
                c.clone(),
                club,
                k,
                stop.clone(),
                tally.clone(),
            ))
        })
        .collect();
    // Some hands first, then the fault, then some hands after it.
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    during.await;
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    stop.store(true, Ordering::SeqCst);
    for t in tasks {
        t.await.unwrap();
    }
    std::sync::Arc::try_unwrap(tally)
        .ok()
        .unwrap()
        .into_inner()
        .unwrap()
}

/// Every game's stored hands, read through `base`, are exactly those acknowledged.
async fn assert_stored_once(base: &str, client: &reqwest::Client, tally: &Tally) {
    for (game, acked) in &tally.acked {
        let res = client
            .get(format!("{base}/partidas/{game}/exportar"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let v: serde_json::Value = res.json().await.unwrap();
        let hands = v["hands"].as_array().map_or(0, Vec::len);
        assert_eq!(hands, *acked, "game {game}: stored vs acknowledged");
    }
}

#[tokio::test]
async fn two_servers_behind_nginx_lose_no_hand_and_answer_no_5xx_when_one_is_killed_and_one_restarted()
 {
    let Ok(base) = std::env::var("BAZA_TEST_DATABASE_URL") else {
        eprintln!("nginx deployment test skipped: BAZA_TEST_DATABASE_URL is not set");
        return;
    };
    let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .expect("nginx installed (apt-get install nginx), as .ci/run does");
    let admin = pg_admin(&base);
    let name = format!(
        "baza_dep_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    );
    let password = format!("pw-{}", baza::service::random_hex(12).unwrap());
    // The role and its database, made by deploy/'s script; the password from a file.
    let dir = tempfile::tempdir().unwrap();
    let pw_file = dir.path().join("db-password");
    std::fs::write(&pw_file, &password).unwrap();
    let mut setup = std::process::Command::new("sh");
    psql_env(&mut setup, &admin);
    let out = setup
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/deploy/postgres/setup.sh"
        ))
        .args([&name, &name])
        .env("BAZA_DB_PASSWORD_FILE", &pw_file)
        .output()
        .unwrap();
    let _federation = Federation {
        admin: admin.clone(),
        name: name.clone(),
    };
    assert!(out.status.success(), "setup.sh: {out:?}");
    let env = vec![
        (
            "BAZA_DATABASE_URL".to_owned(),
            format!(
                "postgres://{name}@{}:{}/{name}?sslmode=disable",
                admin.2, admin.3
            ),
        ),
        ("PGPASSWORD".to_owned(), password.clone()),
    ];

    // Two servers started at once on the empty database, and nginx in front.
    let ports = [free_port(), free_port()];
    let mut servers = [
        Backend::spawn(ports[0], &env),
        Backend::spawn(ports[1], &env),
    ];
    for s in &mut servers {
        s.healthy().await;
    }
    let cli = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
            .args(args)
            .envs(env.iter().cloned())
            .env("RUST_LOG", "warn")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(out.status.success(), "baza {args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    };
    let club: i32 = cli(&["club", "add", "Federación de Huesca"])
        .parse()
        .unwrap();
    let club_s = club.to_string();
    let org_pw = cli(&[
        "user",
        "add",
        "org",
        "--role",
        "organiser",
        "--club",
        &club_s,
    ]);
    let org_pw = org_pw.lines().last().unwrap().trim().to_owned();
    let (https, http) = (free_port(), free_port());
    let conf = render_nginx(dir.path(), ports, https, http);
    let mut proxy = std::process::Command::new(nginx)
        .args(["-p", &dir.path().display().to_string(), "-c", &conf])
        .args(["-e", &dir.path().join("error.log").display().to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    struct Nginx<'a>(&'a mut std::process::Child);
    impl Drop for Nginx<'_> {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let proxy = Nginx(&mut proxy);
    let front = format!("http://127.0.0.1:{https}");
    let probe = new_client();
    let mut up = false;
    for _ in 0..100 {
        if probe.get(format!("{front}/health")).send().await.is_ok() {
            up = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        up,
        "nginx: {:?}",
        std::fs::read_to_string(dir.path().join("error.log"))
    );
    let _ = &proxy;

    // Plain HTTP is sent to HTTPS.
    let res = probe
        .get(format!("http://127.0.0.1:{http}/campeonatos"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(res.headers()["location"], "https://127.0.0.1/campeonatos");

    // Each phone signs in through nginx: the form is accepted from the public host
    // with its port (sent as a browser does, in Origin).
    let mut phones = Vec::new();
    for _ in 0..4 {
        let phone = new_client();
        let csrf = crate::helpers::csrf_at(&front, &phone).await.unwrap();
        let res = phone
            .post(format!("{front}/entrar"))
            .header("origin", &front)
            .header("x-forwarded-host", "evil.example")
            .form(&[
                ("csrf", csrf.as_str()),
                ("username", "org"),
                ("password", org_pw.as_str()),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "sign in through nginx");
        phones.push(phone);
    }

    // Mid-burst, one server is killed (SIGKILL): no 5xx, every hand acknowledged is
    // stored once.
    let [first, second] = servers;
    let mut second = second;
    let tally = under_load(&front, &phones, club, async {
        drop(first);
    })
    .await;
    assert!(
        tally.errors.is_empty(),
        "{} errors: {:?}",
        tally.errors.len(),
        &tally.errors[..tally.errors.len().min(12)]
    );
    let mut totals = Vec::new();
    let saved: usize = tally.acked.values().sum();
    totals.push(saved);
    eprintln!("killed mid-burst: {saved} hands acknowledged and stored once, no 5xx");
    assert!(saved >= 8, "hands saved: {saved}");
    assert_stored_once(&front, &phones[0], &tally).await;

    // The killed one comes back; then the other is restarted with SIGTERM under load.
    let mut first = Backend::spawn(ports[0], &env);
    first.healthy().await;
    // As the README's rolling upgrade says: nginx takes it back within fail_timeout.
    tokio::time::sleep(std::time::Duration::from_millis(2200)).await;
    let tally = under_load(&front, &phones, club, async {
        let took = second.terminate().await;
        eprintln!("SIGTERM: the server exited in {took:?}");
        assert!(
            took.as_secs() <= baza::startup::SHUTDOWN_SECONDS,
            "stopped in {took:?}"
        );
        second = Backend::spawn(ports[1], &env);
        second.healthy().await;
    })
    .await;
    assert!(
        tally.errors.is_empty(),
        "{} errors: {:?}",
        tally.errors.len(),
        &tally.errors[..tally.errors.len().min(12)]
    );
    let saved: usize = tally.acked.values().sum();
    totals.push(saved);
    eprintln!("restarted under load: {saved} hands acknowledged and stored once, no 5xx");
    assert!(saved >= 8, "hands saved: {saved}");
    assert_stored_once(&front, &phones[0], &tally).await;
    // Both serve again.
    for port in ports {
        let res = probe
            .get(format!("http://127.0.0.1:{port}/health"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
    }

    // A dump restored as the README says, into a fresh database owned by the role,
    // holds every hand.
    let total: usize = totals.iter().sum();
    let dump = dir.path().join("baza.dump");
    let as_role = |cmd: &mut std::process::Command| {
        cmd.env("PGHOST", &admin.2)
            .env("PGPORT", &admin.3)
            .env("PGUSER", &name)
            .env("PGPASSWORD", &password)
            .env("PGSSLMODE", "disable");
    };
    let mut pg_dump = std::process::Command::new("pg_dump");
    as_role(&mut pg_dump);
    let out = pg_dump
        .args(["-Fc", "-f", &dump.display().to_string(), &name])
        .output()
        .unwrap();
    assert!(out.status.success(), "pg_dump: {out:?}");
    let restored = format!("{name}_r");
    let mut createdb = std::process::Command::new("createdb");
    psql_env(&mut createdb, &admin);
    let out = createdb.args(["-O", &name, &restored]).output().unwrap();
    assert!(out.status.success(), "createdb: {out:?}");
    let mut pg_restore = std::process::Command::new("pg_restore");
    as_role(&mut pg_restore);
    let out = pg_restore
        .args(["--no-owner", "--role", &name, "-d", &restored])
        .arg(&dump)
        .output()
        .unwrap();
    assert!(out.status.success(), "pg_restore: {out:?}");
    let mut psql = std::process::Command::new("psql");
    as_role(&mut psql);
    let out = psql
        .args([
            "-X",
            "-tA",
            "-d",
            &restored,
            "-c",
            "SELECT count(*) FROM game_hands",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "psql: {out:?}");
    let hands: usize = String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert_eq!(hands, total, "hands in the restored database");
}

/// Reads from `stream` until the server closes it (or `wait` passes): what came.
fn read_to_close(stream: &mut std::net::TcpStream, wait: std::time::Duration) -> (String, bool) {
    use std::io::Read;
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return (String::from_utf8_lossy(&out).into_owned(), true),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return (String::from_utf8_lossy(&out).into_owned(), true);
            }
            Err(_) => return (String::from_utf8_lossy(&out).into_owned(), false),
        }
    }
}

#[tokio::test]
async fn a_server_told_to_stop_answers_the_request_in_flight_with_connection_close_drops_idle_connections_and_exits()
 {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("baza.sqlite3").display());
    let port = free_port();
    let mut server = Backend::spawn(port, &[("BAZA_DATABASE_URL".to_owned(), url)]);
    server.healthy().await;
    let addr = format!("127.0.0.1:{port}");
    let (idle, inflight) = tokio::task::spawn_blocking(move || {
        // A kept-alive connection, idle after one answer.
        let mut idle = std::net::TcpStream::connect(&addr).unwrap();
        idle.write_all(b"GET /health HTTP/1.1\r\nHost: baza\r\n\r\n")
            .unwrap();
        idle.set_read_timeout(Some(std::time::Duration::from_secs(5)))
            .unwrap();
        let mut buf = [0u8; 4096];
        let n = idle.read(&mut buf).unwrap();
        let first = String::from_utf8_lossy(&buf[..n]).into_owned();
        assert!(first.starts_with("HTTP/1.1 200"), "{first}");
        assert!(!first.to_ascii_lowercase().contains("connection: close"));
        // A request whose body is still on its way.
        let mut inflight = std::net::TcpStream::connect(&addr).unwrap();
        inflight
            .write_all(
                b"POST /entrar HTTP/1.1\r\nHost: baza\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 25\r\n\r\nusername=ana&",
            )
            .unwrap();
        (idle, inflight)
    })
    .await
    .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let start = std::time::Instant::now();
    server.term();
    let (idle_closed, answer) = tokio::task::spawn_blocking(move || {
        let (mut idle, mut inflight) = (idle, inflight);
        // The idle connection is closed at once, long before its keep-alive (5 s)
        // would have ended it.
        let (rest, closed) = read_to_close(&mut idle, std::time::Duration::from_secs(3));
        assert!(rest.is_empty(), "{rest}");
        // The request in flight gets its answer, which says the connection closes.
        std::thread::sleep(std::time::Duration::from_millis(200));
        inflight.write_all(b"password=mal").unwrap();
        let (answer, _) = read_to_close(&mut inflight, std::time::Duration::from_secs(8));
        (closed, answer)
    })
    .await
    .unwrap();
    assert!(idle_closed, "the idle connection stayed open");
    let head = answer.to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 4"), "{answer}");
    eprintln!(
        "answered while stopping: {}",
        answer.lines().next().unwrap_or("")
    );
    assert!(head.contains("connection: close"), "{answer}");
    let took = server.exited(start).await;
    assert!(
        took.as_secs() <= baza::startup::SHUTDOWN_SECONDS,
        "exited after {took:?}"
    );
    // Nothing listens any more.
    assert!(std::net::TcpStream::connect(format!("127.0.0.1:{port}")).is_err());
}

#[test]
fn the_old_trusted_proxy_header_flag_is_refused_naming_the_new_one_and_a_bad_address_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("baza.sqlite3").display());
    let serve = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
            .arg("serve")
            .args(["--bind", "127.0.0.1:0", "--db", &url])
            .args(args)
            .env_remove("BAZA_TRUSTED_PROXY")
            .env_remove("BAZA_TRUSTED_PROXY_HEADER")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let out = serve(&["--trusted-proxy-header", "X-Forwarded-For"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("usa --trusted-proxy con la dirección"),
        "{err}"
    );
    assert!(err.contains("use --trusted-proxy with"), "{err}");
    for bad in ["X-Forwarded-For", "10.0.0.0/33", ""] {
        let out = serve(&["--trusted-proxy", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--trusted-proxy"), "{bad}: {err}");
    }
}

#[tokio::test]
async fn in_a_browser_a_held_hand_loaded_back_into_the_form_keeps_its_submission_id() {
    use crate::offline::{phone_and_game, solo, type_hand, until_waiting};
    let Some((browser, app, other, game)) = phone_and_game("held_keeps_id").await else {
        return;
    };
    browser.goto(&app.url(&format!("{game}/mano"))).await;
    browser.wait_for("form.hand-form").await;
    // Two hands typed off the network...
    browser.offline(true).await;
    type_hand(&browser, &solo("0", "o")).await;
    until_waiting(&browser, 1).await;
    type_hand(&browser, &solo("1", "c")).await;
    until_waiting(&browser, 2).await;
    // ...while another phone saves one: the first is refused on arrival, the second
    // is held for the scorekeeper.
    let page = other.get(app.url(&game)).send().await.unwrap();
    let page = scraper::Html::parse_document(&page.text().await.unwrap());
    let v = crate::helpers::attr(&page, ".big-score", "data-version").unwrap();
    let mut fields = solo("2", "e");
    fields.push(("version", &v));
    fields.push(("submission", "other-phone"));
    let res = post_form_as(&app, &other, &format!("{game}/mano"), &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    browser.offline(false).await;
    until_waiting(&browser, 1).await;
    browser.wait_for("#pending li button").await;
    let held = browser
        .eval(
            "return new URLSearchParams(JSON.parse(localStorage.getItem('baza-pending-v1'))[0].body).get('submission')",
        )
        .await;
    let held = held.as_str().unwrap().to_owned();
    assert_eq!(held.len(), 32, "{held}");
    // "Cargar en el formulario" puts it back with its own submission id.
    browser.click("#pending li button").await;
    assert_eq!(
        browser
            .eval("return document.querySelector('form.hand-form [name=submission]').value")
            .await,
        held.as_str()
    );
    assert_eq!(
        browser
            .eval("return document.querySelector('form.hand-form [name=bidder]').value")
            .await,
        "1"
    );
}
