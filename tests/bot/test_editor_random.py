"""Random taps and texts never break a draft: the editor keeps it consistent, whatever the order.

Deterministic (seeded) sequences of every button and some texts, valid and not, straight against
the Editor service; any exception other than a refusal for the judge fails the test.
"""

import contextlib
import random

import pytest

from bot.club.games import Games, SaveError
from bot.club.players import PlayerDirectory
from bot.club.tournaments import Tournaments
from bot.core.clock import Clock
from bot.core.db import Database
from bot.core.rights import Member, Right
from bot.entry.drafts import SEATS, Draft, Drafts
from bot.entry.editor import Editor, EntryError
from scoring import Winner, outcome_for, validate_game

ACTIONS = ["seat", "pick", "new", "newall", "goto", "next", "back", "tbl", "role", "reroles",
           "win", "kill", "bm", "ex", "exv", "pen", "bogus"]  # fmt: skip
GOTO = ["players", "table", "roles", "winner", "night", "best_move", "extras", "summary", "edit",
        "nowhere"]  # fmt: skip
INVITED = {
    "players": ["seat", "pick", "next"],
    "roles": ["role"],
    "winner": ["win"],
    "night": ["kill"],
    "best_move": ["bm"],
    "extras": ["ex", "next"],
    "seat": ["exv", "pen", "back"],
    "summary": ["goto"],
    "edit": ["goto"],
}
CLUB = ["Лис", "Лиса", "Сова", "Ёж", "Кот", "Волк", "Рысь", "Барс", "Филин", "Ворон", "Бобр"]
TEXTS = [
    "Лис",
    "Ли",
    "Новый",
    "1 2",
    "0.3",
    "0,05",
    "x" * 40,
    "",
    "\n".join(f"p{i}" for i in range(10)),
]


@pytest.fixture
async def editor(tmp_path):
    database = Database(tmp_path / "club.sqlite3")
    await database.connect()
    await database.migrate()
    clock = Clock()
    async with database.transaction() as connection:
        await connection.execute(
            "INSERT INTO members (user_id, full_name, updated_at) VALUES (1, 'Судья', '')"
        )
    tournaments = Tournaments(database, clock)
    await tournaments.create("Кубок", "rules-8", 1)
    players = PlayerDirectory(database, clock)
    for name in CLUB:
        await players.create(name, 1)
    games = Games(database, clock, tournaments, None)
    yield Editor(Drafts(database, clock), players, games, tournaments, clock)
    await database.close()


def value_for(rng: random.Random, action: str) -> str:
    if action == "goto":
        return rng.choice(GOTO)
    if action == "exv":
        return rng.choice(["0", "0.05", "0.3", "0.7", "0.75", "-0.1", "abc"])
    if action == "pen":
        return rng.choice(["8.5.1", "8.5.2", "8.5.4", "8.5.6.1", "6.4.9"])
    if action == "win":
        return rng.choice(["red", "black", "draw", "nobody"])
    return str(rng.choice([0, 1, 2, 3, 5, 7, 9, 10, 11, -1, 12, 13]))


def check_consistent(draft: Draft, ruleset) -> None:
    seated = [p for p in draft.players if p is not None]
    assert len(seated) == len(set(seated)), "a player sits twice"
    special = [s for s in (draft.sheriff, draft.don, *draft.mafia) if s is not None]
    assert len(special) == len(set(special)) and len(draft.mafia) <= 2
    assert all(s in SEATS for s in special)
    assert len(draft.best_move) <= 3 and draft.first_killed not in draft.best_move
    assert len(set(draft.best_move)) == len(draft.best_move)
    for seat, value in draft.extras.items():
        assert ruleset.is_valid_extra(draft.extra(int(seat))) and value != "0"
        assert draft.winner != Winner.DRAW.value
    if draft.winner and draft.roles_complete:
        for seat in SEATS:
            role = draft.role(seat)
            outcome = outcome_for(role, Winner(draft.winner))
            for code in draft.seat_penalties(seat):
                assert ruleset.penalty(code).applies_to(role, outcome)
    again = Draft.loads(draft.id, draft.dumps())
    assert again == draft


@pytest.mark.parametrize("seed", range(25))
async def test_random_sequences_keep_the_draft_consistent(editor, seed):
    rng = random.Random(seed)
    judge = Member(1, "Судья", frozenset({Right.JUDGE}))
    draft = await editor.new_draft(judge)
    ruleset = (await editor.tournaments.get(draft.tournament_id)).ruleset()
    if seed % 2:  # half the sequences start from a full table, to reach the later steps
        await editor.on_text(draft, "\n".join(CLUB[:10]), judge)
        await editor.on_button(draft, "next", "", judge)
    for _ in range(120):
        try:
            if rng.random() < 0.2:
                await editor.on_text(draft, rng.choice(TEXTS), judge)
            else:
                # Half the taps are the ones the screen invites, so every step gets reached.
                invited = INVITED.get(draft.step)
                action = rng.choice(invited if invited and rng.random() < 0.5 else ACTIONS)
                await editor.on_button(draft, action, value_for(rng, action), judge)
        except EntryError as error:
            assert error.message  # a Russian sentence for the judge, nothing else
        check_consistent(draft, ruleset)
        await editor.context(draft)  # every screen renders from any state
    if not draft.missing():
        score, problems, _ = await editor.games.score(draft)
        assert (score is None) == bool(problems)
        if not problems:
            assert validate_game(draft.to_game("x", "основной"), ruleset) == []


async def test_a_complete_random_draft_saves(editor):
    judge = Member(1, "Судья", frozenset({Right.JUDGE}))
    saved = 0
    for seed in range(40):
        rng = random.Random(1000 + seed)
        draft = await editor.new_draft(judge)
        await editor.on_text(draft, "\n".join(CLUB[:10]), judge)
        for action in ("next", "role", "role", "role", "role"):
            value = str(rng.randint(1, 10))
            with contextlib.suppress(EntryError):
                await editor.on_button(draft, action, value, judge)
        if not draft.roles_complete:
            continue
        await editor.on_button(draft, "win", rng.choice(["red", "black", "draw"]), judge)
        await editor.on_button(draft, "kill", "0", judge)
        await editor.on_button(draft, "goto", "summary", judge)
        await editor.drafts.save(draft)
        try:
            result = await editor.games.save(draft, judge, 10)
        except SaveError:
            continue
        saved += result.created
    assert saved > 0
