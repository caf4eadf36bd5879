"""Reading the JSON protocol file (SCORING.md, "Protocol file") into a ``Distance``."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from scoring.model import DEFAULT_STAGE, SEATS, Distance, Game, Role, SeatEntry, Winner
from scoring.rulesets import DEFAULT_RULESET, Ruleset, RulesetError
from scoring.validation import (
    Problem,
    ProtocolError,
    check_names,
    check_night,
    check_roles,
    check_seat,
)

_TOP_FIELDS = {"ruleset", "seed", "games"}
_GAME_FIELDS = {"id", "stage", "winner", "players", "first_killed", "best_move"}
_PLAYER_FIELDS = {"name", "role", "extra", "penalties"}


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return _is_int(value) or isinstance(value, Decimal)


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
    for index, raw in enumerate(raw_games, start=1):
        game_id, game, game_problems = _read_game(raw, index, ruleset)
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
    )
    return distance, ruleset


def _read_game(raw: Any, index: int, ruleset: Ruleset) -> tuple[str, Game | None, list[Problem]]:
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
        problems.append(Problem("game-id-missing", f"у игры №{index} в файле нет поля «id»", label))

    def add(code: str, message: str, seat: int | None = None) -> None:
        problems.append(Problem(code, message, game_id, seat))

    for key in raw:
        if key not in _GAME_FIELDS:
            add("field-unknown", f"неизвестное поле «{key}»")

    stage = raw.get("stage", DEFAULT_STAGE)
    if not isinstance(stage, str) or not stage.strip():
        add("stage-invalid", "поле «stage» должно быть непустой строкой")
        stage = DEFAULT_STAGE

    winner: Winner | None = None
    try:
        winner = Winner(str(raw.get("winner")))
    except ValueError:
        add("winner-invalid", "победитель: нужно red, black или draw")

    raw_players = raw.get("players")
    if not isinstance(raw_players, list):
        add("players-invalid", "поле «players» должно быть списком из 10 игроков")
        raw_players = []
    elif len(raw_players) != SEATS:
        add("players-count", f"за столом 10 мест, указано {len(raw_players)}")

    seats: list[SeatEntry | None] = []
    for seat, raw_player in enumerate(raw_players, start=1):
        entry, seat_problems = _read_seat(raw_player, game_id, seat, winner, ruleset)
        problems += seat_problems
        seats.append(entry)

    names = [
        player.get("name")
        if isinstance(player, Mapping) and isinstance(player.get("name"), str)
        else None
        for player in raw_players
    ]
    problems += check_names(game_id, names)
    if len(seats) == SEATS and all(seats):
        problems += check_roles(game_id, [entry.role for entry in seats if entry])

    first_killed = raw.get("first_killed")
    if first_killed is not None and not _is_int(first_killed):
        add("first-killed-invalid", "поле «first_killed» должно быть номером места 1–10")
        first_killed = None
    best_move_raw = raw.get("best_move")
    best_move: tuple[int, ...] | None = None
    if best_move_raw is not None:
        if not isinstance(best_move_raw, list) or not all(_is_int(s) for s in best_move_raw):
            add("best-move-invalid", "поле «best_move» должно быть списком из трёх номеров мест")
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
    raw: Any, game_id: str, seat: int, winner: Winner | None, ruleset: Ruleset
) -> tuple[SeatEntry | None, list[Problem]]:
    problems: list[Problem] = []

    def add(code: str, message: str) -> None:
        problems.append(Problem(code, message, game_id, seat))

    if not isinstance(raw, Mapping):
        add("player-invalid", "игрок должен быть JSON-объектом")
        return None, problems
    for key in raw:
        if key not in _PLAYER_FIELDS:
            add("field-unknown", f"неизвестное поле «{key}»")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        add("name-missing", "не указан ник игрока")
        name = None
    role: Role | None = None
    try:
        role = Role(str(raw.get("role")))
    except ValueError:
        add("role-invalid", "роль: нужно civilian, sheriff, mafia или don")
    extra = raw.get("extra", 0)
    if not _is_number(extra):
        add("extra-invalid", "доп. баллы должны быть числом")
        extra = 0
    extra = Decimal(extra)
    penalties = raw.get("penalties", [])
    if not isinstance(penalties, list) or not all(isinstance(code, str) for code in penalties):
        add("penalties-invalid", "поле «penalties» должно быть списком кодов штрафов")
        penalties = []
    problems += check_seat(ruleset, game_id, seat, extra, penalties, role, winner)
    if name is None or role is None:
        return None, problems
    return SeatEntry(name=name, role=role, extra=extra, penalties=tuple(penalties)), problems
