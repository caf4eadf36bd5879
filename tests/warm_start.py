"""``python -m bot`` for the process tests without paying its imports each time.

A fresh ``python -m bot`` spends about 2.5 s of processor time importing aiogram (pydantic builds
the schemas of ~600 Bot API models), and the suite starts the bot some seventy times: a third of
its processor time. Here one server per test process imports those libraries once (nothing of
ours) and forks: each child sets its own environment, folder and output, then runs ``bot`` as
``python -m bot`` does (``runpy``, ``__name__ == "__main__"``), exits through the interpreter's
normal exit (so ``atexit`` runs), and is killed and waited for by its pid.

``WarmProcess`` offers what the tests use of ``asyncio.subprocess.Process``. The start-up of a
real interpreter itself is still tested: ``BOT_TESTS_EXEC=1`` (or a platform without
``os.pidfd_open``) starts every bot as a fresh interpreter, and the tests of the command, the
installed wheel and a wrapper script always do.
"""

from __future__ import annotations

import asyncio
import atexit
import importlib
import json
import os
import runpy
import select
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Third-party only: the bot's own modules are imported fresh in every child, as in a real start.
PRELOADED = (
    "aiohttp",
    "aiosqlite",
    "aiogram",
    "aiogram.types",
    "aiogram.methods",
    "pydantic_settings",
)
_MESSAGE_SIZE = 1 << 20


def available(env: dict[str, str]) -> bool:
    """A warm start behaves as a fresh interpreter only when no interpreter setting differs."""
    if os.environ.get("BOT_TESTS_EXEC") == "1" or not hasattr(os, "pidfd_open"):
        return False
    ours = {k: v for k, v in os.environ.items() if k.startswith("PYTHON") and k != "PYTHONPATH"}
    theirs = {k: v for k, v in env.items() if k.startswith("PYTHON") and k != "PYTHONPATH"}
    return ours == theirs


class _Server:
    """The client's side of the forking server: one per test process, started on first use."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.socket = ours
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.warm_start", str(theirs.fileno())],
            cwd=ROOT, env=env, pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL,
        )  # fmt: skip
        theirs.close()
        atexit.register(self.close)

    def ask(self, request: dict[str, Any], fds: list[int] | None = None) -> dict[str, Any]:
        socket.send_fds(self.socket, [json.dumps(request).encode()], fds or [])
        reply = self.socket.recv(_MESSAGE_SIZE)
        if not reply:
            raise RuntimeError("the warm-start server has stopped")
        answer: dict[str, Any] = json.loads(reply)
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer

    def close(self) -> None:
        self.socket.close()
        self.process.wait(timeout=10)


_server: _Server | None = None


def _the_server() -> _Server:
    global _server
    if _server is None or _server.process.poll() is not None:
        _server = _Server()
    return _server


class WarmProcess:
    """A child of the forking server, as the tests use ``asyncio.subprocess.Process``."""

    def __init__(self, server: _Server, pid: int, stdout: asyncio.StreamReader) -> None:
        self._server = server
        self.pid = pid
        self.stdout = stdout
        self._pidfd: int | None = os.pidfd_open(pid)
        self._returncode: int | None = None

    @property
    def returncode(self) -> int | None:
        exited = self._pidfd is not None and select.select([self._pidfd], [], [], 0)[0]
        if self._returncode is None and exited:
            self._reap()
        return self._returncode

    def _reap(self) -> None:
        assert self._pidfd is not None
        self._returncode = int(self._server.ask({"wait": self.pid})["returncode"])
        os.close(self._pidfd)
        self._pidfd = None

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            os.kill(self.pid, sig)  # a zombie until reaped: the pid cannot be reused meanwhile

    async def wait(self) -> int:
        if self.returncode is None:
            assert self._pidfd is not None
            loop = asyncio.get_running_loop()
            exited = loop.create_future()
            loop.add_reader(self._pidfd, lambda: exited.done() or exited.set_result(None))
            try:
                await exited
            finally:
                loop.remove_reader(self._pidfd)
            self._reap()
        assert self._returncode is not None
        return self._returncode

    async def communicate(self) -> tuple[bytes, None]:
        output = await self.stdout.read()
        await self.wait()
        return output, None


async def start(cwd: Path, env: dict[str, str]) -> WarmProcess:
    """``python -m bot`` in ``cwd`` with exactly ``env``, its output (both streams) readable."""
    server = _the_server()
    read, write = os.pipe()
    try:
        pid = int(server.ask({"cwd": str(cwd), "env": env}, [write])["pid"])
    finally:
        os.close(write)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(loop=loop)
    await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader, loop=loop), os.fdopen(read, "rb", 0)
    )
    return WarmProcess(server, pid, reader)


# The server's side.


def _serve(channel: socket.socket) -> dict[str, Any] | None:
    """Answer requests until the client goes; in a forked child, return that child's request."""
    children: set[int] = set()
    while True:
        message, fds, _, _ = socket.recv_fds(channel, _MESSAGE_SIZE, 1)
        if not message:
            return None
        request = json.loads(message)
        if "wait" in request:
            pid = int(request["wait"])
            if pid not in children:
                channel.send(json.dumps({"error": f"{pid} is not a child"}).encode())
                continue
            children.discard(pid)
            _, status = os.waitpid(pid, 0)
            channel.send(json.dumps({"returncode": os.waitstatus_to_exitcode(status)}).encode())
            continue
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            channel.close()
            _become(fds[0], request)
            return request  # type: ignore[no-any-return]
        os.close(fds[0])
        children.add(pid)
        channel.send(json.dumps({"pid": pid}).encode())


def _become(output: int, request: dict[str, Any]) -> None:
    """The forked child takes on the output, folder and environment of a fresh ``python -m bot``."""
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    os.close(nothing)
    os.dup2(output, 1)
    os.dup2(output, 2)
    os.close(output)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.path[0] = request["cwd"]
    sys.argv = sys.argv[:1]  # no arguments, as ``python -m bot``; runpy sets the program's path


def main(channel_fd: int) -> None:
    for name in PRELOADED:
        importlib.import_module(name)
    request = _serve(socket.socket(fileno=channel_fd))
    if request is not None:  # a forked child: become the bot, and exit as it does
        runpy.run_module("bot", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
