//! A club's people as organisers look after them: rename, merge duplicates, retire
//! and reactivate players and pairs; Spanish sort order; the search page.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, new_client, post_form_as, texts};
use baza::db::queries;

/// A club with players, an organiser signed in on `app.client`; returns the club.
async fn club_with(app: &TestApp, players: &[&str]) -> i32 {
    let names: Vec<String> = players.iter().map(|s| s.to_string()).collect();
    let club = app
        .with_conn(move |conn| {
            let club = queries::insert_club(
                conn,
                &queries::NewClub {
                    name: "Peña Ñandú",
                    town: "Tarancón",
                    created_at: baza::web::account::now(),
                },
            )
            .unwrap();
            for n in &names {
                baza::db::register::add_member(conn, club, n, None, baza::web::account::now())
                    .unwrap();
            }
            club
        })
        .await;
    let pw = app.add_user("org", "organiser", Some(club)).await;
    app.login(&app.client, "org", &pw).await;
    club
}

async fn post(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    post_form_as(app, &app.client, path, fields).await
}

async fn player_id(app: &TestApp, club: i32, name: &str) -> Option<i32> {
    let name = name.to_owned();
    app.with_conn(move |conn| {
        queries::club_players(conn, club)
            .unwrap()
            .into_iter()
            .find(|p| p.name == name)
            .map(|p| p.id)
    })
    .await
}

async fn pid(app: &TestApp, club: i32, name: &str) -> i32 {
    player_id(app, club, name).await.expect("player")
}

/// Starts a two-player tute game seating `a` and `b`; returns its id.
async fn game(app: &TestApp, club: i32, a: &str, b: &str) -> i32 {
    let res = post(
        app,
        &format!("/clubes/{club}/partidas/nueva"),
        &[
            ("game", "tute"),
            ("players", "2"),
            ("first_dealer", "0"),
            ("seat_0", a),
            ("seat_1", b),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "new game");
    let loc = res.headers()["location"].to_str().unwrap().to_owned();
    loc.trim_start_matches("/partidas/").parse().unwrap()
}

async fn seats(app: &TestApp, id: i32) -> Vec<String> {
    app.with_conn(move |conn| {
        let g = baza::db::games::find_game(conn, id).unwrap().unwrap();
        serde_json::from_str(&g.seats).unwrap()
    })
    .await
}

/// A Swiss championship of the club with these entrants; returns its id.
async fn championship(app: &TestApp, club: i32, name: &str, entrants: &[&str]) -> i32 {
    let res = post(
        app,
        &format!("/clubes/{club}/campeonatos/nuevo"),
        &[
            ("name", name),
            ("game", "cuatrola"),
            ("starts_on", "2026-11-28"),
            ("system", "swiss"),
            ("rounds", "3"),
            ("groups", "1"),
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
            ("tb3", "points_for"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "new championship");
    let id: i32 = crate::from_scratch::id_of(&res);
    for e in entrants {
        let res = post(app, &format!("/campeonatos/{id}/inscritos"), &[("name", e)]).await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "entrant {e}");
    }
    id
}

async fn entrant_names(app: &TestApp, id: i32) -> Vec<String> {
    app.with_conn(move |conn| {
        let t = baza::db::championship::store::load(conn, id)
            .unwrap()
            .unwrap();
        t.file.entrants.iter().map(|e| e.name.clone()).collect()
    })
    .await
}

async fn audit_rows(app: &TestApp, club: i32) -> Vec<baza::db::accounts::AuditEntry> {
    app.with_conn(move |conn| baza::db::accounts::club_audit(conn, club).unwrap())
        .await
}

async fn body(res: reqwest::Response) -> String {
    res.text().await.unwrap()
}

#[tokio::test]
async fn an_organiser_renames_a_player_and_the_games_follow_the_new_name() {
    let app = TestApp::spawn().await;
    let club = club_with(&app, &["Berta", "Carmen"]).await;
    let g = game(&app, club, "Berta", "Carmen").await;
    let berta = pid(&app, club, "Berta").await;
    let form = body(
        app.get(&format!("/clubes/{club}/jugadores/{berta}/editar"))
            .await,
    )
    .await;
    assert!(form.contains("value=\"Berta\""), "the form shows the name");
    let res = post(
        &app,
        &format!("/clubes/{club}/jugadores/{berta}/editar"),
        &[("name", "Berta Ruiz")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(player_id(&app, club, "Berta Ruiz").await, Some(berta));
    assert_eq!(seats(&app, g).await, ["Berta Ruiz", "Carmen"]);
    let audit = audit_rows(&app, club).await;
    let row = audit
        .iter()
        .find(|a| a.entity == "player" && a.action == "update")
        .expect("rename audited");
    assert!(row.before_json.as_deref().unwrap().contains("Berta"));
    assert!(row.after_json.as_deref().unwrap().contains("Berta Ruiz"));
}

#[tokio::test]
async fn a_bad_rename_shows_the_form_again_with_what_was_typed_and_what_to_fix() {
    let app = TestApp::spawn().await;
    let club = club_with(&app, &["Berta", "Carmen"]).await;
    let berta = pid(&app, club, "Berta").await;
    let url = format!("/clubes/{club}/jugadores/{berta}/editar");
    let res = post(&app, &url, &[("name", "Carmen")]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = body(res).await;
    assert!(page.contains("Ya hay alguien con ese nombre"), "{page}");
    assert!(
        page.contains("value=\"Carmen\""),
        "what was typed comes back"
    );
    let res = post(&app, &url, &[("name", "   ")]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body(res).await.contains("Escribe el nombre"));
    assert_eq!(
        player_id(&app, club, "Berta").await,
        Some(berta),
        "unchanged"
    );
}

#[tokio::test]
async fn merging_duplicates_moves_games_pairs_and_entrants_to_the_kept_player_and_audits_it() {
    let app = TestApp::spawn().await;
    let club = club_with(&app, &["Óscar Pérez", "Oscar Perez", "Ana", "Berta"]).await;
    let keep = pid(&app, club, "Óscar Pérez").await;
    let drop = pid(&app, club, "Oscar Perez").await;
    let ana = pid(&app, club, "Ana").await;
    let res = post(
        &app,
        &format!("/clubes/{club}/parejas"),
        &[
            ("name", "Los Óscar"),
            ("player1", &drop.to_string()),
            ("player2", &ana.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let g = game(&app, club, "Oscar Perez", "Berta").await;
    let champ = championship(&app, club, "Open de Otoño", &["Oscar Perez", "Ana"]).await;

    // The merge asks first, on a page of its own (no script needed).
    let confirm = body(
        app.get(&format!(
            "/clubes/{club}/jugadores/{keep}/fusionar?con={drop}&conservar=este"
        ))
        .await,
    )
    .await;
    assert!(confirm.contains("Se conserva Óscar Pérez."), "{confirm}");
    assert!(confirm.contains("Oscar Perez desaparece"));
    assert!(confirm.contains(&format!("name=\"quitar\" value=\"{drop}\"")));
    assert_eq!(
        player_id(&app, club, "Oscar Perez").await,
        Some(drop),
        "nothing yet"
    );

    let res = post(
        &app,
        &format!("/clubes/{club}/jugadores/fusionar"),
        &[
            ("conservar", &keep.to_string()),
            ("quitar", &drop.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(player_id(&app, club, "Oscar Perez").await, None);
    assert_eq!(seats(&app, g).await, ["Óscar Pérez", "Berta"]);
    assert_eq!(entrant_names(&app, champ).await, ["Óscar Pérez", "Ana"]);
    let pairs = app
        .with_conn(move |conn| queries::club_pairs(conn, club).unwrap())
        .await;
    assert_eq!((pairs[0].player1_id, pairs[0].player2_id), (keep, ana));
    let audit = audit_rows(&app, club).await;
    let row = audit
        .iter()
        .find(|a| a.entity == "player" && a.action == "merge")
        .expect("merge audited");
    assert_eq!(row.entity_id, keep);
    let before: Value = serde_json::from_str(row.before_json.as_deref().unwrap()).unwrap();
    assert_eq!(before["merged"]["name"], "Oscar Perez");
    let after: Value = serde_json::from_str(row.after_json.as_deref().unwrap()).unwrap();
    assert_eq!(after["moved"]["games"], 1);
    assert_eq!(after["moved"]["pairs"], 1);
    assert_eq!(after["moved"]["championships"], 1);
}

#[tokio::test]
async fn a_merge_that_would_seat_one_person_twice_is_refused_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let club = club_with(&app, &["Óscar Pérez", "Oscar Perez", "Ana", "Berta"]).await;
    let keep = pid(&app, club, "Óscar Pérez").await;
    let drop = pid(&app, club, "Oscar Perez").await;
    // A game with another duplicate moves first, then the game with both refuses:
    // the whole merge rolls back.
    let moved_first = game(&app, club, "Oscar Perez", "Ana").await;
    let both = game(&app, club, "Óscar Pérez", "Oscar Perez").await;
    let merge = format!("/clubes/{club}/jugadores/fusionar");
    let res = post(
        &app,
        &merge,
        &[
            ("conservar", &keep.to_string()),
            ("quitar", &drop.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let page = body(res).await;
    assert!(page.contains("jugaron en la misma partida"), "{page}");
    assert_eq!(player_id(&app, club, "Oscar Perez").await, Some(drop));
    assert_eq!(seats(&app, moved_first).await, ["Oscar Perez", "Ana"]);
    assert_eq!(seats(&app, both).await, ["Óscar Pérez", "Oscar Perez"]);
    assert!(
        !audit_rows(&app, club)
            .await
            .iter()
            .any(|a| a.action == "merge")
    );

    // Two players of one pair are not one person either; nor is one with itself.
    let (ana, berta) = (pid(&app, club, "Ana").await, pid(&app, club, "Berta").await);
    let res = post(
        &app,
        &format!("/clubes/{club}/parejas"),
        &[
            ("player1", &ana.to_string()),
            ("player2", &berta.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = post(
        &app,
        &merge,
        &[
            ("conservar", &ana.to_string()),
            ("quitar", &berta.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(body(res).await.contains("forman la misma pareja"));
    let res = post(
        &app,
        &merge,
        &[
            ("conservar", &ana.to_string()),
            ("quitar", &ana.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(player_id(&app, club, "Berta").await, Some(berta));
}

#[tokio::test]
async fn pairs_in_one_championship_do_not_merge_and_a_pair_that_played_keeps_its_players() {
    let app = TestApp::spawn().await;
    let club = club_with(&app, &["Ana", "Berta", "Carmen", "Dani"]).await;
    let ids: Vec<String> = {
        let mut v = Vec::new();
        for n in ["Ana", "Berta", "Carmen", "Dani"] {
            v.push(pid(&app, club, n).await.to_string());
        }
        v
    };
    for (name, a, b) in [
        ("Las Sotas", &ids[0], &ids[1]),
        ("Los Reyes", &ids[2], &ids[3]),
    ] {
        let res = post(
            &app,
            &format!("/clubes/{club}/parejas"),
            &[("name", name), ("player1", a), ("player2", b)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
    let pairs = app
        .with_conn(move |conn| queries::club_pairs(conn, club).unwrap())
        .await;
    let (sotas, reyes) = (pairs[0].id, pairs[1].id);
    assert_eq!(pairs[0].name, "Las Sotas", "sorted by name");
    championship(&app, club, "Liga de parejas", &["Las Sotas", "Los Reyes"]).await;
    let res = post(
        &app,
        &format!("/clubes/{club}/parejas/fusionar"),
        &[
            ("conservar", &sotas.to_string()),
            ("quitar", &reyes.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert!(body(res).await.contains("inscritos en el mismo campeonato"));

    // Los Reyes has played: a new name is fine, other players are not.
    let edit = format!("/clubes/{club}/parejas/{reyes}/editar");
    let form = body(app.get(&edit).await).await;
    assert!(form.contains("ya ha jugado"));
    let res = post(
        &app,
        &edit,
        &[
            ("name", "Los Reyes"),
            ("player1", &ids[0]),
            ("player2", &ids[3]),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body(res)
            .await
            .contains("no se pueden cambiar sus jugadores")
    );
    let res = post(
        &app,
        &edit,
        &[
            ("name", "Los Reyes Magos"),
            ("player1", &ids[2]),
            ("player2", &ids[3]),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let champs = app
        .with_conn(move |conn| queries::list_championships(conn).unwrap())
        .await;
    assert_eq!(
        entrant_names(&app, champs[0].id).await,
        ["Las Sotas", "Los Reyes Magos"]
    );
}

#[tokio::test]
async fn visitors_and_other_clubs_cannot_change_people_and_every_change_needs_the_csrf_token() {
    let app = TestApp::spawn().await;
    let club = club_with(&app, &["Ana", "Berta"]).await;
    let (ana, berta) = (pid(&app, club, "Ana").await, pid(&app, club, "Berta").await);
    let visitor = new_client();
    let res = visitor
        .get(app.url(&format!("/clubes/{club}/jugadores/{ana}/editar")))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "visitor sent to log in"
    );
    assert!(
        res.headers()["location"]
            .to_str()
            .unwrap()
            .starts_with("/entrar")
    );

    let other = app
        .with_conn(|conn| {
            queries::insert_club(
                conn,
                &queries::NewClub {
                    name: "Otro club",
                    town: "",
                    created_at: baza::web::account::now(),
                },
            )
            .unwrap()
        })
        .await;
    let stranger = new_client();
    let pw = app.add_user("ajena", "organiser", Some(other)).await;
    app.login(&stranger, "ajena", &pw).await;
    for (path, fields) in [
        (
            format!("/clubes/{club}/jugadores/{ana}/editar"),
            vec![("name", "X")],
        ),
        (format!("/clubes/{club}/jugadores/{ana}/baja"), vec![]),
        (
            format!("/clubes/{club}/jugadores/fusionar"),
            vec![("conservar", "1"), ("quitar", "2")],
        ),
    ] {
        let res = post_form_as(&app, &stranger, &path, &fields).await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{path}");
    }
    // The club's own organiser, without the token.
    let res = app
        .client
        .post(app.url(&format!("/clubes/{club}/jugadores/fusionar")))
        .form(&[
            ("conservar", ana.to_string()),
            ("quitar", berta.to_string()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(player_id(&app, club, "Berta").await, Some(berta));
    assert_eq!(player_id(&app, club, "Ana").await, Some(ana));
}

#[tokio::test]
async fn a_retired_player_leaves_the_pickers_but_keeps_the_history_and_can_come_back() {
    let app = TestApp::spawn().await;
    let club = club_with(&app, &["Ana", "Berta", "Carmen"]).await;
    let g = game(&app, club, "Berta", "Carmen").await;
    let berta = pid(&app, club, "Berta").await;
    let picker = |html: &str| {
        let html = scraper::Html::parse_document(html);
        let sel = scraper::Selector::parse("datalist#club-players option").unwrap();
        html.select(&sel)
            .filter_map(|o| o.value().attr("value").map(str::to_owned))
            .collect::<Vec<_>>()
    };
    let new_game = format!("/clubes/{club}/partidas/nueva?juego=tute");
    assert!(picker(&body(app.get(&new_game).await).await).contains(&"Berta".to_owned()));

    let champ = championship(&app, club, "Liga", &[]).await;
    let director = format!("/campeonatos/{champ}/direccion");
    let entrant_picker = |html: &str| {
        let html = scraper::Html::parse_document(html);
        let sel = scraper::Selector::parse("datalist#club-people option").unwrap();
        html.select(&sel)
            .filter_map(|o| o.value().attr("value").map(str::to_owned))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        entrant_picker(&body(app.get(&director).await).await),
        ["Ana", "Berta", "Carmen"]
    );

    let res = post(&app, &format!("/clubes/{club}/jugadores/{berta}/baja"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        picker(&body(app.get(&new_game).await).await),
        ["Ana", "Carmen"]
    );
    assert_eq!(
        entrant_picker(&body(app.get(&director).await).await),
        ["Ana", "Carmen"]
    );
    let visitor = new_client();
    let public = app.text_as(&visitor, &format!("/clubes/{club}")).await;
    let listed = texts(&scraper::Html::parse_document(&public), "ul.columns li a");
    assert_eq!(listed, ["Ana", "Carmen"]);
    // History keeps her: the game still seats her.
    let game_page = body(app.get(&format!("/partidas/{g}")).await).await;
    assert!(game_page.contains("Berta"));
    assert_eq!(seats(&app, g).await, ["Berta", "Carmen"]);
    let own = body(app.get(&format!("/clubes/{club}")).await).await;
    assert!(own.contains("De baja") && own.contains("Dar de alta"));
    assert!(
        audit_rows(&app, club)
            .await
            .iter()
            .any(|a| a.action == "retire" && a.entity_id == berta)
    );

    let res = post(&app, &format!("/clubes/{club}/jugadores/{berta}/alta"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        picker(&body(app.get(&new_game).await).await),
        ["Ana", "Berta", "Carmen"]
    );
}

#[tokio::test]
async fn the_club_page_lists_players_the_spanish_way() {
    let app = TestApp::spawn().await;
    let club = club_with(
        &app,
        &[
            "Zoe", "Óscar", "ñame", "Oscar", "Nuño", "nana", "Ñaki", "Álvaro",
        ],
    )
    .await;
    let visitor = new_client();
    let page = app.text_as(&visitor, &format!("/clubes/{club}")).await;
    assert_eq!(
        texts(&scraper::Html::parse_document(&page), "ul.columns li a"),
        [
            "Álvaro", "nana", "Nuño", "Ñaki", "ñame", "Oscar", "Óscar", "Zoe"
        ]
    );
    // A championship's entrants too (their numbers stay beside them).
    let champ = championship(
        &app,
        club,
        "Liga",
        &["Zoe", "Óscar", "Ñaki", "Oscar", "nana"],
    )
    .await;
    let director = scraper::Html::parse_document(
        &body(app.get(&format!("/campeonatos/{champ}/direccion")).await).await,
    );
    assert_eq!(
        texts(&director, "table.entrants tbody tr td:nth-child(2)"),
        ["nana", "Ñaki", "Oscar", "Óscar", "Zoe"]
    );
    let own = scraper::Html::parse_document(&body(app.get(&format!("/clubes/{club}")).await).await);
    assert_eq!(
        texts(&own, "ul.people-players li.person > strong"),
        [
            "Álvaro", "nana", "Nuño", "Ñaki", "ñame", "Oscar", "Óscar", "Zoe"
        ]
    );
}

#[tokio::test]
async fn search_finds_accented_names_typed_plainly_and_shows_visitors_only_what_is_public() {
    let app = TestApp::spawn().await;
    let club = club_with(&app, &["Óscar Pérez", "Oscar Luna", "Ana Núñez", "Berta"]).await;
    let (ana, berta) = (
        pid(&app, club, "Ana Núñez").await,
        pid(&app, club, "Berta").await,
    );
    let res = post(
        &app,
        &format!("/clubes/{club}/parejas"),
        &[
            ("name", "Óscar y Ana"),
            ("player1", &pid(&app, club, "Óscar Pérez").await.to_string()),
            ("player2", &ana.to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = post(&app, &format!("/clubes/{club}/jugadores/{berta}/baja"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    championship(&app, club, "Open de Otoño", &[]).await;

    let visitor = new_client();
    let find = |client: reqwest::Client, q: &'static str| {
        let url = app.url(&format!("/buscar?q={q}"));
        async move {
            let res = client.get(url).send().await.unwrap();
            assert_eq!(res.status(), StatusCode::OK);
            scraper::Html::parse_document(&res.text().await.unwrap())
        }
    };
    let html = find(visitor.clone(), "OSCAR").await;
    assert_eq!(
        texts(&html, ".search-group h2"),
        ["Jugadores"],
        "a visitor sees no pairs"
    );
    assert_eq!(
        texts(&html, ".search-results strong"),
        ["Oscar Luna", "Óscar Pérez"]
    );
    let html = find(visitor.clone(), "nunez").await;
    assert_eq!(texts(&html, ".search-results strong"), ["Ana Núñez"]);
    let html = find(visitor.clone(), "otono").await;
    assert_eq!(texts(&html, ".search-group h2"), ["Campeonatos"]);
    assert_eq!(texts(&html, ".search-results strong"), ["Open de Otoño"]);
    let html = find(visitor.clone(), "pena nandu").await;
    assert_eq!(texts(&html, ".search-results strong"), ["Peña Ñandú"]);
    let html = find(visitor.clone(), "berta").await;
    assert!(
        texts(&html, ".search-results strong").is_empty(),
        "retired is private"
    );
    let html = find(visitor.clone(), "zzz").await;
    assert!(texts(&html, "p.empty")[0].contains("zzz"));

    let html = find(app.client.clone(), "oscar").await;
    assert_eq!(texts(&html, ".search-group h2"), ["Jugadores", "Parejas"]);
    assert!(texts(&html, ".search-results strong").contains(&"Óscar y Ana".to_owned()));
    let html = find(app.client.clone(), "berta").await;
    assert_eq!(texts(&html, ".search-results strong"), ["Berta"]);
    // The home page offers the box.
    let home = app.page("/", StatusCode::OK).await;
    assert_eq!(texts(&home, "form[role=search] button").len(), 1);
}

#[tokio::test]
async fn a_refused_pair_shows_the_club_page_again_with_what_was_typed() {
    let app = TestApp::spawn().await;
    let club = club_with(&app, &["Ana", "Berta", "Carmen"]).await;
    let berta = pid(&app, club, "Berta").await.to_string();
    let res = post(
        &app,
        &format!("/clubes/{club}/parejas"),
        &[
            ("name", "Las Dos Bertas"),
            ("player1", &berta),
            ("player2", &berta),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&body(res).await);
    assert_eq!(
        texts(&html, "#nueva-pareja .alert"),
        ["Elige dos jugadores distintos."]
    );
    assert_eq!(
        crate::helpers::attr(&html, "#nueva-pareja input[name=name]", "value").as_deref(),
        Some("Las Dos Bertas")
    );
    assert_eq!(
        texts(&html, "#nueva-pareja select[name=player2] option[selected]"),
        ["Berta"]
    );
    let pairs = app
        .with_conn(move |conn| queries::club_pairs(conn, club).unwrap())
        .await;
    assert!(pairs.is_empty(), "no half-written pair");
}
