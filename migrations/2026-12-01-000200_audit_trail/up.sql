-- The audit trail (issue 43): who made each change, through which request and transport.
--
-- Every event records its origin: the actor (an identity or identity provider uid, or
-- 'system'), the identity provider involved ('' for none), the request id ('' for none) and
-- the transport. The outbox keeps them so that the relay can deliver the actor (CloudEvents
-- extension `actor`, NATS header); rows written before this migration are Grove's own.
ALTER TABLE events
    ADD COLUMN actor text NOT NULL DEFAULT 'system',
    ADD COLUMN actor_provider text NOT NULL DEFAULT '',
    ADD COLUMN request_id text NOT NULL DEFAULT '',
    ADD COLUMN transport text NOT NULL DEFAULT 'system';
-- A dead letter keeps its event's origin, so a replay delivers the same `actor`.
ALTER TABLE event_dead_letters
    ADD COLUMN actor text NOT NULL DEFAULT 'system',
    ADD COLUMN actor_provider text NOT NULL DEFAULT '',
    ADD COLUMN request_id text NOT NULL DEFAULT '',
    ADD COLUMN transport text NOT NULL DEFAULT 'system';

-- One entry per event, written in the same statement or transaction as the change and its
-- event, kept apart from the outbox (whose rows go once delivered) for
-- `audit.retention_days`. The uid is `<group>/<last 16 hex digits of the event id>`, so
-- entries page and filter like any resource of the group; no foreign key, since an entry
-- outlives the group it names.
CREATE TABLE audit_entries (
    uid            text COLLATE "C" NOT NULL PRIMARY KEY,
    parent_uid     text COLLATE "C" NOT NULL,
    event_id       text NOT NULL UNIQUE,
    time           timestamptz NOT NULL,
    type           text NOT NULL,
    subject        text COLLATE "C" NOT NULL,
    actor          text COLLATE "C" NOT NULL,
    actor_provider text COLLATE "C" NOT NULL,
    request_id     text NOT NULL,
    transport      text NOT NULL,
    data           text NOT NULL
);
-- Pages of an organization in time order (the list's default, newest first), as one index
-- walk whatever the organization's size (see groups_organization_name_uid_idx).
CREATE INDEX audit_entries_organization_time_uid_idx ON audit_entries ((split_part(uid, '/', 1)), time, uid);
-- `uidp.children_of` and the retention prune.
CREATE INDEX audit_entries_parent_time_idx ON audit_entries (parent_uid, time);
CREATE INDEX audit_entries_time_idx ON audit_entries (time);
-- "What did this actor do?"
CREATE INDEX audit_entries_actor_time_idx ON audit_entries (actor, time);

-- Append-only: no UPDATE, no TRUNCATE, and no DELETE except the retention prune. Grove has
-- no code path that updates or deletes an entry; this trigger makes the rule hold for any
-- other client too (a mistaken script, a compromised application account without DDL
-- rights). The prune sets `grove.audit_prune_before` for its own transaction only
-- (`set_config(..., true)`) and deletes rows older than that time; the trigger lets a DELETE
-- through only for a row older than the setting, so the setting cannot be used to remove
-- recent entries, and outside that transaction it is unset.
CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    prune_before text := current_setting('grove.audit_prune_before', true);
BEGIN
    IF TG_OP = 'DELETE' AND coalesce(prune_before, '') <> '' THEN
        IF OLD.time < prune_before::timestamptz THEN
            RETURN OLD;
        END IF;
    END IF;
    RAISE EXCEPTION 'audit entries are append-only: % on audit_entries is refused', TG_OP
        USING ERRCODE = 'insufficient_privilege',
              HINT = 'entries leave only through the retention prune (audit.retention_days)';
END;
$$;

CREATE TRIGGER audit_entries_append_only
    BEFORE UPDATE OR DELETE ON audit_entries
    FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();

CREATE TRIGGER audit_entries_no_truncate
    BEFORE TRUNCATE ON audit_entries
    FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only();

-- `audit.list` (Grove's own capability, number 1000001) joins the built-in owner role; the
-- numbers stay ascending (grove_domain::builtin::BUILT_IN_ROLES).
UPDATE roles SET capabilities = array_append(capabilities, 1000001)
    WHERE uid = '00000000000000000000000000000000000000b1' AND NOT (1000001 = ANY (capabilities));
