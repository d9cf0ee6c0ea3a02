//! The shapes of `/api/v1/crm/users*`: the salespeople's CRM profiles.

use chrono::{DateTime, Utc};
use platform::api::{Date, Omittable, Text};
use poem_openapi::types::Example;
use poem_openapi::Object;

use super::team_dto::PersonDto;
use crate::domain::payout::{Payout, PayoutDraft};
use crate::service::ProfileView;

/// A salesperson's CRM profile. `cnpj`, `legal_name` and `municipality` are the PJ's company.
#[derive(Object)]
#[oai(rename = "CrmUser", skip_serializing_if_is_none)]
pub struct ProfileDto {
    pub user_id: String,
    pub display_name: String,
    pub email: String,
    /// The identity role (`SALESPERSON`, `SALES_MANAGER`).
    pub role: Option<String>,
    /// Digits with DDD.
    pub whatsapp: Option<String>,
    pub unit_id: Option<String>,
    /// `clt` or `pj`.
    pub employment: String,
    pub cnpj: Option<String>,
    pub legal_name: Option<String>,
    pub municipality: Option<String>,
    /// The largest discount without approval, in basis points (500 = 5 %).
    pub discount_limit_bp: i64,
    pub active: bool,
    pub hired_on: Option<Date>,
    pub left_on: Option<Date>,
    /// The teams the salesperson is in today.
    pub teams: Vec<PersonDto>,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

impl From<ProfileView> for ProfileDto {
    fn from(v: ProfileView) -> ProfileDto {
        let f = v.profile.fields;
        let company = f.company;
        ProfileDto {
            user_id: v.profile.user_id,
            display_name: f.display_name,
            email: v.email,
            role: v.role.map(|r| r.as_str().to_string()),
            whatsapp: f.whatsapp.map(|w| w.as_str().to_string()),
            unit_id: f.unit_id,
            employment: f.employment.as_str().into(),
            cnpj: company.as_ref().map(|c| c.cnpj.clone()),
            legal_name: company.as_ref().map(|c| c.legal_name.clone()),
            municipality: company.map(|c| c.municipality),
            discount_limit_bp: f.discount_limit_bp,
            active: f.active,
            hired_on: f.hired_on.map(Into::into),
            left_on: f.left_on.map(Into::into),
            teams: v
                .teams
                .into_iter()
                .map(|(uid, name)| PersonDto { uid, name })
                .collect(),
            version: v.profile.version,
            updated_at: v.profile.updated_at,
        }
    }
}

/// A new CRM profile for an identity user of a sales role.
#[derive(Object)]
#[oai(example)]
pub struct NewProfileRequest {
    #[oai(validator(max_length = 100))]
    pub user_id: String,
    #[oai(validator(max_length = 1000))]
    pub display_name: Text,
    #[oai(validator(max_length = 40))]
    pub whatsapp: Omittable<String>,
    #[oai(validator(max_length = 100))]
    pub unit_id: Omittable<String>,
    /// `clt` or `pj`.
    #[oai(validator(max_length = 10))]
    pub employment: String,
    #[oai(validator(max_length = 40))]
    pub cnpj: Omittable<String>,
    #[oai(validator(max_length = 1000))]
    pub legal_name: Omittable<String>,
    #[oai(validator(max_length = 1000))]
    pub municipality: Omittable<String>,
    /// Default 0.
    pub discount_limit_bp: Omittable<i64>,
    pub hired_on: Omittable<Date>,
}

impl Example for NewProfileRequest {
    fn example() -> Self {
        NewProfileRequest {
            user_id: "uid-do-vendedor".into(),
            display_name: Text("Ana Souza".into()),
            whatsapp: Omittable(Some("(11) 98765-4321".into())),
            unit_id: Omittable(None),
            employment: "clt".into(),
            cnpj: Omittable(None),
            legal_name: Omittable(None),
            municipality: Omittable(None),
            discount_limit_bp: Omittable(Some(500)),
            hired_on: Omittable(None),
        }
    }
}

/// Changes to a profile; absent fields stay.
#[derive(Object)]
pub struct ProfilePatchRequest {
    #[oai(validator(max_length = 1000))]
    pub display_name: Omittable<Text>,
    #[oai(validator(max_length = 40))]
    pub whatsapp: Omittable<String>,
    #[oai(validator(max_length = 100))]
    pub unit_id: Omittable<String>,
    #[oai(validator(max_length = 10))]
    pub employment: Omittable<String>,
    #[oai(validator(max_length = 40))]
    pub cnpj: Omittable<String>,
    #[oai(validator(max_length = 1000))]
    pub legal_name: Omittable<String>,
    #[oai(validator(max_length = 1000))]
    pub municipality: Omittable<String>,
    pub discount_limit_bp: Omittable<i64>,
    pub active: Omittable<bool>,
    pub hired_on: Omittable<Date>,
    pub left_on: Omittable<Date>,
}

/// Where the salesperson's commissions are paid: `method` `pix` (`pix_key_type`, `pix_key` as the PIX directory
/// holds it) or `conta` (`bank` COMPE code, `agency`, `account`, `account_digit`, `account_type`). Absent
/// `method`: not informed yet.
#[derive(Object, Default)]
#[oai(skip_serializing_if_is_none)]
pub struct PayoutDto {
    pub method: Option<String>,
    pub pix_key_type: Option<String>,
    pub pix_key: Option<String>,
    pub bank: Option<String>,
    pub agency: Option<String>,
    pub account: Option<String>,
    pub account_digit: Option<String>,
    /// `corrente` or `poupanca`.
    pub account_type: Option<String>,
}

impl From<Option<Payout>> for PayoutDto {
    fn from(p: Option<Payout>) -> PayoutDto {
        match p {
            None => PayoutDto::default(),
            Some(Payout::Pix(k)) => PayoutDto {
                method: Some("pix".into()),
                pix_key_type: Some(k.key_type.as_str().into()),
                pix_key: Some(k.key),
                ..PayoutDto::default()
            },
            Some(Payout::Account(a)) => PayoutDto {
                method: Some("conta".into()),
                bank: Some(a.bank),
                agency: Some(a.agency),
                account: Some(a.account),
                account_digit: Some(a.account_digit),
                account_type: Some(a.kind.as_str().into()),
                ..PayoutDto::default()
            },
        }
    }
}

/// The payout to keep (`method` `pix` or `conta` with its fields), or `method` left out to clear it.
#[derive(Object)]
pub struct PayoutRequest {
    #[oai(validator(max_length = 10))]
    pub method: Omittable<Text>,
    #[oai(validator(max_length = 20))]
    pub pix_key_type: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub pix_key: Omittable<Text>,
    #[oai(validator(max_length = 10))]
    pub bank: Omittable<Text>,
    #[oai(validator(max_length = 20))]
    pub agency: Omittable<Text>,
    #[oai(validator(max_length = 30))]
    pub account: Omittable<Text>,
    #[oai(validator(max_length = 5))]
    pub account_digit: Omittable<Text>,
    #[oai(validator(max_length = 20))]
    pub account_type: Omittable<Text>,
}

impl PayoutRequest {
    pub fn draft(self) -> Option<PayoutDraft> {
        let t = |o: Omittable<Text>| o.0.map(|t| t.0);
        let method = t(self.method)?;
        Some(PayoutDraft {
            method,
            pix_key_type: t(self.pix_key_type),
            pix_key: t(self.pix_key),
            bank: t(self.bank),
            agency: t(self.agency),
            account: t(self.account),
            account_digit: t(self.account_digit),
            account_type: t(self.account_type),
        })
    }
}
