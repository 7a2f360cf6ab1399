//! Knockout brackets (cuadros) on the web: an organiser creates one (single or double
//! elimination seeded by hand, by lot with a shown seed, or from a championship's standings;
//! or groups to knockout with best runners-up or a repesca), enters results and
//! corrects them (showing which later matches a
//! correction voids, and voiding them only on confirmation); everybody can watch the
//! bracket fill in on a public page that refreshes itself, and print it on A4 or A3
//! landscape. Pure HTML and CSS: the grid positions and the print scale of each
//! bracket come from a small stylesheet generated for it (`/cuadros/{id}/cuadro.css`),
//! because the site's CSP forbids inline styles.
//!
//! Every change writes the whole bracket document under its `version` (optimistic
//! locking: a stale form is refused with 409, never applied) and an audit row in the
//! same transaction. A new result needs only its own match unchanged since the form
//! was read (its `match_state`), so organisers at different tables do not refuse each
//! other; a correction needs the exact version its preview was computed on.
//!
//! This module holds what the pages share: loading a bracket and parsing a match id.

use std::fmt::Write as _;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use serde::Deserialize;

use super::account::see_other;
use super::auth::{Perm, Principal, Role};
use super::visit::{HttpResult, Visit, VisitId};
use super::{AppState, Ctx, db, parse_id, render, render_status};
use crate::db::DbConn;
use crate::db::brackets;
use crate::db::queries;
use crate::domain::bracket::{
    Bracket, BracketError, Connector, EntrantId, Format, Layout, MatchId, RoundName, Side, Slot,
    Stage, Status,
};
use crate::error::AppError;
use crate::service::bracket_results::{
    Loaded, Saved, delete_audited, load, parse_row, save_result, set_paper_audited,
};

mod create;
mod manage;
mod print;
mod results;
mod view;

pub use create::*;
pub use manage::*;
pub use print::*;
pub use results::*;
pub use view::*;

/// Most entrants a bracket drawn from the web form or `baza bracket create` takes
/// (past 64 the pages and the print go round by round).
pub const MAX_WEB_ENTRANTS: usize = 1024;
/// Longest entrant name.
pub const MAX_NAME: usize = 80;
/// Largest score of a bracket match.
pub const MAX_SCORE: u32 = 9999;
/// Seconds between refreshes of the live page.
pub const REFRESH_SECONDS: u32 = 30;
/// Lot seeds drawn by Baza are below this (easy to read aloud and to type).
const LOT_SEED_RANGE: u64 = 1_000_000_000_000;

const GAMES: [&str; 5] = ["cuatrola", "tute", "guinote", "botifarra", "cinquillo"];

impl Loaded {
    fn layout(&self) -> Layout {
        self.bracket.layout_named(&|e| e.name_in(&self.names))
    }
}

async fn load_async(state: &AppState, id: i32) -> Result<Loaded, AppError> {
    db(state, move |conn| load(conn, id)).await
}

/// Bracket `id`, loaded for someone who may manage its club.
async fn load_to_manage(
    req: &HttpRequest,
    state: &AppState,
    who: &Principal,
    id: i32,
) -> Result<Loaded, AppError> {
    let l = load_async(state, id).await?;
    who.require(Perm::ManageClub(l.row.club_id), req.path())?;
    Ok(l)
}

/// The path of a match, `/cuadros/{id}/partidos/{m}`.
type MatchPath = web::Path<(String, String)>;

/// The bracket and the match of a match's path (match 0 is one); anything else is
/// a 404.
fn parse_match(path: MatchPath) -> Result<(i32, MatchId), AppError> {
    let (raw_id, raw_m) = path.into_inner();
    let id = parse_id(&raw_id)?;
    let m = raw_m.parse::<u32>().map_err(|_| AppError::NotFound)?;
    Ok((id, MatchId(m)))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::domain::bracket::{double_elimination, single_elimination};

    fn ids(n: u32) -> Vec<EntrantId> {
        (0..n).map(EntrantId).collect()
    }

    #[test]
    fn a_64_entrant_bracket_fits_one_a3_page_and_a_256_one_prints_round_by_round_on_a4() {
        let b = single_elimination(&ids(64), true).unwrap();
        let z = print_zoom(&b.layout(), "a3").unwrap();
        assert!(z > 0.9 && z <= 1.0, "{z}");
        let big = double_elimination(&ids(256), true).unwrap();
        assert_eq!(print_zoom(&big.layout(), "a4"), None, "round by round");
        assert!(bracket_css(&big.layout(), "a4").contains("columns: 5 190px"));
        let css = bracket_css(&b.layout(), "a3");
        assert!(css.contains("@page { size: A3 landscape"));
        assert!(css.contains("#m0 { grid-row: 1 / span 1; }"));
    }

    #[test]
    fn names_are_one_per_line_different_and_not_too_many() {
        assert_eq!(
            parse_names("a\n\n b \r\nc").ok().unwrap(),
            vec!["a", "b", "c"]
        );
        assert!(parse_names("a\nA").is_err());
        assert!(parse_names("solo").is_err());
        let many: String = (0..1025).map(|i| format!("p{i}\n")).collect();
        assert!(parse_names(&many).is_err());
    }
}
