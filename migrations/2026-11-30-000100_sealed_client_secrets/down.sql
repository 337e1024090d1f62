DROP TABLE used_authorization_codes;
ALTER TABLE identity_providers ADD COLUMN token_endpoint_auth_method integer NOT NULL DEFAULT 0;
-- Sealed secrets cannot be opened in SQL: they are dropped (set the secrets again); legacy
-- plain ones lose their mark.
UPDATE identity_providers SET client_secret = NULL WHERE client_secret LIKE 'v1:%';
UPDATE identity_providers SET client_secret = substr(client_secret, 7) WHERE client_secret LIKE 'plain:%';
