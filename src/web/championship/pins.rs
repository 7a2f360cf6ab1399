//! A championship table's PINs: a pair's PIN typed on a phone opens the table there
//! (throttled per table, from every address together), and the organiser changes
//! both PINs of a table when a slip is lost or a PIN was seen: the phones that typed
//! the old ones are asked for the new (see [`crate::web::grants`]).

use super::tables::{AtTable, VersionForm, grant_side, path_of, table_version};
use super::*;
use crate::service::throttle::{PinRefused, check_pin, table_subject};
use crate::web::done::Done;
use crate::web::grants;

/// What a PIN typed for a table opens: a pair, or why it opens nothing.
pub(super) type PinVerdict = Result<&'static str, PinRefused>;

impl PinRefused {
    /// The status the table's page answers with.
    pub fn status(self) -> StatusCode {
        match self {
            PinRefused::Throttled(_) => StatusCode::TOO_MANY_REQUESTS,
            PinRefused::Wrong => StatusCode::UNAUTHORIZED,
        }
    }

    /// What the page says: the PIN is wrong, or how long to wait before the next.
    pub fn words(self, ctx: &Ctx) -> String {
        match self.count() {
            Some(n) => crate::web::i18n::tr_count(ctx.lang, self.key(), n, &[]),
            None => ctx.t(self.key()),
        }
    }
}

#[derive(Deserialize)]
pub struct TablePinForm {
    pin: String,
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/pin` (and `/fases/{b}/mesas/{t}/pin`):
/// a pair's PIN opens the table (and its game) on this phone, as that pair.
pub async fn table_pin(at: AtTable, form: web::Form<TablePinForm>) -> HttpResult {
    let (tc, verdict) = at.load_checking(form.pin.trim().to_owned()).await?;
    let side = match verdict {
        Ok(side) => side,
        Err(refused) => return at.page_refusing(tc, refused),
    };
    auth::grant(&at.session, S_TOURNAMENT_TABLES, tc.row.id)?;
    grant_side(&at.session, tc.row.id, side)?;
    let pin = if side == "b" {
        &tc.row.pin_b
    } else {
        &tc.row.pin
    };
    grants::remember(&at.session, &grants::side_place(tc.row.id, side), pin)?;
    if let Some(first) = tc.row.game_id {
        auth::grant(&at.session, auth::S_GAMES, first)?;
    }
    Ok(see_other(&path_of(&tc.row)))
}

/// Checks a PIN typed for a table (throttled per table, but never for the club's
/// `staff`): the pair it opens.
pub(super) fn check_table_pin(
    conn: &mut DbConn,
    row: &TableRow,
    addr: &str,
    pin: &str,
    staff: bool,
) -> Result<PinVerdict, AppError> {
    let side = row.side_of_pin(pin);
    let expected = match side {
        Some("b") => row.pin_b.as_str(),
        _ => row.pin.as_str(),
    };
    let subject = table_subject(row.id);
    let verdict = check_pin(
        conn,
        &subject,
        addr,
        Some(expected).filter(|p| !p.is_empty()),
        pin,
        staff,
    )?;
    Ok(verdict.map(|()| side.unwrap_or("a")))
}

/// `POST /campeonatos/{id}/rondas/{r}/mesas/{t}/pines` (and `/fases/{b}/mesas/{t}/pines`):
/// the organiser gives the table's two pairs new PINs. The phones that typed the old
/// ones keep nothing: their next step asks for the new PIN.
pub async fn renew_pins(at: AtTable, form: web::Form<VersionForm>) -> HttpResult {
    let tc = at.load().await?;
    at.who
        .require(Perm::ManageClub(tc.t.championship.club_id), at.req.path())?;
    let version = table_version(&form.version)?;
    let row = tc.row.clone();
    let actor = at.who.actor();
    db(&at.state, move |conn| {
        Ok(crate::service::championship::renew_pins(
            conn,
            &row,
            version,
            &actor,
            now(),
            &mut random_pin,
        )?)
    })
    .await?;
    Ok(see_other(&crate::web::done::with_done(
        &path_of(&tc.row),
        Done::PinsRenewed,
    )))
}
