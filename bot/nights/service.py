"""A club evening as the head judge runs it: open it, let the club sign up, count tables, seat
every round fairly, tell everyone where to sit (docs/bot.md, «Вечер»).

Every change is one transaction that also queues what people must see: the sign-up list and the
seating are kept posts of the club chat (``Kind.KEPT``: drawn when they go out, so a rush of taps
costs a few edits), each player's own evening is a private message. A restart loses nothing.

The parts, one reason each: ``desk`` (the head judge's screen), ``roster`` (guests, lists and
judges' tables), ``signup`` (who comes and goes by his own tap),
``posts`` (the club chat's posts and pictures), ``timer`` (the scheduler's jobs), ``tonight``
(the Mini App's «Вечер» tab); seating in
``seat``, what a saved game means for the evening in ``played``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import tzinfo

from bot.club.members import MemberDirectory
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournaments
from bot.core.clock import Clock
from bot.core.db import Database
from bot.nights.desk import EveningDesk, Top
from bot.nights.lists import Evenings
from bot.nights.posts import EveningPosts
from bot.nights.roster import Roster
from bot.nights.signup import SignUp
from bot.nights.timed import EveningTimer
from bot.nights.tonight_page import TonightPage
from bot.rating.periods import GameResults
from bot.rating.service import Ratings


@dataclass(frozen=True, slots=True)
class Nights:
    desk: EveningDesk
    roster: Roster
    signup: SignUp
    posts: EveningPosts
    timer: EveningTimer
    tonight: TonightPage


def build_nights(
    database: Database, clock: Clock, zone: tzinfo, tournaments: Tournaments,
    players: PlayerDirectory, members: MemberDirectory, results: GameResults, top: Top,
    ratings: Ratings,
) -> Nights:  # fmt: skip
    evenings = Evenings(database, tournaments, members)
    return Nights(
        desk=EveningDesk(database, clock, zone, evenings, tournaments, players, top),
        roster=Roster(database, clock, evenings, players, members),
        signup=SignUp(database, clock, evenings),
        posts=EveningPosts(database, evenings, tournaments, players, results, top),
        timer=EveningTimer(database, clock, zone),
        tonight=TonightPage(database, clock, zone, ratings, players, results),
    )
