"""Copies of one question to several people: closed together, a copy not sent yet never sent."""

from bot.core import outbox
from bot.core.outbox import Kind

NOW = "2026-12-01T12:00:00+00:00"


async def test_a_question_answered_closes_the_sent_copies_and_drops_the_queued_ones(database):
    async with database.transaction() as tx:
        for chat in ("101", "102", "103"):
            await outbox.enqueue(tx, chat, Kind.TEXT, NOW, body="Вопрос", copy_key="link:1")
        await outbox.enqueue(tx, "102", Kind.TEXT, NOW, body="Другое")  # not a copy
    first, second, *_ = await outbox.due(database)
    async with database.transaction() as tx:  # two copies went out, the third waits
        await outbox.copy_sent(tx, "link:1", 101, 555)
        await outbox.delivered(tx, first["id"])
        await outbox.copy_sent(tx, "link:1", 102, 777)
        await outbox.delivered(tx, second["id"])
    async with database.transaction() as tx:  # answered from chat 101's copy
        await outbox.close_copies(tx, "link:1", "Решено", NOW, except_chat=101)
    closes = [r for r in await outbox.due(database) if r["kind"] == Kind.CLOSE]
    assert sorted(r["chat"] for r in closes) == ["102", "103"]
    assert {r["body"] for r in closes} == {"Решено"}
    async with database.transaction() as tx:
        assert await outbox.take_copies(tx, "link:1", 102) == [777]
        assert await outbox.take_copies(tx, "link:1", 103) == []  # never sent: dropped
    left = [(r["chat"], r["kind"], r["body"]) for r in await outbox.due(database)]
    assert ("103", "text", "Вопрос") not in left and ("102", "text", "Другое") in left
    assert await database.fetchall("SELECT * FROM sent_copies") == []
