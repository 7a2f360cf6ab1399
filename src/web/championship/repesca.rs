//! The director's played repesca: after the liguillas, knockouts among the
//! non-qualified who meet the rule the organiser picks (match points at least, place
//! in the group at most), whose champions then join the knockout phase.

use super::*;
use crate::db::repesca::RepescaPlan;
use crate::domain::tournament::MatchPoints;
use crate::domain::tournament::qualify::{RepescaEntry, RepescaRule};

#[derive(Deserialize, serde::Serialize)]
pub struct RepescaForm {
    #[serde(default)]
    name: String,
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
    db(&state, move |conn| {
        Ok(crate::db::repesca::create_repesca(
            conn,
            id,
            &name,
            plan,
            &actor,
            now(),
            &mut random_pin,
        )?)
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion#fases")))
}
