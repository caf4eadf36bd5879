"""An in-memory Telegram Bot API that is as strict as Telegram where the bot could go wrong.

It keeps every chat's messages as a person would see them (edits applied), queues updates for
``getUpdates``, and refuses what Telegram refuses: unparsable HTML, empty or over-long texts,
oversized ``callback_data``, unchanged edits, unknown chats, callback queries answered twice or too
late, and more than the allowed messages a minute into one group.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import math
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.fakes.telegram_rules import BotAPIError, bad_request, check_markup, check_text
from tests.timing import scaled

BOT_ID = 7000001
TOKEN = f"{BOT_ID}:TEST-token"
BOT_USER = {"id": BOT_ID, "is_bot": True, "first_name": "Клубный бот", "username": "club_test_bot"}


@dataclass
class Message:
    message_id: int
    chat_id: int
    sender: dict[str, Any]
    text: str  # what the person sees (markup parsed)
    raw_text: str  # what the bot sent
    reply_markup: dict[str, Any] | None = None
    reply_to: int | None = None
    date: int = field(default_factory=lambda: int(time.time()))
    edits: int = 0
    document: dict[str, Any] | None = None
    photo: dict[str, Any] | None = None
    caption: str = ""
    changed_at: int = 0  # FakeBotAPI.version when the bot last sent or edited it
    created_at: int = 0  # FakeBotAPI.version when the bot sent it
    sent_clock: float = 0.0  # FakeBotAPI.clock() when the bot sent it (the outbox's pacing time)

    @property
    def from_bot(self) -> bool:
        return bool(self.sender.get("is_bot"))

    def buttons(self) -> list[dict[str, Any]]:
        if not self.reply_markup:
            return []
        rows = self.reply_markup.get("inline_keyboard") or []
        return [button for row in rows for button in row]

    def to_api(self, chat: Chat) -> dict[str, Any]:
        data: dict[str, Any] = {
            "message_id": self.message_id,
            "date": self.date,
            "chat": chat.to_api(),
            "from": self.sender,
            "text": self.text,
        }
        if self.reply_markup and "inline_keyboard" in self.reply_markup:
            data["reply_markup"] = self.reply_markup
        if self.edits:
            data["edit_date"] = self.date
        if self.document or self.photo:
            data.pop("text")
            if self.document:
                data["document"] = self.document
            if self.photo:
                data["photo"] = [self.photo]
            if self.caption:
                data["caption"] = self.caption
        return data


@dataclass
class Chat:
    id: int
    type: str
    title: str | None = None
    first_name: str | None = None
    username: str | None = None
    messages: dict[int, Message] = field(default_factory=dict)
    kicked: bool = False  # the bot was removed from this group (or blocked by this person)
    migrated_to: int | None = None  # the group became this supergroup
    started: bool = True  # a private chat: the person has opened the bot (pressed Start)
    changed_at: int = 0  # FakeBotAPI.version when the bot last sent or edited a message here
    admins: set[int] = field(default_factory=set)  # a group: who Telegram says administers it

    def to_api(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type}
        for key in ("title", "first_name", "username"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        return data

    def history(self) -> list[Message]:
        # Message ids grow per chat and each message is stored as its id is given: in order.
        return list(self.messages.values())


@dataclass
class CallbackQuery:
    id: str
    created: float
    data: str = ""  # the button's: named when it is left unanswered
    answered: bool = False
    late_by: float | None = None  # answered after Telegram's deadline: this many seconds
    answer: dict[str, Any] | None = None


# Fields aiogram sends as plain strings; every other field arrives JSON-encoded.
_STRING_FIELDS = {
    "text", "parse_mode", "callback_query_id", "caption", "url", "inline_message_id",
    "business_connection_id", "language_code", "secret_token", "ip_address", "description",
    "short_description", "name", "chat_instance", "filename",
}  # fmt: skip


def decode_params(raw: dict[str, str]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for key, value in raw.items():
        if key in _STRING_FIELDS or not isinstance(value, str):
            params[key] = value
            continue
        try:
            params[key] = json.loads(value)
        except ValueError:
            params[key] = value
    return params


class FakeBotAPI:
    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        callback_deadline: float = 15.0,
        group_limit: int = 20,
        group_window: float = 60.0,
    ) -> None:
        self.clock = clock
        # Telegram's ≈ 15 s to answer a tap, in this machine's time (tests/timing.py): the
        # bot's way to the answer is as much slower here as every other clock of the suite.
        self.callback_deadline = scaled(callback_deadline)
        self.group_limit = group_limit  # messages per window into one group
        self.group_window = group_window
        self.chats: dict[int, Chat] = {}
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.errors: list[tuple[str, BotAPIError]] = []
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.menu_button: dict[str, Any] | None = None  # setChatMenuButton's default
        self.callback_queries: dict[str, CallbackQuery] = {}
        self.webhook_deleted = 0
        self.webhook: dict[str, Any] | None = None  # {"url", "secret_token"} once set
        self.webhook_posts: list[tuple[int, int]] = []  # (update id, HTTP status) per POST
        self.webhook_timeout = 30.0
        self.webhook_retry = 0.5
        # Telegram failing every request but getUpdates (issue 31): ("429", retry after),
        # ("5xx", 0) or ("drop", 0), until ``down_until`` by ``clock``; see ``fail_for``.
        self.down: tuple[str, int] | None = None
        self.down_until = 0.0
        self.failed_while_down: list[str] = []
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._message_ids: dict[int, itertools.count[int]] = {}
        self._callback_ids = itertools.count(1)
        self._group_sends: dict[int, deque[float]] = {}
        # Set and replaced on every change: whoever waits for one wakes (no task per change).
        self._changed = asyncio.Event()
        # one per chat someone waits on: fifty people waiting for their own answers are not all
        # woken by every call the bot makes (that made this fake the bottleneck of a benchmark)
        self._chat_changed: dict[int, asyncio.Event] = {}
        self.closing = False
        self.version = 0  # grows with every message the bot sends or edits
        # Methods that never answer while listed: the bot hangs in them, for crash tests. A call
        # released later is dropped (its caller is dead by then) and changes nothing.
        self.frozen: set[str] = set()
        self.frozen_calls: list[str] = []
        self.failing: dict[str, int] = {}  # method → how many more calls answer 502 Bad Gateway
        self.dropping: dict[str, int] = {}  # method → how many more calls lose the connection
        self.files: dict[str, tuple[str, bytes]] = {}  # file id (= file path) → name, content
        self._file_ids = itertools.count(1)

    def store_file(self, name: str, content: bytes) -> str:
        """Keep an uploaded or a person's file; its id is also its download path."""
        file_id = f"file{next(self._file_ids)}"
        self.files[file_id] = (name, content)
        return file_id

    def file_of(self, message: Message) -> tuple[str, bytes]:
        """The name and content of the document or photo a message carries."""
        attached = message.document or message.photo
        assert attached is not None, "the message has no file"
        return self.files[attached["file_id"]]

    def _touch(self, message: Message) -> None:
        self.version += 1
        message.changed_at = self.version
        if not message.created_at:
            message.created_at = self.version
            message.sent_clock = self.clock()
        chat = self.chats.get(message.chat_id)
        if chat is not None:
            chat.changed_at = self.version
        waiting = self._chat_changed.pop(message.chat_id, None)
        if waiting is not None:
            waiting.set()

    # -- state changes that people make -------------------------------------------------------

    def add_chat(self, chat: Chat) -> Chat:
        self.chats.setdefault(chat.id, chat)
        return self.chats[chat.id]

    def _next_message_id(self, chat_id: int) -> int:
        return next(self._message_ids.setdefault(chat_id, itertools.count(1)))

    def user_message(self, chat: Chat, user: dict[str, Any], text: str) -> dict[str, Any]:
        chat.started = True
        message = Message(self._next_message_id(chat.id), chat.id, user, text, text)
        chat.messages[message.message_id] = message
        data = message.to_api(chat)
        if text.startswith("/"):
            command = text.split()[0]
            data["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
        return self._queue({"message": data})

    def callback(
        self, chat: Chat, user: dict[str, Any], message: Message, data: str
    ) -> dict[str, Any]:
        query_id = str(next(self._callback_ids))
        self.callback_queries[query_id] = CallbackQuery(query_id, self.clock(), data)
        return self._queue(
            {
                "callback_query": {
                    "id": query_id,
                    "from": user,
                    "message": message.to_api(chat),
                    "chat_instance": str(chat.id),
                    "data": data,
                }
            }
        )

    def bot_status(self, chat: Chat, status: str, by: dict[str, Any]) -> dict[str, Any]:
        """The bot was added to (``administrator``, ``member``) or removed from (``kicked``,
        ``left``) a group: Telegram's ``my_chat_member`` update."""
        old = "left" if status in ("administrator", "member") else "member"
        chat.kicked = status in ("kicked", "left")
        member = {"user": BOT_USER, "status": status}
        if status == "administrator":
            member |= {
                "can_be_edited": False, "is_anonymous": False, "can_manage_chat": True,
                "can_delete_messages": True, "can_manage_video_chats": False,
                "can_restrict_members": False, "can_promote_members": False,
                "can_change_info": False, "can_invite_users": False, "can_post_stories": False,
                "can_edit_stories": False, "can_delete_stories": False,
                "can_send_welcome_messages": False,
            }  # fmt: skip
        if status == "kicked":
            member["until_date"] = 0
        return self._queue(
            {
                "my_chat_member": {
                    "chat": chat.to_api(),
                    "from": by,
                    "date": int(time.time()),
                    "old_chat_member": {"user": BOT_USER, "status": old},
                    "new_chat_member": member,
                }
            }
        )

    def raw_update(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Any update, as another Bot API server might send it (e.g. missing a field)."""
        return self._queue(payload)

    def _queue(self, update: dict[str, Any]) -> dict[str, Any]:
        update = {"update_id": next(self._update_ids), **update}
        self._updates.append(update)
        self._notify()
        return update

    def _notify(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def _change(self, timeout: float, chat_id: int | None = None) -> None:
        """Wait for the next change (of the chat's messages, when named), at most ``timeout``
        seconds."""
        if chat_id is None:
            changed = self._changed
        else:
            changed = self._chat_changed.setdefault(chat_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await changed.wait()

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float = 5.0, chat_id: int | None = None
    ) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked on every change, or on every change
        of the messages in ``chat_id`` when the predicate reads nothing else, and every 0.2 s
        anyway); return its value. ``timeout`` is in the reference machine's seconds
        (tests/timing.py)."""
        deadline = asyncio.get_running_loop().time() + scaled(timeout)
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError("the bot did not do what the test waited for in time")
            await self._change(min(remaining, 0.2), chat_id)

    def message_errors(self) -> list[BotAPIError]:
        """Errors of sending or editing messages: what a person would miss."""
        kinds = {
            "sendmessage", "editmessagetext", "editmessagereplymarkup", "senddocument",
            "sendphoto",
        }  # fmt: skip
        return [error for method, error in self.errors if method.lower() in kinds]

    def all_acknowledged(self) -> bool:
        """Every update was confirmed by a later getUpdates offset (so it was handled)."""
        return not self._updates

    def unanswered_report(self) -> list[str]:
        """Each unanswered callback query: its button's data, and how late an answer came."""
        return [
            f"{q.id} {q.data!r}" + (f" answered {q.late_by:.1f} s after" if q.late_by else "")
            for q in self.callback_queries.values()
            if not q.answered
        ]

    def unanswered_callbacks(self) -> list[str]:
        return [q.id for q in self.callback_queries.values() if not q.answered]

    # -- the Bot API ---------------------------------------------------------------------------

    def fail_for(self, kind: str, seconds: float, retry_after: int = 5) -> None:
        """Every request but getUpdates fails for ``seconds``: ``429`` (a flood wait of
        ``retry_after``), ``5xx`` (a proxy's Bad Gateway) or ``drop`` (the connection breaks)."""
        self.down = (kind, retry_after)
        self.down_until = self.clock() + seconds

    def failing_now(self, method: str) -> str | None:
        """The kind of failure ``method`` meets now, if Telegram is down for it."""
        if self.down is None or method.lower() == "getupdates":
            return None
        if self.clock() >= self.down_until:
            self.down = None
            return None
        self.failed_while_down.append(method)
        return self.down[0]

    async def call(self, method: str, params: dict[str, Any]) -> Any:
        if method.lower() in self.frozen:
            self.frozen_calls.append(method)
            self._notify()
            while method.lower() in self.frozen and not self.closing:  # noqa: ASYNC110 (a test switch)
                await asyncio.sleep(0.05)
            raise BotAPIError(500, "Internal Server Error: dropped by a crash test")
        down = self.failing_now(method)
        if down == "429":
            assert self.down is not None
            retry_after = self.down[1]
            raise BotAPIError(429, f"Too Many Requests: retry after {retry_after}", retry_after)
        if down == "5xx":
            raise BotAPIError(502, "Bad Gateway")
        self.calls.append((method, params))
        if self.failing.get(method.lower(), 0) > 0:
            self.failing[method.lower()] -= 1
            raise BotAPIError(502, "Bad Gateway")
        handler = getattr(self, f"api_{method.lower()}", None)
        if handler is None:
            raise BotAPIError(404, "Not Found: method not found")
        try:
            result = await handler(params) if method.lower() == "getupdates" else handler(params)
        except BotAPIError as error:
            self.errors.append((method, error))
            raise
        self._notify()
        return result

    def api_getme(self, params: dict[str, Any]) -> dict[str, Any]:
        return {**BOT_USER, "can_join_groups": True, "can_read_all_group_messages": False,
                "supports_inline_queries": False}  # fmt: skip

    def api_deletewebhook(self, params: dict[str, Any]) -> bool:
        if params.get("drop_pending_updates"):
            self._updates.clear()
        self.webhook_deleted += 1
        self.webhook = None
        return True

    def api_setwebhook(self, params: dict[str, Any]) -> bool:
        url = str(params.get("url") or "")
        if not url.startswith(("https://", "http://127.0.0.1")):
            raise bad_request("bad webhook: HTTPS url must be provided for webhook")
        secret = params.get("secret_token")
        if secret is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", str(secret)):
            raise bad_request("secret token contains unallowed characters")
        if params.get("drop_pending_updates"):
            self._updates.clear()
        self.webhook = {"url": url, "secret_token": secret}
        self._notify()
        return True

    async def deliver_webhooks(
        self, url_of: Callable[[str], str] | None = None, connections: int = 1
    ) -> None:
        """Telegram's side of a webhook: POST each queued update, oldest first, to the URL
        until it answers 200; a non-200, an error or a timeout is retried (after ``retry``
        seconds), as Telegram does. ``url_of`` maps the registered URL (an https:// address
        behind the host's proxy) to where the bot listens (called once per post). With
        ``connections`` > 1, as many posts are in flight at once (Telegram's
        ``max_connections``), never two of one chat: a chat's updates arrive in order. Runs
        until ``closing``."""
        import aiohttp

        in_flight: set[int] = set()
        async with aiohttp.ClientSession() as session:
            await asyncio.gather(
                *(self._webhook_worker(session, url_of, in_flight) for _ in range(connections))
            )

    async def _webhook_worker(
        self, session: Any, url_of: Callable[[str], str] | None, in_flight: set[int]
    ) -> None:
        import aiohttp

        while not self.closing:
            update = next((u for u in self._updates if _chat_of(u) not in in_flight), None)
            if self.webhook is None or update is None:
                await self._change(0.2)
                continue
            chat = _chat_of(update)
            in_flight.add(chat)
            target = url_of(self.webhook["url"]) if url_of else self.webhook["url"]
            headers = {}
            if self.webhook["secret_token"]:
                headers["X-Telegram-Bot-Api-Secret-Token"] = self.webhook["secret_token"]
            try:
                async with session.post(
                    target, json=update, headers=headers,
                    timeout=aiohttp.ClientTimeout(total=self.webhook_timeout),
                ) as response:  # fmt: skip
                    status = response.status
            except (aiohttp.ClientError, TimeoutError):
                status = 0
            finally:
                in_flight.discard(chat)
            self.webhook_posts.append((update["update_id"], status))
            if status == 200:
                if any(u is update for u in self._updates):
                    self._updates.remove(update)
                self._notify()
            else:
                self._notify()  # another worker may post this chat's update now
                await asyncio.sleep(self.webhook_retry)

    def api_setmycommands(self, params: dict[str, Any]) -> bool:
        commands = params.get("commands") or []
        for command in commands:
            name = command.get("command", "")
            if not (
                1 <= len(name) <= 32 and all(c.islower() or c.isdigit() or c == "_" for c in name)
            ):
                raise bad_request("BOT_COMMAND_INVALID")
            if not 1 <= len(command.get("description", "")) <= 256:
                raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
        self.commands[self._scope(params)] = commands
        return True

    def api_setchatmenubutton(self, params: dict[str, Any]) -> bool:
        """The menu button of private chats (no ``chat_id``: every chat's default)."""
        button = params.get("menu_button")
        if isinstance(button, str):
            button = json.loads(button)
        if button is not None and button.get("type") == "web_app":
            url = str((button.get("web_app") or {}).get("url", ""))
            if not url.startswith(("https://", "http://127.0.0.1")) or not button.get("text"):
                raise bad_request("BUTTON_URL_INVALID")
        self.menu_button = button
        return True

    def api_deletemycommands(self, params: dict[str, Any]) -> bool:
        self.commands.pop(self._scope(params), None)
        return True

    def _scope(self, params: dict[str, Any]) -> str:
        scope = params.get("scope") or {"type": "default"}
        if scope["type"] != "chat":
            return str(scope["type"])
        chat = self.chats.get(scope.get("chat_id"))  # type: ignore[arg-type]
        if chat is None or (chat.type == "private" and not chat.started):
            raise bad_request("chat not found")  # a person who never opened the bot
        return f"chat:{scope['chat_id']}"

    async def api_getupdates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        if self.webhook is not None:
            raise BotAPIError(
                409, "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
            )  # fmt: skip
        offset = int(params.get("offset") or 0)
        if offset:
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
        timeout = float(params.get("timeout") or 0)
        limit = int(params.get("limit") or 100)
        deadline = asyncio.get_running_loop().time() + timeout
        while not self._updates and not self.closing:
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                break
            await self._change(min(remaining, 0.5))
        return self._updates[:limit]

    def _chat(self, params: dict[str, Any]) -> Chat:
        chat = self.chats.get(params.get("chat_id"))  # type: ignore[arg-type]
        if chat is None:
            raise bad_request("chat not found")
        if chat.migrated_to is not None:
            raise BotAPIError(
                400,
                "Bad Request: group chat was upgraded to a supergroup chat",
                migrate_to_chat_id=chat.migrated_to,
            )
        if chat.type == "private" and not chat.started:
            raise BotAPIError(403, "Forbidden: bot can't initiate conversation with a user")
        if chat.kicked:
            if chat.type == "private":
                raise BotAPIError(403, "Forbidden: bot was blocked by the user")
            raise BotAPIError(403, "Forbidden: bot was kicked from the supergroup chat")
        return chat

    def api_getchat(self, params: dict[str, Any]) -> dict[str, Any]:
        gifts = dict.fromkeys(
            ("unlimited_gifts", "limited_gifts", "unique_gifts", "premium_subscription",
             "gifts_from_channels"), False,
        )  # fmt: skip
        return self._chat(params).to_api() | {
            "accent_color_id": 0, "max_reaction_count": 11, "accepted_gift_types": gifts,
        }  # fmt: skip

    def api_getchatmember(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._chat(params)
        user_id = int(params["user_id"])
        user = {"id": user_id, "is_bot": False, "first_name": str(user_id)}
        if user_id in chat.admins:
            return {"user": user, "status": "creator", "is_anonymous": False}
        return {"user": user, "status": "member"}

    def _check_flood(self, chat: Chat) -> None:
        if chat.type not in ("group", "supergroup"):
            return
        now = self.clock()
        sends = self._group_sends.setdefault(chat.id, deque())
        while sends and now - sends[0] >= self.group_window:
            sends.popleft()
        if len(sends) >= self.group_limit:
            retry_after = max(1, math.ceil(self.group_window - (now - sends[0])))
            raise BotAPIError(429, f"Too Many Requests: retry after {retry_after}", retry_after)
        sends.append(now)

    def api_sendmessage(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._chat(params)
        text = check_text(params.get("text"), params.get("parse_mode"))
        markup = check_markup(params.get("reply_markup"), chat.id > 0)
        reply_to = (params.get("reply_parameters") or {}).get("message_id")
        if reply_to is not None and reply_to not in chat.messages:
            raise bad_request("message to be replied not found")
        self._check_flood(chat)
        message = Message(
            self._next_message_id(chat.id), chat.id, BOT_USER, text, params["text"], markup,
            reply_to,
        )  # fmt: skip
        chat.messages[message.message_id] = message
        self._touch(message)
        return message.to_api(chat)

    def user_document(
        self, chat: Chat, user: dict[str, Any], name: str, content: bytes, caption: str = "",
        *, size: int | None = None,
    ) -> dict[str, Any]:  # fmt: skip
        """A person sends a file (``size`` pretends another size, for files too big to make)."""
        file_id = self.store_file(name, content)
        message = Message(self._next_message_id(chat.id), chat.id, user, "", "")
        message.document = {
            "file_id": file_id, "file_unique_id": file_id, "file_name": name,
            "file_size": size if size is not None else len(content),
        }  # fmt: skip
        message.caption = caption
        chat.messages[message.message_id] = message
        data = message.to_api(chat)
        if caption.startswith("/"):
            command = caption.split()[0]
            data["caption_entities"] = [
                {"type": "bot_command", "offset": 0, "length": len(command)}
            ]
        return self._queue({"message": data})

    def _send_file(self, params: dict[str, Any], field_name: str) -> dict[str, Any]:
        chat = self._chat(params)
        caption = params.get("caption") or ""
        if len(caption) > 1024:
            raise bad_request("message caption is too long")
        if caption:
            caption = check_text(caption, params.get("parse_mode"))
        check_markup(params.get("reply_markup"), chat.id > 0)
        file_id = params.get(field_name)
        if not isinstance(file_id, str) or file_id not in self.files:
            raise bad_request("wrong file identifier/HTTP URL specified")
        name, content = self.files[file_id]
        if not content:
            raise bad_request("file must be non-empty")
        self._check_flood(chat)
        message = Message(self._next_message_id(chat.id), chat.id, BOT_USER, caption, caption)
        message.caption = caption
        attached = {"file_id": file_id, "file_unique_id": file_id, "file_size": len(content)}
        if field_name == "photo":
            message.photo = {**attached, "width": 800, "height": 600}
        else:
            message.document = {**attached, "file_name": name}
        message.reply_markup = check_markup(params.get("reply_markup"), chat.id > 0)
        chat.messages[message.message_id] = message
        self._touch(message)
        return message.to_api(chat)

    def api_senddocument(self, params: dict[str, Any]) -> dict[str, Any]:
        return self._send_file(params, "document")

    def api_sendphoto(self, params: dict[str, Any]) -> dict[str, Any]:
        return self._send_file(params, "photo")

    def api_getfile(self, params: dict[str, Any]) -> dict[str, Any]:
        file_id = params.get("file_id")
        if file_id not in self.files:
            raise bad_request("invalid file_id")
        content = self.files[file_id][1]
        return {"file_id": file_id, "file_unique_id": file_id, "file_size": len(content),
                "file_path": file_id}  # fmt: skip

    def _bot_message(self, chat: Chat, params: dict[str, Any]) -> Message:
        message = chat.messages.get(params.get("message_id"))  # type: ignore[arg-type]
        if message is None:
            raise bad_request("message to edit not found")
        if not message.from_bot:
            raise bad_request("message can't be edited")
        return message

    def api_editmessagetext(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._chat(params)
        message = self._bot_message(chat, params)
        text = check_text(params.get("text"), params.get("parse_mode"))
        markup = check_markup(params.get("reply_markup"), chat.id > 0)
        if params["text"] == message.raw_text and markup == message.reply_markup:
            raise bad_request(
                "message is not modified: specified new message content and reply markup are "
                "exactly the same as a current content and reply markup of the message"
            )
        message.text, message.raw_text, message.reply_markup = text, params["text"], markup
        message.edits += 1
        self._touch(message)
        return message.to_api(chat)

    def api_editmessagereplymarkup(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._chat(params)
        message = self._bot_message(chat, params)
        markup = check_markup(params.get("reply_markup"), chat.id > 0)
        if markup == message.reply_markup:
            raise bad_request("message is not modified: specified new message content and reply "
                              "markup are exactly the same as a current content and reply markup "
                              "of the message")  # fmt: skip
        message.reply_markup = markup
        message.edits += 1
        self._touch(message)
        return message.to_api(chat)

    def api_deletemessage(self, params: dict[str, Any]) -> bool:
        chat = self._chat(params)
        if chat.messages.pop(params.get("message_id"), None) is None:  # type: ignore[arg-type]
            raise bad_request("message to delete not found")
        return True

    def api_answercallbackquery(self, params: dict[str, Any]) -> bool:
        query = self.callback_queries.get(str(params.get("callback_query_id")))
        too_late = query is not None and self.clock() - query.created > self.callback_deadline
        if query is not None and too_late and not query.answered:
            query.late_by = self.clock() - query.created
        if query is None or query.answered or too_late:
            raise bad_request(
                "query is too old and response timeout expired or query ID is invalid"
            )
        text = params.get("text") or ""
        if len(text) > 200:
            raise bad_request("MESSAGE_TOO_LONG")
        url = params.get("url")
        if url is not None and not str(url).startswith("https://t.me/"):
            raise bad_request("URL_INVALID")  # only a game's or the bot's own t.me link
        query.answered = True
        query.answer = params
        return True


def _chat_of(update: dict[str, Any]) -> int:
    """The chat an update belongs to (its order is kept per chat)."""
    for kind, body in update.items():
        if kind == "update_id" or not isinstance(body, dict):
            continue
        chat = body.get("chat") or (body.get("message") or {}).get("chat")
        if chat:
            return int(chat["id"])
        return int((body.get("from") or {}).get("id", 0))
    return 0
