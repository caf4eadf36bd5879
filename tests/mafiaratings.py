"""MafiaRatings' sample games as our log (issue 48 §4), and the counters MafiaRatings derived.

MafiaRatings (github.com/szotin/mafiaratings, ``db/create_sample_db.sql``) publishes real games
with full logs — each player's nominations, votes per day (a list where the vote was split and
taken again, ``true`` for the vote to lift everyone), shots per night, warnings, checks, deaths —
and the per-player rows its ``include/game_players_stats.php`` derived from them. The facts we
need are kept in ``tests/fixtures/mafiaratings_sample.json``, made once by

    python -m tests.mafiaratings create_sample_db.sql > tests/fixtures/mafiaratings_sample.json

``to_log`` turns one of those games into the events a judge taps in our app, with every layer.
MafiaRatings counts its rounds from 0: night 0, day 0, night 1, day 1, … Our day ``d`` is its day
``d - 1``; nights are the same.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from itertools import count
from typing import Any

from scoring.live import Layer

LAYERS = [Layer.HANDS.value, Layer.NOMINATORS.value, Layer.SHOOTERS.value]
_ROLES = {"sheriff": "sheriff", "don": "don", "maf": "mafia"}
PLAYER_COLUMNS = (
    "number", "role", "voted_civil", "voted_mafia", "voted_sheriff", "voted_by_civil",
    "voted_by_mafia", "voted_by_sheriff", "nominated_civil", "nominated_mafia",
    "nominated_sheriff", "nominated_by_civil", "nominated_by_mafia", "nominated_by_sheriff",
    "kill_round", "kill_type", "warns", "checked_by_don", "checked_by_sheriff", "won",
)  # fmt: skip
SHOT_COLUMNS = tuple(
    f"shots{n}_{what}" for n, whats in ((1, ("ok", "miss")), (2, ("ok", "miss", "blank")),
                                         (3, ("ok", "miss", "blank", "fail"))) for what in whats
)  # fmt: skip


def to_log(game: dict[str, Any]) -> list[dict[str, Any]]:
    """The game as our app's events, in the order a judge taps them."""
    players = game["players"]
    ids = count(1)
    events: list[dict[str, Any]] = []

    def tap(kind: str, **fields: Any) -> None:
        events.append({"id": f"m{next(ids)}", "kind": kind, **fields})

    for seat, player in enumerate(players, start=1):
        if player.get("role") in _ROLES:
            tap("role", seat=seat, role=_ROLES[player["role"]])
    gone: set[int] = set()
    last = max(_rounds(players), default=0)
    for round_ in range(last + 1):
        if round_:
            tap("next")  # the vote is over: night
        _warnings(players, round_, tap, "night")
        if round_:
            _night(players, round_, gone, tap)
        tap("next")  # the day
        _warnings(players, round_, tap, "speaking")
        _day(players, round_, gone, tap)
    tap("end", winner="red" if game["winner"] == "civ" else "black")
    return events


def _rounds(players: list[dict[str, Any]]) -> list[int]:
    found = [len(p.get(key) or []) - 1 for p in players for key in ("voting", "nominating")]
    found += [len(p.get("shooting") or []) for p in players]
    found += [p["death"]["round"] for p in players if isinstance(p.get("death"), dict)]
    return found


def _died(players: list[dict[str, Any]], round_: int, kind: str) -> list[int]:
    return [
        seat
        for seat, p in enumerate(players, start=1)
        if isinstance(p.get("death"), dict)
        and p["death"].get("round") == round_
        and p["death"].get("type") == kind
    ]


def _night(players: list[dict[str, Any]], night: int, gone: set[int], tap: Any) -> None:
    blacks = [s for s, p in enumerate(players, start=1) if p.get("role") in ("maf", "don")]
    aims = [
        [seat, _at(players[seat - 1].get("shooting"), night - 1)]
        for seat in blacks
        if seat not in gone
    ]
    for by in ("sheriff", "don"):  # before the shot, which may end the game
        checked = [s for s, p in enumerate(players, start=1) if p.get(by) == night]
        for seat in checked:
            tap("check", by=by, seat=seat)
    killed = _died(players, night, "night")
    target = killed[0] if killed else None
    if aims:
        tap("shot", seat=target, by=aims)
    else:
        tap("shot", seat=target)
    gone.update(killed)


def _warnings(players: list[dict[str, Any]], round_: int, tap: Any, when: str) -> None:
    """A round's warnings where MafiaRatings says they were given: at night (before the shot),
    in the day's speeches (before the nominations), or in the vote (before the hands)."""
    for seat, player in enumerate(players, start=1):
        for warning in player.get("warnings") or []:
            if isinstance(warning, dict) and warning.get("round") == round_:
                said = str(warning.get("time", ""))
                at = "night" if "night" in said or said == "shooting" else said
                if (at if at in ("night", "voting") else "speaking") == when:
                    tap("foul", seat=seat)


def _day(players: list[dict[str, Any]], round_: int, gone: set[int], tap: Any) -> None:
    for seat, player in enumerate(players, start=1):
        nominee = _at(player.get("nominating"), round_)
        if nominee is not None:
            tap("nominate", seat=nominee, by=seat)
    tap("next")  # the vote
    _warnings(players, round_, tap, "voting")
    rounds: dict[int, dict[int | None, list[int]]] = {}
    for seat, player in enumerate(players, start=1):
        vote = _at(player.get("voting"), round_)
        for number, choice in enumerate(vote if isinstance(vote, list) else [vote]):
            if choice is None or choice is False:
                continue
            candidate = None if choice is True else int(choice)
            rounds.setdefault(number, {}).setdefault(candidate, []).append(seat)
    for number in sorted(rounds):
        if number:
            tap("revote")
        for candidate, voters in rounds[number].items():
            tap("hands", **{"for": candidate, "seats": voters})
    out = _died(players, round_, "day")
    tap("vote", out=out)
    gone.update(out)


def _at(values: list[Any] | None, index: int) -> Any:
    return values[index] if values and 0 <= index < len(values) else None


# -- the fixture, made once from MafiaRatings' SQL ---------------------------------------------


def _rows(sql: str, table: str) -> list[dict[str, Any]]:
    rows = []
    pattern = rf"INSERT INTO `{table}` \(([^)]*)\) VALUES\n(.*?);\n"
    for match in re.finditer(pattern, sql, re.S):
        columns = [column.strip(" `") for column in match.group(1).split(",")]
        values = ast.literal_eval("[" + match.group(2).replace("NULL", "None") + "]")
        rows += [dict(zip(columns, value, strict=True)) for value in values]
    return rows


def extract(sql: str) -> dict[str, Any]:
    """The games and the counters MafiaRatings derived, only the fields we compare."""
    players = _rows(sql, "players")
    number = {(row["game_id"], row["user_id"]): row["number"] for row in players}
    games = []
    for row in _rows(sql, "games"):
        data = json.loads(row["json"])
        keep = ("role", "voting", "nominating", "shooting", "death", "warnings", "sheriff", "don")
        games.append({
            "id": row["id"], "winner": data["winner"],
            "players": [{k: p[k] for k in keep if k in p} for p in data["players"]],
        })  # fmt: skip
    return {
        "source": "github.com/szotin/mafiaratings db/create_sample_db.sql",
        "games": games,
        "players": [
            {"game_id": r["game_id"], **{c: r[c] for c in PLAYER_COLUMNS}} for r in players
        ],
        "mafiosos": [
            {
                "game_id": r["game_id"],
                "number": number[(r["game_id"], r["user_id"])],
                **{c: r[c] for c in SHOT_COLUMNS},
            }
            for r in _rows(sql, "mafiosos")
        ],
        "sheriffs": [
            {
                "game_id": r["game_id"],
                "number": number[(r["game_id"], r["user_id"])],
                "civil_found": r["civil_found"],
                "mafia_found": r["mafia_found"],
            }
            for r in _rows(sql, "sheriffs")
        ],
        "dons": [
            {
                "game_id": r["game_id"],
                "number": number[(r["game_id"], r["user_id"])],
                "sheriff_found": r["sheriff_found"],
            }
            for r in _rows(sql, "dons")
        ],
    }


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as file:
        json.dump(extract(file.read()), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
