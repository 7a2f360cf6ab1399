//! Random play-outs: deterministic pseudo-random complete hands of every game for
//! benchmarks, fuzz corpora and tests. The seed is an input: no global RNG, no clock.
//! Above the games: uses `games` (each game's own generator, cuatrola's is here) and
//! the plain data below them.

use crate::domain::cards::{Card, CardSet, Deck};
use crate::domain::engine::{GameKind, GameState};
use crate::domain::games::cuatrola::{Cuatrola, CuatrolaOptions};
use crate::domain::options::TableOptions;
use crate::domain::record::{CardSlot, Event, HandRecord, Move};
pub use crate::domain::rng::SplitMix64;
use crate::domain::score::Score;

pub use crate::domain::games::botifarra::random_complete_botifarra_record;
pub use crate::domain::games::cinquillo::{
    random_cinquillo_record_with, random_complete_cinquillo_record,
};

pub use crate::domain::games::guinote::random_complete_guinote_record;
pub use crate::domain::games::tute::random_complete_tute_record;

/// Deals a shuffled 20-card deck one card at a time from the dealer's right; the last
/// card (turned for trumps) is the dealer's. Returns hands in seat order (dealing order
/// kept) and the turned card.
pub fn deal_cuatrola(rng: &mut SplitMix64, dealer: u8) -> (Vec<Vec<Card>>, Card) {
    let mut deck: Vec<Card> = Deck::Twenty.cards().to_vec();
    rng.shuffle(&mut deck);
    let mut hands: Vec<Vec<Card>> = vec![Vec::new(); 4];
    for (k, c) in deck.iter().enumerate() {
        let seat = (usize::from(dealer) + 1 + k) % 4;
        if let Some(h) = hands.get_mut(seat) {
            h.push(*c);
        }
    }
    let turned = deck.last().copied().unwrap_or_else(|| {
        Card::new(
            crate::domain::cards::Rank::As,
            crate::domain::cards::Suit::Oros,
        )
    });
    (hands, turned)
}

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

fn cuatrola_playout(
    rng: &mut SplitMix64,
    dealer: u8,
    score: [i64; 2],
    before: Option<Vec<Score>>,
) -> HandRecord {
    let (hands, turned) = deal_cuatrola(rng, dealer);
    let arr: [CardSet; 4] = std::array::from_fn(|i| {
        hands
            .get(i)
            .map(|h| h.iter().copied().collect())
            .unwrap_or_default()
    });
    let mut st = Cuatrola::new(CuatrolaOptions::default(), dealer, score, arr, turned);
    let mut events: Vec<Event> = Vec::new();
    // A hand has at most 4 bids + 20 cards + a few cantes; the bound is a safety net.
    for _ in 0..64 {
        let legal: Vec<Move> = st.legal_actions();
        if legal.is_empty() {
            break;
        }
        // Bias towards passing so that all contracts appear but normal hands dominate.
        let pick = if st.is_bidding() && rng.below(4) > 0 {
            legal.first().copied()
        } else {
            legal.get(rng.below(legal.len())).copied()
        };
        let Some(mv) = pick else { break };
        let Ok(next) = st.apply(&mv) else { break };
        st = next;
        events.push(Event::Move(mv));
    }
    HandRecord {
        game: GameKind::Cuatrola,
        players: 4,
        options: TableOptions::default(),
        dealer,
        before,
        hands: hands
            .into_iter()
            .map(|h| h.into_iter().map(CardSlot::Card).collect())
            .collect(),
        stock: Vec::new(),
        turned: Some(CardSlot::Card(turned)),
        events,
        declared: None,
    }
}

/// A random complete, legal hand of any game (the benchmarks' and fuzzers' input).
pub fn random_complete_record(game: GameKind, players: u8, seed: u64) -> HandRecord {
    match game {
        GameKind::Cuatrola => random_complete_cuatrola_record(seed),
        GameKind::Tute => random_complete_tute_record(seed, players),
        GameKind::Guinote => random_complete_guinote_record(seed, players),
        GameKind::Botifarra => random_complete_botifarra_record(seed),
        GameKind::Cinquillo => random_complete_cinquillo_record(seed, players),
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
        GameKind::Tute => Some(
            crate::domain::games::tute::random_complete_tute_record_with(seed, players, options),
        ),
        GameKind::Cinquillo => Some(random_cinquillo_record_with(seed, players, options)),
        _ if options.is_empty() => Some(random_complete_record(game, players, seed)),
        _ => None,
    }
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
