"""Issue 45 §2: «Итоги турнира» asks each nomination for its own board's minimum of games (a
season has few sheriff games a player and many red ones), says each minimum, and says why a
nomination nobody earned is not named — as /rating's boards count them."""

from __future__ import annotations

import math
from collections import Counter

from scoring import Role, compute, resolve_ruleset
from scoring.protocol_json import load_protocol
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol

BOARDS = {"sheriff": {Role.SHERIFF}, "don": {Role.DON},
          "red": {Role.SHERIFF, Role.CIVILIAN}, "black": {Role.DON, Role.MAFIA}}  # fmt: skip
LABELS = {"sheriff": "⭐ Лучший шериф", "don": "🎩 Лучший дон", "red": "🔴 Лучший красный",
          "black": "⚫ Лучший чёрный"}  # fmt: skip


async def test_each_nomination_has_its_boards_minimum_and_says_who_is_not_named(tmp_path):
    names = [f"Игрок{n:02d}" for n in range(1, 26)]
    protocol = random_protocol(names, 30, seed=11)
    distance, ruleset = load_protocol(protocol_bytes(protocol).decode(), resolve_ruleset)
    result = compute(distance.games, ruleset, distance.seed)
    games: dict[str, Counter[str]] = {board: Counter() for board in BOARDS}
    totals: dict[str, dict[str, float]] = {board: {} for board in BOARDS}
    for game in result.games:
        for seat in game.seats:
            for board, roles in BOARDS.items():
                if seat.role in roles:
                    games[board][seat.name] += 1
                    totals[board][seat.name] = totals[board].get(seat.name, 0) + seat.total
    minimums = {b: min(10, math.ceil(max(games[b].values()) / 2)) for b in BOARDS}
    assert minimums["sheriff"] < minimums["red"]  # the point: one minimum does not fit all
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("season.json", protocol_bytes(protocol), "/import Сезон")
        assert "Игр: 30" in (await admin.reply()).text
        await admin.send("/closetournament Сезон")
        await admin.reply()
        await world.announced()
        group = world.api.chats[CLUB_CHAT_ID]
        post = next(m for m in group.history() if m.from_bot and "Итоги турнира" in m.text).text
        for board, label in LABELS.items():
            line = next(line for line in post.splitlines() if line.startswith(label))
            qualified = {
                name: totals[board][name] / played
                for name, played in games[board].items()
                if played >= minimums[board] and totals[board][name] > 0
            }
            if not qualified:
                assert "не назван" in line, line
                continue
            best = max(qualified.values())
            assert any(f"{name} —" in line for name, v in qualified.items() if v == best), line
        assert "шерифом — " in post and "за красных — " in post  # each minimum said
        await admin.send("/rating шериф Сезон")
        board_text = (await admin.reply()).text
        assert f"сыгравшие не меньше {minimums['sheriff']}" in board_text  # the same minimum


async def test_an_imported_season_that_is_not_current_has_its_standings_ready(tmp_path, caplog):
    """Issue 45 §4: after a big import the first /rating of the new tournament waited for its
    standings to be built (14 s at 40,000 games): the import leaves them built."""
    import logging

    caplog.set_level(logging.INFO, logger="bot.rating.standings")
    names = [f"Игрок{n:03d}" for n in range(40)]
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        small = random_protocol(names[:12], 10, seed=1)
        await admin.send_file("a.json", protocol_bytes(small), "/import Текущий")
        assert "Готово" in (await admin.reply()).text
        big = random_protocol(names, 400, seed=2)
        await admin.send_file("b.json", protocol_bytes(big), "/import Большой")
        assert "Готово" in (await admin.reply()).text
        current = await world.services.tournaments.current_tournament()
        assert current.title == "Текущий"  # the import did not make it current
        await world.services.standings._warming.finished(1)  # what the import set going
        built = caplog.text.count("built anew")
        await admin.send("/rating Большой")
        assert "Большой" in (await admin.reply()).text
        assert caplog.text.count("built anew") == built  # ready: nothing built on the request
