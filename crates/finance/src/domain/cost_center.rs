//! Cost centres (centros de custo) and the rateio that splits a document among them.

use banking::pdf::format_brl;
use platform::error::{Error, Result, Violations};
use platform::text::collapse_spaces;

pub const MAX_CODE: usize = 20;
pub const MAX_NAME: usize = 120;

/// What a person typed for a cost centre, before validation.
#[derive(Debug, Clone, Default)]
pub struct CostCenterDraft {
    pub code: Option<String>,
    pub name: Option<String>,
}

/// A valid cost centre's fields: its code in upper case (`ADM`, `CLI-01`), its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostCenterFields {
    pub code: String,
    pub name: String,
}

/// A stored cost centre.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostCenter {
    pub id: String,
    pub fields: CostCenterFields,
    pub active: bool,
    pub version: i64,
}

impl CostCenterDraft {
    pub fn validate(&self) -> Result<CostCenterFields> {
        let mut v = Violations::new();
        let code = self.code.as_deref().unwrap_or("").trim().to_uppercase();
        if code.is_empty() {
            v.add("code", "Informe o código do centro de custo.");
        } else if code.chars().count() > MAX_CODE {
            v.add(
                "code",
                format!("O código pode ter no máximo {MAX_CODE} caracteres."),
            );
        } else if !code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'))
        {
            v.add(
                "code",
                "Use letras sem acento, números, hífen, ponto ou sublinhado no código.",
            );
        }
        let name = collapse_spaces(self.name.as_deref().unwrap_or(""));
        if name.is_empty() {
            v.add("name", "Informe o nome do centro de custo.");
        } else if name.chars().count() > MAX_NAME {
            v.add(
                "name",
                format!("O nome pode ter no máximo {MAX_NAME} caracteres."),
            );
        }
        v.finish()?;
        Ok(CostCenterFields { code, name })
    }
}

/// One cost centre's share of a document: a percentage in hundredths of a percent (basis points: 3333 = 33,33 %)
/// or an amount in centavos.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Share {
    Percent(u32),
    Amount(i64),
}

/// Splits `total` centavos by `shares`, summing exactly: percentages must add up to 100 %, amounts to the total;
/// the centavos rounding leaves go to the largest share (the first of equal ones). Returns one amount per share.
pub fn split(total: i64, shares: &[Share]) -> Result<Vec<i64>> {
    if shares.is_empty() {
        return Err(Error::invalid_field(
            "rateio",
            "Informe ao menos um centro de custo no rateio.",
        ));
    }
    if total < 0 {
        return Err(Error::invalid_field(
            "rateio",
            "O valor a ratear não pode ser negativo.",
        ));
    }
    let percents: Option<Vec<u32>> = shares
        .iter()
        .map(|s| {
            if let Share::Percent(p) = s {
                Some(*p)
            } else {
                None
            }
        })
        .collect();
    let amounts: Option<Vec<i64>> = shares
        .iter()
        .map(|s| {
            if let Share::Amount(a) = s {
                Some(*a)
            } else {
                None
            }
        })
        .collect();
    match (percents, amounts) {
        (Some(percents), _) => split_by_percent(total, &percents),
        (_, Some(amounts)) => {
            if amounts.iter().any(|a| *a < 0) {
                return Err(Error::invalid_field(
                    "rateio",
                    "Um valor do rateio não pode ser negativo.",
                ));
            }
            let sum: i64 = amounts.iter().sum();
            if sum != total {
                return Err(Error::invalid_field(
                    "rateio",
                    format!(
                        "Os valores do rateio somam {} e o documento vale {}.",
                        format_brl(sum),
                        format_brl(total)
                    ),
                ));
            }
            Ok(amounts)
        }
        _ => Err(Error::invalid_field(
            "rateio",
            "Use só percentuais ou só valores no rateio.",
        )),
    }
}

fn split_by_percent(total: i64, percents: &[u32]) -> Result<Vec<i64>> {
    let sum: u64 = percents.iter().map(|p| u64::from(*p)).sum();
    if sum != 10_000 {
        return Err(Error::invalid_field(
            "rateio",
            format!(
                "Os percentuais do rateio somam {},{:02} %; devem somar 100 %.",
                sum / 100,
                sum % 100
            ),
        ));
    }
    // Integer arithmetic throughout: i128 so that no total overflows before the division.
    let mut parts: Vec<i64> = percents
        .iter()
        .map(|p| ((i128::from(total) * i128::from(*p)) / 10_000) as i64)
        .collect();
    let left = total - parts.iter().sum::<i64>();
    let largest = percents
        .iter()
        .enumerate()
        .max_by(|(i, a), (j, b)| a.cmp(b).then(j.cmp(i)))
        .map(|(i, _)| i)
        .unwrap_or(0);
    parts[largest] += left;
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_code_is_upper_case_and_plain() {
        let fields = CostCenterDraft {
            code: Some(" cli-01 ".into()),
            name: Some(" Clínica  Centro ".into()),
        }
        .validate()
        .unwrap();
        assert_eq!(
            (fields.code.as_str(), fields.name.as_str()),
            ("CLI-01", "Clínica Centro")
        );
        let error = CostCenterDraft {
            code: Some("São Paulo".into()),
            name: None,
        }
        .validate()
        .unwrap_err();
        let fields: Vec<String> = error.fields.into_iter().map(|f| f.field).collect();
        assert_eq!(fields, ["code", "name"]);
    }

    #[test]
    fn percentages_split_exactly_with_the_odd_centavos_on_the_largest_share() {
        let thirds = [
            Share::Percent(3333),
            Share::Percent(3334),
            Share::Percent(3333),
        ];
        assert_eq!(split(10_000, &thirds).unwrap(), [3333, 3334, 3333]);
        assert_eq!(split(100, &thirds).unwrap(), [33, 34, 33]);
        let halves = [Share::Percent(5000), Share::Percent(5000)];
        assert_eq!(
            split(101, &halves).unwrap(),
            [51, 50],
            "equal shares: the first takes the centavo"
        );
        assert!(split(100, &[Share::Percent(5000)]).unwrap_err().fields[0]
            .message
            .contains("50,00 %"));
    }

    #[test]
    fn amounts_must_add_up_to_the_document() {
        assert_eq!(
            split(1_000, &[Share::Amount(600), Share::Amount(400)]).unwrap(),
            [600, 400]
        );
        let error = split(123_456, &[Share::Amount(100_000)]).unwrap_err();
        assert!(
            error.fields[0].message.contains("R$ 1.000,00")
                && error.fields[0].message.contains("R$ 1.234,56")
        );
        assert!(split(10, &[Share::Amount(10), Share::Percent(0)]).is_err());
        assert!(split(10, &[]).is_err());
    }

    proptest! {
        #[test]
        fn a_split_always_sums_to_the_total(total in 0i64..10_000_000_000, cuts in proptest::collection::vec(1u32..10_000, 1..6)) {
            // Percentages that add up to 100 %: the cuts scaled, the rest on the first.
            let sum: u32 = cuts.iter().sum();
            let mut percents: Vec<u32> = cuts.iter().map(|c| c * 10_000 / sum).collect();
            let rest = 10_000 - percents.iter().sum::<u32>();
            percents[0] += rest;
            let shares: Vec<Share> = percents.iter().map(|p| Share::Percent(*p)).collect();
            let parts = split(total, &shares).unwrap();
            prop_assert_eq!(parts.iter().sum::<i64>(), total);
            prop_assert!(parts.iter().all(|p| *p >= 0));
        }
    }
}
