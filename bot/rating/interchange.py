"""The club's data in and out: a tournament as a JSON protocol file (SCORING.md) and its standings
as CSV; a protocol file brought in as a new tournament of final results.

The export is made from the same ``Board`` the bot shows, so ``python -m scoring standings FILE
--format csv`` on the exported file prints exactly the CSV the bot sent.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from bot.club.players import NicknameError, check_new_nickname, clean_nickname, nickname_key
from bot.club.protocol import Protocol
from bot.core.clock import Clock
from bot.core.db import Database
from bot.rating.standings import Board
from bot.texts import interchange as texts
from bot.texts.tournaments import FIRST_STAGE, MAX_TITLE
from scoring import DEFAULT_STAGE, Game, ProtocolError, Role, Ruleset, RulesetError, builtin
from scoring.protocol_json import load_protocol
from scoring.report import to_csv
from scoring.rulesets import BUILT_IN

MAX_FILE_BYTES = 20 * 1024 * 1024  # what a bot may download from Telegram
MAX_PROBLEMS_SHOWN = 30
_GAME_ID = re.compile(r"^стол (\d{1,2}), игра (\d{1,4})$")


# -- out -----------------------------------------------------------------------------------------


def game_id(table: int, number: int) -> str:
    return f"стол {table}, игра {number}"


def _number(value: Decimal) -> float | int:
    # A ruleset's extras are short decimals (0.05 steps): float's shortest repr prints them back
    # exactly, and the scoring core reads JSON numbers as decimals.
    return int(value) if value == value.to_integral_value() else float(value)


def _game_json(game: Game, table: int, number: int) -> dict[str, Any]:
    players = []
    for seat in game.players:
        entry: dict[str, Any] = {"name": seat.name, "role": seat.role.value}
        if seat.extra:
            entry["extra"] = _number(seat.extra)
        if seat.penalties:
            entry["penalties"] = list(seat.penalties)
        players.append(entry)
    data: dict[str, Any] = {
        "id": game_id(table, number),
        "stage": game.stage,
        "winner": game.winner.value,
        "players": players,
    }
    if game.first_killed is not None:
        data["first_killed"] = game.first_killed
    if game.best_move:
        data["best_move"] = list(game.best_move)
    return data


def export_protocol(board: Board) -> str:
    """The tournament's counted games as a protocol file, in the order they were saved."""
    games = []
    for scored in board.result.games:
        facts = board.facts[scored.game.id]
        games.append(_game_json(scored.game, facts.table, facts.number))
    ruleset = ruleset_file_name(board) or board.tournament.ruleset().id
    data = {"ruleset": ruleset, "seed": board.tournament.seed, "games": games}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def export_csv(board: Board) -> str:
    return to_csv(board.result)


def ruleset_file_name(board: Board) -> str | None:
    """A tournament scored by a ruleset file is exported with it; the protocol names the file."""
    if board.tournament.ruleset_data is None:
        return None
    return f"{file_stem(board.tournament.ruleset().id)}.json"


def export_ruleset(board: Board) -> str | None:
    return board.tournament.ruleset_data


def file_stem(title: str) -> str:
    stem = re.sub(r"[^\w\-]+", "_", title, flags=re.UNICODE).strip("_")
    return stem[:60] or "tournament"


# -- in ------------------------------------------------------------------------------------------


class ImportRefused(Exception):
    """The file cannot be imported; ``problems`` are Russian, one per line, all of them."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class Imported:
    tournament_id: int
    title: str
    games: int
    players_new: int
    players_known: int
    ruleset: str


def _builtin_only(ref: str) -> Ruleset:
    """Never a path: a file sent through Telegram must not make the bot read the server's files."""
    if ref not in BUILT_IN:
        raise RulesetError(ref, [texts.unknown_ruleset(ref, sorted(BUILT_IN))])
    return builtin(ref)


def parse_protocol(raw: bytes) -> tuple[list[Game], Ruleset, int]:
    if len(raw) > MAX_FILE_BYTES:
        raise ImportRefused([texts.TOO_BIG])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportRefused([texts.NOT_UTF8]) from None
    try:
        distance, ruleset = load_protocol(text, _builtin_only)
    except ProtocolError as error:
        raise ImportRefused([str(problem) for problem in error.problems]) from None
    if not distance.games:
        raise ImportRefused([texts.NO_GAMES])
    return list(distance.games), ruleset, distance.seed


def _numbers(games: list[Game]) -> list[tuple[int, int]]:
    """Table and game number of each game: from ids the bot exported, else 1, 2, 3… by table."""
    parsed = [_GAME_ID.match(game.id) for game in games]
    pairs = [(int(m[1]), int(m[2])) for m in parsed if m]
    complete = len(pairs) == len(games) and len(set(pairs)) == len(pairs)
    if complete and all(1 <= t <= 99 and 1 <= n <= 9999 for t, n in pairs):
        return pairs
    return [(1 + index // 9999, 1 + index % 9999) for index in range(len(games))]


def _check_names(games: list[Game]) -> list[str]:
    problems: list[str] = []
    by_key: dict[str, str] = {}
    for name in dict.fromkeys(seat.name for game in games for seat in game.players):
        try:
            cleaned = clean_nickname(name)
            check_new_nickname(cleaned)
            if cleaned != name:
                raise NicknameError(texts.NAME_UNTIDY)
        except NicknameError as error:
            problems.append(texts.bad_name(name, str(error)))
            continue
        other = by_key.setdefault(nickname_key(name), name)
        if other != name:
            problems.append(texts.same_player(other, name))
    return problems


class Importer:
    def __init__(self, database: Database, clock: Clock) -> None:
        self.database = database
        self.clock = clock

    async def run(self, raw: bytes, title: str, actor_id: int, request_key: str) -> Imported:
        """All or nothing: every game of the file in a new current tournament, as final results.

        ``request_key`` (the update) makes a repeated request find the tournament it made."""
        title = " ".join(title.split())[:MAX_TITLE] or texts.DEFAULT_TITLE
        games, ruleset, seed = parse_protocol(raw)
        problems = _check_names(games)
        if problems:
            raise ImportRefused(problems)
        numbers = _numbers(games)
        now = self.clock.iso()
        async with self.database.transaction() as connection:
            cursor = await connection.execute(
                "SELECT id FROM tournaments WHERE request_key = ?", (request_key,)
            )
            done = await cursor.fetchone()
            if done is not None:
                raise ImportRefused([texts.ALREADY_IMPORTED])
            await connection.execute("UPDATE tournaments SET is_current = 0 WHERE is_current = 1")
            cursor = await connection.execute(
                "INSERT INTO tournaments (title, ruleset_ref, ruleset_data, seed, is_current, "
                "created_by, created_at, request_key) VALUES (?, ?, NULL, ?, 1, ?, ?, ?)",
                (title, ruleset.id, seed, actor_id, now, request_key),
            )
            tournament_id = int(cursor.lastrowid or 0)
            stages: dict[str, int] = {}
            for game in games:
                if game.stage not in stages:
                    name = FIRST_STAGE if game.stage == DEFAULT_STAGE and not stages else game.stage
                    cursor = await connection.execute(
                        "INSERT INTO stages (tournament_id, name, position, created_at) "
                        "VALUES (?, ?, ?, ?)",
                        (tournament_id, name, len(stages) + 1, now),
                    )
                    stages[game.stage] = int(cursor.lastrowid or 0)
            players, created = await _players(connection, games, actor_id, now)
            for index, (game, (table, number)) in enumerate(zip(games, numbers, strict=True)):
                await _insert_game(
                    connection, tournament_id, stages[game.stage], table, number, game,
                    players, actor_id, now, f"import:{request_key}:{index}",
                )  # fmt: skip
        return Imported(
            tournament_id, title, len(games), created, len(players) - created, ruleset.id
        )


async def _players(
    connection: Any, games: list[Game], actor_id: int, now: str
) -> tuple[dict[str, int], int]:
    """Nickname → player id, matching the club's players by key and creating the others."""
    names = list(dict.fromkeys(seat.name for game in games for seat in game.players))
    cursor = await connection.execute("SELECT id, nickname_key FROM players")
    known = {row["nickname_key"]: row["id"] for row in await cursor.fetchall()}
    ids: dict[str, int] = {}
    created = 0
    for name in names:
        key = nickname_key(name)
        if key in known:
            ids[name] = known[key]
            continue
        cursor = await connection.execute(
            "INSERT INTO players (nickname, nickname_key, created_by, created_at) "
            "VALUES (?, ?, ?, ?)",
            (name, key, actor_id, now),
        )
        ids[name] = int(cursor.lastrowid or 0)
        created += 1
        await connection.execute(
            "INSERT INTO player_audit (player_id, actor_id, at, action, details) "
            "VALUES (?, ?, ?, 'imported', ?)",
            (ids[name], actor_id, now, json.dumps({"nickname": name}, ensure_ascii=False)),
        )
    return ids, created


async def _insert_game(
    connection: Any, tournament_id: int, stage_id: int, table: int, number: int, game: Game,
    players: dict[str, int], actor_id: int, now: str, key: str,
) -> None:  # fmt: skip
    roles = [seat.role for seat in game.players]
    protocol = Protocol(
        table=table,
        number=number,
        players=tuple(players[seat.name] for seat in game.players),
        sheriff=roles.index(Role.SHERIFF) + 1,
        don=roles.index(Role.DON) + 1,
        mafia=tuple(i + 1 for i, role in enumerate(roles) if role is Role.MAFIA),
        winner=game.winner,
        first_killed=game.first_killed,
        night_done=True,
        best_move=tuple(game.best_move or ()),
        extras=tuple(seat.extra for seat in game.players),
        penalties=tuple(tuple(seat.penalties) for seat in game.players),
    )
    cursor = await connection.execute(
        "INSERT INTO games (tournament_id, stage_id, table_number, game_number, winner, "
        "first_killed, best_move, judge_id, ended_at, status, submission_key, created_at, "
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'final', ?, ?, ?)",
        (
            tournament_id, stage_id, table, number, game.winner.value, game.first_killed,
            json.dumps(list(game.best_move)) if game.best_move else None, actor_id, now, key,
            now, now,
        ),
    )  # fmt: skip
    new_id = int(cursor.lastrowid or 0)
    await connection.executemany(
        "INSERT INTO game_seats (game_id, seat, player_id, role, extra, penalties) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [
            (new_id, seat_number, players[seat.name], seat.role.value, str(seat.extra),
             json.dumps(list(seat.penalties)))
            for seat_number, seat in enumerate(game.players, start=1)
        ],
    )  # fmt: skip
    await connection.execute(
        "INSERT INTO audit_log (game_id, actor_id, at, action, before, after) "
        "VALUES (?, ?, ?, 'created', NULL, ?)",
        (new_id, actor_id, now, protocol.audit_json()),
    )
