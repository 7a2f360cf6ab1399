//! The audit's sentences, read as a person reads them.

use super::*;

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
