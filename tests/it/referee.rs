//! The referee desk: paste a disputed hand, read the ruling, share it, print it.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, all_examples, new_client, rule_ids, texts};

fn example(game: &str, mutation: Option<&str>) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/data/examples/{game}.jsonl"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| {
            e["mutation"].as_str() == mutation || (mutation.is_none() && e["kind"] == "legal")
        })
        .unwrap()
}

#[tokio::test]
async fn a_pasted_cuatrola_revoke_is_named_with_the_cards_that_were_allowed() {
    let app = TestApp::spawn().await;
    let ex = example("cuatrola", Some("revoke"));
    let csrf = app.csrf().await;
    let res = app
        .client
        .post(app.url("/arbitro"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("record", &ex["record"].to_string()),
        ])
        .send()
        .await
        .unwrap();
    // The public sees the ruling at once (only signed-in referees keep a link).
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(rule_ids(&html, "[data-rule]"), vec!["must_follow_suit"]);
    assert!(texts(&html, ".violation-words")[0].contains("Podía jugar"));
    assert_eq!(
        texts(&html, ".hand-points")[0],
        ex["expected"]["hand_points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" – ")
    );
}

/// Scores as the desk shows them, as a game's scoreboard does: whole numbers, a split
/// share to one decimal, joined by a dash.
fn desk_scores(v: &Value) -> String {
    match v.as_array() {
        Some(list) => list
            .iter()
            .map(|x| match x.as_i64() {
                Some(n) => n.to_string(),
                None => format!("{:.1}", x.as_f64().unwrap()),
            })
            .collect::<Vec<_>>()
            .join(" – "),
        None => "—".to_owned(),
    }
}

#[tokio::test]
async fn the_desk_gives_every_example_record_its_expected_ruling() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    for (i, (game, record, want)) in all_examples().into_iter().enumerate() {
        let res = app
            .client
            .post(app.url("/arbitro"))
            .form(&[("csrf", csrf.as_str()), ("record", &record.to_string())])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "example {i} ({game})");
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        let rule: Vec<String> = want["violation"]["rule"]
            .as_str()
            .map(|r| vec![r.to_owned()])
            .unwrap_or_default();
        assert_eq!(rule_ids(&html, ".verdict"), rule, "example {i} ({game})");
        assert_eq!(
            texts(&html, ".verdict-legal").len(),
            usize::from(want["legal"] == true),
            "example {i} ({game})"
        );
        assert_eq!(
            texts(&html, ".ruling-score .points"),
            vec![desk_scores(&want["points"])],
            "example {i} ({game})"
        );
        assert_eq!(
            texts(&html, ".ruling-score .hand-points"),
            vec![desk_scores(&want["hand_points"])],
            "example {i} ({game})"
        );
        let tricks = want["tricks"].as_array().unwrap().len();
        assert_eq!(
            texts(&html, "ol.tricks li").len(),
            tricks,
            "example {i} ({game})"
        );
    }
}

#[tokio::test]
async fn a_botifarra_revoke_under_contro_gives_the_opponents_72_and_the_link_is_shareable() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("arbitra", "referee", Some(1)).await;
    let referee = new_client();
    app.login(&referee, "arbitra", &pw).await;
    let (v, seat) = botifarra_revoke_under_contro();
    let csrf = app.csrf_for(&referee).await;
    let res = referee
        .post(app.url("/arbitro"))
        .form(&[("csrf", csrf.as_str()), ("record", &v.to_string())])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let link = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(link.starts_with("/arbitro/fallos/"));
    // Anyone with the link reads it, in their language.
    let res = new_client()
        .get(app.url(&link))
        .header("Accept-Language", "ca")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(rule_ids(&html, "[data-rule]"), vec!["must_follow_suit"]);
    let offender_side = seat % 2;
    let expected = if offender_side == 0 {
        "0 – 72"
    } else {
        "72 – 0"
    };
    assert_eq!(texts(&html, ".hand-points")[0], expected);
}

#[tokio::test]
async fn bad_input_at_the_desk_is_a_422_with_the_reason_and_the_text_kept() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    let res = app
        .client
        .post(app.url("/arbitro"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("record", "{\"format\": \"baza-hand/1\", \"game\": \"mus\"}"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert!(texts(&html, ".alert")[0].contains("mus"));
    assert!(texts(&html, "textarea")[0].contains("mus"));
    assert_eq!(
        app.get("/arbitro/fallos/zz-not-hex").await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/arbitro/fallos/abcdef").await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_card_picker_builds_a_record_step_by_step_without_javascript() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    // The spec example's deal, entered in the grid.
    let deal = [
        ["1o", "12c", "11c", "10e", "3b"],
        ["11o", "1c", "3c", "12e", "1b"],
        ["3o", "10c", "1e", "11e", "12b"],
        ["12o", "10o", "3e", "11b", "10b"],
    ];
    let mut form: Vec<(String, String)> = vec![
        ("csrf".into(), csrf.clone()),
        ("game".into(), "cuatrola".into()),
        ("players".into(), "4".into()),
        ("dealer".into(), "3".into()),
        ("turned".into(), "10b".into()),
        ("events".into(), "[]".into()),
    ];
    for (seat, cards) in deal.iter().enumerate() {
        for c in cards {
            form.push((format!("c_{c}"), seat.to_string()));
        }
    }
    let mut events = String::from("[]");
    for (seat, kind, value) in [
        (0, "bid", "pass"),
        (1, "bid", "solo"),
        (2, "bid", "pass"),
        (3, "bid", "pass"),
        (0, "play", "1o"),
        (1, "play", "11o"),
        (2, "play", "1e"),
    ] {
        let mut f = form.clone();
        f.retain(|(k, _)| k != "events");
        f.push(("events".into(), events.clone()));
        f.push(("ev_seat".into(), seat.to_string()));
        f.push(("ev_kind".into(), kind.into()));
        f.push(("ev_value".into(), value.into()));
        let res = app
            .client
            .post(app.url("/arbitro/construir"))
            .form(&f)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let html = scraper::Html::parse_document(&res.text().await.unwrap());
        events = crate::helpers::attr(&html, "input[name=events]", "value").unwrap();
        let status = texts(&html, ".builder-status");
        if value == "1e" {
            assert!(
                status[0].starts_with("renuncio: no asistió al palo de salida"),
                "{status:?}"
            );
        } else {
            assert!(
                !status.is_empty() && !status[0].starts_with("must"),
                "{status:?}"
            );
        }
    }
    assert_eq!(
        serde_json::from_str::<Vec<Value>>(&events).unwrap().len(),
        7
    );
}

/// A legal botifarra hand with one contro (suit trumps), in which the second player
/// of the first trick, able to follow suit, plays another suit: the record and the
/// offender's seat.
pub fn botifarra_revoke_under_contro() -> (Value, usize) {
    // A legal botifarra hand with one contro (suit trumps), whose second player of
    // the first trick could follow suit: make him play another suit instead.
    (0..2000u64)
        .find_map(|seed| {
            let mut v = baza::domain::random_complete_botifarra_record(seed).to_value();
            let events = v["events"].as_array().unwrap().clone();
            let contros = events.iter().filter(|e| e["double"] == "contro").count();
            let higher = events
                .iter()
                .any(|e| e["double"] == "recontro" || e["trump"] == "botifarra");
            if contros != 1 || higher {
                return None;
            }
            let mut plays = events
                .iter()
                .enumerate()
                .filter(|(_, e)| e.get("play").is_some());
            let (_, lead) = plays.next()?;
            let (i, second) = plays.next()?;
            let led = lead["play"].as_str()?.chars().last()?;
            let seat = second["seat"].as_u64()? as usize;
            let hand: Vec<String> = serde_json::from_value(v["hands"][seat].clone()).ok()?;
            let follows = hand
                .iter()
                .any(|c| c.ends_with(led) && Some(c.as_str()) != second["play"].as_str());
            let off = hand.iter().find(|c| !c.ends_with(led))?.clone();
            if !follows && !second["play"].as_str()?.ends_with(led) {
                return None;
            }
            v["events"][i] = json!({"seat": seat, "play": off});
            Some((v, seat))
        })
        .expect("a botifarra deal where a revoke can be made")
}

/// A record whose first violation is `rule`, from the example records or made from
/// one of them.
fn record_breaking(rule: &str) -> Value {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/examples");
    let examples: Vec<Value> = ["cuatrola", "tute", "guinote", "botifarra", "cinquillo"]
        .iter()
        .flat_map(|g| {
            std::fs::read_to_string(dir.join(format!("{g}.jsonl")))
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str::<Value>(l).unwrap())
                .collect::<Vec<_>>()
        })
        .collect();
    if let Some(e) = examples
        .iter()
        .find(|e| e["expected"]["violation"]["rule"] == rule)
    {
        return e["record"].clone();
    }
    let legal = |game: &str| {
        examples
            .iter()
            .find(|e| e["record"]["game"] == game && e["kind"] == "legal")
            .unwrap()["record"]
            .clone()
    };
    match rule {
        "illegal_cante" => {
            // After the first trick, one seat of each side sings in oros: whichever
            // side lost the trick, its cante is illegal (and the ruling names it).
            let mut v = legal("cuatrola");
            let events = v["events"].as_array_mut().unwrap();
            let first_trick_end = events.iter().position(|e| e.get("play").is_some()).unwrap() + 4;
            events.insert(first_trick_end, json!({"seat": 0, "cante": "o"}));
            events.insert(first_trick_end, json!({"seat": 1, "cante": "o"}));
            v
        }
        "illegal_trump" | "illegal_double" => {
            let mut v = legal("botifarra");
            let dealer = v["dealer"].as_u64().unwrap();
            let partner = (dealer + 2) % 4;
            let events = v["events"].as_array_mut().unwrap();
            let first = events
                .iter()
                .position(|e| e.get("trump").is_some())
                .unwrap();
            if rule == "illegal_trump" {
                events.insert(first, json!({"seat": partner, "trump": "delegate"}));
                events.insert(first, json!({"seat": dealer, "trump": "delegate"}));
            } else {
                events.insert(first + 1, json!({"seat": dealer, "double": "contro"}));
            }
            v
        }
        "illegal_pass" => {
            // The holder of the 5 of oros passes instead of opening.
            let mut v = legal("cinquillo");
            let events = v["events"].as_array_mut().unwrap();
            let seat = events[0]["seat"].clone();
            events[0] = json!({"seat": seat, "pass": true});
            v
        }
        other => panic!("no example breaks {other}"),
    }
}

#[test]
fn every_rule_id_of_the_spec_has_a_readable_message_in_three_languages() {
    use baza::domain::{Lang, check_value};
    let ids = [
        "deal_invalid",
        "out_of_turn",
        "card_not_in_hand",
        "must_follow_suit",
        "must_beat",
        "must_trump",
        "must_overtrump",
        "illegal_bid",
        "illegal_trump",
        "illegal_double",
        "illegal_cante",
        "illegal_tute",
        "illegal_exchange",
        "illegal_pass",
        "illegal_placement",
        "false_claim",
        "unknown_event",
    ];
    for id in ids {
        let record = record_breaking(id);
        let mut messages = Vec::new();
        for lang in [Lang::Es, Lang::Ca, Lang::En] {
            let ruling = serde_json::to_value(check_value(&record, lang).unwrap()).unwrap();
            let violation = &ruling["violation"];
            assert_eq!(violation["rule"], id, "{id}: {violation}");
            let msg = violation["message"].as_str().unwrap().to_owned();
            assert!(
                msg.chars().filter(|c| c.is_alphabetic()).count() >= 10,
                "{id} {lang:?}: {msg:?}"
            );
            messages.push(msg);
        }
        assert_ne!(
            messages[0], messages[2],
            "{id}: Spanish and English read the same: {}",
            messages[0]
        );
    }
}

#[tokio::test]
async fn an_uploaded_record_file_is_ruled_and_needs_the_csrf_token_like_any_form() {
    let app = TestApp::spawn().await;
    let ex = example("cuatrola", Some("revoke"));
    let csrf = app.csrf().await;
    let boundary = "bazaBoundary42";
    let body = |csrf: &str| {
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"mano.json\"\r\nContent-Type: application/json\r\n\r\n{}\r\n--{boundary}--\r\n",
            ex["record"]
        )
    };
    let post = |b: String| {
        app.client
            .post(app.url("/arbitro/subir"))
            .header(
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(b)
            .send()
    };
    let res = post(body(&csrf)).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(rule_ids(&html, "[data-rule]"), vec!["must_follow_suit"]);
    assert_eq!(
        post(body("wrong")).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    let broken = post(format!("--{boundary}\r\nnonsense")).await.unwrap();
    assert_eq!(broken.status(), StatusCode::FORBIDDEN);
}

/// Example 8 of cuatrola.jsonl cut to its first trick, with seats 1 and 3 unseen
/// (only the turned 3 de copas known in the dealer's hand).
fn partial_cuatrola(hidden: &[usize]) -> Value {
    let mut hands = json!([
        ["1c", "10c", "1e", "1o", "12b"],
        ["11c", "10e", "3o", "3e", "10o"],
        ["11b", "10b", "3b", "12c", "1b"],
        ["11e", "12o", "11o", "12e", "3c"]
    ]);
    for &s in hidden {
        let keep_turned = s == 3;
        hands[s] = json!(["?", "?", "?", "?", if keep_turned { "3c" } else { "?" }]);
    }
    json!({
        "format": "baza-hand/1", "game": "cuatrola", "players": 4, "options": {},
        "dealer": 3, "hands": hands, "stock": [], "turned": "3c",
        "events": [
            {"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "pass"},
            {"seat": 2, "bid": "pass"}, {"seat": 3, "bid": "pass"},
            {"seat": 0, "play": "1c"}, {"seat": 1, "play": "10o"},
            {"seat": 2, "play": "12c"}, {"seat": 3, "play": "3c"}
        ]
    })
}

#[tokio::test]
async fn a_pasted_partial_deal_lists_what_the_known_cards_cannot_decide() {
    let app = TestApp::spawn().await;
    let csrf = app.csrf().await;
    let res = app
        .client
        .post(app.url("/arbitro"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("record", &partial_cuatrola(&[1, 3]).to_string()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    // Nothing proven: legal so far, no score yet, and the doubt named.
    assert!(
        rule_ids(&html, "[data-rule]")
            .iter()
            .all(|r| r == "must_follow_suit")
    );
    let items = texts(&html, ".undecided-item");
    assert_eq!(items.len(), 1, "{items:?}");
    assert!(items[0].contains("caballo de copas"), "{}", items[0]);
    assert!(items[0].contains("asiento 2"), "{}", items[0]);
    assert_eq!(texts(&html, ".hand-points")[0], "—");

    // With seat 1's hand hidden alone, the other hands leave no choice: decided,
    // and the words do not pretend to know the unseen cards.
    let res = app
        .client
        .post(app.url("/arbitro"))
        .form(&[
            ("csrf", csrf.as_str()),
            ("record", &partial_cuatrola(&[1]).to_string()),
        ])
        .send()
        .await
        .unwrap();
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    assert_eq!(texts(&html, ".violation-message").len(), 1);
    assert_eq!(texts(&html, ".undecided-none").len(), 1);
    let words = texts(&html, ".violation-words");
    assert!(words[0].contains("caballo de copas"), "{words:?}");
}

#[tokio::test]
async fn the_api_and_the_card_picker_rule_partial_deals() {
    let app = TestApp::spawn().await;
    let res = app
        .client
        .post(app.url("/api/v1/check"))
        .json(&partial_cuatrola(&[1, 3]))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let ruling: Value = res.json().await.unwrap();
    assert_eq!(ruling["legal"], json!(true));
    assert_eq!(ruling["hand_points"], Value::Null);
    assert_eq!(ruling["undecided"][0]["event"], json!(5));
    assert_eq!(ruling["undecided"][0]["cards"], json!(["11c"]));

    // The picker: only seats 0 and 2 and the turned card placed; the rest unknown.
    let csrf = app.csrf().await;
    let mut form: Vec<(String, String)> = vec![
        ("csrf".into(), csrf),
        ("game".into(), "cuatrola".into()),
        ("players".into(), "4".into()),
        ("dealer".into(), "3".into()),
        ("turned".into(), "3c".into()),
        ("c_3c".into(), "3".into()),
    ];
    for c in ["1c", "10c", "1e", "1o", "12b"] {
        form.push((format!("c_{c}"), "0".into()));
    }
    for c in ["11b", "10b", "3b", "12c", "1b"] {
        form.push((format!("c_{c}"), "2".into()));
    }
    let events = partial_cuatrola(&[1, 3])["events"].to_string();
    form.push(("events".into(), events));
    let res = app
        .client
        .post(app.url("/arbitro/construir"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let html = scraper::Html::parse_document(&res.text().await.unwrap());
    let status = texts(&html, ".builder-status");
    assert!(
        status[0].contains("No se puede decidir") && status[0].contains("caballo de copas"),
        "{status:?}"
    );
    let record = crate::helpers::attr(&html, "input[name=record]", "value")
        .or_else(|| texts(&html, "textarea[name=record]").pop())
        .unwrap_or_default();
    assert!(record.contains("\"?\""), "{record}");
}
