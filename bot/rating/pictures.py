"""Pictures people would rather look at than read: a player's points game by game (/me) and a page
of the standings (/rating «🖼 Картинкой»).

Each picture is described first as plain data (``ProgressChart``, ``StandingsPicture``: every label
it will carry), then drawn with matplotlib — its bundled DejaVu Sans draws Cyrillic out of the box.
matplotlib is imported on the first picture, not when the bot starts, and drawing runs in a worker
thread so the bot keeps answering meanwhile. Glyphs the font lacks (emoji in nicknames) are left
out rather than drawn as empty boxes.
"""

from __future__ import annotations

import asyncio
import io
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from aiogram.types import BufferedInputFile

from bot.rating.boards import Table
from bot.rating.record import Record
from bot.texts import pictures as texts
from bot.texts.points import show

WIDTH_INCHES = 8.0
DPI = 110
_DRAWING = threading.Lock()  # matplotlib's font cache is shared: one drawing at a time


@dataclass(frozen=True, slots=True)
class ProgressChart:
    title: str
    subtitle: str
    values: tuple[float, ...]  # the total after each game
    point_labels: tuple[str, ...]  # the first and the last value, as printed on the line


@dataclass(frozen=True, slots=True)
class StandingsPicture:
    title: str
    subtitle: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlighted: int | None  # index of the asker's row
    legend: tuple[str, ...]


# -- what is drawn --------------------------------------------------------------------------------


def drawable(text: str) -> str:
    """The text without the characters the font cannot draw (emoji, their joiners)."""
    glyphs = _font_glyphs()
    kept = "".join(
        char for char in text
        if (ord(char) in glyphs and unicodedata.category(char) not in ("Cf", "Mn", "Co"))
        or char == " "
    )  # fmt: skip
    return " ".join(kept.split()) or "?"


def progress_chart(data: Record) -> ProgressChart:
    values = tuple(float(value) for value in data.cumulative)
    labels = (show(data.cumulative[0]), show(data.cumulative[-1])) if data.cumulative else ()
    return ProgressChart(
        title=drawable(texts.progress_title(data.nickname)),
        subtitle=drawable(texts.progress_subtitle(data.tournament, len(values))),
        values=values,
        point_labels=labels,
    )


def standings_picture(
    tournament: str, table: Table, page: int, pages: int, mine: int | None, as_of: str
) -> StandingsPicture:
    shown = table.rows[(page - 1) * texts.PAGE_SIZE : page * texts.PAGE_SIZE]
    rows = []
    highlighted = None
    for index, row in enumerate(shown):
        marks = (texts.LOT_MARK if row.lot else "") + (
            texts.PROVISIONAL_MARK if row.provisional else ""
        )
        rows.append(
            (
                f"{row.place}{marks}", drawable(row.name), show(row.value), str(row.games),
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
        title=drawable(texts.standings_title(tournament, table.kind)),
        subtitle=drawable(texts.standings_subtitle(as_of, page, pages, table.game_count)),
        header=texts.header(table.kind),
        rows=tuple(rows),
        highlighted=highlighted,
        legend=tuple(legend),
    )


# -- drawing --------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _font_glyphs() -> frozenset[int]:
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    path = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans"))
    return frozenset(FT2Font(path).get_charmap())


def _figure(height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(WIDTH_INCHES, height), dpi=DPI)


def _png(figure: Any) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def draw_progress(chart: ProgressChart) -> bytes:
    from matplotlib.ticker import MaxNLocator

    with _DRAWING:
        figure = _figure(4.5)
        axes = figure.add_subplot()
        games = list(range(1, len(chart.values) + 1))
        axes.plot(games, chart.values, marker="o" if len(games) <= 40 else None,
                  color="#c0392b", linewidth=2)  # fmt: skip
        axes.axhline(0, color="#888888", linewidth=0.8)
        axes.set_title(f"{chart.title}\n{chart.subtitle}", fontsize=11)
        axes.set_xlabel(texts.X_LABEL)
        axes.set_ylabel(texts.Y_LABEL)
        axes.grid(alpha=0.3)
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        if chart.values:
            axes.annotate(chart.point_labels[-1], (games[-1], chart.values[-1]),
                          textcoords="offset points", xytext=(6, 6))  # fmt: skip
        figure.tight_layout()
        return _png(figure)


_COLUMN_X = (0.01, 0.11, 0.53, 0.64, 0.72, 0.81, 0.91)


def draw_standings(picture: StandingsPicture) -> bytes:
    with _DRAWING:
        lines = len(picture.rows) + len(picture.legend) + 4
        figure = _figure(max(2.5, 0.3 * lines))
        axes = figure.add_axes((0.02, 0.02, 0.96, 0.96))
        axes.axis("off")
        step = 1 / lines
        y = 1 - step
        axes.text(0.01, y, picture.title, fontsize=13, weight="bold", va="center")
        y -= step
        axes.text(0.01, y, picture.subtitle, fontsize=9, color="#555555", va="center")
        y -= step * 1.2
        for x, cell in zip(_COLUMN_X, picture.header, strict=True):
            axes.text(x, y, cell, fontsize=10, weight="bold", va="center")
        for index, row in enumerate(picture.rows):
            y -= step
            if index == picture.highlighted:
                axes.axhspan(y - step / 2, y + step / 2, color="#f9e79f")
            elif index % 2:
                axes.axhspan(y - step / 2, y + step / 2, color="#f2f3f4")
            for x, cell in zip(_COLUMN_X, row, strict=True):
                axes.text(x, y, cell, fontsize=10, va="center")
        for line in picture.legend:
            y -= step
            axes.text(0.01, y, line, fontsize=8, color="#555555", va="center")
        axes.set_ylim(0, 1)
        axes.set_xlim(0, 1)
        return _png(figure)


async def render_async(picture: ProgressChart | StandingsPicture) -> bytes:
    if isinstance(picture, ProgressChart):
        return await asyncio.to_thread(draw_progress, picture)
    return await asyncio.to_thread(draw_standings, picture)


def as_input(png: bytes, filename: str) -> BufferedInputFile:
    return BufferedInputFile(png, filename)
