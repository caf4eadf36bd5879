"""A weighted stage as a club runs it: /newstage Финал 1.3, games in it, the rating weighted as
the scoring core weighs it, the announcement saying so, /export and /import keeping it."""

import csv
import json
from decimal import Decimal
from fractions import Fraction

from bot.texts import closing as closing_texts
from bot.texts.points import show
from scoring import compute, resolve_ruleset
from scoring.protocol_json import load_protocol
from tests.club import Taps, enter_protocol, setup_club
from tests.handlers.test_interchange import cli_csv, export
from tests.harness import ADMIN_ID, CLUB_CHAT_ID, PICTURE_SECONDS, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol


async def test_a_final_that_counts_one_point_three(tmp_path):
    async with dispatcher_world(tmp_path / "a") as world:
        admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge), extras={2: "0.3"}, penalties={3: ["8.5.2"]})
        await judge.press("✅ Подтвердить")
        await admin.send("/newstage Финал ×0")
        assert "Вес этапа — число больше 0" in (await admin.reply()).text
        for typo in ("Финал ×1..3", "Финал × abc", "Финал *2x", "Финал x1,,3"):  # no stage made
            await admin.send(f"/newstage {typo}")
            assert "Вес этапа — число больше 0" in (await admin.reply()).text, typo
        await admin.send("/newstage Финал Хард")  # a name that starts like «х2»
        assert "Начат этап «Финал Хард»" in (await admin.reply()).text
        await admin.send("/newstage Этап 2")  # a number that is a name, not a weight
        assert "Начат этап «Этап 2»" in (await admin.reply()).text
        await admin.send("/newstage Финал 1,3")
        started = (await admin.reply()).text
        assert "Начат этап «Финал»" in started and "×1.3" in started
        await enter_protocol(Taps(judge), winner="🔴 Красные", extras={4: "0.25"})
        await judge.press("✅ Подтвердить")
        await world.announced()
        group = world.api.chats[CLUB_CHAT_ID]
        final = [m for m in group.history() if m.from_bot and "этап «Финал»" in m.text]
        assert len(final) == 1 and "идут в рейтинг ×1.3" in final[0].text
        first = [m for m in group.history() if m.from_bot and "этап «основной»" in m.text]
        assert "идут в рейтинг" not in first[0].text
        # The export carries the weight; the command line computes the same table from it.
        protocol, table = await export(world, admin)
        data = json.loads(protocol)
        assert data["stages"] == [
            {"name": "основной", "weight": 1},
            {"name": "Финал", "weight": 1.3},
        ]
        path = tmp_path / "export.json"
        path.write_bytes(protocol)
        assert cli_csv(path) == table
        distance, ruleset = load_protocol(protocol.decode(), resolve_ruleset)
        expected = compute(distance.games, ruleset, distance.seed, distance.weights).standings
        rows = list(csv.DictReader(table.decode().splitlines()))
        assert [(r["name"], Decimal(r["total"])) for r in rows] == [
            (s.name, round(Decimal(s.total.numerator) / Decimal(s.total.denominator), 4))
            for s in expected
        ]
        # Сова played mafia in both: extra 0.25 in the final counts 0.325.
        owl = next(s for s in expected if s.name == "Сова")
        assert owl.extra == Fraction(325, 1000) and owl.games == 2
        await admin.send("/player Сова")
        await world.api.wait_for(lambda: admin.last().photo, PICTURE_SECONDS)
        record = admin.bot_messages()[-2].text
        assert f"итого {show(owl.total)}" in record, record  # /me and /player weigh the same
        await admin.send("/rating")
        rating = (await admin.reply()).text
    async with dispatcher_world(tmp_path / "b") as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        await admin.send_file("export.json", protocol, "/import Финал сезона")
        assert "Готово" in (await admin.reply()).text
        again, again_table = await export(world, admin)
        assert again_table == table and json.loads(again)["stages"] == data["stages"]
        await admin.send("/rating")
        assert rows_of((await admin.reply()).text) == rows_of(rating)


def rows_of(text):
    """A board's rows, spacing and ⏳ aside (a game of the first bot was still open)."""
    return [" ".join(line.replace("⏳", "").split()) for line in text.splitlines()[2:12]]


SEASON = random_protocol([f"Игрок{n:02d}" for n in range(1, 15)], 40, seed=3)


async def imported_season(world):
    """The admin, having imported ``SEASON`` (40 games of 14 players) as «Сезон»."""
    admin = world.person("Админ", user_id=ADMIN_ID)
    await admin.send_file("season.json", protocol_bytes(SEASON), "/import Сезон")
    assert "Игр: 40" in (await admin.reply()).text
    return admin


async def test_closing_a_tournament_posts_its_table_and_nominations(tmp_path):
    from bot.rating.nominations import nominate

    protocol = SEASON
    async with dispatcher_world(tmp_path) as world:
        admin = await imported_season(world)
        stranger = world.person("Игрок", username="someone01")
        await stranger.send("/closetournament")
        assert "администратор" in (await stranger.reply()).text
        await admin.send("/closetournament Сезон")
        assert "закрыт: итоговая таблица и номинации — в чате клуба" in (await admin.reply()).text
        await admin.send("/closetournament Сезон")  # again: told, nothing posted twice
        assert "уже закрыт" in (await admin.reply()).text
        await world.announced()
        group = world.api.chats[CLUB_CHAT_ID]
        posts = [m for m in group.history() if m.from_bot and "Итоги турнира" in m.text]
        assert len(posts) == 1
        text = posts[0].text
        distance, ruleset = load_protocol(protocol_bytes(protocol).decode(), resolve_ruleset)
        result = compute(distance.games, ruleset, distance.seed)
        found = nominate(result.games, result.standings, None)  # each board its own minimum
        assert (
            f"🥇 Победитель: {result.standings[0].name} — {show(result.standings[0].total)}" in text
        )
        if found.sheriff is not None:
            assert (
                f"⭐ Лучший шериф: {found.sheriff.name} — в среднем {show(found.sheriff.value)}"
                in text
            )
        assert f"🔴 Лучший красный: {found.red.name}" in text
        assert f"⚫ Лучший чёрный: {found.black.name}" in text
        assert closing_texts.TIES in text  # how a tie is decided is said, not guessed
        # The picture comes to whoever taps, in private.
        await admin.press("🖼 Картинкой", chat=group, message=posts[0])
        await world.api.wait_for(lambda: admin.last().photo, PICTURE_SECONDS)
        assert admin.last().caption == "Итоги турнира «Сезон»"


async def test_a_closed_tournaments_post_follows_an_annulment_and_a_rename(tmp_path):
    """The final table in the club chat is edited in place when a game of it is annulled, and
    when one of its players is renamed."""
    protocol = SEASON
    async with dispatcher_world(tmp_path) as world:
        admin = await imported_season(world)
        await admin.send("/closetournament Сезон")
        await admin.reply()
        await world.announced()
        group = world.api.chats[CLUB_CHAT_ID]
        post = next(m for m in group.history() if m.from_bot and "Итоги турнира" in m.text)
        assert "Сыграно: 40 игр." in post.text, post.text
        table, number = await world.database.fetchone(
            "SELECT table_number, game_number FROM games ORDER BY id LIMIT 1"
        )
        await admin.send(f"/replay {table} {number} ошибка в протоколе")
        assert "аннулирована" in (await admin.reply()).text
        await world.announced()
        await world.api.wait_for(lambda: "Сыграно: 39 игр." in post.text)
        distance, ruleset = load_protocol(protocol_bytes(protocol).decode(), resolve_ruleset)
        result = compute(distance.games[1:], ruleset, distance.seed)
        winner = result.standings[0].name
        assert f"🥇 Победитель: {winner}" in post.text
        # A rename of its winner is shown there too.
        await admin.send(f"/rename {winner} -> Чемпион")
        await admin.reply()
        await world.announced()
        await world.api.wait_for(lambda: "🥇 Победитель: Чемпион" in post.text)
        assert len([m for m in group.history() if m.from_bot and "Итоги турнира" in m.text]) == 1
