-- Finance: attachments (anexos) of installments and payables — comprovantes, boletos, notas. The bytes live in
-- platform_files (kept byte for byte, with their SHA-256); this row ties a file to its owner. One file for both
-- engines. Nothing is deleted: a removed attachment is marked, with who, when and why.
CREATE TABLE finance_attachments (
    id TEXT PRIMARY KEY,
    -- RECEIVABLE_INSTALLMENT or PAYABLE: what the owner id names.
    owner_kind TEXT NOT NULL CHECK (owner_kind IN ('RECEIVABLE_INSTALLMENT', 'PAYABLE')),
    owner_id TEXT NOT NULL,
    file_id TEXT NOT NULL REFERENCES platform_files (id),
    created_at TIMESTAMPTZ NOT NULL,
    created_by TEXT NOT NULL,
    removed_at TIMESTAMPTZ,
    removed_by TEXT,
    removed_reason TEXT
);

CREATE INDEX finance_attachments_owner ON finance_attachments (owner_kind, owner_id, created_at);
