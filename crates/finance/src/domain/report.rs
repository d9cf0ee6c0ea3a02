//! The receivables reports of `/recebimentos-por-periodo` (finance.md §6): receipts by period, aging and the
//! projected cash flow. The sums are the database's (GROUP BY over the installments, never their rows); this module
//! holds what is decided in plain Rust: the parameters and their checks, the periods (buckets) of a range, the aging
//! buckets' date edges, and the cash-flow projection over per-day sums.

use chrono::{Datelike, Days, Months, NaiveDate, Weekday};
use platform::calendar::Calendar;
use platform::error::{Result, Violations};

use super::receivable::{overdue_cutoff, InstallmentStatus, Origin, ReceivableMethod};

/// The longest range a receipts report covers (two years), and by day (a year).
pub const MAX_RANGE_DAYS: i64 = 731;
pub const MAX_DAILY_RANGE_DAYS: i64 = 366;

/// Which date places an installment or a receipt in a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// The installment's due date: what fell due in the period and how much of it came in (whenever it did).
    Vencimento,
    /// The receipt's date: what came in during the period (previsto, em aberto and vencido stay by due date).
    Pagamento,
    /// The date the money is in the account: the receipt's date moved to the next business day (D+0: a receipt
    /// does not name its convênio's compensação).
    Credito,
}

impl Basis {
    pub fn as_str(self) -> &'static str {
        match self {
            Basis::Vencimento => "VENCIMENTO",
            Basis::Pagamento => "PAGAMENTO",
            Basis::Credito => "CREDITO",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Basis::Vencimento => "Vencimento",
            Basis::Pagamento => "Pagamento",
            Basis::Credito => "Crédito",
        }
    }
}

/// A period's length: a day, a week (Monday to Sunday) or a calendar month.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    Day,
    Week,
    Month,
}

impl Bucket {
    pub fn as_str(self) -> &'static str {
        match self {
            Bucket::Day => "DAY",
            Bucket::Week => "WEEK",
            Bucket::Month => "MONTH",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Bucket::Day => "Dia",
            Bucket::Week => "Semana",
            Bucket::Month => "Mês",
        }
    }

    /// The first day of the period `day` is in.
    pub fn start(self, day: NaiveDate) -> NaiveDate {
        match self {
            Bucket::Day => day,
            Bucket::Week => day.week(Weekday::Mon).first_day(),
            Bucket::Month => day.with_day(1).unwrap_or(day),
        }
    }

    /// The last day of the period starting on `start`.
    pub fn end(self, start: NaiveDate) -> NaiveDate {
        match self {
            Bucket::Day => start,
            Bucket::Week => start + Days::new(6),
            Bucket::Month => start
                .checked_add_months(Months::new(1))
                .map(|d| d - Days::new(1))
                .unwrap_or(start),
        }
    }

    /// The periods of `from..=to`, each as (start, end) clipped to the range.
    pub fn periods(self, from: NaiveDate, to: NaiveDate) -> Vec<(NaiveDate, NaiveDate)> {
        let mut periods = Vec::new();
        let mut start = self.start(from);
        while start <= to {
            let end = self.end(start);
            periods.push((start.max(from), end.min(to)));
            start = end + Days::new(1);
        }
        periods
    }

    /// "10/03/2026", "Semana de 09/03/2026", "03/2026".
    pub fn period_label(self, start: NaiveDate) -> String {
        match self {
            Bucket::Day => start.format("%d/%m/%Y").to_string(),
            Bucket::Week => format!("Semana de {}", start.format("%d/%m/%Y")),
            Bucket::Month => start.format("%m/%Y").to_string(),
        }
    }
}

/// What the rows of a report are split by. Canal, clínica and vendedor do not exist in the receivables yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dimension {
    Cliente,
    Forma,
    Conta,
    PlanoDeContas,
    Origem,
}

impl Dimension {
    pub fn as_str(self) -> &'static str {
        match self {
            Dimension::Cliente => "CLIENTE",
            Dimension::Forma => "FORMA",
            Dimension::Conta => "CONTA",
            Dimension::PlanoDeContas => "PLANO_DE_CONTAS",
            Dimension::Origem => "ORIGEM",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Dimension::Cliente => "Cliente",
            Dimension::Forma => "Forma",
            Dimension::Conta => "Conta bancária",
            Dimension::PlanoDeContas => "Plano de contas",
            Dimension::Origem => "Origem",
        }
    }
}

/// How people read a payment method.
pub fn method_label(method: ReceivableMethod) -> &'static str {
    match method {
        ReceivableMethod::Boleto => "Boleto",
        ReceivableMethod::Pix => "PIX",
        ReceivableMethod::CartaoCredito => "Cartão de crédito",
        ReceivableMethod::CartaoDebito => "Cartão de débito",
        ReceivableMethod::Dinheiro => "Dinheiro",
        ReceivableMethod::Transferencia => "Transferência",
    }
}

/// How people read an origin.
pub fn origin_label(origin: Origin) -> &'static str {
    match origin {
        Origin::Venda => "Venda",
        Origin::Assinatura => "Assinatura",
        Origin::Manual => "Manual",
        Origin::Renegociacao => "Renegociação",
    }
}

/// The filters every receivables report takes (the installments list's names).
#[derive(Debug, Clone, Default)]
pub struct ReportFilter {
    pub client_id: Option<String>,
    pub payment_method: Option<ReceivableMethod>,
    pub bank_account_id: Option<String>,
    pub origin: Option<Origin>,
    pub chart_account_id: Option<String>,
}

/// A receipts report's parameters, checked.
#[derive(Debug, Clone)]
pub struct ReceiptsQuery {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub basis: Basis,
    pub bucket: Bucket,
    pub dimension: Dimension,
    pub filter: ReportFilter,
    /// Per client, only the `n` with the most previsto in the range, the others summed in one row (none: every
    /// client, as the export wants). Twenty thousand clients by twelve months is no table anyone reads, and
    /// grouping them all is what made the report slow.
    pub client_top: Option<usize>,
}

/// How many clients the report shows one by one.
pub const CLIENT_TOP: usize = 20;

impl ReceiptsQuery {
    /// `from` and `to` default to the month of `today`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
        basis: Basis,
        bucket: Bucket,
        dimension: Dimension,
        filter: ReportFilter,
        today: NaiveDate,
    ) -> Result<ReceiptsQuery> {
        let month = Bucket::Month.start(today);
        let from = from.unwrap_or(month);
        let to = to.unwrap_or_else(|| Bucket::Month.end(month));
        let mut v = Violations::new();
        check_date(&mut v, "from", from);
        check_date(&mut v, "to", to);
        let days = (to - from).num_days();
        if !v.is_empty() {
            // The range is checked once both ends are dates it can be measured between.
        } else if days < 0 {
            v.add("to", "O fim do período não pode ser anterior ao início.");
        } else if days >= MAX_RANGE_DAYS {
            v.add("to", "O período pode ter no máximo 2 anos.");
        } else if bucket == Bucket::Day && days >= MAX_DAILY_RANGE_DAYS {
            v.add(
                "bucket",
                "Por dia, o período pode ter no máximo 1 ano; agrupe por semana ou mês.",
            );
        }
        v.finish()?;
        Ok(ReceiptsQuery {
            from,
            to,
            basis,
            bucket,
            dimension,
            filter,
            client_top: Some(CLIENT_TOP),
        })
    }
}

/// The years a report's dates may fall in (a date far outside has nothing to report, and its period edges
/// would leave the calendar).
pub const YEARS: std::ops::RangeInclusive<i32> = 1900..=2199;

/// Refuses a date outside [`YEARS`], naming `field`.
pub fn check_date(v: &mut Violations, field: &str, day: NaiveDate) {
    if !YEARS.contains(&day.year()) {
        v.add(field, "Informe uma data entre 1900 e 2199.");
    }
}

/// The figures of one cell (a period × a dimension value), of a row, or of the whole report.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Figures {
    /// What fell due (cancelled and renegotiated installments count only for what they received).
    pub expected_cents: i64,
    /// Live receipts' principal (a reversed receipt never counts).
    pub received_cents: i64,
    /// Open saldo not overdue.
    pub open_cents: i64,
    /// Open saldo overdue (after the business-day grace).
    pub overdue_cents: i64,
    /// Σ principal × days from the due date to the receipt, and Σ principal, for the prazo médio.
    pub weighted_days: f64,
    pub weighted_cents: i64,
}

impl Figures {
    pub fn add(&mut self, other: &Figures) {
        self.expected_cents += other.expected_cents;
        self.received_cents += other.received_cents;
        self.open_cents += other.open_cents;
        self.overdue_cents += other.overdue_cents;
        self.weighted_days += other.weighted_days;
        self.weighted_cents += other.weighted_cents;
    }

    pub fn subtract(&mut self, other: &Figures) {
        self.expected_cents -= other.expected_cents;
        self.received_cents -= other.received_cents;
        self.open_cents -= other.open_cents;
        self.overdue_cents -= other.overdue_cents;
        self.weighted_days -= other.weighted_days;
        self.weighted_cents -= other.weighted_cents;
    }

    /// Whether every sum is zero (the prazo médio's numerator within rounding).
    pub fn is_zero(&self) -> bool {
        self.expected_cents == 0
            && self.received_cents == 0
            && self.open_cents == 0
            && self.overdue_cents == 0
            && self.weighted_cents == 0
            && self.weighted_days.abs() < 0.5
    }

    /// % inadimplência in basis points: open overdue ÷ what fell due; none when nothing fell due.
    pub fn default_rate_bp(&self) -> Option<i64> {
        ratio_bp(self.overdue_cents, self.expected_cents)
    }

    /// Prazo médio de recebimento: value-weighted days from the due date to the receipt, to a tenth of a day;
    /// none without receipts.
    pub fn average_days(&self) -> Option<f64> {
        (self.weighted_cents > 0)
            .then(|| (self.weighted_days / self.weighted_cents as f64 * 10.0).round() / 10.0)
    }
}

/// `part ÷ whole` in basis points, rounded half up; none when `whole` is not positive.
pub fn ratio_bp(part: i64, whole: i64) -> Option<i64> {
    (whole > 0)
        .then(|| ((i128::from(part) * 20_000 + i128::from(whole)) / (2 * i128::from(whole))) as i64)
}

/// One sum of the database: a period (its first day) × a dimension value.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportCell {
    pub period: NaiveDate,
    /// The dimension's value (a client's id, a method, an account's id…); none: not set (an installment without
    /// a bank account).
    pub key: Option<String>,
    /// The client's name when the dimension is CLIENTE.
    pub name: Option<String>,
    pub figures: Figures,
}

/// The aging buckets, in the order shown.
pub const AGING_BUCKETS: [AgingBucket; 9] = [
    AgingBucket::Due0To30,
    AgingBucket::Due31To60,
    AgingBucket::Due61To90,
    AgingBucket::DueOver90,
    AgingBucket::Overdue1To30,
    AgingBucket::Overdue31To60,
    AgingBucket::Overdue61To90,
    AgingBucket::Overdue91To180,
    AgingBucket::OverdueOver180,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgingBucket {
    Due0To30,
    Due31To60,
    Due61To90,
    DueOver90,
    Overdue1To30,
    Overdue31To60,
    Overdue61To90,
    Overdue91To180,
    OverdueOver180,
}

impl AgingBucket {
    pub fn as_str(self) -> &'static str {
        match self {
            AgingBucket::Due0To30 => "A_VENCER_0_30",
            AgingBucket::Due31To60 => "A_VENCER_31_60",
            AgingBucket::Due61To90 => "A_VENCER_61_90",
            AgingBucket::DueOver90 => "A_VENCER_MAIS_90",
            AgingBucket::Overdue1To30 => "VENCIDO_1_30",
            AgingBucket::Overdue31To60 => "VENCIDO_31_60",
            AgingBucket::Overdue61To90 => "VENCIDO_61_90",
            AgingBucket::Overdue91To180 => "VENCIDO_91_180",
            AgingBucket::OverdueOver180 => "VENCIDO_MAIS_180",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            AgingBucket::Due0To30 => "A vencer 0–30",
            AgingBucket::Due31To60 => "A vencer 31–60",
            AgingBucket::Due61To90 => "A vencer 61–90",
            AgingBucket::DueOver90 => "A vencer > 90",
            AgingBucket::Overdue1To30 => "Vencidos 1–30",
            AgingBucket::Overdue31To60 => "Vencidos 31–60",
            AgingBucket::Overdue61To90 => "Vencidos 61–90",
            AgingBucket::Overdue91To180 => "Vencidos 91–180",
            AgingBucket::OverdueOver180 => "Vencidos > 180",
        }
    }

    pub fn is_overdue(self) -> bool {
        matches!(
            self,
            AgingBucket::Overdue1To30
                | AgingBucket::Overdue31To60
                | AgingBucket::Overdue61To90
                | AgingBucket::Overdue91To180
                | AgingBucket::OverdueOver180
        )
    }
}

/// The due-date edges of each aging bucket as of a date: an open installment with a saldo is in the bucket whose
/// `due_from..=due_to` holds its due date and whose overdue-ness matches the installment's (overdue: due on or
/// before `cutoff`, the same rule as the list's VENCIDO). Days are counted from the due date: 30 days overdue is
/// in 1–30, 31 in 31–60; due in exactly 30 days is in 0–30, in 31 in 31–60. An installment past its due date but
/// still in the business-day grace is "a vencer 0–30".
#[derive(Debug, Clone)]
pub struct AgingEdges {
    pub as_of: NaiveDate,
    pub cutoff: NaiveDate,
    /// Per bucket, in [`AGING_BUCKETS`]' order: the due dates it takes (none: unbounded on that side).
    pub edges: Vec<(AgingBucket, Option<NaiveDate>, Option<NaiveDate>)>,
}

impl AgingEdges {
    pub fn new(as_of: NaiveDate, calendar: &Calendar) -> AgingEdges {
        let cutoff = overdue_cutoff(as_of, calendar);
        let plus = |n: u64| as_of + Days::new(n);
        let minus = |n: u64| as_of - Days::new(n);
        let after_cutoff = cutoff + Days::new(1);
        use AgingBucket::*;
        let edges = vec![
            (Due0To30, Some(after_cutoff), Some(plus(30))),
            (Due31To60, Some(plus(31)), Some(plus(60))),
            (Due61To90, Some(plus(61)), Some(plus(90))),
            (DueOver90, Some(plus(91)), None),
            (Overdue1To30, Some(minus(30)), Some(cutoff)),
            (Overdue31To60, Some(minus(60)), Some(minus(31).min(cutoff))),
            (Overdue61To90, Some(minus(90)), Some(minus(61).min(cutoff))),
            (
                Overdue91To180,
                Some(minus(180)),
                Some(minus(91).min(cutoff)),
            ),
            (OverdueOver180, None, Some(minus(181).min(cutoff))),
        ];
        AgingEdges {
            as_of,
            cutoff,
            edges,
        }
    }
}

/// An aging row: the open saldo per bucket ([`AGING_BUCKETS`]' order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgingRow {
    pub key: Option<String>,
    pub name: Option<String>,
    pub amounts: Vec<i64>,
}

impl AgingRow {
    pub fn total(&self) -> i64 {
        self.amounts.iter().sum()
    }
}

/// The cash-flow scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scenario {
    /// Each open installment at its expected credit date.
    Contratual,
    /// Each client's installments moved by the client's average delay over the last 12 months and weighted by
    /// the share of what fell due to them that was paid within 90 days.
    Historico,
}

impl Scenario {
    pub fn as_str(self) -> &'static str {
        match self {
            Scenario::Contratual => "CONTRATUAL",
            Scenario::Historico => "HISTORICO",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Scenario::Contratual => "Contratual",
            Scenario::Historico => "Histórico",
        }
    }
}

/// The horizons offered.
pub const CASH_FLOW_DAYS: [i64; 4] = [7, 30, 90, 180];

/// A client's payment history over the last 12 months.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClientHistory {
    /// Value-weighted days from the due date to the receipt (negative: early), whole days.
    pub delay_days: i64,
    /// Share of what fell due in the 12 months that was paid within 90 days, in basis points.
    pub paid_within_90_bp: i64,
}

impl ClientHistory {
    /// From Σ value due, Σ principal paid within 90 days, Σ principal × delay and Σ principal of those receipts.
    /// None without anything due (the client is projected as contracted).
    pub fn from_sums(
        due: i64,
        paid_90: i64,
        weighted_days: f64,
        paid: i64,
    ) -> Option<ClientHistory> {
        if due <= 0 {
            return None;
        }
        let delay_days = if paid > 0 {
            (weighted_days / paid as f64).round() as i64
        } else {
            0
        };
        Some(ClientHistory {
            delay_days,
            paid_within_90_bp: ratio_bp(paid_90.min(due), due).unwrap_or(10_000),
        })
    }
}

/// The date money due on `due` is expected in the account: the first business day on or after it, plus the
/// convênio's D+n business days (0 without a convênio), moved by `delay_days` calendar days first (HISTORICO).
pub fn expected_credit_date(
    due: NaiveDate,
    delay_days: i64,
    compensation_days: i32,
    calendar: &Calendar,
) -> NaiveDate {
    let moved = due + chrono::Duration::days(delay_days);
    calendar.add_business_days(calendar.next_business_day(moved), compensation_days)
}

/// One projected period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashFlowPeriod {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub inflow_cents: i64,
    pub outflow_cents: i64,
    /// Opening of the period + inflow − outflow.
    pub balance_cents: i64,
}

impl CashFlowPeriod {
    pub fn net_cents(&self) -> i64 {
        self.inflow_cents - self.outflow_cents
    }
}

/// Lays dated inflows and outflows over the periods of `from..=to` from `opening`: anything dated before `from`
/// goes in the first period, after `to` nowhere.
pub fn project(
    opening: i64,
    from: NaiveDate,
    to: NaiveDate,
    bucket: Bucket,
    inflows: &[(NaiveDate, i64)],
    outflows: &[(NaiveDate, i64)],
) -> Vec<CashFlowPeriod> {
    let mut periods: Vec<CashFlowPeriod> = bucket
        .periods(from, to)
        .into_iter()
        .map(|(start, end)| CashFlowPeriod {
            start,
            end,
            inflow_cents: 0,
            outflow_cents: 0,
            balance_cents: 0,
        })
        .collect();
    let index = |day: NaiveDate| -> Option<usize> {
        if day > to {
            None
        } else {
            Some(periods_index(from, bucket, day.max(from)))
        }
    };
    for (day, cents) in inflows {
        if let Some(i) = index(*day) {
            periods[i].inflow_cents += cents;
        }
    }
    for (day, cents) in outflows {
        if let Some(i) = index(*day) {
            periods[i].outflow_cents += cents;
        }
    }
    let mut balance = opening;
    for p in &mut periods {
        balance += p.net_cents();
        p.balance_cents = balance;
    }
    periods
}

/// The index of the period of `day` (on or after `from`) among `bucket`'s periods from `from`.
fn periods_index(from: NaiveDate, bucket: Bucket, day: NaiveDate) -> usize {
    let first = bucket.start(from);
    let start = bucket.start(day);
    match bucket {
        Bucket::Day => (start - first).num_days() as usize,
        Bucket::Week => ((start - first).num_days() / 7) as usize,
        Bucket::Month => {
            ((start.year() - first.year()) * 12 + start.month() as i32 - first.month() as i32)
                as usize
        }
    }
}

/// The states an installment still counts as expected in full (cancelled and renegotiated ones count for what
/// they received); and the open ones, as SQL literals (the enum's own constants, never input).
pub fn sql_states(states: &[InstallmentStatus]) -> String {
    states
        .iter()
        .map(|s| format!("'{}'", s.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn weeks_start_on_monday_and_months_on_the_first() {
        // Wednesday 11/03/2026.
        assert_eq!(Bucket::Week.start(d(2026, 3, 11)), d(2026, 3, 9));
        assert_eq!(Bucket::Week.start(d(2026, 3, 15)), d(2026, 3, 9));
        assert_eq!(Bucket::Week.start(d(2026, 3, 16)), d(2026, 3, 16));
        assert_eq!(Bucket::Month.end(d(2026, 2, 1)), d(2026, 2, 28));
        assert_eq!(
            Bucket::Week.periods(d(2026, 3, 11), d(2026, 3, 20)),
            vec![
                (d(2026, 3, 11), d(2026, 3, 15)),
                (d(2026, 3, 16), d(2026, 3, 20))
            ]
        );
        assert_eq!(
            Bucket::Month.periods(d(2026, 1, 15), d(2026, 3, 1)).len(),
            3
        );
        assert_eq!(Bucket::Day.periods(d(2026, 1, 1), d(2026, 1, 31)).len(), 31);
    }

    #[test]
    fn a_range_is_checked() {
        let q = |from, to, bucket| {
            ReceiptsQuery::new(
                Some(from),
                Some(to),
                Basis::Vencimento,
                bucket,
                Dimension::Cliente,
                ReportFilter::default(),
                d(2026, 3, 10),
            )
        };
        assert!(q(d(2026, 3, 1), d(2026, 3, 31), Bucket::Day).is_ok());
        assert_eq!(
            q(d(2026, 3, 2), d(2026, 3, 1), Bucket::Day)
                .unwrap_err()
                .fields[0]
                .field,
            "to"
        );
        assert_eq!(
            q(d(2026, 1, 1), d(2027, 6, 1), Bucket::Day)
                .unwrap_err()
                .fields[0]
                .field,
            "bucket"
        );
        assert!(q(d(2026, 1, 1), d(2027, 6, 1), Bucket::Month).is_ok());
        let month = ReceiptsQuery::new(
            None,
            None,
            Basis::Vencimento,
            Bucket::Day,
            Dimension::Forma,
            ReportFilter::default(),
            d(2026, 2, 10),
        )
        .unwrap();
        assert_eq!((month.from, month.to), (d(2026, 2, 1), d(2026, 2, 28)));
    }

    #[test]
    fn rates_round_half_up() {
        assert_eq!(ratio_bp(1, 3), Some(3333));
        assert_eq!(ratio_bp(2, 3), Some(6667));
        assert_eq!(ratio_bp(0, 0), None);
        let f = Figures {
            weighted_days: 25.0 * 100.0,
            weighted_cents: 300,
            ..Figures::default()
        };
        assert_eq!(f.average_days(), Some(8.3));
    }

    #[test]
    fn aging_edges_follow_the_days_and_the_grace() {
        let calendar = Calendar::with_extra(Vec::new());
        // Tuesday 10/03/2026: the cutoff is Monday 09/03.
        let e = AgingEdges::new(d(2026, 3, 10), &calendar);
        assert_eq!(e.cutoff, d(2026, 3, 9));
        let of = |b: AgingBucket| *e.edges.iter().find(|(k, _, _)| *k == b).unwrap();
        assert_eq!(of(AgingBucket::Due0To30).1, Some(d(2026, 3, 10)));
        assert_eq!(of(AgingBucket::Due0To30).2, Some(d(2026, 4, 9)));
        assert_eq!(of(AgingBucket::Due31To60).1, Some(d(2026, 4, 10)));
        assert_eq!(of(AgingBucket::Overdue1To30).1, Some(d(2026, 2, 8)));
        assert_eq!(of(AgingBucket::Overdue31To60).2, Some(d(2026, 2, 7)));
        // Monday 16/03: Saturday 14/03 is still in its grace (0–30 a vencer), Friday 13/03 is overdue.
        let e = AgingEdges::new(d(2026, 3, 16), &calendar);
        assert_eq!(e.cutoff, d(2026, 3, 13));
    }

    #[test]
    fn the_projection_lays_flows_over_the_periods() {
        let periods = project(
            1_000,
            d(2026, 3, 10),
            d(2026, 3, 16),
            Bucket::Day,
            &[
                (d(2026, 3, 1), 50),
                (d(2026, 3, 12), 100),
                (d(2026, 3, 30), 999),
            ],
            &[(d(2026, 3, 12), 2_000)],
        );
        assert_eq!(periods.len(), 7);
        assert_eq!(periods[0].balance_cents, 1_050);
        assert_eq!(periods[2].net_cents(), -1_900);
        assert_eq!(periods[6].balance_cents, -850);
        let weeks = project(
            0,
            d(2026, 3, 10),
            d(2026, 4, 8),
            Bucket::Month,
            &[(d(2026, 4, 2), 7)],
            &[],
        );
        assert_eq!(weeks.len(), 2);
        assert_eq!(weeks[1].inflow_cents, 7);
    }

    #[test]
    fn a_credit_falls_on_a_business_day() {
        let calendar = Calendar::with_extra(Vec::new());
        // Saturday 07/03/2026 → Monday 09/03; 5 days late → Thursday 12/03.
        assert_eq!(
            expected_credit_date(d(2026, 3, 7), 0, 0, &calendar),
            d(2026, 3, 9)
        );
        assert_eq!(
            expected_credit_date(d(2026, 3, 7), 5, 0, &calendar),
            d(2026, 3, 12)
        );
        assert_eq!(
            expected_credit_date(d(2026, 3, 9), 0, 2, &calendar),
            d(2026, 3, 11)
        );
        let h = ClientHistory::from_sums(10_000, 5_000, 10.0 * 6_000.0, 6_000).unwrap();
        assert_eq!((h.delay_days, h.paid_within_90_bp), (10, 5_000));
        assert!(ClientHistory::from_sums(0, 0, 0.0, 0).is_none());
    }
}
