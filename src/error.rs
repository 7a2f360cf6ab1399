//! One error type for the web layer. Handlers return `Result<_, AppError>`; how it
//! answers over HTTP is `web/errors.rs`, and the `render_errors` middleware
//! (web/mod.rs) turns every error response — ours and actix's own (bad path, bad
//! form, unknown route) — into a localized HTML page, or JSON under `/api/`.
//! Internal errors are logged once, there, and never shown. It uses nothing of the
//! web layer.

use crate::db::DbError;
use crate::db::fault::{self, Fault};
use crate::domain::refusal::{PeopleFault, Refusal};

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 404: the page or the object does not exist.
    #[error("not found")]
    NotFound,
    /// 400: the request cannot be understood; the variant names the message and
    /// says precisely what is wrong.
    #[error("malformed: {0:?}")]
    BadRequest(Malformed),
    /// 422: understood, but the content is not acceptable.
    #[error("unacceptable: {0:?}")]
    Unprocessable(Unacceptable),
    /// 303 to the login page, coming back to `.0` afterwards.
    #[error("login required")]
    LoginRequired(String),
    /// 303 to the page that asks for the PIN of a table or a game (`.0`): someone
    /// without an account who holds no good PIN for it, as a scorekeeper is.
    #[error("PIN required")]
    PinRequired(String),
    /// 401 on the API: no valid token.
    #[error("unauthorized")]
    Unauthorized,
    /// 403: signed in (or holding a table PIN) but not allowed.
    #[error("forbidden")]
    Forbidden,
    /// 403: a state-changing request without the session's CSRF token.
    #[error("missing or wrong CSRF token")]
    Csrf,
    /// 409: refused in the state things are in now (or someone else changed it
    /// first, and nothing was overwritten); the refusal names its message.
    #[error("refused: {0:?}")]
    Refused(Refusal),
    /// 422: a change to a championship refused by its checks; the refusal names its
    /// message.
    #[error("rejected: {0:?}")]
    Rejected(Refusal),
    /// 429: too many attempts.
    #[error("too many attempts")]
    TooManyRequests,
    /// 503: the database is busy; nothing was written.
    #[error("service unavailable: {0}")]
    Unavailable(String),
    /// 503: the database server is away (stopped, restarting); nothing was written.
    #[error("database away: {0}")]
    DatabaseAway(String),
    /// 503: the disk (or the database file's size limit) is full; nothing was written.
    #[error("no space: {0}")]
    NoSpace(String),
    /// 500: a bug or an unexpected failure. Logged, never shown.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Why a request cannot be understood (400): one variant per reason, naming its
/// message and carrying what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Malformed {
    /// A form's body that does not parse (what the parser said).
    Form(String),
    /// A field missing or not readable (its name).
    Field(&'static str),
    /// A multipart body that does not parse (the content type expected).
    Multipart(&'static str),
    /// A download in a format there is none of (as asked).
    Format(String),
    /// A body that is not UTF-8.
    NotUtf8,
    /// More rows or columns than a sheet holds.
    TooLarge,
    /// A body that is not JSON (what the parser said).
    Json(String),
}

impl Malformed {
    /// The message key of the locale files.
    pub fn key(&self) -> &'static str {
        match self {
            Malformed::Form(_) | Malformed::Field(_) | Malformed::Multipart(_) => {
                "error-bad-request"
            }
            Malformed::Format(_) => "error-bad-format",
            Malformed::NotUtf8 => "error-not-utf8",
            Malformed::TooLarge => "error-too-large",
            Malformed::Json(_) => "error-invalid-json",
        }
    }

    /// What is shown after the message (empty: nothing): the format asked for, or
    /// what the JSON parser said to the API's caller; never a form parser's words or
    /// a field's name, which only the log keeps ([`Malformed::logged`]).
    pub fn detail(&self) -> String {
        match self {
            Malformed::Format(s) | Malformed::Json(s) => s.clone(),
            Malformed::Form(_) | Malformed::Field(_) | Malformed::Multipart(_) => String::new(),
            Malformed::NotUtf8 | Malformed::TooLarge => String::new(),
        }
    }

    /// What the log keeps of it: what the parser said, or the field's name.
    pub fn logged(&self) -> String {
        match self {
            Malformed::Form(s) | Malformed::Format(s) | Malformed::Json(s) => s.clone(),
            Malformed::Field(s) | Malformed::Multipart(s) => (*s).to_owned(),
            Malformed::NotUtf8 | Malformed::TooLarge => String::new(),
        }
    }
}

/// Why a request understood is not acceptable (422): one variant per reason, naming
/// its message and carrying what was typed or what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unacceptable {
    /// A player slot that is not a number (as typed).
    LinkSlot(String),
    /// A person that is not one (as picked).
    LinkPerson(String),
    /// A number of tables out of range (as typed).
    Tables(String),
    /// A number of entrants per group out of range (as typed).
    PerGroup(String),
    /// A repesca's least points that do not read as points (as typed).
    RepescaMinPoints(String),
    /// A repesca's worst place out of range (as typed).
    RepescaWorstPlace(String),
    /// A repesca's number of places out of range (as typed).
    RepescaPlaces(String),
    /// A repesca's list of seeds for its winners that does not read (as typed).
    RepescaSeeds(String),
    /// A number of qualifiers for a knockout out of range (as typed).
    Qualifiers(String),
    /// A group that is not a number (as typed).
    Group(String),
    /// A score over the most a table can score (the reader's words, naming that most).
    Score(String),
    /// A result the match's format does not allow (why, in the reader's words).
    Outcome(String),
    /// A text that is not a hand record (why).
    Record(String),
    /// A game there is none of (as named).
    Game(String),
    /// A hand number that is not a number (as typed).
    HandNumber(String),
    /// A bracket's paper that is neither A4 nor A3 (as sent).
    Paper(String),
    /// A bracket's deletion not confirmed.
    DeleteUnconfirmed,
    /// A hand the engine refuses (its words).
    Entry(String),
    /// A change to a club's players or pairs refused.
    People(PeopleFault),
    /// Too few entrants to pair a round.
    NotEnoughEntrants,
    /// An entrant who came too late to be paired.
    LateEntry,
    /// Too many entrants to pair.
    TooManyToPair,
    /// A championship's document that cannot be paired.
    Unpairable,
    /// A round that cannot be paired, said in one line (an unfinished round or a
    /// finished championship, whose own refusals say more).
    RoundUnpaired,
}

impl Unacceptable {
    /// The message key of the locale files.
    pub fn key(&self) -> &'static str {
        match self {
            Unacceptable::LinkSlot(_) => "error-link-slot",
            Unacceptable::LinkPerson(_) => "error-link-person",
            Unacceptable::Tables(_) => "error-tournament-tables",
            Unacceptable::PerGroup(_) => "phase-per-group",
            Unacceptable::RepescaMinPoints(_) => "repesca-min-points",
            Unacceptable::RepescaWorstPlace(_) => "repesca-worst-place",
            Unacceptable::RepescaPlaces(_) => "repesca-places",
            Unacceptable::RepescaSeeds(_) => "repesca-entry-seeds-list",
            Unacceptable::Qualifiers(_) => "phase-qualifiers",
            Unacceptable::Group(_) => "error-groups-no-such",
            Unacceptable::Score(_) => "error-bad-score",
            Unacceptable::Outcome(_) => "tournament-result-rejected",
            Unacceptable::Record(_) => "error-not-a-record",
            Unacceptable::Game(_) => "error-bad-game",
            Unacceptable::HandNumber(_) => "error-bad-request",
            Unacceptable::Paper(_) => "error-bracket-paper",
            Unacceptable::DeleteUnconfirmed => "bracket-delete-unconfirmed",
            Unacceptable::Entry(_) => "error-invalid-entry",
            Unacceptable::People(fault) => fault.key(),
            Unacceptable::NotEnoughEntrants => "pairing-not-enough",
            Unacceptable::LateEntry => "pairing-late-entry",
            Unacceptable::TooManyToPair => "pairing-too-large",
            Unacceptable::Unpairable => "pairing-invalid",
            Unacceptable::RoundUnpaired => "error-tournament-pairing",
        }
    }

    /// What is shown after the message (empty: nothing).
    pub fn detail(&self) -> String {
        match self {
            Unacceptable::LinkSlot(s)
            | Unacceptable::LinkPerson(s)
            | Unacceptable::Tables(s)
            | Unacceptable::PerGroup(s)
            | Unacceptable::RepescaMinPoints(s)
            | Unacceptable::RepescaWorstPlace(s)
            | Unacceptable::RepescaPlaces(s)
            | Unacceptable::RepescaSeeds(s)
            | Unacceptable::Qualifiers(s)
            | Unacceptable::Group(s)
            | Unacceptable::Outcome(s)
            | Unacceptable::Record(s)
            | Unacceptable::Game(s)
            | Unacceptable::HandNumber(s)
            | Unacceptable::Paper(s)
            | Unacceptable::Entry(s)
            | Unacceptable::Score(s) => s.clone(),
            Unacceptable::NotEnoughEntrants
            | Unacceptable::LateEntry
            | Unacceptable::TooManyToPair
            | Unacceptable::Unpairable
            | Unacceptable::RoundUnpaired
            | Unacceptable::DeleteUnconfirmed
            | Unacceptable::People(_) => String::new(),
        }
    }
}

impl From<Malformed> for AppError {
    fn from(m: Malformed) -> Self {
        AppError::BadRequest(m)
    }
}

impl From<Unacceptable> for AppError {
    fn from(u: Unacceptable) -> Self {
        AppError::Unprocessable(u)
    }
}

impl From<Refusal> for AppError {
    fn from(r: Refusal) -> Self {
        AppError::Refused(r)
    }
}

impl AppError {
    /// The Fluent key of the message and the detail to show (if any), in `lang` where
    /// it is worded in each language.
    pub fn describe(&self, lang: crate::domain::Lang) -> (&'static str, Option<String>) {
        match self {
            AppError::NotFound => ("error-not-found", None),
            AppError::BadRequest(m) => (m.key(), shown(m.detail())),
            AppError::Unprocessable(u) => (u.key(), shown(u.detail())),
            AppError::Rejected(r) => (r.key(), shown(r.detail(lang))),
            AppError::Unavailable(_) => ("error-unavailable", None),
            AppError::DatabaseAway(_) => ("error-database-away", None),
            AppError::NoSpace(_) => ("error-no-space", None),
            AppError::Internal(e) => match fault_in(e) {
                Some(Fault::NoSpace) => ("error-no-space", None),
                Some(Fault::Away) => ("error-database-away", None),
                None => ("error-internal", None),
            },
            AppError::LoginRequired(_) | AppError::PinRequired(_) | AppError::Unauthorized => {
                ("error-unauthorized", None)
            }
            AppError::Forbidden => ("error-forbidden", None),
            AppError::Csrf => ("error-csrf", None),
            AppError::Refused(r) => (r.key(), Some(r.detail(lang))),
            AppError::TooManyRequests => ("error-too-many", None),
        }
    }
}

impl AppError {
    /// The database fault behind this error, if it is one (see [`crate::db::fault`]),
    /// however the handler wrapped it.
    pub fn fault(&self) -> Option<Fault> {
        match self {
            AppError::NoSpace(_) => Some(Fault::NoSpace),
            AppError::DatabaseAway(_) => Some(Fault::Away),
            AppError::Internal(e) => fault_in(e),
            _ => None,
        }
    }

    /// The error of a request that found no connection in the pool's wait: the
    /// database is away when the pool's last attempt says so, else busy.
    pub fn from_pool(e: impl std::fmt::Display) -> Self {
        let message = e.to_string();
        match fault::of_message(&message) {
            Some(Fault::Away) => AppError::DatabaseAway(message),
            _ => AppError::Unavailable(message),
        }
    }
}

/// A detail worth showing: not an empty one.
fn shown(detail: String) -> Option<String> {
    Some(detail).filter(|d| !d.is_empty())
}

/// The fault named anywhere in an internal error's chain of causes.
fn fault_in(e: &anyhow::Error) -> Option<Fault> {
    e.chain().find_map(|cause| {
        cause
            .downcast_ref::<diesel::result::Error>()
            .and_then(fault::of_query)
            .or_else(|| fault::of_message(&cause.to_string()))
    })
}

impl From<DbError> for AppError {
    fn from(e: DbError) -> Self {
        match e {
            DbError::Pool(p) => AppError::from_pool(p),
            DbError::Query(diesel::result::Error::NotFound) => AppError::NotFound,
            DbError::Query(q) => match fault::of_query(&q) {
                Some(Fault::NoSpace) => AppError::NoSpace(q.to_string()),
                Some(Fault::Away) => AppError::DatabaseAway(q.to_string()),
                None => AppError::Internal(anyhow::Error::new(DbError::Query(q))),
            },
            other => AppError::Internal(anyhow::Error::new(other)),
        }
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> Self {
        AppError::from(DbError::Query(e))
    }
}
