"""Protocol files (SCORING.md) made up for tests and benchmarks: valid, varied, reproducible."""

from __future__ import annotations

import json
import math
import random
from typing import Any

ROLES = ["civilian"] * 6 + ["sheriff", "mafia", "mafia", "don"]


def random_protocol(
    names: list[str],
    games: int,
    *,
    seed: int = 1,
    stages: int = 1,
    ruleset: str = "rules-8",
    discipline: bool = False,
) -> dict[str, Any]:
    """``games`` games among ``names`` (at least ten), with best moves, extras and penalties, and
    with ``discipline`` fouls, technical fouls, removals and team defeats too (drawn from a
    generator of their own: the rest of the protocol is the same either way)."""
    rng = random.Random(seed)
    fouls_rng = random.Random(seed + 1_000_003)
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
            if discipline:
                _add_discipline(fouls_rng, entry, winner, lost)
            players.append(entry)
        culprits = [entry for entry in players if entry.get("removal") == "ppk"]
        for entry in culprits[1:]:  # one team defeat a game
            entry["removal"] = "judge"
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


def _add_discipline(rng: random.Random, entry: dict[str, Any], winner: str, lost: bool) -> None:
    """Fouls for about a third of the seats; a removal for a few; a ППК for a few losers."""
    if rng.random() < 0.3:
        entry["fouls"] = rng.choice([1, 1, 2, 2, 3, 4])
    if rng.random() < 0.05:
        entry["technical_fouls"] = rng.choice([1, 1, 2] if entry.get("fouls") != 4 else [1])
    removed = entry.get("fouls") == 4 or entry.get("technical_fouls") == 2
    if not removed and rng.random() < 0.03:
        entry["removal"] = "ppk" if lost and winner != "draw" and rng.random() < 0.5 else "judge"


def protocol_bytes(protocol: dict[str, Any]) -> bytes:
    return json.dumps(protocol, ensure_ascii=False).encode()


def skilled_season(games: int, *, seed: int = 3, edge: float = 4.0) -> dict[str, Any]:
    """A season where skill decides: ten strong players («Сильный1…») and ten beginners; the red
    team's chance of a win grows with its strong players and falls with the black team's, so a
    rating that learns who is strong predicts better than the base rate (docs/rating.md)."""
    rng = random.Random(seed)
    names = [f"Сильный{n}" for n in range(1, 11)] + [f"Новичок{n}" for n in range(1, 11)]
    out = []
    for index in range(games):
        seated = rng.sample(names, 10)
        roles = ROLES[:]
        rng.shuffle(roles)
        strong = [
            (n.startswith("Сильный"), r in ("civilian", "sheriff"))
            for n, r in zip(seated, roles, strict=True)
        ]
        red = sum(1 for good, on_red in strong if good and on_red)
        black = sum(1 for good, on_red in strong if good and not on_red)
        chance = 1 / (1 + math.exp(0.3 - edge * (red / 7 - black / 3)))
        winner = "red" if rng.random() < chance else "black"
        players = [{"name": n, "role": r} for n, r in zip(seated, roles, strict=True)]
        out.append({"id": f"s{index + 1}", "winner": winner, "players": players})
    return {"ruleset": "rules-8", "seed": seed, "games": out}
