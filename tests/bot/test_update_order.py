"""A person's updates are handled in the order they came; different people's at once
(bot/telegram/polling.UpdateTasks). After a restart, a text replayed from the bot's store must
not be overtaken by the next one the person sent (the crash loop caught «2 1» and a paste of
names handled the wrong way round)."""

import asyncio

from aiogram.types import Update

from bot.telegram.polling import UpdateTasks, order_key


def message(update_id, user_id, text):
    return Update.model_validate({
        "update_id": update_id,
        "message": {
            "message_id": update_id, "date": 0, "text": text,
            "chat": {"id": user_id, "type": "private"},
            "from": {"id": user_id, "is_bot": False, "first_name": "X"},
        },
    })  # fmt: skip


class SlowFirst:
    """A dispatcher whose first update of each person takes a while."""

    def __init__(self):
        self.done = []
        self.seen = set()

    async def feed_update(self, bot, update):
        person = update.message.from_user.id
        if person not in self.seen:
            self.seen.add(person)
            await asyncio.sleep(0.05)
        self.done.append(update.update_id)


async def test_one_persons_updates_keep_their_order_and_others_do_not_wait():
    dispatcher = SlowFirst()
    tasks = UpdateTasks(dispatcher, bot=None)
    tasks.handle([message(1, 10, "2 1"), message(2, 10, "Лис\nBravo"), message(3, 20, "/me")])
    await asyncio.sleep(0.01)
    tasks.handle([message(4, 20, "/rating")])
    await asyncio.wait(set(tasks.running))
    assert dispatcher.done.index(1) < dispatcher.done.index(2)  # 10's, in order
    assert dispatcher.done.index(3) < dispatcher.done.index(4)  # 20's, in order
    assert order_key(message(1, 10, "x")) == (10, 10)


async def test_a_failed_update_does_not_stop_the_next_one_of_that_person():
    class Failing(SlowFirst):
        async def feed_update(self, bot, update):
            if update.update_id == 1:
                raise RuntimeError("boom")
            await super().feed_update(bot, update)

    dispatcher = Failing()
    tasks = UpdateTasks(dispatcher, bot=None)
    tasks.handle([message(1, 10, "a"), message(2, 10, "b")])
    await asyncio.wait(set(tasks.running))
    assert dispatcher.done == [2]
