"""The evening's kept posts of the club chat — the sign-up lists, the seating, «Итоги вечера» —
drawn as they are when they go out, and the same seating and results as pictures."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date
from enum import StrEnum

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import NightAction, NightCB
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournament, Tournaments
from bot.core import outbox
from bot.core.db import Database
from bot.core.outbox import PostKey
from bot.nights import pictures
from bot.nights.lists import Evenings, lists_of
from bot.rating.drawing import StandingsPicture
from bot.rating.periods import GameResults, worded
from bot.tables import nights as rows
from bot.tables.nights import Night, NightPost
from bot.telegram.keyboards import button, keyboard
from bot.telegram.screen import Picture
from bot.texts import nights as texts
from bot.texts import pictures as picture_texts
from bot.texts.points import show
from bot.vocabulary.names import name_key
from bot.vocabulary.nights import NightStatus, SignupChoice

Drawn = tuple[str, InlineKeyboardMarkup | None]


class PictureOf(StrEnum):
    """Which picture a «🖼 Картинкой» button asks for (the value travels in it)."""

    SEATING = "s"
    RESULTS = "r"


class EveningPosts:
    def __init__(
        self, database: Database, evenings: Evenings, tournaments: Tournaments,
        players: PlayerDirectory, results: GameResults,
        top: Callable[[Tournament, int], Awaitable[list[int]]],
    ) -> None:  # fmt: skip
        self.database = database
        self.evenings = evenings
        self.tournaments = tournaments
        self.players = players
        self.results = results
        self.top = top

    async def draw(self, key: PostKey) -> Drawn | None:
        """A kept post of the club chat by its key (the outbox's worker asks)."""
        night = await rows.get(self.database, key.id)
        if night is None:
            return None
        if key.part == NightPost.SIGNUP:
            return await self._signup_post(night)
        if key.part == NightPost.RESULTS:
            return await self._results_post(night)
        part = rows.seating_part(key)
        if part is None:
            return None
        return await self._seating_post(night, part, key)

    async def _signup_post(self, night: Night) -> Drawn:
        lists = lists_of(night, await rows.people(self.database, night.id))
        open_ = night.status is NightStatus.SIGNUP
        day, title = date.fromisoformat(night.date), await self.evenings.title(night)
        judges = await self.evenings.judges_listed(night.id)
        if night.final_top is not None:
            finalists = (
                [p.name for p in lists.players + lists.waiting]
                if night.seating_version
                else await self._top_now(night, night.final_top)  # the table decides, not taps
            )
            text = texts.final_post(
                day, night.starts_at, title, night.rounds, night.final_top, night.by_choice,
                finalists, judges, open_,
            )  # fmt: skip
        else:
            text = texts.signup_post(
                day, night.starts_at, title, night.rounds, night.tables,
                [p.name for p in lists.players], [p.name for p in lists.waiting], judges, open_,
                texts.day_plan(night.tournament_day, night.last_rounds, night.last_tables),
                night.tournament_day,
            )  # fmt: skip
        if night.status is NightStatus.ENDED:
            return text, None
        choices: tuple[tuple[str, SignupChoice], ...] = (
            (
                (texts.PLAY, SignupChoice.PLAY),
                (texts.JUDGE, SignupChoice.JUDGE),
                (texts.NOT_COMING, SignupChoice.NOT_COMING),
            )
            if open_
            else ((texts.ARRIVED, SignupChoice.ARRIVED), (texts.LEAVING, SignupChoice.NOT_COMING))
        )  # fmt: skip — once closed: one came after all, or one goes
        if night.final_top is not None:  # a final: nobody signs up to play, a judge may
            choices = ((texts.JUDGE, SignupChoice.JUDGE),) if open_ else ()
        if not choices:
            return text, None
        markup = keyboard([[
            button(label, NightCB(n=night.id, a=NightAction.SIGN_UP, v=choice.value))
            for label, choice in choices
        ]])  # fmt: skip
        return text, markup

    async def _top_now(self, night: Night, count: int) -> list[str]:
        tournament = await self.tournaments.get(night.tournament_id)
        if tournament is None:
            return []
        names = await self.players.nicknames()
        return [names.get(p, "?") for p in await self.top(tournament, count)]

    async def _seating_post(self, night: Night, part: int, key: PostKey) -> Drawn | None:
        """The seating's ``part``-th message (a long one is cut between rounds); a part no
        longer needed says where the seating is, if it was sent, else nothing."""
        seats = await rows.seats(self.database, night.id)
        if not seats:
            return None
        names = await self.players.nicknames()
        played = await rows.played_rounds(self.database, night.id)
        by_round: dict[int, dict[int, list[str]]] = {}
        for number, table, _, player in seats:
            by_round.setdefault(number, {}).setdefault(table, []).append(names.get(player, "?"))
        rounds = [
            (
                [by_round[number][table] for table in sorted(by_round[number]) if table],
                by_round[number].get(0, []),
                {table for r, table in played if r == number},
            )
            for number in sorted(by_round)
        ]
        parts = texts.seating_posts(
            date.fromisoformat(night.date), night.seed, night.seating_version or "", rounds,
            await self.evenings.judge_names(night.id), night.tournament_day,
        )  # fmt: skip
        if part > len(parts):
            shown = await outbox.kept_shown(self.database, key)
            return (texts.SEATING_ABOVE, None) if shown else None
        markup = _picture_button(night, PictureOf.SEATING) if part == len(parts) else None
        return parts[part - 1], markup

    async def _results_post(self, night: Night) -> Drawn | None:
        if night.status is not NightStatus.ENDED:
            return None
        tournament = await self.tournaments.get(night.tournament_id)
        if tournament is None:
            return None
        found = await self.results.of_games(tournament, await self._game_ids(night))
        title = texts.results_title(
            date.fromisoformat(night.date), night.tournament_day, night.final_top is not None
        )
        best_of = texts.evening_word(night.tournament_day, night.final_top is not None)
        return worded(found, title, best_of), _picture_button(night, PictureOf.RESULTS)

    # -- pictures ------------------------------------------------------------------------------

    async def picture(self, night_id: int, what: str) -> Picture | None:
        """The seating or the results of an evening as a picture; None when there is none."""
        from bot.rating.pictures import render_async  # lazy: the drawing loads on first use

        night = await rows.get(self.database, night_id)
        tournament = await self.tournaments.get(night.tournament_id) if night else None
        if night is None or tournament is None or what not in set(PictureOf):
            return None
        if what == PictureOf.SEATING:
            drawing = await self._seating_picture(night, tournament)
            caption = texts.seating_picture_title(
                date.fromisoformat(night.date), night.tournament_day
            )
        else:
            drawing = await self._results_picture(night, tournament)
            caption = texts.results_picture_title(
                date.fromisoformat(night.date), night.tournament_day, night.final_top is not None
            )
        if drawing is None:
            return None
        png = await render_async(drawing)
        return Picture(png, f"night-{night.id}-{what}.png", caption)

    async def _seating_picture(
        self, night: Night, tournament: Tournament
    ) -> StandingsPicture | None:
        seats = await rows.seats(self.database, night.id)
        if not seats:
            return None
        names = await self.players.nicknames()
        rounds = max(r for r, _, _, _ in seats)
        cells: dict[int, list[str]] = {}
        for number, table, seat, player in sorted(seats):
            row = cells.setdefault(player, ["—"] * rounds)
            if table:
                row[number - 1] = texts.picture_place(table, seat, rounds)
        places = sorted(
            ((names.get(player, "?"), row) for player, row in cells.items()),
            key=lambda item: name_key(item[0]),
        )
        return pictures.seating_picture(
            texts.seating_picture_title(date.fromisoformat(night.date), night.tournament_day),
            texts.seating_picture_subtitle(
                tournament.title, night.seed, night.seating_version or ""
            ),
            rounds, places,
        )  # fmt: skip

    async def _results_picture(
        self, night: Night, tournament: Tournament
    ) -> StandingsPicture | None:
        if night.status is not NightStatus.ENDED:
            return None
        found = await self.results.of_games(tournament, await self._game_ids(night))
        board = [
            (f"{place}{'*' if row.lot else ''}", row.name,
             show(row.total), str(row.games), str(row.wins), show(row.additional),
             show(row.ci))
            for place, row in enumerate(found.tonight.table, start=1)
        ]  # fmt: skip
        legend = [texts.PICTURE_PROVISIONAL] if found.provisional else []
        if any(row.lot for row in found.tonight.table):
            legend.append(picture_texts.LOT_LEGEND)
        return pictures.results_picture(
            texts.results_picture_title(
                date.fromisoformat(night.date), night.tournament_day, night.final_top is not None
            ),
            texts.results_picture_subtitle(tournament.title, found.count), board, legend,
        )  # fmt: skip

    async def _game_ids(self, night: Night) -> list[int]:
        return [game_id for _, _, game_id in await rows.night_games(self.database, night.id)]


def _picture_button(night: Night, what: PictureOf) -> InlineKeyboardMarkup:
    data = NightCB(n=night.id, a=NightAction.PICTURE, v=what.value)
    return keyboard([[button(texts.PICTURE, data)]])
