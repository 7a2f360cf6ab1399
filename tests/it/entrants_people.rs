//! A championship's entrants as people of the register: a pair picked from two
//! people of two clubs, a typed name linked afterwards with one confirmation, the
//! people search the picker asks, an entrant import that links known licences and
//! only suggests names, and the championship's file carrying its people from one
//! Baza to an empty one (the same people, standings and ratings), with licences
//! only for the club's organisers.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, new_client, post_form_as, texts};
use baza::db::championship::store;
use baza::db::register;

const CLUB_A: &str = "Peña El Tres";
const CLUB_B: &str = "Club Parchís";
const DAY: &str = "2026-11-28";

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// Club A with its organiser signed in on `app.client`, and club B; their ids.
async fn two_clubs(app: &TestApp) -> (i32, i32) {
    let a = app.club_with_organiser(CLUB_A, "Tarancón").await;
    let b = app.add_club(CLUB_B, "Uclés").await;
    (a, b)
}

/// A person of the register, a member of `club`; her id and code.
async fn person(app: &TestApp, club: i32, name: &str, licence: Option<&str>) -> (i32, String) {
    let (name, licence) = (name.to_owned(), licence.map(str::to_owned));
    app.with_conn(move |conn| {
        let now = baza::web::account::now();
        let id = register::create(conn, &name, licence.as_deref(), None, now).unwrap();
        register::add_member(conn, club, &name, Some(id), now).unwrap();
        (id, register::find(conn, id).unwrap().unwrap().code)
    })
    .await
}

/// A cuatrola Swiss of club `club` with typed results; its id.
async fn championship(app: &TestApp, club: i32, name: &str, game: &str) -> i32 {
    let res = post(
        app,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &[
            ("name", name),
            ("game", game),
            ("starts_on", DAY),
            ("system", "swiss"),
            ("rounds", "3"),
            ("groups", "1"),
            ("losses", "2"),
            ("match_format", "partida"),
            ("target", ""),
            ("entry", "result"),
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
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "new championship");
    crate::from_scratch::id_of(&res)
}

/// Registers an entrant with these fields; asserts it was registered.
async fn register_entrant(app: &TestApp, id: i32, fields: &[(&str, &str)]) {
    let res = post(app, &format!("/campeonatos/{id}/inscritos"), fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "entrant {fields:?}");
}

async fn file(app: &TestApp, id: i32) -> baza::domain::tournament::TournamentFile {
    app.with_conn(move |conn| store::load(conn, id).unwrap().unwrap().file)
        .await
}

/// Pairs and publishes the next round and types each table's result (pair a wins
/// 21–12, or the scores given by table); returns the round's number.
async fn play_round(app: &TestApp, id: i32, scores: &[(&str, &str)]) -> i32 {
    let res = post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", "")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "pair a round");
    let round = file(app, id).await.rounds.len() as i32;
    let res = post(
        app,
        &format!("/campeonatos/{id}/rondas/{round}/publicar"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "publish round {round}");
    let rows = app
        .with_conn(move |conn| store::round_tables(conn, id, round).unwrap())
        .await;
    for (k, row) in rows.iter().enumerate() {
        let (a, b) = scores.get(k).copied().unwrap_or(("21", "12"));
        let version = row.version.to_string();
        let res = post(
            app,
            &format!("/campeonatos/{id}/rondas/{round}/mesas/{}", row.table_no),
            &[("score_a", a), ("score_b", b), ("version", &version)],
        )
        .await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "result of table {}",
            row.table_no
        );
    }
    let played = file(app, id).await;
    let last = played.rounds.last().unwrap();
    assert!(last.missing_results().is_empty(), "every result is in");
    round
}

/// The cuatrola games the ratings count for each person, by her code.
async fn rated(app: &TestApp) -> BTreeMap<String, (String, u32, String)> {
    app.with_conn(|conn| {
        let r = baza::db::ratings::compute(conn, Default::default()).unwrap();
        r.table(baza::domain::GameKind::Cuatrola)
            .into_iter()
            .map(|(p, rating, games)| {
                let code = register::find(conn, p.id).unwrap().unwrap().code;
                let numbers = format!(
                    "{:.6} {:.6} {:.6}",
                    rating.rating, rating.rd, rating.volatility
                );
                (code, (p.name.clone(), games, numbers))
            })
            .collect()
    })
    .await
}

async fn games_of(app: &TestApp, code: &str) -> u32 {
    rated(app).await.get(code).map_or(0, |r| r.1)
}

async fn page_text(app: &TestApp, client: &reqwest::Client, path: &str) -> String {
    let res = client.get(app.url(path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    res.text().await.unwrap()
}

#[tokio::test]
async fn a_pair_registered_from_two_people_of_two_clubs_keeps_both_keys_and_counts_in_her_ratings()
{
    let app = TestApp::spawn().await;
    let (a, b) = two_clubs(&app).await;
    let (andres, andres_code) = person(&app, a, "Andrés Nieto", Some("CV-100")).await;
    let (rosa, rosa_code) = person(&app, b, "Rosa Ortega", None).await;
    let (luis, _) = person(&app, a, "Luis Pardo", None).await;
    let (marta, _) = person(&app, b, "Marta Soler", None).await;
    let id = championship(&app, a, "Open comarcal", "cuatrola").await;

    // The director's form has two player boxes with the picker's hidden ids.
    let html = scraper::Html::parse_document(
        &page_text(&app, &app.client, &format!("/campeonatos/{id}/direccion")).await,
    );
    for field in ["player1", "player2", "person1", "person2", "club1", "club2"] {
        assert_eq!(
            texts(&html, &format!("form.entrant-form input[name={field}]")).len(),
            1,
            "{field}"
        );
    }

    let (andres_s, rosa_s, luis_s, marta_s) = (
        andres.to_string(),
        rosa.to_string(),
        luis.to_string(),
        marta.to_string(),
    );
    register_entrant(
        &app,
        id,
        &[
            ("name", ""),
            ("player1", "Andrés Nieto"),
            ("person1", &andres_s),
            ("player2", "Rosa Ortega"),
            ("person2", &rosa_s),
        ],
    )
    .await;
    register_entrant(
        &app,
        id,
        &[
            ("player1", "Luis Pardo"),
            ("person1", &luis_s),
            ("player2", "Marta Soler"),
            ("person2", &marta_s),
            ("club2", "Peña invitada"),
        ],
    )
    .await;
    let f = file(&app, id).await;
    let e = &f.entrants[0];
    assert_eq!(e.name, "Nieto – Ortega");
    assert_eq!(e.people.len(), 2);
    assert_eq!(e.people[0].key.as_deref(), Some(andres_code.as_str()));
    assert_eq!(e.people[0].licence.as_deref(), Some("CV-100"));
    assert_eq!(e.people[0].club.as_deref(), Some(CLUB_A));
    assert_eq!(e.people[1].key.as_deref(), Some(rosa_code.as_str()));
    assert_eq!(
        e.people[1].club.as_deref(),
        Some(CLUB_B),
        "her current club"
    );
    assert_eq!(f.entrants[1].name, "Pardo – Soler");
    assert_eq!(
        f.entrants[1].people[1].club.as_deref(),
        Some("Peña invitada"),
        "the club typed for this championship"
    );
    // The audit keeps no licence (the club's referees read it).
    let audit = page_text(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/auditoria.csv"),
    )
    .await;
    assert!(
        audit.contains("Nieto – Ortega") && !audit.contains("CV-100"),
        "{audit}"
    );
    // The same person cannot enter twice.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/inscritos"),
        &[("name", "Otra"), ("player1", "Rosa"), ("person1", &rosa_s)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);

    assert_eq!(games_of(&app, &rosa_code).await, 0);
    play_round(&app, id, &[]).await;
    assert_eq!(games_of(&app, &rosa_code).await, 1, "her ratings count it");
    assert_eq!(games_of(&app, &andres_code).await, 1);
    let page = page_text(&app, &new_client(), &format!("/jugadores/{rosa}")).await;
    assert!(
        page.contains("Open comarcal"),
        "her page shows the championship"
    );
    // Nobody is left to link.
    let html = scraper::Html::parse_document(
        &page_text(&app, &app.client, &format!("/campeonatos/{id}/direccion")).await,
    );
    assert!(texts(&html, "#sin-vincular").is_empty());
    assert_eq!(
        texts(
            &html,
            "table.entrants tr[data-entrant='1'] td.entrant-people"
        ),
        ["Andrés Nieto ✓, Rosa Ortega ✓"]
    );
}

#[tokio::test]
async fn a_typed_name_that_matches_nobody_makes_an_entrant_not_linked() {
    let app = TestApp::spawn().await;
    let (a, _) = two_clubs(&app).await;
    person(&app, a, "Andrés Nieto", None).await;
    let id = championship(&app, a, "Open", "cuatrola").await;
    register_entrant(
        &app,
        id,
        &[("player1", "Zacarías Yuste"), ("player2", "Úrsula Wamba")],
    )
    .await;
    let f = file(&app, id).await;
    let e = &f.entrants[0];
    assert_eq!(e.name, "Yuste – Wamba");
    assert_eq!(
        e.people
            .iter()
            .map(|p| (p.name.as_str(), p.key.is_none()))
            .collect::<Vec<_>>(),
        [("Zacarías Yuste", true), ("Úrsula Wamba", true)]
    );
    let html = scraper::Html::parse_document(
        &page_text(&app, &app.client, &format!("/campeonatos/{id}/direccion")).await,
    );
    let listed = texts(&html, "#sin-vincular .unlinked h4");
    assert_eq!(listed, ["Yuste – Wamba"]);
    assert!(
        texts(&html, "#sin-vincular .link-question").is_empty(),
        "nobody offered"
    );
    assert_eq!(texts(&html, "#sin-vincular button.link-new").len(), 2);
    // "Somebody else": a new person from the typed name, a member of no club.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/inscritos/1/vincular"),
        &[("slot", "1"), ("person", "new")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let f = file(&app, id).await;
    let code = f.entrants[0].people[1].key.clone().expect("linked");
    let (name, clubs) = app
        .with_conn(move |conn| {
            let p = register::by_code(conn, &code).unwrap().unwrap();
            (p.name, register::memberships(conn, p.id).unwrap().len())
        })
        .await;
    assert_eq!((name.as_str(), clubs), ("Úrsula Wamba", 0));
    assert!(
        f.entrants[0].people[0].key.is_none(),
        "the other stays typed"
    );
}

#[tokio::test]
async fn a_typed_name_that_matches_a_person_is_offered_and_one_confirmation_links_her() {
    let app = TestApp::spawn().await;
    let (a, b) = two_clubs(&app).await;
    let (andres, _) = person(&app, a, "Andrés Nieto", None).await;
    let (rosa, _) = person(&app, b, "Rosa Ortega", None).await;
    let (luis, _) = person(&app, a, "Luis Pardo", None).await;
    let (marta, marta_code) = person(&app, b, "Marta Soler", None).await;
    let id = championship(&app, a, "Open de otoño", "cuatrola").await;
    let (andres, rosa, luis) = (andres.to_string(), rosa.to_string(), luis.to_string());
    register_entrant(&app, id, &[("person1", &andres), ("person2", &rosa)]).await;
    // Marta typed by hand, accents and order aside.
    register_entrant(&app, id, &[("person1", &luis), ("player2", "soler, marta")]).await;
    play_round(&app, id, &[("12", "21")]).await;
    assert_eq!(
        games_of(&app, &marta_code).await,
        0,
        "not linked: not counted"
    );

    let html = scraper::Html::parse_document(
        &page_text(&app, &app.client, &format!("/campeonatos/{id}/direccion")).await,
    );
    assert_eq!(
        texts(
            &html,
            "#sin-vincular .unlinked[data-entrant='2'] .link-question"
        ),
        [format!("¿Es Marta Soler ({CLUB_B})?")]
    );
    let before = file(&app, id).await;
    let marta_s = marta.to_string();
    let res = post(
        &app,
        &format!("/campeonatos/{id}/inscritos/2/vincular"),
        &[("slot", "1"), ("person", &marta_s)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let after = file(&app, id).await;
    let e = &after.entrants[1];
    assert_eq!(e.people[1].key.as_deref(), Some(marta_code.as_str()));
    assert_eq!(e.people[1].name, "Marta Soler");
    assert_eq!(e.people[1].club.as_deref(), Some(CLUB_B));
    // Only its people changed: the same id, name and round.
    assert_eq!(
        (e.id.as_str(), e.name.as_str()),
        ("2", before.entrants[1].name.as_str())
    );
    assert_eq!(after.rounds, before.rounds);
    assert_eq!(
        games_of(&app, &marta_code).await,
        1,
        "her ratings count it now"
    );
    let page = page_text(&app, &new_client(), &format!("/jugadores/{marta}")).await;
    assert!(page.contains("Open de otoño"));
    // On the entrant's row, and in the championship's audit.
    let html = scraper::Html::parse_document(
        &page_text(&app, &app.client, &format!("/campeonatos/{id}/direccion")).await,
    );
    assert!(texts(&html, "#sin-vincular").is_empty());
    assert!(
        texts(
            &html,
            "table.entrants tr[data-entrant='2'] td.entrant-people"
        )[0]
        .contains("Marta Soler ✓")
    );
    let audit = page_text(&app, &app.client, &format!("/campeonatos/{id}/auditoria")).await;
    assert!(audit.contains("vinculó a Marta Soler"), "{audit}");
    // Linked twice: refused.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/inscritos/2/vincular"),
        &[("person", &marta_s)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_people_search_finds_by_a_partial_name_without_accents_and_by_licence_for_organisers_only()
 {
    let app = TestApp::spawn().await;
    let (a, b) = two_clubs(&app).await;
    let (andres, code) = person(&app, a, "Andrés Núñez", Some("CV 2031")).await;
    person(&app, b, "Rosa Ortega", None).await;
    let search = |q: &'static str| {
        let app = &app;
        async move {
            let res = app
                .client
                .get(app.url(&format!("/personas/buscar?q={q}")))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::OK);
            res.json::<Vec<Value>>().await.unwrap()
        }
    };
    let found = search("andres%20nun").await;
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["id"], andres);
    assert_eq!(found[0]["code"], code.as_str());
    assert_eq!(found[0]["name"], "Andrés Núñez");
    assert_eq!(found[0]["licence"], "CV2031");
    assert_eq!(found[0]["clubs"], CLUB_A);
    assert_eq!(found[0]["label"], format!("Andrés Núñez ({CLUB_A})"));
    let found = search("cv20").await;
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["id"], andres);
    assert!(search("zz").await.is_empty());
    // A visitor and a referee: forbidden.
    let visitor = new_client();
    let res = visitor
        .get(app.url("/personas/buscar?q=andres"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let pw = app.add_user("arbitro", "referee", Some(a)).await;
    let referee = new_client();
    app.login(&referee, "arbitro", &pw).await;
    let res = referee
        .get(app.url("/personas/buscar?q=andres"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_people_search_lists_the_name_spelt_as_typed_and_the_organisers_own_club_first() {
    let app = TestApp::spawn().await;
    let (a, b) = two_clubs(&app).await;
    let (plain, _) = person(&app, b, "Maria Jose Soler", None).await;
    let (longer, _) = person(&app, b, "María José Soler Vidal", None).await;
    let (other, _) = person(&app, b, "María José Soler", None).await;
    let (ours, _) = person(&app, a, "María José Soler", None).await;
    let res = app
        .client
        .get(app.url("/personas/buscar?q=Mar%C3%ADa%20Jos%C3%A9%20Soler"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let ids: Vec<i64> = res
        .json::<Vec<Value>>()
        .await
        .unwrap()
        .iter()
        .map(|v| v["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [ours, other, plain, longer].map(i64::from));
}

/// Uploads a file (CSV or Excel) to a championship's entrant import, with the CSRF
/// token; the answer.
async fn upload(app: &TestApp, id: i32, name: &str, bytes: &[u8]) -> reqwest::Response {
    let csrf = app.csrf().await;
    let boundary = "----bazaPeopleBoundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    app.client
        .post(app.url(&format!("/campeonatos/{id}/inscritos/importar")))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn an_entrant_import_links_known_licences_and_only_suggests_a_name_it_finds() {
    let app = TestApp::spawn().await;
    let (a, b) = two_clubs(&app).await;
    let (_, andres_code) = person(&app, a, "Andrés Nieto", Some("CV-100")).await;
    person(&app, b, "Rosa Ortega", None).await;
    let id = championship(&app, a, "Open de invierno", "cuatrola").await;
    let csv = "jugador 1,licencia 1,jugador 2,licencia 2\nNieto Andrés,cv-100,Rosa Ortega,\nZoe Yagüe,,Íker Wences,X-9\n";
    let res = upload(&app, id, "inscritos.csv", csv.as_bytes()).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let back = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(back.contains("vinculadas=1&sin_vincular=3"), "{back}");
    let f = file(&app, id).await;
    let e = &f.entrants[0];
    assert_eq!(e.name, "Andrés – Ortega", "made from the typed names");
    assert_eq!(
        e.people[0].key.as_deref(),
        Some(andres_code.as_str()),
        "known licence"
    );
    assert_eq!(e.people[0].name, "Andrés Nieto");
    assert!(e.people[1].key.is_none(), "a name alone links nobody");
    assert_eq!(f.entrants[1].people[1].licence.as_deref(), Some("X-9"));
    // The import page says what it linked and offers who the names may be.
    let html = scraper::Html::parse_document(&page_text(&app, &app.client, &back).await);
    assert_eq!(
        texts(&html, ".import-report"),
        ["1 persona vinculada, 3 sin vincular."]
    );
    assert_eq!(
        texts(
            &html,
            "#sin-vincular .unlinked[data-entrant='1'] .link-question"
        ),
        [format!("¿Es Rosa Ortega ({CLUB_B})?")]
    );
    // The entrants' Excel sheet, read back into another championship: the same links.
    let xlsx = app
        .get(&format!("/campeonatos/{id}/inscritos.xlsx"))
        .await
        .bytes()
        .await
        .unwrap();
    let again = championship(&app, a, "Open de primavera", "cuatrola").await;
    let res = upload(&app, again, "inscritos.xlsx", &xlsx).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let back = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(back.contains("vinculadas=1&sin_vincular=3"), "{back}");
    let f = file(&app, again).await;
    assert_eq!(f.entrants[0].name, "Andrés – Ortega");
    assert_eq!(
        f.entrants[0].people[0].key.as_deref(),
        Some(andres_code.as_str())
    );
    assert_eq!(f.entrants[1].people[1].licence.as_deref(), Some("X-9"));
}

/// The championship's file as `client` exports it.
async fn export(app: &TestApp, client: &reqwest::Client, id: i32) -> reqwest::Response {
    client
        .get(app.url(&format!("/campeonatos/{id}/exportar")))
        .send()
        .await
        .unwrap()
}

fn standings_of(f: &baza::domain::tournament::TournamentFile) -> Vec<(u32, String, u32, i64)> {
    baza::domain::tournament::standings(f)
        .into_iter()
        .map(|r| {
            (
                r.rank,
                r.name.clone(),
                r.points.halves() / 2,
                r.point_difference,
            )
        })
        .collect()
}

#[tokio::test]
async fn a_championship_exported_with_its_people_imports_into_an_empty_baza_with_the_same_people_standings_and_ratings()
 {
    let app = TestApp::spawn().await;
    let (a, b) = two_clubs(&app).await;
    let mut ids = Vec::new();
    for (club, name, licence) in [
        (a, "Andrés Nieto", Some("CV-100")),
        (b, "Rosa Ortega", None),
        (a, "Luis Pardo", Some("CV-200")),
        (b, "Marta Soler", None),
        (a, "Ana Martínez Ruiz", None),
        (b, "Benito Quesada", Some("CV-300")),
    ] {
        ids.push(person(&app, club, name, licence).await);
    }
    // Ana is shown by her initials on public pages.
    let ana = ids[4].0;
    app.with_conn(move |conn| {
        use diesel::prelude::*;
        diesel::update(baza::db::schema::people::table.find(ana))
            .set(baza::db::schema::people::initials_only.eq(1))
            .execute(conn)
            .unwrap()
    })
    .await;
    let id = championship(&app, a, "Campeonato comarcal", "cuatrola").await;
    let s = |k: usize| ids[k].0.to_string();
    for (p1, p2) in [(0, 1), (2, 3), (4, 5)] {
        register_entrant(&app, id, &[("person1", &s(p1)), ("person2", &s(p2))]).await;
    }
    // One pair typed by hand, never linked.
    register_entrant(&app, id, &[("name", "Gil – Hoyos")]).await;
    play_round(&app, id, &[("21", "12"), ("9", "21")]).await;
    play_round(&app, id, &[("21", "18"), ("21", "3")]).await;

    // The organiser's export: every person by her code, with the licences.
    let res = export(&app, &app.client, id).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let people: Vec<&Value> = doc["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| e["people"].as_array().into_iter().flatten())
        .collect();
    assert_eq!(people.len(), 6);
    for (k, (_, code)) in ids.iter().enumerate() {
        assert_eq!(people[k]["key"], code.as_str());
    }
    assert_eq!(people[0]["licence"], "CV-100");
    assert_eq!(people[4]["name"], "Ana Martínez Ruiz");
    assert!(
        doc["entrants"][3].get("people").is_none(),
        "the typed pair has none"
    );

    // A referee of the club exports it too: no licence, Ana by her initials.
    let pw = app.add_user("arbitro", "referee", Some(a)).await;
    let referee = new_client();
    app.login(&referee, "arbitro", &pw).await;
    let res = export(&app, &referee, id).await;
    assert_eq!(res.status(), StatusCode::OK);
    let seen = res.text().await.unwrap();
    assert!(!seen.contains("licence") && !seen.contains("CV-"), "{seen}");
    assert!(
        seen.contains("\"Ana M.\"") && !seen.contains("Martínez"),
        "{seen}"
    );
    // A visitor gets no file at all.
    let res = export(&app, &new_client(), id).await;
    assert_ne!(res.status(), StatusCode::OK);
    assert!(!res.text().await.unwrap().contains("CV-"));

    // Into an empty Baza, with the command line.
    let other = TestApp::spawn().await;
    let club = other.add_club("Casal", "Lleida").await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("comarcal.json");
    std::fs::write(&path, &text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args([
            "tournament",
            "import",
            path.to_str().unwrap(),
            "--db",
            &other.db.url,
        ])
        .args(["--club", &club.to_string(), "--starts-on", DAY])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("0 vinculadas / linked, 6 creadas / created, 0 sin vincular"),
        "{said}"
    );
    let imported: i32 = String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();

    // The same people, by code, with their licences.
    let codes: Vec<String> = ids.iter().map(|(_, c)| c.clone()).collect();
    let found = other
        .with_conn(move |conn| {
            codes
                .iter()
                .map(|c| {
                    let p = register::by_code(conn, c).unwrap().expect("the same code");
                    (p.name, p.licence)
                })
                .collect::<Vec<_>>()
        })
        .await;
    assert_eq!(
        found[0],
        ("Andrés Nieto".to_owned(), Some("CV-100".to_owned()))
    );
    assert_eq!(found[4].0, "Ana Martínez Ruiz");
    // The same standings and the same ratings.
    assert_eq!(
        standings_of(&file(&other, imported).await),
        standings_of(&file(&app, id).await)
    );
    let (here, there) = (rated(&app).await, rated(&other).await);
    for (_, code) in &ids {
        assert_eq!(
            here.get(code).map(|r| (r.1, &r.2)),
            there.get(code).map(|r| (r.1, &r.2)),
            "{code}"
        );
        assert!(
            here[code].1 >= 1,
            "rated games (a game against the typed pair is not)"
        );
    }
    // Imported again: the same people are found, none is created.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args([
            "tournament",
            "import",
            path.to_str().unwrap(),
            "--db",
            &other.db.url,
        ])
        .args(["--club", &club.to_string()])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        said.contains("6 vinculadas / linked, 0 creadas / created"),
        "{said}"
    );
}

#[tokio::test]
async fn an_individual_championship_asks_for_one_player_and_names_the_entrant_after_her() {
    let app = TestApp::spawn().await;
    let (a, _) = two_clubs(&app).await;
    let (andres, code) = person(&app, a, "Andrés Nieto", None).await;
    let id = championship(&app, a, "Cinquillo de Reyes", "cinquillo").await;
    let html = scraper::Html::parse_document(
        &page_text(&app, &app.client, &format!("/campeonatos/{id}/direccion")).await,
    );
    assert_eq!(
        texts(&html, "form.entrant-form input[name=player1]").len(),
        1
    );
    assert!(texts(&html, "form.entrant-form input[name=player2]").is_empty());
    let andres = andres.to_string();
    // A second player sent anyway is not read.
    register_entrant(
        &app,
        id,
        &[("person1", &andres), ("player2", "Rosa Ortega")],
    )
    .await;
    let f = file(&app, id).await;
    assert_eq!(f.entrants[0].name, "Andrés Nieto");
    assert_eq!(f.entrants[0].people.len(), 1);
    assert_eq!(f.entrants[0].people[0].key.as_deref(), Some(code.as_str()));
}

#[tokio::test]
async fn a_new_person_made_for_an_entrant_joins_the_entrants_club_and_the_merge_picker_tells_the_namesakes_apart()
 {
    let app = TestApp::spawn().await;
    let (a, _) = two_clubs(&app).await;
    person(&app, a, "Marta Alonso", Some("CV77")).await;
    let id = championship(&app, a, "Open de invierno", "cuatrola").await;
    // Another Marta Alonso, of club B; and one typed for club A, whose own Marta
    // Alonso holds that name there.
    register_entrant(
        &app,
        id,
        &[
            ("player1", "Marta Alonso"),
            ("club1", CLUB_B),
            ("player2", "Úrsula Wamba"),
            ("club2", CLUB_B),
        ],
    )
    .await;
    register_entrant(
        &app,
        id,
        &[
            ("player1", "Marta Alonso"),
            ("club1", CLUB_A),
            ("player2", "Zacarías Yuste"),
            ("club2", CLUB_A),
        ],
    )
    .await;
    for entrant in ["1", "2"] {
        let res = post(
            &app,
            &format!("/campeonatos/{id}/inscritos/{entrant}/vincular"),
            &[("slot", "0"), ("person", "new")],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "entrant {entrant}");
    }
    let f = file(&app, id).await;
    let codes: Vec<String> = f
        .entrants
        .iter()
        .map(|e| e.people[0].key.clone().expect("linked"))
        .collect();
    let clubs = app
        .with_conn(move |conn| {
            codes
                .iter()
                .map(|code| {
                    let p = register::by_code(conn, code).unwrap().unwrap();
                    register::memberships(conn, p.id)
                        .unwrap()
                        .into_iter()
                        .map(|m| (m.current(), m.club, m.name))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
        .await;
    assert_eq!(
        clubs,
        [
            vec![(true, CLUB_B.to_owned(), "Marta Alonso".to_owned())],
            vec![],
        ],
        "a member of club B; club A's name is taken"
    );

    // The merge picker: three Marta Alonso, each told apart.
    let pw = app.add_user("admin", "admin", None).await;
    let admin = new_client();
    app.login(&admin, "admin", &pw).await;
    let html =
        scraper::Html::parse_document(&page_text(&app, &admin, "/admin/personas/fusionar").await);
    let mut martas: Vec<String> = texts(&html, "select[name=keep] option")
        .into_iter()
        .filter(|t| t.starts_with("Marta Alonso"))
        .collect();
    martas.sort();
    assert_eq!(
        martas,
        [
            format!("Marta Alonso ({CLUB_B})"),
            format!("Marta Alonso ({CLUB_A}) · CV77"),
            "Marta Alonso (sin club)".to_owned(),
        ]
    );
}

/// The names in column `col` of the rows (the header skipped) of a CSV download.
async fn csv_column(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    col: usize,
) -> Vec<String> {
    let text = page_text(app, client, path).await;
    crate::helpers::csv_records(&text)
        .into_iter()
        .skip(1)
        .filter_map(|r| r.get(col).cloned())
        .collect()
}

/// The names in column `col` of the rows (the header skipped) of a workbook download.
async fn xlsx_column(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    col: usize,
) -> Vec<String> {
    let bytes = client
        .get(app.url(path))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let sheets = crate::sheets::worksheets(bytes.to_vec());
    sheets[0].1[1..]
        .iter()
        .map(|r| r[col].to_string())
        .collect()
}

#[tokio::test]
async fn the_standings_and_results_downloads_name_each_entrant_as_the_page_shows_it_to_its_reader()
{
    let app = TestApp::spawn().await;
    let (a, b) = two_clubs(&app).await;
    let mut ids = Vec::new();
    for (club, name) in [
        (a, "Ana Martínez Ruiz"),
        (b, "Benito Quesada"),
        (a, "Andrés Nieto"),
        (b, "Rosa Ortega"),
    ] {
        ids.push(person(&app, club, name, None).await.0.to_string());
    }
    let pairs = championship(&app, a, "Comarcal", "cuatrola").await;
    let singles = championship(&app, a, "Cinquillo de Reyes", "cinquillo").await;
    for (p1, p2) in [(0, 1), (2, 3)] {
        register_entrant(&app, pairs, &[("person1", &ids[p1]), ("person2", &ids[p2])]).await;
    }
    register_entrant(&app, pairs, &[("name", "Gil – Hoyos")]).await;
    for id in &ids {
        register_entrant(&app, singles, &[("person1", id)]).await;
    }
    play_round(&app, pairs, &[]).await;
    play_round(&app, singles, &[]).await;
    // Ana asks to be shown by name and initial once her entrants are named.
    let ana: i32 = ids[0].parse().unwrap();
    app.with_conn(move |conn| {
        use diesel::prelude::*;
        diesel::update(baza::db::schema::people::table.find(ana))
            .set(baza::db::schema::people::initials_only.eq(1))
            .execute(conn)
            .unwrap()
    })
    .await;
    let public = new_client();
    for (id, hers, public_hers) in [
        (pairs, "Martínez Ruiz – Quesada", "M. R. – Quesada"),
        (singles, "Ana Martínez Ruiz", "Ana M."),
    ] {
        for (client, shown) in [(&public, public_hers), (&app.client, hers)] {
            let html = scraper::Html::parse_document(
                &page_text(&app, client, &format!("/campeonatos/{id}")).await,
            );
            let standings = texts(&html, ".standings tbody tr td.name strong");
            assert!(standings.contains(&shown.to_owned()), "{standings:?}");
            let path = format!("/campeonatos/{id}/clasificacion");
            assert_eq!(
                csv_column(&app, client, &format!("{path}.csv"), 1).await,
                standings
            );
            assert_eq!(
                xlsx_column(&app, client, &format!("{path}.xlsx"), 1).await,
                standings
            );
            // The round's tables: the names of both sides as the page lists them.
            let sides: Vec<String> = texts(&html, "table.pairings tbody tr td:nth-child(2)")
                .into_iter()
                .zip(texts(&html, "table.pairings tbody tr td:nth-child(3)"))
                .flat_map(|(a, b)| [a, b.trim_start_matches("contra ").to_owned()])
                .collect();
            for file in ["resultados", "emparejamientos"] {
                let path = format!("/campeonatos/{id}/{file}");
                let filed: Vec<String> = csv_column(&app, client, &format!("{path}.csv"), 1)
                    .await
                    .into_iter()
                    .zip(csv_column(&app, client, &format!("{path}.csv"), 2).await)
                    .flat_map(|(a, b)| [a, b])
                    .collect();
                assert_eq!(filed, sides, "{path}.csv");
                let filed: Vec<String> = xlsx_column(&app, client, &format!("{path}.xlsx"), 1)
                    .await
                    .into_iter()
                    .zip(xlsx_column(&app, client, &format!("{path}.xlsx"), 2).await)
                    .flat_map(|(a, b)| [a, b])
                    .collect();
                assert_eq!(filed, sides, "{path}.xlsx");
                // Headed as the page heads the round's two sides: players in a game
                // of one, pairs otherwise.
                let heads = texts(&html, "table.pairings thead th");
                let sides_head = if id == singles {
                    ["Jugador 1", "Jugador 2"]
                } else {
                    ["Pareja 1", "Pareja 2"]
                };
                assert_eq!(heads[1..3], sides_head, "the page");
                let filed = crate::helpers::csv_records(
                    &page_text(&app, client, &format!("{path}.csv")).await,
                );
                assert_eq!(filed[0][1..3], sides_head, "{path}.csv");
            }
            if std::ptr::eq(client, &public) {
                for file in ["clasificacion.csv", "resultados.csv", "emparejamientos.csv"] {
                    let text = page_text(&app, client, &format!("/campeonatos/{id}/{file}")).await;
                    assert!(!text.contains("Martínez"), "{file}: {text}");
                }
            }
        }
    }
}
