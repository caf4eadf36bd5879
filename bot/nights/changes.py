"""An evening that changes without a reshuffle: a late arrival plays his share of the rounds to
come in the places of those who would play more (they sit those rounds out), or joins them as a
player in reserve (nobody else moves); a leaver's seats go to those who sit those rounds
out. Only the people whose seats changed are told; the rounds played or in play never change."""

from __future__ import annotations

from datetime import date

from bot.club import members as member_rows
from bot.core import outbox
from bot.core.db import Transaction
from bot.nights.lists import NightError, redraw
from bot.nights.seat import last_kept_round
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import Night, NightPost, NightSeat
from bot.texts import nights as texts
from bot.vocabulary.notices import Notice
from seating import SEATS

Seat = NightSeat


async def fit_in(tx: Transaction, night: Night, player_id: int, now: str) -> str:
    """The late player sits out every round to come (in reserve for a leaver's seat); nobody
    else's seat changes. The head judge hears whether a table more is now possible."""
    kept = await last_kept_round(tx, night.id)
    if kept >= night.rounds:
        raise NightError(texts.ALL_PLAYED)
    seats = await rows.seats(tx, night.id)
    coming = [r for r in range(kept + 1, night.rounds + 1)
              if not any(s.round == r and s.player == player_id for s in seats)]  # fmt: skip
    if not coming:
        return texts.ALREADY_IN_RESERVE
    added = [NightSeat(r, 0, _next_out_seat(seats, r), player_id) for r in coming]
    await _store(tx, night, kept, [*seats, *added])
    await _tell(tx, night, [player_id], kept, now, reserve=player_id)
    await redraw(tx, night.id, now, NightPost.SEATING)
    per_round = max((len({s.player for s in seats if s.round == r}) + 1 for r in coming),
                    default=0)  # fmt: skip
    tables = max(s.table for s in seats)
    return texts.fitted_in(len(coming), per_round >= SEATS * (tables + 1))


async def play_in(tx: Transaction, night: Night, player_id: int, now: str) -> str:
    """The late player takes, round by round, the seat of one who would otherwise play more
    than one game more than him tonight (the most games first; a seat he has not had yet; one
    not displaced yet); that player sits the round out instead. Nobody else moves; only the
    late player and those displaced are told."""
    kept = await last_kept_round(tx, night.id)
    if kept >= night.rounds:
        raise NightError(texts.ALL_PLAYED)
    seats = await rows.seats(tx, night.id)
    if any(s.round > kept and s.table and s.player == player_id for s in seats):
        return texts.ALREADY_PLAYING
    games = _games_of(seats)
    mine = games.get(player_id, 0)
    had = _seats_had(seats).get(player_id, set())
    displaced: dict[int, list[int]] = {}
    result = [s for s in seats if s.round <= kept]
    playing: list[int] = []
    for r in range(kept + 1, night.rounds + 1):
        this = [s for s in seats if s.round == r and s.player != player_id]
        more = [s for s in this if s.table and games[s.player] > mine + 1]
        if not more:
            result += [*this, NightSeat(r, 0, _next_out_seat(this, r), player_id)]
            continue
        out = min(more, key=lambda s: (
            -games[s.player], s.seat in had, len(displaced.get(s.player, [])), s.table, s.seat
        ))  # fmt: skip
        games[out.player] -= 1
        mine += 1
        had.add(out.seat)
        displaced.setdefault(out.player, []).append(r)
        playing.append(r)
        result += [out._replace(player=player_id) if s == out else s for s in this]
        result.append(NightSeat(r, 0, _next_out_seat(this, r), out.player))
    if not playing:
        return texts.NO_SHARE_TO_PLAY
    await _store(tx, night, kept, result)
    await _tell(tx, night, [player_id, *sorted(displaced)], kept, now)
    await redraw(tx, night.id, now, NightPost.SEATING)
    names = {p.player_id: p.name for p in await rows.people(tx, night.id)}
    return texts.played_in(
        playing, [(names.get(p, "?"), rounds) for p, rounds in displaced.items()]
    )


async def keeps_his_seats(tx: Transaction, night: Night, player_id: int) -> bool:
    """He still has a place (at a table or sitting out) in every round to come: one who said
    he leaves and came back before his seats were given away."""
    kept = await last_kept_round(tx, night.id)
    rounds = {s.round for s in await rows.seats(tx, night.id) if s.player == player_id}
    return kept < night.rounds and all(r in rounds for r in range(kept + 1, night.rounds + 1))


async def replace(tx: Transaction, night: Night, player_id: int, now: str) -> str:
    """The leaver's seats in the rounds to come go to players who sit those rounds out (the one
    with the fewest games tonight first); he leaves the seating of those rounds."""
    kept = await last_kept_round(tx, night.id)
    seats = await rows.seats(tx, night.id)
    games = _games_of(seats)
    had = _seats_had(seats)
    result: list[Seat] = []
    moved: set[int] = set()
    filled: list[int] = []
    repeated: list[int] = []  # rounds whose substitute sits a seat he had already
    seated_then = False  # he had a seat at a table in a round to come
    for r in range(1, night.rounds + 1):
        this = [s for s in seats if s.round == r]
        if r <= kept:
            result += this
            continue
        mine = next((s for s in this if s.player == player_id), None)
        if mine is None or mine.table == 0:
            result += [s for s in this if s.player != player_id]
            continue
        seated_then = True
        # the fewest games tonight first, but never a seat he had (a tournament's rule: no
        # seat twice), unless nobody sitting out is new to it
        spare = sorted(
            (s for s in this if s.table == 0),
            key=lambda s: (mine.seat in had.get(s.player, set()), games[s.player], s.seat),
        )
        if not spare:
            result += this  # nobody to put in: his seat waits for the head judge
            continue
        sub = spare[0]
        if mine.seat in had.get(sub.player, set()):
            repeated.append(r)
        had.setdefault(sub.player, set()).add(mine.seat)
        games[sub.player] += 1
        moved.add(sub.player)
        filled.append(r)
        result += [mine._replace(player=sub.player) if s == mine else s
                   for s in this if s != sub]  # fmt: skip
    if not filled:
        return texts.NOBODY_TO_REPLACE if seated_then else texts.NOTHING_TO_REPLACE
    await _store(tx, night, kept, result)
    await _tell(tx, night, sorted(moved), kept, now)
    await redraw(tx, night.id, now, NightPost.SEATING)
    return texts.replaced(filled, repeated)


def _seats_had(seats: list[Seat]) -> dict[int, set[int]]:
    """The seats each player has at a table over the evening (played and to come)."""
    had: dict[int, set[int]] = {}
    for place in seats:
        if place.table:
            had.setdefault(place.player, set()).add(place.seat)
    return had


def _games_of(seats: list[Seat]) -> dict[int, int]:
    games: dict[int, int] = {}
    for place in seats:
        games[place.player] = games.get(place.player, 0) + (1 if place.table else 0)
    return games


def _next_out_seat(seats: list[Seat], round_number: int) -> int:
    out = (s.seat for s in seats if s.round == round_number and s.table == 0)
    return max(out, default=0) + 1


async def _store(tx: Transaction, night: Night, kept: int, seats: list[Seat]) -> None:
    await rows.replace_seats(tx, night.id, kept + 1, sorted(s for s in seats if s.round > kept))


async def _tell(
    tx: Transaction, night: Night, players: list[int], kept: int, now: str,
    reserve: int | None = None,
) -> None:  # fmt: skip
    """Each player whose seats changed hears his evening as it is now; the player ``reserve``
    hears that he sits out as the reserve."""
    seats = await rows.seats(tx, night.id)
    users = {p: await player_rows.user_of(tx, p) for p in players}
    wanted = await member_rows.wanting(
        tx, (u for u in users.values() if u is not None), Notice.EVENING
    )
    for player in players:
        user_id = users[player]
        if user_id is None or user_id not in wanted:
            continue
        places: list[tuple[int, int] | None] = [None] * night.rounds
        for place in seats:
            if place.player == player and place.table:
                places[place.round - 1] = (place.table, place.seat)
        await outbox.enqueue(
            tx, outbox.private(user_id), outbox.Kind.TEXT, now,
            body=texts.your_evening(
                date.fromisoformat(night.date), places, kept, night.tournament_day,
                reserve=player == reserve,
            ),
        )  # fmt: skip
