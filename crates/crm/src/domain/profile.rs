//! The CRM profile of a salesperson (1:1 with an identity user of a sales role): how they appear, their unit,
//! employment (CLT, or PJ with the company they invoice from), discount limit and dates.

use banking::document::validate_cnpj;
use chrono::{DateTime, NaiveDate, Utc};
use platform::error::{Result, Violations};
use platform::text::collapse_spaces;
use platform::values::Phone;

pub const MAX_PROFILE_NAME: usize = 120;
/// 100 %: a limit is a share of the list price.
pub const MAX_DISCOUNT_BP: i64 = 10_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Employment {
    Clt,
    Pj,
}

impl Employment {
    pub fn as_str(self) -> &'static str {
        match self {
            Employment::Clt => "clt",
            Employment::Pj => "pj",
        }
    }

    pub fn parse(s: &str) -> Option<Employment> {
        [Employment::Clt, Employment::Pj]
            .into_iter()
            .find(|e| e.as_str() == s)
    }
}

/// The PJ's company: the CNPJ the commission NF must come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PjCompany {
    pub cnpj: String,
    pub legal_name: String,
    pub municipality: String,
}

/// A profile's fields, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileFields {
    pub display_name: String,
    pub whatsapp: Option<Phone>,
    pub unit_id: Option<String>,
    pub employment: Employment,
    pub company: Option<PjCompany>,
    pub discount_limit_bp: i64,
    pub active: bool,
    pub hired_on: Option<NaiveDate>,
    pub left_on: Option<NaiveDate>,
}

/// A stored profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub user_id: String,
    pub fields: ProfileFields,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A profile as typed, before validation.
#[derive(Debug, Clone, Default)]
pub struct ProfileDraft {
    pub display_name: String,
    pub whatsapp: Option<String>,
    pub unit_id: Option<String>,
    pub employment: String,
    pub cnpj: Option<String>,
    pub legal_name: Option<String>,
    pub municipality: Option<String>,
    pub discount_limit_bp: i64,
    pub active: bool,
    pub hired_on: Option<NaiveDate>,
    pub left_on: Option<NaiveDate>,
}

fn filled(text: Option<String>) -> Option<String> {
    text.map(|t| collapse_spaces(&t)).filter(|t| !t.is_empty())
}

impl ProfileDraft {
    /// The draft of a stored profile (to apply changes to and validate again).
    pub fn of(p: &ProfileFields) -> ProfileDraft {
        ProfileDraft {
            display_name: p.display_name.clone(),
            whatsapp: p.whatsapp.as_ref().map(|w| w.as_str().to_string()),
            unit_id: p.unit_id.clone(),
            employment: p.employment.as_str().into(),
            cnpj: p.company.as_ref().map(|c| c.cnpj.clone()),
            legal_name: p.company.as_ref().map(|c| c.legal_name.clone()),
            municipality: p.company.as_ref().map(|c| c.municipality.clone()),
            discount_limit_bp: p.discount_limit_bp,
            active: p.active,
            hired_on: p.hired_on,
            left_on: p.left_on,
        }
    }

    pub fn validate(self) -> Result<ProfileFields> {
        let mut v = Violations::new();
        let display_name = collapse_spaces(&self.display_name);
        if display_name.is_empty() || display_name.chars().count() > MAX_PROFILE_NAME {
            v.add(
                "display_name",
                format!("Informe o nome de exibição (até {MAX_PROFILE_NAME} caracteres)."),
            );
        }
        let whatsapp = match filled(self.whatsapp) {
            None => None,
            Some(w) => match Phone::parse(&w) {
                Ok(p) => Some(p),
                Err(m) => {
                    v.add("whatsapp", format!("WhatsApp: {m}"));
                    None
                }
            },
        };
        let employment = Employment::parse(self.employment.trim());
        if employment.is_none() {
            v.add("employment", "Vínculo inválido: use clt ou pj.");
        }
        let company = if employment == Some(Employment::Pj) {
            let cnpj = match filled(self.cnpj) {
                None => {
                    v.add("cnpj", "Informe o CNPJ da empresa do vendedor PJ.");
                    None
                }
                Some(c) => match validate_cnpj(&c) {
                    Ok(c) => Some(c.as_str().to_string()),
                    Err(_) => {
                        v.add("cnpj", "CNPJ inválido: confira os dígitos verificadores.");
                        None
                    }
                },
            };
            let legal_name = filled(self.legal_name);
            if legal_name.is_none() {
                v.add(
                    "legal_name",
                    "Informe a razão social da empresa do vendedor PJ.",
                );
            }
            let municipality = filled(self.municipality);
            if municipality.is_none() {
                v.add(
                    "municipality",
                    "Informe o município da empresa (onde a NF é emitida).",
                );
            }
            match (cnpj, legal_name, municipality) {
                (Some(cnpj), Some(legal_name), Some(municipality)) => Some(PjCompany {
                    cnpj,
                    legal_name,
                    municipality,
                }),
                _ => None,
            }
        } else {
            None
        };
        if !(0..=MAX_DISCOUNT_BP).contains(&self.discount_limit_bp) {
            v.add(
                "discount_limit_bp",
                "O limite de desconto vai de 0 a 10.000 pontos-base (100 %).",
            );
        }
        if let (Some(hired), Some(left)) = (self.hired_on, self.left_on) {
            if left < hired {
                v.add("left_on", "A data de saída não pode ser antes da admissão.");
            }
        }
        v.finish()?;
        Ok(ProfileFields {
            display_name,
            whatsapp,
            unit_id: filled(self.unit_id),
            employment: employment.expect("checked"),
            company,
            discount_limit_bp: self.discount_limit_bp,
            active: self.active,
            hired_on: self.hired_on,
            left_on: self.left_on,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> ProfileDraft {
        ProfileDraft {
            display_name: " Ana  Souza ".into(),
            whatsapp: Some("(11) 98765-4321".into()),
            employment: "pj".into(),
            cnpj: Some("11.222.333/0001-81".into()),
            legal_name: Some("Ana Souza Vendas ME".into()),
            municipality: Some("São Paulo".into()),
            discount_limit_bp: 500,
            active: true,
            ..ProfileDraft::default()
        }
    }

    #[test]
    fn a_pj_needs_its_company_and_a_clt_has_none() {
        let p = draft().validate().unwrap();
        assert_eq!(p.display_name, "Ana Souza");
        assert_eq!(p.company.as_ref().unwrap().cnpj, "11222333000181");
        let clt = ProfileDraft {
            employment: "clt".into(),
            ..draft()
        }
        .validate()
        .unwrap();
        assert_eq!(clt.company, None);
        let err = ProfileDraft {
            cnpj: Some("11.222.333/0001-82".into()),
            legal_name: None,
            municipality: Some(" ".into()),
            discount_limit_bp: 10_001,
            ..draft()
        }
        .validate()
        .unwrap_err();
        let fields: Vec<_> = err.fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(
            fields,
            ["cnpj", "legal_name", "municipality", "discount_limit_bp"]
        );
    }
}
