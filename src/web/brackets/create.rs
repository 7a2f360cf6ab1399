//! The new-bracket form: checking it into the plan that [`crate::service::bracket`]
//! seeds, draws and stores, and the form again with why it was refused.

use super::*;
pub use crate::service::bracket::{BracketFault, Refusal};
use crate::service::bracket::{GroupFill, Plan, Seeding};

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(default)]
pub struct CreateForm {
    pub club: String,
    pub name: String,
    pub game: String,
    pub format: String,
    pub third_place: Option<String>,
    pub reset: Option<String>,
    pub seeding: String,
    pub names: String,
    pub lot_seed: String,
    #[serde(rename = "event")]
    pub championship: String,
    pub paper: String,
    /// Groups to knockout: the groups (blank lines between them, each in its final
    /// order), how many qualify from each, and the fill (`none`, `best`: the ranked
    /// next-placed entrants; `repesca`: the play-off winners).
    pub groups: String,
    pub qualify: String,
    pub fill: String,
    pub fill_names: String,
}

#[derive(Template)]
#[template(path = "bracket_new.html")]
struct NewPage<'a> {
    ctx: &'a Ctx,
    clubs: Vec<(i32, String)>,
    championships: Vec<(i32, String)>,
    games: Vec<(&'static str, String)>,
    form: CreateForm,
    error: Option<String>,
}

/// The clubs `who` may create brackets for, and their championships.
async fn choices(
    state: &AppState,
    who: &Principal,
) -> Result<(Vec<(i32, String)>, Vec<(i32, String)>), AppError> {
    let who = who.clone();
    db(state, move |conn| {
        let clubs: Vec<(i32, String)> = queries::clubs_by_name(conn)?
            .into_iter()
            .filter(|c| who.allows(Perm::ManageClub(c.id)))
            .map(|c| (c.id, c.name))
            .collect();
        let championships = queries::list_championships(conn)?
            .into_iter()
            .filter(|e| clubs.iter().any(|(c, _)| *c == e.club_id))
            .map(|e| (e.id, e.name))
            .collect();
        Ok((clubs, championships))
    })
    .await
}

async fn new_page(
    req: &HttpRequest,
    state: &AppState,
    who: &Principal,
    form: CreateForm,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let (clubs, championships) = choices(state, who).await?;
    if clubs.is_empty() {
        if who.user.is_none() {
            return Err(AppError::LoginRequired(req.path().to_owned()));
        }
        return Err(AppError::Forbidden);
    }
    let ctx = Ctx::from_request(req);
    let games = GAMES
        .iter()
        .map(|g| (*g, ctx.t(&format!("game-{g}"))))
        .collect();
    render_status(
        &NewPage {
            ctx: &ctx,
            clubs,
            championships,
            games,
            form,
            error,
        },
        status,
    )
}

/// The form again, as sent, with why it was refused (422).
async fn refused_page(
    req: &HttpRequest,
    state: &AppState,
    who: &Principal,
    form: CreateForm,
    Refusal(fault, detail): Refusal,
) -> HttpResult {
    let ctx = Ctx::from_request(req);
    let error = format!("{} {detail}", ctx.t(fault.key())).trim().to_owned();
    let status = StatusCode::UNPROCESSABLE_ENTITY;
    new_page(req, state, who, form, Some(error), status).await
}

/// `GET /cuadros/nuevo`: the creation form (organisers and admins).
pub async fn new_form(Visit { req, state, who }: Visit) -> HttpResult {
    if who.user.is_none() {
        return Err(AppError::LoginRequired(req.path().to_owned()));
    }
    let form = CreateForm {
        format: "single".into(),
        seeding: "hand".into(),
        paper: "a4".into(),
        game: "cuatrola".into(),
        third_place: Some("1".into()),
        ..CreateForm::default()
    };
    new_page(&req, &state, &who, form, None, StatusCode::OK).await
}

impl Refusal {
    /// The refusal in words: the message, then what it is about (the words are the
    /// pages' locale files).
    pub fn text(&self, lang: crate::domain::Lang) -> String {
        format!("{} {}", crate::web::i18n::tr(lang, self.0.key()), self.1)
    }
}

/// The names typed one per line: trimmed, blank lines skipped, all different.
pub fn parse_names(text: &str) -> Result<Vec<String>, Refusal> {
    let names: Vec<String> = text
        .lines()
        .map(|l| l.trim().trim_start_matches('\u{feff}').trim())
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    if names.len() < 2 || names.len() > MAX_WEB_ENTRANTS {
        return Err(Refusal(BracketFault::Count, names.len().to_string()));
    }
    if let Some(long) = names.iter().find(|n| n.chars().count() > MAX_NAME) {
        return Err(Refusal(BracketFault::Name, long.clone()));
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(dup) = names.iter().find(|n| !seen.insert(n.to_lowercase())) {
        return Err(Refusal(BracketFault::DuplicateName, dup.clone()));
    }
    Ok(names)
}

/// Most entrants qualifying from one group.
const MAX_QUALIFY: usize = 16;

/// The groups typed one name per line, a blank line (or a `Grupo A:` label) between
/// groups; the names all different. Returns every name and the groups as indices.
fn parse_groups(text: &str) -> Result<(Vec<String>, Vec<Vec<usize>>), Refusal> {
    let mut names = Vec::new();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut current = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.ends_with(':') {
            if !current.is_empty() {
                groups.push(std::mem::take(&mut current));
            }
            continue;
        }
        current.push(names.len());
        names.push(line.to_owned());
    }
    if !current.is_empty() {
        groups.push(current);
    }
    let names = parse_names(&names.join("\n"))?;
    Ok((names, groups))
}

fn parse_fill(
    f: &CreateForm,
    names: &mut Vec<String>,
    groups: &[Vec<usize>],
    qualify: usize,
) -> Result<GroupFill, Refusal> {
    let listed: Vec<&str> = f
        .fill_names
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let find = |names: &[String], n: &str| {
        names
            .iter()
            .position(|x| x.to_lowercase() == n.to_lowercase())
    };
    let qualified = |i: usize| {
        groups
            .iter()
            .any(|g| g.iter().take(qualify).any(|&x| x == i))
    };
    match f.fill.as_str() {
        "" | "none" => Ok(GroupFill::None),
        "best" => {
            let mut out = Vec::new();
            for n in listed {
                match find(names, n) {
                    Some(i) if !qualified(i) && !out.contains(&i) => out.push(i),
                    _ => return Err(Refusal(BracketFault::Fill, n.to_owned())),
                }
            }
            Ok(GroupFill::BestRunnersUp(out))
        }
        "repesca" => {
            let mut out = Vec::new();
            for n in listed {
                let i = match find(names, n) {
                    Some(i) if qualified(i) || out.contains(&i) => {
                        return Err(Refusal(BracketFault::Fill, n.to_owned()));
                    }
                    Some(i) => i,
                    None if n.chars().count() <= MAX_NAME && names.len() < MAX_WEB_ENTRANTS => {
                        names.push(n.to_owned());
                        names.len() - 1
                    }
                    None => return Err(Refusal(BracketFault::Fill, n.to_owned())),
                };
                out.push(i);
            }
            Ok(GroupFill::Repesca(out))
        }
        other => Err(Refusal(BracketFault::Fill, other.to_owned())),
    }
}

fn check_form(f: &CreateForm) -> Result<Plan, Refusal> {
    let club_id = f
        .club
        .trim()
        .parse::<i32>()
        .map_err(|_| Refusal(BracketFault::Club, f.club.clone()))?;
    let name = f.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(Refusal(BracketFault::Title, name));
    }
    let game = f.game.trim().to_owned();
    if !GAMES.contains(&game.as_str()) {
        return Err(Refusal(BracketFault::Game, game));
    }
    let (double, from_groups) = match f.format.as_str() {
        "single" => (false, false),
        "double" => (true, false),
        "groups" => (false, true),
        other => return Err(Refusal(BracketFault::Format, other.to_owned())),
    };
    let paper = match f.paper.as_str() {
        "a4" | "a3" => f.paper.clone(),
        other => return Err(Refusal(BracketFault::Paper, other.to_owned())),
    };
    let championship_id = match f.championship.trim() {
        "" => None,
        e => Some(
            e.parse::<i32>()
                .map_err(|_| Refusal(BracketFault::Championship, e.to_owned()))?,
        ),
    };
    let (seeding, names) = match f.seeding.as_str() {
        _ if from_groups => {
            let qualify = f
                .qualify
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|q| (1..=MAX_QUALIFY).contains(q))
                .ok_or_else(|| Refusal(BracketFault::Qualify, f.qualify.clone()))?;
            let (mut names, groups) = parse_groups(&f.groups)?;
            let fill = parse_fill(f, &mut names, &groups, qualify)?;
            (
                Seeding::Groups {
                    groups,
                    qualify,
                    fill,
                },
                names,
            )
        }
        "hand" => (Seeding::Hand, parse_names(&f.names)?),
        "ratings" => (Seeding::Ratings, parse_names(&f.names)?),
        "lot" => {
            let seed = match f.lot_seed.trim() {
                "" => random_seed().map_err(|_| Refusal(BracketFault::Seed, String::new()))?,
                s => s
                    .parse::<u64>()
                    .map_err(|_| Refusal(BracketFault::Seed, s.to_owned()))?,
            };
            (Seeding::Lot(seed), parse_names(&f.names)?)
        }
        "event" => {
            let e = championship_id.ok_or(Refusal(BracketFault::Championship, String::new()))?;
            (Seeding::Championship(e), Vec::new())
        }
        other => return Err(Refusal(BracketFault::Seeding, other.to_owned())),
    };
    Ok(Plan {
        club_id,
        championship_id,
        name,
        game,
        double,
        third_place: f.third_place.is_some(),
        reset: f.reset.is_some(),
        seeding,
        names,
        paper,
    })
}

fn random_seed() -> Result<u64, AppError> {
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf).map_err(|e| AppError::Internal(anyhow::anyhow!("random: {e}")))?;
    Ok(u64::from_le_bytes(buf) % LOT_SEED_RANGE)
}

/// `POST /cuadros/nuevo`.
pub async fn create(Visit { req, state, who }: Visit, form: web::Form<CreateForm>) -> HttpResult {
    let form = form.into_inner();
    let plan = match check_form(&form) {
        Ok(p) => p,
        Err(refusal) => {
            if who.user.is_none() {
                return Err(AppError::LoginRequired(req.path().to_owned()));
            }
            return refused_page(&req, &state, &who, form, refusal).await;
        }
    };
    who.require(Perm::ManageClub(plan.club_id), req.path())?;
    let actor = who.actor();
    let created = db(&state, move |conn| {
        crate::service::bracket::create(conn, plan, &actor)
    })
    .await?;
    match created {
        Ok(id) => Ok(see_other(&format!("/cuadros/{id}"))),
        Err(refusal) => refused_page(&req, &state, &who, form, refusal).await,
    }
}
