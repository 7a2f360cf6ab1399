//! `GET/POST /clubes/{id}/campeonatos/importar`: a club's organiser creates a
//! championship from a `baza-tournament/1` file (uploaded, or its text pasted), as
//! `baza tournament import` does, in one transaction. A file that does not read
//! shows the form again (422) with what is wrong and where, in the page's language;
//! nothing is written then.

use super::*;
use crate::domain::tournament::FileError;
use crate::web::done::Done;

/// The largest championship file an upload takes: a big open played hand by hand
/// (200 pairs, 7 rounds, every hand entered) is some 15 MB.
pub const FILE_LIMIT: usize = 32 * 1024 * 1024;

/// Whether `path` is the import's, which takes bodies up to [`FILE_LIMIT`] instead
/// of the usual limit.
pub fn takes_big_files(path: &str) -> bool {
    path.strip_prefix("/clubes/")
        .and_then(|rest| rest.split_once('/'))
        .is_some_and(|(club, rest)| {
            !club.is_empty()
                && club.bytes().all(|b| b.is_ascii_digit())
                && rest == "campeonatos/importar"
        })
}

#[derive(Template)]
#[template(path = "tournament_import.html")]
struct ImportPage<'a> {
    ctx: &'a Ctx,
    club: Club,
    /// What was pasted, shown again.
    text: String,
    error: Option<String>,
}

fn page(req: &HttpRequest, club: Club, text: String, error: Option<String>) -> HttpResult {
    let ctx = Ctx::from_request(req);
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    render_status(
        &ImportPage {
            ctx: &ctx,
            club,
            text,
            error,
        },
        status,
    )
}

/// `GET /clubes/{id}/campeonatos/importar`: the form.
pub async fn championship_import_form(visit: Visit, path: web::Path<String>) -> HttpResult {
    let club = managed_club(&visit, &path).await?;
    page(&visit.req, club, String::new(), None)
}

/// The posted file (multipart field `file`) or, without one, the pasted text (field
/// `text`); and the pasted text, to show again.
fn sent(req: &HttpRequest, body: &[u8]) -> Result<(Vec<u8>, String), AppError> {
    let fields = SentFields::read(req, body)?;
    let pasted = fields.filled("text").unwrap_or_default();
    let shown = String::from_utf8_lossy(&pasted).into_owned();
    Ok((fields.filled("file").unwrap_or(pasted), shown))
}

/// What is wrong with a file that does not read, in words.
pub(crate) fn file_error_words(ctx: &Ctx, text: &str, e: &FileError) -> String {
    match serde_json::from_str::<Value>(text) {
        Err(json) => {
            use crate::domain::words::{FileKind, json_error_words};
            let why = json_error_words(&json, FileKind::Championship, ctx.lang);
            return crate::web::i18n::tr_args(ctx.lang, "champ-import-not-json", &[("why", why)]);
        }
        Ok(v) if v.get("format").and_then(Value::as_str) != Some(tournament::FORMAT) => {
            return ctx.t("champ-import-not-championship");
        }
        Ok(_) => {}
    }
    // The place named as the director knows it: the round and table, the phase and
    // match, the pair; never the position in one of the file's lists.
    let place = serde_json::from_str::<tournament::TournamentFile>(text)
        .map(|read| e.place_in(&read, ctx.lang))
        .unwrap_or_default();
    let place = if place.is_empty() {
        String::new()
    } else {
        format!(" ({place})")
    };
    let why = match &e.options {
        Some(options) => crate::domain::words::record_error_words(
            options,
            ctx.lang,
            &crate::web::options::PageOptionNames,
        ),
        None => e.message_in(ctx.lang).to_owned(),
    };
    format!("{}{place}: {why}", ctx.t("champ-import-refused"))
}

/// `POST /clubes/{id}/campeonatos/importar`: creates the championship the file
/// holds and shows its director's page; a file that does not read shows the form
/// again with what is wrong (422).
pub async fn championship_import(
    visit: Visit,
    path: web::Path<String>,
    payload: web::Payload,
) -> Result<HttpResponse, actix_web::Error> {
    // Who may import is known before a file up to FILE_LIMIT is read.
    let club = managed_club(&visit, &path).await?;
    let body = payload
        .to_bytes_limited(FILE_LIMIT)
        .await
        .map_err(|_| actix_web::error::ErrorPayloadTooLarge("upload too large"))??;
    Ok(import_file(visit, club, body).await?)
}

/// The import of `body` into `club`, whose organiser `visit` is.
async fn import_file(visit: Visit, club: Club, body: web::Bytes) -> HttpResult {
    let (club_id, Visit { req, state, who }) = (club.id, visit);
    let (bytes, shown) = sent(&req, &body)?;
    let ctx = Ctx::from_request(&req);
    if bytes.is_empty() {
        return page(&req, club, shown, Some(ctx.t("champ-import-no-file")));
    }
    let Ok(text) = String::from_utf8(bytes) else {
        return page(&req, club, shown, Some(ctx.t("champ-import-not-utf8")));
    };
    let mut file = match tournament::parse(&text) {
        Ok(f) => f,
        Err(e) => {
            let words = file_error_words(&ctx, &text, &e);
            return page(&req, club, shown, Some(words));
        }
    };
    let actor = who.actor();
    let entrants = file.entrants.len();
    let made = db(&state, move |conn| {
        let at = now();
        Ok(crate::service::championship::import(
            conn,
            club_id,
            &mut file,
            at.date(),
            at,
            &actor,
            &mut random_pin,
        ))
    })
    .await?;
    match made {
        Ok((id, _)) => Ok(see_other(&crate::web::done::with_done_count(
            &format!("/campeonatos/{id}/direccion"),
            Done::Imported,
            entrants,
        ))),
        Err(ChangeError::Refused(r)) => page(&req, club, shown, Some(refusal_words(ctx.lang, &r))),
        Err(e) => Err(e.into()),
    }
}

/// Why an import is refused, in `lang`: the refusal's message, then its detail.
pub(crate) fn refusal_words(lang: Lang, r: &Refusal) -> String {
    let (message, detail) = (crate::web::i18n::tr(lang, r.key()), r.detail(lang));
    if detail.is_empty() {
        message
    } else {
        format!("{message}: {detail}")
    }
}

#[cfg(test)]
mod tests {
    use super::takes_big_files;

    #[test]
    fn only_a_clubs_championship_import_takes_big_files() {
        assert!(takes_big_files("/clubes/7/campeonatos/importar"));
        assert!(takes_big_files("/clubes/123/campeonatos/importar"));
        for other in [
            "/clubes/7/campeonatos/nuevo",
            "/clubes//campeonatos/importar",
            "/clubes/x7/campeonatos/importar",
            "/clubes/7/campeonatos/importar/mas",
            "/campeonatos/7/inscritos/importar",
            "/admin/personas/importar",
        ] {
            assert!(!takes_big_files(other), "{other}");
        }
    }
}
