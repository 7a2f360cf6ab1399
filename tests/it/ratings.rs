//! Ratings from history and the player and pair pages.

use reqwest::StatusCode;
use serde_json::Value;

use crate::browser::Browser;
use crate::helpers::{TestApp, attr, texts};

/// `baza ratings recompute --json` over the app's database.
fn recompute(app: &TestApp) -> Vec<Value> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args(["ratings", "recompute", "--json", "--db", &app.db.url])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice::<Value>(&out.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test]
async fn the_ratings_page_and_baza_ratings_recompute_give_the_same_numbers() {
    let app = TestApp::with_demo().await;
    let cli = recompute(&app);
    // The club's sixteen players and the comarcal championships' 23 others.
    assert_eq!(cli.len(), 39, "every person of the demo is rated");
    let page = app.page("/puntuaciones", StatusCode::OK).await;
    let names = texts(&page, "table.ratings tbody td:nth-child(2)");
    let ratings = texts(&page, "table.ratings tbody td:nth-child(3)");
    assert_eq!(names.len(), 39);
    for (i, row) in cli.iter().enumerate() {
        assert_eq!(names[i], row["name"].as_str().unwrap());
        assert_eq!(
            ratings[i],
            format!("{:.0}", row["rating"].as_f64().unwrap()),
            "{}",
            names[i]
        );
    }
    // Winners and losers moved apart from the newcomer's 1500.
    let best = cli[0]["rating"].as_f64().unwrap();
    let worst = cli[38]["rating"].as_f64().unwrap();
    assert!(best > 1600.0 && worst < 1400.0, "{best} {worst}");
    // Recomputing again changes nothing.
    assert_eq!(recompute(&app), cli);
}

#[tokio::test]
async fn a_player_page_shows_club_partners_championships_with_place_chart_and_head_to_head() {
    let app = TestApp::with_demo().await;
    let cli = recompute(&app);
    let ana = cli.iter().find(|r| r["name"] == "Ana Martínez").unwrap();
    let id = ana["player_id"].as_i64().unwrap();
    let page = app.page(&format!("/jugadores/{id}"), StatusCode::OK).await;
    assert_eq!(texts(&page, "h1"), vec!["Ana Martínez".to_string()]);
    assert_eq!(
        texts(&page, ".club-spans a"),
        vec!["Peña La Baza".to_string()]
    );
    let now = texts(&page, "p.rating-now strong");
    assert_eq!(
        now[0].split(' ').next().unwrap(),
        format!("{:.0}", ana["rating"].as_f64().unwrap())
    );
    // Her pair and her partner, linked.
    let links = texts(&page, "ul.columns a");
    assert!(links.contains(&"Los del Casino".to_string()), "{links:?}");
    assert!(links.contains(&"Benito Sánchez".to_string()), "{links:?}");
    // The league she played, with her place among all entrants.
    let places = texts(&page, "table tbody td:nth-child(4)");
    assert!(!places.is_empty());
    assert!(places.iter().all(|p| p.contains('/')), "{places:?}");
    // One chart point per rated period, each with a tooltip.
    let points = page
        .select(&scraper::Selector::parse("svg circle.rating-point title").unwrap())
        .count();
    assert!(points >= 2, "{points} points");
    assert!(attr(&page, "svg polyline.rating-line", "points").is_some());
    // Head-to-head against her usual rival: counts add up to the games they met in.
    let rival = cli.iter().find(|r| r["name"] == "Carmen López").unwrap();
    let rid = rival["player_id"].as_i64().unwrap();
    let page = app
        .page(&format!("/jugadores/{id}?contra={rid}"), StatusCode::OK)
        .await;
    let line = texts(&page, "p.head-to-head").join(" ");
    assert!(line.starts_with("Carmen López:"), "{line}");
    assert!(
        line.contains("ganadas") && line.contains("perdidas"),
        "{line}"
    );
    assert_eq!(
        attr(&page, "select[name=contra] option[selected]", "value"),
        Some(rid.to_string())
    );
    // A player who does not exist, or a bad id: 404.
    app.page("/jugadores/999999", StatusCode::NOT_FOUND).await;
    app.page("/parejas/999999", StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn a_pair_page_shows_its_players_the_mean_rating_and_its_championships() {
    let app = TestApp::with_demo().await;
    let page = app.page("/parejas/1", StatusCode::OK).await;
    assert_eq!(texts(&page, "h1"), vec!["Los del Casino".to_string()]);
    let links = texts(&page, "p.meta a");
    assert!(links.contains(&"Ana Martínez".to_string()), "{links:?}");
    assert!(links.contains(&"Benito Sánchez".to_string()), "{links:?}");
    let cli = recompute(&app);
    let of = |n: &str| {
        cli.iter().find(|r| r["name"] == n).unwrap()["rating"]
            .as_f64()
            .unwrap()
    };
    let mean = (of("Ana Martínez") + of("Benito Sánchez")) / 2.0;
    let shown = texts(&page, "p.rating-now strong");
    assert_eq!(shown[0].split(' ').next().unwrap(), format!("{mean:.0}"));
    assert!(
        !texts(&page, "table tbody tr").is_empty(),
        "its championships"
    );
    let page = app.page("/parejas/1?contra=2", StatusCode::OK).await;
    assert!(texts(&page, "p.head-to-head")[0].starts_with("Sota y Caballo:"));
    // The page reads in English too.
    let res = app.get_with_lang("/parejas/1", "en").await;
    let body = res.text().await.unwrap();
    assert!(body.contains("Pair rating (mean of both)"), "{body}");
}

#[tokio::test]
async fn in_a_browser_a_player_page_with_its_chart_fits_a_390_px_phone() {
    let Some(browser) = Browser::start("player_page_phone").await else {
        return;
    };
    let app = TestApp::with_demo().await;
    browser.viewport(390, 844).await;
    browser.goto(&app.url("/jugadores/1")).await;
    assert!(browser.count("svg circle.rating-point").await > 1);
    let width = browser
        .eval("return document.querySelector('.rating-chart svg').getBoundingClientRect().width")
        .await
        .as_f64()
        .unwrap();
    assert!(width > 200.0 && width <= 390.0, "chart {width} px wide");
    assert_eq!(
        browser
            .eval("return document.documentElement.scrollWidth <= window.innerWidth")
            .await,
        true
    );
    browser.assert_fits(390, "the player page").await;
    browser.screenshot().await;
}

#[tokio::test]
async fn a_new_championship_seeds_its_pairs_by_the_mean_rating_of_their_players() {
    let app = TestApp::with_demo().await;
    let cli = recompute(&app);
    let rating = |n: &str| {
        cli.iter().find(|r| r["name"] == n).unwrap()["rating"]
            .as_f64()
            .unwrap()
    };
    // Four demo pairs and one pair of newcomers, before any round.
    let pairs = [
        ("Los del Casino", ["Ana Martínez", "Benito Sánchez"]),
        ("Las Cuarenta", ["Elena García", "Fermín Torres"]),
        ("El Renuncio", ["Inés Castillo", "Jacinto Ortega"]),
        ("Quintola", ["Pilar Morales", "Ramón Vidal"]),
    ];
    let mut entrants: Vec<Value> = pairs
        .iter()
        .enumerate()
        .map(|(i, (name, _))| serde_json::json!({"id": (i + 1).to_string(), "name": name}))
        .collect();
    entrants.push(serde_json::json!({"id": "5", "name": "Forasteros"}));
    let file = serde_json::json!({
        "format": "baza-tournament/1",
        "event": {
            "name": "Open de invierno", "game": "cuatrola", "options": {},
            "system": {"kind": "swiss", "rounds": 3},
            "match_format": {"kind": "partida"},
            "points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
            "tiebreaks": ["wins", "lot"],
            "seed": 1
        },
        "entrants": entrants,
        "rounds": []
    });
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .args([
            "tournament",
            "import",
            path.to_str().unwrap(),
            "--db",
            &app.db.url,
            "--club",
            "1",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let id: i32 = String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let pw = app.add_user("semillas", "organiser", Some(1)).await;
    app.login(&app.client, "semillas", &pw).await;
    let page = app
        .page(&format!("/campeonatos/{id}/sembrar"), StatusCode::OK)
        .await;
    // Expected here: the mean of the two players; the newcomers at 1500.
    let mut expected: Vec<(String, f64)> = pairs
        .iter()
        .map(|(name, [a, b])| (name.to_string(), (rating(a) + rating(b)) / 2.0))
        .collect();
    expected.push(("Forasteros".to_string(), 1500.0));
    expected.sort_by(|a, b| b.1.total_cmp(&a.1));
    let shown: Vec<String> = texts(&page, "table.seeding td.rating")
        .iter()
        .map(|t| t.split(' ').next().unwrap().to_string())
        .collect();
    assert_eq!(
        shown,
        expected
            .iter()
            .map(|(_, r)| format!("{r:.0}"))
            .collect::<Vec<_>>()
    );
    let res = crate::helpers::post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/sembrar"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let doc: Value = app
        .with_conn(move |c| {
            serde_json::to_value(
                baza::db::championship::store::load(c, id)
                    .unwrap()
                    .unwrap()
                    .file,
            )
            .unwrap()
        })
        .await;
    let seeds: Vec<(String, u64)> = doc["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["seed"].as_u64().unwrap(),
            )
        })
        .collect();
    for (i, (name, _)) in expected.iter().enumerate() {
        assert!(
            seeds.contains(&(name.clone(), i as u64 + 1)),
            "{name}: {seeds:?}"
        );
    }
    // A championship already under way keeps its seeds: 422, nothing written.
    let res = crate::helpers::post_form_as(&app, &app.client, "/campeonatos/1/sembrar", &[]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_knockout_bracket_seeded_from_ratings_orders_the_pairs_best_first_and_shows_their_ratings()
 {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("org", "organiser", Some(1)).await;
    app.login(&app.client, "org", &pw).await;
    let pairs = [
        "Los del Casino",
        "Sota y Caballo",
        "Las Cuarenta",
        "Arrastre",
        "El Renuncio",
        "Peña El Tres",
    ];
    let mut stored = Vec::new();
    for order in [pairs.to_vec(), pairs.iter().rev().copied().collect()] {
        let list = order.join("\n");
        let res = crate::helpers::post_form_as(
            &app,
            &app.client,
            "/cuadros/nuevo",
            &[
                ("club", "1"),
                ("name", "Copa de la temporada"),
                ("game", "cuatrola"),
                ("format", "single"),
                ("seeding", "ratings"),
                ("paper", "a4"),
                ("names", &list),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let location = res.headers()["location"].to_str().unwrap().to_owned();
        let id: i32 = location.trim_start_matches("/cuadros/").parse().unwrap();
        let row = app
            .with_conn(move |c| {
                baza::db::brackets::list_brackets(c)
                    .unwrap()
                    .into_iter()
                    .find(|b| b.id == id)
                    .unwrap()
            })
            .await;
        let names: Vec<String> = serde_json::from_str(&row.entrants).unwrap();
        let ratings: Vec<i64> = row
            .seeding
            .strip_prefix("ratings:")
            .unwrap()
            .split(',')
            .map(|r| r.parse().unwrap())
            .collect();
        assert_eq!(ratings.len(), 6);
        assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
        assert!(
            ratings[0] > ratings[5],
            "the demo's pairs differ: {ratings:?}"
        );
        // The bracket's page says how it was seeded, with the ratings.
        let page = app.page(&location, StatusCode::OK).await;
        let said = page.root_element().text().collect::<String>();
        assert!(said.contains("puntuaciones"), "{said}");
        assert!(said.contains(&format!("1. {}", ratings[0])));
        stored.push(names);
    }
    // The typed order does not matter: the ratings decide.
    assert_eq!(stored[0], stored[1]);
}

#[tokio::test]
async fn a_player_page_gives_the_same_deviation_in_the_same_words_as_the_ratings_table() {
    let app = TestApp::with_demo().await;
    let table = app.page("/puntuaciones", StatusCode::OK).await;
    let row = table
        .select(&scraper::Selector::parse("table.ratings tbody tr").unwrap())
        .find(|tr| tr.text().any(|t| t == "Ana Martínez"))
        .expect("Ana's row");
    let cells: Vec<String> = row
        .select(&scraper::Selector::parse("td").unwrap())
        .map(|td| td.text().collect::<String>())
        .collect();
    let href = row
        .select(&scraper::Selector::parse("a").unwrap())
        .next()
        .and_then(|a| a.value().attr("href"))
        .unwrap()
        .to_owned();
    let page = app.page(&href, StatusCode::OK).await;
    let now = texts(&page, "p.rating-now").join(" ");
    assert!(
        now.contains(&format!("Puntuación: {}", cells[2])),
        "{now} / {cells:?}"
    );
    assert!(
        now.contains(&format!("Desviación: {}", cells[3])),
        "{now} / {cells:?}"
    );
    assert!(!now.contains('±'), "{now}");
    assert!(
        texts(&page, "p.rating-explain")[0].contains("desviación"),
        "the page says what the deviation is"
    );
}
