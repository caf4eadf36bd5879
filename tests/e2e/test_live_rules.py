"""The page's copy of the rules (issue 46 §2): logs drawn by Hypothesis — legal games, events out
of place, repeats and undos — read by ``static/live.js`` and by ``scoring/live.py`` into the same
state, reasons included; every mode the judge's page offers has a legal event; the page holds no
rule number or sentence of its own (they come from ``rules.json``)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.live import replay
from tests.browser import BROWSER, PHONE, browser, telegram_page
from tests.harness import dispatcher_world
from tests.live_games import Table
from tests.webapp import APP_URL, app_server

pytestmark = BROWSER  # a real Chromium, one per worker: seconds each

seat = st.integers(1, 10)
EVENT = st.one_of(
    st.just({"kind": "next"}),
    st.builds(
        lambda s, r: {"kind": "role", "seat": s, "role": r},
        seat,
        st.sampled_from(["sheriff", "don", "mafia", "civilian"]),
    ),
    st.builds(
        lambda k, s: {"kind": k, "seat": s},
        st.sampled_from(["foul", "technical", "removal", "ppk", "nominate"]),
        seat,
    ),
    st.builds(lambda out: {"kind": "vote", "out": out}, st.lists(seat, max_size=3, unique=True)),
    st.builds(lambda s: {"kind": "shot", "seat": s}, st.one_of(st.none(), seat)),
    st.builds(
        lambda by, s: {"kind": "check", "by": by, "seat": s},
        st.sampled_from(["sheriff", "don"]),
        seat,
    ),
    st.builds(
        lambda seats: {"kind": "best_move", "seats": seats},
        st.lists(seat, min_size=3, max_size=3, unique=True),
    ),
    st.builds(lambda w: {"kind": "end", "winner": w}, st.sampled_from(["red", "black", "draw"])),
    # the layers (issue 48): a nominator, hands, a re-vote, each black's shot, last words
    st.builds(lambda s, by: {"kind": "nominate", "seat": s, "by": by}, seat, seat),
    st.builds(
        lambda c, v: {"kind": "hands", "for": c, "seats": v},
        st.one_of(st.none(), seat),
        st.lists(seat, max_size=4, unique=True),
    ),
    st.just({"kind": "revote"}),
    st.builds(
        lambda s, by: {"kind": "shot", "seat": s, "by": by},
        st.one_of(st.none(), seat),
        st.lists(
            st.tuples(seat, st.one_of(st.none(), seat)).map(list),
            min_size=1,
            max_size=3,
            unique_by=lambda pair: pair[0],
        ),
    ),
    st.builds(
        lambda s, calls, split: {
            "kind": "last_words",
            "seat": s,
            "black": calls[:split],
            "red": calls[split:],
        },
        seat,
        st.lists(seat, max_size=3, unique=True),
        st.integers(0, 3),
    ).filter(lambda e: e["seat"] not in e["black"] + e["red"]),
    st.just({"kind": "undo"}),
    st.just({"kind": "repeat"}),
)


@st.composite
def logs(draw: st.DrawFn) -> list[dict]:
    """A legal game (``Table``) cut anywhere, with events of any kind put anywhere into it: out
    of place, an undo of an earlier event, a repeat of one (the same id)."""
    table = Table(draw(st.integers(0, 2**32)), layers=draw(st.booleans()))
    table.play()
    log = table.log[: draw(st.integers(0, len(table.log)))]
    for number, event in enumerate(draw(st.lists(EVENT, max_size=8))):
        at = draw(st.integers(0, len(log)))
        before = log[:at]
        if event["kind"] in ("undo", "repeat") and not before:
            continue
        if event["kind"] == "undo":
            target = draw(st.sampled_from(before))["id"]
            log.insert(at, {"id": f"x{number}", "kind": "undo", "target": target})
        elif event["kind"] == "repeat":
            log.insert(at, dict(draw(st.sampled_from(before))))
        else:
            log.insert(at, {"id": f"x{number}", **event})
    return log


def drawn_logs(count: int) -> list[list[dict]]:
    found: list[list[dict]] = []

    @settings(max_examples=count, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(logs())
    def collect(log: list[dict]) -> None:
        found.append(log)

    collect()
    return found


READ = """async (logs) => {
    const live = await import('./live.js');
    const modes = await import('./modes.js');
    const seats = live.SEATS;
    const choices = [[], ...seats.map((x) => [x]), [null]];
    for (const a of seats) for (const b of seats) for (const c of seats)
        if (a < b && b < c) choices.push([a, b, c]);
    return logs.map((log) => {
        const s = live.replay(log);
        const stuck = modes.modesOf(s).filter((mode) => !choices.some((chosen) =>
            live.refusal(s, { id: 'probe', ...modes.eventOf(mode, chosen) }) === null));
        return { state: s, stuck };
    });
}"""


async def test_drawn_logs_read_the_same_and_every_mode_offered_can_be_tapped(tmp_path):
    drawn = drawn_logs(300)
    assert sum(len(replay(log).skipped) > 0 for log in drawn) > 50  # events out of place drawn
    assert sum(replay(log).round >= 2 for log in drawn) > 30  # and games that went on
    async with (
        dispatcher_world(tmp_path, webapp_url=APP_URL) as world,
        app_server(world) as base,
        browser() as launched,
    ):
        page = await telegram_page(launched, base, "", size=PHONE)
        read = await page.evaluate(READ, drawn)
    for log, theirs in zip(drawn, read, strict=True):
        ours, page_state = replay(log), theirs["state"]
        assert [[i, why.value] for i, why in ours.skipped] == page_state["skipped"], log
        assert ours.applied == page_state["applied"], log
        assert {str(k): v.value for k, v in ours.out.items()} == page_state["out"], log
        assert (ours.phase.value, ours.round) == (page_state["phase"], page_state["round"]), log
        assert (ours.winner.value if ours.winner else None) == page_state["winner"], log
        assert (ours.ended_by.value if ours.ended_by else None) == page_state["endedBy"], log
        assert theirs["stuck"] == [], (log, theirs["stuck"])
        assert [list(n) for n in ours.nominations] == page_state["nominations"], log
        assert [[h.day, h.round, h.candidate, list(h.voters)] for h in ours.hands] == page_state[
            "hands"
        ], log
        assert [list(s) for s in ours.shooters] == page_state["shooters"], log
        assert {str(k): [list(b), list(r)] for k, (b, r) in ours.last_words.items()} == (
            page_state["lastWords"]
        ), log
