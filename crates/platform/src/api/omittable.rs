//! [`Omittable`]: a request field that may be left out, but is never `null`.
//!
//! poem-openapi reads `null` into `Option<T>` as `None`, so a change request `{"name": null}` left the name
//! as it was and answered 200, although its schema (a string) refused null. Fields of change requests
//! where "absent" means "leave as it is" use `Omittable<T>`: absent is `None`, `null` is refused (400),
//! and the schema is `T`'s, not required.
//!
//! Fields a change request may also empty (a client's notes) use [`Clearable<T>`]: absent keeps, `null`
//! clears, a value sets; its schema says `nullable`, so generated clients and schemathesis know `null`
//! is meant.

use std::borrow::Cow;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{MaybeUndefined, ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Omittable<T>(pub Option<T>);

impl<T> Omittable<T> {
    pub fn into_option(self) -> Option<T> {
        self.0
    }

    pub fn as_ref(&self) -> Option<&T> {
        self.0.as_ref()
    }
}

impl<T: Type> Type for Omittable<T> {
    const IS_REQUIRED: bool = false;
    type RawValueType = T::RawValueType;
    type RawElementValueType = T::RawElementValueType;

    fn name() -> Cow<'static, str> {
        format!("omittable_{}", T::name()).into()
    }

    fn schema_ref() -> MetaSchemaRef {
        T::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }

    fn as_raw_value(&self) -> Option<&Self::RawValueType> {
        self.0.as_ref().and_then(Type::as_raw_value)
    }

    fn raw_element_iter<'a>(
        &'a self,
    ) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
        match &self.0 {
            Some(value) => value.raw_element_iter(),
            None => Box::new(std::iter::empty()),
        }
    }

    fn is_none(&self) -> bool {
        self.0.is_none()
    }
}

impl<T: ParseFromJSON> ParseFromJSON for Omittable<T> {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        match value {
            None => Ok(Omittable(None)),
            Some(Value::Null) => Err(ParseError::custom(
                "null não é aceito: omita o campo para mantê-lo",
            )),
            Some(value) => Ok(Omittable(Some(
                T::parse_from_json(Some(value)).map_err(ParseError::propagate)?,
            ))),
        }
    }
}

impl<T: ToJSON> ToJSON for Omittable<T> {
    fn to_json(&self) -> Option<Value> {
        self.0.as_ref().and_then(ToJSON::to_json)
    }
}

/// A change-request field that may be left out (keep), `null` (clear) or a value (set).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Clearable<T>(pub MaybeUndefined<T>);

impl<T> Clearable<T> {
    /// `None` to keep, `Some(None)` to clear, `Some(Some(v))` to set.
    pub fn change(self) -> Option<Option<T>> {
        match self.0 {
            MaybeUndefined::Undefined => None,
            MaybeUndefined::Null => Some(None),
            MaybeUndefined::Value(v) => Some(Some(v)),
        }
    }
}

impl<T: Type> Type for Clearable<T> {
    const IS_REQUIRED: bool = false;
    type RawValueType = T::RawValueType;
    type RawElementValueType = T::RawElementValueType;

    fn name() -> Cow<'static, str> {
        format!("clearable_{}", T::name()).into()
    }

    fn schema_ref() -> MetaSchemaRef {
        let schema = match T::schema_ref() {
            MetaSchemaRef::Inline(inline) => MetaSchema {
                nullable: true,
                ..*inline
            },
            // OpenAPI 3.0 cannot mark a `$ref` nullable; wrapping it in `allOf` can.
            reference @ MetaSchemaRef::Reference(_) => MetaSchema {
                all_of: vec![reference],
                nullable: true,
                ..MetaSchema::ANY
            },
        };
        MetaSchemaRef::Inline(Box::new(schema))
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }

    fn as_raw_value(&self) -> Option<&Self::RawValueType> {
        match &self.0 {
            MaybeUndefined::Value(value) => value.as_raw_value(),
            _ => None,
        }
    }

    fn raw_element_iter<'a>(
        &'a self,
    ) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
        match &self.0 {
            MaybeUndefined::Value(value) => value.raw_element_iter(),
            _ => Box::new(std::iter::empty()),
        }
    }

    fn is_none(&self) -> bool {
        self.0.is_undefined()
    }
}

impl<T: ParseFromJSON> ParseFromJSON for Clearable<T> {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        MaybeUndefined::<T>::parse_from_json(value)
            .map(Clearable)
            .map_err(ParseError::propagate)
    }
}

impl<T: ToJSON> ToJSON for Clearable<T> {
    fn to_json(&self) -> Option<Value> {
        self.0.to_json()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Text;

    #[test]
    fn absent_is_none_and_null_is_refused() {
        assert_eq!(
            Omittable::<Text>::parse_from_json(None).unwrap(),
            Omittable(None)
        );
        assert!(Omittable::<Text>::parse_from_json(Some(Value::Null)).is_err());
        let some = Omittable::<Text>::parse_from_json(Some(Value::String("Ana".into()))).unwrap();
        assert_eq!(some.0.as_deref().map(String::as_str), Some("Ana"));
        assert!(Omittable::<Text>::parse_from_json(Some(serde_json::json!(1))).is_err());
    }

    #[test]
    fn clearable_keeps_clears_or_sets_and_says_nullable() {
        assert_eq!(
            Clearable::<Text>::parse_from_json(None).unwrap().change(),
            None
        );
        assert_eq!(
            Clearable::<Text>::parse_from_json(Some(Value::Null))
                .unwrap()
                .change(),
            Some(None)
        );
        assert!(Clearable::<Text>::parse_from_json(Some(serde_json::json!(1))).is_err());
        let MetaSchemaRef::Inline(schema) = Clearable::<Text>::schema_ref() else {
            panic!("inline schema expected");
        };
        assert!(schema.nullable);
    }
}
