"""The pages' JavaScript is type-checked (issue 46 §2): every module says ``// @ts-check``, the
API's answers are typedefs (``static/types.js``), and TypeScript's checker (Debian's
``node-typescript``; ``.ci/run`` installs it) finds no error. No build step: the pages are served
as written."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.timing import scaled

WEBAPP = Path(__file__).resolve().parent.parent / "bot" / "webapp"
UNCHECKED = {"sw.js"}  # a service worker: its own global scope, not the page's


def test_every_page_module_asks_to_be_checked_and_is_small():
    for path in sorted((WEBAPP / "static").glob("*.js")):
        text = path.read_text("utf-8")
        if path.name not in UNCHECKED:
            assert text.startswith("// @ts-check"), path.name
        assert len(text.splitlines()) <= 250, f"{path.name}: split it by reason"


def test_the_pages_type_check_is_clean():
    tsc = shutil.which("tsc")
    if tsc is None:
        if os.environ.get("BROWSER_TESTS_REQUIRED"):
            pytest.fail("tsc is not installed (apt-get install node-typescript)")
        pytest.skip("tsc is not installed (apt-get install node-typescript)")
    done = subprocess.run(
        [tsc, "-p", str(WEBAPP)], capture_output=True, text=True, timeout=scaled(40), check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_judges_page_preloads_exactly_the_modules_it_imports():
    """index.html asks for every module of app.js at once (``modulepreload``), not one import
    after another; a module added or dropped changes the list too."""
    import re

    static = WEBAPP / "static"
    modules: list[str] = []
    waiting = ["app.js"]
    while waiting:
        name = waiting.pop(0)
        if name not in modules:
            modules.append(name)
            waiting += re.findall(r'from "\./([\w-]+\.js)"', (static / name).read_text("utf-8"))
    html = (static / "index.html").read_text("utf-8")
    assert sorted(re.findall(r'rel="modulepreload" href="([\w-]+\.js)"', html)) == sorted(
        modules[1:]
    )
    assert 'href="rules.json" as="fetch"' in html
    shell = (static / "sw.js").read_text("utf-8")
    assert all(f'"{name}"' in shell for name in [*modules, "rules.json"])  # kept offline too
