//! The audit's sentences, read as a person reads them.

use super::*;
use crate::domain::bracket::EntrantId;

fn row(actor: &str, action: &str, entity: &str, before: &str, after: &str) -> AuditEntry {
    AuditEntry {
        id: 1,
        at: chrono::NaiveDate::from_ymd_opt(2026, 11, 28)
            .and_then(|d| d.and_hms_opt(10, 0, 0))
            .unwrap_or_default(),
        actor: actor.to_owned(),
        action: action.to_owned(),
        entity: entity.to_owned(),
        entity_id: 3,
        club_id: Some(1),
        championship_id: None,
        before_json: (!before.is_empty()).then(|| before.to_owned()),
        after_json: (!after.is_empty()).then(|| after.to_owned()),
    }
}

#[test]
fn a_correction_of_a_hand_says_who_which_hand_and_what_changed_from_what() {
    let e = row(
        "user:2:Ana García",
        "update",
        "hand",
        r#"{"game":3,"hand":5,"entry":{"game":"cuatrola","card_points_side0":60,"trump":"o"}}"#,
        r#"{"game":3,"hand":5,"entry":{"game":"cuatrola","card_points_side0":70,"trump":"c"}}"#,
    );
    let s = sentence(Lang::Es, &e, &Known::default());
    assert!(s.starts_with("Ana García corrigió la mano 5:"), "{s}");
    assert!(s.contains("60 → 70") && s.contains("oros → copas"), "{s}");
    assert!(!s.contains('{') && !s.contains("user:"), "{s}");
}

#[test]
fn a_pin_holder_and_an_unknown_action_read_as_words_not_keys() {
    let e = row(
        "scorekeeper:games [1, 5, 9]",
        "create",
        "hand",
        "",
        r#"{"game":3,"hand":2}"#,
    );
    let s = sentence(Lang::Es, &e, &Known::default());
    assert!(
        s.starts_with("Quien tenía el PIN de la partida anotó la mano 2"),
        "{s}"
    );
    let e = row("user:2:arbitro (token 4)", "shuffle", "widget", "", "{}");
    for lang in [Lang::Es, Lang::Ca, Lang::En] {
        let s = sentence(lang, &e, &Known::default());
        assert!(s.starts_with("Arbitro") || s.starts_with("arbitro"), "{s}");
        assert!(
            !s.contains("audit-") && !s.contains("widget") && !s.contains("user:"),
            "{s}"
        );
    }
}

#[test]
fn a_confirmed_bracket_result_names_the_match_score_and_winner() {
    let e = row(
        "demo (firma pareja b)",
        "confirm",
        "bracket",
        "",
        r#"{"match":"W1.1","score":[6,22],"version":1,"winner":"Lorenzo – Marcos"}"#,
    );
    let s = sentence(Lang::Es, &e, &Known::default());
    assert!(
        s.contains("partido 1 de la ronda 1") && s.contains("6–22"),
        "{s}"
    );
    assert!(s.contains("Lorenzo – Marcos") && !s.contains("W1.1"), "{s}");
}

/// What a championship's trail knows of championship 7: its round 1, one table of
/// two pairs.
fn known_championship() -> Known {
    let file = serde_json::from_value(serde_json::json!({
        "format": "baza-tournament/1",
        "event": {"name": "Open", "game": "cuatrola", "system": {"kind": "swiss", "rounds": 3}},
        "entrants": [{"id": "1", "name": "Alonso – Díez"}, {"id": "2", "name": "Vidal – Lasa"}],
        "rounds": [{"number": 1, "pairings": [{"table": 1, "a": "1", "b": "2"}]}]
    }));
    let mut known = Known::default();
    if let Ok(file) = file {
        let name = "Open".to_owned();
        known
            .championships
            .insert(7, crate::web::audit_known::ChampionshipNames { name, file });
    }
    known
}

#[test]
fn a_result_proposed_with_a_pin_names_its_pair_where_the_row_keeps_which_and_an_older_row_reads_as_before()
 {
    let known = known_championship();
    let proposed = |actor: &str, by_pair: &str| AuditEntry {
        championship_id: Some(7),
        ..row(
            actor,
            "propose",
            "result",
            "",
            &format!(
                r#"{{"phase":0,"round":1,"table":1,"score":[2,1],"winner":null,
                "side":"b","from":"games"{by_pair}}}"#
            ),
        )
    };
    let table = "el resultado de la mesa 1 de la ronda 1 (Alonso – Díez contra Vidal – Lasa): 2–1.";
    let pin = "scorekeeper:games [4]";
    let s = sentence(Lang::Es, &proposed(pin, r#","by_pair":"b""#), &known);
    assert_eq!(
        s,
        format!("La pareja Vidal – Lasa con su PIN propuso {table}")
    );
    let s = sentence(Lang::En, &proposed(pin, r#","by_pair":"b""#), &known);
    assert!(
        s.starts_with("The pair Vidal – Lasa with its PIN proposed"),
        "{s}"
    );
    let s = sentence(Lang::Ca, &proposed(pin, r#","by_pair":"a""#), &known);
    assert!(
        s.starts_with("La parella Alonso – Díez amb el seu PIN va proposar"),
        "{s}"
    );
    // A row written before the pair was kept.
    let s = sentence(Lang::Es, &proposed(pin, ""), &known);
    assert_eq!(
        s,
        format!("Una pareja de la mesa con su PIN propuso {table}")
    );
    // The director signed in is named, whatever the row keeps.
    let s = sentence(
        Lang::Es,
        &proposed("user:2:Marisa", r#","by_pair":"b""#),
        &known,
    );
    assert_eq!(s, format!("Marisa propuso {table}"));
}

/// What a trail knows of knockout phase 5 of championship 7: its one match, the
/// final, at its table 1, between two pairs.
fn known_knockout() -> Known {
    let mut known = Known::default();
    let seeds = [EntrantId(0), EntrantId(1)];
    if let Ok(bracket) = crate::domain::bracket::single_elimination(&seeds, false) {
        let names = vec!["Vidal – Serra".to_owned(), "Nieto – Ortega".to_owned()];
        let phase = crate::web::audit_known::KnockoutNames { bracket, names };
        known.knockouts.insert(5, phase);
    }
    known
}

#[test]
fn a_knockout_tables_rows_name_the_pairs_they_kept_and_an_older_row_the_pairs_of_its_match_now() {
    let known = known_knockout();
    let at_table = |action: &str, kept: &str| AuditEntry {
        championship_id: Some(7),
        ..row(
            "user:2:Marisa",
            action,
            "result",
            "",
            &format!(r#"{{"phase":5,"round":0,"table":1,"score":null{kept}}}"#),
        )
    };
    let kept = r#","pairs":["Alonso – Díez","Lasa – Gil"]"#;
    let s = sentence(Lang::Es, &at_table("void", kept), &known);
    assert_eq!(
        s,
        "Marisa anuló la mesa 1 de la fase final (Alonso – Díez contra Lasa – Gil): se juega de nuevo."
    );
    let s = sentence(Lang::Es, &at_table("void", ""), &known);
    assert_eq!(
        s,
        "Marisa anuló la mesa 1 de la fase final (Vidal – Serra contra Nieto – Ortega): se juega de nuevo."
    );
    let confirmed = |championship: Option<i32>, kept: &str| AuditEntry {
        championship_id: championship,
        entity_id: 5,
        ..row(
            "user:2:Marisa",
            "confirm",
            "bracket",
            "",
            &format!(r#"{{"match":"W1.1","score":[2,1],"winner":"Lasa – Gil"{kept}}}"#),
        )
    };
    let s = sentence(Lang::Es, &confirmed(Some(7), kept), &known);
    assert!(
        s.contains(
            "el resultado del partido 1 de la ronda 1 (Alonso – Díez contra Lasa – Gil): 2–1;"
        ),
        "{s}"
    );
    let s = sentence(Lang::Es, &confirmed(Some(7), ""), &known);
    assert!(
        s.contains("(Vidal – Serra contra Nieto – Ortega): 2–1;"),
        "{s}"
    );
    // A bracket of no championship reads as before: its match, no pairs.
    let s = sentence(Lang::Es, &confirmed(None, ""), &known);
    assert!(s.contains("de la ronda 1: 2–1;"), "{s}");
}
