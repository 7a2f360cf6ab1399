//! Guiñote, tute and cinquillo as a club plays them: a guiñote league whose table is
//! decided by a renuncio, the words of the hand form in each game, and the club's
//! guiñote games started as the coto Part A plays (best of three).

use reqwest::StatusCode;

use crate::championship::{Slip, slips};
use crate::helpers::{ChampionshipForm, TestApp, attr, post_form_as, texts};

/// A guiñote league of two pairs, its first round published, played hand by hand:
/// its id and its table's slip.
async fn guinote_table(app: &TestApp) -> (i32, Slip) {
    let club = app.club_with_organiser("Peña El Guiñote", "Zaragoza").await;
    let id = ChampionshipForm::new("Liga de guiñote")
        .set("game", "guinote")
        .set("system", "round_robin")
        .create_with_pairs(app, club, "Pareja", 2)
        .await;
    for (path, fields) in [
        (format!("/campeonatos/{id}/rondas"), vec![("tables", "")]),
        (format!("/campeonatos/{id}/rondas/1/publicar"), vec![]),
    ] {
        let res = post_form_as(app, &app.client, &path, &fields).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
    }
    let slip = slips(app, id, "ronda=1").await.remove(0);
    (id, slip)
}

#[tokio::test]
async fn a_guinote_table_lost_by_renuncio_is_signed_and_counts_in_the_standings() {
    let app = TestApp::spawn().await;
    let (id, slip) = guinote_table(&app).await;
    let table = slip.path.clone();
    // Pair a opens the table with its PIN and enters the first deal: a renuncio by a
    // player of pair b, who loses the partida (Part A 3) at 0–0.
    let keeper = slip.open(&app, 0).await;
    let html = app.page_as(&keeper, &table).await;
    let game = attr(&html, "a.play-game", "href").unwrap();
    let html = app.page_as(&keeper, &game).await;
    let version = attr(&html, ".big-score", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &keeper,
        &format!("{game}/mano"),
        &[
            ("version", &version),
            ("submission", "renuncio"),
            ("trump", "e"),
            ("card_points_0", "60"),
            ("card_points_1", "60"),
            ("last_trick_side", "1"),
            ("revoke_by", "1"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // Pair b signs the result on its own phone.
    let other = slip.open(&app, 1).await;
    let html = app.page_as(&other, &table).await;
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &other,
        &format!("{table}/firma"),
        &[("version", &version)],
    )
    .await;
    let status = res.status();
    let body = res.text().await.unwrap();
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    // The standings count the win of pair a: 2 points, the loser none.
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let rows = texts(&html, ".standings tbody tr");
    assert!(rows[0].contains("Pareja 1"), "{rows:?}");
    assert!(rows[0].contains("1-0-0"), "{rows:?}");
    assert!(rows[1].contains("0-0-1"), "{rows:?}");
}

/// The label of the hand form's choice between a tute of reyes and the other one.
fn tute_kind_label(labels: &[String]) -> &str {
    labels
        .iter()
        .find(|l| l.starts_with("Tute de reyes"))
        .map_or("", String::as_str)
}

#[tokio::test]
async fn the_hand_form_names_the_tute_of_sotas_in_guinote_and_of_caballos_in_tute() {
    let t = crate::club::start("guinote", 4, &[]).await;
    let html = t.page().await;
    let labels = texts(&html, "form.hand-form label");
    let label = tute_kind_label(&labels);
    assert!(label.starts_with("Tute de reyes o de sotas"), "{label}");
    let kinds = texts(&html, "select[name=tute_kind] option");
    assert_eq!(kinds, ["reyes", "sotas"]);
    let t = crate::club::start("tute", 4, &[]).await;
    let html = t.page().await;
    let labels = texts(&html, "form.hand-form label");
    let label = tute_kind_label(&labels);
    assert!(label.starts_with("Tute de reyes o de caballos"), "{label}");
    assert!(!label.contains("sotas"), "{label}");
    let kinds = texts(&html, "select[name=tute_kind] option");
    assert_eq!(kinds, ["reyes", "caballos"]);
}

#[tokio::test]
async fn a_new_guinote_game_is_a_coto_at_the_best_of_three_and_a_tute_game_a_single_partida() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Guiñote", "Zaragoza").await;
    let chosen =
        |html: &scraper::Html| attr(html, "select[name=best_of] option[selected]", "value");
    let html = app
        .page(
            &format!("/clubes/{club}/partidas/nueva?juego=guinote"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(chosen(&html).as_deref(), Some("3"));
    let html = app
        .page(
            &format!("/clubes/{club}/partidas/nueva?juego=tute"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(chosen(&html).as_deref(), Some("1"));
}

#[tokio::test]
async fn a_finished_league_names_its_champion_on_its_page_and_its_print() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Guiñote", "Zaragoza").await;
    let id = ChampionshipForm::new("Liga de guiñote")
        .set("game", "guinote")
        .set("system", "round_robin")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 2)
        .await;
    crate::helpers::draw_round_one(&app, id, true).await;
    let champion = |html: &scraper::Html| texts(html, "p.champion");
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    assert!(
        champion(&html).is_empty(),
        "no champion while a result is missing"
    );
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/rondas/1/mesas/1"),
        &[("version", "0"), ("score_a", "40"), ("score_b", "112")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    for path in [
        format!("/campeonatos/{id}"),
        format!("/campeonatos/{id}/imprimir/clasificacion"),
    ] {
        let html = app.page(&path, StatusCode::OK).await;
        assert_eq!(champion(&html), ["Campeón: Pareja 2"], "{path}");
    }
}

#[tokio::test]
async fn the_director_types_a_guinote_partida_won_by_renuncio_at_0_0_naming_its_winner() {
    let app = TestApp::spawn().await;
    let (id, Slip { path: table, .. }) = guinote_table(&app).await;
    let html = app.page(&table, StatusCode::OK).await;
    let labels = texts(&html, "label");
    assert!(
        labels
            .iter()
            .any(|l| l.starts_with("Ganador (") && l.contains("renuncio")),
        "{labels:?}"
    );
    let res = post_form_as(
        &app,
        &app.client,
        &table,
        &[
            ("version", "0"),
            ("score_a", "0"),
            ("score_b", "0"),
            ("winner", "b"),
        ],
    )
    .await;
    let status = res.status();
    assert_eq!(
        status,
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let rows = texts(&html, ".standings tbody tr");
    assert!(
        rows[0].contains("Pareja 2") && rows[0].contains("1-0-0"),
        "{rows:?}"
    );
}

#[tokio::test]
async fn in_a_browser_the_new_championship_form_follows_the_game_and_the_system_chosen() {
    let Some(browser) = crate::browser::Browser::start("form_follows_game_and_system").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Guiñote", "Zaragoza").await;
    browser.as_organiser(&app, "liga", club).await;
    browser
        .goto(&app.url(&format!("/clubes/{club}/campeonatos/nuevo")))
        .await;
    let tiebreaks = "return Array.from(document.querySelectorAll(\"select[name^='tb']\")).map(s => s.value).join(' ')";
    let entry = "return document.querySelector(\"input[name='entry']:checked\").value + (document.querySelector(\"input[name='entry'][value='hands']\").disabled ? ' only' : '')";
    let swiss = "points buchholz median_buchholz point_difference points_for lot";
    assert_eq!(browser.eval(tiebreaks).await, swiss);
    // A league starts from a league's tie-breaks, and the Swiss gets its own back.
    browser.choose("system", "round_robin_double").await;
    assert_eq!(
        browser.eval(tiebreaks).await,
        "points head_to_head point_difference points_for lot "
    );
    browser.choose("system", "swiss").await;
    assert_eq!(browser.eval(tiebreaks).await, swiss);
    // Botifarra ranks by the score alone, its Swiss and its league, and another game
    // gets its own back; the hidden field says whose they are.
    let noted = "return document.querySelector(\"input[name='tb_defaults']\").value";
    let score = "points point_difference points_for lot  ";
    browser.choose("game", "botifarra").await;
    assert_eq!(browser.eval(tiebreaks).await, score);
    browser.choose("system", "round_robin").await;
    assert_eq!(browser.eval(tiebreaks).await, score);
    assert_eq!(browser.eval(noted).await, "botifarra league");
    browser.choose("game", "guinote").await;
    assert_eq!(
        browser.eval(tiebreaks).await,
        "points head_to_head point_difference points_for lot "
    );
    browser.choose("system", "swiss").await;
    assert_eq!(browser.eval(tiebreaks).await, swiss);
    assert_eq!(browser.eval(noted).await, "guinote swiss");
    // Tie-breaks the organiser chose stay.
    browser.choose("tb2", "sonneborn_berger").await;
    browser.choose("system", "round_robin").await;
    assert!(
        browser
            .eval(tiebreaks)
            .await
            .as_str()
            .unwrap()
            .starts_with("points sonneborn_berger")
    );
    // Cinquillo has no table of two sides: only its results are typed.
    assert_eq!(browser.eval(entry).await, "hands");
    browser.choose("game", "cinquillo").await;
    assert_eq!(browser.eval(entry).await, "result only");
    browser.choose("game", "guinote").await;
    assert_eq!(browser.eval(entry).await, "hands");
    browser.choose("game", "cinquillo").await;
    browser.fill("input[name=name]", "Liga de cinquillo").await;
    browser
        .submit("form[action$='/campeonatos/nuevo'] button[type=submit]")
        .await;
    assert!(browser.path().await.ends_with("/direccion"), "created");
}

#[tokio::test]
async fn in_a_browser_a_tute_for_three_offers_three_seats_and_three_first_dealers() {
    let Some(browser) = crate::browser::Browser::start("tute_for_three_seats").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Guiñote", "Zaragoza").await;
    browser.as_organiser(&app, "mesa", club).await;
    browser
        .goto(&app.url(&format!("/clubes/{club}/partidas/nueva?juego=tute")))
        .await;
    let shown = "return [0, 1, 2, 3].map(i => !document.querySelector(`input[name=seat_${i}]`).closest('label').hidden).concat([0, 1, 2, 3].map(i => !document.querySelector(`select[name=first_dealer] option[value='${i}']`).hidden)).join(' ')";
    let all = "true true true true true true true true";
    assert_eq!(browser.eval(shown).await, all);
    browser.choose("players", "3").await;
    assert_eq!(
        browser.eval(shown).await,
        "true true true false true true true false"
    );
    browser.choose("players", "2").await;
    assert_eq!(
        browser.eval(shown).await,
        "true true false false true true false false"
    );
    browser.choose("players", "4").await;
    assert_eq!(browser.eval(shown).await, all);
}

#[tokio::test]
async fn a_cinquillo_hand_with_a_word_for_a_number_says_which_box_and_keeps_the_rest() {
    let t = crate::club::start("cinquillo", 4, &[]).await;
    let res = t
        .hand(&[
            ("out", "1"),
            ("cards_left_0", "3"),
            ("cards_left_1", "0"),
            ("cards_left_2", "dos"),
            ("cards_left_3", "5"),
        ])
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        attr(&html, "input[name=cards_left_2]", "aria-invalid").as_deref(),
        Some("true")
    );
    assert_eq!(
        attr(&html, "input[name=cards_left_0]", "aria-invalid"),
        None
    );
    let said = texts(&html, "label:has(> input[name=cards_left_2]) .field-error");
    assert_eq!(said, ["Debe ser un número entero."]);
    assert_eq!(
        attr(&html, "input[name=cards_left_2]", "value").as_deref(),
        Some("dos")
    );
    assert_eq!(
        attr(&html, "input[name=cards_left_3]", "value").as_deref(),
        Some("5")
    );
}

#[tokio::test]
async fn a_table_won_by_renuncio_at_0_0_names_its_winner_wherever_its_score_is_shown() {
    let app = TestApp::spawn().await;
    let (id, Slip { path: table, .. }) = guinote_table(&app).await;
    let res = post_form_as(
        &app,
        &app.client,
        &table,
        &[
            ("version", "0"),
            ("score_a", "0"),
            ("score_b", "0"),
            ("winner", "b"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (a, b) = ("Pareja 1", "Pareja 2");
    let html = app.page(&table, StatusCode::OK).await;
    assert_eq!(texts(&html, ".big-score"), [format!("0 – 0 · gana {b}")]);
    for path in [
        format!("/campeonatos/{id}"),
        format!("/campeonatos/{id}/imprimir/emparejamientos?ronda=1"),
    ] {
        let html = app.page(&path, StatusCode::OK).await;
        assert_eq!(
            texts(&html, "table.pairings td.result"),
            [format!("0 – 0 · gana {b}")],
            "{path}"
        );
    }
    // The crosstable says it from each row's side: the winner's and the loser's.
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let rows = texts(&html, "table.crosstable tbody tr");
    assert!(
        rows.iter()
            .any(|r| r.contains(b) && r.contains("0–0 (ganada)")),
        "{rows:?}"
    );
    assert!(
        rows.iter()
            .any(|r| r.contains(a) && r.contains("0–0 (perdida)")),
        "{rows:?}"
    );
    // In Catalan and in English too, and in the crosstable's spreadsheet.
    for (lang, result, won) in [
        ("ca", format!("0 – 0 · guanya {b}"), "0–0 (guanyada)"),
        ("en", format!("0 – 0 · {b} wins"), "0–0 (won)"),
    ] {
        let res = app.get_with_lang(&format!("/campeonatos/{id}"), lang).await;
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        assert_eq!(texts(&html, "table.pairings td.result"), [result], "{lang}");
        let rows = texts(&html, "table.crosstable tbody tr");
        assert!(rows.iter().any(|r| r.contains(won)), "{lang}: {rows:?}");
    }
    let csv = app
        .get_with_lang(&format!("/campeonatos/{id}/cruces.csv"), "es")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        csv.contains("0–0 (ganada)") && csv.contains("0–0 (perdida)"),
        "{csv}"
    );
}
