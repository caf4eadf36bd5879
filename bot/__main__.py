"""``python -m bot``: run the club's bot (long polling)."""

from __future__ import annotations

import logging
import sys

from bot.core.config import ConfigError, load_settings
from bot.core.db import DatabaseError


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # aiohttp's access of the Bot API URL would print the token in debug logs.
    logging.getLogger("aiohttp.client").setLevel(logging.WARNING)
    from bot.app import StartupError, main_loop

    try:
        main_loop(settings)
    except DatabaseError as error:
        print(f"Database error: {error}", file=sys.stderr)
        return 3
    except StartupError as error:
        print(f"Start-up error: {error}", file=sys.stderr)
        return 4
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
