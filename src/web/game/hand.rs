//! The hand form of a game (a new hand, or a stored one to correct) and saving what
//! it sends.

use super::*;
use crate::domain::games::rules::QuickEntry;
use crate::domain::games::rules_of;
use crate::error::Malformed;
use crate::web::done::Done;
use crate::web::visit::{HttpResult, Visit, VisitId};

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
            submission: crate::service::random_hex(16)?,
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
        .ok_or_else(|| AppError::BadRequest(Malformed::Field("version")))?;
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
                    option: None,
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
                .ok_or_else(|| AppError::BadRequest(Malformed::Field("submission")))?,
        },
    };
    let done = if matches!(change, Change::Replace { .. }) {
        Done::HandCorrected
    } else {
        Done::HandSaved
    };
    let confirmed = f.get("confirm").is_some_and(|c| c == "1");
    let by = (
        who.actor(),
        change_by(&who, read.game(), &session, confirmed),
    );
    let outcome = match apply(&state, (id, version), (change, Some(read)), by, lang).await {
        // The championship's table refused what the change does to its result (a
        // confirmed game left unfinished, say): the form again, with what was typed.
        Err(e @ (AppError::Rejected(_) | AppError::Refused(_))) => {
            let ctx = Ctx::from_request(&req);
            let (key, detail) = e.describe(ctx.lang);
            let message = match detail {
                Some(d) if !d.is_empty() => format!("{} {d}", ctx.t(key)),
                _ => ctx.t(key),
            };
            let errors = vec![EntryError {
                field: "table".into(),
                message,
                option: None,
            }];
            return again(errors, actix_web::ResponseError::status_code(&e), f).await;
        }
        other => other?,
    };
    match outcome {
        Outcome::Saved | Outcome::Duplicate => Ok(changed(id, done)),
        Outcome::Locked => table_confirmed(&req, &state, &who, id).await,
        Outcome::NeedsConfirm(list, seen) => {
            let ctx = Ctx::from_request(&req);
            let errors = vec![EntryError {
                field: "confirm".into(),
                message: confirm_text(ctx.lang, &list, &seen),
                option: None,
            }];
            again(errors, StatusCode::CONFLICT, f).await
        }
        // Another device changed the game first: the form again, with what was typed
        // (on a phone that was off the network, typed a while ago) and the score now.
        Outcome::Stale => {
            let ctx = Ctx::from_request(&req);
            let errors = vec![EntryError {
                field: "version".into(),
                message: ctx.t(Refusal::GameStale.key()),
                option: None,
            }];
            again(errors, StatusCode::CONFLICT, f).await
        }
        Outcome::Over => {
            game_page_saying(
                &req,
                &state,
                &who,
                id,
                Refusal::GameOver,
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
                    option: None,
                }];
                e.extend(errors);
                e
            };
            again(errors, StatusCode::UNPROCESSABLE_ENTITY, f).await
        }
        // Only a restored hand finds its place taken (see `undo`).
        Outcome::Occupied => Err(AppError::Refused(Refusal::GameStale)),
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
