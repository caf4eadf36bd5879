"""One router per feature; ``build_router`` makes a fresh set for each Dispatcher."""

from aiogram import Router

from handlers import (
    admin,
    backup,
    club_chat,
    entry,
    errors,
    fallback,
    identity,
    interchange,
    joining,
    nights,
    ops,
    player,
    protests,
    rating,
    settings,
    start,
    statistics,
    tv,
)


def build_router() -> Router:
    root = Router(name="root")
    root.include_routers(
        joining.build_router(),  # a group's «🏠 Подключить клуб»; /start join-… is its link
        nights.build_signup_router(),  # the buttons a group may press: the sign-up, pictures
        rating.build_club_buttons_router(),
        statistics.build_club_buttons_router(),  # a board's buttons in private or the club chat
        fallback.private_buttons_only(),
        club_chat.build_router(),
        rating.build_router(),  # before start: /start rating-… is its deep link
        protests.build_router(),  # before entry: a protest's text is not a protocol's
        settings.build_router(),
        start.build_router(),
        admin.build_router(),
        nights.build_router(),
        backup.build_router(),
        interchange.build_router(),  # before entry: a title the import waits for is no paste
        entry.build_router(),
        identity.build_router(),
        player.build_router(),
        statistics.build_router(),
        ops.build_router(),
        tv.build_router(),
        errors.build_router(),
        fallback.build_router(),  # last: answers the buttons nobody else took
    )
    return root
