//! The proposal summary links: `/api/v1/sales/sales/{id}/summary-links` (create, list, revoke; the sale's reach,
//! 404 outside it) and the public read `POST /api/v1/public/summary`, open to anyone holding a live token. The
//! token travels in the body (the page reads it from the URL's fragment), never in a URL the server logs.

use std::net::IpAddr;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use platform::api::{request_client_addr, ApiResult, BearerAuth, ErrorBody, Omittable, Text};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::SalesTag;
use crate::domain::summary_link::{AnswerKind, LinkDraft, LinkState, Summary, LOCKED};
use crate::permissions::SALES_SUMMARY_LINKS;
use crate::service::{CreatedLink, LinkView, NextPayment, PublicRead, SummaryLinks};

pub struct SummaryLinkApi {
    links: Arc<SummaryLinks>,
}

impl SummaryLinkApi {
    pub fn new(links: Arc<SummaryLinks>) -> SummaryLinkApi {
        SummaryLinkApi { links }
    }
}

/// Where a link stands.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "SummaryLinkState")]
pub enum LinkStateView {
    #[oai(rename = "ativo")]
    Ativo,
    #[oai(rename = "expirado")]
    Expirado,
    #[oai(rename = "revogado")]
    Revogado,
    #[oai(rename = "bloqueado")]
    Bloqueado,
}

impl From<LinkState> for LinkStateView {
    fn from(s: LinkState) -> LinkStateView {
        match s {
            LinkState::Active => LinkStateView::Ativo,
            LinkState::Expired => LinkStateView::Expirado,
            LinkState::Revoked => LinkStateView::Revogado,
            LinkState::Locked => LinkStateView::Bloqueado,
        }
    }
}

/// A summary link as the sale's page shows it (never its token).
#[derive(Object)]
#[oai(rename = "SummaryLink")]
pub struct LinkDto {
    pub id: String,
    pub state: LinkStateView,
    pub require_verification: bool,
    pub expires_at: DateTime<Utc>,
    /// `venda_editada`, `venda_cancelada` or `revogado` (by hand).
    pub revoked_reason: Option<String>,
    pub first_viewed_at: Option<DateTime<Utc>>,
    pub last_viewed_at: Option<DateTime<Utc>>,
    pub view_count: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

impl From<LinkView> for LinkDto {
    fn from(v: LinkView) -> LinkDto {
        LinkDto {
            id: v.id,
            state: v.state.into(),
            require_verification: v.require_verification,
            expires_at: v.expires_at,
            revoked_reason: v.revoked_reason,
            first_viewed_at: v.first_viewed_at,
            last_viewed_at: v.last_viewed_at,
            view_count: v.view_count,
            created_at: v.created_at,
            created_by: v.created_by,
        }
    }
}

/// A new link and its URL: `/resumo-temporario#t=<token>`, shown this once (only the token's hash is kept).
#[derive(Object)]
#[oai(rename = "CreatedSummaryLink")]
pub struct CreatedLinkDto {
    pub link: LinkDto,
    pub url: String,
}

impl From<CreatedLink> for CreatedLinkDto {
    fn from(c: CreatedLink) -> CreatedLinkDto {
        CreatedLinkDto {
            link: c.link.into(),
            url: c.url,
        }
    }
}

#[derive(Object, Default)]
#[oai(rename = "NewSummaryLinkRequest", example)]
pub struct NewLinkRequest {
    /// 1 to 720 (30 days); 72 when absent.
    pub expires_in_hours: Option<i64>,
    /// Ask the client's birth date or the document's last 4 digits before showing it; when absent, asked
    /// when an item is a procedure.
    pub require_verification: Option<bool>,
}

impl Example for NewLinkRequest {
    fn example() -> Self {
        NewLinkRequest {
            expires_in_hours: Some(72),
            require_verification: Some(true),
        }
    }
}

#[derive(ApiResponse)]
pub(crate) enum LinkCreated {
    #[oai(status = 201)]
    Created(Json<CreatedLinkDto>),
}

#[OpenApi(prefix_path = "/api/v1/sales/sales", tag = "SalesTag::Sales")]
impl SummaryLinkApi {
    /// Creates a summary link of a sale the caller reaches (404 outside it; 409 for a cancelled or discarded
    /// sale; 422 on `expires_in_hours`). The URL, with the token, is returned only here.
    #[oai(
        path = "/:id/summary-links",
        method = "post",
        operation_id = "createSaleSummaryLink"
    )]
    async fn create(
        &self,
        #[oai(scope = "SALES_SUMMARY_LINKS")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<NewLinkRequest>,
    ) -> ApiResult<LinkCreated> {
        let draft = LinkDraft {
            expires_in_hours: body.0.expires_in_hours,
            require_verification: body.0.require_verification,
        };
        let created = self.links.create(&auth.0, &id.0, draft).await?;
        Ok(LinkCreated::Created(Json(created.into())))
    }

    /// The sale's summary links, newest first, with their views (first, last, count).
    #[oai(
        path = "/:id/summary-links",
        method = "get",
        operation_id = "listSaleSummaryLinks"
    )]
    async fn list(
        &self,
        #[oai(scope = "SALES_SUMMARY_LINKS")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<Vec<LinkDto>>> {
        let links = self.links.of_sale(&auth.0, &id.0).await?;
        Ok(Json(links.into_iter().map(Into::into).collect()))
    }

    /// Revokes a link at once (409 when it was already revoked; 404 for a link of another sale).
    #[oai(
        path = "/:id/summary-links/:link_id/revoke",
        method = "post",
        operation_id = "revokeSaleSummaryLink"
    )]
    async fn revoke(
        &self,
        #[oai(scope = "SALES_SUMMARY_LINKS")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(max_length = 100))] link_id: Path<String>,
    ) -> ApiResult<Json<LinkDto>> {
        let link = self.links.revoke(&auth.0, &id.0, &link_id.0).await?;
        Ok(Json(link.into()))
    }
}

pub struct PublicSummaryApi {
    links: Arc<SummaryLinks>,
    trusted_proxies: Arc<[IpAddr]>,
}

impl PublicSummaryApi {
    pub fn new(links: Arc<SummaryLinks>, trusted_proxies: Arc<[IpAddr]>) -> PublicSummaryApi {
        PublicSummaryApi {
            links,
            trusted_proxies,
        }
    }
}

/// What the client may answer to be shown the summary.
#[derive(Enum, Clone, Copy, Debug, PartialEq, Eq)]
#[oai(rename = "SummaryAnswerKind")]
pub enum AnswerKindView {
    /// The birth date, `dd/mm/aaaa`.
    #[oai(rename = "nascimento")]
    Nascimento,
    /// The CPF's (or CNPJ's) last 4 digits.
    #[oai(rename = "documento")]
    Documento,
}

impl From<AnswerKind> for AnswerKindView {
    fn from(k: AnswerKind) -> AnswerKindView {
        match k {
            AnswerKind::BirthDate => AnswerKindView::Nascimento,
            AnswerKind::DocumentEnd => AnswerKindView::Documento,
        }
    }
}

impl From<AnswerKindView> for AnswerKind {
    fn from(k: AnswerKindView) -> AnswerKind {
        match k {
            AnswerKindView::Nascimento => AnswerKind::BirthDate,
            AnswerKindView::Documento => AnswerKind::DocumentEnd,
        }
    }
}

#[derive(Object)]
#[oai(rename = "PublicSummaryRequest", example)]
pub struct PublicSummaryRequest {
    /// The token from the link's fragment (`#t=…`).
    #[oai(validator(max_length = 100))]
    pub token: Text,
    /// Left out when none is asked yet; `null` is refused (400), as the schema says, and so is anything but a
    /// string in `answer` and `token` (`Text`: poem-openapi's `String` would read `false` as "false").
    pub answer_kind: Omittable<AnswerKindView>,
    #[oai(validator(max_length = 20))]
    pub answer: Omittable<Text>,
}

impl Example for PublicSummaryRequest {
    fn example() -> Self {
        PublicSummaryRequest {
            token: "q6Xx0P3lYl7o2c2m3iVxQn6k1fJ8dS4aZb9wE5rT7uY".into(),
            answer_kind: Omittable(Some(AnswerKindView::Documento)),
            answer: Omittable(Some("4725".into())),
        }
    }
}

#[derive(Object)]
#[oai(rename = "PublicSummaryItem")]
pub struct ItemDto {
    pub name: String,
    pub quantity: i64,
    pub unit_price: i64,
    pub discount_bp: i64,
    pub discount: i64,
    pub total: i64,
}

#[derive(Object)]
#[oai(rename = "PublicSummaryInstallment")]
pub struct InstallmentDto {
    pub due_date: NaiveDate,
    pub amount: i64,
}

/// The next installment to pay, with its boleto line and PIX copia-e-cola when issued.
#[derive(Object)]
#[oai(rename = "PublicSummaryPayment")]
pub struct PaymentDto {
    pub due_date: NaiveDate,
    pub amount: i64,
    pub linha_digitavel: Option<String>,
    pub pix_copia_e_cola: Option<String>,
}

impl From<NextPayment> for PaymentDto {
    fn from(p: NextPayment) -> PaymentDto {
        PaymentDto {
            due_date: p.due_date,
            amount: p.amount,
            linha_digitavel: p.linha_digitavel,
            pix_copia_e_cola: p.pix_copia_e_cola,
        }
    }
}

/// The proposal as the client sees it: never a full document, address, e-mail, phone, note, margin or
/// commission.
#[derive(Object)]
#[oai(rename = "PublicSummary")]
pub struct SummaryDto {
    pub company_name: String,
    pub sale_number: String,
    pub client_first_name: String,
    pub items: Vec<ItemDto>,
    pub list_total: i64,
    pub discount_total: i64,
    pub total: i64,
    /// `boleto`, `pix` or `cartao`.
    pub payment_method: String,
    pub card_installments: i64,
    pub installments: Vec<InstallmentDto>,
    pub next_payment: Option<PaymentDto>,
    pub salesperson_first_name: String,
    /// Digits with the country code, for `https://wa.me/<número>`.
    pub salesperson_whatsapp: Option<String>,
    /// Until when the link works.
    pub expires_at: DateTime<Utc>,
}

fn summary_dto(s: Summary, next: Option<NextPayment>, expires_at: DateTime<Utc>) -> SummaryDto {
    SummaryDto {
        company_name: s.company_name,
        sale_number: s.sale_number,
        client_first_name: s.client_first_name,
        items: s
            .items
            .into_iter()
            .map(|i| ItemDto {
                name: i.name,
                quantity: i.quantity,
                unit_price: i.unit_price,
                discount_bp: i.discount_bp,
                discount: i.discount,
                total: i.total,
            })
            .collect(),
        list_total: s.list_total,
        discount_total: s.discount_total,
        total: s.total,
        payment_method: s.payment_method,
        card_installments: s.card_installments,
        installments: s
            .installments
            .into_iter()
            .map(|i| InstallmentDto {
                due_date: i.due_date,
                amount: i.amount,
            })
            .collect(),
        next_payment: next.map(Into::into),
        salesperson_first_name: s.salesperson_first_name,
        salesperson_whatsapp: s.salesperson_whatsapp,
        expires_at,
    }
}

/// Either the summary, or what the client must answer first (`verification_required`, with the kinds offered).
#[derive(Object)]
#[oai(rename = "PublicSummaryResponse")]
pub struct PublicSummaryDto {
    pub verification_required: bool,
    pub answer_kinds: Vec<AnswerKindView>,
    pub summary: Option<Box<SummaryDto>>,
}

#[derive(ApiResponse)]
enum PublicSummaryAnswer {
    #[oai(status = 200)]
    Ok(Json<PublicSummaryDto>),
    /// Expired, revoked, unknown or locked after 5 wrong answers.
    #[oai(status = 410)]
    Gone(Json<ErrorBody>),
}

#[OpenApi(prefix_path = "/api/v1/public", tag = "SalesTag::Sales")]
impl PublicSummaryApi {
    /// The proposal summary of a live link, for anyone holding its token (no sign-in). When the link asks for
    /// verification and no right answer came, `verification_required` with the kinds offered; a wrong answer
    /// is 422 on `answer` (5 lock the link). Expired, revoked, unknown or locked: 410. Per address at most
    /// `BACKOFFICE_PUBLIC_READS_PER_MINUTE` a minute (429 with `Retry-After`).
    #[oai(path = "/summary", method = "post", operation_id = "readPublicSummary")]
    async fn read(
        &self,
        req: &poem::Request,
        body: Json<PublicSummaryRequest>,
    ) -> ApiResult<PublicSummaryAnswer> {
        self.links
            .admit(request_client_addr(req, &self.trusted_proxies))?;
        let answer = match (
            body.0.answer_kind.into_option(),
            body.0.answer.as_ref().map(|t| t.as_str()),
        ) {
            (Some(kind), Some(text)) if !text.trim().is_empty() => Some((kind.into(), text)),
            _ => None,
        };
        let read = self.links.read(&body.0.token, answer).await?;
        Ok(match read {
            PublicRead::Summary {
                summary,
                next_payment,
                expires_at,
            } => PublicSummaryAnswer::Ok(Json(PublicSummaryDto {
                verification_required: false,
                answer_kinds: Vec::new(),
                summary: Some(Box::new(summary_dto(*summary, next_payment, expires_at))),
            })),
            PublicRead::NeedsAnswer(kinds) => PublicSummaryAnswer::Ok(Json(PublicSummaryDto {
                verification_required: true,
                answer_kinds: kinds.into_iter().map(Into::into).collect(),
                summary: None,
            })),
            PublicRead::Gone(message) => PublicSummaryAnswer::Gone(Json(ErrorBody {
                code: if message == LOCKED {
                    "link_bloqueado"
                } else {
                    "link_expirado"
                }
                .into(),
                message: message.into(),
                fields: Vec::new(),
                existing: None,
            })),
        })
    }
}
