UPDATE roles SET capabilities = array_remove(capabilities, 1306)
WHERE uid = '00000000000000000000000000000000000000b1';
DROP TABLE scim_group_members;
DROP TABLE scim_groups;
DROP TABLE scim_users;
