DROP INDEX IF EXISTS tags_digest_uid_idx;
ALTER TABLE tags DROP CONSTRAINT IF EXISTS tags_shape_check;
ALTER TABLE tags DROP COLUMN shape, DROP COLUMN bundles;
ALTER TABLE repos DROP COLUMN custom_overlay, DROP COLUMN sync_config, DROP COLUMN readme;
