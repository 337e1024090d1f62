-- Person logins (issue 12): people who log in through an identity provider are root-level
-- identities (API.md section 5), so an identity's parent may be absent; their refresh tokens
-- are kept hashed, single-use, in families that a reused token revokes.

ALTER TABLE identities ALTER COLUMN parent_uid DROP NOT NULL;
ALTER TABLE identities DROP CONSTRAINT identities_parent_check;
ALTER TABLE identities ADD CONSTRAINT identities_parent_check CHECK (
    (parent_uid IS NOT NULL AND uid = parent_uid || '/' || right(uid, 16))
    OR (parent_uid IS NULL AND uid ~ '^[0-9a-f]{40}$')
);

CREATE TABLE refresh_tokens (
    -- SHA-256 (hex) of the token; the token itself is never stored.
    token_hash   text COLLATE "C" NOT NULL,
    -- Every token rotated from one login shares its family; a reused token ends the family.
    family       text COLLATE "C" NOT NULL,
    identity_uid text COLLATE "C" NOT NULL,
    -- The identity provider of the login; empty for the server's default provider.
    provider     text COLLATE "C" NOT NULL DEFAULT '',
    create_time  timestamptz NOT NULL,
    expire_time  timestamptz NOT NULL,
    -- Set when the token was exchanged for its successor.
    used_time    timestamptz,
    CONSTRAINT refresh_tokens_pkey PRIMARY KEY (token_hash),
    CONSTRAINT refresh_tokens_identity_fkey FOREIGN KEY (identity_uid) REFERENCES identities (uid) ON DELETE CASCADE
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family);
CREATE INDEX refresh_tokens_identity_uid_idx ON refresh_tokens (identity_uid);
