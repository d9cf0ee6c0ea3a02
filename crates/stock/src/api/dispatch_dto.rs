//! The shapes of the dispatch and hub API.

use chrono::{DateTime, Utc};
use platform::api::history::{entries, HistoryEntryDto};
use platform::api::{Date, Omittable, Text};
use poem_openapi::types::Example;
use poem_openapi::{Enum, Object};

use crate::domain::dispatch;
use crate::service::{DispatchDetail, HubSummary, LineDetail, LotPick};
use crate::store::dispatches::{ClinicBalanceRow, DispatchListRow};

/// A dispatch's state (§4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "StockDispatchStatus", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DispatchStatus {
    Rascunho,
    Solicitado,
    Aprovado,
    Rejeitado,
    EmSeparacao,
    Enviado,
    Recebido,
    RecebidoComDivergencia,
    Encerrado,
    Cancelado,
}

impl From<dispatch::DispatchStatus> for DispatchStatus {
    fn from(s: dispatch::DispatchStatus) -> DispatchStatus {
        use dispatch::DispatchStatus as D;
        match s {
            D::Rascunho => DispatchStatus::Rascunho,
            D::Solicitado => DispatchStatus::Solicitado,
            D::Aprovado => DispatchStatus::Aprovado,
            D::Rejeitado => DispatchStatus::Rejeitado,
            D::EmSeparacao => DispatchStatus::EmSeparacao,
            D::Enviado => DispatchStatus::Enviado,
            D::Recebido => DispatchStatus::Recebido,
            D::RecebidoComDivergencia => DispatchStatus::RecebidoComDivergencia,
            D::Encerrado => DispatchStatus::Encerrado,
            D::Cancelado => DispatchStatus::Cancelado,
        }
    }
}

impl From<DispatchStatus> for dispatch::DispatchStatus {
    fn from(s: DispatchStatus) -> dispatch::DispatchStatus {
        dispatch::DispatchStatus::ALL
            .into_iter()
            .find(|d| DispatchStatus::from(*d) == s)
            .unwrap_or(dispatch::DispatchStatus::Rascunho)
    }
}

fn status(s: &str) -> (DispatchStatus, String) {
    let d = dispatch::DispatchStatus::parse(s).unwrap_or(dispatch::DispatchStatus::Rascunho);
    (d.into(), d.label().to_string())
}

/// Where a shortfall goes when resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename = "StockDispatchResolution",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
pub enum DispatchResolution {
    /// Perda (avaria, extravio).
    Loss,
    /// Devolvido ao depósito central.
    Central,
    /// Entregue à clínica depois.
    Clinic,
}

/// A lot picked, or suggested first-expiry-first-out.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchLot", skip_serializing_if_is_none)]
pub struct DispatchLotView {
    /// Absent when the material has no lots.
    pub lot_id: Option<String>,
    pub lot_code: Option<String>,
    pub expiry_date: Option<Date>,
    pub qty_milli: i64,
    /// Under 30 days to expiry: the keeper confirms before shipping it.
    pub expiring_soon: bool,
    /// Expired: cannot be picked (it leaves only as loss).
    pub expired: bool,
}

impl From<&LotPick> for DispatchLotView {
    fn from(l: &LotPick) -> DispatchLotView {
        DispatchLotView {
            lot_id: (!l.lot_id.is_empty()).then(|| l.lot_id.clone()),
            lot_code: l.lot_code.clone(),
            expiry_date: l.expiry_date.map(Date),
            qty_milli: l.qty_milli,
            expiring_soon: l.expiring_soon,
            expired: l.expired,
        }
    }
}

/// A line of a dispatch, beside the clinic's balance and last 30 days' consumption.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchLine", skip_serializing_if_is_none)]
pub struct DispatchLineView {
    pub id: String,
    pub line_no: i64,
    pub material_id: String,
    pub sku: String,
    pub material_name: String,
    pub base_uom: String,
    pub requested_qty_milli: i64,
    pub approved_qty_milli: Option<i64>,
    pub shipped_qty_milli: Option<i64>,
    pub received_qty_milli: Option<i64>,
    pub discrepancy_reason: Option<String>,
    /// Why the keeper picked less than approved; what was picked is what ships.
    pub short_pick_reason: Option<String>,
    pub resolved_qty_milli: i64,
    /// Shipped but neither received nor resolved: still in transit under this dispatch.
    pub in_transit_milli: i64,
    pub clinic_balance_milli: i64,
    pub consumption_30d_milli: i64,
    pub central_balance_milli: i64,
    pub picks: Vec<DispatchLotView>,
    /// The FEFO pick list from the central warehouse (approved or being picked).
    pub suggested: Vec<DispatchLotView>,
    /// Every lot the central warehouse holds, first expiry first, for choosing another lot by hand (expired
    /// ones flagged; they cannot be picked).
    pub available: Vec<DispatchLotView>,
}

impl From<&LineDetail> for DispatchLineView {
    fn from(d: &LineDetail) -> DispatchLineView {
        let l = &d.line;
        DispatchLineView {
            id: l.id.clone(),
            line_no: l.line_no,
            material_id: l.material_id.clone(),
            sku: l.sku.clone(),
            material_name: l.material_name.clone(),
            base_uom: l.base_uom.clone(),
            requested_qty_milli: l.requested_qty_milli,
            approved_qty_milli: l.approved_qty_milli,
            shipped_qty_milli: l.shipped_qty_milli,
            received_qty_milli: l.received_qty_milli,
            discrepancy_reason: l.discrepancy_reason.clone(),
            short_pick_reason: l.short_pick_reason.clone(),
            resolved_qty_milli: l.resolved_qty_milli,
            in_transit_milli: d.in_transit_milli,
            clinic_balance_milli: d.clinic_balance_milli,
            consumption_30d_milli: d.consumption_30d_milli,
            central_balance_milli: d.central_balance_milli,
            picks: d.picks.iter().map(DispatchLotView::from).collect(),
            suggested: d.suggested.iter().map(DispatchLotView::from).collect(),
            available: d.available.iter().map(DispatchLotView::from).collect(),
        }
    }
}

/// A dispatch with its lines and history.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatch", skip_serializing_if_is_none)]
pub struct DispatchView {
    pub id: String,
    /// `DSP-2026-000001`.
    pub number: String,
    pub status: DispatchStatus,
    pub status_label: String,
    pub from_location_id: String,
    pub clinic_location_id: String,
    pub clinic_name: String,
    pub notes: Option<String>,
    pub requester_uid: String,
    pub requester_name: String,
    pub approver_uid: Option<String>,
    pub approver_name: Option<String>,
    pub rejection_reason: Option<String>,
    pub carrier: Option<String>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    pub shipped_at: Option<DateTime<Utc>>,
    pub received_at: Option<DateTime<Utc>>,
    pub closed_at: Option<DateTime<Utc>>,
    pub cancel_reason: Option<String>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub version: i64,
    pub lines: Vec<DispatchLineView>,
    pub history: Vec<HistoryEntryDto>,
}

impl From<DispatchDetail> for DispatchView {
    fn from(d: DispatchDetail) -> DispatchView {
        let r = d.row;
        let (status, status_label) = status(&r.status);
        DispatchView {
            id: r.id,
            number: r.number,
            status,
            status_label,
            from_location_id: r.from_location_id,
            clinic_location_id: r.clinic_location_id,
            clinic_name: d.clinic_name,
            notes: r.notes,
            requester_uid: r.requester_uid,
            requester_name: r.requester_name,
            approver_uid: r.approver_uid,
            approver_name: r.approver_name,
            rejection_reason: r.rejection_reason,
            carrier: r.carrier,
            created_at: r.created_at,
            decided_at: r.decided_at,
            shipped_at: r.shipped_at,
            received_at: r.received_at,
            closed_at: r.closed_at,
            cancel_reason: r.cancel_reason,
            cancelled_at: r.cancelled_at,
            version: r.version,
            lines: d.lines.iter().map(DispatchLineView::from).collect(),
            history: entries(d.history),
        }
    }
}

/// A dispatch in a list.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchSummary", skip_serializing_if_is_none)]
pub struct DispatchSummaryView {
    pub id: String,
    pub number: String,
    pub status: DispatchStatus,
    pub status_label: String,
    pub clinic_location_id: String,
    pub clinic_name: String,
    pub requester_uid: String,
    pub requester_name: String,
    pub approver_name: Option<String>,
    pub line_count: i64,
    pub created_at: DateTime<Utc>,
    pub shipped_at: Option<DateTime<Utc>>,
    pub received_at: Option<DateTime<Utc>>,
}

impl From<DispatchListRow> for DispatchSummaryView {
    fn from(d: DispatchListRow) -> DispatchSummaryView {
        let (status, status_label) = status(&d.row.status);
        DispatchSummaryView {
            id: d.row.id,
            number: d.row.number,
            status,
            status_label,
            clinic_location_id: d.row.clinic_location_id,
            clinic_name: d.clinic_name,
            requester_uid: d.row.requester_uid,
            requester_name: d.row.requester_name,
            approver_name: d.row.approver_name,
            line_count: d.line_count,
            created_at: d.row.created_at,
            shipped_at: d.row.shipped_at,
            received_at: d.row.received_at,
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchPage")]
pub struct DispatchPage {
    pub items: Vec<DispatchSummaryView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchLineRequest")]
pub struct DispatchLineRequest {
    #[oai(validator(max_length = 100))]
    pub material_id: Text,
    /// Thousandths of the base unit, > 0.
    pub qty_milli: i64,
}

/// A clinic's request.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchRequest", example)]
pub struct DispatchRequest {
    #[oai(validator(max_length = 100))]
    pub clinic_location_id: Text,
    #[oai(validator(max_length = 2000))]
    pub notes: Omittable<Text>,
    #[oai(validator(max_items = 500))]
    pub lines: Vec<DispatchLineRequest>,
    /// Save as a draft (RASCUNHO), submitted later with `…/submit`.
    pub draft: Omittable<bool>,
}

/// A draft's lines and notes, replacing what it had (notes left out or empty: none).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchEdit", example)]
pub struct DispatchEditRequest {
    #[oai(validator(max_length = 2000))]
    pub notes: Omittable<Text>,
    #[oai(validator(max_items = 500))]
    pub lines: Vec<DispatchLineRequest>,
    /// The `version` read; another one is 409 (someone changed the draft first).
    pub version: i64,
}

impl Example for DispatchEditRequest {
    fn example() -> Self {
        DispatchEditRequest {
            notes: Omittable(Some("Reposição semanal, com mais luvas".into())),
            lines: vec![DispatchLineRequest {
                material_id: "mat-luva-m".into(),
                qty_milli: 12_000,
            }],
            version: 1,
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchApprovalLine")]
pub struct ApprovalLineRequest {
    #[oai(validator(max_length = 100))]
    pub line_id: Text,
    /// 0 up to what was asked.
    pub approved_qty_milli: i64,
}

/// An approval; a line left out is approved as asked.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchApproval", example)]
pub struct ApprovalRequest {
    #[oai(validator(max_items = 500))]
    pub lines: Omittable<Vec<ApprovalLineRequest>>,
}

/// A rejection or a resolution's reason (10–500 characters).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchRejection", example)]
pub struct RejectionRequest {
    #[oai(validator(max_length = 2000))]
    pub motivo: Omittable<Text>,
}

/// A cancellation's reason (10–500 characters).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchCancellation", example)]
pub struct CancellationRequest {
    #[oai(validator(max_length = 2000))]
    pub motivo: Omittable<Text>,
}

impl Example for CancellationRequest {
    fn example() -> Self {
        CancellationRequest {
            motivo: Omittable(Some("A clínica recebeu doação do mesmo material".into())),
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchPickLot")]
pub struct PickLotRequest {
    /// Left out for a material without lots.
    #[oai(validator(max_length = 100))]
    pub lot_id: Omittable<Text>,
    pub qty_milli: i64,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchPickLine")]
pub struct PickLineRequest {
    #[oai(validator(max_length = 100))]
    pub line_id: Text,
    #[oai(validator(max_items = 100))]
    pub lots: Vec<PickLotRequest>,
    /// Required when less than approved is picked (10–500 characters): the rest of the line is cancelled.
    #[oai(validator(max_length = 2000))]
    pub motivo: Omittable<Text>,
}

/// The lots picked for some lines (each line's picks replaced).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchPicks", example)]
pub struct PicksRequest {
    #[oai(validator(max_items = 500))]
    pub picks: Vec<PickLineRequest>,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchShipment", example)]
pub struct ShipRequest {
    /// Transportadora or driver.
    #[oai(validator(max_length = 500))]
    pub carrier: Omittable<Text>,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchReceiptLine")]
pub struct ReceiptLineRequest {
    #[oai(validator(max_length = 100))]
    pub line_id: Text,
    pub received_qty_milli: i64,
    /// Required when what arrived differs from what was shipped.
    #[oai(validator(max_length = 2000))]
    pub motivo: Omittable<Text>,
}

/// What arrived; a line left out arrived as shipped.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchReceipt", example)]
pub struct ReceiptRequest {
    #[oai(validator(max_items = 500))]
    pub lines: Vec<ReceiptLineRequest>,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockDispatchResolutionRequest", example)]
pub struct ResolveRequest {
    pub destination: DispatchResolution,
    #[oai(validator(max_length = 2000))]
    pub motivo: Omittable<Text>,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockHubClinic")]
pub struct HubClinicView {
    pub id: String,
    pub name: String,
}

/// A balance at the clinic (per lot).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockHubBalance", skip_serializing_if_is_none)]
pub struct HubBalanceView {
    pub material_id: String,
    pub sku: String,
    pub material_name: String,
    pub base_uom: String,
    pub lot_id: Option<String>,
    pub lot_code: Option<String>,
    pub expiry_date: Option<Date>,
    pub qty_milli: i64,
}

impl From<ClinicBalanceRow> for HubBalanceView {
    fn from(b: ClinicBalanceRow) -> HubBalanceView {
        HubBalanceView {
            material_id: b.material_id,
            sku: b.sku,
            material_name: b.material_name,
            base_uom: b.base_uom,
            lot_id: (!b.lot_id.is_empty()).then_some(b.lot_id),
            lot_code: b.lot_code,
            expiry_date: b.expiry_date.map(Date),
            qty_milli: b.qty_milli,
        }
    }
}

/// The hub of one clinic.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockHub", skip_serializing_if_is_none)]
pub struct HubView {
    /// The caller's clinics (the switcher).
    pub clinics: Vec<HubClinicView>,
    /// The clinic shown; absent when the caller has none.
    pub location_id: Option<String>,
    pub balances: Vec<HubBalanceView>,
    /// Lots within their material's expiry alert window (expired included).
    pub expiring: Vec<HubBalanceView>,
    pub negative: Vec<HubBalanceView>,
    /// Shipped to this clinic, awaiting its confirmation (empty without `can_see_dispatch`).
    pub to_receive: Vec<DispatchSummaryView>,
    /// The clinic's latest requests (empty without `can_see_dispatch`).
    pub latest: Vec<DispatchSummaryView>,
}

impl From<HubSummary> for HubView {
    fn from(h: HubSummary) -> HubView {
        HubView {
            clinics: h
                .clinics
                .into_iter()
                .map(|(id, name)| HubClinicView { id, name })
                .collect(),
            location_id: h.location_id,
            balances: h.balances.into_iter().map(HubBalanceView::from).collect(),
            expiring: h.expiring.into_iter().map(HubBalanceView::from).collect(),
            negative: h.negative.into_iter().map(HubBalanceView::from).collect(),
            to_receive: h
                .to_receive
                .into_iter()
                .map(DispatchSummaryView::from)
                .collect(),
            latest: h
                .latest
                .into_iter()
                .map(DispatchSummaryView::from)
                .collect(),
        }
    }
}

impl Example for DispatchRequest {
    fn example() -> Self {
        DispatchRequest {
            clinic_location_id: "loc-clinica-centro".into(),
            notes: Omittable(Some("Reposição semanal".into())),
            lines: vec![DispatchLineRequest {
                material_id: "mat-luva-m".into(),
                qty_milli: 10_000,
            }],
            draft: Omittable(None),
        }
    }
}

impl Example for ApprovalRequest {
    fn example() -> Self {
        ApprovalRequest {
            lines: Omittable(Some(vec![ApprovalLineRequest {
                line_id: "linha-1".into(),
                approved_qty_milli: 6_000,
            }])),
        }
    }
}

impl Example for RejectionRequest {
    fn example() -> Self {
        RejectionRequest {
            motivo: Omittable(Some("Estoque da clínica suficiente para o mês".into())),
        }
    }
}

impl Example for PicksRequest {
    fn example() -> Self {
        PicksRequest {
            picks: vec![PickLineRequest {
                line_id: "linha-1".into(),
                lots: vec![PickLotRequest {
                    lot_id: Omittable(Some("lote-1".into())),
                    qty_milli: 4_000,
                }],
                motivo: Omittable(Some("Só há 4 caixas em condições no depósito".into())),
            }],
        }
    }
}

impl Example for ShipRequest {
    fn example() -> Self {
        ShipRequest {
            carrier: Omittable(Some("Motorista João".into())),
        }
    }
}

impl Example for ReceiptRequest {
    fn example() -> Self {
        ReceiptRequest {
            lines: vec![ReceiptLineRequest {
                line_id: "linha-1".into(),
                received_qty_milli: 5_000,
                motivo: Omittable(Some("avaria".into())),
            }],
        }
    }
}

impl Example for ResolveRequest {
    fn example() -> Self {
        ResolveRequest {
            destination: DispatchResolution::Loss,
            motivo: Omittable(Some("Caixa avariada no transporte".into())),
        }
    }
}
