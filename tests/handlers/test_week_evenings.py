"""Issue 45: what this week's evenings hit — a listed player who leaves and comes back by his own
button, a late arrival who plays his share, a tournament day that is not ended by one tap and
is reopened, a final on the day of its qualification."""

from __future__ import annotations

import re
from collections import Counter
from datetime import date

from bot.texts import nights as night_texts
from tests.handlers.test_nights import (
    club_with_players,
    play_seated_game,
    seated_evening,
    seating_post,
    signup_post,
    tables_of,
)
from tests.harness import CLUB_CHAT_ID, dispatcher_world


def games_tonight(world, rounds):
    """Nickname → his games at a table over the rounds of the seating post."""
    count: Counter[str] = Counter()
    for number in rounds:
        tables, _ = tables_of(seating_post(world), number)
        count.update(name for table in tables for name in table)
    return count


async def test_a_late_arrival_after_round_1_plays_his_share_and_only_the_displaced_are_told(
    tmp_path,
):
    async with dispatcher_world(tmp_path) as world:
        admin, judge, people = await seated_evening(world, players=20, rounds=4)
        await play_seated_game(judge)  # round 1 at table 1: rounds 2-4 are still to come
        await world.announced()
        before = {n: tables_of(seating_post(world), n) for n in (2, 3, 4)}
        heard = {p.id: len(p.bot_messages()) for p in people}
        late = world.person("Опоздавший человек", username="late_one")
        await late.send("/start")
        await late.reply()
        await world.services.players.create("Опоздавший", 0)
        await admin.send("/link @late_one Опоздавший")
        await admin.reply()
        await world.announced()
        await late.press(
            "✋ Пришёл", chat=world.api.chats[CLUB_CHAT_ID], message=signup_post(world)
        )
        await world.announced()
        offer = admin.last()
        assert "«Опоздавший» пришёл на вечер" in offer.text
        assert admin.buttons() == [night_texts.PLAY_IN, night_texts.FIT_IN]
        copy = offer.buttons()[0]["callback_data"]
        await admin.press(night_texts.PLAY_IN)
        done = (await admin.reply()).text
        assert done.startswith("Играет в играх 2, 3, 4."), done
        await world.announced()
        after = {n: tables_of(seating_post(world), n) for n in (2, 3, 4)}
        displaced = set()
        for n in (2, 3, 4):
            moved = [
                (t, s)
                for t in range(2)
                for s in range(10)
                if after[n][0][t][s] != before[n][0][t][s]
            ]
            assert len(moved) == 1, (n, moved)  # one seat changes a round: his
            t, s = moved[0]
            assert after[n][0][t][s] == "Опоздавший"
            displaced.add(before[n][0][t][s])
            assert before[n][0][t][s] in after[n][1]  # the one displaced sits it out
        games = games_tonight(world, (1, 2, 3, 4))
        assert games["Опоздавший"] == 3  # every round still to come
        assert all(games[name] >= 3 for name in games)  # nobody plays fewer than him
        assert len(displaced) == 3
        told = [p for p in people if len(p.bot_messages()) > heard[p.id]]
        assert len(told) == len(displaced)  # only those displaced hear of it
        for person in told:
            assert "отдыхаете" in person.last().text and "рассадка изменилась" in person.last().text
        mine = late.last().text
        assert "игра 2 — стол" in mine and "игра 4 — стол" in mine and "отдыхаете" not in mine
        await admin.press_data(copy, offer)  # a copy of the button again
        assert night_texts.ALREADY_PLAYING in admin.last().text


async def test_a_late_arrival_in_reserve_is_told_he_is_the_reserve(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, _judge, _ = await seated_evening(world, players=20, rounds=3)
        late = world.person("Запасной человек", username="reserve_one")
        await late.send("/start")
        await late.reply()
        await world.services.players.create("Запасной", 0)
        await admin.send("/link @reserve_one Запасной")
        await admin.reply()
        await admin.send("/guest Запасной")
        await admin.reply()
        await admin.press(night_texts.FIT_IN)
        assert "Добавлен в запас на 3 игры" in (await admin.reply()).text
        await world.announced()
        told = late.last().text
        assert "игра 1 — в запасе" in told and "игра 3 — в запасе" in told
        assert "отдыхаете" not in told and "замените уходящего" in told


async def a_listed_day(world, count: int, opening: str):
    """A tournament day of ``count`` linked players the head judge listed with /guest (nobody
    tapped «Играю»), its judge signed up, seated: (admin, judge, people)."""
    admin, judge, people = await club_with_players(world, count)
    await admin.send(f"/night {opening}")
    await admin.reply()
    await admin.send("/guest " + "\n".join(f"Игрок{n:02d}" for n in range(1, count + 1)))
    assert f"В список добавлено: {count}" in (await admin.reply()).text
    await judge.send("/start")
    await judge.reply()
    await world.announced()
    group = world.api.chats[CLUB_CHAT_ID]
    await judge.press("⚖️ Сужу", chat=group, message=signup_post(world))
    await admin.send("/night")
    await admin.reply()
    await admin.press("🎲 Рассадить")
    await admin.reply()
    await world.announced()
    return admin, judge, people


async def test_a_listed_player_leaves_by_his_button_and_comes_back(tmp_path):
    """A tournament day's players listed by /guest, each with his Telegram linked: one taps «🚪
    Ухожу с вечера» after game 1 — the head judge hears it with the button to replace him — and
    «✋ Пришёл» again before anything changed: his seats are still his."""
    async with dispatcher_world(tmp_path) as world:
        admin, judge, people = await a_listed_day(world, 20, "11:00 4 игры 2 стола турнир")
        group = world.api.chats[CLUB_CHAT_ID]
        await play_seated_game(judge)
        await world.announced()
        leaver = people[4]  # Игрок05
        before = seating_post(world).text
        await leaver.press(night_texts.LEAVING, chat=group, message=signup_post(world))
        assert leaver.last_answer()["text"] == night_texts.LEFT
        await world.announced()
        assert "«Игрок05» уходит с вечера" in admin.last().text
        assert night_texts.REPLACE in admin.buttons()
        await leaver.press(night_texts.ARRIVED, chat=group, message=signup_post(world))
        assert leaver.last_answer()["text"] == night_texts.ARRIVED_NOTED
        await world.announced()
        assert "«Игрок05» вернулся на вечер" in admin.last().text
        assert admin.buttons() == []
        assert seating_post(world).text == before
        assert "Игрок05" in signup_post(world).text
        await leaver.press(night_texts.ARRIVED, chat=group, message=signup_post(world))
        assert leaver.last_answer()["text"] == night_texts.ALREADY_HERE


def points_of(text, pattern):
    return {m.group(1): m.group(2) for m in re.finditer(pattern, text, re.MULTILINE)}


RATING_ROW = r"^\d+\. (Игрок\d\d)[^—\n]*— ([\d.\-]+) ·"
PERIOD_ROW = r"^\d+🎲?\. (Игрок\d\d) — ([\d.\-]+) \("


async def test_a_tournament_day_is_asked_before_it_ends_and_its_final_is_played_on_the_same_date(
    tmp_path,
):
    """21 players listed by /guest, 10 + 1 games: a listed player leaves by his button after
    game 1 and comes back; «🏁» after game 4 asks first (and «↩ Нет» keeps the day); the final
    opens on the same date after the day, its games under that date, weighed as its stage in
    /rating, in the day's table and in «Итоги финала»."""
    async with dispatcher_world(tmp_path) as world:
        admin, judge, people = await a_listed_day(
            world, 21, "11:00 10 игр 2 стола затем 1 игра 1 стол турнир"
        )
        group = world.api.chats[CLUB_CHAT_ID]
        await admin.send("/night")  # nothing saved yet: nothing to end, said at once
        await admin.reply()
        await admin.press("🏁 Закончить турнирный день")
        assert admin.last_answer()["text"] == night_texts.NOTHING_PLAYED
        assert night_texts.END_ANYWAY not in admin.buttons()
        await play_seated_game(judge, "⚫ Чёрные", killed=1)
        await world.announced()
        leaver = people[6]  # Игрок07, listed by the head judge, his Telegram linked
        await leaver.press(night_texts.LEAVING, chat=group, message=signup_post(world))
        assert leaver.last_answer()["text"] == night_texts.LEFT
        await world.announced()
        assert "«Игрок07» уходит с вечера" in admin.last().text
        await leaver.press(night_texts.ARRIVED, chat=group, message=signup_post(world))
        assert leaver.last_answer()["text"] == night_texts.ARRIVED_NOTED
        await world.announced()
        assert "«Игрок07» вернулся" in admin.last().text
        for _ in range(3):
            await play_seated_game(judge, "⚫ Чёрные", killed=1)
        await world.announced()
        await admin.send("/night")
        await admin.reply()
        await admin.press("🏁 Закончить турнирный день")
        asked = admin.last().text
        assert "Турнирный день" in asked and "осталось сыграть 17 игр" in asked
        assert admin.buttons() == [night_texts.END_ANYWAY, night_texts.END_NOT_YET]
        await admin.press(night_texts.END_NOT_YET)  # not yet: the screen as it was
        assert "— рассажен" in admin.last().text
        assert not [m for m in group.history() if "🏁 Итоги" in m.text]
        await admin.press("🏁 Закончить турнирный день")
        await admin.press(night_texts.END_ANYWAY)
        await world.announced()
        day_post = next(m for m in group.history() if m.from_bot and "🏁 Итоги" in m.text)
        assert day_post.text.startswith("🏁 Итоги турнирного дня")
        assert "Лучший игрок турнирного дня" in day_post.text
        await admin.send("/newstage Финал 1.5")
        await admin.reply()
        await admin.send("/night 19:30 2 игры финал")
        assert (await admin.reply()).text.startswith(night_texts.FINAL_OPENED)
        await world.announced()
        post = next(m for m in reversed(group.history()) if m.from_bot and "Финал" in m.text)
        await judge.press("⚖️ Сужу", chat=group, message=post)
        today = world.services.nights.desk.today()
        await admin.send("/night")
        assert (await admin.reply()).text.startswith(f"Финал {today.day} декабря")
        await admin.press("🎲 Рассадить")
        await admin.reply()
        await world.announced()
        await play_seated_game(judge, "⚫ Чёрные", killed=1)
        await world.announced()
        await admin.send("/rating")
        rating = points_of((await admin.reply()).text, RATING_ROW)
        await admin.send(f"/rating {today:%d.%m}")
        by_day = (await admin.reply()).text
        assert "Сыграно: 5 игр." in by_day  # the day's four and the final's one, one date
        day_points = points_of(by_day, PERIOD_ROW)  # /rating shows its first page of 20
        assert len(rating) >= 10 and all(day_points[name] == v for name, v in rating.items())
        await admin.send("/rating вечер")
        final = (await admin.reply()).text
        assert final.startswith("🏁 Итоги финала") and "Сыграно: 1 игра." in final
        assert "— 1.5 (1 игра, побед: 1)" in final  # a won final game: 1 × 1.5
        tomorrow = today.toordinal() + 1
        await admin.send(f"/rating {date.fromordinal(tomorrow):%d.%m}")
        assert "игр нет" in (await admin.reply()).text.lower()


async def test_no_kept_post_is_edited_with_the_content_it_has(tmp_path):
    """Telegram refuses an edit that changes nothing («message is not modified»): a re-seat with
    nothing changed, a guest's arrival and departure, taps that change nothing — no such edit."""
    async with dispatcher_world(tmp_path) as world:
        admin, judge, _ = await seated_evening(world, players=21, rounds=3)
        await admin.send("/night")
        await admin.reply()
        for _ in range(2):
            await admin.press("🎲 Рассадить заново")
            await world.announced()
        await admin.send("/guest Гость")
        await admin.reply()
        await admin.send("/leave Гость")  # the sign-up as it was before
        await admin.reply()
        await world.announced()
        await play_seated_game(judge)
        await world.announced()
        refused = [
            (method, error) for method, error in world.api.errors
            if "not modified" in str(error)
        ]  # fmt: skip
        assert refused == []


async def test_a_game_is_announced_at_once_while_the_kept_posts_wait_their_turn(tmp_path):
    """A tournament day's kept posts (its seating in several messages, their edits) fill the
    club chat's minute; a saved game is news: it goes first, within Telegram's 20 a minute, and
    the kept posts are drawn after it."""
    from bot.delivery.limits import GROUP_LIMIT

    async with dispatcher_world(tmp_path) as world:
        admin, judge, _ = await seated_evening(world, players=20, rounds=3)
        group = world.api.chats[CLUB_CHAT_ID]
        world.pacing.skip(61)  # the seating's own sends are a minute ago
        limits, now = world.services.outbox.limits, world.pacing.now()
        for _ in range(GROUP_LIMIT - 1):  # a busy minute in the club chat: one send left
            limits.sent(CLUB_CHAT_ID, now)
        await admin.send("/guest Гость")  # the sign-up post is to be drawn again: it waits
        await admin.reply()
        before = len([m for m in group.history() if m.from_bot])
        await play_seated_game(judge)
        announced = await world.api.wait_for(
            lambda: [m for m in group.history()[before:] if m.from_bot and "Стол 1" in m.text],
            3.0,
        )
        assert announced, "the game waited behind the kept posts"
        assert "Гость" not in signup_post(world).text  # its edit still waits its turn
        await world.announced()
        assert "Гость" in signup_post(world).text  # and goes once the minute allows


async def test_a_final_by_choice_tells_each_finalist_he_chooses_and_keeps_the_names(tmp_path):
    from tests.handlers.test_season import a_season_of_25

    async with dispatcher_world(tmp_path) as world:
        admin, judge, table = await a_season_of_25(world)
        third = world.person("Третий", username="third")
        await third.send("/start")
        await third.reply()
        await admin.send(f"/link @third {table[2]}")
        await admin.reply()
        await admin.send("/night 19:30 3 игры финал выбор")
        await admin.reply()
        await world.announced()
        group = world.api.chats[CLUB_CHAT_ID]
        post = next(m for m in group.history() if m.from_bot and "Финал" in m.text)
        await judge.send("/start")
        await judge.reply()
        await judge.press("⚖️ Сужу", chat=group, message=post)
        await admin.send("/night")
        await admin.reply()
        await admin.press("🎲 Рассадить")
        await world.announced()
        post = next(m for m in group.history() if m.from_bot and "Финалисты" in m.text)
        assert all(name in post.text for name in table[:10]), post.text
        told = third.last().text
        assert told.startswith("Финал ") and "игра 1 — стол 1; игра 2 — стол 1" in told
        assert "место" not in told.split(".")[0] and "вы выбираете 3-м" in told, told
