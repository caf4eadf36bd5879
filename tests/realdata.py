"""Check the scoring core against real published tournaments: ``python -m tests.realdata``.

The folder (by default ``../shared/realdata`` beside this repository; or the first argument)
holds MafGame tournaments — per-game protocols and the official tables — that must never be
copied into the project or published (read its ``ORIGIN.md``). When it is absent the check says
so and stops: it is not part of the test suite.

Each tournament's games are read into the protocol of SCORING.md under MafGame's scoring: a win
is 0.75, the final's points count × 1.3 (a stage weight), Ci is §8.6's. MafGame's protocols give
each seat's additional points as one net number (extra + best move − penalties), so a positive
one becomes the judge's extra and a negative one a penalty of that size. Then every official
table — qualification, final and total — is compared with ``scoring.compute`` on every player:
place, total, additional, Ci, wins, wins as don or sheriff, first-night deaths, to the hundredth.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from scoring import Game, Role, SeatEntry, Standing, Winner, compute
from scoring.elo import EloSettings, brier, replay
from scoring.rulesets import Ruleset, ruleset_from_mapping

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FOLDER = ROOT.parent / "shared" / "realdata"
FINAL = "Финал"
FINAL_WEIGHT = Decimal("1.3")
ROLES = {"Citizen": Role.CIVILIAN, "Sheriff": Role.SHERIFF, "Mafia": Role.MAFIA, "Don": Role.DON}
WINNERS = {"red_win": Winner.RED, "black_win": Winner.BLACK, "unknown": Winner.DRAW}
HUNDREDTH = Decimal("0.01")
# Where mafgame's data is known not to tell everything (ORIGIN.md, "Checked on these files").
KNOWN = {"826": "20 of 45 tables carry no first-killed marker: k and some Ci cannot be derived"}


def mafgame_ruleset(minuses: Sequence[Decimal]) -> Ruleset:
    return ruleset_from_mapping({
        "id": "mafgame",
        "title": "MafGame (по данным турниров)",
        "win_points": 0.75,
        "draw_points": 0,
        "best_move": {"0": 0, "1": 0, "2": 0, "3": 0},  # folded into the net additional points
        "extra": {"min": 0, "max": 1, "step": 0.01, "in_draw": True},
        "ci": {"factor": 0.4, "cap": 0.4, "share": 0.4},
        "tie_breaks": ["additional", "wins", "special_wins", "first_killed"],
        "penalties": [
            {"code": _minus(value), "value": float(value), "who": ["red", "black"],
             "when": ["any"], "description": f"итог дополнительных баллов {value}"}
            for value in sorted(set(minuses))
        ],
    }, "mafgame")  # fmt: skip


def _minus(value: Decimal) -> str:
    return f"net{value}"


def games_of(protocols: dict[str, Any]) -> list[Game]:
    games = []
    for entry in protocols["games"]:
        for table in entry["tables"]:
            seats = table["seats"]
            killed = [s["seat"] for s in seats if s.get("marker") == "first_killed"]
            players = []
            for seat in seats:
                net = Decimal(str(seat["aps"]))
                players.append(SeatEntry(
                    name=seat["name"], role=ROLES[seat["role"]],
                    extra=net if net > 0 else Decimal(0),
                    penalties=(_minus(net),) if net < 0 else (),
                ))  # fmt: skip
            games.append(Game(
                id=f"{entry['title']}/{table['table_num']}", winner=WINNERS[table["winner"]],
                players=tuple(players), stage=entry["stage"],
                first_killed=killed[0] if killed else None,
            ))  # fmt: skip
    return games


def _hundredths(value: Fraction | Decimal | float) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(
        value, Fraction) else Decimal(str(value))  # fmt: skip
    return exact.quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


def differences(
    official: list[dict[str, Any]], ours: Sequence[Standing], final_table: bool = False
) -> list[str]:
    """What an official table says otherwise than ours. The final's own table is ordered as the
    total is (its places are not the final games' order) and rounds × 1.3 through floats
    (0.975 → 0.97): there places are not compared and points may differ by a hundredth."""
    by_name = {row.name: row for row in ours}
    found = []
    if len(official) != len(ours):
        found.append(f"players: official {len(official)}, ours {len(ours)}")
    for row in official:
        mine = by_name.get(row["name"])
        if mine is None:
            found.append(f"{row['name']}: not in our table")
            continue
        pairs = {
            "place": (int(row["place"]), mine.place),
            "total": (_hundredths(row["sigma"]), _hundredths(mine.total)),
            "additional": (_hundredths(row["sigma_ap"]), _hundredths(mine.additional)),
            "ci": (_hundredths(row["ci"]), _hundredths(mine.ci)),
            "wins": (row["w"], mine.wins),
            "don+sheriff wins": (row["d"] + row["s"], mine.special_wins),
            "first-night deaths": (row["k"], mine.first_killed),
        }
        if final_table:
            del pairs["place"]
        for what, (theirs, got) in pairs.items():
            near = final_table and isinstance(got, Decimal) and abs(theirs - got) <= HUNDREDTH
            if theirs != got and not near:
                found.append(f"{row['name']}: {what} official {theirs}, ours {got}")
    return found


def check(folder: Path) -> int:
    failed = 0
    for path in sorted(folder.rglob("tournament_*.json")):
        number = path.stem.split("_")[1]
        meta = json.loads(path.read_text(encoding="utf-8"))
        tables = meta.get("standings") or {}
        if not tables:
            print(f"{number}: no official table (skipped)")
            continue
        protocols = json.loads(
            (path.parent / f"games_{number}_current.json").read_text(encoding="utf-8")
        )
        games = games_of(protocols)
        minuses = [Decimal(p[3:]) for g in games for e in g.players for p in e.penalties]
        ruleset = mafgame_ruleset(minuses)
        finals = [g for g in games if g.stage == FINAL]
        chosen = {
            "qualification": [g for g in games if g.stage != FINAL],
            "final": finals,
            "total": games,
        }
        for name, official in tables.items():
            result = compute(chosen[name], ruleset, weights={FINAL: FINAL_WEIGHT})
            found = differences(official, result.standings, final_table=name == "final")
            known = KNOWN.get(number)
            verdict = "equal" if not found else ("known gaps" if known else "DIFFERENT")
            gaps = f" ({len(found)}: {known})" if found and known else ""
            print(f"{number} {name}: {len(official)} players, {len(chosen[name])} games — "
                  f"{verdict}{gaps}")  # fmt: skip
            if found and not known:
                failed += 1
                for line in found[:20]:
                    print(f"    {line}")
    return 1 if failed else 0


def elo_report(folder: Path) -> None:
    """The Brier score of the Elo chance (scoring/elo.py) on these games, in file order, beside
    always predicting the base rate (docs/rating.md)."""
    games: list[Game] = []
    for path in sorted(folder.rglob("games_*_current.json")):
        games += games_of(json.loads(path.read_text(encoding="utf-8")))
    for k in (0.0, 10.0, 20.0, 40.0):  # K=0: ratings never move, the learned prior alone
        found = brier(replay(games, EloSettings(k=k))[1])
        print(f"elo K={k:g}: {found.games} games, Brier {found.score:.4f}; base rate "
              f"{found.base_rate:.3f} predicted always: {found.base_rate_score:.4f}")  # fmt: skip


def main(argv: Sequence[str]) -> int:
    folder = Path(argv[0]) if argv else DEFAULT_FOLDER
    if not folder.is_dir():
        print(f"{folder}: not here; nothing to check (the real tournaments are not part of it)")
        return 0
    failed = check(folder)
    elo_report(folder)
    return failed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
