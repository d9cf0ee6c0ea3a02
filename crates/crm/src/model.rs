//! The client as the API shows it, as requests describe it, and as it is stored.

use chrono::{DateTime, Utc};
use poem_openapi::types::MaybeUndefined;
use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};

use crate::document;

/// Person (CPF) or company (CNPJ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ClientKind {
    Person,
    Company,
}

impl ClientKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ClientKind::Person => "person",
            ClientKind::Company => "company",
        }
    }

    pub fn parse(s: &str) -> Option<ClientKind> {
        [ClientKind::Person, ClientKind::Company]
            .into_iter()
            .find(|k| k.as_str() == s)
    }

    /// "CPF" or "CNPJ", for messages.
    pub fn document_label(self) -> &'static str {
        match self {
            ClientKind::Person => "CPF",
            ClientKind::Company => "CNPJ",
        }
    }
}

/// Where a client stands. `archived` is reached only through the archive operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize, Deserialize)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ClientStatus {
    Active,
    Inactive,
    Archived,
}

impl ClientStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ClientStatus::Active => "active",
            ClientStatus::Inactive => "inactive",
            ClientStatus::Archived => "archived",
        }
    }

    pub fn parse(s: &str) -> Option<ClientStatus> {
        [
            ClientStatus::Active,
            ClientStatus::Inactive,
            ClientStatus::Archived,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }
}

/// A Brazilian postal address. `cep` is 8 digits and `state` a UF (`SP`).
#[derive(Debug, Clone, PartialEq, Eq, Object, Serialize, Deserialize)]
pub struct ClientAddress {
    #[oai(validator(max_length = 100))]
    pub cep: String,
    #[oai(validator(max_length = 1000))]
    pub street: String,
    #[oai(default, validator(max_length = 1000))]
    #[serde(default)]
    pub number: String,
    #[oai(default, validator(max_length = 1000))]
    #[serde(default)]
    pub complement: String,
    #[oai(default, validator(max_length = 1000))]
    #[serde(default)]
    pub district: String,
    #[oai(validator(max_length = 1000))]
    pub city: String,
    #[oai(validator(max_length = 100))]
    pub state: String,
}

/// A client of the company.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
pub struct Client {
    pub id: String,
    pub kind: ClientKind,
    /// Normalized: 11 digits (CPF) or 14 uppercase alphanumerics (CNPJ).
    pub document: String,
    /// `123.456.789-09` or `12.ABC.345/01DE-35`.
    pub document_formatted: String,
    pub name: String,
    pub trade_name: Option<String>,
    pub emails: Vec<String>,
    /// Digits only: DDD and number (10 or 11 digits).
    pub phones: Vec<String>,
    pub address: Option<ClientAddress>,
    pub status: ClientStatus,
    pub notes: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// uid of the user who created the client.
    pub created_by: String,
    /// uid of the user who changed it last.
    pub updated_by: String,
}

// The generous `max_length`/`max_items` below only keep absurd payloads out; the business limits (name ≤
// 200, notes ≤ 5000, …) are checked by `validate` so that they come back as a 422 naming the field.

/// A new client. `kind` and `status` are plain strings here so that a wrong value is a 422 naming the
/// field rather than an unreadable body: `kind` is `person` or `company`, `status` `active` or `inactive`.
#[derive(Debug, Clone, Object)]
pub struct NewClientRequest {
    #[oai(validator(max_length = 100))]
    pub kind: Option<String>,
    #[oai(validator(max_length = 100))]
    pub document: Option<String>,
    #[oai(validator(max_length = 10000))]
    pub name: Option<String>,
    #[oai(validator(max_length = 10000))]
    pub trade_name: Option<String>,
    #[oai(default, validator(max_items = 100))]
    pub emails: Vec<String>,
    #[oai(default, validator(max_items = 100))]
    pub phones: Vec<String>,
    pub address: Option<ClientAddress>,
    #[oai(validator(max_length = 100))]
    pub status: Option<String>,
    #[oai(validator(max_length = 100000))]
    pub notes: Option<String>,
}

/// Changes to a client: absent fields stay as they are; `null` clears `trade_name`, `address` and `notes`.
#[derive(Debug, Clone, Object)]
pub struct ClientPatchRequest {
    #[oai(validator(max_length = 100))]
    pub kind: Option<String>,
    #[oai(validator(max_length = 100))]
    pub document: Option<String>,
    #[oai(validator(max_length = 10000))]
    pub name: Option<String>,
    #[oai(validator(max_length = 10000))]
    pub trade_name: MaybeUndefined<String>,
    #[oai(validator(max_items = 100))]
    pub emails: Option<Vec<String>>,
    #[oai(validator(max_items = 100))]
    pub phones: Option<Vec<String>>,
    pub address: MaybeUndefined<ClientAddress>,
    #[oai(validator(max_length = 100))]
    pub status: Option<String>,
    #[oai(validator(max_length = 100000))]
    pub notes: MaybeUndefined<String>,
}

/// The fields a person edits, before validation (a create body, or a stored client with a patch applied).
#[derive(Debug, Clone, Default)]
pub struct ClientDraft {
    pub kind: Option<String>,
    pub document: Option<String>,
    pub name: Option<String>,
    pub trade_name: Option<String>,
    pub emails: Vec<String>,
    pub phones: Vec<String>,
    pub address: Option<ClientAddress>,
    pub status: Option<String>,
    pub notes: Option<String>,
}

impl From<NewClientRequest> for ClientDraft {
    fn from(r: NewClientRequest) -> ClientDraft {
        ClientDraft {
            kind: r.kind,
            document: r.document,
            name: r.name,
            trade_name: r.trade_name,
            emails: r.emails,
            phones: r.phones,
            address: r.address,
            status: r.status,
            notes: r.notes,
        }
    }
}

impl ClientDraft {
    /// The stored client with `patch` applied on top.
    pub fn patched(current: &Client, patch: ClientPatchRequest) -> ClientDraft {
        ClientDraft {
            kind: Some(
                patch
                    .kind
                    .unwrap_or_else(|| current.kind.as_str().to_string()),
            ),
            document: Some(patch.document.unwrap_or_else(|| current.document.clone())),
            name: Some(patch.name.unwrap_or_else(|| current.name.clone())),
            trade_name: merge(patch.trade_name, &current.trade_name),
            emails: patch.emails.unwrap_or_else(|| current.emails.clone()),
            phones: patch.phones.unwrap_or_else(|| current.phones.clone()),
            address: merge(patch.address, &current.address),
            status: Some(
                patch
                    .status
                    .unwrap_or_else(|| current.status.as_str().to_string()),
            ),
            notes: merge(patch.notes, &current.notes),
        }
    }
}

fn merge<T: Clone>(patch: MaybeUndefined<T>, current: &Option<T>) -> Option<T> {
    match patch {
        MaybeUndefined::Undefined => current.clone(),
        MaybeUndefined::Null => None,
        MaybeUndefined::Value(v) => Some(v),
    }
}

/// A validated client, ready to store: every field normalized.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidClient {
    pub kind: ClientKind,
    pub document: String,
    pub name: String,
    pub trade_name: Option<String>,
    pub emails: Vec<String>,
    pub phones: Vec<String>,
    pub address: Option<ClientAddress>,
    pub status: ClientStatus,
    pub notes: Option<String>,
}

/// One row of `crm_clients` (without the search columns).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClientRow {
    pub id: String,
    pub kind: String,
    pub document: String,
    pub name: String,
    pub trade_name: Option<String>,
    pub emails: String,
    pub phones: String,
    pub address: Option<String>,
    pub status: String,
    pub notes: Option<String>,
    pub version: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub created_by: String,
    pub updated_by: String,
}

/// The columns of [`ClientRow`], for `SELECT`s.
pub const CLIENT_COLUMNS: &str =
    "id, kind, document, name, trade_name, emails, phones, address, status, notes, \
     version, created_at, updated_at, created_by, updated_by";

impl ClientRow {
    /// The API shape. Stored rows were validated on the way in; a damaged JSON column reads as empty
    /// rather than failing the whole list.
    pub fn into_client(self) -> Client {
        let kind = ClientKind::parse(&self.kind).unwrap_or(ClientKind::Person);
        Client {
            document_formatted: document::format_stored(kind, &self.document),
            kind,
            id: self.id,
            document: self.document,
            name: self.name,
            trade_name: self.trade_name,
            emails: serde_json::from_str(&self.emails).unwrap_or_default(),
            phones: serde_json::from_str(&self.phones).unwrap_or_default(),
            address: self
                .address
                .as_deref()
                .and_then(|a| serde_json::from_str(a).ok()),
            status: ClientStatus::parse(&self.status).unwrap_or(ClientStatus::Active),
            notes: self.notes,
            created_at: self.created_at,
            updated_at: self.updated_at,
            created_by: self.created_by,
            updated_by: self.updated_by,
        }
    }
}
