//! Club play: start a game at a table, enter each hand (quick entry checked by the
//! rules, or a full hand record ruled by the engine), the running scoreboard,
//! corrections, export and import. Every change bumps the game's version first, so
//! two devices never overwrite each other silently, and is written to the audit log.
//!
//! This module holds the game entry that every page shares: the setup, seats and
//! side names of a game, an entered hand and its scoring, the hand form and its
//! readers, loading a game and applying a change to its hands.

use std::collections::HashMap;

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::{Deserialize, Serialize};

use super::account::{now, see_other};
use super::auth::{self, Perm, Principal};
use super::{AppState, Ctx, db, parse_id, render_status};
use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::games::{self, Game, GameHand, NewHand};
use crate::db::queries;
use crate::db::table_games;
use crate::db::tournaments::ChangeError;
use crate::domain::cards::Suit;
use crate::domain::entry::{
    self, BotifarraChoice, BotifarraHand, CanteEntry, CinquilloHand, ClaimEntry, Contract,
    CuatrolaHand, EntryError, GameSetup, HandScore, Previous, QuickHand, Scoreboard, StoredScore,
    TuteEntry, TuteFamilyHand, TuteKind, dealer_after, rescore_reusing,
};
use crate::domain::{self, GameKind, Lang, Score};
use crate::error::AppError;

mod demo;
mod files;
mod new;
mod pages;
mod undo;

pub use demo::*;
pub use files::*;
pub use new::*;
pub use pages::*;
pub use undo::*;

pub const GAME_FORMAT: &str = "baza-game/1";
/// Cante slots on the quick form (no hand has more than four marriages).
const CANTE_SLOTS: usize = 4;

fn game_kind(slug: &str) -> Result<GameKind, AppError> {
    slug.parse::<GameKind>()
        .map_err(|e| AppError::unprocessable("error-bad-game", e))
}

/// The setup of a stored game.
pub(crate) fn setup_of(g: &Game) -> Result<GameSetup, AppError> {
    let options: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&g.options)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("game {} options: {e}", g.id)))?;
    Ok(GameSetup {
        game: game_kind(&g.game)?,
        players: u8::try_from(g.players).unwrap_or(0),
        options,
        first_dealer: u8::try_from(g.first_dealer).unwrap_or(0),
    })
}

pub(crate) fn seats_of(g: &Game) -> Vec<String> {
    serde_json::from_str(&g.seats).unwrap_or_default()
}

/// The names of each side: "Ana y Carmen" in pair games, the player otherwise.
pub(crate) fn side_names(setup: &GameSetup, seats: &[String], lang: Lang) -> Vec<String> {
    let seating = setup.game.seating_of(setup.players, &setup.options);
    let and = match lang {
        Lang::Es => "y",
        Lang::Ca => "i",
        Lang::En => "and",
    };
    (0..seating.sides())
        .map(|side| {
            let names: Vec<&str> = (0..setup.players)
                .filter(|s| seating.side_of(*s) == side)
                .filter_map(|s| seats.get(usize::from(s)).map(String::as_str))
                .collect();
            names.join(&format!(" {and} "))
        })
        .collect()
}

/// An engine message (0-based seats and pairs) as the table reads it: seats
/// numbered from 1 and named by their players, pairs numbered from 1 with theirs.
pub(crate) fn people_words(text: &str, lang: Lang, seats: &[String], sides: &[String]) -> String {
    let named = domain::words::name_seats(text, lang, seats);
    domain::words::name_sides(&named, lang, sides)
}

pub use crate::domain::entry::{Entered, rescore, score_one};

/// A stored hand as entered.
fn entered_of(h: &GameHand) -> Result<Entered, AppError> {
    Entered::from_parts(&h.kind, &h.entry).map_err(|e| {
        AppError::Internal(anyhow::anyhow!(
            "hand {} of game {}: {e}",
            h.hand_no,
            h.game_id
        ))
    })
}

// ---------------------------------------------------------------- forms → entries

/// A submitted form: its fields, and the problems found.
#[derive(Default)]
pub struct HandForm {
    pub values: HashMap<String, String>,
    pub errors: Vec<EntryError>,
}

impl HandForm {
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

struct Reader<'a> {
    f: &'a HashMap<String, String>,
    lang: Lang,
    errors: Vec<EntryError>,
}

impl Reader<'_> {
    fn raw(&self, name: &str) -> Option<&str> {
        self.f.get(name).map(|s| s.trim()).filter(|s| !s.is_empty())
    }

    fn fail(&mut self, field: &str, key: &str) {
        self.errors.push(EntryError {
            field: field.to_owned(),
            message: super::i18n::tr(self.lang, key),
        });
    }

    /// `value` read from field `name`; when it did not read, `key`'s message on the field.
    fn checked<T>(&mut self, name: &str, value: Option<T>, key: &str) -> Option<T> {
        if value.is_none() {
            self.fail(name, key);
        }
        value
    }

    fn num(&mut self, name: &str) -> Option<u32> {
        let n = self.raw(name)?.parse::<u32>().ok();
        self.checked(name, n, "entry-not-a-number")
    }

    fn seat(&mut self, name: &str) -> Option<u8> {
        let s = u8::try_from(self.num(name)?).ok();
        self.checked(name, s, "entry-bad-seat")
    }

    fn suit(&mut self, name: &str) -> Option<Suit> {
        let letter = self.raw(name)?.chars().next().unwrap_or(' ');
        let s = Suit::from_letter(letter);
        self.checked(name, s, "entry-bad-suit")
    }

    fn required_suit(&mut self, name: &str) -> Suit {
        match self.suit(name) {
            Some(s) => s,
            None => {
                if self.raw(name).is_none() {
                    self.fail(name, "entry-required");
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
                        self.fail(&format!("cantes[{i}]"), "entry-cante-incomplete");
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
            if setup.game == GameKind::Tute {
                QuickHand::Tute(hand)
            } else {
                QuickHand::Guinote(hand)
            }
        }
        GameKind::Botifarra => {
            let choice = match r.raw("choice") {
                Some("botifarra") => BotifarraChoice::Botifarra,
                _ => BotifarraChoice::Suit(r.required_suit("choice")),
            };
            let chooser = r.seat("chooser").unwrap_or_else(|| {
                r.fail("chooser", "entry-required");
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

pub(crate) struct Loaded {
    pub(crate) game: Game,
    pub(crate) setup: GameSetup,
    pub(crate) seats: Vec<String>,
    pub(crate) hands: Vec<GameHand>,
    pub(crate) entered: Vec<(u8, Entered)>,
}

impl Loaded {
    /// Each hand's stored result, where it is stored in the current form.
    fn stored(&self) -> Vec<Option<StoredScore>> {
        self.hands
            .iter()
            .map(|h| StoredScore::from_json(&h.score))
            .collect()
    }

    /// Every hand's score and the scoreboard, from the results stored with the hands:
    /// a page shows a game without running the card-point search again. A hand stored
    /// in an older form (and the ones after it) is scored afresh.
    pub(crate) fn scored(
        &self,
        lang: Lang,
    ) -> Result<(Vec<HandScore>, Scoreboard), (usize, Vec<EntryError>)> {
        let stored = self.stored();
        let zero = zero_totals(&self.setup);
        let previous = Previous::of_stored(&stored, &zero);
        rescore_reusing(&self.setup, &self.entered, &previous, lang).map(|r| (r.scores, r.board))
    }
}

/// Who deals after the stored hands of `l`: from each hand's stored result, or, where
/// one is stored in an older form, from the game scored afresh.
fn next_dealer(l: &Loaded, stored: &[Option<StoredScore>], lang: Lang) -> Result<u8, AppError> {
    let chain = stored
        .iter()
        .try_fold(dealer_after(&l.setup, None), |d, s| {
            s.as_ref()
                .map(|s| dealer_after(&l.setup, Some((d, &s.score))))
        });
    match chain {
        Some(d) => Ok(d),
        None => l
            .scored(lang)
            .map(|(_, b)| b.next_dealer.unwrap_or(0))
            .map_err(|(i, e)| AppError::Internal(anyhow::anyhow!("hand {i}: {e:?}"))),
    }
}

/// Each side's total before the first hand.
fn zero_totals(setup: &GameSetup) -> Vec<Score> {
    crate::domain::entry::scoreboard(setup, &[]).totals
}

pub(crate) fn load(conn: &mut DbConn, id: i32) -> Result<Loaded, AppError> {
    let game = games::find_game(conn, id)?.ok_or(AppError::NotFound)?;
    let hands = games::game_hands(conn, id)?;
    let setup = setup_of(&game)?;
    let entered = hands
        .iter()
        .map(|h| Ok((u8::try_from(h.dealer).unwrap_or(0), entered_of(h)?)))
        .collect::<Result<Vec<_>, AppError>>()?;
    Ok(Loaded {
        seats: seats_of(&game),
        game,
        setup,
        hands,
        entered,
    })
}

/// What a hand submission asks for.
pub(crate) enum Change {
    Add {
        /// Who dealt it; `None`: whoever deals after the stored hands.
        dealer: Option<u8>,
        entered: Entered,
        submission: String,
    },
    Replace {
        hand_no: i32,
        entered: Entered,
    },
    Remove {
        hand_no: i32,
    },
    /// A deleted hand put back in its place (audit row `from`).
    Restore {
        hand_no: i32,
        dealer: u8,
        entered: Entered,
        from: i32,
    },
}

pub(crate) enum Outcome {
    Saved,
    /// Someone changed the game first; nothing was written.
    Stale,
    /// The change would make hand `.0` (1-based position) impossible.
    Invalid(usize, Vec<EntryError>),
    /// A double-tapped submit: the first one was saved, this one is ignored.
    Duplicate,
    /// A restored hand's place holds another hand now.
    Occupied,
    /// The game is over: no new hands.
    Over,
    /// The game is a championship table's whose result was confirmed: only the
    /// director or a referee may change it.
    Locked,
    /// The change corrects a confirmed result that later pairings depend on: they
    /// are listed (`round.table`, space-separated) and the change waits for a confirm.
    NeedsConfirm(String),
}

/// Who makes a change to a game, as a championship table needs to know.
#[derive(Debug, Clone, Default)]
pub struct ChangeBy {
    /// The director or a referee of the club.
    pub staff: bool,
    /// The tables (row id, pair) whose PINs this browser holds.
    pub sides: Vec<(i32, String)>,
    /// A correction whose dependents were shown and confirmed.
    pub confirmed: bool,
}

/// Applies one change to a game, atomically: version check, re-scoring of every
/// hand, the game's status, and the audit entry.
pub(crate) fn apply_change(
    conn: &mut DbConn,
    id: i32,
    version: i32,
    change: Change,
    (actor, by): (&str, &ChangeBy),
    lang: Lang,
) -> Result<Outcome, AppError> {
    crate::db::write_tx(conn, |conn| {
        if let Some(submission) = change.submission()
            && games::submission_exists(conn, &submission)?
        {
            return Ok(Outcome::Duplicate);
        }
        let l = load(conn, id)?;
        if let Change::Restore { hand_no, .. } = &change
            && l.hands.iter().any(|h| h.hand_no == *hand_no)
        {
            return Ok(Outcome::Occupied);
        }
        let table = table_games::table_of_game(conn, &l.game)?;
        if table.as_ref().is_some_and(|r| r.status == "final") && !by.staff {
            return Ok(Outcome::Locked);
        }
        if !games::bump_version(conn, id, version, now())? {
            return Ok(Outcome::Stale);
        }
        if matches!(change, Change::Add { .. }) && l.game.status == "finished" {
            return Err(AppError::Conflict {
                key: "error-game-over",
                detail: String::new(),
            });
        }
        let stored = l.stored();
        let mut hands = l.entered.clone();
        // Where each hand of the changed game was in the stored one (`None`: new or changed).
        let mut origin: Vec<Option<usize>> = (0..hands.len()).map(Some).collect();
        // Which stored row holds each hand of the changed game (`None`: a row to insert).
        let mut rows: Vec<Option<usize>> = origin.clone();
        let position = |n: i32| l.hands.iter().position(|h| h.hand_no == n);
        let (action, before, after, hand_no) = match &change {
            Change::Add {
                dealer, entered, ..
            } => {
                let dealer = match dealer {
                    Some(d) => *d,
                    None => next_dealer(&l, &stored, lang)?,
                };
                hands.push((dealer, entered.clone()));
                origin.push(None);
                rows.push(None);
                let no = l.hands.last().map_or(1, |h| h.hand_no + 1);
                (
                    "create",
                    None,
                    Some(hand_json(id, no, &entered.entry_json())),
                    no,
                )
            }
            Change::Replace { hand_no, entered } => {
                let i = position(*hand_no).ok_or(AppError::NotFound)?;
                let old = hands[i].1.entry_json();
                hands[i].1 = entered.clone();
                origin[i] = None;
                (
                    "update",
                    Some(hand_json(id, *hand_no, &old)),
                    Some(hand_json(id, *hand_no, &entered.entry_json())),
                    *hand_no,
                )
            }
            Change::Remove { hand_no } => {
                let i = position(*hand_no).ok_or(AppError::NotFound)?;
                let (dealer, old) = hands.remove(i);
                origin.remove(i);
                rows.remove(i);
                // Kept whole (its kind and dealer too) so the deletion can be undone.
                let before = kept_hand_json(id, *hand_no, dealer, &old, None);
                ("delete", Some(before), None, *hand_no)
            }
            Change::Restore {
                hand_no,
                dealer,
                entered,
                from,
            } => {
                let i = restore_at(&l.hands, *hand_no);
                hands.insert(i, (*dealer, entered.clone()));
                origin.insert(i, None);
                rows.insert(i, None);
                let after = kept_hand_json(id, *hand_no, *dealer, entered, Some(*from));
                ("restore", None, Some(after), *hand_no)
            }
        };
        // Only the changed hand, and the hands after it whose totals before them
        // changed, are checked again: the others keep their stored result.
        let zero = zero_totals(&l.setup);
        let was = Previous::of_stored(&stored, &zero);
        let previous: Vec<Option<Previous>> = origin
            .iter()
            .map(|o| o.and_then(|m| was.get(m).copied().flatten()))
            .collect();
        let rescored = match rescore_reusing(&l.setup, &hands, &previous, lang) {
            Ok(v) => v,
            Err((i, errors)) => {
                // Nothing of this change may stay: roll back the version bump too.
                return Err(AppError::Invalid(i + 1, errors));
            }
        };
        // The stored form of each result that may have changed (`None`: the hand kept
        // its stored result, so its row already holds it).
        let results: Vec<Option<String>> = rescored
            .scores
            .iter()
            .zip(&rescored.board.running)
            .zip(&rescored.reused)
            .map(|((s, totals), kept)| {
                (!kept).then(|| match StoredScore::new(s, totals) {
                    Some(k) => k.to_json(),
                    None => serde_json::to_string(s).unwrap_or_default(),
                })
            })
            .collect();
        let board = rescored.board;
        let t = now();
        // A new hand and a hand put back get a row: (dealer, hand, result, submission).
        let restored;
        let inserted = match &change {
            Change::Add {
                entered,
                submission,
                ..
            } => {
                let dealer = hands.last().map_or(0, |(d, _)| *d);
                Some((
                    dealer,
                    entered,
                    results.last().and_then(|r| r.as_deref()),
                    submission.as_str(),
                ))
            }
            Change::Restore {
                dealer,
                entered,
                from,
                ..
            } => {
                restored = restore_submission(*from);
                let score = results
                    .get(restore_at(&l.hands, hand_no))
                    .and_then(|r| r.as_deref());
                Some((*dealer, entered, score, restored.as_str()))
            }
            Change::Replace { .. } | Change::Remove { .. } => None,
        };
        if let Some((dealer, entered, score, submission)) = inserted {
            games::insert_hand(
                conn,
                &NewHand {
                    game_id: id,
                    hand_no,
                    kind: entered.kind(),
                    dealer: i32::from(dealer),
                    entry: &entered.entry_json(),
                    score: score.ok_or(AppError::NotFound)?,
                    submission,
                    created_at: t,
                    updated_at: t,
                },
            )?;
        }
        // Every other stored hand gets its fresh result where it changed (a
        // correction changes the totals of those after it).
        if let Change::Remove { hand_no } = &change
            && let Some(h) = l.hands.iter().find(|h| h.hand_no == *hand_no)
        {
            games::delete_hand(conn, h.id)?;
        }
        for ((((_, e), score), row), kept) in hands.iter().zip(&results).zip(&rows).zip(&origin) {
            let (Some(h), Some(score)) = (row.and_then(|m| l.hands.get(m)), score) else {
                continue;
            };
            // Only what changed is written: a new hand leaves the earlier ones as
            // they were, so saving one costs the same however long the game is.
            if kept.is_some() {
                // The same entry: only its result may have changed.
                if h.score != *score {
                    games::update_hand(conn, h.id, &h.kind, &h.entry, score, t)?;
                }
                continue;
            }
            let (kind, entry) = (e.kind(), e.entry_json());
            if (h.kind.as_str(), h.entry.as_str(), h.score.as_str())
                != (kind, entry.as_str(), score.as_str())
            {
                games::update_hand(conn, h.id, kind, &entry, score, t)?;
            }
        }
        let (status, winner) = match &board.game_over {
            Some(g) => ("finished", Some(i32::from(g.winner))),
            None => ("playing", None),
        };
        games::set_outcome(conn, id, status, winner)?;
        accounts::insert_audit(
            conn,
            &NewAudit {
                at: t,
                actor,
                action,
                // The hand is named by its game (entity_id) and its number (in the JSON).
                entity: "hand",
                entity_id: id,
                club_id: Some(l.game.club_id),
                event_id: table.as_ref().map(|r| r.event_id),
                before_json: before,
                after_json: after,
            },
        )?;
        if let Some(row) = &table {
            let side = by
                .sides
                .iter()
                .find(|(t, _)| *t == row.id)
                .map(|(_, s)| s.as_str());
            let who = table_games::TableActor {
                side,
                staff: by.staff,
                confirmed: by.confirmed,
                actor,
            };
            match table_games::sync_after_change(conn, id, &who, t) {
                Ok(_) => {}
                Err(ChangeError::Refused("tournament-correction-confirm", list)) => {
                    return Err(AppError::Conflict {
                        key: "tournament-correction-confirm",
                        detail: list,
                    });
                }
                Err(e) => return Err(AppError::from(e)),
            }
        }
        Ok(Outcome::Saved)
    })
    .or_else(|e| match e {
        AppError::Invalid(i, errors) => Ok(Outcome::Invalid(i, errors)),
        AppError::Conflict {
            key: "tournament-correction-confirm",
            detail,
        } => Ok(Outcome::NeedsConfirm(detail)),
        AppError::Conflict {
            key: "error-game-over",
            ..
        } => Ok(Outcome::Over),
        other => Err(other),
    })
}

impl Change {
    /// The one-time id that makes a second tap of the same submit a no-op.
    fn submission(&self) -> Option<String> {
        match self {
            Change::Add { submission, .. } => Some(submission.clone()),
            Change::Restore { from, .. } => Some(restore_submission(*from)),
            _ => None,
        }
    }
}

/// The submission id of the restore of the deletion audited as row `from`: a deleted
/// hand comes back once.
fn restore_submission(from: i32) -> String {
    format!("restore-{from}")
}

/// Where hand number `hand_no` goes back among `hands` (in order of number).
fn restore_at(hands: &[GameHand], hand_no: i32) -> usize {
    hands
        .iter()
        .position(|h| h.hand_no > hand_no)
        .unwrap_or(hands.len())
}

/// An audit snapshot of a whole hand (a deleted one, or one put back): its game, its
/// number, its dealer (0-based seat), its kind and entry, and the deletion it undoes.
fn kept_hand_json(game: i32, hand: i32, dealer: u8, e: &Entered, from: Option<i32>) -> String {
    let entry: serde_json::Value = serde_json::from_str(&e.entry_json()).unwrap_or_default();
    let mut v = serde_json::json!({
        "game": game,
        "hand": hand,
        "dealer": dealer,
        "kind": e.kind(),
        "entry": entry,
    });
    if let Some(from) = from {
        v["restored_from"] = from.into();
    }
    v.to_string()
}

/// An audit snapshot of a hand: its game, its number and what was entered.
fn hand_json(game: i32, hand: i32, entry: &str) -> String {
    let entry: serde_json::Value = serde_json::from_str(entry).unwrap_or_default();
    serde_json::json!({"game": game, "hand": hand, "entry": entry}).to_string()
}

/// The fields of a posted form, repeated keys allowed.
fn fields(body: &web::Bytes) -> Result<HashMap<String, String>, AppError> {
    serde_html_form::from_bytes::<Vec<(String, String)>>(body)
        .map(|v| v.into_iter().collect())
        .map_err(|e| AppError::bad_request("error-bad-request", e.to_string()))
}
