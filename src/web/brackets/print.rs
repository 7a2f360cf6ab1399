//! Printing a bracket: the paper sizes, the print zoom and the stylesheet
//! generated for each bracket.

use super::*;

// Print and screen sizes of the generated stylesheet (CSS px).
const PRINT_ROW: f64 = 30.0;
const PRINT_COL: f64 = 170.0;
const PRINT_GAP: f64 = 16.0;
const PRINT_SECTION_GAP: f64 = 24.0;
const PRINT_SECTION_HEAD: f64 = 22.0;
const PRINT_ROUND_HEAD: f64 = 18.0;
const PRINT_TITLE: f64 = 48.0;
/// Below this scale the drawn bracket would not be legible on paper: it is printed
/// round by round instead (each round a list of its matches, in columns, over as
/// many pages as it needs).
const MIN_PRINT_ZOOM: f64 = 0.6;
/// Width of one match in the round-by-round print (CSS px).
const LIST_COL: f64 = 190.0;

/// Paper: the `@page` size and the printable area in CSS px (10 mm margins).
fn paper(paper: &str) -> (&'static str, f64, f64) {
    let px = 96.0 / 25.4;
    match paper {
        "a3" => ("A3 landscape", 400.0 * px, 277.0 * px),
        _ => ("A4 landscape", 277.0 * px, 190.0 * px),
    }
}

/// The print scale that fits the whole drawn bracket on one page, or `None` when
/// that would be too small to read (then it is printed round by round).
pub fn print_zoom(layout: &Layout, paper_name: &str) -> Option<f64> {
    let (_, avail_w, avail_h) = paper(paper_name);
    let width = |cols: usize| {
        let c = cols as f64;
        c * PRINT_COL + (c - 1.0).max(0.0) * PRINT_GAP
    };
    let height = |rows: u32| PRINT_SECTION_HEAD + PRINT_ROUND_HEAD + f64::from(rows) * PRINT_ROW;
    let top: Vec<_> = layout
        .sections
        .iter()
        .filter(|s| s.side != Side::Losers)
        .collect();
    let top_w: f64 = top.iter().map(|s| width(s.columns.len())).sum::<f64>()
        + (top.len() as f64 - 1.0).max(0.0) * PRINT_SECTION_GAP;
    let top_h = top.iter().map(|s| height(s.rows)).fold(0.0, f64::max);
    let (low_w, low_h) = layout
        .sections
        .iter()
        .find(|s| s.side == Side::Losers)
        .map_or((0.0, 0.0), |s| {
            (width(s.columns.len()), PRINT_SECTION_GAP + height(s.rows))
        });
    let nat_w = top_w.max(low_w) * 1.03;
    let nat_h = (PRINT_TITLE + top_h + low_h) * 1.03;
    let fit_w = (avail_w / nat_w).min(1.0);
    let fit_h = (avail_h / nat_h).min(1.0);
    let zoom = fit_w.min(fit_h);
    (zoom >= MIN_PRINT_ZOOM).then_some(zoom)
}

const BRACKET_CSS: &str = "
main { max-width: none; }
.bracket-head .meta span + span::before { content: ' · '; }
.champion { font-size: 1.2rem; font-weight: 700; color: var(--green); }
.bracket-wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; padding-bottom: .5rem; }
.bracket { --row: 3.6rem; --col: 14rem; --gap: 1.6rem; display: grid;
  grid-template-columns: max-content max-content; gap: 1.5rem 2rem; align-items: center; width: max-content; }
.bsec { order: 1; }
.bsec-third, .bsec-grand { order: 2; }
.bsec-losers { order: 3; grid-column: 1 / -1; }
.bsec h2 { font-size: 1rem; margin: 0 0 .25rem; height: 1.4rem; }
.bsec-third h3 { visibility: hidden; }
.rounds { display: flex; gap: var(--gap); }
.round { width: var(--col); }
.round h3 { font-size: .8rem; margin: 0; height: 1.3rem; color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cells { display: grid; }
.cell { position: relative; display: flex; align-items: center; min-height: 0; }
.mbox { width: 100%; display: grid; grid-template-columns: auto 1fr; background: #fff;
  border: 1px solid var(--line); border-radius: 6px; font-size: .85rem; line-height: 1.25; overflow: hidden; break-inside: avoid; }
.mbox.st-ready { border-color: var(--green); }
.mbox.st-void { border-color: var(--accent); border-style: dashed; }
.mbox.st-not-needed { opacity: .5; }
.mcode { grid-row: 1 / span 2; display: flex; align-items: center; padding: 0 .25rem; font-size: .7rem;
  color: var(--muted); background: #f4efe3; border-right: 1px solid var(--line); }
.sl { display: flex; gap: .3rem; padding: .1rem .35rem; min-width: 0; }
.sl + .sl { border-top: 1px solid var(--line); }
.sl .nm { flex: 1; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.sl .seed, .sl .sc { font-variant-numeric: tabular-nums; color: var(--muted); font-size: .75rem; }
.sl .sc { color: var(--ink); font-weight: 700; font-size: .85rem; }
.sl.win { font-weight: 700; background: #e8f3ec; }
.sl.unk .nm { color: var(--muted); font-style: italic; }
.cell.c-down::after, .cell.c-up::after, .cell.c-straight::after { content: ''; position: absolute; left: 100%;
  border-color: #8a8170; border-style: solid; border-width: 0; }
.cell.c-down::after { top: 50%; height: 50%; width: calc(var(--gap) / 2); border-top-width: 2px; border-right-width: 2px; }
.cell.c-up::after { bottom: 50%; height: 50%; width: calc(var(--gap) / 2); border-bottom-width: 2px; border-right-width: 2px; }
.cell.c-straight::after { top: 50%; width: var(--gap); border-top-width: 2px; }
.cell.fed::before { content: ''; position: absolute; right: 100%; top: 50%; width: calc(var(--gap) / 2);
  border-top: 2px solid #8a8170; }
.bracket-tools { margin: 1rem 0; }
.playable-list { columns: 2 16rem; padding-left: 1.2rem; }
";

/// The stylesheet of one bracket: grid rows and match positions, and the print
/// layout on the organiser's paper.
pub fn bracket_css(layout: &Layout, paper_name: &str) -> String {
    let mut css = String::from(BRACKET_CSS);
    for (i, s) in layout.sections.iter().enumerate() {
        let _ = writeln!(
            css,
            ".s{i} {{ grid-template-rows: repeat({}, var(--row)); }}",
            s.rows.max(1)
        );
        for b in s.columns.iter().flat_map(|c| &c.boxes) {
            let _ = writeln!(
                css,
                "#m{} {{ grid-row: {} / span {}; }}",
                b.id.0, b.row, b.span
            );
        }
    }
    let (size, _, _) = paper(paper_name);
    let (_, avail_w, _) = paper(paper_name);
    let _ = write!(
        css,
        "@page {{ size: {size}; margin: 10mm; }}
@media print {{
  body {{ font-size: 10px; }}
  main {{ padding: 0; }}
  .bracket-tools, .bracket-note, .playable, .bracket-head .meta {{ display: none !important; }}
  .bracket-head {{ height: {title}px; overflow: hidden; }}
  .bracket-head h1 {{ font-size: 18px; margin: 0; }}
  .champion {{ font-size: 14px; margin: 0; }}
  .bracket-wrap {{ overflow: visible; padding: 0; }}
  .mbox, .mbox.st-ready, .mbox.st-void {{ font-size: 10px; border-color: #000; border-radius: 2px; }}
  .sl {{ padding: 0 3px; line-height: 12px; }}
  .sl .seed, .sl .sc, .mcode {{ font-size: 8px; }}
  .sl.win {{ background: #fff; text-decoration: underline; }}
  .cell::after, .cell::before {{ border-color: #000 !important; }}
",
        title = PRINT_TITLE,
    );
    match print_zoom(layout, paper_name) {
        // The drawn bracket, scaled to one page.
        Some(zoom) => {
            let _ = write!(
                css,
                "  .bracket {{ zoom: {zoom:.4}; --row: {row}px; --col: {col}px; --gap: {gap}px; gap: {sgap}px; }}
  .bsec h2 {{ height: {shead}px; font-size: 12px; margin: 0; }}
  .round h3 {{ height: {rhead}px; font-size: 10px; }}
}}
",
                row = PRINT_ROW,
                col = PRINT_COL,
                gap = PRINT_GAP,
                sgap = PRINT_SECTION_GAP,
                shead = PRINT_SECTION_HEAD,
                rhead = PRINT_ROUND_HEAD,
            );
        }
        // Too big to read on one page: round by round, each round's matches in
        // columns across the page, over as many pages as needed.
        None => {
            let columns = ((avail_w + 14.0) / (LIST_COL + 14.0)).floor().max(1.0);
            let _ = write!(
                css,
                "  .bracket {{ display: block; width: auto; }}
  .bsec {{ margin: 0 0 5mm; }}
  .bsec h2 {{ font-size: 14px; margin: 0 0 2mm; height: auto; break-after: avoid; }}
  .rounds {{ display: block; }}
  .round {{ width: auto; margin: 0 0 4mm; }}
  .round h3, .bsec-third h3 {{ visibility: visible; height: auto; font-size: 12px; color: #000; margin: 0 0 1mm; break-after: avoid; }}
  .cells {{ display: block; columns: {columns} {LIST_COL}px; column-gap: 14px; }}
  .cell {{ display: block; break-inside: avoid; margin: 0 0 4px; }}
  .cell::before, .cell::after {{ display: none !important; }}
}}
"
            );
        }
    }
    css
}

/// `GET /cuadros/{id}/cuadro.css`.
pub async fn stylesheet(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = parse_id(&path)?;
    let l = load_async(&state, id).await?;
    let css = bracket_css(&l.bracket.layout(), &l.row.paper);
    Ok(HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(css))
}
