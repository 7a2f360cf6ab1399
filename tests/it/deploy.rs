//! A federation's deployment: forwarding headers believed only from the trusted
//! proxy, wrong PINs that lock their own table and not a hall sharing one address,
//! and (with PostgreSQL) two servers behind nginx with `deploy/`'s configuration
//! through a server killed and one restarted mid-round.

use reqwest::StatusCode;

use crate::from_scratch::{
    club_from_first_run, defaults_for, id_of, post_fields, register_and_pair, slip_halves,
};
use crate::helpers::{TestApp, new_client, post_form_as, texts};

/// A cuatrola championship of the club made at *Primeros pasos*, with `pairs` pairs
/// registered and round 1 published; its id.
async fn championship_with_pairs(app: &TestApp, pairs: usize) -> i32 {
    let club = club_from_first_run(app).await;
    let fields = defaults_for(app, club, "cuatrola", "partida").await;
    let res = post_fields(
        app,
        &app.client,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &fields,
    )
    .await;
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
    assert_eq!(baza::web::auth::MAX_ADDRESS_PIN_FAILURES_PER_MINUTE, 100);
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
enum Upstream {
    /// Passes it on and gives back the server's answer.
    Up,
    /// Answers 502 without passing it on (the server is away).
    Away,
    /// Passes it on, then answers 502 (the server stored it and died before
    /// answering).
    StoredThenAway,
}

/// A proxy in front of a test server whose posts can be made to fail as nginx's do;
/// it notes every post's submission id and what it answered.
struct Relay {
    upstream: String,
    mode: std::sync::Mutex<Upstream>,
    posts: std::sync::Mutex<Vec<(String, u16)>>,
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
    let submission = post.then(|| {
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
async fn start_relay(upstream: &str) -> (String, actix_web::web::Data<Relay>) {
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
    let game = new_game(&app, &app.client).await;
    let (proxy, relay) = start_relay(&app.address).await;
    browser.goto(&format!("{proxy}/entrar")).await;
    browser.fill("input[name=username]", "mesa").await;
    browser.fill("input[name=password]", &pw).await;
    browser
        .submit("form[action='/entrar'] button[type=submit]")
        .await;
    assert_eq!(browser.path().await, "/");
    browser.goto(&format!("{proxy}{game}/mano")).await;
    browser.wait_for("form.hand-form").await;
    let back_online = "window.dispatchEvent(new Event('online')); return 1";

    // The server is away: the proxy answers 502 and the hand waits on the phone.
    *relay.mode.lock().unwrap() = Upstream::Away;
    type_hand(&browser, &solo("0", "o")).await;
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
    let posts = relay.posts.lock().unwrap().clone();
    assert_eq!(posts, [(first.clone(), 502), (first.clone(), 303)]);

    // The server stores the next hand and dies before answering: the phone keeps it,
    // sends it again with its id, and it is stored once.
    browser.goto(&format!("{proxy}{game}/mano")).await;
    browser.wait_for("form.hand-form").await;
    *relay.mode.lock().unwrap() = Upstream::StoredThenAway;
    type_hand(&browser, &solo("1", "c")).await;
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
    let second = &posts[2].0;
    assert_ne!(second, &first);
    assert_eq!(&saved[1].2, second);
    assert!(
        posts[2..].iter().all(|(s, _)| s == second),
        "every send of the second hand carries its id: {posts:?}"
    );
}
