-- Dead letters over the API (issue 43): each dead letter gets a uid inside its subscription,
-- `<subscription uid>/<first 16 hex digits of the SHA-256 of its id>` (the domain's
-- `DeadLetter::uid_of`), so that lists page, filter and check visibility on the uid range
-- of a group like every other resource; `subscription_group` (the subscription's parent)
-- serves `uidp.children_of`.
ALTER TABLE event_dead_letters
    ADD COLUMN uid text COLLATE "C",
    ADD COLUMN subscription_group text COLLATE "C";
UPDATE event_dead_letters SET
    uid = subscription_uid || '/' || left(encode(sha256(convert_to(id, 'UTF8')), 'hex'), 16),
    subscription_group = regexp_replace(subscription_uid, '/[0-9a-f]{16}$', '');
ALTER TABLE event_dead_letters
    ALTER COLUMN uid SET NOT NULL,
    ALTER COLUMN subscription_group SET NOT NULL;
CREATE UNIQUE INDEX event_dead_letters_uid_idx ON event_dead_letters (uid);
CREATE INDEX event_dead_letters_subscription_group_idx ON event_dead_letters (subscription_group, uid);
