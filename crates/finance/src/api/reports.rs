//! `/api/v1/finance/reports`: the receivables reports of `/recebimentos-por-periodo` (finance.md §6) — receipts by
//! period, aging and the projected cash flow — each with its CSV/XLSX export carrying the parameters in its first
//! rows. Read with the receivables' read permission (finance.md §7: reports are read by the finance roles).

use std::sync::Arc;

use chrono::NaiveDate;
use futures::StreamExt;
use platform::api::{ApiResult, BearerAuth, Date, Download, Exported};
use platform::export::{self, Cell, Export, Format};
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Enum, Object, OpenApi};

use super::receivables::{Method, Origin};
use super::FinanceTag;
use crate::domain::report::{
    self, ratio_bp, AgingBucket, Figures, ReceiptsQuery, ReportFilter, AGING_BUCKETS,
};
use crate::permissions::RECEIVABLES_READ;
use crate::service::{
    AgingReport, CashFlowQuery, CashFlowReport, DimensionValue, ReceiptsReport, Reports,
};

pub struct ReportsApi {
    reports: Arc<Reports>,
}

impl ReportsApi {
    pub fn new(reports: Arc<Reports>) -> ReportsApi {
        ReportsApi { reports }
    }
}

/// Which date places an installment or a receipt in a period: VENCIMENTO (its due date), PAGAMENTO (the receipt's
/// date), CREDITO (the receipt's date moved to the next business day: D+0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "ReportBasis", rename_all = "UPPERCASE")]
pub enum Basis {
    Vencimento,
    Pagamento,
    Credito,
}

platform::mirror_enum!(
    Basis,
    report::Basis {
        Vencimento,
        Pagamento,
        Credito
    }
);

/// A period: DAY, WEEK (Monday to Sunday) or MONTH.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "ReportBucket", rename_all = "UPPERCASE")]
pub enum Bucket {
    Day,
    Week,
    Month,
}

platform::mirror_enum!(Bucket, report::Bucket { Day, Week, Month });

/// What the receipts report's rows are split by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename = "ReceiptsReportDimension",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
pub enum Dimension {
    Cliente,
    Forma,
    Conta,
    PlanoDeContas,
    Origem,
}

platform::mirror_enum!(
    Dimension,
    report::Dimension {
        Cliente,
        Forma,
        Conta,
        PlanoDeContas,
        Origem
    }
);

/// What the aging report's rows are split by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "AgingReportDimension", rename_all = "UPPERCASE")]
pub enum AgingDimension {
    Cliente,
    Forma,
    Conta,
}

impl From<AgingDimension> for report::Dimension {
    fn from(d: AgingDimension) -> report::Dimension {
        match d {
            AgingDimension::Cliente => report::Dimension::Cliente,
            AgingDimension::Forma => report::Dimension::Forma,
            AgingDimension::Conta => report::Dimension::Conta,
        }
    }
}

/// CONTRATUAL (each installment at its expected credit date) or HISTORICO (each client's installments moved by
/// the client's 12-month average delay and weighted by the share paid within 90 days).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "CashFlowScenario", rename_all = "UPPERCASE")]
pub enum Scenario {
    Contratual,
    Historico,
}

platform::mirror_enum!(
    Scenario,
    report::Scenario {
        Contratual,
        Historico
    }
);

/// The figures of a cell, a period, a dimension value or the whole report.
#[derive(Object)]
#[oai(rename = "ReceiptsFigures", skip_serializing_if_is_none)]
pub struct FiguresView {
    /// What fell due in the period (cancelled and renegotiated installments count only for what they received).
    pub expected_cents: i64,
    /// Live receipts' principal (reversed ones never count), placed by the basis.
    pub received_cents: i64,
    /// Open saldo not overdue today.
    pub open_cents: i64,
    /// Open saldo overdue today (after the business-day grace).
    pub overdue_cents: i64,
    /// % inadimplência in basis points: overdue ÷ expected; absent when nothing fell due.
    pub default_rate_bp: Option<i64>,
    /// Prazo médio de recebimento: value-weighted days from the due date to the receipt (a tenth of a day);
    /// absent without receipts.
    pub average_days: Option<f64>,
}

impl From<&Figures> for FiguresView {
    fn from(f: &Figures) -> FiguresView {
        FiguresView {
            expected_cents: f.expected_cents,
            received_cents: f.received_cents,
            open_cents: f.open_cents,
            overdue_cents: f.overdue_cents,
            default_rate_bp: f.default_rate_bp(),
            average_days: f.average_days(),
        }
    }
}

/// A period of the report, with its sums over every dimension value.
#[derive(Object)]
#[oai(rename = "ReceiptsPeriod")]
pub struct PeriodView {
    /// The period's first and last day within the range.
    pub start: Date,
    pub end: Date,
    /// `10/03/2026`, `Semana de 09/03/2026`, `03/2026`.
    pub label: String,
    #[oai(flatten)]
    pub figures: FiguresView,
}

/// A period × a dimension value.
#[derive(Object)]
#[oai(rename = "ReceiptsCell", skip_serializing_if_is_none)]
pub struct CellView {
    pub start: Date,
    pub end: Date,
    /// The dimension value: a client's id, a method (BOLETO…), a bank account's id, a chart account's id, an
    /// origin (VENDA…); absent when not set (an installment without a bank account).
    pub key: Option<String>,
    pub label: String,
    #[oai(flatten)]
    pub figures: FiguresView,
}

/// A dimension value over the whole range.
#[derive(Object)]
#[oai(rename = "ReceiptsDimensionValue", skip_serializing_if_is_none)]
pub struct ValueView {
    pub key: Option<String>,
    pub label: String,
    #[oai(flatten)]
    pub figures: FiguresView,
}

/// Receipts by period.
#[derive(Object)]
#[oai(rename = "ReceiptsReport")]
pub struct ReceiptsReportView {
    pub from: Date,
    pub to: Date,
    pub basis: Basis,
    pub bucket: Bucket,
    pub dimension: Dimension,
    /// The day "em aberto" and "vencido" are read on (today in São Paulo).
    pub as_of: Date,
    /// Every period of the range, empty ones included.
    pub periods: Vec<PeriodView>,
    /// The non-empty cells, by period then label.
    pub cells: Vec<CellView>,
    /// Per dimension value over the range, by label.
    pub values: Vec<ValueView>,
    pub totals: FiguresView,
}

impl From<ReceiptsReport> for ReceiptsReportView {
    fn from(r: ReceiptsReport) -> ReceiptsReportView {
        ReceiptsReportView {
            from: Date(r.query.from),
            to: Date(r.query.to),
            basis: r.query.basis.into(),
            bucket: r.query.bucket.into(),
            dimension: r.query.dimension.into(),
            as_of: Date(r.today),
            periods: r
                .periods
                .iter()
                .map(|p| PeriodView {
                    start: Date(p.start),
                    end: Date(p.end),
                    label: p.label.clone(),
                    figures: (&p.figures).into(),
                })
                .collect(),
            cells: r
                .cells
                .iter()
                .map(|c| CellView {
                    start: Date(c.start),
                    end: Date(c.end),
                    key: c.value.key.clone(),
                    label: c.value.label.clone(),
                    figures: (&c.figures).into(),
                })
                .collect(),
            values: r
                .values
                .iter()
                .map(|(v, f)| ValueView {
                    key: v.key.clone(),
                    label: v.label.clone(),
                    figures: f.into(),
                })
                .collect(),
            totals: (&r.totals).into(),
        }
    }
}

/// An aging bucket: which due dates it takes as of the report's date, its total and share.
#[derive(Object)]
#[oai(rename = "AgingBucket", skip_serializing_if_is_none)]
pub struct AgingBucketView {
    /// `A_VENCER_0_30`, `A_VENCER_31_60`, `A_VENCER_61_90`, `A_VENCER_MAIS_90`, `VENCIDO_1_30`, `VENCIDO_31_60`,
    /// `VENCIDO_61_90`, `VENCIDO_91_180`, `VENCIDO_MAIS_180`.
    pub key: String,
    pub label: String,
    /// Overdue: due on or before `overdue_cutoff`.
    pub overdue: bool,
    /// The due dates it takes (absent: unbounded on that side).
    pub due_from: Option<Date>,
    pub due_to: Option<Date>,
    pub total_cents: i64,
    /// Of the whole open saldo, in basis points (absent when there is none).
    pub share_bp: Option<i64>,
}

/// A dimension value's open saldo per bucket.
#[derive(Object)]
#[oai(rename = "AgingRow", skip_serializing_if_is_none)]
pub struct AgingRowView {
    pub key: Option<String>,
    pub label: String,
    /// In the buckets' order.
    pub amounts_cents: Vec<i64>,
    pub total_cents: i64,
    pub share_bp: Option<i64>,
}

/// The aging of the open installments.
#[derive(Object)]
#[oai(rename = "AgingReport")]
pub struct AgingReportView {
    pub as_of: Date,
    pub dimension: AgingDimension,
    /// Installments due on or before it are overdue (the business-day grace).
    pub overdue_cutoff: Date,
    pub buckets: Vec<AgingBucketView>,
    /// By total, largest first.
    pub rows: Vec<AgingRowView>,
    pub total_cents: i64,
}

fn aging_view(r: AgingReport, dimension: AgingDimension) -> AgingReportView {
    let total = r.total();
    AgingReportView {
        as_of: Date(r.as_of),
        dimension,
        overdue_cutoff: Date(r.edges.cutoff),
        buckets: r
            .edges
            .edges
            .iter()
            .zip(&r.totals)
            .map(|((bucket, from, to), sum)| AgingBucketView {
                key: bucket.as_str().into(),
                label: bucket.label().into(),
                overdue: bucket.is_overdue(),
                due_from: from.map(Date),
                due_to: to.map(Date),
                total_cents: *sum,
                share_bp: ratio_bp(*sum, total),
            })
            .collect(),
        rows: r
            .rows
            .iter()
            .map(|(v, row)| AgingRowView {
                key: v.key.clone(),
                label: v.label.clone(),
                amounts_cents: row.amounts.clone(),
                total_cents: row.total(),
                share_bp: ratio_bp(row.total(), total),
            })
            .collect(),
        total_cents: total,
    }
}

/// A projected period.
#[derive(Object)]
#[oai(rename = "CashFlowPeriod")]
pub struct CashFlowPeriodView {
    pub start: Date,
    pub end: Date,
    pub label: String,
    /// Entradas.
    pub inflow_cents: i64,
    /// Saídas.
    pub outflow_cents: i64,
    /// Saldo do período: entradas − saídas.
    pub net_cents: i64,
    /// Acumulado: the balance at the period's end (negative ones show in red).
    pub balance_cents: i64,
}

/// The projected cash flow from today's system balance.
#[derive(Object)]
#[oai(rename = "CashFlowReport", skip_serializing_if_is_none)]
pub struct CashFlowReportView {
    pub today: Date,
    /// The last day projected.
    pub to: Date,
    pub days: i64,
    pub bucket: Bucket,
    pub scenario: Scenario,
    pub account_id: Option<String>,
    /// The account's nickname, when one was asked for.
    pub account: Option<String>,
    pub include_overdue_first_day: bool,
    /// Opening balances of the active accounts plus the live receipts credited to them, minus the live payments
    /// made from them, up to today.
    pub opening_balance_cents: i64,
    /// Open saldo already overdue: its own row, in the first day only with `include_overdue_first_day`.
    pub overdue_cents: i64,
    pub periods: Vec<CashFlowPeriodView>,
    pub inflow_cents: i64,
    pub outflow_cents: i64,
    pub net_cents: i64,
    pub closing_balance_cents: i64,
}

impl From<CashFlowReport> for CashFlowReportView {
    fn from(r: CashFlowReport) -> CashFlowReportView {
        let bucket = r.query.bucket;
        CashFlowReportView {
            today: Date(r.today),
            to: Date(r.to),
            days: r.query.days,
            bucket: bucket.into(),
            scenario: r.query.scenario.into(),
            account_id: r.query.account_id.clone(),
            account: r.account.clone(),
            include_overdue_first_day: r.query.include_overdue_first_day,
            opening_balance_cents: r.opening_balance_cents,
            overdue_cents: r.overdue_cents,
            periods: r
                .periods
                .iter()
                .map(|p| CashFlowPeriodView {
                    start: Date(p.start),
                    end: Date(p.end),
                    label: bucket.period_label(bucket.start(p.start)),
                    inflow_cents: p.inflow_cents,
                    outflow_cents: p.outflow_cents,
                    net_cents: p.net_cents(),
                    balance_cents: p.balance_cents,
                })
                .collect(),
            inflow_cents: r.inflow_cents(),
            outflow_cents: r.outflow_cents(),
            net_cents: r.inflow_cents() - r.outflow_cents(),
            closing_balance_cents: r.closing_balance_cents(),
        }
    }
}

fn blank(s: Option<String>) -> Option<String> {
    s.filter(|s| !s.trim().is_empty())
}

fn filter_of(
    client_id: Option<String>,
    payment_method: Option<Method>,
    bank_account_id: Option<String>,
    origin: Option<Origin>,
    chart_account_id: Option<String>,
) -> ReportFilter {
    ReportFilter {
        client_id: blank(client_id),
        payment_method: payment_method.map(Into::into),
        bank_account_id: blank(bank_account_id),
        origin: origin.map(Into::into),
        chart_account_id: blank(chart_account_id),
    }
}

/// The filters as the export's parameter rows (only those given).
fn filter_rows(f: &ReportFilter) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    if let Some(c) = &f.client_id {
        rows.push(("Cliente".into(), c.clone()));
    }
    if let Some(m) = f.payment_method {
        rows.push(("Forma".into(), report::method_label(m).into()));
    }
    if let Some(b) = &f.bank_account_id {
        rows.push(("Conta bancária".into(), b.clone()));
    }
    if let Some(o) = f.origin {
        rows.push(("Origem".into(), report::origin_label(o).into()));
    }
    if let Some(a) = &f.chart_account_id {
        rows.push(("Plano de contas".into(), a.clone()));
    }
    rows
}

fn br(day: NaiveDate) -> String {
    day.format("%d/%m/%Y").to_string()
}

/// A report as a file through the platform's export: the title, then one row per parameter (name, value), a
/// blank row, the column titles and the figures.
fn sheet(
    name: &str,
    title: &str,
    parameters: Vec<(String, String)>,
    headers: &[&str],
    rows: Vec<Vec<Cell>>,
    format: Format,
    today: NaiveDate,
) -> Download<Exported> {
    let width = headers.len().max(2);
    let mut export: Export<Vec<Cell>> = Export::new(name);
    for c in 0..width {
        let header = if c == 0 { title } else { "" };
        export = export.column(header, move |row: &Vec<Cell>| {
            row.get(c).cloned().unwrap_or(Cell::Empty)
        });
    }
    let mut lines: Vec<Vec<Cell>> = parameters
        .into_iter()
        .map(|(k, v)| vec![Cell::Text(k), Cell::Text(v)])
        .collect();
    lines.push(Vec::new());
    lines.push(headers.iter().map(|h| Cell::from(*h)).collect());
    lines.extend(rows);
    let stream = futures::stream::iter(lines.into_iter().map(Ok::<_, platform::Error>));
    Download::new(export.response(format, today, stream.boxed()))
}

fn figures_cells(f: &Figures) -> Vec<Cell> {
    vec![
        Cell::Money(f.expected_cents),
        Cell::Money(f.received_cents),
        Cell::Money(f.open_cents),
        Cell::Money(f.overdue_cents),
        f.default_rate_bp().map_or(Cell::Empty, Cell::Percent),
        f.average_days().map_or(Cell::Empty, |d| {
            Cell::Text(format!("{d:.1}").replace('.', ","))
        }),
    ]
}

fn value_label(v: &DimensionValue) -> Cell {
    Cell::Text(v.label.clone())
}

#[OpenApi(prefix_path = "/api/v1/finance/reports", tag = "FinanceTag::Finance")]
impl ReportsApi {
    /// Receipts by period (`from`..=`to`, default this month): per period (`bucket`) × `dimension` value,
    /// previsto, recebido, em aberto and vencido (today), % inadimplência and prazo médio; with the sums per
    /// period, per value and in all. `basis` decides the date that places a receipt (VENCIMENTO: its
    /// installment's due date; PAGAMENTO: its date; CREDITO: its credit date); previsto, em aberto and vencido
    /// are always by due date. Filters as the installments list's.
    #[oai(path = "/receipts", method = "get", operation_id = "receiptsReport")]
    #[allow(clippy::too_many_arguments)]
    async fn receipts(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        from: Query<Option<Date>>,
        to: Query<Option<Date>>,
        basis: Query<Option<Basis>>,
        bucket: Query<Option<Bucket>>,
        dimension: Query<Option<Dimension>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        payment_method: Query<Option<Method>>,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
        origin: Query<Option<Origin>>,
        #[oai(validator(max_length = 100))] chart_account_id: Query<Option<String>>,
        /// Per client: how many clients are shown one by one, those with the most previsto in the range (default
        /// 20); the others are summed in one row, "Demais clientes (N)", without a key.
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
        top: Query<Option<u32>>,
    ) -> ApiResult<Json<ReceiptsReportView>> {
        let mut query = ReceiptsQuery::new(
            from.0.map(|d| d.0),
            to.0.map(|d| d.0),
            basis.0.unwrap_or(Basis::Vencimento).into(),
            bucket.0.unwrap_or(Bucket::Day).into(),
            dimension.0.unwrap_or(Dimension::Cliente).into(),
            filter_of(
                client_id.0,
                payment_method.0,
                bank_account_id.0,
                origin.0,
                chart_account_id.0,
            ),
            self.reports.today(),
        )?;
        if let Some(n) = top.0 {
            query.client_top = Some(n as usize);
        }
        Ok(Json(self.reports.receipts(query).await?.into()))
    }

    /// The receipts report as CSV or XLSX: its parameters in the first rows, then one row per period × value
    /// and the totals.
    #[oai(
        path = "/receipts/export",
        method = "get",
        operation_id = "exportReceiptsReport"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn receipts_export(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        from: Query<Option<Date>>,
        to: Query<Option<Date>>,
        basis: Query<Option<Basis>>,
        bucket: Query<Option<Bucket>>,
        dimension: Query<Option<Dimension>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        payment_method: Query<Option<Method>>,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
        origin: Query<Option<Origin>>,
        #[oai(validator(max_length = 100))] chart_account_id: Query<Option<String>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let mut query = ReceiptsQuery::new(
            from.0.map(|d| d.0),
            to.0.map(|d| d.0),
            basis.0.unwrap_or(Basis::Vencimento).into(),
            bucket.0.unwrap_or(Bucket::Day).into(),
            dimension.0.unwrap_or(Dimension::Cliente).into(),
            filter_of(
                client_id.0,
                payment_method.0,
                bank_account_id.0,
                origin.0,
                chart_account_id.0,
            ),
            self.reports.today(),
        )?;
        // The file carries every client (the screen shows the largest and sums the rest).
        query.client_top = None;
        let r = self.reports.receipts(query).await?;
        let q = &r.query;
        let mut params = vec![
            (
                "Período".to_string(),
                format!("{} a {}", br(q.from), br(q.to)),
            ),
            ("Base".into(), q.basis.label().into()),
            ("Agrupamento".into(), q.bucket.label().into()),
            ("Dimensão".into(), q.dimension.label().into()),
            ("Posição em".into(), br(r.today)),
        ];
        params.extend(filter_rows(&q.filter));
        let mut rows: Vec<Vec<Cell>> = r
            .cells
            .iter()
            .map(|c| {
                let mut row = vec![
                    Cell::Date(c.start),
                    Cell::Date(c.end),
                    value_label(&c.value),
                ];
                row.extend(figures_cells(&c.figures));
                row
            })
            .collect();
        let mut total = vec![Cell::from("Total"), Cell::Empty, Cell::Empty];
        total.extend(figures_cells(&r.totals));
        rows.push(total);
        Ok(sheet(
            "recebimentos-por-periodo",
            "Recebimentos por período",
            params,
            &[
                "Início",
                "Fim",
                q.dimension.label(),
                "Previsto",
                "Recebido",
                "Em aberto",
                "Vencido",
                "% inadimplência",
                "Prazo médio (dias)",
            ],
            rows,
            format,
            r.today,
        ))
    }

    /// Aging of the open installments as of `as_of` (default today): a vencer 0–30, 31–60, 61–90, > 90 and
    /// vencidos 1–30, 31–60, 61–90, 91–180, > 180 (days from the due date; overdue after the business-day
    /// grace), per `dimension` value, with totals and shares. The saldo is today's.
    #[oai(path = "/aging", method = "get", operation_id = "agingReport")]
    #[allow(clippy::too_many_arguments)]
    async fn aging(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        as_of: Query<Option<Date>>,
        dimension: Query<Option<AgingDimension>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        payment_method: Query<Option<Method>>,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
        origin: Query<Option<Origin>>,
        #[oai(validator(max_length = 100))] chart_account_id: Query<Option<String>>,
    ) -> ApiResult<Json<AgingReportView>> {
        let dimension = dimension.0.unwrap_or(AgingDimension::Cliente);
        let filter = filter_of(
            client_id.0,
            payment_method.0,
            bank_account_id.0,
            origin.0,
            chart_account_id.0,
        );
        let r = self
            .reports
            .aging(as_of.0.map(|d| d.0), dimension.into(), filter)
            .await?;
        Ok(Json(aging_view(r, dimension)))
    }

    /// The aging report as CSV or XLSX, its parameters in the first rows.
    #[oai(
        path = "/aging/export",
        method = "get",
        operation_id = "exportAgingReport"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn aging_export(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        as_of: Query<Option<Date>>,
        dimension: Query<Option<AgingDimension>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        payment_method: Query<Option<Method>>,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
        origin: Query<Option<Origin>>,
        #[oai(validator(max_length = 100))] chart_account_id: Query<Option<String>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let dimension: report::Dimension = dimension.0.unwrap_or(AgingDimension::Cliente).into();
        let filter = filter_of(
            client_id.0,
            payment_method.0,
            bank_account_id.0,
            origin.0,
            chart_account_id.0,
        );
        let mut params = vec![
            ("Posição em".to_string(), String::new()),
            ("Dimensão".into(), dimension.label().into()),
        ];
        params.extend(filter_rows(&filter));
        let r = self
            .reports
            .aging(as_of.0.map(|d| d.0), dimension, filter)
            .await?;
        params[0].1 = br(r.as_of);
        let total = r.total();
        let mut rows: Vec<Vec<Cell>> = r
            .rows
            .iter()
            .map(|(v, row)| {
                let mut cells = vec![value_label(v)];
                cells.extend(row.amounts.iter().map(|a| Cell::Money(*a)));
                cells.push(Cell::Money(row.total()));
                cells.push(ratio_bp(row.total(), total).map_or(Cell::Empty, Cell::Percent));
                cells
            })
            .collect();
        let mut totals = vec![Cell::from("Total")];
        totals.extend(r.totals.iter().map(|a| Cell::Money(*a)));
        totals.push(Cell::Money(total));
        totals.push(ratio_bp(total, total).map_or(Cell::Empty, Cell::Percent));
        rows.push(totals);
        let mut shares = vec![Cell::from("Participação")];
        shares.extend(
            r.totals
                .iter()
                .map(|a| ratio_bp(*a, total).map_or(Cell::Empty, Cell::Percent)),
        );
        rows.push(shares);
        let mut headers = vec![dimension.label()];
        headers.extend(AGING_BUCKETS.iter().map(|b: &AgingBucket| b.label()));
        headers.extend(["Total", "Participação"]);
        Ok(sheet(
            "aging",
            "Aging de recebíveis",
            params,
            &headers,
            rows,
            format,
            self.reports.today(),
        ))
    }

    /// The projected cash flow over the next `days` (7, 30, 90 or 180; default 30) by `bucket` (default DAY),
    /// consolidated or of `account_id`, from today's system balance: inflows are the open installments at their
    /// expected credit date (CONTRATUAL) or moved and weighted by each client's history (HISTORICO); overdue
    /// saldo has its own figure, in the first day only with `include_overdue_first_day`. Outflows are the open
    /// payable installments at their scheduled (else due) date, late ones on the first day.
    #[oai(path = "/cash-flow", method = "get", operation_id = "cashFlowReport")]
    async fn cash_flow(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        days: Query<Option<i64>>,
        bucket: Query<Option<Bucket>>,
        #[oai(validator(max_length = 100))] account_id: Query<Option<String>>,
        scenario: Query<Option<Scenario>>,
        include_overdue_first_day: Query<Option<bool>>,
    ) -> ApiResult<Json<CashFlowReportView>> {
        let query = cash_flow_query(
            days.0,
            bucket.0,
            account_id.0,
            scenario.0,
            include_overdue_first_day.0,
        );
        Ok(Json(self.reports.cash_flow(query).await?.into()))
    }

    /// The projected cash flow as CSV or XLSX, its parameters in the first rows.
    #[oai(
        path = "/cash-flow/export",
        method = "get",
        operation_id = "exportCashFlowReport"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn cash_flow_export(
        &self,
        #[oai(scope = "RECEIVABLES_READ")] _auth: BearerAuth,
        days: Query<Option<i64>>,
        bucket: Query<Option<Bucket>>,
        #[oai(validator(max_length = 100))] account_id: Query<Option<String>>,
        scenario: Query<Option<Scenario>>,
        include_overdue_first_day: Query<Option<bool>>,
        /// `csv` or `xlsx`.
        #[oai(validator(pattern = "^(csv|xlsx)$"))]
        format: Query<String>,
    ) -> ApiResult<Download<Exported>> {
        let format = export::parse_format(&format.0)?;
        let query = cash_flow_query(
            days.0,
            bucket.0,
            account_id.0,
            scenario.0,
            include_overdue_first_day.0,
        );
        let r = self.reports.cash_flow(query).await?;
        let q = &r.query;
        let params = vec![
            (
                "Horizonte".to_string(),
                format!("{} dias ({} a {})", q.days, br(r.today), br(r.to)),
            ),
            ("Agrupamento".into(), q.bucket.label().into()),
            ("Cenário".into(), q.scenario.label().into()),
            (
                "Conta".into(),
                r.account.clone().unwrap_or_else(|| "Consolidado".into()),
            ),
            (
                "Incluir vencidos no primeiro dia".into(),
                if q.include_overdue_first_day {
                    "Sim"
                } else {
                    "Não"
                }
                .into(),
            ),
            (
                "Saldo inicial".into(),
                banking::pdf::format_brl(r.opening_balance_cents),
            ),
            ("Vencidos".into(), banking::pdf::format_brl(r.overdue_cents)),
        ];
        let mut rows: Vec<Vec<Cell>> = r
            .periods
            .iter()
            .map(|p| {
                vec![
                    Cell::Date(p.start),
                    Cell::Date(p.end),
                    Cell::Money(p.inflow_cents),
                    Cell::Money(p.outflow_cents),
                    Cell::Money(p.net_cents()),
                    Cell::Money(p.balance_cents),
                ]
            })
            .collect();
        rows.push(vec![
            Cell::from("Total"),
            Cell::Empty,
            Cell::Money(r.inflow_cents()),
            Cell::Money(r.outflow_cents()),
            Cell::Money(r.inflow_cents() - r.outflow_cents()),
            Cell::Money(r.closing_balance_cents()),
        ]);
        Ok(sheet(
            "fluxo-de-caixa-previsto",
            "Fluxo de caixa previsto",
            params,
            &[
                "Início",
                "Fim",
                "Entradas",
                "Saídas",
                "Saldo do período",
                "Acumulado",
            ],
            rows,
            format,
            r.today,
        ))
    }
}

fn cash_flow_query(
    days: Option<i64>,
    bucket: Option<Bucket>,
    account_id: Option<String>,
    scenario: Option<Scenario>,
    include_overdue_first_day: Option<bool>,
) -> CashFlowQuery {
    CashFlowQuery {
        days: days.unwrap_or(30),
        bucket: bucket.unwrap_or(Bucket::Day).into(),
        account_id: blank(account_id),
        scenario: scenario.unwrap_or(Scenario::Contratual).into(),
        include_overdue_first_day: include_overdue_first_day.unwrap_or(false),
    }
}
