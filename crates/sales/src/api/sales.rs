//! `/api/v1/sales/sales`: create a draft, change it (over the version read), list (paged, within the caller's
//! reach), one sale with its receivables, confirm, and the discount approval (approve / reject). A sale outside
//! the caller's reach is 404; a confirmed one is frozen (409 on a change).

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use crm::domain::Month;
use platform::api::history::{entries, HistoryEntryDto};
use platform::api::{ApiResult, BearerAuth, Date, PageRequest, Text};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::{KindView, SalesTag};
use crate::domain::{
    ApprovalLevel, InstallmentDraft, LineDraft, PaymentMethod, SaleDraft, SaleStatus, ShareDraft,
};
use crate::permissions::{SALES_DISCOUNT_APPROVE, SALES_SALES_READ, SALES_SALES_WRITE};
use crate::service::{ListedSale, MonthProgress, SaleDetail, SalesBook, Whose};
use crate::store::sales::SaleFilter;

pub struct SaleApi {
    sales: Arc<SalesBook>,
}

impl SaleApi {
    pub fn new(sales: Arc<SalesBook>) -> SaleApi {
        SaleApi { sales }
    }
}

/// Where a sale is in its lifecycle.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "SaleStatus")]
pub enum StatusView {
    #[oai(rename = "rascunho")]
    Rascunho,
    #[oai(rename = "aguardando_aprovacao")]
    AguardandoAprovacao,
    #[oai(rename = "confirmada")]
    Confirmada,
    #[oai(rename = "em_andamento")]
    EmAndamento,
    #[oai(rename = "concluida")]
    Concluida,
    #[oai(rename = "cancelamento_solicitado")]
    CancelamentoSolicitado,
    #[oai(rename = "cancelada")]
    Cancelada,
    #[oai(rename = "descartada")]
    Descartada,
}

impl From<SaleStatus> for StatusView {
    fn from(s: SaleStatus) -> StatusView {
        match s {
            SaleStatus::Draft => StatusView::Rascunho,
            SaleStatus::AwaitingApproval => StatusView::AguardandoAprovacao,
            SaleStatus::Confirmed => StatusView::Confirmada,
            SaleStatus::InProgress => StatusView::EmAndamento,
            SaleStatus::Concluded => StatusView::Concluida,
            SaleStatus::CancellationRequested => StatusView::CancelamentoSolicitado,
            SaleStatus::Cancelled => StatusView::Cancelada,
            SaleStatus::Discarded => StatusView::Descartada,
        }
    }
}

impl From<StatusView> for SaleStatus {
    fn from(s: StatusView) -> SaleStatus {
        SaleStatus::ALL
            .into_iter()
            .find(|x| StatusView::from(*x) == s)
            .unwrap_or(SaleStatus::Draft)
    }
}

/// How the client pays.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "SalePaymentMethod")]
pub enum MethodView {
    #[oai(rename = "boleto")]
    Boleto,
    #[oai(rename = "pix")]
    Pix,
    #[oai(rename = "cartao")]
    Cartao,
}

impl From<PaymentMethod> for MethodView {
    fn from(m: PaymentMethod) -> MethodView {
        match m {
            PaymentMethod::Boleto => MethodView::Boleto,
            PaymentMethod::Pix => MethodView::Pix,
            PaymentMethod::Card => MethodView::Cartao,
        }
    }
}

impl MethodView {
    fn as_str(self) -> &'static str {
        match self {
            MethodView::Boleto => "boleto",
            MethodView::Pix => "pix",
            MethodView::Cartao => "cartao",
        }
    }
}

/// Who must approve the sale's largest discount (`vendedor`: nobody).
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "SaleApprovalLevel")]
pub enum LevelView {
    #[oai(rename = "vendedor")]
    Vendedor,
    #[oai(rename = "gerente")]
    Gerente,
    #[oai(rename = "administrador")]
    Administrador,
}

impl From<ApprovalLevel> for LevelView {
    fn from(l: ApprovalLevel) -> LevelView {
        match l {
            ApprovalLevel::Salesperson => LevelView::Vendedor,
            ApprovalLevel::Manager => LevelView::Gerente,
            ApprovalLevel::Admin => LevelView::Administrador,
        }
    }
}

/// One line of a sale: the catalog item's price snapshot on the sale's price date.
#[derive(Object)]
#[oai(rename = "SaleItem")]
pub struct ItemView {
    pub catalog_item_id: String,
    pub sku: String,
    pub description: String,
    pub kind: KindView,
    /// Centavos.
    pub list_price: i64,
    /// Centavos: the campaign's price inside its window, else the list price.
    pub unit_price: i64,
    pub campaign_id: Option<String>,
    pub quantity: i64,
    /// Basis points over the unit price.
    pub discount_bp: i64,
    /// Centavos.
    pub discount: i64,
    /// Centavos.
    pub total: i64,
}

/// One salesperson's share (basis points; the shares sum 10 000).
#[derive(Object)]
#[oai(rename = "SaleShare")]
pub struct ShareView {
    pub user_id: String,
    pub name: Option<String>,
    pub share_bp: i64,
}

/// One installment of the payment plan.
#[derive(Object)]
#[oai(rename = "SaleInstallment")]
pub struct InstallmentView {
    pub seq: i64,
    pub due_date: NaiveDate,
    /// Centavos.
    pub amount: i64,
}

/// A decision on the discount, with the approver's limit (absent: unlimited) and the value.
#[derive(Object)]
#[oai(rename = "SaleDiscountApproval")]
pub struct ApprovalView {
    pub level: LevelView,
    pub value_bp: i64,
    pub approver_id: String,
    pub approver_name: Option<String>,
    pub approver_role: String,
    pub approver_limit_bp: Option<i64>,
    pub approved: bool,
    pub reason: Option<String>,
    pub decided_at: DateTime<Utc>,
}

/// A receivable created by the confirmation, as finance has it now.
#[derive(Object)]
#[oai(rename = "SaleReceivable")]
pub struct ReceivableView {
    pub installment_id: String,
    /// "CR-2026-000123 1/3".
    pub number: String,
    pub seq: i64,
    pub count: i64,
    pub due_date: NaiveDate,
    /// Centavos.
    pub amount: i64,
    /// Centavos.
    pub received: i64,
    /// finance's installment status (ABERTO, BOLETO_EMITIDO, PAGO…).
    pub status: String,
    pub overdue: bool,
    /// Once finance issued the boleto.
    pub linha_digitavel: Option<String>,
    pub pix_copia_e_cola: Option<String>,
}

/// A sale.
#[derive(Object)]
#[oai(rename = "Sale")]
pub struct SaleView {
    pub id: String,
    /// V-AAAA-NNNNNN.
    pub number: String,
    pub status: StatusView,
    /// Items, split and plan may change only in a draft.
    pub editable: bool,
    pub client_id: String,
    pub client_name: String,
    pub opportunity_id: Option<String>,
    /// The marketing link the sale came through (its opportunity's first touch, kept at confirmation) and its
    /// code (`/l/{code}`).
    pub marketing_link_id: Option<String>,
    pub marketing_link_code: Option<String>,
    pub owner_id: String,
    pub owner_name: Option<String>,
    pub team_id: Option<String>,
    /// The day prices were taken.
    pub price_date: NaiveDate,
    pub items: Vec<ItemView>,
    pub split: Vec<ShareView>,
    pub payment_method: MethodView,
    pub card_installments: i64,
    pub installments: Vec<InstallmentView>,
    /// Centavos: Σ list price × quantity.
    pub list_total: i64,
    /// Centavos: Σ line discounts.
    pub discount_total: i64,
    /// Centavos.
    pub total: i64,
    pub max_discount_bp: i64,
    pub approval_level: LevelView,
    pub approvals: Vec<ApprovalView>,
    pub receivable_id: Option<String>,
    pub receivables: Vec<ReceivableView>,
    /// Send it back when changing, confirming or deciding (a stale one is 409).
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
}

impl From<SaleDetail> for SaleView {
    fn from(d: SaleDetail) -> SaleView {
        let s = d.sale;
        let names = d.names;
        let f = s.fields;
        SaleView {
            editable: s.status.editable(),
            status: s.status.into(),
            owner_name: names.get(&s.owner_id).cloned(),
            id: s.id,
            number: s.number,
            client_id: f.client_id,
            client_name: s.client_name,
            opportunity_id: f.opportunity_id,
            marketing_link_id: s.marketing_link_id,
            marketing_link_code: d.marketing_link_code,
            owner_id: s.owner_id,
            team_id: s.team_id,
            price_date: s.price_date,
            items: f
                .lines
                .into_iter()
                .map(|l| ItemView {
                    catalog_item_id: l.catalog_item_id,
                    sku: l.sku,
                    description: l.description,
                    kind: l.kind.into(),
                    list_price: l.list_price,
                    unit_price: l.unit_price,
                    campaign_id: l.campaign_id,
                    quantity: l.quantity,
                    discount_bp: l.discount_bp,
                    discount: l.discount,
                    total: l.total,
                })
                .collect(),
            split: f
                .split
                .into_iter()
                .map(|x| ShareView {
                    name: names.get(&x.user_id).cloned(),
                    user_id: x.user_id,
                    share_bp: x.share_bp,
                })
                .collect(),
            payment_method: f.plan.method.into(),
            card_installments: f.plan.card_installments,
            installments: f
                .plan
                .installments
                .into_iter()
                .enumerate()
                .map(|(i, p)| InstallmentView {
                    seq: i as i64 + 1,
                    due_date: p.due_date,
                    amount: p.amount,
                })
                .collect(),
            list_total: f.list_total,
            discount_total: f.discount_total,
            total: f.total,
            max_discount_bp: f.max_discount_bp,
            approval_level: s.approval_level.into(),
            approvals: s
                .approvals
                .into_iter()
                .map(|a| ApprovalView {
                    level: a.level.into(),
                    value_bp: a.value_bp,
                    approver_name: names.get(&a.approver_id).cloned(),
                    approver_id: a.approver_id,
                    approver_role: a.approver_role,
                    approver_limit_bp: a.approver_limit_bp,
                    approved: a.approved,
                    reason: a.reason,
                    decided_at: a.decided_at,
                })
                .collect(),
            receivable_id: s.receivable_id,
            receivables: d
                .receivables
                .into_iter()
                .map(|r| ReceivableView {
                    installment_id: r.installment_id,
                    number: r.number,
                    seq: r.seq,
                    count: r.count,
                    due_date: r.due_date,
                    amount: r.amount,
                    received: r.received,
                    status: r.status.as_str().to_string(),
                    overdue: r.overdue,
                    linha_digitavel: r.linha_digitavel,
                    pix_copia_e_cola: r.pix_copia_e_cola,
                })
                .collect(),
            version: s.version,
            created_at: s.created_at,
            updated_at: s.updated_at,
            confirmed_at: s.confirmed_at,
        }
    }
}

/// A sale in a list.
#[derive(Object)]
#[oai(rename = "SaleSummary")]
pub struct SummaryView {
    pub id: String,
    pub number: String,
    pub status: StatusView,
    pub client_id: String,
    pub client_name: String,
    pub owner_id: String,
    /// Centavos.
    pub total: i64,
    pub payment_method: MethodView,
    pub installments: i64,
    pub created_at: DateTime<Utc>,
    /// Received so far over its receivables (centavos; 0 before it is confirmed).
    pub received: i64,
    /// The earliest open installment: its due date and balance (centavos).
    pub next_due_date: Option<NaiveDate>,
    pub next_due_amount: Option<i64>,
    /// Whether an installment is overdue (after the grace business day).
    pub overdue: bool,
}

impl From<ListedSale> for SummaryView {
    fn from(listed: ListedSale) -> SummaryView {
        let ListedSale { sale: s, position } = listed;
        let position = position.unwrap_or_default();
        SummaryView {
            id: s.id,
            number: s.number,
            status: s.status.into(),
            client_id: s.fields.client_id,
            client_name: s.client_name,
            owner_id: s.owner_id,
            total: s.fields.total,
            payment_method: s.fields.plan.method.into(),
            installments: s.fields.plan.installments.len() as i64,
            created_at: s.created_at,
            received: position.received_cents,
            next_due_date: position.next_due.map(|(due, _)| due),
            next_due_amount: position.next_due.map(|(_, amount)| amount),
            overdue: position.overdue,
        }
    }
}

/// A month sold against its target: the caller's share ("Minhas") or their teams' ("Equipe").
#[derive(Object)]
#[oai(rename = "SalesMonthProgress")]
pub struct MonthProgressView {
    /// `AAAA-MM`.
    pub month: String,
    /// The month's value target (centavos; 0 when none was set) and sales-count target.
    pub target: i64,
    pub target_count: i64,
    /// Sold in the month: confirmed in it and not cancelled since (centavos; a person's share of the split).
    pub sold: i64,
    pub sold_count: i64,
}

impl From<MonthProgress> for MonthProgressView {
    fn from(p: MonthProgress) -> MonthProgressView {
        MonthProgressView {
            month: p.month.to_string(),
            target: p.target_cents,
            target_count: p.target_count,
            sold: p.sold_cents,
            sold_count: p.sold_count,
        }
    }
}

/// One page of sales, newest first.
#[derive(Object)]
#[oai(rename = "SalePage")]
pub struct SalePage {
    pub items: Vec<SummaryView>,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

/// One line as typed: a catalog item, the quantity (default 1) and the discount in basis points (default 0).
#[derive(Object)]
#[oai(rename = "SaleItemInput")]
pub struct ItemInput {
    #[oai(validator(max_length = 100))]
    pub catalog_item_id: Option<Text>,
    pub quantity: Option<i64>,
    pub discount_bp: Option<i64>,
}

/// One salesperson's share in basis points.
#[derive(Object)]
#[oai(rename = "SaleShareInput")]
pub struct ShareInput {
    #[oai(validator(max_length = 100))]
    pub user_id: Option<Text>,
    pub share_bp: Option<i64>,
}

/// One installment as typed.
#[derive(Object)]
#[oai(rename = "SaleInstallmentInput")]
pub struct InstallmentInput {
    pub due_date: Option<Date>,
    /// Centavos.
    pub amount: Option<i64>,
}

/// A sale's contents. Without `parcelas` the total is split in `installment_count` (a card's: its
/// `card_installments`) monthly from `first_due_date` (default today), the remainder on the first; with them,
/// they must sum to the total (422 naming `parcelas`). An empty `split` gives the owner 100 %.
#[derive(Object)]
#[oai(rename = "SaleInput", example)]
pub struct SaleRequest {
    #[oai(validator(max_length = 100))]
    pub client_id: Option<Text>,
    #[oai(validator(max_length = 100))]
    pub opportunity_id: Option<Text>,
    #[oai(default, validator(max_items = 200))]
    pub items: Vec<ItemInput>,
    #[oai(default, validator(max_items = 50))]
    pub split: Vec<ShareInput>,
    pub payment_method: Option<MethodView>,
    /// Card only: 1–12.
    pub card_installments: Option<i64>,
    pub installment_count: Option<i64>,
    pub first_due_date: Option<Date>,
    #[oai(validator(max_items = 50))]
    pub parcelas: Option<Vec<InstallmentInput>>,
}

impl Example for SaleRequest {
    fn example() -> Self {
        SaleRequest {
            client_id: Some("0190f1a0-0000-7000-8000-000000000001".into()),
            opportunity_id: None,
            items: vec![ItemInput {
                catalog_item_id: Some("0190f1a0-0000-7000-8000-000000000002".into()),
                quantity: Some(1),
                discount_bp: Some(500),
            }],
            split: Vec::new(),
            payment_method: Some(MethodView::Boleto),
            card_installments: None,
            installment_count: Some(3),
            first_due_date: None,
            parcelas: None,
        }
    }
}

impl SaleRequest {
    fn into_draft(self) -> SaleDraft {
        SaleDraft {
            client_id: Text::optional(self.client_id),
            opportunity_id: Text::optional(self.opportunity_id),
            items: self
                .items
                .into_iter()
                .map(|i| LineDraft {
                    catalog_item_id: Text::optional(i.catalog_item_id),
                    quantity: i.quantity,
                    discount_bp: i.discount_bp,
                })
                .collect(),
            split: self
                .split
                .into_iter()
                .map(|s| ShareDraft {
                    user_id: Text::optional(s.user_id),
                    share_bp: s.share_bp,
                })
                .collect(),
            payment_method: self.payment_method.map(|m| m.as_str().to_string()),
            card_installments: self.card_installments,
            installment_count: self.installment_count,
            first_due_date: self.first_due_date.map(|d| d.0),
            parcelas: self.parcelas.map(|ps| {
                ps.into_iter()
                    .map(|p| InstallmentDraft {
                        due_date: p.due_date.map(|d| d.0),
                        amount: p.amount,
                    })
                    .collect()
            }),
        }
    }
}

/// A draft's new contents over the version last read (stale → 409; past the draft → 409).
#[derive(Object)]
#[oai(rename = "SaleUpdate", example)]
pub struct UpdateRequest {
    pub version: i64,
    #[oai(flatten)]
    pub sale: SaleRequest,
}

impl Example for UpdateRequest {
    fn example() -> Self {
        UpdateRequest {
            version: 1,
            sale: SaleRequest::example(),
        }
    }
}

/// The version last read (stale → 409).
#[derive(Object)]
#[oai(rename = "SaleVersion", example)]
pub struct VersionRequest {
    pub version: i64,
}

impl Example for VersionRequest {
    fn example() -> Self {
        VersionRequest { version: 1 }
    }
}

/// Discarding a proposal: the version last read and why it will not be sold.
#[derive(Object)]
#[oai(rename = "SaleDiscard", example)]
pub struct DiscardRequest {
    pub version: i64,
    #[oai(validator(max_length = 2000))]
    pub reason: Option<String>,
}

impl Example for DiscardRequest {
    fn example() -> Self {
        DiscardRequest {
            version: 1,
            reason: Some("Cliente desistiu do orçamento.".into()),
        }
    }
}

/// The refusal of a discount: the version last read and the reason.
#[derive(Object)]
#[oai(rename = "SaleDiscountRejection", example)]
pub struct RejectRequest {
    pub version: i64,
    #[oai(validator(max_length = 2000))]
    pub reason: Option<String>,
}

impl Example for RejectRequest {
    fn example() -> Self {
        RejectRequest {
            version: 2,
            reason: Some("Desconto acima da política da campanha.".into()),
        }
    }
}

/// A sale's changes, oldest first.
#[derive(Object)]
#[oai(rename = "SaleHistory")]
pub struct History {
    pub entries: Vec<HistoryEntryDto>,
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<SaleView>),
}

#[OpenApi(prefix_path = "/api/v1/sales/sales", tag = "SalesTag::Sales")]
impl SaleApi {
    /// The sales the caller reaches (a salesperson: own and split; a manager: their teams'; finance and
    /// administrators: all), newest first.
    #[oai(path = "/", method = "get", operation_id = "listSales")]
    async fn list(
        &self,
        #[oai(scope = "SALES_SALES_READ")] auth: BearerAuth,
        status: Query<Option<StatusView>>,
        #[oai(validator(max_length = 100))] client_id: Query<Option<String>>,
        /// Only the caller's own sales (owner or in the split): "Minhas"; else all they reach ("Equipe").
        mine: Query<Option<bool>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<SalePage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = SaleFilter {
            status: status.0.map(Into::into),
            client_id: client_id.0,
            ..SaleFilter::default()
        };
        let whose = if mine.0.unwrap_or(false) {
            Whose::Own
        } else {
            Whose::Reached
        };
        let (items, has_more) = self
            .sales
            .list(&auth.0, whose, filter, paging.limit(), paging.offset())
            .await?;
        Ok(Json(SalePage {
            items: items.into_iter().map(SummaryView::from).collect(),
            page: paging.page,
            page_size: paging.page_size,
            has_more,
        }))
    }

    /// The month (`AAAA-MM`, this month when absent) sold against its target: the caller's share, or with
    /// `team` the sales of the teams they manage (all for finance and administrators; 422 on `team` for someone
    /// who manages none).
    #[oai(
        path = "/month-progress",
        method = "get",
        operation_id = "getSalesMonthProgress"
    )]
    async fn month_progress(
        &self,
        #[oai(scope = "SALES_SALES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 7))] month: Query<Option<String>>,
        team: Query<Option<bool>>,
    ) -> ApiResult<Json<MonthProgressView>> {
        let month = Month::parse_or("month", month.0.as_deref(), self.sales.today())?;
        let whose = if team.0.unwrap_or(false) {
            Whose::Reached
        } else {
            Whose::Own
        };
        let progress = self.sales.month_progress(&auth.0, whose, month).await?;
        Ok(Json(progress.into()))
    }

    /// A new draft of the caller's copied from a sale they reach ("duplicar como rascunho"): client, items,
    /// discounts, split and plan, priced again today. A sale outside their reach is 404; what no longer holds (an
    /// inactive item, a client outside their portfolio) is 422 naming the field.
    #[oai(
        path = "/:id/duplicate",
        method = "post",
        operation_id = "duplicateSale"
    )]
    async fn duplicate(
        &self,
        #[oai(scope = "SALES_SALES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Created> {
        let sale = self.sales.duplicate(&auth.0, &id.0).await?;
        let detail = self.sales.get(&auth.0, &sale.id).await?;
        Ok(Created::Created(Json(detail.into())))
    }

    /// Creates a draft owned by the caller, priced on today's date (422 names each offending field).
    #[oai(path = "/", method = "post", operation_id = "createSale")]
    async fn create(
        &self,
        #[oai(scope = "SALES_SALES_WRITE")] auth: BearerAuth,
        body: Json<SaleRequest>,
    ) -> ApiResult<Created> {
        let sale = self.sales.create(&auth.0, body.0.into_draft()).await?;
        let detail = self.sales.get(&auth.0, &sale.id).await?;
        Ok(Created::Created(Json(detail.into())))
    }

    /// One sale with its receivables (404 outside the caller's reach).
    #[oai(path = "/:id", method = "get", operation_id = "getSale")]
    async fn get(
        &self,
        #[oai(scope = "SALES_SALES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<SaleView>> {
        Ok(Json(self.sales.get(&auth.0, &id.0).await?.into()))
    }

    /// Replaces a draft's contents over the version read (stale → 409; a confirmed sale is frozen: 409).
    #[oai(path = "/:id", method = "put", operation_id = "updateSale")]
    async fn update(
        &self,
        #[oai(scope = "SALES_SALES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<UpdateRequest>,
    ) -> ApiResult<Json<SaleView>> {
        let body = body.0;
        let sale = self
            .sales
            .update(&auth.0, &id.0, body.version, body.sale.into_draft())
            .await?;
        Ok(Json(self.sales.get(&auth.0, &sale.id).await?.into()))
    }

    /// Confirms a draft: within the owner's discount limit it is confirmed (one receivable per installment in
    /// finance, the opportunity won, in one transaction); above it, it waits for approval
    /// (`aguardando_aprovacao`). Confirmed already → 409.
    #[oai(path = "/:id/confirm", method = "post", operation_id = "confirmSale")]
    async fn confirm(
        &self,
        #[oai(scope = "SALES_SALES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<VersionRequest>,
    ) -> ApiResult<Json<SaleView>> {
        Ok(Json(
            self.sales
                .confirm(&auth.0, &id.0, body.0.version)
                .await?
                .into(),
        ))
    }

    /// Approves the waiting discount and confirms the sale: a manager within their own limit (above it: 403, and
    /// the sale waits for an administrator), or an administrator; never on one's own sale (403).
    #[oai(
        path = "/:id/discount-approval",
        method = "post",
        operation_id = "approveSaleDiscount"
    )]
    async fn approve(
        &self,
        #[oai(scope = "SALES_DISCOUNT_APPROVE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<VersionRequest>,
    ) -> ApiResult<Json<SaleView>> {
        Ok(Json(
            self.sales
                .approve(&auth.0, &id.0, body.0.version)
                .await?
                .into(),
        ))
    }

    /// Refuses the waiting discount with a reason: the sale goes back to draft.
    #[oai(
        path = "/:id/discount-rejection",
        method = "post",
        operation_id = "rejectSaleDiscount"
    )]
    async fn reject(
        &self,
        #[oai(scope = "SALES_DISCOUNT_APPROVE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<RejectRequest>,
    ) -> ApiResult<Json<SaleView>> {
        let body = body.0;
        Ok(Json(
            self.sales
                .reject(&auth.0, &id.0, body.version, body.reason)
                .await?
                .into(),
        ))
    }

    /// Discards a proposal (draft or waiting for a discount decision) with a reason, over the version read:
    /// its summary links are revoked. 409 past the proposal or on a stale version; 422 on `reason`.
    #[oai(path = "/:id/discard", method = "post", operation_id = "discardSale")]
    async fn discard(
        &self,
        #[oai(scope = "SALES_SALES_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<DiscardRequest>,
    ) -> ApiResult<Json<SaleView>> {
        let body = body.0;
        Ok(Json(
            self.sales
                .discard(&auth.0, &id.0, body.version, body.reason)
                .await?
                .into(),
        ))
    }

    /// A sale's history (who did what, when).
    #[oai(path = "/:id/history", method = "get", operation_id = "getSaleHistory")]
    async fn history(
        &self,
        #[oai(scope = "SALES_SALES_READ")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<History>> {
        Ok(Json(History {
            entries: entries(self.sales.history(&auth.0, &id.0).await?),
        }))
    }
}
