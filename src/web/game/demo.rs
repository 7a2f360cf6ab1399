//! The demo club's games.

use super::*;

/// One demo hand as form fields, the way a scorekeeper types it.
type DemoHand = &'static [(&'static str, &'static str)];

/// The demo club's games: one finished and one running game of each game where a
/// game can run on, every hand entered and checked like a scorekeeper's.
#[allow(clippy::type_complexity)]
const DEMO_GAMES: &[(&str, u8, &str, [&str; 4], &[DemoHand])] = &[
    (
        "cuatrola",
        4,
        r#"{"target": 11}"#,
        [
            "Ana Martínez",
            "Benito Sánchez",
            "Carmen López",
            "Dámaso Ruiz",
        ],
        &[
            &[
                ("trump", "o"),
                ("bid", "quintola"),
                ("bidder", "0"),
                ("soloist_tricks", "5"),
            ],
            &[
                ("trump", "c"),
                ("bid", "quintola"),
                ("bidder", "2"),
                ("soloist_tricks", "5"),
            ],
            &[
                ("trump", "e"),
                ("bid", "pass"),
                ("card_points_side0", "80"),
                ("last_trick_side", "0"),
            ],
        ],
    ),
    (
        "cuatrola",
        4,
        "{}",
        [
            "Elena García",
            "Fermín Torres",
            "Gloria Navarro",
            "Héctor Molina",
        ],
        &[
            &[
                ("trump", "b"),
                ("bid", "solo"),
                ("bidder", "1"),
                ("card_points_side0", "40"),
                ("card_points_side1", "60"),
                ("last_trick_side", "1"),
            ],
            &[
                ("trump", "o"),
                ("bid", "pass"),
                ("card_points_side0", "70"),
                ("last_trick_side", "0"),
                ("cante_seat_0", "2"),
                ("cante_suit_0", "o"),
            ],
        ],
    ),
    (
        "botifarra",
        4,
        "{}",
        [
            "Inés Castillo",
            "Jacinto Ortega",
            "Lucía Romero",
            "Manuel Gil",
        ],
        &[
            &[
                ("chooser", "3"),
                ("choice", "o"),
                ("doubles", "2"),
                ("points_side0", "60"),
            ],
            &[
                ("chooser", "0"),
                ("choice", "c"),
                ("doubles", "0"),
                ("points_side0", "50"),
            ],
        ],
    ),
    (
        "botifarra",
        4,
        "{}",
        [
            "Nuria Serrano",
            "Óscar Delgado",
            "Pilar Morales",
            "Ramón Vidal",
        ],
        &[
            &[
                ("chooser", "3"),
                ("choice", "o"),
                ("doubles", "1"),
                ("points_side0", "45"),
            ],
            &[
                ("chooser", "0"),
                ("choice", "botifarra"),
                ("doubles", "0"),
                ("points_side0", "30"),
            ],
        ],
    ),
    (
        "tute",
        4,
        "{}",
        [
            "Ana Martínez",
            "Carmen López",
            "Benito Sánchez",
            "Dámaso Ruiz",
        ],
        &[&[
            ("trump", "o"),
            ("card_points_0", "70"),
            ("last_trick_side", "0"),
        ]],
    ),
    (
        "guinote",
        4,
        "{}",
        [
            "Elena García",
            "Fermín Torres",
            "Gloria Navarro",
            "Héctor Molina",
        ],
        &[&[
            ("trump", "e"),
            ("card_points_0", "70"),
            ("last_trick_side", "0"),
        ]],
    ),
    (
        "cinquillo",
        4,
        "{}",
        [
            "Inés Castillo",
            "Jacinto Ortega",
            "Lucía Romero",
            "Manuel Gil",
        ],
        &[
            &[
                ("out", "0"),
                ("cards_left_0", "0"),
                ("cards_left_1", "3"),
                ("cards_left_2", "2"),
                ("cards_left_3", "5"),
            ],
            &[
                ("out", "2"),
                ("cards_left_0", "4"),
                ("cards_left_1", "1"),
                ("cards_left_2", "0"),
                ("cards_left_3", "6"),
            ],
        ],
    ),
];

/// Adds the demo games to `club_id`; returns how many games were created.
pub fn create_demo_games(conn: &mut DbConn, club_id: i32) -> Result<usize, AppError> {
    let actor = "demo";
    let mut created = 0;
    for (game, players, options, seats, hands) in DEMO_GAMES {
        let setup = GameSetup {
            game: game_kind(game)?,
            players: *players,
            options: serde_json::from_str(options)
                .map_err(|e| AppError::Internal(anyhow::anyhow!("demo options: {e}")))?,
            first_dealer: players - 1,
        };
        let seats: Vec<String> = seats
            .iter()
            .take(usize::from(*players))
            .map(|s| (*s).to_owned())
            .collect();
        let id = create_game(conn, club_id, &setup, &seats, actor, SINGLE, None)?;
        for (i, hand) in hands.iter().enumerate() {
            let f: HashMap<String, String> = hand
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
            let quick = quick_from_form(&setup, &f, Lang::Es).map_err(|e| {
                AppError::Internal(anyhow::anyhow!("demo game {game} hand {}: {e:?}", i + 1))
            })?;
            let l = load(conn, id)?;
            let change = Change::Add {
                dealer: None,
                entered: Entered::Quick(quick),
                submission: format!("demo-{id}-{i}"),
            };
            match apply_change(
                conn,
                id,
                l.game.version,
                change,
                (actor, &ChangeBy::default()),
                Lang::Es,
            )? {
                Outcome::Saved => {}
                Outcome::Invalid(n, e) => {
                    return Err(AppError::Internal(anyhow::anyhow!(
                        "demo game {game} hand {n}: {e:?}"
                    )));
                }
                _ => {
                    return Err(AppError::Internal(anyhow::anyhow!(
                        "demo game {game}: hand {} refused",
                        i + 1
                    )));
                }
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
    let actor = "demo";
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
        apply_change(conn, id, l.game.version, add, (actor, &by), Lang::Es)?,
        Outcome::Saved
    ) {
        return Ok(false);
    }
    let l = load(conn, id)?;
    let Some(hand_no) = l.hands.last().map(|h| h.hand_no) else {
        return Ok(false);
    };
    let remove = Change::Remove { hand_no };
    apply_change(conn, id, l.game.version, remove, (actor, &by), Lang::Es)?;
    Ok(true)
}
