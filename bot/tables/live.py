"""``live_games`` and ``live_events``: games run in the Mini App and their logs (issue 33)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.core.club_scope import club_id
from bot.core.db import Reader, Transaction
from bot.tables.moved import Archive, Moved, by_id, marks, rows_of, values
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
    layers: tuple[str, ...] = ()  # the optional layers its club recorded (scoring.live.Layer)


def _game(row: Any) -> LiveGame:
    return LiveGame(
        id=row["id"], draft_id=row["draft_id"], judge_id=row["judge_id"],
        tournament_id=row["tournament_id"], table=row["table_number"], number=row["game_number"],
        players=tuple(json.loads(row["players"])), status=LiveStatus(row["status"]),
        game_id=row["game_id"], layers=tuple(json.loads(row["layers"])),
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
    players: tuple[int, ...], layers: list[str], now: str,
) -> int:  # fmt: skip
    return await tx.insert(
        "INSERT INTO live_games (club_id, draft_id, judge_id, tournament_id, table_number, "
        "game_number, players, layers, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            club_id(),
            draft_id,
            judge_id,
            tournament_id,
            table,
            number,
            json.dumps(list(players)),
            json.dumps(layers),
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
    tx: Transaction, live_id: int, events_: list[dict[str, Any]], by: int, now: str,
    after: int,
) -> None:  # fmt: skip
    """Events after the log's last one (``after``: its number, read in this transaction by
    ``heads``), in order (their ids are new to this log)."""
    first = after + 1
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
    return (await heads(reader, live_id))[0]


async def heads(reader: Reader, live_id: int) -> tuple[set[str], int]:
    """The ids of the log's events and the number of its last (0: none yet), in one read."""
    rows = await reader.all("SELECT event_id, seq FROM live_events WHERE live_id = ?", (live_id,))
    return {str(row[0]) for row in rows}, max((int(row[1]) for row in rows), default=0)


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
    protocol file has it (docs/live-log.md): the kinds and layers recorded, and each event with
    the time the server took it."""
    rows = await reader.all(
        "SELECT live_games.game_id, live_games.kinds, live_events.data, live_events.at, "
        "live_games.layers "
        "FROM live_games JOIN live_events ON live_events.live_id = live_games.id "
        "WHERE live_games.tournament_id = ? AND live_games.status = ? "
        "ORDER BY live_games.game_id, live_events.seq",
        (tournament_id, LiveStatus.SAVED.value),
    )
    logs: dict[int, dict[str, Any]] = {}
    for row in rows:
        log = logs.setdefault(int(row[0]), {
            "kinds": json.loads(row[1] or "[]"), "layers": json.loads(row[4]), "events": [],
        })  # fmt: skip
        log["events"].append({**json.loads(row[2]), "at": row[3]})
    return logs


@dataclass(frozen=True, slots=True)
class SavedLog:
    kinds: tuple[str, ...]
    layers: tuple[str, ...]
    events: list[dict[str, Any]]


async def log_of_game(reader: Reader, game_id: int) -> SavedLog | None:
    """The log a saved game was run by, if it was run in the app."""
    row = await reader.one(
        "SELECT id, kinds, layers FROM live_games WHERE game_id = ? AND club_id = ? AND status = ?",
        (game_id, club_id(), LiveStatus.SAVED.value),
    )
    if row is None:
        return None
    kinds, layers = json.loads(row[1] or "[]"), json.loads(row[2])
    return SavedLog(tuple(kinds), tuple(layers), await events(reader, int(row[0])))


async def saved_game_ids(reader: Reader) -> list[int]:
    """The club's saved games that were run in the app."""
    rows = await reader.all(
        "SELECT game_id FROM live_games WHERE club_id = ? AND status = ? ORDER BY game_id",
        (club_id(), LiveStatus.SAVED.value),
    )
    return [int(row[0]) for row in rows]


# -- a club's archive (bot/moving/archive.py) ------------------------------------------------------

_MOVED_GAME = (
    "club_id", "draft_id", "judge_id", "tournament_id", "table_number", "game_number", "players",
    "status", "game_id", "kinds", "layers", "created_at", "updated_at",
)  # fmt: skip
_MOVED_EVENT = ("live_id", "seq", "event_id", "data", "by_user", "at")


async def archived(reader: Reader) -> Archive:
    """The logs of the club's saved games (a game still at its table is no one's yet: its
    judge's draft stays here), as an archive carries them."""
    return {
        "live_games": rows_of(await reader.all(
            "SELECT * FROM live_games WHERE club_id = ? AND game_id IS NOT NULL ORDER BY id",
            (club_id(),),
        )),
        "live_events": rows_of(await reader.all(
            "SELECT e.* FROM live_events AS e JOIN live_games AS g ON g.id = e.live_id "
            "WHERE g.club_id = ? AND g.game_id IS NOT NULL ORDER BY e.live_id, e.seq",
            (club_id(),),
        )),
    }  # fmt: skip


async def restore(tx: Transaction, archive: Archive, moved: Moved) -> None:
    """The archive's game logs, with new ids. A saved game's draft is gone: its log keeps a
    draft number no draft will ever have (below zero), as ``draft_id`` must be unique."""
    lowest = await tx.one(
        "SELECT CASE WHEN min(draft_id) < 0 THEN min(draft_id) ELSE 0 END FROM live_games"
    )
    no_draft = int(lowest[0]) if lowest else 0
    for row in by_id(archive.get("live_games", [])):
        no_draft -= 1
        players = [moved.of("players", player) for player in json.loads(row["players"])]
        new = await tx.insert(
            f"INSERT INTO live_games ({', '.join(_MOVED_GAME)}) VALUES ({marks(_MOVED_GAME)})",
            values(
                row, _MOVED_GAME, club_id=moved.club_id, draft_id=no_draft,
                tournament_id=moved.of("tournaments", row["tournament_id"]),
                players=json.dumps(players), game_id=moved.of("games", row["game_id"]),
                layers=row.get("layers") or "[]",  # an archive made before the layers
            ),
        )  # fmt: skip
        moved.new("live_games", row["id"], new)
    await tx.executemany(
        f"INSERT INTO live_events ({', '.join(_MOVED_EVENT)}) VALUES ({marks(_MOVED_EVENT)})",
        [
            values(row, _MOVED_EVENT, live_id=moved.of("live_games", row["live_id"]))
            for row in archive.get("live_events", [])
        ],
    )  # fmt: skip
