//! A new installation: the first administrator and club from the web on an empty
//! database (once only), more clubs by an administrator, and `baza club add|list`.

use std::process::Command;

use baza::db::schema::{audit_log, clubs, users};
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::helpers::{TestApp, TestDb, assert_accepted, attr, new_client, post_form_as, texts};

/// Users and clubs stored.
async fn counts(app: &TestApp) -> (i64, i64) {
    app.with_conn(|c| {
        (
            users::table.count().get_result(c).unwrap(),
            clubs::table.count().get_result(c).unwrap(),
        )
    })
    .await
}

/// The first-run form as typed, with the CSRF token of `client`'s session.
async fn post_first_run(
    app: &TestApp,
    client: &reqwest::Client,
    fields: &[(&str, &str)],
    lang: &str,
) -> reqwest::Response {
    let csrf = app.csrf_for(client).await;
    let mut form = vec![("csrf", csrf.as_str())];
    form.extend_from_slice(fields);
    client
        .post(app.url("/primeros-pasos"))
        .header("Accept-Language", lang)
        .form(&form)
        .send()
        .await
        .unwrap()
}

const GOOD: [(&str, &str); 6] = [
    ("username", "marisa"),
    ("password", "sota-de-oros"),
    ("confirm", "sota-de-oros"),
    ("club", "Peña La Cuatrola"),
    ("town", "Huesca"),
    ("game", "cuatrola"),
];

/// The number after `prefix` in a redirect's location.
fn id_after(res: &reqwest::Response, prefix: &str) -> i32 {
    res.headers()["location"]
        .to_str()
        .unwrap()
        .strip_prefix(prefix)
        .unwrap()
        .parse()
        .unwrap()
}

/// Posts a quick-entry hand to game `game` as `client`.
async fn hand(
    app: &TestApp,
    client: &reqwest::Client,
    game: i32,
    n: usize,
    fields: &[(&str, &str)],
) -> reqwest::Response {
    let page = client
        .get(app.url(&format!("/partidas/{game}")))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let page = scraper::Html::parse_document(&page.text().await.unwrap());
    let version = attr(&page, ".big-score", "data-version").unwrap();
    let submission = format!("first-run-{n}");
    let mut form = vec![
        ("version", version.as_str()),
        ("submission", submission.as_str()),
    ];
    form.extend_from_slice(fields);
    post_form_as(app, client, &format!("/partidas/{game}/mano"), &form).await
}

#[tokio::test]
async fn an_empty_installation_creates_its_admin_and_club_then_plays_a_cuatrola_to_the_end() {
    let app = TestApp::spawn().await;
    assert_eq!(counts(&app).await, (0, 0));
    // The home page says what to do first.
    let home = app.page("/", StatusCode::OK).await;
    assert_eq!(
        attr(&home, ".first-run a", "href").as_deref(),
        Some("/primeros-pasos")
    );
    assert!(texts(&home, ".first-run h2")[0].contains("Primeros pasos"));
    let form = app.page("/primeros-pasos", StatusCode::OK).await;
    assert!(
        attr(
            &form,
            "form[action='/primeros-pasos'] input[name=csrf]",
            "value"
        )
        .is_some()
    );
    assert!(attr(&form, "input[name=confirm]", "type").as_deref() == Some("password"));
    // The club's usual game is asked for, cuatrola chosen unless changed.
    assert_eq!(
        attr(&form, "select[name=game] option[selected]", "value").as_deref(),
        Some("cuatrola")
    );
    assert_eq!(texts(&form, "select[name=game] option").len(), 5);
    // Each game's table options as labelled controls, no JSON field.
    assert!(
        attr(
            &form,
            "fieldset.option-group[data-game=cuatrola]",
            "data-game"
        )
        .is_some()
    );
    assert!(attr(&form, "textarea", "name").is_none());

    let client = new_client();
    let res = post_first_run(&app, &client, &GOOD, "es").await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    let club = id_after(&res, "/clubes/");
    assert_eq!(counts(&app).await, (1, 1));
    let (role, club_name, town, audited) = app
        .with_conn(move |c| {
            let role: String = users::table.select(users::role).first(c).unwrap();
            let (name, town): (String, String) = clubs::table
                .find(club)
                .select((clubs::name, clubs::town))
                .first(c)
                .unwrap();
            let audited: Vec<(String, String)> = audit_log::table
                .select((audit_log::entity, audit_log::actor))
                .order(audit_log::id)
                .load(c)
                .unwrap();
            (role, name, town, audited)
        })
        .await;
    assert_eq!(role, "admin");
    assert_eq!(
        (club_name.as_str(), town.as_str()),
        ("Peña La Cuatrola", "Huesca")
    );
    assert_eq!(audited.len(), 2, "{audited:?}");
    assert!(audited.iter().all(|(_, actor)| actor.ends_with(":marisa")));
    assert_eq!(audited[1].0, "club");

    // Signed in: the club page offers to add players, and the admin's name is in the menu.
    let res = client
        .get(app.url(&format!("/clubes/{club}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(texts(&page, ".nav-user"), ["marisa"]);
    let players = format!("/clubes/{club}/jugadores");
    assert!(attr(&page, &format!("form[action='{players}']"), "method").is_some());
    for name in ["Ana", "Benito", "Carmen", "Dámaso"] {
        assert_accepted(post_form_as(&app, &client, &players, &[("name", name)]).await).await;
    }

    // The new-game form opens on the club's usual game.
    let res = client
        .get(app.url(&format!("/clubes/{club}/partidas/nueva")))
        .send()
        .await
        .unwrap();
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        attr(&page, "form input[name=game]", "value").as_deref(),
        Some("cuatrola")
    );

    // A new cuatrola between the four, played to 21 with quick-entry hands.
    let res = post_form_as(
        &app,
        &client,
        &format!("/clubes/{club}/partidas/nueva"),
        &[
            ("game", "cuatrola"),
            ("players", "4"),
            ("first_dealer", "3"),
            ("seat_0", "Ana"),
            ("seat_1", "Benito"),
            ("seat_2", "Carmen"),
            ("seat_3", "Dámaso"),
        ],
    )
    .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    let game = id_after(&res, "/partidas/");
    let solo = [
        ("trump", "o"),
        ("bid", "solo"),
        ("bidder", "0"),
        ("card_points_side0", "70"),
        ("card_points_side1", "30"),
        ("last_trick_side", "0"),
        ("cante_seat_0", "0"),
        ("cante_suit_0", "o"),
    ];
    assert_accepted(hand(&app, &client, game, 1, &solo).await).await;
    for (n, (bidder, bid, tricks)) in [
        ("2", "quintola", "5"),
        ("0", "quintola", "5"),
        ("2", "quintola", "5"),
        ("2", "cuatrola", "4"),
    ]
    .into_iter()
    .enumerate()
    {
        let fields = [
            ("trump", "c"),
            ("bid", bid),
            ("bidder", bidder),
            ("soloist_tricks", tricks),
        ];
        assert_accepted(hand(&app, &client, game, n + 2, &fields).await).await;
    }
    let res = client
        .get(app.url(&format!("/partidas/{game}")))
        .send()
        .await
        .unwrap();
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(texts(&page, ".big-score"), ["21 – 0"]);
    assert!(
        texts(&page, ".winner")[0].contains("Ana y Carmen"),
        "{:?}",
        texts(&page, ".winner")
    );

    // From now on there is nothing to set up: no offer, no form.
    let home = app.page("/", StatusCode::OK).await;
    assert!(texts(&home, ".first-run").is_empty());
    app.page("/primeros-pasos", StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn with_an_account_and_no_club_the_first_run_leads_to_the_first_club_and_once_made_is_gone() {
    let app = TestApp::spawn().await;
    // An administrator made with `baza user add`, and no club yet.
    let pw = app.add_user("ramon", "admin", None).await;
    let home = app.page("/", StatusCode::OK).await;
    assert_eq!(
        attr(&home, ".first-run a.button", "href").as_deref(),
        Some("/admin/clubes")
    );
    let res = app.get("/primeros-pasos").await;
    crate::helpers::assert_redirect_to(&res, "/admin/clubes");
    // The first-run form itself is refused: an account exists.
    let res = post_first_run(&app, &app.client, &GOOD, "es").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(counts(&app).await, (1, 0));
    // Signed in, the administrator makes the club there; then the notice is gone.
    app.login(&app.client, "ramon", &pw).await;
    let res = post_form_as(
        &app,
        &app.client,
        "/admin/clubes",
        &[
            ("name", "Peña La Cuatrola"),
            ("town", "Soria"),
            ("game", "cuatrola"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(counts(&app).await, (1, 1));
    let home = app.page("/", StatusCode::OK).await;
    assert!(texts(&home, ".first-run").is_empty());
    app.page("/primeros-pasos", StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn two_first_run_forms_at_once_make_one_administrator() {
    let app = TestApp::spawn().await;
    let (a, b) = (new_client(), new_client());
    let other = [
        ("username", "julian"),
        ("password", "caballo-de-copas"),
        ("confirm", "caballo-de-copas"),
        ("club", "Club Guiñote Tarazona"),
        ("town", "Tarazona"),
    ];
    let (ra, rb) = tokio::join!(
        post_first_run(&app, &a, &GOOD, "es"),
        post_first_run(&app, &b, &other, "es")
    );
    let mut statuses = [ra.status(), rb.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::SEE_OTHER, StatusCode::NOT_FOUND]);
    assert_eq!(counts(&app).await, (1, 1));
    let admins: i64 = app
        .with_conn(|c| {
            users::table
                .filter(users::role.eq("admin"))
                .count()
                .get_result(c)
                .unwrap()
        })
        .await;
    assert_eq!(admins, 1);
}

#[test]
fn two_first_run_transactions_started_together_make_one_administrator() {
    use baza::web::first_run::create_first_admin;
    let db = TestDb::new();
    let pool = db.pool();
    let gate = std::sync::Arc::new(std::sync::Barrier::new(2));
    let runs: Vec<_> = ["marisa", "julian"]
        .into_iter()
        .map(|name| {
            let (pool, gate) = (pool.clone(), gate.clone());
            std::thread::spawn(move || {
                let mut conn = pool.get().unwrap();
                gate.wait();
                create_first_admin(
                    &mut conn,
                    name,
                    "not-a-real-hash",
                    (name, "Huesca"),
                    &Default::default(),
                    Default::default(),
                )
                .map(|(user, _, _)| user.username)
            })
        })
        .collect();
    let outcomes: Vec<_> = runs.into_iter().map(|r| r.join().unwrap()).collect();
    let made: Vec<_> = outcomes.iter().filter_map(|o| o.as_ref().ok()).collect();
    assert_eq!(made.len(), 1, "{outcomes:?}");
    assert!(
        outcomes
            .iter()
            .any(|o| matches!(o, Err(baza::error::AppError::NotFound))),
        "{outcomes:?}"
    );
    let mut conn = pool.get().unwrap();
    let stored: Vec<String> = users::table
        .select(users::username)
        .load(&mut conn)
        .unwrap();
    assert_eq!(stored.iter().collect::<Vec<_>>(), made);
    let clubs: i64 = clubs::table.count().get_result(&mut conn).unwrap();
    assert_eq!(clubs, 1);
}

#[tokio::test]
async fn a_bad_first_run_form_is_shown_again_with_what_was_typed_and_writes_nothing() {
    let app = TestApp::spawn().await;
    let with = |key: &'static str, value: &'static str| {
        GOOD.iter()
            .map(|&(k, v)| if k == key { (k, value) } else { (k, v) })
            .collect::<Vec<_>>()
    };
    let cases = [
        (with("username", " "), "es", "El nombre de usuario"),
        (with("confirm", "sota-de-copas"), "es", "no coinciden"),
        (with("confirm", "sota-de-copas"), "ca", "no coincideixen"),
        (
            with("confirm", "sota-de-copas"),
            "en",
            "The two passwords differ",
        ),
        (
            [("password", "corta"), ("confirm", "corta")]
                .into_iter()
                .chain(
                    GOOD.into_iter()
                        .filter(|(k, _)| !["password", "confirm"].contains(k)),
                )
                .collect(),
            "es",
            "8 caracteres",
        ),
        (with("club", "  "), "es", "nombre del club"),
    ];
    for (fields, lang, message) in cases {
        let res = post_first_run(&app, &app.client, &fields, lang).await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{fields:?}");
        let page = scraper::Html::parse_document(&res.text().await.unwrap());
        let alert = texts(&page, "[role=alert]").join(" ");
        assert!(alert.contains(message), "{lang} {fields:?}: {alert}");
        // What was typed is still there (but never a password).
        let typed = |name: &str| fields.iter().find(|(k, _)| *k == name).unwrap().1.trim();
        assert_eq!(
            attr(&page, "input[name=town]", "value").as_deref(),
            Some("Huesca")
        );
        assert_eq!(
            attr(&page, "input[name=username]", "value").as_deref(),
            Some(typed("username"))
        );
        assert_eq!(
            attr(&page, "input[name=club]", "value").unwrap().trim(),
            typed("club")
        );
        assert_eq!(attr(&page, "input[name=password]", "value"), None);
    }
    assert_eq!(counts(&app).await, (0, 0));
    // Without the CSRF token the form is refused too.
    let res = new_client()
        .post(app.url("/primeros-pasos"))
        .form(&GOOD)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(counts(&app).await, (0, 0));
}

#[tokio::test]
async fn an_administrator_creates_another_club_from_the_web_and_it_is_audited() {
    let app = TestApp::spawn().await;
    let pw = app.add_user("admin", "admin", None).await;
    app.login(&app.client, "admin", &pw).await;
    for from in ["/cuenta", "/admin/usuarios"] {
        let page = app.page(from, StatusCode::OK).await;
        assert!(
            attr(&page, "a[href='/admin/clubes']", "href").is_some(),
            "{from}"
        );
    }
    let res = post_form_as(
        &app,
        &app.client,
        "/admin/clubes",
        &[
            ("name", "Círculo Tutero"),
            ("town", "Teruel"),
            ("game", "tute"),
            ("opt.tute.cantes_per_trick", "one_per_side"),
            ("opt.tute.undertrump", "true"),
            // Another game's controls on the same form are not read.
            ("opt.cuatrola.target", "7"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let club = id_after(&res, "/clubes/");
    let stored: String = app
        .with_conn(move |c| {
            clubs::table
                .find(club)
                .select(clubs::default_options)
                .first(c)
                .unwrap()
        })
        .await;
    let stored: serde_json::Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(
        stored,
        serde_json::json!({"cantes_per_trick": "one_per_side", "undertrump": true})
    );
    // Its new-game form offers tute first, with the club's usual options.
    let page = app
        .page(&format!("/clubes/{club}/partidas/nueva"), StatusCode::OK)
        .await;
    assert_eq!(
        attr(&page, "form input[name=game]", "value").as_deref(),
        Some("tute")
    );
    assert_eq!(
        attr(
            &page,
            "select[name='opt.cantes_per_trick'] option[selected]",
            "value"
        )
        .as_deref(),
        Some("one_per_side")
    );
    assert!(
        attr(
            &page,
            "input[type=checkbox][name='opt.undertrump']",
            "checked"
        )
        .is_some()
    );
    // A bad option value shows the form again with what was typed.
    let res = post_form_as(
        &app,
        &app.client,
        "/admin/clubes",
        &[
            ("name", "Peña Tres"),
            ("game", "tute"),
            ("opt.tute.cantes_per_trick", "todos"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        attr(&page, "input[name=name]", "value").as_deref(),
        Some("Peña Tres")
    );
    assert!(!texts(&page, "[role=alert]").is_empty());
    let page = app.page("/admin/clubes", StatusCode::OK).await;
    assert_eq!(texts(&page, ".club strong"), ["Círculo Tutero"]);
    let audit: Vec<(String, String, Option<i32>)> = app
        .with_conn(|c| {
            audit_log::table
                .filter(audit_log::entity.eq("club"))
                .select((audit_log::actor, audit_log::action, audit_log::club_id))
                .load(c)
                .unwrap()
        })
        .await;
    assert_eq!(audit.len(), 1);
    assert!(audit[0].0.ends_with(":admin"), "{audit:?}");
    assert_eq!((audit[0].1.as_str(), audit[0].2), ("create", Some(club)));

    // A nameless club is refused, with the town kept.
    let res = post_form_as(
        &app,
        &app.client,
        "/admin/clubes",
        &[("name", " "), ("town", "Alcañiz"), ("game", "botifarra")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(texts(&page, "[role=alert]")[0].contains("nombre del club"));
    assert_eq!(
        attr(&page, "input[name=town]", "value").as_deref(),
        Some("Alcañiz")
    );
    assert_eq!(
        attr(&page, "select[name=game] option[selected]", "value").as_deref(),
        Some("botifarra")
    );
    // A game Baza does not know is refused.
    let res = post_form_as(
        &app,
        &app.client,
        "/admin/clubes",
        &[("name", "Peña del Mus"), ("game", "mus")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(texts(&page, "[role=alert]")[0].contains("cinco juegos"));
    // An organiser may not create clubs.
    let org = new_client();
    let pw = app.add_user("org", "organiser", Some(club)).await;
    app.login(&org, "org", &pw).await;
    let res = post_form_as(&app, &org, "/admin/clubes", &[("name", "Otro club")]).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(counts(&app).await.1, 1);
}

fn baza() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_baza"));
    c.env_remove("BAZA_DATABASE_URL").env("RUST_LOG", "warn");
    c
}

#[test]
fn baza_club_add_prints_the_new_clubs_id_and_club_list_shows_it() {
    let db = TestDb::new();
    let run = |args: &[&str]| {
        let out = baza().args(args).args(["--db", &db.url]).output().unwrap();
        (
            out.status.success(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (ok, out, err) = run(&["club", "add", "Peña El Guiñote", "--town", "Calatayud"]);
    assert!(ok, "{err}");
    assert_eq!(out, "1\n");
    let (ok, out, err) = run(&["club", "add", "Casino de Jaca", "--game", "guinote"]);
    assert!(ok, "{err}");
    assert_eq!(out, "2\n");
    let (ok, out, err) = run(&["club", "add", "Casino de Jaca", "--game", "mus"]);
    assert!(!ok && out.is_empty());
    assert!(err.contains("cinco juegos"), "{err}");
    let (ok, out, _) = run(&["club", "add", "  "]);
    assert!(!ok);
    assert!(out.is_empty());
    let (ok, out, _) = run(&["club", "list"]);
    assert!(ok);
    assert_eq!(
        out, "1\tPeña El Guiñote\tCalatayud\tcuatrola\n2\tCasino de Jaca\t\tguinote\n",
        "{out}"
    );
    // The clubs are audited as made from the command line.
    let mut conn = db.target.connect().unwrap();
    let actors: Vec<String> = audit_log::table
        .filter(audit_log::entity.eq("club"))
        .select(audit_log::actor)
        .load(&mut conn)
        .unwrap();
    assert_eq!(actors, ["cli", "cli"]);
}
