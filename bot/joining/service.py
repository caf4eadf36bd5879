"""A club joins as people do it in Telegram: the bot is added to a group and offers
«🏠 Подключить клуб»; the group's admin names the club and its time zone in private; with
``CLUB_SIGNUP=approval`` an operator approves it with one tap. The bot removed from the group:
the club is kept, marked as left; added back, it goes on. Operators list and suspend clubs.

Whether a person is an admin of a group is Telegram's to say (``getChatMember``): the handler
asks and passes the answer in; nothing here talks to Telegram but through the outbox."""

from __future__ import annotations

from dataclasses import dataclass, replace
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import ClubAction, ClubCB
from bot.club.clubs import Clubs
from bot.club.members import MemberDirectory
from bot.core import club_scope
from bot.core.clock import Clock
from bot.core.config import Settings
from bot.core.db import Database
from bot.core.outbox import Kind, enqueue, private
from bot.telegram.keyboards import button, column, in_rows, keyboard
from bot.telegram.screen import Screen
from bot.texts import clubs as texts
from bot.texts.markup import quote
from bot.vocabulary.club import Club, ClubState
from bot.vocabulary.refusal import Refusal, RefusalKind
from bot.vocabulary.rights import Right

MIN_TITLE, MAX_TITLE = 2, 60
CLUBS_PER_PAGE = 15  # /clubs: a page fits one message with room to spare


@dataclass(frozen=True, slots=True)
class Joiner:
    """Who connects which group: his id and name, the group's id and title."""

    user_id: int
    name: str
    chat_id: int
    chat_title: str


class Joining:
    def __init__(
        self, settings: Settings, clubs: Clubs, members: MemberDirectory, database: Database,
        clock: Clock,
    ) -> None:  # fmt: skip
        self.settings = settings
        self.clubs = clubs
        self.members = members
        self.database = database
        self.clock = clock

    @property
    def open_to_groups(self) -> bool:
        return self.settings.club_signup is not None

    # -- the bot in a group ----------------------------------------------------------------------

    async def added(self, chat_id: int) -> Screen | None:
        """The bot was added to a group: a club that left goes on; a new group is offered
        «🏠 Подключить клуб» (when the deployment takes new clubs)."""
        club = self.clubs.of_chat(chat_id)
        if club is not None:
            if club.state is ClubState.LEFT:
                club = await self.clubs.set_state(club, ClubState.ACTIVE, None)
                # a one-club deployment's chat comes back as it always did: its admins are told
                return (
                    Screen(texts.back_in_group(quote(club.title))) if self.open_to_groups else None
                )
            return None
        if not self.open_to_groups:
            return None
        connect = button(texts.CONNECT, ClubCB(a=ClubAction.CONNECT, i=chat_id))
        return Screen(texts.OFFER, column([connect]))

    async def removed(self, chat_id: int) -> None:
        """The bot was removed or kicked: the club is kept, marked as left."""
        club = self.clubs.of_chat(chat_id)
        if club is not None and club.state is ClubState.ACTIVE:
            await self.clubs.set_state(club, ClubState.LEFT, None)

    def check_connect(self, chat_id: int, group_admin: bool) -> None:
        """A tap on «🏠 Подключить клуб»: refused unless an admin of a group no club has."""
        club = self.clubs.of_chat(chat_id)
        if club is not None:
            raise Refusal(texts.ALREADY_A_CLUB.format(title=club.title), RefusalKind.CONFLICT)
        if not self.open_to_groups:
            raise Refusal(texts.JOIN_EXPIRED, RefusalKind.NOT_FOUND)
        if not group_admin:
            raise Refusal(texts.NOT_A_GROUP_ADMIN, RefusalKind.FORBIDDEN)

    # -- the dialog in private -------------------------------------------------------------------

    def ask_title(self, chat_title: str) -> Screen:
        keep = button(
            texts.KEEP_TITLE.format(title=chat_title[:40]), ClubCB(a=ClubAction.KEEP_TITLE)
        )
        return Screen(texts.ASK_TITLE.format(chat=quote(chat_title)), column([keep]))

    def title(self, typed: str) -> str:
        title = " ".join(typed.split())
        if not MIN_TITLE <= len(title) <= MAX_TITLE:
            raise Refusal(texts.BAD_TITLE, RefusalKind.BAD_REQUEST)
        return title

    def ask_zone(self, title: str) -> Screen:
        zones = [
            button(name, ClubCB(a=ClubAction.ZONE, v=zone)) for zone, name in texts.ZONES.items()
        ]
        return Screen(texts.ASK_ZONE.format(title=quote(title)), keyboard(in_rows(zones, 2)))

    def zone(self, typed: str) -> str:
        name = typed.strip()
        try:
            ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            raise Refusal(texts.BAD_ZONE, RefusalKind.BAD_REQUEST) from None
        return name

    async def connect(self, joiner: Joiner, title: str, zone: str, group_admin: bool) -> Screen:
        """The club made: active at once (``open``) or waiting for an operator (``approval``);
        the one who connected it is its first admin."""
        self.check_connect(joiner.chat_id, group_admin)
        club = await self.clubs.create(self.clubs.new(title, joiner.chat_id, zone), joiner.user_id)
        with club_scope.within(club):
            await self.members.grant(joiner.user_id, Right.ADMIN, joiner.user_id)
        await self.members.choose_club(joiner.user_id, club.id)
        if club.state is ClubState.PENDING:
            await self._ask_operators(club, joiner)
            return Screen(texts.asked_approval(quote(title)))
        await self._announce_in_group(club, joiner.name)
        return Screen(texts.connected(quote(title), texts.ZONES.get(zone, zone)))

    async def _announce_in_group(self, club: Club, admin: str) -> None:
        with club_scope.within(club):
            async with self.database.transaction() as tx:
                await enqueue(
                    tx, str(club.chat_id), Kind.TEXT, self.clock.iso(),
                    body=texts.connected_in_group(quote(club.title), quote(admin)),
                )  # fmt: skip

    async def _ask_operators(self, club: Club, joiner: Joiner) -> None:
        text = texts.approval_request(
            quote(club.title), quote(joiner.chat_title), quote(joiner.name),
            texts.ZONES.get(club.timezone, club.timezone),
        )  # fmt: skip
        markup = keyboard([[
            button(texts.APPROVE, ClubCB(a=ClubAction.APPROVE, i=club.id)),
            button(texts.REJECT, ClubCB(a=ClubAction.REJECT, i=club.id)),
        ]])  # fmt: skip
        async with self.database.transaction() as tx:
            for operator in sorted(self.settings.operator_ids):
                await enqueue(
                    tx, private(operator), Kind.TEXT, self.clock.iso(), body=text,
                    markup=markup.model_dump_json(exclude_none=True),
                    copy_key=f"club-request:{club.id}",
                )  # fmt: skip

    # -- operators -------------------------------------------------------------------------------

    def _operator(self, user_id: int) -> None:
        if not self.settings.is_operator(user_id):
            raise Refusal(texts.NOT_AN_OPERATOR, RefusalKind.FORBIDDEN)

    async def decide(self, operator_id: int, operator: str, club_id: int, yes: bool) -> Screen:
        """«✅ Одобрить» / «✖ Отклонить» under a club's request."""
        self._operator(operator_id)
        club = self.clubs.get(club_id)
        if club is None or club.state is not ClubState.PENDING:
            raise Refusal(texts.ALREADY_DECIDED, RefusalKind.CONFLICT)
        club = await self.clubs.set_state(
            club, ClubState.ACTIVE if yes else ClubState.REJECTED, operator_id
        )
        admins = await self._admins_of(club)
        async with self.database.transaction() as tx:
            now = self.clock.iso()
            for admin in admins:
                word = texts.approved if yes else texts.rejected
                await enqueue(tx, private(admin), Kind.TEXT, now, body=word(quote(club.title)))
        if yes and admins:
            name = await self.members.full_name(admins[0]) or str(admins[0])
            await self._announce_in_group(club, name)
        return Screen(texts.decided(quote(club.title), yes, quote(operator)), toast="✓")

    async def _admins_of(self, club: Club) -> list[int]:
        with club_scope.within(club):
            return await self.members.admin_ids()

    def listing(self, user_id: int, page: int = 0) -> Screen:
        """/clubs: the clubs with their state, ``CLUBS_PER_PAGE`` a page (a service of
        hundreds fits no message); suspend or resume with a tap, turn the page with another."""
        self._operator(user_id)
        clubs = self.clubs.everyone()
        if not clubs:
            return Screen(texts.NO_CLUBS)
        pages = -(-len(clubs) // CLUBS_PER_PAGE)
        page = min(max(page, 0), pages - 1)
        shown = clubs[page * CLUBS_PER_PAGE : (page + 1) * CLUBS_PER_PAGE]
        lines = [texts.clubs_header(len(clubs), page + 1, pages)]
        buttons = []
        for club in shown:
            chat = str(club.chat_id) if club.chat_id is not None else "—"
            state = texts.STATE_WORDS[club.state]
            lines.append(texts.club_line(club.id, quote(club.title), state, chat))
            action = {ClubState.SUSPENDED: ClubAction.RESUME, ClubState.ACTIVE: ClubAction.SUSPEND,
                      ClubState.LEFT: ClubAction.SUSPEND}.get(club.state)  # fmt: skip
            if action is not None:
                word = texts.RESUME if action is ClubAction.RESUME else texts.SUSPEND
                data = ClubCB(a=action, i=club.id, v=str(page))
                buttons.append([button(f"{word} №{club.id} {club.title[:30]}", data)])
        turns = [
            button(label, ClubCB(a=ClubAction.PAGE, i=to))
            for label, to in ((texts.EARLIER, page - 1), (texts.LATER, page + 1))
            if 0 <= to < pages
        ]
        rows = [*buttons, turns] if turns else buttons
        markup = InlineKeyboardMarkup(inline_keyboard=rows) if rows else None
        return Screen("\n".join(lines), markup)

    async def suspend(self, user_id: int, club_id: int, stop: bool, page: int = 0) -> Screen:
        self._operator(user_id)
        club = self.clubs.get(club_id)
        if club is None:
            raise Refusal(texts.ALREADY_DECIDED, RefusalKind.NOT_FOUND)
        state = ClubState.SUSPENDED if stop else ClubState.ACTIVE
        club = await self.clubs.set_state(club, state, user_id)
        note = texts.suspended_note if stop else texts.resumed_note
        shown = self.listing(user_id, page)
        return Screen(shown.text, shown.markup, toast=note(club.title))

    # -- which club a person speaks of -----------------------------------------------------------

    async def _clubs_of(self, user_id: int) -> list[Club]:
        mine = [self.clubs.get(club_id) for club_id in await self.members.clubs_of(user_id)]
        return [club for club in mine if club is not None and club.is_active]

    async def in_which_club(self, user_id: int, screen: Screen) -> Screen:
        """A person of several clubs reads in private which club a screen speaks of (his
        others named) and switches with «🏠 Клуб: …»; of one club, the screen as it is."""
        current = club_scope.maybe_club()
        if self.clubs.one_club or current is None or screen.text is None:
            return screen
        others = [club for club in await self._clubs_of(user_id) if club.id != current.id]
        if not others:
            return screen
        line = texts.speaking_of(quote(current.title), [quote(club.title) for club in others])
        rows = list(screen.markup.inline_keyboard) if screen.markup else []
        rows.append([button(texts.current_club(current.title[:40]), ClubCB(a=ClubAction.LIST))])
        markup = InlineKeyboardMarkup(inline_keyboard=rows)
        return replace(screen, text=f"{line}\n\n{screen.text}", markup=markup)

    async def when_no_club(self, user_id: int) -> Screen:
        """A club's command in private from a person the bot cannot place: of several clubs,
        which one he means (one tap, remembered); of none, how to find his."""
        if len(await self._clubs_of(user_id)) > 1:
            return await self.choices(user_id)
        return Screen(texts.NO_CLUB)

    async def choices(self, user_id: int) -> Screen:
        """/club in private: his clubs, the current one marked; a tap switches."""
        known = await self._clubs_of(user_id)
        if not known:
            return Screen(texts.NO_CLUBS_OF_PERSON)
        current = club_scope.maybe_club()
        buttons = [
            button(("• " if current and club.id == current.id else "") + club.title[:40],
                   ClubCB(a=ClubAction.CHOOSE, i=club.id))
            for club in known
        ]  # fmt: skip
        if current is None:
            return Screen(texts.CHOOSE_CLUB, column(buttons))
        return Screen(f"{texts.current_club(quote(current.title))}\n\n{texts.SWITCH_CLUB}",
                      column(buttons))  # fmt: skip

    async def choose(self, user_id: int, club_id: int) -> Screen:
        club = self.clubs.get(club_id)
        if club is None or club.state in (ClubState.PENDING, ClubState.REJECTED):
            raise Refusal(texts.ALREADY_DECIDED, RefusalKind.NOT_FOUND)
        await self.members.choose_club(user_id, club.id)
        return Screen(texts.chose(quote(club.title)), toast=texts.current_club(club.title))
