//! Plain-text tables for a terminal (`baza standings FILE`, `baza pair FILE`).

use super::file::{Pairing, Round, TournamentFile};
use super::halves::MatchPoints;
use super::standings::{StandingRow, Tiebreak};
use crate::domain::lang::{Lang, tr};

/// The final ranking across the phases as text: place, entrant, how far it went
/// (`reached`, in words of a language) and its rank in the earlier phase, under `heads`.
pub fn final_ranking_table(
    rows: &[super::FinalRow],
    heads: &[String; 4],
    reached: &dyn Fn(super::Reached) -> String,
) -> String {
    let mut lines: Vec<Vec<String>> = vec![heads.to_vec()];
    for r in rows {
        lines.push(vec![
            r.place.to_string(),
            r.name.clone(),
            reached(r.reached),
            r.phase_rank.to_string(),
        ]);
    }
    render(&lines, &[1, 2])
}

/// One round's draw as text in `lang`: table, first named, second, result; then the
/// bye or rests. Each entrant is named with its number of entry.
pub fn round_table(file: &TournamentFile, round: &Round, lang: Lang) -> String {
    let name = |id: &str| {
        file.entrants
            .iter()
            .find(|e| e.id == id)
            .map_or_else(|| id.to_string(), |e| format!("{} ({})", e.name, e.id))
    };
    let number = round.number;
    let mut lines = vec![vec![
        lang.pick("Mesa", "Taula", "Table").to_string(),
        tr!(lang, "Ronda {}", "Ronda {}", "Round {}", number),
        String::new(),
        lang.pick("Resultado", "Resultat", "Result").to_string(),
    ]];
    for p in &round.pairings {
        match p {
            Pairing::Table(t) => {
                let res = round
                    .result(t.table)
                    .map_or_else(String::new, |r| format!("{}–{}", r.score[0], r.score[1]));
                lines.push(vec![t.table.to_string(), name(&t.a), name(&t.b), res]);
            }
            Pairing::Bye(b) => lines.push(vec![
                "-".into(),
                name(&b.bye),
                lang.pick("exenta", "exempta", "bye").into(),
                String::new(),
            ]),
            Pairing::Rest(r) => lines.push(vec![
                "-".into(),
                name(&r.rest),
                lang.pick("descansa", "descansa", "rest").into(),
                String::new(),
            ]),
        }
    }
    render(&lines, &[1, 2])
}

/// A standings row's value for one tie-break, as printed: `none` where head-to-head
/// does not apply, match points (points, head-to-head, Buchholz) written by `points`.
pub fn value(
    r: &StandingRow,
    t: Tiebreak,
    none: &str,
    points: &dyn Fn(MatchPoints) -> String,
) -> String {
    match t {
        Tiebreak::Wins => r.wins.to_string(),
        Tiebreak::Points => points(r.points),
        Tiebreak::HeadToHead => r.head_to_head.map_or_else(|| none.into(), points),
        Tiebreak::PointDifference => format!("{:+}", r.point_difference),
        Tiebreak::PointsFor => r.points_for.to_string(),
        Tiebreak::Buchholz => points(r.buchholz),
        Tiebreak::MedianBuchholz => points(r.median_buchholz),
        Tiebreak::SonnebornBerger => {
            let two = format!("{:.2}", r.sonneborn_berger);
            two.trim_end_matches('0').trim_end_matches('.').to_owned()
        }
        Tiebreak::Lot => r.lot.to_string(),
    }
}

/// Aligns columns: left for the `left` columns, right for the others.
pub fn render(lines: &[Vec<String>], left: &[usize]) -> String {
    let cols = lines.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            lines
                .iter()
                .map(|l| l.get(c).map_or(0, |s| s.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for l in lines {
        let cells: Vec<String> = l
            .iter()
            .enumerate()
            .map(|(c, s)| {
                let w = widths.get(c).copied().unwrap_or(0);
                if left.contains(&c) {
                    format!("{s:<w$}")
                } else {
                    format!("{s:>w$}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}
