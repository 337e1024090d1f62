-- Fewer index writes per event (issue 14: the outbox's share of a write's cost).
--
-- Each event is written three times: inserted with its change, leased by a relay's claim, and
-- marked delivered. A row version that cannot stay on its page (or changes an indexed column)
-- adds an entry to every index of the table.
--
-- - The id, which the relay marks and releases events by, becomes the primary key; `seq`
--   keeps its order and is indexed where it is read, by the partial index of undelivered
--   events. One index less for every insert and every moved row version.
-- - Pages are filled to 60%, so that the lease (which changes no indexed column) is a
--   heap-only update on the event's own page and touches no index at all.
-- - Vacuumed after every 10 000 dead row versions rather than when a fifth of the table is
--   dead: the table keeps delivered events for days, and the claim walks past the dead
--   entries of the undelivered index until a vacuum removes them.
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events DROP CONSTRAINT events_id_key;
ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (id);
ALTER TABLE events SET (fillfactor = 60, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000);
