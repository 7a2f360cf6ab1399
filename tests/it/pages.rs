use reqwest::StatusCode;

use crate::helpers::{TestApp, assert_redirect_to, attr, texts};

#[tokio::test]
async fn the_home_page_is_spanish_by_default() {
    let app = TestApp::spawn().await;
    let res = app.get("/").await;
    assert_eq!(res.status(), StatusCode::OK);
    let body = res.text().await.unwrap();
    assert!(body.starts_with("<!doctype html>\n<html lang=\"es\""));
    let html = scraper::Html::parse_document(&body);
    assert_eq!(texts(&html, "h1"), vec!["Baza, el árbitro de la mesa"]);
    assert_eq!(texts(&html, "nav.main-nav a")[0], "Inicio");
}

#[tokio::test]
async fn accept_language_chooses_catalan_or_english_and_falls_back_to_spanish() {
    let app = TestApp::spawn().await;
    for (header, lang, h1) in [
        ("ca", "ca", "Baza, l'àrbitre de la taula"),
        (
            "ca-ES,ca;q=0.9,es;q=0.8",
            "ca",
            "Baza, l'àrbitre de la taula",
        ),
        ("en-GB,en;q=0.9", "en", "Baza, the referee at the table"),
        ("fr-FR,de;q=0.5", "es", "Baza, el árbitro de la mesa"),
    ] {
        let res = app.get_with_lang("/", header).await;
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        assert_eq!(
            attr(&html, "html", "lang").as_deref(),
            Some(lang),
            "{header}"
        );
        assert_eq!(texts(&html, "h1"), vec![h1], "{header}");
    }
}

#[tokio::test]
async fn the_language_switcher_sets_a_cookie_that_wins_over_accept_language() {
    let app = TestApp::spawn().await;
    let res = app.get("/idioma/ca?next=/campeonatos").await;
    assert_redirect_to(&res, "/campeonatos");
    let res = app.get_with_lang("/campeonatos", "en").await;
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(attr(&html, "html", "lang").as_deref(), Some("ca"));
    assert_eq!(texts(&html, "h1"), vec!["Tornejos"]);
    let current = attr(&html, "nav.langs a[aria-current]", "data-lang");
    assert_eq!(current.as_deref(), Some("ca"));
}

#[tokio::test]
async fn the_language_switcher_never_redirects_to_another_site() {
    let app = TestApp::spawn().await;
    for next in [
        "//evil.example/x",
        "https://evil.example/",
        "%2F%2Fevil.example",
        "/\\evil",
    ] {
        let res = app.get(&format!("/idioma/en?next={next}")).await;
        assert_redirect_to(&res, "/");
    }
    let res = app.get("/idioma/fr").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn health_reports_the_process_and_the_database() {
    let app = TestApp::spawn().await;
    let res = app.get("/health").await;
    assert_eq!(res.status(), StatusCode::OK);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"], "ok");
}

#[tokio::test]
async fn an_empty_database_shows_how_to_get_the_demo() {
    let app = TestApp::spawn().await;
    let html = app.page("/", StatusCode::OK).await;
    assert!(
        texts(&html, ".empty")
            .iter()
            .any(|t| t.contains("baza demo"))
    );
}

#[tokio::test]
async fn the_demo_club_has_a_finished_league_and_a_running_championship_both_championships() {
    let app = TestApp::with_demo().await;
    let home = app.page("/", StatusCode::OK).await;
    let events = texts(&home, ".event-card strong");
    assert_eq!(
        events,
        vec![
            "Open de botifarra de Banyoles — Triangular dels segons",
            "Open de botifarra de Banyoles",
            "Open de botifarra de Lloret",
            "Campeonato comarcal de cuatrola",
            "Open de botifarra de invierno",
            "Torneo de cuatrola de las fiestas",
            "Open de botifarra de Girona",
            "Liga de otoño de cuatrola"
        ]
    );
    assert_eq!(
        texts(&home, ".event-card .badge-running"),
        vec!["En juego", "En juego", "En juego", "En juego", "En juego"]
    );
    // Each card's own link; the repesca liguilla's card links its championship too.
    let links: Vec<String> = home
        .select(&scraper::Selector::parse(".event-card > a").unwrap())
        .filter_map(|a| a.value().attr("href").map(str::to_owned))
        .collect();
    assert_eq!(
        links,
        vec![
            "/campeonatos/8",
            "/campeonatos/7",
            "/campeonatos/6",
            "/campeonatos/3",
            "/campeonatos/2",
            "/campeonatos/4",
            "/campeonatos/5",
            "/campeonatos/1"
        ]
    );
    assert_eq!(
        texts(&home, ".event-card .repesca-of"),
        ["Esta liguilla es la repesca de Open de botifarra de Banyoles"]
    );
    assert_eq!(
        crate::helpers::attr(&home, ".event-card .repesca-of a", "href").as_deref(),
        Some("/campeonatos/7")
    );

    let league = app.page("/campeonatos/1", StatusCode::OK).await;
    let rows = texts(&league, "table.standings tbody tr");
    assert_eq!(rows.len(), 8);
    // Every pair played all seven others; the table's wins and losses balance.
    let played: Vec<u32> = texts(&league, "table.standings tbody td:nth-child(3)")
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(played, vec![7; 8]);
    // The league's crosstable: every pair against the seven others, "×" on the
    // diagonal, and each meeting read from both sides.
    let cells: Vec<String> = texts(&league, "table.crosstable td.cross-cell");
    assert_eq!(cells.len(), 64);
    for i in 0..8 {
        for j in 0..8 {
            let c = &cells[i * 8 + j];
            if i == j {
                assert_eq!(c, "×");
            } else {
                let (x, y) = c.split_once('–').expect("a score");
                assert_eq!(cells[j * 8 + i], format!("{y}–{x}"));
            }
        }
    }
    let wdl: Vec<Vec<u32>> = texts(&league, "table.standings tbody td:nth-child(4)")
        .iter()
        .map(|t| t.split('-').map(|x| x.parse().unwrap()).collect())
        .collect();
    assert_eq!(wdl.iter().map(|x| x[0]).sum::<u32>(), 28);
    assert_eq!(wdl.iter().map(|x| x[2]).sum::<u32>(), 28);
    let points: Vec<u32> = texts(&league, "table.standings tbody td.points")
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    assert!(
        points.windows(2).all(|w| w[0] >= w[1]),
        "sorted by points: {points:?}"
    );
    // The last round is shown with its four results.
    assert_eq!(texts(&league, ".round h3"), vec!["Ronda 7"]);
    assert_eq!(texts(&league, ".round td.result").len(), 4);

    let champ = app.page("/campeonatos/2", StatusCode::OK).await;
    assert_eq!(texts(&champ, "h1"), vec!["Open de botifarra de invierno"]);

    let club = app.page("/clubes/1", StatusCode::OK).await;
    assert_eq!(texts(&club, "ul.columns li").len(), 16);
}

#[tokio::test]
async fn unknown_pages_and_bad_ids_are_localized_404_pages_never_500() {
    let app = TestApp::with_demo().await;
    for path in [
        "/no-existe",
        "/eventos/abc",
        "/eventos/0",
        "/campeonatos/abc",
        "/campeonatos/0",
        "/campeonatos/-1",
        "/campeonatos/99999",
        "/campeonatos/99999999999999999999",
        "/encuentros/99999",
        "/mesa/1",
        "/clubes/7",
        "/static/nope.css",
    ] {
        let res = app.get_with_lang(path, "ca").await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        assert_eq!(attr(&html, "html", "lang").as_deref(), Some("ca"), "{path}");
        assert_eq!(
            texts(&html, "h1"),
            vec!["No trobem aquesta pàgina."],
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_wrong_method_is_a_405_page_with_its_allow_header() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    let res = app
        .client
        .post(app.url("/"))
        .form(&[("csrf", csrf)])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, "h1"),
        vec!["Este método no está permitido aquí."]
    );
}

#[tokio::test]
async fn errors_under_the_api_are_json() {
    let app = TestApp::spawn().await;
    let res = app.get_with_lang("/api/v1/nope", "en").await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["error"], "not-found");
    assert_eq!(body["message"], "We could not find this page.");
}

#[tokio::test]
async fn static_assets_are_embedded_cached_and_revalidated() {
    let app = TestApp::spawn().await;
    let home = app.page("/", StatusCode::OK).await;
    let css = attr(&home, "link[rel=stylesheet][media=print]", "href").unwrap();
    assert!(css.starts_with("/static/print.css?v="));
    let css = attr(&home, "link[rel=stylesheet]", "href").unwrap();
    let res = app.get(&css).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "text/css; charset=utf-8");
    assert!(
        res.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    let etag = res.headers()["etag"].clone();
    assert!(res.text().await.unwrap().contains("--accent"));
    let again = app
        .client
        .get(app.url(&css))
        .header("If-None-Match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn pages_carry_security_headers() {
    let app = TestApp::spawn().await;
    let res = app.get("/").await;
    let h = res.headers();
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["x-frame-options"], "DENY");
    assert!(
        h["content-security-policy"]
            .to_str()
            .unwrap()
            .contains("default-src 'self'")
    );
}

#[tokio::test]
async fn the_suite_runs_on_the_backend_it_was_asked_for() {
    let app = TestApp::spawn().await;
    let wanted = match std::env::var("BAZA_TEST_DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => "postgres",
        _ => "sqlite",
    };
    assert_eq!(app.db.target.backend_name(), wanted);
    eprintln!("integration tests on {wanted}");
}

/// The pages reachable by same-site links from `/`, as `client` asking for `lang` (at
/// most 400; the language switcher is not followed: its cookie would win over
/// `lang`). Each with its status and, for a successful HTML page, its text.
async fn crawl(
    app: &TestApp,
    client: &reqwest::Client,
    lang: &str,
) -> Vec<(String, StatusCode, Option<String>)> {
    use std::collections::{BTreeSet, VecDeque};
    let links = scraper::Selector::parse("a[href]").unwrap();
    let mut pages = Vec::new();
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::from(["/".to_owned()]);
    while let Some(path) = queue.pop_front() {
        if !seen.insert(path.clone()) || seen.len() > 400 {
            continue;
        }
        let res = client
            .get(app.url(&path))
            .header("accept-language", lang)
            .send()
            .await
            .unwrap();
        let status = res.status();
        let html_page = res
            .headers()
            .get("content-type")
            .and_then(|c| c.to_str().ok())
            .is_some_and(|c| c.starts_with("text/html"));
        let body = res.text().await.unwrap();
        if !html_page || !status.is_success() {
            pages.push((path, status, None));
            continue;
        }
        let doc = scraper::Html::parse_document(&body);
        for a in doc.select(&links) {
            let href = a.value().attr("href").unwrap_or_default();
            let href = href.split('#').next().unwrap_or_default();
            if href.starts_with('/') && !href.starts_with("//") && !href.starts_with("/idioma/") {
                queue.push_back(href.to_owned());
            }
        }
        pages.push((path, status, Some(body)));
    }
    pages
}

/// Every page reachable by links from the home page of the demo club, as an admin and
/// as a visitor, in the three languages: no 5xx anywhere, every HTML page declares its
/// language, and every form that posts carries its CSRF token.
#[tokio::test]
async fn every_page_linked_from_the_demo_answers_without_a_5xx_and_every_post_form_has_csrf() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("root", "admin", None).await;
    let admin = crate::helpers::new_client();
    app.login(&admin, "root", &pw).await;
    let visitor = crate::helpers::new_client();
    let forms = scraper::Selector::parse("form").unwrap();
    let csrf = scraper::Selector::parse("input[name=csrf]").unwrap();
    let mut visited_total = 0;
    for (who, client) in [("admin", &admin), ("visitor", &visitor)] {
        for lang in ["es", "ca", "en"] {
            let pages = crawl(&app, client, lang).await;
            for (path, status, body) in &pages {
                assert!(
                    !status.is_server_error(),
                    "{who} ({lang}): GET {path} answered {status}"
                );
                let Some(body) = body else { continue };
                assert!(
                    body.contains(&format!("<html lang=\"{lang}\"")),
                    "{who}: GET {path} is not in {lang}"
                );
                let doc = scraper::Html::parse_document(body);
                for form in doc.select(&forms) {
                    let posts = form
                        .value()
                        .attr("method")
                        .is_some_and(|m| m.eq_ignore_ascii_case("post"));
                    assert!(
                        !posts || form.select(&csrf).next().is_some(),
                        "{who}: a form on {path} posts to {:?} without a CSRF token",
                        form.value().attr("action")
                    );
                }
            }
            visited_total += pages.len();
            eprintln!("crawl {who} {lang}: {} pages", pages.len());
            assert!(
                pages.len() > 20,
                "{who} ({lang}) reached only {} pages",
                pages.len()
            );
        }
    }
    assert!(visited_total > 200, "{visited_total}");
}

/// Every form an admin can reach from the demo's pages, posted with its CSRF token and
/// nothing else, and with every field filled with nonsense (a word, a negative number,
/// a number too big, an overlong text): a 4xx or a redirect, never a 5xx.
#[tokio::test]
async fn every_form_of_the_demo_posted_with_nonsense_gets_a_4xx_never_a_5xx() {
    use std::collections::{BTreeMap, BTreeSet};
    let app = TestApp::with_demo().await;
    let pw = app.add_user("root", "admin", None).await;
    let admin = crate::helpers::new_client();
    app.login(&admin, "root", &pw).await;
    let forms = scraper::Selector::parse("form[method=post]").unwrap();
    let named = scraper::Selector::parse("input[name], select[name], textarea[name]").unwrap();
    // Every post form by its action, with its field names.
    let mut actions: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, _, body) in crawl(&app, &admin, "es").await {
        let Some(body) = body else { continue };
        let doc = scraper::Html::parse_document(&body);
        for form in doc.select(&forms) {
            let action = form.value().attr("action").unwrap_or(&path).to_owned();
            let fields = actions.entry(action).or_default();
            for f in form.select(&named) {
                if let Some(n) = f.value().attr("name") {
                    fields.insert(n.to_owned());
                }
            }
        }
    }
    // Leaving would end the session the other posts need.
    actions.retain(|a, _| a.starts_with('/') && a != "/salir");
    assert!(actions.len() > 15, "{:?}", actions.keys());
    let long = "ñ".repeat(5000);
    let mut posted = 0;
    for (action, fields) in &actions {
        for junk in [
            None,
            Some("x"),
            Some("-1"),
            Some("99999999999999999999"),
            Some(long.as_str()),
        ] {
            let csrf = app.csrf_for(&admin).await;
            let mut form: Vec<(&str, &str)> = vec![("csrf", csrf.as_str())];
            if let Some(j) = junk {
                form.extend(
                    fields
                        .iter()
                        .filter(|f| *f != "csrf")
                        .map(|f| (f.as_str(), j)),
                );
            }
            let res = admin
                .post(app.url(action))
                .form(&form)
                .send()
                .await
                .unwrap();
            let status = res.status();
            assert!(
                !status.is_server_error(),
                "POST {action} with {junk:?}: {status}\n{}",
                res.text().await.unwrap_or_default()
            );
            posted += 1;
        }
    }
    eprintln!(
        "posted {posted} nonsense forms to {} actions",
        actions.len()
    );
}
