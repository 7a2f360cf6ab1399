//! A knockout played hand by hand in the championship file: a cuatrola championship
//! of four pairs played hand by hand, one Swiss round, then a knockout of the four
//! whose semi-finals and final are played hand by hand at their tables (the director
//! overriding one semi-final's played result with a typed score). The export
//! carries every knockout table's partidas with their hands (the final's too while it
//! is still being played); the file imports into an empty Baza and exports the same;
//! a file whose knockout games were tampered with is refused in words, by the web and
//! by `baza tournament import`, and nothing is created.

use reqwest::StatusCode;
use serde_json::Value;

use crate::championship::{Slip, game_of, play_game, play_table, post_full_hand, slips};
use crate::file_reads_back::{championships, imported};
use crate::helpers::{ChampionshipForm, TestApp, attr, post_form_as, texts};
use baza::db::championship::store::{self as store, TableRow};
use baza::domain::random::random_cuatrola_hand_of_game;
use baza::domain::status::TableStatus;

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

async fn export_text(app: &TestApp, id: i32) -> String {
    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.text().await.unwrap()
}

/// The stored tables of a knockout phase.
async fn phase_tables(app: &TestApp, id: i32, phase: i32) -> Vec<TableRow> {
    app.with_conn(move |conn| store::phase_tables(conn, id, phase).unwrap())
        .await
}

/// How many hands are stored for game `game`.
async fn stored_hands(app: &TestApp, game: i32) -> usize {
    app.with_conn(move |conn| baza::db::games::game_hands(conn, game).unwrap().len())
        .await
}

/// A cuatrola championship of four pairs played hand by hand, its one Swiss round
/// played, and a knockout of the four drawn from its standings: the championship's
/// id and the knockout's bracket id.
pub(crate) async fn knockout_drawn(app: &TestApp, club: i32) -> (i32, i32) {
    let id = ChampionshipForm::new("Cuatrola de San Andrés")
        .set("starts_on", "2026-11-29")
        .set("tb2", "point_difference")
        .set("tb3", "points_for")
        .create(app, club)
        .await;
    let pairs = [
        "Ana – Berta",
        "Carlos – Dani",
        "Elena – Fermín",
        "Gloria – Hugo",
    ];
    crate::from_scratch::register_and_pair(app, id, &pairs).await;
    for (k, slip) in slips(app, id, "ronda=1").await.iter().enumerate() {
        play_table(app, slip, 30 + k as u64).await;
    }
    (id, crate::from_scratch::best_four_drawn(app, id).await)
}

/// The slip of knockout table `table`.
async fn phase_slip(app: &TestApp, id: i32, bracket: i32, table: u32) -> Slip {
    slips(app, id, &format!("fase={bracket}"))
        .await
        .into_iter()
        .find(|s| s.path.ends_with(&format!("/mesas/{table}")))
        .unwrap_or_else(|| panic!("the slip of knockout table {table}"))
}

/// Enters random legal hands of a cuatrola game from the scorekeeper's phone until
/// it is over, or `at_most` of them.
async fn enter_hands(app: &TestApp, keeper: &reqwest::Client, game: i32, seed: u64, at_most: u64) {
    for n in 0..at_most {
        let file: Value = app
            .get(&format!("/partidas/{game}/exportar"))
            .await
            .json()
            .await
            .unwrap();
        let board = &file["scoreboard"];
        if !board["game_over"].is_null() {
            return;
        }
        let totals: Vec<i64> = board["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap_or(0.0) as i64)
            .collect();
        let dealer = board["next_dealer"].as_u64().unwrap() as u8;
        let record = random_cuatrola_hand_of_game(seed * 1000 + n, dealer, [totals[0], totals[1]]);
        let res = post_full_hand(app, keeper, game, &record.to_value()).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "hand {n} of {game}");
    }
}

/// The knockout tables of an exported file: (table, hands of each partida, typed).
fn phase_tables_of(text: &str) -> Vec<(u64, Vec<usize>, bool)> {
    let doc: Value = serde_json::from_str(text).unwrap();
    doc["brackets"][0]["tables"]
        .as_array()
        .map(|tables| {
            tables
                .iter()
                .map(|t| {
                    let hands = t["games"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|g| g["hands"].as_array().map_or(0, Vec::len))
                        .collect();
                    (t["table"].as_u64().unwrap(), hands, t["typed"] == true)
                })
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn a_knockout_played_hand_by_hand_exports_every_game_and_imports_into_an_empty_baza_to_the_same_file()
 {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Peña El Arrastre", "Valladolid")
        .await;
    let (id, bracket) = knockout_drawn(&app, club).await;

    // The first semi-final is played hand by hand and, before the other pair signs,
    // the director types a score that gives it to the other pair; the second one is
    // played and signed. The final opens and its scorekeeper enters one hand.
    let semi = phase_slip(&app, id, bracket, 1).await;
    let semi_keeper = semi.open(&app, 0).await;
    let semi_game = game_of(&app, &semi_keeper, &semi.path).await;
    let played = play_game(&app, &semi_keeper, semi_game, 41).await;
    let overridden = if played.winner == 0 {
        ["12", "21"]
    } else {
        ["21", "12"]
    };
    let html = app.page(&semi.path, StatusCode::OK).await;
    let version = attr(&html, "p.table-status", "data-version")
        .or_else(|| attr(&html, "form.score-form input[name=version]", "value"))
        .expect("the table's version");
    let res = post(
        &app,
        &semi.path,
        &[
            ("score_a", overridden[0]),
            ("score_b", overridden[1]),
            ("version", &version),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the override is saved");
    let slip = phase_slip(&app, id, bracket, 2).await;
    play_table(&app, &slip, 42).await;
    let final_slip = phase_slip(&app, id, bracket, 3).await;
    let keeper = final_slip.open(&app, 0).await;
    let final_game = game_of(&app, &keeper, &final_slip.path).await;
    enter_hands(&app, &keeper, final_game, 7, 1).await;

    // Exported during the final: both semi-finals with every hand (the overridden
    // one marked typed, its partida a record), and the final's partida as far as it
    // went.
    let rows = phase_tables(&app, id, bracket).await;
    assert_eq!(rows.len(), 3);
    let mut semis = Vec::new();
    for row in rows.iter().filter(|r| r.table_no <= 2) {
        assert_eq!(row.status, TableStatus::Final);
        semis.push(stored_hands(&app, row.game_id.unwrap()).await);
    }
    let during = export_text(&app, id).await;
    assert_eq!(
        phase_tables_of(&during),
        vec![
            (1, vec![semis[0]], true),
            (2, vec![semis[1]], false),
            (3, vec![1], false),
        ]
    );

    // Imported into an empty Baza: the same file, and the final goes on where it was.
    let other = TestApp::spawn().await;
    let other_club = other
        .club_with_organiser("Peña El Arrastre", "Valladolid")
        .await;
    let copy = imported(&other, other_club, &during).await;
    assert_eq!(export_text(&other, copy).await, during);
    let copied_bracket = bracket_of(&other, copy).await;
    let copied = phase_tables(&other, copy, copied_bracket).await;
    assert_eq!(
        copied.iter().map(|r| r.status).collect::<Vec<_>>(),
        [TableStatus::Final, TableStatus::Final, TableStatus::Playing]
    );
    assert!(
        copied[2].physical.is_some(),
        "the final has a table of the hall"
    );
    let copied_final = copied[2].game_id.expect("the final's partida");
    assert_eq!(stored_hands(&other, copied_final).await, 1);
    let slip = phase_slip(&other, copy, copied_bracket, 3).await;
    let other_keeper = slip.open(&other, 0).await;
    assert_eq!(
        game_of(&other, &other_keeper, &slip.path).await,
        copied_final
    );
    enter_hands(&other, &other_keeper, copied_final, 8, 1).await;
    assert_eq!(stored_hands(&other, copied_final).await, 2);

    // The final played to its end and signed: the file carries all three tables.
    enter_hands(&app, &keeper, final_game, 7, 200).await;
    let html = app.page_as(&keeper, &final_slip.path).await;
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &keeper,
        &format!("{}/firma", final_slip.path),
        &[("version", &version), ("pin", &final_slip.pins[1])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the final is signed");
    let final_hands = stored_hands(&app, final_game).await;
    assert!(final_hands > 1);
    let text = export_text(&app, id).await;
    let doc: Value = serde_json::from_str(&text).unwrap();
    let b = &doc["brackets"][0]["bracket"];
    assert!(
        b["matches"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| !m["result"].is_null()),
        "every match has its result: {b}"
    );
    assert_eq!(
        phase_tables_of(&text),
        vec![
            (1, vec![semis[0]], true),
            (2, vec![semis[1]], false),
            (3, vec![final_hands], false),
        ]
    );
    let champion = texts(
        &app.page(&format!("/campeonatos/{id}"), StatusCode::OK)
            .await,
        ".final-ranking tbody td.finalist strong",
    );

    // Into an empty Baza again: the same file, the same champion.
    let third = TestApp::spawn().await;
    let third_club = third
        .club_with_organiser("Peña El Arrastre", "Valladolid")
        .await;
    let copy = imported(&third, third_club, &text).await;
    assert_eq!(export_text(&third, copy).await, text);
    let copied_champion = texts(
        &third
            .page(&format!("/campeonatos/{copy}"), StatusCode::OK)
            .await,
        ".final-ranking tbody td.finalist strong",
    );
    assert!(!champion.is_empty());
    assert_eq!(copied_champion, champion);

    // Tampered: the final's partida loses its last hand, so it no longer gives the
    // bracket's result. Refused in words on the web and by the command line, and
    // nothing is created.
    let mut tampered: Value = serde_json::from_str(&text).unwrap();
    let hands = tampered["brackets"][0]["tables"][2]["games"][0]["hands"]
        .as_array_mut()
        .unwrap();
    hands.pop();
    let tampered = tampered.to_string();
    let before = championships(&third).await;
    let res = post(
        &third,
        &format!("/clubes/{third_club}/campeonatos/importar"),
        &[("text", tampered.as_str())],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, ".alert").join(" ");
    assert!(
        alert.contains("(Fase final, partido 3)")
            && alert.contains("sus partidas no acaban el enfrentamiento"),
        "{alert}"
    );
    assert!(!alert.contains("brackets[0]"), "no field names: {alert}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("campeonato.json");
    std::fs::write(&path, &tampered).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .args(["tournament", "import", &path.to_string_lossy()])
        .args(["--club", &third_club.to_string(), "--db", &third.db.url])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("Fase final, partido 3: sus partidas no acaban el enfrentamiento"),
        "{said}"
    );
    assert!(!said.contains("brackets[0]"), "no field names: {said}");
    assert_eq!(championships(&third).await, before, "nothing was created");
}

/// The bracket of a championship's knockout, from its page.
pub(crate) async fn bracket_of(app: &TestApp, id: i32) -> i32 {
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    crate::from_scratch::bracket_id_of(&attr(&page, "a.phase-bracket", "href").unwrap())
}

#[tokio::test]
async fn a_knockout_table_waiting_for_its_firma_at_export_is_proposed_again_on_import() {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Peña El Arrastre", "Valladolid")
        .await;
    let (id, bracket) = knockout_drawn(&app, club).await;
    // The first semi-final is played to its end: its result waits for the firma.
    let semi = phase_slip(&app, id, bracket, 1).await;
    let keeper = semi.open(&app, 0).await;
    let game = game_of(&app, &keeper, &semi.path).await;
    let played = play_game(&app, &keeper, game, 41).await;
    let rows = phase_tables(&app, id, bracket).await;
    assert_eq!(rows[0].status, TableStatus::Proposed);
    let text = export_text(&app, id).await;

    let other = TestApp::spawn().await;
    let other_club = other
        .club_with_organiser("Peña El Arrastre", "Valladolid")
        .await;
    let copy = imported(&other, other_club, &text).await;
    let copied_bracket = bracket_of(&other, copy).await;
    let copied = phase_tables(&other, copy, copied_bracket).await;
    assert_eq!(
        copied[0].status,
        TableStatus::Proposed,
        "not left playing a finished partida"
    );
    let winner = if played.winner == 0 { "a" } else { "b" };
    assert_eq!(copied[0].proposed_winner.as_deref(), Some(winner));
    // The other pair signs it on the copy: the bracket has its result.
    let slip = phase_slip(&other, copy, copied_bracket, 1).await;
    let signer = slip.open(&other, 1).await;
    let html = scraper::Html::parse_document(
        &signer
            .get(other.url(&slip.path))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
    );
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &other,
        &signer,
        &format!("{}/firma", slip.path),
        &[("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let copied = phase_tables(&other, copy, copied_bracket).await;
    assert_eq!(copied[0].status, TableStatus::Final);
}

/// A knockout table's result that the bracket itself refuses (its match already has
/// a result the table does not know, as when the other pair's firma lands while the
/// director types the score) is said in the director's language at the phase and
/// the match, as the rest of the championship's refusals are: no English on the
/// Spanish page, and nothing changes.
#[tokio::test]
async fn a_knockout_result_the_bracket_refuses_is_said_at_the_phase_and_match_in_the_directors_language()
 {
    use baza::db::brackets::{find_bracket, update_document};
    use baza::domain::bracket::{Bracket, MatchId};
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Brisca", "Palencia").await;
    let (id, bracket) = knockout_drawn(&app, club).await;
    let semi = phase_slip(&app, id, bracket, 1).await;
    app.with_conn(move |conn| {
        let row = find_bracket(conn, bracket).unwrap().unwrap();
        let mut b: Bracket = serde_json::from_str(&row.document).unwrap();
        b.record_score(MatchId(0), [21, 12]).unwrap();
        let document = serde_json::to_string(&b).unwrap();
        let now = chrono::Utc::now().naive_utc();
        assert!(update_document(conn, bracket, row.version, &document, now).unwrap());
    })
    .await;
    let html = app.page(&semi.path, StatusCode::OK).await;
    let version = attr(&html, "p.table-status", "data-version")
        .or_else(|| attr(&html, "form.score-form input[name=version]", "value"))
        .expect("the table's version");
    for (lang, said, not) in [
        (
            "es",
            "Fase final, partido 1: ya tiene resultado; hay que corregirlo",
            ["match", "already", "correct it"],
        ),
        (
            "en",
            "Fase final, match 1: it already has a result; correct it instead",
            ["partido", "ya tiene", "#0"],
        ),
    ] {
        let csrf = app.csrf_for(&app.client).await;
        let res = app
            .client
            .post(app.url(&semi.path))
            .header("Accept-Language", lang)
            .form(&[
                ("csrf", csrf.as_str()),
                ("score_a", "12"),
                ("score_b", "21"),
                ("version", version.as_str()),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{lang}");
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let detail = texts(&html, ".error-detail").join(" ");
        assert_eq!(detail, said, "{lang}");
        let page = texts(&html, "main").join(" ");
        for word in not {
            assert!(!page.contains(word), "{lang}: «{word}» in {page}");
        }
    }
    let rows = phase_tables(&app, id, bracket).await;
    let first = rows.iter().find(|r| r.table_no == 1).unwrap();
    assert_ne!(first.status, TableStatus::Final, "the table is as it was");
}
