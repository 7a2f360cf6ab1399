//! The referee desk: a disputed hand in (pasted, or built card by card), the
//! ruling out, laid out to be read at the table; kept under a shareable link,
//! printable as an acta, and applicable to a recorded club game.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde_json::{Value, json};

use super::account::{now, see_other};
use super::auth::{self, Perm, Principal};
use super::game::Entered;
use super::{AppState, Ctx, db, render, render_status};
use crate::db::games;
use crate::domain::cards::Card;
use crate::domain::options::OptionValue;
use crate::domain::{self, GameKind, HandRecord, Lang, Ruling};
use crate::error::AppError;

/// A completed trick, for display.
pub struct TrickLine {
    pub no: usize,
    pub leader: u8,
    pub cards: Vec<String>,
    pub winner: u8,
}

/// An event the known cards cannot decide (a partial deal).
pub struct UndecidedLine {
    pub rule: &'static str,
    pub message: String,
    pub hand_points: String,
}

pub struct OptionLine {
    pub name: &'static str,
    pub value: String,
    pub default: bool,
    pub relevant: bool,
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
    section: Option<&'static str>,
    options: Vec<OptionLine>,
    points: String,
    hand_points: String,
    declared: Vec<String>,
    record_json: String,
    share_url: Option<String>,
    can_apply: bool,
    /// `Some` for a partial deal (cards written "?"): what stays undecided.
    undecided: Option<Vec<UndecidedLine>>,
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
        games: games_list(&ctx),
        ctx: &ctx,
        record: String::new(),
        error: None,
    })
}

fn games_list(ctx: &Ctx) -> Vec<(&'static str, String)> {
    GameKind::ALL
        .iter()
        .map(|g| (g.slug(), ctx.t(&format!("game-{}", g.slug()))))
        .collect()
}

fn scores(v: &[domain::Score]) -> String {
    v.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" – ")
}

/// The options in force, the ones the violated rule depends on first.
fn option_lines(record: &HandRecord, relevant: &[&str]) -> Vec<OptionLine> {
    let given = record.options.to_map();
    let mut lines: Vec<OptionLine> = domain::options::specs(record.game)
        .iter()
        .map(|spec| {
            let (value, default) = match given.get(spec.name).and_then(|v| spec.parse(v)) {
                Some(v) => (v, v == spec.default),
                None => (spec.default, true),
            };
            let value = match value {
                OptionValue::Bool(b) => b.to_string(),
                OptionValue::Int(i) => i.to_string(),
                OptionValue::Choice(c) => c.to_owned(),
            };
            OptionLine {
                name: spec.name,
                value,
                default,
                relevant: relevant.contains(&spec.name),
            }
        })
        .collect();
    lines.sort_by_key(|l| !l.relevant);
    lines
}

fn ruling_page(
    req: &HttpRequest,
    record: &HandRecord,
    slug: Option<String>,
    can_apply: bool,
) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(req);
    let ruling = domain::try_rule(record, ctx.lang)
        .map_err(|e| AppError::unprocessable("error-not-a-record", e.to_string()))?;
    let tricks = ruling
        .tricks
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let cards = t.cards.iter().map(|c| c.spanish_name()).collect();
            TrickLine {
                no: i + 1,
                leader: t.leader,
                cards,
                winner: t.winner,
            }
        })
        .collect();
    let (violation_words, section, relevant) = match &ruling.violation {
        Some(v) => {
            let (section, relevant) = domain::referee::rule_source(record.game, v.rule);
            let words = domain::referee::play_context(record, &ruling)
                .map(|c| domain::referee::plain_words(&c, ctx.lang));
            (words, Some(section), relevant)
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
                message: u.message.clone(),
                hand_points: u.hand_points.as_deref().map(scores).unwrap_or_default(),
            })
            .collect()
    });
    render(&RulingPage {
        undecided,
        game: ctx.t(&format!("game-{}", record.game.slug())),
        summary: domain::explain(record, &ruling, ctx.lang),
        tricks,
        violation_words,
        section,
        options: option_lines(record, relevant),
        points: scores(&ruling.points),
        hand_points: ruling
            .hand_points
            .as_deref()
            .map(scores)
            .unwrap_or_else(|| "—".to_owned()),
        declared: ruling
            .discrepancies
            .iter()
            .map(|d| serde_json::to_string(d).unwrap_or_default())
            .collect(),
        record_json: serde_json::to_string_pretty(&record.to_value()).unwrap_or_default(),
        share_url,
        can_apply,
        slug,
        ruling,
        ctx: &ctx,
    })
}

fn parse(text: &str) -> Result<HandRecord, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("JSON: {e}"))?;
    domain::parse_record(&v).map_err(|e| e.to_string())
}

#[derive(serde::Deserialize)]
pub struct PasteForm {
    record: String,
}

/// `POST /arbitro`: a pasted record → kept under a new slug → its ruling page.
pub async fn post_record(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    form: web::Form<PasteForm>,
) -> Result<HttpResponse, AppError> {
    submit(req, state, who, form.into_inner().record).await
}

/// `POST /arbitro/subir`: the same with an uploaded file (multipart form).
pub async fn upload_record(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let content_type = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let fields = super::multipart_fields(&content_type, &body)
        .ok_or_else(|| AppError::bad_request("error-bad-request", "multipart/form-data"))?;
    let file = fields
        .into_iter()
        .find(|(k, _)| k == "file")
        .ok_or_else(|| AppError::bad_request("error-bad-request", "file"))?
        .1;
    let text = String::from_utf8(file)
        .map_err(|_| AppError::unprocessable("error-not-a-record", "the file is not UTF-8 text"))?;
    submit(req, state, who, text).await
}

async fn submit(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    text: String,
) -> Result<HttpResponse, AppError> {
    let record = match parse(&text).and_then(|r| {
        domain::try_rule(&r, Lang::Es)
            .map(|_| r)
            .map_err(|e| e.to_string())
    }) {
        Ok(r) => r,
        Err(e) => {
            let ctx = Ctx::from_request(&req);
            return render_status(
                &DeskPage {
                    games: games_list(&ctx),
                    ctx: &ctx,
                    record: text,
                    error: Some(e),
                },
                StatusCode::UNPROCESSABLE_ENTITY,
            );
        }
    };
    // Only signed-in people keep rulings (a shareable link); anyone may read one.
    if who.user.is_none() {
        return ruling_page(&req, &record, None, false);
    }
    let slug = auth::random_hex(6)?;
    let stored = record.to_value().to_string();
    let actor = who.actor();
    let s = slug.clone();
    db(&state, move |conn| {
        games::insert_ruling(conn, &s, &stored, &actor, now())?;
        Ok(())
    })
    .await?;
    Ok(see_other(&format!("/arbitro/fallos/{slug}")))
}

/// `GET /arbitro/fallos/{slug}`: the shareable, printable ruling.
pub async fn show_ruling(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let slug = path.into_inner();
    if slug.len() > 32 || !slug.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(AppError::NotFound);
    }
    let s = slug.clone();
    let text = db(&state, move |conn| {
        games::find_ruling(conn, &s)?.ok_or(AppError::NotFound)
    })
    .await?;
    let record = parse(&text)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("stored ruling {slug}: {e}")))?;
    ruling_page(
        &req,
        &record,
        Some(slug),
        who.user.is_some() || !who.games.is_empty(),
    )
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
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    form: web::Form<ApplyForm>,
) -> Result<HttpResponse, AppError> {
    let slug = path.into_inner();
    let form = form.into_inner();
    let game_id = form
        .game
        .trim()
        .parse::<i32>()
        .map_err(|_| AppError::unprocessable("error-bad-game", form.game.clone()))?;
    let hand_no = match form
        .hand
        .as_deref()
        .map(str::trim)
        .filter(|h| !h.is_empty())
    {
        Some(h) => Some(
            h.parse::<i32>()
                .map_err(|_| AppError::unprocessable("error-bad-request", h.to_owned()))?,
        ),
        None => None,
    };
    let s = slug.clone();
    let (text, game) = db(&state, move |conn| {
        let text = games::find_ruling(conn, &s)?.ok_or(AppError::NotFound)?;
        let game = games::find_game(conn, game_id)?.ok_or(AppError::NotFound)?;
        Ok((text, game))
    })
    .await?;
    if !crate::web::game::may_record(&who, &game) {
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
    let lang = super::i18n::negotiate(&req);
    // A referee's ruling may correct a confirmed championship table (its later
    // pairings listed first, and confirmed with `confirm=1`).
    let by = crate::web::game::ChangeBy {
        staff: who.user.is_some(),
        sides: Vec::new(),
        confirmed: form.confirm.as_deref() == Some("1"),
    };
    let outcome = db(&state, move |conn| {
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
        Err(message) => Err(AppError::unprocessable("error-invalid-entry", message)),
    }
}

/// Builds a record from the card-picker form: game, players, dealer, options, a
/// seat (or "stock") for every card, the turned card, and the events so far.
fn record_from_builder(f: &HashMap<String, String>) -> Result<Value, String> {
    let game: GameKind = f.get("game").map(String::as_str).unwrap_or("").parse()?;
    let players: u8 = f
        .get("players")
        .and_then(|p| p.parse().ok())
        .filter(|p| game.valid_players(*p))
        .ok_or("players")?;
    let dealer: u8 = f.get("dealer").and_then(|d| d.parse().ok()).unwrap_or(0);
    let mut hands: Vec<Vec<String>> = vec![Vec::new(); usize::from(players)];
    let mut stock: Vec<String> = Vec::new();
    for card in Card::all() {
        match f.get(&format!("c_{}", card.code())).map(String::as_str) {
            Some("s") => stock.push(card.code()),
            Some(seat) => {
                if let Some(h) = seat.parse::<usize>().ok().and_then(|s| hands.get_mut(s)) {
                    h.push(card.code());
                }
            }
            None => {}
        }
    }
    // Cards left without a place are unknown: "?" up to the deal's sizes (the
    // engine then says what it cannot decide).
    let placed = hands.iter().map(Vec::len).sum::<usize>() + stock.len();
    let (sizes, stock_size) = domain::partial::deal_sizes(game, players);
    if placed < sizes.iter().sum::<usize>() + stock_size {
        for (h, size) in hands.iter_mut().zip(&sizes) {
            while h.len() < *size {
                h.push(domain::partial::UNKNOWN.to_owned());
            }
        }
        while stock.len() < stock_size {
            stock.insert(0, domain::partial::UNKNOWN.to_owned());
        }
    }
    let turned = f.get("turned").filter(|t| !t.is_empty()).cloned();
    if let Some(t) = &turned {
        // The turned card lies last under the stock where there is one.
        if let Some(pos) = stock.iter().position(|c| c == t) {
            let c = stock.remove(pos);
            stock.push(c);
        }
    }
    let events: Value = f
        .get("events")
        .filter(|e| !e.trim().is_empty())
        .map(|e| serde_json::from_str(e).map_err(|err| format!("events: {err}")))
        .transpose()?
        .unwrap_or_else(|| json!([]));
    let options = f
        .get("options")
        .and_then(|o| serde_json::from_str::<Value>(o).ok())
        .filter(Value::is_object)
        .unwrap_or_else(|| json!({}));
    let mut v = json!({
        "format": "baza-hand/1",
        "game": game.slug(),
        "players": players,
        "options": options,
        "dealer": dealer,
        "hands": hands,
        "stock": stock,
        "events": events,
    });
    if let Some(t) = turned {
        v["turned"] = json!(t);
    }
    Ok(v)
}

#[derive(Template)]
#[template(path = "referee_builder.html")]
struct BuilderPage<'a> {
    ctx: &'a Ctx,
    game: &'static str,
    players: u8,
    dealer: u8,
    cards: Vec<(String, String, String)>,
    seats: Vec<u8>,
    turned: String,
    events: String,
    event_lines: Vec<String>,
    next_seat: String,
    record: String,
    status: Option<String>,
    error: Option<String>,
    /// A club game this hand is for (from its hand form), with the version read.
    partida: Option<(i32, String)>,
    /// That game's table options (JSON), carried from step to step.
    options: String,
    submission: String,
}

/// The game a builder form is for.
fn game_slug(f: &HashMap<String, String>) -> &str {
    f.get("game").map_or("", String::as_str)
}

/// `GET|POST /arbitro/construir`: the card picker. Each step posts the whole
/// draft (no state on the server), adds one event, and shows the ruling so far.
pub async fn builder(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(&req);
    let mut f: HashMap<String, String> = if body.is_empty() {
        web::Query::<HashMap<String, String>>::from_query(req.query_string())
            .map(|q| q.into_inner())
            .unwrap_or_default()
    } else {
        serde_html_form::from_bytes::<Vec<(String, String)>>(&body)
            .map(|v| v.into_iter().collect())
            .map_err(|e| AppError::bad_request("error-bad-request", e.to_string()))?
    };
    let game: GameKind = f
        .get("game")
        .and_then(|g| g.parse().ok())
        .unwrap_or(GameKind::Cuatrola);
    f.insert("game".into(), game.slug().into());
    let players = f
        .get("players")
        .and_then(|p| p.parse().ok())
        .filter(|p| game.valid_players(*p))
        .unwrap_or(4);
    f.insert("players".into(), players.to_string());
    // Opened from a club game's hand form: rule the draft under that game's table
    // options (kept in the form from then on), as saving it will.
    if !f.contains_key("options")
        && let Some(id) = f.get("partida").and_then(|p| p.parse::<i32>().ok())
    {
        let game = db(&state, move |conn| Ok(games::find_game(conn, id)?)).await?;
        if let Some(g) = game.filter(|g| g.game == game_slug(&f)) {
            f.insert("options".into(), g.options);
        }
    }
    // Append the event of this step, if any.
    let mut events: Vec<Value> = f
        .get("events")
        .and_then(|e| serde_json::from_str(e).ok())
        .unwrap_or_default();
    if let (Some(seat), Some(kind)) = (
        f.get("ev_seat").and_then(|s| s.parse::<u8>().ok()),
        f.get("ev_kind").filter(|k| !k.is_empty()),
    ) {
        let value = f.get("ev_value").cloned().unwrap_or_default();
        let ev = match kind.as_str() {
            "play" | "bid" | "trump" | "double" | "cante" | "exchange" => {
                json!({"seat": seat, kind.as_str(): value.trim()})
            }
            "pass" | "tute" | "claim" => json!({"seat": seat, kind.as_str(): true}),
            _ => Value::Null,
        };
        if !ev.is_null() {
            events.push(ev);
        }
    }
    if f.contains_key("undo") {
        events.pop();
    }
    let events_json = Value::Array(events.clone()).to_string();
    f.insert("events".into(), events_json.clone());
    let (record, status, error) = match record_from_builder(&f) {
        Ok(v) => match domain::parse_record(&v) {
            Ok(r) => match domain::try_rule(&r, ctx.lang) {
                Ok(ruling) => {
                    let status = match &ruling.violation {
                        Some(v) => format!("{}: {}", v.rule.id(), v.message),
                        None if ruling.complete => ctx.t("referee-complete"),
                        None => ctx.t("referee-so-far-legal"),
                    };
                    let doubts: Vec<&str> = ruling
                        .undecided
                        .iter()
                        .flatten()
                        .map(|u| u.message.as_str())
                        .collect();
                    let status = if doubts.is_empty() {
                        status
                    } else {
                        format!("{status} · {}", doubts.join(" · "))
                    };
                    (v.to_string(), Some(status), None)
                }
                Err(e) => (v.to_string(), None, Some(e.to_string())),
            },
            Err(e) => (v.to_string(), None, Some(e.to_string())),
        },
        Err(e) => (String::new(), None, Some(e)),
    };
    let deck: Vec<Card> = Card::all()
        .filter(|c| match game {
            GameKind::Cuatrola => matches!(c.rank().number(), 1 | 3 | 10 | 11 | 12),
            GameKind::Botifarra => true,
            _ => !matches!(c.rank().number(), 8 | 9),
        })
        .collect();
    let cards = deck
        .iter()
        .map(|c| {
            let code = c.code();
            let chosen = f.get(&format!("c_{code}")).cloned().unwrap_or_default();
            (code, c.spanish_name(), chosen)
        })
        .collect();
    let next_seat = events
        .last()
        .and_then(|e| e.get("seat"))
        .and_then(Value::as_u64)
        .map(|s| ((s + 1) % u64::from(players)).to_string())
        .unwrap_or_default();
    let partida = f.get("partida").and_then(|p| p.parse::<i32>().ok()).zip(
        f.get("version")
            .filter(|v| v.parse::<i32>().is_ok())
            .cloned(),
    );
    render(&BuilderPage {
        options: f.get("options").cloned().unwrap_or_default(),
        partida,
        submission: auth::random_hex(16)?,
        game: game.slug(),
        players,
        dealer: f.get("dealer").and_then(|d| d.parse().ok()).unwrap_or(0),
        seats: (0..players).collect(),
        turned: f.get("turned").cloned().unwrap_or_default(),
        event_lines: events.iter().map(Value::to_string).collect(),
        events: events_json,
        next_seat,
        cards,
        record,
        status,
        error,
        ctx: &ctx,
    })
}
