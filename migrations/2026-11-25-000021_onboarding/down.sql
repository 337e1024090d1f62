DROP TABLE identity_metadata;
DROP TABLE group_access_requests;
