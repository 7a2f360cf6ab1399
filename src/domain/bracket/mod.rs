//! Knockout brackets: single elimination (optional third-place match), double
//! elimination (grand final with optional reset) and groups to knockout, with results,
//! corrections that void exactly the matches depending on them, and a layout view-model
//! for an HTML/CSS bracket page. Pure: no I/O, no clock, no randomness (the lot takes its
//! seed as an argument); beside the rules core, it uses nothing else of the domain but
//! its languages (a refusal in words, [`BracketError::words`]).
//!
//! A [`Bracket`] is built over a power-of-two template whose bye matches are compiled
//! away, so a bracket of `N` entrants has exactly `N − 1` matches (single elimination,
//! plus one for third place) or `2N − 2` (double elimination, plus one for the reset),
//! and the top seeds start in round 2. Match ids are indices in creation order, which
//! is a topological order: a slot only ever refers to an earlier match.

mod construct;
mod layout;
mod onward;
mod results;
mod seeding;
mod words;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

pub use construct::{double_elimination, groups_to_knockout, single_elimination};
pub use layout::{
    BoxSlot, Connector, Layout, LayoutColumn, LayoutSection, MatchBox, RoundName, Stage,
};
pub use onward::{NextMatch, Onward};
pub use results::{Op, apply, match_state};
pub use seeding::{Fill, loser_drop_masks, seed_by_lot, standard_order};

use serde::{Deserialize, Serialize};
use std::fmt;

/// Largest bracket accepted (entrants).
pub const MAX_ENTRANTS: usize = 1 << 16;

/// An entrant (pair or player), as numbered by the caller (e.g. its index in the
/// tournament file's entrant list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EntrantId(pub u32);

/// A match: its index in [`Bracket::matches`]. Stable for the life of the bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MatchId(pub u32);

impl MatchId {
    fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

impl EntrantId {
    /// This entrant's name among `names`, the bracket's entrants in its order; `None`
    /// when the list has none for it.
    pub fn name_in(self, names: &[String]) -> Option<String> {
        names.get(usize::try_from(self.0).ok()?).cloned()
    }
}

impl fmt::Display for EntrantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "entrant {}", self.0)
    }
}

/// The kind of bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    SingleElimination { third_place: bool },
    DoubleElimination { grand_final_reset: bool },
}

/// Which part of the bracket a match belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The main (single elimination) or winners' bracket.
    Winners,
    /// The losers' bracket (double elimination).
    Losers,
    /// The match for third place (single elimination).
    ThirdPlace,
    /// Round 1 is the grand final; round 2 the reset, played only if the losers'
    /// bracket champion wins round 1.
    GrandFinal,
}

/// Where a slot's occupant comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    Entrant(EntrantId),
    Winner(MatchId),
    Loser(MatchId),
}

/// A match's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// At least one occupant is not known yet.
    Pending,
    /// Both occupants are known; no result.
    Ready,
    Played,
    /// Its result was annulled by a correction upstream; it must be played again
    /// (it is playable as soon as both occupants are known).
    Void,
    /// The grand-final reset when the winners' bracket champion won the grand final.
    NotNeeded,
}

/// A match's result: the winner, and the score per slot if it was entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: EntrantId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<[u32; 2]>,
}

/// One match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    pub id: MatchId,
    pub side: Side,
    /// 1-based round within the side.
    pub round: u32,
    /// 1-based position within the round of the power-of-two template (so positions
    /// of bye matches that were compiled away are skipped).
    pub position: u32,
    pub slots: [Slot; 2],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    pub status: Status,
    #[serde(skip)]
    entrants: [Option<EntrantId>; 2],
    #[serde(skip)]
    winner_to: Option<(MatchId, usize)>,
    #[serde(skip)]
    loser_to: Option<(MatchId, usize)>,
}

impl Match {
    /// The current occupants of the two slots.
    pub fn entrants(&self) -> [Option<EntrantId>; 2] {
        self.entrants
    }

    /// The names of the two occupants among `names`, the bracket's entrants in its
    /// order; `None` while a slot waits for its entrant.
    pub fn entrant_names(&self, names: &[String]) -> Option<[String; 2]> {
        let [a, b] = self.entrants;
        Some([a?.name_in(names)?, b?.name_in(names)?])
    }

    /// Where the winner goes (match and slot 0/1).
    pub fn winner_to(&self) -> Option<(MatchId, usize)> {
        self.winner_to
    }

    /// Where the loser goes (match and slot 0/1): the losers' bracket, the third-place
    /// match or the grand-final reset.
    pub fn loser_to(&self) -> Option<(MatchId, usize)> {
        self.loser_to
    }

    /// Both occupants known and no result: a result may be recorded.
    pub fn is_playable(&self) -> bool {
        matches!(self.status, Status::Ready | Status::Void)
            && self.entrants[0].is_some()
            && self.entrants[1].is_some()
    }

    /// The loser, once played.
    pub fn loser(&self) -> Option<EntrantId> {
        let winner = self.result?.winner;
        self.entrants.into_iter().flatten().find(|&e| e != winner)
    }

    /// A short language-neutral code: `W2.3` (winners' round 2, position 3), `L1.1`,
    /// `3P`, `GF`, `GF2`.
    pub fn code(&self) -> String {
        match self.side {
            Side::Winners => format!("W{}.{}", self.round, self.position),
            Side::Losers => format!("L{}.{}", self.round, self.position),
            Side::ThirdPlace => "3P".to_string(),
            Side::GrandFinal if self.round >= 2 => "GF2".to_string(),
            Side::GrandFinal => "GF".to_string(),
        }
    }
}

/// What a correction did (or, from [`Bracket::preview_correction`], would do).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    /// Played matches whose result was annulled (exactly [`Bracket::dependents`]).
    pub voided: Vec<MatchId>,
    /// Matches that can be played (again) now: voided ones whose occupants are known,
    /// and the corrected match's next matches.
    pub reopened: Vec<MatchId>,
}

/// Why a bracket cannot be built, loaded or updated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BracketError {
    NoEntrants,
    TooManyEntrants(usize),
    DuplicateEntrant(EntrantId),
    UnknownMatch(MatchId),
    /// An occupant is still unknown, or the match is a reset that is not needed.
    NotReady(MatchId),
    /// Use [`Bracket::correct_result`] to change it.
    AlreadyPlayed(MatchId),
    /// A correction of a match without a result.
    NotPlayed(MatchId),
    NotInMatch(MatchId, EntrantId),
    /// Equal scores: elimination matches have a winner.
    Draw(MatchId),
    /// The score says the other entrant won.
    ScoreContradictsWinner(MatchId),
    /// `groups_to_knockout`: a group has fewer entrants than qualify from it.
    GroupTooSmall {
        group: usize,
        size: usize,
    },
    /// A phase seeded from standings asks for more qualifiers (`takes`) than the
    /// entrants who can qualify (`can`).
    TooFewToQualify {
        can: usize,
        takes: usize,
    },
    /// A stored bracket is inconsistent.
    Invalid(String),
}

impl fmt::Display for BracketError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BracketError::NoEntrants => write!(f, "a bracket needs at least one entrant"),
            BracketError::TooManyEntrants(n) => {
                write!(f, "{n} entrants: a bracket takes at most {MAX_ENTRANTS}")
            }
            BracketError::DuplicateEntrant(e) => write!(f, "{e} is seeded twice"),
            BracketError::UnknownMatch(m) => write!(f, "there is no match {m}"),
            BracketError::NotReady(m) => write!(f, "match {m} cannot be played yet"),
            BracketError::AlreadyPlayed(m) => {
                write!(f, "match {m} already has a result; correct it instead")
            }
            BracketError::NotPlayed(m) => write!(f, "match {m} has no result to correct"),
            BracketError::NotInMatch(m, e) => write!(f, "{e} does not play match {m}"),
            BracketError::Draw(m) => write!(f, "match {m} cannot end in a draw"),
            BracketError::ScoreContradictsWinner(m) => {
                write!(f, "the score of match {m} says the other entrant won")
            }
            BracketError::GroupTooSmall { group, size } => write!(
                f,
                "group {} has {size} entrants, fewer than qualify from it",
                group + 1
            ),
            BracketError::TooFewToQualify { can, takes } => write!(
                f,
                "invalid bracket: {can} entrants can qualify, the phase takes {takes}"
            ),
            BracketError::Invalid(why) => write!(f, "invalid bracket: {why}"),
        }
    }
}

impl std::error::Error for BracketError {}

/// A knockout bracket. Serializes to JSON (structure, results and statuses); loading
/// recomputes the occupants and refuses inconsistent data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "BracketData", into = "BracketData")]
pub struct Bracket {
    format: Format,
    seeds: Vec<EntrantId>,
    matches: Vec<Match>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BracketData {
    format: Format,
    seeds: Vec<EntrantId>,
    matches: Vec<Match>,
}

impl TryFrom<BracketData> for Bracket {
    type Error = BracketError;
    fn try_from(d: BracketData) -> Result<Bracket, BracketError> {
        Bracket::rebuild(d.format, d.seeds, d.matches)
    }
}

impl From<Bracket> for BracketData {
    fn from(b: Bracket) -> BracketData {
        BracketData {
            format: b.format,
            seeds: b.seeds,
            matches: b.matches,
        }
    }
}

fn invalid(why: String) -> BracketError {
    BracketError::Invalid(why)
}

impl Bracket {
    /// Links the matches, recomputes occupants and statuses, and checks everything.
    /// Used by the constructors and by deserialization.
    pub(crate) fn rebuild(
        format: Format,
        seeds: Vec<EntrantId>,
        mut matches: Vec<Match>,
    ) -> Result<Bracket, BracketError> {
        if seeds.len() > MAX_ENTRANTS {
            return Err(BracketError::TooManyEntrants(seeds.len()));
        }
        let mut sorted = seeds.clone();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(BracketError::DuplicateEntrant(w[0]));
        }
        if matches.len() > 4 * MAX_ENTRANTS {
            return Err(invalid("too many matches".into()));
        }
        let mut placed = vec![false; seeds.len()];
        for i in 0..matches.len() {
            let id = MatchId(i as u32);
            if matches[i].id != id {
                return Err(invalid(format!("match {i} has id {}", matches[i].id)));
            }
            if !(1..=32).contains(&matches[i].round)
                || !(1..=MAX_ENTRANTS as u32).contains(&matches[i].position)
            {
                return Err(invalid(format!(
                    "match {id} has no valid round and position"
                )));
            }
            matches[i].entrants = [None, None];
            matches[i].winner_to = None;
            matches[i].loser_to = None;
            for k in 0..2 {
                match matches[i].slots[k] {
                    Slot::Entrant(e) => {
                        let Ok(at) = sorted.binary_search(&e) else {
                            return Err(invalid(format!("{e} in match {id} is not seeded")));
                        };
                        if std::mem::replace(&mut placed[at], true) {
                            return Err(invalid(format!("{e} is placed twice")));
                        }
                    }
                    Slot::Winner(src) | Slot::Loser(src) => {
                        if src.index() >= i {
                            return Err(invalid(format!("match {id} refers to a later match")));
                        }
                        let edge = match matches[i].slots[k] {
                            Slot::Winner(_) => &mut matches[src.index()].winner_to,
                            _ => &mut matches[src.index()].loser_to,
                        };
                        if edge.replace((id, k)).is_some() {
                            return Err(invalid(format!("match {src} feeds two slots")));
                        }
                    }
                }
            }
        }
        let stored: Vec<Status> = matches.iter().map(|m| m.status).collect();
        for m in &mut matches {
            m.status = Status::Pending;
        }
        let mut b = Bracket {
            format,
            seeds,
            matches,
        };
        for (i, stored) in stored.into_iter().enumerate() {
            for k in 0..2 {
                if let Slot::Entrant(e) = b.matches[i].slots[k] {
                    b.matches[i].entrants[k] = Some(e);
                }
            }
            let m = &mut b.matches[i];
            let full = m.entrants[0].is_some() && m.entrants[1].is_some();
            m.status = if let Some(r) = m.result {
                if !full || !m.entrants.contains(&Some(r.winner)) {
                    return Err(invalid(format!(
                        "the result of match {} is impossible",
                        m.id
                    )));
                }
                if let Some(s) = r.score
                    && outcome_of_score(m.id, m.entrants, s)? != r.winner
                {
                    return Err(BracketError::ScoreContradictsWinner(m.id));
                }
                Status::Played
            } else if m.status == Status::NotNeeded {
                Status::NotNeeded
            } else if stored == Status::Void {
                Status::Void
            } else if full {
                Status::Ready
            } else {
                Status::Pending
            };
            if m.result.is_some() {
                b.push_result(i, &mut Vec::new());
            }
        }
        Ok(b)
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// The entrants in seed order (seed 1 first).
    pub fn seeds(&self) -> &[EntrantId] {
        &self.seeds
    }

    pub fn matches(&self) -> &[Match] {
        &self.matches
    }

    pub fn get(&self, id: MatchId) -> Option<&Match> {
        self.matches.get(id.index())
    }

    /// The matches that can be played now.
    pub fn playable(&self) -> Vec<MatchId> {
        self.matches
            .iter()
            .filter(|m| m.is_playable())
            .map(|m| m.id)
            .collect()
    }

    /// The entrants that skip the first round (the top seeds when the number of
    /// entrants is not a power of two).
    pub fn byes(&self) -> Vec<EntrantId> {
        let mut out: Vec<EntrantId> = self
            .matches
            .iter()
            .filter(|m| !(m.side == Side::Winners && m.round == 1))
            .flat_map(|m| m.slots)
            .filter_map(|s| match s {
                Slot::Entrant(e) => Some(e),
                _ => None,
            })
            .collect();
        let seed_of = |e: &EntrantId| self.seeds.iter().position(|s| s == e);
        out.sort_by_key(seed_of);
        out
    }

    /// Records the winner of a playable match and moves the winner (and the loser, to
    /// the losers' bracket, third-place match or reset) on. Returns the matches that
    /// became playable.
    pub fn record_result(
        &mut self,
        id: MatchId,
        winner: EntrantId,
    ) -> Result<Vec<MatchId>, BracketError> {
        self.record(
            id,
            Outcome {
                winner,
                score: None,
            },
        )
    }

    /// Records a score (per slot, as in [`Match::entrants`]); the higher score wins.
    pub fn record_score(
        &mut self,
        id: MatchId,
        score: [u32; 2],
    ) -> Result<Vec<MatchId>, BracketError> {
        let m = self.get(id).ok_or(BracketError::UnknownMatch(id))?;
        let winner = outcome_of_score(id, m.entrants, score)?;
        self.record(
            id,
            Outcome {
                winner,
                score: Some(score),
            },
        )
    }

    fn record(&mut self, id: MatchId, outcome: Outcome) -> Result<Vec<MatchId>, BracketError> {
        let m = self.get(id).ok_or(BracketError::UnknownMatch(id))?;
        if m.status == Status::Played {
            return Err(BracketError::AlreadyPlayed(id));
        }
        if !m.is_playable() {
            return Err(BracketError::NotReady(id));
        }
        if !m.entrants.contains(&Some(outcome.winner)) {
            return Err(BracketError::NotInMatch(id, outcome.winner));
        }
        let m = &mut self.matches[id.index()];
        m.result = Some(outcome);
        m.status = Status::Played;
        let mut ready = Vec::new();
        self.push_result(id.index(), &mut ready);
        Ok(ready)
    }

    /// Moves the winner and loser of played match `i` into their next matches.
    fn push_result(&mut self, i: usize, ready: &mut Vec<MatchId>) {
        let m = &self.matches[i];
        let (Some(winner), Some(loser)) = (m.result.map(|r| r.winner), m.loser()) else {
            return;
        };
        let (winner_to, loser_to) = (m.winner_to, m.loser_to);
        let to_reset = m.side == Side::GrandFinal && m.round == 1;
        if to_reset && m.entrants[0] == Some(winner) {
            // The winners' bracket champion won: no reset.
            for (dest, _) in [winner_to, loser_to].into_iter().flatten() {
                let d = &mut self.matches[dest.index()];
                if d.status != Status::Played {
                    d.status = Status::NotNeeded;
                }
            }
            return;
        }
        for (to, who) in [(winner_to, winner), (loser_to, loser)] {
            let Some((dest, k)) = to else { continue };
            let d = &mut self.matches[dest.index()];
            d.entrants[k] = Some(who);
            if d.entrants[0].is_some()
                && d.entrants[1].is_some()
                && matches!(d.status, Status::Pending | Status::NotNeeded | Status::Void)
            {
                if d.status != Status::Void {
                    d.status = Status::Ready;
                }
                ready.push(dest);
            }
        }
    }

    /// The played matches that depend on match `id`'s result (they would be voided if
    /// its winner changed), in id order.
    pub fn dependents(&self, id: MatchId) -> Vec<MatchId> {
        let mut seen = vec![false; self.matches.len()];
        let mut stack = vec![id];
        let mut out = Vec::new();
        while let Some(cur) = stack.pop() {
            let Some(m) = self.get(cur) else { continue };
            for (dest, _) in [m.winner_to, m.loser_to].into_iter().flatten() {
                let d = dest.index();
                if !seen[d] && self.matches[d].status == Status::Played {
                    seen[d] = true;
                    out.push(dest);
                    stack.push(dest);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Changes the winner of a played match, voiding exactly its [`dependents`]
    /// (even if later matches were played) and reopening what can be played again.
    ///
    /// [`dependents`]: Bracket::dependents
    pub fn correct_result(
        &mut self,
        id: MatchId,
        new_winner: EntrantId,
    ) -> Result<Correction, BracketError> {
        self.correct(
            id,
            Some(Outcome {
                winner: new_winner,
                score: None,
            }),
        )
    }

    /// Corrects the score of a played match (the higher score wins); voids the
    /// dependents only if the winner changes.
    pub fn correct_score(
        &mut self,
        id: MatchId,
        score: [u32; 2],
    ) -> Result<Correction, BracketError> {
        let m = self.get(id).ok_or(BracketError::UnknownMatch(id))?;
        let winner = outcome_of_score(id, m.entrants, score)?;
        self.correct(
            id,
            Some(Outcome {
                winner,
                score: Some(score),
            }),
        )
    }

    /// Removes a played match's result (it becomes playable again) and voids its
    /// dependents.
    pub fn clear_result(&mut self, id: MatchId) -> Result<Correction, BracketError> {
        self.correct(id, None)
    }

    /// What [`correct_result`](Bracket::correct_result) would do, without changing
    /// anything: for the director to confirm.
    pub fn preview_correction(
        &self,
        id: MatchId,
        new_winner: EntrantId,
    ) -> Result<Correction, BracketError> {
        self.clone().correct_result(id, new_winner)
    }

    fn correct(
        &mut self,
        id: MatchId,
        outcome: Option<Outcome>,
    ) -> Result<Correction, BracketError> {
        let m = self.get(id).ok_or(BracketError::UnknownMatch(id))?;
        let Some(old) = m.result else {
            return Err(BracketError::NotPlayed(id));
        };
        if let Some(o) = outcome {
            if !m.entrants.contains(&Some(o.winner)) {
                return Err(BracketError::NotInMatch(id, o.winner));
            }
            if o.winner == old.winner {
                // Only the score changes: nothing downstream moves.
                self.matches[id.index()].result = Some(o);
                return Ok(Correction::default());
            }
        }
        let voided = self.dependents(id);
        // Take the corrected match's and the voided matches' occupants out of their
        // next matches.
        for &src in std::iter::once(&id).chain(voided.iter()) {
            let s = &self.matches[src.index()];
            for (dest, k) in [s.winner_to, s.loser_to].into_iter().flatten() {
                let d = &mut self.matches[dest.index()];
                d.entrants[k] = None;
                if matches!(d.status, Status::Ready | Status::NotNeeded) {
                    d.status = Status::Pending;
                }
            }
        }
        for &v in &voided {
            let d = &mut self.matches[v.index()];
            d.result = None;
            d.status = Status::Void;
        }
        let m = &mut self.matches[id.index()];
        m.result = outcome;
        m.status = if outcome.is_some() {
            Status::Played
        } else {
            Status::Ready
        };
        let mut ready = Vec::new();
        self.push_result(id.index(), &mut ready);
        let m = &self.matches[id.index()];
        let mut reopened: Vec<MatchId> = voided
            .iter()
            .copied()
            .chain(
                [m.winner_to, m.loser_to]
                    .into_iter()
                    .flatten()
                    .map(|(d, _)| d),
            )
            .chain(outcome.is_none().then_some(id))
            .filter(|&d| self.matches[d.index()].is_playable())
            .collect();
        reopened.sort_unstable();
        reopened.dedup();
        Ok(Correction { voided, reopened })
    }

    /// The champion, once decided (the only entrant of a one-entrant bracket).
    pub fn champion(&self) -> Option<EntrantId> {
        if self.matches.is_empty() {
            return self.seeds.first().copied();
        }
        match self.format {
            Format::SingleElimination { .. } => self
                .matches
                .iter()
                .find(|m| m.side == Side::Winners && m.winner_to.is_none())
                .and_then(|m| m.result)
                .map(|r| r.winner),
            Format::DoubleElimination { .. } => {
                let gf = self
                    .matches
                    .iter()
                    .find(|m| m.side == Side::GrandFinal && m.round == 1)?;
                let winner = gf.result?.winner;
                match gf.winner_to {
                    Some((reset, _)) if gf.entrants[0] != Some(winner) => {
                        self.get(reset)?.result.map(|r| r.winner)
                    }
                    _ => Some(winner),
                }
            }
        }
    }

    /// Every match is played (or not needed).
    pub fn is_complete(&self) -> bool {
        self.champion().is_some()
            && self
                .matches
                .iter()
                .all(|m| matches!(m.status, Status::Played | Status::NotNeeded))
    }

    /// The match whose loss put `entrant` out of the title race, if any: the first loss
    /// in single elimination (the third-place match does not count), the second in
    /// double elimination (or the grand final without reset).
    pub fn eliminated_in(&self, entrant: EntrantId) -> Option<MatchId> {
        let double = matches!(self.format, Format::DoubleElimination { .. });
        let mut losses = 0;
        for m in &self.matches {
            if m.side == Side::ThirdPlace || m.loser() != Some(entrant) {
                continue;
            }
            losses += 1;
            let final_without_reset =
                m.side == Side::GrandFinal && m.round == 1 && m.winner_to.is_none();
            if !double || losses >= 2 || final_without_reset {
                return Some(m.id);
            }
        }
        None
    }
}

impl Bracket {
    /// The final placings once the bracket is complete (`None` before): 1 and 2 for
    /// the finalists, 3 and 4 from the third-place match, and otherwise a shared place
    /// for everybody put out in the same round (`1 +` the number who went further:
    /// 5 for the quarter-final losers of single elimination, and so on). In seed order.
    pub fn placements(&self) -> Option<Vec<(EntrantId, u32)>> {
        if !self.is_complete() {
            return None;
        }
        let champion = self.champion()?;
        // How far each entrant went: (side rank, round) of its elimination.
        let stage = |e: EntrantId| -> (u8, u32) {
            if e == champion {
                return (u8::MAX, u32::MAX);
            }
            match self.eliminated_in(e).and_then(|m| self.get(m)) {
                Some(m) => {
                    let side = match m.side {
                        Side::Winners => 0,
                        Side::Losers => 1,
                        Side::ThirdPlace => 2,
                        Side::GrandFinal => 3,
                    };
                    (side, m.round)
                }
                None => (0, 0),
            }
        };
        let stages: Vec<(u8, u32)> = self.seeds.iter().map(|&e| stage(e)).collect();
        let mut sorted = stages.clone();
        sorted.sort_unstable();
        let mut out: Vec<(EntrantId, u32)> = self
            .seeds
            .iter()
            .zip(&stages)
            .map(|(&e, st)| {
                let further = sorted.len() - sorted.partition_point(|x| x <= st);
                (e, further as u32 + 1)
            })
            .collect();
        if let Some(third) = self.matches.iter().find(|m| m.side == Side::ThirdPlace)
            && let (Some(r), Some(l)) = (third.result, third.loser())
        {
            for (e, place) in &mut out {
                if *e == r.winner {
                    *place = 3;
                } else if *e == l {
                    *place = 4;
                }
            }
        }
        Some(out)
    }
}

/// The winner a score names.
fn outcome_of_score(
    id: MatchId,
    entrants: [Option<EntrantId>; 2],
    score: [u32; 2],
) -> Result<EntrantId, BracketError> {
    let [Some(a), Some(b)] = entrants else {
        return Err(BracketError::NotReady(id));
    };
    match score[0].cmp(&score[1]) {
        std::cmp::Ordering::Greater => Ok(a),
        std::cmp::Ordering::Less => Ok(b),
        std::cmp::Ordering::Equal => Err(BracketError::Draw(id)),
    }
}
