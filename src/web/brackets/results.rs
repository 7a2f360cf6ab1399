//! The match pages of a bracket: entering a result and correcting one, with the
//! preview of the later matches a correction voids.

use super::*;
use crate::domain::bracket::{Op, apply, match_state};
use crate::web::done::Done;

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

/// Why a result form is refused: the form comes back with the message.
#[derive(Debug, Clone, PartialEq)]
enum Rejected {
    /// A field the form always sends is missing or wrong.
    BadForm,
    /// A score that is not a number up to [`MAX_SCORE`], or only one of the two.
    BadScore,
    /// Neither a winner nor a score.
    NoWinner,
    /// A championship's knockout: its results come from its tables.
    AtTables,
    /// Someone changed the bracket after the form was read: nothing written.
    Stale,
    /// The bracket refuses the result.
    Bracket(BracketError),
}

impl Rejected {
    /// The message key of the locale files.
    fn key(&self) -> &'static str {
        match self {
            Rejected::BadForm => "bracket-bad-form",
            Rejected::BadScore => "bracket-bad-score",
            Rejected::NoWinner => "bracket-no-winner",
            Rejected::AtTables => "bracket-played-at-tables",
            Rejected::Stale => "bracket-stale",
            Rejected::Bracket(BracketError::NotReady(_)) => "bracket-err-not-ready",
            Rejected::Bracket(BracketError::AlreadyPlayed(_)) => "bracket-err-played",
            Rejected::Bracket(BracketError::NotPlayed(_)) => "bracket-err-not-played",
            Rejected::Bracket(BracketError::Draw(_)) => "bracket-err-draw",
            Rejected::Bracket(BracketError::ScoreContradictsWinner(_)) => "bracket-err-contradicts",
            Rejected::Bracket(_) => "bracket-err-invalid",
        }
    }

    /// 409 when the bracket moved on or is played elsewhere, else 422.
    fn status(&self) -> StatusCode {
        match self {
            Rejected::AtTables | Rejected::Stale => StatusCode::CONFLICT,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    /// The message in words.
    fn words(&self, ctx: &Ctx) -> String {
        match self {
            Rejected::BadScore => ctx.t1(self.key(), "max", &MAX_SCORE),
            _ => ctx.t(self.key()),
        }
    }
}

fn parse_op(f: &ResultForm, correcting: bool) -> Result<(Op, i32), Rejected> {
    let version = f
        .version
        .trim()
        .parse::<i32>()
        .map_err(|_| Rejected::BadForm)?;
    if correcting && f.action == "clear" {
        return Ok((Op::Clear, version));
    }
    let winner = match f.winner.trim() {
        "" => None,
        "0" => Some(0),
        "1" => Some(1),
        _ => return Err(Rejected::BadForm),
    };
    let score_of = |s: &str| -> Result<Option<u32>, Rejected> {
        match s.trim() {
            "" => Ok(None),
            t => t
                .parse::<u32>()
                .ok()
                .filter(|v| *v <= MAX_SCORE)
                .map(Some)
                .ok_or(Rejected::BadScore),
        }
    };
    let score = match (score_of(&f.score_0)?, score_of(&f.score_1)?) {
        (Some(a), Some(b)) => Some([a, b]),
        (None, None) => None,
        _ => return Err(Rejected::BadScore),
    };
    if winner.is_none() && score.is_none() {
        return Err(Rejected::NoWinner);
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

/// A correction's form with its winner taken from the typed score when both numbers
/// are there and differ ("gana quien tenga más", as the form says): the form opens
/// with the old winner checked, so a new score that turns the match decides it.
fn follow_score(mut f: ResultForm) -> ResultForm {
    let number = |s: &str| s.trim().parse::<u32>().ok();
    if let (Some(a), Some(b)) = (number(&f.score_0), number(&f.score_1))
        && a != b
        && f.action != "clear"
    {
        f.winner = if a > b { "0" } else { "1" }.to_owned();
    }
    f
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
    /// A championship's knockout: its results come from its tables only (the table
    /// of this match, once it has one).
    at_tables: Option<Option<String>>,
}

/// For a bracket that is a championship's knockout played at its tables: the page of
/// match `m`'s table (`None` while the match has none yet). `None` for a
/// standalone bracket, whose results are entered on its own match pages.
fn championship_table(
    conn: &mut DbConn,
    l: &Loaded,
    m: MatchId,
) -> Result<Option<Option<String>>, AppError> {
    let Some(championship) = l.row.championship_id else {
        return Ok(None);
    };
    let tables = crate::db::championship::store::phase_tables(conn, championship, l.row.id)?;
    if tables.is_empty() && !l.row.seeding.starts_with("standings:") {
        return Ok(None);
    }
    let no = i32::try_from(m.0 + 1).unwrap_or(i32::MAX);
    Ok(Some(tables.iter().find(|t| t.table_no == no).map(|t| {
        crate::web::tables_held::table_path(championship, l.row.id, 0, t.table_no)
    })))
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
        code: match_title(ctx, &l.bracket, id),
        round: round_title(ctx, column.name),
        side: side_title(ctx, side, double),
        status: status_class(m.status),
        status_text: status_text(ctx, m.status),
        slots: boxed
            .slots
            .iter()
            .enumerate()
            .map(|(k, s)| slot_view(ctx, &l.bracket, (id, k), s))
            .collect(),
        playable: m.is_playable(),
        played: m.status == Status::Played,
        dependents: l
            .bracket
            .dependents(id)
            .into_iter()
            .map(|d| match_line(ctx, l, d))
            .collect(),
        winner_to: m.winner_to().map(|(d, _)| match_title(ctx, &l.bracket, d)),
        loser_to: m.loser_to().map(|(d, _)| match_title(ctx, &l.bracket, d)),
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
    let (l, at_tables) = db(state, move |conn| {
        let l = load(conn, id)?;
        let at = championship_table(conn, &l, m)?;
        Ok((l, at))
    })
    .await?;
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
            at_tables,
        },
        status,
    )
}

/// `GET /cuadros/{id}/partidos/{m}`: one match; organisers enter or correct it here.
pub async fn show_match(Visit { req, state, who }: Visit, path: MatchPath) -> HttpResult {
    let (id, m) = parse_match(path)?;
    match_page(&req, &state, &who, id, m, None, None, None, StatusCode::OK).await
}

async fn post_change(
    Visit { req, state, who }: Visit,
    path: MatchPath,
    form: web::Form<ResultForm>,
    correcting: bool,
) -> HttpResult {
    let (id, m) = parse_match(path)?;
    let (l, at_tables) = db(&state, move |conn| {
        let l = load(conn, id)?;
        let at = championship_table(conn, &l, m)?;
        Ok((l, at))
    })
    .await?;
    if l.bracket.get(m).is_none() {
        return Err(AppError::NotFound);
    }
    who.require(Perm::ManageClub(l.row.club_id), req.path())?;
    let form = if correcting {
        follow_score(form.into_inner())
    } else {
        form.into_inner()
    };
    let ctx = Ctx::from_request(&req);
    let refuse = |why: Rejected, form: ResultForm| {
        match_page(
            &req,
            &state,
            &who,
            id,
            m,
            Some(form),
            Some(why.words(&ctx)),
            None,
            why.status(),
        )
    };
    if at_tables.is_some() {
        // A championship's knockout: its results come from its tables, with the
        // other pair's firma and the game's checks, never from here.
        return refuse(Rejected::AtTables, form).await;
    }
    let (op, version) = match parse_op(&form, correcting) {
        Ok(x) => x,
        Err(why) => return refuse(why, form).await,
    };
    // A correction voids what its preview showed: it needs the very version read.
    // A new result only needs its own match unchanged.
    let seen = (!correcting && !form.match_state.is_empty()).then(|| form.match_state.clone());
    let fresh = version == l.row.version
        || seen
            .as_deref()
            .is_some_and(|s| l.bracket.get(m).map(match_state).as_deref() == Some(s));
    if !fresh {
        return refuse(Rejected::Stale, form).await;
    }
    if correcting && form.confirm != "1" {
        // Show what the correction would void, and ask.
        let mut trial = l.bracket.clone();
        match apply(&mut trial, m, op) {
            Err(e) => {
                return refuse(Rejected::Bracket(e), form).await;
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
    match db(&state, move |conn| {
        save_result(conn, id, m, op, expect, &actor)
    })
    .await?
    {
        Saved::Done => Ok(see_other(&crate::web::done::with_done(
            &format!("/cuadros/{id}"),
            Done::ResultSaved,
        ))),
        Saved::Stale => refuse(Rejected::Stale, form).await,
        Saved::Refused(e) => refuse(Rejected::Bracket(e), form).await,
    }
}

/// `POST /cuadros/{id}/partidos/{m}/resultado`: enter a result.
pub async fn post_result(v: Visit, path: MatchPath, form: web::Form<ResultForm>) -> HttpResult {
    post_change(v, path, form, false).await
}

/// `POST /cuadros/{id}/partidos/{m}/corregir`: change or clear a result; when later
/// matches depend on it, first shows which (nothing changes until `confirm=1`).
pub async fn post_correction(v: Visit, path: MatchPath, form: web::Form<ResultForm>) -> HttpResult {
    post_change(v, path, form, true).await
}
