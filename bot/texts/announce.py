"""The announcement of a game in the club chat, and the short reply noting a correction."""

from __future__ import annotations

from decimal import Decimal

from bot.texts.markup import quote

ANNULLED = "<b>Игра аннулирована</b> и не идёт в рейтинг."
ANNULLED_RESULT = "аннулирована, назначена переигровка"
FINAL = "Время протестов истекло: результат окончательный."
MISS = "Первой ночью — промах."
CI_LEGEND = "Ci — компенсация за отстрел в первую ночь (по состоянию этапа сейчас)."
BEST_MOVE_LEGEND = "ЛХ — лучший ход."
CHANGED_PARTS = {
    "table": "стол",
    "number": "номер игры",
    "winner": "победитель",
    "first_killed": "первый убитый",
    "best_move": "лучший ход",
    "player_id": "игроки",
    "role": "роли",
    "extra": "доп. баллы",
    "penalties": "штрафы",
    "fouls": "фолы",
    "technical_fouls": "технические фолы",
    "removal": "удаления",
}


def title(table: int, number: int, result: str, replays: int | None = None) -> str:
    replay = f" (переигровка игры {replays})" if replays is not None else ""
    return f"🏁 <b>Стол {table}, игра {number}{replay}: {result}</b>"


def weighted(weight: Decimal) -> str:
    shown = format(weight.normalize(), "f")
    return f"Очки игр этого этапа идут в рейтинг ×{shown}: ниже — очки самой игры."


def where(tournament: str, stage: str, judge: str) -> str:
    return f"Турнир «{quote(tournament)}», этап «{quote(stage)}». Судья: {quote(judge)}."


def penalty_line(code: str, description: str) -> str:
    return f"    ↳ штраф {quote(code)}: {quote(description)}"


def discipline_line(text: str) -> str:
    """Under a seat's points: «↳ 4 фола — удалён: −0.5»."""
    return f"    ↳ {quote(text)}"


def night(first_killed: int, best_move: list[int]) -> str:
    line = f"Первым убит: место {first_killed}"
    if best_move:
        line += f", лучший ход: {', '.join(map(str, best_move))}"
    return line + "."


def protest_until(deadline: str) -> str:
    return f"Протест можно подать до {deadline}."


def change_note(table: int, number: int, keys: str) -> str:
    what = ", ".join(CHANGED_PARTS.get(key, key) for key in keys.split(",") if key)
    return (
        f"✏️ Результат игры {number} (стол {table}) исправлен: {quote(what)}. "
        "Сообщение выше обновлено."
    )


def red_chance(chance: float) -> str:
    return f"📊 Шансы красных перед игрой по рейтингу Эло: {round(chance * 100)}%"


TRACK = {"red": "красные", "black": "чёрные"}


def rating_change(track: str, before: float, after: float) -> str:
    delta = round(after) - round(before)
    sign = "+" if delta >= 0 else "−"
    return f"📈 Рейтинг Эло ({TRACK[track]}): {round(before)} → {round(after)}, {sign}{abs(delta)}"
