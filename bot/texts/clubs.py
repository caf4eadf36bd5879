"""Clubs: joining, leaving, choosing the club one speaks of, the operators' list."""

from __future__ import annotations

from bot.texts.markup import quote

DEFAULT_TITLE = "Клуб"
NO_CLUB = (
    "🏠 Я ещё не знаю, о каком клубе речь. Откройте меня по ссылке из чата вашего клуба "
    "или напишите /iam Ник в чате клуба."
)
SUSPENDED = "⛔ Клуб приостановлен оператором бота: команды не работают. Данные клуба сохранены."
PENDING = "⏳ Клуб ждёт одобрения оператора бота. Как только его одобрят, всё заработает."

# -- joining ----------------------------------------------------------------------------------
CONNECT = "🏠 Подключить клуб"
OFFER = (
    "👋 Я бот для клубов спортивной мафии: протоколы игр, рейтинг, протесты, вечера и рассадка.\n\n"
    "Чтобы этот чат стал чатом вашего клуба, администратор группы нажимает кнопку ниже."
)
NOT_A_GROUP_ADMIN = "Подключить клуб может только администратор этой группы."
ALREADY_A_CLUB = "Этот чат уже подключён: клуб «{title}»."
GO_PRIVATE = "Продолжим в личных сообщениях: откройте бота и нажмите «Старт»."
ASK_TITLE = (
    "🏠 Подключаем клуб к чату «{chat}».\n\nКак называется клуб? Напишите название "
    "или оставьте название чата."
)
KEEP_TITLE = "Оставить «{title}»"
BAD_TITLE = "Название клуба — от 2 до 60 символов. Напишите его ещё раз."
ASK_ZONE = (
    "🕰 Часовой пояс клуба «{title}»? По нему бот пишет время игр, вечеров и протестов. "
    "Выберите ниже или напишите, например, Europe/Berlin."
)
BAD_ZONE = "Такого часового пояса я не знаю. Выберите кнопку или напишите, например, Europe/Moscow."
ZONES = {  # the zones offered as buttons; anything else may be typed
    "Europe/Moscow": "Москва",
    "Europe/Kaliningrad": "Калининград",
    "Europe/Samara": "Самара",
    "Asia/Yekaterinburg": "Екатеринбург",
    "Asia/Omsk": "Омск",
    "Asia/Novosibirsk": "Новосибирск",
    "Asia/Krasnoyarsk": "Красноярск",
    "Asia/Irkutsk": "Иркутск",
    "Asia/Vladivostok": "Владивосток",
    "Europe/Minsk": "Минск",
}
JOIN_EXPIRED = "Эта ссылка устарела: нажмите «🏠 Подключить клуб» в чате группы ещё раз."


def connected(title: str, zone: str) -> str:
    return (
        f"✅ Клуб «{title}» подключён (часовой пояс: {zone}). Вы — его администратор: "
        "назначайте судей командой /judge, других админов — /admin. Начните с /help."
    )


def connected_in_group(title: str, admin: str) -> str:
    return (
        f"✅ Этот чат — чат клуба «{title}». Администратор: {admin}.\n"
        "Игроки: напишите /iam Ник, чтобы получать свои результаты."
    )


def asked_approval(title: str) -> str:
    return f"⏳ Заявка клуба «{title}» отправлена оператору бота. Я напишу, как только её одобрят."


def approval_request(title: str, chat: str, admin: str, zone: str) -> str:
    return (
        f"🏠 Новый клуб просит подключения: «{title}»\nЧат: {chat}\nАдминистратор: {admin}\n"
        f"Часовой пояс: {zone}"
    )


APPROVE = "✅ Одобрить"
REJECT = "✖ Отклонить"


def approved(title: str) -> str:
    return f"✅ Клуб «{title}» одобрен и подключён. Начните с /help."


def rejected(title: str) -> str:
    return f"✖ Заявка клуба «{title}» отклонена оператором бота."


def decided(title: str, yes: bool, by: str) -> str:
    return f"{'✅ Одобрен' if yes else '✖ Отклонён'}: клуб «{title}» ({by})."


ALREADY_DECIDED = "Эта заявка уже решена."
NOT_AN_OPERATOR = "Это может только оператор бота."


def back_in_group(title: str) -> str:
    return f"👋 Я снова здесь. Клуб «{title}» продолжает: все игры и рейтинг сохранены."


# -- the operators' list ----------------------------------------------------------------------
STATE_WORDS = {
    "pending": "⏳ ждёт одобрения",
    "active": "✅ работает",
    "suspended": "⛔ приостановлен",
    "left": "🚪 бот удалён из чата",
    "rejected": "✖ отклонён",
}
SUSPEND = "⛔ Приостановить"
RESUME = "▶️ Возобновить"
NO_CLUBS = "Клубов пока нет. Клуб подключается, когда бота добавляют в группу."


EARLIER = "◀ Раньше"
LATER = "Дальше ▶"


def clubs_header(count: int, page: int, pages: int) -> str:
    shown = f" · страница {page} из {pages}" if pages > 1 else ""
    return f"🏠 Клубы бота: {count}{shown}"


def club_line(number: int, title: str, state: str, chat: str) -> str:
    return f"№{number} {title} — {state} (чат {chat})"


def suspended_note(title: str) -> str:
    return f"⛔ Клуб «{title}» приостановлен."


def resumed_note(title: str) -> str:
    return f"▶️ Клуб «{title}» снова работает."


# -- which club one speaks of -----------------------------------------------------------------
def current_club(title: str) -> str:
    return f"🏠 Клуб: {title}"


def from_club(text: str, title: str | None) -> str:
    """A notice in private, headed by its club where a person may be in several."""
    return text if title is None else f"🏠 «{quote(title)}»\n{text}"


def speaking_of(title: str, others: list[str]) -> str:
    return f"🏠 Клуб «{title}» · ваши другие клубы: " + ", ".join(f"«{o}»" for o in others)


SWITCH_CLUB = "Выберите другой — команды в личке будут о нём."
CHOOSE_CLUB = "🏠 О каком клубе говорим? Команды в личке будут о выбранном клубе."
NO_CLUBS_OF_PERSON = (
    "🏠 Вы пока не состоите ни в одном клубе. Напишите /iam Ник в чате своего клуба "
    "или откройте бота по ссылке из него."
)


def chose(title: str) -> str:
    return f"🏠 Теперь говорим о клубе «{title}»."
