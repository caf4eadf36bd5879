"""Random legal games of the live table protocol, played as a judge taps them (``Table``)."""

from __future__ import annotations

import random
from typing import Any

from scoring.live import Kind, LiveState, Phase, refusal, replay


class Table:
    """A random game played by a random judge: each event legal when it is tapped."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.log: list[dict[str, Any]] = []
        self.count = 0

    def tap(self, kind: Kind, **fields: Any) -> dict[str, Any]:
        self.count += 1
        event = {"id": f"e{self.count}", "kind": kind.value, **fields}
        state = replay(self.log)
        assert refusal(state, event) is None, (event, refusal(state, event))
        self.log.append(event)
        return event

    def state(self) -> LiveState:
        return replay(self.log)

    def alive(self) -> list[int]:
        state = self.state()
        return [s for s in range(1, 11) if state.at_table(s)]

    def play(self) -> LiveState:
        rng = self.rng
        roles = rng.sample(range(1, 11), 4)
        for seat, role in zip(roles, ("sheriff", "don", "mafia", "mafia"), strict=True):
            self.tap(Kind.ROLE, seat=seat, role=role)
        if rng.random() < 0.3:  # a slip, tapped again to unmark, and marked right
            other = next(s for s in range(1, 11) if s not in roles)
            self.tap(Kind.ROLE, seat=roles[0], role="sheriff")
            self.tap(Kind.ROLE, seat=other, role="sheriff")
            self.tap(Kind.ROLE, seat=other, role="sheriff")
            self.tap(Kind.ROLE, seat=roles[0], role="sheriff")
        self.tap(Kind.NEXT)
        while not self.state().over:
            self._discipline()
            if self.state().over:
                break
            state = self.state()
            if state.phase is Phase.DAY:
                for seat in rng.sample(self.alive(), rng.randint(0, 3)):
                    if seat not in self.state().nominated and self.state().at_table(seat):
                        self.tap(Kind.NOMINATE, seat=seat)
            elif state.phase is Phase.VOTING:
                nominated = state.nominated
                if nominated:
                    out = [rng.choice(nominated)] if rng.random() < 0.85 else nominated[:2]
                    self.tap(Kind.VOTE, out=out if rng.random() < 0.9 else [])
            elif state.phase is Phase.NIGHT:
                alive = self.alive()
                self.tap(Kind.SHOT, seat=rng.choice(alive) if rng.random() < 0.85 else None)
                for by in ("sheriff", "don"):
                    if rng.random() < 0.5 and not self.state().over:
                        self.tap(Kind.CHECK, by=by, seat=rng.choice(range(1, 11)))
                after = self.state()
                killed = after.first_killed
                red = killed is not None and after.role(killed).team.value == "red"
                if state.round == 1 and red and not after.best_move and rng.random() < 0.7:
                    assert killed is not None
                    guess = rng.sample([s for s in range(1, 11) if s != killed], 3)
                    self.tap(Kind.BEST_MOVE, seats=guess)
            if self.state().over:
                break
            if rng.random() < 0.03:
                self.tap(Kind.END, winner=rng.choice(["red", "black", "draw"]))
                break
            self.tap(Kind.NEXT)
        return self.state()

    def _discipline(self) -> None:
        rng = self.rng
        for _ in range(rng.randint(0, 2)):
            alive = self.alive()
            if self.state().over or not alive:
                return
            seat = rng.choice(alive)
            draw = rng.random()
            if draw < 0.7:
                self.tap(Kind.FOUL, seat=seat)
            elif draw < 0.85:
                self.tap(Kind.TECHNICAL, seat=seat)
            elif draw < 0.95:
                state = self.state()
                if state.fouls[seat - 1] < 4 and state.technical_fouls[seat - 1] < 2:
                    self.tap(Kind.REMOVAL, seat=seat)
            else:
                self.tap(Kind.PPK, seat=seat)
