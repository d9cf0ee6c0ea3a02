//! An item: a name and an amount in centavos.

use chrono::{DateTime, Utc};
use platform::error::{Result, Violations};
use platform::text::collapse_spaces;

pub const MAX_NAME: usize = 120;

/// What a person typed, before validation.
#[derive(Debug, Clone, Default)]
pub struct ItemDraft {
    pub name: Option<String>,
    pub amount: Option<i64>,
}

/// A valid item's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemFields {
    pub name: String,
    /// Centavos, never negative.
    pub amount: i64,
}

/// A stored item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub id: String,
    pub fields: ItemFields,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

impl ItemDraft {
    /// Checks every field; the error names each offending one.
    pub fn validate(&self) -> Result<ItemFields> {
        let mut v = Violations::new();
        let name = collapse_spaces(self.name.as_deref().unwrap_or(""));
        if name.is_empty() {
            v.add("name", "Informe o nome.");
        } else if name.chars().count() > MAX_NAME {
            v.add("name", format!("O nome pode ter no máximo {MAX_NAME} caracteres."));
        }
        let amount = self.amount.unwrap_or(0);
        if amount < 0 {
            v.add("amount", "O valor não pode ser negativo.");
        }
        v.finish()?;
        Ok(ItemFields { name, amount })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_broken_rule_is_named() {
        let draft = ItemDraft {
            name: Some("  ".into()),
            amount: Some(-1),
        };
        let fields: Vec<String> = draft
            .validate()
            .unwrap_err()
            .fields
            .into_iter()
            .map(|f| f.field)
            .collect();
        assert_eq!(fields, ["name", "amount"]);
    }

    #[test]
    fn a_valid_item_is_normalized() {
        let draft = ItemDraft {
            name: Some(" Caixa   de luvas ".into()),
            amount: Some(1_234_56),
        };
        assert_eq!(
            draft.validate().unwrap(),
            ItemFields {
                name: "Caixa de luvas".into(),
                amount: 123_456
            }
        );
    }
}
