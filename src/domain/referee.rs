//! The referee desk's explanation of a revoke: what the offender held, what lay on
//! the table, which cards were allowed, in words a referee reads out. Built only on
//! the domain's entry point (`rule` on truncated records) and the plain data, so it
//! works for every trick game.

use serde_json::{Value, json};

use crate::domain::cards::Card;
use crate::domain::engine::GameKind;
use crate::domain::lang::{Lang, tr};
use crate::domain::record::HandRecord;
use crate::domain::ruling::{RuleId, Ruling};

/// The facts around an illegal play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayContext {
    pub seat: u8,
    pub played: Card,
    /// The offender's cards at that moment.
    pub held: Vec<Card>,
    /// The cards the rules allowed.
    pub legal: Vec<Card>,
    /// The trick so far: who played what, in order.
    pub table: Vec<(u8, Card)>,
    /// How many of the offender's cards nobody saw (a partial deal).
    pub unseen: usize,
}

fn is_play_rule(rule: RuleId) -> bool {
    matches!(
        rule,
        RuleId::MustFollowSuit | RuleId::MustBeat | RuleId::MustTrump | RuleId::MustOvertrump
    )
}

/// The ruling of the record cut before event `i` with `extra` appended.
fn rule_with(base: &Value, i: usize, extra: Value) -> Option<Ruling> {
    let mut v = base.clone();
    let events = v.get_mut("events")?.as_array_mut()?;
    events.truncate(i);
    events.push(extra);
    let record = crate::domain::parse_record(&v).ok()?;
    crate::domain::try_rule(&record, Lang::En).ok()
}

/// For a revoke (follow, beat, trump, overtrump): the offender's hand, the table
/// and the legal cards. `None` for other violations and for cinquillo.
pub fn play_context(record: &HandRecord, ruling: &Ruling) -> Option<PlayContext> {
    // A partial deal: the facts of the completion that was ruled, without the cards
    // put in unknown places (nothing is told of them).
    if let Some(filled) = &ruling.filled {
        let mut ctx = play_context(
            &filled.record,
            &Ruling {
                filled: None,
                ..ruling.clone()
            },
        )?;
        let before = ctx.held.len();
        ctx.held.retain(|c| !filled.guessed.contains(*c));
        ctx.unseen = before - ctx.held.len();
        ctx.legal.retain(|c| !filled.guessed.contains(*c));
        return Some(ctx);
    }
    if !crate::domain::games::rules_of(record.game).replays_plays() {
        return None;
    }
    let violation = ruling.violation.as_ref()?;
    if !is_play_rule(violation.rule) {
        return None;
    }
    let i = violation.event?;
    let seat = violation.seat?;
    let base = record.to_value();
    let event = base.get("events")?.get(i)?;
    let played: Card = event.get("play")?.as_str()?.parse().ok()?;
    let (mut held, mut legal) = (Vec::new(), Vec::new());
    for card in Card::all() {
        let Some(r) = rule_with(&base, i, json!({"seat": seat, "play": card.code()})) else {
            continue;
        };
        match r.violation.as_ref().filter(|v| v.event == Some(i)) {
            None => {
                held.push(card);
                legal.push(card);
            }
            Some(v) if is_play_rule(v.rule) => held.push(card),
            Some(_) => {}
        }
    }
    // The trick so far: the plays before `i` not in a completed trick.
    let in_tricks: usize = ruling.tricks.iter().map(|t| t.cards.len()).sum();
    let plays: Vec<(u8, Card)> = base
        .get("events")?
        .as_array()?
        .iter()
        .take(i)
        .filter_map(|e| {
            let s = u8::try_from(e.get("seat")?.as_u64()?).ok()?;
            let c: Card = e.get("play")?.as_str()?.parse().ok()?;
            Some((s, c))
        })
        .collect();
    let table = plays
        .get(in_tricks..)
        .map(<[_]>::to_vec)
        .unwrap_or_default();
    Some(PlayContext {
        seat,
        played,
        held,
        legal,
        table,
        unseen: 0,
    })
}

fn names(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.spanish_name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Tenía …; en la mesa …; podía jugar …; jugó …" in the referee's language.
pub fn plain_words(ctx: &PlayContext, lang: Lang) -> String {
    let table = ctx
        .table
        .iter()
        .map(|(s, c)| {
            tr!(
                lang,
                "{} (asiento {s})",
                "{} (seient {s})",
                "{} (seat {s})",
                c.spanish_name()
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    let unseen = ctx.unseen;
    let held = match unseen {
        0 => names(&ctx.held),
        n => tr!(
            lang,
            "{} y {n} cartas que nadie vio",
            "{} i {n} cartes que ningú no va veure",
            "{} and {n} cards nobody saw",
            names(&ctx.held)
        ),
    };
    let (held, legal, played) = (held, names(&ctx.legal), ctx.played.spanish_name());
    tr!(
        lang,
        "El asiento {} tenía {held}. En la mesa: {table}. Podía jugar: {legal}. Jugó {played}.",
        "El seient {} tenia {held}. A la taula: {table}. Podia jugar: {legal}. Va jugar {played}.",
        "Seat {} held {held}. On the table: {table}. Allowed: {legal}. Played {played}.",
        ctx.seat
    )
}

/// Where a rule comes from in docs/rules.md, and the options that shape it.
pub fn rule_source(game: GameKind, rule: RuleId) -> (&'static str, &'static [&'static str]) {
    use RuleId::*;
    let rules = crate::domain::games::rules_of(game);
    let play = rules.play_options();
    let section = match rule {
        DealInvalid => "docs/hand-record.md, Edge cases: deal_invalid",
        OutOfTurn | CardNotInHand | UnknownEvent => "docs/hand-record.md, Edge cases",
        _ => rules
            .rule_section(rule)
            .unwrap_or("docs/hand-record.md, Rule ids"),
    };
    let options: &'static [&'static str] = match rule {
        MustFollowSuit | MustBeat | MustTrump | MustOvertrump => play,
        IllegalBid => &["target", "bid_cap_rule", "partner_may_overcall"],
        IllegalCante => &[
            "cantes_per_trick",
            "cante_lapses",
            "cantes_in_arrastre",
            "partnerships",
        ],
        IllegalTute => &["cuatrola_tute", "allow_tute", "tute_after_cante"],
        IllegalDouble => &[
            "allow_sant_vicenc",
            "allow_contro_on_botifarra",
            "double_scale",
        ],
        _ => &[],
    };
    (section, options)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn spec_record() -> Value {
        let spec = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/hand-record.md"));
        let block = spec
            .split("```json\n")
            .nth(1)
            .and_then(|b| b.split("```").next())
            .unwrap();
        serde_json::from_str(block).unwrap()
    }

    #[test]
    fn a_revoke_is_explained_with_the_hand_the_table_and_the_allowed_cards() {
        let mut v = spec_record();
        // Seat 2 holds the 3 of oros but plays the as de espadas.
        v["events"][6] = json!({"seat": 2, "play": "1e"});
        let record = crate::domain::parse_record(&v).unwrap();
        let ruling = crate::domain::rule(&record, Lang::Es);
        let ctx = play_context(&record, &ruling).unwrap();
        assert_eq!(ctx.seat, 2);
        assert_eq!(ctx.played.code(), "1e");
        let codes = |cs: &[Card]| cs.iter().map(|c| c.code()).collect::<Vec<_>>();
        assert_eq!(codes(&ctx.legal), vec!["3o"]);
        assert_eq!(codes(&ctx.held).len(), 5);
        assert_eq!(
            ctx.table
                .iter()
                .map(|(s, c)| (*s, c.code()))
                .collect::<Vec<_>>(),
            vec![(0, "1o".to_owned()), (1, "11o".to_owned())]
        );
        let words = plain_words(&ctx, Lang::Es);
        assert!(
            words.contains("Podía jugar: 3 de oros") || words.contains("Podía jugar: tres de oros"),
            "{words}"
        );
        assert_eq!(
            rule_source(GameKind::Cuatrola, RuleId::MustFollowSuit).0,
            "docs/rules.md §1.6 and §3.4"
        );
    }

    #[test]
    fn each_game_says_where_its_rules_are_written_and_which_options_shape_its_play() {
        use RuleId::*;
        for (game, rule, section) in [
            (GameKind::Tute, IllegalExchange, "docs/rules.md §2.5"),
            (GameKind::Guinote, FalseClaim, "docs/rules.md §4.6"),
            (GameKind::Botifarra, IllegalDouble, "docs/rules.md §5.4"),
            (
                GameKind::Cinquillo,
                IllegalPlacement,
                "docs/rules.md §6.2 and §6.4",
            ),
            (
                GameKind::Cinquillo,
                IllegalBid,
                "docs/hand-record.md, Rule ids",
            ),
            (
                GameKind::Botifarra,
                DealInvalid,
                "docs/hand-record.md, Edge cases: deal_invalid",
            ),
        ] {
            assert_eq!(rule_source(game, rule).0, section, "{game:?} {rule:?}");
        }
        assert_eq!(
            rule_source(GameKind::Cinquillo, MustFollowSuit).1,
            ["bastardo"]
        );
        assert!(rule_source(GameKind::Cinquillo, IllegalPass).1.is_empty());
        assert_eq!(rule_source(GameKind::Tute, MustBeat).1.len(), 4);
        assert!(rule_source(GameKind::Guinote, MustTrump).1.is_empty());
        assert_eq!(rule_source(GameKind::Cuatrola, IllegalBid).1[0], "target");
    }

    #[test]
    fn other_violations_have_no_play_context() {
        let record = crate::domain::parse_record(&spec_record()).unwrap();
        let ruling = crate::domain::rule(&record, Lang::Es);
        assert!(play_context(&record, &ruling).is_none());
    }
}
