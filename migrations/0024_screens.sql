-- The club's TV screen (issue 35 §2): links an admin or head judge made with /tv. Only a hash of
-- the secret token is kept; a link works until it expires (after the evening) or is revoked.
CREATE TABLE screen_links (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash  TEXT NOT NULL UNIQUE,
    created_by  INTEGER NOT NULL,
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    revoked_at  TEXT
);
