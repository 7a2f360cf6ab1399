//! The answers that ask who is sending before anything is done: the sign-in page a
//! protected action sends to, the page asking for a table's or a game's PIN, and the
//! page saying that the PIN this phone typed was changed. Each carries a header of
//! Baza's own, `Baza-Asks`, so that a phone's pending.js knows by the answer itself,
//! whatever its address, that what it sent was not stored, and keeps it on the phone
//! for after.

use actix_web::HttpResponse;
use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};

/// The header's name.
pub const HEADER: &str = "baza-asks";

/// Who an answer asks the sender to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asks {
    /// Someone signed in: the session ended, or nobody had signed in.
    SignIn,
    /// The holder of a table's or a game's PIN.
    Pin,
}

impl Asks {
    /// The header's value.
    pub fn value(self) -> &'static str {
        match self {
            Asks::SignIn => "sign-in",
            Asks::Pin => "pin",
        }
    }

    /// The header, to insert into a response being built.
    pub fn header(self) -> (&'static str, &'static str) {
        (HEADER, self.value())
    }

    /// Marks the headers of a response as asking this.
    pub fn mark_headers(self, headers: &mut HeaderMap) {
        headers.insert(
            HeaderName::from_static(HEADER),
            HeaderValue::from_static(self.value()),
        );
    }

    /// `res`, marked as asking this.
    pub fn mark(self, mut res: HttpResponse) -> HttpResponse {
        self.mark_headers(res.headers_mut());
        res
    }

    /// `res`, marked as asking this when `asks`.
    pub fn mark_if(self, asks: bool, res: HttpResponse) -> HttpResponse {
        if asks { self.mark(res) } else { res }
    }
}
