-- Where a salesperson's commissions are paid (crm::domain::payout): a PIX key or a bank account. Read only by the
-- person, finance and administration.
ALTER TABLE crm_users ADD COLUMN payout_method TEXT CHECK (payout_method IN ('pix', 'conta'));
ALTER TABLE crm_users ADD COLUMN payout_pix_key_type TEXT;
ALTER TABLE crm_users ADD COLUMN payout_pix_key TEXT;
ALTER TABLE crm_users ADD COLUMN payout_bank TEXT;
ALTER TABLE crm_users ADD COLUMN payout_agency TEXT;
ALTER TABLE crm_users ADD COLUMN payout_account TEXT;
ALTER TABLE crm_users ADD COLUMN payout_account_digit TEXT;
ALTER TABLE crm_users ADD COLUMN payout_account_type TEXT;
