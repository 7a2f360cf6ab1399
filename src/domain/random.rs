//! Random play-outs: deterministic pseudo-random complete hands of every game for
//! benchmarks, fuzz corpora and tests. The seed is an input: no global RNG, no clock.
//! Above the games: uses `games` (each game's state machine, options and deal), `engine`,
//! `rng` and the plain data below them. Every game's play-out is here; the games
//! themselves draw nothing.
//!
//! Each play-out draws from one [`SplitMix64`] in a fixed order (dealer, shuffle, then
//! one draw or two a move), so a seed always gives the same record: the corpus of
//! `tests/it/corpus.rs` depends on it.

use crate::domain::cards::{Card, CardSet, Deck, Rank, Suit};
use crate::domain::engine::{GameKind, GameState};
use crate::domain::games::botifarra::{Botifarra, BotifarraOptions};
use crate::domain::games::cinquillo::{Cinquillo, CinquilloOptions};
use crate::domain::games::cuatrola::{Cuatrola, CuatrolaOptions};
use crate::domain::games::guinote::GuinoteOptions;
use crate::domain::games::tute::{self, TuteOptions};
use crate::domain::games::tute_family::{FamilyHand, FamilyRules};
use crate::domain::options::{GameOptions, TableOptions};
use crate::domain::record::{Action, CardSlot, DoubleCall, Event, HandRecord, Move};
pub use crate::domain::rng::SplitMix64;
use crate::domain::score::Score;

/// A random complete, legal hand of any game (the benchmarks' and fuzzers' input).
pub fn random_complete_record(game: GameKind, players: u8, seed: u64) -> HandRecord {
    match game {
        GameKind::Cuatrola => random_complete_cuatrola_record(seed),
        GameKind::Tute => random_complete_tute_record(seed, players),
        GameKind::Guinote => random_complete_guinote_record(seed, players),
        GameKind::Botifarra => random_complete_botifarra_record(seed),
        GameKind::Cinquillo => random_complete_cinquillo_record(seed, players),
        // An added game plays its own out; one that cannot is dealt nothing.
        GameKind::Added(_) => crate::domain::games::rules_of(game)
            .random_record(players, seed)
            .unwrap_or_else(|| HandRecord {
                game,
                players,
                options: TableOptions::default(),
                dealer: 0,
                before: None,
                hands: vec![Vec::new(); usize::from(players)],
                stock: Vec::new(),
                turned: None,
                events: Vec::new(),
                declared: None,
            }),
    }
}

/// [`random_complete_record`] at a table with these (validated) options: tute and
/// cinquillo play them; the other games' generators play the default options only
/// (`None` when other options are asked for).
pub fn random_complete_record_with(
    game: GameKind,
    players: u8,
    options: TableOptions,
    seed: u64,
) -> Option<HandRecord> {
    match game {
        GameKind::Tute => Some(random_complete_tute_record_with(seed, players, options)),
        GameKind::Cinquillo => Some(random_cinquillo_record_with(seed, players, options)),
        GameKind::Cuatrola | GameKind::Guinote | GameKind::Botifarra | GameKind::Added(_) => {
            options
                .is_empty()
                .then(|| random_complete_record(game, players, seed))
        }
    }
}

/// Deals `cards` in order from the dealer's right, `packet` cards at a time, round the
/// `seats`; returns the hands in seat order (dealing order kept).
fn deal_round(cards: &[Card], seats: u8, dealer: u8, packet: usize) -> Vec<Vec<Card>> {
    let n = usize::from(seats.max(1));
    let mut hands: Vec<Vec<Card>> = vec![Vec::new(); n];
    for (k, c) in cards.iter().enumerate() {
        if let Some(h) = hands.get_mut((usize::from(dealer) + 1 + k / packet.max(1)) % n) {
            h.push(*c);
        }
    }
    hands
}

/// The hands as card sets, seat by seat.
fn card_sets(hands: &[Vec<Card>]) -> Vec<CardSet> {
    hands.iter().map(|h| h.iter().copied().collect()).collect()
}

/// The four hands of a game for four as card sets.
fn four_sets(hands: &[Vec<Card>]) -> [CardSet; 4] {
    let sets = card_sets(hands);
    std::array::from_fn(|i| sets.get(i).copied().unwrap_or_default())
}

/// Plays from `st` the move `pick` chooses among the legal ones until there is none (or
/// a choice fails), at most `most` moves: a safety net far above a hand's length.
fn play_out<S: GameState>(
    mut st: S,
    rng: &mut SplitMix64,
    most: usize,
    mut pick: impl FnMut(&S, Vec<Move>, &mut SplitMix64) -> Option<Move>,
) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..most {
        let legal = st.legal_actions();
        if legal.is_empty() {
            break;
        }
        let Some(mv) = pick(&st, legal, rng) else {
            break;
        };
        let Ok(next) = st.apply(&mv) else { break };
        st = next;
        events.push(Event::Move(mv));
    }
    events
}

/// One of `moves`, uniformly (`None` when there is none).
fn any(moves: &[Move], rng: &mut SplitMix64) -> Option<Move> {
    moves.get(rng.below(moves.len())).copied()
}

/// A dealt hand as a record at a table with `options`: no `before`, every card known.
#[allow(clippy::too_many_arguments)]
fn dealt_record(
    game: GameKind,
    players: u8,
    options: TableOptions,
    dealer: u8,
    hands: Vec<Vec<Card>>,
    stock: Vec<Card>,
    turned: Option<Card>,
    events: Vec<Event>,
) -> HandRecord {
    HandRecord {
        game,
        players,
        options,
        dealer,
        before: None,
        hands: hands
            .into_iter()
            .map(|h| h.into_iter().map(CardSlot::Card).collect())
            .collect(),
        stock: stock.into_iter().map(CardSlot::Card).collect(),
        turned: turned.map(CardSlot::Card),
        events,
        declared: None,
    }
}

// Cuatrola.

/// A random complete, legal cuatrola hand (default options, no `before`): random deal
/// and dealer, random legal bids, random legal plays and cantes.
pub fn random_complete_cuatrola_record(seed: u64) -> HandRecord {
    let mut rng = SplitMix64::new(seed);
    let dealer = (rng.below(4)) as u8;
    cuatrola_playout(&mut rng, dealer, [0, 0], None)
}

/// A random complete, legal cuatrola hand of a game in play: `dealer` deals and the
/// sides stand at `before` (whole points), as the game's next hand would be played.
pub fn random_cuatrola_hand_of_game(seed: u64, dealer: u8, before: [i64; 2]) -> HandRecord {
    let mut rng = SplitMix64::new(seed);
    cuatrola_playout(
        &mut rng,
        dealer % 4,
        before,
        Some(before.iter().map(|b| Score::points(*b)).collect()),
    )
}

/// Deals a shuffled 20-card deck one card at a time from the dealer's right; the last
/// card (turned for trumps) is the dealer's. Plays random legal bids (passing three times
/// in four), plays and cantes.
fn cuatrola_playout(
    rng: &mut SplitMix64,
    dealer: u8,
    score: [i64; 2],
    before: Option<Vec<Score>>,
) -> HandRecord {
    let mut deck: Vec<Card> = Deck::Twenty.cards().to_vec();
    rng.shuffle(&mut deck);
    let hands = deal_round(&deck, 4, dealer, 1);
    let turned = deck
        .last()
        .copied()
        .unwrap_or_else(|| Card::new(Rank::As, Suit::Oros));
    let st = Cuatrola::new(
        CuatrolaOptions::defaults(),
        dealer,
        score,
        four_sets(&hands),
        turned,
    );
    // A hand has at most 4 bids + 20 cards + a few cantes; the bound is a safety net.
    let events = play_out(st, rng, 64, |st, legal, rng| {
        // Bias towards passing so that all contracts appear but normal hands dominate.
        if st.is_bidding() && rng.below(4) > 0 {
            legal.first().copied()
        } else {
            any(&legal, rng)
        }
    });
    let record = dealt_record(
        GameKind::Cuatrola,
        4,
        TableOptions::default(),
        dealer,
        hands,
        Vec::new(),
        Some(turned),
        events,
    );
    HandRecord { before, ..record }
}

// Botifarra.

/// A random complete, legal botifarra hand (default options, no `before`): random
/// dealer and deal (four at a time, seed 004), random trump choice (delegation
/// included), random doubling and random legal plays. Deterministic in `seed`.
pub fn random_complete_botifarra_record(seed: u64) -> HandRecord {
    let mut rng = SplitMix64::new(seed);
    let dealer = rng.below(4) as u8;
    let mut deck: Vec<Card> = Deck::FortyEight.cards().to_vec();
    rng.shuffle(&mut deck);
    let hands = deal_round(&deck, 4, dealer, 4);
    let st = Botifarra::new(
        BotifarraOptions::defaults(),
        dealer,
        [0, 0],
        four_sets(&hands),
    );
    // 12 tricks of 4 cards, a trump choice, a delegation and a few calls: under 64.
    let events = play_out(st, &mut rng, 96, botifarra_pick);
    dealt_record(
        GameKind::Botifarra,
        4,
        TableOptions::default(),
        dealer,
        hands,
        Vec::new(),
        None,
        events,
    )
}

/// The entitled side speaks in the doubling three times in four and then raises a
/// third of the time, so that every level appears; else any other legal move.
fn botifarra_pick(_: &Botifarra, legal: Vec<Move>, rng: &mut SplitMix64) -> Option<Move> {
    let (doubles, plain): (Vec<Move>, Vec<Move>) = legal
        .into_iter()
        .partition(|m| matches!(m.action, Action::Double(_)));
    if !doubles.is_empty() && rng.below(4) > 0 {
        let (raises, passes): (Vec<Move>, Vec<Move>) = doubles
            .into_iter()
            .partition(|m| m.action != Action::Double(DoubleCall::Pass));
        if !raises.is_empty() && (passes.is_empty() || rng.below(3) == 0) {
            any(&raises, rng)
        } else {
            any(&passes, rng)
        }
    } else {
        any(&plain, rng)
    }
}

// Cinquillo.

/// A random complete, legal cinquillo round (default options, no `before`) for 2 to 4
/// players (clamped); for 2 players random hands of 10 to 15 with a stock.
/// Deterministic in `seed`.
pub fn random_complete_cinquillo_record(seed: u64, players: u8) -> HandRecord {
    random_cinquillo_record_with(seed, players, TableOptions::default())
}

/// A random complete, legal cinquillo round with the given options (validated for
/// cinquillo; invalid ones fall back to the defaults). The shuffled deck is dealt one
/// card at a time from the dealer's right: all of it for 3 or 4 players, 10 to 15 each
/// for 2 players with the rest as the stock. Then random legal moves.
pub fn random_cinquillo_record_with(seed: u64, players: u8, options: TableOptions) -> HandRecord {
    let players = players.clamp(2, 4);
    let mut rng = SplitMix64::new(seed);
    let dealer = rng.below(usize::from(players)) as u8;
    let opts = CinquilloOptions::from_table(&options);
    let per_hand = 10 + rng.below(6);
    let mut deck: Vec<Card> = opts.deck.cards().to_vec();
    rng.shuffle(&mut deck);
    let dealt = if players == 2 {
        per_hand * 2
    } else {
        deck.len()
    };
    let (dealt, stock) = deck.split_at(dealt.min(deck.len()));
    let hands = deal_round(dealt, players, dealer, 1);
    let st = Cinquillo::new(
        opts,
        dealer,
        vec![0; usize::from(players)],
        card_sets(&hands),
        stock.to_vec(),
    );
    // 48 placements and at most a cycle of passes between two of them, plus the stock.
    let events = play_out(st, &mut rng, 2000, |_, legal, rng| any(&legal, rng));
    dealt_record(
        GameKind::Cinquillo,
        players,
        options,
        dealer,
        hands,
        stock.to_vec(),
        None,
        events,
    )
}

// Tute and guiñote.

/// A random complete, legal tute hand for `players` seats (2, 3 or 4; anything else is
/// 4) with default options and no `before`: random deal and dealer, random legal plays,
/// cantes, exchanges and tutes. The same seed gives the same record.
pub fn random_complete_tute_record(seed: u64, players: u8) -> HandRecord {
    random_complete_tute_record_with(seed, players, TableOptions::default())
}

/// [`random_complete_tute_record`] at a table with these (validated) options, e.g.
/// `partnerships = false` for 4 players each alone. The shuffled deck is dealt one card
/// at a time from the dealer's right (3 and 4 players, the last card the dealer's and
/// turned), or `hand_size_2p` each and the rest as the stock, its last card turned.
pub fn random_complete_tute_record_with(
    seed: u64,
    players: u8,
    options: TableOptions,
) -> HandRecord {
    let players = family_seats(GameKind::Tute, players);
    let opts = TuteOptions::from_table(&options);
    let mut rng = SplitMix64::new(seed);
    let dealer = rng.below(usize::from(players)) as u8;
    let mut deck = tute::deal_spec(players, &opts).deck.to_vec();
    rng.shuffle(&mut deck);
    let dealt = if players == 2 {
        2 * usize::from(opts.hand_size_2p)
    } else {
        deck.len()
    };
    let (dealt, stock) = deck.split_at(dealt.min(deck.len()));
    let hands = deal_round(dealt, players, dealer, 1);
    let turned = if players == 2 {
        stock.last().copied()
    } else {
        hands
            .get(usize::from(dealer))
            .and_then(|h| h.last())
            .copied()
    };
    family_record(
        opts,
        options,
        dealer,
        hands,
        stock.to_vec(),
        turned,
        &mut rng,
    )
}

/// A random complete, legal guiñote hand for `players` seats (2, else 4) with default
/// options and no `before` (a first deal): random deal and dealer, random legal plays,
/// cantes, exchanges and tutes. The same seed gives the same record.
pub fn random_complete_guinote_record(seed: u64, players: u8) -> HandRecord {
    let players = family_seats(GameKind::Guinote, players);
    let mut rng = SplitMix64::new(seed);
    let dealer = rng.below(usize::from(players)) as u8;
    let mut deck = Deck::Forty.cards().to_vec();
    rng.shuffle(&mut deck);
    // Two rounds of three from the dealer's right; the rest is the stock, pinta last.
    let (dealt, stock) = deck.split_at((6 * usize::from(players)).min(deck.len()));
    let hands = deal_round(dealt, players, dealer, 3);
    let turned = stock.last().copied();
    family_record(
        GuinoteOptions::defaults(),
        TableOptions::default(),
        dealer,
        hands,
        stock.to_vec(),
        turned,
        &mut rng,
    )
}

/// The seats a tute or guiñote play-out deals to: `players` where the game allows them,
/// else 4.
fn family_seats(game: GameKind, players: u8) -> u8 {
    if game.valid_players(players) {
        players
    } else {
        4
    }
}

/// A random complete, legal hand of the family at a table with `options` read as
/// `opts`: the dealt `hands` and `stock` with the `turned` card, then random legal
/// plays, and calls (cantes, tutes, exchanges) half of the time they are available.
fn family_record<O: FamilyRules>(
    opts: O,
    options: TableOptions,
    dealer: u8,
    hands: Vec<Vec<Card>>,
    stock: Vec<Card>,
    turned: Option<Card>,
    rng: &mut SplitMix64,
) -> HandRecord {
    let players = u8::try_from(hands.len()).unwrap_or(4);
    let turned = turned.unwrap_or_else(|| Card::new(Rank::As, Suit::Oros));
    let sets = card_sets(&hands);
    let st = FamilyHand::new(opts, players, dealer, None, sets, stock.clone(), turned);
    let game = st.core().config().game;
    let events = play_out(st, rng, 400, |_, legal, rng| {
        let (plays, calls): (Vec<Move>, Vec<Move>) = legal
            .into_iter()
            .partition(|m| matches!(m.action, Action::Play(_)));
        if !calls.is_empty() && (plays.is_empty() || rng.below(2) == 0) {
            any(&calls, rng)
        } else {
            any(&plays, rng)
        }
    });
    dealt_record(
        game,
        players,
        options,
        dealer,
        hands,
        stock,
        Some(turned),
        events,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_hand() {
        assert_eq!(
            random_complete_cuatrola_record(7),
            random_complete_cuatrola_record(7)
        );
        assert_ne!(
            random_complete_cuatrola_record(7),
            random_complete_cuatrola_record(8)
        );
    }

    #[test]
    fn a_cuatrola_game_of_random_hands_is_scored_hand_by_hand_to_its_end() {
        use crate::domain::entry::{Entered, GameSetup, rescore};
        let setup = GameSetup {
            game: GameKind::Cuatrola,
            players: 4,
            options: serde_json::Map::new(),
            first_dealer: 2,
        };
        let mut lengths = Vec::new();
        for game in 0..20u64 {
            let mut hands: Vec<(u8, Entered)> = Vec::new();
            loop {
                let (_, board) =
                    rescore(&setup, &hands, crate::domain::Lang::En).expect("the hands score");
                if board.game_over.is_some() {
                    break;
                }
                assert!(hands.len() < 200, "the game ends");
                let before = [0, 1].map(|i| board.totals[i].floor());
                let dealer = board.next_dealer.expect("a next dealer");
                let r =
                    random_cuatrola_hand_of_game(game * 1000 + hands.len() as u64, dealer, before);
                let v = r.to_value();
                hands.push((dealer, Entered::Full(v)));
            }
            lengths.push(hands.len());
        }
        assert!(lengths.iter().all(|n| *n >= 2), "{lengths:?}");
    }

    #[test]
    fn random_hands_are_complete_and_legal() {
        for seed in 0..300 {
            let r = random_complete_cuatrola_record(seed);
            let ruling = crate::domain::rule(&r, crate::domain::Lang::En);
            assert!(ruling.legal, "seed {seed}: {:?}", ruling.violation);
            assert!(ruling.complete, "seed {seed}");
            assert!(ruling.hand_points.is_some(), "seed {seed}");
        }
    }
}
