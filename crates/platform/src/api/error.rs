//! The one JSON error shape: a machine code, a Portuguese message and the offending fields.
//!
//! Every operation returns [`ApiResult`]. A context's domain [`Error`] becomes an [`ApiError`] here and
//! nowhere else (`?` converts it); request bodies or parameters that do not parse are turned into the same
//! shape by [`ApiError`]'s bad-request handler, so a client never sees another error format.

use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use crate::error::{Error, ErrorKind, Violation};

/// One field that failed validation.
#[derive(Debug, Clone, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize)]
pub struct FieldError {
    /// Path of the field in the request (`document`, `emails[0]`, `address.cep`).
    pub field: String,
    /// What is wrong with it, in Portuguese.
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// The record a duplicate collides with, for a link to it.
#[derive(Debug, Clone, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize)]
pub struct ExistingRecord {
    pub id: String,
    pub name: String,
    pub archived: bool,
}

/// The body of every error response.
#[derive(Debug, Clone, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize)]
#[oai(skip_serializing_if_is_none)]
pub struct ErrorBody {
    /// Stable machine code, e.g. `credenciais_invalidas`, `documento_duplicado`.
    pub code: String,
    /// Message for a person, in Portuguese.
    pub message: String,
    /// The offending fields (empty when the error is not about a field).
    pub fields: Vec<FieldError>,
    /// For a duplicate (409): the record that already has the value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub existing: Option<Box<ExistingRecord>>,
}

#[derive(Debug, ApiResponse)]
#[oai(bad_request_handler = "bad_request_from_parse_error")]
pub enum ApiError {
    /// The request could not be read (malformed JSON, a missing or mistyped parameter).
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// No valid credentials.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorBody>),
    /// Signed in, but without the permission this needs.
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// The request conflicts with what is stored (a duplicate document, a stale state).
    #[oai(status = 409)]
    Conflict(Json<ErrorBody>),
    /// An upload over the size limit.
    #[oai(status = 413)]
    PayloadTooLarge(Json<ErrorBody>),
    /// The body is not JSON (or is missing where one is required), or an upload's type is refused.
    #[oai(status = 415)]
    UnsupportedMediaType(Json<ErrorBody>),
    /// The request was read but its content breaks a rule; `fields` names each offending field.
    #[oai(status = 422)]
    Unprocessable(Json<ErrorBody>),
    /// Too many attempts; `Retry-After` says how many seconds to wait.
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
}

pub type ApiResult<T> = Result<T, ApiError>;

fn body(code: &str, message: impl Into<String>, fields: Vec<FieldError>) -> Json<ErrorBody> {
    Json(ErrorBody {
        code: code.into(),
        message: message.into(),
        fields,
        existing: None,
    })
}

fn bad_request_from_parse_error(err: poem::Error) -> ApiError {
    bad_request_from_detail(&err.to_string())
}

/// A 400 from poem-openapi's own parsing, in the one error shape, naming the parameter it read.
pub(crate) fn bad_request_from_detail(detail: &str) -> ApiError {
    let detail = detail.to_string();
    let field = parse_error_field(&detail);
    let fields = field
        .map(|f| vec![FieldError::new(f, "valor ausente ou em formato inválido")])
        .unwrap_or_default();
    ApiError::BadRequest(body(
        "requisicao_invalida",
        format!("Requisição inválida: {}", translate_parse_error(&detail)),
        fields,
    ))
}

/// poem-openapi names the parameter in its parse errors (`failed to parse parameter `page``); keep it.
fn parse_error_field(detail: &str) -> Option<String> {
    let start = detail.find('`')? + 1;
    let len = detail[start..].find('`')?;
    let name = &detail[start..start + len];
    // A positional name (`param0`) points at nothing a screen shows.
    let positional = name
        .strip_prefix("param")
        .is_some_and(|n| n.parse::<u32>().is_ok());
    (!positional).then(|| name.to_string())
}

fn translate_parse_error(detail: &str) -> String {
    if detail.contains("parse request payload") || detail.contains("payload") {
        format!("o corpo da requisição não é um JSON válido para esta operação ({detail})")
    } else if detail.contains("parameter") {
        format!("parâmetro inválido ({detail})")
    } else if detail.contains("content type") || detail.contains("Content-Type") {
        format!("tipo de conteúdo não suportado; envie application/json ({detail})")
    } else {
        detail.to_string()
    }
}

impl ApiError {
    pub fn bad_request(code: &str, message: impl Into<String>) -> ApiError {
        ApiError::BadRequest(body(code, message, vec![]))
    }

    /// An unexpected failure in the HTTP layer itself: logged, reported without internals.
    pub fn internal(cause: impl std::fmt::Display) -> ApiError {
        Error::internal(cause).into()
    }

    /// The error body, whatever the status (used by tests and logs).
    pub fn body(&self) -> &ErrorBody {
        match self {
            ApiError::BadRequest(b)
            | ApiError::Unauthorized(b)
            | ApiError::Forbidden(b)
            | ApiError::NotFound(b)
            | ApiError::Conflict(b)
            | ApiError::PayloadTooLarge(b)
            | ApiError::UnsupportedMediaType(b)
            | ApiError::Unprocessable(b)
            | ApiError::TooManyRequests(b, _)
            | ApiError::Internal(b) => &b.0,
        }
    }
}

impl From<Violation> for FieldError {
    fn from(v: Violation) -> FieldError {
        FieldError::new(v.field, v.message)
    }
}

/// The status and shape of each kind of domain error.
impl From<Error> for ApiError {
    fn from(err: Error) -> ApiError {
        let fields = err.fields.into_iter().map(FieldError::from).collect();
        let mut body = body(&err.code, err.message, fields);
        body.0.existing = err.existing.map(|e| {
            Box::new(ExistingRecord {
                id: e.id,
                name: e.name,
                archived: e.archived,
            })
        });
        match err.kind {
            ErrorKind::Invalid => ApiError::Unprocessable(body),
            ErrorKind::NotFound => ApiError::NotFound(body),
            ErrorKind::Conflict => ApiError::Conflict(body),
            ErrorKind::Forbidden => ApiError::Forbidden(body),
            ErrorKind::Unauthenticated => ApiError::Unauthorized(body),
            ErrorKind::TooLarge => ApiError::PayloadTooLarge(body),
            ErrorKind::UnsupportedType => ApiError::UnsupportedMediaType(body),
            ErrorKind::TooManyAttempts { retry_after_secs } => {
                ApiError::TooManyRequests(body, retry_after_secs)
            }
            ErrorKind::Internal => ApiError::Internal(body),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_keep_the_parameter_name() {
        let e = bad_request_from_parse_error(poem::Error::from_string(
            "failed to parse parameter `page`: not a number",
            poem::http::StatusCode::BAD_REQUEST,
        ));
        assert_eq!(e.body().fields[0].field, "page");
        assert!(e.body().message.starts_with("Requisição inválida"));
    }

    #[test]
    fn domain_errors_map_to_statuses() {
        let invalid: ApiError = Error::invalid_field("name", "Informe o nome.").into();
        assert!(matches!(invalid, ApiError::Unprocessable(_)));
        assert_eq!(invalid.body().fields[0].field, "name");
        let throttled: ApiError = Error::too_many_attempts(30).into();
        assert!(matches!(throttled, ApiError::TooManyRequests(_, 30)));
        let conflict: ApiError = Error::conflict("documento_duplicado", "Já existe.").into();
        assert_eq!(conflict.body().code, "documento_duplicado");
    }
}
