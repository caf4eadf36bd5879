"""One router per feature; ``build_router`` makes a fresh set for each Dispatcher."""

from aiogram import Router

from handlers import errors, start


def build_router() -> Router:
    root = Router(name="root")
    root.include_routers(start.build_router(), errors.build_router())
    return root
