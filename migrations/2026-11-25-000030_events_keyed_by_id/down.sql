ALTER TABLE events RESET (fillfactor, autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold);
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events ADD CONSTRAINT events_id_key UNIQUE (id);
ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (seq);
