//! The director's pages at a big open: the entrants list searched by a player's
//! name, the pair's name or its number (a GET field the server answers, and a script
//! that filters as one types), and one button that makes a person of the register for
//! every imported player nobody in the register resembles, leaving the others to
//! decide one by one.

use reqwest::StatusCode;

use crate::browser::Browser;
use crate::helpers::{ChampionshipForm, TestApp, new_client, post_form_as, texts};
use baza::db::championship::store;
use baza::db::register;

const CLUB: &str = "Penya La Botifarra";

const GIVEN: [&str; 10] = [
    "Jordi", "Montse", "Pere", "Anna", "Xavier", "Laia", "Quim", "Marta", "Ramon", "Gemma",
];
const SURNAMES: [&str; 12] = [
    "Puig", "Vidal", "Soler", "Roca", "Font", "Mas", "Pujol", "Riera", "Bosch", "Camps", "Vila",
    "Ferrer",
];

/// The players of pair `k` (1-based) of a 30-pair open: all different, and the
/// seventeenth's first player is "Núria Serrà".
fn players_of(k: usize) -> [String; 2] {
    let player = |n: usize| {
        format!(
            "{} {} {}",
            GIVEN[n % GIVEN.len()],
            SURNAMES[n % SURNAMES.len()],
            SURNAMES[(n / SURNAMES.len()) % SURNAMES.len()]
        )
    };
    if k == 17 {
        return ["Núria Serrà".to_owned(), player(2 * k - 1)];
    }
    [player(2 * k - 2), player(2 * k - 1)]
}

/// A club with its organiser signed in on `app.client`, and a championship made with
/// the new-championship form's defaults, with 30 pairs registered through the
/// registration form by their players' names: the club and the championship.
async fn open_of_thirty(app: &TestApp) -> (i32, i32) {
    let club = app.club_with_organiser(CLUB, "Tàrrega").await;
    let id = ChampionshipForm::new("Open de la Festa Major")
        .create(app, club)
        .await;
    for k in 1..=30 {
        let [p1, p2] = players_of(k);
        let res = post_form_as(
            app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos"),
            &[("player1", &p1), ("player2", &p2)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "pair {k}");
    }
    (club, id)
}

async fn director(app: &TestApp, path: &str) -> scraper::Html {
    let res = app.get(path).await;
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    scraper::Html::parse_document(&res.text().await.unwrap())
}

/// The numbers of the rows the entrants list shows.
fn rows(html: &scraper::Html) -> Vec<String> {
    let sel = scraper::Selector::parse("table.entrants tbody tr").unwrap();
    html.select(&sel)
        .filter_map(|r| r.value().attr("data-entrant").map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn a_director_finds_one_pair_of_thirty_by_a_players_name_typed_without_accents() {
    let app = TestApp::spawn().await;
    let (_, id) = open_of_thirty(&app).await;
    let page = format!("/campeonatos/{id}/direccion");

    let html = director(&app, &page).await;
    assert_eq!(rows(&html).len(), 30);
    assert_eq!(texts(&html, ".entrants-shown"), ["30 de 30 parejas"]);
    assert_eq!(
        texts(&html, "form.entrants-search label"),
        ["Buscar por nombre de jugador, de pareja o por número"]
    );

    // Her name typed without accents, in capitals, finds her pair and only it.
    let html = director(&app, &format!("{page}?buscar=NURIA+serra")).await;
    assert_eq!(rows(&html), ["17"]);
    assert!(
        texts(&html, "table.entrants tbody tr td.entrant-people")[0].contains("Núria Serrà"),
        "her pair's row"
    );
    assert_eq!(texts(&html, ".entrants-shown"), ["1 de 30 parejas"]);
    assert_eq!(
        texts(&html, "#inscritos h2"),
        ["Inscritos (30)"],
        "the heading still counts them all"
    );
    assert_eq!(
        crate::helpers::attr(&html, "input#entrants-q", "value").as_deref(),
        Some("NURIA serra"),
        "the field shows what was typed"
    );

    // By its number alone, and by the pair's name.
    let html = director(&app, &format!("{page}?buscar=5")).await;
    assert_eq!(rows(&html), ["5"]);
    let name = app
        .with_conn(move |conn| {
            store::load(conn, id).unwrap().unwrap().file.entrants[16]
                .name
                .clone()
        })
        .await;
    assert_eq!(name, "Serrà – Camps Soler");
    let html = director(&app, &format!("{page}?buscar=SERRA+camps+soler")).await;
    assert_eq!(rows(&html), ["17"]);
    let html = director(&app, &format!("{page}?buscar=zapatero")).await;
    assert!(rows(&html).is_empty());
    assert_eq!(texts(&html, ".entrants-shown"), ["0 de 30 parejas"]);

    // Checked in from the searched list, the list comes back searched.
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/inscritos/17/presente"),
        &[("buscar", "nuria serra")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        res.headers()["location"].to_str().unwrap(),
        format!("/campeonatos/{id}/direccion?buscar=nuria%20serra#inscritos")
    );

    // In Catalan and English.
    for (lang, label, shown) in [
        (
            "ca",
            "Cercar pel nom d'un jugador, de la parella o pel número",
            "1 de 30 parelles",
        ),
        (
            "en",
            "Search by a player's name, the pair's name or its number",
            "1 of 30 pairs",
        ),
    ] {
        let res = app
            .get_with_lang(&format!("{page}?buscar=nuria"), lang)
            .await;
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        assert_eq!(texts(&html, "form.entrants-search label"), [label]);
        assert_eq!(texts(&html, ".entrants-shown"), [shown]);
    }
}

/// Pastes `csv` into the championship's entrant import, as the director does.
async fn import(app: &TestApp, id: i32, csv: &str) -> reqwest::Response {
    post_form_as(
        app,
        &app.client,
        &format!("/campeonatos/{id}/inscritos/importar"),
        &[("csv", csv)],
    )
    .await
}

/// Adds a new person to the club's players through its form.
async fn add_player(app: &TestApp, club: i32, name: &str, licence: &str) {
    let res = post_form_as(
        app,
        &app.client,
        &format!("/clubes/{club}/jugadores"),
        &[("name", name), ("licence", licence), ("person", "new")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "player {name}");
}

/// Presses, as `client`, the button that makes a person for each player of
/// championship `id` without a likely match.
async fn make_people(app: &TestApp, client: &reqwest::Client, id: i32) -> reqwest::Response {
    let path = format!("/campeonatos/{id}/inscritos/vincular-sin-coincidencias");
    post_form_as(app, client, &path, &[]).await
}

async fn register_size(app: &TestApp) -> usize {
    app.with_conn(|conn| register::everyone(conn).unwrap().len())
        .await
}

#[tokio::test]
async fn a_director_makes_people_at_once_for_imported_players_nobody_resembles_and_leaves_the_rest()
{
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser(CLUB, "Tàrrega").await;
    add_player(&app, club, "Andrés Nieto", "").await;
    add_player(&app, club, "Rosa Ortega", "L-7").await;
    let id = ChampionshipForm::new("Open de Sant Martí")
        .create(&app, club)
        .await;
    // Rosa by her licence (linked by the import); Andrés typed as the register does
    // not spell him (a likely match); four players nobody resembles.
    let csv = "jugador 1;licencia 1;jugador 2;licencia 2\n\
               Rosa Ortega;L-7;Quim Esteve;\n\
               andres nieto;;Laia Bosch;\n\
               Pere Vidal;;Gemma Roca;\n";
    let res = import(&app, id, csv).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let before = register_size(&app).await;

    let page = format!("/campeonatos/{id}/direccion");
    let html = director(&app, &page).await;
    assert_eq!(
        texts(&html, "#sin-vincular form.link-unmatched button"),
        ["Crear una persona para cada jugador sin coincidencias (4)"]
    );

    // Not staff: refused, and nobody made.
    let stranger = new_client();
    let res = make_people(&app, &stranger, id).await;
    assert!(
        res.status().is_client_error() || res.status().is_redirection(),
        "{}",
        res.status()
    );
    // Without the form's token: refused.
    let res = app
        .client
        .post(app.url(&format!(
            "/campeonatos/{id}/inscritos/vincular-sin-coincidencias"
        )))
        .form(&[("csrf", "nope")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(register_size(&app).await, before);

    let res = make_people(&app, &app.client, id).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let back = res.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(
        back,
        format!("/campeonatos/{id}/direccion?n=4&hecho=personas-creadas#sin-vincular")
    );
    assert_eq!(register_size(&app).await, before + 4);

    let f = app
        .with_conn(move |conn| store::load(conn, id).unwrap().unwrap().file)
        .await;
    let linked: Vec<(String, bool)> = f
        .entrants
        .iter()
        .flat_map(|e| e.people.iter().map(|p| (p.name.clone(), p.key.is_some())))
        .collect();
    assert_eq!(
        linked,
        [
            ("Rosa Ortega".to_owned(), true),
            ("Quim Esteve".to_owned(), true),
            ("andres nieto".to_owned(), false),
            ("Laia Bosch".to_owned(), true),
            ("Pere Vidal".to_owned(), true),
            ("Gemma Roca".to_owned(), true),
        ]
    );

    // Andrés is left for the director, offered as before; the button is gone.
    let html = director(&app, &back).await;
    assert_eq!(
        texts(&html, "p.done"),
        ["Se han creado 4 personas del registro y se han vinculado."]
    );
    assert_eq!(
        texts(&html, "#sin-vincular .unlinked .link-question"),
        [format!("¿Es Andrés Nieto ({CLUB})?")]
    );
    assert!(texts(&html, "#sin-vincular form.link-unmatched").is_empty());

    // One audit row says how many.
    let audit = app
        .text_as(&app.client, &format!("/campeonatos/{id}/auditoria"))
        .await;
    assert_eq!(
        audit
            .matches("creó 4 personas del registro para los jugadores sin coincidencias")
            .count(),
        1,
        "{audit}"
    );

    // Nothing left to make: refused in words, nobody made.
    let res = make_people(&app, &app.client, id).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = res.text().await.unwrap();
    assert!(
        body.contains("No queda ningún jugador sin coincidencias"),
        "{body}"
    );
    assert_eq!(register_size(&app).await, before + 4);
}

#[tokio::test]
async fn in_a_browser_a_director_on_a_phone_finds_a_pair_by_typing_part_of_a_name_without_accents()
{
    let Some(browser) = Browser::start(
        "in_a_browser_a_director_on_a_phone_finds_a_pair_by_typing_part_of_a_name_without_accents",
    )
    .await
    else {
        return;
    };
    let app = TestApp::spawn().await;
    let (club, id) = open_of_thirty(&app).await;
    browser.as_organiser(&app, "arbitra", club).await;
    browser.viewport(360, 780).await;
    browser
        .goto(&app.url(&format!("/campeonatos/{id}/direccion")))
        .await;
    browser.wait_for("input#entrants-q").await;
    assert_eq!(browser.text(".entrants-shown").await, "30 de 30 parejas");
    browser.fill("input#entrants-q", "nuria ser").await;
    assert_eq!(
        browser.count("table.entrants tbody tr:not([hidden])").await,
        1
    );
    assert_eq!(
        browser
            .eval("return document.querySelector('table.entrants tbody tr:not([hidden])').dataset.entrant")
            .await,
        "17"
    );
    assert_eq!(browser.text(".entrants-shown").await, "1 de 30 parejas");
    browser
        .assert_fits(360, "the searched list of entrants")
        .await;
    browser.screenshot().await;
    // Its number alone.
    browser.fill("input#entrants-q", "5").await;
    assert_eq!(
        browser.count("table.entrants tbody tr:not([hidden])").await,
        1
    );
    browser.fill("input#entrants-q", "").await;
    assert_eq!(browser.text(".entrants-shown").await, "30 de 30 parejas");
}

#[tokio::test]
async fn the_demos_comarcal_championship_finds_a_pair_by_one_players_first_name() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("arbitra", "organiser", Some(1)).await;
    app.login(&app.client, "arbitra", &pw).await;
    let id = app
        .with_conn(|conn| {
            use baza::db::schema::championships;
            use diesel::prelude::*;
            championships::table
                .filter(championships::name.eq("Campeonato comarcal de cuatrola"))
                .select(championships::id)
                .first::<i32>(conn)
                .unwrap()
        })
        .await;
    let html = director(&app, &format!("/campeonatos/{id}/direccion?buscar=jacinto")).await;
    assert_eq!(texts(&html, ".entrants-shown"), ["1 de 12 parejas"]);
    assert_eq!(
        texts(&html, "table.entrants tbody tr td:nth-child(2)"),
        ["Nieto – Ortega"]
    );
}
