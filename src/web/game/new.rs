//! The new-game form and creating a game (single or the next of a series).

use super::*;
use crate::domain::entry::series::{match_clash, plays_cotos, put_match_options};
use crate::domain::lang::tr;
use crate::web::options::{OptionError, option_groups, posted_match_options, read_options};
use crate::web::visit::{HttpResult, Visit, VisitId};

#[derive(Template)]
#[template(path = "game_new.html")]
struct NewGamePage<'a> {
    ctx: &'a Ctx,
    club: queries::Club,
    game: Option<&'static str>,
    games: Vec<(&'static str, String)>,
    option_groups: Vec<crate::web::options::OptionGroup>,
    players: Vec<String>,
    counts: Vec<u8>,
    /// The game is played in cotos (guiñote): the form asks how many win the match.
    cotos: bool,
    form: HandForm,
    /// A game file that was refused: what was pasted, and why in words.
    import: Option<(String, String)>,
}

impl NewGamePage<'_> {
    /// Some option value was refused (its controls open to show what to fix).
    fn options_refused(&self) -> bool {
        self.form.errors.iter().any(|e| e.field.starts_with("opt."))
    }

    /// The choices of "Cotos para ganar el encuentro": 1, 2 and 3, and what was typed
    /// where it is none of them; chosen or not.
    fn coto_choices(&self) -> Vec<(String, bool)> {
        let typed = self.form.v("cotos");
        let typed = if typed.trim().is_empty() {
            "1"
        } else {
            typed.trim()
        };
        let mut list: Vec<(String, bool)> = ["1", "2", "3"].map(|n| (n.into(), n == typed)).into();
        if !list.iter().any(|c| c.1) {
            list.push((typed.to_owned(), true));
        }
        list
    }
}

#[derive(Deserialize)]
pub struct NewGameQuery {
    juego: Option<String>,
    /// A finished game of the club whose players, seats, options and deal the new
    /// game continues.
    desde: Option<String>,
}

/// The new-game form filled from game `from`: the same game, seats and options, the
/// first deal to whoever deals next by the game's rules.
fn form_after(l: &Loaded, lang: Lang) -> HashMap<String, String> {
    let mut f = HashMap::new();
    f.insert("game".to_owned(), l.setup.game.slug().to_owned());
    f.insert("players".to_owned(), l.setup.players.to_string());
    for (i, name) in l.seats.iter().enumerate() {
        f.insert(format!("seat_{i}"), name.clone());
    }
    let players = l.setup.players.max(1);
    // Who deals after the last hand (the board stops counting once the game is over).
    let last_dealer = l.entered.last().map_or(l.setup.first_dealer, |(d, _)| *d);
    let next = l
        .scored(lang)
        .ok()
        .and_then(|(scores, _)| scores.last().and_then(|s| s.next_dealer))
        .unwrap_or((last_dealer + 1) % players);
    f.insert("first_dealer".to_owned(), (next % players).to_string());
    put_options(&mut f, &l.setup.options);
    f
}

/// Puts table `options` in the new-game form's fields, each as its `opt.` field shows it.
fn put_options(
    f: &mut HashMap<String, String>,
    options: &serde_json::Map<String, serde_json::Value>,
) {
    for (name, v) in options {
        let text = match v {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        f.insert(format!("opt.{name}"), text);
    }
}

async fn new_game_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    club_id: i32,
    game: Option<GameKind>,
    form: HandForm,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    new_game_page_with(req, state, club_id, (game, form), status, None).await
}

/// The new-game form again after a refused game file (422): the file's text kept in
/// its box, and what is wrong with it.
pub(super) async fn refused_import(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    club_id: i32,
    text: String,
    why: String,
) -> Result<HttpResponse, AppError> {
    let form = (None, HandForm::default());
    let status = StatusCode::UNPROCESSABLE_ENTITY;
    new_game_page_with(req, state, club_id, form, status, Some((text, why))).await
}

async fn new_game_page_with(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    club_id: i32,
    (game, form): (Option<GameKind>, HandForm),
    status: StatusCode,
    import: Option<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (club, players) = db(state, move |conn| {
        let club = queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
        Ok((club, queries::active_players(conn, club_id)?))
    })
    .await?;
    // A form opened without a game offers the club's usual one, and a fresh form
    // for the club's usual game starts from the club's usual options.
    let usual = club.default_game.parse::<GameKind>().ok();
    let game = game.or(usual);
    let mut form = form;
    if form.values.is_empty() && game.is_some() && game == usual {
        let options: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&club.default_options).unwrap_or_default();
        put_options(&mut form.values, &options);
    }
    // A guiñote match is a coto: the best of 2n − 1 partidas when n win it (Part A 6,
    // best of three), unless the form already says how many.
    if game == Some(GameKind::Guinote) && !form.values.contains_key("best_of") {
        let to_win = form
            .values
            .get("opt.partidas_to_win_coto")
            .and_then(|v| v.trim().parse::<i32>().ok())
            .unwrap_or(2);
        let best_of = 2 * to_win - 1;
        if [1, 3, 5].contains(&best_of) {
            form.values
                .insert("best_of".to_owned(), best_of.to_string());
        }
    }
    let ctx = Ctx::from_request(req);
    render_status(
        &NewGamePage {
            games: GameKind::ALL
                .iter()
                .map(|g| (g.slug(), ctx.t(&format!("game-{}", g.slug()))))
                .collect(),
            option_groups: game
                .map(|g| {
                    let errors: Vec<OptionError> = form
                        .errors
                        .iter()
                        .filter_map(|e| {
                            let name = e.field.strip_prefix("opt.")?;
                            let spec = domain::options::specs(g).iter().find(|s| s.name == name)?;
                            Some(OptionError {
                                name: spec.name,
                                message: e.message.clone(),
                            })
                        })
                        .collect();
                    option_groups(ctx.lang, &[g], Some(g), &form.values, &errors)
                })
                .unwrap_or_default(),
            counts: game
                .map(|g| (2..=4).filter(|n| g.valid_players(*n)).collect())
                .unwrap_or_default(),
            game: game.map(GameKind::slug),
            cotos: game.is_some_and(plays_cotos),
            players: players.into_iter().map(|p| p.name).collect(),
            club,
            form,
            import,
            ctx: &ctx,
        },
        status,
    )
}

pub async fn new_game_form(
    VisitId(Visit { req, state, who }, club_id, query): VisitId<web::Query<NewGameQuery>>,
) -> HttpResult {
    who.require(Perm::CreateGame(club_id), req.path())?;
    let mut game = match query.juego.as_deref() {
        Some(g) => Some(game_kind(g)?),
        None => None,
    };
    let mut form = HandForm::default();
    if let Some(from) = query.desde.as_deref() {
        let from = parse_id(from)?;
        let l = db(&state, move |conn| load(conn, from)).await?;
        if l.game.club_id != club_id {
            return Err(AppError::NotFound);
        }
        game = Some(l.setup.game);
        form.values = form_after(&l, crate::web::i18n::negotiate(&req));
    }
    new_game_page(&req, &state, club_id, game, form, StatusCode::OK).await
}

/// The partidas of the match the new-game form asks for: its "al mejor de" (1, 3 or
/// 5), else the one a posted guiñote coto stands for, else one.
fn best_of_posted(game: GameKind, f: &HashMap<String, String>) -> u32 {
    let of_coto = || {
        let to_win = posted_match_options(game, f)
            .get("partidas_to_win_coto")?
            .as_u64()?;
        u32::try_from(2 * to_win).ok()?.checked_sub(1)
    };
    f.get("best_of")
        .and_then(|b| b.trim().parse::<u32>().ok())
        .or_else(of_coto)
        .filter(|b| [1, 3, 5].contains(b))
        .unwrap_or(1)
}

/// The cotos that win the match the new-game form asks for (1 where the game has no
/// cotos or the form does not say), or `None` for a number it cannot be.
fn cotos_posted(game: GameKind, f: &HashMap<String, String>) -> Option<u32> {
    match f.get("cotos").map(|c| c.trim()).unwrap_or("") {
        "" => Some(1),
        _ if !plays_cotos(game) => Some(1),
        typed => typed.parse().ok().filter(|n| (1..=3).contains(n)),
    }
}

/// Reads the new-game form into a setup, the seat names and the partidas of its
/// match (the table options a match sets follow it).
fn setup_from_form(
    game: GameKind,
    f: &HashMap<String, String>,
    lang: Lang,
) -> Result<(GameSetup, Vec<String>, u32), Vec<EntryError>> {
    let mut errors = Vec::new();
    let mut fail = |field: &str, fault: HandFault| errors.push(field_error(field, fault, lang));
    let players = f
        .get("players")
        .and_then(|p| p.trim().parse::<u8>().ok())
        .filter(|n| game.valid_players(*n));
    let Some(players) = players else {
        fail("players", HandFault::BadPlayers);
        return Err(errors);
    };
    let seats: Vec<String> = (0..players)
        .map(|s| {
            f.get(&format!("seat_{s}"))
                .map(|n| n.trim().to_owned())
                .unwrap_or_default()
        })
        .collect();
    for (i, name) in seats.iter().enumerate() {
        if name.is_empty() || name.chars().count() > 80 {
            fail(&format!("seat_{i}"), HandFault::SeatName);
        } else if seats[..i].contains(name) {
            fail(&format!("seat_{i}"), HandFault::SeatTwice);
        }
    }
    let first_dealer = f
        .get("first_dealer")
        .and_then(|d| d.trim().parse::<u8>().ok())
        .unwrap_or(0);
    let best_of = best_of_posted(game, f);
    let cotos = cotos_posted(game, f).unwrap_or_else(|| {
        errors.push(EntryError {
            field: "cotos".to_owned(),
            message: tr!(
                lang,
                "«Cotos para ganar el encuentro» es 1, 2 o 3",
                "«Cotos per guanyar l'encontre» és 1, 2 o 3",
                "«Cotos to win the match» is 1, 2 or 3"
            ),
            option: None,
        });
        1
    });
    let posted = posted_match_options(game, f);
    if let Some(clash) = match_clash(game, &posted, (best_of, cotos)) {
        errors.push(EntryError {
            field: "best_of".to_owned(),
            message: clash.message(lang),
            option: None,
        });
    }
    let mut options = match read_options(lang, game, players, f) {
        Ok(m) => m,
        Err(e) => {
            errors.extend(e.into_iter().map(|e| EntryError {
                field: format!("opt.{}", e.name),
                message: e.message,
                option: None,
            }));
            serde_json::Map::new()
        }
    };
    put_match_options(game, &mut options, (best_of, cotos));
    let setup = GameSetup {
        game,
        players,
        options,
        first_dealer,
    };
    if let Err(e) = entry::validate_setup(&setup, lang, &crate::web::options::PageOptionNames) {
        errors.extend(e);
    }
    if errors.is_empty() {
        Ok((setup, seats, best_of))
    } else {
        Err(errors)
    }
}

pub async fn post_new_game(
    VisitId(Visit { req, state, who }, club_id, body): VisitId<web::Bytes>,
) -> HttpResult {
    who.require(Perm::CreateGame(club_id), req.path())?;
    let f = fields(&body)?;
    let game = game_kind(f.get("game").map(String::as_str).unwrap_or(""))?;
    let lang = crate::web::i18n::negotiate(&req);
    match setup_from_form(game, &f, lang) {
        Err(errors) => {
            new_game_page(
                &req,
                &state,
                club_id,
                Some(game),
                HandForm { values: f, errors },
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
        Ok((setup, seats, best_of)) => {
            let actor = who.actor();
            let best_of = i32::try_from(best_of).unwrap_or(1);
            // Names typed on the spot join the club's players (when the person
            // starting the game may add players).
            let add_players = who.allows(Perm::ManageClub(club_id));
            // Committed with the saves of the moment (see `db_write`).
            let id = crate::web::db_write(&state, move |conn| {
                crate::service::game::start_game(
                    conn,
                    club_id,
                    (&setup, &seats),
                    best_of,
                    add_players,
                    &actor,
                )
            })
            .await?;
            Ok(see_other(&format!("/partidas/{id}")))
        }
    }
}
