//! Secrets typed by people (passwords, table and game PINs) checked without leaking
//! their length, and throttled: after too many failures in a minute for one name,
//! table or game, or from one client address, even the right secret is refused until
//! the minute has passed. A PIN has four digits (printed slips), so the failures
//! against one table or game are also counted over an hour and a day, from every
//! address together: guessing one, from however many machines, gets a few dozen
//! tries a day out of ten thousand. Failures live in the database, shared by every
//! Baza process.

use crate::db::DbConn;
use crate::db::accounts;
use crate::domain::account::same_secret;
use crate::error::AppError;
use crate::service::now;

/// Wrong passwords (or table PINs) allowed per user name (or table, or game) per minute.
pub const MAX_FAILURES_PER_MINUTE: i64 = 10;

/// Wrong passwords allowed per client address per minute (many names tried from one
/// place). A venue behind one address shares it, so it is looser than the limit per
/// name.
pub const MAX_ADDRESS_FAILURES_PER_MINUTE: i64 = 15;

/// Wrong table or game PINs allowed per client address per minute, over all
/// tables: a hall of 100 phones behind the venue's one address may each mistype its
/// PIN in the same minute, and a spray of guesses over many tables still stops
/// there (a wrong PIN first locks only its own table, after ten).
pub const MAX_ADDRESS_PIN_FAILURES_PER_MINUTE: i64 = 100;

/// Wrong PINs allowed against one table or game, from all addresses together, per
/// window (seconds, failures): ten in a minute (a pair that mistypes waits a
/// minute), twenty in an hour, forty in a day. With two PINs a table, forty
/// guesses open it by chance less than once in a hundred days; a PIN changed by
/// the organiser starts its count again.
pub const PIN_TARGET_WINDOWS: [(i64, i64); 3] =
    [(60, MAX_FAILURES_PER_MINUTE), (3600, 20), (86_400, 40)];

/// How long failures are kept: the longest window.
const KEEP_FAILURES_SECONDS: i64 = 86_400;

/// The subject a championship table's wrong PINs are counted against.
pub fn table_subject(row_id: i32) -> String {
    format!("ttable:{row_id}")
}

/// The subject a club game's wrong PINs are counted against.
pub fn game_subject(game_id: i32) -> String {
    format!("game:{game_id}")
}

/// What is throttled: one name, table or game (`subject`), one client address
/// trying passwords, or one client address trying PINs.
#[derive(Debug, Clone, Copy)]
pub enum Throttle<'a> {
    Subject(&'a str),
    Address(&'a str),
    PinAddress(&'a str),
}

impl Throttle<'_> {
    fn key_and_limit(self) -> (String, i64) {
        match self {
            Throttle::Subject(s) => (s.to_owned(), MAX_FAILURES_PER_MINUTE),
            Throttle::Address(a) => (a.to_owned(), MAX_ADDRESS_FAILURES_PER_MINUTE),
            Throttle::PinAddress(a) => (a.to_owned(), MAX_ADDRESS_PIN_FAILURES_PER_MINUTE),
        }
    }
}

/// Whether any of `what` failed too often in the last minute: then even the right
/// secret is refused.
pub fn throttled(
    conn: &mut DbConn,
    what: &[Throttle],
    now: chrono::NaiveDateTime,
) -> Result<bool, AppError> {
    let since = now - chrono::Duration::seconds(60);
    for t in what {
        let (key, limit) = t.key_and_limit();
        if accounts::count_failures(conn, &key, since)? >= limit {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Counts one failure against each of `what`, forgetting those older than an hour.
pub fn record_failure(
    conn: &mut DbConn,
    what: &[Throttle],
    now: chrono::NaiveDateTime,
) -> Result<(), AppError> {
    for t in what {
        accounts::add_failure(conn, &t.key_and_limit().0, now)?;
    }
    accounts::prune_failures(conn, now - chrono::Duration::seconds(KEEP_FAILURES_SECONDS))?;
    Ok(())
}

/// Why a secret typed (a table's or a game's PIN) opens nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinRefused {
    /// Too many wrong PINs lately: tried no more for this many seconds.
    Throttled(i64),
    /// Not the PIN of the place.
    Wrong,
}

impl PinRefused {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            PinRefused::Throttled(secs) if wait_minutes(secs) <= 90 => "pin-wait-minutes",
            PinRefused::Throttled(_) => "pin-wait-hours",
            PinRefused::Wrong => "table-wrong-pin",
        }
    }

    /// The count the message is said with: the minutes or the hours to wait.
    pub fn count(self) -> Option<usize> {
        match self {
            PinRefused::Throttled(secs) if wait_minutes(secs) <= 90 => Some(wait_minutes(secs)),
            PinRefused::Throttled(secs) => Some(wait_minutes(secs).div_ceil(60)),
            PinRefused::Wrong => None,
        }
    }
}

/// Seconds to wait, in whole minutes rounded up (at least one).
fn wait_minutes(secs: i64) -> usize {
    usize::try_from((secs + 59).div_euclid(60))
        .unwrap_or(1)
        .max(1)
}

/// How long a PIN typed against `subject` from `addr` must wait, if any of their
/// windows is full: until enough of its failures have left it.
fn pin_wait(
    conn: &mut DbConn,
    subject: &str,
    addr: &str,
    now: chrono::NaiveDateTime,
) -> Result<Option<i64>, AppError> {
    let address = [(60, MAX_ADDRESS_PIN_FAILURES_PER_MINUTE)];
    let mut until: Option<chrono::NaiveDateTime> = None;
    for (key, windows) in [(subject, &PIN_TARGET_WINDOWS[..]), (addr, &address[..])] {
        for &(seconds, limit) in windows {
            let window = chrono::Duration::seconds(seconds);
            let since = now - window;
            if accounts::count_failures(conn, key, since)? < limit {
                continue;
            }
            if let Some(at) = accounts::nth_latest_failure(conn, key, since, limit)? {
                let free = at + window;
                until = Some(until.map_or(free, |u| u.max(free)));
            }
        }
    }
    Ok(until.map(|u| (u - now).num_seconds().max(1)))
}

/// Checks a table or game PIN against `expected` (`None`: the place has no PIN, so
/// every PIN is wrong), throttled per `subject` (over a minute, an hour and a day)
/// and per client address `addr`: a wrong PIN counts as a failure; while throttled
/// even the right one is refused. The club's staff, signed in (`staff`), are never
/// throttled and count no failure.
pub fn check_pin(
    conn: &mut DbConn,
    subject: &str,
    addr: &str,
    expected: Option<&str>,
    given: &str,
    staff: bool,
) -> Result<Result<(), PinRefused>, AppError> {
    let right = expected.is_some_and(|e| same_secret(e, given));
    if staff {
        return Ok(if right {
            Ok(())
        } else {
            Err(PinRefused::Wrong)
        });
    }
    let now = now();
    let addr = format!("pin-addr:{addr}");
    if let Some(wait) = pin_wait(conn, subject, &addr, now)? {
        return Ok(Err(PinRefused::Throttled(wait)));
    }
    if right {
        return Ok(Ok(()));
    }
    let what = [Throttle::Subject(subject), Throttle::PinAddress(&addr)];
    record_failure(conn, &what, now)?;
    Ok(Err(PinRefused::Wrong))
}
