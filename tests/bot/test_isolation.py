"""A chat's updates one at a time in every process (bot/core/isolation.py): two processes on one
PostgreSQL database wait for each other's update of the same chat, never for another chat's, and
a process that dies lets its chats go."""

from __future__ import annotations

import asyncio

from aiogram.fsm.storage.base import StorageKey

from bot.core.isolation import EventIsolation, key_number

JUDGE = StorageKey(bot_id=1, chat_id=500, user_id=500)
PLAYER = StorageKey(bot_id=1, chat_id=600, user_id=600)


async def _handled(isolation: EventIsolation, key: StorageKey, seen: list[str], name: str) -> None:
    async with isolation.lock(key):
        seen.append(name)


async def test_the_same_chat_waits_for_the_other_process_and_another_chat_does_not(two_processes):
    first, second = map(EventIsolation, two_processes)
    seen: list[str] = []
    async with first.lock(JUDGE):
        waiting = asyncio.create_task(_handled(second, JUDGE, seen, "the judge's second tap"))
        await asyncio.wait_for(_handled(second, PLAYER, seen, "a player"), 5)
        await asyncio.sleep(0.2)
        assert not waiting.done()
        seen.append("the judge's first tap")
    await asyncio.wait_for(waiting, 5)
    assert seen == ["a player", "the judge's first tap", "the judge's second tap"]


async def test_one_process_keeps_its_own_updates_of_a_chat_in_turn(two_processes):
    isolation = EventIsolation(two_processes[0])  # the server's lock is its connection's: the
    seen: list[str] = []  # process's own second update must wait in the process
    async with isolation.lock(JUDGE):
        waiting = asyncio.create_task(_handled(isolation, JUDGE, seen, "second"))
        await asyncio.sleep(0.2)
        assert not waiting.done()
        seen.append("first")
    await asyncio.wait_for(waiting, 5)
    assert seen == ["first", "second"]


async def test_a_process_that_dies_lets_its_chats_go(two_processes):
    first_database, second_database = two_processes
    first, second = EventIsolation(first_database), EventIsolation(second_database)
    seen: list[str] = []
    entered = asyncio.Event()

    async def hangs() -> None:
        async with first.lock(JUDGE):
            entered.set()
            await asyncio.Event().wait()

    stuck = asyncio.create_task(hangs())
    await entered.wait()
    waiting = asyncio.create_task(_handled(second, JUDGE, seen, "the other process"))
    await asyncio.sleep(0.2)
    assert not waiting.done()
    assert first_database._holding is not None
    first_database._holding.terminate()  # as a SIGKILL: the server drops the connection
    await asyncio.wait_for(waiting, 5)
    assert seen == ["the other process"]
    stuck.cancel()


def test_a_chats_key_is_a_stable_32_bit_number():
    assert key_number(JUDGE) == key_number(StorageKey(bot_id=1, chat_id=500, user_id=500))
    assert key_number(JUDGE) != key_number(PLAYER)
    assert -(2**31) <= key_number(JUDGE) < 2**31
