-- Group invites (issue 12). The invite code is never stored: it is a signed token (see the
-- README) that carries the invite's uid, role, email, single use and expiry. A row keeps
-- what Get and List show and what a signature cannot say: whether the invite still exists
-- (a deleted row is a revoked code) and when a single-use invite was used.

CREATE TABLE group_invites (
    uid             text COLLATE "C" NOT NULL,
    parent_uid      text COLLATE "C" NOT NULL,
    -- No foreign key: a role may be deleted while invites name it (the invite then shows
    -- no role, and redeeming it fails with role not found).
    role_uid        text COLLATE "C" NOT NULL,
    email           text NOT NULL DEFAULT '',
    expiration_time timestamptz NOT NULL,
    single_use      boolean NOT NULL,
    key_id          text COLLATE "C" NOT NULL,
    create_time     timestamptz NOT NULL,
    -- Set once, when a single-use invite is redeemed.
    used_time       timestamptz,
    CONSTRAINT group_invites_pkey PRIMARY KEY (uid),
    -- Invites go with their group.
    CONSTRAINT group_invites_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE CASCADE,
    CONSTRAINT group_invites_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16))
);
CREATE INDEX group_invites_parent_uid_idx ON group_invites (parent_uid, uid);
CREATE INDEX group_invites_create_time_uid_idx ON group_invites (create_time, uid);
CREATE INDEX group_invites_key_id_uid_idx ON group_invites (key_id, uid);

-- The built-in roles gain the group invite (201, 203, 204) and account association
-- (701-704) capabilities of the public bundles: owner all of them, editor and viewer the
-- lists (203, 703). Added to whatever the roles hold, so other migrations may add theirs.
UPDATE roles SET capabilities = ARRAY(
    SELECT DISTINCT c FROM unnest(capabilities || '{201,203,204,701,702,703,704}'::integer[]) AS c ORDER BY c)
    WHERE uid = '00000000000000000000000000000000000000b1';
UPDATE roles SET capabilities = ARRAY(
    SELECT DISTINCT c FROM unnest(capabilities || '{203,703}'::integer[]) AS c ORDER BY c)
    WHERE uid IN ('00000000000000000000000000000000000000b2', '00000000000000000000000000000000000000b3');
