//! The business-day calendar: national holidays (computed) and the extra ones administrators keep.

use chrono::{Datelike, NaiveDate};
use platform::access::SIGNED_IN;
use platform::api::{ApiResult, BearerAuth, Date, Text};
use platform::calendar::{self, Calendar, Holiday};
use platform::Platform;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::SystemTag;
use crate::permissions::HOLIDAYS_MANAGE;

pub struct CalendarApi {
    platform: Platform,
}

impl CalendarApi {
    pub fn new(platform: Platform) -> CalendarApi {
        CalendarApi { platform }
    }
}

/// A holiday.
#[derive(Object)]
#[oai(rename = "Holiday")]
pub struct HolidayDto {
    pub day: Date,
    pub name: String,
    /// National holidays are computed and cannot be removed.
    pub national: bool,
}

impl From<Holiday> for HolidayDto {
    fn from(h: Holiday) -> HolidayDto {
        HolidayDto {
            day: h.day.into(),
            name: h.name,
            national: h.national,
        }
    }
}

/// Today and the year's holidays.
#[derive(Object)]
pub struct CalendarYear {
    pub year: i32,
    /// Today's business date in São Paulo.
    pub today: Date,
    pub today_is_business_day: bool,
    pub holidays: Vec<HolidayDto>,
}

/// A holiday to add.
#[derive(Object)]
#[oai(example)]
pub struct NewHolidayRequest {
    pub day: Date,
    #[oai(validator(max_length = 1000))]
    pub name: Text,
}

impl Example for NewHolidayRequest {
    fn example() -> Self {
        NewHolidayRequest {
            day: NaiveDate::from_ymd_opt(2026, 7, 9)
                .unwrap_or_default()
                .into(),
            name: Text("Revolução Constitucionalista".into()),
        }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<HolidayDto>),
}

#[derive(ApiResponse)]
enum Removed {
    #[oai(status = 204)]
    Removed,
}

#[OpenApi(prefix_path = "/api/v1/system", tag = "SystemTag::System")]
impl CalendarApi {
    /// The holidays of a year (this year by default) and whether today is a business day.
    #[oai(path = "/holidays", method = "get", operation_id = "listHolidays")]
    async fn list(
        &self,
        #[oai(scope = "SIGNED_IN")] _auth: BearerAuth,
        #[oai(validator(minimum(value = "1900"), maximum(value = "2200")))] year: Query<
            Option<i32>,
        >,
    ) -> ApiResult<Json<CalendarYear>> {
        let calendar = Calendar::load(&self.platform.db).await?;
        let today = self.platform.clock.today();
        let year = year.0.unwrap_or_else(|| today.year());
        Ok(Json(CalendarYear {
            year,
            today: today.into(),
            today_is_business_day: calendar.is_business_day(today),
            holidays: calendar
                .holidays(year)
                .into_iter()
                .map(HolidayDto::from)
                .collect(),
        }))
    }

    /// Adds a holiday (a state or municipal one, a bank closure).
    #[oai(path = "/holidays", method = "post", operation_id = "addHoliday")]
    async fn add(
        &self,
        #[oai(scope = "HOLIDAYS_MANAGE")] auth: BearerAuth,
        body: Json<NewHolidayRequest>,
    ) -> ApiResult<Created> {
        let now = self.platform.clock.now();
        let holiday =
            calendar::add_holiday(&self.platform.db, body.day.0, &body.name, &auth.0.uid, now)
                .await?;
        Ok(Created::Created(Json(holiday.into())))
    }

    /// Removes a holiday an administrator added (national ones cannot be removed).
    #[oai(
        path = "/holidays/:day",
        method = "delete",
        operation_id = "removeHoliday"
    )]
    async fn remove(
        &self,
        #[oai(scope = "HOLIDAYS_MANAGE")] _auth: BearerAuth,
        /// The holiday's date, AAAA-MM-DD.
        #[oai(validator(max_length = 10))]
        day: Path<String>,
    ) -> ApiResult<Removed> {
        let day = Date::from_path("day", &day.0)?;
        calendar::remove_holiday(&self.platform.db, day.0).await?;
        Ok(Removed::Removed)
    }
}
