"""People in the fake Telegram: they send texts, press the buttons they see and read the chat."""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable
from typing import Any

from tests.fakes.bot_api import Chat, FakeBotAPI, Message

Deliver = Callable[[dict[str, Any]], Awaitable[None]]
_user_ids = itertools.count(100001)


class World:
    """The fake Telegram and how its updates reach the bot.

    ``deliver`` feeds an update straight into a Dispatcher (dispatcher-level tests); without it,
    updates wait in the fake's ``getUpdates`` queue for a polling bot process (end-to-end tests).
    """

    def __init__(self, api: FakeBotAPI, deliver: Deliver | None = None) -> None:
        self.api = api
        self.deliver = deliver

    def person(
        self, first_name: str, *, user_id: int | None = None, username: str | None = None,
        opened: bool = True,
    ) -> Person:  # fmt: skip
        """``opened=False``: he has not opened the bot, which cannot write to him first."""
        person = Person(self, user_id or next(_user_ids), first_name, username)
        person.private.started = opened
        return person

    def group(self, chat_id: int, title: str = "Клуб") -> Chat:
        return self.api.add_chat(Chat(chat_id, "supergroup", title=title))

    async def _deliver(self, update: dict[str, Any]) -> None:
        if self.deliver is not None:
            await self.deliver(update)


class Person:
    def __init__(self, world: World, user_id: int, first_name: str, username: str | None) -> None:
        self.world = world
        self.api = world.api
        self.user: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": first_name}
        if username:
            self.user["username"] = username
        self.id = user_id
        self.private = self.api.add_chat(
            Chat(user_id, "private", first_name=first_name, username=username)
        )
        self._mark = 0
        self._sent: set[tuple[int, int]] = set()  # (chat, message id) of what he sent

    # -- doing ---------------------------------------------------------------------------------

    async def send(
        self, text: str, chat: Chat | None = None, *, reply_to: Message | None = None
    ) -> None:
        chat = chat or self.private
        self._mark = self.api.version
        update = self.api.user_message(chat, self.user, text)
        self._sent.add((chat.id, update["message"]["message_id"]))
        if reply_to is not None:
            update["message"]["reply_to_message"] = reply_to.to_api(chat)
        await self.world._deliver(update)

    async def send_file(
        self, name: str, content: bytes, caption: str = "", chat: Chat | None = None,
        *, size: int | None = None,
    ) -> None:  # fmt: skip
        chat = chat or self.private
        self._mark = self.api.version
        update = self.api.user_document(chat, self.user, name, content, caption, size=size)
        await self.world._deliver(update)

    async def press(
        self, button: str, chat: Chat | None = None, message: Message | None = None
    ) -> None:
        """Press the button labelled ``button`` on ``message`` (default: the newest showing it)."""
        chat = chat or self.private
        candidates = [message] if message else [m for m in reversed(chat.history()) if m.from_bot]
        for candidate in candidates:
            for shown in candidate.buttons():
                if shown["text"] == button and "callback_data" in shown:
                    await self.press_data(shown["callback_data"], candidate, chat)
                    return
        visible = [b["text"] for m in candidates[:1] for b in m.buttons()]
        raise AssertionError(f"no button {button!r} is shown; the newest message shows {visible}")

    async def press_data(self, data: str, message: Message, chat: Chat | None = None) -> None:
        """Send a callback with any data: for forged or stale buttons."""
        chat = chat or self.private
        self._mark = self.api.version
        await self.world._deliver(self.api.callback(chat, self.user, message, data))

    # -- reading -------------------------------------------------------------------------------

    def bot_messages(self, chat: Chat | None = None) -> list[Message]:
        return [m for m in (chat or self.private).history() if m.from_bot]

    def last(self, chat: Chat | None = None) -> Message:
        messages = self.bot_messages(chat)
        assert messages, "the bot has not written in this chat"
        return messages[-1]

    async def reply(self, chat: Chat | None = None, timeout: float = 5.0) -> Message:
        """The bot's newest message or edit in the chat since this person's last action.

        In a group only a message sent since then counts, one answering his own first: the
        club chat's announcements are edited at any moment (a protest's mark, a window
        closing), and such an edit is no answer to him."""
        chat = chat or self.private
        mark = self._mark
        private = chat.type == "private"

        def changed() -> Message | None:
            if chat.changed_at <= mark:
                return None
            if private:
                fresh = [m for m in chat.history() if m.from_bot and m.changed_at > mark]
                return max(fresh, key=lambda m: m.changed_at) if fresh else None
            sent = [m for m in chat.history() if m.from_bot and m.created_at > mark]
            mine = [m for m in sent if (chat.id, m.reply_to) in self._sent]
            found = mine or sent
            return max(found, key=lambda m: m.created_at) if found else None

        message: Message = await self.api.wait_for(changed, timeout, chat.id)
        return message

    def last_answer(self) -> dict[str, Any] | None:
        """The answer to this person's newest callback query (the toast or alert it shows)."""
        for method, params in reversed(self.api.calls):
            if method.lower() == "answercallbackquery":
                return params
        return None

    def buttons(self, chat: Chat | None = None) -> list[str]:
        return [b["text"] for b in self.last(chat).buttons()]
