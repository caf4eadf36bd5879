"""The parsers of typed values: any text gives a valid value or a Russian refusal, nothing else."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.club.players import NicknameError, check_new_nickname, clean_nickname, nickname_key
from bot.core.parsing import (
    MAX_TELEGRAM_ID,
    InputError,
    extra_points,
    small_number,
    table_and_game,
    user_reference,
)

CYRILLIC = st.characters(min_codepoint=0x400, max_codepoint=0x4FF)
TRICKY = st.sampled_from(["²", "٣", "NaN", "1e309", "-inf", "--5", "0x10", " ", "\u202e", "\x00"])
PIECES = st.one_of(TRICKY, st.text(alphabet=CYRILLIC, max_size=3), st.text(max_size=3))
TEXT = st.one_of(st.text(), st.lists(PIECES, max_size=8).map("".join))


def _is_russian(message: str) -> bool:
    return any("а" <= char.lower() <= "я" for char in message)


@given(TEXT)
def test_user_reference_is_an_id_in_range_or_a_username(text):
    try:
        value = user_reference(text)
    except InputError as error:
        assert _is_russian(error.message)
        return
    if isinstance(value, int):
        assert 1 <= value < MAX_TELEGRAM_ID
    else:
        assert value.isascii() and 3 <= len(value) <= 32


@given(TEXT)
def test_table_and_game_are_in_range(text):
    try:
        table, number = table_and_game(text)
    except InputError as error:
        assert _is_russian(error.message)
        return
    assert 1 <= table <= 99 and 1 <= number <= 9999


@given(TEXT)
def test_extra_points_are_short_finite_decimals(text):
    try:
        value = extra_points(text)
    except InputError as error:
        assert _is_russian(error.message)
        return
    assert value.is_finite() and abs(value) < 1000


@given(TEXT, st.integers(-5, 5), st.integers(0, 20))
def test_small_number(text, low, high):
    value = small_number(text, low, high)
    assert value is None or low <= value <= high


@given(TEXT)
def test_nicknames_are_clean_or_refused_in_russian(text):
    try:
        nickname = clean_nickname(text)
    except NicknameError as error:
        assert _is_russian(str(error))
        return
    assert 0 < len(nickname) <= 32 and nickname == nickname.strip()
    assert not any(char in nickname for char in "\u202a\u202b\u202c\u202d\u202e\x00\n")
    assert nickname_key(nickname) == nickname_key(nickname.upper().replace("Ё", "Е"))


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("2 5", (2, 5)), ("2, 5", (2, 5)), ("2/5", (2, 5)), (" 10  9999 ", (10, 9999))],
)
def test_table_and_game_forms(typed, expected):
    assert table_and_game(typed) == expected


@pytest.mark.parametrize(
    ("typed", "expected"), [("0.3", "0.3"), ("0,35", "0.35"), ("-0.1", "-0.1"), (".5", "0.5")]
)
def test_extra_forms(typed, expected):
    assert extra_points(typed) == Decimal(expected)


@pytest.mark.parametrize("name", ["1.Сова", "3) Кот", "10 Филин", "7-Волк", "2:Рысь"])
def test_a_new_nickname_cannot_start_with_a_seat(name):
    with pytest.raises(NicknameError):
        check_new_nickname(name)


@pytest.mark.parametrize("name", ["7up", "100500", "11 друзей", "Агент 007"])
def test_numbers_that_are_not_seats_are_fine(name):
    check_new_nickname(name)
