-- Feature previews (`/crmDev`, *Recursos em prévia*): a CRM feature in pilot (the registry is in code,
-- `domain::preview::FEATURES`) turned on or off for a role (its code), a team (crm_teams.id) or a user (uid).
-- A user's grant beats their teams', which beat their role's. Changes are in platform_history (`crm.preview`).
CREATE TABLE crm_preview_grants (
    feature TEXT NOT NULL,
    subject_kind TEXT NOT NULL CHECK (subject_kind IN ('papel', 'time', 'usuario')),
    subject_id TEXT NOT NULL,
    enabled BOOLEAN NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    updated_by TEXT NOT NULL,
    PRIMARY KEY (feature, subject_kind, subject_id)
);
