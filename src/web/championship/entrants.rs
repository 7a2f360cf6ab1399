//! A championship's entrants: adding one, withdrawal, reinstatement and check-in,
//! and the entrant list as CSV (import and export).

use super::*;
use crate::web::count_up_to;
use crate::web::sheets::{self, BadLine, Cell, Sheet, Target};

#[derive(Deserialize)]
pub struct EntrantForm {
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    seed: String,
    #[serde(default)]
    start_points: String,
}

/// A new entrant, checked against those registered (`line` only for messages).
fn new_entrant(
    file: &TournamentFile,
    name: &str,
    club: &str,
    seed: &str,
    start_points: &str,
) -> Result<Entrant, &'static str> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err("error-entrant-name");
    }
    if file
        .entrants
        .iter()
        .any(|e| e.name.to_lowercase() == name.to_lowercase())
    {
        return Err("error-entrant-exists");
    }
    let seed = match seed.trim() {
        "" => None,
        s => Some(
            s.parse::<u32>()
                .ok()
                .filter(|v| (1..=9999).contains(v))
                .ok_or("error-entrant-seed")?,
        ),
    };
    if seed.is_some() && file.entrants.iter().any(|e| e.seed == seed) {
        return Err("error-entrant-seed-taken");
    }
    let start_points = count_up_to(start_points, 1000).ok_or("error-entrant-start-points")?;
    let rounds = file.rounds.len() as u32;
    if rounds > 0 && matches!(file.event.system, System::RoundRobin { .. }) {
        return Err("error-entrant-late-round-robin");
    }
    let mut e = Entrant::new(store::next_entrant_id(file), name);
    let club = club.trim();
    e.club = (!club.is_empty()).then(|| club.chars().take(80).collect());
    e.seed = seed;
    e.first_round = rounds + 1;
    e.start_points = start_points;
    Ok(e)
}

/// `POST /campeonatos/{id}/inscritos`: registration, or a late entry once rounds
/// have been paired (the entrant plays from the next round).
pub async fn add_entrant(
    Directed(Visit { state, who, .. }, id, form): Directed<web::Form<EntrantForm>>,
) -> HttpResult {
    let form = form.into_inner();
    let actor = who.actor();
    let shown = form.name.clone();
    db(&state, move |conn| {
        store::change(conn, id, &actor, now(), |_, t| {
            let e = new_entrant(
                &t.file,
                &form.name,
                &form.club,
                &form.seed,
                &form.start_points,
            )
            .map_err(|key| ChangeError::Refused(key, shown.clone()))?;
            let after = serde_json::to_value(&e).ok();
            let late = e.first_round > 1;
            t.file.entrants.push(e);
            Ok((
                (),
                store::Audit {
                    action: if late { "late_entry" } else { "register" },
                    entity: "entrant",
                    entity_id: id,
                    before: None,
                    after,
                },
            ))
        })
        .map_err(AppError::from)
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion#inscritos")))
}

fn entrant_action(
    conn: &mut DbConn,
    id: i32,
    eid: String,
    actor: &str,
    what: &'static str,
) -> Result<(), AppError> {
    store::change(conn, id, actor, now(), |_, t| {
        let rounds = t.rounds_paired();
        let pos = t
            .file
            .entrants
            .iter()
            .position(|e| e.id == eid)
            .ok_or(ChangeError::NotFound)?;
        let before = serde_json::json!({
            "entrant": &t.file.entrants[pos],
            "checked_in": t.checked_in.contains(&eid),
        });
        match what {
            "withdraw" => {
                let e = &mut t.file.entrants[pos];
                if e.withdrawn_after_round.is_some() {
                    return Err(ChangeError::Refused(
                        "error-entrant-withdrawn",
                        e.name.clone(),
                    ));
                }
                e.withdrawn_after_round = Some(rounds.max(e.first_round.saturating_sub(1)));
            }
            "reinstate" => {
                let e = &mut t.file.entrants[pos];
                if e.withdrawn_after_round.is_none_or(|w| w != rounds) {
                    return Err(ChangeError::Refused(
                        "error-entrant-reinstate",
                        e.name.clone(),
                    ));
                }
                e.withdrawn_after_round = None;
            }
            _ => {
                if let Some(i) = t.checked_in.iter().position(|x| *x == eid) {
                    t.checked_in.remove(i);
                } else {
                    t.checked_in.push(eid.clone());
                }
            }
        }
        let after = serde_json::json!({
            "entrant": &t.file.entrants[pos],
            "checked_in": t.checked_in.contains(&eid),
        });
        Ok((
            (),
            store::Audit {
                action: what,
                entity: "entrant",
                entity_id: id,
                before: Some(before),
                after: Some(after),
            },
        ))
    })
    .map_err(AppError::from)
}

async fn entrant_post(
    Visit { req, state, who }: Visit,
    path: web::Path<(String, String)>,
    what: &'static str,
) -> HttpResult {
    let (raw, eid) = path.into_inner();
    let id = parse_id(&raw)?;
    require_director(&req, &state, &who, id).await?;
    let actor = who.actor();
    db(&state, move |conn| {
        entrant_action(conn, id, eid, &actor, what)
    })
    .await?;
    Ok(see_other(&format!("/campeonatos/{id}/direccion#inscritos")))
}

/// `POST /campeonatos/{id}/inscritos/{eid}/retirar`: a withdrawal; the entrant keeps
/// its results and is never paired again.
pub async fn withdraw(v: Visit, path: web::Path<(String, String)>) -> HttpResult {
    entrant_post(v, path, "withdraw").await
}

/// `POST /campeonatos/{id}/inscritos/{eid}/readmitir`: undoes a withdrawal made
/// since the last round was paired.
pub async fn reinstate(v: Visit, path: web::Path<(String, String)>) -> HttpResult {
    entrant_post(v, path, "reinstate").await
}

/// `POST /campeonatos/{id}/inscritos/{eid}/presente`: check-in (toggles).
pub async fn check_in(v: Visit, path: web::Path<(String, String)>) -> HttpResult {
    entrant_post(v, path, "check_in").await
}

fn column(header: &[String], names: &[&str]) -> Option<usize> {
    header
        .iter()
        .position(|h| names.contains(&h.trim().to_lowercase().replace(' ', "_").as_str()))
}

/// Reads entrants from CSV (a header line, then one entrant a line). All or
/// nothing: the first bad line is reported by number, with the reason's key.
pub fn entrants_from_csv(
    file: &TournamentFile,
    text: &str,
) -> Result<Vec<Entrant>, (usize, &'static str)> {
    let records = sheets::read_csv(text).map_err(|BadLine(l)| (l, "error-csv-quotes"))?;
    let Some(((hline, header), rows)) = records.split_first() else {
        return Err((1, "error-csv-empty"));
    };
    let name_col = column(
        header,
        &["nombre", "name", "nom", "pareja", "parella", "pair"],
    )
    .ok_or((*hline, "error-csv-header"))?;
    let club_col = column(header, &["club"]);
    let seed_col = column(
        header,
        &["cabeza_de_serie", "seed", "semilla", "cap_de_serie"],
    );
    let mut work = file.clone();
    let mut added = Vec::new();
    for (line, r) in rows {
        if r.len() != header.len() {
            return Err((*line, "error-csv-fields"));
        }
        let get = |c: Option<usize>| c.and_then(|i| r.get(i)).map_or("", |s| s.as_str());
        let e = new_entrant(&work, get(Some(name_col)), get(club_col), get(seed_col), "")
            .map_err(|k| (*line, k))?;
        work.entrants.push(e.clone());
        added.push(e);
    }
    if added.is_empty() {
        return Err((*hline, "error-csv-empty"));
    }
    Ok(added)
}

/// The entrants as a table whose header the import reads back.
pub fn entrants_sheet(t: &Tournament) -> Sheet {
    let columns = [
        ("id", 6.0),
        ("nombre", 34.0),
        ("club", 24.0),
        ("cabeza_de_serie", 16.0),
        ("primera_ronda", 14.0),
        ("retirado_tras_ronda", 20.0),
        ("presente", 10.0),
    ];
    let mut sheet = Sheet::new(
        "inscritos",
        columns.iter().map(|(h, w)| ((*h).to_owned(), *w)).collect(),
    );
    for e in &t.file.entrants {
        sheet.push(vec![
            e.id.as_str().into(),
            e.name.as_str().into(),
            e.club.as_deref().unwrap_or("").into(),
            e.seed.map_or(Cell::Empty, Cell::from),
            e.first_round.into(),
            e.withdrawn_after_round.map_or(Cell::Empty, Cell::from),
            if t.checked_in.contains(&e.id) {
                "si".into()
            } else {
                Cell::Empty
            },
        ]);
    }
    sheet
}

/// The entrants as CSV text (the import reads it back).
pub fn entrants_csv(t: &Tournament) -> Result<String, AppError> {
    let bytes = sheets::to_csv(&[entrants_sheet(t)])?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[derive(Template)]
#[template(path = "entrants_import.html")]
struct ImportPage<'a> {
    ctx: &'a Ctx,
    id: i32,
    name: String,
    /// The CSV text as it was sent (re-shown after an error).
    text: String,
    error: Option<ImportError>,
}

/// What was wrong with an import, for people: where, what, and the line itself.
struct ImportError {
    line: usize,
    message: String,
    /// The text of the wrong line, when there is one.
    shown: Option<String>,
}

/// `GET /campeonatos/{id}/inscritos/importar`: the import form (a file, or the
/// text pasted from a spreadsheet).
pub async fn import_form(Visit { req, state, who }: Visit, path: web::Path<String>) -> HttpResult {
    let id = parse_id(&path)?;
    let t = db(&state, move |conn| load(conn, id)).await?;
    who.require(Perm::ManageClub(t.event.club_id), req.path())?;
    let ctx = Ctx::from_request(&req);
    render(&ImportPage {
        ctx: &ctx,
        id,
        name: t.event.name,
        text: String::new(),
        error: None,
    })
}

/// The CSV sent: the file if one was chosen, else the pasted text.
fn sent_csv(req: &HttpRequest, body: &[u8]) -> Result<Vec<u8>, AppError> {
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let fields: Vec<(String, Vec<u8>)> = if content_type.starts_with("multipart/form-data") {
        multipart_fields(content_type, body)
            .ok_or_else(|| AppError::bad_request("error-bad-request", "multipart"))?
    } else {
        serde_html_form::from_bytes::<Vec<(String, String)>>(body)
            .map_err(|e| AppError::bad_request("error-bad-request", e.to_string()))?
            .into_iter()
            .map(|(k, v)| (k, v.into_bytes()))
            .collect()
    };
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, v)| k == name && !v.iter().all(u8::is_ascii_whitespace))
            .map(|(_, v)| v.clone())
    };
    Ok(field("file").or_else(|| field("csv")).unwrap_or_default())
}

/// `POST /campeonatos/{id}/inscritos/importar`: a CSV file (multipart field
/// `file`) or pasted text (field `csv`), comma or semicolon separated, UTF-8 or
/// Windows-1252. A wrong line re-shows the form with the text, the line and what
/// to fix (422); nothing is imported then.
pub async fn import_csv(
    Directed(Visit { req, state, who }, id, body): Directed<web::Bytes>,
) -> HttpResult {
    let text = sheets::decode(&sent_csv(&req, &body)?);
    let actor = who.actor();
    let sent = text.clone();
    let (result, name) = db(&state, move |conn| {
        let out = store::change(conn, id, &actor, now(), |_, t| {
            let added = entrants_from_csv(&t.file, &sent)
                .map_err(|(line, key)| ChangeError::Refused(key, line.to_string()))?;
            let n = added.len();
            let after = serde_json::to_value(&added).ok();
            t.file.entrants.extend(added);
            Ok((
                n,
                store::Audit {
                    action: "import",
                    entity: "entrant",
                    entity_id: id,
                    before: None,
                    after,
                },
            ))
        });
        let name = load(conn, id)?.event.name;
        Ok((out, name))
    })
    .await?;
    match result {
        Ok(n) => Ok(see_other(&crate::web::done::with_done_count(
            &format!("/campeonatos/{id}/direccion#inscritos"),
            "inscritos-importados",
            n,
        ))),
        // A refused line: the form again, with the text and the line to fix.
        Err(ChangeError::Refused(key, line)) if line.parse::<usize>().is_ok() => {
            let ctx = Ctx::from_request(&req);
            let line = line.parse::<usize>().unwrap_or(1);
            let shown = text
                .lines()
                .nth(line.saturating_sub(1))
                .filter(|l| !l.trim().is_empty())
                .map(str::to_owned);
            render_status(
                &ImportPage {
                    error: Some(ImportError {
                        line,
                        message: ctx.t(key),
                        shown,
                    }),
                    ctx: &ctx,
                    id,
                    name,
                    text,
                },
                StatusCode::UNPROCESSABLE_ENTITY,
            )
        }
        Err(e) => Err(e.into()),
    }
}

/// `GET /campeonatos/{id}/inscritos.{csv|xlsx}`: the entrants (the club's staff).
pub async fn export_entrants(
    Visit { req, state, who }: Visit,
    Target(id, format): Target,
) -> HttpResult {
    let t = db(&state, move |conn| load(conn, id)).await?;
    who.require(Perm::ManageClub(t.event.club_id), req.path())?;
    sheets::download(&[entrants_sheet(&t)], format, &format!("inscritos-{id}"))
}
