"""Tournaments (or club seasons), their stages, and the ruleset each is scored by.

The rows are ``bot.tables.tournaments``'; this service reads them and checks what people ask.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

from bot.core.clock import Clock
from bot.core.club_scope import club_id
from bot.core.db import Conflict, Database, Transaction
from bot.tables import tournaments as rows
from bot.tables.tournaments import Stage, Tournament, stage_of, tournament_of
from bot.texts import tournaments as texts
from bot.texts.tournaments import FIRST_STAGE, MAX_TITLE
from bot.vocabulary.names import hidden_characters
from scoring.rulesets import BUILT_IN, load_ruleset_file, ruleset_to_mapping

__all__ = ["Stage", "Tournament", "TournamentError", "Tournaments", "ruleset_json"]


class TournamentError(ValueError):
    """A request about tournaments that cannot be done; the message is Russian."""


def ruleset_json(ruleset_ref: str) -> str | None:
    """Built-ins are stored by id; a file's ruleset is stored whole, so later edits of the file
    cannot change the points of games already played."""
    if ruleset_ref in BUILT_IN:
        return None
    ruleset = load_ruleset_file(Path(ruleset_ref))
    return json.dumps(ruleset_to_mapping(ruleset), ensure_ascii=False)


def checked_title(title: str, missing: str) -> str:
    """A title as stored: spacing tidied; refused when empty or too long."""
    title = " ".join(title.split())
    if not title:
        raise TournamentError(missing)
    if len(title) > MAX_TITLE:
        raise TournamentError(texts.TITLE_TOO_LONG)
    if hidden_characters(title):  # the rule of every name a person types, nicknames' too
        raise TournamentError(texts.TITLE_INVISIBLE)
    return title


class Tournaments:
    def __init__(self, database: Database, clock: Clock) -> None:
        self.database = database
        self.clock = clock
        # A stage's row never changes once made and its id is never given again (AUTOINCREMENT):
        # every editor tap and every announcement reads its stage from here, not the database.
        self._stages: dict[int, Stage] = {}

    async def current(self) -> tuple[Tournament, Stage] | None:
        tournament = await self.current_tournament()
        if tournament is None:
            return None
        return tournament, await self.current_stage(tournament.id)

    async def current_tournament(self) -> Tournament | None:
        row = await self.database.fetchone(
            "SELECT * FROM tournaments WHERE club_id = ? AND is_current = 1", (club_id(),)
        )
        return tournament_of(row) if row else None

    async def get(self, tournament_id: int) -> Tournament | None:
        return await rows.get(self.database, tournament_id)

    async def all(self) -> list[Tournament]:
        """Every tournament, the newest first, the archived ones included."""
        found = await self.database.fetchall(
            "SELECT * FROM tournaments WHERE club_id = ? ORDER BY id DESC", (club_id(),)
        )
        return [tournament_of(row) for row in found]

    async def listed(self) -> list[Tournament]:
        """The tournaments the lists show: all but the archived, the newest first."""
        return [tournament for tournament in await self.all() if not tournament.archived]

    async def game_count(self, tournament_id: int) -> int:
        return await rows.game_count(self.database, tournament_id)

    async def stages(self, tournament_id: int) -> list[Stage]:
        found = await self.database.fetchall(
            "SELECT id, name, position, weight FROM stages WHERE tournament_id = ? "
            "ORDER BY position",
            (tournament_id,),
        )
        return [stage_of(row) for row in found]

    async def stage(self, stage_id: int) -> Stage | None:
        kept = self._stages.get(stage_id)
        if kept is not None:
            return kept
        row = await self.database.fetchone(
            "SELECT id, name, position, weight FROM stages WHERE id = ?", (stage_id,)
        )
        if row is None:
            return None
        stage = self._stages[stage_id] = stage_of(row)
        return stage

    async def current_stage(self, tournament_id: int) -> Stage:
        stages = await self.stages(tournament_id)
        return stages[-1]

    async def create(
        self, title: str, ruleset_ref: str, created_by: int, request_key: str | None = None
    ) -> Tournament:
        """A new tournament with its first stage; it becomes the current one.

        ``request_key`` names the request (the update) that asked for it: asked again, the same
        tournament is returned and nothing is created twice."""
        title = checked_title(title, texts.TITLE_MISSING)
        data = ruleset_json(ruleset_ref)
        now = self.clock.iso()
        async with self.database.transaction() as tx:
            done = await rows.by_request(tx, request_key) if request_key else None
            twin = await rows.with_title(tx, title) if done is None else None
            if twin is not None:  # titles are unique: /rating names a tournament by its title
                raise TournamentError(texts.title_taken(twin))
            tournament_id = done or await rows.create(
                tx, title=title, ruleset_ref=ruleset_ref, ruleset_data=data,
                created_by=created_by, now=now, request_key=request_key, first_stage=FIRST_STAGE,
            )  # fmt: skip
        created = await self.get(tournament_id)
        assert created is not None
        return created

    async def make_current(self, tournament_id: int) -> Tournament:
        async with self.database.transaction() as tx:
            if not await rows.exists(tx, tournament_id):
                raise TournamentError(texts.NO_SUCH_TOURNAMENT)
            await rows.make_current(tx, tournament_id)
        current = await self.get(tournament_id)
        assert current is not None
        return current

    async def rename(self, tournament_id: int, title: str) -> tuple[str, Tournament]:
        """The old title and the renamed tournament; a title another tournament has is refused
        (the tournament's own in other letters' case is a rename)."""
        title = checked_title(title, texts.NEW_TITLE_MISSING)
        async with self.database.transaction() as tx:
            old = await self._existing(tx, tournament_id)
            twin = await rows.with_title(tx, title, other_than=tournament_id)
            if twin is not None:
                raise TournamentError(texts.title_taken(twin))
            await rows.rename(tx, tournament_id, title)
        return old.title, await self._got(tournament_id)

    async def archive(self, tournament_id: int) -> Tournament:
        """Out of the lists, its games kept; never the current one (judges enter games into it)."""
        async with self.database.transaction() as tx:
            tournament = await self._existing(tx, tournament_id)
            if tournament.is_current:
                raise TournamentError(texts.CURRENT_NOT_ARCHIVED)
            await rows.set_archived(tx, tournament_id, self.clock.iso())
        return await self._got(tournament_id)

    async def unarchive(self, tournament_id: int) -> Tournament:
        async with self.database.transaction() as tx:
            await self._existing(tx, tournament_id)
            await rows.set_archived(tx, tournament_id, None)
        return await self._got(tournament_id)

    async def remove(self, tournament_id: int) -> str:
        """A tournament without games removed with its stages; its title is returned. One with
        games is refused (archive it), and so is one a judge is entering a game into."""
        async with self.database.transaction() as tx:
            tournament = await self._existing(tx, tournament_id)
            if await rows.game_count(tx, tournament_id):
                raise TournamentError(texts.HAS_GAMES_NOT_REMOVED)
            if await rows.open_drafts(tx, tournament_id):
                raise TournamentError(texts.DRAFT_OPEN)
            await rows.remove(tx, tournament_id)
        self._stages.clear()  # its stages are gone (rare enough to forget them all)
        return tournament.title

    async def _existing(self, tx: Transaction, tournament_id: int) -> Tournament:
        row = await tx.one(
            "SELECT * FROM tournaments WHERE id = ? AND club_id = ?", (tournament_id, club_id())
        )
        if row is None:
            raise TournamentError(texts.NO_SUCH_TOURNAMENT)
        return tournament_of(row)

    async def _got(self, tournament_id: int) -> Tournament:
        found = await self.get(tournament_id)
        if found is None:
            raise TournamentError(texts.NO_SUCH_TOURNAMENT)
        return found

    async def new_stage(self, tournament_id: int, words: str) -> Stage:
        """``/newstage Финал 1.3``: a stage, maybe with its weight (see ``stage_and_weight``)."""
        name, weight = stage_and_weight(words)
        if not name:
            raise TournamentError(texts.STAGE_MISSING)
        if len(name) > MAX_TITLE:
            raise TournamentError(texts.TITLE_TOO_LONG)
        if hidden_characters(name):
            raise TournamentError(texts.TITLE_INVISIBLE)
        try:
            async with self.database.transaction() as tx:
                return await rows.add_stage(tx, tournament_id, name, self.clock.iso(), weight)
        except Conflict:
            raise TournamentError(texts.stage_exists(name)) from None

    async def weights(self, tournament_id: int) -> dict[str, Decimal]:
        """Stage name → weight, for the tournament's stages that weigh other than 1."""
        return await rows.stage_weights(self.database, tournament_id)

    async def set_ruleset(self, tournament_id: int, ruleset_ref: str) -> Tournament:
        """Change the ruleset; only before the first game, so that no result changes under it."""
        data = ruleset_json(ruleset_ref)
        async with self.database.transaction() as tx:
            if not await rows.exists(tx, tournament_id):
                raise TournamentError(texts.NO_SUCH_TOURNAMENT)
            if await rows.game_count(tx, tournament_id):
                raise TournamentError(texts.HAS_GAMES)
            await rows.set_ruleset(tx, tournament_id, ruleset_ref, data)
        changed = await self.get(tournament_id)
        assert changed is not None
        return changed

    async def set_min_games(self, tournament_id: int, value: int | None) -> None:
        async with self.database.transaction() as tx:
            await rows.set_min_games(tx, tournament_id, value)


_WEIGHT = re.compile(r"^([×xх*])?(\d{1,2}(?:[.,]\d{1,3})?)$", re.IGNORECASE)
_TIMES = ("×", "x", "х", "*")
# A last word meant as a weight that is not one (a typo): «×1..3», «*2x», «x1,,3». Refused
# rather than taken into the stage's name: a stage cannot be taken back once games are in it.
_MEANT_AS_WEIGHT = re.compile(r"^(?:[×*]|[xх]\d)", re.IGNORECASE)
MAX_WEIGHT = Decimal(10)


def weight_allowed(weight: Decimal) -> bool:
    """A stage's weight as a club sets it: above 0, up to 10, at most three decimals (the same
    for ``/newstage`` and an imported file)."""
    exponent = weight.as_tuple().exponent
    return (
        weight.is_finite()
        and 0 < weight <= MAX_WEIGHT
        and isinstance(exponent, int)
        and (exponent >= -3 or weight == weight.quantize(Decimal("0.001")))
    )


def stage_and_weight(words: str) -> tuple[str, Decimal]:
    """A stage's name and its weight from «Финал 1.3», «Финал ×2», «Финал × 1,5». A last word
    is a weight when it has a decimal point or a «×» before it: «Этап 2» stays a name. A
    weight that is not a positive number up to 10 is refused, and so is a last word that
    begins like one and is not a number («×1..3»)."""
    parts = words.split()
    if len(parts) >= 3 and parts[-2].casefold() in _TIMES:  # «Финал × 2»
        parts = [*parts[:-2], parts[-2] + parts[-1]]
    found = _WEIGHT.match(parts[-1]) if len(parts) >= 2 else None
    if found is None and len(parts) >= 2 and _MEANT_AS_WEIGHT.match(parts[-1]):
        raise TournamentError(texts.STAGE_WEIGHT_INVALID)
    if found is None or not (found.group(1) or not found.group(2).isdigit()):
        return " ".join(parts), Decimal(1)
    weight = Decimal(found.group(2).replace(",", "."))
    if not weight_allowed(weight):
        raise TournamentError(texts.STAGE_WEIGHT_INVALID)
    return " ".join(parts[:-1]), weight
