//! `/api/v1/crm/…`. Each operation declares its permission on `auth` (the server checks it before the handler
//! runs) and maps the domain to HTTP and back; one module per resource.

mod activities;
mod activity_dto;
mod cadence_dto;
mod cadences;
mod client_dto;
mod clients;
mod comparison_dto;
mod kpis_dto;
mod lab;
mod link_dto;
mod links;
mod opportunities;
mod opportunity_dto;
mod plugin;
mod profile_dto;
mod profiles;
mod qr;
pub mod redirect;
mod team_dto;
mod teams;
mod timer;
mod timer_dto;

pub use activities::ActivitiesApi;
pub use cadences::CadencesApi;
pub use client_dto::{
    ClientAddress, ClientKind, ClientPatchRequest, ClientStatus, ClientView, NewClientRequest,
};
pub use clients::{ClientPage, ClientsApi};
pub use lab::LabApi;
pub use links::LinksApi;
pub use opportunities::OpportunitiesApi;
pub use plugin::{PluginApi, PluginClientCard, PluginConfig, PluginLookup, PluginOrigins};
pub use profiles::ProfilesApi;
pub use redirect::Redirect;
pub use teams::TeamsApi;
pub use timer::TimerApi;

use poem_openapi::Tags;

/// Every CRM API, served as one.
pub type CrmApi = (
    ClientsApi,
    TeamsApi,
    ProfilesApi,
    PluginApi,
    LinksApi,
    OpportunitiesApi,
    ActivitiesApi,
    CadencesApi,
    LabApi,
    TimerApi,
);

#[derive(Tags)]
pub enum CrmTag {
    /// The CRM: clients, the funnel, teams, activities and cadences, marketing links.
    #[oai(rename = "crm")]
    Crm,
}
