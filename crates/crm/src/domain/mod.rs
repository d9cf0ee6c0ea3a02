//! The CRM's rules in plain Rust: no SQL, no HTTP. Input is parsed here once into types that hold only
//! valid values; the service and the store trust them.

pub mod activity;
pub mod cadence;
pub mod campaign;
pub mod client;
pub mod comparison;
pub mod consent;
pub mod link;
pub mod list;
pub mod opportunity;
pub mod payout;
pub mod plugin;
pub mod preview;
pub mod profile;
pub mod scope;
pub mod team;
pub mod timer;

pub use client::{Client, ClientDraft, ClientFields, ClientKind, ClientPatch, ClientStatus};
pub use consent::{Channel, Consent};
pub use list::{search_terms, ClientFilter, Sort};
pub use opportunity::{Opportunity, OpportunityDraft, OpportunityFields, Stage};
pub use profile::{Employment, PjCompany, Profile, ProfileDraft, ProfileFields};
pub use scope::{Reach, Scope};
pub use team::{MemberRole, Month, Targets, TeamFields};
