-- Per-group descendant counters: the exact total of a plain `uidp.descendants_of` group list
-- is read from a handful of rows instead of counted over the subtree (README,
-- "Counting lists").
--
-- Each group has up to eight counter rows (shards), one per `pg_backend_pid() % 8`, so that
-- concurrent creates in one organization rarely wait on the same row; a reader sums them.
-- Triggers keep the counters in the transaction of every insert and delete, whatever wrote
-- the rows (the API, the bulk seeder, a COPY).

CREATE TABLE group_descendant_counts (
    ancestor_uid text COLLATE "C" NOT NULL,
    shard smallint NOT NULL,
    descendants bigint NOT NULL,
    PRIMARY KEY (ancestor_uid, shard)
);

-- The uids strictly above `uid` ('R/a/b' gives 'R' and 'R/a').
CREATE FUNCTION group_ancestors(uid text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT array_to_string(parts[1:depth], '/')
    FROM (SELECT string_to_array(uid, '/') AS parts) AS split,
         generate_series(1, cardinality(parts) - 1) AS depth
$$;

INSERT INTO group_descendant_counts (ancestor_uid, shard, descendants)
SELECT ancestor, 0, count(*)
FROM groups CROSS JOIN LATERAL group_ancestors(groups.uid) AS above(ancestor)
GROUP BY ancestor;

-- Adds `delta` per group of `uids` to the counters of each group above it that still exists,
-- in this backend's shard. Rows are upserted in uid order, so two writers lock shared
-- counters in the same order.
CREATE FUNCTION add_to_ancestor_counts(uids text[], delta bigint) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO group_descendant_counts AS counts (ancestor_uid, shard, descendants)
    SELECT ancestor, (pg_backend_pid() % 8)::smallint, delta * count(*)
    FROM unnest(uids) AS changed(uid) CROSS JOIN LATERAL group_ancestors(changed.uid) AS above(ancestor)
    GROUP BY ancestor
    HAVING EXISTS (SELECT 1 FROM groups WHERE groups.uid = ancestor)
    ORDER BY ancestor
    ON CONFLICT (ancestor_uid, shard) DO UPDATE SET descendants = counts.descendants + EXCLUDED.descendants
$$;

CREATE FUNCTION count_inserted_groups() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM add_to_ancestor_counts(ARRAY(SELECT uid FROM inserted_groups), 1);
    RETURN NULL;
END
$$;

-- A deleted group's own counters go; its ancestors that remain count one less each.
CREATE FUNCTION count_deleted_groups() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM group_descendant_counts USING deleted_groups
    WHERE group_descendant_counts.ancestor_uid = deleted_groups.uid;
    PERFORM add_to_ancestor_counts(ARRAY(SELECT uid FROM deleted_groups), -1);
    RETURN NULL;
END
$$;

CREATE FUNCTION forget_group_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE group_descendant_counts;
    RETURN NULL;
END
$$;

CREATE TRIGGER groups_count_inserted AFTER INSERT ON groups
    REFERENCING NEW TABLE AS inserted_groups
    FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_groups();
CREATE TRIGGER groups_count_deleted AFTER DELETE ON groups
    REFERENCING OLD TABLE AS deleted_groups
    FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_groups();
CREATE TRIGGER groups_truncated AFTER TRUNCATE ON groups
    FOR EACH STATEMENT EXECUTE FUNCTION forget_group_counts();
