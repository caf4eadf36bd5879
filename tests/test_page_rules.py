"""The page's copy of the rules holds logic only (issue 46 §2): every reason an event is set
aside has its sentence on the server, the page gets them all (``rules.json``), and ``live.js``
and ``modes.js`` hold no Russian word and no rule number of their own."""

from __future__ import annotations

import re
from pathlib import Path

from bot.texts import live as texts
from bot.webapp.rules import rules
from scoring.live import Skip

STATIC = Path(__file__).resolve().parent.parent / "bot" / "webapp" / "static"


def test_every_reason_has_its_sentence_and_the_page_gets_them_all():
    assert set(texts.SKIPPED) == set(Skip)
    served = rules()
    assert set(served["skips"]) == {why.value for why in Skip}
    assert served["maxFouls"] == 4 and served["team"]["don"] == "black"


def test_the_pages_copy_of_the_rules_holds_no_sentence_and_no_rule_number():
    """live.js and modes.js mirror the logic only: a Russian word or a limit written there would
    drift from the server's first."""
    for name in ("live.js", "layers.js", "modes.js"):
        code = "\n".join(
            line.split("//")[0] for line in (STATIC / name).read_text("utf-8").splitlines()
            if not line.lstrip().startswith(("*", "/**", "//"))
        )  # fmt: skip
        assert not re.search("[А-Яа-яЁё]", code), name
        assert not re.search(r">=\s*[2-9]|MAX_|LIMITS\s*=\s*\{", code), name
