//! `/api/v1/finance/suppliers`: the suppliers (list, create, read, change, history) and their bank data (bank
//! accounts and PIX keys: add, remove, confirm). Purchasing reads and writes suppliers without their bank data.

use std::sync::Arc;

use banking::bank::Bank;
use chrono::{DateTime, Utc};
use crm::api::ClientAddress;
use platform::api::{
    ApiResult, BearerAuth, Clearable, HistoryEntryDto, Omittable, PageRequest, Text,
};
use platform::values::Address;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::{Example, MaybeUndefined};
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::{text, FinanceTag};
use crate::domain::{
    self, BankDataStatus, Supplier, SupplierBankAccount, SupplierBankAccountDraft, SupplierDraft,
    SupplierFilter, SupplierPatch, SupplierPixKey, Trail,
};
use crate::permissions::{
    SUPPLIERS_READ, SUPPLIERS_WRITE, SUPPLIER_BANK_DATA_CONFIRM, SUPPLIER_BANK_DATA_WRITE,
};
use crate::service::{SupplierDetail, Suppliers};

pub struct SuppliersApi {
    suppliers: Arc<Suppliers>,
    /// The list's "Em aberto" and "Último pagamento" come from the payables.
    payables: Option<Arc<crate::service::Payables>>,
}

impl SuppliersApi {
    pub fn new(suppliers: Arc<Suppliers>) -> SuppliersApi {
        SuppliersApi {
            suppliers,
            payables: None,
        }
    }

    /// Fills the list's open amount and last payment from `payables`.
    pub fn with_payables(mut self, payables: Arc<crate::service::Payables>) -> SuppliersApi {
        self.payables = Some(payables);
        self
    }
}

/// PF (pessoa física, CPF) or PJ (pessoa jurídica, CNPJ): follows from the document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "SupplierKind", rename_all = "UPPERCASE")]
pub enum SupplierKind {
    Pf,
    Pj,
}

/// How a supplier is usually paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "SupplierPaymentMethod", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PaymentMethod {
    Boleto,
    Pix,
    Ted,
    DebitoAutomatico,
    Dinheiro,
    Cartao,
}

/// Conta corrente, poupança or conta de pagamento.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "SupplierAccountType", rename_all = "UPPERCASE")]
pub enum AccountType {
    Corrente,
    Poupanca,
    Pagamento,
}

/// The kind of a PIX key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "PixKeyType", rename_all = "UPPERCASE")]
pub enum PixKeyType {
    Cpf,
    Cnpj,
    Email,
    Telefone,
    Aleatoria,
}

/// PENDENTE: added by someone who may not confirm bank data, unusable until a financial manager or super
/// administrator (not its author) confirms it. CONFIRMADA: usable. Removed items are not listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "SupplierBankDataStatus", rename_all = "UPPERCASE")]
pub enum BankDataStatusView {
    Pendente,
    Confirmada,
}

platform::mirror_enum!(SupplierKind, domain::SupplierKind { Pf, Pj });
platform::mirror_enum!(
    PaymentMethod,
    domain::PaymentMethod {
        Boleto,
        Pix,
        Ted,
        DebitoAutomatico,
        Dinheiro,
        Cartao
    }
);
platform::mirror_enum!(
    AccountType,
    domain::AccountType {
        Corrente,
        Poupanca,
        Pagamento
    }
);
platform::mirror_enum!(
    PixKeyType,
    domain::PixKeyType {
        Cpf,
        Cnpj,
        Email,
        Telefone,
        Aleatoria
    }
);

/// A supplier.
#[derive(Object)]
#[oai(rename = "Supplier", skip_serializing_if_is_none)]
pub struct SupplierView {
    pub id: String,
    pub kind: SupplierKind,
    /// Bare characters, upper case: 11 digits (CPF) or 14 alphanumerics (CNPJ). Never changes.
    pub document: String,
    /// `123.456.789-09` or `12.ABC.345/01DE-35`.
    pub document_formatted: String,
    /// Razão social, or the person's name.
    pub name: String,
    /// Nome fantasia.
    pub trade_name: Option<String>,
    pub email: Option<String>,
    /// DDD and number, digits only (10 or 11).
    pub phone: Option<String>,
    pub address: Option<ClientAddress>,
    pub default_payment_method: Option<PaymentMethod>,
    /// An analytic account of the chart.
    pub default_chart_account_id: Option<String>,
    pub default_cost_center_id: Option<String>,
    pub notes: Option<String>,
    pub active: bool,
    /// Send it back when changing the supplier (a stale one is 409). Bank data does not change it.
    pub version: i64,
    /// Whether a bank account or PIX key of it awaits confirmation ("Dados bancários pendentes").
    pub pending_bank_data: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The list only: what is still to be paid to it ("Em aberto") and its last payment's date.
    pub open_cents: Option<i64>,
    pub last_payment_date: Option<platform::api::Date>,
}

impl From<Supplier> for SupplierView {
    fn from(s: Supplier) -> SupplierView {
        let kind = s.kind().into();
        let f = s.fields;
        SupplierView {
            id: s.id,
            kind,
            document: s.document.as_str().to_string(),
            document_formatted: s.document.formatted(),
            name: f.name,
            trade_name: f.trade_name,
            email: f.email.map(|e| e.as_str().to_string()),
            phone: f.phone.map(|p| p.as_str().to_string()),
            address: f.address.map(ClientAddress::from),
            default_payment_method: f.default_payment_method.map(PaymentMethod::from),
            default_chart_account_id: f.default_chart_account_id,
            default_cost_center_id: f.default_cost_center_id,
            notes: f.notes,
            active: s.active,
            version: s.version,
            pending_bank_data: s.pending_bank_data,
            created_at: s.created_at,
            updated_at: s.updated_at,
            open_cents: None,
            last_payment_date: None,
        }
    }
}

/// A supplier with its bank accounts and PIX keys (removed ones are not listed). `bank_accounts` and `pix_keys`
/// are absent for a caller who neither edits nor confirms bank data (purchasing).
#[derive(Object)]
#[oai(rename = "SupplierDetail", skip_serializing_if_is_none)]
pub struct SupplierDetailView {
    #[oai(flatten)]
    pub supplier: SupplierView,
    pub bank_accounts: Option<Vec<SupplierBankAccountView>>,
    pub pix_keys: Option<Vec<SupplierPixKeyView>>,
}

impl From<SupplierDetail> for SupplierDetailView {
    fn from(detail: SupplierDetail) -> SupplierDetailView {
        let document = detail.supplier.document;
        let (bank_accounts, pix_keys) = match detail.bank_data {
            Some(data) => (
                Some(
                    data.accounts
                        .into_iter()
                        .filter_map(|a| SupplierBankAccountView::of(a, &document))
                        .collect(),
                ),
                Some(
                    data.keys
                        .into_iter()
                        .filter_map(SupplierPixKeyView::of)
                        .collect(),
                ),
            ),
            None => (None, None),
        };
        SupplierDetailView {
            supplier: detail.supplier.into(),
            bank_accounts,
            pix_keys,
        }
    }
}

/// The status of an item as listed; `None` for a removed one (never listed).
fn listed(trail: &Trail) -> Option<BankDataStatusView> {
    match trail.status {
        BankDataStatus::Pendente => Some(BankDataStatusView::Pendente),
        BankDataStatus::Confirmada => Some(BankDataStatusView::Confirmada),
        BankDataStatus::Removida => None,
    }
}

/// A supplier's bank account.
#[derive(Object)]
#[oai(rename = "SupplierBankAccount", skip_serializing_if_is_none)]
pub struct SupplierBankAccountView {
    pub id: String,
    /// The 3-digit COMPE code.
    pub bank: String,
    /// The bank's name, for the banks whose files the system writes.
    pub bank_name: Option<String>,
    pub agency: String,
    pub agency_digit: Option<String>,
    pub account: String,
    /// A digit or `X`.
    pub account_digit: String,
    pub account_type: AccountType,
    pub holder_name: String,
    /// Bare characters, upper case (CPF or CNPJ).
    pub holder_document: String,
    /// False when the account is in someone else's name (the screen warns).
    pub holder_is_supplier: bool,
    pub status: BankDataStatusView,
    /// uid of who added it.
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    /// uid of who confirmed it (its author, for one a confirmer added).
    pub confirmed_by: Option<String>,
    pub confirmed_at: Option<DateTime<Utc>>,
}

impl SupplierBankAccountView {
    fn of(
        account: SupplierBankAccount,
        supplier: &banking::document::Document,
    ) -> Option<SupplierBankAccountView> {
        let status = listed(&account.trail)?;
        let f = account.fields;
        Some(SupplierBankAccountView {
            id: account.id,
            bank_name: Bank::from_code(&f.bank).map(|b| b.name().to_string()),
            holder_is_supplier: f.holder_is(supplier),
            bank: f.bank,
            agency: f.agency,
            agency_digit: f.agency_digit,
            account: f.account,
            account_digit: f.account_digit,
            account_type: f.account_type.into(),
            holder_name: f.holder_name,
            holder_document: f.holder_document.as_str().to_string(),
            status,
            created_by: account.trail.created_by,
            created_at: account.trail.created_at,
            confirmed_by: account.trail.confirmed_by,
            confirmed_at: account.trail.confirmed_at,
        })
    }
}

/// A supplier's PIX key.
#[derive(Object)]
#[oai(rename = "SupplierPixKey", skip_serializing_if_is_none)]
pub struct SupplierPixKeyView {
    pub id: String,
    pub key_type: PixKeyType,
    /// Normalized: a CPF's 11 digits, a CNPJ's 14 characters, an e-mail in lower case, `+55` and the phone's
    /// digits, a random key's UUID in lower case.
    pub key: String,
    pub status: BankDataStatusView,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub confirmed_by: Option<String>,
    pub confirmed_at: Option<DateTime<Utc>>,
}

impl SupplierPixKeyView {
    fn of(key: SupplierPixKey) -> Option<SupplierPixKeyView> {
        let status = listed(&key.trail)?;
        Some(SupplierPixKeyView {
            id: key.id,
            key_type: key.key.key_type.into(),
            key: key.key.key,
            status,
            created_by: key.trail.created_by,
            created_at: key.trail.created_at,
            confirmed_by: key.trail.confirmed_by,
            confirmed_at: key.trail.confirmed_at,
        })
    }
}

/// One page of suppliers, by name.
#[derive(Object)]
#[oai(rename = "SupplierPage")]
pub struct SupplierPage {
    pub items: Vec<SupplierView>,
    /// Every supplier the filters match.
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    /// Whether a next page exists.
    pub has_more: bool,
}

// The limits below only keep absurd payloads out; the rules are the domain's (a 422 names the field).

/// A new supplier. The kind (PF/PJ) follows from the document, which never changes afterwards.
/// `default_payment_method` is BOLETO, PIX, TED, DEBITO_AUTOMATICO, DINHEIRO or CARTAO.
#[derive(Object)]
#[oai(rename = "NewSupplier", example)]
pub struct NewSupplierRequest {
    /// CPF or CNPJ (alphanumeric allowed), with or without punctuation.
    #[oai(validator(max_length = 100))]
    pub document: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub name: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub trade_name: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub email: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub phone: Omittable<Text>,
    pub address: Omittable<ClientAddress>,
    #[oai(validator(max_length = 100))]
    pub default_payment_method: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub default_chart_account_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub default_cost_center_id: Omittable<Text>,
    #[oai(validator(max_length = 100000))]
    pub notes: Omittable<Text>,
}

impl Example for NewSupplierRequest {
    fn example() -> Self {
        NewSupplierRequest {
            document: Omittable(Some("11.222.333/0001-81".into())),
            name: Omittable(Some("Laboratório Análise Ltda".into())),
            trade_name: Omittable(Some("Lab Análise".into())),
            email: Omittable(Some("financeiro@labanalise.com.br".into())),
            phone: Omittable(Some("(11) 3333-4444".into())),
            address: Omittable(Some(ClientAddress {
                cep: "01310-100".into(),
                street: "Avenida Paulista".into(),
                number: "1000".into(),
                complement: Text::default(),
                district: "Bela Vista".into(),
                city: "São Paulo".into(),
                state: "SP".into(),
            })),
            default_payment_method: Omittable(Some("BOLETO".into())),
            default_chart_account_id: Omittable(None),
            default_cost_center_id: Omittable(None),
            notes: Omittable(None),
        }
    }
}

/// A change to a supplier, with the version last read; the document does not change. `name` and `active`: left
/// out keeps them. The other fields: left out keeps, `null` (or a blank text) clears, a value sets.
#[derive(Object)]
#[oai(rename = "SupplierPatch", example)]
pub struct SupplierPatchRequest {
    pub version: i64,
    #[oai(validator(max_length = 1000))]
    pub name: Omittable<Text>,
    /// Left out: kept; `null`: cleared.
    #[oai(validator(max_length = 1000))]
    pub trade_name: Clearable<Text>,
    /// Left out: kept; `null`: cleared.
    #[oai(validator(max_length = 1000))]
    pub email: Clearable<Text>,
    /// Left out: kept; `null`: cleared.
    #[oai(validator(max_length = 100))]
    pub phone: Clearable<Text>,
    /// Left out: kept; `null`: cleared.
    pub address: Clearable<ClientAddress>,
    /// Left out: kept; `null`: cleared.
    #[oai(validator(max_length = 100))]
    pub default_payment_method: Clearable<Text>,
    /// Left out: kept; `null`: cleared.
    #[oai(validator(max_length = 100))]
    pub default_chart_account_id: Clearable<Text>,
    /// Left out: kept; `null`: cleared.
    #[oai(validator(max_length = 100))]
    pub default_cost_center_id: Clearable<Text>,
    /// Left out: kept; `null`: cleared.
    #[oai(validator(max_length = 100000))]
    pub notes: Clearable<Text>,
    /// False deactivates (no new payables), true reactivates.
    pub active: Omittable<bool>,
}

impl Example for SupplierPatchRequest {
    fn example() -> Self {
        SupplierPatchRequest {
            version: 1,
            name: Omittable(None),
            trade_name: Clearable(MaybeUndefined::Undefined),
            email: Clearable(MaybeUndefined::Value("contas@labanalise.com.br".into())),
            phone: Clearable(MaybeUndefined::Undefined),
            address: Clearable(MaybeUndefined::Undefined),
            default_payment_method: Clearable(MaybeUndefined::Value("PIX".into())),
            default_chart_account_id: Clearable(MaybeUndefined::Undefined),
            default_cost_center_id: Clearable(MaybeUndefined::Undefined),
            notes: Clearable(MaybeUndefined::Null),
            active: Omittable(None),
        }
    }
}

/// A supplier's bank account. `account_type` is CORRENTE, POUPANCA or PAGAMENTO; the holder's document a CPF or
/// CNPJ (another person's is allowed: the screen warns).
#[derive(Object)]
#[oai(rename = "NewSupplierBankAccount", example)]
pub struct NewSupplierBankAccountRequest {
    /// The 3-digit COMPE code (`001`, `341`, `260`…).
    #[oai(validator(max_length = 100))]
    pub bank: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub agency: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub agency_digit: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub account: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub account_digit: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub account_type: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub holder_name: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub holder_document: Omittable<Text>,
}

impl Example for NewSupplierBankAccountRequest {
    fn example() -> Self {
        NewSupplierBankAccountRequest {
            bank: Omittable(Some("341".into())),
            agency: Omittable(Some("0912".into())),
            agency_digit: Omittable(None),
            account: Omittable(Some("45678".into())),
            account_digit: Omittable(Some("9".into())),
            account_type: Omittable(Some("CORRENTE".into())),
            holder_name: Omittable(Some("Laboratório Análise Ltda".into())),
            holder_document: Omittable(Some("11.222.333/0001-81".into())),
        }
    }
}

/// A supplier's PIX key: `key_type` CPF, CNPJ, EMAIL, TELEFONE (+55, DDD and number; punctuation allowed) or
/// ALEATORIA (a UUID, 8-4-4-4-12).
#[derive(Object)]
#[oai(rename = "NewSupplierPixKey", example)]
pub struct NewSupplierPixKeyRequest {
    #[oai(validator(max_length = 100))]
    pub key_type: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub key: Omittable<Text>,
}

impl Example for NewSupplierPixKeyRequest {
    fn example() -> Self {
        NewSupplierPixKeyRequest {
            key_type: Omittable(Some("EMAIL".into())),
            key: Omittable(Some("financeiro@labanalise.com.br".into())),
        }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<SupplierDetailView>),
}

fn created(detail: SupplierDetail) -> Created {
    Created::Created(Json(detail.into()))
}

#[OpenApi(prefix_path = "/api/v1/finance/suppliers", tag = "FinanceTag::Finance")]
impl SuppliersApi {
    /// Suppliers by name. `q` matches the name, the trade name or the document (with or without punctuation),
    /// whatever the case; `active` and `pending` (bank data awaiting confirmation) filter when given.
    #[oai(path = "/", method = "get", operation_id = "listSuppliers")]
    async fn list(
        &self,
        #[oai(scope = "SUPPLIERS_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 200))] q: Query<Option<String>>,
        active: Query<Option<bool>>,
        pending: Query<Option<bool>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<SupplierPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = SupplierFilter {
            q: q.0,
            active: active.0,
            pending: pending.0,
        };
        let (items, total) = self
            .suppliers
            .list(&filter, paging.limit(), paging.offset())
            .await?;
        let has_more = paging.offset() + (items.len() as i64) < total;
        let positions = match &self.payables {
            Some(p) => p.supplier_positions().await?,
            None => Default::default(),
        };
        Ok(Json(SupplierPage {
            items: items
                .into_iter()
                .map(|s| {
                    let (open, last) = positions.get(&s.id).copied().unwrap_or((0, None));
                    SupplierView {
                        open_cents: Some(open),
                        last_payment_date: last.map(platform::api::Date),
                        ..SupplierView::from(s)
                    }
                })
                .collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
            has_more,
        }))
    }

    /// Creates a supplier (purchasing too). A document an active supplier has is a 409 naming it in `existing`.
    #[oai(path = "/", method = "post", operation_id = "createSupplier")]
    async fn create(
        &self,
        #[oai(scope = "SUPPLIERS_WRITE")] auth: BearerAuth,
        body: Json<NewSupplierRequest>,
    ) -> ApiResult<Created> {
        let b = body.0;
        let draft = SupplierDraft {
            document: text(b.document),
            name: text(b.name),
            trade_name: text(b.trade_name),
            email: text(b.email),
            phone: text(b.phone),
            address: b.address.into_option().map(Address::from),
            default_payment_method: text(b.default_payment_method),
            default_chart_account_id: text(b.default_chart_account_id),
            default_cost_center_id: text(b.default_cost_center_id),
            notes: text(b.notes),
        };
        Ok(created(self.suppliers.create(draft, &auth.0).await?))
    }

    /// One supplier, with its bank accounts and PIX keys.
    ///
    /// Acesso: `bank_accounts` e `pix_keys` só vêm para quem edita ou confirma dados bancários.
    #[oai(path = "/:id", method = "get", operation_id = "getSupplier")]
    async fn get(
        &self,
        #[oai(scope = "SUPPLIERS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<SupplierDetailView>> {
        Ok(Json(self.suppliers.detail(&id.0, &auth.0).await?.into()))
    }

    /// Changes a supplier's fields, deactivates or reactivates it, over the version last read (suppliers are
    /// never deleted; the document never changes).
    #[oai(path = "/:id", method = "patch", operation_id = "updateSupplier")]
    async fn update(
        &self,
        #[oai(scope = "SUPPLIERS_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<SupplierPatchRequest>,
    ) -> ApiResult<Json<SupplierDetailView>> {
        let b = body.0;
        let clear = |value: Clearable<Text>| value.change().map(Text::optional);
        let patch = SupplierPatch {
            name: text(b.name),
            trade_name: clear(b.trade_name),
            email: clear(b.email),
            phone: clear(b.phone),
            address: b.address.change().map(|a| a.map(Address::from)),
            default_payment_method: clear(b.default_payment_method),
            default_chart_account_id: clear(b.default_chart_account_id),
            default_cost_center_id: clear(b.default_cost_center_id),
            notes: clear(b.notes),
            active: b.active.into_option(),
        };
        Ok(Json(
            self.suppliers
                .update(&id.0, b.version, patch, &auth.0)
                .await?
                .into(),
        ))
    }

    /// A supplier's history: created, changed (the fields), deactivated, reactivated, bank data added, removed
    /// and confirmed; oldest first.
    ///
    /// Acesso: os dados bancários das entradas só vêm para quem edita ou confirma dados bancários.
    #[oai(
        path = "/:id/history",
        method = "get",
        operation_id = "listSupplierHistory"
    )]
    async fn history(
        &self,
        #[oai(scope = "SUPPLIERS_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<HistoryEntryDto>>> {
        let recorded = self.suppliers.history(&id.0, &auth.0).await?;
        Ok(Json(platform::api::history::entries(recorded)))
    }

    /// Adds a bank account to a supplier (the same bank, agência and conta twice is 409).
    ///
    /// Acesso: sem fornecedores_dados_bancarios_confirmar a conta fica PENDENTE até outra pessoa confirmá-la.
    #[oai(
        path = "/:id/bank-accounts",
        method = "post",
        operation_id = "addSupplierBankAccount"
    )]
    async fn add_bank_account(
        &self,
        #[oai(scope = "SUPPLIER_BANK_DATA_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<NewSupplierBankAccountRequest>,
    ) -> ApiResult<Created> {
        let b = body.0;
        let draft = SupplierBankAccountDraft {
            bank: text(b.bank),
            agency: text(b.agency),
            agency_digit: text(b.agency_digit),
            account: text(b.account),
            account_digit: text(b.account_digit),
            account_type: text(b.account_type),
            holder_name: text(b.holder_name),
            holder_document: text(b.holder_document),
        };
        Ok(created(
            self.suppliers
                .add_bank_account(&id.0, draft, &auth.0)
                .await?,
        ))
    }

    /// Removes a supplier's bank account (it is kept as REMOVIDA, in the history).
    #[oai(
        path = "/:id/bank-accounts/:account_id",
        method = "delete",
        operation_id = "removeSupplierBankAccount"
    )]
    async fn remove_bank_account(
        &self,
        #[oai(scope = "SUPPLIER_BANK_DATA_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] account_id: Path<String>,
    ) -> ApiResult<Json<SupplierDetailView>> {
        Ok(Json(
            self.suppliers
                .remove_bank_account(&id.0, &account_id.0, &auth.0)
                .await?
                .into(),
        ))
    }

    /// Adds a PIX key to a supplier, checked by its type (the same key twice is 409).
    ///
    /// Acesso: sem fornecedores_dados_bancarios_confirmar a chave fica PENDENTE até outra pessoa confirmá-la.
    #[oai(
        path = "/:id/pix-keys",
        method = "post",
        operation_id = "addSupplierPixKey"
    )]
    async fn add_pix_key(
        &self,
        #[oai(scope = "SUPPLIER_BANK_DATA_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<NewSupplierPixKeyRequest>,
    ) -> ApiResult<Created> {
        let b = body.0;
        let (key_type, key) = (text(b.key_type), text(b.key));
        Ok(created(
            self.suppliers
                .add_pix_key(&id.0, key_type.as_deref(), key.as_deref(), &auth.0)
                .await?,
        ))
    }

    /// Removes a supplier's PIX key (it is kept as REMOVIDA, in the history).
    #[oai(
        path = "/:id/pix-keys/:key_id",
        method = "delete",
        operation_id = "removeSupplierPixKey"
    )]
    async fn remove_pix_key(
        &self,
        #[oai(scope = "SUPPLIER_BANK_DATA_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] key_id: Path<String>,
    ) -> ApiResult<Json<SupplierDetailView>> {
        Ok(Json(
            self.suppliers
                .remove_pix_key(&id.0, &key_id.0, &auth.0)
                .await?
                .into(),
        ))
    }

    /// Confirms every pending bank account and PIX key of the supplier (nothing pending is 409 `nada_pendente`).
    ///
    /// Acesso: quem incluiu um dado pendente não o confirma (409 `confirmacao_pelo_autor`).
    #[oai(
        path = "/:id/bank-data/confirm",
        method = "post",
        operation_id = "confirmSupplierBankData"
    )]
    async fn confirm_bank_data(
        &self,
        #[oai(scope = "SUPPLIER_BANK_DATA_CONFIRM")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<SupplierDetailView>> {
        Ok(Json(
            self.suppliers
                .confirm_bank_data(&id.0, &auth.0)
                .await?
                .into(),
        ))
    }
}
