DROP TABLE mapped_role_bindings;
