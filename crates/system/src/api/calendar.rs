//! The business-day calendar: national holidays (computed) and the extra ones administrators keep, company-wide
//! or of one unit (`unit_id`).

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};
use platform::access::SIGNED_IN;
use platform::api::{ApiResult, BearerAuth, Date, Text};
use platform::calendar::{self, Calendar, Holiday, HolidayDraft};
use platform::{units, Platform};
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
#[oai(rename = "Holiday", skip_serializing_if_is_none)]
pub struct HolidayDto {
    pub day: Date,
    pub name: String,
    /// National holidays are computed and cannot be removed.
    pub national: bool,
    /// The unit it applies to; absent: every unit.
    pub unit_id: Option<String>,
    /// The unit's name (absent: every unit).
    pub unit_name: Option<String>,
}

impl HolidayDto {
    fn new(h: Holiday, unit_names: &HashMap<String, String>) -> HolidayDto {
        HolidayDto {
            day: h.day.into(),
            unit_name: h
                .unit_id
                .as_ref()
                .and_then(|id| unit_names.get(id).cloned()),
            name: h.name,
            national: h.national,
            unit_id: h.unit_id,
        }
    }
}

/// Today and the year's holidays.
#[derive(Object)]
pub struct CalendarYear {
    pub year: i32,
    /// Today's business date in São Paulo.
    pub today: Date,
    /// Whether today is a business day in the unit asked for (`unit_id`), else company-wide.
    pub today_is_business_day: bool,
    pub holidays: Vec<HolidayDto>,
}

/// A holiday to add, or a holiday's new date, name and unit.
#[derive(Object)]
#[oai(example)]
pub struct NewHolidayRequest {
    pub day: Date,
    #[oai(validator(max_length = 1000))]
    pub name: Text,
    /// The unit it applies to (a municipal holiday); absent or empty: every unit.
    #[oai(validator(max_length = 100))]
    pub unit_id: Option<String>,
}

impl NewHolidayRequest {
    fn draft(&self) -> HolidayDraft {
        HolidayDraft {
            day: self.day.0,
            name: self.name.0.clone(),
            unit_id: self.unit_id.clone(),
        }
    }
}

impl Example for NewHolidayRequest {
    fn example() -> Self {
        NewHolidayRequest {
            day: NaiveDate::from_ymd_opt(2026, 7, 9)
                .unwrap_or_default()
                .into(),
            name: Text("Revolução Constitucionalista".into()),
            unit_id: None,
        }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<HolidayDto>),
}

/// The unit named by a query's `unit_id` (blank: none).
fn unit_param(unit_id: &Query<Option<String>>) -> Option<&str> {
    unit_id
        .0
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
}

/// Every unit's name by id (a holiday names its unit).
async fn unit_names(p: &Platform) -> platform::error::Result<HashMap<String, String>> {
    Ok(units::list(&p.db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.name))
        .collect())
}

#[derive(ApiResponse)]
enum Removed {
    #[oai(status = 204)]
    Removed,
}

#[OpenApi(prefix_path = "/api/v1/system", tag = "SystemTag::System")]
impl CalendarApi {
    /// The holidays of a year (this year by default) and whether today is a business day. Without `unit_id`, the
    /// national holidays and every stored one (company-wide and each unit's); with it, the calendar of that unit:
    /// national, company-wide and that unit's holidays.
    #[oai(path = "/holidays", method = "get", operation_id = "listHolidays")]
    async fn list(
        &self,
        #[oai(scope = "SIGNED_IN")] _auth: BearerAuth,
        #[oai(validator(minimum(value = "1900"), maximum(value = "2200")))] year: Query<
            Option<i32>,
        >,
        /// Only the calendar of this unit (national, company-wide and its own holidays).
        #[oai(validator(max_length = 100))]
        unit_id: Query<Option<String>>,
    ) -> ApiResult<Json<CalendarYear>> {
        let db = &self.platform.db;
        let unit = unit_param(&unit_id);
        let calendar = Calendar::load_for(db, unit).await?;
        let today = self.platform.clock.today();
        let year = year.0.unwrap_or_else(|| today.year());
        let mut holidays = calendar::national_holidays(year);
        holidays.extend(calendar::stored_holidays(db, year, unit).await?);
        holidays.sort_by_key(|h| h.day);
        let names = unit_names(&self.platform).await?;
        Ok(Json(CalendarYear {
            year,
            today: today.into(),
            today_is_business_day: calendar.is_business_day(today),
            holidays: holidays
                .into_iter()
                .map(|h| HolidayDto::new(h, &names))
                .collect(),
        }))
    }

    /// Adds a holiday (a state or municipal one, a bank closure), for every unit or one (`unit_id`). Refused with
    /// 422 naming `day` when the date is already a holiday where this one would apply (national, company-wide, the
    /// same unit's, or — for a company-wide one — any unit's), naming `unit_id` for an unknown or inactive unit.
    #[oai(path = "/holidays", method = "post", operation_id = "addHoliday")]
    async fn add(
        &self,
        #[oai(scope = "HOLIDAYS_MANAGE")] auth: BearerAuth,
        body: Json<NewHolidayRequest>,
    ) -> ApiResult<Created> {
        let now = self.platform.clock.now();
        let holiday =
            calendar::add_holiday(&self.platform.db, body.draft(), &auth.0.uid, now).await?;
        let names = unit_names(&self.platform).await?;
        Ok(Created::Created(Json(HolidayDto::new(holiday, &names))))
    }

    /// Changes an added holiday (its date, name or unit): the one of `day` for `unit_id` (absent: the
    /// company-wide one); 404 when there is none. Refused as when adding.
    #[oai(
        path = "/holidays/:day",
        method = "put",
        operation_id = "updateHoliday"
    )]
    async fn update(
        &self,
        #[oai(scope = "HOLIDAYS_MANAGE")] _auth: BearerAuth,
        /// The holiday's date, AAAA-MM-DD.
        #[oai(validator(max_length = 10))]
        day: Path<String>,
        /// The holiday's unit (absent: the company-wide holiday of that date).
        #[oai(validator(max_length = 100))]
        unit_id: Query<Option<String>>,
        body: Json<NewHolidayRequest>,
    ) -> ApiResult<Json<HolidayDto>> {
        let day = Date::from_path("day", &day.0)?;
        let holiday =
            calendar::update_holiday(&self.platform.db, day.0, unit_param(&unit_id), body.draft())
                .await?;
        let names = unit_names(&self.platform).await?;
        Ok(Json(HolidayDto::new(holiday, &names)))
    }

    /// Removes a holiday an administrator added (national ones cannot be removed): the one of `day` for `unit_id`
    /// (absent: the company-wide one).
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
        /// The holiday's unit (absent: the company-wide holiday of that date).
        #[oai(validator(max_length = 100))]
        unit_id: Query<Option<String>>,
    ) -> ApiResult<Removed> {
        let day = Date::from_path("day", &day.0)?;
        calendar::remove_holiday(&self.platform.db, day.0, unit_param(&unit_id)).await?;
        Ok(Removed::Removed)
    }
}
