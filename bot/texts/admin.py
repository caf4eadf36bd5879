"""What admins read when they give and take rights, and what an appointed person is told."""

from __future__ import annotations

from bot.texts.markup import echo, quote
from bot.vocabulary.rights import Right

NOT_AN_ADMIN = "Эта команда только для администраторов клуба."
RIGHT_NAMES = {
    Right.JUDGE: "судья",
    Right.HEAD_JUDGE: "главный судья",
    Right.ADMIN: "администратор",
}
NO_STAFF = "Судьи пока не назначены. Назначить: /judge @username."
STAFF_TITLE = "<b>Судьи и администраторы</b>"
WHOM_TO_REVOKE = "С кого снять права? Напишите /unjudge @username или id."
STAYS_ADMIN = "Он остаётся администратором: его id указан в ADMIN_IDS."
DONE = "Готово"
_WHAT_THEY_CAN = {
    Right.JUDGE: "вносить результаты своего стола (/game) и исправлять их до конца времени "
    "протестов (/games).",
    Right.HEAD_JUDGE: "вносить результаты, исправлять любую игру в любое время (/games), "
    "решать протесты и вести вечера клуба: /night 19:30 открывает запись, /guest, /table и "
    "/leave меняют список.",
    Right.ADMIN: "всё, что могут судьи, а также назначать судей и вести турниры (/help).",
}


def whom_to_appoint(command: str) -> str:
    return (
        f"Кого назначить? Напишите /{command} @username или числовой id, "
        "или ответьте этой командой на сообщение человека."
    )


def never_wrote(reference: str) -> str:
    return (
        f"Я не знаю {echo(reference)}: человек должен сначала написать мне (/start в личном чате) "
        "или в чат клуба. Потом повторите команду."
    )


def appointed(label: str, right: Right, added: bool) -> str:
    verb = "назначен" if added else "уже"
    return f"{quote(label)} — {verb} {RIGHT_NAMES[right]}."


def cannot_tell(label: str) -> str:
    return (
        f"⚠️ {quote(label)} ещё не открывал чат со мной, а первым Telegram писать боту не "
        "даёт: о назначении он от меня не узнает. Права уже действуют — попросите его открыть "
        "бота и нажать «Старт» (или написать /start): тогда он увидит свои команды в меню."
    )


def you_were_appointed(right: Right) -> str:
    return (
        f"Вас назначили: {RIGHT_NAMES[right]}. Теперь вы можете {_WHAT_THEY_CAN[right]} "
        "Команды — в меню «/»."
    )


def your_rights_taken(rights: list[Right]) -> str:
    names = ", ".join(RIGHT_NAMES[r] for r in rights)
    return f"С вас сняты права клуба ({names}). Команды в меню «/» обновлены."


def revoked(label: str, rights: list[Right]) -> str:
    if not rights:
        return f"У {quote(label)} не было назначенных прав."
    names = ", ".join(RIGHT_NAMES[r] for r in rights)
    return f"{quote(label)}: сняты права ({names})."


def staff_line(label: str, user_id: int, rights: list[Right]) -> str:
    names = ", ".join(RIGHT_NAMES[r] for r in rights)
    return f"• {quote(label)} (id {user_id}) — {names}"
