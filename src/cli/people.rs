//! `baza people`: the register of people. `import` reads a federation's licence
//! list (CSV or XLSX), as the administrators' page does, and says what it did.

use std::process::ExitCode;

use clap::Subcommand;

use super::{DbArgs, NOT_A_RECORD, both};
use crate::web::i18n::tr;
use crate::web::register_import::{change_words, conflict_words, import_bytes, summary};

#[derive(Debug, Subcommand)]
pub enum PeopleCommand {
    /// Importa una lista de licencias: CSV o Excel (XLSX) con las columnas licencia,
    /// nombre, club y, si se quiere, año de nacimiento. Si hay conflictos no escribe
    /// nada y sale con 1 / Import a licence list: CSV or Excel (XLSX) with the columns
    /// licence, name, club and, if wanted, year of birth. With conflicts it writes
    /// nothing and exits 1.
    Import {
        /// Fichero de la lista / The list's file.
        #[arg(value_name = "FICHERO|FILE")]
        file: String,
        /// Informe en JSON / JSON report.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArgs,
    },
}

pub fn run(cmd: PeopleCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        PeopleCommand::Import { file, json, db } => import(&file, json, &db),
    }
}

fn import(file: &str, json: bool, args: &DbArgs) -> anyhow::Result<ExitCode> {
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("baza people import: {file}: {e}");
            return Ok(ExitCode::from(NOT_A_RECORD));
        }
    };
    let mut conn = args.connect()?;
    let started = std::time::Instant::now();
    let report = match import_bytes(&mut conn, &bytes, "cli").map_err(|e| anyhow::anyhow!("{e}"))? {
        Ok(r) => r,
        Err(fault) => {
            eprintln!("baza people import: {}", both(|l| tr(l, fault.key())));
            return Ok(ExitCode::from(NOT_A_RECORD));
        }
    };
    let took = started.elapsed();
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!("{}", both(|l| summary(l, &report)));
        for c in &report.conflicts {
            println!("{}", both(|l| conflict_words(l, c)));
        }
        for (key, list) in [
            ("licences-new", &report.new),
            ("licences-changed", &report.changed),
            ("licences-linked", &report.linked),
        ] {
            for line in list {
                let changes = both(|l| {
                    line.changes
                        .iter()
                        .map(|c| change_words(l, c))
                        .collect::<Vec<_>>()
                        .join(" · ")
                });
                println!(
                    "{}\t{}\t{}\t{}\t{changes}",
                    line.line,
                    both(|l| tr(l, key)),
                    line.licence,
                    line.name
                );
            }
        }
    }
    let lines =
        report.new.len() + report.changed.len() + report.linked.len() + report.unchanged.len();
    if report.written {
        eprintln!(
            "{lines} licencias leídas en {} ms / {lines} licences read in {} ms",
            took.as_millis(),
            took.as_millis()
        );
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!(
            "{} conflictos: no se ha escrito nada / {} conflicts: nothing was written",
            report.conflicts.len(),
            report.conflicts.len()
        );
        Ok(ExitCode::FAILURE)
    }
}
