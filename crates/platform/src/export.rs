//! Export of a list's whole filtered set: CSV (`;`, UTF-8 with BOM, pt-BR numbers and dates, so Excel in
//! Brazil opens it as it should) and XLSX (typed cells: money as numbers in a R$ format, dates as dates),
//! streamed: rows go from the database to the response as they are read, so memory stays flat however
//! many there are.
//!
//! A context declares an export with the columns of its rows ([`Export::column`]) and answers its export
//! operation with [`Export::response`] over a stream of rows.

use std::io::Write;

use bytes::Bytes;
use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::America::Sao_Paulo;
use futures::{Stream, StreamExt};
use poem::http::header;
use poem::{Body, IntoResponse, Response};
use rust_xlsxwriter::{ExcelDateTime, Format as CellFormat, Workbook, XlsxError};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;

use crate::error::{Error, Result};

/// Rows buffered between the database and the file writer.
const ROWS_IN_FLIGHT: usize = 1024;

/// What an export answers with: CSV, XLSX.
pub const CONTENT_TYPES: &[&str] = &[
    "text/csv; charset=utf-8",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
];

/// The file formats of an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv,
    Xlsx,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        match s {
            "csv" => Some(Format::Csv),
            "xlsx" => Some(Format::Xlsx),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Format::Csv => CONTENT_TYPES[0],
            Format::Xlsx => CONTENT_TYPES[1],
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Xlsx => "xlsx",
        }
    }
}

/// One cell's value, typed so that each format writes it as people expect.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    /// Centavos.
    Money(i64),
    Integer(i64),
    /// A business date.
    Date(NaiveDate),
    /// An instant, shown in São Paulo time.
    DateTime(DateTime<Utc>),
    /// Basis points (250 = 2,50 %).
    Percent(i64),
    Bool(bool),
    Empty,
}

impl From<String> for Cell {
    fn from(s: String) -> Cell {
        Cell::Text(s)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Cell {
        Cell::Text(s.to_string())
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Cell {
        v.map(Into::into).unwrap_or(Cell::Empty)
    }
}

type Extract<T> = Box<dyn Fn(&T) -> Cell + Send + Sync>;

/// The columns of an export of `T` rows.
pub struct Export<T> {
    /// The file's name without extension (`clientes`).
    name: String,
    headers: Vec<String>,
    extract: Vec<Extract<T>>,
}

impl<T: Send + 'static> Export<T> {
    pub fn new(name: &str) -> Export<T> {
        Export {
            name: name.to_string(),
            headers: Vec::new(),
            extract: Vec::new(),
        }
    }

    /// Adds a column: its header (Portuguese, as the list shows it) and how to read it from a row.
    pub fn column(
        mut self,
        header: &str,
        extract: impl Fn(&T) -> Cell + Send + Sync + 'static,
    ) -> Export<T> {
        self.headers.push(header.to_string());
        self.extract.push(Box::new(extract));
        self
    }

    /// The HTTP response: the file, streamed as `rows` are read, named `<name>-<today>.<ext>`.
    pub fn response<S>(self, format: Format, today: NaiveDate, rows: S) -> Response
    where
        S: Stream<Item = Result<T>> + Send + 'static,
    {
        let filename = format!(
            "{}-{}.{}",
            self.name,
            today.format("%Y-%m-%d"),
            format.extension()
        );
        Response::builder()
            .header(header::CONTENT_TYPE, format.content_type())
            .header(
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            )
            .header(header::CACHE_CONTROL, "no-store")
            .body(self.body(format, rows))
            .into_response()
    }

    /// The file's bytes as a stream: rows are turned into cells here and written on a blocking thread.
    pub fn body<S>(self, format: Format, rows: S) -> Body
    where
        S: Stream<Item = Result<T>> + Send + 'static,
    {
        let (cells_tx, mut cells_rx) = mpsc::channel::<Vec<Cell>>(ROWS_IN_FLIGHT);
        let (bytes_tx, bytes_rx) = mpsc::channel::<std::io::Result<Bytes>>(16);
        let Export {
            headers, extract, ..
        } = self;
        tokio::spawn(async move {
            let mut rows = std::pin::pin!(rows);
            while let Some(row) = rows.next().await {
                let row = match row {
                    Ok(row) => row,
                    Err(e) => {
                        tracing::error!(error = %e.for_operator(), "export stopped: a row could not be read");
                        break;
                    }
                };
                let cells = extract.iter().map(|f| f(&row)).collect();
                if cells_tx.send(cells).await.is_err() {
                    break; // the writer stopped (the client went away)
                }
            }
        });
        tokio::task::spawn_blocking(move || {
            let sink = ChannelWriter(bytes_tx.clone());
            let rows = std::iter::from_fn(move || cells_rx.blocking_recv());
            let written = match format {
                Format::Csv => write_csv(sink, &headers, rows).map_err(|e| e.to_string()),
                Format::Xlsx => write_xlsx(sink, &headers, rows).map_err(|e| e.to_string()),
            };
            if let Err(e) = written {
                tracing::error!(error = %e, "export file not written to the end");
                let _ = bytes_tx.blocking_send(Err(std::io::Error::other(e)));
            }
        });
        Body::from_bytes_stream(ReceiverStream::new(bytes_rx))
    }
}

/// A `Write` that hands each buffer to the response body.
struct ChannelWriter(mpsc::Sender<std::io::Result<Bytes>>);

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .blocking_send(Ok(Bytes::copy_from_slice(buf)))
            .map_err(|_| {
                std::io::Error::new(
                    std::io::ErrorKind::BrokenPipe,
                    "o cliente desistiu do download",
                )
            })?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `1234,56` (no thousands separator, so Excel reads a number), `-0,05`.
fn csv_money(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{},{:02}", abs / 100, abs % 100)
}

fn local(at: &DateTime<Utc>) -> chrono::NaiveDateTime {
    at.with_timezone(&Sao_Paulo).naive_local()
}

fn csv_cell(cell: &Cell) -> String {
    match cell {
        Cell::Text(s) => s.clone(),
        Cell::Money(c) => csv_money(*c),
        Cell::Integer(n) => n.to_string(),
        Cell::Date(d) => d.format("%d/%m/%Y").to_string(),
        Cell::DateTime(t) => local(t).format("%d/%m/%Y %H:%M").to_string(),
        Cell::Percent(bp) => format!("{}%", csv_money(*bp)),
        Cell::Bool(b) => if *b { "Sim" } else { "Não" }.to_string(),
        Cell::Empty => String::new(),
    }
}

fn write_csv(
    sink: ChannelWriter,
    headers: &[String],
    rows: impl Iterator<Item = Vec<Cell>>,
) -> Result<(), csv::Error> {
    let mut sink = std::io::BufWriter::with_capacity(64 * 1024, sink);
    // The BOM tells Excel the file is UTF-8 (without it, accents come out garbled).
    sink.write_all("\u{feff}".as_bytes())?;
    let mut writer = csv::WriterBuilder::new().delimiter(b';').from_writer(sink);
    writer.write_record(headers)?;
    for row in rows {
        writer.write_record(row.iter().map(csv_cell))?;
    }
    writer.flush()?;
    Ok(())
}

fn write_xlsx(
    sink: ChannelWriter,
    headers: &[String],
    rows: impl Iterator<Item = Vec<Cell>>,
) -> Result<(), XlsxError> {
    let mut workbook = Workbook::new();
    let header = CellFormat::new().set_bold();
    let money = CellFormat::new().set_num_format("\"R$\" #,##0.00;-\"R$\" #,##0.00");
    let date = CellFormat::new().set_num_format("dd/mm/yyyy");
    let datetime = CellFormat::new().set_num_format("dd/mm/yyyy hh:mm");
    let percent = CellFormat::new().set_num_format("0.00%");
    // Constant memory: rows go to a temporary file as they are written, not to memory.
    let sheet = workbook.add_worksheet_with_constant_memory()?;
    for (col, title) in headers.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, title, &header)?;
    }
    for (i, row) in rows.enumerate() {
        let r = (i + 1) as u32;
        for (c, cell) in row.iter().enumerate() {
            let c = c as u16;
            match cell {
                Cell::Text(s) => {
                    sheet.write_string(r, c, s)?;
                }
                Cell::Money(cents) => {
                    sheet.write_number_with_format(r, c, *cents as f64 / 100.0, &money)?;
                }
                Cell::Integer(n) => {
                    sheet.write_number(r, c, *n as f64)?;
                }
                Cell::Date(d) => {
                    sheet.write_datetime_with_format(r, c, excel_date(*d)?, &date)?;
                }
                Cell::DateTime(t) => {
                    sheet.write_datetime_with_format(
                        r,
                        c,
                        excel_datetime(&local(t))?,
                        &datetime,
                    )?;
                }
                Cell::Percent(bp) => {
                    sheet.write_number_with_format(r, c, *bp as f64 / 10_000.0, &percent)?;
                }
                Cell::Bool(b) => {
                    sheet.write_boolean(r, c, *b)?;
                }
                Cell::Empty => {}
            }
        }
    }
    workbook.save_to_writer(sink)
}

fn excel_date(d: NaiveDate) -> Result<ExcelDateTime, XlsxError> {
    use chrono::Datelike;
    ExcelDateTime::from_ymd(d.year() as u16, d.month() as u8, d.day() as u8)
}

fn excel_datetime(t: &chrono::NaiveDateTime) -> Result<ExcelDateTime, XlsxError> {
    use chrono::Timelike;
    excel_date(t.date())?.and_hms(t.hour() as u16, t.minute() as u8, t.second())
}

/// The `format` query parameter of an export operation, refused naming the field.
pub fn parse_format(format: &str) -> Result<Format> {
    Format::parse(format).ok_or_else(|| {
        Error::invalid_field("format", "Formato de exportação inválido: use csv ou xlsx.")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_numbers_and_dates_are_brazilian() {
        assert_eq!(csv_money(123_456), "1234,56");
        assert_eq!(csv_money(-5), "-0,05");
        assert_eq!(csv_cell(&Cell::Percent(250)), "2,50%");
        let at = "2026-11-24T02:30:00Z".parse::<DateTime<Utc>>().unwrap();
        // 23:30 of the 23rd in São Paulo.
        assert_eq!(csv_cell(&Cell::DateTime(at)), "23/11/2026 23:30");
        assert_eq!(
            csv_cell(&Cell::Date(NaiveDate::from_ymd_opt(2026, 2, 1).unwrap())),
            "01/02/2026"
        );
    }
}
