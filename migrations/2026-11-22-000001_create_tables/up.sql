-- Grove's tables. Every uid is a UID path (`<40 hex>(/<16 hex>)*`) stored with COLLATE "C",
-- so that "descendants of X" is the primary-key range `uid >= 'X/' AND uid < 'X0'` and text
-- orders byte-wise, exactly as the domain compares strings. `parent_uid` is the uid minus
-- its last segment (NULL at the root); the CHECK constraints keep the two consistent.
--
-- Every list orders by (sort column, uid); the (…, uid) indexes below serve each order_by
-- with the uid tie-breaker, with or without a parent filter.

CREATE TABLE groups (
    uid         text COLLATE "C" NOT NULL,
    parent_uid  text COLLATE "C",
    name        text COLLATE "C" NOT NULL,
    description text NOT NULL DEFAULT '',
    verified    boolean NOT NULL DEFAULT false,
    create_time timestamptz NOT NULL,
    update_time timestamptz NOT NULL,
    CONSTRAINT groups_pkey PRIMARY KEY (uid),
    CONSTRAINT groups_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE RESTRICT,
    CONSTRAINT groups_parent_check CHECK (
        (parent_uid IS NULL AND length(uid) = 40)
        OR (parent_uid IS NOT NULL AND uid = parent_uid || '/' || right(uid, 16))
    )
);
-- Sibling names are unique; organizations (parent_uid IS NULL) among organizations.
CREATE UNIQUE INDEX groups_parent_name_key ON groups (parent_uid, name);
CREATE UNIQUE INDEX groups_root_name_key ON groups (name) WHERE parent_uid IS NULL;
CREATE INDEX groups_parent_name_uid_idx ON groups (parent_uid, name, uid);
CREATE INDEX groups_name_uid_idx ON groups (name, uid);
CREATE INDEX groups_create_time_uid_idx ON groups (create_time, uid);
CREATE INDEX groups_update_time_uid_idx ON groups (update_time, uid);

CREATE TABLE identities (
    uid            text COLLATE "C" NOT NULL,
    parent_uid     text COLLATE "C" NOT NULL,
    name           text COLLATE "C" NOT NULL,
    description    text NOT NULL DEFAULT '',
    -- The whole relationship (claim match or static keys), as written by the store.
    relationship   jsonb NOT NULL,
    -- Derived from `relationship` on every write: what hydrated role bindings show.
    issuer         text NOT NULL,
    subject        text NOT NULL,
    last_seen_time timestamptz,
    create_time    timestamptz NOT NULL,
    update_time    timestamptz NOT NULL,
    CONSTRAINT identities_pkey PRIMARY KEY (uid),
    CONSTRAINT identities_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE RESTRICT,
    CONSTRAINT identities_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16))
);
CREATE UNIQUE INDEX identities_parent_name_key ON identities (parent_uid, name);
CREATE INDEX identities_parent_name_uid_idx ON identities (parent_uid, name, uid);
CREATE INDEX identities_name_uid_idx ON identities (name, uid);
CREATE INDEX identities_create_time_uid_idx ON identities (create_time, uid);
CREATE INDEX identities_update_time_uid_idx ON identities (update_time, uid);

CREATE TABLE roles (
    uid          text COLLATE "C" NOT NULL,
    -- NULL for the built-in roles, which live at the root.
    parent_uid   text COLLATE "C",
    name         text COLLATE "C" NOT NULL,
    description  text NOT NULL DEFAULT '',
    -- Capability numbers (the public enum numbers), ascending, without duplicates.
    capabilities integer[] NOT NULL,
    create_time  timestamptz NOT NULL,
    update_time  timestamptz NOT NULL,
    CONSTRAINT roles_pkey PRIMARY KEY (uid),
    CONSTRAINT roles_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE RESTRICT,
    CONSTRAINT roles_parent_check CHECK (
        (parent_uid IS NULL AND length(uid) = 40)
        OR (parent_uid IS NOT NULL AND uid = parent_uid || '/' || right(uid, 16))
    )
);
CREATE UNIQUE INDEX roles_parent_name_key ON roles (parent_uid, name);
CREATE UNIQUE INDEX roles_root_name_key ON roles (name) WHERE parent_uid IS NULL;
CREATE INDEX roles_parent_name_uid_idx ON roles (parent_uid, name, uid);
CREATE INDEX roles_name_uid_idx ON roles (name, uid);
CREATE INDEX roles_create_time_uid_idx ON roles (create_time, uid);
CREATE INDEX roles_update_time_uid_idx ON roles (update_time, uid);

CREATE TABLE role_bindings (
    uid          text COLLATE "C" NOT NULL,
    -- The group the binding grants in; the binding goes when the group goes.
    parent_uid   text COLLATE "C" NOT NULL,
    identity_uid text COLLATE "C" NOT NULL,
    role_uid     text COLLATE "C" NOT NULL,
    create_time  timestamptz NOT NULL,
    CONSTRAINT role_bindings_pkey PRIMARY KEY (uid),
    CONSTRAINT role_bindings_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE CASCADE,
    CONSTRAINT role_bindings_identity_fkey FOREIGN KEY (identity_uid) REFERENCES identities (uid) ON DELETE CASCADE,
    CONSTRAINT role_bindings_role_fkey FOREIGN KEY (role_uid) REFERENCES roles (uid) ON DELETE RESTRICT,
    CONSTRAINT role_bindings_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16))
);
CREATE UNIQUE INDEX role_bindings_parent_identity_role_key ON role_bindings (parent_uid, identity_uid, role_uid);
CREATE INDEX role_bindings_identity_uid_idx ON role_bindings (identity_uid, uid);
CREATE INDEX role_bindings_role_uid_idx ON role_bindings (role_uid);
CREATE INDEX role_bindings_create_time_uid_idx ON role_bindings (create_time, uid);

CREATE TABLE repos (
    uid          text COLLATE "C" NOT NULL,
    parent_uid   text COLLATE "C" NOT NULL,
    name         text COLLATE "C" NOT NULL,
    description  text NOT NULL DEFAULT '',
    aliases      text[] NOT NULL DEFAULT '{}',
    bundles      text[] NOT NULL DEFAULT '{}',
    active_tags  text[] NOT NULL DEFAULT '{}',
    -- The v2beta1 CatalogTier number.
    catalog_tier integer NOT NULL DEFAULT 0,
    create_time  timestamptz NOT NULL,
    update_time  timestamptz NOT NULL,
    CONSTRAINT repos_pkey PRIMARY KEY (uid),
    CONSTRAINT repos_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE RESTRICT,
    CONSTRAINT repos_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16))
);
CREATE UNIQUE INDEX repos_parent_name_key ON repos (parent_uid, name);
CREATE INDEX repos_parent_name_uid_idx ON repos (parent_uid, name, uid);
CREATE INDEX repos_name_uid_idx ON repos (name, uid);
CREATE INDEX repos_create_time_uid_idx ON repos (create_time, uid);
CREATE INDEX repos_update_time_uid_idx ON repos (update_time, uid);

CREATE TABLE tags (
    uid         text COLLATE "C" NOT NULL,
    -- The repo the tag belongs to.
    parent_uid  text COLLATE "C" NOT NULL,
    name        text COLLATE "C" NOT NULL,
    digest      text NOT NULL,
    deprecated  boolean NOT NULL DEFAULT false,
    create_time timestamptz NOT NULL,
    update_time timestamptz NOT NULL,
    CONSTRAINT tags_pkey PRIMARY KEY (uid),
    CONSTRAINT tags_parent_fkey FOREIGN KEY (parent_uid) REFERENCES repos (uid) ON DELETE RESTRICT,
    CONSTRAINT tags_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16))
);
-- Also the conflict target of put_tag's upsert.
CREATE UNIQUE INDEX tags_parent_name_key ON tags (parent_uid, name);
CREATE INDEX tags_parent_name_uid_idx ON tags (parent_uid, name, uid);
CREATE INDEX tags_name_uid_idx ON tags (name, uid);
CREATE INDEX tags_create_time_uid_idx ON tags (create_time, uid);
CREATE INDEX tags_update_time_uid_idx ON tags (update_time, uid);
