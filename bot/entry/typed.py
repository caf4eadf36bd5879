"""What a judge types into the editor: a paste of ten nicknames, a search for one, a table and
game number, an extra point; and texts too long for one message."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

from bot.club.games import Games
from bot.club.players import (
    NicknameError,
    PlayerDirectory,
    check_new_nickname,
    clean_nickname,
    nickname_key,
)
from bot.core.clock import Clock
from bot.core.parsing import InputError, extra_points, table_and_game
from bot.entry import steps
from bot.entry.draft import Draft, Step
from bot.entry.steps import EntryError
from bot.texts import entry as texts
from bot.vocabulary.protocol import SEATS
from bot.vocabulary.refusal import Refusal
from scoring import Ruleset

_SEAT_PREFIX = re.compile(r"^\s*(10|[1-9])(?:\s*[.):\-]\s*|\s+)(.*)$")
# Telegram splits a text longer than 4096 characters into several messages: the parts that follow
# a refused long one within this time are its continuation and are not read as nicknames.
_SPLIT_PARTS_WITHIN = timedelta(seconds=10)
_SPLIT_LENGTH = 4000
# A line that starts like a seat line, with any number: «11. Сова» names a seat there is not.
_NUMBERED = re.compile(r"^\s*(\d{1,3})(?:\s*[.):\-]\s*|\s+)\S")


class PartlyUsed(Refusal):
    """A paste of which some lines were used; ``message`` names the others."""


class TypedInput:
    def __init__(self, players: PlayerDirectory, games: Games, clock: Clock) -> None:
        self.players = players
        self.games = games
        self.clock = clock

    def continues_a_refused_text(self, draft: Draft) -> bool:
        """Telegram splits a text longer than 4096 characters into several messages: the parts
        that follow a refused long one are its continuation and are not read as nicknames."""
        if draft.split_until is None:
            return False
        return self.clock.now() < datetime.fromisoformat(draft.split_until)

    async def text(
        self, draft: Draft, text: str, ruleset: Ruleset, *, head_judge: bool = False
    ) -> None:
        """A typed text on the current step: nicknames, a table and game number, an extra."""
        draft.split_until = None
        if len(text) > texts.MAX_TEXT:
            if len(text) >= _SPLIT_LENGTH:
                until = self.clock.now() + _SPLIT_PARTS_WITHIN
                draft.split_until = until.isoformat(timespec="seconds")
            raise EntryError(texts.TOO_LONG)
        if draft.step is Step.PLAYERS:
            lines = [line for line in text.splitlines() if line.strip()]
            parts = [part.strip() for part in text.split(",")]
            if len(lines) == 1 and len(parts) > 1 and all(parts):
                lines = parts  # «Сова, Кот, Филин»: one nickname per comma, as if per line
            if len(lines) > 1:
                await self._paste(draft, lines)
            else:
                await self._search(draft, text)
        elif draft.step is Step.TABLE:
            try:
                table, number = table_and_game(text)
            except InputError as error:
                raise EntryError(error.message) from None
            await self.place(draft, table, number, head_judge=head_judge)
        elif draft.step is Step.SEAT:
            try:
                value = extra_points(text)
            except InputError as error:
                raise EntryError(error.message) from None
            steps.set_extra(draft, value, ruleset)
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
        if exact is not None:
            seat = draft.protocol.seat_of(exact.id)
            if seat is None or (draft.cursor is not None and draft.cursor != seat):
                steps.seat_player(draft, exact)  # seated elsewhere: the two change seats
                return
            draft.notice = texts.already_there(exact.nickname, seat)
            return
        draft.query = query

    async def _paste(self, draft: Draft, lines: list[str]) -> None:
        """Seat every usable line; name the ones that are not, and keep the judge's message."""
        problems: list[str] = []
        entries: list[tuple[int, int | None, str]] = []  # (line, seat number, the rest)
        for line, text in enumerate(lines, start=1):
            numbered = _NUMBERED.match(text)
            if numbered and not 1 <= int(numbered.group(1)) <= len(SEATS):
                problems.append(texts.line_problem(line, texts.no_such_seat(numbered.group(1))))
                continue
            entries.append((line, *_split_seat(text)))
        by_number = bool(entries) and all(number is not None for _, number, _ in entries)
        if by_number:  # «1. Сова / 1. Кот»: the second line for a seat is named, not guessed
            first_on: dict[int | None, int] = {}
            kept = []
            for line, number, raw in entries:
                if number in first_on:
                    problems.append(texts.seat_twice(line, number or 0, first_on[number]))
                    continue
                first_on[number] = line
                kept.append((line, number, raw))
            entries = kept
        elif len(entries) > len(SEATS):
            problems.append(texts.too_many_lines(len(entries)))
            entries = entries[: len(SEATS)]
        protocol = draft.protocol
        seen: dict[str, int] = {}
        unknown = [(s, n) for s, n in draft.unknown]
        seated = 0
        for place, (line, number, raw) in enumerate(entries, start=1):
            seat = number if by_number and number is not None else place
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
            raise PartlyUsed(texts.paste_problems(problems, seated))

    # -- buttons -------------------------------------------------------------------------------

    async def place(
        self, draft: Draft, table: int, number: int, *, head_judge: bool = False
    ) -> None:
        """The game's table and number, typed or tapped; a number another game has is refused.
        A protocol filled from the evening's seating stays at its table (``steps.keep_table``)."""
        steps.keep_table(draft, table, head_judge)
        if await self.games.number_taken(draft.tournament_id, table, number, draft.game_id):
            free = await self.games.next_number(draft.tournament_id, table)
            raise EntryError(texts.number_taken(table, number, free))
        draft.protocol = replace(draft.protocol, table=table, number=number)
        steps.leave(draft, draft.back_to or Step.PLAYERS)


def _split_seat(line: str) -> tuple[int | None, str]:
    """«1.Сова», «1) Сова», «1 Сова», «1<tab>Сова» → (1, «Сова»); no seat → (None, line)."""
    match = _SEAT_PREFIX.match(line)
    if match is None:
        return None, line
    return int(match.group(1)), match.group(2)
