-- The role bindings that external group role mappings made for people (issue 40): one row per
-- binding, mapping and source (1 = a login's groups claim, 2 = SCIM group membership). Only
-- bindings with a row here are ever removed by the mappings; a binding made by hand has none.
-- The rows go with their binding. mapping_uid has no foreign key: the row of a deleted
-- mapping tells the next reconciliation which binding to take back.
CREATE TABLE mapped_role_bindings (
    binding_uid  text COLLATE "C" NOT NULL,
    mapping_uid  text COLLATE "C" NOT NULL,
    provider_uid text COLLATE "C" NOT NULL,
    identity_uid text COLLATE "C" NOT NULL,
    source       smallint NOT NULL,
    CONSTRAINT mapped_role_bindings_pkey PRIMARY KEY (binding_uid, mapping_uid, source),
    CONSTRAINT mapped_role_bindings_binding_fkey
        FOREIGN KEY (binding_uid) REFERENCES role_bindings (uid) ON DELETE CASCADE,
    CONSTRAINT mapped_role_bindings_source_check CHECK (source IN (1, 2)),
    CONSTRAINT mapped_role_bindings_provider_check CHECK (mapping_uid = provider_uid || '/' || right(mapping_uid, 16))
);
CREATE INDEX mapped_role_bindings_identity_provider_idx ON mapped_role_bindings (identity_uid, provider_uid);
CREATE INDEX mapped_role_bindings_mapping_idx ON mapped_role_bindings (mapping_uid);
CREATE INDEX mapped_role_bindings_provider_idx ON mapped_role_bindings (provider_uid);
