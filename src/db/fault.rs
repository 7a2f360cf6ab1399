//! The database faults that are nobody's bug: the disk (or the file's size limit) is
//! full, or the database server is away (stopped, restarting, failing over). Both
//! leave nothing written, and a request that meets one answers 503 with words that
//! say which. Told apart by the database's own message, which is all that reaches
//! here through the pool, the group commit and the handlers' own error types.

/// A fault of the database that is not a bug.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// SQLite could not grow the file: the disk is full, or the file reached its
    /// size limit (`SQLITE_FULL`).
    NoSpace,
    /// The database server does not answer or closed the connection.
    Away,
}

/// What SQLite and libpq say when the fault is theirs, lower-cased.
const NO_SPACE: &[&str] = &["database or disk is full", "no space left on device"];
const AWAY: &[&str] = &[
    "connection refused",
    "could not connect to server",
    "connection to server at",
    "server closed the connection unexpectedly",
    "terminating connection due to administrator command",
    "the database system is shutting down",
    "the database system is starting up",
    "the database system is in recovery mode",
    "no connection to the server",
    "connection reset by peer",
    "broken pipe",
    "ssl syscall error",
    "could not receive data from server",
    "could not send data to server",
];

/// The fault a database error message names, if any.
pub fn of_message(message: &str) -> Option<Fault> {
    let m = message.to_lowercase();
    if NO_SPACE.iter().any(|p| m.contains(p)) {
        Some(Fault::NoSpace)
    } else if AWAY.iter().any(|p| m.contains(p)) {
        Some(Fault::Away)
    } else {
        None
    }
}

/// The fault behind a query's error, if any.
pub fn of_query(e: &diesel::result::Error) -> Option<Fault> {
    use diesel::result::{DatabaseErrorKind, Error};
    match e {
        Error::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => Some(Fault::Away),
        Error::DatabaseError(_, info) => of_message(info.message()),
        other => of_message(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_messages_of_a_full_disk_and_of_a_stopped_server_are_told_apart() {
        assert_eq!(of_message("database or disk is full"), Some(Fault::NoSpace));
        assert_eq!(
            of_message(
                "timed out waiting for connection: connection to server at \"127.0.0.1\", port 5433 failed: Connection refused"
            ),
            Some(Fault::Away)
        );
        assert_eq!(
            of_message("FATAL:  terminating connection due to administrator command"),
            Some(Fault::Away)
        );
        assert_eq!(of_message("UNIQUE constraint failed: hands.n"), None);
    }
}
