//! `/api/v1/stock/dispatches…` and `/api/v1/stock/hub`: the hub's dispatch area. Every dispatch operation
//! needs a `despachos_*` permission, so the server audits its own refusals (identity's access audit): those of
//! the permission check before the handler, and — through `report_refusal` around every service call — those
//! the handler makes itself (the hub flag, one's own request, who may cancel).

use std::sync::Arc;

use platform::access::{DISPATCH_APPROVE, DISPATCH_VIEW, HUB};
use platform::api::auth::report_refusal;
use platform::api::{ApiResult, BearerAuth, PageRequest, Text};
use poem::Request;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use super::dispatch_dto::*;
use super::StockTag;
use crate::permissions::{DISPATCH_PICK, DISPATCH_RESOLVE};
use crate::service::{DispatchDraft, DispatchEdit, Dispatches, LinePick, Resolution};
use crate::store::dispatches::DispatchFilter;

pub struct DispatchesApi {
    dispatches: Arc<Dispatches>,
}

impl DispatchesApi {
    pub fn new(dispatches: Arc<Dispatches>) -> DispatchesApi {
        DispatchesApi { dispatches }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<DispatchView>),
}

fn text(t: Option<Text>) -> Option<String> {
    t.map(|t| t.0)
}

#[OpenApi(prefix_path = "/api/v1/stock", tag = "StockTag::Stock")]
impl DispatchesApi {
    /// The hub of one of the caller's clinics (the first when none is asked): balances, expiring lots,
    /// negative balances, dispatches to receive and the latest requests.
    ///
    /// Acesso: a clinic outside the caller's clinics is 404; dispatches only with `can_see_dispatch`.
    #[oai(path = "/hub", method = "get", operation_id = "getStockHub")]
    async fn hub(
        &self,
        req: &Request,
        #[oai(scope = "HUB")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] location_id: Query<Option<String>>,
    ) -> ApiResult<Json<HubView>> {
        Ok(Json(
            report_refusal(
                req,
                &auth.0,
                self.dispatches.hub(location_id.0, &auth.0).await,
            )
            .await?
            .into(),
        ))
    }

    /// Dispatches of the caller's clinics, newest first.
    ///
    /// Acesso: `access_hub` too; a clinic's staff (or anyone assigned to clinics) see their clinics only.
    #[oai(
        path = "/dispatches",
        method = "get",
        operation_id = "listStockDispatches"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_VIEW")] auth: BearerAuth,
        status: Query<Option<Vec<DispatchStatus>>>,
        #[oai(validator(max_length = 100))] location_id: Query<Option<String>>,
        /// Only the caller's own requests.
        mine: Query<Option<bool>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<DispatchPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let filter = DispatchFilter {
            statuses: status
                .0
                .unwrap_or_default()
                .into_iter()
                .map(|s| {
                    crate::domain::dispatch::DispatchStatus::from(s)
                        .as_str()
                        .to_string()
                })
                .collect(),
            clinics: location_id.0.map(|l| vec![l]),
            requester_uid: mine.0.unwrap_or(false).then(|| auth.0.uid.clone()),
        };
        let listed = self
            .dispatches
            .list(filter, i64::from(paging.page), paging.limit(), &auth.0)
            .await;
        let (items, total) = report_refusal(req, &auth.0, listed).await?;
        Ok(Json(DispatchPage {
            items: items.into_iter().map(DispatchSummaryView::from).collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// A clinic asks for materials: SOLICITADO, numbered `DSP-AAAA-NNNNNN`; the approvers are told. With
    /// `draft` it is saved as RASCUNHO and nobody is told until it is submitted.
    ///
    /// Acesso: `access_hub` too; only for the caller's clinics (422 on `clinic_location_id` otherwise).
    #[oai(
        path = "/dispatches",
        method = "post",
        operation_id = "createStockDispatch"
    )]
    async fn create(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_VIEW")] auth: BearerAuth,
        body: Json<DispatchRequest>,
    ) -> ApiResult<Created> {
        let b = body.0;
        let draft = DispatchDraft {
            clinic_location_id: b.clinic_location_id.0,
            notes: text(b.notes.0),
            lines: b
                .lines
                .into_iter()
                .map(|l| (l.material_id.0, l.qty_milli))
                .collect(),
            draft: b.draft.0.unwrap_or(false),
        };
        let detail =
            report_refusal(req, &auth.0, self.dispatches.create(draft, &auth.0).await).await?;
        Ok(Created::Created(Json(detail.into())))
    }

    /// The approval queue: requests (SOLICITADO) of the approver's clinics, oldest first, each line beside the
    /// clinic's balance and last 30 days' consumption.
    ///
    /// Acesso: `access_hub` too; an approver with clinics assigned sees theirs only.
    #[oai(
        path = "/dispatches/approvals",
        method = "get",
        operation_id = "listStockDispatchApprovals"
    )]
    async fn approvals(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_APPROVE")] auth: BearerAuth,
    ) -> ApiResult<Json<Vec<DispatchView>>> {
        let queue = report_refusal(req, &auth.0, self.dispatches.queue(&auth.0).await).await?;
        Ok(Json(queue.into_iter().map(DispatchView::from).collect()))
    }

    /// One dispatch with lines, picks, the FEFO suggestion and history.
    ///
    /// Acesso: `access_hub` too; another clinic's dispatch is 404.
    #[oai(
        path = "/dispatches/:id",
        method = "get",
        operation_id = "getStockDispatch"
    )]
    async fn get(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_VIEW")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<DispatchView>> {
        Ok(Json(
            report_refusal(req, &auth.0, self.dispatches.detail(&id.0, &auth.0).await)
                .await?
                .into(),
        ))
    }

    /// Edits a draft (RASCUNHO): its lines and notes replaced as sent, against the `version` read; the history
    /// names what changed. 409 once submitted (or cancelled) or when someone changed it first.
    ///
    /// Acesso: `access_hub` too; only whoever saved the draft (403); another clinic's dispatch is 404.
    #[oai(
        path = "/dispatches/:id",
        method = "put",
        operation_id = "updateStockDispatch"
    )]
    async fn update(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_VIEW")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<DispatchEditRequest>,
    ) -> ApiResult<Json<DispatchView>> {
        let b = body.0;
        let edit = DispatchEdit {
            notes: text(b.notes.0),
            lines: b
                .lines
                .into_iter()
                .map(|l| (l.material_id.0, l.qty_milli))
                .collect(),
            version: b.version,
        };
        let detail = report_refusal(
            req,
            &auth.0,
            self.dispatches.edit(&id.0, edit, &auth.0).await,
        )
        .await?;
        Ok(Json(detail.into()))
    }

    /// Submits a draft (RASCUNHO → SOLICITADO); the approvers are told.
    ///
    /// Acesso: `access_hub` too; only whoever saved the draft (403); another clinic's dispatch is 404.
    #[oai(
        path = "/dispatches/:id/submit",
        method = "post",
        operation_id = "submitStockDispatch"
    )]
    async fn submit(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_VIEW")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<DispatchView>> {
        let detail =
            report_refusal(req, &auth.0, self.dispatches.submit(&id.0, &auth.0).await).await?;
        Ok(Json(detail.into()))
    }

    /// Cancels with a reason (`motivo`, 10–500 characters): CANCELADO. Nothing has been shipped in the states
    /// that allow it; the lots picked are released.
    ///
    /// Acesso: `access_hub` too; draft or request: the requester; approved or picking: the approver or a stock manager (403 otherwise); another clinic's is 404.
    #[oai(
        path = "/dispatches/:id/cancel",
        method = "post",
        operation_id = "cancelStockDispatch"
    )]
    async fn cancel(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_VIEW")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<CancellationRequest>,
    ) -> ApiResult<Json<DispatchView>> {
        let motivo = text(body.0.motivo.0);
        let detail = report_refusal(
            req,
            &auth.0,
            self.dispatches
                .cancel(&id.0, motivo.as_deref(), &auth.0)
                .await,
        )
        .await?;
        Ok(Json(detail.into()))
    }

    /// Approves, quantities possibly lowered ("Despacho aprovado parcialmente").
    ///
    /// Acesso: `access_hub` too; never one's own request (403); another clinic's dispatch is 404.
    #[oai(
        path = "/dispatches/:id/approve",
        method = "post",
        operation_id = "approveStockDispatch"
    )]
    async fn approve(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_APPROVE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ApprovalRequest>,
    ) -> ApiResult<Json<DispatchView>> {
        let lines = body
            .0
            .lines
            .0
            .unwrap_or_default()
            .into_iter()
            .map(|l| (l.line_id.0, l.approved_qty_milli))
            .collect();
        Ok(Json(
            report_refusal(
                req,
                &auth.0,
                self.dispatches.approve(&id.0, lines, &auth.0).await,
            )
            .await?
            .into(),
        ))
    }

    /// Rejects with a reason (`motivo`, 10–500 characters).
    ///
    /// Acesso: `access_hub` too; never one's own request (403); another clinic's dispatch is 404.
    #[oai(
        path = "/dispatches/:id/reject",
        method = "post",
        operation_id = "rejectStockDispatch"
    )]
    async fn reject(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_APPROVE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<RejectionRequest>,
    ) -> ApiResult<Json<DispatchView>> {
        let motivo = text(body.0.motivo.0);
        Ok(Json(
            report_refusal(
                req,
                &auth.0,
                self.dispatches
                    .reject(&id.0, motivo.as_deref(), &auth.0)
                    .await,
            )
            .await?
            .into(),
        ))
    }

    /// The central keeper starts picking (EM_SEPARACAO); each line shows its FEFO pick list.
    ///
    /// Acesso: `access_hub` and `can_see_dispatch` too.
    #[oai(
        path = "/dispatches/:id/start-picking",
        method = "post",
        operation_id = "startStockDispatchPicking"
    )]
    async fn start_picking(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_PICK")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<DispatchView>> {
        Ok(Json(
            report_refusal(
                req,
                &auth.0,
                self.dispatches.start_picking(&id.0, &auth.0).await,
            )
            .await?
            .into(),
        ))
    }

    /// Records the lots picked for some lines (any lot, the FEFO list being a suggestion); an expired lot is 422
    /// "Lote vencido"; less than approved needs `picks[i].motivo` and ships what was picked.
    ///
    /// Acesso: `access_hub` and `can_see_dispatch` too.
    #[oai(
        path = "/dispatches/:id/picks",
        method = "put",
        operation_id = "pickStockDispatch"
    )]
    async fn pick(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_PICK")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<PicksRequest>,
    ) -> ApiResult<Json<DispatchView>> {
        let picks = body
            .0
            .picks
            .into_iter()
            .map(|l| LinePick {
                line_id: l.line_id.0,
                lots: l
                    .lots
                    .into_iter()
                    .map(|k| (k.lot_id.0.map(|t| t.0).unwrap_or_default(), k.qty_milli))
                    .collect(),
                short_reason: text(l.motivo.0),
            })
            .collect();
        Ok(Json(
            report_refusal(
                req,
                &auth.0,
                self.dispatches.pick(&id.0, picks, &auth.0).await,
            )
            .await?
            .into(),
        ))
    }

    /// Ships: DISPATCH_OUT central → in transit for every line in one transaction; 409 naming the lines short
    /// of stock, nothing posted.
    ///
    /// Acesso: `access_hub` and `can_see_dispatch` too.
    #[oai(
        path = "/dispatches/:id/ship",
        method = "post",
        operation_id = "shipStockDispatch"
    )]
    async fn ship(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_PICK")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ShipRequest>,
    ) -> ApiResult<Json<DispatchView>> {
        let carrier = text(body.0.carrier.0);
        Ok(Json(
            report_refusal(
                req,
                &auth.0,
                self.dispatches.ship(&id.0, carrier, &auth.0).await,
            )
            .await?
            .into(),
        ))
    }

    /// The clinic confirms what arrived: DISPATCH_IN for it; a shortfall stays in transit
    /// (RECEBIDO_COM_DIVERGENCIA), each differing line with its `motivo`.
    ///
    /// Acesso: `access_hub` too; another clinic's dispatch is 404.
    #[oai(
        path = "/dispatches/:id/receive",
        method = "post",
        operation_id = "receiveStockDispatch"
    )]
    async fn receive(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_VIEW")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ReceiptRequest>,
    ) -> ApiResult<Json<DispatchView>> {
        let lines = body
            .0
            .lines
            .into_iter()
            .map(|l| (l.line_id.0, l.received_qty_milli, text(l.motivo.0)))
            .collect();
        Ok(Json(
            report_refusal(
                req,
                &auth.0,
                self.dispatches.receive(&id.0, lines, &auth.0).await,
            )
            .await?
            .into(),
        ))
    }

    /// A stock manager resolves what is still in transit (to loss, back to central, or delivered to the
    /// clinic); the dispatch is ENCERRADO.
    ///
    /// Acesso: `access_hub` too.
    #[oai(
        path = "/dispatches/:id/resolve",
        method = "post",
        operation_id = "resolveStockDispatch"
    )]
    async fn resolve(
        &self,
        req: &Request,
        #[oai(scope = "DISPATCH_RESOLVE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ResolveRequest>,
    ) -> ApiResult<Json<DispatchView>> {
        let b = body.0;
        let to = match b.destination {
            DispatchResolution::Loss => Resolution::Loss,
            DispatchResolution::Central => Resolution::Central,
            DispatchResolution::Clinic => Resolution::Clinic,
        };
        let motivo = text(b.motivo.0);
        Ok(Json(
            report_refusal(
                req,
                &auth.0,
                self.dispatches
                    .resolve(&id.0, to, motivo.as_deref(), &auth.0)
                    .await,
            )
            .await?
            .into(),
        ))
    }
}
