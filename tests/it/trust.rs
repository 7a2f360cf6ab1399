//! Sessions, redirects and input you can trust: a session ends on the server (a
//! copied cookie is worth nothing after logout), every `next` lands on this site,
//! text that is not UTF-8 is refused before anything is stored, wrong passwords and
//! PINs are counted per client address too, and `HEAD` is answered everywhere.

use std::io::{Read, Write};
use std::sync::Arc;

use baza::db::schema::{players, sessions, users};
use baza::service::account::SessionLimits;
use baza::startup::WebOptions;
use diesel::prelude::*;
use reqwest::StatusCode;
use reqwest::cookie::CookieStore;

use crate::helpers::{TestApp, new_client, post_form_as, texts};

/// A browser whose cookies the test can read (to copy them elsewhere).
fn browser() -> (reqwest::Client, Arc<reqwest::cookie::Jar>) {
    let jar = Arc::new(reqwest::cookie::Jar::default());
    let client = reqwest::Client::builder()
        // Idle connections are dropped before the server's keep-alive (5 s) closes
        // them, so a request never goes out on a connection the server is closing.
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .cookie_provider(jar.clone())
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    (client, jar)
}

/// The `Cookie` header `jar` sends to the app.
fn cookie_header(app: &TestApp, jar: &reqwest::cookie::Jar) -> String {
    let url = reqwest::Url::parse(&app.address).unwrap();
    jar.cookies(&url)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// `GET path` with exactly this `Cookie` header, from a client that keeps none.
async fn get_with_cookie(app: &TestApp, path: &str, cookie: &str) -> reqwest::Response {
    reqwest::Client::builder()
        // Idle connections are dropped before the server's keep-alive (5 s) closes
        // them, so a request never goes out on a connection the server is closing.
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(app.url(path))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap()
}

fn assert_sent_to_login(res: &reqwest::Response) {
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap();
    assert!(location.starts_with("/entrar?next="), "{location}");
}

async fn session_count(app: &TestApp, name: &'static str) -> i64 {
    app.with_conn(move |c| {
        sessions::table
            .inner_join(users::table)
            .filter(users::username.eq(name))
            .count()
            .get_result(c)
            .unwrap()
    })
    .await
}

#[tokio::test]
async fn logout_ends_the_session_for_the_old_cookie() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("arbitra", "referee", Some(1)).await;
    let (client, jar) = browser();
    app.login(&client, "arbitra", &pw).await;
    let copied = cookie_header(&app, &jar);
    assert!(copied.contains("baza_session="), "{copied}");
    assert_eq!(
        get_with_cookie(&app, "/cuenta", &copied).await.status(),
        StatusCode::OK
    );
    assert_eq!(session_count(&app, "arbitra").await, 1);
    let greeting = |res: reqwest::Response| async move {
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        texts(&html, "a.nav-user")
    };
    assert_eq!(
        greeting(get_with_cookie(&app, "/", &copied).await).await,
        vec!["arbitra"]
    );

    let res = post_form_as(&app, &client, "/salir", &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(session_count(&app, "arbitra").await, 0);
    // The copy, sent from another machine, is refused: sent to log in; and no page
    // greets it by name.
    assert_sent_to_login(&get_with_cookie(&app, "/cuenta", &copied).await);
    assert!(
        greeting(get_with_cookie(&app, "/", &copied).await)
            .await
            .is_empty()
    );
    assert_sent_to_login(&client.get(app.url("/cuenta")).send().await.unwrap());
}

#[tokio::test]
async fn the_cookie_expires_in_the_browser_too() {
    let app = TestApp::spawn().await;
    let pw = app.add_user("arbitra", "referee", None).await;
    let csrf = app.csrf_for(&app.client).await;
    let res = app
        .client
        .post(app.url("/entrar"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("username", "arbitra"),
            ("password", pw.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let set_cookie = res.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(set_cookie.starts_with("baza_session="), "{set_cookie}");
    // Seven days, the default absolute lifetime.
    assert!(set_cookie.contains("Max-Age=604800"), "{set_cookie}");
    assert!(set_cookie.contains("HttpOnly"), "{set_cookie}");
}

#[tokio::test]
async fn a_password_change_a_role_change_and_a_disabled_account_end_the_right_sessions() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("arbitra", "referee", Some(1)).await;
    let other_pw = app.add_user("organiza", "organiser", Some(1)).await;
    let (here, _) = browser();
    let (there, there_jar) = browser();
    let (bystander, _) = browser();
    app.login(&here, "arbitra", &pw).await;
    app.login(&there, "arbitra", &pw).await;
    app.login(&bystander, "organiza", &other_pw).await;
    let old_there = cookie_header(&app, &there_jar);

    // A password change: this browser stays in, the other one is out.
    let res = post_form_as(
        &app,
        &here,
        "/cuenta/clave",
        &[
            ("current", pw.as_str()),
            ("new", "sota-de-bastos"),
            ("confirm", "sota-de-bastos"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        here.get(app.url("/cuenta")).send().await.unwrap().status(),
        StatusCode::OK
    );
    assert_sent_to_login(&there.get(app.url("/cuenta")).send().await.unwrap());
    assert_sent_to_login(&get_with_cookie(&app, "/cuenta", &old_there).await);
    assert_eq!(session_count(&app, "arbitra").await, 1);

    // A role change (baza user set-role) ends every session of that user only.
    app.with_conn(|c| {
        let id: i32 = users::table
            .filter(users::username.eq("arbitra"))
            .select(users::id)
            .first(c)
            .unwrap();
        baza::db::accounts::set_role(c, id, "organiser", Some(1)).unwrap();
    })
    .await;
    assert_sent_to_login(&here.get(app.url("/cuenta")).send().await.unwrap());
    assert_eq!(
        bystander
            .get(app.url("/cuenta"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );

    // Disabling (baza user disable): sessions end, the password no longer opens one.
    app.login(&here, "arbitra", "sota-de-bastos").await;
    app.with_conn(|c| {
        let id: i32 = users::table
            .filter(users::username.eq("arbitra"))
            .select(users::id)
            .first(c)
            .unwrap();
        baza::db::accounts::set_disabled(c, id, Some(baza::web::account::now())).unwrap();
    })
    .await;
    assert_sent_to_login(&here.get(app.url("/cuenta")).send().await.unwrap());
    let csrf = app.csrf_for(&here).await;
    let res = here
        .post(app.url("/entrar"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("username", "arbitra"),
            ("password", "sota-de-bastos"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(session_count(&app, "arbitra").await, 0);
}

#[tokio::test]
async fn a_disabled_accounts_api_token_stops_working() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("arbitra", "referee", Some(1)).await;
    app.login(&app.client, "arbitra", &pw).await;
    let res = post_form_as(&app, &app.client, "/cuenta/tokens", &[("name", "marcador")]).await;
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let token = texts(&html, "code.token").remove(0);
    let api = |token: String| {
        let app = &app;
        async move {
            new_client()
                .post(app.url("/api/v1/campeonatos/999999/rondas/1/mesas/1/resultado"))
                .bearer_auth(token)
                .json(&serde_json::json!({"score_a": 1, "score_b": 0, "version": 1}))
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    // The token is good: the match does not exist.
    assert_eq!(api(token.clone()).await, StatusCode::NOT_FOUND);
    app.with_conn(|c| {
        let id: i32 = users::table
            .filter(users::username.eq("arbitra"))
            .select(users::id)
            .first(c)
            .unwrap();
        baza::db::accounts::set_disabled(c, id, Some(baza::web::account::now())).unwrap();
    })
    .await;
    assert_eq!(api(token).await, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn closing_my_other_sessions_keeps_only_this_browser() {
    let app = TestApp::spawn().await;
    let pw = app.add_user("arbitra", "referee", None).await;
    let (phone, _) = browser();
    let (laptop, _) = browser();
    let (club_pc, _) = browser();
    for b in [&phone, &laptop, &club_pc] {
        app.login(b, "arbitra", &pw).await;
    }
    let page = phone.get(app.url("/cuenta")).send().await.unwrap();
    let html = scraper::Html::parse_document(&page.text().await.unwrap());
    assert!(
        texts(&html, "p.meta")
            .iter()
            .any(|t| t.contains("otros dispositivos") && t.ends_with('2')),
        "{:?}",
        texts(&html, "p.meta")
    );
    let res = post_form_as(&app, &phone, "/cuenta/sesiones/cerrar", &[]).await;
    crate::helpers::assert_redirect_to(&res, "/cuenta?cerradas=1");
    let page = phone
        .get(app.url("/cuenta?cerradas=1"))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&page.text().await.unwrap());
    assert_eq!(
        texts(&html, ".notice"),
        vec!["Se han cerrado tus otras sesiones; esta sigue abierta."]
    );
    for b in [&laptop, &club_pc] {
        assert_sent_to_login(&b.get(app.url("/cuenta")).send().await.unwrap());
    }
    assert_eq!(session_count(&app, "arbitra").await, 1);
}

/// Moves every session of `name` back in time: last used `idle_minutes` ago, begun
/// `age_minutes` ago.
async fn age_sessions(app: &TestApp, idle_minutes: i64, age_minutes: i64) {
    app.with_conn(move |c| {
        let now = baza::web::account::now();
        diesel::update(sessions::table)
            .set((
                sessions::last_seen.eq(now - chrono::Duration::minutes(idle_minutes)),
                sessions::created_at.eq(now - chrono::Duration::minutes(age_minutes)),
            ))
            .execute(c)
            .unwrap();
    })
    .await;
}

#[tokio::test]
async fn a_session_idle_or_old_past_the_limits_is_refused() {
    // The defaults: 12 hours idle, 7 days in all.
    let app = TestApp::spawn().await;
    let pw = app.add_user("arbitra", "referee", None).await;
    let cuenta = |c: &reqwest::Client| c.get(app.url("/cuenta")).send();
    app.login(&app.client, "arbitra", &pw).await;
    age_sessions(&app, 11 * 60, 6 * 24 * 60).await;
    assert_eq!(cuenta(&app.client).await.unwrap().status(), StatusCode::OK);
    age_sessions(&app, 12 * 60 + 1, 13 * 60).await;
    assert_sent_to_login(&cuenta(&app.client).await.unwrap());
    assert_eq!(session_count(&app, "arbitra").await, 0);
    app.login(&app.client, "arbitra", &pw).await;
    age_sessions(&app, 1, 7 * 24 * 60 + 1).await;
    assert_sent_to_login(&cuenta(&app.client).await.unwrap());

    // Configured: 30 minutes idle, 2 hours in all.
    let app = TestApp::spawn_with(WebOptions {
        sessions: SessionLimits {
            idle: chrono::Duration::minutes(30),
            lifetime: chrono::Duration::hours(2),
        },
        ..WebOptions::default()
    })
    .await;
    let pw = app.add_user("arbitra", "referee", None).await;
    let cuenta = |c: &reqwest::Client| c.get(app.url("/cuenta")).send();
    app.login(&app.client, "arbitra", &pw).await;
    age_sessions(&app, 20, 100).await;
    assert_eq!(cuenta(&app.client).await.unwrap().status(), StatusCode::OK);
    // That request used the session: it is no longer idle.
    let idle: chrono::NaiveDateTime = app
        .with_conn(|c| {
            sessions::table
                .select(sessions::last_seen)
                .first(c)
                .unwrap()
        })
        .await;
    assert!(baza::web::account::now() - idle < chrono::Duration::minutes(1));
    age_sessions(&app, 31, 40).await;
    assert_sent_to_login(&cuenta(&app.client).await.unwrap());
    app.login(&app.client, "arbitra", &pw).await;
    age_sessions(&app, 1, 121).await;
    assert_sent_to_login(&cuenta(&app.client).await.unwrap());
}

/// `next` values as an attacker writes them in a link (already URL-encoded).
const HOSTILE_NEXT: [&str; 16] = [
    "/%09/evil.example",
    "/%0d%0aSet-Cookie:%20x=1",
    "%0d%0aLocation:%20https://evil.example",
    "//evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "%2F%2Fevil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/%00",
    "/%7F",
    "/%C2%85x",
    "%E2%80%A8",
    "/%0A/evil.example",
    "%20//evil.example",
    "",
];

/// A Location that stays on this site: a path, no scheme-relative start, no
/// backslash, plain visible ASCII.
fn assert_local(location: &str, next: &str) {
    assert!(location.starts_with('/'), "{next} → {location:?}");
    assert!(!location.starts_with("//"), "{next} → {location:?}");
    assert!(!location.contains('\\'), "{next} → {location:?}");
    assert!(
        location.bytes().all(|b| b.is_ascii_graphic()),
        "{next} → {location:?}"
    );
}

#[tokio::test]
async fn every_hostile_next_gets_a_local_location_and_never_a_5xx() {
    let app = TestApp::spawn().await;
    let pw = app.add_user("arbitra", "referee", None).await;
    for next in HOSTILE_NEXT {
        let res = app.get(&format!("/idioma/ca?next={next}")).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "idioma next={next}");
        let location = res.headers()["location"].to_str().unwrap();
        assert_local(location, next);
        assert_eq!(location, "/", "idioma next={next}");
        // The login form carries it as a hidden field, then the login obeys it.
        let res = app.get(&format!("/entrar?next={next}")).await;
        assert_eq!(res.status(), StatusCode::OK, "entrar next={next}");
        let client = new_client();
        let csrf = app.csrf_for(&client).await;
        let body = format!("csrf={csrf}&username=arbitra&password={pw}&next={next}");
        let res = client
            .post(app.url("/entrar"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "login next={next}");
        let location = res.headers()["location"].to_str().unwrap();
        assert_local(location, next);
        assert_eq!(location, "/", "login next={next}");
        assert_eq!(
            client
                .get(app.url("/cuenta"))
                .send()
                .await
                .unwrap()
                .status(),
            StatusCode::OK,
            "signed in with next={next}"
        );
    }
    // A local path is kept, made plain ASCII.
    let res = app.get("/idioma/en?next=/eventos/1%3Fr%3D2").await;
    crate::helpers::assert_redirect_to(&res, "/eventos/1?r=2");
    let res = app.get("/idioma/en?next=/jugadores/N%C3%BA%C3%B1ez").await;
    crate::helpers::assert_redirect_to(&res, "/jugadores/N%C3%BA%C3%B1ez");
    // A next that is not UTF-8 is a bad request, not a server error.
    let res = app.get("/idioma/en?next=/%FF").await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

/// A security header every response carries, whatever its status.
fn assert_security_headers(res: &reqwest::Response) {
    let h = res.headers();
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["x-frame-options"], "DENY");
    assert_eq!(h["referrer-policy"], "same-origin");
    let csp = h["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("frame-ancestors 'none'") && !csp.contains("unsafe-inline"));
}

#[tokio::test]
async fn over_https_browsers_are_told_to_keep_to_https_and_no_page_may_set_a_base_or_be_framed() {
    // A club's plain-HTTP network: no HTTPS-only order, which would lock phones out.
    let app = TestApp::spawn().await;
    let res = app.get("/entrar").await;
    assert_security_headers(&res);
    assert!(res.headers().get("strict-transport-security").is_none());
    let csp = res.headers()["content-security-policy"].to_str().unwrap();
    for directive in [
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ] {
        assert!(csp.contains(directive), "{directive} in {csp}");
    }
    // Behind HTTPS (`--secure-cookies`): every answer, errors too, says so for a year.
    let app = TestApp::spawn_with(WebOptions {
        secure_cookies: true,
        ..WebOptions::default()
    })
    .await;
    for path in ["/entrar", "/no-existe"] {
        let res = app.get(path).await;
        assert_eq!(
            res.headers()["strict-transport-security"],
            "max-age=31536000",
            "{path}"
        );
    }
}

#[tokio::test]
async fn raw_invalid_utf8_in_a_form_is_a_400_in_the_users_language_and_stores_nothing() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("organiza", "organiser", Some(1)).await;
    app.login(&app.client, "organiza", &pw).await;
    let count = || app.with_conn(|c| players::table.count().get_result::<i64>(c).unwrap());
    let before = count().await;
    let csrf = app.csrf().await;
    for (lang, message) in [
        ("es", "El formulario trae caracteres que no están en UTF-8"),
        ("en", "The form carries characters that are not UTF-8"),
    ] {
        for name in [&b"Jos\xff\xfe"[..], b"%FF%FEJos%E9", b"Jos%C3"] {
            let mut body = format!("csrf={csrf}&name=").into_bytes();
            body.extend_from_slice(name);
            let res = app
                .client
                .post(app.url("/clubes/1/jugadores"))
                .header("content-type", "application/x-www-form-urlencoded")
                .header("accept-language", lang)
                .body(body)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::BAD_REQUEST, "{name:?}");
            assert_security_headers(&res);
            let page = res.text().await.unwrap();
            assert!(page.contains(message), "{lang}: {page}");
        }
    }
    assert_eq!(count().await, before);
    // The same name in UTF-8 is taken.
    let res = post_form_as(
        &app,
        &app.client,
        "/clubes/1/jugadores",
        &[("name", "José Núñez")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(count().await, before + 1);
    // A query string likewise.
    let res = app.get("/eventos?pagina=%FF").await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn invalid_utf8_in_a_text_field_imports_nothing_and_a_windows_1252_csv_file_reads_right() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("organiza", "organiser", Some(1)).await;
    app.login(&app.client, "organiza", &pw).await;
    let entrants = || async {
        let res = app.get("/campeonatos/3/exportar").await;
        assert_eq!(res.status(), StatusCode::OK);
        let doc: serde_json::Value = res.json().await.unwrap();
        doc["entrants"].as_array().unwrap().len()
    };
    let before = entrants().await;
    let csrf = app.csrf().await;
    let boundary = "----bazaTrustBoundary";
    let upload = |part: &[u8]| {
        let mut body = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\n"
        )
        .into_bytes();
        body.extend_from_slice(part);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        body
    };
    // Latin-1 "Núñez" typed into a text field.
    let text_field = upload(
        b"Content-Disposition: form-data; name=\"csv\"\r\n\r\nnombre\nN\xfa\xf1ez \x96 G\xfcell\n",
    );
    // The same, as a file saved in Latin-1.
    let file = upload(
        b"Content-Disposition: form-data; name=\"file\"; filename=\"inscritos.csv\"\r\nContent-Type: text/csv\r\n\r\nnombre\nN\xfa\xf1ez \x96 G\xfcell\n",
    );
    let res = app
        .client
        .post(app.url("/campeonatos/3/inscritos/importar"))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(text_field)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let page = res.text().await.unwrap();
    assert!(
        page.contains("El formulario trae caracteres que no están en UTF-8"),
        "{page}"
    );
    assert_eq!(entrants().await, before);
    // A file is what a spreadsheet saved: not UTF-8, it is read as Windows-1252
    // (Excel's plain "CSV" on a Spanish Windows), accents and dash right.
    let res = app
        .client
        .post(app.url("/campeonatos/3/inscritos/importar"))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(file)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(entrants().await, before + 1);
    let doc: serde_json::Value = app
        .get("/campeonatos/3/exportar")
        .await
        .json()
        .await
        .unwrap();
    let names: Vec<&str> = doc["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["name"].as_str())
        .collect();
    assert!(names.contains(&"Núñez – Güell"), "{names:?}");
}

#[tokio::test]
async fn the_sixteenth_wrong_login_from_one_address_over_many_usernames_is_refused() {
    let app = TestApp::spawn().await;
    let pw = app.add_user("arbitra", "referee", None).await;
    let client = new_client();
    let csrf = app.csrf_for(&client).await;
    let attempt = |user: String, password: String| {
        client
            .post(app.url("/entrar"))
            .form(&[
                ("csrf", csrf.clone()),
                ("username", user),
                ("password", password),
            ])
            .send()
    };
    for i in 0..15 {
        let res = attempt(format!("jugador{i}"), "no-es-esta".into())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "attempt {}", i + 1);
    }
    let res = attempt("jugador15".into(), "no-es-esta".into())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_security_headers(&res);
    // While the address is throttled even a right password is refused from it...
    let res = attempt("arbitra".into(), pw.clone()).await.unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    // ...and a forged X-Forwarded-For changes nothing: no proxy is trusted here.
    let res = client
        .post(app.url("/entrar"))
        .header("x-forwarded-for", "198.51.100.9")
        .form(&[
            ("csrf", csrf.as_str()),
            ("username", "arbitra"),
            ("password", pw.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_address_comes_from_its_header() {
    let app = TestApp::spawn_with(WebOptions {
        trusted_proxies: baza::web::requests::TrustedProxies::parse("127.0.0.1").unwrap(),
        ..WebOptions::default()
    })
    .await;
    let pw = app.add_user("arbitra", "referee", None).await;
    let client = new_client();
    let csrf = app.csrf_for(&client).await;
    let attempt = |from: &'static str, user: String, password: String| {
        client
            .post(app.url("/entrar"))
            // The client may write anything first; the proxy appends what it saw.
            .header("x-forwarded-for", format!("10.9.9.9, {from}"))
            .form(&[
                ("csrf", csrf.clone()),
                ("username", user),
                ("password", password),
            ])
            .send()
    };
    for i in 0..15 {
        let res = attempt("203.0.113.7", format!("jugador{i}"), "mal".into())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
    let res = attempt("203.0.113.7", "jugador15".into(), "mal".into())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    // Another client of the same proxy is not held back.
    let res = attempt("203.0.113.8", "arbitra".into(), pw).await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

/// The raw bytes of the answer to `request`, read to the end (the server closes).
async fn raw_exchange(app: &TestApp, request: String) -> Vec<u8> {
    let addr = app.address.trim_start_matches("http://").to_owned();
    tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut out = Vec::new();
        stream.read_to_end(&mut out).unwrap();
        out
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn head_answers_every_get_route_with_its_headers_and_no_body() {
    let app = TestApp::with_demo().await;
    for path in [
        "/",
        "/eventos",
        "/eventos/1",
        "/clubes/1",
        "/campeonatos/3",
        "/cuadros",
        "/health",
        "/entrar",
        "/no-existe",
        "/cuenta",
    ] {
        let get = app.client.get(app.url(path)).send().await.unwrap();
        let head = app.client.head(app.url(path)).send().await.unwrap();
        assert_eq!(head.status(), get.status(), "HEAD {path}");
        assert_ne!(head.status(), StatusCode::METHOD_NOT_ALLOWED, "HEAD {path}");
        assert_eq!(
            head.headers().get("content-type"),
            get.headers().get("content-type"),
            "HEAD {path}"
        );
        assert_security_headers(&head);
    }
    // On the wire: the head of the response and not one byte after it.
    let host = app.address.trim_start_matches("http://").to_owned();
    let raw = raw_exchange(
        &app,
        format!("HEAD / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
    )
    .await;
    let text = String::from_utf8_lossy(&raw).into_owned();
    assert!(text.starts_with("HTTP/1.1 200 OK\r\n"), "{text}");
    let end = text.find("\r\n\r\n").unwrap();
    assert_eq!(raw.len(), end + 4, "a body after the head: {text}");
    let lower = text.to_ascii_lowercase();
    assert!(lower.contains("content-type: text/html"), "{text}");
    assert!(lower.contains("x-content-type-options: nosniff"), "{text}");
    assert!(lower.contains("content-security-policy:"), "{text}");
    // The same request as GET does carry the page.
    let raw = raw_exchange(
        &app,
        format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
    )
    .await;
    let text = String::from_utf8_lossy(&raw).into_owned();
    assert!(text.contains("</html>"), "{text}");
}

#[tokio::test]
async fn an_admin_changes_a_role_or_disables_an_account_on_the_users_page_and_its_sessions_end() {
    let app = TestApp::with_demo().await;
    let admin_pw = app.add_user("admin", "admin", None).await;
    let pw = app.add_user("arbitra", "referee", Some(1)).await;
    let org_pw = app.add_user("organiza", "organiser", Some(1)).await;
    let id: i32 = app
        .with_conn(|c| {
            users::table
                .filter(users::username.eq("arbitra"))
                .select(users::id)
                .first(c)
                .unwrap()
        })
        .await;
    let admin = new_client();
    app.login(&admin, "admin", &admin_pw).await;
    let (referee, _) = browser();
    app.login(&referee, "arbitra", &pw).await;

    // Only the admin may, and only with the CSRF token.
    let organiser = new_client();
    app.login(&organiser, "organiza", &org_pw).await;
    let res = post_form_as(
        &app,
        &organiser,
        &format!("/admin/usuarios/{id}/desactivar"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = admin
        .post(app.url(&format!("/admin/usuarios/{id}/desactivar")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        referee
            .get(app.url("/cuenta"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );

    // Another role: the referee's session ends; the row and the audit log say so.
    let res = post_form_as(
        &app,
        &admin,
        &format!("/admin/usuarios/{id}/papel"),
        &[("role", "organiser"), ("club", "1")],
    )
    .await;
    crate::helpers::assert_redirect_to(&res, "/admin/usuarios");
    assert_sent_to_login(&referee.get(app.url("/cuenta")).send().await.unwrap());
    let (role, audits): (String, i64) = app
        .with_conn(move |c| {
            use baza::db::schema::audit_log;
            (
                users::table.find(id).select(users::role).first(c).unwrap(),
                audit_log::table
                    .filter(audit_log::entity.eq("user"))
                    .filter(audit_log::entity_id.eq(id))
                    .filter(audit_log::action.eq("update"))
                    .count()
                    .get_result(c)
                    .unwrap(),
            )
        })
        .await;
    assert_eq!((role.as_str(), audits), ("organiser", 1));

    // Disabled: out, and the password opens nothing; enabled again: in.
    app.login(&referee, "arbitra", &pw).await;
    let res = post_form_as(
        &app,
        &admin,
        &format!("/admin/usuarios/{id}/desactivar"),
        &[],
    )
    .await;
    crate::helpers::assert_redirect_to(&res, "/admin/usuarios");
    assert_sent_to_login(&referee.get(app.url("/cuenta")).send().await.unwrap());
    let page = admin.get(app.url("/admin/usuarios")).send().await.unwrap();
    let html = scraper::Html::parse_document(&page.text().await.unwrap());
    assert!(
        texts(&html, "tr.user")
            .iter()
            .any(|row| row.starts_with("arbitra") && row.contains("Desactivada")),
        "{:?}",
        texts(&html, "tr.user")
    );
    let csrf = app.csrf_for(&referee).await;
    let res = referee
        .post(app.url("/entrar"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("username", "arbitra"),
            ("password", pw.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    let res = post_form_as(&app, &admin, &format!("/admin/usuarios/{id}/activar"), &[]).await;
    crate::helpers::assert_redirect_to(&res, "/admin/usuarios");
    app.login(&referee, "arbitra", &pw).await;

    // The admin cannot lock themselves out.
    let me: i32 = app
        .with_conn(|c| {
            users::table
                .filter(users::username.eq("admin"))
                .select(users::id)
                .first(c)
                .unwrap()
        })
        .await;
    let res = post_form_as(
        &app,
        &admin,
        &format!("/admin/usuarios/{me}/desactivar"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, ".alert"),
        vec!["No puedes cambiar el papel de tu propia cuenta ni desactivarla."]
    );
    assert_eq!(
        admin
            .get(app.url("/admin/usuarios"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );
}

/// Runs the real `baza` binary on the test server's database.
fn baza_cli(app: &TestApp, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .args(args)
        .args(["--db", &app.db.url])
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

#[tokio::test]
async fn the_command_lines_reset_role_change_and_disable_end_the_users_sessions() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("arbitra", "referee", Some(1)).await;
    let (browser, _) = browser();
    let cuenta = || browser.get(app.url("/cuenta")).send();

    app.login(&browser, "arbitra", &pw).await;
    let out = baza_cli(&app, &["user", "reset-password", "arbitra"]);
    assert!(out.status.success(), "{out:?}");
    let new_pw = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    assert_sent_to_login(&cuenta().await.unwrap());

    app.login(&browser, "arbitra", &new_pw).await;
    let out = baza_cli(
        &app,
        &[
            "user",
            "set-role",
            "arbitra",
            "--role",
            "organiser",
            "--club",
            "1",
        ],
    );
    assert!(out.status.success(), "{out:?}");
    assert_sent_to_login(&cuenta().await.unwrap());
    let out = baza_cli(&app, &["user", "set-role", "arbitra", "--role", "king"]);
    assert!(!out.status.success());

    app.login(&browser, "arbitra", &new_pw).await;
    let out = baza_cli(&app, &["user", "disable", "arbitra"]);
    assert!(out.status.success(), "{out:?}");
    assert_sent_to_login(&cuenta().await.unwrap());
    let out = baza_cli(&app, &["user", "enable", "arbitra"]);
    assert!(out.status.success(), "{out:?}");
    app.login(&browser, "arbitra", &new_pw).await;
    assert_eq!(cuenta().await.unwrap().status(), StatusCode::OK);

    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for flag in [
        "--session-idle",
        "BAZA_SESSION_IDLE",
        "--session-lifetime",
        "BAZA_SESSION_LIFETIME",
        "--trusted-proxy",
        "BAZA_TRUSTED_PROXY",
    ] {
        assert!(help.contains(flag), "{flag}: {help}");
    }
}
