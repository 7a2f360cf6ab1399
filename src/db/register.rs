//! The register of people: one record per person across the whole Baza, whichever
//! clubs she plays for. A club's player row is a membership of a person in that club
//! (from the day she joined to the day she left); a championship entrant names its
//! people by their code or licence. A person merged into another keeps her row, with
//! `merged_into` set, so the merge can be undone.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConn;
use super::queries::NewPlayer;
use super::rows::{LoadOne, insert_returning_id};
use super::schema::{clubs, people, players};
use crate::domain::names::{self, initials};
use crate::domain::register::licence_key;

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

pub use crate::domain::names::name_key;

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
    insert_person(conn, name, &new_code(), (licence, birth_year), at)
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
    insert_person(conn, name, &code, (licence, None), at)
}

/// Inserts a person under `code` with her licence (as compared) and year of birth.
fn insert_person(
    conn: &mut DbConn,
    name: &str,
    code: &str,
    (licence, birth_year): (Option<&str>, Option<i32>),
    at: NaiveDateTime,
) -> QueryResult<i32> {
    let licence = licence.map(licence_key).filter(|l| !l.is_empty());
    insert_returning_id(
        conn,
        people::table,
        &NewPerson {
            code,
            name: name.trim(),
            licence: licence.as_deref(),
            birth_year,
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
    set_merged_into(conn, from, Some(into))
}

/// Marks person `id` as merged into person `into` (`None`: a person of her own again).
pub fn set_merged_into(conn: &mut DbConn, id: i32, into: Option<i32>) -> QueryResult<usize> {
    diesel::update(people::table.find(id))
        .set(people::merged_into.eq(into))
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
    let mut found: Vec<Person> = everyone(conn)?
        .into_iter()
        .filter(|p| name_key(&p.name) == key)
        .collect();
    found.sort_by_cached_key(|p| names::closeness(&p.name, name));
    with_clubs(conn, found)
}

/// Search as you type: people whose name holds every word typed (accents and case
/// ignored), or whose licence starts with it; at most `limit`. The name spelt as
/// typed comes first, then the same name otherwise spelt, then the rest; within each,
/// the members of `club` (the organiser's own) first, then by name.
pub fn search(
    conn: &mut DbConn,
    query: &str,
    limit: usize,
    club: Option<i32>,
) -> QueryResult<Vec<Candidate>> {
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
    let ours: BTreeSet<i32> = match club {
        Some(c) => club_members(conn, c)?
            .into_iter()
            .map(|m| m.person.id)
            .collect(),
        None => BTreeSet::new(),
    };
    found.sort_by_cached_key(|p| {
        (
            names::closeness(&p.name, q),
            !ours.contains(&p.id),
            names::collation_key(&p.name),
        )
    });
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

// ---------------------------------------------------------------------------
// Keeping the register: a club's members with their people, joining and leaving a
// club on given days, a person's own fields, the administrators' list, and the
// names public pages hide (people shown by name and initial of the surname).

/// A club's membership with the person it is of.
#[derive(Debug, Clone)]
pub struct Member {
    pub player: super::queries::Player,
    pub person: Person,
}

/// Every membership of club `club` (current and former) with its person, sorted by
/// the club's name for her, the Spanish way.
pub fn club_members(conn: &mut DbConn, club: i32) -> QueryResult<Vec<Member>> {
    use super::queries::Player;
    let mut rows: Vec<(Player, Person)> = players::table
        .inner_join(people::table)
        .filter(players::club_id.eq(club))
        .select((Player::as_select(), Person::as_select()))
        .order(players::id)
        .load(conn)?;
    names::sort_by_name(&mut rows, |(p, _)| &p.name);
    Ok(rows
        .into_iter()
        .map(|(player, person)| Member { player, person })
        .collect())
}

/// How a person came into a club.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joined {
    /// A new membership: its player row.
    New(i32),
    /// Her former membership under the same name runs again.
    Back(i32),
}

impl Joined {
    pub fn player(self) -> i32 {
        match self {
            Joined::New(id) | Joined::Back(id) => id,
        }
    }
}

/// The id of the club named `name` (accents, case and spacing aside), if any.
pub fn club_named(conn: &mut DbConn, name: &str) -> QueryResult<Option<i32>> {
    let key = name_key(name);
    if key.is_empty() {
        return Ok(None);
    }
    let all: Vec<(i32, String)> = clubs::table
        .select((clubs::id, clubs::name))
        .order(clubs::id)
        .load(conn)?;
    Ok(all
        .into_iter()
        .find(|(_, n)| name_key(n) == key)
        .map(|(id, _)| id))
}

/// Makes `person` a member of club `club` under `name` from `joined_on`: a new
/// membership, or her former one under that name running again. A name another
/// person holds in the club is a unique violation.
pub fn join(
    conn: &mut DbConn,
    (club, name): (i32, &str),
    person: i32,
    joined_on: NaiveDate,
    at: NaiveDateTime,
) -> QueryResult<Joined> {
    let former: Option<i32> = players::table
        .filter(players::club_id.eq(club))
        .filter(players::name.eq(name))
        .filter(players::person_id.eq(person))
        .select(players::id)
        .load_one(conn)?;
    if let Some(id) = former {
        diesel::update(players::table.find(id))
            .set((
                players::left_on.eq(None::<NaiveDate>),
                players::retired_at.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)?;
        return Ok(Joined::Back(id));
    }
    super::queries::insert_player(
        conn,
        &NewPlayer {
            club_id: club,
            name,
            created_at: at,
            person_id: person,
            joined_on: Some(joined_on),
        },
    )
    .map(Joined::New)
}

/// Ends membership `player` on `on` (she no longer plays for the club; recorded `at`).
pub fn leave(
    conn: &mut DbConn,
    player: i32,
    on: NaiveDate,
    at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(players::table.find(player))
        .set((
            players::left_on.eq(Some(on)),
            players::retired_at.eq(Some(at)),
        ))
        .execute(conn)
}

/// A person's own fields, as her edit page sets them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PersonFields {
    pub name: String,
    pub licence: Option<String>,
    pub birth_year: Option<i32>,
    pub initials_only: bool,
}

impl PersonFields {
    pub fn of(p: &Person) -> PersonFields {
        PersonFields {
            name: p.name.clone(),
            licence: p.licence.clone(),
            birth_year: p.birth_year,
            initials_only: p.initials_only != 0,
        }
    }
}

/// Whether licence `licence` is held by someone other than person `id`.
pub fn licence_taken(conn: &mut DbConn, licence: &str, id: Option<i32>) -> QueryResult<bool> {
    Ok(by_licence(conn, licence)?.is_some_and(|p| Some(p.id) != id))
}

/// Sets person `id`'s own fields (her licence must be free: see [`licence_taken`]).
pub fn update_person(conn: &mut DbConn, id: i32, f: &PersonFields) -> QueryResult<usize> {
    diesel::update(people::table.find(id))
        .set((
            people::name.eq(f.name.trim()),
            people::licence.eq(f.licence.as_deref().map(licence_key)),
            people::birth_year.eq(f.birth_year),
            people::initials_only.eq(i32::from(f.initials_only)),
        ))
        .execute(conn)
}

/// The register as an administrator reads it: the people whose name holds every
/// word of `query` or whose licence starts with it (everyone when it is blank), by
/// name, at most `limit` of them with their clubs, and how many matched.
pub fn listing(
    conn: &mut DbConn,
    query: &str,
    limit: usize,
) -> QueryResult<(Vec<Candidate>, usize)> {
    let q = query.trim();
    let lic = licence_key(q);
    let mut found: Vec<Person> = everyone(conn)?
        .into_iter()
        .filter(|p| {
            q.is_empty()
                || names::matches(&p.name, q)
                || p.licence.as_deref().is_some_and(|l| l.starts_with(&lic))
        })
        .collect();
    let total = found.len();
    names::sort_by_name(&mut found, |p| &p.name);
    found.truncate(limit);
    Ok((with_clubs(conn, found)?, total))
}

/// The setting that counts the changes to who public pages show by name and
/// initial: part of the stamp of every page kept for visitors, so no process keeps
/// serving a full name after she asked to be shown by initial.
const PRIVACY: &str = "people_privacy";

/// The count of changes to who is shown by name and initial ("0" before any).
pub fn privacy_stamp(conn: &mut DbConn) -> QueryResult<String> {
    use super::schema::settings;
    let v: Option<String> = settings::table
        .find(PRIVACY)
        .select(settings::value)
        .load_one(conn)?;
    Ok(v.unwrap_or_else(|| "0".to_owned()))
}

/// Counts one more change to who is shown by name and initial.
pub fn bump_privacy(conn: &mut DbConn) -> QueryResult<()> {
    use super::schema::settings;
    let next = privacy_stamp(conn)?.parse::<u64>().unwrap_or(0) + 1;
    let n = diesel::update(settings::table.find(PRIVACY))
        .set(settings::value.eq(next.to_string()))
        .execute(conn)?;
    if n == 0 {
        super::accounts::claim_setting(conn, PRIVACY, &next.to_string())?;
    }
    Ok(())
}

/// The people public pages show by name and initial of the surname ("Ana M."), and
/// how a text that names them reads there.
#[derive(Debug, Default, Clone)]
pub struct Hidden {
    people: Vec<HiddenPerson>,
}

#[derive(Debug, Clone)]
struct HiddenPerson {
    id: i32,
    /// Every spelling of her name Baza holds (hers and her clubs'), longest first.
    spellings: Vec<String>,
    /// Her surnames, word by word, folded ("martinez", "ruiz").
    surnames: Vec<String>,
}

/// Words of a surname that are not one by themselves ("de la Fuente").
const PARTICLES: [&str; 14] = [
    "de", "del", "la", "las", "los", "y", "i", "da", "do", "dos", "van", "von", "der", "di",
];

/// The surnames of a name, word by word and folded: the words after the given name
/// ("María José" of "María José Soler"), or before the comma of "Martínez Ruiz, Ana".
fn surnames_of(name: &str) -> Vec<String> {
    let (_, part) = names::given_and_surnames(name);
    names::fold(&part)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() > 1 && !PARTICLES.contains(w))
        .map(str::to_owned)
        .collect()
}

/// `text` with every whole word whose folded form is in `words` cut to its first
/// letter and a dot ("Martínez – Ruiz" → "M. – Ruiz").
fn mask_words(text: &str, words: &[String]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if !word.is_empty() {
            if words.contains(&names::fold(word)) {
                out.extend(word.chars().next());
                out.push('.');
            } else {
                out.push_str(word);
            }
            word.clear();
        }
    };
    for c in text.chars() {
        if c.is_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// `text` with each whole-word occurrence of `from` replaced by `to`.
fn replace_whole(text: &str, from: &str, to: &str) -> String {
    if from.is_empty() || !text.contains(from) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut before: Option<char> = None;
    while let Some(i) = rest.find(from) {
        let head = &rest[..i];
        let prev = head.chars().next_back().or(before);
        let tail = &rest[i + from.len()..];
        let whole = !prev.is_some_and(char::is_alphanumeric)
            && !tail.chars().next().is_some_and(char::is_alphanumeric);
        out.push_str(head);
        out.push_str(if whole { to } else { from });
        before = from.chars().next_back();
        rest = tail;
    }
    out.push_str(rest);
    out
}

impl HiddenPerson {
    /// How one spelling of her name reads on a public page.
    fn shown(&self, spelling: &str) -> String {
        let short = initials(spelling);
        if short != spelling.trim() {
            short
        } else {
            mask_words(spelling, &self.surnames)
        }
    }
}

impl Hidden {
    /// Everyone who asked to be shown by name and initial, with every spelling of
    /// her name.
    pub fn load(conn: &mut DbConn) -> QueryResult<Hidden> {
        let found: Vec<Person> = people::table
            .filter(people::initials_only.ne(0))
            .filter(people::merged_into.is_null())
            .select(Person::as_select())
            .load(conn)?;
        if found.is_empty() {
            return Ok(Hidden::default());
        }
        let ids: Vec<i32> = found.iter().map(|p| p.id).collect();
        let mut clubs = memberships_of(conn, &ids)?;
        let people = found
            .into_iter()
            .map(|p| {
                let mut spellings = vec![p.name.trim().to_owned()];
                for m in clubs.remove(&p.id).unwrap_or_default() {
                    if !spellings.contains(&m.name) {
                        spellings.push(m.name);
                    }
                }
                spellings.sort_by_key(|s| std::cmp::Reverse(s.len()));
                let mut surnames: Vec<String> =
                    spellings.iter().flat_map(|s| surnames_of(s)).collect();
                surnames.sort();
                surnames.dedup();
                HiddenPerson {
                    id: p.id,
                    spellings,
                    surnames,
                }
            })
            .collect();
        Ok(Hidden { people })
    }

    pub fn is_empty(&self) -> bool {
        self.people.is_empty()
    }

    /// Whether person `id` is shown by name and initial.
    pub fn contains(&self, id: i32) -> bool {
        self.people.iter().any(|p| p.id == id)
    }

    /// `text` with every whole spelling of a hidden person's name as "Ana M.".
    pub fn names(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for p in &self.people {
            for s in &p.spellings {
                out = replace_whole(&out, s, &p.shown(s));
            }
        }
        out
    }

    /// `text`, a name that stands for `people` (an entrant's, a pair's): as
    /// [`Hidden::names`], and the surnames of the hidden ones among them cut to
    /// their initial where they stand alone ("Martínez – Ruiz" → "M. – Ruiz").
    pub fn of(&self, text: &str, people: &[i32]) -> String {
        let out = self.names(text);
        let words: Vec<String> = self
            .people
            .iter()
            .filter(|p| people.contains(&p.id))
            .flat_map(|p| p.surnames.iter().cloned())
            .collect();
        if words.is_empty() {
            out
        } else {
            mask_words(&out, &words)
        }
    }

    /// How a club's name for person `id` reads on a public page.
    pub fn spelling(&self, id: i32, spelling: &str) -> String {
        match self.people.iter().find(|p| p.id == id) {
            Some(p) => p.shown(spelling),
            None => spelling.to_owned(),
        }
    }
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
    fn a_new_code_is_ten_hex_digits_and_valid_in_a_file() {
        let c = new_code();
        assert_eq!(c.len(), 10);
        assert!(valid_code(&c));
        assert!(!valid_code("12"));
        assert!(!valid_code("a b c d"));
    }

    #[test]
    fn a_hidden_person_reads_as_name_and_initial_wherever_a_text_names_her() {
        let ana = HiddenPerson {
            id: 7,
            spellings: vec!["Ana Martínez Ruiz".into(), "Martínez, Ana".into()],
            surnames: vec!["martinez".into(), "ruiz".into()],
        };
        let hidden = Hidden { people: vec![ana] };
        assert_eq!(hidden.names("Ana Martínez Ruiz y Luis"), "Ana M. y Luis");
        assert_eq!(hidden.names("Martínez, Ana"), "Ana M.");
        // Another person whose name only holds hers is not cut.
        assert_eq!(hidden.names("Juana Martínez Ruiz"), "Juana Martínez Ruiz");
        assert_eq!(hidden.of("Martínez – Pérez", &[7]), "M. – Pérez");
        assert_eq!(hidden.of("Martínez – Pérez", &[8]), "Martínez – Pérez");
        assert_eq!(hidden.spelling(7, "Martínez"), "M.");
        assert_eq!(surnames_of("Ana de la Fuente"), ["fuente"]);
        assert_eq!(surnames_of("María José Soler Lanuza"), ["soler", "lanuza"]);
    }
}
