"""Reading the JSON protocol file (SCORING.md, "Protocol file") into a ``Distance``."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from scoring.live import check_log
from scoring.model import DEFAULT_STAGE, SEATS, Distance, Game, Removal, Role, SeatEntry, Winner
from scoring.numbers import computable
from scoring.rulesets import DEFAULT_RULESET, Ruleset, RulesetError
from scoring.validation import (
    Problem,
    ProtocolError,
    check_discipline,
    check_names,
    check_night,
    check_roles,
    check_seat,
    check_team_defeat,
)

_TOP_FIELDS = {"ruleset", "seed", "stages", "games"}
_GAME_FIELDS = {"id", "stage", "winner", "players", "first_killed", "best_move", "log"}
_PLAYER_FIELDS = {"name", "role", "extra", "penalties", "fouls", "technical_fouls", "removal"}


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


# Numbers the scoring computes exactly and at once (SCORING.md, «Numbers»): a stage weight of
# 1e-999999 is a fraction with a million digits (minutes for one table), 1e400 breaks decimal
# arithmetic; no league's extra or weight needs more than these digits.
WEIGHT_DIGITS = 6  # integer and fractional digits of a stage weight: up to 999999.999999
EXTRA_DIGITS = 4  # of a judge's extra points: up to 9999.9999
TOO_DEEP = "файл вложен слишком глубоко: протокол — объект с играми, а не тысячи вложенных скобок"
EXTRA_ABSURD = "доп. баллы — число вне разумных пределов (больше 4 знаков до или после точки)"


def weight_out_of_range(where: str, name: str) -> str:
    return (
        f"{where}: вес этапа «{name}» вне разумных пределов — не больше 6 знаков до и после "
        "точки (например, 1.3)"
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_protocol(
    text: str,
    resolve: Callable[[str], Ruleset],
    ruleset_ref: str | None = None,
    seed: int | None = None,
) -> tuple[Distance, Ruleset]:
    """Parse and validate a protocol; raise ``ProtocolError`` listing every problem.

    ``ruleset_ref`` and ``seed`` override the file's own values (the command line's options).
    """
    try:
        data = json.loads(text, parse_float=Decimal, parse_constant=_reject_constant)
    except (json.JSONDecodeError, ValueError) as error:
        raise ProtocolError([Problem("json-invalid", f"файл не является JSON: {error}")]) from None
    except RecursionError:  # «[[[[…» a hundred thousand deep: no protocol is nested so
        raise ProtocolError([Problem("json-too-deep", TOO_DEEP)]) from None
    if not isinstance(data, dict):
        raise ProtocolError([Problem("protocol-invalid", "протокол должен быть JSON-объектом")])

    problems: list[Problem] = []
    for key in data:
        if key not in _TOP_FIELDS:
            problems.append(Problem("field-unknown", f"неизвестное поле «{key}»"))
    file_ruleset = data.get("ruleset", DEFAULT_RULESET)
    if not isinstance(file_ruleset, str):
        problems.append(Problem("ruleset-invalid", "поле «ruleset» должно быть строкой"))
        file_ruleset = DEFAULT_RULESET
    file_seed = data.get("seed", 0)
    if not _is_int(file_seed):
        problems.append(Problem("seed-invalid", "поле «seed» должно быть целым числом"))
        file_seed = 0
    stages = _read_stages(data.get("stages"), problems)
    raw_games = data.get("games")
    if not isinstance(raw_games, list):
        problems.append(Problem("games-invalid", "поле «games» должно быть списком игр"))
        raw_games = []

    try:
        ruleset = resolve(ruleset_ref if ruleset_ref is not None else file_ruleset)
    except RulesetError as error:
        problems += [
            Problem("ruleset-unknown", f"правила {error.source}: {p}") for p in error.problems
        ]
        raise ProtocolError(problems) from None

    games: list[Game] = []
    seen_ids: set[str] = set()
    reader = _GameReader(ruleset)
    for index, raw in enumerate(raw_games, start=1):
        game_id, game, game_problems = reader.read(raw, index)
        if game_id in seen_ids:
            problems.append(Problem("game-id-duplicate", "номер игры повторяется в файле", game_id))
        seen_ids.add(game_id)
        problems += game_problems
        if game is not None:
            games.append(game)
    if problems:
        raise ProtocolError(problems)
    distance = Distance(
        games=tuple(games),
        ruleset=ruleset.id,
        seed=seed if seed is not None else file_seed,
        stages=stages,
    )
    return distance, ruleset


def _read_stages(raw: Any, problems: list[Problem]) -> tuple[tuple[str, Decimal], ...]:
    """The optional ``stages`` list: each stage's name and weight (a positive number, 1 by
    default); a name listed twice, or a weight that is no positive number, is a problem."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        problems.append(Problem("stages-invalid", "поле «stages» должно быть списком этапов"))
        return ()
    stages: dict[str, Decimal] = {}
    for number, entry in enumerate(raw, start=1):
        where = f"этап {number} в «stages»"
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("name"), str)
            or not (entry["name"].strip())
        ):
            problems.append(Problem("stage-invalid", f"{where}: нужен объект с непустым «name»"))
            continue
        unknown = set(entry) - {"name", "weight"}
        if unknown:
            problems.append(
                Problem("field-unknown", f"{where}: неизвестное поле «{sorted(unknown)[0]}»")
            )
        name = entry["name"]
        weight = entry.get("weight", Decimal(1))
        if _is_int(weight):
            weight = Decimal(weight)
        if not isinstance(weight, Decimal) or not weight.is_finite() or weight <= 0:
            problems.append(
                Problem("stage-weight-invalid", f"{where}: «weight» — положительное число")
            )
            continue
        if not computable(weight, WEIGHT_DIGITS):
            problems.append(Problem("stage-weight-invalid", weight_out_of_range(where, name)))
            continue
        if name in stages:
            problems.append(Problem("stage-duplicate", f"этап «{name}» указан в «stages» дважды"))
            continue
        stages[name] = weight
    return tuple(stages.items())


_ROLES = {role.value: role for role in Role}
_WINNERS = {winner.value: winner for winner in Winner}


class _GameReader:
    """Reads games one by one and reports every problem of each.

    A distance repeats the same seats (a player in a role with an extra and penalties, in a won or
    lost game) and role layouts thousands of times, so the ruleset's checks run, and the seat's
    entry is made, once per combination found valid; anything not seen before, and every invalid
    one, goes through the full checks. Equal seats share one immutable ``SeatEntry``.
    """

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._valid_points: set[tuple[Decimal | int, tuple[str, ...], Role, Winner]] = set()
        self._entries: dict[tuple[str, Decimal | int, tuple[str, ...], Role], SeatEntry] = {}
        self._valid_layouts: set[tuple[Role, ...]] = set()

    def read(self, raw: Any, index: int) -> tuple[str, Game | None, list[Problem]]:
        """The game's id (or ``#index`` without one), the game if it is valid, and its problems."""
        label = f"#{index}"
        if not isinstance(raw, dict):
            return label, None, [Problem("game-invalid", "игра должна быть JSON-объектом", label)]
        problems: list[Problem] = []
        raw_id = raw.get("id")
        if isinstance(raw_id, str) and raw_id.strip():
            game_id = raw_id
        elif _is_int(raw_id):
            game_id = str(raw_id)
        else:
            game_id = label
            problems.append(
                Problem("game-id-missing", f"у игры №{index} в файле нет поля «id»", label)
            )

        def add(code: str, message: str, seat: int | None = None) -> None:
            problems.append(Problem(code, message, game_id, seat))

        if not raw.keys() <= _GAME_FIELDS:
            for key in raw:
                if key not in _GAME_FIELDS:
                    add("field-unknown", f"неизвестное поле «{key}»")

        if "log" in raw and (why := check_log(raw["log"])) is not None:
            add("log-invalid", why)  # the live protocol's record: kept, not scored

        stage = raw.get("stage", DEFAULT_STAGE)
        if not isinstance(stage, str) or not stage.strip():
            add("stage-invalid", "поле «stage» должно быть непустой строкой")
            stage = DEFAULT_STAGE

        raw_winner = raw.get("winner")
        winner = _WINNERS.get(raw_winner) if isinstance(raw_winner, str) else None
        if winner is None:
            add("winner-invalid", "победитель: нужно red, black или draw")

        raw_players = raw.get("players")
        if not isinstance(raw_players, list):
            add("players-invalid", "поле «players» должно быть списком из 10 игроков")
            raw_players = []
        elif len(raw_players) != SEATS:
            add("players-count", f"за столом 10 мест, указано {len(raw_players)}")

        seats: list[SeatEntry | None] = []
        for seat, raw_player in enumerate(raw_players, start=1):
            entry, seat_problems = self._read_seat(raw_player, game_id, seat, winner)
            problems += seat_problems
            seats.append(entry)

        if all(seats):
            if len({entry.name for entry in seats if entry}) != len(seats):
                problems += check_names(game_id, [entry.name for entry in seats if entry])
        else:
            names = [
                player.get("name")
                if isinstance(player, dict) and isinstance(player.get("name"), str)
                else None
                for player in raw_players
            ]
            problems += check_names(game_id, names)
        if len(seats) == SEATS and all(seats):
            layout = tuple(entry.role for entry in seats if entry)
            if layout not in self._valid_layouts:
                role_problems = check_roles(game_id, layout)
                problems += role_problems
                if not role_problems:
                    self._valid_layouts.add(layout)

        problems += check_team_defeat(
            game_id, [(e.role, e.removal) if e else (None, None) for e in seats], winner
        )
        first_killed = raw.get("first_killed")
        if first_killed is not None and not _is_int(first_killed):
            add("first-killed-invalid", "поле «first_killed» должно быть номером места 1–10")
            first_killed = None
        best_move_raw = raw.get("best_move")
        best_move: tuple[int, ...] | None = None
        if best_move_raw is not None:
            if not isinstance(best_move_raw, list) or not all(_is_int(s) for s in best_move_raw):
                add(
                    "best-move-invalid", "поле «best_move» должно быть списком из трёх номеров мест"
                )
            else:
                best_move = tuple(best_move_raw)
        problems += check_night(game_id, first_killed, best_move)

        if problems or winner is None:
            return game_id, None, problems
        game = Game(
            id=game_id,
            stage=stage,
            winner=winner,
            players=tuple(entry for entry in seats if entry),
            first_killed=first_killed,
            best_move=best_move,
        )
        return game_id, game, problems

    def _read_seat(
        self, raw: Any, game_id: str, seat: int, winner: Winner | None
    ) -> tuple[SeatEntry | None, list[Problem]]:
        problems: list[Problem] = []
        if not isinstance(raw, dict):
            problems.append(
                Problem("player-invalid", "игрок должен быть JSON-объектом", game_id, seat)
            )
            return None, problems
        if not raw.keys() <= _PLAYER_FIELDS:
            for key in raw:
                if key not in _PLAYER_FIELDS:
                    problems.append(
                        Problem("field-unknown", f"неизвестное поле «{key}»", game_id, seat)
                    )
        name = raw.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append(Problem("name-missing", "не указан ник игрока", game_id, seat))
            name = None
        raw_role = raw.get("role")
        role = _ROLES.get(raw_role) if isinstance(raw_role, str) else None
        if role is None:
            problems.append(
                Problem(
                    "role-invalid", "роль: нужно civilian, sheriff, mafia или don", game_id, seat
                )
            )
        extra = raw.get("extra", 0)
        if type(extra) is not int and type(extra) is not Decimal:  # a bool is not a number
            problems.append(
                Problem("extra-invalid", "доп. баллы должны быть числом", game_id, seat)
            )
            extra = 0
        elif not computable(Decimal(extra), EXTRA_DIGITS):  # 1e999999999: no judge's points
            problems.append(Problem("extra-invalid", EXTRA_ABSURD, game_id, seat))
            extra = 0
        penalties = raw.get("penalties", [])
        if isinstance(penalties, list) and all(isinstance(code, str) for code in penalties):
            codes: tuple[str, ...] = tuple(penalties)
        else:
            message = "поле «penalties» должно быть списком кодов штрафов"
            problems.append(Problem("penalties-invalid", message, game_id, seat))
            codes = ()
        fouls, technical, raw_removal = (
            raw.get("fouls", 0),
            raw.get("technical_fouls", 0),
            raw.get("removal"),
        )
        discipline_problems = check_discipline(game_id, seat, fouls, technical, raw_removal)
        problems += discipline_problems
        if discipline_problems:
            fouls, technical, raw_removal = 0, 0, None
        removal = Removal(raw_removal) if raw_removal is not None else None
        if name is None or role is None or winner is None:
            problems += check_seat(self.ruleset, game_id, seat, Decimal(extra), codes, role, winner)
            return None, problems
        if fouls or technical or removal is not None:  # rare: no cache, whatever it costs
            seat_problems = check_seat(
                self.ruleset, game_id, seat, Decimal(extra), codes, role, winner
            )
            entry = SeatEntry(name, role, Decimal(extra), codes, fouls, technical, removal)
            return entry, problems + seat_problems
        points = (extra, codes, role, winner)
        if points not in self._valid_points:
            seat_problems = check_seat(
                self.ruleset, game_id, seat, Decimal(extra), codes, role, winner
            )
            if seat_problems:
                return SeatEntry(name, role, Decimal(extra), codes), problems + seat_problems
            self._valid_points.add(points)
        key = (name, extra, codes, role)
        known = self._entries.get(key)
        if known is not None:
            return known, problems
        entry = self._entries[key] = SeatEntry(name, role, Decimal(extra), codes)
        return entry, problems


# -- writing ---------------------------------------------------------------------------------------


def _number(value: Decimal) -> float | int:
    # A ruleset's extras are short decimals (0.05 steps): float's shortest repr prints them back
    # exactly, and ``load_protocol`` reads JSON numbers as decimals.
    return int(value) if value == value.to_integral_value() else float(value)


def game_to_json(game: Game) -> dict[str, Any]:
    """One game as the protocol file writes it (``load_protocol`` reads it back)."""
    players = []
    for seat in game.players:
        entry: dict[str, Any] = {"name": seat.name, "role": seat.role.value}
        if seat.extra:
            entry["extra"] = _number(seat.extra)
        if seat.penalties:
            entry["penalties"] = list(seat.penalties)
        if seat.fouls:
            entry["fouls"] = seat.fouls
        if seat.technical_fouls:
            entry["technical_fouls"] = seat.technical_fouls
        if seat.removal is not None:
            entry["removal"] = seat.removal.value
        players.append(entry)
    data: dict[str, Any] = {
        "id": game.id,
        "stage": game.stage,
        "winner": game.winner.value,
        "players": players,
    }
    if game.first_killed is not None:
        data["first_killed"] = game.first_killed
    if game.best_move:
        data["best_move"] = list(game.best_move)
    return data


def stages_to_json(
    games: Sequence[Game], weights: Mapping[str, Decimal | Fraction]
) -> list[dict[str, Any]]:
    """The ``stages`` list: every stage the games use, in the order they first do, then any
    other stage ``weights`` names, each with its weight (so that the file re-imports to the
    same standings)."""
    names = list(dict.fromkeys([*(game.stage for game in games), *weights]))
    return [{"name": name, "weight": _number(_decimal(weights.get(name, 1)))} for name in names]


def _with_log(entry: dict[str, Any], log: Mapping[str, Any] | None) -> dict[str, Any]:
    if log is not None:
        entry["log"] = dict(log)
    return entry


def _decimal(value: Decimal | Fraction | int) -> Decimal:
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(value)


def dump_protocol(
    games: Sequence[Game], ruleset: str, seed: int,
    weights: Mapping[str, Decimal | Fraction] | None = None,
    logs: Mapping[str, Mapping[str, Any]] | None = None,
) -> str:  # fmt: skip
    """A protocol file of these games, in this order (SCORING.md, "Protocol file"); with
    ``weights`` (stage → weight), its ``stages`` list too; with ``logs`` (game id → its live
    protocol's log, docs/live-log.md), each such game's ``log``."""
    data: dict[str, Any] = {"ruleset": ruleset, "seed": seed}
    if weights is not None:
        data["stages"] = stages_to_json(games, weights)
    data["games"] = [_with_log(game_to_json(game), (logs or {}).get(game.id)) for game in games]
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
