"""Seating an evening: every round still to play, fairly (``seating``), a judge who plays kept
off his own table, the seating posted and each player told his evening."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta, tzinfo

import seating
from bot.club import members as member_rows
from bot.core import outbox
from bot.core.clock import Clock
from bot.core.db import Reader, Transaction
from bot.nights.lists import NightError, lists_of, redraw
from bot.tables import drafts as draft_rows
from bot.tables import nights as rows
from bot.tables import players as player_rows
from bot.tables.nights import Night, NightPost, NightSeat
from bot.texts import nights as texts
from bot.vocabulary.nights import NightStatus, SignupRole
from bot.vocabulary.notices import Notice
from seating import SEATS

REMIND_AHEAD = timedelta(minutes=15)  # the first round's reminder, before the start


async def last_kept_round(tx: Reader, night_id: int) -> int:
    """The last round played or in play (a judge opened its protocol) at some table: it and
    the rounds before it are never changed."""
    played = {r for r, _ in await rows.played_rounds(tx, night_id)}
    return max(played | await draft_rows.rounds_in_play(tx, night_id), default=0)


def reminder_time(night: Night, zone: tzinfo) -> datetime:
    """When the players of the evening's first round hear where they sit."""
    starts = datetime.combine(
        date.fromisoformat(night.date), time.fromisoformat(night.starts_at), zone
    )
    return starts - REMIND_AHEAD


async def fillable(tx: Transaction, night: Night) -> int:
    """The tables the players coming fill (at least one)."""
    people = await rows.people(tx, night.id)
    playing = [p for p in people if p.coming and p.role is SignupRole.PLAYER]
    return max(1, len(playing) // SEATS)


async def seat(
    tx: Transaction, night: Night, clock: Clock, zone: tzinfo, order: Sequence[int] = ()
) -> str:
    """Seat every round still to play (sign-up closes): rounds with a game saved stay as they
    are. The seating post and each player's evening follow; the answer is the head judge's.

    ``order``: a final's players in order of place; where they choose their seats, each table
    lists them in that order (the judge records the seats they choose)."""
    now = clock.iso()
    people = await rows.people(tx, night.id)
    lists = lists_of(night, people)
    # Everyone coming plays: beyond the seats of one round, they sit out in turn.
    named = [p for p in lists.players + lists.waiting if p.player_id is not None]
    stored = await rows.seats(tx, night.id)
    kept = await last_kept_round(tx, night.id)  # this round and those before: never re-seated
    tables = night.tables or len(named) // SEATS  # a table added: the rounds to come have it
    if tables < 1 or len(named) < SEATS * tables:
        raise NightError(texts.not_enough(len(named), tables))
    if kept >= night.rounds:
        raise NightError(texts.ALL_PLAYED)
    if night.last_rounds and night.last_tables >= tables:
        raise NightError(texts.last_tables_fewer(night.last_tables, tables))
    evening = seating.Evening(
        players=[p.player_id for p in named if p.player_id is not None],
        tables=tables,
        rounds=night.rounds,
        seed=night.seed + kept,  # a re-seating after round k: its own, stored, seed
        played=_rounds_of(stored, kept),
        seat_history=await rows.seat_history(tx, night.tournament_id),
        barred=await _judges_tables(tx, night),
        tournament=night.tournament_day,
        table_counts=night.table_counts(tables) if night.last_rounds else (),
    )
    # A tournament day's search takes seconds: in a worker thread, the others answered meanwhile
    rounds = await asyncio.to_thread(seating.seat, evening)
    if night.by_choice:
        rounds = tuple(_in_order(done, order, kept >= number)
                       for number, done in enumerate(rounds, start=1))  # fmt: skip
    to_come = [
        (number, table_number, seat, player)
        for number, done in enumerate(rounds, start=1) if number > kept
        for table_number, table in enumerate((done.out, *done.tables))
        for seat, player in enumerate(table, start=1)
    ]  # fmt: skip
    again = night.seating_version is not None and bool(stored)
    same = to_come == [s for s in stored if s.round > kept] and night.tables == tables
    if again and same and night.status is NightStatus.SEATED:
        return texts.RESEAT_SAME  # a second tap with nothing changed: nobody is told again
    before = _places_of(stored, night.rounds) if again else {}
    await rows.replace_seats(tx, night.id, kept + 1, to_come)
    if night.tables != tables:
        await rows.set_tables(tx, night.id, tables)
    for table, judge in (await rows.judges_by_table(tx, night.id)).items():
        await rows.put_judge(tx, night.id, table, judge)  # kept: a judge leaving moves nobody
    await rows.set_seated(tx, night.id, seating.VERSION)
    await redraw(tx, night.id, now, NightPost.SEATING)
    if night.reminded_at is None and clock.now() >= reminder_time(night, zone):
        await rows.set_reminded(tx, night.id, now)  # this message is the reminder
    users = {  # one added from a list (/guest) is told too, if his nickname is his Telegram's
        p.player_id: p.user_id or await player_rows.user_of(tx, p.player_id)
        for p in named
        if p.player_id is not None
    }
    wanted = await member_rows.wanting(
        tx, (u for u in users.values() if u is not None), Notice.EVENING
    )
    day = date.fromisoformat(night.date)
    for player_id, user_id in users.items():
        if user_id is None or user_id not in wanted:
            continue  # a guest (nobody to write to), or he said no in /settings
        places = [done.place_of(player_id) for done in rounds]
        if again and before.get(player_id) == places:
            continue  # a re-seating: only those whose places changed hear it
        body = (
            texts.your_final_choice(day, places, kept, list(order).index(player_id) + 1)
            if night.by_choice and player_id in order
            else texts.your_evening(day, places, kept, night.tournament_day)
        )  # a final by choice: his seat is his to choose, in the order of places
        await outbox.enqueue(tx, outbox.private(user_id), outbox.Kind.TEXT, now, body=body)
    return texts.seated(night.rounds - kept, len(named), len(lists.unnamed))


async def _judges_tables(tx: Transaction, night: Night) -> dict[int, frozenset[int]]:
    """A judge who also plays (his nickname is on the list) never sits at his own table."""
    barred: dict[int, frozenset[int]] = {}
    for table, user_id in (await rows.judges_by_table(tx, night.id)).items():
        linked = await player_rows.linked_to(tx, user_id)
        if linked is not None:
            barred[linked[0]] = frozenset({table})
    return barred


def _in_order(done: seating.Round, places: Sequence[int], played: bool) -> seating.Round:
    """A round of a final by choice: each table lists its players in order of place."""
    if played:
        return done
    order = {player: index for index, player in enumerate(places)}
    tables = tuple(tuple(sorted(t, key=lambda p: order.get(p, len(order)))) for t in done.tables)
    return seating.Round(tables, done.out)


def _places_of(stored: list[NightSeat], rounds: int) -> dict[int, list[tuple[int, int] | None]]:
    """By player: his (table, seat) in each round of the stored seating, None where he sits out."""
    places: dict[int, list[tuple[int, int] | None]] = {}
    for number, table, seat_number, player in stored:
        row = places.setdefault(player, [None] * rounds)
        if table and number <= rounds:
            row[number - 1] = (table, seat_number)
    return places


def _rounds_of(stored: list[NightSeat], upto: int) -> list[seating.Round]:
    """The stored seating of rounds 1…``upto`` as the seating function takes them."""
    tables: dict[int, dict[int, list[int]]] = {}
    for number, table, _, player in stored:  # ordered by round, table, seat
        if number <= upto:
            tables.setdefault(number, {}).setdefault(table, []).append(player)
    return [  # table 0 is who sat the round out: not a table
        seating.Round(
            tuple(tuple(tables[n][t]) for t in sorted(tables[n]) if t),
            tuple(tables[n].get(0, ())),
        )
        for n in sorted(tables)
    ]
