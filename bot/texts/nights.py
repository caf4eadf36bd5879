"""Texts of a club evening: its opening, the sign-up in the club chat, the head judge's screen,
the seating and each player's own evening."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.texts.markup import bold, echo, quote
from bot.texts.plural import games, games_accusative, games_genitive, plural

MONTHS = (
    "января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября",
    "октября", "ноября", "декабря",
)  # fmt: skip

PLAY = "✋ Играю"
JUDGE = "⚖️ Сужу"
NOT_COMING = "Не приду"
LEAVING = "🚪 Ухожу с вечера"
ARRIVED = "✋ Пришёл"
ARRIVED_NOTED = "Отметил: вы пришли. Главный судья добавит вас в игры вечера."
ALREADY_HERE = "Вы уже в списке вечера."
ALREADY_LEFT = "Вы уже отметили, что уходите. Вернулись — нажмите «✋ Пришёл»."


def arrived(name: str, seated: bool) -> str:
    text = f"«{quote(name)}» пришёл на вечер."
    return f"{text} {LATE_CHOICE}" if seated else text


def came_back_seated(name: str) -> str:
    return (
        f"«{quote(name)}» вернулся на вечер: его места в рассадке сохранены, менять ничего "
        "не нужно."
    )


def arrived_unnamed(name: str) -> str:
    return (
        f"«{quote(name)}» пришёл на вечер, но его ник неизвестен: спросите ник и добавьте его "
        "командой /guest Ник."
    )


SEAT = "🎲 Рассадить"
SEATING_NOW = "🎲 Рассаживаю на все игры дня — несколько секунд…"
RESEAT = "🎲 Рассадить заново"
ADD_TABLE = "➕ Стол"
REMOVE_TABLE = "➖ Стол"
CLOSE = "🔒 Закрыть запись"
REOPEN = "🔓 Открыть запись"
REFRESH = "🔄 Обновить"

USAGE = (
    "Откройте вечер так: <code>/night 19:30</code> (сегодня) или <code>/night 05.12 19:30</code>.\n"
    "Можно добавить число игр за столом и столов: <code>/night 05.12 19:30 4 игры 2 стола</code> "
    "(по умолчанию 3 игры, столы — по записавшимся). Турнирный день: слово «турнир», "
    "например <code>/night 05.12 11:00 12 игр 3 стола турнир</code>."
)
TOURNAMENT_DAY_USAGE = (
    "Турнирный день открывается так: <code>/night 05.12 11:00 12 игр 3 стола турнир</code> — "
    "рассадка сразу на все игры (до 20), пары встречаются как можно ровнее. Последние игры — "
    "за меньшим числом столов: <code>/night 05.12 11:00 10 игр 2 стола затем 1 игра 1 стол "
    "турнир</code>."
)


def last_tables_fewer(last: int, tables: int) -> str:
    return (
        f"В последних играх столов должно быть меньше, чем в остальных ({tables}), а указано "
        f"{last}. Например: <code>10 игр 2 стола затем 1 игра 1 стол</code>."
    )


FINAL_USAGE = (
    "Финал открывается так: <code>/night 19:30 финал</code> — играют первые 10 турнирной "
    "таблицы, места жребием; <code>/night 19:30 5 игр финал 12 лучших выбор</code> — первые "
    "12 (сверх десяти отдыхают по очереди), места выбирают по порядку мест."
)


def final_line(top: int, by_choice: bool) -> str:
    seats = (
        "места выбирают по порядку мест в таблице (судья отмечает выбор в протоколе)"
        if by_choice
        else "места — жребием рассадки"
    )
    return (
        f"🏆 Финал: играют первые {top} турнирной таблицы (список — на момент рассадки), {seats}."
    )


def final_too_few(count: int) -> str:
    return f"Для финала нужно 10 игроков в таблице турнира, а в ней {count}."


FINAL_PLAY = "Это финал: играют первые места турнирной таблицы, запись не нужна."
ONLY_HEAD_JUDGE = "Открывать вечер и управлять им может главный судья или администратор клуба."
NO_TOURNAMENT = "Нет текущего турнира: сначала создайте его (/newtournament)."


def tournament_closed(title: str) -> str:
    return (
        f"Турнир «{quote(title)}» закрыт: вечер в нём не открыть. Начните следующий сезон "
        "(/newtournament) или откройте закрытый турнир снова."
    )


IN_PRIVATE = "Вечером управляют в личных сообщениях со мной: напишите мне /night."
NO_NIGHT = "Открытого вечера нет. " + USAGE
STALE = "Эта кнопка уже не действует: вечер закончен или изменился."
SIGNUP_CLOSED = (
    "Запись на этот вечер закрыта. Пришли без записи — подойдите к главному судье: он добавит вас."
)
LEFT = "Отметил: вы уходите. Главный судья пересадит оставшиеся игры."
LEAVE_USAGE = "Убрать игрока из списка вечера: <code>/leave Ник</code>."


def not_enough(players: int, tables: int) -> str:
    if tables < 1:
        return f"Для рассадки нужно хотя бы 10 игроков с никами, а их {players}."
    return (
        f"Для рассадки на {plural(tables, 'стол', 'стола', 'столов')} нужно "
        f"{10 * tables} игроков с никами, а их {players}. Уберите стол («➖ Стол») или добавьте "
        "гостя: /guest Ник."
    )


ALREADY_SEATED = "Вечер уже рассажен: рассадка — в чате клуба."
RESEAT_SAME = "Рассадка не изменилась: с прошлого раза никто не пришёл и не ушёл. Никому не писал."
ALL_PLAYED = "Все игры вечера уже сыграны: пересаживать некого."
TABLE_USAGE = "Посадить судью за стол: <code>/table 2 @username</code> (или числовой id)."
GUEST_USAGE = (
    "Добавить гостя: <code>/guest Ник</code> — он встанет в список вечера. Список (турнирный "
    "день): <code>/guest</code> и ники — каждый с новой строки."
)


def guest_list_too_long(count: int, most: int) -> str:
    return f"В списке {count} ников — за раз можно до {most}. Разбейте его на части."


def guests_added(
    added: int, new: int, there: Sequence[str], close: Sequence[str],
    refused: Sequence[tuple[str, str]], seated: bool,
) -> str:  # fmt: skip
    """The answer to a /guest list: how many went on, and who was not, and why."""
    lines = [f"В список добавлено: {plural(added, 'игрок', 'игрока', 'игроков')}"
             + (f" (новых в клубе: {new})." if new else ".")]  # fmt: skip
    if there:
        lines.append("Уже были в списке: " + ", ".join(f"«{quote(n)}»" for n in there) + ".")
    if close:
        lines.append(
            "Похожи на ники игроков клуба — добавьте каждого отдельно, чтобы выбрать, кто это: "
            + ", ".join(f"<code>/guest {quote(n)}</code>" for n in close)
        )
    for name, reason in refused:
        lines.append(f"«{quote(name)}» не добавлен: {reason}")
    if seated and added:
        lines.append("Вечер уже рассажен: чтобы они сыграли, — /night → «🎲 Рассадить заново».")
    return "\n".join(lines)


def day(value: date) -> str:
    return f"{value.day} {MONTHS[value.month - 1]}"


def bad_date(text: str) -> str:
    return f"Не понимаю дату «{echo(text)}». " + USAGE


def bad_time(text: str) -> str:
    return f"Не понимаю время «{echo(text)}»: часы 0–23, минуты 0–59. " + USAGE


def ended_today(value: date) -> str:
    return (
        f"Вечер {day(value)} уже закончился (итоги — /rating вечер). Игры ещё будут — верните "
        "его кнопкой ниже: рассадка и сохранённые игры останутся. Финал этого дня открывается "
        "отдельно: <code>/night 19:30 финал</code>."
    )


def day_goes_on(value: date, tournament_day: bool) -> str:
    what = "Турнирный день" if tournament_day else "Вечер"
    return (
        f"{what} {day(value)} ещё идёт. Финал этого дня откройте, когда он закончится: /night → "
        f"«{end_label(tournament_day)}», затем снова <code>/night … финал</code>."
    )


def ended_on(value: date) -> str:
    return (
        f"Вечер {day(value)} уже закончился: его итоги — /rating вечер. Новый вечер откройте на "
        "другую дату."
    )


def past_date(value: date) -> str:
    return f"{day(value)} уже прошло: откройте вечер на сегодня или позже."


def exists(value: date, starts_at: str) -> str:
    return f"Вечер {day(value)} уже открыт (начало в {starts_at}). Вот он:"


OPENED = "Вечер открыт. Запись — в чате клуба: игроки нажимают «✋ Играю», судьи — «⚖️ Сужу»."
DAY_OPENED = (
    "Турнирный день открыт. Запись — в чате клуба («✋ Играю», судьи — «⚖️ Сужу»), или добавьте "
    "список: /guest и ники, каждый с новой строки."
)


def signup_post(
    value: date, starts_at: str, tournament: str, rounds: int, tables: int,
    players: Sequence[str], waiting: Sequence[str], judges: Sequence[str], open_: bool,
    plan: str | None = None, tournament_day: bool = False,
) -> str:  # fmt: skip
    seats = f", столов: {tables} (мест: {10 * tables})" if tables else ""
    what = "Турнирный день" if tournament_day else "Вечер"
    lines = [
        f"🗓 {bold(f'{what} {day(value)}')}, начало в {starts_at}",
        f"Турнир «{quote(tournament)}», игр за столом: {rounds}{seats}",
        *([plan] if plan else []),
        "",
        f"Записались: {len(players) + len(waiting)}",
    ]
    lines += [f"{number}. {quote(name)}" for number, name in enumerate(players, start=1)]
    if waiting:
        lines += ["", f"Сверх мест — играют, отдыхая по очереди: {len(waiting)}"]
        lines += [
            f"{number}. {quote(name)}"
            for number, name in enumerate(waiting, start=len(players) + 1)
        ]
    if judges:
        lines += ["", "Судьи: " + ", ".join(judges)]
    lines += ["", "Запишитесь кнопкой ниже." if open_ else "Запись закрыта."]
    return "\n".join(lines)


def final_post(
    value: date, starts_at: str, tournament: str, rounds: int, top: int, by_choice: bool,
    players: Sequence[str], judges: Sequence[str], open_: bool,
) -> str:  # fmt: skip
    """A final's post: its players are the tournament's first places, nobody signs up."""
    lines = [
        f"🏆 {bold(f'Финал {day(value)}')}, начало в {starts_at}",
        f"Турнир «{quote(tournament)}», игр: {rounds}",
        "",
        final_line(top, by_choice),
        "",
        f"Финалисты: {len(players)}",
    ]
    lines += [f"{number}. {quote(name)}" for number, name in enumerate(players, start=1)]
    if len(players) > 10:
        lines.append(f"(сверх десяти — отдыхают по очереди: {len(players) - 10})")
    lines += ["", "Судьи: " + (", ".join(judges) if judges else "пока никого")]
    if open_:
        lines += ["", "Судьи записываются кнопкой ниже."]
    return "\n".join(lines)


FINAL_OPENED = "Финал открыт. В чате клуба — финалисты по таблице турнира; судьи нажимают «⚖️ Сужу»."


def signed_up(place: int, waiting: bool) -> str:
    if waiting:
        return f"Вы записаны: №{place}, сверх мест — будете отдыхать по очереди с другими."
    return f"Вы записаны играть: №{place}."


SIGNED_AS_JUDGE = "Вы записаны судьёй на этот вечер."
NOT_COMING_NOTED = "Отметил: вы не придёте. Передумаете — нажмите «✋ Играю»."
ALREADY = "Вы уже записаны так."


def who_are_you(value: date) -> str:
    return (
        f"Вы записались на вечер {day(value)}. Чтобы в списке и в рассадке был ваш игровой ник, "
        "напишите его мне: <code>/iam Ник</code> — судья подтвердит."
    )


def open_the_bot(bot_username: str) -> str:
    return f"Вы записаны. Откройте @{bot_username}, чтобы я мог написать вам рассадку."


def day_plan(tournament_day: bool, last_rounds: int, last_tables: int) -> str | None:
    """A tournament day's line, and the last rounds at fewer tables."""
    parts = ["🏆 Рассадка сразу на все игры: пары встречаются как можно ровнее"]
    parts = parts if tournament_day else []
    if last_rounds:
        tables = plural(last_tables, "столом", "столами", "столами")
        parts.append(f"в конце {games(last_rounds)} за {tables}")
    if not parts:
        return None
    line = "; ".join(parts)
    return line[0].upper() + line[1:] + "."


def screen(
    value: date, starts_at: str, tournament: str, rounds: int, tables: int, status: str,
    players: int, waiting: int, judges: Sequence[str], unnamed: Sequence[str], played: int = 0,
    left: Sequence[str] = (), rooms: Sequence[str] = (), final: str | None = None,
    plan: str | None = None, games_total: int | None = None, tournament_day: bool = False,
) -> str:  # fmt: skip
    """``final``: a final's line, instead of the sign-up's count; ``plan``: a tournament day's
    (``day_plan``); ``games_total``: the evening's games when its last rounds have fewer
    tables."""
    signed = f"Записались играть: {players + waiting}" + (
        f" (сверх мест: {waiting}, отдыхают по очереди)" if waiting else ""
    )
    what = "Финал" if final else "Турнирный день" if tournament_day else "Вечер"
    lines = [
        f"{bold(f'{what} {day(value)}')}, начало в {starts_at} — {status}",
        f"Турнир «{quote(tournament)}», игр за столом: {rounds}",
        f"Столов: {tables or 'по записавшимся'}" + (f" (мест: {10 * tables})" if tables else ""),
        final or signed,
        "Судьи: " + (", ".join(judges) if judges else "пока никого"),
    ]
    if plan:
        lines.insert(2, plan)
    if unnamed and status != STATUS["ended"]:
        lines.append(
            "Без ника (не попадут в рассадку, пока не напишут /iam или вы не дадите ник кнопкой "
            "«🔗 Ник для …»): " + ", ".join(quote(name) for name in unnamed)
        )
    if left:
        lines.append("Не придут или ушли: " + ", ".join(quote(name) for name in left))
    if played:
        total = games_total or (rounds * tables if tables else "?")
        lines.append(f"Сыграно игр {'дня' if tournament_day else 'вечера'}: {played} из {total}")
    if rooms and status != STATUS["ended"]:
        lines += ["", bold("Столы сейчас"), *rooms]
    if status == STATUS["ended"]:
        return "\n".join(lines)
    if tables and len(judges) < tables:
        lines.append(f"⚠️ Судей меньше, чем столов: {len(judges)} из {tables}.")
    lines.append("")
    if final is None:  # a final's players are the table's: no guests
        lines.append(GUEST_USAGE)
    return "\n".join(lines)


STATUS = {
    "signup": "запись открыта",
    "closed": "запись закрыта",
    "seated": "рассажен",
    "ended": "закончен",
}


POST_BUDGET = 3800  # characters of one seating message (Telegram's limit is 4096)
SEATING_ABOVE = "⬆️ Рассадка — в сообщениях выше."


def seating_posts(
    value: date, seed: int, version: str,
    rounds: Sequence[tuple[Sequence[Sequence[str]], Sequence[str], set[int]]],
    judges: Sequence[tuple[int, str]], tournament_day: bool = False,
) -> list[str]:  # fmt: skip
    """The seating as the club chat reads it: one message, or — a tournament day's many rounds —
    several, cut between rounds, each within Telegram's limit."""
    title = "Рассадка турнирного дня" if tournament_day else "Рассадка вечера"
    head = [bold(f"🎲 {title} {day(value)}")]
    if judges:
        head.append("Судьи: " + ", ".join(f"стол {n} — {quote(name)}" for n, name in judges))
    foot = f"✅ — игра сыграна. Рассадка проверяема: сид {seed}, алгоритм {version}."
    blocks = []
    for number, (tables, out, played) in enumerate(rounds, start=1):
        lines = [bold(f"Игра {number}")]
        for table_number, table in enumerate(tables, start=1):
            seated = " · ".join(f"{seat} {quote(name)}" for seat, name in enumerate(table, 1))
            mark = "✅ " if table_number in played else ""
            lines.append(f"{mark}Стол {table_number}: {seated}")
        if out:
            lines.append("Отдыхают: " + ", ".join(quote(name) for name in out))
        blocks.append("\n".join(lines))
    more = bold(f"🎲 {title} {day(value)} (продолжение)")
    parts: list[list[str]] = [["\n".join(head)]]  # each part: its title, then its rounds
    size = len(parts[0][0])
    for block in [*blocks, foot]:
        if size + 2 + len(block) > POST_BUDGET and len(parts[-1]) > 1:
            parts.append([more])
            size = len(more)
        parts[-1].append(block)
        size += 2 + len(block)
    return ["\n\n".join(part) for part in parts]


def your_evening(
    value: date, places: Sequence[tuple[int, int] | None], played: int = 0,
    tournament_day: bool = False, reserve: bool = False,
) -> str:  # fmt: skip
    """His places in the rounds still to play (after ``played`` rounds: «теперь так»); a
    player in ``reserve`` is told he waits to take a leaver's seat."""
    out = "в запасе" if reserve else "отдыхаете"
    parts = [
        f"игра {number} — стол {place[0]}, место {place[1]}" if place else f"игра {number} — {out}"
        for number, place in enumerate(places, start=1)
        if number > played
    ]
    if reserve:
        parts[-1] += " (вы первым замените уходящего; придёт ваша очередь — напишу)"
    now = " (рассадка изменилась)" if played else ""
    what = "Турнирный день" if tournament_day else "Вечер"
    return f"{what} {day(value)}{now}: " + "; ".join(parts) + "."


def your_final_choice(
    value: date, places: Sequence[tuple[int, int] | None], played: int, choosing: int
) -> str:
    """A finalist's games when the finalists choose their seats: the tables, not a seat."""
    games_here = [
        f"игра {number} — стол {place[0]}" if place else f"игра {number} — отдыхаете"
        for number, place in enumerate(places, start=1)
        if number > played
    ]
    return (
        f"Финал {day(value)}: " + "; ".join(games_here) + ". Место за столом выбираете сами, "
        f"по порядку мест в турнирной таблице: вы выбираете {choosing}-м."
    )


def seated(rounds: int, players: int, unnamed: int = 0) -> str:
    people = plural(players, "игрок", "игрока", "игроков")
    text = (
        f"Рассажено: {people}, {games(rounds)}. Рассадка — в чате клуба, места — каждому в личку."
    )
    if unnamed:
        text += f" Без ника не рассажены: {unnamed} (ник — их /iam или «🔗 Ник для …» в /night)."
    return text


def table_count(tables: int) -> str:
    return f"Столов: {tables}."


def guest_added(name: str, new: bool) -> str:
    who = "новый игрок клуба" if new else "игрок клуба"
    return f"«{quote(name)}» ({who}) в списке вечера."


def guest_close(nickname: str, close: Sequence[str]) -> str:
    names = ", ".join(f"«{quote(name)}»" for name in close)
    return (
        f"Игрока «{quote(nickname)}» в клубе нет, но есть похожие: {names}. Нажмите того, кто "
        f"пришёл, — или заведите нового игрока «{quote(nickname)}» последней кнопкой."
    )


def guest_is(nickname: str) -> str:
    return f"👤 {nickname[:40]}"


def guest_new(nickname: str) -> str:
    return f"➕ Новый игрок «{nickname[:32]}»"


def one_of_the_unnamed(nickname: str, new: bool, unnamed: Sequence[str]) -> str:
    who = "новый игрок клуба" if new else "игрок клуба"
    names = ", ".join(f"«{quote(name)}»" for name in unnamed)
    return (
        f"«{quote(nickname)}» ({who}) — это кто-то из записавшихся без ника ({names})? Нажмите "
        f"его — или добавьте «{quote(nickname)}» гостем последней кнопкой."
    )


def is_him(name: str) -> str:
    return f"🔗 Это {name[:40]}"


A_GUEST = "👤 Нет, это гость"
NAMED_ALREADY = "У него уже есть ник на этот вечер (или он больше не в списке): /night — список."


def send_nickname_for(name: str) -> str:
    return (
        f"Пришлите ник для «{quote(name)}» одним сообщением — как для /guest: можно игрока "
        "клуба или нового."
    )


def name_button(name: str) -> str:
    return f"🔗 Ник для {name[:40]}"


def person_named(name: str, nickname: str, new: bool) -> str:
    who = "новый игрок клуба" if new else "игрок клуба"
    return (
        f"«{quote(name)}» играет сегодня как «{quote(nickname)}» ({who}). Закрепить ник за его "
        "Telegram навсегда — его /iam (или /link у админа)."
    )


def named_tonight(value: date, nickname: str) -> str:
    return (
        f"Главный судья записал вас на вечер {day(value)} как «{quote(nickname)}». Если это ваш "
        f"ник, закрепите его: <code>/iam {quote(nickname)}</code>."
    )


def nickname_on_the_list(nickname: str, name: str) -> str:
    return f"«{quote(nickname)}» уже в списке вечера: это «{quote(name)}». Выберите другой ник."


def nickname_of_another(nickname: str) -> str:
    return (
        f"«{quote(nickname)}» — ник другого участника клуба (он связан с его Telegram). "
        "Выберите другой ник."
    )


GUEST_CHOICE_GONE = "Этот выбор устарел: напишите /guest и ник ещё раз."


def guest_there(name: str) -> str:
    return f"«{quote(name)}» уже в списке вечера."


def ended_by_itself(value: date) -> str:
    return (
        f"Вечер {day(value)} закончился сам: все его игры сохранены, окна протестов закрыты. "
        "«Итоги вечера» — в чате клуба."
    )


END = "🏁 Закончить вечер"


def end_label(tournament_day: bool) -> str:
    return "🏁 Закончить турнирный день" if tournament_day else END


END_ANYWAY = "🏁 Да, закончить"
END_NOT_YET = "↩ Нет, продолжаем"


def end_question(value: date, left: int, tournament_day: bool) -> str:
    what = "Турнирный день" if tournament_day else "Вечер"
    return (
        f"{what} {day(value)}: по рассадке осталось сыграть {games_accusative(left)}. "
        "Закончить сейчас? Итоги "
        "посчитаются по сохранённым играм; вернуть можно сегодня же кнопкой на этом экране."
    )


def unend_label(tournament_day: bool) -> str:
    return "↩ Вернуть турнирный день" if tournament_day else "↩ Вернуть вечер"


UNENDED = "Продолжаем: рассадка и сохранённые игры на месте."
NOT_ENDED = "Он и так не закончен."
ANOTHER_OPEN = "В этот день уже идёт другой вечер (финал?): сначала закончите его."


def unend_too_late(value: date) -> str:
    return f"Вернуть можно только в тот же день, а вечер был {day(value)}."


ENDED = "Вечер закончен: итоги — в чате клуба."
NOTHING_PLAYED = "За этот вечер ещё нет ни одной сохранённой игры: заканчивать нечего."


RESULT_ROWS = 40  # a message of results stays within Telegram's 4,096 characters


def evening_word(tournament_day: bool = False, final: bool = False) -> str:
    """What the evening is called in titles, in the genitive: «вечера», «турнирного дня»,
    «финала»."""
    return "финала" if final else "турнирного дня" if tournament_day else "вечера"


def results_title(value: date, tournament_day: bool = False, final: bool = False) -> str:
    return f"🏁 Итоги {evening_word(tournament_day, final)} {day(value)}"


def period_title(first: date, last: date) -> str:
    if first == last:
        return f"📅 Игры {day(first)}"
    return f"📅 Игры с {day(first)} по {day(last)}"


EVENING_WORDS = ("вечер", "вечера", "вечер.", "evening", "tonight")
NO_EVENING_YET = "Вечеров ещё не было: их открывает главный судья командой /night."


def evening_not_played(value: date) -> str:
    return f"За вечер {day(value)} ещё нет сохранённых игр."


def no_games_then(title: str) -> str:
    return f"{title}: игр нет."


def results_post(
    title: str, games: int, rows: Sequence[tuple[str, str, int, int, bool]], best: str | None,
    nominees: Sequence[tuple[str, str]], best_moves: Sequence[str], provisional: bool,
    min_games: int, best_of: str = "вечера",
) -> str:  # fmt: skip
    """``rows``: (nickname, points, games, wins, place by lot) best first; the others already
    worded."""
    lines = [bold(title), f"Сыграно: {games_word(games)}."]
    if provisional:
        lines.append("⏳ Итоги предварительные: по части игр ещё можно подать протест.")
    lines.append("")
    shown = rows[:RESULT_ROWS]
    lines += [
        f"{place}{LOT_MARK if lot else ''}. {quote(name)} — {points} ({games_word(played)}, "
        f"побед: {wins})"
        for place, (name, points, played, wins, lot) in enumerate(shown, start=1)
    ]
    if len(rows) > RESULT_ROWS:
        lines.append(f"… и ещё {len(rows) - RESULT_ROWS} — полная таблица: /rating")
    if any(row[4] for row in shown):
        lines.append(LOT_NOTE)
    lines.append("")
    lines.append(
        f"🏆 Лучший игрок {best_of}: {best}"
        if best
        else f"🏆 Лучший игрок {best_of} — сыгравший не меньше {games_genitive(min_games)}: "
        "таких нет"
    )
    lines += [f"{label}: {worded}" for label, worded in nominees]
    if best_moves:
        lines.append("🎯 Лучший ход 3 из 3: " + ", ".join(best_moves))
    if best or nominees:
        lines.append(ties(best_of))
    return "\n".join(lines)


def ties(of: str = "вечера") -> str:
    """«При равенстве — тот, кто выше в таблице вечера» (дня, турнирного дня, финала, …)."""
    return f"При равенстве — тот, кто выше в таблице {of}."


LOT_MARK = "🎲"
LOT_NOTE = f"{LOT_MARK} — место среди равных по всем показателям определено жребием."
EVENING_TIES = ties()
BEST_OF_EVENING = "вечера"


def period_board(
    title: str, board: str, games: int, rows: Sequence[tuple[str, str, int, str]],
    provisional: bool,
) -> str:  # fmt: skip
    """``rows``: (nickname, average, games, points) best first."""
    lines = [bold(f"{title}: {board}"), f"Сыграно: {games_word(games)}."]
    if provisional:
        lines.append("⏳ Итоги предварительные: по части игр ещё можно подать протест.")
    lines.append("")
    if not rows:
        lines.append("В этой роли в эти дни никто не играл.")
    lines += [
        f"{place}. {quote(name)} — в среднем {average} ({games_word(played)}, всего {points})"
        for place, (name, average, played, points) in enumerate(rows, start=1)
    ]
    return "\n".join(lines)


BEST_OF_DAY = "дня"
BEST_OF_DAYS = "этих дней"


def games_word(count: int) -> str:
    return games(count)


def best_of_evening(name: str, points: str, played: int) -> str:
    """The best player of the evening, as the results post names him."""
    return f"{quote(name)} — {points} за {games_accusative(played)}"


def best_move_at(name: str, table: int, number: int) -> str:
    """A 3-of-3 best move, as the results post names it."""
    return f"{quote(name)} (стол {table}, игра {number})"


def starts_soon(starts_at: str, round_number: int, table: int, seat: int) -> str:
    if round_number == 1:
        return f"Вечер начинается в {starts_at}: ваша игра 1 — стол {table}, место {seat}."
    return (
        f"Вечер начинается в {starts_at}. Вы отдыхаете до игры {round_number}: "
        f"стол {table}, место {seat}."
    )


def player_left(value: date, name: str, seated: bool) -> str:
    text = f"«{quote(name)}» уходит с вечера {day(value)}."
    if seated:
        text += (
            " Его места в оставшихся играх займут отдыхающие — «🔁 Заменить отдыхающими» (никого "
            "больше не пересаживая), или /night → «🎲 Рассадить заново»."
        )
    return text


def judge_left(value: date, name: str, table: int | None) -> str:
    text = f"Судья «{quote(name)}» уходит с вечера {day(value)}"
    if table is None:
        return text + "."
    return (
        f"{text}: стол {table} без судьи. Поставьте другого: <code>/table {table} @username</code>."
    )


def not_on_the_list(name: str) -> str:
    return f"«{quote(name)}» нет в списке вечера."


def table_free(round_number: int, table: int, seat: int) -> str:
    return f"Стол {table} освободился: ваша игра {round_number} — за ним, место {seat}."


def rounds_played(numbers: Sequence[int]) -> str:
    listed = ", ".join(str(n) for n in numbers)
    return f"✅ Сыграны: {'игра' if len(numbers) == 1 else 'игры'} {listed}"


def round_now(number: int, tables: Sequence[str]) -> str:
    return f"Игра {number}: " + " · ".join(tables)


def rounds_ahead(first: int, last: int) -> str:
    return f"Впереди: игра {first}" if first == last else f"Впереди: игры {first}–{last}"


def table_saved(table: int) -> str:
    return f"стол {table} ✅ сохранена"


def table_playing(table: int, judge: str, since: str) -> str:
    return f"стол {table} ▶️ идёт ({quote(judge)}, с {since})"


def table_waiting(table: int) -> str:
    return f"стол {table} ⏳ ждёт"


def judge_at(table: int, name: str) -> str:
    """How a table's judge is listed (already safe for HTML)."""
    return f"{quote(name)} (стол {table})"


def judge_put(table: int, label: str) -> str:
    return f"{quote(label)} судит стол {table} в этот вечер."


def unknown_person(reference: str) -> str:
    return (
        f"Не знаю, кто это: «{echo(reference)}». Человек должен хотя бы раз написать боту "
        "(или в чат, где есть бот)."
    )


def not_a_judge(label: str) -> str:
    return f"{quote(label)} не судья: сначала назначьте его (/judge)."


# -- pictures (the font has no emoji: plain characters) ------------------------------------------

PICTURE = "🖼 Картинкой"
PICTURE_PLAYER = "Игрок"
PICTURE_RESULTS_HEADER = ("Место", "Игрок", "Баллы", "Игр", "Побед", "Доп", "Ci")
PICTURE_SEATING_LEGEND = "в клетке: стол · место; — отдыхает"
PICTURE_SEATING_LEGEND_SHORT = "в клетке: стол·место; — отдыхает; над столбцом — номер игры"
MANY_ROUNDS = 6  # more games than this: the picture's columns are narrow, its words short
PICTURE_PROVISIONAL = "итоги предварительные: по части игр ещё можно подать протест"


def picture_game(number: int, rounds: int = 0) -> str:
    return str(number) if rounds > MANY_ROUNDS else f"Игра {number}"


def picture_place(table: int, seat: int, rounds: int = 0) -> str:
    return f"{table}·{seat}" if rounds > MANY_ROUNDS else f"{table} · {seat}"


def seating_picture_title(value: date, tournament_day: bool = False) -> str:
    return f"Рассадка {'турнирного дня' if tournament_day else 'вечера'} {day(value)}"


def seating_picture_subtitle(tournament: str, seed: int, version: str) -> str:
    return f"{tournament} · сид {seed}, алгоритм {version}"


def results_picture_title(value: date, tournament_day: bool = False, final: bool = False) -> str:
    return f"Итоги {evening_word(tournament_day, final)} {day(value)}"


def results_picture_subtitle(tournament: str, count: int) -> str:
    return f"{tournament} · сыграно: {games_word(count)}"


PLAY_IN = "🎲 Играет в оставшихся играх"
FIT_IN = "🪑 В запас на оставшиеся игры"
LATE_CHOICE = (
    "Вечер уже рассажен. «🎲 Играет в оставшихся играх» — он сыграет свою долю: сядет на "
    "места тех, у кого за вечер игр больше (они отдохнут, остальных рассадка не трогает); "
    "«🪑 В запас» — отдыхает и первым заменит уходящего; или /night → «🎲 Рассадить заново»."
)
ALREADY_PLAYING = "Он уже играет в оставшихся играх."
NO_SHARE_TO_PLAY = (
    "Посадить его некуда: в оставшихся играх ни у кого нет игр больше, чем у него. Добавьте "
    "его в запас или /night → «🎲 Рассадить заново»."
)


def played_in(rounds: Sequence[int], displaced: Sequence[tuple[str, Sequence[int]]]) -> str:
    numbers = ", ".join(str(r) for r in rounds)
    where = f"в играх {numbers}" if len(rounds) > 1 else f"в игре {numbers}"
    out = "; ".join(
        f"«{quote(name)}» — {'игры' if len(r) > 1 else 'игра'} {', '.join(map(str, r))}"
        for name, r in displaced
    )
    return (
        f"Играет {where}. Отдыхают вместо него: {out}. Остальных рассадка не трогает; ему и "
        "отдыхающим — их новые места в личку."
    )


REPLACE = "🔁 Заменить отдыхающими"
ALREADY_IN_RESERVE = "Он уже в рассадке оставшихся игр."
NOTHING_TO_REPLACE = "В оставшихся играх его мест за столами нет: заменять нечего."
NOBODY_TO_REPLACE = (
    "Заменить некем: в оставшихся играх никто не отдыхает. Уберите стол («➖ Стол») и "
    "«🎲 Рассадить заново» или добавьте гостя: /guest Ник."
)


def fitted_in(rounds: int, table_possible: bool) -> str:
    text = (
        f"Добавлен в запас на {games(rounds)}: он отдыхает и первым заменит уходящего; остальных "
        "рассадка не трогает."
    )
    if table_possible:
        text += " Игроков хватает ещё на стол: «➕ Стол» и «🎲 Рассадить заново»."
    return text


def replaced(rounds: Sequence[int], repeated: Sequence[int] = ()) -> str:
    numbers = ", ".join(str(r) for r in rounds)
    where = f"в играх {numbers}" if len(rounds) > 1 else f"в игре {numbers}"
    text = (
        f"Заменён отдыхающими {where}. Рассадка в чате клуба обновлена, заменившим — "
        "их новые места."
    )
    if repeated:
        again = ", ".join(str(r) for r in repeated)
        text += (
            f" ⚠️ В {'играх' if len(repeated) > 1 else 'игре'} {again} заменивший садится на "
            "место, где уже сидел: из отдыхающих новичков этого места не было. Чтобы места не "
            "повторялись — /night → «🎲 Рассадить заново»."
        )
    return text


# The Mini App's «Вечер» tab (bot/nights/tonight_page.py).
NO_EVENING_SEATED = (
    "Сегодня рассаженного вечера нет: рассадка появится здесь, когда главный судья её сделает."
)


def evening_title(day: str, starts_at: str) -> str:
    """«Вечер 04.12 в 19:30»."""
    _, month, date_ = day.split("-")
    return f"Вечер {date_}.{month} в {starts_at}"
