"""Who the person behind an update is, as far as the club's rights go."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Right(StrEnum):
    """Rights a member can be given; an admin has every right."""

    ADMIN = "admin"
    HEAD_JUDGE = "head_judge"
    JUDGE = "judge"


@dataclass(frozen=True, slots=True)
class Member:
    user_id: int
    full_name: str
    rights: frozenset[Right] = frozenset()

    @property
    def is_admin(self) -> bool:
        return Right.ADMIN in self.rights

    @property
    def is_head_judge(self) -> bool:
        return self.is_admin or Right.HEAD_JUDGE in self.rights

    @property
    def is_judge(self) -> bool:
        return self.is_head_judge or Right.JUDGE in self.rights
