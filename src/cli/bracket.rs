//! `baza bracket`: draw a knockout bracket from a list of entrants (`create`), or print
//! one from a file (a bracket, a named bracket as `create` writes it, or a
//! championship file with its knockout phases).

use std::process::ExitCode;

use clap::{Args, Subcommand};
use serde::{Deserialize, Serialize};

use super::{NOT_A_RECORD, TournamentArgs, bracket_file_words, bracket_text, read_input};
use crate::domain::Lang;
use crate::domain::bracket::{
    Bracket, EntrantId, double_elimination, seed_by_lot, single_elimination,
};
use crate::web::brackets::parse_names;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct BracketArgs {
    #[command(subcommand)]
    pub command: Option<BracketCommand>,
    /// Fichero (un cuadro, o un campeonato baza-tournament/1), o - / File (a bracket, or
    /// a baza-tournament/1 championship), or -.
    #[arg(value_name = "FICHERO|FILE", required = true)]
    pub file: Option<String>,
    /// Salida JSON en vez de dibujo de texto / JSON output instead of a text drawing.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum BracketCommand {
    /// Crea un cuadro: eliminación simple o doble, por orden de siembra o por sorteo,
    /// con exentos (byes) para los primeros cabezas de serie / Create a bracket: single
    /// or double elimination, in seed order or by lot, byes to the top seeds.
    Create {
        /// Participantes, uno por línea en orden de siembra (- para la entrada estándar)
        /// / Entrants, one a line in seed order (- for standard input).
        #[arg(value_name = "PARTICIPANTES|ENTRANTS")]
        entrants: String,
        /// Doble eliminación / Double elimination.
        #[arg(long)]
        double: bool,
        /// Con doble eliminación: final repetida si gana el del cuadro de perdedores /
        /// Double elimination: a second grand final if the losers' champion wins.
        #[arg(long, requires = "double")]
        reset: bool,
        /// Eliminación simple: partido por el tercer puesto / Single: a third-place match.
        #[arg(long, conflicts_with = "double")]
        third_place: bool,
        /// Siembra por sorteo con esta semilla / Seed by lot with this seed.
        #[arg(long, value_name = "SEMILLA|SEED")]
        lot: Option<u64>,
        /// Salida JSON (la lee `baza bracket FICHERO`) / JSON output (read by `baza bracket FILE`).
        #[arg(long)]
        json: bool,
    },
}

/// A bracket with its entrants' names: entrant `i` of the bracket is `entrants[i]`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedBracket {
    pub entrants: Vec<String>,
    pub bracket: Bracket,
}

impl NamedBracket {
    fn text(&self) -> String {
        let name = |id: EntrantId| {
            usize::try_from(id.0)
                .ok()
                .and_then(|k| self.entrants.get(k))
                .cloned()
        };
        self.bracket.layout_named(&name).to_text()
    }
}

/// Reads the entrants of a list as the web's bracket form does: one a line, blank
/// lines and a BOM skipped, names trimmed, none twice, 2 to
/// [`crate::web::brackets::MAX_WEB_ENTRANTS`];
/// or what is wrong, in Spanish and English.
pub fn entrants_of(text: &str) -> Result<Vec<String>, String> {
    parse_names(text).map_err(|r| format!("{} / {}", r.text(Lang::Es), r.text(Lang::En)))
}

/// Draws the bracket of `names` (seed order) as asked.
pub fn create(
    names: Vec<String>,
    double: bool,
    reset: bool,
    third_place: bool,
    lot: Option<u64>,
) -> Result<NamedBracket, String> {
    let ids: Vec<EntrantId> = (0..names.len())
        .map(|i| u32::try_from(i).map(EntrantId))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let seeds = match lot {
        Some(seed) => seed_by_lot(&ids, seed),
        None => ids,
    };
    let bracket = if double {
        double_elimination(&seeds, reset)
    } else {
        single_elimination(&seeds, third_place)
    }
    .map_err(|e| e.to_string())?;
    Ok(NamedBracket {
        entrants: names,
        bracket,
    })
}

pub fn run(args: BracketArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        Some(BracketCommand::Create {
            entrants,
            double,
            reset,
            third_place,
            lot,
            json,
        }) => {
            let text = match read_input(&entrants) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("baza bracket create: {entrants}: {e}");
                    return Ok(ExitCode::from(NOT_A_RECORD));
                }
            };
            let made =
                entrants_of(&text).and_then(|names| create(names, double, reset, third_place, lot));
            match made {
                Ok(named) if json => println!("{}", serde_json::to_string_pretty(&named)?),
                Ok(named) => print!("{}", named.text()),
                Err(e) => {
                    eprintln!("baza bracket create: {e}");
                    return Ok(ExitCode::from(NOT_A_RECORD));
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        None => {
            let file = args.file.unwrap_or_else(|| "-".into());
            let text = match read_input(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("baza bracket: {file}: {e}");
                    return Ok(ExitCode::from(NOT_A_RECORD));
                }
            };
            // A named bracket, as `create --json` writes it.
            let named = match serde_json::from_str::<NamedBracket>(&text) {
                Ok(named) => named,
                // JSON with entrants and no format of its own is meant as one: what
                // is wrong with it as such.
                Err(e) if is_named(&text) => {
                    eprintln!("baza bracket: {}", bracket_file_words(&e));
                    return Ok(ExitCode::from(NOT_A_RECORD));
                }
                Err(_) => {
                    return bracket_text(
                        &text,
                        &TournamentArgs {
                            file,
                            json: args.json,
                        },
                    );
                }
            };
            if args.json {
                println!("{}", serde_json::to_string_pretty(&named)?);
            } else {
                print!("{}", named.text());
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Whether a text is JSON written as a named bracket: entrants, and no `format`
/// (a championship file's).
fn is_named(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("entrants").is_some() && v.get("format").is_none())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::web::brackets::MAX_WEB_ENTRANTS;

    #[test]
    fn a_list_of_entrants_skips_blank_lines_and_a_bom_and_refuses_repeats() {
        assert_eq!(
            entrants_of("\u{feff}Ana y Berta\n\n  Carlos y Dora \n").unwrap(),
            ["Ana y Berta", "Carlos y Dora"]
        );
        assert!(entrants_of("Solo\n").is_err());
        assert!(entrants_of("Ana\nana\n").unwrap_err().contains("repetido"));
        let many: String = (0..=MAX_WEB_ENTRANTS).map(|i| format!("P{i}\n")).collect();
        assert!(entrants_of(&many).unwrap_err().contains("1024"));
    }

    #[test]
    fn a_double_elimination_of_1024_entrants_is_drawn_with_every_entrant_once() {
        let names: Vec<String> = (1..=1024).map(|i| format!("Pareja {i}")).collect();
        let named = create(names, true, true, false, Some(7)).unwrap();
        let mut seeds: Vec<u32> = named.bracket.seeds().iter().map(|e| e.0).collect();
        seeds.sort_unstable();
        assert_eq!(seeds, (0..1024).collect::<Vec<u32>>());
        let text = named.text();
        assert!(text.contains("Pareja 1024"));
    }
}
