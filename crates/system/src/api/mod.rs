//! `/api/v1/system/…`: jobs and the calendar.

mod calendar;
mod files;
mod jobs;
mod notifications;

pub use calendar::CalendarApi;
pub use files::FilesApi;
pub use jobs::JobsApi;
pub use notifications::NotificationsApi;

use poem_openapi::Tags;

#[derive(Tags)]
pub enum SystemTag {
    /// Jobs in the background, the business-day calendar, stored files and notifications.
    #[oai(rename = "system")]
    System,
}
