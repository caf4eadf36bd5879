"""A season that really ends (issue 30 §1.3): a closed tournament takes no games and no
evenings, its post stays true, and the admin starts the next season in one tap."""

from bot.callbacks import NightAction, NightCB
from tests.club import Taps, enter_protocol, setup_club
from tests.harness import CLUB_CHAT_ID, dispatcher_world


async def test_a_closed_tournament_takes_no_games_and_the_next_season_is_one_tap(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world, "Сезон 3")
        taps = Taps(judge)
        await enter_protocol(taps)
        await taps.press("✅ Подтвердить")
        await world.announced()
        # A second protocol is open when the admin closes the tournament.
        await enter_protocol(taps)
        assert judge.last().text.startswith("Новая игра")
        await admin.send("/closetournament")
        closed = await admin.reply()
        assert "Турнир «Сезон 3» закрыт" in closed.text and "больше не идут" in closed.text
        assert admin.buttons() == ["🆕 Следующий сезон: «Сезон 4»", "↩️ Открыть турнир снова"]
        await taps.press("✅ Подтвердить")
        refused = judge.last().text
        assert "Турнир «Сезон 3» закрыт: новые игры в него не вносятся" in refused, refused
        await judge.send("/game")  # his draft is still his; a new /game after it is refused
        await judge.reply()
        await judge.press("✖ Отменить")
        await judge.press("🗑 Да, удалить")
        await judge.send("/game")
        assert "закрыт: новые игры в него не вносятся" in (await judge.reply()).text
        await admin.send("/night 19:30")
        assert "Турнир «Сезон 3» закрыт: вечер в нём не открыть" in (await admin.reply()).text
        await world.announced()
        group = world.api.chats[CLUB_CHAT_ID]
        post = next(m for m in group.history() if m.from_bot and "Итоги турнира" in m.text)
        assert "Сыграно: 1 игра." in post.text
        assert len(await world.database.fetchall("SELECT 1 FROM games")) == 1  # nothing saved
        # One tap: the next season, current, with the same rules; a double tap makes one.
        await admin.press("🆕 Следующий сезон: «Сезон 4»")
        assert "Турнир «Сезон 4» создан и стал текущим" in (await admin.reply()).text
        current = await world.services.tournaments.current_tournament()
        assert current.title == "Сезон 4" and not current.closed
        assert len(await world.database.fetchall("SELECT 1 FROM tournaments")) == 2
        await judge.send("/game")
        assert (await judge.reply()).text.startswith("Новая игра")
        assert "Сыграно: 1 игра." in post.text  # the closed season's post stays true


async def test_a_closed_tournament_may_be_reopened_by_an_admin_only(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world, "Весна")
        taps = Taps(judge)
        await enter_protocol(taps)
        await taps.press("✅ Подтвердить")
        await admin.send("/closetournament")
        answer = await admin.reply()
        assert "«Весна 2»" in answer.buttons()[0]["text"]
        judge_tap = answer.buttons()[1]["callback_data"]
        await judge.press_data(judge_tap, answer)  # a forwarded or forged admin's button
        assert judge.last_answer()["show_alert"]
        assert (await world.services.tournaments.current_tournament()).closed
        await admin.press("↩️ Открыть турнир снова")
        assert "«Весна» снова открыт" in (await admin.reply()).text
        await judge.send("/game")
        assert (await judge.reply()).text.startswith("Новая игра")


async def test_the_closing_picture_has_every_row_and_the_attendance_nominations(
    tmp_path, monkeypatch
):
    """Issue 30 §3: «🏆 Итоги турнира» as one picture with every row (it stopped at 20 of 25)
    and its nominations, the season's attendance ones among them (most evenings, most games)."""
    from bot.rating import pictures
    from scoring import compute, resolve_ruleset
    from scoring.protocol_json import load_protocol
    from tests.harness import ADMIN_ID, PICTURE_SECONDS
    from tests.protocols import protocol_bytes, random_protocol

    names = [f"Игрок{n:02d}" for n in range(1, 26)]
    protocol = random_protocol(names, 30, seed=11)
    drawn = []
    draw = pictures.render_async

    async def kept(picture):
        drawn.append(picture)
        return await draw(picture)

    monkeypatch.setattr(pictures, "render_async", kept)
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("season.json", protocol_bytes(protocol), "/import Сезон")
        assert "Игр: 30" in (await admin.reply()).text
        await admin.send("/closetournament Сезон")
        await admin.reply()
        await world.announced()
        group = world.api.chats[CLUB_CHAT_ID]
        post = next(m for m in group.history() if m.from_bot and "Итоги турнира" in m.text)
        distance, ruleset = load_protocol(protocol_bytes(protocol).decode(), resolve_ruleset)
        standings = compute(distance.games, ruleset, distance.seed).standings
        most = max(standings, key=lambda row: row.games)  # the first of the most: placed higher
        assert f"🎲 Больше всего игр: {most.name} — {most.games}" in post.text
        # Every game was imported on one day: one evening each, the winner named first.
        assert f"📅 Больше всего игровых вечеров: {standings[0].name} — 1" in post.text
        await admin.press("🖼 Картинкой", chat=group, message=post)
        await world.api.wait_for(lambda: admin.last().photo, PICTURE_SECONDS)
        picture = drawn[-1]
        assert [row[1] for row in picture.rows] == [row.name for row in standings]  # all 25
        assert any(line.startswith("🎲 Больше всего игр") for line in picture.legend)
        assert any(line.startswith("🥇 Победитель") for line in picture.legend)


async def a_season_of_25(world):
    from tests.club import appoint_judge
    from tests.harness import ADMIN_ID
    from tests.protocols import protocol_bytes, random_protocol

    names = [f"Игрок{n:02d}" for n in range(1, 26)]
    protocol = random_protocol(names, 30, seed=11)
    admin = world.person("Админ", user_id=ADMIN_ID, username="boss")
    await admin.send_file("season.json", protocol_bytes(protocol), "/import Сезон")
    assert "Игр: 30" in (await admin.reply()).text
    judge = await appoint_judge(world, admin, "Иван", "ivan_judge")
    tournament = await world.services.tournaments.current_tournament()
    board = await world.services.ratings.board(tournament)
    return admin, judge, [row.name for row in board.standings]


def seating_rounds(world):
    import re

    group = world.api.chats[CLUB_CHAT_ID]
    post = next(m for m in reversed(group.history()) if m.from_bot and "Рассадка" in m.text)
    return [re.findall(r"\d+ (Игрок\d\d)", line) for line in post.text.splitlines()
            if line.startswith("Стол 1:")]  # fmt: skip


async def test_a_final_seats_the_top_ten_and_by_choice_lists_them_in_order_of_place(tmp_path):
    """Issue 30 §3: a final's one table is the tournament's top 10; nobody signs up to play;
    where the players choose their seats, the protocol lists them in order of place."""
    async with dispatcher_world(tmp_path) as world:
        admin, judge, table = await a_season_of_25(world)
        await admin.send("/night 19:30 2 игры финал выбор")
        opened = (await admin.reply()).text
        assert "🏆 Финал: играют первые 10 турнирной таблицы" in opened
        assert "места выбирают по порядку мест" in opened
        await world.announced()
        group = world.api.chats[CLUB_CHAT_ID]
        post = next(m for m in group.history() if m.from_bot and "Финал" in m.text)
        assert all(name in post.text for name in table[:10]) and table[10] not in post.text
        assert [b["text"] for b in post.buttons()] == ["⚖️ Сужу"]
        fan = world.person("Болельщик", username="fan")
        await fan.press_data(
            NightCB(n=1, a=NightAction.SIGN_UP, v="p").pack(), post, group
        )  # an old «Играю»
        assert "Это финал" in fan.last_answer()["text"]
        await judge.send("/start")
        await judge.reply()
        await judge.press("⚖️ Сужу", chat=group, message=post)
        await admin.send("/night")
        await admin.reply()
        await admin.press("🎲 Рассадить")
        assert admin.last_answer()["text"].startswith("Рассажено: 10 игроков, 2 игры.")
        await world.announced()
        assert seating_rounds(world) == [table[:10], table[:10]]  # in order of place
        await judge.send("/game")
        protocol = (await judge.reply()).text
        assert "Финал, игра 1: игроки записаны по порядку мест" in protocol
        assert f"1. {table[0]}" in protocol and f"10. {table[9]}" in protocol


async def test_a_final_by_lot_gives_each_finalist_another_seat_every_game(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, _judge, table = await a_season_of_25(world)
        await admin.send("/night 19:30 4 игры финал")
        assert "места — жребием рассадки" in (await admin.reply()).text
        await admin.send("/night 19:30 финал 9 лучших")
        assert "первые 10" in (await admin.reply()).text  # a final needs ten: told how
        await admin.send("/night")
        await admin.reply()
        await admin.press("🎲 Рассадить")
        await world.announced()
        rounds = seating_rounds(world)
        assert len(rounds) == 4 and all(sorted(r) == sorted(table[:10]) for r in rounds)
        for name in table[:10]:
            seats = [r.index(name) for r in rounds]
            assert len(set(seats)) == 4, (name, seats)  # never the same seat twice
