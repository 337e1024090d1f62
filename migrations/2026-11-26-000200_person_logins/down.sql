DROP TABLE refresh_tokens;
DELETE FROM identities WHERE parent_uid IS NULL;
ALTER TABLE identities DROP CONSTRAINT identities_parent_check;
ALTER TABLE identities ADD CONSTRAINT identities_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16));
ALTER TABLE identities ALTER COLUMN parent_uid SET NOT NULL;
