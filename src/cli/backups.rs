//! Backups of a SQLite database while Baza serves it (`baza serve --backup-every`),
//! and putting a copy back (`baza restore`). For PostgreSQL, its own tools do both
//! (README, "Copias de seguridad").

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::db::{self, DbTarget};

/// How `baza serve` takes its own backups.
#[derive(Debug, Args, Clone)]
pub struct BackupArgs {
    /// Copia la base SQLite cada tanto (15m, 1h) sin parar de servir
    /// / Copy the SQLite database this often (15m, 1h) while serving.
    #[arg(long, value_name = "DURACIÓN|DURATION", value_parser = super::parse_duration)]
    pub backup_every: Option<chrono::Duration>,
    /// Carpeta de las copias / Folder for the copies.
    #[arg(long, value_name = "CARPETA|DIR", default_value = "copias")]
    pub backup_dir: PathBuf,
    /// Copias que se guardan; las más antiguas se borran / Copies kept; older ones are deleted.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub backup_keep: usize,
}

/// The start of every scheduled copy's file name (then the UTC time it was taken).
const PREFIX: &str = "baza-";
const SUFFIX: &str = ".sqlite3";

/// Starts the scheduled backups of `target`, if asked for: checks the folder now (a
/// mistake shows at start, not fifteen minutes later) and takes the copies on a
/// thread of their own. PostgreSQL is refused: its backups are `pg_dump`'s.
pub fn start(args: &BackupArgs, target: &DbTarget) -> anyhow::Result<()> {
    let Some(every) = args.backup_every else {
        return Ok(());
    };
    if let DbTarget::Postgres(_) = target {
        anyhow::bail!(
            "--backup-every es para SQLite; con PostgreSQL usa pg_dump (README, «Copias de seguridad») / --backup-every is for SQLite; with PostgreSQL use pg_dump (README, \"Backups\")"
        );
    }
    let every = every
        .to_std()
        .map_err(|e| anyhow::anyhow!("--backup-every: {e}"))?;
    let keep = args.backup_keep.max(1);
    let dir = args.backup_dir.clone();
    std::fs::create_dir_all(&dir)
        .map_err(|e| anyhow::anyhow!("--backup-dir {}: {e}", dir.display()))?;
    let target = target.clone();
    std::thread::Builder::new()
        .name("backups".into())
        .spawn(move || {
            loop {
                std::thread::sleep(every);
                match take(&target, &dir, keep) {
                    Ok(path) => {
                        tracing::info!("Copia hecha / backup written: {}", path.display())
                    }
                    Err(e) => tracing::error!("Copia fallida / backup failed: {e:#}"),
                }
            }
        })?;
    tracing::info!(
        "Copias cada / backups every {}s en / in {} (se guardan / keeping {keep})",
        every.as_secs(),
        args.backup_dir.display()
    );
    Ok(())
}

/// Takes one copy into `dir` (written under a temporary name, then renamed: a copy
/// cut short is never taken for a whole one) and deletes the oldest beyond `keep`.
pub fn take(target: &DbTarget, dir: &Path, keep: usize) -> anyhow::Result<PathBuf> {
    let stamp = chrono::Utc::now().format("%Y%m%d-%H%M%S");
    let mut path = dir.join(format!("{PREFIX}{stamp}{SUFFIX}"));
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = dir.join(format!("{PREFIX}{stamp}-{n}{SUFFIX}"));
    }
    let part = working_file(dir, &path, "part");
    db::backup(target, &part)?;
    std::fs::rename(&part, &path)?;
    prune(dir, keep)?;
    Ok(path)
}

/// The hidden file in `dir` a copy of `path` is written to before it is renamed onto
/// `path` (`.NAME.ENDING`), with whatever a copy cut short left there removed.
fn working_file(dir: &Path, path: &Path, ending: &str) -> PathBuf {
    let part = dir.join(format!(
        ".{}.{ending}",
        path.file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default()
    ));
    let _ = std::fs::remove_file(&part);
    part
}

/// Deletes the scheduled copies in `dir` beyond the `keep` newest.
fn prune(dir: &Path, keep: usize) -> std::io::Result<()> {
    let mut copies: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX))
        })
        .collect();
    // The names carry the time, so their order is the order taken.
    copies.sort();
    let excess = copies.len().saturating_sub(keep);
    for old in copies.into_iter().take(excess) {
        std::fs::remove_file(old)?;
    }
    Ok(())
}

/// `baza restore COPY --db TARGET [--replace] [--lang es|ca|en]`: checks the copy (see
/// [`db::check_copy`]) and puts it in place of the SQLite database `target`, saying
/// what it did or why not in `lang`. A target that exists is replaced only with
/// `--replace`, and never while it has a write-ahead log beside it (a server has it
/// open, or stopped without closing it): the old file is kept beside it, renamed.
#[cfg(feature = "sqlite")]
pub fn restore(
    copy: &str,
    target: &DbTarget,
    replace: bool,
    lang: crate::domain::Lang,
) -> anyhow::Result<ExitCode> {
    use crate::domain::lang::tr;
    let refuse = |why: String| {
        eprintln!("baza restore: {why}");
        Ok(ExitCode::FAILURE)
    };
    let path = match target {
        DbTarget::Postgres(_) => {
            return refuse(tr!(
                lang,
                "es para SQLite; con PostgreSQL usa pg_restore en una base nueva (README, «Backups»)",
                "és per a SQLite; amb PostgreSQL fes servir pg_restore en una base nova (README, «Backups»)",
                "for SQLite; with PostgreSQL use pg_restore into a new database (README, \"Backups\")"
            ));
        }
        DbTarget::Sqlite(path) => path.clone(),
    };
    let migrations = match db::check_copy(Path::new(copy)) {
        Ok(n) => n,
        Err(e) => {
            if let Some(why) = e.technical() {
                tracing::error!("baza restore {copy}: {why}");
            }
            let not = tr!(lang, "no se restaura", "no es restaura", "not restored");
            return refuse(format!("{not}: {}", e.words(lang)));
        }
    };
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    let shown = path.display();
    if path.exists() {
        if !replace {
            return refuse(tr!(
                lang,
                "{shown} ya existe; añade --replace para sustituirla (la actual se guarda al lado)",
                "{shown} ja existeix; afegeix --replace per substituir-la (l'actual es desa al costat)",
                "{shown} exists; add --replace to replace it (the current one is kept beside it)"
            ));
        }
        if wal.exists() {
            let wal = wal.display();
            return refuse(tr!(
                lang,
                "{shown} está abierta (tiene {wal}): para Baza antes de restaurar",
                "{shown} és oberta (té {wal}): atura Baza abans de restaurar",
                "{shown} is open (it has {wal}): stop Baza before restoring"
            ));
        }
    }
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let part = working_file(dir, &path, "restoring");
    db::copy_sqlite(Path::new(copy), &part)?;
    if path.exists() {
        let stamp = chrono::Utc::now().format("%Y%m%d-%H%M%S");
        let kept = PathBuf::from(format!("{}.antes-{stamp}", path.display()));
        std::fs::rename(&path, &kept)?;
        let kept = kept.display();
        eprintln!(
            "{}",
            tr!(
                lang,
                "La base anterior queda en {kept}",
                "La base anterior queda a {kept}",
                "The previous database is kept as {kept}"
            )
        );
    }
    std::fs::rename(&part, &path)?;
    eprintln!(
        "{}",
        tr!(
            lang,
            "Restaurada: {shown} ← {copy} ({migrations} migraciones; las que falten se aplican al arrancar)",
            "Restaurada: {shown} ← {copy} ({migrations} migracions; les que faltin s'apliquen en arrencar)",
            "Restored: {shown} ← {copy} ({migrations} migrations; any missing run at start)"
        )
    );
    Ok(ExitCode::SUCCESS)
}
