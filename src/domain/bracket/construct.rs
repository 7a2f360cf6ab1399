//! Building brackets: a power-of-two template whose bye matches are compiled away.

use super::seeding::{Fill, loser_drop_masks, separate_groups, standard_order};
use super::{
    Bracket, BracketError, EntrantId, Format, MAX_ENTRANTS, Match, MatchId, Side, Slot, Status,
};

/// A template slot: a seed (0-based; past the entrants it is a bye) or the winner or
/// loser of an earlier template match.
#[derive(Clone, Copy)]
enum T {
    Seed(usize),
    W(usize),
    L(usize),
}

struct TMatch {
    side: Side,
    round: u32,
    position: u32,
    slots: [T; 2],
}

/// What a template slot resolves to once byes are compiled away.
#[derive(Clone, Copy)]
enum R {
    Entrant(EntrantId),
    Bye,
    Winner(MatchId),
    Loser(MatchId),
}

fn check(seeds: &[EntrantId]) -> Result<(), BracketError> {
    if seeds.is_empty() {
        return Err(BracketError::NoEntrants);
    }
    if seeds.len() > MAX_ENTRANTS {
        return Err(BracketError::TooManyEntrants(seeds.len()));
    }
    let mut sorted = seeds.to_vec();
    sorted.sort_unstable();
    match sorted.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => Err(BracketError::DuplicateEntrant(w[0])),
        None => Ok(()),
    }
}

fn push(t: &mut Vec<TMatch>, side: Side, round: usize, position: usize, slots: [T; 2]) -> usize {
    t.push(TMatch {
        side,
        round: round as u32,
        position: position as u32,
        slots,
    });
    t.len() - 1
}

/// The winners' bracket for `n` entrants in standard order; template indices per round.
fn winners(n: usize, t: &mut Vec<TMatch>) -> Vec<Vec<usize>> {
    let order = standard_order(n);
    let mut rounds: Vec<Vec<usize>> = Vec::new();
    let first: Vec<usize> = order
        .chunks_exact(2)
        .enumerate()
        .map(|(i, pair)| {
            let slots = [T::Seed(pair[0] - 1), T::Seed(pair[1] - 1)];
            push(t, Side::Winners, 1, i + 1, slots)
        })
        .collect();
    if first.is_empty() {
        return rounds;
    }
    rounds.push(first);
    while let Some(prev) = rounds.last().filter(|r| r.len() > 1) {
        let prev = prev.clone();
        let round = rounds.len() + 1;
        let next = prev
            .chunks_exact(2)
            .enumerate()
            .map(|(i, pair)| {
                push(
                    t,
                    Side::Winners,
                    round,
                    i + 1,
                    [T::W(pair[0]), T::W(pair[1])],
                )
            })
            .collect();
        rounds.push(next);
    }
    rounds
}

/// Turns the template into a bracket: a match with a bye is not created; its winner
/// slot passes the other occupant on and its loser slot becomes a bye.
fn compile(
    format: Format,
    seeds: &[EntrantId],
    template: &[TMatch],
) -> Result<Bracket, BracketError> {
    let mut alias: Vec<(R, R)> = Vec::with_capacity(template.len());
    let mut matches: Vec<Match> = Vec::with_capacity(template.len());
    for t in template {
        let resolve = |s: T| match s {
            T::Seed(i) => seeds.get(i).map_or(R::Bye, |&e| R::Entrant(e)),
            T::W(j) => alias.get(j).map_or(R::Bye, |a| a.0),
            T::L(j) => alias.get(j).map_or(R::Bye, |a| a.1),
        };
        let here = [resolve(t.slots[0]), resolve(t.slots[1])];
        let a = match here {
            [R::Bye, other] | [other, R::Bye] => (other, R::Bye),
            [a, b] => {
                let id = MatchId(matches.len() as u32);
                matches.push(Match {
                    id,
                    side: t.side,
                    round: t.round,
                    position: t.position,
                    slots: [to_slot(a)?, to_slot(b)?],
                    result: None,
                    status: Status::Pending,
                    entrants: [None, None],
                    winner_to: None,
                    loser_to: None,
                });
                (R::Winner(id), R::Loser(id))
            }
        };
        alias.push(a);
    }
    Bracket::rebuild(format, seeds.to_vec(), matches)
}

fn to_slot(r: R) -> Result<Slot, BracketError> {
    match r {
        R::Entrant(e) => Ok(Slot::Entrant(e)),
        R::Winner(m) => Ok(Slot::Winner(m)),
        R::Loser(m) => Ok(Slot::Loser(m)),
        R::Bye => Err(BracketError::Invalid("a bye reached a match".into())),
    }
}

/// Single elimination over `seeds` (seed 1 first) in the standard order, byes to the
/// top seeds, and a match for third place between the semi-final losers if asked
/// (and there are semi-finals with two losers, i.e. at least four entrants).
pub fn single_elimination(seeds: &[EntrantId], third_place: bool) -> Result<Bracket, BracketError> {
    check(seeds)?;
    let mut t = Vec::new();
    let rounds = winners(seeds.len(), &mut t);
    if third_place && rounds.len() >= 2 {
        let semis = &rounds[rounds.len() - 2];
        push(
            &mut t,
            Side::ThirdPlace,
            1,
            1,
            [T::L(semis[0]), T::L(semis[1])],
        );
    }
    compile(Format::SingleElimination { third_place }, seeds, &t)
}

/// Double elimination over `seeds`: the winners' bracket as in single elimination; its
/// losers drop into the losers' bracket along [`loser_drop_masks`] (no rematch before
/// counting forces one); the grand final sets the winners' champion (slot 0) against
/// the losers' champion, and with `grand_final_reset` a second match is played if the
/// losers' champion wins it.
pub fn double_elimination(
    seeds: &[EntrantId],
    grand_final_reset: bool,
) -> Result<Bracket, BracketError> {
    check(seeds)?;
    let format = Format::DoubleElimination { grand_final_reset };
    let mut t = Vec::new();
    let rounds = winners(seeds.len(), &mut t);
    let k = rounds.len();
    let Some(&wb_final) = rounds.last().and_then(|r| r.first()) else {
        return compile(format, seeds, &t);
    };
    let masks = loser_drop_masks(k as u32);
    let lb_champion = if k == 1 {
        T::L(wb_final)
    } else {
        let first = &rounds[0];
        let mut prev: Vec<usize> = (0..first.len() / 2)
            .map(|i| {
                push(
                    &mut t,
                    Side::Losers,
                    1,
                    i + 1,
                    [T::L(first[2 * i]), T::L(first[2 * i + 1])],
                )
            })
            .collect();
        let mut lr = 1;
        for r in 2..=k {
            lr += 1;
            let wb = &rounds[r - 1];
            let mask = masks.get(r).copied().unwrap_or(0);
            prev = (0..prev.len())
                .map(|i| {
                    let dropped = wb.get(i ^ mask).or(wb.get(i)).copied().unwrap_or(0);
                    push(
                        &mut t,
                        Side::Losers,
                        lr,
                        i + 1,
                        [T::W(prev[i]), T::L(dropped)],
                    )
                })
                .collect();
            if r < k {
                lr += 1;
                prev = (0..prev.len() / 2)
                    .map(|i| {
                        push(
                            &mut t,
                            Side::Losers,
                            lr,
                            i + 1,
                            [T::W(prev[2 * i]), T::W(prev[2 * i + 1])],
                        )
                    })
                    .collect();
            }
        }
        T::W(prev.first().copied().unwrap_or(0))
    };
    let gf = push(
        &mut t,
        Side::GrandFinal,
        1,
        1,
        [T::W(wb_final), lb_champion],
    );
    if grand_final_reset {
        push(&mut t, Side::GrandFinal, 2, 1, [T::W(gf), T::L(gf)]);
    }
    compile(format, seeds, &t)
}

/// Groups to knockout: the top `qualify_per_group` of each group (`group_standings`,
/// each ranked by the championship's tie-breaks, which settle ties at the cut), then the
/// `fill`. Group winners are the top seeds, then the runners-up, and so on; within a
/// rank, seeds go to the entrant whose group-mates are farthest away, so entrants of
/// one group meet as late as the bracket allows (two groups of two: 1A–2B, 1B–2A).
pub fn groups_to_knockout(
    group_standings: &[Vec<EntrantId>],
    qualify_per_group: usize,
    fill: Fill,
    third_place: bool,
) -> Result<Bracket, BracketError> {
    for (group, g) in group_standings.iter().enumerate() {
        if g.len() < qualify_per_group {
            return Err(BracketError::GroupTooSmall {
                group,
                size: g.len(),
            });
        }
    }
    if group_standings.len().saturating_mul(qualify_per_group) > MAX_ENTRANTS {
        return Err(BracketError::TooManyEntrants(
            group_standings.len().saturating_mul(qualify_per_group),
        ));
    }
    let mut ranks: Vec<Vec<(EntrantId, usize)>> = (0..qualify_per_group)
        .map(|r| {
            group_standings
                .iter()
                .enumerate()
                .filter_map(|(g, grp)| grp.get(r).map(|&e| (e, g)))
                .collect()
        })
        .collect();
    let qualified: Vec<EntrantId> = ranks.iter().flatten().map(|&(e, _)| e).collect();
    let extra: Vec<EntrantId> = match fill {
        Fill::None => Vec::new(),
        Fill::BestRunnersUp(list) => {
            let need = qualified.len().next_power_of_two() - qualified.len();
            list.into_iter()
                .filter(|e| !qualified.contains(e))
                .take(need)
                .collect()
        }
        Fill::Repesca(list) => list,
    };
    if !extra.is_empty() {
        let groups = group_standings.len();
        ranks.push(
            extra
                .iter()
                .enumerate()
                .map(|(i, &e)| {
                    let g = group_standings.iter().position(|grp| grp.contains(&e));
                    (e, g.unwrap_or(groups + i))
                })
                .collect(),
        );
    }
    let seeds = separate_groups(&ranks);
    single_elimination(&seeds, third_place)
}
