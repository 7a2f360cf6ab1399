//! "Busca tu mesa": a player finds her table in the published round of a
//! championship's public page by part of her name, and the site search finds the
//! entrants of championships (a pair typed at registration is nobody of the register).

use reqwest::StatusCode;

use crate::browser::Browser;
use crate::helpers::{ChampionshipForm, TestApp, attr, new_client, post_form_as, texts};

const PAIRS: [&str; 4] = [
    "Peñalver – Ibáñez",
    "Sierra – Lanau",
    "Campo – Buil",
    "Núñez – Güell",
];

/// A Swiss of two rounds with `PAIRS` registered and round 1 paired by its director
/// (signed in on `app.client`), published when `publish`: the championship's id.
async fn round_one(app: &TestApp, publish: bool) -> i32 {
    let club = app
        .club_with_organiser("Casal de Ponent", "Torrefarrera")
        .await;
    let entrants: Vec<Vec<(&str, String)>> = PAIRS
        .iter()
        .map(|n| vec![("name", n.to_string())])
        .collect();
    round_one_of(app, club, &entrants, publish).await
}

/// [`round_one`] in club `club` with the registration forms `entrants`.
async fn round_one_of(
    app: &TestApp,
    club: i32,
    entrants: &[Vec<(&str, String)>],
    publish: bool,
) -> i32 {
    let id = ChampionshipForm::new("Open de Sant Andreu")
        .set("rounds", "2")
        .create(app, club)
        .await;
    for fields in entrants {
        let path = format!("/campeonatos/{id}/inscritos");
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let res = post_form_as(app, &app.client, &path, &fields).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{fields:?} registered");
    }
    let path = format!("/campeonatos/{id}/rondas");
    let res = post_form_as(app, &app.client, &path, &[("tables", "")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1 paired");
    if publish {
        let path = format!("/campeonatos/{id}/rondas/1/publicar");
        let res = post_form_as(app, &app.client, &path, &[]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1 published");
    }
    id
}

/// A page as a visitor (signed in nowhere) reads it.
async fn visitor_page(app: &TestApp, path: &str) -> scraper::Html {
    let res = new_client().get(app.url(path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "GET {path}");
    scraper::Html::parse_document(&res.text().await.unwrap())
}

/// The cells of the round's pairings rows: (table, pair a, pair b).
fn pairings(page: &scraper::Html) -> Vec<(String, String, String)> {
    let sel = scraper::Selector::parse(".round table.pairings tbody tr").unwrap();
    let td = scraper::Selector::parse("td").unwrap();
    page.select(&sel)
        .map(|row| {
            let cells: Vec<String> = row
                .select(&td)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect();
            let strip = |s: &str, word: &str| s.trim_start_matches(word).trim().to_owned();
            (
                strip(cells[0].trim_end_matches('·').trim(), "Mesa"),
                cells[1].clone(),
                strip(&cells[2], "contra"),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_player_finds_her_table_by_part_of_her_name_typed_without_accents() {
    let app = TestApp::spawn().await;
    let id = round_one(&app, true).await;
    let plain = visitor_page(&app, &format!("/campeonatos/{id}")).await;
    assert_eq!(
        attr(&plain, "form.find-table-form input", "name").as_deref(),
        Some("mesa"),
        "the page offers the field as a GET form"
    );
    let rows = pairings(&plain);
    assert_eq!(rows.len(), 2, "two tables: {rows:?}");
    let (table, a, b) = rows
        .iter()
        .find(|(_, a, b)| a == PAIRS[0] || b == PAIRS[0])
        .cloned()
        .expect("her pair's table");
    let rival = if a == PAIRS[0] { b } else { a };

    let page = visitor_page(&app, &format!("/campeonatos/{id}?mesa=PENALVER")).await;
    let answer = texts(&page, ".find-table-results li");
    assert_eq!(
        answer,
        [format!("Mesa {table}: Peñalver – Ibáñez contra {rival}")]
    );
    assert_eq!(
        attr(&page, ".find-table-results li a", "href"),
        Some(format!("/campeonatos/{id}/rondas/1/mesas/{table}")),
        "the answer leads to the table's page"
    );
    assert_eq!(texts(&page, ".find-table-answer .meta"), ["Ronda 1"]);

    // Part of her partner's surname, accents and case folded, finds her too; a word
    // two pairs share lists each.
    let page = visitor_page(&app, &format!("/campeonatos/{id}?mesa=iban")).await;
    assert_eq!(texts(&page, ".find-table-results li").len(), 1);
    let page = visitor_page(&app, &format!("/campeonatos/{id}?mesa=EZ")).await;
    let both = texts(&page, ".find-table-results li");
    assert_eq!(both.len(), 2, "Ibáñez and Núñez: {both:?}");
}

#[tokio::test]
async fn an_unpublished_round_is_not_revealed_to_a_visitor_looking_for_her_table() {
    let app = TestApp::spawn().await;
    let id = round_one(&app, false).await;
    let res = new_client()
        .get(app.url(&format!("/campeonatos/{id}?mesa=Sierra")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let body = res.text().await.unwrap();
    let page = scraper::Html::parse_document(&body);
    assert!(texts(&page, ".find-table-results li").is_empty());
    assert_eq!(
        texts(&page, ".find-table-answer .empty"),
        ["Todavía no hay ninguna ronda publicada en la que buscar."]
    );
    assert!(!body.contains("Mesa 1"), "no table is named");
    // Her director sees the round drawn, but the public answer is the same for her.
    let page = app
        .page(&format!("/campeonatos/{id}?mesa=Sierra"), StatusCode::OK)
        .await;
    assert!(texts(&page, ".find-table-results li").is_empty());
}

#[tokio::test]
async fn a_name_matching_nobody_is_answered_in_words() {
    let app = TestApp::spawn().await;
    let id = round_one(&app, true).await;
    let page = visitor_page(&app, &format!("/campeonatos/{id}?mesa=Zapata")).await;
    assert!(texts(&page, ".find-table-results li").is_empty());
    assert_eq!(
        texts(&page, ".find-table-answer .empty"),
        ["Nadie inscrito en este campeonato se llama «Zapata»."]
    );
    assert_eq!(
        attr(&page, "input[name=mesa]", "value").as_deref(),
        Some("Zapata"),
        "the name typed stays in the field"
    );
}

#[tokio::test]
async fn the_site_search_finds_a_pair_typed_at_registration_and_leads_to_its_table() {
    let app = TestApp::spawn().await;
    let id = round_one(&app, true).await;
    let page = visitor_page(&app, "/buscar?q=sierra").await;
    let found = texts(&page, ".search-results li strong");
    assert_eq!(found, ["Sierra – Lanau"]);
    let detail = texts(&page, ".search-results li .meta");
    assert_eq!(
        detail,
        ["Open de Sant Andreu · Casal de Ponent · busca su mesa"]
    );
    let href = attr(&page, ".search-results li a", "href").unwrap();
    assert_eq!(
        href,
        format!("/campeonatos/{id}?mesa=Sierra%20%E2%80%93%20Lanau#mesa")
    );
    // The link answers with the pair's table.
    let page = visitor_page(&app, href.trim_end_matches("#mesa")).await;
    let answer = texts(&page, ".find-table-results li");
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(answer[0].starts_with("Mesa "), "{answer:?}");
    assert!(answer[0].contains("Sierra – Lanau contra"), "{answer:?}");
}

#[tokio::test]
async fn a_player_shown_by_name_and_initial_is_found_and_named_so_and_never_by_her_surname() {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Casal de Ponent", "Torrefarrera")
        .await;
    let people = app
        .with_conn(move |conn| {
            use baza::db::register;
            use diesel::prelude::*;
            let now = baza::web::account::now();
            let mut ids = Vec::new();
            for name in ["Ana Martínez Ruiz", "Rosa Ortega"] {
                let id = register::create(conn, name, None, None, now).unwrap();
                register::add_member(conn, club, name, Some(id), now).unwrap();
                ids.push(id);
            }
            diesel::update(baza::db::schema::people::table.find(ids[0]))
                .set(baza::db::schema::people::initials_only.eq(1))
                .execute(conn)
                .unwrap();
            ids
        })
        .await;
    let mut entrants = vec![vec![
        ("person1", people[0].to_string()),
        ("person2", people[1].to_string()),
    ]];
    entrants.extend(PAIRS[..3].iter().map(|n| vec![("name", n.to_string())]));
    let id = round_one_of(&app, club, &entrants, true).await;

    // Her director, who reads her whole name, finds the pair by her surname.
    let page = app
        .page(&format!("/campeonatos/{id}?mesa=martinez"), StatusCode::OK)
        .await;
    let seen = texts(&page, ".find-table-results li");
    assert_eq!(seen.len(), 1, "{seen:?}");
    // A visitor finds the pair by her partner's name, named as the public pages name it.
    let page = visitor_page(&app, &format!("/campeonatos/{id}?mesa=ortega")).await;
    let seen = texts(&page, ".find-table-results li");
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert!(seen[0].starts_with("Mesa "), "{seen:?}");
    assert!(!seen[0].contains("Martínez"), "{seen:?}");
    // Her surname finds nobody, on the page or in the site search.
    let page = visitor_page(&app, &format!("/campeonatos/{id}?mesa=martinez")).await;
    assert!(texts(&page, ".find-table-results li").is_empty());
    assert_eq!(
        texts(&page, ".find-table-answer .empty"),
        ["Nadie inscrito en este campeonato se llama «martinez»."]
    );
    let page = visitor_page(&app, "/buscar?q=martinez").await;
    assert!(texts(&page, ".search-results li").is_empty());
}

#[tokio::test]
async fn in_a_browser_the_find_your_table_field_fits_a_phone_and_answers_as_one_types() {
    let Some(browser) = Browser::start("find_table").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let id = round_one(&app, true).await;
    browser.viewport(360, 740).await;
    browser.goto(&app.url(&format!("/campeonatos/{id}"))).await;
    browser.wait_for("input[data-find-table]").await;
    browser.assert_fits(360, "the championship page").await;
    browser.fill("input[data-find-table]", "lanau").await;
    browser.wait_for(".find-table-results li").await;
    let answer = browser.text(".find-table-results li").await;
    assert!(answer.starts_with("Mesa "), "{answer}");
    assert!(answer.contains("Sierra – Lanau contra"), "{answer}");
    assert_eq!(
        browser.path().await,
        format!("/campeonatos/{id}"),
        "the script answered in place"
    );
    browser
        .assert_fits(360, "the championship page with its answer")
        .await;
}

#[tokio::test]
async fn once_the_knockout_has_its_tables_a_player_finds_her_knockout_table() {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Casal de Ponent", "Torrefarrera")
        .await;
    let id = ChampionshipForm::new("Open de Sant Andreu")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 5)
        .await;
    crate::repesca::play_rounds(&app, id, (0, 1), 0, |_, _, _| true).await;
    let path = format!("/campeonatos/{id}/rondas/1/publicar");
    let res = post_form_as(&app, &app.client, &path, &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let fields = [
        ("name", "Fase final"),
        ("qualify", "top"),
        ("n", "4"),
        ("shape", "single"),
    ];
    let path = format!("/campeonatos/{id}/fases");
    let res = post_form_as(&app, &app.client, &path, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    let page = visitor_page(&app, &format!("/campeonatos/{id}")).await;
    assert_eq!(
        texts(&page, "form.find-table-form").len(),
        1,
        "still offered"
    );
    // A name cell may add why the pair is placed there: "(por orden de inscripción)".
    let name_at = |page: &scraper::Html, k: usize| {
        let cell = texts(page, ".tournament-standings tbody tr td:nth-child(2)").remove(k);
        cell.split(" (").next().unwrap_or_default().to_owned()
    };
    let leader = name_at(&page, 0);
    let page = visitor_page(&app, &format!("/campeonatos/{id}?mesa={leader}")).await;
    let answer = texts(&page, ".find-table-results li");
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(
        answer[0].starts_with("Semifinal 1 · Mesa 1: ") && answer[0].contains(&leader),
        "{answer:?}"
    );
    assert_eq!(texts(&page, ".find-table-answer .meta"), ["Fase final"]);
    let href = attr(&page, ".find-table-results li a", "href").unwrap();
    assert!(
        href.starts_with(&format!("/campeonatos/{id}/fases/")),
        "{href}"
    );
    let table = new_client().get(app.url(&href)).send().await.unwrap();
    assert_eq!(table.status(), StatusCode::OK, "the knockout table's page");

    // The fifth of the standings plays no knockout and is told so.
    let last = name_at(&page, 4);
    let page = visitor_page(&app, &format!("/campeonatos/{id}?mesa={last}")).await;
    assert_eq!(
        texts(&page, ".find-table-results li"),
        [format!("{last} no está en «Fase final».")]
    );
}

#[tokio::test]
async fn words_of_a_pair_found_each_in_either_name_find_it_in_the_site_search_and_its_table() {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Casal de Ponent", "Torrefarrera")
        .await;
    let people = app
        .with_conn(move |conn| {
            use baza::db::register;
            let now = baza::web::account::now();
            let (mut ids, mut members) = (Vec::new(), Vec::new());
            for name in ["Gloria Peña", "Héctor Muñoz"] {
                let id = register::create(conn, name, None, None, now).unwrap();
                members.push(register::add_member(conn, club, name, Some(id), now).unwrap());
                ids.push(id);
            }
            // The club's pair of them, known by its surnames.
            let pair = baza::db::queries::NewPair {
                club_id: club,
                name: "Peña – Muñoz",
                player1_id: members[0],
                player2_id: members[1],
                created_at: now,
            };
            baza::db::queries::insert_pair(conn, &pair).unwrap();
            ids
        })
        .await;
    let mut entrants = vec![vec![
        ("person1", people[0].to_string()),
        ("person2", people[1].to_string()),
    ]];
    entrants.extend(PAIRS[..3].iter().map(|n| vec![("name", n.to_string())]));
    let id = round_one_of(&app, club, &entrants, true).await;
    for q in ["peña muñoz", "MUNOZ gloria", "glo hect"] {
        let page = visitor_page(&app, &format!("/buscar?q={q}")).await;
        let found = texts(&page, ".search-results li strong");
        assert!(!found.is_empty(), "{q}: {found:?}");
        let page = visitor_page(&app, &format!("/campeonatos/{id}?mesa={q}")).await;
        let seen = texts(&page, ".find-table-results li");
        assert_eq!(seen.len(), 1, "{q}: {seen:?}");
        // The club's organiser finds the club's pair too.
        let page = app.page(&format!("/buscar?q={q}"), StatusCode::OK).await;
        let pairs = attr(&page, ".search-results a[href*='/parejas/']", "href");
        assert!(
            pairs.is_some(),
            "{q}: {:?}",
            texts(&page, ".search-results li")
        );
    }
}
