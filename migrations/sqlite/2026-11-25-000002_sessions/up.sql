-- Signed-in sessions kept on the server: the cookie carries a secret whose SHA-256 is
-- the row's key, so a session ends when its row goes (logout, password change, role
-- change, a disabled account) or when it is idle or old past the configured limits.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    last_seen TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- A disabled account cannot sign in, and its API tokens stop working.
ALTER TABLE users ADD COLUMN disabled_at TIMESTAMP;
