-- Account associations (issue 12): at most one per group, keyed by the group's own uid.
-- The provider sections (amazon, google, chainguard, azure, github) are validated by the
-- domain and kept as one JSON document; only uid, name and times are filtered or sorted on.

CREATE TABLE account_associations (
    uid         text COLLATE "C" NOT NULL,
    -- The group's parent (NULL for an organization's association), for children_of/in_root.
    parent_uid  text COLLATE "C",
    name        text NOT NULL,
    description text NOT NULL DEFAULT '',
    providers   jsonb NOT NULL DEFAULT '{}'::jsonb,
    create_time timestamptz NOT NULL,
    update_time timestamptz NOT NULL,
    CONSTRAINT account_associations_pkey PRIMARY KEY (uid),
    -- An association goes with its group.
    CONSTRAINT account_associations_group_fkey FOREIGN KEY (uid) REFERENCES groups (uid) ON DELETE CASCADE
);
CREATE INDEX account_associations_parent_uid_idx ON account_associations (parent_uid, uid);
CREATE INDEX account_associations_name_uid_idx ON account_associations (name, uid);
CREATE INDEX account_associations_create_time_uid_idx ON account_associations (create_time, uid);
CREATE INDEX account_associations_update_time_uid_idx ON account_associations (update_time, uid);
