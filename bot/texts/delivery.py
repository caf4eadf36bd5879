"""What admins are told when the club chat cannot be written to, and when it can again."""

from __future__ import annotations

from bot.texts.markup import quote

NO_CLUB_CHAT_SET = "не задан CLUB_CHAT_ID"


def club_chat_unreachable(chat_id: int | None, problem: str, waiting: int) -> str:
    return (
        f"⚠️ Не могу писать в чат клуба ({quote(chat_id)}): {quote(problem)}.\n"
        f"Ждут отправки: {waiting}. Они уйдут, как только бот снова сможет писать в чат: "
        "добавьте бота в группу администратором (или проверьте CLUB_CHAT_ID и перезапустите "
        "бота). Ничего не потеряно."
    )


def club_chat_back(chat_id: int) -> str:
    return f"✅ Чат клуба ({quote(chat_id)}) снова доступен: объявления отправляются."


def club_chat_migrated(old: int, new: int) -> str:
    return (
        f"ℹ️ Группа клуба стала супергруппой: её новый id — {quote(new)} (был {quote(old)}). "
        "Объявления уже идут туда; замените CLUB_CHAT_ID в настройках при следующем перезапуске."
    )
