//! A multi-line human summary of a ruling that a referee can read out. Above the
//! games: uses `games::cuatrola` (its contract line), `engine`, `words` and the plain
//! data.

use crate::domain::lang::{Lang, tr};
use crate::domain::record::HandRecord;
use crate::domain::ruling::{GameOverReason, Ruling, Score};

fn join_scores(v: &[Score]) -> String {
    v.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" – ")
}

/// The contract, each trick and who won it, cantes, points per side, hand points,
/// game over, the violation and any discrepancy with what the table wrote down.
pub fn explain(record: &HandRecord, ruling: &Ruling, lang: Lang) -> String {
    let pairs = record.seating().pairs;
    let side_word = if pairs {
        lang.pick("pareja", "parella", "side")
    } else {
        lang.pick("jugador", "jugador", "player")
    };
    let seat_word = lang.pick("asiento", "seient", "seat");
    let mut out: Vec<String> = Vec::new();
    // The summary opens with the game's name, as a sentence does.
    let game = crate::domain::lang::capitalized(record.game.name());
    out.push(tr!(
        lang,
        "{}, {} jugadores, reparte el asiento {}.",
        "{}, {} jugadors, reparteix el seient {}.",
        "{}, {} players, seat {} deals.",
        game,
        record.players,
        record.dealer
    ));
    let deal_invalid = ruling.violation.as_ref().is_some_and(|v| v.event.is_none());
    if !deal_invalid
        && let Some(line) =
            crate::domain::games::rules_of(record.game).summary_line(record, ruling, lang)
    {
        out.push(line);
    }
    for (i, t) in ruling.tricks.iter().enumerate() {
        let cards = t
            .cards
            .iter()
            .map(|c| c.spanish_name())
            .collect::<Vec<_>>()
            .join(", ");
        out.push(tr!(
            lang,
            "Baza {}: sale el asiento {}: {cards}. Gana el asiento {}.",
            "Basa {}: surt el seient {}: {cards}. Guanya el seient {}.",
            "Trick {}: seat {} leads: {cards}. Seat {} wins.",
            i + 1,
            t.leader,
            t.winner
        ));
    }
    for c in &ruling.cantes {
        let what = match (c.suit, c.tute) {
            (Some(s), _) => format!("{} {} {}", c.value, lang.pick("en", "en", "in"), s.name()),
            (None, Some(k)) => format!("tute ({k:?})").to_lowercase(),
            (None, None) => "?".into(),
        };
        out.push(format!(
            "{}: {seat_word} {}, {what} ({} {}).",
            lang.pick("Cante", "Cante", "Cante"),
            c.seat,
            lang.pick("evento", "esdeveniment", "event"),
            c.event + 1
        ));
    }
    let pts = ruling
        .points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{side_word} {i}: {p}"))
        .collect::<Vec<_>>()
        .join(", ");
    out.push(format!(
        "{}: {pts}.",
        lang.pick("Puntos", "Punts", "Points")
    ));
    out.push(match &ruling.hand_points {
        Some(h) => format!(
            "{}: {}.",
            lang.pick("Tantos de la mano", "Punts de la mà", "Hand points"),
            join_scores(h)
        ),
        None => lang
            .pick(
                "Tantos de la mano: sin decidir.",
                "Punts de la mà: per decidir.",
                "Hand points: not decided.",
            )
            .to_string(),
    });
    if let Some(g) = &ruling.game_over {
        let why = match g.reason {
            GameOverReason::Target => lang.pick(
                "llega al objetivo",
                "arriba a l'objectiu",
                "reaches the target",
            ),
            GameOverReason::Tute => lang.pick("por tute", "per tute", "by a tute"),
            GameOverReason::Revoke => lang.pick(
                "por renuncio del rival",
                "per renuncio del rival",
                "by the opponents' revoke",
            ),
            GameOverReason::Claim => lang.pick("al salir", "en sortir", "by a valid claim"),
            GameOverReason::FalseClaim => lang.pick(
                "por salida falsa del rival",
                "per sortida falsa del rival",
                "by the opponents' false claim",
            ),
        };
        out.push(tr!(
            lang,
            "Fin de la partida: gana la {side_word} {} ({why}).",
            "Fi de la partida: guanya la {side_word} {} ({why}).",
            "Game over: {side_word} {} wins ({why}).",
            g.winner
        ));
    }
    match &ruling.violation {
        None => out.push(
            lang.pick("Sin infracciones.", "Sense infraccions.", "No violation.")
                .to_string(),
        ),
        Some(v) => {
            let at = match (v.event, v.seat) {
                (Some(e), Some(s)) => format!(
                    "{} {}, {seat_word} {s}",
                    lang.pick("evento", "esdeveniment", "event"),
                    e + 1
                ),
                (Some(e), None) => {
                    format!("{} {}", lang.pick("evento", "esdeveniment", "event"), e + 1)
                }
                (None, _) => lang.pick("reparto", "repartiment", "deal").to_string(),
            };
            out.push(format!(
                "{} ({at}): {} — {}.",
                lang.pick("Infracción", "Infracció", "Violation"),
                crate::domain::words::rule_name(v.rule, lang),
                v.message
            ));
        }
    }
    if !ruling.complete && !deal_invalid {
        out.push(
            lang.pick(
                "La mano no llegó a su final.",
                "La mà no va arribar al final.",
                "The hand did not reach its end.",
            )
            .to_string(),
        );
    }
    for d in &ruling.discrepancies {
        out.push(format!(
            "{} {}: {} {}, {} {}.",
            lang.pick("Diferencia en", "Diferència a", "Discrepancy in"),
            crate::domain::words::field_name(&d.field, lang),
            lang.pick("anotado", "anotat", "declared"),
            crate::domain::words::field_value(&d.declared),
            lang.pick("calculado", "calculat", "computed"),
            crate::domain::words::field_value(&d.computed)
        ));
    }
    out.join("\n")
}
