//! The running scoreboard of a partida, and "full entry": a hand recorded card by card,
//! ruled by the engine, as a scoreboard line.

use crate::domain::engine::GameKind;
use crate::domain::games::botifarra::BotifarraOptions;
use crate::domain::games::rules_of;
use crate::domain::lang::Lang;
use crate::domain::options::{GameOptions, TableOptions};
use crate::domain::record::{Action, Bid, DoubleCall, Event, HandRecord, Move, TrumpCall};
use crate::domain::ruling::{GameOver, GameOverReason, Ruling, Score, TuteKind};

use super::msg::{Note, Side};
use super::setup::table_options;
use super::types::{Contract, GameSetup, HandScore, Scoreboard};

/// The game's own end rule after hand `index` (0-based), from the totals.
fn end_by_rule(
    game: GameKind,
    table: &TableOptions,
    index: usize,
    totals: &[Score],
    hand: &[Score],
) -> Option<GameOver> {
    let winner = rules_of(game).partida_winner(table, index, totals, hand)?;
    Some(GameOver {
        winner,
        reason: GameOverReason::Target,
    })
}

/// The number of players a scoreboard counts seats with (an invalid one clamped).
fn players_of(setup: &GameSetup) -> u8 {
    if setup.game.valid_players(setup.players) {
        setup.players
    } else {
        setup.players.clamp(2, 4)
    }
}

/// Who deals after the hand `last` (its dealer and score), or the first dealer when
/// no hand has been played.
pub fn dealer_after(setup: &GameSetup, last: Option<(u8, &HandScore)>) -> u8 {
    let players = players_of(setup);
    match last {
        None => setup.first_dealer % players,
        Some((dealer, h)) => h
            .next_dealer
            .filter(|d| *d < players)
            .unwrap_or((dealer + 1) % players),
    }
}

/// Adds a hand's points to each side's total.
pub(super) fn add_points(totals: &mut [Score], hand_points: &[Score]) {
    for (t, p) in totals.iter_mut().zip(hand_points) {
        *t = t.saturating_add(*p);
    }
}

/// One hand on the scoreboard: hand `index` (0-based) `h`, with `totals` already
/// counting it and `dealer` the chain's dealer before it. How the game ends there
/// (if it is not over already) and who deals after it.
pub(super) fn step(
    setup: &GameSetup,
    table: &TableOptions,
    (index, totals): (usize, &[Score]),
    dealer: u8,
    h: &HandScore,
) -> (Option<GameOver>, u8) {
    let over = h
        .ends_game
        .clone()
        .or_else(|| end_by_rule(setup.game, table, index, totals, &h.hand_points));
    (over, dealer_after(setup, Some((dealer, h))))
}

/// The table options a game is scored with.
pub(super) fn table_of(setup: &GameSetup) -> TableOptions {
    table_options(setup.game, players_of(setup), &setup.options)
}

/// Running totals, the game's end, the next dealer and guiñote's deal.
pub fn scoreboard(setup: &GameSetup, hands: &[HandScore]) -> Scoreboard {
    let game = setup.game;
    let players = players_of(setup);
    let table = table_of(setup);
    let sides = usize::from(game.seating(players, &table).sides());
    let mut totals = vec![Score::ZERO; sides];
    let mut running = Vec::with_capacity(hands.len());
    let mut game_over: Option<GameOver> = None;
    let mut over_at: Option<usize> = None;
    let mut dealer = dealer_after(setup, None);
    for (i, h) in hands.iter().enumerate() {
        add_points(&mut totals, &h.hand_points);
        let (over, next) = step(setup, &table, (i, &totals), dealer, h);
        running.push(totals.clone());
        if game_over.is_none() && over.is_some() {
            game_over = over;
            over_at = Some(i);
        }
        dealer = next;
    }
    let deal = if rules_of(game).numbered_deals() {
        let played = over_at.map_or(hands.len() + 1, |i| i + 1);
        u8::try_from(played.clamp(1, 2)).unwrap_or(2)
    } else {
        1
    };
    Scoreboard {
        running,
        totals,
        next_dealer: game_over.is_none().then_some(dealer),
        game_over,
        deal,
    }
}

/// The highest bid among the first `stop` events of a cuatrola record, and its bidder.
pub(super) fn contract_of(record: &HandRecord, stop: usize) -> (Contract, Option<u8>) {
    let mut highest = (Contract::Pass, None);
    for ev in record.events.iter().take(stop) {
        if let Event::Move(Move {
            seat,
            action: Action::Bid(b),
        }) = ev
        {
            let c = match b {
                Bid::Pass => continue,
                Bid::Solo => Contract::Solo,
                Bid::Cuatrola => Contract::Cuatrola,
                Bid::Quintola => Contract::Quintola,
            };
            highest = (c, Some(*seat));
        }
    }
    highest
}

/// A hand ruled by the engine as a scoreboard line, its notes in `lang` (as quick
/// entry writes them; card and rule terms stay Spanish). `None` when the ruling has no
/// `hand_points` (the record is wrong, or the hand is not decided yet) — except a
/// guiñote violation, which decides the partida (`game_over`) with no hand points: its
/// line scores 0 and `ends_game` says who won.
pub fn hand_score_from_ruling(
    record: &HandRecord,
    ruling: &Ruling,
    lang: Lang,
) -> Option<HandScore> {
    let game = record.game;
    let rules = rules_of(game);
    let players = record.players.max(1);
    let sides = usize::from(game.seating(players, &record.options).sides());
    let stop = ruling
        .violation
        .as_ref()
        .and_then(|v| v.event)
        .unwrap_or(record.events.len());
    let penalty = ruling.violation.is_some() && !ruling.complete;
    let ends_game = rules.hand_ends_partida(&record.options, ruling);
    let hand_points = match (&ruling.hand_points, &ends_game) {
        (Some(h), _) => h.clone(),
        (None, Some(_)) if rules.scoreless_end_is_a_line() => vec![Score::ZERO; sides],
        _ => return None,
    };
    let (mut notes, trick_contract) = contract_notes(record, stop);
    notes.extend(cante_notes(ruling));
    if penalty && let Some(seat) = ruling.violation.as_ref().and_then(|v| v.seat) {
        notes.push(Note::Revoke { seat });
    }
    if let Some(g) = &ends_game {
        let pairs = game.seating(players, &record.options).pairs;
        let both_over = match game {
            GameKind::Guinote => {
                crate::domain::games::guinote::both_over_101(record, &ruling.points)
            }
            GameKind::Cuatrola
            | GameKind::Tute
            | GameKind::Botifarra
            | GameKind::Cinquillo
            | GameKind::Added(_) => None,
        };
        notes.extend(end_note(g, pairs, both_over));
    }
    let next_dealer = match ruling.tricks.last() {
        Some(t) if rules.last_trick_winner_deals(&record.options) && ruling.complete => t.winner,
        _ => record.dealer.wrapping_add(1) % players,
    };
    let points = if penalty || trick_contract {
        None
    } else {
        Some(ruling.points.clone())
    };
    Some(HandScore::new(
        points,
        hand_points,
        ends_game,
        &notes,
        lang,
        Some(next_dealer),
    ))
}

/// The notes of what was bid or chosen before the play (up to event `stop`), and
/// whether the contract was a cuatrola or quintola (whose card points are not shown).
fn contract_notes(record: &HandRecord, stop: usize) -> (Vec<Note>, bool) {
    match record.game {
        GameKind::Cuatrola => {
            let (contract, bidder) = contract_of(record, stop);
            let note = match bidder {
                Some(seat) => Note::Contract { contract, seat },
                None => Note::NormalHand,
            };
            let trick_contract = matches!(contract, Contract::Cuatrola | Contract::Quintola);
            (vec![note], trick_contract)
        }
        GameKind::Botifarra => (botifarra_notes(record, stop), false),
        GameKind::Tute | GameKind::Guinote | GameKind::Cinquillo | GameKind::Added(_) => {
            (Vec::new(), false)
        }
    }
}

/// A botifarra hand's trump choice and doubles, as notes.
fn botifarra_notes(record: &HandRecord, stop: usize) -> Vec<Note> {
    let mut notes = Vec::new();
    let mut level = 0u8;
    let mut botifarra = false;
    for ev in record.events.iter().take(stop) {
        if let Event::Move(Move { action, .. }) = ev {
            match action {
                Action::Trump(TrumpCall::Suit(suit)) => notes.push(Note::Trumps { suit: *suit }),
                Action::Trump(TrumpCall::Botifarra) => {
                    botifarra = true;
                    notes.push(Note::Botifarra)
                }
                Action::Trump(TrumpCall::Delegate) => notes.push(Note::Delegated),
                Action::Double(DoubleCall::Pass) => {}
                Action::Double(_) => level += 1,
                _ => {}
            }
        }
    }
    if level > 0 {
        let m = BotifarraOptions::from_table(&record.options).multiplier(botifarra, level);
        notes.push(Note::Double {
            level,
            multiplier: m,
        });
    }
    notes
}

/// The cantes and tutes of a ruled hand, as notes.
fn cante_notes(ruling: &Ruling) -> Vec<Note> {
    let mut notes = Vec::new();
    for c in &ruling.cantes {
        match (c.suit, c.tute) {
            (Some(suit), _) => notes.push(Note::Cante {
                value: c.value,
                suit,
                seat: c.seat,
            }),
            (None, Some(kind)) => notes.push(Note::Tute {
                kind: match kind {
                    TuteKind::Kings => "reyes",
                    TuteKind::Caballos => "caballos",
                    TuteKind::Sotas => "sotas",
                },
                seat: c.seat,
            }),
            _ => {}
        }
    }
    notes
}

/// The note of how a hand ended the partida, where it says one; `both_over` says
/// whether both sides passed 101 and the winner had the last trick (see
/// [`crate::domain::games::guinote::both_over_101`]).
fn end_note(g: &GameOver, pairs: bool, both_over: Option<bool>) -> Option<Note> {
    let side = Side {
        side: g.winner,
        pairs,
    };
    match g.reason {
        GameOverReason::Target if let Some(last_trick) = both_over => {
            Some(Note::BothOver101 { side, last_trick })
        }
        GameOverReason::FalseClaim => Some(Note::FalseClaim {
            side: Side {
                side: 1 - g.winner.min(1),
                pairs,
            },
        }),
        GameOverReason::Target | GameOverReason::Claim => Some(Note::Reached101 { side }),
        GameOverReason::Tute | GameOverReason::Revoke => None,
    }
}
