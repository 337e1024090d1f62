-- SCIM credentials of identity providers (issue 12): one row per provider that ever had
-- SCIM state. Tokens are shown once and never stored: only their SHA-256 (lowercase hex).
CREATE TABLE identity_provider_scim (
    identity_provider_uid  text COLLATE "C" NOT NULL,
    enabled                boolean NOT NULL DEFAULT false,
    -- NULL when no token was issued or the tokens were revoked.
    token_sha256           text,
    -- NULL: the live token never expires.
    expire_time            timestamptz,
    -- The replaced token, honoured until previous_expire_time (rotation overlap).
    previous_token_sha256  text,
    previous_expire_time   timestamptz,
    revoke_time            timestamptz,
    etag                   text NOT NULL,
    update_time            timestamptz NOT NULL,
    CONSTRAINT identity_provider_scim_pkey PRIMARY KEY (identity_provider_uid),
    CONSTRAINT identity_provider_scim_idp_fkey FOREIGN KEY (identity_provider_uid)
        REFERENCES identity_providers (uid) ON DELETE CASCADE
);
-- SCIM requests find their provider by the token's digest.
CREATE UNIQUE INDEX identity_provider_scim_token_key ON identity_provider_scim (token_sha256);
CREATE UNIQUE INDEX identity_provider_scim_previous_token_key ON identity_provider_scim (previous_token_sha256);
