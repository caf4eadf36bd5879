"""The house rules that keep the code changeable (docs/architecture.md): imports go one way, and
each table has one owner that writes it. Both read the source, so they fail on the commit that
breaks a rule, not later."""

from __future__ import annotations

import ast
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(
    path for folder in ("bot", "handlers", "seating") for path in (ROOT / folder).rglob("*.py")
)

# -- imports --------------------------------------------------------------------------------------

# Each folder (or top module) of ours and what it may import. Below the features: vocabulary,
# texts, foundation, table owners, club services, Telegram glue. Features may use the features
# named for them, never the other way round. Handlers use anything in bot/ but never each other;
# bot/services.py builds and wires the services, bot/app.py the Telegram side around them.
FOUNDATION = {"scoring", "bot.vocabulary"}
ALLOWED: dict[str, set[str]] = {
    "scoring": set(),
    "seating": set(),  # pure, beside scoring: the bot's evenings call it, it calls nothing
    "bot.vocabulary": {"scoring"},
    "bot.texts": {"scoring", "bot.vocabulary"},
    "bot.callbacks": set(),
    "bot.core": {*FOUNDATION, "bot.texts"},
    "bot.tables": {*FOUNDATION, "bot.core"},
    "bot.club": {*FOUNDATION, "bot.texts", "bot.core", "bot.tables", "bot.callbacks"},
    "bot.telegram": {*FOUNDATION, "bot.texts", "bot.core", "bot.club", "bot.callbacks"},
}
BELOW_FEATURES = {*ALLOWED} - {"scoring"} | {"scoring"}
FEATURES: dict[str, set[str]] = {
    "bot.announce": set(),
    "bot.entry": set(),
    "bot.identity": set(),
    "bot.admin": set(),
    "bot.rating": {"bot.moving"},  # /import takes a whole club's archive too
    "bot.protests": {"bot.announce"},
    "bot.delivery": {"bot.announce"},
    "bot.ops": {"bot.delivery"},
    "bot.settings": set(),
    "bot.joining": set(),
    "bot.moving": set(),
    "bot.nights": {"bot.rating", "seating"},  # pictures by the rating's drawing worker
    "bot.live": {"bot.entry"},  # a live game fills in the judge's protocol draft
    "bot.tv": {"bot.rating", "bot.entry", "bot.nights"},  # the room's TV: tables, standings
    "bot.webapp": {"bot.live", "bot.entry", "bot.rating", "bot.tv", "bot.nights", "bot.announce"},
}
for feature, uses in FEATURES.items():
    ALLOWED[feature] = BELOW_FEATURES | uses
ALLOWED["bot.services"] = {*ALLOWED}  # builds every service and wires them together
ALLOWED["handlers"] = {*ALLOWED} - {"bot.services"}
ALLOWED["bot.app"] = {*ALLOWED, "handlers"}
ALLOWED["bot.__main__"] = {"bot.app", "bot.core"}
ALLOWED["bot"] = set()  # bot/__init__.py


def unit(module: str) -> str:
    """The folder (or top module) a dotted module name belongs to."""
    parts = module.split(".")
    if parts[0] in ("scoring", "handlers", "seating"):
        return parts[0]
    return ".".join(parts[:2]) if len(parts) > 1 else parts[0]


def module_of(path: Path) -> str:
    relative = path.relative_to(ROOT).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text("utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    ours = ("bot", "handlers", "scoring", "seating")
    return [(line, name) for line, name in found if name.split(".")[0] in ours]


def import_problems(paths: list[Path]) -> list[str]:
    problems = []
    for path in paths:
        here = unit(module_of(path))
        allowed = ALLOWED.get(here)
        if allowed is None:
            problems.append(f"{path.relative_to(ROOT)}: {here} has no place in ALLOWED")
            continue
        for line, name in imports_of(path):
            there = unit(name)
            if there == here:
                if here == "handlers" and module_of(path) != "handlers":
                    problems.append(f"{path.relative_to(ROOT)}:{line}: a handler imports {name}")
                continue
            if there not in allowed:
                problems.append(f"{path.relative_to(ROOT)}:{line}: {here} imports {name}")
    return problems


def test_imports_go_one_way() -> None:
    paths = [*SOURCES, *sorted((ROOT / "scoring").rglob("*.py"))]
    assert import_problems(paths) == []


# Within what a folder may import, modules it must not: the club's records (games above all)
# never call the evening — a saved or corrected game is an event the evening reacts to
# (``GameEvents``, wired in bot/services.py) — so its tables and texts are the evening's own.
NOT_FROM: dict[str, set[str]] = {
    "bot.club": {"bot.tables.nights", "bot.texts.nights", "bot.nights"},
}


def modules_imported(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports, ``from bot.tables import nights`` as bot.tables.nights."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def modules_not_allowed(paths: list[Path]) -> list[str]:
    problems = []
    for path in paths:
        barred = NOT_FROM.get(unit(module_of(path)), set())
        for line, name in modules_imported(path):
            if any(name == bar or name.startswith(f"{bar}.") for bar in barred):
                problems.append(f"{path.relative_to(ROOT)}:{line}: imports {name}")
    return problems


def test_the_club_records_never_call_the_evening() -> None:
    assert modules_not_allowed(SOURCES) == []
    probe = ROOT / "bot" / "club" / "_evening_probe.py"
    source = "from bot.tables import nights\nfrom bot.tables.nights import Night\n"
    probe.write_text(source, "utf-8")
    try:
        caught = modules_not_allowed([probe])
    finally:
        probe.unlink()
    assert caught == [
        "bot/club/_evening_probe.py:1: imports bot.tables.nights",
        "bot/club/_evening_probe.py:2: imports bot.tables.nights.Night",
    ]


def test_the_import_rule_catches_an_arrow_pointing_back_up(tmp_path: Path) -> None:
    folder = ROOT / "bot" / "texts"
    fake = folder / "_arrow_probe.py"
    fake.write_text("from bot.rating.boards import table\n", "utf-8")
    handler = ROOT / "handlers" / "_arrow_probe.py"
    handler.write_text("from handlers.entry import build_router\n", "utf-8")
    try:
        problems = import_problems([fake, handler])
    finally:
        fake.unlink()
        handler.unlink()
    assert len(problems) == 2 and "bot.texts imports bot.rating.boards" in problems[0]


# -- table owners ---------------------------------------------------------------------------------

OWNERS = {
    "fsm_state": "bot/core/fsm_storage.py",
    "outbox": "bot/core/outbox.py",
    "sent_copies": "bot/core/outbox.py",
    "handled_updates": "bot/telegram/polling.py",
    "received_updates": "bot/telegram/polling.py",
    "dead_updates": "bot/telegram/dead_letters.py",
    "members": "bot/club/members.py",
    "member_rights": "bot/club/members.py",
    "players": "bot/tables/players.py",
    "player_audit": "bot/tables/players.py",
    "link_requests": "bot/tables/link_requests.py",
    "tournaments": "bot/tables/tournaments.py",
    "stages": "bot/tables/tournaments.py",
    "games": "bot/tables/games.py",
    "game_seats": "bot/tables/games.py",
    "game_changes": "migrations/0015_game_changes.sql",  # its triggers only
    "audit_log": "bot/tables/audit.py",
    "protests": "bot/tables/protests.py",
    "nights": "bot/tables/nights.py",
    "night_people": "bot/tables/nights.py",
    "night_seats": "bot/tables/nights.py",
    "night_games": "bot/tables/nights.py",
    "night_tables": "bot/tables/nights.py",
    "kept_posts": "bot/core/outbox.py",
    "drafts": "bot/tables/drafts.py",
    "club_options": "bot/tables/club_options.py",
    "live_games": "bot/tables/live.py",
    "live_events": "bot/tables/live.py",
    "game_statistics": "bot/tables/statistics.py",
    "player_statistics": "bot/tables/statistics.py",
    "statistics_counted": "bot/tables/statistics.py",
    "tv_links": "bot/tables/tv_links.py",
    "announcements": "bot/announce/announcer.py",
    "clubs": "bot/tables/clubs.py",
}
_WRITE = re.compile(
    r"\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|(?<!DO )UPDATE(?:\s+OR\s+\w+)?"
    r"|DELETE\s+FROM)\s+[\"'`]?(\w+)",
    re.IGNORECASE,
)


def writes_in(source: str) -> set[str]:
    """Tables written by the SQL in a module's string literals. SQL is written in capitals
    here; a lower-case «update from» in a sentence counts only when it names a table."""
    tree = ast.parse(source)
    tables = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for match in _WRITE.finditer(node.value):
                table = match.group(1).lower()
                if match.group(0).split()[0].isupper() or table in OWNERS:
                    tables.add(table)
    return tables


def owner_problems(paths: list[Path]) -> list[str]:
    problems = []
    for path in paths:
        name = str(path.relative_to(ROOT))
        for table in sorted(writes_in(path.read_text("utf-8"))):
            owner = OWNERS.get(table)
            if owner is None:
                problems.append(f"{name} writes {table}, which has no owner in OWNERS")
            elif owner != name:
                problems.append(f"{name} writes {table}, owned by {owner}")
    return problems


def test_every_table_is_written_by_its_owner_only() -> None:
    assert owner_problems(SOURCES) == []


def test_every_table_has_an_owner(tmp_path: Path) -> None:
    from bot.core.db import bundled_migrations

    connection = sqlite3.connect(tmp_path / "schema.sqlite3")
    for migration in bundled_migrations():
        connection.executescript(migration.sql)
    tables = {
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    }
    connection.close()
    assert tables == set(OWNERS)


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE games SET status = ?",
        "INSERT INTO audit_log (game_id) VALUES (?)",
        "INSERT OR IGNORE INTO game_seats VALUES (?)",
        "delete from drafts where id = ?",
    ],
)
def test_the_owner_rule_catches_a_write_outside_the_owner(sql: str) -> None:
    fake = ROOT / "bot" / "rating" / "probe.py"
    source = f"SQL = {sql!r}\n"
    problems = [
        f"{fake.relative_to(ROOT)} writes {table}, owned by {OWNERS[table]}"
        for table in writes_in(source)
    ]
    assert len(problems) == 1 and "owned by bot/tables/" in problems[0]


@pytest.mark.process  # runs a program of ours
def test_heavy_libraries_load_on_first_use_only():
    """Matplotlib (pictures) and XlsxWriter (the spreadsheet) are imported when a picture or an
    export is made, not at start-up: most processes never make one."""
    probe = (
        "import sys, bot.app, handlers; "
        "print(sorted(m for m in ('matplotlib', 'xlsxwriter') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "[]"


# -- handlers -------------------------------------------------------------------------------------


def test_handlers_take_at_most_four_parameters() -> None:
    """A handler is glue: the event, what aiogram parsed, and the one or two services it calls.
    More is a sign that work belongs in a service (docs/architecture.md). The web layer's calls
    are handlers too."""
    crowded = []
    for path in sorted([*(ROOT / "handlers").glob("*.py"), *(ROOT / "bot/webapp").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.AsyncFunctionDef) and not node.name.startswith("_"):
                count = len(node.args.args) + len(node.args.kwonlyargs)
                if count > 4:
                    crowded.append(f"{path.name}:{node.name} takes {count}")
    assert crowded == []


def test_no_function_of_the_web_layer_is_over_40_lines() -> None:
    """The web layer is glue as the handlers are: a long function there is work that belongs in a
    service."""
    long = []
    for path in sorted((ROOT / "bot/webapp").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            function = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            if function and (node.end_lineno or 0) - node.lineno + 1 > 40:
                long.append(f"{path.name}:{node.name}")
    assert long == []


def test_the_web_layer_says_nothing_of_its_own() -> None:
    """Its sentences are in bot/texts/ (webapp.py, live.py), as the handlers' are."""
    said = []
    for path in sorted((ROOT / "bot/webapp").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and re.search("[А-Яа-яЁё]", text):
                said.append(f"{path.name}:{node.lineno}")
    assert said == []


def test_no_class_in_bot_is_over_300_lines() -> None:
    """A class that grows past this has more than one reason to change: split it by reason, as
    the editor (issue 16) and the evening (issue 29) were."""
    big = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                size = node.end_lineno - node.lineno + 1
                if size > 300:
                    big.append(f"{path.relative_to(ROOT)}:{node.name} has {size} lines")
    assert big == []


def test_the_architecture_page_names_every_package_and_table(tmp_path: Path) -> None:
    """docs/architecture.md stays true: every package of ``bot/`` and every table of the
    migrations is named there (as `bot/x`, `x` or in the owners table)."""
    from bot.core.db import bundled_migrations

    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    packages = sorted(p.name for p in (ROOT / "bot").iterdir() if p.is_dir() and p.name[0] != "_")
    unnamed = [p for p in packages if f"`bot/{p}" not in page and f"`{p}`" not in page]
    assert unnamed == [], f"packages docs/architecture.md does not name: {unnamed}"
    tops = [name for name in ALLOWED if "." not in name and name != "bot"]
    assert [t for t in tops if f"`{t}/`" not in page and f"`{t}`" not in page] == []
    for feature, uses in FEATURES.items():  # each exception written `a` → `b`, `c`
        short = feature.removeprefix("bot.")
        said = " ".join(re.split(r"[;|]", part)[0] for part in page.split(f"`{short}` → ")[1:])
        missing = [u for u in uses if f"`{u.removeprefix('bot.')}`" not in said]
        assert missing == [], f"docs/architecture.md does not say `{short}` → {missing}"
    connection = sqlite3.connect(tmp_path / "schema.sqlite3")
    for migration in bundled_migrations():
        connection.executescript(migration.sql)
    tables = sorted(
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    )
    connection.close()
    missing = [t for t in tables if f"`{t}`" not in page]
    assert missing == [], f"tables docs/architecture.md does not name: {missing}"


# -- every read of a club's rows names its club ---------------------------------------------------

# The tables whose rows each say their club (docs/architecture.md, «Clubs»). A read of one of
# them names ``club_id`` — or reads by a key that is one club's already; each such read is listed
# here with why, so that a new read is a decision, not an accident that shows one club another's.
CLUB_ROOTS = {
    "tournaments", "nights", "member_rights", "players", "drafts", "live_games", "tv_links",
    "link_requests", "protests", "club_options",
}  # fmt: skip
READ_BY_A_CLUBS_KEY = {
    ("bot/rating/standings.py", "protests"): "a board's games' protests, by game",
    ("bot/rating/standings.py", "tournaments"): "a kept board's own tournament, by its id",
    ("bot/tables/games.py", "protests"): "a game's own protests, by game",
    ("bot/tables/live.py", "live_games"): "a tournament's logs by its id; the lowest draft number",
    ("bot/tables/nights.py", "players"): "the nicknames of one evening's people",
    ("bot/tables/nights.py", "nights"): "by a request's unique key; by a tournament's id",
    ("bot/tables/players.py", "players"): "the table's next id (its sequence)",
    ("bot/tables/protests.py", "players"): "a protest's player, joined (its query names the club)",
    ("bot/tables/protests.py", "protests"): "by a query its callers finish; by a game and player",
    ("bot/tables/tournaments.py", "tournaments"): "by a request's unique key; a game's or "
    "player's tournaments",
    ("bot/tables/tournaments.py", "drafts"): "the drafts of a tournament, by its id",
}
_READ = re.compile(r"\b(?:FROM|JOIN)\s+(\w+)", re.IGNORECASE)
_WRITE_FIRST = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER")


def _sql_strings(tree: ast.AST) -> list[tuple[int, str]]:
    """Each whole string literal (an f-string's parts joined), not the parts again."""
    parts = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.JoinedStr):
            text = "".join(
                v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else "{}"
                for v in node.values
            )
            found.append((node.lineno, text))
    return found


def unscoped_reads(paths: list[Path], excused: set[tuple[str, str]] | None = None) -> list[str]:
    """Reads of a club's rows that do not name the club and are not listed; ``excused``
    collects the listed ones met."""
    problems = []
    for path in paths:
        name = str(path.relative_to(ROOT))
        for line, text in _sql_strings(ast.parse(path.read_text("utf-8"))):
            if text.lstrip().upper().startswith(_WRITE_FIRST) or "club_id" in text:
                continue
            for table in {m.group(1) for m in _READ.finditer(text)} & CLUB_ROOTS:
                if (name, table) not in READ_BY_A_CLUBS_KEY:
                    problems.append(f"{name}:{line}: reads {table} without its club")
                elif excused is not None:
                    excused.add((name, table))
    return problems


def test_every_read_of_a_clubs_rows_names_its_club(tmp_path: Path) -> None:
    excused: set[tuple[str, str]] = set()
    assert unscoped_reads(SOURCES, excused) == []
    assert excused == set(READ_BY_A_CLUBS_KEY)  # a listed read that is gone leaves the list
    probe = ROOT / "bot" / "club" / "_unscoped_probe.py"
    probe.write_text('Q = "SELECT nickname FROM players WHERE id = ?"\n', "utf-8")
    try:
        assert unscoped_reads([probe]) == [
            "bot/club/_unscoped_probe.py:1: reads players without its club"
        ]
    finally:
        probe.unlink()
