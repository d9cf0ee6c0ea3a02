//! Convênios (finance.md §1): de cobrança (the bank's contract for the boletos we issue: beneficiário, carteira,
//! layout, the nosso número range and counter, multa and juros) and de pagamentos (the contract for the payment
//! files we send). Both live under one of the company's bank accounts, whose bank they take.
//!
//! A convênio de cobrança is checked against `banking` with a probe boleto (its last nosso número, a due date and
//! an amount): a carteira or código the bank cannot encode is refused on its field. The counter only moves forward:
//! a nosso número is never reused.

use banking::bank::Bank;
use banking::boleto::{self, BoletoInput};
use chrono::NaiveDate;
use platform::error::{Result, Violations};
use platform::text::collapse_spaces;

use super::BankAccount;

pub const MAX_NAME: usize = 60;
/// Multa: at most 2,00 % (CDC art. 52 §1º), in basis points.
pub const MAX_FINE_BP: i64 = 200;
/// Juros ao mês by default: 1,00 %.
pub const DEFAULT_INTEREST_BP: i64 = 100;
/// Juros ao mês above 10 % is a typo, not a contract.
pub const MAX_INTEREST_BP: i64 = 1000;

/// The record width of the convênio's files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    Cnab240,
    Cnab400,
}

impl Layout {
    pub const ALL: [Layout; 2] = [Layout::Cnab240, Layout::Cnab400];

    pub fn as_str(self) -> &'static str {
        match self {
            Layout::Cnab240 => "CNAB240",
            Layout::Cnab400 => "CNAB400",
        }
    }

    pub fn parse(text: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.as_str() == text)
    }

    /// The layouts `banking` writes cobrança remessas in for `bank`.
    pub fn for_bank(bank: Bank) -> Vec<Layout> {
        let mut layouts = vec![Layout::Cnab240];
        if banking::cnab::c400::layout(bank).is_some() {
            layouts.push(Layout::Cnab400);
        }
        layouts
    }
}

/// What a person typed for a convênio de cobrança, before validation (also a stored one with a patch applied).
#[derive(Debug, Clone, Default)]
pub struct CollectionAgreementDraft {
    pub name: Option<String>,
    /// Razão social as registered at the bank.
    pub beneficiary_name: Option<String>,
    /// CNPJ (or CPF), with or without punctuation.
    pub beneficiary_document: Option<String>,
    pub beneficiary_code: Option<String>,
    pub beneficiary_code_digit: Option<String>,
    pub carteira: Option<String>,
    pub modalidade: Option<String>,
    pub variacao: Option<String>,
    pub posto: Option<String>,
    pub layout: Option<String>,
    pub nosso_numero_first: Option<i64>,
    pub nosso_numero_last: Option<i64>,
    /// Default: the first of the range.
    pub next_nosso_numero: Option<i64>,
    /// Default 1.
    pub next_file_sequence: Option<i64>,
    pub fine_bp: Option<i64>,
    /// Default [`DEFAULT_INTEREST_BP`].
    pub interest_monthly_bp: Option<i64>,
    pub protest_days: Option<i64>,
    pub baixa_days: Option<i64>,
    /// Default 1 (D+1).
    pub settlement_days: Option<i64>,
    pub pix_key: Option<String>,
}

/// A valid convênio de cobrança's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionAgreementFields {
    pub name: String,
    pub beneficiary_name: String,
    /// Bare characters, upper case.
    pub beneficiary_document: String,
    pub beneficiary_code: String,
    pub beneficiary_code_digit: Option<String>,
    pub carteira: String,
    pub modalidade: Option<String>,
    pub variacao: Option<String>,
    pub posto: Option<String>,
    pub layout: Layout,
    pub nosso_numero_first: i64,
    pub nosso_numero_last: i64,
    pub next_nosso_numero: i64,
    pub next_file_sequence: i64,
    pub fine_bp: i64,
    pub interest_monthly_bp: i64,
    pub protest_days: Option<i64>,
    pub baixa_days: Option<i64>,
    pub settlement_days: i64,
    pub pix_key: Option<String>,
}

/// A stored convênio de cobrança.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionAgreement {
    pub id: String,
    pub bank_account_id: String,
    /// The account's bank.
    pub bank: Bank,
    /// The account's agência and conta (what the boletos' campo livre carries).
    pub agency: String,
    pub account: String,
    pub account_digit: String,
    pub fields: CollectionAgreementFields,
    pub active: bool,
    pub version: i64,
}

impl CollectionAgreement {
    /// How many numbers are left in the range.
    pub fn remaining(&self) -> i64 {
        (self.fields.nosso_numero_last - self.fields.next_nosso_numero + 1).max(0)
    }

    /// The input `banking` encodes a boleto of this convênio from (nosso número, due date and amount to be set).
    pub fn boleto_input(&self) -> BoletoInput {
        input_for(
            self.bank,
            &self.agency,
            &self.account,
            &self.account_digit,
            &self.fields,
        )
    }

    pub fn draft(&self) -> CollectionAgreementDraft {
        let f = &self.fields;
        CollectionAgreementDraft {
            name: Some(f.name.clone()),
            beneficiary_name: Some(f.beneficiary_name.clone()),
            beneficiary_document: Some(f.beneficiary_document.clone()),
            beneficiary_code: Some(f.beneficiary_code.clone()),
            beneficiary_code_digit: f.beneficiary_code_digit.clone(),
            carteira: Some(f.carteira.clone()),
            modalidade: f.modalidade.clone(),
            variacao: f.variacao.clone(),
            posto: f.posto.clone(),
            layout: Some(f.layout.as_str().to_string()),
            nosso_numero_first: Some(f.nosso_numero_first),
            nosso_numero_last: Some(f.nosso_numero_last),
            next_nosso_numero: Some(f.next_nosso_numero),
            next_file_sequence: Some(f.next_file_sequence),
            fine_bp: Some(f.fine_bp),
            interest_monthly_bp: Some(f.interest_monthly_bp),
            protest_days: f.protest_days,
            baixa_days: f.baixa_days,
            settlement_days: Some(f.settlement_days),
            pix_key: f.pix_key.clone(),
        }
    }
}

fn input_for(
    bank: Bank,
    agency: &str,
    account: &str,
    account_digit: &str,
    f: &CollectionAgreementFields,
) -> BoletoInput {
    let mut input = BoletoInput::new(bank);
    input.carteira = f.carteira.clone();
    input.agencia = agency.to_string();
    input.conta = account.to_string();
    input.conta_dv = Some(account_digit.to_string());
    input.convenio = Some(f.beneficiary_code.clone());
    input.codigo_beneficiario = Some(f.beneficiary_code.clone());
    input.codigo_cliente = Some(f.beneficiary_code.clone());
    input.modalidade = f.modalidade.clone();
    input.variacao = f.variacao.clone();
    input.posto = f.posto.clone();
    input
}

/// Trimmed text, `None` when blank.
fn given(value: Option<&str>) -> Option<String> {
    value.map(collapse_spaces).filter(|s| !s.is_empty())
}

fn digits_field(
    field: &str,
    label: &str,
    value: Option<&str>,
    max: usize,
    required: bool,
    v: &mut Violations,
) -> Option<String> {
    let value = given(value);
    match &value {
        None if required => v.add(field, format!("Informe {label}.")),
        None => {}
        Some(s) if !s.chars().all(|c| c.is_ascii_digit()) => {
            v.add(field, format!("{} deve ter só dígitos.", capitalize(label)))
        }
        Some(s) if s.len() > max => v.add(
            field,
            format!("{} deve ter no máximo {max} dígitos.", capitalize(label)),
        ),
        Some(_) => {}
    }
    value
}

fn capitalize(label: &str) -> String {
    // "o código" → "O código".
    let mut c = label.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A name of 2 to 60 characters.
pub fn agreement_name(value: Option<&str>, v: &mut Violations) -> String {
    let name = given(value).unwrap_or_default();
    let len = name.chars().count();
    if len < 2 {
        v.add("name", "Informe o nome do convênio.");
    } else if len > MAX_NAME {
        v.add(
            "name",
            format!("O nome deve ter no máximo {MAX_NAME} caracteres."),
        );
    }
    name
}

fn days(field: &str, value: Option<i64>, max: i64, v: &mut Violations) -> Option<i64> {
    if let Some(d) = value {
        if !(1..=max).contains(&d) {
            v.add(field, format!("Informe de 1 a {max} dias."));
        }
    }
    value
}

/// Our field for a `banking` input key.
fn field_of(banking_field: &str) -> &'static str {
    match banking_field {
        "nosso_numero" => "nosso_numero_last",
        "carteira" => "carteira",
        "convenio" | "codigo_beneficiario" | "codigo_cliente" => "beneficiary_code",
        "modalidade" => "modalidade",
        "variacao" => "variacao",
        "posto" | "byte_idt" => "posto",
        "agencia" | "conta" | "agencia_dv" | "conta_dv" => "bank_account_id",
        _ => "carteira",
    }
}

impl CollectionAgreementDraft {
    /// Checks every field, then asks `banking` to encode a probe boleto with the convênio and the account (its
    /// last nosso número): what the bank cannot encode is refused naming our field.
    pub fn validate(&self, account: &BankAccount) -> Result<CollectionAgreementFields> {
        let mut v = Violations::new();
        let bank = account.fields.number.bank;
        let name = agreement_name(self.name.as_deref(), &mut v);
        let beneficiary_name = given(self.beneficiary_name.as_deref()).unwrap_or_default();
        let len = beneficiary_name.chars().count();
        if len < 2 {
            v.add(
                "beneficiary_name",
                "Informe a razão social do beneficiário.",
            );
        } else if len > 100 {
            v.add(
                "beneficiary_name",
                "A razão social deve ter no máximo 100 caracteres.",
            );
        }
        let beneficiary_document = match given(self.beneficiary_document.as_deref()) {
            None => {
                v.add("beneficiary_document", "Informe o CNPJ do beneficiário.");
                String::new()
            }
            Some(text) => match banking::document::validate_document(&text) {
                Ok(d) => d.as_str().to_string(),
                Err(_) => {
                    v.add(
                        "beneficiary_document",
                        "CNPJ ou CPF do beneficiário inválido.",
                    );
                    String::new()
                }
            },
        };
        let beneficiary_code = digits_field(
            "beneficiary_code",
            "o código do beneficiário",
            self.beneficiary_code.as_deref(),
            20,
            true,
            &mut v,
        )
        .unwrap_or_default();
        let beneficiary_code_digit = given(self.beneficiary_code_digit.as_deref());
        if let Some(d) = &beneficiary_code_digit {
            if d.chars().count() > 2 || !d.chars().all(|c| c.is_ascii_alphanumeric()) {
                v.add(
                    "beneficiary_code_digit",
                    "O dígito do código do beneficiário tem 1 ou 2 caracteres.",
                );
            }
        }
        let carteira = digits_field(
            "carteira",
            "a carteira",
            self.carteira.as_deref(),
            3,
            true,
            &mut v,
        )
        .unwrap_or_default();
        let modalidade = digits_field(
            "modalidade",
            "a modalidade",
            self.modalidade.as_deref(),
            3,
            false,
            &mut v,
        );
        let variacao = digits_field(
            "variacao",
            "a variação",
            self.variacao.as_deref(),
            3,
            false,
            &mut v,
        );
        let posto = digits_field("posto", "o posto", self.posto.as_deref(), 2, false, &mut v);
        let layouts = Layout::for_bank(bank);
        let layout = match given(self.layout.as_deref()) {
            None => {
                v.add("layout", "Escolha o layout (CNAB 240 ou 400).");
                None
            }
            Some(text) => match Layout::parse(&text) {
                Some(l) if layouts.contains(&l) => Some(l),
                Some(l) => {
                    v.add(
                        "layout",
                        format!(
                            "O banco {} não tem remessa {} no sistema: use {}.",
                            bank.code(),
                            l.as_str(),
                            layouts
                                .iter()
                                .map(|l| l.as_str())
                                .collect::<Vec<_>>()
                                .join(" ou ")
                        ),
                    );
                    None
                }
                None => {
                    v.add("layout", "Layout inválido: use CNAB240 ou CNAB400.");
                    None
                }
            },
        };
        let first = self.nosso_numero_first.unwrap_or(0);
        if self.nosso_numero_first.is_none() {
            v.add(
                "nosso_numero_first",
                "Informe o primeiro nosso número da faixa.",
            );
        } else if first < 1 {
            v.add(
                "nosso_numero_first",
                "O primeiro nosso número deve ser maior que zero.",
            );
        }
        let last = self.nosso_numero_last.unwrap_or(0);
        if self.nosso_numero_last.is_none() {
            v.add(
                "nosso_numero_last",
                "Informe o último nosso número da faixa.",
            );
        } else if last < first {
            v.add(
                "nosso_numero_last",
                "O último nosso número deve ser maior ou igual ao primeiro.",
            );
        }
        let next = self.next_nosso_numero.unwrap_or(first);
        if next < first || next > last.saturating_add(1) {
            v.add(
                "next_nosso_numero",
                "O próximo nosso número deve estar dentro da faixa.",
            );
        }
        let next_file_sequence = self.next_file_sequence.unwrap_or(1);
        if !(1..=9_999_999).contains(&next_file_sequence) {
            v.add(
                "next_file_sequence",
                "O próximo sequencial de arquivo vai de 1 a 9999999.",
            );
        }
        let fine_bp = self.fine_bp.unwrap_or(0);
        if !(0..=MAX_FINE_BP).contains(&fine_bp) {
            v.add(
                "fine_bp",
                "A multa vai de 0 a 2,00% (200 pontos-base): o pagador é consumidor (CDC art. 52 §1º).",
            );
        }
        let interest_monthly_bp = self.interest_monthly_bp.unwrap_or(DEFAULT_INTEREST_BP);
        if !(0..=MAX_INTEREST_BP).contains(&interest_monthly_bp) {
            v.add(
                "interest_monthly_bp",
                "Os juros ao mês vão de 0 a 10,00% (1000 pontos-base).",
            );
        }
        let protest_days = days("protest_days", self.protest_days, 99, &mut v);
        let baixa_days = days("baixa_days", self.baixa_days, 999, &mut v);
        let settlement_days = self.settlement_days.unwrap_or(1);
        if !(0..=30).contains(&settlement_days) {
            v.add("settlement_days", "A compensação vai de D+0 a D+30.");
        }
        let pix_key = given(self.pix_key.as_deref());
        if let Some(key) = &pix_key {
            let probe = banking::pix::PixInput {
                key: Some(key.clone()),
                name: "BENEFICIARIO".into(),
                city: "SAO PAULO".into(),
                amount_centavos: Some(100),
                ..Default::default()
            };
            if let Err(e) = banking::pix::build(&probe) {
                v.add("pix_key", format!("Chave PIX inválida: {}", e.message));
            }
        }
        v.finish()?;
        let fields = CollectionAgreementFields {
            name,
            beneficiary_name,
            beneficiary_document,
            beneficiary_code,
            beneficiary_code_digit,
            carteira,
            modalidade,
            variacao,
            posto,
            layout: layout.expect("validated"),
            nosso_numero_first: first,
            nosso_numero_last: last,
            next_nosso_numero: next,
            next_file_sequence,
            fine_bp,
            interest_monthly_bp,
            protest_days,
            baixa_days,
            settlement_days,
            pix_key,
        };
        probe(account, &fields)?;
        Ok(fields)
    }
}

/// Encodes a boleto with the convênio's last nosso número: the bank's own rules on carteira, código and width.
fn probe(account: &BankAccount, f: &CollectionAgreementFields) -> Result<()> {
    let n = &account.fields.number;
    let mut input = input_for(n.bank, &n.agency, &n.account, &n.account_digit, f);
    input.nosso_numero = f.nosso_numero_last.to_string();
    input.seu_numero = Some("1".into());
    input.vencimento = NaiveDate::from_ymd_opt(2030, 1, 2);
    input.valor_centavos = Some(100);
    input.data_documento = NaiveDate::from_ymd_opt(2030, 1, 2);
    boleto::encode(&input).map(|_| ()).map_err(|e| {
        platform::Error::invalid_field(
            field_of(e.field),
            format!(
                "O banco {} não aceita este convênio: {}.",
                n.bank.code(),
                e.message
            ),
        )
    })
}

/// A form of payment a convênio de pagamentos may send.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PaymentForm {
    Ted,
    Pix,
    Boleto,
    Concessionaria,
    Tributo,
}

impl PaymentForm {
    pub const ALL: [PaymentForm; 5] = [
        PaymentForm::Ted,
        PaymentForm::Pix,
        PaymentForm::Boleto,
        PaymentForm::Concessionaria,
        PaymentForm::Tributo,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentForm::Ted => "TED",
            PaymentForm::Pix => "PIX",
            PaymentForm::Boleto => "BOLETO",
            PaymentForm::Concessionaria => "CONCESSIONARIA",
            PaymentForm::Tributo => "TRIBUTO",
        }
    }

    pub fn parse(text: &str) -> Option<PaymentForm> {
        PaymentForm::ALL.into_iter().find(|f| f.as_str() == text)
    }
}

/// What a person typed for a convênio de pagamentos.
#[derive(Debug, Clone, Default)]
pub struct PaymentAgreementDraft {
    pub name: Option<String>,
    pub code: Option<String>,
    pub layout: Option<String>,
    pub next_file_sequence: Option<i64>,
    pub methods: Option<Vec<PaymentForm>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentAgreementFields {
    pub name: String,
    pub code: String,
    pub layout: Layout,
    pub next_file_sequence: i64,
    /// In [`PaymentForm::ALL`]'s order, at least one.
    pub methods: Vec<PaymentForm>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentAgreement {
    pub id: String,
    pub bank_account_id: String,
    pub bank: Bank,
    pub fields: PaymentAgreementFields,
    pub active: bool,
    pub version: i64,
}

impl PaymentAgreementDraft {
    pub fn validate(&self) -> Result<PaymentAgreementFields> {
        let mut v = Violations::new();
        let name = agreement_name(self.name.as_deref(), &mut v);
        let code = digits_field(
            "code",
            "o código do convênio",
            self.code.as_deref(),
            20,
            true,
            &mut v,
        )
        .unwrap_or_default();
        let layout = match given(self.layout.as_deref()).as_deref() {
            None | Some("CNAB240") => Layout::Cnab240,
            Some(_) => {
                v.add(
                    "layout",
                    "Pagamentos só têm layout CNAB240 (SISPAG / FEBRABAN).",
                );
                Layout::Cnab240
            }
        };
        let next_file_sequence = self.next_file_sequence.unwrap_or(1);
        if !(1..=9_999_999).contains(&next_file_sequence) {
            v.add(
                "next_file_sequence",
                "O próximo sequencial de arquivo vai de 1 a 9999999.",
            );
        }
        let mut methods = self.methods.clone().unwrap_or_default();
        methods.sort();
        methods.dedup();
        if methods.is_empty() {
            v.add("methods", "Escolha ao menos uma forma de pagamento.");
        }
        v.finish()?;
        Ok(PaymentAgreementFields {
            name,
            code,
            layout,
            next_file_sequence,
            methods,
        })
    }
}

impl PaymentAgreement {
    pub fn draft(&self) -> PaymentAgreementDraft {
        let f = &self.fields;
        PaymentAgreementDraft {
            name: Some(f.name.clone()),
            code: Some(f.code.clone()),
            layout: Some(f.layout.as_str().to_string()),
            next_file_sequence: Some(f.next_file_sequence),
            methods: Some(f.methods.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{BankAccountFields, BankAccountNumber};

    fn itau() -> BankAccount {
        BankAccount {
            id: "a".into(),
            fields: BankAccountFields {
                nickname: "Itaú".into(),
                number: BankAccountNumber {
                    bank: Bank::Itau,
                    agency: "0057".into(),
                    agency_digit: None,
                    account: "12345".into(),
                    account_digit: "7".into(),
                },
                opening_balance: 0,
                opening_date: NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
            },
            active: true,
            version: 1,
        }
    }

    fn draft() -> CollectionAgreementDraft {
        CollectionAgreementDraft {
            name: Some("Itaú cobrança".into()),
            beneficiary_name: Some("Rede Sorriso Clínicas Ltda".into()),
            beneficiary_document: Some("11.222.333/0001-81".into()),
            beneficiary_code: Some("12345".into()),
            carteira: Some("109".into()),
            layout: Some("CNAB400".into()),
            nosso_numero_first: Some(1000),
            nosso_numero_last: Some(99_999_999),
            fine_bp: Some(200),
            ..Default::default()
        }
    }

    #[test]
    fn a_valid_itau_convenio_takes_the_defaults() {
        let f = draft().validate(&itau()).unwrap();
        assert_eq!(f.next_nosso_numero, 1000);
        assert_eq!(f.interest_monthly_bp, 100);
        assert_eq!(f.next_file_sequence, 1);
    }

    #[test]
    fn a_fine_above_two_percent_is_refused() {
        let mut d = draft();
        d.fine_bp = Some(201);
        let e = d.validate(&itau()).unwrap_err();
        assert_eq!(e.fields[0].field, "fine_bp");
    }

    #[test]
    fn a_range_the_bank_cannot_encode_is_refused_on_its_field() {
        let mut d = draft();
        d.nosso_numero_last = Some(999_999_999_999);
        let e = d.validate(&itau()).unwrap_err();
        assert_eq!(e.fields[0].field, "nosso_numero_last", "{e:?}");
    }

    #[test]
    fn caixa_has_no_cnab_400() {
        assert_eq!(Layout::for_bank(Bank::Caixa), [Layout::Cnab240]);
        assert_eq!(
            Layout::for_bank(Bank::Itau),
            [Layout::Cnab240, Layout::Cnab400]
        );
    }
}
