//! Where an entrant sits in a round: the search behind "find your table". A name
//! typed in part (accents and case ignored, see [`crate::domain::names::matches`])
//! finds the entrants whose name, or a player's name, has every word of it, each
//! with its line of the round. The file is read as given: the caller passes the
//! published rounds only, with names as the reader may see them.

use super::file::{Entrant, Pairing, TournamentFile};
use crate::domain::names;

/// An entrant's place in a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// At table `table` (the pairing's number) against the entrant `rival` (an id).
    Table { table: u32, rival: String },
    /// A bye: counted as won without playing.
    Bye,
    /// Rests this round (a league's odd entrant out).
    Rest,
    /// Not in the round (withdrawn, or joining later).
    Out,
}

/// One entrant found: its id and its place in the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub entrant: String,
    pub place: Place,
}

/// The entrants of `file` matching `query`, in their order of registration, with
/// their places in round `round`. An empty query finds nobody.
pub fn find(file: &TournamentFile, round: u32, query: &str) -> Vec<Found> {
    let Some(r) = file.rounds.iter().find(|r| r.number == round) else {
        return Vec::new();
    };
    let place_of = |id: &str| {
        for p in &r.pairings {
            match p {
                Pairing::Table(t) if t.a == id => {
                    return Place::Table {
                        table: t.table,
                        rival: t.b.clone(),
                    };
                }
                Pairing::Table(t) if t.b == id => {
                    return Place::Table {
                        table: t.table,
                        rival: t.a.clone(),
                    };
                }
                Pairing::Bye(b) if b.bye == id => return Place::Bye,
                Pairing::Rest(x) if x.rest == id => return Place::Rest,
                _ => {}
            }
        }
        Place::Out
    };
    matching(file, query)
        .map(|e| Found {
            entrant: e.id.clone(),
            place: place_of(&e.id),
        })
        .collect()
}

/// The entrants of `file` each word of `query` finds in the entrant's name or one of
/// its players' names (accents and case ignored; "peña muñoz" finds Gloria Peña's
/// pair with Héctor Muñoz), in their order of registration.
pub fn matching<'a>(file: &'a TournamentFile, query: &'a str) -> impl Iterator<Item = &'a Entrant> {
    file.entrants
        .iter()
        .filter(move |e| names::matches_any(names_of(e), query))
}

/// The names an entrant is found by: its own, then each of its players'.
pub fn names_of(e: &Entrant) -> impl Iterator<Item = &str> {
    std::iter::once(e.name.as_str()).chain(e.people.iter().map(|p| p.name.as_str()))
}

/// Whether the director's list of entrants shows entrant `e` for `query`: its number
/// typed alone, or every word of the query in its name or a player's (accents and
/// case ignored). A blank query shows every entrant.
pub fn listed_for(e: &Entrant, query: &str) -> bool {
    let query = query.trim();
    query.is_empty() || query == e.id || names::matches_any(names_of(e), query)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::domain::engine::GameKind;
    use crate::domain::tournament::{
        ByePairing, Championship, Draws, Entrant, HeadToHead, MatchFormat, Points, Round, SameClub,
        System, TablePairing,
    };

    fn file() -> TournamentFile {
        let championship = Championship {
            starts_on: None,
            name: "Open".into(),
            game: GameKind::Botifarra,
            options: serde_json::Map::new(),
            system: System::Swiss { rounds: 3 },
            match_format: MatchFormat::usual_timed(Draws::Stand),
            points: Points::default(),
            tiebreaks: Vec::new(),
            head_to_head: HeadToHead::default(),
            seed: 7,
            same_club: SameClub::default(),
            ties: Default::default(),
        };
        let names = [
            "Sierra – Lanau",
            "Campo – Buil",
            "Peñalver – Ibáñez",
            "Sierra – Campo",
            "Ruiz – Gil",
        ];
        let entrants = Entrant::numbered(names);
        let mut f = TournamentFile::new(championship, entrants);
        f.rounds.push(Round {
            number: 1,
            pairings: vec![
                Pairing::Table(TablePairing {
                    table: 1,
                    a: "4".into(),
                    b: "1".into(),
                }),
                Pairing::Table(TablePairing {
                    table: 2,
                    a: "2".into(),
                    b: "3".into(),
                }),
            ],
            results: Vec::new(),
            in_play: Vec::new(),
        });
        f.rounds.push(Round {
            number: 2,
            pairings: vec![
                Pairing::Table(TablePairing {
                    table: 1,
                    a: "1".into(),
                    b: "2".into(),
                }),
                Pairing::Bye(ByePairing { bye: "3".into() }),
            ],
            results: Vec::new(),
            in_play: Vec::new(),
        });
        f
    }

    #[test]
    fn part_of_a_name_without_accents_finds_the_table_and_the_rival_of_that_round() {
        let f = file();
        assert_eq!(
            find(&f, 2, "LANAU"),
            [Found {
                entrant: "1".into(),
                place: Place::Table {
                    table: 1,
                    rival: "2".into()
                }
            }]
        );
        assert_eq!(
            find(&f, 1, "lanau"),
            [Found {
                entrant: "1".into(),
                place: Place::Table {
                    table: 1,
                    rival: "4".into()
                }
            }]
        );
        assert_eq!(find(&f, 2, "penalver ibanez")[0].place, Place::Bye);
    }

    #[test]
    fn a_name_shared_lists_every_entrant_and_one_not_paired_is_out() {
        let f = file();
        let found: Vec<_> = find(&f, 2, "sierra")
            .into_iter()
            .map(|x| x.entrant)
            .collect();
        assert_eq!(found, ["1", "4"]);
        assert_eq!(find(&f, 2, "sierra – campo")[0].place, Place::Out);
        assert_eq!(find(&f, 2, "ruiz")[0].place, Place::Out);
    }

    #[test]
    fn nobody_is_found_by_an_empty_query_a_stranger_or_in_a_round_not_there() {
        let f = file();
        assert!(find(&f, 2, "  ").is_empty());
        assert!(find(&f, 2, "Zapata").is_empty());
        assert!(find(&f, 3, "Sierra").is_empty());
    }

    #[test]
    fn the_entrants_list_shows_an_entrant_by_its_number_alone_or_by_a_players_name() {
        let mut f = file();
        f.entrants[2].people = vec![crate::domain::tournament::people::typed(
            "Jordi Peñalver",
            None,
        )];
        let shown = |q: &str| -> Vec<String> {
            f.entrants
                .iter()
                .filter(|e| listed_for(e, q))
                .map(|e| e.id.clone())
                .collect()
        };
        assert_eq!(shown("  "), ["1", "2", "3", "4", "5"]);
        assert_eq!(shown("3"), ["3"]);
        assert_eq!(shown(" jordi PENALVER "), ["3"]);
        assert_eq!(shown("sierra"), ["1", "4"]);
        assert!(shown("3 sierra").is_empty());
    }
}
