//! Arbitrary input, in small doses for every test run: a smoke run of the two fuzz
//! targets (the same code `fuzz/run.sh` gives libFuzzer), and arbitrary bytes posted
//! to every form of the real server, which must answer with something other than a
//! server error, and with a 400 whenever the text is not UTF-8.

use baza::db::schema::championship_tables;
use diesel::prelude::*;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use reqwest::StatusCode;

use crate::helpers::TestApp;

/// The fuzz targets' bodies, compiled here over `baza::domain`.
#[path = "../../fuzz/src/targets.rs"]
mod targets;

/// Runs `target` on `cases` inputs of up to `max_len` arbitrary bytes (a fixed seed,
/// so that a failure here fails again).
fn smoke(target: fn(&[u8]), cases: u32, max_len: usize) {
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        },
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    runner
        .run(
            &proptest::collection::vec(any::<u8>(), 0..max_len),
            |data| {
                target(&data);
                Ok(())
            },
        )
        .unwrap();
}

#[test]
fn the_record_text_fuzz_target_survives_arbitrary_bytes() {
    smoke(targets::record_text, 3000, 512);
    // And every example record of the rules, which reach the engine's deep end.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/examples");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "jsonl") {
            for line in std::fs::read_to_string(&path).unwrap().lines() {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                targets::record_text(v["record"].to_string().as_bytes());
                seen += 1;
            }
        }
    }
    assert!(seen > 0);
}

#[test]
fn the_record_mutations_fuzz_target_survives_arbitrary_bytes() {
    smoke(targets::record_mutations, 1500, 96);
}

/// Field names of Baza's forms, so that arbitrary values reach past "missing field".
const KEYS: [&str; 44] = [
    "name",
    "username",
    "password",
    "role",
    "club",
    "current",
    "new",
    "confirm",
    "next",
    "pin",
    "version",
    "score_a",
    "score_b",
    "score_0",
    "score_1",
    "winner",
    "side",
    "game",
    "players",
    "seat_0",
    "seat_1",
    "seat_2",
    "seat_3",
    "trump",
    "bid",
    "bidder",
    "card_points_side0",
    "card_points_side1",
    "last_trick_side",
    "submission",
    "record",
    "file",
    "csv",
    "options",
    "system",
    "rounds",
    "starts_on",
    "format",
    "seed",
    "paper",
    "confirm_name",
    "hand",
    "tables",
    "third_place",
];

/// A form body: `key=value` pairs whose values are arbitrary bytes, each either
/// percent-encoded or sent raw, or else nothing but arbitrary bytes.
fn form_body() -> impl Strategy<Value = Vec<u8>> {
    let pair = (
        prop::sample::select(&KEYS[..]),
        proptest::collection::vec(any::<u8>(), 0..10),
        any::<bool>(),
    );
    prop_oneof![
        3 => proptest::collection::vec(pair, 0..8).prop_map(|pairs| {
            let mut body = Vec::new();
            for (i, (k, v, encode)) in pairs.into_iter().enumerate() {
                if i > 0 {
                    body.push(b'&');
                }
                body.extend_from_slice(k.as_bytes());
                body.push(b'=');
                if encode {
                    for b in v {
                        body.extend_from_slice(format!("%{b:02X}").as_bytes());
                    }
                } else {
                    body.extend(v);
                }
            }
            body
        }),
        1 => proptest::collection::vec(any::<u8>(), 0..64),
    ]
}

/// A multipart body with one text field and one file, both arbitrary bytes.
fn multipart_body() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::sample::select(&KEYS[..]),
        proptest::collection::vec(any::<u8>(), 0..24),
        proptest::collection::vec(any::<u8>(), 0..48),
    )
        .prop_map(|(k, text, file)| {
            let mut body =
                format!("--B0\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n").into_bytes();
            body.extend(text);
            body.extend_from_slice(
                b"\r\n--B0\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x\"\r\n\r\n",
            );
            body.extend(file);
            body.extend_from_slice(b"\r\n--B0--\r\n");
            body
        })
}

/// `n` values of `strategy` from a fixed seed.
fn samples<S: Strategy>(strategy: &S, n: usize) -> Vec<S::Value> {
    let mut runner = TestRunner::deterministic();
    (0..n)
        .map(|_| strategy.new_tree(&mut runner).unwrap().current())
        .collect()
}

#[tokio::test]
async fn arbitrary_bytes_posted_to_every_form_never_cause_a_server_error() {
    let app = TestApp::with_demo().await;
    let pw = app.add_user("admin", "admin", None).await;
    app.login(&app.client, "admin", &pw).await;
    let csrf = app.csrf().await;
    let (e, r, t): (i32, i32, i32) = app
        .with_conn(|c| {
            championship_tables::table
                .filter(championship_tables::status.eq("playing"))
                .filter(championship_tables::phase.eq(0))
                .select((
                    championship_tables::championship_id,
                    championship_tables::round_no,
                    championship_tables::table_no,
                ))
                .first(c)
                .unwrap()
        })
        .await;
    let table = format!("/campeonatos/{e}/rondas/{r}/mesas/{t}");
    let posts = [
        "/entrar".to_owned(),
        "/cuenta/clave".into(),
        "/cuenta/sesiones/cerrar".into(),
        "/cuenta/tokens".into(),
        "/cuenta/tokens/1/revocar".into(),
        "/admin/usuarios".into(),
        "/admin/usuarios/99/papel".into(),
        "/admin/usuarios/99/desactivar".into(),
        "/clubes/1/jugadores".into(),
        table.clone(),
        format!("{table}/pin"),
        format!("{table}/firma"),
        format!("{table}/escrita"),
        "/campeonatos/3/fases".into(),
        "/clubes/1/partidas/nueva".into(),
        "/clubes/1/partidas/importar".into(),
        "/partidas/2/pin".into(),
        "/partidas/2/siguiente".into(),
        "/partidas/2/mano".into(),
        "/partidas/2/manos/1".into(),
        "/partidas/2/manos/1/borrar".into(),
        "/arbitro".into(),
        "/arbitro/construir".into(),
        "/arbitro/subir".into(),
        "/arbitro/fallos/abc123/aplicar".into(),
        "/clubes/1/campeonatos/nuevo".into(),
        "/campeonatos/3/inscritos".into(),
        "/campeonatos/3/inscritos/importar".into(),
        "/campeonatos/3/inscritos/e1/retirar".into(),
        "/campeonatos/3/inscritos/e1/readmitir".into(),
        "/campeonatos/3/inscritos/e1/presente".into(),
        "/campeonatos/3/rondas".into(),
        "/campeonatos/3/rondas/3/publicar".into(),
        "/campeonatos/3/rondas/3/mesas/1".into(),
        "/campeonatos/3/rondas/3/mesas/1/pin".into(),
        "/campeonatos/3/rondas/3/mesas/1/firma".into(),
        "/cuadros/nuevo".into(),
        "/cuadros/1/papel".into(),
        "/cuadros/1/borrar".into(),
        "/cuadros/1/partidos/1/resultado".into(),
        "/cuadros/1/partidos/1/corregir".into(),
    ];
    let forms = samples(&form_body(), 12);
    let multiparts = samples(&multipart_body(), 4);
    let mut sent = 0;
    for path in &posts {
        let bodies = forms
            .iter()
            .map(|b| ("application/x-www-form-urlencoded", b))
            .chain(
                multiparts
                    .iter()
                    .map(|b| ("multipart/form-data; boundary=B0", b)),
            );
        for (content_type, body) in bodies {
            let res = app
                .client
                .post(app.url(path))
                .header("content-type", content_type)
                .header("x-csrf-token", &csrf)
                .body(body.clone())
                .send()
                .await
                .unwrap();
            let status = res.status();
            assert!(
                !status.is_server_error(),
                "POST {path} {content_type} {:?} → {status}",
                String::from_utf8_lossy(body)
            );
            let utf8 = if content_type.starts_with("multipart") {
                baza::web::requests::multipart_text_is_utf8(content_type, body).unwrap_or(true)
            } else {
                baza::web::requests::form_is_utf8(body)
            };
            if !utf8 {
                assert_eq!(
                    status,
                    StatusCode::BAD_REQUEST,
                    "POST {path} {:?}",
                    String::from_utf8_lossy(body)
                );
            }
            sent += 1;
        }
    }
    // And arbitrary query strings on the pages that read one.
    let queries = samples(&form_body(), 12);
    for path in [
        "/entrar",
        "/idioma/es",
        "/cuenta",
        "/arbitro/construir",
        "/clubes/1/partidas/nueva",
        "/campeonatos/3/directo",
        "/campeonatos/3/imprimir/actas",
        "/eventos/1/auditoria",
        "/cuadros/1",
    ] {
        for q in &queries {
            // A URL carries only visible ASCII: other bytes go percent-encoded.
            let query: String = q
                .iter()
                .map(|&b| {
                    if b.is_ascii_graphic() && b != b'#' {
                        char::from(b).to_string()
                    } else {
                        format!("%{b:02X}")
                    }
                })
                .collect();
            let res = app
                .client
                .get(app.url(&format!("{path}?{query}")))
                .send()
                .await
                .unwrap();
            assert!(
                !res.status().is_server_error(),
                "GET {path}?{query} → {}",
                res.status()
            );
            if !baza::web::requests::form_is_utf8(query.as_bytes()) {
                assert_eq!(res.status(), StatusCode::BAD_REQUEST, "GET {path}?{query}");
            }
            sent += 1;
        }
    }
    assert_eq!(sent, posts.len() * 16 + 9 * 12);
}
