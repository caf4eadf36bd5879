"""``nights``, ``night_people``, ``night_tables``, ``night_seats``, ``night_games``: club
evenings, their sign-up, their judges' tables, their seating and the games played for it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from bot.core.club_scope import club_id
from bot.core.db import Reader, Transaction
from bot.core.outbox import PostKey
from bot.tables.moved import Archive, Moved, by_id, marks, rows_of, values
from bot.vocabulary.nights import NightStatus, SignupRole
from bot.vocabulary.statuses import GameStatus

POSTS = "night"  # the owner of an evening's kept posts in the club chat


class NightPost(StrEnum):
    """An evening's kept posts in the club chat."""

    SIGNUP = "signup"  # the sign-up lists and their buttons
    SEATING = "seating"  # every round's tables, each marked once played
    RESULTS = "results"  # «Итоги вечера», once it ended


DESK = "night-desk"  # the owner of an evening's head judge's screen, kept in his private chat


FINAL_BY_LOT = "lot"
FINAL_BY_CHOICE = "choice"


def desk_key(night_id: int) -> PostKey:
    """The head judge's screen of the evening, as the outbox redraws it (its end, say)."""
    return PostKey(DESK, night_id, "screen")


SEATING_PARTS = 8  # a tournament day's seating is posted in up to this many messages


def post_key(night_id: int, post: NightPost, part: int = 1) -> PostKey:
    """The post's key; a long seating's ``part`` (from 1) is a message of its own."""
    return PostKey(POSTS, night_id, post.value if part == 1 else f"{post.value}-{part}")


def seating_part(key: PostKey) -> int | None:
    """Which message of the seating the key is (from 1); None: another post."""
    name, _, number = key.part.partition("-")
    if name != NightPost.SEATING.value:
        return None
    if not number:
        return 1
    return int(number) if number.isdigit() and 1 < int(number) <= SEATING_PARTS else None


@dataclass(frozen=True, slots=True)
class Night:
    id: int
    tournament_id: int
    date: str  # YYYY-MM-DD, the club's local date
    starts_at: str  # HH:MM
    rounds: int
    tables: int  # 0: as many as the sign-up fills
    status: NightStatus
    seed: int
    seating_version: str | None
    opened_by: int = 0
    reminded_at: str | None = None  # when its first round's players were reminded
    final_top: int | None = None  # a final: how many of the tournament's top play
    final_seats: str | None = None  # a final's seats: «lot», or «choice» (in order of place)
    tournament_day: bool = False  # seated as a tournament: pairs spread evenly over many rounds
    last_rounds: int = 0  # the last rounds (of ``rounds``) are played at fewer tables …
    last_tables: int = 0  # … at this many

    def table_counts(self, tables: int) -> list[int]:
        """The tables of each round, when the evening has ``tables``: fewer in the last ones."""
        if not self.last_rounds or self.last_tables >= tables:
            return [tables] * self.rounds
        return [tables] * (self.rounds - self.last_rounds) + [self.last_tables] * self.last_rounds

    @property
    def by_choice(self) -> bool:
        """A final whose players choose their seats in order of place."""
        return self.final_top is not None and self.final_seats == FINAL_BY_CHOICE


@dataclass(frozen=True, slots=True)
class Person:
    """One sign-up: a member (``user_id``) or a guest the head judge added (``user_id`` None)."""

    id: int
    user_id: int | None
    player_id: int | None
    nickname: str | None  # the player's, when known
    shown_name: str  # what the lists show until the nickname is known
    role: SignupRole
    coming: bool

    @property
    def name(self) -> str:
        return self.nickname or self.shown_name


def night_of(row: Any) -> Night:
    return Night(
        id=row["id"],
        tournament_id=row["tournament_id"],
        date=row["date"],
        starts_at=row["starts_at"],
        rounds=row["rounds"],
        tables=row["tables"],
        status=NightStatus(row["status"]),
        seed=row["seed"],
        seating_version=row["seating_version"],
        opened_by=row["opened_by"],
        reminded_at=row["reminded_at"],
        final_top=row["final_top"],
        final_seats=row["final_seats"],
        tournament_day=bool(row["tournament_day"]),
        last_rounds=row["last_rounds"],
        last_tables=row["last_tables"],
    )


async def get(tx: Reader, night_id: int) -> Night | None:
    row = await tx.one("SELECT * FROM nights WHERE id = ? AND club_id = ?", (night_id, club_id()))
    return night_of(row) if row else None


async def on_date(tx: Reader, date: str, final: bool = False) -> Night | None:
    """The evening of ``date`` — or its final (a day may have one of each)."""
    row = await tx.one(
        "SELECT * FROM nights WHERE club_id = ? AND date = ? "
        "AND CASE WHEN final_top IS NULL THEN 0 ELSE 1 END = ?",
        (club_id(), date, int(final)),
    )
    return night_of(row) if row else None


async def by_request(tx: Reader, request_key: str) -> Night | None:
    row = await tx.one("SELECT * FROM nights WHERE request_key = ?", (request_key,))
    return night_of(row) if row else None


async def latest_open(tx: Reader) -> Night | None:
    """The newest evening that has not ended."""
    row = await tx.one(
        "SELECT * FROM nights WHERE club_id = ? AND status != ? "
        "ORDER BY date DESC, id DESC LIMIT 1",
        (club_id(), NightStatus.ENDED.value),
    )
    return night_of(row) if row else None


async def latest(tx: Reader) -> Night | None:
    """The newest evening, whatever its state."""
    row = await tx.one(
        "SELECT * FROM nights WHERE club_id = ? ORDER BY date DESC, id DESC LIMIT 1",
        (club_id(),),
    )
    return night_of(row) if row else None


async def create(
    tx: Transaction, *, tournament_id: int, date: str, starts_at: str, rounds: int, tables: int,
    seed: int, opened_by: int, request_key: str, now: str, final_top: int | None = None,
    final_seats: str | None = None, tournament_day: bool = False, last_rounds: int = 0,
    last_tables: int = 0,
) -> int:  # fmt: skip
    return await tx.insert(
        "INSERT INTO nights (club_id, tournament_id, date, starts_at, rounds, tables, seed, "
        "opened_by, request_key, created_at, final_top, final_seats, tournament_day, "
        "last_rounds, last_tables) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (club_id(), tournament_id, date, starts_at, rounds, tables, seed, opened_by, request_key,
         now, final_top, final_seats, int(tournament_day), last_rounds, last_tables),
    )  # fmt: skip


async def set_finalists(
    tx: Transaction, night_id: int, players: list[tuple[int, int | None, str]], now: str
) -> None:
    """A final's players, as the tournament's table orders them now: (player, his member or
    None, nickname). Those no longer in the top leave the list; those in it are coming."""
    chosen = {player for player, _, _ in players}
    for listed in await tx.all(
        "SELECT id, player_id FROM night_people WHERE night_id = ? AND role = ?",
        (night_id, SignupRole.PLAYER.value),
    ):
        if listed["player_id"] not in chosen:
            await tx.execute("UPDATE night_people SET coming = 0 WHERE id = ?", (listed["id"],))
    for player, user_id, nickname in players:
        found = await tx.one(
            "SELECT id FROM night_people WHERE night_id = ? AND player_id = ?", (night_id, player)
        )
        if found is not None:
            await tx.execute("UPDATE night_people SET coming = 1 WHERE id = ?", (found["id"],))
            continue
        await tx.execute(
            "INSERT INTO night_people (night_id, user_id, player_id, shown_name, role, coming, "
            "signed_at) VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (night_id, user_id) DO UPDATE "
            "SET player_id = excluded.player_id, role = excluded.role, coming = 1",
            (night_id, user_id, player, nickname, SignupRole.PLAYER.value, now),
        )


async def set_status(tx: Transaction, night_id: int, status: NightStatus) -> None:
    await tx.execute("UPDATE nights SET status = ? WHERE id = ?", (status.value, night_id))


async def set_tables(tx: Transaction, night_id: int, tables: int) -> None:
    await tx.execute("UPDATE nights SET tables = ? WHERE id = ?", (tables, night_id))


async def set_seated(tx: Transaction, night_id: int, version: str) -> None:
    await tx.execute(
        "UPDATE nights SET status = ?, seating_version = ? WHERE id = ?",
        (NightStatus.SEATED.value, version, night_id),
    )


# -- the sign-up ----------------------------------------------------------------------------------

_PEOPLE = """
SELECT np.*, p.nickname FROM night_people AS np LEFT JOIN players AS p ON p.id = np.player_id
WHERE np.night_id = ? ORDER BY np.id
"""


def _person(row: Any) -> Person:
    return Person(
        id=row["id"],
        user_id=row["user_id"],
        player_id=row["player_id"],
        nickname=row["nickname"],
        shown_name=row["shown_name"],
        role=SignupRole(row["role"]),
        coming=bool(row["coming"]),
    )


async def people(tx: Reader, night_id: int) -> list[Person]:
    """Everyone who tapped or was added, in the order they first did."""
    return [_person(row) for row in await tx.all(_PEOPLE, (night_id,))]


async def sign_up(
    tx: Transaction, night_id: int, user_id: int, player_id: int | None, shown_name: str,
    role: SignupRole, coming: bool, now: str,
) -> None:  # fmt: skip
    """A member's tap: his row, made or changed (he keeps his place in the order). A guest row
    of his player (the head judge's /guest) becomes his: one person, listed once."""
    if player_id is not None:
        written = await tx.execute(
            "UPDATE night_people SET user_id = ?, role = ?, coming = ?, shown_name = ? "
            "WHERE night_id = ? AND player_id = ? AND user_id IS NULL AND NOT EXISTS "
            "(SELECT 1 FROM night_people WHERE night_id = ? AND user_id = ?)",
            (user_id, role.value, int(coming), shown_name, night_id, player_id, night_id, user_id),
        )
        if written:
            return
    await tx.execute(
        "INSERT INTO night_people (night_id, user_id, player_id, shown_name, role, coming, "
        "signed_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (night_id, user_id) DO UPDATE SET "
        "role = excluded.role, coming = excluded.coming, shown_name = excluded.shown_name, "
        "player_id = coalesce(night_people.player_id, excluded.player_id)",
        (night_id, user_id, player_id, shown_name, role.value, int(coming), now),
    )


async def set_coming(tx: Transaction, person_id: int, coming: bool) -> None:
    await tx.execute("UPDATE night_people SET coming = ? WHERE id = ?", (int(coming), person_id))


async def add_guest(tx: Transaction, night_id: int, player_id: int, name: str, now: str) -> bool:
    """A player the head judge adds by nickname; False when he is on the list already."""
    row = await tx.one(
        "SELECT id, coming FROM night_people WHERE night_id = ? AND player_id = ?",
        (night_id, player_id),
    )
    if row is not None:
        if row["coming"]:
            return False
        await tx.execute("UPDATE night_people SET coming = 1 WHERE id = ?", (row["id"],))
        return True
    await tx.execute(
        "INSERT INTO night_people (night_id, user_id, player_id, shown_name, role, coming, "
        "signed_at) VALUES (?, NULL, ?, ?, ?, 1, ?)",
        (night_id, player_id, name, SignupRole.PLAYER.value, now),
    )
    return True


async def link_people(tx: Transaction, user_id: int, player_id: int) -> list[int]:
    """A member's nickname became known: the evenings he signed up for name him; their ids."""
    rows = await tx.all(
        "SELECT np.night_id FROM night_people AS np JOIN nights AS n ON n.id = np.night_id "
        "WHERE n.club_id = ? AND np.user_id = ? AND np.player_id IS NULL "
        "AND n.status != 'ended'",
        (club_id(), user_id),
    )
    await tx.execute(
        "UPDATE night_people SET player_id = ? WHERE user_id = ? AND player_id IS NULL "
        "AND NOT EXISTS (SELECT 1 FROM night_people AS other WHERE other.night_id = "
        "night_people.night_id AND other.player_id = ?)",
        (player_id, user_id, player_id),
    )
    return [int(row[0]) for row in rows]


async def name_person(tx: Transaction, person_id: int, player_id: int) -> None:
    """One signed up without a nickname plays tonight as ``player_id``: a guest row of that
    player (the head judge's /guest) gives way to him, keeping the player's seats."""
    row = await tx.one("SELECT night_id FROM night_people WHERE id = ?", (person_id,))
    if row is None:
        return
    await tx.execute(
        "DELETE FROM night_people WHERE night_id = ? AND player_id = ? AND user_id IS NULL",
        (row[0], player_id),
    )
    await tx.execute(
        "UPDATE night_people SET player_id = ?, coming = 1 WHERE id = ?", (player_id, person_id)
    )


# -- the seating ----------------------------------------------------------------------------------


class NightSeat(NamedTuple):
    """One place of the seating; table 0: the player sits the round out (``seat`` then numbers
    those who do)."""

    round: int
    table: int
    seat: int
    player: int


async def seats(tx: Reader, night_id: int) -> list[NightSeat]:
    """Every place of the seating, by round, table and seat."""
    rows = await tx.all(
        "SELECT round, table_number, seat, player_id FROM night_seats WHERE night_id = ? "
        "ORDER BY round, table_number, seat",
        (night_id,),
    )
    return [NightSeat(row[0], row[1], row[2], row[3]) for row in rows]


async def replace_seats(
    tx: Transaction, night_id: int, from_round: int, rows: list[tuple[int, int, int, int]]
) -> None:
    """The seating of ``from_round`` on becomes ``rows``; earlier rounds stay as they are."""
    await tx.execute(
        "DELETE FROM night_seats WHERE night_id = ? AND round >= ?", (night_id, from_round)
    )
    await tx.executemany(
        "INSERT INTO night_seats (night_id, round, table_number, seat, player_id) "
        "VALUES (?, ?, ?, ?, ?)",
        [(night_id, *row) for row in rows],
    )


async def seat_history(tx: Reader, tournament_id: int) -> dict[int, dict[int, int]]:
    """By player: how many counted games of the tournament he played in each seat."""
    rows = await tx.all(
        "SELECT gs.player_id, gs.seat, count(*) FROM game_seats AS gs "
        "JOIN games AS g ON g.id = gs.game_id WHERE g.tournament_id = ? AND g.status != ? "
        "GROUP BY gs.player_id, gs.seat",
        (tournament_id, "annulled"),
    )
    history: dict[int, dict[int, int]] = {}
    for player_id, seat, count in rows:
        history.setdefault(player_id, {})[seat] = count
    return history


# -- the games of the evening ---------------------------------------------------------------------


async def played(
    tx: Transaction, night_id: int, round_number: int, table: int, game_id: int
) -> None:
    """A game was saved for the evening's seats at ``table`` in ``round_number``."""
    await tx.execute(
        "INSERT INTO night_games (night_id, round, table_number, game_id) "
        "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (night_id, round_number, table, game_id),
    )


async def played_rounds(tx: Reader, night_id: int) -> set[tuple[int, int]]:
    """(round, table) of the evening that have a counted game."""
    rows = await tx.all(
        "SELECT ng.round, ng.table_number FROM night_games AS ng JOIN games AS g "
        "ON g.id = ng.game_id WHERE ng.night_id = ? AND g.status != ?",
        (night_id, GameStatus.ANNULLED.value),
    )
    return {(row[0], row[1]) for row in rows}


async def seated_now(tx: Reader, tournament_id: int) -> Night | None:
    """The tournament's evening being played: seated, not ended (the newest)."""
    row = await tx.one(
        "SELECT * FROM nights WHERE tournament_id = ? AND status = ? ORDER BY date DESC, id DESC "
        "LIMIT 1",
        (tournament_id, NightStatus.SEATED.value),
    )
    return night_of(row) if row else None


async def judges_by_table(tx: Reader, night_id: int) -> dict[int, int]:
    """Table → the judge's user id: those the head judge put at a table, then the judges who
    signed up, in the order they did, at the tables left free."""
    placed = {
        row[0]: row[1]
        for row in await tx.all(
            "SELECT table_number, user_id FROM night_tables WHERE night_id = ?", (night_id,)
        )
    }
    signed = await tx.all(
        "SELECT user_id FROM night_people WHERE night_id = ? AND role = 'judge' AND coming = 1 "
        "AND user_id IS NOT NULL ORDER BY id",
        (night_id,),
    )
    taken = set(placed.values())
    table = 1
    for (user_id,) in signed:
        if user_id in taken:
            continue
        while table in placed:
            table += 1
        placed[table] = user_id
        taken.add(user_id)
    return dict(sorted(placed.items()))


async def judge_table(tx: Reader, night_id: int, user_id: int) -> int | None:
    """The table the judge judges tonight, if any."""
    return next(
        (table for table, judge in (await judges_by_table(tx, night_id)).items()
         if judge == user_id),
        None,
    )  # fmt: skip


async def put_judge(tx: Transaction, night_id: int, table: int, user_id: int) -> None:
    """The judge judges ``table`` tonight (and no other); its judge before is free again."""
    await tx.execute(
        "DELETE FROM night_tables WHERE night_id = ? AND (user_id = ? OR table_number = ?)",
        (night_id, user_id, table),
    )
    await tx.execute(
        "INSERT INTO night_tables (night_id, table_number, user_id) VALUES (?, ?, ?)",
        (night_id, table, user_id),
    )


async def leave_tables(tx: Transaction, night_id: int, user_id: int) -> None:
    """The judge judges no table tonight any more."""
    await tx.execute(
        "DELETE FROM night_tables WHERE night_id = ? AND user_id = ?", (night_id, user_id)
    )


async def night_games(tx: Reader, night_id: int) -> list[tuple[int, int, int]]:
    """(round, table, game id) of the games saved for the evening, in order."""
    rows = await tx.all(
        "SELECT round, table_number, game_id FROM night_games WHERE night_id = ? "
        "ORDER BY round, table_number",
        (night_id,),
    )
    return [(row[0], row[1], row[2]) for row in rows]


async def night_of_game(tx: Reader, game_id: int) -> int | None:
    row = await tx.one("SELECT night_id FROM night_games WHERE game_id = ?", (game_id,))
    return int(row[0]) if row else None


async def to_remind(tx: Reader) -> list[Night]:
    """Seated evenings whose first round's players have not been reminded yet."""
    rows = await tx.all(
        "SELECT * FROM nights WHERE club_id = ? AND status = ? AND reminded_at IS NULL "
        "ORDER BY date, id",
        (club_id(), NightStatus.SEATED.value),
    )
    return [night_of(row) for row in rows]


async def clubs_with_seated(reader: Reader) -> set[int]:
    """The clubs with a seated evening (across clubs, in one read: the scheduler asks only
    these clubs for their evenings' reminders and ends)."""
    rows = await reader.all(
        "SELECT DISTINCT club_id FROM nights WHERE status = ?", (NightStatus.SEATED.value,)
    )
    return {int(row[0]) for row in rows}


async def set_reminded(tx: Transaction, night_id: int, now: str) -> None:
    await tx.execute("UPDATE nights SET reminded_at = ? WHERE id = ?", (now, night_id))


_EVERY_GAME_FINAL = f"""
SELECT n.* FROM nights AS n WHERE n.club_id = ? AND n.status = '{NightStatus.SEATED.value}'
AND EXISTS (SELECT 1 FROM night_seats AS s WHERE s.night_id = n.id AND s.table_number > 0)
AND NOT EXISTS (
    SELECT 1 FROM night_seats AS s WHERE s.night_id = n.id AND s.table_number > 0 AND s.seat = 1
    AND NOT EXISTS (
        SELECT 1 FROM night_games AS ng JOIN games AS g ON g.id = ng.game_id
        WHERE ng.night_id = n.id AND ng.round = s.round AND ng.table_number = s.table_number
        AND g.status = '{GameStatus.FINAL.value}'))
ORDER BY n.date, n.id
"""


async def all_final(tx: Reader) -> list[Night]:
    """Seated evenings whose every seated game is saved and final (its protest window closed,
    no protest waiting): they end by themselves."""
    return [night_of(row) for row in await tx.all(_EVERY_GAME_FINAL, (club_id(),))]


async def end(tx: Transaction, night_id: int, now: str) -> None:
    await tx.execute(
        "UPDATE nights SET status = ?, ended_at = ? WHERE id = ?",
        (NightStatus.ENDED.value, now, night_id),
    )


async def unend(tx: Transaction, night_id: int) -> None:
    """An ended evening goes on: seated again when it has a seating, else its sign-up closed."""
    await tx.execute(
        "UPDATE nights SET ended_at = NULL, status = CASE WHEN EXISTS (SELECT 1 FROM night_seats "
        "WHERE night_id = nights.id) THEN ? ELSE ? END WHERE id = ?",
        (NightStatus.SEATED.value, NightStatus.CLOSED.value, night_id),
    )


async def open_on_date(tx: Reader, date: str, other_than: int) -> bool:
    """Whether another evening of ``date`` is going on (a final opened after its day)."""
    row = await tx.one(
        "SELECT 1 FROM nights WHERE club_id = ? AND date = ? AND id != ? AND status != ?",
        (club_id(), date, other_than, NightStatus.ENDED.value),
    )
    return row is not None


async def table_round(
    tx: Reader, night_id: int, round_number: int, table: int
) -> list[tuple[int, int]]:
    """(seat, player id) of one table in one round, seat 1 first."""
    rows = await tx.all(
        "SELECT seat, player_id FROM night_seats WHERE night_id = ? AND round = ? "
        "AND table_number = ? ORDER BY seat",
        (night_id, round_number, table),
    )
    return [(row[0], row[1]) for row in rows]


# -- a club's archive (bot/moving/archive.py) ------------------------------------------------------

_MOVED_NIGHT = (
    "club_id", "tournament_id", "date", "starts_at", "rounds", "tables", "status", "seed",
    "seating_version", "opened_by", "request_key", "created_at", "ended_at", "reminded_at",
    "final_top", "final_seats", "tournament_day", "last_rounds", "last_tables",
)  # fmt: skip
_MOVED_PERSON = ("night_id", "user_id", "player_id", "shown_name", "role", "coming", "signed_at")
_MOVED_SEAT = ("night_id", "round", "table_number", "seat", "player_id")
_MOVED_TABLE = ("night_id", "table_number", "user_id")
_MOVED_GAME = ("night_id", "round", "table_number", "game_id")
_OF_THE_CLUB = "JOIN nights AS n ON n.id = x.night_id WHERE n.club_id = ?"


async def archived(reader: Reader) -> Archive:
    """The club's evenings with their sign-ups, tables, seats and games, as an archive
    carries them."""
    found = {"nights": rows_of(await reader.all(
        "SELECT * FROM nights WHERE club_id = ? ORDER BY id", (club_id(),)
    ))}  # fmt: skip
    found["night_people"] = rows_of(
        await reader.all(
            f"SELECT x.* FROM night_people AS x {_OF_THE_CLUB} ORDER BY x.id", (club_id(),)
        )
    )
    found["night_seats"] = rows_of(
        await reader.all(f"SELECT x.* FROM night_seats AS x {_OF_THE_CLUB}", (club_id(),))
    )
    found["night_tables"] = rows_of(
        await reader.all(f"SELECT x.* FROM night_tables AS x {_OF_THE_CLUB}", (club_id(),))
    )
    found["night_games"] = rows_of(
        await reader.all(f"SELECT x.* FROM night_games AS x {_OF_THE_CLUB}", (club_id(),))
    )
    return found


async def restore(tx: Transaction, archive: Archive, moved: Moved) -> None:
    """The archive's evenings in the club at hand, with new ids (tournaments, players and games
    moved first)."""
    for row in by_id(archive.get("nights", [])):
        new = await tx.insert(
            f"INSERT INTO nights ({', '.join(_MOVED_NIGHT)}) VALUES ({marks(_MOVED_NIGHT)})",
            values(
                row, _MOVED_NIGHT, club_id=moved.club_id, request_key=None,
                tournament_id=moved.of("tournaments", row.get("tournament_id")),
            ),
        )  # fmt: skip
        moved.new("nights", row["id"], new)

    def night(row: dict[str, Any]) -> Any:
        return moved.of("nights", row["night_id"])

    await tx.executemany(
        f"INSERT INTO night_people ({', '.join(_MOVED_PERSON)}) VALUES ({marks(_MOVED_PERSON)})",
        [
            values(row, _MOVED_PERSON, night_id=night(row),
                   player_id=moved.of("players", row.get("player_id")))
            for row in by_id(archive.get("night_people", []))
        ],
    )  # fmt: skip
    await tx.executemany(
        f"INSERT INTO night_seats ({', '.join(_MOVED_SEAT)}) VALUES ({marks(_MOVED_SEAT)})",
        [
            values(row, _MOVED_SEAT, night_id=night(row),
                   player_id=moved.of("players", row["player_id"]))
            for row in archive.get("night_seats", [])
        ],
    )  # fmt: skip
    await tx.executemany(
        f"INSERT INTO night_tables ({', '.join(_MOVED_TABLE)}) VALUES ({marks(_MOVED_TABLE)})",
        [values(row, _MOVED_TABLE, night_id=night(row)) for row in archive.get("night_tables", [])],
    )
    await tx.executemany(
        f"INSERT INTO night_games ({', '.join(_MOVED_GAME)}) VALUES ({marks(_MOVED_GAME)})",
        [
            values(row, _MOVED_GAME, night_id=night(row), game_id=moved.of("games", row["game_id"]))
            for row in archive.get("night_games", [])
        ],
    )  # fmt: skip
