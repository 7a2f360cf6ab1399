//! The director's page of a championship, its export, pairing a round and
//! publishing it.

use super::*;
use crate::domain::tournament::seat;
use crate::service::championship::guards;
use crate::web::done::Done;

pub struct EntrantLine {
    pub id: String,
    pub name: String,
    pub club: String,
    pub seed: String,
    pub first_round: u32,
    pub withdrawn: Option<u32>,
    pub checked_in: bool,
    /// Its players, each with whether she is linked to a person of the register.
    pub people: Vec<(String, bool)>,
    /// Its name and its players' names folded for search (accents and case away),
    /// one a line: what the list's search script compares the words typed with.
    pub search: String,
    /// The list's search shows it (every entrant when nothing is looked for).
    pub shown: bool,
}

/// The director's page's query: the entrants looked for (`?buscar=`).
#[derive(Deserialize, Default)]
pub struct EntrantSearch {
    #[serde(default)]
    buscar: String,
}

impl EntrantSearch {
    /// The search of `req`'s query, trimmed and cut to 80 characters.
    pub fn of(req: &HttpRequest) -> String {
        web::Query::<EntrantSearch>::from_query(req.query_string())
            .map(|q| q.buscar.trim().chars().take(80).collect())
            .unwrap_or_default()
    }

    /// The director's page at its entrants, looking for `search` when there is one.
    pub fn back_to(id: i32, search: &str) -> String {
        match search.trim() {
            "" => format!("/campeonatos/{id}/direccion#inscritos"),
            q => format!(
                "/campeonatos/{id}/direccion?buscar={}#inscritos",
                crate::web::percent_encode(q)
            ),
        }
    }
}

#[derive(Template)]
#[template(path = "tournament_director.html")]
struct DirectorPage<'a> {
    ctx: &'a Ctx,
    tour: Tournament,
    game_label: String,
    /// The table options that differ from the defaults, in words.
    options_used: Vec<crate::web::options::OptionWords>,
    status_label: String,
    system: String,
    format: String,
    points: Points,
    tiebreaks: Vec<String>,
    entrants: Vec<EntrantLine>,
    /// The entrants looked for, as typed (empty: all of them).
    search: String,
    /// How many the list shows: "12 de 200 parejas".
    shown_words: String,
    /// The same words with `{n}` for the number shown, for the search script.
    shown_pattern: String,
    /// The entrants' column: "Pareja", or "Jugador" in an individual game.
    entrant_head: String,
    rounds: Vec<RoundView>,
    /// The next round number if it can be paired now.
    next: Option<u32>,
    /// Why not, when it cannot.
    blocked: Option<String>,
    /// Before round 1 with a check-in begun: how many will be paired and how many,
    /// not checked in, stay out.
    check_in_note: Option<String>,
    late: bool,
    /// Nothing is drawn yet (no round, no knockout): check-in and seeds still apply.
    undrawn: bool,
    /// Entrants are still taken: the knockout is not drawn, and a late entrant would
    /// play a round.
    registration_open: bool,
    /// The knockout is drawn: no entrant is withdrawn or reinstated any more (a no-show
    /// loses the match at its table).
    knockout_drawn: bool,
    /// Brackets of the championship its export cannot carry (see `db::championship::tables::export`).
    left_out: Vec<String>,
    /// Its knockout phases: name, bracket page, and their tables.
    phases: Vec<PhaseView>,
    /// Every round is played: a knockout phase can be seeded from the standings.
    can_add_phase: bool,
    /// Before the phase is drawn: the cuts that would fall inside a shared place.
    shared_cuts: Vec<String>,
    /// Every liguilla is played and there is no phase yet: a played repesca can be
    /// formed.
    can_add_repesca: bool,
    /// The liguillas while they can change (before the first round).
    groups: Vec<super::groups::GroupView>,
    /// A played repesca has its winners: the knockout may take them.
    repesca_done: bool,
    /// The repesca played as a liguilla, a championship of its own.
    liguilla: Option<super::repesca::LiguillaView>,
    /// This championship is the repesca liguilla of another: its page and name.
    repesca_of: Option<(String, String)>,
    /// The season circuits its standings count in, of any club: (id, name).
    circuits: Vec<(i32, String)>,
    /// The club's active pairs and players, for the entrant picker.
    known: Vec<String>,
    /// The address phones open (the QR codes carry it).
    reach_url: String,
    /// The server listens on this machine only: phones cannot reach it.
    local_only: bool,
    /// No round is paired yet: the settings can still change.
    editable: bool,
    /// The players' numbers in the registration form (1, or 1 and 2).
    player_slots: Vec<usize>,
    /// Entrants not linked yet, with who they probably are.
    unlinked: super::linking::LinkingView,
    /// A form of the page refused, shown again as typed.
    again: Option<super::again::Again>,
}

impl DirectorPage<'_> {
    /// The refusal of form `form`, when the page answers one.
    fn refused(&self, form: &str) -> Option<&super::again::Again> {
        self.again.as_ref().filter(|a| a.form == form)
    }

    /// The knockout was asked for with rounds of the Swiss or of the league left: the
    /// phase form is shown again, to draw it anyway with the button of these words
    /// (message key).
    fn early_asked(&self) -> Option<&'static str> {
        self.refused("fases").and_then(|a| a.confirm)
    }

    /// The phase form's default `then` once a played repesca has its winners, else
    /// `otherwise`.
    fn after_repesca(&self, then: &'static str, otherwise: &'static str) -> &'static str {
        if self.repesca_done { then } else { otherwise }
    }

    /// The phase form's number of qualifiers before anything is typed: the best eight,
    /// or the largest bracket without byes that the entrants still in fill (four of
    /// six pairs), never more than can qualify.
    fn qualifiers_default(&self) -> usize {
        let can = self
            .entrants
            .iter()
            .filter(|e| e.withdrawn.is_none())
            .count();
        let mut n = 8;
        while n > 2 && n > can {
            n /= 2;
        }
        n
    }

    /// What was typed in field `field` of form `form` when it was refused, else
    /// `default`.
    fn typed(&self, form: &str, field: &str, default: impl std::fmt::Display) -> String {
        self.refused(form)
            .and_then(|a| a.value(field))
            .map_or_else(|| default.to_string(), str::to_owned)
    }
}

/// A knockout phase as the director and the public see it.
pub struct PhaseView {
    pub id: i32,
    pub name: String,
    pub href: String,
    pub tables: Vec<TableLine>,
}

/// "Sin empezar", "Mano 5", "Propuesto", "Confirmado": a table's state.
fn table_state(ctx: &Ctx, row: &TableRow, hands: Option<(usize, usize)>) -> String {
    match row.status {
        TableStatus::Final => ctx.t("table-state-final"),
        TableStatus::Proposed => match (row.proposed_a, row.proposed_b) {
            (Some(a), Some(b)) => format!("{} · {a} – {b}", ctx.t("table-state-proposed")),
            _ => ctx.t("table-state-proposed"),
        },
        TableStatus::Playing => match hands {
            Some((_, 0)) => ctx.t("table-state-not-started"),
            Some((partidas, n)) if partidas > 1 => format!(
                "{} · {}",
                ctx.t1("series-game-n", "n", &partidas),
                ctx.t1("table-state-hand", "n", &(n + 1))
            ),
            Some((_, n)) => ctx.t1("table-state-hand", "n", &(n + 1)),
            None => ctx.t(&format!("tournament-status-{}", row.status)),
        },
    }
}

/// The knockout phases of championship `id` with their tables.
pub(super) fn phase_views(
    conn: &mut DbConn,
    ctx: &Ctx,
    id: i32,
) -> Result<Vec<PhaseView>, AppError> {
    let mut out = Vec::new();
    for b in crate::db::brackets::brackets_of_championship(conn, id)? {
        let names: Vec<String> = serde_json::from_str(&b.entrants).unwrap_or_default();
        let doc: Option<crate::domain::bracket::Bracket> = serde_json::from_str(&b.document).ok();
        let rows = store::phase_tables(conn, id, b.id)?;
        let progress = crate::db::championship::tables::progress(conn, &rows)?;
        let tables = rows
            .iter()
            .map(|row| {
                let entrants = doc
                    .as_ref()
                    .and_then(|d| {
                        d.get(crate::domain::bracket::MatchId(
                            row.table_no.max(1) as u32 - 1,
                        ))
                    })
                    .map(|m| m.entrants())
                    .unwrap_or([None, None]);
                let name = |k: usize| {
                    entrants[k]
                        .and_then(|e| e.name_in(&names))
                        .unwrap_or_default()
                };
                let url = table_path(id, b.id, 0, row.table_no);
                TableLine {
                    table: row.table_no as u32,
                    physical: row.physical,
                    a: name(0),
                    b: name(1),
                    result: (row.status == TableStatus::Final).then(|| {
                        format!(
                            "{} – {}",
                            row.proposed_a.unwrap_or(0),
                            row.proposed_b.unwrap_or(0)
                        )
                    }),
                    status: row.status.to_string(),
                    pin: row.pin.clone(),
                    pin_b: row.pin_b.clone(),
                    qr_svg: String::new(),
                    state: table_state(ctx, row, progress.get(&row.id).copied()),
                    stage: doc
                        .as_ref()
                        .and_then(|d| super::ranking::table_stage(ctx, d, row.table_no)),
                    game: row.game_id,
                    seating: None,
                    url,
                }
            })
            .collect();
        out.push(PhaseView {
            href: format!("/cuadros/{}", b.id),
            id: b.id,
            name: b.name,
            tables,
        });
    }
    Ok(out)
}

/// The entrants by name, the Spanish way (their number stays in its column), each
/// shown when `search` finds it.
fn entrant_lines(t: &Tournament, search: &str) -> Vec<EntrantLine> {
    let checked_in: std::collections::HashSet<&str> =
        t.checked_in.iter().map(String::as_str).collect();
    let mut lines: Vec<EntrantLine> = t
        .file
        .entrants
        .iter()
        .map(|e| EntrantLine {
            id: e.id.clone(),
            name: e.name.clone(),
            club: e.club.clone().unwrap_or_default(),
            seed: e.seed.map(|s| s.to_string()).unwrap_or_default(),
            first_round: e.first_round,
            withdrawn: e.withdrawn_after_round,
            checked_in: checked_in.contains(e.id.as_str()),
            people: e
                .people
                .iter()
                .map(|p| (p.name.clone(), p.key.is_some()))
                .collect(),
            search: seat::names_of(e)
                .map(crate::domain::names::fold)
                .collect::<Vec<_>>()
                .join("\n"),
            shown: seat::listed_for(e, search),
        })
        .collect();
    crate::domain::names::sort_by_name(&mut lines, |l| &l.name);
    lines
}

/// How many of the entrants `lines` shows, in words ("12 de 200 parejas"), and the
/// same words with `{n}` in place of the number shown.
fn shown_words(ctx: &Ctx, file: &TournamentFile, lines: &[EntrantLine]) -> (String, String) {
    let key = if crate::domain::tournament::people::entrant_size(file) == 1 {
        "entrants-shown-players"
    } else {
        "entrants-shown-pairs"
    };
    let pattern = crate::web::i18n::tr_counts(
        ctx.lang,
        key,
        &[("total", lines.len())],
        &[("shown", "{n}".to_owned())],
    );
    let shown = lines.iter().filter(|l| l.shown).count();
    (pattern.replace("{n}", &shown.to_string()), pattern)
}

/// Before round 1, once anyone is checked in: "the 61 checked in will be paired; the
/// 3 not checked in stay out" (the draw withdraws them as absent).
fn check_in_note(ctx: &Ctx, t: &Tournament) -> Option<String> {
    if !t.file.rounds.is_empty() || t.checked_in.is_empty() {
        return None;
    }
    let playing = t
        .file
        .entrants
        .iter()
        .filter(|e| e.withdrawn_after_round.is_none());
    let (present, absent): (Vec<_>, Vec<_>) = playing.partition(|e| t.checked_in.contains(&e.id));
    let args = [
        ("present", present.len().to_string()),
        ("absent", absent.len().to_string()),
    ];
    Some(crate::web::i18n::tr_args(
        ctx.lang,
        "tournament-check-in-note",
        &args,
    ))
}

/// `GET /campeonatos/{id}/direccion`
pub async fn director(visit: Visit, path: web::Path<String>) -> HttpResult {
    let id = parse_id(&path)?;
    director_page(visit, id, None).await
}

/// The director's page of championship `id`; `again`, a form of it refused.
pub(super) async fn director_page(
    Visit { req, state, who }: Visit,
    id: i32,
    again: Option<super::again::Again>,
) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    let lang_ctx = Ctx::from_request(&req);
    let (t, rows, left_out, progress, phases, known) = db(&state, move |conn| {
        let t = load(conn, id)?;
        let (_, left_out) = store::linked_phases(conn, id, &t.file)?;
        let rows = store::tables(conn, id)?;
        // Only a table still being played shows how far it is (see `table_state`).
        let playing: Vec<TableRow> = rows
            .iter()
            .filter(|r| r.status != TableStatus::Final && r.status != TableStatus::Proposed)
            .cloned()
            .collect();
        let progress = crate::db::championship::tables::progress(conn, &playing)?;
        let phases = phase_views(conn, &lang_ctx, id)?;
        let known = crate::web::people::picker_names(conn, t.championship.club_id)?;
        let unlinked = super::linking::unlinked_views(conn, id, &t.file)?;
        let repescas = crate::db::brackets::brackets_of_championship(conn, id)?
            .iter()
            .filter(|b| store::is_repesca(&b.seeding))
            .count();
        let liguilla = crate::db::championship::liguilla::load(conn, id)?;
        let done = crate::db::repesca::repesca_winners_with(conn, id, &t.file, liguilla.as_ref())?
            .is_some();
        let liguilla = liguilla.map(|l| super::repesca::liguilla_view(&lang_ctx, &l, true));
        let repesca_of = super::repesca::repesca_of(conn, id, true)?;
        let circuits = crate::db::circuits::of_championship(conn, id)?;
        // What the forms' handlers refuse, asked of the guards they call.
        let drawn = store::knockout_drawn(conn, id)?;
        let editable = guards::settings_open_when(&t, drawn).is_ok();
        Ok((
            t,
            rows,
            left_out,
            progress,
            phases,
            (
                known,
                unlinked,
                (repescas, done),
                (liguilla, repesca_of, circuits),
                (drawn, editable),
            ),
        ))
    })
    .await?;
    let (known, unlinked, repesca, (liguilla, repesca_of, circuits), (knockout_drawn, editable)) =
        known;
    who.require(Perm::ManageClub(t.championship.club_id), req.path())?;
    let next_round = tournament::next_round(&t.file);
    let finished = matches!(next_round, Err(PairingError::Finished));
    let (next, blocked) = match next_round {
        Ok(r) => (Some(r.number), None),
        Err(e) => (None, Some(super::pairing_words(ctx.lang, &t.file, &e))),
    };
    let mut rounds = round_views(&ctx, &t, &rows, None, None);
    let by_table = tables_by_round(&rows);
    for r in &mut rounds {
        for l in &mut r.tables {
            if let Some(row) = by_table.get(&(r.number as i32, l.table as i32)) {
                l.state = table_state(&ctx, row, progress.get(&row.id).copied());
            }
        }
    }
    rounds.reverse();
    // After the last round, or instead of any: a one-day knockout is a championship
    // with one knockout phase, seeded by the entrants' seeds.
    // A played repesca comes first, its knockouts only, and all finished.
    let (repescas, repesca_done) = repesca;
    let undrawn = t.file.rounds.is_empty() && !knockout_drawn;
    let next = next.filter(|_| !knockout_drawn);
    // A repesca liguilla's best join the other championship's knockout, not its own.
    let can_add_phase = ((phases.is_empty() && liguilla.is_none())
        || (phases.len() == repescas && repesca_done))
        && repesca_of.is_none()
        && t.file.entrants.len() >= 2
        && (t.file.rounds.is_empty() || finished);
    let can_add_repesca = phases.is_empty()
        && liguilla.is_none()
        && finished
        && matches!(t.file.championship.system, System::RoundRobin { groups, .. } if groups > 1);
    let status = again.as_ref().map_or(StatusCode::OK, |a| a.status);
    let search = EntrantSearch::of(&req);
    let entrants = entrant_lines(&t, &search);
    let (shown_words, shown_pattern) = shown_words(&ctx, &t.file, &entrants);
    render_status(
        &DirectorPage {
            again,
            circuits,
            reach_url: state.public_base(&req),
            local_only: state.reach == crate::web::reach::Reach::LocalOnly,
            editable,
            player_slots: (1..=crate::domain::tournament::people::entrant_size(&t.file)).collect(),
            entrant_head: super::entrant_head(&ctx, &t.file),
            unlinked,
            known,
            left_out,
            phases,
            shared_cuts: if can_add_phase {
                crate::domain::tournament::qualify::shared_cuts_ahead(&t.file, ctx.lang)
            } else {
                Vec::new()
            },
            can_add_phase,
            can_add_repesca,
            repesca_done,
            liguilla,
            repesca_of,
            groups: if knockout_drawn {
                Vec::new()
            } else {
                super::groups::group_views(&t.file)
            },
            undrawn,
            registration_open: !knockout_drawn
                && crate::domain::tournament::listing::late_entry_refused(&t.file).is_none(),
            knockout_drawn,
            system: system_text(&ctx, &t.file.championship),
            format: format_text(&ctx, &t.file.championship.match_format),
            points: t.file.championship.points,
            tiebreaks: t
                .file
                .championship
                .tiebreaks
                .iter()
                .map(|x| tiebreak_label(&ctx, *x))
                .collect(),
            entrants,
            search,
            shown_words,
            shown_pattern,
            late: !t.file.rounds.is_empty(),
            check_in_note: check_in_note(&ctx, &t),
            rounds,
            next,
            blocked,
            game_label: ctx.t(&format!("game-{}", t.championship.game)),
            options_used: crate::web::options::changed_option_words(
                ctx.lang,
                t.file.championship.game,
                &t.file.championship.options,
            ),
            status_label: ctx.t(&format!("status-{}", t.championship.status)),
            tour: t,
            ctx: &ctx,
        },
        status,
    )
}

/// `GET /campeonatos/{id}/exportar`: the `baza-tournament/1` document (the club's
/// organisers and referees, and administrators).
pub async fn export_file(Visit { req, state, who }: Visit, path: web::Path<String>) -> HttpResult {
    let id = parse_id(&path)?;
    let t = db(&state, move |conn| load(conn, id)).await?;
    who.require(Perm::ReadAudit(t.championship.club_id), req.path())?;
    // Licences only for the club's organisers and administrators; to the others,
    // those who asked for it go by their initials.
    let private = who.allows(Perm::ManageClub(t.championship.club_id));
    // With the games its tables played, the brackets (knockout phases) linked to
    // the championship, its repesca liguilla, and each entrant's people by their code.
    let file = db(&state, move |conn| {
        let mut file = crate::db::championship::tables::export(conn, id)?
            .ok_or(AppError::NotFound)?
            .file;
        crate::db::linking::people_for_export(conn, &mut file, private)?;
        if let Some(r) = file.repesca_liguilla.as_mut() {
            crate::db::linking::people_for_export(conn, &mut r.liguilla, private)?;
        }
        Ok(file)
    })
    .await?;
    let body = serde_json::to_string_pretty(&file)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("{e}")))?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            header::CONTENT_DISPOSITION,
            crate::web::sheets::attachment(&format!(
                "{}.json",
                crate::web::sheets::file_stem(&t.championship.name)
            )),
        ))
        .body(body))
}

#[derive(Deserialize, serde::Serialize)]
pub struct PairForm {
    #[serde(default)]
    tables: String,
}

/// `POST /campeonatos/{id}/rondas`: pairs the next round (refused while a result is
/// missing) with `tables` tables in the room (0 or empty: one per game).
pub async fn pair(Directed(visit, id, form): Directed<web::Form<PairForm>>) -> HttpResult {
    super::again::tried(visit, id, "rondas", form.into_inner(), pair_round).await
}

async fn pair_round(Visit { state, who, .. }: Visit, id: i32, form: PairForm) -> HttpResult {
    let tables = match form.tables.trim() {
        "" => None,
        s => Some(
            s.parse::<i32>()
                .ok()
                .filter(|v| (0..=10_000).contains(v))
                .ok_or_else(|| AppError::from(Unacceptable::Tables(s.to_owned())))?,
        ),
    };
    let actor = who.actor();
    let round = db(&state, move |conn| {
        Ok(crate::service::championship::pair_next_round(
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
    VisitId(Visit { req, state, who }, (id, round), ()): VisitId<(), (i32, u32)>,
) -> HttpResult {
    require_director(&req, &state, &who, id).await?;
    let actor = who.actor();
    db(&state, move |conn| {
        crate::service::championship::change(conn, id, &actor, now(), |_, t| {
            if round == 0 || round > t.rounds_paired() {
                return Err(ChangeError::NotFound);
            }
            let before = t.published_round;
            t.published_round = t.published_round.max(round as i32);
            Ok((
                (),
                crate::service::championship::Audit {
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
    Ok(see_other(&crate::web::done::with_done(
        &format!("/campeonatos/{id}/direccion#ronda-{round}"),
        Done::RoundPublished,
    )))
}

#[derive(Deserialize, serde::Serialize)]
pub struct PhaseForm {
    #[serde(default)]
    name: String,
    /// `top` (the best `n`) or `groups` (the best `per_group` of each liguilla).
    #[serde(default)]
    qualify: String,
    #[serde(default)]
    n: String,
    #[serde(default)]
    per_group: String,
    /// `none`, `runners_up` or `repesca`.
    #[serde(default)]
    fill: String,
    /// `single` or `double`.
    #[serde(default)]
    shape: String,
    #[serde(default)]
    third_place: String,
    #[serde(default)]
    reset: String,
    /// `1`: the director draws it now, knowing the rounds left (of the Swiss or of
    /// the league) will not be played.
    #[serde(default)]
    early: String,
}

/// `POST /campeonatos/{id}/fases`: a knockout phase seeded from the standings of
/// the championship's rounds (every round drawn played), with tables for its first
/// matches. With rounds of the Swiss or of the league left, the director's page again
/// (409) saying how many, with a button that draws it anyway (`early`).
pub async fn create_phase(Directed(visit, id, form): Directed<web::Form<PhaseForm>>) -> HttpResult {
    super::again::tried(visit, id, "fases", form.into_inner(), draw_phase).await
}

async fn draw_phase(Visit { req, state, who }: Visit, id: i32, f: PhaseForm) -> HttpResult {
    use crate::domain::tournament::qualify::{GroupFill, KnockoutShape, Qualify};
    let qualify = match f.qualify.as_str() {
        "groups" => Qualify::PerGroup {
            // One per liguilla (its winner) is allowed: the fill completes the bracket.
            per_group: f
                .per_group
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=1024).contains(n))
                .ok_or_else(|| AppError::from(Unacceptable::PerGroup(f.per_group.clone())))?,
            fill: match f.fill.as_str() {
                "runners_up" => GroupFill::BestRunnersUp,
                "repesca" => GroupFill::Repesca,
                "played" => GroupFill::Played,
                _ => GroupFill::None,
            },
        },
        _ => Qualify::Top {
            n: f.n
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (2..=1024).contains(n))
                .ok_or_else(|| AppError::from(Unacceptable::Qualifiers(f.n.clone())))?,
        },
    };
    let shape = match f.shape.as_str() {
        "double" => KnockoutShape::Double {
            grand_final_reset: f.reset == "1",
        },
        _ => KnockoutShape::Single {
            third_place: f.third_place == "1",
        },
    };
    let ctx = Ctx::from_request(&req);
    let name = phase_name(&ctx, &f.name, "phase-default-name");
    let actor = who.actor();
    db(&state, move |conn| {
        Ok(crate::service::championship::create_knockout(
            conn,
            id,
            (&name, f.early == "1"),
            qualify,
            shape,
            &actor,
            now(),
            &mut random_pin,
        )?)
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion")))
}
