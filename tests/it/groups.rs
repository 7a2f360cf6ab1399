//! The liguillas of a round robin in groups on the director's page: drawn by lot
//! with seeded pots (the seed of the draw shown and kept in the audit, the draw
//! repeatable from it), an entrant moved from one group to another, both by the
//! director only and only before the first round, which is then paired inside the
//! groups as they were left.

use reqwest::StatusCode;

use crate::helpers::{TestApp, new_client, post_form_as, texts};
use baza::db::championship::store;
use baza::domain::tournament::groups;
use baza::domain::tournament::{Pairing, TournamentFile};

async fn file_of(app: &TestApp, id: i32) -> TournamentFile {
    app.with_conn(move |conn| store::load(conn, id).unwrap().unwrap().file)
        .await
}

/// The groups on the director's page: per group, its pairs' names.
fn shown(html: &scraper::Html) -> Vec<Vec<String>> {
    let sel = scraper::Selector::parse("#liguillas .group").unwrap();
    let name = scraper::Selector::parse("li .name").unwrap();
    html.select(&sel)
        .map(|g| g.select(&name).map(|n| n.text().collect()).collect())
        .collect()
}

/// The seed (1..16) of a pair named "Parella k".
fn seed(name: &str) -> u32 {
    name.trim_start_matches("Parella ").parse().unwrap()
}

#[tokio::test]
async fn groups_drawn_by_pots_keep_the_top_seeds_apart_and_a_pair_moves_before_the_first_round() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Penya del Ter", "Girona").await;
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &[
            ("name", "Lligueta de botifarra"),
            ("game", "cuatrola"),
            ("starts_on", "2026-11-28"),
            ("system", "round_robin"),
            ("rounds", "3"),
            ("groups", "4"),
            ("losses", "2"),
            ("match_format", "partida"),
            ("target", ""),
            ("entry", "result"),
            ("win", "2"),
            ("draw", "1"),
            ("loss", "0"),
            ("bye", "2"),
            ("tb1", "points"),
            ("tb2", "point_difference"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = crate::from_scratch::id_of(&res);
    for k in 1..=16 {
        let (name, seed) = (format!("Parella {k}"), k.to_string());
        let res = post_form_as(
            &app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", &name), ("seed", &seed)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    let dir = format!("/campeonatos/{id}/direccion");
    // Before the draw: four groups of four by seed in snake order.
    let page = app.page(&dir, StatusCode::OK).await;
    let before = shown(&page);
    assert_eq!(before.len(), 4);
    assert_eq!(
        before[0],
        ["Parella 1", "Parella 8", "Parella 9", "Parella 16"]
    );

    // The club's referee, not its director, cannot draw; nor can a form without its token.
    let stranger = new_client();
    let pw = app.add_user("veí", "referee", Some(club)).await;
    app.login(&stranger, "veí", &pw).await;
    let res = post_form_as(
        &app,
        &stranger,
        &format!("/campeonatos/{id}/liguillas/sorteo"),
        &[],
    )
    .await;
    assert!(res.status().is_client_error(), "{}", res.status());
    let res = app
        .client
        .post(app.url(&format!("/campeonatos/{id}/liguillas/sorteo")))
        .form(&[("x", "1")])
        .send()
        .await
        .unwrap();
    assert!(res.status().is_client_error(), "{}", res.status());
    assert_eq!(shown(&app.page(&dir, StatusCode::OK).await), before);

    // The draw: each pot of four seeds spread over the four groups, four in each.
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/liguillas/sorteo"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    let drawn_seed: u64 = location
        .split(['?', '&', '#'])
        .find_map(|p| p.strip_prefix("n="))
        .unwrap()
        .parse()
        .unwrap();
    let page = app.page(&location, StatusCode::OK).await;
    let said = format!("Liguillas sorteadas por bombos (semilla {drawn_seed}).");
    assert!(page.html().contains(&said), "{said}");
    let drawn = shown(&page);
    assert_eq!(drawn.len(), 4);
    for g in &drawn {
        assert_eq!(g.len(), 4, "{drawn:?}");
        let mut pots: Vec<u32> = g.iter().map(|n| (seed(n) - 1) / 4).collect();
        pots.sort_unstable();
        assert_eq!(pots, [0, 1, 2, 3], "one of each pot: {drawn:?}");
    }
    // The same seed draws the same groups: the draw can be checked by anybody.
    let mut again = file_of(&app, id).await;
    for e in &mut again.entrants {
        e.group = None;
    }
    groups::draw_by_lot(&mut again, drawn_seed).unwrap();
    let file = file_of(&app, id).await;
    assert_eq!(groups::groups(&again), groups::groups(&file));
    let audit = app
        .page(&format!("/campeonatos/{id}/auditoria"), StatusCode::OK)
        .await;
    let seed_said = format!("sorteó las liguillas por bombos (semilla {drawn_seed})");
    assert!(audit.html().contains(&seed_said), "audited: {seed_said}");

    // The top seed moves to the group of the second seed.
    let group_of = |g: &Vec<Vec<String>>, n: &str| g.iter().position(|x| x.iter().any(|y| y == n));
    let to = group_of(&drawn, "Parella 2").unwrap() + 1;
    let entrant = file
        .entrants
        .iter()
        .find(|e| e.name == "Parella 1")
        .unwrap()
        .id
        .clone();
    let res = post_form_as(
        &app,
        &stranger,
        &format!("/campeonatos/{id}/liguillas/mover"),
        &[("entrant", &entrant), ("group", &to.to_string())],
    )
    .await;
    assert!(res.status().is_client_error());
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/liguillas/mover"),
        &[("entrant", &entrant), ("group", "9")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.unwrap().contains("No existe esa liguilla"));
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/liguillas/mover"),
        &[("entrant", &entrant), ("group", &to.to_string())],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app.page(&dir, StatusCode::OK).await;
    let moved = shown(&page);
    let groups = scraper::Selector::parse("#liguillas .group").unwrap();
    let option = scraper::Selector::parse("select[name=group] option").unwrap();
    for (g, group) in page.select(&groups).enumerate() {
        let offered: Vec<String> = group
            .select(&option)
            .map(|o| o.value().attr("value").unwrap().to_owned())
            .collect();
        assert!(!offered.is_empty());
        assert!(
            !offered.contains(&(g + 1).to_string()),
            "liguilla {} offers its own pairs a move into itself: {offered:?}",
            g + 1
        );
    }
    assert_eq!(group_of(&moved, "Parella 1"), Some(to - 1));
    assert_eq!(moved[to - 1].len(), 5);
    for (g, members) in drawn.iter().enumerate() {
        for n in members.iter().filter(|n| *n != "Parella 1") {
            assert_eq!(group_of(&moved, n), Some(g), "{n} stayed");
        }
    }
    let audit = app
        .page(&format!("/campeonatos/{id}/auditoria"), StatusCode::OK)
        .await;
    let move_said = format!("pasó a Parella 1 a la liguilla {to}");
    assert!(audit.html().contains(&move_said), "audited: {move_said}");

    // The first round is paired inside the groups as left; then they are fixed.
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "8")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let file = file_of(&app, id).await;
    let name = |eid: &str| store::entrant_name(&file, eid);
    for p in &file.rounds[0].pairings {
        if let Pairing::Table(t) = p {
            assert_eq!(
                group_of(&moved, &name(&t.a)),
                group_of(&moved, &name(&t.b)),
                "{} – {}",
                name(&t.a),
                name(&t.b)
            );
        }
    }
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/liguillas/mover"),
        &[("entrant", &entrant), ("group", "1")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("Las liguillas ya no pueden cambiar")
    );
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/liguillas/sorteo"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        file_of(&app, id).await.entrants,
        file.entrants,
        "nothing changed"
    );
    assert!(texts(&app.page(&dir, StatusCode::OK).await, "#liguillas").is_empty());
}
