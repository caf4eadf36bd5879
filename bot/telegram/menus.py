"""The command lists: what ``set_my_commands`` registers and what /help explains."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import BotCommand, BotCommandScopeChat

from bot.core import club_scope
from bot.texts.menu import DESCRIPTIONS, WORDS
from bot.vocabulary.rights import Member


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    private: bool = True
    group: bool = False
    audience: str = "player"  # player, judge, head_judge or admin
    one_club_only: bool = False  # the whole database's: a club's admin has it only when alone

    @property
    def description(self) -> str:
        return DESCRIPTIONS[self.name]

    def bot_command(self) -> BotCommand:
        return BotCommand(command=self.name, description=self.description)


COMMANDS: tuple[Command, ...] = (
    Command("start", private=True, group=True),
    Command("help", private=True, group=True),
    Command("rating", private=True, group=True),
    Command("me"),
    Command("player"),
    Command("vs"),
    Command("stats", private=True, group=True),
    Command("iam"),
    Command("protest", private=True, group=True),
    Command("settings"),
    Command("night", audience="head_judge"),
    Command("guest", audience="head_judge"),
    Command("leave", audience="head_judge"),
    Command("table", audience="head_judge"),
    Command("protests", audience="head_judge"),
    Command("replay", audience="head_judge"),
    Command("tv", audience="head_judge"),
    Command("export", audience="judge"),
    Command("link", audience="head_judge"),
    Command("unlink", audience="head_judge"),
    Command("rename", audience="admin"),
    Command("merge", audience="admin"),
    Command("import", audience="admin"),
    Command("mingames", audience="admin"),
    Command("backup", audience="admin", one_club_only=True),
    Command("archive", audience="admin"),
    Command("status", audience="admin"),
    Command("game", audience="judge"),
    Command("games", audience="judge"),
    Command("judge", audience="admin"),
    Command("headjudge", audience="admin"),
    Command("admin", audience="admin"),
    Command("unjudge", audience="admin"),
    Command("staff", audience="admin"),
    Command("newtournament", audience="admin"),
    Command("tournaments", audience="admin"),
    Command("newstage", audience="admin"),
    Command("closetournament", audience="admin"),
    Command("ruleset", audience="admin"),
)


def private_commands() -> list[BotCommand]:
    """The menu every player sees in a private chat; staff get theirs per chat."""
    return [c.bot_command() for c in COMMANDS if c.private and c.audience == "player"]


def group_commands() -> list[BotCommand]:
    return [command.bot_command() for command in COMMANDS if command.group]


def commands_for(member: Member, *, private: bool) -> list[Command]:
    allowed = {"player"}
    if member.is_judge:
        allowed.add("judge")
    if member.is_head_judge:
        allowed.add("head_judge")
    if member.is_admin:
        allowed.add("admin")
    alone = club_scope.serves_one_club()
    return [
        command
        for command in COMMANDS
        if command.audience in allowed
        and (command.private if private else command.group)
        and (alone or not command.one_club_only)
    ]


def nearest(text: str, member: Member) -> Command | None:
    """The command a person probably meant by an unknown one («/raiting», «/рейтинг») or by a
    word («рейтинг», «статистика»): among the commands he has in a private chat."""
    said = text.strip()
    if not said or (not said.startswith("/") and len(said.split()) != 1):
        return None  # a sentence is not a mistyped command
    words = said.lstrip("/").split(maxsplit=1)
    word = words[0].split("@")[0].casefold() if words else ""
    if not word:
        return None
    mine = {c.name: c for c in commands_for(member, private=True)}
    meant = WORDS.get(word.replace("ё", "е"))
    if meant in mine:
        return mine[meant]
    close = difflib.get_close_matches(word, list(mine), n=1, cutoff=0.7)
    return mine[close[0]] if close else None


def listed(member: Member, *, private: bool) -> list[tuple[str, str]]:
    """The commands this member has here, as (command, description) for a text to list."""
    return [(c.name, c.description) for c in commands_for(member, private=private)]


async def publish_menu(bot: Bot, member: Member) -> bool:
    """Show a member the command menu of his rights in his private chat with the bot.

    False when Telegram refuses (he has not opened the bot yet): it is tried again on his next
    update, see ``MenuMiddleware``."""
    commands = [command.bot_command() for command in commands_for(member, private=True)]
    scope = BotCommandScopeChat(chat_id=member.user_id)
    try:
        if member.is_judge:
            await bot.set_my_commands(commands, scope=scope)
        else:
            await bot.delete_my_commands(scope=scope)
    except (TelegramBadRequest, TelegramForbiddenError):
        return False
    return True
