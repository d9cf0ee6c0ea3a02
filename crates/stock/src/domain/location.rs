//! Locations (the physical ones and the virtual ends that close the ledger), categories and stock policies.

use chrono::{DateTime, Utc};
use platform::error::Result;
use platform::text::collapse_spaces;
use platform::Violations;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocationKind {
    Central,
    Clinic,
    InTransit,
    Supplier,
    Consumption,
    Customer,
    Loss,
    Adjustment,
}

impl LocationKind {
    pub const ALL: [LocationKind; 8] = [
        LocationKind::Central,
        LocationKind::Clinic,
        LocationKind::InTransit,
        LocationKind::Supplier,
        LocationKind::Consumption,
        LocationKind::Customer,
        LocationKind::Loss,
        LocationKind::Adjustment,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            LocationKind::Central => "CENTRAL",
            LocationKind::Clinic => "CLINIC",
            LocationKind::InTransit => "IN_TRANSIT",
            LocationKind::Supplier => "SUPPLIER",
            LocationKind::Consumption => "CONSUMPTION",
            LocationKind::Customer => "CUSTOMER",
            LocationKind::Loss => "LOSS",
            LocationKind::Adjustment => "ADJUSTMENT",
        }
    }

    pub fn parse(s: &str) -> Option<LocationKind> {
        LocationKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Central, clinics and in transit hold stock; the others only close the ledger.
    pub fn is_physical(self) -> bool {
        matches!(
            self,
            LocationKind::Central | LocationKind::Clinic | LocationKind::InTransit
        )
    }

    /// The virtual ends and in-transit exist once, created by the migration with this id.
    pub fn singleton_id(self) -> Option<&'static str> {
        match self {
            LocationKind::InTransit => Some("loc-in-transit"),
            LocationKind::Supplier => Some("loc-supplier"),
            LocationKind::Consumption => Some("loc-consumption"),
            LocationKind::Customer => Some("loc-customer"),
            LocationKind::Loss => Some("loc-loss"),
            LocationKind::Adjustment => Some("loc-adjustment"),
            LocationKind::Central | LocationKind::Clinic => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub id: String,
    pub code: String,
    pub name: String,
    pub kind: LocationKind,
    pub unit_id: Option<String>,
    pub active: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default)]
pub struct LocationDraft {
    pub code: Option<String>,
    pub name: Option<String>,
    pub kind: Option<LocationKind>,
    pub unit_id: Option<String>,
}

/// A valid new location: a central warehouse or a clinic (the others exist once, from the migration).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocationFields {
    pub code: String,
    pub name: String,
    pub kind: LocationKind,
    pub unit_id: Option<String>,
}

impl LocationDraft {
    pub fn validate(&self) -> Result<LocationFields> {
        let mut v = Violations::new();
        let code = self.code.as_deref().unwrap_or("").trim().to_uppercase();
        if code.is_empty()
            || code.len() > 20
            || !code
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            v.add(
                "code",
                "Código inválido: use até 20 letras, dígitos, hífen ou sublinhado.",
            );
        }
        let name = collapse_spaces(self.name.as_deref().unwrap_or(""));
        if name.is_empty() || name.chars().count() > 120 {
            v.add("name", "Informe o nome (até 120 caracteres).");
        }
        let kind = match self.kind {
            Some(k @ (LocationKind::Central | LocationKind::Clinic)) => k,
            _ => {
                v.add("kind", "Informe o tipo: CENTRAL ou CLINIC.");
                LocationKind::Clinic
            }
        };
        let unit_id = self.unit_id.clone().filter(|u| !u.trim().is_empty());
        if kind == LocationKind::Clinic && unit_id.is_none() {
            v.add("unit_id", "Informe a unidade da clínica.");
        }
        v.finish()?;
        Ok(LocationFields {
            code,
            name,
            kind,
            unit_id,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    pub id: String,
    pub name: String,
    pub parent_id: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default)]
pub struct CategoryDraft {
    pub name: Option<String>,
    pub parent_id: Option<String>,
}

impl CategoryDraft {
    pub fn validate(&self) -> Result<(String, Option<String>)> {
        let name = collapse_spaces(self.name.as_deref().unwrap_or(""));
        if name.is_empty() || name.chars().count() > 120 {
            return Err(platform::Error::invalid_field(
                "name",
                "Informe o nome (até 120 caracteres).",
            ));
        }
        Ok((
            name,
            self.parent_id.clone().filter(|p| !p.trim().is_empty()),
        ))
    }
}

/// Planning of one material at one location: `0 ≤ min ≤ reorder point ≤ max`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    pub material_id: String,
    pub location_id: String,
    pub min_qty_milli: i64,
    pub reorder_point_milli: i64,
    pub max_qty_milli: i64,
}

#[derive(Debug, Clone, Default)]
pub struct PolicyDraft {
    pub min_qty_milli: Option<i64>,
    pub reorder_point_milli: Option<i64>,
    pub max_qty_milli: Option<i64>,
}

impl PolicyDraft {
    /// `(min, reorder point, max)`, or the error naming the field out of order.
    pub fn validate(&self) -> Result<(i64, i64, i64)> {
        let mut v = Violations::new();
        let min = self.min_qty_milli.unwrap_or(0);
        let rp = self.reorder_point_milli.unwrap_or(min);
        let max = self.max_qty_milli.unwrap_or(rp);
        if min < 0 {
            v.add("min_qty_milli", "O estoque mínimo não pode ser negativo.");
        }
        if rp < min {
            v.add(
                "reorder_point_milli",
                "O ponto de pedido não pode ser menor que o estoque mínimo.",
            );
        }
        if max < rp {
            v.add(
                "max_qty_milli",
                "O estoque máximo não pode ser menor que o ponto de pedido.",
            );
        }
        v.finish()?;
        Ok((min, rp, max))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_order_is_enforced_naming_the_field() {
        let ok = PolicyDraft {
            min_qty_milli: Some(10),
            reorder_point_milli: Some(20),
            max_qty_milli: Some(20),
        };
        assert_eq!(ok.validate().unwrap(), (10, 20, 20));
        let bad = PolicyDraft {
            min_qty_milli: Some(10),
            reorder_point_milli: Some(5),
            max_qty_milli: Some(100),
        };
        assert_eq!(
            bad.validate().unwrap_err().fields[0].field,
            "reorder_point_milli"
        );
        let bad = PolicyDraft {
            min_qty_milli: Some(0),
            reorder_point_milli: Some(50),
            max_qty_milli: Some(40),
        };
        assert_eq!(bad.validate().unwrap_err().fields[0].field, "max_qty_milli");
        let bad = PolicyDraft {
            min_qty_milli: Some(-1),
            ..Default::default()
        };
        assert_eq!(bad.validate().unwrap_err().fields[0].field, "min_qty_milli");
    }

    #[test]
    fn only_central_and_clinics_are_created_and_a_clinic_has_a_unit() {
        let clinic = LocationDraft {
            code: Some("cli-sul".into()),
            name: Some("Clínica Sul".into()),
            kind: Some(LocationKind::Clinic),
            unit_id: None,
        };
        assert_eq!(clinic.validate().unwrap_err().fields[0].field, "unit_id");
        let loss = LocationDraft {
            kind: Some(LocationKind::Loss),
            ..clinic.clone()
        };
        assert!(loss.validate().is_err());
        for k in LocationKind::ALL {
            assert_eq!(LocationKind::parse(k.as_str()), Some(k));
        }
    }
}
