"""/archive and an archive sent with /import: what a club's admin reads about moving his club."""

from __future__ import annotations

from bot.texts import plural
from bot.texts.markup import quote


def _counts(tournaments: int, games: int, players: int) -> str:
    return (
        f"{plural.plural(tournaments, 'турнир', 'турнира', 'турниров')}, "
        f"{plural.plural(games, 'игра', 'игры', 'игр')}, "
        f"{plural.plural(players, 'игрок', 'игрока', 'игроков')}"
    )


def archive_caption(title: str, tournaments: int, games: int, players: int) -> str:
    return (
        f"🗄 Архив клуба «{quote(title)}»: {_counts(tournaments, games, players)}, вечера, "
        "протесты, права судей и настройки.\n"
        "Чтобы перенести клуб в другого бота: подключите там клуб (добавьте бота в группу "
        "клуба) и пришлите ему этот файл с подписью /import."
    )


def brought_in(title: str, tournaments: int, games: int, players: int, nights: int) -> str:
    evenings = f", {plural.plural(nights, 'вечер', 'вечера', 'вечеров')}" if nights else ""
    return (
        f"✅ Клуб «{quote(title)}» перенесён из архива: {_counts(tournaments, games, players)}"
        f"{evenings}. Права судей, протесты и настройки — как были. Рейтинг: /rating"
    )


def club_not_empty(title: str) -> str:
    return (
        f"В клубе «{quote(title)}» уже есть турниры или игроки — архив переносится только в "
        "новый, пустой клуб. Ничего не записано. Подключите клуб заново в другой группе или "
        "импортируйте турниры по одному (/export в старом боте)."
    )


ALREADY_BROUGHT_IN = "Этот архив уже перенесён в клуб — второй раз ничего не записано."
BROKEN = (
    "Архив клуба повреждён или изменён вручную — ничего не записано. Сделайте его заново "
    "командой /archive в старом боте."
)
NEWER = (
    "Архив сделан более новой версией бота, чем эта: обновите бота и пришлите файл снова. "
    "Ничего не записано."
)
TOO_BIG = "Архив клуба больше 400 МБ в распакованном виде — такой бот не принимает."
NOT_ALLOWED = "Архив клуба делает администратор клуба."
IN_PRIVATE = "Архив клуба я присылаю только в личном чате: напишите мне /archive."


def too_big_to_send(size: int) -> str:
    return (
        f"Архив клуба занимает {size // (1024 * 1024)} МБ — больше, чем Telegram разрешает боту "
        "отправить (50 МБ). Его может снять оператор бота на сервере (README, раздел Clubs)."
    )
