//! The request of one table of a championship: who asks, with the PINs its session
//! holds, and the table its path names; what it loads, checks and shows again.

use std::future::Future;
use std::pin::Pin;

use actix_web::FromRequest;
use actix_web::dev::Payload;

use super::pins::{PinVerdict, check_table_pin};
use super::tables::{
    Key, Shown, TableCtx, is_staff, load_table, refusal, table_page, table_version,
};
use super::*;
use crate::service::throttle::PinRefused;

/// A request about one table of a championship: who asks (with the PINs its session
/// holds) and the table its path names, `/campeonatos/{id}/rondas/{r}/mesas/{t}` or
/// `/campeonatos/{id}/fases/{b}/mesas/{t}`, so one handler serves both paths.
pub struct AtTable {
    pub(super) req: HttpRequest,
    pub(super) state: web::Data<AppState>,
    pub(super) who: Principal,
    pub(super) session: Session,
    raw_id: String,
    pub(super) key: Key,
}

impl FromRequest for AtTable {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<AtTable, actix_web::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let visit = Visit::from_request(req, payload);
        let session = Session::from_request(req, payload);
        let place = table_place(req);
        Box::pin(async move {
            let Visit { req, state, who } = visit.await?;
            let session = session.await?;
            let (raw_id, key) = place?;
            Ok(AtTable {
                req,
                state,
                who,
                session,
                raw_id,
                key,
            })
        })
    }
}

/// The championship (as the path writes it) and the table a table's path names: a
/// knockout phase's when the path has one (`{b}`), else a round's.
fn table_place(req: &HttpRequest) -> Result<(String, Key), actix_web::Error> {
    if req.match_info().get("b").is_some() {
        let path = web::Path::<(String, i32, u32)>::extract(req).into_inner()?;
        let (raw, phase, table) = path.into_inner();
        Ok((raw, Key::Phase(phase, table)))
    } else {
        let path = web::Path::<(String, u32, u32)>::extract(req).into_inner()?;
        let (raw, round, table) = path.into_inner();
        Ok((raw, Key::Round(round, table)))
    }
}

impl AtTable {
    /// The championship's id (404 when the path's is not one).
    pub(super) fn id(&self) -> Result<i32, AppError> {
        parse_id(&self.raw_id)
    }

    pub(super) async fn load(&self) -> Result<TableCtx, AppError> {
        let (id, key) = (self.id()?, self.key);
        db(&self.state, move |conn| load_table(conn, id, key)).await
    }

    /// The table, and what `pin`, typed for it, opens.
    pub(super) async fn load_checking(
        &self,
        pin: String,
    ) -> Result<(TableCtx, PinVerdict), AppError> {
        let (id, key) = (self.id()?, self.key);
        let addr = crate::web::requests::client_address(&self.req);
        let who = self.who.clone();
        db(&self.state, move |conn| {
            let tc = load_table(conn, id, key)?;
            let staff = is_staff(&who, tc.t.championship.club_id);
            let verdict = check_table_pin(conn, &tc.row, &addr, &pin, staff)?;
            Ok((tc, verdict))
        })
        .await
    }

    pub(super) fn staff(&self, tc: &TableCtx) -> bool {
        is_staff(&self.who, tc.t.championship.club_id)
    }

    /// The table's version as a director's form sends it, for the club's staff only:
    /// anyone else is refused as the club's pages refuse them.
    pub(super) fn staff_version(&self, tc: &TableCtx, version: &str) -> Result<i32, AppError> {
        if !self.staff(tc) {
            return Err(self
                .who
                .require(Perm::ManageClub(tc.t.championship.club_id), self.req.path())
                .err()
                .unwrap_or(AppError::Forbidden));
        }
        table_version(version)
    }

    /// Someone who may not score this table (see [`refusal`]).
    pub(super) fn refused(&self, tc: &TableCtx) -> AppError {
        refusal(&self.who, &tc.row, self.req.path())
    }

    pub(super) fn page(&self, tc: TableCtx, shown: Shown, status: StatusCode) -> HttpResult {
        let staff = self.staff(&tc);
        let organiser = self
            .who
            .staff_allows(Perm::ManageClub(tc.t.championship.club_id));
        table_page(
            &self.req,
            tc,
            (staff, organiser),
            &self.session,
            shown,
            status,
        )
    }

    /// The table's page again, saying why the PIN typed opened nothing.
    pub(super) fn page_refusing(&self, tc: TableCtx, refused: PinRefused) -> HttpResult {
        let shown = Shown {
            error: Some(refused.words(&Ctx::from_request(&self.req))),
            ..Shown::default()
        };
        self.page(tc, shown, refused.status())
    }

    /// The table's page again, with the message `key` (a refused firma).
    pub(super) fn page_with_error(
        &self,
        tc: TableCtx,
        key: &str,
        status: StatusCode,
    ) -> HttpResult {
        let shown = Shown {
            error_key: Some(key.to_owned()),
            ..Shown::default()
        };
        self.page(tc, shown, status)
    }
}
