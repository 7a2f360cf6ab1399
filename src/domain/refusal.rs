//! Why a change to a championship or a game is refused: one variant per reason, each
//! naming its message key (the locale files' key) and carrying its data typed.

use crate::domain::Lang;
use crate::domain::bracket::BracketError;
use crate::domain::tournament::{FileError, Hindsight, TournamentFile};

/// A table of a championship that a correction touches: `round` 0 is a knockout
/// phase (its `table` the match's number), `table` 0 a round's bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub round: u32,
    pub table: u32,
}

impl Place {
    pub fn new(round: u32, table: u32) -> Place {
        Place { round, table }
    }
}

/// Each of `items` in words, `sep` between them.
pub fn listed<T>(items: &[T], sep: &str, words: impl Fn(&T) -> String) -> String {
    items.iter().map(words).collect::<Vec<_>>().join(sep)
}

/// Why an entrant, or a line of an imported list of them, is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntrantFault {
    /// No name, or one too long.
    Name,
    /// The name is taken.
    Exists,
    /// A seed that is not a number from 1 to 9999.
    Seed,
    /// The seed is taken.
    SeedTaken,
    /// Starting points that do not read as points, or too many.
    StartPoints,
    /// A round robin takes no one once paired.
    LateRoundRobin,
    /// Every round is played: an entrant registered now would play none.
    LateFinished,
    /// A list whose quotes do not close.
    CsvQuotes,
    /// A list with no entrant.
    CsvEmpty,
    /// A list whose header names no name column.
    CsvHeader,
    /// A line with more or fewer fields than the header.
    CsvFields,
}

impl EntrantFault {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            EntrantFault::Name => "error-entrant-name",
            EntrantFault::Exists => "error-entrant-exists",
            EntrantFault::Seed => "error-entrant-seed",
            EntrantFault::SeedTaken => "error-entrant-seed-taken",
            EntrantFault::StartPoints => "error-entrant-start-points",
            EntrantFault::LateRoundRobin => "error-entrant-late-round-robin",
            EntrantFault::LateFinished => "error-entrant-late-finished",
            EntrantFault::CsvQuotes => "error-csv-quotes",
            EntrantFault::CsvEmpty => "error-csv-empty",
            EntrantFault::CsvHeader => "error-csv-header",
            EntrantFault::CsvFields => "error-csv-fields",
        }
    }
}

/// What a director may ask of a championship until its knockout phase is drawn, and
/// never after: the draw fixed who plays it and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BeforeKnockout {
    /// A registration, typed or imported.
    Register,
    /// A check-in, or its undoing.
    CheckIn,
    /// A withdrawal: the bracket keeps its matches, a no-show's is typed at its table.
    Withdraw,
    /// A reinstatement, which gives no place in the bracket.
    Reinstate,
    /// Another round of the championship's system.
    Round,
    /// Another knockout phase.
    Knockout,
    /// The settings.
    Settings,
    /// The seeds by rating.
    Seeds,
    /// The liguillas, drawn again or an entrant moved.
    Groups,
}

impl BeforeKnockout {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            BeforeKnockout::Register => "error-knockout-drawn-register",
            BeforeKnockout::CheckIn => "error-knockout-drawn-check-in",
            BeforeKnockout::Withdraw => "error-knockout-drawn-withdraw",
            BeforeKnockout::Reinstate => "error-knockout-drawn-reinstate",
            BeforeKnockout::Round => "error-knockout-drawn-round",
            BeforeKnockout::Knockout => "error-knockout-drawn-knockout",
            BeforeKnockout::Settings => "error-knockout-drawn-settings",
            BeforeKnockout::Seeds => "error-knockout-drawn-seeds",
            BeforeKnockout::Groups => "error-knockout-drawn-groups",
        }
    }
}

/// A change refused in the state things are in now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    // Championship: its tables and their results.
    /// Later tables were played from this result: confirm to annul or redo them. With
    /// them, who would have met in the later rounds with the corrected result.
    CorrectionConfirm(Vec<Place>, Vec<Hindsight>),
    /// The same, asked over the API (which says how to confirm), with who would have
    /// met.
    CorrectionConfirmApi(Vec<Place>, Vec<Hindsight>),
    /// Someone else changed it first; nothing was overwritten.
    Stale,
    /// The same, for a table's result over the API (the table and its version now).
    StaleTable {
        round: u32,
        table: u32,
        version: i32,
    },
    /// A round cannot be paired before these tables of the last one have a result.
    RoundIncomplete { round: u32, tables: Vec<u32> },
    /// The championship has played all its rounds.
    Finished,
    /// No proposed result at the table to sign.
    NothingToSign,
    /// The table's result is typed on its game's page, not here.
    TablePlaysGame,
    /// The table's result is final; only the staff corrects it.
    TableConfirmed,
    /// A correction at the table that does not decide the match.
    TableCorrectionUnfinished,
    /// The side that proposed a result cannot confirm it.
    SignOtherSide,
    /// A knockout match needs a winner.
    KnockoutDraw,
    /// The championship's document would be invalid (what is wrong and where, in
    /// Spanish, Catalan and English: see [`Refusal::bad_file`] and
    /// [`Refusal::bad_bracket`]).
    BadFile(Box<[String; 3]>),
    /// A knockout phase cannot be drawn or changed: what is wrong, in Spanish,
    /// Catalan and English (see [`Refusal::knockout`]).
    Knockout(Box<[String; 3]>),
    /// A knockout phase asks for more qualifiers than can qualify (how many can).
    KnockoutTooFew(usize),
    /// The knockout phase is asked for with Swiss rounds still to play (how many),
    /// without the director's word that they will not be played.
    SwissRoundsLeft(u32),
    /// The knockout phase is asked for with rounds (jornadas) of a league still to
    /// play (how many), without the director's word that they will not be played.
    LeagueRoundsLeft(u32),
    /// Settings change only before the first round or phase.
    EditTooLate,
    /// Seeds change only before the first round (the championship's name).
    SeedingPaired(String),
    // Championship: groups and repesca.
    /// The championship is not played in groups.
    GroupsNone,
    /// Groups change only before the first round.
    GroupsStarted,
    /// No group of that number.
    NoSuchGroup(u32),
    /// A repesca is drawn after the rounds and before any knockout phase.
    RepescaWhen,
    /// No places left for a repesca.
    RepescaNoPlaces,
    /// Too few pairs for a repesca (how many there are).
    RepescaTooFew(usize),
    /// The repesca is not finished.
    RepescaUnfinished,
    /// The named seeds for a repesca's winners are not one distinct seed of the
    /// knockout per place to fill (the places to fill).
    RepescaSeeds(usize),
    /// A repesca liguilla whose best the knockout of its championship was drawn with
    /// cannot be deleted (that championship's name).
    RepescaLiguillaDrawn(String),
    // Championship: entrants and their people.
    /// A registration refused by the entrant checks (why, the name).
    Entrant(EntrantFault, String),
    /// A line of an imported list refused (why, the 1-based line).
    EntrantLine(EntrantFault, usize),
    /// A player's name too long (as typed).
    EntrantName(String),
    /// The entrant has already withdrawn (its name).
    EntrantWithdrawn(String),
    /// The entrant cannot be reinstated now (its name).
    EntrantReinstate(String),
    /// A check-in once a round is paired: it changes nothing any more.
    CheckInLate,
    /// The championship's knockout phase is drawn: this no longer applies.
    KnockoutDrawn(BeforeKnockout),
    /// No such person to link (as picked).
    LinkPerson(String),
    /// No such player slot to link (the slot, or the entrant's name).
    LinkSlot(String),
    /// The person is already in the championship (their name).
    LinkTwice(String),
    /// No player left without a likely match to make a person for.
    LinkNoneNew,
    // A game.
    /// The game is over: no more hands.
    GameOver,
    /// A restored hand finds its place taken.
    GameStale,
    /// The series has no next game due.
    NoNextGame,
    /// Not the game's PIN (nor its table's).
    WrongPin,
    // A bracket.
    /// The bracket was changed by someone else first.
    BracketStale,
}

impl Refusal {
    /// The championship's document `file` would be invalid: `e` in words in each
    /// language, the place named by its round, table, pair or phase.
    pub fn bad_file(e: &FileError, file: &TournamentFile) -> Refusal {
        Refusal::BadFile(Box::new(Lang::ALL.map(|lang| e.words_in(file, lang))))
    }

    /// The knockout phase named `phase` refuses a result: `e` in words in each
    /// language, the match named by its number ("Fase final, partido 3: …").
    pub fn bad_bracket(e: &BracketError, phase: &str) -> Refusal {
        Refusal::BadFile(Box::new(Lang::ALL.map(|lang| e.words_in(phase, lang))))
    }

    /// The knockout phase cannot be drawn: `e` in words in each language.
    pub fn knockout(e: &BracketError) -> Refusal {
        Refusal::Knockout(Box::new(Lang::ALL.map(|lang| e.words(lang))))
    }

    /// The message key of the locale files.
    pub fn key(&self) -> &'static str {
        match self {
            Refusal::CorrectionConfirm(..) | Refusal::CorrectionConfirmApi(..) => {
                "tournament-correction-confirm"
            }
            Refusal::Stale | Refusal::StaleTable { .. } => "error-stale",
            Refusal::RoundIncomplete { .. } => "error-tournament-round-incomplete",
            Refusal::Finished => "error-tournament-finished",
            Refusal::NothingToSign => "error-tournament-nothing-to-sign",
            Refusal::TablePlaysGame => "error-table-plays-game",
            Refusal::TableConfirmed => "error-table-confirmed",
            Refusal::TableCorrectionUnfinished => "error-table-correction-unfinished",
            Refusal::SignOtherSide => "tournament-sign-other-side",
            Refusal::KnockoutDraw => "error-knockout-draw",
            Refusal::BadFile(_) => "error-tournament-file",
            Refusal::Knockout(_) => "error-knockout",
            Refusal::KnockoutTooFew(_) => "error-knockout-too-few",
            Refusal::SwissRoundsLeft(_) => "error-knockout-rounds-left",
            Refusal::LeagueRoundsLeft(_) => "error-knockout-league-rounds-left",
            Refusal::EditTooLate => "champ-edit-too-late",
            Refusal::SeedingPaired(_) => "seeding-error-paired",
            Refusal::GroupsNone => "error-groups-none",
            Refusal::GroupsStarted => "error-groups-started",
            Refusal::NoSuchGroup(_) => "error-groups-no-such",
            Refusal::RepescaWhen => "error-repesca-when",
            Refusal::RepescaNoPlaces => "error-repesca-no-places",
            Refusal::RepescaTooFew(_) => "error-repesca-too-few",
            Refusal::RepescaUnfinished => "error-repesca-unfinished",
            Refusal::RepescaSeeds(_) => "error-repesca-seeds",
            Refusal::RepescaLiguillaDrawn(_) => "error-repesca-liguilla-drawn",
            Refusal::Entrant(fault, _) | Refusal::EntrantLine(fault, _) => fault.key(),
            Refusal::EntrantName(_) => "error-entrant-name",
            Refusal::EntrantWithdrawn(_) => "error-entrant-withdrawn",
            Refusal::EntrantReinstate(_) => "error-entrant-reinstate",
            Refusal::CheckInLate => "error-check-in-late",
            Refusal::KnockoutDrawn(what) => what.key(),
            Refusal::LinkPerson(_) => "error-link-person",
            Refusal::LinkSlot(_) => "error-link-slot",
            Refusal::LinkTwice(_) => "error-link-twice",
            Refusal::LinkNoneNew => "error-link-none-new",
            Refusal::GameOver => "error-game-over",
            Refusal::GameStale => "game-stale",
            Refusal::NoNextGame => "error-no-next-game",
            Refusal::WrongPin => "table-wrong-pin",
            Refusal::BracketStale => "bracket-stale",
        }
    }

    /// Whether it refuses what the championship's stage no longer allows (a conflict
    /// with its state) rather than what was asked.
    pub fn is_stage(&self) -> bool {
        matches!(
            self,
            Refusal::KnockoutDrawn(_)
                | Refusal::CheckInLate
                | Refusal::EditTooLate
                | Refusal::SwissRoundsLeft(_)
                | Refusal::LeagueRoundsLeft(_)
        )
    }

    /// What is shown after the message (empty: nothing). The tables of a correction
    /// read `3.2 4.1` (round 3 table 2, round 4 table 1).
    /// Said in `lang` where the refusal carries words in each language.
    pub fn detail(&self, lang: Lang) -> String {
        match self {
            Refusal::BadFile(words) | Refusal::Knockout(words) => {
                let [es, ca, en] = &**words;
                match lang {
                    Lang::Es => es.clone(),
                    Lang::Ca => ca.clone(),
                    Lang::En => en.clone(),
                }
            }
            Refusal::CorrectionConfirm(places, _) => {
                listed(places, " ", |p| format!("{}.{}", p.round, p.table))
            }
            Refusal::CorrectionConfirmApi(places, _) => format!(
                "later pairings depend on this result ({}); send \"confirm\": true to correct it",
                listed(places, ", ", |p| format!(
                    "round {} table {}",
                    p.round, p.table
                ))
            ),
            Refusal::StaleTable {
                round,
                table,
                version,
            } => format!(
                "table {table} of round {round} is at version {version}; reload and try again"
            ),
            Refusal::RoundIncomplete { round, tables } => {
                format!("{round}: {}", listed(tables, ", ", u32::to_string))
            }
            Refusal::SeedingPaired(s)
            | Refusal::Entrant(_, s)
            | Refusal::EntrantName(s)
            | Refusal::EntrantWithdrawn(s)
            | Refusal::EntrantReinstate(s)
            | Refusal::LinkPerson(s)
            | Refusal::LinkSlot(s)
            | Refusal::LinkTwice(s)
            | Refusal::RepescaLiguillaDrawn(s) => s.clone(),
            Refusal::NoSuchGroup(g) => g.to_string(),
            Refusal::RepescaTooFew(n) | Refusal::RepescaSeeds(n) | Refusal::EntrantLine(_, n) => {
                n.to_string()
            }
            Refusal::KnockoutTooFew(n) => n.to_string(),
            Refusal::SwissRoundsLeft(n) | Refusal::LeagueRoundsLeft(n) => n.to_string(),
            Refusal::TableConfirmed
            | Refusal::TableCorrectionUnfinished
            | Refusal::SignOtherSide
            | Refusal::KnockoutDraw
            | Refusal::EditTooLate
            | Refusal::CheckInLate
            | Refusal::KnockoutDrawn(_)
            | Refusal::GroupsNone
            | Refusal::GroupsStarted
            | Refusal::RepescaWhen
            | Refusal::RepescaNoPlaces
            | Refusal::RepescaUnfinished
            | Refusal::GameOver
            | Refusal::Stale
            | Refusal::Finished
            | Refusal::NothingToSign
            | Refusal::TablePlaysGame
            | Refusal::LinkNoneNew
            | Refusal::GameStale
            | Refusal::NoNextGame
            | Refusal::WrongPin
            | Refusal::BracketStale => String::new(),
        }
    }
}

/// Why a change to a club's players or pairs is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeopleFault {
    /// No name, or one too long.
    Name,
    /// Another player or pair of the club has the name.
    NameTaken,
    /// Both names enter one championship or bracket.
    MergeSameChampionship,
    /// Both names sit at one game.
    MergeSameGame,
    /// A player merged with herself.
    MergeItself,
    /// Both players are in one pair.
    MergeSamePair,
    /// A pair of one player twice.
    PairSamePlayer,
    /// A pair's player who is not the club's.
    PairBadPlayer,
    /// A pair that has played cannot change its players.
    PairPlayed,
}

impl PeopleFault {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            PeopleFault::Name => "people-bad-name",
            PeopleFault::NameTaken => "people-name-taken",
            PeopleFault::MergeSameChampionship => "people-merge-same-championship",
            PeopleFault::MergeSameGame => "people-merge-same-game",
            PeopleFault::MergeItself => "people-merge-itself",
            PeopleFault::MergeSamePair => "people-merge-same-pair",
            PeopleFault::PairSamePlayer => "people-pair-same-player",
            PeopleFault::PairBadPlayer => "people-pair-bad-player",
            PeopleFault::PairPlayed => "people-pair-played",
        }
    }
}

/// Why a merge of two people, or its undoing, is refused; each names what stops it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MergeFault {
    /// A person merged with herself.
    Itself,
    /// The person to merge away was already merged (her name, and the name she
    /// lives on as).
    DropGone { name: String, now: String },
    /// The person to keep was already merged (the same).
    KeepGone { name: String, now: String },
    /// Both enter one championship (its name).
    SameChampionship(String),
    /// The merge was undone already.
    UndoDone,
    /// The kept person joined clubs since (their names).
    UndoJoined(Vec<String>),
    /// The person merged away is no longer merged into the kept one (her name).
    UndoPerson(String),
    /// A membership moved has moved again (its club).
    UndoMembership(String),
    /// The kept person's licence changed since (her name).
    UndoLicence(String),
    /// A championship's file changed since (its name).
    UndoChampionship(String),
    /// A club's records refuse the renaming.
    People(PeopleFault),
}

impl MergeFault {
    /// The message key of the locale files.
    pub fn key(&self) -> &'static str {
        match self {
            MergeFault::Itself => "merge-itself",
            MergeFault::DropGone { .. } => "merge-drop-gone",
            MergeFault::KeepGone { .. } => "merge-keep-gone",
            MergeFault::SameChampionship(_) => "merge-same-championship",
            MergeFault::UndoDone => "merge-undo-done",
            MergeFault::UndoJoined(_) => "merge-undo-joined",
            MergeFault::UndoPerson(_) => "merge-undo-person",
            MergeFault::UndoMembership(_) => "merge-undo-membership",
            MergeFault::UndoLicence(_) => "merge-undo-licence",
            MergeFault::UndoChampionship(_) => "merge-undo-championship",
            MergeFault::People(fault) => fault.key(),
        }
    }

    /// What the message names (empty: nothing).
    pub fn detail(&self) -> String {
        match self {
            MergeFault::DropGone { name, now } | MergeFault::KeepGone { name, now } => {
                format!("{name} → {now}")
            }
            MergeFault::UndoJoined(clubs) => clubs.join(", "),
            MergeFault::SameChampionship(s)
            | MergeFault::UndoPerson(s)
            | MergeFault::UndoMembership(s)
            | MergeFault::UndoLicence(s)
            | MergeFault::UndoChampionship(s) => s.clone(),
            MergeFault::Itself | MergeFault::UndoDone | MergeFault::People(_) => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knockout_that_cannot_be_drawn_is_said_in_the_readers_language_not_the_engines_english() {
        let r = Refusal::knockout(&BracketError::GroupTooSmall { group: 0, size: 2 });
        assert_eq!(r.key(), "error-knockout");
        assert_eq!(
            r.detail(Lang::Es),
            "el grupo 1 tiene 2 participantes, menos de los que se clasifican"
        );
        assert_eq!(
            r.detail(Lang::Ca),
            "el grup 1 té 2 participants, menys dels que es classifiquen"
        );
        assert_eq!(
            r.detail(Lang::En),
            "group 1 has 2 entrants, fewer than qualify from it"
        );
    }

    #[test]
    fn a_correction_lists_its_tables_as_round_dot_table() {
        let r = Refusal::CorrectionConfirm(vec![Place::new(3, 2), Place::new(4, 0)], Vec::new());
        assert_eq!(r.key(), "tournament-correction-confirm");
        assert_eq!(r.detail(Lang::Es), "3.2 4.0");
    }

    #[test]
    fn a_championship_left_invalid_names_the_round_and_table_in_the_readers_words_not_the_path() {
        let file: TournamentFile = serde_json::from_value(serde_json::json!({
            "format": "baza-tournament/1",
            "event": {"name": "x", "game": "guinote", "system": {"kind": "swiss", "rounds": 3}},
            "entrants": [{"id": "a", "name": "Ana y Luis"}, {"id": "b", "name": "B"},
                         {"id": "c", "name": "C"}, {"id": "d", "name": "D"}],
            "rounds": [{"number": 1,
                        "pairings": [{"table": 1, "a": "a", "b": "b"},
                                     {"table": 2, "a": "c", "b": "d"}],
                        "results": [{"table": 2, "score": [99, 40]}]}]
        }))
        .expect("a file of the format");
        let e = crate::domain::tournament::validate(&file).expect_err("a partida short of 101");
        assert_eq!(e.at, "rounds[0].results[0]");
        let r = Refusal::bad_file(&e, &file);
        assert_eq!(r.key(), "error-tournament-file");
        for (lang, place) in [
            (Lang::Es, "ronda 1, mesa 2: "),
            (Lang::Ca, "ronda 1, taula 2: "),
            (Lang::En, "round 1, table 2: "),
        ] {
            let said = r.detail(lang);
            assert!(said.starts_with(place), "{lang:?}: {said}");
            assert!(!said.contains("rounds["), "{lang:?}: {said}");
            assert!(!said.contains("results"), "{lang:?}: {said}");
        }
        assert_ne!(r.detail(Lang::Es), r.detail(Lang::En));
    }

    #[test]
    fn a_refusal_without_data_shows_no_detail() {
        assert_eq!(Refusal::GameOver.detail(Lang::Es), "");
        assert_eq!(Refusal::GameOver.key(), "error-game-over");
    }

    #[test]
    fn an_entrant_line_refusal_keeps_its_key_and_line() {
        let r = Refusal::EntrantLine(EntrantFault::Name, 7);
        assert_eq!(
            (r.key(), r.detail(Lang::Es)),
            ("error-entrant-name", "7".to_owned())
        );
    }
}
