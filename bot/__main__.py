"""``python -m bot`` (or the installed ``mafia-bot``): run the club's bot (long polling)."""

from __future__ import annotations

import sys

from bot.core.config import ConfigError, bot_version, load_settings
from bot.core.db import DatabaseError
from bot.core.logs import configure

USAGE = """usage: mafia-bot [--version]

Runs the club's bot (long polling) with the settings from the environment or .env; see the
README. Exit codes: 0 stopped, 2 bad setting, 3 database error, 4 token rejected."""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args in (["--version"], ["-V"]):
        print(f"mafia-bot {bot_version()}")
        return 0
    if args in (["--help"], ["-h"]):
        print(USAGE)
        return 0
    if args:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    configure(settings.log_level, json_lines=settings.log_format == "json")
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
