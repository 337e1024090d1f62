-- Onboarding (issue 11): requests for access to verified organizations (RequestGroupAccess)
-- and the metadata identities give about themselves (UpdateIdentityMetadata).

-- One row per (organization, identity): asking again is refused (RESOURCE_EXHAUSTED). The
-- requester is kept by uid without a foreign key: the request records who asked even after
-- that identity is gone. `email` is the verified email whose domain matched.
CREATE TABLE group_access_requests (
    uid           text COLLATE "C" NOT NULL,
    parent_uid    text COLLATE "C" NOT NULL,
    identity_uid  text COLLATE "C" NOT NULL,
    email         text NOT NULL,
    create_time   timestamptz NOT NULL,
    CONSTRAINT group_access_requests_pkey PRIMARY KEY (uid),
    -- An organization's requests go with it, like its role bindings.
    CONSTRAINT group_access_requests_parent_fkey FOREIGN KEY (parent_uid) REFERENCES groups (uid) ON DELETE CASCADE,
    CONSTRAINT group_access_requests_parent_check CHECK (uid = parent_uid || '/' || right(uid, 16)),
    CONSTRAINT group_access_requests_parent_identity_key UNIQUE (parent_uid, identity_uid)
);

-- An identity's metadata, one row at most; `company` is the identity's own column. The row
-- goes with its identity.
CREATE TABLE identity_metadata (
    identity_uid                  text COLLATE "C" NOT NULL,
    updates_opt_in                boolean NOT NULL,
    product                       text NOT NULL,
    job_title                     text NOT NULL,
    utm_campaign                  text NOT NULL,
    utm_content                   text NOT NULL,
    utm_medium                    text NOT NULL,
    utm_source                    text NOT NULL,
    utm_term                      text NOT NULL,
    latest_form_submit_url        text NOT NULL,
    latest_internal_referring_url text NOT NULL,
    self_serve                    boolean NOT NULL,
    CONSTRAINT identity_metadata_pkey PRIMARY KEY (identity_uid),
    CONSTRAINT identity_metadata_identity_fkey FOREIGN KEY (identity_uid) REFERENCES identities (uid) ON DELETE CASCADE
);
