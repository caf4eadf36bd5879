"""A throw-away PostgreSQL server for the storage tests, and a fresh database for each test.

``TEST_POSTGRES_URL`` (set by .ci/run, which starts one server for the whole suite) names a
server to use; otherwise each test process starts its own in a temporary folder, from Debian's
``postgresql`` package, and stops it at the end. Without the package the PostgreSQL variants
are skipped with one line saying so — unless ``POSTGRES_TESTS_REQUIRED`` is set (CI), where a
missing server fails them.

Each test gets a database of its own, copied from a template migrated once per process
(``CREATE DATABASE … TEMPLATE``: milliseconds, not a migration per test).
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from functools import cache
from pathlib import Path

import asyncpg
import pytest

SKIP_REASON = "PostgreSQL is not installed here (apt-get install postgresql): its variants skipped"


def _binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), reverse=True)
    return versions[0].parent if versions else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path, durable: bool = False) -> str:
    """A server of its own in ``folder`` (as the ``postgres`` user when run as root: the server
    refuses root), quick and unsafe on a crash — a test's data — unless ``durable`` (a
    benchmark's: each commit waits for the disk, as a deployment's does); its URL. Its settings
    are in its configuration file: ``control(folder, "stop")`` and ``"start"`` take it down and
    bring it back as it was."""
    if _binaries() is None:
        raise FileNotFoundError(SKIP_REASON)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data, port = folder / "data", _free_port()
    _run(["initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8",
          "--locale=C.UTF-8"])  # fmt: skip
    settings = [
        f"port = {port}", f"unix_socket_directories = '{folder}'",
        "listen_addresses = '127.0.0.1'", "max_connections = 200",
    ]  # fmt: skip
    if not durable:
        settings += ["fsync = off", "synchronous_commit = off", "full_page_writes = off"]
    with (data / "postgresql.conf").open("a") as configuration:
        configuration.write("\n".join(settings) + "\n")
    control(folder, "start")
    atexit.register(_stop_at_exit, folder)
    return f"postgresql://postgres@127.0.0.1:{port}/postgres"


def control(folder: Path, action: str, mode: str = "fast") -> None:
    """``pg_ctl start | stop | restart`` of the server in ``folder``, waiting until done."""
    _run(["pg_ctl", "-D", str(folder / "data"), "-l", str(folder / "log"), "-m", mode, "-w",
          action])  # fmt: skip


def _stop_at_exit(folder: Path) -> None:
    with contextlib.suppress(subprocess.CalledProcessError):  # stopped already
        control(folder, "stop", "immediate")


def _run(command: list[str]) -> None:
    binaries = _binaries()
    assert binaries is not None
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    command = [*as_user, str(binaries / command[0]), *command[1:]]
    subprocess.run(command, check=True, capture_output=True)


@cache
def server_url() -> str | None:
    """The server the tests use: the environment's, or one started now (None: not installed)."""
    given = os.environ.get("TEST_POSTGRES_URL")
    if given:
        return given
    try:
        return start_server(Path(tempfile.mkdtemp(prefix="mafia-pg-")))
    except FileNotFoundError:
        return None
    except subprocess.CalledProcessError as error:
        raise RuntimeError(f"PostgreSQL did not start: {error.stderr.decode()[-2000:]}") from None


def required() -> str:
    """The server's URL, or the test skipped (locally) / failed (CI) without one."""
    url = server_url()
    if url is None:
        if os.environ.get("POSTGRES_TESTS_REQUIRED"):
            pytest.fail(SKIP_REASON + " — but POSTGRES_TESTS_REQUIRED is set")
        pytest.skip(SKIP_REASON)
    return url


_numbers = itertools.count(1)
_templates: dict[str, str] = {}


def _with_database(url: str, name: str) -> str:
    return url.rsplit("/", 1)[0] + "/" + name


async def _template(url: str) -> str:
    """A database migrated once per test process, the others copied from it."""
    if url in _templates:
        return _templates[url]
    from bot.core.postgres_db import PostgresDatabase

    name = f"template_{os.getpid()}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    database = PostgresDatabase(_with_database(url, name))
    await database.connect()
    await database.migrate()
    await database.close()
    _templates[url] = name
    return name


async def fresh_database_url(migrated: bool = True) -> str:
    """A new, empty database of its own for one test (migrated from the template, or bare)."""
    url = required()
    name = f"test_{os.getpid()}_{next(_numbers)}"
    template = await _template(url) if migrated else "template0"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    finally:
        await admin.close()
    return _with_database(url, name)


async def drop_database(url: str) -> None:
    """The test's database gone (the server's other tests go on)."""
    name = url.rsplit("/", 1)[1]
    admin = await asyncpg.connect(_with_database(url, "postgres"))
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()
