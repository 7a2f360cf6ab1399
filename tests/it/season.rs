//! A federation's season from an empty database: the administrator made at *Primeros
//! pasos*, the clubs and their organisers made from the administrator's pages, each
//! club's small cuatrola championship of people of the register played hand by hand
//! at its tables, the federation's circuit over them, and what the federation takes
//! away next week: the standings and results of every event and the season's ranking
//! as spreadsheets, a player's season, the printed ranking, and the championship
//! files that import again as the same standings.

use reqwest::StatusCode;
use serde_json::json;

use crate::championship::{play_table, slips};
use crate::from_scratch::{form_values, id_of, post_fields, set};
use crate::helpers::{TestApp, new_client, post_form_as};

/// One club of the season: its name, town, organiser and players (four pairs).
struct ClubPlan {
    name: &'static str,
    town: &'static str,
    organiser: &'static str,
    event: &'static str,
    starts_on: &'static str,
    pairs: [(&'static str, &'static str); 4],
}

const CLUBS: [ClubPlan; 3] = [
    ClubPlan {
        name: "Peña La Cuatrola",
        town: "Huesca",
        organiser: "marisa",
        event: "Open de otoño de Huesca",
        starts_on: "2026-10-03",
        pairs: [
            ("Begoña Muñoz", "Íñigo Peña"),
            ("Àngels Ferrer", "Jordi Puigdomènech"),
            ("Núria Sánchez", "Óscar Gil"),
            ("Toñi Ruiz", "Luis Calvo"),
        ],
    },
    ClubPlan {
        name: "Club Parchís",
        town: "Barbastro",
        organiser: "ramon",
        event: "Trofeo San Martín",
        starts_on: "2026-11-07",
        pairs: [
            ("Begoña Muñoz", "Íñigo Peña"),
            ("Pilar Lasierra", "Joaquín Ayerbe"),
            ("Maite Sopena", "Chusé Lacasta"),
            ("Núria Sánchez", "Rosario Bielsa"),
        ],
    },
    ClubPlan {
        name: "Casino de Monzón",
        town: "Monzón",
        organiser: "conchita",
        event: "Campeonato de la Cinca",
        starts_on: "2026-11-21",
        pairs: [
            ("Mariano Español", "Petra Lanau"),
            ("Begoña Muñoz", "Àngels Ferrer"),
            ("Jesús Sesé", "Ascensión Buil"),
            ("Óscar Gil", "Toñi Ruiz"),
        ],
    },
];

/// What the season left in the database.
pub(crate) struct Season {
    pub(crate) championships: Vec<i32>,
    pub(crate) circuit: i32,
    /// The administrator's session.
    pub(crate) admin: reqwest::Client,
}

async fn location_of(res: &reqwest::Response) -> String {
    res.headers()["location"].to_str().unwrap().to_owned()
}

/// The person of the register named `name`, as the pair picker finds her.
async fn person(app: &TestApp, client: &reqwest::Client, name: &str) -> Option<i64> {
    let list: serde_json::Value = client
        .get(app.url("/personas/buscar"))
        .query(&[("q", name)])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    list.as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .and_then(|p| p["id"].as_i64())
}

/// The club's organiser adds `name` to the club: the person of the register already
/// known by that name (another club's player), or a new one.
async fn add_player(app: &TestApp, client: &reqwest::Client, club: i32, name: &str) {
    let known = person(app, client, name).await;
    let path = format!("/clubes/{club}/jugadores");
    let mut fields = vec![("name", name.to_owned())];
    if let Some(id) = known {
        fields.push(("person", id.to_string()));
    }
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let res = post_form_as(app, client, &path, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} added");
}

/// Pairs, publishes and plays round `round` of championship `id` hand by hand.
async fn play_round(app: &TestApp, client: &reqwest::Client, id: i32, round: u32, seed: u64) {
    let res = post_form_as(
        app,
        client,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round {round} paired");
    let res = post_form_as(
        app,
        client,
        &format!("/campeonatos/{id}/rondas/{round}/publicar"),
        &[],
    )
    .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "round {round} published"
    );
    for (t, slip) in slips(app, id, &format!("ronda={round}"))
        .await
        .iter()
        .enumerate()
    {
        play_table(app, slip, seed + u64::from(round) * 10 + t as u64).await;
    }
}

/// The season, walked from an empty database through the forms and their defaults.
pub(crate) async fn season(app: &TestApp) -> Season {
    // The first run makes the federation's administrator and the first club.
    let admin = app.client.clone();
    let first = &CLUBS[0];
    let res = post_form_as(
        app,
        &admin,
        "/primeros-pasos",
        &[
            ("username", "federacion"),
            ("password", "sota-de-oros"),
            ("confirm", "sota-de-oros"),
            ("club", first.name),
            ("town", first.town),
            ("game", "cuatrola"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let mut clubs = vec![
        location_of(&res)
            .await
            .trim_start_matches("/clubes/")
            .parse::<i32>()
            .unwrap(),
    ];
    let club_ids = |html: &scraper::Html| -> Vec<i32> {
        let sel = scraper::Selector::parse("a[href^='/clubes/']").unwrap();
        html.select(&sel)
            .filter_map(|a| {
                a.value()
                    .attr("href")?
                    .trim_start_matches("/clubes/")
                    .parse()
                    .ok()
            })
            .collect()
    };
    for (name, town) in CLUBS[1..]
        .iter()
        .map(|c| (c.name, c.town))
        .chain([("Federación Altoaragonesa de Cuatrola", "Huesca")])
    {
        let res = post_form_as(
            app,
            &admin,
            "/admin/clubes",
            &[("name", name), ("town", town), ("game", "cuatrola")],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name}");
        let html = app.page_as(&admin, "/admin/clubes").await;
        let id = club_ids(&html)
            .into_iter()
            .filter(|id| !clubs.contains(id))
            .max()
            .unwrap();
        clubs.push(id);
    }
    let federation = clubs.pop().unwrap();

    let mut championships = Vec::new();
    for (k, plan) in CLUBS.iter().enumerate() {
        let club = clubs[k];
        let res = post_form_as(
            app,
            &admin,
            "/admin/usuarios",
            &[
                ("username", plan.organiser),
                ("password", "caballo-de-copas"),
                ("role", "organiser"),
                ("club", &club.to_string()),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{}", plan.organiser);
        let orga = new_client();
        app.login(&orga, plan.organiser, "caballo-de-copas").await;
        for (a, b) in plan.pairs {
            add_player(app, &orga, club, a).await;
            add_player(app, &orga, club, b).await;
        }
        // The new-championship form with its defaults: a name, a day, three rounds.
        let html = app
            .page_as(&orga, &format!("/clubes/{club}/campeonatos/nuevo"))
            .await;
        let mut fields = form_values(&html, "form.tournament-form");
        set(&mut fields, "name", plan.event);
        set(&mut fields, "starts_on", plan.starts_on);
        set(&mut fields, "rounds", "3");
        let res = post_fields(
            app,
            &orga,
            &format!("/clubes/{club}/campeonatos/nuevo"),
            &fields,
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{}", plan.event);
        let id = id_of(&res);
        for (a, b) in plan.pairs {
            let (pa, pb) = (
                person(app, &orga, a).await.unwrap().to_string(),
                person(app, &orga, b).await.unwrap().to_string(),
            );
            let res = post_form_as(
                app,
                &orga,
                &format!("/campeonatos/{id}/inscritos"),
                &[
                    ("name", ""),
                    ("player1", a),
                    ("person1", &pa),
                    ("player2", b),
                    ("person2", &pb),
                ],
            )
            .await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER, "{a} – {b}");
        }
        for round in 1..=3 {
            play_round(app, &orga, id, round, 1000 * (k as u64 + 1)).await;
        }
        championships.push(id);
    }

    // The federation groups the three championships into its season.
    let html = app
        .page_as(&admin, &format!("/clubes/{federation}/circuitos/nuevo"))
        .await;
    let mut fields: Vec<(String, String)> = form_values(&html, "form")
        .into_iter()
        .filter(|(k, _)| k != "event")
        .collect();
    set(
        &mut fields,
        "name",
        "Circuito altoaragonés de cuatrola 2026",
    );
    for id in &championships {
        fields.push(("event".into(), id.to_string()));
    }
    let res = post_fields(
        app,
        &admin,
        &format!("/clubes/{federation}/circuitos/nuevo"),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the circuit is made");
    let circuit = location_of(&res)
        .await
        .trim_start_matches("/circuitos/")
        .parse()
        .unwrap();
    Season {
        championships,
        circuit,
        admin,
    }
}

async fn text_of(client: &reqwest::Client, url: String) -> String {
    let res = client.get(url).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    res.text().await.unwrap()
}

#[tokio::test]
async fn the_federation_imports_each_clubs_championship_file_on_its_own_day_with_every_hand_and_the_same_standings()
 {
    let clubs_baza = TestApp::spawn().await;
    let s = season(&clubs_baza).await;

    // The federation's own Baza, from its first run.
    let federation = TestApp::spawn().await;
    let res = post_form_as(
        &federation,
        &federation.client,
        "/primeros-pasos",
        &[
            ("username", "secretaria"),
            ("password", "rey-de-espadas"),
            ("confirm", "rey-de-espadas"),
            ("club", "Federación Altoaragonesa de Cuatrola"),
            ("town", "Huesca"),
            ("game", "cuatrola"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    for (plan, id) in CLUBS.iter().zip(&s.championships) {
        // The club's file, as its director downloads it.
        let file = text_of(
            &s.admin,
            clubs_baza.url(&format!("/campeonatos/{id}/exportar")),
        )
        .await;
        let copy = crate::file_reads_back::imported(&federation, 1, &file).await;
        let day: chrono::NaiveDate = federation
            .with_conn(move |c| {
                baza::db::queries::find_championship(c, copy)
                    .unwrap()
                    .unwrap()
                    .starts_on
            })
            .await;
        assert_eq!(day.to_string(), plan.starts_on, "{}", plan.event);
        // Every game and every hand came along, and the standings are the same.
        let again = text_of(
            &federation.client,
            federation.url(&format!("/campeonatos/{copy}/exportar")),
        )
        .await;
        let (file, again): (serde_json::Value, serde_json::Value) = (
            serde_json::from_str(&file).unwrap(),
            serde_json::from_str(&again).unwrap(),
        );
        assert_eq!(file["rounds"], again["rounds"], "{}", plan.event);
        assert_eq!(file["event"], again["event"], "{}", plan.event);
        let standings = |app: &TestApp, id: i32| {
            let url = app.url(&format!("/campeonatos/{id}/clasificacion.csv"));
            async move { text_of(&new_client(), url).await }
        };
        assert_eq!(
            standings(&clubs_baza, *id).await,
            standings(&federation, copy).await
        );
    }
    // The season's form lists them on their days.
    let form = text_of(
        &federation.client,
        federation.url("/clubes/1/circuitos/nuevo"),
    )
    .await;
    for plan in &CLUBS {
        let day = chrono::NaiveDate::parse_from_str(plan.starts_on, "%Y-%m-%d").unwrap();
        let label = format!(
            "{} · Federación Altoaragonesa de Cuatrola ({})",
            plan.event,
            day.format("%d/%m/%Y")
        );
        assert!(form.contains(&label), "{label}: {form}");
    }
}

#[tokio::test]
async fn a_file_without_its_day_is_dated_as_the_command_line_says_and_the_command_line_outranks_the_files_day()
 {
    let (app, club) = crate::circuits::circuit_club().await;
    let mut file = crate::circuits::championship(
        "Prova sense data",
        [
            ("Ana", "Bea"),
            ("Carla", "Dani"),
            ("Eva", "Fede"),
            ("Gil", "Hugo"),
        ],
    );
    let a = crate::circuits::import(&app, club, &file, "2026-02-14");
    file["event"]["starts_on"] = serde_json::json!("2026-01-10");
    let b = crate::circuits::import(&app, club, &file, "2026-03-21");
    let days: Vec<String> = app
        .with_conn(move |c| {
            [a, b]
                .iter()
                .map(|id| {
                    baza::db::queries::find_championship(c, *id)
                        .unwrap()
                        .unwrap()
                        .starts_on
                        .to_string()
                })
                .collect()
        })
        .await;
    assert_eq!(days, ["2026-02-14", "2026-03-21"]);
}

/// A cuatrola Swiss of forty pairs of four clubs, one round typed, each player a
/// person with a licence: its file.
fn forty_pairs(name: &str) -> serde_json::Value {
    const FIRST: [&str; 10] = [
        "Begoña",
        "Íñigo",
        "Àngels",
        "Jordi",
        "Núria",
        "Óscar",
        "Ascensión",
        "Joaquín",
        "Rosario",
        "Mariano",
    ];
    const LAST: [&str; 10] = [
        "Puigdomènech",
        "Castañer",
        "Villacampa",
        "Labordeta",
        "Lasierra",
        "Sopena",
        "Español",
        "Bielsa",
        "Ayerbe",
        "Lacasta",
    ];
    const CLUBS: [&str; 4] = [
        "Peña La Cuatrola",
        "Club Parchís",
        "Casino de Monzón",
        "Peña El Tres de Copas",
    ];
    let entrants: Vec<_> = (0..40)
        .map(|i| {
            let a = format!("{} {}", FIRST[i % 10], LAST[(i / 10 + i) % 10]);
            let b = format!("{} {}", FIRST[(i + 3) % 10], LAST[(i * 7 + 1) % 10]);
            let surname = |n: &str| n.split(' ').nth(1).unwrap().to_owned();
            json!({
                "id": (i + 1).to_string(),
                "name": format!("{} – {}", surname(&a), surname(&b)),
                "club": CLUBS[i % 4],
                "people": [{"name": a, "licence": format!("HU-{i:03}-1")},
                           {"name": b, "licence": format!("HU-{i:03}-2")}],
            })
        })
        .collect();
    let pairings: Vec<_> = (0..20)
        .map(
            |t| json!({"table": t + 1, "a": (2 * t + 1).to_string(), "b": (2 * t + 2).to_string()}),
        )
        .collect();
    let results: Vec<_> = (0..20)
        .map(|t| json!({"table": t + 1, "score": [21, t % 19]}))
        .collect();
    json!({
        "format": "baza-tournament/1",
        "event": {
            "name": name, "game": "cuatrola",
            "system": {"kind": "swiss", "rounds": 4},
            "match_format": {"kind": "partida", "target": 21},
            "points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
            "tiebreaks": ["points", "buchholz", "median_buchholz", "point_difference", "points_for", "lot"],
            "seed": 11
        },
        "entrants": entrants,
        "rounds": [{"number": 1, "pairings": pairings, "results": results}],
    })
}

#[tokio::test]
async fn in_a_browser_the_season_keeps_its_names_in_view_on_a_phone_forty_pairs_print_on_one_a4_page_and_the_season_prints_its_totals()
 {
    let (app, club) = crate::circuits::circuit_club().await;
    let big = crate::circuits::import(
        &app,
        club,
        &forty_pairs("Gran Open de la Federación Altoaragonesa"),
        "2026-12-05",
    );
    let mut ids = vec![big];
    for (name, day) in [
        ("Open de otoño de Huesca", "2026-10-03"),
        ("Campeonato de la Cinca y el Somontano", "2026-11-21"),
    ] {
        let file = crate::circuits::championship(
            name,
            [
                ("Ana", "Bea"),
                ("Carla", "Dani"),
                ("Eva", "Fede"),
                ("Gil", "Hugo"),
            ],
        );
        ids.push(crate::circuits::import(&app, club, &file, day));
    }
    let mut fields: Vec<(&str, String)> = vec![
        ("name", "Circuito altoaragonés de cuatrola 2026".into()),
        (
            "points",
            "100, 80, 65, 55, 50, 45, 40, 36, 32, 29, 26, 24, 22, 20".into(),
        ),
        ("floor", "10".into()),
        ("best", String::new()),
    ];
    fields.extend(ids.iter().map(|id| ("event", id.to_string())));
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/clubes/{club}/circuitos/nuevo"),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let circuit = location_of(&res).await;

    let Some(browser) = crate::browser::Browser::start(
        "in_a_browser_the_season_keeps_its_names_in_view_on_a_phone_forty_pairs_print_on_one_a4_page_and_the_season_prints_its_totals",
    )
    .await
    else {
        return;
    };
    // On a phone the season's table scrolls in its box under the pinned names.
    browser.viewport(360, 740).await;
    browser.goto(&app.url(&circuit)).await;
    let pinned = browser
        .eval(
            "const w = document.querySelector('.table-wrap'); w.scrollLeft = 10000;
             const name = w.querySelector('tbody tr td:nth-child(2)').getBoundingClientRect();
             return [w.scrollLeft, Math.round(name.left - w.getBoundingClientRect().left)]",
        )
        .await;
    assert!(
        pinned[0].as_f64().unwrap() > 0.0,
        "the table scrolls: {pinned}"
    );
    assert_eq!(pinned[1], 0, "the name stays at the box's left edge");

    browser
        .goto(&app.url(&format!("/campeonatos/{big}/imprimir/clasificacion")))
        .await;
    assert_eq!(
        browser.count("table.tournament-standings tbody tr").await,
        40
    );
    let (_, pages) = crate::brackets::print_pdf(&browser, "forty-pairs.pdf").await;
    assert_eq!(pages, 1, "the ranking of forty pairs on one A4 page");

    // The season on paper: A4 portrait with 12 mm margins is 186 mm wide; every
    // column, the total last, within it.
    browser.goto(&app.url(&format!("{circuit}/imprimir"))).await;
    let width = (186.0 * 96.0 / 25.4) as i64;
    crate::brackets::cdp(
        &browser,
        "Emulation.setDeviceMetricsOverride",
        json!({"width": width, "height": 1000, "deviceScaleFactor": 1, "mobile": false}),
    )
    .await;
    crate::brackets::cdp(
        &browser,
        "Emulation.setEmulatedMedia",
        json!({"media": "print"}),
    )
    .await;
    let right = browser
        .eval(
            "return Math.max(...[...document.querySelectorAll('table.circuit-table td.total')]
               .map(e => e.getBoundingClientRect().right))",
        )
        .await;
    let right = right.as_f64().unwrap();
    assert!(
        right <= width as f64,
        "the season's totals end at {right} px on a {width} px wide page"
    );
}

/// The records of a CSV download, after its BOM.
fn csv_records(text: &str) -> Vec<Vec<String>> {
    crate::helpers::csv_records(text)
}

#[tokio::test]
async fn the_federation_downloads_the_results_of_every_round_of_every_event_and_its_standings_as_the_pages_show_them()
 {
    let app = TestApp::spawn().await;
    let s = season(&app).await;
    let public = new_client();
    for (plan, id) in CLUBS.iter().zip(&s.championships) {
        let page = text_of(&public, app.url(&format!("/campeonatos/{id}"))).await;
        assert!(page.contains(&format!("href=\"/campeonatos/{id}/resultados.csv\"")));
        let results = csv_records(
            &text_of(
                &public,
                app.url(&format!("/campeonatos/{id}/resultados.csv")),
            )
            .await,
        );
        assert_eq!(
            results[0],
            [
                "Mesa",
                "Pareja 1",
                "Pareja 2",
                "Tantos de la pareja 1",
                "Tantos de la pareja 2",
                "Resultado",
                "Ronda"
            ],
            "{}",
            plan.event
        );
        // Every table of the three rounds, with the scores the tables confirmed.
        let file: serde_json::Value = s
            .admin
            .get(app.url(&format!("/campeonatos/{id}/exportar")))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let name = |entrant: &serde_json::Value| {
            file["entrants"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["id"] == *entrant)
                .unwrap()["name"]
                .as_str()
                .unwrap()
                .to_owned()
        };
        let mut expected = Vec::new();
        for round in file["rounds"].as_array().unwrap() {
            for p in round["pairings"].as_array().unwrap() {
                let r = round["results"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|r| r["table"] == p["table"])
                    .unwrap();
                expected.push(vec![
                    p["table"].to_string(),
                    name(&p["a"]),
                    name(&p["b"]),
                    r["score"][0].to_string(),
                    r["score"][1].to_string(),
                    format!("{} – {}", r["score"][0], r["score"][1]),
                    round["number"].to_string(),
                ]);
            }
        }
        assert_eq!(results[1..], expected[..], "{}", plan.event);
        assert_eq!(expected.len(), 6);
        // The standings file says what the page says: place, pair, points.
        let standings = csv_records(
            &text_of(
                &public,
                app.url(&format!("/campeonatos/{id}/clasificacion.csv")),
            )
            .await,
        );
        let html = scraper::Html::parse_document(&page);
        let shown: Vec<String> = crate::helpers::texts(&html, ".standings tbody tr td.name strong");
        let points: Vec<String> = crate::helpers::texts(&html, ".standings tbody tr td.points");
        let filed: Vec<(String, String)> = standings[1..]
            .iter()
            .map(|r| (r[1].clone(), r[7].clone()))
            .collect();
        assert_eq!(
            filed,
            shown.into_iter().zip(points).collect::<Vec<_>>(),
            "{}",
            plan.event
        );
    }
    // The season's ranking file has the page's totals.
    let page = app
        .page(&format!("/circuitos/{}", s.circuit), StatusCode::OK)
        .await;
    let totals = crate::helpers::texts(&page, "table.circuit-table td.total");
    let ranking = text_of(
        &public,
        app.url(&format!("/circuitos/{}/clasificacion.csv", s.circuit)),
    )
    .await;
    let filed: Vec<String> = csv_records(&ranking)
        .iter()
        .filter(|r| r.len() > 2 && r[0].parse::<u32>().is_ok())
        .map(|r| r.last().unwrap().clone())
        .collect();
    assert_eq!(filed, totals);
    // The place column is headed in words on the page and in the file, as the
    // championships' standings are.
    assert_eq!(
        crate::helpers::texts(&page, "table.circuit-table thead th")[0],
        "Puesto"
    );
    let heads: Vec<String> = csv_records(&ranking)
        .into_iter()
        .filter(|r| r.len() > 2 && r[0].parse::<u32>().is_err())
        .map(|r| r[0].clone())
        .collect();
    assert!(
        !heads.is_empty() && heads.iter().all(|h| h == "Puesto"),
        "{heads:?}"
    );
}
