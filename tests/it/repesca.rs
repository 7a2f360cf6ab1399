//! A championship of the Girona kind, set up on the web as its *bases* say: three
//! liguillas of four pairs, the winner of each straight to the knockout, and a
//! repesca played among the others, except the pairs with zero points ("no entraran
//! a la repesca els que tinguin zero punts"), whose winner takes the fourth place of
//! the knockout; played to a champion, with every phase's entrants checked against
//! the rule, and the file read back with its repesca.

use baza::domain::status::ChampionshipStatus;
use baza::domain::status::TableStatus;
use reqwest::StatusCode;

use crate::helpers::{ChampionshipForm, TestApp, post_form_as, texts};
use baza::db::brackets::{self, BracketRow};
use baza::db::championship::store::{self as store, TableRow};
use baza::domain::bracket::Bracket;
use baza::domain::tournament::qualify::RepescaEntry;
use baza::domain::tournament::{self, MatchPoints, Pairing, TournamentFile};

pub(crate) async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

pub(crate) async fn file_of(app: &TestApp, id: i32) -> TournamentFile {
    app.with_conn(move |conn| store::load(conn, id).unwrap().unwrap().file)
        .await
}

pub(crate) async fn status_of(app: &TestApp, id: i32) -> ChampionshipStatus {
    app.with_conn(move |conn| store::load(conn, id).unwrap().unwrap().championship.status)
        .await
}

pub(crate) async fn phases_of(app: &TestApp, id: i32) -> Vec<BracketRow> {
    app.with_conn(move |conn| brackets::brackets_of_championship(conn, id).unwrap())
        .await
}

pub(crate) async fn tables(app: &TestApp, id: i32, phase: i32) -> Vec<TableRow> {
    app.with_conn(move |conn| store::phase_tables(conn, id, phase).unwrap())
        .await
}

/// Plays championship `id`'s rounds up to round `last` at `tables` tables, the first
/// `drawn` of them already drawn: each other round drawn, and every table's result
/// typed, the pair at side A winning where `a_wins` (the file, the ids of sides A and
/// B) says.
pub(crate) async fn play_rounds(
    app: &TestApp,
    id: i32,
    (drawn, last): (usize, usize),
    tables_n: u32,
    a_wins: impl Fn(&TournamentFile, &str, &str) -> bool,
) {
    for round in 1..=last {
        if round > drawn {
            let n = tables_n.to_string();
            let res = post(app, &format!("/campeonatos/{id}/rondas"), &[("tables", &n)]).await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER, "round {round}");
        }
        let file = file_of(app, id).await;
        let rows = tables(app, id, 0).await;
        for p in &file.rounds[round - 1].pairings {
            let Pairing::Table(tp) = p else { continue };
            let row = rows
                .iter()
                .find(|r| r.round_no == round as i32 && r.table_no == tp.table as i32)
                .unwrap();
            type_result(app, row, a_wins(&file, &tp.a, &tp.b)).await;
        }
    }
}

/// The director types a table's result, 21–12 for side a when `a_wins`.
pub(crate) async fn type_result(app: &TestApp, row: &TableRow, a_wins: bool) {
    let path = baza::web::championship::table_path(
        row.championship_id,
        row.phase,
        row.round_no,
        row.table_no,
    );
    let (a, b) = if a_wins { ("21", "12") } else { ("12", "21") };
    let version = row.version.to_string();
    let res = post(
        app,
        &path,
        &[("score_a", a), ("score_b", b), ("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "typed at {path}");
}

/// The director draws the knockout "Fase final": each liguilla's winner and the
/// winners of the played repesca, a single knockout.
pub(crate) async fn draw_final_phase(app: &TestApp, id: i32) {
    let res = post(
        app,
        &format!("/campeonatos/{id}/fases"),
        &[
            ("name", "Fase final"),
            ("qualify", "groups"),
            ("per_group", "1"),
            ("fill", "played"),
            ("shape", "single"),
        ],
    )
    .await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the final phase is drawn"
    );
}

/// Plays knockout phase `bracket` to its champion, the better seed winning; its
/// entrants by name and the champion's name.
pub(crate) async fn play_knockout(app: &TestApp, id: i32, bracket: i32) -> (Vec<String>, String) {
    loop {
        let row = phases_of(app, id)
            .await
            .into_iter()
            .find(|r| r.id == bracket)
            .unwrap();
        let names: Vec<String> = serde_json::from_str(&row.entrants).unwrap();
        let b: Bracket = serde_json::from_str(&row.document).unwrap();
        if let Some(c) = b.champion() {
            return (names.clone(), names[c.0 as usize].clone());
        }
        let open: Vec<TableRow> = tables(app, id, bracket)
            .await
            .into_iter()
            .filter(|t| t.status != TableStatus::Final)
            .collect();
        assert!(
            !open.is_empty(),
            "a knockout without a champion has a table"
        );
        for t in &open {
            let m = &b.matches()[t.table_no as usize - 1];
            let [Some(x), Some(y)] = m.entrants() else {
                panic!("table {} opened before its match is ready", t.table_no)
            };
            type_result(app, t, x.0 < y.0).await;
        }
    }
}

#[tokio::test]
async fn groups_of_four_send_their_winners_and_a_repesca_without_zero_point_pairs_to_a_champion() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Penya Botifarrera", "Girona").await;
    let id = girona_form()
        .set("tb2", "head_to_head")
        .set("tb3", "point_difference")
        .create_with_pairs(&app, club, "Parella", 12)
        .await;
    // The liguillas: in each game the pair entered first wins, except that the last
    // of the first group beats its second once (so the second has 2 points, not 4).
    let number = |file: &TournamentFile, eid: &str| -> usize {
        let name = store::entrant_name(file, eid);
        name.trim_start_matches("Parella ").parse().unwrap()
    };
    let mut round = 0;
    loop {
        let res = post(
            &app,
            &format!("/campeonatos/{id}/rondas"),
            &[("tables", "6")],
        )
        .await;
        if res.status() != StatusCode::SEE_OTHER {
            break;
        }
        round += 1;
        let file = file_of(&app, id).await;
        let rows = tables(&app, id, 0).await;
        for p in &file.rounds[round - 1].pairings {
            let Pairing::Table(tp) = p else { continue };
            let (a, b) = (number(&file, &tp.a), number(&file, &tp.b));
            let upset = (a, b) == (12, 6) || (a, b) == (6, 12);
            let a_wins = (a < b) != upset;
            let row = rows
                .iter()
                .find(|r| r.round_no == round as i32 && r.table_no == tp.table as i32)
                .unwrap();
            type_result(&app, row, a_wins).await;
        }
    }
    assert_eq!(round, 3, "three rounds in liguillas of four");

    let file = file_of(&app, id).await;
    let table = tournament::standings(&file);
    let winners: Vec<String> = table
        .iter()
        .filter(|r| r.group_rank == Some(1))
        .map(|r| r.name.clone())
        .collect();
    assert_eq!(winners.len(), 3);
    // The rule, read independently of the code that applies it: not a group winner,
    // at least one point; best first by the overall standings.
    let mut eligible: Vec<(u32, String)> = table
        .iter()
        .filter(|r| r.group_rank != Some(1) && r.points > MatchPoints::ZERO)
        .map(|r| (r.rank, r.name.clone()))
        .collect();
    eligible.sort();
    let eligible: Vec<String> = eligible.into_iter().map(|(_, n)| n).collect();
    let zero: Vec<&str> = table
        .iter()
        .filter(|r| r.points == MatchPoints::ZERO)
        .map(|r| r.name.as_str())
        .collect();
    assert_eq!(zero.len(), 2, "two pairs end on zero: {zero:?}");
    assert_eq!(eligible.len(), 7);

    // The director's page offers the repesca; a rule nobody meets is refused in words.
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(texts(&dir, ".repesca-form h3"), ["Repesca jugada"]);
    let res = post(
        &app,
        &format!("/campeonatos/{id}/repesca"),
        &[("per_group", "1"), ("min_points", "99"), ("places", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = res.text().await.unwrap();
    assert!(body.contains("Pocas parejas cumplen la regla"), "{body}");
    let res = post(
        &app,
        &format!("/campeonatos/{id}/repesca"),
        &[("per_group", "1"), ("min_points", "dos")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = res.text().await.unwrap();
    assert!(body.contains("Puntos mínimos para jugarla") && body.contains("dos"));
    assert!(phases_of(&app, id).await.is_empty(), "nothing half made");

    let res = post(
        &app,
        &format!("/campeonatos/{id}/repesca"),
        &[
            ("name", "Repesca"),
            ("per_group", "1"),
            ("min_points", "1"),
            ("worst_place", ""),
            ("places", ""),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let phases = phases_of(&app, id).await;
    assert_eq!(phases.len(), 1, "one place to fill: one knockout");
    let repesca = phases[0].id;
    // The liguillas are over but the championship is not: it runs until its final.
    assert_eq!(status_of(&app, id).await, ChampionshipStatus::Running);
    let (entrants, repesca_winner) = play_knockout(&app, id, repesca).await;
    assert_eq!(entrants, eligible, "the repesca's entrants are the rule's");
    for z in &zero {
        assert!(!entrants.iter().any(|e| e == z), "{z} has zero points");
    }
    assert!(!entrants.iter().any(|e| winners.contains(e)));
    assert_eq!(
        repesca_winner, eligible[0],
        "the better seed won every match"
    );

    // The repesca over, the knockout takes each group's winner ("Por liguilla 1")
    // and the repesca's.
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&dir, ".phase-form select[name=fill] option[selected]"),
        ["Los ganadores de la repesca jugada"]
    );
    draw_final_phase(&app, id).await;
    let phases = phases_of(&app, id).await;
    assert_eq!(phases.len(), 2);
    assert_eq!(status_of(&app, id).await, ChampionshipStatus::Running);
    let (finalists, champion) = play_knockout(&app, id, phases[1].id).await;
    assert_eq!(status_of(&app, id).await, ChampionshipStatus::Finished);
    let mut expected = winners.clone();
    expected.push(repesca_winner.clone());
    let mut got = finalists.clone();
    got.sort();
    expected.sort();
    assert_eq!(got, expected, "the group winners and the repesca's winner");
    assert_eq!(finalists.len(), 4);

    // The champion heads the page; the file carries the repesca as such and reads
    // back to the same final ranking.
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let first = texts(&page, ".final-ranking tbody td.finalist strong");
    assert_eq!(first.first(), Some(&champion));
    let res = app.get(&format!("/campeonatos/{id}/exportar")).await;
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.unwrap();
    let back = tournament::parse(&text).unwrap();
    assert_eq!(back.brackets.len(), 2);
    assert!(back.brackets[0].repesca && !back.brackets[1].repesca);
    let ranking = tournament::ranking::final_ranking(&back).unwrap();
    assert_eq!(ranking[0].name, champion);
    assert_eq!(ranking.len(), 12);
    // Below the knockout, the repesca's losers are said to have played it.
    use tournament::ranking::Reached;
    for r in &ranking {
        if entrants.contains(&r.name) && r.name != repesca_winner {
            assert_eq!(r.reached, Reached::Repesca, "{}", r.name);
        }
        if zero.contains(&r.name.as_str()) {
            assert_eq!(r.reached, Reached::EarlierPhase, "{}", r.name);
        }
    }
    let reached = texts(&page, ".final-ranking tbody td.reached");
    assert!(reached.iter().any(|t| t == "Repesca"), "{reached:?}");
}

#[tokio::test]
async fn the_demos_girona_open_went_from_liguillas_drawn_by_pots_through_its_repesca_to_a_champion()
{
    let app = TestApp::with_demo().await;
    let id = app
        .with_conn(|conn| {
            use baza::db::schema::championships;
            use diesel::prelude::*;
            championships::table
                .filter(championships::name.eq(baza::service::demo_repesca::DEMO_GIRONA))
                .select(championships::id)
                .first::<i32>(conn)
                .unwrap()
        })
        .await;
    let (file, audit) = app
        .with_conn(move |conn| {
            let file = baza::db::championship::tables::export(conn, id)
                .unwrap()
                .unwrap()
                .file;
            (
                file,
                baza::db::accounts::championship_audit(conn, id).unwrap(),
            )
        })
        .await;
    // Three liguillas of four, drawn by pots: seeds 1–3 apart, 4–6 apart, …
    let drawn = tournament::groups::groups(&file);
    assert_eq!(drawn.iter().map(Vec::len).collect::<Vec<_>>(), [4, 4, 4]);
    for g in &drawn {
        let mut pots: Vec<u32> = g
            .iter()
            .map(|eid| (eid.parse::<u32>().unwrap() - 1) / 3)
            .collect();
        pots.sort_unstable();
        assert_eq!(pots, [0, 1, 2, 3], "{drawn:?}");
    }
    let table = tournament::standings(&file);
    assert_eq!(file.brackets.len(), 2);
    let (repesca, knockout) = (&file.brackets[0], &file.brackets[1]);
    assert!(repesca.repesca && !knockout.repesca);
    assert_eq!(repesca.entry, RepescaEntry::Standings, "its bases' entry");
    for eid in &repesca.entrants {
        let r = table.iter().find(|r| &r.id == eid).unwrap();
        assert!(
            r.group_rank != Some(1) && r.points > MatchPoints::ZERO,
            "{r:?}"
        );
    }
    let left_out = table
        .iter()
        .filter(|r| r.group_rank != Some(1) && !repesca.entrants.contains(&r.id))
        .count();
    assert!(left_out > 0, "some pair had zero points");
    let champion = repesca.entrants[repesca.bracket.champion().unwrap().0 as usize].clone();
    let mut expected: Vec<String> = table
        .iter()
        .filter(|r| r.group_rank == Some(1))
        .map(|r| r.id.clone())
        .collect();
    expected.push(champion.clone());
    expected.sort();
    let mut got = knockout.entrants.clone();
    got.sort();
    assert_eq!(got, expected);
    let ranking = tournament::final_ranking(&file).unwrap();
    assert_eq!(ranking.len(), 12);
    let draw = audit
        .iter()
        .find(|e| e.entity == "groups" && e.action == "draw")
        .unwrap();
    assert!(
        draw.after_json
            .as_deref()
            .unwrap()
            .contains("\"seed\":417203")
    );
    // Its page shows the champion and the repesca as a phase of its own.
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    let first = texts(&page, ".final-ranking tbody td.finalist strong");
    assert_eq!(first.first(), Some(&ranking[0].name));
    // The knockout's seeds: the repesca's winner before the group winners placed
    // below it in the overall standings, and its bracket page says so.
    let seeded: Vec<&String> = knockout
        .bracket
        .seeds()
        .iter()
        .map(|e| &knockout.entrants[e.0 as usize])
        .collect();
    let rank = |id: &String| table.iter().position(|r| &r.id == id).unwrap();
    let above = seeded
        .iter()
        .filter(|q| **q != &champion && rank(q) < rank(&champion))
        .count();
    assert_eq!(
        seeded.iter().position(|q| *q == &champion),
        Some(above),
        "{seeded:?}"
    );
    let row = phases_of(&app, id).await.remove(1);
    let page = app
        .page(&format!("/cuadros/{}", row.id), StatusCode::OK)
        .await;
    let body = page.root_element().text().collect::<String>();
    assert!(
        body.contains(
            "Los ganadores de la repesca entran según su puesto en la clasificación general"
        ),
        "{body}"
    );
}

/// The new-championship form of a Girona-kind open: cuatrola in three liguillas of
/// four, a single round robin, results typed, ranked by points first.
fn girona_form() -> ChampionshipForm {
    ChampionshipForm::new("Open de Girona")
        .set("system", "round_robin")
        .set("rounds", "3")
        .set("groups", "3")
        .set("entry", "result")
}

/// A Girona-kind championship (three liguillas of four, cuatrola, typed results, the
/// pair entered first winning every game) with its liguillas played: its id.
pub(crate) async fn girona_liguillas_played(app: &TestApp) -> i32 {
    let club = app.club_with_organiser("Penya Botifarrera", "Girona").await;
    let id = girona_form()
        .set("tb2", "point_difference")
        .create_with_pairs(app, club, "Parella", 12)
        .await;
    let number = |file: &TournamentFile, eid: &str| -> usize {
        let name = store::entrant_name(file, eid);
        name.trim_start_matches("Parella ").parse().unwrap()
    };
    play_rounds(app, id, (0, 3), 6, |file, a, b| {
        number(file, a) < number(file, b)
    })
    .await;
    id
}

#[tokio::test]
async fn the_organiser_names_the_knockout_seed_the_repesca_winner_takes_and_the_bracket_page_says_so()
 {
    let app = TestApp::spawn().await;
    let id = girona_liguillas_played(&app).await;
    let form = |entry: &'static str, seeds: &'static str| {
        vec![
            ("name", "Repesca"),
            ("per_group", "1"),
            ("min_points", "1"),
            ("places", ""),
            ("entry", entry),
            ("entry_seeds", seeds),
        ]
    };
    // The director's form offers the choice, the lowest seeds by default.
    let dir = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&dir, ".repesca-form select[name=entry] option[selected]"),
        ["Como últimos cabezas de serie (se cruzan con los primeros)"]
    );
    // A seed outside the knockout of four, or none: refused, nothing made.
    for (entry, seeds, said) in [
        (
            "seeds",
            "5",
            "Los puestos del cuadro para los ganadores de la repesca",
        ),
        ("seeds", "dos", "Puestos del cuadro, uno por plaza"),
        (
            "seeds",
            "2, 3",
            "Los puestos del cuadro para los ganadores de la repesca",
        ),
    ] {
        let res = post(
            &app,
            &format!("/campeonatos/{id}/repesca"),
            &form(entry, seeds),
        )
        .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{seeds}");
        let body = res.text().await.unwrap();
        assert!(body.contains(said), "{seeds}: {body}");
    }
    assert!(phases_of(&app, id).await.is_empty(), "nothing half made");
    // The repesca's winner takes seed 2 of the knockout, the group winners 1, 3, 4.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/repesca"),
        &form("seeds", "2"),
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let repesca = phases_of(&app, id).await[0].id;
    let (_, winner) = play_knockout(&app, id, repesca).await;
    draw_final_phase(&app, id).await;
    let row = phases_of(&app, id).await.remove(1);
    let names: Vec<String> = serde_json::from_str(&row.entrants).unwrap();
    let b: Bracket = serde_json::from_str(&row.document).unwrap();
    let seeded: Vec<&str> = b
        .seeds()
        .iter()
        .map(|e| names[e.0 as usize].as_str())
        .collect();
    assert_eq!(seeded.len(), 4);
    assert_eq!(seeded[1], winner, "{seeded:?}");
    let file = file_of(&app, id).await;
    let group_winners: Vec<String> = tournament::standings(&file)
        .into_iter()
        .filter(|r| r.group_rank == Some(1))
        .map(|r| r.name)
        .collect();
    for (k, s) in seeded.iter().enumerate().filter(|(k, _)| *k != 1) {
        assert!(group_winners.iter().any(|g| g == s), "seed {}: {s}", k + 1);
    }
    // Both bracket pages say where the repesca's winner entered, in words.
    for bracket in [repesca, row.id] {
        let page = app
            .page(&format!("/cuadros/{bracket}"), StatusCode::OK)
            .await;
        let body = page.root_element().text().collect::<String>();
        assert!(
            body.contains(
                "Los ganadores de la repesca entran como cabezas de serie n.º 2 del cuadro"
            ),
            "{body}"
        );
    }
    // The file carries where the winner entered, and an import of it keeps it.
    let text = app
        .get(&format!("/campeonatos/{id}/exportar"))
        .await
        .text()
        .await
        .unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        json["brackets"][0]["entry"],
        serde_json::json!({"kind": "seeds", "seeds": [2]})
    );
    assert!(
        json["brackets"][1].get("entry").is_none(),
        "the default unwritten"
    );
    let mut back = tournament::parse(&text).unwrap();
    let named = RepescaEntry::Seeds { seeds: vec![2] };
    assert_eq!(back.brackets[0].entry, named);
    assert_eq!(back.brackets[1].entry, RepescaEntry::Lowest);
    let entry = app
        .with_conn(move |conn| {
            let club = store::load(conn, id).unwrap().unwrap().championship.club_id;
            let now = chrono::Utc::now().naive_utc();
            let (copy, _) = baza::service::championship::import(
                conn,
                club,
                &mut back,
                now.date(),
                now,
                "test",
                &mut || "1234".to_owned(),
            )
            .unwrap();
            baza::db::repesca::repesca_entry_of(conn, copy).unwrap()
        })
        .await;
    assert_eq!(entry, named);
}

#[tokio::test]
async fn a_knockout_cut_through_a_shared_place_follows_the_standings_order_and_its_page_says_so() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Medina").await;
    let id = ChampionshipForm::new("Cuatrola ex aequo")
        .set("entry", "result")
        .set("tb2", "point_difference")
        .set("ties", "shared")
        .create_with_pairs(&app, club, "Pareja", 4)
        .await;
    let res = post(
        &app,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    // Side a wins both tables 21–12: two winners share the 1st place, two losers the 3rd.
    for row in tables(&app, id, 0).await {
        type_result(&app, &row, true).await;
    }
    let file = file_of(&app, id).await;
    let table = tournament::standings(&file);
    let places: Vec<(u32, bool)> = table.iter().map(|r| (r.place, r.ex_aequo)).collect();
    assert_eq!(places, [(1, true), (1, true), (3, true), (3, true)]);
    let ids: Vec<String> = table.iter().map(|r| r.id.clone()).collect();
    use baza::domain::tournament::qualify::shared_cut;
    assert_eq!(
        shared_cut(&file, &ids[..2]),
        None,
        "the best two: a clean cut"
    );
    assert_eq!(shared_cut(&file, &ids[..3]), Some(3));
    // The director's form says it before drawing: three qualifiers cut the shared 3rd.
    for (lang, said) in [
        (
            "es",
            "Con 3 clasificados, el corte cae dentro del 3.º puesto, compartido (ex aequo): lo decide el orden de la clasificación (cabezas de serie primero, luego orden de inscripción)",
        ),
        (
            "ca",
            "Amb 3 classificats, el tall cau dins del lloc 3, compartit (ex aequo): el decideix l'ordre de la classificació (caps de sèrie primer, després ordre d'inscripció)",
        ),
        (
            "en",
            "With 3 qualifiers, the cut falls inside place 3, shared (ex aequo): the standings' order decides it (seeds first, then order of entry)",
        ),
    ] {
        let res = app
            .get_with_lang(&format!("/campeonatos/{id}/direccion"), lang)
            .await;
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        assert_eq!(texts(&html, ".phase-form .shared-cut"), [said], "{lang}");
    }
    // Three go through: the third is the one the standings list first of the two 3rd.
    let res = post(
        &app,
        &format!("/campeonatos/{id}/fases"),
        &[
            ("name", "Final"),
            ("qualify", "top"),
            ("n", "3"),
            ("shape", "single"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let row = phases_of(&app, id).await.remove(0);
    let names: Vec<String> = serde_json::from_str(&row.entrants).unwrap();
    let expected: Vec<String> = table.iter().take(3).map(|r| r.name.clone()).collect();
    assert_eq!(names, expected);
    for (lang, said) in [
        (
            "es",
            "El corte pasó por un puesto compartido (3.º ex aequo): lo decidió el orden de la clasificación (cabezas de serie primero, luego orden de inscripción)",
        ),
        (
            "ca",
            "El tall va passar per un lloc compartit (lloc 3, ex aequo)",
        ),
        (
            "en",
            "The cut went through a shared place (place 3, ex aequo)",
        ),
    ] {
        let res = app
            .get_with_lang(&format!("/cuadros/{}", row.id), lang)
            .await;
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let body = html.root_element().text().collect::<String>();
        assert!(body.contains(said), "{lang}: {body}");
    }
}
