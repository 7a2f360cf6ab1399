//! The people behind a championship's entrants on the director's side: the players
//! a registration names (picked from the register or typed), the search the picker
//! asks as one types, and linking a typed name to a person afterwards with one
//! confirmation.

use super::*;
use crate::db::linking::{self, Chosen};
use crate::db::register;
use crate::domain::tournament::{EntrantPerson, people};
use crate::web::auth::Role;
use crate::web::typed_number;

/// One player of a registration as the form sends her: the name typed, the person
/// picked (an id), and the club she plays for in this championship.
pub struct PlayerFields<'a> {
    pub typed: &'a str,
    pub person: &'a str,
    pub club: &'a str,
}

/// The players a registration names, each with whether she is shown by initials
/// only: a person picked from the register is linked (her code, licence and club,
/// by default her current one); a name typed without a person is not.
pub fn players_from_form(
    conn: &mut DbConn,
    fields: &[PlayerFields],
) -> Result<Vec<(EntrantPerson, bool)>, ChangeError> {
    let mut out = Vec::new();
    for f in fields {
        let picked = f.person.trim();
        if !picked.is_empty() {
            let id = picked
                .parse::<i32>()
                .ok()
                .filter(|id| *id > 0)
                .ok_or_else(|| ChangeError::Refused(Refusal::LinkPerson(picked.to_owned())))?;
            let person = register::live(conn, id)?
                .ok_or_else(|| ChangeError::Refused(Refusal::LinkPerson(picked.to_owned())))?;
            let shown = person.initials_only != 0;
            out.push((linking::entrant_person(conn, &person, Some(f.club))?, shown));
        } else if !f.typed.trim().is_empty() {
            if f.typed.trim().chars().count() > 80 {
                return Err(ChangeError::Refused(Refusal::EntrantName(
                    f.typed.to_owned(),
                )));
            }
            out.push((people::typed(f.typed, Some(f.club)), false));
        }
    }
    Ok(out)
}

/// Refuses a person entered twice in one championship (in two entrants, or twice in
/// one).
pub fn check_once(file: &TournamentFile, people: &[EntrantPerson]) -> Result<(), ChangeError> {
    let mut seen: Vec<&str> = file
        .entrants
        .iter()
        .flat_map(|e| e.people.iter())
        .filter_map(|p| p.key.as_deref())
        .collect();
    for p in people {
        if let Some(k) = p.key.as_deref() {
            if seen.contains(&k) {
                return Err(ChangeError::Refused(Refusal::LinkTwice(p.name.clone())));
            }
            seen.push(k);
        }
    }
    Ok(())
}

/// A person the typed name may be, with the button that confirms her.
pub struct Offer {
    pub person: i32,
    /// "Andrés Nieto (Peña El Tres)".
    pub label: String,
}

/// A typed player not linked yet.
pub struct SlotView {
    pub index: usize,
    pub typed: String,
    pub offers: Vec<Offer>,
}

/// An entrant with a player not linked yet, and where its confirmations go.
pub struct UnlinkedView {
    pub id: String,
    pub name: String,
    pub action: String,
    pub slots: Vec<SlotView>,
}

/// The entrants of a championship not linked yet, and the one button that makes a
/// person for each player without a likely match.
#[derive(Default)]
pub struct LinkingView {
    /// By name, with who their players probably are.
    pub entrants: Vec<UnlinkedView>,
    /// How many players the button makes a person for (see [`linking::unmatched`]).
    pub unmatched: usize,
    /// Where the button posts.
    pub bulk_action: String,
}

impl LinkingView {
    /// The button's words: "Crear una persona para cada jugador sin coincidencias (12)".
    pub fn bulk_label(&self, ctx: &Ctx) -> String {
        ctx.t_count("link-unmatched", self.unmatched)
    }
}

/// The entrants of championship `id` not linked yet, with who they probably are.
pub fn unlinked_views(
    conn: &mut DbConn,
    id: i32,
    file: &TournamentFile,
) -> Result<LinkingView, AppError> {
    let waiting = linking::unlinked(conn, file)?;
    let unmatched = linking::unmatched(file, &waiting).len();
    let mut views: Vec<UnlinkedView> = waiting
        .into_iter()
        .map(|u| UnlinkedView {
            action: format!("/campeonatos/{id}/inscritos/{}/vincular", u.id),
            id: u.id,
            name: u.name,
            slots: u
                .slots
                .into_iter()
                .map(|s| SlotView {
                    index: s.index,
                    typed: s.typed,
                    offers: s
                        .candidates
                        .iter()
                        .map(|c| Offer {
                            person: c.person.id,
                            label: c.label(),
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect();
    crate::domain::names::sort_by_name(&mut views, |v| &v.name);
    Ok(LinkingView {
        entrants: views,
        unmatched,
        bulk_action: format!("/campeonatos/{id}/inscritos/vincular-sin-coincidencias"),
    })
}

#[derive(Deserialize)]
pub struct LinkForm {
    /// The player's place among the entrant's people (0-based); empty: the first one
    /// not linked.
    #[serde(default)]
    slot: String,
    /// A person's id, or `new`.
    #[serde(default)]
    person: String,
}

/// `POST /campeonatos/{id}/inscritos/{eid}/vincular`: says who a typed player is (a
/// person of the register, or `person=new`: a new person from the typed name, a
/// member of the club typed for her or the entrant when the Baza has it). Audited;
/// the entrant keeps its id, name and pairings.
pub async fn link_entrant(
    Visit { req, state, who }: Visit,
    path: web::Path<(String, String)>,
    form: web::Form<LinkForm>,
) -> HttpResult {
    let (raw, eid) = path.into_inner();
    let id = parse_id(&raw)?;
    require_director(&req, &state, &who, id).await?;
    let slot = match form.slot.trim() {
        "" => None,
        s => Some(typed_number::<usize>(s, Unacceptable::LinkSlot)?),
    };
    let chosen = match form.person.trim() {
        "new" => Chosen::New,
        p => Chosen::Person(
            p.parse::<i32>()
                .ok()
                .filter(|id| *id > 0)
                .ok_or_else(|| AppError::from(Unacceptable::LinkPerson(p.to_owned())))?,
        ),
    };
    let actor = who.actor();
    db(&state, move |conn| {
        crate::service::championship::change(conn, id, &actor, now(), |conn, t| {
            let done = linking::link(conn, &mut t.file, &eid, slot, chosen, now())?;
            Ok((
                (),
                crate::service::championship::Audit {
                    action: "link",
                    entity: "entrant",
                    entity_id: id,
                    before: Some(serde_json::json!({ "entrant": done.before })),
                    after: Some(serde_json::json!({
                        "entrant": done.after,
                        "person": done.person.name,
                    })),
                },
            ))
        })
        .map_err(AppError::from)
    })
    .await?;
    Ok(see_other(&format!(
        "/campeonatos/{id}/direccion#sin-vincular"
    )))
}

/// `POST /campeonatos/{id}/inscritos/vincular-sin-coincidencias`: makes a person of
/// the register for each typed player with nobody in the register she probably is,
/// and links her, all in one change (see [`linking::link_unmatched`]); the players
/// with a likely match stay for the director. One audit row says how many people were
/// made. Refused in words (422) when there is none to make.
pub async fn link_unmatched(
    Directed(Visit { state, who, .. }, id, ()): Directed<()>,
) -> HttpResult {
    let actor = who.actor();
    let made = db(&state, move |conn| {
        crate::service::championship::change(conn, id, &actor, now(), |conn, t| {
            let done = linking::link_unmatched(conn, &mut t.file, now())?;
            let made = done.len();
            let entrants: Vec<Value> = done
                .iter()
                .map(|d| serde_json::json!({ "entrant": d.after.name, "person": d.person.name }))
                .collect();
            Ok((
                made,
                crate::service::championship::Audit {
                    action: "link_new",
                    entity: "entrant",
                    entity_id: id,
                    before: None,
                    after: Some(serde_json::json!({ "made": made, "linked": entrants })),
                },
            ))
        })
        .map_err(AppError::from)
    })
    .await?;
    Ok(see_other(&crate::web::done::with_done_count(
        &format!("/campeonatos/{id}/direccion#sin-vincular"),
        crate::web::done::Done::PeopleMade,
        made,
    )))
}

#[derive(Deserialize)]
pub struct PeopleQuery {
    #[serde(default)]
    q: String,
}

/// `GET /personas/buscar?q=`: the register's people whose name holds the words typed
/// (accents and case ignored) or whose licence starts so, at most 10, as JSON, for
/// the entrant picker: the name spelt as typed first, and the organiser's own club's
/// people before others of the same closeness. Organisers and administrators only (licences are theirs to
/// see).
pub async fn search_people(
    Visit { state, who, .. }: Visit,
    query: web::Query<PeopleQuery>,
) -> HttpResult {
    let allowed = who.user.as_ref().is_some_and(|u| {
        u.role == Role::Admin || (u.role == Role::Organiser && u.club_id.is_some())
    });
    if !allowed {
        return Err(AppError::Forbidden);
    }
    let q: String = query.q.chars().take(80).collect();
    let club = who.user.as_ref().and_then(|u| u.club_id);
    let found = db(&state, move |conn| {
        Ok(register::search(conn, &q, 10, club)?)
    })
    .await?;
    let list: Vec<Value> = found
        .iter()
        .map(|c| {
            serde_json::json!({
                "id": c.person.id,
                "code": c.person.code,
                "name": c.person.name,
                "licence": c.person.licence,
                "clubs": c.clubs.iter().filter(|m| m.current()).map(|m| m.club.as_str())
                    .collect::<Vec<_>>().join(", "),
                "label": c.label(),
            })
        })
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(list))
}
