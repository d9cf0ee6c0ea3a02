//! Campaigns: a named period (Black Friday, a season) that marketing links belong to, with goals and the
//! promotional prices it offers. Catalog items are plain ids for now (the catalog arrives with sales).

use chrono::NaiveDate;
use platform::error::{Result, Violations};

pub const NAME_MAX: usize = 120;
/// A campaign lists at most this many promotional prices.
pub const PRICES_MAX: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CampaignKind {
    BlackFriday,
    Seasonal,
    Other,
}

impl CampaignKind {
    pub const ALL: [CampaignKind; 3] = [
        CampaignKind::BlackFriday,
        CampaignKind::Seasonal,
        CampaignKind::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CampaignKind::BlackFriday => "black_friday",
            CampaignKind::Seasonal => "sazonal",
            CampaignKind::Other => "outra",
        }
    }

    pub fn parse(text: &str) -> Option<CampaignKind> {
        Self::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// One promotional price: a catalog item and its price in centavos.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PromoPrice {
    pub catalog_item_id: String,
    pub price: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignFields {
    pub name: String,
    pub kind: CampaignKind,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    /// Revenue goal in centavos.
    pub goal_value: Option<i64>,
    /// Goal in number of sales.
    pub goal_count: Option<i64>,
    pub promo_prices: Vec<PromoPrice>,
}

impl CampaignFields {
    /// Whether `day` falls within the campaign.
    pub fn is_running(&self, day: NaiveDate) -> bool {
        self.starts_on <= day && day <= self.ends_on
    }
}

/// A campaign as typed: every field checked by [`CampaignDraft::validate`].
#[derive(Debug, Clone, Default)]
pub struct CampaignDraft {
    pub name: String,
    pub kind: String,
    pub starts_on: String,
    pub ends_on: String,
    pub goal_value: Option<i64>,
    pub goal_count: Option<i64>,
    pub promo_prices: Vec<PromoPrice>,
}

impl CampaignDraft {
    pub fn validate(self) -> Result<CampaignFields> {
        let mut problems = Violations::new();
        let name = self.name.trim().to_string();
        if name.is_empty() {
            problems.add("name", "Informe o nome da campanha.");
        } else if name.chars().count() > NAME_MAX {
            problems.add(
                "name",
                format!("O nome tem no máximo {NAME_MAX} caracteres."),
            );
        }
        let kind = CampaignKind::parse(self.kind.trim());
        if kind.is_none() {
            problems.add("kind", "Tipo inválido: use black_friday, sazonal ou outra.");
        }
        let mut date =
            |field: &str, text: &str| match NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d") {
                Ok(d) => Some(d),
                Err(_) => {
                    problems.add(field, "Data inválida: use AAAA-MM-DD.");
                    None
                }
            };
        let starts_on = date("starts_on", &self.starts_on);
        let ends_on = date("ends_on", &self.ends_on);
        if let (Some(s), Some(e)) = (starts_on, ends_on) {
            if e < s {
                problems.add("ends_on", "O fim da campanha não pode ser antes do início.");
            }
        }
        if self.goal_value.is_some_and(|v| v < 0) {
            problems.add("goal_value", "A meta de valor não pode ser negativa.");
        }
        if self.goal_count.is_some_and(|v| v < 0) {
            problems.add("goal_count", "A meta de quantidade não pode ser negativa.");
        }
        if self.promo_prices.len() > PRICES_MAX {
            problems.add(
                "promo_prices",
                format!("No máximo {PRICES_MAX} preços promocionais."),
            );
        }
        let mut prices = Vec::new();
        for (i, p) in self.promo_prices.into_iter().enumerate() {
            let item = p.catalog_item_id.trim().to_string();
            if item.is_empty() || item.len() > 100 {
                problems.add(
                    format!("promo_prices[{i}].catalog_item_id"),
                    "Informe o item do catálogo.",
                );
            } else if prices
                .iter()
                .any(|q: &PromoPrice| q.catalog_item_id == item)
            {
                problems.add(
                    format!("promo_prices[{i}].catalog_item_id"),
                    "Este item já tem preço promocional nesta campanha.",
                );
            }
            if p.price <= 0 {
                problems.add(
                    format!("promo_prices[{i}].price"),
                    "O preço promocional precisa ser maior que zero.",
                );
            }
            prices.push(PromoPrice {
                catalog_item_id: item,
                price: p.price,
            });
        }
        problems.finish()?;
        match (kind, starts_on, ends_on) {
            (Some(kind), Some(starts_on), Some(ends_on)) => Ok(CampaignFields {
                name,
                kind,
                starts_on,
                ends_on,
                goal_value: self.goal_value,
                goal_count: self.goal_count,
                promo_prices: prices,
            }),
            _ => unreachable!("every missing part added a violation"),
        }
    }
}

/// A stored campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Campaign {
    pub id: String,
    pub fields: CampaignFields,
    pub version: i32,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
    pub created_by: String,
    pub updated_by: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_campaign_ends_after_it_starts_and_prices_are_positive() {
        let err = CampaignDraft {
            name: "Black Friday".into(),
            kind: "black_friday".into(),
            starts_on: "2026-11-30".into(),
            ends_on: "2026-11-20".into(),
            promo_prices: vec![PromoPrice {
                catalog_item_id: "SKU-1".into(),
                price: 0,
            }],
            ..CampaignDraft::default()
        }
        .validate()
        .unwrap_err();
        let fields: Vec<&str> = err.fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(fields, ["ends_on", "promo_prices[0].price"]);
    }
}
