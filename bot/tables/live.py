"""``live_games`` and ``live_events``: games run in the Mini App and their logs (issue 33)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.core.club_scope import club_id
from bot.core.db import Reader, Transaction
from bot.vocabulary.statuses import LiveStatus


@dataclass(frozen=True, slots=True)
class LiveGame:
    id: int
    draft_id: int
    judge_id: int
    tournament_id: int
    table: int
    number: int
    players: tuple[int, ...]
    status: LiveStatus
    game_id: int | None


def _game(row: Any) -> LiveGame:
    return LiveGame(
        id=row["id"], draft_id=row["draft_id"], judge_id=row["judge_id"],
        tournament_id=row["tournament_id"], table=row["table_number"], number=row["game_number"],
        players=tuple(json.loads(row["players"])), status=LiveStatus(row["status"]),
        game_id=row["game_id"],
    )  # fmt: skip


async def get(reader: Reader, live_id: int) -> LiveGame | None:
    row = await reader.one(
        "SELECT * FROM live_games WHERE id = ? AND club_id = ?", (live_id, club_id())
    )
    return _game(row) if row else None


async def of_draft(reader: Reader, draft_id: int) -> LiveGame | None:
    row = await reader.one(
        "SELECT * FROM live_games WHERE draft_id = ? AND club_id = ?", (draft_id, club_id())
    )
    return _game(row) if row else None


async def create(
    tx: Transaction, draft_id: int, judge_id: int, tournament_id: int, table: int, number: int,
    players: tuple[int, ...], now: str,
) -> int:  # fmt: skip
    return await tx.insert(
        "INSERT INTO live_games (club_id, draft_id, judge_id, tournament_id, table_number, "
        "game_number, players, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            club_id(),
            draft_id,
            judge_id,
            tournament_id,
            table,
            number,
            json.dumps(list(players)),
            now,
            now,
        ),
    )


async def events(reader: Reader, live_id: int) -> list[dict[str, Any]]:
    rows = await reader.all(
        "SELECT data FROM live_events WHERE live_id = ? ORDER BY seq", (live_id,)
    )
    return [json.loads(row[0]) for row in rows]


async def append(
    tx: Transaction, live_id: int, events_: list[dict[str, Any]], by: int, now: str
) -> None:
    """Events after the log's last one, in order (their ids are new to this log)."""
    row = await tx.one(
        "SELECT coalesce(max(seq), 0) FROM live_events WHERE live_id = ?", (live_id,)
    )
    first = int(row[0]) + 1 if row else 1
    await tx.executemany(
        "INSERT INTO live_events (live_id, seq, event_id, data, by_user, at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [
            (live_id, first + n, e["id"], json.dumps(e, ensure_ascii=False), by, now)
            for n, e in enumerate(events_)
        ],
    )
    await tx.execute("UPDATE live_games SET updated_at = ? WHERE id = ?", (now, live_id))


async def event_ids(reader: Reader, live_id: int) -> set[str]:
    rows = await reader.all("SELECT event_id FROM live_events WHERE live_id = ?", (live_id,))
    return {str(row[0]) for row in rows}


async def playing(reader: Reader) -> list[LiveGame]:
    """Games in play: their protocol draft still open."""
    rows = await reader.all(
        "SELECT live_games.* FROM live_games JOIN drafts ON drafts.id = live_games.draft_id "
        "WHERE live_games.club_id = ? AND status = ? ORDER BY table_number, game_number",
        (club_id(), LiveStatus.PLAYING.value),
    )
    return [_game(row) for row in rows]


async def saved(tx: Transaction, live_id: int, game_id: int, kinds: list[str], now: str) -> None:
    """The game's protocol was saved (from the app or in the chat): its log is kept with it."""
    await tx.execute(
        "UPDATE live_games SET status = ?, game_id = ?, kinds = ?, updated_at = ? WHERE id = ?",
        (LiveStatus.SAVED.value, game_id, json.dumps(kinds), now, live_id),
    )


async def logs_of_tournament(reader: Reader, tournament_id: int) -> dict[int, dict[str, Any]]:
    """The saved games of a tournament that were run live: game id → its ``log`` as the
    protocol file has it (docs/live-log.md): the kinds recorded, and each event with the time
    the server took it."""
    rows = await reader.all(
        "SELECT live_games.game_id, live_games.kinds, live_events.data, live_events.at "
        "FROM live_games JOIN live_events ON live_events.live_id = live_games.id "
        "WHERE live_games.tournament_id = ? AND live_games.status = ? "
        "ORDER BY live_games.game_id, live_events.seq",
        (tournament_id, LiveStatus.SAVED.value),
    )
    logs: dict[int, dict[str, Any]] = {}
    for row in rows:
        log = logs.setdefault(int(row[0]), {"kinds": json.loads(row[1] or "[]"), "events": []})
        log["events"].append({**json.loads(row[2]), "at": row[3]})
    return logs
