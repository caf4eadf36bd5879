"""``python -m benchmarks --quick``: the whole benchmark run works, at small sizes, in CI.

The figures themselves are not asserted here (CI machines are shared and noisy); the full run
(``python -m benchmarks``) writes them to docs/performance.md with a verdict per target. The
sections that pace people in real time run on the worker of tests that wait; the ones that only
compute run beside the rest.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness import ROOT
from tests.timing import scaled

pytestmark = [pytest.mark.process, pytest.mark.slow]  # every benchmark, at small sizes


def quick_run(tmp_path: Path, sections: str) -> str:
    output = tmp_path / "performance.md"
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--sections", sections,
         "--output", str(output)],
        cwd=ROOT, capture_output=True, text=True, timeout=scaled(600), check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stdout + done.stderr
    return output.read_text(encoding="utf-8")


def verdicts(page: str) -> list[str]:
    return [line for line in page.splitlines() if line.startswith(("- ✅", "- ❌"))]


@pytest.mark.waits
def test_the_quick_benchmark_of_the_bot_at_work_writes_every_section(tmp_path):
    page = quick_run(tmp_path, "load,night,app,clubs")
    for title in ("Under load", "A busy night", "The judge's app", "Many clubs on one bot"):
        assert title in page
    assert "echo floor" in page and "× floor" in page
    assert len(verdicts(page)) >= 20  # one for every target these sizes can tell
    row = "| SQLite, 1 | 12 / 300 / 1,200"  # the many clubs' evening, on the default engine
    clubs = next(line for line in page.splitlines() if line.startswith(row))
    assert "–" not in clubs  # every figure of the many clubs' evening measured


def test_the_quick_benchmark_of_the_computations_writes_every_section(tmp_path):
    page = quick_run(tmp_path, "scoring,statistics,stage,seating")
    for title in ("python -m scoring standings", "statistics from the game log", "summary",
                  "seating"):  # fmt: skip
        assert title in page
    assert "Under load" not in page  # only the sections asked for
    assert len(verdicts(page)) >= 6
