//! A multi-line human summary of a ruling that a referee can read out. Above the
//! games: uses `games::cuatrola` (its contract line), `engine`, `words` and the plain
//! data.

use crate::domain::lang::{Lang, tr};
use crate::domain::record::{Action, Event, HandRecord};
use crate::domain::ruling::{GameOverReason, RuleId, Ruling, Score, TuteKind};

/// Scores as the scoreboard shows them, one per side: "1 – 0".
pub fn join_scores(v: &[Score]) -> String {
    v.iter().map(|s| s.shown()).collect::<Vec<_>>().join(" – ")
}

/// [`explain`] as people read it: seats numbered from 1 and named by their players
/// (`seats`, may be empty), pairs numbered from 1 with their players (`sides`, may be
/// empty). The same words on the referee's page and from `baza check --explain`.
pub fn explain_for_people(
    record: &HandRecord,
    ruling: &Ruling,
    lang: Lang,
    seats: &[String],
    sides: &[String],
) -> String {
    explain_hand_for_people(record, ruling, lang, (seats, sides), None)
}

/// [`explain_for_people`] of hand `hand` (from 1) of a partida, whose number the
/// summary opens with ("Mano 6, de vueltas (antes: 84 – 97): …").
pub fn explain_hand_for_people(
    record: &HandRecord,
    ruling: &Ruling,
    lang: Lang,
    (seats, sides): (&[String], &[String]),
    hand: Option<i32>,
) -> String {
    let text = explain_hand(record, ruling, lang, hand);
    let text = crate::domain::words::name_seats(&text, lang, seats);
    crate::domain::words::name_sides(&text, lang, sides)
}

/// The penalty of a ruling's first violation, as the summary says it, with the
/// game's players in its seats and sides: what a referee reads out at the table.
pub fn penalty_for_people(
    record: &HandRecord,
    ruling: &Ruling,
    lang: Lang,
    seats: &[String],
    sides: &[String],
) -> Option<String> {
    let text = penalty_line(record, ruling, lang)?;
    let text = crate::domain::words::name_seats(&text, lang, seats);
    Some(crate::domain::words::name_sides(&text, lang, sides))
}

/// The trick (from 1) a card played against the rules of play lies in: the one
/// after those completed; `None` for any other violation, or none.
pub fn violation_trick(ruling: &Ruling) -> Option<usize> {
    let v = ruling.violation.as_ref()?;
    matches!(
        v.rule,
        RuleId::MustFollowSuit | RuleId::MustBeat | RuleId::MustTrump | RuleId::MustOvertrump
    )
    .then(|| ruling.tricks.len() + 1)
}

/// A side as the subject of a sentence, numbered from 0 as the engine numbers it: "la
/// pareja 0" in pair games, "el asiento 0" where each seat plays for itself.
fn side_subject(pairs: bool, side: u8, lang: Lang) -> String {
    if pairs {
        tr!(lang, "la pareja {side}", "la parella {side}", "pair {side}")
    } else {
        tr!(lang, "el asiento {side}", "el seient {side}", "seat {side}")
    }
}

/// What the rules make of the first violation, in one sentence: who scores what, a
/// void hand, a lost partida, or no score at all when the record itself is wrong.
/// `None` without a violation, and when the hand was over before it (its result
/// stands).
fn penalty_line(record: &HandRecord, ruling: &Ruling, lang: Lang) -> Option<String> {
    let v = ruling.violation.as_ref()?;
    if ruling.complete {
        return None;
    }
    let head = lang.pick("Castigo", "Càstig", "Penalty");
    if matches!(
        v.rule,
        RuleId::DealInvalid | RuleId::CardNotInHand | RuleId::UnknownEvent
    ) {
        return Some(
            lang.pick(
                "Sin castigo: el registro mismo está mal; la mano no se puntúa.",
                "Sense càstig: el registre mateix és erroni; la mà no es puntua.",
                "No penalty: the record itself is wrong; the hand is not scored.",
            )
            .to_owned(),
        );
    }
    let pairs = record.seating().pairs;
    // A penalty that scores nothing on the scoreboard gives the partida away (guiñote).
    if ruling.hand_points.is_none() {
        let who = side_subject(pairs, v.side?, lang);
        return Some(tr!(
            lang,
            "{head}: {who} pierde la partida.",
            "{head}: {who} perd la partida.",
            "{head}: {who} loses the partida."
        ));
    }
    let hand = ruling.hand_points.as_ref()?;
    let scorers: Vec<String> = hand
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.is_zero())
        .filter_map(|(i, p)| {
            let who = side_subject(pairs, u8::try_from(i).ok()?, lang);
            let p = p.shown();
            Some(tr!(
                lang,
                "{who} se anota {p}",
                "{who} s'anota {p}",
                "{who} scores {p}"
            ))
        })
        .collect();
    Some(if scorers.is_empty() {
        tr!(
            lang,
            "{head}: mano nula, nadie se anota nada.",
            "{head}: mà nul·la, ningú no s'anota res.",
            "{head}: void hand, nobody scores."
        )
    } else {
        format!("{head}: {}.", scorers.join("; "))
    })
}

/// Who took the diez de últimas, where a hand of cuatrola, tute or guiñote was played
/// to its last card without a violation (a tute or a claim ends it before).
fn last_ten_line(record: &HandRecord, ruling: &Ruling, lang: Lang) -> Option<String> {
    if !crate::domain::games::rules_of(record.game).diez_de_ultimas()
        || !ruling.complete
        || ruling.violation.is_some()
        || ruling.cantes.iter().any(|c| c.tute.is_some())
        || record
            .events
            .iter()
            .any(|e| matches!(e, Event::Move(m) if matches!(m.action, Action::Claim)))
    {
        return None;
    }
    let last = ruling.tricks.last()?;
    let side = record.side_of(last.winner);
    let pairs = record.seating().pairs;
    let whose = match (pairs, lang) {
        (true, Lang::Es) => format!("de la pareja {side}"),
        (true, Lang::Ca) => format!("de la parella {side}"),
        (false, Lang::Es) => format!("del asiento {side}"),
        (false, Lang::Ca) => format!("del seient {side}"),
        (_, Lang::En) => side_subject(pairs, side, lang),
    };
    Some(tr!(
        lang,
        "Las diez de últimas son {whose}.",
        "Les deu d'últimes són {whose}.",
        "The diez de últimas go to {whose}."
    ))
}

/// The contract, each trick and who won it, cantes, points per side, hand points,
/// game over, the violation and any discrepancy with what the table wrote down.
/// Seats and pairs are numbered from 0, as in the record: people read it through
/// [`explain_for_people`].
pub fn explain(record: &HandRecord, ruling: &Ruling, lang: Lang) -> String {
    explain_hand(record, ruling, lang, None)
}

/// Which hand a record is, as a referee opens its reading at the table: its number in
/// the partida, the deal's name where the game names it, and the score before it
/// ("Mano 6, de vueltas (antes: 84 – 97)"); `None` when the record says none of them.
fn hand_head(record: &HandRecord, lang: Lang, hand: Option<i32>) -> Option<String> {
    let mut head: Vec<String> = Vec::new();
    if let Some(n) = hand {
        head.push(tr!(lang, "Mano {n}", "Mà {n}", "Hand {n}"));
    }
    if let Some(name) = crate::domain::games::rules_of(record.game).deal_name(record) {
        head.push(name.to_owned());
    }
    let mut head = head.join(", ");
    if let Some(before) = &record.before {
        let before = join_scores(before);
        let before = tr!(
            lang,
            "antes: {before}",
            "abans: {before}",
            "before: {before}"
        );
        head = if head.is_empty() {
            before
        } else {
            format!("{head} ({before})")
        };
    }
    (!head.is_empty()).then(|| crate::domain::lang::capitalized(&head))
}

/// [`explain`] of hand `hand` (from 1) of a partida, opened with its number.
fn explain_hand(record: &HandRecord, ruling: &Ruling, lang: Lang, hand: Option<i32>) -> String {
    let pairs = record.seating().pairs;
    let side_word = if pairs {
        lang.pick("pareja", "parella", "pair")
    } else {
        lang.pick("asiento", "seient", "seat")
    };
    let seat_word = lang.pick("asiento", "seient", "seat");
    let mut out: Vec<String> = Vec::new();
    // The summary opens with the game's name, as a sentence does.
    let opening = tr!(
        lang,
        "{}, {} jugadores, reparte el asiento {}.",
        "{}, {} jugadors, reparteix el seient {}.",
        "{}, {} players, seat {} deals.",
        record.game.name(),
        record.players,
        record.dealer
    );
    // Which hand it is opens the reading where the record says it: "Mano 6, de
    // vueltas (antes: 84 – 97): guiñote, …".
    out.push(match hand_head(record, lang, hand) {
        Some(head) => format!("{head}: {opening}"),
        None => crate::domain::lang::capitalized(&opening),
    });
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
            (None, Some(TuteKind::Kings)) => "tute de reyes".to_owned(),
            (None, Some(TuteKind::Caballos)) => "tute de caballos".to_owned(),
            (None, Some(TuteKind::Sotas)) => "tute de sotas".to_owned(),
            (None, None) => "?".into(),
        };
        out.push(format!(
            "{}: {seat_word} {}, {what} ({} {}).",
            lang.pick("Cante", "Cante", "Cante"),
            c.seat,
            lang.pick("jugada", "jugada", "move"),
            c.event + 1
        ));
    }
    out.extend(last_ten_line(record, ruling, lang));
    let pts = ruling
        .points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{side_word} {i}: {}", p.shown()))
        .collect::<Vec<_>>()
        .join(", ");
    out.push(format!(
        "{}: {pts}.",
        // Cinquillo counts the cards each seat still holds, not points.
        if crate::domain::games::rules_of(record.game)
            .quick_entry()
            .cards_left
        {
            lang.pick("Cartas en la mano", "Cartes a la mà", "Cards in hand")
        } else {
            lang.pick("Puntos", "Punts", "Points")
        }
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
        let who = side_subject(pairs, g.winner, lang);
        out.push(tr!(
            lang,
            "Fin de la partida: gana {who} ({why}).",
            "Fi de la partida: guanya {who} ({why}).",
            "Game over: {who} wins ({why})."
        ));
    }
    match &ruling.violation {
        None => out.push(
            lang.pick("Sin infracciones.", "Sense infraccions.", "No violation.")
                .to_string(),
        ),
        Some(v) => {
            let trick = violation_trick(ruling)
                .map(|n| tr!(lang, ", baza {}", ", basa {}", ", trick {}", n))
                .unwrap_or_default();
            let at = match (v.event, v.seat) {
                (Some(e), Some(s)) => format!(
                    "{} {}, {seat_word} {s}{trick}",
                    lang.pick("jugada", "jugada", "move"),
                    e + 1
                ),
                (Some(e), None) => {
                    format!("{} {}", lang.pick("jugada", "jugada", "move"), e + 1)
                }
                (None, _) => lang.pick("reparto", "repartiment", "deal").to_string(),
            };
            out.push(format!(
                "{} ({at}): {} — {}.",
                lang.pick("Infracción", "Infracció", "Violation"),
                crate::domain::words::rule_name(v.rule, lang),
                crate::domain::words::people_message(v.rule, &v.message, v.seat, lang)
            ));
            out.extend(penalty_line(record, ruling, lang));
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::domain::kind::GameKind;
    use crate::domain::test_builders::examples;
    use crate::domain::{check_value, parse_record};

    /// The record of example `i` of `game`, and what people read of its ruling.
    fn read(game: GameKind, i: usize, lang: Lang) -> String {
        let v = examples(game)[i]["record"].clone();
        let r = check_value(&v, lang).unwrap();
        explain_for_people(&parse_record(&v).unwrap(), &r, lang, &[], &[])
    }

    /// The example of `game` with this mutation.
    fn mutated(game: GameKind, mutation: &str) -> usize {
        examples(game)
            .iter()
            .position(|e| e["mutation"] == mutation)
            .unwrap()
    }

    /// The explanation of the example of `game` with this mutation.
    fn read_mutated(game: GameKind, mutation: &str, lang: Lang) -> String {
        read(game, mutated(game, mutation), lang)
    }

    #[test]
    fn people_read_seats_and_sides_numbered_from_one_in_every_game_and_language() {
        for game in [
            GameKind::Cuatrola,
            GameKind::Tute,
            GameKind::Guinote,
            GameKind::Botifarra,
            GameKind::Cinquillo,
        ] {
            for i in 0..examples(game).len() {
                for lang in [Lang::Es, Lang::Ca, Lang::En] {
                    let text = read(game, i, lang);
                    for zero in [
                        "asiento 0",
                        "seient 0",
                        "seat 0",
                        "pareja 0",
                        "parella 0",
                        "pair 0",
                        "side 0",
                        "jugador 0",
                        "player 0",
                        "gana la jugador",
                    ] {
                        assert!(!text.contains(zero), "{game:?} {i} {lang:?}: {text}");
                    }
                }
            }
        }
        // Tute for three: each seat's points under its seat, from 1.
        let tute3 = read(
            GameKind::Tute,
            mutated(GameKind::Tute, "revoke") + 2,
            Lang::Es,
        );
        assert!(tute3.contains("Puntos: asiento 1: "), "{tute3}");
        let en = read(GameKind::Botifarra, 5, Lang::En);
        assert!(en.contains("Points: pair 1: 0, pair 2: 12."), "{en}");
    }

    #[test]
    fn the_summary_says_the_penalty_of_a_renuncio_as_each_game_rules_it() {
        // Cuatrola: the offenders' opponents score the value at stake (1, a normal hand).
        let c = read_mutated(GameKind::Cuatrola, "revoke", Lang::Es);
        assert!(c.contains("Castigo: la pareja 1 se anota 1."), "{c}");
        // Botifarra under contro: 36 × 2 to the opponents.
        let b = read(GameKind::Botifarra, 5, Lang::En);
        assert!(b.contains("Penalty: pair 1 scores 72."), "{b}");
        // Tute for three: the hand is void.
        let t = read(GameKind::Tute, 5, Lang::Es);
        assert!(
            t.contains("Castigo: mano nula, nadie se anota nada."),
            "{t}"
        );
        // Guiñote: the offenders lose the partida.
        let g = read_mutated(GameKind::Guinote, "false_claim", Lang::Ca);
        assert!(g.contains("Càstig: la parella 1 perd la partida."), "{g}");
        // Cinquillo: the round is void.
        let k = read(GameKind::Cinquillo, 3, Lang::Es);
        assert!(k.contains("Castigo: mano nula"), "{k}");
        // A record that is itself wrong scores nothing and punishes no one.
        let d = read(GameKind::Cuatrola, 6, Lang::Es);
        assert!(d.contains("Sin castigo: el registro mismo está mal"), "{d}");
        // A legal hand has no penalty line.
        assert!(!read(GameKind::Cuatrola, 0, Lang::Es).contains("Castigo"));
    }

    #[test]
    fn cinquillo_counts_the_cards_left_in_each_hand_not_points() {
        let k = read(GameKind::Cinquillo, 3, Lang::Es);
        assert!(k.contains("Cartas en la mano: asiento 1: "), "{k}");
        assert!(!k.contains("Puntos:"), "{k}");
    }

    #[test]
    fn a_hand_played_out_says_who_took_the_diez_de_ultimas() {
        // Cuatrola example 0: the last trick goes to seat 1, of the second pair.
        let c = read(GameKind::Cuatrola, 0, Lang::Es);
        assert!(c.contains("Las diez de últimas son de la pareja 2."), "{c}");
        // Not after a renuncio, nor in botifarra.
        let r = read_mutated(GameKind::Cuatrola, "revoke", Lang::Es);
        assert!(!r.contains("últimas"), "{r}");
        assert!(!read(GameKind::Botifarra, 0, Lang::Es).contains("últimas"));
    }

    #[test]
    fn a_split_share_reads_as_the_scoreboard_shows_it() {
        // Cinquillo example 10: 5 among three winners.
        let k = read(GameKind::Cinquillo, 10, Lang::Es);
        assert!(k.contains("Tantos de la mano: 0 – 1.7 – 1.7 – 1.7."), "{k}");
        assert!(!k.contains("1.666"), "{k}");
    }

    #[test]
    fn a_renuncio_is_placed_in_its_trick() {
        let c = read_mutated(GameKind::Cuatrola, "revoke", Lang::Es);
        assert!(c.contains("(jugada 6, asiento 2, baza 1)"), "{c}");
    }

    #[test]
    fn the_summary_names_trumps_in_botifarra_tute_and_guinote() {
        let b = read(GameKind::Botifarra, 5, Lang::Es);
        assert!(
            b.contains("Triunfo: copas (elige el asiento 4). Contro, ×2."),
            "{b}"
        );
        let t = read(GameKind::Tute, 0, Lang::Ca);
        assert!(t.contains("Trumfo: espadas (rey de espadas)."), "{t}");
        let g = read(GameKind::Guinote, 0, Lang::En);
        assert!(g.lines().nth(1).unwrap().starts_with("Trumps: "), "{g}");
    }

    #[test]
    fn the_explanation_names_the_card_and_the_move_in_words() {
        let c = read_mutated(GameKind::Guinote, "card_not_in_hand", Lang::Es);
        assert!(c.contains("(jugada 25, asiento 3)"), "{c}");
        assert!(c.contains("no tiene la sota de espadas."), "{c}");
        assert!(!c.contains("'10e'"), "{c}");
        let u = read_mutated(GameKind::Guinote, "unknown_event", Lang::Es);
        assert!(u.contains("— la jugada 11: "), "{u}");
        assert!(!u.contains("events["), "{u}");
    }

    #[test]
    fn catalan_calls_trumps_trumfo_in_every_game_as_botifarra_players_do() {
        for game in [
            GameKind::Cuatrola,
            GameKind::Tute,
            GameKind::Guinote,
            GameKind::Botifarra,
        ] {
            let t = read(game, 0, Lang::Ca);
            assert!(t.contains("Trumfo"), "{game:?}: {t}");
            assert!(!t.to_lowercase().contains("triomf"), "{game:?}: {t}");
        }
    }

    #[test]
    fn a_hand_opens_with_its_number_its_deal_de_vueltas_and_the_score_before_it() {
        let mut v = examples(GameKind::Guinote)[0]["record"].clone();
        v["before"] = serde_json::json!([84, 97]);
        let r = check_value(&v, Lang::Es).unwrap();
        let rec = parse_record(&v).unwrap();
        let read = |lang, hand| explain_hand_for_people(&rec, &r, lang, (&[], &[]), hand);
        let es = read(Lang::Es, Some(6));
        assert!(
            es.starts_with("Mano 6, de vueltas (antes: 84 – 97): guiñote, "),
            "{es}"
        );
        let ca = read(Lang::Ca, None);
        assert!(
            ca.starts_with("De vueltas (abans: 84 – 97): guiñote, "),
            "{ca}"
        );
        // The first deal is not de vueltas; a record with no score before says neither.
        v["before"] = serde_json::json!([0, 0]);
        let rec = parse_record(&v).unwrap();
        let en = explain_hand_for_people(&rec, &r, Lang::En, (&[], &[]), Some(1));
        assert!(en.starts_with("Hand 1 (before: 0 – 0): guiñote, "), "{en}");
        if let Some(o) = v.as_object_mut() {
            o.remove("before");
        }
        let rec = parse_record(&v).unwrap();
        let plain = explain_for_people(&rec, &r, Lang::Es, &[], &[]);
        assert!(plain.starts_with("Guiñote, 4 jugadores, "), "{plain}");
    }

    #[test]
    fn a_tute_is_named_by_its_four_cards() {
        let hands: Vec<Vec<&str>> = [
            "12o 12c 12e 12b 1o 1c 1e 3o 3c 3e",
            "2o 4o 5o 6o 7o 2c 4c 5c 6c 7c",
            "10o 11o 10c 11c 10e 11e 2e 4e 5e 6e",
            "1b 3b 11b 10b 2b 4b 5b 6b 7b 7e",
        ]
        .iter()
        .map(|h| h.split(' ').collect())
        .collect();
        let v = serde_json::json!({"format": "baza-hand/1", "game": "tute", "players": 4,
            "options": {}, "dealer": 3, "hands": hands, "stock": [], "turned": "1b",
            "events": [{"seat": 0, "play": "1e"}, {"seat": 1, "play": "2o"},
                       {"seat": 2, "play": "2e"}, {"seat": 3, "play": "7e"},
                       {"seat": 0, "tute": true}]});
        let r = check_value(&v, Lang::Es).unwrap();
        let text = explain_for_people(&parse_record(&v).unwrap(), &r, Lang::Es, &[], &[]);
        assert!(text.contains("Cante: asiento 1, tute de reyes"), "{text}");
    }
}
