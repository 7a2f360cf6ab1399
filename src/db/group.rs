//! Group commit: the writes that arrive while one is being committed share the next
//! transaction, each in its own savepoint, and one commit (one `fsync` with
//! `synchronous = FULL`) makes them all durable. SQLite has one writer at a time, so
//! a hand saved at every table of a championship otherwise waits for as many disk
//! flushes as there are tables ahead of it.
//!
//! No thread of its own: the first writer to find no batch under way leads one — it
//! takes the waiting writes, runs them, commits, hands each its answer — and the
//! writes that came meanwhile elect the next leader among themselves. A write that
//! fails rolls back to its savepoint and leaves the others in; a failed commit fails
//! every write of its batch. Nothing waits across processes: another process's
//! writer takes the database's write lock as before (`busy_timeout`).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{TryRecvError, sync_channel};
use std::sync::{Condvar, Mutex, MutexGuard};

use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::result::{DatabaseErrorKind, Error};

#[cfg(doc)]
use super::write_tx;
use super::{DbConn, DbPool};

/// What a write answers once its batch is committed (or not).
type Answer = Box<dyn FnOnce(Result<(), String>) + Send>;

/// One waiting write: run it on the batch's connection, or fail it unrun.
struct Job {
    run: Box<dyn FnOnce(&mut DbConn) -> Answer + Send>,
    fail: Box<dyn FnOnce(String) + Send>,
}

#[derive(Default)]
struct Queue {
    jobs: Vec<Job>,
    /// A batch is being run and committed.
    leading: bool,
}

/// The writes of one process waiting to be committed together.
#[derive(Default)]
pub struct GroupCommit {
    queue: Mutex<Queue>,
    changed: Condvar,
}

/// The most writes one transaction takes.
const BATCH: usize = 64;

fn failed(message: String) -> Error {
    Error::DatabaseError(DatabaseErrorKind::Unknown, Box::new(message))
}

impl GroupCommit {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` inside a transaction committed together with the writes that wait at
    /// the same moment: its answer comes once the batch is on disk. `f` makes its
    /// writes in one [`write_tx`] (a savepoint here), so that an error undoes only
    /// its own.
    pub fn run<T, E, F>(&self, pool: &DbPool, f: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConn) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<Error> + Send + 'static,
    {
        let (tx, rx) = sync_channel::<Result<T, E>>(1);
        let fail_tx = tx.clone();
        let job = Job {
            run: Box::new(move |conn| {
                let result = f(conn);
                Box::new(move |committed| {
                    let answer = match (result, committed) {
                        (Ok(v), Ok(())) => Ok(v),
                        (Ok(_), Err(m)) => Err(E::from(failed(m))),
                        (Err(e), _) => Err(e),
                    };
                    let _ = tx.send(answer);
                })
            }),
            fail: Box::new(move |m| {
                let _ = fail_tx.send(Err(E::from(failed(m))));
            }),
        };
        let mut q = self.lock();
        q.jobs.push(job);
        loop {
            match rx.try_recv() {
                Ok(answer) => return answer,
                Err(TryRecvError::Disconnected) => {
                    return Err(E::from(failed("the write was lost with its batch".into())));
                }
                Err(TryRecvError::Empty) => {}
            }
            if !q.leading && !q.jobs.is_empty() {
                q.leading = true;
                let take = q.jobs.len().min(BATCH);
                let jobs: Vec<Job> = q.jobs.drain(..take).collect();
                drop(q);
                commit(pool, jobs);
                q = self.lock();
                q.leading = false;
                self.changed.notify_all();
                continue;
            }
            q = self.changed.wait(q).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Runs `jobs` in one `BEGIN IMMEDIATE … COMMIT` and answers each. A write that
/// panics drops the whole batch: it is rolled back, and every write of it answered
/// with an error (their senders are gone).
fn commit(pool: &DbPool, jobs: Vec<Job>) {
    let mut conn = match pool.get() {
        Ok(c) => c,
        Err(e) => return jobs.into_iter().for_each(|j| (j.fail)(e.to_string())),
    };
    let c = match sqlite(&mut conn) {
        Ok(c) => c,
        Err(e) => return jobs.into_iter().for_each(|j| (j.fail)(e.to_string())),
    };
    let _turn = super::sqlite_writer_turn();
    if let Err(e) = AnsiTransactionManager::begin_transaction_sql(c, "BEGIN IMMEDIATE") {
        return jobs.into_iter().for_each(|j| (j.fail)(e.to_string()));
    }
    let ran = catch_unwind(AssertUnwindSafe(|| {
        jobs.into_iter()
            .map(|j| (j.run)(&mut conn))
            .collect::<Vec<Answer>>()
    }));
    let Ok(c) = sqlite(&mut conn) else { return };
    let answers = match ran {
        Ok(answers) => answers,
        Err(_) => {
            let _ = AnsiTransactionManager::rollback_transaction(c);
            return;
        }
    };
    let committed = AnsiTransactionManager::commit_transaction(c).map_err(|e| {
        let _ = AnsiTransactionManager::rollback_transaction(c);
        e.to_string()
    });
    for answer in answers {
        answer(committed.clone());
    }
}

fn sqlite(conn: &mut DbConn) -> Result<&mut diesel::SqliteConnection, Error> {
    match conn {
        DbConn::Sqlite(c) => Ok(c),
        #[allow(unreachable_patterns)]
        _ => Err(failed("group commit is for SQLite".into())),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use std::sync::Arc;

    use diesel::connection::SimpleConnection;

    use super::*;
    use crate::db::{DbTarget, connect_and_migrate, write_tx};

    fn count(pool: &DbPool, sql: &str) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn = pool.get().unwrap();
        let c = sqlite(&mut conn).unwrap();
        use diesel::RunQueryDsl;
        diesel::sql_query(sql).load::<N>(c).unwrap()[0].n
    }

    #[test]
    fn writes_at_the_same_moment_all_land_and_a_failed_one_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let target = DbTarget::Sqlite(dir.path().join("group.sqlite3"));
        let pool = connect_and_migrate(&target).unwrap();
        pool.get()
            .unwrap()
            .batch_execute("CREATE TABLE marks (n INTEGER NOT NULL)")
            .unwrap();
        let group = Arc::new(GroupCommit::default());
        let threads: Vec<_> = (0..24)
            .map(|n| {
                let (group, pool) = (group.clone(), pool.clone());
                std::thread::spawn(move || {
                    group.run(&pool.clone(), move |conn| {
                        write_tx(conn, |conn| {
                            conn.batch_execute(&format!("INSERT INTO marks VALUES ({n})"))?;
                            if n % 5 == 0 {
                                // Refused after writing: its row must not stay.
                                return Err(Error::RollbackTransaction);
                            }
                            Ok(n)
                        })
                    })
                })
            })
            .collect();
        let answers: Vec<Result<i32, Error>> =
            threads.into_iter().map(|t| t.join().unwrap()).collect();
        for (n, answer) in answers.iter().enumerate() {
            assert_eq!(answer.is_ok(), n % 5 != 0, "write {n}: {answer:?}");
        }
        assert_eq!(count(&pool, "SELECT COUNT(*) AS n FROM marks"), 19);
        assert_eq!(
            count(&pool, "SELECT COUNT(*) AS n FROM marks WHERE n % 5 = 0"),
            0
        );
    }
}
