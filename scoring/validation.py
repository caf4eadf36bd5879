"""Checks of a game protocol against a ruleset.

Every problem carries a stable ``code`` for programs and a Russian ``message`` for people, with
the game, seat and penalty it concerns; all problems are collected, not only the first. The checks
take plain values (a role or result may be unknown) so that the JSON reader can run them on a
half-broken game and still report everything it can.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from scoring.model import (
    MAX_FOULS,
    MAX_TECHNICAL_FOULS,
    ROLE_COUNTS,
    SEAT_NUMBERS,
    SEATS,
    Game,
    Outcome,
    Removal,
    Role,
    Winner,
    outcome_for,
)
from scoring.rulesets import Ruleset

ROLE_NAMES_RU = {
    Role.CIVILIAN: "мирный",
    Role.SHERIFF: "шериф",
    Role.MAFIA: "мафия",
    Role.DON: "дон",
}
OUTCOME_NAMES_RU = {Outcome.WIN: "победа", Outcome.LOSS: "поражение", Outcome.DRAW: "ничья"}


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    message: str
    game_id: str | None = None
    seat: int | None = None
    penalty: str | None = None

    def __str__(self) -> str:
        where = []
        if self.game_id is not None:
            where.append(f"игра {self.game_id}")
        if self.seat is not None:
            where.append(f"место {self.seat}")
        if self.penalty is not None:
            where.append(f"штраф {self.penalty}")
        prefix = ", ".join(where)
        return (
            f"{prefix}: {self.message} [{self.code}]" if prefix else f"{self.message} [{self.code}]"
        )


class ProtocolError(ValueError):
    """Raised when a protocol has problems; ``problems`` lists all of them."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))


def fmt(value: Decimal) -> str:
    """A decimal as a judge writes it: 0.25, 0.4, 1."""
    return format(value.normalize(), "f")


def check_seat(
    ruleset: Ruleset,
    game_id: str,
    seat: int,
    extra: Decimal,
    penalties: Sequence[str],
    role: Role | None,
    winner: Winner | None,
) -> list[Problem]:
    """Extras and penalties of one seat. ``role``/``winner`` may be unknown (already reported)."""
    problems: list[Problem] = []

    def add(code: str, message: str, penalty: str | None = None) -> None:
        problems.append(Problem(code, message, game_id, seat, penalty))

    if extra < 0:
        add("extra-negative", f"доп. баллы судьи не бывают отрицательными ({fmt(extra)})")
    elif extra > ruleset.extra_max or extra < ruleset.extra_min:
        add(
            "extra-range",
            f"доп. баллы {fmt(extra)} вне диапазона "
            f"{fmt(ruleset.extra_min)}…{fmt(ruleset.extra_max)}",
        )
    elif not ruleset.is_valid_extra(extra):
        add("extra-step", f"доп. баллы {fmt(extra)} не кратны шагу {fmt(ruleset.extra_step)}")
    elif extra != 0 and winner is Winner.DRAW and not ruleset.extra_in_draw:
        add("extra-in-draw", "при ничьей доп. баллы судьи не начисляются (п. 8.4.7)")

    outcome = outcome_for(role, winner) if role is not None and winner is not None else None
    for code, count in Counter(penalties).items():
        if count > 1:
            add("penalty-duplicate", "один и тот же штраф дважды одному игроку", code)
    for code in dict.fromkeys(penalties):
        item = ruleset.penalty(code)
        if item is None:
            add("penalty-unknown", f"в правилах {ruleset.id} нет такого штрафа", code)
            continue
        if role is not None and role not in item.roles:
            add(
                "penalty-role",
                f"штраф не применяется к роли «{ROLE_NAMES_RU[role]}»",
                code,
            )
        elif outcome is not None and outcome not in item.outcomes:
            add(
                "penalty-result",
                f"штраф не применяется, когда у команды игрока «{OUTCOME_NAMES_RU[outcome]}»",
                code,
            )
    return problems


def check_roles(game_id: str, roles: Iterable[Role | None]) -> list[Problem]:
    counts = Counter(role for role in roles if role is not None)
    problems = []
    for role, expected in ROLE_COUNTS.items():
        if counts[role] != expected:
            problems.append(
                Problem(
                    "role-count",
                    f"роль «{ROLE_NAMES_RU[role]}»: нужно {expected}, указано {counts[role]}",
                    game_id,
                )
            )
    return problems


def check_names(game_id: str, names: Sequence[str | None]) -> list[Problem]:
    problems = []
    first_seat: dict[str, int] = {}
    for seat, name in enumerate(names, start=1):
        if name is None:
            continue
        if name in first_seat:
            problems.append(
                Problem(
                    "name-duplicate",
                    f"игрок «{name}» уже сидит на месте {first_seat[name]}",
                    game_id,
                    seat,
                )
            )
        else:
            first_seat[name] = seat
    return problems


def check_night(
    game_id: str, first_killed: int | None, best_move: Sequence[int] | None
) -> list[Problem]:
    problems = []
    if first_killed is not None and first_killed not in SEAT_NUMBERS:
        problems.append(
            Problem("first-killed-seat", f"убитый в первую ночь: нет места {first_killed}", game_id)
        )
    if best_move is None:
        return problems
    if first_killed is None:
        problems.append(
            Problem(
                "best-move-without-first-killed", "лучший ход без убитого в первую ночь", game_id
            )
        )
    if len(best_move) != 3:
        problems.append(
            Problem("best-move-size", f"в лучшем ходе 3 места, указано {len(best_move)}", game_id)
        )
    for seat in dict.fromkeys(best_move):
        if seat not in SEAT_NUMBERS:
            problems.append(Problem("best-move-seat", f"в лучшем ходе нет места {seat}", game_id))
    if len(set(best_move)) != len(best_move):
        problems.append(
            Problem("best-move-duplicate", "в лучшем ходе места должны быть разными", game_id)
        )
    if first_killed is not None and first_killed in best_move:
        problems.append(
            Problem(
                "best-move-self",
                f"в лучшем ходе не может быть места самого убитого ({first_killed})",
                game_id,
                first_killed,
            )
        )
    return problems


_REMOVALS = frozenset(removal.value for removal in Removal)


def check_discipline(
    game_id: str, seat: int, fouls: object, technical_fouls: object, removal: object
) -> list[Problem]:
    """A seat's fouls (0–4), technical fouls (0–2) and removal (judge, ppk): whole numbers, at
    most one cause of removal (SCORING.md, «Discipline»)."""
    problems = []
    if type(fouls) is not int or not 0 <= fouls <= MAX_FOULS:
        problems.append(Problem("fouls-invalid", "фолы — целое число от 0 до 4", game_id, seat))
        fouls = 0
    if type(technical_fouls) is not int or not 0 <= technical_fouls <= MAX_TECHNICAL_FOULS:
        message = "технические фолы — целое число от 0 до 2"
        problems.append(Problem("technical-fouls-invalid", message, game_id, seat))
        technical_fouls = 0
    if removal is not None and (not isinstance(removal, str) or removal not in _REMOVALS):
        message = "удаление: нужно judge (судьёй) или ppk (ППК)"
        problems.append(Problem("removal-invalid", message, game_id, seat))
        removal = None
    causes = (fouls == MAX_FOULS) + (technical_fouls == MAX_TECHNICAL_FOULS) + (removal is not None)
    if causes > 1:
        message = "у удаления одна причина: 4 фола, 2 технических фола или удаление судьёй (ППК)"
        problems.append(Problem("removal-twice", message, game_id, seat))
    return problems


def check_team_defeat(
    game_id: str, seats: Sequence[tuple[Role | None, Removal | None]], winner: Winner | None
) -> list[Problem]:
    """One ППК a game at most, and the culprit's team lost it."""
    culprits = [(seat, role) for seat, (role, removal) in enumerate(seats, start=1)
                if removal is Removal.PPK]  # fmt: skip
    problems = []
    if len(culprits) > 1:
        places = ", ".join(str(seat) for seat, _ in culprits)
        message = f"ППК в игре может быть только одно, а здесь у мест {places}"
        problems.append(Problem("ppk-twice", message, game_id, culprits[1][0]))
    for seat, role in culprits:
        if winner is Winner.DRAW:
            message = "ППК — поражение команды виновника: ничьей быть не может"
            problems.append(Problem("ppk-winner", message, game_id, seat))
        elif role is not None and winner is not None and winner.value == role.team.value:
            other = "чёрных" if role.team.value == "red" else "красных"
            message = f"ППК — поражение команды виновника: победитель — команда {other}"
            problems.append(Problem("ppk-winner", message, game_id, seat))
    return problems


def validate_game(game: Game, ruleset: Ruleset) -> list[Problem]:
    """Every problem of one well-typed game."""
    problems: list[Problem] = []
    if len(game.players) != SEATS:
        problems.append(
            Problem("players-count", f"за столом 10 мест, указано {len(game.players)}", game.id)
        )
    for seat, entry in enumerate(game.players, start=1):
        if not entry.name.strip():
            problems.append(Problem("name-missing", "не указан ник игрока", game.id, seat))
        problems += check_seat(
            ruleset, game.id, seat, entry.extra, entry.penalties, entry.role, game.winner
        )
        problems += check_discipline(
            game.id, seat, entry.fouls, entry.technical_fouls, entry.removal
        )
    seats = [(entry.role, entry.removal) for entry in game.players]
    problems += check_team_defeat(game.id, seats, game.winner)
    problems += check_names(game.id, [entry.name for entry in game.players])
    problems += check_roles(game.id, [entry.role for entry in game.players])
    problems += check_night(game.id, game.first_killed, game.best_move)
    return problems


def validate_games(games: Iterable[Game], ruleset: Ruleset) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[str] = set()
    for game in games:
        if game.id in seen:
            problems.append(Problem("game-id-duplicate", "номер игры повторяется в файле", game.id))
        seen.add(game.id)
        problems += validate_game(game, ruleset)
    return problems
