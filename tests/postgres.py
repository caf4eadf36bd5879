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
    benchmark's: each commit waits for the disk, as a deployment's does); its URL."""
    binaries = _binaries()
    if binaries is None:
        raise FileNotFoundError(SKIP_REASON)
    as_user: list[str] = []
    if os.geteuid() == 0:
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(folder, "postgres")
    data, port = folder / "data", _free_port()
    subprocess.run(
        [*as_user, str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
         "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"],
        check=True, capture_output=True,
    )  # fmt: skip
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
    if not durable:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    subprocess.run(
        [*as_user, str(binaries / "pg_ctl"), "-D", str(data), "-o", options,
         "-l", str(folder / "log"), "-w", "start"],
        check=True, capture_output=True,
    )  # fmt: skip
    atexit.register(
        subprocess.run,
        [*as_user, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
        capture_output=True,
    )
    return f"postgresql://postgres@127.0.0.1:{port}/postgres"


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
