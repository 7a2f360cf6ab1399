//! `GET /buscar?q=`: one box that finds players, pairs, clubs, championships and the
//! entrants of current and recent championships, ignoring accents and case. A
//! visitor sees what is public (clubs, championships, the players a club page lists,
//! entrants as the championship's page names them); a club's organisers also find
//! its pairs and the players who no longer play.

use actix_web::web;
use askama::Template;
use serde::Deserialize;

use super::auth::Perm;
use super::visit::{HttpResult, Visit};
use super::{Ctx, db, render};
use crate::domain::names;

/// One result: what it is called, a line about it, where it leads.
pub struct Hit {
    pub name: String,
    pub detail: String,
    pub href: String,
}

#[derive(Template)]
#[template(path = "search.html")]
struct SearchPage<'a> {
    ctx: &'a Ctx,
    q: String,
    players: Vec<Hit>,
    pairs: Vec<Hit>,
    clubs: Vec<Hit>,
    championships: Vec<Hit>,
    /// The entrants of current and recent championships (a pair typed at
    /// registration is nobody of the register).
    entrants: Vec<Hit>,
}

impl SearchPage<'_> {
    /// The results by kind: (heading key, results).
    fn groups(&self) -> [(&'static str, &[Hit]); 5] {
        [
            ("search-players", &self.players),
            ("search-pairs", &self.pairs),
            ("search-clubs", &self.clubs),
            ("search-championships", &self.championships),
            ("search-entrants", &self.entrants),
        ]
    }

    fn nothing(&self) -> bool {
        self.players.is_empty()
            && self.pairs.is_empty()
            && self.clubs.is_empty()
            && self.championships.is_empty()
            && self.entrants.is_empty()
    }
}

#[derive(Deserialize)]
pub struct SearchQuery {
    #[serde(default)]
    q: String,
}

/// At most this many results of each kind.
const LIMIT: usize = 50;

fn sorted(mut hits: Vec<Hit>) -> Vec<Hit> {
    names::sort_by_name(&mut hits, |h| &h.name);
    hits.truncate(LIMIT);
    hits
}

pub async fn search(
    Visit { req, state, who }: Visit,
    query: web::Query<SearchQuery>,
) -> HttpResult {
    let ctx = Ctx::from_request(&req);
    let q: String = query.q.trim().chars().take(80).collect();
    let mut page = SearchPage {
        ctx: &ctx,
        q: q.clone(),
        players: Vec::new(),
        pairs: Vec::new(),
        clubs: Vec::new(),
        championships: Vec::new(),
        entrants: Vec::new(),
    };
    if q.is_empty() {
        return render(&page);
    }
    let (searcher, looked_for) = (who.clone(), q.clone());
    let today = super::account::now().date();
    let (clubs, championships, (players, pairs), (hidden, entrants)) = db(&state, move |conn| {
        let championships = crate::db::queries::list_championships(conn)?;
        let entrants = super::championship::entrants_found(
            conn,
            &searcher,
            &championships,
            &looked_for,
            today,
        )?;
        Ok((
            crate::db::queries::list_clubs(conn)?,
            championships,
            crate::db::people::everyone(conn)?,
            (crate::db::register::Hidden::load(conn)?, entrants),
        ))
    })
    .await?;
    let club_names: std::collections::HashMap<i32, &str> =
        clubs.iter().map(|c| (c.id, c.name.as_str())).collect();
    let club_name = |id: i32| club_names.get(&id).copied().unwrap_or_default().to_owned();
    let manages = |club: i32| who.allows(Perm::ManageClub(club));
    // A person shown by name and initial is found (and shown) so by visitors.
    let shown = |p: &crate::db::queries::Player| match manages(p.club_id) {
        true => p.name.clone(),
        false => hidden.spelling(p.person_id, &p.name),
    };
    page.players = sorted(
        players
            .iter()
            .filter(|p| names::matches(&shown(p), &q))
            .filter(|p| p.retired_at.is_none() || manages(p.club_id))
            .map(|p| Hit {
                name: shown(p),
                detail: if p.retired_at.is_some() {
                    format!("{} · {}", club_name(p.club_id), ctx.t("people-retired"))
                } else {
                    club_name(p.club_id)
                },
                href: if manages(p.club_id) {
                    format!("/clubes/{}/jugadores/{}/editar", p.club_id, p.id)
                } else {
                    super::people::Kind::Player.list_of(p.club_id)
                },
            })
            .collect(),
    );
    // A pair is found by its name and its players' names, each word in any of them.
    let player_names: std::collections::HashMap<i32, &str> =
        players.iter().map(|p| (p.id, p.name.as_str())).collect();
    let pair_names = |p: &crate::db::queries::Pair| -> Vec<String> {
        let players = [p.player1_id, p.player2_id]
            .into_iter()
            .filter_map(|id| player_names.get(&id).map(|n| (*n).to_owned()));
        std::iter::once(p.name.clone()).chain(players).collect()
    };
    page.pairs = sorted(
        pairs
            .iter()
            .filter(|p| {
                manages(p.club_id)
                    && names::matches_any(pair_names(p).iter().map(String::as_str), &q)
            })
            .map(|p| Hit {
                name: p.name.clone(),
                detail: club_name(p.club_id),
                href: format!("/clubes/{}/parejas/{}/editar", p.club_id, p.id),
            })
            .collect(),
    );
    page.clubs = sorted(
        clubs
            .iter()
            .filter(|c| names::matches(&c.name, &q) || names::matches(&c.town, &q))
            .map(|c| Hit {
                name: c.name.clone(),
                detail: c.town.clone(),
                href: format!("/clubes/{}", c.id),
            })
            .collect(),
    );
    page.championships = sorted(
        championships
            .iter()
            .filter(|e| names::matches(&e.name, &q))
            .map(|e| Hit {
                name: e.name.clone(),
                detail: format!(
                    "{} · {}",
                    club_name(e.club_id),
                    ctx.t(&format!("status-{}", e.status))
                ),
                href: format!("/campeonatos/{}", e.id),
            })
            .collect(),
    );
    page.entrants = sorted(
        entrants
            .into_iter()
            .map(|e| {
                let c = &e.championship;
                let mut detail = format!("{} · {}", c.name, club_name(c.club_id));
                if e.seated {
                    detail = format!("{detail} · {}", ctx.t("search-entrant-table"));
                }
                Hit {
                    href: match e.seated {
                        true => format!(
                            "/campeonatos/{}?mesa={}#mesa",
                            c.id,
                            super::percent_encode(&e.name)
                        ),
                        false => format!("/campeonatos/{}", c.id),
                    },
                    name: e.name,
                    detail,
                }
            })
            .collect(),
    );
    render(&page)
}
