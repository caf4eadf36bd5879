"""Every filter and handler of the bot runs in the event loop.

aiogram runs a filter or handler that is not a coroutine function (a magic ``F`` expression, a
lambda) in a worker thread, one hand-off per check; ``bot/telegram/filters.py`` says why that
mattered. This keeps a new ``F.text`` or lambda from slipping back in.
"""

from aiogram import Router

from handlers import build_router


def routers(router: Router):
    yield router
    for sub in router.sub_routers:
        yield from routers(sub)


def test_no_filter_or_handler_is_called_in_a_thread():
    threaded = []
    for router in routers(build_router()):
        for name, observer in router.observers.items():
            for item in observer._handler.filters or []:
                if not item.awaitable:
                    threaded.append(f"{router.name}.{name}: router filter {item.callback}")
            for handler in observer.handlers:
                where = f"{router.name}.{name}.{getattr(handler.callback, '__name__', '?')}"
                if not handler.awaitable:
                    threaded.append(f"{where}: the handler")
                threaded += [
                    f"{where}: {item.magic or item.callback}"
                    for item in handler.filters or []
                    if not item.awaitable
                ]
    assert threaded == []
