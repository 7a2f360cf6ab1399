//! The layout view-model: what a pure HTML/CSS template needs to draw a bracket.
//!
//! Each section (winners' bracket, losers' bracket, finals, third place) is a CSS grid
//! of `rows` equal rows; each column is a round; each match box sits at grid row `row`
//! and spans `span` rows (`grid-row: row / span span`), so boxes of later rounds are
//! centred between their feeders. `connector` says how to draw the line from a box to
//! its next match in the next column: `Down`/`Up` (the upper/lower of a pair joining),
//! `Straight` (same height, as in the losers' bracket drop rounds) or `None`.

use super::{Bracket, EntrantId, MatchId, Side, Slot, Status};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Layout {
    pub sections: Vec<LayoutSection>,
    pub champion: Option<EntrantId>,
    pub champion_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LayoutSection {
    pub side: Side,
    /// Grid rows of the section.
    pub rows: u32,
    pub columns: Vec<LayoutColumn>,
}

/// A round. Its `boxes` may be empty (a first losers' round made only of byes); the
/// column still holds its place in the grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LayoutColumn {
    pub round: u32,
    pub name: RoundName,
    pub boxes: Vec<MatchBox>,
}

/// A round's name, for the template to translate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "number", rename_all = "snake_case")]
pub enum RoundName {
    /// Winners' round `n` (before the round of 16).
    Round(u32),
    /// The round before the quarter-finals ("octavos de final").
    RoundOf16,
    QuarterFinal,
    SemiFinal,
    Final,
    /// Losers' round `n`.
    LosersRound(u32),
    LosersFinal,
    ThirdPlace,
    GrandFinal,
    GrandFinalReset,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchBox {
    pub id: MatchId,
    /// `W2.3`, `L1.1`, `3P`, `GF`, `GF2`.
    pub code: String,
    pub row: u32,
    pub span: u32,
    pub status: Status,
    pub slots: [BoxSlot; 2],
    pub connector: Connector,
    /// Where the winner goes / the loser drops (codes, for "→ L2.1" hints).
    pub winner_to: Option<String>,
    pub loser_to: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoxSlot {
    pub entrant: Option<EntrantId>,
    pub name: Option<String>,
    /// 1-based seed.
    pub seed: Option<u32>,
    /// While the occupant is unknown: where it will come from (`W1.3`), and whether it
    /// is that match's loser.
    pub source: Option<String>,
    pub from_loser: bool,
    pub score: Option<u32>,
    pub winner: bool,
    /// Placed here directly by a bye (a top seed skipping round 1).
    pub bye: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Connector {
    None,
    Down,
    Up,
    Straight,
}

impl Bracket {
    /// The layout with entrant ids only (no names).
    pub fn layout(&self) -> Layout {
        self.layout_named(&|_| None)
    }

    /// The layout, with names looked up by `name`.
    pub fn layout_named(&self, name: &dyn Fn(EntrantId) -> Option<String>) -> Layout {
        let seed_of: HashMap<EntrantId, u32> = self
            .seeds
            .iter()
            .enumerate()
            .map(|(i, &e)| (e, i as u32 + 1))
            .collect();
        let code = |id: MatchId| self.get(id).map(|m| m.code());
        let max_round = |side: Side| {
            self.matches
                .iter()
                .filter(|m| m.side == side)
                .map(|m| m.round)
                .max()
                .unwrap_or(0)
        };
        let wb_rounds = max_round(Side::Winners);
        let mut sections = Vec::new();
        for side in [
            Side::Winners,
            Side::Losers,
            Side::ThirdPlace,
            Side::GrandFinal,
        ] {
            let rounds = max_round(side);
            if rounds == 0 {
                continue;
            }
            let span_of = |round: u32| -> u32 {
                match side {
                    Side::Winners => 1 << round.saturating_sub(1).min(20),
                    Side::Losers => 1 << (round.saturating_sub(1) / 2).min(20),
                    _ => 1,
                }
            };
            let rows = match side {
                Side::Winners => 1u32 << wb_rounds.saturating_sub(1).min(20),
                Side::Losers => 1u32 << (wb_rounds.saturating_sub(2)).min(20),
                _ => 1,
            };
            let mut columns: Vec<LayoutColumn> = (1..=rounds)
                .map(|round| LayoutColumn {
                    round,
                    name: round_name(side, round, rounds),
                    boxes: Vec::new(),
                })
                .collect();
            for m in self.matches.iter().filter(|m| m.side == side) {
                let span = span_of(m.round);
                let connector = match m.winner_to.and_then(|(d, _)| self.get(d)) {
                    Some(d)
                        if d.side == side && d.round == m.round + 1 && side != Side::GrandFinal =>
                    {
                        if side == Side::Losers && d.round % 2 == 0 {
                            Connector::Straight
                        } else if m.position % 2 == 1 {
                            Connector::Down
                        } else {
                            Connector::Up
                        }
                    }
                    _ => Connector::None,
                };
                let slot = |k: usize| {
                    let entrant = m.entrants[k];
                    let (source, from_loser) = match (entrant, m.slots[k]) {
                        (None, Slot::Winner(s)) => (code(s), false),
                        (None, Slot::Loser(s)) => (code(s), true),
                        _ => (None, false),
                    };
                    BoxSlot {
                        entrant,
                        name: entrant.and_then(name),
                        seed: entrant.and_then(|e| seed_of.get(&e).copied()),
                        source,
                        from_loser,
                        score: m.result.and_then(|r| r.score).map(|s| s[k]),
                        winner: entrant.is_some() && m.result.map(|r| r.winner) == entrant,
                        bye: m.round > 1 && matches!(m.slots[k], Slot::Entrant(_)),
                    }
                };
                let b = MatchBox {
                    id: m.id,
                    code: m.code(),
                    row: m
                        .position
                        .saturating_sub(1)
                        .saturating_mul(span)
                        .saturating_add(1),
                    span,
                    status: m.status,
                    slots: [slot(0), slot(1)],
                    connector,
                    winner_to: m.winner_to.and_then(|(d, _)| code(d)),
                    loser_to: m.loser_to.and_then(|(d, _)| code(d)),
                };
                if let Some(c) = columns.get_mut(m.round.saturating_sub(1) as usize) {
                    c.boxes.push(b);
                }
            }
            sections.push(LayoutSection {
                side,
                rows,
                columns,
            });
        }
        let champion = self.champion();
        Layout {
            sections,
            champion,
            champion_name: champion.and_then(name),
        }
    }
}

/// A match's stage, for the people in the room: its round's name and, when that round
/// has more than one match, its number among them (1-based, top to bottom): "semifinal
/// 2", "final", "tercer puesto".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage {
    pub name: RoundName,
    pub number: Option<u32>,
}

impl Bracket {
    /// The stage of match `id` (see [`Stage`]).
    pub fn stage(&self, id: MatchId) -> Option<Stage> {
        let m = self.get(id)?;
        let same: Vec<&super::Match> = self
            .matches
            .iter()
            .filter(|x| x.side == m.side && x.round == m.round)
            .collect();
        let rounds = self
            .matches
            .iter()
            .filter(|x| x.side == m.side)
            .map(|x| x.round)
            .max()
            .unwrap_or(m.round);
        let number = (same.len() > 1)
            .then(|| same.iter().filter(|x| x.position < m.position).count() as u32 + 1);
        Some(Stage {
            name: round_name(m.side, m.round, rounds),
            number,
        })
    }

    /// The stage of match `id` when its name alone says which match it is: the final,
    /// a semifinal or a quarter-final of a single-elimination knockout (a double
    /// elimination's winners' final is not the final).
    pub fn named_stage(&self, id: MatchId) -> Option<Stage> {
        if !matches!(self.format(), super::Format::SingleElimination { .. }) {
            return None;
        }
        self.stage(id).filter(|s| {
            matches!(
                s.name,
                RoundName::Final | RoundName::SemiFinal | RoundName::QuarterFinal
            )
        })
    }
}

impl Layout {
    /// A plain-text rendering (for the CLI's `baza bracket FILE`): one line per match,
    /// `*` after the winner, scores in brackets, unknown occupants as their source.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for s in &self.sections {
            let title = match s.side {
                Side::Winners => "Bracket",
                Side::Losers => "Losers' bracket",
                Side::ThirdPlace => "Third place",
                Side::GrandFinal => "Grand final",
            };
            out.push_str(title);
            out.push('\n');
            for c in s.columns.iter().filter(|c| !c.boxes.is_empty()) {
                out.push_str("  ");
                out.push_str(&c.name.to_string());
                out.push('\n');
                for b in &c.boxes {
                    let [x, y] = [&b.slots[0], &b.slots[1]].map(slot_text);
                    let status = match b.status {
                        Status::Pending => "pending",
                        Status::Ready => "ready",
                        Status::Played => "played",
                        Status::Void => "void: replay",
                        Status::NotNeeded => "not needed",
                    };
                    out.push_str(&format!("    {:<6} {x}  v  {y}   ({status})\n", b.code));
                }
            }
        }
        if let Some(c) = self.champion {
            let name = self
                .champion_name
                .clone()
                .unwrap_or_else(|| format!("#{}", c.0));
            out.push_str(&format!("Champion: {name}\n"));
        }
        out
    }
}

fn slot_text(s: &BoxSlot) -> String {
    let mut t = match (s.entrant, &s.source) {
        (Some(e), _) => {
            let name = s.name.clone().unwrap_or_else(|| format!("#{}", e.0));
            match s.seed {
                Some(seed) => format!("{name} ({seed})"),
                None => name,
            }
        }
        (None, Some(src)) if s.from_loser => format!("loser of {src}"),
        (None, Some(src)) => format!("winner of {src}"),
        (None, None) => "?".to_string(),
    };
    if let Some(score) = s.score {
        t.push_str(&format!(" [{score}]"));
    }
    if s.winner {
        t.push_str(" *");
    }
    t
}

impl std::fmt::Display for RoundName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoundName::Round(n) => write!(f, "Round {n}"),
            RoundName::RoundOf16 => write!(f, "Round of 16"),
            RoundName::QuarterFinal => write!(f, "Quarter-finals"),
            RoundName::SemiFinal => write!(f, "Semi-finals"),
            RoundName::Final => write!(f, "Final"),
            RoundName::LosersRound(n) => write!(f, "Losers' round {n}"),
            RoundName::LosersFinal => write!(f, "Losers' final"),
            RoundName::ThirdPlace => write!(f, "Third place"),
            RoundName::GrandFinal => write!(f, "Grand final"),
            RoundName::GrandFinalReset => write!(f, "Grand final (reset)"),
        }
    }
}

fn round_name(side: Side, round: u32, rounds: u32) -> RoundName {
    match side {
        Side::Winners => match rounds - round {
            0 => RoundName::Final,
            1 => RoundName::SemiFinal,
            2 => RoundName::QuarterFinal,
            3 => RoundName::RoundOf16,
            _ => RoundName::Round(round),
        },
        Side::Losers if round == rounds => RoundName::LosersFinal,
        Side::Losers => RoundName::LosersRound(round),
        Side::ThirdPlace => RoundName::ThirdPlace,
        Side::GrandFinal if round >= 2 => RoundName::GrandFinalReset,
        Side::GrandFinal => RoundName::GrandFinal,
    }
}
