//! Remessas (finance.md §1 Remessa, §3.3): the files of instructions we send the bank — cobrança now (entries of
//! boletos and instructions on registered ones), pagamentos later (the `kind` column is there for it).
//!
//! States: RASCUNHO → GERADA → ENVIADA → PROCESSADA | REJEITADA; GERADA → RASCUNHO (reaberta, never sent: it keeps
//! its sequence); RASCUNHO → CANCELADA (descartada). An item (a boleto's entry, or a pending instruction) is in at
//! most one live remessa: a unique key on the item while its remessa is live.

use banking::cnab::{Company, Instruction, Payer as CnabPayer, Title};
use chrono::{DateTime, NaiveDate, Utc};

use super::agreement::CollectionAgreement;
use super::boleto::{BoletoStatus, InstructionKind, Payer};

/// The history's entity of a remessa.
pub const REMITTANCE_ENTITY: &str = "finance.remittance";
/// The history action of a generation. Each one is also the "Incluído na remessa" line on the timeline of every
/// boleto the remessa carries as an entrada (read from the history with the boleto's events).
pub const GENERATED_ACTION: &str = "Arquivo gerado";

/// A remessa's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RemittanceStatus {
    Rascunho,
    Gerada,
    Enviada,
    Processada,
    Rejeitada,
    Cancelada,
}

impl RemittanceStatus {
    pub const ALL: [RemittanceStatus; 6] = [
        RemittanceStatus::Rascunho,
        RemittanceStatus::Gerada,
        RemittanceStatus::Enviada,
        RemittanceStatus::Processada,
        RemittanceStatus::Rejeitada,
        RemittanceStatus::Cancelada,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RemittanceStatus::Rascunho => "RASCUNHO",
            RemittanceStatus::Gerada => "GERADA",
            RemittanceStatus::Enviada => "ENVIADA",
            RemittanceStatus::Processada => "PROCESSADA",
            RemittanceStatus::Rejeitada => "REJEITADA",
            RemittanceStatus::Cancelada => "CANCELADA",
        }
    }

    pub fn parse(text: &str) -> Option<RemittanceStatus> {
        RemittanceStatus::ALL
            .into_iter()
            .find(|s| s.as_str() == text)
    }

    /// How people read it in a message.
    pub fn label(self) -> &'static str {
        match self {
            RemittanceStatus::Rascunho => "em rascunho",
            RemittanceStatus::Gerada => "gerada",
            RemittanceStatus::Enviada => "enviada",
            RemittanceStatus::Processada => "processada",
            RemittanceStatus::Rejeitada => "rejeitada",
            RemittanceStatus::Cancelada => "descartada",
        }
    }

    /// Whether its items are taken (no other remessa may carry them).
    pub fn holds_items(self) -> bool {
        !matches!(
            self,
            RemittanceStatus::Cancelada | RemittanceStatus::Rejeitada
        )
    }
}

/// What a remessa item asks of the bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemInstruction {
    Entrada,
    PedidoBaixa,
    AlteracaoVencimento,
    Abatimento,
    Protesto,
    SustarProtesto,
}

impl ItemInstruction {
    pub const ALL: [ItemInstruction; 6] = [
        ItemInstruction::Entrada,
        ItemInstruction::PedidoBaixa,
        ItemInstruction::AlteracaoVencimento,
        ItemInstruction::Abatimento,
        ItemInstruction::Protesto,
        ItemInstruction::SustarProtesto,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ItemInstruction::Entrada => "ENTRADA",
            ItemInstruction::PedidoBaixa => "PEDIDO_BAIXA",
            ItemInstruction::AlteracaoVencimento => "ALTERACAO_VENCIMENTO",
            ItemInstruction::Abatimento => "ABATIMENTO",
            ItemInstruction::Protesto => "PROTESTO",
            ItemInstruction::SustarProtesto => "SUSTAR_PROTESTO",
        }
    }

    pub fn parse(text: &str) -> Option<ItemInstruction> {
        ItemInstruction::ALL
            .into_iter()
            .find(|s| s.as_str() == text)
    }

    /// The remessa item for a boleto's pending instruction.
    pub fn of(kind: InstructionKind) -> ItemInstruction {
        match kind {
            InstructionKind::Baixa => ItemInstruction::PedidoBaixa,
            InstructionKind::AlteracaoVencimento => ItemInstruction::AlteracaoVencimento,
            InstructionKind::Abatimento => ItemInstruction::Abatimento,
            InstructionKind::Protesto => ItemInstruction::Protesto,
            InstructionKind::SustarProtesto => ItemInstruction::SustarProtesto,
        }
    }

    /// The CNAB movement `banking` writes for it (an abatimento goes as a discount of its amount).
    pub fn cnab(self) -> Instruction {
        match self {
            ItemInstruction::Entrada => Instruction::Register,
            ItemInstruction::PedidoBaixa => Instruction::Cancel,
            ItemInstruction::AlteracaoVencimento => Instruction::ChangeDueDate,
            ItemInstruction::Abatimento => Instruction::GrantRebate,
            ItemInstruction::Protesto => Instruction::Protest,
            ItemInstruction::SustarProtesto => Instruction::CancelProtest,
        }
    }
}

/// A stored remessa (the file's bytes are read apart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remittance {
    pub id: String,
    pub number: String,
    pub kind: String,
    pub bank_account_id: String,
    pub agreement_id: String,
    pub layout: String,
    pub sequence: Option<i64>,
    pub file_name: Option<String>,
    pub status: RemittanceStatus,
    pub item_count: i64,
    pub total_cents: i64,
    pub rejected_count: i64,
    /// JSON array of the preflight's findings.
    pub preflight: Option<String>,
    pub sha256: Option<String>,
    pub generated_at: Option<DateTime<Utc>>,
    pub generated_by: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
    pub sent_by: Option<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

/// One item of a remessa.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemittanceItem {
    pub id: String,
    pub remittance_id: String,
    pub position: i64,
    pub boleto_id: String,
    pub instruction_id: Option<String>,
    pub instruction: ItemInstruction,
    pub nosso_numero: i64,
    pub amount_cents: i64,
    pub result: Option<String>,
    pub result_code: Option<String>,
    pub result_text: Option<String>,
}

/// An item waiting for a remessa: an EMITIDO boleto's entry, or a pending instruction on a registered one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingItem {
    pub boleto_id: String,
    pub instruction_id: Option<String>,
    pub instruction: ItemInstruction,
    pub nosso_numero: i64,
    pub nosso_numero_formatted: String,
    pub payer_name: String,
    pub due_date: NaiveDate,
    pub amount_cents: i64,
}

/// The list's filters.
#[derive(Debug, Clone, Default)]
pub struct RemittanceFilter {
    pub agreement_id: Option<String>,
    pub bank_account_id: Option<String>,
    pub statuses: Vec<RemittanceStatus>,
}

/// The company as the convênio's bank registered it, for the file's header.
pub fn company_of(a: &CollectionAgreement) -> Company {
    let f = &a.fields;
    Company {
        name: f.beneficiary_name.clone(),
        document: f.beneficiary_document.clone(),
        agency: a.agency.clone(),
        agency_dv: String::new(),
        account: a.account.clone(),
        account_dv: a.account_digit.clone(),
        agreement: f.beneficiary_code.clone(),
        wallet: f.carteira.clone(),
        variation: f
            .variacao
            .clone()
            .or_else(|| f.modalidade.clone())
            .unwrap_or_default(),
        post: f.posto.clone().unwrap_or_default(),
    }
}

/// What a remessa's record takes from a boleto (a generation reads these, not the whole boleto: at 100,000
/// items the printed lines, barcode and PIX code were half of what was read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoletoForRemessa {
    pub id: String,
    pub status: BoletoStatus,
    pub remittance_id: Option<String>,
    pub nosso_numero: i64,
    pub nosso_numero_formatted: String,
    pub seu_numero: String,
    pub payer: Payer,
    pub issue_date: NaiveDate,
    pub due_date: NaiveDate,
    pub amount_cents: i64,
    pub fine_bp: i64,
    pub interest_monthly_bp: i64,
    pub discount_cents: i64,
    pub abatement_cents: i64,
    pub protest_days: Option<i64>,
}

/// The title `banking` writes for `item` of `boleto` (the nosso número with its DV as the bank's field takes it).
pub fn title_of(
    boleto: &BoletoForRemessa,
    instruction: ItemInstruction,
    nosso_numero: String,
    new_due_date: Option<NaiveDate>,
    amount: Option<i64>,
) -> Title {
    let a = &boleto.payer.address;
    let mut street = a.street.clone();
    if !a.number.is_empty() {
        street.push_str(", ");
        street.push_str(&a.number);
    }
    if !a.complement.is_empty() {
        street.push(' ');
        street.push_str(&a.complement);
    }
    let interest = (boleto.interest_monthly_bp > 0).then(|| {
        banking::cnab::Interest::MonthlyRate(boleto.interest_monthly_bp.clamp(0, 100_000) as u32)
    });
    let fine = (boleto.fine_bp > 0)
        .then(|| banking::cnab::Fine::Percent(boleto.fine_bp.clamp(0, 10_000) as u32));
    let discount = (boleto.discount_cents > 0).then_some(boleto.discount_cents);
    // An abatimento instruction carries its own amount; an entrada, the abatimento the boleto was issued with.
    let abatement = match instruction {
        ItemInstruction::Abatimento => amount,
        _ => (boleto.abatement_cents > 0).then_some(boleto.abatement_cents),
    };
    Title {
        instruction: instruction.cnab(),
        nosso_numero,
        seu_numero: seu_numero(&boleto.seu_numero),
        due_date: new_due_date.unwrap_or(boleto.due_date),
        issue_date: boleto.issue_date,
        amount: boleto.amount_cents,
        payer: CnabPayer {
            name: boleto.payer.name.clone(),
            document: boleto.payer.document.clone(),
            address: street,
            district: a.district.clone(),
            zip: a.cep.chars().filter(char::is_ascii_digit).collect(),
            city: a.city.clone(),
            state: a.state.clone(),
        },
        species: None,
        interest,
        interest_from: None,
        fine,
        fine_from: None,
        discount,
        discount_until: discount.map(|_| boleto.due_date),
        abatement,
        protest_days: boleto
            .protest_days
            .and_then(|d| u8::try_from(d).ok())
            .filter(|d| *d > 0),
        messages: Vec::new(),
    }
}

/// The seu número as the files' 10 characters take it: "CR-2026-000123 1/3" → "000123-1" (the título's
/// sequence and the installment), or the label itself when it fits.
pub fn seu_numero(label: &str) -> String {
    if label.chars().count() <= 10 {
        return label.to_string();
    }
    let mut parts = label.split_whitespace();
    let number = parts.next().unwrap_or_default();
    let seq = parts
        .next()
        .and_then(|p| p.split('/').next())
        .unwrap_or_default();
    let digits: String = number.rsplit('-').next().unwrap_or(number).to_string();
    let compact = if seq.is_empty() {
        digits
    } else {
        format!("{digits}-{seq}")
    };
    compact
        .chars()
        .rev()
        .take(10)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seu_numero_fits_ten_characters() {
        assert_eq!(seu_numero("CR-2026-000123 1/3"), "000123-1");
        assert_eq!(seu_numero("NF123"), "NF123");
        assert_eq!(seu_numero("CR-2026-000123 123/999").chars().count(), 10);
    }
}
