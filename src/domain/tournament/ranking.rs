//! The final ranking of a championship with a knockout phase, 1..N across its phases,
//! as the *bases* of Spanish card championships give it: the champion, the final's
//! loser, the third-place match's winner and loser (or the two semi-final losers
//! sharing third place when there is no such match), then the losers of each earlier
//! knockout round sharing a place, and then everybody who did not reach the knockout
//! by the earlier phase's (Swiss, league or liguillas) standings, sharing a place
//! where those standings have them ex aequo. Inside a shared
//! place the earlier phase's standings give the order of the list.
//!
//! Computed only once the knockout has its champion: before, the standings of the
//! rounds and the state of the bracket are what there is to show.

use serde::Serialize;

use super::file::{BracketPhase, TournamentFile};
use super::listing::entrant_name;
use super::standings::standings;
use crate::domain::bracket::{Bracket, EntrantId, Format, RoundName, Side};

/// How far an entrant went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "round", rename_all = "snake_case")]
pub enum Reached {
    Champion,
    /// Lost the final (or the grand final).
    RunnerUp,
    /// Won the match for third place.
    Third,
    /// Lost the match for third place.
    Fourth,
    /// Put out in this round of the knockout (a place shared with the others put out
    /// in the same round).
    Out(RoundName),
    /// Played a repesca and did not win it: placed by the earlier phase's standings.
    Repesca,
    /// Did not reach the knockout: placed by the earlier phase's standings.
    EarlierPhase,
}

/// One line of the final ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FinalRow {
    /// 1..N; entrants put out in the same knockout round share their place.
    pub place: u32,
    pub id: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    pub reached: Reached,
    /// The rank in the earlier phase's standings.
    pub phase_rank: u32,
    pub withdrawn: bool,
    /// Withdrawn before round 1: the entrant never turned up.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub no_show: bool,
}

/// How far a bracket's entrant went, as a key that sorts the further ones last.
fn progress(bracket: &Bracket, champion: EntrantId, e: EntrantId) -> ((u8, u32), Reached) {
    if e == champion {
        return ((u8::MAX, u32::MAX), Reached::Champion);
    }
    let Some(m) = bracket.eliminated_in(e).and_then(|m| bracket.get(m)) else {
        return ((0, 0), Reached::Out(RoundName::Round(1)));
    };
    let side = match m.side {
        Side::Winners => 0,
        Side::Losers => 1,
        Side::ThirdPlace => 2,
        Side::GrandFinal => 3,
    };
    let name = bracket
        .stage(m.id)
        .map_or(RoundName::Round(m.round), |s| s.name);
    let final_lost = match bracket.format() {
        Format::SingleElimination { .. } => m.winner_to().is_none() && m.side == Side::Winners,
        Format::DoubleElimination { .. } => m.side == Side::GrandFinal,
    };
    let reached = if final_lost {
        Reached::RunnerUp
    } else {
        Reached::Out(name)
    };
    ((side, m.round), reached)
}

/// The knockout phase a final ranking of `file` comes from: its last one that is not
/// a played repesca (`None` without a knockout phase).
pub fn final_phase(file: &TournamentFile) -> Option<&BracketPhase> {
    file.brackets.iter().rev().find(|p| !p.repesca)
}

/// The final ranking of `file` across its phases, from its last knockout phase
/// (`file.brackets`, a played repesca aside) and the standings of its rounds; `None` while that phase has no
/// champion (or there is no knockout phase).
pub fn final_ranking(file: &TournamentFile) -> Option<Vec<FinalRow>> {
    let phase = final_phase(file)?;
    let bracket = &phase.bracket;
    let champion = bracket.champion()?;
    let table = standings(file);
    let row_of = |id: &str| table.iter().find(|r| r.id == id);
    let id_of = |e: EntrantId| phase.entrants.get(e.0 as usize);
    let seeds: Vec<EntrantId> = bracket
        .seeds()
        .iter()
        .copied()
        .filter(|&e| id_of(e).is_some())
        .collect();
    let keyed: Vec<(EntrantId, (u8, u32), Reached)> = seeds
        .iter()
        .map(|&e| {
            let (key, reached) = progress(bracket, champion, e);
            (e, key, reached)
        })
        .collect();
    let third = bracket
        .matches()
        .iter()
        .find(|m| m.side == Side::ThirdPlace)
        .and_then(|m| Some((m.result?.winner, m.loser()?)));
    let mut out: Vec<FinalRow> = keyed
        .iter()
        .filter_map(|&(e, key, reached)| {
            let id = id_of(e)?;
            let further = keyed.iter().filter(|(_, k, _)| *k > key).count() as u32;
            let (place, reached) = match third {
                Some((w, _)) if w == e => (3, Reached::Third),
                Some((_, l)) if l == e => (4, Reached::Fourth),
                _ => (further + 1, reached),
            };
            let row = row_of(id);
            Some(FinalRow {
                place,
                id: id.clone(),
                name: row.map_or_else(|| entrant_name(file, id), |r| r.name.clone()),
                club: row.and_then(|r| r.club.clone()),
                reached,
                phase_rank: row.map_or(u32::MAX, |r| r.rank),
                withdrawn: row.is_some_and(|r| r.withdrawn),
                no_show: row.is_some_and(|r| r.no_show),
            })
        })
        .collect();
    out.sort_by_key(|r| (r.place, r.phase_rank));
    let start = out.len() as u32;
    let in_repesca = |id: &str| {
        file.brackets
            .iter()
            .any(|p| p.repesca && p.entrants.iter().any(|e| e == id))
            || file
                .repesca_liguilla
                .as_ref()
                .is_some_and(|r| r.liguilla.entrants.iter().any(|e| e.id == id))
    };
    // Rows ex aequo in the earlier phase share their place here too.
    let mut above: Option<(u32, u32)> = None;
    let rest = table
        .iter()
        .filter(|r| !out.iter().any(|x| x.id == r.id))
        .enumerate()
        .map(|(i, r)| {
            let place = match above {
                Some((shown, earlier)) if r.ex_aequo && r.place == earlier => shown,
                _ => start + i as u32 + 1,
            };
            above = Some((place, r.place));
            (place, r)
        })
        .map(|(place, r)| FinalRow {
            place,
            id: r.id.clone(),
            name: r.name.clone(),
            club: r.club.clone(),
            reached: if in_repesca(&r.id) {
                Reached::Repesca
            } else {
                Reached::EarlierPhase
            },
            phase_rank: r.rank,
            withdrawn: r.withdrawn,
            no_show: r.no_show,
        })
        .collect::<Vec<_>>();
    out.extend(rest);
    Some(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::domain::engine::GameKind;
    use crate::domain::tournament::file::{BracketPhase, Championship, Entrant, FORMAT, System};
    use crate::domain::tournament::qualify::{KnockoutShape, Qualify, knockout_from_standings};
    use crate::domain::tournament::{HeadToHead, MatchFormat, Points, Tiebreak};

    /// `n` pairs seeded 1..n and no round played: the standings are the seeds.
    fn file(n: u32) -> TournamentFile {
        TournamentFile {
            format: FORMAT.into(),
            championship: Championship {
                starts_on: None,
                name: "Comarcal".into(),
                game: GameKind::Cuatrola,
                options: Default::default(),
                system: System::Swiss { rounds: 3 },
                match_format: MatchFormat::default(),
                points: Points::default(),
                tiebreaks: vec![Tiebreak::Points],
                head_to_head: HeadToHead::default(),
                seed: 1,
                same_club: Default::default(),
                ties: Default::default(),
            },
            entrants: (1..=n)
                .map(|i| {
                    let mut e = Entrant::new(i.to_string(), format!("Pareja {i}"));
                    e.seed = Some(i);
                    e
                })
                .collect(),
            rounds: Vec::new(),
            brackets: Vec::new(),
            repesca_liguilla: None,
        }
    }

    /// A knockout of the best `n` of `f`, played with `winner(a, b)` choosing
    /// between the seeds (1-based) of each ready match, until nothing is playable or
    /// `stop` says the match is left unplayed.
    fn knockout(
        f: &mut TournamentFile,
        n: usize,
        shape: KnockoutShape,
        winner: &dyn Fn(u32, u32) -> u32,
        stop: &dyn Fn(Side) -> bool,
    ) {
        let (ids, mut b) = knockout_from_standings(f, Qualify::Top { n }, shape).unwrap();
        loop {
            let next = b
                .playable()
                .into_iter()
                .find(|m| !stop(b.get(*m).unwrap().side));
            let Some(m) = next else { break };
            let [Some(x), Some(y)] = b.get(m).unwrap().entrants() else {
                unreachable!()
            };
            let w = winner(x.0 + 1, y.0 + 1);
            b.record_result(m, EntrantId(w - 1)).unwrap();
        }
        f.brackets.push(BracketPhase {
            name: "Fase final".into(),
            entrants: ids,
            bracket: b,
            repesca: false,
            entry: Default::default(),
            tables: Vec::new(),
        });
    }

    fn places(rows: &[FinalRow]) -> Vec<(u32, &str)> {
        rows.iter().map(|r| (r.place, r.id.as_str())).collect()
    }

    const SINGLE: KnockoutShape = KnockoutShape::Single { third_place: false };
    const WITH_THIRD: KnockoutShape = KnockoutShape::Single { third_place: true };

    #[test]
    fn the_underdog_champion_heads_the_ranking_and_the_rest_follow_the_swiss() {
        let mut f = file(8);
        // 4 beats 1 in the semi-final and 2 in the final; 2 beat 3.
        let winner = |a: u32, b: u32| if a.max(b) == 4 { 4 } else { a.min(b) };
        knockout(&mut f, 4, SINGLE, &winner, &|_| false);
        let rows = final_ranking(&f).unwrap();
        assert_eq!(rows.len(), 8);
        assert_eq!(places(&rows)[..4], [(1, "4"), (2, "2"), (3, "1"), (3, "3")]);
        assert_eq!(rows[0].reached, Reached::Champion);
        assert_eq!(rows[1].reached, Reached::RunnerUp);
        let rest: Vec<_> = places(&rows)[4..].to_vec();
        assert_eq!(rest, [(5, "5"), (6, "6"), (7, "7"), (8, "8")]);
        assert!(rows[4..].iter().all(|r| r.reached == Reached::EarlierPhase));
    }

    #[test]
    fn without_a_third_place_match_the_semi_final_losers_share_third_in_swiss_order() {
        let mut f = file(6);
        // The higher seed number wins every match: 4 beats 1, 3 beats 2, 4 beats 3.
        knockout(&mut f, 4, SINGLE, &|a, b| a.max(b), &|_| false);
        let rows = final_ranking(&f).unwrap();
        assert_eq!(
            places(&rows),
            [(1, "4"), (2, "3"), (3, "1"), (3, "2"), (5, "5"), (6, "6")]
        );
        assert_eq!(rows[2].reached, Reached::Out(RoundName::SemiFinal));
        assert_eq!(rows[3].reached, Reached::Out(RoundName::SemiFinal));
    }

    #[test]
    fn the_third_place_match_splits_third_and_fourth() {
        let mut f = file(5);
        // The lower seed number wins everything but the match for third place.
        knockout(
            &mut f,
            4,
            WITH_THIRD,
            &|a, b| if a + b == 7 { a.max(b) } else { a.min(b) },
            &|_| false,
        );
        let rows = final_ranking(&f).unwrap();
        // Semis 1 v 4 and 2 v 3: 1 and 2 go through; the losers 4 and 3 meet for
        // third place, and 4 wins it.
        assert_eq!(
            places(&rows),
            [(1, "1"), (2, "2"), (3, "4"), (4, "3"), (5, "5")]
        );
        assert_eq!(rows[2].reached, Reached::Third);
        assert_eq!(rows[3].reached, Reached::Fourth);
    }

    #[test]
    fn a_third_place_match_not_yet_played_leaves_third_shared() {
        let mut f = file(4);
        knockout(&mut f, 4, WITH_THIRD, &|a, b| a.min(b), &|s| {
            s == Side::ThirdPlace
        });
        let rows = final_ranking(&f).unwrap();
        assert_eq!(places(&rows), [(1, "1"), (2, "2"), (3, "3"), (3, "4")]);
    }

    #[test]
    fn quarter_final_losers_share_fifth_ordered_by_the_earlier_standings() {
        let mut f = file(10);
        // The higher seed number wins: quarter-final losers are 1, 2, 3, 4.
        knockout(&mut f, 8, SINGLE, &|a, b| a.max(b), &|_| false);
        let rows = final_ranking(&f).unwrap();
        let got = places(&rows);
        assert_eq!(&got[4..8], [(5, "1"), (5, "2"), (5, "3"), (5, "4")]);
        assert_eq!(&got[8..], [(9, "9"), (9 + 1, "10")]);
        assert!(
            rows[4..8]
                .iter()
                .all(|r| r.reached == Reached::Out(RoundName::QuarterFinal))
        );
    }

    #[test]
    fn pairs_ex_aequo_that_did_not_reach_the_knockout_share_their_place() {
        // No round played and points the only criterion: everybody is level, and
        // with shared ties the Swiss has them all ex aequo.
        let mut f = file(8);
        f.championship.ties = crate::domain::tournament::Ties::Shared;
        knockout(&mut f, 4, SINGLE, &|a, b| a.min(b), &|_| false);
        let rows = final_ranking(&f).unwrap();
        assert_eq!(places(&rows)[4..], [(5, "5"), (5, "6"), (5, "7"), (5, "8")]);
        f.championship.ties = crate::domain::tournament::Ties::EntryOrder;
        let rows = final_ranking(&f).unwrap();
        assert_eq!(places(&rows)[4..], [(5, "5"), (6, "6"), (7, "7"), (8, "8")]);
    }

    #[test]
    fn there_is_no_final_ranking_before_the_final_is_played() {
        let mut f = file(8);
        assert!(final_ranking(&f).is_none(), "no knockout phase");
        knockout(&mut f, 4, SINGLE, &|a, b| a.min(b), &|_| false);
        let mut open = f.clone();
        let phase = open.brackets.last_mut().unwrap();
        let last = MatchIdOf::final_of(&phase.bracket);
        phase.bracket.clear_result(last).unwrap();
        assert!(final_ranking(&open).is_none());
        assert!(final_ranking(&f).is_some());
    }

    #[test]
    fn double_elimination_ranks_the_grand_final_loser_second_and_losers_rounds_after() {
        let mut f = file(8);
        knockout(
            &mut f,
            8,
            KnockoutShape::Double {
                grand_final_reset: false,
            },
            &|a, b| a.min(b),
            &|_| false,
        );
        let rows = final_ranking(&f).unwrap();
        assert_eq!(places(&rows)[..2], [(1, "1"), (2, "2")]);
        assert_eq!(rows[1].reached, Reached::RunnerUp);
        // Every place is 1 + how many went further; the list is in place order.
        assert!(rows.windows(2).all(|w| w[0].place <= w[1].place));
        for r in &rows {
            let further = rows.iter().filter(|x| x.place < r.place).count() as u32;
            assert_eq!(r.place, further + 1, "{r:?}");
        }
    }

    #[test]
    fn the_text_table_puts_the_champion_first() {
        let mut f = file(6);
        knockout(&mut f, 4, SINGLE, &|a, b| a.max(b), &|_| false);
        let heads = ["#", "Entrant", "Reached", "Phase rank"].map(str::to_owned);
        let words = |reached| match reached {
            Reached::Champion => "champion".to_string(),
            Reached::Out(round) => round.to_string(),
            other => format!("{other:?}"),
        };
        let text = crate::domain::tournament::text::final_ranking_table(
            &final_ranking(&f).unwrap(),
            &heads,
            &words,
        );
        let first = text.lines().nth(1).unwrap();
        assert!(
            first.contains("Pareja 4") && first.contains("champion"),
            "{text}"
        );
        assert!(
            text.lines()
                .any(|l| l.contains("Pareja 1") && l.contains("Semi-finals"))
        );
    }

    struct MatchIdOf;
    impl MatchIdOf {
        fn final_of(b: &Bracket) -> crate::domain::bracket::MatchId {
            b.matches()
                .iter()
                .find(|m| m.side == Side::Winners && m.winner_to().is_none())
                .unwrap()
                .id
        }
    }
}
