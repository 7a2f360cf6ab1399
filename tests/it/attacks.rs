//! An attacker's walk against a running Baza: what a player at the next table, a
//! player who also has an account, or a stranger can try, and what stops them.

use reqwest::StatusCode;

use crate::championship::{Slip, game_of, play_game, slips};
use crate::helpers::{ChampionshipForm, TestApp, attr, new_client, post_form_as, texts};
use baza::domain::entry::GameDoc;
use baza::domain::random::random_cuatrola_hand_of_game;

/// A club whose organiser is signed in on `app.client`, a championship of two pairs
/// played hand by hand, its one round paired and published: the championship and
/// the slip of its table.
pub(crate) async fn one_table(app: &TestApp) -> (i32, Slip) {
    let club = app.club_with_organiser("Peña La Baza", "Tauste").await;
    let id = ChampionshipForm::new("Comarcal de cuatrola")
        .create_with_pairs(app, club, "Pareja", 2)
        .await;
    let res = post_form_as(
        app,
        &app.client,
        &format!("/campeonatos/{id}/rondas"),
        &[("tables", "1")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let res = post_form_as(
        app,
        &app.client,
        &format!("/campeonatos/{id}/rondas/1/publicar"),
        &[],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let mut tables = slips(app, id, "ronda=1").await;
    assert_eq!(tables.len(), 1);
    (id, tables.remove(0))
}

/// Another club, and a referee of it signed in on a new phone.
async fn referee_of_another_club(app: &TestApp) -> reqwest::Client {
    let other = app.add_club("Club de Guiñote Ejea", "Ejea").await;
    let pw = app.add_user("jugadora", "referee", Some(other)).await;
    let phone = new_client();
    app.login(&phone, "jugadora", &pw).await;
    phone
}

/// The table's page as `client` sees it.
async fn table_page(app: &TestApp, client: &reqwest::Client, slip: &Slip) -> scraper::Html {
    let res = client.get(app.url(&slip.path)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    scraper::Html::parse_document(&res.text().await.unwrap())
}

/// A championship table whose pair a is a referee of another club, signed in on
/// her phone, who typed her pair's PIN and played the game to its end: the slip,
/// her phone and the game.
async fn played_by_a_player_with_an_account(app: &TestApp) -> (Slip, reqwest::Client, i32) {
    let (_, slip) = one_table(app).await;
    let phone = referee_of_another_club(app).await;
    let res = post_form_as(
        app,
        &phone,
        &format!("{}/pin", slip.path),
        &[("pin", &slip.pins[0])],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let game = game_of(app, &phone, &slip.path).await;
    play_game(app, &phone, game, 7).await;
    (slip, phone, game)
}

/// The table's result confirmed by its other pair, on that pair's phone.
async fn confirmed_by_the_other_pair(app: &TestApp, slip: &Slip) {
    let html = table_page(app, &app.client, slip).await;
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let other = slip.open(app, 1).await;
    let sign = format!("{}/firma", slip.path);
    let res = post_form_as(app, &other, &sign, &[("version", &version)]).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_player_with_an_account_of_another_club_neither_confirms_nor_changes_her_own_result() {
    let app = TestApp::spawn().await;
    let (slip, phone, game) = played_by_a_player_with_an_account(&app).await;

    // The finished game is her pair's proposal, which her own phone cannot sign.
    let html = table_page(&app, &phone, &slip).await;
    let version = attr(&html, "p.table-status", "data-version").unwrap();
    let sign = format!("{}/firma", slip.path);
    let res = post_form_as(&app, &phone, &sign, &[("version", &version)]).await;
    assert_eq!(
        res.status(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "a pair confirmed its own result"
    );

    // The other pair confirms; from then on her phone cannot change the game.
    confirmed_by_the_other_pair(&app, &slip).await;
    let form = app.page_as(&phone, &format!("/partidas/{game}/mano")).await;
    assert!(
        attr(&form, "details.full-entry input[name=version]", "value").is_none(),
        "the confirmed game still takes her hands: {:?}",
        texts(&form, "h1")
    );
}

#[tokio::test]
async fn a_player_with_an_account_cannot_apply_a_ruling_to_her_own_confirmed_table() {
    let app = TestApp::spawn().await;
    let (slip, phone, game) = played_by_a_player_with_an_account(&app).await;
    confirmed_by_the_other_pair(&app, &slip).await;
    let before = table_page(&app, &app.client, &slip).await;
    let before = texts(&before, ".big-score");

    // She keeps a ruling of another play of the last hand, one that changes the score.
    let doc: GameDoc = app
        .get(&format!("/partidas/{game}/exportar"))
        .await
        .json::<serde_json::Value>()
        .await
        .map(|v| serde_json::from_value(v).unwrap())
        .unwrap();
    let last = doc.hands.len() - 1;
    let (scores, board) = doc.score(baza::domain::Lang::Es).unwrap();
    let mut upto = [0i64; 2];
    for s in &scores[..last] {
        for (x, p) in upto.iter_mut().zip(&s.hand_points) {
            *x += p.floor();
        }
    }
    let record = (0..500u64)
        .map(|seed| random_cuatrola_hand_of_game(555_000 + seed, doc.hands[last].dealer, upto))
        .find(|r| {
            let mut d = doc.clone();
            d.hands[last].entered = baza::domain::entry::Entered::Full(r.to_value());
            d.score(baza::domain::Lang::Es)
                .is_ok_and(|(_, b)| b.game_over.is_some() && b.totals != board.totals)
        })
        .expect("a ruling that changes the score");
    let res = post_form_as(
        &app,
        &phone,
        "/arbitro",
        &[("record", &record.to_value().to_string())],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let ruling = res.headers()["location"].to_str().unwrap().to_owned();
    let res = post_form_as(
        &app,
        &phone,
        &format!("{ruling}/aplicar"),
        &[
            ("game", &game.to_string()),
            ("hand", &doc.hands.len().to_string()),
        ],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let after = table_page(&app, &app.client, &slip).await;
    assert_eq!(texts(&after, ".big-score"), before, "the result changed");
}

/// Sends `head` (a request's head, with its blank line) on a new connection and
/// never the body it announces: the answer's head, or `None` when the server is
/// still waiting for the body after five seconds.
async fn answer_without_body(app: &TestApp, head: &str) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = app.address.trim_start_matches("http://");
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    tcp.write_all(head.as_bytes()).await.unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let read = async {
        while !got.windows(4).any(|w| w == b"\r\n\r\n") {
            match tcp.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(5), read)
        .await
        .ok()?;
    Some(String::from_utf8_lossy(&got).into_owned())
}

#[tokio::test]
async fn a_stranger_cannot_make_the_server_take_in_a_file_of_thirty_megabytes() {
    let app = TestApp::spawn().await;
    let club = app.club_with_organiser("Peña La Baza", "Tauste").await;
    // A stranger's session: its cookie and CSRF token, from the login page.
    let res = new_client().get(app.url("/entrar")).send().await.unwrap();
    let cookie = res.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let csrf = attr(&html, "input[name=csrf]", "value").unwrap();
    let host = app.address.trim_start_matches("http://");
    let mut answers = Vec::new();
    for content_type in [
        "multipart/form-data; boundary=XyZ",
        "application/octet-stream",
    ] {
        let head = format!(
            "POST /clubes/{club}/campeonatos/importar HTTP/1.1\r\nHost: {host}\r\n\
             Cookie: {cookie}\r\nX-CSRF-Token: {csrf}\r\nContent-Type: {content_type}\r\n\
             Content-Length: 30000000\r\n\r\n"
        );
        let status = answer_without_body(&app, &head).await.map(|answer| {
            answer
                .split_whitespace()
                .nth(1)
                .unwrap_or_default()
                .to_owned()
        });
        answers.push((content_type, status));
    }
    // Refused at once (too large for a stranger, or sent to log in first), never
    // waited for.
    assert_eq!(
        answers,
        [
            ("multipart/form-data; boundary=XyZ", Some("413".to_owned())),
            ("application/octet-stream", Some("303".to_owned())),
        ]
    );
    // The organiser still imports there (a file that does not read: its form again).
    let res = post_form_as(
        &app,
        &app.client,
        &format!("/clubes/{club}/campeonatos/importar"),
        &[("text", "no es un fichero")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_strangers_api_request_is_refused_by_its_token_before_its_body_is_read() {
    let app = TestApp::spawn().await;
    let (_, slip) = one_table(&app).await;
    let host = app.address.trim_start_matches("http://");
    let mut answers = Vec::new();
    // Five megabytes and two hundred kilobytes (under the API's limit) announced,
    // and never sent: with a wrong token, or none, the answer comes at once.
    for (auth, length) in [
        ("Authorization: Bearer baza_nonsense\r\n", 5_000_000),
        ("Authorization: Bearer baza_nonsense\r\n", 200_000),
        ("", 200_000),
    ] {
        let head = format!(
            "POST /api/v1{}/resultado HTTP/1.1\r\nHost: {host}\r\n{auth}\
             Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n",
            slip.path
        );
        let status = answer_without_body(&app, &head).await.map(|answer| {
            answer
                .split_whitespace()
                .nth(1)
                .unwrap_or_default()
                .to_owned()
        });
        answers.push(status);
    }
    assert_eq!(answers, vec![Some("401".to_owned()); 3]);
}
