"""Who is calling the Mini App's API: Telegram's signed ``initData``, checked and not too old.

aiogram checks the signature (HMAC of the bot's token); it does not check the age, and a page
someone saved a week ago must not write into tonight's game: ``auth_date`` older than
``MAX_AGE`` is refused as well. Nothing the browser says is trusted without this."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from aiogram.utils.web_app import safe_parse_webapp_init_data

MAX_AGE = timedelta(days=1)
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
    try:
        data = safe_parse_webapp_init_data(token, header[len(SCHEME) :])
    except ValueError:
        raise Unauthorized("initData with a wrong signature") from None
    if data.user is None:
        raise Unauthorized("initData without a user")
    signed = data.auth_date
    if signed.tzinfo is None:
        signed = signed.replace(tzinfo=now.tzinfo)
    if not timedelta(minutes=-5) <= now - signed <= MAX_AGE:
        raise Unauthorized("initData older than a day")
    return Caller(data.user.id, data.user.first_name, data.start_param)
