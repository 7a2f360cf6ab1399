//! A sixth game written here and nowhere in `src/`: *carta mayor*, a small trick game
//! for two. Its play, its `Rules` and its messages are this file; registered with
//! `games::register` and offered by the server through `WebOptions::added_games`, a
//! championship of it is made from the form's defaults, a round is paired and a hand
//! is entered at a table through the table's PIN and the game's hand form.
//!
//! The game: two players, the forty-card deck, twenty cards each, no stock and no
//! trumps. The seat after the dealer leads the first trick; the other must follow suit
//! when able; the highest card of the suit led takes the trick (as, tres, rey, caballo,
//! sota, 7, 6, 5, 4, 2) and its winner leads the next. Cards count as in brisca (as 11,
//! tres 10, rey 4, caballo 3, sota 2: 120 in all); the side with more card points wins
//! the hand (one point), and the first to two hands wins the partida. A card played out
//! of turn, not held, or against the suit led loses the hand.

use reqwest::StatusCode;
use scraper::Html;

use crate::from_scratch::{
    defaults_for, id_of, new_championship, open_table, register_and_pair, slip_halves,
};
use crate::helpers::{TestApp, attr, post_form_as, texts};
use baza::domain::cards::{Card, CardSet, Deck, Rank, Suit};
use baza::domain::games::rules::{QuickEntry, Rules, leader};
use baza::domain::games::{register, rules_of};
use baza::domain::kind::{AddedGame, GameFacts, GameKind};
use baza::domain::lang::Lang;
use baza::domain::options::{OptionSpec, TableOptions};
use baza::domain::record::{
    Action, CardSlot, DealSpec, Event, HandRecord, Move, TurnedRule, validate_deal,
};
use baza::domain::rng::SplitMix64;
use baza::domain::ruling::{RULING_FORMAT, RuleId, Ruling, Score, TrickRecord, Violation};

/// The sixth game, by its slug.
const CARTA_MAYOR: GameKind = GameKind::Added(AddedGame("cartamayor"));

/// Its plain facts: two players, each alone.
const FACTS: GameFacts = GameFacts {
    slug: "cartamayor",
    name: "carta mayor",
    players: &[2],
    pairs_at: &[],
};

/// Hands to win a partida.
const TARGET: u32 = 2;

/// The game's rules and play.
struct CartaMayor;

/// A card's strength in the suit led (higher takes).
fn strength(c: Card) -> u8 {
    match c.rank() {
        Rank::As => 10,
        Rank::Three => 9,
        Rank::Rey => 8,
        Rank::Caballo => 7,
        Rank::Sota => 6,
        other => other.number(),
    }
}

/// A card's points.
fn points(c: Card) -> i64 {
    match c.rank() {
        Rank::As => 11,
        Rank::Three => 10,
        Rank::Rey => 4,
        Rank::Caballo => 3,
        Rank::Sota => 2,
        _ => 0,
    }
}

/// What went wrong in a hand, in the game's own words.
enum Wrong {
    Turn(u8),
    NotHeld(Card),
    Follow(Suit),
    NotAPlay,
}

impl Wrong {
    fn rule(&self) -> RuleId {
        match self {
            Wrong::Turn(_) => RuleId::OutOfTurn,
            Wrong::NotHeld(_) => RuleId::CardNotInHand,
            Wrong::Follow(_) => RuleId::MustFollowSuit,
            Wrong::NotAPlay => RuleId::UnknownEvent,
        }
    }

    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (Wrong::Turn(s), Lang::Es) => format!("No es su turno: juega el asiento {s}."),
            (Wrong::Turn(s), Lang::Ca) => format!("No és el seu torn: juga el seient {s}."),
            (Wrong::Turn(s), Lang::En) => format!("Not this seat's turn: seat {s} plays."),
            (Wrong::NotHeld(c), Lang::Es) => format!("No tiene el {}.", c.spanish_name()),
            (Wrong::NotHeld(c), Lang::Ca) => format!("No té el {}.", c.spanish_name()),
            (Wrong::NotHeld(c), Lang::En) => format!("Does not hold the {}.", c.spanish_name()),
            (Wrong::Follow(s), Lang::Es) => format!("Renuncio: tenía {}.", s.name()),
            (Wrong::Follow(s), Lang::Ca) => format!("Renuncio: tenia {}.", s.name()),
            (Wrong::Follow(s), Lang::En) => format!("Renuncio: held {}.", s.name()),
            (Wrong::NotAPlay, Lang::Es) => "En carta mayor solo se juegan cartas.".into(),
            (Wrong::NotAPlay, Lang::Ca) => "A carta mayor només es juguen cartes.".into(),
            (Wrong::NotAPlay, Lang::En) => "Carta mayor has card plays only.".into(),
        }
    }
}

/// A hand played so far: the cards held, the trick on the table, the tricks taken.
struct Play {
    hands: Vec<CardSet>,
    turn: u8,
    table: Vec<(u8, Card)>,
    tricks: Vec<TrickRecord>,
    points: [i64; 2],
}

impl Play {
    fn new(hands: Vec<CardSet>, dealer: u8) -> Play {
        Play {
            hands,
            turn: (dealer + 1) % 2,
            table: Vec::new(),
            tricks: Vec::new(),
            points: [0, 0],
        }
    }

    fn is_over(&self) -> bool {
        self.hands.iter().all(|h| h.is_empty()) && self.table.is_empty()
    }

    /// The cards the seat on turn may play.
    fn legal(&self) -> Vec<Card> {
        let hand = self.hands[usize::from(self.turn)];
        let led = self.table.first().map(|(_, c)| c.suit());
        let follow: Vec<Card> = hand.iter().filter(|c| Some(c.suit()) == led).collect();
        if follow.is_empty() {
            hand.iter().collect()
        } else {
            follow
        }
    }

    /// Plays one event, or says what is wrong with it.
    fn take(&mut self, event: &Event) -> Result<(), Wrong> {
        let Event::Move(Move {
            seat,
            action: Action::Play(card),
        }) = event
        else {
            return Err(Wrong::NotAPlay);
        };
        if *seat != self.turn {
            return Err(Wrong::Turn(self.turn));
        }
        let hand = self.hands[usize::from(*seat)];
        if !hand.contains(*card) {
            return Err(Wrong::NotHeld(*card));
        }
        if !self.legal().contains(card) {
            return Err(Wrong::Follow(self.table[0].1.suit()));
        }
        self.hands[usize::from(*seat)].remove(*card);
        self.table.push((*seat, *card));
        self.turn = (self.turn + 1) % 2;
        if self.table.len() == 2 {
            let (lead, follow) = (self.table[0], self.table[1]);
            let winner =
                if follow.1.suit() == lead.1.suit() && strength(follow.1) > strength(lead.1) {
                    follow.0
                } else {
                    lead.0
                };
            self.points[usize::from(winner)] += points(lead.1) + points(follow.1);
            self.tricks.push(TrickRecord {
                leader: lead.0,
                cards: vec![lead.1, follow.1],
                winner,
            });
            self.table.clear();
            self.turn = winner;
        }
        Ok(())
    }
}

/// The deal a record holds, checked.
fn dealt(record: &HandRecord) -> Result<Vec<CardSet>, String> {
    validate_deal(record, &CartaMayor.deal_spec(2, &TableOptions::default()))
        .map(|d| d.hands)
        .map_err(|p| format!("{p:?}"))
}

impl Rules for CartaMayor {
    fn game(&self) -> GameKind {
        CARTA_MAYOR
    }

    fn rule(&self, record: &HandRecord, lang: Lang) -> Ruling {
        let hands = match dealt(record) {
            Ok(h) => h,
            Err(why) => {
                return Ruling::invalid(2, record.dealer, record.dealer, RuleId::DealInvalid, why);
            }
        };
        let mut play = Play::new(hands, record.dealer);
        let mut violation = None;
        for (i, e) in record.events.iter().enumerate() {
            if let Err(wrong) = play.take(e) {
                let seat = match e {
                    Event::Move(m) => m.seat,
                    _ => play.turn,
                };
                violation = Some(Violation {
                    event: Some(i),
                    seat: Some(seat),
                    side: Some(seat),
                    rule: wrong.rule(),
                    message: wrong.message(lang),
                });
                break;
            }
        }
        let complete = play.is_over();
        let hand_points = match (&violation, complete) {
            (Some(v), _) => {
                let mut h = vec![Score::ZERO; 2];
                h[usize::from(1 - v.seat.unwrap_or(0) % 2)] = Score::points(1);
                Some(h)
            }
            (None, true) => {
                let [a, b] = play.points;
                Some(vec![
                    Score::points(i64::from(a > b)),
                    Score::points(i64::from(b > a)),
                ])
            }
            (None, false) => None,
        };
        Ruling {
            format: RULING_FORMAT.into(),
            legal: violation.is_none(),
            complete,
            violation,
            tricks: play.tricks,
            cantes: Vec::new(),
            points: play.points.iter().map(|p| Score::points(*p)).collect(),
            hand_points,
            game_over: None,
            discrepancies: Vec::new(),
            undecided: None,
            filled: None,
        }
    }

    fn next_moves(&self, record: &HandRecord) -> Option<(u8, Vec<Move>)> {
        let mut play = Play::new(dealt(record).ok()?, record.dealer);
        for e in &record.events {
            play.take(e).ok()?;
        }
        (!play.is_over()).then(|| {
            let moves = play
                .legal()
                .into_iter()
                .map(|c| Move::new(play.turn, Action::Play(c)))
                .collect();
            (play.turn, moves)
        })
    }

    fn random_record(&self, players: u8, seed: u64) -> Option<HandRecord> {
        Some(played_out(seed, (seed % u64::from(players.max(1))) as u8))
    }

    fn message(&self, key: &str, lang: Lang) -> Option<String> {
        match (key, lang) {
            ("game-cartamayor", _) => Some("carta mayor".into()),
            _ => None,
        }
    }

    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }

    fn deal_spec(&self, _players: u8, _table: &TableOptions) -> DealSpec {
        DealSpec {
            deck: Deck::Forty.cards(),
            hand_sizes: Some(vec![20, 20]),
            stock_size: Some(0),
            turned: TurnedRule::Absent,
        }
    }

    fn quick_entry(&self) -> QuickEntry {
        QuickEntry::default()
    }

    fn names_suits(&self) -> bool {
        false
    }

    fn target(&self, _table: &TableOptions) -> Option<u32> {
        Some(TARGET)
    }

    fn partida_winner(
        &self,
        _table: &TableOptions,
        _index: usize,
        totals: &[Score],
        hand: &[Score],
    ) -> Option<u8> {
        leader(totals, hand, Score::points(i64::from(TARGET)), true)
    }
}

/// A whole legal hand dealt by `dealer`: a shuffled deal, each seat playing its first
/// legal card.
fn played_out(seed: u64, dealer: u8) -> HandRecord {
    let mut deck: Vec<Card> = Deck::Forty.cards().iter().collect();
    SplitMix64::new(seed).shuffle(&mut deck);
    let hands: Vec<CardSet> = vec![
        deck[..20].iter().copied().collect(),
        deck[20..].iter().copied().collect(),
    ];
    let mut record = HandRecord {
        game: CARTA_MAYOR,
        players: 2,
        options: TableOptions::default(),
        dealer,
        before: None,
        hands: hands
            .iter()
            .map(|h| h.iter().map(CardSlot::Card).collect())
            .collect(),
        stock: Vec::new(),
        turned: None,
        events: Vec::new(),
        declared: None,
    };
    let mut play = Play::new(hands, dealer);
    while !play.is_over() {
        let card = play.legal()[0];
        let event = Event::Move(Move::new(play.turn, Action::Play(card)));
        assert!(play.take(&event).is_ok());
        record.events.push(event);
    }
    record
}

/// Registers the sixth game (once for the whole test binary).
fn carta_mayor() -> GameKind {
    register(&CartaMayor, FACTS)
}

#[test]
fn the_sixth_game_rules_its_own_hands_through_the_domain() {
    let game = carta_mayor();
    assert_eq!(game, CARTA_MAYOR);
    assert_eq!("cartamayor".parse::<GameKind>(), Ok(game));
    assert_eq!(game.name(), "carta mayor");
    assert!(game.valid_players(2) && !game.valid_players(4));
    assert_eq!(rules_of(game).target(&TableOptions::default()), Some(2));
    let record = played_out(3, 0);
    // Written as a record and read back, it is ruled by its own rules.
    let back = baza::domain::parse_record(&record.to_value()).unwrap();
    assert_eq!(back.game, game);
    let ruling = baza::domain::try_rule(&back, Lang::Es).unwrap();
    assert!(ruling.legal && ruling.complete, "{ruling:?}");
    assert_eq!(ruling.tricks.len(), 20);
    let total: i64 = ruling
        .points
        .iter()
        .map(|p| p.to_string().parse::<i64>().unwrap())
        .sum();
    assert_eq!(total, 120);
    // A card against the suit led is a renuncio, in the game's own words.
    let mut wrong = record.clone();
    let lead = match &wrong.events[0] {
        Event::Move(m) => m.action,
        _ => unreachable!(),
    };
    let Action::Play(led) = lead else {
        unreachable!()
    };
    // Dealt by seat 0, seat 1 leads and seat 0 follows.
    let follower = back.hands[0].iter().filter_map(CardSlot::card);
    let off = follower
        .clone()
        .find(|c| c.suit() != led.suit())
        .expect("a card of another suit");
    assert!(
        follower.clone().any(|c| c.suit() == led.suit()),
        "seat 0 can follow"
    );
    wrong.events[1] = Event::Move(Move::new(0, Action::Play(off)));
    let r = baza::domain::rule(&wrong, Lang::Ca);
    let v = r.violation.expect("a renuncio");
    assert_eq!(v.rule, RuleId::MustFollowSuit);
    assert!(v.message.starts_with("Renuncio: tenia "), "{}", v.message);
    assert_eq!(r.hand_points, Some(vec![Score::ZERO, Score::points(1)]));
    // The card picker is offered the seat on turn's legal cards.
    let mut first = record.clone();
    first.events.truncate(1);
    let (seat, moves) = baza::domain::games::next_moves(&first).unwrap();
    assert_eq!(seat, 0);
    assert!(moves.contains(&match record.events[1] {
        Event::Move(m) => m,
        _ => unreachable!(),
    }));
}

#[tokio::test]
async fn a_championship_of_a_sixth_game_defined_in_the_tests_plays_a_hand_at_a_table() {
    let game = carta_mayor();
    let app = TestApp::spawn_with(baza::startup::WebOptions {
        added_games: vec![game],
        ..Default::default()
    })
    .await;
    let club = crate::from_scratch::club_from_first_run(&app).await;
    // The new-championship form offers it, by its own name.
    let html = app
        .page(&format!("/clubes/{club}/campeonatos/nuevo"), StatusCode::OK)
        .await;
    assert!(
        texts(&html, "select[name=game] option").contains(&"carta mayor".to_owned()),
        "{:?}",
        texts(&html, "select[name=game] option")
    );
    let fields = defaults_for(&app, club, "cartamayor", "partida").await;
    let res = new_championship(&app, club, &fields).await;
    if res.status() != StatusCode::SEE_OTHER {
        let page = Html::parse_document(&res.text().await.unwrap());
        panic!("not created: {:?}", texts(&page, ".alert"));
    }
    let id = id_of(&res);
    register_and_pair(&app, id, &["Ana Pérez", "Carlos Gil"]).await;
    let slips = slip_halves(&app, id).await;
    assert_eq!(slips.len(), 1, "one table of two");
    let (path, [a, _]) = &slips[0];
    let (phone, game_id) = open_table(&app, path, &a.pins[0]).await;
    // The game's hand form, from the scorekeeper's phone.
    let file: serde_json::Value = app
        .get(&format!("/partidas/{game_id}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(file["game"], "cartamayor");
    let dealer = file["scoreboard"]["next_dealer"].as_u64().unwrap() as u8;
    let record = played_out(11, dealer);
    let expected = baza::domain::rule(&record, Lang::Es);
    let form = app
        .page_as(&phone, &format!("/partidas/{game_id}/mano"))
        .await;
    let version =
        attr(&form, "details.full-entry input[name=version]", "value").expect("the hand form");
    let submission = attr(&form, "details.full-entry input[name=submission]", "value").unwrap();
    let res = post_form_as(
        &app,
        &phone,
        &format!("/partidas/{game_id}/mano"),
        &[
            ("version", &version),
            ("submission", &submission),
            ("record", &record.to_value().to_string()),
        ],
    )
    .await;
    if res.status() != StatusCode::SEE_OTHER {
        let page = Html::parse_document(&res.text().await.unwrap());
        panic!("refused: {:?}", texts(&page, ".alert, .field-error"));
    }
    // The hand is scored: one point to the side with more card points.
    let file: serde_json::Value = app
        .get(&format!("/partidas/{game_id}/exportar"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(file["hands"].as_array().unwrap().len(), 1, "{file:#}");
    let won = expected.hand_points.unwrap();
    let totals: Vec<String> = file["scoreboard"]["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert_eq!(
        totals,
        won.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        "{file:#}"
    );
    assert_eq!(
        won.iter().filter(|s| **s == Score::points(1)).count(),
        1,
        "one side won the hand"
    );
}

#[test]
fn nothing_under_src_names_the_sixth_game() {
    let mut stack = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut read = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                read += 1;
                assert!(
                    !text.to_lowercase().contains("carta mayor")
                        && !text.to_lowercase().contains("cartamayor"),
                    "{} names the sixth game",
                    path.display()
                );
            }
        }
    }
    assert!(read > 50, "only {read} files read");
}
