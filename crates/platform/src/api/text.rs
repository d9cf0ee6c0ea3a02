//! [`Text`]: a request string that must be a JSON string.
//!
//! poem-openapi's `String` accepts `false` or `12` and turns them into text; a request whose field has
//! the wrong type should be refused (400) instead, as its schema says. Same OpenAPI schema as `string`,
//! so validators such as `max_length` apply unchanged.

use std::borrow::Cow;
use std::ops::Deref;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Text(pub String);

impl Deref for Text {
    type Target = String;

    fn deref(&self) -> &String {
        &self.0
    }
}

impl From<Text> for String {
    fn from(t: Text) -> String {
        t.0
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text(s.to_string())
    }
}

impl Text {
    /// Optional request text into the domain's plain string.
    pub fn optional(value: Option<Text>) -> Option<String> {
        value.map(String::from)
    }

    /// A request's list of texts into plain strings.
    pub fn list(values: Vec<Text>) -> Vec<String> {
        values.into_iter().map(String::from).collect()
    }
}

impl Type for Text {
    const IS_REQUIRED: bool = true;
    type RawValueType = String;
    type RawElementValueType = String;

    fn name() -> Cow<'static, str> {
        "string".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema::new("string")))
    }

    fn as_raw_value(&self) -> Option<&String> {
        Some(&self.0)
    }

    fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a String> + 'a> {
        Box::new(std::iter::once(&self.0))
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl ParseFromJSON for Text {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        match value {
            Some(Value::String(s)) => Ok(Text(s)),
            other => Err(ParseError::expected_type(other.unwrap_or_default())),
        }
    }
}

impl ToJSON for Text {
    fn to_json(&self) -> Option<Value> {
        Some(Value::String(self.0.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_json_strings_parse() {
        assert_eq!(
            Text::parse_from_json(Some(Value::String("a".into())))
                .unwrap()
                .0,
            "a"
        );
        assert!(Text::parse_from_json(Some(Value::Bool(false))).is_err());
        assert!(Text::parse_from_json(Some(serde_json::json!(12))).is_err());
        assert!(Text::parse_from_json(None).is_err());
    }
}
