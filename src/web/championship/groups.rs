//! The liguillas of a round robin in groups on the director's page, before the first
//! round: drawn by lot with seeded pots (the lot's seed comes from the system's random
//! source and is kept in the audit and shown), and an entrant moved from one group to
//! another. Director only; every change is audited.

use super::*;
use crate::domain::refusal::BeforeKnockout;
use crate::domain::tournament::groups::{self, GroupsError};
use crate::service::championship::before_knockout;
use crate::web::done::Done;
use crate::web::typed_number;

/// A liguilla as the director sees it: its number and its entrants (id, name).
pub struct GroupView {
    pub number: u32,
    pub members: Vec<(String, String)>,
}

/// The liguillas of `file` while they can still change (a round robin in groups with
/// no round paired); empty otherwise.
pub fn group_views(file: &TournamentFile) -> Vec<GroupView> {
    if groups::group_count(file) == 0 || !file.rounds.is_empty() {
        return Vec::new();
    }
    groups::groups(file)
        .into_iter()
        .enumerate()
        .map(|(k, ids)| GroupView {
            number: k as u32 + 1,
            members: ids
                .into_iter()
                .map(|id| {
                    let name = entrant_name(file, &id);
                    (id, name)
                })
                .collect(),
        })
        .collect()
}

fn refused(e: GroupsError) -> ChangeError {
    match e {
        GroupsError::NotInGroups => ChangeError::Refused(Refusal::GroupsNone),
        GroupsError::Started => ChangeError::Refused(Refusal::GroupsStarted),
        GroupsError::UnknownEntrant(_) => ChangeError::NotFound,
        GroupsError::NoSuchGroup(g) => ChangeError::Refused(Refusal::NoSuchGroup(g)),
    }
}

/// The groups as the audit keeps them: one list of entrant ids per group.
fn audited(file: &TournamentFile) -> serde_json::Value {
    serde_json::json!(groups::groups(file))
}

/// `POST /campeonatos/{id}/liguillas/sorteo`: the liguillas drawn by lot, with seeded
/// pots.
pub async fn draw_groups(Directed(Visit { state, who, .. }, id, ()): Directed<()>) -> HttpResult {
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes).map_err(|e| AppError::Internal(anyhow::anyhow!("random: {e}")))?;
    // Six digits: short enough to read out and write on the record.
    let seed = u64::from(u32::from_le_bytes(bytes) % 1_000_000);
    let actor = who.actor();
    db(&state, move |conn| {
        crate::service::championship::change(conn, id, &actor, now(), |conn, t| {
            before_knockout(conn, id, BeforeKnockout::Groups)?;
            let before = audited(&t.file);
            groups::draw_by_lot(&mut t.file, seed).map_err(refused)?;
            Ok((
                (),
                crate::service::championship::Audit {
                    action: "draw",
                    entity: "groups",
                    entity_id: 0,
                    before: Some(serde_json::json!({ "groups": before })),
                    after: Some(serde_json::json!({ "seed": seed, "groups": audited(&t.file) })),
                },
            ))
        })
        .map_err(AppError::from)
    })
    .await?;
    Ok(see_other(&crate::web::done::with_done_count(
        &format!("/campeonatos/{id}/direccion#liguillas"),
        Done::GroupsDrawn,
        seed as usize,
    )))
}

#[derive(Deserialize)]
pub struct MoveForm {
    #[serde(default)]
    entrant: String,
    #[serde(default)]
    group: String,
}

/// `POST /campeonatos/{id}/liguillas/mover`: one entrant to another liguilla.
pub async fn move_entrant(
    Directed(Visit { state, who, .. }, id, form): Directed<web::Form<MoveForm>>,
) -> HttpResult {
    let f = form.into_inner();
    let to: u32 = typed_number(&f.group, Unacceptable::Group)?;
    let entrant = f.entrant.trim().to_owned();
    let actor = who.actor();
    db(&state, move |conn| {
        crate::service::championship::change(conn, id, &actor, now(), |conn, t| {
            before_knockout(conn, id, BeforeKnockout::Groups)?;
            let from = groups::groups(&t.file)
                .iter()
                .position(|g| g.contains(&entrant))
                .map(|k| k + 1);
            groups::move_to_group(&mut t.file, &entrant, to).map_err(refused)?;
            let name = entrant_name(&t.file, &entrant);
            Ok((
                (),
                crate::service::championship::Audit {
                    action: "move",
                    entity: "groups",
                    entity_id: 0,
                    before: Some(serde_json::json!({ "entrant": entrant, "group": from })),
                    after: Some(
                        serde_json::json!({ "entrant": entrant, "name": name, "group": to }),
                    ),
                },
            ))
        })
        .map_err(AppError::from)
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion#liguillas")))
}
