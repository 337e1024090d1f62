-- The built-in roles of grove_domain::builtin::BUILT_IN_ROLES: root-level, fixed uids, their
-- capability numbers ascending. A test in grove-store-postgres checks these rows against
-- `built_in_roles(BUILT_IN_ROLES_CREATE_TIME)`; change both together.
INSERT INTO roles (uid, parent_uid, name, description, capabilities, create_time, update_time) VALUES
    ('00000000000000000000000000000000000000b1', NULL, 'owner',
     'Built-in role: full control of the group and everything in it.',
     '{101,102,103,104,301,302,303,304,401,402,403,404,901,902,903,904,1600,1603,1604,1605,1606,1611,1612,1613,1614}',
     '2026-11-22T00:00:00Z', '2026-11-22T00:00:00Z'),
    ('00000000000000000000000000000000000000b2', NULL, 'editor',
     'Built-in role: read everything and manage repos; no IAM changes.',
     '{103,303,403,903,1600,1603,1604,1605,1606,1613}',
     '2026-11-22T00:00:00Z', '2026-11-22T00:00:00Z'),
    ('00000000000000000000000000000000000000b3', NULL, 'viewer',
     'Built-in role: read-only access to the group and everything in it, including image pulls.',
     '{103,303,403,903,1600,1605,1613}',
     '2026-11-22T00:00:00Z', '2026-11-22T00:00:00Z'),
    ('00000000000000000000000000000000000000b4', NULL, 'registry.pull',
     'Built-in role: pull images and list repos and tags.',
     '{103,1600,1605,1613}',
     '2026-11-22T00:00:00Z', '2026-11-22T00:00:00Z'),
    ('00000000000000000000000000000000000000b5', NULL, 'registry.push',
     'Built-in role: push images, manage repos and tags, create nested groups.',
     '{101,103,1600,1603,1604,1605,1606,1611,1612,1613,1614}',
     '2026-11-22T00:00:00Z', '2026-11-22T00:00:00Z');
