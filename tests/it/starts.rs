//! What a test's database starts with: the migrations' tables and rows, or the demo
//! too. Each start is made once per test run by the real migrations (and the real
//! demo) and copied into each test's database: a SQLite file copied whole, a
//! PostgreSQL schema replayed from its `pg_dump`. The same tables, constraints,
//! indexes, rows and sequences as running the migrations (and the demo) in every test,
//! in a fraction of the time.

use baza::db::{self, DbTarget};

/// What a test's database starts with.
#[derive(Clone, Copy)]
pub enum Start {
    /// Every migration run, nothing else.
    Migrated,
    /// Every migration run and the demo filled in.
    Demo,
}

impl Start {
    fn name(self) -> &'static str {
        match self {
            Start::Migrated => "migrated",
            Start::Demo => "demo",
        }
    }

    /// Fills a database with what it starts with, after the migrations.
    fn fill(self, conn: &mut db::DbConn) {
        if let Start::Demo = self {
            fill_demo(conn);
        }
    }
}

/// The demo as every test sees it: made on 23 November 2026 at 10:00.
fn fill_demo(conn: &mut db::DbConn) {
    let now = chrono::NaiveDate::from_ymd_opt(2026, 11, 23)
        .and_then(|d| d.and_hms_opt(10, 0, 0))
        .expect("date");
    baza::demo::fill(conn, now.date(), now)
        .expect("demo")
        .expect("empty database");
}

/// Copies `start` into the SQLite file `path`, which does not exist yet.
pub fn copy_file(path: &std::path::Path, start: Start) {
    std::fs::copy(sqlite_file(start), path).expect("copy of the test's starting file");
}

/// The SQLite file of `start`, written once per test run (in `/dev/shm` where there
/// is one). Folders left by earlier runs whose process has ended are removed.
fn sqlite_file(start: Start) -> &'static std::path::Path {
    static MIGRATED: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    static DEMO: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    let cell = match start {
        Start::Migrated => &MIGRATED,
        Start::Demo => &DEMO,
    };
    cell.get_or_init(|| {
        let parent = crate::helpers::scratch();
        if let Ok(entries) = std::fs::read_dir(&parent) {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if let Some(pid) = name
                    .strip_prefix("baza-start-")
                    .and_then(|n| n.split('-').next())
                    && !std::path::Path::new("/proc").join(pid).exists()
                {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let dir = parent.join(format!(
            "baza-start-{}-{}",
            std::process::id(),
            start.name()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("folder of the starting file");
        let file = dir.join("start.sqlite3");
        let target =
            DbTarget::parse(&format!("sqlite://{}", file.display()), false).expect("sqlite url");
        let pool = db::connect_and_migrate(&target).expect("starting database");
        let mut conn = pool.get().expect("connection");
        start.fill(&mut conn);
        // Everything into the main file, so that a copy of that one file is whole.
        diesel::connection::SimpleConnection::batch_execute(
            &mut *conn,
            "PRAGMA wal_checkpoint(TRUNCATE);",
        )
        .expect("checkpoint");
        file
    })
}

#[cfg(feature = "postgres")]
pub use pg::{fill_schema, is_empty_schema};

#[cfg(feature = "postgres")]
mod pg {
    use diesel::connection::SimpleConnection;
    use diesel::{Connection, PgConnection, RunQueryDsl};

    use super::Start;
    use baza::db::{self, DbTarget};

    /// The placeholder for the schema's name in a dump.
    const TEMPLATE: &str = "baza_test_starting_schema";

    /// The dump of `start`, its schema named [`TEMPLATE`].
    fn dump(base: &str, start: Start) -> &'static str {
        static MIGRATED: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        static DEMO: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let cell = match start {
            Start::Migrated => &MIGRATED,
            Start::Demo => &DEMO,
        };
        cell.get_or_init(|| made(base, start))
    }

    /// Runs the migrations (and the demo) in a schema of their own, dumps it and drops
    /// it. (Its name starts as a test's does: a run that ends before dropping it has
    /// it dropped by the next.)
    fn made(base: &str, start: Start) -> String {
        let name = format!("baza_t_{}_start_{}", std::process::id(), start.name());
        let mut admin = PgConnection::establish(base).expect("connect to BAZA_TEST_DATABASE_URL");
        admin
            .batch_execute(&format!(
                "DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name};"
            ))
            .expect("starting schema");
        {
            let url = format!("{base}&options=-csearch_path%3D{name}%20-csynchronous_commit%3Doff");
            let target = DbTarget::parse(&url, false).expect("postgres url");
            let pool = db::connect_and_migrate(&target).expect("migrations");
            start.fill(&mut pool.get().expect("connection"));
        }
        let out = std::process::Command::new("pg_dump")
            .arg("--dbname")
            .arg(base)
            .args(["--schema", &name])
            .args(["--no-owner", "--no-privileges", "--no-comments"])
            .args(["--inserts", "--rows-per-insert=500"])
            .output()
            .expect("pg_dump, from PostgreSQL's client programs");
        assert!(
            out.status.success(),
            "pg_dump: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let _ =
            diesel::sql_query(format!("DROP SCHEMA IF EXISTS {name} CASCADE")).execute(&mut admin);
        let create = format!("CREATE SCHEMA {name};");
        String::from_utf8(out.stdout)
            .expect("pg_dump writes UTF-8")
            .lines()
            // psql's own commands (\restrict) and the schema, which the test has made.
            .filter(|l| !l.starts_with('\\') && *l != create)
            .collect::<Vec<_>>()
            .join("\n")
            .replace(&name, TEMPLATE)
    }

    /// Fills the empty schema `name` with `start`.
    pub fn fill_schema(base: &str, name: &str, start: Start) {
        let sql = dump(base, start).replace(TEMPLATE, name);
        let mut admin = PgConnection::establish(base).expect("connect to BAZA_TEST_DATABASE_URL");
        admin
            .transaction(|c| c.batch_execute(&sql))
            .expect("the test's schema from its dump");
    }

    /// Whether the schema `name` has no table yet.
    pub fn is_empty_schema(base: &str, name: &str) -> bool {
        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut admin = PgConnection::establish(base).expect("connect to BAZA_TEST_DATABASE_URL");
        diesel::sql_query(format!(
            "SELECT COUNT(*) AS n FROM pg_tables WHERE schemaname = '{name}'"
        ))
        .get_result::<Count>(&mut admin)
        .expect("tables of the schema")
        .n == 0
    }
}
