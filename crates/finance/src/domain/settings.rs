//! The finance parameters (`finance.md` §0): the approval authority (alçada) — up to which amount a financial
//! assistant or an administrator approves; above it only a financial manager or a super administrator does.

use platform::error::{Result, Violations};

/// R$ 5.000,00, the brief's default.
pub const DEFAULT_APPROVAL_LIMIT: i64 = 500_000;
/// R$ 100.000.000,00: anything above is a typo, not a policy.
pub const MAX_APPROVAL_LIMIT: i64 = 10_000_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FinanceSettings {
    /// Centavos.
    pub approval_limit: i64,
    pub version: i64,
}

impl Default for FinanceSettings {
    fn default() -> Self {
        FinanceSettings {
            approval_limit: DEFAULT_APPROVAL_LIMIT,
            version: 0,
        }
    }
}

/// Checks a new approval limit (centavos).
pub fn valid_approval_limit(cents: i64) -> Result<i64> {
    let mut v = Violations::new();
    if cents <= 0 {
        v.add("approval_limit_cents", "A alçada deve ser maior que zero.");
    } else if cents > MAX_APPROVAL_LIMIT {
        v.add(
            "approval_limit_cents",
            "A alçada pode ser no máximo R$ 100.000.000,00.",
        );
    }
    v.finish()?;
    Ok(cents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_positive_and_plausible() {
        assert_eq!(FinanceSettings::default().approval_limit, 500_000);
        assert_eq!(valid_approval_limit(1_000_000).unwrap(), 1_000_000);
        assert_eq!(
            valid_approval_limit(0).unwrap_err().fields[0].field,
            "approval_limit_cents"
        );
        assert!(valid_approval_limit(MAX_APPROVAL_LIMIT + 1).is_err());
    }
}
