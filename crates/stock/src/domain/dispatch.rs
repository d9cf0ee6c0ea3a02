//! Dispatches (despachos) from the central warehouse to one clinic: their states (§4) and the rules on
//! quantities — approval never above what was asked, receipts judged against what was shipped, a shortfall left
//! in transit until resolved.

/// A dispatch's state (§4, "Dispatch").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DispatchStatus {
    Rascunho,
    Solicitado,
    Aprovado,
    Rejeitado,
    EmSeparacao,
    Enviado,
    Recebido,
    RecebidoComDivergencia,
    Encerrado,
    Cancelado,
}

impl DispatchStatus {
    pub const ALL: [DispatchStatus; 10] = [
        DispatchStatus::Rascunho,
        DispatchStatus::Solicitado,
        DispatchStatus::Aprovado,
        DispatchStatus::Rejeitado,
        DispatchStatus::EmSeparacao,
        DispatchStatus::Enviado,
        DispatchStatus::Recebido,
        DispatchStatus::RecebidoComDivergencia,
        DispatchStatus::Encerrado,
        DispatchStatus::Cancelado,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DispatchStatus::Rascunho => "RASCUNHO",
            DispatchStatus::Solicitado => "SOLICITADO",
            DispatchStatus::Aprovado => "APROVADO",
            DispatchStatus::Rejeitado => "REJEITADO",
            DispatchStatus::EmSeparacao => "EM_SEPARACAO",
            DispatchStatus::Enviado => "ENVIADO",
            DispatchStatus::Recebido => "RECEBIDO",
            DispatchStatus::RecebidoComDivergencia => "RECEBIDO_COM_DIVERGENCIA",
            DispatchStatus::Encerrado => "ENCERRADO",
            DispatchStatus::Cancelado => "CANCELADO",
        }
    }

    pub fn parse(s: &str) -> Option<DispatchStatus> {
        DispatchStatus::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The label people read.
    pub fn label(self) -> &'static str {
        match self {
            DispatchStatus::Rascunho => "Rascunho",
            DispatchStatus::Solicitado => "Solicitado",
            DispatchStatus::Aprovado => "Aprovado",
            DispatchStatus::Rejeitado => "Rejeitado",
            DispatchStatus::EmSeparacao => "Em separação",
            DispatchStatus::Enviado => "Enviado",
            DispatchStatus::Recebido => "Recebido",
            DispatchStatus::RecebidoComDivergencia => "Recebido com divergência",
            DispatchStatus::Encerrado => "Encerrado",
            DispatchStatus::Cancelado => "Cancelado",
        }
    }
}

/// An event of the state table and the states it leaves from and goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DispatchEvent {
    /// A draft's lines and notes changed by its author.
    Edit,
    Submit,
    Approve,
    Reject,
    StartPicking,
    Pick,
    Ship,
    Receive,
    Resolve,
    Cancel,
}

impl DispatchEvent {
    /// The states the event may leave from.
    pub fn from(self) -> &'static [DispatchStatus] {
        use DispatchStatus::*;
        match self {
            DispatchEvent::Edit | DispatchEvent::Submit => &[Rascunho],
            DispatchEvent::Approve | DispatchEvent::Reject => &[Solicitado],
            DispatchEvent::StartPicking => &[Aprovado],
            DispatchEvent::Pick => &[Aprovado, EmSeparacao],
            DispatchEvent::Ship => &[EmSeparacao],
            DispatchEvent::Receive => &[Enviado],
            DispatchEvent::Resolve => &[RecebidoComDivergencia],
            DispatchEvent::Cancel => &[Rascunho, Solicitado, Aprovado, EmSeparacao],
        }
    }

    /// The message when the dispatch is in another state (409).
    pub fn refused(self, status: DispatchStatus) -> String {
        let what = match self {
            DispatchEvent::Edit => "editado",
            DispatchEvent::Submit => "enviado para aprovação",
            DispatchEvent::Approve => "aprovado",
            DispatchEvent::Reject => "rejeitado",
            DispatchEvent::StartPicking | DispatchEvent::Pick => "separado",
            DispatchEvent::Ship => "enviado",
            DispatchEvent::Receive => "recebido",
            DispatchEvent::Resolve => "ter divergências resolvidas",
            DispatchEvent::Cancel => "cancelado",
        };
        format!(
            "Este despacho está {} e não pode ser {what}. Recarregue a página.",
            status.label().to_lowercase()
        )
    }
}

/// Who may cancel a dispatch in its state (§4): a draft or a request its requester; an approved dispatch or one
/// being picked (nothing shipped yet) its approver or a stock manager.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Canceller {
    Requester,
    ApproverOrManager,
}

impl DispatchStatus {
    /// Who may cancel from this state (`None`: it cannot be cancelled).
    pub fn canceller(self) -> Option<Canceller> {
        match self {
            DispatchStatus::Rascunho | DispatchStatus::Solicitado => Some(Canceller::Requester),
            DispatchStatus::Aprovado | DispatchStatus::EmSeparacao => {
                Some(Canceller::ApproverOrManager)
            }
            _ => None,
        }
    }
}

/// A short pick: less than approved for a line, which needs a reason; more is never picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickFit {
    Full,
    Short,
    Over,
}

pub fn pick_fit(approved: i64, picked: i64) -> PickFit {
    match picked.cmp(&approved) {
        std::cmp::Ordering::Equal => PickFit::Full,
        std::cmp::Ordering::Less => PickFit::Short,
        std::cmp::Ordering::Greater => PickFit::Over,
    }
}

/// Lines per dispatch (§3).
pub const MAX_LINES: usize = 200;

/// One line of a receipt: what was shipped, what arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReceiptLine {
    pub shipped_milli: i64,
    pub received_milli: i64,
}

impl ReceiptLine {
    /// What is posted into the clinic: what arrived, never more than was shipped (an excess is a discrepancy).
    pub fn posted(self) -> i64 {
        self.received_milli.clamp(0, self.shipped_milli)
    }

    /// What stays in transit under the dispatch until resolved.
    pub fn shortfall(self) -> i64 {
        self.shipped_milli - self.posted()
    }

    pub fn differs(self) -> bool {
        self.received_milli != self.shipped_milli
    }
}

/// Splits `qty_milli` over `lots` (lot, quantity) in their order (the FEFO order of the picks); what does not fit
/// is left out.
pub fn allocate(lots: &[(String, i64)], qty_milli: i64) -> Vec<(String, i64)> {
    let mut left = qty_milli.max(0);
    let mut out = Vec::new();
    for (lot, q) in lots {
        if left == 0 {
            break;
        }
        let take = (*q).min(left);
        if take > 0 {
            out.push((lot.clone(), take));
            left -= take;
        }
    }
    out
}

/// Whether an approval of `approved` for a line asking `requested` is valid: 0 ≤ approved ≤ requested.
pub fn approval_fits(requested: i64, approved: i64) -> bool {
    (0..=requested).contains(&approved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip() {
        for s in DispatchStatus::ALL {
            assert_eq!(DispatchStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(DispatchStatus::parse("X"), None);
    }

    #[test]
    fn a_receipt_posts_at_most_what_was_shipped() {
        let short = ReceiptLine {
            shipped_milli: 6_000,
            received_milli: 5_000,
        };
        assert_eq!(
            (short.posted(), short.shortfall(), short.differs()),
            (5_000, 1_000, true)
        );
        let over = ReceiptLine {
            shipped_milli: 6_000,
            received_milli: 7_000,
        };
        assert_eq!(
            (over.posted(), over.shortfall(), over.differs()),
            (6_000, 0, true)
        );
        let equal = ReceiptLine {
            shipped_milli: 6_000,
            received_milli: 6_000,
        };
        assert!(!equal.differs());
    }

    #[test]
    fn cancelling_follows_the_state_table() {
        use DispatchStatus::*;
        assert_eq!(Rascunho.canceller(), Some(Canceller::Requester));
        assert_eq!(Solicitado.canceller(), Some(Canceller::Requester));
        assert_eq!(EmSeparacao.canceller(), Some(Canceller::ApproverOrManager));
        assert_eq!(Enviado.canceller(), None, "something is in transit");
        for s in DispatchStatus::ALL {
            assert_eq!(
                s.canceller().is_some(),
                DispatchEvent::Cancel.from().contains(&s),
                "{s:?}"
            );
        }
        assert_eq!(
            DispatchEvent::Edit.from(),
            &[Rascunho],
            "only a draft is edited"
        );
        assert_eq!(
            DispatchEvent::Edit.refused(Solicitado),
            "Este despacho está solicitado e não pode ser editado. Recarregue a página."
        );
        assert_eq!(pick_fit(6_000, 4_000), PickFit::Short);
        assert_eq!(pick_fit(6_000, 6_000), PickFit::Full);
        assert_eq!(pick_fit(6_000, 7_000), PickFit::Over);
    }

    #[test]
    fn allocation_follows_the_picks() {
        let lots = vec![("L1".to_string(), 3_000), ("L2".to_string(), 3_000)];
        assert_eq!(
            allocate(&lots, 5_000),
            vec![("L1".to_string(), 3_000), ("L2".to_string(), 2_000)]
        );
        assert_eq!(allocate(&lots, 0), vec![]);
        assert!(approval_fits(10_000, 6_000));
        assert!(!approval_fits(10_000, 11_000));
        assert!(!approval_fits(10_000, -1));
    }
}
