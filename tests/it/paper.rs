//! What leaves the hall on paper and in files: the round sheets for the wall, the
//! knockout's slips cut in halves, and the results file the federation opens in a
//! spreadsheet, with every match of the day, the knockout's too.

use reqwest::StatusCode;
use scraper::{Html, Selector};

use crate::champion::{club, play_at_table, swiss_played, tables};
use crate::helpers::{ChampionshipForm, TestApp, attr, new_client, post_form_as, texts};

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
    let res = post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = post(&app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
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
