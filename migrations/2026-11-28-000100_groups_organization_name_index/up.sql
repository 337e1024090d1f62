-- A page of an organization's groups by name (`uidp.descendants_of=<organization>`,
-- `order_by=name`, the console's first view of an organization) as one index walk whose
-- plan does not depend on the organization's size: equality on the organization's uid (the
-- first segment of every uid in it), then name and uid in order. Because the plan is the
-- same for every organization, PostgreSQL plans the statement once per connection instead
-- of at every page (README, "Pages of an organization by name").
CREATE INDEX groups_organization_name_uid_idx ON groups ((split_part(uid, '/', 1)), name, uid);
