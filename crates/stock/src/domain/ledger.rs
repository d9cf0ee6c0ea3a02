//! The ledger's rules: movement kinds and their ends, valuation (weighted average cost, values in centavos),
//! FEFO lot picking, expired lots, and the balance deltas a row makes (the projection is their sum).

use chrono::NaiveDate;

use super::location::LocationKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MovementKind {
    PurchaseIn,
    MiscIn,
    ProcedureConsumption,
    DispatchOut,
    DispatchIn,
    DispatchResolution,
    CountAdjustment,
    ManualAdjustment,
    LossExpiry,
    LossDamage,
    SaleOut,
    ReturnToSupplier,
    Reversal,
}

impl MovementKind {
    pub const ALL: [MovementKind; 13] = [
        MovementKind::PurchaseIn,
        MovementKind::MiscIn,
        MovementKind::ProcedureConsumption,
        MovementKind::DispatchOut,
        MovementKind::DispatchIn,
        MovementKind::DispatchResolution,
        MovementKind::CountAdjustment,
        MovementKind::ManualAdjustment,
        MovementKind::LossExpiry,
        MovementKind::LossDamage,
        MovementKind::SaleOut,
        MovementKind::ReturnToSupplier,
        MovementKind::Reversal,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            MovementKind::PurchaseIn => "PURCHASE_IN",
            MovementKind::MiscIn => "MISC_IN",
            MovementKind::ProcedureConsumption => "PROCEDURE_CONSUMPTION",
            MovementKind::DispatchOut => "DISPATCH_OUT",
            MovementKind::DispatchIn => "DISPATCH_IN",
            MovementKind::DispatchResolution => "DISPATCH_RESOLUTION",
            MovementKind::CountAdjustment => "COUNT_ADJUSTMENT",
            MovementKind::ManualAdjustment => "MANUAL_ADJUSTMENT",
            MovementKind::LossExpiry => "LOSS_EXPIRY",
            MovementKind::LossDamage => "LOSS_DAMAGE",
            MovementKind::SaleOut => "SALE_OUT",
            MovementKind::ReturnToSupplier => "RETURN_TO_SUPPLIER",
            MovementKind::Reversal => "REVERSAL",
        }
    }

    pub fn parse(s: &str) -> Option<MovementKind> {
        MovementKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Entries that change the weighted average cost (a costed MISC_IN too).
    pub fn is_costed_entry(self) -> bool {
        matches!(self, MovementKind::PurchaseIn | MovementKind::MiscIn)
    }
}

/// A manual movement as asked (entrada avulsa, perda, ajuste), before its ends are resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMovement {
    pub kind: MovementKind,
    pub material_id: String,
    pub location_id: String,
    /// Positive; for a manual adjustment, the sign says in (+) or out (−).
    pub qty_milli: i64,
    pub lot_code: Option<String>,
    pub expiry_date: Option<NaiveDate>,
    /// For an entry: its unit cost (changes the average); otherwise valued at the average.
    pub unit_cost_micro: Option<i64>,
    pub reason: Option<String>,
    pub idempotency_key: Option<String>,
}

/// The virtual end a manual movement (or a consumption, a sale) of this kind uses at a physical location, and whether stock comes in.
pub fn manual_ends(kind: MovementKind, qty_milli: i64) -> Option<(LocationKind, bool)> {
    match kind {
        MovementKind::MiscIn | MovementKind::PurchaseIn => Some((LocationKind::Supplier, true)),
        MovementKind::LossExpiry | MovementKind::LossDamage => Some((LocationKind::Loss, false)),
        MovementKind::ManualAdjustment => Some((LocationKind::Adjustment, qty_milli > 0)),
        MovementKind::ProcedureConsumption => Some((LocationKind::Consumption, false)),
        MovementKind::SaleOut => Some((LocationKind::Customer, false)),
        _ => None,
    }
}

/// Round `n / d` half to even (d > 0).
pub fn div_half_even(n: i128, d: i128) -> i128 {
    let q = n.div_euclid(d);
    let r = n.rem_euclid(d);
    match (2 * r).cmp(&d) {
        std::cmp::Ordering::Less => q,
        std::cmp::Ordering::Greater => q + 1,
        std::cmp::Ordering::Equal => q + (q & 1),
    }
}

/// A line's value in centavos: `qty_milli/1000` units × `unit_cost_micro/10⁶` reais, half-even to the centavo.
pub fn value_cents(qty_milli: i64, unit_cost_micro: i64) -> i64 {
    let v = div_half_even(
        i128::from(qty_milli) * i128::from(unit_cost_micro),
        10_000_000,
    );
    i64::try_from(v).unwrap_or(if v > 0 { i64::MAX } else { i64::MIN })
}

/// The weighted average after an entry: `(Q·A + q·c) / (Q + q)`, `Q` being what is on hand in every physical
/// location and in transit before the entry; when `Q ≤ 0` the new average is `c`. In `i128`, half-even.
pub fn weighted_average(on_hand_milli: i64, avg_micro: i64, in_milli: i64, cost_micro: i64) -> i64 {
    if on_hand_milli <= 0 {
        return cost_micro;
    }
    let n = i128::from(on_hand_milli) * i128::from(avg_micro)
        + i128::from(in_milli) * i128::from(cost_micro);
    let d = i128::from(on_hand_milli) + i128::from(in_milli);
    if d <= 0 {
        return cost_micro;
    }
    i64::try_from(div_half_even(n, d)).unwrap_or(cost_micro)
}

/// A lot with stock at a location, for picking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LotStock {
    pub lot_id: String,
    pub expiry_date: Option<NaiveDate>,
    pub qty_milli: i64,
}

/// Whether a lot is expired on `today` (it is usable through its expiry date).
pub fn is_expired(expiry: Option<NaiveDate>, today: NaiveDate) -> bool {
    expiry.is_some_and(|e| e < today)
}

/// Picks `qty_milli` first-expiry-first-out from `lots`: expired lots only when `allow_expired` (a loss by
/// expiry), lots without a date last, ties by lot id. Returns the picks and what is still missing.
pub fn fefo_pick(
    lots: &[LotStock],
    qty_milli: i64,
    today: NaiveDate,
    allow_expired: bool,
) -> (Vec<(String, i64)>, i64) {
    let mut usable: Vec<&LotStock> = lots
        .iter()
        .filter(|l| l.qty_milli > 0 && (allow_expired || !is_expired(l.expiry_date, today)))
        .collect();
    usable.sort_by(|a, b| {
        (a.expiry_date.is_none(), a.expiry_date, &a.lot_id).cmp(&(
            b.expiry_date.is_none(),
            b.expiry_date,
            &b.lot_id,
        ))
    });
    let mut left = qty_milli;
    let mut picks = Vec::new();
    for lot in usable {
        if left == 0 {
            break;
        }
        let take = lot.qty_milli.min(left);
        picks.push((lot.lot_id.clone(), take));
        left -= take;
    }
    (picks, left)
}

/// The balance deltas one ledger row makes: `-qty` at its origin, `+qty` at its destination.
pub fn deltas<'a>(from: &'a str, to: &'a str, qty_milli: i64) -> [(&'a str, i64); 2] {
    [(from, -qty_milli), (to, qty_milli)]
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::*;

    use super::*;

    #[test]
    fn values_round_half_even_to_the_centavo() {
        // 100 UN at R$ 2,00 = R$ 200,00.
        assert_eq!(value_cents(100_000, 2_000_000), 20_000);
        // 1 thousandth at R$ 0,005 = 0,000005 → 0; 1 UN at R$ 0,005 = 0,5 centavo → 0 (even), 0,015 → 2.
        assert_eq!(value_cents(1_000, 5_000), 0);
        assert_eq!(value_cents(1_000, 15_000), 2);
        assert_eq!(value_cents(1_000, 25_000), 2);
        assert_eq!(div_half_even(-5, 10), 0);
        assert_eq!(div_half_even(-15, 10), -2);
    }

    #[test]
    fn weighted_average_per_the_formula() {
        // Scenario 11: 100 UN at R$ 2,00, then 50 UN at R$ 2,60 → R$ 2,20.
        assert_eq!(
            weighted_average(100_000, 2_000_000, 50_000, 2_600_000),
            2_200_000
        );
        assert_eq!(weighted_average(0, 9_999, 1_000, 1_000_000), 1_000_000);
        assert_eq!(weighted_average(-5_000, 9_999, 1_000, 1_000_000), 1_000_000);
        // Quantities of a million units and costs of a million reais stay exact in i128.
        assert_eq!(
            weighted_average(
                1_000_000_000,
                1_000_000_000_000,
                1_000_000_000,
                1_000_000_000_000
            ),
            1_000_000_000_000
        );
    }

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn fefo_takes_the_first_expiry_and_skips_expired_lots() {
        let lots = vec![
            LotStock {
                lot_id: "L3".into(),
                expiry_date: None,
                qty_milli: 10_000,
            },
            LotStock {
                lot_id: "L2".into(),
                expiry_date: Some(d("2027-03-01")),
                qty_milli: 5_000,
            },
            LotStock {
                lot_id: "L1".into(),
                expiry_date: Some(d("2026-12-01")),
                qty_milli: 3_000,
            },
            LotStock {
                lot_id: "L0".into(),
                expiry_date: Some(d("2026-11-01")),
                qty_milli: 7_000,
            },
        ];
        let today = d("2026-11-27");
        let (picks, left) = fefo_pick(&lots, 9_000, today, false);
        assert_eq!(
            picks,
            vec![
                ("L1".to_string(), 3_000),
                ("L2".to_string(), 5_000),
                ("L3".to_string(), 1_000)
            ]
        );
        assert_eq!(left, 0);
        let (picks, left) = fefo_pick(&lots, 8_000, today, true);
        assert_eq!(
            picks,
            vec![("L0".to_string(), 7_000), ("L1".to_string(), 1_000)]
        );
        assert_eq!(left, 0);
        let (_, left) = fefo_pick(&lots, 30_000, today, false);
        assert_eq!(left, 12_000);
        assert!(!is_expired(Some(today), today));
        assert!(is_expired(Some(d("2026-11-26")), today));
    }

    #[derive(Debug, Clone)]
    enum Step {
        Move { from: usize, to: usize, qty: i64 },
        Reverse(usize),
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            (0usize..4, 0usize..4, 1i64..1_000_000).prop_map(|(from, to, qty)| Step::Move {
                from,
                to,
                qty
            }),
            (0usize..50).prop_map(Step::Reverse),
        ]
    }

    proptest! {
        /// For any sequence of movements and reversals (each row reversed at most once), the projection kept
        /// row by row equals the ledger's sum per location, and the ledger sums to zero overall.
        #[test]
        fn projection_equals_the_ledger_sum(steps in proptest::collection::vec(step(), 0..80)) {
            let locs = ["A", "B", "C", "D"];
            let mut ledger: Vec<(usize, usize, i64, Option<usize>)> = Vec::new();
            let mut reversed = std::collections::BTreeSet::new();
            let mut projection: BTreeMap<&str, i64> = BTreeMap::new();
            for s in steps {
                let row = match s {
                    Step::Move { from, to, qty } if from != to => (from, to, qty, None),
                    Step::Move { .. } => continue,
                    Step::Reverse(i) => {
                        let Some(&(from, to, qty, reverses)) = ledger.get(i) else { continue };
                        if reverses.is_some() || !reversed.insert(i) { continue; }
                        (to, from, qty, Some(i))
                    }
                };
                for (loc, delta) in deltas(locs[row.0], locs[row.1], row.2) {
                    *projection.entry(loc).or_default() += delta;
                }
                ledger.push(row);
            }
            let mut sum: BTreeMap<&str, i64> = BTreeMap::new();
            for &(from, to, qty, _) in &ledger {
                *sum.entry(locs[to]).or_default() += qty;
                *sum.entry(locs[from]).or_default() -= qty;
            }
            prop_assert_eq!(&projection, &sum);
            prop_assert_eq!(projection.values().sum::<i64>(), 0);
            let reversals = ledger.iter().filter_map(|r| r.3).collect::<Vec<_>>();
            let unique: std::collections::BTreeSet<_> = reversals.iter().collect();
            prop_assert_eq!(unique.len(), reversals.len());
        }
    }
}
