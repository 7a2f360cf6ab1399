ALTER TABLE matches DROP COLUMN pin;
DROP TABLE settings;
DROP TABLE audit_log;
DROP TABLE login_failures;
DROP TABLE api_tokens;
DROP TABLE users;
