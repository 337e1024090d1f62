DROP INDEX role_bindings_role_uid_uid_idx;
CREATE INDEX role_bindings_role_uid_idx ON role_bindings (role_uid);
DROP INDEX role_bindings_parent_uid_uid_idx;
DROP INDEX identities_relationship_type_uid_idx;
ALTER TABLE identities
    DROP CONSTRAINT identities_relationship_type_check,
    DROP COLUMN relationship_type,
    DROP COLUMN email_unverified,
    DROP COLUMN email,
    DROP COLUMN company;
