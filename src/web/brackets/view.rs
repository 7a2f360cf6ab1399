//! The views of a bracket: round, side and status texts, its boxes and sections,
//! the list of brackets and the bracket page.

use super::*;

pub fn round_title(ctx: &Ctx, name: RoundName) -> String {
    match name {
        RoundName::Round(n) => ctx.t1("bracket-round-n", "n", &n),
        RoundName::RoundOf16 => ctx.t("bracket-round-of-16"),
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

/// A match's name for the people in the room: "Semifinal 2", "Final", "Tercer
/// puesto", "Cuadro de perdedores, ronda 2, partido 1" (in double elimination the
/// winners' bracket's matches say so).
pub fn stage_title(ctx: &Ctx, stage: Stage, double: bool) -> String {
    stage_words(ctx.lang, stage, double)
}

/// [`stage_title`] in `lang`.
pub fn stage_words(lang: crate::domain::Lang, stage: Stage, double: bool) -> String {
    use crate::web::i18n::{tr, tr_args};
    let n_of = |key: &str, n: u32| tr_args(lang, key, &[("n", n.to_string())]);
    let base = match stage.name {
        RoundName::Round(n) => n_of("stage-round", n),
        RoundName::RoundOf16 => tr(lang, "bracket-round-of-16"),
        RoundName::QuarterFinal => tr(lang, "stage-quarter-final"),
        RoundName::SemiFinal => tr(lang, "stage-semi-final"),
        RoundName::Final => tr(lang, "stage-final"),
        RoundName::LosersRound(n) => n_of("stage-losers-round", n),
        RoundName::LosersFinal => tr(lang, "stage-losers-final"),
        RoundName::ThirdPlace => tr(lang, "stage-third-place"),
        RoundName::GrandFinal => tr(lang, "stage-grand-final"),
        RoundName::GrandFinalReset => tr(lang, "stage-grand-final-reset"),
    };
    let args = |n: u32| [("stage", base.clone()), ("n", n.to_string())];
    let named = match (stage.name, stage.number) {
        (RoundName::Round(_) | RoundName::RoundOf16 | RoundName::LosersRound(_), Some(n)) => {
            tr_args(lang, "stage-match-n", &args(n))
        }
        (_, Some(n)) => tr_args(lang, "stage-numbered", &args(n)),
        (_, None) => base.clone(),
    };
    let winners_side = matches!(
        stage.name,
        RoundName::Round(_)
            | RoundName::RoundOf16
            | RoundName::QuarterFinal
            | RoundName::SemiFinal
            | RoundName::Final
    );
    if double && winners_side {
        tr_args(lang, "stage-winners-side", &[("stage", named)])
    } else {
        named
    }
}

/// The name of match `id` of `b` (see [`stage_title`]); its code if it has none.
pub(super) fn match_title(ctx: &Ctx, b: &Bracket, id: MatchId) -> String {
    let double = matches!(b.format(), Format::DoubleElimination { .. });
    match b.stage(id) {
        Some(s) => stage_title(ctx, s, double),
        None => id.to_string(),
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

pub(super) fn side_title(ctx: &Ctx, side: Side, double: bool) -> String {
    match side {
        Side::Winners if double => ctx.t("bracket-side-winners"),
        Side::Winners => ctx.t("bracket-side-main"),
        Side::Losers => ctx.t("bracket-side-losers"),
        Side::ThirdPlace => ctx.t("bracket-third-place"),
        Side::GrandFinal => ctx.t("bracket-grand-final"),
    }
}

pub(super) fn status_class(s: Status) -> &'static str {
    match s {
        Status::Pending => "pending",
        Status::Ready => "ready",
        Status::Played => "played",
        Status::Void => "void",
        Status::NotNeeded => "not-needed",
    }
}

pub(super) fn status_text(ctx: &Ctx, s: Status) -> String {
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
        ctx.t("bracket-seeded-championship")
    } else if crate::db::championship::store::is_repesca(seeding) {
        ctx.t("bracket-seeded-repesca")
    } else if let Some(list) = seeding.strip_prefix("ratings:") {
        let shown: Vec<String> = list
            .split(',')
            .enumerate()
            .map(|(i, r)| format!("{}. {r}", i + 1))
            .collect();
        ctx.t1("bracket-seeded-ratings", "ratings", &shown.join(" · "))
    } else {
        ctx.t("bracket-seeded-hand")
    }
}

/// How a championship's knockout was seeded from its standings, with the first
/// round's meetings: "sembrado de la clasificación del suizo: 1 contra 4, 2 contra 3".
fn seeding_from_standings(ctx: &Ctx, b: &Bracket, system: Option<(bool, &str)>) -> String {
    let seed_of = |e: EntrantId| b.seeds().iter().position(|&s| s == e).map(|i| i + 1);
    let pairs: Vec<String> = b
        .matches()
        .iter()
        .filter(|m| m.side == Side::Winners)
        .filter_map(|m| match m.slots {
            [Slot::Entrant(x), Slot::Entrant(y)] => Some((seed_of(x)?, seed_of(y)?)),
            _ => None,
        })
        .map(|(x, y)| {
            crate::web::i18n::tr_args(
                ctx.lang,
                "bracket-seed-pair",
                &[("a", x.to_string()), ("b", y.to_string())],
            )
        })
        .collect();
    let key = match system {
        None | Some((false, _)) => "bracket-seeded-standings-entrants",
        Some((true, "swiss")) => "bracket-seeded-standings-swiss",
        Some((true, "groups")) => "bracket-seeded-standings-groups",
        Some((true, "ceros")) => "bracket-seeded-standings-ceros",
        Some((true, _)) => "bracket-seeded-standings-league",
    };
    let mut text = ctx.t1(key, "pairs", &pairs.join(", "));
    let byes: Vec<String> = b
        .byes()
        .into_iter()
        .filter_map(seed_of)
        .map(|s| s.to_string())
        .collect();
    if !byes.is_empty() {
        text.push_str("; ");
        text.push_str(&ctx.t1("bracket-seed-byes", "seeds", &byes.join(", ")));
    }
    text
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

/// Slot `k` of match `m` of `b` as shown: its occupant, or where it will come from
/// ("Ganador de Semifinal 1").
pub(super) fn slot_view(
    ctx: &Ctx,
    b: &Bracket,
    (m, k): (MatchId, usize),
    s: &crate::domain::bracket::BoxSlot,
) -> SlotView {
    let from = b
        .get(m)
        .and_then(|x| x.slots.get(k).copied())
        .and_then(|x| match x {
            Slot::Winner(src) | Slot::Loser(src) => Some(match_title(ctx, b, src)),
            Slot::Entrant(_) => None,
        });
    let text = match (&s.name, s.entrant, from.or_else(|| s.source.clone())) {
        (Some(n), _, _) => n.clone(),
        (None, Some(e), _) => format!("#{}", e.0),
        (None, None, Some(src)) if s.from_loser => ctx.t1("bracket-loser-of", "code", &src),
        (None, None, Some(src)) => ctx.t1("bracket-winner-of", "code", &src),
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
                            code: match_title(ctx, &l.bracket, b.id),
                            status: status_class(b.status),
                            status_text: status_text(ctx, b.status),
                            connector: connector_class(b.connector),
                            fed: fed.contains(&b.id.0),
                            href: links
                                .then(|| format!("/cuadros/{}/partidos/{}", l.row.id, b.id.0)),
                            slots: b
                                .slots
                                .iter()
                                .enumerate()
                                .map(|(k, s)| slot_view(ctx, &l.bracket, (b.id, k), s))
                                .collect(),
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect()
}

/// A short line for a match in lists: `Semifinal 1 · Ana – Benito`.
pub(super) fn match_line(ctx: &Ctx, l: &Loaded, id: MatchId) -> String {
    let Some(m) = l.bracket.get(id) else {
        return id.to_string();
    };
    let who = |k: usize| match m.entrants()[k] {
        Some(e) => l.name(e),
        None => ctx.t("bracket-to-be-decided"),
    };
    format!(
        "{} · {} {} {}",
        match_title(ctx, &l.bracket, id),
        who(0),
        ctx.t("table-versus"),
        who(1)
    )
}

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
pub async fn list(Visit { req, state, who }: Visit) -> HttpResult {
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
    championship: Option<(i32, String)>,
    seeded_from_championship: bool,
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
pub async fn show(Visit { req, state, who }: Visit, path: web::Path<String>) -> HttpResult {
    let id = parse_id(&path)?;
    let (l, club, championship, system, entry) = db(&state, move |conn| {
        let l = load(conn, id)?;
        // A championship's played repesca: where its winners enter the knockout.
        let entry = match l.row.championship_id {
            Some(c)
                if crate::db::brackets::brackets_of_championship(conn, c)?
                    .iter()
                    .any(|r| crate::db::championship::store::is_repesca(&r.seeding)) =>
            {
                Some(crate::db::repesca::repesca_entry_of(conn, c)?)
            }
            _ => None,
        };
        let club = queries::find_club(conn, l.row.club_id)?
            .map(|c| c.name)
            .unwrap_or_default();
        let championship = match l.row.championship_id {
            Some(e) => queries::find_championship(conn, e)?.map(|e| (e.id, e.name)),
            None => None,
        };
        // A championship's knockout seeded from its standings: which phase they were.
        let system = match l.row.seeding.strip_prefix("standings:") {
            Some(e) => {
                e.parse::<i32>()
                    .ok()
                    .map(|e| crate::db::championship::store::load(conn, e))
                    .transpose()?
                    .flatten()
                    .map(|t| {
                        let kind =
                            match t.file.championship.system {
                                crate::domain::tournament::System::Swiss { .. } => "swiss",
                                crate::domain::tournament::System::RoundRobin {
                                    groups, ..
                                } if groups > 1 => "groups",
                                crate::domain::tournament::System::RoundRobin { .. } => "league",
                                crate::domain::tournament::System::Ceros { .. } => "ceros",
                            };
                        // Its entrants by id, to tell a cut through a shared place.
                        let ids: Vec<String> = l
                            .names
                            .iter()
                            .filter_map(|n| {
                                t.file
                                    .entrants
                                    .iter()
                                    .find(|e| &e.name == n)
                                    .map(|e| e.id.clone())
                            })
                            .collect();
                        let cut = crate::domain::tournament::qualify::shared_cut(&t.file, &ids);
                        ((!t.file.rounds.is_empty(), kind), cut)
                    })
            }
            None => None,
        };
        Ok((l, club, championship, system, entry))
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
        seeding: {
            let mut text = if l.row.seeding.starts_with("standings:") {
                seeding_from_standings(&ctx, &l.bracket, system.map(|(s, _)| s))
            } else {
                seeding_text(&ctx, &l.row.seeding)
            };
            if let Some(place) = system.and_then(|(_, cut)| cut) {
                let words = crate::domain::tournament::qualify::shared_cut_words(place, ctx.lang);
                text = format!("{text}. {words}");
            }
            match entry {
                Some(e) => format!("{text}. {}", e.words(ctx.lang)),
                None => text,
            }
        },
        seeded_from_championship: l.row.seeding.starts_with("event:"),
        championship,
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
