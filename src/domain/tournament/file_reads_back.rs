//! A tournament file Baza writes always reads back: random championships whose
//! tables were played hand by hand, typed (a phone that died, a no-show, a forfeit),
//! overridden by the director, or corrected after later rounds were paired (by the
//! games or by a typed score), are written as the export writes them (each table's
//! partidas put beside its result by [`MatchResult::attach_games`]), as JSON text,
//! and read again with [`parse`]: the same standings, the same next round.
#![allow(clippy::unwrap_used)]

use super::draws::Draws;
use super::format::{MatchFormat, Side, check_outcome};
use super::played::{self, Partida};
use super::rng::Rng;
use super::*;
use crate::domain::cards::Suit;
use crate::domain::engine::GameKind;
use crate::domain::entry::{
    BotifarraChoice, BotifarraHand, Entered, GAME_FORMAT, GameDoc, HandDoc, HandScore, QuickHand,
    score_one, scoreboard,
};
use crate::domain::lang::Lang;
use serde_json::Map;

/// A championship as the database holds it: the document (results without games)
/// and, per table, the partidas its game holds and whether the director switched it
/// to typed results.
struct Held {
    file: TournamentFile,
    tables: Vec<HeldTable>,
}

struct HeldTable {
    round: u32,
    table: u32,
    games: Vec<GameDoc>,
    switched: bool,
}

fn drawn_championship(rng: &mut Rng) -> Championship {
    let match_format = if rng.below(2) == 0 {
        MatchFormat::Timed {
            target: 101,
            max_hands: 2 + rng.below(3) as u32,
            minutes: 55,
            cap: 121,
            draws: [Draws::Stand, Draws::ExtraHands(2), Draws::NotAllowed][rng.below(3)],
        }
    } else {
        MatchFormat::Partida { target: Some(51) }
    };
    Championship {
        starts_on: None,
        name: "Open de botifarra".into(),
        game: GameKind::Botifarra,
        options: Map::new(),
        system: System::Swiss {
            rounds: 2 + rng.below(3) as u32,
        },
        match_format,
        points: if rng.below(2) == 0 {
            Points::default()
        } else {
            Points::ONE_A_WIN
        },
        tiebreaks: vec![
            Tiebreak::Points,
            Tiebreak::Buchholz,
            Tiebreak::PointDifference,
            Tiebreak::PointsFor,
            Tiebreak::Lot,
        ],
        head_to_head: HeadToHead::default(),
        seed: rng.next_u64() % 10_000,
        same_club: SameClub::Allowed,
        ties: Ties::ALL[rng.below(3)],
    }
}

/// The points of side 0 a botifarra hand may have (the quick entry refuses the others).
fn possible_points() -> Vec<u32> {
    (0..=72)
        .filter(|&p| {
            let mut g = blank_game(&Map::new(), 0);
            g.hands.push(hand(0, p, 0));
            g.score(Lang::En).is_ok()
        })
        .collect()
}

fn hand(dealer: u8, points: u32, doubles: u8) -> HandDoc {
    HandDoc {
        dealer,
        entered: Entered::Quick(QuickHand::Botifarra(BotifarraHand {
            chooser: dealer,
            delegated: false,
            choice: BotifarraChoice::Suit(Suit::Oros),
            doubles,
            points_side0: Some(points),
            revoke_by: None,
        })),
        score: None,
    }
}

fn blank_game(options: &Map<String, serde_json::Value>, first_dealer: u8) -> GameDoc {
    GameDoc {
        format: GAME_FORMAT.into(),
        game: GameKind::Botifarra,
        players: 4,
        options: options.clone(),
        first_dealer,
        seats: vec!["A1".into(), "B1".into(), "A2".into(), "B2".into()],
        hands: Vec::new(),
        scoreboard: None,
    }
}

/// A partida being entered: its document and its hands' scores so far.
struct Entering {
    doc: GameDoc,
    scores: Vec<HandScore>,
}

impl Entering {
    fn new(championship: &Championship, at: (u32, u32)) -> Entering {
        let options = played::table_options(
            championship.game,
            &championship.options,
            &championship.match_format,
        );
        let first = played::first_dealer(championship.seed, at.0, at.1, 4);
        Entering {
            doc: blank_game(&options, first),
            scores: Vec::new(),
        }
    }

    /// The partida so far.
    fn partida(&self) -> Partida {
        let board = scoreboard(&self.doc.setup(), &self.scores);
        Partida::from_board(&board, self.scores.len())
    }

    /// One random hand more, dealt by the seat whose turn it is.
    fn add_hand(&mut self, rng: &mut Rng, points: &[u32]) {
        let setup = self.doc.setup();
        let dealer = scoreboard(&setup, &self.scores)
            .next_dealer
            .unwrap_or(self.doc.first_dealer);
        let p = points[rng.below(points.len())];
        let h = hand(dealer, p, rng.below(3) as u8);
        let s = score_one(&setup, &self.scores, dealer, &h.entered, Lang::En)
            .expect("the test's hands score");
        self.doc.hands.push(h);
        self.scores.push(s);
    }

    fn decided(&self, championship: &Championship) -> Option<played::Decided> {
        played::decide(&championship.match_format, &[self.partida()], false)
    }
}

/// A match played to its end: its partida and the result the table's firma records.
fn played_match(
    championship: &Championship,
    at: (u32, u32),
    rng: &mut Rng,
    points: &[u32],
) -> (GameDoc, MatchResult) {
    let mut g = Entering::new(championship, at);
    loop {
        g.add_hand(rng, points);
        if let Some(d) = g.decided(championship) {
            let r = MatchResult {
                score: d.score,
                winner: d.winner,
                ..MatchResult::new(at.1, 0, 0)
            };
            return (g.doc, r);
        }
        assert!(g.scores.len() < 200, "a partida ends");
    }
}

/// A match abandoned after a few hands (the phone died): a partida that decides
/// nothing, perhaps without a hand.
fn abandoned_match(
    championship: &Championship,
    at: (u32, u32),
    rng: &mut Rng,
    points: &[u32],
) -> GameDoc {
    let mut g = Entering::new(championship, at);
    for _ in 0..rng.below(4) {
        g.add_hand(rng, points);
        if g.decided(championship).is_some() {
            g.doc.hands.pop();
            g.scores.pop();
            break;
        }
    }
    g.doc
}

/// A score the director may type for the match format.
fn typed_result(championship: &Championship, table: u32, rng: &mut Rng) -> MatchResult {
    loop {
        let (a, b) = match championship.match_format {
            MatchFormat::Timed { cap, .. } => (
                rng.below(cap as usize + 1) as u32,
                rng.below(cap as usize + 1) as u32,
            ),
            _ => {
                let won = 51 + rng.below(40) as u32;
                let lost = rng.below(51) as u32;
                if rng.below(2) == 0 {
                    (won, lost)
                } else {
                    (lost, won)
                }
            }
        };
        let ev = championship;
        if check_outcome(ev.game, &ev.options, &ev.match_format, a, b, None).is_ok() {
            return MatchResult::new(table, a, b);
        }
    }
}

/// A random championship as the database would hold it after its rounds.
fn championship(seed: u64, points: &[u32]) -> Held {
    let mut rng = Rng::new(seed);
    let championship = drawn_championship(&mut rng);
    let n = 4 + rng.below(6);
    let entrants = (1..=n)
        .map(|i| Entrant::new(i.to_string(), format!("Pareja {i}")))
        .collect();
    let mut file = TournamentFile::new(championship, entrants);
    let mut tables = Vec::new();
    while let Ok(mut round) = next_round(&file) {
        let last = file.rounds.len() + 1 == planned(&file.championship);
        for p in round.pairings.clone() {
            let Pairing::Table(t) = p else { continue };
            let at = (round.number, t.table);
            let mut held = HeldTable {
                round: at.0,
                table: at.1,
                games: Vec::new(),
                switched: false,
            };
            let kind = rng.below(if last { 7 } else { 6 });
            let result = match kind {
                // Played hand by hand and signed.
                0 | 1 => {
                    let (g, r) = played_match(&file.championship, at, &mut rng, points);
                    held.games.push(g);
                    Some(r)
                }
                // The phone died: switched to typed, the partida as far as it went.
                2 => {
                    held.games
                        .push(abandoned_match(&file.championship, at, &mut rng, points));
                    held.switched = true;
                    Some(MatchResult {
                        typed: true,
                        ..typed_result(&file.championship, at.1, &mut rng)
                    })
                }
                // A no-show or a forfeit typed by the director; no hand entered.
                3 => {
                    let options = played::table_options(
                        file.championship.game,
                        &file.championship.options,
                        &file.championship.match_format,
                    );
                    held.games.push(blank_game(&options, 0));
                    Some(if rng.below(2) == 0 {
                        MatchResult {
                            forfeit: Some(if rng.below(2) == 0 { Side::A } else { Side::B }),
                            typed: true,
                            ..MatchResult::new(at.1, 0, 0)
                        }
                    } else {
                        MatchResult {
                            typed: true,
                            ..typed_result(&file.championship, at.1, &mut rng)
                        }
                    })
                }
                // Played, then overridden by the director's typed score (marked typed
                // or, as a Baza before the mark wrote it, not).
                4 | 5 => {
                    let (g, played) = played_match(&file.championship, at, &mut rng, points);
                    held.games.push(g);
                    let mut typed = typed_result(&file.championship, at.1, &mut rng);
                    while typed.score == played.score {
                        typed = typed_result(&file.championship, at.1, &mut rng);
                    }
                    typed.typed = kind == 4;
                    Some(typed)
                }
                // Still playing when the file is written.
                _ => {
                    held.games
                        .push(abandoned_match(&file.championship, at, &mut rng, points));
                    None
                }
            };
            if let Some(r) = result {
                round.results.push(r);
            }
            tables.push(held);
        }
        round.results.sort_by_key(|r| r.table);
        file.rounds.push(round);
        if file.rounds.len() >= planned(&file.championship) {
            break;
        }
    }
    // Corrections after later rounds were paired: a hand changed (the games give the
    // new result) or a typed score.
    let corrections = rng.below(3);
    for _ in 0..corrections {
        if tables.is_empty() {
            break;
        }
        let k = rng.below(tables.len());
        let (ri, table) = (tables[k].round as usize - 1, tables[k].table);
        let Some(x) = file.rounds[ri]
            .results
            .iter()
            .position(|r| r.table == table)
        else {
            continue;
        };
        if file.rounds[ri].results[x].forfeit.is_some() {
            continue;
        }
        let at = (tables[k].round, table);
        if rng.below(2) == 0 && !tables[k].switched {
            let (g, r) = played_match(&file.championship, at, &mut rng, points);
            tables[k].games = vec![g];
            file.rounds[ri].results[x] = r;
        } else {
            file.rounds[ri].results[x] = MatchResult {
                typed: true,
                ..typed_result(&file.championship, table, &mut rng)
            };
        }
    }
    Held { file, tables }
}

/// The rounds a Swiss plans.
fn planned(championship: &Championship) -> usize {
    match championship.system {
        System::Swiss { rounds } => rounds as usize,
        _ => 0,
    }
}

/// The file as the export writes it: each table's partidas beside its result (the
/// source, or a record of a typed one), or in play.
fn export(held: &Held) -> String {
    let mut file = held.file.clone();
    let championship = file.championship.clone();
    for t in &held.tables {
        let round = &mut file.rounds[t.round as usize - 1];
        match round.results.iter_mut().find(|r| r.table == t.table) {
            Some(r) => r.attach_games(&championship, t.games.clone(), t.switched),
            None if t.switched || t.games.iter().any(|g| !g.hands.is_empty()) => {
                round.in_play.push(InPlay {
                    table: t.table,
                    games: t.games.clone(),
                    typed: t.switched,
                })
            }
            None => {}
        }
    }
    serde_json::to_string(&file).expect("a file serialises")
}

#[test]
fn a_thousand_random_championships_exported_read_back_to_the_same_standings_and_next_round() {
    let points = possible_points();
    let started = std::time::Instant::now();
    let (mut typed, mut from_games, mut records, mut in_play) = (0, 0, 0, 0);
    for seed in 0..1000u64 {
        let held = championship(seed, &points);
        let text = export(&held);
        let back = parse(&text).unwrap_or_else(|e| panic!("championship {seed}: {e}\n{text}"));
        assert_eq!(
            standings(&back),
            standings(&held.file),
            "championship {seed}: the standings read back"
        );
        assert_eq!(
            next_round(&back),
            next_round(&held.file),
            "championship {seed}: the next round"
        );
        for (orig, read) in held.file.rounds.iter().zip(&back.rounds) {
            assert_eq!(orig.results.len(), read.results.len());
            for (o, r) in orig.results.iter().zip(&read.results) {
                assert_eq!((o.score, o.forfeit), (r.score, r.forfeit), "{seed}");
                assert_eq!(o.winner_or_by_score(), r.winner_or_by_score(), "{seed}");
                if o.typed || o.forfeit.is_some() {
                    assert!(r.typed, "championship {seed}: a typed result says so");
                }
                typed += usize::from(r.typed);
                from_games += usize::from(r.from_games());
                records += usize::from(r.typed && !r.games.is_empty());
            }
            in_play += read.in_play.len();
        }
    }
    // Every kind of table was met, many times.
    assert!(
        typed > 1000 && from_games > 1000 && records > 500 && in_play > 100,
        "typed {typed}, from games {from_games}, typed with a record {records}, in play {in_play}"
    );
    eprintln!(
        "1000 championships in {:?}: {typed} typed results ({records} with their games as a record), {from_games} from their games, {in_play} tables in play",
        started.elapsed()
    );
}

#[test]
fn a_typed_result_beside_games_that_give_another_score_reads_as_typed_and_old_files_keep_their_meaning()
 {
    let points = possible_points();
    let mut rng = Rng::new(7);
    let mut ev = drawn_championship(&mut rng);
    ev.match_format = MatchFormat::Partida { target: Some(51) };
    let (g, played) = played_match(&ev, (1, 1), &mut rng, &points);
    let file = |r: MatchResult| TournamentFile {
        format: FORMAT.into(),
        championship: ev.clone(),
        entrants: vec![Entrant::new("1", "Uno"), Entrant::new("2", "Dos")],
        rounds: vec![Round {
            number: 1,
            pairings: vec![Pairing::Table(TablePairing {
                table: 1,
                a: "1".into(),
                b: "2".into(),
            })],
            results: vec![r],
            in_play: Vec::new(),
        }],
        brackets: Vec::new(),
        repesca_liguilla: None,
    };
    let other = if played.score[0] > played.score[1] {
        [20, 55]
    } else {
        [55, 20]
    };
    // Typed: the score stands, the games go with it.
    let typed = MatchResult {
        typed: true,
        games: vec![g.clone()],
        ..MatchResult::new(1, other[0], other[1])
    };
    let text = serde_json::to_string(&file(typed)).unwrap();
    assert!(text.contains("\"typed\":true"), "{text}");
    let back = parse(&text).unwrap();
    assert_eq!(back.rounds[0].results[0].score, other);
    assert_eq!(back.rounds[0].results[0].games.len(), 1);
    // Without the mark (an old file), the games are the source: the score must agree.
    let old = MatchResult {
        games: vec![g.clone()],
        ..MatchResult::new(1, other[0], other[1])
    };
    let e = parse(&serde_json::to_string(&file(old)).unwrap()).unwrap_err();
    assert!(e.message.contains("is not what its games give"), "{e}");
    let old = MatchResult {
        games: vec![g.clone()],
        ..MatchResult::new(1, 0, 0)
    };
    let back = parse(&serde_json::to_string(&file(old)).unwrap()).unwrap();
    assert_eq!(back.rounds[0].results[0].score, played.score);
    assert!(!back.rounds[0].results[0].typed);
    // A typed score is checked as any typed score: 30–24 does not finish a partida to 51.
    let short = MatchResult {
        typed: true,
        games: vec![g.clone()],
        ..MatchResult::new(1, 30, 24)
    };
    assert!(parse(&serde_json::to_string(&file(short)).unwrap()).is_err());
    // A record whose hand does not score is refused, with its place.
    let mut broken = g;
    broken.hands[0] = hand(broken.hands[0].dealer, 73, 0);
    let bad = MatchResult {
        typed: true,
        games: vec![broken],
        ..MatchResult::new(1, other[0], other[1])
    };
    let e = parse(&serde_json::to_string(&file(bad)).unwrap()).unwrap_err();
    assert_eq!(e.at, "rounds[0].results[0].games[0]");
}

/// A file whose one knockout phase of four (semi-finals 1 v 4 and 2 v 3, then the
/// final) had its first semi-final played hand by hand to its end, recorded in the
/// bracket with the score its partida gives, and its second one hands into its
/// partida: the file, and the first semi-final's game.
fn knockout_file(points: &[u32]) -> (TournamentFile, GameDoc) {
    use crate::domain::bracket::{EntrantId, MatchId, single_elimination};
    let mut rng = Rng::new(11);
    let mut ev = drawn_championship(&mut rng);
    ev.match_format = MatchFormat::Partida { target: Some(51) };
    let seeds: Vec<EntrantId> = (0..4).map(EntrantId).collect();
    let mut bracket = single_elimination(&seeds, false).unwrap();
    let (semi, played) = played_match(&ev, (1001, 1), &mut rng, points);
    bracket.record_score(MatchId(0), played.score).unwrap();
    let mut second = Entering::new(&ev, (1001, 2));
    second.add_hand(&mut rng, points);
    let entrants = Entrant::numbered(["Uno", "Dos", "Tres", "Cuatro"]);
    let mut file = TournamentFile::new(ev, entrants);
    file.brackets.push(BracketPhase {
        name: "Fase final".into(),
        entrants: (1..=4).map(|i| i.to_string()).collect(),
        bracket,
        repesca: false,
        entry: Default::default(),
        tables: vec![
            PhaseTable {
                table: 1,
                games: vec![semi.clone()],
                typed: false,
            },
            PhaseTable {
                table: 2,
                games: vec![second.doc],
                typed: false,
            },
        ],
    });
    (file, semi)
}

#[test]
fn a_knockout_phase_carries_its_tables_partidas_by_table_and_reads_back_the_same() {
    let points = possible_points();
    let (file, _) = knockout_file(&points);
    let text = serde_json::to_string(&file).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let tables = doc["brackets"][0]["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 2);
    assert_eq!(tables[0]["table"], 1);
    assert_eq!(tables[0]["games"][0]["format"], GAME_FORMAT);
    assert!(
        !tables[0]["games"][0]["hands"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(tables[1]["table"], 2);
    assert!(tables[0].get("typed").is_none(), "{}", tables[0]);
    let back = parse(&text).unwrap();
    assert_eq!(back, file);
    assert_eq!(serde_json::to_string(&back).unwrap(), text);

    // A phase whose tables played no hand writes no `tables`, and reads as before.
    let mut plain = file;
    plain.brackets[0].tables.clear();
    let text = serde_json::to_string(&plain).unwrap();
    assert!(!text.contains("\"tables\""), "{text}");
    let back = parse(&text).unwrap();
    assert!(back.brackets[0].tables.is_empty());
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
}

#[test]
fn a_knockout_tables_games_that_do_not_give_the_brackets_result_are_refused_in_words_or_carried_as_typed()
 {
    use crate::domain::bracket::MatchId;
    let points = possible_points();
    let (file, semi) = knockout_file(&points);
    let refusal = |f: &TournamentFile| parse(&serde_json::to_string(f).unwrap()).unwrap_err();

    // The bracket says the other pair won the first semi-final.
    let mut swapped = file.clone();
    let b = &mut swapped.brackets[0].bracket;
    let score = b.get(MatchId(0)).unwrap().result.unwrap().score.unwrap();
    b.correct_score(MatchId(0), [score[1], score[0]]).unwrap();
    let e = refusal(&swapped);
    assert_eq!(e.at, "brackets[0].tables[0]");
    assert!(
        e.message_in(Lang::Es)
            .contains("del cuadro no es el que dan sus partidas"),
        "{e}"
    );
    assert!(e.message_in(Lang::Ca).contains("del quadre"), "{e}");

    // Written by Baza, such a table is marked typed: its games are a record.
    let ev = &swapped.championship;
    let entry = PhaseTable::of(
        ev,
        &swapped.brackets[0].bracket,
        1,
        vec![semi.clone()],
        false,
    )
    .unwrap();
    assert!(entry.typed);
    swapped.brackets[0].tables[0] = entry;
    assert!(parse(&serde_json::to_string(&swapped).unwrap()).is_ok());
    // The games as played give the result: not typed.
    let played = PhaseTable::of(ev, &file.brackets[0].bracket, 1, vec![semi.clone()], false);
    assert_eq!(played.map(|t| t.typed), Some(false));
    // A table that played no hand is not carried.
    let mut blank = semi.clone();
    blank.hands.clear();
    assert_eq!(
        PhaseTable::of(ev, &file.brackets[0].bracket, 3, vec![blank], false),
        None
    );

    // A table the bracket has no match for, the same table twice, a hand that does
    // not score.
    let mut unknown = file.clone();
    unknown.brackets[0].tables[1].table = 9;
    let e = refusal(&unknown);
    assert_eq!(e.at, "brackets[0].tables[1]");
    assert!(e.message_in(Lang::Es).contains("no tiene partido 9"), "{e}");
    let mut early = file.clone();
    early.brackets[0].tables[1].table = 3;
    let e = refusal(&early);
    assert!(
        e.message_in(Lang::Es)
            .contains("aún no tiene sus dos participantes"),
        "{e}"
    );
    let mut twice = file.clone();
    twice.brackets[0].tables[1].table = 1;
    assert!(refusal(&twice).message_in(Lang::Es).contains("dos veces"));
    let mut broken = file.clone();
    let g = &mut broken.brackets[0].tables[0].games[0];
    g.hands[0] = hand(g.hands[0].dealer, 73, 0);
    assert_eq!(refusal(&broken).at, "brackets[0].tables[0].games[0]");
    // A finished match whose games stop short of its end.
    let mut short = file;
    short.brackets[0].tables[0].games[0].hands.clear();
    assert!(
        refusal(&short)
            .message_in(Lang::Es)
            .contains("no acaban el enfrentamiento")
    );
}
