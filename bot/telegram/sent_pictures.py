"""Pictures sent before, by what they show: Telegram keeps every file a bot has sent, and its
``file_id`` sends the same picture again to anyone without drawing or uploading it — a player
asking /me again before his next game, thirty players tapping the same page of the standings.

One per bot (a ``file_id`` is valid for the bot that got it), in memory for the life of the
process; a picture that shows anything new (another game, another page, another minute's
standings) is another key and is drawn."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

from aiogram.types import Message

KEPT_FILE_IDS = 10_000  # about 100 bytes each, with its key


class SentPictures:
    def __init__(self) -> None:
        self._file_ids: OrderedDict[Hashable, str] = OrderedDict()

    def sent_before(self, shows: Hashable) -> str | None:
        """The ``file_id`` of a picture showing exactly this, if one was sent."""
        file_id = self._file_ids.get(shows)
        if file_id is not None:
            self._file_ids.move_to_end(shows)
        return file_id

    def remember(self, shows: Hashable, sent: Message) -> None:
        if not sent.photo:
            return
        self._file_ids[shows] = sent.photo[-1].file_id  # the largest: the others come from it
        self._file_ids.move_to_end(shows)
        while len(self._file_ids) > KEPT_FILE_IDS:
            self._file_ids.popitem(last=False)

    def forget(self, shows: Hashable) -> None:
        self._file_ids.pop(shows, None)
