//! Knockout brackets (cuadros) over HTTP: creation and seeding, byes, results through
//! to the champion, corrections that void exactly the dependent matches (audited),
//! optimistic locking, roles and CSRF, bad forms, and the A3 print in Chromium.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::browser::{Browser, base64_decode};
use crate::helpers::{TestApp, attr, new_client, post_form_as, texts};
use baza::domain::bracket::{Bracket, MatchId, Status};

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("Pareja {i:02}")).collect()
}

/// The server over a fresh database with two clubs (1 and 2) and nothing else: what a
/// bracket needs, without the demo's championships and games.
async fn with_clubs() -> TestApp {
    let app = TestApp::spawn().await;
    app.with_conn(|conn| {
        for (name, town) in [("Peña La Baza", "Calatayud"), ("Casal de Ponent", "Lleida")] {
            baza::db::queries::insert_club(
                conn,
                &baza::db::queries::NewClub {
                    name,
                    town,
                    created_at: baza::web::account::now(),
                },
            )
            .unwrap();
        }
    })
    .await;
    app
}

/// An organiser of club 1, logged in on `app.client`.
async fn organiser(app: &TestApp) {
    let pw = app.add_user("org", "organiser", Some(1)).await;
    app.login(&app.client, "org", &pw).await;
}

/// Creates a bracket through the form; returns its id.
async fn create(app: &TestApp, client: &reqwest::Client, fields: &[(&str, &str)]) -> i32 {
    let res = post_create(app, client, fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "create bracket");
    let location = res.headers()["location"].to_str().unwrap().to_owned();
    crate::from_scratch::bracket_id_of(&location)
}

async fn post_create(
    app: &TestApp,
    client: &reqwest::Client,
    fields: &[(&str, &str)],
) -> reqwest::Response {
    let csrf = app.csrf_for(client).await;
    let mut form: Vec<(&str, &str)> = vec![
        ("csrf", &csrf),
        ("club", "1"),
        ("name", "Fase final"),
        ("game", "botifarra"),
        ("format", "single"),
        ("seeding", "hand"),
        ("paper", "a4"),
    ];
    for (k, v) in fields {
        form.retain(|(key, _)| key != k);
        form.push((k, v));
    }
    client
        .post(app.url("/cuadros/nuevo"))
        .form(&form)
        .send()
        .await
        .unwrap()
}

async fn count(app: &TestApp) -> usize {
    app.with_conn(|conn| baza::db::brackets::list_brackets(conn).unwrap().len())
        .await
}

/// The stored bracket, its version and the number of its audit rows.
async fn stored(app: &TestApp, id: i32) -> (Bracket, i32, usize) {
    app.with_conn(move |conn| {
        let row = baza::db::brackets::find_bracket(conn, id).unwrap().unwrap();
        let audit = baza::db::brackets::bracket_audit(conn, id).unwrap();
        (
            serde_json::from_str(&row.document).unwrap(),
            row.version,
            audit.len(),
        )
    })
    .await
}

/// Posts a result form for match `m` (`path` is `resultado` or `corregir`).
async fn post_match(
    app: &TestApp,
    client: &reqwest::Client,
    id: i32,
    m: u32,
    path: &str,
    fields: &[(&str, &str)],
) -> reqwest::Response {
    let path = format!("/cuadros/{id}/partidos/{m}/{path}");
    post_form_as(app, client, &path, fields).await
}

/// Enters `winner` (slot 0 or 1) for match `m` at the current version.
async fn play(app: &TestApp, id: i32, m: u32, winner: &str) {
    let (_, version, _) = stored(app, id).await;
    let v = version.to_string();
    let res = post_match(
        app,
        &app.client,
        id,
        m,
        "resultado",
        &[("winner", winner), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "match {m}");
}

#[tokio::test]
async fn a_13_entrant_bracket_gives_the_byes_to_the_top_3_seeds_and_plays_through_to_a_champion() {
    let app = with_clubs().await;
    organiser(&app).await;
    let list = names(13).join("\n");
    let id = create(&app, &app.client, &[("names", &list), ("third_place", "1")]).await;

    let html = app.page(&format!("/cuadros/{id}"), StatusCode::OK).await;
    // Round 1 has the 10 lowest seeds; the top 3 wait in round 2, marked as byes.
    let first = texts(&html, ".bsec-winners .round:first-child .sl .nm");
    assert_eq!(first.len(), 10, "{first:?}");
    for top in ["Pareja 01", "Pareja 02", "Pareja 03"] {
        assert!(!first.contains(&top.to_owned()), "{top} plays round 1");
    }
    let mut byes = texts(&html, ".sl.bye .nm");
    byes.sort();
    assert_eq!(byes, vec!["Pareja 01", "Pareja 02", "Pareja 03"]);
    // 1–16 is the first pair of the standard order: seed 1 meets the winner of 8–9.
    assert_eq!(texts(&html, ".bsec-third").len(), 1);
    // In the head, where they belong: the refresh (a script a screen reader's user
    // can stop, not a meta refresh) and the bracket's own stylesheet.
    assert!(attr(&html, "head script[data-refresh]", "data-refresh").is_some());
    assert!(attr(&html, "meta[http-equiv=refresh]", "content").is_none());
    let sheet = attr(&html, "head link[rel=stylesheet][href*=cuadro]", "href").unwrap();
    assert!(
        sheet.starts_with(&format!("/cuadros/{id}/cuadro.css")),
        "{sheet}"
    );
    assert!(texts(&html, ".champion").is_empty());

    // Play it through from the page's list of playable matches, slot 0 always winning.
    let mut played = 0;
    loop {
        let html = app.page(&format!("/cuadros/{id}"), StatusCode::OK).await;
        let Some(href) = attr(&html, ".playable-list a", "href") else {
            break;
        };
        let m: u32 = href.rsplit('/').next().unwrap().parse().unwrap();
        let page = app.page(&href, StatusCode::OK).await;
        let version = attr(&page, "form.result-form input[name=version]", "value").unwrap();
        let res = post_match(
            &app,
            &app.client,
            id,
            m,
            "resultado",
            &[("winner", "0"), ("version", &version)],
        )
        .await;
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
        played += 1;
        assert!(played <= 13, "more matches than a 13-entrant bracket has");
    }
    assert_eq!(played, 13, "12 matches and the third place");
    let html = app.page(&format!("/cuadros/{id}"), StatusCode::OK).await;
    assert_eq!(texts(&html, ".champion"), vec!["Campeón: Pareja 01"]);
    assert!(attr(&html, "script[data-refresh]", "data-refresh").is_none());
    let (bracket, version, audit) = stored(&app, id).await;
    assert!(bracket.is_complete());
    assert_eq!(version, 13);
    assert_eq!(audit, 14, "the creation and 13 results");
    // The public sees it too, without the organiser's links.
    let public = new_client();
    let body = app.text_as(&public, &format!("/cuadros/{id}")).await;
    let html = scraper::Html::parse_document(&body);
    assert_eq!(texts(&html, ".champion"), vec!["Campeón: Pareja 01"]);
    assert!(texts(&html, ".mcode a").is_empty());
    let css = public
        .get(app.url(&format!("/cuadros/{id}/cuadro.css")))
        .send()
        .await
        .unwrap();
    assert_eq!(css.status(), StatusCode::OK);
    assert!(css.text().await.unwrap().contains("size: A4 landscape"));
}

#[tokio::test]
async fn a_correction_after_a_later_match_voids_exactly_the_dependent_matches_and_is_audited() {
    let app = with_clubs().await;
    organiser(&app).await;
    let list = names(8).join("\n");
    let id = create(&app, &app.client, &[("names", &list)]).await;
    // Round 1 (matches 0–3), then the first semi-final (4); the second (5) is not played.
    for m in 0..4 {
        play(&app, id, m, "0").await;
    }
    play(&app, id, 4, "1").await;
    let (before, version, audit) = stored(&app, id).await;
    assert_eq!(before.dependents(MatchId(0)), vec![MatchId(4)]);
    let v = version.to_string();

    // Asked first: the page lists what would be voided, and nothing changes yet.
    let res = post_match(
        &app,
        &app.client,
        id,
        0,
        "corregir",
        &[("winner", "1"), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let voided = texts(&html, ".correction-preview ul.voided li");
    assert_eq!(voided.len(), 1, "{voided:?}");
    assert!(voided[0].starts_with("Semifinal 1 · "), "{voided:?}");
    assert_eq!(stored(&app, id).await, (before.clone(), version, audit));

    // Confirmed: exactly W2.1 is voided and reopened with the new winner.
    let res = post_match(
        &app,
        &app.client,
        id,
        0,
        "corregir",
        &[("winner", "1"), ("version", &v), ("confirm", "1")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (after, new_version, new_audit) = stored(&app, id).await;
    assert_eq!(new_version, version + 1);
    assert_eq!(new_audit, audit + 1);
    let m0 = after.get(MatchId(0)).unwrap();
    assert_eq!(m0.result.unwrap().winner, m0.entrants()[1].unwrap());
    assert_eq!(after.get(MatchId(4)).unwrap().status, Status::Void);
    assert!(after.get(MatchId(4)).unwrap().is_playable());
    for m in 1..4 {
        assert_eq!(
            after.get(MatchId(m)).unwrap(),
            before.get(MatchId(m)).unwrap(),
            "match {m} untouched"
        );
    }
    assert_eq!(after.get(MatchId(5)).unwrap().status, Status::Ready);
    let html = app.page(&format!("/cuadros/{id}"), StatusCode::OK).await;
    assert_eq!(texts(&html, ".mbox.st-void").len(), 1);

    // The audit row says who, from what to what, and what was voided.
    let log: Value = app
        .client
        .get(app.url(&format!("/cuadros/{id}/auditoria?formato=json")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let last = &log[0];
    assert_eq!(last["action"], "correct");
    assert!(last["actor"].as_str().unwrap().contains("org"));
    let after_json: Value = serde_json::from_str(last["after_json"].as_str().unwrap()).unwrap();
    assert_eq!(after_json["voided"], json!(["W2.1"]));
    assert_eq!(after_json["winner"], "Pareja 08");
    let before_json: Value = serde_json::from_str(last["before_json"].as_str().unwrap()).unwrap();
    assert_eq!(before_json["winner"], "Pareja 01");
    let html = app
        .page(&format!("/cuadros/{id}/auditoria"), StatusCode::OK)
        .await;
    assert!(texts(&html, "ul.audit-lines li").len() >= 6);
}

#[tokio::test]
async fn two_organisers_saving_the_same_match_one_is_refused_and_nothing_is_overwritten() {
    let app = with_clubs().await;
    organiser(&app).await;
    let pw = app.add_user("org2", "organiser", Some(1)).await;
    let other = new_client();
    app.login(&other, "org2", &pw).await;
    let list = names(4).join("\n");
    let id = create(&app, &app.client, &[("names", &list)]).await;
    let (_, version, audit) = stored(&app, id).await;
    let v = version.to_string();
    // Both open the same match; the first to save wins.
    let mine = form_of(&app, &app.client, id, 0).await;
    let theirs = form_of(&app, &other, id, 0).await;
    assert_eq!(mine, theirs);
    let first = post_match(
        &app,
        &app.client,
        id,
        0,
        "resultado",
        &[
            ("winner", "0"),
            ("version", &mine.0),
            ("match_state", &mine.1),
        ],
    )
    .await;
    assert_eq!(first.status(), StatusCode::SEE_OTHER);
    let second = post_match(
        &app,
        &other,
        id,
        0,
        "resultado",
        &[
            ("winner", "1"),
            ("version", &theirs.0),
            ("match_state", &theirs.1),
        ],
    )
    .await;
    assert_eq!(second.status(), StatusCode::CONFLICT);
    let html = scraper::Html::parse_document(&second.text().await.unwrap());
    assert!(texts(&html, ".alert")[0].contains("Otra persona"));
    let (b, new_version, new_audit) = stored(&app, id).await;
    let m = b.get(MatchId(0)).unwrap();
    assert_eq!(m.result.unwrap().winner, m.entrants()[0].unwrap());
    assert_eq!((new_version, new_audit), (version + 1, audit + 1));
    // A stale correction is refused too, even when confirmed.
    let stale = post_match(
        &app,
        &other,
        id,
        0,
        "corregir",
        &[("winner", "1"), ("version", &v), ("confirm", "1")],
    )
    .await;
    assert_eq!(stale.status(), StatusCode::CONFLICT);
    assert_eq!(stored(&app, id).await.1, version + 1);

    // Two organisers entering two different matches from pages read at the same
    // version: both are saved (only the match itself must be as it was read).
    let a = form_of(&app, &app.client, id, 1).await;
    let c = create(&app, &app.client, &[("names", &list)]).await;
    let b = form_of(&app, &other, c, 0).await;
    let b1 = form_of(&app, &other, c, 1).await;
    let first = post_match(
        &app,
        &other,
        c,
        0,
        "resultado",
        &[("winner", "0"), ("version", &b.0), ("match_state", &b.1)],
    )
    .await;
    assert_eq!(first.status(), StatusCode::SEE_OTHER);
    let second = post_match(
        &app,
        &other,
        c,
        1,
        "resultado",
        &[("winner", "1"), ("version", &b1.0), ("match_state", &b1.1)],
    )
    .await;
    assert_eq!(second.status(), StatusCode::SEE_OTHER, "a different match");
    let (done, version, _) = stored(&app, c).await;
    assert_eq!(version, 2);
    assert_eq!(
        done.get(MatchId(1)).unwrap().result.unwrap().winner,
        done.get(MatchId(1)).unwrap().entrants()[1].unwrap()
    );
    // Without its match state, a form read before another save is refused.
    let res = post_match(
        &app,
        &app.client,
        id,
        1,
        "resultado",
        &[("winner", "0"), ("version", &v)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    let res = post_match(
        &app,
        &app.client,
        id,
        1,
        "resultado",
        &[("winner", "0"), ("version", &a.0), ("match_state", &a.1)],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

/// The version and match state of the result form of match `m`.
async fn form_of(app: &TestApp, client: &reqwest::Client, id: i32, m: u32) -> (String, String) {
    let body = app
        .text_as(client, &format!("/cuadros/{id}/partidos/{m}"))
        .await;
    let html = scraper::Html::parse_document(&body);
    (
        attr(&html, "form.result-form input[name=version]", "value").unwrap(),
        attr(&html, "form.result-form input[name=match_state]", "value").unwrap(),
    )
}

#[tokio::test]
async fn the_public_reads_brackets_and_only_organisers_and_admins_of_the_club_change_them() {
    let app = with_clubs().await;
    organiser(&app).await;
    let list = names(4).join("\n");
    let id = create(&app, &app.client, &[("names", &list)]).await;
    let url = app.url(&format!("/cuadros/{id}/partidos/0/resultado"));

    // The public: reads everything but the audit; its changes go to the login page.
    let public = new_client();
    for path in [
        "/cuadros".to_owned(),
        format!("/cuadros/{id}"),
        format!("/cuadros/{id}/partidos/0"),
    ] {
        let res = public.get(app.url(&path)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert!(!res.text().await.unwrap().contains("result-form"), "{path}");
    }
    for path in [
        "/cuadros/nuevo".to_owned(),
        format!("/cuadros/{id}/auditoria"),
    ] {
        let res = public.get(app.url(&path)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER, "{path}");
    }
    let csrf = app.csrf_for(&public).await;
    let res = public
        .post(&url)
        .form(&[("csrf", csrf.as_str()), ("winner", "0"), ("version", "0")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(
        res.headers()["location"]
            .to_str()
            .unwrap()
            .starts_with("/entrar")
    );

    // A referee of the club and an organiser of another club: 403.
    let pw = app.add_user("arbitra", "referee", Some(1)).await;
    let referee = new_client();
    app.login(&referee, "arbitra", &pw).await;
    let other_club = app.add_club("Casino de Huete", "Huete").await;
    let pw = app
        .add_user("forastero", "organiser", Some(other_club))
        .await;
    let stranger = new_client();
    app.login(&stranger, "forastero", &pw).await;
    for client in [&referee, &stranger] {
        let csrf = app.csrf_for(client).await;
        let res = client
            .post(&url)
            .form(&[("csrf", csrf.as_str()), ("winner", "0"), ("version", "0")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
    }
    // The referee may read the audit.
    let res = referee
        .get(app.url(&format!("/cuadros/{id}/auditoria")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);

    // The organiser without the CSRF token, or with a wrong one: 403.
    for token in [None, Some("0000")] {
        let mut f = vec![("winner", "0"), ("version", "0")];
        if let Some(t) = token {
            f.push(("csrf", t));
        }
        let res = app.client.post(&url).form(&f).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
    }
    let (_, version, audit) = stored(&app, id).await;
    assert_eq!((version, audit), (0, 1), "nothing was written");

    // An admin (no club) may.
    let pw = app.add_user("jefa", "admin", None).await;
    let admin = new_client();
    app.login(&admin, "jefa", &pw).await;
    let res = post_match(
        &app,
        &admin,
        id,
        0,
        "resultado",
        &[("winner", "0"), ("version", "0")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(stored(&app, id).await.1, 1);
}

async fn post_delete(
    app: &TestApp,
    client: &reqwest::Client,
    id: i32,
    fields: &[(&str, &str)],
) -> reqwest::Response {
    post_form_as(app, client, &format!("/cuadros/{id}/borrar"), fields).await
}

#[tokio::test]
async fn a_bracket_made_by_mistake_is_deleted_only_confirmed_and_current_and_stays_in_the_audit_log()
 {
    let app = with_clubs().await;
    organiser(&app).await;
    let list = names(4).join("\n");
    let id = create(&app, &app.client, &[("names", &list)]).await;
    play(&app, id, 0, "0").await;
    let brackets = count(&app).await;
    let path = format!("/cuadros/{id}");
    let html = app.page(&path, StatusCode::OK).await;
    let version = attr(&html, "form.delete-bracket input[name=version]", "value").unwrap();
    let label = texts(&html, "form.delete-bracket label").join(" ");
    assert!(label.contains("sus 1 resultados"), "{label}");
    // The public sees no such form, and its post goes to the login page.
    let public = new_client();
    let page = public.get(app.url(&path)).send().await.unwrap();
    assert!(!page.text().await.unwrap().contains("delete-bracket"));
    let res = post_delete(
        &app,
        &public,
        id,
        &[("version", &version), ("confirm", "si")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert!(
        res.headers()["location"]
            .to_str()
            .unwrap()
            .starts_with("/entrar")
    );
    // Not confirmed: refused, in words.
    let res = post_delete(&app, &app.client, id, &[("version", &version)]).await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.text()
            .await
            .unwrap()
            .contains("casilla de confirmación")
    );
    // Changed since the page was read: refused, nothing deleted.
    let stale = (version.parse::<i32>().unwrap() - 1).to_string();
    let res = post_delete(
        &app,
        &app.client,
        id,
        &[("version", &stale), ("confirm", "si")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::CONFLICT);
    assert_eq!(count(&app).await, brackets);
    // Confirmed and current: gone, and its whole document is in the audit log.
    let (document, _, _) = stored(&app, id).await;
    let res = post_delete(
        &app,
        &app.client,
        id,
        &[("version", &version), ("confirm", "si")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    assert_eq!(res.headers()["location"], "/cuadros");
    assert_eq!(count(&app).await, brackets - 1);
    assert_eq!(app.get(&path).await.status(), StatusCode::NOT_FOUND);
    let audit = app
        .with_conn(move |conn| baza::db::brackets::bracket_audit(conn, id).unwrap())
        .await;
    let last = audit
        .iter()
        .find(|a| a.action == "delete")
        .expect("a delete entry");
    let before: Value = serde_json::from_str(last.before_json.as_deref().unwrap()).unwrap();
    let kept: Bracket = serde_json::from_value(before["document"].clone()).unwrap();
    assert_eq!(
        serde_json::to_value(&kept).unwrap(),
        serde_json::to_value(&document).unwrap()
    );
    assert_eq!(before["entrants"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn malformed_bracket_forms_get_a_4xx_and_change_nothing() {
    let app = with_clubs().await;
    organiser(&app).await;
    let many = names(1025).join("\n");
    for (fields, status) in [
        (vec![("names", "Sola")], StatusCode::UNPROCESSABLE_ENTITY),
        (
            vec![("names", "Ana\nana")],
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            vec![("names", many.as_str())],
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            vec![("names", "A\nB"), ("format", "triple")],
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            vec![("names", "A\nB"), ("paper", "a5")],
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            vec![("names", "A\nB"), ("seeding", "lot"), ("lot_seed", "-3")],
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            vec![("names", "A\nB"), ("seeding", "event")],
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            vec![("names", "A\nB"), ("game", "mus")],
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            vec![("names", "A\nB"), ("club", "uno")],
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            vec![("names", "A\nB"), ("club", "2")],
            StatusCode::FORBIDDEN,
        ),
    ] {
        let res = post_create(&app, &app.client, &fields).await;
        assert_eq!(res.status(), status, "{fields:?}");
        if status == StatusCode::UNPROCESSABLE_ENTITY {
            let html = scraper::Html::parse_document(&res.text().await.unwrap());
            assert_eq!(texts(&html, ".alert").len(), 1, "{fields:?}");
        }
    }
    assert_eq!(count(&app).await, 0, "no bracket was made");

    let list = names(5).join("\n");
    let id = create(&app, &app.client, &[("names", &list)]).await;
    let before = stored(&app, id).await;
    // Match 0 is the only round-1 match (5 entrants: 3 byes); match 1 is not ready.
    for (m, fields, status) in [
        (0, vec![("winner", "2"), ("version", "0")], 422),
        (0, vec![("version", "0")], 422),
        (0, vec![("winner", "0"), ("version", "x")], 422),
        (
            0,
            vec![("score_0", "abc"), ("score_1", "3"), ("version", "0")],
            422,
        ),
        (0, vec![("score_0", "5"), ("version", "0")], 422),
        (
            0,
            vec![("score_0", "5"), ("score_1", "5"), ("version", "0")],
            422,
        ),
        (
            0,
            vec![
                ("winner", "0"),
                ("score_0", "3"),
                ("score_1", "5"),
                ("version", "0"),
            ],
            422,
        ),
        (
            0,
            vec![("score_0", "99999"), ("score_1", "5"), ("version", "0")],
            422,
        ),
        (1, vec![("winner", "0"), ("version", "0")], 422),
        (999, vec![("winner", "0"), ("version", "0")], 404),
    ] {
        let res = post_match(&app, &app.client, id, m, "resultado", &fields).await;
        assert_eq!(res.status().as_u16(), status, "match {m} {fields:?}");
    }
    // Correcting a match that has no result.
    let res = post_match(
        &app,
        &app.client,
        id,
        0,
        "corregir",
        &[("winner", "0"), ("version", "0"), ("confirm", "1")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    for path in [
        "/cuadros/abc",
        "/cuadros/0",
        "/cuadros/999",
        "/cuadros/1/partidos/x",
    ] {
        assert_eq!(
            app.get(path).await.status(),
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    assert_eq!(stored(&app, id).await, before);
    // A good result with a score, after all that.
    let res = post_match(
        &app,
        &app.client,
        id,
        0,
        "resultado",
        &[("score_0", "101"), ("score_1", "87"), ("version", "0")],
    )
    .await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let (b, _, _) = stored(&app, id).await;
    assert_eq!(
        b.get(MatchId(0)).unwrap().result.unwrap().score,
        Some([101, 87])
    );
}

#[tokio::test]
async fn a_bracket_drawn_by_lot_shows_its_seed_and_the_same_seed_gives_the_same_draw() {
    let app = with_clubs().await;
    organiser(&app).await;
    let list = names(16).join("\n");
    let fields = [
        ("names", list.as_str()),
        ("seeding", "lot"),
        ("lot_seed", "20261123"),
    ];
    let a = create(&app, &app.client, &fields).await;
    let b = create(&app, &app.client, &fields).await;
    let html = app.page(&format!("/cuadros/{a}"), StatusCode::OK).await;
    assert!(texts(&html, ".seeding")[0].contains("20261123"));
    let (x, _, _) = stored(&app, a).await;
    let (y, _, _) = stored(&app, b).await;
    assert_eq!(x.seeds(), y.seeds());
    let identity: Vec<u32> = (0..16).collect();
    assert_ne!(x.seeds().iter().map(|e| e.0).collect::<Vec<_>>(), identity);
    // Without a seed, Baza draws one and shows it.
    let c = create(&app, &app.client, &[("names", &list), ("seeding", "lot")]).await;
    let html = app.page(&format!("/cuadros/{c}"), StatusCode::OK).await;
    let shown = texts(&html, ".seeding")[0].clone();
    assert!(shown.chars().any(|ch| ch.is_ascii_digit()), "{shown}");
}

#[tokio::test]
async fn a_bracket_seeded_from_an_event_takes_its_pairs_in_standings_order() {
    let app = TestApp::with_demo().await;
    organiser(&app).await;
    // The demo league (event 1) is finished: its standings decide the seeds.
    let id = create(&app, &app.client, &[("seeding", "event"), ("event", "1")]).await;
    let event = app.page("/campeonatos/1", StatusCode::OK).await;
    let html = app.page(&format!("/cuadros/{id}"), StatusCode::OK).await;
    let (b, _, _) = stored(&app, id).await;
    assert_eq!(b.seeds().len(), 8);
    // The league's table, top to bottom, is the bracket's seed order.
    let table: Vec<String> = texts(&event, "table.standings tbody tr td:nth-child(2) strong");
    assert_eq!(table.len(), 8);
    let (seeds, names) = (texts(&html, ".sl .seed"), texts(&html, ".sl .nm"));
    for (i, pair) in table.iter().enumerate() {
        let at = seeds
            .iter()
            .position(|s| *s == (i + 1).to_string())
            .unwrap();
        assert_eq!(&names[at], pair, "seed {}", i + 1);
    }
    assert!(texts(&html, ".seeding")[0].contains("Liga de otoño"));
}

/// The printable areas of A3 and A4 landscape with 10 mm margins, in CSS px.
const A3_PX: (f64, f64) = (400.0 * 96.0 / 25.4, 277.0 * 96.0 / 25.4);
const A4_PX: (f64, f64) = (277.0 * 96.0 / 25.4, 190.0 * 96.0 / 25.4);

pub(crate) async fn cdp(browser: &Browser, cmd: &str, params: Value) -> Value {
    browser
        .cmd(
            reqwest::Method::POST,
            "/goog/cdp/execute",
            Some(json!({"cmd": cmd, "params": params})),
        )
        .await
}

/// Emulates print media on a viewport of the printable area `(w, h)` and returns
/// the extent of the match boxes (`n`, `left`, `right`, `top`, `bottom`, `minHeight`)
/// and whether the site header is hidden, as the print stylesheet lays them out.
async fn print_extent(browser: &Browser, (w, h): (f64, f64)) -> Value {
    cdp(
        browser,
        "Emulation.setDeviceMetricsOverride",
        json!({"width": w.floor() as i64, "height": h.floor() as i64,
               "deviceScaleFactor": 1, "mobile": false}),
    )
    .await;
    cdp(
        browser,
        "Emulation.setEmulatedMedia",
        json!({"media": "print"}),
    )
    .await;
    browser
        .eval(
            "const r = [...document.querySelectorAll('.bracket .mbox')].map(e => e.getBoundingClientRect());
             return {n: r.length, left: Math.min(...r.map(b => b.left)), right: Math.max(...r.map(b => b.right)),
                     top: Math.min(...r.map(b => b.top)), bottom: Math.max(...r.map(b => b.bottom)),
                     minHeight: Math.min(...r.map(b => b.height)),
                     header: getComputedStyle(document.querySelector('header.site')).display}",
        )
        .await
}

/// Prints the page on the paper its stylesheet asks for: the PDF and its page count.
pub(crate) async fn print_pdf(browser: &Browser, file: &str) -> (Vec<u8>, usize) {
    let pdf = cdp(
        browser,
        "Page.printToPDF",
        json!({"preferCSSPageSize": true, "printBackground": true}),
    )
    .await;
    let bytes = base64_decode(pdf["data"].as_str().unwrap_or(""));
    assert!(bytes.starts_with(b"%PDF"), "not a PDF");
    let text = String::from_utf8_lossy(&bytes);
    let pages = [
        "/Type /Page\n",
        "/Type /Page ",
        "/Type /Page/",
        "/Type/Page/",
        "/Type/Page\n",
        "/Type /Page>",
        "/Type/Page>",
    ]
    .iter()
    .map(|p| text.matches(p).count())
    .sum();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/e2e");
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join(file), &bytes);
    (bytes, pages)
}

/// The page sizes (MediaBox width × height, points, rounded) of a PDF.
fn media_boxes(pdf: &[u8]) -> Vec<(i64, i64)> {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/MediaBox [")
        .filter_map(|(i, m)| {
            let rest = &text[i + m.len()..];
            let nums: Vec<f64> = rest
                .split(']')
                .next()?
                .split_whitespace()
                .filter_map(|n| n.parse().ok())
                .collect();
            match nums[..] {
                [_, _, w, h] => Some((w.round() as i64, h.round() as i64)),
                _ => None,
            }
        })
        .collect()
}

#[tokio::test]
async fn in_a_browser_a_64_entrant_bracket_prints_on_one_a3_landscape_page_with_every_name() {
    let Some(browser) = Browser::start("bracket_64_a3").await else {
        return;
    };
    let app = with_clubs().await;
    organiser(&app).await;
    let all = names(64);
    let list = all.join("\n");
    let id = create(
        &app,
        &app.client,
        &[("names", &list), ("paper", "a3"), ("third_place", "1")],
    )
    .await;
    // Half of round 1 played, so the print shows winners and sources.
    for m in 0..16 {
        play(&app, id, m, "0").await;
    }
    browser.goto(&app.url(&format!("/cuadros/{id}"))).await;
    browser.wait_for(".bracket .mbox").await;
    let shown: Vec<String> = serde_json::from_value(
        browser
            .eval("return [...document.querySelectorAll('.bracket .sl .nm')].map(e => e.textContent.trim())")
            .await,
    )
    .unwrap();
    for name in &all {
        assert!(shown.contains(name), "{name} is not on the page");
    }

    // Under print emulation on the printable area of A3 landscape, every box is inside.
    let boxes = print_extent(&browser, A3_PX).await;
    // target/e2e/bracket_64_a3.png.b64: the print layout, to look at.
    browser.screenshot().await;
    assert_eq!(boxes["n"], 64, "63 matches and the third place: {boxes}");
    assert_eq!(
        boxes["header"], "none",
        "the print stylesheet applies: {boxes}"
    );
    assert!(boxes["left"].as_f64().unwrap() >= 0.0, "{boxes}");
    assert!(
        boxes["right"].as_f64().unwrap() <= A3_PX.0.floor(),
        "a box is outside the printable width: {boxes}"
    );
    assert!(
        boxes["bottom"].as_f64().unwrap() <= A3_PX.1.floor(),
        "a box is below the printable height: {boxes}"
    );
    assert!(
        boxes["minHeight"].as_f64().unwrap() >= 20.0,
        "legible: {boxes}"
    );

    // The PDF: one page of A3 landscape (1190.55 × 841.89 points).
    let (pdf, pages) = print_pdf(&browser, "bracket-64-a3.pdf").await;
    assert_eq!(pages, 1, "one A3 page");
    assert_eq!(media_boxes(&pdf), vec![(1191, 842)]);
}

#[tokio::test]
async fn in_a_browser_a_256_entrant_double_elimination_prints_round_by_round_on_a4_with_nothing_cut_off()
 {
    let Some(browser) = Browser::start("bracket_256_a4").await else {
        return;
    };
    let app = with_clubs().await;
    organiser(&app).await;
    let list = names(256).join("\n");
    let id = create(
        &app,
        &app.client,
        &[("names", &list), ("format", "double"), ("reset", "1")],
    )
    .await;
    browser.goto(&app.url(&format!("/cuadros/{id}"))).await;
    browser.wait_for(".bracket .mbox").await;
    let boxes = print_extent(&browser, A4_PX).await;
    browser.screenshot().await;
    assert_eq!(boxes["n"], 511, "2N − 2 and the reset: {boxes}");
    assert!(boxes["left"].as_f64().unwrap() >= 0.0, "{boxes}");
    assert!(
        boxes["right"].as_f64().unwrap() <= A4_PX.0.floor(),
        "a box is outside the printable width: {boxes}"
    );
    assert!(
        boxes["minHeight"].as_f64().unwrap() >= 20.0,
        "legible: {boxes}"
    );
    let (pdf, pages) = print_pdf(&browser, "bracket-256-a4.pdf").await;
    assert!((3..=12).contains(&pages), "{pages} pages");
    let sizes = media_boxes(&pdf);
    assert_eq!(sizes.len(), pages);
    assert!(
        sizes.iter().all(|s| *s == (842, 595)),
        "A4 landscape: {sizes:?}"
    );
}

#[tokio::test]
async fn the_demo_has_the_league_final_phase_half_played() {
    let app = TestApp::with_demo().await;
    let list = app.page("/cuadros", StatusCode::OK).await;
    let listed = texts(&list, ".brackets .card a");
    assert!(
        listed.contains(&"Fase final de la liga de otoño".to_owned()),
        "{listed:?}"
    );
    let html = app.page("/cuadros/1", StatusCode::OK).await;
    assert_eq!(texts(&html, ".mbox.st-played").len(), 5);
    assert_eq!(
        texts(&html, ".mbox.st-ready").len(),
        1,
        "the second semi-final"
    );
    assert!(texts(&html, ".champion").is_empty());
    assert!(texts(&html, ".seeding")[0].contains("Liga de otoño de cuatrola"));
    let (b, _, _) = stored(&app, 1).await;
    assert_eq!(b.seeds().len(), 8);
}

#[tokio::test]
async fn a_double_elimination_with_reset_is_created_and_played_through_the_reset() {
    let app = with_clubs().await;
    organiser(&app).await;
    let list = names(8).join("\n");
    let id = create(
        &app,
        &app.client,
        &[("names", &list), ("format", "double"), ("reset", "1")],
    )
    .await;
    let html = app.page(&format!("/cuadros/{id}"), StatusCode::OK).await;
    assert_eq!(texts(&html, ".mbox").len(), 15, "2N − 2 + the reset");
    assert_eq!(texts(&html, ".bsec-losers").len(), 1);
    assert_eq!(texts(&html, ".bsec-grand").len(), 1);
    // The better slot wins everything but the grand final, which the losers'
    // bracket champion takes: the reset is played.
    let mut played = 0;
    loop {
        let html = app.page(&format!("/cuadros/{id}"), StatusCode::OK).await;
        let Some(href) = attr(&html, ".playable-list a", "href") else {
            break;
        };
        let line = texts(&html, ".playable-list a")[0].clone();
        let m: u32 = href.rsplit('/').next().unwrap().parse().unwrap();
        let winner = if line.starts_with("Gran final · ") {
            "1"
        } else {
            "0"
        };
        play(&app, id, m, winner).await;
        played += 1;
        assert!(played <= 15);
    }
    assert_eq!(played, 15);
    let (b, _, _) = stored(&app, id).await;
    assert!(b.is_complete());
    let html = app.page(&format!("/cuadros/{id}"), StatusCode::OK).await;
    let champion = texts(&html, ".champion")[0].clone();
    assert!(champion.starts_with("Campeón: Pareja"), "{champion}");
    assert_ne!(
        champion, "Campeón: Pareja 01",
        "seed 1 lost the grand final and the reset"
    );
}

/// Groups typed as on the form: `Grupo X:` then its entrants `X1`, `X2`, … in order.
fn groups_text(groups: &[char], size: usize) -> String {
    groups
        .iter()
        .map(|g| {
            let lines: Vec<String> = (1..=size).map(|i| format!("{g}{i}")).collect();
            format!("Grupo {g}:\n{}\n", lines.join("\n"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names of the two sides of every first-round match.
async fn first_round(app: &TestApp, id: i32) -> Vec<(String, String)> {
    let names: Vec<String> = app
        .with_conn(move |conn| {
            let row = baza::db::brackets::find_bracket(conn, id).unwrap().unwrap();
            serde_json::from_str(&row.entrants).unwrap()
        })
        .await;
    let (b, _, _) = stored(app, id).await;
    b.matches()
        .iter()
        .filter(|m| m.code().starts_with("W1."))
        .map(|m| {
            let [x, y] = m.entrants().map(|e| names[e.unwrap().0 as usize].clone());
            (x, y)
        })
        .collect()
}

#[tokio::test]
async fn groups_to_knockout_crosses_the_groups_and_fills_with_the_best_runners_up_or_a_repesca() {
    let app = with_clubs().await;
    organiser(&app).await;
    // Four groups of four, two from each: winners meet runners-up of other groups.
    let groups = groups_text(&['A', 'B', 'C', 'D'], 4);
    let id = create(
        &app,
        &app.client,
        &[("format", "groups"), ("groups", &groups), ("qualify", "2")],
    )
    .await;
    let round = first_round(&app, id).await;
    assert_eq!(round.len(), 4);
    for (x, y) in &round {
        assert!(x.ends_with('1') && y.ends_with('2'), "{x} – {y}");
        assert_ne!(x[..1], y[..1], "{x} – {y} are of one group");
    }
    let html = app.page(&format!("/cuadros/{id}"), StatusCode::OK).await;
    assert!(texts(&html, ".seeding")[0].contains("2 por grupo"));
    assert!(texts(&html, ".entrant-count")[0].starts_with('8'));

    // Three groups of three, two from each, and the two best thirds, ranked.
    let groups = groups_text(&['A', 'B', 'C'], 3);
    let id = create(
        &app,
        &app.client,
        &[
            ("format", "groups"),
            ("groups", &groups),
            ("qualify", "2"),
            ("fill", "best"),
            ("fill_names", "B3\nA3\nC3"),
        ],
    )
    .await;
    let round = first_round(&app, id).await;
    assert_eq!(round.len(), 4, "eight entrants, no byes");
    let all: Vec<&String> = round.iter().flat_map(|(x, y)| [x, y]).collect();
    assert!(all.contains(&&"B3".to_owned()) && all.contains(&&"A3".to_owned()));
    assert!(!all.contains(&&"C3".to_owned()), "only as many as needed");

    // Two groups of four, three from each, and a repesca's two winners (one new).
    let groups = groups_text(&['A', 'B'], 4);
    let id = create(
        &app,
        &app.client,
        &[
            ("format", "groups"),
            ("groups", &groups),
            ("qualify", "3"),
            ("fill", "repesca"),
            ("fill_names", "B4\nInvitados"),
        ],
    )
    .await;
    let round = first_round(&app, id).await;
    let all: Vec<&String> = round.iter().flat_map(|(x, y)| [x, y]).collect();
    assert_eq!(all.len(), 8);
    assert!(all.contains(&&"Invitados".to_owned()) && all.contains(&&"B4".to_owned()));

    // Bad groups forms: refused, nothing stored.
    let before = count(&app).await;
    let groups = groups_text(&['A', 'B'], 4);
    for fields in [
        vec![("qualify", "0")],
        vec![("qualify", "5")],
        vec![("qualify", "dos")],
        vec![("fill", "best"), ("fill_names", "A1")],
        vec![("fill", "best"), ("fill_names", "Z9")],
        vec![("fill", "otro")],
    ] {
        let mut all = vec![("format", "groups"), ("groups", groups.as_str())];
        all.extend(fields.iter().copied());
        if !fields.iter().any(|(k, _)| *k == "qualify") {
            all.push(("qualify", "2"));
        }
        let res = post_create(&app, &app.client, &all).await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY, "{fields:?}");
    }
    assert_eq!(count(&app).await, before);
}

#[tokio::test]
async fn the_organiser_chooses_a3_and_the_print_stylesheet_and_the_audit_follow() {
    let app = with_clubs().await;
    organiser(&app).await;
    let list = names(6).join("\n");
    let id = create(&app, &app.client, &[("names", &list)]).await;
    let css = |app: &TestApp| {
        let url = app.url(&format!("/cuadros/{id}/cuadro.css"));
        async move { reqwest::get(url).await.unwrap().text().await.unwrap() }
    };
    assert!(css(&app).await.contains("@page { size: A4 landscape"));
    let paper = |client: reqwest::Client, value: &'static str| {
        let app = &app;
        async move {
            let csrf = app.csrf_for(&client).await;
            client
                .post(app.url(&format!("/cuadros/{id}/papel")))
                .form(&[("csrf", csrf.as_str()), ("paper", value)])
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    assert_eq!(
        paper(app.client.clone(), "a5").await,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        paper(new_client(), "a3").await,
        StatusCode::SEE_OTHER,
        "to log in"
    );
    assert!(css(&app).await.contains("A4 landscape"), "nothing changed");
    assert_eq!(paper(app.client.clone(), "a3").await, StatusCode::SEE_OTHER);
    assert!(css(&app).await.contains("@page { size: A3 landscape"));
    let csv = app
        .client
        .get(app.url(&format!("/cuadros/{id}/auditoria?formato=csv")))
        .send()
        .await
        .unwrap();
    assert!(
        csv.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let csv = csv.text().await.unwrap();
    assert_eq!(csv.lines().count(), 3, "header, creation, paper: {csv}");
    assert!(csv.contains("\"paper\"") && csv.contains("a3"));
}

#[tokio::test]
async fn in_a_browser_an_organiser_enters_a_result_and_corrects_it_on_a_phone() {
    let Some(browser) = Browser::start("bracket_correction").await else {
        return;
    };
    let app = TestApp::with_demo().await;
    browser.as_organiser(&app, "org", 1).await;

    // The demo's final phase: the quarter-finals and the first semi-final are played.
    browser.goto(&app.url("/cuadros/1")).await;
    assert_eq!(
        browser.text(".champion").await,
        "",
        "no champion yet: {}",
        browser.path().await
    );
    // The second semi-final, from the list of matches to play, with a score.
    browser.submit(".playable-list a").await;
    assert!(browser.path().await.starts_with("/cuadros/1/partidos/"));
    browser.fill("input[name=score_0]", "21").await;
    browser.fill("input[name=score_1]", "12").await;
    browser.submit("form.result-form button[type=submit]").await;
    assert_eq!(browser.path().await, "/cuadros/1");
    assert_eq!(
        browser
            .eval("return document.querySelectorAll('.mbox.st-played').length")
            .await,
        6
    );

    // The first quarter-final was wrong: the other pair won it. Baza names the
    // semi-final it fed before voiding it.
    browser.goto(&app.url("/cuadros/1/partidos/0")).await;
    browser
        .click("form.result-form input[name=winner][value='1']")
        .await;
    browser.fill("input[name=score_0]", "").await;
    browser.fill("input[name=score_1]", "").await;
    browser
        .submit("form.result-form button[type=submit]:not([name])")
        .await;
    let voided = browser.text(".correction-preview ul.voided").await;
    assert!(voided.starts_with("Semifinal 1 · "), "{voided}");
    browser
        .submit(".correction-preview button[type=submit]")
        .await;
    assert_eq!(browser.path().await, "/cuadros/1");
    assert_eq!(
        browser
            .eval("return document.querySelectorAll('.mbox.st-void').length")
            .await,
        1
    );
    let (b, _, _) = stored(&app, 1).await;
    assert_eq!(b.get(MatchId(4)).unwrap().status, Status::Void);
    browser.screenshot().await;
}

#[tokio::test]
async fn eight_simultaneous_saves_of_one_match_give_one_result_and_seven_refusals() {
    let app = with_clubs().await;
    organiser(&app).await;
    let list = names(4).join("\n");
    let id = create(&app, &app.client, &[("names", &list)]).await;
    let (version, state) = form_of(&app, &app.client, id, 0).await;
    let csrf = app.csrf().await;
    let url = app.url(&format!("/cuadros/{id}/partidos/0/resultado"));
    let posts = (0..8).map(|i| {
        let client = app.client.clone();
        let form = vec![
            ("csrf".to_owned(), csrf.clone()),
            ("winner".to_owned(), (i % 2).to_string()),
            ("version".to_owned(), version.clone()),
            ("match_state".to_owned(), state.clone()),
        ];
        let url = url.clone();
        tokio::spawn(async move { client.post(url).form(&form).send().await.unwrap().status() })
    });
    let mut statuses = Vec::new();
    for p in posts {
        statuses.push(p.await.unwrap());
    }
    let saved = statuses
        .iter()
        .filter(|s| **s == StatusCode::SEE_OTHER)
        .count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::CONFLICT)
        .count();
    assert_eq!((saved, refused), (1, 7), "{statuses:?}");
    let (_, version, audit) = stored(&app, id).await;
    assert_eq!((version, audit), (1, 2));
}

#[tokio::test]
async fn a_1024_entrant_double_elimination_is_drawn_from_the_web_form_and_its_page_lists_every_pair()
 {
    let app = with_clubs().await;
    organiser(&app).await;
    let list = names(1024).join("\n");
    let id = create(
        &app,
        &app.client,
        &[("names", &list), ("format", "double"), ("seeding", "lot")],
    )
    .await;
    let html = app.page(&format!("/cuadros/{id}"), StatusCode::OK).await;
    let mut shown = texts(&html, ".bsec-winners .round:first-child .sl .nm");
    shown.sort();
    shown.dedup();
    assert_eq!(shown.len(), 1024);
    assert!(shown.contains(&"Pareja 1024".to_owned()));
}
