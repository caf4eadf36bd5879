"""Random legal games of the live table protocol, played as a judge taps them (``Table``)."""

from __future__ import annotations

import random
from typing import Any

from scoring.live import Kind, LiveState, Phase, refusal, replay


class Table:
    """A random game played by a random judge: each event legal when it is tapped.

    ``layers``: the judge also records who nominated whom, every raised hand (re-votes
    included), each black's shot when they disagree and the leavers' last words — drawn from
    a random source of their own, so the game itself is the one the same seed plays without
    them."""

    def __init__(self, seed: int, layers: bool = False) -> None:
        self.rng = random.Random(seed)
        self.layers = random.Random(seed + 10_000) if layers else None
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

    # -- the optional layers --------------------------------------------------------------------

    def _nominator(self) -> dict[str, Any]:
        state = self.state()
        if self.layers is None or self.layers.random() < 0.1:  # a nomination by nobody noted
            return {}
        done = {by for day, _, by in state.nominations if day == state.round}
        free = [seat for seat in self.alive() if seat not in done]
        return {"by": self.layers.choice(free)} if free else {}

    def _hands(self, nominated: list[int]) -> None:
        """Each at the table raises a hand once a round (some abstain); one re-vote at times,
        and at times the vote to lift everyone."""
        if self.layers is None:
            return
        rounds = 1 + (self.layers.random() < 0.3)
        for number in range(rounds):
            if number:
                self.tap(Kind.REVOTE)
            voters = self.alive()
            self.layers.shuffle(voters)
            candidates: list[int | None] = list(nominated)
            if number and self.layers.random() < 0.5:
                candidates = [None]  # «поднять всех»: the hands for lifting
            for candidate in candidates:
                count = self.layers.randint(0, len(voters))
                hands, voters = voters[:count], voters[count:]
                self.tap(Kind.HANDS, **{"for": candidate, "seats": sorted(hands)})

    def _shooters(self, target: int | None) -> dict[str, Any]:
        if self.layers is None or self.layers.random() < 0.7:  # they agreed: the team's shot
            return {}
        state = self.state()
        blacks = [s for s in self.alive() if state.role(s).team.value == "black"]
        return {"by": [[black, self.layers.choice([target, *self.alive(), None])]
                       for black in blacks]}  # fmt: skip

    def _last_words(self, leaving: list[int]) -> None:
        if self.layers is None:
            return
        state = self.state()
        for seat in leaving:
            if state.over or seat not in state.out or seat in state.last_words:
                continue
            if self.layers.random() < 0.6:
                others = [s for s in range(1, 11) if s != seat]
                called = self.layers.sample(others, self.layers.randint(0, 3))
                split = self.layers.randint(0, len(called))
                self.tap(Kind.LAST_WORDS, seat=seat, black=called[:split], red=called[split:])

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
                        self.tap(Kind.NOMINATE, seat=seat, **self._nominator())
            elif state.phase is Phase.VOTING:
                nominated = state.nominated
                if nominated:
                    self._hands(nominated)
                    out = [rng.choice(nominated)] if rng.random() < 0.85 else nominated[:2]
                    voted = out if rng.random() < 0.9 else []
                    self.tap(Kind.VOTE, out=voted)
                    self._last_words(voted)
            elif state.phase is Phase.NIGHT:
                alive = self.alive()
                target = rng.choice(alive) if rng.random() < 0.85 else None
                self.tap(Kind.SHOT, seat=target, **self._shooters(target))
                self._last_words([target] if target is not None else [])
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
