//! Spreadsheets: a table described once (title, header row, typed cells, column
//! widths) and written as an Excel workbook (XLSX) or as CSV, the download answer
//! for either, and the reading of CSV typed by people (a BOM from Excel, `;` from a
//! Spanish Excel, quoted commas and line breaks, Windows-1252 bytes).

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};

use crate::domain::lang::Lang;
use crate::error::AppError;
use crate::error::Malformed;

/// One cell: text stays text (a name is never turned into a date or a formula),
/// numbers are numbers a spreadsheet can add up.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    Integer(i64),
    Number(f64),
    Empty,
}

impl Cell {
    pub fn text(s: impl Into<String>) -> Cell {
        Cell::Text(s.into())
    }

    /// A value as a page shows it: a number when it reads as one ("12", "+5",
    /// "-3", "7.5"), nothing for a dash or a blank, text otherwise. Used for
    /// columns the page formats, so the sheet holds the same numbers.
    pub fn shown(s: &str) -> Cell {
        let t = s.trim();
        if t.is_empty() || t == "–" || t == "-" {
            return Cell::Empty;
        }
        let n = t.strip_prefix('+').unwrap_or(t);
        if let Ok(i) = n.parse::<i64>() {
            Cell::Integer(i)
        } else if let Ok(f) = n.parse::<f64>()
            && f.is_finite()
        {
            Cell::Number(f)
        } else {
            Cell::Text(t.to_owned())
        }
    }

    /// The cell's text in a CSV file written in `style`: a number with its decimal
    /// mark ("2,5" for a Spanish Excel), text behind its [`guard`].
    fn csv_text(&self, style: CsvStyle) -> String {
        match self {
            Cell::Text(s) => guard(s),
            other => other.shown_text(style),
        }
    }

    /// The cell as a person reads it: text as it is, numbers with the language's
    /// decimal mark.
    fn shown_text(&self, style: CsvStyle) -> String {
        match self {
            Cell::Text(s) => s.clone(),
            Cell::Integer(i) => i.to_string(),
            Cell::Number(f) if style.decimal_comma => f.to_string().replace('.', ","),
            Cell::Number(f) => f.to_string(),
            Cell::Empty => String::new(),
        }
    }
}

/// Whether a spreadsheet would run `s` as a formula: `=`, `+`, `-` or `@` first,
/// also after blanks, or a tab or a line break first (as an imported file may hold
/// them).
fn formula(s: &str) -> bool {
    s.starts_with(['\t', '\r', '\n']) || s.trim_start().starts_with(['=', '+', '-', '@'])
}

/// Whether text needs the apostrophe of [`guard`]: a formula, or text that would
/// read as a guarded one (an apostrophe before what does).
fn guarded(s: &str) -> bool {
    formula(s) || s.strip_prefix('\'').is_some_and(guarded)
}

/// Text as a CSV cell holds it: with a leading apostrophe where a spreadsheet would
/// run it as a formula ("=Club" is written "'=Club"), and where it would read as
/// such a guard ("'=Club" is written "''=Club"), so that [`unguard`] gives it back.
fn guard(s: &str) -> String {
    if guarded(s) {
        format!("'{s}")
    } else {
        s.to_owned()
    }
}

/// A read cell's text without the apostrophe [`guard`] put before it ("'=Club" is
/// "=Club"); any other apostrophe stays ("'ok", "O'Donnell").
fn unguard(s: String) -> String {
    match s.strip_prefix('\'') {
        Some(rest) if guarded(rest) => rest.to_owned(),
        _ => s,
    }
}

/// How a CSV file separates its fields and marks decimals, as the spreadsheet of
/// its reader's language opens it by a double click: Excel in Spanish or Catalan
/// (es-ES, ca-ES) takes `;` between fields and `2,5`; in English `,` and `2.5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CsvStyle {
    pub delimiter: u8,
    pub decimal_comma: bool,
}

impl CsvStyle {
    /// `,` between fields, `2.5`.
    pub const COMMA: CsvStyle = CsvStyle {
        delimiter: b',',
        decimal_comma: false,
    };
    /// `;` between fields, `2,5`.
    pub const SEMICOLON: CsvStyle = CsvStyle {
        delimiter: b';',
        decimal_comma: true,
    };

    /// The style a reader of `lang` opens.
    pub fn of(lang: Lang) -> CsvStyle {
        match lang {
            Lang::Es | Lang::Ca => CsvStyle::SEMICOLON,
            Lang::En => CsvStyle::COMMA,
        }
    }
}

impl From<u32> for Cell {
    fn from(v: u32) -> Cell {
        Cell::Integer(i64::from(v))
    }
}

impl From<i32> for Cell {
    fn from(v: i32) -> Cell {
        Cell::Integer(i64::from(v))
    }
}

impl From<String> for Cell {
    fn from(v: String) -> Cell {
        Cell::Text(v)
    }
}

impl From<&str> for Cell {
    fn from(v: &str) -> Cell {
        Cell::Text(v.to_owned())
    }
}

/// One table: a worksheet of the workbook.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    /// The worksheet's tab name.
    pub title: String,
    /// The header row: (column name, width in characters).
    pub columns: Vec<(String, f64)>,
    pub rows: Vec<Vec<Cell>>,
}

impl Sheet {
    pub fn new(title: impl Into<String>, columns: Vec<(String, f64)>) -> Sheet {
        Sheet {
            title: title.into(),
            columns,
            rows: Vec::new(),
        }
    }

    pub fn push(&mut self, row: Vec<Cell>) {
        self.rows.push(row);
    }
}

/// The two files a table downloads as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Xlsx,
    Csv,
}

impl Format {
    /// From a URL's extension (`xlsx`, `csv`); anything else is not a download.
    pub fn from_ext(ext: &str) -> Result<Format, AppError> {
        match ext {
            "xlsx" => Ok(Format::Xlsx),
            "csv" => Ok(Format::Csv),
            _ => Err(AppError::NotFound),
        }
    }

    fn ext(self) -> &'static str {
        match self {
            Format::Xlsx => "xlsx",
            Format::Csv => "csv",
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            Format::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            Format::Csv => "text/csv; charset=utf-8",
        }
    }
}

/// A tab name Excel takes: at most 31 characters, none of `[]:*?/\`, not blank,
/// and not repeated within the workbook.
fn tab_name(title: &str, taken: &[String]) -> String {
    let clean: String = title
        .chars()
        .map(|c| if "[]:*?/\\".contains(c) { ' ' } else { c })
        .collect();
    let clean = clean.trim().trim_matches('\'');
    let base: String = if clean.is_empty() {
        "Hoja".to_owned()
    } else {
        clean.chars().take(31).collect()
    };
    let mut name = base.clone();
    let mut n = 2;
    while taken
        .iter()
        .any(|t| t.to_lowercase() == name.to_lowercase())
    {
        let suffix = format!(" {n}");
        name = base
            .chars()
            .take(31 - suffix.chars().count())
            .collect::<String>()
            + &suffix;
        n += 1;
    }
    name
}

fn xlsx_error(e: rust_xlsxwriter::XlsxError) -> AppError {
    AppError::Internal(anyhow::anyhow!("spreadsheet: {e}"))
}

/// The longest text a column widens to fit: a name Baza takes (80 characters).
const FIT_AT_MOST: usize = 80;

/// The width of column `c` of `sheet`: as declared, or wider for its longest line
/// of text (up to [`FIT_AT_MOST`] characters), so that a long name reads whole in
/// Excel as it does on the page, not cut off by the next column.
fn fitted_width(sheet: &Sheet, c: usize, declared: f64) -> f64 {
    let longest = sheet
        .rows
        .iter()
        .filter_map(|row| match row.get(c) {
            Some(Cell::Text(s)) => s.lines().map(|l| l.chars().count()).max(),
            _ => None,
        })
        .max()
        .unwrap_or(0)
        .min(FIT_AT_MOST);
    declared.max(longest as f64 + 1.0)
}

/// Text as a workbook's cell holds it: as it is (a text cell is never run as a
/// formula), but with the apostrophe of [`guard`] where it would read as a guarded
/// one ("'=Club" is written "''=Club"), so that the reading gives it back.
fn xlsx_text(s: &str) -> String {
    if s.starts_with('\'') && guarded(s) {
        format!("'{s}")
    } else {
        s.to_owned()
    }
}

/// The workbook: one worksheet per sheet, a bold frozen header row, column widths.
pub fn to_xlsx(sheets: &[Sheet]) -> Result<Vec<u8>, AppError> {
    use rust_xlsxwriter::{Format as Style, Workbook};
    let mut book = Workbook::new();
    let bold = Style::new().set_bold();
    let mut taken = Vec::new();
    for sheet in sheets {
        let ws = book.add_worksheet();
        let name = tab_name(&sheet.title, &taken);
        ws.set_name(&name).map_err(xlsx_error)?;
        taken.push(name);
        for (i, (head, width)) in sheet.columns.iter().enumerate() {
            let c = u16::try_from(i).map_err(|_| AppError::BadRequest(Malformed::TooLarge))?;
            ws.write_string_with_format(0, c, head, &bold)
                .map_err(xlsx_error)?;
            ws.set_column_width(c, fitted_width(sheet, i, *width))
                .map_err(xlsx_error)?;
        }
        ws.set_freeze_panes(1, 0).map_err(xlsx_error)?;
        for (r, row) in sheet.rows.iter().enumerate() {
            let r = u32::try_from(r + 1).map_err(|_| AppError::BadRequest(Malformed::TooLarge))?;
            for (c, cell) in row.iter().enumerate() {
                let c = u16::try_from(c).map_err(|_| AppError::BadRequest(Malformed::TooLarge))?;
                match cell {
                    Cell::Text(s) if s.is_empty() => Ok(()),
                    Cell::Text(s) => ws.write_string(r, c, xlsx_text(s)).map(|_| ()),
                    Cell::Integer(i) => ws.write_number(r, c, *i as f64).map(|_| ()),
                    Cell::Number(f) => ws.write_number(r, c, *f).map(|_| ()),
                    Cell::Empty => Ok(()),
                }
                .map_err(xlsx_error)?;
            }
        }
    }
    book.save_to_buffer().map_err(xlsx_error)
}

/// The UTF-8 byte order mark: Excel reads a CSV as UTF-8 (accents and ñ) only
/// when the file starts with it.
pub const BOM: &str = "\u{feff}";

/// CSV with a BOM, separated and with decimals as `style` says, quoted where
/// needed, CRLF line ends. Several sheets follow one another, each with its title
/// line, a blank line between.
pub fn to_csv(sheets: &[Sheet], style: CsvStyle) -> Result<Vec<u8>, AppError> {
    let mut out = BOM.as_bytes().to_vec();
    {
        let mut w = csv::WriterBuilder::new()
            .delimiter(style.delimiter)
            .flexible(true)
            .terminator(csv::Terminator::CRLF)
            .from_writer(&mut out);
        let write = |w: &mut csv::Writer<&mut Vec<u8>>, rec: Vec<String>| {
            w.write_record(rec)
                .map_err(|e| AppError::Internal(anyhow::anyhow!("csv: {e}")))
        };
        for (i, sheet) in sheets.iter().enumerate() {
            if sheets.len() > 1 {
                if i > 0 {
                    write(&mut w, vec![String::new()])?;
                }
                write(&mut w, vec![sheet.title.clone()])?;
            }
            write(
                &mut w,
                sheet.columns.iter().map(|(h, _)| h.clone()).collect(),
            )?;
            for row in &sheet.rows {
                write(&mut w, row.iter().map(|c| c.csv_text(style)).collect())?;
            }
        }
        w.flush()
            .map_err(|e| AppError::Internal(anyhow::anyhow!("csv: {e}")))?;
    }
    Ok(out)
}

/// A sheet as aligned text for a terminal: its header, then its rows, text to the
/// left and numbers to the right.
pub fn to_text(sheet: &Sheet, style: CsvStyle) -> String {
    let mut lines = vec![sheet.columns.iter().map(|(h, _)| h.clone()).collect()];
    lines.extend(
        sheet
            .rows
            .iter()
            .map(|row| row.iter().map(|c| c.shown_text(style)).collect()),
    );
    let left: Vec<usize> = (0..sheet.columns.len())
        .filter(|&c| {
            sheet
                .rows
                .iter()
                .any(|row| matches!(row.get(c), Some(Cell::Text(_))))
        })
        .collect();
    crate::domain::tournament::text::render(&lines, &left)
}

/// A file name readable by people and safe in a header: lowercase ASCII letters,
/// digits and dashes ("clasificación campeonato 3" → "clasificacion-campeonato-3").
pub fn file_stem(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars().flat_map(char::to_lowercase) {
        let c = match c {
            'á' | 'à' | 'ä' | 'â' => 'a',
            'é' | 'è' | 'ë' | 'ê' => 'e',
            'í' | 'ì' | 'ï' | 'î' => 'i',
            'ó' | 'ò' | 'ö' | 'ô' => 'o',
            'ú' | 'ù' | 'ü' | 'û' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            c if c.is_ascii_alphanumeric() => c,
            _ => '-',
        };
        if c == '-' && (out.is_empty() || out.ends_with('-')) {
            continue;
        }
        out.push(c);
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "baza".to_owned()
    } else {
        out.to_owned()
    }
}

/// The `Content-Disposition` of a download named `name` (a [`file_stem`] and its
/// extension, plain ASCII): the quoted name, and the same as RFC 6266's `filename*`.
pub fn attachment(name: &str) -> String {
    format!("attachment; filename=\"{name}\"; filename*=UTF-8''{name}")
}

/// The download of `sheets` as `stem.xlsx` or `stem.csv`, a CSV in the style a
/// reader of `lang` opens ([`CsvStyle::of`]).
pub fn download(
    lang: Lang,
    sheets: &[Sheet],
    format: Format,
    stem: &str,
) -> Result<HttpResponse, AppError> {
    let body = match format {
        Format::Xlsx => to_xlsx(sheets)?,
        Format::Csv => to_csv(sheets, CsvStyle::of(lang))?,
    };
    let name = format!("{}.{}", file_stem(stem), format.ext());
    Ok(HttpResponse::Ok()
        .content_type(format.content_type())
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ))
        .body(body))
}

/// The id and the format of a download's path, `/…/{id}/NAME.{ext}`: anything else
/// is not a download (404).
pub struct Target(pub i32, pub Format);

impl FromRequest for Target {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Target, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let target = || {
            let (id, ext) = web::Path::<(String, String)>::extract(req)
                .into_inner()?
                .into_inner();
            Ok(Target(super::parse_id(&id)?, Format::from_ext(&ext)?))
        };
        std::future::ready(target())
    }
}

/// The download of a club's `sheet`, its file named after message `what` and the
/// club's `club` name.
pub fn club_download(
    ctx: &super::Ctx,
    (what, club): (&str, &str),
    sheet: Sheet,
    format: Format,
) -> Result<HttpResponse, AppError> {
    download(
        ctx.lang,
        &[sheet],
        format,
        &format!("{}-{club}", ctx.t(what)),
    )
}

// ---------------------------------------------------------------------------
// Reading CSV.

/// Text of an uploaded file: UTF-8 (with or without a BOM), or else the
/// Windows-1252 that Excel's plain "CSV" saves on a Spanish Windows.
pub fn decode(bytes: &[u8]) -> String {
    let text = match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|b| windows_1252(*b)).collect(),
    };
    match text.strip_prefix(BOM) {
        Some(rest) => rest.to_owned(),
        None => text,
    }
}

fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9f => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// The first sheet of an Excel workbook (`.xlsx`) as CSV text, for the readers of
/// CSV (one line a row, read as [`read_xlsx`] reads it, each cell behind its
/// [`guard`] as a download writes it, so that [`read_csv`] reads the same); `None`
/// when the bytes are not a workbook.
pub fn xlsx_as_csv(bytes: &[u8]) -> Option<String> {
    if !is_xlsx(bytes) {
        return None;
    }
    let quote = |s: &String| {
        let s = guard(s);
        if s.contains([',', ';', '"', '\n', '\r']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s
        }
    };
    Some(
        read_xlsx(bytes)?
            .iter()
            .map(|(_, row)| row.iter().map(quote).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// The separator of a CSV file: `;` when its header line has more semicolons than
/// commas (a Spanish Excel), tab likewise, else `,`. What a quoted header holds
/// (`"Soler, Roca"` in a file of semicolons) does not count.
pub fn sniff_delimiter(text: &str) -> u8 {
    let head = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut quoted = false;
    let unquoted: Vec<char> = head
        .chars()
        .filter(|c| {
            if *c == '"' {
                quoted = !quoted;
            }
            !quoted
        })
        .collect();
    let count = |c: char| unquoted.iter().filter(|x| **x == c).count();
    let (commas, semis, tabs) = (count(','), count(';'), count('\t'));
    if semis > commas && semis >= tabs {
        b';'
    } else if tabs > commas {
        b'\t'
    } else {
        b','
    }
}

/// A CSV line that could not be read: its line number (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadLine(pub usize);

/// The records of CSV text (a BOM, if any, already gone), each with the line it
/// starts on; blank lines are skipped. Quoted fields may hold the separator,
/// doubled quotes and line breaks.
pub fn read_csv(text: &str) -> Result<Vec<(usize, Vec<String>)>, BadLine> {
    let text = text.strip_prefix(BOM).unwrap_or(text);
    // One line end (the csv crate counts lines by `\n` only after a record's `\r`).
    let text = &text.replace("\r\n", "\n").replace('\r', "\n");
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(sniff_delimiter(text))
        .from_reader(text.as_bytes());
    let mut out = Vec::new();
    let mut record = csv::StringRecord::new();
    let mut last_start = 0;
    loop {
        let line = reader.position().line() as usize;
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {
                let (line, start) = record
                    .position()
                    .map_or((line, 0), |p| (p.line() as usize, p.byte() as usize));
                let fields: Vec<String> = record.iter().map(|f| unguard(f.to_owned())).collect();
                if fields.iter().all(|f| f.trim().is_empty()) {
                    continue;
                }
                last_start = start;
                out.push((line.max(1), fields));
            }
            Err(e) => {
                let at = e.position().map_or(line, |p| p.line() as usize);
                return Err(BadLine(at.max(1)));
            }
        }
    }
    // The csv crate takes an unclosed quote to the end of the file: say where it
    // opened (the last record, whose text then holds an odd number of quotes).
    if let Some((line, _)) = out.last()
        && text
            .get(last_start..)
            .is_some_and(|tail| tail.matches('"').count() % 2 == 1)
    {
        return Err(BadLine(*line));
    }
    Ok(out)
}

/// Whether an uploaded file is an XLSX workbook (a zip) rather than text.
pub fn is_xlsx(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// The rows of the first worksheet of an XLSX workbook, each with its line number
/// (1-based, as the spreadsheet shows it); blank rows are skipped. A whole number
/// stored as a decimal (`1984.0`) reads as one. `None` when it is not a workbook.
pub fn read_xlsx(bytes: &[u8]) -> Option<Vec<(usize, Vec<String>)>> {
    use calamine::{Data, Reader, Xlsx, open_workbook_from_rs};
    let mut book: Xlsx<_> = open_workbook_from_rs(std::io::Cursor::new(bytes)).ok()?;
    let range = book.worksheet_range_at(0)?.ok()?;
    let first = range.start().map_or(0, |(row, _)| row as usize);
    let text = |cell: &Data| match cell {
        Data::Empty => String::new(),
        Data::String(s) => unguard(s.clone()),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        other => other.to_string(),
    };
    Some(
        range
            .rows()
            .enumerate()
            .map(|(i, row)| (first + i + 1, row.iter().map(text).collect::<Vec<_>>()))
            .filter(|(_, cells)| cells.iter().any(|c| !c.trim().is_empty()))
            .collect(),
    )
}

/// The rows of an uploaded table, CSV (any of the encodings [`decode`] reads) or
/// XLSX: each with its line number. `Err` names the line a CSV could not be read
/// at (0 for a workbook that does not open).
pub fn read_table(bytes: &[u8]) -> Result<Vec<(usize, Vec<String>)>, BadLine> {
    if is_xlsx(bytes) {
        return read_xlsx(bytes).ok_or(BadLine(0));
    }
    read_csv(&decode(bytes))
}

#[cfg(test)]
#[path = "sheets_tests.rs"]
mod tests;
