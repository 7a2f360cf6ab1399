//! A standalone bracket created: its entrants read or ordered (typed, by rating, or
//! by a championship's standings), the bracket drawn, and stored with its audit
//! entry in one transaction.

use diesel::Connection;

use crate::db::DbConn;
use crate::db::brackets::{self, NewBracket};
use crate::db::queries;
use crate::domain::bracket::{
    Bracket, BracketError, EntrantId, Fill, double_elimination, groups_to_knockout, seed_by_lot,
    single_elimination,
};
use crate::error::AppError;
use crate::service::now;

/// Why a creation form is refused, naming its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BracketFault {
    /// A championship that is not a number, or not the club's.
    Championship,
    /// A club that is not a number, or no club's.
    Club,
    /// Too few or too many entrants.
    Count,
    /// A way to fill the groups' places that is not one of them, or a name it lists.
    Fill,
    /// A format that is none of the formats.
    Format,
    /// A game that is none of the games.
    Game,
    /// A name too long.
    Name,
    /// A paper size that is none of the sizes.
    Paper,
    /// A count qualifying from each group that is not one.
    Qualify,
    /// A draw's seed that is not a number (or none could be drawn).
    Seed,
    /// A seeding that is none of the seedings.
    Seeding,
    /// No title, or one too long.
    Title,
    /// A name typed twice.
    DuplicateName,
    /// A group too small for those qualifying from it.
    GroupTooSmall,
}

impl BracketFault {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            BracketFault::Championship => "bracket-bad-championship",
            BracketFault::Club => "bracket-bad-club",
            BracketFault::Count => "bracket-bad-count",
            BracketFault::Fill => "bracket-bad-fill",
            BracketFault::Format => "bracket-bad-format",
            BracketFault::Game => "bracket-bad-game",
            BracketFault::Name => "bracket-bad-name",
            BracketFault::Paper => "bracket-bad-paper",
            BracketFault::Qualify => "bracket-bad-qualify",
            BracketFault::Seed => "bracket-bad-seed",
            BracketFault::Seeding => "bracket-bad-seeding",
            BracketFault::Title => "bracket-bad-title",
            BracketFault::DuplicateName => "bracket-duplicate-name",
            BracketFault::GroupTooSmall => "bracket-group-too-small",
        }
    }
}

/// Why a creation form is refused: what is wrong and what it is about.
pub struct Refusal(pub BracketFault, pub String);

/// A championship's entrants in the order of its standings (its seed order before
/// any result).
fn championship_order(conn: &mut DbConn, championship_id: i32) -> Result<Vec<String>, AppError> {
    Ok(crate::db::championship::store::standings_names(conn, championship_id)?.unwrap_or_default())
}

/// What the new-bracket form asks for, checked. `names` is empty when seeding from a
/// championship (read in the transaction).
pub struct Plan {
    pub club_id: i32,
    pub championship_id: Option<i32>,
    pub name: String,
    pub game: String,
    pub double: bool,
    pub third_place: bool,
    pub reset: bool,
    pub seeding: Seeding,
    pub names: Vec<String>,
    pub paper: String,
}

pub enum Seeding {
    /// Groups to knockout: entrant indices per group (in final order), how many
    /// qualify from each, and the fill.
    Groups {
        groups: Vec<Vec<usize>>,
        qualify: usize,
        fill: GroupFill,
    },
    Hand,
    Lot(u64),
    Championship(i32),
    /// By the players' current ratings (a pair by the mean of its two).
    Ratings,
}

pub enum GroupFill {
    None,
    BestRunnersUp(Vec<usize>),
    Repesca(Vec<usize>),
}

/// Creates the bracket `plan` says (by `actor`) with its audit entry, in one
/// transaction; its id, or why it is refused (a club or championship that is none,
/// too few entrants, a group too small for those qualifying from it).
pub fn create(
    conn: &mut DbConn,
    plan: Plan,
    actor: &str,
) -> Result<Result<i32, Refusal>, AppError> {
    conn.transaction::<_, AppError, _>(|conn| {
        if queries::find_club(conn, plan.club_id)?.is_none() {
            return Ok(Err(Refusal(BracketFault::Club, plan.club_id.to_string())));
        }
        if let Some(e) = plan.championship_id {
            match queries::find_championship(conn, e)? {
                Some(ev) if ev.club_id == plan.club_id => {}
                _ => return Ok(Err(Refusal(BracketFault::Championship, e.to_string()))),
            }
        }
        let mut rated_seeds: Vec<String> = Vec::new();
        let names = match plan.seeding {
            Seeding::Championship(e) => {
                let names = championship_order(conn, e)?;
                if names.len() < 2 {
                    return Ok(Err(Refusal(BracketFault::Count, names.len().to_string())));
                }
                names
            }
            Seeding::Ratings => {
                let rated = by_rating(conn, plan.club_id, &plan.game, &plan.names)?;
                rated_seeds = rated.iter().map(|(_, r)| r.to_string()).collect();
                rated.into_iter().map(|(n, _)| n).collect()
            }
            _ => plan.names.clone(),
        };
        let (bracket, seeding) = match build(&plan, &names) {
            Ok((b, _)) if b.seeds().len() < 2 => {
                return Ok(Err(Refusal(
                    BracketFault::Count,
                    b.seeds().len().to_string(),
                )));
            }
            Ok(b) => b,
            Err(BracketError::GroupTooSmall { group, size }) => {
                return Ok(Err(Refusal(
                    BracketFault::GroupTooSmall,
                    format!("{} ({size})", group + 1),
                )));
            }
            Err(_) => return Ok(Err(Refusal(BracketFault::Count, names.len().to_string()))),
        };
        // Seeded by ratings: the ratings, in seed order, stay with the bracket.
        let seeding = if rated_seeds.is_empty() {
            seeding
        } else {
            format!("ratings:{}", rated_seeds.join(","))
        };
        let document = serde_json::to_string(&bracket)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("bracket json: {e}")))?;
        let entrants = serde_json::to_string(&names)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("names json: {e}")))?;
        let at = now();
        let made = serde_json::json!({
            "name": plan.name, "game": plan.game, "format": bracket.format(),
            "seeding": seeding, "entrants": names, "version": 0,
        });
        let id = brackets::insert_audited(
            conn,
            &NewBracket {
                club_id: plan.club_id,
                championship_id: plan.championship_id,
                name: &plan.name,
                game: &plan.game,
                entrants: &entrants,
                document: &document,
                seeding: &seeding,
                paper: &plan.paper,
                created_by: actor,
                created_at: at,
                updated_at: at,
            },
            "create",
            made.to_string(),
        )?;
        Ok(Ok(id))
    })
}

/// `names` ordered by their current rating in `game`, best first, with the rating
/// rounded: a player's own, a pair's the mean of its two players' (names of the
/// club's players and pairs; anyone else, or a game not known, has a newcomer's
/// rating). Ties keep the typed order.
fn by_rating(
    conn: &mut crate::db::DbConn,
    club: i32,
    game: &str,
    names: &[String],
) -> Result<Vec<(String, i64)>, AppError> {
    use crate::db::ratings;
    use crate::domain::rating::{self, Config};
    let r = ratings::compute(conn, Config::default())?;
    let game = game.parse::<crate::domain::GameKind>().ok();
    let known = &r.names;
    let rated: Vec<(usize, rating::Rating)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let players = known.entrant(club, n).unwrap_or_default();
            let rating = game.map_or(r.config.initial, |g| r.entrant_rating(g, &players));
            (i, rating)
        })
        .collect();
    let mut seeds = rating::seed_order(&rated);
    seeds.sort_by_key(|(_, seed)| *seed);
    Ok(seeds
        .into_iter()
        .filter_map(|(i, _)| {
            let shown = rated.get(i).map_or(0, |(_, r)| r.rating.round() as i64);
            names.get(i).map(|n| (n.clone(), shown))
        })
        .collect())
}

/// Builds the bracket for `names` (entrant `i` is `names[i]`).
pub fn build(plan: &Plan, names: &[String]) -> Result<(Bracket, String), BracketError> {
    let ids: Vec<EntrantId> = (0..names.len()).map(|i| EntrantId(i as u32)).collect();
    let id = |i: &usize| EntrantId(*i as u32);
    let (seeds, seeding) = match &plan.seeding {
        Seeding::Groups {
            groups,
            qualify,
            fill,
        } => {
            let standings: Vec<Vec<EntrantId>> =
                groups.iter().map(|g| g.iter().map(id).collect()).collect();
            let fill = match fill {
                GroupFill::None => Fill::None,
                GroupFill::BestRunnersUp(l) => Fill::BestRunnersUp(l.iter().map(id).collect()),
                GroupFill::Repesca(l) => Fill::Repesca(l.iter().map(id).collect()),
            };
            let bracket = groups_to_knockout(&standings, *qualify, fill, plan.third_place)?;
            return Ok((bracket, format!("groups:{qualify}")));
        }
        Seeding::Hand => (ids, "hand".to_owned()),
        Seeding::Lot(seed) => (seed_by_lot(&ids, *seed), format!("lot:{seed}")),
        Seeding::Championship(e) => (ids, format!("event:{e}")),
        Seeding::Ratings => (ids, "ratings".to_owned()),
    };
    let bracket = if plan.double {
        double_elimination(&seeds, plan.reset)?
    } else {
        single_elimination(&seeds, plan.third_place)?
    };
    Ok((bracket, seeding))
}
