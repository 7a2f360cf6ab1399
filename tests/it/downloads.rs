//! Every download a championship's pages link, walked in Spanish, Catalan and English
//! by the public and by the organiser: a Swiss whose first round holds a result
//! played at the table and then changed by a referee's ruling, one the director
//! overrode and one typed by its pair, and a league whose results the director
//! typed. Each file opens (a CSV with the separator and the decimal mark of its
//! reader's Excel, a workbook whose every part is well-formed XML), and what Baza
//! has a reader for (the entrants, the championship's file) reads back into an
//! empty Baza to the same entrants.

use std::collections::BTreeSet;
use std::io::{Cursor, Read};

use reqwest::StatusCode;
use serde_json::Value;

use crate::championship::{game_of, play_game, play_table, slips};
use crate::helpers::{ChampionshipForm, TestApp, attr, csv_records, post_form_as};
use baza::domain::entry::{Entered, GameDoc};
use baza::domain::random::random_cuatrola_hand_of_game;

/// Names with accents, a comma, a semicolon, quotes and a dash.
const PAIRS: [&str; 7] = [
    "Núñez, Àlex – Güell",
    "Soler; Roca",
    "Mas – Puig \"el Xic\"",
    "Roig – Ferrer",
    "Serra – Font",
    "Vila – Çaball",
    "Riera – Prat",
];

const LANGS: [&str; 3] = ["es", "ca", "en"];

/// A client that reads pages in `lang` (its own cookies).
pub(crate) fn client_in(lang: &str) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        reqwest::header::ACCEPT_LANGUAGE,
        reqwest::header::HeaderValue::from_str(lang).unwrap(),
    );
    reqwest::Client::builder()
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .default_headers(headers)
        .build()
        .unwrap()
}

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// The version a table's page shows `client`.
async fn version_of(app: &TestApp, client: &reqwest::Client, path: &str) -> String {
    let html = app.page_as(client, path).await;
    attr(&html, "p.table-status", "data-version")
        .or_else(|| attr(&html, "form.switch-form input[name=version]", "value"))
        .or_else(|| attr(&html, "form.score-form input[name=version]", "value"))
        .expect("the table's version")
}

/// A cuatrola Swiss of the seven pairs, played hand by hand, a bye worth half a
/// point, whose first round has three results: table 1 played and confirmed, then
/// its last hand changed by a referee's ruling; table 2 played, then overridden by
/// the director; table 3 switched to a typed result that its pairs type and sign.
/// Its organiser is signed in on `app.client`; returns the club and its id.
async fn played_round(app: &TestApp) -> (i32, i32) {
    let club = app
        .club_with_organiser("Penya La Botifarra", "Vilafranca")
        .await;
    let referee = crate::helpers::new_client();
    let pw = app.add_user("arbitra", "referee", Some(club)).await;
    app.login(&referee, "arbitra", &pw).await;
    let id = ChampionshipForm::new("Cuatrola de Sant Martí")
        .set("rounds", "2")
        .set("win", "1")
        .set("draw", "0.5")
        .set("bye", "0.5")
        .set("tb2", "point_difference")
        .create(app, club)
        .await;
    for n in PAIRS {
        let res = post(app, &format!("/campeonatos/{id}/inscritos"), &[("name", n)]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{n}");
    }
    let res = post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", "")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1 paired");
    let res = post(app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1 published");
    let tables = slips(app, id, "ronda=1").await;
    assert_eq!(tables.len(), 3);

    // Table 1: played and confirmed, then a referee's ruling on its last hand.
    play_table(app, &tables[0], 31).await;
    let game = game_of(app, &app.client, &tables[0].path).await;
    let doc: GameDoc = app
        .get(&format!("/partidas/{game}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    let last = doc.hands.len() - 1;
    let (scores, board) = doc.score(baza::domain::Lang::Es).unwrap();
    let mut before = [0i64; 2];
    for s in &scores[..last] {
        for (x, p) in before.iter_mut().zip(&s.hand_points) {
            *x += p.floor();
        }
    }
    let record = (0..500u64)
        .map(|seed| random_cuatrola_hand_of_game(555_000 + seed, doc.hands[last].dealer, before))
        .find(|r| {
            let mut d = doc.clone();
            d.hands[last].entered = Entered::Full(r.to_value());
            d.score(baza::domain::Lang::Es)
                .is_ok_and(|(_, b)| b.game_over.is_some() && b.totals != board.totals)
        })
        .expect("a ruling that changes the score");
    let res = post_form_as(
        app,
        &referee,
        "/arbitro",
        &[("record", &record.to_value().to_string())],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let ruling = res.headers()["location"].to_str().unwrap().to_owned();
    let res = post_form_as(
        app,
        &referee,
        &format!("{ruling}/aplicar"),
        &[
            ("game", &game.to_string()),
            ("hand", &doc.hands.len().to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the ruling is applied");

    // Table 2: played to the end, then the director types another score over it.
    let keeper = tables[1].open(app, 0).await;
    let game = game_of(app, &keeper, &tables[1].path).await;
    let played = play_game(app, &keeper, game, 32).await;
    let over = if played.winner == 0 {
        ["12", "21"]
    } else {
        ["21", "12"]
    };
    let v = version_of(app, &app.client, &tables[1].path).await;
    let res = post(
        app,
        &tables[1].path,
        &[("score_a", over[0]), ("score_b", over[1]), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the override is saved");

    // Table 3: switched to a typed result, typed by one pair, signed by the other.
    let keeper = tables[2].open(app, 0).await;
    game_of(app, &keeper, &tables[2].path).await;
    let v = version_of(app, &app.client, &tables[2].path).await;
    let res = post(
        app,
        &format!("{}/escrita", tables[2].path),
        &[("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "switched to typed");
    let v = version_of(app, &keeper, &tables[2].path).await;
    let res = post_form_as(
        app,
        &keeper,
        &tables[2].path,
        &[("score_a", "21"), ("score_b", "9"), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the pair types it");
    let v = version_of(app, &keeper, &tables[2].path).await;
    let res = post_form_as(
        app,
        &keeper,
        &format!("{}/firma", tables[2].path),
        &[("version", &v), ("pin", &tables[2].pins[1])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the other pair signs");
    (club, id)
}

/// A league of club `club` between the first four pairs, results typed by the
/// director, its first round played: its id.
async fn league(app: &TestApp, club: i32) -> i32 {
    let id = ChampionshipForm::new("Lliga d'hivern")
        .set("system", "round_robin")
        .set("entry", "result")
        .create(app, club)
        .await;
    for n in &PAIRS[..4] {
        let res = post(app, &format!("/campeonatos/{id}/inscritos"), &[("name", n)]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{n}");
    }
    let res = post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", "")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1 paired");
    let res = post(app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1 published");
    for (table, score) in [(1, ["21", "12"]), (2, ["9", "21"])] {
        let path = format!("/campeonatos/{id}/rondas/1/mesas/{table}");
        let v = version_of(app, &app.client, &path).await;
        let res = post(
            app,
            &path,
            &[
                ("score_a", score[0]),
                ("score_b", score[1]),
                ("version", &v),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "table {table}");
    }
    id
}

/// The download links of the page at `path` as `client` reads it (`a[download]`,
/// and the championship's file on the director's page).
async fn links(app: &TestApp, client: &reqwest::Client, path: &str) -> Vec<String> {
    let res = client.get(app.url(path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let sel = scraper::Selector::parse("a[download], a[href$='/exportar']").unwrap();
    html.select(&sel)
        .filter_map(|a| a.value().attr("href"))
        .filter(|h| !h.starts_with("/partidas/"))
        .map(str::to_owned)
        .collect()
}

/// Every part of a workbook unzipped and read to its end as XML; its sheets open.
fn assert_workbook(bytes: &[u8], what: &str) {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).expect("a zip");
    assert!(zip.len() > 3, "{what}: {} parts", zip.len());
    for i in 0..zip.len() {
        let mut part = zip.by_index(i).unwrap();
        let name = part.name().unwrap().into_owned();
        let mut xml = String::new();
        part.read_to_string(&mut xml).unwrap();
        assert!(xml.starts_with("<?xml"), "{what}: {name}");
        let mut reader = quick_xml::Reader::from_str(&xml);
        let mut open = 0i32;
        loop {
            match reader.read_event() {
                Ok(quick_xml::events::Event::Start(_)) => open += 1,
                Ok(quick_xml::events::Event::End(_)) => open -= 1,
                Ok(quick_xml::events::Event::Eof) => break,
                Ok(_) => {}
                Err(e) => panic!("{what}: {name}: {e}"),
            }
        }
        assert_eq!(open, 0, "{what}: {name} closes what it opens");
    }
    let sheets = crate::sheets::worksheets(bytes.to_vec());
    assert!(sheets.iter().all(|(_, rows)| !rows.is_empty()), "{what}");
}

/// A CSV in `lang`: a BOM, the separator and the decimal mark of that language's
/// Excel, every line of a sheet as long as its header. Returns its records.
fn assert_csv(text: &str, lang: &str, what: &str) -> Vec<Vec<String>> {
    assert!(text.starts_with('\u{feff}'), "{what}: a BOM");
    let (sep, other) = if lang == "en" { (',', ';') } else { (';', ',') };
    let records = csv_records(text);
    let header = records
        .iter()
        .find(|r| r.len() > 1)
        .unwrap_or_else(|| panic!("{what}: a header"));
    let line = text
        .lines()
        .find(|l| l.contains(header[1].as_str()))
        .unwrap();
    assert!(
        line.matches(sep).count() >= header.len() - 1,
        "{what}: {sep:?} between the columns: {line}"
    );
    let mut width = 0;
    for r in &records {
        if r.len() == 1 {
            width = 0; // a sheet's title
            continue;
        }
        if width == 0 {
            width = r.len();
        }
        assert_eq!(r.len(), width, "{what}: {r:?}\n{text}");
        for f in r {
            let decimal = f.split_once(other).is_some_and(|(a, b)| {
                !a.is_empty()
                    && !b.is_empty()
                    && a.trim_start_matches('-')
                        .chars()
                        .all(|c| c.is_ascii_digit())
                    && b.chars().all(|c| c.is_ascii_digit())
            });
            let dotted = lang != "en"
                && f.split_once('.').is_some_and(|(a, b)| {
                    !a.is_empty()
                        && !b.is_empty()
                        && a.trim_start_matches('-')
                            .chars()
                            .all(|c| c.is_ascii_digit())
                        && b.chars().all(|c| c.is_ascii_digit())
                });
            let sentence = f.contains(' ') || f.contains('{');
            assert!(
                sentence || !(dotted || (lang == "en" && decimal)),
                "{what}: a number written for another Excel: {f:?}"
            );
        }
    }
    records
}

/// Posts `bytes` as the file of the entrants' import of championship `id`.
async fn import_entrants(app: &TestApp, id: i32, name: &str, bytes: &[u8]) -> reqwest::Response {
    let csrf = app.csrf().await;
    let boundary = "----bazaDownloadsBoundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    app.client
        .post(app.url(&format!("/campeonatos/{id}/inscritos/importar")))
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(body)
        .send()
        .await
        .unwrap()
}

/// The entrants' names of championship `id`, from its file.
async fn entrant_names(app: &TestApp, id: i32) -> Vec<String> {
    let doc: Value = app
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

/// Reads `bytes`, downloaded from `link`, back into the empty Baza `empty` where
/// Baza has a reader for it: to the entrants `names`.
async fn read_back(empty: &TestApp, club: i32, link: &str, bytes: &[u8], names: &[&str]) {
    if link.contains("/inscritos.") {
        let id = ChampionshipForm::new("Vacío").create(empty, club).await;
        let name = link.rsplit('/').next().unwrap();
        let res = import_entrants(empty, id, name, bytes).await;
        let status = res.status();
        assert_eq!(
            status,
            StatusCode::SEE_OTHER,
            "{link}: {}",
            res.text().await.unwrap()
        );
        assert_eq!(entrant_names(empty, id).await, names, "{link}");
    } else if link.ends_with("/exportar") {
        let text = std::str::from_utf8(bytes).unwrap();
        let copy = crate::file_reads_back::imported(empty, club, text).await;
        assert_eq!(entrant_names(empty, copy).await, names, "{link}");
    }
}

#[tokio::test]
async fn every_download_of_a_championship_opens_in_each_language_and_what_baza_reads_reads_back_into_an_empty_baza()
 {
    let app = TestApp::spawn().await;
    let (club, swiss) = played_round(&app).await;
    let league = league(&app, club).await;
    let empty = TestApp::spawn().await;
    let empty_club = empty.club_with_organiser("Casal Buit", "Olot").await;
    let mut seen = BTreeSet::new();
    for (id, names) in [(swiss, &PAIRS[..]), (league, &PAIRS[..4])] {
        for lang in LANGS {
            let public = client_in(lang);
            let organiser = client_in(lang);
            app.login(&organiser, "directora", "directora-secret-pw")
                .await;
            let mut walked = Vec::new();
            for (client, pages) in [
                (&public, vec![format!("/campeonatos/{id}")]),
                (
                    &organiser,
                    vec![
                        format!("/campeonatos/{id}"),
                        format!("/campeonatos/{id}/direccion"),
                        format!("/campeonatos/{id}/auditoria"),
                    ],
                ),
            ] {
                for page in pages {
                    for link in links(&app, client, &page).await {
                        walked.push((client, link));
                    }
                }
            }
            for (client, link) in &walked {
                let res = client.get(app.url(link)).send().await.unwrap();
                assert_eq!(res.status(), StatusCode::OK, "{lang}: {link}");
                let bytes = res.bytes().await.unwrap().to_vec();
                let what = format!("{lang}: {link}");
                if link.contains(".xlsx") || link.ends_with("formato=xlsx") {
                    assert_workbook(&bytes, &what);
                } else if link.contains(".csv") || link.ends_with("formato=csv") {
                    let text = std::str::from_utf8(&bytes).expect("UTF-8");
                    let records = assert_csv(text, lang, &what);
                    if id == swiss && link.contains("/clasificacion.") {
                        // The bye's half a point, written for this language's Excel.
                        let half = if lang == "en" { "0.5" } else { "0,5" };
                        assert!(
                            records.iter().any(|r| r.len() > 7 && r[7] == half),
                            "{what}: {text}"
                        );
                    }
                }
                read_back(&empty, empty_club, link, &bytes, names).await;
                seen.insert(
                    link.trim_start_matches(&format!("/campeonatos/{id}/"))
                        .to_owned(),
                );
            }
        }
    }
    for want in [
        "clasificacion.csv",
        "clasificacion.xlsx",
        "resultados.csv",
        "resultados.xlsx",
        "emparejamientos.csv",
        "emparejamientos.xlsx",
        "inscritos.csv",
        "inscritos.xlsx",
        "auditoria?formato=csv",
        "auditoria?formato=xlsx",
        "cruces.csv",
        "cruces.xlsx",
        "exportar",
    ] {
        assert!(
            seen.iter().any(|s| s.contains(want)),
            "{want} walked: {seen:?}"
        );
    }
}
