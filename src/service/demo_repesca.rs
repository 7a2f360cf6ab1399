//! The demo's open of the Girona kind: twelve pairs of botifarra in three liguillas
//! of four drawn by pots, "partides a 8 donats", the winner of each liguilla straight
//! to the knockout and a repesca played among the others, except the pairs with zero
//! points, whose winner enters the knockout by its place in the overall standings;
//! played to its champion, results typed; and one of the Banyoles kind, whose repesca
//! is a triangular among the runners-up, being played. Deterministic (the lot's seed
//! is fixed, the scores follow the seeds).

use super::demo::ACTOR;
use crate::domain::refusal::Refusal;
use chrono::{NaiveDate, NaiveDateTime};

use super::championship;
use super::demo::{draw_and_publish, open_tables, type_result};
use crate::db::DbConn;
use crate::db::championship::store::ChangeError;
use crate::domain::bracket::Bracket;
use crate::domain::tournament::played::Decided;
use crate::domain::tournament::qualify::{
    GroupFill, KnockoutShape, Qualify, RepescaEntry, RepescaRule,
};
use crate::domain::tournament::{
    self, Entrant, Side, System, TablePairing, Tiebreak, TournamentFile, groups,
};
use crate::service::championship::repesca::{RepescaPlan, create_repesca};

pub const DEMO_GIRONA: &str = "Open de botifarra de Girona";
pub const DEMO_BANYOLES: &str = "Open de botifarra de Banyoles";

/// The pairs, best seed first, and their clubs.
const PAIRS: [(&str, &str); 12] = [
    ("Bosch – Camps", "Penya Botifarrera de Girona"),
    ("Costa – Dalmau", "Casino de Figueres"),
    ("Esteve – Fabregat", "Penya Botifarrera de Girona"),
    ("Gispert – Homs", "Ateneu de Banyoles"),
    ("Isern – Jordà", "Casino de Figueres"),
    ("Llach – Mir", "Ateneu de Banyoles"),
    ("Noguer – Oliveras", "Penya Botifarrera de Girona"),
    ("Pagès – Quintana", "Casal d'Olot"),
    ("Rovira – Sunyer", "Casal d'Olot"),
    ("Tarrés – Usall", "Casino de Figueres"),
    ("Vinyes – Xargay", "Ateneu de Banyoles"),
    ("Ylla – Zamora", "Casal d'Olot"),
];

/// The seed of the draw of the liguillas.
const DRAW: u64 = 417_203;

fn err(e: impl std::fmt::Display) -> ChangeError {
    let said = e.to_string();
    ChangeError::Refused(Refusal::Knockout(Box::new([
        said.clone(),
        said.clone(),
        said,
    ])))
}

/// A partida a 8 donats between seeds `a` and `b` (1 best): the better seed wins,
/// except that seed 12 beats seed 8 (so not every last pair ends on zero).
fn score(a: u32, b: u32, salt: u32) -> [u32; 2] {
    let a_wins = (a < b) != matches!((a, b), (12, 8) | (8, 12));
    let loser = 35 + (a * 7 + b * 3 + salt) % 50;
    if a_wins { [101, loser] } else { [loser, 101] }
}

/// Plays every open table of knockout `bracket` of championship `id` until it has a
/// champion: the better-placed entrant wins each match.
fn play_knockout(
    conn: &mut DbConn,
    id: i32,
    bracket: i32,
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    for pass in 0..8u32 {
        let open = open_tables(conn, id, bracket)?;
        if open.is_empty() {
            break;
        }
        let row = crate::db::brackets::find_bracket(conn, bracket)?.ok_or(ChangeError::NotFound)?;
        let b: Bracket = serde_json::from_str(&row.document).map_err(err)?;
        for t in open {
            let Some(m) = (t.table_no as usize)
                .checked_sub(1)
                .and_then(|k| b.matches().get(k))
            else {
                continue;
            };
            let [Some(x), Some(y)] = m.entrants() else {
                continue;
            };
            let s = score(x.0 + 1, y.0 + 1, pass + t.table_no as u32);
            let d = Decided {
                score: s,
                winner: Some(if s[0] > s[1] { Side::A } else { Side::B }),
            };
            championship::finalize(conn, &t, d, (false, false), (ACTOR, now))?;
        }
    }
    Ok(())
}

/// An open of the Girona kind named `name` in `club_id`, its liguillas drawn by pots
/// and played: its id.
fn liguillas_played(
    conn: &mut DbConn,
    (club_id, name): (i32, &str),
    starts_on: NaiveDate,
    now: NaiveDateTime,
    pins: &mut dyn FnMut() -> String,
) -> Result<i32, ChangeError> {
    let championship = tournament::Championship {
        starts_on: None,
        name: name.to_owned(),
        game: crate::domain::GameKind::Botifarra,
        options: serde_json::Map::new(),
        system: System::RoundRobin {
            double: false,
            groups: 3,
        },
        match_format: tournament::MatchFormat::Timed {
            target: 101,
            max_hands: 8,
            minutes: 60,
            cap: 121,
            draws: Default::default(),
        },
        points: tournament::Points::default(),
        tiebreaks: vec![
            Tiebreak::Points,
            Tiebreak::HeadToHead,
            Tiebreak::PointDifference,
            Tiebreak::PointsFor,
            Tiebreak::Lot,
        ],
        head_to_head: tournament::HeadToHead::default(),
        ties: Default::default(),
        seed: 2026,
        same_club: Default::default(),
    };
    let file = TournamentFile::new(
        championship,
        Entrant::seeded(PAIRS.map(|(name, club)| (name, Some(club)))),
    );
    let id = championship::create(conn, club_id, &file, false, starts_on, now, ACTOR, pins)?;
    // The liguillas drawn by pots, as the director's button does.
    championship::change(conn, id, ACTOR, now, |_, t| {
        groups::draw_by_lot(&mut t.file, DRAW).map_err(|e| err(format!("{e:?}")))?;
        Ok((
            (),
            championship::Audit {
                action: "draw",
                entity: "groups",
                entity_id: 0,
                before: None,
                after: Some(serde_json::json!({
                    "seed": DRAW, "groups": groups::groups(&t.file),
                })),
            },
        ))
    })?;
    for round in 1..=3u32 {
        let (pairings, _) = draw_and_publish(conn, id, (round, None), ACTOR, now, pins)?;
        type_by_seeds(conn, id, round, &pairings, now)?;
    }
    Ok(id)
}

/// Types the result of every table of round `round` of championship `id`, as the
/// entrants' seeds give it (see [`score`]).
fn type_by_seeds(
    conn: &mut DbConn,
    id: i32,
    round: u32,
    pairings: &[TablePairing],
    now: NaiveDateTime,
) -> Result<(), ChangeError> {
    for tp in pairings {
        let score = score(seed(&tp.a), seed(&tp.b), round);
        type_result(conn, id, (round, tp.table), score, ACTOR, now)?;
    }
    Ok(())
}

/// An entrant's seed from its id (the demo's ids are the seeds).
fn seed(eid: &str) -> u32 {
    eid.parse::<u32>().unwrap_or(0)
}

/// Adds the open to `club_id`; returns its id.
pub fn girona_open(
    conn: &mut DbConn,
    club_id: i32,
    starts_on: NaiveDate,
    now: NaiveDateTime,
) -> Result<i32, ChangeError> {
    let mut pins = super::demo::pins(4111, 2718);
    let id = liguillas_played(conn, (club_id, DEMO_GIRONA), starts_on, now, &mut pins)?;
    let plan = RepescaPlan {
        per_group: 1,
        rule: RepescaRule {
            min_points: crate::domain::tournament::MatchPoints::whole(1),
            worst_place: None,
        },
        places: None,
        // As its *bases* say: the winner enters by its place in the overall standings.
        entry: RepescaEntry::Standings,
    };
    for bracket in create_repesca(conn, id, "Repesca", plan, ACTOR, now, &mut pins)? {
        play_knockout(conn, id, bracket, now)?;
    }
    let last = championship::create_knockout(
        conn,
        id,
        ("Eliminatòries", false),
        Qualify::PerGroup {
            per_group: 1,
            fill: GroupFill::Played,
        },
        KnockoutShape::Single { third_place: true },
        ACTOR,
        now,
        &mut pins,
    )?;
    play_knockout(conn, id, last, now)?;
    Ok(id)
}

/// Adds to `club_id` an open of the same kind whose *bases* play the repesca as a
/// liguilla: the three runners-up of the liguillas play a triangular (todos contra
/// todos) whose winner takes the fourth place of the knockout. Its first round is
/// played, the second drawn and published at the tables. Returns its id.
pub fn banyoles_open(
    conn: &mut DbConn,
    club_id: i32,
    starts_on: NaiveDate,
    now: NaiveDateTime,
) -> Result<i32, ChangeError> {
    let mut pins = super::demo::pins(5113, 3301);
    let id = liguillas_played(conn, (club_id, DEMO_BANYOLES), starts_on, now, &mut pins)?;
    let plan = RepescaPlan {
        per_group: 1,
        rule: RepescaRule {
            min_points: crate::domain::tournament::MatchPoints::ZERO,
            worst_place: Some(2),
        },
        places: None,
        entry: RepescaEntry::Lowest,
    };
    let by = (ACTOR, now);
    let lig = championship::repesca::create_liguilla(
        conn,
        id,
        "Triangular dels segons",
        plan,
        by,
        &mut pins,
    )?;
    championship::publish_round(conn, lig, 1, ACTOR, now)?;
    let pairings = super::demo::round_pairings(conn, lig, 1)?;
    type_by_seeds(conn, lig, 1, &pairings, now)?;
    draw_and_publish(conn, lig, (2, None), ACTOR, now, &mut pins)?;
    Ok(id)
}
