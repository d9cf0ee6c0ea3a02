//! `/api/v1/sales/reports`: the sales reports. `products` is `/vendas-produtos`: per catalog item, quantity, gross,
//! discounts, net, received and cancelled over a period, and the net per month (managers: their teams' sales;
//! finance and administrators: all).

use std::sync::Arc;

use chrono::{Datelike, Months, NaiveDate};
use platform::api::{ApiResult, BearerAuth, Date, Download, Exported};
use platform::export::{self, Cell, Export};
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::{KindView, SalesTag};
use crate::domain::report::ProductRow;
use crate::domain::CatalogKind;
use crate::permissions::SALES_REPORTS_READ;
use crate::service::{ProductReport, ProductReportQuery, SalesBook};

pub struct ReportApi {
    sales: Arc<SalesBook>,
}

impl ReportApi {
    pub fn new(sales: Arc<SalesBook>) -> ReportApi {
        ReportApi { sales }
    }
}

/// A catalog item's sales over the period (centavos).
#[derive(Object)]
#[oai(rename = "SalesProductRow")]
pub struct ProductRowView {
    pub catalog_item_id: String,
    pub sku: String,
    pub description: String,
    pub kind: Option<KindView>,
    /// Units sold (cancelled sales left out).
    pub quantity: i64,
    /// At list price.
    pub gross: i64,
    /// Gross minus net: campaign prices and line discounts.
    pub discounts: i64,
    pub net: i64,
    /// The sales' receipts shared over their lines in proportion to the line totals.
    pub received: i64,
    /// The net of the lines of cancelled sales.
    pub cancelled: i64,
    /// Discounts over gross, in basis points.
    pub average_discount_bp: i64,
}

impl From<ProductRow> for ProductRowView {
    fn from(r: ProductRow) -> ProductRowView {
        ProductRowView {
            average_discount_bp: r.average_discount_bp(),
            catalog_item_id: r.catalog_item_id,
            sku: r.sku,
            description: r.description,
            kind: r.kind.map(Into::into),
            quantity: r.quantity,
            gross: r.gross,
            discounts: r.discounts,
            net: r.net,
            received: r.received,
            cancelled: r.cancelled,
        }
    }
}

/// The net sold in one month.
#[derive(Object)]
#[oai(rename = "SalesMonthNet")]
pub struct MonthNetView {
    /// `AAAA-MM`.
    pub month: String,
    pub net: i64,
}

/// Sales per catalog item over a period, by net (largest first), and the net per month.
#[derive(Object)]
#[oai(rename = "SalesByProduct")]
pub struct ProductReportView {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub rows: Vec<ProductRowView>,
    pub months: Vec<MonthNetView>,
}

impl From<ProductReport> for ProductReportView {
    fn from(r: ProductReport) -> ProductReportView {
        ProductReportView {
            from: r.from,
            to: r.to,
            rows: r.rows.into_iter().map(Into::into).collect(),
            months: r
                .months
                .into_iter()
                .map(|(month, net)| MonthNetView {
                    month: month.format("%Y-%m").to_string(),
                    net,
                })
                .collect(),
        }
    }
}

#[OpenApi(prefix_path = "/api/v1/sales/reports", tag = "SalesTag::Sales")]
impl ReportApi {
    /// Sales per catalog item confirmed between `from` and `to` (AAAA-MM-DD, both included; by default the last
    /// 12 months up to today), optionally of one team and one kind. 422 names `to` when the period ends before
    /// it starts or spans more than 24 months.
    #[oai(path = "/products", method = "get", operation_id = "getSalesByProduct")]
    async fn products(
        &self,
        #[oai(scope = "SALES_REPORTS_READ")] auth: BearerAuth,
        from: Query<Option<Date>>,
        to: Query<Option<Date>>,
        #[oai(validator(max_length = 100))] team_id: Query<Option<String>>,
        /// The unit of the sale's team.
        #[oai(validator(max_length = 100))]
        unit_id: Query<Option<String>>,
        kind: Query<Option<KindView>>,
    ) -> ApiResult<Json<ProductReportView>> {
        let query = self.query(from.0, to.0, team_id.0, unit_id.0, kind.0);
        let report = self.sales.product_report(&auth.0, query).await?;
        Ok(Json(report.into()))
    }

    /// The same rows as `products` (same filters), as a CSV or XLSX file.
    #[oai(
        path = "/products/export",
        method = "get",
        operation_id = "exportSalesByProduct"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn export_products(
        &self,
        #[oai(scope = "SALES_REPORTS_READ")] auth: BearerAuth,
        from: Query<Option<Date>>,
        to: Query<Option<Date>>,
        #[oai(validator(max_length = 100))] team_id: Query<Option<String>>,
        #[oai(validator(max_length = 100))] unit_id: Query<Option<String>>,
        kind: Query<Option<KindView>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let query = self.query(from.0, to.0, team_id.0, unit_id.0, kind.0);
        let report = self.sales.product_report(&auth.0, query).await?;
        let rows = futures::stream::iter(report.rows.into_iter().map(Ok));
        Ok(Download::new(product_export().response(
            format,
            self.sales.today(),
            rows,
        )))
    }
}

impl ReportApi {
    /// The period (by default the last 12 calendar months up to today) and the filters as the service takes them.
    fn query(
        &self,
        from: Option<Date>,
        to: Option<Date>,
        team_id: Option<String>,
        unit_id: Option<String>,
        kind: Option<KindView>,
    ) -> ProductReportQuery {
        let to = to.map_or_else(|| self.sales.today(), |d| d.0);
        let from = from.map_or_else(|| twelve_months_to(to), |d| d.0);
        let given = |v: Option<String>| v.filter(|t| !t.trim().is_empty());
        ProductReportQuery {
            from,
            to,
            team_id: given(team_id),
            unit_id: given(unit_id),
            kind: kind.map(Into::into),
        }
    }
}

/// The columns of the sales per product export, as the page's table names them.
fn product_export() -> Export<ProductRow> {
    Export::new("vendas-por-produto")
        .column("SKU", |r: &ProductRow| Cell::from(r.sku.as_str()))
        .column("Item", |r| Cell::from(r.description.as_str()))
        .column("Tipo", |r| {
            Cell::from(r.kind.map(|k| match k {
                CatalogKind::Product => "Produto",
                CatalogKind::Procedure => "Procedimento",
                CatalogKind::Plan => "Plano",
            }))
        })
        .column("Quantidade", |r| Cell::Integer(r.quantity))
        .column("Bruto", |r| Cell::Money(r.gross))
        .column("Descontos", |r| Cell::Money(r.discounts))
        .column("Desconto médio", |r| {
            Cell::Percent(r.average_discount_bp())
        })
        .column("Líquido", |r| Cell::Money(r.net))
        .column("Recebido", |r| Cell::Money(r.received))
        .column("Cancelado", |r| Cell::Money(r.cancelled))
}

/// The first day of the month eleven months before `to`'s: twelve calendar months ending with `to`'s.
fn twelve_months_to(to: NaiveDate) -> NaiveDate {
    let first = to.with_day(1).unwrap_or(to);
    first.checked_sub_months(Months::new(11)).unwrap_or(first)
}
