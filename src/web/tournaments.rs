//! Championships with rounds (issue 9, "Tournaments I"): the director's pages
//! (create, register entrants, CSV import and export, late entry, withdrawal,
//! check-in, pair and publish rounds, enter and correct results), the table's score
//! entry with the opponents' signature ("firma"), the standings, the public live page
//! for a wall screen, and the printable A4 pages.
//!
//! The state is the championship's `baza-tournament/1` document; every change goes
//! through `db::tournaments::change` (optimistic version, one audit row), and every
//! computation (pairing, result checks, standings, dependents) is the domain's.

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::account::{now, see_other};
use super::auth::{self, Perm, Principal};
use super::{AppState, CachedPage, Ctx, db, multipart_fields, parse_id, render, render_status};
use crate::db::DbConn;
use crate::db::queries::{self, Club};
use crate::db::tournaments::{self as store, ChangeError, TableRow, Tournament};
use crate::domain::GameKind;
use crate::domain::tournament::{
    self, Entrant, HeadToHead, MatchFormat, MatchResult, Pairing, PairingError, Points, Side,
    System, Tiebreak, TournamentFile,
};
use crate::error::AppError;

/// Session key: the tournament tables whose PIN this browser entered.
pub const S_TOURNAMENT_TABLES: &str = "tournament_tables";

/// How often the live page reloads itself, in seconds.
pub const LIVE_REFRESH: u32 = 30;

impl From<ChangeError> for AppError {
    fn from(e: ChangeError) -> Self {
        match e {
            ChangeError::Db(e) => AppError::from(e),
            ChangeError::NotFound => AppError::NotFound,
            ChangeError::Pairing(p) => pairing_error(&p),
            ChangeError::Refused(key, detail) => AppError::unprocessable(key, detail),
            ChangeError::Stale => AppError::Conflict {
                key: "error-stale",
                detail: String::new(),
            },
        }
    }
}

fn pairing_error(p: &PairingError) -> AppError {
    match p {
        PairingError::RoundIncomplete { round, tables } => AppError::Conflict {
            key: "error-tournament-round-incomplete",
            detail: format!(
                "{round}: {}",
                tables
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
        PairingError::Finished => AppError::Conflict {
            key: "error-tournament-finished",
            detail: String::new(),
        },
        other => AppError::unprocessable("error-tournament-pairing", other.to_string()),
    }
}

/// Loads a championship or 404s.
fn load(conn: &mut DbConn, id: i32) -> Result<Tournament, AppError> {
    store::load(conn, id)?.ok_or(AppError::NotFound)
}

fn random_pin() -> String {
    let mut b = [0u8; 4];
    if getrandom::fill(&mut b).is_err() {
        return String::new();
    }
    format!("{:04}", u32::from_le_bytes(b) % 10_000)
}

fn entrant_name(file: &TournamentFile, id: &str) -> String {
    file.entrants
        .iter()
        .find(|e| e.id == id)
        .map_or_else(|| id.to_owned(), |e| e.name.clone())
}

fn system_text(ctx: &Ctx, s: &System) -> String {
    match *s {
        System::Swiss { rounds } => ctx.t1("tournament-system-swiss-n", "n", &rounds),
        System::RoundRobin { double, groups } => {
            let base = if double {
                ctx.t("tournament-system-double")
            } else {
                ctx.t("tournament-system-single")
            };
            if groups > 1 {
                format!("{base} · {}", ctx.t1("tournament-groups-n", "n", &groups))
            } else {
                base
            }
        }
        System::Ceros { losses } => ctx.t1("tournament-system-ceros-n", "n", &losses),
    }
}

fn format_text(ctx: &Ctx, f: &MatchFormat) -> String {
    match *f {
        MatchFormat::Partida { target: Some(t) } => ctx.t1("tournament-format-partida-to", "n", &t),
        MatchFormat::Partida { target: None } => ctx.t("tournament-format-partida"),
        MatchFormat::BestOf { partidas } => ctx.t1("tournament-format-best-of", "n", &partidas),
        MatchFormat::Timed {
            target,
            max_hands,
            minutes,
            cap,
        } => format!(
            "{target} · {max_hands} · {minutes}′ · {}",
            ctx.t1("tournament-format-cap", "n", &cap)
        ),
    }
}

fn tiebreak_label(ctx: &Ctx, t: Tiebreak) -> String {
    ctx.t(&format!("tiebreak-{}", t.slug().replace('_', "-")))
}

// ---------------------------------------------------------------------------
// Standings, shared by the standings page, the live page and the print page.

pub struct StandingLine {
    pub rank: u32,
    pub name: String,
    pub club: String,
    pub played: u32,
    pub wdl: String,
    pub points: u32,
    pub columns: Vec<String>,
    pub withdrawn: bool,
}

/// The tie-break columns shown (match points have their own column).
fn tb_columns(file: &TournamentFile) -> Vec<Tiebreak> {
    file.event
        .tiebreaks
        .iter()
        .copied()
        .filter(|t| *t != Tiebreak::Points)
        .collect()
}

fn standing_lines(file: &TournamentFile) -> Vec<StandingLine> {
    let cols = tb_columns(file);
    tournament::standings(file)
        .iter()
        .map(|r| StandingLine {
            rank: r.rank,
            name: r.name.clone(),
            club: r.club.clone().unwrap_or_default(),
            played: r.played,
            wdl: format!("{}-{}-{}", r.wins, r.draws, r.losses),
            points: r.points,
            columns: cols
                .iter()
                .map(|t| crate::domain::tournament::text::value(r, *t, "–"))
                .collect(),
            withdrawn: r.withdrawn,
        })
        .collect()
}

fn tb_headers(ctx: &Ctx, file: &TournamentFile) -> Vec<String> {
    tb_columns(file)
        .into_iter()
        .map(|t| tiebreak_label(ctx, t))
        .collect()
}

// ---------------------------------------------------------------------------
// Rounds as shown.

pub struct TableLine {
    pub table: u32,
    /// The physical table, or `None` while queued.
    pub physical: Option<i32>,
    pub a: String,
    pub b: String,
    pub result: Option<String>,
    /// `playing`, `proposed`, `final`.
    pub status: String,
    pub url: String,
    pub pin: String,
    pub qr_svg: String,
}

pub struct RoundView {
    pub number: u32,
    pub published: bool,
    pub complete: bool,
    pub tables: Vec<TableLine>,
    pub byes: Vec<String>,
    pub rests: Vec<String>,
}

fn result_text(r: &MatchResult) -> String {
    let mut s = format!("{} – {}", r.score[0], r.score[1]);
    if let Some(f) = r.forfeit {
        s.push_str(match f {
            Side::A => " (np A)",
            Side::B => " (np B)",
        });
    }
    s
}

fn round_views(t: &Tournament, rows: &[TableRow], base: Option<&str>) -> Vec<RoundView> {
    let id = t.event.id;
    t.file
        .rounds
        .iter()
        .map(|r| {
            let mut tables = Vec::new();
            let mut byes = Vec::new();
            let mut rests = Vec::new();
            for p in &r.pairings {
                match p {
                    Pairing::Table(tp) => {
                        let row = rows.iter().find(|x| {
                            x.round_no == r.number as i32 && x.table_no == tp.table as i32
                        });
                        let path =
                            format!("/campeonatos/{id}/rondas/{}/mesas/{}", r.number, tp.table);
                        let url = base.map_or_else(|| path.clone(), |b| format!("{b}{path}"));
                        tables.push(TableLine {
                            table: tp.table,
                            physical: row.map_or(Some(tp.table as i32), |x| x.physical),
                            a: entrant_name(&t.file, &tp.a),
                            b: entrant_name(&t.file, &tp.b),
                            result: r.result(tp.table).map(result_text),
                            status: row.map_or_else(|| "playing".into(), |x| x.status.clone()),
                            pin: row.map(|x| x.pin.clone()).unwrap_or_default(),
                            qr_svg: if base.is_some() {
                                super::manage::qr_svg(&url)
                            } else {
                                String::new()
                            },
                            url: path,
                        });
                    }
                    Pairing::Bye(b) => byes.push(entrant_name(&t.file, &b.bye)),
                    Pairing::Rest(x) => rests.push(entrant_name(&t.file, &x.rest)),
                }
            }
            RoundView {
                number: r.number,
                published: r.number as i32 <= t.published_round,
                complete: r.missing_results().is_empty(),
                tables,
                byes,
                rests,
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Creating a championship.

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct NewForm {
    name: String,
    game: String,
    options: String,
    starts_on: String,
    system: String,
    rounds: String,
    groups: String,
    losses: String,
    match_format: String,
    target: String,
    partidas: String,
    max_hands: String,
    minutes: String,
    cap: String,
    win: String,
    draw: String,
    loss: String,
    bye: String,
    tb1: String,
    tb2: String,
    tb3: String,
    tb4: String,
    tb5: String,
    tb6: String,
    /// How head-to-head reads the games among the level (`all_met`, `games_played`).
    head_to_head: String,
}

impl NewForm {
    fn defaults() -> NewForm {
        NewForm {
            game: "botifarra".into(),
            options: "{}".into(),
            starts_on: now().date().to_string(),
            system: "swiss".into(),
            rounds: "5".into(),
            groups: "1".into(),
            losses: "2".into(),
            match_format: "timed".into(),
            partidas: "3".into(),
            max_hands: "12".into(),
            minutes: "55".into(),
            cap: "121".into(),
            target: "101".into(),
            win: "2".into(),
            draw: "1".into(),
            loss: "0".into(),
            bye: "2".into(),
            tb1: "points".into(),
            tb2: "buchholz".into(),
            tb3: "median_buchholz".into(),
            tb4: "point_difference".into(),
            tb5: "points_for".into(),
            tb6: "lot".into(),
            head_to_head: HeadToHead::default().slug().into(),
            ..NewForm::default()
        }
    }

    fn tiebreaks(&self) -> Vec<String> {
        [
            &self.tb1, &self.tb2, &self.tb3, &self.tb4, &self.tb5, &self.tb6,
        ]
        .into_iter()
        .cloned()
        .collect()
    }
}

fn num(field: &'static str, s: &str, min: u32, max: u32) -> Result<u32, (&'static str, String)> {
    s.trim()
        .parse::<u32>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or((field, s.to_owned()))
}

/// Builds the tournament file a creation form describes (or the field at fault).
fn file_from_form(
    f: &NewForm,
    seed: u64,
) -> Result<(TournamentFile, chrono::NaiveDate), (&'static str, String)> {
    let name = f.name.trim();
    if name.is_empty() || name.chars().count() > 120 {
        return Err(("tournament-name", f.name.clone()));
    }
    let game: GameKind = f
        .game
        .parse()
        .map_err(|_| ("tournament-game", f.game.clone()))?;
    let options: Map<String, Value> = if f.options.trim().is_empty() {
        Map::new()
    } else {
        serde_json::from_str(f.options.trim()).map_err(|e| ("tournament-options", e.to_string()))?
    };
    let starts_on = chrono::NaiveDate::parse_from_str(f.starts_on.trim(), "%Y-%m-%d")
        .map_err(|_| ("tournament-starts-on", f.starts_on.clone()))?;
    let system = match f.system.as_str() {
        "swiss" => System::Swiss {
            rounds: num("tournament-rounds", &f.rounds, 1, 30)?,
        },
        "round_robin" | "round_robin_double" => System::RoundRobin {
            double: f.system == "round_robin_double",
            groups: num("tournament-groups", &f.groups, 1, 64)?,
        },
        "ceros" => System::Ceros {
            losses: num("tournament-losses", &f.losses, 1, 10)?,
        },
        _ => return Err(("tournament-system", f.system.clone())),
    };
    let match_format = match f.match_format.as_str() {
        "partida" => MatchFormat::Partida {
            target: if f.target.trim().is_empty() {
                None
            } else {
                Some(num("tournament-target", &f.target, 1, 9999)?)
            },
        },
        "best_of" => MatchFormat::BestOf {
            partidas: num("tournament-partidas", &f.partidas, 1, 15)?,
        },
        "timed" => MatchFormat::Timed {
            target: num("tournament-target", &f.target, 1, 9999)?,
            max_hands: num("tournament-max-hands", &f.max_hands, 1, 99)?,
            minutes: num("tournament-minutes", &f.minutes, 1, 600)?,
            cap: num("tournament-cap", &f.cap, 1, 9999)?,
        },
        _ => return Err(("tournament-match-format", f.match_format.clone())),
    };
    let points = Points {
        win: num("tournament-points", &f.win, 0, 100)?,
        draw: num("tournament-points", &f.draw, 0, 100)?,
        loss: num("tournament-points", &f.loss, 0, 100)?,
        bye: num("tournament-points", &f.bye, 0, 100)?,
    };
    let mut tiebreaks = Vec::new();
    for slug in f.tiebreaks() {
        let slug = slug.as_str();
        if slug.is_empty() {
            continue;
        }
        let tb = Tiebreak::ALL
            .into_iter()
            .find(|t| t.slug() == slug)
            .ok_or(("tournament-tiebreaks", slug.to_owned()))?;
        if tiebreaks.contains(&tb) {
            return Err(("tournament-tiebreaks", slug.to_owned()));
        }
        tiebreaks.push(tb);
    }
    let head_to_head = match f.head_to_head.trim() {
        "" => HeadToHead::default(),
        slug => HeadToHead::ALL
            .into_iter()
            .find(|h| h.slug() == slug)
            .ok_or(("tournament-head-to-head", slug.to_owned()))?,
    };
    let file = TournamentFile {
        brackets: Vec::new(),
        format: tournament::FORMAT.to_owned(),
        event: tournament::Event {
            name: name.to_owned(),
            game,
            options,
            system,
            match_format,
            points,
            tiebreaks,
            head_to_head,
            seed,
        },
        entrants: Vec::new(),
        rounds: Vec::new(),
    };
    tournament::validate(&file).map_err(|e| ("tournament-options", e.to_string()))?;
    Ok((file, starts_on))
}

#[derive(Template)]
#[template(path = "tournament_new.html")]
struct NewPage<'a> {
    ctx: &'a Ctx,
    club: Club,
    form: NewForm,
    error: Option<String>,
    games: Vec<(&'static str, String)>,
    tiebreaks: Vec<(&'static str, String)>,
    chosen: Vec<String>,
    /// The head-to-head readings: slug and label.
    h2h_modes: Vec<(&'static str, String)>,
}

impl NewPage<'_> {
    fn is(&self, a: &str, b: &str) -> bool {
        a == b
    }
}

fn new_page(
    req: &HttpRequest,
    club: Club,
    form: NewForm,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(req);
    let games = GameKind::ALL
        .iter()
        .map(|g| (g.slug(), ctx.t(&format!("game-{}", g.slug()))))
        .collect();
    let tiebreaks = Tiebreak::ALL
        .iter()
        .map(|t| (t.slug(), tiebreak_label(&ctx, *t)))
        .collect();
    render_status(
        &NewPage {
            ctx: &ctx,
            club,
            chosen: form.tiebreaks(),
            form,
            error,
            games,
            tiebreaks,
            h2h_modes: HeadToHead::ALL
                .iter()
                .map(|h| {
                    (
                        h.slug(),
                        ctx.t(&format!("head-to-head-{}", h.slug().replace('_', "-"))),
                    )
                })
                .collect(),
        },
        status,
    )
}

/// `GET /clubes/{id}/campeonatos/nuevo`
pub async fn new_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let club_id = parse_id(&path)?;
    who.require(Perm::ManageClub(club_id), req.path())?;
    let club = db(&state, move |conn| {
        queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)
    })
    .await?;
    new_page(&req, club, NewForm::defaults(), None, StatusCode::OK)
}

/// `POST /clubes/{id}/campeonatos/nuevo`
pub async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    form: web::Form<NewForm>,
) -> Result<HttpResponse, AppError> {
    let club_id = parse_id(&path)?;
    who.require(Perm::ManageClub(club_id), req.path())?;
    let form = form.into_inner();
    let club = db(&state, move |conn| {
        queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)
    })
    .await?;
    let mut seed = [0u8; 4];
    getrandom::fill(&mut seed).map_err(|e| AppError::Internal(anyhow::anyhow!("random: {e}")))?;
    let (file, starts_on) = match file_from_form(&form, u64::from(u32::from_le_bytes(seed))) {
        Ok(x) => x,
        Err((field, detail)) => {
            let ctx = Ctx::from_request(&req);
            let error = format!(
                "{}: {} ({detail})",
                ctx.t("tournament-bad-field"),
                ctx.t(field)
            );
            return new_page(
                &req,
                club,
                form,
                Some(error),
                StatusCode::UNPROCESSABLE_ENTITY,
            );
        }
    };
    let actor = who.actor();
    let id = db(&state, move |conn| {
        Ok(store::create(
            conn,
            club_id,
            &file,
            starts_on,
            now(),
            &actor,
            &mut random_pin,
        )?)
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion")))
}

// ---------------------------------------------------------------------------
// The director's page.

pub struct EntrantLine {
    pub id: String,
    pub name: String,
    pub club: String,
    pub seed: String,
    pub first_round: u32,
    pub withdrawn: Option<u32>,
    pub checked_in: bool,
}

#[derive(Template)]
#[template(path = "tournament_director.html")]
struct DirectorPage<'a> {
    ctx: &'a Ctx,
    tour: Tournament,
    game_label: String,
    status_label: String,
    system: String,
    format: String,
    points: Points,
    tiebreaks: Vec<String>,
    entrants: Vec<EntrantLine>,
    rounds: Vec<RoundView>,
    /// The next round number if it can be paired now.
    next: Option<u32>,
    /// Why not, when it cannot.
    blocked: Option<String>,
    late: bool,
    /// Brackets of the championship its export cannot carry (see `store::export`).
    left_out: Vec<String>,
}

fn entrant_lines(t: &Tournament) -> Vec<EntrantLine> {
    t.file
        .entrants
        .iter()
        .map(|e| EntrantLine {
            id: e.id.clone(),
            name: e.name.clone(),
            club: e.club.clone().unwrap_or_default(),
            seed: e.seed.map(|s| s.to_string()).unwrap_or_default(),
            first_round: e.first_round,
            withdrawn: e.withdrawn_after_round,
            checked_in: t.checked_in.contains(&e.id),
        })
        .collect()
}

/// `GET /campeonatos/{id}/direccion`
pub async fn director(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let (t, rows, left_out) = db(&state, move |conn| {
        let t = load(conn, id)?;
        let (_, left_out) = store::linked_phases(conn, id, &t.file)?;
        Ok((t, store::tables(conn, id)?, left_out))
    })
    .await?;
    who.require(Perm::ManageClub(t.event.club_id), req.path())?;
    let ctx = Ctx::from_request(&req);
    let (next, blocked) = match tournament::next_round(&t.file) {
        Ok(r) => (Some(r.number), None),
        Err(PairingError::RoundIncomplete { round, tables }) => (
            None,
            Some(format!(
                "{} {}",
                ctx.t1("tournament-missing-results", "round", &round),
                tables
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        ),
        Err(PairingError::Finished) => (None, Some(ctx.t("tournament-finished"))),
        Err(e) => (None, Some(e.to_string())),
    };
    let mut rounds = round_views(&t, &rows, None);
    rounds.reverse();
    render(&DirectorPage {
        left_out,
        system: system_text(&ctx, &t.file.event.system),
        format: format_text(&ctx, &t.file.event.match_format),
        points: t.file.event.points,
        tiebreaks: t
            .file
            .event
            .tiebreaks
            .iter()
            .map(|x| tiebreak_label(&ctx, *x))
            .collect(),
        entrants: entrant_lines(&t),
        late: !t.file.rounds.is_empty(),
        rounds,
        next,
        blocked,
        game_label: ctx.t(&format!("game-{}", t.event.game)),
        status_label: ctx.t(&format!("status-{}", t.event.status)),
        tour: t,
        ctx: &ctx,
    })
}

/// Checks the director's right on championship `id` (loading its club).
async fn require_director(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
) -> Result<i32, AppError> {
    let club = db(state, move |conn| Ok(load(conn, id)?.event.club_id)).await?;
    who.require(Perm::ManageClub(club), req.path())?;
    Ok(club)
}

// ---------------------------------------------------------------------------
// Entrants.

#[derive(Deserialize)]
pub struct EntrantForm {
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    seed: String,
    #[serde(default)]
    start_points: String,
}

/// A new entrant, checked against those registered (`line` only for messages).
fn new_entrant(
    file: &TournamentFile,
    name: &str,
    club: &str,
    seed: &str,
    start_points: &str,
) -> Result<Entrant, &'static str> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err("error-entrant-name");
    }
    if file
        .entrants
        .iter()
        .any(|e| e.name.to_lowercase() == name.to_lowercase())
    {
        return Err("error-entrant-exists");
    }
    let seed = match seed.trim() {
        "" => None,
        s => Some(
            s.parse::<u32>()
                .ok()
                .filter(|v| (1..=9999).contains(v))
                .ok_or("error-entrant-seed")?,
        ),
    };
    if seed.is_some() && file.entrants.iter().any(|e| e.seed == seed) {
        return Err("error-entrant-seed-taken");
    }
    let start_points = match start_points.trim() {
        "" => 0,
        s => s
            .parse::<u32>()
            .ok()
            .filter(|v| *v <= 1000)
            .ok_or("error-entrant-start-points")?,
    };
    let rounds = file.rounds.len() as u32;
    if rounds > 0 && matches!(file.event.system, System::RoundRobin { .. }) {
        return Err("error-entrant-late-round-robin");
    }
    let mut e = Entrant::new(store::next_entrant_id(file), name);
    let club = club.trim();
    e.club = (!club.is_empty()).then(|| club.chars().take(80).collect());
    e.seed = seed;
    e.first_round = rounds + 1;
    e.start_points = start_points;
    Ok(e)
}

/// `POST /campeonatos/{id}/inscritos`: registration, or a late entry once rounds
/// have been paired (the entrant plays from the next round).
pub async fn add_entrant(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    form: web::Form<EntrantForm>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    require_director(&req, &state, &who, id).await?;
    let form = form.into_inner();
    let actor = who.actor();
    let shown = form.name.clone();
    db(&state, move |conn| {
        store::change(conn, id, &actor, now(), |_, t| {
            let e = new_entrant(
                &t.file,
                &form.name,
                &form.club,
                &form.seed,
                &form.start_points,
            )
            .map_err(|key| ChangeError::Refused(key, shown.clone()))?;
            let after = serde_json::to_value(&e).ok();
            let late = e.first_round > 1;
            t.file.entrants.push(e);
            Ok((
                (),
                store::Audit {
                    action: if late { "late_entry" } else { "register" },
                    entity: "entrant",
                    entity_id: id,
                    before: None,
                    after,
                },
            ))
        })
        .map_err(AppError::from)
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion#inscritos")))
}

fn entrant_action(
    conn: &mut DbConn,
    id: i32,
    eid: String,
    actor: &str,
    what: &'static str,
) -> Result<(), AppError> {
    store::change(conn, id, actor, now(), |_, t| {
        let rounds = t.rounds_paired();
        let pos = t
            .file
            .entrants
            .iter()
            .position(|e| e.id == eid)
            .ok_or(ChangeError::NotFound)?;
        let before = serde_json::json!({
            "entrant": &t.file.entrants[pos],
            "checked_in": t.checked_in.contains(&eid),
        });
        match what {
            "withdraw" => {
                let e = &mut t.file.entrants[pos];
                if e.withdrawn_after_round.is_some() {
                    return Err(ChangeError::Refused(
                        "error-entrant-withdrawn",
                        e.name.clone(),
                    ));
                }
                e.withdrawn_after_round = Some(rounds.max(e.first_round.saturating_sub(1)));
            }
            "reinstate" => {
                let e = &mut t.file.entrants[pos];
                if e.withdrawn_after_round.is_none_or(|w| w != rounds) {
                    return Err(ChangeError::Refused(
                        "error-entrant-reinstate",
                        e.name.clone(),
                    ));
                }
                e.withdrawn_after_round = None;
            }
            _ => {
                if let Some(i) = t.checked_in.iter().position(|x| *x == eid) {
                    t.checked_in.remove(i);
                } else {
                    t.checked_in.push(eid.clone());
                }
            }
        }
        let after = serde_json::json!({
            "entrant": &t.file.entrants[pos],
            "checked_in": t.checked_in.contains(&eid),
        });
        Ok((
            (),
            store::Audit {
                action: what,
                entity: "entrant",
                entity_id: id,
                before: Some(before),
                after: Some(after),
            },
        ))
    })
    .map_err(AppError::from)
}

async fn entrant_post(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
    what: &'static str,
) -> Result<HttpResponse, AppError> {
    let (raw, eid) = path.into_inner();
    let id = parse_id(&raw)?;
    require_director(&req, &state, &who, id).await?;
    let actor = who.actor();
    db(&state, move |conn| {
        entrant_action(conn, id, eid, &actor, what)
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion#inscritos")))
}

/// `POST /campeonatos/{id}/inscritos/{eid}/retirar`: a withdrawal; the entrant keeps
/// its results and is never paired again.
pub async fn withdraw(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    entrant_post(req, state, who, path, "withdraw").await
}

/// `POST /campeonatos/{id}/inscritos/{eid}/readmitir`: undoes a withdrawal made
/// since the last round was paired.
pub async fn reinstate(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    entrant_post(req, state, who, path, "reinstate").await
}

/// `POST /campeonatos/{id}/inscritos/{eid}/presente`: check-in (toggles).
pub async fn check_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    entrant_post(req, state, who, path, "check_in").await
}

// ---------------------------------------------------------------------------
// CSV.

/// Splits CSV text (RFC 4180: commas, double quotes, `""` inside quotes, quoted
/// line breaks) into records with the line each starts on. Blank lines are skipped.
pub fn parse_csv(text: &str) -> Result<Vec<(usize, Vec<String>)>, usize> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let mut record: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut was_quoted = false;
    let mut line = 1;
    let mut start = 1;
    let mut chars = text.chars().peekable();
    let finish = |record: &mut Vec<String>, field: &mut String, out: &mut Vec<_>, start| {
        record.push(std::mem::take(field));
        let r = std::mem::take(record);
        if !(r.len() == 1 && r[0].trim().is_empty()) {
            out.push((start, r));
        }
    };
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.trim().is_empty() && !was_quoted => {
                field.clear();
                quoted = true;
                was_quoted = true;
            }
            '"' => return Err(line),
            ',' => {
                record.push(std::mem::take(&mut field));
                was_quoted = false;
            }
            '\r' => {}
            '\n' => {
                finish(&mut record, &mut field, &mut out, start);
                was_quoted = false;
                line += 1;
                start = line;
            }
            _ if was_quoted && !c.is_whitespace() => return Err(line),
            _ => field.push(c),
        }
    }
    if quoted {
        return Err(start);
    }
    finish(&mut record, &mut field, &mut out, start);
    Ok(out)
}

fn column(header: &[String], names: &[&str]) -> Option<usize> {
    header
        .iter()
        .position(|h| names.contains(&h.trim().to_lowercase().replace(' ', "_").as_str()))
}

/// Reads entrants from CSV (a header line, then one entrant a line). All or
/// nothing: the first bad line is reported by number, with the reason's key.
pub fn entrants_from_csv(
    file: &TournamentFile,
    text: &str,
) -> Result<Vec<Entrant>, (usize, &'static str)> {
    let records = parse_csv(text).map_err(|l| (l, "error-csv-quotes"))?;
    let Some(((hline, header), rows)) = records.split_first() else {
        return Err((1, "error-csv-empty"));
    };
    let name_col = column(
        header,
        &["nombre", "name", "nom", "pareja", "parella", "pair"],
    )
    .ok_or((*hline, "error-csv-header"))?;
    let club_col = column(header, &["club"]);
    let seed_col = column(
        header,
        &["cabeza_de_serie", "seed", "semilla", "cap_de_serie"],
    );
    let mut work = file.clone();
    let mut added = Vec::new();
    for (line, r) in rows {
        if r.len() != header.len() {
            return Err((*line, "error-csv-fields"));
        }
        let get = |c: Option<usize>| c.and_then(|i| r.get(i)).map_or("", |s| s.as_str());
        let e = new_entrant(&work, get(Some(name_col)), get(club_col), get(seed_col), "")
            .map_err(|k| (*line, k))?;
        work.entrants.push(e.clone());
        added.push(e);
    }
    if added.is_empty() {
        return Err((*hline, "error-csv-empty"));
    }
    Ok(added)
}

fn csv_quote(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// The entrants as CSV (the import reads it back).
pub fn entrants_csv(t: &Tournament) -> String {
    let mut out =
        String::from("id,nombre,club,cabeza_de_serie,primera_ronda,retirado_tras_ronda,presente\n");
    for e in &t.file.entrants {
        out.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            csv_quote(&e.id),
            csv_quote(&e.name),
            csv_quote(e.club.as_deref().unwrap_or("")),
            e.seed.map(|s| s.to_string()).unwrap_or_default(),
            e.first_round,
            e.withdrawn_after_round
                .map(|w| w.to_string())
                .unwrap_or_default(),
            if t.checked_in.contains(&e.id) {
                "si"
            } else {
                ""
            },
        ));
    }
    out
}

/// `POST /campeonatos/{id}/inscritos/importar`: a CSV file (multipart field
/// `file`) or pasted text (field `csv`).
pub async fn import_csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    require_director(&req, &state, &who, id).await?;
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let raw: Vec<u8> = if content_type.starts_with("multipart/form-data") {
        let fields = multipart_fields(content_type, &body)
            .ok_or_else(|| AppError::bad_request("error-bad-request", "multipart"))?;
        fields
            .into_iter()
            .filter(|(k, v)| (k == "file" || k == "csv") && !v.is_empty())
            .map(|(_, v)| v)
            .next()
            .unwrap_or_default()
    } else {
        serde_html_form::from_bytes::<Vec<(String, String)>>(&body)
            .map_err(|e| AppError::bad_request("error-bad-request", e.to_string()))?
            .into_iter()
            .find(|(k, _)| k == "csv")
            .map(|(_, v)| v.into_bytes())
            .unwrap_or_default()
    };
    let ctx = Ctx::from_request(&req);
    let text = String::from_utf8(raw)
        .map_err(|_| AppError::unprocessable("error-csv-encoding", String::new()))?;
    let actor = who.actor();
    let result = db(&state, move |conn| {
        let out = store::change(conn, id, &actor, now(), |_, t| {
            let added = entrants_from_csv(&t.file, &text)
                .map_err(|(line, key)| ChangeError::Refused(key, line.to_string()))?;
            let n = added.len();
            let after = serde_json::to_value(&added).ok();
            t.file.entrants.extend(added);
            Ok((
                n,
                store::Audit {
                    action: "import",
                    entity: "entrant",
                    entity_id: id,
                    before: None,
                    after,
                },
            ))
        });
        Ok(out)
    })
    .await?;
    match result {
        Ok(_) => Ok(see_other(&format!("/campeonatos/{id}/direccion#inscritos"))),
        // Refusals of a CSV line carry the line number.
        Err(ChangeError::Refused(key, line)) if line.parse::<usize>().is_ok() => {
            Err(AppError::unprocessable(key, ctx.t1("csv-line", "n", &line)))
        }
        Err(e) => Err(e.into()),
    }
}

/// `GET /campeonatos/{id}/inscritos.csv`
pub async fn export_csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let t = db(&state, move |conn| load(conn, id)).await?;
    who.require(Perm::ManageClub(t.event.club_id), req.path())?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"inscritos-{id}.csv\""),
        ))
        .body(entrants_csv(&t)))
}

/// `GET /campeonatos/{id}/exportar`: the `baza-tournament/1` document.
pub async fn export_file(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let t = db(&state, move |conn| load(conn, id)).await?;
    who.require(Perm::ReadAudit(t.event.club_id), req.path())?;
    // With the brackets (knockout phases) linked to the championship.
    let mut file = t.file;
    let file = db(&state, move |conn| {
        let (phases, _) = store::linked_phases(conn, id, &file)?;
        file.brackets.extend(phases);
        Ok(file)
    })
    .await?;
    let body = serde_json::to_string_pretty(&file)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("{e}")))?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"campeonato-{id}.json\""),
        ))
        .body(body))
}

// ---------------------------------------------------------------------------
// Rounds.

#[derive(Deserialize)]
pub struct PairForm {
    #[serde(default)]
    tables: String,
}

/// `POST /campeonatos/{id}/rondas`: pairs the next round (refused while a result is
/// missing) with `tables` tables in the room (0 or empty: one per game).
pub async fn pair(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    form: web::Form<PairForm>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    require_director(&req, &state, &who, id).await?;
    let tables = match form.tables.trim() {
        "" => None,
        s => Some(
            s.parse::<i32>()
                .ok()
                .filter(|v| (0..=10_000).contains(v))
                .ok_or_else(|| AppError::unprocessable("error-tournament-tables", s.to_owned()))?,
        ),
    };
    let actor = who.actor();
    let round = db(&state, move |conn| {
        Ok(store::pair_next_round(
            conn,
            id,
            tables,
            &actor,
            now(),
            &mut random_pin,
        )?)
    })
    .await?;
    Ok(see_other(&format!(
        "/campeonatos/{id}/direccion#ronda-{round}"
    )))
}

/// `POST /campeonatos/{id}/rondas/{r}/publicar`: shows the round on the public pages.
pub async fn publish(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, u32)>,
) -> Result<HttpResponse, AppError> {
    let (raw, round) = path.into_inner();
    let id = parse_id(&raw)?;
    require_director(&req, &state, &who, id).await?;
    let actor = who.actor();
    db(&state, move |conn| {
        store::change(conn, id, &actor, now(), |_, t| {
            if round == 0 || round > t.rounds_paired() {
                return Err(ChangeError::NotFound);
            }
            let before = t.published_round;
            t.published_round = t.published_round.max(round as i32);
            Ok((
                (),
                store::Audit {
                    action: "publish",
                    entity: "round",
                    entity_id: round as i32,
                    before: Some(serde_json::json!({ "published_round": before })),
                    after: Some(serde_json::json!({ "published_round": t.published_round })),
                },
            ))
        })
        .map_err(AppError::from)
    })
    .await?;
    Ok(see_other(&format!(
        "/campeonatos/{id}/direccion#ronda-{round}"
    )))
}

// ---------------------------------------------------------------------------
// A table: score entry, firma, override, correction.

#[derive(Template)]
#[template(path = "tournament_table.html")]
struct TablePage<'a> {
    ctx: &'a Ctx,
    event_id: i32,
    event_name: String,
    round: u32,
    table: u32,
    physical: Option<i32>,
    a: String,
    b: String,
    result: Option<String>,
    status: String,
    proposal: Option<String>,
    /// The side that may sign the proposal (`a` or `b`).
    signer: Option<String>,
    version: i32,
    staff: bool,
    scorekeeper: bool,
    guinote: bool,
    form: (String, String),
    error: Option<String>,
    dependents: Vec<String>,
    carry_winner: String,
    carry_forfeit: String,
}

struct TableCtx {
    t: Tournament,
    row: TableRow,
    a: String,
    b: String,
}

fn load_table(conn: &mut DbConn, id: i32, round: u32, table: u32) -> Result<TableCtx, AppError> {
    let t = load(conn, id)?;
    let row = store::find_table(conn, id, round as i32, table as i32)?.ok_or(AppError::NotFound)?;
    let (a, b) = t
        .round(round)
        .and_then(|r| {
            r.pairings.iter().find_map(|p| match p {
                Pairing::Table(x) if x.table == table => Some((x.a.clone(), x.b.clone())),
                _ => None,
            })
        })
        .ok_or(AppError::NotFound)?;
    Ok(TableCtx {
        a: entrant_name(&t.file, &a),
        b: entrant_name(&t.file, &b),
        t,
        row,
    })
}

fn is_staff(who: &Principal, club_id: i32) -> bool {
    who.allows(Perm::RecordResult {
        club_id,
        match_id: 0,
        finished: true,
    })
}

fn holds_pin(session: &Session, row: &TableRow) -> bool {
    session
        .get::<Vec<i32>>(S_TOURNAMENT_TABLES)
        .ok()
        .flatten()
        .is_some_and(|ids| ids.contains(&row.id))
}

/// Someone who may not score this table: 403 for a signed-in user or a holder of
/// other tables' PINs, the login page for anyone else.
fn refusal(who: &Principal, session: &Session, here: &str) -> AppError {
    let pins = session
        .get::<Vec<i32>>(S_TOURNAMENT_TABLES)
        .ok()
        .flatten()
        .unwrap_or_default();
    if who.user.is_some() || !pins.is_empty() || !who.tables.is_empty() {
        AppError::Forbidden
    } else {
        AppError::LoginRequired(here.to_owned())
    }
}

/// A correction waiting for the director's confirmation: what depends on it, and
/// the parts of the form to send again.
#[derive(Default)]
struct Confirm {
    dependents: Vec<String>,
    winner: String,
    forfeit: String,
}

#[allow(clippy::too_many_arguments)]
fn table_page(
    req: &HttpRequest,
    tc: TableCtx,
    staff: bool,
    scorekeeper: bool,
    form: Option<(String, String)>,
    error: Option<String>,
    confirm: Option<Confirm>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let confirm = confirm.unwrap_or_default();
    let ctx = Ctx::from_request(req);
    let round = tc.row.round_no as u32;
    let table = tc.row.table_no as u32;
    let result = tc.t.round(round).and_then(|r| r.result(table)).cloned();
    let proposal = match (tc.row.status.as_str(), tc.row.proposed_a, tc.row.proposed_b) {
        ("proposed", Some(a), Some(b)) => Some(match tc.row.proposed_winner.as_deref() {
            Some("a") => format!("{a} – {b} ({}: {})", ctx.t("tournament-winner"), tc.a),
            Some("b") => format!("{a} – {b} ({}: {})", ctx.t("tournament-winner"), tc.b),
            _ => format!("{a} – {b}"),
        }),
        _ => None,
    };
    let signer = proposal.as_ref().map(|_| {
        if tc.row.proposed_side.as_deref() == Some("a") {
            "b".to_owned()
        } else {
            "a".to_owned()
        }
    });
    let current = result.as_ref().map_or_else(
        || {
            (
                tc.row.proposed_a.map(|x| x.to_string()).unwrap_or_default(),
                tc.row.proposed_b.map(|x| x.to_string()).unwrap_or_default(),
            )
        },
        |r| (r.score[0].to_string(), r.score[1].to_string()),
    );
    render_status(
        &TablePage {
            event_id: tc.t.event.id,
            event_name: tc.t.event.name.clone(),
            round,
            table,
            physical: tc.row.physical,
            result: result.as_ref().map(result_text),
            status: tc.row.status.clone(),
            proposal,
            signer,
            version: tc.row.version,
            staff,
            scorekeeper,
            guinote: tc.t.file.event.game == GameKind::Guinote,
            form: form.unwrap_or(current),
            error,
            dependents: confirm.dependents,
            carry_winner: confirm.winner,
            carry_forfeit: confirm.forfeit,
            a: tc.a,
            b: tc.b,
            ctx: &ctx,
        },
        status,
    )
}

/// `GET /campeonatos/{id}/rondas/{r}/mesas/{t}`: where the result slip's QR code
/// leads. Staff and PIN holders get the score form; anyone else the PIN form.
pub async fn show_table(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
) -> Result<HttpResponse, AppError> {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    let tc = db(&state, move |conn| load_table(conn, id, round, table)).await?;
    let staff = is_staff(&who, tc.t.event.club_id);
    let keeper = holds_pin(&session, &tc.row);
    table_page(&req, tc, staff, keeper, None, None, None, StatusCode::OK)
}

#[derive(Deserialize)]
pub struct TablePinForm {
    pin: String,
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/pin`
pub async fn table_pin(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<TablePinForm>,
) -> Result<HttpResponse, AppError> {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    let pin = form.into_inner().pin.trim().to_owned();
    let (tc, verdict) = db(&state, move |conn| {
        let tc = load_table(conn, id, round, table)?;
        let expected = Some(tc.row.pin.as_str()).filter(|p| !p.is_empty());
        let subject = format!("ttable:{}", tc.row.id);
        let verdict = auth::check_pin(conn, &subject, expected, &pin)?;
        Ok((tc, verdict))
    })
    .await?;
    match verdict {
        Ok(()) => {
            auth::grant(&session, S_TOURNAMENT_TABLES, tc.row.id)?;
            Ok(see_other(&format!(
                "/campeonatos/{id}/rondas/{round}/mesas/{table}"
            )))
        }
        Err(status) => {
            let ctx = Ctx::from_request(&req);
            let key = if status == StatusCode::TOO_MANY_REQUESTS {
                "login-throttled"
            } else {
                "table-wrong-pin"
            };
            let staff = is_staff(&who, tc.t.event.club_id);
            table_page(&req, tc, staff, false, None, Some(ctx.t(key)), None, status)
        }
    }
}

#[derive(Deserialize)]
pub struct ScoreForm {
    score_a: String,
    score_b: String,
    version: String,
    #[serde(default)]
    side: String,
    #[serde(default)]
    winner: String,
    #[serde(default)]
    forfeit: String,
    #[serde(default)]
    confirm: String,
}

fn parse_side(s: &str) -> Option<Side> {
    match s.trim() {
        "a" => Some(Side::A),
        "b" => Some(Side::B),
        _ => None,
    }
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}`: a result. From the director or a
/// referee it is final at once (an override of what the table proposed, or a
/// correction: when later rounds depend on it, they are listed and the director
/// confirms). From the table (PIN) it is a proposal the other side signs.
pub async fn post_table(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<ScoreForm>,
) -> Result<HttpResponse, AppError> {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    let tc = db(&state, move |conn| load_table(conn, id, round, table)).await?;
    let staff = is_staff(&who, tc.t.event.club_id);
    let keeper = holds_pin(&session, &tc.row) && tc.row.status != "final";
    if !staff && !keeper {
        return Err(refusal(&who, &session, req.path()));
    }
    let ctx = Ctx::from_request(&req);
    let form = form.into_inner();
    let typed = (form.score_a.clone(), form.score_b.clone());
    let bad = |tc: TableCtx, msg: String| {
        table_page(
            &req,
            tc,
            staff,
            keeper,
            Some(typed.clone()),
            Some(msg),
            None,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
    };
    let parse = |s: &str| s.trim().parse::<u32>().ok().filter(|v| *v <= 9999);
    let (Some(a), Some(b), Ok(version)) = (
        parse(&form.score_a),
        parse(&form.score_b),
        form.version.trim().parse::<i32>(),
    ) else {
        return bad(tc, ctx.t1("result-bad-score", "max", &9999));
    };
    let ev = &tc.t.file.event;
    let forfeit = if staff {
        parse_side(&form.forfeit)
    } else {
        None
    };
    let winner = parse_side(&form.winner);
    if forfeit.is_none()
        && let Err(msg) =
            tournament::check_outcome(ev.game, &ev.options, &ev.match_format, a, b, winner)
    {
        return bad(
            tc,
            format!(
                "{}: {}",
                ctx.t("tournament-result-rejected"),
                msg.message(ctx.lang)
            ),
        );
    }
    if version != tc.row.version {
        let msg = ctx.t1(
            "result-conflict",
            "score",
            &tc.t
                .round(round)
                .and_then(|r| r.result(table))
                .map_or_else(String::new, result_text),
        );
        return table_page(
            &req,
            tc,
            staff,
            keeper,
            Some(typed),
            Some(msg),
            None,
            StatusCode::CONFLICT,
        );
    }
    let actor = who.actor();
    if !staff {
        let Some(side) = parse_side(&form.side) else {
            return bad(tc, ctx.t("tournament-choose-side"));
        };
        let side = if side == Side::A { "a" } else { "b" };
        let declared = winner.map(|w| if w == Side::A { "a" } else { "b" });
        let row = tc.row.clone();
        let actor = format!("{actor} (pareja {side})");
        db(&state, move |conn| {
            Ok(store::propose_result(
                conn,
                id,
                &row,
                (a as i32, b as i32),
                side,
                declared,
                &actor,
                now(),
            )?)
        })
        .await?;
        return Ok(see_other(&format!(
            "/campeonatos/{id}/rondas/{round}/mesas/{table}"
        )));
    }
    let existing = tc.t.round(round).and_then(|r| r.result(table)).is_some();
    let dependents = tournament::dependents_of(&tc.t.file, round, table);
    if existing && !dependents.is_empty() && form.confirm != "1" {
        let lines = dependents
            .iter()
            .map(|(r, x)| {
                if *x == 0 {
                    format!(
                        "{} · {}",
                        ctx.t1("round-n", "n", r),
                        ctx.t("tournament-bye")
                    )
                } else {
                    format!(
                        "{} · {}",
                        ctx.t1("round-n", "n", r),
                        ctx.t1("table-n", "n", x)
                    )
                }
            })
            .collect();
        return table_page(
            &req,
            tc,
            staff,
            keeper,
            Some(typed),
            Some(ctx.t("tournament-correction-confirm")),
            Some(Confirm {
                dependents: lines,
                winner: form.winner.clone(),
                forfeit: form.forfeit.clone(),
            }),
            StatusCode::CONFLICT,
        );
    }
    let action = if existing {
        "correct"
    } else if tc.row.status == "proposed" {
        "override"
    } else {
        "record"
    };
    let result = MatchResult {
        table,
        score: [a, b],
        winner,
        forfeit,
    };
    db(&state, move |conn| {
        Ok(store::record_result(
            conn,
            id,
            round,
            result,
            Some(version),
            action,
            &actor,
            now(),
        )?)
    })
    .await?;
    Ok(see_other(&format!(
        "/campeonatos/{id}/rondas/{round}/mesas/{table}"
    )))
}

#[derive(Deserialize)]
pub struct SignForm {
    side: String,
    version: String,
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/firma`: the other pair signs the
/// result proposed at the table, which makes it final.
pub async fn sign(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, u32, u32)>,
    form: web::Form<SignForm>,
) -> Result<HttpResponse, AppError> {
    let (raw, round, table) = path.into_inner();
    let id = parse_id(&raw)?;
    let tc = db(&state, move |conn| load_table(conn, id, round, table)).await?;
    let staff = is_staff(&who, tc.t.event.club_id);
    if !staff && !holds_pin(&session, &tc.row) {
        return Err(refusal(&who, &session, req.path()));
    }
    let ctx = Ctx::from_request(&req);
    let (Some(a), Some(b), Some(proposer)) = (
        tc.row.proposed_a,
        tc.row.proposed_b,
        tc.row.proposed_side.clone(),
    ) else {
        return Err(AppError::Conflict {
            key: "error-tournament-nothing-to-sign",
            detail: String::new(),
        });
    };
    if tc.row.status != "proposed" || form.version.trim() != tc.row.version.to_string() {
        return Err(AppError::Conflict {
            key: "error-stale",
            detail: String::new(),
        });
    }
    if form.side.trim() == proposer || parse_side(&form.side).is_none() {
        let msg = ctx.t("tournament-sign-other-side");
        return table_page(
            &req,
            tc,
            staff,
            true,
            None,
            Some(msg),
            None,
            StatusCode::UNPROCESSABLE_ENTITY,
        );
    }
    let version = tc.row.version;
    let actor = format!("{} (firma pareja {})", who.actor(), form.side.trim());
    let result = MatchResult {
        table,
        score: [a.max(0) as u32, b.max(0) as u32],
        winner: tc.row.proposed_winner.as_deref().and_then(parse_side),
        forfeit: None,
    };
    db(&state, move |conn| {
        Ok(store::record_result(
            conn,
            id,
            round,
            result,
            Some(version),
            "confirm",
            &actor,
            now(),
        )?)
    })
    .await?;
    Ok(see_other(&format!(
        "/campeonatos/{id}/rondas/{round}/mesas/{table}"
    )))
}

// ---------------------------------------------------------------------------
// Public pages: standings, live, print.

#[derive(Template)]
#[template(path = "tournament_standings.html")]
struct StandingsPage<'a> {
    ctx: &'a Ctx,
    tour: Tournament,
    game_label: String,
    status_label: String,
    system: String,
    headers: Vec<String>,
    rows: Vec<StandingLine>,
    /// The latest published round, in full.
    rounds: Vec<RoundView>,
    /// The earlier published rounds, linked (a 256-pair open would otherwise put
    /// a thousand tables on every view of the standings).
    earlier: Vec<u32>,
    director: bool,
    staff: bool,
}

/// `GET /campeonatos/{id}`: the full ranking 1..N with the tie-break columns, the
/// latest published round, and links to the earlier ones.
pub async fn standings(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let ctx = Ctx::from_request(&req);
    let key = (who.user.is_none() && ctx.username.is_none())
        .then(|| format!("standings:{id}:{:?}", ctx.lang));
    let stamp = match cached(&state, key.as_deref(), id).await? {
        Ok(page) => return Ok(page.response(&req)),
        Err(stamp) => stamp,
    };
    let (t, rows) = db(&state, move |conn| {
        Ok((load(conn, id)?, store::tables(conn, id)?))
    })
    .await?;
    let mut rounds: Vec<RoundView> = round_views(&t, &rows, None)
        .into_iter()
        .filter(|r| r.published)
        .collect();
    rounds.reverse();
    let earlier: Vec<u32> = rounds.iter().skip(1).map(|r| r.number).collect();
    rounds.truncate(1);
    let page = StandingsPage {
        earlier,
        system: system_text(&ctx, &t.file.event.system),
        headers: tb_headers(&ctx, &t.file),
        rows: standing_lines(&t.file),
        director: who.allows(Perm::ManageClub(t.event.club_id)),
        staff: who.allows(Perm::ReadAudit(t.event.club_id)),
        rounds,
        game_label: ctx.t(&format!("game-{}", t.event.game)),
        status_label: ctx.t(&format!("status-{}", t.event.status)),
        tour: t,
        ctx: &ctx,
    };
    match (key, stamp) {
        (Some(key), Some(stamp)) => Ok(keep(&state, key, stamp, &page)?.response(&req)),
        _ => render(&page),
    }
}

/// For an anonymous view (`key` set): the cached page if the championship has not
/// changed since it was rendered, else the stamp to keep the new rendering under.
/// `None` when the view is not cached (a signed-in visitor).
async fn cached(
    state: &AppState,
    key: Option<&str>,
    id: i32,
) -> Result<Result<CachedPage, Option<String>>, AppError> {
    let Some(key) = key else { return Ok(Err(None)) };
    let stamp = db(state, move |conn| {
        store::stamp(conn, id)?.ok_or(AppError::NotFound)
    })
    .await?;
    Ok(match state.pages.get(key, &stamp) {
        Some(page) => Ok(page),
        None => Err(Some(stamp)),
    })
}

/// Renders `page` and keeps it in the page cache under `stamp`.
fn keep<T: Template>(
    state: &AppState,
    key: String,
    stamp: String,
    page: &T,
) -> Result<CachedPage, AppError> {
    let html = page
        .render()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("template: {e}")))?;
    let page = CachedPage::new(html);
    state.pages.put(key, stamp, page.clone());
    Ok(page)
}

#[derive(Template)]
#[template(path = "tournament_live.html")]
struct LivePage<'a> {
    ctx: &'a Ctx,
    name: String,
    refresh: u32,
    /// Where the next refresh goes (the next page of a long list).
    next: String,
    page: usize,
    pages: usize,
    round: Option<RoundView>,
    headers: Vec<String>,
    rows: Vec<StandingLine>,
}

/// Standings rows and tables per screen of the live page: a big open turns its
/// pages at every refresh, with no script.
pub const LIVE_ROWS: usize = 20;
pub const LIVE_TABLES: usize = 16;

#[derive(Deserialize)]
pub struct LiveQuery {
    pagina: Option<usize>,
}

/// Items of screen `page` (1-based) of `items`, `per` a screen, wrapping round when
/// this list has fewer screens than the other.
fn screen<T>(items: Vec<T>, per: usize, page: usize) -> Vec<T> {
    let screens = items.len().div_ceil(per).max(1);
    let start = ((page - 1) % screens) * per;
    items.into_iter().skip(start).take(per).collect()
}

/// `GET /campeonatos/{id}/directo[?pagina=N]`: for the wall screen, no login: the
/// current (published) round's tables and the standings; reloads itself, turning
/// to the next screen when the lists are long.
pub async fn live(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<LiveQuery>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let ctx = Ctx::from_request(&req);
    let key = ctx
        .username
        .is_none()
        .then(|| format!("live:{id}:{}:{:?}", query.pagina.unwrap_or(1), ctx.lang));
    let no_store = |mut res: HttpResponse| {
        res.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-store"),
        );
        res
    };
    let stamp = match cached(&state, key.as_deref(), id).await? {
        Ok(page) => return Ok(no_store(page.response(&req))),
        Err(stamp) => stamp,
    };
    let (t, rows) = db(&state, move |conn| {
        Ok((load(conn, id)?, store::tables(conn, id)?))
    })
    .await?;
    let round = round_views(&t, &rows, None)
        .into_iter()
        .rfind(|r| r.published);
    let standings = standing_lines(&t.file);
    let tables = round.as_ref().map_or(0, |r| r.tables.len());
    let pages = standings
        .len()
        .div_ceil(LIVE_ROWS)
        .max(tables.div_ceil(LIVE_TABLES))
        .max(1);
    let page = query.pagina.unwrap_or(1).clamp(1, pages);
    let next = if pages > 1 {
        format!("/campeonatos/{id}/directo?pagina={}", page % pages + 1)
    } else {
        format!("/campeonatos/{id}/directo")
    };
    let round = round.map(|mut r| {
        let all = std::mem::take(&mut r.tables);
        r.tables = screen(all, LIVE_TABLES, page);
        r
    });
    let live = LivePage {
        name: t.event.name.clone(),
        refresh: LIVE_REFRESH,
        next,
        page,
        pages,
        round,
        headers: tb_headers(&ctx, &t.file),
        rows: screen(standings, LIVE_ROWS, page),
        ctx: &ctx,
    };
    let res = match (key, stamp) {
        (Some(key), Some(stamp)) => keep(&state, key, stamp, &live)?.response(&req),
        _ => render(&live)?,
    };
    Ok(no_store(res))
}

#[derive(Deserialize)]
pub struct RoundQuery {
    ronda: Option<u32>,
}

#[derive(Template)]
#[template(path = "tournament_print.html")]
struct PrintPage<'a> {
    ctx: &'a Ctx,
    kind: &'static str,
    name: String,
    round: Option<RoundView>,
    headers: Vec<String>,
    rows: Vec<StandingLine>,
}

async fn print_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    id: i32,
    round: Option<u32>,
    kind: &'static str,
) -> Result<HttpResponse, AppError> {
    let (t, rows) = db(&state, move |conn| {
        Ok((load(conn, id)?, store::tables(conn, id)?))
    })
    .await?;
    let staff = who.allows(Perm::ReadAudit(t.event.club_id));
    if kind == "slips" {
        who.require(Perm::ReadAudit(t.event.club_id), req.path())?;
    }
    let ctx = Ctx::from_request(&req);
    let base = if kind == "slips" {
        let info = req.connection_info().clone();
        Some(format!("{}://{}", info.scheme(), info.host()))
    } else {
        None
    };
    let wanted = round.unwrap_or(t.rounds_paired());
    let round = round_views(&t, &rows, base.as_deref())
        .into_iter()
        .find(|r| r.number == wanted && (staff || r.published));
    if kind != "standings" && round.is_none() {
        return Err(AppError::NotFound);
    }
    render(&PrintPage {
        name: t.event.name.clone(),
        headers: tb_headers(&ctx, &t.file),
        rows: if kind == "standings" {
            standing_lines(&t.file)
        } else {
            Vec::new()
        },
        round,
        kind,
        ctx: &ctx,
    })
}

/// `GET /campeonatos/{id}/imprimir/emparejamientos[?ronda=N]`: pairings by table.
pub async fn print_pairings(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    q: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    print_page(req, state, who, id, q.ronda, "pairings").await
}

/// `GET /campeonatos/{id}/imprimir/clasificacion`: the standings on A4.
pub async fn print_standings(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    print_page(req, state, who, id, None, "standings").await
}

/// `GET /campeonatos/{id}/imprimir/actas[?ronda=N]`: one result slip per table,
/// with the QR code of its score entry and its PIN (staff only).
pub async fn print_slips(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    q: web::Query<RoundQuery>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    print_page(req, state, who, id, q.ronda, "slips").await
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn empty() -> TournamentFile {
        let (f, _) = file_from_form(
            &NewForm {
                name: "Open".into(),
                ..NewForm::defaults()
            },
            1,
        )
        .unwrap();
        f
    }

    #[test]
    fn csv_reads_accents_and_quoted_commas_and_reports_the_bad_line() {
        let text = "nombre,club,cabeza_de_serie\n\"Pujol, Vidal\",Casal de Ponent,1\nÑúñez – Güell,\"Peña \"\"La Baza\"\"\",\n\n";
        let got = entrants_from_csv(&empty(), text).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].name, "Pujol, Vidal");
        assert_eq!(got[0].seed, Some(1));
        assert_eq!(got[1].name, "Ñúñez – Güell");
        assert_eq!(got[1].club.as_deref(), Some("Peña \"La Baza\""));
        let bad = "nombre,club,cabeza_de_serie\nA,B,1\nC,D,uno\n";
        assert_eq!(
            entrants_from_csv(&empty(), bad),
            Err((3, "error-entrant-seed"))
        );
        let short = "nombre,club\nA,B\nC\n";
        assert_eq!(
            entrants_from_csv(&empty(), short),
            Err((3, "error-csv-fields"))
        );
        let dup_seed = "nombre,cabeza_de_serie\nA,1\nB,1\n";
        assert_eq!(
            entrants_from_csv(&empty(), dup_seed),
            Err((3, "error-entrant-seed-taken"))
        );
        let open = "nombre\n\"A\n";
        assert_eq!(
            entrants_from_csv(&empty(), open),
            Err((2, "error-csv-quotes"))
        );
    }

    #[test]
    fn the_export_reads_back_in_the_import() {
        let mut f = empty();
        f.entrants =
            entrants_from_csv(&f, "nombre,club\n\"Soler, Roca\",=Club\nÀngel – Íñigo,\n").unwrap();
        let t = Tournament {
            event: queries::Event {
                id: 1,
                club_id: 1,
                name: "x".into(),
                game: "botifarra".into(),
                format: "swiss".into(),
                status: "registration".into(),
                options: "{}".into(),
                rounds_planned: 5,
                starts_on: chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
                created_at: now(),
            },
            file: f,
            checked_in: vec!["1".into()],
            tables_available: 0,
            published_round: 0,
            version: 0,
        };
        let csv = entrants_csv(&t);
        let again = entrants_from_csv(&empty(), &csv).unwrap();
        let names: Vec<_> = again.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Soler, Roca", "Àngel – Íñigo"]);
        assert_eq!(again[0].club.as_deref(), Some("'=Club"));
    }
}
