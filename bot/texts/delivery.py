"""What admins are told when the club chat cannot be written to, and when it can again."""

from __future__ import annotations

from bot.texts.markup import quote

REMOVED_FROM_CHAT = "removed from the chat"  # recorded when Telegram reports it (my_chat_member)
_REASONS = (
    ("chat not found", "такого чата нет или бот в нём не состоит — проверьте CLUB_CHAT_ID"),
    ("kicked", "бота удалили из группы"),
    ("removed from the chat", "бота удалили из группы"),
    ("not a member", "бот не состоит в группе"),
    ("rights", "у бота нет права писать в группу"),
    ("write_forbidden", "у бота нет права писать в группу"),
)


def reason(problem: str) -> str:
    """Telegram's English refusal, as an admin reads it."""
    lowered = problem.lower()
    return next((text for key, text in _REASONS if key in lowered), "Telegram отказывает боту")


def club_chat_unreachable(chat_id: int | None, problem: str, waiting: int) -> str:
    return (
        f"⚠️ Не могу писать в чат клуба ({quote(chat_id)}): {reason(problem)}.\n"
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


def dead_update(unreadable: bool, update_id: int, why: str) -> str:
    """To admins, once per distinct reason: an update set aside so that it cannot stop the bot."""
    if unreadable:
        what = (
            f"⚠️ Telegram прислал обновление {update_id}, которое бот не смог прочитать — обычно "
            "это значит, что версия Bot API сервера и библиотеки бота разошлись. Бот отложил его и "
            "работает дальше; такие же обновления будут откладываться молча."
        )
    else:
        what = (
            f"⚠️ Обработка обновления {update_id} закончилась ошибкой в боте. Человеку ответили, "
            "обновление отложено и повторяться не будет; такие же ошибки будут откладываться молча."
        )
    return (
        f"{what}\nПричина: <code>{quote(why[:300])}</code>\n"
        "Всё сохранено в таблице dead_updates базы клуба — передайте разработчикам."
    )


def outage_over(since: str, until: str, later: int, again: int) -> str:
    """Told to admins once per outage of Telegram, when it is over (ISO times, UTC)."""
    return (
        f"⚠️ Telegram не принимал ответы бота с {since[11:16]} до {until[11:16]} (UTC). "
        f"Ответов отправлено позже: {later}; обновлений обработано заново: {again}. "
        "Ничего не потеряно; если это повторяется, проверьте сеть сервера."
    )
