"""What admins run: appointing staff and taking rights away, tournaments, stages and rulesets.

Every method takes what the command said and returns the ``Screen`` to show; refusals are
screens too (a clear Russian line), so the handlers only show."""

from __future__ import annotations

from dataclasses import replace

from aiogram import Bot
from aiogram.types import User

from bot.admin.screens import (
    archive_screen,
    card_screen,
    remove_screen,
    ruleset_choices,
    ruleset_screen,
    staff_screen,
    tournaments_screen,
)
from bot.callbacks import NEW_MESSAGE, AdminAction, AdminCB
from bot.club.members import KnownMember, MemberDirectory
from bot.club.tournaments import Tournament, TournamentError, Tournaments
from bot.core import club_scope
from bot.core.config import Settings
from bot.core.parsing import MAX_TELEGRAM_ID, InputError, user_reference
from bot.telegram.menus import publish_menu
from bot.telegram.screen import Screen
from bot.texts import admin as texts
from bot.texts import clubs as club_texts
from bot.texts import common
from bot.texts import entry as entry_texts
from bot.texts import tournaments as tournament_texts
from bot.texts.markup import quote
from bot.vocabulary.refusal import Refusal
from bot.vocabulary.rights import Member, Right
from scoring import RulesetError

APPOINT = {"judge": Right.JUDGE, "headjudge": Right.HEAD_JUDGE, "admin": Right.ADMIN}


class _Refused(Refusal):
    """A command that names someone the bot never saw, or needs a tournament there is not."""


class ClubAdmin:
    def __init__(
        self, settings: Settings, members: MemberDirectory, tournaments: Tournaments
    ) -> None:
        self.settings = settings
        self.members = members
        self.tournaments = tournaments

    # -- staff ---------------------------------------------------------------------------------

    async def _whom(self, args: str | None, replied: User | None) -> KnownMember | None:
        """The person a command names: ``@username`` or id as its argument, or the replied-to.

        None when the command names nobody; refused when it names someone the bot never saw."""
        if args and args.strip():
            reference = args.split()[0]
            try:
                parsed = user_reference(reference)
            except InputError as error:
                raise _Refused(error.message) from None
            found = await self.members.find(parsed)
            if found is None:
                raise _Refused(texts.never_wrote(reference))
            return found
        if replied is not None and not replied.is_bot:
            await self.members.resolve(replied)
            return await self.members.get(replied.id)
        return None

    async def appoint(
        self, bot: Bot, actor: Member, command: str, args: str | None, replied: User | None
    ) -> Screen:
        """/judge, /headjudge, /admin: the right given, the person told in private (through the
        outbox) and his command menu shown anew."""
        right = APPOINT[command]
        try:
            target = await self._whom(args, replied)
        except _Refused as refused:
            return Screen(refused.message)
        if target is None:
            return Screen(texts.whom_to_appoint(command))
        tell = texts.you_were_appointed(right) if target.user_id != actor.user_id else None
        tell = club_texts.from_club(tell, club_scope.named()) if tell else None
        added = await self.members.grant(target.user_id, right, actor.user_id, tell)
        reachable = await self._refresh_menu(bot, target.user_id)
        text = texts.appointed(target.label, right, added)
        if not reachable and tell is not None:  # the right holds; the notice cannot reach him
            text += "\n\n" + texts.cannot_tell(target.label)
        return Screen(text)

    async def unjudge(
        self, bot: Bot, actor: Member, args: str | None, replied: User | None
    ) -> Screen:
        """/unjudge: every appointed right taken away, the person told in private."""
        try:
            target = await self._whom(args, replied)
        except _Refused as refused:
            return Screen(refused.message)
        if target is None:
            return Screen(texts.WHOM_TO_REVOKE)
        tell = texts.your_rights_taken if target.user_id != actor.user_id else None
        taken = await self.members.revoke_all(target.user_id, tell)
        await self._refresh_menu(bot, target.user_id)
        lines = [texts.revoked(target.label, taken)]
        if self.settings.is_admin(target.user_id):
            lines.append(texts.STAYS_ADMIN)
        return Screen("\n".join(lines))

    async def _refresh_menu(self, bot: Bot, user_id: int) -> bool:
        """His menu shown anew; False when Telegram refuses: he has not opened the bot."""
        member = await self.members.member(user_id)
        if await publish_menu(bot, member):
            await self.members.menu_published(member)
            return True
        return False

    async def staff(self) -> Screen:
        return staff_screen(await self.members.staff())

    # -- tournaments ---------------------------------------------------------------------------

    async def new_tournament(self, actor: Member, title: str | None, request_key: str) -> Screen:
        """``request_key`` names the request: handled twice after a crash, created once."""
        try:
            tournament = await self.tournaments.create(
                title or "", self.settings.ruleset, actor.user_id, request_key
            )
        except (TournamentError, RulesetError) as error:
            return Screen(quote(error))
        text = tournament_texts.created(
            tournament.title, tournament.ruleset_ref, tournament_texts.FIRST_STAGE
        )
        return ruleset_screen(text, tournament.id, self.settings)

    async def tournament_list(self, edit: int | None = None) -> Screen:
        listed = await self.tournaments.listed()
        archived = len(await self.tournaments.all()) - len(listed)
        return replace(tournaments_screen(listed, archived), edit=edit)

    async def _card(self, tournament: Tournament, edit: int | None, done: str = "") -> Screen:
        stages = [stage.name for stage in await self.tournaments.stages(tournament.id)]
        games = await self.tournaments.game_count(tournament.id)
        screen = card_screen(tournament, stages, games)
        text = f"{done}\n\n{screen.text}" if done else screen.text
        return replace(screen, text=text, edit=edit, toast=texts.DONE if done else None)

    async def ask_rename(self, tournament_id: int) -> Screen | None:
        """What to ask for the new title; None when there is no such tournament."""
        tournament = await self.tournaments.get(tournament_id)
        if tournament is None:
            return None
        return Screen(tournament_texts.ask_new_title(tournament.title))

    async def rename(self, tournament_id: int, title: str) -> tuple[Screen, bool]:
        """The renamed tournament's card, and whether the dialog is over (a taken title is
        asked again; a tournament gone since is not)."""
        try:
            old, tournament = await self.tournaments.rename(tournament_id, title)
        except TournamentError as error:
            gone = await self.tournaments.get(tournament_id) is None
            return Screen(quote(error)), gone
        done = tournament_texts.renamed(old, tournament.title)
        return await self._card(tournament, None, done), True

    async def _current(self) -> Tournament:
        current = await self.tournaments.current()
        if current is None:
            raise _Refused(entry_texts.NO_TOURNAMENT)
        return current[0]

    async def new_stage(self, name: str | None) -> Screen:
        try:
            current = await self._current()
            stage = await self.tournaments.new_stage(current.id, name or "")
        except _Refused as refused:
            return Screen(refused.message)
        except TournamentError as error:
            return Screen(quote(error))
        return Screen(tournament_texts.stage_started(stage.name, current.title, stage.weight))

    async def ruleset(self) -> Screen:
        try:
            tournament = await self._current()
        except _Refused as refused:
            return Screen(refused.message)
        text = tournament_texts.ruleset_of(
            tournament.title, tournament.ruleset_ref, tournament.ruleset().title
        )
        return ruleset_screen(text, tournament.id, self.settings)

    async def tapped(self, data: AdminCB, message_id: int) -> Screen:
        """A tournament's button: the screen it leads to (edited in place) or, for the ruleset
        chosen after /newtournament, the line that says what was done."""
        if not 0 <= data.t < MAX_TELEGRAM_ID:
            return Screen(toast=common.STALE_BUTTON, alert=True)
        try:
            return await self._tapped(data, message_id)
        except (TournamentError, RulesetError) as error:
            return Screen(toast=str(error)[:200], alert=True)

    async def _tapped(self, data: AdminCB, message_id: int) -> Screen:
        if data.a is AdminAction.LIST:
            if data.v == "a":
                archived = [t for t in await self.tournaments.all() if t.archived]
                return replace(archive_screen(archived), edit=message_id)
            return await self.tournament_list(message_id)
        if data.a is AdminAction.RULESET:
            ref = ruleset_choices(self.settings).get(data.v)
            if ref is None:
                raise TournamentError(common.STALE_BUTTON)
            changed = await self.tournaments.set_ruleset(data.t, ref)
            text = tournament_texts.ruleset_set(changed.title, changed.ruleset_ref)
            return Screen(text, toast=texts.DONE)
        if data.a is AdminAction.REMOVE and data.v == "y":
            title = await self.tournaments.remove(data.t)
            listed = await self.tournament_list(message_id)
            text = f"{tournament_texts.removed(title)}\n\n{listed.text}"
            return replace(listed, text=text, toast=texts.DONE)
        tournament = await self.tournaments.get(data.t)
        if tournament is None:
            raise TournamentError(tournament_texts.NO_SUCH_TOURNAMENT)
        if data.a is AdminAction.MAKE_CURRENT:
            tournament = await self.tournaments.make_current(data.t)
            done = tournament_texts.now_current(tournament.title)
            if data.v == NEW_MESSAGE:  # under an import's report, which stays as it is
                return Screen(done, toast=texts.DONE)
            return await self._card(tournament, message_id, done)
        if data.a is AdminAction.ARCHIVE:
            tournament = await self.tournaments.archive(data.t)
            return await self._card(tournament, message_id,
                                    tournament_texts.archived(tournament.title))  # fmt: skip
        if data.a is AdminAction.UNARCHIVE:
            tournament = await self.tournaments.unarchive(data.t)
            return await self._card(tournament, message_id,
                                    tournament_texts.unarchived(tournament.title))  # fmt: skip
        if data.a is AdminAction.REMOVE:
            if await self.tournaments.game_count(data.t):
                raise TournamentError(tournament_texts.HAS_GAMES_NOT_REMOVED)
            return replace(remove_screen(tournament), edit=message_id)
        return await self._card(tournament, message_id)
