//! Demo data, one module per area: clients (and the bulk loader of the million-client benchmark), teams and
//! profiles, marketing links, activities, cadences. Each seed adds nothing when its area already has data.

pub mod activities;
pub mod cadences;
pub mod clients;
pub mod links;
pub mod opportunities;
pub mod teams;

pub use clients::{assign_portfolio, bulk_load};
