"""Numbers the engine can compute exactly, whatever a file says."""

from __future__ import annotations

from decimal import Decimal

NUMBER_DIGITS = 6  # digits before and after the point of any number a club would use


def computable(value: Decimal, digits: int = NUMBER_DIGITS) -> bool:
    """A finite number with at most ``digits`` digits before and after its point."""
    if not value.is_finite():
        return False
    if not value:
        return True
    _, figures, exponent = value.as_tuple()  # no arithmetic: 1e999999999 would overflow it
    assert isinstance(exponent, int)
    while len(figures) > 1 and figures[-1] == 0:  # 1.300 is 1.3
        figures, exponent = figures[:-1], exponent + 1
    before = len(figures) + exponent
    after = -exponent if exponent < 0 else 0
    return before <= digits and after <= digits
