//! What most handlers start from: the request, the application's state and who
//! asks, taken by one extractor (in that order, as separate extractors would be).

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};

use super::AppState;
use super::auth::Principal;
use crate::error::AppError;

/// What a handler answers.
pub type HttpResult = Result<HttpResponse, AppError>;

/// A request with the application's state and who makes it.
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
