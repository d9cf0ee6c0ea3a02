//! A catalog item: what the company sells (a product, a procedure or a plan), its list price, how it is
//! billed (one-off, or recurring with a cycle and a minimum term), whether it pays commission, the largest
//! discount a sale may give on it, its link to stock (a material or a procedure code) and when its
//! follow-up is released.

use chrono::{DateTime, NaiveDate, Utc};
use platform::error::{Result, Violations};
use platform::text::collapse_spaces;

pub const MAX_NAME: usize = 200;
pub const MAX_CATEGORY: usize = 80;
/// The longest minimum term, in cycles (ten years of monthly charges).
pub const MAX_MIN_TERM: i64 = 120;
/// A list price above this (R$ 10 million) is a typing mistake.
pub const MAX_PRICE: i64 = 1_000_000_000;
/// 100 % in basis points.
pub const FULL_BP: i64 = 10_000;

/// An item's SKU and a procedure's code follow a stock material's SKU rule (uppercase, `[A-Z0-9._-]{1,40}`), so a
/// product's SKU or a procedure code reads the same in both contexts: the one function, from `stock`.
pub use stock::domain::material::parse_sku;

/// What an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CatalogKind {
    /// A physical product (linked to a stock material); never recurring.
    Product,
    /// A procedure performed at a clinic (linked to a procedure code).
    Procedure,
    /// A plan (a subscription); always recurring.
    Plan,
}

impl CatalogKind {
    pub const ALL: [CatalogKind; 3] = [
        CatalogKind::Product,
        CatalogKind::Procedure,
        CatalogKind::Plan,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CatalogKind::Product => "produto",
            CatalogKind::Procedure => "procedimento",
            CatalogKind::Plan => "plano",
        }
    }

    pub fn parse(text: &str) -> Option<CatalogKind> {
        Self::ALL.into_iter().find(|k| k.as_str() == text.trim())
    }
}

/// How often a recurring item is charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cycle {
    Monthly,
    Quarterly,
    Yearly,
}

impl Cycle {
    pub const ALL: [Cycle; 3] = [Cycle::Monthly, Cycle::Quarterly, Cycle::Yearly];

    pub fn as_str(self) -> &'static str {
        match self {
            Cycle::Monthly => "mensal",
            Cycle::Quarterly => "trimestral",
            Cycle::Yearly => "anual",
        }
    }

    pub fn parse(text: &str) -> Option<Cycle> {
        Self::ALL.into_iter().find(|c| c.as_str() == text.trim())
    }
}

/// When the item's follow-up track (separation, scheduling) is released.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReleaseCondition {
    /// Once the first installment is paid.
    FirstInstallment,
    /// Once every installment is paid.
    FullPayment,
}

impl ReleaseCondition {
    pub const ALL: [ReleaseCondition; 2] = [
        ReleaseCondition::FirstInstallment,
        ReleaseCondition::FullPayment,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ReleaseCondition::FirstInstallment => "primeira_parcela",
            ReleaseCondition::FullPayment => "pagamento_total",
        }
    }

    pub fn parse(text: &str) -> Option<ReleaseCondition> {
        Self::ALL.into_iter().find(|c| c.as_str() == text.trim())
    }
}

/// A recurring item's billing: its cycle and the minimum number of cycles a subscriber commits to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recurrence {
    pub cycle: Cycle,
    pub min_term_cycles: i64,
}

/// What a person typed, before validation. Enumerations arrive as text so a wrong value is a 422 naming
/// the field, not a 400.
#[derive(Debug, Clone, Default)]
pub struct CatalogDraft {
    pub sku: Option<String>,
    pub name: Option<String>,
    pub kind: Option<String>,
    pub category: Option<String>,
    /// Centavos.
    pub list_price: Option<i64>,
    pub recurring: Option<bool>,
    pub cycle: Option<String>,
    pub min_term_cycles: Option<i64>,
    pub commissionable: Option<bool>,
    pub max_discount_bp: Option<i64>,
    pub stock_material_id: Option<String>,
    pub procedure_code: Option<String>,
    pub release_condition: Option<String>,
}

/// A valid item's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogFields {
    /// Uppercase, `[A-Z0-9._-]{1,40}`, unique.
    pub sku: String,
    pub name: String,
    pub kind: CatalogKind,
    pub category: Option<String>,
    /// Centavos, never negative.
    pub list_price: i64,
    /// `None`: one-off.
    pub recurrence: Option<Recurrence>,
    pub commissionable: bool,
    /// 0–10 000 (0 %–100 %).
    pub max_discount_bp: i64,
    /// Only for a product.
    pub stock_material_id: Option<String>,
    /// Only for a procedure (the stock context's BOM key, `TOXINA-BOT`).
    pub procedure_code: Option<String>,
    pub release_condition: ReleaseCondition,
}

/// A stored item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogItem {
    pub id: String,
    pub fields: CatalogFields,
    pub active: bool,
    /// Optimistic concurrency: a change names the version it was made over (a stale one is 409).
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub updated_at: DateTime<Utc>,
    pub updated_by: String,
}

fn trimmed(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

impl CatalogDraft {
    /// Checks every field; the error names each offending one.
    pub fn validate(&self) -> Result<CatalogFields> {
        let mut v = Violations::new();
        let sku = match trimmed(&self.sku) {
            None => {
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
        let kind = match trimmed(&self.kind) {
            None => {
                v.add("kind", "Informe o tipo: produto, procedimento ou plano.");
                None
            }
            Some(k) => {
                let kind = CatalogKind::parse(k);
                if kind.is_none() {
                    v.add("kind", "Tipo inválido: use produto, procedimento ou plano.");
                }
                kind
            }
        };
        let category = self
            .category
            .as_deref()
            .map(collapse_spaces)
            .filter(|c| !c.is_empty());
        if category
            .as_ref()
            .is_some_and(|c| c.chars().count() > MAX_CATEGORY)
        {
            v.add(
                "category",
                format!("A categoria pode ter no máximo {MAX_CATEGORY} caracteres."),
            );
        }
        let list_price = match self.list_price {
            None => {
                v.add("list_price", "Informe o preço de tabela.");
                0
            }
            Some(p) if p < 0 => {
                v.add("list_price", "O preço de tabela não pode ser negativo.");
                0
            }
            Some(p) if p > MAX_PRICE => {
                v.add("list_price", "O preço de tabela passa de R$ 10.000.000,00.");
                0
            }
            Some(p) => p,
        };
        // Plans are always recurring, products never; a procedure may be either (a monthly maintenance).
        let recurring = match (kind, self.recurring) {
            (Some(CatalogKind::Plan), Some(false)) => {
                v.add("recurring", "Um plano é sempre recorrente.");
                // Its cycle and term are still checked as a plan's (one message per mistake).
                true
            }
            (Some(CatalogKind::Plan), _) => true,
            (Some(CatalogKind::Product), Some(true)) => {
                v.add(
                    "recurring",
                    "Um produto não é recorrente: é vendido uma vez.",
                );
                false
            }
            (_, r) => r.unwrap_or(false),
        };
        let recurrence = if recurring {
            let cycle = match trimmed(&self.cycle) {
                None => {
                    v.add("cycle", "Informe o ciclo: mensal, trimestral ou anual.");
                    None
                }
                Some(c) => {
                    let cycle = Cycle::parse(c);
                    if cycle.is_none() {
                        v.add("cycle", "Ciclo inválido: use mensal, trimestral ou anual.");
                    }
                    cycle
                }
            };
            let min_term_cycles = self.min_term_cycles.unwrap_or(1);
            if !(1..=MAX_MIN_TERM).contains(&min_term_cycles) {
                v.add(
                    "min_term_cycles",
                    format!("A vigência mínima deve ficar entre 1 e {MAX_MIN_TERM} ciclos."),
                );
            }
            cycle.map(|cycle| Recurrence {
                cycle,
                min_term_cycles,
            })
        } else {
            if trimmed(&self.cycle).is_some() {
                v.add("cycle", "Só itens recorrentes têm ciclo.");
            }
            if self.min_term_cycles.is_some() {
                v.add(
                    "min_term_cycles",
                    "Só itens recorrentes têm vigência mínima.",
                );
            }
            None
        };
        let max_discount_bp = self.max_discount_bp.unwrap_or(0);
        if !(0..=FULL_BP).contains(&max_discount_bp) {
            v.add(
                "max_discount_bp",
                "O desconto máximo deve ficar entre 0% e 100%.",
            );
        }
        let stock_material_id = trimmed(&self.stock_material_id).map(str::to_string);
        if stock_material_id.is_some() && kind.is_some_and(|k| k != CatalogKind::Product) {
            v.add(
                "stock_material_id",
                "Só produtos se ligam a um material do estoque.",
            );
        }
        let procedure_code = match trimmed(&self.procedure_code) {
            None => None,
            Some(_) if kind.is_some_and(|k| k != CatalogKind::Procedure) => {
                v.add(
                    "procedure_code",
                    "Só procedimentos têm código de procedimento.",
                );
                None
            }
            Some(raw) => {
                let code = parse_sku(raw);
                if code.is_none() {
                    v.add(
                        "procedure_code",
                        "Código de procedimento inválido: use até 40 letras, dígitos, ponto, hífen ou sublinhado.",
                    );
                }
                code
            }
        };
        let release_condition = match trimmed(&self.release_condition) {
            None => ReleaseCondition::FirstInstallment,
            Some(r) => ReleaseCondition::parse(r).unwrap_or_else(|| {
                v.add(
                    "release_condition",
                    "Condição de liberação inválida: use primeira_parcela ou pagamento_total.",
                );
                ReleaseCondition::FirstInstallment
            }),
        };
        v.finish()?;
        let Some(kind) = kind else {
            unreachable!("a missing kind added a violation")
        };
        Ok(CatalogFields {
            sku,
            name,
            kind,
            category,
            list_price,
            recurrence,
            commissionable: self.commissionable.unwrap_or(true),
            max_discount_bp,
            stock_material_id,
            procedure_code,
            release_condition,
        })
    }
}

/// A campaign's promotional price for an item, as the CRM states it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoOffer {
    pub campaign_id: String,
    pub campaign_name: String,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    /// Centavos.
    pub price: i64,
}

/// What an item costs on a date: its list price, or a promotional price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EffectivePrice {
    pub date: NaiveDate,
    pub list_price: i64,
    pub price: i64,
    /// The campaign whose price applies, when one does.
    pub campaign: Option<PromoOffer>,
}

/// The price on `date`: the lowest promotional price of the campaigns running that day (start and end days
/// included) when it is below the list price; otherwise the list price. Ties go to the campaign that started
/// first, so the answer does not depend on the order campaigns are read in.
pub fn effective_price(list_price: i64, date: NaiveDate, offers: &[PromoOffer]) -> EffectivePrice {
    let best = offers
        .iter()
        .filter(|o| o.starts_on <= date && date <= o.ends_on && o.price < list_price)
        .min_by(|a, b| {
            (a.price, a.starts_on, &a.campaign_id).cmp(&(b.price, b.starts_on, &b.campaign_id))
        });
    EffectivePrice {
        date,
        list_price,
        price: best.map_or(list_price, |o| o.price),
        campaign: best.cloned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(kind: &str) -> CatalogDraft {
        CatalogDraft {
            sku: Some(" toxina-bot-50u ".into()),
            name: Some(" Toxina   botulínica 50U ".into()),
            kind: Some(kind.into()),
            list_price: Some(120_000),
            ..CatalogDraft::default()
        }
    }

    fn fields_of(d: &CatalogDraft) -> Vec<String> {
        d.validate()
            .unwrap_err()
            .fields
            .into_iter()
            .map(|f| f.field)
            .collect()
    }

    #[test]
    fn a_valid_procedure_is_normalized_with_its_defaults() {
        let d = CatalogDraft {
            procedure_code: Some("toxina-bot".into()),
            category: Some("  Injetáveis ".into()),
            ..draft("procedimento")
        };
        let f = d.validate().unwrap();
        assert_eq!(f.sku, "TOXINA-BOT-50U");
        assert_eq!(f.name, "Toxina botulínica 50U");
        assert_eq!(f.kind, CatalogKind::Procedure);
        assert_eq!(f.category.as_deref(), Some("Injetáveis"));
        assert_eq!(f.procedure_code.as_deref(), Some("TOXINA-BOT"));
        assert_eq!(f.recurrence, None);
        assert!(f.commissionable);
        assert_eq!(f.max_discount_bp, 0);
        assert_eq!(f.release_condition, ReleaseCondition::FirstInstallment);
    }

    #[test]
    fn every_broken_rule_is_named() {
        let d = CatalogDraft {
            sku: Some("com espaço".into()),
            name: Some("  ".into()),
            kind: Some("servico".into()),
            list_price: Some(-1),
            max_discount_bp: Some(10_001),
            release_condition: Some("na_entrega".into()),
            ..CatalogDraft::default()
        };
        assert_eq!(
            fields_of(&d),
            [
                "sku",
                "name",
                "kind",
                "list_price",
                "max_discount_bp",
                "release_condition"
            ]
        );
        assert_eq!(
            fields_of(&CatalogDraft::default()),
            ["sku", "name", "kind", "list_price"]
        );
    }

    #[test]
    fn plans_are_always_recurring_and_products_never() {
        let plan = CatalogDraft {
            cycle: Some("anual".into()),
            min_term_cycles: Some(1),
            ..draft("plano")
        };
        assert_eq!(
            plan.validate().unwrap().recurrence,
            Some(Recurrence {
                cycle: Cycle::Yearly,
                min_term_cycles: 1
            })
        );
        let one_off_plan = CatalogDraft {
            recurring: Some(false),
            ..plan.clone()
        };
        assert_eq!(fields_of(&one_off_plan), ["recurring"]);
        let plan_without_cycle = CatalogDraft {
            cycle: None,
            ..plan
        };
        assert_eq!(fields_of(&plan_without_cycle), ["cycle"]);
        let recurring_product = CatalogDraft {
            recurring: Some(true),
            cycle: Some("mensal".into()),
            ..draft("produto")
        };
        assert_eq!(fields_of(&recurring_product), ["recurring", "cycle"]);
        let term = CatalogDraft {
            recurring: Some(true),
            cycle: Some("mensal".into()),
            min_term_cycles: Some(0),
            ..draft("procedimento")
        };
        assert_eq!(fields_of(&term), ["min_term_cycles"]);
    }

    #[test]
    fn links_match_the_kind() {
        let product = CatalogDraft {
            procedure_code: Some("LIMPEZA-PELE".into()),
            ..draft("produto")
        };
        assert_eq!(fields_of(&product), ["procedure_code"]);
        let procedure = CatalogDraft {
            stock_material_id: Some("0190-abc".into()),
            ..draft("procedimento")
        };
        assert_eq!(fields_of(&procedure), ["stock_material_id"]);
        let product = CatalogDraft {
            stock_material_id: Some(" 0190-abc ".into()),
            ..draft("produto")
        };
        assert_eq!(
            product.validate().unwrap().stock_material_id.as_deref(),
            Some("0190-abc")
        );
    }

    #[test]
    fn discount_bounds_are_inclusive() {
        for bp in [0, 10_000] {
            let d = CatalogDraft {
                max_discount_bp: Some(bp),
                ..draft("procedimento")
            };
            assert_eq!(d.validate().unwrap().max_discount_bp, bp);
        }
        let d = CatalogDraft {
            max_discount_bp: Some(-1),
            ..draft("procedimento")
        };
        assert_eq!(fields_of(&d), ["max_discount_bp"]);
    }

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn offer(id: &str, from: &str, to: &str, price: i64) -> PromoOffer {
        PromoOffer {
            campaign_id: id.into(),
            campaign_name: format!("Campanha {id}"),
            starts_on: day(from),
            ends_on: day(to),
            price,
        }
    }

    #[test]
    fn a_campaign_price_applies_only_inside_its_window() {
        let offers = [offer("bf", "2026-11-20", "2026-11-30", 99_000)];
        for (date, price) in [
            ("2026-11-19", 120_000),
            ("2026-11-20", 99_000),
            ("2026-11-30", 99_000),
            ("2026-12-01", 120_000),
        ] {
            let p = effective_price(120_000, day(date), &offers);
            assert_eq!(p.price, price, "{date}");
            assert_eq!(p.campaign.is_some(), price == 99_000, "{date}");
            assert_eq!(p.list_price, 120_000);
        }
    }

    #[test]
    fn the_lowest_running_price_wins_and_never_above_the_list_price() {
        let offers = [
            offer("a", "2026-11-01", "2026-11-30", 110_000),
            offer("b", "2026-11-15", "2026-11-30", 95_000),
            offer("c", "2026-11-01", "2026-11-30", 130_000),
        ];
        let p = effective_price(120_000, day("2026-11-20"), &offers);
        assert_eq!(
            (p.price, p.campaign.unwrap().campaign_id.as_str()),
            (95_000, "b")
        );
        let p = effective_price(120_000, day("2026-11-10"), &offers);
        assert_eq!(
            (p.price, p.campaign.unwrap().campaign_id.as_str()),
            (110_000, "a")
        );
        let only_dearer = [offer("c", "2026-11-01", "2026-11-30", 130_000)];
        let p = effective_price(120_000, day("2026-11-10"), &only_dearer);
        assert_eq!((p.price, p.campaign), (120_000, None));
    }
}
