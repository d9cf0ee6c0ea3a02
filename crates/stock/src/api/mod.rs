//! `/api/v1/stock/…`. Each operation declares its permission on `auth` (the server checks it before the
//! handler runs) and maps the domain to HTTP and back.

mod bom_dto;
mod boms;
mod count_dto;
mod counts;
mod dispatch_dto;
mod dispatches;
mod dto;
mod ledger;
mod overview_dto;
mod registers;

pub use bom_dto::*;
pub use boms::BomsApi;
pub use count_dto::*;
pub use counts::CountsApi;
pub use dispatch_dto::*;
pub use dispatches::DispatchesApi;
pub use dto::*;
pub use ledger::LedgerApi;
pub use overview_dto::*;
pub use registers::RegistersApi;

use poem_openapi::Tags;

/// Every stock API, served as one.
pub type StockApi = (RegistersApi, LedgerApi, DispatchesApi, CountsApi, BomsApi);

#[derive(Tags)]
pub enum StockTag {
    /// Stock: materials, categories, locations, policies, the ledger and its balances.
    #[oai(rename = "stock")]
    Stock,
}
