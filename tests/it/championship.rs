//! One championship played hand by hand at the tables, through HTTP against a real
//! server and database: a comarcal cuatrola championship of twelve pairs, a four-round
//! Swiss whose every match is a Baza game entered hand by hand through the tables'
//! PINs (hands from the engine's random legal play-outs), each result confirmed with
//! the other pair's PIN, a referee's ruling that changes a round-2 match, then the best
//! eight to a knockout phase seeded from the standings and played the same way to the
//! final. The standings and the bracket are computed here, independently, from the
//! hands the test entered.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{ChampionshipForm, TestApp, attr, new_client, post_form_as, texts};
use baza::domain::entry::GameDoc;
use baza::domain::random::random_cuatrola_hand_of_game;

/// A club with its organiser (signed in on `app.client`) and a referee (signed in on
/// the returned client).
async fn club_with_staff(app: &TestApp) -> (i32, reqwest::Client) {
    let club = app
        .club_with_organiser("Peña La Baza", "Medina de Rioseco")
        .await;
    let referee = new_client();
    let pw = app.add_user("arbitro", "referee", Some(club)).await;
    app.login(&referee, "arbitro", &pw).await;
    (club, referee)
}

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

fn location(res: &reqwest::Response) -> String {
    res.headers()["location"].to_str().unwrap().to_owned()
}

/// The championship's file as the director exports it.
async fn document(app: &TestApp, id: i32) -> Value {
    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

/// A table's slip as printed: its page, and the PINs of pair a and pair b.
pub(crate) struct Slip {
    pub(crate) path: String,
    pub(crate) pins: [String; 2],
}

impl Slip {
    /// A new phone that opens the table with the PIN of pair `pair` (0: a, 1: b).
    pub(crate) async fn open(&self, app: &TestApp, pair: usize) -> reqwest::Client {
        let phone = new_client();
        let res = post_form_as(
            app,
            &phone,
            &format!("{}/pin", self.path),
            &[("pin", &self.pins[pair])],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        phone
    }
}

/// The result slips of a round (`?ronda=R`) or a knockout phase (`?fase=B`).
pub(crate) async fn slips(app: &TestApp, id: i32, query: &str) -> Vec<Slip> {
    let html = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?{query}"),
            StatusCode::OK,
        )
        .await;
    let paths = texts(&html, ".slip .table-path");
    let a = texts(&html, ".slip .pin-a strong");
    let b = texts(&html, ".slip .pin-b strong");
    assert_eq!(paths.len(), a.len());
    assert_eq!(paths.len(), b.len());
    paths
        .into_iter()
        .zip(a.into_iter().zip(b))
        .map(|(path, (a, b))| Slip { path, pins: [a, b] })
        .collect()
}

/// What the test saw of a match: each side's final tantos and the winner (0 or 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Played {
    pub(crate) totals: [i64; 2],
    pub(crate) winner: usize,
}

pub(crate) async fn game_of(app: &TestApp, client: &reqwest::Client, table: &str) -> i32 {
    let html = app.page_as(client, table).await;
    let href = attr(&html, "a.play-game", "href").expect("the table page leads to its game");
    href.trim_start_matches("/partidas/").parse().unwrap()
}

async fn export(app: &TestApp, game: i32) -> Value {
    let res = app.get(&format!("/partidas/{game}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

/// A score as the game file writes it (whole points).
fn points(v: &Value) -> i64 {
    v.as_i64()
        .or_else(|| v.as_f64().map(|f| f as i64))
        .unwrap_or(0)
}

/// Plays a table's game hand by hand from the scorekeeper's phone (pair a's PIN):
/// random legal hands until the game is over. Returns what the test summed itself.
pub(crate) async fn play_game(
    app: &TestApp,
    keeper: &reqwest::Client,
    game: i32,
    seed: u64,
) -> Played {
    let mut totals = [0i64; 2];
    for n in 0..100u64 {
        let file = export(app, game).await;
        let board = &file["scoreboard"];
        if !board["game_over"].is_null() {
            let server: Vec<i64> = board["totals"]
                .as_array()
                .unwrap()
                .iter()
                .map(points)
                .collect();
            assert_eq!(
                server,
                totals.to_vec(),
                "the server's totals are the hands'"
            );
            let winner = board["game_over"]["winner"].as_u64().unwrap() as usize;
            assert!(totals[winner] >= 21, "{totals:?}");
            return Played { totals, winner };
        }
        let dealer = board["next_dealer"].as_u64().unwrap() as u8;
        let record = random_cuatrola_hand_of_game(seed * 1000 + n, dealer, totals);
        let ruling = baza::domain::rule(&record, baza::domain::Lang::Es);
        let hp = ruling.hand_points.expect("a complete legal hand");
        for (t, p) in totals.iter_mut().zip(&hp) {
            *t += p.floor();
        }
        let res = post_full_hand(app, keeper, game, &record.to_value()).await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "hand {n} of game {game}"
        );
    }
    panic!("game {game} did not end");
}

/// Sends a whole hand record from the scorekeeper's phone, with the version and
/// submission id its hand form gives.
pub(crate) async fn post_full_hand(
    app: &TestApp,
    keeper: &reqwest::Client,
    game: i32,
    record: &Value,
) -> reqwest::Response {
    let form = app.page_as(keeper, &format!("/partidas/{game}/mano")).await;
    let version = attr(&form, "details.full-entry input[name=version]", "value").unwrap();
    let submission = attr(&form, "details.full-entry input[name=submission]", "value").unwrap();
    post_form_as(
        app,
        keeper,
        &format!("/partidas/{game}/mano"),
        &[
            ("version", &version),
            ("submission", &submission),
            ("record", &record.to_string()),
        ],
    )
    .await
}

/// A whole match at a table: pair a's scorekeeper opens the table with its PIN and
/// plays the game; pair a may not confirm its own result (neither from its session
/// nor with its PIN); pair b confirms, on its own phone or by typing its PIN on the
/// scorekeeper's.
pub(crate) async fn play_table(app: &TestApp, slip: &Slip, seed: u64) -> Played {
    let keeper = slip.open(app, 0).await;
    let game = game_of(app, &keeper, &slip.path).await;
    let played = play_game(app, &keeper, game, seed).await;
    // Nobody typed a score: the game's is the proposal.
    let html = app.page_as(&keeper, &slip.path).await;
    assert_eq!(
        texts(&html, ".proposal strong"),
        vec![format!("{} – {}", played.totals[0], played.totals[1])]
    );
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let sign = format!("{}/firma", slip.path);
    let res = post_form_as(app, &keeper, &sign, &[("version", &version)]).await;
    assert_eq!(
        res.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "no self-confirmation"
    );
    let res = post_form_as(
        app,
        &keeper,
        &sign,
        &[("version", &version), ("pin", &slip.pins[0])],
    )
    .await;
    assert_eq!(
        res.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "not with the proposer's PIN"
    );
    let res = if seed.is_multiple_of(2) {
        post_form_as(
            app,
            &keeper,
            &sign,
            &[("version", &version), ("pin", &slip.pins[1])],
        )
        .await
    } else {
        let other = slip.open(app, 1).await;
        post_form_as(app, &other, &sign, &[("version", &version)]).await
    };
    let status = res.status();
    if status != StatusCode::SEE_OTHER {
        let html = scraper::Html::parse_document(&res.text().await.unwrap_or_default());
        panic!(
            "the other pair confirms: {status} {:?}",
            texts(&html, ".alert")
        );
    }
    // Confirmed: the table can no longer change its game.
    let form = app
        .page_as(&keeper, &format!("/partidas/{game}/mano"))
        .await;
    assert!(attr(&form, "details.full-entry input[name=version]", "value").is_none());
    played
}

/// Per entrant: match points, tantos for and against (the test's own ledger).
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Line {
    points: i64,
    pf: i64,
    pa: i64,
}

fn book(ledger: &mut BTreeMap<String, Line>, a: &str, b: &str, p: Played) {
    for (side, id) in [(0usize, a), (1, b)] {
        let l = ledger.entry(id.to_owned()).or_default();
        l.pf += p.totals[side];
        l.pa += p.totals[1 - side];
        if p.winner == side {
            l.points += 2;
        }
    }
}

fn key(l: &Line) -> (i64, i64, i64) {
    (l.points, l.pf - l.pa, l.pf)
}

/// The standings page's order of entrant names.
async fn standings_names(app: &TestApp, id: i32) -> Vec<String> {
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    texts(&html, ".standings tbody tr td.name strong")
}

#[tokio::test]
async fn a_comarcal_cuatrola_championship_is_played_hand_by_hand_from_the_swiss_to_the_final() {
    let app = TestApp::spawn().await;
    let (club, referee) = club_with_staff(&app).await;
    let id = ChampionshipForm::new("Campeonato comarcal de cuatrola")
        .set("rounds", "4")
        .set("tb2", "point_difference")
        .set("tb3", "points_for")
        .create(&app, club)
        .await;
    let names = [
        "Ana – Berta",
        "Carlos – Dani",
        "Elena – Fermín",
        "Gloria – Hugo",
        "Inés – Jaime",
        "Laura – Mario",
        "Nuria – Óscar",
        "Pilar – Quique",
        "Rosa – Santi",
        "Tere – Ulises",
        "Vera – Xavi",
        "Yolanda – Zoe",
    ];
    for n in names {
        let res = post(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }

    let mut ledger: BTreeMap<String, Line> = BTreeMap::new();
    let mut round2: Vec<Slip> = Vec::new();
    for round in 1..=4u64 {
        let res = post(
            &app,
            &format!("/campeonatos/{id}/rondas"),
            &[("tables", "6")],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "round {round} paired");
        let res = post(
            &app,
            &format!("/campeonatos/{id}/rondas/{round}/publicar"),
            &[],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        let file = document(&app, id).await;
        let pairings = file["rounds"][round as usize - 1]["pairings"]
            .as_array()
            .unwrap()
            .clone();
        let tables = slips(&app, id, &format!("ronda={round}")).await;
        assert_eq!(tables.len(), 6);
        // The director's page shows every table waiting for its game.
        let dir = app
            .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
            .await;
        assert_eq!(
            texts(&dir, &format!("#ronda-{round} td.table-state")),
            vec!["Sin empezar"; 6]
        );
        if round == 3 {
            // A dispute at table 1 of round 2, found once round 3 was paired: the
            // referee replays the last hand and applies the ruling; the match
            // changes, round 3's pairings that depend on it are listed first, and
            // the standings follow.
            let slip = &round2[0];
            let file_before_ruling = document(&app, id).await;
            let game = game_of(&app, &app.client, &slip.path).await;
            let doc: GameDoc = serde_json::from_value(export(&app, game).await).unwrap();
            let last = doc.hands.len() - 1;
            let (before_scores, old_board) = doc.score(baza::domain::Lang::Es).unwrap();
            let before: [i64; 2] = {
                let mut b = [0i64; 2];
                for s in &before_scores[..last] {
                    for (x, p) in b.iter_mut().zip(&s.hand_points) {
                        *x += p.floor();
                    }
                }
                b
            };
            let dealer = doc.hands[last].dealer;
            // Prefer a ruling that gives the match to the other pair; any that
            // changes its score will do.
            let candidates: Vec<_> = (0..500u64)
                .filter_map(|seed| {
                    let r = random_cuatrola_hand_of_game(777_000 + seed, dealer, before);
                    let mut d = doc.clone();
                    d.hands[last].entered = baza::domain::entry::Entered::Full(r.to_value());
                    let (_, board) = d.score(baza::domain::Lang::Es).ok()?;
                    let over = board.game_over.as_ref()?.winner;
                    (board.totals != old_board.totals).then_some((r, board.totals, over))
                })
                .collect();
            let old_winner = old_board.game_over.as_ref().unwrap().winner;
            let (record, new_totals, new_winner) = candidates
                .iter()
                .find(|c| c.2 != old_winner)
                .or(candidates.first())
                .cloned()
                .expect("a ruling that changes the match");
            let res = post_form_as(
                &app,
                &referee,
                "/arbitro",
                &[("record", &record.to_value().to_string())],
            )
            .await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER);
            let ruling = location(&res);
            let hand = doc.hands.len().to_string();
            let res = post_form_as(
                &app,
                &referee,
                &format!("{ruling}/aplicar"),
                &[("game", &game.to_string()), ("hand", &hand)],
            )
            .await;
            assert_eq!(
                res.status(),
                StatusCode::UNPROCESSABLE_ENTITY,
                "round 3 depends on it"
            );
            let body = res.text().await.unwrap();
            assert!(body.contains("Ronda 3 · Mesa"), "{body}");
            assert_eq!(
                document(&app, id).await["rounds"][1],
                file_before_ruling["rounds"][1],
                "nothing changed yet"
            );
            let res = post_form_as(
                &app,
                &referee,
                &format!("{ruling}/aplicar"),
                &[
                    ("game", &game.to_string()),
                    ("hand", &hand),
                    ("confirm", "1"),
                ],
            )
            .await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER, "the ruling is applied");
            let new: [i64; 2] = [new_totals[0].floor(), new_totals[1].floor()];
            let file = document(&app, id).await;
            let r = file["rounds"][1]["results"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["table"] == 1)
                .unwrap()
                .clone();
            assert_eq!(
                r["score"],
                serde_json::json!(new),
                "the match follows the ruling"
            );
            let p = &file["rounds"][1]["pairings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["table"] == 1)
                .unwrap()
                .clone();
            let (a, b) = (p["a"].as_str().unwrap(), p["b"].as_str().unwrap());
            // Undo the old result in the test's ledger and book the ruled one.
            let old: [i64; 2] = [old_board.totals[0].floor(), old_board.totals[1].floor()];
            let old_winner = usize::from(old_winner);
            for (side, who) in [(0usize, a), (1, b)] {
                let l = ledger.get_mut(who).unwrap();
                l.pf -= old[side];
                l.pa -= old[1 - side];
                if old_winner == side {
                    l.points -= 2;
                }
            }
            let winner = usize::from(new_winner);
            book(
                &mut ledger,
                a,
                b,
                Played {
                    totals: new,
                    winner,
                },
            );
            // The audit says who changed what.
            let audit = app
                .get(&format!("/campeonatos/{id}/auditoria?formato=json"))
                .await
                .text()
                .await
                .unwrap();
            assert!(
                audit.contains("arbitro"),
                "the referee's correction is audited"
            );
        }
        for (t, slip) in tables.iter().enumerate() {
            let p = pairings
                .iter()
                .find(|p| p["table"] == t as u64 + 1)
                .unwrap();
            let played = play_table(&app, slip, round * 100 + t as u64).await;
            book(
                &mut ledger,
                p["a"].as_str().unwrap(),
                p["b"].as_str().unwrap(),
                played,
            );
        }
        let file = document(&app, id).await;
        let results = file["rounds"][round as usize - 1]["results"]
            .as_array()
            .unwrap();
        assert_eq!(results.len(), 6, "every result confirmed");

        if round == 2 {
            round2 = tables;
        }
    }

    // The standings, checked against the test's own ledger.
    let file = document(&app, id).await;
    let name_of: BTreeMap<String, String> = file["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_owned(),
                e["id"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let order = standings_names(&app, id).await;
    assert_eq!(order.len(), 12);
    let keys: Vec<(i64, i64, i64)> = order.iter().map(|n| key(&ledger[&name_of[n]])).collect();
    assert!(
        keys.windows(2).all(|w| w[0] >= w[1]),
        "ranked by points, difference, tantos: {order:?} {keys:?}"
    );

    // The best eight to the knockout, seeded from those standings.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/fases"),
        &[
            ("name", "Fase final"),
            ("qualify", "top"),
            ("n", "8"),
            ("shape", "single"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let file = document(&app, id).await;
    let phase = file["brackets"].as_array().unwrap()[0].clone();
    let seeded: Vec<String> = phase["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();
    let top8: Vec<String> = order[..8].iter().map(|n| name_of[n].clone()).collect();
    assert_eq!(seeded, top8, "seeded in the order of the standings");
    let bracket_id: i32 = {
        let html = app
            .page(&format!("/campeonatos/{id}"), StatusCode::OK)
            .await;
        crate::from_scratch::bracket_id_of(&attr(&html, "a.phase-bracket", "href").unwrap())
    };
    // Play every ready knockout table until the final is confirmed.
    let mut played_tables = 0;
    let mut seed = 9_000u64;
    let mut winners: Vec<(String, String, usize)> = Vec::new();
    loop {
        let tables = slips(&app, id, &format!("fase={bracket_id}")).await;
        let mut open = Vec::new();
        for s in &tables {
            let html = app.page(&s.path, StatusCode::OK).await;
            if texts(&html, ".table-status.final").is_empty() {
                open.push((s, texts(&html, ".pair-name")));
            }
        }
        if open.is_empty() {
            break;
        }
        for (s, pair) in open {
            seed += 1;
            let p = play_table(&app, s, seed).await;
            winners.push((pair[0].clone(), pair[1].clone(), p.winner));
            played_tables += 1;
        }
    }
    assert_eq!(
        played_tables, 7,
        "four quarter-finals, two semi-finals and the final"
    );
    // Quarter-finals as seeded: 1 v 8, 4 v 5, 2 v 7, 3 v 6.
    let qf: Vec<(String, String)> = winners[..4]
        .iter()
        .map(|(a, b, _)| (a.clone(), b.clone()))
        .collect();
    for (x, y) in [(0, 7), (3, 4), (1, 6), (2, 5)] {
        let (a, b) = (order[x].clone(), order[y].clone());
        assert!(
            qf.contains(&(a.clone(), b.clone())) || qf.contains(&(b, a)),
            "{x} v {y} in {qf:?}"
        );
    }
    let (fa, fb, w) = winners.last().unwrap().clone();
    let champion = if w == 0 { fa } else { fb };
    let html = app
        .page(&format!("/cuadros/{bracket_id}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&html, ".champion"),
        vec![format!("Campeón: {champion}")]
    );

    // The file carries every game, and a re-import gives the same standings.
    let file = document(&app, id).await;
    for r in file["rounds"].as_array().unwrap() {
        for x in r["results"].as_array().unwrap() {
            assert_eq!(x["games"][0]["format"], "baza-game/1");
        }
    }
    let text = file.to_string();
    let parsed = baza::domain::tournament::parse(&text).expect("the export parses");
    let again: Vec<String> = baza::domain::tournament::standings(&parsed)
        .into_iter()
        .map(|r| r.name)
        .collect();
    assert_eq!(again, order, "the games give the same standings");
    let mut stripped = file.clone();
    for r in stripped["rounds"].as_array_mut().unwrap() {
        for x in r["results"].as_array_mut().unwrap() {
            x.as_object_mut().unwrap().remove("score");
        }
    }
    let parsed = baza::domain::tournament::parse(&stripped.to_string())
        .expect("scores derived from the hands");
    let derived: Vec<String> = baza::domain::tournament::standings(&parsed)
        .into_iter()
        .map(|r| r.name)
        .collect();
    assert_eq!(derived, order);
    // Imported as a new championship, its tables hold the games again and the
    // standings are the same.
    let imported = app
        .with_conn(move |conn| {
            let mut n = 0u32;
            let mut pins = || {
                n += 1;
                format!("{n:04}")
            };
            let now = baza::web::account::now();
            baza::service::championship::create(
                conn,
                club,
                &parsed,
                true,
                now.date(),
                now,
                "test",
                &mut pins,
            )
            .unwrap()
        })
        .await;
    assert_eq!(standings_names(&app, imported).await, order);
    // Every hand as entered (the computed scores and notes aside).
    let entries = |doc: &Value| -> Vec<Value> {
        doc["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["results"].as_array().unwrap().clone())
            .flat_map(|x| x["games"].as_array().unwrap().clone())
            .flat_map(|g| g["hands"].as_array().unwrap().clone())
            .map(|h| h["entry"].clone())
            .collect()
    };
    let again = document(&app, imported).await;
    assert_eq!(entries(&again).len(), entries(&file).len());
    assert_eq!(
        entries(&again),
        entries(&file),
        "every game, every hand, back out"
    );
}

#[tokio::test]
async fn a_timed_match_ends_when_its_minutes_run_out_with_the_hand_in_play() {
    let app = TestApp::spawn().await;
    let (club, _) = club_with_staff(&app).await;
    let id = ChampionshipForm::thirty_minutes("hands")
        .create(&app, club)
        .await;
    for n in ["Ana – Berta", "Carlos – Dani"] {
        post(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
    }
    post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    post(&app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    let slip = slips(&app, id, "ronda=1").await.remove(0);
    let html = app.page(&slip.path, StatusCode::OK).await;
    let left = texts(&html, ".time-left");
    assert!(left[0].starts_with("Quedan"), "{left:?}");
    // The round was published 31 minutes ago.
    app.with_conn(|conn| {
        use baza::db::schema::championship_tables::dsl;
        use diesel::prelude::*;
        let then = baza::web::account::now() - chrono::TimeDelta::minutes(31);
        diesel::update(dsl::championship_tables)
            .set(dsl::started_at.eq(Some(then)))
            .execute(conn)
            .unwrap();
    })
    .await;
    let html = app.page(&slip.path, StatusCode::OK).await;
    assert_eq!(
        texts(&html, ".time-left"),
        vec!["Tiempo cumplido: la mano en juego es la última"]
    );
    // The hand in play is entered, and it ends the match.
    let keeper = new_client();
    post_form_as(
        &app,
        &keeper,
        &format!("{}/pin", slip.path),
        &[("pin", &slip.pins[0])],
    )
    .await;
    let game = game_of(&app, &keeper, &slip.path).await;
    let file = export(&app, game).await;
    let dealer = file["scoreboard"]["next_dealer"].as_u64().unwrap() as u8;
    let record = random_cuatrola_hand_of_game(4242, dealer, [0, 0]);
    let hp = baza::domain::rule(&record, baza::domain::Lang::Es)
        .hand_points
        .unwrap();
    let score = [hp[0].floor(), hp[1].floor()];
    let form = app
        .page_as(&keeper, &format!("/partidas/{game}/mano"))
        .await;
    let res = post_form_as(
        &app,
        &keeper,
        &format!("/partidas/{game}/mano"),
        &[
            (
                "version",
                &attr(&form, "details.full-entry input[name=version]", "value").unwrap(),
            ),
            (
                "submission",
                &attr(&form, "details.full-entry input[name=submission]", "value").unwrap(),
            ),
            ("record", &record.to_value().to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let html = app.page(&slip.path, StatusCode::OK).await;
    assert_eq!(
        texts(&html, ".proposal strong"),
        vec![format!("{} – {}", score[0], score[1])]
    );
    // No more hands: the game is over.
    let res = keeper
        .get(app.url(&format!("/partidas/{game}/mano")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &keeper,
        &format!("{}/firma", slip.path),
        &[("version", &version), ("pin", &slip.pins[1])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let doc = document(&app, id).await;
    let r = &doc["rounds"][0]["results"][0];
    assert_eq!(r["score"], serde_json::json!(score));
    assert_eq!(r["time_up"], true);
}

#[tokio::test]
async fn when_a_tables_phone_dies_the_director_switches_it_to_a_typed_result() {
    let app = TestApp::spawn().await;
    let (club, _) = club_with_staff(&app).await;
    let id = ChampionshipForm::new("Cuatrola de la peña")
        .create(&app, club)
        .await;
    for n in ["Ana – Berta", "Carlos – Dani"] {
        post(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
    }
    post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    post(&app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    let slip = slips(&app, id, "ronda=1").await.remove(0);
    let keeper = new_client();
    post_form_as(
        &app,
        &keeper,
        &format!("{}/pin", slip.path),
        &[("pin", &slip.pins[0])],
    )
    .await;
    // While the table plays hand by hand, its pairs cannot type a score.
    let version = |html: &scraper::Html| {
        attr(html, "form.switch-form input[name=version]", "value")
            .or_else(|| attr(html, "form.score-form input[name=version]", "value"))
            .unwrap()
    };
    let html = app.page(&slip.path, StatusCode::OK).await;
    let v = version(&html);
    let typed = [
        ("score_a", "21"),
        ("score_b", "13"),
        ("version", v.as_str()),
    ];
    let res = post_form_as(&app, &keeper, &slip.path, &typed).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    // The director switches it; the table types its result and the other pair signs.
    let res = post(&app, &format!("{}/escrita", slip.path), &[("version", &v)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let html = app.page_as(&keeper, &slip.path).await;
    assert!(
        attr(&html, "a.play-game", "href").is_none(),
        "no game to play"
    );
    let v = attr(&html, "form.score-form input[name=version]", "value").unwrap();
    let res = post_form_as(
        &app,
        &keeper,
        &slip.path,
        &[("score_a", "21"), ("score_b", "13"), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let html = app.page(&slip.path, StatusCode::OK).await;
    let v = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &keeper,
        &format!("{}/firma", slip.path),
        &[("version", &v), ("pin", &slip.pins[1])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let doc = document(&app, id).await;
    assert_eq!(
        doc["rounds"][0]["results"][0]["score"],
        serde_json::json!([21, 13])
    );
    let audit = app
        .get(&format!("/campeonatos/{id}/auditoria?formato=json"))
        .await
        .text()
        .await
        .unwrap();
    assert!(audit.contains("\"typed\""), "the switch is audited");
}

#[tokio::test]
async fn a_one_day_knockout_is_a_championship_with_one_knockout_phase_seeded_by_seed() {
    let app = TestApp::spawn().await;
    let (club, _) = club_with_staff(&app).await;
    let id = ChampionshipForm::new("Relámpago de cuatrola")
        .create(&app, club)
        .await;
    let names = [
        "Uno – Dos",
        "Tres – Cuatro",
        "Cinco – Seis",
        "Siete – Ocho",
        "Nueve – Diez",
    ];
    for (i, n) in names.iter().enumerate() {
        let seed = (i + 1).to_string();
        post(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n), ("seed", &seed)],
        )
        .await;
    }
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&dir, "form.phase-form").len(),
        1,
        "offered before any round"
    );
    let res = post(
        &app,
        &format!("/campeonatos/{id}/fases"),
        &[
            ("name", "Cuadro"),
            ("qualify", "top"),
            ("n", "5"),
            ("shape", "single"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let file = document(&app, id).await;
    let phase = &file["brackets"][0];
    assert_eq!(
        phase["entrants"],
        serde_json::json!(["1", "2", "3", "4", "5"])
    );
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let b = crate::from_scratch::bracket_id_of(&attr(&html, "a.phase-bracket", "href").unwrap());
    // Five entrants in a bracket of eight: seed 1 waits for the winner of 4 v 5,
    // and 2 v 3 is ready at once.
    let open = slips(&app, id, &format!("fase={b}")).await;
    assert_eq!(open.len(), 2, "two matches ready");
    for (k, slip) in open.iter().enumerate() {
        let played = play_table(&app, slip, 70 + k as u64).await;
        assert!(played.totals[played.winner] >= 21);
    }
    let open = slips(&app, id, &format!("fase={b}")).await;
    assert_eq!(open.len(), 3, "seed 1's semi-final opened");
    let pairs_at = |path: String| {
        let app = &app;
        async move { texts(&app.page(&path, StatusCode::OK).await, ".pair-name") }
    };
    let mut four_five = None;
    let mut semi = None;
    for slip in &open {
        let pairs = pairs_at(slip.path.clone()).await;
        if pairs.contains(&"Siete – Ocho".to_owned()) && pairs.contains(&"Nueve – Diez".to_owned())
        {
            four_five = Some(slip);
        } else if pairs.contains(&"Uno – Dos".to_owned()) {
            semi = Some((slip, pairs));
        }
    }
    let (four_five, (semi, semi_pairs)) = (four_five.unwrap(), semi.unwrap());
    // The director corrects 4 v 5 the other way: seed 1's semi-final is drawn again
    // with the new winner (it was not played yet).
    let typed_swap = |html: &scraper::Html| {
        let r = texts(html, ".big-score")[0].clone();
        let (x, y) = r.split_once(" – ").unwrap();
        (y.trim().to_owned(), x.trim().to_owned())
    };
    let html = app.page(&four_five.path, StatusCode::OK).await;
    let (sa, sb) = typed_swap(&html);
    let v = attr(&html, "form.score-form input[name=version]", "value").unwrap();
    let res = post(
        &app,
        &four_five.path,
        &[("score_a", &sa), ("score_b", &sb), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let open = slips(&app, id, &format!("fase={b}")).await;
    assert_eq!(open.len(), 3);
    let mut new_semi = None;
    for slip in &open {
        let pairs = pairs_at(slip.path.clone()).await;
        if pairs.contains(&"Uno – Dos".to_owned()) {
            new_semi = Some((slip, pairs));
        }
    }
    let (new_semi, new_pairs) = new_semi.unwrap();
    assert_ne!(
        new_pairs, semi_pairs,
        "the semi-final's pairs follow the correction"
    );
    assert_ne!(new_semi.pins, semi.pins, "a new table, new PINs");
    // Seed 1's semi-final and then the final are played.
    let semi_played = play_table(&app, new_semi, 80).await;
    let open = slips(&app, id, &format!("fase={b}")).await;
    assert_eq!(open.len(), 4, "the final opened");
    let final_slip = open
        .iter()
        .find(|s| s.path != new_semi.path && !open[..3].iter().any(|x| x.path == s.path))
        .unwrap_or(&open[3]);
    play_table(&app, final_slip, 81).await;
    // Correcting seed 1's semi-final now annuls the final: listed, then confirmed.
    let html = app.page(&new_semi.path, StatusCode::OK).await;
    let r = texts(&html, ".big-score")[0].clone();
    let (x, y) = r.split_once(" – ").unwrap();
    let (sa, sb) = (y.trim().to_owned(), x.trim().to_owned());
    assert_ne!(
        semi_played.winner,
        usize::from(sa.parse::<u32>().unwrap() < sb.parse::<u32>().unwrap())
    );
    let v = attr(&html, "form.score-form input[name=version]", "value").unwrap();
    let fields = [
        ("score_a", sa.as_str()),
        ("score_b", sb.as_str()),
        ("version", v.as_str()),
    ];
    let res = post(&app, &new_semi.path, &fields).await;
    assert_eq!(
        res.status(),
        StatusCode::CONFLICT,
        "the final depends on it"
    );
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(texts(&html, ".dependents li").len(), 1);
    let mut confirmed = fields.to_vec();
    confirmed.push(("confirm", "1"));
    let res = post(&app, &new_semi.path, &confirmed).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // The final is to be played again, between the right pairs.
    let open = slips(&app, id, &format!("fase={b}")).await;
    assert_eq!(open.len(), 4);
    let mut finals_open = 0;
    for slip in &open {
        let html = app.page(&slip.path, StatusCode::OK).await;
        if texts(&html, ".table-status.final").is_empty() {
            finals_open += 1;
        }
    }
    assert_eq!(finals_open, 1, "only the final waits");
}

#[tokio::test]
async fn a_best_of_three_at_a_table_plays_partida_after_partida_until_a_pair_wins_two() {
    let app = TestApp::spawn().await;
    let (club, _) = club_with_staff(&app).await;
    let id = ChampionshipForm::new("Cuatrola al mejor de tres")
        .set("match_format", "best_of")
        .set("partidas", "3")
        .create(&app, club)
        .await;
    for n in ["Ana – Berta", "Carlos – Dani"] {
        post(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
    }
    post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    post(&app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    let slip = slips(&app, id, "ronda=1").await.remove(0);
    let keeper = new_client();
    post_form_as(
        &app,
        &keeper,
        &format!("{}/pin", slip.path),
        &[("pin", &slip.pins[0])],
    )
    .await;
    let mut wins = [0u32; 2];
    let mut game = game_of(&app, &keeper, &slip.path).await;
    for partida in 0..3u64 {
        let p = play_game(&app, &keeper, game, 900 + partida).await;
        wins[p.winner] += 1;
        let html = app.page(&slip.path, StatusCode::OK).await;
        if wins.contains(&2) {
            assert_eq!(
                texts(&html, ".proposal strong"),
                vec![format!("{} – {}", wins[0], wins[1])],
                "the match in partidas won"
            );
            break;
        }
        assert!(
            texts(&html, ".proposal").is_empty(),
            "one partida decides nothing"
        );
        // The next partida, from the game page, opens with the same table PIN.
        let res = post_form_as(&app, &keeper, &format!("/partidas/{game}/siguiente"), &[]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        game = location(&res)
            .trim_start_matches("/partidas/")
            .parse()
            .unwrap();
        assert_eq!(
            game_of(&app, &keeper, &slip.path).await,
            game,
            "the table leads to it"
        );
    }
    let html = app.page(&slip.path, StatusCode::OK).await;
    let v = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &keeper,
        &format!("{}/firma", slip.path),
        &[("version", &v), ("pin", &slip.pins[1])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let doc = document(&app, id).await;
    let r = &doc["rounds"][0]["results"][0];
    assert_eq!(r["score"], serde_json::json!(wins));
    assert_eq!(
        r["games"].as_array().unwrap().len() as u32,
        wins[0] + wins[1],
        "every partida in the file"
    );
}

/// Another last hand for a finished game that keeps it finished with another score.
fn another_last_hand(doc: &GameDoc) -> baza::domain::record::HandRecord {
    let last = doc.hands.len() - 1;
    let (scores, board) = doc.score(baza::domain::Lang::Es).unwrap();
    let mut before = [0i64; 2];
    for s in &scores[..last] {
        for (x, p) in before.iter_mut().zip(&s.hand_points) {
            *x += p.floor();
        }
    }
    (0..500u64)
        .find_map(|seed| {
            let r = random_cuatrola_hand_of_game(555_000 + seed, doc.hands[last].dealer, before);
            let mut d = doc.clone();
            d.hands[last].entered = baza::domain::entry::Entered::Full(r.to_value());
            let (_, b) = d.score(baza::domain::Lang::Es).ok()?;
            (b.game_over.is_some() && b.totals != board.totals).then_some(r)
        })
        .expect("another last hand")
}

#[tokio::test]
async fn the_director_corrects_a_confirmed_tables_hand_after_the_next_round_was_paired_only_when_confirmed()
 {
    let app = TestApp::spawn().await;
    let (club, _) = club_with_staff(&app).await;
    let id = ChampionshipForm::new("Cuatrola de dos rondas")
        .set("rounds", "2")
        .create(&app, club)
        .await;
    for n in [
        "Ana – Berta",
        "Carlos – Dani",
        "Elena – Fermín",
        "Gloria – Hugo",
    ] {
        post(
            &app,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
    }
    post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    post(&app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    let tables = slips(&app, id, "ronda=1").await;
    for (k, slip) in tables.iter().enumerate() {
        play_table(&app, slip, 40 + k as u64).await;
    }
    let res = post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 2 paired");
    let before = document(&app, id).await["rounds"][0]["results"][0]["score"].clone();
    // The director replaces the last hand of round 1, table 1.
    let game = game_of(&app, &app.client, &tables[0].path).await;
    let doc: GameDoc = serde_json::from_value(export(&app, game).await).unwrap();
    let record = another_last_hand(&doc);
    let hand = format!("/partidas/{game}/manos/{}", doc.hands.len());
    let form = app.page(&hand, StatusCode::OK).await;
    let version = attr(&form, "details.full-entry input[name=version]", "value").unwrap();
    let fields = [
        ("version", version.as_str()),
        ("record", &record.to_value().to_string()),
    ];
    let res = post(&app, &hand, &fields).await;
    assert_eq!(res.status(), StatusCode::CONFLICT, "round 2 depends on it");
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(texts(&html, ".errors li")[0].contains("Ronda 2 · Mesa"));
    // And who would have met in round 2 with the new last hand (the same pairs, or
    // each table whose pairs change).
    let said = &texts(&html, ".errors li")[0];
    assert!(
        said.contains("Con la corrección, la ronda 2 se habría emparejado igual")
            || said.contains("; con la corrección serían "),
        "{said}"
    );
    assert_eq!(
        texts(&html, "label.confirm-correction").len(),
        2,
        "a confirm box on both forms"
    );
    assert_eq!(
        document(&app, id).await["rounds"][0]["results"][0]["score"],
        before
    );
    let mut confirmed = fields.to_vec();
    confirmed.push(("confirm", "1"));
    let res = post(&app, &hand, &confirmed).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_ne!(
        document(&app, id).await["rounds"][0]["results"][0]["score"],
        before
    );
}
