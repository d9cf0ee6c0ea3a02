//! `/api/v1/finance/collection-agreements` and `/api/v1/finance/payment-agreements`: the convênios de cobrança
//! and de pagamentos (list, create, read, change, history), and the banks with the layouts they take.

use std::sync::Arc;

use banking::bank::Bank;
use platform::api::{ApiResult, BearerAuth, HistoryEntryDto, Omittable, Text};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::{text, FinanceTag};
use crate::domain::agreement::{
    CollectionAgreement, CollectionAgreementDraft, Layout, PaymentAgreement, PaymentAgreementDraft,
    PaymentForm,
};
use crate::permissions::{FINANCE_CHART_READ, FINANCE_CHART_WRITE};
use crate::service::{Agreements, CollectionAgreementPatch, PaymentAgreementPatch};

pub struct AgreementsApi {
    agreements: Arc<Agreements>,
}

impl AgreementsApi {
    pub fn new(agreements: Arc<Agreements>) -> AgreementsApi {
        AgreementsApi { agreements }
    }
}

/// The record width of a convênio's files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "CnabLayout", rename_all = "UPPERCASE")]
pub enum LayoutView {
    Cnab240,
    Cnab400,
}

platform::mirror_enum!(LayoutView, Layout { Cnab240, Cnab400 });

/// A form of payment a convênio de pagamentos sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "PaymentAgreementMethod", rename_all = "UPPERCASE")]
pub enum PaymentFormView {
    Ted,
    Pix,
    Boleto,
    Concessionaria,
    Tributo,
}

platform::mirror_enum!(
    PaymentFormView,
    PaymentForm {
        Ted,
        Pix,
        Boleto,
        Concessionaria,
        Tributo
    }
);

/// A convênio de cobrança.
#[derive(Object)]
#[oai(rename = "CollectionAgreement", skip_serializing_if_is_none)]
pub struct CollectionAgreementView {
    pub id: String,
    pub bank_account_id: String,
    /// The account's bank (COMPE code) and name.
    pub bank: String,
    pub bank_name: String,
    pub name: String,
    /// Razão social and CNPJ (or CPF, bare) of the beneficiário.
    pub beneficiary_name: String,
    pub beneficiary_document: String,
    pub beneficiary_code: String,
    pub beneficiary_code_digit: Option<String>,
    pub carteira: String,
    pub modalidade: Option<String>,
    pub variacao: Option<String>,
    pub posto: Option<String>,
    pub layout: LayoutView,
    pub nosso_numero_first: i64,
    pub nosso_numero_last: i64,
    /// The next nosso número to issue; it only moves forward.
    pub next_nosso_numero: i64,
    /// How many numbers are left in the range.
    pub nosso_numero_remaining: i64,
    pub next_file_sequence: i64,
    /// Multa in basis points (200 = 2,00 %, the most allowed).
    pub fine_bp: i64,
    /// Juros ao mês in basis points (100 = 1,00 %), charged pro rata die.
    pub interest_monthly_bp: i64,
    pub protest_days: Option<i64>,
    pub baixa_days: Option<i64>,
    /// Compensação: credit D+n.
    pub settlement_days: i64,
    /// When set, the convênio's boletos carry a PIX BR Code (hybrid).
    pub pix_key: Option<String>,
    pub active: bool,
    pub version: i64,
}

impl From<CollectionAgreement> for CollectionAgreementView {
    fn from(a: CollectionAgreement) -> Self {
        let remaining = a.remaining();
        let f = a.fields;
        CollectionAgreementView {
            id: a.id,
            bank_account_id: a.bank_account_id,
            bank: a.bank.code().to_string(),
            bank_name: a.bank.name().to_string(),
            name: f.name,
            beneficiary_name: f.beneficiary_name,
            beneficiary_document: f.beneficiary_document,
            beneficiary_code: f.beneficiary_code,
            beneficiary_code_digit: f.beneficiary_code_digit,
            carteira: f.carteira,
            modalidade: f.modalidade,
            variacao: f.variacao,
            posto: f.posto,
            layout: f.layout.into(),
            nosso_numero_first: f.nosso_numero_first,
            nosso_numero_last: f.nosso_numero_last,
            next_nosso_numero: f.next_nosso_numero,
            nosso_numero_remaining: remaining,
            next_file_sequence: f.next_file_sequence,
            fine_bp: f.fine_bp,
            interest_monthly_bp: f.interest_monthly_bp,
            protest_days: f.protest_days,
            baixa_days: f.baixa_days,
            settlement_days: f.settlement_days,
            pix_key: f.pix_key,
            active: a.active,
            version: a.version,
        }
    }
}

#[derive(Object)]
#[oai(rename = "CollectionAgreementList")]
pub struct CollectionAgreementList {
    pub items: Vec<CollectionAgreementView>,
}

/// A new convênio de cobrança. The limits here only keep absurd payloads out; the rules are the domain's (and
/// the bank's, through `banking`).
#[derive(Object)]
#[oai(rename = "NewCollectionAgreement", example)]
pub struct NewCollectionAgreementRequest {
    #[oai(validator(max_length = 100))]
    pub bank_account_id: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub name: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub beneficiary_name: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub beneficiary_document: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub beneficiary_code: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub beneficiary_code_digit: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub carteira: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub modalidade: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub variacao: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub posto: Omittable<Text>,
    pub layout: Omittable<LayoutView>,
    pub nosso_numero_first: Omittable<i64>,
    pub nosso_numero_last: Omittable<i64>,
    pub next_nosso_numero: Omittable<i64>,
    pub next_file_sequence: Omittable<i64>,
    pub fine_bp: Omittable<i64>,
    pub interest_monthly_bp: Omittable<i64>,
    pub protest_days: Omittable<i64>,
    pub baixa_days: Omittable<i64>,
    pub settlement_days: Omittable<i64>,
    #[oai(validator(max_length = 200))]
    pub pix_key: Omittable<Text>,
}

fn some_text(s: &str) -> Omittable<Text> {
    Omittable(Some(Text(s.into())))
}

impl Example for NewCollectionAgreementRequest {
    fn example() -> Self {
        NewCollectionAgreementRequest {
            bank_account_id: some_text("0192a3b4-0000-7000-8000-000000000001"),
            name: some_text("Itaú cobrança 109"),
            beneficiary_name: some_text("Rede Sorriso Clínicas Ltda"),
            beneficiary_document: some_text("11.222.333/0001-81"),
            beneficiary_code: some_text("45678"),
            beneficiary_code_digit: Omittable(None),
            carteira: some_text("109"),
            modalidade: Omittable(None),
            variacao: Omittable(None),
            posto: Omittable(None),
            layout: Omittable(Some(LayoutView::Cnab400)),
            nosso_numero_first: Omittable(Some(1000)),
            nosso_numero_last: Omittable(Some(99_999_999)),
            next_nosso_numero: Omittable(None),
            next_file_sequence: Omittable(None),
            fine_bp: Omittable(Some(200)),
            interest_monthly_bp: Omittable(Some(100)),
            protest_days: Omittable(None),
            baixa_days: Omittable(Some(60)),
            settlement_days: Omittable(Some(1)),
            pix_key: Omittable(None),
        }
    }
}

/// What may change in a convênio de cobrança, with the version last read (the bank account does not change).
/// An empty text clears an optional one; `protest_days` or `baixa_days` 0 clears it. The counters only go up.
#[derive(Object)]
#[oai(rename = "CollectionAgreementPatch", example)]
pub struct CollectionAgreementPatchRequest {
    pub version: i64,
    #[oai(validator(max_length = 1000))]
    pub name: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub beneficiary_name: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub beneficiary_document: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub beneficiary_code: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub beneficiary_code_digit: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub carteira: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub modalidade: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub variacao: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub posto: Omittable<Text>,
    pub layout: Omittable<LayoutView>,
    pub nosso_numero_first: Omittable<i64>,
    pub nosso_numero_last: Omittable<i64>,
    pub next_nosso_numero: Omittable<i64>,
    pub next_file_sequence: Omittable<i64>,
    pub fine_bp: Omittable<i64>,
    pub interest_monthly_bp: Omittable<i64>,
    pub protest_days: Omittable<i64>,
    pub baixa_days: Omittable<i64>,
    pub settlement_days: Omittable<i64>,
    #[oai(validator(max_length = 200))]
    pub pix_key: Omittable<Text>,
    pub active: Omittable<bool>,
}

impl Example for CollectionAgreementPatchRequest {
    fn example() -> Self {
        CollectionAgreementPatchRequest {
            version: 1,
            name: some_text("Itaú cobrança 109 (principal)"),
            beneficiary_name: Omittable(None),
            beneficiary_document: Omittable(None),
            beneficiary_code: Omittable(None),
            beneficiary_code_digit: Omittable(None),
            carteira: Omittable(None),
            modalidade: Omittable(None),
            variacao: Omittable(None),
            posto: Omittable(None),
            layout: Omittable(None),
            nosso_numero_first: Omittable(None),
            nosso_numero_last: Omittable(None),
            next_nosso_numero: Omittable(None),
            next_file_sequence: Omittable(None),
            fine_bp: Omittable(Some(150)),
            interest_monthly_bp: Omittable(None),
            protest_days: Omittable(None),
            baixa_days: Omittable(None),
            settlement_days: Omittable(None),
            pix_key: Omittable(None),
            active: Omittable(None),
        }
    }
}

/// A bank whose boletos and files the system writes, with the layouts of its cobrança remessas.
#[derive(Object)]
#[oai(rename = "CollectionBank")]
pub struct CollectionBankView {
    /// COMPE code.
    pub code: String,
    pub name: String,
    pub layouts: Vec<LayoutView>,
    /// What the bank calls the código do beneficiário, and which fields its boletos need.
    pub beneficiary_label: String,
    pub needs_modalidade: bool,
    pub needs_variacao: bool,
    pub needs_posto: bool,
    /// Carteiras seen in practice (suggestions; `banking` has the last word).
    pub carteiras: Vec<String>,
}

#[derive(Object)]
#[oai(rename = "CollectionBankList")]
pub struct CollectionBankList {
    pub items: Vec<CollectionBankView>,
}

fn bank_view(bank: Bank) -> CollectionBankView {
    let (label, modalidade, variacao, posto, carteiras): (&str, bool, bool, bool, &[&str]) =
        match bank {
            Bank::BancoDoBrasil => (
                "Convênio",
                false,
                true,
                false,
                &["11", "12", "15", "16", "17", "18", "31", "51"],
            ),
            Bank::Santander => (
                "Código do beneficiário",
                false,
                false,
                false,
                &["101", "102", "104", "201"],
            ),
            Bank::Caixa => ("Código do beneficiário", true, false, false, &["1", "2"]),
            Bank::Bradesco => (
                "Código da empresa",
                false,
                false,
                false,
                &["06", "09", "19", "21"],
            ),
            Bank::Itau => (
                "Código do beneficiário (conta)",
                false,
                false,
                false,
                &["109", "112", "157", "175", "104"],
            ),
            Bank::Sicredi => ("Código do beneficiário", false, false, true, &["1", "3"]),
            Bank::Sicoob => ("Código do cliente", true, false, false, &["1"]),
        };
    CollectionBankView {
        code: bank.code().to_string(),
        name: bank.name().to_string(),
        layouts: Layout::for_bank(bank).into_iter().map(Into::into).collect(),
        beneficiary_label: label.to_string(),
        needs_modalidade: modalidade,
        needs_variacao: variacao,
        needs_posto: posto,
        carteiras: carteiras.iter().map(|c| c.to_string()).collect(),
    }
}

/// A convênio de pagamentos.
#[derive(Object)]
#[oai(rename = "PaymentAgreement")]
pub struct PaymentAgreementView {
    pub id: String,
    pub bank_account_id: String,
    pub bank: String,
    pub bank_name: String,
    pub name: String,
    /// Código do convênio (SISPAG / FEBRABAN).
    pub code: String,
    pub layout: LayoutView,
    pub next_file_sequence: i64,
    pub methods: Vec<PaymentFormView>,
    pub active: bool,
    pub version: i64,
}

impl From<PaymentAgreement> for PaymentAgreementView {
    fn from(a: PaymentAgreement) -> Self {
        PaymentAgreementView {
            id: a.id,
            bank_account_id: a.bank_account_id,
            bank: a.bank.code().to_string(),
            bank_name: a.bank.name().to_string(),
            name: a.fields.name,
            code: a.fields.code,
            layout: a.fields.layout.into(),
            next_file_sequence: a.fields.next_file_sequence,
            methods: a.fields.methods.into_iter().map(Into::into).collect(),
            active: a.active,
            version: a.version,
        }
    }
}

#[derive(Object)]
#[oai(rename = "PaymentAgreementList")]
pub struct PaymentAgreementList {
    pub items: Vec<PaymentAgreementView>,
}

#[derive(Object)]
#[oai(rename = "NewPaymentAgreement", example)]
pub struct NewPaymentAgreementRequest {
    #[oai(validator(max_length = 100))]
    pub bank_account_id: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub name: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub code: Omittable<Text>,
    pub layout: Omittable<LayoutView>,
    pub next_file_sequence: Omittable<i64>,
    #[oai(validator(max_items = 10))]
    pub methods: Omittable<Vec<PaymentFormView>>,
}

impl Example for NewPaymentAgreementRequest {
    fn example() -> Self {
        NewPaymentAgreementRequest {
            bank_account_id: some_text("0192a3b4-0000-7000-8000-000000000001"),
            name: some_text("Itaú SISPAG"),
            code: some_text("123456"),
            layout: Omittable(Some(LayoutView::Cnab240)),
            next_file_sequence: Omittable(Some(1)),
            methods: Omittable(Some(vec![PaymentFormView::Ted, PaymentFormView::Pix])),
        }
    }
}

#[derive(Object)]
#[oai(rename = "PaymentAgreementPatch", example)]
pub struct PaymentAgreementPatchRequest {
    pub version: i64,
    #[oai(validator(max_length = 1000))]
    pub name: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub code: Omittable<Text>,
    pub next_file_sequence: Omittable<i64>,
    #[oai(validator(max_items = 10))]
    pub methods: Omittable<Vec<PaymentFormView>>,
    pub active: Omittable<bool>,
}

impl Example for PaymentAgreementPatchRequest {
    fn example() -> Self {
        PaymentAgreementPatchRequest {
            version: 1,
            name: Omittable(None),
            code: Omittable(None),
            next_file_sequence: Omittable(None),
            methods: Omittable(Some(vec![
                PaymentFormView::Ted,
                PaymentFormView::Pix,
                PaymentFormView::Boleto,
            ])),
            active: Omittable(None),
        }
    }
}

#[derive(ApiResponse)]
enum CreatedCollection {
    #[oai(status = 201)]
    Created(Json<CollectionAgreementView>),
}

#[derive(ApiResponse)]
enum CreatedPayment {
    #[oai(status = 201)]
    Created(Json<PaymentAgreementView>),
}

fn blank(s: Option<String>) -> Option<String> {
    s.filter(|s| !s.trim().is_empty())
}

#[OpenApi(prefix_path = "/api/v1/finance", tag = "FinanceTag::Finance")]
impl AgreementsApi {
    /// The seven banks whose boletos and remessas the system writes, with the layouts each takes (for the form).
    #[oai(
        path = "/collection-agreements/banks",
        method = "get",
        operation_id = "listCollectionBanks"
    )]
    async fn banks(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<CollectionBankList>> {
        Ok(Json(CollectionBankList {
            items: Bank::ALL.into_iter().map(bank_view).collect(),
        }))
    }

    /// The convênios de cobrança (of one bank account when given), by account and name.
    #[oai(
        path = "/collection-agreements",
        method = "get",
        operation_id = "listCollectionAgreements"
    )]
    async fn list_collections(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
    ) -> ApiResult<Json<CollectionAgreementList>> {
        let items = self
            .agreements
            .collections(blank(bank_account_id.0).as_deref())
            .await?;
        Ok(Json(CollectionAgreementList {
            items: items.into_iter().map(Into::into).collect(),
        }))
    }

    /// Adds a convênio de cobrança under an active bank account: checked field by field, then by `banking` with a
    /// probe boleto (a carteira or código the bank cannot encode is 422 naming the field). Multa ≤ 2,00 %.
    #[oai(
        path = "/collection-agreements",
        method = "post",
        operation_id = "createCollectionAgreement"
    )]
    async fn create_collection(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        body: Json<NewCollectionAgreementRequest>,
    ) -> ApiResult<CreatedCollection> {
        let b = body.0;
        let account = text(b.bank_account_id);
        let draft = CollectionAgreementDraft {
            name: text(b.name),
            beneficiary_name: text(b.beneficiary_name),
            beneficiary_document: text(b.beneficiary_document),
            beneficiary_code: text(b.beneficiary_code),
            beneficiary_code_digit: text(b.beneficiary_code_digit),
            carteira: text(b.carteira),
            modalidade: text(b.modalidade),
            variacao: text(b.variacao),
            posto: text(b.posto),
            layout: b
                .layout
                .into_option()
                .map(|l| Layout::from(l).as_str().to_string()),
            nosso_numero_first: b.nosso_numero_first.into_option(),
            nosso_numero_last: b.nosso_numero_last.into_option(),
            next_nosso_numero: b.next_nosso_numero.into_option(),
            next_file_sequence: b.next_file_sequence.into_option(),
            fine_bp: b.fine_bp.into_option(),
            interest_monthly_bp: b.interest_monthly_bp.into_option(),
            protest_days: b.protest_days.into_option(),
            baixa_days: b.baixa_days.into_option(),
            settlement_days: b.settlement_days.into_option(),
            pix_key: text(b.pix_key),
        };
        let created = self
            .agreements
            .create_collection(account.as_deref(), draft, &auth.0)
            .await?;
        Ok(CreatedCollection::Created(Json(created.into())))
    }

    #[oai(
        path = "/collection-agreements/:id",
        method = "get",
        operation_id = "getCollectionAgreement"
    )]
    async fn get_collection(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<CollectionAgreementView>> {
        Ok(Json(self.agreements.collection(&id.0).await?.into()))
    }

    /// Changes a convênio de cobrança over the version last read (stale → 409). The nosso número counter and the
    /// file sequence never go back (422: a number is never reused).
    #[oai(
        path = "/collection-agreements/:id",
        method = "patch",
        operation_id = "updateCollectionAgreement"
    )]
    async fn update_collection(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<CollectionAgreementPatchRequest>,
    ) -> ApiResult<Json<CollectionAgreementView>> {
        let b = body.0;
        let mut clear = Vec::new();
        let mut days = |name: &'static str, value: Omittable<i64>| match value.into_option() {
            Some(0) => {
                clear.push(name);
                None
            }
            other => other,
        };
        let protest_days = days("protest_days", b.protest_days);
        let baixa_days = days("baixa_days", b.baixa_days);
        let patch = CollectionAgreementPatch {
            draft: CollectionAgreementDraft {
                name: text(b.name),
                beneficiary_name: text(b.beneficiary_name),
                beneficiary_document: text(b.beneficiary_document),
                beneficiary_code: text(b.beneficiary_code),
                beneficiary_code_digit: text(b.beneficiary_code_digit),
                carteira: text(b.carteira),
                modalidade: text(b.modalidade),
                variacao: text(b.variacao),
                posto: text(b.posto),
                layout: b
                    .layout
                    .into_option()
                    .map(|l| Layout::from(l).as_str().to_string()),
                nosso_numero_first: b.nosso_numero_first.into_option(),
                nosso_numero_last: b.nosso_numero_last.into_option(),
                next_nosso_numero: b.next_nosso_numero.into_option(),
                next_file_sequence: b.next_file_sequence.into_option(),
                fine_bp: b.fine_bp.into_option(),
                interest_monthly_bp: b.interest_monthly_bp.into_option(),
                protest_days,
                baixa_days,
                settlement_days: b.settlement_days.into_option(),
                pix_key: text(b.pix_key),
            },
            clear,
            active: b.active.into_option(),
        };
        let updated = self
            .agreements
            .update_collection(&id.0, b.version, patch, &auth.0)
            .await?;
        Ok(Json(updated.into()))
    }

    /// A convênio de cobrança's history (created, changed…), oldest first.
    #[oai(
        path = "/collection-agreements/:id/history",
        method = "get",
        operation_id = "getCollectionAgreementHistory"
    )]
    async fn collection_history(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.agreements.collection_history(&id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }

    /// The convênios de pagamentos (of one bank account when given).
    #[oai(
        path = "/payment-agreements",
        method = "get",
        operation_id = "listPaymentAgreements"
    )]
    async fn list_payments(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] bank_account_id: Query<Option<String>>,
    ) -> ApiResult<Json<PaymentAgreementList>> {
        let items = self
            .agreements
            .payments(blank(bank_account_id.0).as_deref())
            .await?;
        Ok(Json(PaymentAgreementList {
            items: items.into_iter().map(Into::into).collect(),
        }))
    }

    /// Adds a convênio de pagamentos (CNAB 240) under an active bank account.
    #[oai(
        path = "/payment-agreements",
        method = "post",
        operation_id = "createPaymentAgreement"
    )]
    async fn create_payment(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        body: Json<NewPaymentAgreementRequest>,
    ) -> ApiResult<CreatedPayment> {
        let b = body.0;
        let account = text(b.bank_account_id);
        let draft = PaymentAgreementDraft {
            name: text(b.name),
            code: text(b.code),
            layout: b
                .layout
                .into_option()
                .map(|l| Layout::from(l).as_str().to_string()),
            next_file_sequence: b.next_file_sequence.into_option(),
            methods: b
                .methods
                .into_option()
                .map(|m| m.into_iter().map(Into::into).collect()),
        };
        let created = self
            .agreements
            .create_payment(account.as_deref(), draft, &auth.0)
            .await?;
        Ok(CreatedPayment::Created(Json(created.into())))
    }

    #[oai(
        path = "/payment-agreements/:id",
        method = "get",
        operation_id = "getPaymentAgreement"
    )]
    async fn get_payment(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<PaymentAgreementView>> {
        Ok(Json(self.agreements.payment(&id.0).await?.into()))
    }

    /// Changes a convênio de pagamentos over the version last read; the file sequence never goes back.
    #[oai(
        path = "/payment-agreements/:id",
        method = "patch",
        operation_id = "updatePaymentAgreement"
    )]
    async fn update_payment(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<PaymentAgreementPatchRequest>,
    ) -> ApiResult<Json<PaymentAgreementView>> {
        let b = body.0;
        let patch = PaymentAgreementPatch {
            name: text(b.name),
            code: text(b.code),
            next_file_sequence: b.next_file_sequence.into_option(),
            methods: b
                .methods
                .into_option()
                .map(|m| m.into_iter().map(Into::into).collect()),
            active: b.active.into_option(),
        };
        let updated = self
            .agreements
            .update_payment(&id.0, b.version, patch, &auth.0)
            .await?;
        Ok(Json(updated.into()))
    }

    #[oai(
        path = "/payment-agreements/:id/history",
        method = "get",
        operation_id = "getPaymentAgreementHistory"
    )]
    async fn payment_history(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.agreements.payment_history(&id.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }
}
