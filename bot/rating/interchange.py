"""The club's data in and out: a tournament as a JSON protocol file (SCORING.md) and its standings
as CSV; a protocol file brought in as a new tournament of final results.

The export is made from the same ``Board`` the bot shows, so ``python -m scoring standings FILE
--format csv`` on the exported file prints exactly the CSV the bot sent.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, replace

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import Document

from bot.club.players import NicknameError, check_new_nickname, clean_nickname, nickname_key
from bot.core.clock import Clock
from bot.core.db import Database, Transaction
from bot.rating.service import RatingError, Ratings
from bot.rating.standings import Board
from bot.tables import audit
from bot.tables import games as game_rows
from bot.tables import players as player_rows
from bot.tables import tournaments as tournament_rows
from bot.texts import interchange as texts
from bot.texts.tournaments import FIRST_STAGE, MAX_TITLE
from bot.vocabulary.protocol import Protocol
from bot.vocabulary.statuses import AuditAction, GameStatus, PlayerAction
from scoring import DEFAULT_STAGE, Game, ProtocolError, Role, Ruleset, RulesetError, builtin
from scoring.protocol_json import dump_protocol, load_protocol
from scoring.report import to_csv
from scoring.rulesets import BUILT_IN

MAX_FILE_BYTES = 20 * 1024 * 1024  # what a bot may download from Telegram
MAX_PROBLEMS_SHOWN = 30
_GAME_ID = re.compile(r"^стол (\d{1,2}), игра (\d{1,4})$")


# -- out -----------------------------------------------------------------------------------------


def game_id(table: int, number: int) -> str:
    return f"стол {table}, игра {number}"


def export_protocol(board: Board) -> str:
    """The tournament's counted games as a protocol file, in the order they were saved."""
    games = []
    for scored in board.result.games:
        facts = board.facts[scored.game.id]
        games.append(replace(scored.game, id=game_id(facts.table, facts.number)))
    ruleset = ruleset_file_name(board) or board.tournament.ruleset().id
    return dump_protocol(games, ruleset, board.tournament.seed)


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
    if not text.lstrip().startswith(("{", "[")):  # a CSV, a table, a photo: not a protocol
        raise ImportRefused([texts.NOT_A_PROTOCOL])
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
        async with self.database.transaction() as tx:
            if await tournament_rows.by_request(tx, request_key) is not None:
                raise ImportRefused([texts.ALREADY_IMPORTED])
            twin = await tournament_rows.with_title(tx, title)
            if twin is not None:
                raise ImportRefused([texts.title_taken(twin)])
            tournament_id = await tournament_rows.create(
                tx, title=title, ruleset_ref=ruleset.id, ruleset_data=None, created_by=actor_id,
                now=now, request_key=request_key, seed=seed,
            )  # fmt: skip
            stages: dict[str, int] = {}
            for game in games:
                if game.stage not in stages:
                    name = FIRST_STAGE if game.stage == DEFAULT_STAGE and not stages else game.stage
                    stage = await tournament_rows.add_stage(tx, tournament_id, name, now)
                    stages[game.stage] = stage.id
            players, created = await _players(tx, games, actor_id, now)
            for index, (game, (table, number)) in enumerate(zip(games, numbers, strict=True)):
                protocol = _protocol(game, table, number, players)
                game_id_ = await game_rows.insert(
                    tx, tournament_id=tournament_id, stage_id=stages[game.stage],
                    protocol=protocol, judge_id=actor_id, ended_at=now,
                    submission_key=f"import:{request_key}:{index}", now=now,
                    status=GameStatus.FINAL,
                )  # fmt: skip
                await audit.append(tx, game_id_, actor_id, now, AuditAction.CREATED, None,
                                   protocol.audit_json())  # fmt: skip
        return Imported(
            tournament_id, title, len(games), created, len(players) - created, ruleset.id
        )


async def _players(
    tx: Transaction, games: list[Game], actor_id: int, now: str
) -> tuple[dict[str, int], int]:
    """Nickname → player id, matching the club's players by key and creating the others."""
    names = list(dict.fromkeys(seat.name for game in games for seat in game.players))
    known = {row["nickname_key"]: row["id"] for row in await tx.all(
        "SELECT id, nickname_key FROM players"
    )}  # fmt: skip
    ids: dict[str, int] = {}
    created = 0
    for name in names:
        key = nickname_key(name)
        if key in known:
            ids[name] = known[key]
            continue
        ids[name] = await player_rows.create(tx, name, key, actor_id, now)
        created += 1
        await player_rows.record(tx, ids[name], actor_id, now, PlayerAction.IMPORTED,
                                 {"nickname": name})  # fmt: skip
    return ids, created


def _protocol(game: Game, table: int, number: int, players: dict[str, int]) -> Protocol:
    roles = [seat.role for seat in game.players]
    return Protocol(
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


# -- what /export and /import do -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OutFile:
    content: bytes
    name: str
    caption: str


class Files:
    """/export and /import: which files go out, and what a file brought in became."""

    def __init__(self, importer: Importer, ratings: Ratings) -> None:
        self.importer = importer
        self.ratings = ratings

    async def export(self, args: str | None) -> list[OutFile] | str:
        """The tournament's files (its ruleset file first, when it has one), or why not."""
        try:
            tournament = await self.ratings.tournament((args or "").strip())
        except RatingError as error:
            return error.message
        board = await self.ratings.board(tournament)
        if not board.game_count:
            return texts.export_empty(tournament.title)
        stem = file_stem(tournament.title)
        files = []
        ruleset, ruleset_name = export_ruleset(board), ruleset_file_name(board)
        if ruleset is not None and ruleset_name is not None:
            files.append(OutFile(ruleset.encode(), ruleset_name, texts.ruleset_caption()))
        caption = texts.export_caption(tournament.title, board.game_count)
        files.append(OutFile(export_protocol(board).encode(), f"{stem}.json", caption))
        csv_caption = texts.csv_caption(tournament.title)
        files.append(OutFile(export_csv(board).encode(), f"{stem}.csv", csv_caption))
        return files

    async def bring_in(
        self, bot: Bot, document: Document | None, title: str, actor_id: int, request_key: str
    ) -> str:
        """A protocol file as a new tournament: what was imported, or every reason why not."""
        if document is None:
            return texts.NO_FILE
        if (document.file_size or 0) > MAX_FILE_BYTES:
            return texts.refused([texts.TOO_BIG], MAX_PROBLEMS_SHOWN)
        buffer = io.BytesIO()
        try:
            await bot.download(document, destination=buffer)
        except TelegramAPIError:
            return texts.DOWNLOAD_FAILED
        try:
            done = await self.importer.run(buffer.getvalue(), title, actor_id, request_key)
        except ImportRefused as error:
            return texts.refused(error.problems, MAX_PROBLEMS_SHOWN)
        return texts.imported(
            done.title, done.games, done.players_new, done.players_known, done.ruleset
        )
