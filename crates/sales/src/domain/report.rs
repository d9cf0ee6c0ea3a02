//! `/vendas-produtos`: the sold lines of a period summed per catalog item (quantity, gross at list price, discounts,
//! net, received, cancelled) and the net per month. Pure: the lines and each sale's received amount come in.

use std::collections::{BTreeMap, HashMap};

use chrono::{Datelike, NaiveDate};

use super::catalog::CatalogKind;
use super::sale::SaleStatus;

/// One line of a sale confirmed in the period, with its sale's state and total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoldLine {
    pub sale_id: String,
    pub sale_status: SaleStatus,
    /// The sale's total (the lines' totals summed).
    pub sale_total: i64,
    /// The business date the sale was confirmed.
    pub confirmed_on: NaiveDate,
    pub catalog_item_id: String,
    pub sku: String,
    pub description: String,
    pub kind: CatalogKind,
    pub list_price: i64,
    pub quantity: i64,
    /// What the line sells for after the campaign price and its discount.
    pub total: i64,
}

/// A catalog item's figures over the period (centavos).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProductRow {
    pub catalog_item_id: String,
    pub sku: String,
    pub description: String,
    pub kind: Option<CatalogKind>,
    /// Units sold (cancelled sales left out, as in gross, discounts and net).
    pub quantity: i64,
    /// At list price.
    pub gross: i64,
    /// Gross minus net: the campaign's price and the line discounts together.
    pub discounts: i64,
    pub net: i64,
    /// The sale's receipts shared over its lines in proportion to their totals.
    pub received: i64,
    /// The net of the lines of cancelled sales.
    pub cancelled: i64,
}

impl ProductRow {
    /// Discounts over gross in basis points (0 without gross).
    pub fn average_discount_bp(&self) -> i64 {
        if self.gross <= 0 {
            0
        } else {
            self.discounts * 10_000 / self.gross
        }
    }
}

/// The first day of the month of `day` (the trend's key).
fn month_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

/// Each catalog item's row, by net (largest first, then SKU), from the lines and each sale's received amount.
pub fn product_rows(lines: &[SoldLine], received: &HashMap<String, i64>) -> Vec<ProductRow> {
    let shares = received_shares(lines, received);
    let mut rows: BTreeMap<&str, ProductRow> = BTreeMap::new();
    for (line, share) in lines.iter().zip(shares) {
        let row = rows
            .entry(line.catalog_item_id.as_str())
            .or_insert_with(|| ProductRow {
                catalog_item_id: line.catalog_item_id.clone(),
                sku: line.sku.clone(),
                description: line.description.clone(),
                kind: Some(line.kind),
                ..ProductRow::default()
            });
        if line.sale_status == SaleStatus::Cancelled {
            row.cancelled += line.total;
            continue;
        }
        let gross = line.list_price * line.quantity;
        row.quantity += line.quantity;
        row.gross += gross;
        row.discounts += gross - line.total;
        row.net += line.total;
        row.received += share;
    }
    let mut rows: Vec<ProductRow> = rows.into_values().collect();
    rows.sort_by(|a, b| b.net.cmp(&a.net).then_with(|| a.sku.cmp(&b.sku)));
    rows
}

/// Each line's part of its sale's received amount: in proportion to the line's total, rounded down, the
/// remainder on the sale's first line, so the parts sum to what the sale received.
fn received_shares(lines: &[SoldLine], received: &HashMap<String, i64>) -> Vec<i64> {
    let mut shares = vec![0; lines.len()];
    let mut first_line: HashMap<&str, usize> = HashMap::new();
    let mut given: HashMap<&str, i64> = HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        let got = received.get(&line.sale_id).copied().unwrap_or(0);
        if got == 0 || line.sale_total <= 0 {
            continue;
        }
        first_line.entry(&line.sale_id).or_insert(i);
        // i128: a received amount times a line total may pass i64 on a large sale.
        let share = (i128::from(got) * i128::from(line.total) / i128::from(line.sale_total)) as i64;
        shares[i] = share;
        *given.entry(&line.sale_id).or_default() += share;
    }
    for (sale, i) in first_line {
        let got = received.get(sale).copied().unwrap_or(0);
        shares[i] += got - given.get(sale).copied().unwrap_or(0);
    }
    shares
}

/// The net sold per month (first day of the month), oldest first; cancelled sales left out.
pub fn monthly_net(lines: &[SoldLine]) -> Vec<(NaiveDate, i64)> {
    let mut months: BTreeMap<NaiveDate, i64> = BTreeMap::new();
    for line in lines
        .iter()
        .filter(|l| l.sale_status != SaleStatus::Cancelled)
    {
        *months.entry(month_of(line.confirmed_on)).or_default() += line.total;
    }
    months.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn line(
        sale: &str,
        status: SaleStatus,
        sale_total: i64,
        sku: &str,
        list: i64,
        qty: i64,
        total: i64,
    ) -> SoldLine {
        SoldLine {
            sale_id: sale.into(),
            sale_status: status,
            sale_total,
            confirmed_on: d(2026, 11, 20),
            catalog_item_id: format!("id-{sku}"),
            sku: sku.into(),
            description: sku.to_lowercase(),
            kind: CatalogKind::Procedure,
            list_price: list,
            quantity: qty,
            total,
        }
    }

    #[test]
    fn items_sum_their_lines_and_share_each_sales_receipts_by_line_total() {
        use SaleStatus::*;
        // Sale A: toxin 2 × 1.000,00 at 10 % off (1.800,00) and an evaluation (200,00); R$ 1.000,01 received.
        // Sale B: toxin once at list price, nothing received. Sale C: a cancelled evaluation.
        let lines = vec![
            line("A", Confirmed, 200_000, "TOXINA", 100_000, 2, 180_000),
            line("A", Confirmed, 200_000, "AVALIACAO", 20_000, 1, 20_000),
            line("B", InProgress, 100_000, "TOXINA", 100_000, 1, 100_000),
            line("C", Cancelled, 20_000, "AVALIACAO", 20_000, 1, 20_000),
        ];
        let received = HashMap::from([("A".to_string(), 100_001)]);
        let rows = product_rows(&lines, &received);
        assert_eq!(rows.len(), 2);
        let toxin = &rows[0];
        assert_eq!(
            (
                toxin.sku.as_str(),
                toxin.quantity,
                toxin.gross,
                toxin.discounts,
                toxin.net
            ),
            ("TOXINA", 3, 300_000, 20_000, 280_000)
        );
        // 90 % of 1.000,01 rounded down, plus the odd centavo (the sale's first line).
        assert_eq!(toxin.received, 90_001);
        assert_eq!(toxin.average_discount_bp(), 666);
        let evaluation = &rows[1];
        assert_eq!(
            (
                evaluation.quantity,
                evaluation.net,
                evaluation.received,
                evaluation.cancelled
            ),
            (1, 20_000, 10_000, 20_000)
        );
        assert_eq!(
            rows.iter().map(|r| r.received).sum::<i64>(),
            100_001,
            "the parts sum to what was received"
        );
    }

    #[test]
    fn the_trend_is_the_net_per_month_without_cancelled_sales() {
        use SaleStatus::*;
        let mut october = line("A", Confirmed, 50_000, "X", 50_000, 1, 50_000);
        october.confirmed_on = d(2026, 10, 31);
        let lines = vec![
            october,
            line("B", Confirmed, 30_000, "X", 30_000, 1, 30_000),
            line("C", Concluded, 10_000, "Y", 10_000, 1, 10_000),
            line("D", Cancelled, 99_000, "Y", 99_000, 1, 99_000),
        ];
        assert_eq!(
            monthly_net(&lines),
            vec![(d(2026, 10, 1), 50_000), (d(2026, 11, 1), 40_000)]
        );
        assert_eq!(ProductRow::default().average_discount_bp(), 0);
    }
}

/// What a marketing link sold: sales sold through it (confirmed and not cancelled since), their value and what
/// their receivables received (centavos).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LinkFigures {
    pub sales: i64,
    pub sold_cents: i64,
    pub received_cents: i64,
}
