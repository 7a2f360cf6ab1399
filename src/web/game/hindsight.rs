//! What a late correction would have changed, said before its confirm: who would
//! have met in the later rounds of a Swiss ("Ronda 3, mesa 2: jugó A contra B; con la
//! corrección serían A contra C"), or who would have gone on from a knockout match
//! ("Semifinal 1: con la corrección pasaría C, no A; la final, ya jugada, la jugó
//! A…"): a sentence each for the page, and the same with its parts for the API.

use crate::domain::Lang;
use crate::domain::bracket::{NextMatch, Onward, RoundName, Stage};
use crate::domain::tournament::{Hindsight, Meeting};
use crate::web::i18n::{tr, tr_args};

/// One thing said of a correction: the round (0 for a knockout phase) and the table
/// (the match's number in a knockout; none when it is said of a whole round), who
/// played or went on there and who would with the correction (none when it is said
/// of a whole round), and the sentence.
pub(crate) struct Said {
    pub round: u32,
    pub table: Option<u32>,
    pub played: Option<Vec<String>>,
    pub would: Option<Vec<String>>,
    pub sentence: String,
}

/// Who would have met in each later round with a correction, or who would have gone
/// on from a knockout match, a sentence each: the tables whose pairs change, or that
/// the round would have been paired the same, or that its pairing was changed by hand.
pub(crate) fn hindsight_lines(lang: Lang, seen: &[Hindsight]) -> Vec<String> {
    said(lang, seen).into_iter().map(|s| s.sentence).collect()
}

/// [`hindsight_lines`] for the API: each with its round, table, who played and who
/// would have (`null` where it is said of a whole round), and its sentence.
pub(crate) fn hindsight_json(lang: Lang, seen: &[Hindsight]) -> serde_json::Value {
    said(lang, seen)
        .into_iter()
        .map(|s| {
            serde_json::json!({
                "round": s.round, "table": s.table, "played": s.played,
                "would": s.would, "sentence": s.sentence,
            })
        })
        .collect()
}

/// Everything said of `seen`, in order.
pub(crate) fn said(lang: Lang, seen: &[Hindsight]) -> Vec<Said> {
    let who = |m: &Option<Meeting>| match m {
        Some(Meeting::Match(a, b)) => tr_args(
            lang,
            "hindsight-against",
            &[("a", a.clone()), ("b", b.clone())],
        ),
        Some(Meeting::Alone(a)) => a.clone(),
        None => tr(lang, "hindsight-nobody"),
    };
    let names = |m: &Option<Meeting>| match m {
        Some(Meeting::Match(a, b)) => vec![a.clone(), b.clone()],
        Some(Meeting::Alone(a)) => vec![a.clone()],
        None => Vec::new(),
    };
    let whole = |key: &str, n: u32| Said {
        round: n,
        table: None,
        played: None,
        would: None,
        sentence: tr_args(lang, key, &[("round", n.to_string())]),
    };
    let mut out = Vec::new();
    for h in seen {
        match h {
            Hindsight::Same { round: n } => out.push(whole("hindsight-same", *n)),
            Hindsight::ByHand { round: n } => out.push(whole("hindsight-by-hand", *n)),
            Hindsight::Unpaired { round: n } => out.push(whole("hindsight-unpaired", *n)),
            Hindsight::Differs { round: n, places } => {
                out.extend(places.iter().map(|m| {
                    let key = if m.table == 0 {
                        "hindsight-bye"
                    } else {
                        "hindsight-table"
                    };
                    let args = [
                        ("round", n.to_string()),
                        ("table", m.table.to_string()),
                        ("played", who(&m.played)),
                        ("would", who(&m.would)),
                    ];
                    Said {
                        round: *n,
                        table: Some(m.table),
                        played: Some(names(&m.played)),
                        would: Some(names(&m.would)),
                        sentence: tr_args(lang, key, &args),
                    }
                }));
            }
            Hindsight::Knockout { onward, double } => out.push(Said {
                round: 0,
                table: Some(onward.id.0 + 1),
                played: Some(vec![onward.went.clone()]),
                would: Some(vec![onward.would.clone()]),
                sentence: knockout_line(lang, onward, *double),
            }),
        }
    }
    out
}

/// Who would go on from a corrected knockout match, and who would play the matches
/// it feeds: "Semifinal 1: con la corrección pasaría Pareja 3, no Pareja 2; la
/// final, ya jugada, la jugó Pareja 2; al confirmar se anula y se jugará de nuevo".
fn knockout_line(lang: Lang, o: &Onward<String>, double: bool) -> String {
    let named = |stage: Option<Stage>, id: u32| match stage {
        Some(s) => crate::web::brackets::stage_words(lang, s, double),
        None => tr_args(lang, "table-n", &[("n", (id + 1).to_string())]),
    };
    let at = named(o.stage, o.id.0);
    if o.went == o.would {
        let args = [("match", at), ("went", o.went.clone())];
        return tr_args(lang, "hindsight-ko-same", &args);
    }
    let args = [
        ("match", at),
        ("went", o.went.clone()),
        ("would", o.would.clone()),
    ];
    let mut parts = vec![tr_args(lang, "hindsight-ko-goes", &args)];
    for n in &o.next {
        parts.push(next_clause(lang, n, named(n.stage, n.id.0)));
    }
    parts.join("; ")
}

/// What a correction does to a match fed from the corrected one (`title` its name).
fn next_clause(lang: Lang, n: &NextMatch<String>, title: String) -> String {
    let gender = match n.stage.map(|s| s.name) {
        Some(
            RoundName::Final
            | RoundName::SemiFinal
            | RoundName::GrandFinal
            | RoundName::GrandFinalReset
            | RoundName::LosersFinal
            | RoundName::Round(_),
        ) => "f",
        _ => "m",
    };
    let mut lower = title.chars();
    let title = lower
        .next()
        .map(|c| c.to_lowercase().chain(lower).collect())
        .unwrap_or_default();
    let the = tr_args(
        lang,
        "hindsight-ko-the",
        &[("stage", title), ("gender", gender.into())],
    );
    let nobody = || tr(lang, "hindsight-nobody");
    let key = match (n.loser, n.played) {
        (false, true) => "hindsight-ko-next-played",
        (false, false) => "hindsight-ko-next-unplayed",
        (true, true) => "hindsight-ko-loser-played",
        (true, false) => "hindsight-ko-loser-unplayed",
    };
    let args = [
        ("next", the),
        ("gender", gender.into()),
        ("went", n.went.clone().unwrap_or_else(nobody)),
        ("would", n.would.clone().unwrap_or_else(nobody)),
    ];
    tr_args(lang, key, &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::bracket::MatchId;
    use crate::domain::tournament::Moved;

    #[test]
    fn who_would_have_met_reads_in_each_language_a_table_a_bye_the_same_round_and_a_round_changed_by_hand()
     {
        let pair = |a: &str, b: &str| Some(Meeting::Match(a.into(), b.into()));
        let seen = [
            Hindsight::Differs {
                round: 3,
                places: vec![
                    Moved {
                        table: 2,
                        played: pair("Pérez – Gil", "Vidal – Lasa"),
                        would: pair("Pérez – Gil", "Ruiz – Sanz"),
                    },
                    Moved {
                        table: 0,
                        played: Some(Meeting::Alone("Ruiz – Sanz".into())),
                        would: Some(Meeting::Alone("Vidal – Lasa".into())),
                    },
                ],
            },
            Hindsight::Same { round: 4 },
            Hindsight::ByHand { round: 5 },
        ];
        assert_eq!(
            hindsight_lines(Lang::Es, &seen),
            [
                "Ronda 3, mesa 2: jugó Pérez – Gil contra Vidal – Lasa; con la corrección serían Pérez – Gil contra Ruiz – Sanz",
                "Ronda 3: quedó exenta Ruiz – Sanz; con la corrección quedaría exenta Vidal – Lasa",
                "Con la corrección, la ronda 4 se habría emparejado igual",
                "El emparejamiento de la ronda 5 se cambió a mano: no se puede decir cómo habría sido con la corrección",
            ]
        );
        assert_eq!(
            hindsight_lines(Lang::Ca, &seen),
            [
                "Ronda 3, taula 2: va jugar Pérez – Gil contra Vidal – Lasa; amb la correcció serien Pérez – Gil contra Ruiz – Sanz",
                "Ronda 3: va quedar exempta Ruiz – Sanz; amb la correcció quedaria exempta Vidal – Lasa",
                "Amb la correcció, la ronda 4 s'hauria aparellat igual",
                "L'aparellament de la ronda 5 es va canviar a mà: no es pot dir com hauria estat amb la correcció",
            ]
        );
        assert_eq!(
            hindsight_lines(Lang::En, &seen),
            [
                "Round 3, table 2: played Pérez – Gil against Vidal – Lasa; with the correction it would be Pérez – Gil against Ruiz – Sanz",
                "Round 3: Ruiz – Sanz had the bye; with the correction Vidal – Lasa would have it",
                "With the correction, round 4 would have been paired the same",
                "The pairing of round 5 was changed by hand: there is no saying what it would have been with the correction",
            ]
        );
    }
    #[test]
    fn who_would_go_on_from_a_knockout_match_reads_in_each_language() {
        let stage = |name, number| Some(Stage { name, number });
        let next = |id, name, loser, played, went: &str, would: &str| NextMatch {
            id: MatchId(id),
            stage: stage(name, None),
            loser,
            played,
            went: Some(went.to_owned()),
            would: Some(would.to_owned()),
        };
        let onward = Onward {
            id: MatchId(0),
            stage: stage(RoundName::SemiFinal, Some(1)),
            went: "Pareja 2".to_owned(),
            would: "Pareja 3".to_owned(),
            next: vec![
                next(2, RoundName::Final, false, true, "Pareja 2", "Pareja 3"),
                next(
                    3,
                    RoundName::ThirdPlace,
                    true,
                    false,
                    "Pareja 3",
                    "Pareja 2",
                ),
            ],
        };
        let same = Onward {
            would: "Pareja 2".to_owned(),
            next: Vec::new(),
            ..onward.clone()
        };
        let seen = [
            Hindsight::Knockout {
                onward,
                double: false,
            },
            Hindsight::Knockout {
                onward: same,
                double: false,
            },
        ];
        assert_eq!(
            hindsight_lines(Lang::Es, &seen),
            [
                "Semifinal 1: con la corrección pasaría Pareja 3, no Pareja 2; la final, ya jugada, la jugó Pareja 2; al confirmar se anula y se jugará de nuevo; el tercer puesto aún no se ha jugado: lo jugaría Pareja 2, no Pareja 3",
                "Semifinal 1: con la corrección sigue pasando Pareja 2; no se anula nada",
            ]
        );
        assert_eq!(
            hindsight_lines(Lang::Ca, &seen),
            [
                "Semifinal 1: amb la correcció passaria Pareja 3, no Pareja 2; la final, ja jugada, la va jugar Pareja 2; en confirmar s'anul·la i es tornarà a jugar; el tercer lloc encara no s'ha jugat: el jugaria Pareja 2, no Pareja 3",
                "Semifinal 1: amb la correcció continua passant Pareja 2; no s'anul·la res",
            ]
        );
        assert_eq!(
            hindsight_lines(Lang::En, &seen),
            [
                "Semi-final 1: with the correction Pareja 3 would go on, not Pareja 2; the final, already played, was played by Pareja 2; confirming annuls it and it will be played again; the third place has not been played yet: Pareja 2 would play it, not Pareja 3",
                "Semi-final 1: with the correction Pareja 2 still goes on; nothing is annulled",
            ]
        );
        let api = hindsight_json(Lang::Es, &seen[..1]);
        assert_eq!(api[0]["round"], 0);
        assert_eq!(api[0]["table"], 1);
        assert_eq!(api[0]["played"], serde_json::json!(["Pareja 2"]));
        assert_eq!(api[0]["would"], serde_json::json!(["Pareja 3"]));
    }
}
