DROP TABLE identity_provider_scim;
