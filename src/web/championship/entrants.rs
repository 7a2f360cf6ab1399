//! A championship's entrants: adding one, withdrawal, reinstatement and check-in,
//! and the entrant list as CSV (import and export).

use super::linking;
use super::*;
use crate::domain::refusal::BeforeKnockout;
use crate::service::championship::before_knockout;
use crate::web::done::Done;
use crate::web::i18n::tr_count;
use crate::web::sheets::{self, BadLine, Cell, Sheet, Target};

#[derive(Deserialize, serde::Serialize)]
pub struct EntrantForm {
    /// The entrant's name; when empty, made from its players' names.
    #[serde(default)]
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    seed: String,
    #[serde(default)]
    start_points: String,
    /// The players' names as typed.
    #[serde(default)]
    player1: String,
    #[serde(default)]
    player2: String,
    /// The people picked from the register (ids), when they were.
    #[serde(default)]
    person1: String,
    #[serde(default)]
    person2: String,
    /// The club each player plays for in this championship.
    #[serde(default)]
    club1: String,
    #[serde(default)]
    club2: String,
}

impl EntrantForm {
    /// The players' fields, as many as an entrant of `file` is.
    fn players(&self, file: &TournamentFile) -> Vec<linking::PlayerFields<'_>> {
        let both = [
            (&self.player1, &self.person1, &self.club1),
            (&self.player2, &self.person2, &self.club2),
        ];
        both.into_iter()
            .take(crate::domain::tournament::people::entrant_size(file))
            .map(|(typed, person, club)| linking::PlayerFields {
                typed,
                person,
                club,
            })
            .collect()
    }
}

/// A registration's entrant with its people: named as typed, or after its players.
fn entrant_with_people(
    conn: &mut DbConn,
    file: &TournamentFile,
    form: &EntrantForm,
) -> Result<Entrant, ChangeError> {
    let people = linking::players_from_form(conn, &form.players(file))?;
    let name = match form.name.trim() {
        "" => crate::domain::tournament::people::default_name(
            &people
                .iter()
                .map(|(p, initials)| (p.name.clone(), *initials))
                .collect::<Vec<_>>(),
        ),
        typed => typed.to_owned(),
    };
    let mut e = new_entrant(file, &name, &form.club, &form.seed, &form.start_points)
        .map_err(|fault| ChangeError::Refused(Refusal::Entrant(fault, name.clone())))?;
    e.people = people.into_iter().map(|(p, _)| p).collect();
    linking::check_once(file, &e.people)?;
    // The pair's club: the one both its players play for, when nothing was typed.
    if e.club.is_none()
        && let Some(first) = e.people.first().and_then(|p| p.club.clone())
        && e.people
            .iter()
            .all(|p| p.club.as_deref() == Some(first.as_str()))
    {
        e.club = Some(first);
    }
    Ok(e)
}

/// A new entrant, checked against those registered (`line` only for messages).
fn new_entrant(
    file: &TournamentFile,
    name: &str,
    club: &str,
    seed: &str,
    start_points: &str,
) -> Result<Entrant, EntrantFault> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(EntrantFault::Name);
    }
    if file
        .entrants
        .iter()
        .any(|e| e.name.to_lowercase() == name.to_lowercase())
    {
        return Err(EntrantFault::Exists);
    }
    let seed = match seed.trim() {
        "" => None,
        s => Some(
            s.parse::<u32>()
                .ok()
                .filter(|v| (1..=9999).contains(v))
                .ok_or(EntrantFault::Seed)?,
        ),
    };
    if seed.is_some() && file.entrants.iter().any(|e| e.seed == seed) {
        return Err(EntrantFault::SeedTaken);
    }
    let start_points = match start_points.trim() {
        "" => MatchPoints::ZERO,
        typed => MatchPoints::parse(typed)
            .filter(|p| *p <= MatchPoints::whole(1000))
            .ok_or(EntrantFault::StartPoints)?,
    };
    if let Some(fault) = crate::domain::tournament::listing::late_entry_refused(file) {
        return Err(fault);
    }
    let rounds = file.rounds.len() as u32;
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
    Directed(visit, id, form): Directed<web::Form<EntrantForm>>,
) -> HttpResult {
    super::again::tried(visit, id, "inscritos", form.into_inner(), register).await
}

async fn register(Visit { state, who, .. }: Visit, id: i32, form: EntrantForm) -> HttpResult {
    let actor = who.actor();
    db(&state, move |conn| {
        crate::service::championship::change(conn, id, &actor, now(), |conn, t| {
            before_knockout(conn, id, BeforeKnockout::Register)?;
            let mut e = entrant_with_people(conn, &t.file, &form)?;
            tournament::groups::place_newcomer(&t.file, &mut e);
            let after = serde_json::to_value(&e).ok();
            let late = e.first_round > 1;
            t.file.entrants.push(e);
            Ok((
                (),
                crate::service::championship::Audit {
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
    crate::service::championship::change(conn, id, actor, now(), |conn, t| {
        let asked = match what {
            "withdraw" => BeforeKnockout::Withdraw,
            "reinstate" => BeforeKnockout::Reinstate,
            _ => BeforeKnockout::CheckIn,
        };
        before_knockout(conn, id, asked)?;
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
                    return Err(ChangeError::Refused(Refusal::EntrantWithdrawn(
                        e.name.clone(),
                    )));
                }
                e.withdrawn_after_round = Some(rounds.max(e.first_round.saturating_sub(1)));
            }
            "reinstate" => {
                let e = &mut t.file.entrants[pos];
                if e.withdrawn_after_round.is_none_or(|w| w != rounds) {
                    return Err(ChangeError::Refused(Refusal::EntrantReinstate(
                        e.name.clone(),
                    )));
                }
                e.withdrawn_after_round = None;
            }
            _ => {
                // The draw of round 1 reads the check-in, and nothing after it.
                if rounds > 0 {
                    return Err(ChangeError::Refused(Refusal::CheckInLate));
                }
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
            crate::service::championship::Audit {
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

/// What a row of the entrants list sends besides its button: the search the list
/// showed, to show it again after the change.
#[derive(Deserialize, Default)]
pub struct RowForm {
    #[serde(default)]
    buscar: String,
}

async fn entrant_post(
    Visit { req, state, who }: Visit,
    path: web::Path<(String, String)>,
    form: Option<web::Form<RowForm>>,
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
    let search: String = form.map(|f| f.into_inner().buscar).unwrap_or_default();
    Ok(see_other(&super::EntrantSearch::back_to(
        id,
        &search.chars().take(80).collect::<String>(),
    )))
}

/// `POST /campeonatos/{id}/inscritos/{eid}/retirar`: a withdrawal; the entrant keeps
/// its results and is never paired again.
pub async fn withdraw(
    v: Visit,
    path: web::Path<(String, String)>,
    form: Option<web::Form<RowForm>>,
) -> HttpResult {
    entrant_post(v, path, form, "withdraw").await
}

/// `POST /campeonatos/{id}/inscritos/{eid}/readmitir`: undoes a withdrawal made
/// since the last round was paired.
pub async fn reinstate(
    v: Visit,
    path: web::Path<(String, String)>,
    form: Option<web::Form<RowForm>>,
) -> HttpResult {
    entrant_post(v, path, form, "reinstate").await
}

/// `POST /campeonatos/{id}/inscritos/{eid}/presente`: check-in (toggles).
pub async fn check_in(
    v: Visit,
    path: web::Path<(String, String)>,
    form: Option<web::Form<RowForm>>,
) -> HttpResult {
    entrant_post(v, path, form, "check_in").await
}

/// A header as compared: accents and case ignored, blanks and dashes as `_`.
fn header_key(h: &str) -> String {
    crate::domain::names::fold(h.trim()).replace([' ', '-'], "_")
}

fn column(header: &[String], names: &[&str]) -> Option<usize> {
    header
        .iter()
        .position(|h| names.contains(&header_key(h).as_str()))
}

/// The headers of player `k`'s columns (1 or 2): her name, licence and club, in
/// Spanish, Catalan and English. The first player's name and licence also go
/// without the number ("club" alone is the entrant's).
fn player_columns(k: usize) -> [Vec<String>; 3] {
    let with = |stems: &[&str], bare: bool| -> Vec<String> {
        let mut out = Vec::new();
        for stem in stems {
            out.push(format!("{stem}_{k}"));
            out.push(format!("{stem}{k}"));
            if bare && k == 1 {
                out.push((*stem).to_owned());
            }
        }
        out
    };
    [
        with(&["jugador", "jugadora", "player"], true),
        with(&["licencia", "llicencia", "licence", "license"], true),
        with(&["club"], false),
    ]
}

/// Reads entrants from CSV (a header line, then one entrant a line). All or
/// nothing: the first bad line is reported by number, with the reason's key.
/// Optional columns name the players (`jugador 1`, `jugador 2`, `licencia 1`,
/// `licencia 2`, `club 1`, `club 2`, or in Catalan or English): they come as typed
/// names, linked afterwards by licence (see `db::linking::link_licences`); the
/// entrant's name may then be left out (made from its players').
pub fn entrants_from_csv(
    file: &TournamentFile,
    text: &str,
) -> Result<Vec<Entrant>, (usize, EntrantFault)> {
    let records = sheets::read_csv(text).map_err(|BadLine(l)| (l, EntrantFault::CsvQuotes))?;
    let Some(((hline, header), rows)) = records.split_first() else {
        return Err((1, EntrantFault::CsvEmpty));
    };
    let players: Vec<[Option<usize>; 3]> =
        (1..=crate::domain::tournament::people::entrant_size(file))
            .map(|k| {
                let [name, licence, club] = player_columns(k);
                let find = |names: &[String]| {
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    column(header, &names)
                };
                [find(&name), find(&licence), find(&club)]
            })
            .filter(|cols| cols[0].is_some())
            .collect();
    let name_col = column(
        header,
        &["nombre", "name", "nom", "pareja", "parella", "pair"],
    );
    if name_col.is_none() && players.is_empty() {
        return Err((*hline, EntrantFault::CsvHeader));
    }
    let club_col = column(header, &["club"]);
    let seed_col = column(
        header,
        &["cabeza_de_serie", "seed", "semilla", "cap_de_serie"],
    );
    let mut work = file.clone();
    let mut added = Vec::new();
    for (line, r) in rows {
        if r.len() != header.len() {
            return Err((*line, EntrantFault::CsvFields));
        }
        let get = |c: Option<usize>| c.and_then(|i| r.get(i)).map_or("", |s| s.trim());
        let people: Vec<tournament::EntrantPerson> = players
            .iter()
            .filter(|[name, ..]| !get(*name).is_empty())
            .map(|[name, licence, club]| {
                let mut p = crate::domain::tournament::people::typed(get(*name), Some(get(*club)));
                p.licence = Some(get(*licence).to_owned()).filter(|l| !l.is_empty());
                p
            })
            .collect();
        if people.iter().any(|p| p.name.chars().count() > 80) {
            return Err((*line, EntrantFault::Name));
        }
        let name = match get(name_col) {
            "" => crate::domain::tournament::people::default_name(
                &people
                    .iter()
                    .map(|p| (p.name.clone(), false))
                    .collect::<Vec<_>>(),
            ),
            n => n.to_owned(),
        };
        let mut e =
            new_entrant(&work, &name, get(club_col), get(seed_col), "").map_err(|k| (*line, k))?;
        e.people = people;
        tournament::groups::place_newcomer(&work, &mut e);
        work.entrants.push(e.clone());
        added.push(e);
    }
    if added.is_empty() {
        return Err((*hline, EntrantFault::CsvEmpty));
    }
    Ok(added)
}

/// The entrants as a table whose header, in words ("cabeza de serie"), the import reads
/// back.
pub fn entrants_sheet(t: &Tournament) -> Sheet {
    let columns = [
        ("id", 6.0),
        ("nombre", 34.0),
        ("club", 24.0),
        ("cabeza de serie", 16.0),
        ("primera ronda", 14.0),
        ("retirado tras ronda", 20.0),
        ("presente", 10.0),
    ];
    // Then each player's name, licence and club (the club's staff see licences).
    let size = crate::domain::tournament::people::entrant_size(&t.file);
    let mut header: Vec<(String, f64)> =
        columns.iter().map(|(h, w)| ((*h).to_owned(), *w)).collect();
    for k in 1..=size {
        header.push((format!("jugador {k}"), 28.0));
        header.push((format!("licencia {k}"), 14.0));
        header.push((format!("club {k}"), 24.0));
    }
    let mut sheet = Sheet::new("inscritos", header);
    for e in &t.file.entrants {
        let mut players: Vec<Cell> = Vec::new();
        for k in 0..size {
            let p = e.people.get(k);
            players.push(p.map_or("", |p| p.name.as_str()).into());
            players.push(p.and_then(|p| p.licence.as_deref()).unwrap_or("").into());
            players.push(p.and_then(|p| p.club.as_deref()).unwrap_or("").into());
        }
        let mut row: Vec<Cell> = vec![
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
        ];
        row.extend(players);
        sheet.push(row);
    }
    sheet
}

/// The entrants as CSV text in `style` (the import reads it back).
pub fn entrants_csv(t: &Tournament, style: sheets::CsvStyle) -> Result<String, AppError> {
    let bytes = sheets::to_csv(&[entrants_sheet(t)], style)?;
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
    /// The wrong lines, in order (none on a first visit or after an import).
    errors: Vec<ImportError>,
    /// After an import that named players: how many it linked and how many it left,
    /// in words.
    report: Option<String>,
    /// The entrants not linked yet, with who they probably are.
    unlinked: linking::LinkingView,
}

#[derive(Deserialize)]
pub struct ImportReport {
    #[serde(default)]
    vinculadas: Option<usize>,
    #[serde(default)]
    sin_vincular: Option<usize>,
}

/// What was wrong with an import, for people: where, what, and the line itself.
struct ImportError {
    line: usize,
    message: String,
    /// The text of the wrong line, when there is one.
    shown: Option<String>,
}

/// `GET /campeonatos/{id}/inscritos/importar`: the import form (a file, or the
/// text pasted from a spreadsheet); once the knockout is drawn, the 409 page its
/// import would answer.
/// After an import with players (`?vinculadas=N&sin_vincular=M`), it says how many
/// it linked and lists the entrants still to link, with who they probably are.
pub async fn import_form(
    Visit { req, state, who }: Visit,
    path: web::Path<String>,
    report: web::Query<ImportReport>,
) -> HttpResult {
    let id = parse_id(&path)?;
    let (t, open) = db(&state, move |conn| {
        Ok((
            load(conn, id)?,
            before_knockout(conn, id, BeforeKnockout::Register),
        ))
    })
    .await?;
    who.require(Perm::ManageClub(t.championship.club_id), req.path())?;
    open?;
    let ctx = Ctx::from_request(&req);
    let report = match (report.vinculadas, report.sin_vincular) {
        (Some(linked), Some(unlinked)) => Some(format!(
            "{}, {}.",
            tr_count(ctx.lang, "link-report-linked", linked, &[]),
            tr_count(ctx.lang, "link-report-unlinked", unlinked, &[])
        )),
        _ => None,
    };
    let unlinked = match report {
        Some(_) => {
            let file = t.file.clone();
            db(&state, move |conn| linking::unlinked_views(conn, id, &file)).await?
        }
        None => linking::LinkingView::default(),
    };
    render(&ImportPage {
        ctx: &ctx,
        id,
        name: t.championship.name,
        text: String::new(),
        errors: Vec::new(),
        report,
        unlinked,
    })
}

/// The CSV sent: the file if one was chosen, else the pasted text.
fn sent_csv(req: &HttpRequest, body: &[u8]) -> Result<Vec<u8>, AppError> {
    let fields = SentFields::read(req, body)?;
    Ok(fields
        .filled("file")
        .or_else(|| fields.filled("csv"))
        .unwrap_or_default())
}

/// `POST /campeonatos/{id}/inscritos/importar`: a CSV or Excel (`.xlsx`, its first
/// sheet) file (multipart field `file`) or pasted text (field `csv`), comma or
/// semicolon separated, UTF-8 or Windows-1252. A wrong line re-shows the form with the text, the line and what
/// to fix (422); nothing is imported then.
pub async fn import_csv(
    Directed(Visit { req, state, who }, id, body): Directed<web::Bytes>,
) -> HttpResult {
    let sent = sent_csv(&req, &body)?;
    let text = sheets::xlsx_as_csv(&sent).unwrap_or_else(|| sheets::decode(&sent));
    let actor = who.actor();
    let sent = text.clone();
    let (result, name) = db(&state, move |conn| {
        let out = crate::service::championship::change(conn, id, &actor, now(), |conn, t| {
            before_knockout(conn, id, BeforeKnockout::Register)?;
            let mut added = entrants_from_csv(&t.file, &sent)
                .map_err(|(line, fault)| ChangeError::Refused(Refusal::EntrantLine(fault, line)))?;
            let n = added.len();
            let named = added.iter().any(|e| !e.people.is_empty());
            let count = crate::db::linking::link_licences(conn, &mut added)?;
            linking::check_once(
                &t.file,
                &added
                    .iter()
                    .flat_map(|e| e.people.clone())
                    .collect::<Vec<_>>(),
            )?;
            let after = serde_json::to_value(&added).ok();
            t.file.entrants.extend(added);
            Ok((
                (n, named.then_some(count)),
                crate::service::championship::Audit {
                    action: "import",
                    entity: "entrant",
                    entity_id: id,
                    before: None,
                    after,
                },
            ))
        });
        let name = load(conn, id)?.championship.name;
        Ok((out, name))
    })
    .await?;
    match result {
        Ok((n, None)) => Ok(see_other(&crate::web::done::with_done_count(
            &format!("/campeonatos/{id}/direccion#inscritos"),
            Done::EntrantsImported,
            n,
        ))),
        // Players named: what was linked and what is left, on the import page.
        Ok((n, Some(count))) => Ok(see_other(&crate::web::done::with_done_count(
            &format!(
                "/campeonatos/{id}/inscritos/importar?vinculadas={}&sin_vincular={}#sin-vincular",
                count.linked, count.unlinked
            ),
            Done::EntrantsImported,
            n,
        ))),
        // A refused line: the form again, with the text and every line to fix.
        Err(ChangeError::Refused(Refusal::EntrantLine(fault, line))) => {
            let ctx = Ctx::from_request(&req);
            let file = db(&state, move |conn| Ok(load(conn, id)?.file)).await?;
            let errors = wrong_lines(&file, &text, (line, fault))
                .into_iter()
                .map(|(line, fault)| ImportError {
                    line,
                    message: ctx.t(fault.key()),
                    shown: text
                        .lines()
                        .nth(line.saturating_sub(1))
                        .filter(|l| !l.trim().is_empty())
                        .map(str::to_owned),
                })
                .collect();
            render_status(
                &ImportPage {
                    errors,
                    ctx: &ctx,
                    id,
                    name,
                    text,
                    report: None,
                    unlinked: linking::LinkingView::default(),
                },
                StatusCode::UNPROCESSABLE_ENTITY,
            )
        }
        Err(e) => Err(e.into()),
    }
}

/// The most wrong lines an import lists at once.
const MAX_WRONG_LINES: usize = 50;

/// Every wrong line of the list `text` for `file`, in order, from `first` (the
/// first one [`entrants_from_csv`] refused): each next one found with the lines
/// already found left blank, so that a pasted list of 200 pairs with five repeated
/// names is mended in one go. A fault of the whole list (quotes that do not close,
/// no header, no entrant) ends the search.
fn wrong_lines(
    file: &TournamentFile,
    text: &str,
    first: (usize, EntrantFault),
) -> Vec<(usize, EntrantFault)> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut lines: Vec<&str> = text.split('\n').collect();
    let mut found = vec![first];
    while let Some(&(line, fault)) = found.last() {
        let of_the_list = matches!(
            fault,
            EntrantFault::CsvQuotes | EntrantFault::CsvEmpty | EntrantFault::CsvHeader
        );
        if of_the_list || found.len() >= MAX_WRONG_LINES || line <= 1 {
            break;
        }
        match lines.get_mut(line - 1) {
            Some(l) => *l = "",
            None => break,
        }
        match entrants_from_csv(file, &lines.join("\n")) {
            Err(next) if next.0 > line => found.push(next),
            _ => break,
        }
    }
    found
}

/// `GET /campeonatos/{id}/inscritos.{csv|xlsx}`: the entrants (the club's staff).
pub async fn export_entrants(
    Visit { req, state, who }: Visit,
    Target(id, format): Target,
) -> HttpResult {
    let t = db(&state, move |conn| load(conn, id)).await?;
    who.require(Perm::ManageClub(t.championship.club_id), req.path())?;
    let lang = Ctx::from_request(&req).lang;
    sheets::download(
        lang,
        &[entrants_sheet(&t)],
        format,
        &format!("inscritos-{id}"),
    )
}
