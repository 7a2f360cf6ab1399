//! `baza check` and `POST /api/v1/check` against the public example of
//! docs/hand-record.md and the example records of tests/data/examples/.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, all_examples};

/// The repository's own folder: `docs/` holds the format, `tests/data/` its examples.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The first two ```json blocks of the spec: the example record and its ruling.
fn spec_example() -> (String, Value) {
    let spec = std::fs::read_to_string(repo().join("docs/hand-record.md")).unwrap();
    let blocks: Vec<&str> = spec
        .split("```json\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .collect();
    (
        blocks[0].to_owned(),
        serde_json::from_str(blocks[1]).unwrap(),
    )
}

fn baza_check(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_baza"))
        .arg("check")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn without_message(mut v: Value) -> Value {
    if let Some(violation) = v.get_mut("violation").and_then(Value::as_object_mut) {
        violation.remove("message");
    }
    v
}

#[test]
fn baza_check_prints_the_ruling_of_the_spec_example() {
    let (record, expected) = spec_example();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mano.json");
    std::fs::write(&file, &record).unwrap();
    let (code, out, _) = baza_check(&[file.to_str().unwrap()], "");
    assert_eq!(code, Some(0));
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap(), expected);
    // The same from standard input, with the summary on standard error.
    let (code, out, err) = baza_check(&["-", "--explain", "--lang", "ca"], &record);
    assert_eq!(code, Some(0));
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap(), expected);
    assert!(err.contains("copas"), "{err}");
}

#[test]
fn baza_check_jsonl_rules_every_example_line_in_order() {
    let mut input = String::new();
    let mut expected = Vec::new();
    for game in ["cuatrola", "tute", "guinote", "botifarra", "cinquillo"] {
        let text =
            std::fs::read_to_string(repo().join(format!("tests/data/examples/{game}.jsonl")))
                .unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let example: Value = serde_json::from_str(line).unwrap();
            input.push_str(&example["record"].to_string());
            input.push('\n');
            expected.push((game, example["expected"].clone()));
        }
    }
    input.push_str("{not json\n");
    let (code, out, _) = baza_check(&["--jsonl", "-"], &input);
    assert_eq!(code, Some(0));
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), expected.len() + 1, "one ruling per line");
    assert_eq!(expected.len(), 70, "the example records");
    for (i, ((game, want), got)) in expected.iter().zip(&lines).enumerate() {
        assert_eq!(
            without_message(got.clone()),
            without_message(want.clone()),
            "line {i} ({game})"
        );
    }
    assert_eq!(lines.last().unwrap()["format"], "baza-ruling/1");
    assert!(
        lines.last().unwrap()["error"]
            .as_str()
            .unwrap()
            .starts_with("not JSON")
    );
}

#[test]
fn input_that_is_not_a_hand_record_exits_2_with_the_reason() {
    let (record, _) = spec_example();
    let mut v: Value = serde_json::from_str(&record).unwrap();
    v["options"] = json!({"tarjet": 21});
    for (input, reason) in [
        ("{oops", "línea 1, columna 2"),
        ("[]", ""),
        (r#"{"format":"baza-hand/1","game":"mus"}"#, "mus"),
        (&v.to_string(), "tarjet"),
    ] {
        let (code, out, err) = baza_check(&["-"], input);
        assert_eq!(code, Some(2), "{input}");
        assert!(out.is_empty());
        assert!(err.contains(reason), "{input}: {err}");
    }
    let (code, _, err) = baza_check(&["/no/such/file.json"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("/no/such/file.json"));
}

#[tokio::test]
async fn the_api_rules_a_record_and_explains_bad_input_in_json() {
    let app = TestApp::spawn().await;
    let (record, expected) = spec_example();
    let res = app
        .client
        .post(app.url("/api/v1/check"))
        .header("content-type", "application/json")
        .body(record.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.json::<Value>().await.unwrap(), expected);

    let post = |body: String, lang: &'static str| {
        app.client
            .post(app.url("/api/v1/check"))
            .header("Accept-Language", lang)
            .body(body)
            .send()
    };
    let res = post("{\"format\": ".into(), "en").await.unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "invalid-json");
    assert_eq!(body["message"], "The content is not valid JSON.");

    let res = post(
        r#"{"format":"baza-hand/1","game":"cuatrola","players":7}"#.into(),
        "es",
    )
    .await
    .unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "not-a-record");
    assert_eq!(body["message"], "Esto no es un registro de mano válido.");
    assert!(
        body["detail"].as_str().unwrap().contains("players"),
        "{body}"
    );

    // Hostile input: nesting beyond the parser's limit, a huge body.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let res = post(deep, "es").await.unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let huge = format!("{{\"x\":\"{}\"}}", "a".repeat(2_000_000));
    let res = post(huge, "es").await.unwrap();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(res.json::<Value>().await.unwrap()["error"], "too-large");
}

#[tokio::test]
async fn the_api_gives_every_example_record_its_expected_ruling_in_every_language() {
    let app = TestApp::spawn().await;
    for (i, (game, record, want)) in all_examples().into_iter().enumerate() {
        for lang in ["es", "ca", "en"] {
            let res = app
                .client
                .post(app.url(&format!("/api/v1/check?lang={lang}")))
                .json(&record)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::OK, "example {i} ({game})");
            let got: Value = res.json().await.unwrap();
            if let Some(v) = got["violation"].as_object() {
                assert!(!v["message"].as_str().unwrap().is_empty());
            }
            assert_eq!(
                without_message(got),
                without_message(want.clone()),
                "example {i} ({game}, {lang})"
            );
        }
    }
}

#[tokio::test]
async fn an_illegal_play_is_a_ruling_with_the_message_in_the_callers_language() {
    let app = TestApp::spawn().await;
    let (record, _) = spec_example();
    let mut v: Value = serde_json::from_str(&record).unwrap();
    // Seat 2 holds the 3 of oros but plays the as de espadas: must follow suit.
    v["events"][6] = json!({"seat": 2, "play": "1e"});
    for lang in ["es", "ca", "en"] {
        let res = app
            .client
            .post(app.url(&format!("/api/v1/check?lang={lang}")))
            .json(&v)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let ruling: Value = res.json().await.unwrap();
        assert_eq!(ruling["legal"], false);
        assert_eq!(ruling["violation"]["event"], 6);
        assert_eq!(ruling["violation"]["seat"], 2);
        assert_eq!(ruling["violation"]["rule"], "must_follow_suit");
        let msg = ruling["violation"]["message"].as_str().unwrap();
        assert!(msg.contains("as de espadas"), "{lang}: {msg}");
    }
}

#[tokio::test]
async fn a_four_player_individual_tute_record_is_ruled_with_four_sides() {
    use baza::domain::options::TableOptions;
    use baza::domain::random::random_complete_tute_record_with;

    let app = TestApp::spawn().await;
    let check = |v: Value| {
        app.client
            .post(app.url("/api/v1/check?lang=en"))
            .json(&v)
            .send()
    };
    // Dealer 3, oros trumps; seat 0 wins the first trick with the as de espadas, then
    // seat 2 (seat 0's partner in pairs) sings his 20 in bastos.
    let mut v = json!({
        "format": "baza-hand/1",
        "game": "tute",
        "players": 4,
        "options": {"partnerships": false},
        "dealer": 3,
        "before": [0, 0, 0, 0],
        "hands": [
            ["1o", "3o", "12o", "11o", "12c", "11c", "1e", "3e", "4e", "5e"],
            ["1c", "3c", "10c", "7c", "6c", "5c", "4c", "2c", "2e", "10e"],
            ["12e", "11e", "12b", "11b", "1b", "3b", "4b", "5b", "6b", "7b"],
            ["10o", "7o", "6o", "5o", "4o", "2o", "6e", "7e", "10b", "2b"]
        ],
        "turned": "2o",
        "events": [
            {"seat": 0, "play": "1e"}, {"seat": 1, "play": "2e"},
            {"seat": 2, "play": "11e"}, {"seat": 3, "play": "6e"},
            {"seat": 2, "cante": "b"}
        ]
    });
    let res = check(v.clone()).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let r: Value = res.json().await.unwrap();
    assert_eq!(r["violation"]["rule"], "illegal_cante", "{r}");
    assert_eq!(r["violation"]["side"], 2);
    assert_eq!(r["points"], json!([14, 0, 0, 0]));
    // Playing alone a wrong call voids the hand, as for three players.
    assert_eq!(r["hand_points"], json!([0, 0, 0, 0]));
    // In pairs the same call is a legal 20 for side 0, and `before` has two entries.
    v["options"] = json!({});
    let res = check(v.clone()).await.unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    v["before"] = json!([0, 0]);
    let r: Value = check(v.clone()).await.unwrap().json().await.unwrap();
    assert_eq!((&r["legal"], &r["points"]), (&json!(true), &json!([34, 0])));
    v["options"] = json!({"partnerships": "no"});
    let res = check(v).await.unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: Value = res.json().await.unwrap();
    assert!(
        body["detail"].as_str().unwrap().contains("partnerships"),
        "{body}"
    );

    // A whole hand: four sides, 130 besides cantes, one winner who ends the game.
    let alone = TableOptions::from_values(
        baza::domain::GameKind::Tute,
        4,
        &[("partnerships", json!(false))],
    )
    .unwrap();
    let (mut rec, mut r) = (Value::Null, Value::Null);
    for seed in 0..50 {
        rec =
            serde_json::to_value(random_complete_tute_record_with(seed, 4, alone.clone())).unwrap();
        rec["before"] = json!([0, 0, 0, 0]);
        r = check(rec.clone()).await.unwrap().json().await.unwrap();
        if r["cantes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["tute"].is_null())
        {
            break;
        }
    }
    assert_eq!(
        (&r["legal"], &r["complete"]),
        (&json!(true), &json!(true)),
        "{r}"
    );
    let points: Vec<i64> = r["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_i64().unwrap())
        .collect();
    let cantes: i64 = r["cantes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_i64().unwrap())
        .sum();
    assert_eq!(points.len(), 4);
    assert_eq!(points.iter().sum::<i64>() - cantes, 130);
    let hand: Vec<i64> = r["hand_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_i64().unwrap())
        .collect();
    let winner = hand.iter().position(|p| *p > 0).unwrap();
    assert_eq!(hand.iter().filter(|p| **p > 0).count(), 1);
    assert_eq!(points[winner], *points.iter().max().unwrap());
    assert_eq!(r["game_over"]["winner"], winner);
    // `baza check` gives the same ruling.
    let (code, out, _) = baza_check(&["-", "--lang", "en"], &rec.to_string());
    assert_eq!(code, Some(0));
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap(), r);
}

#[test]
fn check_jsonl_on_two_threads_answers_line_for_line_in_the_input_order_as_on_one() {
    // 5,000 random hands of two games (more than two batches), a broken line and a
    // record of another kind at known places.
    let hands = |game: &str, count: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_baza"))
            .args([
                "random-hands",
                "--game",
                game,
                "--count",
                count,
                "--seed",
                "7",
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let mut lines: Vec<String> = hands("cuatrola", "3000")
        .lines()
        .chain(hands("botifarra", "2000").lines())
        .map(str::to_owned)
        .collect();
    lines.insert(10, "{not json".to_owned());
    lines.insert(4_500, "{\"game\": \"mus\"}".to_owned());
    let input = lines.join("\n") + "\n";
    let run = |threads: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_baza"))
            .args(["check", "--jsonl", "-"])
            .env("BAZA_CHECK_THREADS", threads)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let text = input.clone();
        let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()).unwrap());
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(one.lines().count(), lines.len(), "one answer per line");
    assert_eq!(one, two, "the same answers in the same order");
    let answers: Vec<Value> = two
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(answers[10]["error"].is_string());
    assert!(answers[4_500]["error"].is_string());
    assert!(answers[11]["error"].is_null() && answers[4_501]["error"].is_null());
}
