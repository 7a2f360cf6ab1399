//! The public pages of a championship: the standings and the live page for a wall
//! screen, both served from the page cache.

use super::*;

#[derive(Template)]
#[template(path = "tournament_standings.html")]
struct StandingsPage<'a> {
    ctx: &'a Ctx,
    tour: Tournament,
    game_label: String,
    status_label: String,
    system: String,
    /// A timed match's rule for draws, unless the draw stands.
    draw_rule: Option<String>,
    entrant_head: String,
    headers: Vec<ColumnHead>,
    /// The line atop every printed page of the standings (the print page's only).
    paper_caption: Option<String>,
    rows: Vec<StandingLine>,
    /// The latest published round, in full.
    rounds: Vec<RoundView>,
    /// The earlier published rounds, linked (a 256-pair open would otherwise put
    /// a thousand tables on every view of the standings).
    earlier: Vec<u32>,
    director: bool,
    staff: bool,
    /// The knockout phases: name, bracket page, tables.
    phases: Vec<super::director::PhaseView>,
    /// The crosstables of a league.
    cross: Option<Vec<CrossGroup>>,
    /// The final ranking across the phases, once the knockout has its champion.
    finals: Option<Vec<FinalLine>>,
    champion: Option<String>,
    /// "Clasificación del suizo": the rounds' standings once there is a knockout.
    phase_title: String,
    /// Its repesca liguilla's page and name.
    liguilla: Option<(String, String)>,
    /// The championship it is the repesca liguilla of: its page and name.
    repesca_of: Option<(String, String)>,
    /// The season circuits its standings count in, of any club: (id, name).
    circuits: Vec<(i32, String)>,
    /// For the club's directors: the rounds counted in these standings that the
    /// public does not see yet, in words.
    unpublished: Option<String>,
    /// "Busca tu mesa": offered while a published round is the latest thing played.
    find_offered: bool,
    /// The answer to the name looked for (`?mesa=`).
    find: Option<super::find_table::FindAnswer>,
}

/// `GET /campeonatos/{id}`: the full ranking 1..N with the tie-break columns, the
/// latest published round, and links to the earlier ones.
pub async fn standings(
    Visit { req, state, who }: Visit,
    path: web::Path<String>,
    query: web::Query<super::find_table::FindQuery>,
) -> HttpResult {
    let id = parse_id(&path)?;
    let ctx = Ctx::from_request(&req);
    let looked_for = query.name();
    // A page with a confirmation on it (`?hecho=`) or an answer (`?mesa=`) is never
    // kept for everyone.
    let key = (who.user.is_none()
        && ctx.username.is_none()
        && ctx.done().is_none()
        && looked_for.is_none())
    .then(|| format!("standings:{id}:{:?}", ctx.lang));
    let stamp = match cached(&state, key.as_deref(), id).await? {
        Ok(page) => return Ok(page.response(&req)),
        Err(stamp) => stamp,
    };
    let phase_ctx = Ctx::from_request(&req);
    let viewer = who.clone();
    let (t, rows, phases) = db(&state, move |conn| {
        let links = crate::db::championship::liguilla::links_of(conn, id)?;
        let rounds = super::ranking::Rounds::SeenBy(&viewer);
        let mut t = super::ranking::load_linked(conn, id, &links, rounds)?;
        let rows = latest_published_tables(conn, &t)?;
        let mut phases = super::director::phase_views(conn, &phase_ctx, id)?;
        public_names(conn, &viewer, &mut t, &mut phases)?;
        let links = (
            super::repesca::liguilla_link(conn, id, &links)?,
            super::repesca::repesca_of_linked(conn, id, &links, false)?,
            crate::db::circuits::of_championship(conn, id)?,
        );
        Ok((t, rows, (phases, links)))
    })
    .await?;
    let (phases, (liguilla, repesca_of, circuits)) = phases;
    let finals = super::ranking::final_lines(&ctx, &t.file);
    let rounds: Vec<RoundView> = latest_published_round(&ctx, &t, &rows)
        .into_iter()
        .collect();
    let earlier: Vec<u32> = published_numbers(&t).into_iter().rev().skip(1).collect();
    // Only the directors' view keeps rounds after the published ones.
    let counted = t.file.counted_unpublished(t.published_round.max(0) as u32);
    let unpublished = (!counted.is_empty()).then(|| {
        let rounds: Vec<String> = counted.iter().map(|n| ctx.t1("round-n", "n", n)).collect();
        ctx.t1(
            "standings-counted-unpublished",
            "rounds",
            &rounds.join(", "),
        )
    });
    // Once a knockout phase has its tables, its tables are where everyone sits.
    let phase = phases.iter().rfind(|p| !p.tables.is_empty());
    let find_offered = !rounds.is_empty() || phase.is_some();
    let find = looked_for.map(|q| match phase {
        Some(phase) => super::find_table::answer_phase(&ctx, &t, phase, q),
        None => {
            let round = rounds.last().ok_or("find-table-no-round");
            super::find_table::answer(&ctx, &t, round, q)
        }
    });
    let lines = standing_lines(&ctx, &t.file, true);
    let champion = super::ranking::champion_or_leader(&finals, &t, &lines);
    let page = StandingsPage {
        find_offered,
        find,
        unpublished,
        earlier,
        system: system_text(&ctx, &t.file.championship),
        draw_rule: match t.file.championship.match_format {
            MatchFormat::Timed { draws, .. } if !draws.stands() => Some(draws.words(ctx.lang)),
            _ => None,
        },
        entrant_head: entrant_head(&ctx, &t.file),
        headers: tb_heads(&ctx, &t.file, false),
        paper_caption: None,
        rows: lines,
        director: who.allows(Perm::ManageClub(t.championship.club_id)),
        staff: who.allows(Perm::ReadAudit(t.championship.club_id)),
        phases,
        cross: crosstables(&ctx, &t.file),
        champion,
        finals,
        phase_title: super::ranking::phase_standings_title(&ctx, &t.file),
        liguilla,
        repesca_of,
        circuits,
        rounds,
        game_label: ctx.t(&format!("game-{}", t.championship.game)),
        status_label: ctx.t(&format!("status-{}", t.championship.status)),
        tour: t,
        ctx: &ctx,
    };
    match (key, stamp) {
        (Some(key), Some(stamp)) => Ok(keep(&state, key, stamp, &page)?.response(&req)),
        _ => render(&page),
    }
}

/// The entrants of `t` and its phases as `who` reads them: as visitors read them
/// (people shown by name and initial so) unless she directs the championship.
pub(super) fn public_names(
    conn: &mut DbConn,
    who: &Principal,
    t: &mut Tournament,
    phases: &mut [super::director::PhaseView],
) -> Result<(), AppError> {
    if who.allows(Perm::ManageClub(t.championship.club_id)) {
        return Ok(());
    }
    let masks = crate::web::register::entrant_masks(conn, t.championship.club_id, &t.file)?;
    if masks.is_empty() {
        return Ok(());
    }
    crate::web::register::mask_entrants(&mut t.file, &masks);
    for line in phases.iter_mut().flat_map(|p| p.tables.iter_mut()) {
        for name in [&mut line.a, &mut line.b] {
            if let Some(m) = masks.get(name.as_str()) {
                *name = m.clone();
            }
        }
    }
    Ok(())
}

/// The numbers of the published rounds of `t`, first to last: the standings page
/// shows the last one (and links the others), the live page the last one too, so
/// both agree on what is published.
fn published_numbers(t: &Tournament) -> Vec<u32> {
    t.file
        .rounds
        .iter()
        .filter(|r| r.number as i32 <= t.published_round)
        .map(|r| r.number)
        .collect()
}

/// The stored tables of the latest published round of `t` (none before the first).
fn latest_published_tables(conn: &mut DbConn, t: &Tournament) -> Result<Vec<TableRow>, AppError> {
    Ok(match published_numbers(t).last() {
        Some(&n) => store::round_tables(conn, t.championship.id, n as i32)?,
        None => Vec::new(),
    })
}

/// The view of the latest published round of `t`, built from its `rows` alone.
fn latest_published_round(ctx: &Ctx, t: &Tournament, rows: &[TableRow]) -> Option<RoundView> {
    let last = published_numbers(t).last().copied()?;
    round_views(ctx, t, rows, None, Some(last)).pop()
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
    let kept = crate::web::kept::kept_or_stamp(state, key, move |conn| store::stamp(conn, id));
    Ok(kept.await?.map_err(Some))
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
    /// The latest knockout phase, once there is one: its tables take the round's place.
    phase: Option<super::director::PhaseView>,
    entrant_head: String,
    headers: Vec<ColumnHead>,
    /// The line atop every printed page of the standings (the print page's only).
    paper_caption: Option<String>,
    rows: Vec<StandingLine>,
    /// The final ranking, once the knockout has its champion: it takes the wall.
    finals: Option<Vec<FinalLine>>,
    champion: Option<String>,
    phase_title: String,
    /// The season circuits its standings count in, of any club: (id, name).
    circuits: Vec<(i32, String)>,
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
    Visit { req, state, who }: Visit,
    path: web::Path<String>,
    query: web::Query<LiveQuery>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let ctx = Ctx::from_request(&req);
    let key = (ctx.username.is_none() && ctx.done().is_none())
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
    let phase_ctx = Ctx::from_request(&req);
    let (t, rows, (phase, circuits)) = db(&state, move |conn| {
        // A phase takes the wall once its tables are drawn; a bracket with no table
        // yet leaves the round there, as the standings page shows it.
        let mut phases = super::director::phase_views(conn, &phase_ctx, id)?;
        let mut t = super::ranking::load_public(conn, id)?;
        public_names(conn, &who, &mut t, &mut phases)?;
        let phase = phases.into_iter().rfind(|p| !p.tables.is_empty());
        let rows = latest_published_tables(conn, &t)?;
        let circuits = crate::db::circuits::of_championship(conn, id)?;
        Ok((t, rows, (phase, circuits)))
    })
    .await?;
    let round = latest_published_round(&ctx, &t, &rows).filter(|_| phase.is_none());
    let standings = standing_lines(&ctx, &t.file, true);
    let tables = round.as_ref().map_or(0, |r| r.tables.len());
    // Without `pagina` every row is sent: the wall's script shows what fits the
    // screen and turns the pages; with it, the server cuts the screen (no script).
    let pages = if query.pagina.is_some() {
        standings
            .len()
            .div_ceil(LIVE_ROWS)
            .max(tables.div_ceil(LIVE_TABLES))
            .max(1)
    } else {
        1
    };
    let (per_table, per_row) = if query.pagina.is_some() {
        (LIVE_TABLES, LIVE_ROWS)
    } else {
        (usize::MAX, usize::MAX)
    };
    let page = query.pagina.unwrap_or(1).clamp(1, pages);
    let next = if pages > 1 {
        format!("/campeonatos/{id}/directo?pagina={}", page % pages + 1)
    } else {
        format!("/campeonatos/{id}/directo")
    };
    let round = round.map(|mut r| {
        let all = std::mem::take(&mut r.tables);
        r.tables = screen(all, per_table, page);
        r
    });
    let finals = super::ranking::final_lines(&ctx, &t.file);
    let live = LivePage {
        champion: super::ranking::champion_of(&finals),
        finals,
        phase_title: super::ranking::phase_standings_title(&ctx, &t.file),
        name: t.championship.name.clone(),
        refresh: LIVE_REFRESH,
        next,
        page,
        pages,
        round,
        phase,
        entrant_head: entrant_head(&ctx, &t.file),
        headers: tb_heads(&ctx, &t.file, false),
        paper_caption: None,
        rows: screen(standings, per_row, page),
        circuits,
        ctx: &ctx,
    };
    let res = match (key, stamp) {
        (Some(key), Some(stamp)) => keep(&state, key, stamp, &live)?.response(&req),
        _ => render(&live)?,
    };
    Ok(no_store(res))
}
