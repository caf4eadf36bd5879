"""Updates set aside so that none can stop the bot: the one owner of ``dead_updates``.

An update Telegram sent that aiogram cannot read (a Bot API server of another version omits a
field aiogram requires) is kept raw here and acknowledged past, instead of failing the whole
batch again and again; so is one whose handler raised (the person was answered by the errors
router, and the update is not handled again after a restart). Each is logged once as a WARNING;
admins are told in private once per distinct reason, not once per update.
"""

from __future__ import annotations

import json
import logging
import traceback
from collections.abc import Awaitable, Callable
from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.outbox import Kind, enqueue, private
from bot.texts import delivery as texts

log = logging.getLogger(__name__)
MAX_RAW = 100_000  # characters of an update's JSON kept: Telegram's updates are far smaller
Admins = Callable[[], Awaitable[list[int]]]


class DeadKind(StrEnum):
    UNREADABLE = "unreadable"
    FAILED = "failed"


def unreadable_reason(error: ValidationError) -> str:
    """What aiogram could not read, stable across updates with the same fault: «my_chat_member.
    old_chat_member.administrator.can_send_welcome_messages: missing»."""
    parts = []
    for problem in error.errors()[:3]:
        where = ".".join(str(part) for part in problem.get("loc", ()))
        parts.append(f"{where}: {problem.get('type', 'invalid')}")
    return "; ".join(parts) or "invalid"


def failure_reason(error: BaseException) -> str:
    """The exception and the line of ours it came from: «KeyError at bot/x.py:12 (f)»."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if "/bot/" in f.filename or "/handlers/" in f.filename]
    found = ours or list(frames)
    frame = found[-1] if found else None
    where = f" at {Path(frame.filename).name}:{frame.lineno} ({frame.name})" if frame else ""
    return f"{type(error).__name__}{where}"


class DeadLetters:
    def __init__(self, database: Database, clock: Clock, admins: Admins) -> None:
        self.database = database
        self.clock = clock
        self.admins = admins

    async def set_aside(
        self, bot_id: int, update_id: int, kind: DeadKind, reason: str, raw: Any
    ) -> None:
        """Keep the update (once: a repeat of it changes nothing) and tell admins when its
        reason is new."""
        text = raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False, default=str)
        admins = await self.admins()
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            told = await tx.one("SELECT 1 FROM dead_updates WHERE reason = ? LIMIT 1", (reason,))
            written = await tx.execute(
                "INSERT INTO dead_updates (bot_id, update_id, kind, reason, raw, at) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (bot_id, update_id, kind.value, reason, text[:MAX_RAW], now),
            )
            if not written:
                return
            log.warning("Update %s set aside (%s): %s", update_id, kind.value, reason)
            if told is None:
                body = texts.dead_update(kind is DeadKind.UNREADABLE, update_id, reason)
                for admin in admins:
                    await enqueue(tx, private(admin), Kind.TEXT, now, body=body)

    async def count(self) -> int:
        row = await self.database.fetchone("SELECT count(*) FROM dead_updates")
        return int(row[0]) if row else 0
