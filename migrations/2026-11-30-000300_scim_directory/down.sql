DROP TABLE scim_group_members;
DROP TABLE scim_groups;
DROP TABLE scim_users;
