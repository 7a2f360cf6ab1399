//! The tournament file, `baza-tournament/1`: one JSON document with the championship, the
//! entrants and every round so far. It is the whole state of a tournament: standings
//! and the next round are computed from it, so correcting an old result means editing
//! that result and recomputing.
//!
//! ```json
//! {
//!   "format": "baza-tournament/1",
//!   "event": {
//!     "name": "Open de botifarra de Torrefarrera",
//!     "game": "botifarra",
//!     "options": {"target": 101},
//!     "system": {"kind": "swiss", "rounds": 5},
//!     "match_format": {"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55, "cap": 121},
//!     "points": {"win": 2, "draw": 1, "loss": 0, "bye": 2},
//!     "tiebreaks": ["wins", "point_difference", "points_for", "lot"],
//!     "seed": 2026
//!   },
//!   "entrants": [
//!     {"id": "1", "name": "Pujol – Vidal", "club": "Casal de Ponent", "seed": 1},
//!     {"id": "2", "name": "Soler – Roca", "withdrawn_after_round": 3},
//!     {"id": "3", "name": "Mas – Puig"},
//!     {"id": "4", "name": "Roig – Ferrer", "first_round": 2, "start_points": 1}
//!   ],
//!   "rounds": [
//!     {"number": 1,
//!      "pairings": [{"table": 1, "a": "1", "b": "2"}, {"bye": "3"}],
//!      "results": [{"table": 1, "score": [101, 64]}]}
//!   ]
//! }
//! ```
//!
//! Fields (all others are refused, so a typo is an error, not a silent default; the
//! same list, for readers of the format, is `docs/tournament-file.md`):
//!
//! * `format`: always `"baza-tournament/1"`.
//! * `event.name`: the championship's name, free text.
//! * `event.game`: `cuatrola`, `tute`, `guinote`, `botifarra` or `cinquillo`.
//! * `event.options`: the game's table options (the same names and values as a hand
//!   record's `options`); they set, for instance, the partida target. Default `{}`.
//! * `event.system`: `{"kind": "swiss", "rounds": R}` (R rounds, pairs of equal score
//!   meet, no avoidable rematch, at most one bye per round, to the lowest-placed entrant
//!   without one; "never twice a bye while somebody has none" outranks "no rematch"); `{"kind": "round_robin", "double": false, "groups": 1}` (FIDE Berger
//!   tables, a rest for odd groups; `double` adds the "segunda vuelta"; `groups` > 1
//!   makes liguillas, filled by seed in snake order unless entrants name their
//!   `group`); `{"kind": "ceros", "losses": K}` (an entrant is out at its K-th loss,
//!   the others are redrawn by lot every round; the odd one out is "exenta", by lot,
//!   never twice until all survivors have been).
//! * `event.match_format`: `{"kind": "partida"}` (default; optional `target`),
//!   `{"kind": "best_of", "partidas": 3}` (optional `"cotos": 2`: a guiñote match to
//!   two cotos at the best of three partidas each, scored in cotos; absent, 1), or
//!   `{"kind": "timed", "target": 101,
//!   "max_hands": 12, "minutes": 55, "cap": 121}`. Every result is checked against it.
//! * `event.points`: match points `{"win": 2, "draw": 1, "loss": 0, "bye": 2}`
//!   (defaults shown). Each may be a half: `{"win": 1, "draw": 0.5, "bye": 1}`
//!   (whole numbers or halves only; Baza writes a half as `0.5`, `1.5`). A
//!   round-robin rest earns nothing.
//! * `event.tiebreaks`: the ordered ranking criteria, from `wins`, `points` (match
//!   points), `head_to_head`, `point_difference`, `points_for`, `buchholz`,
//!   `median_buchholz`, `sonneborn_berger`, `lot`. Default
//!   `["points", "head_to_head", "point_difference", "points_for", "lot"]`. Entrants
//!   still level after the list are ordered by seed, so the ranking is always 1..N.
//! * `event.head_to_head`: how the `head_to_head` criterion reads the games among the
//!   entrants level at that point: `"all_met"` (default; FIDE C.07: only when every one
//!   of them met every other, otherwise it does not separate them) or
//!   `"games_played"` (a mini-league over the games played among them, however few).
//!   Either way, when it separates some of them and leaves a sub-group still level, it
//!   is applied again within that sub-group, on its own games only, before the next
//!   criterion. Files without the field read as `"all_met"`.
//! * `event.seed`: the number the lot uses (tie-break `lot`, draws in ceros). Default 0.
//! * `event.same_club` (Swiss only): `"avoid_always"` or `{"avoid_first": 3}` (rounds
//!   1–3) to avoid pairing two entrants whose `club` is the same, under "no rematch"
//!   and over every other preference, whenever a pairing without it exists. Absent
//!   (`"allowed"`): clubs are not looked at.
//! * `entrants[]`: `id` (unique text, used in pairings), `name`, optional `club`,
//!   optional `seed` (1 = strongest; entrants without one follow in file order),
//!   optional `group` (1-based liguilla), optional `first_round` (a late entry; default
//!   1), optional `start_points` (match points a late entrant starts with, whole or a
//!   half; default 0),
//!   optional `withdrawn_after_round` (last round played; 0 = before round 1; a
//!   withdrawn entrant is never paired again and keeps its results in the standings),
//!   optional `people` (`[{"name", "key"?, "licence"?, "club"?}]`: who plays as it,
//!   by the key Baza gives a person and her licence; see `db::linking`).
//! * `brackets[]` (optional): knockout phases, `{"name": "Fase final", "entrants":
//!   [ID, …], "bracket": {…}}`: `bracket` is a `domain::bracket::Bracket` as
//!   `baza bracket --json` writes it, and its entrant number k is `entrants[k]`
//!   (0-based). `baza bracket FILE` prints every phase of a tournament file. Optional
//!   `"repesca": true`: a played repesca, whose champion joins a later phase, and
//!   with it optional `"entry"`, where its winners enter the knockout:
//!   `{"kind": "standings"}` (by their place in the overall standings) or
//!   `{"kind": "seeds", "seeds": [3, 4]}` (at the named seeds, one per repesca
//!   phase); absent (`{"kind": "lowest"}`): as the lowest seeds. Optional
//!   `"tables"`: the partidas the phase's tables played hand by hand, each
//!   `{"table": T, "games": [baza-game/1, …]}` ([`PhaseTable`]; `T` is the match's
//!   number in the bracket, from 1), optional `"typed": true` (a record, not the
//!   source); a match with its result in the bracket must be what its games give.
//! * `rounds[]`: `number` (1, 2, … in order), `pairings` and `results`.
//! * `pairings[]`: `{"table": T, "a": ID, "b": ID}` (a game; `a` is named first),
//!   `{"bye": ID}` (a bye, worth `points.bye` and counted as a win) or `{"rest": ID}`
//!   (a round-robin rest: no game, no points).
//! * `results[]`: `{"table": T, "score": [A, B]}`, in the match format's units
//!   (tantos, or partidas for best-of). Optional `"winner": "a"|"b"` where the score
//!   alone does not tell (guiñote, both over 101, diez de últimas), and optional
//!   `"forfeit": "a"|"b"`, the side that did not play (it loses; the score is kept as
//!   given and not checked).
//! * `results[].games` (optional): the partidas the table played hand by hand, each a
//!   `baza-game/1` document (`crate::domain::entry::game`: setup, seats and every
//!   hand as entered). Side 0 of a game is entrant `a`. When present, the score and
//!   winner are derived from the hands (a `score` written beside them must agree, and
//!   may be left out) and the games stand as the proof of the result. Optional
//!   `"time_up": true` on a timed match: its minutes ran out, so the hand being
//!   played then was the last.
//! * `results[].typed` (optional, `true`): the result was typed (the director's, or a
//!   table's switched to typed results), not derived from its games: it stands on its
//!   own, checked as any typed score, and any `games` beside it are a record (hands
//!   that must score), not its source. Absent: results with games come from them.
//! * `rounds[].in_play` (optional, absent when empty): the tables still playing, each
//!   `{"table": T, "games": [baza-game/1, …]}` with the partidas entered so far, the
//!   last one not finished. They have no result, so they count for nothing yet; an
//!   import puts them back in play, hands and all. `"typed": true`: the table was
//!   switched to typed results and waits for one (its games, possibly none, are a
//!   record); an import keeps it so.

use super::criteria::{HeadToHead, Tiebreak, Ties};
use super::format::{MatchFormat, Points, Side, check_outcome};
use super::halves::MatchPoints;
use super::played;
use crate::domain::engine::GameKind;
use crate::domain::entry::{GAME_FORMAT, GameDoc};
use crate::domain::lang::{Lang, tr};
use crate::domain::record_error::RecordError;
use crate::domain::words::{FileKind, json_error_words};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The value of the `format` field.
pub const FORMAT: &str = "baza-tournament/1";

/// A whole tournament (see the module documentation for every field).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentFile {
    pub format: String,
    #[serde(rename = "event")]
    pub championship: Championship,
    #[serde(default)]
    pub entrants: Vec<Entrant>,
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// Knockout phases played after (or instead of) the rounds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub brackets: Vec<BracketPhase>,
    /// A repesca played as a liguilla among entrants of this file, whose best join
    /// a knockout phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repesca_liguilla: Option<Box<RepescaLiguilla>>,
}

/// A repesca played as a liguilla (todos contra todos): a championship of its own
/// among entrants of the file (the same ids), whose best `places` join the knockout
/// where `entry` says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepescaLiguilla {
    /// How many of it go through.
    pub places: usize,
    /// How many of each of the file's liguillas went straight through.
    pub per_group: usize,
    /// Where its best enter the knockout (absent: as the lowest seeds).
    #[serde(default, skip_serializing_if = "RepescaEntry::is_lowest")]
    pub entry: RepescaEntry,
    /// The liguilla itself, a `baza-tournament/1` document.
    pub liguilla: TournamentFile,
}

impl TournamentFile {
    /// A new championship's file in the current format: `event` and its `entrants`,
    /// nothing drawn or played.
    pub fn new(championship: Championship, entrants: Vec<Entrant>) -> TournamentFile {
        TournamentFile {
            format: FORMAT.to_owned(),
            championship,
            entrants,
            rounds: Vec::new(),
            brackets: Vec::new(),
            repesca_liguilla: None,
        }
    }

    /// The file as the public reads it: rounds 1 to `published` only. A round paired
    /// and played but not yet published counts nowhere the public looks (standings,
    /// crosstables, the final ranking's earlier phase) until it is.
    pub fn published_only(&mut self, published: u32) {
        self.rounds.retain(|r| r.number <= published);
    }

    /// The rounds after `published` that already count in the full standings (a
    /// result or a bye in them), first to last.
    pub fn counted_unpublished(&self, published: u32) -> Vec<u32> {
        self.rounds
            .iter()
            .filter(|r| r.number > published)
            .filter(|r| {
                !r.results.is_empty() || r.pairings.iter().any(|p| matches!(p, Pairing::Bye(_)))
            })
            .map(|r| r.number)
            .collect()
    }
}

/// A knockout phase of the championship: a [`crate::domain::bracket::Bracket`] whose entrant
/// number `k` is `entrants[k]`, an id of the file's entrants.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BracketPhase {
    pub name: String,
    pub entrants: Vec<String>,
    pub bracket: crate::domain::bracket::Bracket,
    /// A played repesca: its champion joins a later phase; it ranks nobody itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repesca: bool,
    /// For a played repesca: where its winners enter the knockout (absent: as the
    /// lowest seeds).
    #[serde(default, skip_serializing_if = "RepescaEntry::is_lowest")]
    pub entry: RepescaEntry,
    /// The partidas the phase's tables played hand by hand, by table (absent when
    /// none did).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tables: Vec<PhaseTable>,
}

/// `{"table": 2, "games": [baza-game/1, …]}`: the partidas a knockout table played
/// hand by hand. Its number is its match's in the bracket (1 for the first match the
/// bracket lists, as the phase's table pages number them); side 0 of a game is the
/// match's first entrant. When the match has its result in the bracket the games
/// give it, unless `typed`; otherwise the table is still playing and its last
/// partida may be unfinished.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseTable {
    pub table: u32,
    #[serde(default)]
    pub games: Vec<GameDoc>,
    /// The table was switched to typed results, or its result in the bracket was
    /// given otherwise: its games (possibly none) are a record, not the source.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub typed: bool,
}

impl PhaseTable {
    /// A knockout table's entry as a file carries it, from the partidas its table
    /// played (those without a hand left out) and whether it was switched to typed
    /// results; also marked typed when the bracket's result of its match is not what
    /// its games give. `None`: nothing to carry (no hand played, and not a typed
    /// table still waiting for its result).
    pub fn of(
        championship: &Championship,
        bracket: &crate::domain::bracket::Bracket,
        table: u32,
        games: Vec<GameDoc>,
        typed: bool,
    ) -> Option<PhaseTable> {
        let games: Vec<GameDoc> = games.into_iter().filter(|g| !g.hands.is_empty()).collect();
        let decided = match_of(bracket, table).is_some_and(|m| m.result.is_some());
        if games.is_empty() && (!typed || decided) {
            return None;
        }
        let mut entry = PhaseTable {
            table,
            games,
            typed,
        };
        if !entry.typed && decided && check_phase_games(championship, bracket, &entry, "").is_err()
        {
            entry.typed = true;
        }
        Some(entry)
    }
}

impl BracketPhase {
    /// The phase's entrants by name, in the bracket's order (an id the file does not
    /// know stands for itself).
    pub fn names<'a>(&'a self, file: &'a TournamentFile) -> Vec<&'a str> {
        self.entrants
            .iter()
            .map(|id| {
                file.entrants
                    .iter()
                    .find(|e| &e.id == id)
                    .map_or(id.as_str(), |e| e.name.as_str())
            })
            .collect()
    }
}

/// What is played and how it is ranked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Championship {
    pub name: String,
    /// The day it is played, carried by an exported file so that the Baza importing
    /// it dates it the same; a file without it is dated on import.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_on: Option<chrono::NaiveDate>,
    pub game: GameKind,
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub options: Map<String, Value>,
    pub system: System,
    #[serde(default)]
    pub match_format: MatchFormat,
    #[serde(default)]
    pub points: Points,
    #[serde(default = "default_tiebreaks")]
    pub tiebreaks: Vec<Tiebreak>,
    /// How `head_to_head` reads the games among the level entrants.
    #[serde(default, skip_serializing_if = "HeadToHead::is_default")]
    pub head_to_head: HeadToHead,
    #[serde(default)]
    pub seed: u64,
    /// Whether a Swiss avoids pairing two entrants of the same club.
    #[serde(default, skip_serializing_if = "SameClub::is_allowed")]
    pub same_club: SameClub,
    /// What places the entrants still level after every criterion.
    #[serde(default, skip_serializing_if = "Ties::is_default")]
    pub ties: Ties,
}

/// Whether a Swiss avoids pairing two entrants of the same club: a soft rule, under
/// "no rematch" and over everything else, kept only while a pairing without it exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SameClub {
    /// Clubs are not looked at.
    #[default]
    Allowed,
    /// Avoided in rounds 1..=n.
    AvoidFirst(u32),
    /// Avoided in every round.
    AvoidAlways,
}

impl SameClub {
    pub fn is_allowed(&self) -> bool {
        *self == SameClub::Allowed
    }

    /// Whether round `round` avoids same-club pairings.
    pub fn avoids_in(self, round: u32) -> bool {
        match self {
            SameClub::Allowed => false,
            SameClub::AvoidFirst(n) => round <= n,
            SameClub::AvoidAlways => true,
        }
    }
}

/// The default ranking criteria.
pub fn default_tiebreaks() -> Vec<Tiebreak> {
    vec![
        Tiebreak::Points,
        Tiebreak::HeadToHead,
        Tiebreak::PointDifference,
        Tiebreak::PointsFor,
        Tiebreak::Lot,
    ]
}

/// The scores' order of tiebreaks, no head-to-head: match points, point difference,
/// points for, then the lot.
pub fn score_tiebreaks() -> Vec<Tiebreak> {
    vec![
        Tiebreak::Points,
        Tiebreak::PointDifference,
        Tiebreak::PointsFor,
        Tiebreak::Lot,
    ]
}

/// The pairing system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum System {
    RoundRobin {
        #[serde(default)]
        double: bool,
        #[serde(default = "one_group")]
        groups: u32,
    },
    Swiss {
        rounds: u32,
    },
    Ceros {
        losses: u32,
    },
}

fn one_group() -> u32 {
    1
}

fn first_round_default() -> u32 {
    1
}

fn is_one(x: &u32) -> bool {
    *x == 1
}

fn no_points(x: &MatchPoints) -> bool {
    *x == MatchPoints::ZERO
}

/// A pair (or player) taking part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<u32>,
    #[serde(default = "first_round_default", skip_serializing_if = "is_one")]
    pub first_round: u32,
    #[serde(default, skip_serializing_if = "no_points")]
    pub start_points: MatchPoints,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_after_round: Option<u32>,
    /// Who plays as this entrant (the two of a pair, or one), when known: a file
    /// names them by a key that survives export and import, never a row number.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub people: Vec<EntrantPerson>,
}

/// One person behind an entrant: her name, and the keys that say who she is (the
/// Baza that wrote the file gives `key`; a federation's licence when she has one).
/// At least one of the keys is present for her to be linked on import.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntrantPerson {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub licence: Option<String>,
    /// The club she plays for in this championship.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
}

impl Entrant {
    /// A plain entrant (no seed, club or group), for code and tests.
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> Entrant {
        Entrant {
            id: id.into(),
            name: name.into(),
            club: None,
            seed: None,
            group: None,
            first_round: 1,
            start_points: MatchPoints::ZERO,
            withdrawn_after_round: None,
            people: Vec::new(),
        }
    }

    /// Plain entrants `1`, `2`, … named in the order of `names`.
    pub fn numbered<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<Entrant> {
        names
            .into_iter()
            .enumerate()
            .map(|(i, name)| Entrant::new((i + 1).to_string(), name))
            .collect()
    }

    /// Entrants `1`, `2`, … named in the order of `names` and seeded in that order,
    /// each of the club beside its name where one is given.
    pub fn seeded<'a>(names: impl IntoIterator<Item = (&'a str, Option<&'a str>)>) -> Vec<Entrant> {
        let (names, clubs): (Vec<&str>, Vec<Option<&str>>) = names.into_iter().unzip();
        let mut entrants = Entrant::numbered(names);
        for (seed, (e, club)) in (1..).zip(entrants.iter_mut().zip(clubs)) {
            e.club = club.map(str::to_owned);
            e.seed = Some(seed);
        }
        entrants
    }

    /// Whether the entrant may be paired in round `round`.
    pub fn plays_in(&self, round: u32) -> bool {
        self.first_round <= round && self.withdrawn_after_round.is_none_or(|w| w >= round)
    }
}

/// One round: its pairings and the results entered so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub number: u32,
    pub pairings: Vec<Pairing>,
    #[serde(default)]
    pub results: Vec<MatchResult>,
    /// The partidas of the tables still playing (no result yet), as far as they went.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_play: Vec<InPlay>,
}

/// `{"table": 3, "games": [baza-game/1, …]}`: the partidas a table still playing
/// has entered so far, the last one not finished. No result: the standings leave
/// the table out until its result comes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InPlay {
    pub table: u32,
    #[serde(default)]
    pub games: Vec<GameDoc>,
    /// The table was switched to typed results and waits for its typed result: its
    /// games (if any) are a record, not played on.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub typed: bool,
}

impl Round {
    /// The result entered for `table`, if any.
    pub fn result(&self, table: u32) -> Option<&MatchResult> {
        self.results.iter().find(|r| r.table == table)
    }

    /// The results by table, each the one [`Round::result`] finds: a lookup per
    /// table instead of a search through the round's results.
    pub fn results_by_table(&self) -> std::collections::HashMap<u32, &MatchResult> {
        let mut by_table = std::collections::HashMap::with_capacity(self.results.len());
        for r in &self.results {
            by_table.entry(r.table).or_insert(r);
        }
        by_table
    }

    /// Tables with no result yet.
    pub fn missing_results(&self) -> Vec<u32> {
        let with_result: std::collections::HashSet<u32> =
            self.results.iter().map(|r| r.table).collect();
        self.pairings
            .iter()
            .filter_map(|p| match p {
                Pairing::Table(t) if !with_result.contains(&t.table) => Some(t.table),
                _ => None,
            })
            .collect()
    }
}

/// One line of a round's draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Pairing {
    Table(TablePairing),
    Bye(ByePairing),
    Rest(RestPairing),
}

impl Pairing {
    /// The entrants in this line.
    pub fn entrants(&self) -> Vec<&str> {
        match self {
            Pairing::Table(t) => vec![t.a.as_str(), t.b.as_str()],
            Pairing::Bye(b) => vec![b.bye.as_str()],
            Pairing::Rest(r) => vec![r.rest.as_str()],
        }
    }

    /// The table number (0 for a bye or a rest).
    pub fn table(&self) -> u32 {
        match self {
            Pairing::Table(t) => t.table,
            _ => 0,
        }
    }
}

/// `{"table": 3, "a": "12", "b": "7"}`
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablePairing {
    pub table: u32,
    pub a: String,
    pub b: String,
}

/// `{"bye": "21"}`
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByePairing {
    pub bye: String,
}

/// `{"rest": "5"}`
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RestPairing {
    pub rest: String,
}

/// The result of one table.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchResult {
    pub table: u32,
    #[serde(default)]
    pub score: [u32; 2],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Side>,
    /// A timed match whose minutes ran out (its last partida ended by time).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub time_up: bool,
    /// The result was typed (by the director, or at a table switched to typed
    /// results), not derived from the table's games: its score stands on its own and
    /// any `games` beside it are a record of what was played, not its source.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub typed: bool,
    /// The partidas the table played hand by hand, when it recorded them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GameDoc>,
}

impl MatchResult {
    pub fn new(table: u32, a: u32, b: u32) -> MatchResult {
        MatchResult {
            table,
            score: [a, b],
            winner: None,
            forfeit: None,
            time_up: false,
            typed: false,
            games: Vec::new(),
        }
    }

    /// The winner the result names, or else the one its score gives (`None`: a draw).
    pub fn winner_or_by_score(&self) -> Option<Side> {
        self.winner.or(Side::by_score(self.score))
    }

    /// Whether the result's games are its source: it carries games and was neither
    /// typed nor a forfeit.
    pub fn from_games(&self) -> bool {
        !self.games.is_empty() && !self.typed && self.forfeit.is_none()
    }

    /// Puts the partidas its table played beside the result, as a file carries them.
    /// Partidas without a hand are left out. When the result was typed (`typed`, or
    /// already marked so), is a forfeit, or is not what the partidas give (a result
    /// typed before results said so), it is marked typed and the partidas go with it
    /// as a record; otherwise they are its source.
    pub fn attach_games(&mut self, championship: &Championship, games: Vec<GameDoc>, typed: bool) {
        self.games = games.into_iter().filter(|g| !g.hands.is_empty()).collect();
        if typed || self.forfeit.is_some() {
            self.typed = true;
        }
        if !self.games.is_empty() && !self.typed && !games_give(championship, &self.games, self) {
            self.typed = true;
        }
    }
}

/// Whether `games` give the score and winner of `r` under the championship's match format
/// (what a reader checks of a result whose games are its source).
pub fn games_give(championship: &Championship, games: &[GameDoc], r: &MatchResult) -> bool {
    if games.is_empty()
        || games
            .iter()
            .any(|g| g.format != GAME_FORMAT || g.game != championship.game)
    {
        return false;
    }
    let Ok(partidas) = played::partidas_of(games) else {
        return false;
    };
    played::decide(&championship.match_format, &partidas, r.time_up)
        .is_some_and(|d| d.score == r.score && d.winner == r.winner_or_by_score())
}

/// What is wrong with a tournament file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// A JSON-path-like location, e.g. `rounds[1].results[3]`.
    pub at: String,
    /// What is wrong, in English.
    pub message: String,
    /// What is wrong in Spanish, Catalan and English, where it was said so.
    pub words: Option<Box<[String; 3]>>,
    /// The table options refused, for a page to name them by their labels.
    pub options: Option<Box<RecordError>>,
}

impl FileError {
    fn new(at: impl Into<String>, message: impl Into<String>) -> FileError {
        FileError {
            at: at.into(),
            message: message.into(),
            words: None,
            options: None,
        }
    }

    /// An error said in Spanish, Catalan and English (`message` is the English).
    fn said(at: impl Into<String>, es: String, ca: String, en: String) -> FileError {
        FileError {
            at: at.into(),
            message: en.clone(),
            words: Some(Box::new([es, ca, en])),
            options: None,
        }
    }

    /// What is wrong, in `lang` (in English where only English was said).
    pub fn message_in(&self, lang: Lang) -> &str {
        match (self.words.as_deref(), lang) {
            (Some([es, _, _]), Lang::Es) => es,
            (Some([_, ca, _]), Lang::Ca) => ca,
            _ => &self.message,
        }
    }
}

impl FileError {
    /// What is wrong and where in `lang`, the place named as the director knows it (the
    /// round, the table, the pair, the phase) from `file`, never the file's path.
    pub fn words_in(&self, file: &TournamentFile, lang: Lang) -> String {
        let place = self.place_in(file, lang);
        let why = self.message_in(lang);
        if place.is_empty() {
            why.to_owned()
        } else {
            format!("{place}: {why}")
        }
    }
}

impl FileError {
    /// Where it is wrong in `lang`, as the director knows the place in `file`: "ronda
    /// 2, mesa 3", "Fase final, partido 3, partida 2" (empty: nowhere in particular).
    pub fn place_in(&self, file: &TournamentFile, lang: Lang) -> String {
        place_words(file, &self.at, lang)
    }
}

/// A place in `file` (a path such as `rounds[1].results[0]`) in words: "ronda 2, mesa
/// 3". Parts a director has no name for are left out.
fn place_words(file: &TournamentFile, at: &str, lang: Lang) -> String {
    let mut round: Option<&Round> = None;
    let mut phase: Option<&BracketPhase> = None;
    let mut said = Vec::new();
    for part in at.split('.').filter(|p| !p.is_empty()) {
        let (name, index) = match part.split_once('[') {
            Some((name, rest)) => (name, rest.trim_end_matches(']').parse::<usize>().ok()),
            None => (part, None),
        };
        let table = |t: u32| tr!(lang, "mesa {t}", "taula {t}", "table {t}");
        let words = match (name, index) {
            ("rounds", Some(i)) => {
                round = file.rounds.get(i);
                let n = round.map_or(i as u32 + 1, |r| r.number);
                Some(tr!(lang, "ronda {n}", "ronda {n}", "round {n}"))
            }
            ("results", Some(i)) => round.and_then(|r| r.results.get(i)).map(|x| table(x.table)),
            ("in_play", Some(i)) => round.and_then(|r| r.in_play.get(i)).map(|x| table(x.table)),
            ("pairings", Some(i)) => match round.and_then(|r| r.pairings.get(i)) {
                Some(Pairing::Table(x)) => Some(table(x.table)),
                Some(p) => p.entrants().first().map(|id| {
                    let who = super::listing::entrant_name(file, id);
                    tr!(
                        lang,
                        "descanso de {who}",
                        "descans de {who}",
                        "{who}'s rest"
                    )
                }),
                None => None,
            },
            ("entrants", Some(i)) => file.entrants.get(i).map(|e| e.name.clone()),
            ("brackets", Some(i)) => {
                phase = file.brackets.get(i);
                phase.map(|p| p.name.clone())
            }
            ("tables", Some(i)) => phase.and_then(|p| p.tables.get(i)).map(|x| {
                let t = x.table;
                tr!(lang, "partido {t}", "partit {t}", "match {t}")
            }),
            ("games", Some(i)) => {
                let n = i + 1;
                Some(tr!(lang, "partida {n}", "partida {n}", "game {n}"))
            }
            ("repesca_liguilla", _) => Some("repesca".to_owned()),
            _ => None,
        };
        said.extend(words.filter(|w| !w.is_empty()));
    }
    said.join(", ")
}

/// A [`FileError`] at `$at` in three languages: `said!(at, "es …", "ca …", "en …",
/// args…)`, each text a `format!` of the same arguments.
macro_rules! said {
    ($at:expr, $es:literal, $ca:literal, $en:literal $(, $arg:expr)* $(,)?) => {
        FileError::said(
            $at,
            format!($es $(, $arg)*),
            format!($ca $(, $arg)*),
            format!($en $(, $arg)*),
        )
    };
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.at, self.message)
        }
    }
}

impl std::error::Error for FileError {}

/// Reads and validates a tournament file; results that carry their games get their
/// score and winner from them.
pub fn parse(text: &str) -> Result<TournamentFile, FileError> {
    let mut file: TournamentFile = serde_json::from_str(text).map_err(|e| {
        let words = |lang| json_error_words(&e, FileKind::Championship, lang);
        FileError::said("", words(Lang::Es), words(Lang::Ca), words(Lang::En))
    })?;
    derive_from_games(&mut file)?;
    validate(&file)?;
    Ok(file)
}

/// Checks that `games` are games of `game` whose hands all score: their partidas.
fn scored_games(
    game: GameKind,
    games: &[GameDoc],
    at: &str,
) -> Result<Vec<played::Partida>, FileError> {
    for (gi, g) in games.iter().enumerate() {
        if g.format != GAME_FORMAT || g.game != game {
            return Err(said!(
                format!("{at}.games[{gi}]"),
                "no es una partida {GAME_FORMAT} de {game}",
                "no és una partida {GAME_FORMAT} de {game}",
                "not a {GAME_FORMAT} game of {game}"
            ));
        }
    }
    played::partidas_of(games).map_err(|gi| {
        said!(
            format!("{at}.games[{gi}]"),
            "una mano de esta partida no puntúa",
            "una mà d'aquesta partida no puntua",
            "a hand of this game does not score"
        )
    })
}

/// A table whose games do not finish its match.
fn unfinished(at: impl Into<String>) -> FileError {
    said!(
        at,
        "sus partidas no acaban el enfrentamiento",
        "les seves partides no acaben l'enfrontament",
        "its games do not finish the match"
    )
}

/// Fills in the score and winner of every result whose games are its source, from
/// the hands. A score written beside the games must be the one they give. The games
/// of a typed result (or a forfeit) are a record: they must be games of the championship
/// whose hands score, and give nothing.
pub fn derive_from_games(file: &mut TournamentFile) -> Result<(), FileError> {
    let format = file.championship.match_format.clone();
    for (ri, round) in file.rounds.iter_mut().enumerate() {
        for (xi, r) in round.results.iter_mut().enumerate() {
            if r.games.is_empty() {
                continue;
            }
            let at = format!("rounds[{ri}].results[{xi}]");
            let partidas = scored_games(file.championship.game, &r.games, &at)?;
            if !r.from_games() {
                continue;
            }
            let Some(d) = played::decide(&format, &partidas, r.time_up) else {
                return Err(unfinished(at));
            };
            if r.score != [0, 0] && r.score != d.score {
                return Err(said!(
                    at,
                    "el tanteo {}–{} no es el que dan sus partidas ({}–{})",
                    "el marcador {}–{} no és el que donen les seves partides ({}–{})",
                    "the score {}–{} is not what its games give ({}–{})",
                    r.score[0],
                    r.score[1],
                    d.score[0],
                    d.score[1]
                ));
            }
            if r.winner.is_some() && r.winner != d.winner {
                return Err(said!(
                    at,
                    "el ganador no es el que dan sus partidas",
                    "el guanyador no és el que donen les seves partides",
                    "the winner is not the one its games give"
                ));
            }
            r.score = d.score;
            r.winner = d.winner;
        }
    }
    Ok(())
}

/// The match of a knockout table numbered `table` (1-based).
fn match_of(
    bracket: &crate::domain::bracket::Bracket,
    table: u32,
) -> Option<&crate::domain::bracket::Match> {
    let index = table.checked_sub(1)?;
    bracket.get(crate::domain::bracket::MatchId(index))
}

/// Checks a knockout table's games: games of the championship whose hands score, at
/// a match of the bracket whose two entrants are known, and, unless typed, the bracket's result of its match when it has one (the score,
/// when the bracket has it, and the winner), played to the end or to the minutes'
/// end of a timed match.
fn check_phase_games(
    championship: &Championship,
    bracket: &crate::domain::bracket::Bracket,
    entry: &PhaseTable,
    at: &str,
) -> Result<(), FileError> {
    let partidas = scored_games(championship.game, &entry.games, at)?;
    let Some(m) = match_of(bracket, entry.table) else {
        return Err(said!(
            at,
            "el cuadro no tiene partido {}",
            "el quadre no té partit {}",
            "no match {} in the bracket",
            entry.table
        ));
    };
    let entrants = m.entrants();
    if entrants.iter().any(Option::is_none) {
        return Err(said!(
            at,
            "el partido {} del cuadro aún no tiene sus dos participantes",
            "el partit {} del quadre encara no té els seus dos participants",
            "match {} of the bracket does not have its two entrants yet",
            entry.table
        ));
    }
    let Some(outcome) = m.result.as_ref().filter(|_| !entry.typed) else {
        return Ok(());
    };
    let format = &championship.match_format;
    let decided: Vec<played::Decided> = [false, true]
        .iter()
        .filter_map(|&time_up| played::decide_in(format, &partidas, time_up, true))
        .collect();
    let Some(first) = decided.first() else {
        return Err(unfinished(at));
    };
    let gives = |d: &played::Decided| {
        let winner = match d.winner {
            Some(Side::A) => entrants[0],
            Some(Side::B) => entrants[1],
            None => None,
        };
        winner == Some(outcome.winner) && outcome.score.is_none_or(|s| s == d.score)
    };
    if decided.iter().any(gives) {
        return Ok(());
    }
    match outcome.score {
        Some(s) => Err(said!(
            at,
            "el tanteo {}–{} del cuadro no es el que dan sus partidas ({}–{})",
            "el marcador {}–{} del quadre no és el que donen les seves partides ({}–{})",
            "the bracket's score {}–{} is not what its games give ({}–{})",
            s[0],
            s[1],
            first.score[0],
            first.score[1]
        )),
        None => Err(said!(
            at,
            "el ganador del cuadro no es el que dan sus partidas",
            "el guanyador del quadre no és el que donen les seves partides",
            "the bracket's winner is not the one its games give"
        )),
    }
}

/// A table listed twice where it must stand once.
fn table_twice(at: impl Into<String>, table: u32) -> FileError {
    said!(
        at,
        "la mesa {} aparece dos veces",
        "la taula {} hi és dues vegades",
        "table {} twice",
        table
    )
}

/// A table of a list where it must stand once (a knockout phase's tables, a round's
/// tables in play), found there `times` times, carries games unless it was switched
/// to typed results.
fn once_with_games(
    at: &str,
    (table, times): (u32, usize),
    games: &[GameDoc],
    typed: bool,
) -> Result<(), FileError> {
    if times > 1 {
        return Err(table_twice(at, table));
    }
    if games.is_empty() && !typed {
        return Err(said!(at, "sin partidas", "sense partides", "no games"));
    }
    Ok(())
}

/// Every table a knockout phase carries is a match of its bracket, once, with games
/// that give the bracket's result (see [`check_phase_games`]).
fn validate_phase_tables(
    championship: &Championship,
    phase: &BracketPhase,
    field: &str,
) -> Result<(), FileError> {
    for (ti, t) in phase.tables.iter().enumerate() {
        let at = format!("{field}.tables[{ti}]");
        let times = phase.tables.iter().filter(|x| x.table == t.table).count();
        once_with_games(&at, (t.table, times), &t.games, t.typed)?;
        check_phase_games(championship, &phase.bracket, t, &at)?;
    }
    Ok(())
}

/// Every table in play is a table of its round without a result, and carries games
/// of the championship's game.
fn validate_in_play(file: &TournamentFile) -> Result<(), FileError> {
    for (ri, round) in file.rounds.iter().enumerate() {
        for (pi, p) in round.in_play.iter().enumerate() {
            let at = format!("rounds[{ri}].in_play[{pi}]");
            if !round
                .pairings
                .iter()
                .any(|x| matches!(x, Pairing::Table(t) if t.table == p.table))
            {
                return Err(said!(
                    at,
                    "la ronda no tiene mesa {}",
                    "la ronda no té taula {}",
                    "no table {} in the round",
                    p.table
                ));
            }
            if round.result(p.table).is_some() {
                return Err(said!(
                    at,
                    "la mesa {} ya tiene su resultado",
                    "la taula {} ja té el seu resultat",
                    "table {} has its result",
                    p.table
                ));
            }
            let times = round.in_play.iter().filter(|q| q.table == p.table).count();
            once_with_games(&at, (p.table, times), &p.games, p.typed)?;
            scored_games(file.championship.game, &p.games, &at)?;
        }
    }
    Ok(())
}

/// Checks everything a tournament file promises: known ids, one line per entrant and
/// round, nobody paired outside their rounds, rounds in order, results that fit the
/// game and the match format.
/// A repesca liguilla is a valid file of its own, of the same game, among entrants
/// of `file` (the same ids), with fewer places than entrants.
fn validate_repesca_liguilla(file: &TournamentFile, r: &RepescaLiguilla) -> Result<(), FileError> {
    let inner = &r.liguilla;
    validate(inner).map_err(|e| FileError {
        at: format!("repesca_liguilla.liguilla.{}", e.at),
        ..e
    })?;
    if let Some(unknown) = inner
        .entrants
        .iter()
        .find(|x| !file.entrants.iter().any(|e| e.id == x.id))
    {
        return Err(said!(
            "repesca_liguilla.liguilla.entrants",
            "\"{}\" no es un inscrito del archivo",
            "\"{}\" no és un inscrit del fitxer",
            "\"{}\" is not an entrant of the file",
            unknown.id
        ));
    }
    if inner.championship.game != file.championship.game || inner.repesca_liguilla.is_some() {
        return Err(said!(
            "repesca_liguilla.liguilla",
            "la repesca se juega al juego del campeonato, sin repesca propia",
            "la repesca es juga al joc del campionat, sense repesca pròpia",
            "the repesca plays the championship's game, with no repesca of its own"
        ));
    }
    if r.places == 0 || r.places >= inner.entrants.len() {
        return Err(said!(
            "repesca_liguilla.places",
            "entre 1 y {} (menos que sus parejas)",
            "entre 1 i {} (menys que les seves parelles)",
            "from 1 to {} (fewer than its entrants)",
            inner.entrants.len().saturating_sub(1)
        ));
    }
    Ok(())
}

pub fn validate(file: &TournamentFile) -> Result<(), FileError> {
    if file.format != FORMAT {
        return Err(said!(
            "format",
            "se esperaba \"{FORMAT}\" y dice \"{}\"",
            "s'esperava \"{FORMAT}\" i diu \"{}\"",
            "expected \"{FORMAT}\", got \"{}\"",
            file.format
        ));
    }
    validate_in_play(file)?;
    for (i, phase) in file.brackets.iter().enumerate() {
        let field = format!("brackets[{i}]");
        if let Some(unknown) = phase
            .entrants
            .iter()
            .find(|id| !file.entrants.iter().any(|e| &e.id == *id))
        {
            return Err(said!(
                format!("{field}.entrants"),
                "\"{unknown}\" no es un inscrito del archivo",
                "\"{unknown}\" no és un inscrit del fitxer",
                "\"{unknown}\" is not an entrant of the file"
            ));
        }
        let numbers = phase.bracket.seeds().len();
        if numbers != phase.entrants.len() {
            return Err(said!(
                format!("{field}.entrants"),
                "el cuadro tiene {numbers} participantes y la lista nombra {}",
                "el quadre té {numbers} participants i la llista n'anomena {}",
                "the bracket has {numbers} entrants, the list names {}",
                phase.entrants.len()
            ));
        }
        validate_phase_tables(&file.championship, phase, &field)?;
    }
    if let Some(r) = &file.repesca_liguilla {
        validate_repesca_liguilla(file, r)?;
    }
    let ev = &file.championship;
    let table =
        crate::domain::options::validate(ev.game, 4, &ev.options).map_err(|e| FileError {
            options: Some(Box::new(e.clone())),
            ..FileError::new("event.options", e.to_string())
        })?;
    if !ev.game.seating(4, &table).pairs && ev.game.in_pairs(4) {
        return Err(said!(
            "event.options",
            "los inscritos son parejas: un torneo no se puede jugar sin la opción «Por parejas»",
            "els inscrits són parelles: un torneig no es pot jugar sense l'opció «Per parelles»",
            "entrants are pairs: a tournament cannot be played without the option \"In pairs\""
        ));
    }
    match ev.system {
        System::Swiss { rounds: 0 } => {
            return Err(said!(
                "event.system.rounds",
                "al menos 1",
                "com a mínim 1",
                "at least 1"
            ));
        }
        System::Ceros { losses: 0 } => {
            return Err(said!(
                "event.system.losses",
                "al menos 1",
                "com a mínim 1",
                "at least 1"
            ));
        }
        System::RoundRobin { groups: 0, .. } => {
            return Err(said!(
                "event.system.groups",
                "al menos 1",
                "com a mínim 1",
                "at least 1"
            ));
        }
        _ => {}
    }
    match ev.match_format {
        MatchFormat::BestOf { partidas, .. } if partidas % 2 == 0 => {
            return Err(said!(
                "event.match_format.partidas",
                "ha de ser impar",
                "ha de ser senar",
                "must be odd"
            ));
        }
        MatchFormat::BestOf { cotos, .. }
            if !(1..=3).contains(&cotos)
                || (cotos > 1 && !crate::domain::entry::series::plays_cotos(ev.game)) =>
        {
            return Err(said!(
                "event.match_format.cotos",
                "1, 2 o 3, y más de 1 solo en un juego que se juega a cotos (el guiñote)",
                "1, 2 o 3, i més d'1 només en un joc que es juga a cotos (el guiñote)",
                "1, 2 or 3, and more than 1 only in a game played in cotos (guiñote)"
            ));
        }
        MatchFormat::Timed { target, cap, .. } if cap < target || target == 0 => {
            return Err(said!(
                "event.match_format",
                "el máximo ha de ser al menos el objetivo, y el objetivo positivo",
                "el màxim ha de ser com a mínim l'objectiu, i l'objectiu positiu",
                "the cap must be at least the target, and the target positive"
            ));
        }
        _ => {}
    }
    let mut seen_tb = BTreeSet::new();
    for (i, t) in ev.tiebreaks.iter().enumerate() {
        if !seen_tb.insert(*t) {
            return Err(said!(
                format!("event.tiebreaks[{i}]"),
                "repetido",
                "repetit",
                "listed twice"
            ));
        }
    }
    let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
    let mut seeds = BTreeSet::new();
    for (i, e) in file.entrants.iter().enumerate() {
        let at = format!("entrants[{i}]");
        if e.id.trim().is_empty() {
            return Err(said!(
                at,
                "sin identificador",
                "sense identificador",
                "the id is empty"
            ));
        }
        if ids.insert(e.id.as_str(), i).is_some() {
            return Err(said!(
                at,
                "el identificador \"{}\" se usa dos veces",
                "l'identificador \"{}\" s'usa dues vegades",
                "id \"{}\" is used twice",
                e.id
            ));
        }
        if let Some(s) = e.seed
            && !seeds.insert(s)
        {
            return Err(said!(
                at,
                "el cabeza de serie {s} se repite",
                "el cap de sèrie {s} es repeteix",
                "seed {s} is used twice"
            ));
        }
        if e.first_round == 0 {
            return Err(said!(
                at,
                "first_round empieza en 1",
                "first_round comença a 1",
                "first_round starts at 1"
            ));
        }
        if let System::RoundRobin { groups, .. } = ev.system
            && let Some(g) = e.group
            && (g == 0 || g > groups)
        {
            return Err(said!(
                at,
                "el grupo {g} no está entre 1 y {groups}",
                "el grup {g} no és entre 1 i {groups}",
                "group {g} is not in 1..={groups}"
            ));
        }
    }
    let grouped = file.entrants.iter().filter(|e| e.group.is_some()).count();
    if grouped != 0 && grouped != file.entrants.len() {
        return Err(said!(
            "entrants",
            "o todos los inscritos dicen su grupo o ninguno",
            "o tots els inscrits diuen el seu grup o cap",
            "either every entrant names its group or none does"
        ));
    }
    for (ri, round) in file.rounds.iter().enumerate() {
        let at = format!("rounds[{ri}]");
        let expected = ri as u32 + 1;
        if round.number != expected {
            return Err(said!(
                &at,
                "ronda número {} donde se esperaba la {expected}",
                "ronda número {} on s'esperava la {expected}",
                "round number {} where {expected} was expected",
                round.number
            ));
        }
        let mut in_round = BTreeSet::new();
        let mut tables = BTreeMap::new();
        let mut byes = 0;
        for (pi, p) in round.pairings.iter().enumerate() {
            let pat = format!("{at}.pairings[{pi}]");
            for id in p.entrants() {
                let Some(&ei) = ids.get(id) else {
                    return Err(said!(
                        pat,
                        "inscrito desconocido \"{id}\"",
                        "inscrit desconegut \"{id}\"",
                        "unknown entrant \"{id}\""
                    ));
                };
                if !in_round.insert(id) {
                    return Err(said!(
                        pat,
                        "\"{id}\" está emparejado dos veces",
                        "\"{id}\" està aparellat dues vegades",
                        "\"{id}\" is paired twice"
                    ));
                }
                if !file.entrants[ei].plays_in(round.number) {
                    return Err(said!(
                        pat,
                        "\"{id}\" no juega en la ronda {}",
                        "\"{id}\" no juga a la ronda {}",
                        "\"{id}\" does not play in round {}",
                        round.number
                    ));
                }
            }
            match p {
                Pairing::Table(t) => {
                    if t.table == 0 {
                        return Err(said!(
                            pat,
                            "las mesas se numeran desde 1",
                            "les taules es numeren des de 1",
                            "tables are numbered from 1"
                        ));
                    }
                    if tables.insert(t.table, pi).is_some() {
                        return Err(table_twice(pat, t.table));
                    }
                }
                Pairing::Bye(_) => byes += 1,
                Pairing::Rest(_) => {}
            }
        }
        if byes > 1 && !matches!(ev.system, System::RoundRobin { .. }) {
            return Err(said!(
                &at,
                "como mucho un descanso por ronda",
                "com a molt un descans per ronda",
                "at most one bye per round"
            ));
        }
        let mut with_result = BTreeSet::new();
        for (xi, r) in round.results.iter().enumerate() {
            let rat = format!("{at}.results[{xi}]");
            if !tables.contains_key(&r.table) {
                return Err(said!(
                    rat,
                    "no hay mesa {}",
                    "no hi ha taula {}",
                    "no table {}",
                    r.table
                ));
            }
            if !with_result.insert(r.table) {
                return Err(said!(
                    rat,
                    "dos resultados para la mesa {}",
                    "dos resultats per a la taula {}",
                    "two results for table {}",
                    r.table
                ));
            }
            // A result played hand by hand is proven by its games, whatever its score;
            // a typed one is checked as typed, whatever games go with it.
            if r.forfeit.is_none() && !r.from_games() {
                check_outcome(
                    ev.game,
                    &ev.options,
                    &ev.match_format,
                    r.score[0],
                    r.score[1],
                    r.winner,
                )
                .map_err(|m| {
                    FileError::said(rat, m.message(Lang::Es), m.message(Lang::Ca), m.to_string())
                })?;
            }
        }
    }
    Ok(())
}

/// Where the winners of a played repesca enter the knockout, as the *bases* say.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RepescaEntry {
    /// As the lowest seeds, after every group qualifier: they meet the top seeds first.
    #[default]
    Lowest,
    /// By their place in the overall standings: each before the first group qualifier
    /// placed below it.
    Standings,
    /// At the named seeds of the knockout (1 is the top seed), one per winner in the
    /// order of the repesca's knockouts; the group qualifiers fill the others in order.
    Seeds { seeds: Vec<u32> },
}

impl RepescaEntry {
    /// Whether the winners enter as the lowest seeds (the default).
    pub fn is_lowest(&self) -> bool {
        *self == RepescaEntry::Lowest
    }

    /// Where the winners enter, in words an organiser reads.
    pub fn words(&self, lang: Lang) -> String {
        match self {
            RepescaEntry::Lowest => lang
                .pick(
                    "Los ganadores de la repesca entran como últimos cabezas de serie (se cruzan con los primeros)",
                    "Els guanyadors de la repesca entren com a últims caps de sèrie (es creuen amb els primers)",
                    "The repesca's winners enter as the lowest seeds (they meet the top seeds first)",
                )
                .into(),
            RepescaEntry::Standings => lang
                .pick(
                    "Los ganadores de la repesca entran según su puesto en la clasificación general",
                    "Els guanyadors de la repesca entren segons el seu lloc a la classificació general",
                    "The repesca's winners enter by their place in the overall standings",
                )
                .into(),
            RepescaEntry::Seeds { seeds } => {
                let list = seeds
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                tr!(
                    lang,
                    "Los ganadores de la repesca entran como cabezas de serie n.º {list} del cuadro",
                    "Els guanyadors de la repesca entren com a caps de sèrie núm. {list} del quadre",
                    "The repesca's winners enter as seeds no. {list} of the bracket"
                )
            }
        }
    }
}
