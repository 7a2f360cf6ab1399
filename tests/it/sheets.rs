//! Spreadsheets: the demo's standings, crosstable, pairings, club games and audit
//! downloaded as XLSX (read back with calamine) and CSV (read back with the csv
//! crate) and compared with the pages; the entrant import of what Excel writes
//! (a BOM, `;`, quoted commas and line breaks) and of a wrong file.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use reqwest::StatusCode;

use crate::helpers::{TestApp, attr, new_client, texts};

/// The demo's Swiss championship (running, rounds published) and its league.
const SWISS: i32 = 2;
const LEAGUE: i32 = 1;

/// Downloads `path` with `client`, checks it is an attachment named `*.ext`,
/// and returns the bytes.
async fn download(app: &TestApp, client: &reqwest::Client, path: &str, ext: &str) -> Vec<u8> {
    let res = client.get(app.url(path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "GET {path}");
    let disposition = res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.starts_with("attachment; filename=\"")
            && disposition.ends_with(&format!(".{ext}\"")),
        "{disposition}"
    );
    let name = disposition.trim_start_matches("attachment; filename=\"");
    assert!(
        name.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-.\"".contains(c)),
        "a plain file name: {name}"
    );
    let kind = res.headers()["content-type"].to_str().unwrap().to_owned();
    match ext {
        "xlsx" => assert_eq!(
            kind,
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        ),
        _ => assert_eq!(kind, "text/csv; charset=utf-8"),
    }
    res.bytes().await.unwrap().to_vec()
}

/// Every worksheet of a workbook: (tab name, rows of cells).
pub fn worksheets(bytes: Vec<u8>) -> Vec<(String, Vec<Vec<Data>>)> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).expect("an XLSX workbook");
    let names = book.sheet_names();
    names
        .into_iter()
        .map(|n| {
            let range = book.worksheet_range(&n).expect("a worksheet");
            (n, range.rows().map(<[Data]>::to_vec).collect())
        })
        .collect()
}

/// CSV bytes: they start with the UTF-8 BOM; the records after it.
fn csv_records(bytes: &[u8]) -> Vec<Vec<String>> {
    crate::helpers::csv_records(std::str::from_utf8(bytes).expect("UTF-8"))
}

/// A standings row of the page: rank, name, club, played, W-D-L, points, tie-breaks.
struct PageRow {
    cells: Vec<String>,
    name: String,
    club: String,
}

async fn page_standings(app: &TestApp, id: i32) -> (Vec<String>, Vec<PageRow>) {
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let headers = texts(&page, "table.tournament-standings thead th");
    let row_sel = scraper::Selector::parse("table.tournament-standings tbody tr").unwrap();
    let td = scraper::Selector::parse("td").unwrap();
    let strong = scraper::Selector::parse("strong").unwrap();
    let small = scraper::Selector::parse("small").unwrap();
    let rows = page
        .select(&row_sel)
        .map(|tr| {
            let first = |e: scraper::ElementRef, s| {
                e.select(s)
                    .next()
                    .map(|x| x.text().collect::<String>().trim().to_owned())
                    .unwrap_or_default()
            };
            let cells: Vec<_> = tr.select(&td).collect();
            PageRow {
                name: first(cells[1], &strong),
                club: first(cells[1], &small),
                cells: cells
                    .iter()
                    .map(|c| c.text().collect::<String>().trim().to_owned())
                    .collect(),
            }
        })
        .collect();
    (headers, rows)
}

fn number(d: &Data) -> f64 {
    match d {
        Data::Float(f) => *f,
        Data::Int(i) => *i as f64,
        other => panic!("a number cell, not {other:?}"),
    }
}

fn text(d: &Data) -> &str {
    match d {
        Data::String(s) => s,
        other => panic!("a text cell, not {other:?}"),
    }
}

/// A page's number as the sheet holds it ("+5" is 5, "–" is an empty cell).
fn page_number(s: &str) -> Option<f64> {
    match s {
        "–" | "" => None,
        s => Some(
            s.trim_start_matches('+')
                .parse()
                .expect("a number on the page"),
        ),
    }
}

#[tokio::test]
async fn the_xlsx_standings_hold_the_rows_and_numbers_of_the_standings_page() {
    let app = TestApp::with_demo().await;
    for id in [SWISS, LEAGUE] {
        let (headers, page) = page_standings(&app, id).await;
        assert!(page.len() >= 8, "the demo's pairs: {}", page.len());
        let sheets = worksheets(
            download(
                &app,
                &app.client,
                &format!("/campeonatos/{id}/clasificacion.xlsx"),
                "xlsx",
            )
            .await,
        );
        assert_eq!(sheets.len(), 1);
        let (tab, rows) = &sheets[0];
        assert_eq!(tab, "Clasificación");
        // The header row: the page's names, its abbreviations spelt out, W-D-L in
        // three columns, the tie-breaks.
        let head: Vec<&str> = rows[0].iter().map(text).collect();
        assert_eq!(head[0], headers[0], "{head:?}");
        assert_eq!(head[0], "Puesto");
        assert_eq!(head[1], headers[1], "{head:?}");
        assert_eq!(head[3], "Partidas jugadas");
        assert_eq!(&head[4..7], ["Ganadas", "Empatadas", "Perdidas"]);
        assert_eq!((headers[4].as_str(), head[7]), ("Ptos.", "Puntos"));
        let tiebreaks = &headers[5..];
        assert_eq!(&head[8..8 + tiebreaks.len()], tiebreaks);
        assert_eq!(
            rows.len(),
            page.len() + 1,
            "one row per pair and the header"
        );
        for (sheet, page) in rows[1..].iter().zip(&page) {
            let c = &page.cells;
            assert_eq!(number(&sheet[0]), page_number(&c[0]).unwrap(), "rank");
            assert_eq!(text(&sheet[1]), page.name);
            assert_eq!(text(&sheet[2]), page.club);
            assert_eq!(number(&sheet[3]), page_number(&c[2]).unwrap(), "played");
            let wdl: Vec<f64> = c[3].split('-').map(|n| n.parse().unwrap()).collect();
            let sheet_wdl: Vec<f64> = sheet[4..7].iter().map(number).collect();
            assert_eq!(sheet_wdl, wdl, "{}", page.name);
            assert_eq!(number(&sheet[7]), page_number(&c[4]).unwrap(), "points");
            for (i, shown) in c[5..].iter().enumerate() {
                let cell = sheet.get(8 + i).unwrap_or(&Data::Empty);
                match page_number(shown) {
                    Some(n) => assert_eq!(number(cell), n, "{} {}", page.name, tiebreaks[i]),
                    None => assert_eq!(cell, &Data::Empty),
                }
            }
        }
        // Some tie-break is really a number (the demo has results).
        assert!(
            rows[1..]
                .iter()
                .any(|r| matches!(r.get(9), Some(Data::Float(f)) if *f != 0.0))
        );
    }
}

#[tokio::test]
async fn the_csv_standings_read_back_with_the_csv_crate_to_the_rows_of_the_page() {
    let app = TestApp::with_demo().await;
    let (headers, page) = page_standings(&app, SWISS).await;
    let bytes = download(
        &app,
        &app.client,
        &format!("/campeonatos/{SWISS}/clasificacion.csv"),
        "csv",
    )
    .await;
    let records = csv_records(&bytes);
    assert_eq!(records[0][1], headers[1]);
    assert_eq!(records.len(), page.len() + 1);
    for (r, p) in records[1..].iter().zip(&page) {
        assert_eq!(r[0], p.cells[0]);
        assert_eq!(r[1], p.name);
        assert_eq!(r[2], p.club);
        assert_eq!(r[3], p.cells[2]);
        assert_eq!(format!("{}-{}-{}", r[4], r[5], r[6]), p.cells[3]);
        assert_eq!(r[7], p.cells[4]);
        for (i, shown) in p.cells[5..].iter().enumerate() {
            // A decimal as a Spanish Excel reads it: "12,5".
            let want = page_number(shown)
                .map(|n| n.to_string().replace('.', ","))
                .unwrap_or_default();
            assert_eq!(r[8 + i], want);
        }
    }
    // The XLSX and the CSV agree (English headers in English).
    let en = app
        .client
        .get(app.url(&format!("/campeonatos/{SWISS}/clasificacion.csv")))
        .header("Accept-Language", "en")
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert_eq!(&csv_records(&en)[0][4..7], ["Won", "Drawn", "Lost"]);
}

#[tokio::test]
async fn the_demo_pages_link_their_downloads_and_each_link_answers_a_spreadsheet() {
    let app = TestApp::with_demo().await;
    app.with_conn(|c| {
        baza::service::demo_games::create_demo_games(c, 1).unwrap();
    })
    .await;
    let mut links = Vec::new();
    for page in [
        format!("/campeonatos/{SWISS}"),
        format!("/campeonatos/{LEAGUE}"),
        "/clubes/1".to_owned(),
    ] {
        let html = app.page(&page, StatusCode::OK).await;
        let found = texts(&html, "p.downloads");
        assert!(
            found.iter().all(|t| t.contains("Excel · CSV")),
            "{page}: {found:?}"
        );
        let sel = scraper::Selector::parse("p.downloads a[download]").unwrap();
        let hrefs: Vec<String> = html
            .select(&sel)
            .filter_map(|a| a.value().attr("href").map(str::to_owned))
            .collect();
        assert!(!hrefs.is_empty(), "{page} links its downloads");
        links.extend(hrefs);
    }
    for wanted in [
        format!("/campeonatos/{SWISS}/clasificacion.xlsx"),
        format!("/campeonatos/{LEAGUE}/cruces.xlsx"),
        "/clubes/1/partidas.xlsx".to_owned(),
    ] {
        assert!(links.contains(&wanted), "{wanted} in {links:?}");
    }
    assert!(
        links
            .iter()
            .any(|l| l.starts_with(&format!("/campeonatos/{SWISS}/emparejamientos.xlsx?ronda=")))
    );
    for link in &links {
        let ext = if link.contains(".xlsx") {
            "xlsx"
        } else {
            "csv"
        };
        let bytes = download(&app, &app.client, link, ext).await;
        if ext == "xlsx" {
            let sheets = worksheets(bytes);
            assert!(
                sheets.iter().all(|(_, rows)| rows.len() > 1),
                "{link}: rows"
            );
        } else {
            assert!(csv_records(&bytes).len() > 1, "{link}: rows");
        }
    }

    // The crosstable of the league: eight pairs, each against the seven others.
    let sheets = worksheets(
        download(
            &app,
            &app.client,
            &format!("/campeonatos/{LEAGUE}/cruces.xlsx"),
            "xlsx",
        )
        .await,
    );
    let rows = &sheets[0].1;
    assert_eq!(rows.len(), 9);
    assert_eq!(rows[0].len(), 2 + 8);
    for (i, r) in rows[1..].iter().enumerate() {
        assert_eq!(number(&r[0]), (i + 1) as f64);
        assert_eq!(text(&r[2 + i]), "×");
        assert_eq!(r[2..].iter().filter(|c| text(c).contains('–')).count(), 7);
    }
    // A Swiss has no crosstable.
    let res = app.get(&format!("/campeonatos/{SWISS}/cruces.xlsx")).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    // The pairings of the round the page shows: its tables, scores as numbers.
    let page = app
        .page(&format!("/campeonatos/{SWISS}"), StatusCode::OK)
        .await;
    let tables = texts(&page, "div.round table.pairings tbody tr");
    let href = attr(&page, "div.round p.downloads a[download]", "href").unwrap();
    let sheets = worksheets(download(&app, &app.client, &href, "xlsx").await);
    let rows = &sheets[0].1;
    assert_eq!(rows.len(), tables.len() + 1);
    for r in &rows[1..] {
        if let (Data::Float(a), Data::Float(b)) = (&r[3], &r[4]) {
            assert_eq!(text(&r[5]), format!("{a} – {b}"));
        }
    }

    // The club's games: one row per game of the page, numbered like its links.
    let club = app.page("/clubes/1", StatusCode::OK).await;
    let games = texts(&club, "ul.games li");
    assert!(!games.is_empty());
    let sheets = worksheets(download(&app, &app.client, "/clubes/1/partidas.xlsx", "xlsx").await);
    let rows = &sheets[0].1;
    assert_eq!(rows.len(), games.len() + 1);
    let first = attr(&club, "ul.games li a", "href").unwrap();
    assert_eq!(first, format!("/partidas/{}", number(&rows[1][0])));

    // An unknown format is not a download.
    let res = app
        .get(&format!("/campeonatos/{SWISS}/clasificacion.pdf"))
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_visitor_cannot_download_the_audit_or_the_entrants_and_the_club_staff_can() {
    let app = TestApp::with_demo().await;
    let private = [
        (format!("/campeonatos/{SWISS}/auditoria.xlsx"), "xlsx"),
        (format!("/campeonatos/{SWISS}/auditoria.csv"), "csv"),
        (
            format!("/campeonatos/{SWISS}/auditoria?formato=xlsx"),
            "xlsx",
        ),
        ("/clubes/1/auditoria.xlsx".to_owned(), "xlsx"),
        (format!("/campeonatos/{SWISS}/inscritos.xlsx"), "xlsx"),
    ];
    for (path, _) in &private {
        let res = app.get(path).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "a visitor: {path}");
        assert!(
            res.headers()["location"]
                .to_str()
                .unwrap()
                .starts_with("/entrar")
        );
    }
    // Staff of another club is refused too.
    let other = app.add_user("otra", "organiser", None).await;
    let stranger = new_client();
    app.login(&stranger, "otra", &other).await;
    for (path, _) in &private {
        let res = stranger.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "another club: {path}");
    }
    let pw = app.add_user("arbitra", "referee", Some(1)).await;
    let referee = new_client();
    app.login(&referee, "arbitra", &pw).await;
    let html = app
        .page_as(&referee, &format!("/campeonatos/{SWISS}/auditoria"))
        .await;
    let shown = texts(&html, "ul.audit-lines li").len();
    assert!(shown > 0);
    assert_eq!(
        attr(&html, "p.downloads a[download]", "href").as_deref(),
        Some(format!("/campeonatos/{SWISS}/auditoria?formato=xlsx").as_str())
    );
    let sheets = worksheets(
        download(
            &app,
            &referee,
            &format!("/campeonatos/{SWISS}/auditoria.xlsx"),
            "xlsx",
        )
        .await,
    );
    let rows = &sheets[0].1;
    assert_eq!(rows.len(), shown + 1, "the page's entries and the header");
    assert_eq!(text(&rows[0][1]), "Cuándo");
    assert!(matches!(rows[1][0], Data::Float(_)), "the id is a number");
    let csv = csv_records(
        &download(
            &app,
            &referee,
            &format!("/campeonatos/{SWISS}/auditoria.csv"),
            "csv",
        )
        .await,
    );
    assert_eq!(csv.len(), shown + 1);
    // The stored columns, and the change as a sentence.
    assert!(csv[1..].iter().all(|r| r.len() == 9));
}

/// A championship in registration of the club the signed-in director runs.
async fn open_for_entries(app: &TestApp) -> i32 {
    let pw = app.add_user("directora", "organiser", Some(1)).await;
    app.login(&app.client, "directora", &pw).await;
    another_open(app).await
}

/// One more championship in registration of the demo's club.
async fn another_open(app: &TestApp) -> i32 {
    let file: baza::domain::tournament::TournamentFile = serde_json::from_value(serde_json::json!({
        "format": "baza-tournament/1",
        "event": {"name": "Open de hojas", "game": "botifarra", "system": {"kind": "swiss", "rounds": 3}},
        "entrants": [],
        "rounds": []
    }))
    .unwrap();
    app.with_conn(move |c| {
        let now = baza::web::account::now();
        let mut pins = || "1234".to_owned();
        baza::service::championship::create(c, 1, &file, false, now.date(), now, "test", &mut pins)
            .unwrap()
    })
    .await
}

/// Posts `csv` to the import as a file, as a browser does.
async fn import(app: &TestApp, id: i32, csv: &[u8], lang: &str) -> reqwest::Response {
    let csrf = app.csrf().await;
    let boundary = "----bazaSheetsBoundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"csv\"\r\n\r\n\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"inscritos.csv\"\r\nContent-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(csv);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    app.client
        .post(app.url(&format!("/campeonatos/{id}/inscritos/importar")))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header("Accept-Language", lang)
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn entrant_names(app: &TestApp, id: i32) -> Vec<String> {
    let doc: serde_json::Value = app
        .get(&format!("/campeonatos/{id}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    doc["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_entrant_import_takes_what_a_spanish_excel_saves() {
    let app = TestApp::with_demo().await;
    let id = open_for_entries(&app).await;
    // A BOM, `;` separators, a quoted `;` and `,`, a line break inside quotes, CRLF.
    let csv = "\u{feff}Nombre;Club;Cabeza de serie\r\n\"Pujol; Vidal\";Casal de Ponent;1\r\n\"Soler, Roca\";\"Peña \"\"La Baza\"\"\r\nde Tarancón\";\r\nÑúñez – Güell;;2\r\n";
    let res = import(&app, id, csv.as_bytes(), "es").await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    assert_eq!(
        entrant_names(&app, id).await,
        ["Pujol; Vidal", "Soler, Roca", "Ñúñez – Güell"]
    );
    // What Excel's plain "CSV" saves on a Spanish Windows: Windows-1252 bytes.
    let res = import(
        &app,
        id,
        b"nombre;club\r\nMu\xf1oz \x96 Garc\xeda;Pe\xf1a\r\n",
        "es",
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(entrant_names(&app, id).await[3], "Muñoz – García");
    // The export reads back in a spreadsheet: the BOM, the quoted line break.
    let bytes = download(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/inscritos.csv"),
        "csv",
    )
    .await;
    let rows = csv_records(&bytes);
    assert_eq!(rows[2][1], "Soler, Roca");
    assert_eq!(rows[2][2], "Peña \"La Baza\"\nde Tarancón");
    let sheets = worksheets(
        download(
            &app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos.xlsx"),
            "xlsx",
        )
        .await,
    );
    assert_eq!(text(&sheets[0].1[1][1]), "Pujol; Vidal");
    assert_eq!(number(&sheets[0].1[1][3]), 1.0, "the seed is a number");
}

#[tokio::test]
async fn a_wrong_line_re_shows_the_import_form_with_the_text_and_what_to_fix() {
    let app = TestApp::with_demo().await;
    let id = open_for_entries(&app).await;
    let director = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert!(
        texts(&director, "a")
            .iter()
            .any(|t| t == "Importar desde una hoja de cálculo")
    );
    let form = app
        .page(
            &format!("/campeonatos/{id}/inscritos/importar"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(texts(&form, "form textarea[name=csv]"), [""]);

    let csv = "nombre;cabeza_de_serie\nPujol – Vidal;1\nSoler – Roca;uno\n";
    let res = import(&app, id, csv.as_bytes(), "es").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, "[role=alert]").join(" ");
    assert!(alert.contains("Línea 3:"), "{alert}");
    assert!(alert.contains("cabeza de serie"), "{alert}");
    assert!(
        alert.contains("Soler – Roca;uno"),
        "the wrong line: {alert}"
    );
    assert!(alert.contains("No se ha importado nada"), "{alert}");
    assert_eq!(texts(&html, "form textarea[name=csv]"), [csv.trim_end()]);
    assert!(entrant_names(&app, id).await.is_empty(), "nothing imported");

    // Fixed in the textarea and sent again (no file): imported.
    let csrf = app.csrf().await;
    let fixed = csv.replace("uno", "2");
    let res = app
        .client
        .post(app.url(&format!("/campeonatos/{id}/inscritos/importar")))
        .form(&[("csrf", csrf.as_str()), ("csv", fixed.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        entrant_names(&app, id).await,
        ["Pujol – Vidal", "Soler – Roca"]
    );

    // In English; an unclosed quote names the line it opened on.
    let res = import(&app, id, b"nombre\nA\n\"B\nC\n", "en").await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, "[role=alert]").join(" ");
    assert!(
        alert.contains("Line 3:") && alert.contains("quotes"),
        "{alert}"
    );
    assert!(alert.contains("Nothing was imported"), "{alert}");
}

#[tokio::test]
async fn the_director_downloads_a_round_not_yet_published_and_a_visitor_cannot() {
    let app = TestApp::with_demo().await;
    let id = open_for_entries(&app).await;
    let csv = "nombre,club\nPujol – Vidal,Casal\nSoler – Roca,Casal\nMas – Puig,Ateneu\nRoig – Ferrer,Ateneu\n";
    assert_eq!(
        import(&app, id, csv.as_bytes(), "es").await.status(),
        StatusCode::SEE_OTHER
    );
    let res = crate::helpers::post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let director = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    let href = format!("/campeonatos/{id}/emparejamientos.xlsx?ronda=1");
    assert!(
        texts(&director, "p.downloads")
            .iter()
            .any(|t| t.contains("Excel · CSV")),
        "the director's round links its download"
    );
    assert_eq!(
        attr(&director, "div.round p.downloads a[download]", "href"),
        Some(href.clone())
    );
    let sheets = worksheets(download(&app, &app.client, &href, "xlsx").await);
    let rows = &sheets[0].1;
    assert_eq!(rows.len(), 1 + 2, "two tables of four pairs");
    let names: Vec<&str> = rows[1..]
        .iter()
        .flat_map(|r| [text(&r[1]), text(&r[2])])
        .collect();
    for pair in [
        "Pujol – Vidal",
        "Soler – Roca",
        "Mas – Puig",
        "Roig – Ferrer",
    ] {
        assert!(names.contains(&pair), "{names:?}");
    }
    assert!(
        rows[1..].iter().all(|r| r[3] == Data::Empty),
        "no score yet"
    );
    // Not published: the public does not see it.
    let res = new_client().get(app.url(&href)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn every_line_of_the_pairings_csv_names_its_round_under_a_header_in_the_readers_language() {
    let app = TestApp::with_demo().await;
    for n in [1, 2] {
        let bytes = download(
            &app,
            &app.client,
            &format!("/campeonatos/{SWISS}/emparejamientos.csv?ronda={n}"),
            "csv",
        )
        .await;
        let records = csv_records(&bytes);
        assert_eq!(records[0].last().map(String::as_str), Some("Ronda"));
        assert!(records.len() > 1, "round {n} has tables");
        for r in &records[1..] {
            assert_eq!(r.last(), Some(&n.to_string()), "{r:?}");
        }
    }
    let en = app
        .client
        .get(app.url(&format!("/campeonatos/{SWISS}/emparejamientos.csv?ronda=1")))
        .header("Accept-Language", "en")
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert_eq!(
        csv_records(&en)[0].last().map(String::as_str),
        Some("Round")
    );
}

/// Names a spreadsheet would run as formulas, and names with an apostrophe of their
/// own.
const LIKE_FORMULAS: [&str; 6] = ["=Club", "+34 Peña", "-Peña", "@casa", "'ok", "O'Donnell"];

/// A championship's entrants from its file: (name, club).
async fn entrants_and_clubs(app: &TestApp, id: i32) -> Vec<(String, String)> {
    let doc: serde_json::Value = app
        .get(&format!("/campeonatos/{id}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    doc["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let club = e["club"].as_str().unwrap_or_default();
            (e["name"].as_str().unwrap().to_owned(), club.to_owned())
        })
        .collect()
}

#[tokio::test]
async fn entrants_and_clubs_named_like_formulas_come_back_as_typed_from_the_downloaded_list() {
    let app = TestApp::with_demo().await;
    let id = open_for_entries(&app).await;
    for (k, name) in LIKE_FORMULAS.iter().enumerate() {
        let club = LIKE_FORMULAS[(k + 1) % LIKE_FORMULAS.len()];
        let res = crate::helpers::post_form_as(
            &app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", name), ("club", club)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} registered");
    }
    let typed = entrants_and_clubs(&app, id).await;
    let names: Vec<&str> = typed.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, LIKE_FORMULAS);
    let path = format!("/campeonatos/{id}/inscritos");
    let csv_es = download(&app, &app.client, &format!("{path}.csv"), "csv").await;
    let res = app
        .client
        .get(app.url(&format!("{path}.csv")))
        .header("Accept-Language", "en")
        .send()
        .await
        .unwrap();
    let csv_en = res.bytes().await.unwrap().to_vec();
    let xlsx = download(&app, &app.client, &format!("{path}.xlsx"), "xlsx").await;
    // The CSV files guard the formulas for a spreadsheet; a name with an apostrophe
    // of its own is written as it is.
    for bytes in [&csv_es, &csv_en] {
        let text = String::from_utf8(bytes.clone()).unwrap();
        for guarded in ["'=Club", "'+34 Peña", "'-Peña", "'@casa"] {
            assert!(text.contains(guarded), "{guarded}: {text}");
        }
        assert!(
            !text.contains("''ok") && text.contains("O'Donnell"),
            "{text}"
        );
    }
    // Each one imported into a new championship: the entrants and clubs as typed.
    for (file, bytes) in [("es", csv_es), ("en", csv_en), ("xlsx", xlsx)] {
        let copy = another_open(&app).await;
        let res = import(&app, copy, &bytes, "es").await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "{file}: {}",
            res.text().await.unwrap()
        );
        assert_eq!(entrants_and_clubs(&app, copy).await, typed, "{file}");
    }
}

/// A Catalan club's standings and results downloaded as CSV from a Catalan page, its
/// championship made from an empty database through the forms with their defaults:
/// the files head their columns as the pages do, in Catalan, their abbreviations
/// spelt out ("Lloc", "Parella 1", "Parella 2", "Punts"), `;` between fields.
#[tokio::test]
async fn a_catalan_reader_downloads_the_standings_and_the_results_as_csv_headed_as_the_catalan_pages()
 {
    use crate::from_scratch::{
        club_of_game, defaults_for, id_of, new_championship, register_and_pair,
    };
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "botifarra").await;
    let fields = defaults_for(&app, club, "botifarra", "partida").await;
    let id = id_of(&new_championship(&app, club, &fields).await);
    register_and_pair(
        &app,
        id,
        &[
            "Pujol – Vidal",
            "Soler – Roca",
            "Mas – Puig",
            "Roig – Ferrer",
        ],
    )
    .await;
    let res = crate::helpers::post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/rondas/1/mesas/1"),
        &[
            ("version", "0"),
            ("score_a", "101"),
            ("score_b", "64"),
            ("forfeit", ""),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "table 1's result");

    let public = new_client();
    let in_catalan = |path: String| {
        let public = public.clone();
        let url = app.url(&path);
        async move {
            let res = public
                .get(url)
                .header("Accept-Language", "ca")
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::OK, "{path}");
            res.text().await.unwrap()
        }
    };
    let page = scraper::Html::parse_document(&in_catalan(format!("/campeonatos/{id}")).await);
    let standings_heads = texts(&page, "table.tournament-standings thead th");
    let round_heads = texts(&page, "table.pairings thead th");
    assert_eq!(
        round_heads,
        ["Taula", "Parella 1", "Parella 2", "Resultat"],
        "the Catalan page"
    );

    let csv = in_catalan(format!("/campeonatos/{id}/clasificacion.csv")).await;
    assert!(
        csv.lines().next().unwrap_or_default().contains(';'),
        "{csv}"
    );
    let standings = crate::helpers::csv_records(&csv);
    assert_eq!(standings[0][..2], standings_heads[..2], "{standings:?}");
    assert_eq!(
        standings[0][..8],
        [
            "Lloc",
            "Parella",
            "Club",
            "Partides jugades",
            "Guanyades",
            "Empatades",
            "Perdudes",
            "Punts"
        ],
        "{standings:?}"
    );
    assert!(standings[1..].iter().any(|r| r[1] == "Pujol – Vidal"));

    let results =
        crate::helpers::csv_records(&in_catalan(format!("/campeonatos/{id}/resultados.csv")).await);
    assert_eq!(
        results[0],
        [
            "Taula",
            "Parella 1",
            "Parella 2",
            "Punts de la parella 1",
            "Punts de la parella 2",
            "Resultat",
            "Ronda"
        ],
        "{results:?}"
    );
    assert_eq!(results[0][..3], round_heads[..3]);
    assert_eq!(results[0][5], round_heads[3]);
    let first = results
        .iter()
        .find(|r| r[0] == "1")
        .expect("table 1's line");
    assert_eq!(first[3..5], ["101", "64"], "{results:?}");
}
