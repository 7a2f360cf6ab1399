//! Ratings from history: every confirmed championship match (the results in each
//! championship's file) and every finished club game, grouped into rating periods (a
//! championship round, a club day) and replayed by the pure Glicko-2 engine
//! ([`crate::domain::rating`]). Computed on demand from the stored history, never
//! stored: a corrected result moves every later rating at once, and the web and
//! `baza ratings recompute` print the same numbers.
//!
//! Ratings are per person, across clubs, and per game: each game's periods are
//! replayed alone, so a person has a rating in each game she has played (a
//! newcomer's in the others). A championship entrant is the people it
//! names (by code or licence), or else a pair of the organising club with its name,
//! or the players its name lists ("Ana y Benito"); a club game's seats are the names
//! of players of that club, each the membership of a person. Names that match no one
//! are not rated.

use crate::domain::status::GameStatus;
use std::collections::BTreeMap;

use chrono::NaiveDate;
use diesel::prelude::*;

use super::DbConn;
use super::schema::{championship_documents, championships, games, pairs, people, players};
use crate::domain::GameKind;
use crate::domain::rated::{self, Tally};
use crate::domain::rating::{self, Config, History, Period, Played, PlayerId};
use crate::domain::tournament::{self, TournamentFile};

/// A person as the ratings see her (ratings are per person, across clubs).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerInfo {
    /// The person's id.
    pub id: PlayerId,
    /// The club she plays for now (her latest membership), if any.
    pub club_id: Option<i32>,
    /// Her name as public pages show it.
    pub name: String,
}

/// A stored pair, with the people of its two players.
#[derive(Debug, Clone, PartialEq)]
pub struct PairInfo {
    pub id: i32,
    pub club_id: i32,
    pub name: String,
    pub players: [PlayerId; 2],
}

/// What a rating period was.
#[derive(Debug, Clone, PartialEq)]
pub enum PeriodKind {
    /// A round of a championship.
    Round {
        championship_id: i32,
        championship: String,
        round: u32,
    },
    /// The finished club games of one club on one day.
    ClubDay { club_id: i32 },
}

#[derive(Debug, Clone, PartialEq)]
pub struct PeriodInfo {
    pub date: NaiveDate,
    /// The game played in it (a club day of two games is two periods).
    pub game: GameKind,
    pub kind: PeriodKind,
}

/// One entrant of a championship with the people behind it and its final place.
#[derive(Debug, Clone, PartialEq)]
pub struct ChampionshipEntry {
    pub championship_id: i32,
    pub championship: String,
    pub date: NaiveDate,
    pub entrant: String,
    pub players: Vec<PlayerId>,
    pub place: u32,
    pub of: u32,
}

/// One finished club game.
#[derive(Debug, Clone, PartialEq)]
pub struct ClubGame {
    pub id: i32,
    pub club_id: i32,
    pub date: NaiveDate,
    pub game: GameKind,
    /// The people of each side (one per side in individual games).
    pub sides: Vec<Vec<PlayerId>>,
    pub winner: Option<usize>,
}

/// The whole rated history.
#[derive(Debug, Clone)]
pub struct Ratings {
    pub config: Config,
    pub players: BTreeMap<PlayerId, PlayerInfo>,
    pub pairs: Vec<PairInfo>,
    pub names: Names,
    /// Every period of every game, in the order they were replayed.
    pub periods: Vec<PeriodInfo>,
    /// The games of each period, as rated.
    pub played: Vec<Vec<Played>>,
    /// Each game's history (its points name periods of `periods`).
    pub histories: BTreeMap<GameKind, History>,
    pub championships: Vec<ChampionshipEntry>,
    pub club_games: Vec<ClubGame>,
}

/// How records name people, to the people they are: a club's players and pairs by
/// name (folded to lower case), and a championship entrant's people by code or
/// licence. Every id is a live person (a merged record leads to the one it went into).
#[derive(Debug, Default, Clone)]
pub struct Names {
    players: BTreeMap<(i32, String), PlayerId>,
    pairs: BTreeMap<(i32, String), Vec<PlayerId>>,
    codes: BTreeMap<String, PlayerId>,
    licences: BTreeMap<String, PlayerId>,
}

fn fold(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A person: (id, code, name, licence, initials only, merged into).
type PersonRow = (i32, String, String, Option<String>, i32, Option<i32>);
/// A membership: (player id, club, name, person, joined, left).
type MemberRow = (i32, i32, String, i32, Option<NaiveDate>, Option<NaiveDate>);

/// The register as the ratings read it.
struct Register {
    /// Every person: (id, code, name, licence, initials only, merged into).
    people: Vec<PersonRow>,
    /// Every membership: (player id, club, name, person, joined, left).
    members: Vec<MemberRow>,
    /// Person id → the live person it is now.
    live: BTreeMap<i32, i32>,
}

fn load_register(conn: &mut DbConn) -> QueryResult<Register> {
    let people: Vec<PersonRow> = people::table
        .select((
            people::id,
            people::code,
            people::name,
            people::licence,
            people::initials_only,
            people::merged_into,
        ))
        .order(people::id)
        .load(conn)?;
    let members = players::table
        .select((
            players::id,
            players::club_id,
            players::name,
            players::person_id,
            players::joined_on,
            players::left_on,
        ))
        .order((players::joined_on, players::id))
        .load(conn)?;
    let merged: BTreeMap<i32, i32> = people
        .iter()
        .filter_map(|p| p.5.map(|into| (p.0, into)))
        .collect();
    let live = people
        .iter()
        .map(|p| {
            let mut at = p.0;
            for _ in 0..16 {
                match merged.get(&at) {
                    Some(next) => at = *next,
                    None => break,
                }
            }
            (p.0, at)
        })
        .collect();
    Ok(Register {
        people,
        members,
        live,
    })
}

impl Register {
    fn live(&self, id: i32) -> PlayerId {
        self.live.get(&id).copied().unwrap_or(id)
    }

    fn names(&self, pairs: &[PairInfo]) -> Names {
        let mut names = Names::default();
        for (_, club, name, person, _, _) in &self.members {
            names
                .players
                .insert((*club, fold(name)), self.live(*person));
        }
        for p in pairs {
            names
                .pairs
                .insert((p.club_id, fold(&p.name)), p.players.to_vec());
        }
        for (id, code, _, licence, _, _) in &self.people {
            let live = self.live(*id);
            names.codes.insert(code.clone(), live);
            if let Some(l) = licence {
                names.licences.insert(l.clone(), live);
            }
        }
        names
    }

    fn players(&self) -> BTreeMap<PlayerId, PlayerInfo> {
        // Her club: the latest membership still running, else the latest one.
        let mut club: BTreeMap<i32, (bool, i32)> = BTreeMap::new();
        for (_, c, _, person, _, left) in &self.members {
            let current = left.is_none();
            let entry = club.entry(self.live(*person)).or_insert((current, *c));
            if current || !entry.0 {
                *entry = (current, *c);
            }
        }
        self.people
            .iter()
            .filter(|p| p.5.is_none())
            .map(|(id, _, name, _, initials, _)| {
                let name = if *initials != 0 {
                    crate::domain::names::initials(name)
                } else {
                    name.clone()
                };
                let info = PlayerInfo {
                    id: *id,
                    club_id: club.get(id).map(|c| c.1),
                    name,
                };
                (*id, info)
            })
            .collect()
    }
}

impl Names {
    /// Loads the register and the pairs: the names, the people and the pairs.
    pub fn load(
        conn: &mut DbConn,
    ) -> QueryResult<(Names, BTreeMap<PlayerId, PlayerInfo>, Vec<PairInfo>)> {
        let register = load_register(conn)?;
        let pairs = load_pairs_with(conn, &register)?;
        Ok((register.names(&pairs), register.players(), pairs))
    }

    pub fn player(&self, club: i32, name: &str) -> Option<PlayerId> {
        self.players.get(&(club, fold(name))).copied()
    }

    /// The person a file's key or licence names.
    pub fn person(&self, key: Option<&str>, licence: Option<&str>) -> Option<PlayerId> {
        key.and_then(|k| self.codes.get(k))
            .or_else(|| {
                licence.and_then(|l| self.licences.get(&crate::domain::register::licence_key(l)))
            })
            .copied()
    }

    /// The people behind an entrant of a championship of `club`: the people it names
    /// (by key or licence), or else as its name says ([`Names::entrant`]).
    pub fn entrant_of(&self, club: i32, e: &tournament::Entrant) -> Option<Vec<PlayerId>> {
        if !e.people.is_empty() {
            let ids: Option<Vec<PlayerId>> = e
                .people
                .iter()
                .map(|p| self.person(p.key.as_deref(), p.licence.as_deref()))
                .collect();
            if ids.is_some() {
                return ids;
            }
        }
        self.entrant(club, &e.name)
    }

    /// The people behind an entrant named `name` of `club`: a pair with that name, a
    /// player with that name, or every player its name lists ("Ana y Benito",
    /// "Ana i Benito", "Ana / Benito", "Ana - Benito").
    pub fn entrant(&self, club: i32, name: &str) -> Option<Vec<PlayerId>> {
        if let Some(p) = self.pairs.get(&(club, fold(name))) {
            return Some(p.clone());
        }
        if let Some(p) = self.player(club, name) {
            return Some(vec![p]);
        }
        let folded = fold(name);
        for sep in [" y ", " i ", " and ", " / ", " - ", " – ", " & ", ", "] {
            let parts: Vec<&str> = folded.split(sep).collect();
            if parts.len() > 1 {
                let ids: Option<Vec<PlayerId>> =
                    parts.iter().map(|n| self.player(club, n)).collect();
                if ids.is_some() {
                    return ids;
                }
            }
        }
        None
    }
}

/// Every person not merged away, by id.
pub fn load_players(conn: &mut DbConn) -> QueryResult<BTreeMap<PlayerId, PlayerInfo>> {
    Ok(load_register(conn)?.players())
}

pub fn load_pairs(conn: &mut DbConn) -> QueryResult<Vec<PairInfo>> {
    let register = load_register(conn)?;
    load_pairs_with(conn, &register)
}

fn load_pairs_with(conn: &mut DbConn, register: &Register) -> QueryResult<Vec<PairInfo>> {
    let person: BTreeMap<i32, i32> = register
        .members
        .iter()
        .map(|m| (m.0, register.live(m.3)))
        .collect();
    let rows: Vec<(i32, i32, String, i32, i32)> = pairs::table
        .select((
            pairs::id,
            pairs::club_id,
            pairs::name,
            pairs::player1_id,
            pairs::player2_id,
        ))
        .order(pairs::id)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, club_id, name, a, b)| PairInfo {
            id,
            club_id,
            name,
            players: [
                person.get(&a).copied().unwrap_or(a),
                person.get(&b).copied().unwrap_or(b),
            ],
        })
        .collect())
}

/// A stored championship: championship id, club, name, date and its file.
pub type StoredChampionship = (i32, i32, String, NaiveDate, TournamentFile);

/// A period while the history is gathered: its sort key (date, championship rounds
/// before club days, championship or club, round or game), what it was and its games.
type Gathered = ((NaiveDate, u8, i32, u32), PeriodInfo, Vec<Played>);

/// Every championship, oldest first.
pub fn load_championships(conn: &mut DbConn) -> QueryResult<Vec<StoredChampionship>> {
    load_stored(conn, false)
}

/// Every championship, oldest first, as the public reads its standings: its
/// published rounds only (see [`TournamentFile::published_only`]).
pub fn load_published_championships(conn: &mut DbConn) -> QueryResult<Vec<StoredChampionship>> {
    load_stored(conn, true)
}

fn load_stored(conn: &mut DbConn, published: bool) -> QueryResult<Vec<StoredChampionship>> {
    let rows: Vec<(i32, i32, String, NaiveDate, String, i32)> = championship_documents::table
        .inner_join(championships::table)
        .filter(championships::deleted_at.is_null())
        .select((
            championships::id,
            championships::club_id,
            championships::name,
            championships::starts_on,
            championship_documents::document,
            championship_documents::published_round,
        ))
        .order((championships::starts_on, championships::id))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, club, name, date, doc, round)| {
            serde_json::from_str::<TournamentFile>(&doc)
                .ok()
                .map(|mut f| {
                    if published {
                        f.published_only(round.max(0) as u32);
                    }
                    (id, club, name, date, f)
                })
        })
        .collect())
}

/// The entrants of a championship with their players and final places.
pub fn championship_entries(
    names: &Names,
    championship_id: i32,
    club: i32,
    championship: &str,
    date: NaiveDate,
    file: &TournamentFile,
) -> Vec<ChampionshipEntry> {
    let rows = tournament::standings(file);
    let of = u32::try_from(rows.len()).unwrap_or(u32::MAX);
    rows.iter()
        .filter_map(|row| {
            let entrant = file.entrants.iter().find(|e| e.id == row.id)?;
            names
                .entrant_of(club, entrant)
                .map(|players| ChampionshipEntry {
                    championship_id,
                    championship: championship.to_string(),
                    date,
                    entrant: row.name.clone(),
                    players,
                    // Pairs ex aequo share their place.
                    place: row.place,
                    of,
                })
        })
        .collect()
}

/// Loads the whole history and replays it with `config`. A championship counts as
/// the public reads it: its published rounds only, so a result typed before its
/// round is published reaches no rating, history or ranking until it is.
pub fn compute(conn: &mut DbConn, config: Config) -> QueryResult<Ratings> {
    let (names, players, pairs) = Names::load(conn)?;
    let mut periods: Vec<Gathered> = Vec::new();
    let mut championships = Vec::new();
    for (championship_id, club, championship, date, file) in load_published_championships(conn)? {
        let ids: BTreeMap<&str, Vec<PlayerId>> = file
            .entrants
            .iter()
            .filter_map(|e| names.entrant_of(club, e).map(|p| (e.id.as_str(), p)))
            .collect();
        let game = file.championship.game;
        for (round, played) in rated::championship_rounds(&file, &ids) {
            periods.push((
                (date, 0, championship_id, round),
                PeriodInfo {
                    date,
                    game,
                    kind: PeriodKind::Round {
                        championship_id,
                        championship: championship.clone(),
                        round,
                    },
                },
                played,
            ));
        }
        championships.extend(championship_entries(
            &names,
            championship_id,
            club,
            &championship,
            date,
            &file,
        ));
    }
    let club_games = load_club_games(conn, &names)?;
    let mut days: BTreeMap<(NaiveDate, i32, GameKind), Vec<Played>> = BTreeMap::new();
    for g in &club_games {
        let Some(winner) = g.winner else { continue };
        let played = rated::club_game(&g.sides, winner);
        days.entry((g.date, g.club_id, g.game))
            .or_default()
            .push(played);
    }
    let mut day_games = 0;
    for ((date, club_id, game), played) in days {
        day_games += 1;
        periods.push((
            (date, 1, club_id, day_games),
            PeriodInfo {
                date,
                game,
                kind: PeriodKind::ClubDay { club_id },
            },
            played,
        ));
    }
    periods.sort_by_key(|p| p.0);
    let domain: Vec<(GameKind, Period)> = periods
        .iter()
        .enumerate()
        .map(|(i, (_, info, played))| {
            let period = Period {
                label: i.to_string(),
                games: played.clone(),
            };
            (info.game, period)
        })
        .collect();
    let histories = rated::histories(&domain, &config);
    Ok(Ratings {
        config,
        players,
        pairs,
        names,
        periods: periods.iter().map(|(_, info, _)| info.clone()).collect(),
        played: periods.into_iter().map(|(_, _, p)| p).collect(),
        histories,
        championships,
        club_games,
    })
}

/// The finished club games whose every seat is a player of the club, oldest first.
fn load_club_games(conn: &mut DbConn, names: &Names) -> QueryResult<Vec<ClubGame>> {
    let rows: Vec<super::games::Game> = games::table
        .filter(games::status.eq(GameStatus::Finished.as_str()))
        .select(super::games::Game::as_select())
        .order((games::updated_at, games::id))
        .load(conn)?;
    let mut out = Vec::new();
    for g in rows {
        let Ok(kind) = g.game.parse::<GameKind>() else {
            continue;
        };
        let seats: Vec<String> = serde_json::from_str(&g.seats).unwrap_or_default();
        let ids: Option<Vec<PlayerId>> = seats.iter().map(|s| names.player(g.club_id, s)).collect();
        let Some(ids) = ids else { continue };
        let options: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&g.options).unwrap_or_default();
        let n = u8::try_from(g.players).unwrap_or(0);
        let seating = kind.seating_of(n, &options);
        let mut sides = vec![Vec::new(); usize::from(seating.sides())];
        for (seat, id) in ids.iter().enumerate() {
            let side = usize::from(seating.side_of(u8::try_from(seat).unwrap_or(0)));
            if let Some(s) = sides.get_mut(side) {
                s.push(*id);
            }
        }
        out.push(ClubGame {
            id: g.id,
            club_id: g.club_id,
            date: g.updated_at.date(),
            game: kind,
            sides,
            winner: g.winner.and_then(|w| usize::try_from(w).ok()),
        });
    }
    Ok(out)
}

impl Ratings {
    /// The history of `game` (`None`: nobody is rated in it).
    pub fn history(&self, game: GameKind) -> Option<&History> {
        self.histories.get(&game)
    }

    /// The games someone is rated in, in the games' order.
    pub fn games(&self) -> Vec<GameKind> {
        self.histories
            .iter()
            .filter(|(_, h)| !h.current.is_empty())
            .map(|(g, _)| *g)
            .collect()
    }

    /// A player's current rating in `game` (a newcomer's if never rated in it).
    pub fn of(&self, game: GameKind, player: PlayerId) -> rating::Rating {
        self.history(game)
            .map_or(self.config.initial, |h| h.rating_of(player, &self.config))
    }

    /// The seeding rating in `game` of an entrant of `players`: the mean of their
    /// ratings in that game (a newcomer's if it names no one).
    pub fn entrant_rating(&self, game: GameKind, players: &[PlayerId]) -> rating::Rating {
        match self.history(game) {
            Some(h) if !players.is_empty() => rating::pair_rating(h, players, &self.config),
            _ => self.config.initial,
        }
    }

    /// The games (pairwise results for individual games) `player` was rated on in
    /// `game`.
    pub fn games_rated(&self, game: GameKind, player: PlayerId) -> u32 {
        self.history(game)
            .and_then(|h| h.points.get(&player))
            .map_or(0, |l| l.iter().map(|p| p.games).sum())
    }

    /// The periods of `game`.
    pub fn periods_of(&self, game: GameKind) -> usize {
        self.periods.iter().filter(|p| p.game == game).count()
    }

    /// Players with a rating in `game`, best first: (player, rating, games rated).
    pub fn table(&self, game: GameKind) -> Vec<(&PlayerInfo, rating::Rating, u32)> {
        let Some(history) = self.history(game) else {
            return Vec::new();
        };
        let mut rows: Vec<_> = history
            .current
            .iter()
            .filter_map(|(id, r)| {
                let games = history.points.get(id)?.iter().map(|p| p.games).sum();
                Some((self.players.get(id)?, *r, games))
            })
            .collect();
        rows.sort_by(|a, b| {
            b.1.rating
                .total_cmp(&a.1.rating)
                .then_with(|| a.0.name.cmp(&b.0.name))
        });
        rows
    }

    /// Every rated game with the game it was of, in the order they were replayed.
    fn played_by_game(&self) -> impl Iterator<Item = (GameKind, &Played)> {
        self.periods
            .iter()
            .zip(&self.played)
            .flat_map(|(period, list)| list.iter().map(move |g| (period.game, g)))
    }

    /// Wins, draws and losses of `player` against `other`, in each game they met in.
    pub fn head_to_head(&self, player: PlayerId, other: PlayerId) -> BTreeMap<GameKind, Tally> {
        rated::head_to_head(self.played_by_game(), |g| {
            rating::score_between(g, player, other)
        })
    }

    /// Wins, draws and losses of the side of players `side` against the side of
    /// players `other` (a pair against a pair), in each game they met in.
    pub fn sides_head_to_head(
        &self,
        side: &[PlayerId],
        other: &[PlayerId],
    ) -> BTreeMap<GameKind, Tally> {
        rated::head_to_head(self.played_by_game(), |g| {
            rated::score_between_sides(g, side, other)
        })
    }

    /// The games `player` was rated on and the periods she played, in each game
    /// she has a history in, in the games' order.
    pub fn rated_in(&self, player: PlayerId) -> Vec<(GameKind, u32, usize)> {
        self.histories
            .iter()
            .filter_map(|(game, h)| {
                let list = h.points.get(&player)?;
                Some((*game, list.iter().map(|p| p.games).sum(), list.len()))
            })
            .collect()
    }
}
