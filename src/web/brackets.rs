//! Knockout brackets (cuadros) on the web: an organiser creates one (single or double
//! elimination seeded by hand, by lot with a shown seed, or from an event's standings;
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

use std::fmt::Write as _;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use diesel::Connection;
use serde::Deserialize;

use super::account::{now, see_other};
use super::auth::{Perm, Principal, Role};
use super::{AppState, Ctx, db, parse_id, render, render_status};
use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::brackets::{self, BracketRow, NewBracket};
use crate::db::queries;
use crate::domain::bracket::{
    Bracket, BracketError, Connector, Correction, EntrantId, Fill, Format, Layout, MatchId,
    RoundName, Side, Status, double_elimination, groups_to_knockout, seed_by_lot,
    single_elimination,
};
use crate::error::AppError;

/// Most entrants the web accepts (the pages stay legible up to here).
pub const MAX_WEB_ENTRANTS: usize = 256;
/// Longest entrant name.
pub const MAX_NAME: usize = 80;
/// Largest score of a bracket match.
pub const MAX_SCORE: u32 = 9999;
/// Seconds between refreshes of the live page.
pub const REFRESH_SECONDS: u32 = 30;
/// Lot seeds drawn by Baza are below this (easy to read aloud and to type).
const LOT_SEED_RANGE: u64 = 1_000_000_000_000;

const GAMES: [&str; 5] = ["cuatrola", "tute", "guinote", "botifarra", "cinquillo"];

/// A stored bracket, parsed.
pub struct Loaded {
    pub row: BracketRow,
    pub names: Vec<String>,
    pub bracket: Bracket,
}

impl Loaded {
    fn name(&self, e: EntrantId) -> String {
        self.names
            .get(e.0 as usize)
            .cloned()
            .unwrap_or_else(|| format!("#{}", e.0))
    }

    fn layout(&self) -> Layout {
        self.bracket
            .layout_named(&|e| self.names.get(e.0 as usize).cloned())
    }
}

fn parse_row(row: BracketRow) -> Result<Loaded, AppError> {
    let names: Vec<String> = serde_json::from_str(&row.entrants)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("bracket {} names: {e}", row.id)))?;
    let bracket: Bracket = serde_json::from_str(&row.document)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("bracket {} document: {e}", row.id)))?;
    Ok(Loaded {
        row,
        names,
        bracket,
    })
}

fn load(conn: &mut DbConn, id: i32) -> Result<Loaded, AppError> {
    let row = brackets::find_bracket(conn, id)?.ok_or(AppError::NotFound)?;
    parse_row(row)
}

async fn load_async(state: &AppState, id: i32) -> Result<Loaded, AppError> {
    db(state, move |conn| load(conn, id)).await
}

/// A match index from the URL (0 is a match); anything else is a 404.
fn parse_match(raw: &str) -> Result<MatchId, AppError> {
    raw.parse::<u32>()
        .map(MatchId)
        .map_err(|_| AppError::NotFound)
}

// ---------------------------------------------------------------- view models

fn round_title(ctx: &Ctx, name: RoundName) -> String {
    match name {
        RoundName::Round(n) => ctx.t1("bracket-round-n", "n", &n),
        RoundName::QuarterFinal => ctx.t("bracket-quarter-finals"),
        RoundName::SemiFinal => ctx.t("bracket-semi-finals"),
        RoundName::Final => ctx.t("bracket-final"),
        RoundName::LosersRound(n) => ctx.t1("bracket-losers-round-n", "n", &n),
        RoundName::LosersFinal => ctx.t("bracket-losers-final"),
        RoundName::ThirdPlace => ctx.t("bracket-third-place"),
        RoundName::GrandFinal => ctx.t("bracket-grand-final"),
        RoundName::GrandFinalReset => ctx.t("bracket-grand-final-reset"),
    }
}

fn side_class(side: Side) -> &'static str {
    match side {
        Side::Winners => "winners",
        Side::Losers => "losers",
        Side::ThirdPlace => "third",
        Side::GrandFinal => "grand",
    }
}

fn side_title(ctx: &Ctx, side: Side, double: bool) -> String {
    match side {
        Side::Winners if double => ctx.t("bracket-side-winners"),
        Side::Winners => ctx.t("bracket-side-main"),
        Side::Losers => ctx.t("bracket-side-losers"),
        Side::ThirdPlace => ctx.t("bracket-third-place"),
        Side::GrandFinal => ctx.t("bracket-grand-final"),
    }
}

fn status_class(s: Status) -> &'static str {
    match s {
        Status::Pending => "pending",
        Status::Ready => "ready",
        Status::Played => "played",
        Status::Void => "void",
        Status::NotNeeded => "not-needed",
    }
}

fn status_text(ctx: &Ctx, s: Status) -> String {
    match s {
        Status::Pending => ctx.t("bracket-status-pending"),
        Status::Ready => ctx.t("bracket-status-ready"),
        Status::Played => ctx.t("bracket-status-played"),
        Status::Void => ctx.t("bracket-status-void"),
        Status::NotNeeded => ctx.t("bracket-status-not-needed"),
    }
}

fn connector_class(c: Connector) -> &'static str {
    match c {
        Connector::None => "none",
        Connector::Down => "down",
        Connector::Up => "up",
        Connector::Straight => "straight",
    }
}

fn format_text(ctx: &Ctx, f: Format) -> String {
    match f {
        Format::SingleElimination { third_place: true } => ctx.t("bracket-format-single-third"),
        Format::SingleElimination { third_place: false } => ctx.t("bracket-format-single"),
        Format::DoubleElimination {
            grand_final_reset: true,
        } => ctx.t("bracket-format-double-reset"),
        Format::DoubleElimination {
            grand_final_reset: false,
        } => ctx.t("bracket-format-double"),
    }
}

fn seeding_text(ctx: &Ctx, seeding: &str) -> String {
    if let Some(k) = seeding.strip_prefix("groups:") {
        ctx.t1("bracket-seeded-groups", "k", &k)
    } else if let Some(seed) = seeding.strip_prefix("lot:") {
        ctx.t1("bracket-seeded-lot", "seed", &seed)
    } else if seeding.starts_with("event:") {
        ctx.t("bracket-seeded-event")
    } else {
        ctx.t("bracket-seeded-hand")
    }
}

pub struct SlotView {
    pub text: String,
    pub seed: Option<u32>,
    pub score: Option<u32>,
    pub winner: bool,
    pub known: bool,
    pub bye: bool,
}

pub struct BoxView {
    pub id: u32,
    pub code: String,
    pub status: &'static str,
    pub status_text: String,
    pub connector: &'static str,
    pub fed: bool,
    pub href: Option<String>,
    pub slots: Vec<SlotView>,
}

pub struct ColumnView {
    pub title: String,
    pub boxes: Vec<BoxView>,
}

pub struct SectionView {
    pub idx: usize,
    pub side: &'static str,
    pub title: String,
    pub columns: Vec<ColumnView>,
}

fn slot_view(ctx: &Ctx, s: &crate::domain::bracket::BoxSlot) -> SlotView {
    let text = match (&s.name, s.entrant, &s.source) {
        (Some(n), _, _) => n.clone(),
        (None, Some(e), _) => format!("#{}", e.0),
        (None, None, Some(src)) if s.from_loser => ctx.t1("bracket-loser-of", "code", src),
        (None, None, Some(src)) => ctx.t1("bracket-winner-of", "code", src),
        (None, None, None) => "—".to_owned(),
    };
    SlotView {
        text,
        seed: s.seed,
        score: s.score,
        winner: s.winner,
        known: s.entrant.is_some(),
        bye: s.bye,
    }
}

fn sections_view(ctx: &Ctx, l: &Loaded, layout: &Layout, links: bool) -> Vec<SectionView> {
    let double = matches!(l.bracket.format(), Format::DoubleElimination { .. });
    // Matches that a Down/Up connector leads into: they get the short incoming line.
    let fed: std::collections::HashSet<u32> = layout
        .sections
        .iter()
        .flat_map(|s| &s.columns)
        .flat_map(|c| &c.boxes)
        .filter(|b| matches!(b.connector, Connector::Down | Connector::Up))
        .filter_map(|b| l.bracket.get(b.id).and_then(|m| m.winner_to()))
        .map(|(d, _)| d.0)
        .collect();
    layout
        .sections
        .iter()
        .enumerate()
        .map(|(idx, s)| SectionView {
            idx,
            side: side_class(s.side),
            title: side_title(ctx, s.side, double),
            columns: s
                .columns
                .iter()
                .map(|c| ColumnView {
                    title: round_title(ctx, c.name),
                    boxes: c
                        .boxes
                        .iter()
                        .map(|b| BoxView {
                            id: b.id.0,
                            code: b.code.clone(),
                            status: status_class(b.status),
                            status_text: status_text(ctx, b.status),
                            connector: connector_class(b.connector),
                            fed: fed.contains(&b.id.0),
                            href: links
                                .then(|| format!("/cuadros/{}/partidos/{}", l.row.id, b.id.0)),
                            slots: b.slots.iter().map(|s| slot_view(ctx, s)).collect(),
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect()
}

/// A short line for a match in lists: `W2.1 · Ana – Benito`.
fn match_line(ctx: &Ctx, l: &Loaded, id: MatchId) -> String {
    let Some(m) = l.bracket.get(id) else {
        return id.to_string();
    };
    let who = |k: usize| match m.entrants()[k] {
        Some(e) => l.name(e),
        None => ctx.t("bracket-to-be-decided"),
    };
    format!("{} · {} – {}", m.code(), who(0), who(1))
}

// ---------------------------------------------------------------- the list

pub struct BracketLine {
    pub id: i32,
    pub name: String,
    pub game: String,
    pub entrants: usize,
    pub champion: Option<String>,
}

#[derive(Template)]
#[template(path = "brackets.html")]
struct ListPage<'a> {
    ctx: &'a Ctx,
    lines: Vec<BracketLine>,
    can_create: bool,
}

/// Whether `who` may create brackets anywhere (an admin, or an organiser of a club).
fn can_create(who: &Principal) -> bool {
    who.user.as_ref().is_some_and(|u| {
        u.role == Role::Admin || (u.role == Role::Organiser && u.club_id.is_some())
    })
}

/// `GET /cuadros`: every bracket (public).
pub async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
) -> Result<HttpResponse, AppError> {
    let rows = db(&state, |conn| Ok(brackets::list_brackets(conn)?)).await?;
    let ctx = Ctx::from_request(&req);
    let lines = rows
        .into_iter()
        .filter_map(|row| parse_row(row).ok())
        .map(|l| BracketLine {
            id: l.row.id,
            name: l.row.name.clone(),
            game: ctx.t(&format!("game-{}", l.row.game)),
            entrants: l.bracket.seeds().len(),
            champion: l.bracket.champion().map(|c| l.name(c)),
        })
        .collect();
    render(&ListPage {
        ctx: &ctx,
        lines,
        can_create: can_create(&who),
    })
}

// ---------------------------------------------------------------- creating

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct CreateForm {
    pub club: String,
    pub name: String,
    pub game: String,
    pub format: String,
    pub third_place: Option<String>,
    pub reset: Option<String>,
    pub seeding: String,
    pub names: String,
    pub lot_seed: String,
    pub event: String,
    pub paper: String,
    /// Groups to knockout: the groups (blank lines between them, each in its final
    /// order), how many qualify from each, and the fill (`none`, `best`: the ranked
    /// next-placed entrants; `repesca`: the play-off winners).
    pub groups: String,
    pub qualify: String,
    pub fill: String,
    pub fill_names: String,
}

#[derive(Template)]
#[template(path = "bracket_new.html")]
struct NewPage<'a> {
    ctx: &'a Ctx,
    clubs: Vec<(i32, String)>,
    events: Vec<(i32, String)>,
    games: Vec<(&'static str, String)>,
    form: CreateForm,
    error: Option<String>,
}

/// The clubs `who` may create brackets for, and their events.
async fn choices(
    state: &AppState,
    who: &Principal,
) -> Result<(Vec<(i32, String)>, Vec<(i32, String)>), AppError> {
    let who = who.clone();
    db(state, move |conn| {
        let clubs: Vec<(i32, String)> = queries::list_clubs(conn)?
            .into_iter()
            .filter(|c| who.allows(Perm::ManageClub(c.id)))
            .map(|c| (c.id, c.name))
            .collect();
        let events = queries::list_events(conn)?
            .into_iter()
            .filter(|e| clubs.iter().any(|(c, _)| *c == e.club_id))
            .map(|e| (e.id, e.name))
            .collect();
        Ok((clubs, events))
    })
    .await
}

async fn new_page(
    req: &HttpRequest,
    state: &AppState,
    who: &Principal,
    form: CreateForm,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (clubs, events) = choices(state, who).await?;
    if clubs.is_empty() {
        if who.user.is_none() {
            return Err(AppError::LoginRequired(req.path().to_owned()));
        }
        return Err(AppError::Forbidden);
    }
    let ctx = Ctx::from_request(req);
    let games = GAMES
        .iter()
        .map(|g| (*g, ctx.t(&format!("game-{g}"))))
        .collect();
    render_status(
        &NewPage {
            ctx: &ctx,
            clubs,
            events,
            games,
            form,
            error,
        },
        status,
    )
}

/// `GET /cuadros/nuevo`: the creation form (organisers and admins).
pub async fn new_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
) -> Result<HttpResponse, AppError> {
    if who.user.is_none() {
        return Err(AppError::LoginRequired(req.path().to_owned()));
    }
    let form = CreateForm {
        format: "single".into(),
        seeding: "hand".into(),
        paper: "a4".into(),
        game: "cuatrola".into(),
        third_place: Some("1".into()),
        ..CreateForm::default()
    };
    new_page(&req, &state, &who, form, None, StatusCode::OK).await
}

/// Why a creation form is refused: a message key and its detail.
struct Refusal(&'static str, String);

/// The names typed one per line: trimmed, blank lines skipped, all different.
fn parse_names(text: &str) -> Result<Vec<String>, Refusal> {
    let names: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    if names.len() < 2 || names.len() > MAX_WEB_ENTRANTS {
        return Err(Refusal("bracket-bad-count", names.len().to_string()));
    }
    if let Some(long) = names.iter().find(|n| n.chars().count() > MAX_NAME) {
        return Err(Refusal("bracket-bad-name", long.clone()));
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(dup) = names.iter().find(|n| !seen.insert(n.to_lowercase())) {
        return Err(Refusal("bracket-duplicate-name", dup.clone()));
    }
    Ok(names)
}

/// A championship's entrants in the order of its standings (its seed order before
/// any result).
fn event_order(conn: &mut DbConn, event_id: i32) -> Result<Vec<String>, AppError> {
    Ok(crate::db::tournaments::standings_names(conn, event_id)?.unwrap_or_default())
}

/// What the form asks for, checked. `names` is None when seeding from an event
/// (read in the transaction).
struct Plan {
    club_id: i32,
    event_id: Option<i32>,
    name: String,
    game: String,
    double: bool,
    third_place: bool,
    reset: bool,
    seeding: Seeding,
    names: Vec<String>,
    paper: String,
}

enum Seeding {
    /// Groups to knockout: entrant indices per group (in final order), how many
    /// qualify from each, and the fill.
    Groups {
        groups: Vec<Vec<usize>>,
        qualify: usize,
        fill: GroupFill,
    },
    Hand,
    Lot(u64),
    Event(i32),
}

enum GroupFill {
    None,
    BestRunnersUp(Vec<usize>),
    Repesca(Vec<usize>),
}

/// Most entrants qualifying from one group.
const MAX_QUALIFY: usize = 16;

/// The groups typed one name per line, a blank line (or a `Grupo A:` label) between
/// groups; the names all different. Returns every name and the groups as indices.
fn parse_groups(text: &str) -> Result<(Vec<String>, Vec<Vec<usize>>), Refusal> {
    let mut names = Vec::new();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut current = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.ends_with(':') {
            if !current.is_empty() {
                groups.push(std::mem::take(&mut current));
            }
            continue;
        }
        current.push(names.len());
        names.push(line.to_owned());
    }
    if !current.is_empty() {
        groups.push(current);
    }
    let names = parse_names(&names.join("\n"))?;
    Ok((names, groups))
}

fn parse_fill(
    f: &CreateForm,
    names: &mut Vec<String>,
    groups: &[Vec<usize>],
    qualify: usize,
) -> Result<GroupFill, Refusal> {
    let listed: Vec<&str> = f
        .fill_names
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let find = |names: &[String], n: &str| {
        names
            .iter()
            .position(|x| x.to_lowercase() == n.to_lowercase())
    };
    let qualified = |i: usize| {
        groups
            .iter()
            .any(|g| g.iter().take(qualify).any(|&x| x == i))
    };
    match f.fill.as_str() {
        "" | "none" => Ok(GroupFill::None),
        "best" => {
            let mut out = Vec::new();
            for n in listed {
                match find(names, n) {
                    Some(i) if !qualified(i) && !out.contains(&i) => out.push(i),
                    _ => return Err(Refusal("bracket-bad-fill", n.to_owned())),
                }
            }
            Ok(GroupFill::BestRunnersUp(out))
        }
        "repesca" => {
            let mut out = Vec::new();
            for n in listed {
                let i = match find(names, n) {
                    Some(i) if qualified(i) || out.contains(&i) => {
                        return Err(Refusal("bracket-bad-fill", n.to_owned()));
                    }
                    Some(i) => i,
                    None if n.chars().count() <= MAX_NAME && names.len() < MAX_WEB_ENTRANTS => {
                        names.push(n.to_owned());
                        names.len() - 1
                    }
                    None => return Err(Refusal("bracket-bad-fill", n.to_owned())),
                };
                out.push(i);
            }
            Ok(GroupFill::Repesca(out))
        }
        other => Err(Refusal("bracket-bad-fill", other.to_owned())),
    }
}

fn check_form(f: &CreateForm) -> Result<Plan, Refusal> {
    let club_id = f
        .club
        .trim()
        .parse::<i32>()
        .map_err(|_| Refusal("bracket-bad-club", f.club.clone()))?;
    let name = f.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(Refusal("bracket-bad-title", name));
    }
    let game = f.game.trim().to_owned();
    if !GAMES.contains(&game.as_str()) {
        return Err(Refusal("bracket-bad-game", game));
    }
    let (double, from_groups) = match f.format.as_str() {
        "single" => (false, false),
        "double" => (true, false),
        "groups" => (false, true),
        other => return Err(Refusal("bracket-bad-format", other.to_owned())),
    };
    let paper = match f.paper.as_str() {
        "a4" | "a3" => f.paper.clone(),
        other => return Err(Refusal("bracket-bad-paper", other.to_owned())),
    };
    let event_id = match f.event.trim() {
        "" => None,
        e => Some(
            e.parse::<i32>()
                .map_err(|_| Refusal("bracket-bad-event", e.to_owned()))?,
        ),
    };
    let (seeding, names) = match f.seeding.as_str() {
        _ if from_groups => {
            let qualify = f
                .qualify
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|q| (1..=MAX_QUALIFY).contains(q))
                .ok_or_else(|| Refusal("bracket-bad-qualify", f.qualify.clone()))?;
            let (mut names, groups) = parse_groups(&f.groups)?;
            let fill = parse_fill(f, &mut names, &groups, qualify)?;
            (
                Seeding::Groups {
                    groups,
                    qualify,
                    fill,
                },
                names,
            )
        }
        "hand" => (Seeding::Hand, parse_names(&f.names)?),
        "lot" => {
            let seed = match f.lot_seed.trim() {
                "" => random_seed().map_err(|_| Refusal("bracket-bad-seed", String::new()))?,
                s => s
                    .parse::<u64>()
                    .map_err(|_| Refusal("bracket-bad-seed", s.to_owned()))?,
            };
            (Seeding::Lot(seed), parse_names(&f.names)?)
        }
        "event" => {
            let e = event_id.ok_or(Refusal("bracket-bad-event", String::new()))?;
            (Seeding::Event(e), Vec::new())
        }
        other => return Err(Refusal("bracket-bad-seeding", other.to_owned())),
    };
    Ok(Plan {
        club_id,
        event_id,
        name,
        game,
        double,
        third_place: f.third_place.is_some(),
        reset: f.reset.is_some(),
        seeding,
        names,
        paper,
    })
}

fn random_seed() -> Result<u64, AppError> {
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf).map_err(|e| AppError::Internal(anyhow::anyhow!("random: {e}")))?;
    Ok(u64::from_le_bytes(buf) % LOT_SEED_RANGE)
}

/// Builds the bracket for `names` (entrant `i` is `names[i]`).
fn build(plan: &Plan, names: &[String]) -> Result<(Bracket, String), BracketError> {
    let ids: Vec<EntrantId> = (0..names.len()).map(|i| EntrantId(i as u32)).collect();
    let id = |i: &usize| EntrantId(*i as u32);
    let (seeds, seeding) = match &plan.seeding {
        Seeding::Groups {
            groups,
            qualify,
            fill,
        } => {
            let standings: Vec<Vec<EntrantId>> =
                groups.iter().map(|g| g.iter().map(id).collect()).collect();
            let fill = match fill {
                GroupFill::None => Fill::None,
                GroupFill::BestRunnersUp(l) => Fill::BestRunnersUp(l.iter().map(id).collect()),
                GroupFill::Repesca(l) => Fill::Repesca(l.iter().map(id).collect()),
            };
            let bracket = groups_to_knockout(&standings, *qualify, fill, plan.third_place)?;
            return Ok((bracket, format!("groups:{qualify}")));
        }
        Seeding::Hand => (ids, "hand".to_owned()),
        Seeding::Lot(seed) => (seed_by_lot(&ids, *seed), format!("lot:{seed}")),
        Seeding::Event(e) => (ids, format!("event:{e}")),
    };
    let bracket = if plan.double {
        double_elimination(&seeds, plan.reset)?
    } else {
        single_elimination(&seeds, plan.third_place)?
    };
    Ok((bracket, seeding))
}

/// `POST /cuadros/nuevo`.
pub async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    form: web::Form<CreateForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner();
    let ctx = Ctx::from_request(&req);
    let plan = match check_form(&form) {
        Ok(p) => p,
        Err(Refusal(key, detail)) => {
            if who.user.is_none() {
                return Err(AppError::LoginRequired(req.path().to_owned()));
            }
            let error = format!("{} {detail}", ctx.t(key)).trim().to_owned();
            return new_page(
                &req,
                &state,
                &who,
                form,
                Some(error),
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await;
        }
    };
    who.require(Perm::ManageClub(plan.club_id), req.path())?;
    let actor = who.actor();
    let created = db(&state, move |conn| {
        conn.transaction::<_, AppError, _>(|conn| {
            if queries::find_club(conn, plan.club_id)?.is_none() {
                return Ok(Err(Refusal("bracket-bad-club", plan.club_id.to_string())));
            }
            if let Some(e) = plan.event_id {
                match queries::find_event(conn, e)? {
                    Some(ev) if ev.club_id == plan.club_id => {}
                    _ => return Ok(Err(Refusal("bracket-bad-event", e.to_string()))),
                }
            }
            let names = match plan.seeding {
                Seeding::Event(e) => {
                    let names = event_order(conn, e)?;
                    if names.len() < 2 {
                        return Ok(Err(Refusal("bracket-bad-count", names.len().to_string())));
                    }
                    names
                }
                _ => plan.names.clone(),
            };
            let (bracket, seeding) = match build(&plan, &names) {
                Ok((b, _)) if b.seeds().len() < 2 => {
                    return Ok(Err(Refusal(
                        "bracket-bad-count",
                        b.seeds().len().to_string(),
                    )));
                }
                Ok(b) => b,
                Err(BracketError::GroupTooSmall { group, size }) => {
                    return Ok(Err(Refusal(
                        "bracket-group-too-small",
                        format!("{} ({size})", group + 1),
                    )));
                }
                Err(e) => return Ok(Err(Refusal("bracket-bad-count", e.to_string()))),
            };
            let document = serde_json::to_string(&bracket)
                .map_err(|e| AppError::Internal(anyhow::anyhow!("bracket json: {e}")))?;
            let entrants = serde_json::to_string(&names)
                .map_err(|e| AppError::Internal(anyhow::anyhow!("names json: {e}")))?;
            let at = now();
            let id = brackets::insert_bracket(
                conn,
                &NewBracket {
                    club_id: plan.club_id,
                    event_id: plan.event_id,
                    name: &plan.name,
                    game: &plan.game,
                    entrants: &entrants,
                    document: &document,
                    seeding: &seeding,
                    paper: &plan.paper,
                    created_by: &actor,
                    created_at: at,
                    updated_at: at,
                },
            )?;
            accounts::insert_audit(
                conn,
                &NewAudit {
                    at,
                    actor: &actor,
                    action: "create",
                    entity: "bracket",
                    entity_id: id,
                    club_id: Some(plan.club_id),
                    event_id: plan.event_id,
                    before_json: None,
                    after_json: Some(
                        serde_json::json!({
                            "name": plan.name, "game": plan.game, "format": bracket.format(),
                            "seeding": seeding, "entrants": names, "version": 0,
                        })
                        .to_string(),
                    ),
                },
            )?;
            Ok(Ok(id))
        })
    })
    .await?;
    match created {
        Ok(id) => Ok(see_other(&format!("/cuadros/{id}"))),
        Err(Refusal(key, detail)) => {
            let error = format!("{} {detail}", ctx.t(key)).trim().to_owned();
            new_page(
                &req,
                &state,
                &who,
                form,
                Some(error),
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
    }
}

// ---------------------------------------------------------------- the bracket page

#[derive(Template)]
#[template(path = "bracket.html")]
struct BracketPage<'a> {
    ctx: &'a Ctx,
    id: i32,
    name: String,
    club: String,
    game: String,
    format: String,
    seeding: String,
    event: Option<(i32, String)>,
    seeded_from_event: bool,
    entrants: usize,
    version: i32,
    paper: String,
    champion: Option<String>,
    can_manage: bool,
    refresh: Option<u32>,
    /// Matches with a result (what deleting the bracket would take away).
    played: usize,
    playable: Vec<(u32, String)>,
    sections: Vec<SectionView>,
}

/// `GET /cuadros/{id}`: the bracket (public; organisers get links to enter results).
pub async fn show(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let (l, club, event) = db(&state, move |conn| {
        let l = load(conn, id)?;
        let club = queries::find_club(conn, l.row.club_id)?
            .map(|c| c.name)
            .unwrap_or_default();
        let event = match l.row.event_id {
            Some(e) => queries::find_event(conn, e)?.map(|e| (e.id, e.name)),
            None => None,
        };
        Ok((l, club, event))
    })
    .await?;
    let ctx = Ctx::from_request(&req);
    let can_manage = who.allows(Perm::ManageClub(l.row.club_id));
    let layout = l.layout();
    let complete = l.bracket.is_complete();
    let page = BracketPage {
        ctx: &ctx,
        id,
        name: l.row.name.clone(),
        club,
        game: ctx.t(&format!("game-{}", l.row.game)),
        format: format_text(&ctx, l.bracket.format()),
        seeding: seeding_text(&ctx, &l.row.seeding),
        seeded_from_event: l.row.seeding.starts_with("event:"),
        event,
        entrants: l.bracket.seeds().len(),
        version: l.row.version,
        paper: l.row.paper.clone(),
        champion: l.bracket.champion().map(|c| l.name(c)),
        can_manage,
        refresh: (!complete).then_some(REFRESH_SECONDS),
        played: l
            .bracket
            .matches()
            .iter()
            .filter(|m| m.result.is_some())
            .count(),
        playable: l
            .bracket
            .playable()
            .into_iter()
            .map(|m| (m.0, match_line(&ctx, &l, m)))
            .collect(),
        sections: sections_view(&ctx, &l, &layout, can_manage),
    };
    let mut res = render(&page)?;
    if !complete {
        res.headers_mut()
            .insert(header::REFRESH, header::HeaderValue::from(REFRESH_SECONDS));
    }
    Ok(res)
}

// Print and screen sizes of the generated stylesheet (CSS px).
const PRINT_ROW: f64 = 30.0;
const PRINT_COL: f64 = 170.0;
const PRINT_GAP: f64 = 16.0;
const PRINT_SECTION_GAP: f64 = 24.0;
const PRINT_SECTION_HEAD: f64 = 22.0;
const PRINT_ROUND_HEAD: f64 = 18.0;
const PRINT_TITLE: f64 = 48.0;
/// Below this scale the drawn bracket would not be legible on paper: it is printed
/// round by round instead (each round a list of its matches, in columns, over as
/// many pages as it needs).
const MIN_PRINT_ZOOM: f64 = 0.6;
/// Width of one match in the round-by-round print (CSS px).
const LIST_COL: f64 = 190.0;

/// Paper: the `@page` size and the printable area in CSS px (10 mm margins).
fn paper(paper: &str) -> (&'static str, f64, f64) {
    let px = 96.0 / 25.4;
    match paper {
        "a3" => ("A3 landscape", 400.0 * px, 277.0 * px),
        _ => ("A4 landscape", 277.0 * px, 190.0 * px),
    }
}

/// The print scale that fits the whole drawn bracket on one page, or `None` when
/// that would be too small to read (then it is printed round by round).
pub fn print_zoom(layout: &Layout, paper_name: &str) -> Option<f64> {
    let (_, avail_w, avail_h) = paper(paper_name);
    let width = |cols: usize| {
        let c = cols as f64;
        c * PRINT_COL + (c - 1.0).max(0.0) * PRINT_GAP
    };
    let height = |rows: u32| PRINT_SECTION_HEAD + PRINT_ROUND_HEAD + f64::from(rows) * PRINT_ROW;
    let top: Vec<_> = layout
        .sections
        .iter()
        .filter(|s| s.side != Side::Losers)
        .collect();
    let top_w: f64 = top.iter().map(|s| width(s.columns.len())).sum::<f64>()
        + (top.len() as f64 - 1.0).max(0.0) * PRINT_SECTION_GAP;
    let top_h = top.iter().map(|s| height(s.rows)).fold(0.0, f64::max);
    let (low_w, low_h) = layout
        .sections
        .iter()
        .find(|s| s.side == Side::Losers)
        .map_or((0.0, 0.0), |s| {
            (width(s.columns.len()), PRINT_SECTION_GAP + height(s.rows))
        });
    let nat_w = top_w.max(low_w) * 1.03;
    let nat_h = (PRINT_TITLE + top_h + low_h) * 1.03;
    let fit_w = (avail_w / nat_w).min(1.0);
    let fit_h = (avail_h / nat_h).min(1.0);
    let zoom = fit_w.min(fit_h);
    (zoom >= MIN_PRINT_ZOOM).then_some(zoom)
}

const BRACKET_CSS: &str = "
main { max-width: none; }
.bracket-head .meta span + span::before { content: ' · '; }
.champion { font-size: 1.2rem; font-weight: 700; color: var(--green); }
.bracket-wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; padding-bottom: .5rem; }
.bracket { --row: 3.6rem; --col: 14rem; --gap: 1.6rem; display: grid;
  grid-template-columns: max-content max-content; gap: 1.5rem 2rem; align-items: center; width: max-content; }
.bsec { order: 1; }
.bsec-third, .bsec-grand { order: 2; }
.bsec-losers { order: 3; grid-column: 1 / -1; }
.bsec h2 { font-size: 1rem; margin: 0 0 .25rem; height: 1.4rem; }
.bsec-third h3 { visibility: hidden; }
.rounds { display: flex; gap: var(--gap); }
.round { width: var(--col); }
.round h3 { font-size: .8rem; margin: 0; height: 1.3rem; color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cells { display: grid; }
.cell { position: relative; display: flex; align-items: center; min-height: 0; }
.mbox { width: 100%; display: grid; grid-template-columns: auto 1fr; background: #fff;
  border: 1px solid var(--line); border-radius: 6px; font-size: .85rem; line-height: 1.25; overflow: hidden; break-inside: avoid; }
.mbox.st-ready { border-color: var(--green); }
.mbox.st-void { border-color: var(--accent); border-style: dashed; }
.mbox.st-not-needed { opacity: .5; }
.mcode { grid-row: 1 / span 2; display: flex; align-items: center; padding: 0 .25rem; font-size: .7rem;
  color: var(--muted); background: #f4efe3; border-right: 1px solid var(--line); }
.sl { display: flex; gap: .3rem; padding: .1rem .35rem; min-width: 0; }
.sl + .sl { border-top: 1px solid var(--line); }
.sl .nm { flex: 1; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.sl .seed, .sl .sc { font-variant-numeric: tabular-nums; color: var(--muted); font-size: .75rem; }
.sl .sc { color: var(--ink); font-weight: 700; font-size: .85rem; }
.sl.win { font-weight: 700; background: #e8f3ec; }
.sl.unk .nm { color: var(--muted); font-style: italic; }
.cell.c-down::after, .cell.c-up::after, .cell.c-straight::after { content: ''; position: absolute; left: 100%;
  border-color: #8a8170; border-style: solid; border-width: 0; }
.cell.c-down::after { top: 50%; height: 50%; width: calc(var(--gap) / 2); border-top-width: 2px; border-right-width: 2px; }
.cell.c-up::after { bottom: 50%; height: 50%; width: calc(var(--gap) / 2); border-bottom-width: 2px; border-right-width: 2px; }
.cell.c-straight::after { top: 50%; width: var(--gap); border-top-width: 2px; }
.cell.fed::before { content: ''; position: absolute; right: 100%; top: 50%; width: calc(var(--gap) / 2);
  border-top: 2px solid #8a8170; }
.bracket-tools { margin: 1rem 0; }
.playable-list { columns: 2 16rem; padding-left: 1.2rem; }
";

/// The stylesheet of one bracket: grid rows and match positions, and the print
/// layout on the organiser's paper.
pub fn bracket_css(layout: &Layout, paper_name: &str) -> String {
    let mut css = String::from(BRACKET_CSS);
    for (i, s) in layout.sections.iter().enumerate() {
        let _ = writeln!(
            css,
            ".s{i} {{ grid-template-rows: repeat({}, var(--row)); }}",
            s.rows.max(1)
        );
        for b in s.columns.iter().flat_map(|c| &c.boxes) {
            let _ = writeln!(
                css,
                "#m{} {{ grid-row: {} / span {}; }}",
                b.id.0, b.row, b.span
            );
        }
    }
    let (size, _, _) = paper(paper_name);
    let (_, avail_w, _) = paper(paper_name);
    let _ = write!(
        css,
        "@page {{ size: {size}; margin: 10mm; }}
@media print {{
  body {{ font-size: 10px; }}
  main {{ padding: 0; }}
  .bracket-tools, .bracket-note, .playable, .bracket-head .meta {{ display: none !important; }}
  .bracket-head {{ height: {title}px; overflow: hidden; }}
  .bracket-head h1 {{ font-size: 18px; margin: 0; }}
  .champion {{ font-size: 14px; margin: 0; }}
  .bracket-wrap {{ overflow: visible; padding: 0; }}
  .mbox, .mbox.st-ready, .mbox.st-void {{ font-size: 10px; border-color: #000; border-radius: 2px; }}
  .sl {{ padding: 0 3px; line-height: 12px; }}
  .sl .seed, .sl .sc, .mcode {{ font-size: 8px; }}
  .sl.win {{ background: #fff; text-decoration: underline; }}
  .cell::after, .cell::before {{ border-color: #000 !important; }}
",
        title = PRINT_TITLE,
    );
    match print_zoom(layout, paper_name) {
        // The drawn bracket, scaled to one page.
        Some(zoom) => {
            let _ = write!(
                css,
                "  .bracket {{ zoom: {zoom:.4}; --row: {row}px; --col: {col}px; --gap: {gap}px; gap: {sgap}px; }}
  .bsec h2 {{ height: {shead}px; font-size: 12px; margin: 0; }}
  .round h3 {{ height: {rhead}px; font-size: 10px; }}
}}
",
                row = PRINT_ROW,
                col = PRINT_COL,
                gap = PRINT_GAP,
                sgap = PRINT_SECTION_GAP,
                shead = PRINT_SECTION_HEAD,
                rhead = PRINT_ROUND_HEAD,
            );
        }
        // Too big to read on one page: round by round, each round's matches in
        // columns across the page, over as many pages as needed.
        None => {
            let columns = ((avail_w + 14.0) / (LIST_COL + 14.0)).floor().max(1.0);
            let _ = write!(
                css,
                "  .bracket {{ display: block; width: auto; }}
  .bsec {{ margin: 0 0 5mm; }}
  .bsec h2 {{ font-size: 14px; margin: 0 0 2mm; height: auto; break-after: avoid; }}
  .rounds {{ display: block; }}
  .round {{ width: auto; margin: 0 0 4mm; }}
  .round h3, .bsec-third h3 {{ visibility: visible; height: auto; font-size: 12px; color: #000; margin: 0 0 1mm; break-after: avoid; }}
  .cells {{ display: block; columns: {columns} {LIST_COL}px; column-gap: 14px; }}
  .cell {{ display: block; break-inside: avoid; margin: 0 0 4px; }}
  .cell::before, .cell::after {{ display: none !important; }}
}}
"
            );
        }
    }
    css
}

/// `GET /cuadros/{id}/cuadro.css`.
pub async fn stylesheet(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let l = load_async(&state, id).await?;
    let css = bracket_css(&l.bracket.layout(), &l.row.paper);
    Ok(HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(css))
}

#[derive(Deserialize)]
pub struct PaperForm {
    paper: String,
}

/// `POST /cuadros/{id}/papel`: the paper of the print layout (A4 or A3 landscape).
pub async fn set_paper(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    form: web::Form<PaperForm>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let l = load_async(&state, id).await?;
    who.require(Perm::ManageClub(l.row.club_id), req.path())?;
    let paper = form.into_inner().paper;
    if paper != "a4" && paper != "a3" {
        return Err(AppError::unprocessable("error-bracket-paper", paper));
    }
    let actor = who.actor();
    let (club_id, event_id, old) = (l.row.club_id, l.row.event_id, l.row.paper.clone());
    db(&state, move |conn| {
        conn.transaction::<_, AppError, _>(|conn| {
            brackets::set_paper(conn, id, &paper)?;
            accounts::insert_audit(
                conn,
                &NewAudit {
                    at: now(),
                    actor: &actor,
                    action: "paper",
                    entity: "bracket",
                    entity_id: id,
                    club_id: Some(club_id),
                    event_id,
                    before_json: Some(serde_json::json!({ "paper": old }).to_string()),
                    after_json: Some(serde_json::json!({ "paper": paper }).to_string()),
                },
            )?;
            Ok(())
        })
    })
    .await?;
    Ok(see_other(&format!("/cuadros/{id}")))
}

#[derive(Deserialize)]
pub struct DeleteForm {
    version: i32,
    #[serde(default)]
    confirm: Option<String>,
}

/// `POST /cuadros/{id}/borrar`: a bracket created by mistake goes, with its results,
/// if the director confirms and nobody changed it meanwhile. The whole bracket stays
/// in the audit log (the entry's "before"), so nothing is lost for good.
pub async fn delete(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    form: web::Form<DeleteForm>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let l = load_async(&state, id).await?;
    who.require(Perm::ManageClub(l.row.club_id), req.path())?;
    let form = form.into_inner();
    if form.confirm.as_deref() != Some("si") {
        return Err(AppError::unprocessable(
            "bracket-delete-unconfirmed",
            String::new(),
        ));
    }
    let actor = who.actor();
    let row = l.row;
    let before = serde_json::json!({
        "name": row.name,
        "game": row.game,
        "event_id": row.event_id,
        "seeding": row.seeding,
        "paper": row.paper,
        "version": row.version,
        "entrants": serde_json::from_str::<serde_json::Value>(&row.entrants)
            .unwrap_or(serde_json::Value::Null),
        "document": serde_json::from_str::<serde_json::Value>(&row.document)
            .unwrap_or(serde_json::Value::Null),
    });
    db(&state, move |conn| {
        conn.transaction::<_, AppError, _>(|conn| {
            if brackets::delete_bracket(conn, id, form.version)? != 1 {
                return Err(AppError::Conflict {
                    key: "bracket-stale",
                    detail: String::new(),
                });
            }
            accounts::insert_audit(
                conn,
                &NewAudit {
                    at: now(),
                    actor: &actor,
                    action: "delete",
                    entity: "bracket",
                    entity_id: id,
                    club_id: Some(row.club_id),
                    event_id: row.event_id,
                    before_json: Some(before.to_string()),
                    after_json: None,
                },
            )?;
            Ok(())
        })
    })
    .await?;
    Ok(see_other("/cuadros"))
}

// ---------------------------------------------------------------- one match

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct ResultForm {
    pub winner: String,
    pub score_0: String,
    pub score_1: String,
    pub version: String,
    /// The match as the form showed it (see [`match_state`]).
    pub match_state: String,
    pub action: String,
    pub confirm: String,
}

/// What a result form asks for, checked.
#[derive(Debug, Clone, Copy)]
enum Op {
    Record {
        winner: Option<usize>,
        score: Option<[u32; 2]>,
    },
    Correct {
        winner: Option<usize>,
        score: Option<[u32; 2]>,
    },
    Clear,
}

fn parse_op(f: &ResultForm, correcting: bool) -> Result<(Op, i32), &'static str> {
    let version = f
        .version
        .trim()
        .parse::<i32>()
        .map_err(|_| "bracket-bad-form")?;
    if correcting && f.action == "clear" {
        return Ok((Op::Clear, version));
    }
    let winner = match f.winner.trim() {
        "" => None,
        "0" => Some(0),
        "1" => Some(1),
        _ => return Err("bracket-bad-form"),
    };
    let score_of = |s: &str| -> Result<Option<u32>, &'static str> {
        match s.trim() {
            "" => Ok(None),
            t => t
                .parse::<u32>()
                .ok()
                .filter(|v| *v <= MAX_SCORE)
                .map(Some)
                .ok_or("bracket-bad-score"),
        }
    };
    let score = match (score_of(&f.score_0)?, score_of(&f.score_1)?) {
        (Some(a), Some(b)) => Some([a, b]),
        (None, None) => None,
        _ => return Err("bracket-bad-score"),
    };
    if winner.is_none() && score.is_none() {
        return Err("bracket-no-winner");
    }
    Ok((
        if correcting {
            Op::Correct { winner, score }
        } else {
            Op::Record { winner, score }
        },
        version,
    ))
}

/// The entrant in slot `k` of match `id`.
fn slot_entrant(b: &Bracket, id: MatchId, k: usize) -> Result<EntrantId, BracketError> {
    b.get(id)
        .ok_or(BracketError::UnknownMatch(id))?
        .entrants()
        .get(k)
        .copied()
        .flatten()
        .ok_or(BracketError::NotReady(id))
}

/// Applies `op` to match `id`: what it voided and reopened.
fn apply(b: &mut Bracket, id: MatchId, op: Op) -> Result<Correction, BracketError> {
    // A winner and a score must agree.
    let check = |winner: Option<usize>, score: Option<[u32; 2]>| {
        if let (Some(w), Some([s0, s1])) = (winner, score)
            && ((w == 0 && s0 <= s1) || (w == 1 && s1 <= s0))
        {
            return Err(if s0 == s1 {
                BracketError::Draw(id)
            } else {
                BracketError::ScoreContradictsWinner(id)
            });
        }
        Ok(())
    };
    match op {
        Op::Record { winner, score } => {
            check(winner, score)?;
            let ready = match (score, winner) {
                (Some(s), _) => b.record_score(id, s)?,
                (None, Some(w)) => {
                    let e = slot_entrant(b, id, w)?;
                    b.record_result(id, e)?
                }
                (None, None) => return Err(BracketError::NotReady(id)),
            };
            Ok(Correction {
                voided: Vec::new(),
                reopened: ready,
            })
        }
        Op::Correct { winner, score } => {
            check(winner, score)?;
            match (score, winner) {
                (Some(s), _) => b.correct_score(id, s),
                (None, Some(w)) => {
                    let e = slot_entrant(b, id, w)?;
                    b.correct_result(id, e)
                }
                (None, None) => Err(BracketError::NotPlayed(id)),
            }
        }
        Op::Clear => b.clear_result(id),
    }
}

fn refusal_key(e: &BracketError) -> &'static str {
    match e {
        BracketError::NotReady(_) => "bracket-err-not-ready",
        BracketError::AlreadyPlayed(_) => "bracket-err-played",
        BracketError::NotPlayed(_) => "bracket-err-not-played",
        BracketError::Draw(_) => "bracket-err-draw",
        BracketError::ScoreContradictsWinner(_) => "bracket-err-contradicts",
        _ => "bracket-err-invalid",
    }
}

pub struct PreviewView {
    pub voided: Vec<String>,
    pub reopened: Vec<String>,
}

pub struct MatchView {
    pub id: u32,
    pub code: String,
    pub round: String,
    pub side: String,
    pub status: &'static str,
    pub status_text: String,
    pub slots: Vec<SlotView>,
    pub playable: bool,
    pub played: bool,
    pub dependents: Vec<String>,
    pub winner_to: Option<String>,
    pub loser_to: Option<String>,
}

#[derive(Template)]
#[template(path = "bracket_match.html")]
struct MatchPage<'a> {
    ctx: &'a Ctx,
    bracket_id: i32,
    bracket_name: String,
    version: i32,
    m: MatchView,
    can_manage: bool,
    form: ResultForm,
    error: Option<String>,
    preview: Option<PreviewView>,
}

fn match_view(ctx: &Ctx, l: &Loaded, id: MatchId) -> Result<MatchView, AppError> {
    let m = l.bracket.get(id).ok_or(AppError::NotFound)?;
    let layout = l.layout();
    let double = matches!(l.bracket.format(), Format::DoubleElimination { .. });
    let (side, column, boxed) = layout
        .sections
        .iter()
        .flat_map(|s| s.columns.iter().map(move |c| (s.side, c)))
        .find_map(|(side, c)| c.boxes.iter().find(|b| b.id == id).map(|b| (side, c, b)))
        .ok_or(AppError::NotFound)?;
    Ok(MatchView {
        id: id.0,
        code: m.code(),
        round: round_title(ctx, column.name),
        side: side_title(ctx, side, double),
        status: status_class(m.status),
        status_text: status_text(ctx, m.status),
        slots: boxed.slots.iter().map(|s| slot_view(ctx, s)).collect(),
        playable: m.is_playable(),
        played: m.status == Status::Played,
        dependents: l
            .bracket
            .dependents(id)
            .into_iter()
            .map(|d| match_line(ctx, l, d))
            .collect(),
        winner_to: boxed.winner_to.clone(),
        loser_to: boxed.loser_to.clone(),
    })
}

#[allow(clippy::too_many_arguments)]
async fn match_page(
    req: &HttpRequest,
    state: &AppState,
    who: &Principal,
    id: i32,
    m: MatchId,
    form: Option<ResultForm>,
    error: Option<String>,
    preview: Option<PreviewView>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let l = load_async(state, id).await?;
    let ctx = Ctx::from_request(req);
    let view = match_view(&ctx, &l, m)?;
    let current = l.bracket.get(m).and_then(|x| x.result);
    let form = form.unwrap_or_else(|| ResultForm {
        winner: current
            .and_then(|r| {
                l.bracket
                    .get(m)
                    .and_then(|x| x.entrants().iter().position(|e| *e == Some(r.winner)))
            })
            .map(|k| k.to_string())
            .unwrap_or_default(),
        score_0: current
            .and_then(|r| r.score)
            .map(|s| s[0].to_string())
            .unwrap_or_default(),
        score_1: current
            .and_then(|r| r.score)
            .map(|s| s[1].to_string())
            .unwrap_or_default(),
        version: l.row.version.to_string(),
        match_state: l.bracket.get(m).map(match_state).unwrap_or_default(),
        ..ResultForm::default()
    });
    render_status(
        &MatchPage {
            ctx: &ctx,
            bracket_id: id,
            bracket_name: l.row.name.clone(),
            version: l.row.version,
            can_manage: who.allows(Perm::ManageClub(l.row.club_id)),
            m: view,
            form,
            error,
            preview,
        },
        status,
    )
}

/// `GET /cuadros/{id}/partidos/{m}`: one match; organisers enter or correct it here.
pub async fn show_match(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (raw_id, raw_m) = path.into_inner();
    let id = parse_id(&raw_id)?;
    let m = parse_match(&raw_m)?;
    match_page(&req, &state, &who, id, m, None, None, None, StatusCode::OK).await
}

enum Saved {
    Done,
    /// Someone changed the bracket after the form was read: nothing written.
    Stale,
    Refused(BracketError),
}

/// A short fingerprint of a match as a form showed it: its occupants, result and
/// status. A result form is still good after other matches changed (the bracket's
/// version moved on) as long as its own match did not.
pub fn match_state(m: &crate::domain::bracket::Match) -> String {
    let text = format!("{:?}|{:?}|{:?}", m.entrants(), m.result, m.status);
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// Applies `op` and audits it, in one transaction, if the bracket is still at
/// `version` or, for a new result, if its match is still in `state`.
fn save(
    conn: &mut DbConn,
    id: i32,
    m: MatchId,
    op: Op,
    (version, state): (i32, Option<String>),
    actor: &str,
) -> Result<Saved, AppError> {
    conn.transaction::<_, AppError, _>(|conn| {
        brackets::lock_bracket(conn, id)?;
        let l = load(conn, id)?;
        let unchanged_match = state.is_some_and(|s| l.bracket.get(m).map(match_state) == Some(s));
        if l.row.version != version && !unchanged_match {
            return Ok(Saved::Stale);
        }
        let version = l.row.version;
        let before = l.bracket.get(m).ok_or(AppError::NotFound)?.clone();
        let mut bracket = l.bracket.clone();
        let correction = match apply(&mut bracket, m, op) {
            Ok(c) => c,
            Err(e) => return Ok(Saved::Refused(e)),
        };
        let document = serde_json::to_string(&bracket)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("bracket json: {e}")))?;
        let at = now();
        if !brackets::update_document(conn, id, version, &document, at)? {
            return Ok(Saved::Stale);
        }
        let after = bracket.get(m).ok_or(AppError::NotFound)?;
        let outcome = |x: &crate::domain::bracket::Match| {
            serde_json::json!({
                "winner": x.result.map(|r| l.name(r.winner)),
                "score": x.result.and_then(|r| r.score),
            })
        };
        let codes = |ids: &[MatchId]| -> Vec<String> {
            ids.iter()
                .filter_map(|d| bracket.get(*d).map(|x| x.code()))
                .collect()
        };
        let action = match op {
            Op::Record { .. } => "record",
            Op::Correct { .. } => "correct",
            Op::Clear => "clear",
        };
        let mut before_json = outcome(&before);
        before_json["match"] = before.code().into();
        before_json["version"] = version.into();
        let mut after_json = outcome(after);
        after_json["match"] = after.code().into();
        after_json["version"] = (version + 1).into();
        after_json["voided"] = codes(&correction.voided).into();
        after_json["reopened"] = codes(&correction.reopened).into();
        accounts::insert_audit(
            conn,
            &NewAudit {
                at,
                actor,
                action,
                entity: "bracket",
                entity_id: id,
                club_id: Some(l.row.club_id),
                event_id: l.row.event_id,
                before_json: Some(before_json.to_string()),
                after_json: Some(after_json.to_string()),
            },
        )?;
        Ok(Saved::Done)
    })
}

async fn post_change(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
    form: web::Form<ResultForm>,
    correcting: bool,
) -> Result<HttpResponse, AppError> {
    let (raw_id, raw_m) = path.into_inner();
    let id = parse_id(&raw_id)?;
    let m = parse_match(&raw_m)?;
    let l = load_async(&state, id).await?;
    if l.bracket.get(m).is_none() {
        return Err(AppError::NotFound);
    }
    who.require(Perm::ManageClub(l.row.club_id), req.path())?;
    let form = form.into_inner();
    let ctx = Ctx::from_request(&req);
    let refuse = |key: &str, status: StatusCode, form: ResultForm| {
        let error = if key == "bracket-bad-score" {
            ctx.t1(key, "max", &MAX_SCORE)
        } else {
            ctx.t(key)
        };
        match_page(
            &req,
            &state,
            &who,
            id,
            m,
            Some(form),
            Some(error),
            None,
            status,
        )
    };
    let (op, version) = match parse_op(&form, correcting) {
        Ok(x) => x,
        Err(key) => return refuse(key, StatusCode::UNPROCESSABLE_ENTITY, form).await,
    };
    // A correction voids what its preview showed: it needs the very version read.
    // A new result only needs its own match unchanged.
    let seen = (!correcting && !form.match_state.is_empty()).then(|| form.match_state.clone());
    let fresh = version == l.row.version
        || seen
            .as_deref()
            .is_some_and(|s| l.bracket.get(m).map(match_state).as_deref() == Some(s));
    if !fresh {
        return refuse("bracket-stale", StatusCode::CONFLICT, form).await;
    }
    if correcting && form.confirm != "1" {
        // Show what the correction would void, and ask.
        let mut trial = l.bracket.clone();
        match apply(&mut trial, m, op) {
            Err(e) => {
                return refuse(refusal_key(&e), StatusCode::UNPROCESSABLE_ENTITY, form).await;
            }
            Ok(c) if !c.voided.is_empty() => {
                let after = Loaded {
                    row: l.row.clone(),
                    names: l.names.clone(),
                    bracket: trial,
                };
                let preview = PreviewView {
                    voided: c.voided.iter().map(|d| match_line(&ctx, &l, *d)).collect(),
                    reopened: c
                        .reopened
                        .iter()
                        .map(|d| match_line(&ctx, &after, *d))
                        .collect(),
                };
                return match_page(
                    &req,
                    &state,
                    &who,
                    id,
                    m,
                    Some(form),
                    None,
                    Some(preview),
                    StatusCode::OK,
                )
                .await;
            }
            Ok(_) => {}
        }
    }
    let actor = who.actor();
    let expect = (version, seen);
    match db(&state, move |conn| save(conn, id, m, op, expect, &actor)).await? {
        Saved::Done => Ok(see_other(&format!("/cuadros/{id}"))),
        Saved::Stale => refuse("bracket-stale", StatusCode::CONFLICT, form).await,
        Saved::Refused(e) => refuse(refusal_key(&e), StatusCode::UNPROCESSABLE_ENTITY, form).await,
    }
}

/// `POST /cuadros/{id}/partidos/{m}/resultado`: enter a result.
pub async fn post_result(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
    form: web::Form<ResultForm>,
) -> Result<HttpResponse, AppError> {
    post_change(req, state, who, path, form, false).await
}

/// `POST /cuadros/{id}/partidos/{m}/corregir`: change or clear a result; when later
/// matches depend on it, first shows which (nothing changes until `confirm=1`).
pub async fn post_correction(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
    form: web::Form<ResultForm>,
) -> Result<HttpResponse, AppError> {
    post_change(req, state, who, path, form, true).await
}

// ---------------------------------------------------------------- audit

/// `GET /cuadros/{id}/auditoria[?formato=csv|json]`: every result and correction of
/// the bracket (organisers and referees of the club).
pub async fn audit(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    query: web::Query<std::collections::HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let (row, entries) = db(&state, move |conn| {
        let row = brackets::find_bracket(conn, id)?.ok_or(AppError::NotFound)?;
        Ok((row, brackets::bracket_audit(conn, id)?))
    })
    .await?;
    who.require(Perm::ReadAudit(row.club_id), req.path())?;
    super::manage::audit_response(
        &req,
        row.name,
        format!("/cuadros/{id}"),
        format!("auditoria-cuadro-{id}"),
        entries,
        query.get("formato").map(String::as_str),
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

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
        let many: String = (0..300).map(|i| format!("p{i}\n")).collect();
        assert!(parse_names(&many).is_err());
    }

    #[test]
    fn a_score_that_contradicts_the_chosen_winner_is_refused() {
        let mut b = single_elimination(&ids(4), false).unwrap();
        let m = b.playable()[0];
        let op = Op::Record {
            winner: Some(0),
            score: Some([3, 5]),
        };
        assert!(matches!(
            apply(&mut b, m, op),
            Err(BracketError::ScoreContradictsWinner(_))
        ));
        assert_eq!(b.get(m).unwrap().status, Status::Ready);
    }
}
