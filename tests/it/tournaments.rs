//! Championships with rounds, through HTTP against a real server and database:
//! registration (form and CSV), Swiss rounds paired by the domain, results from the
//! director and from the tables (with the opponents' signature), a late withdrawal,
//! a correction of an old result, and the standings checked against a table computed
//! here, independently, from the results the test entered.

use baza::domain::status::TableStatus;
use std::collections::{BTreeMap, BTreeSet};

use reqwest::StatusCode;
use serde_json::Value;

use crate::browser::{Browser, base64_decode};
use crate::helpers::{TestApp, assert_accepted, attr, new_client, post_form_as, texts};

/// A club, its organiser (signed in on `app.client`), and the club id.
async fn club_with_director(app: &TestApp) -> i32 {
    let club = app.add_club("Casal de Ponent", "Torrefarrera").await;
    let pw = app.add_user("directora", "organiser", Some(club)).await;
    app.login(&app.client, "directora", &pw).await;
    club
}

/// Creates a botifarra Swiss of `rounds` rounds; returns its id.
async fn create_swiss(app: &TestApp, club: i32, rounds: u32) -> i32 {
    let csrf = app.csrf().await;
    let rounds = rounds.to_string();
    let res = app
        .client
        .post(app.url(&format!("/clubes/{club}/campeonatos/nuevo")))
        .form(&[
            ("csrf", csrf.as_str()),
            ("name", "Open de botifarra de Torrefarrera"),
            ("game", "botifarra"),
            ("options", "{}"),
            ("starts_on", "2026-11-23"),
            ("system", "swiss"),
            ("rounds", rounds.as_str()),
            ("groups", "1"),
            ("losses", "2"),
            ("match_format", "timed"),
            ("target", "101"),
            ("partidas", "3"),
            ("max_hands", "12"),
            ("minutes", "55"),
            ("cap", "121"),
            ("win", "2"),
            ("draw", "1"),
            ("loss", "0"),
            ("bye", "2"),
            ("tb1", "points"),
            ("tb2", "buchholz"),
            ("tb3", "point_difference"),
            ("tb4", "points_for"),
            ("tb5", ""),
            ("tb6", ""),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let loc = res.headers()["location"].to_str().unwrap().to_owned();
    loc.trim_start_matches("/campeonatos/")
        .trim_end_matches("/direccion")
        .parse()
        .unwrap()
}

/// A multipart body with the CSRF token and a CSV file.
fn csv_upload(csrf: &str, csv: &str) -> (String, Vec<u8>) {
    let boundary = "----bazaCsvBoundary7MA4YWxk";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"inscritos.csv\"\r\nContent-Type: text/csv\r\n\r\n{csv}\r\n--{boundary}--\r\n"
    );
    (
        format!("multipart/form-data; boundary={boundary}"),
        body.into_bytes(),
    )
}

async fn post_form(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// The championship's `baza-tournament/1` document, as the director exports it.
async fn document(app: &TestApp, id: i32) -> Value {
    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

/// The version of a table's form (optimistic locking).
async fn table_version(app: &TestApp, client: &reqwest::Client, id: i32, r: u64, t: u64) -> String {
    let body = app
        .text_as(client, &format!("/campeonatos/{id}/rondas/{r}/mesas/{t}"))
        .await;
    let html = scraper::Html::parse_document(&body);
    attr(&html, "form.score-form input[name=version]", "value")
        .or_else(|| attr(&html, "p.table-status", "data-version"))
        .expect("a version on the table page")
}

/// A botifarra result for round `r`, table `t`: 101 or more to under 101, a timed
/// finish under 101, or a draw; within the cap of 121.
fn score_for(r: u64, t: u64) -> (u64, u64) {
    let k = (r * 7 + t * 13) % 10;
    match k {
        0 => (64, 64),
        1..=5 => (101 + (r + t) % 21, 40 + (r * t) % 60),
        6..=8 => (30 + (r * 3 + t) % 70, 101 + (r * t) % 21),
        _ => (95, 80),
    }
}

#[derive(Default, Clone, Debug)]
struct Tally {
    points: i64,
    wins: u32,
    pf: i64,
    pa: i64,
    opponents: Vec<String>,
}

/// The standings computed by hand: 2 points a win, 1 a draw, 2 a bye (no opponent,
/// no score); Buchholz = the opponents' points; then difference, points for, seed.
fn expected_table(
    seeds: &BTreeMap<String, u32>,
    names: &BTreeMap<String, String>,
    games: &BTreeMap<(u64, u64), (String, String, u64, u64)>,
    byes: &[String],
) -> Vec<(u32, String, i64, i64, i64, i64)> {
    let mut t: BTreeMap<String, Tally> = seeds
        .keys()
        .map(|k| (k.clone(), Tally::default()))
        .collect();
    for (a, b, sa, sb) in games.values() {
        let (sa, sb) = (*sa as i64, *sb as i64);
        let (pa, pb) = match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => (2, 0),
            std::cmp::Ordering::Less => (0, 2),
            std::cmp::Ordering::Equal => (1, 1),
        };
        for (me, other, mine, theirs, pts) in [(a, b, sa, sb, pa), (b, a, sb, sa, pb)] {
            let x = t.get_mut(me).unwrap();
            x.points += pts;
            x.wins += u32::from(pts == 2);
            x.pf += mine;
            x.pa += theirs;
            x.opponents.push(other.clone());
        }
    }
    for id in byes {
        let x = t.get_mut(id).unwrap();
        x.points += 2;
        x.wins += 1;
    }
    let points: BTreeMap<String, i64> = t.iter().map(|(k, v)| (k.clone(), v.points)).collect();
    let mut rows: Vec<(String, i64, i64, i64, i64)> = t
        .iter()
        .map(|(id, x)| {
            let buchholz: i64 = x.opponents.iter().map(|o| points[o]).sum();
            (id.clone(), x.points, buchholz, x.pf - x.pa, x.pf)
        })
        .collect();
    rows.sort_by(|x, y| {
        (y.1, y.2, y.3, y.4)
            .cmp(&(x.1, x.2, x.3, x.4))
            .then(seeds[&x.0].cmp(&seeds[&y.0]))
    });
    rows.into_iter()
        .enumerate()
        .map(|(i, (id, p, b, d, f))| (i as u32 + 1, names[&id].clone(), p, b, d, f))
        .collect()
}

/// The standings page as (rank, name, points, Buchholz, difference, points for).
async fn standings_page(app: &TestApp, id: i32) -> Vec<(u32, String, i64, i64, i64, i64)> {
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let sel = scraper::Selector::parse("table.tournament-standings tbody tr").unwrap();
    let td = scraper::Selector::parse("td").unwrap();
    let strong = scraper::Selector::parse("td.name strong").unwrap();
    html.select(&sel)
        .map(|tr| {
            let cells: Vec<String> = tr
                .select(&td)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect();
            let name = tr
                .select(&strong)
                .next()
                .unwrap()
                .text()
                .collect::<String>();
            let n = |i: usize| cells[i].trim_start_matches('+').parse::<i64>().unwrap();
            (n(0) as u32, name, n(4), n(5), n(6), n(7))
        })
        .collect()
}

const PAIRS: [(&str, &str); 21] = [
    ("Pujol, Vidal", "Casal de Ponent"),
    ("Soler – Roca", "Casal de Ponent"),
    ("Mas – Puig", "Penya L'Avenç"),
    ("Roig – Ferrer", "Penya L'Avenç"),
    ("Núñez – Güell", "Club Botifarra Lleida"),
    ("Àlex i Íngrid", "Club Botifarra Lleida"),
    ("Font – Serra", "Ateneu Popular"),
    ("Camps, Bosch", "Ateneu Popular"),
    ("Vila – Sala", "Casino de Balaguer"),
    ("Riera – Pons", "Casino de Balaguer"),
    ("Martí – Coll", "Cafè del Centre"),
    ("Prat – Vives", "Cafè del Centre"),
    ("Ramírez – Peña", "Bar La Plaça"),
    ("Torres – Gil", "Bar La Plaça"),
    ("Farré – Baró", "Casal d'Avis"),
    ("Llorens – Sanz", "Casal d'Avis"),
    ("Cortés – Ibáñez", "Penya Sant Jordi"),
    ("Oliva – Maçana", "Penya Sant Jordi"),
    ("Xifré – Ros", "Societat Coral"),
    ("Duran – Sunyer", "Societat Coral"),
    ("Güell, Ñ. – Estruch", "Independents"),
];

#[tokio::test]
async fn a_21_pair_5_round_botifarra_swiss_runs_end_to_end_and_ranks_as_computed_by_hand() {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let id = create_swiss(&app, club, 5).await;

    // Registration: 18 pairs by CSV (quoted commas, accents), 3 by the form.
    let mut csv = String::from("nombre,club,cabeza_de_serie\n");
    for (i, (name, c)) in PAIRS.iter().take(18).enumerate() {
        let quoted = if name.contains(',') {
            format!("\"{name}\"")
        } else {
            name.to_string()
        };
        csv.push_str(&format!("{quoted},{c},{}\n", i + 1));
    }
    let csrf = app.csrf().await;
    let (ct, body) = csv_upload(&csrf, &csv);
    let res = app
        .client
        .post(app.url(&format!("/campeonatos/{id}/inscritos/importar")))
        .header("content-type", ct)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "CSV import");
    for (i, (name, c)) in PAIRS.iter().enumerate().skip(18) {
        let seed = (i + 1).to_string();
        let res = post_form(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", name), ("club", c), ("seed", &seed)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "register {name}");
    }
    let doc = document(&app, id).await;
    let entrants = doc["entrants"].as_array().unwrap();
    assert_eq!(entrants.len(), 21);
    assert_eq!(entrants[0]["name"], "Pujol, Vidal");
    assert_eq!(entrants[4]["name"], "Núñez – Güell");
    let seeds: BTreeMap<String, u32> = entrants
        .iter()
        .map(|e| {
            (
                e["id"].as_str().unwrap().to_owned(),
                e["seed"].as_u64().unwrap() as u32,
            )
        })
        .collect();
    let names: BTreeMap<String, String> = entrants
        .iter()
        .map(|e| {
            (
                e["id"].as_str().unwrap().to_owned(),
                e["name"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    // The export reads the accents and the commas back.
    let exported = app
        .get(&format!("/campeonatos/{id}/inscritos.csv"))
        .await
        .text()
        .await
        .unwrap();
    assert!(exported.contains("Pujol, Vidal;Casal de Ponent;1;1;;"));
    assert!(exported.contains("Güell, Ñ. – Estruch;"));

    // Check-in: everybody is here (one toggled off and on again).
    for eid in seeds.keys() {
        let res = post_form(
            &app,
            &format!("/campeonatos/{id}/inscritos/{eid}/presente"),
            &[],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    for _ in 0..2 {
        post_form(
            &app,
            &format!("/campeonatos/{id}/inscritos/7/presente"),
            &[],
        )
        .await;
    }

    let mut games: BTreeMap<(u64, u64), (String, String, u64, u64)> = BTreeMap::new();
    let mut byes: Vec<String> = Vec::new();
    let mut withdrawn: Option<String> = None;
    for r in 1..=5u64 {
        // Round 1 with 8 tables in the room: tables 9 and 10 wait.
        let tables = if r == 1 { "8" } else { "" };
        let res = post_form(
            &app,
            &format!("/campeonatos/{id}/rondas"),
            &[("tables", tables)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "pair round {r}");
        let doc = document(&app, id).await;
        let round = &doc["rounds"][(r - 1) as usize];
        assert_eq!(round["number"], r);
        let pairings = round["pairings"].as_array().unwrap();
        let mut seen = BTreeSet::new();
        let mut tables_now = Vec::new();
        for p in pairings {
            if let Some(b) = p["bye"].as_str() {
                byes.push(b.to_owned());
                assert!(seen.insert(b.to_owned()));
            } else {
                let (a, b) = (
                    p["a"].as_str().unwrap().to_owned(),
                    p["b"].as_str().unwrap().to_owned(),
                );
                assert!(seen.insert(a.clone()) && seen.insert(b.clone()));
                tables_now.push((p["table"].as_u64().unwrap(), a, b));
            }
        }
        let playing = if withdrawn.is_some() { 20 } else { 21 };
        assert_eq!(seen.len(), playing, "everyone still in plays round {r}");
        if let Some(w) = &withdrawn {
            assert!(
                !seen.contains(w),
                "the withdrawn pair is not paired in round {r}"
            );
        }
        // No bye twice.
        let distinct: BTreeSet<&String> = byes.iter().collect();
        assert_eq!(distinct.len(), byes.len(), "a pair had two byes");
        // Publish: the public live page shows the round.
        let res = post_form(&app, &format!("/campeonatos/{id}/rondas/{r}/publicar"), &[]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);

        if r == 1 {
            let html = app
                .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
                .await;
            // The cell's words for a phone ("en la mesa física") come first.
            assert_eq!(
                texts(&html, "#ronda-1 tr[data-table='9'] td:nth-child(2)")
                    .iter()
                    .map(|t| {
                        let t = t.trim_start_matches("en la mesa física");
                        t.trim().trim_end_matches('·').trim().to_owned()
                    })
                    .collect::<Vec<_>>(),
                vec!["En espera"]
            );
            // Pairing again now is refused: results are missing.
            let res = post_form(
                &app,
                &format!("/campeonatos/{id}/rondas"),
                &[("tables", "")],
            )
            .await;
            assert_eq!(res.status(), StatusCode::CONFLICT);
            let body = res.text().await.unwrap();
            assert!(body.contains("faltan resultados"), "{body}");
            assert_eq!(
                document(&app, id).await["rounds"].as_array().unwrap().len(),
                1
            );

            // Table 1 scores itself: the PIN from the printed slip, the result from
            // one pair, the signature ("firma") from the other.
            let slips = app
                .page(
                    &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
                    StatusCode::OK,
                )
                .await;
            // Each pair's half of the slip carries its own PIN.
            let pins = texts(&slips, ".slip .pin-a strong");
            let pins_b = texts(&slips, ".slip .pin-b strong");
            assert_eq!(pins.len(), 10);
            assert_eq!(pins_b.len(), 10);
            assert_eq!(
                texts(&slips, ".slip .qr svg").len(),
                10,
                "a QR code per slip"
            );
            let keeper = new_client();
            let t1 = format!("/campeonatos/{id}/rondas/1/mesas/1");
            let page = app.text_as(&keeper, &t1).await;
            assert!(
                page.contains("name=\"pin\""),
                "the public is asked for the PIN"
            );
            let res = post_form_as(&app, &keeper, &format!("{t1}/pin"), &[("pin", "no")]).await;
            assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
            let res = post_form_as(&app, &keeper, &format!("{t1}/pin"), &[("pin", &pins[0])]).await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER);
            let (sa, sb) = score_for(1, 1);
            let v = table_version(&app, &keeper, id, 1, 1).await;
            // Over the cap of 121: refused, nothing recorded.
            let res = post_form_as(
                &app,
                &keeper,
                &t1,
                &[
                    ("score_a", "130"),
                    ("score_b", "20"),
                    ("version", &v),
                    ("side", "a"),
                ],
            )
            .await;
            assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
            // Said in the table's language (Spanish by default), with the figures.
            assert!(
                res.text()
                    .await
                    .unwrap()
                    .contains("cuentan como mucho 121 puntos, no 130"),
            );
            let res = post_form_as(
                &app,
                &keeper,
                &t1,
                &[
                    ("score_a", &sa.to_string()),
                    ("score_b", &sb.to_string()),
                    ("version", &v),
                    ("side", "a"),
                ],
            )
            .await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER);
            // Proposed, not yet counted.
            assert!(
                document(&app, id).await["rounds"][0]["results"]
                    .as_array()
                    .unwrap()
                    .is_empty()
            );
            let v = table_version(&app, &keeper, id, 1, 1).await;
            let res = post_form_as(
                &app,
                &keeper,
                &format!("{t1}/firma"),
                &[("side", "b"), ("version", &v)],
            )
            .await;
            assert_eq!(
                res.status(),
                StatusCode::UNPROCESSABLE_ENTITY,
                "the same pair cannot sign, whatever side it names"
            );
            let res = post_form_as(
                &app,
                &keeper,
                &format!("{t1}/firma"),
                &[("pin", &pins[0]), ("version", &v)],
            )
            .await;
            assert_eq!(
                res.status(),
                StatusCode::UNPROCESSABLE_ENTITY,
                "nor with its own PIN"
            );
            let res = post_form_as(
                &app,
                &keeper,
                &format!("{t1}/firma"),
                &[("pin", &pins_b[0]), ("version", &v)],
            )
            .await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER);
            let results = document(&app, id).await["rounds"][0]["results"].clone();
            assert_eq!(results[0]["table"], 1);
            assert_eq!(results[0]["score"], serde_json::json!([sa, sb]));
            // A signed result is the referee's to correct, not the table's.
            let v = table_version(&app, &app.client, id, 1, 1).await;
            let res = post_form_as(
                &app,
                &keeper,
                &t1,
                &[
                    ("score_a", "101"),
                    ("score_b", "0"),
                    ("version", &v),
                    ("side", "a"),
                ],
            )
            .await;
            assert_eq!(res.status(), StatusCode::CONFLICT);
            // Table 1 is free: the first waiting game (table 9) takes it.
            let html = app
                .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
                .await;
            assert_eq!(
                texts(&html, "#ronda-1 tr[data-table='9'] td:nth-child(2)")
                    .iter()
                    .map(|t| t.chars().filter(char::is_ascii_digit).collect::<String>())
                    .collect::<Vec<_>>(),
                vec!["1"]
            );
        }

        // The director enters the other results.
        for (t, a, b) in &tables_now {
            let (sa, sb) = score_for(r, *t);
            if !(r == 1 && *t == 1) {
                let v = table_version(&app, &app.client, id, r, *t).await;
                let res = post_form(
                    &app,
                    &format!("/campeonatos/{id}/rondas/{r}/mesas/{t}"),
                    &[
                        ("score_a", &sa.to_string()),
                        ("score_b", &sb.to_string()),
                        ("version", &v),
                    ],
                )
                .await;
                assert_eq!(res.status(), StatusCode::SEE_OTHER, "result r{r} t{t}");
            }
            games.insert((r, *t), (a.clone(), b.clone(), sa, sb));
        }

        if r == 3 {
            // A correction in round 2, now that round 3 was paired from it.
            let (a, b, sa, sb) = games[&(2, 3)].clone();
            let (na, nb) = (sb.min(100), if sa > 100 { sa } else { 101 });
            assert_ne!((na, nb), (sa, sb));
            let path = format!("/campeonatos/{id}/rondas/2/mesas/3");
            let v = table_version(&app, &app.client, id, 2, 3).await;
            let fields = [
                ("score_a", na.to_string()),
                ("score_b", nb.to_string()),
                ("version", v.clone()),
            ];
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let res = post_form(&app, &path, &fields).await;
            assert_eq!(res.status(), StatusCode::CONFLICT, "asks for confirmation");
            let html = scraper::Html::parse_document(&res.text().await.unwrap());
            let deps = texts(&html, "ul.dependents li");
            assert!(
                !deps.is_empty() && deps.iter().all(|d| d.starts_with("Ronda 3")),
                "{deps:?}"
            );
            let unchanged = document(&app, id).await["rounds"][1]["results"].clone();
            assert!(
                unchanged
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|x| x["table"] == 3 && x["score"] == serde_json::json!([sa, sb]))
            );
            let mut confirmed = fields.clone();
            confirmed.push(("confirm", "1"));
            let res = post_form(&app, &path, &confirmed).await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER);
            games.insert((2, 3), (a, b, na, nb));

            // A late withdrawal: the pair at the top of the table leaves.
            let top = standings_page(&app, id).await[0].1.clone();
            let wid = names.iter().find(|(_, n)| **n == top).unwrap().0.clone();
            let res = post_form(
                &app,
                &format!("/campeonatos/{id}/inscritos/{wid}/retirar"),
                &[],
            )
            .await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER);
            withdrawn = Some(wid);
        }
    }

    // Every round played: no sixth.
    let res = post_form(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);

    // The final standings, against the table computed here.
    let expected = expected_table(&seeds, &names, &games, &byes);
    let shown = standings_page(&app, id).await;
    assert_eq!(shown.len(), 21);
    assert_eq!(shown, expected);

    // The public live page: no login, refreshes itself, shows round 5 and the ranking.
    let public = new_client();
    let res = public
        .get(app.url(&format!("/campeonatos/{id}/directo")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    // Every row is sent (the wall's script shows a screenful at a time and
    // reloads every 30 s); no meta refresh, which a screen reader cannot stop.
    assert!(attr(&html, "meta[http-equiv=refresh]", "content").is_none());
    assert_eq!(
        attr(&html, "main[data-wall]", "data-refresh").as_deref(),
        Some("30")
    );
    assert_eq!(texts(&html, ".wall-round h2"), vec!["Ronda 5"]);
    let all = texts(&html, ".wall-standings td.name strong");
    assert_eq!(all.len(), 21);
    assert_eq!(all[0], expected[0].1);
    // Screens cut by the server, for a screen without scripts: 21 pairs are two,
    // and each reload turns to the next.
    let html = app
        .page(
            &format!("/campeonatos/{id}/directo?pagina=1"),
            StatusCode::OK,
        )
        .await;
    let first = texts(&html, ".wall-standings td.name strong");
    assert_eq!(first.len(), 20);
    assert_eq!(first[0], expected[0].1);
    assert_eq!(
        attr(&html, "main[data-wall]", "data-next").as_deref(),
        Some(format!("/campeonatos/{id}/directo?pagina=2").as_str())
    );
    let html = app
        .page(
            &format!("/campeonatos/{id}/directo?pagina=2"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(texts(&html, ".wall-standings td.rank"), vec!["21"]);
    assert_eq!(
        attr(&html, "main[data-wall]", "data-next").as_deref(),
        Some(format!("/campeonatos/{id}/directo?pagina=1").as_str())
    );

    // Everything was audited.
    let audit: Vec<Value> = app
        .get(&format!("/campeonatos/{id}/auditoria?formato=json"))
        .await
        .json()
        .await
        .unwrap();
    let actions: BTreeSet<&str> = audit.iter().filter_map(|a| a["action"].as_str()).collect();
    for a in [
        "create", "import", "register", "check_in", "pair", "publish", "propose", "confirm",
        "record", "correct", "withdraw",
    ] {
        assert!(actions.contains(a), "no {a} in {actions:?}");
    }
    let results = audit
        .iter()
        .filter(|a| a["entity"] == "result" && a["action"] != "propose")
        .count();
    assert_eq!(
        results,
        50 + 1,
        "one row per result and one for the correction"
    );
}

#[tokio::test]
async fn a_csv_with_a_bad_row_is_refused_by_its_line_and_imports_nothing() {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let id = create_swiss(&app, club, 3).await;
    let csv = "nombre,club,cabeza_de_serie\n\"Pujol, Vidal\",Casal,1\nNúñez – Güell,Penya,2\nMas – Puig,Ateneu,tres\nRoig – Ferrer,,4\n";
    let csrf = app.csrf().await;
    let (ct, body) = csv_upload(&csrf, csv);
    let res = app
        .client
        .post(app.url(&format!("/campeonatos/{id}/inscritos/importar")))
        .header("content-type", ct)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = res.text().await.unwrap();
    assert!(body.contains("Línea 4"), "{body}");
    assert!(body.contains("cabeza de serie"), "{body}");
    assert!(
        document(&app, id).await["entrants"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    // A row with too few columns, and unbalanced quotes, likewise.
    for (csv, line) in [
        ("nombre,club\nA,B\nC\n", "Línea 3"),
        ("nombre,club\n\"A,B\n", "Línea 2"),
    ] {
        let csrf = app.csrf().await;
        let (ct, body) = csv_upload(&csrf, csv);
        let res = app
            .client
            .post(app.url(&format!("/campeonatos/{id}/inscritos/importar")))
            .header("content-type", ct)
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(res.text().await.unwrap().contains(line));
    }
    assert!(
        document(&app, id).await["entrants"]
            .as_array()
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn director_pages_need_the_csrf_token_and_the_clubs_organiser() {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let id = create_swiss(&app, club, 3).await;
    for name in ["A – B", "C – D", "E – F"] {
        post_form(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", name)],
        )
        .await;
    }
    // No token: refused, even for the director.
    let res = app
        .client
        .post(app.url(&format!("/campeonatos/{id}/rondas")))
        .form(&[("tables", "")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    // The public is sent to log in; the director page too.
    let public = new_client();
    let res = post_form_as(
        &app,
        &public,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(
        res.headers()["location"]
            .to_str()
            .unwrap()
            .starts_with("/entrar")
    );
    let res = public
        .get(app.url(&format!("/campeonatos/{id}/direccion")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // A referee of the club enters results but does not direct; another club's
    // organiser does nothing here.
    let referee = new_client();
    let pw = app.add_user("arbitro", "referee", Some(club)).await;
    app.login(&referee, "arbitro", &pw).await;
    let other_club = app.add_club("Otro club", "").await;
    let other = new_client();
    let pw = app.add_user("otra", "organiser", Some(other_club)).await;
    app.login(&other, "otra", &pw).await;
    for client in [&referee, &other] {
        for (path, fields) in [
            (format!("/campeonatos/{id}/rondas"), vec![("tables", "")]),
            (
                format!("/campeonatos/{id}/inscritos"),
                vec![("name", "Intrusos")],
            ),
            (format!("/campeonatos/{id}/inscritos/1/retirar"), vec![]),
            (
                format!("/clubes/{club}/campeonatos/nuevo"),
                vec![("name", "X")],
            ),
        ] {
            let res = post_form_as(&app, client, &path, &fields).await;
            assert_eq!(res.status(), StatusCode::FORBIDDEN, "{path}");
        }
        let res = client
            .get(app.url(&format!("/campeonatos/{id}/direccion")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
    }
    let doc = document(&app, id).await;
    assert!(doc["rounds"].as_array().unwrap().is_empty());
    assert_eq!(doc["entrants"].as_array().unwrap().len(), 3);
    assert!(
        doc["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e.get("withdrawn_after_round").is_none())
    );

    // The director pairs; the referee records a result; the other club cannot.
    let res = post_form(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let v = table_version(&app, &app.client, id, 1, 1).await;
    let fields = [
        ("score_a", "101"),
        ("score_b", "77"),
        ("version", v.as_str()),
    ];
    let res = post_form_as(
        &app,
        &other,
        &format!("/campeonatos/{id}/rondas/1/mesas/1"),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    let res = post_form_as(
        &app,
        &referee,
        &format!("/campeonatos/{id}/rondas/1/mesas/1"),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // The same form again is stale: nothing is overwritten.
    let res = post_form_as(
        &app,
        &referee,
        &format!("/campeonatos/{id}/rondas/1/mesas/1"),
        &[
            ("score_a", "20"),
            ("score_b", "101"),
            ("version", v.as_str()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let doc = document(&app, id).await;
    assert_eq!(
        doc["rounds"][0]["results"][0]["score"],
        serde_json::json!([101, 77])
    );
}

#[tokio::test]
async fn a_late_entry_plays_from_the_next_round_with_its_starting_points() {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let id = create_swiss(&app, club, 3).await;
    for name in ["A – B", "C – D", "E – F", "G – H"] {
        post_form(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", name)],
        )
        .await;
    }
    post_form(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    let res = post_form(
        &app,
        &format!("/campeonatos/{id}/inscritos"),
        &[("name", "Tarde – Llegan"), ("start_points", "1")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let doc = document(&app, id).await;
    let late = &doc["entrants"][4];
    assert_eq!(late["first_round"], 2);
    assert_eq!(late["start_points"], 1);
    assert_eq!(doc["rounds"][0]["pairings"].as_array().unwrap().len(), 2);
    for t in 1..=2u64 {
        let v = table_version(&app, &app.client, id, 1, t).await;
        post_form(
            &app,
            &format!("/campeonatos/{id}/rondas/1/mesas/{t}"),
            &[("score_a", "101"), ("score_b", "50"), ("version", &v)],
        )
        .await;
    }
    post_form(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    let doc = document(&app, id).await;
    let round2 = doc["rounds"][1]["pairings"].to_string();
    assert!(
        round2.contains("\"5\""),
        "the late entrant plays round 2: {round2}"
    );
}

#[tokio::test]
async fn in_a_browser_the_live_page_shows_the_round_and_the_pairings_and_standings_print_to_pdf() {
    let Some(browser) = Browser::start("tournament_live").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let id = create_swiss(&app, club, 3).await;
    for (name, c) in PAIRS.iter().take(6) {
        post_form(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", name), ("club", c)],
        )
        .await;
    }
    post_form(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    post_form(&app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    let v = table_version(&app, &app.client, id, 1, 1).await;
    post_form(
        &app,
        &format!("/campeonatos/{id}/rondas/1/mesas/1"),
        &[("score_a", "101"), ("score_b", "64"), ("version", &v)],
    )
    .await;

    // The wall screen, as the public sees it.
    browser
        .goto(&app.url(&format!("/campeonatos/{id}/directo")))
        .await;
    browser.wait_for(".wall-standings table").await;
    assert_eq!(browser.text(".wall-round h2").await, "Ronda 1");
    let refresh = browser
        .eval("const m = document.querySelector('main[data-wall]'); return m.dataset.refresh + ' ' + m.dataset.next")
        .await;
    assert_eq!(
        refresh.as_str(),
        Some(format!("30 /campeonatos/{id}/directo").as_str())
    );
    let round_text = browser.text(".wall-round table").await;
    assert!(round_text.contains("101 – 64"), "{round_text}");
    let rows = browser
        .eval("return document.querySelectorAll('.wall-standings tbody tr').length")
        .await;
    assert_eq!(rows.as_u64(), Some(6));
    browser.screenshot().await;

    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/e2e");
    let _ = std::fs::create_dir_all(&dir);
    for (path, file) in [
        (
            format!("/campeonatos/{id}/imprimir/emparejamientos?ronda=1"),
            "pairings.pdf",
        ),
        (
            format!("/campeonatos/{id}/imprimir/clasificacion"),
            "standings.pdf",
        ),
    ] {
        browser.goto(&app.url(&path)).await;
        browser.wait_for(".print-sheet table").await;
        let text = browser.text(".print-sheet").await;
        assert!(
            text.contains(PAIRS[0].0) || text.contains(PAIRS[1].0),
            "{text}"
        );
        let pdf = browser
            .cmd(
                reqwest::Method::POST,
                "/print",
                Some(
                    serde_json::json!({"pageRanges": [], "page": {"width": 21.0, "height": 29.7}}),
                ),
            )
            .await;
        let bytes = base64_decode(pdf.as_str().unwrap_or(""));
        assert!(bytes.len() > 1000, "{file}: {} bytes", bytes.len());
        assert!(bytes.starts_with(b"%PDF"), "{file} is not a PDF");
        let raw = String::from_utf8_lossy(&bytes);
        assert!(
            raw.contains("/Type /Page") || raw.contains("/Type/Page"),
            "{file} has no page"
        );
        let _ = std::fs::write(dir.join(format!("tournament-{file}")), &bytes);
    }
}

/// The example tournament file documented in src/domain/tournament/file.rs.
pub(crate) fn documented_example() -> String {
    let src = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/domain/tournament/file.rs"),
    )
    .unwrap();
    src.split("//! ```json\n")
        .nth(1)
        .unwrap()
        .split("//! ```")
        .next()
        .unwrap()
        .lines()
        .map(|l| l.trim_start_matches("//!").trim_start())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn tournament_import_and_export_round_trip_a_file_through_the_database() {
    use std::process::Command;
    let baza = || {
        let mut c = Command::new(env!("CARGO_BIN_EXE_baza"));
        c.env_remove("BAZA_DATABASE_URL").env("RUST_LOG", "warn");
        c
    };
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("club.sqlite3").display());
    let out = baza().args(["demo", "--db", &url]).output().unwrap();
    assert!(out.status.success());
    let file = dir.path().join("open.json");
    std::fs::write(&file, documented_example()).unwrap();
    let out = baza()
        .args([
            "tournament",
            "import",
            file.to_str().unwrap(),
            "--db",
            &url,
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
    let id = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    let out = baza()
        .args(["tournament", "export", &id, "--db", &url])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut exported =
        baza::domain::tournament::parse(&String::from_utf8(out.stdout).unwrap()).unwrap();
    let original = baza::domain::tournament::parse(&documented_example()).unwrap();
    // The example gives no day: the export carries the one the import dated it on.
    assert!(exported.championship.starts_on.is_some());
    exported.championship.starts_on = None;
    assert_eq!(exported, original);
    // In the database: a running championship whose round 1 table is final.
    let target = baza::db::DbTarget::parse(&url, false).unwrap();
    let pool = baza::db::connect_and_migrate(&target).unwrap();
    let mut conn = pool.get().unwrap();
    let t = baza::db::championship::store::load(&mut conn, id.parse().unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(
        t.championship.status,
        baza::domain::status::ChampionshipStatus::Running
    );
    assert_eq!(
        t.championship.format,
        baza::domain::status::ChampionshipFormat::Swiss
    );
    let tables = baza::db::championship::store::tables(&mut conn, t.championship.id).unwrap();
    assert_eq!(tables.len(), 1);
    assert_eq!(tables[0].status, TableStatus::Final);
    // A broken file is refused (exit 2) and creates nothing.
    std::fs::write(
        &file,
        documented_example().replace("\"swiss\"", "\"suizo\""),
    )
    .unwrap();
    let out = baza()
        .args(["tournament", "import", file.to_str().unwrap(), "--db", &url])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let next = (id.parse::<i32>().unwrap() + 1).to_string();
    let out = baza()
        .args(["tournament", "export", &next, "--db", &url])
        .output()
        .unwrap();
    assert!(!out.status.success());
}

#[tokio::test]
async fn the_demo_has_a_running_swiss_with_two_rounds_played_and_the_third_at_the_tables() {
    let app = TestApp::with_demo().await;
    let res = app.get("/eventos/2").await;
    assert_eq!(res.status(), StatusCode::MOVED_PERMANENTLY);
    assert_eq!(res.headers()["location"], "/campeonatos/2");
    let html = app.page("/campeonatos/2", StatusCode::OK).await;
    assert_eq!(texts(&html, "h1"), vec!["Open de botifarra de invierno"]);
    let ranks: Vec<String> = texts(&html, "table.tournament-standings td.rank");
    assert_eq!(ranks.len(), 12);
    assert_eq!(ranks.last().map(String::as_str), Some("12"));
    assert_eq!(texts(&html, ".round h3")[0], "Ronda 3");
    let results = texts(&html, ".round:first-of-type td.result");
    assert_eq!(results.len(), 6);
    assert!(
        results.contains(&"Falta la firma".to_owned()),
        "{results:?}"
    );
    assert!(results.contains(&"En juego".to_owned()), "{results:?}");
    let live = app.page("/campeonatos/2/directo", StatusCode::OK).await;
    assert_eq!(texts(&live, ".wall-round h2"), vec!["Ronda 3"]);
    // Five tables in the room: the sixth game waited, then took table 1 when its
    // result came in.
    // The number, without the words a phone shows with it ("Mesa 1 ·").
    assert_eq!(
        texts(&live, ".wall-round td.table-no")
            .iter()
            .map(|t| t.chars().filter(char::is_ascii_digit).collect::<String>())
            .collect::<Vec<_>>(),
        vec!["1", "2", "3", "4", "5", "1"]
    );
}

#[tokio::test]
async fn the_creation_form_refuses_a_bad_field_with_a_422_and_creates_nothing() {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    assert_eq!(
        attr(&html, "select[name=system] option[selected]", "value").as_deref(),
        Some("swiss")
    );
    assert_eq!(
        texts(&html, "select[name=tb1] option[selected]"),
        vec!["Ptos."]
    );
    for (field, value) in [
        ("rounds", "0"),
        ("opt.botifarra.target", "17"),
        ("cap", "90"),
        ("tb2", "points"),
        ("head_to_head", "some_met"),
        ("name", " "),
    ] {
        let mut fields = vec![
            ("name", "Liguilla"),
            ("game", "botifarra"),
            ("options", "{}"),
            ("starts_on", "2026-11-23"),
            ("system", "swiss"),
            ("rounds", "5"),
            ("match_format", "timed"),
            ("target", "101"),
            ("max_hands", "12"),
            ("minutes", "55"),
            ("cap", "121"),
            ("win", "2"),
            ("draw", "1"),
            ("loss", "0"),
            ("bye", "2"),
            ("tb1", "points"),
        ];
        fields.retain(|(k, _)| *k != field);
        fields.push((field, value));
        let res = post_form(&app, &format!("/clubes/{club}/campeonatos/nuevo"), &fields).await;
        assert_eq!(
            res.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}={value}"
        );
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        assert!(texts(&html, ".alert")[0].starts_with("Revisa este campo"));
    }
    let events = app
        .with_conn(|conn| baza::db::queries::list_championships(conn).unwrap().len())
        .await;
    assert_eq!(events, 0);
}

#[tokio::test]
async fn an_empty_championship_name_says_it_cannot_be_empty_without_empty_brackets() {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let fields = [
        ("name", "  "),
        ("game", "botifarra"),
        ("options", "{}"),
        ("starts_on", "2026-11-23"),
        ("system", "swiss"),
        ("rounds", "5"),
        ("match_format", "timed"),
        ("target", "101"),
        ("max_hands", "12"),
        ("minutes", "55"),
        ("cap", "121"),
        ("win", "2"),
        ("draw", "1"),
        ("loss", "0"),
        ("bye", "2"),
        ("tb1", "points"),
    ];
    let res = post_form(&app, &format!("/clubes/{club}/campeonatos/nuevo"), &fields).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, ".alert")[0].clone();
    assert_eq!(
        alert,
        "Revisa este campo: Nombre del campeonato: no puede quedar vacío"
    );
    assert!(!alert.contains("()"), "{alert}");
}

#[tokio::test]
async fn results_from_every_table_at_once_are_all_kept() {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let id = create_swiss(&app, club, 3).await;
    let mut csv = String::from("nombre\n");
    for (name, _) in PAIRS.iter().take(20) {
        csv.push_str(&format!("\"{name}\"\n"));
    }
    let csrf = app.csrf().await;
    let (ct, body) = csv_upload(&csrf, &csv);
    let res = app
        .client
        .post(app.url(&format!("/campeonatos/{id}/inscritos/importar")))
        .header("content-type", ct)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    post_form(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    let mut versions = Vec::new();
    for t in 1..=10u64 {
        versions.push(table_version(&app, &app.client, id, 1, t).await);
    }
    let csrf = app.csrf().await;
    let posts = (1..=10u64).map(|t| {
        let (client, url, csrf, v) = (
            app.client.clone(),
            app.url(&format!("/campeonatos/{id}/rondas/1/mesas/{t}")),
            csrf.clone(),
            versions[(t - 1) as usize].clone(),
        );
        tokio::spawn(async move {
            client
                .post(url)
                .form(&[
                    ("csrf", csrf.as_str()),
                    ("score_a", "101"),
                    ("score_b", &(t * 5).to_string()),
                    ("version", v.as_str()),
                ])
                .send()
                .await
                .unwrap()
                .status()
        })
    });
    for p in posts.collect::<Vec<_>>() {
        assert_eq!(p.await.unwrap(), StatusCode::SEE_OTHER);
    }
    let doc = document(&app, id).await;
    let results = doc["rounds"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 10, "no result was lost");
    for (i, r) in results.iter().enumerate() {
        assert_eq!(r["score"], serde_json::json!([101, (i as u64 + 1) * 5]));
    }
}

/// Creates a championship from the defaults of the form with `overrides`.
async fn create_with(app: &TestApp, club: i32, overrides: &[(&str, &str)]) -> i32 {
    let mut fields = vec![
        ("name", "Liguilla de guiñote"),
        ("game", "guinote"),
        ("options", "{}"),
        ("starts_on", "2026-11-23"),
        ("system", "round_robin"),
        ("rounds", "5"),
        ("groups", "1"),
        ("losses", "1"),
        ("match_format", "partida"),
        ("target", ""),
        ("win", "2"),
        ("draw", "1"),
        ("loss", "0"),
        ("bye", "2"),
        ("tb1", "points"),
        ("tb2", "head_to_head"),
        ("tb3", "point_difference"),
    ];
    fields.retain(|(k, _)| !overrides.iter().any(|(o, _)| o == k));
    fields.extend_from_slice(overrides);
    let res = post_form(app, &format!("/clubes/{club}/campeonatos/nuevo"), &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    crate::from_scratch::id_of(&res)
}

#[tokio::test]
async fn the_head_to_head_reading_chosen_in_the_form_is_kept_in_the_championship_file() {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    // The form offers both readings, "all met" chosen.
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    assert_eq!(texts(&html, "select[name=head_to_head] option").len(), 2);
    assert_eq!(
        texts(&html, "select[name=head_to_head] option[selected]"),
        vec!["Solo si todos los empatados se enfrentaron entre sí"]
    );
    let id = create_with(&app, club, &[("head_to_head", "games_played")]).await;
    assert_eq!(
        document(&app, id).await["event"]["head_to_head"],
        "games_played"
    );
    // The default is "all met", which the file leaves implicit.
    let id = create_with(&app, club, &[("head_to_head", "all_met")]).await;
    assert!(
        document(&app, id).await["event"]
            .get("head_to_head")
            .is_none()
    );
}

#[tokio::test]
async fn a_guinote_liguilla_rests_the_odd_pair_checks_the_101_and_takes_no_late_entry() {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let id = create_with(&app, club, &[]).await;
    for (name, _) in PAIRS.iter().take(5) {
        post_form(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", name)],
        )
        .await;
    }
    let res = post_form(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let html = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&html, "#ronda-1 tr.rest td:nth-child(4)"),
        vec!["Descansa"]
    );
    assert_eq!(texts(&html, "#ronda-1 tr[data-table]").len(), 2);
    // A guiñote partida is won at 101.
    let v = table_version(&app, &app.client, id, 1, 1).await;
    let path = format!("/campeonatos/{id}/rondas/1/mesas/1");
    let res = post_form(
        &app,
        &path,
        &[("score_a", "99"), ("score_b", "60"), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.unwrap().contains("101"));
    // Both over 101: the winner is declared (diez de últimas).
    let res = post_form(
        &app,
        &path,
        &[
            ("score_a", "104"),
            ("score_b", "112"),
            ("winner", "a"),
            ("version", &v),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // At table 2 the players enter it themselves, the winner declared, and sign.
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    // Pair b scores, pair a confirms with its PIN on the same phone.
    let pin = texts(&slips, ".slip .pin-b strong")[1].clone();
    let pin_a = texts(&slips, ".slip .pin-a strong")[1].clone();
    let keeper = new_client();
    let t2 = format!("/campeonatos/{id}/rondas/1/mesas/2");
    post_form_as(&app, &keeper, &format!("{t2}/pin"), &[("pin", &pin)]).await;
    let v = table_version(&app, &keeper, id, 1, 2).await;
    let res = post_form_as(
        &app,
        &keeper,
        &t2,
        &[
            ("score_a", "103"),
            ("score_b", "110"),
            ("winner", "a"),
            ("side", "b"),
            ("version", &v),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let v = table_version(&app, &keeper, id, 1, 2).await;
    let res = post_form_as(
        &app,
        &keeper,
        &format!("{t2}/firma"),
        &[("pin", &pin_a), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let doc = document(&app, id).await;
    assert_eq!(doc["rounds"][0]["results"][0]["winner"], "a");
    assert_eq!(doc["rounds"][0]["results"][1]["winner"], "a");
    assert_eq!(
        doc["rounds"][0]["results"][1]["score"],
        serde_json::json!([103, 110])
    );
    assert_eq!(doc["event"]["system"]["kind"], "round_robin");
    // The schedule is fixed: no late entry.
    let res = post_form(
        &app,
        &format!("/campeonatos/{id}/inscritos"),
        &[("name", "Tarde")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("no admite inscripciones")
    );
}

#[tokio::test]
async fn in_the_sistema_de_ceros_a_loser_is_out_and_a_forfeit_counts_as_a_loss_naming_who_did_not_show_up()
 {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let id = create_with(
        &app,
        club,
        &[
            ("name", "Ceros de cuatrola"),
            ("game", "cuatrola"),
            ("system", "ceros"),
            ("losses", "1"),
        ],
    )
    .await;
    for (name, _) in PAIRS.iter().take(5) {
        post_form(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", name)],
        )
        .await;
    }
    post_form(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    let doc = document(&app, id).await;
    let pairings = doc["rounds"][0]["pairings"].as_array().unwrap().clone();
    assert_eq!(
        pairings.iter().filter(|p| p.get("bye").is_some()).count(),
        1,
        "one exenta"
    );
    let mut losers = BTreeSet::new();
    for p in pairings.iter().filter(|p| p.get("table").is_some()) {
        let t = p["table"].as_u64().unwrap();
        let v = table_version(&app, &app.client, id, 1, t).await;
        let fields: Vec<(&str, &str)> = if t == 1 {
            // Pair b did not come: a forfeit, scores not checked.
            losers.insert(p["b"].as_str().unwrap().to_owned());
            vec![
                ("score_a", "0"),
                ("score_b", "0"),
                ("forfeit", "b"),
                ("version", &v),
            ]
        } else {
            losers.insert(p["b"].as_str().unwrap().to_owned());
            vec![("score_a", "21"), ("score_b", "12"), ("version", &v)]
        };
        let res = post_form(
            &app,
            &format!("/campeonatos/{id}/rondas/1/mesas/{t}"),
            &fields,
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "table {t}");
    }
    let absent = pairings
        .iter()
        .find(|p| p["table"].as_u64() == Some(1))
        .and_then(|p| p["b"].as_str())
        .and_then(|b| b.parse::<usize>().ok())
        .map(|entrant| PAIRS[entrant - 1].0)
        .unwrap();
    let page = app
        .get(&format!("/campeonatos/{id}/direccion"))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        page.contains(&format!("0 – 0 · no se presentó {absent}")),
        "the pair that did not show up is named: {page}"
    );
    assert!(!page.contains("(np "), "no abbreviation with a side letter");
    post_form(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    let doc = document(&app, id).await;
    let round2 = doc["rounds"][1]["pairings"].to_string();
    for l in &losers {
        assert!(
            !round2.contains(&format!("\"{l}\"")),
            "{l} is out: {round2}"
        );
    }
}

#[tokio::test]
async fn with_check_in_the_absent_are_not_paired_and_the_director_overrides_a_table() {
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let id = create_swiss(&app, club, 3).await;
    for (name, _) in PAIRS.iter().take(5) {
        post_form(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", name)],
        )
        .await;
    }
    for eid in ["1", "2", "3", "4"] {
        post_form(
            &app,
            &format!("/campeonatos/{id}/inscritos/{eid}/presente"),
            &[],
        )
        .await;
    }
    // A withdrawal before round 1 can be undone.
    post_form(&app, &format!("/campeonatos/{id}/inscritos/2/retirar"), &[]).await;
    assert_eq!(
        document(&app, id).await["entrants"][1]["withdrawn_after_round"],
        0
    );
    let res = post_form(
        &app,
        &format!("/campeonatos/{id}/inscritos/2/readmitir"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    post_form(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    let doc = document(&app, id).await;
    assert_eq!(
        doc["entrants"][4]["withdrawn_after_round"], 0,
        "absent at check-in"
    );
    assert!(doc["entrants"][1].get("withdrawn_after_round").is_none());
    let pairings = doc["rounds"][0]["pairings"].to_string();
    assert!(!pairings.contains("\"5\""), "{pairings}");
    assert_eq!(doc["rounds"][0]["pairings"].as_array().unwrap().len(), 2);

    // The table proposes 101–90; the director overrides it with 101–60.
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let pin = texts(&slips, ".slip .pin-a strong")[0].clone();
    let keeper = new_client();
    let t1 = format!("/campeonatos/{id}/rondas/1/mesas/1");
    post_form_as(&app, &keeper, &format!("{t1}/pin"), &[("pin", &pin)]).await;
    let v = table_version(&app, &keeper, id, 1, 1).await;
    let res = post_form_as(
        &app,
        &keeper,
        &t1,
        &[
            ("score_a", "101"),
            ("score_b", "90"),
            ("version", &v),
            ("side", "a"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let html = app.page(&t1, StatusCode::OK).await;
    assert!(texts(&html, ".proposal")[0].contains("101 – 90"));
    let v = table_version(&app, &app.client, id, 1, 1).await;
    let res = post_form(
        &app,
        &t1,
        &[("score_a", "101"), ("score_b", "60"), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let doc = document(&app, id).await;
    assert_eq!(
        doc["rounds"][0]["results"][0]["score"],
        serde_json::json!([101, 60])
    );
    // The signature comes too late: the result is final, nothing changes.
    let res = post_form_as(
        &app,
        &keeper,
        &format!("{t1}/firma"),
        &[("side", "b"), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let doc = document(&app, id).await;
    assert_eq!(
        doc["rounds"][0]["results"][0]["score"],
        serde_json::json!([101, 60])
    );
    let audit: Vec<Value> = app
        .get(&format!("/campeonatos/{id}/auditoria?formato=json"))
        .await
        .json()
        .await
        .unwrap();
    let override_row = audit.iter().find(|a| a["action"] == "override").unwrap();
    assert!(
        override_row["actor"]
            .as_str()
            .unwrap()
            .contains("directora")
    );
    assert!(audit.iter().any(|a| a["action"] == "reinstate"));
}

/// A file's knockout phase becomes a bracket of the championship on import; the
/// export gives back every bracket of the championship whose entrants are its
/// entrants, with the results played on the web since; and that export imports again.
#[tokio::test]
async fn a_championship_file_and_its_brackets_go_in_and_out_together() {
    use baza::domain::bracket::Bracket;
    let app = TestApp::spawn().await;
    let club = club_with_director(&app).await;
    let (file, bracket) =
        crate::helpers::open_with_a_final("Open de Lleida", ["e3", "e2", "e1", "e0"]);
    let names = crate::helpers::FOUR_PAIRS;
    let text = file.to_string();
    let import = |text: String| {
        app.with_conn(move |conn| {
            let file = baza::domain::tournament::parse(&text).unwrap();
            let now = baza::web::account::now();
            let mut pins = || "1234".to_owned();
            baza::service::championship::create(
                conn,
                club,
                &file,
                false,
                now.date(),
                now,
                "test",
                &mut pins,
            )
            .unwrap()
        })
    };
    let id = import(text.clone()).await;
    let linked = move |conn: &mut baza::db::DbConn| {
        baza::db::brackets::brackets_of_championship(conn, id).unwrap()
    };
    let rows = app.with_conn(linked).await;
    assert_eq!(rows.len(), 1);
    let bid = rows[0].id;
    // On the web: the bracket with its names (seed 1 is e3) and the result played.
    let html = app.page(&format!("/cuadros/{bid}"), StatusCode::OK).await;
    let shown = texts(&html, ".mbox .nm").join(" | ");
    for n in names {
        assert!(shown.contains(n), "{n} in {shown}");
    }
    assert_eq!(texts(&html, ".mbox .sl.win").len(), 1, "{shown}");
    // The stored championship keeps no copy: the bracket is the one place.
    let t = app
        .with_conn(move |conn| {
            baza::db::championship::store::load(conn, id)
                .unwrap()
                .unwrap()
        })
        .await;
    assert!(t.file.brackets.is_empty());
    // A second bracket of the event, typed by hand with a stranger: not in the file.
    let list = format!("{}\n{}\nAlguien de fuera", names[0], names[1]);
    let (club_s, event_s) = (club.to_string(), id.to_string());
    let res = post_form(
        &app,
        "/cuadros/nuevo",
        &[
            ("club", club_s.as_str()),
            ("name", "Consolación"),
            ("game", "botifarra"),
            ("format", "single"),
            ("seeding", "hand"),
            ("paper", "a4"),
            ("event", event_s.as_str()),
            ("names", list.as_str()),
        ],
    )
    .await;
    assert_accepted(res).await;
    assert_eq!(app.with_conn(linked).await.len(), 2);
    // The director is told which bracket the export leaves out, and why.
    let html = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    let note = texts(&html, ".export-left-out").join(" ");
    assert!(
        note.contains("Consolación") && !note.contains("Fase final"),
        "{note}"
    );
    // The other semi-final is played on the web.
    let second = bracket.playable()[0];
    let version = rows[0].version.to_string();
    let res = post_form(
        &app,
        &format!("/cuadros/{bid}/partidos/{}/resultado", second.0),
        &[("winner", "1"), ("version", version.as_str())],
    )
    .await;
    assert_accepted(res).await;
    let played = app
        .with_conn(move |conn| {
            baza::db::brackets::find_bracket(conn, bid)
                .unwrap()
                .unwrap()
        })
        .await;
    let bracket: Bracket = serde_json::from_str(&played.document).unwrap();
    assert_eq!(
        bracket
            .matches()
            .iter()
            .filter(|m| m.result.is_some())
            .count(),
        2
    );
    // Export: the imported phase with both results (same ids, same bracket).
    let exported = document(&app, id).await;
    let phases = exported["brackets"]
        .as_array()
        .expect("brackets in the export");
    assert_eq!(phases.len(), 1, "{phases:?}");
    assert_eq!(phases[0]["name"], "Fase final");
    assert_eq!(
        phases[0]["entrants"],
        serde_json::json!(["e3", "e2", "e1", "e0"])
    );
    let back: Bracket = serde_json::from_value(phases[0]["bracket"].clone()).unwrap();
    assert_eq!(back, bracket);
    // The export imports again, into a championship with its own bracket.
    let again = import(exported.to_string()).await;
    assert_ne!(again, id);
    let rows = app
        .with_conn(move |conn| baza::db::brackets::brackets_of_championship(conn, again).unwrap())
        .await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        serde_json::from_str::<Bracket>(&rows[0].document).unwrap(),
        bracket
    );
}
