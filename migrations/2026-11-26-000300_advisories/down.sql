DROP TABLE advisories;
-- pg_trgm stays: other objects may use it.
