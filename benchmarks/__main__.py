"""``python -m benchmarks``: every speed figure in one run, written to docs/performance.md.

    python -m benchmarks                 # the full run (a few minutes), writes the page
    python -m benchmarks --quick --output /tmp/performance.md   # small sizes, as CI runs it

Each figure stands beside a floor measured in the same run on the same machine (these machines
are shared and noisy, so the ratios mean more than the seconds):
1. ``python -m scoring standings`` against a process that only reads and writes the JSON;
2. replies per second under load (/help, /rating) against a bare aiogram echo bot;
3. a busy club night end to end (judges confirming, players asking) against the echo bot;
4. the editor's summary and the announcement against the size of the stage.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from benchmarks import bot_stage, busy_night, load, scoring_cli
from benchmarks.processes import percentile

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Sizes:
    cli: list[int]
    cli_repeats: int
    users: int
    rounds: int
    load_games: list[int]
    load_repeats: int
    night_games: list[int]
    judges: int
    judge_rounds: int
    players: int
    stages: list[int]


FULL = Sizes(
    [1_000, 10_000, 100_000], 3, 50, 10, [1_000, 10_000], 3, [1_000, 10_000], 4, 4, 30, [100, 1_000]
)
QUICK = Sizes([500, 2_000], 1, 10, 3, [300], 1, [300], 2, 1, 5, [20, 80])


@dataclass
class Section:
    title: str
    lines: list[str]
    verdicts: list[str]


def _verdict(met: bool, text: str) -> str:
    return f"- {'✅ met' if met else '❌ missed'}: {text}"


def scoring_section(sizes: Sizes) -> Section:
    figures = scoring_cli.measure(sizes.cli, sizes.cli_repeats)
    verdicts = []
    ten = next((f for f in figures if f.games == 10_000), None)
    if ten is not None:
        verdicts.append(
            _verdict(ten.ratio <= 3, f"10,000 games at {ten.ratio:.1f}× the floor (≤ 3×)")
        )
        verdicts.append(
            _verdict(ten.cli.peak_mb < 150, f"peak memory {ten.cli.peak_mb:.0f} MB (< 150 MB)")
        )
    first, last = figures[0], figures[-1]
    growth = (last.cli.seconds / last.games) / (first.cli.seconds / first.games)
    verdicts.append(
        _verdict(
            growth <= 1.5,
            f"time per game from {first.games:,} to {last.games:,} games: "
            f"×{growth:.2f} (linear: ≈ 1 or less)",
        )
    )
    return Section("`python -m scoring standings`", scoring_cli.table(figures), verdicts)


def load_section(sizes: Sizes) -> Section:
    figures = asyncio.run(
        load.measure(sizes.users, sizes.rounds, sizes.load_games, sizes.load_repeats)
    )
    help_ = figures[0]
    verdicts = [
        _verdict(help_.share >= 0.7, f"/help at {help_.share:.0%} of the floor (≥ 70 %)"),
        _verdict(
            help_.cpu_ratio <= 1.5,
            f"/help costs {help_.load.cpu_ms:.2f} ms of processor time per reply, "
            f"{help_.cpu_ratio:.2f}× the echo bot's {help_.floor.cpu_ms:.2f} (≤ 1.5×)",
        ),
        _verdict(
            help_.floor.replies_per_second >= 1_500,
            f"the fake Telegram serves the echo bot {help_.floor.replies_per_second:.0f} "
            "replies/s (≥ 1,500: it is not the bottleneck)",
        ),
    ]
    for item in figures[1:]:
        verdicts.append(_verdict(item.share >= 0.5, f"{item.what} at {item.share:.0%} (≥ 50 %)"))
    return Section(
        f"Under load: {sizes.users} users × {sizes.rounds} rounds, median of "
        f"{sizes.load_repeats} runs in turns with the echo bot",
        load.table(figures),
        verdicts,
    )


def night_section(sizes: Sizes) -> Section:
    nights = asyncio.run(
        busy_night.measure(sizes.night_games, sizes.judges, sizes.judge_rounds, sizes.players)
    )
    verdicts = []
    for night in nights:
        rating = percentile(night.rating_ms, 0.99)
        announce = percentile(night.announce_ms, 0.99)
        summary = percentile(night.summary_ms, 0.99)
        me = percentile(night.me_ms, 0.99) if night.me_ms else 0.0
        above = night.rss_mb - night.floor_rss_mb
        games = f"{night.games:,} games"
        verdicts += [
            _verdict(rating < 100, f"{games}: /rating p99 {rating:.0f} ms (< 100)"),
            _verdict(
                announce < 200 and night.flood_waits == 0,
                f"{games}: announced p99 {announce:.0f} ms after Confirm "
                f"(< 200), flood waits {night.flood_waits}",
            ),
            _verdict(summary < 100, f"{games}: summary p99 {summary:.0f} ms (< 100)"),
            _verdict(me < 200, f"{games}: /me p99 {me:.0f} ms (< 200)"),
            _verdict(
                above <= 40,
                f"{games}: resident memory {night.rss_mb:.0f} MB after the night, "
                f"{above:+.0f} MB beside the echo bot's {night.floor_rss_mb:.0f} (≤ +40; "
                f"peak {night.peak_rss_mb:.0f})",
            ),
        ]
    if len(nights) > 1:
        first, last = nights[0], nights[-1]
        summary = percentile(last.summary_ms, 0.5) / percentile(first.summary_ms, 0.5)
        verdicts.append(
            _verdict(
                summary < 2,
                f"summary screen p50 from {first.games:,} to {last.games:,} "
                f"games: ×{summary:.2f} (independent of the stage)",
            )
        )
    return Section(
        f"A busy night: {sizes.judges} judges × {sizes.judge_rounds} games while "
        f"{sizes.players} players ask /rating and /me",
        busy_night.table(nights),
        verdicts,
    )


def stage_section(sizes: Sizes) -> Section:
    figures = [(size, *asyncio.run(bot_stage.measure(size))) for size in sizes.stages]
    lines = [
        "| games in the stage | summary ms | announcement ms | × the smallest stage |",
        "|---|---|---|---|",
    ]
    base = figures[0][1]
    for size, summary, render in figures:
        lines.append(
            f"| {size:,} | {summary * 1e3:.1f} | {render * 1e3:.1f} | {summary / base:.2f} |"
        )
    growth = figures[-1][1] / base
    verdict = _verdict(
        growth < 2,
        f"the summary at {figures[-1][0]:,} games costs ×{growth:.2f} "
        f"of {figures[0][0]:,} (independent of the stage)",
    )
    return Section("The editor's summary and the announcement by stage size", lines, [verdict])


SECTIONS: list[Callable[[Sizes], Section]] = [
    scoring_section,
    load_section,
    night_section,
    stage_section,
]


NOTES = """## What dominated, what was done, what is left

- **Scoring command line** (was 15× its floor, 414 MB): pretty-printed JSON goes through Python's
  pure-Python encoder (3 of 3.5 s). Now one line per standing and per seat, written piece by piece
  with the C encoder, each distinct value rounded once; the reader checks each distinct seat once
  and shares equal entries; no cycle collection in the one-shot process.
- **Per update** (/help was at half the echo floor): aiogram runs every filter that is not a
  coroutine (each `F…` expression, each lambda) in a worker thread — four thread hand-offs per
  update; pydantic rebuilt `Response[Message]` (~9 ms) whenever the cycle collector had freed it;
  the collector itself walked aiogram's ~700 models on every full collection (0.9 s per 1,000
  updates); every update read the journal, the member, his rights and his FSM state (3–4 trips to
  the database thread). Now: awaitable filters (a test keeps them so), response models kept,
  `gc.freeze()` after start-up, one-trip reads, the journal read only for a repeated update, the
  member and the FSM state kept in memory (the bot is their only writer).
- **/rating**: the table was rebuilt with `Fraction` sums on every request and the keyboard with
  aiogram's deep-copying builder. Now tables are kept per revision until a protest window closes,
  pages drawn once per minute and reader, the revision comes with the tournament's row.
- **The editor's summary and the announcement** scored the whole stage: now one count over the
  first-killed player's games gives his Ci.
- **Memory**: `import aiogram` alone is about 170 MB resident with aiogram 3.31 and pydantic 2.13
  (it builds every Bot API model at import): the echo floor shows it, and no aiogram bot can stay
  under 150 MB on this stack. Above that floor the bot adds about 10 MB at 1,000 games and about
  80 MB at its peak at 10,000 games (the import of the file and the kept standings). Charts are
  drawn in a worker process, so matplotlib (about 60 MB) is not in the bot's process.
- **A busy night on 10,000 games** is still over its latency targets: every Confirm recomputes the
  standings (the changed stage re-scored, 100,000 seats summed, the per-player index rebuilt),
  0.2–0.4 s of Python in a worker thread, and the event loop shares the interpreter lock with it
  meanwhile; with sixteen confirms in two minutes much of the night runs beside a recompute. The
  next step is an incremental board (only the ten players of the changed game) or the recompute
  in a process of its own. At 1,000 games the medians are low (/rating 27 ms, announced 124 ms
  after Confirm) and the p99s about 0.2 s: those tails are the same recompute, smaller.
"""


def page(sections: list[Section], quick: bool, seconds: float) -> str:
    header = [
        "# Performance",
        "",
        "Written by `python -m benchmarks`"
        + (" --quick (small sizes: not the reference figures)" if quick else "")
        + f" on {datetime.now(UTC):%Y-%m-%d}: {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, {seconds / 60:.1f} minutes. Every figure stands beside a "
        "floor measured in the same run; see `benchmarks/` for how each is measured.",
        "",
    ]
    body = []
    for section in sections:
        body += [f"## {section.title}", "", *section.lines, "", *section.verdicts, ""]
    return "\n".join(header + body) + "\n" + NOTES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (CI)")
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "performance.md")
    args = parser.parse_args()
    sizes = QUICK if args.quick else FULL
    started = time.perf_counter()
    sections = []
    for make in SECTIONS:
        section = make(sizes)
        print(f"\n## {section.title}\n", *section.lines, "", *section.verdicts, sep="\n")
        sys.stdout.flush()
        sections.append(section)
    generated = page(sections, args.quick, time.perf_counter() - started)
    args.output.write_text(generated, encoding="utf-8")
    print(f"\nwritten to {args.output}")


if __name__ == "__main__":
    main()
