"""Issue 34 §2: a tournament day seated in advance in the bot — opened with «турнир» (and its last
rounds at fewer tables after «затем»), seated once for every round by the tournament search,
posted (in several messages when long), each player told his day, the judges' protocols
pre-filled; a player who withdraws leaves the played rounds untouched and moves the fewest."""

from __future__ import annotations

import re
from collections import Counter

from bot.texts import nights as night_texts
from seating import VERSION
from tests.club import Taps, setup_club
from tests.handlers.test_nights import club_with_players, play_seated_game
from tests.harness import CLUB_CHAT_ID, dispatcher_world

DAY = "11:00 10 игр 2 стола затем 1 игра 1 стол турнир"


MEMBERS = [f"Участник{n:02d}" for n in range(1, 41)]


async def club_of(world, count: int):
    """A club of ``count`` players, each with his Telegram linked: (admin, judge, people)."""
    return await club_with_players(world, count, MEMBERS)


async def signed_up(world, count: int, opening: str):
    admin, judge, people = await club_of(world, count)
    group = world.api.chats[CLUB_CHAT_ID]
    await admin.send(f"/night {opening}")
    opened = (await admin.reply()).text
    await world.announced()
    post = next(m for m in reversed(group.history()) if m.from_bot and "Записались" in m.text)
    for person in people:
        await person.press("✋ Играю", chat=group, message=post)
    await judge.send("/start")
    await judge.reply()
    await judge.press("⚖️ Сужу", chat=group, message=post)
    return admin, judge, people, opened


async def seat_it(world, admin) -> None:
    await admin.send("/night")
    await admin.reply()
    await admin.press("🎲 Рассадить")
    await admin.reply()
    # seconds of search: said at once, on the button; the result heads the screen
    assert admin.last_answer()["text"] == night_texts.SEATING_NOW
    assert admin.last().text.startswith("✅ Рассажено: ")
    await world.announced()


def seating_messages(world) -> list[str]:
    """The seating's messages in the club chat, in order (their latest text)."""
    group = world.api.chats[CLUB_CHAT_ID]
    return [m.text for m in group.history() if m.from_bot and "🎲 Рассадка" in m.text]


def rounds_of(texts: list[str]) -> dict[int, dict[int, list[str]]]:
    """Round → table → the ten nicknames in seat order (table 0: who sits it out)."""
    found: dict[int, dict[int, list[str]]] = {}
    for text in texts:
        for block in text.split("\n\n"):
            head = re.match(r"Игра (\d+)\n", block)
            if not head:
                continue
            tables = found.setdefault(int(head.group(1)), {})
            for line in block.splitlines()[1:]:
                table = re.match(r"(?:✅ )?Стол (\d+): (.*)", line)
                if table:
                    names = re.findall(r"\d+ (Участник\d\d)", table.group(2))
                    tables[int(table.group(1))] = names
                elif line.startswith("Отдыхают: "):
                    tables[0] = line.removeprefix("Отдыхают: ").split(", ")
    return found


async def test_twenty_one_players_ten_rounds_at_two_tables_then_one_at_one(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge, people, opened = await signed_up(world, 21, DAY)
        assert "Турнирный день" in opened and "в конце 1 игра за 1 столом" in opened
        group = world.api.chats[CLUB_CHAT_ID]
        signup = next(m for m in group.history() if m.from_bot and "Записались" in m.text)
        assert "игр за столом: 11" in signup.text and "в конце 1 игра за 1 столом" in signup.text
        await seat_it(world, admin)
        texts = seating_messages(world)
        assert all(len(text) <= 4096 for text in texts)
        assert texts[0].startswith("🎲 Рассадка турнирного дня")
        assert f"алгоритм {VERSION}" in texts[-1] and re.search(r"сид \d+", texts[-1])
        rounds = rounds_of(texts)
        assert sorted(rounds) == list(range(1, 12))
        for number in range(1, 11):
            assert sorted(t for t in rounds[number] if t) == [1, 2], number
            assert all(len(rounds[number][t]) == 10 for t in (1, 2))
        assert sorted(t for t in rounds[11] if t) == [1] and len(rounds[11][0]) == 11
        games = Counter(n for r in rounds.values() for t, names in r.items() if t for n in names)
        assert len(games) == 21 and max(games.values()) - min(games.values()) <= 1
        for number in range(1, 12):  # nobody twice in a round
            seated = [n for t, names in rounds[number].items() for n in names]
            assert len(seated) == len(set(seated)) == 21
        told = people[0].private.history()[-1].text  # his whole day, eleven rounds
        assert told.count("игра ") == 11 and "игра 11 — " in told
        # The judge's protocol of table 1 starts with round 1's ten, as seated.
        taps = Taps(judge)
        await taps.send("/game")
        shown = judge.last().text
        assert "Игра 1 вечера за столом 1: игроки рассажены по рассадке" in shown
        assert re.findall(r"\d+\. (Участник\d\d)", shown) == rounds[1][1]


async def test_a_withdrawal_moves_the_fewest_and_keeps_what_was_played(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge, people, _ = await signed_up(world, 23, "11:00 8 игр 2 стола турнир")
        await seat_it(world, admin)
        await play_seated_game(judge)  # table 1 plays round 1
        await world.announced()
        before = rounds_of(seating_messages(world))
        leaver = before[1][1][0]  # he played it
        told_before = {p.user["id"]: len(p.private.history()) for p in people}
        await admin.send(f"/leave {leaver}")
        assert "займут отдыхающие" in (await admin.reply()).text
        await admin.press("🔁 Заменить отдыхающими")
        answer = (await admin.reply()).text
        await world.announced()
        after = rounds_of(seating_messages(world))
        assert after[1] == before[1] and leaver in after[1][1]  # played: as it was
        assert "✅ Стол 1" in seating_messages(world)[0]
        changed_rounds = [r for r in after if after[r] != before[r]]
        for number in changed_rounds:  # his seat went to one who sat that round out
            moved = [
                (t, s) for t in (1, 2) for s in range(10)
                if after[number][t][s] != before[number][t][s]
            ]  # fmt: skip
            if not moved:  # he sat that round out: he is off its list, nobody moves
                assert after[number][0] == [n for n in before[number][0] if n != leaver]
                continue
            assert len(moved) == 1 and before[number][moved[0][0]][moved[0][1]] == leaver
            assert after[number][moved[0][0]][moved[0][1]] in before[number][0]
        assert all(leaver not in after[r].get(t, []) for r in after if r > 1 for t in (1, 2))
        assert "замен" in answer.lower() or "займ" in answer.lower(), answer
        told = [p for p in people if len(p.private.history()) > told_before[p.user["id"]]]
        assert 1 <= len(told) <= len(changed_rounds)  # only those whose seats changed
        # The day's rule holds for the substitutes: no seat twice (or the answer says so).
        subs = {after[r][t][i] for r in changed_rounds for t in (1, 2) for i in range(10)
                if before[r][t][i] == leaver}  # fmt: skip
        for name in subs:
            places = [after[r][t].index(name) for r in after for t in (1, 2)
                      if name in after[r].get(t, [])]  # fmt: skip
            assert len(places) == len(set(places)) or "⚠️" in answer, (name, places)


async def test_the_opening_says_what_it_cannot_seat(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, _ = await setup_club(world)
        for words, expected in (
            ("11:00 10 игр 2 стола затем 1 игра 2 стола турнир", "столов должно быть меньше"),
            ("11:00 21 игра турнир", "до 20"),
            ("11:00 10 игр затем 1 игра турнир", "Турнирный день открывается так"),
            ("19:30 12 игр 3 стола", "Турнирный день: слово «турнир»"),
            ("19:30 финал турнир", "Турнирный день открывается так"),
        ):
            await admin.send(f"/night {words}")
            assert expected in (await admin.reply()).text, words
        assert (await world.database.fetchone("SELECT count(*) FROM nights"))[0] == 0


async def test_a_long_day_is_posted_in_several_messages_each_within_telegrams_limit(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, _, _, _ = await signed_up(world, 36, "10:00 12 игр 3 стола турнир")
        await seat_it(world, admin)
        texts = seating_messages(world)
        assert len(texts) >= 2 and all(len(text) <= 4096 for text in texts)
        assert "(продолжение)" in texts[1]
        rounds = rounds_of(texts)
        assert sorted(rounds) == list(range(1, 13))
        games = Counter(n for r in rounds.values() for t, names in r.items() if t for n in names)
        assert set(games.values()) == {10}  # 36 players, 3 tables, 12 rounds: ten games each
        pairs = Counter(
            frozenset((a, b))
            for r in rounds.values() for t, names in r.items() if t
            for i, a in enumerate(names) for b in names[i + 1:]
        )  # fmt: skip
        assert max(pairs.values()) <= 5  # the published schedule's worst pair meets 6 times


async def test_a_list_of_players_goes_on_the_day_at_once(tmp_path):
    """An organiser with a list: /guest and the nicknames a line each. The club's and new ones
    go on; a typo of a club player's is named back to be added alone; a repeat is said."""
    async with dispatcher_world(tmp_path) as world:
        admin, _, people = await club_of(world, 12)
        await admin.send(f"/night {DAY}")
        await admin.reply()
        listed = [f"Участник{n:02d}" for n in range(1, 13)] + [f"Новичок{n}" for n in range(1, 10)]
        typo = "Участнк05"  # a letter short of a club player's
        await admin.send("/guest\n" + "\n".join([*listed, "участник03", typo, "  ", "A" * 60]))
        answer = (await admin.reply()).text
        assert answer.startswith("В список добавлено: 21 игрок (новых в клубе: 9).")
        assert "Уже были в списке: «Участник03»" in answer
        assert f"/guest {typo}" in answer and "не добавлен" in answer
        group = world.api.chats[CLUB_CHAT_ID]
        await world.announced()
        post = next(m for m in reversed(group.history()) if m.from_bot and "Записались" in m.text)
        assert "Записались: 21" in post.text
        await seat_it(world, admin)
        assert sorted(rounds_of(seating_messages(world))) == list(range(1, 12))
        told = people[0].private.history()[-1].text  # on the list by /guest, told all the same
        assert told.startswith("Турнирный день") and told.count("игра ") == 11
