"""A seeded fuzzer through the real Dispatcher: random commands, texts, buttons, files and edits
from random people in random chats.

Nothing may raise unhandled, every callback must be answered, every Bot API call must be one
Telegram accepts (the fake refuses bad HTML, long texts, bad buttons), the database must stay
intact, and nobody may see a traceback or the «something went wrong» apology.

    FUZZ_UPDATES=5000 FUZZ_SEED=7 .venv/bin/python -m pytest tests/handlers/test_fuzz.py -s

CI runs a short version (FUZZ_UPDATES defaults to 1500, seed 7).
"""

import logging
import os
import random
import time

from bot.telegram.menus import COMMANDS
from tests.club import Taps, enter_protocol, setup_club
from tests.fakes.bot_api import FakeBotAPI
from tests.harness import CLUB_CHAT_ID, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol

UPDATES = int(os.environ.get("FUZZ_UPDATES", "1500"))
SEED = int(os.environ.get("FUZZ_SEED", "7"))

NASTY = [
    "", " ", "\n", "NaN", "nan", "inf", "-inf", "1e309", "-1", "0", "99999999999999999999",
    "²", "٣", "۷", "①", "1.5", "0x10", "<b>", "</i>", "&amp;", "&lt;b&gt;", "<a href='x'>",
    "\u202e", "\u2066", "\u200b", "\u200d", "\x00", "\x07", "\t", "@", "@ghost", "@boss",
    "->", "→", "Лис", "лис", "ЁЖ", "Сова -> Лис", "1 1 причина", "стол 1", "🦊", "👨‍👩‍👧",
    "'; DROP TABLE games; --", "%s%s%s", "{}", "[]", "\\", "/", "//", "/start@other_bot",
]  # fmt: skip
FORGED = [
    "a:cur:1:", "a:rs:1:9", "g:fix:1", "g:new:0", "pl:1", "pl:0", "r:p:1:total:1",
    "r:img:1:avg:1", "r:p:1:total:0", "lk:yes:1", "lk:no:99", "pt:rj:1", "pt:ch:1", "pt:rp:1",
    "pt:sh:1", "pt:f:1", "pt:set:0", "pt:set:1", "e:1:0:ok:", "e:1:1:seat:11", "e:1:1:role:x",
    "e:1:1:exv:NaN", "e:1:1:pen:8.5.1", "x", "", "r:p:abc:total:1", "g:fix:-1",
]  # fmt: skip


def nasty_text(rng):
    kind = rng.random()
    if kind < 0.3:
        return rng.choice(NASTY)
    if kind < 0.5:
        return " ".join(rng.choice(NASTY) for _ in range(rng.randint(1, 6)))
    if kind < 0.6:
        return "".join(chr(rng.randint(0, 0x2FFF)) for _ in range(rng.randint(1, 80)))
    if kind < 0.65:
        return rng.choice(["я", "<", "&", "\u202e", "🦊"]) * rng.randint(100, 4096)
    return " ".join(rng.choice(["Лис", "1", "2", "10", "-", "Сова", "игра", "->"])
                    for _ in range(rng.randint(1, 12)))  # fmt: skip


def command(rng):
    name = rng.choice([c.name for c in COMMANDS] + ["cancel", "unknown", "start"])
    args = nasty_text(rng) if rng.random() < 0.7 else ""
    return f"/{name} {args}".rstrip()


class Failures(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.records = []

    def emit(self, record):
        self.records.append(record)


async def test_random_updates_break_nothing(tmp_path):
    rng = random.Random(SEED)
    failures = Failures()
    logging.getLogger().addHandler(failures)
    try:
        # Telegram's group limit (20 a minute) would make the bot wait minutes: flood waits have
        # their own tests; here the group takes everything at once.
        api = FakeBotAPI(group_limit=1_000_000)
        async with dispatcher_world(tmp_path, api=api) as world:
            admin, judge = await setup_club(world)
            await enter_protocol(Taps(judge))
            await judge.press("✅ Подтвердить")
            people = [admin, judge] + [
                world.person(f"Гость{n}", username=f"guest{n}" if n % 2 else None)
                for n in range(12)
            ]
            group = world.api.chats[CLUB_CHAT_ID]
            started = time.perf_counter()
            for _ in range(UPDATES):
                person = rng.choice(people)
                chat = group if rng.random() < 0.25 else person.private
                roll = rng.random()
                if roll < 0.45:
                    await person.send(command(rng), chat)
                elif roll < 0.65:
                    await person.send(nasty_text(rng) or ".", chat)
                elif roll < 0.85 and (shown := [m for m in chat.history() if m.from_bot]):
                    # (buttons exist only on the bot's messages: a forged press comes on one)
                    data = rng.choice(FORGED) if rng.random() < 0.7 else "".join(
                        chr(rng.randint(32, 0x44F)) for _ in range(rng.randint(0, 64))
                    )  # fmt: skip
                    await person.press_data(data, rng.choice(shown[-5:]), chat)
                elif roll < 0.85:
                    await person.send(command(rng), chat)
                elif roll < 0.93:
                    content = (
                        protocol_bytes(random_protocol([f"Ф{n}" for n in range(12)], 2))
                        if rng.random() < 0.3
                        else rng.randbytes(rng.randint(0, 300))
                    )
                    caption = rng.choice(["/import", "/import Турнир", "", nasty_text(rng)[:200]])
                    await person.send_file("f.json", content, caption, chat)
                else:
                    await _edited(world, person, chat, nasty_text(rng) or ".")
            elapsed = time.perf_counter() - started
            await world.announced()
            seen = [m.text for c in world.api.chats.values() for m in c.history() if m.from_bot]
            assert not [t for t in seen if "Traceback" in t or "Что-то пошло не так" in t]
            row = await world.database.fetchone("PRAGMA integrity_check")
            assert row[0] == "ok"
            calls = len(world.api.calls)
        unhandled = [r for r in failures.records if r.name.startswith(("handlers", "aiogram"))]
        assert unhandled == [], [r.getMessage() for r in unhandled][:5]
        print(
            f"\nfuzzed {UPDATES} updates (seed {SEED}) in {elapsed:.1f} s: {calls} Bot API "
            "calls, 0 unhandled errors, 0 invalid calls"
        )
    finally:
        logging.getLogger().removeHandler(failures)


async def _edited(world, person, chat, text):
    """Telegram's ``edited_message``: a person changed an earlier message."""
    update = world.api.user_message(chat, person.user, text)
    update["edited_message"] = update.pop("message")
    update["edited_message"]["edit_date"] = update["edited_message"]["date"]
    await world.deliver(update)
