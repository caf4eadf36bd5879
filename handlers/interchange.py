"""/export (judges and up), /import and /archive (admins): the club's data as files."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.filters import CommandObject, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import BufferedInputFile, CallbackQuery, Document, Message

from bot.callbacks import ImportCB
from bot.rating.interchange import Files, InFile
from bot.telegram.filters import PLAIN_TEXT, PRIVATE, Check, admin, command, judge
from bot.telegram.refusals import lacks_right
from bot.telegram.screen import answer
from bot.texts import archive as archive_texts
from bot.texts import interchange as texts

MAX_SENT_BYTES = 50 * 1024 * 1024  # what a bot may send to Telegram


async def cmd_export(message: Message, command: CommandObject, files: Files) -> None:
    found = await files.export(command.args)
    if isinstance(found, str):
        await message.answer(found)
        return
    for file in found:
        await message.answer_document(
            BufferedInputFile(file.content, file.name), caption=file.caption
        )


async def cmd_archive(message: Message, files: Files) -> None:
    """The whole club as one file, to move it to another bot."""
    archive = await files.archive.export()
    if len(archive.content) > MAX_SENT_BYTES:
        await message.answer(archive_texts.too_big_to_send(len(archive.content)))
        return
    await message.answer_document(
        BufferedInputFile(archive.content, archive.name), caption=archive.caption
    )


async def not_allowed_archive(message: Message) -> None:
    await lacks_right(message, archive_texts.NOT_ALLOWED)


async def archive_in_group(message: Message) -> None:
    await message.reply(archive_texts.IN_PRIVATE)


def _document(message: Message) -> Document | None:
    if message.document is not None:
        return message.document
    reply = message.reply_to_message
    return reply.document if reply is not None else None


def _title(command: CommandObject, document: Document) -> str:
    if command.args and command.args.strip():
        return command.args
    name = (document.file_name or "").removesuffix(".gz")  # «season.json.gz»: «season»
    return name.rsplit(".", 1)[0].replace("_", " ") if name else texts.DEFAULT_TITLE


class Importing(StatesGroup):
    title = State()  # the file's title was taken: the admin names it (data: file, size, offer)


async def _bring_in(
    message: Message, state: FSMContext, files: Files, file: InFile, title: str, request: str
) -> None:
    """Import; a file whose title is taken waits in the FSM state for another title."""
    assert message.bot is not None
    actor = message.chat.id  # a private chat: the admin's own id
    screen, waiting = await files.bring_in(message.bot, file, title, actor, request)
    if waiting is None:
        await state.clear()
        await answer(message, screen)
        return
    asked = await message.answer(screen.text or "", reply_markup=screen.markup)
    await state.set_state(Importing.title)
    await state.set_data({
        "file": waiting.file_id, "size": waiting.size, "offer": waiting.suggested,
        "prompt": asked.message_id,  # an older question's buttons are stale
    })  # fmt: skip


async def cmd_import(
    message: Message, command: CommandObject, state: FSMContext, files: Files
) -> None:
    document = _document(message)
    if document is None:
        await message.answer(texts.NO_FILE)
        return
    file = InFile(document.file_id, document.file_size or 0)
    request = f"message:{message.chat.id}:{message.message_id}"  # redelivered: imported once
    await _bring_in(message, state, files, file, _title(command, document), request)


async def on_import_title(message: Message, state: FSMContext, files: Files) -> None:
    """The title for the waiting file. A text of several lines is no title but a judge's
    paste: the question is dropped and the text goes on to the handlers that take it."""
    if "\n" in (message.text or ""):
        await state.clear()
        raise SkipHandler
    data = await state.get_data()
    file = InFile(data.get("file", ""), data.get("size", 0))
    request = f"message:{message.chat.id}:{message.message_id}"
    await _bring_in(message, state, files, file, message.text or "", request)


async def on_import_choice(
    callback: CallbackQuery, callback_data: ImportCB, state: FSMContext, files: Files
) -> None:
    data = await state.get_data()
    message = callback.message if isinstance(callback.message, Message) else None
    waiting = await state.get_state() == Importing.title.state
    if not waiting or message is None or data.get("prompt") != message.message_id:
        await callback.answer(texts.IMPORT_GONE, show_alert=True)
        return
    await callback.answer()
    if not callback_data.go:
        await state.clear()
        await message.answer(texts.IMPORT_CANCELLED)
        return
    file = InFile(data.get("file", ""), data.get("size", 0))
    request = f"callback:{message.chat.id}:{message.message_id}"  # a double tap: imported once
    await _bring_in(message, state, files, file, data.get("offer", ""), request)


async def cmd_cancel_import(message: Message, state: FSMContext) -> None:
    await state.clear()
    await message.answer(texts.IMPORT_CANCELLED)


async def file_without_command(message: Message) -> None:
    await message.answer(texts.FILE_HINT)


async def not_allowed_export(message: Message) -> None:
    await lacks_right(message, texts.NOT_ALLOWED_EXPORT)


async def not_allowed_import(message: Message) -> None:
    await lacks_right(message, texts.NOT_ALLOWED_IMPORT)


def build_router() -> Router:
    router = Router(name="interchange")
    router.message.register(cmd_export, command("export"), PRIVATE, judge)
    router.message.register(not_allowed_export, command("export"), PRIVATE)
    router.message.register(cmd_archive, command("archive"), PRIVATE, admin)
    router.message.register(not_allowed_archive, command("archive"), PRIVATE)
    router.message.register(archive_in_group, command("archive"))
    router.message.register(cmd_cancel_import, command("cancel"), StateFilter(Importing.title))
    router.message.register(cmd_import, command("import"), PRIVATE, admin)
    router.message.register(
        on_import_title, StateFilter(Importing.title), PRIVATE, PLAIN_TEXT, admin
    )
    router.callback_query.register(on_import_choice, ImportCB.filter(), admin)
    router.message.register(not_allowed_import, command("import"), PRIVATE)
    router.message.register(file_without_command, Check(F.document), PRIVATE, admin)
    return router
