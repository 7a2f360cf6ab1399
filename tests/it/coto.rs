//! A guiñote coto as the forms set it and as a renuncio ends it: the match's "al mejor
//! de" is the coto (its partidas are never a second option that could say another
//! thing), a match is one coto, and where a renuncio loses the coto the partida lost
//! by it ends the match. A match of several cotos goes on until a side has won them,
//! at a round's table and at a knockout's, whose bracket takes the cotos won.

use reqwest::StatusCode;

use crate::championship::{game_of, slips};
use crate::helpers::{ChampionshipForm, TestApp, attr, post_form_as, texts};

/// Posts the new-game form of club `club` for a guiñote game of four with `extra`.
async fn new_guinote(app: &TestApp, club: i32, extra: &[(&str, &str)]) -> reqwest::Response {
    let mut fields = vec![
        ("game", "guinote"),
        ("players", "4"),
        ("first_dealer", "3"),
        ("seat_0", "Ana"),
        ("seat_1", "Benito"),
        ("seat_2", "Carmen"),
        ("seat_3", "Dámaso"),
    ];
    fields.extend_from_slice(extra);
    post_form_as(
        app,
        &app.client,
        &format!("/clubes/{club}/partidas/nueva"),
        &fields,
    )
    .await
}

fn location(res: &reqwest::Response) -> String {
    res.headers()["location"].to_str().unwrap().to_owned()
}

/// Enters a hand in game `game` (a path) as `client`.
async fn hand(app: &TestApp, client: &reqwest::Client, game: &str, fields: &[(&str, &str)]) {
    let html = scraper::Html::parse_document(
        &client
            .get(app.url(game))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
    );
    let version = attr(&html, ".big-score", "data-version").unwrap();
    let submission = format!("coto-{game}-{version}");
    let mut all = vec![("version", version.as_str()), ("submission", &submission)];
    all.extend_from_slice(fields);
    let res = post_form_as(app, client, &format!("{game}/mano"), &all).await;
    let status = res.status();
    assert_eq!(
        status,
        StatusCode::SEE_OTHER,
        "{}",
        res.text().await.unwrap()
    );
}

/// 100 card points and the last trick to side `side`: the partida in the first deal.
async fn win_outright(app: &TestApp, client: &reqwest::Client, game: &str, side: &str) {
    let points = format!("card_points_{side}");
    let fields = [
        ("trump", "o"),
        (points.as_str(), "100"),
        ("last_trick_side", side),
    ];
    hand(app, client, game, &fields).await;
}

/// A renuncio by a player of side `side` in the first deal.
async fn renuncio(app: &TestApp, client: &reqwest::Client, game: &str, side: &str) {
    let fields = [
        ("trump", "e"),
        ("card_points_0", "60"),
        ("card_points_1", "60"),
        ("last_trick_side", "1"),
        ("revoke_by", side),
    ];
    hand(app, client, game, &fields).await;
}

#[tokio::test]
async fn the_new_guinote_game_form_sets_the_coto_once_by_its_best_of() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Guiñote", "Zaragoza").await;
    let html = app
        .page(
            &format!("/clubes/{club}/partidas/nueva?juego=guinote"),
            StatusCode::OK,
        )
        .await;
    for name in ["opt.partidas_to_win_coto", "opt.cotos_to_win"] {
        let sel = format!("[name='{name}']");
        assert_eq!(attr(&html, &sel, "name"), None, "{name} is the match's");
    }
    // At the best of five the game's options say a coto of three partidas.
    let res = new_guinote(&app, club, &[("best_of", "5")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let game = location(&res);
    let doc: serde_json::Value = app
        .client
        .get(app.url(&format!("{game}/exportar")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(doc["options"]["partidas_to_win_coto"], 3, "{doc}");
    // A coto option posted beside the best-of, saying another thing, is refused with
    // the form as typed.
    for (extra, words) in [
        (
            ("opt.partidas_to_win_coto", "3"),
            "«Partidas para el coto» dice 3, pero un encuentro al mejor de 3 se gana con 2",
        ),
        (
            ("opt.cotos_to_win", "2"),
            "«Cotos para ganar» dice 2, pero el encuentro es un solo coto",
        ),
    ] {
        let res = new_guinote(&app, club, &[("best_of", "3"), extra]).await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let errors = texts(&html, "ul.errors li");
        assert!(errors.iter().any(|e| e.contains(words)), "{errors:?}");
        assert_eq!(
            attr(&html, "select[name=best_of] option[selected]", "value").as_deref(),
            Some("3")
        );
        assert_eq!(
            attr(&html, "[name=seat_1]", "value").as_deref(),
            Some("Benito")
        );
    }
}

#[tokio::test]
async fn the_championship_form_takes_the_guinote_coto_from_its_match_format() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Guiñote", "Zaragoza").await;
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    assert!(attr(&html, "[name='opt.guinote.revoke_penalty']", "name").is_some());
    for name in [
        "opt.guinote.partidas_to_win_coto",
        "opt.guinote.cotos_to_win",
    ] {
        let sel = format!("[name='{name}']");
        assert_eq!(attr(&html, &sel, "name"), None, "{name} is the match's");
    }
    let form = ChampionshipForm::new("Liga de guiñote")
        .set("game", "guinote")
        .set("match_format", "best_of")
        .set("partidas", "3");
    // A coto of three partidas in a match at the best of three: which one counts?
    // Neither; the director is asked.
    let res = form
        .clone()
        .set("opt.guinote.partidas_to_win_coto", "3")
        .post(&app, club)
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, "[role=alert]").join(" ");
    assert!(
        alert.contains(
            "«Partidas para el coto» dice 3, pero un encuentro al mejor de 3 se gana con 2"
        ),
        "{alert}"
    );
    assert_eq!(
        attr(&html, "input[name=name]", "value").as_deref(),
        Some("Liga de guiñote")
    );
    // One match, one coto.
    let res = form
        .clone()
        .set("opt.guinote.cotos_to_win", "2")
        .post(&app, club)
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // Saying the same is no disagreement.
    let res = form
        .set("partidas", "5")
        .set("opt.guinote.partidas_to_win_coto", "3")
        .post(&app, club)
        .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn where_a_renuncio_loses_the_coto_the_partida_it_loses_ends_the_match() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Guiñote", "Zaragoza").await;
    let res = new_guinote(
        &app,
        club,
        &[("best_of", "3"), ("opt.revoke_penalty", "lose_coto")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let first = location(&res);
    // Benito and Dámaso win the first partida; in the second one of them renounces.
    win_outright(&app, &app.client, &first, "1").await;
    let res = post_form_as(&app, &app.client, &format!("{first}/siguiente"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let second = location(&res);
    renuncio(&app, &app.client, &second, "1").await;
    let html = app.page(&second, StatusCode::OK).await;
    assert_eq!(texts(&html, ".series-score"), ["1 – 1"]);
    assert_eq!(
        texts(&html, ".series-coto-lost"),
        ["Benito y Dámaso pierden el coto entero por el renuncio."]
    );
    assert_eq!(
        texts(&html, ".series-winner"),
        ["Ana y Carmen ganan el encuentro."]
    );
    let next = format!("form[action='{second}/siguiente']");
    assert_eq!(attr(&html, &next, "action"), None, "no partida is due");
    let res = post_form_as(&app, &app.client, &format!("{second}/siguiente"), &[]).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_championship_table_whose_renuncio_loses_the_coto_proposes_the_match_naming_its_winner() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Guiñote", "Zaragoza").await;
    let id = ChampionshipForm::new("Liga de guiñote")
        .set("game", "guinote")
        .set("system", "round_robin")
        .set("match_format", "best_of")
        .set("partidas", "3")
        .set("opt.guinote.revoke_penalty", "lose_coto")
        .create_with_pairs(&app, club, "Pareja", 2)
        .await;
    crate::helpers::draw_round_one(&app, id, true).await;
    let slip = slips(&app, id, "ronda=1").await.remove(0);
    let keeper = slip.open(&app, 0).await;
    let first = format!("/partidas/{}", game_of(&app, &keeper, &slip.path).await);
    // Pareja 2 wins the first partida and renounces in the second.
    win_outright(&app, &keeper, &first, "1").await;
    let res = post_form_as(&app, &keeper, &format!("{first}/siguiente"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let second = location(&res);
    renuncio(&app, &keeper, &second, "1").await;
    signed_by_the_other_pair(&app, &keeper, &slip, "1 – 1", "Pareja 1").await;
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let page = html.root_element().text().collect::<String>();
    assert!(page.contains("1 – 1 · gana Pareja 1"), "{page}");
    let rows = texts(&html, ".standings tbody tr");
    assert!(
        rows[0].contains("Pareja 1") && rows[0].contains("1-0-0"),
        "{rows:?}"
    );
}

/// The table at `slip` proposes `score` won by `winner`, and the other pair signs it
/// with its PIN on `keeper`'s phone.
async fn signed_by_the_other_pair(
    app: &TestApp,
    keeper: &reqwest::Client,
    slip: &crate::championship::Slip,
    score: &str,
    winner: &str,
) {
    let html = app.page(&slip.path, StatusCode::OK).await;
    assert_eq!(texts(&html, ".proposal strong"), [score]);
    assert_eq!(
        texts(&html, ".proposal-winner"),
        [format!("(Gana: {winner})")]
    );
    let v = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        app,
        keeper,
        &format!("{}/firma", slip.path),
        &[("version", &v), ("pin", &slip.pins[1])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

/// The match on the page of game `game` (a path): where it stands in words, the
/// side that lost the last coto at once, the winner.
async fn standing(app: &TestApp, game: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
    let html = app.page(game, StatusCode::OK).await;
    (
        texts(&html, ".series-cotos"),
        texts(&html, ".series-coto-lost"),
        texts(&html, ".series-winner"),
    )
}

/// The next partida of the match after game `game` (a path), as `client`.
async fn next(app: &TestApp, client: &reqwest::Client, game: &str) -> String {
    let res = post_form_as(app, client, &format!("{game}/siguiente"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    location(&res)
}

#[tokio::test]
async fn a_two_coto_guinote_championship_from_an_empty_database_is_played_at_its_table_into_the_standings()
 {
    use crate::from_scratch::{
        club_from_first_run, defaults_for, new_championship, register_and_pair, set,
    };
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&html, "select[name='fmt.guinote.cotos'] option"),
        ["1", "2", "3"]
    );
    let labels = texts(&html, "fieldset.format-group[data-game=guinote] label").join(" ");
    assert!(labels.contains("Cotos para ganar el encuentro"), "{labels}");
    let mut fields = defaults_for(&app, club, "guinote", "best_of").await;
    // A number of cotos the form does not offer is refused with the form as typed.
    set(&mut fields, "fmt.guinote.cotos", "4");
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, "[role=alert]").join(" ");
    assert!(
        alert.contains("Cotos para ganar el encuentro (4)"),
        "{alert}"
    );
    assert_eq!(
        attr(
            &html,
            "select[name='fmt.guinote.cotos'] option[selected]",
            "value"
        )
        .as_deref(),
        Some("4")
    );
    set(&mut fields, "fmt.guinote.cotos", "2");
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = crate::from_scratch::id_of(&res);
    let page = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    let words = page.root_element().text().collect::<String>();
    assert!(
        words.contains("2 cotos para ganar, cada uno al mejor de 3 partidas"),
        "{words}"
    );
    register_and_pair(&app, id, &["Pareja 1", "Pareja 2"]).await;
    let slip = slips(&app, id, "ronda=1").await.remove(0);
    let keeper = slip.open(&app, 0).await;
    let first = format!("/partidas/{}", game_of(&app, &keeper, &slip.path).await);
    // Pareja 2 wins the first partida and renounces in the second, which (as a
    // renuncio does by default) loses that partida; Pareja 1 wins the third and with
    // it the first coto. No result yet: the match goes on.
    win_outright(&app, &keeper, &first, "1").await;
    let at = |s: &str| [s.to_owned()];
    assert_eq!(
        standing(&app, &first).await.0,
        at("Coto 1 · partidas 0–1 · cotos 0–0")
    );
    let second = next(&app, &keeper, &first).await;
    renuncio(&app, &keeper, &second, "1").await;
    assert_eq!(
        standing(&app, &second).await.0,
        at("Coto 1 · partidas 1–1 · cotos 0–0")
    );
    let third = next(&app, &keeper, &second).await;
    win_outright(&app, &keeper, &third, "0").await;
    let (cotos, _, winner) = standing(&app, &third).await;
    assert_eq!(cotos, at("Coto 2 · partidas 0–0 · cotos 1–0"));
    assert!(winner.is_empty(), "{winner:?}");
    let fourth = next(&app, &keeper, &third).await;
    win_outright(&app, &keeper, &fourth, "0").await;
    assert_eq!(
        standing(&app, &fourth).await.0,
        at("Coto 2 · partidas 1–0 · cotos 1–0")
    );
    let html = app.page(&slip.path, StatusCode::OK).await;
    assert!(texts(&html, ".proposal strong").is_empty(), "no result yet");
    let table = html.root_element().text().collect::<String>();
    assert!(
        table.contains("Coto 2 · partidas 1–0 · cotos 1–0 · Partida 4"),
        "{table}"
    );
    let fifth = next(&app, &keeper, &fourth).await;
    win_outright(&app, &keeper, &fifth, "0").await;
    let (cotos, _, winner) = standing(&app, &fifth).await;
    assert_eq!(cotos, at("Coto 2 · partidas 2–0 · cotos 2–0"));
    assert_eq!(
        winner,
        at("Pareja 1 (1) y Pareja 1 (2) ganan el encuentro.")
    );
    let res = post_form_as(&app, &keeper, &format!("{fifth}/siguiente"), &[]).await;
    assert_eq!(res.status(), StatusCode::CONFLICT, "the match is over");
    // The table proposes the cotos won; the other pair signs; the standings take it.
    signed_by_the_other_pair(&app, &keeper, &slip, "2 – 0", "Pareja 1").await;
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let page = html.root_element().text().collect::<String>();
    let page = page.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(page.contains("Pareja 2 2 – 0"), "{page}");
    let rows = texts(&html, ".standings tbody tr");
    assert!(
        rows[0].contains("Pareja 1") && rows[0].contains("1-0-0"),
        "{rows:?}"
    );
}

#[tokio::test]
async fn a_coto_lost_by_a_renuncio_does_not_end_a_two_coto_match_of_the_new_game_form() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña El Guiñote", "Zaragoza").await;
    let html = app
        .page(
            &format!("/clubes/{club}/partidas/nueva?juego=guinote"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(
        attr(&html, "select[name=cotos] option[selected]", "value").as_deref(),
        Some("1")
    );
    let res = new_guinote(&app, club, &[("best_of", "3"), ("cotos", "9")]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let errors = texts(&html, "ul.errors li");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("«Cotos para ganar el encuentro» es 1, 2 o 3")),
        "{errors:?}"
    );
    assert_eq!(
        attr(&html, "select[name=cotos] option[selected]", "value").as_deref(),
        Some("9")
    );
    let res = new_guinote(
        &app,
        club,
        &[
            ("best_of", "3"),
            ("cotos", "2"),
            ("opt.revoke_penalty", "lose_coto"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let first = location(&res);
    // Where a renuncio loses the coto, it loses the first of two, not the match.
    renuncio(&app, &app.client, &first, "0").await;
    let (cotos, lost, winner) = standing(&app, &first).await;
    assert_eq!(cotos, ["Coto 2 · partidas 0–0 · cotos 0–1"]);
    assert_eq!(
        lost,
        ["Ana y Carmen pierden el coto entero por el renuncio."]
    );
    assert!(winner.is_empty(), "{winner:?}");
    let second = next(&app, &app.client, &first).await;
    win_outright(&app, &app.client, &second, "1").await;
    let (cotos, lost, winner) = standing(&app, &second).await;
    assert_eq!(cotos, ["Coto 2 · partidas 0–1 · cotos 0–1"]);
    assert!(lost.is_empty(), "a partida won since: {lost:?}");
    assert!(winner.is_empty(), "{winner:?}");
    let third = next(&app, &app.client, &second).await;
    win_outright(&app, &app.client, &third, "1").await;
    let (cotos, _, winner) = standing(&app, &third).await;
    assert_eq!(cotos, ["Coto 2 · partidas 0–2 · cotos 0–2"]);
    assert_eq!(winner, ["Benito y Dámaso ganan el encuentro."]);
}

#[tokio::test]
async fn the_demo_club_plays_a_guinote_match_of_two_cotos_at_the_best_of_three() {
    let app = TestApp::with_demo().await;
    // `baza demo` adds the club's games to the demo.
    let games = app
        .with_conn(|c| {
            baza::service::demo_games::create_demo_games(c, 1).unwrap();
            baza::db::games::club_games(c, 1).unwrap()
        })
        .await;
    let guinote = games
        .iter()
        .find(|g| g.game == "guinote" && g.options.contains("cotos_to_win"))
        .expect("a guiñote match of cotos in the demo club");
    assert_eq!(guinote.best_of, 3);
    let page = format!("/partidas/{}", guinote.id);
    let html = app.page(&page, StatusCode::OK).await;
    assert_eq!(
        texts(&html, ".series .meta"),
        ["Al mejor de 3: Coto 1 · partidas 0–0 · cotos 0–0"]
    );
}

#[tokio::test]
async fn a_knockout_table_of_a_two_coto_guinote_championship_goes_on_to_two_cotos_and_sends_its_winner_on()
 {
    use crate::from_scratch::{club_from_first_run, defaults_for, id_of, new_championship, set};
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let mut fields = defaults_for(&app, club, "guinote", "best_of").await;
    set(&mut fields, "fmt.guinote.cotos", "2");
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = id_of(&res);
    for (seed, name) in ["Pareja 1", "Pareja 2", "Pareja 3"].iter().enumerate() {
        let seed = (seed + 1).to_string();
        let res = post_form_as(
            &app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", name), ("seed", &seed)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} registered");
    }
    // A knockout of the three: one waits in the final for the other two's match.
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/fases"),
        &[
            ("name", "Cuadro"),
            ("qualify", "top"),
            ("n", "3"),
            ("shape", "single"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the knockout is drawn");
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let bracket = attr(&html, "a.phase-bracket", "href").unwrap();
    let phase = format!("fase={}", crate::from_scratch::bracket_id_of(&bracket));
    let slip = slips(&app, id, &phase).await.remove(0);
    let pairs = texts(&app.page(&slip.path, StatusCode::OK).await, ".pair-name");
    assert_eq!(pairs.len(), 2, "{pairs:?}");
    let (a, b) = (pairs[0].as_str(), pairs[1].as_str());
    let waits = ["Pareja 1", "Pareja 2", "Pareja 3"]
        .into_iter()
        .find(|p| !pairs.iter().any(|x| x == p))
        .unwrap();
    let keeper = slip.open(&app, 0).await;
    let mut game = format!("/partidas/{}", game_of(&app, &keeper, &slip.path).await);
    // Pair a wins the first coto, pair b the second, pair a the third after losing
    // its first partida: 2–1 in cotos, over seven partidas.
    let at = |s: &str| vec![s.to_owned()];
    let partidas = ["0", "0", "1", "1", "1", "0", "0"];
    let after = [
        "Coto 1 · partidas 1–0 · cotos 0–0",
        "Coto 2 · partidas 0–0 · cotos 1–0",
        "Coto 2 · partidas 0–1 · cotos 1–0",
        "Coto 3 · partidas 0–0 · cotos 1–1",
        "Coto 3 · partidas 0–1 · cotos 1–1",
        "Coto 3 · partidas 1–1 · cotos 1–1",
        "Coto 3 · partidas 2–1 · cotos 2–1",
    ];
    for (k, (side, stands)) in partidas.iter().zip(after).enumerate() {
        if k > 0 {
            game = next(&app, &keeper, &game).await;
        }
        win_outright(&app, &keeper, &game, side).await;
        let (cotos, _, winner) = standing(&app, &game).await;
        assert_eq!(cotos, at(stands), "after partida {}", k + 1);
        if k + 1 < partidas.len() {
            assert!(winner.is_empty(), "after partida {}: {winner:?}", k + 1);
            let html = app.page(&slip.path, StatusCode::OK).await;
            assert!(
                texts(&html, ".proposal strong").is_empty(),
                "no result after partida {}",
                k + 1
            );
            let table = html.root_element().text().collect::<String>();
            assert!(table.contains(stands), "the table says {stands}: {table}");
        }
    }
    let html = app.page(&slip.path, StatusCode::OK).await;
    let table = html.root_element().text().collect::<String>();
    assert!(
        table.contains("Coto 3 · partidas 2–1 · cotos 2–1"),
        "{table}"
    );
    let res = post_form_as(&app, &keeper, &format!("{game}/siguiente"), &[]).await;
    assert_eq!(res.status(), StatusCode::CONFLICT, "the match is over");
    // The table proposes the cotos won; pair b signs.
    signed_by_the_other_pair(&app, &keeper, &slip, "2 – 1", a).await;
    // Pair a goes on to the final against the pair that waited; pair b does not.
    let open: Vec<_> = slips(&app, id, &phase)
        .await
        .into_iter()
        .filter(|s| s.path != slip.path)
        .collect();
    assert_eq!(open.len(), 1, "the final is the one table opened");
    let html = app.page(&open[0].path, StatusCode::OK).await;
    let mut finalists = texts(&html, ".pair-name");
    finalists.sort();
    let mut expected = [a, waits];
    expected.sort();
    assert_eq!(finalists, expected, "{b} is out");
    // The bracket and the championship's page show the match won 2–1 in cotos.
    let html = app.page(&bracket, StatusCode::OK).await;
    let winners = texts(&html, ".sl.win .nm");
    assert_eq!(winners, [a], "{}", html.html());
    let scores: Vec<String> = texts(&html, ".sl .sc")
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    assert_eq!(scores, ["2", "1"]);
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let results = texts(&html, ".phase .pairings td.result");
    assert!(results.iter().any(|r| r.contains("2 – 1")), "{results:?}");
}

/// Plays the match at `slip` from pair a's phone, one partida a hand, each won by
/// the side `sides` says ("0": pair a), and has pair b sign it with its PIN.
async fn play_match(app: &TestApp, slip: &crate::championship::Slip, sides: &[&str]) {
    let keeper = slip.open(app, 0).await;
    let mut game = format!("/partidas/{}", game_of(app, &keeper, &slip.path).await);
    for (k, side) in sides.iter().enumerate() {
        if k > 0 {
            game = next(app, &keeper, &game).await;
        }
        win_outright(app, &keeper, &game, side).await;
    }
    let (_, _, winner) = standing(app, &game).await;
    assert_eq!(winner.len(), 1, "{}: the match is over", slip.path);
    let html = app.page(&slip.path, StatusCode::OK).await;
    let v = attr(&html, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        app,
        &keeper,
        &format!("{}/firma", slip.path),
        &[("version", &v), ("pin", &slip.pins[1])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{} signed", slip.path);
}

/// The partidas of a two-coto match won by side `w`: 2–0, or 2–1 after losing the
/// second coto.
fn two_cotos(w: &'static str, lost_one: bool) -> Vec<&'static str> {
    let l = if w == "0" { "1" } else { "0" };
    if lost_one {
        vec![w, w, l, l, w, w]
    } else {
        vec![w, w, w, w]
    }
}

/// What the public pages of championship `id` show: the standings' rows, the final
/// ranking's rows and names (the champion first), and the bracket's names, scores
/// and winners.
async fn shown_results(app: &TestApp, id: i32) -> [Vec<String>; 6] {
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let bracket = attr(&html, "a.phase-bracket", "href").expect("the knockout's bracket");
    let cuadro = app.page(&bracket, StatusCode::OK).await;
    [
        texts(&html, ".standings tbody tr"),
        texts(&html, ".final-ranking tbody tr"),
        texts(&html, ".final-ranking tbody td.finalist strong"),
        texts(&cuadro, ".sl .nm"),
        texts(&cuadro, ".sl .sc"),
        texts(&cuadro, ".sl.win .nm"),
    ]
}

/// The text of download `path` (a file, a CSV).
async fn download_text(app: &TestApp, path: &str) -> String {
    let res = app.get(path).await;
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    res.text().await.unwrap()
}

#[tokio::test]
async fn a_two_coto_guinote_championship_played_to_its_champion_is_the_same_championship_imported_into_an_empty_baza()
 {
    use crate::file_reads_back::imported;
    use crate::from_scratch::{
        club_of_game, form_values, id_of, new_championship, post_fields, set,
    };
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "guinote").await;
    // The form's defaults (a Swiss of five rounds, played hand by hand) but for
    // matches at the best of (its three partidas a coto) with two cotos to win.
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    let mut fields = form_values(&html, "form.tournament-form");
    set(&mut fields, "name", "Guiñote del Pilar");
    set(&mut fields, "fmt.guinote.match_format", "best_of");
    set(&mut fields, "fmt.guinote.cotos", "2");
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = id_of(&res);
    let file: serde_json::Value =
        serde_json::from_str(&download_text(&app, &format!("/campeonatos/{id}/exportar")).await)
            .unwrap();
    assert_eq!(file["event"]["system"]["kind"], "swiss", "{file}");
    assert_eq!(
        file["event"]["match_format"],
        serde_json::json!({"kind": "best_of", "partidas": 3, "cotos": 2})
    );
    let rounds = file["event"]["system"]["rounds"].as_u64().unwrap();
    let pairs = [
        ("Ana – Berta", "Peña El Cachirulo"),
        ("Carmen – Dolores", "Casino de Calatayud"),
        ("Elena – Fátima", "Peña El Cachirulo"),
        ("Gloria – Helena", "Hogar del Jubilado"),
        ("Inés – Julia", "Casino de Calatayud"),
        ("Laura – Marta", "Hogar del Jubilado"),
    ];
    for (name, pair_club) in pairs {
        let res = post_form_as(
            &app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", name), ("club", pair_club)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} registered");
    }
    // Every round of the Swiss paired, published and played at its tables.
    for round in 1..=rounds {
        for path in [
            format!("/campeonatos/{id}/rondas"),
            format!("/campeonatos/{id}/rondas/{round}/publicar"),
        ] {
            let res = post_form_as(&app, &app.client, &path, &[("tables", "")]).await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
        }
        let round_slips = slips(&app, id, &format!("ronda={round}")).await;
        assert_eq!(round_slips.len(), 3);
        for (k, slip) in round_slips.iter().enumerate() {
            let n = round as usize + k;
            let w = if n.is_multiple_of(3) { "1" } else { "0" };
            play_match(&app, slip, &two_cotos(w, !n.is_multiple_of(2))).await;
        }
    }
    // The knockout of the best four, from the director's form.
    let director = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    let mut fases = form_values(&director, "form#form-fases");
    set(&mut fases, "n", "4");
    let res = post_fields(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/fases"),
        &fases,
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the knockout is drawn");
    let html = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let bracket = attr(&html, "a.phase-bracket", "href").unwrap();
    let phase = format!("fase={}", crate::from_scratch::bracket_id_of(&bracket));
    let semis = slips(&app, id, &phase).await;
    assert_eq!(semis.len(), 2, "two semi-finals");
    play_match(&app, &semis[0], &two_cotos("0", true)).await;
    play_match(&app, &semis[1], &two_cotos("1", false)).await;
    let finals: Vec<_> = slips(&app, id, &phase)
        .await
        .into_iter()
        .filter(|s| semis.iter().all(|p| p.path != s.path))
        .collect();
    assert_eq!(finals.len(), 1, "the final");
    play_match(&app, &finals[0], &two_cotos("1", true)).await;
    let shown = shown_results(&app, id).await;
    assert!(
        shown[1][0].contains("Campeón"),
        "a champion: {:?}",
        shown[1]
    );
    assert!(shown[1][0].contains(&shown[2][0]), "{shown:?}");
    // The bracket in cotos: 2–1 and 0–2 in the semi-finals, 1–2 in the final.
    assert_eq!(shown[4], ["2", "1", "0", "2", "1", "2"]);
    assert_eq!(shown[5].len(), 3, "{shown:?}");
    assert_eq!(
        shown[5][2], shown[2][0],
        "the final's winner is the champion"
    );

    // The championship file and the entrants list, imported into an empty Baza.
    let text = download_text(&app, &format!("/campeonatos/{id}/exportar")).await;
    let list = download_text(&app, &format!("/campeonatos/{id}/inscritos.csv")).await;
    let standings = download_text(&app, &format!("/campeonatos/{id}/clasificacion.csv")).await;
    // `baza standings` reads the file to the same standings and final ranking.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("guinote.json");
    std::fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    for (args, page) in [
        (&["standings", path, "--json"][..], &shown[1]),
        (&["standings", path, "--json", "--rounds"][..], &shown[0]),
    ] {
        let rows = crate::file_reads_back::baza_json(args);
        let rows = rows.as_array().unwrap();
        assert_eq!(rows.len(), page.len());
        for (row, line) in rows.iter().zip(page) {
            let name = row["name"].as_str().unwrap();
            assert!(line.contains(name), "baza {args:?}: {name} where {line}");
        }
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .args(["standings", path])
        .output()
        .unwrap();
    let said = String::from_utf8(out.stdout).unwrap();
    let finals = said
        .split("Swiss standings")
        .next()
        .expect("a final ranking");
    let mut order: Vec<(usize, &String)> = shown[2]
        .iter()
        .map(|n| (finals.find(n.as_str()).unwrap_or(usize::MAX), n))
        .collect();
    order.sort();
    let order: Vec<&String> = order.into_iter().map(|(_, n)| n).collect();
    assert_eq!(order, shown[2].iter().collect::<Vec<_>>(), "{said}");
    let other = TestApp::spawn().await;
    let other_club = club_of_game(&other, "guinote").await;
    let copy = imported(&other, other_club, &text).await;
    assert_eq!(shown_results(&other, copy).await, shown);
    assert_eq!(
        download_text(&other, &format!("/campeonatos/{copy}/exportar")).await,
        text
    );
    assert_eq!(
        download_text(&other, &format!("/campeonatos/{copy}/clasificacion.csv")).await,
        standings
    );
    assert_eq!(
        download_text(&other, &format!("/campeonatos/{copy}/inscritos.csv")).await,
        list
    );
    // The entrants list itself starts a new championship there with the same pairs.
    let html = other
        .page(
            &format!("/clubes/{other_club}/campeonatos/nuevo"),
            StatusCode::OK,
        )
        .await;
    let mut fields = form_values(&html, "form.tournament-form");
    set(&mut fields, "name", "Guiñote del Pilar");
    set(&mut fields, "fmt.guinote.match_format", "best_of");
    set(&mut fields, "fmt.guinote.cotos", "2");
    let res = new_championship(&other, other_club, &fields).await;
    let next_one = id_of(&res);
    let res = post_form_as(
        &other,
        &other.client,
        &format!("/campeonatos/{next_one}/inscritos/importar"),
        &[("csv", list.as_str())],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        download_text(&other, &format!("/campeonatos/{next_one}/inscritos.csv")).await,
        list
    );
}
