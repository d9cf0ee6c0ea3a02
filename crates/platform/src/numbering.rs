//! Gapless human numbers per prefix and year: `CR-2026-000123`.
//!
//! The number is taken inside the transaction that creates the document: the counter row stays locked
//! until that transaction ends, so concurrent creations wait for each other (on both engines) and a
//! creation that rolls back returns its number. Gapless numbering costs that serialization; documents
//! people number by hand (receivables, payables, orders) are created at human speed.

use crate::db::Tx;
use crate::error::{Error, Result};
use crate::on_tx;

/// The next number of `prefix` in `year`, formatted `PREFIX-YYYY-NNNNNN` (at least six digits).
pub async fn next(tx: &mut Tx, prefix: &str, year: i32) -> Result<String> {
    if prefix.is_empty() || !prefix.chars().all(|c| c.is_ascii_uppercase()) {
        return Err(Error::internal(format!(
            "numbering prefix must be uppercase letters: {prefix:?}"
        )));
    }
    let value: i64 = on_tx!(tx, conn => sqlx::query_scalar(
        "INSERT INTO platform_counters (prefix, year, last_value) VALUES ($1, $2, 1) \
         ON CONFLICT (prefix, year) DO UPDATE SET last_value = platform_counters.last_value + 1 \
         RETURNING last_value",
    )
    .bind(prefix)
    .bind(year)
    .fetch_one(&mut *conn)
    .await)?;
    Ok(format(prefix, year, value))
}

pub fn format(prefix: &str, year: i32, value: i64) -> String {
    format!("{prefix}-{year}-{value:06}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_have_six_digits_at_least() {
        assert_eq!(super::format("CR", 2026, 123), "CR-2026-000123");
        assert_eq!(super::format("PC", 2027, 1_234_567), "PC-2027-1234567");
    }
}
