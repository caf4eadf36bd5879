"""The result-entry dialog: what each tap and each typed text does to a judge's draft.

The entry router's only collaborator; the router lets only judges in (its filter). Every method
takes what the update said and returns the ``Screen`` to show; the draft is stored before the
screen is returned, so whatever happens to the message, the database holds the truth. The steps
that need no data are ``bot.entry.steps``; typed texts are ``bot.entry.typed``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.callbacks import EntryAction, EntryCB, GameAction, GameCB
from bot.club.games import Games, SaveError, SaveProblem, Submission
from bot.club.players import Player, PlayerDirectory
from bot.club.tournaments import Tournaments
from bot.core import club_scope
from bot.core.clock import Clock
from bot.core.parsing import MAX_TABLE, small_number
from bot.entry import discipline, saving, screens, steps
from bot.entry.context import EditorReads
from bot.entry.draft import Draft, Drafts, Step
from bot.entry.player_taps import PlayerTaps
from bot.entry.seated import draft_from_seating
from bot.entry.steps import EntryError
from bot.entry.typed import PartlyUsed, TypedInput
from bot.tables import protests as protest_rows
from bot.telegram.screen import Screen
from bot.texts import entry as texts
from bot.texts import protests as protest_texts
from bot.vocabulary.protocol import Protocol
from bot.vocabulary.rights import Member
from bot.vocabulary.statuses import ProtestStatus
from scoring import Ruleset

_MAX_ID = 2**53
Action = Callable[[Draft, str, Member], Awaitable[None]]


class Editor:
    def __init__(
        self,
        drafts: Drafts,
        players: PlayerDirectory,
        games: Games,
        tournaments: Tournaments,
        clock: Clock,
        *,
        app_page: str | None = None,
    ) -> None:
        self.drafts = drafts
        self.players = players
        self.games = games
        self.tournaments = tournaments
        self.clock = clock
        self.typed = TypedInput(players, games, clock)
        self.reads = EditorReads(drafts.database, players, games, tournaments, clock, app_page)
        # The taps that read or write the club's data; every other tap is a step (steps.STEPS).
        seating = PlayerTaps(players)
        self._actions: dict[EntryAction, Action] = {
            EntryAction.PICK: seating.pick,
            EntryAction.NEW: seating.new_player,
            EntryAction.NEW_ALL: seating.new_players,
            EntryAction.SEAT_AS: seating.seat_as,
            EntryAction.NEW_ONE: seating.new_one,
            EntryAction.TABLE: self._choose_table,
        }

    # -- the judge's commands -------------------------------------------------------------------

    async def is_editing(self, judge_id: int) -> bool:
        return await self.drafts.of_judge(judge_id) is not None

    async def open(self, judge: Member) -> Screen:
        """/game: the judge's open draft (its old message turns into a note), or a new one."""
        draft = await self.drafts.of_judge(judge.user_id)
        if draft is not None:
            draft.notice = texts.CONTINUING
            return await self._show(draft, edit=None, moved_from=draft.message_id)
        current = await self.tournaments.current()
        if current is None:
            return Screen(texts.NO_TOURNAMENT)
        tournament, stage = current
        if tournament.closed:
            return Screen(texts.tournament_closed(tournament.title))
        seated = await draft_from_seating(
            self.drafts.database, self.games, judge.user_id, tournament.id, stage.id
        )
        if seated is not None:
            return await self._show(await self.drafts.open(seated), edit=None)
        last = await self.games.last_table_of(judge.user_id, tournament.id) or 1
        table, number = await self.games.open_place(tournament.id, last)
        draft = Draft(
            judge_id=judge.user_id,
            tournament_id=tournament.id,
            stage_id=stage.id,
            protocol=Protocol(table=table, number=number),
        )
        return await self._show(await self.drafts.open(draft), edit=None)

    async def correctable(self, judge: Member) -> Screen:
        """/games: the games this judge may still correct."""
        current = await self.tournaments.current()
        if current is None:
            return Screen(texts.NO_TOURNAMENT)
        judge_filter = None if judge.is_head_judge else judge.user_id
        recent = await self.games.recent(current[0].id, judge_filter)
        games = [(g.id, g.table, g.number) for g in recent if self.games.can_correct(judge, g)]
        if not games:
            return Screen(texts.NOTHING_TO_CORRECT)
        return Screen(texts.CORRECTABLE_GAMES, screens.correctable_keyboard(games))

    async def on_game_button(self, judge: Member, data: GameCB) -> Screen:
        if data.a is GameAction.NEXT_GAME:
            return await self.open(judge)
        game = await self.games.get(data.g) if 0 < data.g < _MAX_ID else None
        if game is None:
            return Screen(toast=texts.STALE_BUTTON)
        if not self.games.can_correct(judge, game):
            protested = self.games.awaits_head_judge(judge, game)
            return Screen(
                toast=texts.PROTEST_PENDING if protested else texts.CANNOT_CORRECT, alert=True
            )
        existing = await self.drafts.of_judge(judge.user_id)
        if existing is not None and existing.game_id != game.id:
            return Screen(toast=texts.FINISH_DRAFT_FIRST, alert=True)
        draft = Draft(
            judge_id=judge.user_id,
            tournament_id=game.tournament_id,
            stage_id=game.stage_id,
            protocol=game.protocol,
            game_id=game.id,
            ended_at=game.ended_at.isoformat(timespec="seconds"),
            step=Step.SUMMARY,
            reviewing=True,
            best_move_done=True,
        )
        moved = existing.message_id if existing is not None else None
        return await self._show(await self.drafts.open(draft), edit=None, moved_from=moved)

    async def change_for_protest(self, judge: Member, protest_id: int) -> Screen:
        """«Изменить результат» on a protest: its game opens for correction, and saving the
        correction decides the protest (``bot.club.decisions.decide_by_change``)."""
        async with self.drafts.database.transaction() as tx:
            protest = await protest_rows.get(tx, protest_id)
            if protest is None:
                return Screen(toast=protest_texts.NO_SUCH_PROTEST, alert=True)
            if protest.status is not ProtestStatus.PENDING:
                return Screen(toast=protest_texts.already_decided(protest.status), alert=True)
            await protest_rows.take_for_change(tx, protest_id, judge.user_id)
        return await self.on_game_button(judge, GameCB(a=GameAction.CORRECT, g=protest.game_id))

    async def from_the_app(
        self, draft: Draft, protocol: Protocol, notice: str, problem: SaveProblem | None = None
    ) -> tuple[Screen, str]:
        """A game run in the Mini App goes on in the chat: its protocol on the summary (or on
        the step a failed save points to), as a new message below (the old one turns into a
        note). Also what the judge is told."""
        draft.protocol = protocol
        draft.best_move_done = True
        draft.step, draft.back_to, draft.cursor, draft.asking = Step.SUMMARY, None, None, None
        draft.reviewing = True
        if problem is not None:
            notice = await saving.problem_said(self.games, self.tournaments, draft, problem)
        draft.notice = notice
        return await self._show(draft, edit=None, moved_from=draft.message_id), notice

    async def summary_text(self, draft: Draft, protocol: Protocol) -> str:
        """The summary the chat would show for this protocol (nothing stored)."""
        shown = replace(draft, protocol=protocol, step=Step.SUMMARY, notice=None)
        return screens.summary_body(shown, await self.reads.context(shown))

    async def seat_in_app(self, draft: Draft, seat: int, player: Player) -> None:
        """The app seats a player on the judge's draft (one seated elsewhere changes seats); the
        chat's screen of it is older now, and its next tap redraws it."""
        draft.cursor = seat
        steps.seat_player(draft, player)
        draft.rev += 1
        await self.drafts.save(draft)

    async def shown(self, draft_id: int, message_id: int) -> None:
        """The editor was sent as a new message: taps and texts now belong to that one."""
        await self.drafts.set_message(draft_id, message_id)

    # -- typed text ----------------------------------------------------------------------------

    async def on_text(self, judge: Member, text: str, message_id: int = 0) -> Screen:
        """A typed text; ``message_id``: its message, so that one handled already (a restart
        between its effect and the note that it was handled) is not applied a second time."""
        draft = await self.drafts.of_judge(judge.user_id)
        if draft is None:
            return Screen(texts.NO_OPEN_DRAFT)
        if message_id and message_id <= draft.typed_upto:
            return await self._show(draft, edit=draft.message_id)  # the screen as it is
        draft.typed_upto = max(draft.typed_upto, message_id)
        if self.typed.continues_a_refused_text(draft):
            return Screen(consumed=False)
        draft.notice = None
        consumed = True
        ruleset = await self._ruleset(draft)
        try:
            await self.typed.text(draft, text, ruleset, head_judge=judge.is_head_judge)
        except (EntryError, PartlyUsed) as error:
            draft.notice = error.message
            consumed = False
        steps.normalize(draft, ruleset)
        return await self._show(draft, edit=draft.message_id, consumed=consumed)

    # -- buttons -------------------------------------------------------------------------------

    async def on_button(self, judge: Member, data: EntryCB, message_id: int) -> Screen:
        draft = await self.drafts.of_judge(judge.user_id)
        if draft is None or draft.id != data.d:
            game_id = await self.games.by_submission(data.d) if data.d < _MAX_ID else None
            if game_id is None:
                return Screen(toast=texts.DRAFT_CLOSED)
            # Saved meanwhile (a double tap, or a crash after the save): show the saved game.
            return await self._saved_screen(game_id, message_id, texts.ALREADY_SAVED)
        if draft.message_id is not None and message_id != draft.message_id:
            return Screen(toast=texts.OLD_SCREEN)  # it was turned into a note when it moved
        if data.r != draft.rev:
            return await self._redraw(draft, message_id, texts.SCREEN_CHANGED)
        if data.a is EntryAction.CONFIRM:
            return await self._confirm(draft, judge, message_id)
        if data.a is EntryAction.DISCARD_YES:
            await self.drafts.discard(draft.id)
            text = texts.CORRECTION_CANCELLED if draft.is_correction else texts.DRAFT_CANCELLED
            return Screen(text, edit=message_id)
        draft.notice = None
        toast = None
        ruleset = await self._ruleset(draft)
        try:
            step = steps.STEPS.get(data.a) or discipline.STEPS.get(data.a)
            if step is not None:
                step(draft, data.v, ruleset, self.clock.now())
            else:
                await self._actions[data.a](draft, data.v, judge)
        except EntryError as error:
            draft.notice = toast = error.message
        steps.normalize(draft, ruleset)
        return await self._show(draft, edit=message_id, toast=toast)

    async def _choose_table(self, draft: Draft, value: str, judge: Member) -> None:
        table = small_number(value, 1, MAX_TABLE)
        if table is None:
            raise EntryError(texts.UNKNOWN_BUTTON)
        number = draft.protocol.number
        if not draft.is_correction:
            following = await self.games.next_number(draft.tournament_id, table)
            if following is None:
                raise EntryError(texts.table_full(table))
            number = following
        await self.typed.place(draft, table, number, head_judge=judge.is_head_judge)

    # -- saving --------------------------------------------------------------------------------

    async def submission(self, draft: Draft) -> Submission:
        """What Confirm saves (``bot.entry.saving``)."""
        return await saving.submission(self.games, draft)

    async def _confirm(self, draft: Draft, judge: Member, message_id: int) -> Screen:
        submission = await self.submission(draft)
        try:
            saved = await self.games.save(submission, judge)
        except SaveError as error:
            message = await saving.problem_said(self.games, self.tournaments, draft, error.problem)
            draft.notice = message
            return await self._show(draft, edit=message_id, toast=message, alert=True)
        if not saved.created:  # a simultaneous second tap: the first one shows the saved game
            return Screen(toast=texts.ALREADY_SAVED)
        if not saved.changed:
            keyboard = screens.after_game_keyboard(saved.game_id)
            return Screen(texts.NOTHING_CHANGED, keyboard, edit=message_id)
        return await self._saved_screen(saved.game_id, message_id, texts.SAVED_TOAST)

    async def _saved_screen(self, game_id: int, message_id: int, toast: str) -> Screen:
        """The saved game as the database holds it, in place of its editor."""
        game, score = await self.games.scored(game_id)
        audit = await self.games.audit(game_id)
        shown = Draft(
            judge_id=game.judge_id,
            tournament_id=game.tournament_id,
            stage_id=game.stage_id,
            protocol=game.protocol,
            game_id=game.id if len(audit) > 1 else None,  # corrected at least once
        )
        ctx = await self.reads.context(shown)
        ctx.score = score
        text, markup = screens.saved(shown, ctx, game_id, club_scope.club().chat_id is not None)
        return Screen(text, markup, edit=message_id, toast=toast)

    # -- rules of the dialog -------------------------------------------------------------------

    async def _ruleset(self, draft: Draft) -> Ruleset:
        tournament = await self.tournaments.get(draft.tournament_id)
        assert tournament is not None
        return tournament.ruleset()  # parsed once per ruleset, cached by the tournament service

    # -- showing -------------------------------------------------------------------------------

    async def _redraw(self, draft: Draft, message_id: int, toast: str) -> Screen:
        """The current screen again, at the same revision: a stale or repeated tap changes
        nothing, not even which buttons are current (a newer tap already sent stays valid)."""
        text, markup = screens.render(draft, await self.reads.context(draft))
        return Screen(text, markup, edit=message_id, draft_id=draft.id, toast=toast)

    async def _show(
        self,
        draft: Draft,
        *,
        edit: int | None,
        moved_from: int | None = None,
        toast: str | None = None,
        alert: bool = False,
        consumed: bool = True,
    ) -> Screen:
        """Store the draft, then render it: a new revision, so older buttons become stale."""
        draft.rev += 1
        text, markup = screens.render(draft, await self.reads.context(draft))
        draft.notice = None  # a notice is shown once
        await self.drafts.save(draft)
        return Screen(
            text,
            markup,
            edit=edit,
            draft_id=draft.id,
            moved_from=moved_from,
            toast=toast,
            alert=alert,
            consumed=consumed,
        )
