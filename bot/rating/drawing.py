"""Drawing the pictures with matplotlib, in a process of its own.

The bot describes a picture as plain data (``ProgressChart``, ``StandingsPicture``: every label
it will carry) and sends it here; ``bot.rating.pictures`` runs ``draw_*`` in one worker process.
This module imports nothing of the bot or of aiogram, so that the worker holds matplotlib (about
60 MB with numpy and Pillow) and the bot does not, and drawing never holds the bot's interpreter
lock. matplotlib's bundled DejaVu Sans draws Cyrillic. Emoji in nicknames are drawn with the
first monochrome emoji font the host has (``EMOJI_FONTS``: e.g. Debian's ``fonts-symbola`` or
Google's Noto Emoji; matplotlib cannot draw colour-bitmap emoji fonts), by matplotlib's per-glyph
fallback; glyphs no font has are left out rather than drawn as empty boxes.
"""

from __future__ import annotations

import contextlib
import io
import os
import threading
import time
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

WIDTH_INCHES = 8.0
DPI = 110
_DRAWING = threading.Lock()  # matplotlib's font cache is shared: one drawing at a time


@dataclass(frozen=True, slots=True)
class ProgressChart:
    title: str
    subtitle: str
    values: tuple[float, ...]  # the total after each game
    point_labels: tuple[str, ...]  # the first and the last value, as printed on the line
    x_label: str
    y_label: str
    elo: EloCurve | None = None  # a second panel: the Elo rating over the club's games


@dataclass(frozen=True, slots=True)
class EloCurve:
    title: str
    red: tuple[float, ...]  # before his first club game, then after each
    black: tuple[float, ...]
    labels: tuple[str, str]  # the two lines' names
    x_label: str


@dataclass(frozen=True, slots=True)
class StandingsPicture:
    title: str
    subtitle: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlighted: int | None  # index of the asker's row
    legend: tuple[str, ...]
    columns: tuple[float, ...] = ()  # where each column starts (0 to 1); () the board's own


DRAWING_NICENESS = 10


def end_with_parent(parent_pid: int) -> None:
    """The worker's initializer: it ends when the bot ends, however the bot ends. A SIGKILL or
    an out-of-memory kill gives the bot no chance to stop it, and an orphan keeps ~70 MB; a
    watcher thread sees the parent change (the orphan is adopted) within half a second.

    It also yields the processor to the bot: a chart follows its text, so when thirty players
    ask /me at once (a chart is ~0.1 s of processor time), the texts go out first."""
    with contextlib.suppress(OSError):  # a system that refuses is still drawn for, at its pace
        os.nice(DRAWING_NICENESS)

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="parent watch", daemon=True).start()


def drawable(text: str) -> str:
    """The text without the characters the font cannot draw (emoji, their joiners)."""
    glyphs = _font_glyphs()
    kept = "".join(
        char for char in text
        if (ord(char) in glyphs and unicodedata.category(char) not in ("Cf", "Mn", "Co"))
        or char == " "
    )  # fmt: skip
    return " ".join(kept.split()) or "?"


TEXT_FONT = "DejaVu Sans"
EMOJI_FONTS = ("Noto Emoji", "Symbola", "Noto Sans Symbols 2", "Segoe UI Symbol", "OpenMoji")


@lru_cache(maxsize=1)
def font_families() -> tuple[str, ...]:
    """DejaVu Sans, then the emoji fonts this host has, in the order matplotlib falls back."""
    from matplotlib import font_manager

    installed = {font.name for font in font_manager.fontManager.ttflist}
    return (TEXT_FONT, *(name for name in EMOJI_FONTS if name in installed))


@lru_cache(maxsize=1)
def _font_glyphs() -> frozenset[int]:
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    families = set(font_families())
    glyphs: set[int] = set()
    for font in font_manager.fontManager.ttflist:
        if font.name in families and font.style == "normal":
            glyphs.update(FT2Font(font.fname).get_charmap())
    return frozenset(glyphs)


def _figure(height: float) -> Any:
    import matplotlib
    from matplotlib.figure import Figure

    matplotlib.rcParams["font.family"] = list(font_families())  # per-glyph fallback
    return Figure(figsize=(WIDTH_INCHES, height), dpi=DPI)


def _png(figure: Any) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def draw_progress(chart: ProgressChart) -> bytes:
    with _DRAWING:
        return _png(progress_figure(chart))


def progress_figure(chart: ProgressChart) -> Any:
    """The chart of a player's total game by game (a matplotlib ``Figure``)."""
    from matplotlib.ticker import MaxNLocator

    figure = _figure(4.5 if chart.elo is None else 8.0)
    axes = figure.add_subplot(2, 1, 1) if chart.elo is not None else figure.add_subplot()
    games = list(range(1, len(chart.values) + 1))
    axes.plot(games, chart.values, marker="o" if len(games) <= 40 else None,
              color="#c0392b", linewidth=2)  # fmt: skip
    axes.axhline(0, color="#888888", linewidth=0.8)
    axes.set_title(f"{drawable(chart.title)}\n{drawable(chart.subtitle)}", fontsize=11)
    axes.set_xlabel(chart.x_label)
    axes.set_ylabel(chart.y_label)
    axes.grid(alpha=0.3)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    if len(games) <= 10:  # a tick per game, not 0.945…1.050 around a single one
        axes.set_xticks(games)
        axes.set_xlim(0.5, len(games) + 0.5)
    if chart.values:
        axes.annotate(chart.point_labels[-1], (games[-1], chart.values[-1]),
                      textcoords="offset points", xytext=(6, 6))  # fmt: skip
    if chart.elo is not None:
        _elo_panel(figure.add_subplot(2, 1, 2), chart.elo)
    _fixed_margins(figure)
    return figure


# Margins in inches, the same for every chart: matplotlib's tight_layout measured every tick
# label to find them, half of a chart's 0.5 s of processor time (thirty players' first /me on
# a busy night kept a core busy drawing).
_LEFT, _RIGHT, _TOP, _BOTTOM, _GAP = 0.85, 0.55, 0.65, 0.55, 0.95


def _fixed_margins(figure: Any) -> None:
    width, height = figure.get_size_inches()
    figure.subplots_adjust(
        left=_LEFT / width, right=1 - _RIGHT / width, top=1 - _TOP / height,
        bottom=_BOTTOM / height, hspace=_GAP / ((height - _TOP - _BOTTOM) / 2),
    )  # fmt: skip


def _elo_panel(axes: Any, curve: EloCurve) -> None:
    from matplotlib.ticker import MaxNLocator

    games = list(range(len(curve.red)))
    marker = "o" if len(games) <= 40 else None
    axes.plot(games, curve.red, marker=marker, color="#c0392b", linewidth=2, label=curve.labels[0])
    axes.plot(games, curve.black, marker=marker, color="#222222", linewidth=2,
              label=curve.labels[1])  # fmt: skip
    axes.set_title(drawable(curve.title), fontsize=11, loc="left")  # the legend is at the right
    axes.set_xlabel(curve.x_label)
    axes.grid(alpha=0.3)
    # above the lines, beside the title: "best" searched every point for a free corner (0.1 s)
    axes.legend(loc="lower right", bbox_to_anchor=(1, 1), ncol=2, fontsize=9, frameon=False)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    for values in (curve.red, curve.black):
        axes.annotate(f"{values[-1]:.0f}", (games[-1], values[-1]), textcoords="offset points",
                      xytext=(6, 0))  # fmt: skip


_COLUMN_X = (0.01, 0.11, 0.53, 0.64, 0.72, 0.81, 0.91)


def draw_standings(picture: StandingsPicture) -> bytes:
    with _DRAWING:
        lines = len(picture.rows) + len(picture.legend) + 4
        figure = _figure(max(2.5, 0.3 * lines))
        axes = figure.add_axes((0.02, 0.02, 0.96, 0.96))
        axes.axis("off")
        step = 1 / lines
        y = 1 - step
        axes.text(0.01, y, drawable(picture.title), fontsize=13, weight="bold", va="center")
        y -= step
        axes.text(0.01, y, drawable(picture.subtitle), fontsize=9, color="#555555", va="center")
        y -= step * 1.2
        columns = picture.columns or _COLUMN_X
        for x, cell in zip(columns, picture.header, strict=True):
            axes.text(x, y, cell, fontsize=10, weight="bold", va="center")
        for index, row in enumerate(picture.rows):
            y -= step
            if index == picture.highlighted:
                axes.axhspan(y - step / 2, y + step / 2, color="#f9e79f")
            elif index % 2:
                axes.axhspan(y - step / 2, y + step / 2, color="#f2f3f4")
            for x, cell in zip(columns, row, strict=True):
                axes.text(x, y, drawable(cell), fontsize=10, va="center")
        for line in picture.legend:
            y -= step
            axes.text(0.01, y, drawable(line), fontsize=8, color="#555555", va="center")
        axes.set_ylim(0, 1)
        axes.set_xlim(0, 1)
        return _png(figure)
