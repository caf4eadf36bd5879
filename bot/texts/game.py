"""Names of roles and results, shared by every screen."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from bot.texts.markup import quote
from bot.texts.plural import plural
from bot.texts.points import show, signed
from scoring import Role, SeatScore, Winner

ROLE = {Role.CIVILIAN: "мирный", Role.SHERIFF: "шериф", Role.MAFIA: "мафия", Role.DON: "дон"}
ROLE_MARK = {Role.CIVILIAN: "", Role.SHERIFF: "Ш", Role.MAFIA: "М", Role.DON: "Д"}
WINNER = {
    Winner.RED: "победа красных",
    Winner.BLACK: "победа чёрных",
    Winner.DRAW: "ничья",
}
WINNER_BUTTON = {Winner.RED: "🔴 Красные", Winner.BLACK: "⚫ Чёрные", Winner.DRAW: "🤝 Ничья"}


def short(nickname: str, limit: int = 12) -> str:
    return nickname if len(nickname) <= limit else nickname[: limit - 1] + "…"


def seat_points(seat: SeatScore, nickname: str, discipline: Decimal = Decimal(0)) -> str:
    """«4. Сова — мафия: <b>1.3</b> (победа 1, доп. +0.3)»: the total and what made it;
    ``discipline``: the part of the penalty a removal or a team defeat cost (said apart)."""
    parts = [f"победа {show(seat.win)}"] if seat.win else []
    for label, value in (
        ("Ci", seat.ci),
        ("ЛХ", seat.best_move),
        ("доп.", seat.extra),
        ("штраф", seat.penalty - Fraction(discipline)),
        (_DISCIPLINE_LABEL.get(seat.removed or "", ""), discipline),
    ):
        if value:
            parts.append(f"{label} {signed(value)}")
    detail = f" ({', '.join(parts)})" if parts else ""
    return f"{seat.seat}. {quote(nickname)} — {ROLE[seat.role]}: <b>{show(seat.total)}</b>{detail}"


_DISCIPLINE_LABEL = {
    "ppk": "ППК", "fouls": "удаление", "technical": "удаление", "judge": "удаление",
}  # fmt: skip


def fouls(count: int) -> str:
    return plural(count, "фол", "фола", "фолов")


def technical_fouls(count: int) -> str:
    return plural(count, "тех. фол", "тех. фола", "тех. фолов")


def discipline(
    fouls_: int, technical: int, removed: str | None, points: Decimal, *, joiner: str = ": "
) -> str | None:
    """A seat's discipline as the judge and the players read it, with what it cost: «2 фола»,
    «4 фола — удалён: −0.5», «1 фол, удалён судьёй: −0.5», «ППК: −0.7, команда проиграла»;
    None when there is none. ``joiner`` goes before the points (the summary uses «, »)."""
    counted = [text for count, text in ((fouls_, fouls(fouls_)),
               (technical, technical_fouls(technical))) if count]  # fmt: skip
    if removed is None:
        return ", ".join(counted) or None
    cost = f"{joiner}{show(points)}" if points else ""
    if removed == "ppk":  # «ППК: −0.7, …»; after a colon already (the summary) «ППК −0.7, …»
        ppk = f"ППК{': ' if joiner == ': ' else ' '}{show(points)}" if points else "ППК"
        return ", ".join([*counted, ppk, "команда проиграла"])
    if removed == "judge":
        return ", ".join([*counted, "удалён судьёй"]) + cost
    return ", ".join(counted) + " — удалён" + cost
