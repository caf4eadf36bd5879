"""/export (judges and up) and /import (admins): the club's data as files."""

from __future__ import annotations

import io

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import BufferedInputFile, Document, Message, Update

from bot.rating import interchange
from bot.rating.interchange import MAX_PROBLEMS_SHOWN, Importer, ImportRefused
from bot.rating.service import RatingError, Ratings
from bot.telegram.filters import PRIVATE, Check, admin, judge
from bot.texts import interchange as texts
from bot.vocabulary.rights import Member


async def cmd_export(message: Message, command: CommandObject, ratings: Ratings) -> None:
    try:
        tournament = await ratings.tournament((command.args or "").strip())
    except RatingError as error:
        await message.answer(error.message)
        return
    board = await ratings.board(tournament)
    if not board.game_count:
        await message.answer(texts.export_empty(tournament.title))
        return
    stem = interchange.file_stem(tournament.title)
    ruleset = interchange.export_ruleset(board)
    ruleset_name = interchange.ruleset_file_name(board)
    if ruleset is not None and ruleset_name is not None:
        await message.answer_document(
            BufferedInputFile(ruleset.encode(), ruleset_name), caption=texts.ruleset_caption()
        )
    await message.answer_document(
        BufferedInputFile(interchange.export_protocol(board).encode(), f"{stem}.json"),
        caption=texts.export_caption(tournament.title, board.game_count),
    )
    await message.answer_document(
        BufferedInputFile(interchange.export_csv(board).encode(), f"{stem}.csv"),
        caption=texts.csv_caption(tournament.title),
    )


def _document(message: Message) -> Document | None:
    if message.document is not None:
        return message.document
    reply = message.reply_to_message
    return reply.document if reply is not None else None


def _title(message: Message, command: CommandObject, document: Document) -> str:
    if command.args and command.args.strip():
        return command.args
    name = document.file_name or ""
    return name.rsplit(".", 1)[0].replace("_", " ") if name else texts.DEFAULT_TITLE


async def cmd_import(
    message: Message, command: CommandObject, bot: Bot, member: Member, importer: Importer,
    ratings: Ratings, event_update: Update,
) -> None:  # fmt: skip
    document = _document(message)
    if document is None:
        await message.answer(texts.NO_FILE)
        return
    if (document.file_size or 0) > interchange.MAX_FILE_BYTES:
        await message.answer(texts.refused([texts.TOO_BIG], MAX_PROBLEMS_SHOWN))
        return
    buffer = io.BytesIO()
    try:
        await bot.download(document, destination=buffer)
    except TelegramAPIError:
        await message.answer(texts.DOWNLOAD_FAILED)
        return
    try:
        done = await importer.run(
            buffer.getvalue(), _title(message, command, document), member.user_id,
            f"update:{event_update.update_id}",
        )  # fmt: skip
    except ImportRefused as error:
        await message.answer(texts.refused(error.problems, MAX_PROBLEMS_SHOWN))
        return
    await message.answer(
        texts.imported(done.title, done.games, done.players_new, done.players_known, done.ruleset)
    )


async def file_without_command(message: Message) -> None:
    await message.answer(texts.FILE_HINT)


async def not_allowed_export(message: Message) -> None:
    await message.answer(texts.NOT_ALLOWED_EXPORT)


async def not_allowed_import(message: Message) -> None:
    await message.answer(texts.NOT_ALLOWED_IMPORT)


def build_router() -> Router:
    router = Router(name="interchange")
    router.message.register(cmd_export, Command("export"), PRIVATE, judge)
    router.message.register(not_allowed_export, Command("export"), PRIVATE)
    router.message.register(cmd_import, Command("import"), PRIVATE, admin)
    router.message.register(not_allowed_import, Command("import"), PRIVATE)
    router.message.register(file_without_command, Check(F.document), PRIVATE, admin)
    return router
