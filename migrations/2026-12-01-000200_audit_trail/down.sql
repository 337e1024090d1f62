UPDATE roles SET capabilities = array_remove(capabilities, 1000001)
    WHERE uid = '00000000000000000000000000000000000000b1';
DROP TABLE audit_entries;
DROP FUNCTION audit_entries_append_only();
ALTER TABLE events
    DROP COLUMN actor,
    DROP COLUMN actor_provider,
    DROP COLUMN request_id,
    DROP COLUMN transport;
ALTER TABLE event_dead_letters
    DROP COLUMN actor,
    DROP COLUMN actor_provider,
    DROP COLUMN request_id,
    DROP COLUMN transport;
