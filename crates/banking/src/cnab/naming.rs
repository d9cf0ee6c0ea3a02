//! Remessa file names, per bank, and the file sequence number.
//!
//! The rules (from the banks' manuals, as applied by brcobranca and laravel-boleto):
//! - Sicredi (748): `CCCCCMDD.CRM`: CCCCC = código do beneficiário (5 digits), M = month
//!   (1–9, then O, N, D for October–December), DD = day. The first file of the day is
//!   `.CRM`, the next ones `.RM2` … `.RM9`, and the tenth `.RM0`; an eleventh is refused.
//! - Banco do Brasil (001) and Bradesco (237): `CBDDMMNN.REM`: DD day, MM month, NN the
//!   file's number within the day (01–99).
//! - Itaú, Santander, Caixa, Sicoob: the manuals set no name; any 8.3 name is accepted.
//!   We use the same `CBDDMMNN.REM` so every bank's files sort by day.
//!
//! The sequence number written inside the file (NSA) is separate: see
//! [`super::next_sequence`].

use super::text::digits_only;
use super::Company;
use crate::bank::Bank;
use chrono::{Datelike, NaiveDate};

/// The name for the `files_today`-th file of `date` (0 = the first of the day).
pub fn remessa_file_name(
    bank: Bank,
    company: &Company,
    date: NaiveDate,
    files_today: u32,
) -> Result<String, String> {
    match bank {
        Bank::Sicredi => sicredi(company, date, files_today),
        _ => {
            if files_today >= 99 {
                return Err("no máximo 99 arquivos de remessa por dia".into());
            }
            Ok(format!(
                "CB{:02}{:02}{:02}.REM",
                date.day(),
                date.month(),
                files_today + 1
            ))
        }
    }
}

fn sicredi(company: &Company, date: NaiveDate, files_today: u32) -> Result<String, String> {
    let code = digits_only(&company.agreement);
    if code.is_empty() || code.len() > 5 {
        return Err("Sicredi: o código do beneficiário (agreement) deve ter até 5 dígitos".into());
    }
    let month = match date.month() {
        m @ 1..=9 => char::from(b'0' + m as u8),
        10 => 'O',
        11 => 'N',
        _ => 'D',
    };
    let ext = match files_today {
        0 => "CRM".to_string(),
        1..=8 => format!("RM{}", files_today + 1),
        9 => "RM0".to_string(),
        _ => return Err("Sicredi aceita no máximo 10 arquivos de remessa por dia".into()),
    };
    Ok(format!("{code:0>5}{month}{:02}.{ext}", date.day()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn company(agreement: &str) -> Company {
        Company {
            agreement: agreement.into(),
            ..Company::default()
        }
    }

    #[test]
    fn sicredi_names_and_daily_limit() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 5).unwrap();
        let c = company("12345");
        assert_eq!(
            remessa_file_name(Bank::Sicredi, &c, d, 0).unwrap(),
            "12345N05.CRM"
        );
        assert_eq!(
            remessa_file_name(Bank::Sicredi, &c, d, 1).unwrap(),
            "12345N05.RM2"
        );
        assert_eq!(
            remessa_file_name(Bank::Sicredi, &c, d, 8).unwrap(),
            "12345N05.RM9"
        );
        assert_eq!(
            remessa_file_name(Bank::Sicredi, &c, d, 9).unwrap(),
            "12345N05.RM0"
        );
        assert!(remessa_file_name(Bank::Sicredi, &c, d, 10).is_err());
        let march = NaiveDate::from_ymd_opt(2026, 3, 21).unwrap();
        assert_eq!(
            remessa_file_name(Bank::Sicredi, &company("77"), march, 0).unwrap(),
            "000773 21.CRM".replace(' ', "")
        );
    }

    #[test]
    fn bb_names() {
        let d = NaiveDate::from_ymd_opt(2026, 2, 7).unwrap();
        assert_eq!(
            remessa_file_name(Bank::BancoDoBrasil, &company(""), d, 0).unwrap(),
            "CB070201.REM"
        );
        assert_eq!(
            remessa_file_name(Bank::Bradesco, &company(""), d, 11).unwrap(),
            "CB070212.REM"
        );
    }

    #[test]
    fn sequence_increases_and_wraps() {
        assert_eq!(super::super::next_sequence(41), 42);
        assert_eq!(super::super::next_sequence(999_999), 1);
        let at = NaiveDate::from_ymd_opt(2026, 1, 2)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap();
        let h = super::super::RemessaHeader::after(Bank::Itau, Company::default(), 41, at);
        assert_eq!(h.sequence, 42);
    }
}
