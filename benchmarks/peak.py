"""Run a module or a script and report its peak resident memory: ``python -m benchmarks.peak``.

    python -m benchmarks.peak -m scoring standings FILE
    python -m benchmarks.peak -c "CODE" ARG…

The last line on stderr is ``peak-rss-kb N``: the process's VmHWM when it ends. (A parent's
``wait4`` reports the largest resident set the child ever had, counted from before ``exec``, so
a big benchmark process would report its own size for every child.)
"""

from __future__ import annotations

import atexit
import re
import runpy
import sys
from pathlib import Path


def _report() -> None:
    status = Path("/proc/self/status").read_text()
    found = re.search(r"VmHWM:\s+(\d+)", status)
    print(f"peak-rss-kb {found.group(1) if found else 0}", file=sys.stderr)


def main() -> None:
    mode, target, *rest = sys.argv[1:]
    atexit.register(_report)
    if mode == "-m":
        sys.argv = [target, *rest]
        runpy.run_module(target, run_name="__main__", alter_sys=True)
    else:
        sys.argv = ["-c", *rest]
        exec(compile(target, "<floor>", "exec"), {"__name__": "__main__"})


if __name__ == "__main__":
    main()
