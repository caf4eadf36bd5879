"""What makes two names one: case, spacing and е/ё do not count (nicknames, tournament titles)."""

from __future__ import annotations


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold().replace("ё", "е")
