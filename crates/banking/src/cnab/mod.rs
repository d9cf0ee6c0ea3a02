//! CNAB files: cobrança remessa/retorno (240 and 400), payments (240), naming, and a
//! simulated bank answering a CNAB 240 remessa (for homologation and tests).
//!
//! Sources for the layouts: FEBRABAN "Layout Padrão CNAB 240" v10.x, and the banks'
//! manuals as reflected in kivanio/brcobranca, eduardokum/laravel-boleto,
//! openboleto/OpenCnabPHP and eduardordm/cnab240 (payments). Each layout module names
//! its source next to the positions.

pub mod c240;
pub mod c400;
pub mod lines;
pub mod naming;

pub mod occurrences;
pub mod payments;

pub mod record;
pub mod retorno;
pub mod simulate;
pub mod text;

use crate::bank::Bank;
use chrono::{NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};

/// CNAB record width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Layout {
    #[serde(rename = "240")]
    Cnab240,
    #[serde(rename = "400")]
    Cnab400,
}

/// What a file is about: cobrança (boletos we issue), payments we make, or a statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileKind {
    Cobranca,
    Pagamentos,
    Extrato,
}

/// The company that sends the remessa (beneficiário / pagador in payments).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Company {
    pub name: String,
    /// CPF (11 digits) or CNPJ (14), punctuation allowed.
    pub document: String,
    pub agency: String,
    pub agency_dv: String,
    pub account: String,
    pub account_dv: String,
    /// Convênio (BB), código do beneficiário (Caixa, Sicredi, Sicoob), código de
    /// transmissão (Santander), código da empresa (Bradesco 400).
    pub agreement: String,
    /// Carteira (e.g. "17" BB, "109" Itaú, "09" Bradesco, "1" Sicoob).
    pub wallet: String,
    /// Variação da carteira (BB) / modalidade (Sicoob, Caixa "14").
    pub variation: String,
    /// Posto (Sicredi).
    pub post: String,
}

impl Company {
    /// 1 for CPF, 2 for CNPJ, as CNAB writes it.
    pub fn document_kind(&self) -> u64 {
        document_kind(&self.document)
    }
}

/// 1 for an 11-digit CPF, 2 otherwise (CNPJ), as CNAB writes "tipo de inscrição".
pub fn document_kind(document: &str) -> u64 {
    let digits = document.bytes().filter(u8::is_ascii_digit).count();
    if digits == 11 && !document.bytes().any(|b| b.is_ascii_alphabetic()) {
        1
    } else {
        2
    }
}

/// What the remessa asks the bank to do with a title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Instruction {
    /// Entrada de título (registration).
    #[default]
    Register,
    /// Pedido de baixa (cancellation).
    Cancel,
    /// Alteração de vencimento.
    ChangeDueDate,
    /// Concessão de desconto.
    GrantDiscount,
    /// Concessão de abatimento (the amount in [`Title::abatement`]): the bank lowers what the payer owes,
    /// where a discount is only granted for paying by a date.
    GrantRebate,
    /// Alteração de juros de mora.
    ChangeInterest,
    /// Alteração de multa.
    ChangeFine,
    /// Protestar.
    Protest,
    /// Sustar protesto e baixar.
    CancelProtest,
}

/// Daily interest (juros de mora).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    rename_all = "snake_case",
    tag = "type",
    content = "value",
    deny_unknown_fields
)]
pub enum Interest {
    /// Centavos per day.
    DailyAmount(i64),
    /// Monthly rate in hundredths of a percent (200 = 2,00% a.m.).
    MonthlyRate(u32),
}

/// Late fine (multa).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    rename_all = "snake_case",
    tag = "type",
    content = "value",
    deny_unknown_fields
)]
pub enum Fine {
    /// Fixed amount in centavos.
    Amount(i64),
    /// Percentage in hundredths (200 = 2,00%).
    Percent(u32),
}

/// The payer (pagador) of a boleto.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Payer {
    pub name: String,
    pub document: String,
    pub address: String,
    pub district: String,
    pub zip: String,
    pub city: String,
    pub state: String,
}

/// One title (boleto) in a cobrança remessa.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Title {
    #[serde(default)]
    pub instruction: Instruction,
    /// The bank's number for the title, with its check digit, as the bank prints it.
    /// Itaú's CNAB 400 field holds the 8 digits without the DAC: that writer takes 8 digits
    /// or fewer as the number itself and checks and drops the DAC of a longer value.
    pub nosso_numero: String,
    /// The company's own reference (número do documento).
    pub seu_numero: String,
    pub due_date: NaiveDate,
    pub issue_date: NaiveDate,
    /// Centavos.
    pub amount: i64,
    pub payer: Payer,
    /// Espécie do título, FEBRABAN code (02 = DM duplicata mercantil, default).
    #[serde(default)]
    pub species: Option<String>,
    #[serde(default)]
    pub interest: Option<Interest>,
    /// From when interest runs; default: the day after the due date.
    #[serde(default)]
    pub interest_from: Option<NaiveDate>,
    #[serde(default)]
    pub fine: Option<Fine>,
    #[serde(default)]
    pub fine_from: Option<NaiveDate>,
    /// Discount in centavos granted if paid up to `discount_until`.
    #[serde(default)]
    pub discount: Option<i64>,
    #[serde(default)]
    pub discount_until: Option<NaiveDate>,
    /// Abatimento in centavos: taken off what the payer owes whatever the payment date.
    #[serde(default)]
    pub abatement: Option<i64>,
    /// Protest after this many days overdue.
    #[serde(default)]
    pub protest_days: Option<u8>,
    /// Lines printed for the payer (Sicoob segment S, R messages).
    #[serde(default)]
    pub messages: Vec<String>,
}

/// The remessa file as a whole, minus its titles (which stream).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemessaHeader {
    pub bank: Bank,
    pub company: Company,
    /// This file's sequence number (NSA): the caller's last used number + 1.
    pub sequence: u32,
    pub generated_at: NaiveDateTime,
}

impl RemessaHeader {
    /// The header of the next remessa: the caller passes the last sequence number it
    /// used; the file gets the next one (returned again in [`RemessaSummary::sequence`]).
    pub fn after(
        bank: Bank,
        company: Company,
        last_sequence: u32,
        generated_at: NaiveDateTime,
    ) -> Self {
        RemessaHeader {
            bank,
            company,
            sequence: next_sequence(last_sequence),
            generated_at,
        }
    }
}

/// What a written remessa contains, for the caller to store and check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RemessaSummary {
    /// The sequence number written in the file; store it as the new "last used".
    pub sequence: u32,
    pub titles: u64,
    pub records: u64,
    /// Sum of amounts in centavos.
    pub total: i64,
}

/// Errors while writing a remessa.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("item {index} (título ou pagamento, contado a partir de 1; 0 = cabeçalho/trailer): {source}")]
    Field {
        index: u64,
        source: record::FieldError,
    },
    #[error("{0}")]
    Unsupported(String),
    #[error("erro de gravação: {0}")]
    Io(#[from] std::io::Error),
}

/// Errors while reading a retorno (always with the line, in Portuguese).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("linha {line}: {message}")]
pub struct ReadError {
    pub line: usize,
    pub message: String,
}

impl ReadError {
    pub fn new(line: usize, message: impl Into<String>) -> Self {
        ReadError {
            line,
            message: message.into(),
        }
    }
}

/// The next sequence number (NSA) after `last`; wraps from 999999 to 1 because the
/// field has six digits.
pub fn next_sequence(last: u32) -> u32 {
    if last >= 999_999 {
        1
    } else {
        last + 1
    }
}

/// The nosso número as a remessa carries it, computed with its check digit by
/// [`crate::boleto::nosso_numero`] from the bank's sequence number and the company data.
///
/// Per bank: digits + DV (BB, Santander, Bradesco, Itaú, Sicoob); Caixa's CNAB field holds
/// the 17 digits without DV; Sicredi's holds year + byte + sequence + DV. Itaú's value is
/// the 8 digits + DAC that CNAB 240 writes at 41–49; its CNAB 400 field holds the 8 digits
/// alone, and that writer drops the DAC again ([`nosso_numero_without_dv`]).
pub fn nosso_numero_for_cnab(
    bank: Bank,
    company: &Company,
    numero: &str,
) -> Result<String, String> {
    let input = boleto_input(bank, company, numero);
    let nn = crate::boleto::nosso_numero(bank, &input).map_err(|e| e.message)?;
    let dv = nn.dv.map(String::from).unwrap_or_default();
    Ok(match bank {
        Bank::Caixa => nn.digits,
        Bank::Sicredi => nn
            .formatted
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect(),
        _ => format!("{}{}", nn.digits, dv),
    })
}

/// The boleto input for a nosso número of `company` (carteira, agência, conta, convênio…).
fn boleto_input(bank: Bank, company: &Company, numero: &str) -> crate::boleto::BoletoInput {
    let some = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
    let mut input = crate::boleto::BoletoInput::new(bank);
    input.carteira = company.wallet.clone();
    input.agencia = company.agency.clone();
    input.agencia_dv = some(&company.agency_dv);
    input.conta = company.account.clone();
    input.conta_dv = some(&company.account_dv);
    input.convenio = some(&company.agreement);
    input.codigo_beneficiario = some(&company.agreement);
    input.posto = some(&company.post);
    input.variacao = some(&company.variation);
    input.nosso_numero = numero.to_string();
    input
}

/// The number alone, for a field of `width` digits that holds the nosso número without
/// its check digit (Itaú CNAB 400, 63–70: see [`c400`]).
///
/// `nosso` is a title's nosso número, digits only: `width` digits or fewer are the number
/// itself (as brcobranca's remessas give it); a longer value is number + DV as the bank
/// prints it (what [`nosso_numero_for_cnab`] returns): its DV must be the one the bank
/// computes from the company data, and is dropped. Anything else is an error, never a
/// silently shifted number.
pub fn nosso_numero_without_dv(
    bank: Bank,
    company: &Company,
    nosso: &str,
    width: usize,
) -> Result<String, String> {
    let nosso = nosso.trim();
    if !nosso.bytes().all(|b| b.is_ascii_digit()) {
        return Err("nosso número deve ter só dígitos".into());
    }
    if nosso.len() <= width {
        return Ok(nosso.to_string());
    }
    let (number, given) = nosso.split_at(nosso.len() - 1);
    if number.trim_start_matches('0').len() > width {
        return Err(format!(
            "nosso número {nosso}: mais de {width} dígitos além do DAC"
        ));
    }
    let nn = crate::boleto::nosso_numero(bank, &boleto_input(bank, company, number))
        .map_err(|e| format!("nosso número {nosso}: {}", e.message))?;
    match nn.dv {
        Some(dv) if given == dv.to_string() => Ok(number.to_string()),
        Some(dv) => Err(format!(
            "nosso número {nosso}: DAC {given} não confere (calculado {} com agência, conta \
             e carteira da empresa); o campo leva os {width} dígitos sem o DAC",
            dv
        )),
        None => Err(format!("nosso número {nosso}: mais de {width} dígitos")),
    }
}
