//! Where a person lands after signing in: the page that asked her to sign in, if
//! one did; otherwise where her role works: an organiser on her club's page, a
//! referee at the referee desk, an administrator on the list of clubs.

use reqwest::StatusCode;

use crate::from_scratch::club_from_first_run;
use crate::helpers::{TestApp, new_client, post_form_as, texts};

/// Signs in through the login form at `login` (its hidden fields as it has them) on
/// a browser of its own, as `name` with `password`: where the answer sends her.
async fn lands_after_signing_in(app: &TestApp, login: &str, name: &str, password: &str) -> String {
    let client = new_client();
    let res = client.get(app.url(login)).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{login}");
    let page = scraper::Html::parse_document(&res.text().await.unwrap());
    let hidden = scraper::Selector::parse("form[action='/entrar'] input[type=hidden]").unwrap();
    let mut fields: Vec<(String, String)> = page
        .select(&hidden)
        .filter_map(|i| {
            let v = i.value();
            Some((v.attr("name")?.to_owned(), v.attr("value")?.to_owned()))
        })
        .collect();
    fields.push(("username".to_owned(), name.to_owned()));
    fields.push(("password".to_owned(), password.to_owned()));
    let res = client
        .post(app.url("/entrar"))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} signs in");
    res.headers()["location"].to_str().unwrap().to_owned()
}

/// The administrator of the first run (signed in on `app.client`) adds `name` with
/// `role` at the users page, of club `club`; her password.
async fn added_by_the_administrator(app: &TestApp, name: &str, role: &str, club: i32) -> String {
    let password = format!("{name}-clave-larga");
    let club = club.to_string();
    let fields = [
        ("username", name),
        ("password", password.as_str()),
        ("role", role),
        ("club", club.as_str()),
    ];
    let res = post_form_as(app, &app.client, "/admin/usuarios", &fields).await;
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "{name} added");
    password
}

#[tokio::test]
async fn an_organiser_of_the_club_made_at_primeros_pasos_signs_in_and_lands_on_her_clubs_page() {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let password = added_by_the_administrator(&app, "pilar", "organiser", club).await;
    let landed = lands_after_signing_in(&app, "/entrar", "pilar", &password).await;
    assert_eq!(landed, format!("/clubes/{club}"));
    let page = app.page(&landed, StatusCode::OK).await;
    assert_eq!(texts(&page, "h1"), vec!["Peña La Cuatrola"]);
}

#[tokio::test]
async fn a_sign_in_asked_for_by_a_page_goes_back_to_that_page_whatever_the_role() {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let password = added_by_the_administrator(&app, "pilar", "organiser", club).await;
    let wanted = format!("/clubes/{club}/campeonatos/nuevo");
    let res = new_client().get(app.url(&wanted)).send().await.unwrap();
    assert_eq!(
        res.status(),
        StatusCode::SEE_OTHER,
        "the public is asked to sign in"
    );
    let login = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(login.starts_with("/entrar?next="), "{login}");
    let landed = lands_after_signing_in(&app, &login, "pilar", &password).await;
    assert_eq!(landed, wanted);
    let asked =
        lands_after_signing_in(&app, "/entrar?next=/campeonatos", "marisa", "sota-de-oros").await;
    assert_eq!(asked, "/campeonatos", "the administrator too");
}

#[tokio::test]
async fn a_referee_lands_at_the_referee_desk_and_an_administrator_on_the_list_of_clubs() {
    let app = TestApp::spawn().await;
    let club = club_from_first_run(&app).await;
    let password = added_by_the_administrator(&app, "ramon", "referee", club).await;
    let landed = lands_after_signing_in(&app, "/entrar", "ramon", &password).await;
    assert_eq!(landed, "/arbitro");
    let landed = lands_after_signing_in(&app, "/entrar", "marisa", "sota-de-oros").await;
    assert_eq!(landed, "/admin/clubes");
}
