"""Random actions in club A never change a row or an answer of club B (issue 47, «Done means»).

Two clubs on one bot; the South plays a game, links a player and appoints a judge; then the
North's admin, judge and players do random things — tournaments, games, nicknames, rights,
evenings, the TV, imports, forged buttons naming ids of either club — and the South's whole
archive (every row of the club, as /archive writes it), its outbox and its people's answers are
what they were before. CI runs a short seeded walk; a longer one:

    CLUBS_ACTIONS=400 CLUBS_SEED=5 .venv/bin/python -m pytest tests/handlers/test_clubs_property.py
"""

import asyncio
import gzip
import json
import os
import random

import pytest

from bot.callbacks import NEW_MESSAGE, AdminAction, AdminCB
from tests.club import Taps, enter_protocol, linked_player
from tests.handlers.test_many_clubs import MANY_CLUBS, joined
from tests.harness import dispatcher_world
from tests.protocols import protocol_bytes, random_protocol
from tests.webapp import APP_URL

ACTIONS = int(os.environ.get("CLUBS_ACTIONS", "60"))
SEED = int(os.environ.get("CLUBS_SEED", "5"))
SOUTH_CHAT = -1002


async def souths_world(world, south_admin, south_people):
    """Everything of the South an action elsewhere could touch: its archive's rows, its outbox,
    what its people are answered."""
    await south_admin.send("/archive")
    document = json.loads(gzip.decompress(world.api.file_of(await south_admin.reply())[1]))
    outbox = await world.database.fetchall(
        "SELECT chat, kind, body FROM outbox WHERE club_id = 2 ORDER BY id"
    )
    answers = []
    for person, command in south_people:
        before = len(person.bot_messages())
        await person.send(command)
        await person.reply()
        await pictures_sent()  # /me's chart follows its text: both are the answer
        said = [m.text or m.caption for m in person.bot_messages()[before:]]
        answers.append(
            [line for text in said for line in text.splitlines() if "состоянию" not in line]
        )
    return document["tables"], [tuple(row) for row in outbox], answers


async def pictures_sent():
    """Until the pictures being drawn in the background have been sent."""
    from bot.telegram import screen

    while screen._drawing:
        await asyncio.gather(*list(screen._drawing), return_exceptions=True)


def north_actions(rng, anna, judge, players):
    """One random action of the North's people: (who, what) as a coroutine factory."""
    nick = f"Ник{rng.randint(1, 30)}"
    some_id = rng.randint(1, 8)
    return rng.choice(
        [
            lambda: anna.send(f"/newtournament Турнир {rng.randint(1, 5)}"),
            lambda: anna.send(f"/mingames {rng.randint(0, 5)}"),
            lambda: anna.send(f"/rename {nick} {nick}а"),
            lambda: anna.send(f"/merge {nick} Ник{rng.randint(1, 30)}"),
            lambda: anna.send(f"/link @{rng.choice(players).user['username']} {nick}"),
            lambda: anna.send(f"/unlink {nick}"),
            lambda: anna.send(f"/judge @{rng.choice(players).user['username']}"),
            lambda: anna.send(f"/unjudge @{rng.choice(players).user['username']}"),
            lambda: anna.send("/tv"),
            lambda: anna.send("/tv off"),
            lambda: anna.send(f"/night {rng.randint(10, 28)}.12 19:30"),
            lambda: anna.send("/closetournament"),
            lambda: anna.send("/tournaments"),
            lambda: anna.send_file(
                "s.json",
                protocol_bytes(
                    random_protocol(
                        [f"Ник{n}" for n in range(1, 14)], 3, seed=rng.randint(0, 10**6)
                    )
                ),
                f"/import Сезон {rng.randint(1, 3)}",
            ),
            lambda: anna.press_data(
                AdminCB(a=rng.choice(list(AdminAction)), t=some_id, v=NEW_MESSAGE).pack(),
                anna.last(),
                anna.private,
            ),
            lambda: rng.choice(players).send(f"/iam {nick}"),
            lambda: rng.choice(players).send(f"/protest {some_id}"),
            lambda: rng.choice(players).send("/me"),
            lambda: judge.send("/game"),
            lambda: judge.send("/games"),
        ]
    )


@pytest.mark.slow  # a walk of dozens of actions, each answered: seconds
async def test_random_actions_in_one_club_never_change_another(tmp_path):
    rng = random.Random(SEED)
    settings = {**MANY_CLUBS, "club_signup": "open", "webapp_url": APP_URL}
    async with dispatcher_world(tmp_path, **settings) as world:
        anna = world.person("Анна", username="anna")
        boris = world.person("Борис", username="boris")
        await joined(world, anna, -1001, "Мафия Север")
        await joined(world, boris, SOUTH_CHAT, "Мафия Юг")
        for admin, title in ((anna, "Кубок Севера"), (boris, "Кубок Юга")):
            await admin.send(f"/newtournament {title}")
            assert "создан" in (await admin.reply()).text
        await enter_protocol(Taps(boris), names=[f"Ник{n}" for n in range(1, 11)])
        await boris.press("✅ Подтвердить")
        await world.announced()
        lena = await linked_player(world, boris, "Лена", "lena", "Ник2")
        await boris.send("/judge @lena")
        assert "назначен" in (await boris.reply()).text
        await world.announced()
        south = [(boris, "/rating"), (boris, "/staff"), (lena, "/me"), (boris, "/tournaments")]
        before = await souths_world(world, boris, south)

        judge = world.person("Иван", username="ivan")
        players = [world.person(f"Игрок{n}", username=f"north{n}") for n in range(4)]
        for person in (judge, *players):
            await person.send("/start")
            await person.reply()
        await anna.send("/judge @ivan")
        await anna.reply()
        await enter_protocol(Taps(judge), names=[f"Ник{n}" for n in range(1, 11)])
        await judge.press("✅ Подтвердить")
        for _ in range(ACTIONS):
            await north_actions(rng, anna, judge, players)()
        await world.announced()
        after = await souths_world(world, boris, south)
    assert after[0] == before[0]  # every row of the South
    assert after[1] == before[1]  # its outbox
    assert after[2] == before[2]  # its people's answers
