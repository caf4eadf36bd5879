"""/stats and the statistics block of /me, /player and the record page (issue 48 §3): each
statistic's name and what it says (docs/statistics.md defines them), a player's blocks by role
beside the club's average player, and the boards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from bot.texts.markup import bold, quote
from bot.texts.plural import games, games_genitive, plural
from scoring.statistics import Ratio

# What each statistic is called, and a short text of what it counts.
LABEL = {
    "wins_civilian": "Победы мирным",
    "wins_sheriff": "Победы шерифом",
    "wins_mafia": "Победы мафией",
    "wins_don": "Победы доном",
    "first_killed": "Убит в первую ночь",
    "best_move_found": "Лучший ход: угадано чёрных",
    "best_move_three": "Лучший ход 3 из 3",
    "survived": "Дожил до конца игры",
    "left_voted": "Ушёл голосованием",
    "left_shot": "Убит ночью",
    "left_removed": "Удалён из игры",
    "voted_out_early": "Заголосован в 1–2 день",
    "fouls": "Фолов за игру",
    "sheriff_black_checks": "Проверки: найдены чёрные",
    "sheriff_first_night_black": "Чёрный в первую ночь",
    "sheriff_found_by_don": "Найден доном",
    "don_found_sheriff": "Нашёл шерифа",
    "don_found_sheriff_first_night": "Нашёл шерифа в первую ночь",
    "checked_by_sheriff": "Проверен шерифом",
    "votes_on_blacks": "Голоса в чёрных",
    "votes_on_sheriff": "Голоса в шерифа",
    "votes_from_reds": "Голосов красных против него",
    "strong_hand": "«Сильная рука»",
    "nominated_blacks": "Выставлял чёрных",
    "nominated_by_reds": "Выставлений красными",
    "shots_ok": "Отстрел: попадания",
    "shots3_ok": "Втроём: попал",
    "shots3_miss": "Втроём: промах",
    "shots3_blank": "Втроём: не стрелял",
    "shots3_fail": "Втроём: сорвал выстрел",
    "shots2_ok": "Вдвоём: попал",
    "shots2_miss": "Вдвоём: промах",
    "shots2_blank": "Вдвоём: не стрелял",
    "shots1_ok": "Один: попал",
    "shots1_miss": "Один: промах",
    "shots1_blank": "Один: не стрелял",
    "last_words_right": "Завещание: цвета угаданы",
}
HINT = {
    "wins_civilian": "доля побед в играх мирным",
    "wins_sheriff": "доля побед в играх шерифом",
    "wins_mafia": "доля побед в играх мафией",
    "wins_don": "доля побед в играх доном",
    "first_killed": "доля игр за красных, где его убили первой ночью",
    "best_move_found": "сколько из трёх названных в лучшем ходе — чёрные",
    "best_move_three": "доля лучших ходов, где все трое чёрные",
    "survived": "доля игр, где он остался за столом до конца",
    "left_voted": "доля игр, где его заголосовали",
    "left_shot": "доля игр, где его убили ночью",
    "left_removed": "четвёртый фол, два технических, судья или ППК",
    "voted_out_early": "доля игр, где его заголосовали в первый или второй день",
    "fouls": "фолов в среднем за игру",
    "sheriff_black_checks": "доля проверок шерифа, нашедших чёрного",
    "sheriff_first_night_black": "доля игр, где первая проверка нашла чёрного",
    "sheriff_found_by_don": "доля игр шерифом, где дон его проверил",
    "don_found_sheriff": "доля игр доном, где он нашёл шерифа",
    "don_found_sheriff_first_night": "доля игр доном, где шериф найден первой ночью",
    "checked_by_sheriff": "доля игр за чёрных, где его проверил шериф",
    "votes_on_blacks": "доля его голосов (со второго дня), отданных за чёрных",
    "votes_on_sheriff": "доля его голосов (со второго дня), отданных за шерифа",
    "votes_from_reds": "голосов красных за него за игру, со второго дня",
    "strong_hand": "доля игр, где все его голоса ушли в чёрных",
    "nominated_blacks": "доля его выставлений, где выставлен чёрный",
    "nominated_by_reds": "выставлений его красными за игру",
    "shots_ok": "доля ночей, когда чёрные стреляли вместе и попали",
    "shots3_ok": "ночи втроём, когда все стреляли в одного и попали",
    "shots3_miss": "ночи втроём, когда он стрелял, но выстрела не было",
    "shots3_blank": "ночи втроём, когда он не стрелял",
    "shots3_fail": "ночи втроём, когда двое совпали, а он один стрелял иначе",
    "shots2_ok": "ночи вдвоём, когда оба стреляли в одного",
    "shots2_miss": "ночи вдвоём без выстрела",
    "shots2_blank": "ночи вдвоём, когда он не стрелял",
    "shots1_ok": "ночи в одиночку с попаданием",
    "shots1_miss": "ночи в одиночку без выстрела",
    "shots1_blank": "ночи в одиночку, когда он не стрелял",
    "last_words_right": "доля цветов, названных в завещании верно",
}
# A mean per game, not a share: shown as a number.
MEANS = frozenset({"fouls", "votes_from_reds", "nominated_by_reds"})
# The blocks of a player's statistics, a block per role; the first line of a block is its lead.
BLOCKS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("🔴 Мирный и шериф", (
        "wins_civilian", "first_killed", "best_move_found", "best_move_three", "votes_on_blacks",
        "strong_hand", "nominated_blacks",
    )),
    ("⭐ Шериф", (
        "wins_sheriff", "sheriff_black_checks", "sheriff_first_night_black", "sheriff_found_by_don",
    )),
    ("⚫ Мафия и дон", (
        "wins_mafia", "checked_by_sheriff", "votes_on_sheriff", "votes_from_reds",
        "nominated_by_reds", "shots_ok", "shots3_ok", "shots3_miss", "shots3_blank", "shots3_fail",
        "shots2_ok", "shots2_miss", "shots2_blank", "shots1_ok", "shots1_miss",
    )),
    ("🎩 Дон", ("wins_don", "don_found_sheriff", "don_found_sheriff_first_night")),
    ("🎲 Все игры", (
        "survived", "left_voted", "left_shot", "left_removed", "voted_out_early", "fouls",
        "last_words_right",
    )),
)  # fmt: skip
# The /me and /player lines: the few numbers a player looks for first.
SHORT = ("wins_civilian", "first_killed", "votes_on_blacks", "sheriff_black_checks",
         "wins_mafia", "shots_ok", "don_found_sheriff")  # fmt: skip
# The /stats boards: what a person types, and the statistic it shows.
BOARDS = {
    "голосование": "votes_on_blacks",
    "проверки": "sheriff_black_checks",
    "дон": "don_found_sheriff",
    "отстрел": "shots_ok",
    "первые": "first_killed",
    "лучший ход": "best_move_found",
    "выставления": "nominated_blacks",
    "сильная рука": "strong_hand",
    "завещания": "last_words_right",
    "выживание": "survived",
    "фолы": "fouls",
}
BOARD_TITLE = {
    "votes_on_blacks": "Голосование в чёрных",
    "sheriff_black_checks": "Проверки шерифа",
    "don_found_sheriff": "Дон нашёл шерифа",
    "shots_ok": "Отстрелы",
    "first_killed": "Первые убитые",
    "best_move_found": "Лучший ход",
    "nominated_blacks": "Выставления чёрных",
    "strong_hand": "Сильная рука",
    "last_words_right": "Завещания",
    "survived": "Выживание",
    "fouls": "Фолы",
}

TITLE = "📈 <b>Статистика {whom}</b> по играм, записанным в приложении"
SIDE_BY_SIDE = "Вы · средний игрок клуба; в скобках — сколько игр посчитано."
SIDE_BY_SIDE_OTHER = "Игрок · средний игрок клуба; в скобках — сколько игр посчитано."
NOTHING_YET = (
    "📈 Статистики пока нет: она считается по играм, которые судья вёл в приложении "
    "(«📱 Вести игру» в /game)."
)
LAYERS_NOTE = (
    "Голоса, выставления, выстрелы каждого и завещания считаются только в играх, где клуб их "
    "записывает (/settings у администратора)."
)
SHORT_TITLE = "📈 <b>По играм в приложении</b> (средний игрок клуба — в скобках):"
SHORT_MORE = "Подробно: /stats{whom}"
MENU = (
    "📊 <b>Доски статистики</b> по играм, записанным в приложении, — за всё время. Выберите "
    "доску или напишите её: <code>/stats голосование</code>; с турниром — только его игры: "
    "<code>/stats проверки осенний</code>. Статистика игрока: <code>/stats Лис</code>."
)
BOARD_HEAD = "📊 <b>{title}</b> — {where}"
BOARD_ALL_TIME = "за всё время"
BOARD_EMPTY = "Пока на доске никого: нужно не меньше {least}, где это записано."
BOARD_LEFT_OUT = "Ещё {count} — меньше {least}, где это записано."
BOARD_AVERAGE = "Средний игрок клуба: {value}."
PROVISIONAL = "⏳ — в его играх ещё открыт протест: число может измениться."
NOT_A_BOARD = "Не знаю такой доски или игрока: {words}. Доски: {boards}."
ALL_TIME_BUTTON = "За всё время"
TOURNAMENT_BUTTON = "Только «{title}»"


def value(key: str, number: Fraction | None) -> str:
    if number is None:
        return "—"
    if key in MEANS:
        return f"{float(number):.1f}".replace(".", ",")
    return f"{round(float(number) * 100)}%"


def _line(key: str, mine: Ratio, average: Mapping[str, Fraction]) -> str:
    club = value(key, average.get(key))
    return f"• {LABEL[key]}: {bold(value(key, mine.value))} ({mine.games}) · {club}"


def full(whom: str, mine: Mapping[str, Ratio], average: Mapping[str, Fraction], own: bool) -> str:
    """A player's statistics by role, each beside the club's average player."""
    if not any(ratio.games for ratio in mine.values()):
        return NOTHING_YET
    parts = [TITLE.format(whom=whom), SIDE_BY_SIDE if own else SIDE_BY_SIDE_OTHER]
    for title, keys in BLOCKS:
        shown = [_line(key, mine[key], average) for key in keys if key in mine and mine[key].games]
        if shown:
            parts.append("\n".join([bold(title), *shown]))
    parts.append(LAYERS_NOTE)
    return "\n\n".join(parts)


def short(mine: Mapping[str, Ratio], average: Mapping[str, Fraction], more: str) -> str | None:
    """The few numbers /me and /player show, or None when no game of his was counted."""
    shown = [
        f"{LABEL[key]}: {bold(value(key, mine[key].value))} ({value(key, average.get(key))})"
        for key in SHORT
        if key in mine and mine[key].games
    ]
    if not shown:
        return None
    return "\n".join([SHORT_TITLE, *(f"• {line}" for line in shown), SHORT_MORE.format(whom=more)])


def board(
    key: str, where: str, rows: Sequence[tuple[str, Ratio, bool]], left_out: int, least: int,
    average: Fraction | None,
) -> str:  # fmt: skip
    """A board: each player with enough games, best first (``rows`` come ordered)."""
    head = [BOARD_HEAD.format(title=BOARD_TITLE[key], where=quote(where)), HINT[key].capitalize()]
    if not rows:
        return "\n".join([*head, "", BOARD_EMPTY.format(least=games_genitive(least))])
    lines = [
        f"{place}. {quote(name)} — {bold(value(key, ratio.value))} ({games(ratio.games)})"
        f"{' ⏳' if provisional else ''}"
        for place, (name, ratio, provisional) in enumerate(rows, start=1)
    ]
    tail = []
    if left_out:
        who = plural(left_out, "игрок", "игрока", "игроков")
        tail.append(BOARD_LEFT_OUT.format(count=who, least=games_genitive(least)))
    if average is not None:
        tail.append(BOARD_AVERAGE.format(value=value(key, average)))
    if any(provisional for _, _, provisional in rows):
        tail.append(PROVISIONAL)
    return "\n".join([*head, "", *lines, "", *tail]).rstrip()


def not_a_board(words: str) -> str:
    return NOT_A_BOARD.format(words=quote(words[:60]), boards=", ".join(BOARDS))
