//! The shapes of the procedure BOM API (`/api/v1/stock/boms…`) and of procedure consumption
//! (`/api/v1/stock/procedure-consumptions`).

use chrono::{DateTime, Utc};
use platform::api::history::{entries, HistoryEntryDto};
use platform::api::{Omittable, Text};
use poem_openapi::types::Example;
use poem_openapi::{Enum, Object};

use super::dto::MovementView;
use crate::domain::bom::{self, LineDraft, VersionStatus};
use crate::service::{
    line_cost_cents, BomDetail, BomSummary, ChangeDraft, ChangeKind, ConsumptionResult, DiffRow,
    Simulation, VersionDetail, WithoutBom,
};
use crate::store::boms::{LineRow, VersionRow};

/// A version's state: RASCUNHO (editable), PUBLICADA (immutable; in force or scheduled), SUBSTITUIDA (a later
/// published version took effect).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "StockBomVersionStatus", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum BomVersionStatus {
    Rascunho,
    Publicada,
    Substituida,
}

impl From<VersionStatus> for BomVersionStatus {
    fn from(s: VersionStatus) -> BomVersionStatus {
        match s {
            VersionStatus::Draft => BomVersionStatus::Rascunho,
            VersionStatus::Published => BomVersionStatus::Publicada,
            VersionStatus::Superseded => BomVersionStatus::Substituida,
        }
    }
}

/// What changed for a material between two versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "StockBomChange", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum BomChange {
    Incluido,
    Removido,
    Alterado,
    Igual,
}

impl From<bom::Change> for BomChange {
    fn from(c: bom::Change) -> BomChange {
        match c {
            bom::Change::Added => BomChange::Incluido,
            bom::Change::Removed => BomChange::Removido,
            bom::Change::Changed => BomChange::Alterado,
            bom::Change::Unchanged => BomChange::Igual,
        }
    }
}

/// A material of a version, with its cost at the current average.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomLine")]
pub struct BomLineView {
    pub material_id: String,
    pub sku: String,
    pub material_name: String,
    pub base_uom: String,
    /// Thousandths of `uom` (the base unit or a dispensing unit), as typed.
    pub qty_milli: i64,
    pub uom: String,
    /// The same in thousandths of the base unit.
    pub qty_base_milli: i64,
    /// Perda técnica in hundredths of a percent (1000 = 10 %).
    pub waste_bp: i64,
    /// qty × (1 + waste), thousandths of the base unit, half-even.
    pub qty_with_waste_milli: i64,
    /// Consumed only when ticked.
    pub optional: bool,
    /// The material's current average cost (millionths of a real per base unit).
    pub avg_cost_micro: i64,
    /// qty × (1 + waste) × average, centavos.
    pub cost_cents: i64,
}

impl From<LineRow> for BomLineView {
    fn from(l: LineRow) -> BomLineView {
        BomLineView {
            qty_with_waste_milli: bom::with_waste(l.qty_base_milli, l.waste_bp),
            cost_cents: line_cost_cents(&l),
            material_id: l.material_id,
            sku: l.sku,
            material_name: l.material_name,
            base_uom: l.base_uom,
            qty_milli: l.qty_milli,
            uom: l.uom,
            qty_base_milli: l.qty_base_milli,
            waste_bp: l.waste_bp,
            optional: l.optional,
            avg_cost_micro: l.avg_cost_micro,
        }
    }
}

/// A version of a BOM.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomVersion", skip_serializing_if_is_none)]
pub struct BomVersionView {
    pub id: String,
    /// The version number (1, 2, …).
    pub number: i64,
    pub status: BomVersionStatus,
    /// In force now.
    pub in_force: bool,
    /// Published with a future `effective_from`.
    pub scheduled: bool,
    pub effective_from: Option<DateTime<Utc>>,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub published_at: Option<DateTime<Utc>>,
    pub published_by: Option<String>,
    /// For the stale-write check when editing or publishing a draft.
    pub version: i64,
    pub lines: Vec<BomLineView>,
    /// Material cost of the lines always consumed, centavos.
    pub cost_cents: i64,
    /// Material cost of the optional lines, centavos.
    pub optional_cost_cents: i64,
}

impl BomVersionView {
    fn of(v: VersionDetail, now: DateTime<Utc>) -> BomVersionView {
        let cost_cents = v.cost_cents();
        let optional_cost_cents = v.optional_cost_cents();
        let r = v.row;
        BomVersionView {
            scheduled: r.effective_from.is_some_and(|f| f > now),
            id: r.id,
            number: r.number,
            status: v.status.into(),
            in_force: v.in_force,
            effective_from: r.effective_from,
            note: r.note,
            created_at: r.created_at,
            created_by: r.created_by,
            published_at: r.published_at,
            published_by: r.published_by,
            version: r.version,
            lines: v.lines.into_iter().map(BomLineView::from).collect(),
            cost_cents,
            optional_cost_cents,
        }
    }
}

/// A version in brief (scheduled or draft, in the list).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomVersionRef", skip_serializing_if_is_none)]
pub struct BomVersionRef {
    pub number: i64,
    pub effective_from: Option<DateTime<Utc>>,
    pub version: i64,
}

impl From<VersionRow> for BomVersionRef {
    fn from(v: VersionRow) -> BomVersionRef {
        BomVersionRef {
            number: v.number,
            effective_from: v.effective_from,
            version: v.version,
        }
    }
}

/// A BOM in the list: the procedure, global or one clinic's override, with the version in force now.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomSummary", skip_serializing_if_is_none)]
pub struct BomSummaryView {
    pub id: String,
    /// The procedure's code (the sales catalog links by it).
    pub procedure_code: String,
    pub procedure_name: String,
    /// The clinic of an override; absent for the global BOM.
    pub clinic_location_id: Option<String>,
    pub clinic_name: Option<String>,
    pub in_force: Option<BomVersionView>,
    /// A published version that takes effect later.
    pub scheduled: Option<BomVersionRef>,
    pub draft: Option<BomVersionRef>,
    pub version_count: i64,
}

impl BomSummaryView {
    pub fn of(s: BomSummary, now: DateTime<Utc>) -> BomSummaryView {
        BomSummaryView {
            id: s.bom.id,
            procedure_code: s.bom.procedure_code,
            procedure_name: s.bom.procedure_name,
            clinic_location_id: Some(s.bom.clinic_location_id).filter(|c| !c.is_empty()),
            clinic_name: s.clinic_name,
            in_force: s.in_force.map(|v| BomVersionView::of(v, now)),
            scheduled: s.scheduled.map(Into::into),
            draft: s.draft.map(Into::into),
            version_count: s.version_count,
        }
    }
}

/// A BOM with every version (newest first) and its history.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBom", skip_serializing_if_is_none)]
pub struct BomView {
    pub id: String,
    pub procedure_code: String,
    pub procedure_name: String,
    pub clinic_location_id: Option<String>,
    pub clinic_name: Option<String>,
    pub created_at: DateTime<Utc>,
    pub versions: Vec<BomVersionView>,
    pub history: Vec<HistoryEntryDto>,
}

impl BomView {
    pub fn of(d: BomDetail, now: DateTime<Utc>) -> BomView {
        BomView {
            id: d.bom.id,
            procedure_code: d.bom.procedure_code,
            procedure_name: d.bom.procedure_name,
            clinic_location_id: Some(d.bom.clinic_location_id).filter(|c| !c.is_empty()),
            clinic_name: d.clinic_name,
            created_at: d.bom.created_at,
            versions: d
                .versions
                .into_iter()
                .map(|v| BomVersionView::of(v, now))
                .collect(),
            history: entries(d.history),
        }
    }
}

/// A line as typed.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomLineRequest")]
pub struct BomLineRequest {
    #[oai(validator(max_length = 100))]
    pub material_id: Text,
    /// Thousandths of `uom` (> 0).
    pub qty_milli: i64,
    /// The base unit (default) or a dispensing conversion of the material.
    #[oai(validator(max_length = 6))]
    pub uom: Omittable<Text>,
    /// Hundredths of a percent, 0–10000 (default 0).
    pub waste_bp: Omittable<i64>,
    /// Consumed only when ticked (default false).
    pub optional: Omittable<bool>,
}

impl From<BomLineRequest> for LineDraft {
    fn from(l: BomLineRequest) -> LineDraft {
        LineDraft {
            material_id: l.material_id.0.trim().to_string(),
            qty_milli: l.qty_milli,
            uom: l.uom.into_option().map(String::from),
            waste_bp: l.waste_bp.into_option().unwrap_or(0),
            optional: l.optional.into_option().unwrap_or(false),
        }
    }
}

/// "Nova base de cálculo" (global) or "Criar exceção para clínica" (`clinic_location_id`).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomRequest", example)]
pub struct BomRequest {
    /// `[A-Z0-9._-]{1,40}`, stored uppercase.
    #[oai(validator(max_length = 40))]
    pub procedure_code: Text,
    /// Required for a global BOM; an override takes the global one's.
    #[oai(validator(max_length = 200))]
    pub procedure_name: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub clinic_location_id: Omittable<Text>,
    /// The first draft's lines; an override without lines copies the global version in force.
    #[oai(validator(max_items = 200))]
    pub lines: Omittable<Vec<BomLineRequest>>,
}

impl Example for BomRequest {
    fn example() -> Self {
        BomRequest {
            procedure_code: Text("TOXINA-BOT".into()),
            procedure_name: Omittable(Some(Text("Aplicação de toxina botulínica".into()))),
            clinic_location_id: Omittable(None),
            lines: Omittable(None),
        }
    }
}

/// A draft's note and lines (replacing the stored ones).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomDraftRequest")]
pub struct BomDraftRequest {
    /// The draft's `version` as read (409 when stale).
    pub version: i64,
    #[oai(validator(max_length = 500))]
    pub note: Omittable<Text>,
    #[oai(validator(max_items = 200))]
    pub lines: Vec<BomLineRequest>,
}

/// "Publicar": now, or at a future instant.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomPublishRequest")]
pub struct BomPublishRequest {
    pub version: i64,
    /// Omitted: now. Never in the past, never before a version already published.
    pub effective_from: Omittable<DateTime<Utc>>,
}

/// "Importar CSV": `sku;quantidade;unidade;perda_pct;opcional` (header optional; `1,5`; `10` or `2,5` %;
/// `sim`/`não`), replacing the draft's lines, all or nothing.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomImportRequest", example)]
pub struct BomImportRequest {
    #[oai(validator(max_length = 200000))]
    pub csv: Text,
    /// The draft's `version` as read, when there is one (409 when stale).
    pub version: Omittable<i64>,
}

impl Example for BomImportRequest {
    fn example() -> Self {
        BomImportRequest {
            csv: Text("sku;quantidade;unidade;perda_pct;opcional\nAGULHA-30G;2;UN;10;não\n".into()),
            version: Omittable(None),
        }
    }
}

/// One material of the side-by-side diff.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomDiffLine", skip_serializing_if_is_none)]
pub struct BomDiffLineView {
    pub material_id: String,
    pub sku: String,
    pub material_name: String,
    pub change: BomChange,
    pub left: Option<BomLineView>,
    pub right: Option<BomLineView>,
}

impl From<DiffRow> for BomDiffLineView {
    fn from(d: DiffRow) -> BomDiffLineView {
        BomDiffLineView {
            material_id: d.material_id,
            sku: d.sku,
            material_name: d.material_name,
            change: d.change.into(),
            left: d.left.map(Into::into),
            right: d.right.map(Into::into),
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomDiff")]
pub struct BomDiffView {
    pub left_number: i64,
    pub right_number: i64,
    pub lines: Vec<BomDiffLineView>,
}

/// "Procedimento sem base de cálculo": consumed at a clinic while no version was published.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockProcedureWithoutBom", skip_serializing_if_is_none)]
pub struct WithoutBomView {
    pub procedure_code: String,
    pub procedure_name: Option<String>,
    /// A BOM exists (only a draft or a future version).
    pub bom_id: Option<String>,
    pub location_id: String,
    pub location_name: String,
    pub occurrences: i64,
    pub last_occurred_at: DateTime<Utc>,
}

impl From<WithoutBom> for WithoutBomView {
    fn from(w: WithoutBom) -> WithoutBomView {
        WithoutBomView {
            procedure_code: w.row.procedure_code,
            procedure_name: w.procedure_name,
            bom_id: w.bom_id,
            location_id: w.row.location_id,
            location_name: w.row.location_name,
            occurrences: w.row.occurrences,
            last_occurred_at: w.row.last_occurred_at,
        }
    }
}

/// A finished procedure (§5(d)).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockProcedureConsumptionRequest", example)]
pub struct ConsumptionRequest {
    #[oai(validator(max_length = 100))]
    pub appointment_id: Text,
    /// 1 the first time (default); finishing again after a reopening posts revision + 1.
    pub revision: Omittable<i64>,
    #[oai(validator(max_length = 40))]
    pub procedure_code: Text,
    /// The clinic.
    #[oai(validator(max_length = 100))]
    pub location_id: Text,
    /// When the procedure was finished (the version in force then applies).
    pub occurred_at: DateTime<Utc>,
    /// Times the procedure was done (default 1).
    pub quantity: Omittable<i64>,
    /// Optional lines used (ticked).
    #[oai(validator(max_items = 200))]
    pub optional_material_ids: Omittable<Vec<Text>>,
    /// Per-material changes ("não utilizado", extra quantity), each with a reason of 10–500 characters.
    #[oai(validator(max_items = 200))]
    pub changes: Omittable<Vec<ConsumptionChangeRequest>>,
}

/// "Não utilizado" (the BOM line is skipped) or extra quantity on top of the BOM.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename = "StockConsumptionChangeKind",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
pub enum ConsumptionChangeKind {
    NotUsed,
    Extra,
}

impl From<ConsumptionChangeKind> for ChangeKind {
    fn from(k: ConsumptionChangeKind) -> ChangeKind {
        match k {
            ConsumptionChangeKind::NotUsed => ChangeKind::NotUsed,
            ConsumptionChangeKind::Extra => ChangeKind::Extra,
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockConsumptionChangeRequest")]
pub struct ConsumptionChangeRequest {
    #[oai(validator(max_length = 100))]
    pub material_id: Text,
    pub kind: ConsumptionChangeKind,
    /// EXTRA: thousandths of the base unit (no waste applied).
    pub qty_milli: Omittable<i64>,
    /// 10–500 characters (optional to simulate).
    #[oai(validator(max_length = 2000))]
    pub reason: Omittable<String>,
}

impl From<ConsumptionChangeRequest> for ChangeDraft {
    fn from(r: ConsumptionChangeRequest) -> ChangeDraft {
        ChangeDraft {
            material_id: r.material_id.0.trim().to_string(),
            kind: r.kind.into(),
            qty_milli: r.qty_milli.into_option(),
            reason: r.reason.into_option(),
        }
    }
}

/// A change as stored with its consumption.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockConsumptionChange")]
pub struct ConsumptionChangeView {
    pub material_id: String,
    pub kind: ConsumptionChangeKind,
    pub qty_milli: i64,
    pub reason: String,
}

/// Reopening or cancelling the appointment: the consumption's rows are reversed.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockConsumptionReversalRequest", example)]
pub struct ConsumptionReversalRequest {
    /// The revision to reverse (default: the latest).
    pub revision: Omittable<i64>,
    /// 10–500 characters ("Atendimento reaberto", "Atendimento cancelado pelo paciente", …).
    #[oai(validator(max_length = 2000))]
    pub reason: Omittable<String>,
}

/// "Simular custo" of a version.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomSimulationRequest", example)]
pub struct SimulationRequest {
    /// Times the procedure is done (1–1.000).
    pub quantity: i64,
    #[oai(validator(max_items = 200))]
    pub optional_material_ids: Omittable<Vec<Text>>,
    #[oai(validator(max_items = 200))]
    pub changes: Omittable<Vec<ConsumptionChangeRequest>>,
}

impl Example for ConsumptionReversalRequest {
    fn example() -> Self {
        ConsumptionReversalRequest {
            revision: Omittable(None),
            reason: Omittable(Some("Atendimento reaberto pela recepção".into())),
        }
    }
}

impl Example for SimulationRequest {
    fn example() -> Self {
        SimulationRequest {
            quantity: 3,
            optional_material_ids: Omittable(None),
            changes: Omittable(None),
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomSimulationLine")]
pub struct SimulationLineView {
    pub material_id: String,
    pub sku: String,
    pub material_name: String,
    pub base_uom: String,
    /// Thousandths of the base unit, waste included.
    pub qty_milli: i64,
    pub cost_cents: i64,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockBomSimulation")]
pub struct SimulationView {
    pub lines: Vec<SimulationLineView>,
    /// Σ of the lines, centavos at the current average costs (an estimate).
    pub cost_cents: i64,
}

impl From<Simulation> for SimulationView {
    fn from(s: Simulation) -> SimulationView {
        SimulationView {
            cost_cents: s.cost_cents,
            lines: s
                .lines
                .into_iter()
                .map(|l| SimulationLineView {
                    material_id: l.material_id,
                    sku: l.sku,
                    material_name: l.material_name,
                    base_uom: l.base_uom,
                    qty_milli: l.qty_milli,
                    cost_cents: l.cost_cents,
                })
                .collect(),
        }
    }
}

impl Example for ConsumptionRequest {
    fn example() -> Self {
        ConsumptionRequest {
            appointment_id: Text("AGD-2026-000123".into()),
            revision: Omittable(Some(1)),
            procedure_code: Text("TOXINA-BOT".into()),
            location_id: Text("loc-clinica".into()),
            occurred_at: DateTime::<Utc>::default(),
            quantity: Omittable(None),
            optional_material_ids: Omittable(None),
            changes: Omittable(None),
        }
    }
}

/// What a consumption posted: LANCADO with its rows and material cost, or SEM_BASE_DE_CALCULO (nothing posted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(
    rename = "StockProcedureConsumptionStatus",
    rename_all = "SCREAMING_SNAKE_CASE"
)]
pub enum ConsumptionStatus {
    Lancado,
    SemBaseDeCalculo,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockProcedureConsumption", skip_serializing_if_is_none)]
pub struct ConsumptionView {
    pub appointment_id: String,
    pub revision: i64,
    pub procedure_code: String,
    pub location_id: String,
    pub quantity: i64,
    pub occurred_at: DateTime<Utc>,
    pub status: ConsumptionStatus,
    pub bom_id: Option<String>,
    /// The version applied.
    pub bom_version: Option<i64>,
    /// The clinic's override applied (not the global BOM).
    pub clinic_override: bool,
    /// The material cost posted, centavos (for margin reports).
    pub cost_cents: i64,
    /// The rows posted; a row without a lot is stock the clinic lacked ("sem lote").
    pub movements: Vec<MovementView>,
    /// The per-material changes reported.
    pub changes: Vec<ConsumptionChangeView>,
    /// When the appointment was reopened or cancelled and the rows reversed.
    pub reversed_at: Option<DateTime<Utc>>,
    pub reversal_reason: Option<String>,
    /// The REVERSAL rows.
    pub reversals: Vec<MovementView>,
    /// True when this call repeated an earlier one (same appointment and revision): the first result.
    pub repeated: bool,
}

impl From<ConsumptionResult> for ConsumptionView {
    fn from(r: ConsumptionResult) -> ConsumptionView {
        let c = r.row;
        ConsumptionView {
            status: if c.bom_version_id.is_some() {
                ConsumptionStatus::Lancado
            } else {
                ConsumptionStatus::SemBaseDeCalculo
            },
            clinic_override: r
                .applied
                .as_ref()
                .is_some_and(|(b, _)| !b.clinic_location_id.is_empty()),
            bom_id: r.applied.as_ref().map(|(b, _)| b.id.clone()),
            bom_version: r.applied.map(|(_, n)| n),
            appointment_id: c.appointment_id,
            revision: c.revision,
            procedure_code: c.procedure_code,
            location_id: c.location_id,
            quantity: c.quantity,
            occurred_at: c.occurred_at,
            cost_cents: c.cost_cents,
            movements: r
                .movements
                .into_iter()
                .map(|m| MovementView::listed(m, None))
                .collect(),
            reversed_at: c.reversed_at,
            reversal_reason: c.reversal_reason,
            changes: r
                .changes
                .into_iter()
                .map(|ch| ConsumptionChangeView {
                    kind: if ch.kind == "NOT_USED" {
                        ConsumptionChangeKind::NotUsed
                    } else {
                        ConsumptionChangeKind::Extra
                    },
                    material_id: ch.material_id,
                    qty_milli: ch.qty_milli,
                    reason: ch.reason,
                })
                .collect(),
            reversals: r
                .reversals
                .into_iter()
                .map(|m| MovementView::listed(m, None))
                .collect(),
            repeated: r.repeated,
        }
    }
}
