-- Terms acceptances (issue 11): which legal documents each group accepted, by whom and when.
-- One row per (group, document): accepting again keeps the first row. `uid` is internal (the
-- wire shows none) and serves keyset paging like every other list.

CREATE TABLE terms_acceptances (
    uid          text COLLATE "C" NOT NULL,
    parent_uid   text COLLATE "C" NOT NULL,
    doc_id       text COLLATE "C" NOT NULL,
    accepted_by  text COLLATE "C" NOT NULL,
    create_time  timestamptz NOT NULL,
    CONSTRAINT terms_acceptances_pkey PRIMARY KEY (uid),
    -- A group's acceptances go with it, like its role bindings and subscriptions.
    CONSTRAINT terms_acceptances_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE CASCADE,
    CONSTRAINT terms_acceptances_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16)),
    CONSTRAINT terms_acceptances_parent_doc_key UNIQUE (parent_uid, doc_id)
);
-- A group's list reads the rows of the group and its ancestors, oldest first (the default).
CREATE INDEX terms_acceptances_parent_time_idx ON terms_acceptances (parent_uid, create_time, uid);

-- The built-in owner gains terms.accept and terms.list (2201, 2202), as the public OwnerCaps
-- bundle has them; editor and viewer do not.
UPDATE roles SET capabilities =
    '{101,102,103,104,301,302,303,304,401,402,403,404,901,902,903,904,1501,1502,1503,1504,1600,1603,1604,1605,1606,1611,1612,1613,1614,2201,2202}'
    WHERE uid = '00000000000000000000000000000000000000b1';
