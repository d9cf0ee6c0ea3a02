//! The CRM operations. Each returns a domain [`Error`](platform::Error); the API layer alone decides the HTTP
//! status.

mod activities;
pub mod cadences;
pub mod clicks;
mod clients;
mod comparison;
mod kpis;
pub mod lab;
pub mod links;
mod lookup;
mod opportunities;
mod plugin;
mod profiles;
mod teams;
mod timers;

pub use activities::{
    Activities, ActivityQuery, ActivityView, Completion, NextActivity, ACTIVITY_ENTITY, AGENDA_SIZE,
};
pub use cadences::Cadences;
pub use clients::{Clients, ListPage, ListQuery, CLIENT_ENTITY, PAGES_COUNTED_AHEAD};
pub use comparison::{Comparison, MemberPoint, SeriesPoint, TeamComparison};
pub use kpis::{PersonKpis, Pipeline, PipelineOf, TargetMonth, TeamKpis, UserKpis, HISTORY_MONTHS};
pub use lab::Lab;
pub use links::Links;
pub use lookup::Found;
pub use opportunities::{
    Column, FunnelQuery, Opportunities, OpportunityView, CARDS_PER_COLUMN, OPPORTUNITY_ENTITY,
};
pub use plugin::{
    plugin_for, ClientSummary, Plugin, PluginServices, DEV_MODE_VAR, LOOKUPS_PER_MINUTE,
};
pub use profiles::{ProfileView, Profiles, PROFILE_ENTITY};
pub use teams::{Membership, Person, TeamView, Teams, TEAM_ENTITY};
pub use timers::{StartTimer, StopTimer, TimerView, Timers};
