"""The live table protocol's log (docs/live-log.md): what a judge taps during a game, read into
the game's state — who is at the table, fouls, the phase, the shots and checks — and into the
protocol the scoring core scores. Pure: a list of events in, a state out; no I/O, no clock.

An event is a JSON object with an ``id`` (made on the judge's device) and a ``kind``. The log is
append-only: an undo is an event naming the one it takes back. Reading is a replay from the
start, so a log read twice, or with an event repeated (the same ``id``: only the first counts),
gives the same state. An event that does not fit the state it meets — a foul on a player who
has left, a vote outside a vote, an event after the end — is set aside (``LiveState.skipped``),
not applied: undoing an earlier event can make a later one meaningless, and the replay must
still read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from scoring.model import (
    MAX_FOULS,
    MAX_TECHNICAL_FOULS,
    Game,
    Removal,
    Role,
    SeatEntry,
    Team,
    Winner,
)

SEATS = range(1, 11)
ROLE_LIMITS = {Role.SHERIFF: 1, Role.DON: 1, Role.MAFIA: 2}


class Kind(StrEnum):
    ROLE = "role"  # {seat, role: sheriff | don | mafia}: night 0 only; «civilian» unmarks
    FOUL = "foul"  # {seat}
    TECHNICAL = "technical"  # {seat}
    REMOVAL = "removal"  # {seat}: removed by the judge
    PPK = "ppk"  # {seat}: a team defeat; the game ends, the other team wins
    NOMINATE = "nominate"  # {seat, by?}: put to the vote (day); by: who nominated him (a layer)
    VOTE = "vote"  # {out: [seats]}: who leaves after the vote ([] nobody; several: «поднять всех»)
    HANDS = "hands"  # {for: seat | null, seats: [voters]}: the hands raised for a candidate, or
    # (null) for lifting everyone (the per-hand layer)
    REVOTE = "revote"  # {}: a re-vote begins in this voting (the tied, or «поднять всех»)
    SHOT = "shot"  # {seat | null, by?}: the night's shot, null a miss (night 1 and later); by:
    # [[black seat, his target | null], ...] when the blacks disagreed (the shooters' layer)
    LAST_WORDS = "last_words"  # {seat, black: [seats], red: [seats]}: a leaving player's calls
    CHECK = "check"  # {by: sheriff | don, seat} (night 1 and later)
    BEST_MOVE = "best_move"  # {seats: [three]}: the first-killed's guess
    NEXT = "next"  # {}: the next phase (night → day → vote → night)
    END = "end"  # {winner: red | black | draw}: the judge ends the game
    UNDO = "undo"  # {target: id}: that event taken back


class Phase(StrEnum):
    NIGHT = "night"
    DAY = "day"
    VOTING = "voting"


class Skip(StrEnum):
    """Why an event is set aside: a code the server and the page both return; the sentences are
    the bot's (``bot/texts/live.py``), and reach the page as data (``rules.json``)."""

    GAME_OVER = "game_over"
    ROLES_AT_NIGHT_ZERO = "roles_at_night_zero"
    ROLE_TAKEN = "role_taken"
    NOT_AT_TABLE = "not_at_table"  # the event's seat
    NOMINATE_BY_DAY = "nominate_by_day"
    ALREADY_NOMINATED = "already_nominated"  # the event's seat
    ROLES_BEFORE_PPK = "roles_before_ppk"
    VOTE_AFTER_DAY = "vote_after_day"
    VOTE_AT_TABLE = "vote_at_table"
    NIGHT_ONLY = "night_only"
    SHOT_RECORDED = "shot_recorded"
    CHECK_RECORDED = "check_recorded"
    BEST_MOVE_WHO = "best_move_who"
    BEST_MOVE_RECORDED = "best_move_recorded"
    BEST_MOVE_SELF = "best_move_self"
    ROLES_BEFORE_NEXT = "roles_before_next"
    NOMINATOR_AT_TABLE = "nominator_at_table"
    NOMINATOR_ONCE = "nominator_once"  # the event's «by» nominated today already
    HANDS_FOR_NOMINATED = "hands_for_nominated"
    HANDS_AT_TABLE = "hands_at_table"
    HANDS_ONCE = "hands_once"  # a hand raised twice in one round of the vote
    SHOOTERS = "shooters"
    LAST_WORDS_WHO = "last_words_who"
    LAST_WORDS_RECORDED = "last_words_recorded"


class Layer(StrEnum):
    """What a club may record beyond the game itself (a club option; the log stores the layers
    that were on, so that a statistic counts only games where its layer was recorded)."""

    HANDS = "hands"  # who raised a hand for whom, each round of each vote
    NOMINATORS = "nominators"  # who nominated whom
    SHOOTERS = "shooters"  # each black's shot on a night the blacks disagreed
    LAST_WORDS = "last_words"  # the colours a leaving player called


class Left(StrEnum):
    """How a player left the table."""

    VOTED = "voted"
    SHOT = "shot"
    FOULS = "fouls"  # the fourth foul
    TECHNICAL = "technical"  # the second technical foul
    JUDGE = "judge"  # removed by the judge
    PPK = "ppk"


class Ended(StrEnum):
    """How a game ended."""

    RULE = "rule"  # a team's condition holds at the table
    JUDGE = "judge"  # the judge ended it
    PPK = "ppk"  # a team defeat


@dataclass(frozen=True, slots=True)
class Hands:
    """The hands raised for one candidate (None: for lifting everyone) in one round of a day's
    vote."""

    day: int
    round: int
    candidate: int | None
    voters: tuple[int, ...]


class LogError(ValueError):
    """An event that is not one at all (not an object, no id, an unknown kind or field); the
    message in Russian (a protocol file's refusal names it)."""


@dataclass
class LiveState:
    """A game as its log tells it so far."""

    roles: dict[int, Role] = field(default_factory=dict)  # marked seats; the rest civilians
    phase: Phase = Phase.NIGHT
    round: int = 0  # night 0, day 1, voting 1, night 1, day 2, …
    fouls: list[int] = field(default_factory=lambda: [0] * 10)
    technical_fouls: list[int] = field(default_factory=lambda: [0] * 10)
    removals: list[Removal | None] = field(default_factory=lambda: [None] * 10)
    out: dict[int, Left] = field(default_factory=dict)  # seat → how he left (in order)
    left_at: dict[int, tuple[int, Phase]] = field(default_factory=dict)  # seat → when he left
    nominated: list[int] = field(default_factory=list)  # today's, in order
    nominations: list[tuple[int, int, int | None]] = field(default_factory=list)  # (day, seat, by)
    voting_round: int = 0  # today's vote: 0, then 1, 2, … after each re-vote
    hands: list[Hands] = field(default_factory=list)
    shots: list[tuple[int, int | None]] = field(default_factory=list)  # (night, seat or miss)
    shooters: list[tuple[int, int, int | None]] = field(default_factory=list)  # (night, black, at)
    last_words: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=dict)
    checks: list[tuple[int, str, int]] = field(default_factory=list)  # (night, by, seat)
    best_move: tuple[int, ...] = ()
    winner: Winner | None = None
    ended_by: Ended | None = None
    applied: list[str] = field(default_factory=list)  # ids of the events in effect, in order
    skipped: list[tuple[str, Skip]] = field(default_factory=list)  # (id, why) set aside

    # -- reading ---------------------------------------------------------------------------------

    def role(self, seat: int) -> Role:
        return self.roles.get(seat, Role.CIVILIAN)

    @property
    def roles_complete(self) -> bool:
        marked = list(self.roles.values())
        return all(marked.count(role) == limit for role, limit in ROLE_LIMITS.items())

    def at_table(self, seat: int) -> bool:
        return seat not in self.out

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def first_killed(self) -> int | None:
        """The seat shot on the first night (night 1), if it was not a miss."""
        return next((seat for night, seat in self.shots if night == 1), None)

    @property
    def first_night_done(self) -> bool:
        return any(night == 1 for night, _ in self.shots) or self.round > 1 or self.over

    @property
    def team_defeat(self) -> int | None:
        return next((s for s in SEATS if self.removals[s - 1] is Removal.PPK), None)

    def to_game(self, names: Sequence[str], game_id: str, stage: str) -> Game:
        """The protocol the scoring core scores (no extras or catalogue penalties: the judge adds
        those after the game). ``names``: by seat."""
        if not self.roles_complete or self.winner is None:
            raise LogError("игра не окончена или роли не отмечены")
        seats = tuple(
            SeatEntry(
                names[seat - 1], self.role(seat), fouls=self.fouls[seat - 1],
                technical_fouls=self.technical_fouls[seat - 1], removal=self.removals[seat - 1],
            )
            for seat in SEATS
        )  # fmt: skip
        return Game(
            id=game_id,
            winner=self.winner,
            players=seats,
            stage=stage,
            first_killed=self.first_killed,
            best_move=self.best_move or None,
        )


# -- reading a log ---------------------------------------------------------------------------


def replay(events: Iterable[Mapping[str, Any]]) -> LiveState:
    """The state a log leads to: each event's first copy, undone ones left out, in order."""
    seen: set[str] = set()
    kept: list[Mapping[str, Any]] = []
    for event in events:
        check_event(event)
        if event["id"] not in seen:
            seen.add(event["id"])
            kept.append(event)
    undone = {str(e["target"]) for e in kept if e["kind"] == Kind.UNDO}
    state = LiveState()
    for event in kept:
        if event["kind"] == Kind.UNDO or event["id"] in undone:
            continue
        why = refusal(state, event)
        if why is not None:
            state.skipped.append((event["id"], why))
            continue
        _apply(state, event)
        state.applied.append(event["id"])
    return state


_FIELDS: dict[str, frozenset[str]] = {
    Kind.ROLE: frozenset({"seat", "role"}),
    Kind.FOUL: frozenset({"seat"}),
    Kind.TECHNICAL: frozenset({"seat"}),
    Kind.REMOVAL: frozenset({"seat"}),
    Kind.PPK: frozenset({"seat"}),
    Kind.NOMINATE: frozenset({"seat"}),
    Kind.VOTE: frozenset({"out"}),
    Kind.HANDS: frozenset({"for", "seats"}),
    Kind.REVOTE: frozenset(),
    Kind.SHOT: frozenset({"seat"}),
    Kind.LAST_WORDS: frozenset({"seat", "black", "red"}),
    Kind.CHECK: frozenset({"by", "seat"}),
    Kind.BEST_MOVE: frozenset({"seats"}),
    Kind.NEXT: frozenset(),
    Kind.END: frozenset({"winner"}),
    Kind.UNDO: frozenset({"target"}),
}
_OPTIONAL: dict[str, frozenset[str]] = {  # a layer's field: absent when it is not recorded
    Kind.NOMINATE: frozenset({"by"}),
    Kind.SHOT: frozenset({"by"}),
}
_KINDS = frozenset(kind.value for kind in Kind)
_LAYERS = frozenset(layer.value for layer in Layer)
MAX_ID = 64


def check_event(event: Mapping[str, Any]) -> None:
    """Raise ``LogError`` unless ``event`` is an event: an object with a short text id, a known
    kind and exactly its fields, seats whole numbers 1–10."""
    if not isinstance(event, Mapping):
        raise LogError("событие — объект JSON")
    event_id, kind = event.get("id"), event.get("kind")
    if not isinstance(event_id, str) or not 0 < len(event_id) <= MAX_ID:
        raise LogError(f"«id» события — строка из 1–{MAX_ID} символов")
    if not isinstance(kind, str) or kind not in _KINDS:  # a list or an object is no kind
        raise LogError(f"неизвестный вид события: {str(kind)[:20]!r}")
    given, needed = set(event) - {"id", "kind"}, _FIELDS[kind]
    if not needed <= given <= needed | _OPTIONAL.get(kind, frozenset()):
        named = sorted(needed) + [f"{name}?" for name in sorted(_OPTIONAL.get(kind, ()))]
        raise LogError(f"у события {kind} поля: {', '.join(named) or 'только id и kind'}")
    if kind in (Kind.ROLE, Kind.FOUL, Kind.TECHNICAL, Kind.REMOVAL, Kind.PPK, Kind.NOMINATE,
                Kind.CHECK, Kind.LAST_WORDS):  # fmt: skip
        _seat(event["seat"])
    if kind == Kind.NOMINATE and "by" in event:
        _seat(event["by"])
    elif kind == Kind.SHOT and "by" in event:
        _shooters(event["by"])
    elif kind == Kind.HANDS:
        if event["for"] is not None:
            _seat(event["for"])
        _seats(event["seats"], 0, 10)
    elif kind == Kind.LAST_WORDS:
        _seats(event["black"], 0, 9)
        _seats(event["red"], 0, 9)
        called = [*event["black"], *event["red"]]
        if len(set(called)) != len(called) or event["seat"] in called:
            raise LogError("завещание называет каждого не больше раза и не себя")
    elif kind == Kind.SHOT:
        if event["seat"] is not None:
            _seat(event["seat"])
    elif kind == Kind.VOTE:
        _seats(event["out"], 0, 10)
    elif kind == Kind.BEST_MOVE:
        _seats(event["seats"], 3, 3)
    elif kind == Kind.END and (
        not isinstance(event["winner"], str) or event["winner"] not in {w.value for w in Winner}
    ):
        raise LogError("winner: red, black или draw")
    elif kind == Kind.UNDO and not isinstance(event["target"], str):
        raise LogError("undo называет id события в «target»")
    if kind == Kind.ROLE and event["role"] not in ("sheriff", "don", "mafia", "civilian"):
        raise LogError("role: sheriff, don, mafia или civilian")
    if kind == Kind.CHECK and event["by"] not in ("sheriff", "don"):
        raise LogError("проверка — шерифа (sheriff) или дона (don)")


def _seat(value: Any) -> int:
    if type(value) is not int or value not in SEATS:
        raise LogError("место — целое число от 1 до 10")
    return value


def _shooters(value: Any) -> None:
    if not isinstance(value, list) or not 1 <= len(value) <= 3:
        raise LogError("by выстрела — от 1 до 3 пар [чёрный, цель]")
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise LogError("by выстрела — пары [чёрный, цель или null]")
        _seat(pair[0])
        if pair[1] is not None:
            _seat(pair[1])
    if len({pair[0] for pair in value}) != len(value):
        raise LogError("каждый чёрный стреляет один раз")


def _seats(value: Any, least: int, most: int) -> None:
    if not isinstance(value, list) or not least <= len(value) <= most:
        raise LogError(f"от {least} до {most} мест")
    for seat in value:
        _seat(seat)
    if len(set(value)) != len(value):
        raise LogError("место названо дважды")


def refusal(state: LiveState, event: Mapping[str, Any]) -> Skip | None:
    """Why ``event`` cannot happen in ``state``, or None."""
    kind = event["kind"]
    if state.over and kind != Kind.BEST_MOVE:
        return Skip.GAME_OVER
    seat: Any = event.get("seat")  # checked by check_event where the kind has one
    night0 = state.phase is Phase.NIGHT and state.round == 0
    if kind == Kind.ROLE:
        if not night0:
            return Skip.ROLES_AT_NIGHT_ZERO
        role = Role(event["role"])
        taken = role is not Role.CIVILIAN and state.role(seat) is not role
        if taken and list(state.roles.values()).count(role) >= ROLE_LIMITS[role]:
            return Skip.ROLE_TAKEN
        return None
    if kind in (Kind.FOUL, Kind.TECHNICAL, Kind.REMOVAL, Kind.PPK, Kind.NOMINATE):
        if not state.at_table(seat):
            return Skip.NOT_AT_TABLE
        if kind == Kind.NOMINATE:
            if state.phase is not Phase.DAY:
                return Skip.NOMINATE_BY_DAY
            if seat in state.nominated:
                return Skip.ALREADY_NOMINATED
            return _nominator_refusal(state, event.get("by"))
        if kind == Kind.PPK and not state.roles_complete:
            return Skip.ROLES_BEFORE_PPK
        return None
    if kind in (Kind.VOTE, Kind.HANDS, Kind.REVOTE) and state.phase is not Phase.VOTING:
        return Skip.VOTE_AFTER_DAY
    if kind == Kind.VOTE:
        if any(not state.at_table(s) for s in event["out"]):
            return Skip.VOTE_AT_TABLE
        return None
    if kind == Kind.HANDS:
        return _hands_refusal(state, event["for"], event["seats"])
    if kind == Kind.LAST_WORDS:
        if seat not in state.out:
            return Skip.LAST_WORDS_WHO
        if seat in state.last_words:
            return Skip.LAST_WORDS_RECORDED
        return None
    if kind in (Kind.SHOT, Kind.CHECK):
        if state.phase is not Phase.NIGHT or state.round == 0:
            return Skip.NIGHT_ONLY
        if kind == Kind.SHOT:
            if any(night == state.round for night, _ in state.shots):
                return Skip.SHOT_RECORDED
            if seat is not None and not state.at_table(seat):
                return Skip.NOT_AT_TABLE
            if "by" in event and not all(
                state.at_table(black) and state.role(black).team is Team.BLACK
                for black, _ in event["by"]
            ):
                return Skip.SHOOTERS
        elif any(night == state.round and by == event["by"] for night, by, _ in state.checks):
            return Skip.CHECK_RECORDED
        return None
    if kind == Kind.BEST_MOVE:
        killed = state.first_killed
        if killed is None or state.role(killed).team is not Team.RED:
            return Skip.BEST_MOVE_WHO
        if state.best_move:
            return Skip.BEST_MOVE_RECORDED
        if killed in event["seats"]:
            return Skip.BEST_MOVE_SELF
        return None
    if kind == Kind.NEXT:
        if night0 and not state.roles_complete:
            return Skip.ROLES_BEFORE_NEXT
        return None
    return None  # END


def _nominator_refusal(state: LiveState, by: int | None) -> Skip | None:
    if by is None:
        return None
    if not state.at_table(by):
        return Skip.NOMINATOR_AT_TABLE
    today = state.round
    if any(day == today and who == by for day, _, who in state.nominations):
        return Skip.NOMINATOR_ONCE
    return None


def _hands_refusal(state: LiveState, candidate: int | None, voters: list[int]) -> Skip | None:
    if candidate is not None and candidate not in state.nominated:
        return Skip.HANDS_FOR_NOMINATED
    if any(not state.at_table(voter) for voter in voters):
        return Skip.HANDS_AT_TABLE
    raised = {
        voter
        for hands in state.hands
        if hands.day == state.round and hands.round == state.voting_round
        for voter in hands.voters
    }
    if raised & set(voters):
        return Skip.HANDS_ONCE
    return None


def _apply(state: LiveState, event: Mapping[str, Any]) -> None:
    kind = event["kind"]
    seat: Any = event.get("seat")  # checked by check_event where the kind has one
    if kind == Kind.ROLE:
        role = Role(event["role"])
        if role is Role.CIVILIAN or state.role(seat) is role:
            state.roles.pop(seat, None)  # tapped again: unmarked
        else:
            state.roles[seat] = role
    elif kind == Kind.FOUL:
        state.fouls[seat - 1] += 1
        if state.fouls[seat - 1] >= MAX_FOULS:
            _leave(state, seat, Left.FOULS)
    elif kind == Kind.TECHNICAL:
        state.technical_fouls[seat - 1] += 1
        if state.technical_fouls[seat - 1] >= MAX_TECHNICAL_FOULS:
            _leave(state, seat, Left.TECHNICAL)
    elif kind == Kind.REMOVAL:
        state.removals[seat - 1] = Removal.JUDGE
        _leave(state, seat, Left.JUDGE)
    elif kind == Kind.PPK:
        state.removals[seat - 1] = Removal.PPK
        _leave(state, seat, Left.PPK)
        loser = state.role(seat).team
        state.winner = Winner.BLACK if loser is Team.RED else Winner.RED
        state.ended_by = Ended.PPK
        return
    elif kind == Kind.NOMINATE:
        state.nominated.append(seat)
        state.nominations.append((state.round, seat, event.get("by")))
        return
    elif kind == Kind.HANDS:
        voters = tuple(event["seats"])
        state.hands.append(Hands(state.round, state.voting_round, event["for"], voters))
        return
    elif kind == Kind.REVOTE:
        state.voting_round += 1
        return
    elif kind == Kind.LAST_WORDS:
        state.last_words[seat] = (tuple(event["black"]), tuple(event["red"]))
        return
    elif kind == Kind.VOTE:
        for leaving in event["out"]:
            _leave(state, leaving, Left.VOTED)
    elif kind == Kind.SHOT:
        state.shots.append((state.round, seat))
        for black, target in event.get("by", ()):
            state.shooters.append((state.round, black, target))
        if seat is not None:
            _leave(state, seat, Left.SHOT)
    elif kind == Kind.CHECK:
        state.checks.append((state.round, event["by"], seat))
    elif kind == Kind.BEST_MOVE:
        state.best_move = tuple(event["seats"])
        return
    elif kind == Kind.NEXT:
        _next_phase(state)
        return
    elif kind == Kind.END:
        state.winner = Winner(event["winner"])
        state.ended_by = Ended.JUDGE
        return
    _decide(state)


def _leave(state: LiveState, seat: int, why: Left) -> None:
    if seat not in state.out:
        state.out[seat] = why
        state.left_at[seat] = (state.round, state.phase)
    if seat in state.nominated:
        state.nominated.remove(seat)


def _next_phase(state: LiveState) -> None:
    if state.phase is Phase.NIGHT:
        state.phase, state.round = Phase.DAY, state.round + 1
        state.nominated = []
    elif state.phase is Phase.DAY:
        state.phase, state.voting_round = Phase.VOTING, 0
    else:
        state.phase = Phase.NIGHT
        state.nominated = []


def _decide(state: LiveState) -> None:
    """A team's condition: every black player gone — red wins; as many blacks as reds at the
    table — black wins. Not before the roles are known."""
    if not state.roles_complete or state.over:
        return
    reds = sum(1 for s in SEATS if state.at_table(s) and state.role(s).team is Team.RED)
    blacks = sum(1 for s in SEATS if state.at_table(s) and state.role(s).team is Team.BLACK)
    if blacks == 0:
        state.winner, state.ended_by = Winner.RED, Ended.RULE
    elif blacks >= reds:
        state.winner, state.ended_by = Winner.BLACK, Ended.RULE


# -- a game's log in the protocol file -------------------------------------------------------

LOG_FIELDS = frozenset({"kinds", "events"})
LOG_OPTIONAL = frozenset({"layers"})  # absent in a log made before the layers: none recorded


def check_log(value: Any) -> str | None:
    """Why ``value`` is not a game's ``log`` of the protocol file (docs/live-log.md), in Russian,
    or None: ``{"kinds": [...], "events": [...]}``, each event as the app sent it with the time
    the server took it (``at``)."""
    if not isinstance(value, Mapping) or not LOG_FIELDS <= set(value) <= LOG_FIELDS | LOG_OPTIONAL:
        return "поле «log» — объект с полями «kinds», «events» и, может быть, «layers»"
    layers = value.get("layers", [])
    if not isinstance(layers, list) or not all(layer in _LAYERS for layer in layers):
        return "«log.layers» — список записанных слоёв: " + ", ".join(sorted(_LAYERS))
    kinds, events = value["kinds"], value["events"]
    if not isinstance(kinds, list) or not all(kind in _KINDS for kind in kinds):
        return "«log.kinds» — список видов событий"
    if not isinstance(events, list):
        return "«log.events» — список событий"
    for number, event in enumerate(events, start=1):
        if not isinstance(event, Mapping) or not isinstance(event.get("at"), str):
            return f"событие №{number} в «log» — объект со временем «at»"
        try:
            check_event({key: item for key, item in event.items() if key != "at"})
        except LogError as error:
            return f"событие №{number} в «log»: {error}"
    return None
