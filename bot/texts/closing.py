"""/closetournament: the tournament's final table and its nominations in the club chat."""

from __future__ import annotations

from collections.abc import Mapping

from bot.texts.markup import bold, quote
from bot.texts.plural import games, games_accusative, games_genitive

USAGE = (
    "Закрыть турнир и опубликовать итоги в чате клуба: <code>/closetournament</code> "
    "(текущий) или <code>/closetournament Название</code>."
)
ONLY_ADMIN = "Закрыть турнир может администратор клуба."
NO_GAMES = "В турнире ещё нет ни одной игры: публиковать нечего."
CLOSED = (
    "Турнир «{title}» закрыт: итоговая таблица и номинации — в чате клуба. Новые игры и вечера "
    "в нём больше не идут."
)
ALREADY = "Турнир «{title}» уже закрыт: итоги в чате клуба."
REOPEN_BUTTON = "↩️ Открыть турнир снова"
GONE = "Этого турнира больше нет."
NEXT_BY_HAND = "Создайте следующий сезон командой /newtournament Название."


def next_button(title: str) -> str:
    return f"🆕 Следующий сезон: «{title[:40]}»"


def next_season(title: str) -> str:
    return (
        f"Турнир «{quote(title)}» создан и стал текущим: новые игры и вечера идут в него. "
        "Переименовать его можно в /tournaments."
    )


def reopened(title: str) -> str:
    return f"Турнир «{quote(title)}» снова открыт: в него можно вносить игры."


def not_closed(title: str) -> str:
    return f"Турнир «{quote(title)}» не закрыт."


TOP = 10  # rows of the final table in the post (the picture has the first page)


def closed(title: str) -> str:
    return CLOSED.format(title=quote(title))


def already(title: str) -> str:
    return ALREADY.format(title=quote(title))


def post(
    title: str, game_count: int, rows: list[tuple[int, str, str, int]], winner: str | None,
    nominees: list[tuple[str, str]], min_games: Mapping[str, int] | int, provisional: bool,
) -> str:  # fmt: skip
    """``rows``: (place, name, total, games) best first; ``nominees``: (label, worded)."""
    lines = [bold(f"🏆 Итоги турнира «{quote(title)}»"), f"Сыграно: {games(game_count)}."]
    if provisional:
        lines.append("⏳ По части игр ещё идёт время на протест: итоги могут измениться.")
    lines.append("")
    lines += [
        f"{place}. {quote(name)} — {total} ({games(played)})"
        for place, name, total, played in rows[:TOP]
    ]
    if len(rows) > TOP:
        lines.append(f"… и ещё {len(rows) - TOP}: вся таблица — /rating в личном чате")
    lines += ["", bold(NOMINATIONS_HEADING)]
    if winner:
        lines.append(f"🥇 Победитель: {winner}")
    lines += [f"{label}: {worded}" for label, worded in nominees]
    lines.append(f"{minimums_line(min_games)} {TIES}")
    return "\n".join(lines)


_IN_ROLE = {"sheriff": "шерифом", "don": "доном", "red": "за красных", "black": "за чёрных"}


def minimums_line(minimums: Mapping[str, int] | int) -> str:
    """Which minimum of games each board's average asked for."""
    if isinstance(minimums, int):
        return f"Средние — у сыгравших в роли не меньше {games_genitive(minimums)}."
    if len(set(minimums.values())) == 1:
        return minimums_line(next(iter(minimums.values())))
    parts = ", ".join(f"{_IN_ROLE[b]} — {games_genitive(m)}" for b, m in minimums.items())
    return f"Средние — у сыгравших не меньше: {parts} (у каждой номинации свой минимум)."


def nobody_on(board: str, minimum: int) -> str:
    return (
        f"не назван — нужно не меньше {games_genitive(minimum)} {_IN_ROLE[board]} со средним "
        "выше нуля, таких нет"
    )


NOMINATIONS_HEADING = "Номинации"
TIES = "При равенстве — тот, кто выше в итоговой таблице."
SHERIFF = "⭐ Лучший шериф"
DON = "🎩 Лучший дон"
RED = "🔴 Лучший красный"
BLACK = "⚫ Лучший чёрный"
BEST_MOVES = "🎯 Больше всего лучших ходов (2–3 чёрных)"
FAIR_PLAY = "🤝 Честная игра (меньше всего фолов за игру)"
MOST_EVENINGS = "📅 Больше всего игровых вечеров"
MOST_GAMES = "🎲 Больше всего игр"


def average(name: str, value: str, played: int) -> str:
    return f"{quote(name)} — в среднем {value} за {games_accusative(played)}"


def fair_play(name: str, per_game: str, played: int) -> str:
    return f"{quote(name)} — {per_game} за игру, {games(played)}"


def hits(name: str, count: int) -> str:
    return f"{quote(name)} — {count}"


def winner(name: str, total: str) -> str:
    return f"{quote(name)} — {total}"


def picture_caption(title: str) -> str:
    return f"Итоги турнира «{title}»"
