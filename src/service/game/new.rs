//! A new game: one at a table (single, or the next partida of a match) with its PIN,
//! and one started from the new-game form, whose names not yet the club's join it.

use super::{Change, ChangeBy, Outcome, apply_change};
use crate::db::accounts;
use crate::db::games::{self, Game};
use crate::db::{DbConn, queries};
use crate::domain::Lang;
use crate::domain::account::same_secret;
use crate::domain::entry::series::{MatchTally, cotos_match_tally, cotos_of};
use crate::domain::entry::{Entered, GameSetup};
use crate::domain::games::rules_of;
use crate::domain::refusal::Refusal;
use crate::domain::status::GameStatus;
use crate::error::AppError;
use crate::service::now;

/// Which match a new game belongs to: `(first game of the match, best of)`.
#[derive(Clone, Copy)]
pub(crate) struct SeriesOf(pub(crate) Option<i32>, pub(crate) i32);

/// A game of its own: no match before it, best of one.
pub(crate) const SINGLE: SeriesOf = SeriesOf(None, 1);

/// A new game, with `pin` (`None`: four digits drawn at random; `Some("")` for a
/// championship table's partida, which opens with the table's PINs only).
pub(crate) fn create_game(
    conn: &mut DbConn,
    club_id: i32,
    setup: &GameSetup,
    seats: &[String],
    actor: &str,
    series: SeriesOf,
    pin: Option<&str>,
) -> Result<i32, AppError> {
    let pin = match pin {
        Some(p) => p.to_owned(),
        None => new_game_pin()?,
    };
    Ok(crate::db::write_tx(conn, |conn| {
        crate::db::championship::tables::insert_game(
            conn,
            club_id,
            setup,
            seats,
            &pin,
            (series.0, series.1),
            actor,
            now(),
        )
    })?)
}

/// The organiser gives club game `game` a new PIN, unlike the old (a PIN seen by
/// someone else), and with it every partida of its match, which all open with one
/// PIN: the grants made from the old one end, and the wrong PINs tried against it are
/// forgotten. The audit says who did it, never the PIN.
pub fn renew_game_pin(
    conn: &mut DbConn,
    game: &Game,
    actor: &str,
    now: chrono::NaiveDateTime,
) -> Result<(), AppError> {
    let mut pin = new_game_pin()?;
    for _ in 0..20 {
        if !same_secret(&pin, &game.pin) {
            break;
        }
        pin = new_game_pin()?;
    }
    crate::db::write_tx(conn, |conn| {
        for partida in games::series_games(conn, game.series_id.unwrap_or(game.id))? {
            games::set_pin(conn, partida.id, &pin, now)?;
            accounts::clear_failures(conn, &crate::service::throttle::game_subject(partida.id))?;
        }
        let after = serde_json::json!({ "game": game.game }).to_string();
        let audit = accounts::NewAudit::new(
            (actor, now),
            "pin",
            ("game", game.id),
            (Some(game.club_id), None),
            (None, Some(after)),
        );
        accounts::insert_audit(conn, &audit)?;
        Ok(())
    })
}

/// A club game's PIN: four digits, each of the ten thousand as likely as any other.
fn new_game_pin() -> Result<String, AppError> {
    let pin = crate::db::championship::tables::random_pin();
    if pin.is_empty() {
        return Err(AppError::Internal(anyhow::anyhow!(
            "no randomness for a game's PIN"
        )));
    }
    Ok(pin)
}

/// The partida after `game` in its match: the one already started after it, or a new
/// one at the same table (the next seat deals first, the table's PINs open it) when
/// `game` is the match's last partida, finished, and no side has won the match yet.
/// `Refused(NoNextGame)` otherwise.
pub(crate) fn next_partida(
    conn: &mut DbConn,
    game: &Game,
    (setup, seats): (&GameSetup, &[String]),
    actor: &str,
) -> Result<i32, AppError> {
    crate::db::write_tx(conn, |conn| {
        let first = game.series_id.unwrap_or(game.id);
        let list = games::series_games(conn, first)?;
        if let Some(later) = list.iter().find(|g| g.id > game.id) {
            return Ok(later.id);
        }
        let tally = series_tally(conn, &list, setup, game.best_of)?;
        let is_last = list.last().is_some_and(|g| g.id == game.id);
        if tally.winner.is_some() || !is_last || game.status != GameStatus::Finished {
            return Err(AppError::Refused(Refusal::NoNextGame));
        }
        let mut next = setup.clone();
        next.first_dealer = (setup.first_dealer + 1) % setup.players.max(1);
        let series = SeriesOf(Some(first), game.best_of);
        // Every partida of a club match opens with the match's PIN, its first
        // partida's; a championship table's partida opens with the table's PINs only.
        let pin = list.first().map_or(game.pin.as_str(), |g| g.pin.as_str());
        create_game(conn, game.club_id, &next, seats, actor, series, Some(pin))
    })
}

/// The tally of a match of `best_of` partidas of `setup` (of each of its cotos, where
/// its options say several win it) from its games `list` in order: a partida that
/// ends its coto at once (a guiñote renuncio where a renuncio loses the coto) is read
/// from its hands, where the table's options allow one.
pub(crate) fn series_tally(
    conn: &mut DbConn,
    list: &[Game],
    setup: &GameSetup,
    best_of: i32,
) -> diesel::QueryResult<MatchTally> {
    let sides = setup.game.seating_of(setup.players, &setup.options).sides();
    let short = rules_of(setup.game).match_won_short(&setup.options);
    let mut partidas = Vec::with_capacity(list.len());
    for g in list {
        let ends = short
            && g.winner.is_some()
            && crate::db::championship::tables::partida_of(conn, g, None)?
                .0
                .ends_coto;
        partidas.push((g.winner, ends));
    }
    let cotos = cotos_of(&setup.options);
    Ok(cotos_match_tally(
        partidas,
        usize::from(sides),
        best_of,
        cotos,
    ))
}

/// A new game of `setup` at club `club_id` with `seats`, and its `hands` entered one
/// after another as a scorekeeper enters them (a `None` dealer: whoever deals after
/// the hands before), each submission named `{tag}-{game}-{index}`; all or nothing.
/// The game's id, or the hand (from 0) that was not saved and what became of it.
pub(crate) fn game_with_hands(
    conn: &mut DbConn,
    club_id: i32,
    game: (&GameSetup, &[String]),
    hands: Vec<(Option<u8>, Entered)>,
    by: (&str, &str),
    lang: Lang,
) -> Result<Result<i32, (usize, Outcome)>, AppError> {
    match_with_hands(conn, club_id, game, SINGLE.1, hands, by, lang)
}

/// [`game_with_hands`] as the first partida of a match of `best_of` partidas (of
/// each of its cotos, where the setup's options say several win it).
pub(crate) fn match_with_hands(
    conn: &mut DbConn,
    club_id: i32,
    (setup, seats): (&GameSetup, &[String]),
    best_of: i32,
    hands: Vec<(Option<u8>, Entered)>,
    (tag, actor): (&str, &str),
    lang: Lang,
) -> Result<Result<i32, (usize, Outcome)>, AppError> {
    crate::db::write_tx(conn, |conn| {
        let series = SeriesOf(None, best_of);
        let id = create_game(conn, club_id, setup, seats, actor, series, None)?;
        for (i, (dealer, entered)) in hands.into_iter().enumerate() {
            // A new game's version counts its changes.
            let version = i32::try_from(i).unwrap_or(0);
            let add = Change::Add {
                dealer,
                entered,
                submission: format!("{tag}-{id}-{i}"),
            };
            match apply_change(conn, id, version, add, (actor, &ChangeBy::default()), lang)? {
                Outcome::Saved => {}
                other => return Ok(Err((i, other))),
            }
        }
        Ok(Ok(id))
    })
}

/// Starts a game of `setup` at club `club_id` with `seats`, best of `best_of`, as the
/// new-game form asks; with `add_players`, the names typed on the spot join the club's
/// players first. Returns the game's id; `NotFound` when there is no such club.
pub(crate) fn start_game(
    conn: &mut DbConn,
    club_id: i32,
    (setup, seats): (&GameSetup, &[String]),
    best_of: i32,
    add_players: bool,
    actor: &str,
) -> Result<i32, AppError> {
    queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
    crate::db::write_tx(conn, |conn| {
        if add_players {
            let known: Vec<String> = queries::club_players(conn, club_id)?
                .into_iter()
                .map(|p| p.name)
                .collect();
            for name in seats.iter().filter(|n| !known.contains(n)) {
                // Another table may add the same name at the same moment
                // (PostgreSQL), which is no error.
                insert_player_audited(conn, club_id, name, None, actor)?;
            }
        }
        let series = SeriesOf(None, best_of);
        create_game(conn, club_id, setup, seats, actor, series, None)
    })
}

/// Adds player `name` to club `club_id`, audited as created by `actor`; returns its
/// id, or `None` when the club has a player of that name already (also one another
/// request added at the same moment: the insert has a savepoint of its own).
pub(crate) fn insert_player_audited(
    conn: &mut DbConn,
    club_id: i32,
    name: &str,
    person: Option<i32>,
    actor: &str,
) -> diesel::QueryResult<Option<i32>> {
    let inserted = diesel::Connection::transaction(conn, |c| {
        crate::db::register::add_member(c, club_id, name, person, now())
    });
    let id = match inserted {
        Ok(id) => id,
        Err(e) if accounts::is_unique_violation(&e) => return Ok(None),
        Err(e) => return Err(e),
    };
    let after = serde_json::json!({ "name": name });
    accounts::audit_creation(conn, (actor, now()), ("player", id), Some(club_id), after)?;
    Ok(Some(id))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::new_game_pin;

    #[test]
    fn every_digit_of_a_club_games_pin_is_as_likely_as_any_other() {
        // 40 000 digits: each of the ten is expected 4 000 times (give or take 60).
        let mut seen = [0u32; 10];
        for _ in 0..10_000 {
            let pin = new_game_pin().unwrap();
            assert_eq!(pin.len(), 4, "{pin}");
            for c in pin.chars() {
                seen[c.to_digit(10).unwrap() as usize] += 1;
            }
        }
        for (digit, n) in seen.iter().enumerate() {
            assert!(
                (3_600..=4_400).contains(n),
                "digit {digit} seen {n} times: {seen:?}"
            );
        }
    }
}
