//! The stock operations. Each returns a domain [`platform::Error`]; the API layer alone decides the HTTP status.

mod boms;
mod counts;
mod dispatches;
pub(crate) mod ledger;
mod overview;
mod registers;

pub use boms::{
    line_cost_cents, BomDetail, BomDraft, BomSummary, Boms, ChangeDraft, ChangeKind,
    ConsumptionResult, DiffRow, ProcedureConsumption, SimulatedLine, Simulation, VersionDetail,
    WithoutBom,
};
pub use counts::{CountDetail, CountDraft, Counts, SyncBatch, SyncEntry, SyncResult};
pub use dispatches::{
    qty_text, DispatchDetail, DispatchDraft, DispatchEdit, Dispatches, HubSummary, LineDetail,
    LinePick, LotPick, Resolution,
};
pub use ledger::{ConsumptionDrift, Drift, Ledger, MovementPage, PostedMovement};
pub use overview::{LastCount, StockOverview};
pub use registers::{LotStatus, LotStock, Registers};

use platform::{Principal, Role};

/// Whose locations a caller reaches: a clinic's staff only their assigned clinics (`None`: every location).
pub(crate) async fn scope(
    db: &platform::Db,
    principal: &Principal,
) -> platform::error::Result<Option<Vec<String>>> {
    if principal.role == Some(Role::ClinicStaff) {
        Ok(Some(
            crate::store::registers::user_locations(db, &principal.uid).await?,
        ))
    } else {
        Ok(None)
    }
}
