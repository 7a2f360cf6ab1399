//! A repesca played as a liguilla (todos contra todos), as *bases* may say: after
//! three liguillas of four whose winners go straight to the knockout, the others with
//! at least one point play a liguilla of their own, at its own tables with its own
//! PINs and standings, and its best joins the knockout; played to a champion, with
//! every phase's entrants checked against the rule.

use baza::db::championship::liguilla;
use baza::db::championship::store;
use baza::domain::status::ChampionshipStatus;
use baza::domain::tournament::{self, MatchPoints, TournamentFile};
use reqwest::StatusCode;

use super::file_reads_back::{baza_json, imported};
use super::repesca::{
    draw_final_phase, file_of, girona_liguillas_played, phases_of, play_knockout, play_rounds,
    post, status_of, tables,
};
use crate::helpers::{TestApp, texts};

/// The pair's number in "Parella N".
fn number(file: &TournamentFile, eid: &str) -> usize {
    store::entrant_name(file, eid)
        .trim_start_matches("Parella ")
        .parse()
        .unwrap()
}

#[tokio::test]
async fn a_repesca_played_as_a_liguilla_among_the_pairs_with_points_sends_its_best_to_the_knockout()
{
    let app = TestApp::spawn().await;
    // Liguillas A (1, 6, 7, 12), B (2, 5, 8, 11), C (3, 4, 9, 10): the pair entered
    // first wins every game, so 1, 2 and 3 win them and 10, 11 and 12 end on zero.
    let id = girona_liguillas_played(&app).await;
    let file = file_of(&app, id).await;
    let table = tournament::standings(&file);
    let winners: Vec<String> = table
        .iter()
        .filter(|r| r.group_rank == Some(1))
        .map(|r| r.name.clone())
        .collect();
    assert_eq!(winners, ["Parella 1", "Parella 2", "Parella 3"]);
    // The rule, read independently: not a group winner, at least one point; best
    // first by the overall standings.
    let mut eligible: Vec<(u32, String)> = table
        .iter()
        .filter(|r| r.group_rank != Some(1) && r.points > MatchPoints::ZERO)
        .map(|r| (r.rank, r.name.clone()))
        .collect();
    eligible.sort();
    let eligible: Vec<String> = eligible.into_iter().map(|(_, n)| n).collect();
    assert_eq!(eligible.len(), 6, "{eligible:?}");

    // The form offers both ways of playing it; a liguilla with as many places as
    // pairs would decide nothing, and is refused in words with nothing made.
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&dir, ".repesca-form select[name=kind] option"),
        [
            "Eliminatorias: una por plaza, su ganador pasa",
            "Liguilla (todos contra todos): pasan los mejores"
        ]
    );
    let res = post(
        &app,
        &format!("/campeonatos/{id}/repesca"),
        &[("kind", "liguilla"), ("min_points", "1"), ("places", "6")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = res.text().await.unwrap();
    assert!(body.contains("Pocas parejas cumplen la regla"), "{body}");
    assert!(
        body.contains(r#"<option value="liguilla" selected>"#),
        "the form comes back as typed"
    );
    let link = app
        .with_conn(move |conn| liguilla::of_championship(conn, id).unwrap())
        .await;
    assert_eq!(link, None, "nothing half made");

    // With the form's defaults but the kind: one place (three winners and one more
    // make a knockout of four), pairs with at least one point.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/repesca"),
        &[
            ("name", "Repesca"),
            ("kind", "liguilla"),
            ("per_group", "1"),
            ("min_points", "1"),
            ("worst_place", ""),
            ("places", ""),
            ("entry", "lowest"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let link = app
        .with_conn(move |conn| liguilla::of_championship(conn, id).unwrap())
        .await
        .expect("the repesca is a liguilla linked to the championship");
    assert_eq!(link.places, 1);
    let lig = link.liguilla_id;
    assert!(phases_of(&app, id).await.is_empty(), "no knockout repesca");
    assert_eq!(status_of(&app, id).await, ChampionshipStatus::Running);

    // The liguilla is a championship of its own: the eligible pairs in their order,
    // its first round already drawn at tables with their PINs.
    let lfile = file_of(&app, lig).await;
    assert_eq!(lfile.championship.name, "Open de Girona — Repesca");
    let names: Vec<String> = lfile.entrants.iter().map(|e| e.name.clone()).collect();
    assert_eq!(names, eligible, "the liguilla's entrants are the rule's");
    assert_eq!(lfile.rounds.len(), 1);
    let first = tables(&app, lig, 0).await;
    assert_eq!(first.len(), 3);
    assert!(first.iter().all(|t| t.pin != t.pin_b && !t.pin.is_empty()));
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&dir, ".repesca-liguilla h3 a"),
        ["Open de Girona — Repesca"]
    );
    assert_eq!(texts(&dir, ".liguilla-state"), ["Rondas jugadas: 0 de 5"]);
    assert!(
        texts(&dir, ".phase-form").is_empty(),
        "no knockout before it ends"
    );
    assert!(texts(&dir, ".repesca-form").is_empty(), "one repesca");
    let res = post(
        &app,
        &format!("/campeonatos/{id}/fases"),
        &[
            ("qualify", "groups"),
            ("per_group", "1"),
            ("fill", "played"),
        ],
    )
    .await;
    assert_eq!(
        res.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "the repesca is not over"
    );
    let public = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&public, ".repesca-liguilla"),
        ["La repesca se juega en liguilla: Open de Girona — Repesca"]
    );
    let lpublic = app
        .page(&format!("/campeonatos/{lig}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&lpublic, ".repesca-of"),
        ["Esta liguilla es la repesca de Open de Girona"]
    );
    let ldir = app
        .page(&format!("/campeonatos/{lig}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&ldir, ".repesca-of"),
        ["Esta liguilla es la repesca de Open de Girona"]
    );

    // Played: the lower number wins, except that Parella 9, the last of the eligible,
    // beats everyone: the liguilla, not the earlier standings, decides who goes.
    play_rounds(&app, lig, (1, 5), 3, |file, a, b| {
        let (a, b) = (number(file, a), number(file, b));
        if a == 9 || b == 9 { a == 9 } else { a < b }
    })
    .await;
    assert_eq!(status_of(&app, lig).await, ChampionshipStatus::Finished);
    let ldir = app
        .page(&format!("/campeonatos/{lig}/direccion"), StatusCode::OK)
        .await;
    assert!(
        texts(&ldir, ".phase-form").is_empty(),
        "the liguilla's best join the championship's knockout, not one of its own"
    );
    assert_eq!(
        status_of(&app, id).await,
        ChampionshipStatus::Running,
        "the knockout is still to play"
    );
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(texts(&dir, ".liguilla-state"), ["Rondas jugadas: 5 de 5"]);
    assert_eq!(
        texts(&dir, ".liguilla-through"),
        ["Pasan a la fase final: Parella 9"]
    );
    assert_eq!(
        texts(&dir, ".phase-form select[name=fill] option[selected]"),
        ["Los ganadores de la repesca jugada"]
    );

    // The knockout takes each liguilla's winner and the repesca's best, as the
    // lowest seed, and is played to a champion.
    draw_final_phase(&app, id).await;
    let phases = phases_of(&app, id).await;
    assert_eq!(phases.len(), 1);
    let (finalists, champion) = play_knockout(&app, id, phases[0].id).await;
    assert_eq!(
        finalists,
        ["Parella 1", "Parella 2", "Parella 3", "Parella 9"],
        "the winners by seed, the repesca's best last"
    );
    assert_eq!(champion, "Parella 1");
    assert_eq!(status_of(&app, id).await, ChampionshipStatus::Finished);
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let first = texts(&page, ".final-ranking tbody td.finalist strong");
    assert_eq!(first.first(), Some(&champion));
    let reached = texts(&page, ".final-ranking tbody td.reached");
    assert_eq!(
        reached.iter().filter(|t| *t == "Repesca").count(),
        5,
        "the five who played the liguilla and did not go through: {reached:?}"
    );

    // The file carries the liguilla with its rounds and reads back: the final ranking
    // says who played it, `baza standings` reads it, and the web's import makes the
    // liguilla a championship again, linked, with the same best.
    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.unwrap();
    let back = tournament::parse(&text).unwrap();
    let r = back
        .repesca_liguilla
        .as_ref()
        .expect("the file has the repesca liguilla");
    assert_eq!((r.places, r.per_group), (1, 1));
    let lnames: Vec<&str> = r
        .liguilla
        .entrants
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    assert_eq!(lnames, eligible);
    assert_eq!(r.liguilla.rounds.len(), 5);
    assert!(
        r.liguilla
            .rounds
            .iter()
            .all(|x| x.missing_results().is_empty())
    );
    let ranking = tournament::ranking::final_ranking(&back).unwrap();
    assert_eq!(ranking[0].name, champion);
    for row in &ranking {
        let expected = if eligible.contains(&row.name) && row.name != "Parella 9" {
            Some(tournament::ranking::Reached::Repesca)
        } else if ["Parella 10", "Parella 11", "Parella 12"].contains(&row.name.as_str()) {
            Some(tournament::ranking::Reached::EarlierPhase)
        } else {
            None
        };
        if let Some(e) = expected {
            assert_eq!(row.reached, e, "{}", row.name);
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("girona.json");
    std::fs::write(&path, &text).unwrap();
    let rows = baza_json(&["standings", path.to_str().unwrap(), "--json"]);
    assert!(rows.is_array() || rows.is_object(), "{rows}");

    let club = app
        .with_conn(move |conn| store::load(conn, id).unwrap().unwrap().championship.club_id)
        .await;
    let copy = imported(&app, club, &text).await;
    assert_ne!(copy, id);
    let link = app
        .with_conn(move |conn| liguilla::of_championship(conn, copy).unwrap())
        .await
        .expect("the imported repesca liguilla is linked");
    assert_eq!(
        status_of(&app, link.liguilla_id).await,
        ChampionshipStatus::Finished
    );
    assert_eq!(status_of(&app, copy).await, ChampionshipStatus::Finished);
    let dir = app
        .page(&format!("/campeonatos/{copy}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&dir, ".liguilla-through"),
        ["Pasan a la fase final: Parella 9"]
    );
    let again = tournament::parse(
        &app.get(&format!("/campeonatos/{copy}/exportar"))
            .await
            .text()
            .await
            .unwrap(),
    )
    .unwrap();
    assert_eq!(
        tournament::ranking::final_ranking(&again).unwrap(),
        ranking,
        "the import exports the same final ranking"
    );
}

#[tokio::test]
async fn the_demos_banyoles_open_plays_its_repesca_as_a_triangular_of_the_runners_up() {
    let app = TestApp::with_demo().await;
    let id: i32 = app
        .with_conn(|conn| {
            use baza::db::schema::championships;
            use diesel::prelude::*;
            championships::table
                .filter(championships::name.eq(baza::service::demo_repesca::DEMO_BANYOLES))
                .select(championships::id)
                .first(conn)
                .unwrap()
        })
        .await;
    let link = app
        .with_conn(move |conn| liguilla::of_championship(conn, id).unwrap())
        .await
        .expect("its repesca is a liguilla");
    assert_eq!(link.places, 1);
    let file = file_of(&app, id).await;
    let mut runners_up: Vec<String> = tournament::standings(&file)
        .into_iter()
        .filter(|r| r.group_rank == Some(2))
        .map(|r| r.name)
        .collect();
    runners_up.sort();
    let lfile = file_of(&app, link.liguilla_id).await;
    let mut names: Vec<String> = lfile.entrants.iter().map(|e| e.name.clone()).collect();
    names.sort();
    assert_eq!(names, runners_up, "the triangular is the runners-up's");
    assert_eq!(lfile.rounds.len(), 2);
    assert!(
        lfile.rounds[0].missing_results().is_empty(),
        "round 1 played"
    );
    assert_eq!(
        lfile.rounds[1].missing_results().len(),
        1,
        "round 2 at its table"
    );
    assert_eq!(status_of(&app, id).await, ChampionshipStatus::Running);
    let public = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&public, ".repesca-liguilla a"),
        ["Open de botifarra de Banyoles — Triangular dels segons"]
    );
    let lpublic = app
        .page(
            &format!("/campeonatos/{}", link.liguilla_id),
            StatusCode::OK,
        )
        .await;
    assert_eq!(
        texts(&lpublic, ".repesca-of a"),
        ["Open de botifarra de Banyoles"]
    );
}
