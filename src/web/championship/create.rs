//! The new-championship form and the championship file built from it.

use super::*;
use crate::domain::entry::series::plays_cotos;
use crate::domain::games::rules::{BEST_OF, PARTIDA, TIMED};
use crate::domain::games::rules_of;
use crate::domain::tournament::offer::Ranked;
use crate::domain::tournament::{Draws, offer};
use crate::error::Malformed;
use crate::web::options::{
    OptionError, OptionGroup, option_groups, posted_match_options, read_options,
};
use std::collections::HashMap;

use super::formats::{FormatGroup, format_groups};

#[derive(Deserialize, Default, Clone)]
#[serde(default)]
pub struct NewForm {
    pub(super) name: String,
    pub(super) game: String,
    /// The table options read from the option controls (`opt.GAME.NAME`).
    #[serde(skip)]
    pub(super) options: Map<String, Value>,
    pub(super) starts_on: String,
    pub(super) system: String,
    pub(super) rounds: String,
    pub(super) groups: String,
    pub(super) losses: String,
    pub(super) match_format: String,
    pub(super) target: String,
    pub(super) partidas: String,
    /// The cotos that win a match of several partidas (a game of cotos: guiñote).
    pub(super) cotos: String,
    pub(super) max_hands: String,
    pub(super) minutes: String,
    pub(super) cap: String,
    /// A timed match's draws: `stand` (also when absent), `extra` (broken by
    /// `draw_hands` more dats) or `not_allowed`.
    pub(super) draws: String,
    pub(super) draw_hands: String,
    pub(super) win: String,
    pub(super) draw: String,
    pub(super) loss: String,
    pub(super) bye: String,
    pub(super) tb1: String,
    pub(super) tb2: String,
    pub(super) tb3: String,
    pub(super) tb4: String,
    pub(super) tb5: String,
    pub(super) tb6: String,
    /// Whose starting tie-breaks the form's were filled with, "GAME RANKED"
    /// (`botifarra swiss`), empty for none: while they stand as they came, the
    /// posted game and system take their own.
    pub(super) tb_defaults: String,
    /// How head-to-head reads the games among the level (`all_met`, `games_played`).
    pub(super) head_to_head: String,
    /// Whether a Swiss avoids same-club pairings: `""` (no), `first` (in the first
    /// `same_club_rounds` rounds) or `always` (while possible).
    pub(super) same_club: String,
    pub(super) same_club_rounds: String,
    /// What places the entrants still level after every criterion (`entry_order`,
    /// `lot`, `shared`).
    pub(super) ties: String,
    /// `hands`: the tables play Baza games hand by hand; `result` (also when absent):
    /// they type final scores, for games played on paper.
    pub(super) entry: String,
}

impl NewForm {
    /// The form's starting values for a championship of `game`: its usual match
    /// format with that game's own target and limits.
    pub(super) fn defaults(game: GameKind) -> NewForm {
        let f = offer::defaults(game);
        let mut form = NewForm {
            game: game.slug().into(),
            match_format: f.match_format.into(),
            target: f.target,
            partidas: f.partidas,
            cotos: f.cotos,
            max_hands: f.max_hands,
            minutes: f.minutes,
            cap: f.cap,
            draws: "stand".into(),
            draw_hands: "2".into(),
            starts_on: now().date().to_string(),
            system: "swiss".into(),
            rounds: "5".into(),
            groups: "1".into(),
            same_club_rounds: "3".into(),
            losses: "2".into(),
            win: "2".into(),
            draw: "1".into(),
            loss: "0".into(),
            bye: "2".into(),
            head_to_head: HeadToHead::default().slug().into(),
            ties: Ties::default().slug().into(),
            // A game with no table of two sides to play hand by hand (cinquillo) has
            // its results typed.
            entry: if rules_of(game).two_sided_matches() {
                "hands"
            } else {
                "result"
            }
            .into(),
            ..NewForm::default()
        };
        form.set_tiebreaks(&offer::tiebreaks(game, Ranked::Swiss));
        form.note_default_tiebreaks();
        form
    }

    /// Fills the tie-break selects with `list`, in order, the rest left empty.
    pub(super) fn set_tiebreaks(&mut self, list: &[Tiebreak]) {
        let mut slugs = list.iter().map(|t| t.slug().to_owned());
        for slot in [
            &mut self.tb1,
            &mut self.tb2,
            &mut self.tb3,
            &mut self.tb4,
            &mut self.tb5,
            &mut self.tb6,
        ] {
            *slot = slugs.next().unwrap_or_default();
        }
    }

    /// Whether the tie-break selects hold the starting ones of `game` for `ranked`,
    /// in order, the selects past the list's end empty.
    fn holds_tiebreaks_of(&self, game: GameKind, ranked: Ranked) -> bool {
        let mut starting = offer::tiebreaks(game, ranked)
            .into_iter()
            .map(Tiebreak::slug);
        self.tiebreak_selects()
            .into_iter()
            .all(|held| held.as_str() == starting.next().unwrap_or_default())
    }

    /// Notes in `tb_defaults` whose starting tie-breaks the selects hold: the form's
    /// game's for its system, or none.
    pub(super) fn note_default_tiebreaks(&mut self) {
        self.tb_defaults = match (self.game.parse::<GameKind>(), ranked_by(&self.system)) {
            (Ok(game), Some(ranked)) if self.holds_tiebreaks_of(game, ranked) => {
                format!("{} {}", game.slug(), ranked.slug())
            }
            _ => String::new(),
        };
    }

    /// Tie-breaks posted as they came with the form (another game's or system's
    /// starting ones: the game or the system changed without script) become the
    /// posted game's own for its system; any the organiser chose stay.
    fn follow_default_tiebreaks(&mut self) {
        let mut noted = self.tb_defaults.split_whitespace();
        let (Some(game), Some(ranked), Ok(posted)) = (
            noted.next().and_then(|g| g.parse::<GameKind>().ok()),
            noted.next().and_then(Ranked::from_slug),
            self.game.parse::<GameKind>(),
        ) else {
            return;
        };
        if !self.holds_tiebreaks_of(game, ranked) {
            return;
        }
        // A system with no ranking of its own (ceros) keeps the one it came with.
        let ranked = ranked_by(&self.system).unwrap_or(ranked);
        self.set_tiebreaks(&offer::tiebreaks(posted, ranked));
        self.tb_defaults = format!("{} {}", posted.slug(), ranked.slug());
    }

    /// Takes the chosen game's own match format fields (`fmt.GAME.FIELD`) over the
    /// plain ones, so another game's format or target left on the form never counts.
    fn take_game_format(&mut self, posted: &HashMap<String, String>) {
        let prefix = format!("fmt.{}.", self.game);
        for (key, value) in posted {
            let Some(field) = key.strip_prefix(&prefix) else {
                continue;
            };
            let slot = match field {
                "match_format" => &mut self.match_format,
                "target" => &mut self.target,
                "partidas" => &mut self.partidas,
                "cotos" => &mut self.cotos,
                "max_hands" => &mut self.max_hands,
                "minutes" => &mut self.minutes,
                "cap" => &mut self.cap,
                "draws" => &mut self.draws,
                "draw_hands" => &mut self.draw_hands,
                _ => continue,
            };
            value.clone_into(slot);
        }
    }

    fn tiebreaks(&self) -> Vec<String> {
        self.tiebreak_selects().into_iter().cloned().collect()
    }

    /// The tie-break selects, in order.
    fn tiebreak_selects(&self) -> [&String; 6] {
        [
            &self.tb1, &self.tb2, &self.tb3, &self.tb4, &self.tb5, &self.tb6,
        ]
    }
}

/// A field of the championship's form that is refused (the settings of the whole
/// championship, when its document is invalid as the form describes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum FormField {
    Name,
    Game,
    StartsOn,
    System,
    Rounds,
    Groups,
    Losses,
    MatchFormat,
    Target,
    Partidas,
    Cotos,
    MaxHands,
    Minutes,
    Cap,
    Draws,
    DrawHands,
    /// Any of the match points (a win, a draw, a loss, a bye).
    Points,
    Tiebreaks,
    HeadToHead,
    Ties,
    SameClub,
    SameClubRounds,
    /// The championship's document as a whole.
    File,
}

impl FormField {
    /// The message key of the locale files (the field's label).
    pub(super) fn key(self) -> &'static str {
        match self {
            FormField::Name => "tournament-name",
            FormField::Game => "tournament-game",
            FormField::StartsOn => "tournament-starts-on",
            FormField::System => "tournament-system",
            FormField::Rounds => "tournament-rounds",
            FormField::Groups => "tournament-groups",
            FormField::Losses => "tournament-losses",
            FormField::MatchFormat => "tournament-match-format",
            FormField::Target => "tournament-target",
            FormField::Partidas => "tournament-partidas",
            FormField::Cotos => "champ-cotos",
            FormField::MaxHands => "tournament-max-hands",
            FormField::Minutes => "tournament-minutes",
            FormField::Cap => "tournament-cap",
            FormField::Draws => "champ-draws",
            FormField::DrawHands => "champ-draw-hands",
            FormField::Points => "champ-points-halves",
            FormField::Tiebreaks => "tournament-tiebreaks",
            FormField::HeadToHead => "tournament-head-to-head",
            FormField::Ties => "champ-ties",
            FormField::SameClub => "champ-same-club",
            FormField::SameClubRounds => "champ-same-club-rounds",
            FormField::File => "options-title",
        }
    }
}

/// A field refused and what it held (or, for [`FormField::File`], what is wrong).
pub(super) type BadField = (FormField, String);

fn num(field: FormField, s: &str, min: u32, max: u32) -> Result<u32, BadField> {
    s.trim()
        .parse::<u32>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or((field, s.to_owned()))
}

/// Match points as typed: whole or a half ("2", "0,5", "0.5", "½", "1½"), at most 100.
/// The choice among `all` whose slug was picked (none picked: the default), or the
/// field refused with what was sent.
fn by_slug<T: Copy + Default, const N: usize>(
    picked: &str,
    all: [T; N],
    slug: fn(T) -> &'static str,
    field: FormField,
) -> Result<T, BadField> {
    match picked.trim() {
        "" => Ok(T::default()),
        picked => all
            .into_iter()
            .find(|c| slug(*c) == picked)
            .ok_or((field, picked.to_owned())),
    }
}

fn match_points(s: &str) -> Result<MatchPoints, BadField> {
    MatchPoints::parse(s)
        .filter(|p| *p <= MatchPoints::whole(100))
        .ok_or((FormField::Points, s.to_owned()))
}

/// The field of the form a championship's refused document is wrong in, and why in
/// `lang`: a table option by its label, never a path of the file or an option key.
fn refused_file(e: &tournament::FileError, lang: Lang) -> BadField {
    let field = [
        ("event.match_format.partidas", FormField::Partidas),
        ("event.match_format", FormField::MatchFormat),
        ("event.system.rounds", FormField::Rounds),
        ("event.system.groups", FormField::Groups),
        ("event.system.losses", FormField::Losses),
        ("event.tiebreaks", FormField::Tiebreaks),
    ]
    .into_iter()
    .find(|(at, _)| e.at.starts_with(at))
    .map_or(FormField::File, |(_, field)| field);
    let why = match &e.options {
        Some(options) => crate::domain::words::record_error_words(
            options,
            lang,
            &crate::web::options::PageOptionNames,
        ),
        None => e.message_in(lang).to_owned(),
    };
    (field, why)
}

/// The cotos the form asks to win a match of several partidas with: one for a form
/// without the control (another game, an older page). Read for that format only: the
/// control stays on the form, hidden, under the others.
fn cotos_asked(f: &NewForm, game: GameKind) -> Result<u32, BadField> {
    match f.cotos.trim() {
        "" => Ok(1),
        _ if !plays_cotos(game) => Ok(1),
        typed => num(FormField::Cotos, typed, 1, 3),
    }
}

/// Builds the tournament file a creation form describes (or the field at fault, what
/// is wrong said in `lang`).
pub(super) fn file_from_form(
    f: &NewForm,
    seed: u64,
    lang: Lang,
) -> Result<(TournamentFile, chrono::NaiveDate), BadField> {
    let name = f.name.trim();
    if name.is_empty() || name.chars().count() > 120 {
        return Err((FormField::Name, f.name.clone()));
    }
    let game: GameKind = f
        .game
        .parse()
        .map_err(|_| (FormField::Game, f.game.clone()))?;
    let options = f.options.clone();
    let starts_on = chrono::NaiveDate::parse_from_str(f.starts_on.trim(), "%Y-%m-%d")
        .map_err(|_| (FormField::StartsOn, f.starts_on.clone()))?;
    let system = match f.system.as_str() {
        "swiss" => System::Swiss {
            rounds: num(FormField::Rounds, &f.rounds, 1, 30)?,
        },
        "round_robin" | "round_robin_double" => System::RoundRobin {
            double: f.system == "round_robin_double",
            groups: num(FormField::Groups, &f.groups, 1, 64)?,
        },
        "ceros" => System::Ceros {
            losses: num(FormField::Losses, &f.losses, 1, 10)?,
        },
        _ => return Err((FormField::System, f.system.clone())),
    };
    // Only the fields of the system, format and choices picked are read: the others
    // are sent as they were left (hidden on the form) and come back as typed.
    let match_format = match f.match_format.as_str() {
        PARTIDA => MatchFormat::Partida {
            target: if f.target.trim().is_empty() {
                None
            } else {
                Some(num(FormField::Target, &f.target, 1, 9999)?)
            },
        },
        BEST_OF => MatchFormat::BestOf {
            partidas: num(FormField::Partidas, &f.partidas, 1, 15)?,
            cotos: cotos_asked(f, game)?,
        },
        TIMED => MatchFormat::Timed {
            target: num(FormField::Target, &f.target, 1, 9999)?,
            max_hands: num(FormField::MaxHands, &f.max_hands, 1, 99)?,
            minutes: num(FormField::Minutes, &f.minutes, 1, 600)?,
            cap: num(FormField::Cap, &f.cap, 1, 9999)?,
            draws: match f.draws.trim() {
                "" | "stand" => Draws::Stand,
                "extra" => Draws::ExtraHands(num(FormField::DrawHands, &f.draw_hands, 1, 12)?),
                "not_allowed" => Draws::NotAllowed,
                other => return Err((FormField::Draws, other.to_owned())),
            },
        },
        _ => return Err((FormField::MatchFormat, f.match_format.clone())),
    };
    let points = Points {
        win: match_points(&f.win)?,
        draw: match_points(&f.draw)?,
        loss: match_points(&f.loss)?,
        bye: match_points(&f.bye)?,
    };
    let mut tiebreaks = Vec::new();
    for slug in f.tiebreaks() {
        let slug = slug.as_str();
        if slug.is_empty() {
            continue;
        }
        let tb = Tiebreak::ALL
            .into_iter()
            .find(|t| t.slug() == slug)
            .ok_or((FormField::Tiebreaks, slug.to_owned()))?;
        if tiebreaks.contains(&tb) {
            return Err((FormField::Tiebreaks, slug.to_owned()));
        }
        tiebreaks.push(tb);
    }
    let head_to_head = by_slug(
        &f.head_to_head,
        HeadToHead::ALL,
        HeadToHead::slug,
        FormField::HeadToHead,
    )?;
    let ties = by_slug(&f.ties, Ties::ALL, Ties::slug, FormField::Ties)?;
    let same_club = match f.same_club.trim() {
        "" | "allowed" => SameClub::Allowed,
        "first" => {
            SameClub::AvoidFirst(num(FormField::SameClubRounds, &f.same_club_rounds, 1, 30)?)
        }
        "always" => SameClub::AvoidAlways,
        other => return Err((FormField::SameClub, other.to_owned())),
    };
    let championship = tournament::Championship {
        starts_on: None,
        name: name.to_owned(),
        game,
        options,
        system,
        match_format,
        points,
        tiebreaks,
        head_to_head,
        seed,
        same_club,
        ties,
    };
    let file = TournamentFile::new(championship, Vec::new());
    tournament::validate(&file).map_err(|e| refused_file(&e, lang))?;
    Ok((file, starts_on))
}

/// The ranking whose starting tie-breaks a system of the form (its slug) takes:
/// none for one with no ranking of its own (ceros).
fn ranked_by(system: &str) -> Option<Ranked> {
    match system {
        "swiss" => Some(Ranked::Swiss),
        "round_robin" | "round_robin_double" => Some(Ranked::League),
        _ => None,
    }
}

/// One game's starting tie-breaks on the form: the game, its Swiss's and its
/// league's, slugs separated by spaces.
struct GameTiebreaks {
    game: &'static str,
    swiss: String,
    league: String,
}

#[derive(Template)]
#[template(path = "tournament_new.html")]
struct NewPage<'a> {
    ctx: &'a Ctx,
    /// Where the form posts.
    action: String,
    /// The settings of an existing championship (not a new one).
    editing: bool,
    club: Club,
    form: NewForm,
    error: Option<String>,
    games: Vec<(&'static str, String)>,
    tiebreaks: Vec<(&'static str, String)>,
    chosen: Vec<String>,
    /// Every game's first tie-breaks for a Swiss and for a league (round robin):
    /// choosing another game or system swaps them while they stand as they came.
    tb_games: Vec<GameTiebreaks>,
    /// The head-to-head readings: slug and label.
    h2h_modes: Vec<(&'static str, String)>,
    /// What places a tie left after every criterion: slug and label.
    tie_rules: Vec<(&'static str, String)>,
    /// Every game's table options, the chosen game's shown (web/options.rs).
    option_groups: Vec<OptionGroup>,
    /// Every game's match formats, the chosen game's shown.
    format_groups: Vec<FormatGroup>,
}

impl NewPage<'_> {
    fn is(&self, a: &str, b: &str) -> bool {
        a == b
    }
}

pub(super) fn page(
    req: &HttpRequest,
    (club, target): (Club, &Target),
    (form, typed, option_errors): (NewForm, &HashMap<String, String>, &[OptionError]),
    formats: &HashMap<String, String>,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(req);
    let offered = req
        .app_data::<actix_web::web::Data<crate::web::AppState>>()
        .map_or_else(|| GameKind::ALL.to_vec(), |s| s.games());
    let option_groups = option_groups(
        ctx.lang,
        &offered,
        form.game.parse::<GameKind>().ok(),
        typed,
        option_errors,
    );
    let games = offered
        .iter()
        .map(|g| (g.slug(), ctx.t(&format!("game-{}", g.slug()))))
        .collect();
    let tiebreaks = Tiebreak::ALL
        .iter()
        .map(|t| (t.slug(), tiebreak_label(&ctx, *t)))
        .collect();
    let format_groups = format_groups(&ctx, &offered, &form, formats);
    render_status(
        &NewPage {
            action: match target {
                Target::New => format!("/clubes/{}/campeonatos/nuevo", club.id),
                Target::Edit(id) => format!("/campeonatos/{id}/editar"),
            },
            editing: matches!(target, Target::Edit(_)),
            ctx: &ctx,
            club,
            option_groups,
            format_groups,
            chosen: form.tiebreaks(),
            tb_games: offered
                .iter()
                .map(|&g| {
                    let slugs = |ranked| {
                        offer::tiebreaks(g, ranked)
                            .iter()
                            .map(|t| t.slug())
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    GameTiebreaks {
                        game: g.slug(),
                        swiss: slugs(Ranked::Swiss),
                        league: slugs(Ranked::League),
                    }
                })
                .collect(),
            form,
            error,
            games,
            tiebreaks,
            tie_rules: Ties::ALL
                .iter()
                .map(|t| {
                    (
                        t.slug(),
                        ctx.t(&format!("champ-ties-{}", t.slug().replace('_', "-"))),
                    )
                })
                .collect(),
            h2h_modes: HeadToHead::ALL
                .iter()
                .map(|h| {
                    (
                        h.slug(),
                        ctx.t(&format!("head-to-head-{}", h.slug().replace('_', "-"))),
                    )
                })
                .collect(),
        },
        status,
    )
}

/// The club named by a club page's path (`/clubes/{id}/…`), for a visitor who manages
/// it: 404 for a path or club that is not one, refused for anyone else.
pub(super) async fn managed_club(
    Visit { req, state, who }: &Visit,
    path: &str,
) -> Result<Club, AppError> {
    let club_id = parse_id(path)?;
    who.require(Perm::ManageClub(club_id), req.path())?;
    db(state, move |conn| {
        queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)
    })
    .await
}

/// `GET /clubes/{id}/campeonatos/nuevo`
pub async fn new_form(visit: Visit, path: web::Path<String>) -> HttpResult {
    let club = managed_club(&visit, &path).await?;
    let Visit { req, .. } = visit;
    // A new championship starts from the club's usual game and its usual options.
    let usual = club
        .default_game
        .parse::<GameKind>()
        .unwrap_or(GameKind::Cuatrola);
    let options: Map<String, Value> =
        serde_json::from_str(&club.default_options).unwrap_or_default();
    let typed: HashMap<String, String> = options
        .into_iter()
        .map(|(name, value)| {
            let text = match value {
                Value::String(s) => s,
                other => other.to_string(),
            };
            (format!("opt.{}.{name}", usual.slug()), text)
        })
        .collect();
    page(
        &req,
        (club, &Target::New),
        (NewForm::defaults(usual), &typed, &[]),
        &HashMap::new(),
        None,
        StatusCode::OK,
    )
}

/// A posted championship form: the plain fields (with the chosen game's format
/// taken over them), the option controls and every game's format controls.
pub(super) struct Posted {
    pub(super) form: NewForm,
    pub(super) typed: HashMap<String, String>,
    pub(super) formats: HashMap<String, String>,
}

impl Posted {
    pub(super) fn read(body: &[u8]) -> Result<Posted, AppError> {
        let bad = |e: String| AppError::BadRequest(Malformed::Form(e));
        let pairs: Vec<(String, String)> =
            serde_html_form::from_bytes(body).map_err(|e| bad(e.to_string()))?;
        let of = |prefix: &str| -> HashMap<String, String> {
            pairs
                .iter()
                .filter(|(k, _)| k.starts_with(prefix))
                .cloned()
                .collect()
        };
        let (typed, formats) = (of("opt."), of("fmt."));
        let plain = serde_html_form::to_string(
            pairs
                .iter()
                .filter(|(k, _)| !k.starts_with("opt.") && !k.starts_with("fmt."))
                .collect::<Vec<_>>(),
        )
        .map_err(|e| bad(e.to_string()))?;
        let mut form: NewForm =
            serde_html_form::from_str(&plain).map_err(|e| bad(e.to_string()))?;
        form.take_game_format(&formats);
        form.follow_default_tiebreaks();
        Ok(Posted {
            form,
            typed,
            formats,
        })
    }
}

/// Where a championship form goes: a new one for a club, or the settings of one.
pub(super) enum Target {
    New,
    Edit(i32),
}

/// The championship a posted form describes (its file with `seed`, its start and
/// whether its tables play hand by hand), or the form again with what to fix (422).
pub(super) fn checked(
    req: &HttpRequest,
    club: Club,
    posted: Posted,
    (target, seed): (Target, u64),
) -> Result<(TournamentFile, chrono::NaiveDate, bool), Box<HttpResponse>> {
    let Posted {
        mut form,
        typed,
        formats,
    } = posted;
    let ctx = Ctx::from_request(req);
    let again = |form: NewForm, errors: &[OptionError], error: String| {
        page(
            req,
            (club.clone(), &target),
            (form, &typed, errors),
            &formats,
            Some(error),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .unwrap_or_else(|e| actix_web::ResponseError::error_response(&e))
    };
    if let Ok(game) = form.game.parse::<GameKind>() {
        match read_options(ctx.lang, game, 4, &typed) {
            Ok(options) => form.options = options,
            Err(errors) => {
                let error = format!(
                    "{}: {}",
                    ctx.t("tournament-bad-field"),
                    errors
                        .iter()
                        .map(|e| e.message.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                );
                return Err(Box::new(again(form, &errors, error)));
            }
        }
    }
    let (file, starts_on) = match file_from_form(&form, seed, ctx.lang) {
        Ok(x) => x,
        Err((field, detail)) => {
            // What was wrong with the value, never empty brackets for an empty one.
            let why = if detail.trim().is_empty() {
                format!(": {}", ctx.t("tournament-field-empty"))
            } else if field == FormField::Name {
                format!(": {}", ctx.t("tournament-name-long"))
            } else {
                format!(" ({detail})")
            };
            let error = format!(
                "{}: {}{why}",
                ctx.t("tournament-bad-field"),
                ctx.t(field.key())
            );
            return Err(Box::new(again(form, &[], error)));
        }
    };
    let hands = form.entry == "hands";
    // A format the game's tables could not play is refused now, not hand by hand.
    let ev = &file.championship;
    // Held with the options a match sets as posted, a default too.
    let mut held = ev.options.clone();
    held.extend(posted_match_options(ev.game, &typed));
    if let Err(why) = offer::check(ev.game, &held, &ev.match_format, hands) {
        let error = format!("{}: {}", ctx.t("champ-unplayable"), why.message(ctx.lang));
        return Err(Box::new(again(form, &[], error)));
    }
    Ok((file, starts_on, hands))
}

/// `POST /clubes/{id}/campeonatos/nuevo`
pub async fn create(visit: Visit, path: web::Path<String>, body: web::Bytes) -> HttpResult {
    let club = managed_club(&visit, &path).await?;
    let (club_id, Visit { req, state, who }) = (club.id, visit);
    let posted = Posted::read(&body)?;
    let mut seed = [0u8; 4];
    getrandom::fill(&mut seed).map_err(|e| AppError::Internal(anyhow::anyhow!("random: {e}")))?;
    let seed = u64::from(u32::from_le_bytes(seed));
    let (file, starts_on, hands) = match checked(&req, club, posted, (Target::New, seed)) {
        Ok(x) => x,
        Err(page) => return Ok(*page),
    };
    let actor = who.actor();
    let id = db(&state, move |conn| {
        Ok(crate::service::championship::create(
            conn,
            club_id,
            &file,
            hands,
            starts_on,
            now(),
            &actor,
            &mut random_pin,
        )?)
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion")))
}
