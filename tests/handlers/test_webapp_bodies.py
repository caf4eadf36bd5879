"""The pages' API reads each body once into its call's type (issue 46 §1): an id that is a
float, a string or out of JavaScript's exact range, a flag that is not a boolean, a body that is
not an object or is too long — each is a 400 with the Russian sentence, and nothing is written."""

from __future__ import annotations

import ast
import inspect

import aiohttp
import pytest

from bot.texts import webapp as texts
from bot.webapp.server import CALLS
from tests.club import Taps, seat_players, setup_club
from tests.harness import dispatcher_world
from tests.webapp import APP_URL, AppCaller, app_server, init_data, short_game

MALFORMED = [
    ("events", {"live": "1", "events": []}),
    ("events", {"live": 1.0, "events": []}),
    ("events", {"live": 2**53, "events": []}),
    ("events", {"live": -1, "events": []}),
    ("events", {"live": True, "events": []}),
    ("events", {"live": None, "events": "role"}),
    ("open", {"new": "yes"}),
    ("confirm", {}),
    ("seat", {"seat": 1, "player": "5"}),
    ("search", {"q": ["Сова"]}),
    ("standings", {"kind": 3}),
    ("record", {"player": {"id": 1}}),
    ("game", {"game": 0}),
]


async def test_a_body_of_the_wrong_shape_is_refused_and_nothing_is_written(tmp_path):
    async with dispatcher_world(tmp_path, webapp_url=APP_URL) as world:
        _, judge = await setup_club(world)
        await seat_players(Taps(judge))
        async with app_server(world) as base:
            app = AppCaller(base, judge.id)
            await app.open()
            await app.send(*short_game()[:4])
            for name, body in MALFORMED:
                status, answer = await app.call(name, body)
                assert (status, answer) == (400, {"error": texts.NOT_JSON}), (name, body)
            for raw in (b"[1, 2]", b"not json", b"{" * 5000, b'{"q": "' + b"x" * 300_000 + b'"}'):
                async with (
                    aiohttp.ClientSession() as session,
                    session.post(
                        base + "api/search", data=raw,
                        headers={"Authorization": f"tma {init_data(judge.id)}"},
                    ) as response,
                ):  # fmt: skip
                    assert response.status == 400, raw[:20]
                    assert (await response.json())["error"] == texts.NOT_JSON
            view = await app.send()
            assert len(view["log"]) == 4


@pytest.mark.parametrize("call", CALLS, ids=lambda call: call.name)
def test_every_call_is_a_named_function_of_at_most_four_parameters(call):
    """The web layer's handlers follow the chat's rule (docs/architecture.md)."""
    function = call.run
    assert function.__name__ != "<lambda>" and "<locals>" not in function.__qualname__
    source = ast.parse(inspect.getsource(inspect.getmodule(function)))
    defined = [n for n in source.body if isinstance(n, ast.AsyncFunctionDef)]
    assert function.__name__ in {n.name for n in defined}
    assert len(inspect.signature(function).parameters) <= 4
