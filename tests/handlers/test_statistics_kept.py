"""Statistics kept from the games run in the app (issue 48 §1, §2, §5): a club turns its layers
on in /settings, a game started then records them and keeps them, and its saved log is counted
once into each player's sums — again when it is corrected, out when annulled, and a game saved
before statistics existed is counted by the scheduler's job."""

from __future__ import annotations

import json

import pytest

from bot.core import club_scope
from bot.rating.statistics import count_game
from bot.tables import games as game_rows
from tests.club import NAMES, Taps, seat_players, setup_club
from tests.harness import dispatcher_world
from tests.webapp import AppCaller, app_server, event

pytestmark = pytest.mark.both_engines  # the services' and delivery tests: on both engines

APP = "http://127.0.0.1/"
SHERIFF, DON, MAFIA = 2, 9, (4, 7)


def layered_game() -> list[dict]:
    """Two days with every layer: nominators, hands (day 1's are not counted), last words."""
    return [
        event("role", seat=SHERIFF, role="sheriff"),
        event("role", seat=DON, role="don"),
        *(event("role", seat=seat, role="mafia") for seat in MAFIA),
        event("next"),  # day 1
        event("nominate", seat=4, by=1),
        event("nominate", seat=5, by=4),
        event("next"),  # voting
        event("hands", **{"for": 4, "seats": [1, 2, 3]}),
        event("hands", **{"for": 5, "seats": [4, 5, 6, 7, 8, 9, 10]}),
        event("vote", out=[5]),
        event("last_words", seat=5, black=[4], red=[2]),
        event("next"),  # night 1
        event("shot", seat=1),
        event("check", by="sheriff", seat=9),
        event("check", by="don", seat=2),
        event("best_move", seats=[4, 7, 9]),
        event("next"),  # day 2
        event("nominate", seat=7, by=2),
        event("nominate", seat=3, by=9),
        event("next"),  # voting
        event("hands", **{"for": 7, "seats": [2, 3, 6, 8, 10]}),
        event("hands", **{"for": 3, "seats": [4, 7, 9]}),
        event("vote", out=[7]),
        event("end", winner="red"),
    ]


async def turn_on(admin, *labels: str) -> None:
    await admin.send("/settings")
    await admin.reply()
    for label in labels:
        await admin.press(label)


async def stats_of(world, nickname: str) -> dict[str, tuple[int, int, int]]:
    rows = await world.database.fetchall(
        "SELECT key, part, whole, games FROM player_statistics JOIN players "
        "ON players.id = player_statistics.player_id WHERE players.nickname = ?",
        (nickname,),
    )
    return {row[0]: (row[1], row[2], row[3]) for row in rows}


async def play(world, judge, events: list[dict]) -> AppCaller:
    async with app_server(world) as base:
        app = AppCaller(base, judge.id)
        opened = await app.open()
        await app.send(*events)
        status, saved = await app.call("confirm", {"live": app.live})
        assert status == 200, saved
        await world.services.scheduler.run_due()  # the job counts it after the commit
        app.opened = opened  # type: ignore[attr-defined]
    return app


async def test_a_game_with_layers_counts_them_once_per_player(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        admin, judge = await setup_club(world)
        await turn_on(admin, "✋ Записывать голоса по рукам", "🗣 Записывать, кто выставил",
                      "📜 Записывать завещания")  # fmt: skip
        settings = admin.last().text
        assert "✋ Судьи в приложении записывают голоса" in settings
        assert "Выстрелы каждого чёрного не записываются" in settings
        await seat_players(Taps(judge))
        app = await play(world, judge, layered_game())
        assert sorted(app.opened["layers"]) == ["hands", "last_words", "nominators"]
        stored = await world.database.fetchone("SELECT layers FROM live_games")
        assert sorted(json.loads(stored[0])) == ["hands", "last_words", "nominators"]

        civilian = await stats_of(world, NAMES[9])  # seat 10: day 2's hand on 7, a black
        assert civilian["votes_on_blacks"] == (1, 1, 1) and civilian["strong_hand"] == (1, 1, 1)
        assert civilian["wins_civilian"] == (1, 1, 1) and civilian["survived"] == (1, 1, 1)
        first = await stats_of(world, NAMES[0])  # seat 1: shot on night 1, named 3 of 3
        assert first["first_killed"] == (1, 1, 1) and first["best_move_three"] == (1, 1, 1)
        assert first["nominated_blacks"] == (1, 1, 1)  # he nominated 4
        voted = await stats_of(world, NAMES[4])  # seat 5: voted out day 1, last words right
        assert voted["voted_out_early"] == (1, 1, 1) and voted["last_words_right"] == (2, 2, 1)
        sheriff = await stats_of(world, NAMES[1])
        assert sheriff["sheriff_black_checks"] == (1, 1, 1)
        assert sheriff["sheriff_found_by_don"] == (1, 1, 1)
        don = await stats_of(world, NAMES[8])
        assert don["don_found_sheriff_first_night"] == (1, 1, 1)
        assert don["votes_on_sheriff"] == (0, 1, 1)  # his day 2 hand went to 3, a civilian
        assert "shots3_ok" not in don  # the shooters' layer was off: no zero, nothing

        # Counted again (a correction, a repeated hook): the sums do not move.
        before = await world.database.fetchall("SELECT * FROM player_statistics ORDER BY 1, 2, 3")
        with club_scope.within(world.services.clubs.get(1)):
            async with world.database.transaction() as tx:
                await count_game(tx, 1)
        after = await world.database.fetchall("SELECT * FROM player_statistics ORDER BY 1, 2, 3")
        assert [tuple(r) for r in after] == [tuple(r) for r in before]

        # Annulled: the game counts for nobody.
        with club_scope.within(world.services.clubs.get(1)):
            async with world.database.transaction() as tx:
                await game_rows.annul(tx, 1, "2026-12-05T00:00:00+00:00")
                await world.services.statistics.results_changed(tx, 1, "")
        assert await world.database.fetchall("SELECT * FROM player_statistics") == []
        assert await world.database.fetchall("SELECT * FROM game_statistics") == []


async def test_a_game_saved_before_statistics_is_counted_by_the_job(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP) as world:
        _, judge = await setup_club(world)
        await seat_players(Taps(judge))
        await play(world, judge, layered_game())
        kept = await world.database.fetchall("SELECT * FROM player_statistics ORDER BY 1, 2, 3")
        assert kept and all(row["key"] not in ("votes_on_blacks", "strong_hand") for row in kept)
        async with world.database.transaction() as tx:  # as a database upgraded from before
            for table in ("game_statistics", "player_statistics", "statistics_counted"):
                await tx.execute(f"DELETE FROM {table}")
        await world.services.scheduler.run_due()
        again = await world.database.fetchall("SELECT * FROM player_statistics ORDER BY 1, 2, 3")
        assert [tuple(r) for r in again] == [tuple(r) for r in kept]
        assert await world.services.statistics.next_uncounted() is None
