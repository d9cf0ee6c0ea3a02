-- Sessions opened by the CRM plugin inside another console (`crm-plugin`); NULL: the web app's own.
-- A plugin session lasts at most 12 h and its tokens are accepted only by the plugin's endpoints.
ALTER TABLE identity_sessions ADD COLUMN audience TEXT;
