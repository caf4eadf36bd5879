"""The audit log's record of a protocol: the one module that writes it, rewrites it and compares
two of them. The SCORING.md shape with players by id; the log keeps every version ever written,
so a reader must take an old record as well as a new one: a part an old record lacks is read as
its default («no extra», «no penalty»), never as a change."""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from bot.vocabulary.protocol import SEATS, Protocol

GAME_PARTS = ("table", "number", "winner", "first_killed", "best_move")
# Each per-seat part, and how a record that does not have it reads.
SEAT_DEFAULTS: dict[str, Any] = {
    "player_id": None, "role": None, "extra": "0", "penalties": [], "fouls": 0,
    "technical_fouls": 0, "removal": None,
}  # fmt: skip


def written(protocol: Protocol) -> str:
    """A complete protocol as the audit log keeps it."""
    return json.dumps(
        {
            "table": protocol.table,
            "number": protocol.number,
            "winner": protocol.winner.value if protocol.winner else None,
            "first_killed": protocol.first_killed,
            "best_move": list(protocol.best_move) or None,
            "players": [
                {
                    "player_id": protocol.player(seat),
                    "role": role.value if (role := protocol.role(seat)) else None,
                    "extra": str(protocol.extra(seat)),
                    "penalties": list(protocol.seat_penalties(seat)),
                    **_discipline(protocol, seat),
                }
                for seat in SEATS
            ],
        },
        ensure_ascii=False,
    )


def _discipline(protocol: Protocol, seat: int) -> dict[str, Any]:
    """A seat's discipline, only where there is some: a record without any reads as before."""
    removal = protocol.removal(seat)
    parts = {
        "fouls": protocol.seat_fouls(seat),
        "technical_fouls": protocol.seat_technical_fouls(seat),
        "removal": removal.value if removal else None,
    }
    return {key: value for key, value in parts.items() if value}


def with_player_replaced(record: str, old_id: int, new_id: int) -> str:
    """The record with every seat of player ``old_id`` given to ``new_id`` (a merge)."""
    data = json.loads(record)
    for seat in data.get("players") or []:
        if seat.get("player_id") == old_id:
            seat["player_id"] = new_id
    return json.dumps(data, ensure_ascii=False)


def with_players_moved(record: str | None, new_id: Callable[[Any], Any]) -> str | None:
    """The record with each seat's player given his id in another database (a club's archive
    brought in: ``Moved.of``)."""
    if record is None:
        return None
    data = json.loads(record)
    for seat in data.get("players") or []:
        seat["player_id"] = new_id(seat.get("player_id"))
    return json.dumps(data, ensure_ascii=False)


def changed_parts(before: str | None, after: str) -> list[str]:
    """The parts that differ between two records, as values: the game's own parts, then each
    per-seat part that differs on some seat. Nothing before: everything is new."""
    old, new = _read(before), _read(after)
    changed = [key for key in GAME_PARTS if old.get(key) != new.get(key)]
    changed += [
        key
        for key in SEAT_DEFAULTS
        if any(o[key] != n[key] for o, n in zip(old["players"], new["players"], strict=True))
    ]
    return changed


def describe_change(before: str | None, after: str) -> str:
    """The parts a correction changed, comma-separated («winner,penalties»)."""
    return ",".join(changed_parts(before, after))


def _read(record: str | None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record) if record else {}
    seats = list(data.get("players") or [])
    seats += [{}] * (len(SEATS) - len(seats))
    data["players"] = [_seat(seat) for seat in seats]
    return data


def _seat(seat: dict[str, Any]) -> dict[str, Any]:
    read = {**SEAT_DEFAULTS, **{k: v for k, v in seat.items() if v is not None}}
    read["extra"] = _decimal(read["extra"])  # «0.5» and «0.50» are one value
    read["penalties"] = list(read["penalties"])
    return read


def _decimal(text: Any) -> Decimal | str:
    try:
        return Decimal(str(text))
    except InvalidOperation:
        return str(text)
