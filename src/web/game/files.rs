//! A game as a file: export, import, and entering a hand from outside the hand form.

use super::*;
use crate::domain::entry::{GameDoc, HandDoc};
use crate::domain::tournament::Hindsight;
use crate::web::done::Done;
use crate::web::visit::{HttpResult, Visit, VisitId};

pub async fn export_game(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let l = db(&state, move |conn| load(conn, id)).await?;
    let lang = crate::web::i18n::negotiate(&req);
    let (scores, board) = l
        .scored(lang)
        .map_err(|(i, e)| AppError::Internal(anyhow::anyhow!("hand {i}: {e:?}")))?;
    let mut file = GameDoc {
        format: GAME_FORMAT.to_owned(),
        game: l.setup.game,
        players: l.setup.players,
        options: l.setup.options.clone(),
        first_dealer: l.setup.first_dealer,
        seats: l.seats,
        hands: l
            .entered
            .into_iter()
            .zip(scores)
            .map(|((dealer, entered), score)| HandDoc {
                dealer,
                entered,
                score: Some(score),
            })
            .collect(),
        scoreboard: Some(board),
    };
    // Notes are words for people: seats and pairs numbered from 1 and named, as the
    // game's page reads them; the ids of the file (dealer, seat fields) stay 0-based.
    file.name_notes(lang);
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"partida-{id}.json\""),
        ))
        .json(file))
}

#[derive(Deserialize)]
pub struct ImportForm {
    file: String,
}

/// `POST /clubes/{id}/partidas/importar`: a game file becomes a new game, every
/// hand re-checked; a single bad hand refuses the whole file. A refused file shows
/// the form again (422) with its text and what is wrong, in the page's language.
pub async fn import_game(
    VisitId(Visit { req, state, who }, club_id, form): VisitId<web::Form<ImportForm>>,
) -> HttpResult {
    who.require(Perm::CreateGame(club_id), req.path())?;
    let lang = crate::web::i18n::negotiate(&req);
    let text = form.into_inner().file;
    let (setup, seats, hands) = match read_game_file(&text, lang) {
        Ok(read) => read,
        Err(why) => return super::new::refused_import(&req, &state, club_id, text, why).await,
    };
    let actor = who.actor();
    let count = hands.len();
    let hands = hands.into_iter().map(|(d, e)| (Some(d), e)).collect();
    let made = db(&state, move |conn| {
        queries::find_club(conn, club_id)?.ok_or(AppError::NotFound)?;
        let game = (&setup, seats.as_slice());
        game_with_hands(conn, club_id, game, hands, ("import", &actor), lang)
    })
    .await?;
    let why = match made {
        Ok(id) => {
            return Ok(see_other(&crate::web::done::with_done_count(
                &format!("/partidas/{id}"),
                Done::GameImported,
                count,
            )));
        }
        Err((i, Outcome::Over)) => {
            let words = crate::web::i18n::tr(lang, Refusal::GameOver.key());
            bad_hand(lang, i + 1, &words)
        }
        Err((i, _)) => bad_hand(lang, i + 1, ""),
    };
    super::new::refused_import(&req, &state, club_id, text, why).await
}

/// A game file's setup, seats and hands (each with its dealer).
type GameRead = (GameSetup, Vec<String>, Vec<(u8, Entered)>);

/// Reads a `baza-game/1` file, every hand checked; or says what is wrong with it,
/// in words (and where, when its text is not JSON or not a game's).
fn read_game_file(text: &str, lang: Lang) -> Result<GameRead, String> {
    use crate::domain::words::{FileKind, json_error_words};
    let words = |e: serde_json::Error| json_error_words(&e, FileKind::Game, lang);
    let value: serde_json::Value = serde_json::from_str(text).map_err(words)?;
    if value.get("format").and_then(serde_json::Value::as_str) != Some(GAME_FORMAT) {
        let not_one = FileKind::Game.not_one(lang);
        return Err(crate::domain::lang::tr!(
            lang,
            "{not_one}: le falta \"format\": \"{GAME_FORMAT}\".",
            "{not_one}: li falta \"format\": \"{GAME_FORMAT}\".",
            "{not_one}: it lacks \"format\": \"{GAME_FORMAT}\"."
        ));
    }
    let file: GameDoc = serde_json::from_str(text).map_err(words)?;
    // Its table options, each by its label.
    crate::domain::options::validate(file.game, file.players, &file.options).map_err(|e| {
        crate::domain::words::record_error_words(&e, lang, &crate::web::options::PageOptionNames)
    })?;
    let setup = GameSetup {
        game: file.game,
        players: file.players,
        options: file.options,
        first_dealer: file.first_dealer,
    };
    entry::validate_setup(&setup, lang, &crate::web::options::PageOptionNames).map_err(|e| {
        e.iter()
            .map(|x| x.message.as_str())
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    if file.seats.len() != usize::from(file.players)
        || file.seats.iter().any(|s| s.trim().is_empty())
    {
        let n = file.players;
        return Err(crate::domain::lang::tr!(
            lang,
            "Cada asiento lleva el nombre de su jugador: faltan nombres ({n} asientos).",
            "Cada seient porta el nom del seu jugador: falten noms ({n} seients).",
            "Each seat carries its player's name: names are missing ({n} seats)."
        ));
    }
    let hands: Vec<(u8, Entered)> = file
        .hands
        .into_iter()
        .map(|h| (h.dealer, h.entered))
        .collect();
    if let Err((i, e)) = rescore(&setup, &hands, lang) {
        // The engine's words, with the file's players in its seats.
        let sides = side_names(&setup, &file.seats, lang);
        let why = e
            .iter()
            .map(|x| people_words(&x.message, lang, &file.seats, &sides))
            .collect::<Vec<_>>()
            .join("; ");
        return Err(bad_hand(lang, i + 1, &why));
    }
    Ok((setup, file.seats, hands))
}

/// A game file refused for its hand `n` (from 1), and why, in words.
fn bad_hand(lang: Lang, n: usize, why: &str) -> String {
    let hand = crate::domain::lang::tr!(lang, "mano {n}", "mà {n}", "hand {n}");
    if why.is_empty() {
        hand
    } else {
        format!("{hand}: {why}")
    }
}

/// Why a ruled hand did not go into its game.
#[derive(Debug)]
pub enum NotApplied {
    /// It corrects a confirmed result later pairings depend on: those tables, in
    /// words, and the change waits for a confirm.
    Confirm(String),
    /// The game refuses it, in words.
    Refused(String),
}

/// Puts a ruled hand into a game (the referee desk's "apply"): as a new hand, or
/// replacing hand `hand_no`. `Ok(Err(why))` when it did not go in.
pub fn apply_entered(
    conn: &mut DbConn,
    id: i32,
    hand_no: Option<i32>,
    entered: Entered,
    (actor, by): (&str, &ChangeBy),
    lang: Lang,
) -> Result<Result<(), NotApplied>, AppError> {
    let l = load(conn, id)?;
    // The place (from 1) the ruled hand takes among the game's hands.
    let this = match hand_no {
        Some(n) => l
            .hands
            .iter()
            .position(|h| h.hand_no == n)
            .map_or(0, |p| p + 1),
        None => l.hands.len() + 1,
    };
    let change = match hand_no {
        Some(n) => Change::Replace {
            hand_no: n,
            entered,
        },
        None => {
            let board = l
                .scored(lang)
                .map(|(_, b)| b)
                .map_err(|(i, e)| AppError::Internal(anyhow::anyhow!("hand {i}: {e:?}")))?;
            if board.game_over.is_some() {
                return Ok(Err(NotApplied::Refused(crate::web::i18n::tr(
                    lang,
                    Refusal::GameOver.key(),
                ))));
            }
            Change::Add {
                dealer: Some(board.next_dealer.unwrap_or(0)),
                entered,
                submission: format!("ruling-{}", crate::service::random_hex(8)?),
            }
        }
    };
    let refused = |why: String| Err(NotApplied::Refused(why));
    Ok(
        match apply_change(conn, id, l.game.version, change, (actor, by), lang)? {
            Outcome::Saved | Outcome::Duplicate => Ok(()),
            Outcome::Locked => refused(crate::web::i18n::tr(lang, Refusal::TableConfirmed.key())),
            Outcome::NeedsConfirm(list, seen) => {
                Err(NotApplied::Confirm(confirm_text(lang, &list, &seen)))
            }
            Outcome::Stale | Outcome::Occupied => {
                refused(crate::web::i18n::tr(lang, Refusal::GameStale.key()))
            }
            Outcome::Over => refused(crate::web::i18n::tr(lang, Refusal::GameOver.key())),
            Outcome::Invalid(n, errors) => {
                // A refused table option named by its label, as the pages name it.
                let why = errors
                    .into_iter()
                    .map(|e| e.named(lang, &crate::web::options::PageOptionNames).message)
                    .collect::<Vec<_>>()
                    .join("; ");
                let hand = crate::web::i18n::tr_args(
                    lang,
                    "ruling-apply-hand-refused",
                    &[("n", n.to_string()), ("why", why)],
                );
                // A ruled hand fine itself that makes a later one impossible says so first.
                refused(if n == this {
                    hand
                } else {
                    let later = crate::web::i18n::tr_args(
                        lang,
                        "entry-breaks-later",
                        &[("n", n.to_string())],
                    );
                    format!("{later} {hand}")
                })
            }
        },
    )
}

/// The later tables a correction touches (table 0 is the bye, round 0 a knockout
/// phase), named for a person: "Ronda 3 · Mesa 2".
pub(crate) fn dependent_places(lang: Lang, list: &[Place]) -> Vec<String> {
    let tr = |key: &str, n: u32| crate::web::i18n::tr_args(lang, key, &[("n", n.to_string())]);
    list.iter()
        .map(|p| match (p.round, p.table) {
            (0, t) => tr("table-n", t),
            (r, 0) => format!(
                "{} · {}",
                tr("round-n", r),
                crate::web::i18n::tr(lang, "tournament-bye")
            ),
            (r, t) => format!("{} · {}", tr("round-n", r), tr("table-n", t)),
        })
        .collect()
}

/// [`dependent_places`] in one line.
pub(crate) fn dependents_text(lang: Lang, list: &[Place]) -> String {
    dependent_places(lang, list).join(", ")
}

/// What a change that later tables depend on asks: confirm, which tables, and who
/// would have met in their rounds with the correction.
pub(crate) fn confirm_text(lang: Lang, list: &[Place], seen: &[Hindsight]) -> String {
    let mut text = format!(
        "{} {}",
        crate::web::i18n::tr(lang, "tournament-correction-confirm"),
        dependents_text(lang, list)
    );
    let lines = hindsight_lines(lang, seen);
    if !lines.is_empty() {
        text.push_str(". ");
        text.push_str(&lines.join(". "));
        text.push('.');
    }
    text
}
