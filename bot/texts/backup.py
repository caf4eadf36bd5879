"""/backup: what the admin reads."""

from __future__ import annotations

WHOLE_DATABASE_IS_THE_OPERATORS = (
    "Копия всей базы — у операторов бота: в ней и другие клубы. Все данные вашего клуба одним "
    "файлом: /archive"
)
ON_THE_SERVER = (
    "База бота — на сервере PostgreSQL: её копии делает оператор командой pg_dump (README, "
    "раздел «Several processes on PostgreSQL»). Все данные вашего клуба одним файлом: /archive"
)
IN_PRIVATE = "Копию базы я присылаю только администратору в личном чате: напишите мне /backup."


def caption(when: str, *, every_club: bool = False) -> str:
    """``every_club``: the database of a service of many clubs (an operator's copy)."""
    whose = "всей базы бота (все клубы)" if every_club else "базы клуба"
    return (
        f"Копия {whose} на {when}. Храните её в надёжном месте: в ней все игры, игроки и "
        "протесты. Как восстановить — в README бота (раздел Backups)."
    )


def too_big(size: int) -> str:
    return (
        f"База занимает {size // (1024 * 1024)} МБ — больше, чем Telegram разрешает боту "
        "отправить (50 МБ). Скопируйте её на сервере командой из README (раздел Backups)."
    )


def weekly_caption(when: str) -> str:
    return (
        f"Еженедельная копия базы клуба на {when} (BACKUP_SEND_WEEKDAY). Храните её не на сервере: "
        "в ней все игры, игроки и протесты. Как восстановить — в README бота (раздел Backups)."
    )
