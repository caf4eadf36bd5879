"""``python -m seating``: the same as ``mafia-seating``."""

from seating.cli import main

raise SystemExit(main())
