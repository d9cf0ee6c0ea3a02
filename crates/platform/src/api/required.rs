//! Naming the required member a request body left out.
//!
//! poem-openapi refuses a JSON body without a required member with `Expected input type "string", found
//! null. (occurred while parsing "NewClientRequest")`: the member itself is not named, and every refusal
//! must name its field. So the body is compared with the schema that message names last (the request
//! body's own), read from the OpenAPI document: the first required member that is missing or null,
//! looking into nested objects and lists of objects as well.

use serde_json::{Map, Value};

/// The request schemas of the OpenAPI document (`components.schemas`).
#[derive(Debug, Default)]
pub struct RequiredMembers {
    schemas: Map<String, Value>,
}

impl RequiredMembers {
    pub fn from_spec(spec: &str) -> RequiredMembers {
        let spec: Value = serde_json::from_str(spec).unwrap_or_default();
        RequiredMembers {
            schemas: spec["components"]["schemas"]
                .as_object()
                .cloned()
                .unwrap_or_default(),
        }
    }

    /// The path of the first required member missing from `body` (`name`, `address.cep`,
    /// `emails[1].address`), when `detail` is poem-openapi's refusal of a body for a missing value.
    pub fn missing(&self, detail: &str, body: &Value) -> Option<String> {
        // poem-openapi's own words for a missing value, and `Omittable`'s refusal of an explicit null.
        if !detail.contains("found null") && !detail.contains("null não é aceito") {
            return None;
        }
        self.missing_in(outer_schema(detail)?, body, "", 0)
    }

    fn missing_in(&self, schema: &str, body: &Value, at: &str, depth: usize) -> Option<String> {
        let schema = self.schemas.get(schema)?;
        let object = body.as_object()?;
        // Nesting deeper than any request of ours is someone else's document: stop.
        if depth > 16 {
            return None;
        }
        let required = schema["required"].as_array().into_iter().flatten();
        if let Some(name) = required
            .filter_map(Value::as_str)
            .find(|name| object.get(*name).is_none_or(Value::is_null))
        {
            return Some(join(at, name));
        }
        let properties = schema["properties"].as_object()?;
        // A member that may be left out but is not nullable, sent as null.
        if let Some(name) = object.iter().find_map(|(name, value)| {
            let property = properties.get(name)?;
            (value.is_null() && property["nullable"] != Value::Bool(true)).then_some(name)
        }) {
            return Some(join(at, name));
        }
        object.iter().find_map(|(name, value)| {
            let property = properties.get(name)?;
            let path = join(at, name);
            if let Some(nested) = schema_ref(property) {
                return self.missing_in(nested, value, &path, depth + 1);
            }
            let items = schema_ref(&property["items"])?;
            value.as_array()?.iter().enumerate().find_map(|(i, item)| {
                self.missing_in(items, item, &format!("{path}[{i}]"), depth + 1)
            })
        })
    }
}

/// The schema named last in `(occurred while parsing "X")`: the outermost, the body's own.
fn outer_schema(detail: &str) -> Option<&str> {
    const MARK: &str = "occurred while parsing \"";
    let start = detail.rfind(MARK)? + MARK.len();
    let len = detail[start..].find('"')?;
    Some(&detail[start..start + len])
}

/// `#/components/schemas/X` of a property, directly or through `allOf` (poem-openapi adds a description
/// to a reference that way).
fn schema_ref(property: &Value) -> Option<&str> {
    let reference = property["$ref"]
        .as_str()
        .or_else(|| property["allOf"][0]["$ref"].as_str())?;
    reference.strip_prefix("#/components/schemas/")
}

fn join(at: &str, name: &str) -> String {
    if at.is_empty() {
        name.to_string()
    } else {
        format!("{at}.{name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn members() -> RequiredMembers {
        let spec = json!({"components": {"schemas": {
            "NewClient": {
                "type": "object",
                "required": ["document", "name"],
                "properties": {
                    "document": {"type": "string"},
                    "name": {"type": "string"},
                    "address": {"allOf": [{"$ref": "#/components/schemas/Address"}], "description": "x"},
                    "emails": {"type": "array", "items": {"$ref": "#/components/schemas/Email"}}
                }
            },
            "Address": {"type": "object", "required": ["cep"], "properties": {"cep": {"type": "string"}}},
            "Email": {"type": "object", "required": ["address"], "properties": {"address": {"type": "string"}}}
        }}});
        RequiredMembers::from_spec(&spec.to_string())
    }

    const DETAIL: &str = "parse request payload error: Expected input type \"string\", found null. \
                          (occurred while parsing \"Address\") (occurred while parsing \"NewClient\")";

    #[test]
    fn names_a_missing_or_null_member_at_the_top() {
        let m = members();
        let body = json!({"document": "529.982.247-25"});
        assert_eq!(m.missing(DETAIL, &body).as_deref(), Some("name"));
        let body = json!({"document": null, "name": "Ana"});
        assert_eq!(m.missing(DETAIL, &body).as_deref(), Some("document"));
    }

    #[test]
    fn names_a_missing_member_inside_objects_and_lists() {
        let m = members();
        let body = json!({"document": "1", "name": "Ana", "address": {"street": "Rua"}});
        assert_eq!(m.missing(DETAIL, &body).as_deref(), Some("address.cep"));
        let body = json!({"document": "1", "name": "Ana", "emails": [{"address": "a@b.c"}, {}]});
        assert_eq!(
            m.missing(DETAIL, &body).as_deref(),
            Some("emails[1].address")
        );
    }

    #[test]
    fn names_an_optional_member_sent_as_null_unless_it_is_nullable() {
        let spec = json!({"components": {"schemas": {"Probe": {
            "type": "object",
            "required": ["jobs"],
            "properties": {
                "jobs": {"type": "integer"},
                "notes": {"type": "string", "nullable": true},
                "record": {"type": "boolean"}
            }
        }}}});
        let m = RequiredMembers::from_spec(&spec.to_string());
        let detail = "failed to parse \"omittable_boolean\": null não é aceito: omita o campo \
                      (occurred while parsing \"Probe\")";
        let body = json!({"jobs": 1, "notes": null, "record": null});
        assert_eq!(m.missing(detail, &body).as_deref(), Some("record"));
    }

    #[test]
    fn other_refusals_and_unknown_schemas_name_nothing() {
        let m = members();
        let body = json!({"document": "1"});
        assert_eq!(m.missing("failed to parse parameter `page`", &body), None);
        let unknown =
            "Expected input type \"string\", found null. (occurred while parsing \"Outro\")";
        assert_eq!(m.missing(unknown, &body), None);
        assert_eq!(m.missing(DETAIL, &json!([1, 2])), None);
    }
}
