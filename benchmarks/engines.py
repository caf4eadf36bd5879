"""The PostgreSQL server a benchmark runs on: the one named (``--database-url``), or a
throw-away one started from Debian's ``postgresql`` package with a deployment's durability (each
commit waits for the disk), stopped when the benchmark ends."""

from __future__ import annotations

import tempfile
from pathlib import Path

import asyncpg

from tests.postgres import start_server


def server(given: str | None) -> str:
    """The server's URL (its ``postgres`` database: where databases are made)."""
    return given or start_server(Path(tempfile.mkdtemp(prefix="bench-pg-")), durable=True)


def database(server_url: str, name: str) -> str:
    return server_url.rsplit("/", 1)[0] + "/" + name


async def exists(server_url: str, name: str) -> bool:
    admin = await asyncpg.connect(server_url)
    try:
        return bool(await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name))
    finally:
        await admin.close()


async def create(server_url: str, name: str, template: str = "template0") -> str:
    """A new database ``name`` (one of that name dropped first), copied from ``template``."""
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    finally:
        await admin.close()
    return database(server_url, name)


async def rename(server_url: str, name: str, to: str) -> None:
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f"ALTER DATABASE {name} RENAME TO {to}")
    finally:
        await admin.close()


async def size_mb(server_url: str, name: str) -> float:
    admin = await asyncpg.connect(server_url)
    try:
        return int(await admin.fetchval("SELECT pg_database_size($1)", name)) / 1e6
    finally:
        await admin.close()
