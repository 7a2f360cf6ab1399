//! The register of people: one record per person across the whole Baza, whichever
//! clubs she plays for. A club's player row is a membership of a person in that club
//! (from the day she joined to the day she left); a championship entrant names its
//! people by their code or licence. A person merged into another keeps her row, with
//! `merged_into` set, so the merge can be undone.

use std::collections::BTreeMap;

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConn;
use super::queries::NewPlayer;
use super::rows::{LoadOne, insert_returning_id};
use super::schema::{clubs, people, players};
use crate::domain::names;

#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = people)]
pub struct Person {
    pub id: i32,
    /// The stable key Baza gives a person: it survives export and import.
    pub code: String,
    pub name: String,
    /// A federation's licence number (unique when present).
    pub licence: Option<String>,
    pub birth_year: Option<i32>,
    /// Shown on public pages by name and initial of the surname.
    pub initials_only: i32,
    /// The person this record was merged into (a merge kept for undoing).
    pub merged_into: Option<i32>,
    pub created_at: NaiveDateTime,
}

impl Person {
    /// The name a visitor reads: "Ana M." when she asked to be shown so.
    pub fn public_name(&self) -> String {
        if self.initials_only != 0 {
            initials(&self.name)
        } else {
            self.name.clone()
        }
    }
}

/// "Ana Martínez Ruiz" → "Ana M."; "Martínez, Ana" → "Ana M."; one word stays whole.
pub fn initials(name: &str) -> String {
    let (given, surnames) = match name.split_once(',') {
        Some((surnames, given)) => (given.trim().to_owned(), surnames.trim().to_owned()),
        None => {
            let mut words = name.split_whitespace();
            let given = words.next().unwrap_or_default().to_owned();
            (given, words.collect::<Vec<_>>().join(" "))
        }
    };
    match surnames.chars().next() {
        Some(c) if !given.is_empty() => format!("{given} {c}."),
        _ => name.trim().to_owned(),
    }
}

#[derive(Insertable)]
#[diesel(table_name = people)]
pub struct NewPerson<'a> {
    pub code: &'a str,
    pub name: &'a str,
    pub licence: Option<&'a str>,
    pub birth_year: Option<i32>,
    pub created_at: NaiveDateTime,
}

/// A membership of a person in a club: its player row, the club, and its dates.
#[derive(Debug, Clone, PartialEq)]
pub struct Membership {
    pub player_id: i32,
    pub club_id: i32,
    pub club: String,
    /// The name the club knows her by.
    pub name: String,
    pub joined_on: Option<NaiveDate>,
    pub left_on: Option<NaiveDate>,
}

impl Membership {
    /// Whether she still plays for the club.
    pub fn current(&self) -> bool {
        self.left_on.is_none()
    }
}

/// A person who may be the one meant, with the clubs she plays or played for.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub person: Person,
    pub clubs: Vec<Membership>,
}

impl Candidate {
    /// "Andrés Nieto (Peña El Tres, Club Parchís)": the name and her current clubs
    /// (or the last one she played for).
    pub fn label(&self) -> String {
        let current: Vec<&str> = self
            .clubs
            .iter()
            .filter(|m| m.current())
            .map(|m| m.club.as_str())
            .collect();
        let shown = if current.is_empty() {
            self.clubs
                .last()
                .map(|m| vec![m.club.as_str()])
                .unwrap_or_default()
        } else {
            current
        };
        if shown.is_empty() {
            self.person.name.clone()
        } else {
            format!("{} ({})", self.person.name, shown.join(", "))
        }
    }
}

/// The key two spellings of one name share: accents, case, commas and word order
/// ignored ("Nieto, Andrés" and "andres nieto" are one key).
pub fn name_key(name: &str) -> String {
    let folded = names::fold(&name.replace(',', " "));
    let mut words: Vec<&str> = folded.split_whitespace().collect();
    words.sort_unstable();
    words.join(" ")
}

/// A licence number as compared: blanks removed, upper case.
pub fn licence_key(licence: &str) -> String {
    licence
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

/// A new stable code: ten hexadecimal digits from the system's randomness.
pub fn new_code() -> String {
    let mut b = [0u8; 5];
    if getrandom::fill(&mut b).is_err() {
        // The clock's nanoseconds: still unique enough with the column's UNIQUE check.
        let n = chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default();
        b.copy_from_slice(&n.to_le_bytes()[..5]);
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

pub fn find(conn: &mut DbConn, id: i32) -> QueryResult<Option<Person>> {
    people::table
        .find(id)
        .select(Person::as_select())
        .load_one(conn)
}

/// The record a person lives in now: `id` itself, or the one it was merged into.
pub fn live(conn: &mut DbConn, id: i32) -> QueryResult<Option<Person>> {
    let mut seen = 0;
    let mut at = find(conn, id)?;
    while let Some(p) = &at {
        match p.merged_into {
            Some(next) if seen < 16 => {
                seen += 1;
                at = find(conn, next)?;
            }
            _ => break,
        }
    }
    Ok(at)
}

pub fn by_code(conn: &mut DbConn, code: &str) -> QueryResult<Option<Person>> {
    people::table
        .filter(people::code.eq(code))
        .select(Person::as_select())
        .load_one(conn)
}

pub fn by_licence(conn: &mut DbConn, licence: &str) -> QueryResult<Option<Person>> {
    people::table
        .filter(people::licence.eq(licence_key(licence)))
        .select(Person::as_select())
        .load_one(conn)
}

/// Creates a person; returns her id.
pub fn create(
    conn: &mut DbConn,
    name: &str,
    licence: Option<&str>,
    birth_year: Option<i32>,
    at: NaiveDateTime,
) -> QueryResult<i32> {
    let code = new_code();
    let licence = licence.map(licence_key).filter(|l| !l.is_empty());
    insert_returning_id(
        conn,
        people::table,
        &NewPerson {
            code: &code,
            name: name.trim(),
            licence: licence.as_deref(),
            birth_year,
            created_at: at,
        },
    )
}

/// Creates a person with a code and licence given by a file (an import that keeps
/// who played); the code is a new one when the file's is taken or missing.
pub fn create_with_code(
    conn: &mut DbConn,
    name: &str,
    code: Option<&str>,
    licence: Option<&str>,
    at: NaiveDateTime,
) -> QueryResult<i32> {
    let code = match code.filter(|c| valid_code(c)) {
        Some(c) if by_code(conn, c)?.is_none() => c.to_owned(),
        _ => new_code(),
    };
    let licence = licence.map(licence_key).filter(|l| !l.is_empty());
    insert_returning_id(
        conn,
        people::table,
        &NewPerson {
            code: &code,
            name: name.trim(),
            licence: licence.as_deref(),
            birth_year: None,
            created_at: at,
        },
    )
}

/// A code as a file may carry one: 4 to 40 letters, digits or dashes.
pub fn valid_code(code: &str) -> bool {
    (4..=40).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// Adds a membership of `person` (a new person named `name` when `None`) to club
/// `club_id`, under `name`; returns the player row's id.
pub fn add_member(
    conn: &mut DbConn,
    club_id: i32,
    name: &str,
    person: Option<i32>,
    at: NaiveDateTime,
) -> QueryResult<i32> {
    let person_id = match person {
        Some(p) => p,
        None => create(conn, name, None, None, at)?,
    };
    super::queries::insert_player(
        conn,
        &NewPlayer {
            club_id,
            name,
            created_at: at,
            person_id,
            joined_on: Some(at.date()),
        },
    )
}

/// A membership as read: (person, player id, club, club's name, name, joined, left).
type MembershipRow = (
    i32,
    i32,
    i32,
    String,
    String,
    Option<NaiveDate>,
    Option<NaiveDate>,
);

/// Every membership of the people `ids`, oldest first, by person.
pub fn memberships_of(
    conn: &mut DbConn,
    ids: &[i32],
) -> QueryResult<BTreeMap<i32, Vec<Membership>>> {
    let rows: Vec<MembershipRow> = players::table
        .inner_join(clubs::table)
        .filter(players::person_id.eq_any(ids))
        .select((
            players::person_id,
            players::id,
            players::club_id,
            clubs::name,
            players::name,
            players::joined_on,
            players::left_on,
        ))
        .order((players::joined_on, players::id))
        .load(conn)?;
    let mut out: BTreeMap<i32, Vec<Membership>> = BTreeMap::new();
    for (person, player_id, club_id, club, name, joined_on, left_on) in rows {
        out.entry(person).or_default().push(Membership {
            player_id,
            club_id,
            club,
            name,
            joined_on,
            left_on,
        });
    }
    Ok(out)
}

pub fn memberships(conn: &mut DbConn, person: i32) -> QueryResult<Vec<Membership>> {
    Ok(memberships_of(conn, &[person])?
        .remove(&person)
        .unwrap_or_default())
}

/// Renames a person (her club renamed its player row).
pub fn rename(conn: &mut DbConn, id: i32, name: &str) -> QueryResult<usize> {
    diesel::update(people::table.find(id))
        .set(people::name.eq(name.trim()))
        .execute(conn)
}

/// After a club merged two of its player rows: the dropped row's person, when she
/// has no membership left, is merged into the kept row's person.
pub fn absorb_if_alone(conn: &mut DbConn, from: i32, into: i32) -> QueryResult<usize> {
    if from == into {
        return Ok(0);
    }
    let left: i64 = players::table
        .filter(players::person_id.eq(from))
        .count()
        .get_result(conn)?;
    if left > 0 {
        return Ok(0);
    }
    diesel::update(people::table.find(from))
        .set(people::merged_into.eq(Some(into)))
        .execute(conn)
}

/// Gives a person her federation licence and year of birth.
pub fn set_licence(
    conn: &mut DbConn,
    id: i32,
    licence: &str,
    birth_year: Option<i32>,
) -> QueryResult<usize> {
    diesel::update(people::table.find(id))
        .set((
            people::licence.eq(Some(licence_key(licence))),
            people::birth_year.eq(birth_year),
        ))
        .execute(conn)
}

/// Sets the day a person's membership of a club began.
pub fn set_joined_on(
    conn: &mut DbConn,
    person: i32,
    club_id: i32,
    day: NaiveDate,
) -> QueryResult<usize> {
    diesel::update(
        players::table
            .filter(players::person_id.eq(person))
            .filter(players::club_id.eq(club_id)),
    )
    .set(players::joined_on.eq(Some(day)))
    .execute(conn)
}

/// Records a membership that began and ended on the days `(from, to)`.
pub fn add_past_membership(
    conn: &mut DbConn,
    person: i32,
    club_id: i32,
    name: &str,
    (from, to): (NaiveDate, NaiveDate),
    at: NaiveDateTime,
) -> QueryResult<i32> {
    let id = super::queries::insert_player(
        conn,
        &NewPlayer {
            club_id,
            name,
            created_at: at,
            person_id: person,
            joined_on: Some(from),
        },
    )?;
    diesel::update(players::table.find(id))
        .set((
            players::left_on.eq(Some(to)),
            players::retired_at.eq(Some(to.and_time(chrono::NaiveTime::MIN))),
        ))
        .execute(conn)?;
    Ok(id)
}

/// Every person not merged away.
pub fn everyone(conn: &mut DbConn) -> QueryResult<Vec<Person>> {
    people::table
        .filter(people::merged_into.is_null())
        .select(Person::as_select())
        .order(people::id)
        .load(conn)
}

fn with_clubs(conn: &mut DbConn, found: Vec<Person>) -> QueryResult<Vec<Candidate>> {
    let ids: Vec<i32> = found.iter().map(|p| p.id).collect();
    let mut clubs = memberships_of(conn, &ids)?;
    Ok(found
        .into_iter()
        .map(|person| Candidate {
            clubs: clubs.remove(&person.id).unwrap_or_default(),
            person,
        })
        .collect())
}

/// The people a typed name (or licence) probably is: the holder of the licence when
/// one is given and known, else everyone whose name is the same with accents, case
/// and word order ignored.
pub fn probably(
    conn: &mut DbConn,
    name: &str,
    licence: Option<&str>,
) -> QueryResult<Vec<Candidate>> {
    if let Some(l) = licence.map(licence_key).filter(|l| !l.is_empty())
        && let Some(p) = by_licence(conn, &l)?
    {
        return with_clubs(conn, vec![p]);
    }
    let key = name_key(name);
    if key.is_empty() {
        return Ok(Vec::new());
    }
    let found: Vec<Person> = everyone(conn)?
        .into_iter()
        .filter(|p| name_key(&p.name) == key)
        .collect();
    with_clubs(conn, found)
}

/// Search as you type: people whose name holds every word typed (accents and case
/// ignored), or whose licence starts with it; at most `limit`, by name.
pub fn search(conn: &mut DbConn, query: &str, limit: usize) -> QueryResult<Vec<Candidate>> {
    let q = query.trim();
    if q.is_empty() {
        return Ok(Vec::new());
    }
    let lic = licence_key(q);
    let mut found: Vec<Person> = everyone(conn)?
        .into_iter()
        .filter(|p| {
            names::matches(&p.name, q) || p.licence.as_deref().is_some_and(|l| l.starts_with(&lic))
        })
        .collect();
    names::sort_by_name(&mut found, |p| &p.name);
    found.truncate(limit);
    with_clubs(conn, found)
}

/// Maps a file's person (code, then licence) to the live person it names.
pub fn resolve(
    conn: &mut DbConn,
    code: Option<&str>,
    licence: Option<&str>,
) -> QueryResult<Option<Person>> {
    if let Some(c) = code
        && let Some(p) = by_code(conn, c)?
    {
        return live(conn, p.id);
    }
    if let Some(l) = licence.filter(|l| !l.trim().is_empty())
        && let Some(p) = by_licence(conn, l)?
    {
        return live(conn, p.id);
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_and_its_reversed_spelling_without_accents_share_a_key() {
        assert_eq!(name_key("Nieto, Andrés"), name_key("andres  NIETO"));
        assert_ne!(name_key("Andrés Nieto"), name_key("Andrés Nieto Ruiz"));
    }

    #[test]
    fn initials_keep_the_given_name_and_the_first_letter_of_the_surnames() {
        assert_eq!(initials("Ana Martínez Ruiz"), "Ana M.");
        assert_eq!(initials("Martínez, Ana"), "Ana M.");
        assert_eq!(initials("Ana"), "Ana");
        assert_eq!(initials("Óscar Álvarez"), "Óscar Á.");
    }

    #[test]
    fn a_new_code_is_ten_hex_digits_and_valid_in_a_file() {
        let c = new_code();
        assert_eq!(c.len(), 10);
        assert!(valid_code(&c));
        assert!(!valid_code("12"));
        assert!(!valid_code("a b c d"));
    }

    #[test]
    fn licences_compare_without_blanks_or_case() {
        assert_eq!(licence_key(" cv 1234 "), "CV1234");
    }
}
