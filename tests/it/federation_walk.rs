//! A federation's administrator, directors, referees and scorekeepers, walked: the
//! accounts the administrator makes, and the championships of two clubs' laptops
//! brought into the federation's Baza.

use diesel::prelude::*;
use reqwest::StatusCode;

use baza::db::schema::users;

use crate::helpers::{TestApp, new_client, post_form_as};

/// The accounts of the database: (name, role, club).
async fn accounts(app: &TestApp) -> Vec<(String, String, Option<i32>)> {
    app.with_conn(|c| {
        users::table
            .order(users::id)
            .select((users::username, users::role, users::club_id))
            .load(c)
            .unwrap()
    })
    .await
}

#[tokio::test]
async fn an_organiser_or_a_referee_without_a_club_is_refused_in_the_users_language_with_the_form_as_typed_and_not_made()
 {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Cuatrola", "Huesca").await;
    let admin_pw = app.add_user("federacion", "admin", None).await;
    let admin = new_client();
    app.login(&admin, "federacion", &admin_pw).await;
    let before = accounts(&app).await;

    for (lang, role, said) in [
        (
            "es",
            "organiser",
            "Una cuenta de organización o de árbitro es de un club",
        ),
        ("en", "referee", "account belongs to a club: choose which"),
    ] {
        let csrf = app.csrf_for(&admin).await;
        let res = admin
            .post(app.url("/admin/usuarios"))
            .header("Accept-Language", lang)
            .form(&[
                ("csrf", csrf.as_str()),
                ("username", "sin_club"),
                ("password", "una-clave-larga"),
                ("role", role),
                ("club", ""),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{role}");
        let page = res.text().await.unwrap();
        assert!(page.contains(said), "{lang}: {page}");
        // The form again with what was typed (but the password).
        let html = scraper::Html::parse_document(&page);
        let form = "form[action='/admin/usuarios']";
        assert_eq!(
            crate::helpers::attr(&html, &format!("{form} input[name=username]"), "value")
                .as_deref(),
            Some("sin_club")
        );
        assert_eq!(
            crate::helpers::attr(
                &html,
                &format!("{form} select[name=role] option[selected]"),
                "value"
            )
            .as_deref(),
            Some(role)
        );
    }
    assert_eq!(accounts(&app).await, before, "no account was made");

    // An administrator needs no club; a referee with one is made.
    for (name, role, club) in [
        ("otra_admin", "admin", String::new()),
        ("arbitra", "referee", club.to_string()),
    ] {
        let res = post_form_as(
            &app,
            &admin,
            "/admin/usuarios",
            &[
                ("username", name),
                ("password", "una-clave-larga"),
                ("role", role),
                ("club", &club),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name}");
    }

    // Another role without a club: refused, the account as it was.
    let made = accounts(&app).await;
    let id: i32 = app
        .with_conn(|c| {
            users::table
                .filter(users::username.eq("otra_admin"))
                .select(users::id)
                .first(c)
                .unwrap()
        })
        .await;
    let res = post_form_as(
        &app,
        &admin,
        &format!("/admin/usuarios/{id}/papel"),
        &[("role", "organiser"), ("club", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("Una cuenta de organización o de árbitro es de un club")
    );
    assert_eq!(accounts(&app).await, made);
}

#[tokio::test]
async fn the_command_line_makes_no_organiser_or_referee_without_a_club_and_audits_what_it_changes_in_an_account()
 {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Cuatrola", "Huesca").await;
    let before = accounts(&app).await;
    let baza = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
            .args(args)
            .args(["--db", &app.db.url])
            .env_remove("BAZA_DATABASE_URL")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let out = baza(&["user", "add", "pere", "--role", "organiser"]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("--club"), "{said}");
    assert_eq!(accounts(&app).await, before);

    let out = baza(&["user", "set-role", "directora", "--role", "referee"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--club"));
    assert_eq!(accounts(&app).await, before);

    let out = baza(&[
        "user",
        "add",
        "pere",
        "--role",
        "referee",
        "--club",
        &club.to_string(),
    ]);
    assert!(out.status.success(), "{out:?}");

    // What the command line changes about an account is in the audit log, as what
    // the users page changes is.
    let club = club.to_string();
    for args in [
        &[
            "user",
            "set-role",
            "pere",
            "--role",
            "organiser",
            "--club",
            &club,
        ][..],
        &["user", "disable", "pere"][..],
        &["user", "enable", "pere"][..],
    ] {
        let out = baza(args);
        assert!(out.status.success(), "{args:?}: {out:?}");
    }
    let audited: Vec<(String, Option<String>)> = app
        .with_conn(|c| {
            use baza::db::schema::audit_log as a;
            a::table
                .filter(a::entity.eq("user"))
                .filter(a::action.eq("update"))
                .order(a::id)
                .select((a::actor, a::after_json))
                .load(c)
                .unwrap()
        })
        .await;
    let said: Vec<(&str, serde_json::Value)> = audited
        .iter()
        .map(|(actor, after)| {
            let after = serde_json::from_str(after.as_deref().unwrap()).unwrap();
            (actor.as_str(), after)
        })
        .collect();
    assert_eq!(said.len(), 3, "{said:?}");
    assert!(said.iter().all(|(actor, _)| *actor == "cli"), "{said:?}");
    assert_eq!(said[0].1["role"], "organiser");
    assert_eq!(said[1].1["disabled"], true);
    assert_eq!(said[2].1["disabled"], false);
}

/// The tables of championship `id` in round `round`: (table, status, proposed
/// score, PINs of pair a and pair b).
async fn round_tables(
    app: &TestApp,
    id: i32,
    round: i32,
) -> Vec<(i32, String, Option<(i32, i32)>, String, String)> {
    use baza::db::schema::championship_tables as t;
    app.with_conn(move |c| {
        t::table
            .filter(t::championship_id.eq(id))
            .filter(t::round_no.eq(round))
            .filter(t::phase.eq(0))
            .order(t::table_no)
            .select((
                t::table_no,
                t::status,
                t::proposed_a,
                t::proposed_b,
                t::pin,
                t::pin_b,
            ))
            .load::<(i32, String, Option<i32>, Option<i32>, String, String)>(c)
            .unwrap()
            .into_iter()
            .map(|(n, s, a, b, pa, pb)| (n, s, a.zip(b), pa, pb))
            .collect()
    })
    .await
}

#[tokio::test]
async fn a_result_waiting_for_its_firma_on_a_clubs_laptop_still_waits_for_it_once_imported_and_the_firma_confirms_it()
 {
    let app = TestApp::with_demo().await;
    // The demo's comarcal championship: round 3 has a result proposed, unsigned.
    let comarcal = 3;
    let source = round_tables(&app, comarcal, 3).await;
    let (table, _, score, _, _) = source
        .iter()
        .find(|t| t.1 == "proposed")
        .cloned()
        .expect("a proposed table in the demo");
    let cli = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
            .args(args)
            .args(["--db", &app.db.url])
            .env_remove("BAZA_DATABASE_URL")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let out = cli(&["tournament", "export", &comarcal.to_string()]);
    assert!(out.status.success(), "{out:?}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("comarcal.json");
    std::fs::write(&file, &out.stdout).unwrap();
    let out = cli(&[
        "tournament",
        "import",
        file.to_str().unwrap(),
        "--club",
        "1",
    ]);
    assert!(out.status.success(), "{out:?}");
    let imported: i32 = String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();

    let tables = round_tables(&app, imported, 3).await;
    let (_, status, proposed, pin_a, pin_b) =
        tables.iter().find(|t| t.0 == table).cloned().unwrap();
    assert_eq!((status.as_str(), proposed), ("proposed", score));
    // The tables that were playing play on.
    for (t, status, ..) in &tables {
        if *t != table {
            assert_eq!(status, "playing", "table {t}");
        }
    }

    // The firma, typed on a phone that opened the table with the other PIN.
    let path = format!("/campeonatos/{imported}/rondas/3/mesas/{table}");
    let phone = new_client();
    let res = post_form_as(&app, &phone, &format!("{path}/pin"), &[("pin", &pin_a)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = phone.get(app.url(&path)).send().await.unwrap();
    let html = scraper::Html::parse_document(&page.text().await.unwrap());
    let version = crate::helpers::attr(&html, "input[name=version]", "value").unwrap();
    let res = post_form_as(
        &app,
        &phone,
        &format!("{path}/firma"),
        &[("version", &version), ("pin", &pin_b)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let after = round_tables(&app, imported, 3).await;
    let signed = after.iter().find(|t| t.0 == table).unwrap();
    assert_eq!(signed.1, "final");
}

#[tokio::test]
async fn a_championship_imported_on_the_web_says_how_many_entrants_came_with_it() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("directora", "organiser", Some(1)).await;
    app.login(&app.client, "directora", &pw).await;
    let res = app.get("/campeonatos/3/exportar").await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.unwrap();
    let file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let n = file["entrants"].as_array().unwrap().len();
    let res = crate::file_reads_back::upload(&app, 1, &text).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    for (lang, said) in [
        ("es", format!("Campeonato importado con {n} inscritos.")),
        ("en", format!("Championship imported with {n} entrants.")),
    ] {
        let page = app
            .get_with_lang(&location, lang)
            .await
            .text()
            .await
            .unwrap();
        assert!(page.contains(&said), "{lang}: {page}");
    }
}

#[tokio::test]
async fn a_form_sent_without_one_of_its_fields_is_refused_in_words_that_name_no_field() {
    let app = TestApp::spawn().await;
    let res = post_form_as(&app, &app.client, "/entrar", &[("username", "ana")]).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let page = res.text().await.unwrap();
    assert!(page.contains("La petición no es válida."), "{page}");
    for raw in ["missing field", "password", "Parse error"] {
        assert!(!page.contains(raw), "{raw} shown: {page}");
    }
    // The API's callers still read what was wrong.
    let res = app
        .client
        .post(app.url("/api/v1/check"))
        .header("content-type", "application/json")
        .body("{\"nonsense\": true}")
        .send()
        .await
        .unwrap();
    assert!(res.status().is_client_error());
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(body["detail"].is_string(), "{body}");
}

#[tokio::test]
async fn a_hand_sent_with_a_version_that_is_no_number_is_refused_in_words_that_name_no_field() {
    let t = crate::club::start("cuatrola", 4, &[]).await;
    let res = t
        .hand_at(&[("trump", "o"), ("bid", "pass")], "abc", "s-version")
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let page = res.text().await.unwrap();
    assert!(page.contains("La petición no es válida."), "{page}");
    let shown = scraper::Html::parse_document(&page);
    let main = crate::helpers::texts(&shown, "main").join(" ");
    assert!(!main.contains("version"), "the field's name shown: {main}");
}
