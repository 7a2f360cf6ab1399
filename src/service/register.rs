//! The register's workflows: a player added to a club (a person found or made, her
//! membership and their audit entries) and a person's own fields changed, each in
//! one transaction.

use chrono::NaiveDate;

use crate::db::DbConn;
use crate::db::accounts::{self, NewAudit};
use crate::db::queries;
use crate::db::register::{self, Candidate, Joined, Person, PersonFields};
use crate::domain::register::{
    RegisterFault, checked_birth_year, checked_day, checked_licence, checked_name,
};
use crate::error::AppError;
use crate::service::now;

/// What adding a player came to.
pub enum Added {
    Done,
    /// The people she may be: the organiser says which.
    Ask(Vec<Candidate>),
    /// Refused, and why.
    Refused(RegisterFault),
}

/// A new player's fields checked: name, licence, year of birth, first day.
pub struct Checked {
    name: String,
    licence: Option<String>,
    birth_year: Option<i32>,
    joined_on: NaiveDate,
}

impl Checked {
    /// The fields as typed (`name`, `licence`, `birth_year`, `joined_on`; a blank
    /// first day is today), checked.
    pub fn of(
        (name, licence, birth_year, joined_on): (&str, &str, &str, &str),
    ) -> Result<Checked, RegisterFault> {
        let today = now().date();
        let name = checked_name(name)?;
        Ok(Checked {
            name,
            licence: checked_licence(licence)?,
            birth_year: checked_birth_year(birth_year, today)?,
            joined_on: checked_day(joined_on, today)?.unwrap_or(today),
        })
    }
}

/// Adds the player `c` says to club `club` (by `actor`), in one transaction: the
/// person `choice` names (an id), a new one (`new`), the holder of the licence
/// typed, or else (no choice) a new person when nobody has her name, or the people
/// she may be to choose from. [`AppError::NotFound`] when there is no club `club`.
pub fn add_member(
    conn: &mut DbConn,
    club: i32,
    choice: &str,
    c: &Checked,
    actor: &str,
) -> Result<Added, AppError> {
    queries::find_club(conn, club)?.ok_or(AppError::NotFound)?;
    crate::db::write_tx(conn, |conn| {
        let person = match choice {
            "new" => return create_and_join(conn, club, c, actor),
            "" => match &c.licence {
                Some(l) => register::by_licence(conn, l)?,
                None => None,
            },
            id => match id.parse::<i32>() {
                Ok(id) => register::live(conn, id)?,
                Err(_) => None,
            },
        };
        if let Some(p) = person {
            let p = register::live(conn, p.id)?.unwrap_or(p);
            return join_audited(conn, club, &p, c, actor);
        }
        if !choice.is_empty() {
            return Ok(Added::Refused(RegisterFault::NoPerson));
        }
        // A name the club already has is refused, as it always was.
        if has_player_named(conn, club, &c.name)? {
            return Ok(Added::Refused(RegisterFault::PlayerExists));
        }
        let found = register::probably(conn, &c.name, None)?;
        if found.is_empty() {
            create_and_join(conn, club, c, actor)
        } else {
            Ok(Added::Ask(found))
        }
    })
}

/// Whether club `club` has a player called `name` already.
fn has_player_named(conn: &mut DbConn, club: i32, name: &str) -> Result<bool, AppError> {
    Ok(queries::club_players(conn, club)?
        .iter()
        .any(|p| p.name == name))
}

/// Creates a new person as `c` says and makes her a member of `club`.
fn create_and_join(
    conn: &mut DbConn,
    club: i32,
    c: &Checked,
    actor: &str,
) -> Result<Added, AppError> {
    if let Some(l) = &c.licence
        && register::licence_taken(conn, l, None)?
    {
        return Ok(Added::Refused(RegisterFault::LicenceTaken));
    }
    // Refused before the person is made: the transaction keeps what it wrote.
    if has_player_named(conn, club, &c.name)? {
        return Ok(Added::Refused(RegisterFault::PlayerExists));
    }
    let at = now();
    let id = register::create(conn, &c.name, c.licence.as_deref(), c.birth_year, at)?;
    let person = register::find(conn, id)?.ok_or(AppError::NotFound)?;
    let after = PersonFields::of(&person);
    accounts::insert_audit(
        conn,
        &NewAudit::creation(
            (actor, at),
            ("person", id),
            None,
            None,
            serde_json::to_string(&after).unwrap_or_default(),
        ),
    )?;
    join_audited(conn, club, &person, c, actor)
}

/// Makes `person` a member of `club` as `c` says, filling in the licence and year
/// of birth she lacks; audited as `actor`.
fn join_audited(
    conn: &mut DbConn,
    club: i32,
    person: &Person,
    c: &Checked,
    actor: &str,
) -> Result<Added, AppError> {
    let at = now();
    let mine = register::memberships(conn, person.id)?;
    if mine.iter().any(|m| m.club_id == club && m.current()) {
        return Ok(Added::Refused(RegisterFault::AlreadyMember));
    }
    let mut fields = PersonFields::of(person);
    if let Some(l) = &c.licence {
        match &person.licence {
            Some(own) if own != l => return Ok(Added::Refused(RegisterFault::LicenceOther)),
            Some(_) => {}
            None if register::licence_taken(conn, l, Some(person.id))? => {
                return Ok(Added::Refused(RegisterFault::LicenceTaken));
            }
            None => fields.licence = Some(l.clone()),
        }
    }
    if fields.birth_year.is_none() {
        fields.birth_year = c.birth_year;
    }
    let joined = diesel::Connection::transaction(conn, |conn| {
        register::join(conn, (club, &c.name), person.id, c.joined_on, at)
    });
    let joined = match joined {
        Ok(j) => j,
        Err(e) if accounts::is_unique_violation(&e) => {
            return Ok(Added::Refused(RegisterFault::PlayerExists));
        }
        Err(e) => return Err(e.into()),
    };
    if fields != PersonFields::of(person) {
        register::update_person(conn, person.id, &fields)?;
        audit_person(
            conn,
            (actor, at),
            person.id,
            &PersonFields::of(person),
            &fields,
        )?;
    }
    let after = serde_json::json!({
        "name": c.name, "person": person.id, "joined_on": c.joined_on,
    });
    match joined {
        Joined::New(id) => {
            accounts::audit_creation(conn, (actor, at), ("player", id), Some(club), after)?
        }
        Joined::Back(id) => {
            accounts::audit_membership(conn, (actor, at), (id, club), &c.name, true)?
        }
    }
    Ok(Added::Done)
}

/// The audit row of a change to a person's own fields. It belongs to no club's
/// trail (a referee reads those, and a licence is not for her).
fn audit_person(
    conn: &mut DbConn,
    (actor, at): (&str, chrono::NaiveDateTime),
    id: i32,
    before: &PersonFields,
    after: &PersonFields,
) -> diesel::QueryResult<usize> {
    let json = |fields: &PersonFields| serde_json::to_string(fields).ok();
    accounts::insert_audit(
        conn,
        &NewAudit::new(
            (actor, at),
            "update",
            ("person", id),
            (None, None),
            (json(before), json(after)),
        ),
    )
}

/// Person `pid`'s own fields become `fields` (by `actor`), audited, in one
/// transaction; a change to how public pages show her name moves the register's
/// privacy mark. Refused when the licence is someone else's.
pub fn edit_person(
    conn: &mut DbConn,
    pid: i32,
    fields: &PersonFields,
    actor: &str,
) -> Result<Option<RegisterFault>, AppError> {
    crate::db::write_tx(conn, |conn| {
        let before = register::find(conn, pid)?.ok_or(AppError::NotFound)?;
        if let Some(l) = &fields.licence
            && register::licence_taken(conn, l, Some(pid))?
        {
            return Ok(Some(RegisterFault::LicenceTaken));
        }
        let before = PersonFields::of(&before);
        if &before != fields {
            register::update_person(conn, pid, fields)?;
            audit_person(conn, (actor, now()), pid, &before, fields)?;
            if before.initials_only != fields.initials_only
                || (fields.initials_only && before.name != fields.name)
            {
                register::bump_privacy(conn)?;
            }
        }
        Ok(None)
    })
}
