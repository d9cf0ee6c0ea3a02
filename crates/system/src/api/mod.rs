//! `/api/v1/system/…`: jobs, the calendar, files, notifications and the company's units.

mod calendar;
mod files;
mod jobs;
mod notifications;
mod probes;
mod units;

pub use calendar::CalendarApi;
pub use files::FilesApi;
pub use jobs::JobsApi;
pub use notifications::NotificationsApi;
pub use probes::ProbesApi;
pub use units::UnitsApi;

use poem_openapi::Tags;

#[derive(Tags)]
pub enum SystemTag {
    /// Jobs in the background, the business-day calendar, stored files, notifications and the company's units.
    #[oai(rename = "system")]
    System,
}
