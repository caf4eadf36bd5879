"""One router per feature; ``build_router`` makes a fresh set for each Dispatcher."""

from aiogram import Router

from handlers import admin, club_chat, entry, errors, fallback, start


def build_router() -> Router:
    root = Router(name="root")
    root.include_routers(
        club_chat.build_router(),
        start.build_router(),
        admin.build_router(),
        entry.build_router(),
        errors.build_router(),
        fallback.build_router(),  # last: answers the buttons nobody else took
    )
    return root
