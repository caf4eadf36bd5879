"""``mafia-seating``: a tournament's seating on the command line, without the bot.

    mafia-seating --players 36 --tables 3 --rounds 12 --seed 1 --format json
    mafia-seating --names players.txt --tables 2 --rounds 11 --tables-last 1:1 --format csv

Prints every round: each table's ten players in seat order (numbered 1..N when no ``--names``
are given), who sits out, and the figures of docs/nights.md (the worst pair and how many pairs
meet that often, Σ meetings², pairs that never meet, seats repeated, games each). The same
arguments give the same seating: the seed and the algorithm's version are printed with it.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from seating.search import SEATS, VERSION, Evening, Round, SeatingError, fairness, seat

EXIT_INVALID = 2
MAX_PLAYERS = 1_000
MAX_ROUNDS = 100


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mafia-seating", description="Рассадка турнира по спортивной мафии (столы по 10)."
    )
    parser.add_argument("--players", type=int, help="сколько игроков (без --names)")
    parser.add_argument("--names", type=Path, help="файл: по нику в строке, в порядке записи")
    parser.add_argument("--tables", type=int, required=True, help="столов в игре")
    parser.add_argument("--rounds", type=int, required=True, help="игр (туров) всего")
    parser.add_argument(
        "--tables-last", help="последние игры с меньшим числом столов: СТОЛЫ:ИГРЫ, например 1:1"
    )
    parser.add_argument("--seed", type=int, default=1, help="сид жеребьёвки (по умолчанию 1)")
    parser.add_argument("--format", choices=("json", "csv"), default="json")
    return parser


class _Refused(Exception):
    pass


def _names(args: argparse.Namespace) -> list[str]:
    if args.names is not None:
        try:
            text = args.names.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise _Refused(f"не читается файл ников {args.names}: {error}") from None
        names = [line.strip() for line in text.splitlines() if line.strip()]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise _Refused(f"ник записан дважды: {', '.join(repeated[:5])}")
        if args.players is not None and args.players != len(names):
            raise _Refused(f"--players {args.players}, а в файле {len(names)} ников")
        return names
    if args.players is None:
        raise _Refused("нужно --players или --names")
    return [str(number) for number in range(1, args.players + 1)]


def _counts(args: argparse.Namespace) -> list[int]:
    if not 1 <= args.tables <= 100 or not 1 <= args.rounds <= MAX_ROUNDS:
        raise _Refused(f"столов — от 1 до 100, игр — от 1 до {MAX_ROUNDS}")
    counts = [args.tables] * args.rounds
    if args.tables_last:
        tables, _, rounds = args.tables_last.partition(":")
        if not tables.isdigit() or not rounds.isdigit():
            raise _Refused("--tables-last: СТОЛЫ:ИГРЫ, например 1:1")
        fewer, last = int(tables), int(rounds)
        if not 1 <= fewer < args.tables or not 1 <= last < args.rounds:
            raise _Refused("--tables-last: меньше столов, чем --tables, и не все игры")
        counts[-last:] = [fewer] * last
    return counts


def seating(args: argparse.Namespace) -> tuple[list[str], list[Round]]:
    names = _names(args)
    if len(names) > MAX_PLAYERS:
        raise _Refused(f"не больше {MAX_PLAYERS} игроков")
    counts = _counts(args)
    evening = Evening(
        players=list(range(1, len(names) + 1)), tables=max(counts), rounds=args.rounds,
        seed=args.seed, tournament=True, table_counts=counts,
    )  # fmt: skip
    try:
        return names, list(seat(evening))
    except SeatingError:
        tables = _tables(max(counts))
        need = SEATS * max(counts)
        raise _Refused(
            f"на {tables} по {SEATS} нужно хотя бы {need} игроков, а их {len(names)}"
        ) from None


def as_json(names: list[str], rounds: list[Round], seed: int) -> str:
    figures = fairness(rounds, list(range(1, len(names) + 1)))
    data = {
        "version": VERSION,
        "seed": seed,
        "players": names,
        "rounds": [
            {
                "round": number,
                "tables": [
                    {"table": table, "seats": [names[p - 1] for p in players]}
                    for table, players in enumerate(done.tables, start=1)
                ],
                "out": [names[p - 1] for p in done.out],
            }
            for number, done in enumerate(rounds, start=1)
        ],
        "fairness": asdict(figures),
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def as_csv(names: list[str], rounds: list[Round], seed: int) -> str:
    """A printable sheet: a row per table of each game, then who sits that game out."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Игра", "Стол", *(f"Место {seat}" for seat in range(1, SEATS + 1))])
    for number, done in enumerate(rounds, start=1):
        for table, players in enumerate(done.tables, start=1):
            writer.writerow([number, table, *(names[p - 1] for p in players)])
        if done.out:
            writer.writerow([number, "отдыхают", *(names[p - 1] for p in done.out)])
    figures = fairness(rounds, list(range(1, len(names) + 1)))
    writer.writerow([])
    writer.writerow([f"сид {seed}, алгоритм {VERSION}"])
    writer.writerow([
        f"больше всего встреч пары: {figures.most_meetings} (пар: {figures.pairs_at_most}); "
        f"сумма квадратов встреч: {figures.squares}; пар без встречи: {figures.never_met}; "
        f"повторов места: {figures.seat_repeats}"
    ])  # fmt: skip
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        names, rounds = seating(args)
    except _Refused as refusal:
        print(f"mafia-seating: {refusal}", file=sys.stderr)
        return EXIT_INVALID
    writer = as_json if args.format == "json" else as_csv
    sys.stdout.write(writer(names, rounds, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def _tables(count: int) -> str:
    """«1 стол», «3 стола», «5 столов»."""
    if count % 10 == 1 and count % 100 != 11:
        word = "стол"
    elif 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        word = "стола"
    else:
        word = "столов"
    return f"{count} {word}"
