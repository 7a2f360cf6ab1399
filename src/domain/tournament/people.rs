//! The people of a championship's entrants as typed: how many an entrant is, the
//! players a typed pair's name lists, a typed name not linked to the register yet,
//! and a pair's name made from its players' names.

use super::{Entrant, EntrantPerson, TournamentFile, played};
use crate::domain::names;

/// How a typed pair's name separates its two players: "Nieto – Ortega", "Ana y Benito".
const SEPARATORS: [&str; 8] = [" – ", " — ", " - ", " y ", " i ", " / ", " & ", " and "];

/// How many people an entrant of `file` is (two of a pair, or one).
pub fn entrant_size(file: &TournamentFile) -> usize {
    played::entrant_size(file.championship.game, &file.championship.options)
}

/// The names a typed entrant name lists: "Nieto – Ortega" → ["Nieto", "Ortega"]; a
/// name without a separator is one name.
pub fn name_parts(name: &str) -> Vec<String> {
    for sep in SEPARATORS {
        let parts: Vec<String> = name
            .split(sep)
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .collect();
        if parts.len() > 1 {
            return parts;
        }
    }
    vec![name.trim().to_owned()]
}

/// A typed name, not linked.
pub fn typed(name: &str, club: Option<&str>) -> EntrantPerson {
    EntrantPerson {
        name: name.trim().to_owned(),
        key: None,
        licence: None,
        club: club
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(|c| c.chars().take(80).collect()),
    }
}

/// The people of an entrant as typed: its own, or else those its name lists (one a
/// player when it lists as many as an entrant is, else its whole name as one).
pub fn typed_people(e: &Entrant, size: usize) -> Vec<EntrantPerson> {
    if !e.people.is_empty() {
        return e.people.clone();
    }
    let parts = name_parts(&e.name);
    let parts = if size > 1 && parts.len() == size {
        parts
    } else {
        vec![e.name.trim().to_owned()]
    };
    parts.iter().map(|n| typed(n, None)).collect()
}

/// Whether every person of the entrant is linked.
pub fn is_linked(e: &Entrant) -> bool {
    !e.people.is_empty() && e.people.iter().all(|p| p.key.is_some())
}

/// How a pair's name shows one of its players: her surnames ("Nieto" of "Andrés
/// Nieto", "Nieto Ruiz" of "Nieto Ruiz, Andrés", "Soler" of "María José Soler"); a
/// one-word name stays whole.
pub fn surnames(name: &str) -> String {
    match names::given_and_surnames(name) {
        (_, surnames) if !surnames.is_empty() => surnames,
        _ => name.trim().to_owned(),
    }
}

/// An entrant's name from its players: the one player's name, or the surnames of
/// the two ("Nieto – Ortega"). Each given as (name, shown by initials only).
pub fn default_name(players: &[(String, bool)]) -> String {
    match players {
        [(name, initials)] if *initials => names::initials(name),
        [(name, _)] => name.trim().to_owned(),
        _ => players
            .iter()
            .map(|(name, initials)| {
                if *initials {
                    names::initials(name)
                } else {
                    surnames(name)
                }
            })
            .collect::<Vec<_>>()
            .join(" – "),
    }
}

/// The name a table seats an entrant of `file` by, for its players' seats: a pair
/// whose name does not list its players ("Los de Graus") but whose two players were
/// typed is seated by their surnames ("Español – Noguero"); any other entrant by its
/// name (a player linked to the register keeps it: it already shows her as she asked).
pub fn seating_name(file: &TournamentFile, name: &str) -> String {
    let size = entrant_size(file);
    let mut named = file.entrants.iter().filter(|e| e.name == name);
    let (Some(e), None) = (named.next(), named.next()) else {
        return name.to_owned();
    };
    let typed = e.people.len() == size && e.people.iter().all(|p| p.key.is_none());
    if size < 2 || !typed || name_parts(name).len() == size {
        return name.to_owned();
    }
    e.people
        .iter()
        .map(|p| surnames(&p.name))
        .collect::<Vec<_>>()
        .join(" – ")
}

/// The names at the seats of a table of `file` between entrants `a` and `b`, in the
/// seat order of [`played::seat_names`]: each entrant by its [`seating_name`]; but where
/// two seats would read the same ("Roca" facing "Roca", or a pair "Ferrer – Ferrer"),
/// each pair whose players were given by its players' whole names, so that the dealer,
/// the trump's chooser and a renuncio name one person.
pub fn table_seats(
    file: &TournamentFile,
    players: u8,
    options: &serde_json::Map<String, serde_json::Value>,
    a: &str,
    b: &str,
) -> Vec<String> {
    let game = file.championship.game;
    let short = played::seat_names(
        game,
        players,
        options,
        &seating_name(file, a),
        &seating_name(file, b),
    );
    let all_differ = short
        .iter()
        .enumerate()
        .all(|(i, n)| !short[..i].contains(n));
    if all_differ {
        return short;
    }
    let whole = |name: &str| whole_name(file, name).unwrap_or_else(|| seating_name(file, name));
    played::seat_names(game, players, options, &whole(a), &whole(b))
}

/// A pair entrant's players by their whole names ("Marc Roca – Quim Garriga"), when
/// the entrant named `name` is one and lists as many players as it is.
fn whole_name(file: &TournamentFile, name: &str) -> Option<String> {
    let size = entrant_size(file);
    let mut named = file.entrants.iter().filter(|e| e.name == name);
    let (Some(e), None) = (named.next(), named.next()) else {
        return None;
    };
    (size > 1 && e.people.len() == size).then(|| {
        e.people
            .iter()
            .map(|p| p.name.trim().to_owned())
            .collect::<Vec<_>>()
            .join(" – ")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_pair_lists_its_two_names_and_a_single_name_is_one() {
        assert_eq!(name_parts("Nieto – Ortega"), ["Nieto", "Ortega"]);
        assert_eq!(name_parts("Ana y Benito"), ["Ana", "Benito"]);
        assert_eq!(name_parts("Pujol i Vidal"), ["Pujol", "Vidal"]);
        assert_eq!(name_parts("Soler / Roca"), ["Soler", "Roca"]);
        assert_eq!(name_parts("Mas & Puig"), ["Mas", "Puig"]);
        assert_eq!(name_parts("Roig - Ferrer"), ["Roig", "Ferrer"]);
        assert_eq!(name_parts(" Andrés Nieto "), ["Andrés Nieto"]);
    }

    #[test]
    fn a_pairs_name_is_its_players_surnames_and_one_players_her_name() {
        let p = |n: &str, i: bool| (n.to_owned(), i);
        assert_eq!(
            default_name(&[p("Andrés Nieto", false), p("Rosa Ortega", false)]),
            "Nieto – Ortega"
        );
        assert_eq!(
            default_name(&[p("Nieto Ruiz, Andrés", false), p("Ana Martínez", true)]),
            "Nieto Ruiz – Ana M."
        );
        assert_eq!(default_name(&[p("Andrés Nieto", false)]), "Andrés Nieto");
        assert_eq!(default_name(&[p("Ana Martínez", true)]), "Ana M.");
        assert_eq!(surnames("Nieto"), "Nieto");
        assert_eq!(
            default_name(&[p("Maria Jose Soler", false), p("Pedro Lanuza", false)]),
            "Soler – Lanuza"
        );
    }

    #[test]
    fn an_entrant_without_people_is_typed_from_its_name() {
        let e = Entrant::new("1", "Nieto – Ortega");
        let names: Vec<String> = typed_people(&e, 2).into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["Nieto", "Ortega"]);
        let names: Vec<String> = typed_people(&e, 1).into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["Nieto – Ortega"]);
        assert!(!is_linked(&e));
    }
}
