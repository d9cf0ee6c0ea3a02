//! Suppliers (fornecedores): whom the company pays. A person (CPF: PF) or a company (CNPJ, numeric or the
//! alphanumeric format of July 2026: PJ), the kind following from the document, which never changes after the
//! supplier is created and is unique among active suppliers. The supplier's bank accounts and PIX keys are where
//! its payments go: since changing them is how a payee is redirected (fraud), one added by someone who may not
//! confirm bank data stays pending — unusable — until another person who may confirms it (`finance.md` §1).

use banking::document::{validate_document, Document};
use chrono::{DateTime, Utc};
use platform::error::{Error, Result, Violations};
use platform::text::{collapse_spaces, truncate};
use platform::values::{Address, Email, Phone};

use super::bank_account::{check_digit, digits};
use super::chart::{Account, AccountKind};
use super::cost_center::CostCenter;

pub const MAX_NAME: usize = 120;
pub const MAX_NOTES: usize = 2000;
pub const MAX_HOLDER_NAME: usize = 120;
const MAX_AGENCY: usize = 5;
const MAX_ACCOUNT: usize = 12;

/// Pessoa física (CPF) or jurídica (CNPJ): follows from the document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SupplierKind {
    Pf,
    Pj,
}

impl SupplierKind {
    pub fn of(document: &Document) -> SupplierKind {
        match document {
            Document::Cpf(_) => SupplierKind::Pf,
            Document::Cnpj(_) => SupplierKind::Pj,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            SupplierKind::Pf => "PF",
            SupplierKind::Pj => "PJ",
        }
    }
}

/// How a supplier is usually paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentMethod {
    Boleto,
    Pix,
    Ted,
    DebitoAutomatico,
    Dinheiro,
    Cartao,
}

impl PaymentMethod {
    pub const ALL: [PaymentMethod; 6] = [
        PaymentMethod::Boleto,
        PaymentMethod::Pix,
        PaymentMethod::Ted,
        PaymentMethod::DebitoAutomatico,
        PaymentMethod::Dinheiro,
        PaymentMethod::Cartao,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Boleto => "BOLETO",
            PaymentMethod::Pix => "PIX",
            PaymentMethod::Ted => "TED",
            PaymentMethod::DebitoAutomatico => "DEBITO_AUTOMATICO",
            PaymentMethod::Dinheiro => "DINHEIRO",
            PaymentMethod::Cartao => "CARTAO",
        }
    }

    /// The stored name, in any case.
    pub fn parse(text: &str) -> Option<PaymentMethod> {
        let text = text.trim().to_uppercase();
        PaymentMethod::ALL.into_iter().find(|m| m.as_str() == text)
    }
}

/// What a person typed for a new supplier, before validation.
#[derive(Debug, Clone, Default)]
pub struct SupplierDraft {
    pub document: Option<String>,
    pub name: Option<String>,
    pub trade_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Option<Address>,
    pub default_payment_method: Option<String>,
    pub default_chart_account_id: Option<String>,
    pub default_cost_center_id: Option<String>,
    pub notes: Option<String>,
}

/// A change to a supplier: `None` leaves a field as it is, `Some(None)` clears an optional one. The document
/// does not change.
#[derive(Debug, Clone, Default)]
pub struct SupplierPatch {
    pub name: Option<String>,
    pub trade_name: Option<Option<String>>,
    pub email: Option<Option<String>>,
    pub phone: Option<Option<String>>,
    pub address: Option<Option<Address>>,
    pub default_payment_method: Option<Option<String>>,
    pub default_chart_account_id: Option<Option<String>>,
    pub default_cost_center_id: Option<Option<String>>,
    pub notes: Option<Option<String>>,
    pub active: Option<bool>,
}

/// A valid supplier's fields (all but its document and state).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SupplierFields {
    pub name: String,
    pub trade_name: Option<String>,
    pub email: Option<Email>,
    pub phone: Option<Phone>,
    pub address: Option<Address>,
    pub default_payment_method: Option<PaymentMethod>,
    pub default_chart_account_id: Option<String>,
    pub default_cost_center_id: Option<String>,
    pub notes: Option<String>,
}

/// A stored supplier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Supplier {
    pub id: String,
    pub document: Document,
    pub fields: SupplierFields,
    pub active: bool,
    /// Bumped on every change of the supplier's own fields (not of its bank data).
    pub version: i64,
    /// Whether a bank account or PIX key of it awaits confirmation.
    pub pending_bank_data: bool,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub updated_at: DateTime<Utc>,
    pub updated_by: String,
}

impl Supplier {
    pub fn kind(&self) -> SupplierKind {
        SupplierKind::of(&self.document)
    }
}

/// The list's filters: `q` matches the name, the trade name or the document (with or without punctuation),
/// whatever the case and accents; `None` filters nothing.
#[derive(Debug, Clone, Default)]
pub struct SupplierFilter {
    pub q: Option<String>,
    pub active: Option<bool>,
    /// With (true) or without (false) bank data awaiting confirmation.
    pub pending: Option<bool>,
}

/// What the service found for the default account and cost centre a draft names, and the ones the supplier
/// already has (kept as they are when left unchanged, even if deactivated since).
#[derive(Debug, Clone, Copy, Default)]
pub struct Defaults<'a> {
    pub chart_account: Option<&'a Account>,
    pub cost_center: Option<&'a CostCenter>,
    pub stored_chart_account: Option<&'a str>,
    pub stored_cost_center: Option<&'a str>,
}

impl SupplierDraft {
    /// Checks every field; the error names each offending one. The kind follows from the document.
    pub fn validate(&self, defaults: &Defaults) -> Result<(Document, SupplierFields)> {
        let mut v = Violations::new();
        let document = check_document("document", self.document.as_deref(), &mut v);
        let fields = self.fields(defaults, &mut v);
        v.finish()?;
        Ok((document.expect("checked"), fields))
    }

    /// The fields but the document.
    fn fields(&self, defaults: &Defaults, v: &mut Violations) -> SupplierFields {
        let name = required_text("name", self.name.as_deref(), MAX_NAME, "Informe o nome.", v);
        let trade_name = optional_text("trade_name", self.trade_name.as_deref(), MAX_NAME, v);
        let email = blank_to_none(self.email.as_deref())
            .and_then(|e| Email::parse(e).map_err(|m| v.add("email", m)).ok());
        let phone = blank_to_none(self.phone.as_deref())
            .and_then(|p| Phone::parse(p).map_err(|m| v.add("phone", m)).ok());
        let address = self
            .address
            .as_ref()
            .map(|a| Address::parse(a, "address", v));
        let default_payment_method =
            blank_to_none(self.default_payment_method.as_deref()).and_then(|m| {
                let method = PaymentMethod::parse(m);
                if method.is_none() {
                    v.add(
                        "default_payment_method",
                        format!(
                            "Forma de pagamento inválida '{}': use BOLETO, PIX, TED, DEBITO_AUTOMATICO, DINHEIRO ou CARTAO.",
                            truncate(m.trim(), 30)
                        ),
                    );
                }
                method
            });
        let default_chart_account_id = blank_to_none(self.default_chart_account_id.as_deref())
            .map(|id| check_chart_account(id, defaults, v));
        let default_cost_center_id = blank_to_none(self.default_cost_center_id.as_deref())
            .map(|id| check_cost_center(id, defaults, v));
        let notes = optional_text("notes", self.notes.as_deref(), MAX_NOTES, v);
        SupplierFields {
            name,
            trade_name,
            email,
            phone,
            address,
            default_payment_method,
            default_chart_account_id,
            default_cost_center_id,
            notes,
        }
    }
}

impl SupplierPatch {
    /// The supplier's fields and state with the patch applied, validated as a whole again.
    pub fn apply(&self, current: &Supplier, defaults: &Defaults) -> Result<(SupplierFields, bool)> {
        let f = &current.fields;
        let keep = |patch: &Option<Option<String>>, stored: Option<String>| match patch {
            Some(value) => value.clone(),
            None => stored,
        };
        let draft = SupplierDraft {
            document: None,
            name: Some(self.name.clone().unwrap_or_else(|| f.name.clone())),
            trade_name: keep(&self.trade_name, f.trade_name.clone()),
            email: keep(
                &self.email,
                f.email.as_ref().map(|e| e.as_str().to_string()),
            ),
            phone: keep(
                &self.phone,
                f.phone.as_ref().map(|p| p.as_str().to_string()),
            ),
            address: match &self.address {
                Some(address) => address.clone(),
                None => f.address.clone(),
            },
            default_payment_method: keep(
                &self.default_payment_method,
                f.default_payment_method.map(|m| m.as_str().to_string()),
            ),
            default_chart_account_id: keep(
                &self.default_chart_account_id,
                f.default_chart_account_id.clone(),
            ),
            default_cost_center_id: keep(
                &self.default_cost_center_id,
                f.default_cost_center_id.clone(),
            ),
            notes: keep(&self.notes, f.notes.clone()),
        };
        let mut v = Violations::new();
        let fields = draft.fields(defaults, &mut v);
        v.finish()?;
        Ok((fields, self.active.unwrap_or(current.active)))
    }
}

/// The default account must exist, be analytic (documents use analytic accounts) and active.
fn check_chart_account(id: &str, defaults: &Defaults, v: &mut Violations) -> String {
    let field = "default_chart_account_id";
    if defaults.stored_chart_account == Some(id) {
        return id.to_string();
    }
    match defaults.chart_account.filter(|a| a.id == id) {
        None => v.add(field, "Conta do plano não encontrada."),
        Some(a) if a.kind != AccountKind::Analitica => v.add(
            field,
            format!(
                "A conta {} {} é sintética: escolha uma conta analítica.",
                a.code.as_str(),
                a.name
            ),
        ),
        Some(a) if !a.active => v.add(
            field,
            format!("A conta {} {} está inativa.", a.code.as_str(), a.name),
        ),
        Some(_) => {}
    }
    id.to_string()
}

fn check_cost_center(id: &str, defaults: &Defaults, v: &mut Violations) -> String {
    let field = "default_cost_center_id";
    if defaults.stored_cost_center == Some(id) {
        return id.to_string();
    }
    match defaults.cost_center.filter(|c| c.id == id) {
        None => v.add(field, "Centro de custo não encontrado."),
        Some(c) if !c.active => v.add(
            field,
            format!(
                "O centro de custo {} {} está inativo.",
                c.fields.code, c.fields.name
            ),
        ),
        Some(_) => {}
    }
    id.to_string()
}

fn blank_to_none(text: Option<&str>) -> Option<&str> {
    text.filter(|t| !t.trim().is_empty())
}

/// Spaces collapsed; blank or too long is a violation.
fn required_text(
    field: &str,
    text: Option<&str>,
    max: usize,
    missing: &str,
    v: &mut Violations,
) -> String {
    let text = collapse_spaces(text.unwrap_or(""));
    if text.is_empty() {
        v.add(field, missing);
    } else if text.chars().count() > max {
        v.add(field, format!("Pode ter no máximo {max} caracteres."));
    }
    text
}

/// Trimmed (a name's spaces collapsed), `None` when blank; too long is a violation.
fn optional_text(
    field: &str,
    text: Option<&str>,
    max: usize,
    v: &mut Violations,
) -> Option<String> {
    let text = blank_to_none(text)?;
    let text = if field == "notes" {
        text.trim().to_string()
    } else {
        collapse_spaces(text)
    };
    if text.chars().count() > max {
        v.add(field, format!("Pode ter no máximo {max} caracteres."));
        return None;
    }
    Some(text)
}

/// A CPF or a CNPJ (alphanumeric allowed), typed with or without punctuation.
fn check_document(field: &str, input: Option<&str>, v: &mut Violations) -> Option<Document> {
    let Some(input) = blank_to_none(input) else {
        v.add(field, "Informe o CPF ou CNPJ.");
        return None;
    };
    validate_document(input)
        .map_err(|e| v.add(field, document_message(&e)))
        .ok()
}

/// "CPF inválido: dígito verificador não confere", as the forms show it.
pub use banking::pix_key::explained as document_message;

// ---- bank data ----

/// Where a bank account or PIX key stands. Only a confirmed one receives payments; nothing is deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BankDataStatus {
    /// Added by someone who may not confirm bank data: unusable until another person confirms it.
    Pendente,
    Confirmada,
    Removida,
}

impl BankDataStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            BankDataStatus::Pendente => "PENDENTE",
            BankDataStatus::Confirmada => "CONFIRMADA",
            BankDataStatus::Removida => "REMOVIDA",
        }
    }

    pub fn parse(text: &str) -> Option<BankDataStatus> {
        [
            BankDataStatus::Pendente,
            BankDataStatus::Confirmada,
            BankDataStatus::Removida,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// Who added, confirmed and removed a bank account or PIX key, and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trail {
    pub status: BankDataStatus,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub confirmed_by: Option<String>,
    pub removed_at: Option<DateTime<Utc>>,
    pub removed_by: Option<String>,
}

impl Trail {
    /// A new item: confirmed at once when its author may confirm bank data, pending otherwise.
    pub fn added(by: &str, at: DateTime<Utc>, confirmer: bool) -> Trail {
        Trail {
            status: if confirmer {
                BankDataStatus::Confirmada
            } else {
                BankDataStatus::Pendente
            },
            created_at: at,
            created_by: by.to_string(),
            confirmed_at: confirmer.then_some(at),
            confirmed_by: confirmer.then(|| by.to_string()),
            removed_at: None,
            removed_by: None,
        }
    }
}

/// Refuses a confirmation of `pending` items by `by`: nothing pending, or an item `by` added (the person who
/// added bank data never confirms it).
pub fn check_confirmation<'a>(
    pending: impl IntoIterator<Item = &'a Trail>,
    by: &str,
) -> Result<()> {
    let mut any = false;
    for trail in pending {
        any = true;
        if trail.created_by == by {
            return Err(Error::conflict(
                "confirmacao_pelo_autor",
                "Dados bancários incluídos por você precisam ser confirmados por outra pessoa.",
            ));
        }
    }
    if !any {
        return Err(Error::conflict(
            "nada_pendente",
            "Este fornecedor não tem dados bancários pendentes de confirmação.",
        ));
    }
    Ok(())
}

/// Conta corrente, poupança or conta de pagamento.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountType {
    Corrente,
    Poupanca,
    Pagamento,
}

impl AccountType {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountType::Corrente => "CORRENTE",
            AccountType::Poupanca => "POUPANCA",
            AccountType::Pagamento => "PAGAMENTO",
        }
    }

    pub fn parse(text: &str) -> Option<AccountType> {
        let text = text.trim().to_uppercase();
        [
            AccountType::Corrente,
            AccountType::Poupanca,
            AccountType::Pagamento,
        ]
        .into_iter()
        .find(|t| t.as_str() == text)
    }
}

/// What a person typed for a supplier's bank account.
#[derive(Debug, Clone, Default)]
pub struct SupplierBankAccountDraft {
    /// The 3-digit COMPE code (any bank, not only those whose files the system writes).
    pub bank: Option<String>,
    pub agency: Option<String>,
    pub agency_digit: Option<String>,
    pub account: Option<String>,
    pub account_digit: Option<String>,
    pub account_type: Option<String>,
    pub holder_name: Option<String>,
    pub holder_document: Option<String>,
}

/// A valid supplier bank account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SupplierBankAccountFields {
    pub bank: String,
    pub agency: String,
    pub agency_digit: Option<String>,
    pub account: String,
    pub account_digit: String,
    pub account_type: AccountType,
    pub holder_name: String,
    pub holder_document: Document,
}

impl SupplierBankAccountFields {
    /// Whether the account is in the supplier's own name (the screen warns when it is not).
    pub fn holder_is(&self, supplier: &Document) -> bool {
        &self.holder_document == supplier
    }

    /// "banco 341, agência 0912, conta 45678-9 (CORRENTE), titular Fulano (CPF 123.456.789-09)", for the history.
    pub fn describe(&self) -> String {
        let agency = match &self.agency_digit {
            Some(d) => format!("{}-{d}", self.agency),
            None => self.agency.clone(),
        };
        format!(
            "banco {}, agência {agency}, conta {}-{} ({}), titular {} ({})",
            self.bank,
            self.account,
            self.account_digit,
            self.account_type.as_str(),
            self.holder_name,
            self.holder_document.formatted()
        )
    }
}

impl SupplierBankAccountDraft {
    pub fn validate(&self) -> Result<SupplierBankAccountFields> {
        let mut v = Violations::new();
        let bank = self.bank.as_deref().unwrap_or("").trim().to_string();
        if bank.is_empty() {
            v.add("bank", "Informe o banco.");
        } else if bank.len() != 3 || !bank.bytes().all(|b| b.is_ascii_digit()) {
            v.add(
                "bank",
                "O banco é o código COMPE de 3 dígitos (ex.: 001, 341).",
            );
        }
        let agency = digits(
            "agency",
            self.agency.as_deref(),
            MAX_AGENCY,
            "agência",
            &mut v,
        );
        let agency_digit = check_digit("agency_digit", self.agency_digit.as_deref(), false, &mut v);
        let account = digits(
            "account",
            self.account.as_deref(),
            MAX_ACCOUNT,
            "conta",
            &mut v,
        );
        let account_digit =
            check_digit("account_digit", self.account_digit.as_deref(), true, &mut v);
        let account_type = match blank_to_none(self.account_type.as_deref()) {
            None => {
                v.add("account_type", "Escolha o tipo de conta.");
                None
            }
            Some(t) => {
                let parsed = AccountType::parse(t);
                if parsed.is_none() {
                    v.add(
                        "account_type",
                        "Tipo de conta inválido: use CORRENTE, POUPANCA ou PAGAMENTO.",
                    );
                }
                parsed
            }
        };
        let holder_name = required_text(
            "holder_name",
            self.holder_name.as_deref(),
            MAX_HOLDER_NAME,
            "Informe o nome do titular da conta.",
            &mut v,
        );
        let holder_document =
            check_document("holder_document", self.holder_document.as_deref(), &mut v);
        v.finish()?;
        Ok(SupplierBankAccountFields {
            bank,
            agency,
            agency_digit,
            account,
            account_digit: account_digit.expect("checked"),
            account_type: account_type.expect("checked"),
            holder_name,
            holder_document: holder_document.expect("checked"),
        })
    }
}

/// A supplier's bank account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SupplierBankAccount {
    pub id: String,
    pub supplier_id: String,
    pub fields: SupplierBankAccountFields,
    pub trail: Trail,
}

pub use banking::pix_key::{PixKey, PixKeyType, MAX_EMAIL_KEY};

/// Checks a typed key by the rules of its type (`banking::pix_key`); the error names `key_type` or `key`.
pub fn parse_pix_key(key_type: Option<&str>, key: Option<&str>) -> Result<PixKey> {
    let mut v = Violations::new();
    let key_type = match blank_to_none(key_type) {
        None => {
            v.add("key_type", "Escolha o tipo da chave PIX.");
            None
        }
        Some(t) => {
            let parsed = PixKeyType::parse(t);
            if parsed.is_none() {
                v.add(
                    "key_type",
                    "Tipo de chave PIX inválido: use CPF, CNPJ, EMAIL, TELEFONE ou ALEATORIA.",
                );
            }
            parsed
        }
    };
    let key = match (key_type, blank_to_none(key)) {
        (_, None) => {
            v.add("key", "Informe a chave PIX.");
            None
        }
        (None, Some(_)) => None,
        (Some(key_type), Some(key)) => PixKey::new(key_type, key).map_err(|m| v.add("key", m)).ok(),
    };
    v.finish()?;
    Ok(key.expect("a key once the violations are none"))
}

/// A supplier's PIX key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SupplierPixKey {
    pub id: String,
    pub supplier_id: String,
    pub key: PixKey,
    pub trail: Trail,
}

#[cfg(test)]
mod tests {
    use super::*;
    use banking::document::cnpj_check_digits;
    use proptest::prelude::*;

    fn fields_of(error: Error) -> Vec<String> {
        error.fields.into_iter().map(|f| f.field).collect()
    }

    fn draft(document: &str) -> SupplierDraft {
        SupplierDraft {
            document: Some(document.into()),
            name: Some("  Laboratório   Alfa  ".into()),
            ..Default::default()
        }
    }

    /// A valid alphanumeric CNPJ: `12ABC345 01DE` and its check digits.
    fn alphanumeric_cnpj() -> String {
        let first12: [u8; 12] = *b"12ABC34501DE";
        let [d1, d2] = cnpj_check_digits(&first12);
        format!("12.ABC.345/01DE-{}{}", d1 as char, d2 as char)
    }

    #[test]
    fn the_kind_follows_from_the_document() {
        let (doc, fields) = draft("123.456.789-09")
            .validate(&Defaults::default())
            .unwrap();
        assert_eq!(
            (SupplierKind::of(&doc), doc.as_str(), fields.name.as_str()),
            (SupplierKind::Pf, "12345678909", "Laboratório Alfa")
        );
        let (doc, _) = draft(&alphanumeric_cnpj().to_lowercase())
            .validate(&Defaults::default())
            .unwrap();
        assert_eq!(SupplierKind::of(&doc), SupplierKind::Pj);
        assert!(doc.as_str().starts_with("12ABC34501DE"));
    }

    #[test]
    fn every_broken_field_is_named_in_portuguese() {
        let bad = SupplierDraft {
            document: Some("123.456.789-00".into()),
            name: Some("   ".into()),
            trade_name: Some("x".repeat(121)),
            email: Some("ana@".into()),
            phone: Some("123".into()),
            address: Some(Address {
                cep: "123".into(),
                street: "Rua A".into(),
                number: String::new(),
                complement: String::new(),
                district: String::new(),
                city: "São Paulo".into(),
                state: "SP".into(),
            }),
            default_payment_method: Some("CHEQUE".into()),
            default_chart_account_id: Some("nao-existe".into()),
            default_cost_center_id: Some("nao-existe".into()),
            notes: Some("x".repeat(2001)),
        };
        let error = bad.validate(&Defaults::default()).unwrap_err();
        assert_eq!(
            error.fields[0].message,
            "CPF inválido: dígito verificador não confere"
        );
        assert_eq!(
            fields_of(error),
            [
                "document",
                "name",
                "trade_name",
                "email",
                "phone",
                "address.cep",
                "default_payment_method",
                "default_chart_account_id",
                "default_cost_center_id",
                "notes"
            ]
        );
        let error = draft("1234").validate(&Defaults::default()).unwrap_err();
        assert!(error
            .message
            .contains("11 dígitos (CPF) ou 14 caracteres (CNPJ)"));
        let error = draft("").validate(&Defaults::default()).unwrap_err();
        assert_eq!(error.message, "Informe o CPF ou CNPJ.");
    }

    #[test]
    fn a_default_account_must_be_analytic_and_active_unless_kept() {
        use crate::domain::chart::{AccountCode, Nature};
        let account = |kind, active| Account {
            id: "c1".into(),
            code: AccountCode::parse("5.1").unwrap(),
            name: "Aluguel".into(),
            nature: Nature::Despesa,
            kind,
            active,
            version: 1,
        };
        let mut d = draft("123.456.789-09");
        d.default_chart_account_id = Some("c1".into());
        for (found, expected) in [
            (account(AccountKind::Sintetica, true), Some("sintética")),
            (account(AccountKind::Analitica, false), Some("inativa")),
            (account(AccountKind::Analitica, true), None),
        ] {
            let defaults = Defaults {
                chart_account: Some(&found),
                ..Default::default()
            };
            match (d.validate(&defaults), expected) {
                (Ok(_), None) => {}
                (Err(e), Some(word)) => assert!(e.message.contains(word), "{}", e.message),
                (other, _) => panic!("{other:?}"),
            }
        }
        // Kept as stored: an account deactivated since does not block other changes.
        let inactive = account(AccountKind::Analitica, false);
        let defaults = Defaults {
            chart_account: Some(&inactive),
            stored_chart_account: Some("c1"),
            ..Default::default()
        };
        assert!(d.validate(&defaults).is_ok());
    }

    #[test]
    fn a_patch_keeps_clears_or_sets() {
        let (document, fields) = SupplierDraft {
            trade_name: Some("Alfa".into()),
            email: Some("contato@alfa.com.br".into()),
            ..draft("123.456.789-09")
        }
        .validate(&Defaults::default())
        .unwrap();
        let now = Utc::now();
        let supplier = Supplier {
            id: "s1".into(),
            document,
            fields,
            active: true,
            version: 1,
            pending_bank_data: false,
            created_at: now,
            created_by: "u".into(),
            updated_at: now,
            updated_by: "u".into(),
        };
        let patch = SupplierPatch {
            trade_name: Some(None),
            notes: Some(Some("  paga no dia 10 ".into())),
            active: Some(false),
            ..Default::default()
        };
        let (fields, active) = patch.apply(&supplier, &Defaults::default()).unwrap();
        assert_eq!(fields.trade_name, None);
        assert_eq!(fields.notes.as_deref(), Some("paga no dia 10"));
        assert_eq!(fields.email, supplier.fields.email);
        assert!(!active);
        let bad = SupplierPatch {
            name: Some(" ".into()),
            ..Default::default()
        };
        assert_eq!(
            fields_of(bad.apply(&supplier, &Defaults::default()).unwrap_err()),
            ["name"]
        );
    }

    #[test]
    fn a_bank_account_is_checked_field_by_field() {
        let good = SupplierBankAccountDraft {
            bank: Some("341".into()),
            agency: Some("0912".into()),
            agency_digit: None,
            account: Some("0045678".into()),
            account_digit: Some("x".into()),
            account_type: Some("corrente".into()),
            holder_name: Some(" Laboratório  Alfa ".into()),
            holder_document: Some("123.456.789-09".into()),
        };
        let fields = good.validate().unwrap();
        assert_eq!(
            (
                fields.account.as_str(),
                fields.account_digit.as_str(),
                fields.holder_name.as_str()
            ),
            ("0045678", "X", "Laboratório Alfa")
        );
        assert!(fields.holder_is(&validate_document("12345678909").unwrap()));
        assert!(fields.describe().contains("conta 0045678-X"));
        let bad = SupplierBankAccountDraft {
            bank: Some("34".into()),
            agency: Some("123456".into()),
            agency_digit: Some("12".into()),
            account: Some("12a".into()),
            account_digit: None,
            account_type: Some("SALARIO".into()),
            holder_name: None,
            holder_document: Some("11.111.111/1111-11".into()),
        };
        assert_eq!(
            fields_of(bad.validate().unwrap_err()),
            [
                "bank",
                "agency",
                "agency_digit",
                "account",
                "account_digit",
                "account_type",
                "holder_name",
                "holder_document"
            ]
        );
    }

    #[test]
    fn pix_keys_are_checked_and_normalized_per_type() {
        let key = |t: &str, k: &str| parse_pix_key(Some(t), Some(k)).map(|k| k.key);
        assert_eq!(key("CPF", "123.456.789-09").unwrap(), "12345678909");
        assert_eq!(
            key("cnpj", &alphanumeric_cnpj()).unwrap(),
            alphanumeric_cnpj().replace(['.', '/', '-'], "")
        );
        assert_eq!(
            key("EMAIL", " Financeiro@Alfa.COM.br ").unwrap(),
            "financeiro@alfa.com.br"
        );
        assert_eq!(
            key("TELEFONE", "+55 (11) 98765-4321").unwrap(),
            "+5511987654321"
        );
        assert_eq!(key("TELEFONE", "11 3333-4444").unwrap(), "+551133334444");
        assert_eq!(
            key("ALEATORIA", "123E4567-E89B-12D3-A456-426614174000").unwrap(),
            "123e4567-e89b-12d3-a456-426614174000"
        );
        for (t, k) in [
            ("CPF", "123.456.789-00"),
            ("CPF", "11.222.333/0001-81"),
            ("CNPJ", "11.222.333/0001-00"),
            ("EMAIL", "financeiro"),
            (
                "EMAIL",
                &format!("{}@{}.com.br", "a".repeat(60), "b".repeat(20)),
            ),
            ("TELEFONE", "+1 415 555 1234"),
            ("TELEFONE", "98765-4321"),
            ("ALEATORIA", "123e4567e89b12d3a456426614174000"),
            ("ALEATORIA", "123e4567-e89b-12d3-a456-42661417400g"),
        ] {
            let error = parse_pix_key(Some(t), Some(k)).unwrap_err();
            assert_eq!(fields_of(error), ["key"], "{t} {k}");
        }
        assert_eq!(
            fields_of(parse_pix_key(Some("BOLETO"), None).unwrap_err()),
            ["key_type", "key"]
        );
    }

    #[test]
    fn the_author_of_pending_data_does_not_confirm_it() {
        let now = Utc::now();
        let pending = Trail::added("fa", now, false);
        assert_eq!(pending.status, BankDataStatus::Pendente);
        let confirmed = Trail::added("fm", now, true);
        assert_eq!(
            (confirmed.status, confirmed.confirmed_by.as_deref()),
            (BankDataStatus::Confirmada, Some("fm"))
        );
        assert!(check_confirmation([&pending], "fm").is_ok());
        assert_eq!(
            check_confirmation([&pending], "fa").unwrap_err().code,
            "confirmacao_pelo_autor"
        );
        assert_eq!(
            check_confirmation(std::iter::empty(), "fm")
                .unwrap_err()
                .code,
            "nada_pendente"
        );
    }

    proptest! {
        #[test]
        fn arbitrary_input_never_panics(
            texts in proptest::collection::vec(proptest::option::of("\\PC{0,40}"), 10),
            cep in "\\PC{0,12}",
        ) {
            let t = |i: usize| texts[i].clone();
            let address = Address {
                cep: cep.clone(),
                street: t(0).unwrap_or_default(),
                number: String::new(),
                complement: String::new(),
                district: String::new(),
                city: t(1).unwrap_or_default(),
                state: t(2).unwrap_or_default(),
            };
            let supplier = SupplierDraft {
                document: t(0),
                name: t(1),
                trade_name: t(2),
                email: t(3),
                phone: t(4),
                address: Some(address),
                default_payment_method: t(5),
                default_chart_account_id: t(6),
                default_cost_center_id: t(7),
                notes: t(8),
            };
            let _ = supplier.validate(&Defaults::default());
            let account = SupplierBankAccountDraft {
                bank: t(0),
                agency: t(1),
                agency_digit: t(2),
                account: t(3),
                account_digit: t(4),
                account_type: t(5),
                holder_name: t(6),
                holder_document: t(7),
            };
            let _ = account.validate();
            for key_type in PixKeyType::ALL {
                if let Ok(key) = parse_pix_key(Some(key_type.as_str()), t(9).as_deref()) {
                    // A normalized key is accepted again as it is.
                    prop_assert_eq!(parse_pix_key(Some(key_type.as_str()), Some(&key.key)).unwrap(), key);
                }
            }
            let _ = parse_pix_key(t(8).as_deref(), t(9).as_deref());
        }
    }
}
