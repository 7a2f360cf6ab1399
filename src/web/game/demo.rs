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
        let id = create_game(conn, club_id, &setup, &seats, actor, SINGLE)?;
        for (i, hand) in hands.iter().enumerate() {
            let f: HashMap<String, String> = hand
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
            let quick = quick_from_form(&setup, &f, Lang::Es).map_err(|e| {
                AppError::Internal(anyhow::anyhow!("demo game {game} hand {}: {e:?}", i + 1))
            })?;
            let l = load(conn, id)?;
            let board = rescore(&l.setup, &l.entered, Lang::Es)
                .map(|(_, b)| b)
                .map_err(|(n, e)| AppError::Internal(anyhow::anyhow!("demo hand {n}: {e:?}")))?;
            let change = Change::Add {
                dealer: board.next_dealer.unwrap_or(0),
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
    Ok(created)
}
