//! Club play: start a game at a table, enter each hand (quick entry checked by the
//! rules, or a full hand record ruled by the engine), the running scoreboard,
//! corrections, export and import. Every change bumps the game's version first, so
//! two devices never overwrite each other silently, and is written to the audit log.
//!
//! This module holds the game entry that every page shares: the side names of a
//! game, the hand form and its readers, and sending a change to its hands to the
//! service (`service::game`, which loads a game and applies the change).

use crate::domain::status::{GameStatus, TableStatus};
use std::collections::HashMap;

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::account::{now, see_other};
use super::auth::{self, Perm, Principal};
use super::{AppState, Ctx, db, parse_id, render_status};
use crate::db::DbConn;
use crate::db::championship::tables;
use crate::db::games::{self, Game};
use crate::db::queries;
use crate::domain::cards::Suit;
use crate::domain::entry::{
    self, BotifarraChoice, BotifarraHand, CanteEntry, CinquilloHand, ClaimEntry, Contract,
    CuatrolaHand, EntryError, GameSetup, QuickHand, TuteEntry, TuteFamilyHand, TuteKind,
};
use crate::domain::refusal::{Place, Refusal};
use crate::domain::{self, GameKind, Lang, Score};
use crate::error::AppError;
use crate::error::Malformed;

mod files;
mod hand;
mod hindsight;
mod new;
mod pages;
mod public;
mod undo;

pub use files::*;
pub use hand::*;
pub(crate) use hindsight::*;
pub use new::*;
pub use pages::*;
use public::anonymous_game_page;
pub use undo::*;

pub use crate::domain::entry::GAME_FORMAT;
pub(crate) use crate::service::game::{
    Change, ChangeBy, Loaded, Outcome, Read, apply_change, game_kind, game_with_hands, load,
    seats_of, setup_of, zero_totals,
};
/// Cante slots on the quick form (no hand has more than four marriages).
const CANTE_SLOTS: usize = 4;

/// The names of each side: "Ana y Carmen" in pair games, the player otherwise.
pub(crate) fn side_names(setup: &GameSetup, seats: &[String], lang: Lang) -> Vec<String> {
    setup.side_names(seats, lang)
}

/// An engine message (0-based seats and pairs) as the table reads it: seats
/// numbered from 1 and named by their players, pairs numbered from 1 with theirs.
pub(crate) fn people_words(text: &str, lang: Lang, seats: &[String], sides: &[String]) -> String {
    let named = domain::words::name_seats(text, lang, seats);
    domain::words::name_sides(&named, lang, sides)
}

/// Stored game `id`'s hand scores and scoreboard for a page; a stored hand that no
/// longer scores is the server's fault.
pub(crate) fn scored_for_page(
    l: &Loaded,
    id: i32,
    lang: Lang,
) -> Result<(Vec<domain::entry::HandScore>, domain::entry::Scoreboard), AppError> {
    l.scored(lang).map_err(|(i, e)| {
        AppError::Internal(anyhow::anyhow!(
            "game {id}: stored hand {} no longer scores: {e:?}",
            i + 1
        ))
    })
}

pub use crate::domain::entry::{Entered, rescore, score_one};

// ---------------------------------------------------------------- forms → entries

/// A submitted form: its fields, and the problems found.
#[derive(Default)]
pub struct HandForm {
    pub values: HashMap<String, String>,
    pub errors: Vec<EntryError>,
}

impl HandForm {
    /// A new hand's form: the trump is chosen by the dealer unless delegated, so the
    /// chooser starts as the dealer.
    pub fn new_hand(dealer: u8) -> HandForm {
        HandForm {
            values: HashMap::from([("chooser".to_string(), dealer.to_string())]),
            errors: Vec::new(),
        }
    }

    pub fn v(&self, name: &str) -> &str {
        self.values.get(name).map(String::as_str).unwrap_or("")
    }

    pub fn is(&self, name: &str, value: &str) -> bool {
        self.v(name) == value
    }

    pub fn is_seat(&self, name: &str, seat: &usize) -> bool {
        self.v(name) == seat.to_string()
    }

    pub fn err(&self, name: &str) -> Option<&str> {
        self.errors
            .iter()
            .find(|e| e.field == name || e.field.starts_with(&format!("{name}[")))
            .map(|e| e.message.as_str())
    }
}

/// Why a field of the new-game or hand form does not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HandFault {
    /// Not a whole number.
    NotANumber,
    /// No seat of this table.
    BadSeat,
    /// No suit.
    BadSuit,
    /// Left empty.
    Required,
    /// A cante with its seat or its suit only.
    CanteIncomplete,
    /// An added game's hands go in card by card.
    CardByCard,
    /// A number of players the game is not played with.
    BadPlayers,
    /// A seat with no name, or one too long.
    SeatName,
    /// The same name in two seats.
    SeatTwice,
}

impl HandFault {
    /// The message key of the locale files.
    pub(crate) fn key(self) -> &'static str {
        match self {
            HandFault::NotANumber => "entry-not-a-number",
            HandFault::BadSeat => "entry-bad-seat",
            HandFault::BadSuit => "entry-bad-suit",
            HandFault::Required => "entry-required",
            HandFault::CanteIncomplete => "entry-cante-incomplete",
            HandFault::CardByCard => "entry-card-by-card",
            HandFault::BadPlayers => "entry-bad-players",
            HandFault::SeatName => "entry-seat-name",
            HandFault::SeatTwice => "entry-seat-twice",
        }
    }
}

/// The error on form field `field` that `fault` says, in `lang`.
pub(crate) fn field_error(field: &str, fault: HandFault, lang: Lang) -> EntryError {
    EntryError {
        field: field.to_owned(),
        message: super::i18n::tr(lang, fault.key()),
        option: None,
    }
}

struct Reader<'a> {
    f: &'a HashMap<String, String>,
    lang: Lang,
    errors: Vec<EntryError>,
}

impl Reader<'_> {
    fn raw(&self, name: &str) -> Option<&str> {
        self.f.get(name).map(|s| s.trim()).filter(|s| !s.is_empty())
    }

    fn fail(&mut self, field: &str, fault: HandFault) {
        self.errors.push(field_error(field, fault, self.lang));
    }

    /// `value` read from field `name`; when it did not read, `fault` on the field.
    fn checked<T>(&mut self, name: &str, value: Option<T>, fault: HandFault) -> Option<T> {
        if value.is_none() {
            self.fail(name, fault);
        }
        value
    }

    fn num(&mut self, name: &str) -> Option<u32> {
        let n = self.raw(name)?.parse::<u32>().ok();
        self.checked(name, n, HandFault::NotANumber)
    }

    fn seat(&mut self, name: &str) -> Option<u8> {
        let s = u8::try_from(self.num(name)?).ok();
        self.checked(name, s, HandFault::BadSeat)
    }

    fn suit(&mut self, name: &str) -> Option<Suit> {
        let letter = self.raw(name)?.chars().next().unwrap_or(' ');
        let s = Suit::from_letter(letter);
        self.checked(name, s, HandFault::BadSuit)
    }

    fn required_suit(&mut self, name: &str) -> Suit {
        match self.suit(name) {
            Some(s) => s,
            None => {
                if self.raw(name).is_none() {
                    self.fail(name, HandFault::Required);
                }
                Suit::Oros
            }
        }
    }

    fn cantes(&mut self) -> Vec<CanteEntry> {
        (0..CANTE_SLOTS)
            .filter_map(|i| {
                let seat = self.seat(&format!("cante_seat_{i}"));
                let suit = self.suit(&format!("cante_suit_{i}"));
                match (seat, suit) {
                    (Some(seat), Some(suit)) => Some(CanteEntry { seat, suit }),
                    (None, None) => None,
                    _ => {
                        self.fail(&format!("cantes[{i}]"), HandFault::CanteIncomplete);
                        None
                    }
                }
            })
            .collect()
    }

    fn tute(&mut self) -> Option<TuteEntry> {
        let seat = self.seat("tute_seat")?;
        let kind = match self.raw("tute_kind") {
            Some("knights") => TuteKind::Knights,
            _ => TuteKind::Kings,
        };
        Some(TuteEntry { seat, kind })
    }
}

/// Builds the quick entry of `game` from a form.
pub fn quick_from_form(
    setup: &GameSetup,
    f: &HashMap<String, String>,
    lang: Lang,
) -> Result<QuickHand, Vec<EntryError>> {
    let mut r = Reader {
        f,
        lang,
        errors: Vec::new(),
    };
    let revoke_by = r.seat("revoke_by");
    let hand = match setup.game {
        GameKind::Cuatrola => {
            let bid = match r.raw("bid").unwrap_or("pass") {
                "solo" => Contract::Solo,
                "cuatrola" => Contract::Cuatrola,
                "quintola" => Contract::Quintola,
                _ => Contract::Pass,
            };
            QuickHand::Cuatrola(CuatrolaHand {
                trump: r.required_suit("trump"),
                bid,
                bidder: r.seat("bidder"),
                card_points_side0: r.num("card_points_side0"),
                card_points_side1: r.num("card_points_side1"),
                last_trick_side: r.seat("last_trick_side"),
                cantes: r.cantes(),
                tute: r.tute(),
                soloist_tricks: r.seat("soloist_tricks"),
                revoke_by,
            })
        }
        GameKind::Tute | GameKind::Guinote => {
            let sides = setup.game.seating_of(setup.players, &setup.options).sides();
            let hand = TuteFamilyHand {
                trump: r.required_suit("trump"),
                card_points: (0..sides)
                    .map(|s| r.num(&format!("card_points_{s}")))
                    .collect(),
                last_trick_side: r.seat("last_trick_side"),
                last_trick_seat: r.seat("last_trick_seat"),
                cantes: r.cantes(),
                tute: r.tute(),
                claim: r.seat("claim_side").map(|side| ClaimEntry {
                    side,
                    after_trick: r.seat("claim_after_trick").unwrap_or(0),
                }),
                revoke_by,
            };
            match setup.game {
                GameKind::Tute => QuickHand::Tute(hand),
                GameKind::Guinote
                | GameKind::Cuatrola
                | GameKind::Botifarra
                | GameKind::Cinquillo
                | GameKind::Added(_) => QuickHand::Guinote(hand),
            }
        }
        GameKind::Botifarra => {
            let choice = match r.raw("choice") {
                Some("botifarra") => BotifarraChoice::Botifarra,
                _ => BotifarraChoice::Suit(r.required_suit("choice")),
            };
            let chooser = r.seat("chooser").unwrap_or_else(|| {
                r.fail("chooser", HandFault::Required);
                0
            });
            QuickHand::Botifarra(BotifarraHand {
                chooser,
                delegated: r.raw("delegated").is_some(),
                choice,
                doubles: r.seat("doubles").unwrap_or(0),
                points_side0: r.num("points_side0"),
                revoke_by,
            })
        }
        GameKind::Cinquillo => QuickHand::Cinquillo(CinquilloHand {
            out: r.seat("out"),
            cards_left: (0..setup.players)
                .map(|s| r.num(&format!("cards_left_{s}")).unwrap_or(0))
                .collect(),
            revoke_by,
            passes: (0..setup.players)
                .map(|s| r.num(&format!("passes_{s}")).unwrap_or(0))
                .collect(),
        }),
        // An added game's hands are entered card by card (the hand record).
        GameKind::Added(_) => {
            r.fail("record", HandFault::CardByCard);
            return Err(r.errors);
        }
    };
    if r.errors.is_empty() {
        Ok(hand)
    } else {
        Err(r.errors)
    }
}

/// The form fields that show a stored quick entry again (for corrections).
pub fn form_from_quick(q: &QuickHand) -> HashMap<String, String> {
    let mut f = HashMap::new();
    let mut put = |k: &str, v: String| {
        f.insert(k.to_owned(), v);
    };
    let opt = |v: Option<u8>| v.map(|x| x.to_string()).unwrap_or_default();
    let cantes = |put: &mut dyn FnMut(&str, String), cs: &[CanteEntry]| {
        for (i, c) in cs.iter().enumerate() {
            put(&format!("cante_seat_{i}"), c.seat.to_string());
            put(&format!("cante_suit_{i}"), c.suit.letter().to_string());
        }
    };
    match q {
        QuickHand::Cuatrola(h) => {
            put("trump", h.trump.letter().to_string());
            let bid = match h.bid {
                Contract::Pass => "pass",
                Contract::Solo => "solo",
                Contract::Cuatrola => "cuatrola",
                Contract::Quintola => "quintola",
            };
            put("bid", bid.to_owned());
            put("bidder", opt(h.bidder));
            put(
                "card_points_side0",
                h.card_points_side0
                    .map(|p| p.to_string())
                    .unwrap_or_default(),
            );
            put(
                "card_points_side1",
                h.card_points_side1
                    .map(|p| p.to_string())
                    .unwrap_or_default(),
            );
            put("last_trick_side", opt(h.last_trick_side));
            put("soloist_tricks", opt(h.soloist_tricks));
            put("revoke_by", opt(h.revoke_by));
            if let Some(t) = h.tute {
                put("tute_seat", t.seat.to_string());
            }
            cantes(&mut put, &h.cantes);
        }
        QuickHand::Tute(h) | QuickHand::Guinote(h) => {
            put("trump", h.trump.letter().to_string());
            for (i, p) in h.card_points.iter().enumerate() {
                put(
                    &format!("card_points_{i}"),
                    p.map(|x| x.to_string()).unwrap_or_default(),
                );
            }
            put("last_trick_side", opt(h.last_trick_side));
            put("last_trick_seat", opt(h.last_trick_seat));
            put("revoke_by", opt(h.revoke_by));
            if let Some(t) = h.tute {
                put("tute_seat", t.seat.to_string());
                let kind = if t.kind == TuteKind::Knights {
                    "knights"
                } else {
                    "kings"
                };
                put("tute_kind", kind.to_owned());
            }
            if let Some(c) = h.claim {
                put("claim_side", c.side.to_string());
                put("claim_after_trick", c.after_trick.to_string());
            }
            cantes(&mut put, &h.cantes);
        }
        QuickHand::Botifarra(h) => {
            put("chooser", h.chooser.to_string());
            if h.delegated {
                put("delegated", "on".to_owned());
            }
            let choice = match h.choice {
                BotifarraChoice::Botifarra => "botifarra".to_owned(),
                BotifarraChoice::Suit(s) => s.letter().to_string(),
            };
            put("choice", choice);
            put("doubles", h.doubles.to_string());
            put(
                "points_side0",
                h.points_side0.map(|p| p.to_string()).unwrap_or_default(),
            );
            put("revoke_by", opt(h.revoke_by));
        }
        QuickHand::Cinquillo(h) => {
            put("out", opt(h.out));
            for (i, c) in h.cards_left.iter().enumerate() {
                put(&format!("cards_left_{i}"), c.to_string());
            }
            for (i, p) in h.passes.iter().enumerate() {
                put(&format!("passes_{i}"), p.to_string());
            }
            put("revoke_by", opt(h.revoke_by));
        }
    }
    f
}

/// Applies `change` to game `id` at the `version` the page read, by `(actor, by)`;
/// with the game as this request `read` it, the change is worked out before its
/// turn at the writer.
pub(crate) async fn apply(
    state: &AppState,
    (id, version): (i32, i32),
    (change, read): (Change, Option<Read>),
    (actor, by): (String, ChangeBy),
    lang: Lang,
) -> Result<Outcome, AppError> {
    crate::web::db_write_after(
        state,
        move || {
            let planned = read.and_then(|r| r.plan(&change, lang));
            (change, planned)
        },
        move |conn, (change, planned)| {
            crate::service::game::apply_planned(
                conn,
                (id, version),
                change,
                planned,
                (&actor, &by),
                lang,
            )
        },
    )
    .await
    .map(|outcome| options_named(outcome, lang))
}

/// A change refused with its table options named by their labels, as the pages name
/// them (the domain, which has no labels, names them without).
fn options_named(outcome: Outcome, lang: Lang) -> Outcome {
    match outcome {
        Outcome::Invalid(n, errors) => Outcome::Invalid(
            n,
            errors
                .into_iter()
                .map(|e| e.named(lang, &crate::web::options::PageOptionNames))
                .collect(),
        ),
        other => other,
    }
}

/// The fields of a posted form, repeated keys allowed.
fn fields(body: &web::Bytes) -> Result<HashMap<String, String>, AppError> {
    serde_html_form::from_bytes::<Vec<(String, String)>>(body)
        .map(|v| v.into_iter().collect())
        .map_err(|e| AppError::BadRequest(Malformed::Form(e.to_string())))
}

/// The championship table a game is played at, as its page names it.
pub struct TableBanner {
    pub href: String,
    pub label: String,
    /// "Propuesto, falta la firma" / "Confirmado", or empty while playing.
    pub state: String,
    /// What a timed match level at the end of its limits plays now, in words.
    pub draw_note: Option<String>,
}
