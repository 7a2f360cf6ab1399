//! The referee desk: a disputed hand in (pasted, or built card by card), the
//! ruling out, laid out to be read at the table; kept under a shareable link,
//! printable as an acta, and applicable to a recorded club game.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde_json::{Value, json};

use super::account::{now, see_other};
use super::auth::Perm;
use super::game::{Entered, NotApplied};
use super::visit::{HttpResult, Visit};
use super::{AppState, Ctx, db, render, render_status, typed_number};
use crate::db::games;
use crate::domain::cards::Card;
use crate::domain::words::{
    field_name, field_value, name_seats, people_message, rule_name, seat_label, source_words,
};
use crate::domain::{self, GameKind, HandRecord, Lang, Ruling};
use crate::error::AppError;
use crate::error::Malformed;
use crate::error::Unacceptable;
use crate::web::options::{OptionWords, option_words};

mod builder;
pub use builder::builder;

/// A completed trick, for display.
pub struct TrickLine {
    pub no: usize,
    /// Who led, as the line opens ("Sale el asiento 1", "Ana (seat 1) leads").
    pub led: String,
    pub cards: Vec<String>,
    pub winner: String,
}

/// An event the known cards cannot decide (a partial deal).
pub struct UndecidedLine {
    pub rule: &'static str,
    pub rule_name: &'static str,
    pub message: String,
    pub hand_points: String,
}

/// A declared value that differs from the computed one, in words.
pub struct DiscrepancyLine {
    pub field: String,
    pub declared: String,
    pub computed: String,
}

#[derive(Template)]
#[template(path = "ruling.html")]
struct RulingPage<'a> {
    ctx: &'a Ctx,
    slug: Option<String>,
    game: String,
    summary: String,
    ruling: Ruling,
    tricks: Vec<TrickLine>,
    violation_words: Option<String>,
    /// The violated rule's name and its message, seats numbered from 1.
    violation_name: String,
    violation_message: String,
    violation_seat: Option<String>,
    /// The trick (from 1) of a card played against the rules of play.
    violation_trick: Option<usize>,
    /// What the violation costs, players named: read out with it.
    penalty: Option<String>,
    section: Option<String>,
    options: Vec<OptionWords>,
    points: String,
    /// What `points` count in this game: card points, last trick and cantes; card
    /// points and tricks (botifarra); the cards each seat still holds (cinquillo).
    points_label: String,
    hand_points: String,
    declared: Vec<DiscrepancyLine>,
    record_json: String,
    share_url: Option<String>,
    can_apply: bool,
    /// The hand of a club game this ruling was built for: applied there, no number
    /// to type.
    target: Option<RulingTarget>,
    /// `Some` for a partial deal (cards written "?"): what stays undecided.
    undecided: Option<Vec<UndecidedLine>>,
    /// The apply form sent again: the later tables its correction touches, to be
    /// confirmed.
    again: Option<Again>,
}

/// An apply that waits for its confirm: the later tables the correction touches,
/// in words, and the game and hand as they were sent.
pub struct Again {
    pub message: String,
    pub game: String,
    pub hand: String,
}

#[derive(Template)]
#[template(path = "referee.html")]
struct DeskPage<'a> {
    ctx: &'a Ctx,
    record: String,
    error: Option<String>,
    games: Vec<(&'static str, String)>,
}

pub async fn desk(req: HttpRequest) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(&req);
    render(&DeskPage {
        games: ctx.game_choices(),
        ctx: &ctx,
        record: String::new(),
        error: None,
    })
}

/// Whether the reader may apply the ruling, the hand of a club game it was built
/// for with that game's players in their seats, and an apply that waits for its
/// confirm.
type Applying = (bool, Option<(RulingTarget, Vec<String>)>, Option<Again>);

fn ruling_page(
    req: &HttpRequest,
    record: &HandRecord,
    slug: Option<String>,
    applying: Option<Applying>,
) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(req);
    let (can_apply, target, again) = applying.unwrap_or((false, None, None));
    let (target, names) = match target {
        Some((t, names)) => (Some(t), names),
        None => (None, Vec::new()),
    };
    let names = names.as_slice();
    let ruling = domain::try_rule(record, ctx.lang)
        .map_err(|e| AppError::from(Unacceptable::Record(record_words(&e, ctx.lang))))?;
    // A deal that cannot have been dealt is no hand to put into a game.
    let dealt = !ruling
        .violation
        .as_ref()
        .is_some_and(|v| v.rule == domain::ruling::RuleId::DealInvalid);
    let can_apply = can_apply && dealt;
    let tricks = ruling
        .tricks
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let cards = t.cards.iter().map(|c| c.spanish_name()).collect();
            TrickLine {
                no: i + 1,
                led: crate::domain::lang::capitalized(&ctx.t1(
                    "words-led-by",
                    "seat",
                    &seat_phrase(t.leader, ctx.lang, names),
                )),
                cards,
                winner: seat_phrase(t.winner, ctx.lang, names),
            }
        })
        .collect();
    let (violation_words, section, relevant) = match &ruling.violation {
        Some(v) => {
            let (section, relevant) = domain::referee::rule_source(record.game, v.rule);
            let words = domain::referee::play_context(record, &ruling)
                .map(|c| name_seats(&domain::referee::plain_words(&c, ctx.lang), ctx.lang, names));
            (words, Some(source_words(section, ctx.lang)), relevant)
        }
        None => (None, None, &[][..]),
    };
    let share_url = slug.as_ref().map(|s| {
        let info = req.connection_info();
        format!("{}://{}/arbitro/fallos/{s}", info.scheme(), info.host())
    });
    let undecided = ruling.undecided.as_ref().map(|list| {
        list.iter()
            .map(|u| UndecidedLine {
                rule: u.rule.id(),
                rule_name: rule_name(u.rule, ctx.lang),
                message: name_seats(
                    &people_message(u.rule, &u.message, Some(u.seat), ctx.lang),
                    ctx.lang,
                    names,
                ),
                hand_points: u
                    .hand_points
                    .as_deref()
                    .map(domain::explain::join_scores)
                    .unwrap_or_default(),
            })
            .collect()
    });
    let sides = target.as_ref().map_or(&[][..], |t| t.sides.as_slice());
    // An apply waiting for its confirm is the form sent again: a 422.
    let status = if again.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    render_status(
        &RulingPage {
            again,
            undecided,
            game: ctx.t(&format!("game-{}", record.game.slug())),
            summary: domain::explain_hand_for_people(
                record,
                &ruling,
                ctx.lang,
                (names, sides),
                target.as_ref().map(|t| t.hand),
            ),
            violation_trick: domain::explain::violation_trick(&ruling),
            penalty: domain::explain::penalty_for_people(record, &ruling, ctx.lang, names, sides),
            violation_name: ruling
                .violation
                .as_ref()
                .map(|v| rule_name(v.rule, ctx.lang).to_owned())
                .unwrap_or_default(),
            violation_message: ruling
                .violation
                .as_ref()
                .map(|v| {
                    crate::domain::lang::capitalized(&name_seats(
                        &people_message(v.rule, &v.message, v.seat, ctx.lang),
                        ctx.lang,
                        names,
                    ))
                })
                .unwrap_or_default(),
            violation_seat: ruling
                .violation
                .as_ref()
                .and_then(|v| v.seat)
                .map(|s| seat_label(s, ctx.lang, names)),
            tricks,
            violation_words,
            section,
            options: option_words(ctx.lang, record.game, &record.options.to_map(), relevant),
            points: domain::explain::join_scores(&ruling.points),
            points_label: {
                let rules = crate::domain::games::rules_of(record.game);
                ctx.t(if rules.quick_entry().cards_left {
                    "ruling-cards-left"
                } else if rules.diez_de_ultimas() {
                    "ruling-points"
                } else {
                    "ruling-points-tricks"
                })
            },
            hand_points: ruling
                .hand_points
                .as_deref()
                .map(domain::explain::join_scores)
                .unwrap_or_else(|| "—".to_owned()),
            declared: ruling
                .discrepancies
                .iter()
                .map(|d| DiscrepancyLine {
                    field: field_name(&d.field, ctx.lang),
                    declared: field_value(&d.declared),
                    computed: field_value(&d.computed),
                })
                .collect(),
            record_json: serde_json::to_string_pretty(&record.to_value()).unwrap_or_default(),
            share_url,
            can_apply,
            target,
            slug,
            ruling,
            ctx: &ctx,
        },
        status,
    )
}

fn parse(text: &str) -> Result<HandRecord, domain::RecordError> {
    domain::record::parse_record_str(text)
}

/// Why a record cannot be ruled, in the reader's words (options by their labels).
fn record_words(e: &domain::RecordError, lang: Lang) -> String {
    crate::domain::words::record_error_words(e, lang, &crate::web::options::PageOptionNames)
}

/// The desk again (422) with the text as sent and why it is refused.
fn refused(req: &HttpRequest, text: String, why: String) -> HttpResult {
    let ctx = Ctx::from_request(req);
    render_status(
        &DeskPage {
            games: ctx.game_choices(),
            ctx: &ctx,
            record: text,
            error: Some(why),
        },
        StatusCode::UNPROCESSABLE_ENTITY,
    )
}

#[derive(serde::Deserialize)]
pub struct PasteForm {
    record: String,
    /// The club game and its hand the record was built for ("Llevar al árbitro").
    #[serde(default)]
    partida: Option<String>,
    #[serde(default)]
    mano: Option<String>,
}

/// `POST /arbitro`: a pasted record → kept under a new slug → its ruling page
/// (which, for a hand taken from a game, knows that game and that hand).
pub async fn post_record(v: Visit, form: web::Form<PasteForm>) -> HttpResult {
    let form = form.into_inner();
    let target = form
        .partida
        .as_deref()
        .and_then(|p| p.trim().parse::<i32>().ok())
        .zip(
            form.mano
                .as_deref()
                .and_then(|m| m.trim().parse::<i32>().ok()),
        );
    submit(v, form.record, target).await
}

/// `POST /arbitro/subir`: the same with an uploaded file (multipart form).
pub async fn upload_record(Visit { req, state, who }: Visit, body: web::Bytes) -> HttpResult {
    let content_type = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let fields = super::multipart_fields(&content_type, &body)
        .ok_or_else(|| AppError::BadRequest(Malformed::Multipart("multipart/form-data")))?;
    let file = fields
        .into_iter()
        .find(|(k, _)| k == "file")
        .ok_or_else(|| AppError::BadRequest(Malformed::Field("file")))?
        .1;
    let text = match String::from_utf8(file) {
        Ok(text) => text,
        Err(e) => {
            let lang = Ctx::from_request(&req).lang;
            let why = crate::domain::lang::tr!(
                lang,
                "{}: el fichero no es texto (UTF-8).",
                "{}: el fitxer no és text (UTF-8).",
                "{}: the file is not text (UTF-8).",
                crate::domain::words::FileKind::Record.not_one(lang)
            );
            let shown = String::from_utf8_lossy(e.as_bytes()).into_owned();
            return refused(&req, shown, why);
        }
    };
    submit(Visit { req, state, who }, text, None).await
}

async fn submit(
    Visit { req, state, who }: Visit,
    text: String,
    target: Option<(i32, i32)>,
) -> HttpResult {
    let record = match parse(&text).and_then(|r| domain::try_rule(&r, Lang::Es).map(|_| r)) {
        Ok(r) => r,
        Err(e) => {
            let why = record_words(&e, Ctx::from_request(&req).lang);
            return refused(&req, text, why);
        }
    };
    // Only signed-in people keep rulings (a shareable link); anyone may read one.
    if who.user.is_none() {
        return ruling_page(&req, &record, None, None);
    }
    let slug = crate::service::random_hex(6)?;
    let stored = record.to_value().to_string();
    let actor = who.actor();
    let s = slug.clone();
    db(&state, move |conn| {
        games::insert_ruling(conn, &s, &stored, &actor, now())?;
        Ok(())
    })
    .await?;
    Ok(see_other(&match target {
        Some((game, hand)) => format!("/arbitro/fallos/{slug}?partida={game}&mano={hand}"),
        None => format!("/arbitro/fallos/{slug}"),
    }))
}

/// The hand of a club game a ruling is for, as its page names it.
pub struct RulingTarget {
    pub game: i32,
    pub hand: i32,
    /// "Ana – Berta contra Inés – Jaime".
    pub label: String,
    /// Each side's players, in side order ("Ana y Carmen").
    pub sides: Vec<String>,
}

/// `GET /arbitro/fallos/{slug}`: the shareable, printable ruling.
pub async fn show_ruling(v: Visit, path: web::Path<String>) -> HttpResult {
    let slug = path.into_inner();
    if slug.len() > 32 || !slug.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(AppError::NotFound);
    }
    // Built from a hand of a club game: that game's players name the seats, and the
    // ruling is applied to that hand.
    let q = web::Query::<HashMap<String, String>>::from_query(v.req.query_string())
        .map(|q| q.into_inner())
        .unwrap_or_default();
    let asked = q
        .get("partida")
        .and_then(|p| p.parse::<i32>().ok())
        .zip(q.get("mano").and_then(|m| m.parse::<i32>().ok()));
    ruling_of(&v, slug, asked, None).await
}

/// Ruling `slug`'s page, for hand `asked` (game, hand) of a club game when it was
/// built for one, with an apply waiting for its confirm when `again` says so.
async fn ruling_of(
    Visit { req, state, who }: &Visit,
    slug: String,
    asked: Option<(i32, i32)>,
    again: Option<Again>,
) -> HttpResult {
    let s = slug.clone();
    let text = db(state, move |conn| {
        games::find_ruling(conn, &s)?.ok_or(AppError::NotFound)
    })
    .await?;
    let record = parse(&text)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("stored ruling {slug}: {e}")))?;
    let can_apply = who.user.is_some() || !who.games.is_empty();
    let target = match asked {
        Some((id, hand)) => {
            let found = db(state, move |conn| Ok(games::find_game(conn, id)?)).await?;
            found
                .filter(|g| g.game == record.game.slug())
                .map(|g| (g, hand))
        }
        None => None,
    };
    let apply_to = target.map(|(g, hand)| {
        let lang = super::i18n::negotiate(req);
        let seats = crate::web::game::seats_of(&g);
        let sides = crate::web::game::setup_of(&g)
            .map(|setup| crate::web::game::side_names(&setup, &seats, lang))
            .unwrap_or_default();
        let vs = format!(" {} ", super::i18n::tr(lang, "table-versus"));
        (
            RulingTarget {
                game: g.id,
                hand,
                label: sides.join(&vs),
                sides,
            },
            seats,
        )
    });
    ruling_page(req, &record, Some(slug), Some((can_apply, apply_to, again)))
}

#[derive(serde::Deserialize)]
pub struct ApplyForm {
    game: String,
    hand: Option<String>,
    /// `1`: the later pairings a correction touches were shown and confirmed.
    #[serde(default)]
    confirm: Option<String>,
}

/// `POST /arbitro/fallos/{slug}/aplicar`: the ruled hand becomes a hand of a club
/// game (a new one, or replacing hand `hand`); audited as the referee's.
pub async fn apply(
    visit: Visit,
    path: web::Path<String>,
    form: web::Form<ApplyForm>,
) -> HttpResult {
    let Visit { req, state, who } = &visit;
    let slug = path.into_inner();
    let form = form.into_inner();
    let game_id: i32 = typed_number(&form.game, Unacceptable::Game)?;
    let hand_no = match form
        .hand
        .as_deref()
        .map(str::trim)
        .filter(|h| !h.is_empty())
    {
        Some(h) => Some(typed_number::<i32>(h, Unacceptable::HandNumber)?),
        None => None,
    };
    let s = slug.clone();
    let (text, game) = db(state, move |conn| {
        let text = games::find_ruling(conn, &s)?.ok_or(AppError::NotFound)?;
        let game = games::find_game(conn, game_id)?.ok_or(AppError::NotFound)?;
        Ok((text, game))
    })
    .await?;
    if !crate::web::game::may_record(who, &game) {
        who.require(
            Perm::RecordGame {
                club_id: game.club_id,
                game_id,
            },
            req.path(),
        )?;
    }
    let record: Value = serde_json::from_str(&text)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("stored ruling: {e}")))?;
    let actor = format!("{} (fallo {slug})", who.actor());
    let lang = super::i18n::negotiate(req);
    // A referee's ruling may correct a confirmed championship table (its later
    // pairings listed first, and confirmed with `confirm=1`).
    let by = crate::web::game::ChangeBy {
        staff: crate::web::game::is_game_staff(who, &game),
        sides: Vec::new(),
        confirmed: form.confirm.as_deref() == Some("1"),
    };
    let outcome = db(state, move |conn| {
        crate::web::game::apply_entered(
            conn,
            game_id,
            hand_no,
            Entered::Full(record),
            (&actor, &by),
            lang,
        )
    })
    .await?;
    match outcome {
        Ok(()) => Ok(see_other(&format!("/partidas/{game_id}"))),
        // The ruling's page again, the later tables listed above its apply form,
        // which now asks for the confirm.
        Err(NotApplied::Confirm(message)) => {
            let again = Again {
                message,
                game: form.game.trim().to_owned(),
                hand: hand_no.map(|h| h.to_string()).unwrap_or_default(),
            };
            let asked = hand_no.map(|h| (game_id, h));
            ruling_of(&visit, slug, asked, Some(again)).await
        }
        Err(NotApplied::Refused(message)) => {
            // The engine's words, with the game's players in its seats.
            let seats = crate::web::game::seats_of(&game);
            let sides = crate::web::game::setup_of(&game)
                .map(|setup| crate::web::game::side_names(&setup, &seats, lang))
                .unwrap_or_default();
            Err(AppError::from(Unacceptable::Entry(
                crate::web::game::people_words(&message, lang, &seats, &sides),
            )))
        }
    }
}

/// A seat as the subject of "sale …" / "gana …": its player ("Ana (asiento 1)"), or
/// with its article when nobody's name is known ("el asiento 1").
fn seat_phrase(seat: u8, lang: Lang, names: &[String]) -> String {
    let unnamed = lang.pick("el asiento", "el seient", "seat");
    name_seats(&format!("{unnamed} {seat}"), lang, names)
}
