//! Match rules as organisers write them: what a timed match does with level scores at
//! the end of its limits, played hand by hand at a championship table.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{
    ChampionshipForm, TestApp, attr, new_client, post_form_as, signed_from_its_own_phone, texts,
};

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// The creation form of a one-round botifarra Swiss of two dats, 55 minutes, cap 121,
/// played hand by hand, with `draws` (and `draw_hands`) for a level score.
fn two_dats_form(draws: &str, draw_hands: &str) -> ChampionshipForm {
    ChampionshipForm::new("Open de botifarra")
        .set("game", "botifarra")
        .set("partidas", "3")
        .set("fmt.botifarra.match_format", "timed")
        .set("fmt.botifarra.target", "101")
        .set("fmt.botifarra.max_hands", "2")
        .set("fmt.botifarra.minutes", "55")
        .set("fmt.botifarra.cap", "121")
        .set("fmt.botifarra.draws", draws)
        .set("fmt.botifarra.draw_hands", draw_hands)
}

/// The championship of [`two_dats_form`], made by a new club's organiser: its id.
async fn botifarra_of_two_dats(app: &TestApp, draws: &str, draw_hands: &str) -> i32 {
    let club = app
        .club_with_organiser("Penya La Baza", "Lloret de Mar")
        .await;
    two_dats_form(draws, draw_hands).create(app, club).await
}

#[tokio::test]
async fn the_creation_form_offers_the_draw_rule_in_three_languages_and_refuses_one_that_cannot_be_played()
 {
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya La Baza", "Lloret de Mar")
        .await;
    let form = format!("/clubes/{club}/campeonatos/nuevo");
    for (lang, stand, extra) in [
        (
            "es",
            "Empate: vale",
            "Empate: se desempata con más datas (cuántas, abajo)",
        ),
        (
            "ca",
            "Empat: val",
            "Empat: es desempata amb més dats (quants, a sota)",
        ),
        (
            "en",
            "Draw: it stands",
            "Draw: broken by more hands (how many, below)",
        ),
    ] {
        let res = app.get_with_lang(&form, lang).await;
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let options = texts(&html, "select[name='fmt.botifarra.draws'] option");
        assert_eq!(options.len(), 3, "{lang}: {options:?}");
        assert_eq!((options[0].as_str(), options[1].as_str()), (stand, extra));
        assert_eq!(
            attr(
                &html,
                "select[name='fmt.botifarra.draws'] option[selected]",
                "value"
            )
            .as_deref(),
            Some("stand"),
            "draws stand by default"
        );
    }
    // No number of extra dats: refused, the form kept as typed.
    let res = two_dats_form("extra", "0").post(&app, club).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        attr(&html, "input[name='fmt.botifarra.draw_hands']", "value").as_deref(),
        Some("0")
    );
    assert_eq!(
        attr(
            &html,
            "select[name='fmt.botifarra.draws'] option[selected]",
            "value"
        )
        .as_deref(),
        Some("extra")
    );
    // A table option that would end the game at its twelfth dat, level or not.
    let res = two_dats_form("extra", "2")
        .set("opt.botifarra.deal_limit", "12")
        .set("fmt.botifarra.max_hands", "12")
        .post(&app, club)
        .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = res.text().await.unwrap();
    assert!(
        body.contains("un empate al final se juega con más manos"),
        "{body}"
    );
}

/// The one table of round 1 between "Ana – Berta" (a) and "Carlos – Dani" (b): its
/// page, its game, and a scorekeeper's phone holding pair a's PIN; pair b's PIN.
struct Table {
    path: String,
    game: i32,
    keeper: reqwest::Client,
    pin_b: String,
}

async fn first_table(app: &TestApp, id: i32) -> Table {
    for n in ["Ana – Berta", "Carlos – Dani"] {
        post(app, &format!("/campeonatos/{id}/inscritos"), &[("name", n)]).await;
    }
    post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", "")]).await;
    post(app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    let html = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let path = texts(&html, ".slip .table-path").remove(0);
    let pin_a = texts(&html, ".slip .pin-a strong").remove(0);
    let pin_b = texts(&html, ".slip .pin-b strong").remove(0);
    let keeper = new_client();
    post_form_as(app, &keeper, &format!("{path}/pin"), &[("pin", &pin_a)]).await;
    let table = page_of(app, &keeper, &path).await;
    let href = attr(&table, "a.play-game", "href").expect("the table page leads to its game");
    let game = href.trim_start_matches("/partidas/").parse().unwrap();
    Table {
        path,
        game,
        keeper,
        pin_b,
    }
}

async fn page_of(app: &TestApp, client: &reqwest::Client, path: &str) -> scraper::Html {
    let res = client.get(app.url(path)).send().await.unwrap();
    scraper::Html::parse_document(&res.text().await.unwrap())
}

/// Enters a botifarra hand from the keeper's phone: the dealer chooses a suit, no
/// doubles, and side 0 (pair a) takes `points_a` of the 72 card points; the hand
/// gives the difference over 36 to the side that took more.
async fn hand(app: &TestApp, t: &Table, points_a: u32) -> reqwest::Response {
    let file: Value = app
        .get(&format!("/partidas/{}/exportar", t.game))
        .await
        .json()
        .await
        .unwrap();
    let dealer = file["scoreboard"]["next_dealer"]
        .as_u64()
        .map(|d| d.to_string())
        .unwrap_or_else(|| "0".into());
    let game = page_of(app, &t.keeper, &format!("/partidas/{}", t.game)).await;
    let version = attr(&game, ".big-score", "data-version").unwrap();
    if attr(&game, "select[name=chooser]", "name").is_some() {
        assert_eq!(
            attr(&game, "select[name=chooser] option[selected]", "value").as_deref(),
            Some(dealer.as_str()),
            "the hand form starts with the dealer as the one who chooses trumps"
        );
    }
    post_form_as(
        app,
        &t.keeper,
        &format!("/partidas/{}/mano", t.game),
        &[
            ("version", &version),
            ("submission", &format!("h{points_a}-{version}")),
            ("chooser", &dealer),
            ("choice", "o"),
            ("doubles", "0"),
            ("points_side0", &points_a.to_string()),
        ],
    )
    .await
}

/// What the table's game page tells it about a level score, and the score.
async fn game_says(app: &TestApp, t: &Table) -> (Vec<String>, String) {
    let html = page_of(app, &t.keeper, &format!("/partidas/{}", t.game)).await;
    (
        texts(&html, ".table-draws"),
        texts(&html, ".big-score").remove(0),
    )
}

#[tokio::test]
async fn a_match_level_at_its_dat_limit_where_the_bases_say_two_more_dats_takes_exactly_two_and_they_decide()
 {
    let app = TestApp::spawn().await;
    let id = botifarra_of_two_dats(&app, "extra", "2").await;
    let director = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    let body = director.root_element().text().collect::<String>();
    assert!(
        body.contains("Empate: se desempata con 2 datas más"),
        "{body}"
    );
    let t = first_table(&app, id).await;
    // Two dats: 50 of 72 for pair a (14–0), then 22 (14–14). Level at the limit.
    for pts in [50, 22] {
        assert_eq!(hand(&app, &t, pts).await.status(), StatusCode::SEE_OTHER);
    }
    let (said, score) = game_says(&app, &t).await;
    assert_eq!(score, "14 – 14");
    assert_eq!(
        said,
        vec!["Empate al acabar el tiempo o las datas: se juegan datas de desempate (quedan 2)"]
    );
    let table = page_of(&app, &t.keeper, &t.path).await;
    assert!(
        texts(&table, ".proposal strong").is_empty(),
        "no result yet"
    );
    assert_eq!(
        texts(&table, ".time-left"),
        vec!["Empate al acabar el tiempo o las datas: se juegan datas de desempate (quedan 2)"]
    );
    // The first extra dat: 28–14, one left.
    assert_eq!(hand(&app, &t, 50).await.status(), StatusCode::SEE_OTHER);
    let (said, _) = game_says(&app, &t).await;
    assert!(said[0].ends_with("(quedan 1)"), "{said:?}");
    // The second: 32–14. The match is over and the result comes from the extra dats.
    assert_eq!(hand(&app, &t, 40).await.status(), StatusCode::SEE_OTHER);
    let (said, score) = game_says(&app, &t).await;
    assert_eq!(score, "32 – 14");
    assert!(said.is_empty(), "{said:?}");
    let table = page_of(&app, &t.keeper, &t.path).await;
    assert_eq!(texts(&table, ".proposal strong"), vec!["32 – 14"]);
    // A third extra dat is refused: the game is over.
    assert_eq!(hand(&app, &t, 50).await.status(), StatusCode::CONFLICT);
    let stored: Value = app
        .get(&format!("/partidas/{}/exportar", t.game))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(stored["hands"].as_array().map(Vec::len), Some(4));
    // Pair b signs; the championship records 32–14 for pair a.
    let signer = new_client();
    post_form_as(
        &app,
        &signer,
        &format!("{}/pin", t.path),
        &[("pin", &t.pin_b)],
    )
    .await;
    let table = page_of(&app, &signer, &t.path).await;
    let version = attr(&table, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &signer,
        &format!("{}/firma", t.path),
        &[("version", &version), ("pin", &t.pin_b)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let doc: Value = app
        .get(&format!("/campeonatos/{id}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    let r = &doc["rounds"][0]["results"][0];
    assert_eq!(r["score"], serde_json::json!([32, 14]));
    assert_eq!(
        doc["event"]["match_format"]["draws"],
        serde_json::json!({"extra_hands": 2})
    );
    // The file reads back: `baza standings` finds the result in the four hands.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.json");
    std::fs::write(&path, doc.to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_baza"))
        .env_remove("BAZA_DATABASE_URL")
        .arg("standings")
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Played 1, won 1, drawn 0, lost 0 (the pair has no club).
    let first = text.lines().nth(1).unwrap_or_default();
    let cells = first.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(cells.contains("Ana – Berta 1 1 0 0"), "{text}");
}

#[tokio::test]
async fn where_draws_are_not_allowed_a_level_score_at_the_limit_plays_on_and_a_typed_draw_is_refused()
 {
    let app = TestApp::spawn().await;
    let id = botifarra_of_two_dats(&app, "not_allowed", "").await;
    let t = first_table(&app, id).await;
    // The slip says so, and asks for no signature of a draw.
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(
        texts(&slips, ".slip .slip-draws"),
        vec!["Empate: no se admite"]
    );
    let line = texts(&slips, ".slip .sign-line").remove(0);
    assert!(line.starts_with("Firma de la pareja perdedora:"), "{line}");
    // The director types a draw for the table: refused, in words, the form kept.
    let table = app.page(&t.path, StatusCode::OK).await;
    let version = attr(&table, ".score-form input[name=version]", "value").unwrap();
    let res = post(
        &app,
        &t.path,
        &[("version", &version), ("score_a", "60"), ("score_b", "60")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let alert = texts(&html, ".alert").join(" ");
    assert!(alert.contains("no admiten el empate"), "{alert}");
    assert_eq!(
        attr(&html, ".score-form input[name=score_a]", "value").as_deref(),
        Some("60")
    );
    // Level at the two-dat limit: the table plays on, and is told so.
    for pts in [50, 22] {
        assert_eq!(hand(&app, &t, pts).await.status(), StatusCode::SEE_OTHER);
    }
    let (said, score) = game_says(&app, &t).await;
    assert_eq!(score, "14 – 14");
    assert!(said[0].contains("no se admite el empate"), "{said:?}");
    let table = page_of(&app, &t.keeper, &t.path).await;
    assert!(
        texts(&table, ".proposal strong").is_empty(),
        "no result yet"
    );
    assert!(texts(&table, ".time-left")[0].contains("se sigue jugando"));
    // The next dat breaks it: 14–28, pair b leads and the match is over.
    assert_eq!(hand(&app, &t, 22).await.status(), StatusCode::SEE_OTHER);
    let table = page_of(&app, &t.keeper, &t.path).await;
    assert_eq!(texts(&table, ".proposal strong"), vec!["14 – 28"]);
    assert_eq!(hand(&app, &t, 50).await.status(), StatusCode::CONFLICT);
}

/// Moves a table's start `minutes` back, and the hands entered so far with it: they
/// were entered in time.
async fn started_minutes_ago(app: &TestApp, minutes: i64) {
    app.with_conn(move |conn| {
        use baza::db::schema::{championship_tables, game_hands};
        use diesel::prelude::*;
        let now = baza::web::account::now();
        diesel::update(championship_tables::table)
            .set(
                championship_tables::started_at.eq(Some(now - chrono::TimeDelta::minutes(minutes))),
            )
            .execute(conn)
            .unwrap();
        diesel::update(game_hands::table)
            .set(game_hands::created_at.eq(now - chrono::TimeDelta::minutes(minutes - 1)))
            .execute(conn)
            .unwrap();
    })
    .await;
}

#[tokio::test]
async fn when_the_minutes_run_out_on_a_level_score_the_extra_dats_count_from_the_hand_then_in_play()
{
    let app = TestApp::spawn().await;
    let club = app
        .club_with_organiser("Penya La Baza", "Lloret de Mar")
        .await;
    let id = two_dats_form("extra", "3")
        .set("fmt.botifarra.max_hands", "12")
        .create(&app, club)
        .await;
    let t = first_table(&app, id).await;
    // Of twelve dats, two hands in time, 14–14; the 55 minutes then run out with hand 3 in play, which
    // is the last of the time: the table is told so, not yet of extra dats.
    for pts in [50, 22] {
        assert_eq!(hand(&app, &t, pts).await.status(), StatusCode::SEE_OTHER);
    }
    started_minutes_ago(&app, 56).await;
    let table = page_of(&app, &t.keeper, &t.path).await;
    assert_eq!(
        texts(&table, ".time-left"),
        vec!["Tiempo cumplido: la mano en juego es la última"]
    );
    assert!(game_says(&app, &t).await.0.is_empty());
    // Hand 3 gives nobody anything (36 of 72 each): level when the time ran out, so
    // the three extra dats follow it.
    assert_eq!(hand(&app, &t, 36).await.status(), StatusCode::SEE_OTHER);
    let (said, score) = game_says(&app, &t).await;
    assert_eq!(score, "14 – 14");
    assert!(said[0].ends_with("(quedan 3)"), "{said:?}");
    for (pts, left) in [(22, "(quedan 2)"), (50, "(quedan 1)")] {
        assert_eq!(hand(&app, &t, pts).await.status(), StatusCode::SEE_OTHER);
        let (said, _) = game_says(&app, &t).await;
        assert!(said[0].ends_with(left), "{said:?}");
    }
    let table = page_of(&app, &t.keeper, &t.path).await;
    assert!(
        texts(&table, ".proposal strong").is_empty(),
        "no result yet"
    );
    // The third: 32–28 for pair a, and the match is over.
    assert_eq!(hand(&app, &t, 40).await.status(), StatusCode::SEE_OTHER);
    let table = page_of(&app, &t.keeper, &t.path).await;
    assert_eq!(texts(&table, ".proposal strong"), vec!["32 – 28"]);
    assert_eq!(hand(&app, &t, 50).await.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn the_demos_lloret_open_has_a_drawn_match_decided_by_its_two_extra_dats_and_its_standings() {
    let app = TestApp::with_demo().await;
    let table = app
        .page("/campeonatos/6/rondas/1/mesas/1", StatusCode::OK)
        .await;
    let body = table.root_element().text().collect::<String>();
    assert!(body.contains("Manos jugadas: 14"), "{body}");
    assert!(body.contains("96 – 84"), "{body}");
    let pw = app.add_user("org", "organiser", Some(1)).await;
    let org = new_client();
    app.login(&org, "org", &pw).await;
    let doc: Value = org
        .get(app.url("/campeonatos/6/exportar"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(doc["event"]["name"], "Open de botifarra de Lloret");
    assert_eq!(
        doc["event"]["match_format"],
        serde_json::json!({"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55,
            "cap": 121, "draws": {"extra_hands": 2}})
    );
    let results: Vec<&Value> = (0..3)
        .flat_map(|r| doc["rounds"][r]["results"].as_array().unwrap().iter())
        .collect();
    assert_eq!(results.len(), 12, "three rounds of four tables");
    assert_eq!(results[0]["score"], serde_json::json!([96, 84]));
    // Round 2, table 2: still level after its two extra dats, the draw stands and is
    // worth half a point to each pair.
    assert_eq!(results[5]["score"], serde_json::json!([84, 84]));
    assert_eq!(
        doc["event"]["points"],
        serde_json::json!({"win": 1, "draw": 0.5, "loss": 0, "bye": 1})
    );
    let standings = app.page("/campeonatos/6", StatusCode::OK).await;
    assert_eq!(texts(&standings, "table.standings tbody tr").len(), 8);
    let points = texts(&standings, "table.standings tbody td:nth-child(5)");
    assert_eq!(
        points.iter().filter(|p| p.ends_with('½')).count(),
        2,
        "{points:?}"
    );
    assert_eq!(
        texts(&standings, ".draw-rule"),
        vec!["Empate: se desempata con 2 datas más"]
    );
    let director = app.text_as(&org, "/campeonatos/6/direccion").await;
    assert!(
        director.contains("a 101 tantos, 12 manos o 55 minutos · máximo 121"),
        "the director page says the match's limits in words"
    );
}

#[tokio::test]
async fn a_knockout_table_level_at_its_dat_limit_where_draws_stand_plays_on_until_one_pair_leads() {
    let app = TestApp::spawn().await;
    let id = botifarra_of_two_dats(&app, "stand", "2").await;
    // Round 1: 14–0, then 18–0 at the two-dat limit; pair b signs.
    let t = first_table(&app, id).await;
    for pts in [50, 40] {
        assert_eq!(hand(&app, &t, pts).await.status(), StatusCode::SEE_OTHER);
    }
    assert_eq!(
        signed_from_its_own_phone(&app, &t.path, &t.pin_b)
            .await
            .status(),
        StatusCode::SEE_OTHER
    );
    // The final between the two, played hand by hand at its table.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/fases"),
        &[
            ("name", "Final"),
            ("qualify", "top"),
            ("n", "2"),
            ("shape", "single"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let phase = app
        .with_conn(move |conn| baza::db::brackets::brackets_of_championship(conn, id).unwrap())
        .await
        .remove(0)
        .id;
    let row = app
        .with_conn(move |conn| {
            baza::db::championship::store::phase_tables(conn, id, phase)
                .unwrap()
                .remove(0)
        })
        .await;
    let path = baza::web::championship::table_path(id, phase, row.round_no, row.table_no);
    let keeper = new_client();
    post_form_as(&app, &keeper, &format!("{path}/pin"), &[("pin", &row.pin)]).await;
    let table = page_of(&app, &keeper, &path).await;
    let href = attr(&table, "a.play-game", "href").expect("the final is played hand by hand");
    let k = Table {
        path,
        game: href.trim_start_matches("/partidas/").parse().unwrap(),
        keeper,
        pin_b: row.pin_b.clone(),
    };
    // Level at the limit, 15–15 (hands of their own: a form's one-time id is never
    // reused): a round's draw would stand; a knockout plays on.
    for pts in [51, 21] {
        assert_eq!(hand(&app, &k, pts).await.status(), StatusCode::SEE_OTHER);
    }
    let words = "Empate al acabar el tiempo o las datas: una eliminatoria no puede acabar en empate, se sigue jugando hasta que una pareja vaya por delante";
    let (said, score) = game_says(&app, &k).await;
    assert_eq!(score, "15 – 15");
    assert_eq!(said, vec![words]);
    let table = page_of(&app, &k.keeper, &k.path).await;
    assert!(
        texts(&table, ".proposal strong").is_empty(),
        "no result yet"
    );
    assert_eq!(texts(&table, ".time-left"), vec![words]);
    // The third dat takes the extra hand: 29–15, over, proposed for the firma.
    assert_eq!(hand(&app, &k, 50).await.status(), StatusCode::SEE_OTHER);
    let (said, score) = game_says(&app, &k).await;
    assert_eq!(score, "29 – 15");
    assert!(said.is_empty(), "{said:?}");
    let table = page_of(&app, &k.keeper, &k.path).await;
    assert_eq!(texts(&table, ".proposal strong"), vec!["29 – 15"]);
    assert_eq!(hand(&app, &k, 52).await.status(), StatusCode::CONFLICT);
    assert_eq!(
        signed_from_its_own_phone(&app, &k.path, &k.pin_b)
            .await
            .status(),
        StatusCode::SEE_OTHER
    );
    // The bracket has its champion: side a of the final, who led after the third dat.
    let b = app
        .with_conn(move |conn| baza::db::brackets::brackets_of_championship(conn, id).unwrap())
        .await
        .remove(0);
    let bracket: baza::domain::bracket::Bracket = serde_json::from_str(&b.document).unwrap();
    let m = &bracket.matches()[row.table_no as usize - 1];
    assert_eq!(bracket.champion(), m.entrants()[0]);
    assert_eq!(m.result.map(|o| o.score), Some(Some([29, 15])));
}
