//! An export read back as Excel would read it: the CSV's BOM, separator and Brazilian numbers; the
//! XLSX's typed cells (money as a number in R$, dates as dates).

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use chrono::{DateTime, NaiveDate, Utc};
use futures::stream;
use platform::export::{Cell, Export, Format};

struct Row {
    name: &'static str,
    cents: i64,
    due: NaiveDate,
    at: DateTime<Utc>,
}

fn export() -> Export<Row> {
    Export::new("titulos")
        .column("Nome", |r: &Row| Cell::from(r.name))
        .column("Valor", |r| Cell::Money(r.cents))
        .column("Vencimento", |r| Cell::Date(r.due))
        .column("Criado em", |r| Cell::DateTime(r.at))
}

fn rows() -> Vec<platform::error::Result<Row>> {
    let at = "2026-11-24T02:30:00Z".parse().unwrap();
    vec![
        Ok(Row {
            name: "José; \"Zé\" Conceição",
            cents: 123_456,
            due: NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(),
            at,
        }),
        Ok(Row {
            name: "Ana",
            cents: -5,
            due: NaiveDate::from_ymd_opt(2027, 1, 31).unwrap(),
            at,
        }),
    ]
}

async fn bytes(format: Format) -> Vec<u8> {
    export()
        .body(format, stream::iter(rows()))
        .into_vec()
        .await
        .unwrap()
}

#[tokio::test]
async fn csv_opens_in_brazilian_excel() {
    let file = bytes(Format::Csv).await;
    let text = String::from_utf8(file).unwrap();
    assert!(text.starts_with('\u{feff}'), "UTF-8 BOM");
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(lines[0], "Nome;Valor;Vencimento;Criado em");
    assert_eq!(
        lines[1],
        "\"José; \"\"Zé\"\" Conceição\";1234,56;01/12/2026;23/11/2026 23:30"
    );
    assert_eq!(lines[2], "Ana;-0,05;31/01/2027;23/11/2026 23:30");
}

#[tokio::test]
async fn xlsx_cells_are_typed() {
    let file = bytes(Format::Xlsx).await;
    let mut book: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(file)).unwrap();
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    assert_eq!(sheet.get((0, 1)), Some(&Data::String("Valor".into())));
    assert_eq!(
        sheet.get((1, 0)),
        Some(&Data::String("José; \"Zé\" Conceição".into()))
    );
    assert_eq!(sheet.get((1, 1)), Some(&Data::Float(1234.56)));
    assert_eq!(sheet.get((2, 1)), Some(&Data::Float(-0.05)));
    let Some(Data::DateTime(due)) = sheet.get((1, 2)) else {
        panic!("a date cell: {:?}", sheet.get((1, 2)));
    };
    assert_eq!(
        due.as_datetime().unwrap().date(),
        NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()
    );
    let Some(Data::DateTime(at)) = sheet.get((1, 3)) else {
        panic!("a date-time cell");
    };
    assert_eq!(
        at.as_datetime()
            .unwrap()
            .format("%d/%m/%Y %H:%M")
            .to_string(),
        "23/11/2026 23:30"
    );
}

#[tokio::test]
async fn a_large_export_streams_every_row() {
    let many = (0..20_000).map(|i| {
        Ok(Row {
            name: "Cliente",
            cents: i,
            due: NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
            at: Utc::now(),
        })
    });
    let body = export().body(Format::Csv, stream::iter(many.collect::<Vec<_>>()));
    let text = String::from_utf8(body.into_vec().await.unwrap()).unwrap();
    assert_eq!(text.lines().count(), 20_001);
    assert!(text.lines().last().unwrap().starts_with("Cliente;199,99;"));
}
