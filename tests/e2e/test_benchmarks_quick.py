"""``python -m benchmarks --quick``: the whole benchmark run works, at small sizes, in CI.

The figures themselves are not asserted here (CI machines are shared and noisy); the full run
(``python -m benchmarks``) writes them to docs/performance.md with a verdict per target.
"""

import subprocess
import sys

import pytest

from tests.harness import ROOT
from tests.timing import scaled

pytestmark = [pytest.mark.process, pytest.mark.slow]  # every benchmark, at small sizes


@pytest.mark.waits
def test_the_quick_benchmark_run_writes_every_section(tmp_path):
    output = tmp_path / "performance.md"
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--output", str(output)],
        cwd=ROOT, capture_output=True, text=True, timeout=scaled(600), check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    page = output.read_text(encoding="utf-8")
    for title in ("python -m scoring standings", "Under load", "A busy night", "The judge's app",
                  "Many clubs on one bot", "summary", "statistics from the game log"):  # fmt: skip
        assert title in page
    assert "echo floor" in page and "× floor" in page
    verdicts = [line for line in page.splitlines() if line.startswith(("- ✅", "- ❌"))]
    assert len(verdicts) >= 6  # one for every target these sizes can tell
    row = "| SQLite, 1 | 12 / 300 / 1,200"  # the many clubs' evening, on the default engine
    clubs = next(line for line in page.splitlines() if line.startswith(row))
    assert "–" not in clubs  # every figure of the many clubs' evening measured
    assert "Traceback" not in done.stdout + done.stderr
