-- SCIM provisioning (issue 40): the users and groups identity providers' SCIM clients push.
-- Both go with their identity provider; memberships go with either side.
CREATE TABLE scim_users (
    uid                    text COLLATE "C" NOT NULL,
    identity_provider_uid  text COLLATE "C" NOT NULL,
    user_name              text NOT NULL,
    external_id            text,
    display_name           text,
    active                 boolean NOT NULL,
    -- [{"value", "type", "primary"}], as the filters read them.
    emails                 jsonb NOT NULL,
    -- lower(value) of every email, for the indexed `emails.value eq` filter.
    email_values           text[] NOT NULL,
    -- The resource as accepted (bounded by the domain), answered back.
    resource               jsonb NOT NULL,
    -- The person this user is (the provider person of its external id); no foreign key:
    -- the identity exists only once the person logged in.
    identity_uid           text COLLATE "C",
    -- The identity that logged in as this user.
    linked_identity_uid    text COLLATE "C",
    version                bigint NOT NULL,
    create_time            timestamptz NOT NULL,
    update_time            timestamptz NOT NULL,
    CONSTRAINT scim_users_pkey PRIMARY KEY (uid),
    CONSTRAINT scim_users_idp_fkey FOREIGN KEY (identity_provider_uid)
        REFERENCES identity_providers (uid) ON DELETE CASCADE
);
-- userName is unique per provider regardless of case (and `userName eq` uses this index).
CREATE UNIQUE INDEX scim_users_user_name_key ON scim_users (identity_provider_uid, lower(user_name));
-- externalId is unique per provider: it names one person.
CREATE UNIQUE INDEX scim_users_external_id_key ON scim_users (identity_provider_uid, external_id);
CREATE INDEX scim_users_provider_uid_idx ON scim_users (identity_provider_uid, uid);
-- The grants lookup asks whether a person is a deactivated provisioned user.
CREATE INDEX scim_users_identity_idx ON scim_users (identity_uid) WHERE identity_uid IS NOT NULL;
CREATE INDEX scim_users_email_values_idx ON scim_users USING gin (email_values);

CREATE TABLE scim_groups (
    uid                    text COLLATE "C" NOT NULL,
    identity_provider_uid  text COLLATE "C" NOT NULL,
    display_name           text NOT NULL,
    external_id            text,
    version                bigint NOT NULL,
    create_time            timestamptz NOT NULL,
    update_time            timestamptz NOT NULL,
    CONSTRAINT scim_groups_pkey PRIMARY KEY (uid),
    CONSTRAINT scim_groups_idp_fkey FOREIGN KEY (identity_provider_uid)
        REFERENCES identity_providers (uid) ON DELETE CASCADE
);
-- External group role mappings match a group by displayName: one group per name.
CREATE UNIQUE INDEX scim_groups_display_name_key ON scim_groups (identity_provider_uid, lower(display_name));
CREATE INDEX scim_groups_provider_uid_idx ON scim_groups (identity_provider_uid, uid);
CREATE INDEX scim_groups_external_id_idx ON scim_groups (identity_provider_uid, external_id);

CREATE TABLE scim_group_members (
    group_uid  text COLLATE "C" NOT NULL,
    user_uid   text COLLATE "C" NOT NULL,
    CONSTRAINT scim_group_members_pkey PRIMARY KEY (group_uid, user_uid),
    CONSTRAINT scim_group_members_group_fkey FOREIGN KEY (group_uid) REFERENCES scim_groups (uid) ON DELETE CASCADE,
    CONSTRAINT scim_group_members_user_fkey FOREIGN KEY (user_uid) REFERENCES scim_users (uid) ON DELETE CASCADE
);
CREATE INDEX scim_group_members_user_idx ON scim_group_members (user_uid);
