"""The club's data in and out: a tournament as a JSON protocol file (SCORING.md) and its standings
as CSV; a protocol file brought in as a new tournament of final results.

The export is made from the same ``Board`` the bot shows, so ``python -m scoring standings FILE
--format csv`` on the exported file prints exactly the CSV the bot sent.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import io
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import tzinfo
from decimal import Decimal
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError

from bot.callbacks import NEW_MESSAGE, AdminAction, AdminCB, ImportCB
from bot.club.players import NicknameError, check_new_nickname, clean_nickname, nickname_key
from bot.club.tournaments import weight_allowed
from bot.core.clock import Clock
from bot.core.club_scope import club_id
from bot.core.db import Database, Reader, Transaction
from bot.core.memory import release_memory
from bot.moving.archive import ArchiveRefused, ClubArchive, NotAnArchive, is_archive
from bot.rating.service import RatingError, Ratings
from bot.rating.spreadsheet import StatisticsRows, statistics_csv, workbook
from bot.rating.standings import Board, FrozenBoard
from bot.rating.statistics import PlayerStatistics
from bot.tables import audit
from bot.tables import games as game_rows
from bot.tables import live as live_rows
from bot.tables import players as player_rows
from bot.tables import staging as staging_rows
from bot.tables import tournaments as tournament_rows
from bot.telegram.keyboards import button, column
from bot.telegram.screen import Screen
from bot.texts import interchange as texts
from bot.texts.tournaments import FIRST_STAGE, MAX_TITLE
from bot.vocabulary import audit_record
from bot.vocabulary.names import file_stem, without_hidden
from bot.vocabulary.protocol import Protocol
from bot.vocabulary.statuses import PlayerAction
from scoring import DEFAULT_STAGE, Game, ProtocolError, Role, Ruleset, RulesetError, builtin
from scoring.protocol_json import dump_protocol, load_protocol
from scoring.report import to_csv
from scoring.rulesets import BUILT_IN
from scoring.statistics import STATISTICS

MAX_FILE_BYTES = 20 * 1024 * 1024  # what a bot may download from Telegram
PACK_ABOVE = 19 * 1024 * 1024  # an export bigger than this goes gzipped
MAX_UNPACKED = 200 * 1024 * 1024  # a gzipped file unpacks to no more (some 200,000 games)
GZIP_MAGIC = b"\x1f\x8b"
MAX_PROBLEMS_SHOWN = 30
_GAME_ID = re.compile(r"^стол (\d{1,2}), игра (\d{1,4})$")


# -- out -----------------------------------------------------------------------------------------


def game_id(table: int, number: int) -> str:
    return f"стол {table}, игра {number}"


def export_protocol(
    board: Board | FrozenBoard, ruleset_name: str | None = None,
    logs: Mapping[int, Mapping[str, Any]] | None = None,
) -> str:  # fmt: skip
    """The tournament's counted games as a protocol file, in the order they were saved; a game
    run in the Mini App with its ``log`` (``logs``: saved game id → log)."""
    games = []
    by_id: dict[str, Mapping[str, Any]] = {}
    for scored in board.result.games:
        facts = board.facts[scored.game.id]
        games.append(replace(scored.game, id=game_id(facts.table, facts.number)))
        if logs and facts.game_id in logs:
            by_id[games[-1].id] = logs[facts.game_id]
    if isinstance(board, Board):
        ruleset_name = ruleset_file_name(board)
        ruleset, seed = board.tournament.ruleset(), board.tournament.seed
    else:
        ruleset, seed = board.ruleset, board.seed
    weights = board.weights  # the stages list only when a stage weighs other than 1
    return dump_protocol(games, ruleset_name or ruleset.id, seed, weights or None, by_id or None)


def export_csv(board: Board | FrozenBoard) -> str:
    return to_csv(board.result)


def packed(text: str, stem: str) -> tuple[bytes, str]:
    """The protocol file as it is sent: as it is, or — too big for Telegram to let a bot take it
    back — gzipped (``/import`` reads it so): a season of 40,000 games is 39 MB, 3 MB packed."""
    raw = text.encode()
    if len(raw) <= PACK_ABOVE:
        return raw, f"{stem}.json"
    return gzip.compress(raw, compresslevel=6, mtime=0), f"{stem}.json.gz"


def unpacked(raw: bytes) -> bytes:
    """A gzipped file, unpacked up to ``MAX_UNPACKED`` bytes (a zip bomb stops there)."""
    if not raw.startswith(GZIP_MAGIC):
        return raw
    unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        data = unpacker.decompress(raw, MAX_UNPACKED + 1)
    except zlib.error:
        raise ImportRefused([texts.BROKEN_GZIP]) from None
    if len(data) > MAX_UNPACKED or unpacker.unconsumed_tail:
        raise ImportRefused([texts.TOO_BIG_UNPACKED])
    if not unpacker.eof:  # cut short on its way
        raise ImportRefused([texts.BROKEN_GZIP])
    return data


def ruleset_file_name(board: Board) -> str | None:
    """A tournament scored by a ruleset file is exported with it; the protocol names the file."""
    if board.tournament.ruleset_data is None:
        return None
    return f"{file_stem(board.tournament.ruleset().id)}.json"


def export_ruleset(board: Board) -> str | None:
    return board.tournament.ruleset_data


# -- in ------------------------------------------------------------------------------------------


class ImportRefused(Exception):
    """The file cannot be imported; ``problems`` are Russian, one per line, all of them."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class TitleTaken(Exception):
    """Another file's tournament has this title: the admin chooses another (``suggested``)."""

    def __init__(self, taken: str, suggested: str) -> None:
        super().__init__(taken)
        self.taken = taken
        self.suggested = suggested


class SameFile(Exception):
    """This very file was imported before, as the tournament named."""

    def __init__(self, title: str) -> None:
        super().__init__(title)
        self.title = title


@dataclass(frozen=True, slots=True)
class Imported:
    tournament_id: int
    title: str
    games: int
    players_new: int
    players_known: int
    ruleset: str
    current: str | None  # the tournament that stays current; None: this one became it


def _builtin_only(ref: str) -> Ruleset:
    """Never a path: a file sent through Telegram must not make the bot read the server's files."""
    if ref not in BUILT_IN:
        raise RulesetError(ref, [texts.unknown_ruleset(ref, sorted(BUILT_IN))])
    return builtin(ref)


def parse_protocol(raw: bytes) -> tuple[list[Game], Ruleset, int, dict[str, Decimal]]:
    if len(raw) > MAX_FILE_BYTES:
        raise ImportRefused([texts.TOO_BIG])
    raw = unpacked(raw)
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
    weights = distance.weights
    refused = [
        texts.weight_refused(name, weight)
        for name, weight in weights.items()
        if not weight_allowed(weight)
    ]  # fmt: skip — as /newstage takes them
    if refused:
        raise ImportRefused(refused)
    return list(distance.games), ruleset, distance.seed, weights


def _read(
    raw: bytes,
) -> tuple[list[Game], Ruleset, int, dict[str, Decimal], list[tuple[int, int]], str]:
    """The file's games, ruleset and seed, each game's table and number, and the file's digest;
    ``ImportRefused`` when its nicknames would make trouble."""
    games, ruleset, seed, weights = parse_protocol(raw)
    problems = _check_names(games)
    if problems:
        raise ImportRefused(problems)
    return games, ruleset, seed, weights, _numbers(games), hashlib.sha256(raw).hexdigest()


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


PLANNED_TRIES = 3  # imports planned beside others' writes; then one made under the lock


@dataclass(frozen=True, slots=True)
class _Season:
    """A file read for import, and who imports it when."""

    games: list[Game]
    numbers: list[tuple[int, int]]  # each game's table and number
    stages: list[str]  # in the order the file first names them
    names: list[str]  # every nickname, in the order the file first names them
    title: str
    ruleset: Ruleset
    seed: int
    weights: dict[str, Decimal]
    digest: str
    actor_id: int
    request_key: str
    now: str


@dataclass(frozen=True, slots=True)
class _Plan:
    """The players an import's rows name, as the club's players stand: nickname → id, with the
    ids new players will get (the next free ones) — valid while no player is added or changed."""

    ids: dict[str, int]
    new: tuple[tuple[str, str, int], ...]  # (nickname, key, id) of each player made


class _Stale(Exception):
    """Players changed between the plan and the copy: plan again."""


class Importer:
    def __init__(self, database: Database, clock: Clock) -> None:
        self.database = database
        self.clock = clock
        self._one_at_a_time = asyncio.Lock()  # one staging file

    async def run(self, raw: bytes, title: str, actor_id: int, request_key: str) -> Imported:
        """All or nothing: every game of the file in a new tournament, as final results. It
        becomes the current one only when there is none: importing last season in the middle
        of this one must not send the judges' next game into it.

        The rows are made and written to a staging file while the bot goes on (a worker
        thread; nothing the others wait for), then copied in by one short transaction that also
        makes the tournament, its stages and new players — 40,000 games hold the writing lock
        about a second and a half instead of the whole import. Should a player be added or
        renamed meanwhile, the rows are made again; after ``PLANNED_TRIES`` they are made and
        written under the lock.

        ``request_key`` (the update) makes a repeated request find the tournament it made. The
        same file imported before is ``SameFile``; a title another file's tournament has is
        ``TitleTaken``."""
        # Reading and checking a season of 10,000 games takes a second of Python: in a worker
        # thread, so that the evening's judges and players are answered meanwhile.
        games, ruleset, seed, weights, numbers, digest = await asyncio.to_thread(_read, raw)
        season = _Season(
            games, numbers, list(dict.fromkeys(game.stage for game in games)),
            list(dict.fromkeys(seat.name for game in games for seat in game.players)),
            " ".join(without_hidden(title).split())[:MAX_TITLE] or texts.DEFAULT_TITLE, ruleset,
            seed, weights,
            digest, actor_id, request_key, self.clock.iso(),
        )  # fmt: skip
        staging = staging_rows.path_for(self.database.path)
        async with self._one_at_a_time:
            try:
                for _ in range(PLANNED_TRIES):
                    await _refusal(self.database, season)  # said before the work
                    plan = await _plan(self.database, season.names)
                    await asyncio.to_thread(_stage, staging, season, plan)
                    try:
                        async with self.database.transaction((staging_rows.SCHEMA, staging)) as tx:
                            if await _plan(tx, season.names) != plan:
                                raise _Stale
                            return await _copy_in(tx, season, plan, staged=True)
                    except _Stale:
                        continue
                async with self.database.transaction() as tx:
                    plan = await _plan(tx, season.names)  # the club's players held still
                    return await _copy_in(tx, season, plan, staged=False)
            finally:
                await asyncio.to_thread(staging_rows.remove, staging)


async def _refusal(reader: Reader, season: _Season) -> None:
    """Why this file may not come in now: made already by this request, the same file, or a
    title another tournament has."""
    if await tournament_rows.by_request(reader, season.request_key) is not None:
        raise ImportRefused([texts.ALREADY_IMPORTED])
    same = await tournament_rows.with_digest(reader, season.digest)
    if same is not None:
        raise SameFile(same)
    twin = await tournament_rows.with_title(reader, season.title)
    if twin is not None:
        raise TitleTaken(twin, await _free_title(reader, twin))  # as the club spells it


async def _plan(reader: Reader, names: list[str]) -> _Plan:
    """Each nickname's player: the club's by key, or a new one with the next free id."""
    known = {row["nickname_key"]: row["id"] for row in await reader.all(
        "SELECT id, nickname_key FROM players WHERE club_id = ?", (club_id(),)
    )}  # fmt: skip
    next_id = await player_rows.next_id(reader)
    ids: dict[str, int] = {}
    new = []
    for name in names:
        key = nickname_key(name)
        if key in known:
            ids[name] = known[key]
        else:
            ids[name] = next_id
            new.append((name, key, next_id))
            next_id += 1
    return _Plan(ids, tuple(new))


def _rows(
    season: _Season, plan: _Plan, first_id: int, tournament_id: int, stage_ids: list[int]
) -> tuple[game_rows.NewGames, list[tuple[int, int, str, str]]]:
    """Every game's rows and its creation record, games numbered from ``first_id``, stages as
    ``stage_ids`` (in ``season.stages``' order) — CPU only: for a worker thread."""
    stage_of = dict(zip(season.stages, stage_ids, strict=True))
    protocols = [
        _protocol(game, table, number, plan.ids)
        for game, (table, number) in zip(season.games, season.numbers, strict=True)
    ]
    rows = game_rows.new_games(
        first_id, tournament_id, [stage_of[game.stage] for game in season.games], protocols,
        [f"import:{season.request_key}:{n}" for n in range(len(protocols))], season.actor_id,
        season.now,
    )  # fmt: skip
    records = [
        (first_id + number, season.actor_id, season.now, audit_record.written(protocol))
        for number, protocol in enumerate(protocols)
    ]
    return rows, records


def _stage(path: Path, season: _Season, plan: _Plan) -> None:
    """Every game's rows in the staging file, as ``staging_rows`` keeps them: games from 0,
    tournament 0, each stage its index (for a worker thread)."""
    rows, records = _rows(season, plan, 0, 0, list(range(len(season.stages))))
    staging_rows.write(path, rows.games, rows.seats, records)


async def _copy_in(tx: Transaction, season: _Season, plan: _Plan, *, staged: bool) -> Imported:
    """The tournament, its stages and new players made, and the rows written: copied from the
    staging file (``staged``), or made now with their ids and written (under the lock)."""
    await _refusal(tx, season)
    now = season.now
    current = await tournament_rows.current_title(tx)
    tournament_id = await tournament_rows.create(
        tx, title=season.title, ruleset_ref=season.ruleset.id, ruleset_data=None,
        created_by=season.actor_id, now=now, request_key=season.request_key, seed=season.seed,
        current=current is None, source_digest=season.digest,
    )  # fmt: skip
    stage_ids = []
    for number, stage in enumerate(season.stages):
        name = FIRST_STAGE if stage == DEFAULT_STAGE and number == 0 else stage
        weight = season.weights.get(stage, Decimal(1))
        stage_ids.append((await tournament_rows.add_stage(tx, tournament_id, name, now, weight)).id)
    for name, key, player_id in plan.new:
        await player_rows.create(tx, name, key, season.actor_id, now, player_id=player_id)
        await player_rows.record(tx, player_id, season.actor_id, now, PlayerAction.IMPORTED,
                                 {"nickname": name})  # fmt: skip
    first_id = await game_rows.next_id(tx)
    if staged:
        schema = tx.attached or staging_rows.SCHEMA
        await game_rows.insert_staged(tx, schema, first_id, tournament_id, stage_ids)
        await audit.append_staged(tx, schema, first_id)
    else:
        rows, records = await asyncio.to_thread(
            _rows, season, plan, first_id, tournament_id, stage_ids
        )
        await game_rows.insert_many(tx, rows)
        await audit.append_many(tx, records)
    known = len(plan.ids) - len(plan.new)
    return Imported(
        tournament_id, season.title, len(season.games), len(plan.new), known, season.ruleset.id,
        current,
    )  # fmt: skip


async def _free_title(reader: Reader, title: str) -> str:
    """«Title (2)», «Title (3)»…: the first that no tournament has."""
    for number in range(2, 1000):
        suffix = f" ({number})"
        candidate = title[: MAX_TITLE - len(suffix)].rstrip() + suffix
        if await tournament_rows.with_title(reader, candidate) is None:
            return candidate
    return title  # a thousand twins: the admin names it himself


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
        fouls=tuple(seat.fouls for seat in game.players),
        technical_fouls=tuple(seat.technical_fouls for seat in game.players),
        removals=tuple(seat.removal for seat in game.players),
    )


# -- what /export and /import do -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OutFile:
    content: bytes
    name: str
    caption: str


class Files:
    """/export and /import: which files go out, and what a file brought in became."""

    def __init__(
        self, importer: Importer, ratings: Ratings, zone: tzinfo, archive: ClubArchive,
        statistics: PlayerStatistics,
    ) -> None:  # fmt: skip
        self.importer = importer
        self.statistics = statistics
        self.ratings = ratings
        self.zone = zone  # the games' end times in the spreadsheet are the club's
        self.archive = archive  # a whole club's file is brought in by its own importer

    async def export(self, args: str | None) -> list[OutFile] | str:
        """The tournament's files (its ruleset file first, when it has one), or why not."""
        try:
            tournament, board = await self.ratings.named_board(args)
        except RatingError as error:
            return error.message
        if not board.game_count:
            return texts.export_empty(tournament.title)
        stem = file_stem(tournament.title)
        files = []
        ruleset, ruleset_name = export_ruleset(board), ruleset_file_name(board)
        if ruleset is not None and ruleset_name is not None:
            files.append(OutFile(ruleset.encode(), ruleset_name, texts.ruleset_caption()))
        caption = texts.export_caption(tournament.title, board.game_count)
        # 40,000 games take half a minute to write: in a worker thread, from a copy taken now,
        # so that everyone else is answered meanwhile.
        frozen = board.frozen()
        logs = await live_rows.logs_of_tournament(self.importer.database, tournament.id)
        text = await asyncio.to_thread(export_protocol, frozen, ruleset_name, logs)
        content, name = await asyncio.to_thread(packed, text, stem)
        if name.endswith(".gz"):
            caption = f"{caption}\n{texts.PACKED}"
        files.append(OutFile(content, name, caption))
        csv_caption = texts.csv_caption(tournament.title)
        table = await asyncio.to_thread(export_csv, frozen)
        files.append(OutFile(table.encode(), f"{stem}.csv", csv_caption))
        counted = await self._statistics(tournament.id)
        if counted:
            rows = statistics_csv(counted)
            caption = texts.statistics_caption(tournament.title)
            files.append(OutFile(rows.encode(), f"{stem}-statistics.csv", caption))
        # ~0.1 s per 1,000 games
        sheet = await asyncio.to_thread(workbook, board, self.zone, counted)
        files.append(OutFile(sheet, f"{stem}.xlsx", texts.xlsx_caption(tournament.title)))
        return files

    async def _statistics(self, tournament_id: int) -> StatisticsRows:
        """The players' statistics over the tournament's games run in the app: by nickname,
        then in the order statistics are defined."""
        rows = await self.statistics.of_tournament(tournament_id)
        order = {statistic.key: n for n, statistic in enumerate(STATISTICS)}
        return sorted(rows, key=lambda row: (row[0].casefold(), order.get(row[1], len(order))))

    async def bring_in(
        self, bot: Bot, file: InFile, title: str, actor_id: int, request_key: str
    ) -> tuple[Screen, InFile | None]:
        """A protocol file as a new tournament: what was imported, or every reason why not; and
        the file again when it waits for another title (the one it came with is taken)."""
        if file.size > MAX_FILE_BYTES:
            return Screen(texts.refused([texts.TOO_BIG], MAX_PROBLEMS_SHOWN)), None
        buffer = io.BytesIO()
        try:
            await bot.download(file.file_id, destination=buffer)
        except TelegramAPIError:
            return Screen(texts.DOWNLOAD_FAILED), None
        raw = buffer.getvalue()
        buffer.close()
        if is_archive(raw):
            try:
                return Screen(await self.archive.bring_in(raw)), None
            except ArchiveRefused as refused:
                return Screen(refused.message), None
            except NotAnArchive:
                pass  # it only looked like one: read as a protocol, which says what is wrong
        try:
            done = await self.importer.run(raw, title, actor_id, request_key)
        except ImportRefused as error:
            return Screen(texts.refused(error.problems, MAX_PROBLEMS_SHOWN)), None
        except SameFile as same:
            return Screen(texts.same_file(same.title)), None
        except TitleTaken as taken:
            choices = column([
                button(texts.import_as_button(taken.suggested), ImportCB(go=True)),
                button(texts.CANCEL_BUTTON, ImportCB(go=False)),
            ])  # fmt: skip
            return Screen(texts.title_taken(taken.taken), choices), replace(
                file, suggested=taken.suggested
            )
        del raw
        release_memory()  # the file and every game parsed from it are gone
        text = texts.imported(
            done.title, done.games, done.players_new, done.players_known, done.ruleset,
            done.current,
        )  # fmt: skip
        if done.current is None:
            return Screen(text), None
        make_current = AdminCB(a=AdminAction.MAKE_CURRENT, t=done.tournament_id, v=NEW_MESSAGE)
        offer = column([button(texts.make_current_button(done.title), make_current)])
        return Screen(text, offer), None


@dataclass(frozen=True, slots=True)
class InFile:
    """A file sent to the bot, as Telegram names it; ``suggested``: the title offered for it
    when the one it came with was taken."""

    file_id: str
    size: int
    suggested: str = ""
