-- Client secrets are sealed under a key-encryption key before they are stored (issue 40):
-- a stored secret is `v1:<key id>:<base64url ciphertext>`. SQL holds no key, so secrets
-- stored in plain text before are only marked `plain:<secret>` here; they are read as they
-- are until `grove admin rotate-secrets` seals them.
UPDATE identity_providers SET client_secret = 'plain:' || client_secret WHERE client_secret IS NOT NULL;

-- tokenEndpointAuthMethod is not part of the public IdentityProvider.OIDC message, so nobody
-- could set it; the method comes from the provider's discovery document instead.
ALTER TABLE identity_providers DROP COLUMN token_endpoint_auth_method;

-- Grove's own authorization codes (server-side logins) are single-use: the SHA-256 of each
-- redeemed code is kept until the code would have expired anyway.
CREATE TABLE used_authorization_codes (
    code_hash   text COLLATE "C" NOT NULL,
    expire_time timestamptz NOT NULL,
    CONSTRAINT used_authorization_codes_pkey PRIMARY KEY (code_hash)
);
CREATE INDEX used_authorization_codes_expire_time_idx ON used_authorization_codes (expire_time);
