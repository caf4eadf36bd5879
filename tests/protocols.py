"""Protocol files (SCORING.md) made up for tests and benchmarks: valid, varied, reproducible."""

from __future__ import annotations

import json
import random
from typing import Any

ROLES = ["civilian"] * 6 + ["sheriff", "mafia", "mafia", "don"]


def random_protocol(
    names: list[str], games: int, *, seed: int = 1, stages: int = 1, ruleset: str = "rules-8"
) -> dict[str, Any]:
    """``games`` games among ``names`` (at least ten), with best moves, extras and penalties."""
    rng = random.Random(seed)
    out = []
    for index in range(games):
        seated = rng.sample(names, 10)
        roles = ROLES[:]
        rng.shuffle(roles)
        winner = rng.choice(["red", "black", "red", "black", "draw"])
        players: list[dict[str, Any]] = []
        for name, role in zip(seated, roles, strict=True):
            entry: dict[str, Any] = {"name": name, "role": role}
            if winner != "draw" and rng.random() < 0.15:
                entry["extra"] = rng.choice([0.1, 0.25, 0.3, 0.5])
            red = role in ("civilian", "sheriff")
            lost = winner == ("black" if red else "red")
            if ruleset == "rules-8" and red and rng.random() < 0.03:
                entry["penalties"] = ["8.5.2"]
            elif ruleset == "rules-8" and lost and role in ("mafia", "don") and rng.random() < 0.03:
                entry["penalties"] = ["8.5.6.1"]
            players.append(entry)
        game: dict[str, Any] = {
            "id": f"g{index + 1}",
            "stage": f"этап {1 + index * stages // games}",
            "winner": winner,
            "players": players,
        }
        if rng.random() < 0.8:
            killed = rng.randint(1, 10)
            game["first_killed"] = killed
            others = [seat for seat in range(1, 11) if seat != killed]
            game["best_move"] = sorted(rng.sample(others, 3))
        out.append(game)
    return {"ruleset": ruleset, "seed": seed, "games": out}


def protocol_bytes(protocol: dict[str, Any]) -> bytes:
    return json.dumps(protocol, ensure_ascii=False).encode()
