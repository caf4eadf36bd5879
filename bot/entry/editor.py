"""The result-entry dialog: what each tap and each typed text does to a judge's draft.

The entry router's only collaborator. Every method takes what the update said and returns the
``Screen`` to show; the draft is stored before the screen is returned, so whatever happens to the
message, the database holds the truth.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import EntryAction, EntryCB, GameAction, GameCB
from bot.club.games import Games, SaveError, SaveProblem, Submission
from bot.club.players import (
    NicknameError,
    Player,
    PlayerDirectory,
    SimilarPlayerError,
    check_new_nickname,
    clean_nickname,
    nickname_key,
)
from bot.club.protocol import SEATS, Protocol
from bot.club.tournaments import Tournaments
from bot.core.clock import Clock
from bot.core.parsing import MAX_TABLE, InputError, extra_points, small_number, table_and_game
from bot.core.rights import Member
from bot.entry import screens
from bot.entry.draft import ORDER, Draft, Drafts, Step
from bot.entry.screens import EditorContext
from bot.texts import entry as texts
from scoring import Ruleset, Winner, outcome_for

_SEAT_PREFIX = re.compile(r"^\s*(10|[1-9])(?:\s*[.):\-]\s*|\s+)(.*)$")
_MAX_ID = 2**53
_NEEDS_ROLES_AND_WINNER = {Step.EXTRAS, Step.SEAT}
# Telegram splits a text longer than 4096 characters into several messages: the parts that follow
# a refused long one within this time are its continuation and are not read as nicknames.
_SPLIT_PARTS_WITHIN = timedelta(seconds=10)
_SPLIT_LENGTH = 4000


class EntryError(Exception):
    """Something the judge asked for that cannot be done; ``message`` is Russian."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class Screen:
    """What to show the judge after an update."""

    text: str | None = None  # None: nothing to show but the toast
    markup: InlineKeyboardMarkup | None = None
    edit: int | None = None  # the message to edit; None: send a new one
    draft_id: int | None = None  # a live editor: remember which message shows it
    moved_from: int | None = None  # an older editor message to turn into a "moved below" note
    toast: str | None = None
    alert: bool = False
    consumed: bool = True  # the judge's typed message was used and may be deleted


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
        window_minutes: int,
        announces: bool,
        on_saved: Callable[[], None],
    ) -> None:
        self.drafts = drafts
        self.players = players
        self.games = games
        self.tournaments = tournaments
        self.clock = clock
        self.window_minutes = window_minutes
        self.announces = announces
        self.on_saved = on_saved
        self._actions: dict[EntryAction, Action] = {
            EntryAction.SEAT: self._choose_seat,
            EntryAction.PICK: self._pick,
            EntryAction.NEW: self._new_player,
            EntryAction.NEW_ALL: self._new_players,
            EntryAction.GOTO: self._goto,
            EntryAction.NEXT: self._next,
            EntryAction.BACK: self._back,
            EntryAction.TABLE: self._choose_table,
            EntryAction.ROLE: self._role,
            EntryAction.ROLES_AGAIN: self._roles_again,
            EntryAction.WINNER: self._winner,
            EntryAction.KILLED: self._killed,
            EntryAction.BEST_MOVE: self._best_move,
            EntryAction.SEAT_EXTRAS: self._seat_extras,
            EntryAction.EXTRA: self._extra_button,
            EntryAction.PENALTY: self._penalty,
            EntryAction.DISCARD: self._ask_discard,
        }

    # -- the judge's commands -------------------------------------------------------------------

    async def is_editing(self, judge_id: int) -> bool:
        return await self.drafts.of_judge(judge_id) is not None

    async def open(self, judge: Member) -> Screen:
        """/game: the judge's open draft (its old message turns into a note), or a new one."""
        if not judge.is_judge:
            return Screen(texts.NOT_A_JUDGE)
        draft = await self.drafts.of_judge(judge.user_id)
        if draft is not None:
            draft.notice = texts.CONTINUING
            return await self._show(draft, edit=None, moved_from=draft.message_id)
        current = await self.tournaments.current()
        if current is None:
            return Screen(texts.NO_TOURNAMENT)
        tournament, stage = current
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
        if not judge.is_judge:
            return Screen(texts.NOT_A_JUDGE)
        current = await self.tournaments.current()
        if current is None:
            return Screen(texts.NO_TOURNAMENT)
        judge_filter = None if judge.is_head_judge else judge.user_id
        recent = await self.games.recent(current[0].id, judge_filter)
        games = [
            (g.id, g.table, g.number)
            for g in recent
            if self.games.can_correct(judge, g, self.window_minutes)
        ]
        if not games:
            return Screen(texts.NOTHING_TO_CORRECT)
        return Screen(texts.CORRECTABLE_GAMES, screens.correctable_keyboard(games))

    async def on_game_button(self, judge: Member, data: GameCB) -> Screen:
        if not judge.is_judge:
            return Screen(toast=texts.NOT_A_JUDGE, alert=True)
        if data.a is GameAction.NEXT_GAME:
            return await self.open(judge)
        game = await self.games.get(data.g) if 0 < data.g < _MAX_ID else None
        if game is None:
            return Screen(toast=texts.STALE_BUTTON)
        if not self.games.can_correct(judge, game, self.window_minutes):
            return Screen(toast=texts.CANNOT_CORRECT, alert=True)
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

    async def shown(self, draft_id: int, message_id: int) -> None:
        """The editor was sent as a new message: taps and texts now belong to that one."""
        await self.drafts.set_message(draft_id, message_id)

    # -- typed text ----------------------------------------------------------------------------

    async def on_text(self, judge: Member, text: str) -> Screen:
        draft = await self.drafts.of_judge(judge.user_id)
        if draft is None or not judge.is_judge:
            return Screen(texts.NO_OPEN_DRAFT)
        if self._continues_a_refused_text(draft):
            return Screen(consumed=False)
        draft.notice = None
        consumed = True
        try:
            await self._typed(draft, text)
        except EntryError as error:
            draft.notice = error.message
            consumed = False
        except _PartlyUsed as partly:
            draft.notice = partly.message
            consumed = False
        self._normalize(draft, await self._ruleset(draft))
        return await self._show(draft, edit=draft.message_id, consumed=consumed)

    def _continues_a_refused_text(self, draft: Draft) -> bool:
        if draft.split_until is None:
            return False
        return self.clock.now() < datetime.fromisoformat(draft.split_until)

    async def _typed(self, draft: Draft, text: str) -> None:
        draft.split_until = None
        if len(text) > texts.MAX_TEXT:
            if len(text) >= _SPLIT_LENGTH:
                until = self.clock.now() + _SPLIT_PARTS_WITHIN
                draft.split_until = until.isoformat(timespec="seconds")
            raise EntryError(texts.TOO_LONG)
        if draft.step is Step.PLAYERS:
            lines = [line for line in text.splitlines() if line.strip()]
            if len(lines) > 1:
                await self._paste(draft, lines)
            else:
                await self._search(draft, text)
        elif draft.step is Step.TABLE:
            try:
                table, number = table_and_game(text)
            except InputError as error:
                raise EntryError(error.message) from None
            await self._set_table(draft, table, number)
        elif draft.step is Step.SEAT:
            try:
                value = extra_points(text)
            except InputError as error:
                raise EntryError(error.message) from None
            self._set_extra(draft, value, await self._ruleset(draft))
        else:
            raise EntryError(texts.PRESS_A_BUTTON)

    async def _search(self, draft: Draft, text: str) -> None:
        match = _SEAT_PREFIX.match(text)
        if match and match.group(2).strip():
            draft.cursor = int(match.group(1))
            text = match.group(2)
        try:
            query = clean_nickname(text)
            check_new_nickname(query)  # «7)» alone is a seat, not a nickname
        except NicknameError as error:
            raise EntryError(str(error)) from None
        exact = await self.players.by_nickname(query)
        if exact is not None and exact.id not in draft.protocol.players:
            self._seat_player(draft, exact)
            return
        draft.query = query
        if exact is not None:
            seat = draft.protocol.seat_of(exact.id)
            assert seat is not None
            draft.notice = texts.already_seated(exact.nickname, seat)

    async def _paste(self, draft: Draft, lines: list[str]) -> None:
        """Seat every usable line; name the ones that are not, and keep the judge's message."""
        problems: list[str] = []
        entries = [_split_seat(line) for line in lines]
        numbers = [number for number, _ in entries]
        by_number = None not in numbers and len(set(numbers)) == len(numbers)
        if not by_number and len(entries) > len(SEATS):
            problems.append(texts.too_many_lines(len(entries)))
            entries = entries[: len(SEATS)]
        protocol = draft.protocol
        seen: dict[str, int] = {}
        unknown = [(s, n) for s, n in draft.unknown]
        seated = 0
        for line, (number, raw) in enumerate(entries, start=1):
            seat = number if by_number and number is not None else line
            try:
                nickname = clean_nickname(raw)
            except NicknameError as error:
                problems.append(texts.line_problem(line, str(error)))
                continue
            key = nickname_key(nickname)
            if key in seen:
                problems.append(texts.duplicate_line(nickname, seen[key], line))
                continue
            seen[key] = line
            unknown = [(s, n) for s, n in unknown if s != seat]
            player = await self.players.by_nickname(nickname)
            if player is None:
                try:
                    check_new_nickname(nickname)
                except NicknameError as error:
                    problems.append(texts.line_problem(line, str(error)))
                    continue
                unknown.append((seat, nickname))
                protocol = protocol.seat_player(seat, None)
                continue
            other = protocol.seat_of(player.id)
            if other is not None and other != seat:
                protocol = protocol.seat_player(other, None)
            protocol = protocol.seat_player(seat, player.id)
            seated += 1
        draft.protocol = protocol
        draft.unknown = sorted(unknown)
        draft.cursor = None
        draft.query = None
        if problems:
            raise _PartlyUsed(texts.paste_problems(problems, seated))

    # -- buttons -------------------------------------------------------------------------------

    async def on_button(self, judge: Member, data: EntryCB, message_id: int) -> Screen:
        if not judge.is_judge:
            return Screen(toast=texts.NOT_A_JUDGE, alert=True)
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
        try:
            await self._actions[data.a](draft, data.v, judge)
        except EntryError as error:
            draft.notice = toast = error.message
        self._normalize(draft, await self._ruleset(draft))
        return await self._show(draft, edit=message_id, toast=toast)

    async def _choose_seat(self, draft: Draft, value: str, judge: Member) -> None:
        draft.step = Step.PLAYERS
        draft.cursor = _seat(value)
        draft.query = None

    async def _pick(self, draft: Draft, value: str, judge: Member) -> None:
        player_id = small_number(value, 1, _MAX_ID)
        player = await self.players.get(player_id) if player_id else None
        if player is None:
            raise EntryError(texts.NO_SUCH_PLAYER)
        self._seat_player(draft, player)

    async def _new_player(self, draft: Draft, value: str, judge: Member) -> None:
        if not draft.query:
            raise EntryError(texts.TYPE_NEW_NICKNAME)
        try:
            player = await self.players.create(draft.query, judge.user_id)
        except SimilarPlayerError as error:
            draft.query = error.existing.nickname  # offered instead, as a suggestion
            raise EntryError(str(error)) from None
        except NicknameError as error:
            raise EntryError(str(error)) from None
        self._seat_player(draft, player)

    async def _new_players(self, draft: Draft, value: str, judge: Member) -> None:
        for seat, nickname in draft.unknown:
            try:
                player = await self.players.create_or_get(nickname, judge.user_id)
            except NicknameError as error:
                raise EntryError(str(error)) from None
            other = draft.protocol.seat_of(player.id)
            if other is not None and other != seat:
                raise EntryError(texts.already_seated(player.nickname, other))
            draft.protocol = draft.protocol.seat_player(seat, player.id)
        draft.unknown = []

    def _seat_player(self, draft: Draft, player: Player) -> None:
        protocol = draft.protocol
        seat = draft.cursor or draft.next_open_seat()
        if seat is None:
            raise EntryError(texts.ALL_SEATS_TAKEN)
        other = protocol.seat_of(player.id)
        if other is not None and other != seat:
            raise EntryError(texts.already_seated(player.nickname, other))
        draft.protocol = protocol.seat_player(seat, player.id)
        draft.unknown = [(s, n) for s, n in draft.unknown if s != seat]
        draft.query = None
        draft.cursor = draft.next_open_seat()

    async def _goto(self, draft: Draft, value: str, judge: Member) -> None:
        try:
            step = Step(value)
        except ValueError:
            raise EntryError(texts.UNKNOWN_BUTTON) from None
        if step in (Step.SEAT, Step.DISCARD):
            raise EntryError(texts.UNKNOWN_BUTTON)
        if step in _NEEDS_ROLES_AND_WINNER and not self._open(draft, step):
            raise EntryError(texts.ROLES_AND_WINNER_FIRST)
        if step is Step.BEST_MOVE and not self._open(draft, step):
            step = Step.NIGHT
        if step is Step.TABLE:
            draft.back_to = Step.SUMMARY if draft.step in (Step.SUMMARY, Step.EDIT) else draft.step
        self._leave(draft, step)
        if step is Step.SUMMARY:
            draft.reviewing = True

    async def _next(self, draft: Draft, value: str, judge: Member) -> None:
        protocol = draft.protocol
        if draft.step is Step.PLAYERS and not protocol.players_complete:
            raise EntryError(texts.FILL_ALL_SEATS)
        if draft.step is Step.ROLES and not protocol.roles_complete:
            raise EntryError(texts.MARK_ROLES)
        if draft.step is Step.WINNER and not protocol.winner:
            raise EntryError(texts.PRESS_WINNER)
        if draft.step is Step.NIGHT and not protocol.night_done:
            raise EntryError(texts.PRESS_KILLED)
        if draft.step is Step.BEST_MOVE and len(protocol.best_move) not in (0, 3):
            raise EntryError(texts.BEST_MOVE_THREE)
        self._advance(draft)

    async def _back(self, draft: Draft, value: str, judge: Member) -> None:
        if draft.step in (Step.TABLE, Step.DISCARD):
            self._leave(draft, draft.back_to or Step.PLAYERS)  # where the judge came from
            return
        if draft.step is Step.SEAT:
            self._leave(draft, Step.EXTRAS)
        elif draft.step is Step.EDIT:
            self._leave(draft, Step.SUMMARY)
        elif draft.step in ORDER and draft.step is not Step.PLAYERS:
            earlier = [s for s in ORDER[: ORDER.index(draft.step)] if self._open(draft, s)]
            self._leave(draft, earlier[-1])
        draft.cursor = None

    def _leave(self, draft: Draft, step: Step) -> None:
        """Move to ``step``, clearing what only the screen being left needed."""
        if draft.step is Step.PLAYERS and step is not Step.PLAYERS:
            draft.query = None
            draft.cursor = None
        if step not in (Step.TABLE, Step.DISCARD):
            draft.back_to = None
        draft.step = step

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
        await self._set_table(draft, table, number)

    async def _set_table(self, draft: Draft, table: int, number: int) -> None:
        if await self.games.number_taken(draft.tournament_id, table, number, draft.game_id):
            free = await self.games.next_number(draft.tournament_id, table)
            raise EntryError(texts.number_taken(table, number, free))
        draft.protocol = replace(draft.protocol, table=table, number=number)
        self._leave(draft, draft.back_to or Step.PLAYERS)

    async def _role(self, draft: Draft, value: str, judge: Member) -> None:
        seat = _seat(value)
        draft.step = Step.ROLES
        protocol = draft.protocol
        if seat in (protocol.sheriff, protocol.don) or seat in protocol.mafia:
            if protocol.roles_complete:
                raise EntryError(texts.ROLES_ALREADY)
            draft.protocol = replace(
                protocol,
                sheriff=None if protocol.sheriff == seat else protocol.sheriff,
                don=None if protocol.don == seat else protocol.don,
                mafia=tuple(s for s in protocol.mafia if s != seat),
            )
            return
        if protocol.sheriff is None:
            draft.protocol = replace(protocol, sheriff=seat)
        elif protocol.don is None:
            draft.protocol = replace(protocol, don=seat)
        elif len(protocol.mafia) < 2:
            draft.protocol = replace(protocol, mafia=(*protocol.mafia, seat))
        else:
            raise EntryError(texts.ROLES_ALREADY)
        if draft.protocol.roles_complete:
            self._advance(draft)

    async def _roles_again(self, draft: Draft, value: str, judge: Member) -> None:
        draft.protocol = replace(draft.protocol, sheriff=None, don=None, mafia=())
        draft.step = Step.ROLES

    async def _winner(self, draft: Draft, value: str, judge: Member) -> None:
        try:
            winner = Winner(value)
        except ValueError:
            raise EntryError(texts.UNKNOWN_RESULT) from None
        draft.protocol = replace(draft.protocol, winner=winner)
        if draft.ended_at is None:
            draft.ended_at = self.clock.iso()
        draft.step = Step.WINNER
        self._advance(draft)

    async def _killed(self, draft: Draft, value: str, judge: Member) -> None:
        if value == "0":
            draft.protocol = replace(
                draft.protocol, first_killed=None, best_move=(), night_done=True
            )
        else:
            seat = _seat(value)
            best_move = tuple(s for s in draft.protocol.best_move if s != seat)
            draft.protocol = replace(
                draft.protocol, first_killed=seat, best_move=best_move, night_done=True
            )
        draft.best_move_done = not draft.protocol.best_move_applies
        draft.step = Step.NIGHT
        self._advance(draft)

    async def _best_move(self, draft: Draft, value: str, judge: Member) -> None:
        protocol = draft.protocol
        if not protocol.best_move_applies:
            raise EntryError(texts.BEST_MOVE_RED_ONLY)
        draft.step = Step.BEST_MOVE
        if value == "0":
            draft.protocol = replace(protocol, best_move=())
            draft.best_move_done = True
            self._advance(draft)
            return
        seat = _seat(value)
        if seat == protocol.first_killed:
            raise EntryError(texts.BEST_MOVE_OWN_SEAT)
        chosen = list(protocol.best_move)
        if seat in chosen:
            chosen.remove(seat)
        elif len(chosen) < 3:
            chosen.append(seat)
        else:
            raise EntryError(texts.BEST_MOVE_FULL)
        draft.protocol = replace(protocol, best_move=tuple(chosen))
        draft.best_move_done = len(chosen) == 3
        if draft.best_move_done:
            self._advance(draft)

    async def _seat_extras(self, draft: Draft, value: str, judge: Member) -> None:
        if not draft.protocol.roles_complete or not draft.protocol.winner:
            raise EntryError(texts.ROLES_AND_WINNER_FIRST)
        draft.cursor = _seat(value)
        draft.step = Step.SEAT

    async def _extra_button(self, draft: Draft, value: str, judge: Member) -> None:
        try:
            amount = extra_points(value)  # the parser of typed extras: a button is no different
        except InputError:
            raise EntryError(texts.UNKNOWN_VALUE) from None
        self._set_extra(draft, amount, await self._ruleset(draft))

    def _set_extra(self, draft: Draft, value: Decimal, ruleset: Ruleset) -> None:
        if draft.step is not Step.SEAT or draft.cursor is None:
            raise EntryError(texts.SEAT_FIRST)
        if draft.protocol.winner is Winner.DRAW and not ruleset.extra_in_draw:
            raise EntryError(texts.EXTRA_IN_DRAW)
        if not ruleset.is_valid_extra(value):
            raise EntryError(
                texts.extra_range(ruleset.extra_min, ruleset.extra_max, ruleset.extra_step)
            )
        draft.protocol = draft.protocol.with_extra(draft.cursor, value)

    async def _penalty(self, draft: Draft, value: str, judge: Member) -> None:
        ruleset = await self._ruleset(draft)
        seat = draft.cursor
        protocol = draft.protocol
        if draft.step is not Step.SEAT or seat is None:
            raise EntryError(texts.SEAT_FIRST)
        role = protocol.role(seat)
        assert role is not None and protocol.winner is not None
        item = ruleset.penalty(value)
        if item is None or not item.applies_to(role, outcome_for(role, protocol.winner)):
            raise EntryError(texts.PENALTY_DOES_NOT_FIT)
        chosen = list(protocol.seat_penalties(seat))
        if value in chosen:
            chosen.remove(value)
        else:
            chosen.append(value)
        draft.protocol = protocol.with_penalties(seat, tuple(chosen))

    async def _ask_discard(self, draft: Draft, value: str, judge: Member) -> None:
        if draft.step is not Step.DISCARD:
            draft.back_to = draft.step if draft.step is not Step.TABLE else draft.back_to
            draft.step = Step.DISCARD

    # -- saving --------------------------------------------------------------------------------

    async def _confirm(self, draft: Draft, judge: Member, message_id: int) -> Screen:
        submission = Submission(
            draft_id=draft.id,
            tournament_id=draft.tournament_id,
            stage_id=draft.stage_id,
            protocol=draft.protocol,
            ended_at=draft.ended_at,
            game_id=draft.game_id,
        )
        try:
            saved = await self.games.save(submission, judge, self.window_minutes)
        except SaveError as error:
            message = await self._save_problem(draft, error.problem)
            draft.notice = message
            return await self._show(draft, edit=message_id, toast=message, alert=True)
        if not saved.created:  # a simultaneous second tap: the first one shows the saved game
            return Screen(toast=texts.ALREADY_SAVED)
        if not saved.changed:
            keyboard = screens.after_game_keyboard(saved.game_id)
            return Screen(texts.NOTHING_CHANGED, keyboard, edit=message_id)
        self.on_saved()
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
        ctx = await self._context(shown)
        ctx.score = score
        text, markup = screens.saved(shown, ctx, game_id, self.announces)
        return Screen(text, markup, edit=message_id, toast=toast)

    async def _save_problem(self, draft: Draft, problem: SaveProblem) -> str:
        if problem is SaveProblem.NUMBER_TAKEN:
            table, number = draft.protocol.table, draft.protocol.number
            free = await self.games.next_number(draft.tournament_id, table)
            draft.back_to, draft.step = Step.SUMMARY, Step.TABLE
            return texts.number_taken(table, number, free)
        if problem is SaveProblem.TOO_LATE:
            return texts.TOO_LATE
        if problem is SaveProblem.CLOSED:
            return texts.DRAFT_CLOSED
        draft.step = Step.SUMMARY
        return texts.INCOMPLETE

    # -- rules of the dialog -------------------------------------------------------------------

    def _open(self, draft: Draft, step: Step) -> bool:
        """Whether a step can be shown now: some depend on answers given before."""
        if step is Step.BEST_MOVE:
            return draft.protocol.best_move_applies
        if step in _NEEDS_ROLES_AND_WINNER:
            return draft.protocol.roles_complete and draft.protocol.winner is not None
        return True

    def _advance(self, draft: Draft) -> None:
        """To the next step; once the judge has seen the summary, back to it when complete."""
        start = ORDER.index(draft.step) + 1 if draft.step in ORDER else 0
        following = [step for step in ORDER[start:] if self._open(draft, step)]
        step = following[0] if following else Step.SUMMARY
        asks_best_move = step is Step.BEST_MOVE and not draft.best_move_done
        if draft.reviewing and not draft.protocol.missing() and not asks_best_move:
            step = Step.SUMMARY
        self._leave(draft, step)
        draft.cursor = None
        if step is Step.SUMMARY:
            draft.reviewing = True

    def _normalize(self, draft: Draft, ruleset: Ruleset) -> None:
        """Drop what a change of roles or result made impossible, and say so."""
        protocol = draft.protocol
        dropped = []
        no_extras = protocol.winner is Winner.DRAW and not ruleset.extra_in_draw
        if no_extras and any(protocol.extras):
            protocol = replace(protocol, extras=(Decimal(0),) * 10)
            dropped.append(texts.DROPPED_EXTRAS)
        if protocol.winner and protocol.roles_complete:
            for seat in SEATS:
                role = protocol.role(seat)
                assert role is not None
                outcome = outcome_for(role, protocol.winner)
                codes = protocol.seat_penalties(seat)
                fitting = tuple(
                    c for c in codes if (i := ruleset.penalty(c)) and i.applies_to(role, outcome)
                )
                if fitting != codes:
                    dropped.append(texts.dropped_penalties(seat))
                    protocol = protocol.with_penalties(seat, fitting)
        if protocol.best_move and not protocol.best_move_applies:
            protocol = replace(protocol, best_move=())
            dropped.append(texts.DROPPED_BEST_MOVE)
        draft.protocol = protocol
        if dropped and not draft.notice:
            draft.notice = texts.dropped(dropped)

    async def _ruleset(self, draft: Draft) -> Ruleset:
        tournament = await self.tournaments.get(draft.tournament_id)
        assert tournament is not None
        return tournament.ruleset()  # parsed once per ruleset, cached by the tournament service

    # -- showing -------------------------------------------------------------------------------

    async def _context(self, draft: Draft) -> EditorContext:
        tournament = await self.tournaments.get(draft.tournament_id)
        stage = await self.tournaments.stage(draft.stage_id)
        assert tournament is not None and stage is not None
        protocol = draft.protocol
        ids = [p for p in protocol.players if p is not None]
        ctx = EditorContext(
            tournament=tournament.title,
            stage=stage.name,
            ruleset=tournament.ruleset(),
            players=await self.players.many(ids),
        )
        if draft.step is Step.PLAYERS and draft.query:
            found = await self.players.search(draft.query)
            ctx.suggestions = [p for p in found if p.id not in ids]
        if draft.step is Step.SUMMARY and not protocol.missing():
            ctx.score, ctx.problems = await self.games.score(
                protocol, draft.stage_id, ctx.ruleset, tournament.seed, draft.game_id
            )
        return ctx

    async def _redraw(self, draft: Draft, message_id: int, toast: str) -> Screen:
        """The current screen again, at the same revision: a stale or repeated tap changes
        nothing, not even which buttons are current (a newer tap already sent stays valid)."""
        text, markup = screens.render(draft, await self._context(draft))
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
        text, markup = screens.render(draft, await self._context(draft))
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


class _PartlyUsed(Exception):
    """A paste of which some lines were used; ``message`` names the others."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _split_seat(line: str) -> tuple[int | None, str]:
    """«1.Сова», «1) Сова», «1 Сова», «1<tab>Сова» → (1, «Сова»); no seat → (None, line)."""
    match = _SEAT_PREFIX.match(line)
    if match is None:
        return None, line
    return int(match.group(1)), match.group(2)


def _seat(value: str) -> int:
    seat = small_number(value, 1, 10)
    if seat is None:
        raise EntryError(texts.NO_SUCH_SEAT)
    return seat
