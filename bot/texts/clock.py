"""Times as a club reads them: local time with the zone («21:47 МСК»)."""

from __future__ import annotations

from datetime import datetime, tzinfo

MOSCOW_TIME = "МСК"


def zone_label(local: datetime) -> str:
    """«МСК» for Moscow time, «UTC+5» elsewhere: what a club reads next to a deadline."""
    offset = local.utcoffset()
    hours = int(offset.total_seconds() // 3600) if offset is not None else 0
    minutes = int(offset.total_seconds() % 3600 // 60) if offset is not None else 0
    if local.tzinfo is not None and str(local.tzinfo) == "Europe/Moscow":
        return MOSCOW_TIME
    sign = "+" if hours >= 0 else "−"
    return f"UTC{sign}{abs(hours)}" + (f":{minutes:02d}" if minutes else "")


def clock_time(moment: datetime, zone: tzinfo) -> str:
    """«21:47 МСК»."""
    local = moment.astimezone(zone)
    return f"{local:%H:%M} {zone_label(local)}"


def date_time(moment: datetime, zone: tzinfo) -> str:
    """«21:47 МСК (30.11)»: every deadline is written this one way."""
    local = moment.astimezone(zone)
    return f"{local:%H:%M} {zone_label(local)} ({local:%d.%m})"
