"""The standings for the Mini App's page (issue 35): the same table ``/rating`` shows, as data —
every row (the chat pages it by twenty), with its numbers to sort by and their text to show —
for a tournament, or for the games of an evening or some days (``/rating вечер``, ``/rating
01.11-30.11``).

Only what the chat shows already: places, nicknames and points of counted games, ⏳ on a row
whose games may still change. Nothing of a game in play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, tzinfo
from decimal import Decimal
from fractions import Fraction
from typing import Any

from bot.club.tournaments import Tournament
from bot.rating.averages import averages
from bot.rating.periods import GameResults
from bot.rating.service import RatingError, Ratings
from bot.texts import rating as texts
from bot.texts.clock import clock_time
from bot.texts.markup import plain
from bot.texts.points import show
from bot.vocabulary.ratings import Kind
from scoring import GameScore
from scoring.engine import standings as scored_standings

KINDS = {kind.value: kind for kind in Kind}
REFRESH_AT_MOST = 60  # seconds: the page asks again at least this often while it is open


async def standings(
    ratings: Ratings,
    results: GameResults,
    zone: tzinfo,
    user_id: int,
    asked: str,
    kind_name: str,
    period: str = "",
) -> dict[str, Any]:
    """The table of the tournament ``asked`` (part of its title; the current one when empty),
    or of the games ``period`` names, by ``kind_name`` (total, avg, sheriff, don, mafia,
    civilian). ``RatingError`` says why not."""
    kind = KINDS.get(kind_name)
    if kind is None:
        raise RatingError(texts.NO_SUCH_TABLE)
    listed = [t.title for t in await ratings.tournaments.all() if not t.archived]
    mine = await ratings.linked_player(user_id)
    if period.strip():
        return await _of_period(ratings, results, zone, mine, period.strip()[:40], kind, listed)
    tournament = await ratings.tournament(asked.strip()[:100])
    table, now = await ratings.table(tournament, kind)
    return {
        "tournament": tournament.title,
        "title": tournament.title,
        "tournaments": listed,
        "kind": kind.value,
        "updated": clock_time(now, zone),
        "today": now.astimezone(zone).date().isoformat(),
        "refresh_in": _refresh_in(now, await ratings.next_change(tournament)),
        "min_games": table.min_games,
        "left_out": table.left_out,
        "games": table.game_count,
        "rows": [
            PageRow(
                row.place,
                row.name,
                row.value,
                row.games,
                row.wins,
                row.additional,
                row.ci,
                row.provisional,
                row.lot,
                row.player_id == mine,
                row.value / row.games if kind is Kind.TOTAL and row.games else row.value,
            ).to_json()
            for row in table.rows
        ],
    }


async def _of_period(
    ratings: Ratings,
    results: GameResults,
    zone: tzinfo,
    mine: int | None,
    period: str,
    kind: Kind,
    listed: list[str],
) -> dict[str, Any]:
    """The games of an evening or some days, each scored as its stage stands."""
    chosen = await results.chosen(period)
    if chosen is None:
        raise RatingError(texts.NO_SUCH_PERIOD)
    now = ratings.clock.now()
    answer: dict[str, Any] = {
        "tournaments": listed,
        "kind": kind.value,
        "period": period,
        "updated": clock_time(now, zone),
        "today": now.astimezone(zone).date().isoformat(),
        "refresh_in": REFRESH_AT_MOST,
        "min_games": 0,
        "left_out": 0,
        "games": 0,
        "rows": [],
    }
    if isinstance(chosen, str):
        return {**answer, "title": period, "tournament": "", "message": plain(chosen)}
    me = await results.players.get(mine) if mine is not None else None
    count, rows = await games_table(
        results, chosen.tournament, chosen.game_ids, kind, me.nickname if me else None
    )
    return {
        **answer,
        "title": chosen.title,
        "tournament": chosen.tournament.title,
        "games": count,
        "rows": [row.to_json() for row in rows],
    }


async def games_table(
    results: GameResults, tournament: Tournament, game_ids: list[int], kind: Kind, me: str | None
) -> tuple[int, list[PageRow]]:
    """The table of some games of a tournament (annulled ones aside): how many counted, and the
    rows — by the scoring core's standings for the sum, by average for a role or «среднее»;
    ``me``: the nickname whose row is marked."""
    scores, open_to_protest = await results.scored(game_ids)
    weights = await results.weights_of(game_ids)  # a final's points × its stage's weight
    if kind is not Kind.TOTAL:
        return len(scores), _averages(scores, kind, open_to_protest, me, weights)
    table = scored_standings(scores, tournament.ruleset(), tournament.seed, weights)
    return len(scores), [
        PageRow(
            row.place,
            row.name,
            row.total,
            row.games,
            row.wins,
            row.additional,
            row.ci,
            row.name in open_to_protest,
            row.lot,
            row.name == me,
            row.total / row.games if row.games else row.total,
        )
        for row in table
    ]


def _averages(
    scores: Iterable[GameScore],
    kind: Kind,
    open_to_protest: set[str],
    me: str | None,
    weights: Mapping[str, Decimal],
) -> list[PageRow]:
    """Each player's average in the role (or in every game, for «среднее») over those games,
    the most games first on a tie — as ``/rating 01.12 дон`` orders them."""
    return [
        PageRow(
            place,
            row.name,
            row.value,
            row.games,
            row.wins,
            row.additional,
            row.ci,
            row.name in open_to_protest,
            False,
            row.name == me,
            row.value,
        )
        for place, row in enumerate(averages(scores, kind.role, weights), start=1)
    ]


@dataclass(frozen=True, slots=True)
class PageRow:
    """One player's row of a table the pages show (the standings page, the TV): its numbers to
    sort by and, in ``to_json``, their text to show."""

    place: int
    name: str
    value: Fraction  # what the table is ordered by: the total, or an average
    games: int
    wins: int
    additional: Fraction
    ci: Fraction
    provisional: bool  # ⏳: a game of his may still change
    lot: bool  # 🎲: the place was drawn
    me: bool  # the caller's own row
    average: Fraction

    def to_json(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "name": self.name,
            "value": float(self.value),
            "shown": show(self.value),
            "games": self.games,
            "wins": self.wins,
            "additional": float(self.additional),
            "additional_shown": show(self.additional),
            "ci": float(self.ci),
            "ci_shown": show(self.ci),
            "average": float(self.average),
            "provisional": self.provisional,
            "lot": self.lot,
            "me": self.me,
        }


def _refresh_in(now: datetime, changes_at: datetime) -> int:
    """Seconds until the page should ask again: when a ⏳ goes by the clock, or a minute."""
    left = (changes_at - now).total_seconds()
    return max(1, min(REFRESH_AT_MOST, int(left) + 1))
