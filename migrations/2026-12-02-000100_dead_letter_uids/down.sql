DROP INDEX event_dead_letters_subscription_group_idx;
DROP INDEX event_dead_letters_uid_idx;
ALTER TABLE event_dead_letters
    DROP COLUMN subscription_group,
    DROP COLUMN uid;
