//! A circuit kept up through the season: the club's list of circuits, its form to
//! rename it, change its scoring and add or remove championships (CSRF, audited,
//! refused input shown again as typed in the user's language), a player's page with
//! her place and points in each circuit she scores in, the demo's circuit, and the
//! pages on a 360-px phone.

use std::collections::BTreeMap;

use reqwest::StatusCode;

use crate::circuits::{championship, circuit_club, import};
use crate::from_scratch::{form_values, post_fields, set};
use crate::helpers::{TestApp, attr, new_client, post_form_as, texts};

/// The three championships of the tests: the same eight players in other pairs.
const EVENTS: [[(&str, &str); 4]; 3] = [
    [
        ("Ana", "Bea"),
        ("Carla", "Dani"),
        ("Eva", "Fede"),
        ("Gil", "Hugo"),
    ],
    [
        ("Ana", "Carla"),
        ("Bea", "Eva"),
        ("Dani", "Gil"),
        ("Fede", "Hugo"),
    ],
    [
        ("Bea", "Dani"),
        ("Ana", "Hugo"),
        ("Carla", "Fede"),
        ("Eva", "Gil"),
    ],
];

/// Each player's total over `events` with `points` by place (all of them counting).
fn totals(events: &[[(&str, &str); 4]], points: [u32; 4]) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    for event in events {
        for (place, (a, b)) in event.iter().enumerate() {
            for p in [a, b] {
                *out.entry(p.to_string()).or_default() += points[place];
            }
        }
    }
    out
}

/// The circuit club with the three championships imported, and a circuit over the
/// first two made with the form ("100, 80, 65, 55", all counting): the app, the club,
/// the championships and the circuit.
async fn circuit_over_two() -> (TestApp, i32, Vec<i32>, i32) {
    let (app, club) = circuit_club().await;
    let ids: Vec<i32> = EVENTS
        .iter()
        .enumerate()
        .map(|(i, pairs)| {
            import(
                &app,
                club,
                &championship(&format!("Prova {}", i + 1), *pairs),
                &format!("2026-0{}-10", i + 1),
            )
        })
        .collect();
    let (first, second) = (ids[0].to_string(), ids[1].to_string());
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/clubes/{club}/circuitos/nuevo"),
        &[
            ("name", "Circuit de botifarra"),
            ("points", "100, 80, 65, 55"),
            ("floor", "10"),
            ("best", ""),
            ("event", &first),
            ("event", &second),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let circuit = res.headers()["location"]
        .to_str()
        .unwrap()
        .trim_start_matches("/circuitos/")
        .parse()
        .unwrap();
    (app, club, ids, circuit)
}

/// The circuit page's players' table: name → total.
async fn shown(app: &TestApp, circuit: i32) -> BTreeMap<String, u32> {
    crate::circuits::shown(app, circuit)
        .await
        .into_iter()
        .collect()
}

/// The circuit rows of the club's audit trail, as the audit page reads them.
async fn audit_lines(app: &TestApp, club: i32) -> Vec<String> {
    let page = app
        .page(&format!("/clubes/{club}/auditoria"), StatusCode::OK)
        .await;
    let body = page.root_element().text().collect::<String>();
    body.lines()
        .map(str::trim)
        .filter(|l| l.contains("circuito"))
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn an_organiser_renames_a_circuit_changes_its_points_and_swaps_a_championship_from_its_clubs_list_and_each_change_is_audited()
 {
    let (app, club, ids, circuit) = circuit_over_two().await;
    assert_eq!(
        shown(&app, circuit).await,
        totals(&EVENTS[..2], [100, 80, 65, 55])
    );

    // The club's page leads to its circuits, which lead to the circuit's form.
    let page = app.page(&format!("/clubes/{club}"), StatusCode::OK).await;
    let list = format!("/clubes/{club}/circuitos");
    assert!(attr(&page, &format!("a[href='{list}']"), "href").is_some());
    let page = app.page(&list, StatusCode::OK).await;
    assert_eq!(
        texts(&page, ".circuit-list strong"),
        vec!["Circuit de botifarra"]
    );
    assert!(
        texts(&page, ".circuit-list .meta")[0].contains("2 campeonatos"),
        "{:?}",
        texts(&page, ".circuit-list .meta")
    );
    let edit = attr(&page, ".circuit-list a[href$='/editar']", "href").unwrap();
    assert_eq!(edit, format!("/circuitos/{circuit}/editar"));

    // The form holds the circuit as it is.
    let form = app.page(&edit, StatusCode::OK).await;
    let mut fields = form_values(&form, "form.circuit-form");
    let value = |f: &[(String, String)], k: &str| {
        f.iter()
            .filter(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(value(&fields, "name"), vec!["Circuit de botifarra"]);
    assert_eq!(value(&fields, "points"), vec!["100, 80, 65, 55"]);
    let mut checked = value(&fields, "event");
    checked.sort();
    assert_eq!(checked, vec![ids[0].to_string(), ids[1].to_string()]);

    // Renamed, new points, the first championship out and the third in.
    set(&mut fields, "name", "Circuit de botifarra 2026");
    set(&mut fields, "points", "50, 40, 30, 20");
    fields.retain(|(k, v)| !(k == "event" && *v == ids[0].to_string()));
    fields.push(("event".into(), ids[2].to_string()));
    let res = post_fields(&app, &app.client, &edit, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(
        location,
        format!("/circuitos/{circuit}?hecho=circuito-guardado")
    );
    let page = app.page(&location, StatusCode::OK).await;
    assert_eq!(texts(&page, "h1"), vec!["Circuit de botifarra 2026"]);
    assert_eq!(
        texts(&page, "p.done"),
        vec!["Cambios del circuito guardados."]
    );
    assert_eq!(
        texts(&page, ".circuit-events a"),
        vec!["Prova 2", "Prova 3"]
    );
    assert_eq!(
        shown(&app, circuit).await,
        totals(&EVENTS[1..], [50, 40, 30, 20])
    );

    // The club's trail says who made the circuit and who changed it, in words; the
    // stored row keeps what it was.
    let lines = audit_lines(&app, club).await;
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Orga cambió el circuito Circuit de botifarra 2026.")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("creó el circuito Circuit de botifarra")),
        "{lines:?}"
    );
    let before = app
        .with_conn(move |conn| {
            use baza::db::schema::audit_log;
            use diesel::prelude::*;
            audit_log::table
                .filter(audit_log::entity.eq("circuit"))
                .filter(audit_log::action.eq("update"))
                .filter(audit_log::entity_id.eq(circuit))
                .select(audit_log::before_json)
                .load::<Option<String>>(conn)
                .unwrap()
        })
        .await;
    assert_eq!(before.len(), 1);
    let before: serde_json::Value = serde_json::from_str(before[0].as_deref().unwrap()).unwrap();
    assert_eq!(before["name"], "Circuit de botifarra");
    assert_eq!(before["championships"], serde_json::json!([ids[0], ids[1]]));

    // The same form sent again changes nothing and writes no second row.
    let form = app.page(&edit, StatusCode::OK).await;
    let same = form_values(&form, "form.circuit-form");
    let res = post_fields(&app, &app.client, &edit, &same).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let rows = app
        .with_conn(move |conn| {
            use baza::db::schema::audit_log;
            use diesel::prelude::*;
            audit_log::table
                .filter(audit_log::entity.eq("circuit"))
                .filter(audit_log::entity_id.eq(circuit))
                .count()
                .get_result::<i64>(conn)
                .unwrap()
        })
        .await;
    assert_eq!(rows, 2, "its creation and the one change");
    // The championships kept their order: the one kept first, the one added after.
    let page = app
        .page(&format!("/circuitos/{circuit}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&page, ".circuit-events a"),
        vec!["Prova 2", "Prova 3"]
    );
}

#[tokio::test]
async fn a_refused_circuit_change_shows_the_form_again_as_typed_in_the_users_language_and_a_visitor_or_another_clubs_organiser_changes_nothing()
 {
    let (app, club, ids, circuit) = circuit_over_two().await;
    let edit = format!("/circuitos/{circuit}/editar");
    let before = shown(&app, circuit).await;
    // Points that are not highest first, typed by an organiser reading Catalan.
    let csrf = app.csrf().await;
    let (first, second) = (ids[0].to_string(), ids[1].to_string());
    let res = app
        .client
        .post(app.url(&edit))
        .header("Accept-Language", "ca")
        .form(&[
            ("csrf", csrf.as_str()),
            ("name", "Circuit reanomenat"),
            ("points", "80, 100"),
            ("floor", "10"),
            ("best", ""),
            ("event", &first),
            ("event", &second),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = res.text().await.unwrap();
    let page = scraper::Html::parse_document(&body);
    assert_eq!(
        texts(&page, "p.error"),
        vec!["Els punts per lloc són nombres separats per comes, de més gran a més petit."]
    );
    let typed = form_values(&page, "form.circuit-form");
    assert!(typed.contains(&("name".into(), "Circuit reanomenat".into())));
    assert!(typed.contains(&("points".into(), "80, 100".into())));
    // A championship of no club's list, an empty name, no championship at all.
    for (field, value, key) in [
        ("event", "999999", "Marca almenys un campionat del club."),
        ("name", "  ", "Escriu un nom de fins a 80 lletres."),
    ] {
        let mut fields: Vec<(&str, &str)> = vec![
            ("csrf", csrf.as_str()),
            ("points", "100, 80"),
            ("floor", "10"),
            ("best", ""),
        ];
        if field == "event" {
            fields.extend([("name", "Circuit"), ("event", value)]);
        } else {
            fields.extend([("name", value), ("event", first.as_str())]);
        }
        let res = app
            .client
            .post(app.url(&edit))
            .header("Accept-Language", "ca")
            .form(&fields)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let page = scraper::Html::parse_document(&res.text().await.unwrap());
        assert_eq!(texts(&page, "p.error"), vec![key]);
    }
    // Without the CSRF token: refused.
    let res = app
        .client
        .post(app.url(&edit))
        .form(&[("name", "Sense token"), ("points", "100"), ("floor", "1")])
        .send()
        .await
        .unwrap();
    assert!(res.status().is_client_error(), "{}", res.status());
    // A visitor and another club's organiser: neither the form nor a change.
    let visitor = new_client();
    let res = visitor.get(app.url(&edit)).send().await.unwrap();
    assert_ne!(res.status(), StatusCode::OK);
    let other = app.add_club("Casal de Ponent", "Lleida").await;
    let pw = app.add_user("altra", "organiser", Some(other)).await;
    let stranger = new_client();
    app.login(&stranger, "altra", &pw).await;
    let res = post_form_as(
        &app,
        &stranger,
        &edit,
        &[
            ("name", "Circuit robat"),
            ("points", "100"),
            ("floor", "1"),
            ("best", ""),
            ("event", &first),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let page = app
        .page_as(&stranger, &format!("/clubes/{club}/circuitos"))
        .await;
    assert!(texts(&page, "a[href$='/editar']").is_empty());
    // Nothing changed.
    let page = app
        .page(&format!("/circuitos/{circuit}"), StatusCode::OK)
        .await;
    assert_eq!(texts(&page, "h1"), vec!["Circuit de botifarra"]);
    assert_eq!(shown(&app, circuit).await, before);
}

#[tokio::test]
async fn a_players_page_shows_each_circuit_she_scores_in_with_her_place_and_points_and_her_initials_only_if_she_asked()
 {
    let (app, club, ids, first_circuit) = circuit_over_two().await;
    // A second circuit over the third championship only.
    let third = ids[2].to_string();
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/clubes/{club}/circuitos/nuevo"),
        &[
            ("name", "Copa de primavera"),
            ("points", "10, 8, 6, 4"),
            ("floor", "1"),
            ("best", ""),
            ("event", &third),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let cup = res.headers()["location"].to_str().unwrap().to_owned();
    // Ana asked to be "Ana M." on public pages.
    let ana = app
        .with_conn(|conn| {
            use baza::db::schema::people;
            use diesel::prelude::*;
            let id: i32 = people::table
                .filter(people::name.eq("Ana"))
                .select(people::id)
                .first(conn)
                .unwrap();
            diesel::update(people::table.find(id))
                .set((people::name.eq("Ana Martínez"), people::initials_only.eq(1)))
                .execute(conn)
                .unwrap();
            id
        })
        .await;
    let visitor = new_client();
    let text = app.text_as(&visitor, &format!("/jugadores/{ana}")).await;
    assert!(!text.contains("Martínez"), "{text}");
    let page = scraper::Html::parse_document(&text);
    assert_eq!(texts(&page, "h1"), vec!["Ana M."]);
    // Ana: first and first (200); second with Hugo in the spring cup (8 points),
    // behind Bea and Dani (10 each) and level with Hugo, who was registered after her.
    let lines = texts(&page, ".player-circuits li");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].contains("Copa de primavera") && lines[0].contains("Puesto 3 de 8 · 8 puntos"),
        "{lines:?}"
    );
    assert!(
        lines[1].contains("Circuit de botifarra")
            && lines[1].contains("Puesto 1 de 8 · 200 puntos"),
        "{lines:?}"
    );
    // The numbers are the circuits' pages'.
    let table = crate::circuits::shown(&app, first_circuit).await;
    assert_eq!(table[0], ("Ana M.".to_string(), 200));
    let cup_id: i32 = cup.trim_start_matches("/circuitos/").parse().unwrap();
    let table = crate::circuits::shown(&app, cup_id).await;
    assert_eq!(table[2], ("Ana M.".to_string(), 8));
    assert_eq!(attr(&page, ".player-circuits a", "href"), Some(cup));
    // In English.
    let res = app.get_with_lang(&format!("/jugadores/{ana}"), "en").await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(texts(&page, ".player-circuits li")[1].contains("Place 1 of 8 · 200 points"));
    // A player of no circuit's championships has no circuits on her page.
    let nobody = app
        .with_conn(move |conn| {
            use baza::db::schema::people;
            use diesel::prelude::*;
            baza::db::register::add_member(conn, club, "Irene", None, baza::web::account::now())
                .unwrap();
            people::table
                .filter(people::name.eq("Irene"))
                .select(people::id)
                .first::<i32>(conn)
                .unwrap()
        })
        .await;
    let page = app
        .page(&format!("/jugadores/{nobody}"), StatusCode::OK)
        .await;
    assert!(texts(&page, ".player-circuits li").is_empty());
}

#[tokio::test]
async fn the_demo_lists_its_circuit_on_the_clubs_circuits_page_its_leaders_and_a_pairs_page_show_their_place_in_it_and_its_trail_a_deleted_trial_circuit()
 {
    let app = TestApp::with_demo().await;
    let page = app.page("/clubes/1/circuitos", StatusCode::OK).await;
    assert_eq!(
        texts(&page, ".circuit-list strong"),
        vec!["Circuito de cuatrola 2026"]
    );
    let href = attr(&page, ".circuit-list a", "href").unwrap();
    let circuit = app.page(&href, StatusCode::OK).await;
    let leader = attr(&circuit, "table.circuit-table tbody tr a", "href").unwrap();
    let total = texts(&circuit, "table.circuit-table tbody tr td.total")[0].clone();
    let rows = circuit
        .select(&scraper::Selector::parse("table.circuit-table").unwrap())
        .next()
        .unwrap()
        .select(&scraper::Selector::parse("tbody tr").unwrap())
        .count();
    let player = app.page(&leader, StatusCode::OK).await;
    let lines = texts(&player, ".player-circuits li");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].contains("Circuito de cuatrola 2026")
            && lines[0].contains(&format!("Puesto 1 de {rows} · {total} puntos")),
        "{lines:?}"
    );
    // The leading pair of the club's pairs: its page says where it and each of its
    // players stand.
    let pair = attr(&circuit, "table.circuit-table a[href^='/parejas/']", "href").unwrap();
    let page = app.page(&pair, StatusCode::OK).await;
    let lines = texts(&page, ".pair-circuits .circuit-standings li");
    assert!(
        lines.len() == 3 && lines[0].starts_with("Como pareja: Puesto "),
        "{lines:?}"
    );
    // Its trial circuit, made and deleted, is only in the club's trail.
    let pw = app.add_user("orga", "organiser", Some(1)).await;
    app.login(&app.client, "orga", &pw).await;
    let lines = audit_lines(&app, 1).await;
    for done in ["creó", "borró"] {
        let said = format!("{done} el circuito Circuito de prueba.");
        assert!(lines.iter().any(|l| l.contains(&said)), "{lines:?}");
    }
}

#[tokio::test]
async fn in_a_browser_on_a_phone_the_federation_keeps_its_season_circuit_up_from_its_list_through_its_form_to_a_players_page_and_deletes_it()
 {
    // From an empty database through the forms with their defaults: the federation's
    // season of three clubs' championships and its circuit over them.
    let app = TestApp::spawn().await;
    let s = crate::season::season(&app).await;
    let Some(browser) = crate::browser::Browser::start(
        "in_a_browser_on_a_phone_the_federation_keeps_its_season_circuit_up_from_its_list_through_its_form_to_a_players_page_and_deletes_it",
    )
    .await
    else {
        return;
    };
    browser.viewport(360, 740).await;
    crate::browser::log_in(&browser, &app, "federacion", "sota-de-oros").await;
    let circuit = format!("/circuitos/{}", s.circuit);
    browser.goto(&app.url(&circuit)).await;
    browser.assert_fits(360, "the circuit's page").await;
    let club = browser
        .eval("return document.querySelector('p.meta a[href^=\"/clubes/\"]').getAttribute('href')")
        .await
        .as_str()
        .unwrap()
        .to_owned();

    // The federation's circuits, from its page.
    browser.goto(&app.url(&club)).await;
    browser.submit(&format!("a[href='{club}/circuitos']")).await;
    assert_eq!(browser.path().await, format!("{club}/circuitos"));
    browser.assert_fits(360, "the federation's circuits").await;
    assert_eq!(browser.count(".circuit-list li").await, 1);
    assert!(
        browser
            .text(".circuit-list .meta")
            .await
            .contains("3 campeonatos")
    );
    browser.submit(".circuit-list a[href$='/editar']").await;
    assert_eq!(browser.path().await, format!("{circuit}/editar"));
    browser.assert_fits(360, "the circuit's form").await;
    assert_eq!(browser.count("input[name=event]:checked").await, 3);

    // Renamed, and the last club's championship out of it.
    browser
        .fill("input[name=name]", "Circuito altoaragonés de otoño")
        .await;
    browser
        .click(&format!(
            "input[name=event][value='{}']",
            s.championships[2]
        ))
        .await;
    browser
        .submit("form.circuit-form button[type=submit]")
        .await;
    assert_eq!(browser.path().await, circuit);
    assert_eq!(browser.text("h1").await, "Circuito altoaragonés de otoño");
    assert_eq!(
        browser.text("p.done").await,
        "Cambios del circuito guardados."
    );
    assert_eq!(browser.count(".circuit-events li").await, 2);
    browser.assert_fits(360, "the changed circuit").await;

    // Its leader's page says where she stands in it.
    let leader = browser
        .eval(
            "return document.querySelector('table.circuit-table tbody tr a').getAttribute('href')",
        )
        .await
        .as_str()
        .unwrap()
        .to_owned();
    let total = browser.text("table.circuit-table tbody tr td.total").await;
    browser.goto(&app.url(&leader)).await;
    browser.assert_fits(360, "a player's page").await;
    let line = browser.text(".player-circuits li").await;
    assert!(
        line.contains("Circuito altoaragonés de otoño")
            && line.contains("Puesto 1 de")
            && line.contains(&format!("· {total} puntos")),
        "{line}"
    );
    browser
        .goto(&app.url(&format!("{club}/circuitos/nuevo")))
        .await;
    browser.assert_fits(360, "the new circuit's form").await;

    // Deleted from its list, after its confirmation.
    browser.goto(&app.url(&format!("{club}/circuitos"))).await;
    browser.submit(".circuit-list a[href$='/borrar']").await;
    assert_eq!(browser.path().await, format!("{circuit}/borrar"));
    browser.assert_fits(360, "the circuit's deletion").await;
    browser.submit("form.delete-form button[type=submit]").await;
    assert_eq!(browser.path().await, format!("{club}/circuitos"));
    assert_eq!(browser.text("p.done").await, "Circuito borrado.");
    assert_eq!(browser.count(".circuit-list li").await, 0);
}

/// The circuit's rows of the audit trail with `action`: (actor, before as JSON).
async fn audit_rows(
    app: &TestApp,
    circuit: i32,
    action: &'static str,
) -> Vec<(String, serde_json::Value)> {
    app.with_conn(move |conn| {
        use baza::db::schema::audit_log;
        use diesel::prelude::*;
        audit_log::table
            .filter(audit_log::entity.eq("circuit"))
            .filter(audit_log::action.eq(action))
            .filter(audit_log::entity_id.eq(circuit))
            .select((audit_log::actor, audit_log::before_json))
            .load::<(String, Option<String>)>(conn)
            .unwrap()
    })
    .await
    .into_iter()
    .map(|(actor, before)| {
        let before = before.map_or(serde_json::Value::Null, |b| {
            serde_json::from_str(&b).unwrap()
        });
        (actor, before)
    })
    .collect()
}

/// The place and total of the row linking to `href` in table `n` (0: players, 1:
/// pairs) of the circuit's page, and how many rows the table has.
async fn row_of(app: &TestApp, circuit: i32, n: usize, href: &str) -> (String, String, usize) {
    let page = app
        .page(&format!("/circuitos/{circuit}"), StatusCode::OK)
        .await;
    let table = scraper::Selector::parse("table.circuit-table").unwrap();
    let row = scraper::Selector::parse("tbody tr").unwrap();
    let cell = scraper::Selector::parse("td").unwrap();
    let link = scraper::Selector::parse(&format!("a[href='{href}']")).unwrap();
    let table = page.select(&table).nth(n).unwrap();
    let rows: Vec<_> = table.select(&row).collect();
    let mine = rows
        .iter()
        .find(|tr| tr.select(&link).next().is_some())
        .unwrap_or_else(|| panic!("{href} in table {n}"));
    let cells: Vec<String> = mine
        .select(&cell)
        .map(|c| c.text().collect::<String>().trim().to_owned())
        .collect();
    (cells[0].clone(), cells.last().unwrap().clone(), rows.len())
}

#[tokio::test]
async fn a_federations_organiser_deletes_its_season_circuit_through_the_forms_and_it_leaves_every_list_and_page_while_its_championships_stay()
 {
    // From an empty database through the forms: the federation's season and its
    // circuit, and the federation's own organiser made by the administrator.
    let app = TestApp::spawn().await;
    let s = crate::season::season(&app).await;
    let circuit = format!("/circuitos/{}", s.circuit);
    let page = app.page(&circuit, StatusCode::OK).await;
    let club = attr(&page, "p.meta a[href^='/clubes/']", "href").unwrap();
    let club_id = club.trim_start_matches("/clubes/").to_owned();
    let leader = attr(&page, "table.circuit-table tbody tr a", "href").unwrap();
    let standings: Vec<String> = {
        let mut out = Vec::new();
        for id in &s.championships {
            out.push(
                app.text_as(
                    &new_client(),
                    &format!("/campeonatos/{id}/clasificacion.csv"),
                )
                .await,
            );
        }
        out
    };
    let res = post_form_as(
        &app,
        &s.admin,
        "/admin/usuarios",
        &[
            ("username", "secretaria"),
            ("password", "rey-de-bastos"),
            ("role", "organiser"),
            ("club", &club_id),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let orga = new_client();
    app.login(&orga, "secretaria", "rey-de-bastos").await;
    let player = app.page_as(&new_client(), &leader).await;
    assert_eq!(texts(&player, ".player-circuits li").len(), 1);

    // The club's circuits lead to the confirmation, which says what goes and what
    // stays.
    let list = app.page_as(&orga, &format!("{club}/circuitos")).await;
    let delete = attr(&list, ".circuit-list a[href$='/borrar']", "href").unwrap();
    assert_eq!(delete, format!("{circuit}/borrar"));
    let confirm = app.page_as(&orga, &delete).await;
    assert_eq!(
        texts(&confirm, "p.lead"),
        vec!["Circuito altoaragonés de cuatrola 2026"]
    );
    let meta = texts(&confirm, "p.meta").join(" ");
    assert!(
        meta.contains(
            "3 campeonatos: Open de otoño de Huesca, Trofeo San Martín, Campeonato de la Cinca"
        ),
        "{meta}"
    );
    let fields = form_values(&confirm, "form.delete-form");
    let res = post_fields(&app, &orga, &delete, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(location, format!("{club}/circuitos?hecho=circuito-borrado"));
    let list = app.page_as(&orga, &location).await;
    assert_eq!(texts(&list, "p.done"), vec!["Circuito borrado."]);
    assert!(texts(&list, ".circuit-list li").is_empty());
    assert_eq!(
        texts(&list, "p.empty"),
        vec!["El club aún no tiene circuitos."]
    );

    // Gone from the club's page, its own address and the players' pages.
    let page = app.page_as(&new_client(), &club).await;
    assert!(attr(&page, &format!("a[href='{circuit}']"), "href").is_none());
    app.page(&circuit, StatusCode::NOT_FOUND).await;
    let player = app.page_as(&new_client(), &leader).await;
    assert!(texts(&player, ".player-circuits li").is_empty());
    // Its championships are as they were.
    for (id, before) in s.championships.iter().zip(&standings) {
        let now = app
            .text_as(
                &new_client(),
                &format!("/campeonatos/{id}/clasificacion.csv"),
            )
            .await;
        assert_eq!(&now, before, "championship {id}");
    }
    // The club's trail says who deleted it, in words; its row keeps all it was.
    let page = app.page_as(&orga, &format!("{club}/auditoria")).await;
    let body = page.root_element().text().collect::<String>();
    assert!(
        body.contains("borró el circuito Circuito altoaragonés de cuatrola 2026."),
        "{body}"
    );
    let rows = audit_rows(&app, s.circuit, "delete").await;
    assert_eq!(rows.len(), 1);
    assert!(rows[0].0.ends_with(":secretaria"), "{}", rows[0].0);
    assert_eq!(rows[0].1["name"], "Circuito altoaragonés de cuatrola 2026");
    assert_eq!(
        rows[0].1["championships"],
        serde_json::json!(s.championships)
    );
    // Sent again (a second tab): there is nothing left to delete.
    let res = post_fields(&app, &orga, &delete, &fields).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(audit_rows(&app, s.circuit, "delete").await.len(), 1);
}

#[tokio::test]
async fn deleting_a_circuit_is_refused_to_another_clubs_organiser_and_to_a_visitor_and_leaves_it_as_it_was()
 {
    let (app, club, _, circuit) = circuit_over_two().await;
    let delete = format!("/circuitos/{circuit}/borrar");
    let confirm = app.page(&delete, StatusCode::OK).await;
    let fields = form_values(&confirm, "form.delete-form");
    let before = shown(&app, circuit).await;

    // Another club's organiser: neither the page nor the deletion, nor the button.
    let other = app.add_club("Casal de Ponent", "Lleida").await;
    let pw = app.add_user("altra", "organiser", Some(other)).await;
    let stranger = new_client();
    app.login(&stranger, "altra", &pw).await;
    let res = stranger.get(app.url(&delete)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = post_fields(&app, &stranger, &delete, &fields).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let page = app
        .page_as(&stranger, &format!("/clubes/{club}/circuitos"))
        .await;
    assert!(texts(&page, "a[href$='/borrar']").is_empty());
    let page = app
        .page_as(&stranger, &format!("/circuitos/{circuit}"))
        .await;
    assert!(texts(&page, "a[href$='/borrar']").is_empty());

    // A visitor: sent to sign in, and refused with a session's token too.
    let visitor = new_client();
    let res = visitor.get(app.url(&delete)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(
        res.headers()["location"]
            .to_str()
            .unwrap()
            .starts_with("/entrar")
    );
    let res = post_fields(&app, &visitor, &delete, &fields).await;
    assert!(
        res.status().is_client_error() || res.status() == StatusCode::SEE_OTHER,
        "{}",
        res.status()
    );
    // Without the CSRF token, even its own organiser's: refused.
    let without: Vec<_> = fields.iter().filter(|(k, _)| k != "csrf").collect();
    let res = app
        .client
        .post(app.url(&delete))
        .form(&without)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_client_error(), "{}", res.status());

    // Nothing changed.
    let page = app
        .page(&format!("/circuitos/{circuit}"), StatusCode::OK)
        .await;
    assert_eq!(texts(&page, "h1"), vec!["Circuit de botifarra"]);
    assert_eq!(shown(&app, circuit).await, before);
    assert!(audit_rows(&app, circuit, "delete").await.is_empty());
}

#[tokio::test]
async fn a_circuit_saved_over_someone_elses_newer_change_is_refused_with_the_typed_form_and_what_it_is_now_and_nothing_changes()
 {
    let (app, _club, ids, circuit) = circuit_over_two().await;
    let edit = format!("/circuitos/{circuit}/editar");
    let delete = format!("/circuitos/{circuit}/borrar");
    // The organiser opens the form and the confirmation; meanwhile an administrator
    // renames the circuit and takes the second championship out.
    let mine = form_values(&app.page(&edit, StatusCode::OK).await, "form.circuit-form");
    let doomed = form_values(&app.page(&delete, StatusCode::OK).await, "form.delete-form");
    let pw = app.add_user("federacio", "admin", None).await;
    let admin = new_client();
    app.login(&admin, "federacio", &pw).await;
    let mut theirs = form_values(&app.page_as(&admin, &edit).await, "form.circuit-form");
    set(&mut theirs, "name", "Circuit de tardor");
    theirs.retain(|(k, v)| !(k == "event" && *v == ids[1].to_string()));
    let res = post_fields(&app, &admin, &edit, &theirs).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let saved = shown(&app, circuit).await;

    // The organiser's save, read before that change, reading Catalan: refused.
    let mut typed = mine.clone();
    set(&mut typed, "name", "Circuit d'hivern");
    set(&mut typed, "points", "60, 40, 20, 10");
    let csrf = app.csrf().await;
    typed.push(("csrf".into(), csrf));
    let res = app
        .client
        .post(app.url(&edit))
        .header("Accept-Language", "ca")
        .form(&typed)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&page, "p.error"),
        vec![
            "Una altra persona ha canviat aquest circuit mentre el tenies obert: no s'ha desat res. Aquí segueix el que vas escriure; si el deses, substitueix el seu canvi."
        ]
    );
    let now = texts(&page, "p.circuit-now").join(" ");
    assert!(
        now.starts_with("Ara és: Circuit de tardor · Punts: 100, 80, 65, 55")
            && now.ends_with("· Prova 1"),
        "{now}"
    );
    // The form as typed, at the version now.
    let again = form_values(&page, "form.circuit-form");
    assert!(again.contains(&("name".into(), "Circuit d'hivern".into())));
    assert!(again.contains(&("points".into(), "60, 40, 20, 10".into())));
    let version = |f: &[(String, String)]| {
        f.iter()
            .find(|(k, _)| k == "version")
            .map(|(_, v)| v.clone())
            .unwrap()
    };
    assert_ne!(version(&again), version(&mine));
    assert_eq!(
        version(&again),
        version(&theirs)
            .parse::<i32>()
            .map(|v| (v + 1).to_string())
            .unwrap()
    );

    // Nothing of it was written: the circuit is the administrator's, with one change
    // audited.
    let page = app
        .page(&format!("/circuitos/{circuit}"), StatusCode::OK)
        .await;
    assert_eq!(texts(&page, "h1"), vec!["Circuit de tardor"]);
    assert_eq!(shown(&app, circuit).await, saved);
    assert_eq!(audit_rows(&app, circuit, "update").await.len(), 1);

    // Nor does the confirmation read before the change delete it.
    let res = post_fields(&app, &app.client, &delete, &doomed).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&page, "p.error"),
        vec![
            "Otra persona cambió este circuito mientras tenías abierta esta página: no se ha borrado."
        ]
    );
    assert!(texts(&page, "p.circuit-now")[0].starts_with("Ahora es: Circuit de tardor"));
    app.page(&format!("/circuitos/{circuit}"), StatusCode::OK)
        .await;
    assert!(audit_rows(&app, circuit, "delete").await.is_empty());

    // The form sent again, knowing what it is now, is saved.
    let res = post_fields(&app, &app.client, &edit, &again).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app
        .page(&format!("/circuitos/{circuit}"), StatusCode::OK)
        .await;
    assert_eq!(texts(&page, "h1"), vec!["Circuit d'hivern"]);
    assert_eq!(audit_rows(&app, circuit, "update").await.len(), 2);
}

#[tokio::test]
async fn a_pairs_page_lists_the_circuits_its_players_score_in_with_the_pairs_place_and_each_players_and_her_initials_only_if_she_asked()
 {
    let (app, club, _, circuit) = circuit_over_two().await;
    // Ana asked to be "Ana M." on public pages; Irene plays in no championship.
    let (ana, bea, irene) = app
        .with_conn(move |conn| {
            use baza::db::schema::people;
            use diesel::prelude::*;
            baza::db::register::add_member(conn, club, "Irene", None, baza::web::account::now())
                .unwrap();
            let id = |conn: &mut baza::db::DbConn, name: &str| -> i32 {
                people::table
                    .filter(people::name.eq(name))
                    .select(people::id)
                    .first(conn)
                    .unwrap()
            };
            let (ana, bea, irene) = (id(conn, "Ana"), id(conn, "Bea"), id(conn, "Irene"));
            diesel::update(people::table.find(ana))
                .set((people::name.eq("Ana Martínez"), people::initials_only.eq(1)))
                .execute(conn)
                .unwrap();
            (ana, bea, irene)
        })
        .await;
    // The club's pairs, made with its form: Ana and Bea, who won the first
    // championship together; Ana and Irene, who never played together.
    let mut pairs = Vec::new();
    for (a, b) in [(ana, bea), (ana, irene)] {
        let res = post_form_as(
            &app,
            &app.client,
            &format!("/clubes/{club}/parejas"),
            &[
                ("name", ""),
                ("player1", &a.to_string()),
                ("player2", &b.to_string()),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let id: i32 = app
            .with_conn(move |conn| {
                use baza::db::schema::pairs;
                use diesel::prelude::*;
                pairs::table
                    .filter(pairs::player1_id.eq(a))
                    .filter(pairs::player2_id.eq(b))
                    .select(pairs::id)
                    .first(conn)
                    .unwrap()
            })
            .await;
        pairs.push(id);
    }

    // The numbers are the circuit page's.
    let (pair_rank, pair_total, pair_rows) =
        row_of(&app, circuit, 1, &format!("/parejas/{}", pairs[0])).await;
    let (bea_rank, bea_total, rows) = row_of(&app, circuit, 0, &format!("/jugadores/{bea}")).await;
    assert_eq!(pair_total, "100");
    let visitor = new_client();
    let text = app
        .text_as(&visitor, &format!("/parejas/{}", pairs[0]))
        .await;
    assert!(!text.contains("Martínez"), "{text}");
    let page = scraper::Html::parse_document(&text);
    let lines = texts(&page, ".pair-circuits > li");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(
        attr(&page, ".pair-circuits a", "href"),
        Some(format!("/circuitos/{circuit}"))
    );
    assert_eq!(
        texts(&page, ".pair-circuits .circuit-standings li"),
        vec![
            format!("Como pareja: Puesto {pair_rank} de {pair_rows} · 100 puntos"),
            format!("Ana M.: Puesto 1 de {rows} · 200 puntos"),
            format!("Bea: Puesto {bea_rank} de {rows} · {bea_total} puntos"),
        ]
    );
    // In English.
    let res = app
        .get_with_lang(&format!("/parejas/{}", pairs[0]), "en")
        .await;
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&page, ".pair-circuits .circuit-standings li")[0],
        format!("As a pair: Place {pair_rank} of {pair_rows} · 100 points")
    );
    // A pair that never played together: its one player who scores, no pair's line.
    let page = app
        .page(&format!("/parejas/{}", pairs[1]), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&page, ".pair-circuits .circuit-standings li"),
        vec![format!("Ana M.: Puesto 1 de {rows} · 200 puntos")]
    );

    // Deleted, the circuit leaves the pairs' pages too.
    let delete = format!("/circuitos/{circuit}/borrar");
    let fields = form_values(&app.page(&delete, StatusCode::OK).await, "form.delete-form");
    let res = post_fields(&app, &app.client, &delete, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for pair in pairs {
        let page = app.page(&format!("/parejas/{pair}"), StatusCode::OK).await;
        assert!(texts(&page, ".pair-circuits li").is_empty());
    }
}

#[tokio::test]
async fn the_circuit_form_dates_each_championship_offered_as_the_other_pages_date_days() {
    let (app, club, _, _) = circuit_over_two().await;
    let path = format!("/clubes/{club}/circuitos/nuevo");
    for (lang, first) in [("es", "(10/01/2026)"), ("en", "(2026-01-10)")] {
        let res = app.get_with_lang(&path, lang).await;
        assert_eq!(res.status(), StatusCode::OK);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let labels = texts(&html, "label");
        assert!(
            labels.iter().any(|l| l.ends_with(first)),
            "{lang}: {labels:?}"
        );
    }
}
