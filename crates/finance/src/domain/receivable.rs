//! Receivables (títulos a receber) and their installments (parcelas): how a total is split, when each falls due,
//! what a receipt (baixa) may be, and the installment's state (`../shared/product/finance.md` §1, §2
//! `/recebimentos`, §3.1). Plain Rust: the service stores what these functions decide.

use banking::pdf::format_brl;
use chrono::{DateTime, Months, NaiveDate, Utc};
use platform::calendar::Calendar;
use platform::error::{Result, Violations};
use platform::text::collapse_spaces;

/// At most this many installments in one título (ten years monthly).
pub const MAX_INSTALLMENTS: u32 = 120;
pub const MAX_DESCRIPTION: usize = 200;
/// The largest título: R$ 100 million, far above any clinic's bill, far below `i64` overflow in sums.
pub const MAX_TOTAL_CENTS: i64 = 10_000_000_000;
/// At most a year between two due dates.
pub const MAX_INTERVAL_DAYS: u32 = 366;

/// Where a título came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A sale (sales creates it through finance's public interface): received, extended or renegotiated here,
    /// cancelled only through the sale.
    Venda,
    Assinatura,
    Manual,
    /// The título that replaced renegotiated installments.
    Renegociacao,
}

impl Origin {
    pub const ALL: [Origin; 4] = [
        Origin::Venda,
        Origin::Assinatura,
        Origin::Manual,
        Origin::Renegociacao,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Origin::Venda => "VENDA",
            Origin::Assinatura => "ASSINATURA",
            Origin::Manual => "MANUAL",
            Origin::Renegociacao => "RENEGOCIACAO",
        }
    }

    pub fn parse(text: &str) -> Option<Origin> {
        Origin::ALL.into_iter().find(|o| o.as_str() == text)
    }

    /// Títulos of sales are cancelled through the sale (finance.md §2: they accept only receipt, prorrogação
    /// and renegotiation here).
    pub fn allows_manual_cancel(self) -> bool {
        !matches!(self, Origin::Venda)
    }
}

/// How an installment is expected to be paid, or how a receipt came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReceivableMethod {
    Boleto,
    Pix,
    CartaoCredito,
    CartaoDebito,
    Dinheiro,
    Transferencia,
}

impl ReceivableMethod {
    pub const ALL: [ReceivableMethod; 6] = [
        ReceivableMethod::Boleto,
        ReceivableMethod::Pix,
        ReceivableMethod::CartaoCredito,
        ReceivableMethod::CartaoDebito,
        ReceivableMethod::Dinheiro,
        ReceivableMethod::Transferencia,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ReceivableMethod::Boleto => "BOLETO",
            ReceivableMethod::Pix => "PIX",
            ReceivableMethod::CartaoCredito => "CARTAO_CREDITO",
            ReceivableMethod::CartaoDebito => "CARTAO_DEBITO",
            ReceivableMethod::Dinheiro => "DINHEIRO",
            ReceivableMethod::Transferencia => "TRANSFERENCIA",
        }
    }

    /// Upper case or lower case, with or without surrounding spaces.
    pub fn parse(text: &str) -> Option<ReceivableMethod> {
        let text = text.trim().to_uppercase();
        ReceivableMethod::ALL
            .into_iter()
            .find(|m| m.as_str() == text)
    }
}

const METHODS: &str = "use BOLETO, PIX, CARTAO_CREDITO, CARTAO_DEBITO, DINHEIRO ou TRANSFERENCIA.";

/// Where an installment stands (VENCIDO is not a state: it is read from the due date, see [`is_overdue`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InstallmentStatus {
    Aberto,
    BoletoEmitido,
    Registrado,
    Pago,
    /// Written off without receipt (a loss), within the approver's alçada.
    Baixado,
    Cancelado,
    Renegociado,
}

impl InstallmentStatus {
    pub const ALL: [InstallmentStatus; 7] = [
        InstallmentStatus::Aberto,
        InstallmentStatus::BoletoEmitido,
        InstallmentStatus::Registrado,
        InstallmentStatus::Pago,
        InstallmentStatus::Baixado,
        InstallmentStatus::Cancelado,
        InstallmentStatus::Renegociado,
    ];

    /// The states still to be received.
    pub const OPEN: [InstallmentStatus; 3] = [
        InstallmentStatus::Aberto,
        InstallmentStatus::BoletoEmitido,
        InstallmentStatus::Registrado,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            InstallmentStatus::Aberto => "ABERTO",
            InstallmentStatus::BoletoEmitido => "BOLETO_EMITIDO",
            InstallmentStatus::Registrado => "REGISTRADO",
            InstallmentStatus::Pago => "PAGO",
            InstallmentStatus::Baixado => "BAIXADO",
            InstallmentStatus::Cancelado => "CANCELADO",
            InstallmentStatus::Renegociado => "RENEGOCIADO",
        }
    }

    pub fn parse(text: &str) -> Option<InstallmentStatus> {
        InstallmentStatus::ALL
            .into_iter()
            .find(|s| s.as_str() == text)
    }

    /// How people read it in a message ("paga", "cancelada").
    pub fn label(self) -> &'static str {
        match self {
            InstallmentStatus::Aberto => "em aberto",
            InstallmentStatus::BoletoEmitido => "com boleto emitido",
            InstallmentStatus::Registrado => "com boleto registrado",
            InstallmentStatus::Pago => "paga",
            InstallmentStatus::Baixado => "baixada sem recebimento",
            InstallmentStatus::Cancelado => "cancelada",
            InstallmentStatus::Renegociado => "renegociada",
        }
    }

    /// Still to be received: a receipt, an extension, a write-off, a cancellation or a renegotiation may apply.
    pub fn is_open(self) -> bool {
        InstallmentStatus::OPEN.contains(&self)
    }

    /// The state after the live receipts sum to `received` of `value`: PAGO when nothing is left, and a PAGO
    /// installment a reversal reopens goes back to ABERTO (the boleto states come back from the bank's files).
    /// Closed states (BAIXADO, CANCELADO, RENEGOCIADO) stay.
    pub fn after_receipts(self, value: i64, received: i64) -> InstallmentStatus {
        match self {
            s if s.is_open() && received >= value => InstallmentStatus::Pago,
            InstallmentStatus::Pago if received < value => InstallmentStatus::Aberto,
            s => s,
        }
    }
}

/// How the due dates after the first are spaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interval {
    /// The same day of each following month (the 31st falls on the month's last day when it has none).
    Monthly,
    /// Every `n` calendar days.
    Days(u32),
}

impl Interval {
    /// Absent or 0: monthly.
    pub fn of_days(days: Option<u32>) -> Interval {
        match days {
            None | Some(0) => Interval::Monthly,
            Some(days) => Interval::Days(days),
        }
    }
}

/// `total` in `n` installments: equal parts, the odd cents on the first (as sales splits a sale, so a título keeps
/// its sale's installments). Empty when `n` is 0.
pub fn split_total(total: i64, n: u32) -> Vec<i64> {
    if n == 0 {
        return Vec::new();
    }
    let count = i64::from(n);
    let base = total / count;
    let mut parts = vec![base; n as usize];
    parts[0] += total - base * count;
    parts
}

/// The `n` due dates from `first`, spaced by `interval`.
pub fn due_dates(first: NaiveDate, n: u32, interval: Interval) -> Vec<NaiveDate> {
    (0..n)
        .map(|i| match interval {
            // Counted from the first each time (not from the previous), so 31/01 → 28/02 → 31/03.
            Interval::Monthly => first
                .checked_add_months(Months::new(i))
                .unwrap_or(NaiveDate::MAX),
            Interval::Days(days) => first
                .checked_add_days(chrono::Days::new(u64::from(i) * u64::from(days)))
                .unwrap_or(NaiveDate::MAX),
        })
        .collect()
}

/// A new título as typed, before validation (origin MANUAL).
#[derive(Debug, Clone, Default)]
pub struct ReceivableDraft {
    pub client_id: Option<String>,
    pub description: Option<String>,
    pub chart_account_id: Option<String>,
    pub issue_date: Option<NaiveDate>,
    pub total_cents: Option<i64>,
    pub installments: Option<i64>,
    pub first_due: Option<NaiveDate>,
    /// Days between due dates; none (or 0) for monthly.
    pub interval_days: Option<i64>,
    pub payment_method: Option<String>,
    pub bank_account_id: Option<String>,
}

/// A valid título's fields and its installments' values and due dates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceivablePlan {
    pub client_id: String,
    pub description: String,
    pub chart_account_id: String,
    pub origin: Origin,
    pub origin_id: Option<String>,
    pub issue_date: NaiveDate,
    pub total_cents: i64,
    pub payment_method: ReceivableMethod,
    pub bank_account_id: Option<String>,
    /// (value, due date) per installment, in order.
    pub installments: Vec<(i64, NaiveDate)>,
}

impl ReceivableDraft {
    /// Every broken rule at once, each on its field.
    pub fn validate(&self) -> Result<ReceivablePlan> {
        let mut v = Violations::new();
        let client_id = required_id(
            self.client_id.as_deref(),
            "client_id",
            "Escolha o cliente.",
            &mut v,
        );
        let description = description(self.description.as_deref(), &mut v);
        let chart_account_id = required_id(
            self.chart_account_id.as_deref(),
            "chart_account_id",
            "Escolha a conta de receita do plano de contas.",
            &mut v,
        );
        let total = self.total_cents.unwrap_or(0);
        if total <= 0 {
            v.add("total_cents", "O valor do título deve ser maior que zero.");
        } else if total > MAX_TOTAL_CENTS {
            v.add("total_cents", "Valor acima do limite de R$ 100.000.000,00.");
        }
        let n = self.installments.unwrap_or(1);
        if n < 1 || n > i64::from(MAX_INSTALLMENTS) {
            v.add(
                "installments",
                format!("Informe de 1 a {MAX_INSTALLMENTS} parcelas."),
            );
        } else if total > 0 && total < n {
            v.add(
                "installments",
                "Cada parcela precisa de pelo menos R$ 0,01.",
            );
        }
        let interval = self.interval_days.unwrap_or(0);
        if !(0..=i64::from(MAX_INTERVAL_DAYS)).contains(&interval) {
            v.add(
                "interval_days",
                format!("O intervalo deve ser de 0 (mensal) a {MAX_INTERVAL_DAYS} dias."),
            );
        }
        if self.issue_date.is_none() {
            v.add("issue_date", "Informe a data de emissão.");
        }
        match (self.first_due, self.issue_date) {
            (None, _) => v.add("first_due", "Informe o vencimento da primeira parcela."),
            (Some(due), Some(issue)) if due < issue => {
                v.add("first_due", "O vencimento não pode ser anterior à emissão.")
            }
            _ => {}
        }
        let payment_method = method(
            self.payment_method.as_deref(),
            "payment_method",
            Some(ReceivableMethod::Boleto),
            &mut v,
        );
        v.finish()?;
        let (Some(issue_date), Some(first_due)) = (self.issue_date, self.first_due) else {
            unreachable!("checked above");
        };
        // Both in range: checked above.
        let (n, interval) = (n as u32, Interval::of_days(Some(interval as u32)));
        Ok(ReceivablePlan {
            client_id,
            description,
            chart_account_id,
            origin: Origin::Manual,
            origin_id: None,
            issue_date,
            total_cents: total,
            payment_method,
            bank_account_id: optional_id(self.bank_account_id.as_deref()),
            installments: split_total(total, n)
                .into_iter()
                .zip(due_dates(first_due, n, interval))
                .collect(),
        })
    }
}

/// A sale's título as sales sends it: its installments kept exactly as the sale has them.
#[derive(Debug, Clone)]
pub struct SaleReceivable {
    pub sale_id: String,
    pub client_id: String,
    pub description: String,
    /// A RECEITA analytic account; none: the first active one of the chart (by code).
    pub chart_account_id: Option<String>,
    /// (value in centavos, due date), in order.
    pub installments: Vec<(i64, NaiveDate)>,
    pub payment_method: ReceivableMethod,
}

impl SaleReceivable {
    /// The plan of the sale's título, issued `today`; `chart_account_id` is the one the service chose.
    pub fn validate(&self, today: NaiveDate, chart_account_id: String) -> Result<ReceivablePlan> {
        let mut v = Violations::new();
        let sale_id = required_id(Some(&self.sale_id), "sale_id", "Informe a venda.", &mut v);
        let client_id = required_id(
            Some(&self.client_id),
            "client_id",
            "Escolha o cliente.",
            &mut v,
        );
        let description = description(Some(&self.description), &mut v);
        let n = self.installments.len();
        if n == 0 || n > MAX_INSTALLMENTS as usize {
            v.add(
                "installments",
                format!("Informe de 1 a {MAX_INSTALLMENTS} parcelas."),
            );
        }
        for (i, (value, due)) in self.installments.iter().enumerate() {
            if *value <= 0 || *value > MAX_TOTAL_CENTS {
                v.add(
                    format!("installments[{i}].value_cents"),
                    "O valor da parcela deve ser maior que zero.",
                );
            }
            if *due < today {
                v.add(
                    format!("installments[{i}].due_date"),
                    "O vencimento não pode ser anterior à emissão.",
                );
            }
        }
        let total: i64 = self
            .installments
            .iter()
            .map(|(value, _)| value.clamp(&0, &MAX_TOTAL_CENTS))
            .sum();
        if total > MAX_TOTAL_CENTS {
            v.add(
                "installments",
                "Valor acima do limite de R$ 100.000.000,00.",
            );
        }
        v.finish()?;
        Ok(ReceivablePlan {
            client_id,
            description,
            chart_account_id,
            origin: Origin::Venda,
            origin_id: Some(sale_id),
            issue_date: today,
            total_cents: total,
            payment_method: self.payment_method,
            bank_account_id: None,
            installments: self.installments.clone(),
        })
    }
}

fn description(text: Option<&str>, v: &mut Violations) -> String {
    let description = collapse_spaces(text.unwrap_or(""));
    if description.is_empty() {
        v.add(
            "description",
            "Descreva o título (ex.: Tratamento ortodôntico).",
        );
    } else if description.chars().count() > MAX_DESCRIPTION {
        v.add(
            "description",
            format!("A descrição pode ter no máximo {MAX_DESCRIPTION} caracteres."),
        );
    }
    description
}

fn required_id(value: Option<&str>, field: &str, message: &str, v: &mut Violations) -> String {
    let value = value.unwrap_or("").trim();
    if value.is_empty() {
        v.add(field, message);
    }
    value.to_string()
}

fn optional_id(value: Option<&str>) -> Option<String> {
    value
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(String::from)
}

/// A method from its name; absent is `default` (or a violation when there is none).
fn method(
    text: Option<&str>,
    field: &str,
    default: Option<ReceivableMethod>,
    v: &mut Violations,
) -> ReceivableMethod {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => default.unwrap_or_else(|| {
            v.add(field, format!("Informe a forma: {METHODS}"));
            ReceivableMethod::Boleto
        }),
        Some(text) => ReceivableMethod::parse(text).unwrap_or_else(|| {
            v.add(field, format!("Forma inválida: {METHODS}"));
            ReceivableMethod::Boleto
        }),
    }
}

/// The last due date that is overdue `today`: the business day before today. A saldo is overdue after the
/// first business day on or after its due date (a boleto due on a Saturday is paid without charges on Monday,
/// so it is overdue from Tuesday); that day is before today exactly when the due date is on or before the last
/// business day before today. Lists filter `due_date <= cutoff` with it.
pub fn overdue_cutoff(today: NaiveDate, calendar: &Calendar) -> NaiveDate {
    calendar.add_business_days(today, -1)
}

/// Overdue: an open installment with a saldo after the first business day on or after its due date.
pub fn is_overdue(
    status: InstallmentStatus,
    balance: i64,
    due: NaiveDate,
    today: NaiveDate,
    calendar: &Calendar,
) -> bool {
    status.is_open() && balance > 0 && today > calendar.next_business_day(due)
}

/// Days overdue, counted from the due date (not from the grace day); 0 when not overdue.
pub fn days_overdue(
    status: InstallmentStatus,
    balance: i64,
    due: NaiveDate,
    today: NaiveDate,
    calendar: &Calendar,
) -> i64 {
    if is_overdue(status, balance, due, today, calendar) {
        (today - due).num_days()
    } else {
        0
    }
}

/// A receipt as typed.
#[derive(Debug, Clone, Default)]
pub struct ReceiptDraft {
    pub date: Option<NaiveDate>,
    /// What came in.
    pub amount_cents: Option<i64>,
    pub interest_cents: Option<i64>,
    pub fine_cents: Option<i64>,
    pub discount_cents: Option<i64>,
    pub bank_account_id: Option<String>,
    pub method: Option<String>,
}

/// A valid receipt: what it pays off the installment's saldo, and its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    pub date: NaiveDate,
    pub amount_cents: i64,
    pub interest_cents: i64,
    pub fine_cents: i64,
    pub discount_cents: i64,
    /// amount − interest − fine + discount: what leaves the saldo.
    pub principal_cents: i64,
    pub bank_account_id: String,
    pub method: ReceivableMethod,
}

impl ReceiptDraft {
    /// Checks a receipt against the installment's saldo: the charges are declared, never guessed (an amount above
    /// the saldo must be declared as juros or multa), and nothing dated after today.
    pub fn validate(&self, balance: i64, today: NaiveDate) -> Result<Receipt> {
        let mut v = Violations::new();
        let amount = self.amount_cents.unwrap_or(0);
        if amount <= 0 {
            v.add("amount_cents", "O valor recebido deve ser maior que zero.");
        } else if amount > MAX_TOTAL_CENTS {
            v.add(
                "amount_cents",
                "Valor acima do limite de R$ 100.000.000,00.",
            );
        }
        let part = |value: Option<i64>, field: &str, v: &mut Violations| {
            let value = value.unwrap_or(0);
            if value < 0 {
                v.add(field, "Não pode ser negativo.");
            } else if value > MAX_TOTAL_CENTS {
                v.add(field, "Valor acima do limite de R$ 100.000.000,00.");
            }
            value.clamp(0, MAX_TOTAL_CENTS)
        };
        let interest = part(self.interest_cents, "interest_cents", &mut v);
        let fine = part(self.fine_cents, "fine_cents", &mut v);
        let discount = part(self.discount_cents, "discount_cents", &mut v);
        match self.date {
            None => v.add("date", "Informe a data do recebimento."),
            Some(date) if date > today => {
                v.add("date", "A data do recebimento não pode ser futura.")
            }
            _ => {}
        }
        let bank_account_id = required_id(
            self.bank_account_id.as_deref(),
            "bank_account_id",
            "Escolha a conta em que o dinheiro entrou.",
            &mut v,
        );
        let method = method(self.method.as_deref(), "method", None, &mut v);
        let amount = amount.clamp(0, MAX_TOTAL_CENTS);
        let principal = amount - interest - fine + discount;
        if amount > 0 && interest + fine >= amount {
            v.add(
                "interest_cents",
                "Juros e multa não podem somar o valor recebido inteiro.",
            );
        } else if amount > 0 && principal > balance {
            v.add(
                "amount_cents",
                format!(
                    "O valor excede o saldo da parcela em {}: declare o excedente como juros ou multa.",
                    format_brl(principal - balance)
                ),
            );
        }
        v.finish()?;
        let Some(date) = self.date else {
            unreachable!("checked above");
        };
        Ok(Receipt {
            date,
            amount_cents: amount,
            interest_cents: interest,
            fine_cents: fine,
            discount_cents: discount,
            principal_cents: principal,
            bank_account_id,
            method,
        })
    }
}

/// Checks a new due date: on or after the título's issue, and a change.
pub fn check_new_due_date(
    new: Option<NaiveDate>,
    current: NaiveDate,
    issue: NaiveDate,
) -> Result<NaiveDate> {
    let mut v = Violations::new();
    match new {
        None => v.add("due_date", "Informe o novo vencimento."),
        Some(d) if d < issue => v.add(
            "due_date",
            "O vencimento não pode ser anterior à emissão do título.",
        ),
        Some(d) if d == current => v.add("due_date", "O novo vencimento é igual ao atual."),
        _ => {}
    }
    v.finish()?;
    Ok(new.unwrap_or(current))
}

/// A stored título.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receivable {
    pub id: String,
    pub number: String,
    pub client_id: String,
    /// The client's name and document (bare) as they were at creation.
    pub client_name: String,
    pub client_document: String,
    pub description: String,
    pub chart_account_id: String,
    pub origin: Origin,
    pub origin_id: Option<String>,
    pub issue_date: NaiveDate,
    pub total_cents: i64,
    pub payment_method: ReceivableMethod,
    pub bank_account_id: Option<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

/// A stored installment, with what the list shows of its título.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Installment {
    pub id: String,
    pub receivable_id: String,
    pub number: String,
    pub seq: i64,
    pub count: i64,
    pub client_id: String,
    pub client_name: String,
    pub client_document: String,
    pub description: String,
    pub origin: Origin,
    pub origin_id: Option<String>,
    pub issue_date: NaiveDate,
    pub due_date: NaiveDate,
    pub original_due_date: NaiveDate,
    pub value_cents: i64,
    pub received_cents: i64,
    pub status: InstallmentStatus,
    pub payment_method: ReceivableMethod,
    pub bank_account_id: Option<String>,
    pub write_off_reason: Option<String>,
    pub version: i64,
}

impl Installment {
    /// value − received: a write-off or a cancellation leaves it (and closes the installment).
    pub fn balance_cents(&self) -> i64 {
        self.value_cents - self.received_cents
    }

    /// "CR-2026-000123 1/3".
    pub fn label(&self) -> String {
        format!("{} {}/{}", self.number, self.seq, self.count)
    }
}

/// Where a título's payment stands today, as a sale's list shows it ("recebido R$ x de R$ y, próxima parcela").
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentPosition {
    /// Received over every installment (a cancelled one keeps what it received).
    pub received_cents: i64,
    /// Still owed: the balances of the open installments.
    pub open_cents: i64,
    /// The earliest open installment with a balance: its due date and balance.
    pub next_due: Option<(NaiveDate, i64)>,
    /// Whether any installment is overdue, and how much those owe.
    pub overdue: bool,
    pub overdue_cents: i64,
}

impl PaymentPosition {
    /// The position of a título's installments, each with whether it is overdue today ([`is_overdue`]).
    pub fn of<'a>(
        installments: impl IntoIterator<Item = (&'a Installment, bool)>,
    ) -> PaymentPosition {
        let mut position = PaymentPosition::default();
        for (i, overdue) in installments {
            position.received_cents += i.received_cents;
            if !i.status.is_open() || i.balance_cents() <= 0 {
                continue;
            }
            position.open_cents += i.balance_cents();
            if overdue {
                position.overdue = true;
                position.overdue_cents += i.balance_cents();
            }
            if position.next_due.is_none_or(|(due, _)| i.due_date < due) {
                position.next_due = Some((i.due_date, i.balance_cents()));
            }
        }
        position
    }
}

/// Where a receipt came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReceiptSource {
    Manual,
    Retorno,
    Conciliacao,
    Upload,
}

impl ReceiptSource {
    pub const ALL: [ReceiptSource; 4] = [
        ReceiptSource::Manual,
        ReceiptSource::Retorno,
        ReceiptSource::Conciliacao,
        ReceiptSource::Upload,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ReceiptSource::Manual => "MANUAL",
            ReceiptSource::Retorno => "RETORNO",
            ReceiptSource::Conciliacao => "CONCILIACAO",
            ReceiptSource::Upload => "UPLOAD",
        }
    }

    pub fn parse(text: &str) -> Option<ReceiptSource> {
        ReceiptSource::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// A stored receipt; a reversed one is kept, marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceiptRecord {
    pub id: String,
    pub installment_id: String,
    pub receipt: Receipt,
    pub source: ReceiptSource,
    pub reversed_at: Option<DateTime<Utc>>,
    pub reversed_by: Option<String>,
    pub reversed_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

/// The list's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum InstallmentSort {
    #[default]
    DueDate,
    DueDateDesc,
    Value,
    ValueDesc,
    Client,
    ClientDesc,
}

impl InstallmentSort {
    pub fn parse(text: &str) -> Option<InstallmentSort> {
        Some(match text {
            "due_date" => InstallmentSort::DueDate,
            "-due_date" => InstallmentSort::DueDateDesc,
            "value" => InstallmentSort::Value,
            "-value" => InstallmentSort::ValueDesc,
            "client" => InstallmentSort::Client,
            "-client" => InstallmentSort::ClientDesc,
            _ => return None,
        })
    }
}

/// What the installments list is filtered by; every field optional.
#[derive(Debug, Clone, Default)]
pub struct InstallmentFilter {
    pub due_from: Option<NaiveDate>,
    pub due_to: Option<NaiveDate>,
    /// Any of these states…
    pub statuses: Vec<InstallmentStatus>,
    /// …or (VENCIDO) open with a saldo and due on or before this cutoff ([`overdue_cutoff`]).
    pub overdue_cutoff: Option<NaiveDate>,
    pub client_id: Option<String>,
    pub payment_method: Option<ReceivableMethod>,
    pub bank_account_id: Option<String>,
    pub origin: Option<Origin>,
    /// The título's number, the client's name or document (with or without punctuation).
    pub q: Option<String>,
    pub sort: InstallmentSort,
}

/// Sums over every installment a filter matches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InstallmentTotals {
    pub value_cents: i64,
    pub received_cents: i64,
    pub balance_cents: i64,
    pub count: i64,
    /// (state, count, saldo), in the states' order.
    pub by_status: Vec<(InstallmentStatus, i64, i64)>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn installment(
        seq: i64,
        due: NaiveDate,
        value: i64,
        received: i64,
        status: InstallmentStatus,
    ) -> Installment {
        Installment {
            id: format!("i{seq}"),
            receivable_id: "r".into(),
            number: "CR-2026-000001".into(),
            seq,
            count: 3,
            client_id: "c1".into(),
            client_name: "Ana".into(),
            client_document: String::new(),
            description: String::new(),
            origin: Origin::Venda,
            origin_id: None,
            issue_date: d(2026, 1, 1),
            due_date: due,
            original_due_date: due,
            value_cents: value,
            received_cents: received,
            status,
            payment_method: ReceivableMethod::Boleto,
            bank_account_id: None,
            write_off_reason: None,
            version: 1,
        }
    }

    #[test]
    fn a_position_sums_receipts_and_names_the_next_open_installment() {
        use InstallmentStatus::*;
        let paid = installment(1, d(2026, 1, 31), 40_000, 40_000, Pago);
        let late = installment(2, d(2026, 2, 28), 30_000, 10_000, Aberto);
        let next = installment(3, d(2026, 3, 31), 30_000, 0, Aberto);
        let position = PaymentPosition::of([(&next, false), (&paid, false), (&late, true)]);
        assert_eq!(position.received_cents, 50_000);
        assert_eq!(position.open_cents, 50_000);
        assert_eq!(position.next_due, Some((d(2026, 2, 28), 20_000)));
        assert!(position.overdue);
        assert_eq!(position.overdue_cents, 20_000);

        let cancelled = installment(1, d(2026, 1, 31), 40_000, 5_000, Cancelado);
        let position = PaymentPosition::of([(&cancelled, false)]);
        assert_eq!(position.received_cents, 5_000);
        assert_eq!(
            (position.open_cents, position.next_due, position.overdue),
            (0, None, false)
        );
    }

    fn draft() -> ReceivableDraft {
        ReceivableDraft {
            client_id: Some("c1".into()),
            description: Some("Tratamento ortodôntico".into()),
            chart_account_id: Some("a1".into()),
            issue_date: Some(d(2026, 1, 10)),
            total_cents: Some(100_000),
            installments: Some(3),
            first_due: Some(d(2026, 1, 31)),
            ..ReceivableDraft::default()
        }
    }

    #[test]
    fn the_odd_cents_go_on_the_first_installment() {
        assert_eq!(split_total(100_000, 3), vec![33_334, 33_333, 33_333]);
        assert_eq!(split_total(100, 1), vec![100]);
        assert_eq!(split_total(5, 3), vec![3, 1, 1]);
        assert!(split_total(100, 0).is_empty());
    }

    #[test]
    fn monthly_due_dates_keep_the_day_or_the_months_last() {
        assert_eq!(
            due_dates(d(2026, 1, 31), 4, Interval::Monthly),
            vec![
                d(2026, 1, 31),
                d(2026, 2, 28),
                d(2026, 3, 31),
                d(2026, 4, 30)
            ]
        );
        assert_eq!(
            due_dates(d(2026, 1, 10), 3, Interval::Days(15)),
            vec![d(2026, 1, 10), d(2026, 1, 25), d(2026, 2, 9)]
        );
        assert_eq!(Interval::of_days(Some(0)), Interval::Monthly);
    }

    #[test]
    fn a_plan_has_its_installments_and_defaults() {
        let plan = draft().validate().unwrap();
        assert_eq!(plan.origin, Origin::Manual);
        assert_eq!(plan.payment_method, ReceivableMethod::Boleto);
        assert_eq!(
            plan.installments,
            vec![
                (33_334, d(2026, 1, 31)),
                (33_333, d(2026, 2, 28)),
                (33_333, d(2026, 3, 31))
            ]
        );
        let pix = ReceivableDraft {
            payment_method: Some(" pix ".into()),
            ..draft()
        };
        assert_eq!(
            pix.validate().unwrap().payment_method,
            ReceivableMethod::Pix
        );
    }

    #[test]
    fn every_broken_rule_is_named_on_its_field() {
        let bad = ReceivableDraft {
            first_due: Some(d(2026, 1, 1)),
            issue_date: Some(d(2026, 1, 10)),
            total_cents: Some(2),
            installments: Some(3),
            interval_days: Some(400),
            payment_method: Some("CHEQUE".into()),
            ..ReceivableDraft::default()
        };
        let error = bad.validate().unwrap_err();
        let fields: Vec<&str> = error.fields.iter().map(|f| f.field.as_str()).collect();
        for field in [
            "client_id",
            "description",
            "chart_account_id",
            "installments",
            "interval_days",
            "first_due",
            "payment_method",
        ] {
            assert!(fields.contains(&field), "{field} in {fields:?}");
        }
        let none = ReceivableDraft {
            installments: Some(0),
            ..draft()
        };
        assert_eq!(none.validate().unwrap_err().fields[0].field, "installments");
    }

    #[test]
    fn a_sales_title_keeps_its_installments_as_given() {
        let sale = SaleReceivable {
            sale_id: "v1".into(),
            client_id: "c1".into(),
            description: "Venda 1".into(),
            chart_account_id: None,
            installments: vec![(10_001, d(2026, 3, 1)), (10_000, d(2026, 4, 1))],
            payment_method: ReceivableMethod::CartaoCredito,
        };
        let plan = sale.validate(d(2026, 2, 1), "a1".into()).unwrap();
        assert_eq!(
            (plan.origin, plan.origin_id.as_deref(), plan.total_cents),
            (Origin::Venda, Some("v1"), 20_001)
        );
        assert_eq!(plan.installments, sale.installments);
        let late = sale.validate(d(2026, 3, 15), "a1".into()).unwrap_err();
        assert_eq!(late.fields[0].field, "installments[0].due_date");
    }

    #[test]
    fn overdue_starts_after_the_grace_business_day() {
        let calendar = Calendar::with_extra(Vec::new());
        // Saturday 07/03/2026: paid without charges on Monday 09/03; overdue from Tuesday.
        let due = d(2026, 3, 7);
        let open = InstallmentStatus::Aberto;
        assert!(!is_overdue(open, 100, due, d(2026, 3, 9), &calendar));
        assert!(is_overdue(open, 100, due, d(2026, 3, 10), &calendar));
        assert_eq!(days_overdue(open, 100, due, d(2026, 3, 10), &calendar), 3);
        assert_eq!(days_overdue(open, 100, due, d(2026, 3, 9), &calendar), 0);
        assert!(!is_overdue(
            InstallmentStatus::Pago,
            0,
            due,
            d(2026, 3, 10),
            &calendar
        ));
        assert!(!is_overdue(
            InstallmentStatus::Cancelado,
            100,
            due,
            d(2026, 3, 10),
            &calendar
        ));
    }

    #[test]
    fn the_state_follows_the_live_receipts() {
        use InstallmentStatus::*;
        assert_eq!(Aberto.after_receipts(100, 40), Aberto);
        assert_eq!(BoletoEmitido.after_receipts(100, 100), Pago);
        assert_eq!(Pago.after_receipts(100, 40), Aberto);
        assert_eq!(Cancelado.after_receipts(100, 0), Cancelado);
        assert_eq!(Baixado.after_receipts(100, 100), Baixado);
    }

    fn receipt(amount: i64, interest: i64, fine: i64, discount: i64) -> ReceiptDraft {
        ReceiptDraft {
            date: Some(d(2026, 3, 10)),
            amount_cents: Some(amount),
            interest_cents: Some(interest),
            fine_cents: Some(fine),
            discount_cents: Some(discount),
            bank_account_id: Some("b1".into()),
            method: Some("PIX".into()),
        }
    }

    #[test]
    fn a_receipt_pays_its_principal_and_declares_the_excess() {
        let today = d(2026, 3, 10);
        let paid = receipt(10_300, 100, 200, 0)
            .validate(10_000, today)
            .unwrap();
        assert_eq!(paid.principal_cents, 10_000);
        let partial = receipt(4_000, 0, 0, 0).validate(10_000, today).unwrap();
        assert_eq!(partial.principal_cents, 4_000);
        let discounted = receipt(9_500, 0, 0, 500).validate(10_000, today).unwrap();
        assert_eq!(discounted.principal_cents, 10_000);
        let error = receipt(10_300, 0, 0, 0)
            .validate(10_000, today)
            .unwrap_err();
        assert_eq!(error.fields[0].field, "amount_cents");
        assert!(
            error.fields[0].message.contains("R$ 3,00"),
            "{}",
            error.fields[0].message
        );
        let future = ReceiptDraft {
            date: Some(d(2026, 3, 11)),
            ..receipt(100, 0, 0, 0)
        };
        assert_eq!(
            future.validate(10_000, today).unwrap_err().fields[0].field,
            "date"
        );
        let no_method = ReceiptDraft {
            method: None,
            ..receipt(100, 0, 0, 0)
        };
        assert_eq!(
            no_method.validate(10_000, today).unwrap_err().fields[0].field,
            "method"
        );
    }

    #[test]
    fn a_new_due_date_is_a_change_on_or_after_the_issue() {
        let (current, issue) = (d(2026, 3, 10), d(2026, 1, 10));
        assert_eq!(
            check_new_due_date(Some(d(2026, 4, 10)), current, issue).unwrap(),
            d(2026, 4, 10)
        );
        assert!(check_new_due_date(Some(current), current, issue).is_err());
        assert!(check_new_due_date(Some(d(2026, 1, 9)), current, issue).is_err());
        assert!(check_new_due_date(None, current, issue).is_err());
    }

    proptest! {
        #[test]
        fn installments_always_sum_to_the_total(total in 1i64..MAX_TOTAL_CENTS, n in 1u32..=MAX_INSTALLMENTS) {
            let parts = split_total(total, n);
            prop_assert_eq!(parts.iter().sum::<i64>(), total);
            prop_assert_eq!(parts.len(), n as usize);
            // Equal parts but the first, which carries fewer than n extra cents.
            prop_assert!(parts[1..].iter().all(|p| *p == parts[parts.len() - 1]));
            prop_assert!(parts[0] - parts[parts.len() - 1] < i64::from(n));
        }

        #[test]
        fn a_valid_receipt_never_takes_more_than_the_balance(
            balance in 1i64..1_000_000, amount in -10i64..2_000_000, interest in -10i64..10_000,
            fine in -10i64..10_000, discount in -10i64..10_000,
        ) {
            if let Ok(r) = receipt(amount, interest, fine, discount).validate(balance, d(2026, 3, 10)) {
                prop_assert!(r.principal_cents > 0 && r.principal_cents <= balance);
                prop_assert_eq!(r.principal_cents, r.amount_cents - r.interest_cents - r.fine_cents + r.discount_cents);
            }
        }

        /// The list's SQL cutoff (`due_date <= cutoff`) agrees with the per-row rule, holidays included.
        #[test]
        fn the_overdue_cutoff_agrees_with_the_rule(due_offset in 0i64..60, today_offset in 0i64..60) {
            let calendar = Calendar::with_extra(vec![(d(2026, 3, 19), "Feriado".into())]);
            let base = d(2026, 2, 10);
            let due = base + chrono::Duration::days(due_offset);
            let today = base + chrono::Duration::days(today_offset);
            prop_assert_eq!(
                is_overdue(InstallmentStatus::Aberto, 1, due, today, &calendar),
                due <= overdue_cutoff(today, &calendar)
            );
        }
    }
}
