"""A player's record for the Mini App's page (issue 35 §1): what /me and /player say, as blocks
the page lays out — his place and points, each role, the facts of his games, streaks and
achievements, partners and rivals — with the numbers its charts are drawn from (points after each
game, the Elo ratings) and every game of his, each of which opens as the club chat announced it.

The words are the chat's own (``bot.texts.record``): the page says nothing /me would not.
"""

from __future__ import annotations

from typing import Any

from bot.rating.screens import RatingScreens
from bot.texts import record as record_texts
from bot.texts import statistics as statistics_texts
from bot.texts.game import ROLE
from bot.texts.markup import plain
from bot.texts.points import show
from bot.vocabulary.ratings import Company, Partner, Record


async def record(
    screens: RatingScreens, user_id: int, nickname: str, tournament: str
) -> dict[str, Any]:
    """His own record (``nickname`` empty) or another player's, in the tournament named."""
    nickname = nickname.strip()[:40]
    if nickname:
        screen, data = await screens.find_player(
            f"{nickname} {tournament}".strip(), last_games=None
        )
    else:
        player_id = await screens.ratings.linked_player(user_id)
        player = await screens.players.get(player_id) if player_id else None
        if player is None:  # not an error: a state of his, said with what to do
            return {"text": plain(record_texts.NOT_LINKED), "not_linked": True}
        screen, data = await screens.record(player, tournament.strip()[:100], last_games=None)
    if data is None or data.standing is None:
        return {"text": plain(screen.text or "")}  # not found, several, no games: said
    blocks = _blocks(data)
    if screens.statistics is not None:
        blocks["statistics"] = await screens.statistics.blocks(data.player_id)
        blocks["statistics_note"] = statistics_texts.LAYERS_NOTE
    return blocks


def _blocks(data: Record) -> dict[str, Any]:
    row = data.standing
    assert row is not None
    return {
        "nickname": data.nickname,
        "tournament": data.tournament,
        "summary": {
            "place": row.place,
            "players": data.players,
            "lot": row.lot,
            "total": show(row.total),
            "games": row.games,
            "wins": row.wins,
            "provisional": data.provisional,
            "points": plain(record_texts.points_line(row)),
        },
        "roles": [
            {
                "role": ROLE[line.role],
                "games": line.games,
                "wins": line.wins,
                "average": show(line.points / line.games),
            }
            for line in data.roles
        ],
        "facts": [plain(line) for line in record_texts.fact_lines(data)],
        "streaks": (
            {"longest": data.streaks.longest, "current": data.streaks.current}
            if data.streaks is not None
            else None
        ),
        "achievements": [
            {
                "title": record_texts.ACHIEVEMENT_TITLES[item.kind],
                "done": item.done,
                "target": item.target,
                "reached": item.reached,
            }
            for item in data.achievements
        ],
        "company": _company(data.company) if data.company is not None else None,
        "points": [float(total) for total in data.cumulative],
        "elo": [[round(red, 1), round(black, 1)] for red, black in data.elo_curve],
        "games": [
            {
                "game": game.game_id,
                "table": game.table,
                "number": game.number,
                "role": ROLE[game.role],
                "points": show(game.total),
                "outcome": game.outcome.value,
                "provisional": game.provisional,
            }
            for game in data.recent
        ],
    }


def _company(company: Company) -> dict[str, Any]:
    def listed(partners: tuple[Partner, ...]) -> list[dict[str, Any]]:
        return [{"name": p.name, "count": p.count, "games": p.games} for p in partners]

    return {
        "teammates": listed(company.teammates),
        "rivals": listed(company.rivals),
        "tablemates": listed(company.tablemates),
        "min_games": company.min_games,
    }
