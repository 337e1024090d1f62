-- Repos: README, sync config and custom overlay; tags: bundles and the shape of the name
-- (0 plain, 1 referrer, 2 date, 3 epoch) that tag lists leave out unless asked.
ALTER TABLE repos
    ADD COLUMN readme         text  NOT NULL DEFAULT '',
    ADD COLUMN sync_config    jsonb,
    ADD COLUMN custom_overlay jsonb;

ALTER TABLE tags
    ADD COLUMN bundles text[]   NOT NULL DEFAULT '{}',
    ADD COLUMN shape   smallint NOT NULL DEFAULT 0;

-- The same shapes as grove_domain::model::TagShape::of, for rows written before.
UPDATE tags SET shape = CASE
    WHEN name ~ '^sha256-[0-9a-f]{64}(\..+)?$' THEN 1
    WHEN name ~ '^.+-20[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])$' THEN 2
    WHEN name ~ '^.+-r[0-9]+$' THEN 3
    ELSE 0
END;

ALTER TABLE tags ADD CONSTRAINT tags_shape_check CHECK (shape BETWEEN 0 AND 3);

-- `digest` filters (which tags point at this manifest) across every repo.
CREATE INDEX tags_digest_uid_idx ON tags (digest, uid);
