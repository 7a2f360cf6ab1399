//! The demo club's games: one finished and one running game of each game where a game
//! can run on (the running guiñote one the first partida of a match of two cotos at
//! the best of three), every hand entered and checked through the workflow a
//! scorekeeper's hands go through ([`super::game`]).

use super::demo::ACTOR;
use crate::db::DbConn;
use crate::domain::GameKind;
use crate::domain::Lang;
use crate::domain::cards::Suit::{self, Bastos, Copas, Espadas, Oros};
use crate::domain::entry::{
    BotifarraChoice, BotifarraHand, CanteEntry, CinquilloHand, Contract, CuatrolaHand, Entered,
    EntryError, GameSetup, QuickHand, TuteFamilyHand, rescore,
};
use crate::domain::status::GameStatus;
use crate::error::AppError;
use crate::service::demo::PLAYERS;
use crate::service::game::{Change, ChangeBy, Outcome, apply_change, load, match_with_hands};

/// Why the demo's games could not be made.
#[derive(Debug, thiserror::Error)]
pub enum DemoGamesError {
    /// The rules refuse hand `hand` (from 1) of a demo game of `game`.
    #[error("demo game {game} hand {hand}: {errors:?}")]
    Invalid {
        game: GameKind,
        hand: usize,
        errors: Vec<EntryError>,
    },
    /// Hand `hand` (from 1) of a demo game of `game` was not saved.
    #[error("demo game {game}: hand {hand} refused")]
    NotSaved { game: GameKind, hand: usize },
    /// The store, or a workflow over it, failed.
    #[error(transparent)]
    Failed(#[from] AppError),
}

/// One demo game: the game, its table options, the players in seat order (the last
/// one deals first; each the index of a club member in [`PLAYERS`]) and its hands as a
/// scorekeeper enters them.
struct DemoGame {
    game: GameKind,
    options: &'static [(&'static str, u64)],
    seats: [usize; 4],
    hands: Vec<QuickHand>,
    /// The partidas of its match (of each coto, where the options say several).
    best_of: i32,
}

/// A demo game of `game` with the table's usual options.
fn table(game: GameKind, seats: [usize; 4], hands: Vec<QuickHand>) -> DemoGame {
    DemoGame {
        game,
        options: &[],
        seats,
        hands,
        best_of: 1,
    }
}

/// A cuatrola hand of `bid` in `trump`, nothing else typed yet.
fn cuatrola(trump: Suit, bid: Contract) -> CuatrolaHand {
    CuatrolaHand {
        trump,
        bid,
        bidder: None,
        card_points_side0: None,
        last_trick_side: None,
        cantes: Vec::new(),
        tute: None,
        soloist_tricks: None,
        revoke_by: None,
        card_points_side1: None,
    }
}

/// A quintola in `trump` bid by `bidder`, who took all five tricks.
fn quintola(trump: Suit, bidder: u8) -> QuickHand {
    QuickHand::Cuatrola(CuatrolaHand {
        bidder: Some(bidder),
        soloist_tricks: Some(5),
        ..cuatrola(trump, Contract::Quintola)
    })
}

/// A cuatrola hand played for card points: `trump`, the bid and its bidder, each
/// side's card points as typed and the side that took the last trick.
fn card_points(
    trump: Suit,
    (bid, bidder): (Contract, Option<u8>),
    [side0, side1]: [Option<u32>; 2],
    last_trick_side: u8,
) -> CuatrolaHand {
    CuatrolaHand {
        bidder,
        card_points_side0: side0,
        card_points_side1: side1,
        last_trick_side: Some(last_trick_side),
        ..cuatrola(trump, bid)
    }
}

/// A hand of tute or guiñote for two sides: `trump`, side 0's card points and the
/// last trick to side 0.
fn side0_hand(trump: Suit, points: u32) -> TuteFamilyHand {
    TuteFamilyHand {
        trump,
        card_points: vec![Some(points), None],
        last_trick_side: Some(0),
        cantes: Vec::new(),
        tute: None,
        claim: None,
        revoke_by: None,
        last_trick_seat: None,
    }
}

/// A botifarra hand: who chose what, the doubling level and side 0's points.
fn botifarra(chooser: u8, choice: BotifarraChoice, doubles: u8, points: u32) -> QuickHand {
    QuickHand::Botifarra(BotifarraHand {
        chooser,
        delegated: false,
        choice,
        doubles,
        points_side0: Some(points),
        revoke_by: None,
    })
}

/// A cinquillo hand for four: who went out and the cards left in each hand.
fn cinquillo(out: u8, cards_left: [u32; 4]) -> QuickHand {
    QuickHand::Cinquillo(CinquilloHand {
        out: Some(out),
        cards_left: cards_left.to_vec(),
        revoke_by: None,
        passes: vec![0; 4],
    })
}

/// The demo club's games, in the order they are created.
fn demo_games() -> Vec<DemoGame> {
    use BotifarraChoice::{Botifarra, Suit as Trumps};
    use Contract::{Pass, Solo};
    vec![
        DemoGame {
            options: &[("target", 11)],
            ..table(
                GameKind::Cuatrola,
                [0, 1, 2, 3],
                vec![
                    quintola(Oros, 0),
                    quintola(Copas, 2),
                    QuickHand::Cuatrola(card_points(Espadas, (Pass, None), [Some(80), None], 0)),
                ],
            )
        },
        table(
            GameKind::Cuatrola,
            [4, 5, 6, 7],
            vec![
                QuickHand::Cuatrola(card_points(
                    Bastos,
                    (Solo, Some(1)),
                    [Some(40), Some(60)],
                    1,
                )),
                QuickHand::Cuatrola(CuatrolaHand {
                    cantes: vec![CanteEntry {
                        seat: 2,
                        suit: Oros,
                    }],
                    ..card_points(Oros, (Pass, None), [Some(70), None], 0)
                }),
            ],
        ),
        table(
            GameKind::Botifarra,
            [8, 9, 10, 11],
            vec![
                botifarra(3, Trumps(Oros), 2, 60),
                botifarra(0, Trumps(Copas), 0, 50),
            ],
        ),
        table(
            GameKind::Botifarra,
            [12, 13, 14, 15],
            vec![
                botifarra(3, Trumps(Oros), 1, 45),
                botifarra(0, Botifarra, 0, 30),
            ],
        ),
        table(
            GameKind::Tute,
            [0, 2, 1, 3],
            vec![QuickHand::Tute(side0_hand(Oros, 70))],
        ),
        DemoGame {
            options: &[("cotos_to_win", 2)],
            best_of: 3,
            ..table(
                GameKind::Guinote,
                [4, 5, 6, 7],
                vec![QuickHand::Guinote(side0_hand(Espadas, 70))],
            )
        },
        table(
            GameKind::Cinquillo,
            [8, 9, 10, 11],
            vec![cinquillo(0, [0, 3, 2, 5]), cinquillo(2, [4, 1, 0, 6])],
        ),
    ]
}

/// Adds the demo games to `club_id`; returns how many games were created.
pub fn create_demo_games(conn: &mut DbConn, club_id: i32) -> Result<usize, DemoGamesError> {
    let mut created = 0;
    for demo in demo_games() {
        let players = demo.seats.len() as u8;
        let setup = GameSetup {
            game: demo.game,
            players,
            options: demo
                .options
                .iter()
                .map(|(name, value)| ((*name).to_owned(), serde_json::Value::from(*value)))
                .collect(),
            first_dealer: players - 1,
        };
        let seats: Vec<String> = demo.seats.iter().map(|s| PLAYERS[*s].to_owned()).collect();
        let hands = demo.hands.into_iter();
        let hands = hands.map(|q| (None, Entered::Quick(q))).collect();
        let made = match_with_hands(
            conn,
            club_id,
            (&setup, &seats),
            demo.best_of,
            hands,
            ("demo", ACTOR),
            Lang::Es,
        )?;
        match made {
            Ok(_) => {}
            Err((_, Outcome::Invalid(hand, errors))) => {
                return Err(DemoGamesError::Invalid {
                    game: demo.game,
                    hand,
                    errors,
                });
            }
            Err((i, _)) => {
                return Err(DemoGamesError::NotSaved {
                    game: demo.game,
                    hand: i + 1,
                });
            }
        }
        created += 1;
    }
    deleted_hand(conn, club_id)?;
    Ok(created)
}

/// A demo game still in play gets one hand entered twice by mistake and then deleted:
/// its history shows the deletion with "Deshacer", and the game is as it was.
fn deleted_hand(conn: &mut DbConn, club_id: i32) -> Result<(), AppError> {
    let playing: Vec<i32> = crate::db::games::club_games(conn, club_id)?
        .into_iter()
        .filter(|g| g.status == GameStatus::Playing && !g.pin.is_empty())
        .map(|g| g.id)
        .collect();
    for id in playing {
        if entered_twice_and_deleted(conn, id)? {
            break;
        }
    }
    Ok(())
}

/// Enters game `id`'s last hand again and deletes the copy; `false` (nothing written)
/// when the copy would not fit the game or would end it.
fn entered_twice_and_deleted(conn: &mut DbConn, id: i32) -> Result<bool, AppError> {
    let by = ChangeBy::default();
    let l = load(conn, id)?;
    let (Some((_, last)), Ok((_, board))) = (l.entered.last(), l.scored(Lang::Es)) else {
        return Ok(false);
    };
    let Some(dealer) = board.next_dealer else {
        return Ok(false);
    };
    let mut with_copy = l.entered.clone();
    with_copy.push((dealer, last.clone()));
    match rescore(&l.setup, &with_copy, Lang::Es) {
        Ok((_, b)) if b.game_over.is_none() => {}
        _ => return Ok(false),
    }
    let add = Change::Add {
        dealer: Some(dealer),
        entered: last.clone(),
        submission: format!("demo-{id}-twice"),
    };
    if !matches!(
        apply_change(conn, id, l.game.version, add, (ACTOR, &by), Lang::Es)?,
        Outcome::Saved
    ) {
        return Ok(false);
    }
    let l = load(conn, id)?;
    let Some(hand_no) = l.hands.last().map(|h| h.hand_no) else {
        return Ok(false);
    };
    let remove = Change::Remove { hand_no };
    apply_change(conn, id, l.game.version, remove, (ACTOR, &by), Lang::Es)?;
    Ok(true)
}
