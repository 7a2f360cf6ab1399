//! Match points with halves and ties nobody broke, through the web: a botifarra
//! Swiss with ½ for a draw ranked as computed here from its results, its XLSX and
//! CSV holding the halves; the form's ways of typing a half and its refusal of any
//! other fraction; and ties shown ex aequo, or with the lot (and its seed) or the
//! order of entry named on the page, the print and the CSV.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::Value;

use crate::from_scratch::{defaults_for, id_of, new_championship, post_fields, set};
use crate::helpers::{TestApp, post_form_as, texts};
use crate::sheets::worksheets;

pub(crate) const PAIRS: [&str; 7] = [
    "Pujol – Vidal",
    "Soler – Roca",
    "Mas – Puig",
    "Roig – Ferrer",
    "Serra – Font",
    "Vila – Costa",
    "Riera – Prat",
];

/// A botifarra Swiss of `rounds` rounds, its results typed by the director, made by
/// the organiser of `club` from the form's defaults with `fields` over them.
async fn championship(app: &TestApp, club: i32, rounds: &str, fields: &[(&str, &str)]) -> i32 {
    let mut form = defaults_for(app, club, "botifarra", "timed").await;
    for (k, v) in [("rounds", rounds), ("entry", "result")]
        .iter()
        .chain(fields)
    {
        set(&mut form, k, v);
    }
    let res = new_championship(app, club, &form).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    id_of(&res)
}

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

pub(crate) async fn document(app: &TestApp, id: i32) -> Value {
    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

pub(crate) async fn register(app: &TestApp, id: i32, names: &[&str]) {
    for n in names {
        let res = post(app, &format!("/campeonatos/{id}/inscritos"), &[("name", n)]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{n} registered");
    }
}

/// Pairs round `r`, enters `score(r, table)` at every table as the director and
/// returns the round's tables (table, a, b) and its bye.
pub(crate) async fn play_round(
    app: &TestApp,
    id: i32,
    r: usize,
    score: &dyn Fn(usize, u64) -> (u32, u32),
) -> (Vec<(u64, String, String)>, Option<String>) {
    let res = post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", "")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round {r} paired");
    let res = post(app, &format!("/campeonatos/{id}/rondas/{r}/publicar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round {r} published");
    let doc = document(app, id).await;
    let mut tables = Vec::new();
    let mut bye = None;
    for p in doc["rounds"][r - 1]["pairings"].as_array().unwrap() {
        if let Some(b) = p["bye"].as_str() {
            bye = Some(b.to_owned());
            continue;
        }
        let t = p["table"].as_u64().unwrap();
        tables.push((
            t,
            p["a"].as_str().unwrap().to_owned(),
            p["b"].as_str().unwrap().to_owned(),
        ));
    }
    for (t, _, _) in &tables {
        let path = format!("/campeonatos/{id}/rondas/{r}/mesas/{t}");
        let html = app.page(&path, StatusCode::OK).await;
        let version = crate::helpers::attr(&html, "form.score-form input[name=version]", "value")
            .expect("the result form");
        let (sa, sb) = score(r, *t);
        let res = post(
            app,
            &path,
            &[
                ("score_a", &sa.to_string()),
                ("score_b", &sb.to_string()),
                ("version", &version),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "result r{r} t{t}");
    }
    (tables, bye)
}

/// Draws (70–70) at a third of the tables, the others won by 101 or on time.
fn score(r: usize, t: u64) -> (u32, u32) {
    match (r as u64 * 5 + t * 7) % 6 {
        0 | 3 => (70, 70),
        1 => (101, 55 + t as u32),
        2 => (80 + r as u32, 101),
        4 => (90, 60 + r as u32),
        _ => (40 + t as u32, 95),
    }
}

/// A half-point count as the pages write it: "3", "½", "2½".
fn pretty(halves: i64) -> String {
    match (halves / 2, halves % 2) {
        (w, 0) => w.to_string(),
        (0, _) => "½".to_owned(),
        (w, _) => format!("{w}½"),
    }
}

#[derive(Default)]
struct Tally {
    /// Match points in halves: 2 a win, 1 a draw, 2 a bye.
    halves: i64,
    pf: i64,
    pa: i64,
    opponents: Vec<String>,
}

#[tokio::test]
async fn a_five_round_swiss_with_half_a_point_for_a_draw_ranks_as_computed_by_hand_and_its_sheets_hold_the_halves()
 {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya Botifarrera", "Lloret de Mar")
        .await;
    let id = championship(
        &app,
        club,
        "5",
        &[
            ("name", "Obert de Lloret"),
            ("win", "1"),
            ("draw", "0,5"),
            ("loss", "0"),
            ("bye", "1"),
            ("tb1", "points"),
            ("tb2", "buchholz"),
            ("tb3", "point_difference"),
            ("tb4", "points_for"),
            ("tb5", ""),
            ("tb6", ""),
        ],
    )
    .await;
    register(&app, id, &PAIRS).await;
    let mut tally: BTreeMap<String, Tally> = BTreeMap::new();
    for r in 1..=5 {
        let (tables, bye) = play_round(&app, id, r, &score).await;
        for (t, a, b) in tables {
            let (sa, sb) = score(r, t);
            let (ha, hb) = match sa.cmp(&sb) {
                std::cmp::Ordering::Greater => (2, 0),
                std::cmp::Ordering::Less => (0, 2),
                std::cmp::Ordering::Equal => (1, 1),
            };
            for (me, other, mine, theirs, h) in [(&a, &b, sa, sb, ha), (&b, &a, sb, sa, hb)] {
                let x = tally.entry(me.clone()).or_default();
                x.halves += h;
                x.pf += i64::from(mine);
                x.pa += i64::from(theirs);
                x.opponents.push(other.clone());
            }
        }
        if let Some(b) = bye {
            tally.entry(b).or_default().halves += 2;
        }
    }
    // By hand: points, Buchholz (the opponents' points), difference, points for,
    // then the order of entry.
    let doc = document(&app, id).await;
    assert_eq!(doc["event"]["points"]["draw"], 0.5);
    let entrants: Vec<(String, String)> = doc["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["id"].as_str().unwrap().to_owned(),
                e["name"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let mut want: Vec<(usize, String, i64, i64, i64, i64)> = entrants
        .iter()
        .enumerate()
        .map(|(order, (eid, name))| {
            let x = &tally[eid];
            let buchholz = x.opponents.iter().map(|o| tally[o].halves).sum::<i64>();
            (order, name.clone(), x.halves, buchholz, x.pf - x.pa, x.pf)
        })
        .collect();
    want.sort_by(|x, y| {
        (y.2, y.3, y.4, y.5)
            .cmp(&(x.2, x.3, x.4, x.5))
            .then(x.0.cmp(&y.0))
    });
    assert!(
        want.iter().any(|w| w.2 % 2 == 1),
        "some pair has half a point: {:?}",
        want.iter().map(|w| w.2).collect::<Vec<_>>()
    );

    // The page: rank, pair, played, W-D-L, points, Buchholz, difference, for.
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let names = texts(&html, "table.tournament-standings tbody td.name strong");
    let points = texts(&html, "table.tournament-standings tbody td.points");
    let buchholz = texts(&html, "table.tournament-standings tbody td.tb:nth-child(6)");
    let want_names: Vec<String> = want.iter().map(|w| w.1.clone()).collect();
    assert_eq!(names, want_names);
    assert_eq!(points, want.iter().map(|w| pretty(w.2)).collect::<Vec<_>>());
    assert_eq!(
        buchholz,
        want.iter().map(|w| pretty(w.3)).collect::<Vec<_>>()
    );
    let meta = texts(
        &app.page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
            .await,
        "p.meta",
    );
    assert!(meta.iter().any(|m| m.contains("1 / ½ / 0")), "{meta:?}");

    // The XLSX: the same order, the points and Buchholz as numbers with halves.
    let bytes = app
        .get(&format!("/campeonatos/{id}/clasificacion.xlsx"))
        .await
        .bytes()
        .await
        .unwrap()
        .to_vec();
    let sheets = worksheets(bytes);
    let rows = &sheets[0].1;
    let head: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
    assert_eq!(head[7], "Puntos", "{head:?}");
    assert_eq!(head[8], "Buchholz", "{head:?}");
    for (row, w) in rows[1..].iter().zip(&want) {
        assert_eq!(row[1].to_string(), w.1);
        let num = |d: &calamine::Data| match d {
            calamine::Data::Float(f) => *f,
            calamine::Data::Int(i) => *i as f64,
            other => panic!("a number, not {other:?}"),
        };
        assert_eq!(num(&row[7]), w.2 as f64 / 2.0, "{}", w.1);
        assert_eq!(num(&row[8]), w.3 as f64 / 2.0, "{}", w.1);
    }
    assert!(
        rows[1..]
            .iter()
            .any(|r| matches!(r[7], calamine::Data::Float(f) if f.fract() == 0.5)),
        "a half in the XLSX"
    );

    // The CSV writes a half as 0,5 for a Spanish Excel and 0.5 for an English one.
    let half = want.iter().find(|w| w.2 % 2 == 1).unwrap();
    for (lang, written) in [
        ("es", format!(";{},5;", half.2 / 2)),
        ("ca", format!(";{},5;", half.2 / 2)),
        ("en", format!(",{}.5,", half.2 / 2)),
    ] {
        let csv = app
            .get_with_lang(&format!("/campeonatos/{id}/clasificacion.csv"), lang)
            .await
            .text()
            .await
            .unwrap();
        let line = csv.lines().find(|l| l.contains(&half.1)).unwrap();
        assert!(line.contains(&written), "{lang}: {line}");
        assert!(!csv.contains('½'), "{csv}");
    }
}

#[tokio::test]
async fn the_form_takes_a_half_as_0_5_0_comma_5_or_the_half_sign_and_refuses_0_3_showing_the_form_again()
 {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya Botifarrera", "Lloret de Mar")
        .await;
    let path = format!("/clubes/{club}/campeonatos/nuevo");
    let mut form = defaults_for(&app, club, "botifarra", "timed").await;
    set(&mut form, "win", "1");
    set(&mut form, "draw", "0.3");
    let res = post_fields(&app, &app.client, &path, &form).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let error = texts(&html, "p.alert").join(" ");
    assert!(error.contains("medio punto (0,5 o ½)"), "{error}");
    assert!(error.contains("0.3"), "{error}");
    assert_eq!(
        crate::helpers::attr(&html, "input[name=draw]", "value").as_deref(),
        Some("0.3"),
        "what was typed stays on the form"
    );
    for (typed, want) in [("0.5", 0.5), ("0,5", 0.5), ("½", 0.5), ("1½", 1.5)] {
        set(&mut form, "draw", typed);
        set(&mut form, "name", &format!("Obert {typed}"));
        let res = post_fields(&app, &app.client, &path, &form).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{typed}");
        let doc = document(&app, id_of(&res)).await;
        assert_eq!(doc["event"]["points"]["draw"], want, "{typed}");
        assert_eq!(doc["event"]["points"]["win"], 1, "{typed}");
    }
    // The settings show the half as a file writes it, with the tie rule chosen, and
    // saving them as they stand keeps both.
    set(&mut form, "ties", "shared");
    let res = post_fields(&app, &app.client, &path, &form).await;
    let id = id_of(&res);
    let edit = format!("/campeonatos/{id}/editar");
    let html = app.page(&edit, StatusCode::OK).await;
    let fields = crate::from_scratch::form_values(&html, "form.tournament-form");
    assert!(
        fields.contains(&("draw".into(), "1.5".into())),
        "{fields:?}"
    );
    assert!(
        fields.contains(&("ties".into(), "shared".into())),
        "{fields:?}"
    );
    let res = post_fields(&app, &app.client, &edit, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let doc = document(&app, id).await;
    assert_eq!(doc["event"]["points"]["draw"], 1.5);
    assert_eq!(doc["event"]["ties"], "shared");
}

/// Four pairs, one round with points as the only criterion: the two winners win by
/// the same score, so 1st and 2nd are level, and 3rd and 4th.
async fn level_after_one_round(app: &TestApp, club: i32, ties: &str) -> (i32, Value) {
    let id = championship(
        app,
        club,
        "3",
        &[
            ("name", &format!("Obert ({ties})")),
            ("tb1", "points"),
            ("tb2", ""),
            ("tb3", ""),
            ("tb4", ""),
            ("tb5", ""),
            ("tb6", ""),
            ("ties", ties),
        ],
    )
    .await;
    register(app, id, &PAIRS[..4]).await;
    play_round(app, id, 1, &|_, t| {
        if t % 2 == 1 { (101, 60) } else { (60, 101) }
    })
    .await;
    (id, document(app, id).await)
}

async fn csv_rows(app: &TestApp, id: i32) -> Vec<Vec<String>> {
    let text = app
        .get(&format!("/campeonatos/{id}/clasificacion.csv"))
        .await
        .text()
        .await
        .unwrap();
    crate::helpers::csv_records(&text)
        .into_iter()
        .skip(1)
        .collect()
}

#[tokio::test]
async fn ties_left_after_every_criterion_are_shown_ex_aequo_or_with_the_lot_or_the_entry_order_named()
 {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya Botifarrera", "Lloret de Mar")
        .await;

    // Shared: "1.º ex aequo" twice, then "3.º ex aequo" twice, on the page and the print;
    // the CSV has places 1, 1, 3, 3 and says ex aequo.
    let (id, doc) = level_after_one_round(&app, club, "shared").await;
    assert_eq!(doc["event"]["ties"], "shared");
    for path in [
        format!("/campeonatos/{id}"),
        format!("/campeonatos/{id}/imprimir/clasificacion"),
    ] {
        let html = app.page(&path, StatusCode::OK).await;
        assert_eq!(
            texts(&html, "table.tournament-standings td.rank"),
            [
                "1.º ex aequo",
                "1.º ex aequo",
                "3.º ex aequo",
                "3.º ex aequo"
            ],
            "{path}"
        );
    }
    let rows = csv_rows(&app, id).await;
    assert_eq!(
        rows.iter().map(|r| r[0].as_str()).collect::<Vec<_>>(),
        ["1", "1", "3", "3"]
    );
    assert!(
        rows.iter().all(|r| r.last().unwrap() == "ex aequo"),
        "{rows:?}"
    );
    let res = app.get_with_lang(&format!("/campeonatos/{id}"), "ca").await;
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, "table.tournament-standings td.rank")[2],
        "3r ex aequo"
    );

    // A lot: the second of each level pair says it was placed by lot; the seed written
    // in the file is said once under the table, and on every such row of the sheet.
    let (id, doc) = level_after_one_round(&app, club, "lot").await;
    let seed = doc["event"]["seed"].as_u64().unwrap();
    let said = format!("por sorteo, semilla {seed}");
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&html, "table.tournament-standings td.rank"),
        ["1", "2", "3", "4"]
    );
    let notes = texts(&html, "table.tournament-standings td.name small.tie");
    assert_eq!(notes, ["(por sorteo)", "(por sorteo)"]);
    assert_eq!(
        texts(&html, "p.tie-seed"),
        [format!(
            "Los puestos por sorteo salen del sorteo de Baza con la semilla {seed}: con ella cualquiera puede repetirlo."
        )],
        "the seed is said once, under the table"
    );
    let rows = csv_rows(&app, id).await;
    let csv_notes: Vec<&str> = rows.iter().map(|r| r.last().unwrap().as_str()).collect();
    assert_eq!(csv_notes, ["", said.as_str(), "", said.as_str()]);

    // By default the order of entry places them, and says so.
    let (id, doc) = level_after_one_round(&app, club, "entry_order").await;
    assert!(
        doc["event"].get("ties").is_none(),
        "the default is not written"
    );
    let html = app
        .page(
            &format!("/campeonatos/{id}/imprimir/clasificacion"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(
        texts(&html, "table.tournament-standings td.name small.tie"),
        ["(por orden de inscripción)", "(por orden de inscripción)"]
    );
    let rows = csv_rows(&app, id).await;
    assert_eq!(rows[1].last().unwrap(), "por orden de inscripción");
    assert_eq!(rows[1][0], "2");
}
