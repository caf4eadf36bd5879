"""What people read about players' nicknames."""

from __future__ import annotations

MAX_NICKNAME = 32
NICKNAME_EMPTY = "Ник не может быть пустым."
NICKNAME_TOO_LONG = f"Ник длиннее {MAX_NICKNAME} символов."
NICKNAME_INVISIBLE = "В нике есть управляющие или невидимые символы."
NICKNAME_STARTS_WITH_SEAT = "Ник не может начинаться с номера места (например «1.» или «3)»)."


def similar_exists(nickname: str) -> str:
    return f"В клубе уже есть игрок «{nickname}»: выберите его."
