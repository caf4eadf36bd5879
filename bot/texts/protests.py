"""Protests and decisions: what players, head judges and the club chat read."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.markup import bold, echo, quote
from bot.vocabulary.statuses import ProtestStatus

NO_SUCH_GAME = "Такой игры нет."
NO_SUCH_PROTEST = "Такого протеста нет."
ANNULLED = "Эта игра аннулирована: протестовать нечего."
ALREADY_ANNULLED = "Эта игра уже аннулирована: переигровка по ней назначена раньше."
EMPTY = "Напишите текст протеста одним сообщением: что, по-вашему, не так с результатом."
REASON_EMPTY = "Напишите причину решения одним сообщением."
ASK_TEXT_HINT = "Напишите текст протеста одним сообщением (до 2000 символов). Отмена — /cancel."
CANCELLED = "Хорошо, протест не подан."
DECISION_CANCELLED = "Хорошо, решение не принято — протест ждёт решения."
NOTHING_OPEN = "Сейчас нет ваших игр, по которым можно подать протест."
CHOOSE_GAME = "По какой игре протест? Здесь игры, по которым время на протест ещё не вышло."
NOT_LINKED = (
    "Протест может подать только игрок этой игры, привязанный к своему нику. Напишите "
    "<code>/iam ВашНик</code> — судья подтвердит, и вы сможете подать протест."
)
NOT_A_DECIDER = "Решения по протестам принимают главные судьи (или администраторы клуба)."
NO_PENDING = "Протестов, ждущих решения, нет."
PROTEST_BUTTON = "⚠️ Подать протест"
CLUB_PROTEST_BUTTON = "⚠️ Протест"
REJECT = "Отклонить"
CHANGE = "Изменить результат"
REPLAY = "Переигровка"
ASK_REJECT_REASON = "Почему протест отклонён? Напишите причину одним сообщением (отмена — /cancel)."
ASK_REPLAY_REASON = (
    "Переигровка: игра будет аннулирована и не пойдёт в рейтинг, переигровку внесут как новую "
    "игру. Напишите причину одним сообщением (отмена — /cancel)."
)
CHANGE_OPENED = (
    "Открываю протокол игры для исправления. Решение по протесту будет записано, когда вы "
    "подтвердите исправленный протокол."
)
ANNUL_USAGE = (
    "Переигровка без протеста (§8.9): <code>/replay СТОЛ ИГРА причина</code>, например "
    "<code>/replay 1 3 посторонняя подсказка</code>."
)
NO_SUCH_TABLE_GAME = "В текущем турнире нет такой игры."


def not_a_player(table: int, number: int, linked: bool) -> str:
    if not linked:
        return NOT_LINKED
    return f"Протест по игре {number} (стол {table}) могут подать только игроки этой игры."


def too_late(table: int, number: int, deadline: str) -> str:
    return (
        f"Время протестов по игре {number} (стол {table}) истекло в {deadline}; "
        "протест подать уже нельзя."
    )


def already_filed(status: ProtestStatus) -> str:
    if status is ProtestStatus.PENDING:
        return "Ваш протест по этой игре уже подан и ждёт решения главного судьи."
    return "По вашему протесту на эту игру уже принято решение; оно окончательное (§8.8.4)."


def too_long(length: int) -> str:
    return f"Слишком длинно: {length} символов, можно до 2000. Сократите и пришлите снова."


def ask_text(table: int, number: int, deadline: str) -> str:
    return f"Протест по игре {number} (стол {table}). Подать можно до {deadline}.\n{ASK_TEXT_HINT}"


def receipt(table: int, number: int) -> str:
    return (
        f"✅ Протест по игре {number} (стол {table}) подан. Его рассмотрит главный судья; "
        "я напишу о решении."
    )


def open_game_button(table: int, number: int, deadline: str) -> str:
    return f"Стол {table}, игра {number} — до {deadline}"


def for_deciders(table: int, number: int, nickname: str, text: str, protocol: str) -> str:
    return (
        f"⚠️ {bold('Протест')} по игре {number} (стол {table})\n"
        f"Подал: {bold(nickname)}\n"
        f"Текст: «{quote(text)}»\n\n"
        f"{protocol}\n\n"
        "Решение окончательное (§8.8.4)."
    )


def pending_line(table: int, number: int, nickname: str) -> str:
    return f"Стол {table}, игра {number} — {nickname}"


def already_decided(status: ProtestStatus) -> str:
    word = {
        ProtestStatus.REJECTED: "отклонён",
        ProtestStatus.CHANGED: "решён изменением результата",
        ProtestStatus.REPLAY: "решён переигровкой",
    }.get(status, "решён")
    return f"По этому протесту решение уже принято: {word}. Оно окончательное."


def decision_for_protester(
    table: int, number: int, status: ProtestStatus, reason: str | None
) -> str:
    head = f"Решение по вашему протесту на игру {number} (стол {table}): "
    if status is ProtestStatus.REJECTED:
        return head + f"отклонён. Причина: {_sentence(reason)}\nРешение окончательное (§8.8.4)."
    if status is ProtestStatus.CHANGED:
        return head + "результат игры изменён. Решение окончательное (§8.8.4)."
    return head + f"назначена переигровка, игра аннулирована. Причина: {quote(reason or '')}"


def _sentence(reason: str | None) -> str:
    """The head judge's words as a sentence: one full stop at the end, not two."""
    text = quote((reason or "").strip())
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def decision_for_club(nickname: str, status: ProtestStatus, reason: str | None) -> str:
    if status is ProtestStatus.REJECTED:
        return f"⚖️ Протест игрока {bold(nickname)} отклонён главным судьёй: {quote(reason or '')}"
    if status is ProtestStatus.CHANGED:
        return f"⚖️ По протесту игрока {bold(nickname)} главный судья изменил результат игры."
    return (
        f"⚖️ По протесту игрока {bold(nickname)} назначена переигровка: {_sentence(reason)} "
        "Игра аннулирована и не идёт в рейтинг."
    )


def changed_by_protest(nicknames: Sequence[str]) -> str:
    who = ", ".join(bold(name) for name in nicknames)
    word = "игрока" if len(nicknames) == 1 else "игроков"
    return f"⚖️ По протесту {word} {who} главный судья изменил результат игры."


def annulled_for_club(reason: str) -> str:
    return (
        f"⚖️ Главный судья назначил переигровку (§8.9): {_sentence(reason)} Игра аннулирована и "
        "не идёт в рейтинг."
    )


def announcement_lines(protests: Sequence[tuple[ProtestStatus, str, str | None]]) -> list[str]:
    """The protests under an announcement: (status, nickname, reason) each."""
    lines = []
    for status, nickname, reason in protests:
        if status is ProtestStatus.PENDING:
            lines.append(f"⚠️ Подан протест ({quote(nickname)}) — решает главный судья.")
        elif status is ProtestStatus.REJECTED:
            lines.append(f"⚖️ Протест ({quote(nickname)}) отклонён: {echo(reason or '', 200)}")
        elif status is ProtestStatus.CHANGED:
            lines.append(f"⚖️ По протесту ({quote(nickname)}) результат изменён.")
        else:
            lines.append(f"⚖️ По протесту ({quote(nickname)}) назначена переигровка.")
    return lines


WAITING_DECISION = (
    "Время протестов истекло; результат станет окончательным после решения по протесту."
)


def private_result(
    seat_line: str, table: int, number: int, tournament: str, winner: str, deadline: str,
    open_: bool,
) -> str:  # fmt: skip
    lines = [
        f"🎯 Ваш результат: игра {number}, стол {table} ({quote(tournament)}) — {winner}",
        seat_line,
    ]
    if open_:
        lines.append(f"Не согласны? Протест можно подать до {deadline}.")
    return "\n".join(lines)


GROUP_USAGE = (
    "Чтобы подать протест здесь, ответьте на объявление игры: <code>/protest текст</code>. "
    "Или нажмите «⚠️ Протест» под объявлением — откроется личный чат со мной."
)


def decided_for_decider(table: int, number: int, status: ProtestStatus) -> str:
    word = {
        ProtestStatus.REJECTED: "отклонён",
        ProtestStatus.REPLAY: "назначена переигровка, игра аннулирована",
    }
    return (
        f"Решение записано: протест по игре {number} (стол {table}) — "
        f"{word.get(status, 'решён')}. Игрок и чат клуба уведомлены."
    )


def pending_header(count: int) -> str:
    return f"Протестов, ждущих решения: {count}. Нажмите, чтобы открыть."


def annulled_for_decider(table: int, number: int) -> str:
    return (
        f"Игра {number} (стол {table}) аннулирована: переигровку внесите как новую игру (/game). "
        "Чат клуба уведомлён."
    )
