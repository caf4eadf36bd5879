-- A club's own choices that are not a member's (issue 32 §3: whether the evening's results and a
-- tournament's closing name a fair-play nomination). One row per option, written by an admin in
-- /settings; an option without a row has its default (bot/club/options.py).
CREATE TABLE club_options (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    changed_by INTEGER NOT NULL,
    changed_at TEXT NOT NULL
);
