//! People across clubs over HTTP: a championship of twelve pairs from four clubs,
//! one woman who changed clubs in the middle of the season and entered under a typed
//! name, linked to her person afterwards. The ratings and the circuit are computed
//! here from the results the test entered and compared with what Baza shows.

use std::collections::BTreeMap;

use baza::domain::rating::{self, Config, Period, Played};
use reqwest::StatusCode;

use crate::from_scratch::{form_values, post_fields, set};
use crate::helpers::{TestApp, post_form_as, texts};

const CLUBS: [(&str, &str); 4] = [
    ("Peña El Tres", "Huete"),
    ("Club Parchís", "Uclés"),
    ("Hogar del Jubilado", "Belmonte"),
    ("Casino de Tarancón", "Tarancón"),
];

/// Six people of each club; Rosa Cuesta (club 0) moves to club 1 mid-season.
const PEOPLE: [[&str; 6]; 4] = [
    [
        "Rosa Cuesta",
        "Andrés Nieto",
        "Marta Alonso",
        "Julián Barrios",
        "Teresa Gallego",
        "Luis Marcos",
    ],
    [
        "Tomás Díez",
        "Vicente Herrero",
        "Sonia Iglesias",
        "Agustín Pascual",
        "Isabel Vega",
        "Joaquín Zamora",
    ],
    [
        "Amparo Escudero",
        "Felipe Fuentes",
        "Rafael Juárez",
        "Eva Lorenzo",
        "Beatriz Ramos",
        "Emilio Santos",
    ],
    [
        "Clara Quintana",
        "Fernando Toledo",
        "Gregorio Urbano",
        "Lorenzo Yagüe",
        "María Benito",
        "Óscar Pardo",
    ],
];

const ROSA: &str = "Rosa Cuesta";

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

/// The person and player row of `name` in club `club`.
async fn member(app: &TestApp, club: i32, name: &'static str) -> (i32, i32) {
    app.with_conn(move |c| {
        let p = baza::db::queries::club_players(c, club)
            .unwrap()
            .into_iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("{name} in club {club}"));
        (p.person_id, p.id)
    })
    .await
}

/// A finished cuatrola game to 11 in `club`: seats 0 and 2 against 1 and 3; the side
/// `winner` wins with a solo (2), a quintola (5) and a cuatrola (4).
async fn finished_game(app: &TestApp, club: i32, seats: [&str; 4], winner: usize) {
    let csrf = app.csrf().await;
    let mut form: Vec<(String, String)> = vec![
        ("csrf".into(), csrf),
        ("game".into(), "cuatrola".into()),
        ("players".into(), "4".into()),
        ("first_dealer".into(), "3".into()),
        ("opt.target".into(), "11".into()),
    ];
    for (i, n) in seats.iter().enumerate() {
        form.push((format!("seat_{i}"), (*n).into()));
    }
    let res = app
        .client
        .post(app.url(&format!("/clubes/{club}/partidas/nueva")))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "game started");
    let game = res.headers()["location"].to_str().unwrap().to_owned();
    let bidder = if winner == 0 { "0" } else { "1" };
    let (mine, theirs) = ("70", "30");
    let side = winner.to_string();
    let hands: Vec<Vec<(String, String)>> = vec![
        vec![
            ("trump".into(), "o".into()),
            ("bid".into(), "solo".into()),
            ("bidder".into(), bidder.into()),
            (format!("card_points_side{winner}"), mine.into()),
            (format!("card_points_side{}", 1 - winner), theirs.into()),
            ("last_trick_side".into(), side.clone()),
            ("cante_seat_0".into(), bidder.into()),
            ("cante_suit_0".into(), "o".into()),
        ],
        vec![
            ("trump".into(), "c".into()),
            ("bid".into(), "quintola".into()),
            ("bidder".into(), bidder.into()),
            ("soloist_tricks".into(), "5".into()),
        ],
        vec![
            ("trump".into(), "e".into()),
            ("bid".into(), "cuatrola".into()),
            ("bidder".into(), bidder.into()),
            ("soloist_tricks".into(), "4".into()),
        ],
    ];
    for (n, hand) in hands.into_iter().enumerate() {
        let page = app.page(&game, StatusCode::OK).await;
        let version = crate::helpers::attr(&page, ".big-score", "data-version").unwrap();
        let mut fields = hand;
        fields.push(("version".into(), version));
        fields.push(("submission".into(), format!("{game}-{n}")));
        let res = post_fields(app, &app.client, &format!("{game}/mano"), &fields).await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "{}",
            res.text().await.unwrap()
        );
    }
    let page = app.page(&game, StatusCode::OK).await;
    assert_eq!(texts(&page, ".winner").len(), 1, "the game is over");
}

/// The rows of the championship's standings CSV: (place, entrant name).
async fn places(app: &TestApp, id: i32) -> BTreeMap<String, u32> {
    let body = app
        .text_as(&app.client, &format!("/campeonatos/{id}/clasificacion.csv"))
        .await;
    let delimiter = if body.lines().next().unwrap_or_default().contains(';') {
        b';'
    } else {
        b','
    };
    csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .from_reader(body.trim_start_matches('\u{feff}').as_bytes())
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[1].to_owned(), r[0].parse().unwrap())
        })
        .collect()
}

#[tokio::test]
async fn a_championship_of_four_clubs_rates_and_ranks_people_including_one_who_moved_and_was_linked_late()
 {
    let app = TestApp::spawn().await;
    let pw = app.add_user("admin", "admin", None).await;
    app.login(&app.client, "admin", &pw).await;
    let clubs: Vec<i32> = app
        .with_conn(|c| {
            CLUBS
                .iter()
                .map(|(name, town)| {
                    baza::db::queries::insert_club(
                        c,
                        &baza::db::queries::NewClub {
                            name,
                            town,
                            created_at: baza::web::account::now(),
                        },
                    )
                    .unwrap()
                })
                .collect()
        })
        .await;

    // Twenty-four people join their clubs through the club pages.
    for (k, names) in PEOPLE.iter().enumerate() {
        for name in names {
            // Rosa has played for her first club since January.
            let joined = if *name == ROSA { "2026-01-10" } else { "" };
            let res = post(
                &app,
                &format!("/clubes/{}/jugadores", clubs[k]),
                &[("name", name), ("joined_on", joined)],
            )
            .await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} added");
        }
    }
    let mut person: BTreeMap<&str, i32> = BTreeMap::new();
    for (k, names) in PEOPLE.iter().enumerate() {
        for name in names {
            person.insert(name, member(&app, clubs[k], name).await.0);
        }
    }
    assert_eq!(
        person
            .values()
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        24
    );

    // Rosa wins a game at her first club, then leaves it for the Club Parchís, where
    // she is found as the same person, and loses a game there.
    finished_game(
        &app,
        clubs[0],
        [ROSA, "Andrés Nieto", "Marta Alonso", "Julián Barrios"],
        0,
    )
    .await;
    let (_, rosa_row) = member(&app, clubs[0], ROSA).await;
    let res = post(
        &app,
        &format!("/clubes/{}/jugadores/{rosa_row}/baja", clubs[0]),
        &[("left_on", "2026-06-30")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "Rosa leaves");
    let res = post(
        &app,
        &format!("/clubes/{}/jugadores", clubs[1]),
        &[("name", "rosa cuesta")],
    )
    .await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "the candidates are shown first"
    );
    let body = res.text().await.unwrap();
    assert!(body.contains(ROSA) && body.contains(CLUBS[0].0), "{body}");
    let rosa = person[ROSA];
    let res = post(
        &app,
        &format!("/clubes/{}/jugadores", clubs[1]),
        &[
            ("name", ROSA),
            ("person", &rosa.to_string()),
            ("joined_on", "2026-07-01"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "Rosa joins Parchís");
    assert_eq!(member(&app, clubs[1], ROSA).await.0, rosa, "one person");
    finished_game(
        &app,
        clubs[1],
        [ROSA, "Tomás Díez", "Vicente Herrero", "Sonia Iglesias"],
        1,
    )
    .await;

    // A Swiss of three rounds organised by the first club, results typed by the
    // director.
    let html = app
        .page(
            &format!("/clubes/{}/campeonatos/nuevo", clubs[0]),
            StatusCode::OK,
        )
        .await;
    let mut fields = form_values(&html, "form.tournament-form");
    set(&mut fields, "name", "Campeonato comarcal de cuatrola");
    set(&mut fields, "game", "cuatrola");
    set(&mut fields, "rounds", "3");
    set(&mut fields, "entry", "result");
    let res = post_fields(
        &app,
        &app.client,
        &format!("/clubes/{}/campeonatos/nuevo", clubs[0]),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "championship created");
    let id: i32 = crate::from_scratch::id_of(&res);

    // Twelve pairs, each of two people of different clubs; Rosa's pair is typed by
    // name for her, picked for her partner.
    let all: Vec<(&str, usize)> = PEOPLE
        .iter()
        .enumerate()
        .flat_map(|(k, names)| names.iter().map(move |n| (*n, k)))
        .collect();
    let mut pairs: Vec<[(&str, usize); 2]> = Vec::new();
    for i in 0..12 {
        // Person i with person i + 12: club k with club k + 2.
        pairs.push([all[i], all[i + 12]]);
    }
    for (i, [(a, ka), (b, kb)]) in pairs.iter().enumerate() {
        let club_a = if *a == ROSA { CLUBS[1].0 } else { CLUBS[*ka].0 };
        let pa = person[a].to_string();
        let pb = person[b].to_string();
        let mut form = vec![
            ("player1", *a),
            ("player2", *b),
            ("club1", club_a),
            ("club2", CLUBS[*kb].0),
            ("person2", pb.as_str()),
        ];
        if *a != ROSA {
            form.push(("person1", pa.as_str()));
        }
        let res = post(&app, &format!("/campeonatos/{id}/inscritos"), &form).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "pair {i} registered");
    }
    let mut results: Vec<(u32, [usize; 2], [u32; 2])> = Vec::new();
    for round in 1..=3u32 {
        let res = post(
            &app,
            &format!("/campeonatos/{id}/rondas"),
            &[("tables", "")],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "round {round} paired");
        let res = post(
            &app,
            &format!("/campeonatos/{id}/rondas/{round}/publicar"),
            &[],
        )
        .await;
        assert_eq!(
            res.status(),
            StatusCode::SEE_OTHER,
            "round {round} published"
        );
        let tables = app
            .with_conn(move |c| {
                let t = baza::db::championship::store::load(c, id).unwrap().unwrap();
                let r = t.round(round).unwrap();
                r.pairings
                    .iter()
                    .filter_map(|p| match p {
                        baza::domain::tournament::Pairing::Table(t) => Some((
                            t.table,
                            t.a.parse::<usize>().unwrap() - 1,
                            t.b.parse::<usize>().unwrap() - 1,
                        )),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            })
            .await;
        assert_eq!(tables.len(), 6);
        for (table, a, b) in tables {
            // The pair registered first wins 21 to a score that differs by table.
            let loser = 3 + table + round;
            let score = if a < b { [21, loser] } else { [loser, 21] };
            let version = app
                .with_conn(move |c| {
                    baza::db::championship::store::find_table(c, id, round as i32, table as i32)
                        .unwrap()
                        .unwrap()
                        .version
                        .to_string()
                })
                .await;
            let res = post(
                &app,
                &format!("/campeonatos/{id}/rondas/{round}/mesas/{table}"),
                &[
                    ("score_a", &score[0].to_string()),
                    ("score_b", &score[1].to_string()),
                    ("version", &version),
                ],
            )
            .await;
            assert_eq!(
                res.status(),
                StatusCode::SEE_OTHER,
                "round {round} table {table}"
            );
            results.push((round, [a, b], score));
        }
    }

    // Rosa's pair is not linked yet: the director is asked whether she is Rosa.
    let rosa_pair = pairs.iter().position(|p| p[0].0 == ROSA).unwrap();
    let eid = (rosa_pair + 1).to_string();
    let page = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    let text = page.root_element().text().collect::<String>();
    assert!(
        text.contains(&format!("¿Es {ROSA}")),
        "a suggestion for Rosa"
    );
    let res = post(
        &app,
        &format!("/campeonatos/{id}/inscritos/{eid}/vincular"),
        &[("slot", "0"), ("person", &rosa.to_string())],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "Rosa linked");

    // The ratings, computed here: the championship's three rounds, then each club's
    // day of games (the order Baza keeps: the day's championship rounds first, then
    // the clubs' games, each club by its number).
    let of = |i: usize| vec![person[pairs[i][0].0], person[pairs[i][1].0]];
    let mut periods: Vec<Period> = (1..=3u32)
        .map(|round| Period {
            label: format!("round {round}"),
            games: results
                .iter()
                .filter(|r| r.0 == round)
                .map(|(_, [a, b], score)| Played::Pairs {
                    a: of(*a),
                    b: of(*b),
                    score_a: if score[0] > score[1] { 1.0 } else { 0.0 },
                })
                .collect(),
        })
        .collect();
    let side = |names: [&str; 2]| names.map(|n| person[n]).to_vec();
    periods.push(Period {
        label: "club 0".into(),
        games: vec![Played::Pairs {
            a: side([ROSA, "Marta Alonso"]),
            b: side(["Andrés Nieto", "Julián Barrios"]),
            score_a: 1.0,
        }],
    });
    periods.push(Period {
        label: "club 1".into(),
        games: vec![Played::Pairs {
            a: side([ROSA, "Vicente Herrero"]),
            b: side(["Tomás Díez", "Sonia Iglesias"]),
            score_a: 0.0,
        }],
    });
    let config = Config::default();
    let expected = rating::replay(&periods, &config);
    let shown = app
        .with_conn(|c| baza::db::ratings::compute(c, Config::default()).unwrap())
        .await;
    let table = shown.table(baza::domain::GameKind::Cuatrola);
    assert_eq!(table.len(), 24, "every person is rated once");
    for (p, r, games) in table {
        let want = expected.current[&p.id];
        assert!(
            (r.rating - want.rating).abs() < 1e-9,
            "{} {r:?} {want:?}",
            p.name
        );
        assert!((r.rd - want.rd).abs() < 1e-9, "{}", p.name);
        let played: u32 = expected.points[&p.id].iter().map(|x| x.games).sum();
        assert_eq!(games, played, "{}", p.name);
    }
    let rosa_games: u32 = expected.points[&rosa].iter().map(|x| x.games).sum();
    assert_eq!(rosa_games, 5, "three rounds and two club games");

    // A circuit over the championship: each person scores her pair's place.
    let res = post(
        &app,
        &format!("/clubes/{}/circuitos/nuevo", clubs[0]),
        &[
            ("name", "Circuito comarcal 2026"),
            ("points", "100, 80, 65, 55, 50, 45, 40, 36, 32, 29, 26, 24"),
            ("floor", "10"),
            ("best", "1"),
            ("event", &id.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "circuit created");
    let circuit: i32 = res.headers()["location"]
        .to_str()
        .unwrap()
        .trim_start_matches("/circuitos/")
        .parse()
        .unwrap();
    let points = [100, 80, 65, 55, 50, 45, 40, 36, 32, 29, 26, 24];
    let place = places(&app, id).await;
    assert_eq!(place.len(), 12);
    let mut want: BTreeMap<String, u32> = BTreeMap::new();
    let names = app
        .with_conn(move |c| {
            let t = baza::db::championship::store::load(c, id).unwrap().unwrap();
            t.file
                .entrants
                .iter()
                .map(|e| e.name.clone())
                .collect::<Vec<_>>()
        })
        .await;
    for (i, pair) in pairs.iter().enumerate() {
        let p = place[&names[i]];
        for (name, _) in pair {
            want.insert((*name).to_owned(), points[p as usize - 1]);
        }
    }
    let got: BTreeMap<String, u32> = crate::circuits::shown(&app, circuit)
        .await
        .into_iter()
        .collect();
    assert_eq!(got, want);

    // Rosa's page: both clubs, the championship and her two club games.
    let page = app
        .page(&format!("/jugadores/{rosa}"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&page, ".club-spans a"),
        vec![CLUBS[0].0.to_owned(), CLUBS[1].0.to_owned()]
    );
    let text = page.root_element().text().collect::<String>();
    assert!(text.contains("Campeonato comarcal de cuatrola"), "{text}");
    assert!(texts(&page, ".club-spans li")[0].contains("30/06/2026"));
    assert_eq!(
        texts(&page, "ul.games li.card").len(),
        2,
        "a game at each of her clubs"
    );
    let hrefs: Vec<String> = page
        .select(&scraper::Selector::parse("ul.games li.card a").unwrap())
        .map(|a| a.value().attr("href").unwrap().to_owned())
        .collect();
    assert!(
        hrefs.iter().all(|h| h.starts_with("/partidas/")),
        "{hrefs:?}"
    );
}
