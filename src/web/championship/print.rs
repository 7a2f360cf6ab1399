//! The printable A4 pages of a championship: pairings, standings and score slips.

use super::*;

/// Which round (or knockout phase) a print shows.
#[derive(Deserialize)]
pub struct Printed {
    ronda: Option<u32>,
    /// A knockout phase (its bracket id) instead of a round.
    fase: Option<i32>,
}

#[derive(Template)]
#[template(path = "tournament_print.html")]
struct PrintPage<'a> {
    ctx: &'a Ctx,
    kind: &'static str,
    name: String,
    round: Option<RoundView>,
    /// The knockout phase printed instead of a round.
    phase_name: Option<String>,
    entrant_head: String,
    headers: Vec<ColumnHead>,
    rows: Vec<StandingLine>,
    /// The championship and round atop every printed page of the standings.
    paper_caption: Option<String>,
    /// The standings' abbreviations and their words, under the table.
    legend: Vec<(String, String)>,
    /// The round sheet's players in alphabetical order, each with its table.
    by_name: Vec<NameLine>,
    /// The address phones open, before each printed table path.
    base: String,
    /// The final ranking (standings print), once the knockout has its champion.
    finals: Option<Vec<FinalLine>>,
    champion: Option<String>,
    phase_title: String,
    /// The slips' line for the signature: no draw to sign where draws are not allowed.
    signature: String,
    /// A timed match's rule for draws on the slips, unless the draw stands.
    draw_rule: Option<String>,
    /// The words of each entrant's half of a slip and of the PIN sheet, for a pair or
    /// for a player of an individual game.
    half: HalfWords,
}

/// One player of the round sheet's list by name: where she plays the round.
struct NameLine {
    who: String,
    /// Her pair's name, when she plays in one.
    pair: Option<String>,
    /// "Mesa 4 · Pareja 1", "Exenta".
    place: String,
}

/// The players of `round` in alphabetical order (accents and case ignored), each
/// with her table and side, the way a player finds her name on the wall.
fn by_name(ctx: &Ctx, t: &Tournament, round: &RoundView, head: &str) -> Vec<NameLine> {
    let mut seated: Vec<(&str, String)> = Vec::new();
    for l in &round.tables {
        let table = match l.physical {
            Some(p) => ctx.t1("table-n", "n", &p),
            None => format!("{} ({})", ctx.t("tournament-queued"), l.table),
        };
        let at = l.stage.iter().cloned().chain([table]).collect::<Vec<_>>();
        for (name, side) in [(&l.a, 1), (&l.b, 2)] {
            seated.push((name, format!("{} · {head} {side}", at.join(" · "))));
        }
    }
    for (names, key) in [
        (&round.byes, "tournament-bye"),
        (&round.rests, "tournament-rest"),
    ] {
        seated.extend(names.iter().map(|n| (n.as_str(), ctx.t(key))));
    }
    let mut lines: Vec<NameLine> = seated
        .into_iter()
        .flat_map(|(name, place)| {
            let people: Vec<String> = t
                .file
                .entrants
                .iter()
                .find(|e| e.name == name)
                .map(|e| e.people.iter().map(|p| p.name.clone()).collect())
                .unwrap_or_default();
            let pair = (!people.is_empty()).then(|| name.to_owned());
            let who = if people.is_empty() {
                vec![name.to_owned()]
            } else {
                people
            };
            who.into_iter().map(move |who| NameLine {
                pair: pair.clone().filter(|p| *p != who),
                place: place.clone(),
                who,
            })
        })
        .collect();
    crate::domain::names::sort_by_name(&mut lines, |l| &l.who);
    lines
}

/// The standings' line atop every printed page: championship, table and round.
fn standings_caption(t: &Tournament, ctx: &Ctx, title: &str) -> String {
    let mut caption = format!("{} · {title}", t.championship.name);
    if let Some(last) = t.file.rounds.last() {
        let n = &last.number;
        caption.push_str(" · ");
        caption.push_str(&if last.missing_results().is_empty() {
            ctx.t1("paper-after-round", "n", n)
        } else {
            ctx.t1("paper-round-playing", "n", n)
        });
    }
    caption
}

/// The words on each entrant's half of a slip and atop the PIN sheet's columns.
struct HalfWords {
    cut_here: String,
    your_pin: String,
    pin_keep: String,
    entrant: String,
}

impl HalfWords {
    /// The words for entrants of `size` players (1: a player; else a pair).
    fn new(ctx: &Ctx, size: usize) -> HalfWords {
        let t = |key: &str| {
            if size == 1 {
                ctx.t(&format!("{key}-player"))
            } else {
                ctx.t(key)
            }
        };
        HalfWords {
            cut_here: t("champ-cut-here"),
            your_pin: t("champ-your-pin"),
            pin_keep: t("champ-pin-keep"),
            entrant: t("champ-pair"),
        }
    }
}

async fn print_page(
    Visit { req, state, who }: Visit,
    path: &str,
    (round, phase): (Option<u32>, Option<i32>),
    kind: &'static str,
) -> HttpResult {
    let id = parse_id(path)?;
    let phase_ctx = Ctx::from_request(&req);
    let viewer = who.clone();
    let (t, rows, phases) = db(&state, move |conn| {
        let mut phases = if phase.is_some() {
            super::director::phase_views(conn, &phase_ctx, id)?
        } else {
            Vec::new()
        };
        let mut t = if kind == "standings" {
            super::ranking::load_public(conn, id)?
        } else {
            load(conn, id)?
        };
        super::public::public_names(conn, &viewer, &mut t, &mut phases)?;
        Ok((t, store::tables(conn, id)?, phases))
    })
    .await?;
    let staff = who.allows(Perm::ReadAudit(t.championship.club_id));
    // The PINs are printed for the staff only.
    if kind == "slips" || kind == "pins" {
        who.require(Perm::ReadAudit(t.championship.club_id), req.path())?;
    }
    let ctx = Ctx::from_request(&req);
    let base = (kind == "slips").then(|| state.public_base(&req));
    let printed_base = state.public_base(&req);
    let mut phase_name = None;
    let round = match phase {
        Some(b) => {
            let p = phases
                .into_iter()
                .find(|p| p.id == b)
                .ok_or(AppError::NotFound)?;
            phase_name = Some(p.name);
            let tables = p
                .tables
                .into_iter()
                .map(|mut l| {
                    if let Some(base) = &base {
                        l.qr_svg = crate::web::manage::qr_svg(&format!("{base}{}", l.url));
                    }
                    l
                })
                .collect();
            Some(RoundView {
                number: 0,
                published: true,
                complete: false,
                tables,
                byes: Vec::new(),
                rests: Vec::new(),
            })
        }
        None => {
            let wanted = round.unwrap_or(t.rounds_paired());
            round_views(&ctx, &t, &rows, base.as_deref(), Some(wanted))
                .into_iter()
                .find(|r| r.number == wanted && (staff || r.published))
        }
    };
    if kind != "standings" && round.is_none() {
        return Err(AppError::NotFound);
    }
    let mut round = round;
    if let Some(r) = round.as_mut().filter(|_| kind == "slips") {
        seat_tables(&state, &ctx, r).await?;
    }
    // On paper a table without its result has an empty cell: a state ("En juego",
    // "Falta la firma") is stale once the sheet is on the wall.
    if let Some(r) = round.as_mut().filter(|_| kind == "pairings") {
        for l in r.tables.iter_mut().filter(|l| l.result.is_none()) {
            l.result = Some(String::new());
        }
    }
    let finals = if kind == "standings" {
        super::ranking::final_lines(&ctx, &t.file)
    } else {
        None
    };
    let draws = match t.file.championship.match_format {
        MatchFormat::Timed { draws, .. } => draws,
        _ => Default::default(),
    };
    // A knockout match always has a winner: its slip speaks of no draw.
    let draws_allowed = draws.allows_draw() && phase.is_none();
    let rows = if kind == "standings" {
        standing_lines(&ctx, &t.file, true)
    } else {
        Vec::new()
    };
    let champion = super::ranking::champion_or_leader(&finals, &t, &rows);
    let size = crate::domain::tournament::people::entrant_size(&t.file);
    let signature = match (draws_allowed, size) {
        (true, 1) => "tournament-slip-signature-player",
        (false, 1) => "tournament-slip-signature-player-no-draw",
        (true, _) => "tournament-slip-signature",
        (false, _) => "tournament-slip-signature-no-draw",
    };
    let head = entrant_head(&ctx, &t.file);
    let by_name = match round.as_ref().filter(|_| kind == "pairings") {
        Some(r) => by_name(&ctx, &t, r, &head),
        None => Vec::new(),
    };
    let headers = tb_heads(&ctx, &t.file, true);
    let mut legend = vec![
        (ctx.t("standings-played"), ctx.t("standings-played-long")),
        (ctx.t("tournament-wdl"), ctx.t("paper-wdl-long")),
        (ctx.t("tiebreak-points"), ctx.t("paper-points-long")),
    ];
    legend.extend(
        headers
            .iter()
            .filter_map(|h| Some((h.short.clone()?, h.long.clone()))),
    );
    let phase_title = super::ranking::phase_standings_title(&ctx, &t.file);
    let title = if finals.is_some() {
        phase_title.clone()
    } else {
        ctx.t("standings-title")
    };
    render(&PrintPage {
        paper_caption: (kind == "standings").then(|| standings_caption(&t, &ctx, &title)),
        legend,
        by_name,
        signature: ctx.t(signature),
        half: HalfWords::new(&ctx, size),
        draw_rule: (!draws.stands()).then(|| draws.words(ctx.lang)),
        base: printed_base,
        champion,
        finals,
        phase_title,
        phase_name,
        name: t.championship.name.clone(),
        entrant_head: head,
        headers,
        rows,
        round,
        kind,
        ctx: &ctx,
    })
}

/// Gives each table of `round` played hand by hand its seats and first dealer, as its
/// first partida was set up from the draw.
async fn seat_tables(state: &AppState, ctx: &Ctx, round: &mut RoundView) -> Result<(), AppError> {
    let ids: Vec<i32> = round.tables.iter().filter_map(|l| l.game).collect();
    let games = db(state, move |conn| {
        let mut found = HashMap::new();
        for id in ids {
            if let Some(g) = crate::db::games::find_game(conn, id)? {
                found.insert(id, g);
            }
        }
        Ok(found)
    })
    .await?;
    for l in &mut round.tables {
        let Some(g) = l.game.and_then(|id| games.get(&id)) else {
            continue;
        };
        let names = crate::service::game::seats_of(g);
        let Some(dealer) = usize::try_from(g.first_dealer)
            .ok()
            .and_then(|d| names.get(d))
        else {
            continue;
        };
        l.seating = Some(TableSeats {
            first_dealer: format!("{}: {dealer}", ctx.t("game-first-dealer")),
            seats: names
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{}: {n}", ctx.t1("game-seat-n", "n", &(i + 1))))
                .collect(),
        });
    }
    Ok(())
}

/// `GET /campeonatos/{id}/imprimir/emparejamientos[?ronda=N]`: pairings by table.
pub async fn print_pairings(
    v: Visit,
    path: web::Path<String>,
    q: web::Query<Printed>,
) -> HttpResult {
    print_page(v, &path, (q.ronda, q.fase), "pairings").await
}

/// `GET /campeonatos/{id}/imprimir/clasificacion`: the standings on A4.
pub async fn print_standings(v: Visit, path: web::Path<String>) -> HttpResult {
    print_page(v, &path, (None, None), "standings").await
}

/// `GET /campeonatos/{id}/imprimir/pines[?ronda=N]`: the director's sheet of the
/// round's tables with both pairs' PINs (staff only).
pub async fn print_pins(v: Visit, path: web::Path<String>, q: web::Query<Printed>) -> HttpResult {
    print_page(v, &path, (q.ronda, q.fase), "pins").await
}

/// `GET /campeonatos/{id}/imprimir/actas[?ronda=N]`: one result slip per table,
/// with the QR code of its score entry, cut in two halves: each pair's with its own
/// PIN only (staff only).
pub async fn print_slips(v: Visit, path: web::Path<String>, q: web::Query<Printed>) -> HttpResult {
    print_page(v, &path, (q.ronda, q.fase), "slips").await
}
