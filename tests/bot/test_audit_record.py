"""The audit log's record of a protocol (bot/vocabulary/audit_record.py): written, rewritten for
a merge and compared in one place, as values, old records read as their defaults."""

from __future__ import annotations

import json
from decimal import Decimal

from bot.vocabulary import audit_record
from bot.vocabulary.protocol import Protocol
from scoring import Removal, Winner


def protocol(**changes: object) -> Protocol:
    base: dict[str, object] = dict(
        table=1, number=3, players=tuple(range(101, 111)), sheriff=2, don=5, mafia=(7, 9),
        winner=Winner.RED, first_killed=4, night_done=True, best_move=(5, 7, 9),
    )  # fmt: skip
    base.update(changes)
    return Protocol(**base)  # type: ignore[arg-type]


def test_a_record_read_back_is_the_same_protocol_and_no_change():
    record = audit_record.written(protocol())
    assert audit_record.changed_parts(record, record) == []
    assert json.loads(record)["players"][1]["role"] == "sheriff"


def test_an_old_record_without_a_part_is_read_as_its_default_not_as_a_change():
    """The trap of a new per-seat part: records written before it lack it. Here an old record
    without «extra» and «penalties» on its seats equals today's record of the same protocol."""
    today = json.loads(audit_record.written(protocol()))
    old = {**today, "players": [{"player_id": s["player_id"], "role": s["role"]}
                                for s in today["players"]]}  # fmt: skip
    assert audit_record.changed_parts(json.dumps(old), json.dumps(today)) == []


def test_values_are_compared_not_their_spelling():
    extras = tuple(Decimal("0.5") if seat == 1 else Decimal(0) for seat in range(1, 11))
    spelled = json.loads(audit_record.written(protocol(extras=extras)))
    spelled["players"][0]["extra"] = "0.50"
    again = json.dumps(spelled, indent=2)  # another spacing too
    assert audit_record.changed_parts(again, audit_record.written(protocol(extras=extras))) == []


def test_a_change_names_its_parts_game_first_then_per_seat():
    before = audit_record.written(protocol())
    extras = tuple(Decimal("0.3") if seat == 5 else Decimal(0) for seat in range(1, 11))
    after = audit_record.written(protocol(winner=Winner.BLACK, extras=extras))
    assert audit_record.describe_change(before, after) == "winner,extra"
    assert audit_record.describe_change(None, after).startswith("table,number,winner")


def test_every_per_seat_part_written_has_a_default_so_it_is_compared():
    """A new per-seat part written without a default would never count as a change."""
    disciplined = protocol().with_discipline(3, 2, 1, Removal.JUDGE)
    seats = json.loads(audit_record.written(disciplined))["players"]
    assert set(seats[2]) == set(audit_record.SEAT_DEFAULTS)
    assert all(set(seat) <= set(audit_record.SEAT_DEFAULTS) for seat in seats)
    game = set(json.loads(audit_record.written(protocol()))) - {"players"}
    assert game == set(audit_record.GAME_PARTS)


def test_a_merge_gives_the_duplicates_seats_to_the_kept_player():
    before = audit_record.written(protocol())
    after = audit_record.with_player_replaced(before, 104, 999)
    seats = json.loads(after)["players"]
    assert [s["player_id"] for s in seats].count(999) == 1 and seats[3]["player_id"] == 999
    assert audit_record.describe_change(before, after) == "player_id"


def test_discipline_is_written_only_where_set_and_a_change_of_it_is_named():
    """Issue 32: a game saved before discipline existed and one saved after without any have
    the same record; a correction that adds a foul names «fouls», a removal «removal»."""
    plain = audit_record.written(protocol())
    assert "fouls" not in plain and "removal" not in plain
    fouled = audit_record.written(protocol().with_discipline(4, 2, 0, None))
    assert audit_record.describe_change(plain, fouled) == "fouls"
    ppk = protocol(winner=Winner.BLACK).with_discipline(2, 0, 0, Removal.PPK)
    assert audit_record.describe_change(plain, audit_record.written(ppk)) == "winner,removal"
    technical = audit_record.written(protocol().with_discipline(4, 2, 2, None))
    assert audit_record.describe_change(fouled, technical) == "technical_fouls"
