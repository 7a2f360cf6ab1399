//! A director's form refused: the director's page again, answering the refusal's
//! status, with the refusal beside the form and its fields as they were typed.

use super::*;
use std::collections::BTreeMap;

/// The form of the director's page a refusal came from, with what was typed in it.
pub struct Again {
    /// The form: `rondas`, `fases`, `repesca` or `inscritos`.
    pub form: &'static str,
    /// The refusal in the page's language.
    pub message: String,
    /// What it says precisely (the value refused, the tables missing), when it does.
    pub detail: Option<String>,
    pub status: StatusCode,
    /// The form may be sent again confirmed (`early`): the knockout drawn with rounds
    /// of the Swiss or of the league left. The confirming button's words (message key).
    pub confirm: Option<&'static str>,
    values: BTreeMap<String, String>,
}

impl Again {
    /// What was typed in `field`.
    pub fn value(&self, field: &str) -> Option<&str> {
        self.values.get(field).map(String::as_str)
    }
}

/// The fields of a form as typed (every field of the director's forms is text).
pub(super) fn typed_values(form: &impl serde::Serialize) -> BTreeMap<String, String> {
    match serde_json::to_value(form) {
        Ok(Value::Object(map)) => map
            .into_iter()
            .filter_map(|(k, v)| match v {
                Value::String(s) => Some((k, s)),
                _ => None,
            })
            .collect(),
        _ => BTreeMap::new(),
    }
}

/// The answer to the director's form `form` of championship `id`, its fields
/// `fields` handled by `handle`: see [`or_again`].
pub(super) async fn tried<T, F, Fut>(
    visit: Visit,
    id: i32,
    form: &'static str,
    fields: T,
    handle: F,
) -> HttpResult
where
    T: serde::Serialize,
    F: FnOnce(Visit, i32, T) -> Fut,
    Fut: Future<Output = HttpResult>,
{
    let values = typed_values(&fields);
    let result = handle(visit.clone(), id, fields).await;
    or_again(visit, id, form, values, result).await
}

/// The answer to a director's form `form` of championship `id`: `result` when it went
/// through or failed for another reason than its content or the championship's state
/// (those keep their own page); else the director's page again with the refusal and
/// `values`.
pub(super) async fn or_again(
    visit: Visit,
    id: i32,
    form: &'static str,
    values: BTreeMap<String, String>,
    result: HttpResult,
) -> HttpResult {
    let e = match result {
        Ok(res) => return Ok(res),
        Err(e) => e,
    };
    let status = actix_web::ResponseError::status_code(&e);
    if !matches!(status.as_u16(), 400 | 409 | 422) {
        return Err(e);
    }
    let ctx = Ctx::from_request(&visit.req);
    let (key, detail) = e.describe(ctx.lang);
    // Rounds left: how many, and a button that draws the knockout without them.
    let left = match &e {
        AppError::Refused(Refusal::SwissRoundsLeft(n)) => {
            Some(("phase-rounds-left", "phase-draw-early", *n))
        }
        AppError::Refused(Refusal::LeagueRoundsLeft(n)) => {
            Some(("phase-league-rounds-left", "phase-draw-early-league", *n))
        }
        _ => None,
    };
    let again = Again {
        form,
        message: match left {
            Some((said, _, n)) => ctx.tn(said, n as usize, "n", &n),
            None => ctx.t(key),
        },
        detail: detail.filter(|_| left.is_none()),
        status,
        confirm: left.map(|(_, button, _)| button),
        values,
    };
    super::director::director_page(visit, id, Some(again)).await
}
