//! The tables people upload, read the way a Brazilian spreadsheet writes them: CSV with `;` between columns
//! (Excel in pt-BR uses the comma for decimals), UTF-8 with or without a BOM, quotes around cells that hold `;`,
//! CRLF or LF. Pure (no I/O, no database), so every importer — the chart of accounts, payables, legacy rows,
//! quotation responses — reads with the same rules, and one fuzz target covers them (`fuzz/`).
//!
//! The reading is the `csv` crate's (BurntSushi's, used across the Rust ecosystem); this crate adds what the
//! importers need on top: line numbers as the spreadsheet shows them, trimmed cells, blank lines skipped, and an
//! optional header recognised by its first cell.

/// One line of data: its number (1-based, as the spreadsheet shows it) and its cells, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub line: usize,
    pub cells: Vec<String>,
}

/// A file that cannot be read as text with `;` between columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    pub line: usize,
    pub message: String,
}

/// Reads `text` (`;`-separated) into its non-blank rows. `is_header` is asked about the first non-blank row's
/// cells: when it says yes, that row is skipped. A quote left open or a cell that is not UTF-8 is an error
/// naming its line.
pub fn read_semicolon(
    text: &str,
    is_header: impl Fn(&[String]) -> bool,
) -> Result<Vec<Row>, ReadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    let mut first = true;
    let mut record = csv::StringRecord::new();
    loop {
        // Where the reader stands is the end of the previous record: the next one starts after any blank lines.
        let start = record_start(text, reader.position().byte());
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(_) => {
                return Err(ReadError {
                    line: line_at(text, start),
                    message: "Não foi possível ler o arquivo como CSV separado por ponto e vírgula (aspas sem fechar?).".into(),
                })
            }
        }
        let cells: Vec<String> = record.iter().map(|c| c.trim().to_string()).collect();
        if cells.iter().all(String::is_empty) {
            continue;
        }
        if std::mem::take(&mut first) && is_header(&cells) {
            continue;
        }
        rows.push(Row {
            line: line_at(text, start),
            cells,
        });
    }
    Ok(rows)
}

/// The byte where the record after `offset` starts: past the line breaks of blank lines.
fn record_start(text: &str, offset: u64) -> usize {
    let bytes = text.as_bytes();
    let mut at = usize::try_from(offset)
        .unwrap_or(usize::MAX)
        .min(bytes.len());
    while at < bytes.len() && (bytes[at] == b'\n' || bytes[at] == b'\r') {
        at += 1;
    }
    at
}

/// The 1-based line of byte `at`, as a spreadsheet numbers it.
fn line_at(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn no_header(_: &[String]) -> bool {
        false
    }

    #[test]
    fn reads_rows_with_their_lines_skipping_blanks_bom_and_header() {
        let text = "\u{feff}código;nome\r\n3;Custos\r\n\r\n\"3.1\";\"Materiais; insumos\" \n";
        let rows = read_semicolon(text, |cells| cells[0] == "código").unwrap();
        assert_eq!(
            rows,
            [
                Row {
                    line: 2,
                    cells: vec!["3".into(), "Custos".into()]
                },
                Row {
                    line: 4,
                    cells: vec!["3.1".into(), "Materiais; insumos".into()]
                },
            ]
        );
        assert_eq!(read_semicolon("a;b\nc", no_header).unwrap()[1].cells, ["c"]);
    }

    #[test]
    fn a_quote_left_open_takes_the_rest_of_the_file_into_its_cell() {
        // As spreadsheets read it: the importer then finds a row with the wrong cells, on the line it starts.
        let rows = read_semicolon("1;ok\n2;\"aberta\n3;x", no_header).unwrap();
        assert_eq!(
            rows[1],
            Row {
                line: 2,
                cells: vec!["2".into(), "aberta\n3;x".into()]
            }
        );
        assert_eq!(rows.len(), 2);
    }

    proptest! {
        /// Whatever is uploaded, reading never panics and every row has its line and at least one cell.
        #[test]
        fn never_panics(text in ".{0,400}") {
            if let Ok(rows) = read_semicolon(&text, |cells| cells.len() > 3) {
                for row in rows {
                    prop_assert!(!row.cells.is_empty());
                    prop_assert!(row.line >= 1);
                }
            }
        }
    }
}
