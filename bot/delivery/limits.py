"""Telegram's sending limits, kept before Telegram has to enforce them with a flood wait.

About 30 messages a second for the whole bot, 20 a minute into one group, one a second into one
private chat. ``wait`` says how long a message to a chat must still wait; ``sent`` records one.
"""

from __future__ import annotations

from collections import deque

GLOBAL_INTERVAL = 1 / 30
GROUP_LIMIT = 20
GROUP_WINDOW = 60.0
PRIVATE_INTERVAL = 1.0
# Of a group's 20 a minute, this many are kept for news (a game's announcement, a reply): kept
# posts (a tournament day's seating in eight messages, their edits) never use them up.
KEPT_FOR_NEWS = 6


class SendLimits:
    def __init__(
        self,
        group_limit: int = GROUP_LIMIT,
        group_window: float = GROUP_WINDOW,
        private_interval: float = PRIVATE_INTERVAL,
        global_interval: float = GLOBAL_INTERVAL,
    ) -> None:
        self.group_limit = group_limit
        self.group_window = group_window
        self.private_interval = private_interval
        self.global_interval = global_interval
        self._last_any = float("-inf")
        self._sends: dict[int, deque[float]] = {}
        self._blocked: dict[int, float] = {}  # a flood wait Telegram asked for

    def wait(self, chat_id: int, now: float, kept_post: bool = False) -> float:
        """Seconds until a message may go to ``chat_id`` (0: now); a ``kept_post`` edit leaves
        ``KEPT_FOR_NEWS`` of a group's minute to the news."""
        waits = [self._last_any + self.global_interval - now, self._blocked.get(chat_id, 0) - now]
        sends = self._sends.get(chat_id)
        if sends:
            if chat_id < 0:  # a group
                while sends and sends[0] <= now - self.group_window:
                    sends.popleft()
                limit = self.group_limit - (KEPT_FOR_NEWS if kept_post else 0)
                if len(sends) >= limit:
                    waits.append(sends[len(sends) - limit] + self.group_window - now)
            else:
                waits.append(sends[-1] + self.private_interval - now)
        return max(0.0, *waits)

    def sent(self, chat_id: int, now: float) -> None:
        self._last_any = now
        self._sends.setdefault(chat_id, deque()).append(now)

    def block(self, chat_id: int, until: float) -> None:
        """Telegram asked to wait (``retry_after``): nothing goes to this chat before ``until``."""
        self._blocked[chat_id] = max(self._blocked.get(chat_id, 0), until)
