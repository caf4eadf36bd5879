"""``python -m scoring standings`` end to end, beside its floor, on growing protocol files.

    python -m benchmarks.scoring_cli [--sizes 1000 10000 100000] [--repeats 3]

Each size is a protocol file of N games of 300 players in 3 stages (``tests/protocols.py``).
The floor is a Python process that only ``json.load``s the file and ``json.dumps`` it back: what
reading and writing that much JSON costs at all. Both run as child processes under
``benchmarks.peak``; time is wall clock (best of ``repeats``), memory the child's peak resident
set.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.protocols import protocol_bytes, random_protocol

PLAYERS = 300
FLOOR = (
    "import json, sys\n"
    "data = json.load(open(sys.argv[1], encoding='utf-8'))\n"
    "sys.stdout.write(json.dumps(data, ensure_ascii=False))\n"
)


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_mb: float


@dataclass(frozen=True)
class CliFigures:
    games: int
    file_mb: float
    floor: Run
    cli: Run

    @property
    def ratio(self) -> float:
        return self.cli.seconds / self.floor.seconds


def _run(argv: list[str]) -> Run:
    """One child process: wall time and peak resident memory; its output is thrown away."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.peak", *argv],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False,
    )  # fmt: skip
    seconds = time.perf_counter() - started
    last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    if done.returncode != 0 or not last.startswith("peak-rss-kb "):
        raise RuntimeError(f"{argv} failed: {done.stderr[-2000:]}")
    return Run(seconds, int(last.split()[1]) / 1024)


def measure(sizes: list[int], repeats: int) -> list[CliFigures]:
    names = [f"Игрок {n}" for n in range(PLAYERS)]
    figures = []
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            path = Path(folder) / f"protocol-{size}.json"
            path.write_bytes(protocol_bytes(random_protocol(names, size, seed=size, stages=3)))
            floor, cli = Run(0, 0), Run(0, 0)
            for _ in range(repeats):  # in turns, so that both meet the same moments of noise
                floor = _better(floor, _run(["-c", FLOOR, str(path)]))
                cli = _better(cli, _run(["-m", "scoring", "standings", str(path)]))
            figures.append(CliFigures(size, path.stat().st_size / 1e6, floor, cli))
    return figures


def _better(kept: Run, new: Run) -> Run:
    """The best time seen, and the largest memory."""
    if kept.seconds == 0:
        return new
    return Run(min(kept.seconds, new.seconds), max(kept.peak_mb, new.peak_mb))


def table(figures: list[CliFigures]) -> list[str]:
    lines = [
        "| games | file MB | floor s | standings s | × floor | floor peak MB | peak MB "
        "| s per 1,000 games |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for item in figures:
        lines.append(
            f"| {item.games:,} | {item.file_mb:.1f} | {item.floor.seconds:.2f} | "
            f"{item.cli.seconds:.2f} | {item.ratio:.1f} | {item.floor.peak_mb:.0f} | "
            f"{item.cli.peak_mb:.0f} | {item.cli.seconds / item.games * 1000:.3f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print("\n".join(table(measure(args.sizes, args.repeats))))


if __name__ == "__main__":
    main()
