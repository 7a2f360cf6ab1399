-- Accounts, roles, API tokens, login throttling, the audit log, settings, table PINs.
CREATE TABLE users (
    id SERIAL PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL,
    club_id INTEGER REFERENCES clubs(id) ON DELETE SET NULL,
    session_epoch INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    CHECK (role IN ('admin', 'organiser', 'referee'))
);

CREATE TABLE api_tokens (
    id SERIAL PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);

CREATE TABLE login_failures (
    id SERIAL PRIMARY KEY,
    subject TEXT NOT NULL,
    at TIMESTAMP NOT NULL
);
CREATE INDEX login_failures_subject ON login_failures (subject, at);

CREATE TABLE audit_log (
    id SERIAL PRIMARY KEY,
    at TIMESTAMP NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    entity TEXT NOT NULL,
    entity_id INTEGER NOT NULL,
    club_id INTEGER,
    event_id INTEGER,
    before_json TEXT,
    after_json TEXT
);
CREATE INDEX audit_log_event ON audit_log (event_id, id);
CREATE INDEX audit_log_club ON audit_log (club_id, id);

CREATE TABLE settings (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

ALTER TABLE matches ADD COLUMN pin TEXT NOT NULL DEFAULT '';
