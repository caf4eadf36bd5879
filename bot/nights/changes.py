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
from bot.nights.seating import SEATS
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import Night, NightPost
from bot.texts import nights as texts
from bot.vocabulary.notices import Notice

Seat = tuple[int, int, int, int]  # (round, table, seat, player); table 0: sits the round out


async def fit_in(tx: Transaction, night: Night, player_id: int, now: str) -> str:
    """The late player sits out every round to come (in reserve for a leaver's seat); nobody
    else's seat changes. The head judge hears whether a table more is now possible."""
    kept = await last_kept_round(tx, night.id)
    if kept >= night.rounds:
        raise NightError(texts.ALL_PLAYED)
    seats = await rows.seats(tx, night.id)
    coming = [r for r in range(kept + 1, night.rounds + 1)
              if not any(s[0] == r and s[3] == player_id for s in seats)]  # fmt: skip
    if not coming:
        return texts.ALREADY_IN_RESERVE
    added = [(r, 0, _next_out_seat(seats, r), player_id) for r in coming]
    await _store(tx, night, kept, [*seats, *added])
    await _tell(tx, night, [player_id], kept, now, reserve=player_id)
    await redraw(tx, night.id, now, NightPost.SEATING)
    per_round = max((len({s[3] for s in seats if s[0] == r}) + 1 for r in coming), default=0)
    tables = max(t for _, t, _, _ in seats)
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
    if any(s[0] > kept and s[1] and s[3] == player_id for s in seats):
        return texts.ALREADY_PLAYING
    games = _games_of(seats)
    mine = games.get(player_id, 0)
    had = _seats_had(seats).get(player_id, set())
    displaced: dict[int, list[int]] = {}
    result = [s for s in seats if s[0] <= kept]
    playing: list[int] = []
    for r in range(kept + 1, night.rounds + 1):
        this = [s for s in seats if s[0] == r and s[3] != player_id]
        more = [s for s in this if s[1] and games[s[3]] > mine + 1]
        if not more:
            result += [*this, (r, 0, _next_out_seat(this, r), player_id)]
            continue
        out = min(more, key=lambda s: (
            -games[s[3]], s[2] in had, len(displaced.get(s[3], [])), s[1], s[2]
        ))  # fmt: skip
        games[out[3]] -= 1
        mine += 1
        had.add(out[2])
        displaced.setdefault(out[3], []).append(r)
        playing.append(r)
        result += [(r, out[1], out[2], player_id) if s == out else s for s in this]
        result.append((r, 0, _next_out_seat(this, r), out[3]))
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
    rounds = {s[0] for s in await rows.seats(tx, night.id) if s[3] == player_id}
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
        this = [s for s in seats if s[0] == r]
        if r <= kept:
            result += this
            continue
        mine = next((s for s in this if s[3] == player_id), None)
        if mine is None or mine[1] == 0:
            result += [s for s in this if s[3] != player_id]
            continue
        seated_then = True
        # the fewest games tonight first, but never a seat he had (a tournament's rule: no
        # seat twice), unless nobody sitting out is new to it
        spare = sorted(
            (s for s in this if s[1] == 0),
            key=lambda s: (mine[2] in had.get(s[3], set()), games[s[3]], s[2]),
        )
        if not spare:
            result += this  # nobody to put in: his seat waits for the head judge
            continue
        sub = spare[0]
        if mine[2] in had.get(sub[3], set()):
            repeated.append(r)
        had.setdefault(sub[3], set()).add(mine[2])
        games[sub[3]] += 1
        moved.add(sub[3])
        filled.append(r)
        result += [(r, mine[1], mine[2], sub[3]) if s == mine else s
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
    for _, table, seat, player in seats:
        if table:
            had.setdefault(player, set()).add(seat)
    return had


def _games_of(seats: list[Seat]) -> dict[int, int]:
    games: dict[int, int] = {}
    for _, table, _, player in seats:
        games[player] = games.get(player, 0) + (1 if table else 0)
    return games


def _next_out_seat(seats: list[Seat], round_number: int) -> int:
    return max((s[2] for s in seats if s[0] == round_number and s[1] == 0), default=0) + 1


async def _store(tx: Transaction, night: Night, kept: int, seats: list[Seat]) -> None:
    await rows.replace_seats(tx, night.id, kept + 1, sorted(s for s in seats if s[0] > kept))


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
        for r, table, seat, who in seats:
            if who == player and table:
                places[r - 1] = (table, seat)
        await outbox.enqueue(
            tx, outbox.private(user_id), outbox.Kind.TEXT, now,
            body=texts.your_evening(
                date.fromisoformat(night.date), places, kept, night.tournament_day,
                reserve=player == reserve,
            ),
        )  # fmt: skip
