//! The register of people as clubs and administrators keep it: adding a player who
//! already plays for another club, a person's data, the end of a membership on a
//! given day, the administrators' list, a federation's licence list (page, command,
//! CSV and XLSX), and what visitors never read (licences, years of birth, the
//! surname of someone shown by name and initial).

use std::collections::{BTreeSet, HashSet, VecDeque};
use std::time::Instant;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb, new_client, post_form_as, texts};
use baza::db::register;

/// A club made straight in the database.
async fn club(app: &TestApp, name: &'static str) -> i32 {
    app.with_conn(move |conn| {
        baza::db::queries::insert_club(
            conn,
            &baza::db::queries::NewClub {
                name,
                town: "",
                created_at: baza::web::account::now(),
            },
        )
        .unwrap()
    })
    .await
}

/// Makes a new person named `name` a member of `club`; returns (player, person).
async fn member(app: &TestApp, club: i32, name: &str) -> (i32, i32) {
    let name = name.to_owned();
    app.with_conn(move |conn| {
        let player =
            register::add_member(conn, club, &name, None, baza::web::account::now()).unwrap();
        let p = baza::db::people::find_player(conn, club, player)
            .unwrap()
            .unwrap();
        (player, p.person_id)
    })
    .await
}

async fn person(app: &TestApp, id: i32) -> register::Person {
    app.with_conn(move |conn| register::find(conn, id).unwrap().unwrap())
        .await
}

async fn people(app: &TestApp) -> Vec<register::Person> {
    app.with_conn(|conn| register::everyone(conn).unwrap())
        .await
}

async fn memberships(app: &TestApp, id: i32) -> Vec<register::Membership> {
    app.with_conn(move |conn| register::memberships(conn, id).unwrap())
        .await
}

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

async fn body(res: reqwest::Response) -> String {
    res.text().await.unwrap()
}

/// An administrator "admin" signed in on `app.client`.
async fn as_admin(app: &TestApp) {
    let pw = app.add_user("admin", "admin", None).await;
    app.login(&app.client, "admin", &pw).await;
}

/// Posts a licence list's file to the import page as `client`.
pub(crate) async fn upload(
    app: &TestApp,
    client: &reqwest::Client,
    file: &str,
    bytes: &[u8],
) -> reqwest::Response {
    let csrf = app.csrf_for(client).await;
    let boundary = "BazaRegisterBoundary7e1";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file}\"\r\n\
         Content-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    client
        .post(app.url("/admin/personas/importar"))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(body)
        .send()
        .await
        .unwrap()
}

/// A licence list as a Spanish Excel saves it: `;` separated, a header line.
fn csv(lines: &[[&str; 4]]) -> Vec<u8> {
    let mut text = "licencia;nombre;club;año de nacimiento\n".to_owned();
    for l in lines {
        text.push_str(&l.join(";"));
        text.push('\n');
    }
    text.into_bytes()
}

const GIVEN: [&str; 20] = [
    "Ana", "Berta", "Carmen", "Dolores", "Elena", "Fátima", "Gloria", "Helena", "Inés", "Julia",
    "Luis", "Manuel", "Nicolás", "Óscar", "Pablo", "Ramón", "Sergio", "Tomás", "Vicente", "Xavier",
];
const SURNAMES: [&str; 25] = [
    "García",
    "Martínez",
    "López",
    "Sánchez",
    "Pérez",
    "Gómez",
    "Martín",
    "Jiménez",
    "Ruiz",
    "Hernández",
    "Díaz",
    "Moreno",
    "Muñoz",
    "Álvarez",
    "Romero",
    "Alonso",
    "Gutiérrez",
    "Navarro",
    "Torres",
    "Domínguez",
    "Vázquez",
    "Ramos",
    "Gil",
    "Ramírez",
    "Serrano",
];

/// A federation's list of `n` people (at most 500), ten clubs, years of birth.
fn licence_list(n: usize) -> Vec<u8> {
    let mut text = "Licencia;Nombre;Club;Año de nacimiento\r\n".to_owned();
    for i in 0..n {
        let name = format!("{} {}", GIVEN[i % 20], SURNAMES[i / 20]);
        text.push_str(&format!(
            "CV-{:05};{name};Peña {};{}\r\n",
            i + 1,
            i % 10 + 1,
            1940 + i % 60
        ));
    }
    text.into_bytes()
}

/// `baza people import FILE --db URL --json`: (exit code, the report).
fn cli_import(url: &str, file: &std::path::Path) -> (i32, Value) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args([
            "people",
            "import",
            file.to_str().unwrap(),
            "--json",
            "--db",
            url,
        ])
        .output()
        .unwrap();
    let report = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {} {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap_or(-1), report)
}

fn count(report: &Value, kind: &str) -> usize {
    report[kind].as_array().map_or(0, Vec::len)
}

#[tokio::test]
async fn adding_a_player_who_plays_for_another_club_offers_her_and_one_person_gets_both_memberships()
 {
    let app = TestApp::spawn().await;
    let here = app.club_with_organiser("Peña El Tres", "Tarancón").await;
    let there = club(&app, "Club Parchís").await;
    let (_, ana) = member(&app, there, "Ana Martínez Ruiz").await;

    // Typed plainly: the page asks whether she is Ana of Club Parchís; nothing made yet.
    let res = post(
        &app,
        &format!("/clubes/{here}/jugadores"),
        &[("name", "ana martinez ruiz")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = scraper::Html::parse_document(&body(res).await);
    assert_eq!(texts(&page, "h2"), ["¿Es una de estas personas?"]);
    let candidates = texts(&page, "li.candidate");
    assert_eq!(candidates.len(), 1);
    assert!(candidates[0].contains("Ana Martínez Ruiz") && candidates[0].contains("Club Parchís"));
    let button = scraper::Selector::parse("li.candidate button[name=person]").unwrap();
    let value = page
        .select(&button)
        .next()
        .and_then(|b| b.value().attr("value"))
        .unwrap();
    assert_eq!(value, ana.to_string());
    assert_eq!(people(&app).await.len(), 1);

    // She is: one person, two memberships, both clubs on her page.
    let res = post(
        &app,
        &format!("/clubes/{here}/jugadores"),
        &[("name", "Ana Martínez"), ("person", value)],
    )
    .await;
    crate::helpers::assert_redirect_to(&res, &format!("/clubes/{here}"));
    let everyone = people(&app).await;
    assert_eq!(everyone.len(), 1);
    let clubs: Vec<i32> = memberships(&app, ana)
        .await
        .iter()
        .map(|m| m.club_id)
        .collect();
    assert_eq!(clubs, [there, here]);
    let page = app.page(&format!("/jugadores/{ana}"), StatusCode::OK).await;
    assert_eq!(
        texts(&page, ".club-spans a"),
        ["Club Parchís", "Peña El Tres"]
    );
    let club_page = body(app.get(&format!("/clubes/{here}")).await).await;
    assert!(club_page.contains(&format!("href=\"/jugadores/{ana}\"")));
    assert!(
        app.with_conn(move |conn| baza::db::accounts::club_audit(conn, here).unwrap())
            .await
            .iter()
            .any(|a| a.entity == "player"
                && a.action == "create"
                && a.after_json
                    .as_deref()
                    .unwrap()
                    .contains(&format!("\"person\":{ana}")))
    );

    // Once more in the same club: she plays for it already.
    let res = post(
        &app,
        &format!("/clubes/{here}/jugadores"),
        &[("name", "Ana M. R."), ("person", value)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(
        body(res)
            .await
            .contains("Esta persona ya juega en este club")
    );

    // A name the club has, for a new person or with no choice: refused, nobody made.
    for choice in ["new", ""] {
        let res = post(
            &app,
            &format!("/clubes/{here}/jugadores"),
            &[("name", "Ana Martínez"), ("person", choice)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::CONFLICT);
        assert!(body(res).await.contains("Ya hay un jugador con ese nombre"));
    }
    assert_eq!(people(&app).await.len(), 1);

    // "Es otra persona": a second person of the same name.
    let res = post(
        &app,
        &format!("/clubes/{here}/jugadores"),
        &[("name", "Ana Martínez Ruiz"), ("person", "new")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(people(&app).await.len(), 2);
}

#[tokio::test]
async fn a_known_licence_is_its_holder_and_bad_fields_show_the_form_again_with_what_was_typed() {
    let app = TestApp::spawn().await;
    let here = app.club_with_organiser("Peña El Tres", "Tarancón").await;
    let pw = app.add_user("admin", "admin", None).await;
    let admin = new_client();
    app.login(&admin, "admin", &pw).await;
    let there = club(&app, "Club Parchís").await;
    let add = format!("/clubes/{here}/jugadores");

    let res = post(
        &app,
        &add,
        &[
            ("name", "Luis Gómez"),
            ("licence", "ab 12"),
            ("birth_year", "1961"),
            ("joined_on", "2025-09-01"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let luis = people(&app).await.pop().unwrap();
    assert_eq!(luis.licence.as_deref(), Some("AB12"));
    assert_eq!(luis.birth_year, Some(1961));
    assert_eq!(
        memberships(&app, luis.id).await[0].joined_on,
        chrono::NaiveDate::from_ymd_opt(2025, 9, 1)
    );
    // The licence alone finds him, whatever the name typed (the admin adds him to
    // the other club).
    let res = post_form_as(
        &app,
        &admin,
        &format!("/clubes/{there}/jugadores"),
        &[("name", "Gómez, Luis"), ("licence", "AB12")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(people(&app).await.len(), 1);
    let m = memberships(&app, luis.id).await;
    assert_eq!(m.len(), 2);
    assert_eq!(m[1].name, "Gómez, Luis");

    // A taken licence for a new person, a year of birth that is none, a day to come:
    // the form again with what was typed.
    for (fields, status, message) in [
        (
            vec![
                ("name", "Marta Soler"),
                ("licence", "AB12"),
                ("person", "new"),
            ],
            StatusCode::CONFLICT,
            "Esa licencia ya es de otra persona",
        ),
        (
            vec![("name", "Marta Soler"), ("birth_year", "12")],
            StatusCode::UNPROCESSABLE_ENTITY,
            "El año de nacimiento debe ser un año entre 1900",
        ),
        (
            vec![("name", "Marta Soler"), ("joined_on", "2999-01-01")],
            StatusCode::UNPROCESSABLE_ENTITY,
            "no puede ser posterior a hoy",
        ),
        (
            vec![("name", "   ")],
            StatusCode::UNPROCESSABLE_ENTITY,
            "Escribe el nombre",
        ),
        (
            vec![("name", "Marta Soler"), ("person", "999")],
            StatusCode::UNPROCESSABLE_ENTITY,
            "No existe esa persona",
        ),
    ] {
        let res = post(&app, &add, &fields).await;
        assert_eq!(res.status(), status, "{fields:?}");
        let page = body(res).await;
        assert!(page.contains(message), "{message}: {page}");
        assert!(page.contains("<form method=\"post\" action=\"/clubes/"));
        if fields[0].1 != "   " {
            assert!(page.contains("value=\"Marta Soler\""), "typed name kept");
        }
    }
    assert_eq!(people(&app).await.len(), 1);
}

#[tokio::test]
async fn a_persons_data_are_edited_by_her_clubs_organisers_and_a_taken_licence_shows_the_form_again()
 {
    let app = TestApp::spawn().await;
    let here = app.club_with_organiser("Peña El Tres", "Tarancón").await;
    let there = club(&app, "Club Parchís").await;
    let (_, ana) = member(&app, here, "Ana Martínez").await;
    let (_, eva) = member(&app, there, "Eva Sanz").await;
    let edit = format!("/personas/{ana}/editar");
    let form = body(app.get(&edit).await).await;
    assert!(form.contains("value=\"Ana Martínez\"") && form.contains("name=\"initials_only\""));

    let res = post(
        &app,
        &edit,
        &[
            ("name", "Ana Martínez Ruiz"),
            ("licence", "zz 1"),
            ("birth_year", "1990"),
            ("initials_only", "1"),
        ],
    )
    .await;
    crate::helpers::assert_redirect_to(&res, &format!("/jugadores/{ana}"));
    let p = person(&app, ana).await;
    assert_eq!(
        (
            p.name.as_str(),
            p.licence.as_deref(),
            p.birth_year,
            p.initials_only
        ),
        ("Ana Martínez Ruiz", Some("ZZ1"), Some(1990), 1)
    );
    // Her page: "Ana M." for everyone; her licence for her club's organiser.
    let own = body(app.get(&format!("/jugadores/{ana}")).await).await;
    assert!(own.contains("ZZ1") && own.contains("1990"));
    let visitor = new_client();
    let public = app.text_as(&visitor, &format!("/jugadores/{ana}")).await;
    assert!(public.contains("Ana M.") && !public.contains("Martínez"));
    assert!(!public.contains("ZZ1") && !public.contains("1990"));
    let audit = app
        .with_conn(|conn| {
            use baza::db::schema::audit_log;
            use diesel::prelude::*;
            audit_log::table
                .filter(audit_log::entity.eq("person"))
                .select(audit_log::after_json)
                .load::<Option<String>>(conn)
                .unwrap()
        })
        .await;
    assert_eq!(audit.len(), 1);
    assert!(audit[0].as_deref().unwrap().contains("ZZ1"));

    // Eva's licence is hers: the form again, as typed, and nothing changes.
    app.with_conn(move |conn| {
        let mut f = register::PersonFields::of(&register::find(conn, eva).unwrap().unwrap());
        f.licence = Some("YY2".into());
        register::update_person(conn, eva, &f).unwrap();
    })
    .await;
    let res = post(
        &app,
        &edit,
        &[("name", "Ana Martínez Ruiz"), ("licence", "yy2")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let page = body(res).await;
    assert!(page.contains("Esa licencia ya es de otra persona"));
    assert!(page.contains("value=\"yy2\""));
    let res = post(&app, &edit, &[("name", "Ana"), ("birth_year", "3000")]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body(res).await.contains("value=\"3000\""));
    assert_eq!(person(&app, ana).await.licence.as_deref(), Some("ZZ1"));

    // Not her club's organiser: refused; a visitor is sent to sign in.
    let res = app.get(&format!("/personas/{eva}/editar")).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = visitor.get(app.url(&edit)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // An administrator may.
    let pw = app.add_user("admin", "admin", None).await;
    let admin = new_client();
    app.login(&admin, "admin", &pw).await;
    let res = admin
        .get(app.url(&format!("/personas/{eva}/editar")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_membership_ends_on_the_day_given_and_a_wrong_day_shows_the_form_again() {
    let app = TestApp::spawn().await;
    let here = app.club_with_organiser("Peña El Tres", "Tarancón").await;
    let res = post(
        &app,
        &format!("/clubes/{here}/jugadores"),
        &[("name", "Berta Gil"), ("joined_on", "2025-03-01")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let berta = people(&app).await.pop().unwrap().id;
    let player = memberships(&app, berta).await[0].player_id;
    let leave = format!("/clubes/{here}/jugadores/{player}/baja");
    for (day, message) in [
        ("2025-02-28", "La baja no puede ser anterior al alta"),
        ("2999-01-01", "no puede ser posterior a hoy"),
        ("30/09/2025", "Escribe la fecha como AAAA-MM-DD"),
    ] {
        let res = post(&app, &leave, &[("left_on", day)]).await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{day}");
        let page = body(res).await;
        assert!(page.contains(message), "{page}");
        assert!(page.contains(&format!("value=\"{day}\"")));
    }
    assert!(memberships(&app, berta).await[0].current());
    let res = post(&app, &leave, &[("left_on", "2025-09-30")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let m = &memberships(&app, berta).await[0];
    assert_eq!(m.left_on, chrono::NaiveDate::from_ymd_opt(2025, 9, 30));
    // Visitors read her among the former players, with her days.
    let visitor = new_client();
    let page = app.text_as(&visitor, &format!("/clubes/{here}")).await;
    let page = scraper::Html::parse_document(&page);
    assert!(texts(&page, "ul.columns li").is_empty());
    assert_eq!(
        texts(&page, "ul.former-members li"),
        ["Berta Gil desde el 01/03/2025 · hasta el 30/09/2025"]
    );
    // Without a day, the baja is today's (and `alta` brings her back).
    let res = post(
        &app,
        &format!("/clubes/{here}/jugadores/{player}/alta"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(memberships(&app, berta).await[0].current());
    let res = post(&app, &leave, &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        memberships(&app, berta).await[0].left_on,
        Some(baza::web::account::now().date())
    );
}

#[tokio::test]
async fn the_register_lists_everyone_for_administrators_only_and_finds_by_name_or_licence() {
    let app = TestApp::spawn().await;
    let here = club(&app, "Peña El Tres").await;
    let there = club(&app, "Club Parchís").await;
    let (_, ana) = member(&app, here, "Ana Martínez").await;
    member(&app, there, "Luis Gómez").await;
    app.with_conn(move |conn| {
        let mut f = register::PersonFields::of(&register::find(conn, ana).unwrap().unwrap());
        f.licence = Some("CV777".into());
        f.birth_year = Some(1970);
        register::update_person(conn, ana, &f).unwrap();
    })
    .await;
    let visitor = new_client();
    let res = visitor
        .get(app.url("/admin/personas"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let pw = app.add_user("orga", "organiser", Some(here)).await;
    let orga = new_client();
    app.login(&orga, "orga", &pw).await;
    let res = orga.get(app.url("/admin/personas")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);

    as_admin(&app).await;
    let page = app.page("/admin/personas", StatusCode::OK).await;
    let rows = texts(&page, "table.register tbody tr");
    assert_eq!(rows.len(), 2);
    assert!(rows[0].contains("Ana Martínez") && rows[0].contains("CV777"));
    assert!(rows[0].contains("1970") && rows[0].contains("Peña El Tres"));
    assert!(rows[1].contains("Luis Gómez") && rows[1].contains("Club Parchís"));
    for q in ["cv7", "martinez"] {
        let page = app
            .page(&format!("/admin/personas?q={q}"), StatusCode::OK)
            .await;
        let rows = texts(&page, "table.register tbody tr");
        assert_eq!(rows.len(), 1, "{q}");
        assert!(rows[0].contains("Ana Martínez"));
    }
}

#[tokio::test]
async fn importing_a_licence_list_of_500_people_twice_on_the_page_leaves_500_and_changes_nothing_the_second_time()
 {
    let app = TestApp::spawn().await;
    as_admin(&app).await;
    let list = licence_list(500);
    let started = Instant::now();
    let res = upload(&app, &app.client, "federacion.csv", &list).await;
    let first = started.elapsed();
    assert_eq!(res.status(), StatusCode::OK);
    let page = body(res).await;
    assert!(
        page.contains("Nuevas: 500 · cambiadas: 0 · enlazadas: 0 · sin cambios: 0"),
        "{page}"
    );
    assert!(page.contains("Clubes creados: Peña 1, Peña 10, Peña 2"));
    assert_eq!(people(&app).await.len(), 500);
    let started = Instant::now();
    let res = upload(&app, &app.client, "federacion.csv", &list).await;
    let second = started.elapsed();
    assert_eq!(res.status(), StatusCode::OK);
    let page = body(res).await;
    assert!(
        page.contains("Nuevas: 0 · cambiadas: 0 · enlazadas: 0 · sin cambios: 500"),
        "{page}"
    );
    let everyone = people(&app).await;
    assert_eq!(everyone.len(), 500);
    let clubs = app
        .with_conn(|conn| baza::db::queries::list_clubs(conn).unwrap().len())
        .await;
    assert_eq!(clubs, 10);
    let ana = everyone
        .iter()
        .find(|p| p.licence.as_deref() == Some("CV-00001"))
        .unwrap();
    assert_eq!(
        (ana.name.as_str(), ana.birth_year),
        ("Ana García", Some(1940))
    );
    let m = memberships(&app, ana.id).await;
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].club, "Peña 1");
    eprintln!("licence list of 500 on the page: first import {first:?}, second {second:?}");
}

#[tokio::test]
async fn importing_the_same_500_licences_twice_with_the_command_changes_nothing_the_second_time() {
    let db = TestDb::new();
    let pool = db.pool();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("licencias.csv");
    std::fs::write(&file, licence_list(500)).unwrap();
    let started = Instant::now();
    let (code, report) = cli_import(&db.url, &file);
    let first = started.elapsed();
    assert_eq!(code, 0, "{report}");
    assert_eq!(count(&report, "new"), 500);
    assert_eq!(report["written"], json!(true));
    let started = Instant::now();
    let (code, report) = cli_import(&db.url, &file);
    let second = started.elapsed();
    assert_eq!(code, 0);
    assert_eq!(
        ["new", "changed", "linked", "unchanged", "conflicts"].map(|k| count(&report, k)),
        [0, 0, 0, 500, 0]
    );
    let mut conn = pool.get().unwrap();
    assert_eq!(register::everyone(&mut conn).unwrap().len(), 500);
    eprintln!("licence list of 500 by the command: first import {first:?}, second {second:?}");

    // Text output, in both languages.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .args(["people", "import", file.to_str().unwrap(), "--db", &db.url])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("sin cambios: 500") && text.contains("unchanged: 500"),
        "{text}"
    );
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .args(["people", "import", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains("lista de licencias") && help.contains("licence list"));
}

#[tokio::test]
async fn a_list_with_one_licence_under_two_names_reports_the_conflict_and_nothing_changes() {
    let app = TestApp::spawn().await;
    as_admin(&app).await;
    let first = csv(&[
        ["A1", "Ana Ruiz", "Peña Vella", "1980"],
        ["A2", "Luis Gil", "Peña Vella", ""],
    ]);
    assert_eq!(
        upload(&app, &app.client, "a.csv", &first).await.status(),
        StatusCode::OK
    );
    let home = club(&app, "Casal").await;
    member(&app, home, "Carmen Vidal").await;
    let before = people(&app).await;
    let clubs_before = app
        .with_conn(|conn| baza::db::queries::list_clubs(conn).unwrap().len())
        .await;
    let list = csv(&[
        ["B1", "Marta Soler", "Peña Nova", ""],
        ["B2", "Juan Roca", "Peña Nova", ""],
        ["B2", "Pedro Roca", "Peña Nova", ""],
        ["A1", "Ana Ruiz", "Club Nou", "1981"],
        ["A2", "Luisa Gil", "Peña Vella", ""],
        ["C1", "Carmen Vidal", "Casal", ""],
        ["C2", "Vidal, Carmen", "Casal", ""],
        ["", "Sin Licencia", "Casal", ""],
    ]);
    let res = upload(&app, &app.client, "b.csv", &list).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = scraper::Html::parse_document(&body(res).await);
    assert_eq!(
        texts(&page, "ul.conflicts li"),
        [
            "Línea 3, 4: la licencia B2 aparece con dos nombres (Juan Roca / Pedro Roca).",
            "Línea 6: la licencia A2 es de Luis Gil y la lista dice Luisa Gil.",
            "Línea 7, 8: Carmen Vidal tendría dos licencias (C1, C2).",
            "Línea 9: falta la licencia.",
        ]
    );
    assert!(
        texts(&page, ".alert")
            .join(" ")
            .contains("No se ha escrito nada")
    );
    assert_eq!(people(&app).await, before);
    let clubs_after = app
        .with_conn(|conn| baza::db::queries::list_clubs(conn).unwrap().len())
        .await;
    assert_eq!(clubs_after, clubs_before);

    // The command refuses it the same way, exit code 1.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.csv");
    std::fs::write(&file, &list).unwrap();
    let (code, report) = cli_import(&app.db.url, &file);
    assert_eq!(code, 1);
    assert_eq!(report["written"], json!(false));
    assert_eq!(count(&report, "conflicts"), 4);
    assert_eq!(report["conflicts"][0]["kind"], json!("two_names"));
    assert_eq!(report["conflicts"][0]["lines"], json!([3, 4]));
    assert_eq!(people(&app).await, before);
}

#[tokio::test]
async fn a_club_change_in_the_list_makes_a_new_membership_and_ends_the_old_one() {
    let app = TestApp::spawn().await;
    as_admin(&app).await;
    let first = csv(&[["L1", "Ana Ruiz", "Peña Vella", "1980"]]);
    assert_eq!(
        upload(&app, &app.client, "a.csv", &first).await.status(),
        StatusCode::OK
    );
    let vella = app
        .with_conn(|conn| baza::db::queries::list_clubs(conn).unwrap()[0].id)
        .await;
    // Luis plays at the Peña Vella, without a licence yet.
    let (_, luis) = member(&app, vella, "Luis Pérez").await;
    let second = csv(&[
        ["L1", "Ana Ruiz", "club nou", "1980"],
        ["L2", "Pérez, Luis", "Peña Vella", "1975"],
    ]);
    let res = upload(&app, &app.client, "b.csv", &second).await;
    assert_eq!(res.status(), StatusCode::OK);
    let page = scraper::Html::parse_document(&body(res).await);
    assert!(texts(&page, ".notice")[0].contains("cambiadas: 1 · enlazadas: 1"));
    let lines = texts(&page, "table.report-lines tbody tr");
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].contains("club: Peña Vella → club nou"),
        "{lines:?}"
    );
    assert!(
        lines[1].contains("licencia: — → L2") && lines[1].contains("año de nacimiento: — → 1975")
    );

    let ana = people(&app)
        .await
        .into_iter()
        .find(|p| p.licence.as_deref() == Some("L1"))
        .unwrap();
    let m = memberships(&app, ana.id).await;
    let today = baza::web::account::now().date();
    assert_eq!(m.len(), 2);
    assert_eq!(
        (m[0].club.as_str(), m[0].left_on),
        ("Peña Vella", Some(today))
    );
    assert_eq!((m[1].club.as_str(), m[1].left_on), ("club nou", None));
    let page = app
        .page(&format!("/jugadores/{}", ana.id), StatusCode::OK)
        .await;
    assert_eq!(texts(&page, ".club-spans a"), ["Peña Vella", "club nou"]);
    let luis = person(&app, luis).await;
    assert_eq!(
        (luis.licence.as_deref(), luis.birth_year),
        (Some("L2"), Some(1975))
    );
    assert_eq!(memberships(&app, luis.id).await.len(), 1);
    assert_eq!(people(&app).await.len(), 2);
    // The old club's audit says she left; the new one's that she joined.
    let trail =
        |club: i32| app.with_conn(move |conn| baza::db::accounts::club_audit(conn, club).unwrap());
    assert!(
        trail(vella)
            .await
            .iter()
            .any(|a| a.action == "retire" && a.entity_id == m[0].player_id)
    );
    assert!(
        trail(m[1].club_id)
            .await
            .iter()
            .any(|a| a.action == "create" && a.entity_id == m[1].player_id)
    );

    // The same list again: nothing to do.
    let res = upload(&app, &app.client, "b.csv", &second).await;
    assert!(
        body(res)
            .await
            .contains("Nuevas: 0 · cambiadas: 0 · enlazadas: 0 · sin cambios: 2")
    );
    // An import is one audit row, in words.
    let rows = app
        .with_conn(|conn| {
            use baza::db::schema::audit_log;
            use diesel::prelude::*;
            audit_log::table
                .filter(audit_log::entity.eq("person"))
                .filter(audit_log::action.eq("import"))
                .count()
                .get_result::<i64>(conn)
                .unwrap()
        })
        .await;
    assert_eq!(rows, 2);
}

#[tokio::test]
async fn a_member_the_list_moves_away_and_back_is_audited_as_retired_then_reactivated_under_her_name()
 {
    let app = TestApp::spawn().await;
    as_admin(&app).await;
    for (file, club) in [
        ("a.csv", "Peña Vella"),
        ("b.csv", "club nou"),
        ("c.csv", "Peña Vella"),
    ] {
        let list = csv(&[["L1", "Ana Ruiz", club, "1980"]]);
        let res = upload(&app, &app.client, file, &list).await;
        assert_eq!(res.status(), StatusCode::OK, "{file}");
    }
    let ana = people(&app).await.remove(0);
    let m = memberships(&app, ana.id).await;
    let today = baza::web::account::now().date();
    assert_eq!(
        m.iter()
            .map(|m| (m.club.as_str(), m.left_on))
            .collect::<Vec<_>>(),
        [("Peña Vella", None), ("club nou", Some(today))]
    );
    let rows = app
        .with_conn(|conn| {
            use baza::db::schema::audit_log;
            use diesel::prelude::*;
            audit_log::table
                .filter(audit_log::entity.eq("player"))
                .filter(audit_log::action.ne("create"))
                .order(audit_log::id)
                .select((
                    audit_log::action,
                    audit_log::entity_id,
                    audit_log::club_id,
                    audit_log::championship_id,
                    audit_log::before_json,
                    audit_log::after_json,
                ))
                .load::<(
                    String,
                    i32,
                    Option<i32>,
                    Option<i32>,
                    Option<String>,
                    Option<String>,
                )>(conn)
                .unwrap()
        })
        .await;
    let (playing, gone) = (
        Some(r#"{"active":true,"name":"Ana Ruiz"}"#.to_owned()),
        Some(r#"{"active":false,"name":"Ana Ruiz"}"#.to_owned()),
    );
    let (vella, nou) = (&m[0], &m[1]);
    assert_eq!(
        rows,
        [
            // The second list ends her membership of the Peña Vella...
            (
                "retire".to_owned(),
                vella.player_id,
                Some(vella.club_id),
                None,
                playing.clone(),
                gone.clone()
            ),
            // ...the third her membership of the club nou, and the first runs again.
            (
                "retire".to_owned(),
                nou.player_id,
                Some(nou.club_id),
                None,
                playing.clone(),
                gone.clone()
            ),
            (
                "reactivate".to_owned(),
                vella.player_id,
                Some(vella.club_id),
                None,
                gone,
                playing
            ),
        ]
    );
}

#[tokio::test]
async fn an_xlsx_list_with_catalan_headers_imports_like_a_csv() {
    let app = TestApp::spawn().await;
    as_admin(&app).await;
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, h) in ["Llicència", "Nom", "Club", "Any de naixement"]
        .iter()
        .enumerate()
    {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    let rows = [
        ("CAT-1", "Montserrat Puig", "Penya de Lleida", 1950.0),
        ("CAT-2", "Jordi Vidal", "Penya de Lleida", 1962.0),
        ("CAT-3", "Núria Soler", "Casal de Ponent", 1999.0),
    ];
    for (r, (l, n, c, y)) in rows.iter().enumerate() {
        let r = r as u32 + 1;
        sheet.write_string(r, 0, *l).unwrap();
        sheet.write_string(r, 1, *n).unwrap();
        sheet.write_string(r, 2, *c).unwrap();
        sheet.write_number(r, 3, *y).unwrap();
    }
    let bytes = book.save_to_buffer().unwrap();
    let res = upload(&app, &app.client, "llicencies.xlsx", &bytes).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(body(res).await.contains("Nuevas: 3"));
    let mut got: Vec<(String, String, Option<i32>)> = people(&app)
        .await
        .into_iter()
        .map(|p| (p.licence.unwrap(), p.name, p.birth_year))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            ("CAT-1".into(), "Montserrat Puig".into(), Some(1950)),
            ("CAT-2".into(), "Jordi Vidal".into(), Some(1962)),
            ("CAT-3".into(), "Núria Soler".into(), Some(1999)),
        ]
    );
    // A file that is neither: the form again, 422.
    let res = upload(&app, &app.client, "x.xlsx", b"PK\x03\x04 broken").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body(res).await.contains("no es un CSV ni un Excel"));
    let res = upload(&app, &app.client, "x.csv", b"nombre;club\nAna;Casal\n").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body(res)
            .await
            .contains("La primera fila debe nombrar las columnas")
    );
}

/// Licences and years of birth of the crawl's people: text no public page may hold.
const LICENCES: [&str; 3] = ["ZXQ-0001", "ZXQ-0002", "ZXQ-0003"];
const YEARS: [&str; 3] = ["1903", "1907", "1911"];
/// The surnames of the person shown by name and initial.
const HIDDEN: [&str; 2] = ["Quixotera", "Zubiri"];

/// Whole-word occurrences of `word` in `text`.
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The visible text of a page (without its scripts and styles).
fn visible(html: &str) -> String {
    let doc = scraper::Html::parse_document(html);
    let body = scraper::Selector::parse("body").unwrap();
    doc.select(&body)
        .flat_map(|b| b.text())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Local links of a page.
fn links(html: &str) -> Vec<String> {
    let doc = scraper::Html::parse_document(html);
    let a = scraper::Selector::parse("a[href]").unwrap();
    doc.select(&a)
        .filter_map(|e| e.value().attr("href"))
        .filter(|h| h.starts_with('/') && !h.starts_with("//"))
        .map(|h| h.split('#').next().unwrap_or(h).to_owned())
        .collect()
}

#[tokio::test]
async fn visitors_read_no_licence_no_year_of_birth_and_no_hidden_surname_on_any_public_page() {
    let app = TestApp::spawn().await;
    let here = app.club_with_organiser("Peña del Registro", "Cuenca").await;
    let there = club(&app, "Casal del Nord").await;
    let names = [
        "Wilhelmina Quixotera Zubiri",
        "Pepe Pérez",
        "Rosa Ruiz",
        "Toni Torres",
        "Luis Lorca",
        "Marta Mas",
        "Nuria Nadal",
        "Olga Ortiz",
    ];
    let mut ids = Vec::new();
    for n in names {
        ids.push(member(&app, here, n).await);
    }
    let (wil_player, wil) = ids[0];
    let (pepe_player, pepe) = ids[1];
    let lorca = ids[4].1;
    // Private data for three of them; Wilhelmina also plays for the other club, and
    // asked to be shown by name and initial.
    let private = [(wil, 0usize), (pepe, 1), (lorca, 2)];
    app.with_conn(move |conn| {
        for (id, i) in private {
            let mut f = register::PersonFields::of(&register::find(conn, id).unwrap().unwrap());
            f.licence = Some(LICENCES[i].into());
            f.birth_year = Some(YEARS[i].parse().unwrap());
            f.initials_only = i == 0;
            register::update_person(conn, id, &f).unwrap();
        }
        register::add_member(
            conn,
            there,
            "Quixotera, Wilhelmina",
            Some(wil),
            baza::web::account::now(),
        )
        .unwrap();
    })
    .await;
    // A pair, a club game, a championship with results and a circuit name her.
    let res = post(
        &app,
        &format!("/clubes/{here}/parejas"),
        &[
            ("name", ""),
            ("player1", &wil_player.to_string()),
            ("player2", &pepe_player.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = post(
        &app,
        &format!("/clubes/{here}/partidas/nueva"),
        &[
            ("game", "tute"),
            ("players", "2"),
            ("first_dealer", "0"),
            ("seat_0", names[0]),
            ("seat_1", names[2]),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let codes = app
        .with_conn(move |conn| {
            register::everyone(conn)
                .unwrap()
                .into_iter()
                .map(|p| (p.name, p.code))
                .collect::<std::collections::HashMap<_, _>>()
        })
        .await;
    let pairs = [(0, 1), (2, 3), (4, 5), (6, 7)];
    let surname = |n: &str| n.split_whitespace().nth(1).unwrap().to_owned();
    let entrants: Vec<Value> = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| {
            json!({
                "id": (i + 1).to_string(),
                "name": format!("{} – {}", surname(names[*a]), surname(names[*b])),
                "people": [
                    {"name": names[*a], "key": codes[names[*a]]},
                    {"name": names[*b], "key": codes[names[*b]]},
                ],
            })
        })
        .collect();
    let file = json!({
        "format": "baza-tournament/1",
        "event": {
            "name": "Open del Registro", "game": "botifarra", "options": {"target": 101},
            "system": {"kind": "swiss", "rounds": 2},
            "match_format": {"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55, "cap": 121},
            "points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
            "tiebreaks": ["wins", "point_difference", "points_for", "lot"],
            "seed": 7
        },
        "entrants": entrants,
        "rounds": [
            {"number": 1,
             "pairings": [{"table": 1, "a": "1", "b": "2"}, {"table": 2, "a": "3", "b": "4"}],
             "results": [{"table": 1, "score": [101, 50]}, {"table": 2, "score": [101, 60]}]},
            {"number": 2,
             "pairings": [{"table": 1, "a": "1", "b": "3"}, {"table": 2, "a": "2", "b": "4"}],
             "results": [{"table": 1, "score": [101, 70]}, {"table": 2, "score": [90, 101]}]},
        ],
    });
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args(["tournament", "import", path.to_str().unwrap()])
        .args(["--club", &here.to_string(), "--starts-on", "2026-02-10"])
        .args(["--db", &app.db.url])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let event: i32 = String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let res = post(
        &app,
        &format!("/clubes/{here}/circuitos/nuevo"),
        &[
            ("name", "Circuito del Registro"),
            ("points", "100, 80, 65, 55"),
            ("floor", "10"),
            ("best", "2"),
            ("event", &event.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    // The organiser reads the licences and years on the club page.
    let own = body(app.get(&format!("/clubes/{here}")).await).await;
    for text in LICENCES.iter().take(2).chain(YEARS.iter().take(2)) {
        assert!(own.contains(text), "the organiser reads {text}");
    }
    assert!(own.contains("Wilhelmina Quixotera Zubiri"));

    // A visitor, page by page from the home page and every club, championship and
    // player page.
    let visitor = new_client();
    let mut queue: VecDeque<String> = VecDeque::new();
    queue.push_back("/".into());
    for p in [
        format!("/clubes/{here}"),
        format!("/clubes/{there}"),
        format!("/campeonatos/{event}"),
        format!("/campeonatos/{event}/directo"),
        format!("/campeonatos/{event}/clasificacion.csv"),
        format!("/campeonatos/{event}/rondas/1/mesas/1"),
        "/buscar?q=wilhelmina".to_owned(),
        "/buscar?q=quixotera".to_owned(),
        format!("/jugadores/{wil}"),
        format!("/jugadores/{pepe}?contra={wil}"),
        "/puntuaciones".to_owned(),
    ] {
        queue.push_back(p);
    }
    for (_, person) in &ids {
        queue.push_back(format!("/jugadores/{person}"));
    }
    let mut seen: HashSet<String> = HashSet::new();
    let mut read: BTreeSet<String> = BTreeSet::new();
    while let Some(path) = queue.pop_front() {
        if !seen.insert(path.clone())
            || path.starts_with("/idioma/")
            || path.starts_with("/static/")
            || path.starts_with("/salir")
            || path.contains(".xlsx")
            || seen.len() > 600
        {
            continue;
        }
        let res = visitor.get(app.url(&path)).send().await.unwrap();
        if res.status() != StatusCode::OK {
            continue;
        }
        let page = res.text().await.unwrap();
        for l in LICENCES {
            assert!(!page.contains(l), "{path} shows licence {l}");
        }
        let text = visible(&page);
        for y in YEARS {
            assert!(!has_word(&text, y), "{path} shows the year of birth {y}");
        }
        for s in HIDDEN {
            assert!(!page.contains(s), "{path} shows the surname {s}: {text}");
        }
        read.insert(path.clone());
        if !path.ends_with(".csv") {
            queue.extend(links(&page));
        }
    }
    // The crawl read what names her: her page, the pair's, the game's, the
    // championship's and its table's, the circuit's and the search.
    assert!(
        read.contains(&format!("/campeonatos/{event}/rondas/1/mesas/1")),
        "{read:?}"
    );
    let wil_page = body(
        visitor
            .get(app.url(&format!("/jugadores/{wil}")))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert!(wil_page.contains("Wilhelmina Q."));
    for prefix in [
        "/parejas/",
        "/partidas/",
        "/circuitos/",
        "/campeonatos/",
        "/clubes/",
    ] {
        assert!(
            read.iter().any(|p| p.starts_with(prefix)),
            "no {prefix} page read: {read:?}"
        );
    }
    let standings = visible(
        &body(
            visitor
                .get(app.url(&format!("/campeonatos/{event}")))
                .send()
                .await
                .unwrap(),
        )
        .await,
    );
    assert!(standings.contains("Q. – Pérez"), "{standings}");
    let search = body(
        visitor
            .get(app.url("/buscar?q=wilhelmina"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert!(search.contains("Wilhelmina Q."));
    eprintln!("privacy crawl: {} public pages read", read.len());
}

#[tokio::test]
async fn a_licence_list_saved_with_a_spreadsheets_formula_guard_imports_names_and_clubs_as_they_were()
 {
    let app = TestApp::spawn().await;
    as_admin(&app).await;
    // What a spreadsheet saves of cells that start like a formula: an apostrophe
    // before them. A name with an apostrophe of its own keeps it.
    let list = csv(&[
        ["L1", "O'Donnell Ana", "'=Club", "1980"],
        ["L2", "'-Peña Luis", "'+34 Peña", "1981"],
        ["L3", "'ok Eva", "'@casa", "1982"],
        ["L4", "Marta Soler", "'-Peña", "1983"],
    ]);
    let res = upload(&app, &app.client, "licencias.csv", &list).await;
    assert_eq!(res.status(), StatusCode::OK, "{}", body(res).await);
    let mut names: Vec<String> = people(&app).await.into_iter().map(|p| p.name).collect();
    names.sort();
    assert_eq!(
        names,
        ["'ok Eva", "-Peña Luis", "Marta Soler", "O'Donnell Ana"]
    );
    let mut clubs: Vec<String> = app
        .with_conn(|conn| baza::db::queries::list_clubs(conn).unwrap())
        .await
        .into_iter()
        .map(|c| c.name)
        .collect();
    clubs.sort();
    assert_eq!(clubs, ["+34 Peña", "-Peña", "=Club", "@casa"]);
}
