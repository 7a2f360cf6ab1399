//! The director's played repesca: after the liguillas, knockouts among the
//! non-qualified who meet the rule the organiser picks (match points at least, place
//! in the group at most), whose champions then join the knockout phase; or a liguilla
//! among them (todos contra todos), whose best join it.

use super::*;
use crate::db::championship::liguilla::{Liguilla, LiguillaLink};
use crate::domain::tournament::MatchPoints;
use crate::domain::tournament::qualify::{RepescaEntry, RepescaRule};
use crate::service::championship::repesca::RepescaPlan;

#[derive(Deserialize, serde::Serialize)]
pub struct RepescaForm {
    #[serde(default)]
    name: String,
    /// How it is played: `knockout` (default: one knockout per place) or `liguilla`
    /// (a round robin whose best go through).
    #[serde(default)]
    kind: String,
    /// Qualifiers per liguilla straight to the knockout.
    #[serde(default)]
    per_group: String,
    /// Match points a pair needs to play it (empty: none).
    #[serde(default)]
    min_points: String,
    /// The lowest place in its group that may play it (empty: any).
    #[serde(default)]
    worst_place: String,
    /// Places it fills (empty: up to a power of two).
    #[serde(default)]
    places: String,
    /// Where its winners enter: `lowest` (default), `standings` or `seeds`.
    #[serde(default)]
    entry: String,
    /// For `seeds`: the bracket's seeds they take, one per place ("3, 4").
    #[serde(default)]
    entry_seeds: String,
}

/// Where the form says the winners enter.
fn entry_of(f: &RepescaForm) -> Result<RepescaEntry, AppError> {
    Ok(match f.entry.as_str() {
        "standings" => RepescaEntry::Standings,
        "seeds" => {
            let typed = f.entry_seeds.trim();
            let seeds: Option<Vec<u32>> = typed
                .split([',', ' ', ';'])
                .filter(|s| !s.is_empty())
                .map(|s| s.parse::<u32>().ok().filter(|n| (1..=1024).contains(n)))
                .collect();
            match seeds {
                Some(seeds) if !seeds.is_empty() => RepescaEntry::Seeds { seeds },
                _ => {
                    return Err(Unacceptable::RepescaSeeds(typed.to_owned()).into());
                }
            }
        }
        _ => RepescaEntry::Lowest,
    })
}

/// A number typed in a field, within `range`; empty is `None`.
fn optional(
    s: &str,
    range: std::ops::RangeInclusive<usize>,
    field: fn(String) -> Unacceptable,
) -> Result<Option<usize>, AppError> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(None);
    }
    s.parse::<usize>()
        .ok()
        .filter(|n| range.contains(n))
        .map(Some)
        .ok_or_else(|| field(s.to_owned()).into())
}

/// `POST /campeonatos/{id}/repesca`: the played repesca, one knockout per place,
/// with tables for its first matches.
pub async fn create_repesca(
    Directed(visit, id, form): Directed<web::Form<RepescaForm>>,
) -> HttpResult {
    super::again::tried(visit, id, "repesca", form.into_inner(), form_repesca).await
}

async fn form_repesca(Visit { req, state, who }: Visit, id: i32, f: RepescaForm) -> HttpResult {
    let per_group = optional(&f.per_group, 1..=64, Unacceptable::PerGroup)?.unwrap_or(1);
    let min_points = match f.min_points.trim() {
        "" => MatchPoints::ZERO,
        typed => MatchPoints::parse(typed)
            .ok_or_else(|| AppError::from(Unacceptable::RepescaMinPoints(typed.to_owned())))?,
    };
    let worst_place = optional(&f.worst_place, 1..=1024, Unacceptable::RepescaWorstPlace)?;
    let places = optional(&f.places, 1..=512, Unacceptable::RepescaPlaces)?;
    let entry = entry_of(&f)?;
    let plan = RepescaPlan {
        per_group,
        rule: RepescaRule {
            min_points,
            worst_place: worst_place.map(|w| w as u32),
        },
        places,
        entry,
    };
    let ctx = Ctx::from_request(&req);
    let name = phase_name(&ctx, &f.name, "repesca-default-name");
    let actor = who.actor();
    let liguilla = f.kind == "liguilla";
    db(&state, move |conn| {
        if liguilla {
            let by = (actor.as_str(), now());
            crate::service::championship::repesca::create_liguilla(
                conn,
                id,
                &name,
                plan,
                by,
                &mut random_pin,
            )?;
        } else {
            crate::service::championship::repesca::create_repesca(
                conn,
                id,
                &name,
                plan,
                &actor,
                now(),
                &mut random_pin,
            )?;
        }
        Ok(())
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion#fases")))
}

/// A repesca played as a liguilla, as the pages of the championship it feeds show it.
pub struct LiguillaView {
    /// Its own director's page (or public page).
    pub href: String,
    pub name: String,
    /// How far it is: rounds played of rounds planned.
    pub state: String,
    /// Once every round has its result: the pairs that go through, in words.
    pub through: Option<String>,
}

/// A championship's repesca liguilla `l` as a view; `href`: the page of it to link
/// (`direccion` or the public one).
pub fn liguilla_view(ctx: &Ctx, l: &Liguilla, director: bool) -> LiguillaView {
    let file = &l.championship.file;
    let planned = crate::domain::tournament::listing::rounds_planned(file);
    let played = file
        .rounds
        .iter()
        .filter(|r| r.missing_results().is_empty())
        .count();
    let through = l.best.as_ref().map(|best| {
        let names: Vec<String> = best
            .iter()
            .map(|b| crate::domain::tournament::listing::entrant_name(file, b))
            .collect();
        ctx.t1("repesca-liguilla-through", "names", &names.join(", "))
    });
    let liguilla_id = l.link.liguilla_id;
    LiguillaView {
        href: if director {
            format!("/campeonatos/{liguilla_id}/direccion")
        } else {
            format!("/campeonatos/{liguilla_id}")
        },
        name: l.championship.file.championship.name.clone(),
        state: i18n_rounds(ctx, played, planned),
        through,
    }
}

/// "Rounds played: 2 of 5" in the page's language.
fn i18n_rounds(ctx: &Ctx, played: usize, planned: i32) -> String {
    crate::web::i18n::tr_args(
        ctx.lang,
        "repesca-liguilla-rounds",
        &[
            ("played", played.to_string()),
            ("planned", planned.to_string()),
        ],
    )
}

/// The championship a repesca liguilla `id` feeds: its page and name.
pub fn repesca_of(
    conn: &mut DbConn,
    id: i32,
    director: bool,
) -> diesel::QueryResult<Option<(String, String)>> {
    let links = crate::db::championship::liguilla::links_of(conn, id)?;
    repesca_of_linked(conn, id, &links, director)
}

/// [`repesca_of`] with the links of `id` already read.
pub fn repesca_of_linked(
    conn: &mut DbConn,
    id: i32,
    links: &[LiguillaLink],
    director: bool,
) -> diesel::QueryResult<Option<(String, String)>> {
    let Some(link) = links.iter().find(|l| l.liguilla_id == id) else {
        return Ok(None);
    };
    let Some(parent) = crate::db::championship::store::load(conn, link.championship_id)? else {
        return Ok(None);
    };
    let href = if director {
        format!("/campeonatos/{}/direccion#fases", link.championship_id)
    } else {
        format!("/campeonatos/{}", link.championship_id)
    };
    Ok(Some((href, parent.file.championship.name)))
}

/// The public page of championship `id`'s repesca liguilla, and its name.
pub fn liguilla_link(
    conn: &mut DbConn,
    id: i32,
    links: &[LiguillaLink],
) -> diesel::QueryResult<Option<(String, String)>> {
    let Some(link) = links.iter().find(|l| l.championship_id == id) else {
        return Ok(None);
    };
    let lig = link.liguilla_id;
    Ok(crate::db::championship::store::load(conn, lig)?
        .map(|t| (format!("/campeonatos/{lig}"), t.file.championship.name)))
}
