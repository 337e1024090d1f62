DROP TABLE organization_members;
ALTER TABLE identities DROP COLUMN email_voucher;
ALTER TABLE refresh_tokens DROP COLUMN provider_client_id, DROP COLUMN provider_issuer;
