//! What leaves the hall on paper and in files: the round sheets for the wall, the
//! knockout's slips cut in halves, and the results file the federation opens in a
//! spreadsheet, with every match of the day, the knockout's too.

use reqwest::StatusCode;
use scraper::{Html, Selector};

use crate::browser::Browser;
use crate::champion::{club, play_at_table, swiss_played, tables};
use crate::helpers::{
    ChampionshipForm, TestApp, attr, draw_round_one, new_client, post_form_as, texts,
};

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// The championship of [`swiss_played`] (eight pairs, three Swiss rounds played) with
/// its best four drawn to a knockout "Fase final": its id and the phase's bracket id.
async fn with_semifinals(app: &TestApp) -> (i32, i32) {
    let club = club(app).await;
    let id = swiss_played(app, club).await;
    let bracket = crate::from_scratch::best_four_drawn(app, id).await;
    (id, bracket)
}

/// The print page `what` (its query too) of championship `id`, as its staff reads it.
async fn printed(app: &TestApp, id: i32, what: &str) -> Html {
    app.page(
        &format!("/campeonatos/{id}/imprimir/{what}"),
        StatusCode::OK,
    )
    .await
}

/// The championship of [`swiss_played`] and its standings printed.
async fn swiss_standings_printed(app: &TestApp) -> (i32, Html) {
    let club = club(app).await;
    let id = swiss_played(app, club).await;
    (id, printed(app, id, "clasificacion").await)
}

/// The texts of the elements `css` picks inside each element `within` picks.
fn texts_within(html: &Html, within: &str, css: &str) -> Vec<Vec<String>> {
    let outer = Selector::parse(within).unwrap();
    let inner = Selector::parse(css).unwrap();
    html.select(&outer)
        .map(|o| {
            o.select(&inner)
                .map(|e| e.text().collect::<String>().trim().to_owned())
                .collect()
        })
        .collect()
}

#[tokio::test]
async fn the_results_file_lists_the_knockout_matches_after_the_rounds_each_by_its_stage_and_phase()
{
    let app = TestApp::spawn().await;
    let (id, bracket) = with_semifinals(&app).await;
    for row in tables(&app, id, bracket).await {
        play_at_table(&app, &row, row.table_no != 1).await;
    }
    let final_row = tables(&app, id, bracket)
        .await
        .into_iter()
        .find(|r| r.status != baza::domain::status::TableStatus::Final)
        .expect("the final's table opened");
    play_at_table(&app, &final_row, false).await;

    // The matches as the championship's page lists them under its phase.
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let shown = texts_within(&page, ".phases table.pairings tbody tr", "td");
    assert_eq!(shown.len(), 3, "two semi-finals and the final: {shown:?}");
    let expected: Vec<Vec<String>> = shown
        .iter()
        .map(|cells| {
            let (a, b) = cells[3].split_once(" – ").unwrap();
            vec![
                cells[0].clone(),
                cells[1].clone(),
                cells[2].clone(),
                a.to_owned(),
                b.to_owned(),
                cells[3].clone(),
                "Fase final".to_owned(),
            ]
        })
        .collect();
    assert_eq!(
        expected.iter().map(|r| r[0].as_str()).collect::<Vec<_>>(),
        ["Semifinal 1", "Semifinal 2", "Final"]
    );

    // The federation's file, downloaded by anyone: the twelve tables of the three
    // rounds, then the knockout's three matches.
    let public = new_client();
    let csv = public
        .get(app.url(&format!("/campeonatos/{id}/resultados.csv")))
        .send()
        .await
        .unwrap();
    assert_eq!(csv.status(), StatusCode::OK);
    let records = crate::helpers::csv_records(&csv.text().await.unwrap());
    assert_eq!(records.len(), 1 + 12 + 3, "{records:?}");
    assert!(
        records[1..13]
            .iter()
            .all(|r| ["1", "2", "3"].contains(&r[6].as_str())),
        "{records:?}"
    );
    assert_eq!(records[13..], expected[..]);

    // The workbook holds the same lines, the scores as numbers.
    let xlsx = public
        .get(app.url(&format!("/campeonatos/{id}/resultados.xlsx")))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    use calamine::{Data, Reader, Xlsx};
    let mut book = Xlsx::new(std::io::Cursor::new(xlsx.to_vec())).unwrap();
    let name = book.sheet_names()[0].clone();
    let sheet = book.worksheet_range(&name).unwrap();
    let last = sheet.rows().next_back().unwrap();
    assert_eq!(last[0], Data::String("Final".into()));
    assert_eq!(last[3], Data::Float(12.0));
    assert_eq!(last[4], Data::Float(21.0));
    assert_eq!(last[6], Data::String("Fase final".into()));
}

#[tokio::test]
async fn each_pairs_half_of_a_knockout_slip_names_its_match_and_the_hall_table_it_is_played_at() {
    let app = TestApp::spawn().await;
    let (id, bracket) = with_semifinals(&app).await;
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?fase={bracket}"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(
        texts(&slips, ".slip h2 .stage"),
        ["Semifinal 1", "Semifinal 2"]
    );
    // The part left on the table says where it is played.
    let tables = texts(&slips, ".slip > p.meta .slip-table");
    assert_eq!(tables.len(), 2, "{tables:?}");
    assert!(tables.iter().all(|t| t.starts_with("Mesa ")), "{tables:?}");
    // Each half, cut off and kept by its pair, names the match and the table.
    let halves = texts_within(&slips, ".slip", ".slip-half > p.cut-line + p.meta");
    for ((half, stage), table) in halves
        .iter()
        .zip(["Semifinal 1", "Semifinal 2"])
        .zip(&tables)
    {
        assert_eq!(half.len(), 2, "{half:?}");
        for line in half {
            assert!(line.ends_with(&format!("· {stage} · {table}")), "{line}");
        }
    }
}

#[tokio::test]
async fn a_round_sheet_printed_for_the_wall_leaves_the_result_of_a_table_still_playing_empty() {
    let app = TestApp::spawn().await;
    let club = club(&app).await;
    let id = ChampionshipForm::new("Torneo de Navidad")
        .set("rounds", "3")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 5)
        .await;
    draw_round_one(&app, id, true).await;
    let sheet = format!("/campeonatos/{id}/imprimir/emparejamientos?ronda=1");

    // Before play: two tables with nothing in their result, and the bye.
    let html = app.page(&sheet, StatusCode::OK).await;
    assert_eq!(texts(&html, "table.pairings td.result"), ["", ""]);
    assert_eq!(texts(&html, "table.pairings tr.bye").len(), 1);

    // Table 1 confirmed: its score; table 2 still playing: nothing.
    let first = tables(&app, id, 0)
        .await
        .into_iter()
        .find(|r| r.table_no == 1)
        .unwrap();
    play_at_table(&app, &first, true).await;
    let html = app.page(&sheet, StatusCode::OK).await;
    assert_eq!(texts(&html, "table.pairings td.result"), ["21 – 12", ""]);
    // The page on a screen still says how each table stands.
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&page, ".round table.pairings td.result"),
        ["21 – 12", "En juego"]
    );
}

#[tokio::test]
async fn the_standings_page_printed_from_the_browser_leaves_out_its_links_to_earlier_rounds() {
    let app = TestApp::spawn().await;
    let club = club(&app).await;
    let id = swiss_played(&app, club).await;
    let page = new_client()
        .get(app.url(&format!("/campeonatos/{id}")))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let page = Html::parse_document(&page);
    assert_eq!(
        texts(&page, "p.earlier-rounds a"),
        ["Ronda 2", "Ronda 1"],
        "the screen links the earlier rounds"
    );
    // The print stylesheet hides what is marked not for paper, and these links are.
    let sheet = attr(&page, "link[rel=stylesheet][media=print]", "href").unwrap();
    let css = app.get(&sheet).await.text().await.unwrap();
    let hidden = css
        .lines()
        .find(|l| l.contains("display: none !important"))
        .unwrap_or_default();
    assert!(hidden.contains(".no-print"), "{css}");
    let sel = Selector::parse("p.earlier-rounds").unwrap();
    let classes: Vec<&str> = page
        .select(&sel)
        .flat_map(|p| p.value().classes())
        .collect();
    assert!(classes.contains(&"no-print"), "{classes:?}");
}

/// A championship of cuatrola whose pairs are registered by their players' names as
/// typed (the fifth without players), its first round drawn and published: its id.
async fn round_one_by_players(app: &TestApp, name: &str, players: &[(&str, &str)]) -> i32 {
    let club = club(app).await;
    let id = ChampionshipForm::new(name)
        .set("rounds", "3")
        .set("entry", "result")
        .create(app, club)
        .await;
    let path = format!("/campeonatos/{id}/inscritos");
    for (one, two) in players {
        let res = post(app, &path, &[("player1", one), ("player2", two)]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{one} and {two}");
    }
    let res = post(app, &path, &[("name", "Los Maños")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    draw_round_one(app, id, true).await;
    id
}

#[tokio::test]
async fn the_round_sheet_for_the_wall_lists_every_player_by_name_in_alphabetical_order_with_her_table_and_side()
 {
    let app = TestApp::spawn().await;
    let id = round_one_by_players(
        &app,
        "Obert de botifarra",
        &[
            ("Óscar Vidal", "Marta Serra"),
            ("Núria Puig", "Àlex Mas"),
            ("Nil Roca", "Anna Soler"),
            ("ana Ribas", "Pau Font"),
        ],
    )
    .await;
    let sheet = printed(&app, id, "emparejamientos?ronda=1").await;
    // Every player once, and the pair without players by its name, in the order of a
    // Spanish or Catalan list: accents and case ignored.
    assert_eq!(
        texts(&sheet, ".by-name-list li .who"),
        [
            "Àlex Mas",
            "ana Ribas",
            "Anna Soler",
            "Los Maños",
            "Marta Serra",
            "Nil Roca",
            "Núria Puig",
            "Óscar Vidal",
            "Pau Font",
        ]
    );
    assert_eq!(texts(&sheet, ".by-name h2"), ["Busca tu nombre"]);
    // Each one where the table list above puts her pair: its table and side, or
    // the bye.
    // The cells as printed; the second pair's ends "contra …" on a narrow screen only.
    let rows: Vec<Vec<String>> = texts_within(&sheet, "table.pairings tbody tr", "td")
        .into_iter()
        .map(|mut r| {
            r[2] = r[2].trim_start_matches("contra ").to_owned();
            r
        })
        .collect();
    let list = Selector::parse(".by-name-list li").unwrap();
    let (pair_sel, who_sel, where_sel) = (
        Selector::parse(".pair").unwrap(),
        Selector::parse(".who").unwrap(),
        Selector::parse(".where").unwrap(),
    );
    let text = |li: scraper::ElementRef, s: &Selector| {
        li.select(s)
            .next()
            .map(|e| e.text().collect::<String>())
            .unwrap_or_default()
    };
    for li in sheet.select(&list) {
        let pair = text(li, &pair_sel);
        let pair = match pair.trim_matches(['(', ')']) {
            "" => text(li, &who_sel),
            p => p.to_owned(),
        };
        let row = rows
            .iter()
            .find(|r| r[1] == pair || r[2] == pair)
            .unwrap_or_else(|| panic!("{pair} in {rows:?}"));
        let expected = if row[2] == "Exenta" {
            "Exenta".to_owned()
        } else {
            let table: String = row[0].chars().filter(char::is_ascii_digit).collect();
            let side = if row[1] == pair { 1 } else { 2 };
            format!("Mesa {table} · Pareja {side}")
        };
        assert_eq!(text(li, &where_sel), expected, "{pair}");
    }
    // The players' own names: "Vidal – Serra" is Óscar Vidal's pair.
    assert!(
        texts(&sheet, ".by-name-list li .pair").contains(&"(Vidal – Serra)".to_owned()),
        "{:?}",
        texts(&sheet, ".by-name-list li")
    );
}

#[tokio::test]
async fn the_tables_printed_and_shown_head_their_columns_with_words_not_letters_or_signs() {
    let app = TestApp::spawn().await;
    let (id, print) = swiss_standings_printed(&app).await;
    for (path, lang, round, place) in [
        (
            "/imprimir/emparejamientos?ronda=3",
            "es",
            ["Mesa", "Pareja 1", "Pareja 2", "Resultado"],
            "Puesto",
        ),
        (
            "",
            "es",
            ["Mesa", "Pareja 1", "Pareja 2", "Resultado"],
            "Puesto",
        ),
        (
            "",
            "ca",
            ["Taula", "Parella 1", "Parella 2", "Resultat"],
            "Lloc",
        ),
        ("", "en", ["Table", "Pair 1", "Pair 2", "Result"], "Place"),
    ] {
        let res = app
            .get_with_lang(&format!("/campeonatos/{id}{path}"), lang)
            .await;
        let html = Html::parse_document(&res.text().await.unwrap());
        assert_eq!(
            texts(&html, "table.pairings thead th"),
            round,
            "{path} {lang}"
        );
        if path.is_empty() {
            assert_eq!(
                texts(&html, "table.tournament-standings thead th")[0],
                place,
                "{lang}"
            );
        }
    }
    assert_eq!(
        texts(&print, "table.tournament-standings thead th")[0],
        "Puesto"
    );
    // The director's list of entrants heads its entry numbers in words too.
    let director = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(texts(&director, "table.entrants thead th")[0], "Núm.");
    assert_eq!(
        attr(&director, "table.entrants thead th abbr", "title").as_deref(),
        Some("Número de inscripción")
    );
}

#[tokio::test]
async fn every_printed_page_of_the_standings_says_which_championship_and_round_it_is() {
    let app = TestApp::spawn().await;
    let (_, print) = swiss_standings_printed(&app).await;
    // A line of the table's head, which the browser repeats atop every printed page.
    assert_eq!(
        texts(
            &print,
            "table.tournament-standings thead tr.sheet-caption td"
        ),
        ["Campeonato de cuatrola de Tordesillas · Clasificación · tras la ronda 3"]
    );
    let colspan = attr(&print, "tr.sheet-caption td", "colspan").unwrap();
    let columns = texts(&print, "table.tournament-standings thead th").len();
    assert_eq!(colspan, columns.to_string());
    // On paper only: the screen has the page's own title.
    let sheet = attr(&print, "link[rel=stylesheet][media=print]", "href").unwrap();
    let print_css = app.get(&sheet).await.text().await.unwrap();
    assert!(
        print_css.contains("tr.sheet-caption { display: table-row; }"),
        "{print_css}"
    );
    let screen = attr(&print, "link[rel=stylesheet]:not([media])", "href").unwrap();
    let screen_css = app.get(&screen).await.text().await.unwrap();
    assert!(screen_css.contains("tr.sheet-caption { display: none; }"));
}

#[tokio::test]
async fn the_printed_standings_abbreviate_the_long_column_heads_and_say_them_in_full_in_a_legend_and_to_screen_readers()
 {
    let app = TestApp::spawn().await;
    let (id, print) = swiss_standings_printed(&app).await;
    let heads = texts(&print, "table.tournament-standings thead th abbr");
    assert_eq!(heads, ["Dif.", "TF"]);
    assert_eq!(
        attr(
            &print,
            "table.tournament-standings thead th abbr[aria-hidden=true]",
            "title"
        )
        .as_deref(),
        Some("Diferencia")
    );
    // What a screen reader reads in the head: the words.
    assert_eq!(
        texts(
            &print,
            "table.tournament-standings thead th .visually-hidden"
        ),
        ["Diferencia", "Tantos a favor"]
    );
    let legend = texts(&print, ".print-sheet p.legend").join(" ");
    assert!(legend.contains("TF: Tantos a favor"), "{legend}");
    assert!(legend.contains("PJ: Partidas jugadas"), "{legend}");
    // The screen keeps the words in the head.
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let heads = texts(&page, "table.tournament-standings thead th");
    assert!(heads.contains(&"Tantos a favor".to_owned()), "{heads:?}");
}

#[tokio::test]
async fn the_championship_file_downloads_named_after_the_championship() {
    let app = TestApp::spawn().await;
    let club = club(&app).await;
    let id = ChampionshipForm::new("Campeonato comarcal de cuatrola — Peñas 2026")
        .create(&app, club)
        .await;
    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()["content-disposition"].to_str().unwrap(),
        "attachment; filename=\"campeonato-comarcal-de-cuatrola-penas-2026.json\"; \
         filename*=UTF-8''campeonato-comarcal-de-cuatrola-penas-2026.json"
    );
}

#[tokio::test]
async fn in_a_browser_the_slips_of_six_tables_print_three_to_an_a4_page_each_half_with_its_own_pin_only()
 {
    let Some(browser) = Browser::start("paper_slips").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let club = club(&app).await;
    let id = ChampionshipForm::new("Campeonato comarcal de cuatrola")
        .set("rounds", "3")
        .create_with_pairs(&app, club, "Pareja", 12)
        .await;
    draw_round_one(&app, id, false).await;
    let path = format!("/campeonatos/{id}/imprimir/actas?ronda=1");

    // Each half holds its own pair's PIN and never the other's.
    let slips = app.page(&path, StatusCode::OK).await;
    let rows = tables(&app, id, 0).await;
    assert_eq!(rows.len(), 6);
    let halves = texts_within(&slips, ".slip", ".slip-half");
    for (row, half) in rows.iter().zip(&halves) {
        assert_eq!(half.len(), 2, "{half:?}");
        assert!(
            half[0].contains(&row.pin) && !half[0].contains(&row.pin_b),
            "{half:?}"
        );
        assert!(
            half[1].contains(&row.pin_b) && !half[1].contains(&row.pin),
            "{half:?}"
        );
    }

    // On paper: three slips to an A4 page, six tables on two pages.
    browser.as_organiser(&app, "mesa", club).await;
    browser.goto(&app.url(&path)).await;
    browser.wait_for(".slips .slip").await;
    assert_eq!(browser.count(".slips .slip").await, 6);
    let (_, pages) = crate::brackets::print_pdf(&browser, "slips-six-tables.pdf").await;
    assert_eq!(pages, 2, "six slips on two A4 pages");
}
