//! What most handlers start from: the request, the application's state and who
//! asks, taken by one extractor (in that order, as separate extractors would be).

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};

use super::auth::Principal;
use super::{AppState, parse_id};
use crate::error::AppError;

/// What a handler answers.
pub type HttpResult = Result<HttpResponse, AppError>;

/// A request with the application's state and who makes it.
#[derive(Clone)]
pub struct Visit {
    pub req: HttpRequest,
    pub state: web::Data<AppState>,
    pub who: Principal,
}

impl FromRequest for Visit {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Visit, actix_web::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = web::Data::<AppState>::extract(&req).await?;
            let who = Principal::extract(&req).await?;
            Ok(Visit { req, state, who })
        })
    }
}

/// A visit to one thing named by the ids in its path (`/clubes/{id}`,
/// `/partidas/{id}/manos/{n}`) with the request's body `B` (`()` for none). Taken
/// in the order the handlers took them: the visit, the body, then the ids (a 404
/// when a segment is not one).
pub struct VisitId<B = (), I = i32>(
    pub Visit,
    /// The ids in the path.
    pub I,
    pub B,
);

impl<B: FromRequest + 'static, I: FromPath + 'static> FromRequest for VisitId<B, I> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<VisitId<B, I>, actix_web::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let visit = Visit::from_request(req, payload);
        let body = B::from_request(req, payload);
        let req = req.clone();
        Box::pin(async move {
            let v = visit.await?;
            let body = body.await.map_err(Into::into)?;
            let ids = I::from_path(&req)?;
            Ok(VisitId(v, ids, body))
        })
    }
}

/// What the segments of a request's path name.
pub trait FromPath: Sized {
    fn from_path(req: &HttpRequest) -> Result<Self, actix_web::Error>;
}

/// `/…/{id}/…`.
impl FromPath for i32 {
    fn from_path(req: &HttpRequest) -> Result<i32, actix_web::Error> {
        let raw = web::Path::<String>::extract(req).into_inner()?;
        Ok(parse_id(&raw)?)
    }
}

/// `/…/{id}/…/{n}/…` where `n` is a number, such as a round's (0 is one).
impl FromPath for (i32, u32) {
    fn from_path(req: &HttpRequest) -> Result<(i32, u32), actix_web::Error> {
        let (id, n) = web::Path::<(String, u32)>::extract(req)
            .into_inner()?
            .into_inner();
        Ok((parse_id(&id)?, n))
    }
}

/// `/…/{id}/…/{n}/…`.
impl FromPath for (i32, i32) {
    fn from_path(req: &HttpRequest) -> Result<(i32, i32), actix_web::Error> {
        let (a, b) = web::Path::<(String, String)>::extract(req)
            .into_inner()?
            .into_inner();
        Ok((parse_id(&a)?, parse_id(&b)?))
    }
}
