"""The club's TV screen: /tv's answers."""

from __future__ import annotations

from bot.texts.markup import quote
from bot.texts.plural import plural

NOT_ALLOWED = "Ссылку на экран клуба даёт администратор или главный судья."
IN_PRIVATE = "Ссылку на экран клуба бот даёт в личных сообщениях: напишите ему /tv."
NOT_SERVED = (
    "Страницы клуба нет: бот не знает своего адреса в интернете (WEBAPP_URL). "
    "Попросите того, кто ставил бота, её включить."
)


def made(url: str, until: str) -> str:
    return (
        "📺 Экран клуба — откройте эту ссылку в браузере телевизора или компьютера в зале:\n"
        f"{quote(url)}\n\n"
        f"Ссылка действует до {until}. Не пересылайте её в чат: по ней виден ход игр за столами. "
        "/tv off — отключить все ссылки."
    )


def revoked(count: int) -> str:
    if not count:
        return "Действующих ссылок на экран клуба нет."
    return f"Экран клуба отключён ({plural(count, 'ссылка', 'ссылки', 'ссылок')})."


def phase(name: str, round_number: int) -> str:
    """The phase of a game in play, as the room reads it: «ночь 0», «день 2», «голосование 2»."""
    word = {"night": "ночь", "day": "день", "voting": "голосование"}.get(name, name)
    return f"{word} {round_number}"
