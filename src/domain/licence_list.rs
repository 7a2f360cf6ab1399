//! A federation's licence list read and planned against the register: one line a
//! person (licence, name, club, optional year of birth). A licence Baza does not know
//! makes a new person, or goes to the one person without a licence who has that name
//! (she is "linked"); a known licence whose club is not one of hers makes a membership
//! in that club (the club is made when Baza has none by that name) and ends the ones
//! she had; a new year of birth is written. A conflict (one licence under two names, a
//! name that is not the stored one's, two licences for one person) refuses the whole
//! list. Reading the register and writing the plan are the store's; importing is the
//! service's.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use serde::Serialize;

use super::names::{self, name_key};
use super::register::{
    ListFault, ListField, MAX_NAME, RegisterFault, checked_birth_year, checked_licence,
};

/// One line of the list, read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its line in the file (1-based; the header is line 1 or more).
    pub line: usize,
    /// As [`crate::domain::register::licence_key`] keeps it.
    pub licence: String,
    pub name: String,
    pub club: Option<String>,
    pub birth_year: Option<i32>,
}

/// A field one line changes, from what to what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    pub field: ListField,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// A line of the report: the person it is and what it changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listed {
    pub line: usize,
    pub licence: String,
    pub name: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
}

/// What is wrong with a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Problem {
    /// A line without a licence or a name, or with a year that is none (the
    /// fault says which; written as its message key).
    BadLine { reason: RegisterFault },
    /// One licence under two different names.
    TwoNames { licence: String, names: Vec<String> },
    /// One licence on two lines that say different things.
    TwoLines { licence: String },
    /// The file's name for a licence is not the name of the person who holds it.
    NameDiffers {
        licence: String,
        stored: String,
        file: String,
    },
    /// Two licences of the file would go to one person.
    TwoLicences {
        person: String,
        licences: Vec<String>,
    },
    /// The club already has another person by that name.
    NameTaken { club: String, name: String },
}

/// A problem and the lines of the file it is on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Conflict {
    pub lines: Vec<usize>,
    #[serde(flatten)]
    pub problem: Problem,
}

/// What an import did (or, with conflicts, would have done: then `written` is
/// false and nothing changed).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    pub new: Vec<Listed>,
    pub changed: Vec<Listed>,
    pub linked: Vec<Listed>,
    pub unchanged: Vec<Listed>,
    pub conflicts: Vec<Conflict>,
    /// The clubs made for lines whose club Baza did not have.
    pub clubs_created: Vec<String>,
    pub written: bool,
}

/// The names a header cell may have for each column, folded (Spanish, Catalan,
/// English).
const LICENCE: [&str; 9] = [
    "licencia",
    "llicencia",
    "licence",
    "license",
    "n licencia",
    "numero de licencia",
    "num licencia",
    "licence number",
    "license number",
];
const NAME: [&str; 9] = [
    "nombre",
    "nom",
    "name",
    "nombre y apellidos",
    "nom i cognoms",
    "nom complet",
    "nombre completo",
    "full name",
    "jugador",
];
const CLUB: [&str; 4] = ["club", "entidad", "entitat", "club actual"];
const YEAR: [&str; 9] = [
    "ano de nacimiento",
    "any de naixement",
    "year of birth",
    "birth year",
    "ano nacimiento",
    "nacimiento",
    "naixement",
    "any naixement",
    "born",
];

/// A header cell folded as the lists above hold them.
fn header_key(cell: &str) -> String {
    names::fold(&cell.replace(['_', '.', 'º', 'ª', '°'], " "))
}

fn column(header: &[String], names: &[&str]) -> Option<usize> {
    header
        .iter()
        .position(|h| names.contains(&header_key(h).as_str()))
}

/// The lines of a list as read from its file (a header line first): the entries
/// and the lines that could not be read (as conflicts). Refused when it has no
/// header with the licence, name and club columns, or no line.
pub fn read(
    rows: &[(usize, Vec<String>)],
    today: NaiveDate,
) -> Result<(Vec<Entry>, Vec<Conflict>), ListFault> {
    let Some(((_, header), rows)) = rows.split_first() else {
        return Err(ListFault::Empty);
    };
    let (Some(lic), Some(name), Some(club)) = (
        column(header, &LICENCE),
        column(header, &NAME),
        column(header, &CLUB),
    ) else {
        return Err(ListFault::Header);
    };
    let year = column(header, &YEAR);
    let mut entries = Vec::with_capacity(rows.len());
    let mut bad = Vec::new();
    for (line, cells) in rows {
        let cell = |i: Option<usize>| i.and_then(|i| cells.get(i)).map_or("", |s| s.trim());
        let reason = match (
            checked_licence(cell(Some(lic))),
            cell(Some(name)),
            checked_birth_year(cell(year), today),
        ) {
            (Ok(None), _, _) => RegisterFault::NoLicence,
            (Err(fault), _, _) => fault,
            (_, "", _) => RegisterFault::NoName,
            (_, n, _) if n.chars().count() > MAX_NAME => RegisterFault::Name,
            (_, _, Err(fault)) => fault,
            (Ok(Some(licence)), n, Ok(birth_year)) => {
                let club = Some(cell(Some(club)))
                    .filter(|c| !c.is_empty())
                    .map(|c| c.chars().take(80).collect());
                entries.push(Entry {
                    line: *line,
                    licence,
                    name: n.split_whitespace().collect::<Vec<_>>().join(" "),
                    club,
                    birth_year,
                });
                continue;
            }
        };
        bad.push(Conflict {
            lines: vec![*line],
            problem: Problem::BadLine { reason },
        });
    }
    if entries.is_empty() && bad.is_empty() {
        return Err(ListFault::Empty);
    }
    Ok((entries, bad))
}
/// Where a line puts a person: a club Baza has, or one the import makes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ClubRef {
    Known(i32),
    /// The folded name of a club to make.
    Made(String),
}

/// A membership a line makes: in `club` under `name`, or her former one in it
/// again (`back`); and the ones it ends.
#[derive(Debug, Clone)]
pub struct Move {
    pub club: ClubRef,
    pub name: String,
    pub back: Option<i32>,
    /// The memberships it ends: (player, club, the club's name for her).
    pub ends: Vec<(i32, i32, String)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    New,
    Linked,
    Changed,
    Unchanged,
}

/// What one licence of the list does.
#[derive(Debug, Clone)]
pub struct Plan {
    pub entry: Entry,
    pub status: Status,
    /// The person it is, when she exists.
    pub person: Option<i32>,
    pub set_licence: bool,
    pub set_year: Option<i32>,
    pub join: Option<Move>,
    pub changes: Vec<Change>,
}

/// A live person of the register, as the plan reads her.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    pub id: i32,
    pub name: String,
    pub birth_year: Option<i32>,
}

/// The register as the import reads it.
#[derive(Debug, Clone, Default)]
pub struct State {
    /// Every live person.
    pub people: HashMap<i32, Holder>,
    /// Licence → the live person who holds it (through a merge).
    pub licences: HashMap<String, i32>,
    /// Name key → the live people without a licence who have it.
    pub unlicensed: HashMap<String, Vec<i32>>,
    /// Person → her current memberships: (player, club, the club's name for her).
    pub current: HashMap<i32, Vec<(i32, i32, String)>>,
    /// (Club, name) → (player, person): every membership, current or not.
    pub taken: HashMap<(i32, String), (i32, i32)>,
    /// Folded club name → (club, its name), the oldest club of each name.
    pub clubs: HashMap<String, (i32, String)>,
}
/// Reads the list against the register: what each licence does, and the conflicts.
pub fn plan(state: &State, entries: &[Entry]) -> (Vec<Plan>, Vec<Conflict>) {
    let mut by_licence: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
    for e in entries {
        by_licence.entry(&e.licence).or_default().push(e);
    }
    let mut plans = Vec::new();
    let mut conflicts = Vec::new();
    // (Club, name) → the line that puts someone there.
    let mut placed: HashMap<(ClubRef, String), usize> = HashMap::new();
    for (licence, lines) in by_licence {
        let numbers: Vec<usize> = lines.iter().map(|e| e.line).collect();
        let e = lines[0];
        let mut spelled: Vec<String> = Vec::new();
        for x in &lines {
            if !spelled.iter().any(|n| name_key(n) == name_key(&x.name)) {
                spelled.push(x.name.clone());
            }
        }
        if spelled.len() > 1 {
            conflicts.push(Conflict {
                lines: numbers,
                problem: Problem::TwoNames {
                    licence: licence.to_owned(),
                    names: spelled,
                },
            });
            continue;
        }
        let fold_club = |x: &Entry| x.club.as_deref().map(names::fold);
        if lines
            .iter()
            .any(|x| fold_club(x) != fold_club(e) || x.birth_year != e.birth_year)
        {
            conflicts.push(Conflict {
                lines: numbers,
                problem: Problem::TwoLines {
                    licence: licence.to_owned(),
                },
            });
            continue;
        }
        let stored = state
            .licences
            .get(licence)
            .and_then(|id| state.people.get(id));
        let (person, status) = match stored {
            Some(p) if name_key(&p.name) != name_key(&e.name) => {
                conflicts.push(Conflict {
                    lines: numbers,
                    problem: Problem::NameDiffers {
                        licence: licence.to_owned(),
                        stored: p.name.clone(),
                        file: e.name.clone(),
                    },
                });
                continue;
            }
            Some(p) => (Some(p), Status::Unchanged),
            None => match state.unlicensed.get(&name_key(&e.name)).map(Vec::as_slice) {
                Some([only]) => (state.people.get(only), Status::Linked),
                _ => (None, Status::New),
            },
        };
        let mut p = Plan {
            entry: e.clone(),
            status,
            person: person.map(|p| p.id),
            set_licence: status == Status::Linked,
            set_year: None,
            join: None,
            changes: Vec::new(),
        };
        if status == Status::Linked {
            p.changes.push(Change {
                field: ListField::Licence,
                from: None,
                to: Some(licence.to_owned()),
            });
        }
        if let Some(p0) = person
            && e.birth_year.is_some()
            && e.birth_year != p0.birth_year
        {
            p.set_year = e.birth_year;
            p.changes.push(Change {
                field: ListField::BirthYear,
                from: p0.birth_year.map(|y| y.to_string()),
                to: e.birth_year.map(|y| y.to_string()),
            });
        }
        if let Some(club) = &e.club {
            let known = state.clubs.get(&names::fold(club));
            let mine: Vec<(i32, i32, String)> = person
                .and_then(|p| state.current.get(&p.id))
                .cloned()
                .unwrap_or_default();
            if !known.is_some_and(|(id, _)| mine.iter().any(|(_, c, _)| c == id)) {
                let name = person.map_or_else(|| e.name.clone(), |p| p.name.clone());
                let (club_ref, back) = match known {
                    Some((id, _)) => match state.taken.get(&(*id, name.clone())) {
                        Some((player, holder)) if Some(*holder) == p.person => {
                            (ClubRef::Known(*id), Some(*player))
                        }
                        Some(_) => {
                            conflicts.push(Conflict {
                                lines: numbers,
                                problem: Problem::NameTaken {
                                    club: club.clone(),
                                    name,
                                },
                            });
                            continue;
                        }
                        None => (ClubRef::Known(*id), None),
                    },
                    None => (ClubRef::Made(names::fold(club)), None),
                };
                if let Some(first) = placed.insert((club_ref.clone(), name.clone()), e.line) {
                    conflicts.push(Conflict {
                        lines: vec![first, e.line],
                        problem: Problem::NameTaken {
                            club: club.clone(),
                            name,
                        },
                    });
                    continue;
                }
                let names_of = |list: &[(i32, i32, String)]| {
                    let shown: Vec<String> = list
                        .iter()
                        .filter_map(|(_, c, _)| state.clubs.values().find(|(id, _)| id == c))
                        .map(|(_, n)| n.clone())
                        .collect();
                    (!shown.is_empty()).then(|| shown.join(", "))
                };
                if p.person.is_some() {
                    p.changes.push(Change {
                        field: ListField::Club,
                        from: names_of(&mine),
                        to: Some(known.map_or_else(|| club.clone(), |(_, n)| n.clone())),
                    });
                }
                p.join = Some(Move {
                    club: club_ref,
                    name,
                    back,
                    ends: mine.clone(),
                });
            }
        }
        if p.status == Status::Unchanged && !p.changes.is_empty() {
            p.status = Status::Changed;
        }
        plans.push(p);
    }
    // Two licences for one person.
    let mut claims: BTreeMap<i32, Vec<&Plan>> = BTreeMap::new();
    for p in &plans {
        if let Some(id) = p.person {
            claims.entry(id).or_default().push(p);
        }
    }
    for (id, list) in claims {
        if list.len() > 1 {
            conflicts.push(Conflict {
                lines: list.iter().map(|p| p.entry.line).collect(),
                problem: Problem::TwoLicences {
                    person: state
                        .people
                        .get(&id)
                        .map(|p| p.name.clone())
                        .unwrap_or_default(),
                    licences: list.iter().map(|p| p.entry.licence.clone()).collect(),
                },
            });
        }
    }
    conflicts.sort_by_key(|c| c.lines.first().copied());
    plans.sort_by_key(|p| p.entry.line);
    (plans, conflicts)
}
fn listed(p: &Plan) -> Listed {
    Listed {
        line: p.entry.line,
        licence: p.entry.licence.clone(),
        name: p.entry.name.clone(),
        changes: p.changes.clone(),
    }
}

/// The report of `plans` with `conflicts` (the plan's and the unreadable lines'), not
/// yet written; and the clubs the import makes: folded name → the name the list gives.
pub fn report(plans: &[Plan], mut conflicts: Vec<Conflict>) -> (Report, BTreeMap<String, String>) {
    conflicts.sort_by_key(|c| c.lines.first().copied());
    let mut report = Report {
        conflicts,
        ..Report::default()
    };
    for p in plans {
        let list = match p.status {
            Status::New => &mut report.new,
            Status::Linked => &mut report.linked,
            Status::Changed => &mut report.changed,
            Status::Unchanged => &mut report.unchanged,
        };
        list.push(listed(p));
    }
    let mut made: BTreeMap<String, String> = BTreeMap::new();
    for p in plans {
        if let (Some(m), Some(club)) = (&p.join, &p.entry.club)
            && let ClubRef::Made(key) = &m.club
        {
            made.entry(key.clone())
                .or_insert_with(|| club.trim().to_owned());
        }
    }
    report.clubs_created = made.values().cloned().collect();
    (report, made)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(lines: &[&[&str]]) -> Vec<(usize, Vec<String>)> {
        lines
            .iter()
            .enumerate()
            .map(|(i, l)| (i + 1, l.iter().map(|s| s.to_string()).collect()))
            .collect()
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 28).unwrap_or_default()
    }

    #[test]
    fn headers_read_in_spanish_catalan_and_english() {
        for header in [
            ["Licencia", "Nombre", "Club", "Año de nacimiento"],
            ["llicència", "Nom", "CLUB", "Any de naixement"],
            ["licence", "name", "club", "year_of_birth"],
        ] {
            let (entries, bad) = read(
                &rows(&[&header, &["cv 12", "Ana  Ruiz", "Peña", "1984"]]),
                today(),
            )
            .unwrap_or_default();
            assert!(bad.is_empty());
            assert_eq!(
                entries,
                [Entry {
                    line: 2,
                    licence: "CV12".into(),
                    name: "Ana Ruiz".into(),
                    club: Some("Peña".into()),
                    birth_year: Some(1984),
                }]
            );
        }
        assert_eq!(
            read(&rows(&[&["nombre", "club"]]), today()),
            Err(ListFault::Header)
        );
    }

    #[test]
    fn a_line_without_a_licence_or_with_a_wrong_year_is_a_conflict_of_its_own() {
        let (entries, bad) = read(
            &rows(&[
                &["licencia", "nombre", "club", "año de nacimiento"],
                &["", "Ana", "Peña", ""],
                &["X1", "Luis", "Peña", "18"],
                &["X2", "Eva", "", ""],
            ]),
            today(),
        )
        .unwrap_or_default();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].club, None);
        assert_eq!(bad.len(), 2);
        assert_eq!(
            bad[0].problem,
            Problem::BadLine {
                reason: RegisterFault::NoLicence
            }
        );
        assert_eq!(bad[1].lines, [3]);
    }

    fn entry(line: usize, licence: &str, name: &str, club: &str) -> Entry {
        Entry {
            line,
            licence: licence.into(),
            name: name.into(),
            club: Some(club.into()),
            birth_year: None,
        }
    }

    /// Ana holds CV1 and plays for Peña (club 1); Luis has no licence.
    fn register() -> State {
        let holder = |id: i32, name: &str| Holder {
            id,
            name: name.into(),
            birth_year: None,
        };
        State {
            people: [(1, holder(1, "Ana Ruiz")), (2, holder(2, "Luis Gil"))].into(),
            licences: [("CV1".to_owned(), 1)].into(),
            unlicensed: [(name_key("Luis Gil"), vec![2])].into(),
            current: [(1, vec![(10, 1, "Ana Ruiz".to_owned())])].into(),
            taken: [((1, "Ana Ruiz".to_owned()), (10, 1))].into(),
            clubs: [(names::fold("Peña"), (1, "Peña".to_owned()))].into(),
        }
    }

    #[test]
    fn a_list_is_planned_against_the_register_without_reading_the_store() {
        let (plans, conflicts) = plan(
            &register(),
            &[
                entry(2, "CV1", "Ana Ruiz", "peña"),
                entry(3, "CV2", "Gil, Luis", "Casino"),
                entry(4, "CV3", "Eva Sanz", "Casino"),
            ],
        );
        assert!(conflicts.is_empty(), "{conflicts:?}");
        let status: Vec<Status> = plans.iter().map(|p| p.status).collect();
        assert_eq!(status, [Status::Unchanged, Status::Linked, Status::New]);
        assert_eq!(plans[1].person, Some(2));
        let (report, made) = report(&plans, Vec::new());
        assert_eq!(report.clubs_created, ["Casino"]);
        assert_eq!(made.len(), 1);
        assert!(!report.written);
    }

    #[test]
    fn a_licence_under_another_name_than_its_holders_refuses_the_list() {
        let (_, conflicts) = plan(&register(), &[entry(2, "CV1", "Eva Sanz", "Peña")]);
        assert_eq!(
            conflicts,
            [Conflict {
                lines: vec![2],
                problem: Problem::NameDiffers {
                    licence: "CV1".into(),
                    stored: "Ana Ruiz".into(),
                    file: "Eva Sanz".into(),
                },
            }]
        );
    }
}
