"""/export (judges and up) and /import (admins): the club's data as files."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import CommandObject
from aiogram.types import BufferedInputFile, Document, Message

from bot.rating.interchange import Files
from bot.telegram.filters import PRIVATE, Check, admin, command, judge
from bot.texts import interchange as texts
from bot.vocabulary.rights import Member


async def cmd_export(message: Message, command: CommandObject, files: Files) -> None:
    found = await files.export(command.args)
    if isinstance(found, str):
        await message.answer(found)
        return
    for file in found:
        await message.answer_document(
            BufferedInputFile(file.content, file.name), caption=file.caption
        )


def _document(message: Message) -> Document | None:
    if message.document is not None:
        return message.document
    reply = message.reply_to_message
    return reply.document if reply is not None else None


def _title(command: CommandObject, document: Document) -> str:
    if command.args and command.args.strip():
        return command.args
    name = document.file_name or ""
    return name.rsplit(".", 1)[0].replace("_", " ") if name else texts.DEFAULT_TITLE


async def cmd_import(
    message: Message, command: CommandObject, member: Member, files: Files
) -> None:
    assert message.bot is not None
    document = _document(message)
    title = _title(command, document) if document is not None else ""
    request = f"message:{message.chat.id}:{message.message_id}"  # redelivered: imported once
    await message.answer(
        await files.bring_in(message.bot, document, title, member.user_id, request)
    )


async def file_without_command(message: Message) -> None:
    await message.answer(texts.FILE_HINT)


async def not_allowed_export(message: Message) -> None:
    await message.answer(texts.NOT_ALLOWED_EXPORT)


async def not_allowed_import(message: Message) -> None:
    await message.answer(texts.NOT_ALLOWED_IMPORT)


def build_router() -> Router:
    router = Router(name="interchange")
    router.message.register(cmd_export, command("export"), PRIVATE, judge)
    router.message.register(not_allowed_export, command("export"), PRIVATE)
    router.message.register(cmd_import, command("import"), PRIVATE, admin)
    router.message.register(not_allowed_import, command("import"), PRIVATE)
    router.message.register(file_without_command, Check(F.document), PRIVATE, admin)
    return router
