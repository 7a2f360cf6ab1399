//! The database layer: one connection type over SQLite (embedded default) and
//! PostgreSQL (cargo feature `postgres`), an r2d2 pool, embedded migrations.
//!
//! The backend is chosen by the URL scheme, never by trial: `postgres://` or
//! `postgresql://` is PostgreSQL; `sqlite://PATH`, `sqlite:PATH` or a bare path is
//! SQLite. A bare path that does not exist is refused unless it is the default file,
//! so that a typo never silently creates an empty database.
//!
//! A lookup by key loads its row instead of using diesel's `first`, which binds
//! `LIMIT ?`: SQLite plans with the bound limit, so it prepares such a statement
//! again on every execution.

pub mod accounts;
pub mod brackets;
pub mod championship;
pub mod circuits;
pub mod fault;
pub mod games;
#[cfg(feature = "sqlite")]
pub mod group;
pub mod licences;
pub mod linking;
pub mod people;
pub mod person_merge;
pub mod queries;
pub mod ratings;
pub mod register;
pub mod repesca;
pub mod rows;
pub mod schema;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

#[cfg(not(any(feature = "sqlite", feature = "postgres")))]
compile_error!("enable at least one database backend: feature `sqlite` or `postgres`");

/// The one connection type used everywhere above this module.
#[derive(diesel::MultiConnection)]
pub enum DbConn {
    #[cfg(feature = "postgres")]
    Postgres(diesel::PgConnection),
    #[cfg(feature = "sqlite")]
    Sqlite(diesel::SqliteConnection),
}

impl DbConn {
    /// Whether this is a connection to SQLite (one writer at a time).
    pub fn is_sqlite(&self) -> bool {
        #[allow(unreachable_patterns)]
        match self {
            #[cfg(feature = "sqlite")]
            DbConn::Sqlite(_) => true,
            _ => false,
        }
    }
}

pub type DbPool = r2d2::Pool<Manager>;
pub type PooledConn = r2d2::PooledConnection<Manager>;

#[cfg(feature = "sqlite")]
const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
#[cfg(feature = "postgres")]
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// The default database: a SQLite file in the working directory.
pub const DEFAULT_DATABASE: &str = "baza.sqlite3";

/// Where the data lives, as parsed from a database URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbTarget {
    Sqlite(PathBuf),
    Postgres(String),
}

/// Why the database could not be used. Its `Display` is the technical text, for the
/// logs; what a person reads is [`DbError::words`].
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error(
        "the database file {0} does not exist; write sqlite://{0} to create a new one, or check the path"
    )]
    MissingFile(String),
    /// The folder of a new SQLite file does not exist.
    #[error("the folder {0} does not exist")]
    MissingFolder(String),
    #[error("this build of Baza has no {0} support; rebuild it with `--features {0}`")]
    BackendNotBuilt(&'static str),
    #[error("empty database URL")]
    Empty,
    /// A copy asked for over a file that exists.
    #[error("{0} exists already; choose a new file")]
    CopyExists(String),
    /// A copy asked for of a PostgreSQL database, which its own tools make.
    #[error("PostgreSQL: use `pg_dump -Fc DATABASE > FILE` and `pg_restore` instead")]
    CopyOfPostgres,
    #[error("cannot open the database: {0}")]
    Connect(String),
    #[error("cannot migrate the database: {0}")]
    Migrate(String),
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
    #[error("no database connection available: {0}")]
    Pool(#[from] r2d2::PoolError),
}

impl DbError {
    /// Whether it carries the driver's or the server's own text, which the log keeps
    /// (the other failures say all there is in [`DbError::words`]).
    pub fn is_technical(&self) -> bool {
        matches!(
            self,
            DbError::Connect(_) | DbError::Migrate(_) | DbError::Query(_) | DbError::Pool(_)
        )
    }

    /// What a person is told of a query that failed, in `lang`.
    pub fn query_words(lang: crate::domain::Lang) -> String {
        crate::domain::lang::tr!(
            lang,
            "la base de datos no ha podido hacerlo; no se ha guardado nada (el motivo está en el registro)",
            "la base de dades no ho ha pogut fer; no s'ha desat res (el motiu és al registre)",
            "the database could not do it; nothing was saved (the reason is in the log)"
        )
    }

    /// What a person is told, in `lang`: what went wrong and what to do, naming only
    /// what they typed (a path, a backend), never the driver's own text.
    pub fn words(&self, lang: crate::domain::Lang) -> String {
        use crate::domain::lang::tr;
        match self {
            DbError::MissingFile(path) => tr!(
                lang,
                "no existe el fichero de base de datos {path}: escribe sqlite://{path} para crear uno nuevo, o revisa la ruta",
                "no existeix el fitxer de base de dades {path}: escriu sqlite://{path} per crear-ne un de nou, o revisa el camí",
                "the database file {path} does not exist: write sqlite://{path} to create a new one, or check the path"
            ),
            DbError::MissingFolder(dir) => tr!(
                lang,
                "no existe la carpeta {dir}: créala, o revisa la ruta de la base de datos",
                "no existeix la carpeta {dir}: crea-la, o revisa el camí de la base de dades",
                "the folder {dir} does not exist: create it, or check the database's path"
            ),
            DbError::BackendNotBuilt(backend) => tr!(
                lang,
                "esta copia de Baza no trae {backend}: compílala con `--features {backend}`",
                "aquesta còpia de Baza no porta {backend}: compila-la amb `--features {backend}`",
                "this build of Baza has no {backend} support: rebuild it with `--features {backend}`"
            ),
            DbError::Empty => tr!(
                lang,
                "falta la dirección de la base de datos",
                "falta l'adreça de la base de dades",
                "the database's address is empty"
            ),
            DbError::CopyExists(path) => tr!(
                lang,
                "{path} ya existe: elige un fichero nuevo para la copia",
                "{path} ja existeix: tria un fitxer nou per a la còpia",
                "{path} exists already: choose a new file for the copy"
            ),
            DbError::CopyOfPostgres => tr!(
                lang,
                "una base PostgreSQL se copia con sus herramientas: `pg_dump -Fc BASE > FICHERO` y `pg_restore`",
                "una base PostgreSQL es copia amb les seves eines: `pg_dump -Fc BASE > FITXER` i `pg_restore`",
                "a PostgreSQL database is copied with its own tools: `pg_dump -Fc DATABASE > FILE` and `pg_restore`"
            ),
            DbError::Connect(_) => tr!(
                lang,
                "no se puede abrir la base de datos: revisa su dirección y que esté en marcha (el motivo está en el registro)",
                "no es pot obrir la base de dades: revisa'n l'adreça i que estigui en marxa (el motiu és al registre)",
                "the database cannot be opened: check its address and that it is running (the reason is in the log)"
            ),
            DbError::Migrate(_) => tr!(
                lang,
                "no se puede poner al día la base de datos; no se ha cambiado nada (el motivo está en el registro)",
                "no es pot posar al dia la base de dades; no s'ha canviat res (el motiu és al registre)",
                "the database cannot be brought up to date; nothing was changed (the reason is in the log)"
            ),
            DbError::Query(_) => DbError::query_words(lang),
            DbError::Pool(_) => tr!(
                lang,
                "la base de datos no responde; no se ha guardado nada: vuelve a intentarlo en un momento",
                "la base de dades no respon; no s'ha desat res: torna-ho a provar d'aquí a un moment",
                "the database does not answer; nothing was saved: try again in a moment"
            ),
        }
    }
}

impl DbTarget {
    /// Parses a database URL. `default` marks the built-in default path, which may
    /// be created; any other bare path must exist already.
    pub fn parse(url: &str, default: bool) -> Result<DbTarget, DbError> {
        let url = url.trim();
        if url.is_empty() {
            return Err(DbError::Empty);
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            if cfg!(feature = "postgres") {
                return Ok(DbTarget::Postgres(url.to_owned()));
            }
            return Err(DbError::BackendNotBuilt("postgres"));
        }
        if !cfg!(feature = "sqlite") {
            return Err(DbError::BackendNotBuilt("sqlite"));
        }
        if let Some(rest) = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
        {
            if rest.is_empty() {
                return Err(DbError::Empty);
            }
            return Ok(DbTarget::Sqlite(PathBuf::from(rest)));
        }
        let path = Path::new(url);
        if !default && !path.exists() {
            return Err(DbError::MissingFile(url.to_owned()));
        }
        Ok(DbTarget::Sqlite(path.to_path_buf()))
    }

    pub fn backend_name(&self) -> &'static str {
        match self {
            DbTarget::Sqlite(_) => "sqlite",
            DbTarget::Postgres(_) => "postgres",
        }
    }

    /// One connection, without migrating (see [`connect_and_migrate`]).
    pub fn connect(&self) -> Result<DbConn, DbError> {
        match self {
            #[cfg(feature = "sqlite")]
            DbTarget::Sqlite(path) => {
                let path = path.to_string_lossy();
                let mut conn = diesel::SqliteConnection::establish(&path)
                    .map_err(|e| DbError::Connect(e.to_string()))?;
                conn.set_instrumentation(QueryCounter(counter_for(self)));
                // Per connection: SQLite forgets these when a connection closes.
                // `synchronous = FULL`: every commit reaches the disk before the
                // hand is acknowledged, so a laptop losing power keeps it (NORMAL
                // would keep it across a crash of Baza, not of the machine).
                conn.batch_execute(
                    "PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = FULL;",
                )?;
                Ok(DbConn::Sqlite(conn))
            }
            #[cfg(feature = "postgres")]
            DbTarget::Postgres(url) => {
                let mut conn = diesel::PgConnection::establish(url)
                    .map_err(|e| DbError::Connect(e.to_string()))?;
                conn.set_instrumentation(QueryCounter(counter_for(self)));
                Ok(DbConn::Postgres(conn))
            }
            #[allow(unreachable_patterns)]
            _ => Err(DbError::BackendNotBuilt(self.backend_name())),
        }
    }
}

/// Counts the statements run on one database (all its connections), so that a test
/// can check that a page costs a fixed number of queries whatever the data (no N+1).
struct QueryCounter(Arc<AtomicU64>);

impl diesel::connection::Instrumentation for QueryCounter {
    fn on_connection_event(&mut self, happening: diesel::connection::InstrumentationEvent<'_>) {
        if let diesel::connection::InstrumentationEvent::StartQuery { .. } = happening {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }
}

type Counters = Mutex<HashMap<String, Arc<AtomicU64>>>;

fn counters() -> &'static Counters {
    static COUNTERS: OnceLock<Counters> = OnceLock::new();
    COUNTERS.get_or_init(|| Mutex::new(HashMap::new()))
}

fn counter_for(target: &DbTarget) -> Arc<AtomicU64> {
    let key = format!("{target:?}");
    let mut map = counters().lock().unwrap_or_else(|e| e.into_inner());
    map.entry(key).or_default().clone()
}

/// Statements run so far on this database by this process.
pub fn queries_run(target: &DbTarget) -> u64 {
    counter_for(target).load(Ordering::Relaxed)
}

/// r2d2 manager that opens the backend named by the URL scheme.
#[derive(Debug)]
pub struct Manager {
    target: DbTarget,
}

impl r2d2::ManageConnection for Manager {
    type Connection = DbConn;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<DbConn, r2d2::Error> {
        self.target.connect().map_err(|e| match e {
            DbError::Query(q) => r2d2::Error::QueryError(q),
            other => {
                r2d2::Error::ConnectionError(ConnectionError::BadConnection(other.to_string()))
            }
        })
    }

    fn is_valid(&self, conn: &mut DbConn) -> Result<(), r2d2::Error> {
        conn.batch_execute("SELECT 1")
            .map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, _conn: &mut DbConn) -> bool {
        false
    }
}

/// The longest a request waits for a connection: past it, the database is away (a
/// stopped or restarting PostgreSQL) and the request answers 503. Every blocking
/// thread holds at most one connection, so a working database never keeps one
/// waiting this long. The pool retries in the background meanwhile, at least every
/// half of it, so it reconnects by itself when the database is back.
pub const POOL_WAIT: Duration = Duration::from_secs(3);

/// Opens the database, runs the embedded migrations once, and returns a pool.
pub fn connect_and_migrate(target: &DbTarget) -> Result<DbPool, DbError> {
    if let DbTarget::Sqlite(path) = target
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.exists()
    {
        return Err(DbError::MissingFolder(dir.display().to_string()));
    }
    let mut conn = target.connect()?;
    migrate(&mut conn)?;
    drop(conn);
    let size = match target {
        DbTarget::Sqlite(_) => 8,
        DbTarget::Postgres(_) => 10,
    };
    r2d2::Pool::builder()
        .max_size(size)
        .connection_timeout(POOL_WAIT)
        .build(Manager {
            target: target.clone(),
        })
        .map_err(|e| DbError::Connect(e.to_string()))
}

/// Runs every pending migration of the connection's backend.
pub fn migrate(conn: &mut DbConn) -> Result<usize, DbError> {
    let applied = match conn {
        #[cfg(feature = "sqlite")]
        DbConn::Sqlite(c) => {
            // WAL persists in the file: readers never block the one writer.
            wal_mode(c)?;
            // Processes starting at once on one file take turns (the others wait
            // on the file's lock, then find no migration pending).
            c.exclusive_transaction(|c| {
                c.run_pending_migrations(SQLITE_MIGRATIONS)
                    .map(|done| done.len())
                    .map_err(|e| DbError::Migrate(e.to_string()))
            })?
        }
        #[cfg(feature = "postgres")]
        DbConn::Postgres(c) => {
            // Servers starting at once on one database take turns: the first runs
            // the migrations, the others then find none pending.
            c.batch_execute(&format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))?;
            let ran = c
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|done| done.len())
                .map_err(|e| DbError::Migrate(e.to_string()));
            c.batch_execute(&format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))?;
            ran?
        }
    };
    Ok(applied)
}

/// Turns the file to WAL. Another process switching the same new file at the same
/// instant makes SQLite answer "database is locked" at once, without waiting on
/// `busy_timeout` (the switch could otherwise deadlock), so the switch is tried again
/// for up to five seconds.
#[cfg(feature = "sqlite")]
fn wal_mode(c: &mut diesel::SqliteConnection) -> Result<(), DbError> {
    let mut tries = 0;
    loop {
        match c.batch_execute("PRAGMA journal_mode = WAL;") {
            Ok(()) => return Ok(()),
            Err(e) if tries < 100 && e.to_string().contains("locked") => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// The PostgreSQL advisory lock that migrations hold (any number of Baza's own).
#[cfg(feature = "postgres")]
const MIGRATION_LOCK: i64 = 0x6261_7a61;

/// Runs the pending migrations that come before the one named `name` (its folder
/// name, e.g. `2026-11-25-000003_fold_events`), leaving that one and the later ones
/// pending: a database as an older Baza left it, for upgrade tests.
pub fn migrate_before(conn: &mut DbConn, name: &str) -> Result<usize, DbError> {
    fn run<DB, C>(c: &mut C, source: EmbeddedMigrations, name: &str) -> Result<usize, DbError>
    where
        DB: diesel::backend::Backend,
        C: MigrationHarness<DB>,
        EmbeddedMigrations: diesel::migration::MigrationSource<DB>,
    {
        let pending = c
            .pending_migrations(source)
            .map_err(|e| DbError::Migrate(e.to_string()))?;
        let mut applied = 0;
        for m in pending {
            if m.name().to_string().as_str() >= name {
                break;
            }
            c.run_migration(&*m)
                .map_err(|e| DbError::Migrate(e.to_string()))?;
            applied += 1;
        }
        Ok(applied)
    }
    match conn {
        #[cfg(feature = "sqlite")]
        DbConn::Sqlite(c) => {
            c.batch_execute("PRAGMA journal_mode = WAL;")?;
            run(c, SQLITE_MIGRATIONS, name)
        }
        #[cfg(feature = "postgres")]
        DbConn::Postgres(c) => run(c, POSTGRES_MIGRATIONS, name),
    }
}

/// Writes a consistent copy of a live SQLite database to `to` (`VACUUM INTO`: other
/// connections may keep writing). Restoring is using the copy as the database.
/// For PostgreSQL use `pg_dump` / `pg_restore`.
pub fn backup(target: &DbTarget, to: &Path) -> Result<(), DbError> {
    if to.exists() {
        return Err(DbError::CopyExists(to.display().to_string()));
    }
    match target {
        DbTarget::Postgres(_) => Err(DbError::CopyOfPostgres),
        DbTarget::Sqlite(_) => {
            let mut conn = target.connect()?;
            let path = to.to_string_lossy().replace('\'', "''");
            conn.batch_execute(&format!("VACUUM INTO '{path}'"))?;
            Ok(())
        }
    }
}

/// What is wrong with a file offered as a copy of a Baza SQLite database.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("{0} does not exist")]
    Missing(String),
    #[error("{0} cannot be opened as a SQLite database: {1}")]
    NotSqlite(String, String),
    #[error("{0} is damaged (PRAGMA integrity_check: {1})")]
    Damaged(String, String),
    #[error("{0} is not a Baza database (it has no migrations table)")]
    NotBaza(String),
    #[error(
        "{0} was written by a newer Baza (migration {1} is unknown to this one); restore it with that version"
    )]
    Newer(String, String),
}

impl CopyError {
    /// SQLite's own text about the file, which the log keeps (a person reads
    /// [`CopyError::words`]).
    pub fn technical(&self) -> Option<&str> {
        match self {
            CopyError::NotSqlite(_, why) | CopyError::Damaged(_, why) => Some(why),
            _ => None,
        }
    }

    /// What a person is told, in `lang`: what is wrong with the copy and what to do,
    /// naming the file as typed and never SQLite's own text.
    pub fn words(&self, lang: crate::domain::Lang) -> String {
        use crate::domain::lang::tr;
        match self {
            CopyError::Missing(path) => tr!(
                lang,
                "no existe la copia {path}: revisa la ruta",
                "no existeix la còpia {path}: revisa el camí",
                "the copy {path} does not exist: check the path"
            ),
            CopyError::NotSqlite(path, _) => tr!(
                lang,
                "{path} no se abre como base de datos SQLite: elige una copia hecha por `baza backup` o por --backup-every (el motivo está en el registro)",
                "{path} no s'obre com a base de dades SQLite: tria una còpia feta per `baza backup` o per --backup-every (el motiu és al registre)",
                "{path} does not open as a SQLite database: choose a copy made by `baza backup` or --backup-every (the reason is in the log)"
            ),
            CopyError::Damaged(path, _) => tr!(
                lang,
                "{path} está dañada (SQLite encuentra errores al comprobarla): elige otra copia, una anterior (el detalle está en el registro)",
                "{path} està malmesa (SQLite hi troba errors en comprovar-la): tria una altra còpia, una d'anterior (el detall és al registre)",
                "{path} is damaged (SQLite finds errors when checking it): choose another copy, an earlier one (the details are in the log)"
            ),
            CopyError::NotBaza(path) => tr!(
                lang,
                "{path} no es una base de datos de Baza: elige una copia hecha por `baza backup` o por --backup-every",
                "{path} no és una base de dades de Baza: tria una còpia feta per `baza backup` o per --backup-every",
                "{path} is not a Baza database: choose a copy made by `baza backup` or --backup-every"
            ),
            CopyError::Newer(path, migration) => tr!(
                lang,
                "{path} la escribió una versión de Baza más nueva (no conoce su migración {migration}): restáurala con esa versión",
                "{path} la va escriure una versió de Baza més nova (no coneix la seva migració {migration}): restaura-la amb aquella versió",
                "{path} was written by a newer Baza (its migration {migration} is unknown to this one): restore it with that version"
            ),
        }
    }
}

/// Checks that `path` is a whole copy of a Baza SQLite database this build can
/// serve: SQLite opens it, `PRAGMA integrity_check` says `ok`, and every migration
/// it has applied is one of this build's (the ones it lacks run at the next start).
/// Returns how many migrations it has.
#[cfg(feature = "sqlite")]
pub fn check_copy(path: &Path) -> Result<usize, CopyError> {
    #[derive(QueryableByName)]
    struct Line {
        #[diesel(sql_type = diesel::sql_types::Text)]
        integrity_check: String,
    }
    let name = path.display().to_string();
    if !path.is_file() {
        return Err(CopyError::Missing(name));
    }
    let mut conn = diesel::SqliteConnection::establish(&path.to_string_lossy())
        .map_err(|e| CopyError::NotSqlite(name.clone(), e.to_string()))?;
    let lines = diesel::sql_query("PRAGMA integrity_check")
        .load::<Line>(&mut conn)
        .map_err(|e| CopyError::NotSqlite(name.clone(), e.to_string()))?;
    let report: Vec<String> = lines.into_iter().map(|l| l.integrity_check).collect();
    if report != ["ok"] {
        return Err(CopyError::Damaged(name, report.join("; ")));
    }
    let applied = conn
        .applied_migrations()
        .map_err(|_| CopyError::NotBaza(name.clone()))?;
    let known: Vec<String> =
        diesel::migration::MigrationSource::<diesel::sqlite::Sqlite>::migrations(
            &SQLITE_MIGRATIONS,
        )
        .map_err(|e| CopyError::NotSqlite(name.clone(), e.to_string()))?
        .iter()
        .map(|m| m.name().version().to_string())
        .collect();
    if applied.is_empty() {
        return Err(CopyError::NotBaza(name));
    }
    if let Some(unknown) = applied
        .iter()
        .map(|v| v.to_string())
        .find(|v| !known.contains(v))
    {
        return Err(CopyError::Newer(name, unknown));
    }
    Ok(applied.len())
}

/// Writes a compact, consistent copy of the SQLite file `from` to `to` (which must
/// not exist), as `VACUUM INTO` does for [`backup`].
#[cfg(feature = "sqlite")]
pub fn copy_sqlite(from: &Path, to: &Path) -> Result<(), DbError> {
    let mut conn = diesel::SqliteConnection::establish(&from.to_string_lossy())
        .map_err(|e| DbError::Connect(e.to_string()))?;
    let path = to.to_string_lossy().replace('\'', "''");
    conn.batch_execute(&format!("VACUUM INTO '{path}'"))?;
    Ok(())
}

/// Opens one connection and migrates (the `baza migrate` command).
pub fn migrate_target(target: &DbTarget) -> Result<usize, DbError> {
    let mut conn = target.connect()?;
    migrate(&mut conn)
}

/// This process's queue for SQLite's one writer: first come, first served. Writers of
/// one process wait here in turn rather than in SQLite's busy handler, whose growing
/// sleeps lose every race to a writer that keeps the lock busy (the group commit under
/// a full room would starve a new game or a director's change past `busy_timeout`).
/// One queue for every SQLite database the process opens: writes are short.
#[cfg(feature = "sqlite")]
struct WriterQueue {
    /// (next ticket, ticket being served)
    tickets: std::sync::Mutex<(u64, u64)>,
    turn: std::sync::Condvar,
}

#[cfg(feature = "sqlite")]
static SQLITE_WRITERS: WriterQueue = WriterQueue {
    tickets: std::sync::Mutex::new((0, 0)),
    turn: std::sync::Condvar::new(),
};

/// A writer's turn at SQLite, held until dropped.
#[cfg(feature = "sqlite")]
pub(crate) struct WriterTurn(());

/// Waits for this thread's turn to write to SQLite.
#[cfg(feature = "sqlite")]
pub(crate) fn sqlite_writer_turn() -> WriterTurn {
    let q = &SQLITE_WRITERS;
    let mut t = q.tickets.lock().unwrap_or_else(|e| e.into_inner());
    let mine = t.0;
    t.0 += 1;
    while t.1 != mine {
        t = q.turn.wait(t).unwrap_or_else(|e| e.into_inner());
    }
    WriterTurn(())
}

#[cfg(feature = "sqlite")]
impl Drop for WriterTurn {
    fn drop(&mut self) {
        let q = &SQLITE_WRITERS;
        let mut t = q.tickets.lock().unwrap_or_else(|e| e.into_inner());
        t.1 += 1;
        q.turn.notify_all();
    }
}

/// Runs `f` in a write transaction. On SQLite it begins `IMMEDIATE`, taking the write
/// lock at once: a deferred transaction that reads and then writes fails with
/// SQLITE_BUSY (which no busy timeout retries) when another writer committed in
/// between — two tables saving hands at the same moment would see a 500. Inside a
/// transaction it is a savepoint; on PostgreSQL, a plain transaction.
#[allow(irrefutable_let_patterns)]
pub fn write_tx<T, E, F>(conn: &mut DbConn, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConn) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    #[cfg(feature = "sqlite")]
    {
        use diesel::connection::{AnsiTransactionManager, TransactionManager};
        let outermost = match conn {
            DbConn::Sqlite(c) => AnsiTransactionManager::transaction_manager_status_mut(c)
                .transaction_depth()
                .map_err(E::from)?
                .is_none(),
            #[allow(unreachable_patterns)]
            _ => false,
        };
        if let DbConn::Sqlite(c) = conn {
            // Inside a transaction, a savepoint. When SQLite rolled the whole
            // transaction back itself (a full disk), rolling back to the savepoint
            // fails too: the caller gets the first error, not that one.
            let _turn = outermost.then(sqlite_writer_turn);
            if outermost {
                AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE")?;
            } else {
                AnsiTransactionManager::begin_transaction(c)?;
            }
            let result = f(conn);
            if let DbConn::Sqlite(c) = conn {
                match &result {
                    Ok(_) => {
                        if let Err(e) = AnsiTransactionManager::commit_transaction(c) {
                            let _ = AnsiTransactionManager::rollback_transaction(c);
                            return Err(E::from(e));
                        }
                    }
                    Err(_) => {
                        let _ = AnsiTransactionManager::rollback_transaction(c);
                    }
                }
            }
            return result;
        }
    }
    conn.transaction(f)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_bare_path_that_does_not_exist_is_refused_unless_it_is_the_default() {
        let missing = "/nonexistent-dir-baza/typo.sqlite3";
        assert!(matches!(
            DbTarget::parse(missing, false),
            Err(DbError::MissingFile(_))
        ));
        assert!(DbTarget::parse(missing, true).is_ok());
        assert_eq!(
            DbTarget::parse("sqlite://new.db", false).unwrap(),
            DbTarget::Sqlite(PathBuf::from("new.db"))
        );
    }

    #[test]
    fn an_empty_url_is_an_error() {
        assert!(matches!(DbTarget::parse("  ", false), Err(DbError::Empty)));
    }
}
