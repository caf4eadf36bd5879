"""Everything a judge reads while entering or correcting a result."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.markup import quote
from bot.vocabulary.protocol import Gap
from bot.vocabulary.steps import Step

MAX_TEXT = 1000

# -- who may, and where ------------------------------------------------------------------------
NOT_A_JUDGE = (
    "Вносить и исправлять результаты могут только судьи клуба. "
    "Если вы судья, попросите администратора назначить вас."
)
NO_TOURNAMENT = "Нет текущего турнира. Администратор создаёт его командой /newtournament."
NO_OPEN_DRAFT = "Открытого протокола нет. Начните новый командой /game."
NEEDS_TEXT = "Сейчас нужен текст или кнопки в сообщении с протоколом."
PRESS_A_BUTTON = "Сейчас нужно нажать кнопку в сообщении с протоколом."


def in_private(bot_username: str | None) -> str:
    where = f" @{bot_username}" if bot_username else ""
    return f"Результаты вносятся в личном чате со мной{where}: команда /game."


# -- taps that come too late -------------------------------------------------------------------
ALREADY_SAVED = "Эта игра уже сохранена."
SCREEN_CHANGED = "Нажатие уже учтено: экран обновился. Если нужно, нажмите кнопку ещё раз."
OLD_SCREEN = "Это старая копия протокола: он открыт ниже, в последнем сообщении."
DRAFT_CLOSED = "Этот протокол уже закрыт."


def tournament_closed(title: str) -> str:
    return (
        f"Турнир «{quote(title)}» закрыт: новые игры в него не вносятся. Администратор начинает "
        "следующий сезон кнопкой под сообщением о закрытии или командой /newtournament."
    )


STALE_BUTTON = "Эта кнопка устарела. Откройте меню заново."
UNKNOWN_BUTTON = "Неизвестная кнопка."
CONTINUING = "Продолжаем незаконченный протокол."


def from_seating(round_number: int, table: int) -> str:
    return (
        f"Игра {round_number} вечера за столом {table}: игроки рассажены по рассадке. "
        "Сверьте места и нажмите «Далее ➡» (поменять двоих местами: нажмите одно место, затем "
        "другое)."
    )


LEFT_MARK = "🚪 ушёл с вечера"


def left_the_evening(seats: list[int]) -> str:
    listed = ", ".join(str(seat) for seat in seats)
    return (
        f"⚠️ {'Место' if len(seats) == 1 else 'Места'} {listed}: ушёл с вечера. Нажмите место и "
        "выберите замену — отдыхающие в этой игре показаны первыми."
    )


def from_final_by_choice(round_number: int) -> str:
    return (
        f"Финал, игра {round_number}: игроки записаны по порядку мест в турнирной таблице — в "
        "этом порядке они выбирают места. Поставьте каждого на выбранное место (нажмите одно "
        "место, затем другое — они поменяются) и нажмите «Далее ➡»."
    )


MOVED_BELOW = "⬇ Протокол открыт ниже — это сообщение больше не обновляется."

# -- the header and the steps ------------------------------------------------------------------
STEP_TITLES = {
    Step.PLAYERS: "Игроки",
    Step.TABLE: "Стол и номер игры",
    Step.ROLES: "Роли",
    Step.WINNER: "Победитель",
    Step.NIGHT: "Первая ночь",
    Step.BEST_MOVE: "Лучший ход",
    Step.EXTRAS: "Доп. баллы, штрафы, фолы",
    Step.SEAT: "Доп. баллы, штрафы, фолы",
    Step.SUMMARY: "Итог",
    Step.EDIT: "Что исправить?",
    Step.DISCARD: "Удалить черновик?",
}
GAPS = {
    Gap.PLAYERS: "игроки",
    Gap.ROLES: "роли",
    Gap.WINNER: "победитель",
    Gap.NIGHT: "первая ночь",
}


def header(
    correction: bool, table: int, number: int, tournament: str, stage: str, step: Step
) -> str:
    action = "Исправление" if correction else "Новая игра"
    return (
        f"<b>{action} · стол {table} · игра {number}</b>\n"
        f"Турнир «{quote(tournament)}», этап «{quote(stage)}» · <b>{STEP_TITLES[step]}</b>"
    )


def notice(text: str) -> str:
    return f"⚠️ {quote(text)}"


# -- buttons -----------------------------------------------------------------------------------
NEXT = "Далее ➡"
BACK = "◀ Назад"
DISCARD = "✖ Отменить"
DISCARD_YES = "🗑 Да, удалить"
DISCARD_NO = "Нет, вернуться"
TO_SUMMARY = "К итогу ➡"
DONE = "Готово ✓"
CONFIRM = "✅ Подтвердить"
CHANGE = "✏️ Изменить"
BACK_TO_SUMMARY = "◀ К итогу"
ROLES_AGAIN = "↺ Отметить роли заново"
NOBODY_KILLED = "Никого (промах)"
NO_BEST_MOVE = "Без лучшего хода"
NEXT_GAME = "📝 Следующая игра"
CORRECT_THIS = "✏️ Исправить эту игру"
ENTER_RESULT = "📝 Внести результат"
EDIT_PARTS = (
    (Step.PLAYERS, "Игроки"),
    (Step.TABLE, "Стол и игра"),
    (Step.ROLES, "Роли"),
    (Step.WINNER, "Победитель"),
    (Step.NIGHT, "Первая ночь и ЛХ"),
    (Step.EXTRAS, "Доп. баллы, штрафы, фолы"),
)


def table_button(table: int, number: int) -> str:
    return f"Стол {table}, игра {number} — изменить"


def choose_table(table: int) -> str:
    return f"Стол {table}"


def new_player_button(nickname: str) -> str:
    return f"➕ Новый игрок «{nickname}»"


def close_button(typed: str, nickname: str) -> str:
    return f"{typed} → {nickname}?"


def new_anyway_button(nickname: str) -> str:
    return f"➕ «{nickname}» — новый игрок"


def close_exists(nickname: str, close: list[str]) -> str:
    names = ", ".join(f"«{quote(name)}»" for name in close)
    return (
        f"«{quote(nickname)}» похож на {names}. Выберите игрока кнопкой выше или нажмите "
        "«Новый игрок» ещё раз, если это действительно новый человек."
    )


def create_all_button(count: int) -> str:
    return f"➕ Создать новых игроков: {count}"


def correct_button(table: int, number: int) -> str:
    return f"✏️ Стол {table}, игра {number}"


# -- players -----------------------------------------------------------------------------------
TOO_LONG = (
    f"Слишком длинное сообщение (больше {MAX_TEXT} символов), оно не принято. "
    "Отправьте ники — по одному в строке."
)
FILL_ALL_SEATS = "Заполните все 10 мест."
ALL_SEATS_TAKEN = "Все места заняты: нажмите место, которое нужно заменить."
NO_SUCH_PLAYER = "Такого игрока нет."
TYPE_NEW_NICKNAME = "Сначала напишите ник нового игрока."
NO_SUCH_SEAT = "Нет такого места."
UNKNOWN_MARK = "новый?"


def players_prompt(seat: int) -> str:
    return (
        f"Место {seat}: напишите ник или его часть. "
        "Или отправьте все 10 ников сразу, по одному в строке."
    )


def off_seating(changes: Sequence[tuple[int, str, str]]) -> str:
    lines = [
        f"место {seat}: {quote(now)} (по рассадке — {quote(planned)})"
        for seat, now, planned in changes
    ]
    return "⚠️ Не по рассадке вечера:\n" + "\n".join(lines)


def seated_table(table: int, round_number: int) -> str:
    return (
        f"Этот протокол — игра {round_number} вечера за столом {table}, по рассадке: его нельзя "
        "перенести за другой стол. Если вы судите другой стол, скажите главному судье (/table)."
    )


def left_the_seating(was: int, table: int) -> str:
    return (
        f"Протокол перенесён со стола {was} за стол {table}: он больше не считается игрой "
        "вечера по рассадке — проверьте игроков."
    )


def swap_prompt(seat: int) -> str:
    return (
        f"Место {seat}: нажмите другое место — поменяю их местами; или напишите ник того, "
        "кто сядет вместо."
    )


def already_there(nickname: str, seat: int) -> str:
    return f"«{nickname}» уже на месте {seat}. Поменять: нажмите место {seat}, затем другое."


def swap_button(nickname: str, seat: int) -> str:
    return f"↔ {nickname} (место {seat})"


def swapped(first: int, second: int) -> str:
    return f"Поменял местами: {first} ↔ {second}."


def moved(first: int, second: int) -> str:
    return f"Пересадил с места {first} на место {second}."


def not_in_club(names: list[tuple[int, str]]) -> str:
    listed = ", ".join(f"«{quote(name)}» (место {seat})" for seat, name in names)
    return f"Нет в базе: {listed}. Проверьте написание или создайте новых игроков."


def paste_problems(problems: list[str], seated: int) -> str:
    intro = f"Посажено игроков: {seated}. " if seated else ""
    return intro + "Не принято: " + "; ".join(problems) + ". Ваше сообщение осталось выше."


def line_problem(line: int, problem: str) -> str:
    return f"строка {line} — {problem.rstrip('.')}"


def no_such_seat(number: str) -> str:
    return f"места {number} нет: места от 1 до 10"


def seat_twice(line: int, seat: int, first: int) -> str:
    return f"строка {line} — место {seat} уже в строке {first}"


def too_many_lines(count: int) -> str:
    return f"строк {count}, а мест 10 — лишние строки не приняты"


def duplicate_line(nickname: str, first: int, line: int) -> str:
    return f"строка {line} — «{nickname}» уже в строке {first}"


# -- table -------------------------------------------------------------------------------------
def table_prompt(table: int, number: int) -> str:
    return (
        f"Сейчас: стол {table}, игра {number}.\n"
        "Нажмите номер стола (номер игры подставится следующий) или напишите два числа: "
        "стол и игру, например «2 5»."
    )


def number_taken(table: int, number: int, free: int | None) -> str:
    if free is None:
        return f"Игра {number} за столом {table} уже внесена. {table_full(table)}"
    return f"Игра {number} за столом {table} уже внесена. Следующий свободный номер — {free}."


def table_full(table: int) -> str:
    return f"За столом {table} заняты все номера игр (1–9999): выберите другой стол."


# -- roles, winner, night ----------------------------------------------------------------------
PROMPT_SHERIFF = "Нажмите место <b>шерифа</b>."
PROMPT_DON = "Нажмите место <b>дона</b>."
ROLES_DONE = "Роли отмечены. Остальные места — мирные."
ROLES_ALREADY = "Роли уже отмечены. Чтобы изменить, нажмите «Отметить роли заново»."
MARK_ROLES = "Отметьте шерифа, дона и двух мафий."
ROLES_AND_WINNER_FIRST = "Сначала отметьте роли и победителя."
WHO_WON = "Кто победил?"
PRESS_WINNER = "Нажмите, кто победил."
UNKNOWN_RESULT = "Неизвестный результат."
WHO_WAS_KILLED = "Кого убили в первую ночь?"
PRESS_KILLED = "Нажмите место убитого в первую ночь или «Никого»."
BEST_MOVE_THREE = "В лучшем ходе три места (или нажмите «Без лучшего хода»)."
BEST_MOVE_RED_ONLY = "Лучший ход — только у убитого в первую ночь красного игрока."
BEST_MOVE_OWN_SEAT = "Своё место в лучший ход не входит."
BEST_MOVE_FULL = "Уже выбраны три места: снимите одно, чтобы выбрать другое."


def prompt_mafia(which: int) -> str:
    return f"Нажмите место <b>мафии</b> ({which} из 2)."


def current_winner(winner: str) -> str:
    return f"Сейчас: {winner}."


def best_move_prompt(killed: int | None, chosen: list[int]) -> str:
    shown = ", ".join(str(s) for s in chosen) or "—"
    return f"Лучший ход игрока на месте {killed}: отметьте три места (выбрано: {shown})."


# -- extras and penalties ----------------------------------------------------------------------
NO_EXTRAS_YET = "Пока ни доп. баллов, ни штрафов, ни фолов."
TAP_A_SEAT = (
    "Нажмите место, чтобы дать доп. баллы, штраф, тех. фол, удалить игрока или записать ППК. "
    "«⚠️N» — фол игроку N одним нажатием (4-й удаляет)."
)
DRAW_NO_EXTRAS = (
    "Ничья: доп. баллы судьи не начисляются, только штрафы и дисциплина. Нажмите место; "
    "«⚠️N» — фол игроку N (4-й удаляет)."
)
EXTRA_IN_DRAW = "При ничьей доп. баллы судьи не начисляются (п. 8.4.7)."
SEAT_FIRST = "Сначала нажмите место игрока."
PENALTY_DOES_NOT_FIT = "Этот штраф не подходит к роли и результату игрока."
UNKNOWN_VALUE = "Неизвестное значение."
PENALTIES_TITLE = "Штрафы (нажмите, чтобы поставить или снять):"
NO_PENALTIES_HERE = "Штрафов для этой роли и результата в правилах нет."
OUTCOME = {"win": "победа", "loss": "поражение", "draw": "ничья"}


def extra_range(low: object, high: object, step: object) -> str:
    return f"Доп. баллы — от {low} до {high} с шагом {step}."


def seat_title(seat: int, nickname: str, role: str, outcome: str) -> str:
    return f"Место {seat}: {quote(nickname)}, {role} ({OUTCOME[outcome]})."


def extra_now(value: str) -> str:
    return f"Доп. баллы: {value}. Нажмите значение или напишите число."


def extras_line(
    seat: int, nickname: str, extra: str | None, penalties: list[str], discipline: str | None
) -> str:
    parts = [f"доп. {extra}"] if extra else []
    if penalties:
        parts.append("штраф " + ", ".join(penalties))
    if discipline:
        parts.append(discipline)
    return f"{seat}. {quote(nickname)}: {'; '.join(parts)}"


# -- discipline (SCORING.md, «Discipline») -------------------------------------------------------
def foul_button(seat: int, fouls: int, removed: bool) -> str:
    """The extras screen's one-tap foul: «⚠️7», with fouls «⚠️7: 2», removed «🚫7»."""
    if removed:
        return f"🚫{seat}"
    return f"⚠️{seat}: {fouls}" if fouls else f"⚠️{seat}"


def discipline_now(text: str | None) -> str:
    return f"Дисциплина: {text or 'нет'}."


def foul_plus(count: int) -> str:
    return f"⚠️ Фол +1 (сейчас {count})"


def technical_plus(count: int) -> str:
    return f"Тех. фол +1 (сейчас {count})"


FOUL_MINUS = "Фол −1"
TECHNICAL_MINUS = "Тех. фол −1"
REMOVE_BUTTON = "🚫 Удалён судьёй"
PPK_BUTTON = "⛔ ППК"
UNREMOVE_BUTTON = {"judge": "Снять удаление судьёй", "ppk": "Снять ППК"}
REMOVE_NO = "Нет, вернуться"
REMOVAL_ASKED = "Сначала ответьте на вопрос об удалении."


def undo_button(what: str) -> str:
    return f"↩️ Отменить: {what}"


def undo_what(kind: str, seat: int) -> str:
    return {
        "foul": f"фол {seat}",
        "unfoul": f"снятие фола {seat}",
        "technical": f"тех. фол {seat}",
        "untechnical": f"снятие тех. фола {seat}",
        "judge": f"удаление {seat}",
        "ppk": f"ППК {seat}",
        "unremove": f"снятие удаления {seat}",
    }[kind]


def undone(what: str) -> str:
    return f"Отменено: {what}."


NOTHING_TO_UNDO = "Отменять нечего."


def foul_given(seat: int, fouls: int) -> str:
    return f"Фол игроку {seat}: теперь {fouls}."


def removed_by_fouls(seat: int, points: str) -> str:
    cost = f" ({points})" if points != "0" else ""
    return f"Игрок {seat}: 4-й фол — игрок удалён{cost}. Лишний фол отменяется кнопкой «↩️»."


def removed_by_technical(seat: int, points: str) -> str:
    cost = f" ({points})" if points != "0" else ""
    return f"Игрок {seat}: 2-й технический фол — игрок удалён{cost}."


def technical_given(seat: int) -> str:
    return f"Технический фол игроку {seat}: первый (второй удалит игрока)."


def fouls_full(seat: int) -> str:
    return f"У игрока {seat} уже 4 фола — он удалён; 5-го фола не бывает."


def technical_full(seat: int) -> str:
    return f"У игрока {seat} уже 2 технических фола — он удалён."


def no_fouls(seat: int) -> str:
    return f"У игрока {seat} нет фолов — снимать нечего."


def no_technical(seat: int) -> str:
    return f"У игрока {seat} нет технических фолов — снимать нечего."


REMOVED_AS = {
    "fouls": "4 фола",
    "technical": "2 технических фола",
    "judge": "удалён судьёй",
    "ppk": "ППК",
}


def already_removed(seat: int, cause: str) -> str:
    return (
        f"Игрок {seat} уже удалён ({REMOVED_AS[cause]}): у игрока может быть только одна причина "
        "удаления."
    )


def ppk_elsewhere(seat: int) -> str:
    return f"ППК в этой игре уже записано (место {seat}): в игре может быть только одно."


def ask_removal(seat: int, nickname: str, points: str) -> str:
    cost = f" Это {points} в доп. баллы." if points != "0" else ""
    return f"Удалить игрока {seat}. {quote(nickname)} решением судьи?{cost}"


def ask_ppk(seat: int, nickname: str, loser: str, winner: str, points: str) -> str:
    cost = f" Игроку — {points}." if points != "0" else ""
    return (
        f"ППК: игрок {seat}. {quote(nickname)} — команда {loser} проигрывает, победа "
        f"присуждается {winner}.{cost} Записать?"
    )


REMOVE_YES = "🚫 Да, удалить"
PPK_YES = "⛔ Да, ППК"


def removed_by_judge(seat: int) -> str:
    return f"Игрок {seat} удалён судьёй."


def ppk_recorded(seat: int, loser: str, winner: str) -> str:
    return f"ППК игрока {seat}: команда {loser} проиграла, победитель — {winner}."


def unremoved(seat: int, was_ppk: bool) -> str:
    if was_ppk:
        return f"ППК игрока {seat} снято. Победитель остался прежним — проверьте его."
    return f"Удаление игрока {seat} снято."


def no_removal(seat: int) -> str:
    return f"Игрок {seat} не удалён судьёй — снимать нечего."


TEAM_GENITIVE = {"red": "красных", "black": "чёрных"}
TEAM_DATIVE = {"red": "красным", "black": "чёрным"}
WINNER_OF = {"red": "красные", "black": "чёрные"}


def discipline_line(seat: int, nickname: str, text: str) -> str:
    return f"⚠️ {seat}. {quote(nickname)}: {text}"


def penalty_button(code: str, description: str, value: str, chosen: bool) -> str:
    return f"{'✓ ' if chosen else ''}{code} {description} ({value})"


def dropped(parts: list[str]) -> str:
    return "Снято, так как больше не подходит: " + ", ".join(parts) + "."


DROPPED_EXTRAS = "доп. баллы (ничья)"
DROPPED_BEST_MOVE = "лучший ход"


def dropped_penalties(seat: int) -> str:
    return f"штрафы места {seat}"


# -- summary and saving ------------------------------------------------------------------------
CI_NOW = "Ci — компенсация за отстрел в первую ночь, по состоянию этапа сейчас."
FIX_ERRORS = "Исправьте ошибки:"
CHOOSE_PART = "Выберите, что исправить."
INCOMPLETE = "Протокол не заполнен или содержит ошибки."
TOO_LATE = (
    "Исправить эту игру уже нельзя: время протестов истекло. "
    "Исправление может внести главный судья."
)
DISCARD_QUESTION_NEW = "Удалить черновик этой игры? Всё, что в нём отмечено, пропадёт."
DISCARD_QUESTION_CORRECTION = "Отменить исправление? Игра останется такой, какой была сохранена."
DRAFT_CANCELLED = "Протокол отменён. Новый — командой /game."
CORRECTION_CANCELLED = "Исправление отменено: игра осталась без изменений."
NOTHING_CHANGED = "Исправление закрыто: в протоколе ничего не изменилось."
SAVED_TOAST = "Сохранено ✅"
ANNOUNCED_SOON = "Результат публикуется в чате клуба."
NO_CLUB_CHAT = "Чат клуба не настроен (CLUB_CHAT_ID): объявления нет."
CANNOT_CORRECT = (
    "Исправить эту игру нельзя: судья может исправлять свои игры до конца времени протестов, "
    "главный судья — в любое время."
)
PROTEST_PENDING = (
    "Исправить эту игру сейчас нельзя: по ней подан протест, и изменить результат может только "
    "главный судья."
)
FINISH_DRAFT_FIRST = "Сначала сохраните или отмените открытый протокол (/game)."
NOTHING_TO_CORRECT = "Нет игр, которые вы можете исправить."
CORRECTABLE_GAMES = "Игры, которые вы можете исправить:"


def missing(gaps: list[Gap]) -> str:
    return "Не заполнено: " + ", ".join(GAPS[gap] for gap in gaps) + "."


def problem_line(message: str) -> str:
    return f"• {quote(message)}"


def night_line(first_killed: int | None, best_move: tuple[int, ...]) -> str:
    if first_killed is None:
        return "Первой ночью — промах"
    line = f"Первым убит: место {first_killed}"
    if best_move:
        line += f", лучший ход {', '.join(map(str, best_move))}"
    return line


def result_line(winner: str, night: str) -> str:
    return f"<b>{winner.capitalize()}</b>. {night}."


def saved_title(correction: bool, table: int, number: int) -> str:
    verb = "исправлена" if correction else "сохранена"
    return f"✅ <b>Игра {number} (стол {table}) {verb}.</b>"


def ended_long_ago(minutes: int, window: int) -> str:
    return (
        f"⏱ Победителя отметили {minutes} мин назад. Игроки смогут подать протест "
        f"в течение {window} мин после того, как вы подтвердите протокол."
    )


def replay_line(number: int, is_replay: bool) -> str:
    if is_replay:
        return f"🔁 Это переигровка игры {number} этого стола (её аннулировал главный судья)."
    return f"На этом столе ждёт переигровки игра {number}; эта игра — не она."


def replay_button(number: int, not_replay: bool) -> str:
    return f"🔁 Это переигровка игры {number}" if not_replay else "Это не переигровка"
