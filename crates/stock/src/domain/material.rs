//! A material: SKU, name, kind, category, base unit, lot and expiry tracking, GTIN, NCM; its unit conversions.

use chrono::{DateTime, Utc};
use platform::error::Result;
use platform::text::collapse_spaces;
use platform::Violations;

pub const MAX_NAME: usize = 200;

/// What a material is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaterialKind {
    /// Consumed in procedures.
    Material,
    /// Sold.
    Product,
    Both,
}

impl MaterialKind {
    pub const ALL: [MaterialKind; 3] = [
        MaterialKind::Material,
        MaterialKind::Product,
        MaterialKind::Both,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            MaterialKind::Material => "MATERIAL",
            MaterialKind::Product => "PRODUCT",
            MaterialKind::Both => "BOTH",
        }
    }

    pub fn parse(s: &str) -> Option<MaterialKind> {
        MaterialKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// What a person typed, before validation.
#[derive(Debug, Clone, Default)]
pub struct MaterialDraft {
    pub sku: Option<String>,
    pub name: Option<String>,
    pub kind: Option<MaterialKind>,
    pub category_id: Option<String>,
    pub base_uom: Option<String>,
    pub tracks_lot: Option<bool>,
    pub tracks_expiry: Option<bool>,
    pub expiry_alert_days: Option<i64>,
    pub gtin: Option<String>,
    pub ncm: Option<String>,
    pub lead_time_days: Option<i64>,
    pub min_order_qty_milli: Option<i64>,
    pub active: Option<bool>,
}

/// A valid material's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaterialFields {
    /// Uppercase, `[A-Z0-9._-]{1,40}`.
    pub sku: String,
    pub name: String,
    pub kind: MaterialKind,
    pub category_id: Option<String>,
    /// Uppercase letters, 1–6 (`UN`, `ML`, `CX`).
    pub base_uom: String,
    pub tracks_lot: bool,
    /// Implies `tracks_lot`.
    pub tracks_expiry: bool,
    pub expiry_alert_days: i64,
    pub gtin: Option<String>,
    pub ncm: Option<String>,
    pub lead_time_days: i64,
    pub min_order_qty_milli: i64,
    pub active: bool,
}

/// A stored material.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Material {
    pub id: String,
    pub fields: MaterialFields,
    /// Weighted average cost, millionths of a real per base unit (read-only).
    pub avg_cost_micro: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

/// `luva-p` → `LUVA-P`; `None` when it breaks the SKU rule.
pub fn parse_sku(input: &str) -> Option<String> {
    let sku = input.trim().to_uppercase();
    let ok = (1..=40).contains(&sku.len())
        && sku
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || matches!(c, '.' | '_' | '-'));
    ok.then_some(sku)
}

/// A unit of measure: 1–6 letters, uppercase.
pub fn parse_uom(input: &str) -> Option<String> {
    let uom = input.trim().to_uppercase();
    let ok = (1..=6).contains(&uom.len()) && uom.chars().all(|c| c.is_ascii_uppercase());
    ok.then_some(uom)
}

/// GTIN-8, -12, -13 or -14 whose last digit is the GS1 mod-10 check digit of the others.
pub fn gtin_is_valid(gtin: &str) -> bool {
    if !matches!(gtin.len(), 8 | 12 | 13 | 14) || !gtin.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let digits: Vec<u32> = gtin.bytes().map(|b| u32::from(b - b'0')).collect();
    let (body, check) = digits.split_at(digits.len() - 1);
    let sum: u32 = body
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| if i % 2 == 0 { d * 3 } else { *d })
        .sum();
    (10 - sum % 10) % 10 == check[0]
}

impl MaterialDraft {
    /// Checks every field; the error names each offending one.
    pub fn validate(&self) -> Result<MaterialFields> {
        let mut v = Violations::new();
        let sku = match self.sku.as_deref().map(str::trim) {
            None | Some("") => {
                v.add("sku", "Informe o SKU.");
                String::new()
            }
            Some(raw) => parse_sku(raw).unwrap_or_else(|| {
                v.add(
                    "sku",
                    "SKU inválido: use até 40 letras, dígitos, ponto, hífen ou sublinhado.",
                );
                String::new()
            }),
        };
        let name = collapse_spaces(self.name.as_deref().unwrap_or(""));
        if name.is_empty() {
            v.add("name", "Informe o nome.");
        } else if name.chars().count() > MAX_NAME {
            v.add(
                "name",
                format!("O nome pode ter no máximo {MAX_NAME} caracteres."),
            );
        }
        let base_uom = match self.base_uom.as_deref().map(str::trim) {
            None | Some("") => {
                v.add("base_uom", "Informe a unidade base.");
                String::new()
            }
            Some(raw) => parse_uom(raw).unwrap_or_else(|| {
                v.add(
                    "base_uom",
                    "Unidade inválida: use de 1 a 6 letras (UN, ML, CX).",
                );
                String::new()
            }),
        };
        let tracks_expiry = self.tracks_expiry.unwrap_or(false);
        let tracks_lot = self.tracks_lot.unwrap_or(false) || tracks_expiry;
        let expiry_alert_days = self.expiry_alert_days.unwrap_or(60);
        if !(0..=3650).contains(&expiry_alert_days) {
            v.add(
                "expiry_alert_days",
                "O alerta de validade deve ficar entre 0 e 3650 dias.",
            );
        }
        let gtin = self
            .gtin
            .as_deref()
            .map(str::trim)
            .filter(|g| !g.is_empty());
        if let Some(g) = gtin {
            if !gtin_is_valid(g) {
                v.add(
                    "gtin",
                    "GTIN inválido: use 8, 12, 13 ou 14 dígitos com o dígito verificador correto.",
                );
            }
        }
        let ncm = self
            .ncm
            .as_deref()
            .map(|n| n.trim().replace('.', ""))
            .filter(|n| !n.is_empty());
        if let Some(n) = &ncm {
            if n.len() != 8 || !n.bytes().all(|b| b.is_ascii_digit()) {
                v.add("ncm", "NCM inválido: use 8 dígitos.");
            }
        }
        let lead_time_days = self.lead_time_days.unwrap_or(0);
        if !(0..=365).contains(&lead_time_days) {
            v.add(
                "lead_time_days",
                "O prazo de entrega deve ficar entre 0 e 365 dias.",
            );
        }
        let min_order_qty_milli = self.min_order_qty_milli.unwrap_or(0);
        if min_order_qty_milli < 0 {
            v.add(
                "min_order_qty_milli",
                "A quantidade mínima de compra não pode ser negativa.",
            );
        }
        v.finish()?;
        Ok(MaterialFields {
            sku,
            name,
            kind: self.kind.unwrap_or(MaterialKind::Material),
            category_id: self.category_id.clone().filter(|c| !c.trim().is_empty()),
            base_uom,
            tracks_lot,
            tracks_expiry,
            expiry_alert_days,
            gtin: gtin.map(str::to_string),
            ncm,
            lead_time_days,
            min_order_qty_milli,
            active: self.active.unwrap_or(true),
        })
    }
}

/// What a conversion is used for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UomPurpose {
    Purchase,
    Dispense,
    Both,
}

impl UomPurpose {
    pub const ALL: [UomPurpose; 3] = [UomPurpose::Purchase, UomPurpose::Dispense, UomPurpose::Both];

    pub fn as_str(self) -> &'static str {
        match self {
            UomPurpose::Purchase => "PURCHASE",
            UomPurpose::Dispense => "DISPENSE",
            UomPurpose::Both => "BOTH",
        }
    }

    pub fn parse(s: &str) -> Option<UomPurpose> {
        UomPurpose::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// A unit conversion: 1 `uom` = `factor_num / factor_den` base units, exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uom {
    pub uom: String,
    pub factor_num: i64,
    pub factor_den: i64,
    pub purpose: UomPurpose,
}

#[derive(Debug, Clone, Default)]
pub struct UomDraft {
    pub uom: Option<String>,
    pub factor_num: Option<i64>,
    pub factor_den: Option<i64>,
    pub purpose: Option<UomPurpose>,
}

impl Uom {
    /// `qty` of this unit in thousandths of the base unit, when exact.
    pub fn to_base_milli(&self, qty: i64) -> Option<i64> {
        let n = i128::from(qty) * i128::from(self.factor_num) * 1000;
        let d = i128::from(self.factor_den);
        (n % d == 0).then(|| i64::try_from(n / d).ok()).flatten()
    }
}

impl UomDraft {
    pub fn validate(&self, base_uom: &str) -> Result<Uom> {
        let mut v = Violations::new();
        let uom = match self.uom.as_deref().and_then(parse_uom) {
            Some(u) if u == base_uom => {
                v.add("uom", "A unidade base não precisa de conversão.");
                u
            }
            Some(u) => u,
            None => {
                v.add("uom", "Unidade inválida: use de 1 a 6 letras (UN, ML, CX).");
                String::new()
            }
        };
        let num = self.factor_num.unwrap_or(0);
        let den = self.factor_den.unwrap_or(1);
        if !(1..=1_000_000_000).contains(&num) {
            v.add(
                "factor_num",
                "O numerador deve ser um inteiro entre 1 e 1.000.000.000.",
            );
        }
        if !(1..=1_000_000_000).contains(&den) {
            v.add(
                "factor_den",
                "O denominador deve ser um inteiro entre 1 e 1.000.000.000.",
            );
        } else if (i128::from(num) * 1000) % i128::from(den) != 0 {
            v.add(
                "factor_den",
                "A conversão não resulta em um número inteiro de milésimos da unidade base.",
            );
        }
        v.finish()?;
        Ok(Uom {
            uom,
            factor_num: num,
            factor_den: den,
            purpose: self.purpose.unwrap_or(UomPurpose::Both),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(draft: MaterialDraft) -> Vec<String> {
        draft
            .validate()
            .unwrap_err()
            .fields
            .into_iter()
            .map(|f| f.field)
            .collect()
    }

    #[test]
    fn sku_is_uppercased_and_checked() {
        assert_eq!(parse_sku(" luva-p "), Some("LUVA-P".into()));
        assert_eq!(parse_sku("a.b_c-1"), Some("A.B_C-1".into()));
        assert_eq!(parse_sku("luva p"), None);
        assert_eq!(parse_sku("ç"), None);
        assert_eq!(parse_sku(&"A".repeat(41)), None);
    }

    #[test]
    fn gtin_check_digit() {
        assert!(gtin_is_valid("7891000315507"));
        assert!(gtin_is_valid("96385074"));
        assert!(!gtin_is_valid("7891000315508"));
        assert!(!gtin_is_valid("789100031550"));
        assert!(!gtin_is_valid("78910003155a7"));
    }

    #[test]
    fn every_broken_rule_is_named() {
        let draft = MaterialDraft {
            sku: Some("luva p".into()),
            name: Some(" ".into()),
            base_uom: Some("1".into()),
            gtin: Some("7891000315508".into()),
            ncm: Some("1234".into()),
            ..Default::default()
        };
        assert_eq!(fields(draft), ["sku", "name", "base_uom", "gtin", "ncm"]);
    }

    #[test]
    fn expiry_implies_lots() {
        let draft = MaterialDraft {
            sku: Some("seringa-5".into()),
            name: Some("Seringa 5 ml".into()),
            base_uom: Some("un".into()),
            tracks_expiry: Some(true),
            ncm: Some("9018.31.11".into()),
            ..Default::default()
        };
        let f = draft.validate().unwrap();
        assert!(f.tracks_lot && f.tracks_expiry);
        assert_eq!((f.sku.as_str(), f.base_uom.as_str()), ("SERINGA-5", "UN"));
        assert_eq!(f.ncm.as_deref(), Some("90183111"));
    }

    #[test]
    fn conversions_are_exact_thousandths() {
        let cx = UomDraft {
            uom: Some("cx".into()),
            factor_num: Some(100),
            factor_den: Some(1),
            purpose: None,
        }
        .validate("UN")
        .unwrap();
        assert_eq!(cx.to_base_milli(2), Some(200_000));
        let third = UomDraft {
            uom: Some("GT".into()),
            factor_num: Some(1),
            factor_den: Some(3),
            purpose: None,
        };
        let err = third.validate("ML").unwrap_err();
        assert_eq!(err.fields[0].field, "factor_den");
        let base = UomDraft {
            uom: Some("un".into()),
            factor_num: Some(1),
            factor_den: Some(1),
            purpose: None,
        };
        assert_eq!(base.validate("UN").unwrap_err().fields[0].field, "uom");
    }
}
