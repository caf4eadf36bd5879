"""What an admin reads in /status."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.texts.markup import bold, quote

NOT_AN_ADMIN_STATUS = "Состояние бота — для администраторов клуба."


def _duration(span: timedelta) -> str:
    minutes = int(span.total_seconds() // 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    if days:
        return f"{days} д {hours} ч"
    return f"{hours} ч {minutes} мин" if hours else f"{minutes} мин"


def _size(count: int) -> str:
    return f"{count / 1024 / 1024:.1f} МБ" if count >= 1024 * 1024 else f"{count // 1024} КБ"


def status(
    *, version: str, uptime: timedelta, process: str, database: str, database_bytes: int,
    games: int, backlog: int,
    oldest_seconds: float | None, telegram_seconds_ago: float | None, club_chat_ok: bool,
    dead_updates: int, daily_backups: bool, last_backup: datetime | None,
    server_copies: bool = False, chats_failing: int | None = None,
) -> str:  # fmt: skip
    """``chats_failing``: for an operator, how many clubs' chats refuse the bot (of all clubs)
    instead of the one club's chat."""
    lines = [bold("Состояние бота"), f"Версия {quote(version)}, работает {_duration(uptime)}."]
    lines.append(f"Ответил процесс {quote(process)}.")
    lines.append(f"База: {_size(database_bytes)}, игр: {games} — {quote(database)}.")
    if backlog:
        oldest = f", самое старое ждёт {_duration(timedelta(seconds=oldest_seconds or 0))}"
        lines.append(f"Неотправленных сообщений: {backlog}{oldest}.")
    else:
        lines.append("Все сообщения отправлены.")
    if telegram_seconds_ago is None:
        lines.append("Telegram ещё не отвечал с запуска.")
    else:
        lines.append(f"Telegram отвечал {int(telegram_seconds_ago)} с назад.")
    if chats_failing is None:
        chat = "пишу" if club_chat_ok else "писать не могу (что сделать — в сообщении админам)"
        lines.append(f"Чат клуба: {chat}.")
    elif chats_failing:
        lines.append(f"Чатов клубов, куда не могу писать: {chats_failing} (их админам написано).")
    else:
        lines.append("Чаты клубов: пишу во все.")
    if dead_updates:
        lines.append(f"Отложенных обновлений (dead_updates): {dead_updates}.")
    if server_copies:  # PostgreSQL: the operator's pg_dump
        lines.append("Копии базы PostgreSQL делает оператор (pg_dump, README).")
    elif not daily_backups:
        lines.append("Ежедневные копии базы выключены (BACKUP_DIR); копия вручную: /backup.")
    elif last_backup is None:
        lines.append("Ежедневных копий базы ещё нет.")
    else:
        lines.append(f"Последняя ежедневная копия базы: {last_backup:%d.%m.%Y %H:%M}.")
    return "\n".join(lines)
