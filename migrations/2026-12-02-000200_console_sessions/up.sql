-- Web console sessions, shared by every node on this database so that a balancer needs no
-- sticky routing (issue 45). A session is keyed by the SHA-256 of its cookie value (the
-- cookie itself is never stored); its API and refresh tokens, and an invite code waiting to
-- be shown once, are sealed under the server's key-encryption key with that hash in the
-- associated data (`v1:<key id>:<base64url>`), so a dump of this table signs nobody in.
CREATE TABLE console_sessions (
    id_hash           text COLLATE "C" NOT NULL,
    identity_uid      text COLLATE "C" NOT NULL,
    token             text NOT NULL,
    token_expiry      timestamptz NOT NULL,
    refresh_token     text,
    csrf              text NOT NULL,
    create_time       timestamptz NOT NULL,
    last_seen         timestamptz NOT NULL,
    flash_error       boolean,
    flash_text        text,
    flash_invite_code text,
    display           text,
    CONSTRAINT console_sessions_pkey PRIMARY KEY (id_hash)
);
-- Idle sessions are pruned, and the least recently seen makes room when the table is full.
CREATE INDEX console_sessions_last_seen_idx ON console_sessions (last_seen);

-- Provider sign-ins under way: the binding cookie's SHA-256 and the sealed PKCE verifier,
-- taken once by the callback, pruned after ten minutes.
CREATE TABLE console_logins (
    id_hash  text COLLATE "C" NOT NULL,
    verifier text NOT NULL,
    started  timestamptz NOT NULL,
    CONSTRAINT console_logins_pkey PRIMARY KEY (id_hash)
);
CREATE INDEX console_logins_started_idx ON console_logins (started);
