//! Club play over HTTP: start a game, enter hands, see them checked, the scoreboard,
//! corrections, concurrent edits, double submits, the audit log, export and import.

use std::collections::HashMap;

use baza::db::schema::{audit_log, game_hands};
use diesel::prelude::*;
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, assert_accepted, attr, new_client, texts};

pub struct Table {
    pub app: TestApp,
    pub client: reqwest::Client,
    pub game: i32,
}

/// Another game seen through a table's server and browser.
pub struct View<'a> {
    pub app: &'a TestApp,
    pub client: &'a reqwest::Client,
    pub game: i32,
}

impl<'a> View<'a> {
    /// Game `game` as the club's staff see it (`app.client`, signed in).
    pub fn of(app: &'a TestApp, game: i32) -> View<'a> {
        View {
            app,
            client: &app.client,
            game,
        }
    }
}

impl View<'_> {
    pub async fn page(&self) -> scraper::Html {
        let res = self
            .client
            .get(self.app.url(&format!("/partidas/{}", self.game)))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        scraper::Html::parse_document(&res.text().await.unwrap())
    }

    pub async fn hand(&self, fields: &[(&str, &str)]) -> reqwest::Response {
        let version = attr(&self.page().await, ".big-score", "data-version").unwrap();
        let csrf = self.app.csrf_for(self.client).await;
        let mut form: Vec<(String, String)> = vec![
            ("csrf".into(), csrf),
            ("version".into(), version),
            ("submission".into(), format!("v{}", rand_id())),
        ];
        form.extend(
            fields
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
        self.client
            .post(self.app.url(&format!("/partidas/{}/mano", self.game)))
            .form(&form)
            .send()
            .await
            .unwrap()
    }
}

/// A demo club, an organiser logged in, and a new game of `game` for `players`.
pub async fn start(game: &str, players: usize, options: &[(&str, &str)]) -> Table {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("org", "organiser", Some(1)).await;
    let client = new_client();
    app.login(&client, "org", &pw).await;
    let csrf = app.csrf_for(&client).await;
    let names = ["Ana", "Benito", "Carmen", "Dámaso"];
    let mut form: Vec<(String, String)> = vec![
        ("csrf".into(), csrf),
        ("game".into(), game.into()),
        ("players".into(), players.to_string()),
        ("first_dealer".into(), "3".into()),
    ];
    for (i, n) in names.iter().take(players).enumerate() {
        form.push((format!("seat_{i}"), (*n).into()));
    }
    for (k, v) in options {
        form.push((format!("opt.{k}"), (*v).into()));
    }
    let res = client
        .post(app.url("/clubes/1/partidas/nueva"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    let game: i32 = crate::helpers::game_made(&res);
    Table { app, client, game }
}

impl Table {
    pub async fn page(&self) -> scraper::Html {
        let res = self
            .client
            .get(self.app.url(&format!("/partidas/{}", self.game)))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        scraper::Html::parse_document(&res.text().await.unwrap())
    }

    /// The form for a new hand of this game.
    pub async fn hand_form(&self) -> scraper::Html {
        let res = self
            .client
            .get(self.app.url(&format!("/partidas/{}/mano", self.game)))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        scraper::Html::parse_document(&res.text().await.unwrap())
    }

    pub async fn version(&self) -> String {
        attr(&self.page().await, ".big-score", "data-version").unwrap()
    }

    pub async fn totals(&self) -> String {
        texts(&self.page().await, ".big-score")[0].clone()
    }

    /// Posts a hand (fields as typed), returning the response.
    pub async fn hand(&self, fields: &[(&str, &str)]) -> reqwest::Response {
        let version = self.version().await;
        self.hand_at(fields, &version, &format!("s{}", rand_id()))
            .await
    }

    pub async fn hand_at(
        &self,
        fields: &[(&str, &str)],
        version: &str,
        submission: &str,
    ) -> reqwest::Response {
        let csrf = self.app.csrf_for(&self.client).await;
        let mut form: Vec<(String, String)> = vec![
            ("csrf".into(), csrf),
            ("version".into(), version.into()),
            ("submission".into(), submission.into()),
        ];
        form.extend(
            fields
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
        self.client
            .post(self.app.url(&format!("/partidas/{}/mano", self.game)))
            .form(&form)
            .send()
            .await
            .unwrap()
    }

    /// Posts a correction of hand `n` (fields as typed), returning the response.
    pub async fn edit(&self, n: usize, fields: &[(&str, &str)]) -> reqwest::Response {
        let version = self.version().await;
        let mut form = vec![("version", version.as_str())];
        form.extend_from_slice(fields);
        let path = format!("/partidas/{}/manos/{n}", self.game);
        crate::helpers::post_form_as(&self.app, &self.client, &path, &form).await
    }

    pub async fn hands_stored(&self) -> i64 {
        let id = self.game;
        self.app
            .with_conn(move |c| {
                game_hands::table
                    .filter(game_hands::game_id.eq(id))
                    .count()
                    .get_result(c)
                    .unwrap()
            })
            .await
    }
}

fn rand_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(1);
    N.fetch_add(1, Ordering::SeqCst) * 7919 + std::process::id() as u64
}

/// The errors a rejected entry shows, by field.
async fn rejected(res: reqwest::Response) -> HashMap<String, String> {
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let sel = scraper::Selector::parse("ul.errors li").unwrap();
    html.select(&sel)
        .map(|li| {
            (
                li.value().attr("data-field").unwrap_or("").to_owned(),
                li.text().collect::<String>(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_cuatrola_game_is_scored_hand_by_hand_and_won_at_21() {
    let t = start("cuatrola", 4, &[]).await;
    // Solo of seat 0 with the 40 in oros: 70 + 10 + 40 against 50 → 2 to side 0.
    let res = t
        .hand(&[
            ("trump", "o"),
            ("bid", "solo"),
            ("bidder", "0"),
            ("card_points_side0", "70"),
            ("card_points_side1", "30"),
            ("last_trick_side", "0"),
            ("cante_seat_0", "0"),
            ("cante_suit_0", "o"),
        ])
        .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    assert_eq!(t.totals().await, "2 – 0");
    // Three quintolas and a cuatrola for side 0: 2 + 15 + 4 = 21.
    for (bidder, bid, tricks) in [
        ("2", "quintola", "5"),
        ("0", "quintola", "5"),
        ("2", "quintola", "5"),
    ] {
        let res = t
            .hand(&[
                ("trump", "c"),
                ("bid", bid),
                ("bidder", bidder),
                ("soloist_tricks", tricks),
            ])
            .await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "{}",
            res.text().await.unwrap()
        );
    }
    assert_eq!(t.totals().await, "17 – 0");
    // At 17 a quintola would pass 21: the cap refuses it, nothing saved.
    let errors = rejected(
        t.hand(&[
            ("trump", "c"),
            ("bid", "quintola"),
            ("bidder", "0"),
            ("soloist_tricks", "5"),
        ])
        .await,
    )
    .await;
    assert!(!errors.is_empty());
    assert_eq!(t.hands_stored().await, 4);
    let res = t
        .hand(&[
            ("trump", "e"),
            ("bid", "cuatrola"),
            ("bidder", "2"),
            ("soloist_tricks", "4"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = t.page().await;
    assert_eq!(texts(&page, ".big-score")[0], "21 – 0");
    assert_eq!(texts(&page, ".winner"), ["Ganan Ana y Carmen."]);
    // Over: no more hands.
    let res = t
        .hand(&[
            ("trump", "e"),
            ("bid", "pass"),
            ("card_points_side0", "60"),
            ("last_trick_side", "1"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn every_impossible_entry_gets_its_message_and_saves_nothing() {
    let t = start("cuatrola", 4, &[]).await;
    let cases: Vec<(&str, Vec<(&str, &str)>)> = vec![
        (
            "card_points_side0",
            vec![
                ("trump", "o"),
                ("bid", "pass"),
                ("card_points_side0", "1"),
                ("last_trick_side", "0"),
            ],
        ),
        (
            "card_points_side0",
            vec![
                ("trump", "o"),
                ("bid", "pass"),
                ("card_points_side0", "121"),
                ("last_trick_side", "0"),
            ],
        ),
        (
            "card_points_side0",
            vec![
                ("trump", "o"),
                ("bid", "pass"),
                ("card_points_side0", "abc"),
                ("last_trick_side", "0"),
            ],
        ),
        (
            "cantes",
            vec![
                ("trump", "o"),
                ("bid", "pass"),
                ("card_points_side0", "60"),
                ("last_trick_side", "0"),
                ("cante_seat_0", "0"),
                ("cante_suit_0", "c"),
                ("cante_seat_1", "2"),
                ("cante_suit_1", "c"),
            ],
        ),
        (
            "cantes",
            vec![
                ("trump", "o"),
                ("bid", "pass"),
                ("card_points_side0", "120"),
                ("last_trick_side", "0"),
                ("cante_seat_0", "1"),
                ("cante_suit_0", "c"),
            ],
        ),
        (
            "cantes",
            vec![
                ("trump", "o"),
                ("bid", "cuatrola"),
                ("bidder", "0"),
                ("soloist_tricks", "4"),
                ("cante_seat_0", "0"),
                ("cante_suit_0", "c"),
            ],
        ),
        // Pair 1's 10 card points are one trick, the last: nobody sings after it.
        (
            "cantes",
            vec![
                ("trump", "o"),
                ("bid", "pass"),
                ("card_points_side0", "110"),
                ("last_trick_side", "1"),
                ("cante_seat_0", "1"),
                ("cante_suit_0", "c"),
            ],
        ),
        // Pair 0's 30 card points and the last trick leave one trick before the last:
        // one cante per player.
        (
            "cantes",
            vec![
                ("trump", "o"),
                ("bid", "pass"),
                ("card_points_side0", "30"),
                ("last_trick_side", "0"),
                ("cante_seat_0", "0"),
                ("cante_suit_0", "c"),
                ("cante_seat_1", "0"),
                ("cante_suit_1", "e"),
            ],
        ),
        (
            "bidder",
            vec![
                ("trump", "o"),
                ("bid", "solo"),
                ("card_points_side0", "60"),
                ("last_trick_side", "0"),
            ],
        ),
        (
            "soloist_tricks",
            vec![
                ("trump", "o"),
                ("bid", "cuatrola"),
                ("bidder", "0"),
                ("soloist_tricks", "6"),
            ],
        ),
    ];
    for (field, fields) in cases {
        let errors = rejected(t.hand(&fields).await).await;
        assert!(
            errors.keys().any(|k| k.starts_with(field)),
            "{fields:?}: expected an error on {field}, got {errors:?}"
        );
        assert!(errors.values().all(|m| !m.trim().is_empty()));
    }
    assert_eq!(t.hands_stored().await, 0);
    // The form keeps what was typed.
    let res = t
        .hand(&[
            ("trump", "o"),
            ("bid", "pass"),
            ("card_points_side0", "1"),
            ("last_trick_side", "0"),
        ])
        .await;
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        attr(&html, "input[name=card_points_side0]", "value").as_deref(),
        Some("1")
    );
}

#[tokio::test]
async fn two_devices_editing_one_game_one_succeeds_one_is_refused() {
    let t = start("botifarra", 4, &[]).await;
    let version = t.version().await;
    let hand = [
        ("chooser", "3"),
        ("choice", "o"),
        ("doubles", "1"),
        ("points_side0", "45"),
    ];
    let first = t.hand_at(&hand, &version, "device-a").await;
    assert_eq!(first.status(), StatusCode::SEE_OTHER);
    let second = t.hand_at(&hand, &version, "device-b").await;
    assert_eq!(second.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&second.text().await.unwrap());
    assert!(texts(&html, ".alert")[0].contains("Otra persona"));
    // The fresh state is shown: 45 points under contro → (45 − 36) × 2 = 18 to side 0.
    assert_eq!(texts(&html, ".big-score")[0], "18 – 0");
    assert_eq!(t.hands_stored().await, 1);
    // A double-tapped submit (same submission id) saves one hand.
    let v = t.version().await;
    let hand2 = [
        ("chooser", "0"),
        ("choice", "botifarra"),
        ("doubles", "0"),
        ("points_side0", "30"),
    ];
    assert_eq!(
        t.hand_at(&hand2, &v, "tap").await.status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        t.hand_at(&hand2, &v, "tap").await.status(),
        StatusCode::SEE_OTHER
    );
    assert_eq!(t.hands_stored().await, 2);
}

#[tokio::test]
async fn a_correction_recomputes_the_scoreboard_and_every_change_is_audited() {
    let t = start("botifarra", 4, &[]).await;
    // The dealer chooses: seat 3 deals first, then seat 0.
    for (chooser, pts) in [("3", "50"), ("0", "30")] {
        let res = t
            .hand(&[
                ("chooser", chooser),
                ("choice", "c"),
                ("doubles", "0"),
                ("points_side0", pts),
            ])
            .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    // 50 → +14 to side 0; 30 → 42 to side 1 → +6 to side 1.
    assert_eq!(t.totals().await, "14 – 6");
    let csrf = t.app.csrf_for(&t.client).await;
    let version = t.version().await;
    let res = t
        .client
        .post(t.app.url(&format!("/partidas/{}/manos/1", t.game)))
        .form(&[
            ("csrf", csrf.as_str()),
            ("version", &version),
            ("chooser", "3"),
            ("choice", "c"),
            ("doubles", "0"),
            ("points_side0", "60"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(t.totals().await, "24 – 6");
    let version = t.version().await;
    let res = t
        .client
        .post(t.app.url(&format!("/partidas/{}/manos/2/borrar", t.game)))
        .form(&[("csrf", csrf.as_str()), ("version", &version)])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(t.totals().await, "24 – 0");
    let game = t.game;
    let actions: Vec<(String, String)> = t
        .app
        .with_conn(move |c| {
            audit_log::table
                .filter(audit_log::entity.eq_any(["game", "hand"]))
                .filter(audit_log::entity_id.eq(game))
                .select((audit_log::entity, audit_log::action))
                .order(audit_log::id)
                .load(c)
                .unwrap()
        })
        .await;
    let actions: Vec<String> = actions
        .into_iter()
        .map(|(e, a)| format!("{a} {e}"))
        .collect();
    assert_eq!(
        actions,
        [
            "create game",
            "create hand",
            "create hand",
            "update hand",
            "delete hand"
        ]
    );
    let audit = t
        .client
        .get(t.app.url("/clubes/1/auditoria?formato=json"))
        .send()
        .await
        .unwrap();
    assert_eq!(audit.status(), StatusCode::OK);
    let entries: Vec<Value> = audit.json().await.unwrap();
    assert!(
        entries
            .iter()
            .any(|e| e["action"] == "update" && e["before_json"].as_str().unwrap().contains("50"))
    );
}

#[tokio::test]
async fn a_game_exported_and_imported_keeps_its_hands_and_score() {
    let t = start("botifarra", 4, &[]).await;
    for (chooser, pts) in [("3", "50"), ("0", "30"), ("1", "45")] {
        let res = t
            .hand(&[
                ("chooser", chooser),
                ("choice", "e"),
                ("doubles", "0"),
                ("points_side0", pts),
            ])
            .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    let before = t.totals().await;
    let file = t
        .client
        .get(t.app.url(&format!("/partidas/{}/exportar", t.game)))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let v: Value = serde_json::from_str(&file).unwrap();
    assert_eq!(v["format"], "baza-game/1");
    assert_eq!(v["hands"].as_array().unwrap().len(), 3);
    let csrf = t.app.csrf_for(&t.client).await;
    let res = t
        .client
        .post(t.app.url("/clubes/1/partidas/importar"))
        .form(&[("csrf", csrf.as_str()), ("file", file.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let new_id = res.headers()["location"].to_str().unwrap().to_owned();
    let page = t
        .client
        .get(t.app.url(&new_id))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&page);
    assert_eq!(texts(&html, ".big-score")[0], before);
    // A damaged file is refused whole.
    let broken = file.replace("\"points_side0\":45", "\"points_side0\":99");
    let res = t
        .client
        .post(t.app.url("/clubes/1/partidas/importar"))
        .form(&[("csrf", csrf.as_str()), ("file", broken.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_game_pin_lets_a_scorekeeper_without_account_keep_that_game_only() {
    let t = start("cinquillo", 4, &[]).await;
    let pin = texts(&t.page().await, ".game-pin")[0].clone();
    let sk = new_client();
    let page = sk
        .get(t.app.url(&format!("/partidas/{}", t.game)))
        .send()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&page.text().await.unwrap());
    assert!(texts(&html, "a.button").iter().all(|b| b != "Anotar mano"));
    let csrf = t.app.csrf_for(&sk).await;
    let res = sk
        .post(t.app.url(&format!("/partidas/{}/pin", t.game)))
        .form(&[("csrf", csrf.as_str()), ("pin", pin.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let form = sk
        .get(t.app.url(&format!("/partidas/{}/mano", t.game)))
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), StatusCode::OK);
    // Another game of the club stays closed to this scorekeeper, who has no account:
    // it is asked for that game's PIN.
    let other = start_second(&t).await;
    let res = sk
        .get(t.app.url(&format!("/partidas/{other}/mano")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["baza-asks"], "pin");
    assert_eq!(
        res.headers()["location"],
        format!("/partidas/{other}").as_str()
    );
}

async fn start_second(t: &Table) -> i32 {
    let csrf = t.app.csrf_for(&t.client).await;
    let res = t
        .client
        .post(t.app.url("/clubes/1/partidas/nueva"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("game", "tute"),
            ("players", "2"),
            ("first_dealer", "0"),
            ("seat_0", "X"),
            ("seat_1", "Y"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    crate::helpers::game_made(&res)
}

#[tokio::test]
async fn a_new_game_form_refuses_bad_seats_and_options() {
    let t = start("guinote", 4, &[]).await;
    let csrf = t.app.csrf_for(&t.client).await;
    let res = t
        .client
        .post(t.app.url("/clubes/1/partidas/nueva"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("game", "guinote"),
            ("players", "3"),
            ("seat_0", "A"),
            ("seat_1", "B"),
            ("seat_2", "C"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let res = t
        .client
        .post(t.app.url("/clubes/1/partidas/nueva"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("game", "guinote"),
            ("players", "4"),
            ("seat_0", "A"),
            ("seat_1", "A"),
            ("seat_2", "C"),
            ("seat_3", ""),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let fields: Vec<String> = {
        let sel = scraper::Selector::parse("ul.errors li").unwrap();
        html.select(&sel)
            .map(|li| li.value().attr("data-field").unwrap().to_owned())
            .collect()
    };
    assert_eq!(fields, ["seat_1", "seat_3"]);
    // The public cannot start games.
    let res = new_client()
        .get(t.app.url("/clubes/1/partidas/nueva"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_guinote_game_goes_de_vueltas_and_ends_on_a_claim() {
    let t = start("guinote", 4, &[]).await;
    // A claim belongs to the second deal only.
    let errors = rejected(
        t.hand(&[
            ("trump", "e"),
            ("card_points_0", "70"),
            ("card_points_1", "20"),
            ("claim_side", "0"),
            ("claim_after_trick", "3"),
        ])
        .await,
    )
    .await;
    assert!(errors.keys().any(|k| k.starts_with("claim")), "{errors:?}");
    // First deal: 70 + the 10 de últimas against 50: nobody has 101.
    let res = t
        .hand(&[
            ("trump", "e"),
            ("card_points_0", "70"),
            ("last_trick_side", "0"),
        ])
        .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    let page = t.page().await;
    assert_eq!(texts(&page, ".big-score")[0], "80 – 50");
    assert!(
        texts(&page, "p.meta")[0].contains("de vueltas"),
        "{:?}",
        texts(&page, "p.meta")
    );
    // Second deal: after the third trick Ana and Carmen have 30 more and claim: 110.
    let res = t
        .hand(&[
            ("trump", "c"),
            ("card_points_0", "30"),
            ("card_points_1", "20"),
            ("claim_side", "0"),
            ("claim_after_trick", "3"),
        ])
        .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    let page = t.page().await;
    assert_eq!(texts(&page, ".big-score")[0], "110 – 70");
    assert_eq!(texts(&page, ".winner"), ["Ganan Ana y Carmen."]);
}

#[tokio::test]
async fn a_best_of_three_match_of_guinote_is_won_with_two_partidas() {
    let t = start("guinote", 4, &[]).await;
    // A second game of the club, as a best-of-three match.
    let csrf = t.app.csrf_for(&t.client).await;
    let res = t
        .client
        .post(t.app.url("/clubes/1/partidas/nueva"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("game", "guinote"),
            ("players", "4"),
            ("first_dealer", "3"),
            ("best_of", "3"),
            ("seat_0", "Ana"),
            ("seat_1", "Benito"),
            ("seat_2", "Carmen"),
            ("seat_3", "Dámaso"),
        ])
        .send()
        .await
        .unwrap();
    let first = res.headers()["location"].to_str().unwrap().to_owned();
    let mut game = first.clone();
    for partida in 1..=2 {
        let t2 = View {
            app: &t.app,
            client: &t.client,
            game: game.trim_start_matches("/partidas/").parse().unwrap(),
        };
        // 100 card points and the last trick: 110, the partida in the first deal.
        let res = t2
            .hand(&[
                ("trump", "o"),
                ("card_points_0", "100"),
                ("last_trick_side", "0"),
            ])
            .await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "{}",
            res.text().await.unwrap()
        );
        let page = t2.page().await;
        assert_eq!(texts(&page, ".series-score")[0], format!("{partida} – 0"));
        let csrf = t.app.csrf_for(&t.client).await;
        let next = t
            .client
            .post(t.app.url(&format!("{game}/siguiente")))
            .form(&[("csrf", csrf.as_str())])
            .send()
            .await
            .unwrap();
        if partida == 1 {
            assert_eq!(next.status(), StatusCode::SEE_OTHER);
            let new_game = next.headers()["location"].to_str().unwrap().to_owned();
            assert_ne!(new_game, game);
            // A double tap finds the same next game.
            let again = t
                .client
                .post(t.app.url(&format!("{game}/siguiente")))
                .form(&[("csrf", csrf.as_str())])
                .send()
                .await
                .unwrap();
            assert_eq!(again.headers()["location"].to_str().unwrap(), new_game);
            game = new_game;
        } else {
            assert_eq!(next.status(), StatusCode::CONFLICT);
            assert_eq!(
                texts(&page, ".series-winner"),
                ["Ana y Carmen ganan el encuentro."]
            );
        }
    }
}

#[tokio::test]
async fn a_hand_entered_card_by_card_is_ruled_by_the_engine_and_scored() {
    // The first cuatrola example: dealer seat 1, a normal hand won by side 1.
    let example = first_cuatrola_example();
    let t = start_with_dealer("cuatrola", "1").await;
    // The hand form links to the card picker for this game, dealer and version.
    let html = t.hand_form().await;
    let picker = attr(&html, "a.card-picker", "href").unwrap();
    assert!(
        picker.contains("dealer=1") && picker.contains(&format!("partida={}", t.game)),
        "{picker}"
    );
    let res = t.hand(&[("record", &example["record"].to_string())]).await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    assert_eq!(t.totals().await, "0 – 1");
    // Something that is not a hand record is refused on its field; nothing saved.
    let res = t.hand(&[("record", "{\"format\": \"baza-hand/1\"")]).await;
    let errors = rejected(res).await;
    assert!(errors.contains_key("record"), "{errors:?}");
    assert_eq!(t.hands_stored().await, 1);
}

#[tokio::test]
async fn a_quick_hand_corrected_into_a_full_record_and_back_keeps_the_game_readable() {
    let example = first_cuatrola_example();
    let t = start_with_dealer("cuatrola", "1").await;
    let quick = crate::helpers::CUATROLA_SOLO;
    let res = t.hand(&quick).await;
    assert_accepted(res).await;
    let quick_totals = t.totals().await;
    assert_eq!(quick_totals, "2 – 0", "a won solo");
    // The referee replays the hand card by card: the same hand, now a full record.
    let res = t
        .edit(1, &[("record", &example["record"].to_string())])
        .await;
    assert_accepted(res).await;
    assert_eq!(t.totals().await, "0 – 1");
    let export: Value = t
        .client
        .get(t.app.url(&format!("/partidas/{}/exportar", t.game)))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(export["hands"].as_array().unwrap().len(), 1);
    // And back to the quick entry.
    let res = t.edit(1, &quick).await;
    assert_accepted(res).await;
    assert_eq!(t.totals().await, quick_totals);
    assert_eq!(t.hands_stored().await, 1);
}

/// The first cuatrola example of the spec: dealer seat 1, a normal hand won by side 1.
fn first_cuatrola_example() -> Value {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/examples/cuatrola.jsonl"),
    )
    .unwrap();
    serde_json::from_str(text.lines().next().unwrap()).unwrap()
}

async fn start_with_dealer(game: &str, dealer: &str) -> Table {
    let t = start(game, 4, &[]).await;
    let csrf = t.app.csrf_for(&t.client).await;
    let res = t
        .client
        .post(t.app.url("/clubes/1/partidas/nueva"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("game", game),
            ("players", "4"),
            ("first_dealer", dealer),
            ("seat_0", "Ana"),
            ("seat_1", "Benito"),
            ("seat_2", "Carmen"),
            ("seat_3", "Dámaso"),
        ])
        .send()
        .await
        .unwrap();
    let id = crate::helpers::game_made(&res);
    Table {
        app: t.app,
        client: t.client,
        game: id,
    }
}

#[tokio::test]
async fn players_typed_on_the_spot_join_the_club_and_known_ones_are_not_repeated() {
    // `start` seats Ana, Benito, Carmen and Dámaso: new names for the demo club.
    let t = start("cuatrola", 4, &[]).await;
    let club = t
        .client
        .get(t.app.url("/clubes/1"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&club);
    let players = texts(&html, "ul.people-players li.person > strong");
    assert_eq!(players.len(), 16 + 4);
    assert!(players.contains(&"Dámaso".to_owned()));
    // The same four again, and one demo player: nobody is added twice.
    let csrf = t.app.csrf_for(&t.client).await;
    let res = t
        .client
        .post(t.app.url("/clubes/1/partidas/nueva"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("game", "tute"),
            ("players", "2"),
            ("seat_0", "Dámaso"),
            ("seat_1", "Ana Martínez"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let club = t
        .client
        .get(t.app.url("/clubes/1"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&club);
    assert_eq!(
        texts(&html, "ul.people-players li.person > strong").len(),
        20
    );
}
