//! A championship from scratch, in a real headless Chromium on phones, as a new club
//! meets Baza: the first administrator and club at *Primeros pasos*, a cuatrola
//! championship with the form's defaults, eight pairs, three Swiss rounds (two tables
//! a round played hand by hand on the pairs' own phones, the others typed by the
//! director), a knockout of four seeded from the standings and played to the final,
//! and the champion at the top of the championship's page, the wall and the print.

use serde_json::json;
use std::collections::HashSet;
use std::time::Duration;

use crate::browser::{Browser, PHONE, quick_hand_for_pair_a};
use crate::helpers::TestApp;

/// One table as its slip gives it: the table's page and each pair's PIN, read from
/// that pair's own half of the slip.
struct Slip {
    path: String,
    stage: String,
    pins: [String; 2],
}

/// Every slip printed at `url` (a round's or a phase's), as the director's browser
/// reads them. Each half carries one PIN, its own pair's; each slip its four seats
/// and who deals first, one of them.
async fn slips(director: &Browser, app: &TestApp, url: &str) -> Vec<Slip> {
    director.goto(&app.url(url)).await;
    director.wait_for(".slip").await;
    let found = director
        .eval(
            "return [...document.querySelectorAll('.slip')].map(s => ({
               path: s.querySelector('.table-path').textContent.trim(),
               stage: (s.querySelector('.stage') || {textContent: ''}).textContent.trim(),
               a: [...s.querySelectorAll('.pin-a .pin')].map(e => e.textContent.trim()),
               b: [...s.querySelectorAll('.pin-b .pin')].map(e => e.textContent.trim()),
               seats: [...s.querySelectorAll('.slip-seat')].map(e => e.textContent.split(': ')[1]),
               dealer: (s.querySelector('.slip-dealer') || {textContent: ''}).textContent.split(': ')[1],
             }))",
        )
        .await;
    let list = found.as_array().cloned().unwrap_or_default();
    list.iter()
        .map(|s| {
            let one = |side: &str| {
                let pins = s[side].as_array().cloned().unwrap_or_default();
                assert_eq!(pins.len(), 1, "one PIN on pair {side}'s half: {s}");
                pins[0].as_str().unwrap_or_default().to_owned()
            };
            let (a, b) = (one("a"), one("b"));
            assert_ne!(a, b, "each pair its own PIN");
            let seats = s["seats"].as_array().cloned().unwrap_or_default();
            assert_eq!(seats.len(), 4, "four seats on the slip: {s}");
            assert!(seats.contains(&s["dealer"]), "the first dealer sits: {s}");
            Slip {
                path: s["path"].as_str().unwrap_or_default().to_owned(),
                stage: s["stage"].as_str().unwrap_or_default().to_owned(),
                pins: [a, b],
            }
        })
        .collect()
}

/// Pair a's phone opens its table with its PIN and plays its game to 21 hand by
/// hand, every hand typed on the game's own page; pair b's phone opens the table with
/// its own PIN and signs. Returns the confirmed score as the table page shows it.
async fn play_at_table(app: &TestApp, phones: &[Browser; 2], slip: &Slip) -> String {
    let [keeper, other] = phones;
    keeper.goto(&app.url(&slip.path)).await;
    keeper
        .fill("form.pin-form input[name=pin]", &slip.pins[0])
        .await;
    keeper.submit("form.pin-form button[type=submit]").await;
    keeper.submit("a.play-game").await;
    let game = keeper.path().await;
    assert!(game.starts_with("/partidas/"), "{game}");
    keeper.assert_fits(PHONE.0, "game page").await;
    let mut totals = [0i64, 0];
    let mut hands = 0;
    while totals[0] < 21 {
        let (fields, points) = quick_hand_for_pair_a(totals[0]);
        if keeper.count("section.hand-entry form.hand-form").await != 1 {
            keeper.screenshot().await;
            panic!(
                "no hand form on {game}: {}",
                keeper
                    .eval("return document.querySelector('main').innerText")
                    .await
            );
        }
        for (name, value) in &fields {
            let select = format!("form.hand-form select[name='{name}']");
            if keeper.count(&select).await == 1 {
                keeper.choose(name, value).await;
            } else {
                keeper
                    .fill(&format!("form.hand-form [name='{name}']"), value)
                    .await;
            }
        }
        keeper.submit("form.hand-form button[type=submit]").await;
        assert_eq!(keeper.path().await, game, "one page load a hand");
        totals[0] += points;
        hands += 1;
        assert_eq!(
            keeper.text(".big-score").await,
            format!("{} – {}", totals[0], totals[1]),
            "hand {hands} saved"
        );
        assert!(hands < 12, "the game should be over by now");
    }
    let score = format!("{} – {}", totals[0], totals[1]);
    keeper.submit("p.table-banner a").await;
    assert_eq!(keeper.path().await, slip.path);
    assert_eq!(keeper.text(".proposal strong").await, score);

    other.goto(&app.url(&slip.path)).await;
    other
        .fill("form.pin-form input[name=pin]", &slip.pins[1])
        .await;
    other.submit("form.pin-form button[type=submit]").await;
    assert_eq!(other.text(".proposal strong").await, score);
    other.submit("form.sign-form button[type=submit]").await;
    other.wait_for(".table-status.final").await;
    assert_eq!(other.text(".table-status.final").await, score);
    score
}

/// The director types a table's final result on the table's page (its phone died).
async fn type_result(director: &Browser, app: &TestApp, path: &str, a: u32, b: u32) {
    director.goto(&app.url(path)).await;
    director
        .fill("form.score-form input[name=score_a]", &a.to_string())
        .await;
    director
        .fill("form.score-form input[name=score_b]", &b.to_string())
        .await;
    director.submit("form.score-form button[type=submit]").await;
    director.wait_for(".table-status.final").await;
    assert_eq!(
        director.text(".table-status.final").await,
        format!("{a} – {b}")
    );
}

/// The director's page, once it shows what `css` picks.
async fn director_page(director: &Browser, app: &TestApp, id: &str, css: &str) {
    director
        .goto(&app.url(&format!("/campeonatos/{id}/direccion")))
        .await;
    director.wait_for(css).await;
}

#[tokio::test]
async fn in_a_browser_a_new_club_runs_a_cuatrola_championship_from_scratch_to_its_champion() {
    let Some(director) = Browser::start("day_director").await else {
        return;
    };
    let mut phones = Vec::new();
    for name in ["day_t1_a", "day_t1_b", "day_t2_a", "day_t2_b"] {
        let Some(b) = Browser::start(name).await else {
            return;
        };
        b.viewport(PHONE.0, PHONE.1).await;
        phones.push(b);
    }
    let mut phones = phones.into_iter();
    let mut pair = || -> [Browser; 2] {
        let a = phones.next().expect("phone");
        let b = phones.next().expect("phone");
        [a, b]
    };
    let tables = [pair(), pair()];
    let app = TestApp::spawn().await;
    director.viewport(PHONE.0, PHONE.1).await;

    // Primeros pasos: the administrator and the club, whose usual game is cuatrola.
    director.goto(&app.url("/")).await;
    director.submit("a[href='/primeros-pasos']").await;
    director.fill("input[name=username]", "marisa").await;
    director.fill("input[name=password]", "sota-de-oros").await;
    director.fill("input[name=confirm]", "sota-de-oros").await;
    director.fill("input[name=club]", "Peña La Cuatrola").await;
    director.fill("input[name=town]", "Huesca").await;
    director.choose("game", "cuatrola").await;
    director
        .submit("form[action='/primeros-pasos'] button[type=submit]")
        .await;
    let club = director.path().await;
    assert!(club.starts_with("/clubes/"), "{club}");

    // A championship with the form's defaults: the club's game, its match format.
    director.submit("a[href$='/campeonatos/nuevo']").await;
    director.assert_fits(PHONE.0, "new championship form").await;
    assert_eq!(
        director
            .eval("return document.querySelector('select[name=game]').value")
            .await,
        "cuatrola",
        "the form starts from the club's usual game"
    );
    // Only the fields of the chosen system show: a Swiss asks for its rounds, not for
    // groups or losses; choosing the sistema de ceros asks for its losses instead.
    let hidden = "return ['rounds', 'groups', 'losses'].map(n =>
        document.querySelector('input[name=' + n + ']').closest('label').hidden)";
    assert_eq!(director.eval(hidden).await, json!([false, true, true]));
    director.choose("system", "ceros").await;
    assert_eq!(director.eval(hidden).await, json!([true, true, false]));
    director.choose("system", "swiss").await;
    assert_eq!(director.eval(hidden).await, json!([false, true, true]));
    director
        .fill("input[name=name]", "Campeonato de San Andrés")
        .await;
    director.fill("input[name=rounds]", "3").await;
    director.submit("form button[type=submit].button").await;
    let home = director.path().await;
    assert!(home.ends_with("/direccion"), "created: {home}");
    let id = home
        .trim_start_matches("/campeonatos/")
        .trim_end_matches("/direccion")
        .to_owned();

    // Eight pairs, typed one by one.
    let pairs = [
        "Ana – Berta",
        "Carlos – Dani",
        "Elena – Fermín",
        "Gloria – Héctor",
        "Inés – Jaime",
        "Lucía – Marcos",
        "Nieves – Óscar",
        "Pilar – Quique",
    ];
    for name in pairs {
        director
            .fill("form.entrant-form input[name=name]", name)
            .await;
        director
            .submit("form.entrant-form button[type=submit]")
            .await;
    }
    assert_eq!(director.count("table.entrants tbody tr").await, 8);

    // Three Swiss rounds.
    for round in 1..=3u32 {
        director_page(&director, &app, &id, "form.pair-form").await;
        director
            .fill("form.pair-form input[name=tables]", "4")
            .await;
        director.submit("form.pair-form button[type=submit]").await;
        let publish = format!("form[action$='/rondas/{round}/publicar'] button[type=submit]");
        director.wait_for(&publish).await;
        director.submit(&publish).await;
        let round_slips = slips(
            &director,
            &app,
            &format!("/campeonatos/{id}/imprimir/actas?ronda={round}"),
        )
        .await;
        assert_eq!(round_slips.len(), 4, "four tables in round {round}");
        // Each pair its own PIN: two different ones on every slip (PINs of different
        // tables may meet by chance: a PIN opens only its own table).
        for slip in &round_slips {
            let pins: HashSet<&String> = slip.pins.iter().collect();
            assert_eq!((slip.pins.len(), pins.len()), (2, 2), "one PIN a pair");
        }
        for (slip, phones) in round_slips.iter().zip(&tables) {
            play_at_table(&app, phones, slip).await;
        }
        for slip in &round_slips[2..] {
            type_result(&director, &app, &slip.path, 21, 12).await;
        }
        director_page(&director, &app, &id, "table.pairings").await;
        // On a phone a row says its table once when the hall's table is the same.
        let row = director
            .eval(&format!(
                "return document.querySelector('#ronda-{round} tr[data-table=\"1\"]').innerText"
            ))
            .await;
        let row = row.as_str().unwrap_or_default();
        assert!(
            row.starts_with("Mesa 1 ·") && !row.contains("física"),
            "{row}"
        );
        assert_eq!(
            director
                .count(&format!("#ronda-{round} tr.status-final"))
                .await,
            4,
            "round {round} confirmed"
        );
    }

    // The Swiss leader, before the knockout.
    director.goto(&app.url(&format!("/campeonatos/{id}"))).await;
    let leader = director
        .text("table.standings tbody tr:first-child td:nth-child(2)")
        .await;
    assert!(!leader.is_empty(), "the standings have a leader");

    // A knockout of four seeded from the standings.
    director_page(&director, &app, &id, "form.phase-form").await;
    director.fill("form.phase-form input[name=n]", "4").await;
    director.submit("form.phase-form button[type=submit]").await;
    director.wait_for(".phase").await;
    let phase = director
        .eval("return document.querySelector('.phase').id.replace('fase-', '')")
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let semis = slips(
        &director,
        &app,
        &format!("/campeonatos/{id}/imprimir/actas?fase={phase}"),
    )
    .await;
    assert_eq!(semis.len(), 2, "two semifinals");
    for s in &semis {
        assert!(s.stage.to_lowercase().contains("semifinal"), "{}", s.stage);
    }
    // One semifinal hand by hand, the other typed.
    play_at_table(&app, &tables[0], &semis[0]).await;
    type_result(&director, &app, &semis[1].path, 21, 9).await;

    // The final, once both semifinals are confirmed, hand by hand.
    let mut final_slip = None;
    for _ in 0..20 {
        let all = slips(
            &director,
            &app,
            &format!("/campeonatos/{id}/imprimir/actas?fase={phase}"),
        )
        .await;
        final_slip = all
            .into_iter()
            .find(|s| s.stage.to_lowercase().starts_with("final"));
        if final_slip.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let final_slip = final_slip.expect("the final's slip");
    play_at_table(&app, &tables[1], &final_slip).await;

    // The champion: pair a of the final (it won every hand), at the top of the
    // championship's page, the wall and the printed ranking.
    let finalist_a = tables[1][0].text("h1.match-title .pair-name").await;
    director.goto(&app.url(&format!("/campeonatos/{id}"))).await;
    let champion = director.text(".champion").await;
    assert!(!champion.is_empty(), "the page names its champion");
    let first = director
        .text("table.final-ranking tbody tr:first-child .finalist strong")
        .await;
    assert!(champion.contains(&first), "{champion} / {first}");
    assert_eq!(first, finalist_a, "the final's winner is the champion");
    assert_eq!(director.count("table.final-ranking tbody tr").await, 8);
    director.assert_fits(PHONE.0, "championship page").await;
    for page in ["directo", "imprimir/clasificacion"] {
        director
            .goto(&app.url(&format!("/campeonatos/{id}/{page}")))
            .await;
        director.wait_for("table.final-ranking").await;
        assert_eq!(
            director
                .text("table.final-ranking tbody tr:first-child .finalist strong")
                .await,
            first,
            "{page}: the champion first"
        );
    }
    director.screenshot().await;
}
