//! The shapes the clients API reads and writes, and their conversion to and from the domain.

use chrono::{DateTime, Utc};
use platform::api::{Clearable, Date, Omittable, Text};
use platform::values::{Address, Email, Phone};
use poem_openapi::types::{Example, MaybeUndefined};
use poem_openapi::{Enum, Object};

use crate::domain::{self, Client, ClientDraft, ClientPatch};

/// Person (CPF) or company (CNPJ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum ClientKind {
    Person,
    Company,
}

/// Where a client stands. `archived` is reached only through the archive operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum ClientStatus {
    Active,
    Inactive,
    Archived,
}

/// A Brazilian postal address. `cep` is 8 digits and `state` a UF (`SP`).
#[derive(Debug, Clone, PartialEq, Eq, Object)]
pub struct ClientAddress {
    #[oai(validator(max_length = 100))]
    pub cep: Text,
    #[oai(validator(max_length = 1000))]
    pub street: Text,
    #[oai(default, validator(max_length = 1000))]
    pub number: Text,
    #[oai(default, validator(max_length = 1000))]
    pub complement: Text,
    #[oai(default, validator(max_length = 1000))]
    pub district: Text,
    #[oai(validator(max_length = 1000))]
    pub city: Text,
    #[oai(validator(max_length = 100))]
    pub state: Text,
}

/// A client of the company.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
#[oai(rename = "Client", skip_serializing_if_is_none)]
pub struct ClientView {
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
    /// The portfolio salesperson's uid, and name.
    pub owner_id: Option<String>,
    pub owner_name: Option<String>,
    /// The unit (clinic), `GET /api/v1/system/units`.
    pub unit_id: Option<String>,
    pub tags: Vec<String>,
    /// Never to be contacted for sales.
    pub do_not_contact: bool,
    pub birth_date: Option<Date>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// uid of the user who created the client.
    pub created_by: String,
    /// uid of the user who changed it last.
    pub updated_by: String,
}

// The generous `max_length`/`max_items` below only keep absurd payloads out; the business limits (name ≤
// 200, notes ≤ 5000, …) are domain rules, so that they come back as a 422 naming the field.

/// A new client. `kind` and `status` are plain strings here so that a wrong value is a 422 naming the
/// field rather than an unreadable body: `kind` is `person` or `company`, `status` `active` or `inactive`.
#[derive(Debug, Clone, Object)]
#[oai(example)]
pub struct NewClientRequest {
    #[oai(validator(max_length = 100))]
    pub kind: Option<Text>,
    #[oai(validator(max_length = 100))]
    pub document: Option<Text>,
    #[oai(validator(max_length = 10000))]
    pub name: Option<Text>,
    #[oai(validator(max_length = 10000))]
    pub trade_name: Option<Text>,
    #[oai(default, validator(max_items = 100))]
    pub emails: Vec<Text>,
    #[oai(default, validator(max_items = 100))]
    pub phones: Vec<Text>,
    pub address: Option<ClientAddress>,
    #[oai(validator(max_length = 100))]
    pub status: Option<Text>,
    #[oai(validator(max_length = 100000))]
    pub notes: Option<Text>,
    /// The portfolio salesperson (default: the salesperson creating it).
    #[oai(validator(max_length = 100))]
    pub owner_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub unit_id: Omittable<Text>,
    #[oai(default, validator(max_items = 100))]
    pub tags: Vec<Text>,
    pub do_not_contact: Omittable<bool>,
    pub birth_date: Omittable<Date>,
}

impl Example for NewClientRequest {
    fn example() -> Self {
        NewClientRequest {
            kind: Some("person".into()),
            document: Some("123.456.789-09".into()),
            name: Some("Maria da Silva".into()),
            trade_name: None,
            emails: vec!["maria.silva@example.com.br".into()],
            phones: vec!["(11) 98765-4321".into()],
            address: Some(ClientAddress {
                cep: "01310-100".into(),
                street: "Avenida Paulista".into(),
                number: "1000".into(),
                complement: Text::default(),
                district: "Bela Vista".into(),
                city: "São Paulo".into(),
                state: "SP".into(),
            }),
            status: None,
            notes: None,
            owner_id: Omittable(None),
            unit_id: Omittable(None),
            tags: vec!["vip".into()],
            do_not_contact: Omittable(None),
            birth_date: Omittable(None),
        }
    }
}

/// Changes to a client: absent fields stay as they are; `null` clears `trade_name`, `address` and `notes`.
#[derive(Debug, Clone, Object)]
#[oai(example)]
pub struct ClientPatchRequest {
    #[oai(validator(max_length = 100))]
    pub kind: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub document: Omittable<Text>,
    #[oai(validator(max_length = 10000))]
    pub name: Omittable<Text>,
    #[oai(validator(max_length = 10000))]
    pub trade_name: Clearable<Text>,
    #[oai(validator(max_items = 100))]
    pub emails: Omittable<Vec<Text>>,
    #[oai(validator(max_items = 100))]
    pub phones: Omittable<Vec<Text>>,
    pub address: Clearable<ClientAddress>,
    #[oai(validator(max_length = 100))]
    pub status: Omittable<Text>,
    #[oai(validator(max_length = 100000))]
    pub notes: Clearable<Text>,
    #[oai(validator(max_length = 100))]
    pub owner_id: Clearable<Text>,
    #[oai(validator(max_length = 100))]
    pub unit_id: Clearable<Text>,
    #[oai(validator(max_items = 100))]
    pub tags: Omittable<Vec<Text>>,
    pub do_not_contact: Omittable<bool>,
    pub birth_date: Clearable<Date>,
}

impl Example for ClientPatchRequest {
    fn example() -> Self {
        ClientPatchRequest {
            kind: Omittable(None),
            document: Omittable(None),
            name: Omittable(None),
            trade_name: Clearable(MaybeUndefined::Undefined),
            emails: Omittable(None),
            phones: Omittable(Some(vec!["(11) 3333-4444".into()])),
            address: Clearable(MaybeUndefined::Undefined),
            status: Omittable(None),
            notes: Clearable(MaybeUndefined::Value("Prefere contato pela manhã.".into())),
            owner_id: Clearable(MaybeUndefined::Undefined),
            unit_id: Clearable(MaybeUndefined::Undefined),
            tags: Omittable(None),
            do_not_contact: Omittable(None),
            birth_date: Clearable(MaybeUndefined::Undefined),
        }
    }
}

impl From<ClientAddress> for Address {
    fn from(a: ClientAddress) -> Address {
        Address {
            cep: a.cep.0,
            street: a.street.0,
            number: a.number.0,
            complement: a.complement.0,
            district: a.district.0,
            city: a.city.0,
            state: a.state.0,
        }
    }
}

impl From<Address> for ClientAddress {
    fn from(a: Address) -> ClientAddress {
        ClientAddress {
            cep: a.cep.into(),
            street: a.street.into(),
            number: a.number.into(),
            complement: a.complement.into(),
            district: a.district.into(),
            city: a.city.into(),
            state: a.state.into(),
        }
    }
}

impl From<NewClientRequest> for ClientDraft {
    fn from(r: NewClientRequest) -> ClientDraft {
        ClientDraft {
            kind: Text::optional(r.kind),
            document: Text::optional(r.document),
            name: Text::optional(r.name),
            trade_name: Text::optional(r.trade_name),
            emails: Text::list(r.emails),
            phones: Text::list(r.phones),
            address: r.address.map(Address::from),
            status: Text::optional(r.status),
            notes: Text::optional(r.notes),
            owner_id: Text::optional(r.owner_id.0),
            unit_id: Text::optional(r.unit_id.0),
            tags: Text::list(r.tags),
            do_not_contact: r.do_not_contact.0.unwrap_or(false),
            birth_date: r.birth_date.0.map(|d| d.0),
        }
    }
}

impl From<ClientPatchRequest> for ClientPatch {
    fn from(r: ClientPatchRequest) -> ClientPatch {
        ClientPatch {
            kind: Text::optional(r.kind.0),
            document: Text::optional(r.document.0),
            name: Text::optional(r.name.0),
            trade_name: r.trade_name.change().map(Text::optional),
            emails: r.emails.0.map(Text::list),
            phones: r.phones.0.map(Text::list),
            address: r.address.change().map(|a| a.map(Address::from)),
            status: Text::optional(r.status.0),
            notes: r.notes.change().map(Text::optional),
            owner_id: r.owner_id.change().map(Text::optional),
            unit_id: r.unit_id.change().map(Text::optional),
            tags: r.tags.0.map(Text::list),
            do_not_contact: r.do_not_contact.0,
            birth_date: r.birth_date.change().map(|d| d.map(|d| d.0)),
        }
    }
}

platform::mirror_enum!(ClientKind, domain::ClientKind { Person, Company });
platform::mirror_enum!(
    ClientStatus,
    domain::ClientStatus {
        Active,
        Inactive,
        Archived
    }
);

impl From<Client> for ClientView {
    fn from(c: Client) -> ClientView {
        let f = c.fields;
        ClientView {
            id: c.id,
            kind: f.kind.into(),
            document: f.document.as_str().to_string(),
            document_formatted: f.document.formatted(),
            name: f.name,
            trade_name: f.trade_name,
            emails: f
                .emails
                .iter()
                .map(Email::as_str)
                .map(String::from)
                .collect(),
            phones: f
                .phones
                .iter()
                .map(Phone::as_str)
                .map(String::from)
                .collect(),
            address: f.address.map(ClientAddress::from),
            status: f.status.into(),
            notes: f.notes,
            owner_id: f.owner_id,
            owner_name: None,
            unit_id: f.unit_id,
            tags: f.tags,
            do_not_contact: f.do_not_contact,
            birth_date: f.birth_date.map(Date),
            created_at: c.created_at,
            updated_at: c.updated_at,
            created_by: c.created_by,
            updated_by: c.updated_by,
        }
    }
}
