"""The floor of the judge's app: a bare aiohttp server that answers each POST with its body.

    python -m benchmarks.echo_web PORT

What any aiohttp JSON call costs on this machine, beside the bot's Mini App API in the same run.
"""

from __future__ import annotations

import sys

from aiohttp import web


async def echo(request: web.Request) -> web.Response:
    return web.json_response(await request.json())


def main() -> None:
    app = web.Application()
    app.router.add_post("/echo", echo)
    web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=None, access_log=None)


if __name__ == "__main__":
    main()
