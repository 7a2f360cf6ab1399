//! Secrets typed by people (passwords, table and game PINs) checked without leaking
//! their length, and throttled: after too many failures in a minute for one name,
//! table or game, or from one client address, even the right secret is refused until
//! the minute has passed.

use crate::db::DbConn;
use crate::db::accounts;
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
    accounts::prune_failures(conn, now - chrono::Duration::hours(1))?;
    Ok(())
}

/// Why a secret typed (a table's or a game's PIN) opens nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinRefused {
    /// Too many wrong PINs lately: tried no more for now.
    Throttled,
    /// Not the PIN of the place.
    Wrong,
}

impl PinRefused {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            PinRefused::Throttled => "login-throttled",
            PinRefused::Wrong => "table-wrong-pin",
        }
    }
}

/// Checks a table or game PIN against `expected` (`None`: the place has no PIN, so
/// every PIN is wrong), throttled per `subject` and per client address `addr`: a
/// wrong PIN counts as a failure; while throttled even the right one is refused.
pub fn check_pin(
    conn: &mut DbConn,
    subject: &str,
    addr: &str,
    expected: Option<&str>,
    given: &str,
) -> Result<Result<(), PinRefused>, AppError> {
    let now = now();
    let addr = format!("pin-addr:{addr}");
    let what = [Throttle::Subject(subject), Throttle::PinAddress(&addr)];
    if throttled(conn, &what, now)? {
        return Ok(Err(PinRefused::Throttled));
    }
    if expected.is_some_and(|e| same_secret(e, given)) {
        return Ok(Ok(()));
    }
    record_failure(conn, &what, now)?;
    Ok(Err(PinRefused::Wrong))
}

/// Compares secrets without stopping at the first difference.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}
