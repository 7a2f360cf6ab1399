//! What a director may still ask of a championship at its stage. Each guard refuses
//! in words what no longer applies; the page that offers a thing and the handler
//! that does it call the same guard, so the two cannot drift apart.

use crate::db::DbConn;
use crate::db::championship::store::{self, ChangeError, Tournament};
use crate::domain::refusal::{BeforeKnockout, Refusal};

/// Refuses `what` once the knockout phase of championship `championship_id` is
/// drawn: it no longer applies.
pub fn before_knockout(
    conn: &mut DbConn,
    championship_id: i32,
    what: BeforeKnockout,
) -> Result<(), ChangeError> {
    if store::knockout_drawn(conn, championship_id)? {
        return Err(ChangeError::Refused(Refusal::KnockoutDrawn(what)));
    }
    Ok(())
}

/// Refuses a change of the settings once a round is paired or a phase is in the
/// document, and once the knockout is drawn.
pub fn settings_open(conn: &mut DbConn, t: &Tournament) -> Result<(), ChangeError> {
    let unpaired = t.file.rounds.is_empty() && t.file.brackets.is_empty();
    let drawn = unpaired && store::knockout_drawn(conn, t.championship.id)?;
    settings_open_when(t, drawn).map_err(ChangeError::Refused)
}

/// [`settings_open`] where whether the knockout is drawn is already known.
pub fn settings_open_when(t: &Tournament, knockout_drawn: bool) -> Result<(), Refusal> {
    if !t.file.rounds.is_empty() || !t.file.brackets.is_empty() {
        return Err(Refusal::EditTooLate);
    }
    if knockout_drawn {
        return Err(Refusal::KnockoutDrawn(BeforeKnockout::Settings));
    }
    Ok(())
}

/// Refuses the seeds by rating once a round is paired, and once the knockout is
/// drawn.
pub fn seeds_open(conn: &mut DbConn, t: &Tournament) -> Result<(), ChangeError> {
    if !t.file.rounds.is_empty() {
        return Err(ChangeError::Refused(Refusal::SeedingPaired(
            t.championship.name.clone(),
        )));
    }
    before_knockout(conn, t.championship.id, BeforeKnockout::Seeds)
}

/// A guard's answer as a page shows it: `None` while what it guards applies, else
/// the refusal to say instead. Any other failure stays one.
pub fn refusal_of(guard: Result<(), ChangeError>) -> Result<Option<Refusal>, ChangeError> {
    match guard {
        Ok(()) => Ok(None),
        Err(ChangeError::Refused(r)) => Ok(Some(r)),
        Err(e) => Err(e),
    }
}
