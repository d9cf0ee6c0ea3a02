//! Attachments (anexos, finance.md §1): a stored file tied to an installment or a payable — a comprovante, a
//! boleto, a nota. The file itself is the platform's (type told by content, at most 10 MB, kept byte for byte);
//! here is only what owns it. Never deleted: removing marks it, with a reason.

use chrono::{DateTime, Utc};

/// What an attachment belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnerKind {
    ReceivableInstallment,
    Payable,
}

impl OwnerKind {
    pub fn as_str(self) -> &'static str {
        match self {
            OwnerKind::ReceivableInstallment => "RECEIVABLE_INSTALLMENT",
            OwnerKind::Payable => "PAYABLE",
        }
    }
}

/// An attachment with its file's facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub id: String,
    pub owner_kind: OwnerKind,
    pub owner_id: String,
    pub file_id: String,
    pub name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub removed: Option<Removal>,
}

/// Who removed an attachment, when and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removal {
    pub at: DateTime<Utc>,
    pub by: String,
    pub reason: String,
}
