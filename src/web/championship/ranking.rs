//! The final ranking of a championship with a knockout phase, as its page, the wall,
//! the print and the files show it (computed by the domain: `tournament::ranking`),
//! and the names of its knockout tables by stage.

use super::*;
use crate::domain::bracket::{Bracket, Format, MatchId};
use crate::domain::tournament::{FinalRow, Reached, final_ranking};
use crate::web::brackets::{round_title, stage_title};

/// A line of the final ranking.
pub struct FinalLine {
    pub place: u32,
    pub name: String,
    pub club: String,
    /// How far the pair went, in words ("Campeón", "Semifinales", "Suizo").
    pub reached: String,
    pub champion: bool,
    /// Its rank in the earlier phase's standings.
    pub phase_rank: u32,
    /// Why it plays no more, in words (empty if it does).
    pub withdrawn_note: String,
}

/// Which rounds a page of a championship counts in its standings.
#[derive(Clone, Copy)]
pub(super) enum Rounds<'a> {
    /// Only the published ones: every page and file the public reads.
    Published,
    /// Every round with a result for the club's directors (who see what they typed
    /// counted at once), the published ones for anyone else.
    SeenBy(&'a Principal),
}

/// The championship `id` as the public reads it (only its published rounds), with its
/// knockout phases (the brackets linked to it) and its repesca liguilla in its file.
pub(super) fn load_public(conn: &mut DbConn, id: i32) -> Result<Tournament, AppError> {
    let links = crate::db::championship::liguilla::links_of(conn, id)?;
    load_linked(conn, id, &links, Rounds::Published)
}

/// The championship `id` with its knockout phases and its repesca liguilla (`links`:
/// its repesca liguilla links, already read), counting `rounds`.
pub(super) fn load_linked(
    conn: &mut DbConn,
    id: i32,
    links: &[crate::db::championship::liguilla::LiguillaLink],
    rounds: Rounds<'_>,
) -> Result<Tournament, AppError> {
    let mut t = load(conn, id)?;
    let all = match rounds {
        Rounds::Published => false,
        Rounds::SeenBy(who) => who.allows(Perm::ManageClub(t.championship.club_id)),
    };
    if !all {
        t.file.published_only(t.published_round.max(0) as u32);
    }
    if t.file.brackets.is_empty() {
        let (phases, _) = store::linked_phases(conn, id, &t.file)?;
        t.file.brackets = phases;
    }
    if let Some(link) = links.iter().find(|l| l.championship_id == id) {
        crate::db::championship::liguilla::attach_link(conn, link, &mut t.file, false)?;
    }
    Ok(t)
}

/// The earlier phase's name, for the titles: "Clasificación del suizo", "… de la liga",
/// "… de la fase de grupos".
pub(super) fn phase_standings_title(ctx: &Ctx, file: &TournamentFile) -> String {
    ctx.t(phase_standings_key(file))
}

/// The message key of [`phase_standings_title`].
pub(crate) fn phase_standings_key(file: &TournamentFile) -> &'static str {
    match file.championship.system {
        _ if file.rounds.is_empty() => "final-ranking-phase-entrants",
        System::Swiss { .. } => "final-ranking-phase-swiss",
        System::RoundRobin { groups, .. } if groups > 1 => "final-ranking-phase-groups",
        System::RoundRobin { .. } => "final-ranking-phase-league",
        System::Ceros { .. } => "final-ranking-phase-ceros",
    }
}

/// The final ranking in words, once the last knockout phase of `file` has its
/// champion (`file.brackets` filled, see [`load_public`]).
pub(super) fn final_lines(ctx: &Ctx, file: &TournamentFile) -> Option<Vec<FinalLine>> {
    let rows = final_ranking(file)?;
    Some(
        rows.into_iter()
            .map(|r| FinalLine {
                place: r.place,
                name: r.name,
                club: r.club.unwrap_or_default(),
                reached: reached_words(ctx, r.reached),
                champion: r.reached == Reached::Champion,
                phase_rank: r.phase_rank,
                withdrawn_note: super::standings::withdrawn_note(ctx, r.withdrawn, r.no_show),
            })
            .collect(),
    )
}

/// How far a pair went, in words: "Campeón", "Semifinales", "Fase previa".
fn reached_words(ctx: &Ctx, reached: Reached) -> String {
    match reached {
        Reached::Champion => ctx.t("final-ranking-reached-champion"),
        Reached::RunnerUp => ctx.t("final-ranking-reached-runner-up"),
        Reached::Third => ctx.t("final-ranking-reached-third"),
        Reached::Fourth => ctx.t("final-ranking-reached-fourth"),
        Reached::Out(round) => round_title(ctx, round),
        Reached::Repesca => ctx.t("final-ranking-reached-repesca"),
        Reached::EarlierPhase => ctx.t("final-ranking-reached-earlier"),
    }
}

/// The final ranking `rows` of `file` as a terminal's text table (`baza standings`),
/// with the page's column heads and words in `lang`.
pub(crate) fn final_ranking_text(lang: Lang, file: &TournamentFile, rows: &[FinalRow]) -> String {
    let ctx = Ctx::in_lang(lang);
    let heads = [
        ctx.t("final-ranking-place"),
        entrant_head(&ctx, file),
        ctx.t("final-ranking-reached"),
        ctx.t("final-ranking-phase-rank"),
    ];
    crate::domain::tournament::text::final_ranking_table(rows, &heads, &|r| reached_words(&ctx, r))
}

/// The champion's name, when there is a final ranking.
pub(super) fn champion_of(finals: &Option<Vec<FinalLine>>) -> Option<String> {
    finals
        .as_ref()?
        .iter()
        .find(|l| l.champion)
        .map(|l| l.name.clone())
}

/// The champion of a championship: the winner of its final when it has a final
/// ranking, else, once a league (round robin) without a knockout phase is finished,
/// the first of its standings, unless that place is shared (ex aequo).
pub(super) fn champion_or_leader(
    finals: &Option<Vec<FinalLine>>,
    t: &Tournament,
    lines: &[StandingLine],
) -> Option<String> {
    if finals.is_some() {
        return champion_of(finals);
    }
    let league = matches!(
        t.file.championship.system,
        crate::domain::tournament::System::RoundRobin { .. }
    );
    let over = t.championship.status == crate::domain::status::ChampionshipStatus::Finished;
    let first = lines
        .first()
        .filter(|_| league && over && t.file.brackets.is_empty())?;
    let shared = first.ex_aequo || lines.get(1).is_some_and(|l| l.rank == first.rank);
    (!shared).then(|| first.name.clone())
}

/// The name of knockout table `table` (its match's number) of `bracket`: "Semifinal
/// 2", "Final", "Tercer puesto".
pub(super) fn table_stage(ctx: &Ctx, bracket: &Bracket, table: i32) -> Option<String> {
    let m = MatchId(u32::try_from(table.max(1) - 1).ok()?);
    let double = matches!(bracket.format(), Format::DoubleElimination { .. });
    bracket.stage(m).map(|s| stage_title(ctx, s, double))
}
