//! `/api/v1/system/…`: jobs and the calendar.

mod calendar;
mod files;
mod jobs;
mod notifications;
mod probes;

pub use calendar::CalendarApi;
pub use files::FilesApi;
pub use jobs::JobsApi;
pub use notifications::NotificationsApi;
pub use probes::ProbesApi;

use poem_openapi::Tags;

#[derive(Tags)]
pub enum SystemTag {
    /// Jobs in the background, the business-day calendar, stored files and notifications.
    #[oai(rename = "system")]
    System,
}
