"""Rulesets as data: the built-in ones and loading a club's own from TOML or JSON.

A ruleset is described by a plain mapping (the same shape a club's file has) and turned into a
``Ruleset`` by one loader, so the built-in rulesets go through exactly the checks a file does.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from scoring.model import Outcome, Role
from scoring.numbers import computable

TIE_BREAK_KEYS = ("additional", "wins", "special_wins", "first_killed")

_WHO: dict[str, frozenset[Role]] = {
    "red": frozenset({Role.CIVILIAN, Role.SHERIFF}),
    "black": frozenset({Role.MAFIA, Role.DON}),
    **{role.value: frozenset({role}) for role in Role},
}
_WHEN: dict[str, frozenset[Outcome]] = {
    "any": frozenset(Outcome),
    **{outcome.value: frozenset({outcome}) for outcome in Outcome},
}
MAX_DESCRIPTION = 60


@dataclass(frozen=True, slots=True)
class PenaltyItem:
    code: str
    value: Decimal
    roles: frozenset[Role]
    outcomes: frozenset[Outcome]
    description: str

    def applies_to(self, role: Role, outcome: Outcome) -> bool:
        return role in self.roles and outcome in self.outcomes


DEFAULT_REMOVAL = Decimal("-0.5")
DEFAULT_TEAM_DEFEAT = Decimal("-0.7")
DISCIPLINE_STEP = Decimal("0.05")


@dataclass(frozen=True, slots=True)
class Ruleset:
    id: str
    title: str
    win_points: Decimal
    draw_points: Decimal
    best_move_points: tuple[Decimal, Decimal, Decimal, Decimal]  # by blacks guessed: 0..3
    extra_min: Decimal
    extra_max: Decimal
    extra_step: Decimal
    extra_in_draw: bool
    ci_factor: Decimal
    ci_cap: Decimal
    ci_share: Decimal
    tie_breaks: tuple[str, ...]
    penalties: tuple[PenaltyItem, ...]
    # Discipline (SCORING.md): a removal (4 fouls, 2 technical fouls, the judge's) and a team
    # defeat (ППК), as penalty points; None: that costs nothing.
    removal: Decimal | None = DEFAULT_REMOVAL
    team_defeat: Decimal | None = DEFAULT_TEAM_DEFEAT

    def discipline(self, removed: str | None) -> Decimal:
        """The points a removal costs («fouls», «technical», «judge» or «ppk»)."""
        if removed is None:
            return Decimal(0)
        value = self.team_defeat if removed == "ppk" else self.removal
        return value if value is not None else Decimal(0)

    def penalty(self, code: str) -> PenaltyItem | None:
        for item in self.penalties:
            if item.code == code:
                return item
        return None

    def is_valid_extra(self, extra: Decimal) -> bool:
        if not self.extra_min <= extra <= self.extra_max:
            return False
        return (extra - self.extra_min) % self.extra_step == 0

    def allowed_extras(self) -> list[Decimal]:
        values, value = [], self.extra_min
        while value <= self.extra_max:
            values.append(value)
            value += self.extra_step
        return values

    def penalties_for(self, role: Role, outcome: Outcome) -> list[PenaltyItem]:
        return [item for item in self.penalties if item.applies_to(role, outcome)]


class RulesetError(ValueError):
    """A ruleset description that cannot be used; ``problems`` name each bad field."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(problems))


class _Reader:
    """Reads typed fields out of a mapping, collecting a message per bad field."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def fail(self, path: str, message: str) -> None:
        self.problems.append(f"поле «{path}»: {message}")

    def number(self, data: Mapping[str, Any], key: str, path: str) -> Decimal:
        value = data.get(key)
        if isinstance(value, bool) or not isinstance(value, int | Decimal | float | str):
            self.fail(path, "нужно число" if key in data else "не задано")
            return Decimal(0)
        try:
            number = Decimal(str(value))
        except InvalidOperation:
            self.fail(path, "нужно число")
            return Decimal(0)
        if not number.is_finite():
            self.fail(path, "нужно конечное число")
            return Decimal(0)
        if not computable(number):
            self.fail(path, "не больше 6 цифр до и после точки")
            return Decimal(0)
        return number

    def text(self, data: Mapping[str, Any], key: str, path: str) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(path, "нужна непустая строка" if key in data else "не задано")
            return ""
        return value.strip()

    def names(
        self, data: Mapping[str, Any], key: str, path: str, allowed: Mapping[str, Any]
    ) -> list[str]:
        value = data.get(key)
        if not isinstance(value, list) or not value:
            self.fail(path, "нужен непустой список" if key in data else "не задано")
            return []
        result = []
        for item in value:
            if not isinstance(item, str) or item not in allowed:
                self.fail(path, f"неизвестное значение {item!r}; допустимы: {', '.join(allowed)}")
            else:
                result.append(item)
        return result


def ruleset_to_mapping(ruleset: Ruleset) -> dict[str, Any]:
    """The description ``ruleset_from_mapping`` reads back into an equal ruleset."""

    def num(value: Decimal) -> str:
        return str(value)

    return {
        "id": ruleset.id,
        "title": ruleset.title,
        "win_points": num(ruleset.win_points),
        "draw_points": num(ruleset.draw_points),
        "best_move": {str(i): num(v) for i, v in enumerate(ruleset.best_move_points)},
        "extra": {
            "min": num(ruleset.extra_min),
            "max": num(ruleset.extra_max),
            "step": num(ruleset.extra_step),
            "in_draw": ruleset.extra_in_draw,
        },
        "ci": {
            "factor": num(ruleset.ci_factor),
            "cap": num(ruleset.ci_cap),
            "share": num(ruleset.ci_share),
        },
        "tie_breaks": list(ruleset.tie_breaks),
        "penalties": [
            {
                "code": item.code,
                "value": num(item.value),
                "who": sorted(role.value for role in item.roles),
                "when": sorted(outcome.value for outcome in item.outcomes),
                "description": item.description,
            }
            for item in ruleset.penalties
        ],
        "discipline": {
            "removal": None if ruleset.removal is None else num(ruleset.removal),
            "team_defeat": None if ruleset.team_defeat is None else num(ruleset.team_defeat),
        },
    }


def ruleset_from_mapping(data: Mapping[str, Any], source: str = "ruleset") -> Ruleset:
    """Build a ruleset from its description; raise ``RulesetError`` naming every bad field."""
    if not isinstance(data, Mapping):
        raise RulesetError(source, ["описание правил должно быть объектом"])
    if "extends" in data:
        data = _extend(data, source)
    read = _Reader()
    known = {
        "id",
        "title",
        "win_points",
        "draw_points",
        "best_move",
        "extra",
        "ci",
        "tie_breaks",
        "penalties",
        "discipline",
        "extends",
    }
    for key in data:
        if key not in known:
            read.fail(str(key), "неизвестное поле")
    ruleset_id = read.text(data, "id", "id")
    title = read.text(data, "title", "title")
    win_points = read.number(data, "win_points", "win_points")
    draw_points = read.number(data, "draw_points", "draw_points")

    best_move_raw = data.get("best_move")
    best_move = [Decimal(0)] * 4
    if not isinstance(best_move_raw, Mapping):
        read.fail("best_move", "нужна таблица «число угаданных чёрных → баллы»")
    else:
        for key in best_move_raw:
            if str(key) not in {"0", "1", "2", "3"}:
                read.fail(f"best_move.{key}", "ключ должен быть 0, 1, 2 или 3")
        for guessed in range(4):
            if str(guessed) in best_move_raw:
                best_move[guessed] = read.number(
                    best_move_raw, str(guessed), f"best_move.{guessed}"
                )

    extra = _section(read, data, "extra")
    extra_min = read.number(extra, "min", "extra.min")
    extra_max = read.number(extra, "max", "extra.max")
    extra_step = read.number(extra, "step", "extra.step")
    extra_in_draw = extra.get("in_draw", False)
    if not isinstance(extra_in_draw, bool):
        read.fail("extra.in_draw", "нужно true или false")
        extra_in_draw = False
    if extra_step <= 0:
        read.fail("extra.step", "шаг должен быть больше нуля")
        extra_step = Decimal(1)
    if extra_min < 0:
        read.fail("extra.min", "доп. баллы судьи не бывают отрицательными")
    if extra_max < extra_min:
        read.fail("extra.max", "максимум меньше минимума")

    ci = _section(read, data, "ci")
    ci_factor = read.number(ci, "factor", "ci.factor")
    ci_cap = read.number(ci, "cap", "ci.cap")
    ci_share = read.number(ci, "share", "ci.share")
    if ci_factor < 0:
        read.fail("ci.factor", "не может быть отрицательным")
    if ci_cap < 0:
        read.fail("ci.cap", "не может быть отрицательным")
    if not 0 < ci_share <= 1:
        read.fail("ci.share", "доля должна быть больше 0 и не больше 1")

    tie_breaks = read.names(data, "tie_breaks", "tie_breaks", dict.fromkeys(TIE_BREAK_KEYS))
    if len(set(tie_breaks)) != len(tie_breaks):
        read.fail("tie_breaks", "критерий указан дважды")

    penalties = _penalties(read, data.get("penalties"))
    removal, team_defeat = _discipline(read, data.get("discipline", {}))
    if read.problems:
        raise RulesetError(source, read.problems)
    return Ruleset(
        id=ruleset_id,
        title=title,
        win_points=win_points,
        draw_points=draw_points,
        best_move_points=(best_move[0], best_move[1], best_move[2], best_move[3]),
        extra_min=extra_min,
        extra_max=extra_max,
        extra_step=extra_step,
        extra_in_draw=extra_in_draw,
        ci_factor=ci_factor,
        ci_cap=ci_cap,
        ci_share=ci_share,
        tie_breaks=tuple(tie_breaks),
        penalties=penalties,
        removal=removal,
        team_defeat=team_defeat,
    )


def _discipline(read: _Reader, raw: Any) -> tuple[Decimal | None, Decimal | None]:
    """``"discipline": {"removal": -0.5, "team_defeat": -0.7}``: each ≤ 0, a multiple of 0.05,
    or null (none); a value left out keeps its default."""
    if not isinstance(raw, Mapping):
        read.fail("discipline", "нужна таблица")
        return DEFAULT_REMOVAL, DEFAULT_TEAM_DEFEAT
    values: dict[str, Decimal | None] = {
        "removal": DEFAULT_REMOVAL, "team_defeat": DEFAULT_TEAM_DEFEAT,
    }  # fmt: skip
    for key in raw:
        if key not in values:
            read.fail(f"discipline.{key}", "неизвестное поле")
    for key in values:
        if key not in raw:
            continue
        if raw[key] is None:
            values[key] = None
            continue
        number = read.number(raw, key, f"discipline.{key}")
        if number > 0 or number % DISCIPLINE_STEP != 0:
            read.fail(f"discipline.{key}", "нужно число не больше 0, кратное 0.05")
        values[key] = number
    return values["removal"], values["team_defeat"]


def _section(read: _Reader, data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key)
    if not isinstance(value, Mapping):
        read.fail(key, "нужна таблица" if key in data else "не задано")
        return {}
    return value


def _penalties(read: _Reader, raw: Any) -> tuple[PenaltyItem, ...]:
    if not isinstance(raw, list):
        read.fail("penalties", "нужен список штрафов")
        return ()
    items: list[PenaltyItem] = []
    codes: set[str] = set()
    for index, entry in enumerate(raw):
        path = f"penalties[{index}]"
        if not isinstance(entry, Mapping):
            read.fail(path, "нужна таблица")
            continue
        code = read.text(entry, "code", f"{path}.code")
        if code in codes:
            read.fail(f"{path}.code", f"код {code} повторяется")
        codes.add(code)
        value = read.number(entry, "value", f"{path}.value")
        if value >= 0:
            read.fail(f"{path}.value", "штраф должен быть отрицательным")
        who = read.names(entry, "who", f"{path}.who", _WHO)
        when = read.names(entry, "when", f"{path}.when", _WHEN)
        description = read.text(entry, "description", f"{path}.description")
        if len(description) > MAX_DESCRIPTION:
            read.fail(f"{path}.description", f"не длиннее {MAX_DESCRIPTION} символов")
        items.append(
            PenaltyItem(
                code=code,
                value=value,
                roles=frozenset().union(*(_WHO[w] for w in who)) if who else frozenset(),
                outcomes=frozenset().union(*(_WHEN[w] for w in when)) if when else frozenset(),
                description=description,
            )
        )
    return tuple(items)


def _extend(data: Mapping[str, Any], source: str) -> dict[str, Any]:
    base_id = data["extends"]
    if not isinstance(base_id, str) or base_id not in BUILT_IN:
        raise RulesetError(source, [f"поле «extends»: нет встроенных правил {base_id!r}"])
    merged = {**BUILT_IN[base_id]}
    for key, value in data.items():
        if key == "extends":
            continue
        if key in ("extra", "ci", "best_move") and isinstance(value, Mapping):
            merged[key] = {**merged[key], **value}
        elif key == "add_penalties" and isinstance(value, list):
            merged["penalties"] = [*merged["penalties"], *value]
        else:
            merged[key] = value
    merged.pop("add_penalties", None)
    return merged


def _item(code: str, who: str, when: str, description: str) -> dict[str, Any]:
    return {"code": code, "who": who.split(), "when": when.split(), "description": description}


def _with_value(value: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**item, "value": Decimal(value)} for item in items]


_COMMON: dict[str, Any] = {
    "win_points": Decimal(1),
    "draw_points": Decimal(0),
    "best_move": {"0": Decimal(0), "1": Decimal(0), "2": Decimal("0.25"), "3": Decimal("0.4")},
    "extra": {"min": Decimal(0), "max": Decimal("0.7"), "step": Decimal("0.05"), "in_draw": False},
    "ci": {"factor": Decimal("0.4"), "cap": Decimal("0.4"), "share": Decimal("0.4")},
    "tie_breaks": list(TIE_BREAK_KEYS),
}

BUILT_IN: dict[str, dict[str, Any]] = {
    "rules-8": {
        "id": "rules-8",
        "title": "Правила, раздел 8 (штраф −0,4)",
        **_COMMON,
        "penalties": _with_value(
            "-0.4",
            [
                _item("8.5.1", "red", "loss", "Слом в красного в 1-й день"),
                _item("8.5.2", "red", "any", "Слом в красного при 4 игроках"),
                _item("8.5.3", "civilian", "loss", "Ложное вскрытие шерифом"),
                _item("8.5.4", "sheriff", "loss", "Шериф не вскрылся"),
                _item("8.5.5.1", "sheriff", "loss", "Проверенный красный ушёл голосованием"),
                _item("8.5.5.2", "sheriff", "loss", "Проверенный чёрный остался в игре"),
                _item("8.5.5.3", "sheriff", "loss", "Чёрный среди красной проверки остался"),
                _item("8.5.5.4", "sheriff", "loss", "Неверные проверки привели к поражению"),
                _item("8.5.6.1", "black", "loss", "Не проснулся на договорке"),
                _item("8.5.6.2", "sheriff", "loss", "Шериф не проверял 2+ ночи"),
                _item("8.5.6.3", "sheriff", "loss", "Не проверил при гарантированной победе"),
                _item("8.5.6.4", "black", "loss", "Не стрелял 2+ ночи"),
                _item("8.5.6.5", "black", "loss", "Промах по явно обозначенному"),
            ],
        ),
    },
    "rules-6.4": {
        "id": "rules-6.4",
        "title": "Штрафы за деструктив, п. 6.4 (−0,8)",
        **_COMMON,
        "penalties": _with_value(
            "-0.8",
            [
                _item("6.4.5.1", "red", "loss", "Слом мирного в своих в 1-й день"),
                _item("6.4.5.2", "black", "loss", "Слом мафии в своих в 1-й день"),
                _item("6.4.5.3", "red", "any", "Слом в мирного при 4 игроках"),
                _item("6.4.6.1", "civilian", "loss draw", "Ложное вскрытие шерифом"),
                _item("6.4.6.2", "civilian", "loss draw", "Прикрытие лжешерифа"),
                _item("6.4.6.3", "sheriff", "loss", "Шериф не вскрылся"),
                _item("6.4.7.1", "sheriff", "loss", "Проверенный мирный ушёл голосованием"),
                _item("6.4.7.2", "sheriff", "loss", "Проверенная мафия осталась в игре"),
                _item("6.4.7.3", "sheriff", "loss", "Мафия среди красной проверки осталась"),
                _item("6.4.7.4", "sheriff", "loss", "Неверные проверки привели к поражению"),
                _item("6.4.8.1", "black", "loss", "Не проснулся на договорке"),
                _item("6.4.8.2", "sheriff", "loss", "Шериф не проверял 2+ ночи"),
                _item("6.4.8.3", "don", "loss", "Дон не проверял 2+ ночи"),
                _item("6.4.8.4", "sheriff", "loss", "Не проверил при гарантированной победе"),
                _item("6.4.8.5", "black", "loss", "Не стрелял 2+ ночи"),
                _item("6.4.8.6", "black", "loss", "Промах по явно обозначенному"),
                _item("6.4.9", "civilian", "loss", "Проверенный мирный поднял троих мирных"),
            ],
        ),
    },
}

DEFAULT_RULESET = "rules-8"


def builtin(ruleset_id: str) -> Ruleset:
    return ruleset_from_mapping(BUILT_IN[ruleset_id], ruleset_id)


def load_ruleset_file(path: Path) -> Ruleset:
    """Load a club's ruleset from a ``.toml`` or ``.json`` file."""
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RulesetError(source, [f"файл не прочитать: {error.strerror}"]) from None
    except UnicodeDecodeError:
        raise RulesetError(source, ["файл не в кодировке UTF-8"]) from None
    try:
        if path.suffix.lower() == ".json":
            data = json.loads(text, parse_float=Decimal)
        else:
            data = tomllib.loads(text, parse_float=Decimal)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as error:
        raise RulesetError(source, [f"файл не разобрать: {error}"]) from None
    return ruleset_from_mapping(data, source)


def resolve_ruleset(ref: str) -> Ruleset:
    """A built-in ruleset by id, or a club's ruleset by file path."""
    if ref in BUILT_IN:
        return builtin(ref)
    path = Path(ref)
    if path.suffix.lower() in (".toml", ".json") or path.exists():
        return load_ruleset_file(path)
    known = ", ".join(BUILT_IN)
    raise RulesetError(
        ref, [f"нет таких правил; встроенные: {known}, или путь к файлу .toml/.json"]
    )
