//! Payables (contas a pagar), their installments (parcelas a pagar) and the payments on them
//! (`../shared/product/finance.md` §1, §2 `/contas-a-pagar` and `/pagamentos`, §3.2). Plain Rust: the service
//! checks what needs the database (the supplier's confirmed bank data, the chart, the cost centres) and stores
//! what these functions decide.

use banking::boleto::{self, DecodeError};
use banking::nfe;
use banking::pdf::format_brl;
use chrono::{DateTime, NaiveDate, Utc};
use platform::error::{Result, Violations};
use platform::text::collapse_spaces;

use super::cost_center::Share;
use super::receivable::split_total;
use super::supplier::{parse_pix_key, PixKey, SupplierBankAccountFields};

pub const MAX_INSTALLMENTS: usize = 120;
pub const MAX_DESCRIPTION: usize = 200;
pub const MAX_TOTAL_CENTS: i64 = 10_000_000_000;
/// A devolução's comment: at least this many characters.
pub const MIN_RETURN_COMMENT: usize = 10;

macro_rules! text_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// Upper case or lower case, with or without surrounding spaces.
            pub fn parse(text: &str) -> Option<$name> {
                let text = text.trim().to_uppercase();
                $name::ALL.iter().copied().find(|v| v.as_str() == text)
            }
        }
    };
}

text_enum!(
    /// The fiscal document behind a payable.
    DocumentKind { Nfe => "NFE", Nfse => "NFSE", Recibo => "RECIBO", Fatura => "FATURA", Outro => "OUTRO" }
);

text_enum!(
    /// A payable's state: RASCUNHO until approved; CANCELADA is final.
    PayableStatus { Rascunho => "RASCUNHO", Aprovada => "APROVADA", Cancelada => "CANCELADA" }
);

text_enum!(
    /// Where a payable came from (MANUAL here; the others from purchasing, commissions, uploads, cancellations).
    PayableOrigin {
        Manual => "MANUAL", PedidoCompra => "PEDIDO_COMPRA", Comissao => "COMISSAO", Upload => "UPLOAD",
        Cancelamento => "CANCELAMENTO", Legado => "LEGADO",
    }
);

text_enum!(
    /// How an installment is paid; each asks for its payment data ([`InstallmentDraft::validate`]).
    PayableMethod {
        Boleto => "BOLETO", PixChave => "PIX_CHAVE", PixQr => "PIX_QR", Ted => "TED",
        Concessionaria => "CONCESSIONARIA", Tributo => "TRIBUTO", DebitoAutomatico => "DEBITO_AUTOMATICO",
        Dinheiro => "DINHEIRO",
    }
);

text_enum!(
    /// An installment's state (finance.md §3.2).
    PayableInstallmentStatus {
        Rascunho => "RASCUNHO", Aprovado => "APROVADO", Agendado => "AGENDADO", EmRemessa => "EM_REMESSA",
        Pago => "PAGO", Rejeitado => "REJEITADO", Cancelado => "CANCELADO",
    }
);

text_enum!(
    /// Where a payment came from; with its source id it is unique, so no source pays twice.
    PaymentSource { Manual => "MANUAL", Retorno => "RETORNO", Conciliacao => "CONCILIACAO", Upload => "UPLOAD" }
);

impl PayableInstallmentStatus {
    /// The tabs of `/pagamentos`.
    pub fn of_tab(tab: &str) -> Option<&'static [PayableInstallmentStatus]> {
        use PayableInstallmentStatus::*;
        Some(match tab {
            "A_PAGAR" => &[Rascunho, Aprovado],
            "PROGRAMADOS" => &[Agendado, EmRemessa],
            "PAGOS" => &[Pago],
            "REJEITADOS" => &[Rejeitado],
            _ => return None,
        })
    }

    /// "paga", "em remessa", for messages.
    pub fn label(self) -> &'static str {
        use PayableInstallmentStatus::*;
        match self {
            Rascunho => "em rascunho",
            Aprovado => "aprovada",
            Agendado => "agendada",
            EmRemessa => "em remessa",
            Pago => "paga",
            Rejeitado => "rejeitada pelo banco",
            Cancelado => "cancelada",
        }
    }

    /// Still to be paid (a payment, a schedule or a cancellation may apply).
    pub fn is_open(self) -> bool {
        use PayableInstallmentStatus::*;
        matches!(self, Rascunho | Aprovado | Agendado | EmRemessa | Rejeitado)
    }
}

/// One cost centre's share as typed: a percentage in basis points (3333 = 33,33 %) or an amount.
#[derive(Debug, Clone, Default)]
pub struct ShareDraft {
    pub cost_center_id: Option<String>,
    pub percent_bp: Option<i64>,
    pub amount_cents: Option<i64>,
}

/// An installment as typed: its due date, its amount (all absent: the total split, the odd cent on the first)
/// and its payment data.
#[derive(Debug, Clone, Default)]
pub struct InstallmentDraft {
    pub due_date: Option<NaiveDate>,
    pub amount_cents: Option<i64>,
    pub payment_method: Option<String>,
    pub linha_digitavel: Option<String>,
    pub pix_key_type: Option<String>,
    pub pix_key: Option<String>,
    pub pix_qr: Option<String>,
    pub supplier_bank_account_id: Option<String>,
}

/// A new payable as typed (origin MANUAL), or an edit of a draft (the whole of it).
#[derive(Debug, Clone, Default)]
pub struct PayableDraft {
    pub supplier_id: Option<String>,
    /// A crm client (refunds); exclusive with `supplier_id`.
    pub client_id: Option<String>,
    pub document_kind: Option<String>,
    pub document_number: Option<String>,
    pub document_series: Option<String>,
    pub nfe_key: Option<String>,
    pub description: Option<String>,
    pub chart_account_id: Option<String>,
    pub rateio: Vec<ShareDraft>,
    /// `2026-03` (or `03/2026`).
    pub competence: Option<String>,
    pub issue_date: Option<NaiveDate>,
    pub total_cents: Option<i64>,
    pub installments: Vec<InstallmentDraft>,
}

/// Valid payment data of an installment, by forma.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PaymentData {
    /// BOLETO, CONCESSIONARIA, TRIBUTO: the line as typed (digits only) and its barcode.
    pub linha_digitavel: Option<String>,
    pub barcode: Option<String>,
    /// PIX_CHAVE.
    pub pix_key: Option<PixKey>,
    /// PIX_QR: the copia-e-cola payload.
    pub pix_qr: Option<String>,
    /// TED: a confirmed bank account of the supplier (checked by the service).
    pub supplier_bank_account_id: Option<String>,
}

/// A valid installment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedInstallment {
    pub due_date: NaiveDate,
    pub amount_cents: i64,
    pub method: PayableMethod,
    pub data: PaymentData,
}

/// A valid payable's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayablePlan {
    pub supplier_id: Option<String>,
    pub client_id: Option<String>,
    pub document_kind: DocumentKind,
    pub document_number: Option<String>,
    pub document_series: Option<String>,
    pub nfe_key: Option<String>,
    pub description: String,
    pub chart_account_id: String,
    /// (cost centre, share as typed, amount) — amounts sum to the total exactly.
    pub rateio: Vec<(String, Share, i64)>,
    /// `YYYY-MM`.
    pub competence: String,
    pub issue_date: NaiveDate,
    pub total_cents: i64,
    pub installments: Vec<PlannedInstallment>,
}

impl PayableDraft {
    /// Every broken rule at once, each on its field (`installments[1].linha_digitavel`). `today` dates the
    /// boleto lines.
    pub fn validate(&self, today: NaiveDate) -> Result<PayablePlan> {
        let mut v = Violations::new();
        let supplier_id = optional(self.supplier_id.as_deref());
        let client_id = optional(self.client_id.as_deref());
        match (&supplier_id, &client_id) {
            (None, None) => v.add("supplier_id", "Escolha o favorecido (fornecedor)."),
            (Some(_), Some(_)) => v.add(
                "client_id",
                "Informe o fornecedor ou o cliente (reembolso), não os dois.",
            ),
            _ => {}
        }
        let document_kind = match optional(self.document_kind.as_deref()) {
            None => DocumentKind::Outro,
            Some(k) => DocumentKind::parse(&k).unwrap_or_else(|| {
                v.add(
                    "document_kind",
                    "Tipo de documento inválido: use NFE, NFSE, RECIBO, FATURA ou OUTRO.",
                );
                DocumentKind::Outro
            }),
        };
        let document_number = optional(self.document_number.as_deref());
        if document_number
            .as_ref()
            .is_some_and(|n| n.chars().count() > 30)
        {
            v.add(
                "document_number",
                "O número do documento tem no máximo 30 caracteres.",
            );
        }
        let document_series = optional(self.document_series.as_deref()).map(|s| {
            let t = s.trim_start_matches('0');
            if t.is_empty() && !s.is_empty() {
                "0".to_string()
            } else {
                t.to_string()
            }
        });
        if document_series
            .as_ref()
            .is_some_and(|s| s.chars().count() > 10)
        {
            v.add("document_series", "A série tem no máximo 10 caracteres.");
        }
        if document_kind == DocumentKind::Nfe && document_number.is_none() {
            v.add("document_number", "Informe o número da NF-e.");
        }
        let nfe_key = match optional(self.nfe_key.as_deref()) {
            None => None,
            Some(k) => match nfe::check_key(&k) {
                Ok(key) => Some(key),
                Err(e) => {
                    v.add("nfe_key", format!("Chave da NF-e inválida: {e}"));
                    None
                }
            },
        };
        let description = collapse_spaces(self.description.as_deref().unwrap_or(""));
        if description.is_empty() {
            v.add("description", "Descreva a conta (ex.: Materiais de março).");
        } else if description.chars().count() > MAX_DESCRIPTION {
            v.add(
                "description",
                format!("A descrição pode ter no máximo {MAX_DESCRIPTION} caracteres."),
            );
        }
        let chart_account_id = optional(self.chart_account_id.as_deref()).unwrap_or_else(|| {
            v.add(
                "chart_account_id",
                "Escolha a conta de despesa do plano de contas.",
            );
            String::new()
        });
        let total = self.total_cents.unwrap_or(0);
        if total <= 0 {
            v.add("total_cents", "O valor da conta deve ser maior que zero.");
        } else if total > MAX_TOTAL_CENTS {
            v.add("total_cents", "Valor acima do limite de R$ 100.000.000,00.");
        }
        let total = total.clamp(0, MAX_TOTAL_CENTS);
        let competence = match self
            .competence
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            None => {
                v.add("competence", "Informe a competência (mês/ano).");
                String::new()
            }
            Some(c) => parse_competence(c).unwrap_or_else(|| {
                v.add(
                    "competence",
                    "Competência inválida: use mm/aaaa (ex.: 03/2026).",
                );
                String::new()
            }),
        };
        if self.issue_date.is_none() {
            v.add("issue_date", "Informe a data de emissão.");
        }
        let rateio = self.rateio(total, &mut v);
        let installments = self.installments(total, today, &mut v);
        v.finish()?;
        Ok(PayablePlan {
            supplier_id,
            client_id,
            document_kind,
            document_number,
            document_series,
            nfe_key,
            description,
            chart_account_id,
            rateio,
            competence,
            issue_date: self.issue_date.expect("checked"),
            total_cents: total,
            installments,
        })
    }

    fn rateio(&self, total: i64, v: &mut Violations) -> Vec<(String, Share, i64)> {
        if self.rateio.is_empty() {
            return Vec::new();
        }
        let mut shares = Vec::new();
        let mut ids = Vec::new();
        for (i, s) in self.rateio.iter().enumerate() {
            let id = optional(s.cost_center_id.as_deref()).unwrap_or_else(|| {
                v.add(
                    format!("rateio[{i}].cost_center_id"),
                    "Escolha o centro de custo.",
                );
                String::new()
            });
            if !id.is_empty() && ids.contains(&id) {
                v.add(
                    format!("rateio[{i}].cost_center_id"),
                    "Centro de custo repetido no rateio.",
                );
            }
            ids.push(id);
            match (s.percent_bp, s.amount_cents) {
                (Some(p), None) if (1..=10_000).contains(&p) => shares.push(Share::Percent(p as u32)),
                (None, Some(a)) if a > 0 && a <= MAX_TOTAL_CENTS => shares.push(Share::Amount(a)),
                _ => v.add(
                    format!("rateio[{i}]"),
                    "Informe o percentual (0,01 a 100 %) ou o valor (maior que zero) do centro de custo.",
                ),
            }
        }
        if shares.len() != self.rateio.len() || total <= 0 {
            return Vec::new();
        }
        match super::cost_center::split(total, &shares) {
            Ok(amounts) => ids
                .into_iter()
                .zip(shares)
                .zip(amounts)
                .map(|((id, share), amount)| (id, share, amount))
                .collect(),
            Err(e) => {
                for f in e.fields {
                    v.add(f.field, f.message);
                }
                Vec::new()
            }
        }
    }

    fn installments(
        &self,
        total: i64,
        today: NaiveDate,
        v: &mut Violations,
    ) -> Vec<PlannedInstallment> {
        let n = self.installments.len();
        if n == 0 || n > MAX_INSTALLMENTS {
            v.add(
                "installments",
                format!("Informe de 1 a {MAX_INSTALLMENTS} parcelas."),
            );
            return Vec::new();
        }
        let given: Vec<Option<i64>> = self.installments.iter().map(|i| i.amount_cents).collect();
        let amounts: Vec<i64> = if given.iter().all(Option::is_none) {
            if total > 0 && total < n as i64 {
                v.add(
                    "installments",
                    "Cada parcela precisa de pelo menos R$ 0,01.",
                );
                return Vec::new();
            }
            split_total(total, n as u32)
        } else if given.iter().all(Option::is_some) {
            let amounts: Vec<i64> = given.into_iter().flatten().collect();
            for (i, a) in amounts.iter().enumerate() {
                if *a <= 0 || *a > MAX_TOTAL_CENTS {
                    v.add(
                        format!("installments[{i}].amount_cents"),
                        "O valor da parcela deve ser maior que zero.",
                    );
                }
            }
            let sum: i64 = amounts.iter().map(|a| a.clamp(&0, &MAX_TOTAL_CENTS)).sum();
            if total > 0 && sum != total {
                v.add(
                    "installments",
                    format!(
                        "As parcelas somam {} e a conta vale {}.",
                        format_brl(sum),
                        format_brl(total)
                    ),
                );
            }
            amounts
        } else {
            v.add(
                "installments",
                "Informe o valor de todas as parcelas, ou de nenhuma.",
            );
            return Vec::new();
        };
        let mut planned = Vec::new();
        for (i, (draft, amount)) in self.installments.iter().zip(amounts).enumerate() {
            if let Some(p) = draft.validate(i, amount, self.issue_date, today, v) {
                planned.push(p);
            }
        }
        planned
    }
}

impl InstallmentDraft {
    /// The installment `i`'s rules; `None` (with violations) when broken.
    pub fn validate(
        &self,
        i: usize,
        amount: i64,
        issue: Option<NaiveDate>,
        today: NaiveDate,
        v: &mut Violations,
    ) -> Option<PlannedInstallment> {
        let field = |name: &str| format!("installments[{i}].{name}");
        let mut local = Violations::new();
        let v_outer = v;
        let v = &mut local;
        match (self.due_date, issue) {
            (None, _) => v.add(field("due_date"), "Informe o vencimento."),
            (Some(due), Some(issue)) if due < issue => v.add(
                field("due_date"),
                "O vencimento não pode ser anterior à emissão.",
            ),
            _ => {}
        }
        let method = match optional(self.payment_method.as_deref()) {
            None => {
                v.add(
                    field("payment_method"),
                    format!("Informe a forma de pagamento: {METHODS}"),
                );
                None
            }
            Some(m) => {
                let parsed = PayableMethod::parse(&m);
                if parsed.is_none() {
                    v.add(
                        field("payment_method"),
                        format!("Forma inválida: {METHODS}"),
                    );
                }
                parsed
            }
        };
        let mut data = PaymentData::default();
        match method {
            Some(
                PayableMethod::Boleto | PayableMethod::Concessionaria | PayableMethod::Tributo,
            ) => match optional(self.linha_digitavel.as_deref()) {
                None => v.add(field("linha_digitavel"), "Informe a linha digitável."),
                Some(linha) => match read_linha(&linha, today) {
                    Err(message) => v.add(field("linha_digitavel"), message),
                    Ok(read) => {
                        if let Some(value) = read.amount_cents.filter(|a| *a > 0) {
                            if value != amount {
                                v.add(
                                    field("linha_digitavel"),
                                    format!(
                                        "O boleto vale {} e a parcela {}.",
                                        format_brl(value),
                                        format_brl(amount)
                                    ),
                                );
                            }
                        }
                        data.linha_digitavel = Some(read.digits);
                        data.barcode = Some(read.barcode);
                    }
                },
            },
            Some(PayableMethod::PixChave) => {
                match parse_pix_key(self.pix_key_type.as_deref(), self.pix_key.as_deref()) {
                    Ok(key) => data.pix_key = Some(key),
                    Err(e) => {
                        for f in e.fields {
                            v.add(field(&format!("pix_{}", f.field)), f.message);
                        }
                    }
                }
            }
            Some(PayableMethod::PixQr) => match optional(self.pix_qr.as_deref()) {
                None => v.add(field("pix_qr"), "Cole o PIX copia e cola."),
                Some(qr) => match banking::pix::parse(&qr) {
                    Ok(code) => {
                        if let Some(value) = code.amount_centavos.filter(|a| *a > 0) {
                            if value != amount {
                                v.add(
                                    field("pix_qr"),
                                    format!(
                                        "O PIX vale {} e a parcela {}.",
                                        format_brl(value),
                                        format_brl(amount)
                                    ),
                                );
                            }
                        }
                        data.pix_qr = Some(qr);
                    }
                    Err(e) => v.add(field("pix_qr"), format!("PIX copia e cola inválido: {e}")),
                },
            },
            Some(PayableMethod::Ted) => match optional(self.supplier_bank_account_id.as_deref()) {
                None => v.add(
                    field("supplier_bank_account_id"),
                    "Escolha a conta bancária confirmada do fornecedor.",
                ),
                Some(id) => data.supplier_bank_account_id = Some(id),
            },
            _ => {}
        }
        let broken = !local.is_empty();
        if let Err(e) = local.finish() {
            for f in e.fields {
                v_outer.add(f.field, f.message);
            }
        }
        if broken {
            return None;
        }
        Some(PlannedInstallment {
            due_date: self.due_date?,
            amount_cents: amount,
            method: method?,
            data,
        })
    }
}

const METHODS: &str =
    "use BOLETO, PIX_CHAVE, PIX_QR, TED, CONCESSIONARIA, TRIBUTO, DEBITO_AUTOMATICO ou DINHEIRO.";

/// What a pasted line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinhaRead {
    pub digits: String,
    pub barcode: String,
    pub amount_cents: Option<i64>,
    pub due_date: Option<NaiveDate>,
    /// The bank's COMPE code and name, for bank boletos.
    pub bank_code: Option<u16>,
    pub bank_name: Option<String>,
    /// `boleto` or `arrecadacao`.
    pub kind: &'static str,
}

/// A linha digitável (or barcode) read by `banking::boleto::decode`; the message names the block whose check
/// digit fails ("campo 2").
pub fn read_linha(linha: &str, today: NaiveDate) -> std::result::Result<LinhaRead, String> {
    match boleto::decode(linha, today) {
        Ok(d) => Ok(LinhaRead {
            digits: linha.chars().filter(char::is_ascii_digit).collect(),
            barcode: String::from_utf8_lossy(&d.barcode).into_owned(),
            amount_cents: d.valor_centavos,
            due_date: d.vencimento,
            bank_code: d.bank_code,
            bank_name: d.bank.map(|b| b.name().to_string()),
            kind: d.kind.as_str(),
        }),
        Err(DecodeError::CheckDigits(d)) => {
            let blocks: Vec<String> = d
                .failed_checks()
                .map(|c| {
                    let name = match c.name {
                        "geral" => "dígito verificador geral".to_string(),
                        other => {
                            format!("dígito verificador do {}", other.replace("campo", "campo "))
                        }
                    };
                    format!(
                        "{name} inválido (esperado {}, encontrado {})",
                        c.expected as char, c.found as char
                    )
                })
                .collect();
            Err(format!("Linha digitável com {}.", blocks.join("; ")))
        }
        Err(e) => Err(format!("Linha digitável inválida: {e}.")),
    }
}

/// `2026-03`, `03/2026` or `3/2026` as `2026-03`.
pub fn parse_competence(text: &str) -> Option<String> {
    let (year, month) = if let Some((m, y)) = text.split_once('/') {
        (y, m)
    } else {
        text.split_once('-')?
    };
    let year: i32 = year
        .trim()
        .parse()
        .ok()
        .filter(|y| (2000..=2100).contains(y))?;
    let month: u32 = month.trim().parse().ok().filter(|m| (1..=12).contains(m))?;
    Some(format!("{year:04}-{month:02}"))
}

/// A devolução's comment: at least [`MIN_RETURN_COMMENT`] characters, at most 500.
pub fn return_comment(text: Option<&str>) -> Result<String> {
    let text = collapse_spaces(text.unwrap_or(""));
    let n = text.chars().count();
    if !(MIN_RETURN_COMMENT..=500).contains(&n) {
        return Err(platform::Error::invalid_field(
            "comment",
            format!("Explique a devolução, com {MIN_RETURN_COMMENT} a 500 caracteres."),
        ));
    }
    Ok(text)
}

/// A stored payable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payable {
    pub id: String,
    pub number: String,
    pub supplier_id: Option<String>,
    pub client_id: Option<String>,
    pub payee_name: String,
    /// Bare characters, upper case.
    pub payee_document: String,
    pub document_kind: DocumentKind,
    pub document_number: Option<String>,
    pub document_series: Option<String>,
    pub nfe_key: Option<String>,
    pub description: String,
    pub chart_account_id: String,
    pub competence: String,
    pub issue_date: NaiveDate,
    pub total_cents: i64,
    pub origin: PayableOrigin,
    pub origin_id: Option<String>,
    pub block_reason: Option<String>,
    pub block_source: Option<String>,
    pub status: PayableStatus,
    pub approval_requested: bool,
    pub returned: bool,
    pub returned_comment: Option<String>,
    pub approved_at: Option<DateTime<Utc>>,
    pub approved_by: Option<String>,
    pub cancel_reason: Option<String>,
    /// Why a duplicate note was let through (FM).
    pub duplicate_reason: Option<String>,
    /// uids of who edited it (never its approvers).
    pub editors: Vec<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

impl Payable {
    /// Created or edited by `uid`: such a person never approves it.
    pub fn touched_by(&self, uid: &str) -> bool {
        self.created_by == uid || self.editors.iter().any(|e| e == uid)
    }
}

/// A cost centre's part of a payable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allocation {
    pub cost_center_id: String,
    pub percent_bp: Option<i64>,
    pub amount_cents: i64,
}

/// Who an installment pays and where the money goes, as the payable was approved (finance.md §1): the
/// payment batches' approval hash covers it, and what the supplier changes afterwards shows against it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PayeeSnapshot {
    pub name: String,
    /// Bare characters.
    pub document: String,
    /// In words: the bank account and its holder, the PIX key, the linha digitável.
    pub destination: String,
    pub taken_at: DateTime<Utc>,
}

impl PayeeSnapshot {
    /// The snapshot of an installment paid by `method` with `data`; `account` is the TED's bank account,
    /// described as the supplier's history describes it.
    pub fn of(
        name: &str,
        document: &str,
        method: PayableMethod,
        data: &PaymentData,
        account: Option<&SupplierBankAccountFields>,
        at: DateTime<Utc>,
    ) -> PayeeSnapshot {
        let destination = match (
            method,
            account,
            &data.pix_key,
            &data.linha_digitavel,
            &data.pix_qr,
        ) {
            (PayableMethod::Ted, Some(a), ..) => a.describe(),
            (PayableMethod::PixChave, _, Some(k), ..) => {
                format!("chave PIX {} {}", k.key_type.as_str(), k.key)
            }
            (PayableMethod::PixQr, .., Some(qr)) => format!("PIX copia e cola {qr}"),
            (_, _, _, Some(linha), _) => format!("linha digitável {linha}"),
            (PayableMethod::DebitoAutomatico, ..) => "débito automático".into(),
            (PayableMethod::Dinheiro, ..) => "dinheiro".into(),
            _ => method.as_str().to_string(),
        };
        PayeeSnapshot {
            name: name.to_string(),
            document: document.to_string(),
            destination,
            taken_at: at,
        }
    }
}

/// A stored installment with what the agenda shows of its payable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayableInstallment {
    pub id: String,
    pub payable_id: String,
    pub number: String,
    pub seq: i64,
    pub count: i64,
    pub payee_name: String,
    pub supplier_id: Option<String>,
    pub description: String,
    pub document_number: Option<String>,
    pub chart_account_id: String,
    pub due_date: NaiveDate,
    pub amount_cents: i64,
    pub method: PayableMethod,
    pub data: PaymentData,
    pub scheduled_date: Option<NaiveDate>,
    pub status: PayableInstallmentStatus,
    /// Juros and multa paid on top (the live payment's).
    pub charges_cents: i64,
    pub paid_cents: i64,
    pub paid_at: Option<NaiveDate>,
    /// The company's account it was (or will be) paid from.
    pub bank_account_id: Option<String>,
    pub receipt_file_id: Option<String>,
    /// The remessa it is in (set by the payment remessa work), and the bank's rejection reason.
    pub remittance_id: Option<String>,
    pub rejection_reason: Option<String>,
    /// Set at approval; `None` while a draft (or after a change voided the approval).
    pub payee_snapshot: Option<PayeeSnapshot>,
    pub version: i64,
}

impl PayableInstallment {
    /// "CP-2026-000123 1/3".
    pub fn label(&self) -> String {
        format!("{} {}/{}", self.number, self.seq, self.count)
    }
}

/// A payment as typed.
#[derive(Debug, Clone, Default)]
pub struct PaymentDraft {
    pub date: Option<NaiveDate>,
    /// What left the account: the installment's amount + encargos − desconto.
    pub amount_cents: Option<i64>,
    pub charges_cents: Option<i64>,
    pub discount_cents: Option<i64>,
    pub bank_account_id: Option<String>,
    pub receipt_file_id: Option<String>,
}

/// A valid payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub date: NaiveDate,
    pub amount_cents: i64,
    pub charges_cents: i64,
    pub discount_cents: i64,
    pub principal_cents: i64,
    pub bank_account_id: String,
    pub receipt_file_id: Option<String>,
}

impl PaymentDraft {
    /// The payment of a whole installment of `amount`: dated today or before, paying exactly the installment
    /// (the difference declared as encargos or desconto).
    pub fn validate(&self, amount: i64, today: NaiveDate) -> Result<Payment> {
        let mut v = Violations::new();
        let paid = self.amount_cents.unwrap_or(0);
        if paid <= 0 || paid > MAX_TOTAL_CENTS {
            v.add("amount_cents", "O valor pago deve ser maior que zero.");
        }
        let part = |value: Option<i64>, f: &str, v: &mut Violations| {
            let value = value.unwrap_or(0);
            if !(0..=MAX_TOTAL_CENTS).contains(&value) {
                v.add(f, "Não pode ser negativo.");
            }
            value.clamp(0, MAX_TOTAL_CENTS)
        };
        let charges = part(self.charges_cents, "charges_cents", &mut v);
        let discount = part(self.discount_cents, "discount_cents", &mut v);
        match self.date {
            None => v.add("date", "Informe a data do pagamento."),
            Some(d) if d > today => v.add("date", "A data do pagamento não pode ser futura."),
            _ => {}
        }
        let bank_account_id = optional(self.bank_account_id.as_deref()).unwrap_or_else(|| {
            v.add(
                "bank_account_id",
                "Escolha a conta de onde o dinheiro saiu.",
            );
            String::new()
        });
        let paid = paid.clamp(0, MAX_TOTAL_CENTS);
        let principal = paid - charges + discount;
        if paid > 0 && principal != amount {
            v.add(
                "amount_cents",
                format!(
                    "O pagamento quita a parcela de {}: valor pago {} − encargos {} + desconto {} dá {}.",
                    format_brl(amount),
                    format_brl(paid),
                    format_brl(charges),
                    format_brl(discount),
                    format_brl(principal)
                ),
            );
        }
        v.finish()?;
        Ok(Payment {
            date: self.date.expect("checked"),
            amount_cents: paid,
            charges_cents: charges,
            discount_cents: discount,
            principal_cents: principal,
            bank_account_id,
            receipt_file_id: optional(self.receipt_file_id.as_deref()),
        })
    }
}

/// A stored payment; a reversed one is kept, marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRecord {
    pub id: String,
    pub installment_id: String,
    pub payment: Payment,
    pub source: PaymentSource,
    pub source_id: String,
    pub reversed_at: Option<DateTime<Utc>>,
    pub reversed_by: Option<String>,
    pub reversed_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

/// The documents list's filter.
#[derive(Debug, Clone, Default)]
pub struct PayableFilter {
    pub statuses: Vec<PayableStatus>,
    pub supplier_id: Option<String>,
    pub chart_account_id: Option<String>,
    pub cost_center_id: Option<String>,
    pub competence: Option<String>,
    pub issue_from: Option<NaiveDate>,
    pub issue_to: Option<NaiveDate>,
    /// RASCUNHO with approval requested, neither created nor edited by this uid, within `max_total` if any.
    pub awaiting_approval_of: Option<(String, Option<i64>)>,
    pub blocked: bool,
    pub q: Option<String>,
}

/// Sums over every payable a filter matches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PayableTotals {
    pub count: i64,
    pub total_cents: i64,
    pub paid_cents: i64,
}

/// The agenda's filter.
#[derive(Debug, Clone, Default)]
pub struct AgendaFilter {
    pub due_from: Option<NaiveDate>,
    pub due_to: Option<NaiveDate>,
    pub statuses: Vec<PayableInstallmentStatus>,
    pub supplier_id: Option<String>,
    pub method: Option<PayableMethod>,
    pub bank_account_id: Option<String>,
    pub chart_account_id: Option<String>,
    pub cost_center_id: Option<String>,
    pub q: Option<String>,
}

/// Sums over every installment the agenda's filter matches, and per due date.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AgendaTotals {
    pub count: i64,
    pub amount_cents: i64,
    pub paid_cents: i64,
    /// (due date, count, amount), by date.
    pub by_day: Vec<(NaiveDate, i64, i64)>,
}

fn optional(value: Option<&str>) -> Option<String> {
    value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(String::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn the_payee_snapshot_says_where_the_money_goes_for_each_forma() {
        use super::super::supplier::PixKeyType;
        let at = Utc::now();
        let of = |method, data: &PaymentData| {
            PayeeSnapshot::of("Fornecedor Ltda", "11222333000181", method, data, None, at)
                .destination
        };
        let pix = PaymentData {
            pix_key: Some(PixKey {
                key_type: PixKeyType::Email,
                key: "financeiro@fornecedor.com.br".into(),
            }),
            ..PaymentData::default()
        };
        assert_eq!(
            of(PayableMethod::PixChave, &pix),
            "chave PIX EMAIL financeiro@fornecedor.com.br"
        );
        let boleto = PaymentData {
            linha_digitavel: Some("00190000090123879877977700168188237690000013500".into()),
            ..PaymentData::default()
        };
        assert_eq!(
            of(PayableMethod::Boleto, &boleto),
            "linha digitável 00190000090123879877977700168188237690000013500"
        );
        assert_eq!(
            of(PayableMethod::Dinheiro, &PaymentData::default()),
            "dinheiro"
        );
        assert_eq!(
            of(PayableMethod::DebitoAutomatico, &PaymentData::default()),
            "débito automático"
        );
    }

    fn draft() -> PayableDraft {
        PayableDraft {
            supplier_id: Some("s1".into()),
            description: Some("Materiais".into()),
            chart_account_id: Some("a1".into()),
            competence: Some("03/2026".into()),
            issue_date: Some(d(2026, 3, 2)),
            total_cents: Some(100_000),
            installments: vec![
                InstallmentDraft {
                    due_date: Some(d(2026, 4, 1)),
                    payment_method: Some("DINHEIRO".into()),
                    ..InstallmentDraft::default()
                };
                3
            ],
            ..PayableDraft::default()
        }
    }

    #[test]
    fn the_odd_cent_goes_on_the_first_installment() {
        let plan = draft().validate(d(2026, 3, 10)).unwrap();
        let amounts: Vec<i64> = plan.installments.iter().map(|i| i.amount_cents).collect();
        assert_eq!(amounts, vec![33_334, 33_333, 33_333]);
        assert_eq!(plan.competence, "2026-03");
        assert_eq!(plan.document_kind, DocumentKind::Outro);
    }

    #[test]
    fn given_amounts_sum_exactly_and_rateio_too() {
        let mut bad = draft();
        bad.installments[0].amount_cents = Some(1);
        bad.installments[1].amount_cents = Some(1);
        bad.installments[2].amount_cents = Some(1);
        bad.rateio = vec![ShareDraft {
            cost_center_id: Some("c1".into()),
            percent_bp: Some(5000),
            amount_cents: None,
        }];
        let e = bad.validate(d(2026, 3, 10)).unwrap_err();
        let fields: Vec<&str> = e.fields.iter().map(|f| f.field.as_str()).collect();
        assert!(fields.contains(&"installments"), "{fields:?}");
        assert!(fields.contains(&"rateio"), "{fields:?}");
    }

    #[test]
    fn payment_data_is_checked_per_forma() {
        let mut bad = draft();
        bad.installments[0].payment_method = Some("BOLETO".into());
        bad.installments[1].payment_method = Some("PIX_CHAVE".into());
        bad.installments[1].pix_key_type = Some("EMAIL".into());
        bad.installments[1].pix_key = Some("not-an-email".into());
        bad.installments[2].payment_method = Some("TED".into());
        bad.nfe_key = Some("123".into());
        let e = bad.validate(d(2026, 3, 10)).unwrap_err();
        let fields: Vec<&str> = e.fields.iter().map(|f| f.field.as_str()).collect();
        for f in [
            "installments[0].linha_digitavel",
            "installments[1].pix_key",
            "installments[2].supplier_bank_account_id",
            "nfe_key",
        ] {
            assert!(fields.contains(&f), "{f} in {fields:?}");
        }
    }

    #[test]
    fn competence_reads_both_forms() {
        assert_eq!(parse_competence("3/2026").as_deref(), Some("2026-03"));
        assert_eq!(parse_competence("2026-12").as_deref(), Some("2026-12"));
        assert_eq!(parse_competence("13/2026"), None);
        assert_eq!(parse_competence("março"), None);
    }

    #[test]
    fn a_payment_pays_the_installment_exactly() {
        let p = |amount, charges, discount| PaymentDraft {
            date: Some(d(2026, 3, 10)),
            amount_cents: Some(amount),
            charges_cents: Some(charges),
            discount_cents: Some(discount),
            bank_account_id: Some("b".into()),
            receipt_file_id: None,
        };
        assert_eq!(
            p(10_300, 300, 0)
                .validate(10_000, d(2026, 3, 10))
                .unwrap()
                .principal_cents,
            10_000
        );
        assert!(p(10_300, 0, 0).validate(10_000, d(2026, 3, 10)).is_err());
        assert!(p(10_000, 0, 0).validate(10_000, d(2026, 3, 9)).is_err());
    }

    #[test]
    fn tabs_cover_the_states() {
        let all: Vec<_> = ["A_PAGAR", "PROGRAMADOS", "PAGOS", "REJEITADOS"]
            .iter()
            .flat_map(|t| PayableInstallmentStatus::of_tab(t).unwrap().iter().copied())
            .collect();
        assert_eq!(all.len(), 6);
        assert!(PayableInstallmentStatus::of_tab("X").is_none());
    }

    proptest! {
        #[test]
        fn split_installments_always_sum(total in 1i64..MAX_TOTAL_CENTS, n in 1usize..=12) {
            let mut draft = draft();
            draft.total_cents = Some(total);
            draft.installments = vec![draft.installments[0].clone(); n];
            if let Ok(plan) = draft.validate(d(2026, 3, 10)) {
                prop_assert_eq!(plan.installments.iter().map(|i| i.amount_cents).sum::<i64>(), total);
            }
        }
    }
}
