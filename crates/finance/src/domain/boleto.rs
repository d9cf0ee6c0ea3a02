//! Boletos (finance.md §1 and §3.1): one per installment at a time, numbered from its convênio's counter, encoded
//! by `banking`; their states, the timeline's events and the instructions a remessa sends to the bank.
//!
//! States: EMITIDO → EM_REMESSA → REGISTRADO → LIQUIDADO, or → BAIXA_SOLICITADA → BAIXADO, or → PROTESTADO;
//! EM_REMESSA → REJEITADO. CANCELADO: an EMITIDO boleto (never sent) whose installment was cancelled.

use chrono::{DateTime, NaiveDate, Utc};
use platform::values::Address;

/// A boleto's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoletoStatus {
    Emitido,
    EmRemessa,
    Registrado,
    Liquidado,
    BaixaSolicitada,
    Baixado,
    Protestado,
    Rejeitado,
    Cancelado,
}

impl BoletoStatus {
    pub const ALL: [BoletoStatus; 9] = [
        BoletoStatus::Emitido,
        BoletoStatus::EmRemessa,
        BoletoStatus::Registrado,
        BoletoStatus::Liquidado,
        BoletoStatus::BaixaSolicitada,
        BoletoStatus::Baixado,
        BoletoStatus::Protestado,
        BoletoStatus::Rejeitado,
        BoletoStatus::Cancelado,
    ];

    /// The states in which the boleto still charges its installment (one at a time: a unique index).
    pub const LIVE: [BoletoStatus; 5] = [
        BoletoStatus::Emitido,
        BoletoStatus::EmRemessa,
        BoletoStatus::Registrado,
        BoletoStatus::BaixaSolicitada,
        BoletoStatus::Protestado,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            BoletoStatus::Emitido => "EMITIDO",
            BoletoStatus::EmRemessa => "EM_REMESSA",
            BoletoStatus::Registrado => "REGISTRADO",
            BoletoStatus::Liquidado => "LIQUIDADO",
            BoletoStatus::BaixaSolicitada => "BAIXA_SOLICITADA",
            BoletoStatus::Baixado => "BAIXADO",
            BoletoStatus::Protestado => "PROTESTADO",
            BoletoStatus::Rejeitado => "REJEITADO",
            BoletoStatus::Cancelado => "CANCELADO",
        }
    }

    pub fn parse(text: &str) -> Option<BoletoStatus> {
        BoletoStatus::ALL.into_iter().find(|s| s.as_str() == text)
    }

    pub fn is_live(self) -> bool {
        BoletoStatus::LIVE.contains(&self)
    }

    /// How people read it in a message.
    pub fn label(self) -> &'static str {
        match self {
            BoletoStatus::Emitido => "emitido",
            BoletoStatus::EmRemessa => "em remessa",
            BoletoStatus::Registrado => "registrado",
            BoletoStatus::Liquidado => "liquidado",
            BoletoStatus::BaixaSolicitada => "com baixa solicitada",
            BoletoStatus::Baixado => "baixado",
            BoletoStatus::Protestado => "protestado",
            BoletoStatus::Rejeitado => "rejeitado",
            BoletoStatus::Cancelado => "cancelado",
        }
    }

    /// Whether the lifecycle allows `self → to` (finance.md §3.1).
    pub fn can_become(self, to: BoletoStatus) -> bool {
        use BoletoStatus::*;
        matches!(
            (self, to),
            (Emitido, EmRemessa)
                | (Emitido, Cancelado)
                | (EmRemessa, Registrado)
                | (EmRemessa, Rejeitado)
                | (EmRemessa, Liquidado)
                | (Registrado, Liquidado)
                | (Registrado, BaixaSolicitada)
                | (Registrado, Baixado)
                | (Registrado, Protestado)
                | (BaixaSolicitada, Baixado)
                | (BaixaSolicitada, Liquidado)
                | (Protestado, Liquidado)
                | (Protestado, Baixado)
                | (Protestado, Registrado)
        )
    }
}

/// An instruction to the bank about a registered boleto.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InstructionKind {
    Baixa,
    AlteracaoVencimento,
    Abatimento,
    Protesto,
    SustarProtesto,
}

impl InstructionKind {
    pub const ALL: [InstructionKind; 5] = [
        InstructionKind::Baixa,
        InstructionKind::AlteracaoVencimento,
        InstructionKind::Abatimento,
        InstructionKind::Protesto,
        InstructionKind::SustarProtesto,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            InstructionKind::Baixa => "BAIXA",
            InstructionKind::AlteracaoVencimento => "ALTERACAO_VENCIMENTO",
            InstructionKind::Abatimento => "ABATIMENTO",
            InstructionKind::Protesto => "PROTESTO",
            InstructionKind::SustarProtesto => "SUSTAR_PROTESTO",
        }
    }

    pub fn parse(text: &str) -> Option<InstructionKind> {
        InstructionKind::ALL
            .into_iter()
            .find(|k| k.as_str() == text)
    }

    /// For the timeline.
    pub fn label(self) -> &'static str {
        match self {
            InstructionKind::Baixa => "Baixa solicitada",
            InstructionKind::AlteracaoVencimento => "Alteração de vencimento solicitada",
            InstructionKind::Abatimento => "Abatimento solicitado",
            InstructionKind::Protesto => "Protesto solicitado",
            InstructionKind::SustarProtesto => "Sustação de protesto solicitada",
        }
    }
}

/// What the timeline shows. `OCORRENCIA` is any other bank occurrence (its code and text alongside).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    Emitido,
    EmRemessa,
    EntradaConfirmada,
    Rejeitado,
    Ocorrencia,
    Liquidado,
    Instrucao,
    Baixado,
    Protestado,
    Cancelado,
}

impl EventKind {
    pub const ALL: [EventKind; 10] = [
        EventKind::Emitido,
        EventKind::EmRemessa,
        EventKind::EntradaConfirmada,
        EventKind::Rejeitado,
        EventKind::Ocorrencia,
        EventKind::Liquidado,
        EventKind::Instrucao,
        EventKind::Baixado,
        EventKind::Protestado,
        EventKind::Cancelado,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Emitido => "EMITIDO",
            EventKind::EmRemessa => "EM_REMESSA",
            EventKind::EntradaConfirmada => "ENTRADA_CONFIRMADA",
            EventKind::Rejeitado => "REJEITADO",
            EventKind::Ocorrencia => "OCORRENCIA",
            EventKind::Liquidado => "LIQUIDADO",
            EventKind::Instrucao => "INSTRUCAO",
            EventKind::Baixado => "BAIXADO",
            EventKind::Protestado => "PROTESTADO",
            EventKind::Cancelado => "CANCELADO",
        }
    }

    pub fn parse(text: &str) -> Option<EventKind> {
        EventKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// The payer as printed on the boleto (taken from crm at issue).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payer {
    pub name: String,
    /// Bare characters, upper case.
    pub document: String,
    pub address: Address,
}

impl Payer {
    /// "Rua X, 10 - Bairro - Cidade/UF - CEP 01310-100".
    pub fn address_line(&self) -> String {
        let a = &self.address;
        let mut street = a.street.clone();
        if !a.number.is_empty() {
            street.push_str(", ");
            street.push_str(&a.number);
        }
        if !a.complement.is_empty() {
            street.push(' ');
            street.push_str(&a.complement);
        }
        let cep = if a.cep.len() == 8 {
            format!("{}-{}", &a.cep[..5], &a.cep[5..])
        } else {
            a.cep.clone()
        };
        format!(
            "{street} - {} - {}/{} - CEP {cep}",
            a.district, a.city, a.state
        )
    }
}

/// What the bank needs of a payer to register a boleto: a valid CPF/CNPJ, a name, and a full address with CEP.
/// Each missing part is one message, on `field` + its part (`…address.cep`), the CEP first.
pub fn payer_problems(
    name: &str,
    document: &str,
    address: Option<&Address>,
) -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    if banking::document::validate_document(document).is_err() {
        out.push((
            "document",
            "CPF/CNPJ do pagador inválido: corrija o cadastro do cliente.",
        ));
    }
    if name.trim().is_empty() {
        out.push(("name", "Informe o nome do pagador."));
    }
    let blank = |s: &str| s.trim().is_empty();
    match address {
        None => out.push((
            "address.cep",
            "Endereço do pagador incompleto: informe o CEP.",
        )),
        Some(a) => {
            let cep: String = a.cep.chars().filter(char::is_ascii_digit).collect();
            if cep.len() != 8 || cep == "00000000" {
                out.push((
                    "address.cep",
                    "Endereço do pagador incompleto: informe o CEP.",
                ));
            }
            if blank(&a.street) {
                out.push((
                    "address.street",
                    "Endereço do pagador incompleto: informe o logradouro.",
                ));
            }
            if blank(&a.district) {
                out.push((
                    "address.district",
                    "Endereço do pagador incompleto: informe o bairro.",
                ));
            }
            if blank(&a.city) {
                out.push((
                    "address.city",
                    "Endereço do pagador incompleto: informe a cidade.",
                ));
            }
            if a.state.trim().len() != 2 {
                out.push((
                    "address.state",
                    "Endereço do pagador incompleto: informe a UF.",
                ));
            }
        }
    }
    out
}

/// A stored boleto.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Boleto {
    pub id: String,
    pub installment_id: String,
    pub receivable_id: String,
    pub agreement_id: String,
    /// COMPE code.
    pub bank: String,
    pub nosso_numero: i64,
    pub nosso_numero_dv: Option<String>,
    pub nosso_numero_formatted: String,
    pub seu_numero: String,
    pub client_id: String,
    pub payer: Payer,
    pub issue_date: NaiveDate,
    pub due_date: NaiveDate,
    pub amount_cents: i64,
    pub fine_bp: i64,
    pub interest_monthly_bp: i64,
    pub discount_cents: i64,
    pub abatement_cents: i64,
    pub protest_days: Option<i64>,
    pub baixa_days: Option<i64>,
    pub instructions: String,
    pub barcode: String,
    pub linha_digitavel: String,
    pub pix_copia_e_cola: Option<String>,
    pub status: BoletoStatus,
    pub remittance_id: Option<String>,
    pub last_occurrence_code: Option<String>,
    pub last_occurrence_text: Option<String>,
    pub paid_date: Option<NaiveDate>,
    pub paid_cents: Option<i64>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

/// One line of a boleto's timeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoletoEvent {
    pub id: String,
    pub boleto_id: String,
    pub at: DateTime<Utc>,
    pub kind: EventKind,
    pub description: String,
    pub bank_code: Option<String>,
    pub bank_text: Option<String>,
    pub remittance_id: Option<String>,
    pub remittance_number: Option<String>,
    pub amount_cents: Option<i64>,
    /// JSON object (a settlement's values…).
    pub details: Option<String>,
    pub by_uid: String,
    pub by_name: String,
}

/// An instruction recorded for the next remessa.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoletoInstruction {
    pub id: String,
    pub boleto_id: String,
    pub kind: InstructionKind,
    pub new_due_date: Option<NaiveDate>,
    pub amount_cents: Option<i64>,
    pub reason: Option<String>,
    /// `None` while pending.
    pub remittance_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

/// The boletos list's filters.
#[derive(Debug, Clone, Default)]
pub struct BoletoFilter {
    pub agreement_id: Option<String>,
    pub statuses: Vec<BoletoStatus>,
    pub issue_from: Option<NaiveDate>,
    pub issue_to: Option<NaiveDate>,
    pub due_from: Option<NaiveDate>,
    pub due_to: Option<NaiveDate>,
    pub client_id: Option<String>,
    pub remittance_id: Option<String>,
    pub installment_id: Option<String>,
    /// Nosso número, client name or document.
    pub q: Option<String>,
    /// Only those with an instruction not sent yet.
    pub pending_instruction: bool,
    pub sort: BoletoSort,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BoletoSort {
    #[default]
    DueDate,
    DueDateDesc,
    IssueDate,
    IssueDateDesc,
    NossoNumero,
    NossoNumeroDesc,
    Amount,
    AmountDesc,
    Client,
    ClientDesc,
}

impl BoletoSort {
    pub fn parse(text: &str) -> Option<BoletoSort> {
        Some(match text {
            "due_date" => BoletoSort::DueDate,
            "-due_date" => BoletoSort::DueDateDesc,
            "issue_date" => BoletoSort::IssueDate,
            "-issue_date" => BoletoSort::IssueDateDesc,
            "nosso_numero" => BoletoSort::NossoNumero,
            "-nosso_numero" => BoletoSort::NossoNumeroDesc,
            "amount" => BoletoSort::Amount,
            "-amount" => BoletoSort::AmountDesc,
            "client" => BoletoSort::Client,
            "-client" => BoletoSort::ClientDesc,
            _ => return None,
        })
    }
}

/// Count and amount of one state, over the whole filter.
#[derive(Debug, Clone, Default)]
pub struct BoletoTotals {
    pub count: i64,
    pub amount_cents: i64,
    pub by_status: Vec<(BoletoStatus, i64, i64)>,
}

/// Basis points as a Brazilian percentage: `1234` → `12,34%` (the one formatter; sales uses it through
/// `finance::percent`).
pub fn percent(bp: i64) -> String {
    let sign = if bp < 0 { "-" } else { "" };
    let bp = bp.unsigned_abs();
    format!("{sign}{},{:02}%", bp / 100, bp % 100)
}

/// Juros per day of delay, pro rata die over 30 days, rounded down to the centavo (at least 1 when any).
pub fn interest_per_day(amount_cents: i64, monthly_bp: i64) -> i64 {
    if monthly_bp == 0 {
        return 0;
    }
    (amount_cents * monthly_bp / 10_000 / 30).max(1)
}

/// The text printed in the boleto's instructions box.
pub fn instructions_text(
    amount_cents: i64,
    fine_bp: i64,
    interest_monthly_bp: i64,
    protest_days: Option<i64>,
    baixa_days: Option<i64>,
) -> String {
    let mut lines = Vec::new();
    if fine_bp > 0 {
        lines.push(format!(
            "Após o vencimento, cobrar multa de {} ({}).",
            percent(fine_bp),
            banking::pdf::format_brl(amount_cents * fine_bp / 10_000)
        ));
    }
    if interest_monthly_bp > 0 {
        lines.push(format!(
            "Após o vencimento, cobrar juros de {} ao mês: {} por dia de atraso.",
            percent(interest_monthly_bp),
            banking::pdf::format_brl(interest_per_day(amount_cents, interest_monthly_bp))
        ));
    }
    if let Some(days) = protest_days {
        lines.push(format!(
            "Sujeito a protesto após {days} dias do vencimento."
        ));
    }
    if let Some(days) = baixa_days {
        lines.push(format!("Não receber após {days} dias do vencimento."));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basis_points_read_as_a_portuguese_percentage() {
        assert_eq!(percent(1_250), "12,50%");
        assert_eq!(percent(200), "2,00%");
        assert_eq!(percent(5), "0,05%");
        assert_eq!(percent(-1_250), "-12,50%");
        assert_eq!(percent(-5), "-0,05%");
    }

    #[test]
    fn the_lifecycle_goes_forward_only() {
        use BoletoStatus::*;
        assert!(Emitido.can_become(EmRemessa));
        assert!(EmRemessa.can_become(Rejeitado));
        assert!(Registrado.can_become(BaixaSolicitada));
        assert!(!Liquidado.can_become(Registrado));
        assert!(!Emitido.can_become(Registrado));
    }

    #[test]
    fn interest_is_pro_rata_die() {
        // R$ 300,00 at 1 % a month: R$ 3,00 a month, R$ 0,10 a day.
        assert_eq!(interest_per_day(30_000, 100), 10);
        assert_eq!(interest_per_day(100, 100), 1);
        assert_eq!(interest_per_day(30_000, 0), 0);
    }

    #[test]
    fn a_payer_without_address_misses_the_cep_first() {
        let p = payer_problems("Ana", "52998224725", None);
        assert_eq!(
            p,
            [(
                "address.cep",
                "Endereço do pagador incompleto: informe o CEP."
            )]
        );
    }

    #[test]
    fn instructions_name_fine_interest_and_protest() {
        let text = instructions_text(30_000, 200, 100, Some(5), None);
        assert!(text.contains("multa de 2,00% (R$ 6,00)"), "{text}");
        assert!(text.contains("R$ 0,10 por dia"), "{text}");
        assert!(text.contains("protesto após 5 dias"), "{text}");
    }
}
