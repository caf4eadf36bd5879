"""What the pages' API asks of the bot's services: one typed set (``Services.web_app()``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import tzinfo

from bot.announce.announcer import Announcer
from bot.club.clubs import Clubs
from bot.club.members import MemberDirectory
from bot.core.clock import Clock
from bot.entry.editor import Editor
from bot.live.service import LiveTables
from bot.nights.tonight_page import TonightPage
from bot.rating.screens import RatingScreens
from bot.rating.service import Ratings
from bot.tv.service import ClubTv


@dataclass(frozen=True, slots=True)
class WebApp:
    token: str  # the bot's: it keys Telegram's signature of initData
    clock: Clock
    members: MemberDirectory
    live: LiveTables
    editor: Editor
    ratings: Ratings
    zone: tzinfo
    tv: ClubTv
    tonight: TonightPage
    screens: RatingScreens
    announcer: Announcer
    clubs: Clubs
    unreachable: Callable[[BaseException], bool]  # the database's: its server is out of reach
