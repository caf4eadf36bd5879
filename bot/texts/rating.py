"""The rating as players read it: boards, pages, marks, and what /rating answers when it cannot."""

from __future__ import annotations

from bot.texts.markup import bold, echo, quote
from bot.texts.plural import games_genitive
from bot.texts.points import show
from bot.vocabulary.ratings import Kind, Row, Table

PAGE_SIZE = 20
GROUP_TOP = 10

BOARD_TITLE = {
    Kind.TOTAL: "сумма баллов",
    Kind.AVERAGE: "средний балл за игру",
    Kind.SHERIFF: "шерифы — средний балл за игру шерифом",
    Kind.DON: "доны — средний балл за игру доном",
    Kind.MAFIA: "мафия — средний балл за игру мафией",
    Kind.CIVILIAN: "мирные — средний балл за игру мирным",
}
BOARD_BUTTON = {
    Kind.TOTAL: "Сумма",
    Kind.AVERAGE: "Среднее",
    Kind.SHERIFF: "Шериф",
    Kind.DON: "Дон",
    Kind.MAFIA: "Мафия",
    Kind.CIVILIAN: "Мирный",
}
# What a player may type after /rating to choose a board (checked casefolded, ё as е).
BOARD_WORDS = {
    "сумма": Kind.TOTAL, "sum": Kind.TOTAL, "total": Kind.TOTAL,
    "avg": Kind.AVERAGE, "среднее": Kind.AVERAGE, "средний": Kind.AVERAGE,
    "шериф": Kind.SHERIFF, "шерифы": Kind.SHERIFF, "sheriff": Kind.SHERIFF,
    "дон": Kind.DON, "доны": Kind.DON, "don": Kind.DON,
    "мафия": Kind.MAFIA, "мафиози": Kind.MAFIA, "mafia": Kind.MAFIA,
    "мирный": Kind.CIVILIAN, "мирные": Kind.CIVILIAN, "civilian": Kind.CIVILIAN,
}  # fmt: skip

LOT_MARK = "🎲"
PROVISIONAL_MARK = "⏳"
MINE_MARK = "👉"
PREVIOUS = "◀"
NEXT = "▶"
PICTURE = "🖼 Картинкой"
FULL_TABLE = "Вся таблица в личном чате"
TABLE_IN_APP = "📊 Таблица в приложении"

NO_TOURNAMENT = (
    "Рейтинга пока нет: в клубе ещё не создан турнир. Администратор создаёт его командой "
    "/newtournament."
)
NO_SUCH_PAGE = "Такой страницы нет. Откройте рейтинг заново: /rating"
NO_SUCH_TOURNAMENT = "Такого турнира нет. Откройте рейтинг заново: /rating"
DRAWING = "Рисую картинку…"
NO_SUCH_TABLE = "Такой таблицы нет: по сумме, по среднему или по роли."
NO_SUCH_PERIOD = "Не понял, какие игры: «вечер», день «01.12» или дни «01.11-30.11»."


def picture_caption(title: str, page: int, pages: int) -> str:
    where = f", страница {page} из {pages}" if pages > 1 else ""
    return f"Рейтинг «{quote(title)}»{where}"


def unknown_tournament(asked: str, titles: list[str]) -> str:
    known = "\n".join(f"• {quote(title)}" for title in titles) or "—"
    return (
        f"Турнир «{echo(asked)}» не найден. Напишите /rating и часть названия, например "
        f"<code>/rating осенний</code>, или одно из: среднее, шериф, дон, мафия, мирный.\n\n"
        f"Турниры клуба:\n{known}"
    )


def several_tournaments(asked: str, titles: list[str]) -> str:
    found = "\n".join(f"• {quote(title)}" for title in titles)
    return f"Под «{echo(asked)}» подходят несколько турниров — уточните название:\n{found}"


def _row(row: Row, kind: Kind, mine: bool) -> str:
    marks = (LOT_MARK if row.lot else "") + (PROVISIONAL_MARK if row.provisional else "")
    name = bold(row.name) if mine else quote(row.name)
    head = f"{MINE_MARK} " if mine else ""
    if kind is Kind.TOTAL:
        details = (
            f"игр {row.games} · побед {row.wins} · доп {show(row.additional)} · Ci {show(row.ci)}"
        )
    else:
        details = f"игр {row.games} · побед {row.wins} · доп {show(row.additional)}"
    value = f"<b>{show(row.value)}</b>"
    return f"{head}{row.place}. {name}{(' ' + marks) if marks else ''} — {value} · {details}"


def _header(title: str, table: Table, as_of: str) -> list[str]:
    lines = [f"🏆 {bold('Рейтинг')} — {bold(title)}", BOARD_TITLE[table.kind].capitalize()]
    facts = [f"игр в турнире: {table.game_count}"]
    if table.min_games:
        facts.append(f"в таблице — сыгравшие не меньше {table.min_games}")
    facts.append(f"по состоянию на {as_of}")
    lines.append(" · ".join(facts))
    return lines


def _legend(rows: list[Row], left_out: int, min_games: int) -> list[str]:
    lines = []
    if any(row.lot for row in rows):
        lines.append(f"{LOT_MARK} место среди равных определено жребием")
    if any(row.provisional for row in rows):
        lines.append(f"{PROVISIONAL_MARK} результат предварительный: идёт время на протест")
    if left_out:
        lines.append(f"Ещё игроков с меньшим числом игр (меньше {min_games}): {left_out}")
    return lines


def _body(table: Table, shown: list[Row], mine: int | None) -> list[str]:
    """The rows shown, the asker's own row below them if it is elsewhere, and the legend."""
    lines = [] if table.rows else [_empty(table)]
    lines += [_row(row, table.kind, row.player_id == mine) for row in shown]
    own = next((row for row in table.rows if row.player_id == mine), None)
    if own is not None and own not in shown:
        lines += ["…", _row(own, table.kind, True)]
    legend = _legend(shown if own is None else [*shown, own], table.left_out, table.min_games)
    return [*lines, "", *legend] if legend else lines


def page(title: str, table: Table, number: int, pages: int, mine: int | None, as_of: str) -> str:
    shown = list(table.rows[(number - 1) * PAGE_SIZE : number * PAGE_SIZE])
    lines = _header(title, table, as_of)
    if pages > 1:
        lines.append(f"Страница {number} из {pages}")
    return "\n".join([*lines, "", *_body(table, shown, mine)])


def group_summary(title: str, table: Table, mine: int | None, as_of: str) -> str:
    shown = list(table.rows[:GROUP_TOP])
    return "\n".join([*_header(title, table, as_of), "", *_body(table, shown, mine)])


def _empty(table: Table) -> str:
    if not table.game_count:
        return "Игр в этом турнире пока нет."
    if table.left_out:
        needed = games_genitive(table.min_games)
        return f"Пока никто не сыграл {needed} — столько нужно для этой таблицы."
    return "В этой таблице пока никого нет."


def min_games_shown(title: str, value: int | None) -> str:
    now = (
        f"сейчас {value}"
        if value is not None
        else "сейчас по умолчанию: 0 для суммы, для средних — половина наибольшего числа игр "
        "(не больше 10)"
    )
    return (
        f"Минимум игр для таблиц турнира «{quote(title)}»: {now}.\n"
        "Изменить: <code>/mingames 5</code>; вернуть по умолчанию: <code>/mingames auto</code>."
    )


def min_games_set(title: str, value: int | None) -> str:
    if value is None:
        return f"Минимум игр для турнира «{quote(title)}» снова по умолчанию."
    least = games_genitive(value)
    return f"Готово: в таблицах турнира «{quote(title)}» — игроки, сыгравшие не меньше {least}."


MIN_GAMES_INVALID = "Напишите число от 0 до 1000 или auto, например: <code>/mingames 5</code>"
