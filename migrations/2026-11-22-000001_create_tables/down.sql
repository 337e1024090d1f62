DROP TABLE tags;
DROP TABLE repos;
DROP TABLE role_bindings;
DROP TABLE roles;
DROP TABLE identities;
DROP TABLE groups;
