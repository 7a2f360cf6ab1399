//! "Busca tu mesa" on a championship's public page: a name typed in part answers
//! with that entrant's table in the latest published round ("Mesa 4: Sierra – Lanau
//! contra Campo – Buil"), its bye or its rest. A GET form (`?mesa=`) answered by the
//! server; `find_table.js` asks the same page as one types.

use super::*;
use crate::domain::tournament::seat::{self, Place};
use crate::web::i18n::tr_args;

/// The page's query: the name looked for.
#[derive(Deserialize, Default)]
pub struct FindQuery {
    #[serde(default)]
    pub mesa: Option<String>,
}

impl FindQuery {
    /// The name looked for, trimmed and cut to 80 characters; `None` when blank.
    pub fn name(&self) -> Option<String> {
        let q: String = self.mesa.as_deref()?.trim().chars().take(80).collect();
        (!q.is_empty()).then_some(q)
    }
}

/// One entrant found, in words, with its table's page when the table has one.
pub struct SeatLine {
    pub text: String,
    pub href: Option<String>,
}

/// The answer to a name looked for.
pub struct FindAnswer {
    pub q: String,
    /// "Ronda 3".
    pub round: String,
    pub lines: Vec<SeatLine>,
    /// In words, when nobody is found (or no round is published).
    pub nothing: Option<String>,
}

/// The answer to `q` in `round` (the latest published round as the page shows it,
/// names as the visitor reads them) of `t`; where there is no round to look in, the
/// message id saying why.
pub(super) fn answer(
    ctx: &Ctx,
    t: &Tournament,
    round: Result<&RoundView, &'static str>,
    q: String,
) -> FindAnswer {
    let round = match round {
        Ok(round) => round,
        Err(why) => {
            return FindAnswer {
                nothing: Some(ctx.t(why)),
                round: String::new(),
                lines: Vec::new(),
                q,
            };
        }
    };
    let name = |id: &str| {
        t.file
            .entrants
            .iter()
            .find(|e| e.id == id)
            .map_or_else(|| id.to_owned(), |e| e.name.clone())
    };
    let args = |pair: String, more: &[(&'static str, String)]| {
        let mut all = vec![("pair", pair)];
        all.extend_from_slice(more);
        all
    };
    let lines: Vec<SeatLine> = seat::find(&t.file, round.number, &q)
        .into_iter()
        .map(|found| {
            let pair = name(&found.entrant);
            match found.place {
                Place::Table { table, rival } => {
                    let line = round.tables.iter().find(|l| l.table == table);
                    let rival = ("rival", name(&rival));
                    let (key, more) = match line.and_then(|l| l.physical) {
                        Some(n) => ("find-table-at", vec![rival, ("table", n.to_string())]),
                        None => ("find-table-queued", vec![rival]),
                    };
                    SeatLine {
                        text: tr_args(ctx.lang, key, &args(pair, &more)),
                        // A table has its page once it is stored (with its PINs).
                        href: line.filter(|l| !l.pin.is_empty()).map(|l| l.url.clone()),
                    }
                }
                Place::Bye => SeatLine {
                    text: tr_args(ctx.lang, "find-table-bye", &args(pair, &[])),
                    href: None,
                },
                Place::Rest => SeatLine {
                    text: tr_args(ctx.lang, "find-table-rest", &args(pair, &[])),
                    href: None,
                },
                Place::Out => SeatLine {
                    text: tr_args(ctx.lang, "find-table-out", &args(pair, &[])),
                    href: None,
                },
            }
        })
        .collect();
    FindAnswer {
        nothing: lines
            .is_empty()
            .then(|| ctx.t1("find-table-nobody", "q", &q)),
        round: ctx.t1("round-n", "n", &round.number),
        lines,
        q,
    }
}

/// The answer to `q` in knockout phase `phase` (its tables as the page shows them,
/// names as the visitor reads them): each entrant found at its latest table of the
/// phase, or said not to play it.
pub(super) fn answer_phase(
    ctx: &Ctx,
    t: &Tournament,
    phase: &super::director::PhaseView,
    q: String,
) -> FindAnswer {
    let lines: Vec<SeatLine> = seat::matching(&t.file, &q)
        .map(|e| {
            let pair = e.name.clone();
            let Some(l) = phase
                .tables
                .iter()
                .rev()
                .find(|l| l.a == pair || l.b == pair)
            else {
                let args = [("pair", pair), ("phase", phase.name.clone())];
                return SeatLine {
                    text: tr_args(ctx.lang, "find-table-not-in-phase", &args),
                    href: None,
                };
            };
            let rival = if l.a == pair { &l.b } else { &l.a };
            let stage = l.stage.clone().unwrap_or_else(|| phase.name.clone());
            let mut args = vec![("pair", pair), ("rival", rival.clone()), ("stage", stage)];
            let key = match l.physical {
                Some(n) => {
                    args.push(("table", n.to_string()));
                    "find-table-stage-at"
                }
                None => "find-table-stage-queued",
            };
            SeatLine {
                text: tr_args(ctx.lang, key, &args),
                href: Some(l.url.clone()),
            }
        })
        .collect();
    FindAnswer {
        nothing: lines
            .is_empty()
            .then(|| ctx.t1("find-table-nobody", "q", &q)),
        round: phase.name.clone(),
        lines,
        q,
    }
}

/// An entrant of a current or recent championship, found by the site search.
pub struct EntrantFound {
    /// Its name as the searcher reads it.
    pub name: String,
    pub championship: queries::Championship,
    /// Whether its championship is being played with a round published: the
    /// result leads to the entrant's table.
    pub seated: bool,
}

/// How many days after it started a finished championship's entrants are found.
const RECENT_DAYS: i64 = 31;
/// At most this many championships are looked in (the current ones first).
const LOOKED_IN: usize = 30;

/// Whether a championship's entrants are still found by the site search on `today`:
/// while it takes entries or is played, and for a month after it started once done.
fn current_or_recent(c: &queries::Championship, today: chrono::NaiveDate) -> bool {
    use crate::domain::status::ChampionshipStatus as S;
    match c.status {
        S::Registration | S::Running => true,
        S::Finished => (today - c.starts_on).num_days() <= RECENT_DAYS,
    }
}

/// The entrants of the current and recent `championships` (see [`current_or_recent`])
/// whose names match `q`, as `who` reads them (people shown by name and initial so,
/// unless she directs the championship).
pub fn entrants_found(
    conn: &mut DbConn,
    who: &Principal,
    championships: &[queries::Championship],
    q: &str,
    today: chrono::NaiveDate,
) -> Result<Vec<EntrantFound>, AppError> {
    let hidden = crate::db::register::Hidden::load(conn)?;
    let names = match hidden.is_empty() {
        true => None,
        false => Some(crate::db::ratings::Names::load(conn)?.0),
    };
    let mut out = Vec::new();
    let looked_in = championships
        .iter()
        .filter(|c| current_or_recent(c, today))
        .take(LOOKED_IN);
    for c in looked_in {
        let Some(mut t) = store::load(conn, c.id)? else {
            continue;
        };
        if let Some(names) = names
            .as_ref()
            .filter(|_| !who.allows(Perm::ManageClub(c.club_id)))
        {
            let masks =
                crate::web::register::entrant_masks_with(&hidden, names, c.club_id, &t.file);
            crate::web::register::mask_entrants(&mut t.file, &masks);
        }
        let seated =
            c.status == crate::domain::status::ChampionshipStatus::Running && t.published_round > 0;
        out.extend(seat::matching(&t.file, q).map(|e| EntrantFound {
            name: e.name.clone(),
            championship: c.clone(),
            seated,
        }));
    }
    Ok(out)
}
