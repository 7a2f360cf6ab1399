//! The public championship page names the season circuits the championship counts in,
//! each linked to the circuit's public standings, in es, ca and en. The page is kept
//! for visitors, yet a circuit made, renamed, changed or deleted shows there on the
//! next load, whether the change went through this server or another one on the same
//! database; a championship in no circuit has no such line.

use reqwest::StatusCode;

use crate::faults::Server;
use crate::from_scratch::{
    club_from_first_run, form_values, id_of, new_championship, post_fields, set,
};
use crate::helpers::{TestApp, attr, csrf_at, new_client, texts};

/// A championship of club `club` named `name`, made with the new-championship form's
/// defaults by the club's administrator (`app.client`).
async fn championship(app: &TestApp, club: i32, name: &str) -> i32 {
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    let mut fields = form_values(&html, "form.tournament-form");
    set(&mut fields, "name", name);
    let res = new_championship(app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} created");
    id_of(&res)
}

/// Circuit `name` of club `club` over `championships`, made with its form (its
/// default points): its id.
async fn circuit(app: &TestApp, club: i32, name: &str, championships: &[i32]) -> i32 {
    let path = format!("/clubes/{club}/circuitos/nuevo");
    let html = app.page(&path, StatusCode::OK).await;
    let mut fields = form_values(&html, "form.circuit-form");
    set(&mut fields, "name", name);
    fields.retain(|(k, _)| k != "event");
    fields.extend(
        championships
            .iter()
            .map(|id| ("event".into(), id.to_string())),
    );
    let res = post_fields(app, &app.client, &path, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} created");
    res.headers()["location"]
        .to_str()
        .unwrap()
        .trim_start_matches("/circuitos/")
        .parse()
        .unwrap()
}

/// Posts the form read at `path` on the server at `base` as the administrator
/// (`app.client`; one session serves every server on the database), with `change`
/// made to what it holds; the answer must be a redirect.
async fn post_changed(
    app: &TestApp,
    base: &str,
    (path, form): (&str, &str),
    change: impl FnOnce(&mut Vec<(String, String)>),
) {
    let body = app
        .client
        .get(format!("{base}{path}"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let mut fields = form_values(&scraper::Html::parse_document(&body), form);
    change(&mut fields);
    let csrf = csrf_at(base, &app.client).await.unwrap();
    set(&mut fields, "csrf", &csrf);
    let res = app
        .client
        .post(format!("{base}{path}"))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "POST {base}{path}");
}

/// Circuit `id` renamed `name` and grouping `championships` instead, through its form
/// on the server at `base`.
async fn change_circuit(app: &TestApp, base: &str, id: i32, name: &str, championships: &[i32]) {
    let path = format!("/circuitos/{id}/editar");
    post_changed(app, base, (&path, "form.circuit-form"), |fields| {
        set(fields, "name", name);
        fields.retain(|(k, _)| k != "event");
        fields.extend(
            championships
                .iter()
                .map(|c| ("event".into(), c.to_string())),
        );
    })
    .await;
}

/// Circuit `id` deleted, after its confirmation, on the server at `base`.
async fn delete_circuit(app: &TestApp, base: &str, id: i32) {
    let path = format!("/circuitos/{id}/borrar");
    post_changed(app, base, (&path, "form.delete-form"), |_| {}).await;
}

/// What `visitor` reads of the circuits on championship `id`'s public page on the
/// server at `base` in `lang`: the line naming them and where its links lead (`None`:
/// no such line).
async fn circuits_line(
    base: &str,
    visitor: &reqwest::Client,
    id: i32,
    lang: &str,
) -> Option<(String, Vec<String>)> {
    let res = visitor
        .get(format!("{base}/campeonatos/{id}"))
        .header("Accept-Language", lang)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let lines = texts(&html, "p.circuits-fed");
    assert!(lines.len() <= 1, "{lines:?}");
    let line = lines.into_iter().next()?;
    let sel = scraper::Selector::parse("p.circuits-fed a").unwrap();
    let hrefs = html
        .select(&sel)
        .filter_map(|a| a.value().attr("href").map(str::to_owned))
        .collect();
    Some((line, hrefs))
}

#[tokio::test]
async fn the_public_championship_page_names_its_circuit_and_shows_it_renamed_or_the_championship_dropped_on_the_next_load()
 {
    // From an empty database through the forms: the club, two championships.
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let winter = championship(&app, club, "Open de invierno").await;
    let spring = championship(&app, club, "Open de primavera").await;
    let base = app.address.clone();
    let visitor = new_client();

    // In no circuit: no line (and the page is now kept for visitors, in each language).
    for lang in ["es", "ca", "en"] {
        assert_eq!(circuits_line(&base, &visitor, winter, lang).await, None);
    }

    // A circuit over the winter open: its page names it, in each language, and links
    // to the circuit's standings.
    let c = circuit(&app, club, "Circuito de cuatrola 2026", &[winter]).await;
    let href = format!("/circuitos/{c}");
    for (lang, said) in [
        ("es", "Cuenta para el circuito: Circuito de cuatrola 2026"),
        ("ca", "Compta per al circuit: Circuito de cuatrola 2026"),
        (
            "en",
            "Counts towards the circuit: Circuito de cuatrola 2026",
        ),
    ] {
        assert_eq!(
            circuits_line(&base, &visitor, winter, lang).await,
            Some((said.to_owned(), vec![href.clone()])),
            "{lang}"
        );
    }
    assert_eq!(circuits_line(&base, &visitor, spring, "es").await, None);
    let res = visitor.get(app.url(&href)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "a visitor reads the circuit");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(texts(&page, "h1"), vec!["Circuito de cuatrola 2026"]);
    assert!(attr(&page, "a[href$='/editar']", "href").is_none());

    // Renamed: the new name on the next load.
    change_circuit(&app, &base, c, "Circuito de cuatrola 2026-27", &[winter]).await;
    for (lang, said) in [
        (
            "es",
            "Cuenta para el circuito: Circuito de cuatrola 2026-27",
        ),
        (
            "en",
            "Counts towards the circuit: Circuito de cuatrola 2026-27",
        ),
    ] {
        assert_eq!(
            circuits_line(&base, &visitor, winter, lang).await,
            Some((said.to_owned(), vec![href.clone()])),
            "{lang}"
        );
    }

    // The winter open dropped and the spring one added: the line moves with it.
    change_circuit(&app, &base, c, "Circuito de cuatrola 2026-27", &[spring]).await;
    for lang in ["es", "ca", "en"] {
        assert_eq!(
            circuits_line(&base, &visitor, winter, lang).await,
            None,
            "{lang}"
        );
    }
    assert_eq!(
        circuits_line(&base, &visitor, spring, "es").await,
        Some((
            "Cuenta para el circuito: Circuito de cuatrola 2026-27".to_owned(),
            vec![href.clone()]
        ))
    );

    // A second circuit over both: each page names every circuit it counts in.
    let d = circuit(&app, club, "Liga de invierno", &[winter, spring]).await;
    assert_eq!(
        circuits_line(&base, &visitor, spring, "es").await,
        Some((
            "Cuenta para el circuito: Circuito de cuatrola 2026-27, Liga de invierno".to_owned(),
            vec![href.clone(), format!("/circuitos/{d}")]
        ))
    );

    // Deleted: gone from the pages of its championships, which stay.
    delete_circuit(&app, &base, c).await;
    assert_eq!(
        circuits_line(&base, &visitor, spring, "es").await,
        Some((
            "Cuenta para el circuito: Liga de invierno".to_owned(),
            vec![format!("/circuitos/{d}")]
        ))
    );
}

#[tokio::test]
async fn a_circuit_changed_through_another_server_on_the_same_database_shows_on_this_servers_kept_championship_page()
 {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let open = championship(&app, club, "Open de invierno").await;
    let c = circuit(&app, club, "Circuito de cuatrola 2026", &[open]).await;
    let other = Server::start(&app.db.url).await;
    let (here, visitor) = (app.address.clone(), new_client());

    // Read twice here: the second time from this server's kept page.
    for _ in 0..2 {
        assert_eq!(
            circuits_line(&here, &visitor, open, "es").await,
            Some((
                "Cuenta para el circuito: Circuito de cuatrola 2026".to_owned(),
                vec![format!("/circuitos/{c}")]
            ))
        );
    }

    // Renamed on the other server: this one shows the new name.
    change_circuit(&app, &other.address, c, "Circuito del Alto Aragón", &[open]).await;
    assert_eq!(
        circuits_line(&here, &visitor, open, "es").await,
        Some((
            "Cuenta para el circuito: Circuito del Alto Aragón".to_owned(),
            vec![format!("/circuitos/{c}")]
        ))
    );

    // Deleted on the other server: the line is gone here.
    delete_circuit(&app, &other.address, c).await;
    assert_eq!(circuits_line(&here, &visitor, open, "es").await, None);

    // A new circuit made on the other server: named here.
    let spring = championship(&app, club, "Open de primavera").await;
    let body = app
        .client
        .get(other.url(&format!("/clubes/{club}/circuitos/nuevo")))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let mut fields = form_values(&scraper::Html::parse_document(&body), "form.circuit-form");
    set(&mut fields, "name", "Circuito de invierno");
    fields.retain(|(k, _)| k != "event");
    fields.push(("event".into(), open.to_string()));
    fields.push(("event".into(), spring.to_string()));
    set(
        &mut fields,
        "csrf",
        &csrf_at(&other.address, &app.client).await.unwrap(),
    );
    let res = app
        .client
        .post(other.url(&format!("/clubes/{club}/circuitos/nuevo")))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (line, hrefs) = circuits_line(&here, &visitor, open, "es").await.unwrap();
    assert_eq!(line, "Cuenta para el circuito: Circuito de invierno");
    assert_eq!(hrefs.len(), 1);
}

#[tokio::test]
async fn in_a_browser_on_a_360_px_phone_a_visitor_reads_which_circuit_a_championship_counts_in_and_follows_it()
 {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let open = championship(&app, club, "Open de invierno de la Peña La Cuatrola").await;
    let c = circuit(
        &app,
        club,
        "Circuito provincial de cuatrola de la temporada 2026-27",
        &[open],
    )
    .await;
    let Some(browser) = crate::browser::Browser::start(
        "in_a_browser_on_a_360_px_phone_a_visitor_reads_which_circuit_a_championship_counts_in_and_follows_it",
    )
    .await
    else {
        return;
    };
    // axe-core runs in every page from now on, where it is installed.
    let axe = crate::crawl::axe_source();
    if let Some(source) = &axe {
        crate::crawl::on_every_page(&browser, source).await;
    }
    browser.viewport(360, 740).await;
    browser
        .goto(&app.url(&format!("/campeonatos/{open}")))
        .await;
    browser
        .assert_fits(360, "the championship's public page")
        .await;
    assert_eq!(
        browser.text("p.circuits-fed").await,
        "Cuenta para el circuito: Circuito provincial de cuatrola de la temporada 2026-27"
    );
    if axe.is_some() {
        let found = crate::crawl::audit(&browser).await;
        assert!(found.is_empty(), "{found:?}");
    }
    browser.submit("p.circuits-fed a").await;
    assert_eq!(browser.path().await, format!("/circuitos/{c}"));
    assert_eq!(
        browser.text("h1").await,
        "Circuito provincial de cuatrola de la temporada 2026-27"
    );
    browser.assert_fits(360, "the circuit's page").await;
}
