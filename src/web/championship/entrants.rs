//! A championship's entrants: adding one, withdrawal, reinstatement and check-in,
//! and the entrant list as CSV (import and export).

use super::*;

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
    let start_points = match start_points.trim() {
        "" => 0,
        s => s
            .parse::<u32>()
            .ok()
            .filter(|v| *v <= 1000)
            .ok_or("error-entrant-start-points")?,
    };
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
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    form: web::Form<EntrantForm>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    require_director(&req, &state, &who, id).await?;
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
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
    what: &'static str,
) -> Result<HttpResponse, AppError> {
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
pub async fn withdraw(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    entrant_post(req, state, who, path, "withdraw").await
}

/// `POST /campeonatos/{id}/inscritos/{eid}/readmitir`: undoes a withdrawal made
/// since the last round was paired.
pub async fn reinstate(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    entrant_post(req, state, who, path, "reinstate").await
}

/// `POST /campeonatos/{id}/inscritos/{eid}/presente`: check-in (toggles).
pub async fn check_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    entrant_post(req, state, who, path, "check_in").await
}

/// Splits CSV text (RFC 4180: commas, double quotes, `""` inside quotes, quoted
/// line breaks) into records with the line each starts on. Blank lines are skipped.
pub fn parse_csv(text: &str) -> Result<Vec<(usize, Vec<String>)>, usize> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let mut record: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut was_quoted = false;
    let mut line = 1;
    let mut start = 1;
    let mut chars = text.chars().peekable();
    let finish = |record: &mut Vec<String>, field: &mut String, out: &mut Vec<_>, start| {
        record.push(std::mem::take(field));
        let r = std::mem::take(record);
        if !(r.len() == 1 && r[0].trim().is_empty()) {
            out.push((start, r));
        }
    };
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.trim().is_empty() && !was_quoted => {
                field.clear();
                quoted = true;
                was_quoted = true;
            }
            '"' => return Err(line),
            ',' => {
                record.push(std::mem::take(&mut field));
                was_quoted = false;
            }
            '\r' => {}
            '\n' => {
                finish(&mut record, &mut field, &mut out, start);
                was_quoted = false;
                line += 1;
                start = line;
            }
            _ if was_quoted && !c.is_whitespace() => return Err(line),
            _ => field.push(c),
        }
    }
    if quoted {
        return Err(start);
    }
    finish(&mut record, &mut field, &mut out, start);
    Ok(out)
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
    let records = parse_csv(text).map_err(|l| (l, "error-csv-quotes"))?;
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

fn csv_quote(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// The entrants as CSV (the import reads it back).
pub fn entrants_csv(t: &Tournament) -> String {
    let mut out =
        String::from("id,nombre,club,cabeza_de_serie,primera_ronda,retirado_tras_ronda,presente\n");
    for e in &t.file.entrants {
        out.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            csv_quote(&e.id),
            csv_quote(&e.name),
            csv_quote(e.club.as_deref().unwrap_or("")),
            e.seed.map(|s| s.to_string()).unwrap_or_default(),
            e.first_round,
            e.withdrawn_after_round
                .map(|w| w.to_string())
                .unwrap_or_default(),
            if t.checked_in.contains(&e.id) {
                "si"
            } else {
                ""
            },
        ));
    }
    out
}

/// `POST /campeonatos/{id}/inscritos/importar`: a CSV file (multipart field
/// `file`) or pasted text (field `csv`).
pub async fn import_csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    require_director(&req, &state, &who, id).await?;
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let raw: Vec<u8> = if content_type.starts_with("multipart/form-data") {
        let fields = multipart_fields(content_type, &body)
            .ok_or_else(|| AppError::bad_request("error-bad-request", "multipart"))?;
        fields
            .into_iter()
            .filter(|(k, v)| (k == "file" || k == "csv") && !v.is_empty())
            .map(|(_, v)| v)
            .next()
            .unwrap_or_default()
    } else {
        serde_html_form::from_bytes::<Vec<(String, String)>>(&body)
            .map_err(|e| AppError::bad_request("error-bad-request", e.to_string()))?
            .into_iter()
            .find(|(k, _)| k == "csv")
            .map(|(_, v)| v.into_bytes())
            .unwrap_or_default()
    };
    let ctx = Ctx::from_request(&req);
    let text = String::from_utf8(raw)
        .map_err(|_| AppError::unprocessable("error-csv-encoding", String::new()))?;
    let actor = who.actor();
    let result = db(&state, move |conn| {
        let out = store::change(conn, id, &actor, now(), |_, t| {
            let added = entrants_from_csv(&t.file, &text)
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
        Ok(out)
    })
    .await?;
    match result {
        Ok(_) => Ok(see_other(&format!("/campeonatos/{id}/direccion#inscritos"))),
        // Refusals of a CSV line carry the line number.
        Err(ChangeError::Refused(key, line)) if line.parse::<usize>().is_ok() => {
            Err(AppError::unprocessable(key, ctx.t1("csv-line", "n", &line)))
        }
        Err(e) => Err(e.into()),
    }
}

/// `GET /campeonatos/{id}/inscritos.csv`
pub async fn export_csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    who: Principal,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let t = db(&state, move |conn| load(conn, id)).await?;
    who.require(Perm::ManageClub(t.event.club_id), req.path())?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"inscritos-{id}.csv\""),
        ))
        .body(entrants_csv(&t)))
}
