//! The receivables reports (finance.md §6): receipts by period, aging and the projected cash flow. The database
//! sums (`store::reports`); this puts the sums in periods, names the dimension values and projects the cash flow.

use std::collections::{BTreeMap, HashMap};

use chrono::{Days, NaiveDate};
use platform::calendar::Calendar;
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Result, Violations};

use crate::domain::receivable::overdue_cutoff;
use crate::domain::report::{
    check_date, expected_credit_date, method_label, origin_label, project, AgingEdges, AgingRow,
    Basis, Bucket, CashFlowPeriod, ClientHistory, Dimension, Figures, ReceiptsQuery, ReportCell,
    ReportFilter, Scenario, CASH_FLOW_DAYS,
};
use crate::domain::{Origin, ReceivableMethod};
use crate::store::reports::{self as store, Grouping, ReceiptDate};
use crate::store::{bank_accounts, chart};

/// A dimension value: its key (none: not set) and how people read it.
#[derive(Debug, Clone, PartialEq)]
pub struct DimensionValue {
    pub key: Option<String>,
    pub label: String,
}

/// A receipts cell's (period, dimension value) and its (client name, sums) while the service adds them up.
type CellKey = (NaiveDate, Option<String>);
type CellSums = (Option<String>, Figures);

/// One row of the receipts report: a period × a dimension value.
#[derive(Debug, Clone, PartialEq)]
pub struct ReceiptsCell {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub value: DimensionValue,
    pub figures: Figures,
}

/// A period with its sums over every dimension value.
#[derive(Debug, Clone, PartialEq)]
pub struct ReceiptsPeriod {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub label: String,
    pub figures: Figures,
}

/// The receipts report.
#[derive(Debug, Clone)]
pub struct ReceiptsReport {
    pub query: ReceiptsQuery,
    pub today: NaiveDate,
    /// Every period of the range, empty ones included, in order.
    pub periods: Vec<ReceiptsPeriod>,
    /// The non-empty cells, by period then label.
    pub cells: Vec<ReceiptsCell>,
    /// Per dimension value over the whole range, by label.
    pub values: Vec<(DimensionValue, Figures)>,
    pub totals: Figures,
}

/// The aging report.
#[derive(Debug, Clone)]
pub struct AgingReport {
    pub as_of: NaiveDate,
    pub dimension: Dimension,
    pub edges: AgingEdges,
    /// Per dimension value, by total descending.
    pub rows: Vec<(DimensionValue, AgingRow)>,
    /// Per bucket.
    pub totals: Vec<i64>,
}

impl AgingReport {
    pub fn total(&self) -> i64 {
        self.totals.iter().sum()
    }
}

/// The cash-flow parameters.
#[derive(Debug, Clone)]
pub struct CashFlowQuery {
    pub days: i64,
    pub bucket: Bucket,
    pub account_id: Option<String>,
    pub scenario: Scenario,
    pub include_overdue_first_day: bool,
}

/// The projected cash flow.
#[derive(Debug, Clone)]
pub struct CashFlowReport {
    pub query: CashFlowQuery,
    /// The account's nickname when one was asked for.
    pub account: Option<String>,
    pub today: NaiveDate,
    pub to: NaiveDate,
    pub opening_balance_cents: i64,
    /// The open saldo already overdue (outside the periods unless `include_overdue_first_day`).
    pub overdue_cents: i64,
    pub periods: Vec<CashFlowPeriod>,
}

impl CashFlowReport {
    pub fn inflow_cents(&self) -> i64 {
        self.periods.iter().map(|p| p.inflow_cents).sum()
    }

    pub fn outflow_cents(&self) -> i64 {
        self.periods.iter().map(|p| p.outflow_cents).sum()
    }

    pub fn closing_balance_cents(&self) -> i64 {
        self.periods
            .last()
            .map(|p| p.balance_cents)
            .unwrap_or(self.opening_balance_cents)
    }
}

pub struct Reports {
    db: Db,
    clock: SharedClock,
}

impl Reports {
    pub fn new(db: Db, clock: SharedClock) -> Reports {
        Reports { db, clock }
    }

    /// Today's business date in São Paulo.
    pub fn today(&self) -> NaiveDate {
        self.clock.today()
    }

    /// Receipts by period: per period × dimension value, previsto, recebido, em aberto, vencido (as of today)
    /// and the prazo médio, with the sums per period, per value and over all.
    pub async fn receipts(&self, query: ReceiptsQuery) -> Result<ReceiptsReport> {
        let today = self.today();
        let calendar = Calendar::load(&self.db).await?;
        let cutoff = overdue_cutoff(today, &calendar);
        let (from, to, bucket, dimension) = (query.from, query.to, query.bucket, query.dimension);
        // Which date places a receipt; CREDITO reads by day from a week before (a receipt on a Friday before a long
        // holiday is credited days later), then moves each day to its credit day and puts it in its period.
        let (date, received_from, received_bucket) = match query.basis {
            Basis::Vencimento => (ReceiptDate::Due, from, bucket),
            Basis::Pagamento => (ReceiptDate::Paid, from, bucket),
            Basis::Credito => (ReceiptDate::Paid, from - Days::new(7), Bucket::Day),
        };
        let sums = |grouping| {
            // The two sums at once, each on its own connection.
            futures::future::try_join(
                store::due_by_period(&self.db, from, to, bucket, grouping, cutoff, &query.filter),
                store::received_by_period(
                    &self.db,
                    received_from,
                    to,
                    date,
                    received_bucket,
                    grouping,
                    &query.filter,
                ),
            )
        };
        // Per client, the top clients one by one and the rest as the period's total minus theirs: grouping a
        // million installments by period × client took seconds, ranking the clients and summing the periods
        // (side by side) takes a fraction, and the top clients' own sums are a few index lookups.
        let ranked = match (dimension, query.client_top) {
            (Dimension::Cliente, Some(n)) if query.filter.client_id.is_none() => Some(
                futures::future::try_join(
                    store::top_clients(&self.db, from, to, n, &query.filter),
                    sums(Grouping::Total),
                )
                .await?,
            ),
            _ => None,
        };
        let (top, totals) = match ranked {
            Some(((ids, count), totals)) if count > ids.len() as i64 => {
                (Some((ids, count)), Some(totals))
            }
            // Every client fits: no rest row (and a client with receipts but nothing due in the range is kept).
            _ => (None, None),
        };
        let grouping = match &top {
            Some((ids, _)) => Grouping::Clients(ids),
            None => Grouping::By(dimension),
        };
        let (due, received) = sums(grouping).await?;
        let to_credit = |received: Vec<ReportCell>| -> Vec<ReportCell> {
            if query.basis != Basis::Credito {
                return received;
            }
            received
                .into_iter()
                .filter_map(|mut cell| {
                    let credit = expected_credit_date(cell.period, 0, 0, &calendar);
                    (from..=to).contains(&credit).then(|| {
                        cell.period = bucket.start(credit);
                        cell
                    })
                })
                .collect()
        };
        let received = to_credit(received);
        let rest = totals
            .map(|(due_total, received_total)| {
                let top_cells = due.iter().chain(&received);
                rest_of(
                    due_total.into_iter().chain(to_credit(received_total)),
                    top_cells,
                )
            })
            .unwrap_or_default();
        let rest_label = top
            .as_ref()
            .map(|(ids, count)| format!("Demais clientes ({})", count - ids.len() as i64));
        let labels = self.labels(dimension).await?;
        // (period, key) → (name, figures), in order: the cells sorted by period and key (a stable sort, so a cell's
        // due sums come before its received ones), each run of one key summed. The database returns its groups in
        // any order (a hash aggregate); sorting them once costs far less than a tree insert per cell.
        let mut all: Vec<ReportCell> = due.into_iter().chain(received).chain(rest).collect();
        all.sort_by(|a, b| (a.period, &a.key).cmp(&(b.period, &b.key)));
        let mut cells: Vec<(CellKey, CellSums)> = Vec::with_capacity(all.len());
        for cell in all {
            let ReportCell {
                period,
                key,
                name,
                figures,
            } = cell;
            match cells.last_mut() {
                Some(((p, k), entry)) if *p == period && *k == key => {
                    if entry.0.is_none() {
                        entry.0 = name;
                    }
                    entry.1.add(&figures);
                }
                _ => {
                    let mut sum = Figures::default();
                    sum.add(&figures);
                    cells.push(((period, key), (name, sum)));
                }
            }
        }
        let mut periods: Vec<ReceiptsPeriod> = bucket
            .periods(from, to)
            .into_iter()
            .map(|(start, end)| ReceiptsPeriod {
                start,
                end,
                label: bucket.period_label(bucket.start(start)),
                figures: Figures::default(),
            })
            .collect();
        // A period's index by its first day (a cell's period).
        let index: HashMap<NaiveDate, usize> = periods
            .iter()
            .enumerate()
            .map(|(n, p)| (bucket.start(p.start), n))
            .collect();
        let mut values: BTreeMap<Option<String>, (DimensionValue, Figures)> = BTreeMap::new();
        let mut totals = Figures::default();
        let mut rows = Vec::with_capacity(cells.len());
        for ((period, key), (name, figures)) in cells {
            let Some(p) = index.get(&period).map(|&n| &mut periods[n]) else {
                continue;
            };
            let label = match (&rest_label, &key) {
                (Some(rest), None) => rest.clone(),
                _ => labels.label(dimension, key.as_deref(), name.as_deref()),
            };
            let value = DimensionValue { label, key };
            p.figures.add(&figures);
            match values.get_mut(&value.key) {
                Some(v) => v.1.add(&figures),
                None => {
                    let mut sum = Figures::default();
                    sum.add(&figures);
                    values.insert(value.key.clone(), (value.clone(), sum));
                }
            }
            totals.add(&figures);
            rows.push(ReceiptsCell {
                start: p.start,
                end: p.end,
                value,
                figures,
            });
        }
        // By label, the "Demais clientes" row last.
        let order = |v: &DimensionValue| (v.key.is_none() && rest_label.is_some(), v.label.clone());
        rows.sort_by_cached_key(|a| (a.start, order(&a.value)));
        let mut values: Vec<(DimensionValue, Figures)> = values.into_values().collect();
        values.sort_by_cached_key(|v| order(&v.0));
        Ok(ReceiptsReport {
            query,
            today,
            periods,
            cells: rows,
            values,
            totals,
        })
    }

    /// Aging as of `as_of` (default today): the open saldo per bucket and dimension value.
    pub async fn aging(
        &self,
        as_of: Option<NaiveDate>,
        dimension: Dimension,
        filter: ReportFilter,
    ) -> Result<AgingReport> {
        let as_of = as_of.unwrap_or_else(|| self.today());
        let mut v = Violations::new();
        check_date(&mut v, "as_of", as_of);
        v.finish()?;
        let calendar = Calendar::load(&self.db).await?;
        let edges = AgingEdges::new(as_of, &calendar);
        let rows = store::aging(&self.db, &edges, dimension, &filter).await?;
        let labels = self.labels(dimension).await?;
        let mut totals = vec![0; edges.edges.len()];
        let mut rows: Vec<(DimensionValue, AgingRow)> = rows
            .into_iter()
            .map(|row| {
                for (t, a) in totals.iter_mut().zip(&row.amounts) {
                    *t += a;
                }
                let value = DimensionValue {
                    label: labels.label(dimension, row.key.as_deref(), row.name.as_deref()),
                    key: row.key.clone(),
                };
                (value, row)
            })
            .collect();
        // Ties (same total, same label) by key: the database's grouping returns them in any order.
        rows.sort_by(|a, b| {
            b.1.total()
                .cmp(&a.1.total())
                .then_with(|| a.0.label.cmp(&b.0.label))
                .then_with(|| a.0.key.cmp(&b.0.key))
        });
        Ok(AgingReport {
            as_of,
            dimension,
            edges,
            rows,
            totals,
        })
    }

    /// The cash flow from today's system balance over the next `days` days.
    pub async fn cash_flow(&self, query: CashFlowQuery) -> Result<CashFlowReport> {
        let mut v = Violations::new();
        if !CASH_FLOW_DAYS.contains(&query.days) {
            v.add("days", "Escolha 7, 30, 90 ou 180 dias.");
        }
        let account = match query.account_id.as_deref() {
            Some(id) => match bank_accounts::by_id(&self.db, id).await? {
                Some(a) => Some(a.fields.nickname),
                None => {
                    v.add("account_id", "Conta bancária não encontrada.");
                    None
                }
            },
            None => None,
        };
        v.finish()?;
        let today = self.today();
        let to = today + Days::new(query.days as u64 - 1);
        let calendar = Calendar::load(&self.db).await?;
        let cutoff = overdue_cutoff(today, &calendar);
        let account_id = query.account_id.as_deref();
        let historic = query.scenario == Scenario::Historico;
        // Every sum at once, each on its own connection.
        let (opening, overdue, open, history, payables) = futures::future::try_join5(
            store::system_balance(&self.db, account_id, today),
            store::overdue_balance(&self.db, cutoff, account_id),
            store::open_by_due_date(&self.db, cutoff + Days::new(1), to, account_id, historic),
            async {
                if historic {
                    store::client_history(&self.db, today - Days::new(365), today - Days::new(1))
                        .await
                } else {
                    Ok(Vec::new())
                }
            },
            store::payables_by_date(&self.db, to, account_id),
        )
        .await?;
        let history: HashMap<String, ClientHistory> = history
            .into_iter()
            .filter_map(|(client, due, within, weighted, paid)| {
                ClientHistory::from_sums(due, within, weighted, paid).map(|h| (client, h))
            })
            .collect();
        let mut inflows: Vec<(NaiveDate, i64)> = open
            .into_iter()
            .map(|(due, client, compensation, balance)| {
                let h = client.as_ref().and_then(|c| history.get(c));
                let (delay, share) = h.map_or((0, 10_000), |h| (h.delay_days, h.paid_within_90_bp));
                let compensation = i32::try_from(compensation).unwrap_or(0);
                let credit = expected_credit_date(due, delay, compensation, &calendar);
                // Weighted amounts round half up, per due date and client.
                (
                    credit,
                    ((i128::from(balance) * i128::from(share) + 5_000) / 10_000) as i64,
                )
            })
            .map(|(credit, cents)| (credit.max(today), cents))
            .collect();
        if query.include_overdue_first_day {
            inflows.push((today, overdue));
        }
        // Open payables at their scheduled (else due) date; those already late go out on the first day.
        let outflows: Vec<(NaiveDate, i64)> = payables
            .into_iter()
            .map(|(day, cents)| (day.max(today), cents))
            .collect();
        let periods = project(opening, today, to, query.bucket, &inflows, &outflows);
        Ok(CashFlowReport {
            query,
            account,
            today,
            to,
            opening_balance_cents: opening,
            overdue_cents: overdue,
            periods,
        })
    }

    async fn labels(&self, dimension: Dimension) -> Result<Labels> {
        let mut names = HashMap::new();
        match dimension {
            Dimension::Conta => {
                for a in bank_accounts::all(&self.db).await? {
                    names.insert(a.id, a.fields.nickname);
                }
            }
            Dimension::PlanoDeContas => {
                for a in chart::all(&self.db).await? {
                    names.insert(a.id, format!("{} {}", a.code.as_str(), a.name));
                }
            }
            _ => {}
        }
        Ok(Labels { names })
    }
}

/// Per period, `totals` minus the `top` cells: the sums of the clients not shown one by one, as cells without a
/// key (none where nothing is left).
fn rest_of<'a>(
    totals: impl Iterator<Item = ReportCell>,
    top: impl Iterator<Item = &'a ReportCell>,
) -> Vec<ReportCell> {
    let mut by_period: BTreeMap<NaiveDate, Figures> = BTreeMap::new();
    for cell in totals {
        by_period.entry(cell.period).or_default().add(&cell.figures);
    }
    for cell in top {
        by_period
            .entry(cell.period)
            .or_default()
            .subtract(&cell.figures);
    }
    by_period
        .into_iter()
        .filter(|(_, f)| !f.is_zero())
        .map(|(period, figures)| ReportCell {
            period,
            key: None,
            name: None,
            figures,
        })
        .collect()
}

/// How each dimension value reads.
struct Labels {
    names: HashMap<String, String>,
}

impl Labels {
    fn label(&self, dimension: Dimension, key: Option<&str>, name: Option<&str>) -> String {
        let Some(key) = key else {
            return match dimension {
                Dimension::Conta => "Sem conta".into(),
                _ => "Não informado".into(),
            };
        };
        match dimension {
            Dimension::Cliente => name.unwrap_or(key).to_string(),
            Dimension::Forma => ReceivableMethod::parse(key)
                .map(method_label)
                .unwrap_or(key)
                .to_string(),
            Dimension::Origem => Origin::parse(key)
                .map(origin_label)
                .unwrap_or(key)
                .to_string(),
            Dimension::Conta | Dimension::PlanoDeContas => self
                .names
                .get(key)
                .cloned()
                .unwrap_or_else(|| key.to_string()),
        }
    }
}
