-- People belong to the provider they log in through (issue 39): a refresh token records the
-- issuer and client id its organization's provider had when it was handed out, and renews
-- only while that provider still exists with both unchanged. Tokens handed out before this
-- migration through an organization's provider carry empty values, so they are refused.
ALTER TABLE refresh_tokens
    ADD COLUMN provider_issuer    text NOT NULL DEFAULT '',
    ADD COLUMN provider_client_id text NOT NULL DEFAULT '';

-- Who vouched for an identity's verified email: '' a workload's token (trusted for nothing),
-- 'default' the operator's default provider (trusted everywhere), or the uid of an
-- organization's provider (trusted for that organization's invites). Emails recorded before
-- this migration are trusted for nothing until their owner logs in again.
ALTER TABLE identities ADD COLUMN email_voucher text COLLATE "C" NOT NULL DEFAULT '';

-- The organizations a person joined: by logging in through one of its providers or by
-- redeeming one of its invites. Only there do hydrated role bindings (and their events)
-- show the person's name, email, issuer and subject; binding someone reveals only the uid.
CREATE TABLE organization_members (
    organization_uid text COLLATE "C" NOT NULL,
    identity_uid     text COLLATE "C" NOT NULL,
    create_time      timestamptz NOT NULL,
    CONSTRAINT organization_members_pkey PRIMARY KEY (organization_uid, identity_uid),
    CONSTRAINT organization_members_organization_fkey
        FOREIGN KEY (organization_uid) REFERENCES groups (uid) ON DELETE CASCADE,
    CONSTRAINT organization_members_identity_fkey
        FOREIGN KEY (identity_uid) REFERENCES identities (uid) ON DELETE CASCADE,
    CONSTRAINT organization_members_organization_check CHECK (organization_uid ~ '^[0-9a-f]{40}$')
);
CREATE INDEX organization_members_identity_uid_idx ON organization_members (identity_uid);
