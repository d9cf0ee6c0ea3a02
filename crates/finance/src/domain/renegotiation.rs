//! Renegotiation (finance.md §3.1 "Renegociar"): open installments of one client are replaced by a new título of
//! origin RENEGOCIACAO, and each becomes RENEGOCIADO (final). The new título's total defaults to the sum of their
//! saldos; a different total (juros added, or a discount granted) is allowed and recorded. Plain Rust: the service
//! checks the installments against the database and stores the plan this builds.

use chrono::NaiveDate;
use platform::error::{Result, Violations};

use super::receivable::{
    due_dates, split_total, Installment, Interval, Origin, ReceivableMethod, ReceivablePlan,
    MAX_INSTALLMENTS, MAX_INTERVAL_DAYS, MAX_TOTAL_CENTS,
};

/// At most this many installments renegotiated at once (a client's whole history fits easily).
pub const MAX_RENEGOTIATED: usize = 500;

/// A renegotiation as typed: which installments (each over the version the person saw) and the new plan.
#[derive(Debug, Clone, Default)]
pub struct RenegotiationDraft {
    /// (installment id, version last read).
    pub installments: Vec<(String, i64)>,
    /// None: the sum of the installments' saldos.
    pub total_cents: Option<i64>,
    pub count: Option<i64>,
    pub first_due: Option<NaiveDate>,
    /// Days between due dates; none (or 0) for monthly.
    pub interval_days: Option<i64>,
    /// None: the first renegotiated installment's.
    pub payment_method: Option<String>,
}

/// The draft's own rules (the count, dates and total), each on its field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenegotiationTerms {
    pub total_cents: Option<i64>,
    pub count: u32,
    pub first_due: NaiveDate,
    pub interval: Interval,
    pub payment_method: Option<ReceivableMethod>,
}

impl RenegotiationDraft {
    /// Every broken rule of the draft alone, each on its field (`today`: the first due date is not in the past).
    pub fn validate(&self, today: NaiveDate) -> Result<RenegotiationTerms> {
        let mut v = Violations::new();
        if self.installments.is_empty() {
            v.add(
                "installments",
                "Escolha pelo menos uma parcela para renegociar.",
            );
        } else if self.installments.len() > MAX_RENEGOTIATED {
            v.add(
                "installments",
                format!("Renegocie no máximo {MAX_RENEGOTIATED} parcelas de uma vez."),
            );
        }
        let mut ids: Vec<&str> = self
            .installments
            .iter()
            .map(|(id, _)| id.as_str())
            .collect();
        ids.sort_unstable();
        if ids.windows(2).any(|w| w[0] == w[1]) {
            v.add("installments", "Uma parcela foi escolhida duas vezes.");
        }
        match self.total_cents {
            Some(t) if t <= 0 => v.add("total_cents", "O novo total deve ser maior que zero."),
            Some(t) if t > MAX_TOTAL_CENTS => {
                v.add("total_cents", "Valor acima do limite de R$ 100.000.000,00.")
            }
            _ => {}
        }
        let count = self.count.unwrap_or(1);
        if count < 1 || count > i64::from(MAX_INSTALLMENTS) {
            v.add(
                "count",
                format!("Informe de 1 a {MAX_INSTALLMENTS} parcelas."),
            );
        }
        let interval = self.interval_days.unwrap_or(0);
        if !(0..=i64::from(MAX_INTERVAL_DAYS)).contains(&interval) {
            v.add(
                "interval_days",
                format!("O intervalo deve ser de 0 (mensal) a {MAX_INTERVAL_DAYS} dias."),
            );
        }
        match self.first_due {
            None => v.add("first_due", "Informe o vencimento da primeira parcela."),
            Some(due) if due < today => v.add(
                "first_due",
                "O primeiro vencimento não pode estar no passado.",
            ),
            _ => {}
        }
        let payment_method = match self.payment_method.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => {
                let parsed = ReceivableMethod::parse(text);
                if parsed.is_none() {
                    v.add(
                        "payment_method",
                        "Forma inválida: use BOLETO, PIX, CARTAO_CREDITO, CARTAO_DEBITO, DINHEIRO ou TRANSFERENCIA.",
                    );
                }
                parsed
            }
        };
        v.finish()?;
        Ok(RenegotiationTerms {
            total_cents: self.total_cents,
            count: count as u32,
            first_due: self.first_due.expect("checked above"),
            interval: Interval::of_days(Some(interval as u32)),
            payment_method,
        })
    }
}

impl RenegotiationTerms {
    /// The new título's plan over the installments being replaced (all open, of one client: the service checked),
    /// issued `today`. Its total must still cover at least a centavo per installment.
    pub fn plan(&self, replaced: &[Installment], today: NaiveDate) -> Result<ReceivablePlan> {
        let first = replaced.first().expect("at least one installment");
        let saldo: i64 = replaced.iter().map(Installment::balance_cents).sum();
        let total = self.total_cents.unwrap_or(saldo);
        let mut v = Violations::new();
        if total < i64::from(self.count) {
            v.add("count", "Cada parcela precisa de pelo menos R$ 0,01.");
        }
        v.finish()?;
        Ok(ReceivablePlan {
            client_id: first.client_id.clone(),
            description: format!("Renegociação de {}", labels(replaced)),
            chart_account_id: String::new(),
            origin: Origin::Renegociacao,
            origin_id: Some(first.receivable_id.clone()),
            issue_date: today,
            total_cents: total,
            payment_method: self.payment_method.unwrap_or(first.payment_method),
            bank_account_id: first.bank_account_id.clone(),
            installments: split_total(total, self.count)
                .into_iter()
                .zip(due_dates(self.first_due, self.count, self.interval))
                .collect(),
        })
    }
}

/// "CR-2026-000001 1/3, 2/3; CR-2026-000007 1/1", cut to fit a description.
pub fn labels(installments: &[Installment]) -> String {
    let text = installments
        .iter()
        .map(Installment::label)
        .collect::<Vec<_>>()
        .join(", ");
    if text.chars().count() <= 180 {
        return text;
    }
    let cut: String = text.chars().take(170).collect();
    format!("{cut}… ({} parcelas)", installments.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn draft() -> RenegotiationDraft {
        RenegotiationDraft {
            installments: vec![("a".into(), 1), ("b".into(), 2)],
            total_cents: None,
            count: Some(3),
            first_due: Some(d(2026, 12, 10)),
            interval_days: None,
            payment_method: None,
        }
    }

    #[test]
    fn a_valid_draft_gives_its_terms() {
        let terms = draft().validate(d(2026, 11, 26)).unwrap();
        assert_eq!(terms.count, 3);
        assert_eq!(terms.interval, Interval::Monthly);
        assert_eq!(terms.total_cents, None);
    }

    #[test]
    fn every_broken_rule_names_its_field() {
        let bad = RenegotiationDraft {
            installments: vec![("a".into(), 1), ("a".into(), 1)],
            total_cents: Some(0),
            count: Some(0),
            first_due: Some(d(2026, 1, 1)),
            interval_days: Some(-1),
            payment_method: Some("CHEQUE".into()),
        };
        let err = bad.validate(d(2026, 11, 26)).unwrap_err();
        let text = format!("{err:?}");
        for field in [
            "installments",
            "total_cents",
            "count",
            "first_due",
            "interval_days",
            "payment_method",
        ] {
            assert!(text.contains(field), "{field} missing in {text}");
        }
    }

    #[test]
    fn no_installment_is_refused() {
        let mut empty = draft();
        empty.installments.clear();
        let err = empty.validate(d(2026, 11, 26)).unwrap_err();
        assert!(format!("{err:?}").contains("Escolha pelo menos uma parcela"));
    }
}
