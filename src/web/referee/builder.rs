//! The referee's card picker: a hand built card by card, each step posting the
//! whole draft; cards by name, seats by player, only the game's own actions.

use super::*;
use crate::domain::cards::Suit;
use crate::domain::games::rules_of;
use crate::domain::lang::capitalized;
use crate::domain::record::{DealSpec, TurnedRule};
use crate::error::Malformed;

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
    let deal = deal_of(game, players, f);
    let sizes = deal.hand_sizes.unwrap_or_default();
    let stock_size = deal.stock_size.unwrap_or(0);
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
    // Carried from a hand of a club game: the score before it, what the table wrote.
    for key in ["before", "declared"] {
        if let Some(x) = f
            .get(key)
            .and_then(|x| serde_json::from_str::<Value>(x).ok())
            .filter(|x| !x.is_null())
        {
            v[key] = x;
        }
    }
    Ok(v)
}

/// What the game deals to `players` under the draft's table options (its defaults
/// where the draft carries none, or options the game does not have).
fn deal_of(game: GameKind, players: u8, f: &HashMap<String, String>) -> DealSpec {
    let options = f
        .get("options")
        .and_then(|o| serde_json::from_str::<serde_json::Map<String, Value>>(o).ok())
        .and_then(|m| crate::domain::options::validate(game, players, &m).ok())
        .unwrap_or_default();
    rules_of(game).deal_spec(players, &options)
}

/// A hand of a club game taken to the referee: the game, its seats' players, the
/// hand's dealer, the score before it and the points the table wrote down.
struct CarriedHand {
    game: String,
    players: u8,
    dealer: u8,
    options: String,
    before: Value,
    declared: Value,
}

/// Hand `n` of game `id` as the referee's picker starts from it; `None` when the
/// game or the hand is not there.
async fn carried_hand(
    state: &web::Data<AppState>,
    id: i32,
    n: i32,
    lang: Lang,
) -> Result<Option<CarriedHand>, AppError> {
    let loaded = db(state, move |conn| match crate::web::game::load(conn, id) {
        Ok(l) => Ok(Some(l)),
        Err(AppError::NotFound) => Ok(None),
        Err(e) => Err(e),
    })
    .await?;
    let Some(l) = loaded else { return Ok(None) };
    let Some(i) = l.hands.iter().position(|h| h.hand_no == n) else {
        return Ok(None);
    };
    let (scores, board) = l.scored(lang).map_err(|(i, e)| {
        AppError::Internal(anyhow::anyhow!(
            "game {id}: hand {} no longer scores: {e:?}",
            i + 1
        ))
    })?;
    let list = |v: &[domain::Score]| Value::Array(v.iter().map(|s| s.to_value()).collect());
    let before = match i.checked_sub(1).and_then(|p| board.running.get(p)) {
        Some(r) => list(r),
        None => list(&crate::web::game::zero_totals(&l.setup)),
    };
    let declared = scores
        .get(i)
        .map(|s| json!({"hand_points": list(&s.hand_points)}))
        .unwrap_or(Value::Null);
    Ok(Some(CarriedHand {
        game: l.game.game.clone(),
        players: l.setup.players,
        dealer: l
            .hands
            .get(i)
            .and_then(|h| u8::try_from(h.dealer).ok())
            .unwrap_or(0),
        options: l.game.options.clone(),
        before,
        declared,
    }))
}

/// A seat of the picker: its value (0-based, as in the record) and how people read it.
pub struct SeatChoice {
    pub value: u8,
    pub label: String,
}

/// A card of the picker: its code (the form value), its name with the suit's
/// symbol, and where it lies now (a seat, `s` for the stock, empty for unknown).
pub struct CardChoice {
    pub code: String,
    pub name: String,
    pub chosen: String,
}

/// A group of values the "value" select offers (cards, suits, calls…).
pub struct ValueGroup {
    pub label: String,
    pub values: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "referee_builder.html")]
struct BuilderPage<'a> {
    ctx: &'a Ctx,
    game: &'static str,
    game_name: String,
    players: u8,
    dealer: u8,
    cards: Vec<CardChoice>,
    seats: Vec<SeatChoice>,
    /// Whether the game turns a card up for trumps (cuatrola, tute, guiñote), and
    /// leaves a stock undealt (guiñote, tute for two): the picker asks only for
    /// what the game deals.
    has_turned: bool,
    has_stock: bool,
    turned: String,
    events: String,
    event_lines: Vec<String>,
    next_seat: String,
    /// The actions of this game: event kind and its name in the page's language.
    actions: Vec<(&'static str, String)>,
    value_groups: Vec<ValueGroup>,
    record: String,
    status: Option<String>,
    error: Option<String>,
    /// A club game this hand is for (from its hand form), with the version read.
    partida: Option<(i32, String)>,
    /// That game's table options (JSON), carried from step to step.
    options: String,
    submission: String,
    /// The hand of that game under dispute, with the score before it and what the
    /// table wrote down (JSON), carried from step to step.
    mano: Option<i32>,
    before: String,
    declared: String,
    /// Whose turn it is now, by player, and what they may do (the event's JSON and
    /// its words), from the game's own rules.
    turn: Option<String>,
    proposals: Vec<(String, String)>,
}

/// The game a builder form is for.
fn game_slug(f: &HashMap<String, String>) -> &str {
    f.get("game").map_or("", String::as_str)
}

/// The kinds of event a game's records hold (docs/hand-record.md, events).
fn game_actions(game: GameKind) -> &'static [&'static str] {
    match game {
        GameKind::Cuatrola => &["play", "bid", "cante", "tute"],
        GameKind::Botifarra => &["trump", "double", "play"],
        GameKind::Cinquillo => &["play", "pass"],
        GameKind::Tute => &["play", "cante", "tute", "exchange"],
        GameKind::Guinote => &["play", "cante", "tute", "exchange", "claim"],
        // An added game's records hold plays only.
        GameKind::Added(_) => &["play"],
    }
}

/// A card by its name ("sota de bastos"): the suit in words, which every phone
/// draws (the suit emoji do not exist in many fonts).
pub fn card_words(c: Card) -> String {
    c.spanish_name()
}

/// An event of the draft in words: who did what.
fn event_words(ctx: &Ctx, ev: &Value, names: &[String]) -> String {
    let seat = ev
        .get("seat")
        .and_then(Value::as_u64)
        .and_then(|s| u8::try_from(s).ok());
    let who = seat
        .map(|s| seat_label(s, ctx.lang, names))
        .unwrap_or_else(|| "—".to_owned());
    // Each line of the list opens with who acted.
    let who = capitalized(&who);
    match action_words(ctx, ev) {
        Some(what) => format!("{who}: {what}"),
        None => who,
    }
}

/// What an event does, in words: a card played by its name, a call by its name.
fn action_words(ctx: &Ctx, ev: &Value) -> Option<String> {
    let (kind, value) = ev
        .as_object()
        .and_then(|o| o.iter().find(|(k, _)| k.as_str() != "seat"))?;
    let value = match value {
        Value::Bool(_) => String::new(),
        Value::String(v) => value_words(ctx, kind, v),
        other => other.to_string(),
    };
    let action = ctx.t(&format!("builder-action-{kind}"));
    Some(if value.is_empty() {
        action
    } else if kind == "play" || kind == "double" {
        // A card, or a doubling level ("recontro", "no dobla"), says it all.
        value
    } else {
        format!("{action} · {value}")
    })
}

/// A value of an event in words: a card by name, a suit by name, a call by name.
fn value_words(ctx: &Ctx, kind: &str, v: &str) -> String {
    if let Ok(c) = v.parse::<Card>() {
        return card_words(c);
    }
    let mut chars = v.chars();
    if let (Some(l), None) = (chars.next(), chars.next())
        && let Some(s) = Suit::from_letter(l)
    {
        return s.name().to_owned();
    }
    let key = format!("builder-value-{kind}-{}", v.replace('_', "-"));
    let t = ctx.t(&key);
    if t == key { v.to_owned() } else { t }
}

/// The values the "value" select offers for a game: cards, then suits and calls.
fn value_groups(ctx: &Ctx, game: GameKind, deck: &[Card]) -> Vec<ValueGroup> {
    let mut groups = vec![ValueGroup {
        label: ctx.t("builder-values-cards"),
        values: deck.iter().map(|c| (c.code(), card_words(*c))).collect(),
    }];
    let rules = rules_of(game);
    if rules.names_suits() {
        groups.push(ValueGroup {
            label: ctx.t("builder-values-suits"),
            values: Suit::ALL
                .iter()
                .map(|s| (s.letter().to_string(), s.name().to_owned()))
                .collect(),
        });
    }
    for (kind, values) in rules.calls() {
        groups.push(ValueGroup {
            label: ctx.t(&format!("builder-action-{kind}")),
            values: values
                .iter()
                .map(|v| ((*v).to_owned(), value_words(ctx, kind, v)))
                .collect(),
        });
    }
    groups
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
            .map_err(|e| AppError::BadRequest(Malformed::Form(e.to_string())))?
    };
    // Opened from a hand of a club game: the game, its seats, the hand's dealer, the
    // score before it and what the table wrote down, already there.
    let partida_id = f.get("partida").and_then(|p| p.parse::<i32>().ok());
    let mano = f.get("mano").and_then(|m| m.parse::<i32>().ok());
    if let (Some(id), Some(n)) = (partida_id, mano)
        && !f.contains_key("events")
    {
        let carried = carried_hand(&state, id, n, ctx.lang)
            .await?
            .ok_or(AppError::NotFound)?;
        f.insert("game".into(), carried.game);
        f.insert("players".into(), carried.players.to_string());
        f.insert("dealer".into(), carried.dealer.to_string());
        f.insert("options".into(), carried.options);
        f.insert("before".into(), carried.before.to_string());
        f.insert("declared".into(), carried.declared.to_string());
    }
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
    // options (kept in the form from then on), as saving it will; its players
    // name the seats.
    let mut names: Vec<String> = Vec::new();
    if let Some(id) = f.get("partida").and_then(|p| p.parse::<i32>().ok()) {
        let found = db(&state, move |conn| Ok(games::find_game(conn, id)?)).await?;
        if let Some(g) = found.filter(|g| g.game == game_slug(&f)) {
            names = crate::web::game::seats_of(&g);
            if !f.contains_key("options") {
                f.insert("options".into(), g.options);
            }
        }
    }
    // Append the event of this step, if any.
    let mut events: Vec<Value> = f
        .get("events")
        .and_then(|e| serde_json::from_str(e).ok())
        .unwrap_or_default();
    // A proposed move tapped: the event itself, as the page offered it.
    let proposed = f
        .get("ev_move")
        .and_then(|m| serde_json::from_str::<Value>(m).ok())
        .filter(|m| {
            m.get("seat").is_some_and(Value::is_u64) && m.as_object().is_some_and(|o| o.len() == 2)
        });
    if let Some(ev) = proposed {
        events.push(ev);
    } else if let (Some(seat), Some(kind)) = (
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
    // Nothing placed and nothing played yet: no ruling to show, only how to start.
    let started = !events.is_empty()
        || f.get("turned").is_some_and(|t| !t.is_empty())
        || f.iter().any(|(k, v)| k.starts_with("c_") && !v.is_empty());
    let mut next: Option<(u8, Vec<domain::record::Move>)> = None;
    // Why the record built is refused, in words, its seats named.
    let refused = |e: &domain::RecordError| {
        let words = crate::domain::words::record_error_engine_words(
            e,
            ctx.lang,
            &crate::web::options::PageOptionNames,
        );
        name_seats(&words, ctx.lang, &names)
    };
    let (record, status, error) = match record_from_builder(&f) {
        Ok(_) if !started => (String::new(), Some(ctx.t("builder-start")), None),
        Ok(v) => match domain::parse_record(&v) {
            Ok(r) => match domain::try_rule(&r, ctx.lang) {
                Ok(ruling) => {
                    next = domain::games::next_moves(&r);
                    let status = match &ruling.violation {
                        Some(v) => format!(
                            "{}: {}",
                            rule_name(v.rule, ctx.lang),
                            name_seats(
                                &people_message(v.rule, &v.message, v.seat, ctx.lang),
                                ctx.lang,
                                &names
                            )
                        ),
                        None if ruling.complete => ctx.t("referee-complete"),
                        None => ctx.t("referee-so-far-legal"),
                    };
                    let doubts: Vec<String> = ruling
                        .undecided
                        .iter()
                        .flatten()
                        .map(|u| {
                            name_seats(
                                &people_message(u.rule, &u.message, Some(u.seat), ctx.lang),
                                ctx.lang,
                                &names,
                            )
                        })
                        .collect();
                    let status = if doubts.is_empty() {
                        status
                    } else {
                        format!("{status} · {}", doubts.join(" · "))
                    };
                    (v.to_string(), Some(status), None)
                }
                Err(e) => (v.to_string(), None, Some(refused(&e))),
            },
            Err(e) => (v.to_string(), None, Some(refused(&e))),
        },
        Err(e) => (String::new(), None, Some(e)),
    };
    let deal = deal_of(game, players, &f);
    let deck: Vec<Card> = Card::all().filter(|c| deal.deck.contains(*c)).collect();
    let cards = deck
        .iter()
        .map(|c| {
            let code = c.code();
            let chosen = f.get(&format!("c_{code}")).cloned().unwrap_or_default();
            CardChoice {
                code,
                name: card_words(*c),
                chosen,
            }
        })
        .collect();
    // Whose turn it is by the game's rules; else the seat after the last one.
    let next_seat = match &next {
        Some((seat, _)) => seat.to_string(),
        None => events
            .last()
            .and_then(|e| e.get("seat"))
            .and_then(Value::as_u64)
            .map(|s| ((s + 1) % u64::from(players)).to_string())
            .unwrap_or_default(),
    };
    // Named in the middle of a sentence ("Le toca a asiento 1"; "To play: seat 1").
    let turn = next
        .as_ref()
        .map(|(seat, _)| seat_label(*seat, ctx.lang, &names));
    // The seat on turn's moves say only what they are; another seat's call (a
    // partner's contro) says who makes it.
    let proposals = next
        .map(|(seat, moves)| {
            moves
                .iter()
                .map(|m| {
                    let v = m.to_value();
                    let words = if m.seat == seat {
                        action_words(&ctx, &v).unwrap_or_default()
                    } else {
                        event_words(&ctx, &v, &names)
                    };
                    (v.to_string(), words)
                })
                .collect()
        })
        .unwrap_or_default();
    let partida = f.get("partida").and_then(|p| p.parse::<i32>().ok()).zip(
        f.get("version")
            .filter(|v| v.parse::<i32>().is_ok())
            .cloned(),
    );
    let ctx = &ctx;
    render(&BuilderPage {
        mano,
        before: f.get("before").cloned().unwrap_or_default(),
        declared: f.get("declared").cloned().unwrap_or_default(),
        turn,
        proposals,
        options: f.get("options").cloned().unwrap_or_default(),
        partida,
        submission: crate::service::random_hex(16)?,
        game: game.slug(),
        game_name: ctx.t(&format!("game-{}", game.slug())),
        players,
        dealer: f.get("dealer").and_then(|d| d.parse().ok()).unwrap_or(0),
        seats: (0..players)
            .map(|s| SeatChoice {
                value: s,
                label: capitalized(&seat_label(s, ctx.lang, &names)),
            })
            .collect(),
        has_turned: deal.turned != TurnedRule::Absent,
        has_stock: deal.stock_size != Some(0),
        turned: f.get("turned").cloned().unwrap_or_default(),
        event_lines: events.iter().map(|e| event_words(ctx, e, &names)).collect(),
        events: events_json,
        next_seat,
        actions: game_actions(game)
            .iter()
            .map(|k| (*k, ctx.t(&format!("builder-action-{k}"))))
            .collect(),
        value_groups: value_groups(ctx, game, &deck),
        cards,
        record,
        status,
        error,
        ctx,
    })
}
