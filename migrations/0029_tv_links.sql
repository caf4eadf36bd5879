-- The club's TV has its own name (issue 46 §3): "screen" meant three things.
ALTER TABLE screen_links RENAME TO tv_links;
