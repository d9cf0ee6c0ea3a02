-- PURCHASING became PURCHASING_ASSISTANT and PURCHASING_MANAGER: existing buyers keep the assistant's access.
UPDATE identity_users SET role = 'PURCHASING_ASSISTANT' WHERE role = 'PURCHASING';
