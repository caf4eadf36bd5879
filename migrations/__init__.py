"""Numbered SQL migrations, applied in order at start-up (see ``bot.core.db``)."""
