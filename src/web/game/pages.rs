//! The pages of a game: its scoreboard, the game's PIN and the game lines of a club
//! page (the hand form and saving a hand: `hand`; deleting a hand: `undo`).

use super::*;
use crate::domain::entry::series::MatchTally;
use crate::domain::games::rules::QuickEntry;
use crate::domain::games::rules_of;
use crate::service::game::next_partida;
use crate::service::throttle::check_pin;
use crate::web::asks::Asks;
use crate::web::done::with_done;
use crate::web::grants;
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
    s.shown()
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
    /// How many players a side is (two for a pair), for the winners' verb.
    side_size: usize,
    lines: Vec<Line>,
    totals: Vec<String>,
    /// The side that won the game, by its players' names.
    winner: Option<String>,
    next_dealer: Option<String>,
    deal: u8,
    can_record: bool,
    pin: Option<String>,
    /// The organiser may give the game a new PIN.
    renew_pin: bool,
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
    /// The seat that deals the new hand (the trump's chooser unless delegated).
    dealer_seat: u8,
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
    /// The side whose renuncio lost it the whole coto at once, where that is the rule.
    pub lost_at_once: Option<String>,
    /// This game is over and the match is not: another partida is due.
    pub next_due: bool,
    /// Where a match of several cotos stands, in words ("Coto 2 · partidas 1–0 ·
    /// cotos 1–0"); `None` for a match of one coto.
    pub cotos: Option<String>,
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

/// The state of a match from its games and their `tally`, as the game page shows it.
fn series_view(
    (list, tally): (&[Game], MatchTally),
    current: &Game,
    (sides, lang): (&[String], Lang),
) -> SeriesView {
    let winner = tally.winner.and_then(|i| sides.get(i).cloned());
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
        lost_at_once: tally.lost_at_once.and_then(|i| sides.get(i).cloned()),
        cotos: tally.cotos.as_ref().map(|c| c.words(lang)),
        wins: tally.wins,
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

/// Whether `who` is the club's staff for this game (its director, a referee, an
/// administrator) by their account alone: who may change a game whose table is
/// confirmed, and whose finished game is proposed by nobody's pair. A PIN typed by a
/// player who also has an account does not make them staff.
pub(crate) fn is_game_staff(who: &Principal, g: &Game) -> bool {
    who.staff_allows(record_perm(g))
}

/// `Ok` when `who` may enter the hands of `g`. A phone without an account (a
/// scorekeeper, who has none to sign in with) is sent to the page asking for the PIN
/// that opens the game, every time it comes without a good one; a browser whose
/// session ended, and anyone else, is refused as the club's pages refuse them.
pub(super) async fn require_record(
    state: &AppState,
    who: &Principal,
    g: &Game,
    here: &str,
) -> Result<(), AppError> {
    if may_record(who, g) {
        return Ok(());
    }
    if who.user.is_none() && !who.api && !who.signed_out {
        let game = g.clone();
        if let Some(page) = db(state, move |conn| crate::web::grants::pin_page(conn, &game)).await?
        {
            return Err(AppError::PinRequired(page));
        }
    }
    who.require(record_perm(g), here)
}

/// Game `id`, loaded for `who`, who may enter its hands (asked at `here`).
pub(super) async fn load_to_record(
    state: &AppState,
    who: &Principal,
    id: i32,
    here: &str,
) -> Result<Loaded, AppError> {
    let l = db(state, move |conn| load(conn, id)).await?;
    require_record(state, who, &l.game, here).await?;
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
    require_record(state, who, &game, here).await?;
    let setup = setup_of(&game)?;
    Ok((game, setup))
}

/// Who changes a game, for its championship table.
pub(super) fn change_by(who: &Principal, g: &Game, session: &Session, confirmed: bool) -> ChangeBy {
    ChangeBy {
        staff: is_game_staff(who, g),
        sides: crate::web::tables_held::sides_held(session),
        confirmed,
    }
}

/// The answer to a change of game `id` that was saved: the game's page, saying what
/// was `done`.
pub(super) fn changed(id: i32, done: crate::web::done::Done) -> HttpResponse {
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
    Ok(table.is_some_and(|r| r.status == TableStatus::Final) && !is_game_staff(who, g))
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
        Refusal::TableConfirmed,
        StatusCode::CONFLICT,
    )
    .await
}

/// The game's page with the message of `refusal` on top, answering `status`.
pub(super) async fn game_page_saying(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    refusal: Refusal,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let message = Ctx::from_request(req).t(refusal.key());
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
    let (html, asks_pin) = game_html(state, who, id, error, &ctx).await?;
    Ok(Asks::Pin.mark_if(asks_pin, crate::web::html_response(html, status)))
}

/// The game's page as `who` sees it, in `ctx`'s language, and whether it asks for a
/// PIN: `who` may not enter its hands, and is asked for the game's PIN (or sent to
/// its table, whose PIN opens it).
pub(super) async fn game_html(
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
    error: Option<String>,
    ctx: &Ctx,
) -> Result<(String, bool), AppError> {
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
        let cotos = crate::domain::entry::series::cotos_of(&l.setup.options);
        let list = if l.game.best_of > 1 || cotos > 1 {
            let list = games::series_games(conn, l.game.series_id.unwrap_or(l.game.id))?;
            let tally = crate::service::game::series_tally(conn, &list, &l.setup, l.game.best_of)?;
            Some((list, tally))
        } else {
            None
        };
        Ok((l, table, list, hidden))
    })
    .await?;
    // People shown by name and initial are so to all but the club's organisers.
    if !who.allows(Perm::ManageClub(l.game.club_id)) {
        l.seats = l.seats.iter().map(|s| hidden.names(s)).collect();
    }
    let (scores, board) = scored_for_page(&l, id, ctx.lang)?;
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
    let staff = is_game_staff(who, &l.game);
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
    let series = list.map(|(list, tally)| series_view((&list, tally), &l.game, (&sides, ctx.lang)));
    let over = board.game_over.is_some() || l.game.status == GameStatus::Finished;
    let can_record = may_record(who, &l.game);
    let page = GamePage {
        staff,
        locked,
        hand_entry: can_record && !over && !locked,
        form: HandForm::new_hand(board.next_dealer.unwrap_or(0)),
        dealer_seat: board.next_dealer.unwrap_or(0),
        entry: rules_of(l.setup.game).quick_entry(),
        hand_sides: sides.iter().cloned().enumerate().collect(),
        hand_seats: l.seats.iter().cloned().enumerate().collect(),
        version: l.game.version,
        submission: crate::service::random_hex(16)?,
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
        renew_pin: !l.game.pin.is_empty() && who.staff_allows(Perm::ManageClub(l.game.club_id)),
        side_size: usize::from(l.setup.players) / sides.len().max(1),
        sides,
        lines,
        error,
        series,
        table,
        game: l.game,
        ctx,
    };
    let html = page
        .render()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("template: {e}")))?;
    Ok((html, !can_record))
}

/// The championship table a game is played at, as its page links back to it.
/// `POST /partidas/{id}/siguiente`: the next partida of a match, same table and
/// options, the deal passing on. A second tap finds the game already created.
pub async fn next_game(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    let l = load_to_record(&state, &who, id, req.path()).await?;
    let actor = who.actor();
    let next = db(&state, move |conn| {
        next_partida(conn, &l.game, (&l.setup, &l.seats), &actor)
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
    let staff = who.user.is_some();
    let who_asks = who.clone();
    let verdict = db(&state, move |conn| {
        let game = games::find_game(conn, id)?.ok_or(AppError::NotFound)?;
        // A championship table's partidas have no PIN of their own: never "".
        let expected = Some(game.pin.as_str()).filter(|p| !p.is_empty());
        let staff = staff && is_game_staff(&who_asks, &game);
        let subject = crate::service::throttle::game_subject(id);
        let verdict = check_pin(conn, &subject, &addr, expected, &pin, staff)?;
        Ok(verdict.map(|()| game.pin))
    })
    .await?;
    match verdict {
        Ok(pin) => {
            auth::grant(&session, auth::S_GAMES, id)?;
            grants::remember(&session, &grants::game_place(id), &pin)?;
            Ok(see_other(&format!("/partidas/{id}")))
        }
        Err(refused) => {
            let words = refused.words(&Ctx::from_request(&req));
            game_page(&req, &state, &who, id, Some(words), refused.status()).await
        }
    }
}

/// `POST /partidas/{id}/pin-nuevo`: the club's organiser gives a game a new PIN (the
/// old one was seen by someone else). The phones that typed the old one keep
/// nothing: their next step asks for the new one. A championship table's partida has
/// no PIN of its own (its table's PINs change on the table's page).
pub async fn renew_game_pin(VisitId(Visit { req, state, who }, id, ()): VisitId) -> HttpResult {
    let game = db(&state, move |conn| {
        games::find_game(conn, id)?.ok_or(AppError::NotFound)
    })
    .await?;
    who.require(Perm::ManageClub(game.club_id), req.path())?;
    if game.pin.is_empty() {
        return Err(AppError::NotFound);
    }
    let actor = who.actor();
    db(&state, move |conn| {
        crate::service::game::renew_game_pin(conn, &game, &actor, now())
    })
    .await?;
    Ok(see_other(&crate::web::done::with_done(
        &format!("/partidas/{id}"),
        crate::web::done::Done::GamePinRenewed,
    )))
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
