//! A championship from an empty database, as a new club meets it: the club made at
//! *Primeros pasos*, then a championship of every game in every match format its
//! form offers, each from the form's own defaults, with one hand entered at a table
//! through the table's PIN and the game's hand form (or refused at creation, in
//! words). The printed slips give each pair its own PIN only; the settings change
//! before round 1 and not after; a deleted championship leaves the lists.

use reqwest::StatusCode;
use scraper::{Html, Selector};

use crate::helpers::{TestApp, attr, new_client, post_form_as, texts};
use baza::domain::GameKind;

/// A club made at *Primeros pasos* on an empty database (usual game: cuatrola),
/// its administrator signed in on `app.client`.
pub(crate) async fn club_from_first_run(app: &TestApp) -> i32 {
    club_of_game(app, "cuatrola").await
}

/// The first club, at /primeros-pasos, with `game` as its usual game.
pub(crate) async fn club_of_game(app: &TestApp, game: &str) -> i32 {
    let res = post_form_as(
        app,
        &app.client,
        "/primeros-pasos",
        &[
            ("username", "marisa"),
            ("password", "sota-de-oros"),
            ("confirm", "sota-de-oros"),
            ("club", "Peña La Cuatrola"),
            ("town", "Huesca"),
            ("game", game),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    res.headers()["location"]
        .to_str()
        .unwrap()
        .trim_start_matches("/clubes/")
        .parse()
        .unwrap()
}

/// What a form posts as it stands: every named control with its value (checked
/// boxes only, the selected option or the first), in page order.
pub(crate) fn form_values(html: &Html, form: &str) -> Vec<(String, String)> {
    let sel = Selector::parse(&format!(
        "{form} input[name], {form} select[name], {form} textarea[name]"
    ))
    .unwrap();
    let option = Selector::parse("option").unwrap();
    let mut out = Vec::new();
    for el in html.select(&sel) {
        let v = el.value();
        let name = v.attr("name").unwrap().to_owned();
        let value = match v.name() {
            "select" => {
                let opts: Vec<_> = el.select(&option).collect();
                opts.iter()
                    .find(|o| o.value().attr("selected").is_some())
                    .or(opts.first())
                    .and_then(|o| o.value().attr("value"))
                    .unwrap_or_default()
                    .to_owned()
            }
            "textarea" => el.text().collect(),
            _ => {
                let kind = v.attr("type").unwrap_or("text");
                if (kind == "checkbox" || kind == "radio") && v.attr("checked").is_none() {
                    continue;
                }
                v.attr("value").unwrap_or_default().to_owned()
            }
        };
        out.push((name, value));
    }
    out
}

pub(crate) fn set(fields: &mut Vec<(String, String)>, name: &str, value: &str) {
    fields.retain(|(k, _)| k != name);
    fields.push((name.to_owned(), value.to_owned()));
}

/// Posts `fields` (with the session's CSRF token) as `client`.
pub(crate) async fn post_fields(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    fields: &[(String, String)],
) -> reqwest::Response {
    let csrf = app.csrf_for(client).await;
    let mut form: Vec<(String, String)> = fields
        .iter()
        .filter(|(k, _)| k != "csrf")
        .cloned()
        .collect();
    form.push(("csrf".into(), csrf));
    client.post(app.url(path)).form(&form).send().await.unwrap()
}

/// Posts `fields` to club `club`'s new-championship form as its organiser (`app.client`).
pub(crate) async fn new_championship(
    app: &TestApp,
    club: i32,
    fields: &[(String, String)],
) -> reqwest::Response {
    let path = format!("/clubes/{club}/campeonatos/nuevo");
    post_fields(app, &app.client, &path, fields).await
}

pub(crate) fn id_of(res: &reqwest::Response) -> i32 {
    res.headers()["location"]
        .to_str()
        .unwrap()
        .trim_start_matches("/campeonatos/")
        .trim_end_matches("/direccion")
        .parse()
        .unwrap()
}

/// A bracket's id from its address `/cuadros/{id}` (a redirect's location, a link's
/// href).
pub(crate) fn bracket_id_of(path: &str) -> i32 {
    path.trim_start_matches("/cuadros/").parse().unwrap()
}

/// Draws the best four of championship `id` (its Swiss played) to a single knockout
/// "Fase final", as its director does on the championship's page: the knockout's
/// bracket id.
pub(crate) async fn best_four_drawn(app: &TestApp, id: i32) -> i32 {
    let res = post_form_as(
        app,
        &app.client,
        &format!("/campeonatos/{id}/fases"),
        &[
            ("name", "Fase final"),
            ("qualify", "top"),
            ("n", "4"),
            ("shape", "single"),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "the knockout is drawn");
    let page = app
        .page(&format!("/campeonatos/{id}"), StatusCode::OK)
        .await;
    bracket_id_of(&attr(&page, "a.phase-bracket", "href").unwrap())
}

/// The new-championship form's defaults for `game` in match format `format`.
pub(crate) async fn defaults_for(
    app: &TestApp,
    club: i32,
    game: &str,
    format: &str,
) -> Vec<(String, String)> {
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    let mut fields = form_values(&html, "form.tournament-form");
    set(
        &mut fields,
        "name",
        &format!("Campeonato de {game} ({format})"),
    );
    set(&mut fields, "game", game);
    set(&mut fields, &format!("fmt.{game}.match_format"), format);
    fields
}

/// Registers `names` and pairs and publishes round 1.
pub(crate) async fn register_and_pair(app: &TestApp, id: i32, names: &[&str]) {
    for n in names {
        let res = post_form_as(
            app,
            &app.client,
            &format!("/campeonatos/{id}/inscritos"),
            &[("name", n)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{n} registered");
    }
    let res = post_form_as(
        app,
        &app.client,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1 paired");
    let res = post_form_as(
        app,
        &app.client,
        &format!("/campeonatos/{id}/rondas/1/publicar"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "round 1 published");
}

/// One slip half: the pair's name and the PIN printed on it.
pub(crate) struct Half {
    pub(crate) pair: String,
    pub(crate) pins: Vec<String>,
}

/// The slips of round 1: per table, its path and its two halves.
pub(crate) async fn slip_halves(app: &TestApp, id: i32) -> Vec<(String, [Half; 2])> {
    let html = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let slip = Selector::parse(".slip").unwrap();
    let path = Selector::parse(".table-path").unwrap();
    let half = |side: &str| Selector::parse(&format!(".slip-half.pin-{side}")).unwrap();
    let pair = Selector::parse(".half-pair").unwrap();
    let pin = Selector::parse(".pin").unwrap();
    html.select(&slip)
        .map(|s| {
            let read = |side: &str| {
                let h = s.select(&half(side)).next().expect("a half for each pair");
                Half {
                    pair: h
                        .select(&pair)
                        .flat_map(|p| p.text())
                        .collect::<String>()
                        .trim()
                        .to_owned(),
                    pins: h
                        .select(&pin)
                        .map(|p| p.text().collect::<String>().trim().to_owned())
                        .collect(),
                }
            };
            let path = s.select(&path).next().unwrap().text().collect::<String>();
            (path, [read("a"), read("b")])
        })
        .collect()
}

/// The game a table plays, opened with pair a's PIN on a fresh phone.
pub(crate) async fn open_table(app: &TestApp, path: &str, pin: &str) -> (reqwest::Client, i32) {
    let phone = new_client();
    let res = post_form_as(app, &phone, &format!("{path}/pin"), &[("pin", pin)]).await;
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the table opens with its PIN"
    );
    let html = app.page_as(&phone, path).await;
    let href = attr(&html, "a.play-game", "href").expect("the table leads to its game");
    (
        phone,
        href.trim_start_matches("/partidas/").parse().unwrap(),
    )
}

/// Enters one legal hand of `game` through the game's hand form: a random play-out
/// dealt by the seat whose turn it is, under the game's own options.
async fn enter_one_hand(
    app: &TestApp,
    phone: &reqwest::Client,
    game: GameKind,
    id: i32,
) -> reqwest::Response {
    let file: serde_json::Value = app
        .get(&format!("/partidas/{id}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    let dealer = file["scoreboard"]["next_dealer"].as_u64().unwrap() as u8;
    let players = file["players"].as_u64().unwrap() as u8;
    let options = file["options"].as_object().cloned().unwrap_or_default();
    let table = baza::domain::options::validate(game, players, &options).unwrap();
    let record = (0..400u64)
        .filter_map(|seed| {
            let mut r = baza::domain::random::random_complete_record(game, players, seed);
            (r.dealer == dealer).then(|| {
                r.options = table.clone();
                r
            })
        })
        .next()
        .expect("a play-out dealt by the right seat");
    let form = app.page_as(phone, &format!("/partidas/{id}/mano")).await;
    let version =
        attr(&form, "details.full-entry input[name=version]", "value").expect("the hand form");
    let submission = attr(&form, "details.full-entry input[name=submission]", "value").unwrap();
    post_form_as(
        app,
        phone,
        &format!("/partidas/{id}/mano"),
        &[
            ("version", &version),
            ("submission", &submission),
            ("record", &record.to_value().to_string()),
        ],
    )
    .await
}

#[tokio::test]
async fn every_game_in_every_format_its_form_offers_plays_a_hand_or_is_refused_at_creation() {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    assert_eq!(
        attr(&html, "select[name=game] option[selected]", "value").as_deref(),
        Some("cuatrola"),
        "the form starts from the club's usual game"
    );
    let mut played = 0;
    let mut refused = Vec::new();
    for game in GameKind::ALL {
        let slug = game.slug();
        let formats = texts(
            &html,
            &format!("select[name='fmt.{slug}.match_format'] option"),
        );
        assert!(!formats.is_empty(), "{slug} offers its formats");
        let values: Vec<String> = Html::parse_document(&html.html())
            .select(
                &Selector::parse(&format!("select[name='fmt.{slug}.match_format'] option"))
                    .unwrap(),
            )
            .map(|o| o.value().attr("value").unwrap().to_owned())
            .collect();
        for format in values {
            let fields = defaults_for(&app, club, slug, &format).await;
            let res = new_championship(&app, club, &fields).await;
            if res.status().is_client_error() {
                let page = Html::parse_document(&res.text().await.unwrap());
                let why = texts(&page, ".alert").join(" ");
                assert!(
                    why.starts_with("Así no se puede jugar: "),
                    "{slug} {format}: {why}"
                );
                assert_eq!(
                    attr(&page, "select[name=game] option[selected]", "value").as_deref(),
                    Some(slug),
                    "the form comes back as typed"
                );
                refused.push(format!("{slug} {format}"));
                continue;
            }
            assert_eq!(
                res.status(),
                StatusCode::SEE_OTHER,
                "{slug} {format} created"
            );
            let id = id_of(&res);
            register_and_pair(&app, id, &["Ana – Berta", "Carlos – Dani"]).await;
            let slips = slip_halves(&app, id).await;
            assert_eq!(slips.len(), 1);
            let (path, [a, _]) = &slips[0];
            let (phone, game_id) = open_table(&app, path, &a.pins[0]).await;
            let res = enter_one_hand(&app, &phone, game, game_id).await;
            if res.status() != StatusCode::SEE_OTHER {
                let page = Html::parse_document(&res.text().await.unwrap());
                panic!(
                    "{slug} {format}: the hand was refused: {:?}",
                    texts(&page, ".alert, .field-error")
                );
            }
            // The hand is on the game's scoreboard.
            let file: serde_json::Value = app
                .get(&format!("/partidas/{game_id}/exportar"))
                .await
                .json()
                .await
                .unwrap();
            assert_eq!(
                file["hands"].as_array().unwrap().len(),
                1,
                "{slug} {format}"
            );
            let page = app.page_as(&phone, &format!("/partidas/{game_id}")).await;
            assert!(
                !texts(&page, ".scoreboard").is_empty(),
                "{slug} {format}: a scoreboard"
            );
            played += 1;
        }
    }
    // Cinquillo has no table of two sides: refused in words, everything else plays.
    assert_eq!(refused, vec!["cinquillo partida".to_owned()]);
    assert!(played >= 9, "{played} championships played a hand");
}

#[tokio::test]
async fn a_cinquillo_clubs_championship_with_the_forms_defaults_is_created_with_typed_results() {
    let app = TestApp::spawn().await;
    let club = club_of_game(&app, "cinquillo").await;
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    let mut fields = form_values(&html, "form.tournament-form");
    assert!(
        fields.contains(&("game".to_owned(), "cinquillo".to_owned())),
        "the club's usual game"
    );
    assert!(
        fields.contains(&("entry".to_owned(), "result".to_owned())),
        "typed results by default: {fields:?}"
    );
    set(&mut fields, "name", "Cinquillo de Navidad");
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "created");
}

#[tokio::test]
async fn a_cuatrola_partida_to_101_is_refused_at_creation_with_the_form_as_typed() {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let mut fields = defaults_for(&app, club, "cuatrola", "partida").await;
    set(&mut fields, "fmt.cuatrola.target", "101");
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&page, ".alert"),
        vec![
            "Así no se puede jugar: una partida de cuatrola no se juega a 101: se juega a 11, 16, 21"
        ]
    );
    assert_eq!(
        attr(
            &page,
            "select[name='fmt.cuatrola.target'] option[selected]",
            "value"
        )
        .as_deref(),
        Some("101")
    );
    // Botifarra's own format on the same form stayed its own.
    assert_eq!(
        attr(
            &page,
            "select[name='fmt.botifarra.target'] option[selected]",
            "value"
        )
        .as_deref(),
        Some("101")
    );
    assert_eq!(
        attr(
            &page,
            "select[name='fmt.botifarra.match_format'] option[selected]",
            "value"
        )
        .as_deref(),
        Some("timed")
    );
}

#[tokio::test]
async fn switching_the_game_never_carries_another_games_format_or_target() {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    // The form opened on cuatrola, switched to guiñote without script: cuatrola's
    // fields are still posted, and only guiñote's count.
    let mut fields = defaults_for(&app, club, "cuatrola", "partida").await;
    set(&mut fields, "game", "guinote");
    set(&mut fields, "name", "Liguilla de guiñote");
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = id_of(&res);
    let file: serde_json::Value = app
        .get(&format!("/campeonatos/{id}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(file["event"]["game"], "guinote");
    // Guiñote's own usual format: the best of three partidas.
    assert_eq!(
        file["event"]["match_format"],
        serde_json::json!({"kind": "best_of", "partidas": 3})
    );
}

#[tokio::test]
async fn each_pairs_half_of_every_slip_carries_its_own_pin_and_not_the_others() {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let fields = defaults_for(&app, club, "cuatrola", "partida").await;
    let res = new_championship(&app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = id_of(&res);
    let names = [
        "Ana – Berta",
        "Carlos – Dani",
        "Elena – Fermín",
        "Gloria – Hugo",
        "Inés – Jaime",
        "Laura – Mario",
    ];
    register_and_pair(&app, id, &names).await;
    let slips = slip_halves(&app, id).await;
    assert_eq!(slips.len(), 3);
    // The director's sheet keeps both PINs of every table.
    let sheet = app
        .page(
            &format!("/campeonatos/{id}/imprimir/pines?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let sheet_a = texts(&sheet, ".pins-sheet td.pin-a");
    let sheet_b = texts(&sheet, ".pins-sheet td.pin-b");
    assert_eq!(sheet_a.len(), 3);
    for (i, (path, [a, b])) in slips.iter().enumerate() {
        assert_eq!(a.pins.len(), 1, "one PIN on pair a's half");
        assert_eq!(b.pins.len(), 1, "one PIN on pair b's half");
        assert_ne!(a.pins[0], b.pins[0]);
        assert!(names.contains(&a.pair.as_str()) && names.contains(&b.pair.as_str()));
        assert_eq!((&sheet_a[i], &sheet_b[i]), (&a.pins[0], &b.pins[0]));
        // Each half holds its own PIN and nowhere the other's.
        let html = app
            .page(
                &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
                StatusCode::OK,
            )
            .await;
        let halves = Selector::parse(&format!(".slip:nth-of-type({}) .slip-half", i + 1)).unwrap();
        for (half, (own, other)) in html
            .select(&halves)
            .zip([(&a.pins[0], &b.pins[0]), (&b.pins[0], &a.pins[0])])
        {
            let text: String = half.text().collect();
            assert!(text.contains(own.as_str()), "{text}");
            assert!(!text.contains(other.as_str()), "{text}");
        }
        // Each PIN opens its own pair's side of the table.
        for pin in [&a.pins[0], &b.pins[0]] {
            let phone = new_client();
            let res = post_form_as(&app, &phone, &format!("{path}/pin"), &[("pin", pin)]).await;
            assert_eq!(res.status(), StatusCode::SEE_OTHER);
        }
    }
    // A player without the director's rights sees neither page.
    let stranger = new_client();
    for page in ["actas", "pines"] {
        let res = stranger
            .get(app.url(&format!("/campeonatos/{id}/imprimir/{page}?ronda=1")))
            .send()
            .await
            .unwrap();
        assert!(!res.status().is_success(), "{page}: {}", res.status());
    }
}

#[tokio::test]
async fn the_qr_codes_and_printed_links_carry_the_public_address() {
    let app = TestApp::spawn_with(baza::startup::WebOptions {
        public_url: Some("http://192.168.1.20:8080/".into()),
        ..Default::default()
    })
    .await;
    let club = club_from_first_run(&app).await;
    let fields = defaults_for(&app, club, "cuatrola", "partida").await;
    let res = new_championship(&app, club, &fields).await;
    let id = id_of(&res);
    register_and_pair(&app, id, &["Ana – Berta", "Carlos – Dani"]).await;
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let link = texts(&slips, ".slip .table-link");
    assert_eq!(
        link,
        vec![format!(
            "http://192.168.1.20:8080/campeonatos/{id}/rondas/1/mesas/1"
        )]
    );
    let director = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&director, ".reach-url"),
        vec!["http://192.168.1.20:8080"]
    );
}

#[tokio::test]
async fn the_settings_change_before_round_1_and_not_after_and_a_deleted_championship_leaves_the_lists()
 {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let fields = defaults_for(&app, club, "cuatrola", "partida").await;
    let res = new_championship(&app, club, &fields).await;
    let id = id_of(&res);
    // Before round 1: the form shows the championship as it is, and saves a change.
    let edit = app
        .page(&format!("/campeonatos/{id}/editar"), StatusCode::OK)
        .await;
    let mut fields = form_values(&edit, "form.tournament-form");
    assert!(fields.contains(&("name".into(), "Campeonato de cuatrola (partida)".into())));
    set(&mut fields, "name", "Campeonato de San Martín");
    set(&mut fields, "fmt.cuatrola.target", "16");
    let res = post_fields(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/editar"),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let file: serde_json::Value = app
        .get(&format!("/campeonatos/{id}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(file["event"]["name"], "Campeonato de San Martín");
    assert_eq!(
        file["event"]["match_format"],
        serde_json::json!({"kind": "partida", "target": 16})
    );
    // A target cuatrola cannot play is refused here too.
    set(&mut fields, "fmt.cuatrola.target", "101");
    let res = post_fields(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/editar"),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    set(&mut fields, "fmt.cuatrola.target", "16");
    // After round 1 is paired: no more changes.
    register_and_pair(&app, id, &["Ana – Berta", "Carlos – Dani"]).await;
    let res = app.get(&format!("/campeonatos/{id}/editar")).await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let res = post_fields(
        &app,
        &app.client,
        &format!("/campeonatos/{id}/editar"),
        &fields,
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    // The round's game plays to the new target.
    let slips = slip_halves(&app, id).await;
    let (path, [a, _]) = &slips[0];
    let (_, game) = open_table(&app, path, &a.pins[0]).await;
    let g: serde_json::Value = app
        .get(&format!("/partidas/{game}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(g["options"]["target"], 16);

    // Deleting asks first, then the championship leaves the home page.
    let home = app.page("/", StatusCode::OK).await;
    assert!(home.html().contains("Campeonato de San Martín"));
    let confirm = app
        .page(&format!("/campeonatos/{id}/borrar"), StatusCode::OK)
        .await;
    assert_eq!(
        texts(&confirm, "form.delete-form button"),
        vec!["Sí, borrar el campeonato"]
    );
    let res = post_form_as(&app, &app.client, &format!("/campeonatos/{id}/borrar"), &[]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let home = app.page("/", StatusCode::OK).await;
    assert!(!home.html().contains("Campeonato de San Martín"));
    assert_eq!(
        app.get(&format!("/campeonatos/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
    // The audit keeps who changed and who deleted it.
    let actions = app
        .with_conn(move |conn| {
            use baza::db::schema::audit_log;
            use diesel::prelude::*;
            audit_log::table
                .filter(audit_log::championship_id.eq(Some(id)))
                .select(audit_log::action)
                .load::<String>(conn)
                .unwrap()
        })
        .await;
    assert!(actions.contains(&"edit".to_owned()), "{actions:?}");
    assert!(actions.contains(&"delete".to_owned()), "{actions:?}");
}

/// A cinquillo championship `name` made by a new club with the form's defaults, its
/// four players (Ana, Berta, Carlos, Dani) registered and paired: its id.
async fn cinquillo_of_four(app: &TestApp, name: &str) -> i32 {
    let club = club_of_game(app, "cinquillo").await;
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    let mut fields = form_values(&html, "form.tournament-form");
    set(&mut fields, "name", name);
    let res = new_championship(app, club, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let id = id_of(&res);
    register_and_pair(app, id, &["Ana", "Berta", "Carlos", "Dani"]).await;
    id
}

/// A championship of a game played each for oneself (cinquillo): its slips, its PIN
/// sheet, its tables' pages and its standings speak of players (each one's own PIN,
/// the losing player's signature, the rival's firma), never of pairs.
#[tokio::test]
async fn the_slips_of_a_championship_of_players_speak_to_each_player_and_not_to_a_pair() {
    let app = TestApp::spawn().await;
    let id = cinquillo_of_four(&app, "Cinquillo de Navidad").await;
    let slips = app
        .page(
            &format!("/campeonatos/{id}/imprimir/actas?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let words = texts(&slips, ".slip").join(" ");
    assert!(!words.to_lowercase().contains("pareja"), "{words}");
    let halves = slip_halves(&app, id).await;
    assert_eq!(halves.len(), 2);
    assert!(
        texts(&slips, ".slip-half .pin-line")
            .iter()
            .all(|l| l.starts_with("Tu PIN: ")),
        "{words}"
    );
    assert!(
        texts(&slips, ".sign-line")
            .iter()
            .all(|l| l.starts_with("Firma del jugador que pierde")),
        "{words}"
    );
    let sheet = app
        .page(
            &format!("/campeonatos/{id}/imprimir/pines?ronda=1"),
            StatusCode::OK,
        )
        .await;
    let heads = texts(&sheet, "table.pins-sheet th");
    assert_eq!(heads[1], "Jugador");
    assert_eq!(heads[3], "Jugador");

    // The table's page, on a player's phone: asked for its own PIN, then, the result
    // typed, for the other player's firma.
    let (path, [a, _]) = &halves[0];
    let phone = new_client();
    let page = app.page_as(&phone, path).await;
    assert_eq!(texts(&page, "form.pin-form label"), vec!["Tu PIN"]);
    let res = post_form_as(&app, &phone, &format!("{path}/pin"), &[("pin", &a.pins[0])]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app.page_as(&phone, path).await;
    let version = attr(&page, "p.table-status", "data-version").unwrap();
    let fields = [("score_a", "35"), ("score_b", "20"), ("version", &version)];
    let res = post_form_as(&app, &phone, path, &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let page = app.page_as(&phone, path).await;
    let sign = texts(&page, "form.sign-form").join(" ");
    assert!(
        sign.starts_with("Tu rival firma el resultado anotado")
            && sign.contains("PIN del otro jugador"),
        "{sign}"
    );
    assert!(!sign.to_lowercase().contains("pareja"), "{sign}");
    // The player who typed the result cannot sign it: told who signs, in players.
    let version = attr(&page, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &phone,
        &format!("{path}/firma"),
        &[("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = Html::parse_document(&res.text().await.unwrap());
    assert_eq!(
        texts(&page, "p.alert"),
        vec!["Firma el rival del jugador que anotó el resultado."]
    );
    let director = app
        .page(&format!("/campeonatos/{id}/direccion"), StatusCode::OK)
        .await;
    assert_eq!(texts(&director, "table.entrants th")[1], "Jugador");
    // Its standings list players, on the public page, the wall and the print.
    for page in ["", "/directo", "/imprimir/clasificacion"] {
        let html = app
            .page(&format!("/campeonatos/{id}{page}"), StatusCode::OK)
            .await;
        assert_eq!(
            texts(&html, "table.tournament-standings th")[1],
            "Jugador",
            "{page}"
        );
    }
    // And so does its spreadsheet.
    let res = app
        .get(&format!("/campeonatos/{id}/clasificacion.csv"))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let csv = res.text().await.unwrap();
    assert!(csv.contains("Jugador") && !csv.contains("Pareja"), "{csv}");
}

/// The organiser renews the PINs of a table of a game played each for oneself
/// (cinquillo): the notice speaks of the two players, in Spanish and in English.
#[tokio::test]
async fn a_director_renewing_the_pins_of_a_cinquillo_table_is_told_of_new_pins_for_both_players() {
    let app = TestApp::spawn().await;
    let id = cinquillo_of_four(&app, "Cinquillo de Reyes").await;
    let halves = slip_halves(&app, id).await;
    let (path, _) = &halves[0];
    let page = app.page(path, StatusCode::OK).await;
    let version = attr(&page, "p.table-status", "data-version").unwrap();
    let res = post_form_as(
        &app,
        &app.client,
        &format!("{path}/pines"),
        &[("version", &version)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let back = res.headers()["location"].to_str().unwrap().to_owned();
    let page = app.page(&back, StatusCode::OK).await;
    let notice = texts(&page, "p.notice.done").join(" ");
    assert!(
        notice.starts_with("PIN nuevos para los dos jugadores: ")
            && notice.contains("Dáselos a los jugadores"),
        "{notice}"
    );
    assert!(!notice.to_lowercase().contains("pareja"), "{notice}");
    let res = app.get_with_lang(&back, "en").await;
    let page = Html::parse_document(&res.text().await.unwrap());
    let notice = texts(&page, "p.notice.done").join(" ");
    assert!(
        notice.starts_with("New PINs for both players: ") && !notice.contains("pair"),
        "{notice}"
    );
}
