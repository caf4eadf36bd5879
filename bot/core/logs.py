"""How the bot logs: human-readable lines (the default), or one JSON object per line
(``LOG_FORMAT=json``) for log collectors, with the update's fields when a record has them."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

FIELDS = ("update_id", "user", "chat", "handler", "duration_ms")  # ``extra`` of a handled update


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "event": record.getMessage(),
        }
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def configure(level: str, json_lines: bool) -> None:
    handler = logging.StreamHandler()
    if json_lines:
        handler.setFormatter(JsonFormatter())
        # The bot's own «handled» record carries the update's fields; aiogram's line is a twin.
        logging.getLogger("aiogram.event").setLevel(logging.WARNING)
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=level, handlers=[handler], force=True)
    # aiohttp's access of the Bot API URL would print the token in debug logs.
    logging.getLogger("aiohttp.client").setLevel(logging.WARNING)
