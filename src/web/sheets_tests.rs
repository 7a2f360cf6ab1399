//! The spreadsheets written and read back.

#![allow(clippy::unwrap_used)]

use super::*;

fn standings() -> Sheet {
    let mut s = Sheet::new(
        "Clasificación",
        vec![
            ("Puesto".into(), 8.0),
            ("Pareja".into(), 30.0),
            ("Puntos".into(), 8.0),
            ("Diferencia".into(), 10.0),
        ],
    );
    s.push(vec![
        1u32.into(),
        "Pujol, Vidal".into(),
        6u32.into(),
        Cell::shown("+12"),
    ]);
    s.push(vec![
        2u32.into(),
        "=Roca \"la\"\nSoler".into(),
        3u32.into(),
        Cell::shown("-4"),
    ]);
    s
}

#[test]
fn a_shown_value_becomes_a_number_when_it_reads_as_one() {
    assert_eq!(Cell::shown("12"), Cell::Integer(12));
    assert_eq!(Cell::shown("+5"), Cell::Integer(5));
    assert_eq!(Cell::shown("-3"), Cell::Integer(-3));
    assert_eq!(Cell::shown("7.5"), Cell::Number(7.5));
    assert_eq!(Cell::shown("–"), Cell::Empty);
    assert_eq!(Cell::shown("3-0-1"), Cell::text("3-0-1"));
    assert_eq!(Cell::shown("inf"), Cell::text("inf"));
}

#[test]
fn csv_starts_with_a_bom_quotes_what_needs_it_and_reads_back() {
    let bytes = to_csv(&[standings()], CsvStyle::COMMA).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.starts_with(BOM));
    assert!(text.contains("\"Pujol, Vidal\""));
    let rows = read_csv(&text).unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].1, ["Puesto", "Pareja", "Puntos", "Diferencia"]);
    assert_eq!(rows[1].1, ["1", "Pujol, Vidal", "6", "12"]);
    // A formula is neutralised in the file and read back as it was; the quote
    // and the line break survive.
    assert!(text.contains("\"'=Roca \"\"la\"\"\nSoler\""), "{text}");
    assert_eq!(rows[2].1, ["2", "=Roca \"la\"\nSoler", "3", "-4"]);
    assert_eq!(rows[2].0, 3);
}

#[test]
fn a_name_that_hides_a_formula_behind_blanks_a_tab_or_a_line_break_is_text_in_csv() {
    for name in [
        "\t=1+1",
        "\r=HYPERLINK(\"http://x\")",
        "\n@SUM(A1)",
        "  =1+1",
        "\u{a0}-2+3",
    ] {
        for style in [CsvStyle::COMMA, CsvStyle::SEMICOLON] {
            assert_eq!(
                Cell::text(name).csv_text(style),
                format!("'{name}"),
                "{name:?}"
            );
        }
    }
    assert_eq!(
        Cell::text("Ana = Berta").csv_text(CsvStyle::COMMA),
        "Ana = Berta"
    );
    assert_eq!(Cell::text(" Ana").csv_text(CsvStyle::SEMICOLON), " Ana");
}

/// Names that start like a formula, or like a guarded one, or with an apostrophe
/// of their own.
const GUARDED: [&str; 10] = [
    "=Club",
    "+34 Peña",
    "-Peña",
    "@casa",
    "'ok",
    "O'Donnell",
    "'=Club",
    "''-Peña",
    "  =1+1",
    "\t@x",
];

#[test]
fn a_name_like_a_formula_reads_back_from_csv_as_it_was_written_without_the_guard() {
    for style in [CsvStyle::COMMA, CsvStyle::SEMICOLON] {
        let mut sheet = Sheet::new("inscritos", vec![("nombre".into(), 20.0)]);
        for name in GUARDED {
            sheet.push(vec![name.into()]);
        }
        let text = String::from_utf8(to_csv(&[sheet], style).unwrap()).unwrap();
        assert!(text.contains("'=Club\r\n"), "{text}");
        assert!(text.contains("\r\n'ok\r\n"), "{text}");
        assert!(text.contains("''=Club\r\n"), "{text}");
        let rows = read_csv(&text).unwrap();
        let names: Vec<&str> = rows[1..].iter().map(|(_, r)| r[0].as_str()).collect();
        assert_eq!(names, GUARDED);
    }
    // What a person typed with an apostrophe of a spreadsheet reads without it.
    let rows = read_csv("nombre;club\n'=Club;'-Peña\nO'Donnell;'Ok\n").unwrap();
    assert_eq!(rows[1].1, ["=Club", "-Peña"]);
    assert_eq!(rows[2].1, ["O'Donnell", "'Ok"]);
}

#[test]
fn a_name_like_a_formula_reads_back_from_a_workbook_and_through_its_csv() {
    let mut sheet = Sheet::new("inscritos", vec![("nombre".into(), 20.0)]);
    for name in GUARDED {
        sheet.push(vec![name.into()]);
    }
    let bytes = to_xlsx(&[sheet]).unwrap();
    let rows = read_table(&bytes).unwrap();
    let names: Vec<&str> = rows[1..].iter().map(|(_, r)| r[0].as_str()).collect();
    assert_eq!(names, GUARDED);
    let rows = read_csv(&xlsx_as_csv(&bytes).unwrap()).unwrap();
    let names: Vec<&str> = rows[1..].iter().map(|(_, r)| r[0].as_str()).collect();
    assert_eq!(names, GUARDED);
}

#[test]
fn a_spanish_or_catalan_csv_has_semicolons_and_decimal_commas_and_an_english_one_not() {
    let mut sheet = standings();
    sheet.push(vec![
        3u32.into(),
        "Puig; Vives, Pau".into(),
        Cell::Number(2.5),
        Cell::shown("0.5"),
    ]);
    for lang in [Lang::Es, Lang::Ca] {
        let text =
            String::from_utf8(to_csv(&[sheet.clone()], CsvStyle::of(lang)).unwrap()).unwrap();
        assert!(text.starts_with(BOM));
        assert!(
            text.contains("Puesto;Pareja;Puntos;Diferencia\r\n"),
            "{text}"
        );
        assert!(text.contains("1;Pujol, Vidal;6;12\r\n"), "{text}");
        assert!(
            text.contains("3;\"Puig; Vives, Pau\";2,5;0,5\r\n"),
            "{text}"
        );
        assert_eq!(sniff_delimiter(&decode(text.as_bytes())), b';');
        let rows = read_csv(&text).unwrap();
        assert_eq!(rows[1].1, ["1", "Pujol, Vidal", "6", "12"]);
        assert_eq!(rows[3].1, ["3", "Puig; Vives, Pau", "2,5", "0,5"]);
    }
    let text = String::from_utf8(to_csv(&[sheet], CsvStyle::of(Lang::En)).unwrap()).unwrap();
    assert!(
        text.contains("3,\"Puig; Vives, Pau\",2.5,0.5\r\n"),
        "{text}"
    );
    assert_eq!(
        read_csv(&text).unwrap()[3].1,
        ["3", "Puig; Vives, Pau", "2.5", "0.5"]
    );
}

#[test]
fn a_header_quoting_the_other_separator_does_not_change_the_separator() {
    assert_eq!(sniff_delimiter("\"a, b, c\";d;e\n"), b';');
    assert_eq!(sniff_delimiter("\"a; b; c\",d,e\n"), b',');
    assert_eq!(sniff_delimiter("nombre;club\n"), b';');
    assert_eq!(sniff_delimiter("nombre\tclub\n"), b'\t');
    assert_eq!(sniff_delimiter("nombre\n"), b',');
}

#[test]
fn a_spanish_excel_file_with_semicolons_and_windows_bytes_reads() {
    let bytes = b"nombre;club\r\nN\xfa\xf1ez;Pe\xf1a \x93La Baza\x94\r\n\"Soler; Roca\";\r\n";
    let text = decode(bytes);
    assert_eq!(sniff_delimiter(&text), b';');
    let rows = read_csv(&text).unwrap();
    assert_eq!(rows[1].1, ["Núñez", "Peña “La Baza”"]);
    assert_eq!(rows[2].1, ["Soler; Roca", ""]);
    assert_eq!(decode("\u{feff}a,b".as_bytes()), "a,b");
}

#[test]
fn an_unclosed_quote_names_the_line_it_opened_on() {
    assert_eq!(read_csv("nombre\nA\n\"B\nC\n"), Err(BadLine(3)));
}

#[test]
fn the_workbook_is_a_zip_with_one_tab_per_sheet() {
    let mut other = standings();
    other.title = "Clasificación".into();
    let bytes = to_xlsx(&[standings(), other]).unwrap();
    assert!(bytes.starts_with(b"PK"));
    assert_eq!(tab_name("a/b:c", &[]), "a b c");
    assert_eq!(tab_name("Hoja", &["hoja".into()]), "Hoja 2");
    assert_eq!(tab_name(&"x".repeat(40), &[]).chars().count(), 31);
}

#[test]
fn a_workbook_reads_back_row_by_row_with_whole_numbers_as_written() {
    let bytes = to_xlsx(&[standings()]).unwrap();
    let rows = read_table(&bytes).unwrap();
    assert_eq!(
        rows[0],
        (
            1,
            vec![
                "Puesto".into(),
                "Pareja".into(),
                "Puntos".into(),
                "Diferencia".into()
            ]
        )
    );
    assert_eq!(rows[1].1[..3], ["1", "Pujol, Vidal", "6"]);
    assert_eq!(rows[1].0, 2);
    assert_eq!(read_table(b"a;b\n1;2\n").unwrap().len(), 2);
    assert_eq!(read_table(b"PK\x03\x04 not a zip"), Err(BadLine(0)));
}

#[test]
fn a_long_name_widens_its_column_in_the_workbook_so_that_it_is_not_cut() {
    let mut sheet = standings();
    let long = "Fernández de la Fuente Martínez – Castellví i Puigdollers";
    sheet.push(vec![3u32.into(), long.into(), 1u32.into(), Cell::Empty]);
    sheet.push(vec![
        4u32.into(),
        "x".repeat(200).into(),
        0u32.into(),
        Cell::Empty,
    ]);
    assert_eq!(fitted_width(&sheet, 0, 5.0), 5.0, "numbers keep theirs");
    assert_eq!(fitted_width(&sheet, 1, 30.0), 81.0, "at most a name's 80");
    sheet.rows.pop();
    let wide = long.chars().count() as f64 + 1.0;
    assert_eq!(fitted_width(&sheet, 1, 30.0), wide);
    // The workbook says so: the name's column is that wide.
    let bytes = to_xlsx(&[sheet]).unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut xml = String::new();
    std::io::Read::read_to_string(
        &mut zip.by_name("xl/worksheets/sheet1.xml").unwrap(),
        &mut xml,
    )
    .unwrap();
    let col = xml
        .split("<col ")
        .find(|c| c.contains("min=\"2\""))
        .unwrap();
    let width: f64 = col
        .split("width=\"")
        .nth(1)
        .and_then(|w| w.split('"').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(width >= wide, "{col}");
}

#[test]
fn file_names_are_plain_ascii_with_dashes() {
    assert_eq!(
        file_stem("Clasificación · Campeonato 3"),
        "clasificacion-campeonato-3"
    );
    assert_eq!(file_stem("\"; rm"), "rm");
    assert_eq!(file_stem("¿?"), "baza");
}
