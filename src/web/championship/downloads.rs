//! A championship's tables as spreadsheets (XLSX and CSV): the standings, the
//! pairings of a round and the crosstable of a league, built from the same views
//! as the pages, with the same rights.

use super::*;
use crate::web::manage::audit_trail;
use crate::web::sheets::{self, Cell, Sheet, Target};

/// The final ranking across the phases: place, pair, club, how far it went, and its
/// place in the earlier phase.
fn final_sheet(ctx: &Ctx, head: String, lines: Vec<FinalLine>) -> Sheet {
    let mut sheet = Sheet::new(
        ctx.t("final-ranking-title"),
        vec![
            (ctx.t("final-ranking-place"), 8.0),
            (head, 34.0),
            (ctx.t("sheets-club"), 24.0),
            (ctx.t("final-ranking-reached"), 22.0),
            (ctx.t("final-ranking-phase-rank"), 12.0),
        ],
    );
    for l in lines {
        sheet.push(vec![
            l.place.into(),
            l.name.into(),
            l.club.into(),
            l.reached.into(),
            l.phase_rank.into(),
        ]);
    }
    sheet
}

/// The standings as the standings page shows them (W-D-L split in three numbers).
pub(crate) fn standings_sheet(ctx: &Ctx, file: &TournamentFile) -> Sheet {
    let mut columns = vec![
        (ctx.t("final-ranking-place"), 8.0),
        (entrant_head(ctx, file), 34.0),
        (ctx.t("sheets-club"), 24.0),
        (ctx.t("standings-played-long"), 10.0),
        (ctx.t("sheets-won"), 9.0),
        (ctx.t("sheets-drawn"), 9.0),
        (ctx.t("sheets-lost"), 9.0),
        (ctx.t("paper-points-long"), 8.0),
    ];
    columns.extend(tb_headers(ctx, file).into_iter().map(|h| (h, 12.0)));
    columns.push((ctx.t("sheets-note"), 14.0));
    let mut sheet = Sheet::new(ctx.t("standings-title"), columns);
    for l in standing_lines(ctx, file, false) {
        let mut notes = Vec::new();
        if !l.tie.is_empty() {
            notes.push(l.tie.clone());
        }
        if l.withdrawn {
            notes.push(l.withdrawn_note.clone());
        }
        let mut row = vec![
            l.rank.into(),
            l.name.into(),
            l.club.into(),
            l.played.into(),
            l.wins.into(),
            l.draws.into(),
            l.losses.into(),
            Cell::shown(&l.points),
        ];
        row.extend(l.columns.iter().map(|c| Cell::shown(c)));
        row.push(if notes.is_empty() {
            Cell::Empty
        } else {
            notes.join("; ").into()
        });
        sheet.push(row);
    }
    sheet
}

/// The tables of round `view` as the page lists them (its heads spelt out: "Pareja 1",
/// "Pareja 2", "Jugador 1" in an individual game), with the scores as numbers and the
/// round's number on every line (a spreadsheet gathering several rounds tells them
/// apart).
fn pairings_sheet(ctx: &Ctx, t: &Tournament, view: &RoundView) -> Sheet {
    let head = entrant_head(ctx, &t.file);
    let score = if crate::domain::tournament::people::entrant_size(&t.file) == 1 {
        "sheets-score-player"
    } else {
        "sheets-score-pair"
    };
    let mut sheet = Sheet::new(
        ctx.t1("round-n", "n", &view.number),
        vec![
            (ctx.t("tournament-table"), 8.0),
            (format!("{head} 1"), 34.0),
            (format!("{head} 2"), 34.0),
            (ctx.t1(score, "n", &1), 12.0),
            (ctx.t1(score, "n", &2), 12.0),
            (ctx.t("tournament-result"), 18.0),
            (ctx.t("sheets-round"), 8.0),
        ],
    );
    let round = t.round(view.number);
    for l in &view.tables {
        let result = round.and_then(|r| r.result(l.table));
        let score = |i: usize| result.map_or(Cell::Empty, |r| r.score[i].into());
        sheet.push(vec![
            l.physical
                .map_or_else(|| ctx.t("tournament-queued").into(), Cell::from),
            l.a.clone().into(),
            l.b.clone().into(),
            score(0),
            score(1),
            l.result
                .clone()
                .unwrap_or_else(|| ctx.t(&format!("tournament-status-{}", l.status)))
                .into(),
            view.number.into(),
        ]);
    }
    for (names, key) in [
        (&view.byes, "tournament-bye"),
        (&view.rests, "tournament-rest"),
    ] {
        for n in names {
            sheet.push(vec![
                Cell::Empty,
                n.clone().into(),
                ctx.t(key).into(),
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                view.number.into(),
            ]);
        }
    }
    sheet
}

/// The matches of the knockout phases of `file` (its `brackets`) as lines of the
/// results sheet, after the rounds: the match by its stage ("Semifinal 1", "Final"),
/// the two entrants, the scores, the result, and the phase's name where a round's
/// number goes. Matches whose entrants are not both known yet are left out.
fn knockout_rows(ctx: &Ctx, file: &TournamentFile) -> Vec<Vec<Cell>> {
    let names: HashMap<&str, &str> = file
        .entrants
        .iter()
        .map(|e| (e.id.as_str(), e.name.as_str()))
        .collect();
    let mut rows = Vec::new();
    for phase in &file.brackets {
        let name = |e: crate::domain::bracket::EntrantId| {
            phase
                .entrants
                .get(e.0 as usize)
                .map(|id| names.get(id.as_str()).map_or(id.as_str(), |n| *n))
                .unwrap_or_default()
                .to_owned()
        };
        for m in phase.bracket.matches() {
            let [Some(a), Some(b)] = m.entrants() else {
                continue;
            };
            // A knockout table's number is its match's, counted from 1.
            let table = i32::try_from(m.id.0 + 1).unwrap_or(i32::MAX);
            let stage = super::ranking::table_stage(ctx, &phase.bracket, table)
                .unwrap_or_else(|| ctx.t1("table-n", "n", &table));
            let score = m.result.as_ref().and_then(|r| r.score);
            let result = match (&m.result, score) {
                (_, Some([x, y])) => Cell::text(format!("{x} – {y}")),
                (Some(r), None) => ctx
                    .t1("result-declared-winner", "name", &name(r.winner))
                    .into(),
                (None, None) => Cell::Empty,
            };
            let points = |k: usize| score.map_or(Cell::Empty, |s| s[k].into());
            rows.push(vec![
                stage.into(),
                name(a).into(),
                name(b).into(),
                points(0),
                points(1),
                result,
                phase.name.clone().into(),
            ]);
        }
    }
    rows
}

/// One sheet per liguilla: rank, name, then the score against each other entrant.
fn crosstable_sheets(ctx: &Ctx, head: String, groups: Vec<CrossGroup>) -> Vec<Sheet> {
    groups
        .into_iter()
        .map(|g| {
            let mut columns = vec![(ctx.t("final-ranking-place"), 8.0), (head.clone(), 34.0)];
            columns.extend(g.rows.iter().map(|r| (r.rank.to_string(), 10.0)));
            let title = if g.group > 0 {
                ctx.t1("crosstable-group", "n", &g.group)
            } else {
                ctx.t("crosstable-title")
            };
            let mut sheet = Sheet::new(title, columns);
            for r in g.rows {
                let mut row = vec![r.rank.into(), r.name.into()];
                row.extend(r.cells.into_iter().map(Cell::from));
                sheet.push(row);
            }
            sheet
        })
        .collect()
}

/// A public download of the championship a `/campeonatos/{id}/NAME.{ext}` path
/// names: the sheets `make` builds of it (none: 404), in a file named after message
/// `what` and the championship.
async fn public_download(
    Visit { req, state, who }: Visit,
    Target(id, format): Target,
    what: &str,
    make: impl FnOnce(&Ctx, &Tournament) -> Option<Vec<Sheet>>,
) -> HttpResult {
    let t = db(&state, move |conn| {
        let mut t = super::ranking::load_public(conn, id)?;
        super::public::public_names(conn, &who, &mut t, &mut [])?;
        Ok(t)
    })
    .await?;
    let ctx = Ctx::from_request(&req);
    let sheets = make(&ctx, &t).ok_or(AppError::NotFound)?;
    let stem = format!("{}-{}", ctx.t(what), t.championship.name);
    sheets::download(ctx.lang, &sheets, format, &stem)
}

/// `GET /campeonatos/{id}/clasificacion.{xlsx|csv}`: the standings (public, like
/// the standings page); once the knockout has its champion, the final ranking
/// first, then the earlier phase's standings.
pub async fn standings_download(v: Visit, at: Target) -> HttpResult {
    public_download(v, at, "sheets-file-standings", |ctx, t| {
        let mut standings = standings_sheet(ctx, &t.file);
        Some(match super::ranking::final_lines(ctx, &t.file) {
            Some(finals) => {
                standings.title = super::ranking::phase_standings_title(ctx, &t.file);
                vec![
                    final_sheet(ctx, entrant_head(ctx, &t.file), finals),
                    standings,
                ]
            }
            None => vec![standings],
        })
    })
    .await
}

#[derive(Deserialize)]
pub struct RoundOnly {
    ronda: Option<u32>,
}

/// The championship with the names its viewer may read, and its rounds (only `round`
/// when given) that the viewer may see: the published ones, or every one for the
/// club's staff.
async fn rounds_seen(
    ctx: &Ctx,
    Visit { state, who, .. }: Visit,
    id: i32,
    round: Option<u32>,
) -> Result<(Tournament, Vec<RoundView>), AppError> {
    let viewer = who.clone();
    let (t, rows) = db(&state, move |conn| {
        let mut t = load(conn, id)?;
        if t.file.brackets.is_empty() {
            t.file.brackets = store::linked_phases(conn, id, &t.file)?.0;
        }
        super::public::public_names(conn, &viewer, &mut t, &mut [])?;
        Ok((t, store::tables(conn, id)?))
    })
    .await?;
    let staff = who.allows(Perm::ReadAudit(t.championship.club_id));
    let views = round_views(ctx, &t, &rows, None, round)
        .into_iter()
        .filter(|r| staff || r.published)
        .collect();
    Ok((t, views))
}

/// `GET /campeonatos/{id}/emparejamientos.{xlsx|csv}[?ronda=N]`: the tables of a
/// round (a published one, or any for the club's staff; the latest by default).
pub async fn pairings_download(
    visit: Visit,
    q: web::Query<RoundOnly>,
    Target(id, format): Target,
) -> HttpResult {
    let ctx = Ctx::from_request(&visit.req);
    let (t, views) = rounds_seen(&ctx, visit, id, q.ronda).await?;
    let view = views
        .into_iter()
        .rfind(|r| q.ronda.is_none_or(|n| n == r.number))
        .ok_or(AppError::NotFound)?;
    let stem = format!(
        "{}-{}-{}",
        ctx.t("sheets-file-pairings"),
        t.championship.name,
        ctx.t1("round-n", "n", &view.number)
    );
    sheets::download(ctx.lang, &[pairings_sheet(&ctx, &t, &view)], format, &stem)
}

/// `GET /campeonatos/{id}/resultados.{xlsx|csv}`: the tables of every round in one
/// sheet, a round's number on each line (the published rounds, or every round for the
/// club's staff), as the pairings of each round download them, then the matches of
/// its knockout phases, each phase's name on its lines.
pub async fn results_download(visit: Visit, Target(id, format): Target) -> HttpResult {
    let ctx = Ctx::from_request(&visit.req);
    let (t, views) = rounds_seen(&ctx, visit, id, None).await?;
    let mut rounds = views
        .iter()
        .map(|view| pairings_sheet(&ctx, &t, view))
        .peekable();
    let mut sheet = match rounds.peek() {
        Some(first) => Sheet::new(ctx.t("sheets-results-title"), first.columns.clone()),
        None => return Err(AppError::NotFound),
    };
    for round in rounds {
        sheet.rows.extend(round.rows);
    }
    sheet.rows.extend(knockout_rows(&ctx, &t.file));
    let stem = format!("{}-{}", ctx.t("sheets-file-results"), t.championship.name);
    sheets::download(ctx.lang, &[sheet], format, &stem)
}

/// `GET /campeonatos/{id}/cruces.{xlsx|csv}`: the crosstable of a league (404 for
/// other systems).
pub async fn crosstable_download(v: Visit, at: Target) -> HttpResult {
    public_download(v, at, "sheets-file-crosstable", |ctx, t| {
        Some(crosstable_sheets(
            ctx,
            entrant_head(ctx, &t.file),
            crosstables(ctx, &t.file)?,
        ))
    })
    .await
}

/// `GET /campeonatos/{id}/auditoria.{xlsx|csv}`: the championship's audit (staff).
pub async fn audit_download(
    Visit { req, state, who }: Visit,
    Target(id, format): Target,
) -> HttpResult {
    let (championship, entries, known) = audit_trail(
        &state,
        id,
        queries::find_championship,
        crate::db::accounts::championship_audit,
    )
    .await?;
    who.require(Perm::ReadAudit(championship.club_id), req.path())?;
    let ctx = Ctx::from_request(&req);
    let stem = format!("{}-{}", ctx.t("sheets-file-audit"), championship.name);
    sheets::download(
        ctx.lang,
        &[crate::web::manage::audit_sheet(&ctx, (&entries, &known))],
        format,
        &stem,
    )
}
