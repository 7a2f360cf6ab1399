//! The director's page of a championship, its export, pairing a round and
//! publishing it.

use super::*;

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
