"""Elo in the bot: each player's private result gives his rating's change, /rating elo the board
and how well the chance predicts, /me both tracks and their curve — all equal to a replay of the
club's games from nothing, after a correction too. The announcement gives the red team's chance
once the club's own games show it predicts better than the base rate."""

import re

from scoring import Role, Winner
from scoring.elo import BLACK, replay
from tests.club import NAMES, Taps, enter_protocol, setup_club
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, PICTURE_SECONDS, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol, skilled_season


async def stored_games(world):
    """The club's counted games as the replay takes them, from the database."""
    from scoring import Game, SeatEntry

    heads = await world.database.fetchall(
        "SELECT id, winner FROM games WHERE status != 'annulled' ORDER BY ended_at, id"
    )
    games = []
    for game_id, winner in heads:
        seats = await world.database.fetchall(
            "SELECT role, player_id FROM game_seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        games.append(Game(str(game_id), Winner(winner),
                          tuple(SeatEntry(str(p), Role(r)) for r, p in seats)))  # fmt: skip
    return games


async def test_the_chance_the_changes_the_board_and_me_as_a_replay_gives_them(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world)
        owl = world.person("Сова", username="owl")
        await owl.send("/start")
        await owl.reply()
        await enter_protocol(Taps(judge))  # Сова (seat 4) is mafia; black wins
        await judge.press("✅ Подтвердить")
        await admin.send("/link @owl Сова")
        await admin.reply()
        for winner in ("🔴 Красные", "⚫ Чёрные", "🔴 Красные", "⚫ Чёрные"):
            await enter_protocol(Taps(judge), winner=winner)
            await judge.press("✅ Подтвердить")
        await world.announced()
        group = world.api.chats[CLUB_CHAT_ID]
        posts = [m.text for m in group.history() if m.from_bot and m.text.startswith("🏁")]
        assert len(posts) == 5
        # Five games prove nothing: the chance is not said until the club's games show it
        # predicts better than the base rate.
        assert not any("Шансы красных" in post for post in posts)
        _, rated = replay(await stored_games(world))
        # Сова's own result of game 4 says how her black rating moved.
        owl_id = (await world.database.fetchone("SELECT id FROM players WHERE nickname = 'Сова'"))[
            0
        ]
        last = next(c for c in rated[-1].changes if c.name == str(owl_id))
        mine = owl.last().text
        assert f"Рейтинг Эло (чёрные): {round(last.before)} → {round(last.after)}" in mine, mine
        # The board and /me.
        state, _ = replay(await stored_games(world))
        await owl.send("/rating elo")
        board = (await owl.reply()).text
        assert "📈 Рейтинг Эло — все игры клуба" in board and "игр: 5" in board
        assert "Шансы появятся в объявлениях после 100 игр" in board, board
        owl_black = state.of(str(owl_id), BLACK)
        line = next((line for line in board.splitlines() if "Сова" in line), board)
        assert line.startswith("👉 ") and f"⚫ {round(owl_black)} (5)" in line, board
        assert len(re.findall(r"^(?:👉 )?\d+\. ", board, re.M)) == 10
        await owl.send("/me")
        await world.api.wait_for(lambda: owl.last().photo, PICTURE_SECONDS)
        record = owl.bot_messages()[-2].text
        assert f"⚫ чёрные {round(owl_black)} (5 игр)" in record, record
        assert "ниже — рейтинг Эло" in owl.last().caption
        # The curve drawn under the points: her ratings after each of her five games.
        elo = world.services.rating.elo
        mine = [next(c for c in game.changes if c.name == str(owl_id)) for game in rated]
        curve = (await elo.state()).curve(owl_id)
        assert len(curve) == 6 and curve[0] == (1500, 1500)
        assert [point[1] for point in curve[1:]] == [c.after for c in mine]  # all five as mafia
        assert abs(sum(state.rating.values()) - 1500 * len(state.rating)) < 1e-6  # zero-sum
        assert NAMES[3] == "Сова"
        # A correction changes history (game 1: red won after all): the board is a replay of
        # the games as they are now, from nothing.
        await judge.send("/games")
        await judge.reply()
        await judge.press(next(b for b in judge.buttons() if "игра 1" in b))
        await judge.reply()
        await judge.press("✏️ Изменить")
        await judge.press("Победитель")
        await judge.press("🔴 Красные")
        await judge.press("✅ Подтвердить")
        assert "исправлена" in judge.last().text
        await world.announced()
        again, _ = replay(await stored_games(world))
        assert again.rating != state.rating
        await owl.send("/rating elo")
        board = (await owl.reply()).text
        line = next((line for line in board.splitlines() if "Сова" in line), board)
        assert f"⚫ {round(again.of(str(owl_id), BLACK))} (5)" in line, board


async def test_the_chance_is_said_once_the_clubs_games_show_it_beats_the_base_rate(tmp_path):
    """An imported season where skill decides: the ratings learn who is strong, the chance beats
    always saying the base rate, and from then on each announcement gives it."""
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world)
        season = protocol_bytes(skilled_season(200))
        await admin.send_file("season.json", season, "/import Прошлый сезон")
        assert "Игр: 200" in (await admin.reply()).text
        await admin.send("/rating elo")
        board = (await admin.reply()).text
        assert "Прогноз точнее, поэтому шансы пишутся в объявлениях игр" in board, board
        assert "Сильный" in board.split("\n")[4]  # the strong players lead the board
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        await world.announced()
        post = next(m.text for m in reversed(world.api.chats[CLUB_CHAT_ID].history())
                    if m.from_bot and m.text.startswith("🏁"))  # fmt: skip
        _, rated = replay(await stored_games(world))
        assert f"по рейтингу Эло: {round(rated[-1].red_chance * 100)}%" in post, post


async def test_the_board_when_empty_and_for_an_asker_below_the_first_twenty(tmp_path):
    from bot.club.elo import EloRatings

    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send("/rating elo")
        empty = (await admin.reply()).text
        assert "Пока никого: рейтинг появится, когда сыграют больше игр." in empty
        assert "🎯" not in empty  # no games: nothing measured
        names = [f"Игрок{n:02d}" for n in range(1, 31)]
        await admin.send_file("s.json", protocol_bytes(random_protocol(names, 90)), "/import Сезон")
        assert "Игр: 90" in (await admin.reply()).text
        state = await EloRatings(world.database).state()
        ids = {row[1]: row[0] for row in await world.database.fetchall(
            "SELECT id, nickname FROM players")}  # fmt: skip
        ranked = sorted(
            names, key=lambda n: -sum(state.player(ids[n], t)[0] * state.player(ids[n], t)[1]
                                      for t in ("red", "black")) / sum(
                state.player(ids[n], t)[1] for t in ("red", "black"))
        )  # fmt: skip
        last = ranked[-1]
        owl = world.person("Сова", username="owl")
        await owl.send("/start")
        await owl.reply()
        await admin.send(f"/link @owl {last}")
        await admin.reply()
        await owl.send("/rating elo")
        board = (await owl.reply()).text
        rows = re.findall(r"^(👉 )?(\d+)\. (\S+) — ", board, re.M)
        assert [int(place) for _, place, _ in rows] == [*range(1, 21), 30]
        assert rows[-1] == ("👉 ", "30", last) and "… всего в таблице: 30" in board
