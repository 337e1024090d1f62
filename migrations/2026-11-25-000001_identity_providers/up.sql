-- Identity providers and their external group role mappings (issue 12).
--
-- client_secret is write-only at the API: the domain never renders it into a response, an
-- event or a log line. Grove has no facility for encrypting values at rest, so it is kept
-- here as given (NULL for a public PKCE client); access to this column is access to it.

CREATE TABLE identity_providers (
    uid                        text COLLATE "C" NOT NULL,
    parent_uid                 text COLLATE "C" NOT NULL,
    name                       text COLLATE "C" NOT NULL,
    description                text NOT NULL DEFAULT '',
    -- Granted at the provider's group on a person's first login; a role in use here
    -- cannot be deleted.
    default_role               text COLLATE "C" NOT NULL,
    issuer                     text NOT NULL,
    client_id                  text NOT NULL,
    client_secret              text,
    additional_scopes          text[] NOT NULL DEFAULT '{}',
    groups_claim               text NOT NULL DEFAULT '',
    -- The public CorrelationRule number (1 or 2), fixed at creation.
    correlation_rule           integer NOT NULL,
    pkce_enabled               boolean NOT NULL,
    -- The public TokenEndpointAuthMethod number.
    token_endpoint_auth_method integer NOT NULL DEFAULT 0,
    create_time                timestamptz NOT NULL,
    update_time                timestamptz NOT NULL,
    CONSTRAINT identity_providers_pkey PRIMARY KEY (uid),
    CONSTRAINT identity_providers_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE RESTRICT,
    CONSTRAINT identity_providers_default_role_fkey
        FOREIGN KEY (default_role) REFERENCES roles (uid) ON DELETE RESTRICT,
    CONSTRAINT identity_providers_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16))
);
CREATE UNIQUE INDEX identity_providers_parent_name_key ON identity_providers (parent_uid, name);
CREATE INDEX identity_providers_name_uid_idx ON identity_providers (name, uid);
CREATE INDEX identity_providers_create_time_uid_idx ON identity_providers (create_time, uid);
CREATE INDEX identity_providers_update_time_uid_idx ON identity_providers (update_time, uid);
CREATE INDEX identity_providers_default_role_idx ON identity_providers (default_role);

-- Members of an upstream group who log in through the provider get role_uid at scope. A
-- mapping lives below its provider (parent_uid) and goes with it, and with its scope group.
CREATE TABLE external_group_role_mappings (
    uid               text COLLATE "C" NOT NULL,
    parent_uid        text COLLATE "C" NOT NULL,
    external_group_id text COLLATE "C" NOT NULL,
    role_uid          text COLLATE "C" NOT NULL,
    scope             text COLLATE "C" NOT NULL,
    create_time       timestamptz NOT NULL,
    CONSTRAINT external_group_role_mappings_pkey PRIMARY KEY (uid),
    CONSTRAINT external_group_role_mappings_parent_fkey
        FOREIGN KEY (parent_uid) REFERENCES identity_providers (uid) ON DELETE CASCADE,
    CONSTRAINT external_group_role_mappings_role_fkey FOREIGN KEY (role_uid) REFERENCES roles (uid) ON DELETE RESTRICT,
    CONSTRAINT external_group_role_mappings_scope_fkey FOREIGN KEY (scope) REFERENCES groups (uid) ON DELETE CASCADE,
    CONSTRAINT external_group_role_mappings_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16))
);
CREATE UNIQUE INDEX external_group_role_mappings_mapping_key
    ON external_group_role_mappings (parent_uid, role_uid, scope, external_group_id);
-- One provider's mappings in uid order (the identity_provider_uid filter).
CREATE INDEX external_group_role_mappings_parent_uid_idx ON external_group_role_mappings (parent_uid, uid);
CREATE INDEX external_group_role_mappings_create_time_uid_idx ON external_group_role_mappings (create_time, uid);
CREATE INDEX external_group_role_mappings_role_idx ON external_group_role_mappings (role_uid);
CREATE INDEX external_group_role_mappings_scope_idx ON external_group_role_mappings (scope);

-- The built-in roles gain the identity provider capabilities of the public bundles: owner
-- creates, updates, lists and deletes them and manages SCIM (1301-1305); editor and viewer
-- list them (1303).
UPDATE roles SET capabilities =
    '{101,102,103,104,301,302,303,304,401,402,403,404,901,902,903,904,1301,1302,1303,1304,1305,1501,1502,1503,1504,1600,1603,1604,1605,1606,1611,1612,1613,1614,2201,2202}'
    WHERE uid = '00000000000000000000000000000000000000b1';
UPDATE roles SET capabilities = '{103,303,403,903,1303,1501,1502,1503,1504,1600,1603,1604,1605,1606,1613}'
    WHERE uid = '00000000000000000000000000000000000000b2';
UPDATE roles SET capabilities = '{103,303,403,903,1303,1503,1600,1605,1613}'
    WHERE uid = '00000000000000000000000000000000000000b3';
