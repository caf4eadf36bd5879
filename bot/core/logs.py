"""How the bot logs: human-readable lines (the default), or one JSON object per line
(``LOG_FORMAT=json``) for log collectors, with the update's fields when a record has them."""

from __future__ import annotations

import json
import logging
import time
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


class Throttled:
    """A log line that may come thousands of times a second (a refused call of the Mini App's
    API, say): the first ``burst`` of each ``window`` seconds are written, the rest counted and
    said in one line when the next window opens — the log stays readable and nothing is hidden."""

    def __init__(self, logger: logging.Logger, window: float = 60.0, burst: int = 5) -> None:
        self.logger = logger
        self.window = window
        self.burst = burst
        self._opened = float("-inf")
        self._written = 0
        self._held = 0

    def warning(self, message: str, *args: object) -> None:
        now = time.monotonic()
        if now - self._opened >= self.window:
            if self._held:
                self.logger.warning(
                    "%s more like the lines above in %.0f s, not written one by one",
                    self._held, self.window,
                )  # fmt: skip
            self._opened, self._written, self._held = now, 0, 0
        if self._written < self.burst:
            self._written += 1
            self.logger.warning(message, *args)
        else:
            self._held += 1
