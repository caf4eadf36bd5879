"""A judge's /game during a seated evening: his table's next round, its ten players seated as
the evening's seating says."""

from __future__ import annotations

from bot.club.games import Games
from bot.core.db import Database
from bot.entry.draft import Draft
from bot.tables import nights as night_rows
from bot.texts import entry as texts
from bot.vocabulary.protocol import Protocol
from scoring.model import SEAT_NUMBERS as SEATS


async def draft_from_seating(
    database: Database, games: Games, judge_id: int, tournament_id: int, stage_id: int
) -> Draft | None:
    """The draft of the judge's table's next round (his table: where he signed up to judge,
    else his last one); None outside a seated evening or when his table has played every round."""
    night = await night_rows.seated_now(database, tournament_id)
    if night is None:
        return None
    table = await night_rows.judge_table(database, night.id, judge_id)
    table = table or await games.last_table_of(judge_id, tournament_id) or 1
    played = await night_rows.played_rounds(database, night.id)
    seats = await night_rows.seats(database, night.id)
    rounds = sorted({r for r, t, _, _ in seats if t == table and (r, t) not in played})
    if not rounds:
        return None
    round_number = rounds[0]
    players = tuple(p for r, t, _, p in seats if r == round_number and t == table)
    place = await games.open_place(tournament_id, table)
    if place[0] != table or len(players) != len(SEATS):
        return None
    left = await who_left(database, night.id)
    gone = next((seat for seat, p in enumerate(players, start=1) if p in left), None)
    return Draft(
        judge_id=judge_id,
        tournament_id=tournament_id,
        stage_id=stage_id,
        protocol=Protocol(table=table, number=place[1], players=players),
        night=(night.id, round_number),
        notice=(
            texts.from_final_by_choice(round_number)
            if night.by_choice
            else texts.from_seating(round_number, table)
        ),
        cursor=gone,  # a leaver's seat is chosen: who sits the round out is offered for it
    )


async def who_left(database: Database, night_id: int) -> set[int]:
    """The players who were on the evening's list and left it."""
    people = await night_rows.people(database, night_id)
    coming = {p.player_id for p in people if p.coming}
    return {
        p.player_id
        for p in people
        if not p.coming and p.player_id is not None and p.player_id not in coming
    }


async def sitting_out(database: Database, night: tuple[int, int]) -> list[int]:
    """The players who sit the evening's round out: substitutes at hand."""
    night_id, round_number = night
    seats = await night_rows.seats(database, night_id)
    return [player for r, table, _, player in seats if r == round_number and table == 0]


async def seated_lineup(database: Database, night: tuple[int, int], table: int) -> list[int]:
    """Who the seating put at each seat of the table in the evening's round, seat by seat
    (nothing for a final whose players choose their seats: any order is theirs)."""
    night_id, round_number = night
    found = await night_rows.get(database, night_id)
    if found is not None and found.by_choice:
        return []
    seats = await night_rows.seats(database, night_id)
    return [p for r, t, _, p in sorted(seats) if r == round_number and t == table]
