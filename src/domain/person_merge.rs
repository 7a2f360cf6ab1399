//! The rules of merging two records of one person: which entrant of a championship's
//! file is her, which club memberships become one, how long a joined membership runs,
//! and what an entrant naming her says after the merge. Reading and writing the rows
//! are the store's; the merge itself is the service's.

use std::collections::BTreeSet;

use chrono::NaiveDate;

use super::register::licence_key;
use super::tournament::{Entrant, EntrantPerson};

/// A person as a championship's file may name her: her code and her licence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Known<'a> {
    pub code: &'a str,
    pub licence: Option<&'a str>,
}

/// Whether entrant person `p` is `who`: by her code, or by her licence when the
/// entrant's key names nobody of this Baza (`codes`: every person's code).
pub fn names(p: &EntrantPerson, who: Known, codes: &BTreeSet<String>) -> bool {
    if p.key.as_deref() == Some(who.code) {
        return true;
    }
    let key_known = p.key.as_deref().is_some_and(|k| codes.contains(k));
    !key_known
        && who.licence.is_some()
        && p.licence.as_deref().map(licence_key).as_deref() == who.licence
}

/// Why two records are not one person: one championship's file names both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BothEntered;

/// The places of a championship's `entrants` that name `drop`: (entrant index, person
/// index) each. Refused when they name `keep` too (they played in one championship:
/// two people).
pub fn places_naming(
    entrants: &[Entrant],
    keep: Known,
    drop: Known,
    codes: &BTreeSet<String>,
) -> Result<Vec<(usize, usize)>, BothEntered> {
    let mut slots = Vec::new();
    let mut both = false;
    for (i, e) in entrants.iter().enumerate() {
        for (j, p) in e.people.iter().enumerate() {
            if names(p, drop, codes) {
                slots.push((i, j));
            } else if names(p, keep, codes) {
                both = true;
            }
        }
    }
    if both && !slots.is_empty() {
        return Err(BothEntered);
    }
    Ok(slots)
}

/// The club-level merges a person merge makes: for each club of `drop`'s memberships
/// (club ids) where `keep` has one too (club id, still running), the index of keep's
/// kept row (the membership still running, else the latest) and of drop's rows there.
pub fn shared_clubs(keep: &[(i32, bool)], drop: &[i32]) -> Vec<(usize, Vec<usize>)> {
    let clubs: BTreeSet<i32> = drop.iter().copied().collect();
    let mut out = Vec::new();
    for club in clubs {
        let mine: Vec<usize> = (0..keep.len()).filter(|&i| keep[i].0 == club).collect();
        let Some(kept) = mine
            .iter()
            .rev()
            .find(|&&i| keep[i].1)
            .or_else(|| mine.last())
        else {
            continue;
        };
        let theirs = (0..drop.len()).filter(|&i| drop[i] == club).collect();
        out.push((*kept, theirs));
    }
    out
}

/// The days of the kept row of a club-level merge, (joined, left): from the earlier
/// start to the later end, still running when either is.
pub fn widened(
    kept: (Option<NaiveDate>, Option<NaiveDate>),
    merged: (Option<NaiveDate>, Option<NaiveDate>),
) -> (Option<NaiveDate>, Option<NaiveDate>) {
    let joined_on = match (kept.0, merged.0) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let left_on = match (kept.1, merged.1) {
        (Some(a), Some(b)) => Some(a.max(b)),
        _ => None,
    };
    (joined_on, left_on)
}

/// An entrant person who named the dropped record, naming the kept one (`name`,
/// `code`) instead: a licence it wrote becomes the kept person's licence
/// (`licence_now`) when she has one.
pub fn renamed_entrant(
    before: &EntrantPerson,
    (name, code): (&str, &str),
    licence_now: Option<&str>,
) -> EntrantPerson {
    EntrantPerson {
        name: name.to_owned(),
        key: Some(code.to_owned()),
        licence: before.licence.as_ref().and(
            licence_now
                .map(str::to_owned)
                .or_else(|| before.licence.clone()),
        ),
        club: before.club.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(2026, 1, d)
    }

    #[test]
    fn a_club_both_played_for_keeps_the_running_row_else_the_latest() {
        let keep = [(1, false), (1, true), (2, false), (2, false)];
        let drop = [3, 1, 2, 1];
        assert_eq!(shared_clubs(&keep, &drop), [(1, vec![1, 3]), (3, vec![2])]);
    }

    #[test]
    fn a_joined_membership_runs_from_the_earlier_start_to_the_later_end() {
        assert_eq!(
            widened((day(5), day(9)), (day(2), day(7))),
            (day(2), day(9))
        );
        assert_eq!(widened((None, day(9)), (day(2), None)), (day(2), None));
    }

    #[test]
    fn an_entrant_is_her_by_code_or_by_licence_when_its_key_names_nobody() {
        let codes: BTreeSet<String> = ["aa".to_owned(), "bb".to_owned()].into();
        let who = Known {
            code: "aa",
            licence: Some("CV12"),
        };
        let person = |key: Option<&str>, licence: Option<&str>| EntrantPerson {
            name: "Ana".into(),
            key: key.map(str::to_owned),
            licence: licence.map(str::to_owned),
            club: None,
        };
        assert!(names(&person(Some("aa"), None), who, &codes));
        assert!(names(&person(Some("zz"), Some("cv 12")), who, &codes));
        assert!(names(&person(None, Some("cv12")), who, &codes));
        assert!(!names(&person(Some("bb"), Some("CV12")), who, &codes));
        assert!(!names(&person(None, None), who, &codes));
    }

    #[test]
    fn the_places_naming_the_dropped_record_are_found_unless_the_kept_one_entered_too() {
        let codes: BTreeSet<String> = ["aa".to_owned(), "bb".to_owned()].into();
        let (keep, drop) = (
            Known {
                code: "aa",
                licence: None,
            },
            Known {
                code: "bb",
                licence: None,
            },
        );
        let entrant = |id: &str, keys: &[&str]| {
            let mut e = Entrant::new(id, id);
            e.people = keys
                .iter()
                .map(|k| EntrantPerson {
                    name: (*k).to_owned(),
                    key: Some((*k).to_owned()),
                    licence: None,
                    club: None,
                })
                .collect();
            e
        };
        let apart = [entrant("p1", &["zz", "bb"]), entrant("p2", &["yy"])];
        assert_eq!(places_naming(&apart, keep, drop, &codes), Ok(vec![(0, 1)]));
        let together = [entrant("p1", &["bb"]), entrant("p2", &["aa"])];
        assert_eq!(
            places_naming(&together, keep, drop, &codes),
            Err(BothEntered)
        );
        let without = [entrant("p2", &["aa"])];
        assert_eq!(places_naming(&without, keep, drop, &codes), Ok(vec![]));
    }
}
