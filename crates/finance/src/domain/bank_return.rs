//! Retornos (finance.md §1 Retorno, Ocorrência, §3.4): the files the bank sends back, each occurrence applied once
//! (three levels: the file's sha256 per account, the occurrence's key — convênio, nosso número, movimento, data,
//! valor pago — and the receipt's source), with its result, and the pendências left for a person.

use std::collections::BTreeSet;

use chrono::{DateTime, NaiveDate, Utc};

use super::boleto::EventKind;

/// A retorno's state: IMPORTADO while its job runs, then PROCESSADO, PROCESSADO_COM_PENDENCIAS or FALHOU.
pub const RETURN_STATUSES: [&str; 4] = [
    "IMPORTADO",
    "PROCESSADO",
    "PROCESSADO_COM_PENDENCIAS",
    "FALHOU",
];

/// What an occurrence did.
pub const OCCURRENCE_RESULTS: [&str; 5] = [
    "APLICADA",
    "DUPLICADA_IGNORADA",
    "NAO_LOCALIZADA",
    "DIVERGENTE",
    "INFORMATIVA",
];

/// What a pendência is about.
pub const PENDENCY_KINDS: [&str; 4] = [
    "NAO_LOCALIZADA",
    "DIVERGENTE",
    "PAGAMENTO_APOS_CANCELAMENTO",
    "PAGAMENTO_DUPLICIDADE",
];

/// How a person resolves a pendência.
pub const PENDENCY_ACTIONS: [&str; 4] = [
    "VINCULAR_PARCELA",
    "REEMBOLSO",
    "CREDITO_CLIENTE",
    "DESCARTAR",
];

/// The pendência's title as the screen shows it.
pub fn pendency_label(kind: &str) -> &'static str {
    match kind {
        "NAO_LOCALIZADA" => "Boleto não localizado",
        "DIVERGENTE" => "Valor divergente",
        "PAGAMENTO_APOS_CANCELAMENTO" => "Pagamento após cancelamento",
        _ => "Pagamento em duplicidade",
    }
}

/// A stored retorno (its bytes are read apart).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BankReturn {
    pub id: String,
    pub bank_account_id: String,
    pub kind: String,
    pub file_name: String,
    pub sha256: String,
    pub layout: String,
    pub bank: String,
    pub sequence: i64,
    pub generated_on: Option<NaiveDate>,
    pub status: String,
    pub failure: Option<String>,
    pub failure_line: Option<i64>,
    pub total: i64,
    pub done: i64,
    pub applied: i64,
    pub duplicated: i64,
    pub not_found: i64,
    pub divergent: i64,
    pub informative: i64,
    pub job_id: Option<String>,
    pub imported_at: DateTime<Utc>,
    pub imported_by: String,
    pub imported_by_name: String,
    pub processed_at: Option<DateTime<Utc>>,
    pub version: i64,
}

/// One occurrence of a retorno and what it did.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Occurrence {
    pub id: String,
    pub return_id: String,
    pub line: i64,
    pub nosso_numero: String,
    pub seu_numero: String,
    pub movement_code: String,
    pub movement_text: String,
    pub reasons: String,
    pub occurrence_date: Option<NaiveDate>,
    pub credit_date: Option<NaiveDate>,
    pub amount_cents: i64,
    pub paid_cents: i64,
    pub interest_cents: i64,
    pub fees_cents: i64,
    pub result: String,
    pub message: String,
    pub agreement_id: Option<String>,
    pub boleto_id: Option<String>,
    pub installment_id: Option<String>,
    pub remittance_id: Option<String>,
    pub dedupe_key: Option<String>,
    /// What it says of its boleto's item on the remessa (CONFIRMADO, REJEITADO, LIQUIDADO, BAIXADO): the
    /// item's result is its latest occurrence's.
    pub item_result: Option<String>,
    /// The line it puts on its boleto's timeline (stored with it; read back among the boleto's events).
    #[sqlx(skip)]
    pub event: Option<OccurrenceEvent>,
}

/// An occurrence's line on its boleto's timeline; its time and author are the retorno's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OccurrenceEvent {
    pub kind: EventKind,
    pub description: String,
    pub bank_text: Option<String>,
    pub amount_cents: Option<i64>,
    /// JSON object (a settlement's values).
    pub details: Option<String>,
}

/// A pendência.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Pendency {
    pub id: String,
    pub kind: String,
    pub status: String,
    pub return_id: String,
    pub occurrence_id: String,
    pub bank_account_id: String,
    pub boleto_id: Option<String>,
    pub installment_id: Option<String>,
    pub nosso_numero: String,
    pub amount_cents: i64,
    pub occurrence_date: Option<NaiveDate>,
    pub description: String,
    pub action: Option<String>,
    pub reason: Option<String>,
    pub resolved_installment_id: Option<String>,
    pub resolved_at: Option<DateTime<Utc>>,
    pub resolved_by: Option<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
}

/// The nosso número as both sides compare it: digits only, without leading zeros.
pub fn nosso_key(text: &str) -> String {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".into()
    } else {
        trimmed.to_string()
    }
}

/// The digit counts of the convênios' largest nosso números (their ranges' last and the largest issued).
pub fn widths(largest: &[i64]) -> BTreeSet<usize> {
    largest
        .iter()
        .filter(|n| **n > 0)
        .map(|n| n.to_string().len())
        .collect()
}

/// The boleto numbers a file's nosso número (its [`nosso_key`]) can be: the number itself (a boleto's bare key),
/// and, for each convênio's width, its trailing digits with and without the last one (the DV). The bank's field is
/// prefix (carteira, convênio…) + the number zero-padded to the bank's width (which the convênio's largest number
/// fits) + DV, so a boleto whose field is this key is among these; the retorno's lookup over them then matches as over
/// every boleto of the account's convênios.
pub fn numbers_of(key: &str, widths: &BTreeSet<usize>) -> Vec<i64> {
    let mut out = Vec::with_capacity(1 + 2 * widths.len());
    out.extend(key.parse::<i64>().ok());
    let without_dv = &key[..key.len().saturating_sub(1)];
    for w in widths {
        for s in [key, without_dv] {
            let tail = &s[s.len().saturating_sub(*w)..];
            if !tail.is_empty() {
                out.extend(tail.parse::<i64>().ok());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use banking::bank::Bank;
    use banking::cnab::{nosso_numero_for_cnab, Company};

    fn company(bank: Bank) -> Company {
        Company {
            name: "Empresa Exemplo Ltda".into(),
            document: "11222333000181".into(),
            agency: "1234".into(),
            agency_dv: "5".into(),
            account: "12345".into(),
            account_dv: "6".into(),
            agreement: match bank {
                Bank::Santander => "123456789012345".into(),
                // Sicredi's código do beneficiário has 5 digits.
                Bank::Sicredi => "12345".into(),
                _ => "1234567".into(),
            },
            wallet: match bank {
                Bank::Itau => "109".into(),
                Bank::Bradesco => "09".into(),
                Bank::BancoDoBrasil => "17".into(),
                Bank::Santander => "101".into(),
                _ => "1".into(),
            },
            variation: if bank == Bank::BancoDoBrasil {
                "019".into()
            } else {
                "01".into()
            },
            post: "01".into(),
        }
    }

    /// Every bank: a boleto's nosso número as the file carries it (with its DV where the field has one) leads back
    /// to the boleto's number, for convênios whose largest number has 1 digit up to the bank's width — so looking
    /// up only the file's numbers finds every boleto the account-wide lookup did.
    #[test]
    fn a_files_nosso_numero_leads_back_to_its_boletos_number_in_every_bank() {
        for bank in Bank::ALL {
            let c = company(bank);
            let fits = |n: i64| nosso_numero_for_cnab(bank, &c, &n.to_string()).is_ok();
            let width = (1..=17u32)
                .rev()
                .find(|w| fits(10_i64.pow(*w) - 1))
                .unwrap_or_else(|| panic!("{}: no width", bank.code()))
                as usize;
            let mut checked = 0;
            for w in 1..=width {
                let top = 10_i64.pow(w as u32) - 1;
                let sample = [1, 7, top / 3, top / 2 + 1, top - 1, top];
                let widths = BTreeSet::from([w]);
                // Only numbers the bank issues (Sicredi's are AA + byte 1–9 + sequence, 8 digits).
                for n in sample.into_iter().filter(|n| *n >= 1 && fits(*n)) {
                    checked += 1;
                    let field = nosso_numero_for_cnab(bank, &c, &n.to_string()).unwrap();
                    let key = nosso_key(&field);
                    assert!(
                        numbers_of(&key, &widths).contains(&n),
                        "{}: number {n} (width {w}) written {field}: {:?}",
                        bank.code(),
                        numbers_of(&key, &widths)
                    );
                }
            }
            assert!(checked >= 3, "{}: {checked} numbers checked", bank.code());
        }
    }

    #[test]
    fn the_widths_are_those_of_the_largest_numbers() {
        assert_eq!(widths(&[99_999_999, 0, 1234]), BTreeSet::from([4, 8]));
        assert_eq!(
            numbers_of("1234", &BTreeSet::from([8])),
            vec![1234, 1234, 123]
        );
    }
}
