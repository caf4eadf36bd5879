"""The SQLite FSM storage: state and data survive a restart; destiny keeps records apart."""

from aiogram.fsm.state import State, StatesGroup
from aiogram.fsm.storage.base import StorageKey

from bot.core.fsm_storage import SQLiteStorage
from bot.core.sqlite_db import SqliteDatabase


class Entry(StatesGroup):
    seats = State()


KEY = StorageKey(bot_id=1, chat_id=2, user_id=3)


async def open_storage(path):
    database = SqliteDatabase(path)
    await database.connect()
    await database.migrate()
    return database, SQLiteStorage(database)


async def test_state_and_data_survive_a_restart(tmp_path):
    database, storage = await open_storage(tmp_path / "club.sqlite3")
    await storage.set_state(KEY, Entry.seats)
    await storage.set_data(KEY, {"seats": ["Лис", "<Дон>"], "table": 2})
    await database.close()

    database, storage = await open_storage(tmp_path / "club.sqlite3")
    assert await storage.get_state(KEY) == "Entry:seats"
    assert await storage.get_data(KEY) == {"seats": ["Лис", "<Дон>"], "table": 2}
    assert await storage.update_data(KEY, {"table": 3}) == {"seats": ["Лис", "<Дон>"], "table": 3}
    await storage.set_state(KEY, None)
    assert await storage.get_state(KEY) is None
    assert (await storage.get_data(KEY))["table"] == 3
    await database.close()


async def test_destiny_and_every_key_part_keep_records_apart(tmp_path):
    database, storage = await open_storage(tmp_path / "club.sqlite3")
    other_destiny = StorageKey(bot_id=1, chat_id=2, user_id=3, destiny="scene")
    other_thread = StorageKey(bot_id=1, chat_id=2, user_id=3, thread_id=9)
    await storage.set_state(KEY, "a")
    await storage.set_state(other_destiny, "b")
    await storage.set_data(other_thread, {"x": 1})
    assert await storage.get_state(KEY) == "a"
    assert await storage.get_state(other_destiny) == "b"
    assert await storage.get_data(KEY) == {}
    assert await storage.get_data(other_thread) == {"x": 1}
    await database.close()


async def test_unknown_key_is_empty(tmp_path):
    database, storage = await open_storage(tmp_path / "club.sqlite3")
    assert await storage.get_state(KEY) is None
    assert await storage.get_data(KEY) == {}
    await database.close()
