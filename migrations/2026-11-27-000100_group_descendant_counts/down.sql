DROP TRIGGER groups_truncated ON groups;
DROP TRIGGER groups_count_deleted ON groups;
DROP TRIGGER groups_count_inserted ON groups;
DROP FUNCTION forget_group_counts();
DROP FUNCTION count_deleted_groups();
DROP FUNCTION count_inserted_groups();
DROP FUNCTION add_to_ancestor_counts(text[], bigint);
DROP FUNCTION group_ancestors(text);
DROP TABLE group_descendant_counts;
