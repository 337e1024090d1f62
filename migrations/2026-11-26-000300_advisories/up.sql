-- Vulnerability advisories (issue 13), children of groups (normally organizations).
--
-- One row per advisory. Columns hold what lists filter and order by; `body` (jsonb) holds
-- the rest of the advisory, its events (oldest first) and severities among it, since they
-- are always read and written with their advisory. The filter columns are maintained by the
-- store from the advisory in the same statement that writes it:
--
-- - `facets`: the low-cardinality and prefixed exact filters, one array served by one GIN
--   index: `at:<artifact type>`, `aa:<architecture>`, `ct:<component type>`,
--   `cl:<component location>`, `rs:<review state number>` and `et:<event type number>` of
--   every event present.
-- - `event_authors`, `event_reviewers`: distinct authors and reviewers of the events.
-- - `latest_event_type`: the event type number of the latest approved event (NULL: none).
-- - `search`: artifact name, component name and aliases, lowercased, newline-separated, for
--   the `query` substring filter (LIKE '%…%' served by a trigram index).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE advisories (
    uid                text COLLATE "C" NOT NULL,
    parent_uid         text COLLATE "C" NOT NULL,
    advisory_id        text COLLATE "C" NOT NULL,
    legacy_advisory_id text COLLATE "C",
    create_time        timestamptz NOT NULL,
    update_time        timestamptz NOT NULL,
    artifact_name      text COLLATE "C" NOT NULL,
    component_name     text COLLATE "C" NOT NULL,
    origin             text COLLATE "C" NOT NULL,
    aliases            text[] COLLATE "C" NOT NULL DEFAULT '{}',
    event_authors      text[] COLLATE "C" NOT NULL DEFAULT '{}',
    event_reviewers    text[] COLLATE "C" NOT NULL DEFAULT '{}',
    latest_event_type  smallint,
    facets             text[] COLLATE "C" NOT NULL DEFAULT '{}',
    search             text NOT NULL,
    body               jsonb NOT NULL,
    CONSTRAINT advisories_pkey PRIMARY KEY (uid),
    CONSTRAINT advisories_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE RESTRICT,
    CONSTRAINT advisories_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16))
);
CREATE UNIQUE INDEX advisories_parent_advisory_id_key ON advisories (parent_uid, advisory_id);
-- Exact filters, each with the uid so that a selective filter serves the uid order too.
CREATE INDEX advisories_advisory_id_idx ON advisories (advisory_id, uid);
CREATE INDEX advisories_legacy_advisory_id_idx ON advisories (legacy_advisory_id, uid);
CREATE INDEX advisories_artifact_name_idx ON advisories (artifact_name, uid);
CREATE INDEX advisories_component_name_idx ON advisories (component_name, uid);
CREATE INDEX advisories_origin_idx ON advisories (origin, uid);
-- Array filters (`&&`).
CREATE INDEX advisories_aliases_idx ON advisories USING gin (aliases);
CREATE INDEX advisories_event_authors_idx ON advisories USING gin (event_authors);
CREATE INDEX advisories_event_reviewers_idx ON advisories USING gin (event_reviewers);
CREATE INDEX advisories_facets_idx ON advisories USING gin (facets);
-- The substring filter.
CREATE INDEX advisories_search_trgm_idx ON advisories USING gin (search gin_trgm_ops);
-- Orders, and the latest event type with the uid order.
CREATE INDEX advisories_create_time_uid_idx ON advisories (create_time, uid);
CREATE INDEX advisories_update_time_uid_idx ON advisories (update_time, uid);
CREATE INDEX advisories_latest_event_type_idx ON advisories (latest_event_type, uid);

-- The built-in owner, editor and viewer roles list advisories (advisories.list, 1902), as
-- the public console viewer bundle does; no built-in role writes them.
UPDATE roles SET capabilities = (SELECT array_agg(DISTINCT c ORDER BY c) FROM unnest(capabilities || 1902) AS c)
    WHERE uid IN ('00000000000000000000000000000000000000b1', '00000000000000000000000000000000000000b2',
                  '00000000000000000000000000000000000000b3');
