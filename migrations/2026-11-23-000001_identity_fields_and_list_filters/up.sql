-- Identity fields of the public API (company; the email of the last exchanged token), and
-- what the v2beta1 list filters need so that none of them reads a whole table:
--
-- - `relationship_type` (identities): the kind of `relationship`, derived on every write as
--   `issuer` and `subject` are; indexed with the uid tie-breaker of the default order.
-- - `group` (role bindings): the binding's parent, ordered by uid.
-- - `role` (role bindings): by role, ordered by uid (replaces the index on role_uid alone).
--   `identity` already has (identity_uid, uid).

ALTER TABLE identities
    ADD COLUMN company          text NOT NULL DEFAULT '',
    ADD COLUMN email            text NOT NULL DEFAULT '',
    ADD COLUMN email_unverified text NOT NULL DEFAULT '',
    ADD COLUMN relationship_type text;

UPDATE identities
SET relationship_type = CASE
    WHEN relationship ? 'claimMatch' THEN 'claim_match'
    WHEN relationship ? 'staticKeys' THEN 'static_keys'
    WHEN relationship ? 'servicePrincipal' THEN 'service_principal'
END;

ALTER TABLE identities
    ALTER COLUMN relationship_type SET NOT NULL,
    ADD CONSTRAINT identities_relationship_type_check
        CHECK (relationship_type IN ('claim_match', 'static_keys', 'aws_identity', 'service_principal'));

CREATE INDEX identities_relationship_type_uid_idx ON identities (relationship_type, uid);

CREATE INDEX role_bindings_parent_uid_uid_idx ON role_bindings (parent_uid, uid);
DROP INDEX role_bindings_role_uid_idx;
CREATE INDEX role_bindings_role_uid_uid_idx ON role_bindings (role_uid, uid);
