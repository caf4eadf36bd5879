"""Pictures people would rather look at than read: a player's points game by game (/me) and a page
of the standings (/rating «🖼 Картинкой»).

Each picture is described here as plain data (every label it will carry) and drawn by
``bot.rating.drawing`` in one worker process, started on the first picture: matplotlib's memory
and its drawing time stay out of the bot's process, which keeps answering meanwhile.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from aiogram.types import BufferedInputFile

from bot.rating.drawing import (
    EloCurve,
    ProgressChart,
    StandingsPicture,
    draw_progress,
    draw_standings,
    end_with_parent,
)
from bot.telegram.screen import Picture
from bot.telegram.sent_pictures import SentPictures
from bot.texts import pictures as texts
from bot.texts.points import show
from bot.vocabulary.ratings import Record, Table

__all__ = ["ProgressChart", "StandingsPicture", "as_input", "picture_of", "progress_chart",
           "render_async", "standings_picture", "stop_drawing"]  # fmt: skip

_painter: ProcessPoolExecutor | None = None
# Pictures drawn lately, by what they show: a player asking /me again before anything changed,
# or thirty players looking at the same page, get the same PNG without a drawing (~100 ms each).
_drawn: OrderedDict[ProgressChart | StandingsPicture, bytes] = OrderedDict()
KEPT_PICTURES = 64
_being_drawn: dict[ProgressChart | StandingsPicture, asyncio.Future[bytes]] = {}


def progress_chart(data: Record) -> ProgressChart:
    values = tuple(float(value) for value in data.cumulative)
    labels = (show(data.cumulative[0]), show(data.cumulative[-1])) if data.cumulative else ()
    return ProgressChart(
        title=texts.progress_title(data.nickname),
        subtitle=texts.progress_subtitle(data.tournament, len(values)),
        values=values,
        point_labels=labels,
        x_label=texts.X_LABEL,
        y_label=texts.Y_LABEL,
        elo=_elo_curve(data),
    )


def _elo_curve(data: Record) -> EloCurve | None:
    if not data.elo_curve:
        return None
    return EloCurve(
        title=texts.ELO_TITLE,
        red=tuple(round(red, 1) for red, _ in data.elo_curve),
        black=tuple(round(black, 1) for _, black in data.elo_curve),
        labels=texts.ELO_LINES,
        x_label=texts.ELO_X_LABEL,
    )


def standings_picture(
    tournament: str, table: Table, page: int, pages: int, mine: int | None, as_of: str,
    *, size: int = texts.PAGE_SIZE, notes: Sequence[str] = (), title: str | None = None,
) -> StandingsPicture:  # fmt: skip
    """One page of ``size`` rows; ``notes``: lines under the legend (a closing's nominations);
    ``title``: instead of the board's own."""
    shown = table.rows[(page - 1) * size : page * size]
    rows = []
    highlighted = None
    for index, row in enumerate(shown):
        marks = (texts.LOT_MARK if row.lot else "") + (
            texts.PROVISIONAL_MARK if row.provisional else ""
        )
        rows.append(
            (
                f"{row.place}{marks}", row.name, show(row.value), str(row.games),
                str(row.wins), show(row.additional), show(row.ci),
            )
        )  # fmt: skip
        if row.player_id == mine:
            highlighted = index
    legend = []
    if any(row.lot for row in shown):
        legend.append(texts.LOT_LEGEND)
    if any(row.provisional for row in shown):
        legend.append(texts.PROVISIONAL_LEGEND)
    return StandingsPicture(
        title=title or texts.standings_title(tournament, table.kind),
        subtitle=texts.standings_subtitle(as_of, page, pages, table.game_count),
        header=texts.header(table.kind),
        rows=tuple(rows),
        highlighted=highlighted,
        legend=(*legend, *notes),
    )


def _worker() -> ProcessPoolExecutor:
    global _painter
    if _painter is None:
        # spawned, not forked: a fork of a process with threads (aiosqlite's) may hang
        context = multiprocessing.get_context("spawn")
        _painter = ProcessPoolExecutor(
            max_workers=1, mp_context=context, initializer=end_with_parent,
            initargs=(os.getpid(),),
        )  # fmt: skip
    return _painter


async def picture_of(
    drawing: ProgressChart | StandingsPicture, filename: str, caption: str, kept: SentPictures
) -> Picture:
    """The picture to send: by the ``file_id`` of one showing the same, sent before (nothing
    drawn or uploaded), else drawn."""
    sent_as = kept.sent_before(drawing)
    png = b"" if sent_as is not None else await render_async(drawing)
    return Picture(png, filename, caption, shows=drawing, kept=kept, sent_as=sent_as)


async def render_async(picture: ProgressChart | StandingsPicture) -> bytes:
    """The PNG, drawn in the worker process (started again if it died), or kept from before;
    asked for again while it is being drawn, drawn once."""
    kept = _drawn.get(picture)
    if kept is not None:
        _drawn.move_to_end(picture)
        return kept
    drawing = _being_drawn.get(picture)
    if drawing is None:
        drawing = asyncio.ensure_future(_draw(picture))
        _being_drawn[picture] = drawing
        drawing.add_done_callback(lambda _: _being_drawn.pop(picture, None))
    png = await asyncio.shield(drawing)  # one asker gone does not cancel the others' drawing
    _drawn[picture] = png
    _drawn.move_to_end(picture)
    if len(_drawn) > KEPT_PICTURES:
        _drawn.popitem(last=False)
    return png


async def _draw(picture: ProgressChart | StandingsPicture) -> bytes:
    global _painter
    draw = draw_progress if isinstance(picture, ProgressChart) else draw_standings
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(_worker(), draw, picture)  # type: ignore[arg-type]
    except BrokenProcessPool:
        _painter = None
        return await loop.run_in_executor(_worker(), draw, picture)  # type: ignore[arg-type]


def stop_drawing() -> None:
    """Let the worker process go (at shutdown); the next picture starts another."""
    global _painter
    if _painter is not None:
        _painter.shutdown(wait=False, cancel_futures=True)
        _painter = None


def as_input(png: bytes, filename: str) -> BufferedInputFile:
    return BufferedInputFile(png, filename)
