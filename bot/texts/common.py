"""Every text a judge or player reads, in Russian, built with aiogram's formatting helpers."""

from __future__ import annotations

from aiogram.utils.formatting import Bold, Code, Text, as_line, as_list, as_marked_section

from bot.core.rights import Member
from bot.telegram.menus import commands_for

UNEXPECTED_ERROR = (
    "Что-то пошло не так, и действие не выполнено. Попробуйте ещё раз; если ошибка повторится, "
    "сообщите администратору клуба."
)
STALE_BUTTON = "Эта кнопка устарела. Откройте меню заново."
NOT_UNDERSTOOD = "Я понимаю команды и кнопки. Список команд — /help."

_ABOUT = (
    "Я веду протоколы игр клуба спортивной мафии: судьи вносят результаты за столом, "
    "я считаю баллы по правилам лиги, объявляю итоги в чате клуба и веду рейтинг."
)
_ROLE_INTRO = {
    "admin": "Вы администратор клуба: вам доступны все команды, включая назначение судей и "
    "управление турнирами.",
    "head_judge": "Вы главный судья: вы вносите и исправляете результаты и решаете протесты.",
    "judge": "Вы судья: вносите результаты игр своего стола в личном чате со мной.",
    "player": "Вы игрок: смотрите рейтинг и свою статистику, а если не согласны с результатом "
    "игры — подайте протест в течение отведённого времени.",
}


def _audience(member: Member) -> str:
    if member.is_admin:
        return "admin"
    if member.is_head_judge:
        return "head_judge"
    if member.is_judge:
        return "judge"
    return "player"


def _command_list(member: Member, *, private: bool) -> Text:
    return as_marked_section(
        Bold("Команды:"),
        *(
            Text(f"/{command.name} — {command.description}")
            for command in commands_for(member, private=private)
        ),
        marker="• ",
    )


def start_private(member: Member) -> Text:
    parts = [
        as_line(Bold(f"Здравствуйте, {member.full_name}!")),
        Text(_ABOUT),
        Text(_ROLE_INTRO[_audience(member)]),
        _command_list(member, private=True),
    ]
    if member.is_admin:
        parts.append(Text("Ваш Telegram id (для ADMIN_IDS): ", Code(member.user_id)))
    return as_list(*parts, sep="\n\n")


def help_private(member: Member) -> Text:
    return as_list(
        Bold("Справка"),
        Text(_ROLE_INTRO[_audience(member)]),
        _command_list(member, private=True),
        Text("Напишите мне в личные сообщения — там открываются все действия с кнопками."),
        sep="\n\n",
    )


def start_group(member: Member, bot_username: str | None, chat_id: int) -> Text:
    private_hint = (
        f"Результаты, статистика и протоколы — в личном чате со мной: @{bot_username}."
        if bot_username
        else "Результаты, статистика и протоколы — в личном чате со мной."
    )
    parts = [
        Text(_ABOUT),
        Text("В этом чате я публикую результаты игр и изменения в них."),
        Text(private_hint),
        _command_list(member, private=False),
    ]
    if member.is_admin:
        parts.append(Text("Для администратора: id этого чата для CLUB_CHAT_ID — ", Code(chat_id)))
    return as_list(*parts, sep="\n\n")


NOT_A_JUDGE = (
    "Вносить и исправлять результаты могут только судьи клуба. "
    "Если вы судья, попросите администратора назначить вас."
)
NOT_AN_ADMIN = "Эта команда только для администраторов клуба."
NO_TOURNAMENT = "Нет текущего турнира. Администратор создаёт его командой /newtournament."
NO_OPEN_DRAFT = "Открытого протокола нет. Начните новый командой /game."
ENTRY_NEEDS_TEXT = "Сейчас нужен текст или кнопки в сообщении с протоколом."
ALREADY_SAVED = "Эта игра уже сохранена."
SCREEN_CHANGED = "Нажатие уже учтено: экран обновился. Если нужно, нажмите кнопку ещё раз."
DRAFT_CLOSED = "Этот протокол уже закрыт."
DRAFT_CANCELLED = "Протокол отменён. Новый — командой /game."
CORRECTION_CANCELLED = "Исправление отменено: игра осталась без изменений."
CANNOT_CORRECT = (
    "Исправить эту игру нельзя: судья может исправлять свои игры до конца времени протестов, "
    "главный судья — в любое время."
)
FINISH_DRAFT_FIRST = "Сначала сохраните или отмените открытый протокол (/game)."
NOTHING_TO_CORRECT = "Нет игр, которые вы можете исправить."
CORRECTABLE_GAMES = "Игры, которые вы можете исправить:"


def entry_in_private(bot_username: str | None) -> str:
    where = f" @{bot_username}" if bot_username else ""
    return f"Результаты вносятся в личном чате со мной{where}: команда /game."
