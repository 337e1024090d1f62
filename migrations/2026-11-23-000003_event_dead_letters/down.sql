DROP TABLE event_dead_letters;
