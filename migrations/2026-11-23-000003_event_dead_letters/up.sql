-- Dead letters (issue 14): webhook deliveries the relay gave up on, with a copy of the
-- event (the outbox row may be pruned meanwhile), for `grove admin events dead-letters` and
-- `replay`. No foreign key to subscriptions: a dead letter outlives its subscription, and a
-- replay then refuses.
CREATE TABLE event_dead_letters (
    id               text COLLATE "C" NOT NULL,
    event_id         text COLLATE "C" NOT NULL,
    type             text NOT NULL,
    time             timestamptz NOT NULL,
    group_uid        text COLLATE "C" NOT NULL,
    subject          text COLLATE "C" NOT NULL,
    data             text NOT NULL,
    subscription_uid text COLLATE "C" NOT NULL,
    sink             text NOT NULL,
    attempts         integer NOT NULL,
    reason           text NOT NULL,
    failed_at        timestamptz NOT NULL,
    CONSTRAINT event_dead_letters_pkey PRIMARY KEY (id)
);
CREATE INDEX event_dead_letters_failed_at_idx ON event_dead_letters (failed_at, id);
