//! The bell: one's own notifications, the unread count, marking them read.

use chrono::{DateTime, Utc};
use platform::access::SIGNED_IN;
use platform::api::{ApiResult, BearerAuth, PageRequest};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::SystemTag;
use crate::notifications::{Notification, Notifications};

pub struct NotificationsApi {
    notifications: Notifications,
}

impl NotificationsApi {
    pub fn new(notifications: Notifications) -> NotificationsApi {
        NotificationsApi { notifications }
    }
}

/// A notification of the signed-in user.
#[derive(Object)]
#[oai(rename = "Notification", skip_serializing_if_is_none)]
pub struct NotificationDto {
    pub id: String,
    pub title: String,
    pub body: String,
    /// The page it opens.
    pub url: String,
    pub created_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
}

impl From<Notification> for NotificationDto {
    fn from(n: Notification) -> NotificationDto {
        NotificationDto {
            id: n.id,
            title: n.title,
            body: n.body,
            url: n.url,
            created_at: n.created_at,
            read_at: n.read_at,
        }
    }
}

/// One page of one's notifications, newest first.
#[derive(Object)]
pub struct NotificationPage {
    pub items: Vec<NotificationDto>,
    /// Unread, across all pages (the bell's count).
    pub unread: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

/// When everything was marked read.
#[derive(Object)]
pub struct AllRead {
    pub read_at: DateTime<Utc>,
}

#[OpenApi(
    prefix_path = "/api/v1/system/notifications",
    tag = "SystemTag::System"
)]
impl NotificationsApi {
    /// One's notifications, newest first, with the unread count.
    #[oai(path = "/", method = "get", operation_id = "listNotifications")]
    async fn list(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<NotificationPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let (items, unread, has_more) = self
            .notifications
            .inbox(&auth.0.uid, paging.limit(), paging.offset())
            .await?;
        Ok(Json(NotificationPage {
            items: items.into_iter().map(NotificationDto::from).collect(),
            unread,
            page: paging.page,
            page_size: paging.page_size,
            has_more,
        }))
    }

    /// Marks one of one's notifications read.
    #[oai(
        path = "/:id/read",
        method = "post",
        operation_id = "markNotificationRead"
    )]
    async fn read(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<NotificationDto>> {
        Ok(Json(
            self.notifications
                .mark_read(&auth.0.uid, &id.0)
                .await?
                .into(),
        ))
    }

    /// Marks all of one's notifications read.
    #[oai(
        path = "/read-all",
        method = "post",
        operation_id = "markAllNotificationsRead"
    )]
    async fn read_all(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
    ) -> ApiResult<Json<AllRead>> {
        let read_at = self.notifications.mark_all_read(&auth.0.uid).await?;
        Ok(Json(AllRead { read_at }))
    }
}
