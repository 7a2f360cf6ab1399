//! The standings as shown, shared by the standings page, the live page, the print
//! page and the sheets: the lines with their tie-break columns, and the crosstables
//! of a league.

use super::*;

pub struct StandingLine {
    /// The place (shared by rows ex aequo).
    pub rank: u32,
    /// The place as shown: "3" or "3.º ex aequo".
    pub place: String,
    pub ex_aequo: bool,
    pub name: String,
    pub club: String,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub wdl: String,
    /// Match points as shown: "1½" on a page, "1.5" in a sheet.
    pub points: String,
    pub columns: Vec<String>,
    /// How a row still level after every criterion was placed ("ex aequo", a lot
    /// drawn by Baza, order of entry); empty for the others. A sheet's line names the
    /// lot's seed on each row; a page names it once, in `seed_note`.
    pub tie: String,
    /// On a page, the first row placed by lot carries the sentence that gives the
    /// lot's seed, said once under the table.
    pub seed_note: Option<String>,
    pub withdrawn: bool,
    /// Why it plays no more, in words: withdrawn, or never turned up (empty if it plays).
    pub withdrawn_note: String,
}

/// The tie-break columns shown (match points have their own column).
fn tb_columns(file: &TournamentFile) -> Vec<Tiebreak> {
    file.championship
        .tiebreaks
        .iter()
        .copied()
        .filter(|t| *t != Tiebreak::Points)
        .collect()
}

/// The ordinal of a place in the page's language: "3.º", "3r", "3rd".
fn ordinal(lang: Lang, n: u32) -> String {
    match lang {
        Lang::Es => format!("{n}.º"),
        Lang::Ca => {
            let suffix = match n {
                1 | 3 => "r",
                2 => "n",
                4 => "t",
                _ => "è",
            };
            format!("{n}{suffix}")
        }
        Lang::En => {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

/// The standings as lines, with match points and tie-break values written for a
/// page (`page`: halves as "½") or for a sheet ("0.5").
pub(super) fn standing_lines(ctx: &Ctx, file: &TournamentFile, page: bool) -> Vec<StandingLine> {
    let cols = tb_columns(file);
    let shown = |p: MatchPoints| if page { p.pretty() } else { p.plain() };
    let rows = tournament::standings(file);
    let first_by_lot = rows
        .iter()
        .position(|r| !r.ex_aequo && r.decided_by.as_deref() == Some("lot"));
    rows.iter()
        .enumerate()
        .map(|(i, r)| StandingLine {
            rank: r.place,
            place: if r.ex_aequo {
                ctx.t1("standings-ex-aequo", "place", &ordinal(ctx.lang, r.place))
            } else {
                r.place.to_string()
            },
            ex_aequo: r.ex_aequo,
            name: r.name.clone(),
            club: r.club.clone().unwrap_or_default(),
            played: r.played,
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
            wdl: format!("{}-{}-{}", r.wins, r.draws, r.losses),
            points: shown(r.points),
            columns: cols
                .iter()
                .map(|t| tournament::text::value(r, *t, "–", &shown))
                .collect(),
            tie: tie_note(ctx, file, r, page),
            seed_note: (page && first_by_lot == Some(i))
                .then(|| ctx.t1("standings-lot-seed", "seed", &file.championship.seed)),
            withdrawn: r.withdrawn,
            withdrawn_note: withdrawn_note(ctx, r.withdrawn, r.no_show),
        })
        .collect()
}

/// The note of a row that plays no more: "no se presentó" for an entrant withdrawn
/// before round 1 (it never turned up), "retirada" for one withdrawn later; empty
/// for the others.
pub(super) fn withdrawn_note(ctx: &Ctx, withdrawn: bool, no_show: bool) -> String {
    match (withdrawn, no_show) {
        (_, true) => ctx.t("tournament-no-show"),
        (true, false) => ctx.t("tournament-withdrawn"),
        (false, false) => String::new(),
    }
}

/// What placed a row still level after the list, in words: "ex aequo", the lot (on a
/// sheet with the seed Baza drew it from) or the order of entry; empty when a
/// criterion did.
fn tie_note(ctx: &Ctx, file: &TournamentFile, r: &tournament::StandingRow, page: bool) -> String {
    if r.ex_aequo {
        return ctx.t("standings-tie-shared");
    }
    match r.decided_by.as_deref() {
        Some("lot") if page => ctx.t("standings-tie-lot-page"),
        Some("lot") => ctx.t1("standings-tie-lot", "seed", &file.championship.seed),
        Some("entry_order") => ctx.t("standings-tie-entry-order"),
        _ => String::new(),
    }
}

/// The crosstable of a liguilla: its entrants in standing order, and for each the
/// score of every meeting with each other entrant (its own score first).
pub struct CrossGroup {
    /// 1-based liguilla (0 in a single league).
    pub group: u32,
    pub rows: Vec<CrossRow>,
}

pub struct CrossRow {
    pub rank: u32,
    pub name: String,
    /// One cell per entrant of the group, in the same order; "×" on the diagonal.
    pub cells: Vec<String>,
}

/// The crosstables of a round robin (one per liguilla), `None` for other systems.
pub(super) fn crosstables(ctx: &Ctx, file: &TournamentFile) -> Option<Vec<CrossGroup>> {
    if !matches!(file.championship.system, System::RoundRobin { .. }) {
        return None;
    }
    let table = tournament::standings(file);
    let mut groups: Vec<u32> = table.iter().map(|r| r.group.unwrap_or(0)).collect();
    groups.sort_unstable();
    groups.dedup();
    let meetings = |x: &str, y: &str| -> String {
        let mut out = Vec::new();
        for round in &file.rounds {
            for p in &round.pairings {
                let Pairing::Table(t) = p else { continue };
                let Some(r) = round.result(t.table) else {
                    continue;
                };
                // The score seen from `x`, and whether `x` won or lost a match
                // whose score does not say so.
                let (mine, theirs, me) = if t.a == x && t.b == y {
                    (r.score[0], r.score[1], Side::A)
                } else if t.a == y && t.b == x {
                    (r.score[1], r.score[0], Side::B)
                } else {
                    continue;
                };
                let mut cell = format!("{mine}–{theirs}");
                if r.forfeit.is_none()
                    && let Some(w) = declared_winner(r)
                {
                    let key = if w == me {
                        "crosstable-declared-won"
                    } else {
                        "crosstable-declared-lost"
                    };
                    cell = format!("{cell} ({})", ctx.t(key));
                }
                out.push(cell);
            }
        }
        out.join(" / ")
    };
    Some(
        groups
            .into_iter()
            .map(|g| {
                let members: Vec<_> = table.iter().filter(|r| r.group.unwrap_or(0) == g).collect();
                CrossGroup {
                    group: g,
                    rows: members
                        .iter()
                        .map(|r| CrossRow {
                            rank: r.group_rank.unwrap_or(r.rank),
                            name: r.name.clone(),
                            cells: members
                                .iter()
                                .map(|o| {
                                    if o.id == r.id {
                                        "×".to_owned()
                                    } else {
                                        meetings(&r.id, &o.id)
                                    }
                                })
                                .collect(),
                        })
                        .collect(),
                }
            })
            .collect(),
    )
}

/// The standings' column of the entrants: "Pareja", or "Jugador" where each entrant is
/// one player (an individual game).
pub(super) fn entrant_head(ctx: &Ctx, file: &TournamentFile) -> String {
    if crate::domain::tournament::people::entrant_size(file) == 1 {
        ctx.t("standings-player")
    } else {
        ctx.t("standings-pair")
    }
}

/// A tie-break column's head: its words, and on paper the abbreviation printed in
/// their place (the words still read by screen readers and in the sheet's legend).
pub struct ColumnHead {
    pub long: String,
    pub short: Option<String>,
}

/// The tie-break columns' heads: on `paper`, the long ones abbreviated.
pub(super) fn tb_heads(ctx: &Ctx, file: &TournamentFile, paper: bool) -> Vec<ColumnHead> {
    tb_columns(file)
        .into_iter()
        .map(|t| {
            let long = tiebreak_label(ctx, t);
            let short = paper
                .then(|| ctx.t(&format!("tiebreak-{}-short", t.slug().replace('_', "-"))))
                .filter(|s| *s != long);
            ColumnHead { long, short }
        })
        .collect()
}

pub(super) fn tb_headers(ctx: &Ctx, file: &TournamentFile) -> Vec<String> {
    tb_heads(ctx, file, false)
        .into_iter()
        .map(|h| h.long)
        .collect()
}
