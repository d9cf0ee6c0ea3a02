//! The one JSON error shape: a machine code, a Portuguese message and the offending fields.
//!
//! Every operation returns [`ApiResult`]; request bodies or parameters that do not parse are turned into
//! the same shape by [`ApiError`]'s bad-request handler, so a client never sees another error format.

use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

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

/// The body of every error response.
#[derive(Debug, Clone, PartialEq, Eq, Object, serde::Serialize, serde::Deserialize)]
pub struct ErrorBody {
    /// Stable machine code, e.g. `credenciais_invalidas`, `documento_duplicado`.
    pub code: String,
    /// Message for a person, in Portuguese.
    pub message: String,
    /// The offending fields (empty when the error is not about a field).
    pub fields: Vec<FieldError>,
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
    /// The body is not JSON (or is missing where one is required).
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
    })
}

fn bad_request_from_parse_error(err: poem::Error) -> ApiError {
    let detail = err.to_string();
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
    Some(detail[start..start + len].to_string())
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

    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::Unauthorized(body("nao_autenticado", message, vec![]))
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::Forbidden(body("sem_permissao", message, vec![]))
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::NotFound(body("nao_encontrado", message, vec![]))
    }

    pub fn conflict(code: &str, message: impl Into<String>, fields: Vec<FieldError>) -> ApiError {
        ApiError::Conflict(body(code, message, fields))
    }

    /// Content that breaks rules: one entry per offending field.
    pub fn invalid(fields: Vec<FieldError>) -> ApiError {
        let message = match fields.as_slice() {
            [only] => format!("Campo inválido: {} — {}", only.field, only.message),
            _ => "Alguns campos estão inválidos; corrija-os e tente novamente.".to_string(),
        };
        ApiError::Unprocessable(body("campos_invalidos", message, fields))
    }

    /// A single rule broken by a single field.
    pub fn invalid_field(field: &str, message: impl Into<String>) -> ApiError {
        Self::invalid(vec![FieldError::new(field, message)])
    }

    pub fn too_many_requests(retry_after_secs: u64) -> ApiError {
        ApiError::TooManyRequests(
            body(
                "muitas_tentativas",
                format!(
                    "Muitas tentativas. Aguarde {retry_after_secs} segundos e tente novamente."
                ),
                vec![],
            ),
            retry_after_secs,
        )
    }

    /// An unexpected failure: logged with its cause, reported to the client without internals.
    pub fn internal(cause: impl std::fmt::Display) -> ApiError {
        tracing::error!(%cause, "internal error");
        ApiError::Internal(body(
            "erro_interno",
            "Erro interno do servidor. Tente novamente; se persistir, avise o suporte.",
            vec![],
        ))
    }

    /// The error body, whatever the status (used by tests and logs).
    pub fn body(&self) -> &ErrorBody {
        match self {
            ApiError::BadRequest(b)
            | ApiError::Unauthorized(b)
            | ApiError::Forbidden(b)
            | ApiError::NotFound(b)
            | ApiError::Conflict(b)
            | ApiError::UnsupportedMediaType(b)
            | ApiError::Unprocessable(b)
            | ApiError::TooManyRequests(b, _)
            | ApiError::Internal(b) => &b.0,
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> ApiError {
        ApiError::internal(err)
    }
}

/// Collects field errors while validating a request, so every bad field is reported at once.
#[derive(Debug, Default)]
pub struct Violations(Vec<FieldError>);

impl Violations {
    pub fn new() -> Violations {
        Violations::default()
    }

    pub fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(FieldError::new(field, message));
    }

    /// `Ok(())` when nothing was added, otherwise the 422 naming every field.
    pub fn finish(self) -> ApiResult<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ApiError::invalid(self.0))
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
    fn violations_report_every_field() {
        let mut v = Violations::new();
        assert!(Violations::new().finish().is_ok());
        v.add("name", "obrigatório");
        v.add("document", "CPF inválido");
        let err = v.finish().unwrap_err();
        assert!(matches!(err, ApiError::Unprocessable(_)));
        assert_eq!(err.body().fields.len(), 2);
    }
}
