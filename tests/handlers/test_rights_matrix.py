"""The rights matrix: every command and button × every kind of person × private and group.

Nobody does what his rights do not allow: an unauthorised command or a forged button changes no
data, and every one is answered (a message, or an answered callback) in Russian.
"""

import hashlib
import re

import pytest

from bot.telegram.menus import COMMANDS
from tests.club import Taps, appoint_head_judge, enter_protocol, linked_player, setup_club
from tests.fakes.bot_api import FakeBotAPI
from tests.harness import CLUB_CHAT_ID, dispatcher_world

# A hundred refusals go into one group within seconds: with Telegram's 20 a minute the bot would
# rightly wait out flood waits for five minutes. The matrix is about rights, not about pacing
# (tests/handlers/test_delivery.py covers that).
UNPACED = {"group_limit": 10_000}

ROLES = ("admin", "head_judge", "judge", "linked", "member", "stranger")
RANK = {"admin": 3, "head_judge": 2, "judge": 1, "linked": 0, "member": 0, "stranger": 0}
NEEDS = {"player": 0, "judge": 1, "head_judge": 2, "admin": 3}
# Arguments that would change something if the command were allowed.
ARGS = {
    "judge": "@target", "headjudge": "@target", "admin": "@target", "unjudge": "@ivan_judge",
    "newtournament": "Чужой турнир", "newstage": "Чужой этап", "mingames": "7",
    "link": "@target Кот", "unlink": "Сова", "rename": "Лис -> Лиса", "merge": "Кот -> Волк",
    "replay": "1 1 чужая причина", "iam": "Кот", "player": "Лис", "rating": "avg",
    "protest": "текст протеста",
}  # fmt: skip
DATA_TABLES = (
    "member_rights", "players", "tournaments", "stages", "games", "game_seats", "audit_log",
    "protests", "link_requests", "player_audit", "drafts",
)  # fmt: skip
FORGED = [
    "a:cur:1:", "a:rs:1:0", "g:fix:1", "g:new:0", "pl:1", "r:p:1:total:1", "r:img:1:avg:1",
    "lk:yes:1", "lk:no:1", "pt:rj:1", "pt:ch:1", "pt:rp:1", "pt:sh:1", "pt:f:1", "pt:set:0",
    "e:1:0:ok:", "e:1:0:del:", "e:99:0:seat:1", "nonsense", "r:p:1:total:-5", "pl:99999999999999",
    "a:rm:1:y", "a:ar:1:", "a:rn:1:", "a:ua:1:", "a:tc:1:", "a:ls:0:a", "im:1", "im:0",
    "e:1:0:rp:0",
]  # fmt: skip
ENGLISH = re.compile(r"\b(Error|Exception|Traceback|None|True|False)\b")


async def fingerprint(world, skip=()):
    digest = hashlib.sha256()
    for table in DATA_TABLES:
        if table in skip:
            continue
        rows = await world.database.fetchall(f"SELECT * FROM {table} ORDER BY 1")
        digest.update(repr([tuple(row) for row in rows]).encode())
    return digest.hexdigest()


async def people(world):
    admin, judge = await setup_club(world)
    head = await appoint_head_judge(world, admin, "Глава", "head")
    member = world.person("Мария", username="maria")
    target = world.person("Цель", username="target")
    for person in (member, target):
        await person.send("/start")
        await person.reply()
    await enter_protocol(Taps(judge))
    await judge.press("✅ Подтвердить")
    linked = await linked_player(world, admin, "Ольга", "owl", "Сова")
    await linked.send("/protest")
    await linked.reply()
    await linked.press(linked.buttons()[0])
    await linked.reply()
    await linked.send("Спорный момент")
    await linked.reply()
    await world.announced()
    stranger = world.person("Незнакомец", username="stranger")
    return {
        "admin": admin, "head_judge": head, "judge": judge, "linked": linked, "member": member,
        "stranger": stranger,
    }  # fmt: skip


def allowed(command, role):
    return RANK[role] >= NEEDS[command.audience]


async def ask(world, person, text, chat):
    await person.send(text, chat)
    reply = await person.reply(chat)
    assert reply.text, f"{text!r}: an empty answer"
    assert not ENGLISH.search(reply.text), f"{text!r} → {reply.text!r}"
    assert "Что-то пошло не так" not in reply.text, f"{text!r} failed"
    return reply


@pytest.mark.parametrize("where", ["private", "group"])
async def test_nobody_does_what_his_rights_do_not_allow(tmp_path, where):
    async with dispatcher_world(tmp_path, api=FakeBotAPI(**UNPACED)) as world:
        cast = await people(world)
        chat = None if where == "private" else world.api.chats[CLUB_CHAT_ID]
        before = await fingerprint(world)
        refused = 0
        for command in COMMANDS:
            for role in ROLES:
                if allowed(command, role) or command.audience == "player":
                    continue
                person = cast[role]
                text = f"/{command.name} {ARGS.get(command.name, '')}".strip()
                await ask(world, person, text, chat or person.private)
                refused += 1
                assert await fingerprint(world) == before, f"{role} could run {text!r} ({where})"
        assert refused > 50  # 95 with the 29 commands of today
        # Forged and stale buttons, by every role: answered, and nothing changes for those
        # without the right (the admin and head judge may legitimately act: checked apart; a
        # judge may open a draft — «next game», or a correction of his own game).
        for role in ("linked", "member", "stranger", "judge"):  # the judge last: he may draft
            skip = ("drafts",) if role == "judge" else ()
            before = await fingerprint(world, skip)
            person = cast[role]
            shown = person.bot_messages(chat or person.private) or cast["admin"].bot_messages()
            for data in FORGED:
                await person.press_data(data, shown[-1], chat or person.private)
                assert person.last_answer() is not None
                text = person.last_answer().get("text") or ""
                assert not ENGLISH.search(text), f"{data} → {text}"
            after = await fingerprint(world, skip)
            assert after == before, f"{role} changed data with a button"


async def test_everyone_gets_an_answer_to_every_command_he_may_use(tmp_path):
    async with dispatcher_world(tmp_path, api=FakeBotAPI(**UNPACED)) as world:
        cast = await people(world)
        for command in COMMANDS:
            for role in ROLES:
                if not allowed(command, role):
                    continue
                person = cast[role]
                for chat in (person.private, world.api.chats[CLUB_CHAT_ID]):
                    if command.name in ("game", "games") and chat is person.private:
                        continue  # opens the editor: its own tests
                    await ask(world, person, f"/{command.name}", chat)
