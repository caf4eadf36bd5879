"""``clubs``: the clubs of the deployment — each one's group, time zone, rules and state, and
whether the bot can write to its group."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.db import Reader, Row, Transaction
from bot.vocabulary.club import Club, ClubState

ENVIRONMENT_CLUB = 1  # the club a one-club deployment is, made from its environment


@dataclass(frozen=True, slots=True)
class NewClub:
    title: str
    chat_id: int | None
    timezone: str
    ruleset: str
    protest_minutes: int
    state: ClubState


def club_of(row: Row) -> Club:
    return Club(
        id=int(row["id"]),
        title=str(row["title"]),
        chat_id=row["chat_id"],
        timezone=str(row["timezone"]),
        ruleset=str(row["ruleset"]),
        protest_minutes=int(row["protest_minutes"]),
        state=ClubState(row["state"]),
    )


async def everyone(reader: Reader) -> list[Club]:
    return [club_of(row) for row in await reader.all("SELECT * FROM clubs ORDER BY id")]


async def create(
    tx: Transaction, new: NewClub, by: int, now: str, club_id: int | None = None
) -> int:
    values = (new.title, new.chat_id, new.timezone, new.ruleset, new.protest_minutes,
              new.state.value, by, now)  # fmt: skip
    columns = "title, chat_id, timezone, ruleset, protest_minutes, state, created_by, created_at"
    places = ", ".join("?" * len(values))
    if club_id is None:  # the next id (PostgreSQL takes no NULL for it)
        return await tx.insert(f"INSERT INTO clubs ({columns}) VALUES ({places})", values)
    return await tx.insert(
        f"INSERT INTO clubs (id, {columns}) VALUES (?, {places})", (club_id, *values)
    )


async def configure(tx: Transaction, club_id: int, new: NewClub) -> None:
    """Title, time zone, rules and window (the state and chat are changed on their own)."""
    await tx.execute(
        "UPDATE clubs SET title = ?, timezone = ?, ruleset = ?, protest_minutes = ? WHERE id = ?",
        (new.title, new.timezone, new.ruleset, new.protest_minutes, club_id),
    )


async def set_state(tx: Transaction, club_id: int, state: ClubState, by: int | None) -> None:
    await tx.execute(
        "UPDATE clubs SET state = ?, decided_by = coalesce(?, decided_by) WHERE id = ?",
        (state.value, by, club_id),
    )


async def set_chat(tx: Transaction, club_id: int, chat_id: int | None) -> None:
    await tx.execute("UPDATE clubs SET chat_id = ? WHERE id = ?", (chat_id, club_id))


async def migrated(tx: Transaction, old: int, new: int) -> int | None:
    """The group ``old`` became the supergroup ``new``: its club follows. Returns the club."""
    row = await tx.one("SELECT id FROM clubs WHERE chat_id = ?", (old,))
    if row is None:
        return None
    await tx.execute(
        "UPDATE clubs SET chat_id = ?, migrated_from = ? WHERE id = ?", (new, old, row[0])
    )
    return int(row[0])


async def migrated_from(reader: Reader, club_id: int) -> int | None:
    row = await reader.one("SELECT migrated_from FROM clubs WHERE id = ?", (club_id,))
    return int(row[0]) if row and row[0] is not None else None


async def problem(reader: Reader, club_id: int) -> str | None:
    row = await reader.one("SELECT problem FROM clubs WHERE id = ?", (club_id,))
    return str(row[0]) if row and row[0] is not None else None


async def record_problem(tx: Transaction, club_id: int, problem: str, now: str) -> bool:
    """Remember why the bot cannot write to the club's chat; False if it was remembered."""
    written = await tx.execute(
        "UPDATE clubs SET problem = ?, problem_since = ? WHERE id = ? AND problem IS NULL",
        (problem, now, club_id),
    )
    return written > 0


async def clear_problem(tx: Transaction, club_id: int) -> bool:
    written = await tx.execute(
        "UPDATE clubs SET problem = NULL, problem_since = NULL "
        "WHERE id = ? AND problem IS NOT NULL",
        (club_id,),
    )
    return written > 0


async def with_problems(reader: Reader) -> int:
    row = await reader.one(
        "SELECT count(*) FROM clubs WHERE state = 'active' AND problem IS NOT NULL"
    )
    return int(row[0]) if row else 0


async def of_game(reader: Reader, game_id: int) -> int | None:
    row = await reader.one(
        "SELECT t.club_id FROM games AS g JOIN tournaments AS t ON t.id = g.tournament_id "
        "WHERE g.id = ?",
        (game_id,),
    )
    return int(row[0]) if row else None


async def of_tournament(reader: Reader, tournament_id: int) -> int | None:
    row = await reader.one("SELECT club_id FROM tournaments WHERE id = ?", (tournament_id,))
    return int(row[0]) if row else None
