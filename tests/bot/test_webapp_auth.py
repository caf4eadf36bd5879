"""The Mini App's caller: a signature checked once is kept, but its age is checked on every call,
and nothing else than the very string Telegram signed is ever taken from what was kept."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.webapp.auth import SCHEME, Unauthorized, caller
from tests.webapp import TOKEN, init_data

SIGNED = datetime(2026, 12, 5, 19, 0, tzinfo=UTC)


def header(data: str) -> str:
    return SCHEME + data


def test_a_kept_signature_still_grows_old():
    data = init_data(7, "Лиса", signed_at=SIGNED.timestamp(), start_param="club2")
    first = caller(TOKEN, header(data), SIGNED + timedelta(hours=1))
    assert (first.user_id, first.name, first.start_param) == (7, "Лиса", "club2")
    assert caller(TOKEN, header(data), SIGNED + timedelta(hours=2)) == first
    with pytest.raises(Unauthorized):
        caller(TOKEN, header(data), SIGNED + timedelta(days=1, minutes=1))


def test_a_string_changed_after_a_good_one_was_kept_is_refused():
    data = init_data(7, signed_at=SIGNED.timestamp())
    caller(TOKEN, header(data), SIGNED)
    tampered = data.replace("%22id%22%3A7", "%22id%22%3A8")
    assert tampered != data
    for forged in (tampered, data + "&start_param=club9"):
        with pytest.raises(Unauthorized):
            caller(TOKEN, header(forged), SIGNED)
    with pytest.raises(Unauthorized):  # another bot's token never reads this bot's kept checks
        caller("1:other", header(data), SIGNED)
