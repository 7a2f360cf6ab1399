//! The game's page as the public sees it: the same for every visitor who is not
//! signed in and holds no PIN, so it is kept in the page cache.

use super::*;
use crate::web::asks::Asks;
use crate::web::game::pages::game_html;

/// Where the page kept for anonymous visitors has each visitor's CSRF token.
const CSRF_MARK: &str = "baza-csrf-token-of-this-visitor";

/// The game's page for a visitor who is not signed in and holds no PIN: every such
/// visitor sees the same page, so it is rendered once per change of the game (its
/// stamp) and language and kept in the page cache, each visitor's CSRF token (of the
/// PIN form) put in when it is served. It asks every such visitor for a PIN.
pub(super) async fn anonymous_game_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
) -> Result<HttpResponse, AppError> {
    let mut ctx = Ctx::from_request(req);
    let token = std::mem::replace(&mut ctx.csrf, CSRF_MARK.to_owned());
    let key = format!("game:{id}:{}", ctx.lang.code());
    let kept =
        crate::web::kept::kept_or_stamp(state, &key, move |conn| games::page_stamp(conn, id));
    let page = match kept.await? {
        Ok(page) => page,
        Err(stamp) => {
            let (html, _) = game_html(state, who, id, None, &ctx).await?;
            let page = crate::web::CachedPage::plain(html);
            state.pages.put(key, stamp, page.clone());
            page
        }
    };
    Ok(Asks::Pin.mark(page.response_with(CSRF_MARK, &token)))
}
