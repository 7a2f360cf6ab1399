//! The people behind a championship's entrants: the person a player registered from
//! the register becomes, who a typed name probably is, linking a typed name to a
//! person afterwards, and a file's people as an export writes them and an import
//! finds or creates them. An entrant's person is linked when she has a key (the
//! person's code); a typed name without one is not linked yet.

use crate::domain::refusal::Refusal;
use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDateTime;
use diesel::QueryResult;

use super::DbConn;
use super::championship::store::ChangeError;
use super::register::{self, Candidate, Membership, Person};
use crate::domain::names;
use crate::domain::tournament::people::{entrant_size, typed_people};
use crate::domain::tournament::{Entrant, EntrantPerson, TournamentFile};

/// The most people offered for one typed name.
const OFFERED: usize = 6;

/// The club she plays for now (the latest membership still running).
pub fn current_club(clubs: &[Membership]) -> Option<String> {
    clubs
        .iter()
        .rev()
        .find(|m| m.current())
        .map(|m| m.club.clone())
}

/// A person of the register as an entrant's player, for `club` (her current club
/// when none is given).
pub fn entrant_person(
    conn: &mut DbConn,
    p: &Person,
    club: Option<&str>,
) -> QueryResult<EntrantPerson> {
    let club = match club.map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => Some(c.chars().take(80).collect()),
        None => current_club(&register::memberships(conn, p.id)?),
    };
    Ok(EntrantPerson {
        name: p.name.clone(),
        key: Some(p.code.clone()),
        licence: p.licence.clone(),
        club,
    })
}

/// The people a typed name probably is, by position in `everyone`: the holder of the
/// licence when it is known; else those whose name is the same (accents, case and
/// word order ignored), then those whose name holds every word typed.
fn candidates_in(
    everyone: &[Person],
    keys: &[String],
    name: &str,
    licence: Option<&str>,
) -> Vec<usize> {
    if let Some(l) = licence
        .map(crate::domain::register::licence_key)
        .filter(|l| !l.is_empty())
        && let Some(i) = everyone
            .iter()
            .position(|p| p.licence.as_deref() == Some(l.as_str()))
    {
        return vec![i];
    }
    let key = register::name_key(name);
    if key.is_empty() {
        return Vec::new();
    }
    let query = name.replace(',', " ");
    let mut found: Vec<usize> = (0..everyone.len()).filter(|&i| keys[i] == key).collect();
    found.sort_by_cached_key(|&i| names::closeness(&everyone[i].name, name));
    let mut words: Vec<usize> = (0..everyone.len())
        .filter(|&i| keys[i] != key && names::matches(&everyone[i].name, &query))
        .collect();
    words.sort_by_cached_key(|&i| names::collation_key(&everyone[i].name));
    found.extend(words);
    found.truncate(OFFERED);
    found
}

/// One player of an entrant not linked yet, and who she probably is.
pub struct Slot {
    /// Her place among the entrant's people (0-based).
    pub index: usize,
    pub typed: String,
    pub candidates: Vec<Candidate>,
}

/// An entrant with a player not linked yet.
pub struct Unlinked {
    pub id: String,
    pub name: String,
    pub slots: Vec<Slot>,
}

/// The entrants of `file` with a player not linked, each player with the people she
/// probably is.
pub fn unlinked(conn: &mut DbConn, file: &TournamentFile) -> QueryResult<Vec<Unlinked>> {
    let size = entrant_size(file);
    let waiting: Vec<(&Entrant, Vec<(usize, EntrantPerson)>)> = file
        .entrants
        .iter()
        .filter_map(|e| {
            let open: Vec<(usize, EntrantPerson)> = typed_people(e, size)
                .into_iter()
                .enumerate()
                .filter(|(_, p)| p.key.is_none())
                .collect();
            (!open.is_empty()).then_some((e, open))
        })
        .collect();
    if waiting.is_empty() {
        return Ok(Vec::new());
    }
    let everyone = register::everyone(conn)?;
    let keys: Vec<String> = everyone
        .iter()
        .map(|p| register::name_key(&p.name))
        .collect();
    let found: Vec<Vec<Vec<usize>>> = waiting
        .iter()
        .map(|(_, open)| {
            open.iter()
                .map(|(_, p)| candidates_in(&everyone, &keys, &p.name, p.licence.as_deref()))
                .collect()
        })
        .collect();
    let ids: Vec<i32> = found
        .iter()
        .flatten()
        .flatten()
        .map(|&i| everyone[i].id)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let clubs = register::memberships_of(conn, &ids)?;
    let candidate = |i: usize| Candidate {
        person: everyone[i].clone(),
        clubs: clubs.get(&everyone[i].id).cloned().unwrap_or_default(),
    };
    Ok(waiting
        .into_iter()
        .zip(found)
        .map(|((e, open), found)| Unlinked {
            id: e.id.clone(),
            name: e.name.clone(),
            slots: open
                .into_iter()
                .zip(found)
                .map(|((index, p), found)| Slot {
                    index,
                    typed: p.name,
                    candidates: found.into_iter().map(candidate).collect(),
                })
                .collect(),
        })
        .collect())
}

/// Who a typed player is, as the director confirms it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chosen {
    /// This person of the register.
    Person(i32),
    /// Somebody new: a person made from the typed name.
    New,
}

/// What a link changed: the entrant before and after, and the person.
pub struct Linked {
    pub before: Entrant,
    pub after: Entrant,
    pub person: Person,
}

/// Links player `slot` of entrant `eid` (the first one not linked when `None`) to the
/// person chosen. Only the entrant's people change: its id, name and every pairing
/// stay as they were.
pub fn link(
    conn: &mut DbConn,
    file: &mut TournamentFile,
    eid: &str,
    slot: Option<usize>,
    chosen: Chosen,
    now: NaiveDateTime,
) -> Result<Linked, ChangeError> {
    let size = entrant_size(file);
    let pos = file
        .entrants
        .iter()
        .position(|e| e.id == eid)
        .ok_or(ChangeError::NotFound)?;
    let before = file.entrants[pos].clone();
    let mut people = typed_people(&before, size);
    let index = match slot {
        Some(i) if i < people.len() => i,
        Some(i) => return Err(ChangeError::Refused(Refusal::LinkSlot(i.to_string()))),
        None => people
            .iter()
            .position(|p| p.key.is_none())
            .ok_or_else(|| ChangeError::Refused(Refusal::LinkSlot(before.name.clone())))?,
    };
    let was = people[index].clone();
    let person = match chosen {
        Chosen::Person(id) => register::live(conn, id)?
            .ok_or_else(|| ChangeError::Refused(Refusal::LinkPerson(id.to_string())))?,
        Chosen::New => {
            // A licence somebody else holds is not hers: the new person goes without.
            let licence = match was.licence.as_deref() {
                Some(l) if register::by_licence(conn, l)?.is_none() => Some(l),
                _ => None,
            };
            let id = register::create(conn, &was.name, licence, None, now)?;
            // The club the entrant names her for (or the entrant's), when the Baza
            // has it: she is its member from today, as registering a player of the
            // club makes her; a name another member holds there leaves her without.
            let club = was.club.as_deref().or(before.club.as_deref());
            if let Some(club) = register::club_named(conn, club.unwrap_or_default())? {
                let name = was.name.trim();
                let joined = diesel::Connection::transaction(conn, |c| {
                    register::join(c, (club, name), id, now.date(), now)
                });
                match joined {
                    Ok(_) => {}
                    Err(e) if crate::db::accounts::is_unique_violation(&e) => {}
                    Err(e) => return Err(e.into()),
                }
            }
            register::find(conn, id)?.ok_or(ChangeError::NotFound)?
        }
    };
    let taken = file.entrants.iter().enumerate().any(|(i, e)| {
        e.people.iter().enumerate().any(|(k, p)| {
            p.key.as_deref() == Some(person.code.as_str()) && (i != pos || k != index)
        })
    });
    if taken {
        return Err(ChangeError::Refused(Refusal::LinkTwice(
            person.name.clone(),
        )));
    }
    people[index] = entrant_person(conn, &person, was.club.as_deref())?;
    file.entrants[pos].people = people;
    Ok(Linked {
        before,
        after: file.entrants[pos].clone(),
        person,
    })
}

/// The players a person of the register may be made for in one go, as (entrant id,
/// place among its people): typed as players (not read from a pair's name), and
/// with nobody in the register they probably are (no candidate in `waiting`, from
/// [`unlinked`]). A name typed twice counts once: once its first holder is made a
/// person, the second has a likely match, hers for the director to decide.
pub fn unmatched(file: &TournamentFile, waiting: &[Unlinked]) -> Vec<(String, usize)> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for u in waiting {
        let typed_as_players = file
            .entrants
            .iter()
            .any(|e| e.id == u.id && !e.people.is_empty());
        if !typed_as_players {
            continue;
        }
        for s in u.slots.iter().filter(|s| s.candidates.is_empty()) {
            if seen.insert(register::name_key(&s.typed)) {
                out.push((u.id.clone(), s.index));
            }
        }
    }
    out
}

/// Links every player of `file` [`unmatched`] finds to a new person of the register
/// made from her typed name, as [`link`] with [`Chosen::New`] does one: what each
/// link changed. Refused when there is none to make.
pub fn link_unmatched(
    conn: &mut DbConn,
    file: &mut TournamentFile,
    now: NaiveDateTime,
) -> Result<Vec<Linked>, ChangeError> {
    let waiting = unlinked(conn, file)?;
    let todo = unmatched(file, &waiting);
    if todo.is_empty() {
        return Err(ChangeError::Refused(Refusal::LinkNoneNew));
    }
    todo.into_iter()
        .map(|(eid, index)| link(conn, file, &eid, Some(index), Chosen::New, now))
        .collect()
}

/// How many people an import linked to the register, and how many it left typed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LinkCount {
    pub linked: usize,
    pub unlinked: usize,
}

/// Links the players of new entrants whose licence the register knows; the others
/// stay typed (a name alone links nobody: the director confirms who she is).
pub fn link_licences(conn: &mut DbConn, entrants: &mut [Entrant]) -> QueryResult<LinkCount> {
    let mut count = LinkCount::default();
    for e in entrants.iter_mut() {
        for p in &mut e.people {
            if p.key.is_some() {
                count.linked += 1;
                continue;
            }
            let known = match p.licence.as_deref() {
                Some(l) => match register::by_licence(conn, l)? {
                    Some(found) => register::live(conn, found.id)?,
                    None => None,
                },
                None => None,
            };
            match known {
                Some(person) => {
                    *p = entrant_person(conn, &person, p.club.as_deref())?;
                    count.linked += 1;
                }
                None => count.unlinked += 1,
            }
        }
    }
    Ok(count)
}

/// Writes the people of a file as an export gives them: each linked one by her code
/// (the live person after a merge) and name; her licence only when `private` (the
/// reader may see licences), and her name as initials when she asked for it and
/// the reader is not one of those.
pub fn people_for_export(
    conn: &mut DbConn,
    file: &mut TournamentFile,
    private: bool,
) -> QueryResult<()> {
    let mut seen: BTreeMap<(Option<String>, Option<String>), Option<Person>> = BTreeMap::new();
    for e in &mut file.entrants {
        for p in &mut e.people {
            let ask = (p.key.clone(), p.licence.clone());
            let person = match seen.get(&ask) {
                Some(found) => found.clone(),
                None => {
                    let found = if ask.0.is_some() || ask.1.is_some() {
                        register::resolve(conn, p.key.as_deref(), p.licence.as_deref())?
                    } else {
                        None
                    };
                    seen.insert(ask, found.clone());
                    found
                }
            };
            if let Some(person) = person {
                p.key = Some(person.code.clone());
                p.name = if private {
                    person.name.clone()
                } else {
                    person.public_name()
                };
                p.licence = person.licence.clone();
            }
            if !private {
                p.licence = None;
            }
        }
    }
    Ok(())
}

/// What an import did with a file's people.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Adopted {
    /// Found in the register (by key, then licence).
    pub linked: usize,
    /// New people, with the file's key as their code and its licence.
    pub created: usize,
    /// Typed names without a key or licence: left not linked.
    pub unlinked: usize,
}

/// Finds each person of an imported file in the register, by key then licence; one
/// it does not know becomes a new person with the file's key as her code and its
/// licence, so that an import into an empty Baza keeps who played. Each linked
/// person is written back with her code.
pub fn adopt_people(
    conn: &mut DbConn,
    file: &mut TournamentFile,
    now: NaiveDateTime,
) -> QueryResult<Adopted> {
    let mut done = Adopted::default();
    for e in &mut file.entrants {
        for p in &mut e.people {
            let key = p.key.as_deref().filter(|k| !k.trim().is_empty());
            let licence = p.licence.as_deref().filter(|l| !l.trim().is_empty());
            if key.is_none() && licence.is_none() {
                p.key = None;
                p.licence = None;
                done.unlinked += 1;
                continue;
            }
            let person = match register::resolve(conn, key, licence)? {
                Some(found) => {
                    done.linked += 1;
                    found
                }
                None => {
                    let id = register::create_with_code(conn, &p.name, key, licence, now)?;
                    done.created += 1;
                    register::find(conn, id)?.ok_or(diesel::result::Error::NotFound)?
                }
            };
            p.key = Some(person.code.clone());
            p.licence = person.licence.clone().or(p.licence.take());
        }
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(id: i32, name: &str, licence: Option<&str>) -> Person {
        Person {
            id,
            code: format!("c{id:04}"),
            name: name.into(),
            licence: licence.map(Into::into),
            birth_year: None,
            initials_only: 0,
            merged_into: None,
            created_at: chrono::NaiveDateTime::default(),
        }
    }

    #[test]
    fn candidates_are_the_licence_holder_or_the_same_name_then_names_holding_the_words() {
        let everyone = vec![
            person(1, "Andrés Nieto", None),
            person(2, "Nieto, Andrés", Some("CV1")),
            person(3, "Lucía Nieto Sanz", None),
            person(4, "Rosa Ortega", None),
        ];
        let keys: Vec<String> = everyone
            .iter()
            .map(|p| register::name_key(&p.name))
            .collect();
        assert_eq!(
            candidates_in(&everyone, &keys, "andres nieto", None),
            [0, 1]
        );
        assert_eq!(candidates_in(&everyone, &keys, "Nieto", None), [0, 2, 1]);
        assert_eq!(candidates_in(&everyone, &keys, "x", Some("cv 1")), [1]);
        assert!(candidates_in(&everyone, &keys, "Pérez", None).is_empty());
    }
}
