//! End-to-end tests in a real headless Chromium, driven over WebDriver by Debian's
//! chromedriver. Where Chromium is absent they print why and pass, so the README's
//! test command works on a bare machine; CI sets `BAZA_REQUIRE_BROWSER=1` so a
//! missing browser fails there instead of skipping. Every test that starts a browser is
//! named `in_a_browser_…`: a run that skips them by that name (CI's run on PostgreSQL,
//! since what they check does not depend on the backend) sets `BAZA_TEST_NO_BROWSER=1`,
//! and a browser started there fails.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::TestApp;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A chromedriver process and one browser session; both end when dropped.
pub struct Browser {
    driver: Child,
    base: String,
    port: u16,
    session: String,
    profile: std::path::PathBuf,
    http: reqwest::Client,
    name: String,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("free port")
}

impl Browser {
    /// Starts a browser, or returns `None` (after saying why) where there is none.
    pub async fn start(test: &str) -> Option<Browser> {
        // The run on PostgreSQL skips the browser tests by name (`--skip in_a_browser`):
        // one that starts a browser there is misnamed.
        if std::env::var("BAZA_TEST_NO_BROWSER").is_ok_and(|v| v == "1") {
            panic!(
                "browser test {test} ran with BAZA_TEST_NO_BROWSER=1: name it in_a_browser_… so that runs skipping the browser tests skip it"
            );
        }
        if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
            let reason = format!(
                "browser test {test} skipped: {CHROMIUM} or {CHROMEDRIVER} not installed (apt-get install chromium chromium-driver)"
            );
            if std::env::var("BAZA_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
                panic!("{reason}, and BAZA_REQUIRE_BROWSER=1");
            }
            eprintln!("{reason}");
            return None;
        }
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let base = format!("http://127.0.0.1:{port}");
        let http = reqwest::Client::new();
        for _ in 0..100 {
            if http.get(format!("{base}/status")).send().await.is_ok() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = tempfile::tempdir().expect("profile dir").keep();
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "prefs": {"intl.accept_languages": "es-ES,es"},
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--window-size=412,915",
                    "--lang=es", format!("--user-data-dir={}", profile.display()),
                ]
            }
        }}});
        let res: Value = http
            .post(format!("{base}/session"))
            .json(&caps)
            .send()
            .await
            .expect("new session")
            .json()
            .await
            .expect("session json");
        let session = res["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {res}"))
            .to_owned();
        Some(Browser {
            driver,
            base,
            port,
            session,
            profile,
            http,
            name: test.to_owned(),
        })
    }

    pub async fn cmd(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}/session/{}{}", self.base, self.session, path);
        let mut req = self.http.request(method, url);
        if let Some(b) = body {
            req = req.json(&b);
        }
        let v: Value = req
            .send()
            .await
            .expect("webdriver")
            .json()
            .await
            .expect("json");
        if v["value"].get("error").is_some() {
            self.screenshot().await;
            panic!("webdriver {path}: {}", v["value"]);
        }
        v["value"].clone()
    }

    pub async fn goto(&self, url: &str) {
        self.cmd(reqwest::Method::POST, "/url", Some(json!({ "url": url })))
            .await;
    }

    pub async fn eval(&self, script: &str) -> Value {
        self.cmd(
            reqwest::Method::POST,
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
        .await
    }

    pub async fn click(&self, css: &str) {
        let el = self
            .cmd(
                reqwest::Method::POST,
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .await;
        let id = el[ELEMENT].as_str().expect("element id").to_owned();
        self.cmd(
            reqwest::Method::POST,
            &format!("/element/{id}/click"),
            Some(json!({})),
        )
        .await;
    }

    /// Types `text` into the field `css` (after clearing it).
    pub async fn fill(&self, css: &str, text: &str) {
        let id = self.element(css).await;
        self.cmd(
            reqwest::Method::POST,
            &format!("/element/{id}/clear"),
            Some(json!({})),
        )
        .await;
        self.cmd(
            reqwest::Method::POST,
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        )
        .await;
    }

    /// Picks `value` in the select named `name`.
    pub async fn choose(&self, name: &str, value: &str) {
        self.click(&format!("select[name='{name}'] option[value='{value}']"))
            .await;
    }

    async fn element(&self, css: &str) -> String {
        let el = self
            .cmd(
                reqwest::Method::POST,
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .await;
        el[ELEMENT].as_str().expect("element id").to_owned()
    }

    pub async fn text(&self, css: &str) -> String {
        let script = format!(
            "const e = document.querySelector({}); return e ? e.textContent.trim() : null",
            serde_json::to_string(css).unwrap_or_default()
        );
        self.eval(&script).await.as_str().unwrap_or("").to_owned()
    }

    /// Clicks something that loads a new page (or has the page's script write the
    /// server's answer in place), and waits for that page.
    pub async fn submit(&self, css: &str) {
        self.eval("document.documentElement.setAttribute('data-baza-old', '1'); return 1")
            .await;
        self.click(css).await;
        for _ in 0..100 {
            let done = self
                .eval("return !document.documentElement.hasAttribute('data-baza-old') && document.readyState === 'complete'")
                .await;
            if done == true {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.screenshot().await;
        panic!("no new page after clicking {css}");
    }

    /// Waits (up to 10 s) until the page has `css`.
    pub async fn wait_for(&self, css: &str) {
        let script = format!(
            "return document.readyState === 'complete' && !!document.querySelector({})",
            serde_json::to_string(css).unwrap_or_default()
        );
        for _ in 0..100 {
            if self.eval(&script).await == true {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.screenshot().await;
        panic!("{css} never appeared on {}", self.path().await);
    }

    /// Cuts the browser off the network, or gives it back (DevTools'
    /// `Network.emulateNetworkConditions`).
    pub async fn offline(&self, off: bool) {
        self.cmd(
            reqwest::Method::POST,
            "/goog/cdp/execute",
            Some(json!({"cmd": "Network.enable", "params": {}})),
        )
        .await;
        self.cmd(
            reqwest::Method::POST,
            "/goog/cdp/execute",
            Some(json!({
                "cmd": "Network.emulateNetworkConditions",
                "params": {"offline": off, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
            })),
        )
        .await;
    }

    /// Sets the window's size in CSS pixels.
    pub async fn resize(&self, width: u32, height: u32) {
        self.cmd(
            reqwest::Method::POST,
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        )
        .await;
    }

    pub async fn path(&self) -> String {
        self.eval("return location.pathname")
            .await
            .as_str()
            .unwrap_or("")
            .to_owned()
    }

    /// Saves a PNG under target/e2e/ (used on failure, and for looking at pages).
    pub async fn screenshot(&self) {
        let url = format!("{}/session/{}/screenshot", self.base, self.session);
        if let Ok(res) = self.http.get(url).send().await
            && let Ok(v) = res.json::<Value>().await
            && let Some(b64) = v["value"].as_str()
        {
            // Base64 PNG: `base64 -d NAME.png.b64 > NAME.png` to look at it.
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/e2e");
            let _ = std::fs::create_dir_all(&dir);
            let _ = std::fs::write(dir.join(format!("{}.png.b64", self.name)), b64);
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Ends the session first, so chromedriver quits Chromium (killing only the
        // driver would leave the browser running). Plain blocking HTTP: `drop` cannot
        // await, and the tests run on a single-threaded runtime.
        use std::io::{Read, Write};
        if let Ok(mut tcp) = std::net::TcpStream::connect(("127.0.0.1", self.port)) {
            let _ = tcp.set_read_timeout(Some(Duration::from_secs(10)));
            let request = format!(
                "DELETE /session/{} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                self.session, self.port
            );
            if tcp.write_all(request.as_bytes()).is_ok() {
                // chromedriver answers once Chromium has quit, but keeps the
                // connection open despite `Connection: close`: read the answer up to
                // its length rather than to the end (which waited out the timeout,
                // 10 s a browser).
                let mut answer = Vec::new();
                let mut chunk = [0u8; 1024];
                while let Ok(n) = tcp.read(&mut chunk) {
                    if n == 0 {
                        break;
                    }
                    answer.extend_from_slice(&chunk[..n]);
                    if http_answer_complete(&answer) {
                        break;
                    }
                }
            }
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Whether `answer` holds a whole HTTP answer: its headers and as many bytes of body as
/// its `Content-Length` says (without that header, only the end of the stream tells).
fn http_answer_complete(answer: &[u8]) -> bool {
    let Some(end) = answer.windows(4).position(|w| w == b"\r\n\r\n") else {
        return false;
    };
    let head = String::from_utf8_lossy(&answer[..end]);
    head.lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(name, _)| name.trim().eq_ignore_ascii_case("content-length"))
        .and_then(|(_, value)| value.trim().parse::<usize>().ok())
        .is_some_and(|length| answer.len() >= end + 4 + length)
}

#[test]
fn an_http_answer_is_whole_once_its_content_length_is_read() {
    let head = "HTTP/1.1 200 OK\r\nContent-Length:14\r\nConnection:close\r\n\r\n";
    assert!(!http_answer_complete(head.as_bytes()));
    assert!(!http_answer_complete(
        format!("{head}{{\"value\"").as_bytes()
    ));
    assert!(http_answer_complete(
        format!("{head}{{\"value\":null}}").as_bytes()
    ));
    assert!(!http_answer_complete(b"HTTP/1.1 200 OK\r\n\r\nno length"));
    assert!(!http_answer_complete(b"HTTP/1.1 200 OK\r\nContent-Le"));
}

#[tokio::test]
async fn in_a_browser_the_home_page_renders_and_switching_to_catala_works() {
    let Some(browser) = Browser::start("home_and_catala").await else {
        return;
    };
    let app = TestApp::with_demo().await;
    browser.goto(&app.url("/")).await;
    assert_eq!(
        browser.eval("return document.documentElement.lang").await,
        "es"
    );
    assert_eq!(
        browser
            .eval("return document.querySelector('h1').textContent")
            .await,
        "Baza, el árbitro de la mesa"
    );
    // The stylesheet loaded (the header is painted green, not the default).
    let bg = browser
        .eval("return getComputedStyle(document.querySelector('header.site')).backgroundColor")
        .await;
    assert_eq!(bg, "rgb(31, 95, 58)");

    browser.submit("nav.langs a[data-lang=ca]").await;
    assert_eq!(
        browser.eval("return document.documentElement.lang").await,
        "ca"
    );
    assert_eq!(
        browser
            .eval("return document.querySelector('h1').textContent")
            .await,
        "Baza, l'àrbitre de la taula"
    );
    // The choice sticks while browsing.
    browser.submit("nav.main-nav a[href='/campeonatos']").await;
    assert_eq!(
        browser.eval("return document.documentElement.lang").await,
        "ca"
    );
    assert_eq!(
        browser
            .eval("return document.querySelector('h1').textContent")
            .await,
        "Tornejos"
    );
    browser.screenshot().await;
}

/// Logs the browser in through the login form; it lands where the account's role
/// works (tests/it/landing.rs), not on the form again.
pub async fn log_in(browser: &Browser, app: &TestApp, name: &str, password: &str) {
    browser.goto(&app.url("/entrar")).await;
    browser.fill("input[name=username]", name).await;
    browser.fill("input[name=password]", password).await;
    browser
        .submit("form[action='/entrar'] button[type=submit]")
        .await;
    assert_ne!(browser.path().await, "/entrar", "{name} signed in");
}

impl Browser {
    /// Signs in through the login form as `name`, a new user of `app` with `role` in
    /// `club`; her password.
    pub async fn sign_in_as(
        &self,
        app: &TestApp,
        name: &str,
        role: &str,
        club: Option<i32>,
    ) -> String {
        let password = app.add_user(name, role, club).await;
        log_in(self, app, name, &password).await;
        password
    }

    /// Signs in as `name`, a new organiser of club `club`; her password.
    pub async fn as_organiser(&self, app: &TestApp, name: &str, club: i32) -> String {
        self.sign_in_as(app, name, "organiser", Some(club)).await
    }

    /// A browser for test `test` (`None` where there is none) and the demo, signed
    /// in as "mesa", an organiser of the demo club.
    pub async fn on_the_demo_as_organiser(test: &str) -> Option<(Browser, TestApp)> {
        let browser = Browser::start(test).await?;
        let app = TestApp::with_demo().await;
        browser.as_organiser(&app, "mesa", 1).await;
        Some((browser, app))
    }
}

/// Enters one cuatrola hand through the phone form; `fields` are (name, value),
/// selects by option value, inputs by text.
async fn enter_hand(browser: &Browser, app: &TestApp, url: &str, fields: &[(&str, &str)]) {
    browser.goto(&app.url(url)).await;
    for (name, value) in fields {
        let is_select = browser
            .eval(&format!(
                "return document.querySelector(\"[name='{name}']\").tagName"
            ))
            .await
            == "SELECT";
        if is_select {
            browser.choose(name, value).await;
        } else {
            browser.fill(&format!("[name='{name}']"), value).await;
        }
    }
    browser.submit("form.hand-form button[type=submit]").await;
    // Either the scoreboard (saved) or the form again with its errors.
    browser.wait_for(".big-score, ul.errors").await;
}

#[tokio::test]
async fn in_a_browser_a_whole_cuatrola_game_is_played_to_21_on_a_phone() {
    let Some((browser, app)) = Browser::on_the_demo_as_organiser("cuatrola_to_21").await else {
        return;
    };

    browser
        .goto(&app.url("/clubes/1/partidas/nueva?juego=cuatrola"))
        .await;
    for (i, name) in ["Ana", "Benito", "Carmen", "Dámaso"].iter().enumerate() {
        browser.fill(&format!("input[name=seat_{i}]"), name).await;
    }
    browser.choose("first_dealer", "3").await;
    browser
        .submit("form[action='/clubes/1/partidas/nueva'] button[type=submit]")
        .await;
    let game = browser.path().await;
    assert!(game.starts_with("/partidas/"), "{game}");
    let hand = format!("{game}/mano");

    // A solo with the 40 in oros: 2 to Ana and Carmen.
    enter_hand(
        &browser,
        &app,
        &hand,
        &[
            ("trump", "o"),
            ("bid", "solo"),
            ("bidder", "0"),
            ("card_points_side0", "70"),
            ("card_points_side1", "30"),
            ("last_trick_side", "0"),
            ("cante_seat_0", "0"),
            ("cante_suit_0", "o"),
        ],
    )
    .await;
    assert_eq!(browser.text(".big-score").await, "2 – 0");

    // An impossible entry: 1 card point. Refused, the typed value kept, nothing saved.
    enter_hand(
        &browser,
        &app,
        &hand,
        &[
            ("trump", "c"),
            ("bid", "pass"),
            ("card_points_side0", "1"),
            ("last_trick_side", "0"),
        ],
    )
    .await;
    assert!(!browser.text(".alert").await.is_empty());
    assert_eq!(
        browser
            .eval("return document.querySelector('[name=card_points_side0]').value")
            .await,
        "1"
    );
    browser.goto(&app.url(&game)).await;
    assert_eq!(browser.text(".big-score").await, "2 – 0");

    for bidder in ["2", "0", "2"] {
        enter_hand(
            &browser,
            &app,
            &hand,
            &[
                ("trump", "e"),
                ("bid", "quintola"),
                ("bidder", bidder),
                ("soloist_tricks", "5"),
            ],
        )
        .await;
    }
    assert_eq!(browser.text(".big-score").await, "17 – 0");

    // A correction: hand 2 was a cuatrola with four tricks, not a quintola.
    enter_hand(
        &browser,
        &app,
        &format!("{game}/manos/2"),
        &[("bid", "cuatrola"), ("soloist_tricks", "4")],
    )
    .await;
    assert_eq!(browser.text(".big-score").await, "16 – 0");

    enter_hand(
        &browser,
        &app,
        &hand,
        &[
            ("trump", "b"),
            ("bid", "cuatrola"),
            ("bidder", "0"),
            ("soloist_tricks", "4"),
        ],
    )
    .await;
    assert_eq!(browser.text(".big-score").await, "20 – 0");
    // At 20 nobody of that pair may bid: a plain hand wins the game.
    enter_hand(
        &browser,
        &app,
        &hand,
        &[
            ("trump", "b"),
            ("bid", "pass"),
            ("card_points_side0", "80"),
            ("last_trick_side", "0"),
        ],
    )
    .await;
    assert_eq!(browser.text(".big-score").await, "21 – 0");
    assert!(browser.text(".winner").await.contains("Ana y Carmen"));
    assert_eq!(
        browser
            .eval("return document.querySelectorAll('table.scoreboard tbody tr').length")
            .await,
        6
    );
    browser.screenshot().await;
}

/// Standard base64 (the WebDriver print and screenshot encoding).
pub fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    };
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for v in s.bytes().filter_map(val) {
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

#[tokio::test]
async fn in_a_browser_a_referee_builds_a_disputed_hand_prints_the_ruling_and_applies_it() {
    let Some(browser) = Browser::start("referee_desk").await else {
        return;
    };
    let app = TestApp::with_demo().await;
    browser
        .sign_in_as(&app, "arbitro", "referee", Some(1))
        .await;
    // The game it will be applied to: seat 4 (index 3) deals first, as in the hand.
    browser
        .goto(&app.url("/clubes/1/partidas/nueva?juego=cuatrola"))
        .await;
    for (i, name) in ["Ana", "Benito", "Carmen", "Dámaso"].iter().enumerate() {
        browser.fill(&format!("input[name=seat_{i}]"), name).await;
    }
    browser.choose("first_dealer", "3").await;
    browser
        .submit("form[action='/clubes/1/partidas/nueva'] button[type=submit]")
        .await;
    let game = browser.path().await;
    let game_id = game.trim_start_matches("/partidas/").to_owned();

    // The card picker: the deal of the spec's example, then the plays.
    browser
        .goto(&app.url("/arbitro/construir?game=cuatrola"))
        .await;
    let deal = [
        ["1o", "12c", "11c", "10e", "3b"],
        ["11o", "1c", "3c", "12e", "1b"],
        ["3o", "10c", "1e", "11e", "12b"],
        ["12o", "10o", "3e", "11b", "10b"],
    ];
    for (seat, cards) in deal.iter().enumerate() {
        for c in cards {
            browser
                .click(&format!("input[name='c_{c}'][value='{seat}']"))
                .await;
        }
    }
    browser.choose("dealer", "3").await;
    browser.choose("turned", "10b").await;
    for (seat, kind, value) in [
        (0, "bid", "pass"),
        (1, "bid", "solo"),
        (2, "bid", "pass"),
        (3, "bid", "pass"),
        (0, "play", "1o"),
        (1, "play", "11o"),
        (2, "play", "1e"),
    ] {
        browser.choose("ev_seat", &seat.to_string()).await;
        browser.choose("ev_kind", kind).await;
        browser.choose("ev_value", value).await;
        browser
            .submit("form.builder button[type=submit]:not([name])")
            .await;
    }
    assert!(
        browser
            .text(".builder-status")
            .await
            .starts_with("renuncio: no asistió al palo de salida")
    );
    browser
        .submit("form[action='/arbitro'] button[type=submit]")
        .await;
    assert!(browser.path().await.starts_with("/arbitro/fallos/"));
    assert_eq!(
        browser
            .eval("return document.querySelector('.verdict').dataset.rule")
            .await,
        "must_follow_suit"
    );
    assert!(
        browser
            .text(".violation-words")
            .await
            .contains("Podía jugar: 3 de oros")
    );
    // The solo was at stake: the offender's opponents score 2.
    assert_eq!(browser.text(".hand-points").await, "0 – 2");

    // The printed acta: a real PDF of one or two A4 pages.
    let pdf = browser
        .cmd(
            reqwest::Method::POST,
            "/print",
            Some(json!({"pageRanges": []})),
        )
        .await;
    let bytes = base64_decode(pdf.as_str().unwrap_or(""));
    assert!(bytes.starts_with(b"%PDF"), "not a PDF");
    let text = String::from_utf8_lossy(&bytes);
    let pages = text.matches("/Type /Page\n").count()
        + text.matches("/Type /Page ").count()
        + text.matches("/Type /Page/").count()
        + text.matches("/Type/Page/").count()
        + text.matches("/Type/Page\n").count();
    assert!((1..=2).contains(&pages), "{pages} pages");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/e2e");
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join("acta.pdf"), &bytes);

    // Applied to the game: the scoreboard takes the ruled points.
    browser.fill("input[name=game]", &game_id).await;
    browser
        .submit("form[action$='/aplicar'] button[type=submit]")
        .await;
    assert_eq!(browser.path().await, game);
    assert_eq!(browser.text(".big-score").await, "0 – 2");
}

#[tokio::test]
async fn in_a_browser_a_pasted_botifarra_revoke_under_contro_gives_the_opponents_72() {
    let Some(browser) = Browser::start("referee_paste").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let (v, seat) = crate::referee::botifarra_revoke_under_contro();
    browser.goto(&app.url("/arbitro")).await;
    let text = v.to_string();
    browser
        .eval(&format!(
            "document.querySelector('textarea[name=record]').value = {}; return 1",
            serde_json::to_string(&text).unwrap_or_default()
        ))
        .await;
    browser
        .submit("form[action='/arbitro'] button[type=submit]")
        .await;
    assert_eq!(
        browser
            .eval("return document.querySelector('.verdict').dataset.rule")
            .await,
        "must_follow_suit"
    );
    let expected = if seat % 2 == 0 {
        "0 – 72"
    } else {
        "72 – 0"
    };
    assert_eq!(browser.text(".hand-points").await, expected);
}

impl Browser {
    /// A browser for test `test` ([`Browser::start`]) sized as a 360 × 740 px phone,
    /// at `url`; `None` where there is no browser.
    pub async fn phone_at(test: &str, url: &str) -> Option<Browser> {
        let browser = Browser::start(test).await?;
        browser.viewport(360, 740).await;
        browser.goto(url).await;
        Some(browser)
    }

    /// Sizes the window, e.g. as a phone's screen, `width` × `height` CSS pixels;
    /// headless Chromium has no browser chrome, so the viewport is the whole window.
    pub async fn viewport(&self, width: u32, height: u32) {
        self.cmd(
            reqwest::Method::POST,
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        )
        .await;
        // The window takes its new size a moment later on a busy machine.
        let mut seen = json!(null);
        for _ in 0..50 {
            seen = self.eval("return window.innerWidth").await;
            if seen == width {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(seen, width, "the viewport is {width} px wide");
    }

    /// Asserts the page is laid out no wider than `width` nor than the space beside
    /// the scrollbar (headless Chromium's scrollbar takes room a phone's overlay one
    /// does not): wider means the phone scrolls sideways. Says which elements stick
    /// out, and saves a screenshot, when it does not fit.
    pub async fn assert_fits(&self, width: u32, what: &str) {
        let sizes = self
            .eval("const d = document.documentElement; return [d.scrollWidth, d.clientWidth]")
            .await;
        let size = |i: usize| sizes[i].as_u64().unwrap_or(u64::MAX);
        let (laid_out, room) = (size(0), size(1).min(u64::from(width)));
        if laid_out > room {
            self.screenshot().await;
            // The innermost elements that stick out, to say what to fix.
            let culprits = self
                .eval(&format!(
                    "return [...document.querySelectorAll('body *')]
                       .filter(e => e.getBoundingClientRect().right > {room}
                         && ![...e.children].some(c => c.getBoundingClientRect().right > {room}))
                       .slice(0, 5)
                       .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '')
                         + ' ' + Math.round(e.getBoundingClientRect().right) + 'px')"
                ))
                .await;
            panic!(
                "{what} is {laid_out} px wide on a {width} px phone ({room} px beside the scrollbar): {culprits}"
            );
        }
    }

    pub async fn count(&self, css: &str) -> u64 {
        let script = format!(
            "return document.querySelectorAll({}).length",
            serde_json::to_string(css).unwrap_or_default()
        );
        self.eval(&script).await.as_u64().unwrap_or(0)
    }
}

pub const PHONE: (u32, u32) = (390, 844);

/// A cuatrola championship played hand by hand, as its director sets it up over
/// HTTP (signed in on `app.client`): two pairs, a Swiss of one round, round 1 paired
/// and published. Returns the championship and its one table's slip: the table's
/// page and the PINs of pair a and pair b.
async fn championship_of_two_pairs(app: &TestApp) -> (i32, String, [String; 2]) {
    use crate::helpers::{post_form_as, texts};
    use reqwest::StatusCode;
    let club = app
        .club_with_organiser("Peña El Triunfo", "Tordesillas")
        .await;
    let res = post_form_as(
        app,
        &app.client,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &[
            ("name", "Torneo de San Martín"),
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
            ("tb2", "point_difference"),
            ("tb3", "points_for"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "championship created");
    let id: i32 = res.headers()["location"]
        .to_str()
        .expect("location")
        .trim_start_matches("/campeonatos/")
        .trim_end_matches("/direccion")
        .parse()
        .expect("championship id");
    for name in ["Ana – Berta", "Carlos – Dani"] {
        let path = format!("/campeonatos/{id}/inscritos");
        let res = post_form_as(app, &app.client, &path, &[("name", name)]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} registered");
    }
    let path = format!("/campeonatos/{id}/rondas");
    let res = post_form_as(app, &app.client, &path, &[("tables", "1")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1 paired");
    let path = format!("/campeonatos/{id}/rondas/1/publicar");
    let res = post_form_as(app, &app.client, &path, &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1 published");
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let table = texts(&slips, ".slip .table-path");
    let a = texts(&slips, ".slip .pin-a strong");
    let b = texts(&slips, ".slip .pin-b strong");
    assert_eq!(table.len(), 1, "one table");
    assert_eq!((a.len(), b.len()), (1, 1), "its two PINs");
    assert_ne!(a[0], b[0]);
    (id, table[0].clone(), [a[0].clone(), b[0].clone()])
}

/// A table's status as stored (`proposed`, `final`, …), from its page's marker.
async fn keeper_status(app: &TestApp, table: &str) -> String {
    let page = app.page(table, reqwest::StatusCode::OK).await;
    crate::helpers::attr(&page, ".table-status", "data-status").unwrap_or_default()
}

/// A game's file as the director exports it.
async fn game_file(app: &TestApp, game: &str) -> Value {
    let res = app.get(&format!("{game}/exportar")).await;
    assert_eq!(res.status(), reqwest::StatusCode::OK, "GET {game}/exportar");
    res.json().await.expect("game file")
}

/// The quick entry a scorekeeper makes for a hand pair a (seat 0 bidding) wins, at
/// pair a's score `s` (game to 21), and the points it scores: a quintola while the
/// bid cap allows it, then a cuatrola, a solo, or at 20 a plain hand.
pub fn quick_hand_for_pair_a(s: i64) -> (Vec<(&'static str, &'static str)>, i64) {
    match s {
        ..=16 => (
            vec![
                ("trump", "e"),
                ("bid", "quintola"),
                ("bidder", "0"),
                ("soloist_tricks", "5"),
            ],
            5,
        ),
        17 => (
            vec![
                ("trump", "c"),
                ("bid", "cuatrola"),
                ("bidder", "0"),
                ("soloist_tricks", "4"),
            ],
            4,
        ),
        18 | 19 => (crate::helpers::CUATROLA_SOLO.to_vec(), 2),
        _ => (
            vec![
                ("trump", "b"),
                ("bid", "pass"),
                ("card_points_side0", "80"),
                ("last_trick_side", "0"),
            ],
            1,
        ),
    }
}

#[tokio::test]
async fn in_a_browser_a_championship_table_plays_its_match_on_a_phone_and_the_other_pair_confirms_it()
 {
    let Some(keeper) = Browser::start("championship_table_keeper").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let (id, table, pins) = championship_of_two_pairs(&app).await;
    let (width, height) = PHONE;
    keeper.viewport(width, height).await;

    // Pair a's phone opens the table from the slip and types its PIN.
    keeper.goto(&app.url(&table)).await;
    keeper.assert_fits(width, "table page").await;
    keeper.fill("form.pin-form input[name=pin]", &pins[0]).await;
    keeper.submit("form.pin-form button[type=submit]").await;
    assert_eq!(keeper.path().await, table);
    assert_eq!(keeper.text("a.play-game").await, "Anotar la partida");
    keeper.submit("a.play-game").await;
    let game = keeper.path().await;
    assert!(game.starts_with("/partidas/"), "{game}");
    assert_eq!(keeper.text(".big-score").await, "0 – 0");
    keeper.assert_fits(width, "game page").await;

    // The first hand as its whole record (a legal play-out from the engine), typed
    // into the full entry; the test sums its points from the ruling itself.
    let mut totals = [0i64; 2];
    let file = game_file(&app, &game).await;
    let dealer = file["scoreboard"]["next_dealer"]
        .as_u64()
        .and_then(|d| u8::try_from(d).ok())
        .expect("next dealer");
    let record = baza::domain::random::random_cuatrola_hand_of_game(4_242, dealer, totals);
    let ruling = baza::domain::rule(&record, baza::domain::Lang::Es);
    for (t, p) in totals
        .iter_mut()
        .zip(&ruling.hand_points.expect("a complete legal hand"))
    {
        *t += p.floor();
    }
    keeper
        .assert_fits(width, "game page with its hand form")
        .await;
    keeper.submit("section.hand-entry a[href$='/mano']").await;
    keeper.assert_fits(width, "hand form").await;
    keeper.click("details.full-entry summary").await;
    keeper
        .fill(
            "details.full-entry textarea[name=record]",
            &record.to_value().to_string(),
        )
        .await;
    keeper
        .submit("details.full-entry button[type=submit]")
        .await;
    assert_eq!(keeper.path().await, game);
    assert_eq!(
        keeper.text(".big-score").await,
        format!("{} – {}", totals[0], totals[1])
    );

    // Then quick entry, hands pair a wins, until the game is over.
    let mut hands = 1;
    while totals[0] < 21 {
        // The hand form is on the game's page: one page load a hand.
        let (fields, points) = quick_hand_for_pair_a(totals[0]);
        for (name, value) in &fields {
            let select = format!("form.hand-form select[name='{name}']");
            if keeper.count(&select).await == 1 {
                keeper.choose(name, value).await;
            } else {
                keeper
                    .fill(&format!("form.hand-form [name='{name}']"), value)
                    .await;
            }
        }
        keeper.submit("form.hand-form button[type=submit]").await;
        assert_eq!(keeper.path().await, game, "hand {} saved", hands + 1);
        totals[0] += points;
        hands += 1;
        assert_eq!(
            keeper.text(".big-score").await,
            format!("{} – {}", totals[0], totals[1])
        );
        assert!(hands < 12, "the game should be over by now");
    }
    let file = game_file(&app, &game).await;
    assert_eq!(file["scoreboard"]["game_over"]["winner"], 0);
    assert!(keeper.text(".winner").await.contains("Ana"));
    assert_eq!(keeper.count("table.scoreboard tbody tr").await, hands);
    keeper.assert_fits(width, "finished game").await;
    let score = format!("{} – {}", totals[0], totals[1]);

    // Back to the table: the game's score is the proposal, and the phone that
    // proposed it gets no confirm button, only the other pair's PIN field.
    keeper.submit("p.table-banner a").await;
    assert_eq!(keeper.path().await, table);
    assert_eq!(keeper.text(".proposal strong").await, score);
    assert_eq!(keeper.count("form.sign-form input[name=pin]").await, 1);
    assert_eq!(keeper.count("form.sign-form button[type=submit]").await, 1);
    keeper.assert_fits(width, "table page").await;
    // Pair a's own PIN does not confirm it.
    keeper
        .fill("form.sign-form input[name=pin]", &pins[0])
        .await;
    keeper.submit("form.sign-form button[type=submit]").await;
    assert_eq!(
        keeper.text(".alert").await,
        "Firma la pareja contraria a la que anotó el resultado."
    );
    assert_eq!(keeper.count(".table-status.final").await, 0);
    keeper.screenshot().await;

    // Pair b's phone: another browser opens the same table with its own PIN and
    // confirms with one button.
    let Some(other) = Browser::start("championship_table_other").await else {
        return;
    };
    other.viewport(width, height).await;
    other.goto(&app.url(&table)).await;
    other.fill("form.pin-form input[name=pin]", &pins[1]).await;
    other.submit("form.pin-form button[type=submit]").await;
    assert_eq!(other.text(".proposal strong").await, score);
    assert_eq!(other.count("form.sign-form input[name=pin]").await, 0);
    other.assert_fits(width, "table page").await;
    // Its phone drops off the venue's Wi-Fi as it signs: the firma waits on the phone
    // and goes when the network is back.
    other.offline(true).await;
    other.click("form.sign-form button[type=submit]").await;
    let mut kept = Value::Null;
    for _ in 0..100 {
        kept = other
            .eval("return JSON.parse(localStorage.getItem('baza-pending-v1') || '[]').length")
            .await;
        if kept == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(kept, 1, "the firma is kept on the phone");
    assert_eq!(
        other
            .eval("return document.getElementById('pending').hidden")
            .await,
        false
    );
    assert_eq!(keeper_status(&app, &table).await, "proposed");
    other.offline(false).await;
    other.wait_for(".table-status.final").await;
    assert_eq!(other.path().await, table);
    assert_eq!(other.text(".table-status.final").await, score);
    assert_eq!(other.count("form.sign-form").await, 0);
    other.screenshot().await;

    // The scorekeeper's phone sees it confirmed too.
    keeper.goto(&app.url(&table)).await;
    assert_eq!(keeper.text(".table-status.final").await, score);
    assert_eq!(keeper.text("a.play-game").await, "Ver la partida");
    // On a desktop screen the menu stays on one line.
    keeper.viewport(1280, 800).await;
    let rows = keeper
        .eval(
            "return new Set([...document.querySelectorAll('.main-nav a')]
               .map(a => a.getBoundingClientRect().top)).size",
        )
        .await;
    assert_eq!(rows, 1, "the menu on one line");

    // The championship's file has the confirmed result, with its game.
    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    assert_eq!(res.status(), reqwest::StatusCode::OK);
    let doc: Value = res.json().await.expect("championship file");
    let results = doc["rounds"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 1, "the table's result");
    assert_eq!(results[0]["table"], 1);
    assert_eq!(results[0]["score"], json!(totals));
    assert_eq!(results[0]["games"][0]["format"], "baza-game/1");
    assert_eq!(
        results[0]["games"][0]["hands"].as_array().map(Vec::len),
        Some(hands as usize)
    );
}
