//! Why a hand record cannot be ruled, in words: every refusal in Spanish, Catalan and
//! English, its field named as a referee says it and an option by its label, never a
//! field path or an option key; the English of the public JSON unchanged.

#![allow(clippy::unwrap_used)]

use crate::domain::kind::GameKind;
use crate::domain::lang::Lang;
use crate::domain::record::parse_record_str;
use crate::domain::record_error::{FieldProblem, RecordError, RecordField};
use crate::domain::words::{
    OptionNames, UnnamedOptions, name_seats, record_error_engine_words, record_error_words,
};
use crate::domain::{options, try_rule};

/// Two options named as the pages name them.
struct Labels;

impl OptionNames for Labels {
    fn label(&self, _: GameKind, name: &str, lang: Lang) -> Option<String> {
        match name {
            "cantes_per_trick" => {
                Some(lang.pick("Cantes por baza", "Cants per basa", "Cantes per trick"))
            }
            "double_scale" => Some(lang.pick(
                "Escala de los contros",
                "Escala dels contros",
                "Contro scale",
            )),
            _ => None,
        }
        .map(str::to_owned)
    }

    fn allowed(&self, _: GameKind, name: &str, lang: Lang) -> Option<String> {
        (name == "cantes_per_trick").then(|| {
            lang.pick(
                "Uno por jugador, Uno por pareja",
                "Un per jugador, Un per parella",
                "One per player, One per pair",
            )
            .to_owned()
        })
    }
}

/// A cuatrola record with `change` made to it.
fn cuatrola(change: impl Fn(&mut serde_json::Value)) -> String {
    let mut v = serde_json::json!({
        "format": "baza-hand/1",
        "game": "cuatrola",
        "players": 4,
        "dealer": 0,
        "hands": [[], [], [], []],
    });
    change(&mut v);
    v.to_string()
}

fn refused(text: &str) -> RecordError {
    parse_record_str(text).unwrap_err()
}

/// Every kind of refusal: as a broken record gives it, or as code builds it.
fn every_refusal() -> Vec<RecordError> {
    let set =
        |k: &'static str, v: serde_json::Value| move |r: &mut serde_json::Value| r[k] = v.clone();
    let mut all: Vec<RecordError> = [
        "{\"format\": ".to_owned(),
        "[1, 2]".to_owned(),
        cuatrola(|r| r.as_object_mut().unwrap().retain(|k, _| k != "format")),
        cuatrola(set("format", "baza-game/1".into())),
        cuatrola(|r| r.as_object_mut().unwrap().retain(|k, _| k != "game")),
        cuatrola(set("game", "mus".into())),
        cuatrola(set("players", 7.into())),
        cuatrola(|r| r.as_object_mut().unwrap().retain(|k, _| k != "dealer")),
        cuatrola(set("dealer", 9.into())),
        cuatrola(set("options", serde_json::json!([1]))),
        cuatrola(set(
            "options",
            serde_json::json!({"double_scale": "additive"}),
        )),
        cuatrola(set(
            "options",
            serde_json::json!({"cantes_per_trick": "uno"}),
        )),
        cuatrola(set("before", serde_json::json!([1]))),
        cuatrola(set("hands", 3.into())),
        cuatrola(set("hands", serde_json::json!([[], "x", [], []]))),
        cuatrola(set("stock", "x".into())),
        cuatrola(set("events", "x".into())),
        cuatrola(set("declared", 1.into())),
        cuatrola(set("declared", serde_json::json!({"points": "x"}))),
        cuatrola(set("declared", serde_json::json!({"hand_points": [1]}))),
        cuatrola(set("declared", serde_json::json!({"card_points": [1, 2]}))),
        cuatrola(set(
            "events",
            serde_json::Value::Array(vec![serde_json::json!({}); 100_000]),
        )),
    ]
    .iter()
    .map(|text| refused(text))
    .collect();
    // What a record built in code meets: a seat the table lacks, a number too big.
    let mut record = parse_record_str(&cuatrola(|_| {})).unwrap();
    record.dealer = 5;
    all.push(try_rule(&record, Lang::Es).unwrap_err());
    all.push(RecordError::field(
        RecordField::Dealer,
        FieldProblem::OutOfRange,
    ));
    all
}

/// The name of a refusal's kind; a new kind is a compile error here until it is
/// in [`every_refusal`].
fn kind(e: &RecordError) -> &'static str {
    match e {
        RecordError::NotJson(_) => "not json",
        RecordError::UnknownGame(_) => "unknown game",
        RecordError::UnknownOption { .. } => "unknown option",
        RecordError::BadOptionValue { .. } => "bad option value",
        RecordError::Field { problem, .. } => match problem {
            FieldProblem::Missing => "missing",
            FieldProblem::MissingFormat(_) => "missing format",
            FieldProblem::WrongFormat { .. } => "wrong format",
            FieldProblem::OutOfRange => "out of range",
            FieldProblem::NotSmallInt { .. } => "not a small int",
            FieldProblem::NotScores { .. } => "not scores",
            FieldProblem::NotCards { .. } => "not cards",
            FieldProblem::NotRecordObject { .. } => "not a record object",
            FieldProblem::NotObject { .. } => "not an object",
            FieldProblem::NotHands { .. } => "not hands",
            FieldProblem::NotEvents { .. } => "not events",
            FieldProblem::BadPlayers { .. } => "bad players",
            FieldProblem::TooManyEvents { .. } => "too many events",
            FieldProblem::NotDeclared => "not declared",
            FieldProblem::NoSuchSeat(_) => "no such seat",
        },
    }
}

#[test]
fn every_refusal_of_a_record_is_worded_in_each_language_without_a_field_path_or_option_key() {
    let all = every_refusal();
    let kinds: std::collections::BTreeSet<&str> = all.iter().map(kind).collect();
    assert_eq!(kinds.len(), 19, "{kinds:?}");
    let keys: Vec<&str> = GameKind::ALL
        .iter()
        .flat_map(|g| options::specs(*g).iter().map(|s| s.name))
        .filter(|n| n.contains('_'))
        .collect();
    let paths = [
        "declared.",
        "hands[",
        "hand_points",
        "options.",
        "record:",
        "dealer",
        "players",
        "events",
        "stock",
        "before",
    ];
    let english = ["expected", " got ", "missing", "not JSON", "unknown", "EOF"];
    for e in &all {
        for lang in Lang::ALL {
            let words = record_error_words(e, lang, &Labels);
            assert!(words.ends_with('.'), "{e}: {words}");
            assert!(words.starts_with(char::is_uppercase), "{e}: {words}");
            assert_ne!(words, e.to_string());
            if lang == Lang::En {
                continue;
            }
            for bad in keys.iter().chain(&paths).chain(&english) {
                assert!(!words.contains(bad), "{lang}: «{bad}» in {words} ({e})");
            }
        }
    }
}

#[test]
fn an_option_of_a_refused_record_is_named_by_its_label_with_its_values_in_words() {
    let e = refused(&cuatrola(|r| {
        r["options"] = serde_json::json!({"cantes_per_trick": "uno"})
    }));
    assert_eq!(
        record_error_words(&e, Lang::Es, &Labels),
        "La opción «Cantes por baza» no admite \"uno\" (valores posibles: Uno por jugador, \
         Uno por pareja)."
    );
    assert_eq!(
        record_error_words(&e, Lang::Ca, &Labels),
        "L'opció «Cants per basa» no admet \"uno\" (valors possibles: Un per jugador, Un per \
         parella)."
    );
    // Another game's option is named by its label; without labels, as a table option.
    let e = refused(&cuatrola(|r| {
        r["options"] = serde_json::json!({"double_scale": "additive"})
    }));
    assert_eq!(
        record_error_words(&e, Lang::Es, &Labels),
        "Las opciones de mesa de cuatrola no incluyen «Escala de los contros»."
    );
    let e = refused(&cuatrola(|r| {
        r["options"] = serde_json::json!({"cantes_per_trick": 3})
    }));
    assert_eq!(
        record_error_words(&e, Lang::En, &UnnamedOptions),
        "A table option does not take 3."
    );
}

#[test]
fn a_refused_record_names_its_field_as_a_referee_says_it() {
    let said = |text: &str, lang| record_error_words(&refused(text), lang, &Labels);
    let no_dealer = cuatrola(|r| r.as_object_mut().unwrap().retain(|k, _| k != "dealer"));
    assert_eq!(said(&no_dealer, Lang::Es), "Falta un dato: el repartidor.");
    assert_eq!(
        said(&no_dealer, Lang::Ca),
        "Hi falta una dada: el repartidor."
    );
    assert_eq!(said(&no_dealer, Lang::En), "Missing: the dealer.");
    let points = cuatrola(|r| r["declared"] = serde_json::json!({"points": [1]}));
    assert_eq!(
        said(&points, Lang::Es),
        "Los puntos declarados deben ser 2 números, de 0 en adelante, no [1]."
    );
    let dealer = cuatrola(|r| r["dealer"] = 9.into());
    assert_eq!(
        said(&dealer, Lang::Es),
        "El repartidor no es ninguno de los 4 asientos de la mesa (el registro dice 9)."
    );
    assert_eq!(
        said("{\"format\": ", Lang::Es),
        "El fichero se corta en la línea 1, columna 11: le falta el final."
    );
    assert_eq!(
        said(&cuatrola(|r| r["game"] = "mus".into()), Lang::Ca),
        "El joc \"mus\" no és cap dels de Baza (cuatrola, tute, guiñote, botifarra o cinquillo)."
    );
}

#[test]
fn a_seat_of_a_refused_record_counts_from_one_or_is_left_to_be_named() {
    let e = refused(&cuatrola(|r| {
        r["hands"] = serde_json::json!([[], "x", [], []])
    }));
    assert_eq!(
        record_error_words(&e, Lang::Es, &Labels),
        "Las cartas del asiento 2: se esperaba una lista de cartas, no \"x\"."
    );
    let names: Vec<String> = ["Ana", "Berta", "Carlos", "Dora"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let engine = record_error_engine_words(&e, Lang::Ca, &Labels);
    assert_eq!(
        name_seats(&engine, Lang::Ca, &names),
        "Les cartes de Berta (seient 2): s'esperava una llista de cartes, no \"x\"."
    );
}

#[test]
fn the_english_of_a_refused_record_in_the_public_json_is_unchanged() {
    let said = |text: &str| refused(text).to_string();
    assert_eq!(
        said(&cuatrola(
            |r| r["declared"] = serde_json::json!({"points": [1]})
        )),
        "declared.points: expected a list of 2 non-negative numbers, got [1]"
    );
    assert_eq!(
        said(&cuatrola(
            |r| r["hands"] = serde_json::json!([[], "x", [], []])
        )),
        "hands[1]: expected a list of cards, got \"x\""
    );
    assert_eq!(
        said(&cuatrola(|r| r["declared"] = serde_json::json!({"x": 1}))),
        "declared.x: unknown field (expected points or hand_points)"
    );
    assert_eq!(
        said(&cuatrola(|r| r
            .as_object_mut()
            .unwrap()
            .retain(|k, _| k != "format"))),
        "format: missing, expected \"baza-hand/1\""
    );
    assert_eq!(
        said(&cuatrola(
            |r| r["options"] = serde_json::json!({"cantes_per_trick": 3})
        )),
        "options.cantes_per_trick: expected one of one_per_player, one_per_side, got 3"
    );
    assert_eq!(
        said(&cuatrola(|r| r["players"] = 7.into())),
        "players: 7 is not a valid number of players for cuatrola"
    );
    assert!(said("{\"format\": ").starts_with("not JSON: EOF while parsing"));
    let mut record = parse_record_str(&cuatrola(|_| {})).unwrap();
    record.dealer = 5;
    assert_eq!(
        try_rule(&record, Lang::Es).unwrap_err().to_string(),
        "dealer: seat 5 does not exist"
    );
}
