//! A federation's licence list in the store: the register as an import reads it
//! ([`load`]) and the clubs, people and memberships a planned import makes
//! ([`write`]). The list is read and planned in [`crate::domain::licence_list`];
//! importing it, in one transaction, is [`crate::service::licences::import`].

use std::collections::{BTreeMap, HashMap};

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::DbConn;
use super::accounts;
use super::register::{self, Person, name_key};
use super::schema::{clubs, people, players};
use crate::domain::licence_list::{ClubRef, Holder, Plan, State};
use crate::domain::names;

/// The register as an import of a licence list reads it.
pub fn load(conn: &mut DbConn) -> QueryResult<State> {
    let all: Vec<Person> = people::table
        .select(Person::as_select())
        .order(people::id)
        .load(conn)?;
    let merged: HashMap<i32, Option<i32>> = all.iter().map(|p| (p.id, p.merged_into)).collect();
    let live = |mut id: i32| {
        for _ in 0..16 {
            match merged.get(&id).copied().flatten() {
                Some(next) => id = next,
                None => break,
            }
        }
        id
    };
    let mut licences = HashMap::new();
    for p in &all {
        if let Some(l) = &p.licence {
            licences.insert(l.clone(), live(p.id));
        }
    }
    let mut unlicensed: HashMap<String, Vec<i32>> = HashMap::new();
    let mut people = HashMap::new();
    for p in all.into_iter().filter(|p| p.merged_into.is_none()) {
        if p.licence.is_none() {
            unlicensed.entry(name_key(&p.name)).or_default().push(p.id);
        }
        let holder = Holder {
            id: p.id,
            name: p.name,
            birth_year: p.birth_year,
        };
        people.insert(p.id, holder);
    }
    let rows: Vec<(i32, i32, String, i32, Option<NaiveDate>)> = players::table
        .select((
            players::id,
            players::club_id,
            players::name,
            players::person_id,
            players::left_on,
        ))
        .load(conn)?;
    let mut current: HashMap<i32, Vec<(i32, i32, String)>> = HashMap::new();
    let mut taken = HashMap::new();
    for (player, club, name, person, left_on) in rows {
        let person = live(person);
        if left_on.is_none() {
            current
                .entry(person)
                .or_default()
                .push((player, club, name.clone()));
        }
        taken.insert((club, name), (player, person));
    }
    let mut clubs = HashMap::new();
    let list: Vec<(i32, String)> = clubs::table
        .select((clubs::id, clubs::name))
        .order(clubs::id)
        .load(conn)?;
    for (id, name) in list {
        clubs.entry(names::fold(&name)).or_insert((id, name));
    }
    Ok(State {
        people,
        licences,
        unlicensed,
        current,
        taken,
        clubs,
    })
}

/// Makes the clubs, people and memberships `plans` say.
pub fn write(
    conn: &mut DbConn,
    plans: &[Plan],
    made: &BTreeMap<String, String>,
    (actor, at): (&str, NaiveDateTime),
) -> QueryResult<()> {
    let today = at.date();
    let mut club_ids: HashMap<String, i32> = HashMap::new();
    for (key, name) in made {
        let id = super::queries::insert_club(
            conn,
            &super::queries::NewClub {
                name,
                town: "",
                created_at: at,
            },
        )?;
        let after = serde_json::json!({ "name": name, "town": "" });
        accounts::audit_creation(conn, (actor, at), ("club", id), Some(id), after)?;
        club_ids.insert(key.clone(), id);
    }
    for p in plans {
        let e = &p.entry;
        let person = match p.person {
            Some(id) => {
                if p.set_licence {
                    diesel::update(people::table.find(id))
                        .set(people::licence.eq(Some(&e.licence)))
                        .execute(conn)?;
                }
                if let Some(y) = p.set_year {
                    diesel::update(people::table.find(id))
                        .set(people::birth_year.eq(Some(y)))
                        .execute(conn)?;
                }
                id
            }
            None => register::create(conn, &e.name, Some(&e.licence), e.birth_year, at)?,
        };
        if let Some(m) = &p.join {
            for (player, club, name) in &m.ends {
                register::leave(conn, *player, today, at)?;
                accounts::audit_membership(conn, (actor, at), (*player, *club), name, false)?;
            }
            let club = match &m.club {
                ClubRef::Known(id) => *id,
                ClubRef::Made(key) => club_ids.get(key).copied().unwrap_or_default(),
            };
            let named = serde_json::json!({ "name": m.name, "person": person });
            match m.back {
                // Her former membership there runs again.
                Some(player) => {
                    register::join(conn, (club, &m.name), person, today, at)?;
                    accounts::audit_membership(conn, (actor, at), (player, club), &m.name, true)?;
                }
                None => {
                    let player = super::queries::insert_player(
                        conn,
                        &super::queries::NewPlayer {
                            club_id: club,
                            name: &m.name,
                            created_at: at,
                            person_id: person,
                            joined_on: Some(today),
                        },
                    )?;
                    accounts::audit_creation(
                        conn,
                        (actor, at),
                        ("player", player),
                        Some(club),
                        named,
                    )?;
                }
            }
        }
    }
    Ok(())
}
