//! The public championship page names the season circuits the championship counts in,
//! each linked to the circuit's public standings, in es, ca and en. The page is kept
//! for visitors, yet a circuit made, renamed, changed or deleted shows there on the
//! next load, whether the change went through this server or another one on the same
//! database; a championship in no circuit has no such line.

use reqwest::StatusCode;

use crate::faults::Server;
use crate::from_scratch::{club_from_first_run, form_values, id_of, new_championship, set};
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

/// Posts the form read at `path` on the server at `base` as the administrator
/// (`app.client`; one session serves every server on the database), with `change`
/// made to what it holds: where the redirect it must answer leads.
async fn post_changed(
    app: &TestApp,
    base: &str,
    (path, form): (&str, &str),
    change: impl FnOnce(&mut Vec<(String, String)>),
) -> String {
    let res = app
        .client
        .get(format!("{base}{path}"))
        .send()
        .await
        .unwrap();
    let body = res.text().await.unwrap();
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
    res.headers()["location"].to_str().unwrap().to_owned()
}

/// A circuit's form named `name` with `championships` ticked, and no other.
fn circuit_of(name: &str, championships: &[i32]) -> impl FnOnce(&mut Vec<(String, String)>) {
    move |fields| {
        set(fields, "name", name);
        fields.retain(|(k, _)| k != "event");
        fields.extend(
            championships
                .iter()
                .map(|c| ("event".into(), c.to_string())),
        );
    }
}

/// Circuit `name` of club `club` over `championships`, made with its form (its
/// default points) on the server at `base`: its id.
async fn circuit(app: &TestApp, base: &str, club: i32, name: &str, championships: &[i32]) -> i32 {
    let path = format!("/clubes/{club}/circuitos/nuevo");
    let form = (path.as_str(), "form.circuit-form");
    let location = post_changed(app, base, form, circuit_of(name, championships)).await;
    location.trim_start_matches("/circuitos/").parse().unwrap()
}

/// Circuit `id` renamed `name` and grouping `championships` instead, through its form
/// on the server at `base`.
async fn change_circuit(app: &TestApp, base: &str, id: i32, name: &str, championships: &[i32]) {
    let path = format!("/circuitos/{id}/editar");
    let form = (path.as_str(), "form.circuit-form");
    post_changed(app, base, form, circuit_of(name, championships)).await;
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

/// Asserts that `visitor` reads, on championship `id`'s public page at `base`, the
/// line `said` in each of its languages (none when `said` is empty), its links leading
/// to the circuits `linked`.
async fn assert_line(
    (base, visitor): (&str, &reqwest::Client),
    id: i32,
    said: &[(&str, &str)],
    linked: &[i32],
) {
    let hrefs: Vec<String> = linked.iter().map(|c| format!("/circuitos/{c}")).collect();
    for (lang, line) in said {
        let expected = (!line.is_empty()).then(|| (line.to_string(), hrefs.clone()));
        assert_eq!(
            circuits_line(base, visitor, id, lang).await,
            expected,
            "{lang}"
        );
    }
}

/// No line about circuits, in any language.
const NONE: [(&str, &str); 3] = [("es", ""), ("ca", ""), ("en", "")];

#[tokio::test]
async fn the_public_championship_page_names_its_circuit_and_shows_it_renamed_or_the_championship_dropped_on_the_next_load()
 {
    // From an empty database through the forms: the club, two championships.
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let winter = championship(&app, club, "Open de invierno").await;
    let spring = championship(&app, club, "Open de primavera").await;
    let visitor = new_client();
    let at = (app.address.as_str(), &visitor);

    // In no circuit: no line (and the page is now kept for visitors, in each language).
    assert_line(at, winter, &NONE, &[]).await;

    // A circuit over the winter open: its page names it, in each language, and links
    // to the circuit's standings, which a visitor reads.
    let c = circuit(&app, at.0, club, "Circuito de cuatrola 2026", &[winter]).await;
    let named = [
        ("es", "Cuenta para el circuito: Circuito de cuatrola 2026"),
        ("ca", "Compta per al circuit: Circuito de cuatrola 2026"),
        (
            "en",
            "Counts towards the circuit: Circuito de cuatrola 2026",
        ),
    ];
    assert_line(at, winter, &named, &[c]).await;
    assert_line(at, spring, &NONE[..1], &[]).await;
    let res = visitor
        .get(app.url(&format!("/circuitos/{c}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "a visitor reads the circuit");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(texts(&page, "h1"), vec!["Circuito de cuatrola 2026"]);
    assert!(attr(&page, "a[href$='/editar']", "href").is_none());

    // Renamed: the new name on the next load.
    change_circuit(&app, at.0, c, "Circuito 2026-27", &[winter]).await;
    let renamed = [
        ("es", "Cuenta para el circuito: Circuito 2026-27"),
        ("en", "Counts towards the circuit: Circuito 2026-27"),
    ];
    assert_line(at, winter, &renamed, &[c]).await;

    // The winter open dropped and the spring one added: the line moves with it.
    change_circuit(&app, at.0, c, "Circuito 2026-27", &[spring]).await;
    assert_line(at, winter, &NONE, &[]).await;
    assert_line(at, spring, &renamed[..1], &[c]).await;

    // A second circuit over both: each page names every circuit it counts in.
    let d = circuit(&app, at.0, club, "Liga de invierno", &[winter, spring]).await;
    let both = [(
        "es",
        "Cuenta para los circuitos: Circuito 2026-27, Liga de invierno",
    )];
    assert_line(at, spring, &both, &[c, d]).await;

    // Deleted: gone from the pages of its championships, which stay.
    delete_circuit(&app, at.0, c).await;
    let left = [("es", "Cuenta para el circuito: Liga de invierno")];
    assert_line(at, spring, &left, &[d]).await;
    assert_line(at, winter, &left, &[d]).await;
}

#[tokio::test]
async fn a_circuit_changed_through_another_server_on_the_same_database_shows_on_this_servers_kept_championship_page()
 {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let open = championship(&app, club, "Open de invierno").await;
    let c = circuit(
        &app,
        &app.address,
        club,
        "Circuito de cuatrola 2026",
        &[open],
    )
    .await;
    let other = Server::start(&app.db.url).await;
    let visitor = new_client();
    let here = (app.address.as_str(), &visitor);

    // Read twice here: the second time from this server's kept page.
    let named = [("es", "Cuenta para el circuito: Circuito de cuatrola 2026")];
    assert_line(here, open, &[named[0], named[0]], &[c]).await;

    // Renamed on the other server: this one shows the new name.
    change_circuit(&app, &other.address, c, "Circuito del Alto Aragón", &[open]).await;
    let renamed = [("es", "Cuenta para el circuito: Circuito del Alto Aragón")];
    assert_line(here, open, &renamed, &[c]).await;

    // Deleted on the other server: the line is gone here.
    delete_circuit(&app, &other.address, c).await;
    assert_line(here, open, &NONE[..1], &[]).await;

    // A new circuit made on the other server: named here.
    let d = circuit(&app, &other.address, club, "Circuito de invierno", &[open]).await;
    let made = [("es", "Cuenta para el circuito: Circuito de invierno")];
    assert_line(here, open, &made, &[d]).await;
}

#[tokio::test]
async fn in_a_browser_on_a_360_px_phone_a_visitor_reads_which_circuit_a_championship_counts_in_and_follows_it()
 {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let open = championship(&app, club, "Open de invierno de la Peña La Cuatrola").await;
    let name = "Circuito provincial de cuatrola de la temporada 2026-27";
    let c = circuit(&app, &app.address, club, name, &[open]).await;
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
        format!("Cuenta para el circuito: {name}")
    );
    if axe.is_some() {
        let found = crate::crawl::audit(&browser).await;
        assert!(found.is_empty(), "{found:?}");
    }
    browser.submit("p.circuits-fed a").await;
    assert_eq!(browser.path().await, format!("/circuitos/{c}"));
    assert_eq!(browser.text("h1").await, name);
    browser.assert_fits(360, "the circuit's page").await;
}
