//! A big botifarra open of the Catalan kind, as its director runs it: pairs pasted
//! from a spreadsheet, tables printed, the tables' phones.

use reqwest::StatusCode;

use crate::helpers::{ChampionshipForm, TestApp, draw_round_one, post_form_as, texts};

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// A botifarra Swiss of the form's defaults made by the club's organiser (signed in
/// on `app.client`), with the pairs of `pasted` (cells pasted from a spreadsheet):
/// its id.
async fn open_with(app: &TestApp, pasted: &str) -> i32 {
    let club = app
        .club_with_organiser("Penya Botifarrera", "Lloret de Mar")
        .await;
    let id = ChampionshipForm::new("Open de Lloret")
        .set("game", "botifarra")
        .set("rounds", "5")
        .create(app, club)
        .await;
    let res = post(
        app,
        &format!("/campeonatos/{id}/inscritos/importar"),
        &[("csv", pasted)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    id
}

#[tokio::test]
async fn two_players_of_one_surname_at_a_table_are_seated_by_their_whole_names() {
    let app = TestApp::spawn().await;
    let pasted = "nom\tjugador 1\tjugador 2\n\
                  Roca – Garriga\tMarc Roca\tQuim Garriga\n\
                  Roca – Serra\tRoser Roca\tPere Serra\n";
    let id = open_with(&app, pasted).await;
    let res = post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    let slips = app
        .page(&format!("/campeonatos/{id}/imprimir/actas"), StatusCode::OK)
        .await;
    let mut seats = texts(&slips, ".slip-seat");
    assert_eq!(seats.len(), 4, "{seats:?}");
    for name in ["Marc Roca", "Roser Roca", "Quim Garriga", "Pere Serra"] {
        assert!(seats.iter().any(|s| s.ends_with(name)), "{name}: {seats:?}");
    }
    seats.sort();
    seats.dedup();
    assert_eq!(seats.len(), 4, "two seats read the same: {seats:?}");
    let dealer = texts(&slips, ".slip-dealer").remove(0);
    assert!(
        ["Marc Roca", "Roser Roca", "Quim Garriga", "Pere Serra"]
            .iter()
            .any(|n| dealer.ends_with(n)),
        "{dealer}"
    );
}

#[tokio::test]
async fn pairs_whose_surnames_all_differ_keep_their_short_seat_names() {
    let app = TestApp::spawn().await;
    let pasted = "nom\tjugador 1\tjugador 2\n\
                  Puig – Garriga\tMarc Puig\tQuim Garriga\n\
                  Roca – Serra\tRoser Roca\tPere Serra\n";
    let id = open_with(&app, pasted).await;
    draw_round_one(&app, id, false).await;
    let slips = app
        .page(&format!("/campeonatos/{id}/imprimir/actas"), StatusCode::OK)
        .await;
    let mut seats: Vec<String> = texts(&slips, ".slip-seat")
        .into_iter()
        .map(|s| s.rsplit(": ").next().unwrap_or_default().to_owned())
        .collect();
    seats.sort();
    assert_eq!(seats, ["Garriga", "Puig", "Roca", "Serra"]);
}

/// Three pairs entered, the first two checked in: the championship and its director's
/// page.
async fn two_of_three_checked_in(app: &TestApp) -> (i32, String) {
    let pasted = "nom\nPuig – Garriga\nRoca – Serra\nVila – Bosch\n";
    let id = open_with(app, pasted).await;
    let director = format!("/campeonatos/{id}/direccion");
    let html = app.get(&director).await.text().await.unwrap();
    let check_ins: Vec<String> = html
        .split(&format!("/campeonatos/{id}/inscritos/"))
        .skip(1)
        .filter_map(|rest| rest.split_once("/presente").map(|(eid, _)| eid.to_owned()))
        .filter(|eid| !eid.is_empty() && eid.chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(check_ins.len(), 3, "{check_ins:?}");
    for eid in &check_ins[..2] {
        let path = format!("/campeonatos/{id}/inscritos/{eid}/presente");
        let res = post(app, &path, &[]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    (id, director)
}

#[tokio::test]
async fn before_round_one_the_director_reads_how_many_are_paired_and_how_many_stay_out() {
    let app = TestApp::spawn().await;
    let (id, director) = two_of_three_checked_in(&app).await;

    let res = app.get_with_lang(&director, "ca").await;
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, ".check-in-note"),
        [
            "Ronda 1: s'aparellaran els inscrits marcats presents (2); els no marcats (1) quedaran fora com a no presentats."
        ]
    );
    draw_round_one(&app, id, false).await;
    let res = app.get_with_lang(&director, "ca").await;
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(texts(&html, ".check-in-note").is_empty());
}

#[tokio::test]
async fn a_pair_that_did_not_show_up_for_round_one_is_not_said_to_have_withdrawn_after_round_zero()
{
    let app = TestApp::spawn().await;
    let (id, director) = two_of_three_checked_in(&app).await;
    draw_round_one(&app, id, false).await;

    for (lang, absent) in [
        ("ca", "No es va presentar a la ronda 1"),
        ("es", "No se presentó a la ronda 1"),
        ("en", "Did not show up for round 1"),
    ] {
        let res = app.get_with_lang(&director, lang).await;
        assert_eq!(res.status(), StatusCode::OK);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let states = texts(&html, "#inscritos td");
        assert!(states.iter().any(|s| s == absent), "{lang}: {states:?}");
        assert!(
            !states.iter().any(|s| s.contains(" 0")),
            "{lang}: a round 0 is shown: {states:?}"
        );
    }
}

/// The hall table a round's table page says its match plays at ("Taula física 3").
async fn hall_table_of(app: &TestApp, id: i32, table: u32) -> String {
    let res = app
        .get_with_lang(&format!("/campeonatos/{id}/rondas/1/mesas/{table}"), "ca")
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    texts(&html, "p.meta").remove(0)
}

#[tokio::test]
async fn the_director_moves_a_match_whose_table_broke_to_a_free_hall_table() {
    let app = TestApp::spawn().await;
    let pasted =
        "nom\nPuig – Garriga\nRoca – Serra\nVila – Bosch\nMas – Font\nPrat – Coll\nSala – Roig\n";
    let id = open_with(&app, pasted).await;
    // Two hall tables for three matches: the third waits.
    post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "2")],
    )
    .await;
    assert!(hall_table_of(&app, id, 1).await.ends_with("Taula física 1"));
    let table_1 = format!("/campeonatos/{id}/rondas/1/mesas/1");

    // Table 2 still plays: the match of table 1 cannot go there; what was typed stays.
    for (typed, status, says) in [
        (
            "2",
            StatusCode::CONFLICT,
            "A la taula física 2 encara s'hi juga",
        ),
        (
            "la del fons",
            StatusCode::UNPROCESSABLE_ENTITY,
            "Escriu el número de la taula física",
        ),
    ] {
        let res = app
            .client
            .post(app.url(&format!("{table_1}/mover")))
            .header("Accept-Language", "ca")
            .form(&[
                ("csrf", app.csrf().await.as_str()),
                ("version", "0"),
                ("physical", typed),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), status, "{typed}");
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let alert = texts(&html, "[role=alert]").join(" ");
        assert!(alert.contains(says), "{typed}: {alert}");
        assert_eq!(
            crate::helpers::attr(&html, "form.move-form input[name=physical]", "value").as_deref(),
            Some(typed)
        );
    }
    assert!(hall_table_of(&app, id, 1).await.ends_with("Taula física 1"));

    // Hall table 5 is free: the match goes there, and the audit says who moved it.
    let res = post(
        &app,
        &format!("{table_1}/mover"),
        &[("version", "0"), ("physical", "5")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(hall_table_of(&app, id, 1).await.ends_with("Taula física 5"));
    // The broken table is not given to the match that waits.
    assert!(hall_table_of(&app, id, 3).await.ends_with("En espera"));
    let res = app
        .get_with_lang(&format!("/campeonatos/{id}/auditoria"), "ca")
        .await;
    let audit = res.text().await.unwrap();
    assert!(
        audit.contains("a la taula física 5"),
        "{}",
        &audit[..audit.len().min(3000)]
    );
}

/// A Swiss of typed results of `pairs` pairs ("Parella 1" to "Parella n") made by the
/// club's organiser, its round 1 paired, every table's result typed (21–10) and the
/// round published: its id.
async fn round_one_typed(app: &TestApp, pairs: u32) -> i32 {
    let club = app
        .club_with_organiser("Penya Botifarrera", "Lloret de Mar")
        .await;
    let id = ChampionshipForm::new("Open de Lloret")
        .set("entry", "result")
        .create_with_pairs(app, club, "Parella", pairs)
        .await;
    post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", "")]).await;
    for table in 1..=pairs / 2 {
        let res = post(
            app,
            &format!("/campeonatos/{id}/rondas/1/mesas/{table}"),
            &[
                ("version", "0"),
                ("score_a", "21"),
                ("score_b", "10"),
                ("forfeit", ""),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "table {table}");
    }
    post(app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    id
}

#[tokio::test]
async fn a_knockout_of_sixteen_opens_with_its_round_of_sixteen_named_so() {
    let app = TestApp::spawn().await;
    let id = round_one_typed(&app, 16).await;
    let res = post(
        &app,
        &format!("/campeonatos/{id}/fases"),
        &[
            ("name", "Fase final"),
            ("qualify", "top"),
            ("n", "16"),
            ("shape", "single"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    for (lang, first, eighth) in [
        (
            "ca",
            "Vuitens de final, partida 1",
            "Vuitens de final, partida 8",
        ),
        (
            "es",
            "Octavos de final, partido 1",
            "Octavos de final, partido 8",
        ),
        ("en", "Round of 16, match 1", "Round of 16, match 8"),
    ] {
        let res = app
            .get_with_lang(&format!("/campeonatos/{id}/direccion"), lang)
            .await;
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let stages = texts(&html, "#fases td.stage");
        assert_eq!(stages.len(), 8, "{lang}: {stages:?}");
        assert_eq!(stages[0], first, "{lang}");
        assert_eq!(stages[7], eighth, "{lang}");
    }
}

#[tokio::test]
async fn a_botifarra_club_s_new_championship_ranks_by_wins_then_difference_then_points_for() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    let res = app
        .client
        .post(app.url("/primeros-pasos"))
        .header("Accept-Language", "ca")
        .form(&[
            ("csrf", csrf.as_str()),
            ("username", "directora"),
            ("password", "botifarra2026"),
            ("confirm", "botifarra2026"),
            ("club", "Penya Botifarrera de Lloret"),
            ("town", "Lloret de Mar"),
            ("game", "botifarra"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let club = res.headers()["location"].to_str().unwrap().to_owned();
    let form = app
        .page(&format!("{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    let chosen: Vec<String> = (1..=6)
        .map(|k| {
            crate::helpers::attr(
                &form,
                &format!("select[name=tb{k}] option[selected]"),
                "value",
            )
            .unwrap_or_default()
        })
        .collect();
    assert_eq!(
        chosen,
        ["points", "point_difference", "points_for", "lot", "", ""]
    );
}

#[tokio::test]
async fn a_knockout_slip_asks_the_losing_pair_to_sign_without_speaking_of_a_draw() {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya Botifarrera", "Lloret de Mar")
        .await;
    // Lloret's timed matches, where a draw stands in the Swiss.
    let id = ChampionshipForm::new("Open de Lloret")
        .set("game", "botifarra")
        .set("match_format", "timed")
        .set("target", "101")
        .set("partidas", "3")
        .set("max_hands", "12")
        .set("minutes", "55")
        .set("cap", "121")
        .set("draws", "stand")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Parella", 4)
        .await;
    draw_round_one(&app, id, false).await;
    let swiss_slips = app
        .get_with_lang(&format!("/campeonatos/{id}/imprimir/actas"), "ca")
        .await;
    let html = scraper::Html::parse_document(&swiss_slips.text().await.unwrap());
    let signs = texts(&html, ".sign-line");
    assert!(signs[0].contains("si hi ha empat"), "{signs:?}");
    for table in 1..=2 {
        let res = post(
            &app,
            &format!("/campeonatos/{id}/rondas/1/mesas/{table}"),
            &[
                ("version", "0"),
                ("score_a", "101"),
                ("score_b", "50"),
                ("forfeit", ""),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "table {table}");
    }
    post(&app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    let bracket = crate::from_scratch::best_four_drawn(&app, id).await;

    let res = app
        .get_with_lang(
            &format!("/campeonatos/{id}/imprimir/actas?fase={bracket}"),
            "ca",
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let signs = texts(&html, ".sign-line");
    assert_eq!(signs.len(), 2, "{signs:?}");
    for s in &signs {
        assert!(s.starts_with("Signatura de la parella perdedora:"), "{s}");
        assert!(!s.contains("empat"), "{s}");
    }
}

#[tokio::test]
async fn in_a_browser_ticking_delegado_moves_the_trump_chooser_to_the_dealers_partner_and_the_hand_is_taken()
 {
    let Some(browser) = crate::browser::Browser::start("botifarra_delegated").await else {
        return;
    };
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya Botifarrera", "Lloret de Mar")
        .await;
    browser.as_organiser(&app, "mesa", club).await;
    browser.viewport(360, 740).await;
    let new_game = format!("/clubes/{club}/partidas/nueva?juego=botifarra");
    browser.goto(&app.url(&new_game)).await;
    for (i, name) in ["Canals", "Puig", "Soler", "Vila"].iter().enumerate() {
        browser.fill(&format!("input[name=seat_{i}]"), name).await;
    }
    browser.choose("first_dealer", "0").await;
    browser
        .submit(&format!(
            "form[action='/clubes/{club}/partidas/nueva'] button[type=submit]"
        ))
        .await;
    let game = browser.path().await;
    assert!(game.starts_with("/partidas/"), "{game}");

    let chooser = "return (s => s.options[s.selectedIndex].text)(document.querySelector('select[name=chooser]'))";
    assert_eq!(browser.eval(chooser).await, "Canals", "the dealer chooses");
    browser.click("input[name=delegated]").await;
    assert_eq!(
        browser.eval(chooser).await,
        "Soler",
        "delegated: the partner"
    );
    browser.click("input[name=delegated]").await;
    assert_eq!(browser.eval(chooser).await, "Canals", "taken back");
    browser.click("input[name=delegated]").await;

    browser.choose("choice", "o").await;
    browser
        .fill("form.hand-form [name=points_side0]", "40")
        .await;
    browser.submit("form.hand-form button[type=submit]").await;
    browser.wait_for(".big-score").await;
    assert_eq!(browser.path().await, game, "the hand is taken");
    assert_eq!(browser.count("[role=alert]").await, 0);
    assert_ne!(browser.text(".big-score").await, "0 – 0");
    browser.assert_fits(360, "a botifarra game").await;
}

#[tokio::test]
async fn a_round_of_printed_slips_draws_each_qr_code_in_a_few_kilobytes() {
    let app = TestApp::spawn().await;
    let pasted: String = std::iter::once("nom\n".to_owned())
        .chain((1..=12).map(|k| format!("Parella {k}\n")))
        .collect();
    let id = open_with(&app, &pasted).await;
    draw_round_one(&app, id, false).await;

    let html = app
        .get(&format!("/campeonatos/{id}/imprimir/actas?ronda=1"))
        .await
        .text()
        .await
        .unwrap();
    let codes: Vec<&str> = html
        .split("<div class=\"qr\">")
        .skip(1)
        .filter_map(|rest| rest.split_once("</svg>").map(|(svg, _)| svg))
        .collect();
    assert_eq!(codes.len(), 6, "a QR code on each table's slip");
    for svg in codes {
        assert!(svg.contains("<svg"), "{svg}");
        // 100 slips of a 200-pair open at 10 kB a code made a 1.2 MB page.
        assert!(svg.len() < 6_000, "{} bytes", svg.len());
    }
}

#[tokio::test]
async fn in_a_browser_on_a_360_px_phone_the_wall_reads_a_knockout_match_as_one_pair_against_the_other()
 {
    let app = TestApp::spawn().await;
    let id = round_one_typed(&app, 4).await;
    crate::from_scratch::best_four_drawn(&app, id).await;
    let Some(browser) = crate::browser::Browser::phone_at(
        "in_a_browser_on_a_360_px_phone_the_wall_reads_a_knockout_match_as_one_pair_against_the_other",
        &app.url(&format!("/campeonatos/{id}/directo")),
    )
    .await
    else {
        return;
    };
    browser.assert_fits(360, "the wall of a knockout").await;
    let rows = browser
        .eval(
            "return [...document.querySelectorAll('.wall-round table.pairings tbody tr')]\
             .map(r => r.innerText.replace(/\\s+/g, ' ').trim())",
        )
        .await;
    let rows: Vec<String> = serde_json::from_value(rows).unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    for row in &rows {
        // Two names like "Roca – Serra" side by side read as one name.
        let (a, b) = row
            .split_once(" contra ")
            .unwrap_or_else(|| panic!("{row}"));
        assert!(a.contains("Parella "), "{row}");
        assert!(b.starts_with("Parella "), "{row}");
    }
}

#[tokio::test]
async fn a_pasted_list_with_two_repeated_names_is_refused_with_both_lines_at_once() {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya Botifarrera", "Lloret de Mar")
        .await;
    let id = ChampionshipForm::new("Open de Lloret")
        .set("game", "botifarra")
        .create(&app, club)
        .await;
    let pasted = "nom\tjugador 1\tjugador 2\n\
                  Font – Llach\tAntoni Font\tMireia Llach\n\
                  Bosch – Ferrer\tPere Bosch\tCarme Ferrer\n\
                  Font – Llach\tJordi Font\tNúria Llach\n\
                  Puig – Roca\tMarc Puig\tRoser Roca\n\
                  Bosch – Ferrer\tQuim Bosch\tLaia Ferrer\n\
                  Vila – Serra\tPau Vila\tAnna Serra\n";
    let res = post(
        &app,
        &format!("/campeonatos/{id}/inscritos/importar"),
        &[("csv", pasted)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&html, ".import-error"),
        [
            "Línea 4: Ya hay una inscripción con ese nombre.",
            "Línea 6: Ya hay una inscripción con ese nombre.",
        ]
    );
    assert_eq!(
        texts(&html, ".import-line"),
        [
            "Font – Llach\tJordi Font\tNúria Llach",
            "Bosch – Ferrer\tQuim Bosch\tLaia Ferrer",
        ]
    );
    assert_eq!(texts(&html, "textarea[name=csv]"), [pasted.trim_end()]);
    let director = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert!(
        texts(&director, "#inscritos tbody tr").is_empty(),
        "nothing imported"
    );
}

#[tokio::test]
async fn the_standings_say_a_pair_that_never_turned_up_did_not_show_up_and_keep_retirada_for_one_the_director_withdrew()
 {
    let app = TestApp::spawn().await;
    let (id, _) = two_of_three_checked_in(&app).await;
    draw_round_one(&app, id, false).await;
    let res = post(&app, &format!("/campeonatos/{id}/inscritos/1/retirar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    for (lang, absent, withdrawn) in [
        (
            "es",
            "Vila – Bosch (no se presentó)",
            "Puig – Garriga (retirada)",
        ),
        (
            "ca",
            "Vila – Bosch (no es va presentar)",
            "Puig – Garriga (retirada)",
        ),
        (
            "en",
            "Vila – Bosch (did not show up)",
            "Puig – Garriga (withdrawn)",
        ),
    ] {
        for path in ["", "/directo", "/imprimir/clasificacion"] {
            let res = app
                .get_with_lang(&format!("/campeonatos/{id}{path}"), lang)
                .await;
            assert_eq!(res.status(), StatusCode::OK, "{path}");
            let html = scraper::Html::parse_document(&res.text().await.unwrap());
            let names: Vec<String> = texts(&html, "td.name")
                .iter()
                .map(|n| n.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect();
            assert!(
                names.iter().any(|n| n.starts_with(absent)),
                "{lang} {path}: {names:?}"
            );
            assert!(
                names.iter().any(|n| n.starts_with(withdrawn)),
                "{lang} {path}: {names:?}"
            );
            let notes = [absent, withdrawn].map(|n| n.split_once(" (").unwrap_or_default().1);
            let playing = names.iter().find(|n| n.starts_with("Roca – Serra"));
            assert!(
                playing.is_some_and(|n| notes.iter().all(|w| !n.contains(w))),
                "{lang} {path}: {names:?}"
            );
        }
        let res = app
            .get_with_lang(&format!("/campeonatos/{id}/clasificacion.csv"), lang)
            .await;
        let csv = res.text().await.unwrap();
        let absent_note = absent.split_once(" (").unwrap().1.trim_end_matches(')');
        let line = csv.lines().find(|l| l.contains("Vila")).unwrap_or_default();
        assert!(line.contains(absent_note), "{lang}: {line}");
        let line = csv.lines().find(|l| l.contains("Puig")).unwrap_or_default();
        assert!(!line.contains(absent_note), "{lang}: {line}");
    }
}
