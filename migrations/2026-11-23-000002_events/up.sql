-- Events (issue 14): webhook subscriptions, and the transactional outbox every mutation
-- writes its CloudEvent to in the same transaction as the change itself.

CREATE TABLE subscriptions (
    uid         text COLLATE "C" NOT NULL,
    parent_uid  text COLLATE "C" NOT NULL,
    sink        text NOT NULL,
    CONSTRAINT subscriptions_pkey PRIMARY KEY (uid),
    -- A group's subscriptions go with it, like its role bindings.
    CONSTRAINT subscriptions_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE CASCADE,
    CONSTRAINT subscriptions_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16))
);
CREATE INDEX subscriptions_parent_uid_idx ON subscriptions (parent_uid, uid);

-- `seq` is the write order the relay claims in; `id` is the CloudEvent id receivers
-- deduplicate by. `data` is text, not jsonb, so that the protojson is kept byte for byte.
CREATE TABLE events (
    seq          bigint GENERATED ALWAYS AS IDENTITY,
    id           text COLLATE "C" NOT NULL,
    type         text NOT NULL,
    time         timestamptz NOT NULL,
    group_uid    text COLLATE "C" NOT NULL,
    subject      text COLLATE "C" NOT NULL,
    data         text NOT NULL,
    leased_until timestamptz,
    delivered    timestamptz,
    CONSTRAINT events_pkey PRIMARY KEY (seq),
    CONSTRAINT events_id_key UNIQUE (id)
);
-- The relay's claim query and the backlog: undelivered events in write order.
CREATE INDEX events_undelivered_idx ON events (seq) WHERE delivered IS NULL;
-- Retention: delivered events by delivery time.
CREATE INDEX events_delivered_idx ON events (delivered) WHERE delivered IS NOT NULL;

-- Built-in roles gain the subscription capabilities the public bundles give them:
-- owner and editor create/update/list/delete (1501-1504), viewer lists (1503).
UPDATE roles SET capabilities =
    '{101,102,103,104,301,302,303,304,401,402,403,404,901,902,903,904,1501,1502,1503,1504,1600,1603,1604,1605,1606,1611,1612,1613,1614}'
    WHERE uid = '00000000000000000000000000000000000000b1';
UPDATE roles SET capabilities = '{103,303,403,903,1501,1502,1503,1504,1600,1603,1604,1605,1606,1613}'
    WHERE uid = '00000000000000000000000000000000000000b2';
UPDATE roles SET capabilities = '{103,303,403,903,1503,1600,1605,1613}'
    WHERE uid = '00000000000000000000000000000000000000b3';
