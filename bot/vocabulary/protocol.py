"""A game's protocol: what a judge records at the table, and what a saved game is.

An immutable value. The editor replaces it with a changed copy on every tap; the saved game, the
audit record, the scoring input and the announcement are all built from it alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum
from typing import Any, TypeVar

from scoring import Game, Removal, Role, SeatEntry, Team, Winner, removal_cause

SEATS = range(1, 11)
_T = TypeVar("_T")
_NO_EXTRAS: tuple[Decimal, ...] = (Decimal(0),) * 10
_NO_PENALTIES: tuple[tuple[str, ...], ...] = ((),) * 10
_NO_FOULS: tuple[int, ...] = (0,) * 10
_NO_REMOVALS: tuple[Removal | None, ...] = (None,) * 10


class Gap(StrEnum):
    """What can be missing from a protocol before it can be confirmed."""

    PLAYERS = "players"
    ROLES = "roles"
    WINNER = "winner"
    NIGHT = "night"


@dataclass(frozen=True, slots=True)
class Protocol:
    table: int
    number: int
    players: tuple[int | None, ...] = (None,) * 10  # player ids by seat
    sheriff: int | None = None
    don: int | None = None
    mafia: tuple[int, ...] = ()
    winner: Winner | None = None
    first_killed: int | None = None
    night_done: bool = False  # the first-night question was answered ("nobody" included)
    best_move: tuple[int, ...] = ()
    extras: tuple[Decimal, ...] = _NO_EXTRAS  # by seat; 0 = none
    penalties: tuple[tuple[str, ...], ...] = _NO_PENALTIES  # penalty codes by seat
    fouls: tuple[int, ...] = _NO_FOULS  # by seat (SCORING.md, «Discipline»)
    technical_fouls: tuple[int, ...] = _NO_FOULS
    removals: tuple[Removal | None, ...] = _NO_REMOVALS  # by the judge, or a team defeat

    # -- reading -------------------------------------------------------------------------------

    def player(self, seat: int) -> int | None:
        return self.players[seat - 1]

    def seat_of(self, player_id: int) -> int | None:
        return self.players.index(player_id) + 1 if player_id in self.players else None

    def role(self, seat: int) -> Role | None:
        """The seat's role; None while roles are still being marked for an unmarked seat."""
        if seat == self.sheriff:
            return Role.SHERIFF
        if seat == self.don:
            return Role.DON
        if seat in self.mafia:
            return Role.MAFIA
        return Role.CIVILIAN if self.roles_complete else None

    def extra(self, seat: int) -> Decimal:
        return self.extras[seat - 1]

    def seat_penalties(self, seat: int) -> tuple[str, ...]:
        return self.penalties[seat - 1]

    def seat_fouls(self, seat: int) -> int:
        return self.fouls[seat - 1]

    def seat_technical_fouls(self, seat: int) -> int:
        return self.technical_fouls[seat - 1]

    def removal(self, seat: int) -> Removal | None:
        """The removal the judge recorded himself (not one by fouls)."""
        return self.removals[seat - 1]

    def removed(self, seat: int) -> str | None:
        """Why the seat's player left the game, if he was removed («fouls», «technical»,
        «judge», «ppk»)."""
        return removal_cause(self.fouls[seat - 1], self.technical_fouls[seat - 1],
                             self.removals[seat - 1])  # fmt: skip

    def has_discipline(self, seat: int) -> bool:
        return bool(self.seat_fouls(seat) or self.seat_technical_fouls(seat) or self.removal(seat))

    @property
    def team_defeat(self) -> int | None:
        """The seat whose offence lost his team the game (ППК), if any."""
        return next((seat for seat in SEATS if self.removal(seat) is Removal.PPK), None)

    @property
    def players_complete(self) -> bool:
        return None not in self.players

    @property
    def roles_complete(self) -> bool:
        return self.sheriff is not None and self.don is not None and len(self.mafia) == 2

    @property
    def best_move_applies(self) -> bool:
        """Only a red player killed on the first night names a best move (§ best move)."""
        if self.first_killed is None:
            return False
        role = self.role(self.first_killed)
        return role is not None and role.team is Team.RED

    def missing(self) -> list[Gap]:
        """The parts still to be filled in before the protocol is complete."""
        gaps = []
        if not self.players_complete:
            gaps.append(Gap.PLAYERS)
        if not self.roles_complete:
            gaps.append(Gap.ROLES)
        if self.winner is None:
            gaps.append(Gap.WINNER)
        if not self.night_done:
            gaps.append(Gap.NIGHT)
        return gaps

    # -- changing (each returns a new protocol) -------------------------------------------------

    def seat_player(self, seat: int, player_id: int | None) -> Protocol:
        players = list(self.players)
        players[seat - 1] = player_id
        return replace(self, players=tuple(players))

    def with_extra(self, seat: int, value: Decimal) -> Protocol:
        extras = list(self.extras)
        extras[seat - 1] = value.normalize() if value else Decimal(0)
        return replace(self, extras=tuple(extras))

    def with_penalties(self, seat: int, codes: tuple[str, ...]) -> Protocol:
        penalties = list(self.penalties)
        penalties[seat - 1] = codes
        return replace(self, penalties=tuple(penalties))

    def with_discipline(
        self, seat: int, fouls: int, technical_fouls: int, removal: Removal | None
    ) -> Protocol:
        """The seat's fouls, technical fouls and recorded removal replaced (nothing checked:
        the rules are the scoring core's validation)."""
        return replace(
            self,
            fouls=_replaced(self.fouls, seat, fouls),
            technical_fouls=_replaced(self.technical_fouls, seat, technical_fouls),
            removals=_replaced(self.removals, seat, removal),
        )

    # -- for the scoring core -------------------------------------------------------------------

    def to_game(self, game_id: str, stage: str, names: Mapping[int, str] | None = None) -> Game:
        """The protocol for the scoring core. A player is named by his id, which never changes,
        or by ``names`` (player id → nickname: the standings, as an exported file names him)."""
        assert self.winner is not None and not self.missing()
        seats = []
        for seat in SEATS:
            role = self.role(seat)
            assert role is not None
            player = self.player(seat)
            seats.append(
                _seat_entry(
                    player_key(player) if names is None else names[player],  # type: ignore[index]
                    role,
                    self.extra(seat),
                    self.seat_penalties(seat),
                    (self.seat_fouls(seat), self.seat_technical_fouls(seat), self.removal(seat)),
                )
            )
        return Game(
            id=game_id,
            winner=self.winner,
            players=tuple(seats),
            stage=stage,
            first_killed=self.first_killed,
            best_move=self.best_move or None,
        )

    # -- storage --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, complete or not (drafts keep it between taps)."""
        return {
            "table": self.table,
            "number": self.number,
            "players": list(self.players),
            "sheriff": self.sheriff,
            "don": self.don,
            "mafia": list(self.mafia),
            "winner": self.winner.value if self.winner else None,
            "first_killed": self.first_killed,
            "night_done": self.night_done,
            "best_move": list(self.best_move),
            "extras": {str(seat): str(self.extra(seat)) for seat in SEATS if self.extra(seat)},
            "penalties": {
                str(seat): list(self.seat_penalties(seat))
                for seat in SEATS
                if self.seat_penalties(seat)
            },
            # Discipline only where there is some: a draft or game without it reads as before.
            **_by_seat("fouls", self.fouls),
            **_by_seat("technical_fouls", self.technical_fouls),
            **_by_seat("removals", tuple(r.value if r else None for r in self.removals)),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Protocol:
        extras = data.get("extras") or {}
        penalties = data.get("penalties") or {}
        fouls = data.get("fouls") or {}
        technical = data.get("technical_fouls") or {}
        removals = data.get("removals") or {}
        return cls(
            table=int(data["table"]),
            number=int(data["number"]),
            players=tuple(data.get("players") or (None,) * 10),
            sheriff=data.get("sheriff"),
            don=data.get("don"),
            mafia=tuple(data.get("mafia") or ()),
            winner=Winner(data["winner"]) if data.get("winner") else None,
            first_killed=data.get("first_killed"),
            night_done=bool(data.get("night_done")),
            best_move=tuple(data.get("best_move") or ()),
            extras=tuple(Decimal(extras.get(str(seat), "0")) for seat in SEATS),
            penalties=tuple(tuple(penalties.get(str(seat), ())) for seat in SEATS),
            fouls=tuple(int(fouls.get(str(seat), 0)) for seat in SEATS),
            technical_fouls=tuple(int(technical.get(str(seat), 0)) for seat in SEATS),
            removals=tuple(
                Removal(r) if (r := removals.get(str(seat))) else None for seat in SEATS
            ),
        )


def _replaced(values: tuple[_T, ...], seat: int, value: _T) -> tuple[_T, ...]:
    changed = list(values)
    changed[seat - 1] = value
    return tuple(changed)


def _by_seat(key: str, values: tuple[Any, ...]) -> dict[str, dict[str, Any]]:
    """``{key: {seat: value}}`` for the seats with a value, or nothing when no seat has one."""
    kept = {str(seat): value for seat, value in zip(SEATS, values, strict=True) if value}
    return {key: kept} if kept else {}


def player_key(player_id: int | None) -> str:
    return f"p{player_id}"


_SEAT_ENTRIES: dict[tuple[Any, ...], SeatEntry] = {}
_SEAT_ENTRIES_KEPT = 8192


def _seat_entry(
    name: str,
    role: Role,
    extra: Decimal,
    penalties: tuple[str, ...],
    discipline: tuple[int, int, Removal | None],
) -> SeatEntry:
    """Seat entries are immutable and repeat (a player, his role, no extra, no penalty): one
    object for each, so that the kept standings of a season hold a few thousand, not 100,000.
    The extra is told by its digits too: 0.5 and 0.50 are equal but written differently.
    ``discipline``: fouls, technical fouls, the recorded removal."""
    key = (name, role, extra.as_tuple(), penalties, discipline)
    entry = _SEAT_ENTRIES.get(key)
    if entry is None:
        if len(_SEAT_ENTRIES) >= _SEAT_ENTRIES_KEPT:
            _SEAT_ENTRIES.clear()
        entry = _SEAT_ENTRIES[key] = SeatEntry(name, role, extra, penalties, *discipline)
    return entry
