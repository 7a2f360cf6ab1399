//! Accounts, roles and security: every write route refuses the public, the wrong
//! role and a missing or wrong CSRF token, and changes nothing when it refuses.

use baza::db::schema::{
    api_tokens, audit_log, championship_documents, championship_tables, circuits, game_hands,
    games, players, rulings, users,
};
use diesel::prelude::*;
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, attr, new_client, texts};

/// Everything a write route could change, to compare before and after.
#[derive(Debug, PartialEq)]
struct Snapshot {
    users: i64,
    players: i64,
    tokens: Vec<Option<chrono::NaiveDateTime>>,
    audit: i64,
    tables: Vec<(i32, String, i32)>,
    championships: Vec<(i32, i32)>,
    hashes: Vec<String>,
    games: Vec<(i32, i32, String)>,
    hands: Vec<(i32, String, String)>,
    rulings: i64,
    circuits: Vec<(i32, String, i32)>,
}

async fn snapshot(app: &TestApp) -> Snapshot {
    app.with_conn(|c| Snapshot {
        users: users::table.count().get_result(c).unwrap(),
        players: players::table.count().get_result(c).unwrap(),
        tokens: api_tokens::table
            .select(api_tokens::revoked_at)
            .order(api_tokens::id)
            .load(c)
            .unwrap(),
        audit: audit_log::table.count().get_result(c).unwrap(),
        tables: championship_tables::table
            .select((
                championship_tables::id,
                championship_tables::status,
                championship_tables::version,
            ))
            .order(championship_tables::id)
            .load(c)
            .unwrap(),
        championships: championship_documents::table
            .select((
                championship_documents::championship_id,
                championship_documents::version,
            ))
            .order(championship_documents::championship_id)
            .load(c)
            .unwrap(),
        hashes: users::table
            .select(users::password_hash)
            .order(users::id)
            .load(c)
            .unwrap(),
        games: games::table
            .select((games::id, games::version, games::status))
            .order(games::id)
            .load(c)
            .unwrap(),
        hands: game_hands::table
            .select((game_hands::id, game_hands::entry, game_hands::score))
            .order(game_hands::id)
            .load(c)
            .unwrap(),
        rulings: rulings::table.count().get_result(c).unwrap(),
        circuits: circuits::table
            .select((circuits::id, circuits::name, circuits::version))
            .order(circuits::id)
            .load(c)
            .unwrap(),
    })
    .await
}

/// A table of the demo's running championship still being played.
#[derive(Clone)]
struct Playing {
    /// Its page: `/campeonatos/{id}/rondas/{r}/mesas/{t}`.
    path: String,
    version: i32,
    pin: String,
    id: i32,
}

/// The first table still being played in the demo, and another one.
async fn playing_tables(app: &TestApp) -> (Playing, Playing) {
    app.with_conn(|c| {
        let rows: Vec<(i32, i32, i32, i32, String, i32)> = championship_tables::table
            .filter(championship_tables::status.eq("playing"))
            .select((
                championship_tables::championship_id,
                championship_tables::round_no,
                championship_tables::table_no,
                championship_tables::version,
                championship_tables::pin,
                championship_tables::id,
            ))
            .order(championship_tables::id)
            .load(c)
            .unwrap();
        let [first, second] = [&rows[0], &rows[1]].map(|(e, r, t, v, pin, id)| Playing {
            path: format!("/campeonatos/{e}/rondas/{r}/mesas/{t}"),
            version: *v,
            pin: pin.clone(),
            id: *id,
        });
        (first, second)
    })
    .await
}

async fn playing_table(app: &TestApp) -> Playing {
    playing_tables(app).await.0
}

struct Route {
    path: String,
    form: Vec<(&'static str, String)>,
    /// Who may do it (logged in as this user).
    allowed: &'static str,
    /// Who may not (a real account with another role or club).
    denied: &'static str,
}

async fn routes(app: &TestApp) -> Vec<Route> {
    let table = playing_table(app).await;
    let game_version: i32 = app
        .with_conn(|c| {
            games::table
                .find(2)
                .select(games::version)
                .first(c)
                .unwrap()
        })
        .await;
    let ruling: String = app
        .with_conn(|c| rulings::table.select(rulings::slug).first(c).unwrap())
        .await;
    let token_id: i32 = app
        .with_conn(|c| api_tokens::table.select(api_tokens::id).first(c).unwrap())
        .await;
    let (circuit, circuit_version): (i32, i32) = app
        .with_conn(|c| {
            circuits::table
                .filter(circuits::club_id.eq(1))
                .select((circuits::id, circuits::version))
                .first(c)
                .unwrap()
        })
        .await;
    vec![
        Route {
            path: format!("/circuitos/{circuit}/borrar"),
            form: vec![("version", circuit_version.to_string())],
            allowed: "organiser1",
            denied: "organiser2",
        },
        Route {
            path: "/admin/usuarios".into(),
            form: vec![
                ("username", "nuevo".into()),
                ("password", "una-clave-larga".into()),
                ("role", "referee".into()),
                ("club", "1".into()),
            ],
            allowed: "admin",
            denied: "organiser1",
        },
        Route {
            path: "/clubes/1/jugadores".into(),
            form: vec![("name", "Nuevo Jugador".into())],
            allowed: "organiser1",
            denied: "referee1",
        },
        Route {
            path: table.path.clone(),
            form: vec![
                ("score_a", "101".into()),
                ("score_b", "80".into()),
                ("version", table.version.to_string()),
            ],
            allowed: "referee1",
            denied: "organiser2",
        },
        Route {
            path: "/clubes/1/partidas/nueva".into(),
            form: vec![
                ("game", "tute".into()),
                ("players", "2".into()),
                ("seat_0", "X".into()),
                ("seat_1", "Y".into()),
            ],
            allowed: "organiser1",
            denied: "organiser2",
        },
        Route {
            path: "/clubes/1/partidas/importar".into(),
            form: vec![("file", "{}".into())],
            allowed: "referee1",
            denied: "organiser2",
        },
        Route {
            path: "/partidas/2/mano".into(),
            form: vec![
                ("version", game_version.to_string()),
                ("submission", "x1".into()),
                ("trump", "o".into()),
                ("bid", "pass".into()),
                ("card_points_side0", "60".into()),
                ("last_trick_side", "1".into()),
            ],
            allowed: "referee1",
            denied: "organiser2",
        },
        Route {
            path: "/partidas/2/manos/1".into(),
            form: vec![
                ("version", game_version.to_string()),
                ("trump", "o".into()),
                ("bid", "pass".into()),
                ("card_points_side0", "60".into()),
                ("last_trick_side", "1".into()),
            ],
            allowed: "organiser1",
            denied: "organiser2",
        },
        Route {
            path: "/partidas/2/manos/1/borrar".into(),
            form: vec![("version", game_version.to_string())],
            allowed: "organiser1",
            denied: "organiser2",
        },
        Route {
            path: format!("/arbitro/fallos/{ruling}/aplicar"),
            form: vec![("game", "2".into())],
            allowed: "referee1",
            denied: "organiser2",
        },
        Route {
            path: "/cuenta/tokens".into(),
            form: vec![("name", "otra".into())],
            allowed: "referee1",
            denied: "",
        },
        Route {
            path: format!("/cuenta/tokens/{token_id}/revocar"),
            form: vec![],
            allowed: "admin",
            denied: "",
        },
        Route {
            path: "/cuenta/clave".into(),
            form: vec![
                ("current", "x".into()),
                ("new", "una-clave-nueva".into()),
                ("confirm", "una-clave-nueva".into()),
            ],
            allowed: "referee1",
            denied: "",
        },
    ]
}

async fn staffed_demo() -> (TestApp, Vec<(&'static str, String)>) {
    let app = TestApp::with_demo().await;
    let mut people = Vec::new();
    for (name, role, club) in [
        ("admin", "admin", None),
        ("organiser1", "organiser", Some(1)),
        ("referee1", "referee", Some(1)),
        ("organiser2", "organiser", None),
    ] {
        people.push((name, app.add_user(name, role, club).await));
    }
    // Club games (the demo's seven) and a kept ruling, for the club-play routes.
    app.with_conn(|c| {
        baza::service::demo_games::create_demo_games(c, 1).unwrap();
        let record = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/examples/cuatrola.jsonl"),
        )
        .unwrap();
        let first: serde_json::Value =
            serde_json::from_str(record.lines().next().unwrap()).unwrap();
        baza::db::games::insert_ruling(
            c,
            "abc123",
            &first["record"].to_string(),
            "test",
            baza::web::account::now(),
        )
        .unwrap();
    })
    .await;
    // The admin holds a token (for the revoke route).
    app.with_conn(|c| {
        diesel::insert_into(api_tokens::table)
            .values((
                api_tokens::user_id.eq(1),
                api_tokens::name.eq("script"),
                api_tokens::token_hash.eq(baza::service::account::token_hash("baza_admin_token")),
                api_tokens::created_at.eq(baza::web::account::now()),
            ))
            .execute(c)
            .unwrap()
    })
    .await;
    (app, people)
}

fn password<'a>(people: &'a [(&'static str, String)], name: &str) -> &'a str {
    &people.iter().find(|(n, _)| *n == name).unwrap().1
}

#[tokio::test]
async fn every_write_route_refuses_the_public_the_wrong_role_and_a_bad_csrf_token_and_changes_nothing()
 {
    let (app, people) = staffed_demo().await;
    let before = snapshot(&app).await;
    for route in routes(&app).await {
        let post = |client: &reqwest::Client, csrf: Option<&str>| {
            let mut form = route.form.clone();
            if let Some(t) = csrf {
                form.push(("csrf", t.to_owned()));
            }
            client.post(app.url(&route.path)).form(&form).send()
        };
        // The public: sent to log in, coming back here afterwards; or, where a PIN
        // opens the place (a table, a game), to the page that asks for it.
        let public = new_client();
        let csrf = app.csrf_for(&public).await;
        let res = post(&public, Some(&csrf)).await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "public {}", route.path);
        let location = res.headers()["location"].to_str().unwrap();
        if res.headers().get("baza-asks").is_some_and(|v| v == "pin") {
            let page = public.get(app.url(location)).send().await.unwrap();
            assert_eq!(page.status(), StatusCode::OK, "{location}");
            assert_eq!(page.headers()["baza-asks"], "pin", "{location}");
        } else {
            assert!(
                location.starts_with("/entrar?next=%2F") || location.starts_with("/entrar?next=/"),
                "{location}"
            );
        }

        // The wrong role or club: 403.
        if !route.denied.is_empty() {
            let other = new_client();
            app.login(&other, route.denied, password(&people, route.denied))
                .await;
            let csrf = app.csrf_for(&other).await;
            let res = post(&other, Some(&csrf)).await.unwrap();
            assert_eq!(
                res.status(),
                StatusCode::FORBIDDEN,
                "{} as {}",
                route.path,
                route.denied
            );
        }

        // The right person, but no token, or another session's token: 403.
        let right = new_client();
        app.login(&right, route.allowed, password(&people, route.allowed))
            .await;
        let res = post(&right, None).await.unwrap();
        assert_eq!(
            res.status(),
            StatusCode::FORBIDDEN,
            "{} without csrf",
            route.path
        );
        let body = res.text().await.unwrap();
        assert!(body.contains("No se ha cambiado nada"), "{body}");
        let res = post(&right, Some(&"0".repeat(64))).await.unwrap();
        assert_eq!(
            res.status(),
            StatusCode::FORBIDDEN,
            "{} wrong csrf",
            route.path
        );
        // A page of another site posting with the right cookie but its own origin.
        let csrf = app.csrf_for(&right).await;
        let mut form = route.form.clone();
        form.push(("csrf", csrf));
        let res = right
            .post(app.url(&route.path))
            .header("Origin", "http://evil.example")
            .form(&form)
            .send()
            .await
            .unwrap();
        assert_eq!(
            res.status(),
            StatusCode::FORBIDDEN,
            "{} cross-origin",
            route.path
        );
    }
    assert_eq!(
        snapshot(&app).await,
        before,
        "a refused request changed something"
    );
}

#[tokio::test]
async fn the_same_routes_work_for_the_right_person_and_leave_an_audit_trail() {
    let (app, people) = staffed_demo().await;
    let table = playing_table(&app).await;
    let championship = table.path.split('/').nth(2).unwrap().to_owned();
    let referee = new_client();
    app.login(&referee, "referee1", password(&people, "referee1"))
        .await;
    let csrf = app.csrf_for(&referee).await;
    let res = referee
        .post(app.url(&table.path))
        .form(&[
            ("csrf", csrf.as_str()),
            ("score_a", "101"),
            ("score_b", "87"),
            ("version", &table.version.to_string()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app.page(&table.path, StatusCode::OK).await;
    assert_eq!(
        texts(&page, ".big-score")[0]
            .split_whitespace()
            .collect::<String>(),
        "101–87"
    );

    let audit_path = format!("/campeonatos/{championship}/auditoria");
    let audit = referee.get(app.url(&audit_path)).send().await.unwrap();
    assert_eq!(audit.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&audit.text().await.unwrap());
    let rows = texts(&html, "ul.audit-lines li");
    // Newest first: the referee's result on top of the demo's own history, in words.
    assert!(
        rows[0].contains("Referee1") && rows[0].contains("101–87"),
        "{rows:?}"
    );
    assert!(rows[1..].iter().all(|r| !r.contains("Referee1")));
    let csv = referee
        .get(app.url(&format!("{audit_path}?formato=csv")))
        .send()
        .await
        .unwrap();
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    let csv = csv.text().await.unwrap();
    assert_eq!(csv.lines().count(), rows.len() + 1);
    assert!(csv.lines().nth(1).unwrap().contains("user:3:referee1"));
    // The public may not read it.
    assert_eq!(app.get(&audit_path).await.status(), StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_player_named_like_a_script_renders_as_text() {
    let (app, people) = staffed_demo().await;
    let org = new_client();
    app.login(&org, "organiser1", password(&people, "organiser1"))
        .await;
    let csrf = app.csrf_for(&org).await;
    let evil = "<script>alert(1)</script>";
    let res = org
        .post(app.url("/clubes/1/jugadores"))
        .form(&[("csrf", csrf.as_str()), ("name", evil)])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let body = app.get("/clubes/1").await.text().await.unwrap();
    assert!(!body.contains(evil), "raw script in the page");
    assert!(body.contains("&#60;script&#62;alert(1)&#60;/script&#62;"));
    let html = scraper::Html::parse_document(&body);
    assert!(texts(&html, "ul.columns li a").contains(&evil.to_owned()));
    assert!(texts(&html, "script").is_empty());
}

#[tokio::test]
async fn the_eleventh_wrong_password_in_a_minute_is_refused_even_if_right() {
    let (app, people) = staffed_demo().await;
    let client = new_client();
    let csrf = app.csrf_for(&client).await;
    let attempt = |pw: String| {
        client
            .post(app.url("/entrar"))
            .form(&[
                ("csrf", csrf.clone()),
                ("username", "referee1".into()),
                ("password", pw),
            ])
            .send()
    };
    for i in 0..10 {
        let res = attempt(format!("wrong-{i}")).await.unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "attempt {i}");
    }
    let res = attempt(password(&people, "referee1").to_owned())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, ".alert"),
        vec!["Demasiados intentos fallidos. Espera un minuto y vuelve a probar."]
    );
    // Another user is not locked out by it.
    app.login(&new_client(), "organiser1", password(&people, "organiser1"))
        .await;
}

#[tokio::test]
async fn a_scorekeepers_pin_opens_only_its_own_table_until_its_result_is_final() {
    let (app, people) = staffed_demo().await;
    let (mine, other) = playing_tables(&app).await;
    let sk = new_client();
    // The QR code leads to the table's page with its PIN form.
    let page = sk.get(app.url(&mine.path)).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let csrf = app.csrf_for(&sk).await;
    let wrong = if mine.pin == "0000" { "1111" } else { "0000" };
    let pin = |p: String| {
        sk.post(app.url(&format!("{}/pin", mine.path)))
            .form(&[("csrf", csrf.clone()), ("pin", p)])
            .send()
    };
    assert_eq!(
        pin(wrong.to_owned()).await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
    let res = pin(mine.pin.clone()).await.unwrap();
    assert_eq!(res.headers()["location"], mine.path.as_str());
    let score = |path: String, v: i32| {
        sk.post(app.url(&path))
            .form(&[
                ("csrf", csrf.clone()),
                ("score_a", "70".into()),
                ("score_b", "101".into()),
                ("version", v.to_string()),
                ("side", "a".into()),
            ])
            .send()
    };
    // Another table: unchanged, and the phone (no account) is asked for that
    // table's PIN on its page.
    let res = score(other.path.clone(), other.version).await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["baza-asks"], "pin");
    assert_eq!(res.headers()["location"], other.path.as_str());
    // Its own table: proposed, waiting for the other pair's firma.
    assert_eq!(
        score(mine.path.clone(), mine.version)
            .await
            .unwrap()
            .status(),
        StatusCode::SEE_OTHER
    );
    let state = |ids: [i32; 2]| {
        app.with_conn(move |c| {
            championship_tables::table
                .filter(championship_tables::id.eq_any(ids))
                .select((
                    championship_tables::id,
                    championship_tables::status,
                    championship_tables::proposed_b,
                    championship_tables::version,
                ))
                .order(championship_tables::id)
                .load::<(i32, String, Option<i32>, i32)>(c)
                .unwrap()
        })
    };
    let rows = state([mine.id, other.id]).await;
    let row = |id: i32| rows.iter().find(|r| r.0 == id).unwrap().clone();
    assert_eq!(row(mine.id).1, "proposed");
    assert_eq!(row(mine.id).2, Some(101));
    assert_eq!(row(other.id).1, "playing");
    assert_eq!(row(other.id).2, None);
    // Once a referee makes it final, it is a referee's to correct.
    let referee = new_client();
    app.login(&referee, "referee1", password(&people, "referee1"))
        .await;
    let rcsrf = app.csrf_for(&referee).await;
    let version = row(mine.id).3;
    let res = referee
        .post(app.url(&mine.path))
        .form(&[
            ("csrf", rcsrf.as_str()),
            ("score_a", "70"),
            ("score_b", "101"),
            ("version", &version.to_string()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // Refused, and told why: the result is confirmed.
    assert_eq!(
        score(mine.path.clone(), version + 1)
            .await
            .unwrap()
            .status(),
        StatusCode::CONFLICT
    );
    assert_eq!(state([mine.id, other.id]).await[0].1, "final");
}

#[tokio::test]
async fn two_people_saving_one_result_never_overwrite_each_other_silently() {
    let (app, people) = staffed_demo().await;
    let table = playing_table(&app).await;
    let version = table.version;
    let a = new_client();
    let b = new_client();
    app.login(&a, "referee1", password(&people, "referee1"))
        .await;
    app.login(&b, "organiser1", password(&people, "organiser1"))
        .await;
    let save = |client: &reqwest::Client, csrf: String, x: &'static str| {
        client
            .post(app.url(&table.path))
            .form(&[
                ("csrf", csrf),
                ("score_a", x.into()),
                ("score_b", "50".into()),
                ("version", version.to_string()),
            ])
            .send()
    };
    let (ca, cb) = (app.csrf_for(&a).await, app.csrf_for(&b).await);
    assert_eq!(
        save(&a, ca, "101").await.unwrap().status(),
        StatusCode::SEE_OTHER
    );
    let res = save(&b, cb, "99").await.unwrap();
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(texts(&html, ".alert")[0].contains("101 – 50"));
    // The form keeps what the second person typed.
    assert_eq!(
        attr(&html, "input[name=score_a]", "value").as_deref(),
        Some("99")
    );
    let id = table.id;
    let stored: (String, i32) = app
        .with_conn(move |c| {
            championship_tables::table
                .find(id)
                .select((championship_tables::status, championship_tables::version))
                .first(c)
                .unwrap()
        })
        .await;
    assert_eq!(stored, ("final".to_owned(), version + 1));
    let page = app.page(&table.path, StatusCode::OK).await;
    assert_eq!(
        texts(&page, ".big-score")[0]
            .split_whitespace()
            .collect::<String>(),
        "101–50"
    );
}

#[tokio::test]
async fn api_writes_need_a_live_token_of_someone_allowed() {
    let (app, people) = staffed_demo().await;
    let table = playing_table(&app).await;
    let version = table.version;
    // A referee creates a token on the account page; it is shown once.
    let referee = new_client();
    app.login(&referee, "referee1", password(&people, "referee1"))
        .await;
    let csrf = app.csrf_for(&referee).await;
    let res = referee
        .post(app.url("/cuenta/tokens"))
        .form(&[("csrf", csrf.as_str()), ("name", "marcador")])
        .send()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let token = texts(&html, "code.token")[0].clone();
    assert!(token.starts_with("baza_"));

    let url = app.url(&format!("/api/v1{}/resultado", table.path));
    let body = json!({"score_a": 101, "score_b": 60, "version": version});
    let api = new_client();
    let res = api.post(&url).json(&body).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(
        res.json::<serde_json::Value>().await.unwrap()["error"],
        "unauthorized"
    );
    let res = api
        .post(&url)
        .bearer_auth("baza_nonsense")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    // Cookies alone do not work on the API (no CSRF there).
    let res = referee.post(&url).json(&body).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    // The admin's token works for everything; an organiser of no club is refused.
    let outsider = app
        .with_conn(|c| {
            let id: i32 = users::table
                .filter(users::username.eq("organiser2"))
                .select(users::id)
                .first(c)
                .unwrap();
            baza::db::accounts::insert_token(
                c,
                id,
                "x",
                &baza::service::account::token_hash("baza_outsider"),
                baza::web::account::now(),
            )
            .unwrap()
        })
        .await;
    assert!(outsider > 0);
    let res = api
        .post(&url)
        .bearer_auth("baza_outsider")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = api
        .post(&url)
        .bearer_auth(&token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.json::<serde_json::Value>().await.unwrap()["version"],
        version + 1
    );
    // A stale version is a 409; revoking ends the token.
    let res = api
        .post(&url)
        .bearer_auth(&token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let token_id: i32 = app
        .with_conn(|c| {
            api_tokens::table
                .filter(api_tokens::name.eq("marcador"))
                .select(api_tokens::id)
                .first(c)
                .unwrap()
        })
        .await;
    let res = referee
        .post(app.url(&format!("/cuenta/tokens/{token_id}/revocar")))
        .form(&[("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let again = json!({"score_a": 101, "score_b": 61, "version": version + 1});
    let res = api
        .post(&url)
        .bearer_auth(&token)
        .json(&again)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn changing_the_password_ends_the_other_sessions() {
    let (app, people) = staffed_demo().await;
    let pw = password(&people, "referee1").to_owned();
    let (phone, laptop) = (new_client(), new_client());
    app.login(&phone, "referee1", &pw).await;
    app.login(&laptop, "referee1", &pw).await;
    let csrf = app.csrf_for(&phone).await;
    let res = phone
        .post(app.url("/cuenta/clave"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("current", pw.as_str()),
            ("new", "otra-clave-9"),
            ("confirm", "otra-clave-9"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["location"], "/cuenta?hecho=1");
    assert_eq!(
        phone.get(app.url("/cuenta")).send().await.unwrap().status(),
        StatusCode::OK
    );
    let res = laptop.get(app.url("/cuenta")).send().await.unwrap();
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the other session ended"
    );
    app.login(&new_client(), "referee1", "otra-clave-9").await;
}

#[tokio::test]
async fn only_the_admin_manages_users() {
    let (app, people) = staffed_demo().await;
    let admin = new_client();
    app.login(&admin, "admin", password(&people, "admin")).await;
    assert_eq!(
        admin
            .get(app.url("/admin/usuarios"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );
    let csrf = app.csrf_for(&admin).await;
    let create = |name: &'static str, pw: &'static str| {
        admin
            .post(app.url("/admin/usuarios"))
            .form(&[
                ("csrf", csrf.as_str()),
                ("username", name),
                ("password", pw),
                ("role", "referee"),
                ("club", "1"),
            ])
            .send()
    };
    assert_eq!(
        create("carmen", "clave-de-carmen").await.unwrap().status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        create("carmen", "clave-de-carmen").await.unwrap().status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        create("x", "clave-de-carmen").await.unwrap().status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        create("pepa", "corta").await.unwrap().status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    app.login(&new_client(), "carmen", "clave-de-carmen").await;
    let org = new_client();
    app.login(&org, "organiser1", password(&people, "organiser1"))
        .await;
    assert_eq!(
        org.get(app.url("/admin/usuarios"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn logging_in_and_out_need_the_csrf_token_too() {
    let (app, people) = staffed_demo().await;
    let client = new_client();
    let res = client
        .post(app.url("/entrar"))
        .form(&[
            ("username", "admin"),
            ("password", password(&people, "admin")),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    app.login(&client, "admin", password(&people, "admin"))
        .await;
    let res = client.post(app.url("/salir")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        client
            .get(app.url("/cuenta"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::OK
    );
    let csrf = app.csrf_for(&client).await;
    let res = client
        .post(app.url("/salir"))
        .form(&[("csrf", csrf)])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        client
            .get(app.url("/cuenta"))
            .send()
            .await
            .unwrap()
            .status(),
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn the_public_write_routes_still_need_the_csrf_token() {
    let (app, _) = staffed_demo().await;
    let table = playing_table(&app).await;
    let client = new_client();
    let before = snapshot(&app).await;
    for (path, field, value) in [
        ("/arbitro".to_owned(), "record", "{}".to_owned()),
        (
            "/arbitro/construir".to_owned(),
            "game",
            "cuatrola".to_owned(),
        ),
        (format!("{}/pin", table.path), "pin", table.pin.clone()),
        ("/partidas/2/pin".to_owned(), "pin", "0000".to_owned()),
        ("/entrar".to_owned(), "username", "admin".to_owned()),
    ] {
        let res = client
            .post(app.url(&path))
            .form(&[(field, value.as_str())])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(snapshot(&app).await, before);
}
