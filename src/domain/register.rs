//! The register of people and clubs as typed: the checks of a name, a licence, a
//! year of birth, a day and a club, and why a register's form or a line of a
//! licence list is refused, one variant per reason naming its message key.

use chrono::{Datelike, NaiveDate};

/// The earliest year of birth the register takes.
pub const FIRST_BIRTH_YEAR: i32 = 1900;

/// The longest name of a person, a player or a pair.
pub const MAX_NAME: usize = 80;

/// The longest name and town of a club.
pub const MAX_CLUB_FIELD: usize = 80;

/// Why a field of the register's forms, a person added to a club or a line of a
/// licence list is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegisterFault {
    // A field as typed.
    /// No name, or one too long.
    Name,
    /// A licence with characters a licence has not, or too long.
    Licence,
    /// A year of birth that is not a year from 1900 to this one.
    BirthYear,
    /// A day that is not a day, or before 1900.
    Day,
    /// A day after today.
    DayFuture,
    /// A membership that ends before it began.
    LeftBeforeJoined,
    // The register as it is.
    /// She is a member of the club already.
    AlreadyMember,
    /// She holds another licence.
    LicenceOther,
    /// Someone else holds the licence.
    LicenceTaken,
    /// The club has a player by that name.
    PlayerExists,
    /// No such person to add.
    NoPerson,
    // A line of a licence list.
    /// A line without a licence.
    NoLicence,
    /// A line without a name.
    NoName,
}

impl RegisterFault {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            RegisterFault::Name => "people-bad-name",
            RegisterFault::Licence => "register-bad-licence",
            RegisterFault::BirthYear => "register-bad-birth-year",
            RegisterFault::Day => "register-bad-day",
            RegisterFault::DayFuture => "register-day-future",
            RegisterFault::LeftBeforeJoined => "register-left-before-joined",
            RegisterFault::AlreadyMember => "register-already-member",
            RegisterFault::LicenceOther => "register-licence-other",
            RegisterFault::LicenceTaken => "register-licence-taken",
            RegisterFault::PlayerExists => "error-player-exists",
            RegisterFault::NoPerson => "register-no-person",
            RegisterFault::NoLicence => "licences-no-licence",
            RegisterFault::NoName => "licences-no-name",
        }
    }
}

/// A line's refusal is written as its message key (the JSON report of an import).
impl serde::Serialize for RegisterFault {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

/// Why a licence list is refused as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListFault {
    /// No file was sent.
    NoFile,
    /// A file that is neither CSV nor a spreadsheet that opens.
    BadFile,
    /// A CSV whose quotes do not close.
    CsvQuotes,
    /// A list with no line.
    Empty,
    /// A header without the licence, name and club columns.
    Header,
}

impl ListFault {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            ListFault::NoFile => "licences-no-file",
            ListFault::BadFile => "licences-bad-file",
            ListFault::CsvQuotes => "error-csv-quotes",
            ListFault::Empty => "licences-empty",
            ListFault::Header => "licences-header",
        }
    }
}

/// A person's field a line of a licence list changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListField {
    Licence,
    BirthYear,
    Club,
}

impl ListField {
    /// Its name in the JSON report of an import.
    pub fn slug(self) -> &'static str {
        match self {
            ListField::Licence => "licence",
            ListField::BirthYear => "birth_year",
            ListField::Club => "club",
        }
    }

    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            ListField::Licence => "licences-field-licence",
            ListField::BirthYear => "licences-field-birth_year",
            ListField::Club => "licences-field-club",
        }
    }
}

/// A field is written by its name (the JSON report of an import).
impl serde::Serialize for ListField {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.slug())
    }
}

/// Why a club's form is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClubFault {
    /// No name, or one too long.
    Name,
    /// A town too long.
    Town,
    /// A usual game there is none of.
    Game,
}

impl ClubFault {
    /// The message key of the locale files.
    pub fn key(self) -> &'static str {
        match self {
            ClubFault::Name => "club-bad-name",
            ClubFault::Town => "club-bad-town",
            ClubFault::Game => "club-bad-game",
        }
    }
}

/// A club's name (required) and town (may be empty) as typed, trimmed.
pub fn checked_club(name: &str, town: &str) -> Result<(String, String), ClubFault> {
    let (name, town) = (name.trim(), town.trim());
    if name.is_empty() || name.chars().count() > MAX_CLUB_FIELD {
        return Err(ClubFault::Name);
    }
    if town.chars().count() > MAX_CLUB_FIELD {
        return Err(ClubFault::Town);
    }
    Ok((name.to_owned(), town.to_owned()))
}

/// A name as typed, checked: 1 to 80 characters once trimmed.
pub fn checked_name(name: &str) -> Result<String, RegisterFault> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        Err(RegisterFault::Name)
    } else {
        Ok(name.to_owned())
    }
}

/// A licence number as compared: blanks removed, upper case.
pub fn licence_key(licence: &str) -> String {
    licence
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

/// A licence as typed, checked: `None` when blank; else at most 30 letters, digits,
/// `-`, `/` or `.` once blanks are gone (as [`licence_key`] keeps it).
pub fn checked_licence(typed: &str) -> Result<Option<String>, RegisterFault> {
    let key = licence_key(typed);
    if key.is_empty() {
        return Ok(None);
    }
    if key.chars().count() > 30
        || !key
            .chars()
            .all(|c| c.is_alphanumeric() || "-/.".contains(c))
    {
        return Err(RegisterFault::Licence);
    }
    Ok(Some(key))
}

/// A year of birth as typed: `None` when blank; else a year from 1900 to `today`'s.
pub fn checked_birth_year(typed: &str, today: NaiveDate) -> Result<Option<i32>, RegisterFault> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(None);
    }
    match typed.parse::<i32>() {
        Ok(y) if (FIRST_BIRTH_YEAR..=today.year()).contains(&y) => Ok(Some(y)),
        _ => Err(RegisterFault::BirthYear),
    }
}

/// A day typed in a form (`YYYY-MM-DD`, as a date input sends it): `None` when
/// blank; refused when it is not a day, or after `today`.
pub fn checked_day(typed: &str, today: NaiveDate) -> Result<Option<NaiveDate>, RegisterFault> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(None);
    }
    match NaiveDate::parse_from_str(typed, "%Y-%m-%d") {
        Ok(d) if d > today => Err(RegisterFault::DayFuture),
        Ok(d) if d.year() < FIRST_BIRTH_YEAR => Err(RegisterFault::Day),
        Ok(d) => Ok(Some(d)),
        Err(_) => Err(RegisterFault::Day),
    }
}

/// The day a membership ends as typed (blank: `None`), checked against `today` and
/// the day it began.
pub fn checked_left_on(
    typed: &str,
    joined_on: Option<NaiveDate>,
    today: NaiveDate,
) -> Result<Option<NaiveDate>, RegisterFault> {
    let day = checked_day(typed, today)?;
    match (day, joined_on) {
        (Some(d), Some(j)) if d < j => Err(RegisterFault::LeftBeforeJoined),
        _ => Ok(day),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 28).unwrap_or_default()
    }

    #[test]
    fn a_day_is_typed_as_the_date_input_sends_it_and_never_after_today() {
        assert_eq!(checked_day("", today()), Ok(None));
        assert_eq!(
            checked_day("2026-01-31", today()),
            Ok(NaiveDate::from_ymd_opt(2026, 1, 31))
        );
        assert_eq!(
            checked_day("2026-11-29", today()),
            Err(RegisterFault::DayFuture)
        );
        assert_eq!(checked_day("31/01/2026", today()), Err(RegisterFault::Day));
        assert_eq!(checked_day("1850-01-01", today()), Err(RegisterFault::Day));
    }

    #[test]
    fn a_membership_ends_on_or_after_the_day_it_began() {
        let joined = NaiveDate::from_ymd_opt(2026, 3, 1);
        assert_eq!(
            checked_left_on("2026-02-28", joined, today()),
            Err(RegisterFault::LeftBeforeJoined)
        );
        assert_eq!(checked_left_on("2026-03-01", joined, today()), Ok(joined));
        assert_eq!(checked_left_on("", joined, today()), Ok(None));
    }

    #[test]
    fn licences_years_names_and_clubs_are_checked_as_typed() {
        assert_eq!(checked_licence(" cv-12/3 "), Ok(Some("CV-12/3".into())));
        assert_eq!(checked_licence(""), Ok(None));
        assert_eq!(checked_licence("a;b"), Err(RegisterFault::Licence));
        assert_eq!(checked_birth_year("1984", today()), Ok(Some(1984)));
        assert_eq!(checked_birth_year(" ", today()), Ok(None));
        assert_eq!(
            checked_birth_year("2027", today()),
            Err(RegisterFault::BirthYear)
        );
        assert!(checked_birth_year("1899", today()).is_err());
        assert!(checked_birth_year("84a", today()).is_err());
        assert_eq!(checked_name("  Ana  "), Ok("Ana".into()));
        assert_eq!(checked_name(" "), Err(RegisterFault::Name));
        assert_eq!(checked_name(&"a".repeat(81)), Err(RegisterFault::Name));
        assert_eq!(
            checked_club(" Peña ", ""),
            Ok(("Peña".into(), String::new()))
        );
        assert_eq!(checked_club("", "Lugo"), Err(ClubFault::Name));
        assert_eq!(checked_club("Peña", &"x".repeat(81)), Err(ClubFault::Town));
        assert_eq!(licence_key(" cv 1234 "), "CV1234");
    }

    #[test]
    fn a_line_refusal_is_written_as_its_key() {
        let json = serde_json::to_string(&RegisterFault::NoLicence).unwrap_or_default();
        assert_eq!(json, "\"licences-no-licence\"");
        let json = serde_json::to_string(&ListField::BirthYear).unwrap_or_default();
        assert_eq!(json, "\"birth_year\"");
    }
}
