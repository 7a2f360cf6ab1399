//! Managing a bracket: its paper, deleting it and its audit log.

use super::*;
use crate::error::Unacceptable;
use crate::web::manage::audit_trail;

#[derive(Deserialize)]
pub struct PaperForm {
    paper: String,
}

/// `POST /cuadros/{id}/papel`: the paper of the print layout (A4 or A3 landscape).
pub async fn set_paper(
    VisitId(Visit { req, state, who }, id, form): VisitId<web::Form<PaperForm>>,
) -> HttpResult {
    let l = load_to_manage(&req, &state, &who, id).await?;
    let paper = form.into_inner().paper;
    if paper != "a4" && paper != "a3" {
        return Err(AppError::from(Unacceptable::Paper(paper)));
    }
    let actor = who.actor();
    db(&state, move |conn| {
        set_paper_audited(conn, &l.row, &paper, &actor)
    })
    .await?;
    Ok(see_other(&format!("/cuadros/{id}")))
}

#[derive(Deserialize)]
pub struct DeleteForm {
    version: i32,
    #[serde(default)]
    confirm: Option<String>,
}

/// `POST /cuadros/{id}/borrar`: a bracket created by mistake goes, with its results,
/// if the director confirms and nobody changed it meanwhile. The whole bracket stays
/// in the audit log (the entry's "before"), so nothing is lost for good.
pub async fn delete(
    VisitId(Visit { req, state, who }, id, form): VisitId<web::Form<DeleteForm>>,
) -> HttpResult {
    let l = load_to_manage(&req, &state, &who, id).await?;
    let form = form.into_inner();
    if form.confirm.as_deref() != Some("si") {
        return Err(AppError::from(Unacceptable::DeleteUnconfirmed));
    }
    let actor = who.actor();
    let version = form.version;
    db(&state, move |conn| {
        delete_audited(conn, &l.row, version, &actor)
    })
    .await?;
    Ok(see_other("/cuadros"))
}

/// `GET /cuadros/{id}/auditoria[?formato=csv|json]`: every result and correction of
/// the bracket (organisers and referees of the club).
pub async fn audit(
    Visit { req, state, who }: Visit,
    path: web::Path<String>,
    query: web::Query<std::collections::HashMap<String, String>>,
) -> HttpResult {
    let id = parse_id(&path)?;
    let (row, entries, known) =
        audit_trail(&state, id, brackets::find_bracket, brackets::bracket_audit).await?;
    who.require(Perm::ReadAudit(row.club_id), req.path())?;
    crate::web::manage::audit_response(
        &req,
        row.name,
        format!("/cuadros/{id}"),
        format!("auditoria-cuadro-{id}"),
        (entries, known, false),
        query.get("formato").map(String::as_str),
    )
}
