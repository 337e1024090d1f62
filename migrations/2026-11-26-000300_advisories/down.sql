UPDATE roles SET capabilities = array_remove(capabilities, 1902)
    WHERE uid IN ('00000000000000000000000000000000000000b1', '00000000000000000000000000000000000000b2',
                  '00000000000000000000000000000000000000b3');
DROP TABLE advisories;
-- pg_trgm stays: other objects may use it.
