//! Championships with rounds: the director's pages (create, register entrants and
//! link them to people, CSV import and export, late entry, withdrawal, check-in,
//! pair and publish rounds, enter and correct results), the table's score entry
//! with the opponents' signature ("firma"), the standings, the public live page for
//! a wall screen, and the printable A4 pages. This module holds what those pages
//! share: loading a championship, entrant names, the texts of systems, formats and
//! tiebreaks, and the round views (the standings as shown are in `standings`).
//!
//! The state is the championship's `baza-tournament/1` document; every change goes
//! through `service::championship::change` (optimistic version, one audit row), and every
//! computation (pairing, result checks, standings, dependents) is the domain's.

use crate::domain::refusal::{EntrantFault, Refusal};
use crate::domain::status::TableStatus;
use crate::error::Unacceptable;
use std::future::Future;
use std::pin::Pin;

use actix_session::Session;
use actix_web::dev::Payload;
use actix_web::http::{StatusCode, header};
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::HashMap;

use super::account::{now, see_other};
use super::auth::{self, Perm, Principal};
use super::visit::{HttpResult, Visit, VisitId};
use super::{AppState, CachedPage, Ctx, SentFields, db, parse_id, render, render_status};
use crate::db::DbConn;
use crate::db::championship::store::{
    self as store, ChangeError, TableRow, Tournament, entrant_name,
};
use crate::db::championship::tables::random_pin;
use crate::db::queries::{self, Club};
use crate::domain::tournament::{
    self, Entrant, HeadToHead, MatchFormat, MatchPoints, MatchResult, Pairing, PairingError,
    Points, SameClub, Side, System, Tiebreak, Ties, TournamentFile,
};
use crate::domain::{GameKind, Lang};
use crate::error::AppError;

mod again;
mod at_table;
mod create;
mod director;
mod downloads;
mod entrants;
mod find_table;
mod firma;
mod formats;
mod groups;
mod import;
mod linking;
mod pins;
mod print;
mod public;
mod ranking;
mod repesca;
mod settings;
mod standings;
mod tables;

pub(crate) use import::refusal_words;
pub(crate) use ranking::{final_ranking_text, phase_standings_key};

pub use create::*;
pub use director::*;
pub use downloads::*;
pub use entrants::*;
pub use find_table::{EntrantFound, entrants_found};
pub use firma::*;
pub use groups::{draw_groups, move_entrant};
pub use import::{FILE_LIMIT, championship_import, championship_import_form, takes_big_files};
pub use linking::{link_entrant, link_unmatched, search_people};
pub use pins::{renew_pins, table_pin};
pub use print::*;
pub use public::*;
pub use ranking::FinalLine;
pub use repesca::create_repesca;
pub use settings::*;
use standings::{
    ColumnHead, CrossGroup, StandingLine, crosstables, entrant_head, standing_lines, tb_headers,
    tb_heads,
};
pub use tables::*;

pub use crate::web::tables_held::S_TOURNAMENT_TABLES;

/// How often the live page reloads itself, in seconds.
pub const LIVE_REFRESH: u32 = 30;

impl From<ChangeError> for AppError {
    fn from(e: ChangeError) -> Self {
        match e {
            ChangeError::Db(e) => AppError::from(e),
            ChangeError::NotFound => AppError::NotFound,
            ChangeError::Pairing(p) => pairing_error(p),
            ChangeError::Refused(r) if r.is_stage() => AppError::Refused(r),
            ChangeError::Refused(r) => AppError::Rejected(r),
            ChangeError::Stale => AppError::Refused(Refusal::Stale),
        }
    }
}

fn pairing_error(p: PairingError) -> AppError {
    match p {
        PairingError::RoundIncomplete { round, tables } => {
            AppError::Refused(Refusal::RoundIncomplete { round, tables })
        }
        PairingError::Finished => AppError::Refused(Refusal::Finished),
        other => pairing_unacceptable(&other).into(),
    }
}

/// Why a round cannot be paired, in one line (an unfinished round or a finished
/// championship say more as refusals of their own).
fn pairing_unacceptable(p: &PairingError) -> Unacceptable {
    match p {
        PairingError::NotEnoughEntrants => Unacceptable::NotEnoughEntrants,
        PairingError::LateEntry(_) => Unacceptable::LateEntry,
        PairingError::TooLarge => Unacceptable::TooManyToPair,
        PairingError::InvalidFile(_) => Unacceptable::Unpairable,
        PairingError::RoundIncomplete { .. } | PairingError::Finished => {
            Unacceptable::RoundUnpaired
        }
    }
}

/// Why the next round of `file` cannot be paired, in words in `lang`: the tables of
/// an unfinished round by number, a late entrant by name.
pub(crate) fn pairing_words(lang: Lang, file: &TournamentFile, p: &PairingError) -> String {
    use crate::web::i18n::{tr, tr_args};
    match p {
        PairingError::RoundIncomplete { round, tables } => format!(
            "{} {}",
            tr_args(
                lang,
                "tournament-missing-results",
                &[("round", round.to_string())]
            ),
            crate::domain::refusal::listed(tables, ", ", u32::to_string)
        ),
        PairingError::Finished => tr(lang, "tournament-finished"),
        PairingError::LateEntry(id) => tr_args(
            lang,
            "pairing-late-entry-of",
            &[("name", store::entrant_name(file, id))],
        ),
        other => tr(lang, pairing_unacceptable(other).key()),
    }
}

/// The name typed for a phase (1 to 120 characters once trimmed), else the message
/// `default` in the visitor's language.
fn phase_name(ctx: &Ctx, typed: &str, default: &str) -> String {
    Some(typed.trim().to_owned())
        .filter(|n| !n.is_empty() && n.chars().count() <= 120)
        .unwrap_or_else(|| ctx.t(default))
}

/// Loads a championship or 404s.
fn load(conn: &mut DbConn, id: i32) -> Result<Tournament, AppError> {
    store::load(conn, id)?.ok_or(AppError::NotFound)
}

/// The system in words, with the same-club rule of a Swiss that avoids them.
fn system_text(ctx: &Ctx, ev: &crate::domain::tournament::Championship) -> String {
    let system = system_only_text(ctx, &ev.system);
    match (ev.system, ev.same_club) {
        (System::Swiss { .. }, SameClub::AvoidFirst(n)) => {
            format!("{system} ({})", ctx.t1("champ-same-club-note", "n", &n))
        }
        (System::Swiss { .. }, SameClub::AvoidAlways) => {
            format!("{system} ({})", ctx.t("champ-same-club-note-always"))
        }
        _ => system,
    }
}

fn system_only_text(ctx: &Ctx, s: &System) -> String {
    match *s {
        System::Swiss { rounds } => {
            crate::web::i18n::tr_count(ctx.lang, "tournament-system-swiss-n", rounds as usize, &[])
        }
        System::RoundRobin { double, groups } => {
            let base = if double {
                ctx.t("tournament-system-double")
            } else {
                ctx.t("tournament-system-single")
            };
            if groups > 1 {
                format!("{base} · {}", ctx.t1("tournament-groups-n", "n", &groups))
            } else {
                base
            }
        }
        System::Ceros { losses } => ctx.t1("tournament-system-ceros-n", "n", &losses),
    }
}

fn format_text(ctx: &Ctx, f: &MatchFormat) -> String {
    match *f {
        MatchFormat::Partida { target: Some(t) } => ctx.t1("tournament-format-partida-to", "n", &t),
        MatchFormat::Partida { target: None } => ctx.t("tournament-format-partida"),
        MatchFormat::BestOf { partidas, cotos } if cotos > 1 => crate::web::i18n::tr_args(
            ctx.lang,
            "champ-format-cotos",
            &[("cotos", cotos.to_string()), ("n", partidas.to_string())],
        ),
        MatchFormat::BestOf { partidas, .. } => ctx.t1("tournament-format-best-of", "n", &partidas),
        MatchFormat::Timed {
            target,
            max_hands,
            minutes,
            cap,
            draws,
        } => {
            let limits = crate::web::i18n::tr_args(
                ctx.lang,
                "tournament-format-timed-to",
                &[
                    ("target", target.to_string()),
                    ("hands", max_hands.to_string()),
                    ("minutes", minutes.to_string()),
                ],
            );
            let base = format!("{limits} · {}", ctx.t1("tournament-format-cap", "n", &cap));
            if draws.stands() {
                base
            } else {
                format!("{base} · {}", draws.words(ctx.lang))
            }
        }
    }
}

fn tiebreak_label(ctx: &Ctx, t: Tiebreak) -> String {
    ctx.t(&format!("tiebreak-{}", t.slug().replace('_', "-")))
}

// ---------------------------------------------------------------------------
// Rounds as shown.

pub struct TableLine {
    pub table: u32,
    /// The physical table, or `None` while queued.
    pub physical: Option<i32>,
    pub a: String,
    pub b: String,
    pub result: Option<String>,
    /// `playing`, `proposed`, `final`.
    pub status: String,
    pub url: String,
    pub pin: String,
    /// Pair b's PIN.
    pub pin_b: String,
    pub qr_svg: String,
    /// How far the table is, for the director: not started, hand 5, proposed,
    /// confirmed.
    pub state: String,
    /// A knockout table's stage ("Semifinal 1", "Final"), shown instead of its number.
    pub stage: Option<String>,
    /// The table's first partida, when it is played hand by hand.
    pub game: Option<i32>,
    /// Who sits where and who deals first, as the slips print it.
    pub seating: Option<TableSeats>,
}

impl TableLine {
    /// Played at the hall's table of its own number (said once on a phone).
    pub fn at_own_table(&self) -> bool {
        self.physical == i32::try_from(self.table).ok()
    }
}

/// A table's seats in play order and who deals first, in words.
pub struct TableSeats {
    /// "Asiento 1: Ana Alonso", one per seat.
    pub seats: Vec<String>,
    /// "Reparte primero: Berta Díez".
    pub first_dealer: String,
}

pub struct RoundView {
    pub number: u32,
    pub published: bool,
    pub complete: bool,
    pub tables: Vec<TableLine>,
    pub byes: Vec<String>,
    pub rests: Vec<String>,
}

impl RoundView {
    /// Whether the round counts in the full standings already: a table of it has its
    /// result, or a pair has its bye.
    pub fn counted(&self) -> bool {
        !self.byes.is_empty() || self.tables.iter().any(|l| l.result.is_some())
    }
}

/// A table's result as a person reads it: the score, the pair that did not show up,
/// and the winner by name when the score alone does not tell (a guiñote partida
/// won by a renuncio or a tute at 0 – 0, or both sides past 101).
fn result_text(ctx: &Ctx, r: &MatchResult, names: [&str; 2]) -> String {
    let mut s = format!("{} – {}", r.score[0], r.score[1]);
    if let Some(f) = r.forfeit {
        let name = match f {
            Side::A => names[0],
            Side::B => names[1],
        };
        s.push_str(" · ");
        s.push_str(&ctx.t1("result-no-show", "name", &name));
    } else if let Some(w) = declared_winner(r) {
        let name = match w {
            Side::A => names[0],
            Side::B => names[1],
        };
        s.push_str(" · ");
        s.push_str(&ctx.t1("result-declared-winner", "name", &name));
    }
    s
}

/// The winner a result names when its score does not give it (level, or the
/// other side ahead); `None` when the score tells who won, or for a draw.
fn declared_winner(r: &MatchResult) -> Option<Side> {
    r.winner.filter(|w| Some(*w) != Side::by_score(r.score))
}

/// The stored tables by (round, table): the first row of each, as a search would
/// find it.
fn tables_by_round(rows: &[TableRow]) -> HashMap<(i32, i32), &TableRow> {
    let mut by_table = HashMap::with_capacity(rows.len());
    for x in rows {
        by_table.entry((x.round_no, x.table_no)).or_insert(x);
    }
    by_table
}

/// The views of the rounds of `t` (only round `only` when given), each table with
/// its stored row; `base` makes the tables' QR codes (for print). Rows and names are
/// looked up by key, so the cost is linear in the tables shown.
fn round_views(
    ctx: &Ctx,
    t: &Tournament,
    rows: &[TableRow],
    base: Option<&str>,
    only: Option<u32>,
) -> Vec<RoundView> {
    let id = t.championship.id;
    let by_table = tables_by_round(rows);
    let names: HashMap<&str, &str> = t
        .file
        .entrants
        .iter()
        .map(|e| (e.id.as_str(), e.name.as_str()))
        .collect();
    let name = |id: &str| {
        names
            .get(id)
            .map_or_else(|| id.to_owned(), |n| (*n).to_owned())
    };
    t.file
        .rounds
        .iter()
        .filter(|r| only.is_none_or(|n| n == r.number))
        .map(|r| {
            let results = r.results_by_table();
            let mut tables = Vec::new();
            let mut byes = Vec::new();
            let mut rests = Vec::new();
            for p in &r.pairings {
                match p {
                    Pairing::Table(tp) => {
                        let row = by_table.get(&(r.number as i32, tp.table as i32)).copied();
                        let path =
                            format!("/campeonatos/{id}/rondas/{}/mesas/{}", r.number, tp.table);
                        let url = base.map_or_else(|| path.clone(), |b| format!("{b}{path}"));
                        tables.push(TableLine {
                            table: tp.table,
                            physical: row.map_or(Some(tp.table as i32), |x| x.physical),
                            a: name(&tp.a),
                            b: name(&tp.b),
                            result: results
                                .get(&tp.table)
                                .map(|x| result_text(ctx, x, [&name(&tp.a), &name(&tp.b)])),
                            status: row.map_or_else(
                                || TableStatus::Playing.to_string(),
                                |x| x.status.to_string(),
                            ),
                            pin: row.map(|x| x.pin.clone()).unwrap_or_default(),
                            pin_b: row.map(|x| x.pin_b.clone()).unwrap_or_default(),
                            state: String::new(),
                            stage: None,
                            game: row.and_then(|x| x.game_id),
                            seating: None,
                            qr_svg: if base.is_some() {
                                super::manage::qr_svg(&url)
                            } else {
                                String::new()
                            },
                            url: path,
                        });
                    }
                    Pairing::Bye(b) => byes.push(name(&b.bye)),
                    Pairing::Rest(x) => rests.push(name(&x.rest)),
                }
            }
            RoundView {
                number: r.number,
                published: r.number as i32 <= t.published_round,
                complete: r.missing_results().is_empty(),
                tables,
                byes,
                rests,
            }
        })
        .collect()
}

/// A request from the director of championship `{id}`, with its body `B` (a form,
/// the bytes sent, or nothing). Taken in the order its parts were taken one by one:
/// who asks, the body, then the championship's id and the director's right.
pub struct Directed<B>(
    pub Visit,
    /// The championship's id.
    pub i32,
    pub B,
);

impl<B: FromRequest + 'static> FromRequest for Directed<B> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Directed<B>, actix_web::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let at = VisitId::<B>::from_request(req, payload);
        Box::pin(async move {
            let VisitId(v, id, body) = at.await?;
            require_director(&v.req, &v.state, &v.who, id).await?;
            Ok(Directed(v, id, body))
        })
    }
}

/// Checks the director's right on championship `id` (loading its club).
async fn require_director(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    who: &Principal,
    id: i32,
) -> Result<i32, AppError> {
    let club = db(state, move |conn| Ok(load(conn, id)?.championship.club_id)).await?;
    who.require(Perm::ManageClub(club), req.path())?;
    Ok(club)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::web::sheets::CsvStyle;

    fn empty() -> TournamentFile {
        let (f, _) = file_from_form(
            &NewForm {
                name: "Open".into(),
                ..NewForm::defaults(GameKind::Botifarra)
            },
            1,
            Lang::Es,
        )
        .unwrap();
        f
    }

    #[test]
    fn csv_reads_accents_and_quoted_commas_and_reports_the_bad_line() {
        let text = "nombre,club,cabeza_de_serie\n\"Pujol, Vidal\",Casal de Ponent,1\nÑúñez – Güell,\"Peña \"\"La Baza\"\"\",\n\n";
        let got = entrants_from_csv(&empty(), text).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].name, "Pujol, Vidal");
        assert_eq!(got[0].seed, Some(1));
        assert_eq!(got[1].name, "Ñúñez – Güell");
        assert_eq!(got[1].club.as_deref(), Some("Peña \"La Baza\""));
        let refused = [
            // A seed that is not a number.
            (
                "nombre,club,cabeza_de_serie\nA,B,1\nC,D,uno\n",
                3,
                EntrantFault::Seed,
            ),
            // A line short of a field.
            ("nombre,club\nA,B\nC\n", 3, EntrantFault::CsvFields),
            // A seed taken twice.
            (
                "nombre,cabeza_de_serie\nA,1\nB,1\n",
                3,
                EntrantFault::SeedTaken,
            ),
            // A quote never closed.
            ("nombre\n\"A\n", 2, EntrantFault::CsvQuotes),
        ];
        for (text, line, key) in refused {
            assert_eq!(
                entrants_from_csv(&empty(), text),
                Err((line, key)),
                "{text}"
            );
        }
    }

    #[test]
    fn csv_player_columns_in_three_languages_give_typed_people_and_a_name() {
        let text = "jugador 1;Licencia 1;Player 2;llicència_2;club 2\nAndrés Nieto;cv 12;Rosa Ortega;;Peña El Tres\n";
        let got = entrants_from_csv(&empty(), text).unwrap();
        assert_eq!(got[0].name, "Nieto – Ortega");
        let p = &got[0].people;
        assert_eq!(p.len(), 2);
        assert_eq!(
            (p[0].name.as_str(), p[0].licence.as_deref()),
            ("Andrés Nieto", Some("cv 12"))
        );
        assert_eq!(p[0].key, None);
        assert_eq!(
            (p[1].licence.as_deref(), p[1].club.as_deref()),
            (None, Some("Peña El Tres"))
        );
        // Without a name column nor players, the header is refused.
        assert_eq!(
            entrants_from_csv(&empty(), "club\nX\n"),
            Err((1, EntrantFault::CsvHeader))
        );
    }

    /// A championship open for entries with the entrants of `csv`.
    fn entrants_of(csv: &str) -> Tournament {
        let mut f = empty();
        f.entrants = entrants_from_csv(&f, csv).unwrap();
        Tournament {
            championship: queries::Championship {
                id: 1,
                club_id: 1,
                name: "x".into(),
                game: "botifarra".into(),
                format: crate::domain::status::ChampionshipFormat::Swiss,
                status: crate::domain::status::ChampionshipStatus::Registration,
                options: "{}".into(),
                rounds_planned: 5,
                starts_on: chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
                created_at: now(),
            },
            file: f,
            checked_in: vec!["1".into()],
            tables_available: 0,
            published_round: 0,
            version: 0,
            entry_mode: crate::domain::status::EntryMode::TypedResult,
        }
    }

    #[test]
    fn the_export_reads_back_in_the_import() {
        let t = entrants_of(
            "nombre,club\n\"Soler, Roca\",=Club\nÀngel – Íñigo,\n\"Puig; Vives\",Penya\n",
        );
        for style in [CsvStyle::SEMICOLON, CsvStyle::COMMA] {
            let csv = entrants_csv(&t, style).unwrap();
            let again = entrants_from_csv(&empty(), &csv).unwrap();
            let names: Vec<_> = again.iter().map(|e| e.name.as_str()).collect();
            assert_eq!(names, ["Soler, Roca", "Àngel – Íñigo", "Puig; Vives"]);
            // The apostrophe that kept it from a spreadsheet's formulas is read back.
            assert_eq!(again[0].club.as_deref(), Some("=Club"));
            assert!(csv.contains("'=Club"), "{csv}");
        }
    }

    #[test]
    fn the_entrants_download_heads_its_columns_with_words_and_reads_back() {
        let t = entrants_of(
            "nombre,cabeza de serie,jugador 1,licencia 1,jugador 2\nSoler – Roca,1,Pau Soler,B-7,Joan Roca\n",
        );
        let sheet = entrants_sheet(&t);
        let heads: Vec<&str> = sheet.columns.iter().map(|(h, _)| h.as_str()).collect();
        assert!(heads.iter().all(|h| !h.contains('_')), "{heads:?}");
        assert!(
            heads.contains(&"cabeza de serie") && heads.contains(&"jugador 2"),
            "{heads:?}"
        );
        let csv = entrants_csv(&t, CsvStyle::SEMICOLON).unwrap();
        let again = entrants_from_csv(&empty(), &csv).unwrap();
        assert_eq!(again[0].seed, Some(1));
        assert_eq!(again[0].people.len(), 2);
        assert_eq!(again[0].people[0].licence.as_deref(), Some("B-7"));
        assert_eq!(again[0].people[1].name, "Joan Roca");
    }
}
