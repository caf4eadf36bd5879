"""What everyone reads: /start and /help, and the bot's general answers."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts.markup import bold, quote
from bot.texts.menu import EXAMPLES, SECTIONS
from bot.vocabulary.rights import Member

DISK_FULL = (
    "На сервере бота кончилось место на диске: действие не выполнено, ничего не записано. "
    "Сообщите администратору клуба — когда место освободят, повторите."
)
UNEXPECTED_ERROR = (
    "Что-то пошло не так, и действие не выполнено. Попробуйте ещё раз; если ошибка повторится, "
    "сообщите администратору клуба."
)
DATABASE_BUSY = (
    "⏳ База клуба сейчас занята другой программой (например, резервной копией). Ваш запрос "
    "не потерян: отвечу, как только она освободится."
)
STALE_BUTTON = "Эта кнопка устарела. Откройте меню заново."
NOT_UNDERSTOOD = "Я понимаю команды и кнопки. Список команд — /help."


def did_you_mean(name: str, description: str) -> str:
    return f"Может быть, вы имели в виду /{name} — {quote(description)}? Все команды — /help."


def only_in_private(bot_username: str | None) -> str:
    where = f" @{bot_username}" if bot_username else ""
    return f"Эта команда работает в личном чате со мной{where}."


_ABOUT = (
    "Я веду протоколы игр клуба спортивной мафии: судьи вносят результаты за столом, "
    "я считаю баллы по правилам лиги, объявляю итоги в чате клуба и веду рейтинг."
)
_ROLE_INTRO = {
    "admin": "Вы администратор клуба: вам доступны все команды, включая назначение судей и "
    "управление турнирами.",
    "head_judge": "Вы главный судья: вы вносите и исправляете результаты и решаете протесты.",
    "judge": "Вы судья: вносите результаты игр своего стола в личном чате со мной.",
    "player": "Вы игрок: привяжите свой игровой ник командой /iam, смотрите рейтинг (/rating) и "
    "свою статистику (/me), а если не согласны с результатом игры — подайте протест (/protest) "
    "в течение отведённого времени.",
}
_OPERATOR_INTRO = (
    "Вы оператор бота: /clubs — все клубы сервиса (одобрить, приостановить), /status — состояние "
    "всего сервиса, /backup — копия всей базы."
)
_GROUP_ROLE = "В этом чате я публикую результаты игр и изменения в них."


def _audience(member: Member) -> str:
    if member.is_admin:
        return "admin"
    if member.is_head_judge:
        return "head_judge"
    if member.is_judge:
        return "judge"
    return "player"


Commands = Sequence[tuple[str, str]]  # (command, what it does), as the menu lists them


def _command_list(commands: Commands, *, more: bool = False) -> str:
    lines = [bold("С чего начать:" if more else "Команды:")]
    lines += [f"• /{name} — {quote(description)}" for name, description in commands]
    if more:
        lines.append("Все команды с примерами — /help")
    return "\n".join(lines)


# What the staff's /start names first (the whole list is /help's): a player's list is short.
_FIRST_STEPS = {
    "admin": ("newtournament", "judge", "headjudge", "night", "game", "rating"),
    "head_judge": ("night", "game", "protests", "rating"),
    "judge": ("game", "rating"),
}


def _intro(member: Member, operator: bool) -> list[str]:
    """Who he is to the bot: an operator (``OPERATOR_IDS``) is told so first, and a club's
    staff role follows; a player's intro is not an operator's."""
    audience = _audience(member)
    if not operator:
        return [_ROLE_INTRO[audience]]
    return [_OPERATOR_INTRO] if audience == "player" else [_OPERATOR_INTRO, _ROLE_INTRO[audience]]


def start_private(member: Member, commands: Commands, *, operator: bool = False) -> str:
    audience = _audience(member)
    first = _FIRST_STEPS.get(audience)
    shown = [c for c in commands if c[0] in first] if first else list(commands)
    parts = [
        bold(f"Здравствуйте, {member.full_name}!"),
        _ABOUT,
        *_intro(member, operator),
        _command_list(shown, more=len(shown) < len(commands)),
    ]
    if member.is_admin:
        parts.append(f"Ваш Telegram id (для ADMIN_IDS): <code>{member.user_id}</code>")
    return "\n\n".join(parts)


def help_private(member: Member, commands: Commands, *, operator: bool = False) -> str:
    return "\n\n".join([bold("Справка"), *_intro(member, operator), *_command_sections(commands)])


def _command_sections(commands: Commands) -> list[str]:
    """The commands grouped as ``SECTIONS`` says, each with its example; one section without a
    title (a player's /help is one short list)."""
    described = dict(commands)
    sections = []
    for title, names in SECTIONS:
        lines = []
        for name in names:
            if name in described:
                example = EXAMPLES.get(name)
                tail = f", например <code>{quote(example)}</code>" if example else ""
                lines.append(f"• /{name} — {quote(described[name])}{tail}")
        if lines:
            sections.append((title, lines))
    if len(sections) == 1:
        return ["\n".join(sections[0][1])]
    return [f"{bold(title)}\n" + "\n".join(lines) for title, lines in sections]


def _private_hint(bot_username: str | None) -> str:
    where = f": @{bot_username}" if bot_username else ""
    return f"Результаты, статистика и протоколы — в личном чате со мной{where}."


def start_group(member: Member, bot_username: str | None, chat_id: int, commands: Commands) -> str:
    parts = [_ABOUT, _GROUP_ROLE, _private_hint(bot_username), _command_list(commands)]
    if member.is_admin:
        parts.append(f"Для администратора: id этого чата для CLUB_CHAT_ID — <code>{chat_id}</code>")
    return "\n\n".join(parts)


def help_group(bot_username: str | None, commands: Commands) -> str:
    """Shorter than /start: what the bot does here, and where to go for the rest."""
    return "\n\n".join(
        [
            bold("Справка"),
            _GROUP_ROLE,
            _private_hint(bot_username),
            _command_list(commands),
        ]
    )


PICTURE_SENT = "Картинка — в личных сообщениях со мной."
PICTURE_COMING = "Рисую картинку — она придёт в личных сообщениях со мной."
PICTURE_NOTHING = "Показывать пока нечего."


def open_the_bot_for_picture(bot_username: str) -> str:
    return f"Чтобы я прислал картинку, откройте @{bot_username} и нажмите «Запустить»."
