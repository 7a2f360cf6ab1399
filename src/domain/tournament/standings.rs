//! Standings with an ordered, configurable list of tie-breaks, and a full ranking 1..N.
//!
//! Definitions (match points are the `event.points` of each outcome; "score" is the
//! game's own units, tantos or partidas):
//!
//! * `wins`: matches won, byes included (a bye is credited as a win).
//! * `played`: matches with a result, byes included, so that `played` is always
//!   `wins + draws + losses` (rests, and rounds before a late entry, are not).
//! * `points`: match points, including a late entrant's `start_points` and byes.
//! * `head_to_head`: the mini-league among the entrants still level at that point of
//!   the list: match points earned in the games between them. How it reads those games
//!   is the championship's [`HeadToHead`]: by default (`all_met`, FIDE C.07) only a group in
//!   which every entrant met every other is separated, otherwise the criterion passes
//!   the group on untouched; `games_played` counts whatever games were played among
//!   them. When it splits a group but leaves a sub-group still level, it is applied
//!   again within that sub-group, on the sub-group's own games only, until nothing
//!   changes, before the next criterion (the "liguilla particular entre los
//!   empatados").
//! * `point_difference`, `points_for`: score for minus against, and score for, over
//!   the games played (byes and rests add no score).
//! * `buchholz`: the sum of the match points of the opponents met (a bye adds 0).
//! * `median_buchholz`: Buchholz without the highest and the lowest opponent (when
//!   there are at least three).
//! * `sonneborn_berger`: Σ over games of opponent's points × (match points earned in
//!   that game ÷ points for a win): a win counts the whole opponent, a draw half.
//! * `lot`: a draw by lot from `event.seed` and the entrant id (stable when entrants
//!   are added); the row shows the lot number, 1 = first drawn.
//!
//! After the list, entrants still level are placed by the championship's [`Ties`]: by seed
//! and order of entry (`decided_by` is then `entry_order`), by the lot (`lot`, as if
//! it closed the list), or not at all: they share the place of the first of them
//! (`place`, `ex_aequo`), listed in entry order. `decided_by` tells which criterion
//! placed a row below the one above it. In a ceros championship the first criterion is
//! always survival: still in, then out later.

pub use super::criteria::{HeadToHead, Tiebreak, Ties};
use super::file::{System, TournamentFile};
use super::format::Outcome;
use super::halves::MatchPoints;
use super::ledger::Ledger;
use super::rng::{hash_str, splitmix64};
use serde::Serialize;

/// One line of the standings: the rank and every tie-break value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StandingRow {
    /// 1..N, no two rows share a rank (the order pairing and qualifying read).
    pub rank: u32,
    /// The place shown: the rank, or for rows still level after every criterion
    /// under `ties: shared`, the rank of the first of them, which they share.
    pub place: u32,
    /// Shares its place with another row (ex aequo).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ex_aequo: bool,
    /// Rank inside the liguilla, for a round robin in groups.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_rank: Option<u32>,
    /// Level after every criterion with the row above it in its liguilla (under
    /// `ties: shared`): the two share their place in the group.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub group_level: bool,
    pub id: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<u32>,
    /// Matches with a result, byes included (a bye is a match won); rests not.
    pub played: u32,
    /// Games won plus byes.
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
    pub points: MatchPoints,
    pub points_for: u64,
    pub points_against: u64,
    pub point_difference: i64,
    pub buchholz: MatchPoints,
    pub median_buchholz: MatchPoints,
    /// For showing only: the ranking compares the exact sum behind it.
    pub sonneborn_berger: f64,
    /// Mini-league points among the entrants it was level with, when that criterion
    /// was used for this row.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head_to_head: Option<MatchPoints>,
    pub lot: u32,
    pub withdrawn: bool,
    /// Withdrawn before round 1: the entrant never turned up.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_show: bool,
    /// Ceros: the round of the k-th loss (or of the withdrawal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eliminated_in_round: Option<u32>,
    /// The criterion that placed this row below the previous one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<String>,
}

/// Per-entrant figures before ranking.
#[derive(Debug, Clone, Default)]
struct Stats {
    played: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    byes: u32,
    points: MatchPoints,
    pf: u64,
    pa: u64,
    buchholz: MatchPoints,
    median: MatchPoints,
    /// Σ over games of (halves earned) × (opponent's halves): Sonneborn-Berger times
    /// twice the points for a win, exact.
    sb_scaled: u64,
    lot: u32,
    eliminated: Option<u32>,
}

#[derive(Debug, Clone, Copy)]
enum Crit {
    Survival,
    Tb(Tiebreak),
}

/// The computed table: rows in rank order plus entrant indices and points, for pairing.
pub(crate) struct Table {
    pub rows: Vec<StandingRow>,
    /// Match points per entrant index, in halves.
    pub points: Vec<u32>,
}

/// The standings of a tournament file (never fails: lines naming unknown entrants
/// are ignored; [`super::file::validate`] reports them).
pub fn standings(file: &TournamentFile) -> Vec<StandingRow> {
    compute(&Ledger::new(file)).rows
}

pub(crate) fn compute(ledger: &Ledger) -> Table {
    let file = ledger.file;
    let n = ledger.len();
    let pts = file.championship.points;
    let mut st: Vec<Stats> = vec![Stats::default(); n];
    for (i, e) in file.entrants.iter().enumerate() {
        st[i].points = e.start_points;
        st[i].byes = ledger.byes[i].len() as u32;
        st[i].wins = st[i].byes;
        st[i].played = st[i].byes;
        st[i].points = st[i]
            .points
            .saturating_add(pts.bye.saturating_mul(st[i].byes));
    }
    // Match points earned in game gi by entrant i.
    let earned = |gi: usize, i: usize| -> MatchPoints {
        let g = &ledger.games[gi];
        match (g.outcome, g.a == i) {
            (Outcome::Draw, _) => pts.draw,
            (Outcome::A, true) | (Outcome::B, false) => pts.win,
            _ => pts.loss,
        }
    };
    for (gi, g) in ledger.games.iter().enumerate() {
        for (me, mine, theirs) in [(g.a, g.score[0], g.score[1]), (g.b, g.score[1], g.score[0])] {
            let s = &mut st[me];
            s.played += 1;
            s.pf += u64::from(mine);
            s.pa += u64::from(theirs);
            let p = earned(gi, me);
            s.points = s.points.saturating_add(p);
            match (g.outcome, g.a == me) {
                (Outcome::Draw, _) => s.draws += 1,
                (Outcome::A, true) | (Outcome::B, false) => s.wins += 1,
                _ => s.losses += 1,
            }
        }
    }
    let points: Vec<MatchPoints> = st.iter().map(|s| s.points).collect();
    let mut opp_pts: Vec<MatchPoints> = Vec::new();
    #[allow(clippy::needless_range_loop)]
    for i in 0..n {
        opp_pts.clear();
        let mut sb = 0u64;
        for &gi in &ledger.games_of[i] {
            let g = &ledger.games[gi];
            let o = if g.a == i { g.b } else { g.a };
            opp_pts.push(points[o]);
            sb += u64::from(earned(gi, i).halves()) * u64::from(points[o].halves());
        }
        let total: MatchPoints = opp_pts.iter().copied().sum();
        st[i].buchholz = total;
        st[i].median = if opp_pts.len() >= 3 {
            let (lo, hi) = opp_pts.iter().fold(
                (MatchPoints::from_halves(u32::MAX), MatchPoints::ZERO),
                |(lo, hi), &p| (lo.min(p), hi.max(p)),
            );
            total.saturating_sub(lo).saturating_sub(hi)
        } else {
            total
        };
        st[i].sb_scaled = sb;
    }
    // Lot numbers: 1 = first drawn.
    let mut lots: Vec<(u64, usize)> = (0..n)
        .map(|i| {
            (
                splitmix64(file.championship.seed ^ hash_str(&file.entrants[i].id)),
                i,
            )
        })
        .collect();
    lots.sort_unstable();
    for (k, &(_, i)) in lots.iter().enumerate() {
        st[i].lot = k as u32 + 1;
    }
    let ceros = matches!(file.championship.system, System::Ceros { .. });
    if let System::Ceros { losses } = file.championship.system {
        for (i, e) in file.entrants.iter().enumerate() {
            let lr = ledger.loss_rounds(i);
            let out = lr.get(losses.saturating_sub(1) as usize).copied();
            st[i].eliminated = match (out, e.withdrawn_after_round) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }
    let mut crits = Vec::new();
    if ceros {
        crits.push(Crit::Survival);
    }
    crits.extend(file.championship.tiebreaks.iter().map(|&t| Crit::Tb(t)));
    let ties = file.championship.ties;
    if ties == Ties::Lot && !file.championship.tiebreaks.contains(&Tiebreak::Lot) {
        crits.push(Crit::Tb(Tiebreak::Lot));
    }

    let all: Vec<usize> = ledger.by_seed.clone();
    let mut h2h: Vec<Option<MatchPoints>> = vec![None; n];
    let mode = file.championship.head_to_head;
    let rules = (mode, ties);
    let (order, decided, level) = rank(ledger, &st, &crits, all, &mut h2h, rules, earned);
    // With shared ties, a row level with the one above takes its place.
    let mut places: Vec<u32> = Vec::with_capacity(n);
    for (k, &i) in order.iter().enumerate() {
        let place = match places.last() {
            Some(&above) if level[i] => above,
            _ => k as u32 + 1,
        };
        places.push(place);
    }
    let ex_aequo = |k: usize| level[order[k]] || order.get(k + 1).is_some_and(|&next| level[next]);

    let mut group_rank: Vec<Option<u32>> = vec![None; n];
    let mut group_level = vec![false; n];
    let groups = match file.championship.system {
        System::RoundRobin { groups, .. } if groups > 1 => {
            Some((groups, super::round_robin::groups_of(ledger, groups)))
        }
        _ => None,
    };
    if let Some((count, assignment)) = &groups {
        for g in 1..=*count {
            let members = super::round_robin::members(ledger, assignment, g);
            let mut scratch = vec![None; n];
            let (o, _, lv) = rank(ledger, &st, &crits, members, &mut scratch, rules, earned);
            for (k, &i) in o.iter().enumerate() {
                group_rank[i] = Some(k as u32 + 1);
                group_level[i] = lv[i];
            }
        }
    }

    let win = pts.win.halves();
    let rows = order
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let e = &file.entrants[i];
            let s = &st[i];
            StandingRow {
                rank: k as u32 + 1,
                place: places[k],
                ex_aequo: ex_aequo(k),
                group_rank: group_rank[i],
                group_level: group_level[i],
                id: e.id.clone(),
                name: e.name.clone(),
                club: e.club.clone(),
                group: groups.as_ref().map(|(_, g)| g[i]),
                played: s.played,
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
                byes: s.byes,
                points: s.points,
                points_for: s.pf,
                points_against: s.pa,
                point_difference: s.pf as i64 - s.pa as i64,
                buchholz: s.buchholz,
                median_buchholz: s.median,
                sonneborn_berger: if win == 0 {
                    s.sb_scaled as f64 / 4.0
                } else {
                    s.sb_scaled as f64 / (2.0 * f64::from(win))
                },
                head_to_head: h2h[i],
                lot: s.lot,
                withdrawn: e.withdrawn_after_round.is_some(),
                no_show: e.withdrawn_after_round == Some(0),
                eliminated_in_round: s.eliminated,
                decided_by: decided[i].map(str::to_string),
            }
        })
        .collect();
    Table {
        rows,
        points: points.iter().map(|p| p.halves()).collect(),
    }
}

fn key(st: &Stats, c: Crit) -> i64 {
    match c {
        Crit::Survival => st.eliminated.map_or(i64::MAX, i64::from),
        Crit::Tb(t) => match t {
            Tiebreak::Wins => i64::from(st.wins),
            Tiebreak::Points => i64::from(st.points.halves()),
            Tiebreak::PointDifference => st.pf as i64 - st.pa as i64,
            Tiebreak::PointsFor => st.pf as i64,
            Tiebreak::Buchholz => i64::from(st.buchholz.halves()),
            Tiebreak::MedianBuchholz => i64::from(st.median.halves()),
            Tiebreak::SonnebornBerger => st.sb_scaled as i64,
            Tiebreak::Lot => -i64::from(st.lot),
            Tiebreak::HeadToHead => 0,
        },
    }
}

/// Ranks `members` (given in seed order): returns them in rank order, for each
/// entrant the criterion that separated it from the one above, and whether it is
/// still level with the one above after every criterion and shares its place
/// ([`Ties::Shared`]; with [`Ties::EntryOrder`] the order of entry places it).
fn rank(
    ledger: &Ledger,
    st: &[Stats],
    crits: &[Crit],
    members: Vec<usize>,
    h2h: &mut [Option<MatchPoints>],
    (mode, ties): (HeadToHead, Ties),
    earned: impl Fn(usize, usize) -> MatchPoints,
) -> (Vec<usize>, Vec<Option<&'static str>>, Vec<bool>) {
    let n = st.len();
    let mut level = vec![false; n];
    let mut decided: Vec<Option<&'static str>> = vec![None; n];
    // Each block carries the criterion that separated it from the block above.
    let mut blocks: Vec<(Option<&'static str>, Vec<usize>)> = vec![(None, members)];
    for &c in crits {
        let name = match c {
            Crit::Survival => "survival",
            Crit::Tb(t) => t.slug(),
        };
        let mut next = Vec::with_capacity(blocks.len());
        for (tag, block) in blocks {
            if block.len() < 2 {
                next.push((tag, block));
                continue;
            }
            let parts = if matches!(c, Crit::Tb(Tiebreak::HeadToHead)) {
                head_to_head(ledger, block, h2h, mode, &earned)
            } else {
                let keyed: Vec<(i64, usize)> = block.iter().map(|&i| (key(&st[i], c), i)).collect();
                split(keyed)
            };
            for (k, part) in parts.into_iter().enumerate() {
                next.push((if k == 0 { tag } else { Some(name) }, part));
            }
        }
        blocks = next;
    }
    let mut order = Vec::with_capacity(n);
    for (tag, block) in blocks {
        for (k, &i) in block.iter().enumerate() {
            decided[i] = match (k, ties) {
                (0, _) => tag,
                (_, Ties::Shared) => {
                    level[i] = true;
                    None
                }
                _ => Some(Ties::EntryOrder.slug()),
            };
            order.push(i);
        }
    }
    (order, decided, level)
}

/// Orders keyed entrants by key, highest first (equal keys keep their order), and cuts
/// them into groups of equal key.
fn split(mut keyed: Vec<(i64, usize)>) -> Vec<Vec<usize>> {
    keyed.sort_by_key(|x| std::cmp::Reverse(x.0));
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut prev: Option<i64> = None;
    for (k, i) in keyed {
        match parts.last_mut() {
            Some(last) if prev == Some(k) => last.push(i),
            _ => parts.push(vec![i]),
        }
        prev = Some(k);
    }
    parts
}

/// The head-to-head criterion on one level group: the mini-league on the games among
/// them (only if every one met every other, with [`HeadToHead::AllMet`]), then again
/// within each sub-group it leaves level, on that sub-group's own games, until it
/// separates nobody more. Returns the group cut into its ordered parts.
fn head_to_head(
    ledger: &Ledger,
    block: Vec<usize>,
    h2h: &mut [Option<MatchPoints>],
    mode: HeadToHead,
    earned: &impl Fn(usize, usize) -> MatchPoints,
) -> Vec<Vec<usize>> {
    if block.len() < 2 {
        return vec![block];
    }
    let opponent = |gi: usize, i: usize| {
        let g = &ledger.games[gi];
        if g.a == i { g.b } else { g.a }
    };
    if mode == HeadToHead::AllMet {
        let all_met = block.iter().all(|&i| {
            block
                .iter()
                .all(|&j| j == i || ledger.games_of[i].iter().any(|&gi| opponent(gi, i) == j))
        });
        if !all_met {
            return vec![block];
        }
    }
    let keyed: Vec<(i64, usize)> = block
        .iter()
        .map(|&i| {
            let p = ledger.games_of[i]
                .iter()
                .filter(|&&gi| block.contains(&opponent(gi, i)))
                .fold(MatchPoints::ZERO, |p, &gi| p.saturating_add(earned(gi, i)));
            h2h[i] = Some(p);
            (i64::from(p.halves()), i)
        })
        .collect();
    let parts = split(keyed);
    if parts.len() == 1 {
        return parts;
    }
    parts
        .into_iter()
        .flat_map(|part| head_to_head(ledger, part, h2h, mode, earned))
        .collect()
}
