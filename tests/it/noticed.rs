//! What a tournament director notices on the pages: the champion named once on the
//! final ranking; a deleted repesca liguilla leaving its championship free to form
//! its repesca again (and refused once the knockout was drawn from it); results of a
//! round not yet published kept off every public page and out of the ratings; and a
//! repesca liguilla's card saying whose repesca it is.

use baza::db::championship::{liguilla, settings};
use baza::db::schema::{audit_log, championships};
use diesel::prelude::*;
use reqwest::StatusCode;

use super::repesca::{draw_final_phase, girona_liguillas_played, play_rounds, post, status_of};
use crate::helpers::{ChampionshipForm, TestApp, attr, new_client, texts};

/// The id of the demo's championship named `name`.
async fn demo_championship(app: &TestApp, name: &'static str) -> i32 {
    app.with_conn(move |conn| {
        championships::table
            .filter(championships::name.eq(name))
            .select(championships::id)
            .first(conn)
            .unwrap()
    })
    .await
}

async fn page_in(app: &TestApp, path: &str, lang: &str) -> scraper::Html {
    let res = app.get_with_lang(path, lang).await;
    assert_eq!(res.status(), StatusCode::OK, "GET {path} in {lang}");
    scraper::Html::parse_document(&res.text().await.unwrap())
}

#[tokio::test]
async fn the_champions_row_of_the_final_ranking_names_the_title_once_in_every_language() {
    let app = TestApp::with_demo().await;
    let id = demo_championship(&app, "Torneo de cuatrola de las fiestas").await;
    for (lang, word) in [("es", "Campeón"), ("ca", "Campió"), ("en", "Champion")] {
        let page = page_in(&app, &format!("/campeonatos/{id}"), lang).await;
        let rows = texts(&page, ".final-ranking tbody tr.champion-row");
        assert_eq!(rows.len(), 1, "one champion's row in {lang}");
        assert_eq!(
            rows[0].matches(word).count(),
            1,
            "the title once in {lang}: {:?}",
            rows[0]
        );
        assert_eq!(
            texts(&page, ".final-ranking tr.champion-row td.reached"),
            [word],
            "in the column of how far each pair went, in {lang}"
        );
        let first = texts(
            &page,
            ".final-ranking tbody tr:first-child td.finalist strong",
        );
        assert_eq!(
            texts(&page, ".champion"),
            [format!("{word}: {}", first[0])],
            "the champion's row is the first, in {lang}"
        );
    }
}

/// The Girona championship's repesca formed as a liguilla on the web: the liguilla's
/// id.
pub(crate) async fn liguilla_formed(app: &TestApp, id: i32) -> i32 {
    let res = post(
        app,
        &format!("/campeonatos/{id}/repesca"),
        &[
            ("name", "Repesca"),
            ("kind", "liguilla"),
            ("per_group", "1"),
            ("min_points", "1"),
            ("entry", "lowest"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the repesca is formed");
    app.with_conn(move |conn| liguilla::of_championship(conn, id).unwrap())
        .await
        .expect("linked")
        .liguilla_id
}

/// The audit rows of the repesca liguilla `lig` as (action, entity, championship).
pub(crate) async fn liguilla_audit(app: &TestApp, lig: i32) -> Vec<(String, String, Option<i32>)> {
    app.with_conn(move |conn| {
        audit_log::table
            .filter(audit_log::entity.eq_any(["repesca_liguilla", "tournament"]))
            .filter(audit_log::entity_id.eq(lig))
            .filter(audit_log::action.eq("delete"))
            .select((
                audit_log::action,
                audit_log::entity,
                audit_log::championship_id,
            ))
            .order(audit_log::id)
            .load(conn)
            .unwrap()
    })
    .await
}

#[tokio::test]
async fn a_deleted_repesca_liguilla_frees_its_championship_to_form_the_repesca_again_until_the_knockout_is_drawn()
 {
    let app = TestApp::spawn().await;
    let id = girona_liguillas_played(&app).await;
    let before = status_of(&app, id).await;
    let lig = liguilla_formed(&app, id).await;
    assert_ne!(status_of(&app, id).await, before, "the repesca to play");

    // Deleted before the knockout: the link goes with it, audited in the same change.
    let res = post(&app, &format!("/campeonatos/{lig}/borrar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (deleted, link) = app
        .with_conn(move |conn| {
            (
                settings::is_deleted(conn, lig).unwrap(),
                liguilla::links_of(conn, lig).unwrap(),
            )
        })
        .await;
    assert!(deleted, "the liguilla is deleted");
    assert!(link.is_empty(), "no link left: {link:?}");
    assert_eq!(
        liguilla_audit(&app, lig).await,
        [
            ("delete".to_owned(), "repesca_liguilla".to_owned(), Some(id)),
            ("delete".to_owned(), "tournament".to_owned(), Some(lig)),
        ]
    );
    let public = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    assert!(texts(&public, ".repesca-liguilla").is_empty());
    assert_eq!(
        status_of(&app, id).await,
        before,
        "the championship's status as before the repesca"
    );

    // The championship offers the repesca form again, and takes it.
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(texts(&dir, ".repesca-form select[name=kind]").len(), 1);
    let again = liguilla_formed(&app, id).await;
    assert_ne!(again, lig);

    // Played to the end and the knockout drawn from its best: deleting it now is
    // refused in words, and nothing is deleted.
    play_rounds(&app, again, (1, 5), 3, |_, _, _| true).await;
    draw_final_phase(&app, id).await;
    let res = post(&app, &format!("/campeonatos/{again}/borrar"), &[]).await;
    assert!(res.status().is_client_error(), "{}", res.status());
    let body = res.text().await.unwrap();
    assert!(
        body.contains("La fase final de su campeonato ya se sorteó con los mejores de esta liguilla de repesca"),
        "{body}"
    );
    assert!(body.contains("Open de Girona"), "the championship named");
    let (deleted, link) = app
        .with_conn(move |conn| {
            (
                settings::is_deleted(conn, again).unwrap(),
                liguilla::of_championship(conn, id).unwrap(),
            )
        })
        .await;
    assert!(!deleted, "the liguilla stays");
    assert_eq!(link.map(|l| l.liguilla_id), Some(again), "linked still");
    assert!(
        liguilla_audit(&app, again).await.is_empty(),
        "nothing audited"
    );
}

/// The points and the matches played of every line of the standings on `page`.
fn standings_of(page: &scraper::Html) -> (f64, Vec<String>) {
    let points: f64 = texts(page, ".tournament-standings tbody td.points")
        .iter()
        .map(|p| p.replace(',', ".").parse::<f64>().unwrap())
        .sum();
    let played = texts(page, ".tournament-standings tbody tr td:nth-child(3)");
    (points, played)
}

async fn anonymous_page(app: &TestApp, client: &reqwest::Client, path: &str) -> scraper::Html {
    let res = client.get(app.url(path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "GET {path}");
    scraper::Html::parse_document(&res.text().await.unwrap())
}

#[tokio::test]
async fn a_round_typed_before_it_is_published_counts_for_the_director_only_until_it_is_published() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Sota", "Huesca").await;
    let id = ChampionshipForm::new("Suizo de otoño")
        .set("rounds", "3")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 4)
        .await;
    // Two rounds paired and played, only the first published.
    play_rounds(&app, id, (0, 2), 2, |_, _, _| true).await;
    let res = post(&app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);

    // The public: two tables of 2 points a win, each pair one match played, on the
    // standings page, the wall, the print and the file.
    let public = new_client();
    let one_round = (4.0, vec!["1".to_owned(); 4]);
    let page = anonymous_page(&app, &public, &format!("/campeonatos/{id}")).await;
    assert_eq!(standings_of(&page), one_round, "the public standings");
    assert!(texts(&page, ".standings-unpublished").is_empty());
    let wall = anonymous_page(&app, &public, &format!("/campeonatos/{id}/directo")).await;
    assert_eq!(standings_of(&wall), one_round, "the wall");
    let print = anonymous_page(
        &app,
        &public,
        &format!("/campeonatos/{id}/imprimir/clasificacion"),
    )
    .await;
    assert_eq!(standings_of(&print), one_round, "the printed standings");
    let print = app
        .page(
            &format!("/campeonatos/{id}/imprimir/clasificacion"),
            StatusCode::OK,
        )
        .await;
    assert_eq!(
        standings_of(&print),
        one_round,
        "the printed standings are for the public, even printed by the director"
    );
    let csv = app
        .text_as(&public, &format!("/campeonatos/{id}/clasificacion.csv"))
        .await;
    let rows: Vec<Vec<String>> = crate::helpers::csv_records(&csv)
        .into_iter()
        .skip(1)
        .collect();
    assert_eq!(rows.len(), 4, "{csv}");
    let csv_points: f64 = rows.iter().map(|r| r[7].parse::<f64>().unwrap()).sum();
    assert_eq!(csv_points, 4.0, "{csv}");
    assert!(rows.iter().all(|r| r[3] == "1"), "{csv}");

    // The director: both rounds counted, and round 2 said to be unpublished, here and
    // on the round on the director's page.
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    assert_eq!(standings_of(&page), (8.0, vec!["2".to_owned(); 4]));
    assert_eq!(
        texts(&page, ".standings-unpublished"),
        [
            "Esta clasificación cuenta ya rondas sin publicar: Ronda 2. El público la ve solo con las rondas publicadas."
        ]
    );
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&dir, "#ronda-2 .round-counted-unpublished").len(),
        1,
        "said on round 2"
    );
    assert!(texts(&dir, "#ronda-1 .round-counted-unpublished").is_empty());

    // Published: the public counts it too, and the note is gone.
    let res = post(&app, &format!("/campeonatos/{id}/rondas/2/publicar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = anonymous_page(&app, &public, &format!("/campeonatos/{id}")).await;
    assert_eq!(standings_of(&page), (8.0, vec!["2".to_owned(); 4]));
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    assert!(texts(&page, ".standings-unpublished").is_empty());
}

#[tokio::test]
async fn a_repesca_liguillas_card_says_whose_repesca_it_is_in_every_language() {
    let app = TestApp::with_demo().await;
    let parent = demo_championship(&app, baza::service::demo_repesca::DEMO_BANYOLES).await;
    let lig = app
        .with_conn(move |conn| liguilla::of_championship(conn, parent).unwrap())
        .await
        .expect("the demo's repesca is a liguilla")
        .liguilla_id;
    let parent_name = baza::service::demo_repesca::DEMO_BANYOLES;
    for (path, lang, words) in [
        ("/", "es", "Esta liguilla es la repesca de"),
        ("/campeonatos", "es", "Esta liguilla es la repesca de"),
        ("/", "ca", "Aquesta lligueta és la repesca de"),
        ("/", "en", "This group is the repesca of"),
    ] {
        let page = page_in(&app, path, lang).await;
        let card = |id: i32| {
            let sel = scraper::Selector::parse(".event-card").unwrap();
            let link = scraper::Selector::parse("a").unwrap();
            page.select(&sel)
                .find(|c| {
                    c.select(&link).next().and_then(|a| a.value().attr("href"))
                        == Some(format!("/campeonatos/{id}").as_str())
                })
                .map(|c| scraper::Html::parse_fragment(&c.html()))
                .unwrap_or_else(|| panic!("a card for {id} on {path}"))
        };
        let lcard = card(lig);
        assert_eq!(
            texts(&lcard, ".repesca-of"),
            [format!("{words} {parent_name}")],
            "{path} in {lang}"
        );
        assert_eq!(
            attr(&lcard, ".repesca-of a", "href"),
            Some(format!("/campeonatos/{parent}"))
        );
        assert!(
            texts(&card(parent), ".repesca-of").is_empty(),
            "the championship itself is no one's repesca"
        );
    }
}

/// The pairs of "Prova", the circuits' championship of three rounds: pair 1 beats
/// everyone, pair 2 the last two, pair 3 the last.
const PROVA: [(&str, &str); 4] = [
    ("Ana", "Bea"),
    ("Carla", "Dani"),
    ("Eva", "Fede"),
    ("Gil", "Hugo"),
];

/// A circuit's club with "Prova" imported, every round played and published:
/// the app, the club and the championship's id.
async fn prova() -> (TestApp, i32, i32) {
    use super::circuits::{championship, circuit_club, import};
    let (app, club) = circuit_club().await;
    let id = import(&app, club, &championship("Prova", PROVA), "2026-03-10");
    (app, club, id)
}

/// Sets championship `id` published up to round `round` (and not after) in the
/// store, as its director's publishing would leave it.
async fn published_up_to(app: &TestApp, id: i32, round: i32) {
    app.with_conn(move |conn| {
        use baza::db::schema::championship_documents;
        diesel::update(championship_documents::table.find(id))
            .set(championship_documents::published_round.eq(round))
            .execute(conn)
            .unwrap()
    })
    .await;
}

#[tokio::test]
async fn a_circuit_counts_the_published_rounds_of_its_championships_only() {
    use super::circuits::{expected, shown};
    let (app, club, id) = prova().await;
    let pairs = PROVA;
    let event = id.to_string();
    let res = post(
        &app,
        &format!("/clubes/{club}/circuitos/nuevo"),
        &[
            ("name", "Circuit de botifarra 2026"),
            ("points", "100, 80, 65, 55"),
            ("floor", "10"),
            ("best", "2"),
            ("event", &event),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    let circuit: i32 = location.trim_start_matches("/circuitos/").parse().unwrap();
    let table = |rows: Vec<(String, u32)>| {
        rows.into_iter()
            .collect::<std::collections::BTreeMap<_, _>>()
    };
    assert_eq!(table(shown(&app, circuit).await), expected(&[pairs]));

    // Only round 1 published (1 beat 2 by 51, 3 beat 4 by 41): pair 3 second, pair 4
    // third on the point difference, pair 2 last.
    published_up_to(&app, id, 1).await;
    assert_eq!(
        table(shown(&app, circuit).await),
        expected(&[[pairs[0], pairs[2], pairs[3], pairs[1]]])
    );
}

/// Each rated player's games on the public ratings page, by name.
async fn rated_games(app: &TestApp) -> std::collections::BTreeMap<String, String> {
    let page = anonymous_page(app, &new_client(), "/puntuaciones").await;
    let names = texts(&page, "table tbody tr td:nth-child(2)");
    let games = texts(&page, "table tbody tr td:nth-child(5)");
    assert_eq!(names.len(), games.len());
    names.into_iter().zip(games).collect()
}

#[tokio::test]
async fn results_of_an_unpublished_round_reach_no_rating_until_the_round_is_published() {
    let (app, _, id) = prova().await;
    let eight_players = |games: &str| {
        ["Ana", "Bea", "Carla", "Dani", "Eva", "Fede", "Gil", "Hugo"]
            .iter()
            .map(|n| (n.to_string(), games.to_owned()))
            .collect::<std::collections::BTreeMap<_, _>>()
    };

    // All three rounds published, as the import leaves them: three games each.
    assert_eq!(rated_games(&app).await, eight_players("3"));

    // Only round 1 published: one game each, here and in a player's history.
    published_up_to(&app, id, 1).await;
    assert_eq!(rated_games(&app).await, eight_players("1"));
    let ana = app
        .with_conn(|conn| {
            let r = baza::db::ratings::compute(conn, Default::default()).unwrap();
            let (ana, _, games) = r
                .table(baza::domain::GameKind::Botifarra)
                .into_iter()
                .find(|(p, _, _)| p.name == "Ana")
                .unwrap();
            assert_eq!(games, 1);
            ana.id
        })
        .await;
    let history = anonymous_page(&app, &new_client(), &format!("/jugadores/{ana}")).await;
    let text = history.root_element().text().collect::<String>();
    assert!(text.contains("Prova"), "{text}");
    assert!(text.contains("Prova · ronda 1"), "{text}");
    assert!(
        !text.contains("ronda 2"),
        "round 2 is not published: {text}"
    );

    // Published again: the three games are back, and so is round 2 in her history.
    published_up_to(&app, id, 3).await;
    assert_eq!(rated_games(&app).await, eight_players("3"));
    let history = anonymous_page(&app, &new_client(), &format!("/jugadores/{ana}")).await;
    let text = history.root_element().text().collect::<String>();
    assert!(text.contains("Prova · ronda 2"), "{text}");
}

/// A championship of four pairs made with `form`, its first round drawn, and the
/// round's printed slips.
async fn first_round_slips(
    app: &TestApp,
    club: i32,
    form: ChampionshipForm,
) -> (i32, scraper::Html) {
    let id = form.create_with_pairs(app, club, "Pareja", 4).await;
    let res = post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", "")]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    (id, slips)
}

#[tokio::test]
async fn a_tables_slip_names_its_seats_in_play_order_and_who_deals_first_as_its_game_was_set_up() {
    use baza::db::championship::store;
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Sota", "Huesca").await;
    let form = ChampionshipForm::new("Cuatrola de invierno");
    let (id, slips) = first_round_slips(&app, club, form).await;
    let rows = app
        .with_conn(move |conn| store::round_tables(conn, id, 1).unwrap())
        .await;
    assert_eq!(rows.len(), 2);
    let slip = scraper::Selector::parse(".slip").unwrap();
    let seat = scraper::Selector::parse(".slip-seat").unwrap();
    let dealer = scraper::Selector::parse(".slip-dealer").unwrap();
    for (row, slip) in rows.iter().zip(slips.select(&slip)) {
        let game = row
            .game_id
            .expect("a table played hand by hand has its game");
        let game = app
            .with_conn(move |conn| baza::db::games::find_game(conn, game).unwrap().unwrap())
            .await;
        let names: Vec<String> = serde_json::from_str(&game.seats).unwrap();
        let seats: Vec<String> = slip
            .select(&seat)
            .map(|e| e.text().collect::<String>())
            .collect();
        let expected: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("Asiento {}: {n}", i + 1))
            .collect();
        assert_eq!(seats, expected, "table {}", row.table_no);
        let first = &names[game.first_dealer as usize];
        assert_eq!(
            slip.select(&dealer)
                .map(|e| e.text().collect::<String>())
                .collect::<Vec<_>>(),
            [format!("Reparte primero: {first}")]
        );
    }

    // A championship played on paper has no game at its tables: no seats printed.
    let form = ChampionshipForm::new("Cuatrola en papel").set("entry", "result");
    let (_, slips) = first_round_slips(&app, club, form).await;
    assert_eq!(texts(&slips, ".slip").len(), 2);
    assert!(texts(&slips, ".slip-seat, .slip-dealer").is_empty());
}

#[tokio::test]
async fn after_its_last_round_a_championship_with_a_knockout_to_come_is_not_said_to_be_over() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Sota", "Huesca").await;
    let id = ChampionshipForm::new("Suizo y final")
        .set("rounds", "2")
        .set("entry", "result")
        .create_with_pairs(&app, club, "Pareja", 4)
        .await;
    play_rounds(&app, id, (0, 2), 2, |_, _, _| true).await;
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&dir, ".pair-blocked"),
        ["Se han jugado todas las rondas."]
    );
    assert!(
        !texts(&dir, "main").concat().contains("ha terminado"),
        "the knockout may still be drawn"
    );
    assert_eq!(
        texts(&dir, "form.phase-form").len(),
        1,
        "the knockout's form"
    );
    let res = post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(
        texts(&page, ".form-refused, .alert")
            .concat()
            .contains("Ya se han jugado todas las rondas"),
        "{:?}",
        texts(&page, ".alert")
    );
}

#[tokio::test]
async fn a_result_proposed_at_a_table_shows_its_score_on_the_directors_page_before_it_is_signed() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Sota", "Huesca").await;
    let form = ChampionshipForm::new("Cuatrola en papel").set("entry", "result");
    let (id, slips) = first_round_slips(&app, club, form).await;
    let res = post(&app, &format!("/campeonatos/{id}/rondas/1/publicar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let table = texts(&slips, ".table-path").remove(0);
    let pin = texts(&slips, ".pin-a strong").remove(0);
    let keeper = new_client();
    let res =
        crate::helpers::post_form_as(&app, &keeper, &format!("{table}/pin"), &[("pin", &pin)])
            .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app.page(&table, StatusCode::OK).await;
    let version = attr(&page, "input[name=version]", "value").unwrap();
    let fields = [("score_a", "21"), ("score_b", "12"), ("version", &version)];
    let res = crate::helpers::post_form_as(&app, &keeper, &table, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&dir, "#ronda-1 tr[data-table='1'] td.table-state"),
        ["Propuesto, falta la firma · 21 – 12"]
    );
}
