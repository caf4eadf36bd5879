"""Who is calling the Mini App's API: Telegram's signed ``initData``, checked and not too old.

aiogram checks the signature (HMAC of the bot's token); it does not check the age, and a page
someone saved a week ago must not write into tonight's game: ``auth_date`` older than
``MAX_AGE`` is refused as well. Nothing the browser says is trusted without this."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache

from aiogram.utils.web_app import safe_parse_webapp_init_data

MAX_AGE = timedelta(days=1)
CHECKED_KEPT = 4096  # a page sends the same initData on every call: checked once, its age each time
HEADER = "Authorization"  # «tma <initData>», as Telegram's own examples send it
SCHEME = "tma "


class Unauthorized(Exception):
    """No initData, a forged one, or a stale one: 401."""


@dataclass(frozen=True, slots=True)
class Caller:
    user_id: int
    name: str
    start_param: str | None = None  # «club5»: opened from a club's link (``startapp``)


def caller(token: str, header: str | None, now: datetime) -> Caller:
    if not header or not header.startswith(SCHEME):
        raise Unauthorized("no initData")
    who, signed = _signed(token, header[len(SCHEME) :])
    if signed.tzinfo is None:
        signed = signed.replace(tzinfo=now.tzinfo)
    if not timedelta(minutes=-5) <= now - signed <= MAX_AGE:
        raise Unauthorized("initData older than a day")
    return who


@lru_cache(maxsize=CHECKED_KEPT)
def _signed(token: str, init_data: str) -> tuple[Caller, datetime]:
    """The caller and when Telegram signed it. Only a valid signature is kept (an exception is
    never cached), and the same string always carries the same signature: keeping it is safe."""
    try:
        data = safe_parse_webapp_init_data(token, init_data)
    except ValueError:
        raise Unauthorized("initData with a wrong signature") from None
    if data.user is None:
        raise Unauthorized("initData without a user")
    return Caller(data.user.id, data.user.first_name, data.start_param), data.auth_date
