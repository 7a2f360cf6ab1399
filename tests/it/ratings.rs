//! Ratings from history, one per game, and the player and pair pages.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::Value;

use crate::browser::Browser;
use crate::helpers::{TestApp, attr, texts};

/// `baza ratings recompute --json` over the app's database: every game's list.
fn recompute(app: &TestApp) -> Vec<Value> {
    recompute_with(app, &[])
}

/// The cuatrola list of `baza ratings recompute --json`.
fn cuatrola(app: &TestApp) -> Vec<Value> {
    recompute_with(app, &["--game", "cuatrola"])
}

/// `baza ratings recompute --json` with `args`.
fn recompute_with(app: &TestApp, args: &[&str]) -> Vec<Value> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .env("RUST_LOG", "warn")
        .args(["ratings", "recompute", "--json", "--db", &app.db.url])
        .args(args)
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

/// The rows of `rows` of game `game`, in their order.
fn of_game<'a>(rows: &'a [Value], game: &str) -> Vec<&'a Value> {
    rows.iter().filter(|r| r["game"] == game).collect()
}

/// The names and ratings of a ratings page's table, in its order.
fn table_of(page: &scraper::Html) -> Vec<(String, String)> {
    let names = texts(page, "table.ratings tbody td:nth-child(2)");
    let ratings = texts(page, "table.ratings tbody td:nth-child(3)");
    assert_eq!(names.len(), ratings.len());
    names.into_iter().zip(ratings).collect()
}

/// The names and ratings (rounded as the page shows them) of CLI rows.
fn shown_rows(rows: &[&Value]) -> Vec<(String, String)> {
    rows.iter()
        .map(|r| {
            let rating = format!("{:.0}", r["rating"].as_f64().unwrap());
            (r["name"].as_str().unwrap().to_owned(), rating)
        })
        .collect()
}

#[tokio::test]
async fn the_ratings_page_and_baza_ratings_recompute_give_the_same_numbers() {
    let app = TestApp::with_demo().await;
    // The club games `baza serve --demo` adds: one of them botifarra, one tute.
    app.with_conn(|c| baza::service::demo_games::create_demo_games(c, 1).unwrap())
        .await;
    let cli = recompute(&app);
    // The club's sixteen players and the comarcal championships' 23 others.
    let cuatrola = of_game(&cli, "cuatrola");
    assert_eq!(cuatrola.len(), 39, "every person of the demo is rated");
    // The club's usual game first, with the choice of the others.
    let page = app.page("/puntuaciones", StatusCode::OK).await;
    assert_eq!(table_of(&page), shown_rows(&cuatrola));
    assert_eq!(
        attr(&page, ".game-picker a[aria-current=page]", "href"),
        Some("/puntuaciones?juego=cuatrola".to_string())
    );
    // Each game's list, the same as the page of that game; the demo's botifarra
    // results make a list of their own.
    let games: Vec<String> = page
        .select(&scraper::Selector::parse(".game-picker a").unwrap())
        .filter_map(|a| a.value().attr("href"))
        .filter_map(|h| h.strip_prefix("/puntuaciones?juego="))
        .map(str::to_owned)
        .collect();
    let mut in_cli: Vec<String> = cli
        .iter()
        .map(|r| r["game"].as_str().unwrap().to_owned())
        .collect();
    in_cli.dedup();
    assert_eq!(games, in_cli, "the games someone is rated in");
    assert!(games.contains(&"botifarra".to_string()), "{games:?}");
    let mut listed = 0;
    for game in &games {
        let page = app
            .page(&format!("/puntuaciones?juego={game}"), StatusCode::OK)
            .await;
        let rows = of_game(&cli, game);
        assert!(!rows.is_empty(), "{game}");
        assert_eq!(table_of(&page), shown_rows(&rows), "{game}");
        listed += rows.len();
    }
    assert_eq!(listed, cli.len(), "every line of the CLI is on a page");
    // Winners and losers moved apart from the newcomer's 1500.
    let best = cuatrola[0]["rating"].as_f64().unwrap();
    let worst = cuatrola[38]["rating"].as_f64().unwrap();
    assert!(best > 1600.0 && worst < 1400.0, "{best} {worst}");
    // Recomputing again changes nothing.
    assert_eq!(recompute(&app), cli);
    // A game that does not exist: refused in the visitor's language.
    let res = app.get_with_lang("/puntuaciones?juego=mus", "ca").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = res.text().await.unwrap();
    assert!(body.contains("Aquest joc no existeix"), "{body}");
}

#[tokio::test]
async fn a_player_page_shows_club_partners_championships_with_place_chart_and_head_to_head() {
    let app = TestApp::with_demo().await;
    let cli = cuatrola(&app);
    let ana = cli.iter().find(|r| r["name"] == "Ana Martínez").unwrap();
    let id = ana["player_id"].as_i64().unwrap();
    let page = app.page(&format!("/jugadores/{id}"), StatusCode::OK).await;
    assert_eq!(texts(&page, "h1"), vec!["Ana Martínez".to_string()]);
    assert_eq!(
        texts(&page, ".club-spans a"),
        vec!["Peña La Baza".to_string()]
    );
    let now = texts(&page, "#puntuacion-cuatrola p.rating-now strong");
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
    // Head-to-head against her usual rival: counts add up to the games they met in,
    // told per game.
    let rival = cli.iter().find(|r| r["name"] == "Carmen López").unwrap();
    let rid = rival["player_id"].as_i64().unwrap();
    let page = app
        .page(&format!("/jugadores/{id}?contra={rid}"), StatusCode::OK)
        .await;
    assert_eq!(texts(&page, "p.head-to-head"), ["Carmen López:"]);
    let line = texts(&page, "ul.head-to-head-games li").join(" ");
    assert!(line.starts_with("Cuatrola:"), "{line}");
    assert!(
        line.contains("ganada") && line.contains("perdida"),
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
    let cli = cuatrola(&app);
    let of = |n: &str| {
        cli.iter().find(|r| r["name"] == n).unwrap()["rating"]
            .as_f64()
            .unwrap()
    };
    let mean = (of("Ana Martínez") + of("Benito Sánchez")) / 2.0;
    let shown = texts(&page, "#puntuacion-cuatrola p.rating-now strong");
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

/// Imports championship file `file` for club `club` with `baza tournament import`;
/// its id.
fn import(app: &TestApp, club: i32, file: &Value) -> i32 {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let club = club.to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .args(["tournament", "import", path.to_str().unwrap()])
        .args(["--db", &app.db.url, "--club", &club])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[tokio::test]
async fn in_a_browser_the_ratings_of_each_game_fit_a_360_px_phone() {
    let Some(browser) = Browser::start("ratings_per_game_phone").await else {
        return;
    };
    let app = TestApp::with_demo().await;
    app.with_conn(|c| baza::service::demo_games::create_demo_games(c, 1).unwrap())
        .await;
    browser.viewport(360, 800).await;
    browser
        .goto(&app.url("/puntuaciones?juego=botifarra"))
        .await;
    assert!(browser.count(".game-picker a").await >= 2);
    assert!(browser.count("table.ratings tbody tr").await > 0);
    browser.assert_fits(360, "the botifarra ratings").await;
    browser.screenshot().await;
    // Ana Martínez, rated at cuatrola and at tute: a chart for each.
    browser.goto(&app.url("/jugadores/1")).await;
    assert_eq!(browser.count("section.rating-game").await, 2);
    assert_eq!(browser.count("section.rating-game svg").await, 2);
    browser
        .assert_fits(360, "a player page with two games' ratings")
        .await;
    browser.screenshot().await;
}

#[tokio::test]
async fn a_new_championship_seeds_its_pairs_by_the_mean_rating_of_their_players() {
    let app = TestApp::with_demo().await;
    let cli = cuatrola(&app);
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
    let id = import(&app, 1, &file);
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
        let id = crate::from_scratch::bracket_id_of(&location);
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

/// A finished game of four at `club` on November `day`, seats 0 and 2 against 1 and
/// 3, won by side `winner`.
fn finished(
    conn: &mut baza::db::DbConn,
    club: i32,
    game: &str,
    seats: [&str; 4],
    winner: i32,
    day: u32,
) {
    use diesel::prelude::*;
    let at = chrono::NaiveDate::from_ymd_opt(2026, 11, day)
        .and_then(|d| d.and_hms_opt(18, 0, 0))
        .unwrap();
    let seats = serde_json::to_string(&seats).unwrap();
    let id = baza::db::games::insert_game(
        conn,
        &baza::db::games::NewGame {
            club_id: club,
            game,
            players: 4,
            options: "{}",
            first_dealer: 0,
            seats: &seats,
            status: "finished",
            pin: "1234",
            created_by: "test",
            created_at: at,
            updated_at: at,
            series_id: None,
            best_of: 1,
            tail: None,
        },
    )
    .unwrap();
    use baza::db::schema::games;
    diesel::update(games::table.find(id))
        .set(games::winner.eq(Some(winner)))
        .execute(conn)
        .unwrap();
}

/// A club whose Ana and Bea lost to Carla and Dani at botifarra on the 2nd of
/// November and beat them at cuatrola on the 3rd (one list of both games would put
/// them above the newcomer's 1500): the club and each one's person id.
async fn won_at_cuatrola_lost_at_botifarra(app: &TestApp) -> (i32, BTreeMap<String, i32>) {
    let club = app.add_club("Peña Las Dos", "Alcañiz").await;
    let people = app
        .with_conn(move |conn| {
            let at = baza::web::account::now();
            let mut people = BTreeMap::new();
            for name in ["Ana", "Bea", "Carla", "Dani"] {
                let person = baza::db::register::create(conn, name, None, None, at).unwrap();
                baza::db::register::add_member(conn, club, name, Some(person), at).unwrap();
                people.insert(name.to_string(), person);
            }
            let seats = ["Ana", "Carla", "Bea", "Dani"];
            finished(conn, club, "botifarra", seats, 1, 2);
            finished(conn, club, "cuatrola", seats, 0, 3);
            people
        })
        .await;
    (club, people)
}

/// A ratings page's rating of `name`, as a number.
fn rating_on(page: &scraper::Html, name: &str) -> f64 {
    table_of(page)
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("{name} listed"))
        .1
        .parse()
        .unwrap()
}

#[tokio::test]
async fn a_person_who_won_at_cuatrola_and_lost_at_botifarra_is_above_the_newcomer_in_one_and_below_in_the_other()
 {
    let app = TestApp::spawn().await;
    let (_, people) = won_at_cuatrola_lost_at_botifarra(&app).await;
    let cuatrola = app
        .page("/puntuaciones?juego=cuatrola", StatusCode::OK)
        .await;
    let botifarra = app
        .page("/puntuaciones?juego=botifarra", StatusCode::OK)
        .await;
    let (up, down) = (rating_on(&cuatrola, "Ana"), rating_on(&botifarra, "Ana"));
    assert!(up > 1500.0, "cuatrola {up}");
    assert!(down < 1500.0, "botifarra {down}");
    assert!(rating_on(&botifarra, "Carla") > 1500.0);
    // Each list is of its own game, in the visitor's language too.
    assert_eq!(texts(&cuatrola, "h2.ratings-game"), ["Cuatrola"]);
    assert_eq!(texts(&botifarra, "h2.ratings-game"), ["Botifarra"]);
    // One day of botifarra: one period, said in the singular.
    assert!(
        texts(&botifarra, "p.meta").contains(&"1 periodo puntuado".to_owned()),
        "{:?}",
        texts(&botifarra, "p.meta")
    );
    let body = app
        .get_with_lang("/puntuaciones?juego=botifarra", "en")
        .await
        .text()
        .await
        .unwrap();
    assert!(body.contains("one per game"), "{body}");
    // Her page gives both, each game with its own rating, the numbers of its list.
    let page = app
        .page(&format!("/jugadores/{}", people["Ana"]), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&page, "section.rating-game h2"),
        ["Cuatrola", "Botifarra"]
    );
    let on_page =
        |game: &str| texts(&page, &format!("#puntuacion-{game} p.rating-now strong"))[0].clone();
    assert_eq!(on_page("cuatrola"), format!("{up:.0}"));
    assert_eq!(on_page("botifarra"), format!("{down:.0}"));
    let line = texts(&page, "#puntuacion-botifarra p.rating-now").join(" ");
    assert!(line.contains("1 partida puntuada ·"), "{line}");
    // The CLI prints each game's list with the same numbers as its page.
    for (game, page) in [("cuatrola", &cuatrola), ("botifarra", &botifarra)] {
        let cli = recompute_with(&app, &["--game", game]);
        assert!(cli.iter().all(|r| r["game"] == game), "{cli:?}");
        let rows: Vec<&Value> = cli.iter().collect();
        assert_eq!(shown_rows(&rows), table_of(page), "{game}");
    }
    // Nobody has played tute: its list is empty, and nobody's page shows it.
    let tute = app.page("/puntuaciones?juego=tute", StatusCode::OK).await;
    assert!(table_of(&tute).is_empty());
}

#[tokio::test]
async fn seeding_a_botifarra_championship_by_rating_uses_the_botifarra_ratings() {
    let app = TestApp::spawn().await;
    let (club, _) = won_at_cuatrola_lost_at_botifarra(&app).await;
    let botifarra = app
        .page("/puntuaciones?juego=botifarra", StatusCode::OK)
        .await;
    let mean = |a: &str, b: &str| (rating_on(&botifarra, a) + rating_on(&botifarra, b)) / 2.0;
    let entrants = ["Ana y Bea", "Carla y Dani", "Forasteros"];
    let file = serde_json::json!({
        "format": "baza-tournament/1",
        "event": {
            "name": "Open de botifarra", "game": "botifarra", "options": {"target": 101},
            "system": {"kind": "swiss", "rounds": 3},
            "match_format": {"kind": "partida"},
            "points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
            "tiebreaks": ["wins", "lot"],
            "seed": 1
        },
        "entrants": entrants
            .iter()
            .enumerate()
            .map(|(i, n)| serde_json::json!({"id": (i + 1).to_string(), "name": n}))
            .collect::<Vec<_>>(),
        "rounds": []
    });
    let id = import(&app, club, &file);
    let pw = app.add_user("semillas", "organiser", Some(club)).await;
    app.login(&app.client, "semillas", &pw).await;
    let page = app
        .page(&format!("/campeonatos/{id}/sembrar"), StatusCode::OK)
        .await;
    // Carla and Dani, who won at botifarra, first; the newcomers at 1500 between.
    let names: Vec<String> = texts(&page, "table.seeding tbody td:nth-child(2)")
        .iter()
        .map(|t| t.split('\n').next().unwrap().trim().to_owned())
        .collect();
    assert!(names[0].starts_with("Carla y Dani"), "{names:?}");
    assert!(names[1].starts_with("Forasteros"), "{names:?}");
    assert!(names[2].starts_with("Ana y Bea"), "{names:?}");
    let shown: Vec<String> = texts(&page, "table.seeding td.rating")
        .iter()
        .map(|t| t.split(' ').next().unwrap().to_string())
        .collect();
    let want = [mean("Carla", "Dani"), 1500.0, mean("Ana", "Bea")];
    assert_eq!(shown, want.map(|r| format!("{r:.0}")));
    assert!(texts(&page, "p.meta").join(" ").contains("Botifarra"));
    // A botifarra knockout bracket seeded from ratings: the same order.
    let club = club.to_string();
    let res = crate::helpers::post_form_as(
        &app,
        &app.client,
        "/cuadros/nuevo",
        &[
            ("club", club.as_str()),
            ("name", "Copa de botifarra"),
            ("game", "botifarra"),
            ("format", "single"),
            ("seeding", "ratings"),
            ("paper", "a4"),
            ("names", "Ana y Bea\nCarla y Dani"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = crate::from_scratch::bracket_id_of(res.headers()["location"].to_str().unwrap());
    let row = app
        .with_conn(move |c| {
            let list = baza::db::brackets::list_brackets(c).unwrap();
            list.into_iter().find(|b| b.id == id).unwrap()
        })
        .await;
    let names: Vec<String> = serde_json::from_str(&row.entrants).unwrap();
    assert_eq!(names, ["Carla y Dani", "Ana y Bea"]);
    let want = format!("ratings:{},{}", shown[0], shown[2]);
    assert_eq!(row.seeding, want);
}

/// The pairs "Ana y Bea" and "Carla y Dani" of club `club` of
/// [`won_at_cuatrola_lost_at_botifarra`]: their ids.
async fn the_two_pairs(app: &TestApp, club: i32) -> (i32, i32) {
    app.with_conn(move |conn| {
        let players = baza::db::queries::club_players(conn, club).unwrap();
        let id = |name: &str| players.iter().find(|p| p.name == name).unwrap().id;
        let mut pair = |name: &str, a: &str, b: &str| {
            let new = baza::db::queries::NewPair {
                club_id: club,
                name,
                player1_id: id(a),
                player2_id: id(b),
                created_at: baza::web::account::now(),
            };
            baza::db::queries::insert_pair(conn, &new).unwrap()
        };
        (
            pair("Ana y Bea", "Ana", "Bea"),
            pair("Carla y Dani", "Carla", "Dani"),
        )
    })
    .await
}

/// The head-to-head of page `path` in language `lang`: the line naming the other one,
/// and the line of each game.
async fn head_to_head_of(app: &TestApp, path: &str, lang: &str) -> (Vec<String>, Vec<String>) {
    let body = app.get_with_lang(path, lang).await.text().await.unwrap();
    let page = scraper::Html::parse_document(&body);
    (
        texts(&page, "p.head-to-head"),
        texts(&page, "ul.head-to-head-games li"),
    )
}

/// The head-to-head of Ana's side against Carla's in
/// [`won_at_cuatrola_lost_at_botifarra`], in Spanish: one line a game.
const WON_AT_CUATROLA_LOST_AT_BOTIFARRA: [&str; 2] = [
    "Cuatrola: 1 ganada, 0 empatadas, 0 perdidas",
    "Botifarra: 0 ganadas, 0 empatadas, 1 perdida",
];

#[tokio::test]
async fn the_head_to_head_of_two_pairs_that_met_at_cuatrola_and_at_botifarra_is_told_per_game() {
    let app = TestApp::spawn().await;
    let (club, _) = won_at_cuatrola_lost_at_botifarra(&app).await;
    let (ab, cd) = the_two_pairs(&app, club).await;
    // The cuatrola win and the botifarra loss are two records, one a game.
    let path = format!("/parejas/{ab}?contra={cd}");
    let (other, games) = head_to_head_of(&app, &path, "es").await;
    assert_eq!(other, ["Carla y Dani:"]);
    assert_eq!(games, WON_AT_CUATROLA_LOST_AT_BOTIFARRA);
    // From the other pair's page, the other way round.
    let back = format!("/parejas/{cd}?contra={ab}");
    assert_eq!(
        head_to_head_of(&app, &back, "es").await.1,
        [
            "Cuatrola: 0 ganadas, 0 empatadas, 1 perdida",
            "Botifarra: 1 ganada, 0 empatadas, 0 perdidas",
        ]
    );
    // In Catalan and in English, the games keep their Spanish names.
    assert_eq!(
        head_to_head_of(&app, &path, "ca").await.1,
        [
            "Cuatrola: 1 guanyada, 0 empatades, 0 perdudes",
            "Botifarra: 0 guanyades, 0 empatades, 1 perduda",
        ]
    );
    assert_eq!(
        head_to_head_of(&app, &path, "en").await.1,
        [
            "Cuatrola: 1 won, 0 drawn, 0 lost",
            "Botifarra: 0 won, 0 drawn, 1 lost",
        ]
    );
}

#[tokio::test]
async fn a_players_head_to_head_against_a_rival_met_at_cuatrola_and_at_botifarra_is_told_per_game()
{
    let app = TestApp::spawn().await;
    let (_, people) = won_at_cuatrola_lost_at_botifarra(&app).await;
    let (ana, bea, carla) = (people["Ana"], people["Bea"], people["Carla"]);
    let path = format!("/jugadores/{ana}?contra={carla}");
    let (other, games) = head_to_head_of(&app, &path, "es").await;
    assert_eq!(other, ["Carla:"]);
    assert_eq!(games, WON_AT_CUATROLA_LOST_AT_BOTIFARRA);
    // Her partner Bea was never across the table: no game to tell, and it says so.
    let path = format!("/jugadores/{ana}?contra={bea}");
    let (other, games) = head_to_head_of(&app, &path, "es").await;
    assert_eq!(
        other,
        ["Bea: aún no se han enfrentado en ninguna partida puntuada."]
    );
    assert!(games.is_empty(), "{games:?}");
}
