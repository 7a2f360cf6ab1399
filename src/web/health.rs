//! What this process knows of its database's health: whether the server was found
//! away (a stopped or restarting PostgreSQL) and whether the last write found no
//! space (a full disk under SQLite). Learnt from the requests themselves, so that
//! `/health` says what is wrong and, while the database is away, a request waits
//! only briefly for a connection instead of the pool's whole wait.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use actix_web::{HttpResponse, web};

use super::{AppState, db};
use crate::db::fault::Fault;
use crate::error::AppError;

/// How long a request waits for a connection while the database is known to be away:
/// enough for the pool to hand one over once it is back (the pool keeps trying in the
/// background), short enough that a room of tables gets its 503s at once.
pub const AWAY_WAIT: Duration = Duration::from_millis(250);

#[derive(Debug, Default)]
pub struct Health {
    away: AtomicBool,
    full: AtomicBool,
}

impl Health {
    /// Learns from the outcome of a piece of database work (`write`: it wrote).
    pub fn record<T>(&self, result: &Result<T, AppError>, write: bool) {
        match result {
            Ok(_) => {
                self.away.store(false, Ordering::Relaxed);
                if write {
                    self.full.store(false, Ordering::Relaxed);
                }
            }
            Err(e) => match e.fault() {
                Some(Fault::Away) => self.away.store(true, Ordering::Relaxed),
                Some(Fault::NoSpace) => {
                    self.away.store(false, Ordering::Relaxed);
                    self.full.store(true, Ordering::Relaxed);
                }
                None => {}
            },
        }
    }

    /// The database server was found away and has not answered since.
    pub fn away(&self) -> bool {
        self.away.load(Ordering::Relaxed)
    }

    /// The last write found no space, and none has been stored since.
    pub fn full(&self) -> bool {
        self.full.load(Ordering::Relaxed)
    }

    /// How long a request may wait for a connection now.
    pub fn pool_wait(&self) -> Duration {
        if self.away() {
            AWAY_WAIT
        } else {
            crate::db::POOL_WAIT
        }
    }
}

/// `/health`: the process answers, the database answers, and the last write found
/// room. 200 when all is well; 503 with what is wrong otherwise: `"database":
/// "unavailable"` (the server does not answer) or `"storage": "full"` (writes find
/// no space; reads still work).
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let ok = db(&state, |conn| {
        use diesel::connection::SimpleConnection;
        conn.batch_execute("SELECT 1").map_err(AppError::from)
    })
    .await
    .is_ok();
    let full = state.health.full();
    let (pages, bytes) = state.pages.usage();
    let body = serde_json::json!({
        "status": if ok && !full { "ok" } else { "degraded" },
        "database": if ok { "ok" } else { "unavailable" },
        "storage": if full { "full" } else { "ok" },
        "version": env!("CARGO_PKG_VERSION"),
        "page_cache": {"pages": pages, "bytes": bytes, "budget": state.pages.budget()},
    });
    let mut res = if ok && !full {
        HttpResponse::Ok()
    } else {
        HttpResponse::ServiceUnavailable()
    };
    res.extensions_mut().insert(super::Rendered);
    res.json(body)
}
