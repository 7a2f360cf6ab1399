//! Changes to a game's hands: adding, correcting, removing and restoring one, each
//! applied atomically with its version claim, its hand rows, its audit entry and its
//! championship table's result, and answered with an [`Outcome`].

use super::{Loaded, load, zero_totals};
use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::championship::store::ChangeError;
use crate::db::championship::tables;
use crate::db::games::{self, Game, GameHand, NewHand};
use crate::domain::Lang;
use crate::domain::entry::{
    Entered, EntryError, GameSetup, Previous, StoredScore, Tail, dealer_after, rescore_reusing,
};
use crate::domain::refusal::{Place, Refusal};
use crate::domain::status::{GameStatus, TableStatus};
use crate::domain::tournament::Side;
use crate::error::AppError;
use crate::service::{championship, now};

/// Who deals after the stored hands of `l`: from each hand's stored result, or, where
/// one is stored in an older form, from the game scored afresh.
fn next_dealer(l: &Loaded, stored: &[Option<StoredScore>], lang: Lang) -> Result<u8, Stop> {
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
            .map_err(|(i, e)| Stop::Failed(AppError::Internal(anyhow::anyhow!("hand {i}: {e:?}")))),
    }
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

/// What became of a change to a game's hands.
#[derive(Debug)]
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
    /// are listed, with who would have met in their rounds with the correction, and
    /// the change waits for a confirm.
    NeedsConfirm(Vec<Place>, Vec<crate::domain::tournament::Hindsight>),
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

/// A change worked out against the game as read: what to write, or why it cannot be
/// made. Working it out reads nothing from the database, so a save does it before
/// it takes its turn at the writer; the write uses it while the game is still at the
/// version it was read at, and otherwise works it out again inside its transaction.
pub(crate) struct Planned {
    /// The game's version when it was read.
    read_version: i32,
    club_id: i32,
    /// The first partida of the game's match, which a championship table names.
    first: i32,
    /// A restored hand's place holds another hand.
    occupied: bool,
    /// A hand added to a game that is over.
    adds_to_finished: bool,
    work: Result<Work, Stop>,
}

/// Why a change's transaction stops short, rolling back what it wrote (the version
/// claim too): a refusal its caller is told as an [`Outcome`], or a failure.
#[derive(Debug)]
enum Stop {
    Refused(Outcome),
    Failed(AppError),
}

impl From<AppError> for Stop {
    fn from(e: AppError) -> Self {
        Stop::Failed(e)
    }
}

impl From<diesel::result::Error> for Stop {
    fn from(e: diesel::result::Error) -> Self {
        Stop::Failed(AppError::from(e))
    }
}

/// The rows one change writes, and its audit entry.
struct Work {
    action: &'static str,
    before: Option<serde_json::Value>,
    after: Option<serde_json::Value>,
    hand_no: i32,
    /// A new hand or a hand put back: (dealer, kind, entry, result, submission).
    insert: Option<(u8, &'static str, String, String, String)>,
    /// The stored row of a removed hand.
    delete: Option<i32>,
    /// Stored rows whose hand or result changed: (row, kind, entry, result).
    updates: Vec<(i32, String, String, String)>,
    status: &'static str,
    winner: Option<i32>,
    /// Where the game stands after the change (`Tail` as JSON).
    tail: String,
}

/// A game as a save read it before its turn at the writer: whole, or only its row,
/// which is enough to add a hand after the tail kept with it.
pub(crate) enum Read {
    Whole(Loaded),
    Row(Game, GameSetup),
}

impl Read {
    pub(crate) fn game(&self) -> &Game {
        match self {
            Read::Whole(l) => &l.game,
            Read::Row(g, _) => g,
        }
    }

    pub(crate) fn setup(&self) -> &GameSetup {
        match self {
            Read::Whole(l) => &l.setup,
            Read::Row(_, s) => s,
        }
    }

    /// The change worked out against the game as read; `None` where the row alone
    /// cannot tell (not an addition, no tail kept, a game that is over): the write
    /// then works it out from the whole game.
    pub(crate) fn plan(&self, change: &Change, lang: Lang) -> Option<Planned> {
        match self {
            Read::Whole(l) => Some(plan(l, change, lang)),
            Read::Row(game, setup) => plan_addition(game, setup, change, lang),
        }
    }
}

/// A hand added after the tail kept in the game's row: scored from the tail alone,
/// so a save costs the same at hand 5 and at hand 50.
fn plan_addition(game: &Game, setup: &GameSetup, change: &Change, lang: Lang) -> Option<Planned> {
    let Change::Add {
        dealer,
        entered,
        submission,
    } = change
    else {
        return None;
    };
    if game.status == GameStatus::Finished {
        return None;
    }
    let tail = Tail::from_json(game.tail.as_deref()?)?;
    let dealer = dealer.or(tail.next_dealer)?;
    let added = tail.add(setup, dealer, entered, lang)?;
    let no = tail.last_no + 1;
    let work = added
        .map_err(|errors| Stop::Refused(Outcome::Invalid(tail.hands + 1, errors)))
        .map(|a| {
            let entry = entered.entry_json();
            let score = StoredScore::text_of(&a.score, &a.tail.totals).unwrap_or_default();
            let (status, winner) = games::outcome_of(a.game_over.as_ref());
            Work {
                action: "create",
                before: None,
                after: Some(hand_json(game.id, no, &entry)),
                hand_no: no,
                insert: Some((dealer, entered.kind(), entry, score, submission.clone())),
                delete: None,
                updates: Vec::new(),
                status,
                winner,
                tail: a.tail.to_json(),
            }
        });
    Some(Planned {
        read_version: game.version,
        club_id: game.club_id,
        first: game.series_id.unwrap_or(game.id),
        occupied: false,
        adds_to_finished: false,
        work,
    })
}

/// Works `change` out against the game `l` as read, in `lang` (the language of an
/// error): nothing is read or written.
pub(crate) fn plan(l: &Loaded, change: &Change, lang: Lang) -> Planned {
    Planned {
        read_version: l.game.version,
        club_id: l.game.club_id,
        first: l.game.series_id.unwrap_or(l.game.id),
        occupied: matches!(change, Change::Restore { hand_no, .. }
            if l.hands.iter().any(|h| h.hand_no == *hand_no)),
        adds_to_finished: matches!(change, Change::Add { .. })
            && l.game.status == GameStatus::Finished,
        work: work_out(l, change, lang),
    }
}

fn work_out(l: &Loaded, change: &Change, lang: Lang) -> Result<Work, Stop> {
    let id = l.game.id;
    let stored = l.stored();
    let mut hands = l.entered.clone();
    // Where each hand of the changed game was in the stored one (`None`: new or changed).
    let mut origin: Vec<Option<usize>> = (0..hands.len()).map(Some).collect();
    // Which stored row holds each hand of the changed game (`None`: a row to insert).
    let mut rows: Vec<Option<usize>> = origin.clone();
    let position = |n: i32| l.hands.iter().position(|h| h.hand_no == n);
    // The stored row of a removed hand.
    let mut delete = None;
    let (action, before, after, hand_no) = match change {
        Change::Add {
            dealer, entered, ..
        } => {
            let dealer = match dealer {
                Some(d) => *d,
                None => next_dealer(l, &stored, lang)?,
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
            let i = position(*hand_no).ok_or(Stop::Failed(AppError::NotFound))?;
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
            let i = position(*hand_no).ok_or(Stop::Failed(AppError::NotFound))?;
            let (dealer, old) = hands.remove(i);
            origin.remove(i);
            rows.remove(i);
            delete = Some(l.hands[i].id);
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
    // Nothing of this change may stay: the version bump is rolled back too.
    let rescored = rescore_reusing(&l.setup, &hands, &previous, lang)
        .map_err(|(i, errors)| Stop::Refused(Outcome::Invalid(i + 1, errors)))?;
    // The stored form of each result that may have changed (`None`: the hand kept
    // its stored result, so its row already holds it).
    let results: Vec<Option<String>> = rescored
        .scores
        .iter()
        .zip(&rescored.board.running)
        .zip(&rescored.reused)
        .map(|((s, totals), kept)| {
            (!kept).then(|| StoredScore::text_of(s, totals).unwrap_or_default())
        })
        .collect();
    // A corrected hand's snapshots carry its scoreboard points before and after, so
    // that its history says how the score changed.
    let (before, after) = match change {
        Change::Replace { hand_no, .. } => match position(*hand_no) {
            Some(i) => (
                with_hand_points(before, stored_hand_points(&l.hands[i].score).as_deref()),
                with_hand_points(
                    after,
                    rescored.scores.get(i).map(|s| s.hand_points.as_slice()),
                ),
            ),
            None => (before, after),
        },
        _ => (before, after),
    };
    // A new hand and a hand put back get a row: the hand at `i` of the changed game.
    let row = |i: usize, submission: String| match (hands.get(i), results.get(i)) {
        (Some((dealer, entered)), Some(Some(score))) => Ok((
            *dealer,
            entered.kind(),
            entered.entry_json(),
            score.clone(),
            submission,
        )),
        _ => Err(Stop::Failed(AppError::NotFound)),
    };
    let insert = match change {
        Change::Add { submission, .. } => Some(row(hands.len() - 1, submission.clone())?),
        Change::Restore { from, .. } => Some(row(
            restore_at(&l.hands, hand_no),
            restore_submission(*from),
        )?),
        Change::Replace { .. } | Change::Remove { .. } => None,
    };
    // Every other stored hand gets its fresh result where it changed (a correction
    // changes the totals of those after it). Only what changed is written: a new
    // hand leaves the earlier ones as they were.
    let mut updates = Vec::new();
    for ((((_, e), score), row), kept) in hands.iter().zip(&results).zip(&rows).zip(&origin) {
        let (Some(h), Some(score)) = (row.and_then(|m| l.hands.get(m)), score) else {
            continue;
        };
        if kept.is_some() {
            // The same entry: only its result may have changed.
            if h.score != *score {
                updates.push((h.id, h.kind.clone(), h.entry.clone(), score.clone()));
            }
            continue;
        }
        let (kind, entry) = (e.kind(), e.entry_json());
        if (h.kind.as_str(), h.entry.as_str(), h.score.as_str())
            != (kind, entry.as_str(), score.as_str())
        {
            updates.push((h.id, kind.to_owned(), entry, score.clone()));
        }
    }
    let (status, winner) = games::outcome_of(rescored.board.game_over.as_ref());
    // The last hand's number once the change is made.
    let last_no = l
        .hands
        .iter()
        .map(|h| h.hand_no)
        .filter(|n| !matches!(change, Change::Remove { hand_no } if hand_no == n))
        .chain(matches!(change, Change::Add { .. } | Change::Restore { .. }).then_some(hand_no))
        .max()
        .unwrap_or(0);
    Ok(Work {
        action,
        before,
        after,
        hand_no,
        insert,
        delete,
        updates,
        status,
        winner,
        tail: Tail::of(&rescored.board, last_no).to_json(),
    })
}

/// Applies one change to a game, atomically: version check, re-scoring of every
/// hand, the game's status, and the audit entry.
pub(crate) fn apply_change(
    conn: &mut DbConn,
    id: i32,
    version: i32,
    change: Change,
    by: (&str, &ChangeBy),
    lang: Lang,
) -> Result<Outcome, AppError> {
    apply_planned(conn, (id, version), change, None, by, lang)
}

/// [`apply_change`], with the change already worked out against the game as read
/// (`read`): used as it is while the game is still at the version it was read at.
pub(crate) fn apply_planned(
    conn: &mut DbConn,
    (id, version): (i32, i32),
    change: Change,
    read: Option<Planned>,
    (actor, by): (&str, &ChangeBy),
    lang: Lang,
) -> Result<Outcome, AppError> {
    crate::db::write_tx(conn, |conn| {
        if let Some(submission) = change.submission()
            && games::submission_exists(conn, id, &submission)?
        {
            return Ok(Outcome::Duplicate);
        }
        // A plan worked out at the version the page sent holds if the claim of that
        // version below succeeds; another needs the game unchanged since it was read.
        let planned = match read {
            Some(p) if p.read_version == version && !p.occupied => p,
            Some(p) if games::version_of(conn, id)? == Some(p.read_version) => p,
            _ => plan(&load(conn, id)?, &change, lang),
        };
        if planned.occupied {
            return Ok(Outcome::Occupied);
        }
        let table = tables::table_of_match(conn, planned.first)?;
        if table
            .as_ref()
            .is_some_and(|r| r.status == TableStatus::Final)
            && !by.staff
        {
            return Ok(Outcome::Locked);
        }
        let t = now();
        // The claim of the version writes the game's result with it when it is known.
        let claimed = match &planned.work {
            Ok(w) => {
                games::claim_with_result(conn, (id, version), t, (w.status, w.winner), &w.tail)?
            }
            Err(_) => games::bump_version(conn, id, version, t)?,
        };
        if !claimed {
            // The version may have been taken by this very submission, committed by
            // another server while this one waited for the game's row (a request sent
            // again by a load balancer): once the claim has waited, that commit shows.
            if let Some(submission) = change.submission()
                && games::submission_exists(conn, id, &submission)?
            {
                return Ok(Outcome::Duplicate);
            }
            return Ok(Outcome::Stale);
        }
        if planned.adds_to_finished {
            return Err(Stop::Refused(Outcome::Over));
        }
        let w = planned.work?;
        if let Some((dealer, kind, entry, score, submission)) = &w.insert {
            games::insert_hand(
                conn,
                &NewHand {
                    game_id: id,
                    hand_no: w.hand_no,
                    kind,
                    dealer: i32::from(*dealer),
                    entry,
                    score,
                    submission,
                    created_at: t,
                    updated_at: t,
                },
            )?;
        }
        if let Some(row) = w.delete {
            games::delete_hand(conn, row)?;
        }
        for (row, kind, entry, score) in &w.updates {
            games::update_hand(conn, *row, kind, entry, score, t)?;
        }
        // The hand is named by its game (entity_id) and its number (in the JSON).
        let scope = (
            Some(planned.club_id),
            table.as_ref().map(|r| r.championship_id),
        );
        // At a championship table, the pair whose PIN this browser holds there.
        let side = table.as_ref().and_then(|row| {
            by.sides
                .iter()
                .find(|(t, _)| *t == row.id)
                .map(|(_, s)| s.as_str())
        });
        let by_pair = side.filter(|_| !by.staff).and_then(Side::of_letter);
        let after = accounts::with_by_pair(w.after, by_pair);
        let text = |v: Option<serde_json::Value>| v.map(|v| v.to_string());
        let audit = NewAudit::new(
            (actor, t),
            w.action,
            ("hand", id),
            scope,
            (text(w.before), text(after)),
        );
        accounts::insert_audit(conn, &audit)?;
        if table.is_some() {
            let who = championship::TableActor {
                side,
                staff: by.staff,
                confirmed: by.confirmed,
                actor,
            };
            match championship::sync_after_change(conn, id, &who, t) {
                Ok(_) => {}
                Err(ChangeError::Refused(Refusal::CorrectionConfirm(list, seen))) => {
                    return Err(Stop::Refused(Outcome::NeedsConfirm(list, seen)));
                }
                Err(e) => return Err(Stop::Failed(AppError::from(e))),
            }
        }
        Ok(Outcome::Saved)
    })
    .or_else(|stop| match stop {
        Stop::Refused(outcome) => Ok(outcome),
        Stop::Failed(e) => Err(e),
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
fn kept_hand_json(
    game: i32,
    hand: i32,
    dealer: u8,
    e: &Entered,
    from: Option<i32>,
) -> serde_json::Value {
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
    v
}

/// The scoreboard points kept in a hand's `score` column, where it can be read.
fn stored_hand_points(text: &str) -> Option<Vec<crate::domain::Score>> {
    match crate::domain::entry::StoredScore::from_json(text) {
        Some(kept) => Some(kept.score.hand_points),
        None => serde_json::from_str::<crate::domain::entry::HandScore>(text)
            .ok()
            .map(|s| s.hand_points),
    }
}

/// An audit snapshot with the hand's scoreboard points added (`hand_points`).
fn with_hand_points(
    snapshot: Option<serde_json::Value>,
    points: Option<&[crate::domain::Score]>,
) -> Option<serde_json::Value> {
    match (snapshot, points) {
        (Some(mut v), Some(points)) if v.is_object() => {
            v["hand_points"] = points.iter().map(|p| p.to_value()).collect();
            Some(v)
        }
        (snapshot, _) => snapshot,
    }
}

/// An audit snapshot of a hand: its game, its number and what was entered.
fn hand_json(game: i32, hand: i32, entry: &str) -> serde_json::Value {
    let entry: serde_json::Value = serde_json::from_str(entry).unwrap_or_default();
    serde_json::json!({"game": game, "hand": hand, "entry": entry})
}
