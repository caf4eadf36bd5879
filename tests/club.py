"""A club set up the way people set it up, and a judge's protocol entered by taps."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tests.fakes.people import Person, World
from tests.harness import ADMIN_ID

NAMES = ["Лис", "Bravo", "<Дон> & Co", "Сова", "Ёж", "Кот", "Волк", "Рысь", "Барс", "Филин"]


async def setup_club(world: World, tournament: str = "Осенний кубок") -> tuple[Person, Person]:
    """An admin who created a tournament, and a judge the admin appointed."""
    admin = world.person("Админ", user_id=ADMIN_ID, username="boss")
    await admin.send(f"/newtournament {tournament}")
    assert "создан" in (await admin.reply()).text
    judge = await appoint_judge(world, admin, "Иван", "ivan_judge")
    return admin, judge


async def appoint_judge(
    world: World, admin: Person, name: str, username: str, command: str = "/judge"
) -> Person:
    """A person who opened the bot and whom the admin appointed (``/judge`` or ``/headjudge``)."""
    judge = world.person(name, username=username)
    await judge.send("/start")
    await judge.reply()
    await admin.send(f"{command} @{username}")
    assert "назначен" in (await admin.reply()).text
    # He is told in private, through the outbox: he reads it before he does anything.
    await world.api.wait_for(lambda: "Вас назначили" in judge.last().text, 5)
    return judge


class Taps:
    """Counts what a judge does: each message sent and each button pressed is one action."""

    def __init__(self, person: Person) -> None:
        self.person = person
        self.count = 0

    async def send(self, text: str) -> None:
        self.count += 1
        await self.person.send(text)
        await self.person.reply()

    async def press(self, label: str) -> None:
        self.count += 1
        await self.person.press(label)
        await self.person.reply()

    async def seat(self, seat: int) -> None:
        """Press the button of a seat, whatever marks and nickname it shows."""
        pattern = re.compile(rf"^(?:\S+ )?{seat} ")
        labels = [label for label in self.person.buttons() if pattern.match(label)]
        assert labels, f"no button for seat {seat} in {self.person.buttons()}"
        await self.press(labels[0])

    async def foul(self, seat: int) -> None:
        """The extras screen's one-tap foul of a seat («⚠️7», «⚠️7: 2», «🚫7»)."""
        pattern = re.compile(rf"^(?:⚠️|🚫){seat}(?::|$)")
        labels = [label for label in self.person.buttons() if pattern.match(label)]
        assert labels, f"no foul button for seat {seat} in {self.person.buttons()}"
        await self.press(labels[0])


async def seat_players(taps: Taps, names: Sequence[str] = NAMES) -> None:
    """/game, paste the ten nicknames, create the ones the club does not know yet."""
    await taps.send("/game")
    await taps.send("\n".join(names))
    labels = [b for b in taps.person.buttons() if b.startswith("➕ Создать новых игроков")]
    if labels:
        await taps.press(labels[0])


async def enter_protocol(
    taps: Taps,
    *,
    names: Sequence[str] = NAMES,
    sheriff: int = 2,
    don: int = 9,
    mafia: tuple[int, int] = (4, 7),
    winner: str = "⚫ Чёрные",
    killed: int | None = 1,
    best_move: Sequence[int] = (4, 7, 9),
    extras: dict[int, str] | None = None,
    penalties: dict[int, Sequence[str]] | None = None,
    fouls: dict[int, int] | None = None,
    summary: bool = True,
) -> None:
    """From /game to the summary (or, not ``summary``, to the extras screen before it), the fast
    way: paste the names, then tap."""
    await seat_players(taps, names)
    await taps.press("Далее ➡")
    for seat in (sheriff, don, *mafia):
        await taps.seat(seat)
    await taps.press(winner)
    if killed is None:
        await taps.press("Никого (промах)")
    else:
        await taps.seat(killed)
        for seat in best_move:
            await taps.seat(seat)
        if not best_move and "Без лучшего хода" in taps.person.buttons():
            await taps.press("Без лучшего хода")
    for seat, value in (extras or {}).items():
        await taps.seat(seat)
        await taps.press(value)
        await taps.press("Готово ✓")
    for seat, codes in (penalties or {}).items():
        await taps.seat(seat)
        for code in codes:
            label = next(b for b in taps.person.buttons() if b.startswith(f"{code} "))
            await taps.press(label)
        await taps.press("Готово ✓")
    for seat, count in (fouls or {}).items():
        for _ in range(count):
            await taps.foul(seat)
    if summary:
        await taps.press("К итогу ➡")


async def open_seat_from_summary(taps: Taps, seat: int) -> None:
    """From the summary to one seat's extra and penalties."""
    await taps.press("✏️ Изменить")
    await taps.press("Доп. баллы, штрафы, фолы")
    await taps.seat(seat)


async def appoint_head_judge(world: World, admin: Person, name: str, username: str) -> Person:
    return await appoint_judge(world, admin, name, username, "/headjudge")


async def linked_player(
    world: World, admin: Person, name: str, username: str, nickname: str
) -> Person:
    """A person who opened the bot and whom the admin linked to ``nickname``."""
    person = world.person(name, username=username)
    await person.send("/start")
    await person.reply()
    await admin.send(f"/link {person.id} {nickname}")
    assert "Готово" in (await admin.reply()).text
    # his notice comes through the outbox: wait for it, so that it is not taken for the answer
    # to what he does next
    await world.api.wait_for(lambda: "привязан" in person.last().text, 10)
    return person
