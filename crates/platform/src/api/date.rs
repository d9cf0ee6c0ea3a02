//! [`Date`]: a business date in the API, `AAAA-MM-DD`, documented as OpenAPI's `format: date` (so
//! generated clients and test tools know it), refused when it is not a real date.

use std::borrow::Cow;
use std::ops::Deref;

use chrono::NaiveDate;
use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::types::{
    ParseError, ParseFromJSON, ParseFromParameter, ParseResult, ToJSON, Type,
};
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date(pub NaiveDate);

impl Deref for Date {
    type Target = NaiveDate;

    fn deref(&self) -> &NaiveDate {
        &self.0
    }
}

impl From<NaiveDate> for Date {
    fn from(d: NaiveDate) -> Date {
        Date(d)
    }
}

impl Date {
    /// Reads a date from a path segment, naming `field` when it is not one. Path parameters go
    /// through here rather than `Path<Date>` because poem-openapi's own parse error names a path
    /// parameter by position (`param0`), which no screen can point at.
    pub fn from_path(field: &str, text: &str) -> crate::error::Result<Date> {
        NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map(Date)
            .map_err(|_| {
                crate::error::Error::invalid_field(
                    field,
                    format!("Data inválida '{text}': use AAAA-MM-DD."),
                )
            })
    }
}

fn parse(text: &str) -> ParseResult<Date> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map(Date)
        .map_err(|_| ParseError::custom(format!("data inválida '{text}': use AAAA-MM-DD")))
}

impl Type for Date {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        "string_date".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema {
            // Tools that skip `format` still generate and check the shape.
            pattern: Some("^[0-9]{4}-[0-9]{2}-[0-9]{2}$".into()),
            ..MetaSchema::new_with_format("string", "date")
        }))
    }

    fn as_raw_value(&self) -> Option<&Self> {
        Some(self)
    }

    fn raw_element_iter<'a>(
        &'a self,
    ) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
        Box::new(std::iter::once(self))
    }
}

impl ParseFromJSON for Date {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        match value {
            Some(Value::String(s)) => parse(&s),
            other => Err(ParseError::expected_type(other.unwrap_or_default())),
        }
    }
}

impl ParseFromParameter for Date {
    fn parse_from_parameter(value: &str) -> ParseResult<Self> {
        parse(value)
    }
}

impl ToJSON for Date {
    fn to_json(&self) -> Option<Value> {
        Some(Value::String(self.0.format("%Y-%m-%d").to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_real_dates_parse() {
        assert_eq!(
            Date::parse_from_parameter("2026-02-28").unwrap().0,
            NaiveDate::from_ymd_opt(2026, 2, 28).unwrap()
        );
        for bad in ["2026-02-30", "28/02/2026", "", "2026-2-1x"] {
            assert!(Date::parse_from_parameter(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Date(NaiveDate::from_ymd_opt(2026, 1, 5).unwrap()).to_json(),
            Some(Value::String("2026-01-05".into()))
        );
    }
}
