//! What a context's operations return when they cannot do what was asked: plain Rust, no HTTP.
//!
//! The API layer (`crate::api::error`) alone turns an [`Error`] into a status and the JSON error shape.
//! Input that breaks rules is collected with [`Violations`], so one answer names every offending field.

use std::borrow::Cow;

/// Why an operation did not happen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    pub kind: ErrorKind,
    /// Stable machine code, e.g. `documento_duplicado`.
    pub code: Cow<'static, str>,
    /// For a person, in Portuguese.
    pub message: String,
    /// The offending fields (empty when the error is not about a field).
    pub fields: Vec<Violation>,
    /// For a duplicate: the record that already exists, so the screen can link to it.
    pub existing: Option<Box<Existing>>,
    /// For an internal error: its cause, for logs and the jobs administrator (never sent to a client).
    pub detail: Option<String>,
}

/// The record a duplicate collides with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Existing {
    pub id: String,
    /// How people know it (a client's name).
    pub name: String,
    pub archived: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input breaks a rule (`fields` names each offending field).
    Invalid,
    /// No such record, or one outside the caller's reach (the two are not told apart).
    NotFound,
    /// The request conflicts with what is stored (a duplicate, a stale state).
    Conflict,
    /// The caller may not do this.
    Forbidden,
    /// No valid credentials.
    Unauthenticated,
    /// An upload over the size limit.
    TooLarge,
    /// An upload of a type not accepted.
    UnsupportedType,
    /// Too many attempts: retry after this many seconds.
    TooManyAttempts { retry_after_secs: u64 },
    /// An unexpected failure; its cause was logged, the message says nothing internal.
    Internal,
}

/// One field that failed validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Path of the field in the request (`document`, `emails[0]`, `address.cep`).
    pub field: String,
    /// What is wrong with it, in Portuguese, naming the field as the screen does ("Informe o CPF ou CNPJ.").
    pub message: String,
}

impl Violation {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Violation {
        Violation {
            field: field.into(),
            message: message.into(),
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    fn new(
        kind: ErrorKind,
        code: impl Into<Cow<'static, str>>,
        message: impl Into<String>,
    ) -> Error {
        Error {
            kind,
            code: code.into(),
            message: message.into(),
            fields: Vec::new(),
            existing: None,
            detail: None,
        }
    }

    /// Input that breaks rules: one entry per offending field.
    pub fn invalid(fields: Vec<Violation>) -> Error {
        let message = match fields.as_slice() {
            [only] => only.message.clone(),
            _ => "Alguns campos estão inválidos; corrija-os e tente novamente.".to_string(),
        };
        Error {
            fields,
            ..Error::new(ErrorKind::Invalid, "campos_invalidos", message)
        }
    }

    /// A single rule broken by a single field.
    pub fn invalid_field(field: &str, message: impl Into<String>) -> Error {
        Error::invalid(vec![Violation::new(field, message)])
    }

    pub fn not_found(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::NotFound, "nao_encontrado", message)
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Conflict, code, message)
    }

    pub fn forbidden(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Forbidden, "sem_permissao", message)
    }

    pub fn unauthenticated(code: &'static str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Unauthenticated, code, message)
    }

    pub fn too_large(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::TooLarge, "arquivo_grande_demais", message)
    }

    pub fn unsupported_type(message: impl Into<String>) -> Error {
        Error::new(
            ErrorKind::UnsupportedType,
            "tipo_de_arquivo_recusado",
            message,
        )
    }

    pub fn too_many_attempts(retry_after_secs: u64) -> Error {
        Error::new(
            ErrorKind::TooManyAttempts { retry_after_secs },
            "muitas_tentativas",
            format!("Muitas tentativas. Aguarde {retry_after_secs} segundos e tente novamente."),
        )
    }

    /// An unexpected failure: logged with its cause, reported without internals.
    pub fn internal(cause: impl std::fmt::Display) -> Error {
        tracing::error!(%cause, "internal error");
        Error {
            detail: Some(cause.to_string()),
            ..Error::new(
                ErrorKind::Internal,
                "erro_interno",
                "Erro interno do servidor. Tente novamente; se persistir, avise o suporte.",
            )
        }
    }

    /// What an operator should read: the cause of an internal error, else the message.
    pub fn for_operator(&self) -> &str {
        self.detail.as_deref().unwrap_or(&self.message)
    }

    /// A value that must be unique and is taken: names the field and the record that has it.
    pub fn duplicate(
        code: &'static str,
        field: &str,
        message: String,
        existing: Existing,
    ) -> Error {
        Error {
            existing: Some(Box::new(existing)),
            ..Error::conflict(code, message.clone()).with_field(field, message)
        }
    }

    /// Names the field the error is about.
    pub fn with_field(mut self, field: impl Into<String>, message: impl Into<String>) -> Error {
        self.fields.push(Violation::new(field, message));
        self
    }
}

impl From<sqlx::Error> for Error {
    fn from(err: sqlx::Error) -> Error {
        Error::internal(err)
    }
}

/// Collects field errors while validating input, so every bad field is reported at once.
#[derive(Debug, Default)]
pub struct Violations(Vec<Violation>);

impl Violations {
    pub fn new() -> Violations {
        Violations::default()
    }

    pub fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(Violation::new(field, message));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok(())` when nothing was added, otherwise the error naming every field.
    pub fn finish(self) -> Result<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(Error::invalid(self.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn violations_report_every_field() {
        assert!(Violations::new().finish().is_ok());
        let mut v = Violations::new();
        v.add("name", "Informe o nome.");
        v.add("document", "CPF inválido.");
        let err = v.finish().unwrap_err();
        assert_eq!(err.kind, ErrorKind::Invalid);
        assert_eq!(err.fields.len(), 2);
    }

    #[test]
    fn one_invalid_field_is_the_message() {
        let err = Error::invalid_field("name", "Informe o nome.");
        assert_eq!(err.message, "Informe o nome.");
        assert_eq!(err.fields[0].field, "name");
    }
}
