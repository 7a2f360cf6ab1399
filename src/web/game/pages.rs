//! The pages of a game: its scoreboard, the hand form (new and edit), saving a hand,
//! the game's PIN and the game lines of a club page (deleting a hand: `undo`).

use super::*;
use crate::domain::games::rules::QuickEntry;
use crate::domain::games::rules_of;
use crate::web::done::with_done;
use crate::web::visit::{HttpResult, Visit, VisitId};

pub struct Line {
    pub no: i32,
    pub dealer: String,
    pub kind: String,
    pub notes: String,
    pub points: Vec<String>,
    pub running: Vec<String>,
}

pub(super) fn show(s: &Score) -> String {
    match s.whole() {
        Some(n) => n.to_string(),
        None => format!("{:.1}", s.as_f64()),
    }
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage<'a> {
    ctx: &'a Ctx,
    game: Game,
    game_name: String,
    /// The table options that differ from the defaults, in words.
    options_used: Vec<crate::web::options::OptionWords>,
    sides: Vec<String>,
    lines: Vec<Line>,
    totals: Vec<String>,
    winner: Option<String>,
    next_dealer: Option<String>,
    deal: u8,
    can_record: bool,
    pin: Option<String>,
    error: Option<String>,
    series: Option<SeriesView>,
    table: Option<TableBanner>,
    /// No more hands: the game ended, or its match's limits ended it.
    over: bool,
    /// The new-game form filled with this game's seats, once it is over.
    next_same: Option<String>,
    /// Signed in and of the club's staff (a referee, an organiser): may take a hand
    /// to the referee's desk, and correct a confirmed table.
    staff: bool,
    /// The table is confirmed and this reader is not the staff: no corrections here.
    locked: bool,
    /// The new-hand form, on this page (one page load a hand).
    hand_entry: bool,
    form: HandForm,
    /// The fields the game's hand form shows.
    entry: QuickEntry,
    hand_sides: Vec<(usize, String)>,
    hand_seats: Vec<(usize, String)>,
    version: i32,
    submission: String,
    slots: Vec<usize>,
    hand_no: Option<i32>,
}

/// A match of several partidas, as the game page shows it.
pub struct SeriesView {
    pub best_of: i32,
    /// Partidas won per side.
    pub wins: Vec<i32>,
    /// (game id, winner's name) of each partida so far.
    pub games: Vec<(i32, Option<String>)>,
    pub winner: Option<String>,
    /// This game is over and the match is not: another partida is due.
    pub next_due: bool,
}

impl SeriesView {
    pub fn score(&self) -> String {
        self.wins
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(" – ")
    }
}

/// The state of a match from its games (pure).
fn series_view(list: &[Game], current: &Game, sides: &[String]) -> SeriesView {
    let mut wins = vec![0; sides.len()];
    for g in list {
        if let Some(w) = g.winner.and_then(|w| usize::try_from(w).ok())
            && let Some(slot) = wins.get_mut(w)
        {
            *slot += 1;
        }
    }
    let needed = current.best_of / 2 + 1;
    let winner = wins
        .iter()
        .position(|w| *w >= needed)
        .and_then(|i| sides.get(i).cloned());
    let is_last = list.last().is_some_and(|g| g.id == current.id);
    SeriesView {
        best_of: current.best_of,
        games: list
            .iter()
            .map(|g| {
                let w = g
                    .winner
                    .and_then(|w| usize::try_from(w).ok())
                    .and_then(|w| sides.get(w).cloned());
                (g.id, w)
            })
            .collect(),
        next_due: winner.is_none() && is_last && current.status == GameStatus::Finished,
        winner,
        wins,
    }
}

fn record_perm(g: &Game) -> Perm {
    Perm::RecordGame {
        club_id: g.club_id,
        game_id: g.id,
    }
}

/// Whether `who` may enter hands in this game: its PIN, the PIN of its table (which
/// opens every partida of the table's match), or the club's staff.
pub(crate) fn may_record(who: &Principal, g: &Game) -> bool {
    who.allows(record_perm(g))
        || g.series_id.is_some_and(|first| {
            who.allows(Perm::RecordGame {
                club_id: g.club_id,
                game_id: first,
            })
        })
}

pub(super) fn require_record(who: &Principal, g: &Game, here: &str) -> Result<(), AppError> {
    if may_record(who, g) {
        Ok(())
    } else {
        who.require(record_perm(g), here)
    }
}

/// Game `id`, loaded for `who`, who may enter its hands (asked at `here`).
pub(super) async fn load_to_record(
    state: &AppState,
    who: &Principal,
    id: i32,
    here: &str,
) -> Result<Loaded, AppError> {
    let l = db(state, move |conn| load(conn, id)).await?;
    require_record(who, &l.game, here)?;
    Ok(l)
}

/// Game `id` without its hands, and its setup, for `who`, who may enter its hands
/// (asked at `here`).
pub(super) async fn game_to_record(
    state: &AppState,
    who: &Principal,
    id: i32,
    here: &str,
) -> Result<(Game, GameSetup), AppError> {
    let game = db(state, move |conn| {
        games::find_game(conn, id)?.ok_or(AppError::NotFound)
    })
    .await?;
    require_record(who, &game, here)?;
    let setup = setup_of(&game)?;
    Ok((game, setup))
}

/// Who changes a game, for its championship table.
pub(super) fn change_by(who: &Principal, g: &Game, session: &Session, confirmed: bool) -> ChangeBy {
    ChangeBy {
        staff: who.user.is_some() && may_record(who, g),
        sides: crate::web::tables_held::sides_held(session),
        confirmed,
    }
}

/// The answer to a change of game `id` that was saved: the game's page, saying what
/// was `done`.
pub(super) fn changed(id: i32, done: &str) -> HttpResponse {
    see_other(&with_done(&format!("/partidas/{id}"), done))
}

/// Whether the table of game `g` is confirmed and `who` is not the club's staff:
/// a confirmed game is corrected through the director, not at the table.
pub(super) async fn locked_for(
    state: &AppState,
    who: &Principal,
    g: &Game,
) -> Result<bool, AppError> {
    let game = g.clone();
    let table = db(state, move |conn| Ok(tables::table_of_game(conn, &game)?)).await?;
    Ok(table.is_some_and(|r| r.status == TableStatus::Final)
        && !(who.user.is_some() && may_record(who, g)))
}

/// The refusal of a change to a game whose championship table is confirmed: the
/// game's page, saying so in words (409).
pub(super) async fn table_confirmed(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
) -> Result<HttpResponse, AppError> {
    game_page_saying(
        req,
        state,
        who,
        id,
        "error-table-confirmed",
        StatusCode::CONFLICT,
    )
    .await
}

/// The game's page with `key`'s message on top, answering `status`.
pub(super) async fn game_page_saying(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    key: &str,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let message = Ctx::from_request(req).t(key);
    game_page(req, state, who, id, Some(message), status).await
}

pub(super) async fn game_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    error: Option<String>,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let ctx = Ctx::from_request(req);
    let html = game_html(state, who, id, error, &ctx).await?;
    Ok(crate::web::html_response(html, status))
}

/// The game's page as `who` sees it, in `ctx`'s language.
pub(super) async fn game_html(
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    error: Option<String>,
    ctx: &Ctx,
) -> Result<String, AppError> {
    // One trip to the database: the game, its hands, its table and its series.
    let (mut l, table, list, hidden) = db(state, move |conn| {
        let l = load(conn, id)?;
        let hidden = crate::db::register::Hidden::load(conn)?;
        let table = match tables::table_of_game(conn, &l.game)? {
            Some(row) => {
                let name = queries::find_championship(conn, row.championship_id)?
                    .map(|e| e.name)
                    .unwrap_or_default();
                let stage = tables::stage_of_table(conn, &row, now())?;
                Some((row, name, stage))
            }
            None => None,
        };
        let list = if l.game.best_of > 1 {
            games::series_games(conn, l.game.series_id.unwrap_or(l.game.id))?
        } else {
            Vec::new()
        };
        Ok((l, table, list, hidden))
    })
    .await?;
    // People shown by name and initial are so to all but the club's organisers.
    if !who.allows(Perm::ManageClub(l.game.club_id)) {
        l.seats = l.seats.iter().map(|s| hidden.names(s)).collect();
    }
    let (scores, board) = l.scored(ctx.lang).map_err(|(i, e)| {
        AppError::Internal(anyhow::anyhow!(
            "game {id}: stored hand {} no longer scores: {e:?}",
            i + 1
        ))
    })?;
    let sides = side_names(&l.setup, &l.seats, ctx.lang);
    let error = error.map(|e| people_words(&e, ctx.lang, &l.seats, &sides));
    let seat_name = |s: u8| l.seats.get(usize::from(s)).cloned().unwrap_or_default();
    let lines = l
        .hands
        .iter()
        .zip(&scores)
        .zip(&board.running)
        .map(|((h, s), run)| Line {
            no: h.hand_no,
            dealer: seat_name(u8::try_from(h.dealer).unwrap_or(0)),
            kind: h.kind.clone(),
            notes: people_words(&s.notes.join(" · "), ctx.lang, &l.seats, &sides),
            points: s.hand_points.iter().map(show).collect(),
            running: run.iter().map(show).collect(),
        })
        .collect();
    let staff = who.user.is_some() && may_record(who, &l.game);
    let locked = !staff
        && table
            .as_ref()
            .is_some_and(|(row, ..)| row.status == TableStatus::Final);
    let table = table.map(|(row, name, stage)| {
        let place = if row.phase == 0 {
            format!(
                "{} · {}",
                ctx.t1("round-n", "n", &row.round_no),
                ctx.t1("table-n", "n", &row.table_no)
            )
        } else {
            ctx.t1("table-n", "n", &row.table_no)
        };
        let state = match row.status {
            TableStatus::Proposed => ctx.t("table-state-proposed"),
            TableStatus::Final => ctx.t("table-state-final"),
            TableStatus::Playing => String::new(),
        };
        TableBanner {
            href: crate::web::tables_held::table_path(
                row.championship_id,
                row.phase,
                row.round_no,
                row.table_no,
            ),
            label: format!("{name} · {place}"),
            state,
            draw_note: stage.and_then(|s| s.words(ctx.lang)),
        }
    });
    let series = (l.game.best_of > 1).then(|| series_view(&list, &l.game, &sides));
    let over = board.game_over.is_some() || l.game.status == GameStatus::Finished;
    let can_record = may_record(who, &l.game);
    let page = GamePage {
        staff,
        locked,
        hand_entry: can_record && !over && !locked,
        form: HandForm::new_hand(board.next_dealer.unwrap_or(0)),
        entry: rules_of(l.setup.game).quick_entry(),
        hand_sides: sides.iter().cloned().enumerate().collect(),
        hand_seats: l.seats.iter().cloned().enumerate().collect(),
        version: l.game.version,
        submission: auth::random_hex(16)?,
        slots: (0..CANTE_SLOTS).collect(),
        hand_no: None,
        game_name: ctx.t(&format!("game-{}", l.setup.game.slug())),
        options_used: crate::web::options::changed_option_words(
            ctx.lang,
            l.setup.game,
            &l.setup.options,
        ),
        totals: board.totals.iter().map(show).collect(),
        winner: board
            .game_over
            .as_ref()
            .and_then(|g| sides.get(usize::from(g.winner)).cloned()),
        next_dealer: board
            .next_dealer
            .filter(|_| l.game.status != GameStatus::Finished)
            .map(seat_name),
        over,
        deal: board.deal,
        can_record,
        next_same: (l.game.status == GameStatus::Finished
            && table.is_none()
            && series.as_ref().is_none_or(|s| !s.next_due)
            && who.allows(Perm::CreateGame(l.game.club_id)))
        .then(|| {
            format!(
                "/clubes/{}/partidas/nueva?juego={}&desde={}",
                l.game.club_id,
                l.setup.game.slug(),
                l.game.id
            )
        }),
        pin: staff.then(|| l.game.pin.clone()),
        sides,
        lines,
        error,
        series,
        table,
        game: l.game,
        ctx,
    };
    page.render()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("template: {e}")))
}

/// The championship table a game is played at, as its page links back to it.
/// `POST /partidas/{id}/siguiente`: the next partida of a match, same table and
/// options, the deal passing on. A second tap finds the game already created.
pub async fn next_game(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    let l = load_to_record(&state, &who, id, req.path()).await?;
    let actor = who.actor();
    let lang = crate::web::i18n::negotiate(&req);
    let next = db(&state, move |conn| {
        crate::db::write_tx(conn, |conn| {
            let first = l.game.series_id.unwrap_or(l.game.id);
            let list = games::series_games(conn, first)?;
            if let Some(later) = list.iter().find(|g| g.id > l.game.id) {
                return Ok(later.id);
            }
            let sides = side_names(&l.setup, &l.seats, lang);
            let view = series_view(&list, &l.game, &sides);
            if !view.next_due {
                return Err(AppError::Conflict {
                    key: "error-no-next-game",
                    detail: String::new(),
                });
            }
            let mut setup = l.setup.clone();
            setup.first_dealer = (l.setup.first_dealer + 1) % l.setup.players.max(1);
            let series = SeriesOf(Some(first), l.game.best_of);
            // A championship table's next partida: its PINs open it too.
            let pin = l.game.pin.is_empty().then_some("");
            create_game(conn, l.game.club_id, &setup, &l.seats, &actor, series, pin)
        })
    })
    .await?;
    Ok(see_other(&format!("/partidas/{next}")))
}

pub async fn show_game(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    if who.is_anonymous() && req.query_string().is_empty() {
        return anonymous_game_page(&req, &state, &who, id).await;
    }
    game_page(&req, &state, &who, id, None, StatusCode::OK).await
}

#[derive(Template)]
#[template(path = "hand_form.html")]
struct HandPage<'a> {
    ctx: &'a Ctx,
    game: Game,
    title: String,
    game_slug: &'static str,
    /// The fields the game's hand form shows.
    entry: QuickEntry,
    hand_sides: Vec<(usize, String)>,
    hand_seats: Vec<(usize, String)>,
    form: HandForm,
    hand_no: Option<i32>,
    dealer: String,
    dealer_seat: u8,
    players: u8,
    version: i32,
    submission: String,
    slots: Vec<usize>,
    full_record: String,
    /// The game's score now, shown when a change was refused because the game moved on.
    score: Option<String>,
}

/// What the hand form shows besides the game: which hand (None: a new one), what
/// was typed, and the status to answer with.
struct HandView {
    hand_no: Option<i32>,
    form: Option<HandForm>,
    full_record: String,
    status: StatusCode,
}

impl HandView {
    fn fresh(hand_no: Option<i32>) -> HandView {
        HandView {
            hand_no,
            form: None,
            full_record: String::new(),
            status: StatusCode::OK,
        }
    }
}

async fn hand_page(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    view: HandView,
) -> Result<HttpResponse, AppError> {
    let HandView {
        hand_no,
        form,
        full_record,
        status,
    } = view;
    let l = load_to_record(state, who, id, req.path()).await?;
    if locked_for(state, who, &l.game).await? {
        return table_confirmed(req, state, who, id).await;
    }
    let ctx = Ctx::from_request(req);
    let (_, board) = l
        .scored(ctx.lang)
        .map_err(|(i, e)| AppError::Internal(anyhow::anyhow!("hand {i}: {e:?}")))?;
    let (dealer, form) = match hand_no {
        Some(n) => {
            let h = l
                .hands
                .iter()
                .zip(&l.entered)
                .find(|(h, _)| h.hand_no == n)
                .ok_or(AppError::NotFound)?;
            let values = match &h.1.1 {
                Entered::Quick(q) => form_from_quick(q),
                Entered::Full(_) => HashMap::new(),
            };
            (
                u8::try_from(h.0.dealer).unwrap_or(0),
                form.unwrap_or(HandForm {
                    values,
                    errors: Vec::new(),
                }),
            )
        }
        None => {
            // Over by its own end, or by the match's limits (a timed match).
            if board.game_over.is_some() || l.game.status == GameStatus::Finished {
                return Err(AppError::Refused(Refusal::GameOver));
            }
            let dealer = board.next_dealer.unwrap_or(0);
            (dealer, form.unwrap_or_else(|| HandForm::new_hand(dealer)))
        }
    };
    let side_list = side_names(&l.setup, &l.seats, ctx.lang);
    let mut form = form;
    for e in &mut form.errors {
        e.message = people_words(&e.message, ctx.lang, &l.seats, &side_list);
    }
    render_status(
        &HandPage {
            title: side_list.join(" – "),
            game_slug: l.setup.game.slug(),
            entry: rules_of(l.setup.game).quick_entry(),
            hand_sides: side_list.into_iter().enumerate().collect(),
            hand_seats: l.seats.iter().cloned().enumerate().collect(),
            dealer: l
                .seats
                .get(usize::from(dealer))
                .cloned()
                .unwrap_or_default(),
            dealer_seat: dealer,
            players: l.setup.players,
            version: l.game.version,
            submission: auth::random_hex(16)?,
            slots: (0..CANTE_SLOTS).collect(),
            score: (status == StatusCode::CONFLICT).then(|| {
                board
                    .totals
                    .iter()
                    .map(show)
                    .collect::<Vec<_>>()
                    .join(" – ")
            }),
            game: l.game,
            form,
            hand_no,
            full_record,
            ctx: &ctx,
        },
        status,
    )
}

pub async fn new_hand_form(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    hand_page(&req, &state, &who, id, HandView::fresh(None)).await
}

pub async fn edit_hand_form(
    Visit { req, state, who }: Visit,
    path: web::Path<(String, String)>,
) -> HttpResult {
    let (id, n) = (parse_id(&path.0)?, parse_id(&path.1)?);
    hand_page(&req, &state, &who, id, HandView::fresh(Some(n))).await
}

async fn save_hand(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    id: i32,
    hand_no: Option<i32>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let f = fields(&body)?;
    // An addition needs only the game's row (its tail); a correction, every hand.
    let read = match hand_no {
        Some(_) => Read::Whole(load_to_record(&state, &who, id, req.path()).await?),
        None => {
            let (game, setup) = game_to_record(&state, &who, id, req.path()).await?;
            Read::Row(game, setup)
        }
    };
    let lang = crate::web::i18n::negotiate(&req);
    let version = f
        .get("version")
        .and_then(|v| v.trim().parse::<i32>().ok())
        .ok_or_else(|| AppError::bad_request("error-bad-request", "version"))?;
    let full = f
        .get("record")
        .map(|r| r.trim().to_owned())
        .filter(|r| !r.is_empty());
    let entered = match &full {
        Some(text) => serde_json::from_str::<serde_json::Value>(text)
            .map(Entered::Full)
            .map_err(|e| {
                vec![EntryError {
                    field: "record".into(),
                    message: format!("JSON: {e}"),
                }]
            }),
        None => quick_from_form(read.setup(), &f, lang).map(Entered::Quick),
    };
    let again = |errors: Vec<EntryError>, status: StatusCode, f: HashMap<String, String>| {
        let full = f.get("record").cloned().unwrap_or_default();
        let req = req.clone();
        let state = state.clone();
        let who = who.clone();
        async move {
            let view = HandView {
                hand_no,
                form: Some(HandForm { values: f, errors }),
                full_record: full,
                status,
            };
            hand_page(&req, &state, &who, id, view).await
        }
    };
    let entered = match entered {
        Ok(e) => e,
        Err(errors) => return again(errors, StatusCode::UNPROCESSABLE_ENTITY, f).await,
    };
    let change = match hand_no {
        Some(n) => Change::Replace {
            hand_no: n,
            entered,
        },
        None => Change::Add {
            dealer: None,
            entered,
            submission: f
                .get("submission")
                .cloned()
                .filter(|s| !s.is_empty() && s.len() <= 64)
                .ok_or_else(|| AppError::bad_request("error-bad-request", "submission"))?,
        },
    };
    let done = if matches!(change, Change::Replace { .. }) {
        "mano-corregida"
    } else {
        "mano-anotada"
    };
    let confirmed = f.get("confirm").is_some_and(|c| c == "1");
    let by = (
        who.actor(),
        change_by(&who, read.game(), &session, confirmed),
    );
    match apply(&state, (id, version), (change, Some(read)), by, lang).await? {
        Outcome::Saved | Outcome::Duplicate => Ok(changed(id, done)),
        Outcome::Locked => table_confirmed(&req, &state, &who, id).await,
        Outcome::NeedsConfirm(list) => {
            let ctx = Ctx::from_request(&req);
            let errors = vec![EntryError {
                field: "confirm".into(),
                message: confirm_text(ctx.lang, &list),
            }];
            again(errors, StatusCode::CONFLICT, f).await
        }
        // Another device changed the game first: the form again, with what was typed
        // (on a phone that was off the network, typed a while ago) and the score now.
        Outcome::Stale => {
            let ctx = Ctx::from_request(&req);
            let errors = vec![EntryError {
                field: "version".into(),
                message: ctx.t("game-stale"),
            }];
            again(errors, StatusCode::CONFLICT, f).await
        }
        Outcome::Over => {
            game_page_saying(
                &req,
                &state,
                &who,
                id,
                "error-game-over",
                StatusCode::CONFLICT,
            )
            .await
        }
        Outcome::Invalid(position, errors) => {
            let hands = db(&state, move |conn| Ok(games::game_hands(conn, id)?)).await?;
            let this = hand_no.map_or(hands.len() + 1, |n| {
                hands
                    .iter()
                    .position(|h| h.hand_no == n)
                    .map_or(0, |p| p + 1)
            });
            let errors = if position == this {
                errors
            } else {
                // The change is fine itself but breaks a later hand (a bid cap, say).
                let ctx = Ctx::from_request(&req);
                let mut e = vec![EntryError {
                    field: "later".into(),
                    message: ctx.t1("entry-breaks-later", "n", &position),
                }];
                e.extend(errors);
                e
            };
            again(errors, StatusCode::UNPROCESSABLE_ENTITY, f).await
        }
        // Only a restored hand finds its place taken (see `undo`).
        Outcome::Occupied => Err(AppError::Conflict {
            key: "game-stale",
            detail: String::new(),
        }),
    }
}

pub async fn post_hand(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    save_hand(req, state, who, session, id, None, body).await
}

pub async fn post_edit_hand(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    session: Session,
    path: web::Path<(String, String)>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let (id, n) = (parse_id(&path.0)?, parse_id(&path.1)?);
    save_hand(req, state, who, session, id, Some(n), body).await
}

#[derive(Deserialize)]
pub struct PinForm {
    pin: String,
}

/// `POST /partidas/{id}/pin`: a scorekeeper without an account types the game's PIN.
pub async fn game_pin(
    Visit { req, state, who }: Visit,
    session: Session,
    path: web::Path<String>,
    form: web::Form<PinForm>,
) -> HttpResult {
    let id = parse_id(&path)?;
    let pin = form.into_inner().pin.trim().to_owned();
    let addr = crate::web::requests::client_address(&req);
    let ok = db(&state, move |conn| {
        let game = games::find_game(conn, id)?.ok_or(AppError::NotFound)?;
        // A championship table's partidas have no PIN of their own: never "".
        let expected = Some(game.pin.as_str()).filter(|p| !p.is_empty());
        match auth::check_pin(conn, &format!("game:{id}"), &addr, expected, &pin)? {
            Ok(()) => Ok(true),
            Err(StatusCode::TOO_MANY_REQUESTS) => Err(AppError::TooManyRequests),
            Err(_) => Ok(false),
        }
    })
    .await?;
    if ok {
        auth::grant(&session, auth::S_GAMES, id)?;
        return Ok(see_other(&format!("/partidas/{id}")));
    }
    let status = StatusCode::UNAUTHORIZED;
    game_page_saying(&req, &state, &who, id, "table-wrong-pin", status).await
}

/// A club's games, for the club page.
pub struct GameLine {
    pub id: i32,
    pub game: String,
    pub seats: String,
    pub status: String,
}

pub fn game_lines(ctx: &Ctx, list: &[Game]) -> Vec<GameLine> {
    list.iter()
        .map(|g| GameLine {
            id: g.id,
            game: ctx.t(&format!("game-{}", g.game)),
            seats: seats_of(g).join(", "),
            status: ctx.t(&format!("game-status-{}", g.status)),
        })
        .collect()
}
