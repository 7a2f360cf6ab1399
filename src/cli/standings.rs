//! `baza standings FILE`: the ranking of a championship file as its pages give it.
//! Once its knockout phase has a champion, the final ranking across the phases (the
//! knockout's winner first), as the championship's page and its final ranking
//! spreadsheet; before, or with `--rounds`, the standings of its rounds. The final
//! ranking's table has the page's column heads and words, in the language of `--lang`
//! (Spanish by default).

use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::{TournamentArgs, both, read_tournament};
use crate::domain::Lang;
use crate::domain::tournament::{
    self, FinalRow, StandingRow, TournamentFile, final_phase, final_ranking,
};
use crate::web::Ctx;
use crate::web::championship::standings_sheet;
use crate::web::championship::{final_ranking_text, phase_standings_key};
use crate::web::i18n::tr;
use crate::web::sheets::{CsvStyle, to_text};

#[derive(Debug, Args)]
pub struct StandingsArgs {
    #[command(flatten)]
    pub tournament: TournamentArgs,
    /// Solo la clasificación de las rondas (la fase previa), aunque ya haya
    /// clasificación final / Only the standings of the rounds (the earlier phase),
    /// even once there is a final ranking.
    #[arg(long)]
    pub rounds: bool,
    /// Idioma de las clasificaciones: es, ca, en (por defecto, sus tablas en español
    /// y los títulos en español e inglés) / Language of the rankings (by default
    /// their tables in Spanish, the titles in Spanish and English).
    #[arg(long, value_parser = super::parse_lang)]
    pub lang: Option<Lang>,
}

/// `ranking` of the JSON lines of a final ranking.
const FINAL: &str = "final";

/// A line of the final ranking in `--json`: its order (`rank`, 1..N), the domain's
/// line (`place`, shared by the entrants put out in one knockout round, `reached`,
/// `phase_rank`…), `"ranking": "final"` and the knockout phase's name.
#[derive(Serialize)]
struct FinalLine<'a> {
    rank: u32,
    #[serde(flatten)]
    row: &'a FinalRow,
    ranking: &'static str,
    phase: &'a str,
}

/// A line of the standings of the rounds in `--json`: the domain's line and the
/// system that ranks them (`"ranking": "swiss"`, `"round_robin"`, `"ceros"`).
#[derive(Serialize)]
struct PhaseLine<'a> {
    #[serde(flatten)]
    row: &'a StandingRow,
    ranking: &'a str,
}

/// The system of `file` as the file names it (`swiss`, `round_robin`, `ceros`).
fn system_kind(file: &TournamentFile) -> String {
    serde_json::to_value(file.championship.system)
        .ok()
        .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_owned))
        .unwrap_or_default()
}

pub fn run(args: &StandingsArgs) -> anyhow::Result<ExitCode> {
    let file = match read_tournament("standings", &args.tournament.file) {
        Ok(f) => f,
        Err(code) => return Ok(code),
    };
    let rows = tournament::standings(&file);
    let finals = final_ranking(&file).filter(|_| !args.rounds);
    let phase = final_phase(&file).map_or("", |p| p.name.as_str());
    if args.tournament.json {
        let kind = system_kind(&file);
        let text = match &finals {
            Some(finals) => serde_json::to_string_pretty(&final_lines(finals, phase))?,
            None => serde_json::to_string_pretty(
                &rows
                    .iter()
                    .map(|row| PhaseLine {
                        row,
                        ranking: &kind,
                    })
                    .collect::<Vec<_>>(),
            )?,
        };
        println!("{text}");
        return Ok(ExitCode::SUCCESS);
    }
    // The rounds' standings in the columns and words of the standings sheet.
    let words = args.lang.unwrap_or(Lang::Es);
    let table = to_text(
        &standings_sheet(&Ctx::in_lang(words), &file),
        CsvStyle::of(words),
    );
    match &finals {
        // The final ranking first, then the earlier phase's standings, each named.
        Some(finals) => {
            let title = said(args.lang, |lang| {
                format!("{}: {phase}", tr(lang, "final-ranking-title"))
            });
            println!("{title}");
            let lang = args.lang.unwrap_or(Lang::Es);
            print!("{}", final_ranking_text(lang, &file, finals));
            println!();
            println!(
                "{}",
                said(args.lang, |lang| tr(lang, phase_standings_key(&file)))
            );
            print!("{table}");
        }
        None => {
            print!("{table}");
            // A knockout still being played: its ranking comes with its champion.
            if !args.rounds && !phase.is_empty() {
                eprintln!(
                    "{}",
                    said(args.lang, |lang| tr(lang, "final-ranking-pending"))
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A message in `lang`, or in Spanish and English as the commands say it when no
/// language is asked for.
fn said(lang: Option<Lang>, say: impl Fn(Lang) -> String) -> String {
    match lang {
        Some(lang) => say(lang),
        None => both(say),
    }
}

/// The JSON lines of a final ranking whose knockout phase is `phase`.
fn final_lines<'a>(finals: &'a [FinalRow], phase: &'a str) -> Vec<FinalLine<'a>> {
    (1..)
        .zip(finals)
        .map(|(rank, row)| FinalLine {
            rank,
            row,
            ranking: FINAL,
            phase,
        })
        .collect()
}
