DROP TABLE console_logins;
DROP TABLE console_sessions;
