//! A championship's settings changed before its first round, and a championship
//! deleted: each after a form or a confirmation, each with its audit row. A deleted
//! championship is kept (its audit trail with it) but gone from every list and page.

use super::create::{NewForm, Posted, Target, checked, page};
use super::*;
use crate::domain::tournament::Draws;
use crate::service::championship::guards::settings_open;
use crate::service::championship::{Audit, change};
use std::collections::HashMap;

impl NewForm {
    /// The form of a championship as it stands.
    fn of(t: &Tournament) -> NewForm {
        let ev = &t.file.championship;
        let mut f = NewForm::defaults(ev.game);
        f.name.clone_from(&ev.name);
        f.starts_on = t.championship.starts_on.to_string();
        f.options.clone_from(&ev.options);
        match ev.same_club {
            SameClub::Allowed => {}
            SameClub::AvoidFirst(n) => {
                f.same_club = "first".into();
                f.same_club_rounds = n.to_string();
            }
            SameClub::AvoidAlways => f.same_club = "always".into(),
        }
        match ev.system {
            System::Swiss { rounds } => {
                f.system = "swiss".into();
                f.rounds = rounds.to_string();
            }
            System::RoundRobin { double, groups } => {
                f.system = if double {
                    "round_robin_double"
                } else {
                    "round_robin"
                }
                .into();
                f.groups = groups.to_string();
            }
            System::Ceros { losses } => {
                f.system = "ceros".into();
                f.losses = losses.to_string();
            }
        }
        f.match_format = ev.match_format.kind().into();
        match ev.match_format {
            MatchFormat::Partida { target } => {
                f.target = target.map(|t| t.to_string()).unwrap_or_default();
            }
            MatchFormat::BestOf { partidas, cotos } => {
                f.partidas = partidas.to_string();
                f.cotos = cotos.to_string();
            }
            MatchFormat::Timed {
                target,
                max_hands,
                minutes,
                cap,
                draws,
            } => {
                f.target = target.to_string();
                f.max_hands = max_hands.to_string();
                f.minutes = minutes.to_string();
                f.cap = cap.to_string();
                (f.draws, f.draw_hands) = match draws {
                    Draws::Stand => ("stand".into(), "2".into()),
                    Draws::ExtraHands(n) => ("extra".into(), n.to_string()),
                    Draws::NotAllowed => ("not_allowed".into(), "2".into()),
                };
            }
        }
        let p = ev.points;
        (f.win, f.draw, f.loss, f.bye) = (
            p.win.to_string(),
            p.draw.to_string(),
            p.loss.to_string(),
            p.bye.to_string(),
        );
        f.set_tiebreaks(&ev.tiebreaks);
        f.note_default_tiebreaks();
        f.head_to_head = ev.head_to_head.slug().into();
        f.ties = ev.ties.slug().into();
        f.entry = t.entry_mode.as_str().to_owned();
        f
    }
}

/// What a page of the settings asks of a championship before it opens: a guard of
/// [`crate::service::championship::guards`], or nothing.
type Guard = fn(&mut DbConn, &Tournament) -> Result<(), ChangeError>;

/// The championship `id` and its club, for a director of that club, once `guard`
/// (checked in the same visit to the database, answered after the permission) lets
/// the page open.
async fn championship_and_club(
    state: &web::Data<AppState>,
    who: &Principal,
    req: &HttpRequest,
    id: i32,
    guard: Guard,
) -> Result<(Tournament, Club), AppError> {
    let (t, club, open) = db(state, move |conn| {
        let t = load(conn, id)?;
        let club = queries::find_club(conn, t.championship.club_id)?.ok_or(AppError::NotFound)?;
        let open = guard(conn, &t);
        Ok((t, club, open))
    })
    .await?;
    who.require(Perm::ManageClub(club.id), req.path())?;
    open?;
    Ok((t, club))
}

/// No guard: the delete page opens at any stage (the deletion itself may refuse).
fn any_stage(_: &mut DbConn, _: &Tournament) -> Result<(), ChangeError> {
    Ok(())
}

/// `GET /campeonatos/{id}/editar`: the championship's settings on its form.
pub async fn edit_form(Visit { req, state, who }: Visit, path: web::Path<String>) -> HttpResult {
    let id = parse_id(&path)?;
    let (t, club) = championship_and_club(&state, &who, &req, id, settings_open).await?;
    let form = NewForm::of(&t);
    let typed: HashMap<String, String> = form
        .options
        .iter()
        .map(|(name, value)| {
            let text = match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (format!("opt.{}.{name}", form.game), text)
        })
        .collect();
    page(
        &req,
        (club, &Target::Edit(id)),
        (form, &typed, &[]),
        &HashMap::new(),
        None,
        StatusCode::OK,
    )
}

/// `POST /campeonatos/{id}/editar`: new settings, checked as a new championship's,
/// for a championship none of whose rounds is paired yet.
pub async fn edit(
    Visit { req, state, who }: Visit,
    path: web::Path<String>,
    body: web::Bytes,
) -> HttpResult {
    let id = parse_id(&path)?;
    let posted = Posted::read(&body)?;
    let (t, club) = championship_and_club(&state, &who, &req, id, settings_open).await?;
    let seed = t.file.championship.seed;
    let (file, starts_on, hands) = match checked(&req, club, posted, (Target::Edit(id), seed)) {
        Ok(x) => x,
        Err(page) => return Ok(*page),
    };
    let actor = who.actor();
    db(&state, move |conn| {
        Ok(change(conn, id, &actor, now(), |conn, t| {
            settings_open(conn, t)?;
            let before = serde_json::to_value(&t.file.championship).unwrap_or_default();
            let hands = hands
                && crate::domain::tournament::played::table_players(
                    file.championship.game,
                    &file.championship.options,
                )
                .is_some();
            t.file.championship = file.championship.clone();
            let after = serde_json::to_value(&t.file.championship).unwrap_or_default();
            crate::db::championship::settings::settle_settings(
                conn, id, &t.file, starts_on, hands,
            )?;
            Ok((
                (),
                Audit {
                    action: "edit",
                    entity: "tournament",
                    entity_id: id,
                    before: Some(before),
                    after: Some(after),
                },
            ))
        })?)
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion")))
}

#[derive(Template)]
#[template(path = "tournament_delete.html")]
struct DeletePage<'a> {
    ctx: &'a Ctx,
    id: i32,
    name: String,
    entrants: usize,
    rounds: usize,
}

/// `GET /campeonatos/{id}/borrar`: what deleting the championship means, and the
/// button that does it.
pub async fn delete_form(Visit { req, state, who }: Visit, path: web::Path<String>) -> HttpResult {
    let id = parse_id(&path)?;
    let (t, _) = championship_and_club(&state, &who, &req, id, any_stage).await?;
    let ctx = Ctx::from_request(&req);
    render(&DeletePage {
        ctx: &ctx,
        id,
        name: t.championship.name.clone(),
        entrants: t.file.entrants.len(),
        rounds: t.file.rounds.len(),
    })
}

/// `POST /campeonatos/{id}/borrar`: the championship leaves every list and page;
/// its audit row says who deleted it. A repesca liguilla leaves its championship too,
/// unless that championship's knockout was drawn with its best (refused in words).
pub async fn delete(Visit { req, state, who }: Visit, path: web::Path<String>) -> HttpResult {
    let id = parse_id(&path)?;
    let (_, club) = championship_and_club(&state, &who, &req, id, any_stage).await?;
    let actor = who.actor();
    db(&state, move |conn| {
        Ok(crate::service::championship::delete(
            conn,
            id,
            &actor,
            now(),
        )?)
    })
    .await?;
    Ok(see_other(&format!("/clubes/{}", club.id)))
}
