"""The standings kept between requests are always the standings of the data as it is now."""

from bot.rating.standings import Standings
from scoring import compute
from tests.club import Taps, appoint_judge, enter_protocol, setup_club
from tests.harness import ADMIN_ID, dispatcher_world
from tests.protocols import protocol_bytes, random_protocol


async def fresh_csv(world):
    """The standings computed from scratch, by a Standings that kept nothing."""
    tournament = (await world.services.tournaments.current())[0]
    board = await Standings(world.database, world.services.tournaments).board(tournament)
    return [(row.name, row.total, row.games, row.lot) for row in board.standings]


async def kept_csv(world):
    tournament = (await world.services.tournaments.current())[0]
    board = await world.services.standings.board(tournament)
    # kept game by game, the rows are still exactly what the scoring core computes at once
    games = [scored.game for scored in board.result.games]
    assert compute(games, tournament.ruleset(), tournament.seed).standings == board.standings
    # each player's own games, kept between /me requests until one of them changes, are what
    # standings made from nothing give
    fresh = await Standings(world.database, world.services.tournaments).board(tournament)
    for row in board.standings:
        player_id = board.player_id(row)
        assert board.played(player_id) == fresh.played(player_id), row.name
    return [(row.name, row.total, row.games, row.lot) for row in board.standings]


async def test_kept_standings_follow_every_kind_of_change(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin, judge = await setup_club(world)
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        assert await kept_csv(world) == await fresh_csv(world)
        kept = world.services.standings
        revision = (await kept.board((await world.services.tournaments.current())[0])).revision
        # The same request again: the kept board, not a new one.
        again = await kept.board((await world.services.tournaments.current())[0])
        assert again.revision == revision
        # A correction (the winner changes: every seat's points change).
        await judge.press("✏️ Исправить эту игру")
        await judge.reply()
        await judge.press("✏️ Изменить")
        await judge.press("Победитель")
        await judge.press("🔴 Красные")
        await judge.press("✅ Подтвердить")
        after = await kept_csv(world)
        assert after == await fresh_csv(world)
        assert dict((n, t) for n, t, _, _ in after)["Bravo"] == 1  # the sheriff won now
        # A second game, a rename, a merge, a new stage with a game: each seen at once.
        await enter_protocol(Taps(judge), names=["Новый", *[n for n in ("Bravo", "Сова", "Ёж",
                             "Кот", "Волк", "Рысь", "Барс", "Филин", "Лис")]])  # fmt: skip
        await judge.press("✅ Подтвердить")
        assert await kept_csv(world) == await fresh_csv(world)
        await admin.send("/rename Новый -> Новенький")
        await admin.reply()
        assert "Новенький" in {n for n, *_ in await kept_csv(world)}
        assert await kept_csv(world) == await fresh_csv(world)
        await admin.send("/merge Новенький -> <Дон> & Co")
        assert "Игр перенесено: 1" in (await admin.reply()).text
        assert await kept_csv(world) == await fresh_csv(world)
        await admin.send("/newstage финал")
        await admin.reply()
        await enter_protocol(Taps(judge))
        await judge.press("✅ Подтвердить")
        assert await kept_csv(world) == await fresh_csv(world)


async def test_a_saved_game_refreshes_the_standings_before_anyone_asks(tmp_path):
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID, username="boss")
        names = [f"Игрок{n}" for n in range(20)]
        await admin.send_file("s.json", protocol_bytes(random_protocol(names, 50)), "/import С")
        await admin.reply()
        standings = world.services.standings
        judge = await appoint_judge(world, admin, "Иван", "ivan")
        await enter_protocol(Taps(judge), names=names[:10])
        await judge.press("✅ Подтвердить")
        await standings._warming.finished(1)  # the refresh the save started
        tournament = (await world.services.tournaments.current())[0]
        revision = await standings._revision(tournament.id)
        assert standings._boards[tournament.id].revision == revision
        assert standings._boards[tournament.id].game_count == 51


async def test_the_boards_kept_are_bounded_by_their_games_not_their_number(tmp_path, monkeypatch):
    """Six small tournaments asked for in turn are all kept (twenty clubs' evenings are not
    rebuilt on every /rating); past the bound the least recently asked go, the newest stays."""
    async with dispatcher_world(tmp_path) as world:
        admin = world.person("Админ", user_id=ADMIN_ID)
        names = [f"Игрок{n}" for n in range(12)]
        for number in range(6):
            data = protocol_bytes(random_protocol(names, 20, seed=number))
            await admin.send_file(f"{number}.json", data, f"/import Сезон {number}")
            assert "Готово" in (await admin.reply()).text
        standings = world.services.standings
        tournaments = sorted(await world.services.tournaments.all(), key=lambda t: t.id)
        for tournament in tournaments:
            await standings.board(tournament)
        assert sorted(standings._boards) == [t.id for t in tournaments]
        monkeypatch.setattr("bot.rating.standings.KEPT_GAMES", 50)  # two seasons of 20
        bounded = Standings(world.database, world.services.tournaments)
        for tournament in (*tournaments, tournaments[2]):  # the third asked again, last
            await bounded.board(tournament)
        assert list(bounded._boards) == [tournaments[-1].id, tournaments[2].id]
        assert set(bounded._kept) == set(bounded._boards)
