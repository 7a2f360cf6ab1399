//! Club play: start a game at a table, enter each hand (quick entry checked by the
//! rules, or a full hand record ruled by the engine), the running scoreboard,
//! corrections, export and import. Every change bumps the game's version first, so
//! two devices never overwrite each other silently, and is written to the audit log.

use std::collections::HashMap;

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::{Deserialize, Serialize};

use super::account::{now, see_other};
use super::auth::{self, Perm, Principal};
use super::{AppState, Ctx, db, parse_id, render_status};
use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::games::{self, Game, GameHand, NewGame, NewHand};
use crate::db::queries;
use crate::domain::cards::Suit;
use crate::domain::entry::{
    self, BotifarraChoice, BotifarraHand, CanteEntry, CinquilloHand, ClaimEntry, Contract,
    CuatrolaHand, EntryError, GameSetup, HandScore, QuickHand, Scoreboard, TuteEntry,
    TuteFamilyHand, TuteKind,
};
use crate::domain::{self, GameKind, Lang, Score};
use crate::error::AppError;

pub const GAME_FORMAT: &str = "baza-game/1";
/// Cante slots on the quick form (no hand has more than four marriages).
const CANTE_SLOTS: usize = 4;

fn game_kind(slug: &str) -> Result<GameKind, AppError> {
    slug.parse::<GameKind>()
        .map_err(|e| AppError::unprocessable("error-bad-game", e))
}

/// The setup of a stored game.
fn setup_of(g: &Game) -> Result<GameSetup, AppError> {
    let options: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&g.options)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("game {} options: {e}", g.id)))?;
    Ok(GameSetup {
        game: game_kind(&g.game)?,
        players: u8::try_from(g.players).unwrap_or(0),
        options,
        first_dealer: u8::try_from(g.first_dealer).unwrap_or(0),
    })
}

fn seats_of(g: &Game) -> Vec<String> {
    serde_json::from_str(&g.seats).unwrap_or_default()
}

/// The names of each side: "Ana y Carmen" in pair games, the player otherwise.
fn side_names(setup: &GameSetup, seats: &[String], lang: Lang) -> Vec<String> {
    let seating = setup.game.seating_of(setup.players, &setup.options);
    let and = match lang {
        Lang::Es => "y",
        Lang::Ca => "i",
        Lang::En => "and",
    };
    (0..seating.sides())
        .map(|side| {
            let names: Vec<&str> = (0..setup.players)
                .filter(|s| seating.side_of(*s) == side)
                .filter_map(|s| seats.get(usize::from(s)).map(String::as_str))
                .collect();
            names.join(&format!(" {and} "))
        })
        .collect()
}

/// One stored hand, as entered.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", content = "entry", rename_all = "snake_case")]
pub enum Entered {
    Quick(QuickHand),
    Full(serde_json::Value),
}

impl Entered {
    fn kind(&self) -> &'static str {
        match self {
            Entered::Quick(_) => "quick",
            Entered::Full(_) => "full",
        }
    }

    fn entry_json(&self) -> String {
        match self {
            Entered::Quick(q) => serde_json::to_string(q).unwrap_or_default(),
            Entered::Full(v) => v.to_string(),
        }
    }

    fn from_stored(h: &GameHand) -> Result<Entered, AppError> {
        let bad = |e: serde_json::Error| {
            AppError::Internal(anyhow::anyhow!(
                "hand {} of game {}: {e}",
                h.hand_no,
                h.game_id
            ))
        };
        match h.kind.as_str() {
            "full" => Ok(Entered::Full(serde_json::from_str(&h.entry).map_err(bad)?)),
            _ => Ok(Entered::Quick(serde_json::from_str(&h.entry).map_err(bad)?)),
        }
    }
}

/// Checks and scores one hand given the hands before it.
fn score_one(
    setup: &GameSetup,
    before: &[HandScore],
    dealer: u8,
    entered: &Entered,
    lang: Lang,
) -> Result<HandScore, Vec<EntryError>> {
    let totals = entry::scoreboard(setup, before).totals;
    match entered {
        Entered::Quick(q) => entry::score_hand(setup, &totals, dealer, q, lang),
        Entered::Full(v) => {
            let one = |message: String| {
                vec![EntryError {
                    field: "record".to_owned(),
                    message,
                }]
            };
            let mut v = v.clone();
            // The record carries this game's setup and score so far.
            if let Some(obj) = v.as_object_mut() {
                obj.insert("game".into(), setup.game.slug().into());
                obj.insert("players".into(), setup.players.into());
                obj.insert("dealer".into(), dealer.into());
                obj.insert("options".into(), setup.options.clone().into());
                let before: Vec<serde_json::Value> =
                    totals.iter().map(|s| serde_json::json!(s)).collect();
                obj.insert("before".into(), before.into());
            }
            let record = domain::parse_record(&v).map_err(|e| one(e.to_string()))?;
            let ruling = domain::try_rule(&record, lang).map_err(|e| one(e.to_string()))?;
            entry::hand_score_from_ruling(&record, &ruling, lang).ok_or_else(|| {
                one(match &ruling.violation {
                    Some(v) => v.message.clone(),
                    None => entry::msg::Problem::HandUndecided.render(lang),
                })
            })
        }
    }
}

/// Re-scores every hand in order. On a problem: the hand's position and errors.
fn rescore(
    setup: &GameSetup,
    hands: &[(u8, Entered)],
    lang: Lang,
) -> Result<(Vec<HandScore>, Scoreboard), (usize, Vec<EntryError>)> {
    let mut scores: Vec<HandScore> = Vec::with_capacity(hands.len());
    for (i, (dealer, entered)) in hands.iter().enumerate() {
        let s = score_one(setup, &scores, *dealer, entered, lang).map_err(|e| (i, e))?;
        scores.push(s);
    }
    let board = entry::scoreboard(setup, &scores);
    Ok((scores, board))
}

// ---------------------------------------------------------------- forms → entries

/// A submitted form: its fields, and the problems found.
#[derive(Default)]
pub struct HandForm {
    pub values: HashMap<String, String>,
    pub errors: Vec<EntryError>,
}

impl HandForm {
    pub fn v(&self, name: &str) -> &str {
        self.values.get(name).map(String::as_str).unwrap_or("")
    }

    pub fn is(&self, name: &str, value: &str) -> bool {
        self.v(name) == value
    }

    pub fn is_seat(&self, name: &str, seat: &usize) -> bool {
        self.v(name) == seat.to_string()
    }

    pub fn err(&self, name: &str) -> Option<&str> {
        self.errors
            .iter()
            .find(|e| e.field == name || e.field.starts_with(&format!("{name}[")))
            .map(|e| e.message.as_str())
    }
}

struct Reader<'a> {
    f: &'a HashMap<String, String>,
    lang: Lang,
    errors: Vec<EntryError>,
}

impl Reader<'_> {
    fn raw(&self, name: &str) -> Option<&str> {
        self.f.get(name).map(|s| s.trim()).filter(|s| !s.is_empty())
    }

    fn fail(&mut self, field: &str, key: &str) {
        self.errors.push(EntryError {
            field: field.to_owned(),
            message: super::i18n::tr(self.lang, key),
        });
    }

    fn num(&mut self, name: &str) -> Option<u32> {
        let raw = self.raw(name)?;
        match raw.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                self.fail(name, "entry-not-a-number");
                None
            }
        }
    }

    fn seat(&mut self, name: &str) -> Option<u8> {
        let n = self.num(name)?;
        match u8::try_from(n) {
            Ok(s) => Some(s),
            Err(_) => {
                self.fail(name, "entry-bad-seat");
                None
            }
        }
    }

    fn suit(&mut self, name: &str) -> Option<Suit> {
        let raw = self.raw(name)?;
        match Suit::from_letter(raw.chars().next().unwrap_or(' ')) {
            Some(s) => Some(s),
            None => {
                self.fail(name, "entry-bad-suit");
                None
            }
        }
    }

    fn required_suit(&mut self, name: &str) -> Suit {
        match self.suit(name) {
            Some(s) => s,
            None => {
                if self.raw(name).is_none() {
                    self.fail(name, "entry-required");
                }
                Suit::Oros
            }
        }
    }

    fn cantes(&mut self) -> Vec<CanteEntry> {
        (0..CANTE_SLOTS)
            .filter_map(|i| {
                let seat = self.seat(&format!("cante_seat_{i}"));
                let suit = self.suit(&format!("cante_suit_{i}"));
                match (seat, suit) {
                    (Some(seat), Some(suit)) => Some(CanteEntry { seat, suit }),
                    (None, None) => None,
                    _ => {
                        self.fail(&format!("cantes[{i}]"), "entry-cante-incomplete");
                        None
                    }
                }
            })
            .collect()
    }

    fn tute(&mut self) -> Option<TuteEntry> {
        let seat = self.seat("tute_seat")?;
        let kind = match self.raw("tute_kind") {
            Some("knights") => TuteKind::Knights,
            _ => TuteKind::Kings,
        };
        Some(TuteEntry { seat, kind })
    }
}

/// Builds the quick entry of `game` from a form.
pub fn quick_from_form(
    setup: &GameSetup,
    f: &HashMap<String, String>,
    lang: Lang,
) -> Result<QuickHand, Vec<EntryError>> {
    let mut r = Reader {
        f,
        lang,
        errors: Vec::new(),
    };
    let revoke_by = r.seat("revoke_by");
    let hand = match setup.game {
        GameKind::Cuatrola => {
            let bid = match r.raw("bid").unwrap_or("pass") {
                "solo" => Contract::Solo,
                "cuatrola" => Contract::Cuatrola,
                "quintola" => Contract::Quintola,
                _ => Contract::Pass,
            };
            QuickHand::Cuatrola(CuatrolaHand {
                trump: r.required_suit("trump"),
                bid,
                bidder: r.seat("bidder"),
                card_points_side0: r.num("card_points_side0"),
                card_points_side1: r.num("card_points_side1"),
                last_trick_side: r.seat("last_trick_side"),
                cantes: r.cantes(),
                tute: r.tute(),
                soloist_tricks: r.seat("soloist_tricks"),
                revoke_by,
            })
        }
        GameKind::Tute | GameKind::Guinote => {
            let sides = setup.game.seating_of(setup.players, &setup.options).sides();
            let hand = TuteFamilyHand {
                trump: r.required_suit("trump"),
                card_points: (0..sides)
                    .map(|s| r.num(&format!("card_points_{s}")))
                    .collect(),
                last_trick_side: r.seat("last_trick_side"),
                last_trick_seat: r.seat("last_trick_seat"),
                cantes: r.cantes(),
                tute: r.tute(),
                claim: r.seat("claim_side").map(|side| ClaimEntry {
                    side,
                    after_trick: r.seat("claim_after_trick").unwrap_or(0),
                }),
                revoke_by,
            };
            if setup.game == GameKind::Tute {
                QuickHand::Tute(hand)
            } else {
                QuickHand::Guinote(hand)
            }
        }
        GameKind::Botifarra => {
            let choice = match r.raw("choice") {
                Some("botifarra") => BotifarraChoice::Botifarra,
                _ => BotifarraChoice::Suit(r.required_suit("choice")),
            };
            let chooser = r.seat("chooser").unwrap_or_else(|| {
                r.fail("chooser", "entry-required");
                0
            });
            QuickHand::Botifarra(BotifarraHand {
                chooser,
                delegated: r.raw("delegated").is_some(),
                choice,
                doubles: r.seat("doubles").unwrap_or(0),
                points_side0: r.num("points_side0"),
                revoke_by,
            })
        }
        GameKind::Cinquillo => QuickHand::Cinquillo(CinquilloHand {
            out: r.seat("out"),
            cards_left: (0..setup.players)
                .map(|s| r.num(&format!("cards_left_{s}")).unwrap_or(0))
                .collect(),
            revoke_by,
            passes: (0..setup.players)
                .map(|s| r.num(&format!("passes_{s}")).unwrap_or(0))
                .collect(),
        }),
    };
    if r.errors.is_empty() {
        Ok(hand)
    } else {
        Err(r.errors)
    }
}

/// The form fields that show a stored quick entry again (for corrections).
pub fn form_from_quick(q: &QuickHand) -> HashMap<String, String> {
    let mut f = HashMap::new();
    let mut put = |k: &str, v: String| {
        f.insert(k.to_owned(), v);
    };
    let opt = |v: Option<u8>| v.map(|x| x.to_string()).unwrap_or_default();
    let cantes = |put: &mut dyn FnMut(&str, String), cs: &[CanteEntry]| {
        for (i, c) in cs.iter().enumerate() {
            put(&format!("cante_seat_{i}"), c.seat.to_string());
            put(&format!("cante_suit_{i}"), c.suit.letter().to_string());
        }
    };
    match q {
        QuickHand::Cuatrola(h) => {
            put("trump", h.trump.letter().to_string());
            let bid = match h.bid {
                Contract::Pass => "pass",
                Contract::Solo => "solo",
                Contract::Cuatrola => "cuatrola",
                Contract::Quintola => "quintola",
            };
            put("bid", bid.to_owned());
            put("bidder", opt(h.bidder));
            put(
                "card_points_side0",
                h.card_points_side0
                    .map(|p| p.to_string())
                    .unwrap_or_default(),
            );
            put(
                "card_points_side1",
                h.card_points_side1
                    .map(|p| p.to_string())
                    .unwrap_or_default(),
            );
            put("last_trick_side", opt(h.last_trick_side));
            put("soloist_tricks", opt(h.soloist_tricks));
            put("revoke_by", opt(h.revoke_by));
            if let Some(t) = h.tute {
                put("tute_seat", t.seat.to_string());
            }
            cantes(&mut put, &h.cantes);
        }
        QuickHand::Tute(h) | QuickHand::Guinote(h) => {
            put("trump", h.trump.letter().to_string());
            for (i, p) in h.card_points.iter().enumerate() {
                put(
                    &format!("card_points_{i}"),
                    p.map(|x| x.to_string()).unwrap_or_default(),
                );
            }
            put("last_trick_side", opt(h.last_trick_side));
            put("last_trick_seat", opt(h.last_trick_seat));
            put("revoke_by", opt(h.revoke_by));
            if let Some(t) = h.tute {
                put("tute_seat", t.seat.to_string());
                let kind = if t.kind == TuteKind::Knights {
                    "knights"
                } else {
                    "kings"
                };
                put("tute_kind", kind.to_owned());
            }
            if let Some(c) = h.claim {
                put("claim_side", c.side.to_string());
                put("claim_after_trick", c.after_trick.to_string());
            }
            cantes(&mut put, &h.cantes);
        }
        QuickHand::Botifarra(h) => {
            put("chooser", h.chooser.to_string());
            if h.delegated {
                put("delegated", "on".to_owned());
            }
            let choice = match h.choice {
                BotifarraChoice::Botifarra => "botifarra".to_owned(),
                BotifarraChoice::Suit(s) => s.letter().to_string(),
            };
            put("choice", choice);
            put("doubles", h.doubles.to_string());
            put(
                "points_side0",
                h.points_side0.map(|p| p.to_string()).unwrap_or_default(),
            );
            put("revoke_by", opt(h.revoke_by));
        }
        QuickHand::Cinquillo(h) => {
            put("out", opt(h.out));
            for (i, c) in h.cards_left.iter().enumerate() {
                put(&format!("cards_left_{i}"), c.to_string());
            }
            for (i, p) in h.passes.iter().enumerate() {
                put(&format!("passes_{i}"), p.to_string());
            }
            put("revoke_by", opt(h.revoke_by));
        }
    }
    f
}

// ---------------------------------------------------------------- pages

pub struct Line {
    pub no: i32,
    pub dealer: String,
    pub kind: String,
    pub notes: String,
    pub points: Vec<String>,
    pub running: Vec<String>,
}

fn show(s: &Score) -> String {
    match s.whole() {
        Some(n) => n.to_string(),
        None => format!("{:.1}", s.as_f64()),
    }
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage<'a> {
    ctx: &'a Ctx,
    game: Game,
    game_name: String,
    sides: Vec<String>,
    lines: Vec<Line>,
    totals: Vec<String>,
    winner: Option<String>,
    next_dealer: Option<String>,
    deal: u8,
    can_record: bool,
    pin: Option<String>,
    error: Option<String>,
    series: Option<SeriesView>,
}

/// A match of several partidas, as the game page shows it.
pub struct SeriesView {
    pub best_of: i32,
    /// Partidas won per side.
    pub wins: Vec<i32>,
    /// (game id, winner's name) of each partida so far.
    pub games: Vec<(i32, Option<String>)>,
    pub winner: Option<String>,
    /// This game is over and the match is not: another partida is due.
    pub next_due: bool,
}

impl SeriesView {
    pub fn score(&self) -> String {
        self.wins
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(" – ")
    }
}

/// The state of a match from its games (pure).
fn series_view(list: &[Game], current: &Game, sides: &[String]) -> SeriesView {
    let mut wins = vec![0; sides.len()];
    for g in list {
        if let Some(w) = g.winner.and_then(|w| usize::try_from(w).ok())
            && let Some(slot) = wins.get_mut(w)
        {
            *slot += 1;
        }
    }
    let needed = current.best_of / 2 + 1;
    let winner = wins
        .iter()
        .position(|w| *w >= needed)
        .and_then(|i| sides.get(i).cloned());
    let is_last = list.last().is_some_and(|g| g.id == current.id);
    SeriesView {
        best_of: current.best_of,
        games: list
            .iter()
            .map(|g| {
                let w = g
                    .winner
                    .and_then(|w| usize::try_from(w).ok())
                    .and_then(|w| sides.get(w).cloned());
                (g.id, w)
            })
            .collect(),
        next_due: winner.is_none() && is_last && current.status == "finished",
        winner,
        wins,
    }
}

struct Loaded {
    game: Game,
    setup: GameSetup,
    seats: Vec<String>,
    hands: Vec<GameHand>,
    entered: Vec<(u8, Entered)>,
}

fn load(conn: &mut DbConn, id: i32) -> Result<Loaded, AppError> {
    let game = games::find_game(conn, id)?.ok_or(AppError::NotFound)?;
    let hands = games::game_hands(conn, id)?;
    let setup = setup_of(&game)?;
    let entered = hands
        .iter()
        .map(|h| {
            Ok((
                u8::try_from(h.dealer).unwrap_or(0),
                Entered::from_stored(h)?,
            ))
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    Ok(Loaded {
        seats: seats_of(&game),
        game,
        setup,
        hands,
        entered,
    })
}

fn record_perm(g: &Game) -> Perm {
    Perm::RecordGame {
        club_id: g.club_id,
        game_id: g.id,
    }
}

async fn game_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let l = db(state, move |conn| load(conn, id)).await?;
    let ctx = Ctx::from_request(req);
    let (scores, board) = rescore(&l.setup, &l.entered, ctx.lang).map_err(|(i, e)| {
        AppError::Internal(anyhow::anyhow!(
            "game {id}: stored hand {} no longer scores: {e:?}",
            i + 1
        ))
    })?;
    let sides = side_names(&l.setup, &l.seats, ctx.lang);
    let seat_name = |s: u8| l.seats.get(usize::from(s)).cloned().unwrap_or_default();
    let lines = l
        .hands
        .iter()
        .zip(&scores)
        .zip(&board.running)
        .map(|((h, s), run)| Line {
            no: h.hand_no,
            dealer: seat_name(u8::try_from(h.dealer).unwrap_or(0)),
            kind: h.kind.clone(),
            notes: s.notes.join(" · "),
            points: s.hand_points.iter().map(show).collect(),
            running: run.iter().map(show).collect(),
        })
        .collect();
    let staff = who.user.is_some() && who.allows(record_perm(&l.game));
    let series = if l.game.best_of > 1 {
        let first = l.game.series_id.unwrap_or(l.game.id);
        let list = db(state, move |conn| Ok(games::series_games(conn, first)?)).await?;
        Some(series_view(&list, &l.game, &sides))
    } else {
        None
    };
    render_status(
        &GamePage {
            game_name: ctx.t(&format!("game-{}", l.setup.game.slug())),
            totals: board.totals.iter().map(show).collect(),
            winner: board
                .game_over
                .as_ref()
                .and_then(|g| sides.get(usize::from(g.winner)).cloned()),
            next_dealer: board.next_dealer.map(seat_name),
            deal: board.deal,
            can_record: who.allows(record_perm(&l.game)),
            pin: staff.then(|| l.game.pin.clone()),
            sides,
            lines,
            error,
            series,
            game: l.game,
            ctx: &ctx,
        },
        status,
    )
}

/// `POST /partidas/{id}/siguiente`: the next partida of a match, same table and
/// options, the deal passing on. A second tap finds the game already created.
pub async fn next_game(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let l = db(&state, move |conn| load(conn, id)).await?;
    who.require(record_perm(&l.game), req.path())?;
    let actor = who.actor();
    let lang = super::i18n::negotiate(&req);
    let next = db(&state, move |conn| {
        crate::db::write_tx(conn, |conn| {
            let first = l.game.series_id.unwrap_or(l.game.id);
            let list = games::series_games(conn, first)?;
            if let Some(later) = list.iter().find(|g| g.id > l.game.id) {
                return Ok(later.id);
            }
            let sides = side_names(&l.setup, &l.seats, lang);
            let view = series_view(&list, &l.game, &sides);
            if !view.next_due {
                return Err(AppError::Conflict {
                    key: "error-no-next-game",
                    detail: String::new(),
                });
            }
            let mut setup = l.setup.clone();
            setup.first_dealer = (l.setup.first_dealer + 1) % l.setup.players.max(1);
            create_game(
                conn,
                l.game.club_id,
                &setup,
                &l.seats,
                &actor,
                SeriesOf(Some(first), l.game.best_of),
            )
        })
    })
    .await?;
    Ok(see_other(&format!("/partidas/{next}")))
}

pub async fn show_game(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    game_page(&req, &state, &who, id, None, StatusCode::OK).await
}

#[derive(Template)]
#[template(path = "hand_form.html")]
struct HandPage<'a> {
    ctx: &'a Ctx,
    game: Game,
    title: String,
    game_slug: &'static str,
    sides: Vec<(usize, String)>,
    seats: Vec<(usize, String)>,
    form: HandForm,
    hand_no: Option<i32>,
    dealer: String,
    dealer_seat: u8,
    players: u8,
    version: i32,
    submission: String,
    slots: Vec<usize>,
    full_record: String,
}

/// What the hand form shows besides the game: which hand (None: a new one), what
/// was typed, and the status to answer with.
struct HandView {
    hand_no: Option<i32>,
    form: Option<HandForm>,
    full_record: String,
    status: StatusCode,
}

impl HandView {
    fn fresh(hand_no: Option<i32>) -> HandView {
        HandView {
            hand_no,
            form: None,
            full_record: String::new(),
            status: StatusCode::OK,
        }
    }
}

async fn hand_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    view: HandView,
) -> Result<HttpResponse, AppError> {
    let HandView {
        hand_no,
        form,
        full_record,
        status,
    } = view;
    let l = db(state, move |conn| load(conn, id)).await?;
    who.require(record_perm(&l.game), req.path())?;
    let ctx = Ctx::from_request(req);
    let (_, board) = rescore(&l.setup, &l.entered, ctx.lang)
        .map_err(|(i, e)| AppError::Internal(anyhow::anyhow!("hand {i}: {e:?}")))?;
    let (dealer, form) = match hand_no {
        Some(n) => {
            let h = l
                .hands
                .iter()
                .zip(&l.entered)
                .find(|(h, _)| h.hand_no == n)
                .ok_or(AppError::NotFound)?;
            let values = match &h.1.1 {
                Entered::Quick(q) => form_from_quick(q),
                Entered::Full(_) => HashMap::new(),
            };
            (
                u8::try_from(h.0.dealer).unwrap_or(0),
                form.unwrap_or(HandForm {
                    values,
                    errors: Vec::new(),
                }),
            )
        }
        None => {
            if board.game_over.is_some() {
                return Err(AppError::Conflict {
                    key: "error-game-over",
                    detail: String::new(),
                });
            }
            (board.next_dealer.unwrap_or(0), form.unwrap_or_default())
        }
    };
    let side_list = side_names(&l.setup, &l.seats, ctx.lang);
    render_status(
        &HandPage {
            title: side_list.join(" – "),
            game_slug: l.setup.game.slug(),
            sides: side_list.into_iter().enumerate().collect(),
            seats: l.seats.iter().cloned().enumerate().collect(),
            dealer: l
                .seats
                .get(usize::from(dealer))
                .cloned()
                .unwrap_or_default(),
            dealer_seat: dealer,
            players: l.setup.players,
            version: l.game.version,
            submission: auth::random_hex(16)?,
            slots: (0..CANTE_SLOTS).collect(),
            game: l.game,
            form,
            hand_no,
            full_record,
            ctx: &ctx,
        },
        status,
    )
}

pub async fn new_hand_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    hand_page(&req, &state, &who, id, HandView::fresh(None)).await
}

pub async fn edit_hand_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = (parse_id(&path.0)?, parse_id(&path.1)?);
    hand_page(&req, &state, &who, id, HandView::fresh(Some(n))).await
}

/// What a hand submission asks for.
enum Change {
    Add {
        dealer: u8,
        entered: Entered,
        submission: String,
    },
    Replace {
        hand_no: i32,
        entered: Entered,
    },
    Remove {
        hand_no: i32,
    },
}

enum Outcome {
    Saved,
    /// Someone changed the game first; nothing was written.
    Stale,
    /// The change would make hand `.0` (1-based position) impossible.
    Invalid(usize, Vec<EntryError>),
    /// A double-tapped submit: the first one was saved, this one is ignored.
    Duplicate,
    /// The game is over: no new hands.
    Over,
}

/// Applies one change to a game, atomically: version check, re-scoring of every
/// hand, the game's status, and the audit entry.
fn apply_change(
    conn: &mut DbConn,
    id: i32,
    version: i32,
    change: Change,
    actor: &str,
    lang: Lang,
) -> Result<Outcome, AppError> {
    crate::db::write_tx(conn, |conn| {
        if let Change::Add { submission, .. } = &change
            && games::submission_exists(conn, submission)?
        {
            return Ok(Outcome::Duplicate);
        }
        let l = load(conn, id)?;
        if !games::bump_version(conn, id, version, now())? {
            return Ok(Outcome::Stale);
        }
        if matches!(change, Change::Add { .. }) && l.game.status == "finished" {
            return Err(AppError::Conflict {
                key: "error-game-over",
                detail: String::new(),
            });
        }
        let mut hands = l.entered.clone();
        let position = |n: i32| l.hands.iter().position(|h| h.hand_no == n);
        let (action, before, after, hand_no) = match &change {
            Change::Add {
                dealer, entered, ..
            } => {
                hands.push((*dealer, entered.clone()));
                let no = l.hands.last().map_or(1, |h| h.hand_no + 1);
                ("create", None, Some(entered.entry_json()), no)
            }
            Change::Replace { hand_no, entered } => {
                let i = position(*hand_no).ok_or(AppError::NotFound)?;
                let old = hands[i].1.entry_json();
                hands[i].1 = entered.clone();
                ("update", Some(old), Some(entered.entry_json()), *hand_no)
            }
            Change::Remove { hand_no } => {
                let i = position(*hand_no).ok_or(AppError::NotFound)?;
                let old = hands.remove(i).1.entry_json();
                ("delete", Some(old), None, *hand_no)
            }
        };
        let (scores, board) = match rescore(&l.setup, &hands, lang) {
            Ok(v) => v,
            Err((i, errors)) => {
                // Nothing of this change may stay: roll back the version bump too.
                return Err(AppError::Invalid(i + 1, errors));
            }
        };
        let t = now();
        match &change {
            Change::Add {
                dealer,
                entered,
                submission,
            } => {
                let score = scores.last().ok_or(AppError::NotFound)?;
                games::insert_hand(
                    conn,
                    &NewHand {
                        game_id: id,
                        hand_no,
                        kind: entered.kind(),
                        dealer: i32::from(*dealer),
                        entry: &entered.entry_json(),
                        score: &serde_json::to_string(score).unwrap_or_default(),
                        submission,
                        created_at: t,
                        updated_at: t,
                    },
                )?;
            }
            Change::Replace { .. } | Change::Remove { .. } => {}
        }
        // Store every hand's fresh score (a correction changes those after it).
        let stored = games::game_hands(conn, id)?;
        if let Change::Remove { hand_no } = &change
            && let Some(h) = stored.iter().find(|h| h.hand_no == *hand_no)
        {
            games::delete_hand(conn, h.id)?;
        }
        let remaining: Vec<&GameHand> = stored
            .iter()
            .filter(|h| !matches!(&change, Change::Remove { hand_no } if h.hand_no == *hand_no))
            .collect();
        for ((h, s), (_, e)) in remaining.iter().zip(&scores).zip(&hands) {
            let (kind, entry) = (e.kind(), e.entry_json());
            let score = serde_json::to_string(s).unwrap_or_default();
            // Only what changed is written: a new hand leaves the earlier ones as
            // they were, so saving one costs the same however long the game is.
            if (h.kind.as_str(), h.entry.as_str(), h.score.as_str())
                != (kind, entry.as_str(), score.as_str())
            {
                games::update_hand(conn, h.id, kind, &entry, &score, t)?;
            }
        }
        let (status, winner) = match &board.game_over {
            Some(g) => ("finished", Some(i32::from(g.winner))),
            None => ("playing", None),
        };
        games::set_outcome(conn, id, status, winner)?;
        accounts::insert_audit(
            conn,
            &NewAudit {
                at: t,
                actor,
                action,
                // The hand is named by its game (entity_id) and its number (in the JSON).
                entity: "hand",
                entity_id: id,
                club_id: Some(l.game.club_id),
                event_id: None,
                before_json: before.map(|b| hand_json(id, hand_no, &b)),
                after_json: after.map(|a| hand_json(id, hand_no, &a)),
            },
        )?;
        Ok(Outcome::Saved)
    })
    .or_else(|e| match e {
        AppError::Invalid(i, errors) => Ok(Outcome::Invalid(i, errors)),
        AppError::Conflict {
            key: "error-game-over",
            ..
        } => Ok(Outcome::Over),
        other => Err(other),
    })
}

/// An audit snapshot of a hand: its game, its number and what was entered.
fn hand_json(game: i32, hand: i32, entry: &str) -> String {
    let entry: serde_json::Value = serde_json::from_str(entry).unwrap_or_default();
    serde_json::json!({"game": game, "hand": hand, "entry": entry}).to_string()
}

/// The fields of a posted form, repeated keys allowed.
fn fields(body: &web::Bytes) -> Result<HashMap<String, String>, AppError> {
    serde_html_form::from_bytes::<Vec<(String, String)>>(body)
        .map(|v| v.into_iter().collect())
        .map_err(|e| AppError::bad_request("error-bad-request", e.to_string()))
}

async fn save_hand(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    id: i32,
    hand_no: Option<i32>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let f = fields(&body)?;
    let l = db(&state, move |conn| load(conn, id)).await?;
    who.require(record_perm(&l.game), req.path())?;
    let lang = super::i18n::negotiate(&req);
    let version = f
        .get("version")
        .and_then(|v| v.trim().parse::<i32>().ok())
        .ok_or_else(|| AppError::bad_request("error-bad-request", "version"))?;
    let full = f
        .get("record")
        .map(|r| r.trim().to_owned())
        .filter(|r| !r.is_empty());
    let entered = match &full {
        Some(text) => serde_json::from_str::<serde_json::Value>(text)
            .map(Entered::Full)
            .map_err(|e| {
                vec![EntryError {
                    field: "record".into(),
                    message: format!("JSON: {e}"),
                }]
            }),
        None => quick_from_form(&l.setup, &f, lang).map(Entered::Quick),
    };
    let again = |errors: Vec<EntryError>, status: StatusCode, f: HashMap<String, String>| {
        let full = f.get("record").cloned().unwrap_or_default();
        let req = req.clone();
        let state = state.clone();
        let who = who.clone();
        async move {
            let view = HandView {
                hand_no,
                form: Some(HandForm { values: f, errors }),
                full_record: full,
                status,
            };
            hand_page(&req, &state, &who, id, view).await
        }
    };
    let entered = match entered {
        Ok(e) => e,
        Err(errors) => return again(errors, StatusCode::UNPROCESSABLE_ENTITY, f).await,
    };
    let change = match hand_no {
        Some(n) => Change::Replace {
            hand_no: n,
            entered,
        },
        None => {
            let totals = rescore(&l.setup, &l.entered, lang)
                .map(|(_, b)| b)
                .map_err(|(i, e)| AppError::Internal(anyhow::anyhow!("hand {i}: {e:?}")))?;
            Change::Add {
                dealer: totals.next_dealer.unwrap_or(0),
                entered,
                submission: f
                    .get("submission")
                    .cloned()
                    .filter(|s| !s.is_empty() && s.len() <= 64)
                    .ok_or_else(|| AppError::bad_request("error-bad-request", "submission"))?,
            }
        }
    };
    let actor = who.actor();
    let outcome = db(&state, move |conn| {
        apply_change(conn, id, version, change, &actor, lang)
    })
    .await?;
    match outcome {
        Outcome::Saved | Outcome::Duplicate => Ok(see_other(&format!("/partidas/{id}"))),
        Outcome::Stale => {
            let ctx = Ctx::from_request(&req);
            game_page(
                &req,
                &state,
                &who,
                id,
                Some(ctx.t("game-stale")),
                StatusCode::CONFLICT,
            )
            .await
        }
        Outcome::Over => {
            let ctx = Ctx::from_request(&req);
            game_page(
                &req,
                &state,
                &who,
                id,
                Some(ctx.t("error-game-over")),
                StatusCode::CONFLICT,
            )
            .await
        }
        Outcome::Invalid(position, errors) => {
            let this = hand_no.map_or(l.hands.len() + 1, |n| {
                l.hands
                    .iter()
                    .position(|h| h.hand_no == n)
                    .map_or(0, |p| p + 1)
            });
            let errors = if position == this {
                errors
            } else {
                // The change is fine itself but breaks a later hand (a bid cap, say).
                let ctx = Ctx::from_request(&req);
                let mut e = vec![EntryError {
                    field: "later".into(),
                    message: ctx.t1("entry-breaks-later", "n", &position),
                }];
                e.extend(errors);
                e
            };
            again(errors, StatusCode::UNPROCESSABLE_ENTITY, f).await
        }
    }
}

pub async fn post_hand(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    save_hand(req, state, who, id, None, body).await
}

pub async fn post_edit_hand(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (id, n) = (parse_id(&path.0)?, parse_id(&path.1)?);
    save_hand(req, state, who, id, Some(n), body).await
}

#[derive(Deserialize)]
pub struct VersionForm {
    version: i32,
}

pub async fn delete_hand(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
    form: web::Form<VersionForm>,
) -> Result<HttpResponse, AppError> {
    let (id, n) = (parse_id(&path.0)?, parse_id(&path.1)?);
    let game = db(&state, move |conn| {
        games::find_game(conn, id)?.ok_or(AppError::NotFound)
    })
    .await?;
    who.require(record_perm(&game), req.path())?;
    let lang = super::i18n::negotiate(&req);
    let actor = who.actor();
    let version = form.version;
    let outcome = db(&state, move |conn| {
        apply_change(
            conn,
            id,
            version,
            Change::Remove { hand_no: n },
            &actor,
            lang,
        )
    })
    .await?;
    let ctx = Ctx::from_request(&req);
    match outcome {
        Outcome::Saved | Outcome::Duplicate => Ok(see_other(&format!("/partidas/{id}"))),
        Outcome::Stale => {
            game_page(
                &req,
                &state,
                &who,
                id,
                Some(ctx.t("game-stale")),
                StatusCode::CONFLICT,
            )
            .await
        }
        Outcome::Over => {
            game_page(
                &req,
                &state,
                &who,
                id,
                Some(ctx.t("error-game-over")),
                StatusCode::CONFLICT,
            )
            .await
        }
        Outcome::Invalid(position, _) => {
            let msg = ctx.t1("entry-breaks-later", "n", &position);
            game_page(
                &req,
                &state,
                &who,
                id,
                Some(msg),
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
    }
}

// ---------------------------------------------------------------- new game

#[derive(Template)]
#[template(path = "game_new.html")]
struct NewGamePage<'a> {
    ctx: &'a Ctx,
    club: queries::Club,
    game: Option<&'static str>,
    games: Vec<(&'static str, String)>,
    options: Vec<OptionField>,
    players: Vec<String>,
    counts: Vec<u8>,
    form: HandForm,
}

pub struct OptionField {
    pub name: &'static str,
    pub doc: &'static str,
    pub values: Vec<(String, bool)>,
}

fn option_fields(game: GameKind, chosen: &HashMap<String, String>) -> Vec<OptionField> {
    use crate::domain::options::{OptionKind, OptionValue};
    domain::options::specs(game)
        .iter()
        .map(|spec| {
            let default = match spec.default {
                OptionValue::Bool(b) => b.to_string(),
                OptionValue::Int(i) => i.to_string(),
                OptionValue::Choice(c) => c.to_owned(),
            };
            let current = chosen
                .get(&format!("opt_{}", spec.name))
                .cloned()
                .unwrap_or(default);
            let values: Vec<String> = match spec.kind {
                OptionKind::Bool => vec!["true".into(), "false".into()],
                OptionKind::Int(v) => v.iter().map(|i| i.to_string()).collect(),
                OptionKind::Choice(v) => v.iter().map(|c| (*c).to_owned()).collect(),
            };
            OptionField {
                name: spec.name,
                doc: spec.doc,
                values: values
                    .into_iter()
                    .map(|v| {
                        let sel = v == current;
                        (v, sel)
                    })
                    .collect(),
            }
        })
        .collect()
}

#[derive(Deserialize)]
pub struct NewGameQuery {
    juego: Option<String>,
}

async fn new_game_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    club_id: i32,
    game: Option<GameKind>,
    form: HandForm,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (club, players) = db(state, move |conn| {
        let club = queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
        Ok((club, queries::club_players(conn, club_id)?))
    })
    .await?;
    let ctx = Ctx::from_request(req);
    render_status(
        &NewGamePage {
            games: GameKind::ALL
                .iter()
                .map(|g| (g.slug(), ctx.t(&format!("game-{}", g.slug()))))
                .collect(),
            options: game
                .map(|g| option_fields(g, &form.values))
                .unwrap_or_default(),
            counts: game
                .map(|g| (2..=4).filter(|n| g.valid_players(*n)).collect())
                .unwrap_or_default(),
            game: game.map(GameKind::slug),
            players: players.into_iter().map(|p| p.name).collect(),
            club,
            form,
            ctx: &ctx,
        },
        status,
    )
}

pub async fn new_game_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    query: web::Query<NewGameQuery>,
) -> Result<HttpResponse, AppError> {
    let club_id = parse_id(&path)?;
    who.require(Perm::CreateGame(club_id), req.path())?;
    let game = match query.juego.as_deref() {
        Some(g) => Some(game_kind(g)?),
        None => None,
    };
    new_game_page(
        &req,
        &state,
        club_id,
        game,
        HandForm::default(),
        StatusCode::OK,
    )
    .await
}

/// Reads the new-game form into a setup and the seat names.
fn setup_from_form(
    game: GameKind,
    f: &HashMap<String, String>,
    lang: Lang,
) -> Result<(GameSetup, Vec<String>), Vec<EntryError>> {
    let mut errors = Vec::new();
    let mut fail = |field: &str, key: &str| {
        errors.push(EntryError {
            field: field.to_owned(),
            message: super::i18n::tr(lang, key),
        })
    };
    let players = f
        .get("players")
        .and_then(|p| p.trim().parse::<u8>().ok())
        .filter(|n| game.valid_players(*n));
    let Some(players) = players else {
        fail("players", "entry-bad-players");
        return Err(errors);
    };
    let seats: Vec<String> = (0..players)
        .map(|s| {
            f.get(&format!("seat_{s}"))
                .map(|n| n.trim().to_owned())
                .unwrap_or_default()
        })
        .collect();
    for (i, name) in seats.iter().enumerate() {
        if name.is_empty() || name.chars().count() > 80 {
            fail(&format!("seat_{i}"), "entry-seat-name");
        } else if seats[..i].contains(name) {
            fail(&format!("seat_{i}"), "entry-seat-twice");
        }
    }
    let first_dealer = f
        .get("first_dealer")
        .and_then(|d| d.trim().parse::<u8>().ok())
        .unwrap_or(0);
    let mut options = serde_json::Map::new();
    for spec in domain::options::specs(game) {
        if let Some(raw) = f.get(&format!("opt_{}", spec.name)) {
            let v = match raw.as_str() {
                "true" => serde_json::Value::Bool(true),
                "false" => serde_json::Value::Bool(false),
                s => s
                    .parse::<i64>()
                    .map(serde_json::Value::from)
                    .unwrap_or_else(|_| serde_json::Value::String(s.to_owned())),
            };
            if spec.parse(&v).map(|p| p.to_json()) != Some(spec.default.to_json()) {
                options.insert(spec.name.to_owned(), v);
            }
        }
    }
    let setup = GameSetup {
        game,
        players,
        options,
        first_dealer,
    };
    if let Err(e) = entry::validate_setup(&setup, lang) {
        errors.extend(e);
    }
    if errors.is_empty() {
        Ok((setup, seats))
    } else {
        Err(errors)
    }
}

/// Which match a new game belongs to: `(first game of the match, best of)`.
#[derive(Clone, Copy)]
struct SeriesOf(Option<i32>, i32);

const SINGLE: SeriesOf = SeriesOf(None, 1);

fn create_game(
    conn: &mut DbConn,
    club_id: i32,
    setup: &GameSetup,
    seats: &[String],
    actor: &str,
    series: SeriesOf,
) -> Result<i32, AppError> {
    let pin = auth::random_hex(4)?
        .chars()
        .filter_map(|c| c.to_digit(16))
        .map(|d| char::from(b'0' + (d % 10) as u8))
        .take(4)
        .collect::<String>();
    let t = now();
    let options = serde_json::Value::Object(setup.options.clone()).to_string();
    let seats_json = serde_json::to_string(seats).unwrap_or_default();
    Ok(crate::db::write_tx(conn, |conn| {
        let id = games::insert_game(
            conn,
            &NewGame {
                club_id,
                game: setup.game.slug(),
                players: i32::from(setup.players),
                options: &options,
                first_dealer: i32::from(setup.first_dealer),
                seats: &seats_json,
                status: "playing",
                pin: &pin,
                created_by: actor,
                created_at: t,
                updated_at: t,
                series_id: series.0,
                best_of: series.1,
            },
        )?;
        accounts::insert_audit(
            conn,
            &NewAudit {
                at: t,
                actor,
                action: "create",
                entity: "game",
                entity_id: id,
                club_id: Some(club_id),
                event_id: None,
                before_json: None,
                after_json: Some(
                    serde_json::json!({"game": setup.game.slug(), "players": setup.players, "seats": seats, "options": setup.options}).to_string(),
                ),
            },
        )?;
        Ok::<i32, diesel::result::Error>(id)
    })?)
}

pub async fn post_new_game(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let club_id = parse_id(&path)?;
    who.require(Perm::CreateGame(club_id), req.path())?;
    let f = fields(&body)?;
    let game = game_kind(f.get("game").map(String::as_str).unwrap_or(""))?;
    let lang = super::i18n::negotiate(&req);
    match setup_from_form(game, &f, lang) {
        Err(errors) => {
            new_game_page(
                &req,
                &state,
                club_id,
                Some(game),
                HandForm { values: f, errors },
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
        Ok((setup, seats)) => {
            let actor = who.actor();
            let best_of = f
                .get("best_of")
                .and_then(|b| b.trim().parse::<i32>().ok())
                .filter(|b| [1, 3, 5].contains(b))
                .unwrap_or(1);
            let series = SeriesOf(None, best_of);
            // Names typed on the spot join the club's players (when the person
            // starting the game may add players).
            let add_players = who.allows(Perm::ManageClub(club_id));
            let id = db(&state, move |conn| {
                queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
                crate::db::write_tx(conn, |conn| {
                    if add_players {
                        let known: Vec<String> = queries::club_players(conn, club_id)?
                            .into_iter()
                            .map(|p| p.name)
                            .collect();
                        for name in seats.iter().filter(|n| !known.contains(n)) {
                            // In a savepoint: another table may add the same name at
                            // the same moment (PostgreSQL), which is no error.
                            let inserted = diesel::Connection::transaction::<
                                _,
                                diesel::result::Error,
                                _,
                            >(conn, |c| {
                                queries::insert_player(
                                    c,
                                    &queries::NewPlayer {
                                        club_id,
                                        name,
                                        created_at: now(),
                                    },
                                )
                            });
                            let pid = match inserted {
                                Ok(pid) => pid,
                                Err(diesel::result::Error::DatabaseError(
                                    diesel::result::DatabaseErrorKind::UniqueViolation,
                                    _,
                                )) => continue,
                                Err(e) => return Err(e.into()),
                            };
                            accounts::insert_audit(
                                conn,
                                &NewAudit {
                                    at: now(),
                                    actor: &actor,
                                    action: "create",
                                    entity: "player",
                                    entity_id: pid,
                                    club_id: Some(club_id),
                                    event_id: None,
                                    before_json: None,
                                    after_json: Some(
                                        serde_json::json!({ "name": name }).to_string(),
                                    ),
                                },
                            )?;
                        }
                    }
                    create_game(conn, club_id, &setup, &seats, &actor, series)
                })
            })
            .await?;
            Ok(see_other(&format!("/partidas/{id}")))
        }
    }
}

// ---------------------------------------------------------------- PIN, export, import

#[derive(Deserialize)]
pub struct PinForm {
    pin: String,
}

/// `POST /partidas/{id}/pin`: a scorekeeper without an account types the game's PIN.
pub async fn game_pin(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<String>,
    form: web::Form<PinForm>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let pin = form.into_inner().pin.trim().to_owned();
    let addr = super::requests::client_address(&req);
    let ok = db(&state, move |conn| {
        let game = games::find_game(conn, id)?.ok_or(AppError::NotFound)?;
        match auth::check_pin(conn, &format!("game:{id}"), &addr, Some(&game.pin), &pin)? {
            Ok(()) => Ok(true),
            Err(StatusCode::TOO_MANY_REQUESTS) => Err(AppError::TooManyRequests),
            Err(_) => Ok(false),
        }
    })
    .await?;
    if ok {
        auth::grant(&session, auth::S_GAMES, id)?;
        return Ok(see_other(&format!("/partidas/{id}")));
    }
    let ctx = Ctx::from_request(&req);
    game_page(
        &req,
        &state,
        &who,
        id,
        Some(ctx.t("table-wrong-pin")),
        StatusCode::UNAUTHORIZED,
    )
    .await
}

/// The exchange format of a game: its setup and every hand as entered.
#[derive(Debug, Serialize, Deserialize)]
pub struct GameFile {
    pub format: String,
    pub game: GameKind,
    pub players: u8,
    pub options: serde_json::Map<String, serde_json::Value>,
    pub first_dealer: u8,
    pub seats: Vec<String>,
    pub hands: Vec<HandFile>,
    /// Computed, for readers; ignored on import (recomputed).
    #[serde(default)]
    pub scoreboard: Option<Scoreboard>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct HandFile {
    pub dealer: u8,
    #[serde(flatten)]
    pub entered: Entered,
    #[serde(default)]
    pub score: Option<HandScore>,
}

pub async fn export_game(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let l = db(&state, move |conn| load(conn, id)).await?;
    let lang = super::i18n::negotiate(&req);
    let (scores, board) = rescore(&l.setup, &l.entered, lang)
        .map_err(|(i, e)| AppError::Internal(anyhow::anyhow!("hand {i}: {e:?}")))?;
    let file = GameFile {
        format: GAME_FORMAT.to_owned(),
        game: l.setup.game,
        players: l.setup.players,
        options: l.setup.options.clone(),
        first_dealer: l.setup.first_dealer,
        seats: l.seats,
        hands: l
            .entered
            .into_iter()
            .zip(scores)
            .map(|((dealer, entered), score)| HandFile {
                dealer,
                entered,
                score: Some(score),
            })
            .collect(),
        scoreboard: Some(board),
    };
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"partida-{id}.json\""),
        ))
        .json(file))
}

#[derive(Deserialize)]
pub struct ImportForm {
    file: String,
}

/// `POST /clubes/{id}/partidas/importar`: a game file becomes a new game, every
/// hand re-checked; a single bad hand refuses the whole file.
pub async fn import_game(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    form: web::Form<ImportForm>,
) -> Result<HttpResponse, AppError> {
    let club_id = parse_id(&path)?;
    who.require(Perm::CreateGame(club_id), req.path())?;
    let lang = super::i18n::negotiate(&req);
    let file: GameFile = serde_json::from_str(&form.file)
        .map_err(|e| AppError::unprocessable("error-bad-game-file", e.to_string()))?;
    if file.format != GAME_FORMAT {
        return Err(AppError::unprocessable(
            "error-bad-game-file",
            format!("format: expected {GAME_FORMAT}"),
        ));
    }
    let setup = GameSetup {
        game: file.game,
        players: file.players,
        options: file.options,
        first_dealer: file.first_dealer,
    };
    entry::validate_setup(&setup, lang).map_err(|e| {
        AppError::unprocessable(
            "error-bad-game-file",
            e.iter()
                .map(|x| format!("{}: {}", x.field, x.message))
                .collect::<Vec<_>>()
                .join("; "),
        )
    })?;
    if file.seats.len() != usize::from(file.players)
        || file.seats.iter().any(|s| s.trim().is_empty())
    {
        return Err(AppError::unprocessable("error-bad-game-file", "seats"));
    }
    let hands: Vec<(u8, Entered)> = file
        .hands
        .into_iter()
        .map(|h| (h.dealer, h.entered))
        .collect();
    if let Err((i, e)) = rescore(&setup, &hands, lang) {
        return Err(AppError::unprocessable(
            "error-bad-game-file",
            format!(
                "hand {}: {}",
                i + 1,
                e.iter()
                    .map(|x| format!("{}: {}", x.field, x.message))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        ));
    }
    let actor = who.actor();
    let seats = file.seats;
    let id = db(&state, move |conn| {
        queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
        crate::db::write_tx(conn, |conn| {
            let id = create_game(conn, club_id, &setup, &seats, &actor, SINGLE)?;
            for (i, (dealer, entered)) in hands.into_iter().enumerate() {
                let version = i32::try_from(i).unwrap_or(0);
                let submission = format!("import-{id}-{i}");
                match apply_change(
                    conn,
                    id,
                    version,
                    Change::Add {
                        dealer,
                        entered,
                        submission,
                    },
                    &actor,
                    lang,
                )? {
                    Outcome::Over => {
                        return Err(AppError::unprocessable(
                            "error-bad-game-file",
                            format!(
                                "hand {}: {}",
                                i + 1,
                                super::i18n::tr(lang, "error-game-over")
                            ),
                        ));
                    }
                    Outcome::Saved => {}
                    _ => {
                        return Err(AppError::unprocessable(
                            "error-bad-game-file",
                            format!("hand {}", i + 1),
                        ));
                    }
                }
            }
            Ok(id)
        })
    })
    .await?;
    Ok(see_other(&format!("/partidas/{id}")))
}

/// A club's games, for the club page.
pub struct GameLine {
    pub id: i32,
    pub game: String,
    pub seats: String,
    pub status: String,
}

pub fn game_lines(ctx: &Ctx, list: &[Game]) -> Vec<GameLine> {
    list.iter()
        .map(|g| GameLine {
            id: g.id,
            game: ctx.t(&format!("game-{}", g.game)),
            seats: seats_of(g).join(", "),
            status: ctx.t(&format!("game-status-{}", g.status)),
        })
        .collect()
}

/// Puts a ruled hand into a game (the referee desk's "apply"): as a new hand, or
/// replacing hand `hand_no`. `Ok(Err(message))` when the game refuses it.
pub fn apply_entered(
    conn: &mut DbConn,
    id: i32,
    hand_no: Option<i32>,
    entered: Entered,
    actor: &str,
    lang: Lang,
) -> Result<Result<(), String>, AppError> {
    let l = load(conn, id)?;
    let change = match hand_no {
        Some(n) => Change::Replace {
            hand_no: n,
            entered,
        },
        None => {
            let board = rescore(&l.setup, &l.entered, lang)
                .map(|(_, b)| b)
                .map_err(|(i, e)| AppError::Internal(anyhow::anyhow!("hand {i}: {e:?}")))?;
            if board.game_over.is_some() {
                return Ok(Err(super::i18n::tr(lang, "error-game-over")));
            }
            Change::Add {
                dealer: board.next_dealer.unwrap_or(0),
                entered,
                submission: format!("ruling-{}", auth::random_hex(8)?),
            }
        }
    };
    Ok(
        match apply_change(conn, id, l.game.version, change, actor, lang)? {
            Outcome::Saved | Outcome::Duplicate => Ok(()),
            Outcome::Stale => Err(super::i18n::tr(lang, "game-stale")),
            Outcome::Over => Err(super::i18n::tr(lang, "error-game-over")),
            Outcome::Invalid(n, errors) => Err(format!(
                "{n}: {}",
                errors
                    .iter()
                    .map(|e| e.message.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
        },
    )
}

/// One demo hand as form fields, the way a scorekeeper types it.
type DemoHand = &'static [(&'static str, &'static str)];

/// The demo club's games: one finished and one running game of each game where a
/// game can run on, every hand entered and checked like a scorekeeper's.
#[allow(clippy::type_complexity)]
const DEMO_GAMES: &[(&str, u8, &str, [&str; 4], &[DemoHand])] = &[
    (
        "cuatrola",
        4,
        r#"{"target": 11}"#,
        [
            "Ana Martínez",
            "Benito Sánchez",
            "Carmen López",
            "Dámaso Ruiz",
        ],
        &[
            &[
                ("trump", "o"),
                ("bid", "quintola"),
                ("bidder", "0"),
                ("soloist_tricks", "5"),
            ],
            &[
                ("trump", "c"),
                ("bid", "quintola"),
                ("bidder", "2"),
                ("soloist_tricks", "5"),
            ],
            &[
                ("trump", "e"),
                ("bid", "pass"),
                ("card_points_side0", "80"),
                ("last_trick_side", "0"),
            ],
        ],
    ),
    (
        "cuatrola",
        4,
        "{}",
        [
            "Elena García",
            "Fermín Torres",
            "Gloria Navarro",
            "Héctor Molina",
        ],
        &[
            &[
                ("trump", "b"),
                ("bid", "solo"),
                ("bidder", "1"),
                ("card_points_side0", "40"),
                ("card_points_side1", "60"),
                ("last_trick_side", "1"),
            ],
            &[
                ("trump", "o"),
                ("bid", "pass"),
                ("card_points_side0", "70"),
                ("last_trick_side", "0"),
                ("cante_seat_0", "2"),
                ("cante_suit_0", "o"),
            ],
        ],
    ),
    (
        "botifarra",
        4,
        "{}",
        [
            "Inés Castillo",
            "Jacinto Ortega",
            "Lucía Romero",
            "Manuel Gil",
        ],
        &[
            &[
                ("chooser", "3"),
                ("choice", "o"),
                ("doubles", "2"),
                ("points_side0", "60"),
            ],
            &[
                ("chooser", "0"),
                ("choice", "c"),
                ("doubles", "0"),
                ("points_side0", "50"),
            ],
        ],
    ),
    (
        "botifarra",
        4,
        "{}",
        [
            "Nuria Serrano",
            "Óscar Delgado",
            "Pilar Morales",
            "Ramón Vidal",
        ],
        &[
            &[
                ("chooser", "3"),
                ("choice", "o"),
                ("doubles", "1"),
                ("points_side0", "45"),
            ],
            &[
                ("chooser", "0"),
                ("choice", "botifarra"),
                ("doubles", "0"),
                ("points_side0", "30"),
            ],
        ],
    ),
    (
        "tute",
        4,
        "{}",
        [
            "Ana Martínez",
            "Carmen López",
            "Benito Sánchez",
            "Dámaso Ruiz",
        ],
        &[&[
            ("trump", "o"),
            ("card_points_0", "70"),
            ("last_trick_side", "0"),
        ]],
    ),
    (
        "guinote",
        4,
        "{}",
        [
            "Elena García",
            "Fermín Torres",
            "Gloria Navarro",
            "Héctor Molina",
        ],
        &[&[
            ("trump", "e"),
            ("card_points_0", "70"),
            ("last_trick_side", "0"),
        ]],
    ),
    (
        "cinquillo",
        4,
        "{}",
        [
            "Inés Castillo",
            "Jacinto Ortega",
            "Lucía Romero",
            "Manuel Gil",
        ],
        &[
            &[
                ("out", "0"),
                ("cards_left_0", "0"),
                ("cards_left_1", "3"),
                ("cards_left_2", "2"),
                ("cards_left_3", "5"),
            ],
            &[
                ("out", "2"),
                ("cards_left_0", "4"),
                ("cards_left_1", "1"),
                ("cards_left_2", "0"),
                ("cards_left_3", "6"),
            ],
        ],
    ),
];

/// Adds the demo games to `club_id`; returns how many games were created.
pub fn create_demo_games(conn: &mut DbConn, club_id: i32) -> Result<usize, AppError> {
    let actor = "demo";
    let mut created = 0;
    for (game, players, options, seats, hands) in DEMO_GAMES {
        let setup = GameSetup {
            game: game_kind(game)?,
            players: *players,
            options: serde_json::from_str(options)
                .map_err(|e| AppError::Internal(anyhow::anyhow!("demo options: {e}")))?,
            first_dealer: players - 1,
        };
        let seats: Vec<String> = seats
            .iter()
            .take(usize::from(*players))
            .map(|s| (*s).to_owned())
            .collect();
        let id = create_game(conn, club_id, &setup, &seats, actor, SINGLE)?;
        for (i, hand) in hands.iter().enumerate() {
            let f: HashMap<String, String> = hand
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
            let quick = quick_from_form(&setup, &f, Lang::Es).map_err(|e| {
                AppError::Internal(anyhow::anyhow!("demo game {game} hand {}: {e:?}", i + 1))
            })?;
            let l = load(conn, id)?;
            let board = rescore(&l.setup, &l.entered, Lang::Es)
                .map(|(_, b)| b)
                .map_err(|(n, e)| AppError::Internal(anyhow::anyhow!("demo hand {n}: {e:?}")))?;
            let change = Change::Add {
                dealer: board.next_dealer.unwrap_or(0),
                entered: Entered::Quick(quick),
                submission: format!("demo-{id}-{i}"),
            };
            match apply_change(conn, id, l.game.version, change, actor, Lang::Es)? {
                Outcome::Saved => {}
                Outcome::Invalid(n, e) => {
                    return Err(AppError::Internal(anyhow::anyhow!(
                        "demo game {game} hand {n}: {e:?}"
                    )));
                }
                _ => {
                    return Err(AppError::Internal(anyhow::anyhow!(
                        "demo game {game}: hand {} refused",
                        i + 1
                    )));
                }
            }
        }
        created += 1;
    }
    Ok(created)
}
