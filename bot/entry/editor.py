"""The result-entry dialog: what each tap and each typed text does to a judge's draft.

Handlers only parse the update and render; every rule of the dialog lives here.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from bot.club.games import Games
from bot.club.players import NicknameError, Player, PlayerDirectory, clean_nickname
from bot.club.tournaments import Tournaments
from bot.core.clock import Clock
from bot.core.rights import Member
from bot.entry.drafts import SEATS, Draft, Drafts
from bot.views.entry import STEPS, EditorContext
from scoring import Ruleset, Team, Winner, outcome_for

MAX_TEXT = 1000  # longer input is refused before any parsing
_SEAT_PREFIX = re.compile(r"^\s*(\d{1,2})\s*[.):-]?\s+(.+)$")
_NEEDS_ROLES_AND_WINNER = {"extras", "seat"}


class EntryError(Exception):
    """Something the judge asked for that cannot be done; ``message`` is Russian."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Editor:
    def __init__(
        self,
        drafts: Drafts,
        players: PlayerDirectory,
        games: Games,
        tournaments: Tournaments,
        clock: Clock,
    ) -> None:
        self.drafts = drafts
        self.players = players
        self.games = games
        self.tournaments = tournaments
        self.clock = clock

    # -- opening -------------------------------------------------------------------------------

    async def new_draft(self, judge: Member) -> Draft:
        current = await self.tournaments.current()
        if current is None:
            raise EntryError(
                "Нет текущего турнира. Администратор создаёт его командой /newtournament."
            )
        tournament, stage = current
        table = await self.games.last_table_of(judge.user_id, tournament.id) or 1
        draft = Draft(
            judge_id=judge.user_id,
            tournament_id=tournament.id,
            stage_id=stage.id,
            table=table,
            number=await self.games.next_number(tournament.id, table),
        )
        return await self.drafts.open(draft)

    async def correction_draft(self, judge: Member, game_id: int) -> Draft:
        game = await self.games.get(game_id)
        if game is None:
            raise EntryError("Такой игры нет.")
        draft = game.draft
        draft.judge_id = judge.user_id
        return await self.drafts.open(draft)

    # -- what the editor shows -----------------------------------------------------------------

    async def context(self, draft: Draft) -> EditorContext:
        tournament = await self.tournaments.get(draft.tournament_id)
        stage = await self.tournaments.stage(draft.stage_id)
        assert tournament is not None and stage is not None
        ids = [p for p in draft.players if p is not None]
        ctx = EditorContext(
            tournament=tournament.title,
            stage=stage.name,
            ruleset=tournament.ruleset(),
            players=await self.players.many(ids),
        )
        if draft.step == "players" and draft.query:
            ctx.suggestions = [p for p in await self.players.search(draft.query) if p.id not in ids]
        if draft.step == "summary" and not draft.missing():
            ctx.score, ctx.problems, _ = await self.games.score(draft)
        return ctx

    # -- typed text ----------------------------------------------------------------------------

    async def on_text(self, draft: Draft, text: str, judge: Member) -> None:
        draft.notice = None
        if len(text) > MAX_TEXT:
            raise EntryError(f"Слишком длинное сообщение (больше {MAX_TEXT} символов).")
        if draft.step == "players":
            lines = [line for line in text.splitlines() if line.strip()]
            if len(lines) > 1:
                await self._paste_players(draft, lines)
            else:
                await self._search(draft, text)
        elif draft.step == "table":
            await self._typed_table(draft, text)
        elif draft.step == "seat":
            self._typed_extra(draft, text, await self._ruleset(draft))
        else:
            raise EntryError("Сейчас нужно нажать кнопку в сообщении с протоколом.")

    async def _search(self, draft: Draft, text: str) -> None:
        try:
            query = clean_nickname(text)
        except NicknameError as error:
            raise EntryError(str(error)) from None
        exact = await self.players.by_nickname(query)
        if exact is not None and exact.id not in draft.players:
            self._seat_player(draft, exact)
            return
        draft.query = query
        if exact is not None:
            seat = draft.players.index(exact.id) + 1
            draft.notice = f"«{exact.nickname}» уже на месте {seat}."

    async def _paste_players(self, draft: Draft, lines: list[str]) -> None:
        if len(lines) != 10:
            raise EntryError(
                f"Нужно 10 строк — по нику на каждое место, по порядку; получено {len(lines)}."
            )
        nicknames = []
        for seat, line in enumerate(lines, start=1):
            match = _SEAT_PREFIX.match(line)
            if match and int(match.group(1)) == seat:
                line = match.group(2)
            try:
                nicknames.append(clean_nickname(line))
            except NicknameError as error:
                raise EntryError(f"Строка {seat}: {error}") from None
        keys = [name.casefold() for name in nicknames]
        for seat, key in enumerate(keys, start=1):
            if key in keys[: seat - 1]:
                first = keys.index(key) + 1
                raise EntryError(f"«{nicknames[seat - 1]}» указан дважды: места {first} и {seat}.")
        draft.players = [None] * 10
        draft.unknown = []
        for seat, nickname in enumerate(nicknames, start=1):
            player = await self.players.by_nickname(nickname)
            if player is None:
                draft.unknown.append((seat, nickname))
            else:
                draft.players[seat - 1] = player.id
        draft.cursor = None
        draft.query = None

    async def _typed_table(self, draft: Draft, text: str) -> None:
        numbers = text.replace(",", " ").split()
        if len(numbers) != 2 or not all(n.isdigit() for n in numbers):
            raise EntryError("Напишите два числа: номер стола и номер игры, например «2 5».")
        table, number = int(numbers[0]), int(numbers[1])
        if not 1 <= table <= 99 or not 1 <= number <= 9999:
            raise EntryError("Стол — от 1 до 99, игра — от 1 до 9999.")
        draft.table, draft.number = table, number
        draft.step = "summary" if draft.game_id else "players"

    def _typed_extra(self, draft: Draft, text: str, ruleset: Ruleset) -> None:
        try:
            value = Decimal(text.strip().replace(",", "."))
        except InvalidOperation:
            raise EntryError("Напишите число, например 0.3.") from None
        self._set_extra(draft, value, ruleset)

    # -- buttons -------------------------------------------------------------------------------

    async def on_button(self, draft: Draft, action: str, value: str, judge: Member) -> None:
        draft.notice = None
        handler = getattr(self, f"_do_{action}", None)
        if handler is None:
            raise EntryError("Неизвестная кнопка.")
        await handler(draft, value, judge)
        self._normalize(draft, await self._ruleset(draft))

    async def _do_seat(self, draft: Draft, value: str, judge: Member) -> None:
        draft.step = "players"
        draft.cursor = _seat(value)
        draft.query = None

    async def _do_pick(self, draft: Draft, value: str, judge: Member) -> None:
        player = await self.players.get(_int(value))
        if player is None:
            raise EntryError("Такого игрока нет.")
        self._seat_player(draft, player)

    async def _do_new(self, draft: Draft, value: str, judge: Member) -> None:
        if not draft.query:
            raise EntryError("Сначала напишите ник нового игрока.")
        try:
            player = await self.players.create(draft.query, judge.user_id)
        except NicknameError as error:
            raise EntryError(str(error)) from None
        self._seat_player(draft, player)

    async def _do_newall(self, draft: Draft, value: str, judge: Member) -> None:
        for seat, nickname in draft.unknown:
            player = await self.players.create(nickname, judge.user_id)
            if player.id in draft.players:
                raise EntryError(f"«{player.nickname}» уже сидит за этим столом.")
            draft.players[seat - 1] = player.id
        draft.unknown = []

    def _seat_player(self, draft: Draft, player: Player) -> None:
        seat = draft.cursor or draft.first_empty_seat()
        if seat is None:
            raise EntryError("Все места заняты: нажмите место, которое нужно заменить.")
        if player.id in draft.players and draft.players.index(player.id) != seat - 1:
            other = draft.players.index(player.id) + 1
            raise EntryError(f"«{player.nickname}» уже на месте {other}.")
        draft.players[seat - 1] = player.id
        draft.unknown = [(s, n) for s, n in draft.unknown if s != seat]
        draft.query = None
        draft.cursor = draft.first_empty_seat()

    async def _do_goto(self, draft: Draft, value: str, judge: Member) -> None:
        if value not in {*STEPS, "table", "edit"}:
            raise EntryError("Неизвестный раздел.")
        if value in _NEEDS_ROLES_AND_WINNER and not self._open(draft, value):
            raise EntryError("Сначала отметьте роли и победителя.")
        if value == "best_move" and not self._open(draft, value):
            value = "night"
        draft.step = value
        draft.cursor = None if value != "players" else draft.cursor
        if value == "summary":
            draft.reviewing = True

    async def _do_next(self, draft: Draft, value: str, judge: Member) -> None:
        if draft.step == "players" and not draft.players_complete:
            raise EntryError("Заполните все 10 мест.")
        if draft.step == "roles" and not draft.roles_complete:
            raise EntryError("Отметьте шерифа, дона и двух мафий.")
        if draft.step == "winner" and not draft.winner:
            raise EntryError("Нажмите, кто победил.")
        if draft.step == "night" and not draft.night_done:
            raise EntryError("Нажмите место убитого в первую ночь или «Никого».")
        if draft.step == "best_move" and len(draft.best_move) not in (0, 3):
            raise EntryError("В лучшем ходе три места (или нажмите «Без лучшего хода»).")
        self._advance(draft)

    async def _do_back(self, draft: Draft, value: str, judge: Member) -> None:
        if draft.step == "seat":
            draft.step = "extras"
        elif draft.step in ("table", "edit"):
            draft.step = "summary" if draft.game_id or not draft.missing() else "players"
        elif draft.step in STEPS and draft.step != "players":
            earlier = [s for s in STEPS[: STEPS.index(draft.step)] if self._open(draft, s)]
            draft.step = earlier[-1]
        draft.cursor = None

    async def _do_tbl(self, draft: Draft, value: str, judge: Member) -> None:
        table = _int(value)
        if not 1 <= table <= 99:
            raise EntryError("Стол — от 1 до 99.")
        draft.table = table
        if draft.game_id is None:
            draft.number = await self.games.next_number(draft.tournament_id, table)
        draft.step = "summary" if draft.game_id else "players"

    async def _do_role(self, draft: Draft, value: str, judge: Member) -> None:
        seat = _seat(value)
        draft.step = "roles"
        if seat in (draft.sheriff, draft.don) or seat in draft.mafia:
            if draft.roles_complete:
                raise EntryError("Роли уже отмечены. Чтобы изменить, нажмите «Отметить заново».")
            draft.sheriff = None if draft.sheriff == seat else draft.sheriff
            draft.don = None if draft.don == seat else draft.don
            draft.mafia = [s for s in draft.mafia if s != seat]
            return
        if draft.sheriff is None:
            draft.sheriff = seat
        elif draft.don is None:
            draft.don = seat
        elif len(draft.mafia) < 2:
            draft.mafia.append(seat)
        else:
            raise EntryError("Роли уже отмечены. Чтобы изменить, нажмите «Отметить заново».")
        if draft.roles_complete:
            self._advance(draft)

    async def _do_reroles(self, draft: Draft, value: str, judge: Member) -> None:
        draft.sheriff, draft.don, draft.mafia = None, None, []
        draft.step = "roles"

    async def _do_win(self, draft: Draft, value: str, judge: Member) -> None:
        try:
            draft.winner = Winner(value).value
        except ValueError:
            raise EntryError("Неизвестный результат.") from None
        if draft.ended_at is None:
            draft.ended_at = self.clock.iso()
        self._advance(draft)

    async def _do_kill(self, draft: Draft, value: str, judge: Member) -> None:
        seat = _int(value)
        if seat == 0:
            draft.first_killed, draft.best_move = None, []
        else:
            draft.first_killed = _seat(value)
            draft.best_move = [s for s in draft.best_move if s != seat]
        draft.night_done = True
        draft.best_move_done = not self._best_move_applies(draft)
        draft.step = "night"
        self._advance(draft)

    async def _do_bm(self, draft: Draft, value: str, judge: Member) -> None:
        if not self._best_move_applies(draft):
            raise EntryError("Лучший ход — только у убитого в первую ночь красного игрока.")
        seat = _int(value)
        draft.step = "best_move"
        if seat == 0:
            draft.best_move = []
            draft.best_move_done = True
            self._advance(draft)
            return
        seat = _seat(value)
        if seat == draft.first_killed:
            raise EntryError("Своё место в лучший ход не входит.")
        if seat in draft.best_move:
            draft.best_move.remove(seat)
        elif len(draft.best_move) < 3:
            draft.best_move.append(seat)
        else:
            raise EntryError("Уже выбраны три места: снимите одно, чтобы выбрать другое.")
        draft.best_move_done = len(draft.best_move) == 3
        if draft.best_move_done:
            self._advance(draft)

    async def _do_ex(self, draft: Draft, value: str, judge: Member) -> None:
        if not draft.roles_complete or not draft.winner:
            raise EntryError("Сначала отметьте роли и победителя.")
        draft.cursor = _seat(value)
        draft.step = "seat"

    async def _do_exv(self, draft: Draft, value: str, judge: Member) -> None:
        try:
            amount = Decimal(value)
        except InvalidOperation:
            raise EntryError("Неизвестное значение.") from None
        self._set_extra(draft, amount, await self._ruleset(draft))

    def _set_extra(self, draft: Draft, value: Decimal, ruleset: Ruleset) -> None:
        if draft.step != "seat" or draft.cursor is None:
            raise EntryError("Сначала нажмите место игрока.")
        if draft.winner == Winner.DRAW.value and not ruleset.extra_in_draw:
            raise EntryError("При ничьей доп. баллы судьи не начисляются (п. 8.4.7).")
        if not ruleset.is_valid_extra(value):
            raise EntryError(
                f"Доп. баллы — от {ruleset.extra_min} до {ruleset.extra_max} "
                f"с шагом {ruleset.extra_step}."
            )
        if value:
            draft.extras[str(draft.cursor)] = str(value.normalize())
        else:
            draft.extras.pop(str(draft.cursor), None)

    async def _do_pen(self, draft: Draft, value: str, judge: Member) -> None:
        ruleset = await self._ruleset(draft)
        seat = draft.cursor
        if draft.step != "seat" or seat is None:
            raise EntryError("Сначала нажмите место игрока.")
        role = draft.role(seat)
        assert role is not None and draft.winner is not None
        item = ruleset.penalty(value)
        if item is None or not item.applies_to(role, outcome_for(role, Winner(draft.winner))):
            raise EntryError("Этот штраф не подходит к роли и результату игрока.")
        chosen = draft.penalties.setdefault(str(seat), [])
        if value in chosen:
            chosen.remove(value)
        else:
            chosen.append(value)
        if not chosen:
            del draft.penalties[str(seat)]

    # -- rules of the dialog -------------------------------------------------------------------

    def _open(self, draft: Draft, step: str) -> bool:
        """Whether a step can be shown now: some depend on answers given before."""
        if step == "best_move":
            return self._best_move_applies(draft)
        if step in _NEEDS_ROLES_AND_WINNER:
            return draft.roles_complete and draft.winner is not None
        return True

    def _best_move_applies(self, draft: Draft) -> bool:
        if draft.first_killed is None:
            return False
        role = draft.role(draft.first_killed)
        return role is not None and role.team is Team.RED

    def _advance(self, draft: Draft) -> None:
        """To the next step; once the judge has seen the summary, back to it when complete."""
        start = STEPS.index(draft.step) + 1 if draft.step in STEPS else 0
        following = [step for step in STEPS[start:] if self._open(draft, step)]
        step = following[0] if following else "summary"
        asks_best_move = step == "best_move" and not draft.best_move_done
        if draft.reviewing and not draft.missing() and not asks_best_move:
            step = "summary"
        draft.step = step
        draft.cursor = None
        if step == "summary":
            draft.reviewing = True

    def _normalize(self, draft: Draft, ruleset: Ruleset) -> None:
        """Drop what a change of roles or result made impossible, and say so."""
        dropped = []
        if draft.winner == Winner.DRAW.value and not ruleset.extra_in_draw and draft.extras:
            draft.extras = {}
            dropped.append("доп. баллы (ничья)")
        if draft.winner and draft.roles_complete:
            for seat in SEATS:
                role = draft.role(seat)
                assert role is not None
                outcome = outcome_for(role, Winner(draft.winner))
                codes = draft.seat_penalties(seat)
                fitting = [
                    c for c in codes if (i := ruleset.penalty(c)) and i.applies_to(role, outcome)
                ]
                if fitting != codes:
                    dropped.append(f"штрафы места {seat}")
                    if fitting:
                        draft.penalties[str(seat)] = fitting
                    else:
                        draft.penalties.pop(str(seat), None)
        if draft.best_move and not self._best_move_applies(draft):
            draft.best_move = []
            dropped.append("лучший ход")
        if dropped and not draft.notice:
            draft.notice = "Снято, так как больше не подходит: " + ", ".join(dropped) + "."

    async def _ruleset(self, draft: Draft) -> Ruleset:
        tournament = await self.tournaments.get(draft.tournament_id)
        assert tournament is not None
        return tournament.ruleset()


def _int(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise EntryError("Неизвестная кнопка.") from None


def _seat(value: str) -> int:
    seat = _int(value)
    if seat not in SEATS:
        raise EntryError("Нет такого места.")
    return seat
